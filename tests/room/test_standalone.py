"""The room on its own (issue 36 item 1): ``python -m goatwidgets.room`` serves a game chosen
by name, a teacher's connection with the printed key runs a vote to the class's move, and the
process stops on SIGTERM; under a prefix (a JupyterHub service's path); on a review's flagged
moment; and in JupyterLite, which has no server, the cell says so plainly."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from goatwidgets import FloatsMcGoats, Review
from goatwidgets.games import goat_lords
from goatwidgets.room import Room, RoomError
from goatwidgets.room.lite import NEEDS_A_SERVER
from goatwidgets.room.lite import Room as LiteRoom

from tests.room.helpers import Student, answers, get, run, settle, start, stop, students

ROOT = Path(__file__).resolve().parents[2]


def test_python_m_goatwidgets_room_serves_a_game_by_name_to_a_teacher_with_the_key():
    process = subprocess.Popen(
        [sys.executable, "-m", "goatwidgets.room", "--port", "0", "--game", "goat_lords",
         "--players", "2", "--seed", "4"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        lines = [process.stdout.readline() for _ in range(4)]
        printed = dict(line.strip().split(": ", 1) for line in lines[1:])
        url = lines[0].split(" at ")[1].strip()
        assert url.startswith("http://127.0.0.1:") and len(printed["join code"]) == 6

        async def script():
            (ana,) = await students(url, printed["join code"], ["Ana"])
            teacher = await Student(url, "Teacher").connect(hello=False)
            await teacher.send({"v": 1, "type": "hello", "teacher": printed["teacher key"]})
            await teacher.until("projector")
            await teacher.send({"v": 1, "type": "host", "do": "vote"})
            await settle(None, ana, mode="open")
            choice = ana.model["legal"][0]["text"]
            await ana.act(choice)
            await answers(ana)
            await teacher.until("projector", lambda m: m["voted"] == 1)
            await teacher.send({"v": 1, "type": "host", "do": "reveal"})
            shown = await teacher.until("projector", lambda m: m["status"] == "revealed")
            assert shown["result"]["top"] == choice
            await teacher.send({"v": 1, "type": "host", "do": "play"})
            await settle(None, ana, mode="watch")
            assert ana.banner["text"].startswith("The class played for")
            ana.close()
            teacher.close()
        run(script(), 60)
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            assert process.wait(20) == 0, process.stderr.read()[-2000:]
        finally:
            process.kill()


def test_a_room_under_a_prefix_serves_its_pages_and_socket_there():
    room = Room(FloatsMcGoats(players=2, seed=3), prefix="/services/goatroom")
    try:
        assert room.url.endswith("/services/goatroom/")

        async def script():
            assert (await get(room.url, "")).code == 200
            assert (await get(room.url, "static/room.js")).code == 200
            assert (await get(room.url.replace("/services/goatroom/", "/"), "")).code == 404
            moved = await get(room.url.rstrip("/"), "")      # without the slash: sent there
            assert moved.code == 200 and moved.effective_url == room.url
            (ana,) = await students(room.url, room.code, ["Ana"])
            assert ana.received[0]["type"] == "welcome"
            ana.close()
        run(script(), 30)
    finally:
        room.close()


def test_a_review_moment_is_put_to_the_class_from_the_reviewed_seat():
    s = goat_lords.position(players=2, names=["You", "Bo"],
                            hands=[["kraken", "lord", "corn", "fairy"], ["ninja"]],
                            herds=[[], ["ninja ninja"]], seed=4)
    s.apply("discard lord", seat=0)
    review = Review(s, 0, iterations=60, seed=1)
    room = Room(review, coach_trials=30)
    try:
        async def script():
            (ana,) = await students(room.url, room.code, ["Ana"])
            room.vote()
            await settle(room, ana, mode="open")
            assert room.core.vote.seat == 0
            assert sorted(ana.model["view"]["hand"]) == ["corn", "fairy", "kraken", "lord"]
            await ana.act("discard lord")
            await answers(ana)
            result = room.reveal()
            assert result["top"] == "discard lord" and result["best"] in result["coach"]
            with pytest.raises(Exception, match="review"):   # a replay takes no move
                room.play_choice()
            ana.close()
        run(script(), 60)
    finally:
        room.close()


def test_in_jupyterlite_a_room_says_it_needs_a_server():
    with pytest.raises(RoomError, match="JupyterLite") as refused:
        LiteRoom(FloatsMcGoats())
    assert refused.value.reason == NEEDS_A_SERVER
    code = ("import sys; sys.platform = 'emscripten'; import goatwidgets.room as r; "
            "print(r.Room.__module__)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, timeout=60)
    assert out.stdout.strip() == "goatwidgets.room.lite", out.stderr[-1000:]


def test_a_saved_room_survives_a_restart_of_its_server(tmp_path):
    """``--save FILE``: after a restart the same code and key, the game where it was, and each
    device's token still lets its page back in (DESIGN, Rooms: a room survives a restart)."""
    path = tmp_path / "room.sqlite"
    process, url, printed = start("--game", "floats_mcgoats", "--seed", "3",
                                  "--save", str(path))
    try:
        async def before():
            (ana,) = await students(url, printed["join code"], ["Ana"])
            teacher = await Student(url, "Teacher").connect(hello=False)
            await teacher.send({"v": 1, "type": "hello", "teacher": printed["teacher key"]})
            await teacher.send({"v": 1, "type": "host", "do": "vote"})
            await settle(None, ana, mode="open")
            await ana.act("roll")
            await answers(ana)
            await teacher.send({"v": 1, "type": "host", "do": "reveal"})
            await teacher.until("projector", lambda m: m["status"] == "revealed")
            await teacher.send({"v": 1, "type": "host", "do": "play"})
            await settle(None, ana, mode="watch")
            ana.close()
            teacher.close()
            return ana.token, ana.model["game_log"]
        token, log = run(before(), 60)
        assert log
    finally:
        stop(process)
    assert path.stat().st_mode & 0o077 == 0                  # secrets: the owner's only
    process, url, again = start("--save", str(path))
    try:
        assert (again["join code"], again["teacher key"]) == (printed["join code"],
                                                              printed["teacher key"])
        assert again["link"].endswith(f"?code={printed['join code']}")

        async def after():
            back = Student(url, "Ana")
            back.token = token
            await back.connect()
            assert back.received[0]["name"] == "Ana"
            assert back.model["game_log"] == log              # the game where it was
            back.close()
        run(after(), 30)
    finally:
        stop(process)
