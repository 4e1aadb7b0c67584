"""Rating the bots: every level of the ladder against every other, in seeded games.

    >>> from goatwidgets.games import goat_lords as game
    >>> table = round_robin(game, levels=("random", "casual"), games=4, executor="serial")
    >>> row = table[0]
    >>> row["a"], row["b"], row["games"], 0 <= row["share"] <= 1
    ('casual', 'random', 4, True)

In a pairing, bot ``a`` takes one seat and bot ``b`` every other; ``a``'s seat moves round the
table from game to game (seat 0 in the first game, seat 1 in the next…), so no seat's advantage
counts for either. ``share`` is ``a``'s share of the wins (a win shared by two counts one half),
``fair`` what it would be if the bots were equally strong (1 / players), and ``low``/``high`` the
95 % interval of the share (:func:`.simulation.interval`).
"""

from __future__ import annotations

from concurrent.futures import Executor
from importlib import import_module
from typing import Callable, Sequence, Union

from .bots import LADDER
from .estimate import win_share
from .simulation import batch_size, interval, play, run_batches, workers

#: bots are tuned on seeds below ``TUNING_END``; their strength is reported from seeds
#: ``HELD_OUT`` on, never used in tuning (the README's table, ``pytest --long``'s strength test,
#: ``bench --only ladder``): a figure from the seeds a bot was tuned on flatters it (issue 33)
TUNING_END = 1_000_000
HELD_OUT = 20_000_000


def _pairing(module: str, a: str, b: str, players: int, seeds: Sequence[int],
             variants: dict) -> list[float]:
    """``a``'s share of the win in each of these games (``a`` in seat ``seed % players``)."""
    game = import_module(module)
    out = []
    for seed in seeds:
        seat = seed % players
        bots = [a if s == seat else b for s in range(players)]
        winners = play(game, players=players, seed=seed, bots=bots, **variants)["winners"]
        out.append(win_share(winners, seat))
    return out


def _batches(game, a: str, b: str, players: int, games: int, seed: int, width: int,
             variants: dict) -> list[tuple]:
    """The batches of one pairing's games for :func:`.simulation.run_batches`."""
    size = batch_size(games, width, most=20)
    return [(game.__name__, a, b, players, range(s, min(s + size, seed + games)), variants)
            for s in range(seed, seed + games, size)]


def _row(game, a: str, b: str, players: int, shares: Sequence[float]) -> dict:
    games = len(shares)
    won = sum(shares)
    low, high = interval(round(won), games)
    return {"game": game.__name__.rsplit(".", 1)[-1], "players": players, "a": a, "b": b,
            "games": games, "share": won / games, "fair": 1 / players, "low": low, "high": high}


def pairing(game, a: str, b: str, players: int = 2, games: int = 100, seed: int = 0,
            executor: Union[Executor, str, None] = None, budget=None, **variants) -> dict:
    """Bot ``a`` against bot ``b`` in ``games`` seeded games: ``a``'s share of the wins, the
    same on any executor (see :mod:`.simulation`); ``budget`` (an :class:`.estimate.Budget`)
    for the bots that search (``Budget(300, None)``: trials only, the same on any machine)."""
    if budget is not None:
        variants = {**variants, "budget": budget}
    batches = _batches(game, a, b, players, games, seed, workers(executor), variants)
    return _row(game, a, b, players, run_batches(_pairing, batches, executor, games))


def round_robin(game, levels: Sequence[str] = LADDER, players: int = 2, games: int = 100,
                seed: int = 0, executor: Union[Executor, str, None] = None,
                progress: Callable[[int, int], None] | None = None,
                **variants) -> list[dict]:
    """Every level against every weaker one (``levels`` weakest first): a row per pairing,
    the stronger bot as ``a``, strongest pairings first; each row as :func:`pairing` gives it.
    All the pairings' games go to ``executor`` together (one pool for the whole table, the
    strongest and slowest pairings first), ``progress(done, total)`` as they finish."""
    pairs = [(levels[i], levels[j]) for i in reversed(range(len(levels)))
             for j in reversed(range(i))]
    width = workers(executor)
    batches = [batch for a, b in pairs
               for batch in _batches(game, a, b, players, games, seed, width, variants)]
    shares = run_batches(_pairing, batches, executor, games * len(pairs), progress)
    return [_row(game, a, b, players, shares[k * games:(k + 1) * games])
            for k, (a, b) in enumerate(pairs)]


def table_text(rows: Sequence[dict]) -> str:
    """The rows as a plain text table: "casual vs random  2p  100 games  78 % (69-85 %)"."""
    lines = []
    for r in rows:
        lines.append(f"{r['game']:15s} {r['a']:>8s} vs {r['b']:<8s} {r['players']}p "
                     f"{r['games']:4d} games  {100 * r['share']:3.0f} % "
                     f"({100 * r['low']:.0f}-{100 * r['high']:.0f} %; fair {100 * r['fair']:.0f} %)")
    return "\n".join(lines)
