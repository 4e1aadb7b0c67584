"""Grab Your Goat! actions and their text notation.

Cards on the board are named like spreadsheet cells: column ``a``-``g`` (west to east), row
``1``-``7`` (north to south); ``d4`` is the Top of the Mountain. Arrows are written with the
letters ``n e s w`` (in that order: ``nes`` points north, east and south).

=====================  ===============================================================
text                   meaning
=====================  ===============================================================
``roll``               roll the goat die (GY-R9)
``goat e``             after rolling Roller's choice: send your goat east (GY-R5)
``step d3``            move your shepherd one card, onto d3 (GY-R6, GY-R7, GY-R8)
``lift d4``            ride the Ski Lift to d4 (Top <-> a face-up Ski Lift, GY-R15)
``play tee c3``        swap the T path in your hand for the face-down card c3 (GY-R11)
``rotate es``          turn the card you stand on a quarter so its arrows point e and s
``orient nes``         lay the card just revealed with its arrows pointing n, e and s
``throw c5``           land the piece you are throwing on c5 (GY-R12)
``slide e``            send the Landslide's line east (GY-R18)
``reveal b6``          from the Top of the Mountain: turn the face-down card b6 up (GY-R14)
``pass``               say no to something optional (the Top's reveal, a free Ski Lift
                       ride, a second Coffee Bush move)
=====================  ===============================================================

The game also reads two short cuts when it is your decision: ``step n`` (the card north of
your shepherd) and ``rotate cw`` / ``rotate ccw`` (a quarter turn clockwise or back). Card
names in ``play`` are ``straight corner tee cross coffee ski thicket wheat fog landslide
mineshaft cliff waterfall`` (the printed names work too: ``play steep cliff b2``).

``to_dict()`` gives the fields a front end highlights: ``kind``, ``text`` and, where the
action has them, ``cell`` (a cell id like ``"c3"``: where the piece goes, the card played on,
the card revealed), ``card`` (a card kind id), ``arrows`` (``"nes"``) and ``dir``
(``"n"``…``"w"``). ``rotate`` and ``orient`` name no cell: they concern the card of the
pending decision (``view["pending"]["cell"]``), or your shepherd's card for ``rotate``.

    >>> a = parse_action("Play  T  c3")
    >>> a, str(a)
    (Action(kind='play', cell='c3', card='tee'), 'play tee c3')
    >>> parse_action("orient sen").to_dict()
    {'text': 'orient nes', 'kind': 'orient', 'arrows': 'nes'}
    >>> str(parse_action("step top"))
    'step d4'
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ...engine import MAX_ACTION_TEXT, ActionParseError, quote
from ...engine import Action as BaseAction
from .board import cell_id, neighbour, parse_cell
from .cards import DECK_KINDS, DIRS, NAMES, mask_text, text_mask, turn_ccw, turn_cw

NO_ARGUMENT = ("roll", "pass")
ONE_DIR = ("goat", "slide")
ONE_CELL = ("step", "lift", "throw", "reveal")
ARROWS = ("rotate", "orient")
KINDS = NO_ARGUMENT + ONE_DIR + ONE_CELL + ARROWS + ("play",)

#: every way of writing a card kind in ``play``
CARD_WORDS: dict[str, str] = {k: k for k in DECK_KINDS}
CARD_WORDS.update({NAMES[k].lower(): k for k in DECK_KINDS})
CARD_WORDS.update({"t": "tee", "t path": "tee", "crossroad": "cross", "crossroads": "cross",
                   "coffee bush": "coffee", "ski lift": "ski", "wheat field": "wheat",
                   "dense fog": "fog", "steep cliff": "cliff", "mine": "mineshaft",
                   "mine shaft": "mineshaft"})


@dataclass(frozen=True)
class Action(BaseAction):
    """One Grab Your Goat! decision. ``str()`` gives the text form (see the module docs)."""

    cell: str | None = None
    card: str | None = None
    arrows: str | None = None
    dir: str | None = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ActionParseError(f"unknown action {quote(self.kind)} (actions: "
                                   f"{', '.join(KINDS)})", "notation")
        needs = {"cell": self.kind in ONE_CELL + ("play",), "card": self.kind == "play",
                 "arrows": self.kind in ARROWS, "dir": self.kind in ONE_DIR}
        for name, needed in needs.items():
            if needed != (getattr(self, name) is not None):
                raise ActionParseError(f"a {self.kind!r} action {'needs' if needed else 'takes no'}"
                                       f" {name}", "notation")
        if self.cell is not None and (not isinstance(self.cell, str) or _not_cell(self.cell)):
            raise ActionParseError(f"cell must be a cell name like 'd4', not {quote(self.cell)}",
                                   "notation")
        if self.card is not None and self.card not in DECK_KINDS:
            raise ActionParseError(f"card must be one of {', '.join(DECK_KINDS)}, not "
                                   f"{quote(self.card)}", "notation")
        if self.arrows is not None and (not isinstance(self.arrows, str) or _not_arrows(self.arrows)):
            raise ActionParseError(f"arrows must be letters of 'nesw' in that order, not "
                                   f"{quote(self.arrows)}", "notation")
        if self.dir is not None and self.dir not in DIRS:
            raise ActionParseError(f"dir must be n, e, s or w, not {quote(self.dir)}", "notation")

    __hash__ = BaseAction.cached_hash
    __repr__ = BaseAction.short_repr

    def __str__(self) -> str:
        if self.kind in ONE_CELL:
            return f"{self.kind} {self.cell}"
        if self.kind in ONE_DIR:
            return f"{self.kind} {self.dir}"
        if self.kind in ARROWS:
            return f"{self.kind} {self.arrows}"
        if self.kind == "play":
            return f"play {self.card} {self.cell}"
        return self.kind

    def to_dict(self) -> dict:
        data: dict = {"text": str(self), "kind": self.kind}
        for name in ("cell", "card", "arrows", "dir"):
            value = getattr(self, name)
            if value is not None:
                data[name] = value
        return data


def _not_cell(text: str) -> bool:
    """True when ``text`` is NOT a canonical cell id (so the caller raises)."""
    try:
        return cell_id(parse_cell(text)) != text
    except ValueError:
        return True


def _not_arrows(text: str) -> bool:
    """True when ``text`` is NOT canonical arrows."""
    try:
        return mask_text(text_mask(text)) != text
    except ValueError:
        return True


@lru_cache(maxsize=None)
def make(kind: str, cell: str | None = None, card: str | None = None,
         arrows: str | None = None, dir: str | None = None) -> Action:
    """The shared, immutable action for these fields (cheaper than building it anew)."""
    return Action(kind, cell=cell, card=card, arrows=arrows, dir=dir)


def _dir(text: str) -> str:
    word = text.strip().lower()
    word = {"north": "n", "east": "e", "south": "s", "west": "w"}.get(word, word)
    if word not in DIRS:
        raise ValueError("a direction is n, e, s or w")
    return word


def parse_action(text: str, here: int | None = None, arrows: int = 0) -> Action:
    """Read the text form of an action; :class:`ActionParseError` if it isn't one. With the
    card ``here`` under the deciding shepherd (and its ``arrows``), the short cuts too:
    ``step n`` (the card north of it) and ``rotate cw`` / ``rotate ccw``.

        >>> str(parse_action("step n", here=parse_cell("d4")))
        'step d3'
        >>> str(parse_action("rotate cw", here=parse_cell("d3"), arrows=text_mask("ns")))
        'rotate ew'
    """
    if not isinstance(text, str):
        raise ActionParseError(f"an action must be text, not {type(text).__name__}", "notation")
    if len(text) > MAX_ACTION_TEXT:
        raise ActionParseError(f"an action is at most {MAX_ACTION_TEXT} characters; "
                               f"{quote(text)} is too long", "notation")
    words = text.strip().lower().split()
    if not words:
        raise ActionParseError("the action is empty; try 'roll' or 'step d3'", "notation")
    kind, rest = words[0], words[1:]
    if here is not None and len(rest) == 1:
        if kind == "step" and rest[0] in ("n", "e", "s", "w", "north", "east", "south", "west"):
            target = neighbour(here, rest[0][0])
            if target is not None:
                return make("step", cell=cell_id(target))
        if kind == "rotate" and rest[0] in ("cw", "ccw") and arrows:
            turned = (turn_cw if rest[0] == "cw" else turn_ccw)(arrows)
            return make("rotate", arrows=mask_text(turned))
    try:
        if kind in NO_ARGUMENT:
            if rest:
                raise ValueError(f"'{kind}' takes nothing after it")
            return make(kind)
        if len(rest) < 1:
            raise ValueError(f"'{kind}' needs something after it, like "
                             f"{_EXAMPLES.get(kind, 'step d3')!r}")
        if kind in ONE_DIR:
            if len(rest) != 1:
                raise ValueError(f"'{kind}' takes one direction, like '{kind} e'")
            return make(kind, dir=_dir(rest[0]))
        if kind in ONE_CELL:
            if len(rest) != 1:
                raise ValueError(f"'{kind}' takes one card name, like '{kind} d3'")
            return make(kind, cell=cell_id(parse_cell(rest[0])))
        if kind in ARROWS:
            if len(rest) != 1:
                raise ValueError(f"'{kind}' takes the arrows, like '{kind} nes'")
            return make(kind, arrows=mask_text(text_mask(rest[0])))
        if kind == "play":
            if len(rest) < 2:
                raise ValueError("'play' takes a card from your hand and a face-down card on "
                                 "the board, like 'play tee c3'")
            card = CARD_WORDS.get(" ".join(rest[:-1]))
            if card is None:
                raise ValueError(f"there is no card called {quote(' '.join(rest[:-1]))} "
                                 f"(cards: {', '.join(DECK_KINDS)})")
            return make("play", cell=cell_id(parse_cell(rest[-1])), card=card)
    except ValueError as exc:
        raise ActionParseError(f"can't read {quote(text.strip())}: {exc}", "notation") from None
    raise ActionParseError(f"can't read {quote(text.strip())}: unknown action {quote(kind)} "
                           f"(actions: {', '.join(KINDS)})", "notation")


_EXAMPLES = {"goat": "goat e", "slide": "slide e", "step": "step d3", "lift": "lift d4",
             "throw": "throw c5", "reveal": "reveal b6", "rotate": "rotate es",
             "orient": "orient nes", "play": "play tee c3"}
