"""BattleGoats' lesson and tutorial notebook (05): the lesson's steps are the whole attack,
say the powers the fight panel shows and use the cards' full names (rulings in
``../shared/rules/battlegoats.rulings.md``); the notebook's cells, run on a made-up position,
say who won and how uncertain each share of the experiment is.
"""

from __future__ import annotations

import json
import pathlib
import re

import pytest

from goatwidgets.games import battlegoats as game
from goatwidgets.games.battlegoats import starter_deck

from .helpers import _duel, fight, power


def _lesson_run(step):
    from goatwidgets.lessons import LessonRun
    from goatwidgets.lessons.battlegoats import LESSON
    return LessonRun(LESSON, start=step - 1)


@pytest.mark.parametrize("step, mine, wrong", [(1, "f1", "f2"), (2, "b2", "f1")])
def test_lesson_steps_1_and_2_are_the_whole_attack_your_card_then_theirs(step, mine, wrong):
    """Issue 24 item 2: ✔ came as soon as the attacker was chosen, then the click on the
    card to attack (which the step's own text describes) was ✘."""
    run = _lesson_run(step)
    assert run.try_action(f"attack {mine}").status == "going"
    assert "click the card it attacks" in run.outcome.message
    assert run.try_action("target 1:f1").status == "right"
    assert "click" not in run.outcome.message.lower()
    run = _lesson_run(step)
    assert run.try_action(f"attack {wrong}").status == "wrong"


def test_lesson_step_7_says_the_powers_the_fight_panel_shows():
    """Issue 24 item 7: the step said 10 against 5, and 5 against the Golem; the panel beside
    it showed 11 and 6 (the Goat beside Madame Hornwhistle adds 1)."""
    run = _lesson_run(7)
    step = run.step
    for text in step.solution:
        run.try_action(text)
    last = run.state.last
    assert f"{last['attacker']['power']} against {last['defender']['power']}" in step.right
    other = step.position()
    golem = sum(t["value"] for t in other.terms(0, 0, against=(1, 1)))
    assert f"she would have had only {golem}" in step.right
    assert power(other, 0, "f1", against=(1, "f1")) == last["attacker"]["power"] == 11
    assert f"= {last['attacker']['power']}" in step.hint


def test_lesson_texts_use_the_cards_full_names_and_no_themself():
    from goatwidgets.lessons.battlegoats import LESSON
    names = {c.name for c in starter_deck().cards}
    for step in LESSON.steps:
        for text in (step.text, step.hint, step.right, step.wrong, *step.mistakes.values()):
            assert "themself" not in text and "your Climber" not in text, text
            assert "fight panel" not in text or step.title != "Reading a card's power", text
    assert all(any(n in LESSON.steps[i].text for n in names) for i in (0, 1, 3, 6))


def _tutorial_cell(start: str) -> str:
    tutorial = pathlib.Path(__file__).parents[3] / "notebooks" / "05-battlegoats.ipynb"
    cells = json.loads(tutorial.read_text(encoding="utf-8"))["cells"]
    return next("".join(c["source"]) for c in cells
                if c["cell_type"] == "code" and "".join(c["source"]).startswith(start))


def test_tutorial_after_the_game_says_who_won_not_wait_for_the_bots(capsys):
    """Issue 24 item 11: after the game the cell printed '(wait for the bots)'."""
    from goatwidgets import BattleGoats
    s = _duel(("You", "Greedy goat"))
    fight(s, "f1", "1:b2")
    exec(_tutorial_cell("state = match.state"), {"match": BattleGoats(s, seat=0)})
    said = capsys.readouterr().out
    assert said == "The game is over: You won.\n"


def test_tutorial_experiment_says_how_uncertain_each_share_is(capsys):
    """Issue 24 item 11: a share of fights is said with the range it probably lies in."""
    code = _tutorial_cell("from collections import Counter")
    assert "GAMES = " in code and "IntProgress" not in code
    names = {"game": game, "deck": starter_deck()}
    exec(code.replace("GAMES = ", "GAMES = 3  # ", 1), names)
    lines = [line for line in capsys.readouterr().out.splitlines() if "survived" in line]
    assert lines and all(re.search(r"survived \d+ of \d+ fights \(\d+ %; with this many "
                                   r"fights, somewhere between \d+ % and \d+ %\)$", line)
                         for line in lines)
