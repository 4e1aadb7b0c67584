"""Gruff Goats' lesson and tutorial notebook (04): the lesson shows a claim succeed, a block
win, an eaten goat back on a corner (rulings in ``../shared/rules/gruff_goats.rulings.md``) and
keeps "try again" its own button; the notebook's cells, run on a made-up position, say who won,
how uncertain the troll wand's result is and how long the full and the quick game take.
"""

from __future__ import annotations

import re
import types
from pathlib import Path

import pytest

from goatwidgets.games import gruff_goats as game
from goatwidgets.games.gruff_goats import new_game, position

from tests.games.checks import Tutorial


# ---------------------------------------------------------------------- the lesson (item 7)

def lesson_step(title):
    from goatwidgets.lessons import LessonRun
    from goatwidgets.lessons.gruff_goats import LESSON
    index = [step.title for step in LESSON.steps].index(title)
    return LessonRun(LESSON, start=index)


@pytest.mark.parametrize("title, wand", [("Cards and wands", "little"), ("Claim a wand", "big"),
                                         ("Don't give up!", "big")])
def test_lesson_a_claim_succeeds_and_the_student_sees_it(title, wand):
    """Issue 24 item 7: the claim steps ended on "Rival decides: block or pass?"; now Rival,
    who has no card to block with, passes and the wand is the student's."""
    from goatwidgets import Lesson
    from goatwidgets.lessons.gruff_goats import LESSON
    run = lesson_step(title)
    for text in run.step.solution:
        outcome = run.try_action(text)
    assert outcome.status == "right" and run.state.wands[wand] == 0
    assert "Rival did not block." in run.state.log_for(0)
    assert "is yours" in outcome.message
    lesson = Lesson(LESSON, step=run.index + 1)
    lesson.board.play(run.step.solution[0])
    assert lesson.status == "right" and lesson.board.view["wands"][wand] == 0
    said = lesson.board.last_move                   # in order, the wand taken its headline
    took = [i for i, line in enumerate(said["lines"]) if line.startswith("Nobody blocked: You took")]
    assert took and took[0] in said["headlines"]


def test_lesson_a_block_wins_when_the_rival_gives_up():
    run = lesson_step("Block!")
    assert run.try_action("block").status == "right"
    assert run.state.wands["medium"] == 0 and run.state.claim is None
    assert run.state.log_for(0)[-2:][0].startswith("Rival gave up")


@pytest.mark.parametrize("title, size", [("A troll eats a goat", "big"), ("The dragon", "medium")])
def test_lesson_the_eaten_goat_is_back_on_a_corner_you_can_see(title, size):
    run = lesson_step(title)
    for text in run.step.solution:
        assert run.try_action(text).status == "right"
    where = run.state.goats[1][size]
    assert where in run.state.board.corners, where
    assert "Rival put the" in " ".join(run.state.log_for(0))


def test_lesson_try_again_is_the_lessons_button_only():
    """The lesson's Try again restarts a step; the game's answer after a block is "Put down
    another ♠", and the step that teaches it says so."""
    from pathlib import Path
    from goatwidgets.lessons.gruff_goats import LESSON
    js = (Path(__file__).resolve().parents[3] / "js" / "gruff_goats" / "board.js").read_text()
    assert "Put down another ${cards}" in js and "`Try again" not in js     # the button's label
    for step in LESSON.steps:
        said = " ".join([step.title, step.text, step.hint, step.right, step.wrong,
                         *step.mistakes.values()])
        assert "Try again" not in said, step.title
    again = next(step for step in LESSON.steps if step.expect == "again" or "again" in
                 step.solution)
    assert "Put down another ♠" in again.text and "Put down another ♠" in again.hint


# ---------------------------------------------------------------------- notebook 04 (item 11)

TUTORIAL = Tutorial("04-gruff-goats.ipynb")
notebook_cell, run_cell = TUTORIAL.cell, TUTORIAL.run


def test_notebook_04_after_the_game_says_it_is_over_and_who_won(capsys):
    over = position(hands=["S", ""], goats=[{"big": "b3"}, {}], points=[2, 0],
                    wands={"big": 0}, names=["You", "Greedy goat"])
    over.apply("move big c3")
    out = run_cell(notebook_cell("state = match.state"), {"match": types.SimpleNamespace(state=over)},
                   capsys)
    assert "You win!" in out and "You 3, Greedy goat 0" in out
    assert "match.reset() starts a new game" in out
    assert "game is over" not in out                  # said once, by the prompt (issue 34 item 14)
    assert "wait for" not in out and not re.search(r":\s*$", out, re.M), out
    going = position(names=["You", "Greedy goat"])
    out = run_cell(notebook_cell("state = match.state"), {"match": types.SimpleNamespace(state=going)},
                   capsys)
    assert "What you could type now: draw" in out


def test_notebook_04_says_the_troll_wand_result_with_its_uncertainty(capsys):
    for first, verdict in ((18, "helps"), (9, "too few to tell")):
        results = {False: [((0,), 50)] * 5 + [((1,), 50)] * 15,
                   True: [((0,), 50)] * first + [((1,), 50)] * (20 - first)}
        out = run_cell(notebook_cell("share(won"), {"results": results, "GAMES": 20}, capsys)
        assert f"With the troll wand the first player won {first} of 20 games" in out
        assert "somewhere between" in out and verdict in out, out


def test_notebook_04_times_the_full_game_and_the_quick_game(capsys, monkeypatch):
    import goatwidgets.widgets.progress as progress
    from goatwidgets import charts
    asked = []

    def simulate(game_module, games, players, bots, **options):
        asked.append(options)
        return [{"decisions": 200 if options else 720 + k} for k in range(games)]

    monkeypatch.setattr(progress, "simulate", simulate)
    out = run_cell(notebook_cell("simulate("), {"game": game, "charts": charts}, capsys)
    assert asked == [{}, {"board": "small", "target": 2, "open_hands": True}]
    assert "full game: half the games took" in out and "about 61 minutes" in out
    assert "quick game" in out and "about 17 minutes" in out, out
    for options in asked:                           # the settings the notebook offers exist
        new_game(players=4, **options)
