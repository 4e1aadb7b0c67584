"""The student page draws the game's own ES module through the room's model shim (issue 36
item 2), checked without a browser: node runs the shim (``static/model.js``, as the room serves
it) and the module the room serves as ``static/game.js`` on a DOM shim (happy-dom, the JS
tests' own), fed the traits a device really got; the move the board sends when clicked goes
back to the room over a real WebSocket and is taken as the device's vote."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from goatwidgets import FloatsMcGoats, GoatLords
from goatwidgets.games.goat_lords import position
from goatwidgets.room import Room

from tests.room.helpers import DUEL, answers, get, run, settle, students

ROOT = Path(__file__).resolve().parents[2]
HAPPY = ROOT / "js" / "node_modules" / "happy-dom" / "lib" / "index.js"
SCRIPT = Path(__file__).resolve().parent / "js" / "page.mjs"
NODE = shutil.which("node")


@pytest.mark.skipif(NODE is None or not HAPPY.exists(),
                    reason="needs node and js/node_modules (cd js && npm install)")
def test_the_games_own_module_draws_the_room_traits_and_its_click_is_a_vote(tmp_path):
    w = FloatsMcGoats(players=2, seed=3)
    room = Room(w)
    try:
        async def script():
            (ana,) = await students(room.url, room.code, ["Ana"])
            room.vote()
            await settle(room, ana, mode="open")
            for name in ("model.js", "game.js"):           # what the page really loads
                reply = await get(room.url, f"static/{name}")
                assert reply.code == 200
                (tmp_path / name).write_bytes(reply.body)
            (tmp_path / "traits.json").write_text(json.dumps(ana.model))
            done = subprocess.run(
                [NODE, str(SCRIPT), str(HAPPY), str(tmp_path / "model.js"),
                 str(tmp_path / "game.js"), str(tmp_path / "traits.json"), "roll"],
                capture_output=True, text=True, timeout=60)
            assert done.returncode == 0, done.stderr[-2000:]
            page = json.loads(done.stdout.strip().splitlines()[-1])
            # the shim: "change:<name>" with no arguments, only for values that changed;
            # "msg:custom" with (content, buffers); off() unsubscribes
            assert page["seen"] == [["version", 0], ["error", 0], ["custom", {"hello": 1}, 0],
                                    ["error", 0]]
            # the module drew the deciding seat's board with its legal moves as targets
            assert "roll" in page["lit"] and w.state.prompt_for(0)[:20] in page["text"]
            assert page["error"].startswith("the vote is closed") and not page["errorHidden"]
            assert page["cleanup"] == "function"
            # its click is the message the room takes as this device's vote
            assert page["sent"] == [{"type": "page", "content": {
                "type": "act", "action": "roll", "version": room.core.version}}]
            await ana.send({"v": 1, **page["sent"][0]})
            assert (await answers(ana))["choice"]
            assert room.core.vote.votes == {ana.device: "roll"}
            ana.close()
        run(script(), 90)
    finally:
        room.close()


GAP = Path(__file__).resolve().parent / "js" / "gap.mjs"


@pytest.mark.skipif(NODE is None or not HAPPY.exists(),
                    reason="needs node and js/node_modules (cd js && npm install)")
def test_nothing_empty_takes_room_between_the_banner_and_the_board(tmp_path):
    """The room's phone screenshot (390x844): an ~80 px empty gap between the banner and the
    board (the board's empty "just now" line's kept place and its row of buttons a device
    never shows). Every element from the banner to the board's drawing that shows nothing is
    not displayed or takes no room (happy-dom computes the styles: room.css over the game's
    goatwidgets.css); the exact pixels are the browser's to check."""
    room = Room(FloatsMcGoats(players=2, seed=3))
    try:
        async def script():
            (ana,) = await students(room.url, room.code, ["Ana"])
            room.vote()
            await settle(room, ana, mode="open")
            for name in ("model.js", "game.js", "room.css", "goatwidgets.css"):
                reply = await get(room.url, f"static/{name}")
                assert reply.code == 200
                (tmp_path / name).write_bytes(reply.body)
            reply = await get(room.url, "play")
            (tmp_path / "play.html").write_bytes(reply.body)
            (tmp_path / "traits.json").write_text(json.dumps(ana.model))
            ana.close()
        run(script(), 60)
        assert not room.core.vote.state.history                  # no move yet: no "just now"
        done = subprocess.run(
            [NODE, str(GAP), str(HAPPY), *(str(tmp_path / n) for n in (
                "model.js", "game.js", "traits.json", "play.html", "room.css",
                "goatwidgets.css")), "open"], capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr[-2000:]
        page = json.loads(done.stdout.strip().splitlines()[-1])
        assert page["drawn"] and page["empty"] == []
    finally:
        room.close()


PROJECTOR = Path(__file__).resolve().parent / "js" / "projector.mjs"
STATIC = ROOT / "goatwidgets" / "static"


@pytest.mark.skipif(NODE is None or not HAPPY.exists() or not (STATIC / "goat_lords.js").exists(),
                    reason="needs node, js/node_modules and the built bundles (cd js && npm "
                           "install && npm run build)")
@pytest.mark.parametrize("kind", ["view-only", "plain"])
def test_the_projectors_board_says_whose_turn_once_and_keeps_no_blank(tmp_path, kind):
    """The projector's board in a room of one seat per device (the last screenshots): "Bo's
    turn." twice (the prompt, then the same words beside the seat's badge), a greyed "Undo my
    move", and ~50 px of nothing under a short prompt or "Just now" after a longer one (the
    heights the board keeps for a pointer, and a row kept for choices). A board nobody clicks
    (class ``gw-view-only``) says it once, shows no Undo and keeps no height; the same board as
    a child's widget (``plain``) keeps all of it (the check tells them apart)."""
    w = GoatLords(state=position(**DUEL))
    room = Room(w, seats="devices")                 # the widget becomes the projector's board
    try:
        names = ("view", "legal", "game_log", "names", "bots", "viewer", "seat", "whose",
                 "last_move", "version", "can_undo", "undo_note", "error", "covered",
                 "highlight", "thinking", "coach", "advice", "can_restart")
        traits = {n: getattr(w, n) for n in names if w.has_trait(n)}
    finally:
        room.close()
    assert traits["view"]["prompt"] == traits["view"]["why"] == "Player 1's turn."
    (tmp_path / "traits.json").write_text(json.dumps(traits))
    done = subprocess.run(
        [NODE, str(PROJECTOR), str(HAPPY), str(ROOT / "goatwidgets" / "room" / "static" /
                                                "model.js"),
         str(STATIC / "goat_lords.js"), str(tmp_path / "traits.json"),
         str(STATIC / "goatwidgets.css"), kind], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
    page = json.loads(done.stdout.strip().splitlines()[-1])
    assert page["status"] == "Player 1's turn." and page["why"] == page["status"]
    if kind == "plain":
        assert page["whyShown"] and page["controlsShown"]
        assert page["minHeight"][".gw-last-move-slot"] == "67px"
        assert page["minHeight"][".gw-gl-lead"] != "0px"
    else:
        assert not page["whyShown"] and not page["controlsShown"], page
        assert set(page["minHeight"].values()) <= {"0px", "0"}, page["minHeight"]
