"""The 7×7 grid of Grab Your Goat! and its path graph (GY-R1, GY-R2, GY-R6).

Cells are numbered 0-48, row by row from the north-west corner; their names read like a
spreadsheet: columns ``a``-``g`` from west to east, rows ``1``-``7`` from north to south.
The Top of the Mountain is ``d4`` in the middle; the houses are the corners ``a1`` (north-west),
``g1`` (north-east), ``g7`` (south-east) and ``a7`` (south-west).

    >>> cell_id(TOP), [cell_id(c) for c in CORNERS.values()]
    ('d4', ['a1', 'g1', 'g7', 'a7'])
    >>> cell_id(neighbour(TOP, "n")), neighbour(parse_cell("a1"), "n") is None
    ('d3', True)
    >>> cell_id(wrap(parse_cell("g2"), "e"))               # goats wrap round (GY-R10)
    'a2'

The path graph is a networkx ``Graph`` whose nodes are the face-up cells and whose edges join
orthogonal neighbours whose arrows point at each other. :class:`PathGraph` keeps it in step
with the board one cell at a time (a reveal, a turn, a card leaving); ``build_graph`` makes
one from scratch, which the tests compare with the kept one.

    >>> up = [False] * 49; arrows = [0] * 49
    >>> up[TOP] = up[17] = True; arrows[TOP] = 15; arrows[17] = 5     # d3: straight n-s
    >>> g = PathGraph(up, arrows); sorted(g.graph.edges)
    [(17, 24)]
    >>> arrows[17] = 10; g.refresh(17); sorted(g.graph.edges)          # turned: east-west
    []
"""

from __future__ import annotations

import heapq
import math
import re

import networkx as nx

from ...engine import VariantError, quote
from .cards import BASE_SHAPE, BIT, DIRS, OPPOSITE

SIZE = 7
CELLS = SIZE * SIZE
TOP = 24
#: the corner houses by compass name (GY-R1); which seat owns which is GY-R23
CORNERS = {"nw": 0, "ne": 6, "se": 48, "sw": 42}
FIXED = frozenset([TOP, *CORNERS.values()])
DELTA = {"n": (-1, 0), "e": (0, 1), "s": (1, 0), "w": (0, -1)}

COLUMNS = "abcdefg"
_IDS = [f"{COLUMNS[i % SIZE]}{i // SIZE + 1}" for i in range(CELLS)]
_INDEX = {name: i for i, name in enumerate(_IDS)}
_CELL_RE = re.compile(r"^\s*([a-g])\s*([1-7])\s*$", re.IGNORECASE)


def cell_id(cell: int) -> str:
    """``24`` -> ``"d4"``."""
    return _IDS[cell]


def parse_cell(text: str) -> int:
    """``"d4"`` (any case; ``"top"`` too) -> ``24``; ``ValueError`` otherwise."""
    if isinstance(text, str):
        if text.strip().lower() == "top":
            return TOP
        match = _CELL_RE.match(text)
        if match:
            return _INDEX[match.group(1).lower() + match.group(2)]
    raise ValueError("a card on the board is named by column a-g and row 1-7, like 'd4'")


def row_col(cell: int) -> tuple[int, int]:
    return divmod(cell, SIZE)


def _neighbour(cell: int, d: str) -> int | None:
    r, c = divmod(cell, SIZE)
    dr, dc = DELTA[d]
    r, c = r + dr, c + dc
    return r * SIZE + c if 0 <= r < SIZE and 0 <= c < SIZE else None


_NEIGHBOUR = {(cell, d): _neighbour(cell, d) for cell in range(CELLS) for d in DIRS}
_WRAP = {(cell, d): (_NEIGHBOUR[cell, d] if _NEIGHBOUR[cell, d] is not None else
                     (cell // SIZE * SIZE + (cell % SIZE + DELTA[d][1]) % SIZE) if d in "ew"
                     else ((cell // SIZE + DELTA[d][0]) % SIZE * SIZE + cell % SIZE))
         for cell in range(CELLS) for d in DIRS}
NEIGHBOURS = {cell: tuple((d, _NEIGHBOUR[cell, d]) for d in DIRS if _NEIGHBOUR[cell, d] is not None)
              for cell in range(CELLS)}


def neighbour(cell: int, d: str) -> int | None:
    """The cell one card towards ``d``, or ``None`` off the board."""
    return _NEIGHBOUR[cell, d]


def wrap(cell: int, d: str) -> int:
    """Like ``neighbour`` but round the edge to the other side of the same row or column
    (a goat's move, GY-R10, GY-R33)."""
    return _WRAP[cell, d]


def direction(a: int, b: int) -> str | None:
    """The direction from ``a`` to its neighbour ``b`` (``None`` if not neighbours)."""
    for d, n in NEIGHBOURS[a]:
        if n == b:
            return d
    return None


def line(cell: int, d: str) -> list[int]:
    """``cell`` and every cell beyond it towards ``d``, to the edge."""
    cells = [cell]
    while (nxt := _NEIGHBOUR[cells[-1], d]) is not None:
        cells.append(nxt)
    return cells


def manhattan(a: int, b: int) -> int:
    (r1, c1), (r2, c2) = divmod(a, SIZE), divmod(b, SIZE)
    return abs(r1 - r2) + abs(c1 - c2)


#: each cell's colour on a chessboard: a step always changes it, and so does a goat's move
#: unless it wraps round the edge (7 cards a row)
COLOUR = tuple(sum(divmod(cell, SIZE)) % 2 for cell in range(CELLS))


def _joined(arrows, a: int, d: str, b: int) -> bool:
    return bool(arrows[a] & BIT[d]) and bool(arrows[b] & BIT[OPPOSITE[d]])


def build_graph(up, arrows) -> nx.Graph:
    """The path graph of GY-R6 made from scratch: face-up cells, joined where the arrows of
    two neighbours point at each other."""
    graph = nx.Graph()
    graph.add_nodes_from(c for c in range(CELLS) if up[c])
    for c in range(CELLS):
        if up[c]:
            for d, n in NEIGHBOURS[c]:
                if d in "es" and up[n] and _joined(arrows, c, d, n):
                    graph.add_edge(c, n)
    return graph


class PathGraph:
    """The path graph kept in step with the board: call ``refresh(cell)`` whenever that cell
    turns face up or down or its arrows change. ``up`` and ``arrows`` are the board's own
    lists (read, never written)."""

    def __init__(self, up, arrows):
        self.up, self.arrows = up, arrows
        self.graph = build_graph(up, arrows)

    def refresh(self, cell: int) -> None:
        graph = self.graph
        if cell in graph:
            graph.remove_node(cell)
        if not self.up[cell]:
            return
        graph.add_node(cell)
        for d, n in NEIGHBOURS[cell]:
            if self.up[n] and _joined(self.arrows, cell, d, n):
                graph.add_edge(cell, n)

    def joined(self, a: int, b: int) -> bool:
        """A step between two face-up cards along meeting arrows (GY-R6)."""
        return self.graph.has_edge(a, b)

    def reach(self, cell: int) -> set[int]:
        """Every face-up card a shepherd on ``cell`` can walk to along the paths."""
        if cell not in self.graph:
            return set()
        return nx.node_connected_component(self.graph, cell)

    def route(self, a: int, b: int) -> list[int] | None:
        """A shortest walk from ``a`` to ``b`` (both ends included), or ``None``. Where
        several walks are equally short, the one through the lowest-numbered cells: the
        answer never depends on the order in which the graph was built."""
        graph = self.graph
        if a not in graph or b not in graph:
            return None
        dist = nx.single_source_shortest_path_length(graph, b)
        if a not in dist:
            return None
        path = [a]
        while path[-1] != b:
            here = dist[path[-1]]
            path.append(min(n for n in graph[path[-1]] if dist.get(n) == here - 1))
        return path


#: the houses in play by default: two players sit in opposite corners (GY-R23)
DEFAULT_HOUSES = {2: ("nw", "se"), 3: ("nw", "ne", "se"), 4: ("nw", "ne", "se", "sw")}


def clockwise(houses) -> list[str]:
    """The corners in the order turns reach them (GY-R23: clockwise round the board), starting
    from the first one named: seat 0 keeps that house, the next seats take the others as play
    goes round. An order that is already clockwise stays as it is (so older saves load).

        >>> clockwise(["nw", "se", "ne"]), clockwise(["se", "nw", "ne"])
        (['nw', 'ne', 'se'], ['se', 'nw', 'ne'])
    """
    order = list(CORNERS)                               # nw, ne, se, sw: clockwise
    start = order.index(houses[0])
    return sorted(houses, key=lambda h: (order.index(h) - start) % len(order))


def seat_options(options: dict, players: int) -> dict:
    """The checked ``houses`` (GY-R23, GY-R33: a different corner for each seat, put in turn
    order by :func:`clockwise`) and ``first`` (a seat, or None to draw it) options."""
    houses = options["houses"]
    if houses is None:
        houses = list(DEFAULT_HOUSES[players])
    if (not isinstance(houses, (list, tuple)) or len(houses) != players
            or not all(isinstance(h, str) and h in CORNERS for h in houses)
            or len(set(houses)) != len(houses)):
        raise VariantError(f"houses must name a different corner for each of the {players} "
                           f"seats (nw, ne, se, sw), not {quote(houses)}", "GY-R23")
    first = options["first"]
    if first is not None and (not isinstance(first, int) or isinstance(first, bool)
                              or not 0 <= first < players):
        raise VariantError(f"first must be a seat from 0 to {players - 1} or None, not "
                           f"{quote(first)}", "GY-R23")
    return {"houses": clockwise(houses), "first": first}


# ------------------------------------------------------------------ walking costs (for bots)

#: what a bot counts, in moves, for a walk: a step onto a face-down card costs a little more
#: than one (it may hide a Mineshaft or a Landslide, home, or a Steep Cliff, back); leaving a
#: card that is still to be laid down may need a quarter turn later (a corner can't go straight
#: on); a face-up card whose arrows don't point the way needs a quarter turn first
DOWN, LEAVE_DOWN, TURN = 1.4, 0.3, 1.3
#: face-up cards a walk does not go through: a Steep Cliff can't be entered (GY-R20), a
#: Mineshaft sends home (GY-R19), a Waterfall sweeps on (GY-R21)
IMPASSABLE = frozenset({"cliff", "mineshaft", "waterfall"})
#: cards without arrows of their own (GY-R4)
ARROWLESS = frozenset(k for k, shape in BASE_SHAPE.items() if shape == "none")


def step_cost(up, arrows, cards, a: int, d: str, b: int, here: bool = False) -> float | None:
    """What a bot counts for a shepherd on ``a`` stepping ``d`` to its neighbour ``b``, or
    ``None`` where no walk goes (GY-R6, GY-R7, GY-R26). ``here``: the shepherd stands on ``a``
    now (a face-down card underfoot is open all round); else ``a`` is a card on the way."""
    if not up[b]:
        enter = DOWN
    elif arrows[b] & BIT[OPPOSITE[d]]:
        if cards[b] in IMPASSABLE:
            return None
        enter = 1.0
    elif not arrows[b] and cards[b] not in ARROWLESS:
        enter = 1.0                                 # just turned up: its revealer lays it
    else:
        return None
    if not up[a]:
        return enter if here else enter + LEAVE_DOWN
    if arrows[a] & BIT[d]:
        return enter
    if not arrows[a] and cards[a] not in ARROWLESS:
        return enter + LEAVE_DOWN
    return enter + TURN


def _lifts(up, cards, cell: int) -> list[int]:
    """Where a Ski Lift ride goes from ``cell`` (GY-R15)."""
    if not up[cell]:
        return []
    if cell == TOP:
        return [c for c in range(CELLS) if up[c] and cards[c] == "ski"]
    return [TOP] if cards[cell] == "ski" else []


def walk_costs(up, arrows, cards, origin: int, goals=()) -> dict[int, float]:
    """The cheapest walk (:func:`step_cost`, a Ski Lift ride one move) from a shepherd on
    ``origin`` to each card, as far as needed to settle every cell of ``goals`` (all of
    them when ``goals`` is empty); cards out of reach are missing.

        >>> up = [False] * CELLS; arrows = [0] * CELLS; cards = ["corner"] * CELLS
        >>> round(walk_costs(up, arrows, cards, 0, [2])[2], 2)       # two face-down cards
        3.1
    """
    left = set(goals)
    dist = {origin: 0.0}
    heap = [(0.0, origin)]
    done = set()
    while heap:
        cost, a = heapq.heappop(heap)
        if a in done:
            continue
        done.add(a)
        left.discard(a)
        if goals and not left:
            break
        for d, b in NEIGHBOURS[a]:
            step = step_cost(up, arrows, cards, a, d, b, a == origin)
            if step is not None and cost + step < dist.get(b, math.inf):
                dist[b] = cost + step
                heapq.heappush(heap, (cost + step, b))
        for b in _lifts(up, cards, a):
            if cost + 1.0 < dist.get(b, math.inf):
                dist[b] = cost + 1.0
                heapq.heappush(heap, (cost + 1.0, b))
    return dist


def costs_to(up, arrows, cards, goal: int) -> dict[int, float]:
    """The cheapest walk to ``goal`` from each card a shepherd could be standing on after a
    move (so a face-down card there is counted as one it has just laid down).

        >>> up = [False] * CELLS; arrows = [0] * CELLS; cards = ["corner"] * CELLS
        >>> round(costs_to(up, arrows, cards, 2)[0], 2)
        3.4
    """
    dist = {goal: 0.0}
    heap = [(0.0, goal)]
    done = set()
    while heap:
        cost, b = heapq.heappop(heap)
        if b in done:
            continue
        done.add(b)
        for d_back, a in NEIGHBOURS[b]:
            step = step_cost(up, arrows, cards, a, OPPOSITE[d_back], b)
            if step is not None and cost + step < dist.get(a, math.inf):
                dist[a] = cost + step
                heapq.heappush(heap, (cost + step, a))
        for a in _lifts(up, cards, b):               # rides go both ways
            if cost + 1.0 < dist.get(a, math.inf):
                dist[a] = cost + 1.0
                heapq.heappush(heap, (cost + 1.0, a))
    return dist
