"""One seat per device (issue 37 item 1): ``Room(widget, seats="devices")``. Each joining device
takes a free person's seat and is sent only that seat's traits; it decides its own decisions on
turn and off turn (a duel answer on the answering device); the projector's board shows the
public table only; bots play the seats nobody holds; the teacher pauses, gives a seat to a bot
and back, undoes by the hot-seat Undo's rules and ends the game. Scripted devices on loopback,
every wait bounded."""

from __future__ import annotations

import asyncio
import json
import re
import threading

import pytest

from goatwidgets import GoatLords
from goatwidgets.engine import GameError
from goatwidgets.games import goat_lords
from goatwidgets.room import Room, RoomError

from tests.room.helpers import DUEL, Student, acted, run, settled, students

def views_seen(student: Student) -> list[dict]:
    return [m["traits"]["view"] for m in student.received
            if m["type"] == "traits" and "view" in m["traits"]]


@pytest.fixture
def table():
    """A 4-player Goat Lords room of one seat per device, seat 3 a bot, and a record of
    every seat's view and the projector's board at each change of the board."""
    w = GoatLords(state=goat_lords.position(**DUEL), bots={3: "casual"})
    room = Room(w, seats="devices")
    seen = {"public": [], "board": [], **{seat: [] for seat in range(4)}}

    def record(_change=None):
        seen["public"].append(w.state.view(None))
        seen["board"].append((w.view, w.legal, w.covered, w.last_move))
        for seat in range(4):
            seen[seat].append(w.state.view(seat))
    record()
    w.observe(record, names="version")
    yield w, room, seen
    room.close()


def test_each_device_holds_its_own_seat_and_sees_only_its_hand(table):
    """Issue 37 item 1, acceptance 1 (without a browser): three devices and a bot; each
    device's every picture is its own seat's view, never another's hand; the projector's
    board is the public table at every update; the bot plays the seat nobody holds."""
    w, room, seen = table

    async def script():
        ana, bo, cy = await students(room.url, room.code, ["Ana", "Bo", "Cy"])
        await settled(room, ana, bo, cy)
        assert [s.model["seat"] for s in (ana, bo, cy)] == [0, 1, 2]
        assert room.core.holder(3) is None and 3 in w.table.bots
        devices = {0: ana, 1: bo, 2: cy}
        for _ in range(8):                                  # play on: whoever decides acts
            await settled(room, ana, bo, cy)
            with room.board_lock:
                if w.state.is_over:
                    break
                seat = w.state.deciders[0]
            await settled(room, ana, bo, cy)                # (the last job's updates)
            me = devices[seat]
            assert me.model["legal"], me.name
            others = [s for s in devices.values() if s is not me
                      and s.model["seat"] not in w.state.deciders]
            assert all(not s.model["legal"] for s in others)   # not their decision: none lit
            await me.act(me.model["legal"][-1]["text"])
            await me.until("traits", lambda m: "view" in m["traits"])
        await settled(room, ana, bo, cy)
        with room.board_lock:                                 # (the board's last job is done)
            pass
        await settled(room, ana, bo, cy)
        assert any(e["seat"] == 3 for e in w.state.history), "the bot never moved"
        for seat, device in devices.items():
            mine = views_seen(device)
            missing = [v for v in mine if v not in seen[seat]]
            assert mine and not missing, (device.name, [
                {k: (x[k], seen[seat][-1][k]) for k in x if x[k] != seen[seat][-1].get(k)}
                for x in missing][:2])
            assert device.model["view"] == w.state.view(seat)
            for other in range(4):                      # no picture of another seat's eyes
                if other != seat:
                    assert not any(v in seen[other] and v["hand"] != [] and
                                   v["hand"] == o["hand"] for v in mine
                                   for o in seen[other] if o not in seen[seat]), (seat, other)
            for v in mine:
                assert set(v) == set(w.state.view(seat)) and v["viewer"] == seat
        for view, legal, covered, _ in seen["board"][1:]:
            assert view["viewer"] is None and "hand" not in view or not view.get("hand")
            assert legal == [] and covered is False
        assert w.view == w.state.view(None)
        for s in (ana, bo, cy):
            s.close()
    run(script(), 60)


def test_a_duel_answer_is_taken_on_the_answering_device(table):
    """GL-R11: seat 0 duels seat 1's Goat Ninja stack on its device; seat 1's device is lit
    with its answers (and seat 0's is not) and answers there, off its turn."""
    w, room, _ = table

    async def script():
        ana, bo, cy = await students(room.url, room.code, ["Ana", "Bo", "Cy"])
        await settled(room, ana, bo, cy)
        await acted(room, ana, "duel 1 ninja", ana, bo, cy)
        assert w.state.deciders == (1,) and w.state.current == 0
        assert {a["text"] for a in bo.model["legal"]} == {"play goatini", "pass"}
        assert ana.model["legal"] == [] and cy.model["legal"] == []
        assert bo.banner["text"].endswith("Your decision.")
        await acted(room, bo, "play goatini", ana, bo, cy)
        assert w.state.history[-1] == {**w.state.history[-1], "seat": 1,
                                       "action": "play goatini"}
        assert w.state.deciders == (0,) and ana.model["legal"]
        for s in (ana, bo, cy):
            s.close()
    run(script(), 60)


def test_a_device_move_runs_on_the_boards_thread_never_the_servers(table):
    """A device's decision runs where the board lives (here the board's own thread), not on
    the room server's thread."""
    w, room, _ = table
    threads = []
    w.on_action(lambda *_: threads.append(threading.current_thread().name))

    async def script():
        (ana,) = await students(room.url, room.code, ["Ana"])
        await ana.act("discard kraken")
        await ana.until("traits", lambda m: "view" in m["traits"])
        ana.close()
    run(script(), 30)
    assert threads and threads[0].startswith("goatwidgets-room-board")
    assert room.server.thread.name not in threads


def test_the_teacher_pauses_gives_a_seat_to_a_bot_and_back_undoes_and_ends(table):
    w, room, _ = table

    async def script():
        ana, bo = await students(room.url, room.code, ["Ana", "Bo"])
        await settled(room, ana, bo)
        room.pause()
        await settled(room, ana, bo)
        assert ana.model["legal"] == [] and "paused" in ana.banner["text"]
        await ana.act("discard kraken")
        error = await ana.error()
        assert error["field"] == "paused" and "paused" in error["text"]
        assert w.state.history == []                          # nothing changed
        room.resume()
        await settled(room, ana, bo)
        await acted(room, ana, "discard kraken", ana, bo)
        assert len(w.state.history) == 1
        # the teacher's Undo: asked for the seat whose move it was (seat 0), by the hot-seat
        # rules: a card was drawn since, so it can't be taken back (and nothing changed)
        with pytest.raises(GameError, match="drawn"):
            room.undo()
        assert len(w.state.history) == 1
        # Ana (seat 0, deciding) looks away for too long: the teacher gives her seat to a bot,
        # which moves at once; her device keeps her seat's eyes, without a move lit
        room.give_to_bot(0, "random")
        await settled(room, ana, bo)
        assert [e["seat"] for e in w.state.history][:2] == [0, 0]
        assert "bot plays your seat" in ana.banner["text"] and ana.model["legal"] == []
        assert ana.model["view"] == w.state.view(0)
        room.give_back(0)
        assert 0 not in w.table.bots
        room.end()
        await settled(room, ana, bo)
        assert "ended the game" in ana.banner["text"] and ana.model["legal"] == []
        await ana.act(ana.model["legal"][0]["text"] if ana.model["legal"] else "pass")
        assert (await ana.error())["field"] in ("ended", "stale message")
        ana.close()
        bo.close()
    run(script(), 60)


def test_the_teachers_undo_takes_back_the_last_persons_move_by_the_hot_seat_rules():
    """Without chance since, the hot-seat Undo lets the seat's own move be taken back: the
    teacher's Undo asks it for that seat and the device sees its position again."""
    s = goat_lords.position(**DUEL)
    w = GoatLords(state=s, bots={3: "casual"})
    room = Room(w, seats="devices")
    try:
        async def script():
            ana, bo = await students(room.url, room.code, ["Ana", "Bo"])
            await settled(room, ana, bo)
            before = ana.model["view"]
            await acted(room, ana, "duel 1 ninja", ana, bo)   # no card drawn: Undo may
            assert bo.model["legal"]
            room.undo()
            await settled(room, ana, bo)
            assert w.state.history == [] and ana.model["view"] == before
            assert bo.model["legal"] == []
            ana.close()
            bo.close()
        run(script(), 30)
    finally:
        room.close()


def test_the_projector_board_takes_no_move_and_never_shows_a_hand(table):
    w, room, _ = table
    with pytest.raises(Exception, match="its own device"):
        w.play("discard kraken")
    with pytest.raises(Exception, match="its own device"):
        w.undo()
    w.uncover()                                     # the cover's button: still the public table
    assert w.view == w.state.view(None) and w.legal == [] and not w.covered
    w._on_front_end_msg(w, {"type": "act", "action": "discard kraken", "version": w.version}, [])
    assert "its own device" in w.error and w.state.history == []


def test_a_device_joining_a_full_table_watches_the_public_table():
    w = GoatLords(players=2, seed=3, bots={1: "casual"})
    room = Room(w, seats="devices")
    try:
        async def script():
            ana, eve = await students(room.url, room.code, ["Ana", "Eve"])
            await settled(room, ana, eve)
            assert ana.model["seat"] == 0 and eve.model["view"] == w.state.view(None)
            await eve.act("pass")
            assert (await eve.error())["field"] == "seat"
            room.assign("Eve", 0)                      # the teacher seats Eve; Ana watches
            await settled(room, ana, eve)
            assert eve.model["view"] == w.state.view(0)
            assert ana.model["view"] == w.state.view(None) and ana.model["legal"] == []
            ana.close()
            eve.close()
        run(script(), 30)
    finally:
        room.close()


def test_seats_devices_is_for_a_games_widget_only():
    from goatwidgets import Lesson  # noqa: F401  (a lesson's board has its own policy)
    with pytest.raises(RoomError, match="seats must be"):
        Room(GoatLords(players=2), seats="phones")


def test_after_the_game_each_device_gets_its_own_seats_review_and_the_teacher_any_seats():
    """Issue 37 item 3: once the game is over (here ended by the teacher) a device asks for
    its review and gets its seat's only (the summary and the flagged moments' words, from
    engine.review.review for that seat); before, it is told to wait; ``room.review(seat)`` is
    the teacher's goatwidgets.Review of any seat."""
    from goatwidgets import Review
    w = GoatLords(state=goat_lords.position(**DUEL), bots={3: "casual"})
    room = Room(w, seats="devices", review_trials=8)
    try:
        async def script():
            ana, bo = await students(room.url, room.code, ["Ana", "Bo"])
            await settled(room, ana, bo)
            await ana.send({"v": 1, "type": "review"})
            assert "when the game is over" in (await ana.error())["text"]
            await acted(room, ana, "duel 1 ninja", ana, bo)
            await acted(room, bo, "play goatini", ana, bo)
            room.end()
            await settled(room, ana, bo)
            assert "Review" in ana.banner["text"] and ana.banner["over"]
            await ana.send({"v": 1, "type": "review"})
            mine = await ana.until("review")
            assert mine["seat"] == 0 and mine["summary"].startswith("Ana")      # (its name)
            assert all(set(m) == {"grade", "entry", "words"} for m in mine["moments"])
            assert not any(m["type"] == "review" for m in bo.received)   # Ana's is hers
            await bo.send({"v": 1, "type": "review"})
            theirs = await bo.until("review")
            assert theirs["seat"] == 1 and theirs["summary"].startswith("Bo")
            ana.close()
            bo.close()
        run(script(), 120)
        review = room.review(1, iterations=8)
        assert isinstance(review, Review)
    finally:
        room.close()


def test_a_simultaneous_layout_is_made_on_every_device_at_once():
    """BattleGoats' layout: every seat decides at once; each device is lit and places on its
    own, the moves sent together, none stale or refused for another's."""
    from goatwidgets import BattleGoats
    w = BattleGoats(players=3, seed=1)
    room = Room(w, seats="devices")
    try:
        async def script():
            devices = await students(room.url, room.code, ["Ana", "Bo", "Cy"])
            await settled(room, *devices)
            assert w.state.deciders == (0, 1, 2) and all(s.model["legal"] for s in devices)
            await asyncio.gather(*(s.act(s.model["legal"][0]["text"]) for s in devices))
            await asyncio.gather(*(s.until(("traits", "error")) for s in devices))
            await settled(room, *devices)
            refused = [m for s in devices for m in s.received if m["type"] == "error"]
            with room.board_lock:       # each taken, none refused as made on an older picture
                assert sorted(e["seat"] for e in w.state.history) == [0, 1, 2], refused
            assert refused == []
            for s in devices:
                assert s.model["view"] == w.state.view(s.model["seat"])
                s.close()
        run(script(), 60)
    finally:
        room.close()


def test_closing_a_seats_room_leaves_no_thread_and_its_board_takes_no_move():
    import time
    w = GoatLords(state=goat_lords.position(**DUEL), bots={3: "casual"})
    room = Room(w, seats="devices", review_trials=4)

    async def script():
        (ana,) = await students(room.url, room.code, ["Ana"])
        await acted(room, ana, "duel 1 ninja", ana)
        ana.close()
    try:
        run(script(), 30)
    finally:
        room.close()
    deadline = time.monotonic() + 10
    while any(t.name.startswith("goatwidgets-room") and str(room.port) in t.name
              for t in threading.enumerate()):
        assert time.monotonic() < deadline, [t.name for t in threading.enumerate()]
        time.sleep(0.02)
    with pytest.raises(GameError, match="room is closed"):
        w.play("pass")
    assert w.view == w.state.view(None)


def test_a_new_game_on_the_board_goes_on_after_an_ended_one():
    w = GoatLords(players=3, seed=2, bots={2: "casual"})
    room = Room(w, seats="devices")
    try:
        async def script():
            (ana,) = await students(room.url, room.code, ["Ana"])
            room.end()
            await settled(room, ana)
            assert ana.banner["over"] and ana.model["legal"] == []
            w.reset(seed=5)                              # the teacher's new game
            await settled(room, ana)
            assert not ana.banner["over"] and ana.model["view"] == w.state.view(0)
            assert ana.model["legal"] and ana.banner["text"].endswith("Your decision.")
            ana.close()
        run(script(), 30)
    finally:
        room.close()


# ---------------------------------------------------------------------- issue 37, defects

def history_of(w) -> list:
    return [(e["seat"], e["action"]) for e in w.state.history]


async def until_moves(w, count: int, seconds: float = 10.0) -> None:
    """Until the board's game holds ``count`` decisions (bounded)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    while len(w.state.history) < count:
        assert loop.time() < deadline, history_of(w)
        await asyncio.sleep(0.01)


def test_paused_means_paused_no_paced_bot_moves_until_resume():
    """Issue 37, "Paused means paused": bots with a pace (their moves one at a time on the
    running loop, as in a notebook: the room is made on this test's loop, its kernel's) make
    no move while the room is paused, nobody is shown thinking; ``resume()`` lets them go on
    from where they were: the same moves as a game never paused, none lost or made twice.
    An ended game's bots stop too."""
    from goatwidgets.engine.table import Table
    bots = {1: "random", 2: "random", 3: "random"}
    ref = Table(goat_lords.position(**DUEL), bots=bots)     # the same game, never paused
    ref.act(0, "discard kraken")
    ref.act(0, "toss lord")
    ref.run_bots()
    expected = [(e["seat"], e["action"]) for e in ref.state.history]
    assert [s for s, _ in expected] == [0, 0, 1, 1, 2, 3]      # four bot moves after Ana's

    async def script():
        w = GoatLords(state=goat_lords.position(**DUEL), bots=bots, bot_pace=0.25)
        room = Room(w, seats="devices")
        try:
            assert room._kernel is not None                    # the bots' loop is this one
            (ana,) = await students(room.url, room.code, ["Ana"])
            await acted(room, ana, "discard kraken", ana)
            await ana.act("toss lord")
            await until_moves(w, 3)                            # the first bot has moved
            room.pause()
            paused_at = history_of(w)
            assert w.table.thinking is None
            await asyncio.sleep(1.5)                           # six paces
            assert history_of(w) == paused_at, "a bot moved while the room was paused"
            await settled(room, ana)
            assert "paused" in ana.banner["text"] and ana.model["thinking"] == -1
            room.resume()
            await until_moves(w, len(expected))
            await asyncio.sleep(0.6)                           # (nothing more comes)
            assert history_of(w) == expected
            await settled(room, ana)
            assert ana.model["legal"] and ana.banner["text"].endswith("Your decision.")
            # the teacher ends the game while the bots play: they stop at once
            await acted(room, ana, "discard lord", ana)
            await ana.act(ana.model["legal"][0]["text"])
            await until_moves(w, len(expected) + 3)
            room.end()
            ended_at = history_of(w)
            await asyncio.sleep(1.0)
            assert history_of(w) == ended_at, "a bot moved after the game was ended"
            ana.close()
        finally:
            room.close()
    run(script(), 60)


def test_paused_means_paused_for_a_bot_given_a_seat_and_after_the_teachers_undo(table):
    """Issue 37, "Paused means paused" (no pace: the bots move inside the teacher's call):
    while paused the teacher may undo and give a deciding seat to a bot, and no bot moves
    until ``resume()``; then it does, once."""
    w, room, _ = table

    async def script():
        ana, bo = await students(room.url, room.code, ["Ana", "Bo"])
        await settled(room, ana, bo)
        await acted(room, ana, "duel 1 ninja", ana, bo)
        room.pause()
        room.undo()                                    # the teacher's Undo, while paused
        assert w.state.history == [] and w.state.deciders == (0,)
        room.give_to_bot(0, "random")                  # seat 0 decides: its bot waits
        await settled(room, ana, bo)
        assert w.state.history == [], "a bot moved while the room was paused"
        assert "paused" in ana.banner["text"]
        room.resume()
        await settled(room, ana, bo)
        assert w.state.history and w.state.history[0]["seat"] == 0
        assert "bot plays your seat" in ana.banner["text"]
        ana.close()
        bo.close()
    run(script(), 30)


def test_seat_names_a_held_seat_reads_with_its_childs_first_name_everywhere(tmp_path):
    """Issue 37, "seat names": in a room of one seat per device a seat a device holds reads
    with the child's first name on the projector, the devices and the log (who is thinking,
    the last move, the prompts), told once in the game's names (``State.rename``), not in
    each message: two children alike are told apart ("Ana", "ANA 2"), a child called You
    reads “You” (never taken for the reader), a seat nobody holds keeps the game's name; a
    seat given to a bot keeps its child's name, a seat given to another device takes that
    child's; the save keeps them, and the game's own names."""
    from goatwidgets.engine.words import is_you
    from goatwidgets.room import saves
    path = tmp_path / "names.sqlite"
    w = GoatLords(state=goat_lords.position(**DUEL), bots={3: "casual"})
    room = Room(w, seats="devices", save=path)
    try:
        async def script():
            ana, you, twin = await students(room.url, room.code, ["Ana", "You", "ANA"])
            await settled(room, ana, you, twin)
            assert w.state.names == ("Ana", "“You”", "ANA 2", "Player 4")
            assert not any(is_you(name) for name in w.state.names)
            assert you.model["names"] == list(w.state.names) == w.names
            assert you.banner["text"] == "You play “You”. Waiting for Ana."
            await acted(room, ana, "duel 1 ninja", ana, you, twin)
            for device in (ana, twin):                   # the others read who decides now
                assert "“You”" in device.model["view"]["prompt"], device.model["view"]
                assert "Ana" in device.model["last_move"]["said"]
                assert device.banner["text"].endswith("Waiting for “You”.")
            assert any("Ana" in line for line in twin.model["game_log"])
            panel = room._seats_html()
            assert "Ana: playing" in panel and "ANA 2: played by ANA" in panel
            assert "Waiting for “You”" in panel and "Player 4: the casual bot" in panel
            for device in (ana, you, twin):
                seen = json.dumps([device.model, device.banner])
                assert not re.search(r"Player [123]", seen), device.name
            room.give_to_bot(0, "random")               # Ana's seat to a bot: still Ana's
            await settled(room, ana, you, twin)
            assert w.state.names[0] == "Ana" and "the random bot, for Ana" in room._seats_html()
            room.give_back(0)
            eve = (await students(room.url, room.code, ["Eve"]))[0]
            room.assign("Eve", 0)                       # Eve takes Ana's seat; Ana watches
            await settled(room, ana, you, twin, eve)
            assert w.state.names == ("Eve", "“You”", "ANA", "Player 4")
            assert eve.banner["text"].startswith("You play Eve.")
            assert "Eve" in ana.model["view"]["names"] and "Ana" not in ana.model["view"]["names"]
            for s in (ana, you, twin, eve):
                s.close()
        run(script(), 60)
        with room.board_lock:
            kept = saves.load(path)
            assert kept.state.names == w.state.names and kept.state.log_for(None) == \
                w.state.log_for(None)
            assert kept.given_names == ["Player 1", "Player 2", "Player 3", "Player 4"]
    finally:
        room.close()
    again = Room(GoatLords(players=4, bots={3: "casual"}), seats="devices", save=path)
    try:                                                # taken up: the same names
        assert again.board.state.names == ("Eve", "“You”", "ANA", "Player 4")
        assert again._given == ("Player 1", "Player 2", "Player 3", "Player 4")
    finally:
        again.close()


def test_paused_means_paused_until_resume_or_the_room_is_closed():
    """Issue 37, "Paused means paused": a room closed while paused leaves no bot waiting for
    ever: the board's next room lets the bot that waited go on (once)."""
    from goatwidgets.engine.table import Table
    ref = Table(goat_lords.position(**DUEL), bots={0: "random", 3: "casual"})
    ref.run_bots()                                 # the same bots, never paused
    w = GoatLords(state=goat_lords.position(**DUEL), bots={3: "casual"})
    room = Room(w, seats="devices")
    room.pause()
    room.give_to_bot(0, "random")                  # seat 0 decides: its bot waits
    assert w.state.history == []
    room.close()
    assert w.state.history == []                   # closing moves nothing
    again = Room(w, seats="devices")               # the cell run again
    try:
        assert history_of(w) == [(e["seat"], e["action"]) for e in ref.state.history]
        assert w.state.history[0]["seat"] == 0
    finally:
        again.close()


def test_the_projectors_board_is_drawn_as_a_board_nobody_clicks():
    """One seat per device: the teacher's board is the public table that takes no move, drawn
    as such (``gw-view-only``: whose turn said once, no Undo, no row of choices)."""
    w = GoatLords(state=goat_lords.position(**DUEL), bots={3: "casual"})
    assert "gw-view-only" not in w._dom_classes
    room = Room(w, seats="devices", show=False)
    try:
        assert "gw-view-only" in w._dom_classes
    finally:
        room.close()
