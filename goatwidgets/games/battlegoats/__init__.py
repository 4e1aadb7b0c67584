"""BattleGoats: lay nine cards face down in a 3×3 battlefield, then attack until one stands.

    >>> from goatwidgets.games import battlegoats as game
    >>> s = game.new_game(players=4, seed=3, draft=True)
    >>> s.phase, s.deciders, len(s.view(0)["pack"])
    ('draft', (0, 1, 2, 3), 8)

The same files as every game package: ``rules`` for the model (setup, who decides, legal
actions, effects, scores), ``views`` for what a seat sees and reads (views, prompts, the words
of the log), ``saves`` for the saved fields and the checks of a position the rules can reach,
``actions`` for the text notation, ``explain`` for the rules in plain words and why an action
is not allowed, ``cards`` for the card data format and the starter deck
(``starter_deck.json``), ``positions`` to build a position.
"""

from .actions import SQUARES, Action, parse_action, square_words
from .cards import (
    FORMAT,
    TYPES,
    VOCABULARY,
    Card,
    DeckError,
    DeckList,
    Modifier,
    load_deck,
    starter_deck,
    validate_deck,
)
from .explain import OUR_READINGS
from .positions import position
from .rules import BattleGoatsState, new_game
from .views import explain_sum

State = BattleGoatsState

__all__ = ["Action", "State", "BattleGoatsState", "new_game", "position", "parse_action",
           "OUR_READINGS", "SQUARES", "square_words", "FORMAT", "TYPES", "VOCABULARY", "Card",
           "DeckError", "DeckList", "Modifier", "load_deck", "starter_deck", "validate_deck",
           "explain_sum"]
