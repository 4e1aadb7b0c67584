"""The games every shared suite runs over: the package's registry plus the test game.

A game is covered by the contract, property, information, hostile-input, widget-message and
notebook suites the day it is registered in ``goatwidgets/games/registry.json``.
"""

from __future__ import annotations

from goatwidgets.games import REGISTRY, GameInfo

TEST_GAME = GameInfo(
    id="goat_auction", title="Goat Auction (test game)",
    summary="hidden hands, a secret simultaneous bid, an off-turn answer",
    players=(2, 4), module_path="tests.toygame", widget_path="tests.toygame.widget:GoatAuctionWidget",
    lesson_path="", notebook="", js="")

GAMES: list[GameInfo] = [*REGISTRY.values(), TEST_GAME]
GAME_IDS = [g.id for g in GAMES]
#: (game, player count) for every player count every game allows
GAME_COUNTS = [(g, n) for g in GAMES for n in g.player_counts]
GAME_COUNT_IDS = [f"{g.id}-{n}p" for g, n in GAME_COUNTS]
