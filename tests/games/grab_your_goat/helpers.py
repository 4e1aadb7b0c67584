"""What several of Grab Your Goat!'s test files share (``tests/games/grab_your_goat/``): cell
names, pieces' places, a preset roll, pending decisions, turns by house and the bots' quick
choice (rulings in ``../shared/rules/grab_your_goat.rulings.md``).
"""

from __future__ import annotations

import random

from goatwidgets.games.grab_your_goat import cell_id, parse_cell
from goatwidgets.games.grab_your_goat.board import build_graph


C = parse_cell


def at(s, seat: int) -> str:
    return cell_id(s.shepherds[seat])


def goat_at(s, seat: int) -> str:
    return cell_id(s.goats[seat])


def roll(s, face: str) -> None:
    s.preset(die=[face])
    s.apply("roll")


def graph_in_step(s) -> None:
    """The kept path graph equals one rebuilt from scratch (GY-R6)."""
    fresh = build_graph(s.up, s.arrows)
    assert set(s.graph.nodes) == set(fresh.nodes)
    assert {frozenset(e) for e in s.graph.edges} == {frozenset(e) for e in fresh.edges}


def pending(s):
    return s.view(None)["pending"]


def turn_houses(s, turns: int) -> list[str]:
    """The house of the seat whose turn it is, for ``turns`` turns in a row."""
    seen = []
    for _ in range(turns):
        seat = s.current
        seen.append(s.view(None)["houses"][seat])
        roll(s, "n")
        while s.current == seat and not s.is_over:
            s.apply(next(a for a in s.legal_actions() if a.kind == "rotate") if
                    s.pending.kind == "act" else s.legal_actions()[0], seat=s.deciders[0])
    return seen


HUGE = 10**5000


def quick(s, seat=None):
    """The quick choice (the strong bot's playouts) as text."""
    seat = s.deciders[0] if seat is None else seat
    return str(s.quick_choice(seat, random.Random(0)))
