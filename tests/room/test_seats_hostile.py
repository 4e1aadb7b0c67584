"""Hostile clients on seat actions (issue 37 acceptance 3, the class-room issue's hostile tests
on seats): another seat's move or Undo, a forged seat, another device's token, a stale click,
a move while paused, the teacher's commands from a device; each refused with a clear word,
nothing changed, and the room still answers the others. And a slow or dead device holds up
nobody beyond the game's own rules: the teacher gives its seat to a bot (acceptance 2).
Loopback only, every wait bounded."""

from __future__ import annotations

import asyncio
import base64
import json
import os
import socket

import pytest

from goatwidgets import GoatLords
from goatwidgets.games import goat_lords
from goatwidgets.room import Room

from tests.room.helpers import DUEL, Student, acted, run, settled, students


@pytest.fixture
def seated():
    w = GoatLords(state=goat_lords.position(**DUEL), bots={3: "casual"})
    room = Room(w, seats="devices")
    yield w, room
    room.close()


@pytest.mark.parametrize("who, content, field, words", [
    ("bo", {"type": "act", "action": "duel 1 ninja"}, "turn order", "decision"),
    ("bo", {"type": "act", "action": "duel 1 ninja", "seat": 0}, "turn order", "decision"),
    ("bo", {"type": "start", "action": "duel"}, "turn order", "not your decision"),
    ("ana", {"type": "act", "action": "play goatini"}, "GL-R11", "nothing asks for it"),
    ("ana", {"type": "new"}, "new", "teacher starts"),
    ("ana", {"type": "suggest"}, "suggest", "coach"),
    ("ana", {"type": "uncover"}, "uncover", "never covered"),
], ids=["another-seats-move", "forged-seat", "another-seats-click", "not-in-hand", "new-game",
        "coach", "uncover"])
def test_a_seat_action_not_its_own_is_refused_and_changes_nothing(seated, who, content,
                                                                   field, words):
    w, room = seated

    async def script():
        ana, bo = await students(room.url, room.code, ["Ana", "Bo"])
        await settled(room, ana, bo)
        me = {"ana": ana, "bo": bo}[who]
        await me.page({**content, "version": me.model["version"]})
        error = await me.error()
        assert error["field"] == field and words in error["text"], error
        assert room.core.by_id[me.device].error == error["text"]   # its page shows it
        assert w.state.history == []                      # nothing changed
        await acted(room, ana, "duel 1 ninja", ana, bo)   # the room still answers
        assert w.state.history[-1]["action"] == "duel 1 ninja"
        ana.close()
        bo.close()
    run(script(), 30)


def test_a_forged_seat_field_or_a_teachers_command_from_a_device_is_refused(seated):
    w, room = seated

    async def script():
        (ana,) = await students(room.url, room.code, ["Ana"])
        await ana.send({"v": 1, "type": "page", "seat": 1, "content": {
            "type": "act", "action": "discard kraken", "version": ana.model["version"]}})
        assert (await ana.error())["field"] == "seat"
        for do in ("pause", "bot", "assign", "end"):
            await ana.send({"v": 1, "type": "host", "do": do})
            assert (await ana.error())["field"] == "teacher"
        assert w.state.history == [] and not room.core.paused and not room.core.ended
        ana.close()
    run(script(), 30)


def test_another_seats_undo_and_a_stale_click_are_refused(seated):
    w, room = seated

    async def script():
        ana, bo = await students(room.url, room.code, ["Ana", "Bo"])
        await settled(room, ana, bo)
        old = ana.model["version"]
        await acted(room, ana, "duel 1 ninja", ana, bo)
        await bo.page({"type": "undo", "version": bo.model["version"]})
        error = await bo.error()
        assert error["field"] == "undo" and "your own moves" in error["text"]
        await ana.page({"type": "act", "action": "discard kraken", "version": old})
        assert (await ana.error())["field"] == "stale message"
        assert [e["action"] for e in w.state.history] == ["duel 1 ninja"]
        await acted(room, ana, "pass", ana, bo)           # not Ana's decision: refused
        assert room.core.by_id[ana.device].error and len(w.state.history) == 1
        ana.close()
        bo.close()
    run(script(), 30)


def test_another_devices_token_is_that_device_only_and_a_made_up_one_is_refused(seated):
    w, room = seated

    async def script():
        ana, bo = await students(room.url, room.code, ["Ana", "Bo"])
        await settled(room, ana, bo)
        eve = Student(room.url, "Eve")
        eve.token = bo.token                              # Bo's token, copied
        await eve.connect()
        assert await bo.closed() == 4009                  # Bo's screen stops, says why
        assert eve.model["seat"] == 1 and eve.model["legal"] == []
        await eve.page({"type": "act", "action": "duel 1 ninja",
                        "version": eve.model["version"]})
        assert (await eve.error())["field"] == "turn order"   # still not seat 0's
        made_up = await Student(room.url, "Mal").connect(hello=False)
        await made_up.send({"v": 1, "type": "hello", "token": "x" * 32})
        assert await made_up.closed() == 4004
        assert w.state.history == []
        ana.close()
        eve.close()
    run(script(), 30)


def raw_device(port: int, token: str) -> socket.socket:
    """A device that says hello and then never reads again (a frozen tab)."""
    raw = socket.create_connection(("127.0.0.1", port), timeout=10)
    raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    key = base64.b64encode(os.urandom(16)).decode()
    raw.sendall((f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                 f"Origin: http://127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                 f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                 "Sec-WebSocket-Version: 13\r\n\r\n").encode())
    assert raw.recv(1024).startswith(b"HTTP/1.1 101")
    hello = json.dumps({"v": 1, "type": "hello", "token": token}).encode()
    mask = os.urandom(4)
    raw.sendall(bytes([0x81, 0x80 | len(hello)]) + mask
                + bytes(b ^ mask[i % 4] for i, b in enumerate(hello)))
    return raw


def test_a_dead_device_holds_up_nobody_the_teacher_gives_its_seat_to_a_bot(seated):
    """Seat 0's device froze (never reads) while seat 0 decides: the game waits for it, as
    its rules say, and the others' screens still get every update at once; the teacher gives
    the seat to a bot, which plays on, and the others see it at once (within 3 s here, on a
    shared machine)."""
    w, room = seated

    async def script():
        ana, bo, cy = await students(room.url, room.code, ["Ana", "Bo", "Cy"])
        await settled(room, ana, bo, cy)
        ana.close()
        frozen = raw_device(room.port, ana.token)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 10
        while ana.device not in room.server.connections:
            assert loop.time() < deadline
            await asyncio.sleep(0.01)
        room.pause()                                      # updates flow to every device
        room.resume()
        await settled(room, bo, cy, seconds=5.0)          # the others are not held up
        assert w.state.history == [] and w.state.deciders == (0,)
        start = loop.time()
        room.give_to_bot(0, "random")
        await settled(room, bo, cy, seconds=5.0)
        assert loop.time() - start < 3.0
        assert w.state.history and w.state.history[0]["seat"] == 0
        assert bo.model["view"] == w.state.view(1)
        frozen.close()
        bo.close()
        cy.close()
    run(script(), 30)


def test_a_device_cant_peek_at_a_face_down_card_and_take_the_move_back():
    """The hot-seat Undo's rule (never back past a card shown): in Grab Your Goat, a path
    played onto a face-down card takes that card into the hand; Undo must then be refused."""
    import random

    from goatwidgets import GrabYourGoat
    from goatwidgets.games import grab_your_goat
    s = grab_your_goat.new_game(players=2, seed=3)
    rng = random.Random(3)
    for _ in range(8):
        seat = s.deciders[0]
        s.apply(rng.choice(s.legal_actions(seat)), seat=seat)
    s.apply("goat n", seat=0)
    w = GrabYourGoat(state=s)
    room = Room(w, seats="devices")
    try:
        async def script():
            (ana,) = await students(room.url, room.code, ["Ana"])
            await acted(room, ana, "play corner b1", ana)
            assert "wheat" in ana.model["view"]["hand"]      # the hidden card, now seen
            await ana.page({"type": "undo", "version": ana.model["version"]})
            answer = await ana.until(("traits", "error"))
            assert answer["type"] == "error" and answer["field"] == "undo", answer
            ana.close()
        run(script(), 30)
    finally:
        room.close()


def test_the_teachers_connection_commands_the_seats(seated):
    """The standalone room's teacher (a connection with the key): pause, resume, a seat to a
    bot and back, a device to a seat; a bad seat is said on the projector, nothing changed."""
    w, room = seated

    async def script():
        ana, bo = await students(room.url, room.code, ["Ana", "Bo"])
        await settled(room, ana, bo)
        teacher = await Student(room.url, "Teacher").connect(hello=False)
        await teacher.send({"v": 1, "type": "hello", "teacher": room.teacher_key})
        await teacher.until("projector")
        await teacher.send({"v": 1, "type": "host", "do": "pause"})
        await ana.until("room", lambda m: m["paused"])
        await teacher.send({"v": 1, "type": "host", "do": "resume"})
        await ana.until("room", lambda m: not m["paused"])
        await teacher.send({"v": 1, "type": "host", "do": "bot", "seat": 9})
        await teacher.send({"v": 1, "type": "host", "do": "bot", "seat": 0, "level": "random"})
        await ana.until("room", lambda m: "bot plays your seat" in m["text"])
        await settled(room, ana, bo)                      # (the bot's move made)
        assert w.state.history and w.state.history[0]["seat"] == 0
        await teacher.send({"v": 1, "type": "host", "do": "back", "seat": 0})
        await teacher.send({"v": 1, "type": "host", "do": "assign", "device": bo.device,
                            "seat": 2})
        await bo.until("room", lambda m: m["seat"] == 2)
        await settled(room, ana, bo)
        assert 0 not in w.table.bots and bo.model["view"] == w.state.view(2)
        assert room.core.holder(1) is None
        await teacher.send({"v": 1, "type": "host", "do": "bot", "seat": "0"})
        assert (await teacher.error())["field"] == "seat"
        for s in (ana, bo, teacher):
            s.close()
    run(script(), 30)
    assert "0 to 3" in room.problem               # the bad seat, said on the panel


def test_a_slow_bot_holds_up_no_device_connection():
    """A bot that thinks long (here 1.5 s) runs on the board's thread without the room's
    lock: meanwhile a device joins, connects and gets its picture at once."""
    import time

    from goatwidgets.engine.bots import make_bot

    class Slow:
        name = "slow"

        def __init__(self):
            self.inner = make_bot("random", seed=1)

        def choose(self, state, seat):
            time.sleep(1.5)
            return self.inner.choose(state, seat)

    w = GoatLords(state=goat_lords.position(**DUEL), bots={3: "casual"})
    room = Room(w, seats="devices")
    try:
        async def script():
            (ana,) = await students(room.url, room.code, ["Ana"])
            room.give_to_bot(1, Slow())
            await ana.act("duel 1 ninja")                 # the slow bot answers the duel
            loop = asyncio.get_running_loop()
            await asyncio.sleep(0.3)
            start = loop.time()
            (cy,) = await students(room.url, room.code, ["Cy"])
            took = loop.time() - start
            assert took < 1.2, f"a device waited {took:.2f} s for a bot"
            await ana.until("traits", lambda m: m["traits"].get("last_move", {}).get("seat") == 0
                            and any(a["by"] == 1 for a in m["traits"]["last_move"]["actions"]))
            ana.close()
            cy.close()
        run(script(), 30)
    finally:
        room.close()
