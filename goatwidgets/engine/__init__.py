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
    quote,
)
from .decks import Deck
from .simulation import estimate_many, interval, play, share, simulate
from .state import MAX_ACTION_TEXT, Action, EndsInPhaseOver, State, projection

__all__ = [
    "Action", "State", "EndsInPhaseOver", "GameError", "IllegalActionError", "ActionParseError",
    "NotYourDecisionError", "GameOverError", "VariantError", "SaveError",
    "Bot", "RandomBot", "GreedyBot", "BOTS", "make_bot", "play", "simulate", "share", "interval",
    "estimate_many",
    "Deck",
    "projection", "quote", "MAX_ACTION_TEXT",
]
