"""The teacher's notebook as the host of a room served elsewhere (issue 36 item 1: "the
teacher's notebook connects as the host with a teacher key"): ``goatwidgets.Room.connect``
to a ``python -m goatwidgets.room`` process runs a class vote to the class's move with the
panel's counts, reveal and the room's public board; a wrong key, a dead address and a
refused command are said plainly; what the room says is shown as text, never as HTML."""

from __future__ import annotations

import asyncio
import socket
import threading
import time

import pytest

from ipywidgets import Button

from goatwidgets import GoatLords
from goatwidgets.games import goat_lords
from goatwidgets.room import Room, RoomError
from goatwidgets.room.host import Host

from tests.room.helpers import DUEL, answers, run, settle, start, stop, students


def until(test, seconds: float = 10.0) -> None:
    """Until ``test()`` holds (the host's status comes on its own thread), at most
    ``seconds``."""
    deadline = time.monotonic() + seconds
    while not test():
        assert time.monotonic() < deadline, "the host's status did not come"
        time.sleep(0.01)


def host_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name == "goatwidgets-room-host"]


def test_the_teachers_notebook_hosts_a_standalone_room_with_the_printed_key():
    process, url, printed = start("--game", "goat_lords", "--players", "2", "--seed", "4")
    host = None
    try:
        host = Room.connect(url, printed["teacher key"])
        assert host.code == printed["join code"] and host.game == "goat_lords"
        assert f"the code <b" in host.html() and printed["join code"] in host.html()
        assert "<svg" in host.html()                       # the QR code, made here

        async def script():
            loop = asyncio.get_running_loop()
            kids = await students(url, printed["join code"], ["Ana", "Bo", "Cy"])
            until(lambda: host.counts == (0, 3))
            await loop.run_in_executor(None, host.vote)
            await settle(None, *kids, mode="open")
            assert "Voting: 0 of 3 have voted." in host.html()
            legal = [m["text"] for m in kids[0].model["legal"]]
            for kid, choice in zip(kids, [legal[0], legal[1], legal[0]]):
                await kid.act(choice)
                await answers(kid)
            until(lambda: host.counts == (3, 3))
            assert "Voting: 3 of 3 have voted." in host.html()
            result = await loop.run_in_executor(None, host.reveal)
            assert result["top"] == legal[0] and result["tally"][0]["count"] == 2
            assert result["tally"][0]["words"] in host.html()
            before = host.traits["version"]
            await loop.run_in_executor(None, host.play_choice)
            await settle(None, *kids, mode="watch")
            # the host's board is the room's public board, as a watching device's
            until(lambda: host.traits["version"] > before)
            until(lambda: host.traits["view"] == kids[0].model["view"])
            assert host.board.view == host.traits["view"]
            # a refused command raises the room's words, and nothing changed
            version = host.traits["version"]
            with pytest.raises(RoomError) as refused:
                await loop.run_in_executor(None, host.play_choice)
            assert refused.value.rule == "vote" and "reveal the vote first" in str(refused.value)
            assert host.traits["version"] == version
            for kid in kids:
                kid.close()
        run(script(), 60)
    finally:
        if host is not None:
            host.close()
        stop(process)
    assert host_threads() == []


def test_a_wrong_key_or_a_dead_address_is_said_plainly_and_leaves_no_thread():
    process, url, printed = start("--game", "floats_mcgoats")
    try:
        with pytest.raises(RoomError) as wrong:
            Host(url, "not-the-key", show=False)
        assert wrong.value.rule == "teacher" and "teacher key" in str(wrong.value)
    finally:
        stop(process)
    with pytest.raises(RoomError) as dead:
        Host(url, printed["teacher key"], show=False, timeout=3)
    assert dead.value.rule == "url" and "could not reach the room" in str(dead.value)
    with pytest.raises(RoomError) as bad:
        Host("file:///etc/passwd", "key", show=False)
    assert bad.value.rule == "url"
    assert host_threads() == []


def test_the_host_runs_a_room_of_one_seat_per_device():
    """The seats' commands from the host: its panel shows each seat's holder and the room's
    line (public words only); pause, a seat to a bot, and a refused Undo."""
    w = GoatLords(state=goat_lords.position(**DUEL))
    room = Room(w, seats="devices", show=False)
    host = None
    try:
        host = Room.connect(room.local_url, room.teacher_key)
        rows = host.status["seats"]
        assert [r["who"] for r in rows] == ["nobody yet"] * 4
        host.pause()
        until(lambda: "Paused." in host.status["line"])
        assert "Paused." in host.html()
        host.give_to_bot(3, "casual")
        until(lambda: host.status["seats"][3]["who"].endswith(" bot"))
        with pytest.raises(RoomError) as refused:
            host.undo()
        assert refused.value.rule == "undo"
        # the host's board is the public table, as a device without a seat gets it
        until(lambda: host.traits.get("version") == room.core.version)
        assert host.traits == room.core.traits()
    finally:
        if host is not None:
            host.close()
        room.close()


def test_what_a_forged_room_says_is_shown_as_text():
    """The notebook trusts the network no more than the room does: a room (or a machine in
    the middle) that sends HTML in its words gets it escaped, a non-http link gets no QR."""
    w = GoatLords(players=2, seed=1)
    room = Room(w, show=False)
    host = Room.connect(room.local_url, room.teacher_key)
    try:
        evil = '<img src=x onerror="alert(1)">'
        host.status = {"type": "projector", "code": evil, "url": evil, "devices": evil,
                       "voted": "<b>", "status": "revealed", "join": "javascript:alert(1)",
                       "seats": [{"name": evil, "who": evil, "deciding": evil}],
                       "line": evil,
                       "result": {"said": evil, "voted": evil, "top": None,
                                  "tally": [{"words": evil, "count": evil}],
                                  "coach": {evil: {"words": evil, "chance": evil,
                                                   "reasons": [{"text": evil,
                                                                "ruling": evil}]}}}}
        shown = host.html()
        assert "<img" not in shown and "<svg" not in shown and "&lt;img" in shown
        host.status = {**host.status, "result": {"tally": 3}}
        assert "can't read" in host.html()
    finally:
        host.close()
        room.close()


def test_the_hosts_panel_says_who_is_away():
    """A remote host's panel hears of a device's connection dropping, as the embedded one."""
    w = GoatLords(players=2, seed=4)
    room = Room(w, seats="devices", show=False)
    host = Room.connect(room.local_url, room.teacher_key)
    try:
        async def script():
            (ana,) = await students(room.url, room.code, ["Ana"])
            until(lambda: host.status["seats"][0]["who"] == "playing")
            ana.close()
            until(lambda: host.status["seats"][0]["who"] == "playing (away)")
            assert "Ana: playing (away)" in host.html()
        run(script(), 30)
    finally:
        host.close()
        room.close()


def test_the_panels_seat_controls_read_the_childrens_names_and_work_from_a_host():
    """The seat controls (the same for an embedded room and a host): the seat dropdown
    reads each seat by its number and the name the panel lists (a child's, once held), and
    the host's "Give the seat to a bot" button does it on the room server."""
    w = GoatLords(state=goat_lords.position(**DUEL))
    room = Room(w, seats="devices")
    host = Room.connect(room.local_url, room.teacher_key)
    try:
        async def script():
            (ana,) = await students(room.url, room.code, ["Ana"])
            assert room._seat_pick.value == 0             # a seat is picked, never blank
            until(lambda: room._seat_pick.options[0] == ("0: Ana", 0))
            until(lambda: host._seat_pick.options[0] == ("0: Ana", 0))
            ana.close()
        run(script(), 30)
        buttons = {b.description: b for row in host.display.children[1:4]
                   for b in row.children if isinstance(b, Button)}
        host._seat_pick.value = 2
        buttons["Give the seat to a bot"].click()
        assert host.problem == ""
        until(lambda: host.status["seats"][2]["who"] == "the casual bot")
        assert 2 in w.table.bots
    finally:
        host.close()
        room.close()


def test_the_hosts_board_is_view_only_and_a_click_on_it_is_said_until_the_next_position():
    """The projector's board of a host moves nothing: it is drawn as a board nobody clicks
    (no Undo, no row of choices), a click on it says why, and the word goes with the next
    position (the room sends only what changed, never an empty error)."""
    w = GoatLords(players=2, seed=4)
    room = Room(w, show=False)
    host = Room.connect(room.local_url, room.teacher_key)
    try:
        assert "gw-view-only" in host.board._dom_classes
        host.board._clicked(host.board, {"type": "act", "action": "x", "version": 1}, [])
        assert "the students move on their devices" in host.board.error
        version = host.board.version
        w.play(str(w.state.legal_actions(0)[0]))
        until(lambda: host.board.version != version)
        assert host.board.error == ""
    finally:
        host.close()
        room.close()


def test_the_host_comes_back_by_itself_after_the_room_server_restarts(tmp_path):
    """#37 item 2, for the teacher's connection: the room server stopped and started again
    (from its save, on its port): the host says it is connecting again, then is back in the
    same room and commands it, with no cell run again."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = str(probe.getsockname()[1])
    save = str(tmp_path / "room.sqlite")
    args = ("--port", port, "--game", "goat_lords", "--players", "2", "--save", save)
    process, url, printed = start(*args)
    host = None
    try:
        host = Room.connect(url, printed["teacher key"])
        stop(process)
        until(lambda: "connecting again" in host.problem)
        assert "connecting again" in host.html()
        process, _, again = start(*args)
        assert again["join code"] == printed["join code"]
        until(lambda: host.problem == "", seconds=20)
        host.vote()
        assert host.status["status"] == "open"
    finally:
        if host is not None:
            host.close()
        if process.poll() is None:
            stop(process)
    assert host_threads() == []
