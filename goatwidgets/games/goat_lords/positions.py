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

from ...engine import VariantError, quote
from ...engine.schema import check
from ...engine.variants import flag, whole_number
from .actions import sort_cards
from .cards import CARD_IDS, IS_ACTION, ORDER, full_deck
from .rules import GoatLordsState, new_game
from .saves import MAX_TOTAL, MAX_TURNS

#: a list of cards is at most the whole deck
MAX_CARDS = 126


def _cards(value, name: str) -> list[str]:
    """A list of card ids, or one text of ids separated by spaces."""
    if isinstance(value, str) and len(value) <= 20 * MAX_CARDS:
        value = value.split()
    if not isinstance(value, (list, tuple)) or len(value) > MAX_CARDS:
        raise VariantError(f"{name} must be a list of at most {MAX_CARDS} card ids (or one "
                           f"text of ids), not {quote(value)}", "position")
    for card in value:
        if not isinstance(card, str) or card not in CARD_IDS:
            raise VariantError(f"{name}: {quote(card)} is not a card id (ids: "
                               f"{', '.join(CARD_IDS)})", "position")
    return list(value)


def _per_seat(value, players: int, name: str) -> list:
    if value is None:
        return [[] for _ in range(players)]
    if not isinstance(value, (list, tuple)) or len(value) != players:
        raise VariantError(f"{name} needs a list of one entry per seat ({players}), not "
                           f"{quote(value)}", "position")
    return list(value)


def _numbers(value, players: int, name: str, high: int) -> list[int]:
    return [whole_number(v, f"{name}[{i}]", 0, high, "position")
            for i, v in enumerate(_per_seat(value, players, name) if value is not None
                                  else [0] * players)]


def position(players: int = 2, *, hands: Sequence | None = None,
             actions: Sequence | None = None, herds: Sequence | None = None,
             aside: Sequence | None = None, discard: Iterable[str] = (),
             trash: Iterable[str] = (), pile_top: Iterable[str] = (),
             pile: Iterable[str] | None = None, current: int = 0, turn: int | None = None,
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
    - ``rain``: Raining Fire-Goats was played earlier this turn (it is in ``trash``) and
      one extra play is left; ``aside`` holds the cards it set aside;
    - ``skips`` (turns each seat will lose: a Loaf of Goat in ``trash`` each),
      ``reshuffle_used``, ``round`` (with ``target_score``; the round's first player is
      seat ``round - 1`` round the table), ``turn`` (default: ``round``), ``totals`` (of
      the rounds before).

    A position the rules could not reach raises :class:`VariantError` saying what is wrong,
    so a built position always loads from its own save.
    """
    s = new_game(players=players, seed=seed, names=names, **variants)
    s.forget_log()          # its deal is not the built position's
    n = players
    current = whole_number(current, "current", 0, n - 1, "position")
    round = whole_number(round, "round", 1, MAX_TURNS + 1, "position")
    turn = whole_number(round if turn is None else turn, "turn", 1, MAX_TURNS, "position")
    totals = _numbers(totals, n, "totals", MAX_TOTAL)
    skips = _numbers(skips, n, "skips", 5)
    rain = flag(rain, "rain", "position")
    reshuffle_used = flag(reshuffle_used, "reshuffle_used", "position")
    hands = [sort_cards(_cards(h, f"hands[{i}]"))
             for i, h in enumerate(_per_seat(hands, n, "hands"))]
    face_down = [sort_cards(_cards(a, f"actions[{i}]"))
                 for i, a in enumerate(_per_seat(actions, n, "actions"))]
    set_aside = [sort_cards(_cards(a, f"aside[{i}]"))
                 for i, a in enumerate(_per_seat(aside, n, "aside"))]
    herd_list = []
    for i, herd in enumerate(_per_seat(herds, n, "herds")):
        if not isinstance(herd, (list, tuple)) or len(herd) > MAX_CARDS // 2:
            raise VariantError(f"herds[{i}] must be a list of stacks, not {quote(herd)}",
                               "position")
        herd_list.append([_cards(stack, f"herds[{i}][{j}]") for j, stack in enumerate(herd)])
    discard, trash = _cards(discard, "discard"), _cards(trash, "trash")
    top = _cards(pile_top, "pile_top")
    exact = None if pile is None else _cards(pile, "pile")
    try:
        s.hands, s.action_cards, s.aside, s.herds = hands, face_down, set_aside, herd_list
        s.trash = trash
        placed = Counter(discard) + Counter(s.trash) + Counter(s.box) + s.held()
        rest = full_deck() - placed
        if placed - full_deck():
            extra = sorted(placed - full_deck(), key=ORDER.__getitem__)[0]
            raise ValueError(f"more {extra!r} cards than the deck holds (GL-R1)")
        if not s.variants["action_cards"] and any(c in IS_ACTION for c in placed - Counter(s.box)):
            raise ValueError("action cards are out of this game (action_cards=False)")
        deck = s.decks["draw"]
        deck.discards = discard
        if exact is not None:
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
        s.current, s.first = current, (round - 1) % n                   # GL-X1
        s.turn, s.round, s.totals, s.skips = turn, round, totals, skips
        s.duel, s.pending, s.steps = None, None, []
        s._new_turn_fields()
        if rain:                                  # played earlier this turn: +1, no more cards
            s.rain, s.acted, s.action_cards_left = True, True, 0
        s.reshuffle_used = reshuffle_used
        s.over, s._winners = False, []
        check(s.save_schema, s._get_data(), "position", players=n)
        assert s.zones() == full_deck(), "cards were created or lost"
        s._settle()
        s._check_position()
        s.rebase()
    except (AssertionError, ValueError, KeyError, IndexError, TypeError) as exc:
        raise VariantError(f"impossible position: {exc}", "position") from None
    return s
