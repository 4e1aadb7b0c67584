"""Goat Lords: pair goat cards into stacks, duel for the top stacks, play sneaky action cards.

    >>> from goatwidgets.games import goat_lords as game
    >>> s = game.new_game(players=4, seed=3)
    >>> s.hand_size, s.to_move, sum(s.zones().values())
    (4, 0, 126)

Where each concern lives: ``rules`` (the State: setup, who decides, legal actions, effects,
scores), ``views`` (views, prompts, the words of the log), ``saves`` (the saved fields, the
checks of a saved position, the invariants), ``actions`` (the text notation), ``cards`` (the
deck), ``explain`` (the rules in plain words, why an action is refused), ``positions`` (build
a position).
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
    stack_kind,
)
from .explain import OUR_READINGS
from .positions import position
from .rules import GoatLordsState, new_game

State = GoatLordsState

__all__ = ["Action", "State", "GoatLordsState", "new_game", "position", "parse_action",
           "OUR_READINGS", "ACTIONS", "CARD_IDS", "COUNTS", "DEFAULT_EXTRA_PLAYS",
           "DEFAULT_VALUES", "GOATS", "NAMES", "WILDS", "stack_kind"]
