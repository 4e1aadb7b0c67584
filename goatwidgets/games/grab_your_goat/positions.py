"""Build a Grab Your Goat! position directly: for lessons, tests and teachers' examples.

    >>> s = position(up={"b1": "straight ew", "c1": "corner sw"}, down={"c2": "thicket"},
    ...              shepherds={0: "b1"}, goats={0: "c2"}, phase="act")
    >>> s.to_move, s.pending.kind, s.route(0), s.cards[parse_cell("c2")]
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
  moved; the shepherd's move is next); ``die`` the face this turn's roll showed (with
  ``phase="act"`` only); ``lost``: seats that will miss their next move (GY-R16).

Cards are taken out of the game's own deck, so all 70 stay conserved; an impossible position
or an argument of the wrong kind raises :class:`VariantError` (rule ``"position"``) naming
the argument and saying what is wrong. The position becomes the game's root.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Iterable

from ...engine import VariantError, quote
from .board import CELLS, FIXED, TOP, PathGraph, cell_id, parse_cell
from .cards import DECK_KINDS, orientations, text_mask
from .rules import GrabState, new_game
from .saves import HAND, Step


def _card(spec, where: str) -> tuple[str, int | None]:
    words = spec.strip().lower().split() if isinstance(spec, str) else []
    if not words or words[0] not in DECK_KINDS or len(words) > 2:
        raise ValueError(f"{where} must be a card kind and maybe its arrows, like 'corner ne', "
                         f"not {quote(spec)} (kinds: {', '.join(DECK_KINDS)})")
    return words[0], (text_mask(words[1]) if len(words) == 2 else None)


def _is_seat(value, players: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < players


def _mapping(value, name: str, example: str) -> dict:
    """``None`` or a dict (the builder's ``up``, ``shepherds`` … arguments)."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise ValueError(f"{name} must be a dict like {example}, not {quote(value)}")
    return value


def _cells(value, name: str) -> dict[int, str]:
    """``{"c3": "corner ne"}`` -> ``{cell: spec}``; each card named once."""
    cells: dict[int, str] = {}
    for text, spec in _mapping(value, name, "{'c3': 'corner ne'}").items():
        try:
            cell = parse_cell(text)
        except ValueError as exc:
            raise ValueError(f"{name}: {quote(text)} is not a card: {exc}") from None
        if cell in cells:
            raise ValueError(f"{name} names {cell_id(cell)} twice")
        _card(spec, f"{name}[{quote(text)}]")
        cells[cell] = spec
    return cells


def _seats(value, name: str, players: int, example: str) -> dict:
    """``{seat: …}`` with every key a seat of this game."""
    value = _mapping(value, name, example)
    for seat in value:
        if not _is_seat(seat, players):
            raise ValueError(f"{name}: {quote(seat)} is not a seat (0 to {players - 1})")
    return value


def _places(value, name: str, players: int) -> dict[int, int]:
    """``{seat: "c3"}`` -> ``{seat: cell}``."""
    places = {}
    for seat, text in _seats(value, name, players, "{0: 'c3'}").items():
        try:
            places[seat] = parse_cell(text)
        except ValueError as exc:
            raise ValueError(f"{name}[{seat}]: {exc}, not {quote(text)}") from None
    return places


def _kinds(value, name: str, length: int | None = None) -> list[str]:
    """A list of card kinds (``length`` of them, if given)."""
    if not isinstance(value, (list, tuple)) or (length is not None and len(value) != length):
        size = f"{length} " if length is not None else ""
        raise ValueError(f"{name} must be a list of {size}card kinds, like ['tee', 'cross'], "
                         f"not {quote(value)}")
    for kind in value:
        if not isinstance(kind, str) or kind not in DECK_KINDS:
            raise ValueError(f"{name}: {quote(kind)} is not a card kind "
                             f"({', '.join(DECK_KINDS)})")
    return list(value)


def position(players: int = 2, *, up: dict | None = None, down: dict | None = None,
             shepherds: dict | None = None, goats: dict | None = None,
             hands: dict | None = None, deck: Iterable[str] = (), fill: str | None = None,
             to_move: int = 0, turn: int = 1, phase: str = "roll", die: str | None = None,
             lost: Iterable[int] = (), seed: int = 0, names=None, **variants) -> GrabState:
    """A game whose root is the position described (see the module docstring)."""
    state = new_game(players=players, seed=seed, names=names, **variants)
    state.forget_log()          # its deal is not the built position's
    try:
        pool = Counter(state.variants["cards"])
        exits = state.variants["exits"]
        if phase not in ("roll", "act"):
            raise ValueError(f"phase is 'roll' or 'act', not {quote(phase)}")
        if die is not None:
            faces = [f for f, n in state.variants["die"].items() if n]
            if not isinstance(die, str) or die not in faces:
                raise ValueError(f"die must be a face of the die ({', '.join(faces)}) or None, "
                                 f"not {quote(die)}")
            if phase != "act":
                raise ValueError("die is what this turn's roll showed: give it with "
                                 "phase='act' (at phase 'roll' nothing is rolled yet)")
        if not _is_seat(to_move, players):
            raise ValueError(f"to_move must be a seat from 0 to {players - 1}, not "
                             f"{quote(to_move)}")
        limit = state.variants["max_turns"]
        if not (isinstance(turn, int) and not isinstance(turn, bool) and 1 <= turn <= limit):
            raise ValueError(f"turn must be a whole number from 1 to {limit} (the turn "
                             f"guard, GY-R22), not {quote(turn)}")
        if not isinstance(lost, (list, tuple, set, frozenset)) or not all(
                _is_seat(s, players) for s in lost):
            raise ValueError(f"lost must be a list of seats (0 to {players - 1}), not "
                             f"{quote(lost)}")
        if fill is not None and (not isinstance(fill, str) or fill not in DECK_KINDS):
            raise ValueError(f"fill must be a card kind, not {quote(fill)}")
        cards: dict[int, str] = {}
        faces: dict[int, int] = {}

        def take(kind: str, what: str) -> str:
            if pool[kind] <= 0:
                raise ValueError(f"no {kind} card is left for {what}")
            pool[kind] -= 1
            return kind

        for cell, spec in _cells(up, "up").items():
            kind, mask = _card(spec, "up")
            options = orientations(kind, 0, exits)
            if mask is None:
                mask = options[0]
            if mask not in options:
                raise ValueError(f"up: a {kind} can't lie with arrows {spec.split()[-1]!r}")
            cards[cell], faces[cell] = take(kind, cell_id(cell)), mask
        for cell, spec in _cells(down, "down").items():
            if cell in cards:
                raise ValueError(f"{cell_id(cell)} is named in both up and down")
            kind, _ = _card(spec, "down")
            cards[cell] = take(kind, cell_id(cell))
        if set(cards) & FIXED:
            raise ValueError("up, down: the Top of the Mountain and the houses have fixed "
                             "places")
        held = {}
        for seat, kinds in _seats(hands, "hands", players, "{0: ['tee', 'cliff', 'cross']}"
                                  ).items():
            kinds = _kinds(kinds, f"hands[{seat}]", HAND)
            held[seat] = sorted(take(k, f"seat {seat}'s hand") for k in kinds)
        top_cards = [take(k, "the deck") for k in _kinds(deck, "deck")]
        rest = sorted(pool.elements())
        random.Random(seed).shuffle(rest)
        if fill is not None:
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
        for seat, cell in _places(shepherds, "shepherds", players).items():
            state.shepherds[seat] = cell
        for seat, cell in _places(goats, "goats", players).items():
            state.goats[seat] = cell
        state.current, state.turn = to_move, turn
        state.lost = [s in set(lost) for s in range(players)]
        state.paths = PathGraph(state.up, state.arrows)
        state._begin_turn()
        if phase == "act":
            state.steps = state.steps[:1]
            state.die = die
            state._add(Step("part2", to_move))
            state._run()
        state._check_position()
        state.rebase()
    except (ValueError, KeyError, IndexError, TypeError, AssertionError) as exc:
        raise VariantError(f"impossible position: {exc}", "position") from None
    return state


__all__ = ["position", "TOP"]
