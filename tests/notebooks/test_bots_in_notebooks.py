"""The notebooks meet the bot ladder and the glass box (issue 26 item 7): each game's tutorial
has a game against the strong bot in its whole-game part and a glass-box experiment (which
first move the strong bot prefers, and why) in its under-the-hood part; 00-start-here shows
the ladder. The glass box's cells are run here (a second or so each) and must print what the
notebook's "Reading it" text says about them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from goatwidgets.engine.bots import LADDER
from goatwidgets.games import REGISTRY

ROOT = Path(__file__).resolve().parents[2]
START = ROOT / "notebooks" / "00-start-here.ipynb"
GAMES = list(REGISTRY)

#: the move the glass box finds best (any of these), as the notebook's reading names it
#: (in the board's words, told of Sam: issue 34 item 1, no action's code form)
BEST = {"floats_mcgoats": ("put a mama goat on the triangle between the anchors",
                           "put their baby goat on the triangle between the anchors"),
        "grab_your_goat": ("send their goat north", "send their goat west"),
        "goat_lords": ("pair their Goat Ninja with their Goat Lord (a Birth)",),
        "gruff_goats": ("claim the troll wand, putting down a clubs card",),
        "battlegoats": ("attack with their back right Boomhoof the Bold",)}
#: how the reading names that move
SAID = {"floats_mcgoats": "triangle between the two anchors", "grab_your_goat": "north or west",
        "goat_lords": "Goat Ninja with the Goat Lord", "gruff_goats": "troll wand",
        "battlegoats": "back right card, Boomhoof the Bold"}


def cells(path: Path) -> list[dict]:
    return [dict(c, source="".join(c["source"]))
            for c in json.loads(path.read_text("utf-8"))["cells"]]


def part(path: Path, number: int) -> list[dict]:
    """The cells of part ``number`` ("## Part 2: a whole game" up to the next "## " head)."""
    found, inside = [], False
    for c in cells(path):
        if c["cell_type"] == "markdown" and c["source"].startswith("## "):
            inside = c["source"].startswith(f"## Part {number}")
        if inside:
            found.append(c)
    assert found, f"{path.name} has no part {number}"
    return found


def text(found: list[dict], kind: str) -> list[str]:
    return [c["source"] for c in found if c["cell_type"] == kind]


def tutorial(game: str) -> Path:
    return ROOT / REGISTRY[game].notebook


@pytest.mark.parametrize("game", GAMES)
def test_the_whole_game_part_plays_the_strong_bot(game):
    whole = part(tutorial(game), 2)
    code = [c for c in text(whole, "code") if 'bots={1: "strong"}' in c]
    assert len(code) == 1 and "players=2" in code[0] and "Strong Sam" in code[0], code
    # the e2e tests find the first game's cell by "match = <Widget>(": this one is another
    assert "match = " not in code[0]
    words = "\n".join(text(whole, "markdown"))
    assert "### Play a stronger bot" in words
    assert all(f"**{level}**" in words for level in LADDER), "each level in a sentence"


@pytest.mark.parametrize("game", GAMES)
def test_the_under_the_hood_part_opens_the_glass_box(game):
    hood = part(tutorial(game), 3)
    code = text(hood, "code")
    assert any("explain_choice(start, 0, iterations=200, seed=0)" in c for c in code)
    assert any("search.step()" in c and "range(3)" in c for c in code)
    words = "\n".join(text(hood, "markdown"))
    assert "### The glass box: which first move does the strong bot prefer, and why?" in words
    assert "**Reading it.**" in words and "**Why do more trials narrow the range?**" in words
    assert re.search(r"\b[A-Z]{2}-[RX]\d+", words.split("### The glass box")[1]), \
        "the glass box cites a ruling"


@pytest.mark.parametrize("game", GAMES)
def test_the_glass_box_prints_what_its_reading_says(game, capsys):
    """The glass box's cells run and print, in plain words, the best move the reading names;
    the three trials are shown one at a time, and the range narrows as the trials grow."""
    hood = part(tutorial(game), 3)
    code = text(hood, "code")
    box = next(c for c in code if "explain_choice(start" in c)
    steps = next(c for c in code if "search.step()" in c)
    names: dict = {}
    exec(compile(box, f"{game} glass box", "exec"), names)
    said = capsys.readouterr().out
    best = re.search(r"the best choice is to (.+?): it wins about (\d+) games in 10", said)
    assert best and best.group(1) in BEST[game], said
    reading = next(c for c in text(hood, "markdown") if c.startswith("**Reading it.**"))
    assert SAID[game] in reading
    assert f"about {best.group(2)} imagined games in 10" in reading, (best.group(2), reading)
    exec(compile(steps, f"{game} glass steps", "exec"), names)
    out = capsys.readouterr().out
    # said in the board's words: no action's code form ("attack b3", "mama 0,0u") anywhere
    start = names["start"]
    codes = {str(a) for seat in range(start.players) for a in start.legal_actions(seat)
             if " " in str(a)}                  # ("roll", "draw": words as they are)
    for code in codes:
        assert not re.search(rf"(?<!\w){re.escape(code)}(?!\w)", said + out), (code, said, out)
    trials = re.findall(r"^Trial (\d+): Sam tries (.+?); ", out, re.M)
    assert [n for n, _ in trials] == ["1", "2", "3"], out
    assert len({a for _, a in trials}) == 3, "each move is tried once before any twice"
    ranges = [(int(lo), int(hi)) for lo, hi in
              re.findall(r"probably between (\d+) % and (\d+) %", out)]
    assert len(ranges) == 3 and all(lo <= hi for lo, hi in ranges), out
    widths = [hi - lo for lo, hi in ranges]
    assert widths[0] > widths[1] > widths[2], out


def test_the_start_page_shows_the_ladder():
    start = cells(START)
    words = "\n".join(c["source"] for c in start if c["cell_type"] == "markdown")
    rows = [line for line in words.splitlines() if line.startswith("| `")]
    assert [re.match(r"\| `(\w+)`", r).group(1) for r in rows] == list(LADDER)
    assert all(len(r.split("|")) == 5 for r in rows), "level, what it does, time for a move"
    ladder = [c["source"] for c in start
              if c["cell_type"] == "code" and "table_text(" in c["source"]]
    assert len(ladder) == 1 and 'executor="serial"' in ladder[0] and "games=20" in ladder[0]
    # the browser test finds the old experiment by this text: it stays in its own cell
    assert sum("simulate(floats_mcgoats" in c["source"] for c in start) == 1
