"""Lessons in a real JupyterLab and Notebook 7: feedback judged from what was clicked, undo,
a refused first pick explained, a hint shown on the board, every step of every game's lesson
on one 1366x768 screen, and 00-start-here safe to click.

Every check clicks a real element and waits for what Python sent back to be re-rendered.
"""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest
from playwright.sync_api import expect

from goatwidgets.games import REGISTRY
from tests.e2e.helpers import cell_with, error_outputs, notebook, open_notebook, open_tutorial, run_all

REPO = Path(__file__).resolve().parents[2]
SCREEN = {"width": 1366, "height": 768}
IMPORTS = "from goatwidgets import Lesson\nfrom goatwidgets.lessons.floats_mcgoats import LESSON"


def lesson_notebook(jupyter, name: str, *cells: str) -> str:
    return jupyter.write_notebook(notebook(IMPORTS, *cells), f"{name}-{jupyter.kind}.ipynb")


def click(locator):
    """Click a board element (faint, not-allowed targets too: they are mouse targets)."""
    locator.dispatch_event("click")


def test_lesson_feedback_follows_what_was_clicked(page, jupyter):
    name = lesson_notebook(jupyter, "lessons",
                           "first = Lesson(LESSON, step=1); first",
                           "move = Lesson(LESSON, step=5); move",
                           "fight = Lesson(LESSON, step=11); fight",
                           "hint = Lesson(LESSON, step=3); hint")
    open_notebook(page, jupyter, name)
    run_all(page)

    # A wrong kind of action: the feedback names it and what the step asks.
    first = cell_with(page, "first = Lesson(")
    first.locator(".gw-roll").click()
    feedback = first.locator(".gw-lesson-feedback")
    expect(feedback).to_contain_text("You rolled the die; this step asks you to place a mama goat")
    expect(first.locator(".gw-status")).not_to_contain_text("Rival")   # nobody left waiting

    # Undo takes the wrong move out of the step; then the right moves complete it.
    move = cell_with(page, "move = Lesson(")
    feedback = move.locator(".gw-lesson-feedback")
    move.locator(".gw-roll").click()
    expect(feedback).to_contain_text("You rolled \u201cAdd or move a stick\u201d")
    click(move.locator('[data-action="stick 0,1-1,1"]'))
    expect(feedback).to_contain_text("You added a stick; this step asks you to pick up a stick")
    move.locator(".gw-undo").click()
    expect(feedback).to_contain_text("Taken back")
    click(move.locator('[data-action="move 0,0-1,-1"]'))
    click(move.locator('[data-action="drop 0,1-1,1"]'))
    expect(feedback).to_contain_text("Moved and closed")
    expect(feedback).to_contain_text("Step done")
    expect(move.locator('.gw-seat[data-seat="0"]')).to_contain_text("1 of 6")

    # A not-allowed first pick of a two-click action: explained with the rule one click away.
    fight = cell_with(page, "fight = Lesson(")
    feedback = fight.locator(".gw-lesson-feedback")
    fight.locator(".gw-roll").click()
    expect(feedback).to_contain_text("You rolled \u201cGoat fight\u201d")
    # the lesson says so before the board has drawn the roll: wait until the goat is a button
    rival = fight.locator('.gw-goat[data-spot="0,0u"][role="button"]')
    expect(rival).to_have_count(1)
    click(rival)                                                # the rival's goat first:
    expect(feedback).to_contain_text("that goat isn't yours; pick one of your own goats first")
    expect(fight.locator(".gw-goat.gw-selected")).to_have_count(0)   # explained at once
    why = feedback.locator("details.gw-why")
    expect(why.locator("summary")).to_have_text("Why? (FM-R18)")
    why.locator("summary").click()
    expect(why).to_contain_text("swaps one of your goats")
    expect(fight.locator(".gw-goat")).to_have_count(3)          # nothing changed

    # A hint lights up its target on the board: the Roll button, then the missing stick.
    hint = cell_with(page, "hint = Lesson(")
    hint_button = hint.locator("button.gw-button", has_text="Hint")
    hint_button.click()
    expect(hint.locator(".gw-roll.gw-hinted")).to_have_count(1)
    hint.locator(".gw-roll").click()
    expect(hint.locator(".gw-lesson-feedback")).to_contain_text("You rolled \u201cAdd a stick\u201d")
    hint_button.click()
    expect(hint.locator(".gw-mark-hint .gw-mark")).not_to_have_count(0)
    click(hint.locator('[data-action="stick 0,1-1,0"]'))
    expect(hint.locator(".gw-lesson-feedback")).to_contain_text("Closed")


def _inside(box, screen) -> bool:
    return (box is not None and box["x"] >= -1 and box["y"] >= -1
            and box["x"] + box["width"] <= screen["width"] + 1
            and box["y"] + box["height"] <= screen["height"] + 1)


# Per game, the board picture that must be on the screen at every step (beside the step's
# title, text, feedback, Next and whatever its hint lights up).
BOARD = {"floats_mcgoats": ".gw-svg", "grab_your_goat": ".gw-grab-board",
         "gruff_goats": ".gw-gruff-board", "goat_lords": ".gw-gl-hand",
         "battlegoats": '.gw-bg-field[data-seat="0"]'}
HINTED = ".gw-hinted, .gw-mark-hint .gw-mark, .gw-hint-piece"


@pytest.mark.parametrize("game", sorted(REGISTRY))
def test_every_step_fits_one_1366x768_screen(page, jupyter, game):
    """Every step of every game's lesson, walked with Next and no scrolling in between: the
    step's title, text, feedback, Next, the board and each target its hint lights up are all
    inside one 1366x768 screen (clicks are dispatched, so nothing scrolls them into view)."""
    lesson = importlib.import_module(f"goatwidgets.lessons.{game}").LESSON
    page.set_viewport_size(SCREEN)
    name = lesson_notebook(jupyter, f"one-screen-{game}",
                           f"from goatwidgets.lessons.{game} import LESSON as {game.upper()}",
                           f"walk = Lesson({game.upper()}); walk")
    open_notebook(page, jupyter, name)
    run_all(page)
    walk = cell_with(page, "walk = Lesson(")
    header = walk.locator(".gw-lesson-header")
    expect(header).to_contain_text(f"Step 1 of {len(lesson.steps)}")
    header.evaluate("e => e.scrollIntoView({block: 'start'})")
    parts = {"title": header,
             "step text": walk.locator(".gw-lesson-text"),
             "board": walk.locator(f".gw-lesson-board {BOARD[game]}").first,
             "feedback": walk.locator(".gw-lesson-feedback .gw-feedback"),
             "Next": walk.locator("button.gw-button", has_text="Next")}
    hinted = walk.locator(HINTED)
    for number, step in enumerate(lesson.steps, start=1):
        where = f"{game} step {number} ({step.title})"
        expect(header).to_contain_text(f"Step {number} of {len(lesson.steps)}: {step.title}")
        for loc in parts.values():       # the step is drawn (its text comes after the title)
            expect(loc).to_be_visible()
        boxes = {what: loc.bounding_box() for what, loc in parts.items()}
        outside = [what for what, box in boxes.items() if not _inside(box, SCREEN)]
        assert not outside, f"{where}: {outside} not on the screen {boxes}"
        walk.locator("button.gw-button", has_text="Hint").dispatch_event("click")
        # Python lights the board up before it says the hint: once it is said, the board is lit
        expect(parts["feedback"]).to_contain_text("Hint:")
        expect(hinted.first).to_be_attached()
        lit = [hinted.nth(i).bounding_box() for i in range(hinted.count())]
        assert all(_inside(box, SCREEN) for box in lit), f"{where}: a hinted target is off the screen {lit}"
        if number < len(lesson.steps):
            parts["Next"].dispatch_event("click")          # no scrolling in between


def test_start_here_is_safe_to_click(page, jupyter):
    open_tutorial(page, jupyter, REPO / "notebooks" / "00-start-here.ipynb",
                  f"start-click-{jupyter.kind}.ipynb")
    board = cell_with(page, "game = FloatsMcGoats(")
    demo = cell_with(page, 'game.play("mama 0,0u")')
    expect(demo.locator(".jp-OutputArea-output")).to_contain_text("Ben's turn")
    # The student plays on the board: Ben (to move after the demo) takes a spot, and so on.
    click(board.locator('.gw-spot-open[data-action="mama -1,0d"]'))
    expect(board.locator('.gw-goat[data-spot="-1,0d"]')).to_have_count(1)
    # Running the demo again still works, whatever was clicked, and prints sentences.
    demo.locator(".jp-InputArea-editor").click()
    page.keyboard.press("Shift+Enter")
    expect(board.locator('.gw-goat[data-spot="-1,0d"]')).to_have_count(0)   # board restarted
    expect(board.locator('.gw-goat[data-spot="0,0u"]')).to_have_count(1)
    expect(demo.locator(".jp-OutputArea-output")).to_contain_text("Ben has")
    assert not error_outputs(page)
    run_all(page)                                    # and Run All passes after clicking
    experiment = cell_with(page, "simulate(floats_mcgoats")
    expect(experiment.locator(".jp-OutputArea-output").last).to_contain_text(
        "The casual bot beat the random bot in")
