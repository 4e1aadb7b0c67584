"""Floats McGoats actions and their text notation, the die's faces, and which action kinds
each phase of a turn accepts.

=====================  ================================================
text                   meaning
=====================  ================================================
``mama 0,0u``          place a mama goat from supply on spot 0,0u
``baby 0,0u``          place your baby goat there
``roll``               roll the die
``stick 0,0-1,0``      add a light stick from the pile on that edge
``move 1,0-1,1``       pick up a light stick to move it
``drop 2,0-2,1``       put the picked-up stick down there
``flip 1,0-1,1``       turn a light stick dark for good
``love 0,0u 1,0d``     stack your goat from 0,0u onto your goat on 1,0d
``shark 1,0d``         the shark attacks the goat(s) on 1,0d
``follow 0,0u``        move your goat(s) from 0,0u into the spot the shark left
``stay``               don't follow the shark
``fight 0,0u 1,0d``    swap your goat(s) on 0,0u with an opponent's on 1,0d
=====================  ================================================

    >>> a = parse_action("stick 1,0 - 0,0")
    >>> a, str(a)
    (Action(kind='stick', stick=((0, 0), (1, 0))), 'stick 0,0-1,0')
    >>> parse_action("fight 0,0u 1,-1d").to_dict()["target"]
    '1,-1d'
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ...engine import MAX_ACTION_TEXT, ActionParseError, quote
from ...engine import Action as BaseAction
from .board import (
    MAX_COORD,
    Edge,
    Spot,
    edge_text,
    make_edge,
    parse_edge,
    parse_spot,
    spot_text,
)

NO_ARGUMENT = ("roll", "stay")
ONE_SPOT = ("mama", "baby", "shark", "follow")
TWO_SPOTS = ("love", "fight")
ONE_STICK = ("stick", "move", "drop", "flip")
KINDS = NO_ARGUMENT + ONE_SPOT + TWO_SPOTS + ONE_STICK

#: the die's faces in words (FM-R8)
FACE_LABELS = {
    "add": "Add a stick",
    "add_or_move": "Add or move a stick",
    "move_two": "Move two sticks",
    "flip": "Flip a stick",
    "love": "Goat love",
    "shark": "Shark attack",
    "fight": "Goat fight",
}
DEFAULT_FACES = {"add": 3, "add_or_move": 2, "move_two": 1, "flip": 2, "love": 1,
                 "shark": 1, "fight": 2}    # FM-R8

#: which action kinds each phase accepts, and the rule that phase comes from
PHASES = {
    "turn": ({"mama", "baby", "roll"}, "FM-R10"),
    "add": ({"stick"}, "FM-R12"),
    "add_or_move": ({"stick", "move"}, "FM-R13"),
    "move": ({"move"}, "FM-R14"),
    "drop": ({"drop"}, "FM-R13"),
    "flip": ({"flip"}, "FM-R15"),
    "love": ({"love"}, "FM-R16"),
    "shark": ({"shark"}, "FM-R17"),
    "follow": ({"follow", "stay"}, "FM-R17"),
    "fight": ({"fight"}, "FM-R18"),
    "over": (set(), "FM-R21"),
}
#: the phase each die face leads to (FM-R8); FM-R11 may replace it by "add"
FACE_PHASE = {face: face for face in FACE_LABELS} | {"move_two": "move"}


@dataclass(frozen=True)
class Action(BaseAction):
    """One Floats McGoats decision. ``str()`` gives the text form (see module docs)."""

    spot: Spot | None = None
    target: Spot | None = None
    stick: Edge | None = None

    def __post_init__(self) -> None:
        needs = {"spot": self.kind in ONE_SPOT + TWO_SPOTS, "target": self.kind in TWO_SPOTS,
                 "stick": self.kind in ONE_STICK}
        if self.kind not in KINDS:
            raise ActionParseError(f"unknown action {quote(self.kind)} (actions: "
                                   f"{', '.join(KINDS)})", "notation")
        for name, needed in needs.items():
            if needed != (getattr(self, name) is not None):
                raise ActionParseError(f"a {self.kind!r} action {'needs' if needed else 'takes no'}"
                                       f" {name}", "notation")
        for name in ("spot", "target"):
            value = getattr(self, name)
            if value is not None and not _is_spot(value):
                raise ActionParseError(f"{name} must be a spot like (0, 0, 'u'), not "
                                       f"{quote(value)}", "notation")
        if self.stick is not None and not _is_edge(self.stick):
            raise ActionParseError(f"stick must be two neighbouring points like ((0, 0), (1, 0)) "
                                   f"in order, not {quote(self.stick)}", "notation")

    __hash__ = BaseAction.cached_hash
    __repr__ = BaseAction.short_repr

    def __str__(self) -> str:
        if self.kind in ONE_SPOT:
            return f"{self.kind} {spot_text(self.spot)}"
        if self.kind in TWO_SPOTS:
            return f"{self.kind} {spot_text(self.spot)} {spot_text(self.target)}"
        if self.kind in ONE_STICK:
            return f"{self.kind} {edge_text(self.stick)}"
        return self.kind

    def to_dict(self) -> dict:
        data: dict = {"text": str(self), "kind": self.kind}
        if self.spot is not None:
            data["spot"] = spot_text(self.spot)
        if self.target is not None:
            data["target"] = spot_text(self.target)
        if self.stick is not None:
            data["stick"] = edge_text(self.stick)
        return data


def _is_int(x) -> bool:
    """A lattice coordinate: a whole number (not a bool) of at most six digits."""
    return isinstance(x, int) and not isinstance(x, bool) and -MAX_COORD <= x <= MAX_COORD


def _is_spot(value) -> bool:
    return (isinstance(value, tuple) and len(value) == 3 and _is_int(value[0])
            and _is_int(value[1]) and value[2] in ("u", "d"))


def _is_edge(value) -> bool:
    if not (isinstance(value, tuple) and len(value) == 2 and all(
            isinstance(p, tuple) and len(p) == 2 and all(map(_is_int, p)) for p in value)):
        return False
    try:
        return make_edge(*value) == value
    except ValueError:
        return False


@lru_cache(maxsize=None)
def make(kind: str, spot: Spot | None = None, target: Spot | None = None,
         stick: Edge | None = None) -> Action:
    """The (shared, immutable) action object for these fields: cheaper than building anew."""
    return Action(kind, spot=spot, target=target, stick=stick)


def parse_action(text: str) -> Action:
    """Read the text form of an action; :class:`ActionParseError` if it isn't one."""
    if not isinstance(text, str):
        raise ActionParseError(f"an action must be text, not {type(text).__name__}", "notation")
    if len(text) > MAX_ACTION_TEXT:
        raise ActionParseError(f"an action is at most {MAX_ACTION_TEXT} characters; "
                               f"{quote(text)} is too long", "notation")
    words = text.strip().lower().split(None, 1)
    if not words:
        raise ActionParseError("the action is empty; try 'roll' or 'mama 0,0u'", "notation")
    kind, rest = words[0], (words[1] if len(words) > 1 else "")
    try:
        if kind in NO_ARGUMENT:
            if rest:
                raise ValueError(f"'{kind}' takes nothing after it")
            return Action(kind)
        if kind in ONE_SPOT:
            return Action(kind, spot=parse_spot(rest))
        if kind in ONE_STICK:
            return Action(kind, stick=parse_edge(rest))
        if kind in TWO_SPOTS:
            parts = rest.replace("->", " ").replace(">", " ").split()
            if len(parts) != 2:
                raise ValueError(f"'{kind}' needs two spots, like '{kind} 0,0u 1,0d'")
            return Action(kind, spot=parse_spot(parts[0]), target=parse_spot(parts[1]))
    except ValueError as exc:
        raise ActionParseError(f"can't read {quote(text.strip())}: {exc}", "notation") from None
    raise ActionParseError(f"can't read {quote(text.strip())}: unknown action {quote(kind)} "
                           f"(actions: {', '.join(KINDS)})", "notation")
