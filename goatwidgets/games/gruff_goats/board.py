"""The Gruff Goats board: squares and links, as a networkx graph (GG-R1).

The default board is a 5×5 grid. Squares are named like a chess board: columns ``a``–``e``
from west to east, rows ``1``–``5`` from south to north (``a1`` is the south-west corner,
``c3`` the Island in the middle). The outer ring is the Outside Land, the four squares beside
the Island are the bridges (north ``c4``, east ``d3``, south ``c2``, west ``b3``) and the other
four inner squares are water, which no piece ever enters.

    >>> board = default_board()
    >>> board.kind("c3"), board.kind("c4"), board.kind("b4")
    ('island', 'bridge', 'water')
    >>> board.neighbours["c4"]
    ('c3', 'c5')
    >>> board.distance["a1"], nx.shortest_path(board.graph, "a1", board.island)
    (4, ['a1', 'a2', 'a3', 'b3', 'c3'])

``new_game(board="small")`` plays on a 3×3 board for a class-length game (GG-X9): the four
corners, a bridge on each side and the Island, so a goat reaches the Island in two steps.
A teacher with another printed board passes it as the ``board`` option of ``new_game``: a dict
of ``squares`` (id, kind, row, col and an optional plain name), ``links`` (pairs of square ids
that a goat may step between), the four ``corners`` in clockwise order and the two bridges
the ``trolls`` start on. ``check_board`` validates it and ``Board`` answers the questions the
rules ask (neighbours, bridges, corners, distances to the Island).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import lru_cache

import networkx as nx

KINDS = ("land", "bridge", "island", "water")
#: square ids: a letter and a number, like a chess square ("a1", "c3", "k12")
SQUARE_ID = re.compile(r"[a-z][0-9]{1,2}\Z")
MAX_SQUARES = 100
MAX_LINKS = 400

_SIDES = {"a": "west", "e": "east", "1": "south", "5": "north"}


def _default_name(col: int, row: int, kind: str) -> str:
    letter, number = "abcde"[col], str(5 - row)
    if kind == "island":
        return "the Island"
    if kind == "water":
        return "the water"
    if kind == "bridge":
        side = {"c4": "north", "d3": "east", "c2": "south", "b3": "west"}[letter + number]
        return f"the {side} bridge"
    across, up = _SIDES.get(letter), _SIDES.get(number)
    if across and up:
        return f"the {up}-{across} corner"
    return f"the {across or up} side"


def _default_spec() -> dict:
    squares, links = [], []
    for row in range(5):
        for col in range(5):
            ring = row in (0, 4) or col in (0, 4)
            if ring:
                kind = "land"
            elif (row, col) == (2, 2):
                kind = "island"
            elif row == 2 or col == 2:
                kind = "bridge"
            else:
                kind = "water"
            squares.append({"id": f"{'abcde'[col]}{5 - row}", "kind": kind, "row": row,
                            "col": col, "name": _default_name(col, row, kind)})
    kind_at = {(s["row"], s["col"]): s for s in squares}
    for (row, col), square in kind_at.items():
        for other in (kind_at.get((row, col + 1)), kind_at.get((row + 1, col))):
            if other and "water" not in (square["kind"], other["kind"]):
                links.append([square["id"], other["id"]])
    return {"squares": squares, "links": links, "corners": ["a1", "a5", "e5", "e1"],
            "trolls": ["c4", "c2"]}


#: GG-R1 and GG-R2: the 5×5 board, its corners in clockwise order, the trolls' first bridges
DEFAULT_BOARD: dict = _default_spec()


def _small_spec() -> dict:
    """GG-X9, the small board: 3×3, the Island in the middle, a bridge on each side and the
    four corners as the Outside Land (each corner touches two bridges)."""
    names = {"a1": "the south-west corner", "a2": "the west bridge",
             "a3": "the north-west corner", "b1": "the south bridge", "b2": "the Island",
             "b3": "the north bridge", "c1": "the south-east corner", "c2": "the east bridge",
             "c3": "the north-east corner"}
    kinds = ("land", "bridge", "island")           # by how many of its two lines are middle
    squares = [{"id": sid, "row": 3 - int(sid[1]), "col": "abc".index(sid[0]),
                "kind": kinds[(sid[0] == "b") + (sid[1] == "2")], "name": name}
               for sid, name in names.items()]
    links = [[a, b] for a in names for b in names if a < b
             and abs("abc".index(a[0]) - "abc".index(b[0])) + abs(int(a[1]) - int(b[1])) == 1]
    return {"squares": squares, "links": links, "corners": ["a1", "a3", "c3", "c1"],
            "trolls": ["b3", "b1"]}


SMALL_BOARD: dict = _small_spec()
#: the boards a game may name: ``new_game(board="small")`` (GG-R1, GG-X9)
BOARDS = {"classic": DEFAULT_BOARD, "small": SMALL_BOARD}


@dataclass(frozen=True)
class Board:
    """A checked board: what the rules ask of it, precomputed once."""

    spec: dict = field(repr=False, compare=False)
    squares: tuple[str, ...]
    kinds: dict = field(repr=False)
    names: dict = field(repr=False)
    corners: tuple[str, ...]
    bridges: tuple[str, ...]
    island: str
    troll_start: tuple[str, str]
    graph: nx.Graph = field(repr=False, compare=False)
    neighbours: dict = field(repr=False, compare=False)
    distance: dict = field(repr=False, compare=False)
    #: distances to the Island around troll bridges, per troll placement (filled on demand)
    _around: dict = field(default_factory=dict, repr=False, compare=False)

    def distance_around(self, trolls) -> dict:
        """Steps from each square to the Island without crossing a bridge that holds a troll
        (networkx; squares with no such way are left out).

            >>> default_board().distance_around(("c4", "c2"))["c1"]
            6
        """
        key = frozenset(trolls)
        found = self._around.get(key)
        if found is None:
            free = self.graph.subgraph(n for n in self.graph if n not in key)
            found = self._around[key] = dict(
                nx.single_source_shortest_path_length(free, self.island))
        return found

    def kind(self, square: str) -> str | None:
        return self.kinds.get(square)

    def name(self, square: str) -> str:
        """The square's plain name for messages ("the north bridge", "the Island")."""
        return self.names.get(square, "that square")

    def route(self, start: str) -> list[str]:
        """A shortest route from ``start`` to the Island (networkx)."""
        return nx.shortest_path(self.graph, start, self.island)


def check_board(spec) -> dict:
    """The board option, checked and normalised (JSON-safe): a board's name (``"classic"``,
    the 5×5 board of GG-R1, or ``"small"``, GG-X9) or a dict of squares and links;
    ``ValueError`` says what is wrong with it."""
    if isinstance(spec, str):
        if spec not in BOARDS:
            raise ValueError(f"board must be 'classic', 'small' or a dict of squares and "
                             f"links, not {spec[:20]!r}")
        spec = BOARDS[spec]
    if not isinstance(spec, dict) or set(spec) != {"squares", "links", "corners", "trolls"}:
        raise ValueError("board must be a dict with squares, links, corners and trolls")
    squares, links = spec["squares"], spec["links"]
    if not isinstance(squares, (list, tuple)) or not 3 <= len(squares) <= MAX_SQUARES:
        raise ValueError(f"board squares must be a list of 3 to {MAX_SQUARES} squares")
    out, kinds, places = [], {}, set()
    for square in squares:
        if not isinstance(square, dict) or not {"id", "kind", "row", "col"} <= set(square) \
                or not set(square) <= {"id", "kind", "row", "col", "name"}:
            raise ValueError("each board square is a dict with id, kind, row, col (and name)")
        sid, kind, row, col = square["id"], square["kind"], square["row"], square["col"]
        if not isinstance(sid, str) or not SQUARE_ID.match(sid) or sid in kinds:
            raise ValueError(f"board square id {str(sid)[:20]!r} must be new and look like "
                             "'a1' (a letter and a number)")
        if kind not in KINDS:
            raise ValueError(f"board square {sid} has kind {str(kind)[:20]!r}; kinds: "
                             f"{', '.join(KINDS)}")
        if not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 26
                   for v in (row, col)) or (row, col) in places:
            raise ValueError(f"board square {sid} needs its own row and col, 0 to 25")
        name = square.get("name", {"island": "the Island", "bridge": "a bridge",
                                   "water": "the water"}.get(kind, "the Outside Land"))
        if not isinstance(name, str) or not 0 < len(name) <= 40:
            raise ValueError(f"board square {sid}: a name is text of 1 to 40 characters")
        kinds[sid] = kind
        places.add((row, col))
        out.append({"id": sid, "kind": kind, "row": row, "col": col, "name": name})
    if not isinstance(links, (list, tuple)) or len(links) > MAX_LINKS:
        raise ValueError(f"board links must be a list of at most {MAX_LINKS} pairs")
    pairs, seen = [], set()
    for link in links:
        if not isinstance(link, (list, tuple)) or len(link) != 2 or not all(
                isinstance(x, str) and kinds.get(x, "water") != "water" for x in link) \
                or link[0] == link[1] or frozenset(link) in seen:
            raise ValueError(f"board link {str(link)[:40]} must join two different squares "
                             "that are not water, once")
        seen.add(frozenset(link))
        pairs.append([link[0], link[1]])
    islands = [s for s, k in kinds.items() if k == "island"]
    bridges = [s for s, k in kinds.items() if k == "bridge"]
    if len(islands) != 1 or len(bridges) < 2:
        raise ValueError("a board has one island and at least two bridges")
    corners, trolls = spec["corners"], spec["trolls"]
    if not isinstance(corners, (list, tuple)) or len(corners) != 4 or len(set(corners)) != 4 \
            or not all(isinstance(c, str) and kinds.get(c) == "land" for c in corners):
        raise ValueError("board corners must be four different land squares, clockwise")
    if not isinstance(trolls, (list, tuple)) or len(trolls) != 2 or trolls[0] == trolls[1] \
            or not all(isinstance(t, str) and kinds.get(t) == "bridge" for t in trolls):
        raise ValueError("board trolls must be two different bridges")
    graph = nx.Graph(pairs)
    graph.add_nodes_from(s for s, k in kinds.items() if k != "water")
    if not all(nx.has_path(graph, c, islands[0]) for c in corners):
        raise ValueError("every corner must have a way to the island")
    return {"squares": out, "links": pairs, "corners": list(corners), "trolls": list(trolls)}


@lru_cache(maxsize=32)
def _board(text: str) -> Board:
    spec = json.loads(text)
    kinds = {s["id"]: s["kind"] for s in spec["squares"]}
    graph = nx.Graph()
    for s in spec["squares"]:
        if s["kind"] != "water":
            graph.add_node(s["id"], kind=s["kind"], row=s["row"], col=s["col"])
    graph.add_edges_from(spec["links"])
    island = next(s for s, k in kinds.items() if k == "island")
    return Board(
        spec=spec,
        squares=tuple(kinds),
        kinds=kinds,
        names={s["id"]: s["name"] for s in spec["squares"]},
        corners=tuple(spec["corners"]),
        bridges=tuple(s for s, k in kinds.items() if k == "bridge"),
        island=island,
        troll_start=tuple(spec["trolls"]),
        graph=graph,
        neighbours={n: tuple(sorted(graph.neighbors(n))) for n in graph},
        distance=dict(nx.single_source_shortest_path_length(graph, island)),
    )


def make_board(spec: dict) -> Board:
    """The :class:`Board` of a checked spec (built once per spec and shared: read only)."""
    return _board(json.dumps(spec, sort_keys=True))


def default_board() -> Board:
    return make_board(DEFAULT_BOARD)
