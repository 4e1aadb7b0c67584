"""What several of Gruff Goats' test files share (``tests/games/gruff_goats/``): one card of
each suit, the goats waiting to go back, and the search's quick choice as text (rulings in
``../shared/rules/gruff_goats.rulings.md``).
"""

from __future__ import annotations

import random

from tests.games.checks import legal


RAINBOW = "CDHS"                          # one of each suit


def waiting(s) -> list[list]:
    """The goats waiting to be put back, as the save writes them: ``[seat, size]`` pairs."""
    return [list(goat) for goat in s.placing]


def quick(s, seat=None, seed=0) -> str:
    seat = s.deciders[0] if seat is None else seat
    action = s.quick_choice(seat, random.Random(seed))
    assert str(action) in legal(s, seat)
    return str(action)
