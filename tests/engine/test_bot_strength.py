"""The ladder's order, measured (issue 26): each level beats the one below it in two-player
games of every game, ``strong`` beats ``casual`` (which is ``greedy``).

Under ``--long`` every pairing plays the README's two-player table again: the same seeds
(from ``HELD_OUT``, never used in tuning a bot, issue 33), the same number of games
(``HELD_OUT_GAMES``), so the same figures, on a pool of processes; each step must win >= 60 %
with the 95 % interval above 50 %, except a shortfall the README states (``SHORTFALLS``), which
must still be clearly above an even share. The default run plays a seeded sample of the quick
pairings (20 games from seed 0: the stronger level must win most of them) and leaves
``strong`` (0.5-13 s a game) to ``--long``.

The strong bot's 900 ms cap is lifted here (``Budget(300, None)``): its figures count trials,
not milliseconds, so they are the same on a busy machine as on an idle one.
"""

from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor

import pytest

from goatwidgets.engine.estimate import Budget
from goatwidgets.engine.ladder import HELD_OUT, pairing
from tests.registry import GAMES

LONG = bool(os.environ.get("GOATWIDGETS_LONG"))
#: each level and the one below it, weakest first
STEPS = [("beginner", "random"), ("casual", "beginner")] + ([("strong", "casual")] if LONG else [])
REAL = [info for info in GAMES if info.id != "goat_auction"]     # not the toy game
#: the README's table: games a pairing (the strong bots' games are the slow ones)
HELD_OUT_GAMES = {("battlegoats", "strong"): 1000, ("grab_your_goat", "strong"): 200,
                  ("goat_lords", "strong"): 150, ("gruff_goats", "strong"): 200}
#: steps the README says fall short of 60 % on held-out seeds, with their figure
SHORTFALLS = {("battlegoats", "casual"): "57 % (52-62 %) of 400"}


@pytest.mark.parametrize("above,below", STEPS, ids=[f"{a}-{b}" for a, b in STEPS])
@pytest.mark.parametrize("info", REAL, ids=[i.id for i in REAL])
def test_each_level_beats_the_one_below_in_two_player_games(info, above, below):
    if LONG:
        games = HELD_OUT_GAMES.get((info.id, above), 400)
        with ProcessPoolExecutor(os.cpu_count()) as pool:
            row = pairing(info.module, above, below, players=2, games=games, seed=HELD_OUT,
                          executor=pool, budget=Budget(300, None))
    else:
        games = 20
        row = pairing(info.module, above, below, players=2, games=games, seed=0,
                      executor="serial", budget=Budget(300, None))
    said = (f"{info.id}: {above} won {100 * row['share']:.0f} % of {games} games against "
            f"{below} ({100 * row['low']:.0f}-{100 * row['high']:.0f} %)")
    if LONG and (info.id, above) in SHORTFALLS:
        assert row["low"] > 0.5, said                # stronger, but not by 60 % (the README)
    elif LONG:
        assert row["share"] >= 0.6 and row["low"] > 0.5, said
    else:
        assert row["share"] > 0.5, said
