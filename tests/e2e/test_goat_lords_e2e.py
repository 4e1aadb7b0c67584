"""Goat Lords in a real JupyterLab and Notebook 7: the tutorial runs, lesson steps are done by
clicking (a Birth of two cards, an action card on a target), an illegal pair is explained, a
duel started by one seat is answered by the other behind the hot-seat cover, and an action
card aimed at a player who holds Escape Goat is let through by that player, and the hand and an
action card's targets are walked with the arrow keys and played with Enter. No console errors.

Every check clicks a real element and waits for what Python sent back to be re-rendered.
Set GOATWIDGETS_SCREENS=1 to also save 1366x768 screenshots (light and dark) under
.bench/screens/.
"""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import expect

from tests.e2e.helpers import (cell_with, console_errors, notebook, open_notebook, open_tutorial, ours,
                                 run_all, shoot)

REPO = Path(__file__).resolve().parents[2]
TUTORIAL = REPO / "notebooks" / "03-goat-lords.ipynb"
SCREEN = {"width": 1366, "height": 768}

HOTSEAT = """
from goatwidgets import GoatLords
from goatwidgets.games.goat_lords import position
hot = GoatLords(position(players=2, names=["Ana", "Bo"],
                         hands=[["ninja", "fairy", "foodie", "baby", "ladypug"], ["ninja", "lord", "ghoast"]],
                         herds=[[["tgoat", "tgoat"]], [["fairy", "fairy"], ["ninja", "ninja"]]],
                         discard=["dragon"]))
hot
"""
ATOMIC = """
atom = GoatLords(position(players=2, names=["Ana", "Bo"], actions=[["atomic"], ["escape"]],
                          hands=[["ninja", "fairy", "foodie", "baby", "ladypug"], ["kraken"]],
                          herds=[[["tgoat", "tgoat"]], [["fairy", "fairy"], ["corn", "corn"]]],
                          discard=["dragon"]))
atom
"""
KEYS = """
from goatwidgets import GoatLords
from goatwidgets.games.goat_lords import position
keys = GoatLords(position(players=2, names=["Ana", "Bo"], actions=[["atomic"], []],
                          hands=[["ninja", "fairy", "ninja", "baby"], ["lord"]],
                          herds=[[["tgoat", "tgoat"]], [["fairy", "fairy"], ["ninja", "ninja"]]],
                          discard=["dragon"]), seat=0)
keys
"""
LATE = """
from goatwidgets import GoatLords
from goatwidgets.engine import make_bot
late = GoatLords(players=6, seed=5, names=["Ana", "Bo", "Cy", "Dee", "Eli", "Fay"],
                 bots={i: "greedy" for i in range(1, 6)}, seat=0)
me = make_bot("greedy", seed=1)
while late.state.turn < 70 and not late.state.is_over:
    late.play(str(me.choose(late.state, 0)))
late
"""


def hand(cell, card: str, nth: int = 0):
    return cell.locator(f'.gw-gl-hand-card[data-card="{card}"]').nth(nth)


def test_tutorial_runs_lessons_are_clicked_and_an_illegal_pair_is_explained(page, jupyter):
    errors = console_errors(page)
    page.set_viewport_size(SCREEN)
    open_tutorial(page, jupyter, TUTORIAL, f"goat-lords-{jupyter.kind}.ipynb")

    # Step 2, a Birth: a Goat Ninja and the Krakengoat don't pair; Python says why.
    birth = cell_with(page, "Lesson(LESSON, step=2)")
    hand(birth, "ninja").click()
    hand(birth, "kraken").click()
    expect(birth.locator(".gw-error")).to_contain_text("can't make a pair of a Goat Ninja and a Krakengoat")
    expect(birth.locator(".gw-error")).to_contain_text("GL-R8")
    expect(birth.locator(".gw-lesson-feedback")).to_contain_text("Not allowed")
    expect(birth.locator(".gw-lesson-feedback")).to_contain_text("Why? (GL-R8)")
    expect(birth.locator(".gw-gl-seat[data-seat='0'] .gw-gl-stack")).to_have_count(1)
    # ... then the two Goat Ninjas, one after the other: a new stack on top.
    hand(birth, "ninja", 0).click()
    expect(hand(birth, "ninja", 1)).to_have_class(re.compile(r"\bgw-lit\b"))
    shoot(page, "goat-lords-lesson-step", birth)
    hand(birth, "ninja", 1).click()
    expect(birth.locator(".gw-lesson-feedback")).to_contain_text("A new stack")
    expect(birth.locator(".gw-gl-seat[data-seat='0'] .gw-gl-stack")).to_have_count(2)
    expect(birth.locator(".gw-error")).to_be_hidden()

    # Step 9, Atomic Goat: the card, then the target (Rival's name), with the keyboard.
    atomic = cell_with(page, "Lesson(LESSON, step=9)")
    atomic.locator('.gw-gl-mine-action.gw-clickable[data-card="atomic"]').press("Enter")
    atomic.locator('.gw-gl-seat-head.gw-clickable[data-action="atomic 1"]').press("Enter")
    expect(atomic.locator(".gw-lesson-feedback")).to_contain_text("Boom")
    expect(atomic.locator(".gw-gl-seat[data-seat='1'] .gw-gl-stack")).to_have_count(1)

    # The whole game: a click on a card, then Discard; the bots answer.
    match = cell_with(page, "match = GoatLords(")
    match.locator(".gw-gl-hand-card.gw-clickable").first.click()
    match.locator('.gw-gl-actions .gw-gl-discard[data-action^="discard"]').click()
    expect(match.locator(".gw-log")).to_contain_text("Bot")
    assert not ours(errors), ours(errors)


def test_a_duel_is_answered_behind_the_hotseat_cover(page, jupyter):
    errors = console_errors(page)
    page.set_viewport_size(SCREEN)
    name = jupyter.write_notebook(notebook(HOTSEAT, ATOMIC), f"goat-lords-hot-{jupyter.kind}.ipynb")
    open_notebook(page, jupyter, name)
    run_all(page)
    hot = cell_with(page, "hot = GoatLords(")
    cover = hot.locator(".gw-cover-text")

    # The game starts covered: Ana's hand is not on the projector until she uncovers.
    expect(cover).to_contain_text("Pass the screen to Ana")
    expect(hot.locator(".gw-gl-hand-card")).to_have_count(0)
    hot.locator(".gw-uncover").click()
    # Ana chooses her Goat Ninja, then Bo's top stack: a duel.
    hand(hot, "ninja").click()
    hot.locator('.gw-gl-stack.gw-clickable[data-action="duel 1 ninja"]').click()
    expect(cover).to_contain_text("Pass the screen to Bo")
    expect(hot.locator(".gw-gl-hand-card")).to_have_count(0)                  # nothing shown
    # the cover says why the screen goes to Bo, and what Ana just did (the public part)
    expect(hot.locator(".gw-cover-why")).to_contain_text("Bo")
    expect(hot.locator(".gw-cover-last")).to_contain_text("Ana")
    hot.locator(".gw-uncover").click()
    # Bo may not take back Ana's duel: his Undo is off and says why
    expect(hot.locator(".gw-undo")).to_be_disabled()
    expect(hot.locator(".gw-undo")).to_have_attribute("title", re.compile("Ana made the last one"))
    expect(hot.locator(".gw-gl-why")).to_contain_text("Bo may defend their Goat Ninja stack")
    expect(hot.locator(".gw-gl-duel")).to_contain_text("Ana")
    expect(hot.locator(".gw-gl-duel-card")).to_have_count(1)
    hand(hot, "lord").click()                                                  # Bo answers
    expect(cover).to_contain_text("Pass the screen to Ana")
    hot.locator(".gw-uncover").click()
    expect(hot.locator(".gw-gl-duel-card")).to_have_count(2)
    hand(hot, "fairy").dispatch_event("click")                                # not a Ninja
    expect(hot.locator(".gw-error")).to_contain_text("add a Goat Ninja or a wild")
    hot.locator('.gw-gl-pass[data-action="pass"]').click()                     # Ana gives up
    expect(cover).to_contain_text("Bo")
    hot.locator(".gw-uncover").click()
    expect(hot.locator(".gw-log")).to_contain_text("Bo wins the duel")
    top = hot.locator(".gw-gl-seat[data-seat='1'] .gw-gl-stack.gw-gl-top")
    expect(top).to_contain_text("4 cards")

    # Atomic Goat on Bo, who holds Escape Goat face down: Bo is asked (behind the cover).
    atom = cell_with(page, "atom = GoatLords(")
    atom.locator(".gw-uncover").click()                       # Ana's game starts covered too
    atom.locator('.gw-gl-mine-action[data-card="atomic"]').click()
    atom.locator('.gw-gl-stack.gw-clickable[data-action="atomic 1"]').first.click()
    expect(atom.locator(".gw-cover-text")).to_contain_text("Bo")
    atom.locator(".gw-uncover").click()
    expect(atom.locator(".gw-gl-why")).to_contain_text("Bo is asked: cancel Atomic Goat with an Escape Goat")
    expect(atom.locator('.gw-gl-escape[data-action="escape"]')).to_have_count(1)
    atom.locator('.gw-gl-allow[data-action="allow"]').click()
    expect(atom.locator(".gw-log")).to_contain_text("goes to the trash")
    expect(atom.locator(".gw-gl-seat[data-seat='1'] .gw-gl-stack")).to_have_count(1)
    assert not ours(errors), ours(errors)


def test_arrow_keys_move_within_the_hand_and_the_targets(page, jupyter):
    """Tab reaches the hand; ArrowRight/ArrowLeft go to the next/previous card, wrapping; the
    same among the targets of a chosen action card; Enter plays what has the focus."""
    errors = console_errors(page)
    page.set_viewport_size(SCREEN)
    name = jupyter.write_notebook(notebook(KEYS), f"goat-lords-keys-{jupyter.kind}.ipynb")
    open_notebook(page, jupyter, name)
    run_all(page)
    keys = cell_with(page, "keys = GoatLords(")
    cards = keys.locator(".gw-gl-hand-card")
    expect(cards).to_have_count(4)                             # ninja, ninja, fairy, baby

    # Tab from the cell reaches the hand's first card (after the buttons on the title's line:
    # Suggest); the arrows walk the hand, wrapping.
    keys.locator(".gw-gl-mine h4").first.click()              # the notebook selects the cell
    for _ in range(10):                                         # then Tab, Tab… into the hand
        page.keyboard.press("Tab")
        if keys.locator(".gw-gl-hand :focus").count():
            break
    expect(cards.nth(0)).to_be_focused()
    for i in (1, 2, 3, 0):
        page.keyboard.press("ArrowRight")
        expect(cards.nth(i)).to_be_focused()
    page.keyboard.press("ArrowLeft")
    expect(cards.nth(3)).to_be_focused()
    page.keyboard.press("ArrowDown")
    expect(cards.nth(0)).to_be_focused()

    # Atomic Goat chosen by keyboard: its targets (Bo, and Bo's two stacks) take the arrows too.
    keys.locator('.gw-gl-mine-action[data-card="atomic"]').press("Enter")
    targets = keys.locator(".gw-gl-seats .gw-clickable")
    expect(targets).to_have_count(3)
    targets.nth(0).focus()
    for i in (1, 2, 0):
        page.keyboard.press("ArrowRight")
        expect(targets.nth(i)).to_be_focused()
    page.keyboard.press("ArrowLeft")
    expect(targets.nth(2)).to_be_focused()
    page.keyboard.press("Escape")                               # the card is put back
    expect(keys.locator(".gw-gl-seats .gw-clickable")).to_have_count(0)

    # A Birth by keyboard: Enter on the first Goat Ninja, ArrowRight, Enter on the second.
    cards.nth(0).focus()
    page.keyboard.press("Enter")
    expect(cards.nth(0)).to_have_class(re.compile(r"\bgw-selected\b"))
    expect(cards.nth(0)).to_be_focused()                        # kept through the re-render
    page.keyboard.press("ArrowRight")
    expect(cards.nth(1)).to_be_focused()
    page.keyboard.press("Enter")
    expect(keys.locator(".gw-gl-seat[data-seat='0'] .gw-gl-stack")).to_have_count(2)
    expect(keys.locator(".gw-log")).to_contain_text("a Goat Ninja and a Goat Ninja (Birth): a new stack")
    assert not ours(errors), ours(errors)


def test_late_six_player_position_is_readable(page, jupyter_lab):
    """At 1366x768 every herd of a late six-player game shows without scrolling sideways, and
    the cards' text is at least 12 px."""
    errors = console_errors(page)
    page.set_viewport_size(SCREEN)
    name = jupyter_lab.write_notebook(notebook(LATE), "goat-lords-late.ipynb")
    open_notebook(page, jupyter_lab, name)
    run_all(page)
    late = cell_with(page, "late = GoatLords(")
    expect(late.locator(".gw-gl-seat")).to_have_count(6)
    widths = late.locator(".gw-gl-seat").evaluate_all(
        "ns => ns.map(n => n.scrollWidth - n.clientWidth)")
    assert max(widths) <= 1, widths
    sizes = late.locator(".gw-gl-stack-face").evaluate_all(
        "ns => ns.map(n => parseFloat(getComputedStyle(n).fontSize))")
    assert sizes and min(sizes) >= 12, sizes
    shoot(page, "goat-lords-late-6p", late.locator(".gw-root"))
    assert not ours(errors), ours(errors)
