"""Build a BattleGoats position directly: for lessons, tests and teachers' examples.

    >>> s = position(fields=[{"b2": "lassokid", "m2": "pasturepal", "f2": "haybale"},
    ...                      {"f1": "golem", "b3": "troll"}])
    >>> s.phase, s.to_move, s.cards_left(0), s.cards_left(1)
    ('battle', 0, 3, 2)
    >>> s.decks["cards"].count + s.decks["heroes"].count     # the rest is set aside
    50

Cards come out of the deck, so they stay conserved. A battlefield is given as a dict
``{"b2": "lassokid", ...}`` or as three rows ``[[front], [middle], [back]]`` (``None`` for an
empty square). In the battle, a seat whose battlefield and discards hold no Hero is given
the first Hero left in the deck, on its discard pile (it fell earlier), so that everyone has
one; before the battle each seat must be given its Hero.
The position becomes the game's root: ``undo`` never goes behind it.
"""

from __future__ import annotations

from collections import Counter

from ...engine import VariantError, quote
from .actions import INDEX, SIZE
from .rules import BattleGoatsState, new_game
from .saves import PHASES


def _field(value) -> list:
    if isinstance(value, dict):
        field = [None] * SIZE
        for sq, card in value.items():
            if not isinstance(sq, str) or sq not in INDEX:
                raise ValueError(f"a battlefield's squares are f1 to b3, not {quote(sq)}")
            field[INDEX[sq]] = card
        return field
    rows = list(value)
    if len(rows) == 3 and all(isinstance(r, (list, tuple)) for r in rows):
        return [c for r in rows for c in r]
    if len(rows) == SIZE:
        return rows
    raise ValueError(f"a battlefield is a dict of squares or three rows of three, not "
                     f"{quote(value)}")


def _cells(texts, name: str, players: int) -> list[tuple[int, int]]:
    """``["1:f2", ...]`` to (seat, square index) pairs; ValueError naming ``name``."""
    if isinstance(texts, (str, bytes)) or not isinstance(texts, (list, tuple)):
        raise ValueError(f"{name} must be a list of squares like '1:f2', not {quote(texts)}")
    out = []
    for text in texts:
        seat, _, sq = text.partition(":") if isinstance(text, str) else ("", "", "")
        if not (seat.isdigit() and int(seat) < players and sq in INDEX):
            raise ValueError(f"{name} must list squares like '1:f2' (a seat of this game, a "
                             f"square f1 to b3), not {quote(text)}")
        out.append((int(seat), INDEX[sq]))
    return out


def position(players: int = 2, *, fields=None, hands=None, packs=None, passed=None,
             discards=None, face_up=(), known=(), phase: str | None = None, round: int = 1,
             current: int = 0, turn: int = 1, finisher: int | None = None, seed: int = 0,
             names=None, aim: str | None = None,
             **variants) -> BattleGoatsState:
    """A game whose root is this position (see the module docs).

    ``phase`` defaults to "battle" when ``fields`` are given, else to what ``packs`` /
    ``hands`` suggest. ``face_up`` lists squares as ``"1:f2"`` that count as face up since
    the start of this turn; ``known`` lists remembered squares. During the layout every seat
    with cards in hand is laying out (BG-R8); in the battle, ``aim`` is the square of the
    attacker's card already chosen (``"f2"``). An impossible position raises
    :class:`VariantError` saying what is wrong.
    """
    state = new_game(players=players, seed=seed, names=names, **variants)
    state.forget_log()          # its deal is not the built position's
    try:
        n = players
        if phase is None:
            phase = "draft" if packs else "layout" if hands else "battle"
        if phase not in PHASES:
            raise ValueError(f"phase must be one of {', '.join(PHASES)}, not {quote(phase)}")
        fields = ([_field(f) for f in fields] if fields is not None
                  else [[None] * SIZE for _ in range(n)])
        hands = [list(h) for h in hands] if hands is not None else [[] for _ in range(n)]
        packs = [list(p) for p in packs] if packs is not None else [[] for _ in range(n)]
        discards = [list(d) for d in discards] if discards is not None else [[] for _ in range(n)]
        if not len(fields) == len(hands) == len(packs) == len(discards) == n:
            raise ValueError(f"give one battlefield, hand, pack and discard pile per player ({n})")
        heroes, plain = state.decks["heroes"], state.decks["cards"]
        pools = {True: Counter(state.catalog.ids(True)), False: Counter(state.catalog.ids(False))}
        for seat in range(n):
            cards = [c for c in fields[seat] + hands[seat] + packs[seat] + discards[seat]
                     if c is not None]
            if not any(isinstance(c, str) and c in state.cards and state.cards[c].is_hero
                       for c in cards):
                if phase not in ("battle", "over"):
                    raise ValueError(f"seat {seat} has no Hero: before the battle each seat "
                                     "holds its own (BG-R5)")
                spare = sorted(c for c, k in pools[True].items() if k)
                hero = next(c for c in spare if c not in cards)
                discards[seat].append(hero)
                cards.append(hero)
            for card in cards:
                if not isinstance(card, str) or card not in state.cards:
                    raise ValueError(f"{quote(card)} is not a card id of this deck")
                pool = pools[state.cards[card].is_hero]
                if not pool[card]:
                    raise ValueError(f"more copies of {card!r} than the deck holds")
                pool[card] -= 1
        heroes.pile = sorted(pools[True].elements())
        plain.pile = sorted(pools[False].elements())
        state.rng.shuffle(heroes.pile)
        state.rng.shuffle(plain.pile)
        state.fields = fields
        state.hands = [sorted(h) for h in hands]
        state.packs = [sorted(p) for p in packs]
        state.discards = discards
        state.passed = [sorted(p) for p in passed] if passed else [[] for _ in range(n)]
        state.up = [[None] * SIZE for _ in range(n)]
        state.known = [[False] * SIZE for _ in range(n)]
        for seat, i in _cells(face_up, "face_up", n):
            state.up[seat][i] = turn
        for seat, i in _cells(known, "known", n):
            state.known[seat][i] = True
        if aim is not None and (not isinstance(aim, str) or aim not in INDEX):
            raise ValueError(f"aim must be a square f1 to b3, not {quote(aim)}")
        if phase != "draft":
            round = 0
        state.aim = aim if phase == "battle" else None
        state.changes = 0
        state.phase, state.round, state.turn = phase, round, turn
        state.current, state.finisher = current, finisher
        state.last, state._winners, state.end = None, None, None
        state.rebase()                        # checked as a save is (saves.check_position)
    except (ValueError, KeyError, IndexError, TypeError, AssertionError, StopIteration,
            RecursionError) as exc:
        raise VariantError(f"impossible position: {exc}", "position") from None
    return state
