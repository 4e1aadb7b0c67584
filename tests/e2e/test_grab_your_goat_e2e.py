"""Grab Your Goat! in a real JupyterLab and Notebook 7: run the tutorial, play by clicking.

Every check clicks a real element of the rendered widget and waits for what Python sent back
to be re-rendered (cards, pieces, error messages, lesson feedback, the hot-seat cover). No
fixed sleeps: ``expect`` retries until its timeout.
"""

from __future__ import annotations

from pathlib import Path

import nbformat
from playwright.sync_api import expect

from tests.e2e.conftest import open_notebook, run_all

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


def cell_with(page, source: str):
    """The code cell whose source contains ``source`` (its output holds the widget)."""
    return page.locator(".jp-CodeCell").filter(
        has=page.locator(".jp-InputArea", has_text=source))


def watch_console(page) -> list[str]:
    """Collect console errors and uncaught page errors (the widget must cause none)."""
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    return errors


def ours(errors: list[str]) -> list[str]:
    """The errors that concern goatwidgets (Jupyter's own noise, e.g. a missing favicon or
    an extension's settings 404, is not ours)."""
    return [e for e in errors if "gw-" in e or "goatwidgets" in e or "grab_your_goat" in e
            or "TypeError" in e or "ReferenceError" in e]


def test_tutorial_runs_and_every_kind_of_move_is_made_by_clicking(page, jupyter):
    page.set_viewport_size(PROJECTOR)
    errors = watch_console(page)
    name = jupyter.copy_notebook(TUTORIAL, f"grab-{jupyter.kind}.ipynb")
    open_notebook(page, jupyter, name)
    run_all(page)

    # Step 1: the goal. Roll the die by clicking; the die shows the preset face.
    step1 = cell_with(page, "Lesson(LESSON, step=1)")
    step1.locator('.gw-roll[data-action="roll"]').click()
    expect(step1.locator(".gw-die")).to_contain_text("South")
    expect(step1.locator(".gw-lesson-feedback")).to_contain_text("Good")

    # Step 3: a blocked step is explained, with the rule, and changes nothing; then the right one.
    step3 = cell_with(page, "Lesson(LESSON, step=3)")
    blocked = step3.locator('.gw-cell[data-action="step c1"]')
    blocked.dispatch_event("click")
    expect(step3.locator(".gw-error")).to_contain_text("no arrow pointing back")
    expect(step3.locator(".gw-error")).to_contain_text("GY-R6")
    expect(step3.locator(".gw-lesson-feedback")).to_contain_text("Not allowed")
    expect(step3.locator('.gw-shepherd[data-seat="0"]')).to_have_attribute("data-cell", "b1")
    step3.locator('.gw-cell.gw-clickable[data-action="step b2"]').click()
    expect(step3.locator('.gw-shepherd[data-seat="0"]')).to_have_attribute("data-cell", "b2")
    expect(step3.locator(".gw-lesson-feedback")).to_contain_text("both arrows meet")

    # Step 4: reveal a card by stepping onto it, then orient it by clicking one of its ways.
    step4 = cell_with(page, "Lesson(LESSON, step=4)")
    step4.locator('.gw-cell.gw-clickable[data-action="step b1"]').click()
    chooser = step4.locator(".gw-chooser-orient")
    expect(chooser).to_be_visible()
    chooser.locator('.gw-option.gw-clickable[data-action="orient sw"]').click()
    expect(step4.locator(".gw-lesson-feedback")).to_contain_text("You turned the card up")
    expect(step4.locator('.gw-cell.gw-card-corner[data-cell="b1"]')).to_have_count(1)

    # Step 5: rotate your card (keyboard: Tab to the option, Enter).
    step5 = cell_with(page, "Lesson(LESSON, step=5)")
    option = step5.locator('.gw-chooser-rotate .gw-option.gw-clickable[data-action="rotate ew"]')
    option.focus()
    option.press("Enter")
    expect(step5.locator(".gw-lesson-feedback")).to_contain_text("The arrows meet now")

    # Step 6: an advantage card: the card in your hand, then the face-down card.
    step6 = cell_with(page, "Lesson(LESSON, step=6)")
    step6.locator('.gw-hand-card[data-card="cross"]').click()
    expect(step6.locator('.gw-hand-card[data-card="cross"]')).to_have_attribute("aria-pressed", "true")
    step6.locator('.gw-cell.gw-clickable[data-action="play cross b1"]').click()
    expect(step6.locator(".gw-lesson-feedback")).to_contain_text("Swapped")
    expect(step6.locator('.gw-cell.gw-card-cross[data-cell="b1"]')).to_have_count(1)
    expect(step6.locator('.gw-hand-card[data-card="thicket"]')).to_have_count(1)

    # Step 16: a collision and a throw: step onto the rival, click where it lands.
    step16 = cell_with(page, "Lesson(LESSON, step=16)")
    step16.locator('.gw-cell.gw-clickable[data-action="step c2"]').click()
    step16.locator('.gw-cell.gw-clickable[data-action="throw c1"]').click()
    expect(step16.locator('.gw-shepherd[data-seat="1"]')).to_have_attribute("data-cell", "c1")
    expect(step16.locator(".gw-lesson-feedback")).to_contain_text("Thrown")

    # The hint lights its target on the board.
    step18 = cell_with(page, "Lesson(LESSON, step=18)")
    step18.get_by_role("button", name="Hint").click()
    expect(step18.locator('.gw-mark-hint .gw-mark[data-mark="c2"]')).to_have_count(1)
    step18.locator('.gw-cell.gw-clickable[data-action="step c2"]').click()
    expect(step18.locator(".gw-lesson-feedback")).to_contain_text("you win")

    # The full game against bots is on the page and waits for the student's roll.
    match = cell_with(page, "match = GrabYourGoat(")
    expect(match.locator(".gw-roll")).to_be_visible()
    assert not ours(errors), errors


def test_hotseat_covers_the_board_between_human_seats(page, jupyter):
    errors = watch_console(page)
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    nb.cells = [nbformat.v4.new_code_cell(HOTSEAT.strip())]
    name = jupyter.write_notebook(nb, f"grab-hotseat-{jupyter.kind}.ipynb")
    open_notebook(page, jupyter, name)
    run_all(page)
    cell = cell_with(page, "hot = GrabYourGoat(")
    expect(cell.locator('.gw-seat[data-seat="0"] .gw-to-move')).to_be_visible()
    expect(cell.locator(".gw-hand-card")).to_have_count(3)
    cell.locator('.gw-cell.gw-clickable[data-action="step b1"]').click()
    # Ana's move is done: the board is covered until Ben is at the screen.
    expect(cell.locator(".gw-cover-text")).to_contain_text("Pass the screen to Ben")
    expect(cell.locator(".gw-grab")).to_have_count(0)
    expect(cell.locator(".gw-hand-card")).to_have_count(0)
    cell.locator(".gw-uncover").click()
    expect(cell.locator('.gw-seat[data-seat="1"] .gw-to-move')).to_be_visible()
    expect(cell.locator(".gw-hand-card")).to_have_count(3)
    cell.locator('.gw-roll[data-action="roll"]').click()
    expect(cell.locator(".gw-die")).to_contain_text("South")
    assert not ours(errors), errors
