"""Build a Floats McGoats position directly: for lessons, tests and teachers' examples.

    >>> s = position(sticks=["0,1-1,0"], goats={"0,0u": [(0, "mama")]})
    >>> s.scores, s.pile
    ((1, 0), 47)
    >>> s = position(dark=["0,1-1,0"], goats={"0,0u": (1, "mama", "baby")}, to_move=1)
    >>> s.is_locked((0, 0, "u")), s.to_move, s.supply[1], s.scores
    (True, 1, {'mama': 5, 'baby': 0}, (0, 3))

The position becomes the game's root: ``undo`` never goes behind it.
"""

from __future__ import annotations

from typing import Iterable

from ...engine import VariantError
from .lattice import parse_edge, parse_spot
from .rules import FloatsState, new_game


def position(players: int = 2, *, sticks: Iterable[str] = (), dark: Iterable[str] = (),
             goats: dict | None = None, shark: str | None = None, to_move: int = 0,
             turn: int = 1, seed: int = 0, names=None, **variants) -> FloatsState:
    """A game whose raft holds the anchors plus ``sticks`` (light) and ``dark`` sticks,
    ``goats`` as ``{"0,0u": [(seat, "mama"), ...]}`` or, shorter, ``{"0,0u": (seat, "mama",
    "baby")}`` (one owner, then the stack's goats), the shark on spot ``shark``, and
    seat ``to_move`` starting turn number ``turn``.

    Sticks and goats come out of the pile and the supplies, so everything stays conserved;
    an impossible position raises :class:`VariantError` saying what is wrong.
    """
    state = new_game(players=players, seed=seed, names=names, **variants)
    try:
        for kind, texts in (("light", sticks), ("dark", dark)):
            for text in texts:
                edge = parse_edge(text)
                if edge in state.sticks:
                    raise ValueError(f"stick {text} is listed twice or is an anchor")
                state.sticks[edge] = kind
                state.pile -= 1
        for text, pieces in (goats or {}).items():
            spot = parse_spot(text)
            if isinstance(pieces, tuple) and pieces and isinstance(pieces[0], int):
                pieces = [(pieces[0], kind) for kind in pieces[1:]]     # (owner, kind, ...)
            state.goats[spot] = []
            for owner, kind in pieces:
                state.supply[owner][kind] -= 1
                state.goats[spot].append((owner, kind))
        state.shark = parse_spot(shark) if shark else None
        if not 0 <= to_move < players:
            raise ValueError(f"to_move must be a seat from 0 to {players - 1}")
        state.current = to_move
        if not isinstance(turn, int) or turn < 1:
            raise ValueError(f"turn must be a whole number, 1 or more, not {turn!r}")
        state.turn = turn
        if min(min(s.values()) for s in state.supply) < 0 or state.pile < 0:
            raise ValueError("more goats or sticks than the box holds (FM-R6)")
        state.rebase()
    except (ValueError, KeyError, IndexError, TypeError, AssertionError) as exc:
        raise VariantError(f"impossible position: {exc}", "position") from None
    return state
