"""Floats McGoats: build a raft of sticks, keep your goats in closed triangles.

    >>> from goatwidgets.games import floats_mcgoats as game
    >>> s = game.new_game(players=3, seed=7)
    >>> s.target
    5

The package has the same files as every game's (see DESIGN.md, "one shape"): ``rules`` (the
state: setup, who decides, legal actions, effects, scores), ``views`` (views, prompts, the
log's words), ``saves`` (saved fields, reachable-position checks, invariants), ``actions``
(the text notation, the die's faces), ``explain`` (why an action is refused, the rules in
our words), ``board`` (the lattice and the raft) and ``positions`` (a position builder).
"""

from .actions import DEFAULT_FACES, FACE_LABELS, Action, parse_action
from .board import (
    ANCHORS,
    edge_spots,
    edge_text,
    make_edge,
    parse_edge,
    parse_spot,
    spot_edges,
    spot_text,
)
from .explain import OUR_READINGS
from .positions import position
from .rules import TARGETS, FloatsState, new_game

State = FloatsState

__all__ = ["Action", "State", "FloatsState", "new_game", "position", "parse_action", "ANCHORS",
           "DEFAULT_FACES", "FACE_LABELS", "OUR_READINGS", "TARGETS", "edge_spots", "edge_text",
           "make_edge", "parse_edge", "parse_spot", "spot_edges", "spot_text"]
