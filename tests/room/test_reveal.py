"""The reveal's words (issue 36 item 3): the most chosen move, then the coach as the Suggest
button says it (the same advice for the same position and trials), honest about its
estimate: it names its own pick only where the estimate separates it, else says the best
moves are close."""

from __future__ import annotations

import pytest

from goatwidgets import GoatLords
from goatwidgets.engine.estimate import Budget
from goatwidgets.games import goat_lords
from goatwidgets.room.core import said, tally


def position():
    return goat_lords.position(players=2, names=["You", "Bo"],
                               hands=[["ninja", "ninja", "corn"], ["lord"]])


@pytest.mark.parametrize("trials", [30, 200])
def test_the_reveal_gives_the_advice_the_suggest_button_gives(trials):
    w = GoatLords(state=position(), seat=0)
    w.coach_budget = Budget(trials, None)
    advice = w.suggest()
    result = tally(position(), 0, {"d1": "discard corn"}, iterations=trials)
    assert (result["close"] or [result["best"]]) == advice["choices"]
    assert result["separated"] == (advice["action"] is not None)


def about(words, chance, reasons=()):
    return {"words": words, "chance": chance, "reasons": [{"text": r} for r in reasons]}


def result(top, best, separated, close=()):
    coach = {"a": about("pair your Ninjas", "7 games in 10", ["makes a stack worth 20"]),
             "b": about("discard your Corn", "4 games in 10"),
             "c": about("play your Lord", None)}
    return {"tally": [{"action": top, "words": coach[top]["words"], "count": 3}], "voted": 4,
            "top": top, "tied": [top], "best": best, "separated": separated,
            "close": list(close), "coach": coach}


def test_the_coach_agrees_names_its_pick_or_says_the_best_moves_are_close():
    assert said(result("a", "a", True)) == (
        "Most chosen: pair your Ninjas (3 votes of 4). The coach agrees: it wins about 7 "
        "games in 10 from here (makes a stack worth 20).")
    assert said(result("b", "a", True)) == (
        "Most chosen: discard your Corn (3 votes of 4). The coach's pick: pair your Ninjas, "
        "which wins about 7 games in 10 from here (makes a stack worth 20). The class's move "
        "wins about 4 games in 10 from here.")
    close = said(result("b", "a", False, close=("a", "b")))
    assert "The coach finds the best moves close: pair your Ninjas" in close
    assert "coach's pick" not in close and "more trials could change their order" in close
    assert said(result("c", "a", False, close=("a", "b"))).endswith(
        "The class's move was not weighed by the coach.")
    assert said({"tally": [], "voted": 0}) == "Nobody voted."
