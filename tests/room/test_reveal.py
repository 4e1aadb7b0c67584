"""The reveal's words (issue 36 item 3): the most chosen move, then the coach as the Suggest
button says it (the same advice for the same position and trials), honest about its
estimate: it names its own pick only where the estimate separates it, else says the best
moves are close."""

from __future__ import annotations

import html
import re

import pytest

from goatwidgets import GoatLords
from goatwidgets.engine.estimate import Budget
from goatwidgets.games import goat_lords
from goatwidgets.room.core import said, tally
from goatwidgets.room.panel import reveal_html


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
    assert said(result("a", "a", True)).splitlines() == [
        "Most chosen: pair your Ninjas: 3 of 4 votes",
        "The coach agrees: it wins about 7 games in 10 from here. Why: makes a stack worth 20"]
    assert said(result("b", "a", True)).splitlines() == [
        "Most chosen: discard your Corn: 3 of 4 votes",
        "The coach's pick: pair your Ninjas: it wins about 7 games in 10 from here. Why: makes "
        "a stack worth 20",
        "The class's move: it wins about 4 games in 10 from here"]
    close = said(result("b", "a", False, close=("a", "b"))).splitlines()
    assert close[1] == "The coach: the best moves are close; more trials could change their order"
    assert close[2:] == ["pair your Ninjas: wins about 7 games in 10 from here. Why: makes a "
                         "stack worth 20", "discard your Corn: wins about 4 games in 10 from here"]
    assert not any("coach's pick" in line for line in close)
    assert said(result("c", "a", False, close=("a", "b"))).endswith(
        "The class's move: it was not weighed by the coach")
    assert said({"tally": [], "voted": 0}) == "Nobody voted."


def test_the_reveal_is_short_lines_a_table_of_counts_and_no_empty_disclosure():
    """The room's screenshots (item 4): the reveal was one dense paragraph (15 lines on a
    phone) and a disclosure per move, empty where the coach had no reason. Now: the counts in
    a table (the move in the board's words, its count), then one short line each: the most
    chosen, the coach's verdict, each move it speaks of with its estimate and reasons (on the
    projector with their rulings, GL-R8); words are text, never HTML."""
    out = tally(position(), 0, {"d1": "birth ninja ninja", "d2": "birth ninja ninja",
                                "d3": "discard corn"}, iterations=60)
    page = reveal_html(out)
    rows = re.findall(r"<tr><td[^>]*>([^<]*)</td><td[^>]*><b>(\d+)</b></td></tr>", page)
    assert rows == [(t["words"], str(t["count"])) for t in out["tally"]]
    assert "birth ninja ninja" not in page and "birth ninja ninja" not in out["said"]
    assert "<details" not in page and "<ul></ul>" not in page
    lines = out["said"].splitlines()
    assert lines[0] == "Most chosen: pair two of your Goat Ninja cards (a Birth): 2 of 3 votes"
    assert len(lines) <= 5 and max(map(len, lines)) <= 160, lines
    for text, about in out["coach"].items():             # each move the coach speaks of
        line = next(p for p in re.findall(r"<p[^>]*>(.*?)</p>", page)
                    if not p.startswith("<b>Most chosen") and (
                        p.startswith(f"<b>{html.escape(about['words'])}:</b>")
                        or f"{html.escape(about['words'])}:" in p))
        assert about["chance"] in line
        for reason in about["reasons"][:2]:
            assert f"{reason['text']} ({reason['ruling']})" in line
    hostile = dict(out, tally=[{"action": "x", "words": "<img src=x onerror=alert(1)>",
                                "count": 1}], top="x")
    assert "<img" not in reveal_html(hostile) and "&lt;img" in reveal_html(hostile)
