"""Every registered game's lesson, step by step: each step opens on its own position and its
``solution`` is judged right. A game is covered the day its lesson is registered in
``goatwidgets/games/registry.json``; the lesson modules' docstrings only show usage."""

from __future__ import annotations

import pytest

from goatwidgets.games import REGISTRY
from goatwidgets.lessons import LessonRun

STEPS = [(info, index) for info in REGISTRY.values()
         for index in range(len(info.lesson().steps))]


@pytest.mark.parametrize("info, index", STEPS,
                         ids=[f"{info.id}-{index + 1}" for info, index in STEPS])
def test_each_steps_solution_is_judged_right(info, index):
    lesson = info.lesson()
    run = LessonRun(lesson, start=index)
    step = run.step
    assert step.solution, f"{step.title!r} has no solution"
    for text in step.solution:
        outcome = run.try_action(text)
    assert outcome.status == "right", (step.title, outcome)
    assert run.done == {index}

