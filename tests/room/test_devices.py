"""A device's connection (issue 36 items 2 and 4): after a drop it comes back with its token
to the same place (its vote kept, lit); the same token opened on a second screen stops the
first; a connection that never says who it is is closed."""

from __future__ import annotations

import base64
import json
import os
import socket
import time

from goatwidgets import FloatsMcGoats
from goatwidgets.room import Room

from tests.room.helpers import Student, answers, join, run, settle, students


def test_a_device_that_drops_comes_back_with_its_vote():
    w = FloatsMcGoats(players=2, seed=3)
    room = Room(w)
    try:
        async def script():
            ana, bo = await students(room.url, room.code, ["Ana", "Bo"])
            room.vote()
            await settle(room, ana, bo, mode="open")
            await ana.act("roll")
            await answers(ana)
            ana.close()                                   # the lid closes
            await bo.act("mama 0,0u")
            await answers(bo)
            back = Student(room.url, "Ana")
            back.token = ana.token                         # kept in localStorage
            await back.connect()
            await back.until("room")
            assert back.received[0]["name"] == "Ana"
            assert back.model["highlight"] == [w.state.parse_action("roll").to_dict()]
            assert back.banner["choice"] == w.state.action_words("roll", 0)
            assert back.model["legal"] and back.model["version"] == room.core.version
            assert room.counts == (2, 2)
            await back.act("mama 0,0u")                    # and may still change it
            await answers(back)
            assert room.core.vote.votes == {ana.device: "mama 0,0u", bo.device: "mama 0,0u"}
            back.close()
            bo.close()
        run(script(), 30)
    finally:
        room.close()


def test_the_same_token_on_a_second_screen_stops_the_first():
    room = Room(FloatsMcGoats(players=2, seed=3))
    try:
        async def script():
            (ana,) = await students(room.url, room.code, ["Ana"])
            twin = Student(room.url, "Ana")
            twin.token = ana.token
            await twin.connect()
            assert await ana.closed() == 4009
            assert any(m.get("field") == "token" and "another screen" in m["text"]
                       for m in ana.received if m["type"] == "error")
            assert room.server.connections[ana.device] is not None
            twin.close()
        run(script(), 30)
    finally:
        room.close()


def test_a_connection_that_never_says_hello_is_closed():
    room = Room(FloatsMcGoats(players=2, seed=3))
    room.server.hello_within = 0.2
    try:
        async def script():
            silent = await Student(room.url, "Eve").connect(hello=False)
            assert await silent.closed() == 4001
            assert silent.received[-1]["field"] == "token"
        run(script(), 30)
    finally:
        room.close()


def test_a_device_that_stops_reading_is_closed_not_buffered_for_without_end():
    """A device that never reads (a hostile client, a frozen tab) would make the room keep
    every picture for it: past ``BACKLOG`` bytes its connection is closed."""
    room = Room(FloatsMcGoats(players=2, seed=3))
    try:
        status, body = run(join(room.url, room.code, "Sleepy"), 20)
        raw = socket.create_connection(("127.0.0.1", room.port), timeout=10)
        raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        key = base64.b64encode(os.urandom(16)).decode()
        raw.sendall((f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{room.port}\r\n"
                     f"Origin: http://127.0.0.1:{room.port}\r\nUpgrade: websocket\r\n"
                     f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                     "Sec-WebSocket-Version: 13\r\n\r\n").encode())
        assert raw.recv(1024).startswith(b"HTTP/1.1 101")
        hello = json.dumps({"v": 1, "type": "hello", "token": body["token"]}).encode()
        mask = os.urandom(4)
        raw.sendall(bytes([0x81, 0x80 | len(hello)]) + mask
                    + bytes(b ^ mask[i % 4] for i, b in enumerate(hello)))
        deadline = time.monotonic() + 10
        while body["device"] not in room.server.connections:
            assert time.monotonic() < deadline
            time.sleep(0.01)
        big = {"view": {"filler": "x" * 60_000}}
        for i in range(200):                   # 12 MB of pictures, never read: bounded
            room.core.show({**big, "n": i})
            if body["device"] not in room.server.connections:
                break
            time.sleep(0.002)
        deadline = time.monotonic() + 10
        while body["device"] in room.server.connections:
            assert time.monotonic() < deadline, "the room kept buffering for a sleeping device"
            time.sleep(0.01)
        raw.close()

        async def others():                    # and the room still answers the others
            (ana,) = await students(room.url, room.code, ["Ana"])
            assert ana.received[0]["type"] == "welcome" and ana.model["view"]["filler"]
            ana.close()
        run(others(), 30)
    finally:
        room.close()


def test_the_projector_says_at_once_who_is_away_and_who_came_back():
    """A device's connection opening or dropping redraws the panel's seats (#37: the teacher
    sees who to give a bot), with no move in between."""
    from goatwidgets import GoatLords
    w = GoatLords(players=2, seed=4)
    room = Room(w, seats="devices")
    try:
        async def script():
            (ana,) = await students(room.url, room.code, ["Ana"])
            await wait_for(lambda: "Ana" in room._html.value and "(away)" not in room._html.value)
            ana.close()                                   # the lid closes
            await wait_for(lambda: "(away)" in room._html.value)
            back = Student(room.url, "Ana")
            back.token = ana.token
            await back.connect()
            await wait_for(lambda: "(away)" not in room._html.value)
            assert w.state.history == []
            back.close()
        run(script(), 30)
    finally:
        room.close()


async def wait_for(test, seconds: float = 5.0) -> None:
    import asyncio
    deadline = time.monotonic() + seconds
    while not test():
        assert time.monotonic() < deadline, "the panel did not change"
        await asyncio.sleep(0.02)
