"""Gruff Goats cards and wands (GG-R3, GG-R4, GG-R14).

Only a card's suit matters, so a card *is* its suit: the deck holds 26 ``"clubs"``, 26
``"diamonds"``, 26 ``"hearts"`` and 26 ``"spades"`` (two 52-card decks, no jokers). A hand is
counted by suit.

    >>> len(DECK), DECK.count("hearts")
    (104, 26)
    >>> check_suits(None) == DEFAULT_SUITS
    True
    >>> cost("dragon", DEFAULT_SUITS), cost("big", DEFAULT_SUITS)
    (('clubs', 'diamonds', 'hearts', 'spades'), ('spades',))
"""

from __future__ import annotations

SUITS = ("clubs", "diamonds", "hearts", "spades")
PER_SUIT = 26
DECK = tuple(s for s in SUITS for _ in range(PER_SUIT))
HAND = 8                                            # GG-R3: the deal
SIZES = ("big", "medium", "little")                 # each player's three goats
WANDS = ("troll", "big", "medium", "little", "dragon")   # GG-R14: five wands
#: GG-R4 (a variant option): the suit of each wand but the dragon's
DEFAULT_SUITS = {"troll": "clubs", "big": "spades", "medium": "hearts", "little": "diamonds"}
SYMBOLS = {"clubs": "♣", "diamonds": "♦", "hearts": "♥", "spades": "♠"}
WAND_NAMES = {"troll": "the troll wand", "big": "the big goat wand",
              "medium": "the medium goat wand", "little": "the little goat wand",
              "dragon": "the dragon wand"}


def check_suits(suits) -> dict:
    """The ``suits`` option, checked: each of the four wands gets a different suit."""
    if suits is None:
        return dict(DEFAULT_SUITS)
    if not isinstance(suits, dict) or set(suits) != set(DEFAULT_SUITS) \
            or sorted(map(str, suits.values())) != sorted(SUITS):
        raise ValueError("suits must give troll, big, medium and little one different suit "
                         "each, e.g. {'troll': 'clubs', 'big': 'spades', 'medium': 'hearts', "
                         "'little': 'diamonds'}")
    return {wand: suits[wand] for wand in DEFAULT_SUITS}


def cost(wand: str, suits: dict) -> tuple[str, ...]:
    """The cards one claim, block or use of ``wand`` puts down (GG-R4, GG-R6, GG-R7)."""
    return SUITS if wand == "dragon" else (suits[wand],)


def empty_hand() -> dict:
    return {suit: 0 for suit in SUITS}
