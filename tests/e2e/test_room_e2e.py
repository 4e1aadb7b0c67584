"""The whole class on its own devices, in real browsers (issue 36, acceptance 1).

The teacher is a real JupyterLab at 1366x768 (the projector): a notebook sets up a Floats
McGoats position (the die said "add a stick"; one of the sticks closes the triangle of the
class's baby goat and scores), makes ``room = goatwidgets.Room(w)`` for its board and shows the
room's panel. Three students are three separate browser contexts (no shared storage), one of
them a phone
(390x844, touch): each reads nothing but what the projector shows (the address and the join
code, read here from the panel on the page), joins with a first name and votes by clicking a
lit move on its own board; one changes its vote. The projector counts the votes live and shows
nobody's choice before the reveal; "Reveal" shows the counts (the changed vote counted where
it went) and the coach's reasons; "Play the class's move" plays it on the notebook's board and
every device draws the new position. Then a lesson step asked as a vote (``Room(lesson)``):
each device says on its own page whether its answer is right, or why not, and the projector
how many were right and the most common wrong move. Both rooms are closed from their panels
(every device is told, the ports are free again); the notebook's kernel and every context are
closed at the end, whatever happened.

With GOATWIDGETS_SCREENS=1: screenshots of the projector (1366x768) and of the phone (390x844),
light and dark, under .bench/screens/room-*.png.
"""

from __future__ import annotations

import re

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from tests.e2e.helpers import (CHROMEBOOK, LINK_WORDS, PHONE, PROJECTOR, cell_with, end_kernel,
                               join, joined_at, most_chosen, new_device, notebook, open_notebook,
                               press, run_all, shoot, shoot_device, spot, tally_rows,
                               tally_texts)

# The teacher's position: the class's baby goat on the anchors' triangle, the die rolled "add"
SETUP = """from goatwidgets.games.floats_mcgoats import position
s = position(goats={"0,0u": (0, "baby")}, names=["Goat Team", "Bot Bea"])
s.preset(die="add"); s.apply("roll")"""
GAME = "w = goatwidgets.FloatsMcGoats(s)"
ROOM = "room = goatwidgets.Room(w)"
LESSON = "lesson = goatwidgets.Lesson(LESSON)"
LESSON_ROOM = "lesson_room = goatwidgets.Room(lesson)"
CELLS = (f"import goatwidgets\n{SETUP}\n{GAME}\nw", f"{ROOM}\nroom",
         f"from goatwidgets.lessons.floats_mcgoats import LESSON\n{LESSON}\nlesson",
         f"{LESSON_ROOM}\nlesson_room")

# Three of the position's sticks (each one click on an edge of the board): the one that closes
# the baby goat's triangle (the coach proves it scores, FM-R19), and two others
SCORE, LEFT, UP = "stick 0,1-1,0", "stick -1,0-0,0", "stick 0,1-0,2"
# The lesson's first step asks for a mama goat (any open spot is right): a baby goat is wrong
MAMA, BABY = "mama 0,0u", "baby 0,0u"


def test_a_class_votes_on_its_own_devices_and_a_lesson_step_is_judged_on_each(
        page, browser, jupyter_lab):
    scope: dict = {}
    exec(SETUP, scope)                              # the notebook's position, here too
    said = {a: scope["s"].action_words(a, 0) for a in (SCORE, LEFT, UP)}
    page.set_viewport_size(PROJECTOR)
    name = jupyter_lab.write_notebook(notebook(*CELLS), "room-e2e.ipynb")
    contexts = []
    try:
        open_notebook(page, jupyter_lab, name)
        run_all(page)
        board = cell_with(page, GAME).locator(".gw-root")
        panel = cell_with(page, ROOM)
        expect(panel.locator(".gw-room")).to_contain_text("0 devices in the room")
        game_url, code = joined_at(panel)

        students = []
        for who, options in (("Ana", CHROMEBOOK), ("Bo", CHROMEBOOK), ("Cy", PHONE)):
            student = new_device(browser, contexts, options)
            join(student, game_url, code, who)
            students.append(student)
        ana, bo, cy = students
        shoot_device(cy, "room-phone-joined")
        expect(panel).to_contain_text("3 devices in the room")

        # Ask the class: every device shows the deciding seat's board with its moves lit
        panel.get_by_role("button", name="Ask the class").click()
        expect(panel).to_contain_text("Voting: 0 of 3 have voted.")
        for student in students:
            expect(student.locator("#say")).to_contain_text("Vote: pick the move")
            for action in (SCORE, LEFT, UP):
                expect(spot(student, action)).to_be_visible()
        for n, (student, action) in enumerate(((ana, SCORE), (bo, LEFT), (cy, UP)), start=1):
            press(student, spot(student, action))
            expect(student.locator("#say")).to_contain_text(f"Your vote: {said[action]}.")
            expect(panel).to_contain_text(f"Voting: {n} of 3 have voted.")
        # Bo changes their mind: still three votes, Bo's now on the scoring stick
        press(bo, spot(bo, SCORE))
        expect(bo.locator("#say")).to_contain_text(f"Your vote: {said[SCORE]}.")
        expect(panel).to_contain_text("Voting: 3 of 3 have voted.")
        shown = panel.inner_text()
        assert not [a for a, w in said.items() if w in shown], (
            f"the projector shows a choice before the reveal: {shown!r}")
        shoot(page, "room-projector-vote", panel)
        shoot_device(cy, "room-phone-vote")

        # Reveal: the counts (Bo's changed vote counted where it went) and the coach's reasons
        panel.get_by_role("button", name="Reveal").click()
        counts = [f"{said[SCORE]}: 2", f"{said[UP]}: 1"]
        expect(tally_rows(panel)).to_have_text(tally_texts(counts))
        expect(panel).to_contain_text(most_chosen(said[SCORE], 2, 3))
        expect(panel).to_contain_text("raises Goat Team's score from 0 to 2 (FM-R19)")
        for student in students:
            expect(student.locator("#tally li")).to_have_text(counts)
        shoot(page, "room-projector-reveal", panel)
        shoot_device(cy, "room-phone-reveal")

        # Play the class's move: the notebook's board plays it, every device draws it
        versions = [s.locator("#board .gw-root").get_attribute("data-version") for s in students]
        before = board.get_attribute("data-version")
        panel.get_by_role("button", name="Play the class's move").click()
        expect(board).not_to_have_attribute("data-version", before)
        expect(board.locator(".gw-last-move")).to_contain_text("stick")
        expect(board.locator(".gw-scores")).to_contain_text(re.compile(r"Goat Team\s*2 of"))
        for student, version in zip(students, versions):
            expect(student.locator("#say")).to_contain_text(
                f"The class played for Goat Team: {said[SCORE]}")
            expect(student.locator("#board .gw-root")).not_to_have_attribute("data-version",
                                                                              version)
            expect(student.locator("#board .gw-clickable")).to_have_count(0)   # nobody's vote
        shoot_device(cy, "room-phone-played")

        # A lesson step asked as a vote: each device judges its own answer
        lesson_panel = cell_with(page, LESSON_ROOM)
        lesson_url, code = joined_at(lesson_panel)
        for student, who in zip(students, ("Ana", "Bo", "Cy")):
            join(student, lesson_url, code, who)
        expect(lesson_panel).to_contain_text("3 devices in the room")
        lesson_panel.get_by_role("button", name="Ask the class").click()
        expect(lesson_panel).to_contain_text("Voting: 0 of 3 have voted.")
        press(ana, spot(ana, MAMA))
        for student in (bo, cy):                    # the baby goat: the step asks for a mama
            press(student, student.locator("#board").get_by_role(
                "button", name=re.compile("^Place baby goats")))
            press(student, spot(student, BABY))
        verdict = [s.locator("#verdict") for s in students]
        expect(verdict[0]).to_have_attribute("data-right", "true")
        expect(verdict[0]).to_contain_text("Right!")
        for v in verdict[1:]:
            expect(v).to_have_attribute("data-right", "false")
            expect(v).to_contain_text("Not this one. You placed the baby goat")
        expect(lesson_panel).to_contain_text("Voting: 3 of 3 have voted.")
        shoot_device(cy, "room-phone-lesson")
        lesson_panel.get_by_role("button", name="Reveal").click()
        expect(lesson_panel).to_contain_text("1 of 3 right")
        expect(lesson_panel).to_contain_text("Most common wrong move")
        expect(lesson_panel).to_contain_text("You placed the baby goat")
        shoot(page, "room-projector-lesson-reveal", lesson_panel)

        # Closed from the panels: every device is told (the words a device's line says, kept:
        # the page tries again at once and then says "Reconnecting…")
        for student in students:
            student.evaluate(LINK_WORDS)
        for p in (lesson_panel, panel):
            p.get_by_role("button", name="Close the room").click()
            expect(p).to_contain_text("The room is closed.")
        for student in students:
            student.wait_for_function(
                "() => window.linkWords.some(t => t.startsWith('The room is closed'))")
        for url in (game_url, lesson_url):           # nobody answers there any more
            try:
                answer = page.request.get(url, timeout=5000).status
            except PlaywrightError:
                answer = None
            assert answer is None, f"{url} still answers ({answer}) after the room closed"
    finally:
        for context in contexts:
            context.close()
        end_kernel(page, jupyter_lab, name)
