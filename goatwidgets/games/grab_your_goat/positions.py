"""Build a Grab Your Goat! position directly: for lessons, tests and teachers' examples.

    >>> s = position(up={"b1": "straight ew", "c1": "corner sw"}, down={"c2": "thicket"},
    ...              shepherds={0: "b1"}, goats={0: "c2"}, phase="act")
    >>> s.to_move, s.pending, s.route(0), s.cards[parse_cell("c2")]
    (0, 'act', None, 'thicket')
    >>> [str(a) for a in s.legal_actions() if a.kind == "step"]
    ['step c1', 'step a1']

- ``up``: face-up cards, ``{"c3": "corner ne"}`` (the kind, then its arrows; cards that lie
  one way only need no arrows: ``"cliff"``, ``"coffee"``);
- ``down``: face-down cards whose identity the test fixes, ``{"c4": "landslide"}``;
- every other place gets a face-down card from what is left of the deck: ``fill`` kinds first
  (``fill="cross"`` makes the unnamed cards crossroads while they last), then the rest,
  shuffled by ``seed``;
- ``shepherds`` / ``goats``: ``{seat: "c3"}`` (others at home / on the Top);
- ``hands``: ``{seat: ["tee", "cliff", "cross"]}`` (others dealt from the rest);
- ``deck``: the next cards the deck will give, first one first;
- ``to_move``, ``turn``; ``phase="roll"`` (the start of the turn) or ``"act"`` (the goat has
  moved; the shepherd's move is next); ``die`` the face shown; ``lost``: seats that will
  miss their next move (GY-R16).

Cards are taken out of the game's own deck, so all 70 stay conserved; an impossible position
raises :class:`VariantError` saying what is wrong. The position becomes the game's root.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Iterable

from ...engine import VariantError
from .board import CELLS, FIXED, TOP, PathGraph, parse_cell
from .cards import DECK_KINDS, FACES, orientations, text_mask
from .rules import HAND, GrabState, new_game


def _card(spec: str) -> tuple[str, int | None]:
    words = spec.strip().lower().split()
    if not words or words[0] not in DECK_KINDS or len(words) > 2:
        raise ValueError(f"a card is its kind and maybe its arrows, like 'corner ne', not "
                         f"{spec!r} (kinds: {', '.join(DECK_KINDS)})")
    return words[0], (text_mask(words[1]) if len(words) == 2 else None)


def position(players: int = 2, *, up: dict | None = None, down: dict | None = None,
             shepherds: dict | None = None, goats: dict | None = None,
             hands: dict | None = None, deck: Iterable[str] = (), fill: str | None = None,
             to_move: int = 0, turn: int = 1, phase: str = "roll", die: str | None = None,
             lost: Iterable[int] = (), seed: int = 0, names=None, **variants) -> GrabState:
    """A game whose root is the position described (see the module docstring)."""
    state = new_game(players=players, seed=seed, names=names, **variants)
    try:
        pool = Counter(state.variants["cards"])
        exits = state.variants["exits"]
        cards: dict[int, str] = {}
        faces: dict[int, int] = {}

        def take(kind: str, what: str) -> str:
            if pool[kind] <= 0:
                raise ValueError(f"no {kind} card is left for {what}")
            pool[kind] -= 1
            return kind

        for text, spec in (up or {}).items():
            cell = parse_cell(text)
            kind, mask = _card(spec)
            options = orientations(kind, 0, exits)
            if mask is None:
                mask = options[0]
            if mask not in options:
                raise ValueError(f"a {kind} can't lie with arrows {spec.split()[-1]!r}")
            cards[cell], faces[cell] = take(kind, text), mask
        for text, spec in (down or {}).items():
            cell = parse_cell(text)
            if cell in cards:
                raise ValueError(f"{text} is named twice")
            kind, _ = _card(spec)
            cards[cell] = take(kind, text)
        if set(cards) & FIXED:
            raise ValueError("the Top of the Mountain and the houses have fixed places")
        held = {}
        for seat, kinds in (hands or {}).items():
            if len(kinds) != HAND:
                raise ValueError(f"a hand holds {HAND} cards")
            held[seat] = sorted(take(k, f"seat {seat}'s hand") for k in kinds)
        top_cards = [take(k, "the deck") for k in deck]
        rest = sorted(pool.elements())
        random.Random(seed).shuffle(rest)
        if fill is not None:
            if fill not in DECK_KINDS:
                raise ValueError(f"fill must be a card kind, not {fill!r}")
            rest.sort(key=lambda k: k != fill)
        rest.reverse()                                   # pop() takes the fill kinds first
        for cell in range(CELLS):
            if cell not in FIXED and cell not in cards:
                cards[cell] = rest.pop()
        for seat in range(players):
            if seat not in held:
                held[seat] = sorted(rest.pop() for _ in range(HAND))
        rest.reverse()
        state.decks["deck"].pile = rest + list(reversed(top_cards))
        for cell, kind in cards.items():
            state.cards[cell] = kind
            state.up[cell] = cell in faces
            state.arrows[cell] = faces.get(cell, 0)
        state.hands = [held[s] for s in range(players)]
        for seat, text in (shepherds or {}).items():
            state.shepherds[seat] = parse_cell(text)
        for seat, text in (goats or {}).items():
            state.goats[seat] = parse_cell(text)
        if not 0 <= to_move < players:
            raise ValueError(f"to_move must be a seat from 0 to {players - 1}")
        if not isinstance(turn, int) or turn < 1:
            raise ValueError("turn must be a whole number, 1 or more")
        state.current, state.turn = to_move, turn
        state.lost = [s in set(lost) for s in range(players)]
        state.paths = PathGraph(state.up, state.arrows)
        state._begin_turn()
        if phase == "act":
            state.tasks = state.tasks[:1]
            state.die = die
            state._push("part2", to_move)
            state._run()
        elif phase != "roll":
            raise ValueError("phase is 'roll' or 'act'")
        if die is not None and die not in FACES:
            raise ValueError(f"die must be one of {', '.join(FACES)}")
        state._check_position()
        state.rebase()
    except (ValueError, KeyError, IndexError, TypeError, AssertionError) as exc:
        raise VariantError(f"impossible position: {exc}", "position") from None
    return state


__all__ = ["position", "TOP"]
