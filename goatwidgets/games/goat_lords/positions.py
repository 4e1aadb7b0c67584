"""Build a Goat Lords position directly: for lessons, tests and teachers' examples.

    >>> s = position(players=2, hands=[["ninja", "ninja", "lord"], ["fairy"]],
    ...              herds=[[], ["ladypug ladypug", "ninja goatini"]], discard=["ninja"])
    >>> s.to_move, s.hands[0], s.scores
    (0, ['lord', 'ninja', 'ninja'], (0, 45))
    >>> sorted(str(a) for a in s.legal_actions() if a.kind in ("birth", "assist"))
    ['assist lord', 'assist ninja', 'birth ninja lord', 'birth ninja ninja']

Every card comes out of the one 126-card deck, so the cards stay conserved; the cards not
placed anywhere are shuffled (by ``seed``) into the draw pile, under ``pile_top``. The
position becomes the game's root: ``undo`` never goes behind it.
"""

from __future__ import annotations

from collections import Counter
from typing import Iterable, Sequence

from ...engine import VariantError
from .actions import sort_cards
from .cards import CARD_IDS, IS_ACTION, ORDER, full_deck
from .rules import GoatLordsState, new_game


def _cards(value) -> list[str]:
    """A list of card ids, or one text of ids separated by spaces."""
    if isinstance(value, str):
        value = value.split()
    cards = list(value)
    for card in cards:
        if card not in CARD_IDS:
            raise ValueError(f"{card!r} is not a card id (ids: {', '.join(CARD_IDS)})")
    return cards


def _per_seat(value, players: int, name: str) -> list:
    if value is None:
        return [[] for _ in range(players)]
    if len(value) != players:
        raise ValueError(f"{name} needs one entry per seat ({players}), not {len(value)}")
    return list(value)


def position(players: int = 2, *, hands: Sequence | None = None,
             actions: Sequence | None = None, herds: Sequence | None = None,
             aside: Sequence | None = None, discard: Iterable[str] = (),
             trash: Iterable[str] = (), pile_top: Iterable[str] = (),
             pile: Iterable[str] | None = None, current: int = 0, turn: int = 1,
             round: int = 1, totals: Sequence[int] | None = None, rain: bool = False,
             skips: Sequence[int] | None = None, reshuffle_used: bool = False,
             seed: int = 0, names=None, **variants) -> GoatLordsState:
    """A game at the start of seat ``current``'s turn with:

    - ``hands``, ``actions`` (face-down cards), ``aside``: one list of card ids per seat;
    - ``herds``: per seat a list of stacks from the Base Stack up, each a list of ids or a
      text like ``"ninja lord"``;
    - ``discard`` (bottom to top), ``trash``;
    - ``pile_top``: the next cards drawn, first drawn first; the rest of the deck lies
      shuffled beneath — or ``pile``: exactly the draw pile (first drawn first), every
      card not placed anywhere then goes out of the game (the box), e.g. to reach the end
      of a round;
    - ``rain`` (Raining Fire-Goats in force), ``skips`` (turns each seat will lose),
      ``reshuffle_used``, ``turn``, ``round``, ``totals``.

    An impossible position raises :class:`VariantError` saying what is wrong.
    """
    s = new_game(players=players, seed=seed, names=names, **variants)
    try:
        n = players
        s.hands = [sort_cards(_cards(h)) for h in _per_seat(hands, n, "hands")]
        s.actions = [sort_cards(_cards(a)) for a in _per_seat(actions, n, "actions")]
        s.aside = [sort_cards(_cards(a)) for a in _per_seat(aside, n, "aside")]
        s.herds = [[_cards(stack) for stack in herd] for herd in _per_seat(herds, n, "herds")]
        s.trash = _cards(trash)
        placed = Counter(_cards(discard)) + Counter(s.trash) + Counter(s.box) + s.held()
        top = _cards(pile_top)
        rest = full_deck() - placed
        if placed - full_deck():
            extra = sorted(placed - full_deck(), key=ORDER.__getitem__)[0]
            raise ValueError(f"more {extra!r} cards than the deck holds (GL-R1)")
        if not s.variants["action_cards"] and any(c in IS_ACTION for c in placed - Counter(s.box)):
            raise ValueError("action cards are out of this game (action_cards=False)")
        deck = s.decks["draw"]
        deck.discards = _cards(discard)
        if pile is not None:
            exact = _cards(pile)
            if Counter(exact) - rest:
                raise ValueError("the pile holds cards placed elsewhere or too many of a kind")
            s.box = sort_cards(s.box + list((rest - Counter(exact)).elements()))
            deck.pile = exact[::-1]
        else:
            if Counter(top) - rest:
                raise ValueError("pile_top holds cards placed elsewhere or too many of a kind")
            under = sort_cards((rest - Counter(top)).elements())
            s.rng.shuffle(under)
            deck.pile = under + top[::-1]
        if not 0 <= current < n:
            raise ValueError(f"current must be a seat from 0 to {n - 1}")
        s.current, s.first = current, 0
        s.turn, s.round = turn, round
        s.totals = list(totals) if totals is not None else [0] * n
        s.skips = list(skips) if skips is not None else [0] * n
        s.duel, s.pending, s.steps = None, None, []
        s._new_turn_fields()
        s.rain = bool(rain)
        s.reshuffle_used = bool(reshuffle_used)
        s.over, s._winners = False, []
        s._check_position()
        assert s.zones() == full_deck(), "cards were created or lost"
        s._settle()
        s.rebase()
    except (AssertionError, ValueError, KeyError, IndexError, TypeError) as exc:
        raise VariantError(f"impossible position: {exc}", "position") from None
    return s
