"""Floats McGoats: how the bots judge a position (issue 26), as a function of the state.

The score lead counts first (ten to one), then goats on the raft and how close they are to
enclosed: a goat counts more for each side of its spot that has a stick, and more again where
its spot is locked. The ``strong`` bot's trials use the engine's uniform choice.

    >>> from goatwidgets.games.floats_mcgoats import new_game
    >>> s = new_game(players=2, seed=1)
    >>> heuristic(s, 0) == s.heuristic(0)
    True
"""

from __future__ import annotations

from ...engine import State
from .board import spot_edges

def heuristic(state: State, seat: int) -> float:
    """Score lead first, then goats on the raft and how close they are to enclosed."""
    if state.is_over:
        return 1000.0 if seat in state.winners else -1000.0
    value = 10.0 * state.score_lead(seat)
    for spot, goats in state.goats.items():
        if goats[0][0] == seat:
            sides = sum(e in state.sticks for e in spot_edges(spot))
            value += len(goats) * (0.5 + 0.3 * sides + (1.0 if state.is_locked(spot) else 0))
    return value
