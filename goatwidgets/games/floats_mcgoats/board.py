"""The board: the triangular lattice the raft lives on (FM-R1), the raft as a networkx graph
(FM-R3), the anchors it starts from (FM-R2) and the pieces on the table (FM-R6, FM-R19).

Points are axial integer pairs ``(q, r)``; each has six neighbours. A **stick** is an edge
between two neighbouring points, stored as a sorted pair. A **spot** is a triangular face:
``(q, r, "u")`` has corners ``(q, r) (q+1, r) (q, r+1)`` and ``(q, r, "d")`` has corners
``(q+1, r) (q, r+1) (q+1, r+1)``. Every stick borders exactly two spots.

    >>> e = make_edge((1, 0), (0, 0))
    >>> e, edge_text(e)
    (((0, 0), (1, 0)), '0,0-1,0')
    >>> [spot_text(s) for s in edge_spots(e)]
    ['0,0u', '0,-1d']
    >>> parse_edge("0,-1--1,0")
    ((-1, 0), (0, -1))
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Iterable

import networkx as nx

from ...engine import quote

Point = tuple[int, int]
Edge = tuple[Point, Point]
Spot = tuple[int, int, str]

#: the three "forward" steps; their negatives are the other three neighbours
STEPS: tuple[Point, ...] = ((1, 0), (0, 1), (-1, 1))
DIRECTIONS: tuple[Point, ...] = STEPS + tuple((-dq, -dr) for dq, dr in STEPS)

#: a coordinate in text has at most this many digits (a raft of 50 sticks reaches 50 steps)
MAX_DIGITS = 6
MAX_COORD = 10**MAX_DIGITS - 1
_POINT = rf"(-?\d{{1,{MAX_DIGITS}}})\s*,\s*(-?\d{{1,{MAX_DIGITS}}})"
_EDGE_RE = re.compile(rf"^\(?{_POINT}\)?\s*(?:-|\s|to)\s*\(?{_POINT}\)?$")
_SPOT_RE = re.compile(rf"^\(?{_POINT}\s*,?\s*([ud])\)?$")


def neighbours(p: Point) -> list[Point]:
    """The six lattice points next to ``p``."""
    return [(p[0] + dq, p[1] + dr) for dq, dr in DIRECTIONS]


def is_adjacent(a: Point, b: Point) -> bool:
    return (b[0] - a[0], b[1] - a[1]) in DIRECTIONS


def make_edge(a: Point, b: Point) -> Edge:
    """The stick between two neighbouring points (sorted); ``ValueError`` otherwise."""
    a, b = (int(a[0]), int(a[1])), (int(b[0]), int(b[1]))
    if not is_adjacent(a, b):
        raise ValueError(f"{a} and {b} are not neighbours on the lattice")
    return (a, b) if a < b else (b, a)


#: the point both anchors end at, and the two anchor sticks: two sides of the middle
#: triangle 0,0u (FM-R2)
ANCHOR_POINT: Point = (0, 0)
ANCHORS: tuple[Edge, Edge] = (make_edge((0, 0), (1, 0)), make_edge((0, 0), (0, 1)))
PILE = 48                                   # light sticks in the pile (FM-R6)
SUPPLY = {"mama": 6, "baby": 1}             # each player's goats (FM-R6)
POINTS = {"mama": 1, "baby": 2}             # FM-R19: a stack scores the sum


@lru_cache(maxsize=None)
def spot_corners(spot: Spot) -> tuple[Point, Point, Point]:
    q, r, ud = spot
    if ud == "u":
        return ((q, r), (q + 1, r), (q, r + 1))
    return ((q + 1, r), (q, r + 1), (q + 1, r + 1))


@lru_cache(maxsize=None)
def spot_edges(spot: Spot) -> tuple[Edge, Edge, Edge]:
    """The three sticks that would enclose ``spot``."""
    a, b, c = spot_corners(spot)
    return (make_edge(a, b), make_edge(b, c), make_edge(a, c))


@lru_cache(maxsize=None)
def edge_spots(edge: Edge) -> tuple[Spot, Spot]:
    """The two spots on either side of a stick (FM-R4)."""
    (q1, r1), (q2, r2) = edge
    step = (q2 - q1, r2 - r1)
    if step == (1, 0):          # horizontal
        return ((q1, r1, "u"), (q1, r1 - 1, "d"))
    if step == (0, 1):          # rising to the right
        return ((q1, r1, "u"), (q1 - 1, r1, "d"))
    if step == (1, -1):         # rising to the left, stored from its lower-q end
        return ((q1, r2, "u"), (q1, r2, "d"))
    raise ValueError(f"{edge} is not a sorted lattice edge")


@lru_cache(maxsize=None)
def edges_at(p: Point) -> tuple[Edge, ...]:
    """The six sticks that could end at point ``p``."""
    return tuple(make_edge(p, n) for n in neighbours(p))


def edge_text(edge: Edge) -> str:
    (q1, r1), (q2, r2) = edge
    return f"{q1},{r1}-{q2},{r2}"


def spot_text(spot: Spot) -> str:
    q, r, ud = spot
    return f"{q},{r}{ud}"


def parse_edge(text: str) -> Edge:
    """Read ``"q1,r1-q2,r2"`` (also ``"q1,r1 q2,r2"``); ``ValueError`` if not a stick."""
    if not isinstance(text, str):
        raise ValueError(f"a stick is text like 0,0-1,0, not {quote(text)}")
    m = _EDGE_RE.match(text.strip())
    if not m:
        raise ValueError(f"{quote(text)} is not a stick; write it as two points like 0,0-1,0")
    q1, r1, q2, r2 = map(int, m.groups())
    try:
        return make_edge((q1, r1), (q2, r2))
    except ValueError:
        raise ValueError(f"{quote(text)} is not a stick: {q1},{r1} and {q2},{r2} are not "
                         "neighbours on the lattice") from None


def parse_spot(text: str) -> Spot:
    """Read ``"q,ru"`` or ``"q,rd"``; ``ValueError`` otherwise."""
    if not isinstance(text, str):
        raise ValueError(f"a spot is text like 0,0u or 1,-1d, not {quote(text)}")
    m = _SPOT_RE.match(text.strip().lower())
    if not m:
        raise ValueError(f"{quote(text)} is not a spot; write it like 0,0u or 1,-1d")
    return (int(m.group(1)), int(m.group(2)), m.group(3))


class Raft(dict):
    """The sticks on the raft (edge -> "anchor" | "light" | "dark") with their networkx graph
    kept in step, so connectivity questions don't rebuild it (FM-R3).

        >>> raft = Raft({((0, 0), (1, 0)): "anchor"})
        >>> raft[((0, 0), (0, 1))] = "light"
        >>> sorted(raft.graph.nodes)
        [(0, 0), (0, 1), (1, 0)]
        >>> del raft[((0, 0), (0, 1))]; sorted(raft.graph.nodes)
        [(0, 0), (1, 0)]
    """

    def __init__(self, sticks=()):
        super().__init__()
        self.graph = nx.Graph()
        for edge, kind in dict(sticks).items():
            self[edge] = kind

    def __setitem__(self, edge: Edge, kind: str) -> None:
        super().__setitem__(edge, kind)
        self.graph.add_edge(*edge)

    def __delitem__(self, edge: Edge) -> None:
        super().__delitem__(edge)
        self.graph.remove_edge(*edge)
        for point in edge:
            if not self.graph.degree(point):
                self.graph.remove_node(point)

    def pop(self, edge, *default):
        if edge not in self and default:
            return default[0]
        kind = self[edge]
        del self[edge]
        return kind

    def update(self, *args, **kwargs):
        for edge, kind in dict(*args, **kwargs).items():
            self[edge] = kind

    def copy(self) -> "Raft":
        return Raft(self)

    def __reduce__(self):
        return (Raft, (dict(self),))


def raft_graph(sticks: Iterable[Edge]) -> nx.Graph:
    """Lattice points as nodes, sticks as edges (FM-R3): a new graph, free to change."""
    if isinstance(sticks, Raft):
        return sticks.graph.copy()
    graph = nx.Graph()
    graph.add_edges_from(sticks)
    return graph


def _graph(sticks: Iterable[Edge]) -> nx.Graph:
    """The graph to ask a question of: a Raft's own (never changed here), else a new one."""
    return sticks.graph if isinstance(sticks, Raft) else raft_graph(sticks)


def anchored_points(sticks: Iterable[Edge], anchor: Point) -> set[Point]:
    """Points joined to ``anchor`` through sticks: the raft's reach (FM-R3)."""
    graph = _graph(sticks)
    if anchor not in graph:
        return set()
    return nx.node_connected_component(graph, anchor)


def frontier(sticks: Iterable[Edge], points: Iterable[Point]) -> set[Edge]:
    """Empty edges that share an end point with ``points`` (where a stick may go)."""
    taken = set(sticks)
    return {e for p in points for e in edges_at(p) if e not in taken}
