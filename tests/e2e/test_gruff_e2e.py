"""Gruff Goats in a real JupyterLab and Notebook 7: the tutorial runs, a lesson step is done
by clicking, a not-allowed click is explained, and every kind of decision is made by
clicking: a claim blocked from the other seat behind the hot-seat cover and answered, a goat
moved onto a bridge, a troll that eats a goat, the dragon that eats one. No console errors. At
1366x768 every goat is at least 24 px across: in a lesson, late in a 4-player game, and with all
twelve goats on one corner.

Every check clicks a real element and waits for what Python sent back to be re-rendered.
Set GOATWIDGETS_SCREENS=1 to also save 1366x768 screenshots (light and dark) under
.bench/screens/.
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import expect

from tests.e2e.helpers import (cell_with, console_errors, notebook, open_notebook, open_tutorial, ours,
                                 run_all, shoot)

REPO = Path(__file__).resolve().parents[2]
TUTORIAL = REPO / "notebooks" / "04-gruff-goats.ipynb"
SCREEN = {"width": 1366, "height": 768}

HOTSEAT = """
from goatwidgets import GruffGoats
from goatwidgets.games.gruff_goats import position
hot = GruffGoats(position(hands=["SSSD", "SH"], goats=[{"big": "a3"}, {}], names=["Ana", "Ben"]))
hot
"""
TROLL = """
troll = GruffGoats(position(hands=["CC", "HH"], wands={"troll": 0}, goats=[{}, {"big": "d3"}],
                            names=["Ana", "Ben"]), seat=0)
troll
"""
DRAGON = """
dragon = GruffGoats(position(hands=["CDHS", "HH"], wands={"dragon": 0},
                             goats=[{}, {"medium": "b3"}], names=["Ana", "Ben"]), seat=0)
dragon
"""
LATE = """
from goatwidgets import GruffGoats
from goatwidgets.engine import make_bot
late = GruffGoats(players=4, seed=5, names=["Ana", "Ben", "Cy", "Dee"],
                  bots={1: "greedy", 2: "greedy", 3: "greedy"})
me = make_bot("greedy", seed=1)
while late.state.turn < 60 and not late.state.is_over:
    late.play(str(me.choose(late.state, 0)))
late
"""
CROWD = """
from goatwidgets.games.gruff_goats import position
crowd = GruffGoats(position(players=4, names=["Ana", "Ben", "Cy", "Dee"],
                            goats=[{"big": "a1", "medium": "a1", "little": "a1"} for _ in range(4)]), seat=0)
crowd
"""
# Each goat's piece on the board: its box on the page, and the box of the square it stands on.
PIECES = r"""ns => ns.map(n => {
  const goat = n.closest('.gw-goat');
  const square = goat.closest('svg').querySelector(
    `.gw-sq[data-square="${goat.dataset.square}"] .gw-sq-base`).getBoundingClientRect().toJSON();
  return {goat: goat.dataset.goat, square: goat.dataset.square, box: n.getBoundingClientRect().toJSON(),
          on: square};
})"""


def test_tutorial_runs_a_lesson_step_is_clicked_and_a_no_is_explained(page, jupyter):
    errors = console_errors(page)
    page.set_viewport_size(SCREEN)
    open_tutorial(page, jupyter, TUTORIAL, f"gruff-{jupyter.kind}.ipynb")

    # Step 2: a wand without its cards is refused and explained, with the rule one click away.
    cards = cell_with(page, "Lesson(LESSON, step=2)")
    cards.locator('.gw-wand[data-action="claim troll"]').dispatch_event("click")
    # (the first message after Run All may wait for the front end to finish rendering widgets)
    expect(cards.locator(".gw-error")).to_contain_text("you need a clubs card", timeout=30_000)
    expect(cards.locator(".gw-error")).to_contain_text("GG-R6")
    expect(cards.locator(".gw-lesson-feedback")).to_contain_text("Not allowed")
    expect(cards.locator(".gw-lesson-feedback")).to_contain_text("Why? (GG-R6)")
    # ... then the right wand, with the keyboard.
    cards.locator('.gw-wand.gw-clickable[data-action="claim little"]').press("Enter")
    expect(cards.locator(".gw-lesson-feedback")).to_contain_text("little goat wand")
    # the lesson plays Rival's answer: nobody blocks, and the wand is the child's
    expect(cards.locator('.gw-wand[data-wand="little"] .gw-wand-holder')).to_contain_text("You")
    shoot(page, "gruff-lesson-wands", cards)

    # Step 7: click the big goat, then the bridge: onto a bridge.
    bridge = cell_with(page, "Lesson(LESSON, step=7)")
    bridge.locator('.gw-goat.gw-clickable[data-goat="0:big"]').click()
    expect(bridge.locator(".gw-sq.gw-reach")).not_to_have_count(0)
    if jupyter.kind == "lab":                  # the lesson's smaller board: goats >= 24 px too
        pieces = bridge.locator(".gw-goat .gw-piece").evaluate_all(PIECES)
        assert len(pieces) == 6 and min(min(p["box"]["width"], p["box"]["height"]) for p in pieces) >= 24, pieces
    shoot(page, "gruff-lesson-step", bridge)
    bridge.locator('.gw-sq.gw-clickable[data-action="move big b3"]').click()
    expect(bridge.locator(".gw-lesson-feedback")).to_contain_text("on the bridge")
    expect(bridge.locator('.gw-goat[data-goat="0:big"][data-square="b3"]')).to_have_count(1)

    # The whole game: a click, and the bot answers.
    match = cell_with(page, "match = GruffGoats(")
    match.locator(".gw-draw").click()
    expect(match.locator(".gw-log")).to_contain_text("Casual goat")
    assert not ours(errors), ours(errors)


def test_claim_block_answer_and_a_goat_onto_a_bridge_in_hotseat(page, jupyter):
    errors = console_errors(page)
    page.set_viewport_size(SCREEN)
    name = jupyter.write_notebook(notebook(HOTSEAT), f"gruff-hot-{jupyter.kind}.ipynb")
    open_notebook(page, jupyter, name)
    run_all(page)
    hot = cell_with(page, "hot = GruffGoats(")
    cover = hot.locator(".gw-cover-text")

    expect(cover).to_contain_text("Pass the screen to Ana")       # covered from the start
    expect(hot.locator(".gw-hand")).to_have_count(0)
    hot.locator(".gw-uncover").click()
    hot.locator('.gw-wand.gw-clickable[data-action="claim big"]').click()      # Ana claims
    expect(cover).to_contain_text("Pass the screen to Ben")
    expect(hot.locator(".gw-hand")).to_have_count(0)                           # nothing shown
    expect(hot.locator(".gw-cover-last")).to_contain_text("Ana")              # what Ana did
    hot.locator(".gw-uncover").click()
    expect(hot.locator(".gw-undo")).to_be_disabled()              # Ana's claim is hers to undo
    expect(hot.locator(".gw-claim")).to_contain_text("Ana")
    expect(hot.locator(".gw-claim")).to_contain_text("Ben decides")
    hot.locator(".gw-block.gw-button-primary").click()                         # Ben blocks
    expect(cover).to_contain_text("Pass the screen to Ana")
    hot.locator(".gw-uncover").click()
    expect(hot.locator(".gw-claim-blocks")).to_contain_text("Ben")
    hot.locator('.gw-again[data-action="again"]').click()                      # Ana answers
    expect(cover).to_contain_text("Ben")
    hot.locator(".gw-uncover").click()
    hot.locator('.gw-block[data-action="block"]').dispatch_event("click")      # no spades left
    expect(hot.locator(".gw-error")).to_contain_text("you need a spades card to block")
    hot.locator('.gw-pass[data-action="pass"]').click()
    # Nobody blocked: Ana has the wand, her turn ended with a card, and it's Ben's turn (the
    # screen stays with Ben): he takes a card.
    expect(hot.locator('.gw-wand[data-wand="big"] .gw-wand-holder')).to_contain_text("Ana")
    expect(hot.locator(".gw-last-move")).to_contain_text("took the big goat wand")
    hot.locator(".gw-draw").click()
    expect(cover).to_contain_text("Ana")
    hot.locator(".gw-uncover").click()
    hot.locator('.gw-goat[data-goat="0:big"]').click()                         # Ana: goat, bridge
    expect(hot.locator(".gw-sq.gw-reach")).to_have_count(3)                    # where it may go
    hot.locator('.gw-sq[data-action="move big b3"]').click()
    expect(cover).to_contain_text("Ben")                                       # Ana's turn ended
    hot.locator(".gw-uncover").click()
    expect(hot.locator(".gw-log")).to_contain_text("stepped onto the west bridge")
    expect(hot.locator('.gw-goat[data-goat="0:big"][data-square="b3"]')).to_have_count(1)
    assert not ours(errors), ours(errors)


def test_a_troll_and_the_dragon_eat_goats(page, jupyter):
    errors = console_errors(page)
    page.set_viewport_size(SCREEN)
    name = jupyter.write_notebook(notebook(HOTSEAT, TROLL, DRAGON), f"gruff-eat-{jupyter.kind}.ipynb")
    open_notebook(page, jupyter, name)
    run_all(page)

    troll = cell_with(page, "troll = GruffGoats(")
    expect(troll.locator('.gw-goat[data-goat="1:big"]')).to_have_count(1)
    troll.locator('.gw-troll.gw-clickable[data-square="c4"]').click()
    troll.locator('.gw-sq.gw-clickable[data-action="troll c4 d3"]').click()
    expect(troll.locator(".gw-log")).to_contain_text("The troll ate")
    expect(troll.locator('.gw-goat[data-goat="1:big"]')).to_have_count(0)     # waiting to go back
    expect(troll.locator('.gw-troll[data-square="d3"]')).to_have_count(1)

    dragon = cell_with(page, "dragon = GruffGoats(")
    dragon.locator('.gw-wand[data-wand="dragon"]').click()                     # choose the dragon
    expect(dragon.locator('.gw-goat.gw-clickable[data-goat="1:medium"]')).to_have_count(1)
    dragon.locator('.gw-goat.gw-clickable[data-goat="1:medium"]').click()
    expect(dragon.locator(".gw-log")).to_contain_text("sent the dragon")
    expect(dragon.locator(".gw-dragon")).to_be_visible()
    expect(dragon.locator('.gw-goat[data-goat="1:medium"]')).to_have_count(0)
    assert not ours(errors), ours(errors)


def test_late_and_crowded_positions_are_readable(page, jupyter_lab):
    """At 1366x768 the board fits under the window's height with the wands beside it, and every
    goat is at least 24 px across: late in a 4-player game, and with all twelve goats on one
    corner (issue #9: the corner takes the room its goats need, each inside it, none on
    another)."""
    page.set_viewport_size(SCREEN)
    name = jupyter_lab.write_notebook(notebook(LATE, CROWD), "gruff-late.ipynb")
    open_notebook(page, jupyter_lab, name)
    run_all(page)
    for source, picture, goats in (("late = GruffGoats(", "gruff-late-4p", None),
                                   ("crowd = GruffGoats(", "gruff-crowded-4p", 12)):
        widget = cell_with(page, source)
        board = widget.locator(".gw-gruff-svg")
        expect(board).to_be_visible()
        box = board.bounding_box()
        assert box["height"] <= SCREEN["height"] * 0.6, box
        side = widget.locator(".gw-gruff-side").bounding_box()
        assert side["x"] >= box["x"] + box["width"] and side["x"] + side["width"] <= SCREEN["width"], (box, side)
        pieces = widget.locator(".gw-goat .gw-piece").evaluate_all(PIECES)
        assert 0 < len(pieces) <= 12 and (goats is None or len(pieces) == goats), pieces
        small = [(p["goat"], round(min(p["box"]["width"], p["box"]["height"]), 1)) for p in pieces
                 if min(p["box"]["width"], p["box"]["height"]) < 24]
        assert not small, small
        for i, p in enumerate(pieces):
            b, sq = p["box"], p["on"]
            assert sq["left"] <= b["left"] and b["right"] <= sq["right"] and sq["top"] <= b["top"] \
                and b["bottom"] <= sq["bottom"], p
            for q in pieces[i + 1:]:
                c = q["box"]
                assert b["right"] <= c["left"] or c["right"] <= b["left"] or b["bottom"] <= c["top"] \
                    or c["bottom"] <= b["top"], (p, q)
        shoot(page, picture, widget)
