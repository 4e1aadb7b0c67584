"""The Review widget in a real JupyterLab (issue 27 items 3 and 4, acceptance 2): a finished
Goat Lords game reviewed from You's eyes. The slider (its Next ▶ button and the slider's own
handle, by keyboard) re-renders the board at that point of the game; at a flagged decision
the move played and the better one are lit on the board and the grade and the reason show;
"Retry this moment" turns the decision into a lesson step, and playing the best move there
is judged right. No console errors.

The game: You discard a Goat Lord at the first decision where Corn and the Lord make a stack
(a blunder the review flags with GL-R8's reason), then greedy bots play both seats to the end.

Set GOATWIDGETS_SCREENS=1 to also save 1366x768 screenshots (light and dark, JupyterLab with
its file browser open) of the review and of the retry step under .bench/screens/review-*.png.
"""

from __future__ import annotations

from playwright.sync_api import expect

from tests.e2e.helpers import (cell_with, console_errors, notebook, open_notebook, ours, run_all,
                               shoot)

SCREEN = {"width": 1366, "height": 768}
LIT = ".gw-hinted, .gw-hint-piece, .gw-mark-hint .gw-mark"
GAME = """
from goatwidgets import Review
from goatwidgets.games import goat_lords
from goatwidgets.engine.bots import make_bot
s = goat_lords.position(players=2, names=["You", "Bo"],
                        hands=[["kraken", "lord", "corn", "fairy"], ["ninja"]],
                        herds=[[], ["ninja ninja"]], seed=4)
s.apply("discard lord", seat=0)          # a blunder: Corn and the Lord make a stack
bot = make_bot("greedy", seed=4)
while not s.is_over:
    s.apply(bot.choose(s, s.deciders[0]), seat=s.deciders[0])
"""
#: the review's seed: the Lord's stack with the Goat-a-Corn, the Krakengoat or the Fairy Goat
#: Mother are about as good (the search can't tell them apart), and the review names one of
#: them; with seed 3 it names the Goat-a-Corn (issue 33 item 2: judged on the same trials)
REVIEW = "r = Review(s, 0, iterations=200, seed=3)\nr"


def test_review_slider_flagged_moment_and_retry(page, jupyter_lab):
    errors = console_errors(page)
    page.set_viewport_size(SCREEN)
    name = jupyter_lab.write_notebook(notebook(GAME, REVIEW), "review-goat-lords.ipynb")
    open_notebook(page, jupyter_lab, name)
    run_all(page)
    cell = cell_with(page, "r = Review(")
    review = cell.locator(".gw-review")
    board = review.locator(".gw-root").first
    where = review.locator(".gw-review-where")
    note = review.locator(".gw-review-note")
    expect(where).to_contain_text("Before move 1 of 83: your decision", timeout=60_000)

    # the first decision is flagged: both moves lit, the grade and the reason in words
    expect(note).to_contain_text("A big mistake (a blunder). You chose to discard your Goat "
                                 "Lord and draw a card")        # the board's words (#34 item 1)
    expect(note).to_contain_text("The better move was to pair your Goat-a-Corn with your Goat "
                                 "Lord (a Birth)")
    expect(note).to_contain_text("Both are lit on the board")
    expect(note.locator("details.gw-why summary")).to_contain_text("Why? (GL-R8)")
    for card in ("corn", "lord"):                       # the Lord: in both moves
        expect(board.locator(f'.gw-gl-hand-card.gw-hinted[data-card="{card}"]')).to_be_visible()
    expect(review.locator(".gw-review-strip svg")).to_be_visible()
    # a replay offers no Undo, Suggest or New game on its board
    expect(board.get_by_role("button", name="Undo my move")).to_be_hidden()
    shoot(page, "review-flagged", review)

    # the slider: Next re-renders the board at move 2 (Bo's decision, from You's eyes)
    hand = board.get_by_role("group", name="Your hand").inner_text()
    review.get_by_role("button", name="Next ▶").click()
    expect(where).to_contain_text("Before move 2 of 83: Bo's decision")
    expect(board.get_by_role("group", name="Your hand")).not_to_have_text(hand)
    expect(board.locator(LIT)).to_have_count(0)
    handle = review.locator(".noUi-handle, .slider-handle, [role=slider]").first
    handle.focus()
    handle.press("ArrowRight")
    expect(where).to_contain_text("Before move 3 of 83")
    handle.press("Home")
    expect(where).to_contain_text("Before move 1 of 83")
    expect(board.locator(LIT)).to_have_count(2)

    # Retry this moment: a judged lesson step on the position before the decision
    review.get_by_role("button", name="Retry this moment").click()
    lesson = review.locator(".gw-review-retry .gw-lesson")
    expect(lesson).to_be_visible()
    # the step opens below the review and is brought into view: its words, its Try again and
    # the hand on one screen (it opened ~1,100 px below the button before, issue 34 item 6)
    page.wait_for_function("""() => {
        const n = document.querySelector('.gw-review-retry .gw-lesson');
        const top = n && n.getBoundingClientRect().top;
        return top != null && top >= 0 && top < 200; }""")
    expect(lesson.locator(".gw-lesson-head")).to_be_in_viewport(ratio=1)
    expect(lesson.get_by_role("button", name="Try again")).to_be_in_viewport(ratio=1)
    expect(lesson.locator('.gw-gl-hand-card[data-card="lord"]')).to_be_in_viewport(ratio=1)
    expect(lesson.locator(".gw-lesson-text")).not_to_contain_text("birth corn lord")
    step = lesson.locator(".gw-root")
    expect(step.locator(LIT)).to_have_count(0)         # the answer is not shown first
    step.locator('.gw-gl-hand-card[data-card="corn"]').click()
    step.locator('.gw-gl-hand-card[data-card="lord"]').click()
    feedback = lesson.locator(".gw-lesson-feedback")
    expect(feedback).to_contain_text("Right: that move is as good as the best one here")
    expect(feedback.locator(".gw-feedback-right")).to_be_visible()
    shoot(page, "review-retry", review.locator(".gw-review-retry"))
    assert not ours(errors), ours(errors)
