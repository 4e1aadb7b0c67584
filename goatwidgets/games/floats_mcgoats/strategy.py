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
moves in the trials made the search weaker than the one-ply ``casual`` bot; with these
playouts it won more often than not against it. A quarter of the decisions have 21 or more
actions, a few trials each, so the trials' luck (the die) picked among close ones: the
``strong`` bot now searches only the :func:`candidates` (the ``SEARCH_WIDTH`` best by
:func:`gain`), which did better than trying every legal action. The figures: the README's
"How the bots were tuned".

:func:`reasons` is for the coach (:mod:`goatwidgets.engine.coach`), not the bots: what an
action did by the rules (scores, what the shark or a moved stick sent out to sea, a triangle
locked or opened), each with its ruling's id.

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
from ...engine.coach import Reason
from ...engine.words import obj, possessive
from .actions import Action
from .board import POINTS, Spot, edge_spots, spot_edges

#: the strong bot's search (issue 26): playouts of 8 decisions by :func:`quick_choice` (about
#: two turns of each player), then :func:`heuristic`, of which 2 points are about one logit
#: of winning: depth 8 and scale 2 were the best of the depths and scales tried against
#: casual (the figures: the README's "How the bots were tuned")
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


def candidates(state: State, seat: int, rng: random.Random | None = None) -> list[Action]:
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


# ---- the coach's reasons (goatwidgets.engine.coach): what an action does, by the rules

def reasons(before: State, after: State, action: Action, seat: int) -> list[Reason]:
    """What ``action`` did between ``before`` and ``after`` (``before`` with the action
    carried out; :mod:`goatwidgets.engine.sure`), read off the board by the rules:

    - the seat's score up or down (``"points"``, ``"costs"``, FM-R19), first;
    - what the action itself did: the shark sending goats out to sea (``"sea"``, FM-R17), a
      stick picked up from a closed triangle whose goats stop scoring (``"opens"``, FM-R5), a
      flip that locks a triangle with goats in it (``"locks"``, FM-R5);
    - a rival's score down or up (``"hurts"``, ``"helps"``, FM-R19);
    - a stick put down that cuts sticks off the raft, which float away (``"float"``, FM-R13:
      the raft is the part joined to the anchors in the networkx graph, FM-R3), and goats
      left beside no raft stick, which float out to sea (``"sea"``, FM-R13);
    - a turn ended leaving an empty closed triangle the next player may fill with a goat and
      score at once (``"gift"``, FM-R10).

    A roll says nothing: the die decides it. A stick picked up says only what it opens, not
    the scores of the moment while it is held. Floats hides nothing else, and no other
    action draws chance, so every other fact holds whatever happens (by construction). No
    brackets in the
    words: the coach's sentence puts each choice's chance in brackets.

        >>> from goatwidgets.games.floats_mcgoats import position
        >>> s = position(goats={"0,0u": (0, "baby")}, names=["You", "Bo"])
        >>> s.preset(die="add"); s.apply("roll")
        >>> after = s.clone(); after.apply("stick 0,1-1,0")
        >>> [r.text for r in reasons(s, after, after.parse_action("stick 0,1-1,0"), 0)]
        ['raises your score from 0 to 2']
    """
    kind = action.kind
    if kind in ("roll", "stay"):
        return []
    name = before.seat_name(seat)
    found = []
    if kind != "move":
        was, now = before.scores[seat], after.scores[seat]
        if now > was:
            found.append(Reason("points", f"raises {possessive(name)} score from {was} to {now}",
                                "FM-R19"))
        elif now < was:
            found.append(Reason("costs", f"lowers {possessive(name)} score from {was} to {now}",
                                "FM-R19"))
    if kind == "shark":
        goats = before.goats[action.spot]
        found.append(Reason("sea", f"lets the shark send {_whose_goats(before, goats)} out to "
                            "sea", "FM-R17"))
    elif kind == "move":
        opened = [s for s in edge_spots(action.stick) if s in before.goats
                  and before.is_enclosed(s) and not after.is_enclosed(s)]
        for spots, goats in _by_owner(before, opened):
            found.append(Reason("opens", f"opens the closed {_noun(spots, 'triangle')} around "
                                f"{_whose_goats(before, goats)}, so "
                                f"{'it stops' if len(goats) == 1 else 'they stop'} scoring",
                                "FM-R5"))
    elif kind == "flip":
        locked = [s for s in edge_spots(action.stick) if s in before.goats
                  and not before.is_locked(s) and after.is_locked(s)]
        for spots, goats in _by_owner(before, locked):
            found.append(Reason("locks", f"locks the {_noun(spots, 'triangle')} around "
                                f"{_whose_goats(before, goats)}, so no shark or goat fight "
                                f"can reach {'it' if spots == 1 else 'them'}", "FM-R5"))
    if kind != "move":
        for rival in range(before.players):
            was, now = before.scores[rival], after.scores[rival]
            if rival == seat or was == now:
                continue
            them = possessive(before.seat_name(rival))
            if now < was:
                found.append(Reason("hurts", f"lowers {them} score from {was} to {now}",
                                    "FM-R19"))
            else:
                found.append(Reason("helps", f"raises {them} score from {was} to {now}",
                                    "FM-R19"))
    if kind == "drop":
        lost = after.pile - before.pile
        if lost > 0:
            found.append(Reason("float", f"cuts {_count(lost, 'stick')} off the raft, so "
                                f"{'it floats' if lost == 1 else 'they float'} away",
                                "FM-R13"))
        adrift = [s for s in before.goats if s not in after.goats]
        for _, goats in _by_owner(before, adrift):
            found.append(Reason("sea", f"leaves {_whose_goats(before, goats)} beside no raft "
                                f"stick, so {'it floats' if len(goats) == 1 else 'they float'}"
                                " out to sea", "FM-R13"))
    if not after.is_over and after.phase == "turn" and after.current != seat:
        nxt = after.current
        placeable = {a.spot for a in after.legal_actions(nxt) if a.kind in ("mama", "baby")}
        new = [s for s in placeable if after.is_enclosed(s)
               and not (before.is_enclosed(s) and s not in before.goats and s != before.shark)]
        if new:
            found.append(Reason("gift", f"leaves {_count(len(new), 'empty closed triangle')} "
                                f"where {obj(after.seat_name(nxt))}, playing next, can place a "
                                "goat and score at once", "FM-R10"))
    return found


_NUMBERS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven"}


def _count(n: int, noun: str) -> str:
    """``n`` things in words: "a stick", "two sticks", "12 sticks"."""
    if n == 1:
        return f"an {noun}" if noun[0] in "aeiou" else f"a {noun}"
    return f"{_NUMBERS.get(n, n)} {noun}s"


def _noun(n: int, noun: str) -> str:
    """"triangle" or "triangles"."""
    return noun if n == 1 else noun + "s"


def _by_owner(state: State, spots) -> list[tuple[int, list[tuple[int, str]]]]:
    """The goats on ``spots`` gathered by owner, in seat order: for each owner, how many of
    the spots hold their goats, and the goats."""
    owners: dict[int, list] = {}
    for spot in sorted(spots):
        goats = state.goats[spot]
        entry = owners.setdefault(goats[0][0], [0, []])
        entry[0] += 1
        entry[1] += goats
    return [(n, goats) for _, (n, goats) in sorted(owners.items())]


def _whose_goats(state: State, goats: list[tuple[int, str]]) -> str:
    """One owner's goats in words: "Bo's mama goat", "your two mama goats and baby goat"."""
    mamas = sum(kind == "mama" for _, kind in goats)
    parts = ([f"{'' if mamas == 1 else _NUMBERS.get(mamas, mamas) + ' '}mama goat"
              f"{'' if mamas == 1 else 's'}"] if mamas else [])
    parts += ["baby goat"] * (len(goats) - mamas)
    return f"{possessive(state.seat_name(goats[0][0]))} {' and '.join(parts)}"
