"""Build Floats McGoats positions directly, for the rules tests.

    >>> s = position(light=["0,1-1,0"], goats={"0,0u": (0, "mama")}, current=1)
    >>> s.scores, s.to_move, s.pile
    ((1, 0), 1, 47)

``position`` starts from ``new_game(...)``, overwrites the board (sticks, goats, supplies,
pile, shark, whose turn) and calls ``s.rebase()``, which checks the conservation laws and
makes the position the root of the game (so undo and saves start from here).

- ``light`` / ``dark``: stick texts like ``"0,1-1,0"``; the two anchors are always there.
- ``goats``: ``{spot text: (owner, kind, ...)}``, e.g. ``{"0,0u": (1, "mama", "baby")}`` for
  a stack. Supplies are what is left of 6 mamas and 1 baby per seat.
- ``shark``: a spot text or ``None``.
- ``filler``: that many extra dark sticks in a line leftwards from the anchor point (0,0),
  far from the action, e.g. ``filler=48 - n`` to empty the pile.

The pile is always 48 minus the sticks put on the raft, so sticks stay conserved.
"""

from __future__ import annotations

from typing import Iterable, Mapping

from goatwidgets.games.floats_mcgoats import parse_edge, parse_spot
from goatwidgets.games.floats_mcgoats import position as build_position
from goatwidgets.games.floats_mcgoats.lattice import Edge, Spot, edge_text, make_edge
from goatwidgets.games.floats_mcgoats.rules import FloatsState


def E(text: str) -> Edge:
    """A stick from its text form, e.g. ``E("0,1-1,0")``."""
    return parse_edge(text)


def S(text: str) -> Spot:
    """A spot from its text form, e.g. ``S("0,0u")``."""
    return parse_spot(text)


def filler_line(n: int) -> list[Edge]:
    """``n`` sticks in a straight line leftwards from (0,0): (-1,0)-(0,0), (-2,0)-(-1,0), …"""
    return [make_edge((-i - 1, 0), (-i, 0)) for i in range(n)]


def position(players: int = 2, *, light: Iterable[str] = (), dark: Iterable[str] = (),
             goats: Mapping[str, tuple] | None = None, shark: str | None = None,
             current: int = 0, turn: int = 1, filler: int = 0, seed: int = 0,
             **variants) -> FloatsState:
    """A game whose root is the given position, with ``current`` about to take a turn.

    A thin adapter over the package's own ``floats_mcgoats.position`` (goats written as
    ``(owner, kind, kind...)`` and an optional ``filler`` line of dark sticks).
    """
    filler_texts = [edge_text(e) for e in filler_line(filler)]
    stacks = {spot: [(owner, kind) for kind in kinds]
              for spot, (owner, *kinds) in (goats or {}).items()}
    return build_position(players, sticks=light, dark=[*dark, *filler_texts], goats=stacks,
                          shark=shark, to_move=current, turn=turn, seed=seed, **variants)


def stick_count(s: FloatsState) -> int:
    """Raft sticks + pile + a stick in hand (always 50: 48 + 2 anchors)."""
    return len(s.sticks) + s.pile + (1 if s.held else 0)


def goat_counts(s: FloatsState) -> list[dict[str, int]]:
    """Per seat: goats on the raft + in supply, by kind (always 6 mamas and 1 baby)."""
    counts = [dict(s.supply[seat]) for seat in range(s.players)]
    for stack in s.goats.values():
        for owner, kind in stack:
            counts[owner][kind] += 1
    return counts
