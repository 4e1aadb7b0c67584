"""Grab Your Goat!'s lesson and tutorial notebook (02): the lesson teaches the rulings
(``../shared/rules/grab_your_goat.rulings.md``, e.g. GY-R5, GY-R17, GY-R18) with words that say
what really happened and ask for no more clicks once a step is done; the notebook shows every
lesson step in order and its cells, run on a made-up position, say who won and how uncertain
the experiment's result is.
"""

from __future__ import annotations

import pytest

from goatwidgets.games import grab_your_goat as game
from goatwidgets.games.grab_your_goat import position
from goatwidgets.games.grab_your_goat.board import FIXED

from tests.games.checks import Tutorial

from .helpers import C, at, goat_at, quick, roll


# ---------------------------------------------------------------------- the lesson (issue 24 items 2, 7)

def lesson_step(title):
    from goatwidgets.lessons.grab_your_goat import LESSON
    steps = [s for s in LESSON.steps if s.title == title]
    assert len(steps) == 1, title
    return steps[0]


def solved(step):
    from goatwidgets.lessons import YOU
    state = step.position()
    for text in step.solution:
        state.apply(text, seat=YOU)
    return state


def test_lesson_a_done_steps_words_ask_for_no_more_clicks():
    """Issue 24 item 2: once a step is right the board takes no more moves, so its ✔ text
    must not invite one ("After the roll comes your shepherd's move")."""
    import re
    from goatwidgets.lessons.grab_your_goat import LESSON
    for step in LESSON.steps:
        assert "comes your shepherd's move" not in step.right, step.title
        assert not re.search(r"(?:^|[.!:;] )(?:Now )?(?:Step|Click|Roll|Move|Turn|Play|Take|Ride|"
                             r"Send|Throw|Choose)\b", step.right), (step.title, step.right)


def test_lesson_rollers_choice_is_taught_gy_r5():
    """Issue 24 item 7: Roller's choice (2 of the 6 faces) had no step. The student rolls it
    (preset) and steers the goat; the numbers in the text are the die's."""
    from goatwidgets.games.grab_your_goat import DEFAULT_DIE
    from goatwidgets.lessons import LessonRun
    from goatwidgets.lessons.grab_your_goat import LESSON
    step = lesson_step("Roller's choice")
    assert [a.split()[0] for a in step.solution] == ["roll", "goat"]
    state = solved(step)
    assert state.history[0]["chance"] == ["die=choice"]
    faces = f"{DEFAULT_DIE['choice']} of the die's {sum(DEFAULT_DIE.values())} faces"
    assert faces in step.right
    run = LessonRun(LESSON, start=LESSON.steps.index(step))
    run.try_action("roll")
    assert run.try_action("goat e").status == "wrong"           # the other way is judged
    assert "push" in step.right                                 # GY-R10: it pushes, never joins


def test_lesson_landslide_says_what_the_slide_really_did_gy_r18():
    """Issue 24 item 7: the ✔ text said shepherds "would have gone home" and that the slide
    "cleared a line of cards" whatever way it ran; your own shepherd always goes home (it
    stands on the Landslide), and west of your house's neighbour there is nothing to take.
    The step now asks for one way, and its numbers and outcomes are the rules model's."""
    from goatwidgets.games.grab_your_goat.board import FIXED, line
    from goatwidgets.lessons import RIVAL, YOU
    step = lesson_step("Landslide")
    before = step.position()
    before.apply(step.solution[0], seat=YOU)
    slide = step.solution[-1].split()[1]
    taken = [c for c in line(C("b1"), slide) if c not in FIXED]
    state = solved(step)
    assert all(not state.up[c] for c in taken)
    assert f"{len(taken) - 1} cards" in step.right
    assert "would have" not in step.right
    assert at(state, YOU) == "a1" and before.shepherds[RIVAL] in taken and at(state, RIVAL) == "g7"
    assert "yours" in step.right and "Rival's shepherd" in step.right
    assert goat_at(state, RIVAL) == goat_at(before, RIVAL) and "goat stayed" in step.right


def test_lesson_dense_fog_counts_what_the_fog_took_gy_r17():
    from goatwidgets.lessons import YOU
    step = lesson_step("Dense Fog")
    before = step.position()
    state = solved(step)
    cleared = [c for c in range(49) if before.up[c] and not state.up[c]]
    assert f"{len(cleared)} face-up cards" in step.right
    assert at(state, YOU) == "b1" and not state.up[C("b1")]     # the Fog left from underfoot


def test_lesson_the_last_step_says_how_you_can_meet_your_goat_gy_r10_gy_r24():
    """Issue 24 item 7: "the goat's own move can bring you together" is wrong (GY-R10: it
    pushes its shepherd away); a push by another goat, a throw or a sweep can (GY-R24)."""
    right = lesson_step("Grab your goat!").right
    assert "goat's own move can bring" not in right
    # the goat bumps into its own shepherd: pushed away, no win
    s = position(goats={0: "c2"}, shepherds={0: "c3"}, up={"c3": "cross"}, down={"c4": "cross"})
    roll(s, "s")
    assert not s.is_over and at(s, 0) == "c4" and goat_at(s, 0) == "c2"
    assert "pushes your shepherd" in right
    # pushed by someone else's goat onto your goat's card
    s = position(up={"c3": "cross", "c4": "cross"}, goats={0: "c4", 1: "c2"},
                 shepherds={0: "c3"}, to_move=1)
    roll(s, "s")
    assert s.winners == (0,) and "pushed by another goat" in right
    # thrown by a rival onto your goat's card
    s = position(up={"b2": "cross", "c2": "straight ew", "c1": "cross"}, goats={0: "c1"},
                 shepherds={0: "c2", 1: "b2"}, to_move=1, phase="act")
    s.apply("step c2", seat=1)
    s.apply("throw c1", seat=1)
    assert s.winners == (0,) and "thrown by a rival" in right
    # swept by a Waterfall onto your goat's card
    s = position(up={"b1": "waterfall e", "c1": "cross"}, goats={0: "c1"}, phase="act")
    s.apply("step b1")
    assert s.winners == (0,) and "swept by a Waterfall" in right


# ---------------------------------------------------------------------- notebook 02 (item 11)

TUTORIAL = Tutorial("02-grab-your-goat.ipynb")
notebook_cells, notebook_cell, run_cell = TUTORIAL.cells, TUTORIAL.cell, TUTORIAL.run


def test_notebook_02_shows_every_lesson_step_in_order_with_its_title_and_rules():
    from goatwidgets.lessons.grab_your_goat import LESSON
    heads = [c for c in notebook_cells("markdown") if c.startswith("### ") and "*Rules:" in c]
    assert [h.splitlines()[0] for h in heads] == [
        f"### {i}. {step.title}" for i, step in enumerate(LESSON.steps, 1)]
    assert all(f"*Rules: {step.rule}.*" in h for h, step in zip(heads, LESSON.steps))
    calls = [c for c in notebook_cells() if c.startswith("Lesson(LESSON, step=")]
    assert calls == [f"Lesson(LESSON, step={i})" for i in range(1, len(LESSON.steps) + 1)]


@pytest.mark.parametrize("names, won", [(["You", "Greedy goat", "Random goat"], 0),
                                        (["You", "Greedy goat", "Random goat"], 1)])
def test_notebook_02_after_the_game_says_it_is_over_and_who_won(capsys, names, won):
    from types import SimpleNamespace
    over = position(players=3, names=names, up={"b2": "cross", "c2": "tee esw"},
                    shepherds={won: "b2"}, goats={won: "c2"}, to_move=won, phase="act")
    over.apply("step c2", seat=won)
    out = run_cell(notebook_cell("state = match.state"), {"match": SimpleNamespace(state=over)}, capsys)
    assert f"{names[won]} caught" in out and "match.reset() starts a new game" in out, out
    assert out.count("game over") + out.count("game is over") == 1, out   # once (issue 34 item 14)
    assert "could type" not in out and "wait for the bots" not in out, out


def test_notebook_02_says_the_experiments_result_with_its_uncertainty(capsys, monkeypatch):
    """The result is computed from the games played, with the range it could really be in,
    and the verdict follows from the ranges (not typed in)."""
    import goatwidgets.engine as engine
    import goatwidgets.widgets.progress as progress
    monkeypatch.setattr(progress, "Bar", lambda *a, **k: (lambda *a, **k: None))
    source = notebook_cell("progress(")
    for quick, verdict in ((lambda p: 10 if p == 2 else 300, "fewer"),
                           (lambda p: 50, "can't tell")):
        monkeypatch.setattr(engine, "play", lambda game, players, seed, **k: {
            "turns": quick(players), "winners": (0,)})
        out = run_cell(source, {"game": game}, capsys)
        assert "somewhere between" in out and verdict in out.lower(), out
