"""Floats McGoats front end in a real browser at a classroom projector's 1366x768: goats stay
readable late in a full 4-player game, the last move is shown, a hint lights its target, a
click patches the board in place (what did not change is the same element, focus included), and
a move and its Undo leave the widget as tall (the notebook below does not move).

Each test waits on what it needs (the rendered widget, a mark, a class), never a fixed sleep.
"""

from __future__ import annotations

import re

from playwright.sync_api import expect

from goatwidgets import FloatsMcGoats
from tests.e2e.helpers import after_frames, cell_with, notebook, open_notebook, run_all

PROJECTOR = {"width": 1366, "height": 768}

# A late position of a full 4-player game: seat 0 plays random moves against three random bots.
LATE = """
from goatwidgets import FloatsMcGoats
from goatwidgets.engine import make_bot
late = FloatsMcGoats(players=4, seed=5, bots={1: "random", 2: "random", 3: "random"})
me = make_bot("random", seed=11)
for _ in range(100):
    if late.state.is_over:
        break
    late.play(str(me.choose(late.state, 0)))
goats = sum(len(spot["goats"]) for spot in late.view["spots"])
print("goats on the raft:", goats)
late
"""

BOT = """
from goatwidgets import FloatsMcGoats
duel = FloatsMcGoats(players=2, seed=1, bots={1: "greedy"})
duel
"""

HINT = """
from goatwidgets import FloatsMcGoats
hinted = FloatsMcGoats(players=2, seed=1, free_undo=True)
hinted
"""
SET_HINT = 'hinted.highlight = [hinted.state.parse_action("mama 0,-1d").to_dict()]'


def test_every_goat_is_at_least_24_px_late_in_a_4_player_game(page, jupyter):
    page.set_viewport_size(PROJECTOR)
    name = jupyter.write_notebook(notebook(LATE), f"late-4p-{jupyter.kind}.ipynb")
    open_notebook(page, jupyter, name)
    run_all(page)
    cell = cell_with(page, "late = FloatsMcGoats(")
    printed = cell.locator(".jp-OutputArea-output", has_text="goats on the raft:")
    expect(printed).to_be_visible()
    goats = int(printed.inner_text().split(":")[1])
    assert goats >= 20, "the position should be late, with many goats"
    pieces = cell.locator(".gw-svg .gw-piece")
    expect(pieces).to_have_count(goats)
    sizes = pieces.evaluate_all(
        "ns => ns.map(n => { const r = n.getBoundingClientRect(); return [r.width, r.height]; })")
    smallest = min(min(w, h) for w, h in sizes)
    assert smallest >= 24, f"a goat is only {smallest:.1f} px across at 1366x768"
    # The board never grows past the window's height (it pans inside its frame instead).
    frame = cell.locator(".gw-board-frame").bounding_box()
    assert frame["height"] <= PROJECTOR["height"] * 0.6 + 1


def test_the_last_move_is_shown_after_a_bot_moves(page, jupyter):
    page.set_viewport_size(PROJECTOR)
    name = jupyter.write_notebook(notebook(BOT), f"last-move-{jupyter.kind}.ipynb")
    open_notebook(page, jupyter, name)
    run_all(page)
    cell = cell_with(page, "duel = FloatsMcGoats(")
    expect(cell.locator(".gw-last-move")).to_be_hidden()          # nothing happened yet
    cell.locator('.gw-spot-open[data-action="mama 0,0u"]').click()
    # The greedy bot answers at once (the same seeded game here says where); both moves are
    # marked on the board and said in the line above it.
    same = FloatsMcGoats(players=2, seed=1, bots={1: "greedy"})
    same.play("mama 0,0u")
    answer = same.state.history[1]["action"].split()[-1]
    line = cell.locator(".gw-last-move")
    expect(line).to_contain_text("Player 1")
    expect(line).to_contain_text("Player 2")
    marks = cell.locator(".gw-mark-last .gw-mark")
    expect(marks).to_have_count(2)
    expect(cell.locator(f'.gw-mark-last .gw-mark[data-mark="{answer}"]')).to_be_visible()
    expect(cell.locator('.gw-mark-last .gw-mark[data-mark="0,0u"]')).to_be_visible()
    cell.locator(".gw-undo").click()                                # an undo clears it
    expect(marks).to_have_count(0)
    expect(line).to_be_hidden()


def test_a_hint_set_from_python_lights_its_target(page, jupyter):
    page.set_viewport_size(PROJECTOR)
    name = jupyter.write_notebook(notebook(HINT, SET_HINT), f"hint-{jupyter.kind}.ipynb")
    open_notebook(page, jupyter, name)
    run_all(page)
    cell = cell_with(page, "hinted = FloatsMcGoats(")
    expect(cell.locator('.gw-mark-hint .gw-mark[data-mark="0,-1d"]')).to_be_visible()
    target = cell.locator('.gw-spot-open[data-action="mama 0,-1d"]')
    expect(target).to_have_class(re.compile(r"\bgw-hinted\b"))
    expect(cell.locator(".gw-hinted")).to_have_count(1)             # only the named target
    target.click()                                                  # the next move clears it
    expect(cell.locator('.gw-goat[data-spot="0,-1d"]')).to_have_count(1)
    expect(cell.locator(".gw-mark-hint .gw-mark")).to_have_count(0)
    expect(cell.locator(".gw-hinted")).to_have_count(0)


def test_a_move_patches_the_board_in_place(page, jupyter):
    """The shell patches the page instead of rebuilding it: after a move, a spot that did not
    change is the very same element (so the browser restyles only what changed, and focus and
    scroll stay where they were); the spot that changed now holds a goat. (The spot was
    tagged with a JS property: a rebuilt element would not carry it.)"""
    name = jupyter.write_notebook(notebook(HINT), f"patch-{jupyter.kind}.ipynb")
    open_notebook(page, jupyter, name)
    run_all(page)
    cell = cell_with(page, "hinted = FloatsMcGoats(")
    kept = cell.locator('.gw-spot-open[data-action="mama 0,-1d"]')
    expect(kept).to_be_visible()
    kept.evaluate("n => { n.__tagged = true; }")
    version = int(cell.locator(".gw-root").get_attribute("data-version"))
    cell.locator('.gw-spot-open[data-action="mama 0,0u"]').click()
    expect(cell.locator('.gw-goat[data-spot="0,0u"]')).to_have_count(1)
    expect(cell.locator(".gw-root")).to_have_attribute("data-version", str(version + 1))
    same = cell.locator('[data-key="spot:0,-1d"]').evaluate("n => n.__tagged === true")
    assert same, "an unchanged spot was rebuilt instead of patched"


def test_a_move_and_its_undo_leave_the_widget_as_tall(page, jupyter):
    """A move adds lines (what just happened, the log) and Undo takes them away; the widget
    keeps its height (keepHeight in shell.js), so what is below it in the notebook does not
    jump under the pointer, and the browser repaints only the widget."""
    name = jupyter.write_notebook(notebook(HINT, "print('below the board')"),
                                  f"steady-{jupyter.kind}.ipynb")
    open_notebook(page, jupyter, name)
    run_all(page)
    cell = cell_with(page, "hinted = FloatsMcGoats(")
    below = cell_with(page, "print('below the board')")
    root = cell.locator(".gw-root")
    expect(root).to_have_attribute("data-version", re.compile(r"\d"))
    version = int(root.get_attribute("data-version"))
    cell.locator('.gw-spot-open[data-action="mama 0,0u"]').click()
    expect(root).to_have_attribute("data-version", str(version + 1))
    expect(cell.locator(".gw-log li")).not_to_have_count(0)
    tall = root.bounding_box()["height"]
    gap = below.bounding_box()["y"] - root.bounding_box()["y"]     # the click on Undo may scroll
    cell.locator(".gw-undo").click()
    expect(root).to_have_attribute("data-version", str(version + 2))
    expect(cell.locator('.gw-goat[data-spot="0,0u"]')).to_have_count(0)
    expect(cell.locator(".gw-log li")).to_have_count(0)
    after_frames(page)
    assert root.bounding_box()["height"] == tall
    assert below.bounding_box()["y"] - root.bounding_box()["y"] == gap
