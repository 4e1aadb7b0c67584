"""Gruff Goats actions and their text notation.

========================  ==========================================================
text                      meaning
========================  ==========================================================
``draw``                  do nothing more: draw a card, and the turn ends
``claim big``             try to claim a wand: troll, big, medium, little or dragon
``block``                 put down the same card(s) to stop someone's claim
``pass``                  let the claim go on (don't block)
``again``                 after a block: put down the same card(s) once more
``stop``                  after a block: give up the claim
``move big c4``           use a goat wand: your goat of that size steps onto c4
``troll c4 d3``           use the troll wand: the troll on c4 goes to the bridge d3
``dragon 1 big``          use the dragon wand: it eats seat 1's big goat
``dragon troll c4 d3``    (variant GG-R19) the dragon carries the troll on c4 to d3
``place big a1``          put your eaten (or scoring) big goat back on corner a1
========================  ==========================================================

Seats are numbered from 0 (seat 0 is the first player). Squares are named like a chess board:
``a1`` is the south-west corner, ``c3`` the Island.

    >>> a = parse_action("Move BIG c4")
    >>> a, str(a)
    (Action(kind='move', size='big', square='c4'), 'move big c4')
    >>> parse_action("dragon 1 little").to_dict()
    {'kind': 'dragon', 'size': 'little', 'seat': 1, 'text': 'dragon 1 little'}
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ...engine import ActionParseError, quote
from ...engine import Action as BaseAction
from .board import SQUARE_ID
from .cards import SIZES, WANDS

NO_ARGUMENT = ("draw", "block", "pass", "again", "stop")
KINDS = NO_ARGUMENT + ("claim", "move", "troll", "dragon", "place")
FORMS = ("draw, claim big, block, pass, again, stop, move big c4, troll c4 d3, dragon 1 big, "
         "place big a1")
#: the action kinds each phase of a turn takes, and the ruling that phase comes from
PHASE_KINDS = {
    "turn": ({"draw", "claim", "move", "troll", "dragon"}, "GG-R5"),
    "block": ({"block", "pass"}, "GG-R6"),
    "answer": ({"again", "stop"}, "GG-R6"),
    "place": ({"place"}, "GG-R9"),
    "over": (set(), "GG-R11"),
}
PHASES = tuple(PHASE_KINDS)


def _square(value) -> bool:
    return isinstance(value, str) and bool(SQUARE_ID.match(value))


@dataclass(frozen=True)
class Action(BaseAction):
    """One Gruff Goats decision. ``str()`` gives the text form (see the module docs)."""

    wand: str | None = None       # claim
    size: str | None = None       # move, dragon (a goat), place
    seat: int | None = None       # dragon: whose goat
    origin: str | None = None     # troll, dragon (a troll): where the troll is
    square: str | None = None     # move, troll, place, dragon (a troll): where it goes

    def __post_init__(self) -> None:
        kind = self.kind
        if kind not in KINDS:
            raise ActionParseError(f"unknown action {quote(kind)} (actions: "
                                   f"{', '.join(KINDS)})", "notation")
        troll_dragon = kind == "dragon" and self.seat is None
        needs = {
            "wand": kind == "claim",
            "size": kind in ("move", "place") or (kind == "dragon" and not troll_dragon),
            "seat": kind == "dragon" and not troll_dragon,
            "origin": kind == "troll" or troll_dragon,
            "square": kind in ("move", "troll", "place") or troll_dragon,
        }
        for name, needed in needs.items():
            if needed != (getattr(self, name) is not None):
                raise ActionParseError(f"a {kind!r} action {'needs' if needed else 'takes no'} "
                                       f"{name}", "notation")
        if self.wand is not None and self.wand not in WANDS:
            raise ActionParseError(f"wand must be one of {', '.join(WANDS)}, not "
                                   f"{quote(self.wand)}", "notation")
        if self.size is not None and self.size not in SIZES:
            raise ActionParseError(f"size must be big, medium or little, not "
                                   f"{quote(self.size)}", "notation")
        if self.seat is not None and not (isinstance(self.seat, int)
                                          and not isinstance(self.seat, bool)
                                          and 0 <= self.seat <= 9):
            raise ActionParseError(f"seat must be a seat number, not {quote(self.seat)}",
                                   "notation")
        for name in ("origin", "square"):
            value = getattr(self, name)
            if value is not None and not _square(value):
                raise ActionParseError(f"{name} must be a square like 'c4', not {quote(value)}",
                                       "notation")

    __hash__ = BaseAction.cached_hash
    __repr__ = BaseAction.short_repr

    def __str__(self) -> str:
        kind = self.kind
        if kind == "claim":
            return f"claim {self.wand}"
        if kind in ("move", "place"):
            return f"{kind} {self.size} {self.square}"
        if kind == "troll":
            return f"troll {self.origin} {self.square}"
        if kind == "dragon":
            if self.seat is None:
                return f"dragon troll {self.origin} {self.square}"
            return f"dragon {self.seat} {self.size}"
        return kind

    def to_dict(self) -> dict:
        data: dict = {"kind": self.kind}
        for name in ("wand", "size", "seat", "origin", "square"):
            value = getattr(self, name)
            if value is not None:
                data[name] = value
        data["text"] = str(self)
        return data


@lru_cache(maxsize=None)
def make(kind: str, wand: str | None = None, size: str | None = None, seat: int | None = None,
         origin: str | None = None, square: str | None = None) -> Action:
    """The shared, immutable action object for these fields (cheaper than a new one)."""
    return Action(kind, wand=wand, size=size, seat=seat, origin=origin, square=square)


def parse_action(text: str) -> Action:
    """Read the text form of an action; :class:`ActionParseError` if it isn't one."""
    if not isinstance(text, str):
        raise ActionParseError(f"an action must be text, not {type(text).__name__}", "notation")
    words = text.strip().lower().split()
    if not words:
        raise ActionParseError(f"the action is empty; try one of: {FORMS}", "notation")
    kind, rest = words[0], words[1:]
    shown = quote(text.strip())
    if kind in NO_ARGUMENT and not rest:
        return make(kind)
    if kind == "give" and rest == ["up"]:
        return make("stop")
    if kind == "claim" and len(rest) == 1 and rest[0] in WANDS:
        return make("claim", wand=rest[0])
    if kind in ("move", "place") and len(rest) == 2 and rest[0] in SIZES and _square(rest[1]):
        return make(kind, size=rest[0], square=rest[1])
    if kind == "troll" and len(rest) == 2 and all(map(_square, rest)):
        return make("troll", origin=rest[0], square=rest[1])
    if kind == "dragon" and len(rest) == 2 and len(rest[0]) == 1 and rest[0].isdigit() \
            and rest[1] in SIZES:
        return make("dragon", seat=int(rest[0]), size=rest[1])
    if kind == "dragon" and len(rest) == 3 and rest[0] == "troll" and all(map(_square, rest[1:])):
        return make("dragon", origin=rest[1], square=rest[2])
    if kind in KINDS:
        example = {"claim": "claim big", "move": "move big c4", "place": "place big a1",
                   "troll": "troll c4 d3", "dragon": "dragon 1 big"}.get(kind, kind)
        raise ActionParseError(f"can't read {shown}: write it like '{example}'", "notation")
    raise ActionParseError(f"can't read {shown}: unknown action {quote(kind)} (try one of: "
                           f"{FORMS})", "notation")
