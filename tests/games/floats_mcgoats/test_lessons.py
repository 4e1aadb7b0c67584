"""Floats McGoats' lesson and tutorial notebook (01): the lesson's steps judge moves by the
rulings (``../shared/rules/floats_mcgoats.rulings.md``) and say what happened in words that ask
for no other move; the notebook's cells, run on a made-up position, say who won and how
uncertain the experiment's result is.
"""

from __future__ import annotations

import re

import pytest

from goatwidgets.games.floats_mcgoats import position

from ..checks import Tutorial
from .helpers import BELOW, CLOSER, FIVE_FOR_P0, LEFT


# ---------------------------------------------------------------------- notebook 01 (item 11)

TUTORIAL = Tutorial("01-floats-mcgoats.ipynb")
notebook_cell, run_cell = TUTORIAL.cell, TUTORIAL.run


def test_notebook_01_after_the_game_says_it_is_over_and_who_won(capsys):
    from types import SimpleNamespace
    over = position(names=["You", "Greedy goat"], sticks=[CLOSER, *BELOW, *LEFT],
                    goats=FIVE_FOR_P0)
    over.apply("mama -1,0d")
    out = run_cell(notebook_cell("state = match.state"), {"match": SimpleNamespace(state=over)}, capsys)
    assert "You win!" in out and "match.reset() starts a new game" in out
    assert "could type" not in out and not re.search(r":\s*$", out, re.M), out


def test_notebook_01_says_the_experiments_result_with_its_uncertainty(capsys, monkeypatch):
    """The result is computed from the games played, with the range it could really be in."""
    import goatwidgets.widgets.progress as progress
    for first in (60, 20):
        games = [{"winners": (0,), "turns": 30}] * first + \
                [{"winners": (1,), "turns": 30}] * (140 - first) + [{"winners": (), "turns": 500}] * 10
        monkeypatch.setattr(progress, "simulate", lambda *a, **k: games)
        from goatwidgets.games import floats_mcgoats
        out = run_cell(notebook_cell("simulate("), {"game": floats_mcgoats}, capsys)
        assert f"Player 1 won {first} of 150 games" in out
        assert "somewhere between" in out and "10 games were draws" in out
        assert ("helps" if first == 60 else "hurts") in out, out


# ---------------------------------------------------------------------- the lesson (item 7)

def lesson_step(title: str):
    from goatwidgets.lessons.floats_mcgoats import LESSON
    index = next(i for i, step in enumerate(LESSON.steps) if step.title == title)
    return LESSON, index, LESSON.steps[index]


def test_lesson_fm_r4_a_spot_holds_one_goat_or_one_stack():
    """FM-R4: one goat, one stack of two, or the shark per spot (the step said "only one
    goat fits in a spot", which Goat love's stacks contradict)."""
    text = lesson_step("One goat per spot")[2].text
    assert "Only one goat fits" not in text and "stack" in text


@pytest.mark.parametrize("title, wrong, button", [
    ("Your first goat", "baby 0,0u",
     "Switch back to Mama (the buttons above the board) for your next try."),
    ("The baby is worth two", "mama 0,0u",
     "Switch to the baby (the Baby button above the board) for your next try."),
])
def test_lesson_a_wrong_goat_kind_asks_for_undo_before_another_move(title, wrong, button):
    """A wrong try closes the board until Undo or Try again: its words must not ask for
    another placement first ("... and place again. Press Undo ...")."""
    from goatwidgets.lessons import LessonRun
    lesson, index, _ = lesson_step(title)
    run = LessonRun(lesson, start=index)
    outcome = run.try_action(wrong)
    assert outcome.status == "wrong"
    assert outcome.message.endswith(f"{button} Press Undo on the board to take it back, "
                                    "or Try again.")


def test_lesson_fm_x3_the_moved_bridge_lands_touching_the_anchors_part():
    """FM-X3: the lifted stick may not go "anywhere": only where it touches the part still
    joined to the anchors (the board refuses the rest)."""
    from goatwidgets.lessons import LessonRun
    lesson, index, step = lesson_step("Floating away")
    run = LessonRun(lesson, start=index)
    for text in ("roll", "move 1,0-2,0"):
        run.try_action(text)
    assert run.try_action("drop 3,0-4,0").status == "illegal"      # by the branch: refused
    for words in (step.text, step.hint):
        assert "anywhere" not in words or "joined to the anchors" in words, words


def test_lesson_no_done_text_asks_for_another_move_on_the_board():
    """Once a step is right the board takes no more moves: its ✔ words ask for none."""
    from goatwidgets.lessons.floats_mcgoats import LESSON
    move = re.compile(r"(^|[.!:] )(Roll|Click|Put|Place|Pick|Move|Add|Flip|Send|Stack|Swap|"
                      r"Try|Press Undo)\b")
    for step in LESSON.steps:
        assert not move.search(step.right), (step.title, step.right)
