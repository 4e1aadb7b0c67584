"""Build a Gruff Goats position directly: for lessons, tests and teachers' examples.

    >>> s = position(hands=["SSC", "HD"], goats=[{"big": "b3"}, {}], wands={"big": 0})
    >>> s.hands[0]["spades"], s.goats[0]["big"], s.goats[1]["big"], s.decks["deck"].count
    (2, 'b3', 'e5', 99)
    >>> s = position(hands=["", ""], pile=0)          # every other card is in the discards
    >>> s.decks["deck"].count, len(s.decks["deck"].discards)
    (0, 104)

Cards come out of one 104-card deck, so they stay conserved: ``hands`` (one per seat, a
string of suit letters ``C D H S``, a list of suits or a dict of counts; left out: the seeded
deal), ``discards`` (suit letters or names, top last), and the rest in the draw pile (in a
seeded order), of which ``pile`` keeps only that many on top: the others go under the
discards. ``goats`` gives squares per seat (goats left out stay on their start corner;
``None`` means waiting to be put back, listed in ``placing`` as ``(seat, size)`` pairs).

Every argument is checked as a saved game's field would be, so a built position always loads
from its own save; a bad one raises :class:`VariantError` naming the argument:

    >>> position(turn=0)
    Traceback (most recent call last):
    ...
    goatwidgets.engine.errors.VariantError: turn must be a whole number from 1 to 500, not 0 (position)

The position becomes the game's root: ``undo`` never goes behind it.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping

from ...engine import VariantError, quote
from ...engine.variants import whole_number
from .cards import DECK, SIZES, SUITS, WANDS, empty_hand
from .rules import GruffState, new_game
from .saves import PutBack

LETTERS = {s[0].upper(): s for s in SUITS}


def position(players: int = 2, *, hands=None, discards=(), pile: int | None = None,
             goats=None, trolls=None, wands=None, points=None, placing=(), current: int = 0,
             turn: int = 1, seed: int = 0, names=None, **variants) -> GruffState:
    """A game whose root is this position (see the module docs); an impossible position
    raises :class:`VariantError` saying what is wrong."""
    state = new_game(players=players, seed=seed, names=names, **variants)
    state.forget_log()          # its deal is not the built position's
    seat_number = _seat_number(players)
    state.current = seat_number(current, "current")
    state.turn = whole_number(turn, "turn", 1, state.max_turns, "position")
    if hands is not None:
        state.hands = [_hand(hand, f"hands[{seat}]")
                       for seat, hand in enumerate(_listed(hands, "hands", players))]
    _deal(state, _cards(discards, "discards"), pile, seed)
    for seat, where in enumerate(_listed(goats or [{}] * players, "goats", players)):
        for size, square in _mapping(where, f"goats[{seat}]", SIZES).items():
            if square is not None and not isinstance(square, str):
                raise _bad(f"goats[{seat}][{size!r}] is a square like 'b3' or None, not "
                           f"{_what(square)}")
            state.goats[seat][size] = square
    if trolls is not None:
        if not (isinstance(trolls, (list, tuple)) and len(trolls) == 2
                and all(isinstance(t, str) for t in trolls)):
            raise _bad(f"trolls are two bridges like ['c4', 'c2'], not {_what(trolls)}")
        state.trolls = list(trolls)
    for wand, holder in _mapping(wands or {}, "wands", WANDS).items():
        state.wands[wand] = None if holder is None else seat_number(holder, f"wands[{wand!r}]")
    state.points = [whole_number(p, f"points[{seat}]", 0, state.target - 1, "position")
                    for seat, p in enumerate(_listed(points or [0] * players, "points",
                                                     players))]
    state.placing = [_waiting(p, seat_number) for p in _listed(placing, "placing")]
    if state.placing:
        state.phase, state.acted = "place", True
    try:
        state.rebase()                      # the checks of a saved game's position
    except (ValueError, AssertionError) as exc:
        raise _bad(f"impossible position: {exc}") from None
    return state


def _bad(message: str) -> VariantError:
    return VariantError(message, "position")


def _seat_number(players: int):
    return lambda value, name: whole_number(value, name, 0, players - 1, "position")


def _what(value) -> str:
    """A wrong argument in a message: quoted if it is one number or text, else what it is
    ("a list of 3 items"), never printed whole."""
    if value is None or isinstance(value, (str, int, float)):
        return quote(value)
    size = (f" of {len(value):,} item{'s' if len(value) != 1 else ''}"
            if isinstance(value, (list, tuple, dict)) else "")
    return f"a {type(value).__name__}{size}"


def _listed(value, name: str, length: int | None = None) -> list:
    """``value`` as a list (of ``length`` items, one per seat, if given)."""
    if not isinstance(value, (list, tuple)) or (length is not None and len(value) != length):
        want = f"a list of {length} items, one per seat" if length else "a list"
        raise _bad(f"{name} must be {want}, not {_what(value)}")
    return list(value)


def _mapping(value, name: str, keys) -> dict:
    """``value`` as a dict whose keys are some of ``keys``."""
    if not isinstance(value, Mapping):
        raise _bad(f"{name} must be a dict like {{{keys[0]!r}: ...}}, not {_what(value)}")
    unknown = [k for k in value if k not in keys]
    if unknown:
        raise _bad(f"{name} has {_what(unknown[0])}; the keys are {', '.join(keys)}")
    return dict(value)


def _cards(value, name: str) -> list[str]:
    """Cards given as "SSH" or ["spades", "H", ...] -> suit names."""
    if not isinstance(value, (str, list, tuple)) or len(value) > len(DECK):
        raise _bad(f"{name} are suit letters like 'SSH' or a list of suits, not "
                   f"{_what(value)}")
    cards = [LETTERS.get(c.upper(), c) if isinstance(c, str) else c for c in value]
    odd = [c for c in cards if c not in SUITS]
    if odd:
        raise _bad(f"{name}: {_what(odd[0])} is no suit; write C, D, H, S or a suit's name")
    return cards


def _hand(value, name: str) -> dict:
    """A hand as counts by suit: from letters, a list of suits or a dict of counts."""
    if isinstance(value, Mapping):
        counts = empty_hand()
        for suit, n in _mapping(value, name, SUITS).items():
            counts[suit] = whole_number(n, f"{name}[{suit!r}]", 0, len(DECK), "position")
        return counts
    return dict(empty_hand(), **Counter(_cards(value, name)))


def _deal(state: GruffState, discards: list[str], pile, seed: int) -> None:
    """The deck: the cards in no hand, seeded, ``pile`` of them on top, the rest under
    ``discards``."""
    rest = Counter(DECK) - Counter(discards)
    for hand in state.hands:
        rest -= Counter(hand)
    used = Counter(discards) + sum((Counter(h) for h in state.hands), Counter())
    if any(used[s] > DECK.count(s) for s in SUITS):
        raise _bad("hands, discards: more cards of a suit than the two packs hold (GG-R3)")
    order = sorted(rest.elements())
    random.Random(seed).shuffle(order)
    keep = len(order) if pile is None else whole_number(pile, "pile", 0, len(order),
                                                        "position")
    deck = state.decks["deck"]
    deck.pile = order[len(order) - keep:]
    deck.discards = order[:len(order) - keep] + discards


def _waiting(pair, seat_number) -> PutBack:
    """One ``(seat, size)`` goat waiting to be put back."""
    if not (isinstance(pair, (list, tuple)) and len(pair) == 2 and pair[1] in SIZES):
        raise _bad(f"placing lists (seat, size) pairs like (0, 'big'), not {_what(pair)}")
    return PutBack(seat_number(pair[0], "placing: the seat"), pair[1])
