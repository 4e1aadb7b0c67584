"""Shared machinery for every game: the State base, errors, bots, simulation.

Imports only the standard library (and networkx in games); no widgets here.
"""

from .bots import BOTS, Bot, GreedyBot, RandomBot, make_bot
from .errors import (
    ActionParseError,
    GameError,
    GameOverError,
    IllegalActionError,
    NotYourDecisionError,
    SaveError,
    VariantError,
)
from .simulation import play, simulate
from .state import Action, State

__all__ = [
    "Action", "State", "GameError", "IllegalActionError", "ActionParseError",
    "NotYourDecisionError", "GameOverError", "VariantError", "SaveError",
    "Bot", "RandomBot", "GreedyBot", "BOTS", "make_bot", "play", "simulate",
]
