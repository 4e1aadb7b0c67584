"""Floats McGoats: how the bots judge a position (issue 26), as functions of the state.

Both judge a goat by the sticks around its spot: a point of goats is worth ``SIDES[n]`` with
``n`` of its spot's three sticks on the raft (a whole point when enclosed and scoring, FM-R5,
FM-R19), ``LOCKED`` more where the spot is locked (nothing can touch it, FM-R5). The numbers
are fitted to played games (a logistic fit of who won on these counts), so the heuristic is
about the logit of winning; the search counts 2 of its points as one (``HEURISTIC_SCALE``:
a flatter judgement of where a trial stops played better than a steeper one).

:func:`heuristic` is a seat's worth less the best rival's; :func:`quick_choice` plays the
``strong`` bot's trials (:mod:`goatwidgets.engine.estimate`) by the same worths: the action
that gains most at once (:func:`gain`), a random one a tenth of the time. Uniform random
moves in the trials made the search weaker than the one-ply ``casual`` bot (23 % of 30
two-player games); with these playouts, trying every legal action, it won 57 % (47-66 %) of
100. A quarter of the decisions have 21 or more actions, a few trials each, so the trials'
luck (the die) picked among close ones: the ``strong`` bot now searches only the
:func:`candidates` (the ``SEARCH_WIDTH`` best by :func:`gain`), which won 68 % (58-76 %) of the
same 100 games and 74 % (65-82 %) of 100 more.

    >>> from goatwidgets.games.floats_mcgoats import new_game
    >>> s = new_game(players=2, seed=1)
    >>> heuristic(s, 0) == s.heuristic(0) == -heuristic(s, 1)
    True
    >>> str(quick_choice(s, 0, random.Random(0))) in map(str, s.legal_actions(0))
    True
"""

from __future__ import annotations

import random

from ...engine import State
from .actions import Action
from .board import POINTS, Spot, edge_spots, spot_edges

#: the strong bot's search (issue 26): playouts of 8 decisions by :func:`quick_choice` (about
#: two turns of each player), then :func:`heuristic`, of which 2 points are about one logit
#: of winning (in 30 two-player games against casual: depth 4, 12, 16 won 53-57 %, depth 8
#: 63-73 %; scale 3.4 and 6 won 63 %, scale 2 73 %)
SEARCH_DEPTH = 8

HEURISTIC_SCALE = 2.0

#: how many actions a search should try (:func:`candidates`)
SEARCH_WIDTH = 8

#: what a point of goats is worth with 0, 1, 2 or 3 of its spot's sticks on the raft
SIDES = (0.0, 0.56, 0.85, 1.0)

#: worth more per point on a locked spot (FM-R5: no shark, fight, love or float takes it)
LOCKED = 0.3

#: worth of being the seat to move (a turn in hand)
TO_MOVE = 0.27

#: quick choice: the worth of rolling the die (FM-R10), and what closing an empty spot
#: costs (the next player may place a goat there and score at once)
ROLL = 0.25
GIFT = 0.6

#: quick choice: the share of playout decisions taken at random (so trials vary)
RANDOM_SHARE = 0.1


def heuristic(state: State, seat: int) -> float:
    """``seat``'s worth (:func:`worth`) less the best rival's: about the logit of winning."""
    if state.is_over:
        return 1000.0 if seat in state.winners else -1000.0
    worths = [worth(state, s) for s in range(state.players)]
    return worths[seat] - max(w for s, w in enumerate(worths) if s != seat)


def worth(state: State, seat: int) -> float:
    """The points of ``seat``'s goats, each by its spot (:func:`spot_worth`), and the turn."""
    value = TO_MOVE if state.current == seat else 0.0
    for spot, goats in state.goats.items():
        if goats[0][0] == seat:
            value += points(goats) * spot_worth(state, spot)
    return value


def points(goats: list[tuple[int, str]]) -> int:
    """What a goat or stack scores when enclosed (FM-R19)."""
    return sum(POINTS[kind] for _, kind in goats)


def sides(state: State, spot: Spot) -> int:
    """How many of ``spot``'s three sticks are on the raft."""
    return sum(e in state.sticks for e in spot_edges(spot))


def spot_worth(state: State, spot: Spot, n: int | None = None) -> float:
    """What one point of goats on ``spot`` is worth, with ``n`` sides (default: as it is)."""
    n = sides(state, spot) if n is None else n
    return SIDES[n] + (LOCKED if n == 3 and state.is_locked(spot) else 0.0)


def quick_choice(state: State, seat: int, rng: random.Random) -> Action:
    """A quick decision for the estimator's playouts: a random action one time in ten
    (``RANDOM_SHARE``), else the one with the largest :func:`gain` (ties: at random)."""
    actions = state.legal_actions(seat)
    if len(actions) == 1:
        return actions[0]
    if rng.random() < RANDOM_SHARE:
        return rng.choice(actions)
    best, best_gain = [], float("-inf")
    for action in actions:
        value = gain(state, action, seat)
        if value > best_gain + 1e-9:
            best, best_gain = [action], value
        elif value > best_gain - 1e-9:
            best.append(action)
    return rng.choice(best)


def candidates(state: State, seat: int) -> list[Action]:
    """The ``SEARCH_WIDTH`` legal actions of ``seat`` with the largest :func:`gain` (ties: in
    the order of the legal actions), for a search that should not spread its trials over
    every one (the engine's ``strong`` bot searches these)."""
    actions = state.legal_actions(seat)
    order = sorted(range(len(actions)), key=lambda i: -gain(state, actions[i], seat))
    return [actions[i] for i in order[:SEARCH_WIDTH]]


def gain(state: State, action: Action, seat: int) -> float:
    """How much ``action`` changes ``seat``'s worth less the rivals' at once (a rival's goat
    counts against), judged without playing it: a goat placed (FM-R10) is worth its spot; a
    stick added, put down or picked up (FM-R12, FM-R13) changes the two spots beside it (an
    empty spot it closes costs ``GIFT``); a flip that locks a spot adds ``LOCKED`` (FM-R15);
    goat love, the shark, following it and a fight move goats between spots (FM-R16 to
    FM-R18); a roll is worth ``ROLL``. Sticks floating away are not foreseen."""
    match action.kind:
        case "roll":
            return ROLL
        case "mama" | "baby":
            return POINTS[action.kind] * SIDES[sides(state, action.spot)]
        case "stick" | "drop":
            return _stick_gain(state, action.stick, seat, +1)
        case "move":
            return _stick_gain(state, action.stick, seat, -1)
        case "flip":
            return _flip_gain(state, action.stick, seat)
        case "love":
            goats = state.goats[action.spot]
            return points(goats) * (spot_worth(state, action.target)
                                    - spot_worth(state, action.spot))
        case "shark":
            goats = state.goats[action.spot]
            return -_sign(goats, seat) * points(goats) * spot_worth(state, action.spot)
        case "follow":
            goats = state.goats[action.spot]
            return points(goats) * (spot_worth(state, state.shark_left)
                                    - spot_worth(state, action.spot))
        case "fight":
            mine, theirs = action.spot, action.target
            moved = points(state.goats[mine]) + points(state.goats[theirs])
            return moved * (spot_worth(state, theirs) - spot_worth(state, mine))
    return 0.0


def _sign(goats: list[tuple[int, str]], seat: int) -> float:
    return 1.0 if goats[0][0] == seat else -1.0


def _stick_gain(state: State, edge, seat: int, change: int) -> float:
    """A stick added (``change`` +1) or taken away (-1) on ``edge``: the goats beside it
    move up or down ``SIDES``; an empty spot it closes (not the shark's) costs ``GIFT``."""
    value = 0.0
    for spot in edge_spots(edge):
        goats = state.goats.get(spot)
        if goats:
            n = sides(state, spot)
            value += _sign(goats, seat) * points(goats) * (SIDES[n + change] - SIDES[n])
        elif change > 0 and spot != state.shark and sides(state, spot) == 2:
            value -= GIFT
    return value


def _flip_gain(state: State, edge, seat: int) -> float:
    """Flipping ``edge`` dark locks the goats beside it whose other sticks are dark or
    anchors (FM-R5, FM-R15)."""
    value = 0.0
    for spot in edge_spots(edge):
        goats = state.goats.get(spot)
        if goats and all(e == edge or state.sticks.get(e) in ("dark", "anchor")
                         for e in spot_edges(spot)):
            value += _sign(goats, seat) * points(goats) * LOCKED
    return value
