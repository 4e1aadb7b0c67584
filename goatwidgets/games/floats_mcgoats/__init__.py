"""Floats McGoats: build a raft of sticks, keep your goats in closed triangles.

    >>> from goatwidgets.games import floats_mcgoats as game
    >>> s = game.new_game(players=3, seed=7)
    >>> s.target
    5

See ``rules`` for the model, ``actions`` for the text notation, ``lattice`` for geometry.
"""

from .actions import Action, parse_action
from .lattice import edge_spots, edge_text, make_edge, parse_edge, parse_spot, spot_edges, spot_text
from .positions import position
from .rules import (
    ANCHORS,
    DEFAULT_FACES,
    FACE_LABELS,
    OUR_READINGS,
    TARGETS,
    FloatsState,
    new_game,
)

State = FloatsState

__all__ = ["Action", "State", "FloatsState", "new_game", "position", "parse_action", "ANCHORS",
           "DEFAULT_FACES", "FACE_LABELS", "OUR_READINGS", "TARGETS", "edge_spots", "edge_text",
           "make_edge", "parse_edge", "parse_spot", "spot_edges", "spot_text"]
