"""Goat Lords actions and their text notation.

Cards are named by their ids (``cards.py``: ``ninja``, ``lord``, ``goatini``, ``atomic``, …);
seats by their seat number (0, 1, …, as in ``state.deciders``); stacks by their number in a
herd counted from the bottom (1 is the Base Stack).

On your turn (one play each, GL-R7):

=========================  =====================================================
``birth ninja ninja``      two matching goat cards from your hand: a new stack
``birth ninja lord``       a goat card and a wild from your hand: a new stack
``assist ninja``           your card with the discard pile's top card: a new stack
``duel 2 ninja``           duel seat 2's top stack, opening with that card (or a wild)
``discard ninja``          put a card on the discard pile and draw one
``atomic 2`` ``hypno 2``   play that action card on seat 2
``loaf 2``                 seat 2 loses their next turn
``sneak 2 3``              move seat 2's third stack to the top of their herd
``russian left``           everyone passes their top stack left (or ``right``)
``rain`` ``hood``          Raining Fire-Goats, Goatinhood
``santy`` ``flower``       Santy Goat, Flower Goatee
``end``                    stop using extra plays: end your turn
=========================  =====================================================

Answers, on your turn or not:

=========================  =====================================================
``play lord``              add a card to the duel you are in
``pass``                   stop the duel (the other side wins)
``escape`` / ``allow``     cancel the action card or duel with Escape Goat, or not
``trash atomic``           which of four face-down action cards goes to the trash
``toss ninja``             discard down to the hand size at the end of a turn
``keep ninja``             the one card you keep under Raining Fire-Goats
``take ninja``             the card you take with Hypnotized Goat (variant "choose")
=========================  =====================================================

    >>> a = parse_action("Birth  Lord ninja")
    >>> a, str(a)
    (Action(kind='birth', card='ninja', card2='lord'), 'birth ninja lord')
    >>> parse_action("sneak 2 3").to_dict()
    {'text': 'sneak 2 3', 'kind': 'sneak', 'card': 'sneak', 'cards': [], 'target': 2, 'stack': 3}
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ...engine import MAX_ACTION_TEXT, ActionParseError, quote
from ...engine import Action as BaseAction
from .cards import CARD_IDS, HAND_CARDS, IS_ACTION, IS_WILD, ORDER

#: kinds that take one card from your hand
HAND_CARD_KINDS = ("assist", "discard", "toss", "keep", "play")
#: kinds naming one other card: a face-down action card, or a card in the shown hand
OTHER_CARD_KINDS = ("trash", "take")
SEAT_KINDS = ("atomic", "hypno", "loaf")
BARE_KINDS = ("rain", "hood", "santy", "flower", "pass", "escape", "allow", "end")
KINDS = ("birth", "duel", "sneak", "russian") + HAND_CARD_KINDS + OTHER_CARD_KINDS + \
    SEAT_KINDS + BARE_KINDS
#: the action cards played as a turn's action (Escape Goat only answers)
CARD_PLAYS = ("atomic", "hypno", "loaf", "sneak", "russian", "rain", "hood", "santy", "flower")
DIRECTIONS = ("left", "right")


@dataclass(frozen=True)
class Action(BaseAction):
    """One Goat Lords decision. ``str()`` gives the text form (see the module docs)."""

    card: str | None = None
    card2: str | None = None
    target: int | None = None
    stack: int | None = None
    direction: str | None = None

    def __post_init__(self) -> None:
        kind = self.kind
        if kind not in KINDS:
            raise ActionParseError(f"unknown action {quote(kind)} (actions: {', '.join(KINDS)})",
                                   "notation")
        needs = {
            "card": kind in ("birth", "duel") + HAND_CARD_KINDS + OTHER_CARD_KINDS,
            "card2": kind == "birth",
            "target": kind in ("duel", "sneak") + SEAT_KINDS,
            "stack": kind == "sneak",
            "direction": kind == "russian",
        }
        for name, needed in needs.items():
            if needed != (getattr(self, name) is not None):
                raise ActionParseError(f"a {kind!r} action {'needs' if needed else 'takes no'} "
                                       f"{name}", "notation")
        for name in ("card", "card2"):
            value = getattr(self, name)
            if value is not None and value not in CARD_IDS:
                raise ActionParseError(f"{name} must be a card id such as 'ninja', not "
                                       f"{quote(value)}", "notation")
        for name in ("target", "stack"):
            value = getattr(self, name)
            if value is not None and (not isinstance(value, int) or isinstance(value, bool)
                                      or not 0 <= value <= 200):
                raise ActionParseError(f"{name} must be a small whole number, not "
                                       f"{quote(value)}", "notation")
        if self.direction is not None and self.direction not in DIRECTIONS:
            raise ActionParseError(f"direction must be left or right, not "
                                   f"{quote(self.direction)}", "notation")

    __hash__ = BaseAction.cached_hash
    __repr__ = BaseAction.short_repr

    def __str__(self) -> str:
        kind = self.kind
        if kind == "birth":
            return f"birth {self.card} {self.card2}"
        if kind == "duel":
            return f"duel {self.target} {self.card}"
        if kind in HAND_CARD_KINDS or kind in OTHER_CARD_KINDS:
            return f"{kind} {self.card}"
        if kind in SEAT_KINDS:
            return f"{kind} {self.target}"
        if kind == "sneak":
            return f"sneak {self.target} {self.stack}"
        if kind == "russian":
            return f"russian {self.direction}"
        return kind

    @property
    def action_card(self) -> str | None:
        """The face-down action card this decision plays or names, if any."""
        if self.kind in CARD_PLAYS or self.kind == "escape":
            return self.kind
        if self.kind == "trash":
            return self.card
        return None

    @property
    def hand_cards(self) -> list[str]:
        """The cards this decision takes from the deciding seat's hand."""
        if self.kind == "birth":
            return [self.card, self.card2]
        if self.kind == "duel" or self.kind in HAND_CARD_KINDS:
            return [self.card]
        return []

    def to_dict(self) -> dict:
        """Text, kind, and the fields the front end highlights: ``cards`` (hand cards used),
        ``card`` (the action card played or named, or the card taken), ``target`` (a seat),
        ``stack`` (a stack number from the bottom), ``direction``, ``with_discard``."""
        data: dict = {"text": str(self), "kind": self.kind}
        if self.action_card is not None:
            data["card"] = self.action_card
        elif self.kind == "take":
            data["card"] = self.card
        data["cards"] = self.hand_cards
        for name in ("target", "stack", "direction"):
            if getattr(self, name) is not None:
                data[name] = getattr(self, name)
        if self.kind == "assist":
            data["with_discard"] = True
        return data


@lru_cache(maxsize=None)
def make(kind: str, card: str | None = None, card2: str | None = None,
         target: int | None = None, stack: int | None = None,
         direction: str | None = None) -> Action:
    """The shared, immutable action for these fields (cheaper than building anew)."""
    return Action(kind, card=card, card2=card2, target=target, stack=stack,
                  direction=direction)


def pair(a: str, b: str) -> tuple[str, str]:
    """The two cards of a pair in notation order: the goat card first, then the wild."""
    return (b, a) if a in IS_WILD and b not in IS_WILD else (a, b)


def _card(word: str, where: str) -> str:
    if word not in CARD_IDS:
        raise ValueError(f"{quote(word)} is not a card; cards are {', '.join(CARD_IDS)}")
    if where == "hand" and word not in HAND_CARDS:
        raise ValueError(f"{quote(word)} is an action card, which is never held in a hand")
    if where == "action" and word not in IS_ACTION:
        raise ValueError(f"{quote(word)} is not an action card")
    return word


def _seat(word: str) -> int:
    if not word.isdigit() or len(word) > 2:
        raise ValueError(f"{quote(word)} is not a seat number (0, 1, 2, …)")
    return int(word)


def parse_action(text: str) -> Action:
    """Read the text form of an action; :class:`ActionParseError` if it isn't one (or isn't
    text of at most ``MAX_ACTION_TEXT`` characters).

        >>> parse_action(None)
        Traceback (most recent call last):
        ...
        goatwidgets.engine.errors.ActionParseError: an action must be text such as 'discard ninja', not None (notation)
    """
    if not isinstance(text, str) or len(text) > MAX_ACTION_TEXT:
        raise ActionParseError(f"an action must be text such as 'discard ninja', not "
                               f"{quote(text)}", "notation")
    words = text.strip().lower().split()
    if not words:
        raise ActionParseError("the action is empty; try 'birth ninja ninja' or 'discard "
                               "ninja'", "notation")
    kind, rest = words[0], words[1:]
    shapes = {"birth": 2, "duel": 2, "sneak": 2, "russian": 1, **{k: 1 for k in HAND_CARD_KINDS},
              **{k: 1 for k in OTHER_CARD_KINDS}, **{k: 1 for k in SEAT_KINDS},
              **{k: 0 for k in BARE_KINDS}}
    if kind not in shapes:
        raise ActionParseError(f"can't read {quote(text.strip())}: unknown action {quote(kind)} "
                               f"(actions: {', '.join(KINDS)})", "notation")
    if len(rest) != shapes[kind]:
        want = {0: "nothing after it", 1: "one word after it", 2: "two words after it"}
        raise ActionParseError(f"can't read {quote(text.strip())}: {quote(kind)} takes "
                               f"{want[shapes[kind]]}", "notation")
    try:
        if kind == "birth":
            a, b = pair(_card(rest[0], "hand"), _card(rest[1], "hand"))
            return make("birth", card=a, card2=b)
        if kind == "duel":
            return make("duel", target=_seat(rest[0]), card=_card(rest[1], "hand"))
        if kind == "sneak":
            if not rest[1].isdigit() or len(rest[1]) > 3:
                raise ValueError(f"{quote(rest[1])} is not a stack number (1 is the Base Stack)")
            return make("sneak", target=_seat(rest[0]), stack=int(rest[1]))
        if kind == "russian":
            if rest[0] not in DIRECTIONS:
                raise ValueError("say 'russian left' or 'russian right'")
            return make("russian", direction=rest[0])
        if kind in HAND_CARD_KINDS:
            return make(kind, card=_card(rest[0], "hand"))
        if kind == "trash":
            return make(kind, card=_card(rest[0], "action"))
        if kind == "take":
            return make(kind, card=_card(rest[0], "hand"))
        if kind in SEAT_KINDS:
            return make(kind, target=_seat(rest[0]))
        return make(kind)
    except ValueError as exc:
        raise ActionParseError(f"can't read {quote(text.strip())}: {exc}", "notation") from None


def sort_cards(cards) -> list[str]:
    """Cards in the order hands are shown: wilds, goats by value, action cards."""
    return sorted(cards, key=ORDER.__getitem__)
