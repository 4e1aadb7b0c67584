"""Gruff Goats saves: the position's fields, declared once (the engine derives the save, the
load and the schema check of a saved game from ``SAVED_FIELDS``), the named records the turn
keeps (a claim going on, a goat waiting to go back, the dragon's strike), the checks that a
saved position fits together as play leaves it (``check_position``) and the conservation laws
(``check_invariants``). Nothing here changes a position: each check is given the state.

A record is saved as the plain data it always was, so saves written before the records
existed still load:

    >>> claim = Claim(claimant=0, wand="big", asked=1, blocks=(), tries=1, passed=())
    >>> claim_data(claim)
    {'claimant': 0, 'wand': 'big', 'asked': 1, 'blocks': [], 'tries': 1, 'passed': []}
    >>> claim_record(claim_data(claim)) == claim, PutBack(1, "big") == (1, "big")
    (True, True)
"""

from __future__ import annotations

from collections import Counter
from typing import NamedTuple

from ...engine.schema import Bool, Fields, Int, ListOf, Nullable, OneOf, Saved, Seat, Str, Tuple
from ...engine.variants import TurnGuard
from ...engine.words import plural
from .actions import PHASES
from .cards import DECK, PER_SUIT, SIZES, SUITS, WANDS

TARGET = 3                                      # GG-R11 (GG-X8: the target option's default)
MAX_TARGET = 5                                  # GG-X8: the largest target a game may set
#: GG-R13: a game that nobody has won after ``max_turns`` turns is a draw (GG-X7)
TURN_GUARD = TurnGuard("GG-R13", default=500, most=100_000)


class Claim(NamedTuple):
    """A claim going on (GG-R6): ``claimant`` wants ``wand``; ``asked`` is the seat deciding
    to block or pass (None while the claimant answers a block); ``blocks`` who blocked each
    try, in order; ``tries`` how many times the claimant put the card(s) down; ``passed`` the
    seats that passed since the latest card."""

    claimant: int
    wand: str
    asked: int | None
    blocks: tuple[int, ...]
    tries: int
    passed: tuple[int, ...]


class PutBack(NamedTuple):
    """A goat off the board (eaten, or scored) that its owner puts back on a corner (GG-R9,
    GG-R10): one decision waiting in the queue ``placing``."""

    seat: int
    size: str


class Strike(NamedTuple):
    """What the dragon did this turn (GG-R7, GG-R19), shown on the board: the goat of
    ``seat`` and ``size`` it ate on ``square``, or the troll it carried from ``origin`` to
    ``square``."""

    square: str
    seat: int | None
    size: str | None
    origin: str | None


def claim_data(claim: Claim | None) -> dict | None:
    """A claim as the save holds it: an object with lists."""
    if claim is None:
        return None
    return {"claimant": claim.claimant, "wand": claim.wand, "asked": claim.asked,
            "blocks": list(claim.blocks), "tries": claim.tries, "passed": list(claim.passed)}


def claim_record(data: dict | None) -> Claim | None:
    if data is None:
        return None
    return Claim(data["claimant"], data["wand"], data["asked"], tuple(data["blocks"]),
                 data["tries"], tuple(data["passed"]))


def _dicts(rows: list[dict]) -> list[dict]:
    return [dict(row) for row in rows]


_SQUARE = Str(3)
#: a save lists an object's keys sorted: the loaders put hands, goats and wands back in the
#: game's order (SUITS, SIZES, WANDS), the order the views and the widgets show them in
SAVED_FIELDS = (
    Saved("hands", ListOf(Fields(**{suit: Int(0, len(DECK)) for suit in SUITS}),
                          length="players"),
          save=_dicts, load=lambda hands: [{suit: h[suit] for suit in SUITS} for h in hands]),
    Saved("goats", ListOf(Fields(**{size: Nullable(_SQUARE) for size in SIZES}),
                          length="players"),
          save=_dicts, load=lambda goats: [{size: g[size] for size in SIZES} for g in goats]),
    Saved("trolls", Tuple(_SQUARE, _SQUARE), save=list, load=list),
    Saved("wands", Fields(**{wand: Nullable(Seat()) for wand in WANDS}), save=dict,
          load=lambda wands: {wand: wands[wand] for wand in WANDS}),
    Saved("points", ListOf(Int(0, MAX_TARGET), length="players"), save=list, load=list),
    Saved("current", Seat()),
    Saved("turn", Int(1, TURN_GUARD.most)),
    Saved("phase", OneOf(PHASES)),
    Saved("acted", Bool()),
    Saved("claim", Nullable(Fields(claimant=Seat(), wand=OneOf(WANDS), asked=Nullable(Seat()),
                                   blocks=ListOf(Seat(), max_len=len(DECK)),
                                   tries=Int(1, len(DECK)), passed=ListOf(Seat(), max_len=3))),
          save=claim_data, load=claim_record),
    Saved("placing", ListOf(Tuple(Seat(), OneOf(SIZES)), max_len=12),
          save=lambda placing: [list(goat) for goat in placing],
          load=lambda placing: [PutBack(seat, size) for seat, size in placing]),
    Saved("strike", Nullable(Fields(square=_SQUARE, seat=Nullable(Seat()),
                                    size=Nullable(OneOf(SIZES)), origin=Nullable(_SQUARE))),
          save=lambda strike: None if strike is None else strike._asdict(),
          load=lambda strike: None if strike is None else Strike(**strike)),
    Saved("winners", Nullable(ListOf(Seat(), max_len=1)), attr="_winners",
          save=lambda winners: None if winners is None else list(winners),
          load=lambda winners: None if winners is None else tuple(winners)),
)


# ---------------------------------------------------------------------- reachable positions

def check_position(state) -> None:
    """A saved position's fields must fit together as play leaves them (``ValueError``
    naming the field and the ruling)."""
    board, phase = state.board, state.phase
    for seat, goats in enumerate(state.goats):
        for size, where in goats.items():
            if where is not None and board.kind(where) not in ("land", "bridge"):
                raise ValueError(f"seat {seat}'s {size} goat is on {where!r}, not on the "
                                 "land or a bridge (GG-R1, GG-R10)")
    if any(board.kind(t) != "bridge" for t in state.trolls) or len(set(state.trolls)) != 2:
        raise ValueError("the two trolls stand on two different bridges (GG-R7)")
    if state.acted and not state.variants["many_actions"] and phase == "turn":
        raise ValueError("one action a turn: an action already taken ends the turn (GG-R5)")
    if phase in ("block", "answer", "place") and not state.acted:
        raise ValueError(f"the {phase!r} phase comes after an action (GG-R5)")
    _check_strike(state)
    deck = state.decks["deck"]
    if deck.name != "deck" or not deck.reshuffle:
        raise ValueError("decks.deck is the game's one deck, and it reshuffles its discards "
                         "when the pile runs out (GG-R3)")
    _check_claim(state)
    if (phase == "place") != bool(state.placing):
        raise ValueError("goats wait to go back exactly in the place phase (GG-R9)")
    if len(set(state.placing)) != len(state.placing):
        raise ValueError("placing: a goat waits to go back only once")
    if state.placing != sorted(state.placing, key=state.put_back_order):
        raise ValueError("placing: eaten goats go back clockwise from the player whose "
                         "turn it is, each player's bigger goat first (GG-R17, GG-X3)")
    _check_end(state)


def _check_claim(state) -> None:
    """A claim is going on exactly in the block and answer phases, made as GG-R6 makes it."""
    phase, claim = state.phase, state.claim
    if (phase in ("block", "answer")) != (claim is not None):
        raise ValueError("a claim is in progress exactly in the block and answer phases")
    if claim is None:
        return
    c, n = claim.claimant, state.players
    asked, tries, blocks = claim.asked, claim.tries, claim.blocks
    if c != state.current or state.wands[claim.wand] == c:
        raise ValueError("a claim is made by the player whose turn it is, for a wand "
                         "they do not hold (GG-R6, GG-R14)")
    if any(b == c or not 0 <= b < n for b in blocks):
        raise ValueError("only the other players block (GG-R6)")
    if phase == "block":
        if asked is None or asked == c or asked >= n or len(blocks) != tries - 1:
            raise ValueError("in the block phase another seat is asked, and every try "
                             "but the latest was blocked (GG-R6)")
        expected = state.seats_from(c)[1:(asked - c) % n]
    else:
        if asked is not None or len(blocks) != tries:
            raise ValueError("in the answer phase the latest try was blocked (GG-R6)")
        expected = ()
    if claim.passed != expected:
        raise ValueError("the seats asked before the asked seat have passed (GG-R6)")


def _check_strike(state) -> None:
    """A dragon strike is this turn's: sent by the player whose turn it is, who holds the
    dragon wand, at a goat on the board or (GG-R19) carrying a troll between bridges."""
    strike, board = state.strike, state.board
    if strike is None:
        return
    if not state.acted or state.wands["dragon"] != state.current:
        raise ValueError("strike: the dragon struck this turn, sent by the player whose "
                         "turn it is, who holds the dragon wand (GG-R7)")
    if strike.seat is not None and strike.size is not None and strike.origin is None:
        if board.kind(strike.square) not in ("land", "bridge"):
            raise ValueError("strike: the dragon ate a goat on the land or a bridge (GG-R7)")
    elif (strike.seat, strike.size) != (None, None) or strike.origin is None:
        raise ValueError("strike: the dragon ate one goat or carried one troll (GG-R7, "
                         "GG-R19)")
    elif not state.variants["dragon_eats_trolls"] or strike.origin == strike.square \
            or {board.kind(strike.origin), board.kind(strike.square)} != {"bridge"}:
        raise ValueError("strike: the dragon carries a troll only in the dragon-takes-a-"
                         "troll variant, from one bridge to another (GG-R19, GG-X4)")


def _check_end(state) -> None:
    """Winners are exactly the ones the rules name (GG-R11, GG-R13), and the end leaves
    the goats as it found them (GG-R17)."""
    if (state.phase == "over") != (state._winners is not None):
        raise ValueError("winners are set exactly when the game is over")
    off = [(seat, size) for seat, goats in enumerate(state.goats)
           for size, where in goats.items() if where is None]
    target, points = state.target, state.points
    if state.phase == "over" and state._winners:
        (seat,) = state._winners
        if points[seat] != target or points.count(target) != 1:
            raise ValueError(f"winners: the winner alone has {plural(target, 'point')} "
                             "(GG-R11, GG-X8)")
        if seat != state.current:
            raise ValueError("winners: only the player whose turn it is moves a goat onto "
                             "the Island and wins (GG-R10, GG-R11)")
        if len(off) != 1 or off[0][0] != seat:
            raise ValueError("goats: the game ends with every goat on the board but the "
                             "winner's scoring goat (GG-R11, GG-R17)")
    elif max(points) >= target:
        raise ValueError(f"points: a player with {plural(target, 'point')} has already "
                         "won (GG-R11, GG-X8)")
    elif state.phase == "over":
        if state.turn != state.max_turns:
            raise ValueError("turn: a draw happens only at the turn guard (GG-R13)")
        if off:
            raise ValueError("goats: a drawn game ends with every goat on the board "
                             "(GG-R13, GG-X5)")


# ---------------------------------------------------------------------- invariants

def check_invariants(state) -> None:
    """The 104 cards are all somewhere; each goat, troll and wand is in exactly one place
    (``AssertionError`` if not)."""
    deck = state.decks["deck"]
    counts = Counter(deck.pile) + Counter(deck.discards)
    for hand in state.hands:
        assert all(n >= 0 for n in hand.values()), "a hand holds fewer than no cards"
        counts.update(hand)
    assert set(counts) <= set(SUITS), f"unknown cards {sorted(set(counts) - set(SUITS))}"
    assert all(counts[s] == PER_SUIT for s in SUITS), \
        f"the cards are not 26 of each suit: {dict(counts)}"
    assert sorted(state.wands) == sorted(WANDS), "a wand is missing"
    assert all(h is None or 0 <= h < state.players for h in state.wands.values())
    board = state.board
    assert len(state.trolls) == 2 and len(set(state.trolls)) == 2, "two trolls, apart"
    assert all(board.kind(t) == "bridge" for t in state.trolls), "a troll is off the bridges"
    off = set()
    for seat, goats in enumerate(state.goats):
        assert sorted(goats) == sorted(SIZES), f"seat {seat} has not three goats"
        for size, where in goats.items():
            if where is None:
                off.add((seat, size))
            else:
                assert board.kind(where) in ("land", "bridge"), \
                    f"seat {seat}'s {size} goat is on {where}"
                assert where not in state.trolls, \
                    f"seat {seat}'s {size} goat shares a troll's bridge"
    waiting = set(state.placing)
    assert len(waiting) == len(state.placing), "a goat waits twice"
    if state.phase == "over":
        assert not waiting, "nothing goes back once the game is over"
    else:
        assert off == waiting, f"goats off the board {sorted(off)} vs waiting {sorted(waiting)}"
    assert all(0 <= p <= state.target for p in state.points)
