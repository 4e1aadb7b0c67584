"""The student page's own script (``static/room.js``) against a live room, without a browser
(issue 36 item 2): node imports it from the room over http as a browser would, on a DOM shim
(happy-dom) with node's WebSocket; the page says hello with the token from localStorage, draws
the game's module, a click on the board is the device's vote, and after the connection is cut
the page reconnects by itself and finds its vote again. Bounded: one node process, 60 s."""

from __future__ import annotations

import json
import select
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from goatwidgets import FloatsMcGoats
from goatwidgets.room import Room

from tests.room.helpers import join, run

ROOT = Path(__file__).resolve().parents[2]
HAPPY = ROOT / "js" / "node_modules" / "happy-dom" / "lib" / "index.js"
SCRIPT = Path(__file__).resolve().parent / "js" / "live.mjs"
NODE = shutil.which("node")
FLAGS = ["--experimental-websocket", "--experimental-network-imports", "--no-warnings"]


def node_has_the_flags() -> bool:
    """Node 20-22 (a WebSocket, imports from http on loopback); later ones dropped a flag."""
    return NODE is not None and subprocess.run([NODE, *FLAGS, "-e", "0"], capture_output=True,
                                               timeout=30).returncode == 0


def milestone(process, deadline: float) -> dict:
    while True:
        left = deadline - time.monotonic()
        assert left > 0, "node said nothing in time"
        ready, _, _ = select.select([process.stdout], [], [], left)
        if ready:
            line = process.stdout.readline()
            assert line, f"node ended: {process.stderr.read()[-2000:]}"
            if line.startswith("{"):
                said = json.loads(line)
                assert said["event"] != "timeout", (said, line)
                return said


@pytest.mark.skipif(not HAPPY.exists() or not node_has_the_flags(),
                    reason="needs node 20-22 and js/node_modules (cd js && npm install)")
def test_the_page_joins_draws_votes_and_reconnects_by_itself():
    w = FloatsMcGoats(players=2, seed=3)
    room = Room(w)
    process = None
    try:
        status, body = run(join(room.url, room.code, "Ana"), 20)
        assert status == 200
        device = body["device"]
        process = subprocess.Popen(
            [NODE, *FLAGS, str(SCRIPT), str(HAPPY), room.url, body["token"]],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 60
        ready = milestone(process, deadline)
        assert ready["event"] == "ready" and ready["mode"] == "watch"
        assert "static/goatwidgets.css" in ready["css"][-1]   # the game's CSS, injected
        room.vote()
        voted = milestone(process, deadline)
        assert voted["event"] == "voted" and room.core.vote.votes == {device: "roll"}
        # the network drops: the device's TCP connection is cut (no close frame)
        room.server.call(lambda: room.server.connections[device].ws_connection.stream.close())
        assert milestone(process, deadline)["event"] == "dropped"
        back = milestone(process, deadline)
        assert back["event"] == "back" and back["link"] == "Connected"
        until = time.monotonic() + 10         # ("Connected" is said as the socket opens,
        while device not in room.server.connections:     # its hello a moment later)
            assert time.monotonic() < until, "the page did not say hello again"
            time.sleep(0.02)
        assert room.counts == (1, 1)
        assert process.wait(20) == 0
    finally:
        if process is not None and process.poll() is None:
            process.kill()
        room.close()


JOIN = Path(__file__).resolve().parent / "js" / "join.mjs"


@pytest.mark.skipif(not HAPPY.exists() or not node_has_the_flags(),
                    reason="needs node 20-22 and js/node_modules (cd js && npm install)")
def test_the_join_page_fills_the_code_says_a_refusal_and_keeps_the_token():
    room = Room(FloatsMcGoats(players=2, seed=3))
    try:
        done = subprocess.run([NODE, *FLAGS, str(JOIN), str(HAPPY), room.url, room.code,
                               "<b>Ana</b>"], capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr[-2000:]
        page = json.loads(done.stdout.strip().splitlines()[-1])
        assert page["filled"] == "WRONG1"                       # from the QR code's link
        assert page["refused"].startswith("That is not this room's code")
        assert page["went"] == [room.url + "play"]
        device = next(iter(room.core.devices.values()))
        assert page["stored"]["token"] == device.token and page["stored"]["name"] == "<b>Ana</b>"
        assert device.name == "<b>Ana</b>"                      # text, kept as typed
    finally:
        room.close()


SEAT = Path(__file__).resolve().parent / "js" / "seat.mjs"


@pytest.mark.skipif(not HAPPY.exists() or not node_has_the_flags(),
                    reason="needs node 20-22 and js/node_modules (cd js && npm install)")
def test_the_page_plays_its_seat_and_shows_its_own_review_after_the_game():
    """Issue 37 items 1 and 3, the page's side: in a room of one seat per device the page
    draws its seat's board with its moves lit, a click is its seat's move, and once the
    teacher ends the game its Review button asks for and shows its seat's review as text."""
    w = FloatsMcGoats(players=2, seed=3, bots={1: "random"})
    room = Room(w, seats="devices", review_trials=4)
    process = None
    try:
        status, body = run(join(room.url, room.code, "Ana"), 20)
        assert status == 200
        process = subprocess.Popen(
            [NODE, *FLAGS, str(SEAT), str(HAPPY), room.url, body["token"]],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 90
        ready = milestone(process, deadline)
        assert ready["event"] == "ready" and ready["mode"] == "seat" and not ready["review"]
        assert milestone(process, deadline)["event"] == "moved"
        deadline_move = time.monotonic() + 10
        while not w.state.history and time.monotonic() < deadline_move:
            time.sleep(0.02)
        with room.board_lock:
            assert w.state.history[0] == {**w.state.history[0], "seat": 0, "action": "roll"}
        room.end()
        assert milestone(process, deadline)["event"] == "over"
        shown = milestone(process, deadline)
        assert shown["event"] == "review" and shown["summary"].startswith("Ana")  # its name
        assert shown["html"] is False
        assert process.wait(20) == 0
    finally:
        if process is not None and process.poll() is None:
            process.kill()
        room.close()


CLOSED = Path(__file__).resolve().parent / "js" / "closed.mjs"


@pytest.mark.skipif(not HAPPY.exists() or not node_has_the_flags(),
                    reason="needs node 20-22 and js/node_modules (cd js && npm install)")
def test_a_closed_room_is_said_closed_while_the_page_tries_again_and_it_comes_back(tmp_path):
    """The room's screenshots: after the teacher closed the room a device said "Reconnecting…"
    for ever (the next try's refused connection, 1006, overwrote the room's close, 1001). The
    page says the room is closed through its quiet tries, and connects when the room (kept on
    disk) opens again."""
    path = tmp_path / "class.sqlite"
    w = FloatsMcGoats(players=2, seed=3)
    room = Room(w, save=path)
    port = room.port
    process = again = None
    try:
        status, body = run(join(room.url, room.code, "Ana"), 20)
        assert status == 200
        room.keep()                          # the device kept on disk (as after a move)
        process = subprocess.Popen(
            [NODE, *FLAGS, str(CLOSED), str(HAPPY), room.url, body["token"]],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 60
        assert milestone(process, deadline)["event"] == "ready"
        room.close()
        closed = milestone(process, deadline)
        assert closed["event"] == "closed" and closed["codes"] == [1001]
        assert "closed" in closed["link"] and "closed the room" in closed["say"]
        tried = milestone(process, deadline)
        assert tried["event"] == "tried" and set(tried["codes"][1:]) == {1006}
        assert tried["shown"] == ["The room is closed."], tried      # never "Reconnecting…"
        again = Room(w, port=port, save=path)
        back = milestone(process, deadline)
        assert back["event"] == "back" and back["link"] == "Connected"
        assert process.wait(20) == 0
    finally:
        if process is not None and process.poll() is None:
            process.kill()
        room.close()
        if again is not None:
            again.close()
