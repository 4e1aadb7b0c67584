"""Grab Your Goat! in a real JupyterLab and Notebook 7: run the tutorial, play by clicking.

Two notebooks per front end: the tutorial (Run All, then lesson steps by clicking), and one
written here with a small position per remaining decision kind (Roller's choice, pass,
Coffee Bush's second step, Waterfall, Top of the Mountain reveal, Ski Lift rides taken and
declined, a throw, a Landslide) plus a hot-seat game. Together every decision kind of the
game is made by clicking at least once.

Every check clicks a real element of the rendered widget and waits for what Python sent back
to be re-rendered (cards, pieces, error messages, lesson feedback, the hot-seat cover). No
fixed sleeps: ``expect`` retries until its timeout.
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import expect

from tests.e2e.helpers import (after_frames, cell_with, console_errors, notebook, open_notebook,
                                 open_tutorial, ours, run_all)

REPO = Path(__file__).resolve().parents[2]
TUTORIAL = REPO / "notebooks" / "02-grab-your-goat.ipynb"
PROJECTOR = {"width": 1366, "height": 768}

HOTSEAT = """
from goatwidgets import GrabYourGoat
from goatwidgets.games.grab_your_goat import position
start = position(players=2, names=["Ana", "Ben"], up={"b1": "straight ew"}, phase="act",
                 die="n", seed=4)
start.preset(die="s")
hot = GrabYourGoat(state=start)
hot
"""

#: One small position per decision kind the tutorial does not click (each widget shows seat 0,
#: Ana, so no cover comes up; Ben never has to move). Goats stand out of the way.
SETUP = """
from goatwidgets import GrabYourGoat
from goatwidgets.games.grab_your_goat import position

def at(**kw):
    kw.setdefault("goats", {0: "g3", 1: "g5"})
    if kw.get("phase") == "act":
        kw.setdefault("die", "n")
    return position(players=2, names=["Ana", "Ben"], seed=5, **kw)
"""
DECISIONS = {
    # the goat's direction on a Roller's-choice face, then a pass (turning a house, GY-X9)
    "choice": """
s = at(); s.preset(die="choice")
choice = GrabYourGoat(state=s, seat=0)
choice""",
    # two steps from a Coffee Bush, the second onto a Waterfall: its direction, then the sweep
    "coffee": """
coffee = GrabYourGoat(state=at(phase="act", shepherds={0: "b2"}, down={"d2": "waterfall"},
                                up={"b2": "coffee", "c2": "straight ew", "d3": "cross"}), seat=0)
coffee""",
    # onto the Top of the Mountain: reveal a card there (a Ski Lift), then its free ride
    "summit": """
summit = GrabYourGoat(state=at(phase="act", shepherds={0: "d3"}, up={"d3": "straight ns"},
                                down={"f4": "ski"}), seat=0)
summit""",
    # onto a face-down Ski Lift holding Ben's goat: throw the goat, then say no to the ride
    "lift": """
lift = GrabYourGoat(state=at(phase="act", down={"b1": "ski"}, goats={0: "g3", 1: "b1"}), seat=0)
lift""",
    # a Ski Lift ride as the move: from the Top to a face-up Ski Lift
    "ride": """
ride = GrabYourGoat(state=at(phase="act", shepherds={0: "d4"}, up={"b4": "ski"}), seat=0)
ride""",
    # onto a face-down Landslide: choose its line
    "slide": """
slide = GrabYourGoat(state=at(phase="act", up={"b3": "straight ns"}, down={"b1": "landslide"}),
                     seat=0)
slide""",
}


def test_tutorial_runs_and_every_kind_of_move_is_made_by_clicking(page, jupyter):
    page.set_viewport_size(PROJECTOR)
    errors = console_errors(page)
    open_tutorial(page, jupyter, TUTORIAL, f"grab-{jupyter.kind}.ipynb")

    # Step 1: the goal. Roll the die by clicking; the die shows the preset face.
    step1 = cell_with(page, "Lesson(LESSON, step=1)")
    step1.locator('.gw-roll[data-action="roll"]').click()
    expect(step1.locator(".gw-die")).to_contain_text("South")
    expect(step1.locator(".gw-lesson-feedback")).to_contain_text("Good")

    # Step 4: a blocked step is explained, with the rule, and changes nothing; then the right one.
    step4 = cell_with(page, "Lesson(LESSON, step=4)")
    blocked = step4.locator('.gw-cell[data-action="step c1"]')
    blocked.dispatch_event("click")
    expect(step4.locator(".gw-error")).to_contain_text("no arrow pointing back")
    expect(step4.locator(".gw-error")).to_contain_text("GY-R6")
    expect(step4.locator(".gw-lesson-feedback")).to_contain_text("Not allowed")
    expect(step4.locator('.gw-shepherd[data-seat="0"]')).to_have_attribute("data-cell", "b1")
    step4.locator('.gw-cell.gw-clickable[data-action="step b2"]').click()
    expect(step4.locator('.gw-shepherd[data-seat="0"]')).to_have_attribute("data-cell", "b2")
    expect(step4.locator(".gw-lesson-feedback")).to_contain_text("both arrows meet")

    # Step 5: reveal a card by stepping onto it, then orient it by clicking one of its ways.
    step5 = cell_with(page, "Lesson(LESSON, step=5)")
    step5.locator('.gw-cell.gw-clickable[data-action="step b1"]').click()
    chooser = step5.locator(".gw-chooser-orient")
    expect(chooser).to_be_visible()
    chooser.locator('.gw-option.gw-clickable[data-action="orient sw"]').click()
    expect(step5.locator(".gw-lesson-feedback")).to_contain_text("You turned the card up")
    expect(step5.locator('.gw-cell.gw-card-corner[data-cell="b1"]')).to_have_count(1)

    # Step 6: rotate your card (keyboard: Tab to the option, Enter).
    step6 = cell_with(page, "Lesson(LESSON, step=6)")
    option = step6.locator('.gw-chooser-rotate .gw-option.gw-clickable[data-action="rotate ew"]')
    option.focus()
    option.press("Enter")
    expect(step6.locator(".gw-lesson-feedback")).to_contain_text("The arrows meet now")

    # Step 7: an advantage card: the card in your hand, then the face-down card.
    step7 = cell_with(page, "Lesson(LESSON, step=7)")
    step7.locator('.gw-hand-card[data-card="cross"]').click()
    expect(step7.locator('.gw-hand-card[data-card="cross"]')).to_have_attribute("aria-pressed", "true")
    step7.locator('.gw-cell.gw-clickable[data-action="play cross b1"]').click()
    expect(step7.locator(".gw-lesson-feedback")).to_contain_text("Swapped")
    expect(step7.locator('.gw-cell.gw-card-cross[data-cell="b1"]')).to_have_count(1)
    expect(step7.locator('.gw-hand-card[data-card="thicket"]')).to_have_count(1)

    # Step 17: a collision and a throw: step onto the rival, click where it lands.
    step17 = cell_with(page, "Lesson(LESSON, step=17)")
    step17.locator('.gw-cell.gw-clickable[data-action="step c2"]').click()
    step17.locator('.gw-cell.gw-clickable[data-action="throw c1"]').click()
    expect(step17.locator('.gw-shepherd[data-seat="1"]')).to_have_attribute("data-cell", "c1")
    expect(step17.locator(".gw-lesson-feedback")).to_contain_text("Thrown")

    # The hint lights its target on the board.
    step19 = cell_with(page, "Lesson(LESSON, step=19)")
    step19.get_by_role("button", name="Hint").click()
    expect(step19.locator(".gw-lesson-feedback")).to_contain_text("Hint: Step onto your goat")
    expect(step19.locator('.gw-mark-hint .gw-mark[data-mark="c2"]')).to_have_count(1)
    step19.locator('.gw-cell.gw-clickable[data-action="step c2"]').click()
    expect(step19.locator(".gw-lesson-feedback")).to_contain_text("you win")

    # The full game against bots is on the page and waits for the student's roll.
    match = cell_with(page, "match = GrabYourGoat(")
    expect(match.locator(".gw-roll")).to_be_visible()
    assert not ours(errors), errors


def test_every_other_decision_by_clicking_and_the_hotseat_cover(page, jupyter):
    """The decisions the tutorial test leaves out, each on its own small position in one
    notebook: the goat's way on a Roller's choice, a pass by turning a house, a second Coffee
    Bush step, a Waterfall's direction, a reveal from the Top, a free Ski Lift ride taken and
    one declined, a goat's throw landing, a Ski Lift ride as the move, a Landslide's line;
    then the hot-seat cover between two human seats."""
    page.set_viewport_size(PROJECTOR)
    errors = console_errors(page)
    nb = notebook(SETUP, *DECISIONS.values(), HOTSEAT)
    name = jupyter.write_notebook(nb, f"grab-decisions-{jupyter.kind}.ipynb")
    open_notebook(page, jupyter, name)
    run_all(page)

    def shepherd(cell, seat=0):
        return cell.locator(f'.gw-shepherd[data-seat="{seat}"]')

    # Roller's choice: the roll shows the star face and a compass; click east, the goat goes
    # east (g3 wraps round to a3). Then pass by turning the house (it points every way).
    choice = cell_with(page, "choice = GrabYourGoat(")
    # your own pieces (seat 0 here) stand out by a white rim; the rival's have none
    mine = '.gw-shepherd[data-seat="0"] .gw-rim, .gw-goat[data-seat="0"] .gw-rim'
    expect(choice.locator(mine)).to_have_count(2)
    expect(choice.locator('[data-seat="1"] .gw-rim')).to_have_count(0)
    choice.locator('.gw-roll[data-action="roll"]').click()
    expect(choice.locator(".gw-die")).to_contain_text("Roller's choice")
    compass = choice.locator(".gw-compass")
    expect(compass).to_have_attribute("aria-label", "Which way does your goat go?")
    compass.locator('[data-action="goat e"]').click()
    expect(choice.locator('.gw-goat[data-seat="0"]')).to_have_attribute("data-cell", "a3")
    expect(choice.locator(".gw-compass")).to_have_count(0)
    turn = choice.locator('.gw-chooser-rotate .gw-option.gw-clickable[data-action="rotate nesw"]')
    expect(turn).to_contain_text("pass")
    expect(choice.locator(".gw-chooser-rotate")).to_have_attribute(
        "aria-label", "Or pass: your House points every way, so turning it changes nothing.")
    turn.click()
    expect(choice.locator(".gw-last-move")).to_contain_text("nothing changes (a pass)")
    expect(choice.locator(".gw-chooser-rotate")).to_have_count(0)
    expect(shepherd(choice)).to_have_attribute("data-cell", "a1")

    # Coffee Bush: a first step, then a second one (or "Stop here") onto a face-down
    # Waterfall; its direction is clicked in the chooser; the sweep carries Ana south.
    coffee = cell_with(page, "coffee = GrabYourGoat(")
    coffee.locator('.gw-cell.gw-clickable[data-action="step c2"]').click()
    expect(shepherd(coffee)).to_have_attribute("data-cell", "c2")
    expect(coffee.locator('.gw-pass[data-action="pass"]')).to_have_text("Stop here")
    coffee.locator('.gw-cell.gw-clickable[data-action="step d2"]').click()
    flow = coffee.locator(".gw-chooser-orient")
    expect(flow).to_have_attribute("aria-label", "Which way does the Waterfall flow? Click one.")
    expect(flow.locator(".gw-option.gw-clickable")).to_have_count(4)
    flow.locator('[data-action="orient s"]').click()
    expect(shepherd(coffee)).to_have_attribute("data-cell", "d3")
    expect(coffee.locator('.gw-cell.gw-card-waterfall[data-cell="d2"]')).to_have_count(1)
    expect(coffee.locator(".gw-last-move")).to_contain_text("swept south")

    # The Top of the Mountain: step on, click a face-down card to turn it up (a Ski Lift),
    # then take its free ride by clicking the lift's card.
    summit = cell_with(page, "summit = GrabYourGoat(")
    summit.locator('.gw-cell.gw-clickable[data-action="step d4"]').click()
    expect(summit.locator('.gw-pass[data-action="pass"]')).to_have_text("Don't turn a card up")
    summit.locator('.gw-cell.gw-clickable[data-action="reveal f4"]').click()
    expect(summit.locator('.gw-cell.gw-card-ski[data-cell="f4"]')).to_have_count(1)
    expect(summit.locator('.gw-pass[data-action="pass"]')).to_have_text("No ride, thanks")
    summit.locator('.gw-cell.gw-clickable[data-action="lift f4"]').click()
    expect(shepherd(summit)).to_have_attribute("data-cell", "f4")
    expect(summit.locator(".gw-last-move")).to_contain_text("free ride")

    # A face-down Ski Lift with Ben's goat on it: Ana's step throws the goat (click where it
    # lands), then she declines the free ride.
    lift = cell_with(page, "lift = GrabYourGoat(")
    lift.locator('.gw-cell.gw-clickable[data-action="step b1"]').click()
    expect(lift.locator('.gw-cell.gw-clickable[data-action^="throw"]')).to_have_count(3)
    lift.locator('.gw-cell.gw-clickable[data-action="throw c1"]').click()
    expect(lift.locator('.gw-goat[data-seat="1"]')).to_have_attribute("data-cell", "c1")
    lift.locator('.gw-pass[data-action="pass"]').click()
    expect(lift.locator(".gw-last-move")).to_contain_text("stays off the Ski Lift")
    expect(shepherd(lift)).to_have_attribute("data-cell", "b1")

    # A Ski Lift ride as the move: from the Top, click the face-up Ski Lift across the board.
    ride = cell_with(page, "ride = GrabYourGoat(")
    ride.locator('.gw-cell.gw-clickable[data-action="lift b4"]').click()
    expect(shepherd(ride)).to_have_attribute("data-cell", "b4")
    expect(ride.locator(".gw-last-move")).to_contain_text("rides the Ski Lift down")

    # A Landslide: step onto it, click its line (south): the column is face down again and
    # Ana is home.
    slide = cell_with(page, "slide = GrabYourGoat(")
    slide.locator('.gw-cell.gw-clickable[data-action="step b1"]').click()
    compass = slide.locator(".gw-compass")
    expect(compass).to_have_attribute("aria-label", "Which way does the Landslide run?")
    compass.locator('[data-action="slide s"]').click()
    expect(shepherd(slide)).to_have_attribute("data-cell", "a1")
    for cell in ("b1", "b3"):
        expect(slide.locator(f'.gw-cell.gw-down[data-cell="{cell}"]')).to_have_count(1)
    expect(slide.locator(".gw-last-move")).to_contain_text("Landslide south")

    # Hot seat (every seat human, hands secret): after Ana's move the board is covered until
    # Ben says he is at the screen; then his hand shows and he rolls.
    cell = cell_with(page, "hot = GrabYourGoat(")
    expect(cell.locator(".gw-cover-text")).to_contain_text("Pass the screen to Ana")  # at start
    expect(cell.locator(".gw-hand-card")).to_have_count(0)
    cell.locator(".gw-uncover").click()
    expect(cell.locator('.gw-seat[data-seat="0"] .gw-to-move')).to_be_visible()
    expect(cell.locator(".gw-hand-card")).to_have_count(3)
    cell.locator('.gw-cell.gw-clickable[data-action="step b1"]').click()
    # Ana's move is done: the board is covered until Ben is at the screen.
    expect(cell.locator(".gw-cover-text")).to_contain_text("Pass the screen to Ben")
    expect(cell.locator(".gw-grab")).to_have_count(0)
    expect(cell.locator(".gw-hand-card")).to_have_count(0)
    expect(cell.locator(".gw-cover-last")).to_contain_text("Ana")     # what she just did
    cell.locator(".gw-uncover").click()
    expect(cell.locator('.gw-seat[data-seat="1"] .gw-to-move')).to_be_visible()
    expect(cell.locator(".gw-undo")).to_be_disabled()                 # Ana's move stands
    expect(cell.locator(".gw-hand-card")).to_have_count(3)
    cell.locator('.gw-roll[data-action="roll"]').click()
    expect(cell.locator(".gw-die")).to_contain_text("South")
    assert not ours(errors), errors


STEADY = """
from goatwidgets import GrabYourGoat
steady = GrabYourGoat(players=2, seed=1, seat=0, bots={1: "random"}, free_undo=True)
steady
"""


def test_the_board_stays_put_when_the_prompt_wraps(page, jupyter):
    """On a projector the prompt after the roll takes two lines where the one before took one,
    and the roll brings a line of what just happened. Both keep their place (keepHeight in
    shell.js), so after the roll and its Undo the board is where it was after the roll: it
    does not move under the student's pointer."""
    page.set_viewport_size(PROJECTOR)
    name = jupyter.write_notebook(notebook(STEADY), f"steady-grab-{jupyter.kind}.ipynb")
    open_notebook(page, jupyter, name)
    run_all(page)
    cell = cell_with(page, "steady = GrabYourGoat(")
    root, status, board = cell.locator(".gw-root"), cell.locator(".gw-status"), cell.locator(".gw-grab-svg")
    expect(board).to_be_visible()
    version = int(root.get_attribute("data-version"))
    one_line = status.bounding_box()["height"]
    cell.locator('.gw-roll[data-action="roll"]').click()
    expect(root).to_have_attribute("data-version", str(version + 1))
    after_roll = board.bounding_box()["y"] - root.bounding_box()["y"]
    assert status.bounding_box()["height"] > one_line, "the prompt should wrap here"
    expect(cell.locator(".gw-last-move")).to_be_visible()
    cell.locator(".gw-undo").click()
    expect(root).to_have_attribute("data-version", str(version + 2))
    expect(cell.locator('.gw-roll[data-action="roll"]')).to_be_visible()
    after_frames(page)
    assert board.bounding_box()["y"] - root.bounding_box()["y"] == after_roll
