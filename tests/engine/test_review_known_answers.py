"""The game review's known answers, per game (issue 33 item 2, "Advice that is true"): positions
built with each game's ``position(...)`` where the right grade is known.

* an immediate win against a move that does not win is flagged;
* two moves that come to the same position get the same value, and neither is flagged for
  the other. The transpositions, one per game where the game has one: BattleGoats' layout
  order (the Pasture Pal first, then Bleatbeard, or the other way round: BG-R7), Floats
  McGoats' "move two sticks" in the other order (FM-R14), Goat Lords' Russian Goatlette left
  or right at two players (GL-R18: the one other herd is on both sides), Grab Your Goat!'s
  step into a face-up Mineshaft or onto the house (GY-R19: both end at home). Gruff Goats
  has none: every action moves one goat, the troll or a wand to one square of its own, or
  draws, so no two actions of a decision give the same position (none was found in eleven
  seeded games, every decision of every seat checked with :func:`transposes`);
* a move 40 points of winning chance worse than the best by a large search (300 worlds, the
  two moves on the same ones) is never graded good, whatever the review's seed;
* a seeded review gives the same grades twice;
* "unclear" is said where the search can't separate the move played from the best (the
  drop's interval reaches both sides of the inaccuracy's start), never as good and never
  flagged; and grades fit the player count (a four-player Goat Lords game: the thresholds
  are scaled by 2 / players).
"""

from __future__ import annotations

import pytest

from goatwidgets.engine.bots import make_bot
from goatwidgets.engine.estimate import Tally, Worlds, difference
from goatwidgets.engine.review import (FLAGS, TOLERANCE, UNCLEAR, grade, judge, line_of,
                                       position_at, review, thresholds, transposes)
from goatwidgets.games import (battlegoats, floats_mcgoats, goat_lords, grab_your_goat,
                               gruff_goats)
from goatwidgets.games.grab_your_goat.board import CELLS, FIXED, cell_id
from tests.engine.helpers import decided

# ---------------------------------------------------------------------------- positions

FLOATS_RAFT = dict(
    sticks=["0,1-1,0", "1,-1-1,0", "0,0-1,-1", "-1,1-0,0", "-1,1-0,1", "1,0-1,1", "-1,0--1,1",
            "-1,0-0,0", "-1,1--1,2", "-1,2-0,1", "0,-1-0,0", "0,-1-1,-1", "1,0-2,0"],
    goats={"0,0u": (0, "baby"), "0,-1d": (0, "mama", "mama"), "-1,0d": (0, "mama"),
           "0,0d": (0, "mama"), "-1,0u": (1, "baby"), "-1,1u": (1, "mama"),
           "0,-1u": (1, "mama"), "1,0u": (1, "mama")})


def floats(die: str, **more):
    """You has 5 points; ``stick 0,1-1,1`` closes a triangle round a mama for the sixth
    (FM-R19, FM-R20: a win). The die is preset and rolled."""
    s = floats_mcgoats.position(players=2, names=["You", "Bo"], seed=4, **FLOATS_RAFT, **more)
    s.preset(die=[die])
    s.apply("roll", seat=0)
    return s


def grab_board() -> dict:
    """Every card face up but three: few moves to choose from, a short game."""
    paths = ["straight", "corner", "tee"] * 13
    up = {"b2": "cross", "c2": "tee esw"}
    for cell in (cell_id(c) for c in range(CELLS) if c not in FIXED):
        if cell not in up and cell not in ("f6", "g6", "f7"):
            up[cell] = paths.pop()
    return up


def grab_catch():
    """You's goat stands on c2, next to You's shepherd on b2: ``step c2`` catches it and
    wins (GY-R13)."""
    return grab_your_goat.position(players=2, names=["You", "Bo"], up=grab_board(),
                                   shepherds={0: "b2"}, goats={0: "c2", 1: "g5"}, phase="act",
                                   die="n", seed=4)


def grab_goat_way():
    """Roller's choice: west brings You's goat to c2, next to the shepherd (GY-R5, GY-R6)."""
    s = grab_your_goat.position(players=2, names=["You", "Bo"], up=grab_board(),
                                shepherds={0: "b2"}, goats={0: "d2", 1: "g5"}, seed=4)
    s.preset(die="choice")
    s.apply("roll", seat=0)
    return s


def lords_last_pair():
    """The last cards of the round, nothing left to draw: You's Goat-a-Corn and Goat Lord make
    a stack worth 70 and end the round 90 to 80 (GL-R24: a win); an assisted birth of the Lord
    with the Ghoast on the discard pile makes 55, and the Corn must go next: 75 to 80."""
    return goat_lords.position(players=2, names=["You", "Bo"], hands=[["corn", "lord"], []],
                               herds=[["fairy fairy"], ["corn corn", "kraken kraken",
                                                        "ghoast ghoast"]],
                               pile=[], reshuffle_used=True, discard=["ghoast"] * 5)


def gruff_island():
    """Both have 2 points; You's little goat on d3 is one step from the Island c3 (GG-R10)."""
    return gruff_goats.position(players=2, names=["You", "Bo"], hands=["DD", "SS"],
                                wands={"little": 0, "big": 1}, points=[2, 2],
                                goats=[{"little": "d3"}, {"big": "b3"}], seed=4)


#: the cards defeated in the 17 turns before the last (a Hero among Bo's: BG-R5)
BATTLE_DISCARDS = [["billytwin", "bogwolf", "cowbell", "haybale", "haydragon", "herdleader",
                    "hoofarmor", "hornpolish"],
                   ["kaboomkid", "moonowl", "packhound", "pasturepal", "shieldhorn",
                    "sneakykid", "spikycollar", "tamer", "vonbilly"]]


def battle_last_turn():
    """The last turn before the turn guard (BG-R14: then a draw): Bo's one card, a
    remembered Grumpy Troll, falls to You's Rock Golem (a win, BG-R13) and beats the others."""
    return battlegoats.position(players=2, names=["You", "Bo"],
                                fields=[{"f1": "golem", "m1": "lassokid", "m2": "hornwhistle"},
                                        {"f1": "troll"}], known=["1:f1"], turn=18, seed=4,
                                discards=BATTLE_DISCARDS)


def battle_target():
    """You attacks with Madame Hornwhistle: the face-up Sunbathing Goat is hers to beat,
    the remembered Rock Golem beats her (BG-R9)."""
    s = battlegoats.position(players=2, names=["You", "Bo"],
                             fields=[{"f1": "hornwhistle", "f2": "golem", "m1": "haybale",
                                      "m2": "climber"},
                                     {"f1": "sunbather", "f2": "golem", "m1": "troll",
                                      "m2": "pasturepal"}],
                             face_up=["1:f1"], known=["1:f2"], seed=4)
    s.apply("attack f1", seat=0)
    return s


def played(state, *actions: str):
    """``state`` after You (seat 0) plays ``actions``."""
    for action in actions:
        state.apply(action, seat=0)
    return state


def moment_at(state, entry: int, seed: int = 1, iterations: int = 200):
    """The review's judgement of You's decision at record ``entry``."""
    return next(m for m in review(state, 0, iterations=iterations, seed=seed, luck=False).moments
                if m.entry == entry)


def large_drop(before, win: str, lose: str, worlds: int = 300) -> float:
    """How much more ``win`` wins than ``lose`` by a large search: both on the same
    ``worlds`` worlds."""
    search = Worlds(before, 0, seed=12345)
    a, b = Tally(before.parse_action(win)), Tally(before.parse_action(lose))
    search.extend(a, worlds)
    search.extend(b, worlds)
    return difference(a, b)[0]


# ---------------------------------------------------------------------------- immediate win

#: game -> (the position, You's immediate win (BattleGoats': the card, then its target,
#: BG-R9), the move played instead)
WINS = {
    "floats_mcgoats": (lambda: floats("add"), "stick 0,1-1,1", "stick 1,1-1,2"),
    "grab_your_goat": (grab_catch, "step c2", "step b1"),
    "goat_lords": (lords_last_pair, "birth corn lord", "assist lord"),
    "gruff_goats": (gruff_island, "move little c3", "move little e3"),
    "battlegoats": (battle_last_turn, "attack f1; target 1:f1", "attack m1"),
}


@pytest.mark.parametrize("game", WINS)
def test_an_immediate_win_against_a_non_win_is_flagged(game):
    build, win, lose = WINS[game]
    s = build()
    entry = len(s._journal)
    after = played(s.clone(), *win.split("; "))
    win = win.split("; ")[0]
    assert after.is_over and after.winners == (0,), "the position is what its name says"
    played(s, lose)
    m = moment_at(s, entry)
    assert m.played == lose and m.grade in FLAGS, (m.grade, m.best, m.drop_low)
    assert m.values[win] >= m.before - TOLERANCE                 # the win is among the best
    assert m.drop_low >= thresholds(2)["inaccuracy"]


# ---------------------------------------------------------------------------- transpositions

def battle_layout():
    """You lays out the last three cards: two Pasture Pals and Bleatbeard on b1, m2, b3; the
    last card goes down by itself (BG-R7)."""
    return battlegoats.position(
        players=2, names=["You", "Bo"], phase="layout", seed=4,
        fields=[{"f1": "golem", "f2": "shieldhorn", "f3": "haybale", "m1": "climber",
                 "m3": "troll", "b2": "sunbather"},
                {"f1": "sunbather", "f2": "golem", "m1": "troll", "m2": "pasturepal",
                 "m3": "climber", "b1": "haybale"}],
        hands=[["pasturepal", "bleatbeard", "pasturepal"], ["cavebat", "lassokid", "vonbilly"]])


def lords_russian():
    """You plays Russian Goatlette with two players: left and right pass the top stacks to
    the same herd (GL-R18)."""
    return goat_lords.position(players=2, names=["You", "Bo"],
                               herds=[["ninja ninja"], ["corn corn"]],
                               hands=["fairy ghoast baby foodie tgoat",
                                      "kraken lord ninja corn dragon"],
                               actions=[["russian"], []], seed=4)


def grab_mineshaft():
    """You's shepherd on a2, beside the house a1 and a face-up Mineshaft b2 (GY-R19: whoever
    steps into it goes home)."""
    return grab_your_goat.position(players=2, names=["You", "Bo"],
                                   up={"a2": "cross", "b2": "mineshaft", "a3": "cross",
                                       "b3": "cross"},
                                   shepherds={0: "a2"}, goats={0: "e5", 1: "c5"}, phase="act",
                                   die="n", seed=4)


#: game -> (the position, You's line of decisions, the other first move that comes to the same)
TRANSPOSITIONS = {
    "battlegoats": (battle_layout, ["place pasturepal b1", "place bleatbeard m2"],
                    "place bleatbeard m2"),
    "floats_mcgoats": (lambda: floats("move_two"),
                       ["move -1,0--1,1", "drop -2,0--1,0", "move -1,0-0,0", "drop -2,1--1,1"],
                       "move -1,0-0,0"),
    "goat_lords": (lords_russian, ["russian left"], "russian right"),
    "grab_your_goat": (grab_mineshaft, ["step b2"], "step a1"),
}


@pytest.mark.parametrize("game", TRANSPOSITIONS)
def test_two_moves_that_come_to_the_same_position_get_the_same_value_and_no_flag(game):
    build, line, other = TRANSPOSITIONS[game]
    s = build()
    entry = len(s._journal)
    before = s.clone()
    played(s, *line)
    assert line_of(s, entry, 0) == line
    assert transposes(before, 0, before.parse_action(other),
                      [before.parse_action(a) for a in line])
    m = moment_at(s, entry)
    assert m.values[other] == m.values[line[0]] == m.after
    assert m.best != other                        # never "the better move" for the other
    assert not (m.flagged and m.best in (other, line[0]))


def test_gruff_goats_has_no_transposition_in_seeded_games():
    """The module's claim: no two legal actions of a Gruff Goats decision come to the same
    position (checked on a few seeded games of casual bots, two and three players)."""
    for players, seed in ((2, 1), (3, 2)):
        s = gruff_goats.new_game(players=players, seed=seed)
        bots = [make_bot("casual", seed=seed + i) for i in range(players)]
        while not s.is_over and len(s.history) < 60:
            seat = s.deciders[0]
            s.apply(bots[seat].choose(s, seat), seat=seat)
        for i, record in enumerate(s._journal):
            if "action" not in record:
                continue
            before, seat = position_at(s, i), record["seat"]
            line = [before.parse_action(a) for a in line_of(s, i, seat)]
            assert not [a for a in before.legal_actions(seat)
                        if a != line[0] and transposes(before, seat, a, line)]


# ---------------------------------------------------------------------------- 40 points worse

#: game -> (the position, the best move, the move played: 40 points or more worse)
WORSE = {
    "floats_mcgoats": (lambda: floats("add", turn=40, max_turns=40), "stick 0,1-1,1",
                       "stick 1,1-1,2"),                  # the last turn: a win or a draw
    "grab_your_goat": (grab_goat_way, "goat w", "goat e"),
    "goat_lords": (lords_last_pair, "birth corn lord", "assist lord"),
    "gruff_goats": (gruff_island, "move little c3", "move little e3"),
    "battlegoats": (battle_target, "target 1:f1", "target 1:f2"),
}


@pytest.mark.parametrize("game", WORSE)
def test_a_move_40_points_worse_by_a_large_search_is_never_good(game):
    build, best, worse = WORSE[game]
    s = build()
    entry = len(s._journal)
    assert large_drop(s.clone(), best, worse) >= 0.40
    played(s, worse)
    for seed in (0, 1, 2):
        for iterations in (60, 200):
            m = moment_at(s, entry, seed=seed, iterations=iterations)
            assert m.grade != "good", (seed, iterations, m.best, m.drop_low, m.drop_high)


# ---------------------------------------------------------------------------- seeded

@pytest.mark.parametrize("game", [floats_mcgoats, grab_your_goat, goat_lords, gruff_goats,
                                  battlegoats], ids=lambda g: g.__name__.rsplit(".", 1)[-1])
def test_a_seeded_review_gives_the_same_grades_twice(game):
    s = decided(game, 2, 6, 14)
    one = review(s, 0, iterations=40, seed=3, luck=False).to_dict()
    two = review(s, 0, iterations=40, seed=3, luck=False).to_dict()
    assert one == two and one["moments"]


# ---------------------------------------------------------------------------- unclear

def test_unclear_is_said_where_the_search_cannot_separate_and_never_good_or_flagged():
    """A budget too small to tell the moves apart: the decisions the search can't separate
    from the best say so, and each grade is what the drop's interval shows (the table in
    review.py)."""
    s = decided(goat_lords, 2, 1, 16)
    r = review(s, 0, iterations=20, seed=2, luck=False)
    unclear = [m for m in r.moments if m.grade == UNCLEAR]
    assert unclear, [m.grade for m in r.moments]
    start = thresholds(2)["inaccuracy"]
    for m in r.moments:
        assert m.grade == grade(m.drop_low, m.drop_high, 2)
        if m.grade == UNCLEAR:
            assert m.drop_low < start <= m.drop_high and m not in r.flagged()
        if m.grade == "good":
            assert m.drop_high < start
    assert " unclear" in r.summary() and "could not tell" in r.summary()


def test_played_and_best_values_come_from_the_same_trials():
    """``before`` and ``after`` are means over the same worlds: their difference is the mean
    of the paired differences, the middle of the drop's interval."""
    s = played(grab_goat_way(), "goat e")
    m = moment_at(s, 2)
    assert m.trials >= 16
    assert abs((m.drop_low + m.drop_high) / 2 - m.drop) < 1e-9 or m.drop_high == 1.0


# ---------------------------------------------------------------------------- four players

def test_grades_fit_the_player_count_on_a_four_player_game():
    """A share against three rivals: the thresholds are scaled by 2 / players (a fair share is
    1 in 4, not 1 in 2). Four players; You discards the Goat Lord where it makes a stack with
    the Goat-a-Corn (GL-R8): about 9 points of a share that is fairly 25, a mistake at four
    players, where the two-player points would call it an inaccuracy at most."""
    assert thresholds(4) == {"good": 0.0, "inaccuracy": 0.025, "mistake": 0.05,
                             "blunder": 0.1}
    assert grade(0.06, 0.07, 4) == "mistake" and grade(0.06, 0.07, 2) == "inaccuracy"
    s = goat_lords.position(players=4, names=["You", "Bo", "Cy", "Di"], seed=4,
                            hands=[["corn", "lord", "baby", "ghoast"], ["ninja"], ["tgoat"],
                                   ["foodie"]],
                            herds=[["fairy fairy"], ["corn corn"], ["ninja ninja"],
                                   ["tgoat tgoat"]])
    before = s.clone()
    assert 0.05 <= large_drop(before, "birth corn lord", "discard lord") < 0.10
    played(s, "discard lord")
    m = moment_at(s, 0, seed=0)
    assert m.scale == 0.5 and m.best.startswith("birth") and m.grade == "mistake"
    assert m.grade == grade(m.drop_low, m.drop_high, 4)
    assert grade(m.drop_low, m.drop_high, 2) in ("inaccuracy", UNCLEAR)


def test_judge_reads_only_the_seats_information():
    """The information test for the judgement: the real position and a copy with what You
    can't see dealt anew give the same grade and values for the same seed."""
    import random
    s = decided(goat_lords, 2, 1, 16)
    entry = max(i for i, e in enumerate(s._journal) if e.get("seat") == 0)
    before = position_at(s, entry)
    line = line_of(s, entry, 0)
    other = before.redealt(0, random.Random(3))
    assert judge(before, 0, line, 40, seed=5) == judge(other, 0, line, 40, seed=5)
