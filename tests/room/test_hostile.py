"""Hostile clients (issue 36 item 4, acceptance 3): forged, stale, oversized, malformed and
flooding messages, another student's token, a wrong code guessed many times, HTML in names,
a foreign origin. Each is refused with a clear error naming the field, nothing changes, and
the room still answers the other students. Loopback only, bounded in time and count."""

from __future__ import annotations

import json

import pytest
from tornado.httpclient import HTTPClientError
from tornado.iostream import StreamClosedError
from tornado.websocket import WebSocketClosedError

from goatwidgets import FloatsMcGoats
from goatwidgets.room import Room
from goatwidgets.room.protocol import MAX_MESSAGE

from tests.room.helpers import Student, answers, get, join, run, settle, students


@pytest.fixture
def voting():
    """A Floats McGoats room with a vote open (seat 0 deciding)."""
    w = FloatsMcGoats(players=2, seed=3)
    r = Room(w, coach_trials=20)
    yield w, r
    r.close()


def unchanged(r, w, votes: dict) -> None:
    assert r.core.vote.votes == votes and w.state.history == []


@pytest.mark.parametrize("raw, field, words", [
    ("not json", "message", "JSON object"),
    ("[1, 2]", "message", "JSON object"),
    ('{"v": 2, "type": "page", "content": {}}', "v", "'v' must be 1"),
    ('{"v": "1", "type": "page", "content": {}}', "v", "'v' must be 1"),
    ('{"v": 1, "type": "sudo"}', "type", "'type' must be one of"),
    ('{"v": 1, "type": "page", "content": "act"}', "content", "JSON object"),
    ('{"v": 1, "type": "page", "content": {}, "token": "x"}', "token", "no field 'token'"),
    ('{"v": 1, "type": "page", "content": {}, "device": "d2"}', "device", "no field 'device'"),
    ('{"v": 1, "type": "page", "content": {"type": "act", "version": 2}}', "message",
     "'action' must be the text of an action"),
    ('{"v": 1, "type": "page", "content": {"type": "act", "action": "roll", "version": true}}',
     "message", "'version' must be a whole number"),
    ('{"v": 1, "type": "page", "content": {"type": "hack", "version": 2}}', "message",
     "'type' must be one of"),
    ('{"v": 1, "type": "host", "do": "reveal"}', "teacher", "only the teacher"),
    ('{"v": 1, "type": "page", "content": {"type": "undo", "version": 2}}', "vote",
     "change your vote"),
    ('{"v": 1, "type": "page", "content": {"type": "suggest", "version": 2}}', "vote",
     "coach speaks at the reveal"),
    ('{"v": 1, "type": "hello", "token": "someone-else"}', "token", "already said who"),
], ids=["text", "array", "version-2", "version-text", "type", "content", "token-field",
        "device-field", "no-action", "bool-version", "page-type", "host-command", "undo",
        "suggest", "second-hello"])
def test_a_malformed_or_forged_message_is_refused_naming_its_field(voting, raw, field, words):
    w, r = voting

    async def script():
        ana, bo = await students(r.url, r.code, ["Ana", "Bo"])
        r.vote()
        await settle(r, ana, bo, mode="open")
        await bo.act("roll")
        await answers(bo)
        await ana.send(raw.replace('"version": 2', f'"version": {r.core.version}'))
        error = await ana.error()
        assert error["field"] == field and words in error["text"], error
        unchanged(r, w, {bo.device: "roll"})
        await bo.act("mama 0,0u")                         # the room still answers the others
        assert (await answers(bo))["choice"] and r.core.vote.votes[bo.device] == "mama 0,0u"
        ana.close()
        bo.close()

    run(script(), 30)


def test_a_stale_click_is_refused_and_changes_nothing(voting):
    w, r = voting

    async def script():
        (ana,) = await students(r.url, r.code, ["Ana"])
        old = ana.model["version"]
        r.vote()
        await settle(r, ana, mode="open")
        await ana.act("roll", version=old)
        error = await ana.error()
        assert error["field"] == "stale message" and "older picture" in error["text"]
        unchanged(r, w, {})
        ana.close()

    run(script(), 30)


def test_an_oversized_message_is_refused_and_a_huge_one_closes_only_its_connection(voting):
    w, r = voting

    async def script():
        ana, bo, cy = await students(r.url, r.code, ["Ana", "Bo", "Cy"])
        r.vote()
        await settle(r, ana, bo, cy, mode="open")
        big = json.dumps({"v": 1, "type": "page", "content": {
            "type": "act", "action": "x" * (MAX_MESSAGE + 10), "version": r.core.version}})
        await ana.send(big)
        error = await ana.error()
        assert error["field"] == "size" and f"{MAX_MESSAGE:,}" in error["text"]
        await bo.send("y" * (70 * 1024))                 # over tornado's limit: closed
        assert await bo.closed() == 1009
        unchanged(r, w, {})
        await cy.act("roll")
        assert (await answers(cy))["choice"]
        for s in (ana, cy):
            s.close()

    run(script(), 30)


def test_a_flood_is_refused_then_cut_off_and_the_room_still_answers_the_others(voting):
    w, r = voting

    async def script():
        ana, bo = await students(r.url, r.code, ["Ana", "Bo"])
        r.vote()
        await settle(r, ana, bo, mode="open")
        message = json.dumps({"v": 1, "type": "page", "content": {
            "type": "act", "action": "roll", "version": r.core.version}})
        for _ in range(200):                             # bounded: 200 messages at once
            try:
                await ana.send(message)
            except (WebSocketClosedError, StreamClosedError):
                break                                    # cut off
            if ana.is_closed:
                break
        code = await ana.closed()
        assert code == 4008
        rate = [m for m in ana.received if m.get("type") == "error"]
        assert rate and all(m["field"] == "rate" for m in rate)
        assert "at most 20 a second" in rate[0]["text"]
        assert r.core.vote.votes == {ana.device: "roll"}  # what it sent within the rate
        await bo.act("mama 0,0u")
        assert (await answers(bo))["choice"]
        bo.close()

    run(script(), 30)


def test_another_students_token_is_refused_and_acts_for_nobody_else(voting):
    w, r = voting

    async def script():
        ana, bo = await students(r.url, r.code, ["Ana", "Bo"])
        r.vote()
        await settle(r, ana, bo, mode="open")
        await bo.act("roll")
        await answers(bo)
        # a message naming another device is refused (messages carry no identity: a
        # connection acts for the device it said hello as, and for nobody else)
        await ana.send({"v": 1, "type": "page", "device": bo.device,
                        "content": {"type": "act", "action": "mama 0,0u",
                                    "version": r.core.version}})
        assert (await ana.error())["field"] == "device"
        await ana.send({"v": 1, "type": "hello", "token": bo.token})
        assert (await ana.error())["field"] == "token"
        forged = Student(r.url, "Mallory")
        await forged.connect(hello=False)
        await forged.send({"v": 1, "type": "hello", "token": "f" * 32})
        error = await forged.error()
        assert error["field"] == "token" and "join with the code" in error["text"]
        assert await forged.closed() == 4004
        unchanged(r, w, {bo.device: "roll"})
        ana.close()
        bo.close()

    run(script(), 30)


def test_a_wrong_code_guessed_many_times_is_refused_then_limited(voting):
    w, r = voting
    wrong = "AAAAAA" if r.code != "AAAAAA" else "BBBBBB"

    async def script():
        statuses = []
        for _ in range(10):
            status, body = await join(r.url, wrong, "Eve")
            statuses.append(status)
            assert body["field"] == "code"
        assert statuses == [403] * 10
        status, body = await join(r.url, r.code, "Eve")   # even the right code, for a minute
        assert status == 429 and "wait a minute" in body["error"]
        assert r.core.devices == {}
    run(script(), 30)


def test_html_in_a_name_stays_text(voting):
    w, r = voting

    async def script():
        name = '<img src=x onerror="alert(1)">\u202eAna\x00'
        student = await Student(r.url, name).join(r.code)
        await student.connect()
        welcome = student.received[0]
        assert welcome["type"] == "welcome"
        assert welcome["name"] == '<img src=x onerror="alert'[:24]
        assert "\u202e" not in welcome["name"] and "\x00" not in welcome["name"]
        for path in ("", "play"):                       # no page ever carries a name
            page = await get(r.url, path)
            assert b"<img" not in page.body and b"onerror" not in page.body
        assert "&lt;img" in r.html() or "<img" not in r.html()
        status, body = await join(r.url, r.code, "\u200b\x07 ")
        assert status == 400 and body["field"] == "name"
        student.close()

    run(script(), 30)


def test_a_foreign_origin_is_refused(voting):
    w, r = voting

    async def script():
        with pytest.raises(HTTPClientError) as refused:
            await Student(r.url, "Eve").connect(hello=False, origin="http://evil.example")
        assert refused.value.code == 403
        status, body = await join(r.url, r.code, "Eve", origin="http://evil.example")
        assert status == 403 and body["field"] == "origin"
        assert r.core.devices == {}

    run(script(), 30)


def test_only_the_rooms_own_files_are_served(voting):
    w, r = voting

    async def script():
        for path in ("static/../core.py", "static/core.py", "static/game.json", "etc/passwd",
                     "static/%2e%2e/core.py"):
            assert (await get(r.url, path)).code == 404, path
        page = await get(r.url, "play")
        assert page.code == 200 and "script-src 'self'" in page.headers["Content-Security-Policy"]
        assert page.headers["X-Content-Type-Options"] == "nosniff"
        game = await get(r.url, "static/game.js")
        assert game.headers["Content-Type"].startswith("text/javascript")

    run(script(), 30)


def test_a_teacher_key_commands_and_a_wrong_one_is_refused(voting):
    w, r = voting

    async def script():
        eve = await Student(r.url, "Eve").connect(hello=False)
        await eve.send({"v": 1, "type": "hello", "teacher": "guess"})
        assert (await eve.error())["field"] == "teacher"
        assert await eve.closed() == 4003
        teacher = await Student(r.url, "Teacher").connect(hello=False)
        await teacher.send({"v": 1, "type": "hello", "teacher": r.teacher_key})
        await teacher.until("projector")
        await teacher.send({"v": 1, "type": "host", "do": "vote"})
        counts = await teacher.until("projector", lambda m: m["status"] == "open")
        assert counts["voted"] == 0 and "result" not in counts
        teacher.close()

    run(script(), 30)


@pytest.mark.parametrize("message, field", [
    ({"do": "vote", "id": "7"}, "id"), ({"do": "vote", "id": -1}, "id"),
    ({"do": "vote", "id": 2 ** 40}, "id"), ({"do": "sudo", "id": 1}, "do"),
    ({"do": "bot", "seat": "0", "id": 1}, "seat"), ({"do": "bot", "seat": 0, "level": "x" * 41,
                                                   "id": 1}, "level"),
], ids=["id-text", "id-negative", "id-huge", "do", "seat", "level"])
def test_a_teachers_malformed_command_is_refused_naming_its_field(voting, message, field):
    """The teacher's connection is checked like a device's: a command with a bad field is
    refused naming it, nothing changed; a refused command that carries an id is answered with
    it (the notebook's host waits for that answer)."""
    w, r = voting

    async def script():
        teacher = await Student(r.url, "Teacher").connect(hello=False)
        await teacher.send({"v": 1, "type": "hello", "teacher": r.teacher_key})
        await teacher.until("projector")
        await teacher.send({"v": 1, "type": "host", **message})
        error = await teacher.error()
        assert error["field"] == field and "id" not in error, error
        assert r.core.vote is None and w.state.history == []
        await teacher.send({"v": 1, "type": "host", "do": "reveal", "id": 9})
        refused = await teacher.error()
        assert refused["id"] == 9 and refused["field"] == "vote", refused
        await teacher.send({"v": 1, "type": "host", "do": "vote", "id": 10})
        assert (await teacher.until("done"))["id"] == 10 and r.core.vote is not None
        teacher.close()

    run(script(), 30)


def test_a_reconnection_starts_no_new_allowance_of_messages(voting):
    """The rate is the device's, not its connection's: a flood, then the same token on a new
    connection at once, is still held to the rate."""
    w, r = voting

    async def script():
        (ana,) = await students(r.url, r.code, ["Ana"])
        message = json.dumps({"v": 1, "type": "page", "content": {
            "type": "start", "action": "roll", "version": r.core.version}})
        for _ in range(42):                              # the burst (40) and a little more
            await ana.send(message)
        await ana.until("error", lambda m: m["field"] == "rate")
        ana.close()
        again = Student(r.url, "Ana")
        again.token = ana.token
        await again.connect()
        for _ in range(5):
            await again.send(message)
        assert (await again.until("error", lambda m: m["field"] == "rate"))["text"].startswith(
            "too many messages")
        again.close()

    run(script(), 30)


def test_one_address_cannot_fill_the_room(voting):
    """A classmate with the code can't take every place: 8 devices an address (the teacher's
    own machine, loopback, is not held to it; here it is)."""
    w, r = voting
    r.core.unlimited = ()

    async def script():
        statuses = [(await join(r.url, r.code, f"Eve {i}"))[0] for i in range(10)]
        assert statuses == [200] * 8 + [429] * 2
        status, body = await join(r.url, r.code, "Eve")
        assert status == 429 and body["field"] == "join" and "joined 8 times" in body["error"]
        assert len(r.core.devices) == 8

    run(script(), 30)
