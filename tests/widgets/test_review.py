"""The Review widget and Retry this moment (issue 27 items 3 and 4; issue 33 item 2): the replay
shows each position from the reviewed seat's eyes only and takes no move, a flagged moment
lights the move played and the better one, an unclear one says so (never good, never a
mistake), Retry's step judges a move against the best on the same trials, "Next flagged ⚑" is
disabled when nothing is flagged, the strip shows each value's interval and the better move's
value from the same trials, and during a game no other seat can be reviewed."""

from __future__ import annotations

import json
import re
from pathlib import Path
import xml.etree.ElementTree as ET

import pytest

import goatwidgets
from goatwidgets.engine import GameError
from goatwidgets.engine.review import TOLERANCE, UNCLEAR, position_at
from goatwidgets.games import REGISTRY, goat_lords
from goatwidgets.widgets.review import Review, ReviewError
from tests.engine.helpers import decided


def thrown_away():
    """You discard a Goat Lord where two Ninja Goats make a 65-point stack (a blunder)."""
    s = goat_lords.position(players=2, names=["You", "Bo"],
                            hands=[["kraken", "lord", "corn", "fairy"], ["ninja"]],
                            herds=[[], ["ninja ninja"]], seed=4)
    s.apply("discard lord", seat=0)
    return s


def test_review_is_exported_like_lesson():
    assert goatwidgets.Review is Review
    assert "Review" in goatwidgets.__all__


def test_the_slider_shows_each_position_from_the_seats_eyes_only_and_takes_no_move():
    s = decided(goat_lords, 2, 1, 16)
    r = Review(s, 0, iterations=10, seed=1)
    assert r.slider.max == len(r.entries) == 16
    for k in range(r.slider.max + 1):
        r.slider.value = k
        entry = r.entries[k] if k < len(r.entries) else len(s._journal)
        at = position_at(s, entry)
        sent = r.board.get_state()
        assert r.board.viewer == 0 and sent["view"] == {**json.loads(json.dumps(at.view(0))),
                                                        "prompt": "The game as Player 1 saw it."}
        if at.view(1)["hand"] != at.view(0)["hand"]:      # the other hand is never sent
            assert sent["view"]["hand"] != at.view(1)["hand"]
            assert at.view(1)["hand"] not in [v for v in sent["view"].values()]
        # offered: only the moves the review lights (drawn to be seen; a click is refused)
        assert sent["legal"] == json.loads(json.dumps(r.board.highlight))
        assert not sent["can_undo"] and not sent["coach"]
    r.slider.value = 0
    for text in [str(a) for a in position_at(s, 0).legal_actions(0)][:3]:
        with pytest.raises(GameError, match="replay"):
            r.board.play(text)
    r.board._handle_msg({"content": {"data": {"method": "custom", "content": {
        "type": "undo", "version": r.board.version}}}})
    assert "replay" in r.board.error and len(position_at(s, 0).history) == 0
    assert s.to_json() == decided(goat_lords, 2, 1, 16).to_json()     # the game untouched


def test_prev_next_and_next_flagged_move_the_slider():
    r = Review(decided(goat_lords, 2, 1, 16), 0, iterations=10, seed=1)
    r.next_button.click()
    r.next_button.click()
    r.prev_button.click()
    assert r.slider.value == 1 and "Before move 2 of 16" in r.where.value
    r.slider.value = r.slider.max
    assert r.next_button.disabled and "Now (after 16 moves" in r.where.value


def test_a_flagged_moment_lights_both_moves_says_which_is_which_and_why():
    r = Review(thrown_away(), 0, iterations=200, seed=1)
    m = r.moment
    assert m.grade in ("mistake", "blunder") and m.best.startswith("birth")
    lit = sorted(a["text"] for a in r.board.highlight)
    assert lit == sorted([m.played, m.best])
    # in the board's words (issue 34 item 1), never the code form
    assert "You chose to discard your Goat Lord and draw a card:" in r.note.value
    assert ("The better move was to pair your Krakengoat with your Goat Lord (a Birth)"
            in r.note.value and "Both are lit" in r.note.value)
    assert m.played not in r.note.value and m.best not in r.note.value
    assert "GL-R8" in r.note.value and ("big mistake" in r.note.value or
                                        "A mistake" in r.note.value)
    assert r.retry_button.layout.display is None
    assert r.board.legal == r.board.highlight           # drawn on the board, not playable:
    with pytest.raises(GameError, match="replay"):
        r.board.play(m.best)
    assert "<svg" in r.strip.value and "Your chance of winning" in r.strip.value
    r.slider.value = 1                                  # the end: no decision, nothing lit
    assert r.board.highlight == [] and r.retry_button.layout.display == "none"
    with pytest.raises(ReviewError):
        r.retry()


def test_retry_judges_the_best_move_right_and_the_blunder_wrong_and_hides_the_answer_first():
    r = Review(thrown_away(), 0, iterations=200, seed=1)
    m = r.moment
    lesson = r.retry_button.click() or r.lesson
    assert lesson is not None and r.retry_box.children == (lesson,)
    assert lesson.board.state.history == [] and lesson.board.viewer == 0
    real = position_at(r.state, m.entry)                   # re-dealt: the seat's view alone
    assert lesson.board.state.view(0) == real.view(0)
    assert lesson.board.state.to_json() != real.to_json()
    assert m.best not in lesson.text.value                 # the answer is not shown first
    lesson.hint()
    assert lesson.board.highlight == [] and "Have a try first" in lesson.feedback.value
    lesson.board.play(m.played)
    assert lesson.status == "wrong"
    lesson.board.undo()
    lesson.hint()                                          # after a wrong try it points
    assert [a["text"] for a in lesson.board.highlight] == [m.best]
    lesson.restart()
    lesson.board.play(m.best)
    assert lesson.status == "right" and "last rule" not in lesson.feedback.value
    # any move within the tolerance of the best counts; one just outside does not
    near = [a for a, v in m.values.items() if a != m.best and v >= m.before - TOLERANCE]
    for action in near[:1]:
        lesson.restart()
        lesson.board.play(action)
        assert lesson.status == "right"


def test_during_a_game_the_review_refuses_another_seat_after_it_any_seat():
    going = decided(goat_lords, 2, 1, 16)
    r = Review(going, 0, iterations=10, seed=1)
    assert r.seat_menu.disabled
    with pytest.raises(ReviewError, match="still going"):
        r.show_seat(1)
    r.seat_menu.value = 1                                  # a forged change is put back
    assert r.seat == 0 and r.seat_menu.value == 0 and r.board.viewer == 0
    assert "still going" in r.note.value
    with pytest.raises(ReviewError):
        Review(going, 2, iterations=10)
    over = decided(goat_lords, 2, 2, 400)
    assert over.is_over
    r = Review(over, 0, iterations=4, seed=1)
    r.show_seat(1)
    assert r.seat == 1 and r.board.viewer == 1 and over.seat_name(1) in r.title.value
    assert r.result.seat == 1


@pytest.mark.parametrize("game", list(REGISTRY))
def test_every_games_review_shows_the_seats_view_only_and_takes_no_move(game):
    module = REGISTRY[game].module
    s = decided(module, 2, 3, 14)
    r = Review(s, 1, iterations=4, seed=1)
    for k in range(r.slider.max + 1):
        r.slider.value = k
        entry = r.entries[k] if k < len(r.entries) else len(s._journal)
        sent = r.board.get_state()
        shown = json.loads(json.dumps(position_at(s, entry).view(1)))
        assert sent["view"] == {**shown, "prompt": "The game as Player 2 saw it."}
        assert sent["whose"] == "Player 2's"
        assert sent["legal"] == json.loads(json.dumps(r.board.highlight))   # lit: not playable
        m = r.moment
        assert bool(r.board.highlight) == (m is not None and m.best != m.played and (
            m.flagged or m.grade == UNCLEAR)) and r.board.viewer == 1
    m = r.result.moments[0]             # (4 trials flag nothing: grade one to see it shown)
    m.grade, m.best = "mistake", next(a for a in m.values if a != m.played)
    r.go(m.entry)
    r._show()
    assert {a["text"] for a in r.board.highlight} == {m.played, m.best}
    assert "A mistake" in r.note.value and r.retry().board.viewer == 1


def test_a_roll_the_seat_saw_is_said_as_luck_not_as_a_choice():
    """Grab Your Goat!: at a move whose die roll the review counted as luck (Bo's roll
    included: You saw it), the note says what it did to You's chance, apart from choices; at
    a move with no luck, nothing about luck."""
    from goatwidgets.engine.bots import make_bot
    from goatwidgets.games import grab_your_goat
    s = grab_your_goat.new_game(players=2, seed=4, names=["You", "Bo"])
    bot = make_bot("casual", seed=4)
    for _ in range(14):
        s.apply(bot.choose(s, s.deciders[0]), seat=s.deciders[0])
    r = Review(s, 0, iterations=10, seed=0)
    lucky = {k.entry: k for k in r.result.luck}
    assert {k.seat for k in lucky.values()} == {0, 1}
    for entry in r.entries:
        r.go(entry)
        if entry in lucky:
            swing = round(100 * lucky[entry].swing)
            said = ("raised your" if swing > 0 else "lowered your" if swing < 0
                    else "made no real difference to your")
            assert "<b>Luck</b> in this move (a die or a draw, not a choice)" in r.note.value
            assert said in r.note.value and (not swing or f"about {abs(swing)} in 100" in r.note.value)
        else:
            assert "Luck" not in r.note.value
    assert "Luck" in r.result.summary()


def test_the_retry_step_numbers_its_move_as_the_slider_does():
    """A record can hold entries that are not moves (a preset die): the retry's title counts
    moves only, as the slider's "Before move k of N" does."""
    from goatwidgets.games import floats_mcgoats
    from goatwidgets.widgets.review import retry_step
    s = floats_mcgoats.position(players=2, names=["You", "Bo"], sticks=["0,1-1,0"],
                                goats={"0,0u": (0, "baby")}, seed=4)
    s.preset(die=["add"])
    s.apply("roll", seat=0)
    s.apply(s.legal_actions(0)[0], seat=0)
    r = Review(s, 0, iterations=5, seed=1)
    entry = r.entries[1]                                  # You's stick: the second move
    assert entry == 2 and "preset" in s._journal[0]
    r.go(entry)
    assert "Before move 2 of 2" in r.where.value
    assert retry_step(s, 0, r.moments[entry]).title == "Retry: your decision at move 2"


SVG = "{http://www.w3.org/2000/svg}"


def test_nothing_flagged_disables_next_flagged_and_the_page_says_so():
    """Issue 33 item 2: a game with nothing flagged (You played the best move) leaves "Next
    flagged ⚑" disabled, its label and the strip's key saying nothing was flagged."""
    s = goat_lords.position(players=2, names=["You", "Bo"],
                            hands=[["kraken", "lord", "corn", "fairy"], ["ninja"]],
                            herds=[[], ["ninja ninja"]], seed=4)
    s.apply("birth corn lord", seat=0)
    r = Review(s, 0, iterations=200, seed=1)
    assert not r.result.flagged()
    assert r.flag_button.disabled and r.flag_button.description == "Nothing flagged"
    assert "Nothing flagged" in r.strip.value and "Nothing flagged" in r.title.value
    flagged = Review(thrown_away(), 0, iterations=200, seed=1)
    assert not flagged.flag_button.disabled
    assert flagged.flag_button.description == "Next flagged ⚑"
    assert "Nothing flagged" not in flagged.strip.value


def test_the_strip_shows_each_values_interval_and_the_better_moves_value_on_the_same_trials():
    """Issue 33 item 2: each bar of the strip carries its 95 % interval (a whisker with caps)
    and, at a decision where a better move was found, a ring at that move's value, from the
    same imagined games as the bar; the SVG is well-formed (an <img> refuses anything else)."""
    r = Review(thrown_away(), 0, iterations=200, seed=1)
    (m,) = r.result.moments
    svg = re.search(r"<svg.*</svg>", r.strip.value, re.S).group(0)
    root = ET.fromstring(svg)
    lines = [e for e in root.iter(f"{SVG}line") if e.get("stroke") == "#222"]
    assert len(lines) == 3                               # the whisker and its two caps
    ys = sorted(float(e.get("y1")) for e in lines)
    rings = list(root.iter(f"{SVG}circle"))
    assert len(rings) == 1 and ys[0] < ys[-1]
    bar = next(e for e in root.iter(f"{SVG}rect") if e.find(f"{SVG}title") is not None)
    tip = bar.find(f"{SVG}title").text
    assert f"{round(100 * m.after)} in 100 (95 % between {round(100 * m.low)} and " \
           f"{round(100 * m.high)})" in tip and f"the better move: {round(100 * m.before)}" in tip
    assert m.trials >= 16 and m.low <= m.after <= m.high
    assert "95 %" in r.strip.value and "same imagined games" in r.strip.value
    # issue 34 item 7: the strip is drawn inline in a wrapper the theme's stylesheet paints, so
    # it is no white box in the dark theme; each colour the stylesheet repaints is still drawn
    assert '<div class="gw-review-strip"' in r.strip.value
    css = (Path(goatwidgets.__file__).parent / "static" / "goatwidgets.css").read_text()
    for drawn in ('stroke="#222"', 'fill="white"'):
        assert drawn in svg
    assert re.search(r"\.gw-review-strip svg text\{fill:\s*var\(--jp-ui-font-color1", css)


def test_an_unclear_decision_is_said_so_never_good_never_a_mistake():
    """Issue 33 item 2: a decision the search can't tell apart from the best reads
    "Unclear", lights both moves to compare, offers no Retry and is skipped by Next flagged;
    the summary counts it apart."""
    s = decided(goat_lords, 2, 1, 16)
    r = Review(s, 0, iterations=20, seed=2)
    unclear = [m for m in r.result.moments if m.grade == UNCLEAR]
    assert unclear
    for m in unclear:
        r.go(m.entry)
        assert "gw-grade-unclear" in r.note.value and "Unclear." in r.note.value
        assert "a good move" not in r.note.value and "⚑" not in r.note.value
        assert "The better move" not in r.note.value and "not graded" in r.note.value
        assert r.retry_button.layout.display == "none"
        if m.best != m.played:
            assert sorted(a["text"] for a in r.board.highlight) == sorted([m.played, m.best])
        with pytest.raises(ReviewError):
            r.retry()
    flagged = {m.entry for m in r.result.flagged()}
    assert r.flag_button.disabled == (not flagged)
    for _ in range(len(flagged)):
        r.flag_button.click()                           # unclear ones are not stops
        assert r.moment.entry in flagged
    assert " unclear" in r.result.summary()


def test_retry_counts_a_move_the_search_cannot_tell_from_the_best():
    """Two stacks of the Goat Lord are about as good (with the Goat-a-Corn or the
    Krakengoat): whichever the review names, the other is judged right too, on the same
    trials as the best; the discard played is still wrong."""
    r = Review(thrown_away(), 0, iterations=200, seed=1)
    m = r.moment
    other = next(a for a in ("birth corn lord", "birth kraken lord") if a != m.best)
    lesson = r.retry()
    lesson.board.play(other)
    assert lesson.status == "right"
    lesson.restart()
    lesson.board.play(m.played)
    assert lesson.status == "wrong"


@pytest.mark.parametrize("game", sorted(REGISTRY))
def test_a_review_of_a_bots_seat_names_that_seat_never_you(game):
    """Issue 34 item 5: reviewing Bot Cal's seat showed "Your hand" and "Your turn". The board
    names the seat it shows (``whose``, read by every game's page for its hand's heading) and
    says whose eyes these are instead of a prompt to act; a seat called You stays "Your"."""
    module = REGISTRY[game].module
    s = module.new_game(players=2, seed=3, names=["You", "Bot Cal"])
    bot = goatwidgets.engine.bots.make_bot("casual", seed=3)
    for _ in range(14):
        s.apply(bot.choose(s, s.deciders[0]), seat=s.deciders[0])
    r = Review(s, 1, iterations=4, seed=1)
    for k in (0, r.slider.max):
        r.slider.value = k
        assert r.board.whose == "Bot Cal's"
        assert r.board.view["prompt"] == "The game as Bot Cal saw it."
    mine = Review(s, 0, iterations=4, seed=1)
    assert mine.board.whose == "Your" and mine.board.view["prompt"] == "The game as you saw it."


def test_a_review_says_how_far_it_got_while_it_computes(monkeypatch):
    """Issue 34 item 7: the review computed 6-12 s showing only [*]. A bar under the cell
    counts the decisions judged ("Reviewing 3 / 9 decisions, 1 s so far, about 2 s left") and
    goes once the review is shown; choosing another seat counts in the review's own line."""
    from goatwidgets.widgets import progress
    from goatwidgets.widgets import review as review_widget
    shown, seen = [], []
    monkeypatch.setattr(progress, "display", shown.append)
    monkeypatch.setattr(review_widget, "in_kernel", lambda: True)    # as in a notebook
    s = decided(goat_lords, 2, 1, 400)
    assert s.is_over
    real = progress.Bar.__call__

    def spy(bar, done, total=None):
        real(bar, done, total)
        seen.append(bar.label.value)

    monkeypatch.setattr(progress.Bar, "__call__", spy)
    r = Review(s, 0, iterations=4, seed=1)
    assert len(shown) == 1 and shown[0].children[0].description == "Reviewing"
    total = len(r.result.moments) + 1
    assert seen[0].startswith(f"0 / {total} decisions") and seen[-1].startswith(
        f"{total} / {total} decisions in")
    assert len(seen) == total + 1 and shown[0].comm is None     # counted, then taken off
    wheres = []
    r.where.observe(lambda c: wheres.append(c["new"]), names="value")
    r.show_seat(1)
    assert len(shown) == 1 and any(f"Reviewing 0 / " in w for w in wheres)
    assert "Reviewing" not in r.where.value                       # the position again
