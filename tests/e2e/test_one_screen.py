"""One screen (issue 24 items 4 and 5): at 1366x768 in JupyterLab with the file browser open,
the notebook area is about 645 px high. There, with the widget's top scrolled to the top of
that area and no scrolling after:

- every step of every registered lesson shows its title, text, board, feedback, Next and every
  target its hint lights up;
- a late game of every registered game at its largest player count shows the prompt, the
  board and the viewer's own hand;
- a refusal (a click the rules forbid) moves nothing on the page by more than 2 px.

Screenshots of each (light and dark) with GOATWIDGETS_SCREENS=1, under .bench/screens/.
"""

from __future__ import annotations

import importlib
import re

import pytest
from playwright.sync_api import expect

from goatwidgets.games import REGISTRY
from tests.e2e.helpers import after_frames, cell_with, notebook, open_notebook, run_all, shoot

SCREEN = {"width": 1366, "height": 768}
#: the visible notebook area of the open notebook (JupyterLab's windowed notebook panel)
AREA = ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-WindowedPanel-outer"
SLACK = 1                      # px: sub-pixel rounding

# Per game, the board picture that must be on the screen at every step (beside the step's
# title, text, feedback, Next and whatever its hint lights up).
LESSON_BOARD = {"floats_mcgoats": ".gw-svg", "grab_your_goat": ".gw-grab-board",
                "gruff_goats": ".gw-gruff-board", "goat_lords": ".gw-gl-hand",
                "battlegoats": '.gw-bg-field[data-seat="0"]'}
HINTED = ".gw-hinted, .gw-mark-hint .gw-mark, .gw-hint-piece"

# Per game, a late position at the largest player count (seat 0 against bots, played by a
# greedy bot for seat 0 too), and what must be on the screen: the prompt, the board, the
# viewer's own hand (where the game has one) and whatever a move of theirs may target.
LATE = {
    "floats_mcgoats": ("FloatsMcGoats(players=4, seed=5, seat=0, bots={1: 'greedy', 2: 'greedy', "
                       "3: 'greedy'})", 60, {"board": ".gw-svg"}),
    "grab_your_goat": ("GrabYourGoat(players=4, seed=5, seat=0, bots={1: 'greedy', 2: 'greedy', "
                       "3: 'greedy'})", 40, {"board": ".gw-grab-board", "hand": ".gw-hand"}),
    "goat_lords": ("GoatLords(players=6, seed=5, seat=0, bots={i: 'greedy' for i in range(1, 6)})",
                   15, {"board": ".gw-gl-table", "hand": ".gw-gl-hand",
                        # every herd: another player's top stack is what a duel takes
                        "every herd": ".gw-gl-seats"}),
    "gruff_goats": ("GruffGoats(players=4, seed=5, seat=0, bots={1: 'greedy', 2: 'greedy', "
                    "3: 'greedy'})", 40, {"board": ".gw-gruff-board", "hand": ".gw-hand"}),
    # (in the battle there is no hand: the viewer's own battlefield, every battlefield and the
    # last fight explained term by term)
    "battlegoats": ("BattleGoats(players=6, seed=5, seat=0, bots={i: 'greedy' for i in range(1, 6)})",
                    14, {"board": '.gw-bg-field[data-seat="0"]', "every battlefield": ".gw-bg-fields",
                         "last fight": ".gw-fight"}),
}


#: a target whose click the rules refuse at the start (default: one drawn faint)
REFUSE = {"floats_mcgoats": ".gw-faint",
          # during the layout: another player's square (no attack before the battle)
          "battlegoats": ".gw-bg-field:not(.gw-mine) .gw-cell.gw-faint"}


def area_box(page) -> dict:
    box = page.locator(AREA).first.bounding_box()
    assert box is not None, "no notebook area on the page"
    return box


def outside(box, area) -> bool:
    return (box is None or box["y"] < area["y"] - SLACK or box["x"] < area["x"] - SLACK
            or box["y"] + box["height"] > area["y"] + area["height"] + SLACK
            or box["x"] + box["width"] > area["x"] + area["width"] + SLACK)


def to_top(locator) -> None:
    """Scroll the notebook so that ``locator``'s top is at the top of the notebook area."""
    locator.evaluate("e => e.scrollIntoView({block: 'start'})")
    after_frames(locator.page)


def widget_at_the_top(page, server, code: str, name: str, source: str):
    """Run a one-cell notebook of ``code`` at 1366x768 and scroll its widget (the cell whose
    source holds ``source``) to the top of the notebook area: (the cell, the widget's root)."""
    page.set_viewport_size(SCREEN)
    open_notebook(page, server, server.write_notebook(notebook(code), name))
    run_all(page)
    cell = cell_with(page, source)
    root = cell.locator(".gw-root")
    expect(root).to_be_visible()
    to_top(root)
    return cell, root


def test_every_registered_game_is_here():
    assert sorted(LATE) == sorted(REGISTRY) == sorted(LESSON_BOARD)


@pytest.mark.parametrize("game", sorted(REGISTRY))
def test_every_lesson_step_fits_the_notebook_area(page, jupyter_lab, game):
    lesson = importlib.import_module(f"goatwidgets.lessons.{game}").LESSON
    page.set_viewport_size(SCREEN)
    nb = notebook(f"from goatwidgets import Lesson\nfrom goatwidgets.lessons.{game} import LESSON\n"
                  "walk = Lesson(LESSON); walk")
    open_notebook(page, jupyter_lab, jupyter_lab.write_notebook(nb, f"fit-{game}.ipynb"))
    run_all(page)
    walk = cell_with(page, "walk = Lesson(")
    header = walk.locator(".gw-lesson-header")
    expect(header).to_contain_text(f"Step 1 of {len(lesson.steps)}")
    to_top(walk.locator(".gw-lesson"))
    area = area_box(page)
    parts = {"title": header, "step text": walk.locator(".gw-lesson-text"),
             "board": walk.locator(f".gw-lesson-board {LESSON_BOARD[game]}").first,
             "feedback": walk.locator(".gw-lesson-feedback .gw-feedback"),
             "Next": walk.locator("button.gw-button", has_text="Next")}
    hinted = walk.locator(HINTED)
    problems = []
    for number, step in enumerate(lesson.steps, start=1):
        where = f"step {number} ({step.title})"
        expect(header).to_contain_text(f"Step {number} of {len(lesson.steps)}: {step.title}")
        for loc in parts.values():       # the step is drawn (its text comes after the title)
            expect(loc).to_be_visible()
        off = [what for what, loc in parts.items() if outside(loc.bounding_box(), area)]
        walk.locator("button.gw-button", has_text="Hint").dispatch_event("click")
        expect(parts["feedback"]).to_contain_text("Hint:")
        expect(hinted.first).to_be_attached()
        if any(outside(hinted.nth(i).bounding_box(), area) for i in range(hinted.count())):
            off.append("a hinted target")
        if off:
            problems.append(f"{where}: {', '.join(off)}")
        if number == 2:
            shoot(page, f"lesson-{game}-step-2", walk)
        if number < len(lesson.steps):
            walk.locator("button.gw-button", has_text="Next").dispatch_event("click")
    assert not problems, (f"{game}: not in the notebook area {area['height']:.0f} px high:\n"
                          + "\n".join(problems))


@pytest.mark.parametrize("game", sorted(REGISTRY))
def test_a_late_game_at_the_largest_player_count_fits_the_notebook_area(page, jupyter_lab, game):
    widget, decisions, parts = LATE[game]
    cls = widget.split("(")[0]
    code = (f"from goatwidgets import {cls}\nfrom goatwidgets.engine import make_bot\n"
            f"late = {widget}\nme = make_bot('greedy', seed=1)\n"
            f"for _ in range({decisions}):\n"
            "    if late.state.is_over or 0 not in late.state.deciders:\n        break\n"
            "    late.play(str(me.choose(late.state, 0)))\nlate")
    late, root = widget_at_the_top(page, jupyter_lab, code, f"fit-late-{game}.ipynb", "late = ")
    area = area_box(page)
    shown = {"prompt": late.locator(".gw-status"),
             **{what: late.locator(css).first for what, css in parts.items()}}
    off = {what: loc.bounding_box() for what, loc in shown.items()
           if outside(loc.bounding_box(), area)}
    shoot(page, f"late-{game}", late)
    assert not off, f"{game}: not in the notebook area {area}: {off}"


@pytest.mark.parametrize("game", sorted(REGISTRY))
def test_a_refusal_moves_nothing(page, jupyter_lab, game):
    """Issue 24 item 5: the red refusal bar pushed the board down 40-70 px, so a quick second
    click landed on something else. A refused click leaves every element where it was."""
    widget = LATE[game][0].split("(")[0]
    code = (f"from goatwidgets import {widget}\nw = {widget}(players=2, seed=3, seat=0, "
            "bots={1: 'random'})\nw")
    cell, root = widget_at_the_top(page, jupyter_lab, code, f"refuse-{game}.ipynb", "w = ")
    boxes = root.evaluate("r => [...r.querySelectorAll('.gw-board *')].slice(0, 400)"
                          ".map(n => n.getBoundingClientRect().y)")
    # a click Python refuses: a faint (not allowed) target
    cell.locator(REFUSE.get(game, "[data-action]:not(.gw-clickable)")).first.dispatch_event("click")
    expect(cell.locator(".gw-error")).to_be_visible()
    after_frames(page)
    moved = root.evaluate("r => [...r.querySelectorAll('.gw-board *')].slice(0, 400)"
                          ".map(n => n.getBoundingClientRect().y)")
    shifts = [abs(a - b) for a, b in zip(boxes, moved)]
    assert max(shifts, default=0) <= 2, f"{game}: a refusal moved the board by {max(shifts):.0f} px"
    shoot(page, f"refusal-{game}", cell)


def _top(locator) -> float:
    return locator.first.bounding_box()["y"]


def test_choosing_a_card_and_what_just_happened_move_nothing(page, jupyter_lab):
    """Issue 34 item 9: in Goat Lords, choosing a card pushed the hand down ~90 px (its buttons
    and note took a row of their own) and a refusal pulled it back; the first "Just now" line
    pushed the board down ~37 px. The hand stays under the child's finger: choosing, cancelling,
    a move and the bot's answer leave the hand where it was."""
    code = ("from goatwidgets import GoatLords\nw = GoatLords(players=2, seed=3, seat=0, "
            "bots={1: 'casual'}, names=['You', 'Bot Bea'])\nw")
    cell, root = widget_at_the_top(page, jupyter_lab, code, "still-goat-lords.ipynb", "w = ")
    hand = root.locator(".gw-gl-hand")
    at = _top(hand)
    root.locator(".gw-gl-hand [data-key]").first.click()
    expect(root.locator("button.gw-cancel")).to_be_visible()
    after_frames(page)
    assert abs(_top(hand) - at) <= 2, f"choosing a card moved the hand {_top(hand) - at:+.0f} px"
    root.locator("button.gw-cancel").click()
    expect(root.locator("button.gw-cancel")).to_have_count(0)
    after_frames(page)
    assert abs(_top(hand) - at) <= 2, f"cancelling moved the hand {_top(hand) - at:+.0f} px"
    expect(root.locator(".gw-last-move")).to_be_hidden()             # nothing happened yet
    version = root.get_attribute("data-version")
    root.locator(".gw-gl-hand [data-key]").first.click()
    root.get_by_role("button", name=re.compile("^Discard the")).click()
    expect(root.locator(".gw-last-move")).to_be_visible()            # now something has
    expect(root).not_to_have_attribute("data-version", version)
    expect(root).to_have_attribute("data-thinking", "")
    after_frames(page)
    assert abs(_top(hand) - at) <= 2, f"what just happened moved the hand {_top(hand) - at:+.0f} px"


def test_a_lesson_steps_first_click_moves_nothing(page, jupyter_lab):
    """Issue 34 item 9: BattleGoats' step 1 asks for a card of yours, then one of Rival's; the
    first click pushed Rival's battlefield down (a "Just now" line the lesson's own feedback
    already says) just before the child clicks there."""
    code = ("from goatwidgets import Lesson\nfrom goatwidgets.lessons.battlegoats import LESSON\n"
            "walk = Lesson(LESSON, step=1); walk")
    page.set_viewport_size(SCREEN)
    open_notebook(page, jupyter_lab, jupyter_lab.write_notebook(notebook(code), "still-bg.ipynb"))
    run_all(page)
    walk = cell_with(page, "walk = Lesson(")
    to_top(walk.locator(".gw-lesson"))
    rival = walk.locator('.gw-lesson-board .gw-bg-field[data-seat="1"]')
    before = rival.first.bounding_box()
    walk.locator('.gw-lesson-board .gw-bg-field[data-seat="0"] [data-action]').first.click()
    expect(walk.locator(".gw-lesson-feedback")).to_contain_text("You will attack with")
    after_frames(page)
    after = rival.first.bounding_box()
    assert abs(after["y"] - before["y"]) <= 2 and abs(after["x"] - before["x"]) <= 2, (before, after)
