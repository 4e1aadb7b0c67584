"""Play many bot games and collect what happened.

    >>> from goatwidgets.games import floats_mcgoats as game
    >>> results = simulate(game, games=3, players=2, seed=0)
    >>> len(results), sorted(results[0])
    (3, ['decisions', 'players', 'scores', 'seed', 'turns', 'winners'])

``progress`` is called as ``progress(done, total)`` as games finish (the notebooks pass a
progress bar; see ``goatwidgets.simulate``). A count out of a number of games is said with its
uncertainty by :func:`share` (an experiment's result is never a bare percentage).

The games can run on any ``concurrent.futures.Executor`` (``executor=``): by default one
process per core where there are several cores and enough games, else here, one after another.
Every game is a pure function of its seed and settings, so the results are the same, in the same
order, on any executor: a Dask cluster's ``client.get_executor()`` included::

    >>> from concurrent.futures import ThreadPoolExecutor
    >>> with ThreadPoolExecutor(2) as pool:
    ...     spread = simulate(game, games=4, seed=7, executor=pool)
    >>> spread == simulate(game, games=4, seed=7, executor="serial")
    True

On a cluster (``pip install goatwidgets[dask]``)::

    from dask.distributed import Client
    client = Client("scheduler-address:8786")       # or Client() for a cluster on this machine
    results = simulate(game, games=100_000, bots=["strong", "casual"],
                       executor=client.get_executor())

The games go out in batches (a few per worker, so that a slow batch does not keep the others
waiting); the batches' size never changes a result. ``estimate_many`` runs a batch of searches
(:class:`.estimate.Search`, a budget in trials) the same way, and the ladder's ``pairing`` and
``round_robin`` (:mod:`.ladder`) take an executor too.

One caveat: the ``strong`` bot also stops a search after 900 ms (its ``Budget``). The cap
binds only on a machine several times slower or busier than this one (the benchmark gives the
times); then a game with a ``strong`` seat may differ from its serial run. ``budget=Budget(300,
None)`` (``play``, ``pairing``) counts trials only: the same games on any machine.
"""

from __future__ import annotations

import math
import os
import sys
from concurrent.futures import Executor, ProcessPoolExecutor, as_completed
from importlib import import_module
from typing import Callable, Sequence, Union

from .estimate import Estimate, Search
from .state import State
from .table import Table

#: with fewer games than this per core, the default runs them here (starting processes costs
#: more than it saves)
GAMES_PER_CORE = 8


def play(game, players: int = 2, seed: int = 0, bots: str | Sequence[str] = "random",
         budget=None, **variants) -> dict:
    """Play one game to the end with bots in every seat and return its summary; ``budget``
    (an :class:`.estimate.Budget`) for the bots that search."""
    names = [bots] * players if isinstance(bots, str) else list(bots)
    if len(names) != players:
        raise ValueError(f"need {players} bot names, got {len(names)}")
    table = Table(game.new_game(players=players, seed=seed, **variants),
                  bots=dict(enumerate(names)), budget=budget).play_out()
    state = table.state
    decisions = len(state.history)
    return {
        "seed": seed,
        "players": players,
        "winners": tuple(state.winners),
        "scores": tuple(state.scores),
        "turns": getattr(state, "turn", None),
        "decisions": decisions,
    }


def _play_many(module: str, seeds: Sequence[int], players: int, bots, variants: dict) -> list:
    """Games with these seeds (what one worker runs: the game's module by name, so that any
    executor can send it)."""
    game = import_module(module)
    return [play(game, players=players, seed=s, bots=bots, **variants) for s in seeds]


def cores() -> int:
    """The cores this process may use (1 in a browser's Python, where there are no processes)."""
    if sys.platform == "emscripten":
        return 1
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def workers(executor: Union[Executor, str, None]) -> int:
    """How many items ``executor`` runs at once, as far as it says: a pool's workers, a Dask
    client's threads (its executor's ``_client``), 1 for ``"serial"``; the cores here for None
    (the default pool) and for an executor that does not say.

        >>> from concurrent.futures import ThreadPoolExecutor
        >>> with ThreadPoolExecutor(3) as pool:
        ...     workers(pool), workers("serial")
        (3, 1)
    """
    if executor == "serial":
        return 1
    count = getattr(executor, "_max_workers", None)          # the standard library's pools
    if count is None and hasattr(executor, "_client"):      # distributed's ClientExecutor
        try:
            count = sum(executor._client.nthreads().values())
        except Exception:                                   # a client not (yet) connected
            count = None
    return max(1, int(count)) if count else cores()


def batch_size(items: int, width: int, most: int) -> int:
    """Items per batch: about four batches per worker (``width``), at most ``most`` items.

        >>> batch_size(400, 2, 50), batch_size(1000, 64, 50), batch_size(3, 2, 50)
        (50, 3, 1)
    """
    return max(1, min(most, items // (4 * width) or 1))


def run_batches(work: Callable, batches: Sequence[tuple], executor: Union[Executor, str, None],
                total: int, progress: Callable[[int, int], None] | None = None) -> list:
    """``work(*batch)`` for every batch, on ``executor`` (an Executor, ``"serial"``, or None:
    a process per core when each core gets ``GAMES_PER_CORE`` or more items, else serial);
    each batch returns a list; the lists are joined in the batches' order. ``progress(done,
    total)`` counts the items of finished batches. ``work`` must be a module's function (a
    process or a cluster's worker finds it by name)."""
    if executor is None:
        count = cores()
        if count > 1 and total >= GAMES_PER_CORE * count:
            with ProcessPoolExecutor(count) as pool:
                return run_batches(work, batches, pool, total, progress)
        executor = "serial"
    results: list = [None] * len(batches)
    done = 0
    if executor == "serial":
        for i, batch in enumerate(batches):
            results[i] = work(*batch)
            done += len(results[i])
            if progress is not None:
                progress(done, total)
    elif isinstance(executor, Executor):
        futures = {executor.submit(work, *batch): i for i, batch in enumerate(batches)}
        for future in as_completed(futures):
            results[futures[future]] = future.result()
            done += len(results[futures[future]])
            if progress is not None:
                progress(done, total)
    else:
        raise ValueError(f"executor must be a concurrent.futures.Executor, 'serial' or None, "
                         f"not {type(executor).__name__}")
    return [item for part in results for item in part]


def simulate(game, games: int = 1000, players: int = 2, seed: int = 0,
             bots: str | Sequence[str] = "random",
             progress: Callable[[int, int], None] | None = None,
             executor: Union[Executor, str, None] = None, **variants) -> list[dict]:
    """Play ``games`` seeded bot games (seeds ``seed``, ``seed + 1``, …), on ``executor``
    (see the module's text); the results in seed order."""
    bots = bots if isinstance(bots, str) else list(bots)
    size = batch_size(games, workers(executor), most=50)
    batches = [(game.__name__, range(start, min(start + size, seed + games)), players, bots,
                variants) for start in range(seed, seed + games, size)]
    return run_batches(_play_many, batches, executor, games, progress)


def _estimate_many(jobs: Sequence[tuple[State, int, int]], iterations: int,
                   depth: int | None) -> list[Estimate]:
    """A search for each ``(state, seat, seed)`` (what one worker runs)."""
    return [Search(state, seat, seed=seed, depth=depth).run(iterations=iterations)
            for state, seat, seed in jobs]


def estimate_many(positions: Sequence[tuple[State, int]], iterations: int = 300, seed: int = 0,
                  depth: int | None = None, executor: Union[Executor, str, None] = None,
                  progress: Callable[[int, int], None] | None = None) -> list[Estimate]:
    """A :class:`.estimate.Search` for each ``(state, seat)`` of ``positions`` (the ``i``-th
    seeded ``seed + i``, ``iterations`` trials: a budget in trials, so that any executor finds
    the same), on ``executor`` as :func:`simulate`; the estimates in the positions' order. Only
    each estimate's ``ms`` (the time its search took) differs from run to run. The states are
    sent to the workers as they are (pickled) and never changed.

        >>> from goatwidgets.games import goat_lords as game
        >>> s = game.new_game(players=2, seed=4)
        >>> found = estimate_many([(s, 0), (s, 0)], iterations=20, seed=5, executor="serial")
        >>> alone = Search(s, 0, seed=5).run(iterations=20).to_dict()["choices"]
        >>> [e.iterations for e in found], found[0].to_dict()["choices"] == alone
        ([20, 20], True)
    """
    jobs = [(state, seat, seed + i) for i, (state, seat) in enumerate(positions)]
    size = batch_size(len(jobs), workers(executor), most=10)
    batches = [(jobs[k:k + size], iterations, depth) for k in range(0, len(jobs), size)]
    return run_batches(_estimate_many, batches, executor, len(jobs), progress)


def interval(hits: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % (Wilson score) interval of a share: ``hits`` out of ``games``. Fine for
    small counts and for 0 or all, where the plain "p ± 2 standard errors" is not.

        >>> [round(x, 3) for x in interval(58, 100)]
        [0.482, 0.672]
        >>> interval(0, 0)
        (0.0, 1.0)
    """
    if games <= 0:
        return 0.0, 1.0
    p = hits / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def share(hits: int, games: int, what: str = "games") -> str:
    """``hits`` out of ``games`` in words, with how uncertain it is: the range that would
    hold the true share in 95 of 100 such experiments.

        >>> share(58, 100)
        '58 of 100 games (58 %; with this many games, somewhere between 48 % and 67 %)'
        >>> share(1, 1, "duels")
        '1 of 1 duels (100 %; with this many duels, somewhere between 21 % and 100 %)'
    """
    low, high = interval(hits, games)
    pct = 100 * hits / games if games else 0
    return (f"{hits} of {games} {what} ({pct:.0f} %; with this many {what}, somewhere between "
            f"{100 * low:.0f} % and {100 * high:.0f} %)")
