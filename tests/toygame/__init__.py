"""Goat Auction: a small test game (not a product game) that proves the spine.

It has everything the card games need from the engine, in ~200 lines:

- **hidden hands** dealt from an engine deck (2-4 seats, 3 cards each);
- a **simultaneous secret choice**: every seat with cards bids one card at once; nobody sees
  another bid until all have bid; the highest card wins the round and scores a point;
- an **off-turn response**: the round's winner may ask another seat for a card, and that seat
  (whose turn it is not) chooses which card to give.

First to 3 points wins; after ``max_rounds`` rounds the highest score wins (ties share).

    >>> s = new_game(players=3, seed=1)
    >>> s.deciders, s.to_move                  # everyone bids at once
    ((0, 1, 2), None)
    >>> s.apply(s.legal_actions(0)[0], seat=0)
    >>> s.deciders, s.view(1)["chosen"], "my_choice" in s.view(1)
    ((1, 2), [0], False)
"""

from .rules import CARDS, GoatAuction, new_game, position

State = GoatAuction
OUR_READINGS: dict[str, str] = {}

__all__ = ["CARDS", "GoatAuction", "State", "new_game", "position", "OUR_READINGS"]
