"""BattleGoats: lay nine cards face down in a 3×3 battlefield, then attack until one stands.

    >>> from goatwidgets.games import battlegoats as game
    >>> s = game.new_game(players=4, seed=3, draft=True)
    >>> s.phase, s.deciders, len(s.view(0)["pack"])
    ('draft', (0, 1, 2, 3), 8)

See ``rules`` for the model, ``actions`` for the text notation, ``cards`` for the card data
format and the starter deck (``starter_deck.json``), ``saves`` for the saved fields and the
checks of a position the rules can reach, ``explain`` for the rules in plain words,
``positions`` to build a position.
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
from .positions import position
from .rules import OUR_READINGS, BattleGoatsState, explain_sum, new_game

State = BattleGoatsState

__all__ = ["Action", "State", "BattleGoatsState", "new_game", "position", "parse_action",
           "OUR_READINGS", "SQUARES", "square_words", "FORMAT", "TYPES", "VOCABULARY", "Card",
           "DeckError", "DeckList", "Modifier", "load_deck", "starter_deck", "validate_deck",
           "explain_sum"]
