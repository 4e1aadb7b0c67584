"""Gruff Goats: how the bots judge a position (issue 26), as functions of the state.

:func:`heuristic` counts points first, then goats near the Island by a way around the trolls'
bridges (networkx), wands worth using and cards in hand; :func:`quick_choice` plays the
``strong`` bot's trials (:mod:`goatwidgets.engine.estimate`) by rules of thumb: uniform random
moves in the trials made the search weaker than the one-ply ``casual`` bot. At three or four
players the search tries only :func:`candidates`. The bots call these on copies re-dealt from
their seat's information, so the other hands read here are guesses.

    >>> from goatwidgets.games.gruff_goats import new_game
    >>> s = new_game(players=2, seed=1)
    >>> heuristic(s, 0) == s.heuristic(0) == -heuristic(s, 1)
    True
    >>> str(quick_choice(s, 0, random.Random(0))) in map(str, s.legal_actions(0))
    True
"""

from __future__ import annotations

import random

from ...engine import State
from ...engine.bots import looked_ahead
from ...engine.coach import Reason
from ...engine.words import obj, plural, possessive
from .actions import Action, make
from .cards import SIZES, WAND_NAMES, WANDS

#: the strong bot's search (issue 26): playouts of 8 decisions by :func:`quick_choice`,
#: then :func:`heuristic`, of which 30 points are about one logit of winning: against casual
#: at two players depth 8 did better than depth 4 (at either of the two scales tried there);
#: at four players searching every action fell below a fair share and deeper playouts did not
#: clearly help, while searching only :func:`candidates` (``SEARCH_WIDTH``) rose above it,
#: not clearly; at two players the candidates are every action, so nothing changed there.
#: The figures: the README's "How the bots were tuned"
SEARCH_DEPTH = 8

HEURISTIC_SCALE = 30.0

#: at three or four players, how many of a decision's actions the search tries, by phase
#: (the best by one look ahead, :func:`candidates`); a phase not named: every one
SEARCH_WIDTH = {"turn": 3, "block": 1}


def heuristic(state: State, seat: int) -> float:
    """Points first; then goats near the Island by a way around the trolls' bridges
    (networkx), then wands worth using (held with cards of their suit) and cards in hand.
    A pending claim counts as likely as the claimant's cards of its suit against everyone
    else's (so a claim war is won by the side with more cards instead of going on for
    ever). Rivals' progress counts against. (A bot calls this on a copy re-dealt from its
    own seat's information, so other hands here are guesses.)"""
    if state.is_over:
        return 1000.0 if seat in state.winners else (-1000.0 if state.winners else 0.0)
    around = state.board.distance_around(state.trolls)
    far = max(state.board.distance.values()) + 3
    claim = state.claim
    chance = 0.0
    if claim is not None:
        need = state.wand_costs[claim.wand]
        mine = min(state.hands[claim.claimant][suit] for suit in need)
        theirs = sum(min(state.hands[s][suit] for suit in need)
                     for s in range(state.players) if s != claim.claimant)
        chance = 1.0 if theirs == 0 else (mine + 0.5) / (mine + theirs + 1.0)
    value = 0.0
    for s in range(state.players):
        weight = 1.0 if s == seat else -1.0 / (state.players - 1)
        hand = state.hands[s]
        v = 40.0 * state.points[s] + 0.3 * sum(hand.values())
        for where in state.goats[s].values():
            if where is not None:
                v += 3.0 * (far - around.get(where, far))
        for wand, holder in state.wands.items():
            if holder == s:
                v += _wand_worth(state, hand, wand) * (
                    1.0 - chance if claim is not None and claim.wand == wand else 1.0)
        if claim is not None and claim.claimant == s:
            v += chance * _wand_worth(state, hand, claim.wand)
        value += weight * v
    return value


def candidates(state: State, seat: int, rng: random.Random | None = None) -> list[Action] | None:
    """The actions the ``strong`` bot's search tries (:mod:`goatwidgets.engine.bots`), judged
    on a copy re-dealt from ``seat``'s information: every legal one (None) at two players;
    at three or four, the ``SEARCH_WIDTH`` best by :func:`heuristic` one decision ahead, as
    ``casual`` judges them (ties: in the order of the legal actions): on a turn the three
    best, to block or pass only the best one (``casual``'s choice).

    Why: at four players a playout of eight decisions often ends before the seat's own next
    turn (at two players it almost never does), and the three other seats' moves in between
    drown the difference between the seat's own actions: a turn's claims and draw scored
    within a few hundredths of each other, intervals overlapping, and searching every action
    the bot blocked far more claims than ``casual``, spent its cards so and scored little
    (several watched games ran to the turn guard as draws). The figures: the README's "How
    the bots were tuned".

        >>> from goatwidgets.games.gruff_goats import new_game
        >>> candidates(new_game(players=2, seed=1), 0) is None
        True
        >>> s = new_game(players=4, seed=1)
        >>> found = [str(a) for a in candidates(s, 0)]
        >>> len(found) == SEARCH_WIDTH["turn"], set(found) <= set(map(str, s.legal_actions(0)))
        (True, True)
    """
    if state.players < 3:
        return None
    actions = state.legal_actions(seat)
    width = SEARCH_WIDTH.get(state.phase)
    if width is None or len(actions) <= width:
        return None
    values = looked_ahead(state, seat, actions)
    order = sorted(range(len(actions)), key=lambda i: -values[i])
    return [actions[i] for i in order[:width]]


def _wand_worth(state: State, hand: dict, wand: str) -> float:
    uses = min(hand[suit] for suit in state.wand_costs[wand])
    return 1.0 + 0.5 * min(uses, 3)


def quick_choice(state: State, seat: int, rng: random.Random) -> Action:
    """A quick decision for the estimator's playouts (:mod:`goatwidgets.engine.estimate`,
    the ``strong`` bot), made on a copy re-dealt from the searching seat's information:
    the hands it reads are the search's guesses. A goat goes back on the corner nearest
    the Island (:meth:`_quick_place`); a claim is blocked and a block answered when it
    can be won on the cards (:meth:`_quick_block`, :meth:`_quick_answer`); on a turn, in
    this order: a goat onto the Island, the dragon eats the rival goat nearest the
    Island, a troll moves where it holds the rivals back, a goat steps nearer, a wand
    is claimed, else draw (uniform random moves in the playouts made the search weaker
    than ``casual``)."""
    match state.phase:
        case "place":
            return _quick_place(state, seat, rng)
        case "block":
            return _quick_block(state, seat)
        case "answer":
            return _quick_answer(state, seat)
        case "turn":
            return (_quick_step(state, seat, island_only=True) or _quick_dragon(state, seat)
                    or _quick_troll(state, seat) or _quick_step(state, seat)
                    or _quick_claim(state, seat) or make("draw"))
    return state.uniform_choice(seat, rng)


def _payments(state: State, seat: int, wand: str) -> int:
    """How many times ``seat`` could put down the card(s) of ``wand`` (GG-R4)."""
    hand = state.hands[seat]
    return min(hand[suit] for suit in state.wand_costs[wand])


def _quick_place(state: State, seat: int, rng: random.Random) -> Action:
    """A corner nearest the Island by a way around the trolls (ties: at random)."""
    around = state.board.distance_around(state.trolls)
    far = len(state.board.squares)
    steps = {c: around.get(c, far) for c in state.board.corners}
    nearest = min(steps.values())
    corner = rng.choice([c for c in state.board.corners if steps[c] == nearest])
    return make("place", size=state.placing[0].size, square=corner)


def _quick_block(state: State, seat: int) -> Action:
    """Block when holding at least as many payments of the wand as the claimant."""
    claim = state.claim
    mine = _payments(state, seat, claim.wand)
    if mine and mine >= _payments(state, claim.claimant, claim.wand):
        return make("block")
    return make("pass")


def _quick_answer(state: State, seat: int) -> Action:
    """Put down again when holding more payments of the wand than the latest blocker."""
    claim = state.claim
    mine = _payments(state, seat, claim.wand)
    if mine and mine > _payments(state, claim.blocks[-1], claim.wand):
        return make("again")
    return make("stop")


def _quick_step(state: State, seat: int, island_only: bool = False) -> Action | None:
    """A goat onto the Island; else (unless ``island_only``) the step that brings a
    goat nearest the Island by a way around the trolls, never onto a troll."""
    around = state.board.distance_around(state.trolls)
    far = len(state.board.squares)
    island = state.board.island
    best, best_steps = None, far
    for size in SIZES:
        if state.wands[size] != seat or not _payments(state, seat, size):
            continue
        where = state.goats[seat][size]
        now = around.get(where, far)
        for square in state.board.neighbours[where]:
            if square == island:
                return make("move", size=size, square=square)
            steps = around.get(square, far)
            if square not in state.trolls and steps < min(now, best_steps):
                best, best_steps = make("move", size=size, square=square), steps
    return None if island_only else best


def _quick_dragon(state: State, seat: int, reach: int = 2) -> Action | None:
    """The dragon eats the rival goat nearest the Island, if it is ``reach`` steps
    away or less."""
    if state.wands["dragon"] != seat or not _payments(state, seat, "dragon"):
        return None
    around = state.board.distance_around(state.trolls)
    far = len(state.board.squares)
    target, nearest = None, reach + 1
    for s in range(state.players):
        if s == seat:
            continue
        for size, where in state.goats[s].items():
            if where is not None and around.get(where, far) < nearest:
                target, nearest = (s, size), around.get(where, far)
    return None if target is None else make("dragon", seat=target[0], size=target[1])


def _quick_troll(state: State, seat: int, worth: float = 3.0) -> Action | None:
    """The troll move that gains most in the race (:meth:`_race`), if it gains more
    than ``worth`` steps."""
    if state.wands["troll"] != seat or not _payments(state, seat, "troll"):
        return None
    now = _race(state, seat, state.trolls)
    best, gain = None, worth
    for i, origin in enumerate(state.trolls):
        for bridge in state.free_bridges():
            trolls = list(state.trolls)
            trolls[i] = bridge
            more = _race(state, seat, trolls) - now
            if more > gain:
                best, gain = make("troll", origin=origin, square=bridge), more
    return best


def _race(state: State, seat: int, trolls: list[str]) -> float:
    """With the trolls on ``trolls``: the rivals' goats' steps to the Island (by a way
    around the trolls) minus ``seat``'s (per rival); a goat under a troll is eaten and
    counts as back on a corner."""
    around = state.board.distance_around(trolls)
    far = len(state.board.squares)
    back = max(around.get(c, far) for c in state.board.corners)
    total = 0.0
    for s in range(state.players):
        weight = -1.0 if s == seat else 1.0 / (state.players - 1)
        for where in state.goats[s].values():
            if where is not None:
                total += weight * (back if where in trolls else around.get(where, far))
    return total


def _quick_claim(state: State, seat: int) -> Action | None:
    """Claim the wand (not held) whose suit ``seat`` holds most of; the dragon counts
    two more."""
    best, most = None, 0
    for wand in WANDS:
        if state.wands[wand] == seat:
            continue
        n = _payments(state, seat, wand)
        if n and n + 2 * (wand == "dragon") >= most:
            best, most = wand, n + 2 * (wand == "dragon")
    return None if best is None else make("claim", wand=best)


# ------------------------------------------------------------------ the coach's reasons (issue 27)


def reasons(before: State, after: State, action: Action, seat: int) -> list[Reason]:
    """What ``action`` does between ``before`` (a copy re-dealt for ``seat``) and ``after``
    (that copy after the action; :mod:`goatwidgets.engine.sure`), each goat's way to the
    Island counted round
    the trolls' bridges (networkx): a goat onto the Island for a point (GG-R10); a goat of
    the seat's left nearer the Island (GG-R1) or put back on a corner with none nearer
    (GG-R9); a goat eaten by a troll (GG-R8, GG-R17) or the dragon (GG-R7); a rival's goat
    whose way a troll made longer (GG-R8); a wand claimed, a claim kept going, a claim
    blocked, a wand taken (GG-R6). No brackets in the words: the coach's sentence puts each
    choice's reasons in brackets.
    Everything here is read off the board, the wands and the claim, which everyone sees
    (GG-R18), so it holds whatever the hands and the draw pile are (by construction:
    :func:`decided`). A claim's outcome is never said before the others answer: their hands
    decide it."""
    found = []
    name = before.seat_name(seat)
    kind = action.kind
    was = before.board.distance_around(before.trolls)
    now = after.board.distance_around(after.trolls)
    if kind == "move":
        if after.points[seat] > before.points[seat]:
            found.append(Reason("island", f"brings {possessive(name)} {action.size} goat onto "
                                "the Island for a point", "GG-R10"))
        elif action.square in before.trolls:
            found.append(Reason("eaten", f"walks {possessive(name)} {action.size} goat onto "
                                f"{before.board.name(action.square)}, where the troll eats it",
                                "GG-R8"))
    elif kind == "place":
        corners = before.board.corners
        steps = now.get(action.square)
        if steps is not None and all(steps <= now.get(c, steps + 1) for c in corners) \
                and any(steps < now.get(c, steps + 1) for c in corners):
            found.append(Reason("place", f"puts {possessive(name)} {action.size} goat back on "
                                f"{before.board.name(action.square)}, "
                                f"{plural(steps, 'step')} from the Island by a way round the "
                                "trolls: no corner is nearer", "GG-R9"))
    elif kind == "claim":
        holder = before.wands[action.wand]
        found.append(Reason("claim", f"puts down {_cards(before, action.wand)} to claim "
                            f"{WAND_NAMES[action.wand]}"
                            + ("" if holder is None else f" from {obj(before.seat_name(holder))}"),
                            "GG-R6"))
    elif kind == "again":
        claim = before.claim
        found.append(Reason("claim", f"puts down {_cards(before, claim.wand, again=True)} to "
                            f"keep {possessive(name)} claim on {WAND_NAMES[claim.wand]} going",
                            "GG-R6"))
    elif kind == "block":
        claim = before.claim
        found.append(Reason("blocks", f"blocks {possessive(before.seat_name(claim.claimant))} "
                            f"claim on {WAND_NAMES[claim.wand]}", "GG-R6"))
    for owner in range(before.players):
        whose = possessive(before.seat_name(owner))
        for size in SIZES:
            old, new = before.goats[owner][size], after.goats[owner][size]
            if old is None:
                continue
            if new is None and after.points[owner] == before.points[owner] \
                    and not (kind == "move" and owner == seat):
                if kind == "dragon":
                    found.append(Reason("eats", f"sends the dragon to eat {whose} {size} goat "
                                        f"on {before.board.name(old)}", "GG-R7"))
                else:
                    found.append(Reason("eats", f"puts a troll on {before.board.name(old)}, "
                                        f"where it eats {whose} {size} goat", "GG-R8"))
            elif new is not None and old in was and new in now:
                if owner == seat and now[new] < was[old]:
                    found.append(Reason("nearer", f"leaves {whose} {size} goat "
                                        f"{plural(now[new], 'step')} from the Island by a way "
                                        f"round the trolls, down from {was[old]}", "GG-R1"))
                elif owner != seat and old == new and now[new] > was[old]:
                    found.append(Reason("troll", f"puts a troll in the way of {whose} {size} "
                                        f"goat: {plural(now[new], 'step')} from the Island by "
                                        f"a way round the trolls, up from {was[old]}", "GG-R8"))
    for wand in WANDS:
        holder = after.wands[wand]
        if holder is not None and holder != before.wands[wand]:
            taker = ("takes" if holder == seat     # a pass keeps the cards a block would cost
                     else f"keeps {possessive(before.seat_name(seat))} cards and lets "
                          f"{obj(after.seat_name(holder))} take")
            found.append(Reason("wand", f"{taker} {WAND_NAMES[wand]}", "GG-R6"))
    return found


def decided(before: State, after: State, action: Action, seat: int) -> bool:
    """Whether the rules carried out ``action`` reading nothing ``seat`` can't see: always,
    since a hand only decides what its holder may do, never what an action does (GG-R6,
    GG-R7); the card drawn at a turn's end is chance (the engine's part)."""
    return True


def shows(before: State, after: State, action: Action, seat: int) -> bool:
    """Whether ``seat``'s ``action`` put before it a card it could not see: never, as no
    action turns up another's card (the card drawn at a turn's end is chance: the engine's
    part)."""
    return False


def _cards(state: State, wand: str, again: bool = False) -> str:
    """The cards one claim of ``wand`` puts down, in words (GG-R4): "a spade", "one card
    of each suit" (``again``: "another spade", "one more card of each suit")."""
    suits = state.wand_costs[wand]
    if len(suits) > 1:
        return "one more card of each suit" if again else "one card of each suit"
    return f"{'another' if again else 'a'} {suits[0][:-1]}"
