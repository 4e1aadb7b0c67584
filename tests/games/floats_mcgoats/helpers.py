"""What several of Floats McGoats' test files share (``tests/games/floats_mcgoats/``): named
sticks, a preset roll, winning positions (rulings in ``../shared/rules/floats_mcgoats.rulings.md``).
"""

from __future__ import annotations

from goatwidgets.games.floats_mcgoats import position


CLOSER = "0,1-1,0"                          # closes the centre triangle 0,0u
#: the sticks that (with the anchors) enclose 0,-1d and -1,0d, the other two anchor spots
BELOW = ["0,0-1,-1", "1,-1-1,0"]            # 0,-1d
LEFT = ["-1,1-0,0", "-1,1-0,1"]             # -1,0d


def roll(s, face: str) -> None:
    """Roll the die with ``face`` preset (FM-R9)."""
    s.preset(die=[face])
    s.apply("roll")
    assert s.history[-1]["chance"] == [f"die={face}"]


FIVE_FOR_P0 = {"0,0u": (0, "mama", "baby"), "0,-1d": (0, "mama", "mama")}


def rolled(face: str, **kwargs):
    s = position(**kwargs)
    roll(s, face)
    return s


def won():
    s = position(sticks=[CLOSER, *BELOW, *LEFT], goats=FIVE_FOR_P0)
    s.apply("mama -1,0d")
    assert s.winners == (0,)
    return s
