"""The Goat Lords deck as data (GL-R1, GL-R2, GL-R3).

Every card has a short id that the text notation, the views and the action dicts use
(``ninja``, ``lord``, ``atomic``); ``NAMES`` gives the printed name. There are three sorts:

- **wilds** (``lord``, ``goatini``) pair with any goat card and count as any card in a duel;
- **goats** (ten kinds) make pairs, stacks and herds;
- **action cards** (ten kinds) are kept face down and played for their effect.

    >>> sum(COUNTS.values()), len(GOATS), len(WILDS), len(ACTIONS)
    (126, 10, 2, 10)
    >>> NAMES["corn"], DEFAULT_VALUES["corn"], COUNTS["corn"]
    ('Flying Goat-a-Corn', 20, 8)
    >>> SHORT_NAMES["corn"], STACK_NAMES["corn"]      # what the board writes on it
    ('Goat-a-Corn', 'Corn')
    >>> sorted(k for k, v in DEFAULT_EXTRA_PLAYS.items() if v == 0)
    ['atomic', 'loaf', 'russian']
"""

from __future__ import annotations

from collections import Counter

#: id -> (printed name, copies in the box, default value in points)
_WILDS = {
    "lord": ("Goat Lord", 4, 50),
    "goatini": ("Magical Goatini", 8, 25),
}
_GOATS = {
    "corn": ("Flying Goat-a-Corn", 8, 20),
    "dragon": ("Fire Breathing Dragon Goat", 10, 15),
    "kraken": ("Krakengoat", 10, 15),
    "ninja": ("Goat Ninja", 10, 10),
    "fairy": ("Fairy Goat Mother", 10, 10),
    "tgoat": ("Friendly T-Goat", 10, 10),
    "ghoast": ("Gleeful Ghoast", 10, 5),
    "ladypug": ("Ladypug", 10, 5),
    "foodie": ("Foodie Goat", 10, 5),
    "baby": ("Fainting Baby Goat", 10, 5),
}
#: id -> (printed name, copies in the box)
_ACTIONS = {
    "escape": ("Escape Goat", 3),
    "sneak": ("Sneak-A-Goat", 2),
    "russian": ("Russian Goatlette", 2),
    "rain": ("Raining Fire-Goats", 2),
    "hypno": ("Hypnotized Goat", 2),
    "santy": ("Santy Goat", 1),
    "loaf": ("Loaf of Goat", 1),
    "flower": ("Flower Goatee", 1),
    "atomic": ("Atomic Goat", 1),
    "hood": ("Goatinhood", 1),
}

WILDS: tuple[str, ...] = tuple(_WILDS)
GOATS: tuple[str, ...] = tuple(_GOATS)
ACTIONS: tuple[str, ...] = tuple(_ACTIONS)
#: every card id, in the order hands and piles are sorted: wilds, goats by value, actions
CARD_IDS: tuple[str, ...] = WILDS + GOATS + ACTIONS
#: sort key for hands
ORDER: dict[str, int] = {card: i for i, card in enumerate(CARD_IDS)}
#: goat and wild cards: what a hand may hold
HAND_CARDS: tuple[str, ...] = WILDS + GOATS

NAMES: dict[str, str] = {**{k: v[0] for k, v in _WILDS.items()},
                         **{k: v[0] for k, v in _GOATS.items()},
                         **{k: v[0] for k, v in _ACTIONS.items()}}
COUNTS: dict[str, int] = {**{k: v[1] for k, v in _WILDS.items()},
                          **{k: v[1] for k, v in _GOATS.items()},
                          **{k: v[1] for k, v in _ACTIONS.items()}}
#: the names the board writes on a card (the printed name is its tooltip): lessons say these
SHORT_NAMES: dict[str, str] = {
    **NAMES, "goatini": "Goatini", "corn": "Goat-a-Corn", "dragon": "Dragon Goat",
    "fairy": "Fairy Goat", "tgoat": "T-Goat", "ghoast": "Ghoast", "baby": "Baby Goat",
}
#: shorter still, on a stack of that goat ("the Corn stack")
STACK_NAMES: dict[str, str] = {
    "corn": "Corn", "dragon": "Dragon", "kraken": "Kraken", "ninja": "Ninja", "fairy": "Fairy",
    "tgoat": "T-Goat", "ghoast": "Ghoast", "ladypug": "Ladypug", "foodie": "Foodie",
    "baby": "Baby",
}
#: GL-R2 (a variant option): points per goat and wild card; action cards score nothing
DEFAULT_VALUES: dict[str, int] = {**{k: v[2] for k, v in _WILDS.items()},
                                  **{k: v[2] for k, v in _GOATS.items()}}
#: GL-R3 (a variant option): extra plays each action card gives (Escape Goat only reacts)
DEFAULT_EXTRA_PLAYS: dict[str, int] = {
    "flower": 2, "santy": 1, "hood": 1, "hypno": 1, "sneak": 1, "rain": 1,
    "atomic": 0, "loaf": 0, "russian": 0,
}
#: cards drawn by playing the card (from the rulebook's own card texts)
DRAWS: dict[str, int] = {"flower": 1, "santy": 2}
#: action cards aimed at one other player (GL-R33)
TARGETED: frozenset[str] = frozenset({"atomic", "hypno", "loaf", "sneak"})
#: action cards that Escape Goat can't cancel (GL-R14)
UNSTOPPABLE: frozenset[str] = frozenset({"hood", "rain", "russian"})

IS_WILD = frozenset(WILDS)
IS_GOAT = frozenset(GOATS)
IS_ACTION = frozenset(ACTIONS)


def full_deck() -> Counter:
    """All 126 cards, counted by id (GL-R1)."""
    return Counter(COUNTS)


def deck_list(action_cards: bool = True) -> list[str]:
    """The cards shuffled into the draw pile (without action cards in that variant)."""
    return [card for card in CARD_IDS for _ in range(COUNTS[card])
            if action_cards or card not in IS_ACTION]


def card_name(card: str) -> str:
    """The printed name of a card id: ``card_name("tgoat") == "Friendly T-Goat"``."""
    return NAMES.get(card, card)


def plural(card: str, n: int) -> str:
    """``"2 Goat Ninja cards"``, ``"a Goat Lord"``."""
    name = NAMES.get(card, card)
    if n == 1:
        return f"{'an' if name[0] in 'AEIOU' else 'a'} {name}"
    return f"{n} {name} cards"


def stack_kind(stack: list[str]) -> str:
    """The one goat kind in a stack (a wild takes its pair's kind, GL-R34).

        >>> stack_kind(["lord", "ninja", "ninja"])
        'ninja'
    """
    for card in stack:
        if card in IS_GOAT:
            return card
    raise ValueError("a stack holds no goat card")
