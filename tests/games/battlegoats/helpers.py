"""What several of BattleGoats' test files share (``tests/games/battlegoats/``): playing the
secret draft and layout for every seat, a fight, a card's power, a duel position and the
heuristic's army weights written out (rulings in ``../shared/rules/battlegoats.rulings.md``).
"""

from __future__ import annotations

from goatwidgets.games.battlegoats import SQUARES, position


def everyone(s, pick=lambda legal: legal[0]):
    """Every seat still deciding in a simultaneous round chooses."""
    for seat in list(s.deciders):
        s.apply(pick(s.legal_actions(seat)), seat=seat)


def lay_out(s):
    while s.phase == "layout":
        everyone(s)


def fight(s, mine, target):
    """The attacker's two decisions (BG-X10): its card, then the card it attacks."""
    s.apply(f"attack {mine}")
    s.apply(f"target {target}")


def power(s, seat, square, against=None):
    i = SQUARES.index(square)
    target = None if against is None else (against[0], SQUARES.index(against[1]))
    return sum(t["value"] for t in s.terms(seat, i, against=target))


def _duel(names=("Ana", "Bo"), **options):
    """Ana's Cliff Climber (5) and Pasture Pal against Bo's last card, a Pasture Pal (3)."""
    return position(fields=[{"f1": "climber", "f2": "pasturepal"}, {"b2": "pasturepal"}],
                    names=list(names), **options)
