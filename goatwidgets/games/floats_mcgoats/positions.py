"""Build a Floats McGoats position directly: for lessons, tests and teachers' examples.

    >>> s = position(sticks=["0,1-1,0"], goats={"0,0u": [(0, "mama")]})
    >>> s.scores, s.pile
    ((1, 0), 47)
    >>> s = position(dark=["0,1-1,0"], goats={"0,0u": (1, "mama", "baby")}, to_move=1)
    >>> s.is_locked((0, 0, "u")), s.to_move, s.supply[1], s.scores
    (True, 1, {'mama': 5, 'baby': 0}, (0, 3))

Every argument is checked as a saved game's field would be, so a built position always loads
from its own save; a bad one raises :class:`VariantError` naming the argument:

    >>> position(turn=0)
    Traceback (most recent call last):
    ...
    goatwidgets.engine.errors.VariantError: turn must be a whole number from 1 to 500, not 0 (position)

The position becomes the game's root: ``undo`` never goes behind it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping

from ...engine import VariantError, quote
from ...engine.variants import whole_number
from .board import PILE, SUPPLY, Edge, Spot, edge_text, parse_edge, parse_spot, spot_text
from .rules import FloatsState, new_game


def position(players: int = 2, *, sticks: Iterable[str] = (), dark: Iterable[str] = (),
             goats: Mapping | None = None, shark: str | None = None, to_move: int = 0,
             turn: int = 1, seed: int = 0, names=None, **variants) -> FloatsState:
    """A game whose raft holds the anchors plus ``sticks`` (light) and ``dark`` sticks,
    ``goats`` as ``{"0,0u": [(seat, "mama"), ...]}`` or, shorter, ``{"0,0u": (seat, "mama",
    "baby")}`` (one owner, then the stack's goats), the shark on spot ``shark``, and
    seat ``to_move`` starting turn number ``turn`` (1 to the game's ``max_turns``).

    Sticks and goats come out of the pile and the supplies, so everything stays conserved;
    an impossible position raises :class:`VariantError` saying what is wrong.
    """
    state = new_game(players=players, seed=seed, names=names, **variants)
    state.forget_log()          # its deal is not the built position's
    state.current = whole_number(to_move, "to_move", 0, players - 1, "position")
    state.turn = whole_number(turn, "turn", 1, state.max_turns, "position")
    for kind, name, texts in (("light", "sticks", sticks), ("dark", "dark", dark)):
        for edge in _sticks(texts, name):
            if edge in state.sticks:
                raise _bad(f"{name}: stick {edge_text(edge)} is listed twice or is an anchor")
            if not state.pile:
                raise _bad(f"{name}: more sticks than the pile's {PILE} (FM-R6)")
            state.sticks[edge] = kind
            state.pile -= 1
    for spot, stack in _stacks(goats, players):
        if spot in state.goats:
            raise _bad(f"goats: spot {spot_text(spot)} is listed twice")
        for owner, kind in stack:
            if not state.supply[owner][kind]:
                raise _bad(f"goats: seat {owner} has no more {kind} goats (FM-R6)")
            state.supply[owner][kind] -= 1
        state.goats[spot] = stack
    if shark is not None:
        state.shark = _read(parse_spot, shark, "shark")
    try:
        state.rebase()                      # the checks of a saved game's position
    except (ValueError, AssertionError) as exc:
        raise _bad(f"impossible position: {exc}") from None
    return state


def _bad(message: str) -> VariantError:
    return VariantError(message, "position")


def _read(parse, text, name: str):
    """``parse(text)`` (a spot or a stick), or a :class:`VariantError` naming argument ``name``."""
    try:
        return parse(text)
    except ValueError as exc:
        raise _bad(f"{name}: {exc}") from None


def _sticks(texts, name: str) -> Iterator[Edge]:
    if isinstance(texts, (str, bytes, Mapping)) or not isinstance(texts, Iterable):
        raise _bad(f"{name} must be a list of sticks like ['0,1-1,0'], not {quote(texts)}")
    for text in texts:
        yield _read(parse_edge, text, name)


def _stacks(goats, players: int) -> Iterator[tuple[Spot, list[tuple[int, str]]]]:
    """Each spot of ``goats`` with its stack: one goat or two of one owner (FM-R16)."""
    if goats is None:
        return
    if not isinstance(goats, Mapping):
        raise _bad(f"goats must map spots to goats, like {{'0,0u': (0, 'mama')}}, not "
                   f"{quote(goats)}")
    for text, pieces in goats.items():
        spot = _read(parse_spot, text, "goats")
        where = f"goats on {spot_text(spot)}"
        if isinstance(pieces, tuple) and pieces and not isinstance(pieces[0], (tuple, list)):
            pieces = [(pieces[0], kind) for kind in pieces[1:]]     # (owner, kind, ...)
        if not (isinstance(pieces, (list, tuple)) and 1 <= len(pieces) <= 2 and all(
                isinstance(p, (list, tuple)) and len(p) == 2 for p in pieces)):
            raise _bad(f"{where}: one goat or a stack of two, like [(0, 'mama')] or (0, 'mama', "
                       f"'baby') (FM-R16), not {quote(pieces)}")
        stack = []
        for owner, kind in pieces:
            whole_number(owner, f"{where}: the owner", 0, players - 1, "position")
            if kind not in SUPPLY:
                raise _bad(f"{where}: a goat is 'mama' or 'baby', not {quote(kind)}")
            stack.append((owner, kind))
        if stack[-1][0] != stack[0][0]:
            raise _bad(f"{where}: a stack is one player's goats (FM-R16)")
        yield spot, stack
