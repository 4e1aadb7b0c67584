"""Every registered game's lesson, step by step: each step opens on its own position, its
``solution`` is judged right, and a step that is done takes no more moves until Try again,
Next or Undo (issue 23, item 9). A game is covered the day its lesson is registered in
``goatwidgets/games/registry.json``; the lesson modules' docstrings only show usage."""

from __future__ import annotations

import json

import pytest

from goatwidgets import Lesson
from goatwidgets.games import REGISTRY
from goatwidgets.lessons import LessonRun, StepDoneError

from tests.widgets.messages import act, send

STEPS = [(info, index) for info in REGISTRY.values()
         for index in range(len(info.lesson().steps))]
IDS = [f"{info.id}-{index + 1}" for info, index in STEPS]


@pytest.mark.parametrize("info, index", STEPS, ids=IDS)
def test_each_steps_solution_is_judged_right(info, index):
    lesson = info.lesson()
    run = LessonRun(lesson, start=index)
    step = run.step
    assert step.solution, f"{step.title!r} has no solution"
    for text in step.solution:
        outcome = run.try_action(text)
    assert outcome.status == "right", (step.title, outcome)
    assert run.done == {index}


def frozen(lesson):
    """What a refused try must leave as it was: the game, the verdict, the step's record,
    the progress and everything the page shows of the board."""
    run, board = lesson.run, lesson.board
    return (run.state.to_json(), run.outcome.status, list(run.played), sorted(run.done),
            run.index, json.dumps(board.view, sort_keys=True), board.legal, board.version)


@pytest.mark.parametrize("info, index", STEPS, ids=IDS)
def test_a_done_step_takes_no_more_moves_until_undo(info, index):
    """After the solution the board offers nothing, and every click that was on offer before
    the last move (through the message path, a first pick, ``play``, a widget-less run) is
    refused with the lesson's words, the verdict staying right and the game unchanged. Undo
    stays open: it takes the last move out of the step, which goes on, and the same move
    brings the ✔ back."""
    lesson = Lesson(info.lesson(), step=index + 1)
    board, solution = lesson.board, lesson.run.step.solution
    for text in solution:
        offered = [a["text"] for a in board.legal]
        act(board, text)
        assert board.error == "", (text, board.error)
    assert lesson.status == "right" and board.legal == []
    assert board.view["deciders"] == [] and board.view["to_move"] is None
    before = frozen(lesson)
    for text in offered:
        act(board, text)
        assert board.error.startswith("this step is done ✔"), (text, board.error)
        assert frozen(lesson) == before, text
    assert "This step is done ✔" in lesson.feedback.value
    send(board, {"type": "start", "action": offered[-1].split()[0], "version": board.version})
    assert board.error.startswith("this step is done ✔")
    with pytest.raises(StepDoneError, match="press Try again"):
        board.play(offered[-1])
    assert lesson.run.try_action(offered[-1]).status == "right"
    assert frozen(lesson) == before
    send(board, {"type": "undo", "version": board.version})
    assert board.error == "" and lesson.status == "going"
    last = str(lesson.run.state.parse_action(solution[-1]))
    assert lesson.run.played == [str(lesson.run.state.parse_action(t)) for t in solution[:-1]]
    assert last in [a["text"] for a in board.legal]         # the student decides again
    act(board, solution[-1])
    assert board.error == "" and lesson.status == "right" and lesson.run.done == {index}
