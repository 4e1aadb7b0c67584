"""Build a Gruff Goats position directly: for lessons, tests and teachers' examples.

    >>> s = position(hands=["SSC", "HD"], goats=[{"big": "b3"}, {}], wands={"big": 0})
    >>> s.hands[0]["spades"], s.goats[0]["big"], s.goats[1]["big"], s.decks["deck"].count
    (2, 'b3', 'e5', 99)
    >>> s = position(hands=["", ""], pile=0)          # every other card is in the discards
    >>> s.decks["deck"].count, len(s.decks["deck"].discards)
    (0, 104)

Cards come out of one 104-card deck, so they stay conserved: ``hands`` (one per seat, a
string of suit letters ``C D H S`` or a dict of counts; left out: the seeded deal),
``discards`` (suit letters or names, top last), and the rest in the draw pile (in a seeded
order), of which ``pile`` keeps only that many on top: the others go under the discards.
``goats`` gives squares per seat (goats left out stay on their start corner; ``None`` means
waiting to be put back, listed in ``placing`` as ``(seat, size)`` pairs). The position
becomes the game's root: ``undo`` never goes behind it.
"""

from __future__ import annotations

import random
from collections import Counter

from ...engine import VariantError
from .cards import DECK, SIZES, SUITS, WANDS, empty_hand
from .rules import TARGET, GruffState, new_game

LETTERS = {s[0].upper(): s for s in SUITS}


def _cards(value) -> list[str]:
    """A hand or pile given as "SSH", ["spades", ...] or {"spades": 2} -> suit names."""
    if isinstance(value, str):
        if not all(ch in LETTERS for ch in value.upper()):
            raise ValueError(f"cards are written with the letters C, D, H, S, not {value!r}")
        return [LETTERS[ch] for ch in value.upper()]
    if isinstance(value, dict):
        return [suit for suit, n in value.items() for _ in range(int(n))]
    return [LETTERS.get(str(c).upper(), c) for c in value]


def position(players: int = 2, *, hands=None, discards=(), pile: int | None = None,
             goats=None, trolls=None, wands=None, points=None, placing=(), current: int = 0,
             turn: int = 1, seed: int = 0, names=None, **variants) -> GruffState:
    """A game whose root is this position (see the module docs); an impossible position
    raises :class:`VariantError` saying what is wrong."""
    state = new_game(players=players, seed=seed, names=names, **variants)
    try:
        deck = state.decks["deck"]
        if hands is not None:
            if len(hands) != players:
                raise ValueError(f"hands must list {players} hands")
            state.hands = []
            for hand in hands:
                counts = empty_hand()
                for suit in _cards(hand):
                    if suit not in counts:
                        raise ValueError(f"unknown suit {suit!r}")
                    counts[suit] += 1
                state.hands.append(counts)
        top = _cards(discards)
        rest = Counter(DECK) - Counter(top)
        for hand in state.hands:
            rest -= Counter(hand)
        used = Counter(top) + sum((Counter(h) for h in state.hands), Counter())
        if any(used[s] > DECK.count(s) for s in SUITS) or set(used) - set(SUITS):
            raise ValueError("more cards of a suit than the two packs hold (GG-R3)")
        order = sorted(rest.elements())
        random.Random(seed).shuffle(order)
        keep = len(order) if pile is None else pile
        if not 0 <= keep <= len(order):
            raise ValueError(f"pile must be 0 to {len(order)} cards")
        deck.pile = order[len(order) - keep:]
        deck.discards = order[:len(order) - keep] + top
        for seat, where in enumerate(goats or []):
            for size, square in where.items():
                if size not in SIZES:
                    raise ValueError(f"goats are big, medium or little, not {size!r}")
                state.goats[seat][size] = square
        if trolls is not None:
            state.trolls = list(trolls)
        for wand, holder in (wands or {}).items():
            if wand not in WANDS:
                raise ValueError(f"unknown wand {wand!r}")
            state.wands[wand] = holder
        state.points = list(points or [0] * players)
        if len(state.points) != players or not all(0 <= p < TARGET for p in state.points):
            raise ValueError(f"points are {players} numbers below {TARGET}")
        state.placing = [[seat, size] for seat, size in placing]
        if state.placing:
            state.phase, state.acted = "place", True
        if not 0 <= current < players:
            raise ValueError(f"current must be a seat from 0 to {players - 1}")
        state.current, state.turn = current, turn
        state._check_position()
        state.rebase()
    except (ValueError, KeyError, IndexError, TypeError, AssertionError) as exc:
        raise VariantError(f"impossible position: {exc}", "position") from None
    return state
