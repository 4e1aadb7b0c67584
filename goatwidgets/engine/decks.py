"""Decks of cards: a draw pile and a discard pile, shuffled by the game's seeded chance.

A deck holds card *names* (strings). The top of the draw pile is the end of ``pile``. A deck
never touches a random generator itself: the state that owns it shuffles and draws
(:meth:`goatwidgets.engine.State.draw_card`), so presets and the seed apply to cards as they do
to dice.

    >>> deck = Deck("draw", ["Wheat Field", "Coffee Bush", "Thicket"])
    >>> deck.count, deck.discards
    (3, [])
    >>> deck.discard("Thicket"); deck.discards
    ['Thicket']
    >>> Deck.from_data(deck.to_data()) == deck
    True

What a deck holds is never part of a view: a game shows ``deck.count`` and, where the rules
make it public, the top discard.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field


@dataclass
class Deck:
    """One named deck: ``pile`` (face down, top last) and ``discards`` (face up, top last)."""

    name: str
    pile: list[str] = field(default_factory=list)
    discards: list[str] = field(default_factory=list)
    #: draw_card turns the discards into a new shuffled pile when the pile runs out
    reshuffle: bool = True

    @property
    def count(self) -> int:
        """Cards left in the draw pile."""
        return len(self.pile)

    def discard(self, card: str) -> None:
        """Put ``card`` face up on the discard pile."""
        self.discards.append(card)

    def cards(self) -> Counter:
        """Every card in this deck (pile and discards), counted by name."""
        return Counter(self.pile) + Counter(self.discards)

    def to_data(self) -> dict:
        return {"name": self.name, "pile": list(self.pile), "discards": list(self.discards),
                "reshuffle": self.reshuffle}

    @classmethod
    def from_data(cls, data: dict) -> "Deck":
        """The deck ``to_data`` described; ``ValueError`` naming the part that is wrong."""
        if not isinstance(data, dict) or not isinstance(data.get("name"), str):
            raise ValueError("a deck must be an object with 'name', 'pile' and 'discards'")
        name = data["name"]
        pile, discards = data.get("pile"), data.get("discards")
        for label, cards in (("pile", pile), ("discards", discards)):
            if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
                raise ValueError(f"deck {name!r}: {label} must be a list of card names")
        return cls(str(name), list(pile), list(discards), bool(data.get("reshuffle", True)))
