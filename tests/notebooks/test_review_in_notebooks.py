"""The notebooks meet the coach and the game review (issue 27 item 5): each game's tutorial ends
its whole-game part with "Review your game" (the Review widget on the game played there and
``review(...).summary()`` for the curious, each at 100 trials a decision so a whole game takes
a few seconds), and 00-start-here shows the coach (``suggest(state, seat).words()`` with its
reasons and their rulings, and a board with the Suggest button). The cells are run here, on
the game as a headless run leaves it (nothing played yet) and after a few moves of "You"."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from goatwidgets import Review
from goatwidgets.engine.bots import make_bot
from goatwidgets.engine.estimate import Budget
from goatwidgets.engine.review import GRADES
from goatwidgets.games import REGISTRY, goat_lords
from goatwidgets.games.goat_lords.explain import RULES as GOAT_LORDS_RULES

ROOT = Path(__file__).resolve().parents[2]
START = ROOT / "notebooks" / "00-start-here.ipynb"
GAMES = list(REGISTRY)
#: the review's budget in the notebooks: trials a decision (the default is 200)
ITERATIONS = 100
#: the decisions "You" plays before the review cells run again
MOVES = 6
SUMMARY = re.compile(r"^You: (\d+) decisions? reviewed[ .]", re.M)


def cells(path: Path) -> list[dict]:
    return [dict(c, source="".join(c["source"]))
            for c in json.loads(path.read_text("utf-8"))["cells"]]


def section(path: Path, head: str) -> list[dict]:
    """The cells from the markdown heading that starts with ``head`` up to the next heading of
    the same or a higher level."""
    level = head.split(" ")[0]
    found, inside = [], False
    for c in cells(path):
        if c["cell_type"] == "markdown" and c["source"].startswith("#"):
            mark = c["source"].split(" ")[0]
            if inside and len(mark) <= len(level):
                break
            inside = inside or c["source"].startswith(head)
        if inside:
            found.append(c)
    assert found, f"{path.name} has no section {head!r}"
    return found


def code(found: list[dict]) -> list[str]:
    return [c["source"] for c in found if c["cell_type"] == "code"]


def words(found: list[dict]) -> str:
    return "\n".join(c["source"] for c in found if c["cell_type"] == "markdown")


def tutorial(game: str) -> Path:
    return ROOT / REGISTRY[game].notebook


def run(source: str, names: dict):
    """Run a cell's source in ``names``; return its last line's value, as a notebook shows it
    (None where the cell does not end with an expression)."""
    tree = ast.parse(source)
    last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    exec(compile(tree, "cell", "exec"), names)
    if last is not None:
        return eval(compile(ast.Expression(last.value), "cell", "eval"), names)
    return None


@pytest.mark.parametrize("game", GAMES)
def test_the_whole_game_part_ends_with_the_review(game):
    whole = section(tutorial(game), "## Part 2")
    heads = [c["source"].split("\n")[0] for c in whole
             if c["cell_type"] == "markdown" and c["source"].startswith("###")]
    assert heads[-2:] == ["### Play a stronger bot", "### Review your game"], heads
    review = section(tutorial(game), "### Review your game")
    widget, curious = code(review)
    assert f"Review(match.state, 0, iterations={ITERATIONS})" in widget
    assert "strong.state" in widget, "says how to review the game against Strong Sam"
    assert f"review(match.state, 0, iterations={ITERATIONS})" in curious
    assert "print(report.summary())" in curious
    said = " ".join(words(review).split())         # its lines as one text
    assert all(f"**{grade}**" in said for grade in GRADES), "each grade in a sentence"
    assert "**Retry this moment**" in said and "Luck" in said
    assert f"{ITERATIONS} quick games" in said, "says why the review is quick"
    luck = said[said.index("Luck"):]
    assert re.match(r"Luck[^.]*\([A-Z]{2}-[RX]\d+\)\.", luck), "the luck cites its ruling"


@pytest.mark.parametrize("game", GAMES)
def test_the_review_cells_run_and_print_a_summary(game, capsys):
    """Headless (nothing played yet) the cells say there is nothing to review yet; after a
    few moves of "You" (a casual bot's) the widget and the summary review each of them."""
    path = tutorial(game)
    names: dict = {}
    run(code(cells(path))[0], names)                                 # the notebook's imports
    match = next(c for c in code(section(path, "## Part 2")) if c.startswith("match = "))
    run(match, names)
    widget, curious = code(section(path, "### Review your game"))

    board = run(widget, names)
    assert isinstance(board, Review) and board.result.moments == []
    run(curious, names)
    out = capsys.readouterr().out
    assert SUMMARY.search(out).group(1) == "0", out
    assert "Nothing to review yet" in out

    played, bot, state = 0, make_bot("casual", seed=1), names["match"].state
    while played < MOVES and not state.is_over and 0 in state.deciders:
        names["match"].play(str(bot.choose(state, 0)))
        played += 1
    assert played == MOVES, f"You could play only {played} moves"
    board = run(widget, names)
    assert board.slider.max == sum("action" in e for e in state._journal)
    assert 0 < len(board.result.moments) <= MOVES
    run(curious, names)
    out = capsys.readouterr().out
    assert int(SUMMARY.search(out).group(1)) == len(board.result.moments), out
    assert "Nothing to review yet" not in out
    flagged = re.findall(r"^- (\w+): you played (.+?), but (.+?) was better", out, re.M)
    assert [f[0].lower() for f in flagged] == [m.grade for m in board.result.flagged()[:3]]


def test_the_curious_cell_names_a_flagged_decision_with_its_reason_and_ruling(capsys):
    """A game with a blunder in it (the Review widget's own example): the cell prints the
    grade, the move played, the better one and why, with the ruling."""
    state = goat_lords.position(players=2, names=["You", "Bo"],
                                hands=[["kraken", "lord", "corn", "fairy"], ["ninja"]],
                                herds=[[], ["ninja ninja"]], seed=4)
    state.apply("discard lord", seat=0)

    class Match:
        pass

    match = Match()
    match.state = state
    curious = code(section(tutorial("goat_lords"), "### Review your game"))[1]
    run(curious, {"match": match})
    out = capsys.readouterr().out
    line = next(x for x in out.splitlines() if x.startswith("- "))
    assert re.match(r"- (Mistake|Blunder): you played discard lord, but birth \w+ lord was "
                    r"better: it makes a new stack of .+ \(GL-R8\)\.$", line), out


def test_the_start_page_shows_the_coach(capsys):
    bots = section(START, "## Bots and experiments")
    coach = section(START, "### The coach")
    assert all(c in bots for c in coach), "the coach is in the bots part"
    said = " ".join(words(coach).split())
    assert "**Suggest**" in said and "coach=False" in said
    advice, board = code(coach)
    assert "suggest(" in advice and ".words()" in advice
    names: dict = {}
    run(advice, names)
    out = capsys.readouterr().out
    first, *why = out.strip().splitlines()
    assert first.startswith("Try the lit move: pair two of your Goat Ninja cards (a Birth). It "
                            "makes a new stack of 2 Goat Ninja cards worth 20 points."), out
    assert why == ["Why pair two of your Goat Ninja cards (a Birth)? It makes a new stack of 2 "
                   f"Goat Ninja cards worth 20 points. GL-R8: {GOAT_LORDS_RULES['GL-R8']}"], out
    widget = run(board, names)
    assert widget.coach and widget.state is not names["hand"]
    widget.coach_budget = Budget(300, None)  # trials alone: the same advice on a busy machine
    assert widget.suggest()["action"] == "birth ninja ninja"
    assert names["hand"].history == [], "playing on the board leaves the cell's position alone"
