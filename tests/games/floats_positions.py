"""Small helpers for the Floats McGoats tests (positions are built with the package's own
``floats_mcgoats.position``): stick and spot shorthands, a filler line of sticks, and
independent counts of sticks and goats.

    >>> from goatwidgets.games.floats_mcgoats import position
    >>> s = position(sticks=["0,1-1,0"], goats={"0,0u": (0, "mama")}, to_move=1)
    >>> s.scores, s.to_move, stick_count(s), len(filler_line(3))
    ((1, 0), 1, 50, 3)
"""

from __future__ import annotations

from goatwidgets.games.floats_mcgoats import parse_edge, parse_spot
from goatwidgets.games.floats_mcgoats.board import Edge, Spot, edge_text, make_edge
from goatwidgets.games.floats_mcgoats.rules import FloatsState


def E(text: str) -> Edge:
    """A stick from its text form, e.g. ``E("0,1-1,0")``."""
    return parse_edge(text)


def S(text: str) -> Spot:
    """A spot from its text form, e.g. ``S("0,0u")``."""
    return parse_spot(text)


def filler_line(n: int) -> list[str]:
    """``n`` stick texts in a straight line leftwards from (0,0), far from the action (e.g.
    ``position(dark=filler_line(48 - k))`` to empty the pile)."""
    return [edge_text(make_edge((-i - 1, 0), (-i, 0))) for i in range(n)]


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
