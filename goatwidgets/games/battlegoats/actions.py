"""BattleGoats actions and their text notation.

Squares of a battlefield are named by row and column, as its owner sees it: rows ``f``
(front, facing the opponents), ``m`` (middle), ``b`` (back); columns ``1`` to ``3`` from left
to right. Cards are named by their ids (``lassokid``); seats by their number (0, 1, …, as in
``state.deciders``).

=========================  ==========================================================
``pick lassokid``          draft: keep that card of the pack you hold (BG-R6)
``place lassokid b2``      layout: put that card of your hand face down on b2 (BG-R7)
``first 2``                name seat 2 as the first attacker (BG-R8)
``attack f1``              battle, step 1: your card on f1 will attack (BG-R9, BG-X10);
                           while no target is named, ``attack`` with another card of
                           yours changes your mind
``target 2:b3``            battle, step 2: it attacks seat 2's card on b3 (BG-R9)
``cancel``                 battle: put the chosen card back; choose again (BG-X10)
=========================  ==========================================================

An attack is two decisions, so a list of legal actions stays short (at most 9 cards to
attack with, then at most 45 targets, even at six players).

    >>> a = parse_action("Target 2 b3")
    >>> a, str(a)
    (Action(kind='target', seat=2, target='b3'), 'target 2:b3')
    >>> parse_action("attack f1").to_dict()
    {'text': 'attack f1', 'kind': 'attack', 'square': 'f1'}
    >>> parse_action("place lassokid b2").to_dict()
    {'text': 'place lassokid b2', 'kind': 'place', 'card': 'lassokid', 'square': 'b2'}
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from ...engine import ActionParseError, quote
from ...engine import Action as BaseAction

ROWS = ("f", "m", "b")
ROW_NAMES = {"f": "front", "m": "middle", "b": "back"}
COLUMN_NAMES = {"1": "left", "2": "middle", "3": "right"}
#: squares in reading order; a square's index is row * 3 + column
SQUARES: tuple[str, ...] = tuple(r + c for r in ROWS for c in "123")
INDEX: dict[str, int] = {sq: i for i, sq in enumerate(SQUARES)}
SIZE = len(SQUARES)          # a battlefield is 3×3 (BG-R7)


def _neighbours(i: int) -> tuple[int, ...]:
    r, c = divmod(i, 3)
    return tuple(rr * 3 + cc for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                 if 0 <= rr < 3 and 0 <= cc < 3)


#: the squares beside, above and below each square
NEIGHBOURS = tuple(_neighbours(i) for i in range(SIZE))
#: squares nearer the front in the same column
IN_FRONT = tuple(tuple(range(i % 3, i, 3)) for i in range(SIZE))

KINDS = ("pick", "place", "first", "attack", "target", "cancel")
#: the decision each phase waits for (the view's ``decision``), and the ruling it comes from
PHASE_DECISION = {"draft": ("pick", "BG-R6"), "layout": ("place", "BG-R7"),
                  "first": ("first", "BG-R8"), "battle": ("attack", "BG-R9"),
                  "over": ("", "BG-R13")}
#: the kinds of action each phase accepts (an attack is two: your card, then the target)
PHASE_ACTIONS = {"draft": ("pick",), "layout": ("place",), "first": ("first",),
                 "battle": ("attack", "target", "cancel"), "over": ()}
#: the fields each kind of action has (the others are None)
FIELDS = {"pick": ("card",), "place": ("card", "square"), "first": ("seat",),
          "attack": ("square",), "target": ("seat", "target"), "cancel": ()}
_ID = r"[a-z][a-z0-9_]{0,15}"
_SQ = r"[fmb][123]"
_PATTERNS = {
    "pick": re.compile(rf"pick\s+({_ID})"),
    "place": re.compile(rf"place\s+({_ID})\s+(?:on\s+)?({_SQ})"),
    "first": re.compile(r"first\s+(\d)"),
    "attack": re.compile(rf"attack\s+({_SQ})"),
    "target": re.compile(rf"target\s+(\d)\s*[:\s]\s*({_SQ})"),
    "cancel": re.compile(r"cancel"),
}
EXAMPLES = "'pick lassokid', 'place lassokid b2', 'first 1', 'attack f1', 'target 1:b3' or 'cancel'"


def square_words(square: str) -> str:
    """'b1' -> 'back left' (the middle square of the middle row is 'centre')."""
    if square == "m2":
        return "centre"
    return f"{ROW_NAMES[square[0]]} {COLUMN_NAMES[square[1]]}"


@dataclass(frozen=True)
class Action(BaseAction):
    """One BattleGoats decision. ``str()`` gives the text form (see module docs)."""

    card: str | None = None
    square: str | None = None
    seat: int | None = None
    target: str | None = None

    __hash__ = BaseAction.cached_hash
    __repr__ = BaseAction.short_repr

    def __post_init__(self) -> None:
        """Each kind has its own fields, of the right type (an action built in Python is
        checked like a typed one): :class:`ActionParseError` naming the field.

            >>> try:
            ...     Action("attack", square=5)
            ... except ActionParseError as err:
            ...     print(err)
            attack needs a square f1 to b3 in field 'square', not 5 (notation)
        """
        if not isinstance(self.kind, str) or self.kind not in FIELDS:
            raise ActionParseError(f"an action's field 'kind' must be one of "
                                   f"{', '.join(KINDS)}, not {_shown(self.kind)}", "notation")
        for name, (want, ok) in _FIELD_CHECKS.items():
            value = getattr(self, name)
            if name not in FIELDS[self.kind]:
                if value is not None:
                    raise ActionParseError(f"{self.kind} has no field {name!r} (it takes "
                                           f"{', '.join(FIELDS[self.kind]) or 'none'})",
                                           "notation")
            elif not ok(value):
                raise ActionParseError(f"{self.kind} needs {want} in field {name!r}, not "
                                       f"{_shown(value)}", "notation")

    def __str__(self) -> str:
        match self.kind:
            case "pick":
                return f"pick {self.card}"
            case "place":
                return f"place {self.card} {self.square}"
            case "first":
                return f"first {self.seat}"
            case "attack":
                return f"attack {self.square}"
            case "target":
                return f"target {self.seat}:{self.target}"
            case _:
                return "cancel"

    def to_dict(self) -> dict:
        data: dict = {"text": str(self), "kind": self.kind}
        for name in ("card", "square", "seat", "target"):
            value = getattr(self, name)
            if value is not None:
                data[name] = value
        return data


def _shown(value) -> str:
    """A bad field value, short and safe to show (containers by their type only)."""
    return quote(value) if value is None or isinstance(value, (str, int, float)) else (
        f"a {type(value).__name__}")


def _is_square(value) -> bool:
    return isinstance(value, str) and value in INDEX


#: field -> (what it must be, the check)
_FIELD_CHECKS = {
    "card": ("a card id", lambda v: isinstance(v, str) and re.fullmatch(_ID, v) is not None),
    "square": ("a square f1 to b3", _is_square),
    "seat": ("a seat number 0 to 9", lambda v: isinstance(v, int) and not isinstance(v, bool)
             and 0 <= v <= 9),
    "target": ("a square f1 to b3", _is_square),
}


@lru_cache(maxsize=None)
def make(kind: str, card: str | None = None, square: str | None = None,
         seat: int | None = None, target: str | None = None) -> Action:
    """The shared, immutable action for these fields (cheaper than building anew)."""
    return Action(kind, card=card, square=square, seat=seat, target=target)


def parse_action(text: str) -> Action:
    """Read the text form of an action; :class:`ActionParseError` if it isn't one."""
    if not isinstance(text, str):
        raise ActionParseError(f"an action must be text, not {type(text).__name__}", "notation")
    if len(text) > 200:
        raise ActionParseError(f"an action is at most 200 characters; {quote(text)} is too "
                               "long", "notation")
    clean = " ".join(text.strip().lower().split())
    words = clean.split(" ", 1)
    kind = words[0]
    if kind not in _PATTERNS:
        raise ActionParseError(f"can't read {quote(text.strip())}: try {EXAMPLES}", "notation")
    found = _PATTERNS[kind].fullmatch(clean)
    if not found:
        how = {"pick": "'pick' and a card id, like 'pick lassokid'",
               "place": "'place', a card id and a square f1..b3, like 'place lassokid b2'",
               "first": "'first' and a seat number, like 'first 1'",
               "attack": "'attack' and your square, like 'attack f1' (then 'target 1:b3' "
                         "names the card you attack)",
               "target": "'target' and seat:square, like 'target 1:b3'",
               "cancel": "just 'cancel'"}[kind]
        raise ActionParseError(f"can't read {quote(text.strip())}: write {how}", "notation")
    g = found.groups()
    match kind:
        case "pick":
            return make("pick", card=g[0])
        case "place":
            return make("place", card=g[0], square=g[1])
        case "first":
            return make("first", seat=int(g[0]))
        case "attack":
            return make("attack", square=g[0])
        case "target":
            return make("target", seat=int(g[0]), target=g[1])
        case _:
            return make("cancel")
