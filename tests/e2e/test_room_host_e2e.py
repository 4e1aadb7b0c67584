"""The teacher's notebook hosts a room served elsewhere, in real browsers (issue 36 item 1:
"the teacher's notebook connects as the host with a teacher key").

A standalone room process (``python -m goatwidgets.room --port 0 --game goat_lords --players 2
--seed 4``, on loopback; stopped at the end whatever happened) prints its address and teacher
key. The teacher's real JupyterLab (1366x768, the projector) runs
``room = goatwidgets.Room.connect(URL, KEY)`` and shows it: the panel (address, code, counts),
the teacher's buttons and the room's board (``RoomBoard``: the game's own module in
JupyterLab, drawing the room's public board). Three students (Bo's a phone, 390x844, touch)
join on browser contexts of their own with the address and the code read off that panel.
"Ask the class" on the panel opens the vote: the host's board re-draws with the deciding
seat's moves lit, and a move clicked there (a card, then Discard) moves nothing and says
why. The students vote by clicking lit moves on their own boards (a card, then Discard), the
panel counts them live and names no choice; "Reveal" shows the tally on the panel and every
device; "Play the class's move" plays it in the room: the host's board and every device draw
the new position (the discard pile's top card, the draw pile, "Just now"), as the same game
replayed here in Python says.

With GOATWIDGETS_SCREENS=1: the projector (light and dark): its panel during the vote and its
board after the move, and the phone during the vote, under .bench/screens/room-host-*.png.
"""

from __future__ import annotations

import re

from playwright.sync_api import expect

from goatwidgets.room.__main__ import widget_for
from tests.e2e.helpers import (CHROMEBOOK, PHONE, PROJECTOR, cell_with, end_kernel, join,
                               joined_at, most_chosen, new_device, notebook, open_notebook,
                               press, run_all, shoot, shoot_device, tally_rows, tally_texts)
from tests.room.helpers import start, stop

SEED = 4
CONNECT = "room = goatwidgets.Room.connect("
#: seat 0's first decision (seed 4): discard a card and draw (two clicks: the card, Discard)
CORN, FAIRY = "discard corn", "discard fairy"


def hand_card(student, card: str):
    return student.locator(f'.gw-gl-hand-card[data-card="{card}"]').first


def vote_with(student, where, action: str) -> None:
    """A card of the hand, then the Discard button that plays it (``where``: the board)."""
    card = action.split()[1]
    press(student, hand_card(where, card))
    press(student, where.locator(f'button[data-action="{action}"]'))


def test_the_teachers_notebook_hosts_a_standalone_room(page, browser, jupyter_lab):
    game = widget_for("goat_lords", 2, SEED, []).table      # the room's game, replayed here
    state = game.state
    said = {a: state.action_words(a, 0) for a in (CORN, FAIRY)}
    draw_before = state.view(None)["draw_count"]
    discards = state.view(None)["discard_count"]
    page.set_viewport_size(PROJECTOR)
    process, url, printed = start("--game", "goat_lords", "--players", "2", "--seed", str(SEED))
    name = ""
    contexts: list = []
    try:
        key = printed["teacher key"]
        name = jupyter_lab.write_notebook(
            notebook(f"import goatwidgets\n{CONNECT}{url!r}, {key!r})\nroom"),
            "room-host-e2e.ipynb")
        open_notebook(page, jupyter_lab, name)
        run_all(page)
        panel = cell_with(page, CONNECT)
        room = panel.locator(".gw-room")
        board = panel.locator(".gw-root")
        expect(room).to_contain_text("0 devices in the room")
        # the room's board, drawn in JupyterLab by the game's own module: both herds, the piles
        expect(board.locator(".gw-gl-seat")).to_have_count(2)
        expect(board.locator(".gw-gl-draw")).to_contain_text(str(draw_before))
        expect(board.locator(".gw-gl-hand-card")).to_have_count(0)    # the public's: no hand

        address, code = joined_at(panel)
        assert (address, code) == (url, printed["join code"]), (address, code, printed)
        students = []
        for who, options in (("Ana", CHROMEBOOK), ("Bo", PHONE), ("Cy", CHROMEBOOK)):
            student = new_device(browser, contexts, options)
            join(student, address, code, who)
            students.append(student)
        ana, bo, cy = students
        expect(room).to_contain_text("3 devices in the room")

        # Ask the class: the host's board shows the deciding seat's moves lit, as the devices
        version = board.get_attribute("data-version")
        panel.get_by_role("button", name="Ask the class").click()
        expect(room).to_contain_text("Voting: 0 of 3 have voted.")
        expect(board).not_to_have_attribute("data-version", version)
        expect(board.locator(".gw-gl-hand-card.gw-clickable")).to_have_count(5)
        for student in students:
            expect(student.locator("#say")).to_contain_text("Vote: pick the move")
            expect(student.locator("#board .gw-gl-hand-card.gw-clickable")).to_have_count(5)

        # A move clicked on the projector's board moves nothing, and says why
        version = board.get_attribute("data-version")
        vote_with(page, board, CORN)
        expect(board.locator(".gw-error")).to_contain_text(
            "this is the room's board on the projector: the students move on their devices")
        expect(room).to_contain_text("Voting: 0 of 3 have voted.")
        assert board.get_attribute("data-version") == version
        expect(board.locator(".gw-gl-discard-pile")).to_contain_text(f"Discard pile ({discards})")

        # The students vote with two clicks each; the panel counts them and shows no choice
        for n, (student, action) in enumerate(((ana, CORN), (bo, CORN), (cy, FAIRY)), start=1):
            vote_with(student, student.locator("#board"), action)
            expect(student.locator("#say")).to_contain_text(f"Your vote: {said[action]}.")
            expect(room).to_contain_text(f"Voting: {n} of 3 have voted.")
        shown = room.inner_text()
        assert not [a for a, w in said.items() if w in shown], (
            f"the projector shows a choice before the reveal: {shown!r}")
        shoot(page, "room-host-projector-vote", room)          # the panel at the top
        shoot_device(bo, "room-host-phone-vote")

        # Reveal: the tally on the panel and on every device
        panel.get_by_role("button", name="Reveal").click()
        counts = [f"{said[CORN]}: 2", f"{said[FAIRY]}: 1"]
        expect(tally_rows(panel)).to_have_text(tally_texts(counts))
        expect(room).to_contain_text(most_chosen(said[CORN], 2, 3))
        for student in students:
            expect(student.locator("#tally li")).to_have_text(counts)

        # The class's move, played in the room: the host's board and every device draw it
        game.act(0, CORN)
        after = game.state.view(None)
        just_now = game.last_move(None)["said"]
        assert after["discard_top"] == "corn" and after["draw_count"] == draw_before - 1
        assert after["discard_count"] == discards + 1
        version = board.get_attribute("data-version")
        panel.get_by_role("button", name="Play the class's move").click()
        for where in (board, *(s.locator("#board .gw-root") for s in students)):
            expect(where).not_to_have_attribute("data-version", version)
            expect(where.locator('.gw-gl-discard-pile [data-card="corn"]')).to_have_count(1)
            expect(where.locator(".gw-gl-discard-pile")).to_contain_text(
                f"Discard pile ({discards + 1})")
            expect(where.locator(".gw-gl-draw")).to_contain_text(str(after["draw_count"]))
            expect(where.locator(".gw-last-move")).to_contain_text(just_now)
            expect(where.locator(".gw-clickable")).to_have_count(0)    # nobody's vote now
        for student in students:
            expect(student.locator("#say")).to_contain_text(
                re.compile(rf"The class played for .+: {re.escape(said[CORN])}"))
        expect(room).not_to_contain_text("Voting:")
        shoot(page, "room-host-projector-played", board)
    finally:
        for context in contexts:
            context.close()
        if name:
            end_kernel(page, jupyter_lab, name)
        stop(process)
