"""Floats McGoats in a real JupyterLab and Notebook 7: run the tutorial, play by clicking.

Every check clicks a real element of the rendered widget and waits for what Python sent back
to be re-rendered (scores, goats, error messages, lesson feedback).
"""

from __future__ import annotations

from pathlib import Path

import nbformat
from playwright.sync_api import expect

from tests.e2e.helpers import cell_with, notebook, open_notebook, open_tutorial, run_all

REPO = Path(__file__).resolve().parents[2]
TUTORIAL = REPO / "notebooks" / "01-floats-mcgoats.ipynb"


def test_tutorial_runs_and_lessons_are_played_by_clicking(page, jupyter):
    open_tutorial(page, jupyter, TUTORIAL, f"floats-{jupyter.kind}.ipynb")

    # Step 1: place a goat by clicking an open spot.
    step1 = cell_with(page, "Lesson(LESSON, step=1)")
    step1.locator('.gw-spot-open[data-action="mama 0,0u"]').click()
    expect(step1.locator('.gw-goat[data-spot="0,0u"]')).to_have_count(1)
    expect(step1.locator(".gw-lesson-feedback")).to_contain_text("Right")

    # Step 2: an illegal click (the rival's spot) is explained, with the rule, and changes nothing.
    step2 = cell_with(page, "Lesson(LESSON, step=2)")
    step2.locator('[data-action="mama 0,0u"]').dispatch_event("click")
    expect(step2.locator(".gw-error")).to_contain_text("already holds a goat")
    expect(step2.locator(".gw-error")).to_contain_text("FM-R4")
    expect(step2.locator(".gw-lesson-feedback")).to_contain_text("Not allowed")
    expect(step2.locator(".gw-goat")).to_have_count(1)
    step2.locator('.gw-spot-open[data-action="mama 0,-1d"]').click()
    expect(step2.locator(".gw-lesson-feedback")).to_contain_text("two sides")
    expect(step2.locator(".gw-error")).to_be_hidden()

    # Step 3: roll (the face is preset to "Add a stick"), add the closing stick, score.
    step3 = cell_with(page, "Lesson(LESSON, step=3)")
    score = step3.locator('.gw-seat[data-seat="0"] .gw-score')
    expect(score).to_have_text("0 of 6 points")
    step3.locator(".gw-roll").click()
    expect(step3.locator(".gw-root")).to_contain_text("Add a stick")
    step3.locator('.gw-edge-candidate[data-action="stick 0,1-1,0"]').click()
    expect(score).to_have_text("1 of 6 points")
    expect(step3.locator(".gw-lesson-feedback")).to_contain_text("Closed")

    # Step 4 with the keyboard only: switch to the baby, place it with Enter, score 2.
    step4 = cell_with(page, "Lesson(LESSON, step=4)")
    step4.locator(".gw-toggle-baby").press("Enter")
    step4.locator('.gw-spot-open[data-action="baby 0,0u"]').press("Enter")
    expect(step4.locator('.gw-seat[data-seat="0"] .gw-score')).to_have_text("2 of 6 points")
    expect(step4.locator(".gw-lesson-feedback")).to_contain_text("Two points")

    # The full game against the greedy bot: a click, and the bot answers.
    match = cell_with(page, "match = FloatsMcGoats(")
    match.locator(".gw-spot-open").first.click()
    expect(match.locator(".gw-log")).to_contain_text("Casual goat")
    expect(match.locator('.gw-seat[data-seat="0"]')).to_contain_text("to move")


LATENCY_CELL = """
from goatwidgets import FloatsMcGoats
board = FloatsMcGoats(players=2, seed=1)
board
"""

def test_saved_notebook_keeps_the_last_position(page, jupyter_lab):
    """With saved widget state on (python -m goatwidgets.labsettings), saving the notebook
    stores the board as last seen, for reopening it without a kernel."""
    name = jupyter_lab.write_notebook(notebook(LATENCY_CELL), "saved-position.ipynb")
    open_notebook(page, jupyter_lab, name)
    run_all(page)
    page.locator('.gw-spot-open[data-action="mama 0,0u"]').click()
    expect(page.locator('.gw-goat[data-spot="0,0u"]')).to_have_count(1)
    page.locator(".jp-Cell").first.click()               # focus the notebook, then save
    with page.expect_response(lambda r: r.request.method == "PUT"
                              and f"/api/contents/{name}" in r.url) as response:
        page.keyboard.press("Control+s")
    assert response.value.ok, response.value.status

    saved = nbformat.read(str(jupyter_lab.root_dir / name), as_version=4)
    states = saved.metadata.get("widgets", {}).get(
        "application/vnd.jupyter.widget-state+json", {}).get("state", {})
    views = [m["state"]["view"] for m in states.values() if "view" in m.get("state", {})]
    assert views, "the saved notebook holds no widget state"
    (view,) = views
    assert [s["goats"] for s in view["spots"] if s["id"] == "0,0u"] == [[{"owner": 0,
                                                                         "kind": "mama"}]]
    picture = saved.cells[0].outputs[0]["data"]["text/html"]       # for viewers without JS
    assert "<svg" in picture


def test_start_here_runs_in_the_browser(page, jupyter):
    name = jupyter.copy_notebook(REPO / "notebooks" / "00-start-here.ipynb",
                                 f"start-{jupyter.kind}.ipynb")
    open_notebook(page, jupyter, name)
    run_all(page)                                   # fails on any traceback
    game = cell_with(page, "game = FloatsMcGoats(")
    expect(game.locator('.gw-goat[data-spot="0,0u"]')).to_have_count(1)   # game.play(...) below
    expect(cell_with(page, "Lesson(LESSON)").locator(".gw-lesson-header")).to_contain_text(
        "Step 1 of 14")
