"""A device's connection (issue 36 items 2 and 4): after a drop it comes back with its token
to the same place (its vote kept, lit); the same token opened on a second screen stops the
first; a connection that never says who it is is closed."""

from __future__ import annotations

from goatwidgets import FloatsMcGoats
from goatwidgets.room import Room

from tests.room.helpers import Student, answers, run, settle, students


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
