"""Goat Lords: pair goat cards into stacks, duel for the top stacks, play sneaky action cards.

    >>> from goatwidgets.games import goat_lords as game
    >>> s = game.new_game(players=4, seed=3)
    >>> s.hand_size, s.to_move, sum(s.zones().values())
    (4, 0, 126)

See ``rules`` for the model, ``actions`` for the text notation, ``cards`` for the deck,
``explain`` for the rules in plain words, ``positions`` to build a position.
"""

from .actions import Action, parse_action
from .cards import (
    ACTIONS,
    CARD_IDS,
    COUNTS,
    DEFAULT_EXTRA_PLAYS,
    DEFAULT_VALUES,
    GOATS,
    NAMES,
    WILDS,
)
from .positions import position
from .rules import OUR_READINGS, GoatLordsState, new_game, stack_kind

State = GoatLordsState

__all__ = ["Action", "State", "GoatLordsState", "new_game", "position", "parse_action",
           "OUR_READINGS", "ACTIONS", "CARD_IDS", "COUNTS", "DEFAULT_EXTRA_PLAYS",
           "DEFAULT_VALUES", "GOATS", "NAMES", "WILDS", "stack_kind"]
