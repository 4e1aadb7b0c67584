"""Gruff Goats: fairies claim magic wands with cards, move goats over troll bridges to the
Island, and a dragon eats goats. First to 3 points wins.

    >>> from goatwidgets.games import gruff_goats as game
    >>> s = game.new_game(players=3, seed=7)
    >>> s.start_corners, sum(s.hands[0].values())
    (['a1', 'a5', 'e5'], 8)

See ``rules`` for the model (setup, who decides, legal actions, effects, scores), ``views``
for what a seat sees and reads (views, prompts, log lines), ``saves`` for the saved fields,
the checks of a saved position and the invariants, ``actions`` for the text notation,
``board`` for the graph, ``cards`` for suits and wands, ``explain`` for the rules in plain
words and why an action is refused, ``positions`` for building a position.
"""

from .actions import Action, parse_action
from .board import (BOARDS, DEFAULT_BOARD, SMALL_BOARD, Board, check_board, default_board,
                    make_board)
from .cards import DECK, DEFAULT_SUITS, SIZES, SUITS, WAND_NAMES, WANDS, cost
from .explain import OUR_READINGS
from .positions import position
from .rules import GruffState, new_game
from .saves import MAX_TARGET, TARGET

State = GruffState

__all__ = ["Action", "State", "GruffState", "new_game", "position", "parse_action",
           "OUR_READINGS", "TARGET", "MAX_TARGET", "BOARDS", "DEFAULT_BOARD", "SMALL_BOARD",
           "Board", "check_board", "default_board", "make_board", "DECK", "DEFAULT_SUITS",
           "SIZES", "SUITS", "WAND_NAMES", "WANDS", "cost"]
