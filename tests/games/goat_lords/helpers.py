"""What several of Goat Lords' test files share (``tests/games/goat_lords/``): named seats,
the position builder with them (``P``), a duel and a hand of cards, and positions mid-duel,
under Raining Fire Goats and at the end of a round (rulings in
``../shared/rules/goat_lords.rulings.md``).
"""

from __future__ import annotations

from goatwidgets.games import goat_lords


NAMES = ["Ana", "Bo", "Cy", "Di", "Ed", "Flo"]


def P(players: int = 2, names=None, **kw):
    """A position with named seats (Ana, Bo, … unless ``names`` says otherwise)."""
    return goat_lords.position(players=players, names=names or NAMES[:players], **kw)


DUEL = dict(herds=[["fairy fairy"], ["ladypug ladypug", "ninja ninja"]],
            hands=[["lord", "ninja", "ninja", "foodie", "kraken"],
                   ["goatini", "tgoat", "tgoat", "baby", "baby"]])


CARDS = dict(hands=[["ninja", "fairy"], ["baby", "corn"], ["tgoat"]],
             herds=[["tgoat tgoat"], ["foodie foodie", "kraken lord"], ["ghoast ghoast"]])


def _mid_duel():
    s = P(**DUEL)
    s.apply("duel 1 ninja")
    return s


def _rain_picks():
    s = P(4, actions=[["rain"], [], [], []], herds=[["baby baby"], [], [], []],
          hands=[["ninja", "fairy"], ["tgoat", "lord"], ["kraken"], ["foodie", "foodie"]])
    s.apply("rain")
    return s


def _take_pick():
    s = P(3, actions=[["hypno"], [], []], hypnotized="choose", **CARDS)
    s.apply("hypno 1")
    return s


def _one_round_over():
    s = P(hands=[["ninja"], []], herds=[["corn lord"], ["baby baby"]], pile=[],
          reshuffle_used=True)
    s.apply("discard ninja")
    return s


HOSTILE = [None, 10**5000, -1, True, 1.5, "x", "a\ud800", ["ninja"] * 100_000, {"a": 1}]
