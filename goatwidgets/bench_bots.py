"""The bots' benchmarks, printed by ``python -m goatwidgets.bench`` (issue 26): what a
simulation gains from more cores, and how long each level of the ladder takes to decide.

**Executors.** The same seeded batch of games (by default Goat Lords, ``casual`` against
``random``) serially, on a process pool (one process per core) and on a Dask ``LocalCluster``
(one worker process per core, one thread each; skipped if ``dask.distributed`` is not
installed), each timed ``repeats`` times in turn, the best time kept (other people's programs
share the cores: the load average is printed before and after). The pool's time includes
starting it; the cluster's start is timed apart. Every run must give the serial run's results.

**Decision time.** For each game (2 players) a seeded sample of positions from real games
(``casual`` bots in every seat; only decisions with more than one legal action, the ones a bot
thinks about), and each level's ``choose`` timed on the same positions in this one process (one
core): p50, p95 and max milliseconds. The ``strong`` level searches ~300 trials, stopped at
900 ms; its budget is p95 <= 1 s.

**Review time.** For each game a seeded two-player game of ``casual`` bots, played to its end,
and :func:`goatwidgets.engine.review.review` of seat 0 at the Review widget's budget (200
trials a decision): serially (one core: JupyterLite's case) and on a process pool of one
process per core (the pool's start included), with how many decisions it graded.

``decision_times`` returns plain data that :func:`decision_report` prints, so the same
measurement run in JupyterLite's Python (Pyodide) can be saved as JSON to
``.bench/decisions-jupyterlite.json`` (``{"when": ..., "where": ..., "games": {game: {level:
{"n", "p50_ms", "p95_ms", "max_ms"}}}}``) and is printed beside the CPython table.
"""

from __future__ import annotations

import json
import logging
import os
import pathlib
import random
import time
from concurrent.futures import ProcessPoolExecutor
from importlib import import_module
from typing import Sequence

from .engine.bots import LADDER, make_bot
from .engine.estimate import Budget
from .engine.ladder import HELD_OUT, pairing, table_text
from .engine.review import review
from .engine.simulation import cores, simulate
from .engine.table import Table
from .games import GAMES

#: the strong level's budget: p95 of one decision, in ms, on one core (issue 26)
STRONG_P95_BUDGET_MS = 1000.0
#: a whole game's review, seconds on 2 cores (issue 27)
REVIEW_BUDGET_S = 30.0
#: target speed-up of a simulation on two cores
SPEEDUP_TARGET = 1.7
LITE_RESULTS = (pathlib.Path(os.environ.get("GOATWIDGETS_BENCH_DIR", ".bench"))
                / "decisions-jupyterlite.json")


def load() -> str:
    """The machine's load average (1, 5, 15 minutes) and its cores, for the record."""
    try:
        one, five, fifteen = os.getloadavg()
    except (AttributeError, OSError):
        return "load: unknown"
    return f"load {one:.2f}, {five:.2f}, {fifteen:.2f} on {os.cpu_count()} cores"


def percentile(values: Sequence[float], q: float) -> float:
    """The value below which a share ``q`` of the values lie (nearest rank).

    >>> percentile([5, 1, 4, 2, 3], 0.5), percentile(range(100), 0.95)
    (3, 95)
    """
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


# ---------------------------------------------------------------------------- executors

def _dask():
    """``dask.distributed``, or None where it is not installed (``goatwidgets[dask]``)."""
    try:
        return import_module("dask.distributed")
    except ImportError:
        return None


def _process_cpu(pid: int) -> float | None:
    """CPU seconds (user + system) process ``pid`` has used so far (Linux's /proc), or None."""
    try:
        fields = pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError, AttributeError):
        return None


def _worker_cpu() -> float:
    """CPU seconds of the process it runs in (sent to each Dask worker)."""
    return time.process_time()


def speedup(game: str = "goat_lords", games: int = 200, bots: Sequence[str] = ("casual", "random"),
            repeats: int = 3, workers: int | None = None, use_dask: bool = True) -> dict:
    """Seconds for ``games`` seeded games serially, on a process pool and on a Dask
    ``LocalCluster`` of ``workers`` (default: the cores), the best of ``repeats`` runs each
    (taken in turn), and whether every run gave the serial results.

    Wall time is what a user waits, but on a shared machine it also counts the others' work;
    so each run's CPU seconds are counted too (``*_cpu``: the serial process; each pool process
    or Dask worker, overheads included), and ``*_busiest`` is the busiest worker's: the time
    the run would take on cores of its own (the serial CPU over it is the speed-up idle cores
    would give: how well the work is shared out, less what the executor costs)."""
    module = import_module(f"goatwidgets.games.{game}")
    workers = workers or cores()
    bots = list(bots)
    times: dict[str, list[float]] = {"serial": [], "pool": [], "dask": []}
    cpu: dict[str, list[list[float]]] = {"serial": [], "pool": [], "dask": []}
    out = {"game": game, "games": games, "bots": bots, "workers": workers, "repeats": repeats,
           "load_before": load(), "same": True, "dask": None}
    distributed = _dask() if use_dask else None
    cluster = client = None
    if distributed is not None:
        t0 = time.perf_counter()
        cluster = distributed.LocalCluster(n_workers=workers, threads_per_worker=1,
                                           processes=True, dashboard_address=None,
                                           silence_logs=logging.ERROR)
        client = distributed.Client(cluster)
        out["dask_start_s"] = time.perf_counter() - t0
        out["dask"] = getattr(import_module("distributed"), "__version__", "?")
    try:
        expected = None
        for _ in range(repeats):
            c0, t0 = time.process_time(), time.perf_counter()
            results = simulate(module, games=games, bots=bots, executor="serial")
            times["serial"].append(time.perf_counter() - t0)
            cpu["serial"].append([time.process_time() - c0])
            expected = results if expected is None else expected
            out["same"] &= results == expected
            t0 = time.perf_counter()
            with ProcessPoolExecutor(workers) as pool:
                results = simulate(module, games=games, bots=bots, executor=pool)
                used = [_process_cpu(pid) for pid in list(pool._processes)]
            times["pool"].append(time.perf_counter() - t0)
            if used and None not in used:
                cpu["pool"].append(used)
            out["same"] &= results == expected
            if client is not None:
                before = client.run(_worker_cpu)
                t0 = time.perf_counter()
                results = simulate(module, games=games, bots=bots,
                                   executor=client.get_executor())
                times["dask"].append(time.perf_counter() - t0)
                after = client.run(_worker_cpu)
                cpu["dask"].append([after[w] - before[w] for w in after if w in before])
                out["same"] &= results == expected
    finally:
        if client is not None:
            client.close()
            cluster.close()
    for name, values in times.items():
        out[f"{name}_s"] = min(values) if values else None
        runs = cpu[name]
        best = min(runs, key=max) if runs else None      # the run whose busiest worker did least
        out[f"{name}_cpu"] = best
        out[f"{name}_busiest"] = max(best) if best else None
    out["load_after"] = load()
    return out


def speedup_report(r: dict) -> list[str]:
    """The executors' figures as printable lines.

    >>> r = {"game": "goat_lords", "games": 400, "bots": ["casual", "random"], "workers": 2,
    ...      "serial_s": 14.0, "pool_s": 7.4, "dask_s": 7.9, "dask_start_s": 1.2, "dask": "x",
    ...      "same": True, "load_before": "load 0.10", "load_after": "load 2.00",
    ...      "serial_cpu": [13.9], "serial_busiest": 13.9, "pool_cpu": [7.0, 7.1],
    ...      "pool_busiest": 7.1, "dask_cpu": [7.3, 7.2], "dask_busiest": 7.3}
    >>> print("\\n".join(speedup_report(r)))  # doctest: +NORMALIZE_WHITESPACE
    simulation speed-up: 400 games of goat_lords (casual vs random), best of 3 runs
      wall time, s      speed-up  CPU s per process    on idle cores
      serial                                      14.00            13.9
      process pool (2 processes)                   7.40  1.89x ok  7.0 + 7.1           1.96x
      Dask LocalCluster (2 workers x 1 thread)     7.90  1.77x ok  7.3 + 7.2           1.90x
      Dask cluster start 1.2 s (not counted); same results as serial: yes;
      load 0.10 before, load 2.00 after (target >= 1.7x)
    """
    serial = r["serial_s"]
    serial_cpu = r.get("serial_busiest")
    lines = [f"simulation speed-up: {r['games']} games of {r['game']} "
             f"({' vs '.join(r['bots'])}), best of {r.get('repeats', 3)} runs",
             f"  {'':42} {'wall time, s':12} {'speed-up':9} {'CPU s per process':19} "
             "on idle cores"]

    def row(name: str, key: str) -> str:
        seconds = r.get(f"{key}_s")
        if seconds is None:
            return f"  {name:42} -"
        ratio = serial / seconds
        verdict = "" if key == "serial" else (
            f"{ratio:.2f}x ok" if ratio >= SPEEDUP_TARGET else f"{ratio:.2f}x low")
        used = r.get(f"{key}_cpu")
        shares = " + ".join(f"{c:.1f}" for c in used) if used else "-"
        idle = ("" if key == "serial" or not used or not serial_cpu
                else f"{serial_cpu / max(used):.2f}x")
        return f"  {name:42} {seconds:6.2f}       {verdict:9} {shares:19} {idle}".rstrip()

    lines.append(row("serial", "serial"))
    lines.append(row(f"process pool ({r['workers']} processes)", "pool"))
    if r.get("dask") is None:
        lines.append(f"  {'Dask LocalCluster':42} - dask.distributed is not installed "
                     "(pip install goatwidgets[dask])")
        start = ""
    else:
        lines.append(row(f"Dask LocalCluster ({r['workers']} workers x 1 thread)", "dask"))
        start = f"Dask cluster start {r['dask_start_s']:.1f} s (not counted); "
    lines.append(f"  {start}same results as serial: {'yes' if r['same'] else 'NO'};")
    lines.append(f"  {r['load_before']} before, {r['load_after']} after "
                 f"(target >= {SPEEDUP_TARGET}x)")
    return lines


# ---------------------------------------------------------------------- decision times

def sample_positions(module, count: int, players: int = 2, seed: int = 0,
                     bots: str = "casual") -> list[tuple]:
    """``count`` seeded ``(state, seat)`` decisions with more than one legal action, drawn
    from games of ``bots`` in every seat (seeds ``seed``, ``seed + 1``, … until there are
    four times as many to draw from, at least two games); in the order they were played."""
    pool: list[tuple] = []
    game_seed = seed

    def keep(state, seat):
        if len(state.legal_actions(seat)) > 1:
            pool.append((len(pool), state.clone(), seat))

    while len(pool) < 4 * count or game_seed < seed + 2:
        Table(module.new_game(players=players, seed=game_seed), bots=bots).play_out(before=keep)
        game_seed += 1
        if game_seed > seed + 200:                         # a game with few choices
            break
    chosen = random.Random(seed).sample(pool, min(count, len(pool)))
    return [(state, seat) for _, state, seat in sorted(chosen, key=lambda p: p[0])]


def decision_times(module, levels: Sequence[str] = LADDER, counts: dict | None = None,
                   count: int = 200, players: int = 2, seed: int = 0) -> dict:
    """Per level, ``{"n", "p50_ms", "p95_ms", "max_ms"}`` of its ``choose`` over a seeded sample
    of decisions (:func:`sample_positions`): ``counts[level]`` of them (default ``count``),
    every level on the first ones of the same sample; ``cpu_p95_ms``: the p95 of the CPU time
    this process spent (what the wall time would be if nothing else ran).

        >>> from goatwidgets.games import floats_mcgoats as game
        >>> t = decision_times(game, levels=("random", "strong"), counts={"strong": 2}, count=3)
        >>> [(level, t[level]["n"]) for level in t], t["strong"]["p50_ms"] <= t["strong"]["max_ms"]
        ([('random', 3), ('strong', 2)], True)
    """
    counts = counts or {}
    wanted = {level: counts.get(level, count) for level in levels}
    positions = sample_positions(module, max(wanted.values()), players=players, seed=seed)
    random.Random(seed + 1).shuffle(positions)         # the first n: from the whole game
    out = {}
    for level in levels:
        bot = make_bot(level, seed=seed)
        ms, cpu_ms = [], []
        for state, seat in positions[:wanted[level]]:
            c0, t0 = time.process_time(), time.perf_counter()
            bot.choose(state, seat)
            ms.append(1000 * (time.perf_counter() - t0))
            cpu_ms.append(1000 * (time.process_time() - c0))
        out[level] = {"n": len(ms), "p50_ms": percentile(ms, 0.5),
                      "p95_ms": percentile(ms, 0.95), "max_ms": max(ms),
                      "cpu_p95_ms": percentile(cpu_ms, 0.95)}
    return out


def decision_report(data: dict, where: str) -> list[str]:
    """A table of decision times (``data["games"]``: game -> level -> figures) as lines; the
    strong level's p95 against its budget.

    >>> fig = {"n": 40, "p50_ms": 80.0, "p95_ms": 120.5, "max_ms": 300.0}
    >>> print("\\n".join(decision_report({"games": {"goat_lords": {"strong": fig}}}, "CPython")))
    ... # doctest: +NORMALIZE_WHITESPACE
    decision time per bot level, CPython, 2 players, ms p50 / p95 / max (decisions)
      game            strong
      goat_lords      80.0 / 120.5 / 300 (40) ok
    """
    games = data.get("games", {})
    levels = [level for level in LADDER if any(level in row for row in games.values())]
    lines = [f"decision time per bot level, {where}, 2 players, ms p50 / p95 / max (decisions)"]
    lines.append(f"  {'game':15} " + " ".join(f"{level:27}" for level in levels).rstrip())
    for game, row in games.items():
        cells = []
        for level in levels:
            f = row.get(level)
            if f is None:
                cells.append(f"{'-':27}")
                continue
            cell = f"{f['p50_ms']:.1f} / {f['p95_ms']:.1f} / {f['max_ms']:.0f} ({f['n']})"
            if level == "strong":
                cell += " ok" if f["p95_ms"] <= STRONG_P95_BUDGET_MS else " over budget"
            cells.append(f"{cell:27}")
        lines.append(f"  {game:15} " + " ".join(cells).rstrip())
    return lines


def decisions_section(strong: int = 40, others: int = 200, seed: int = 0) -> list[str]:
    """Every game's decision times in this Python, and JupyterLite's if recorded."""
    header = [f"(positions: {strong} decisions with a choice per game for strong, {others} "
              f"for the others, seeded, from casual-vs-casual games; one process, {load()}; "
              f"budget: strong p95 <= {STRONG_P95_BUDGET_MS:.0f} ms)"]
    data = {"games": {}}
    for name in GAMES:
        module = import_module(f"goatwidgets.games.{name}")
        data["games"][name] = decision_times(module, counts={"strong": strong}, count=others,
                                             seed=seed)
    lines = decision_report(data, "CPython") + header
    lines.append("  strong's CPU time per decision, p95 (this process's own, whatever else runs): "
                 + ", ".join(f"{game} {row['strong']['cpu_p95_ms']:.0f} ms"
                             for game, row in data["games"].items()))
    if LITE_RESULTS.exists():
        lite = json.loads(LITE_RESULTS.read_text())
        lines += decision_report(lite, f"JupyterLite ({lite.get('where', 'Pyodide')}, "
                                       f"measured {lite.get('when', '?')})")
    else:
        lines.append(f"decision time in JupyterLite: not recorded yet ({LITE_RESULTS}: run "
                     "goatwidgets.bench_bots.decision_times in the JupyterLite site and save "
                     "it there, as this module's text says)")
    return lines


#: the strong bot's budget in measurements: its 300 trials, no time cap (the same choices on a
#: busy machine as on an idle one)
TRIALS_ONLY = Budget(300, None)

#: each ladder level and the one below it, weakest first (the ladder's table)
STEPS = (("beginner", "random"), ("casual", "beginner"), ("strong", "casual"))


def ladder_section(quick: int = 40, strong: int = 10, seed: int = HELD_OUT) -> list[str]:
    """The ladder's table: in every game, at 2 players and the largest count, each level
    against the one below (``quick`` seeded games a pairing, ``strong`` for strong vs casual;
    ``--long``: 200 of each, a few hours of one core), on seeds no bot was tuned on
    (``HELD_OUT``). The strong bot counts its 300 trials without the 900 ms cap, so the
    shares are the same on a busy machine."""
    rows = []
    for name in GAMES:
        module = import_module(f"goatwidgets.games.{name}")
        for players in sorted({2, module.State.max_players}):
            for a, b in STEPS:
                games = strong if a == "strong" else quick
                rows.append(pairing(module, a, b, players=players, games=games, seed=seed,
                                    executor="serial", budget=TRIALS_ONLY))
    return ([f"the ladder: each level against the one below ({quick} games a pairing from seed "
             f"{seed:,}, never used in tuning, "
             f"{strong} for strong; the stronger level's share of the wins, its 95 % interval, "
             "the fair share)"] + table_text(rows).splitlines())


# ---------------------------------------------------------------------------- review

def review_game(module, seed: int = 0, players: int = 2):
    """A seeded game of ``casual`` bots in every seat, played to its end (what is reviewed)."""
    return Table(module.new_game(players=players, seed=seed), bots="casual").play_out().state


def review_times(module, seed: int = 0, iterations: int = 200, pool: bool = True) -> dict:
    """Seconds to review seat 0 of :func:`review_game` (``iterations`` trials a decision):
    ``serial_s`` in this process, ``pool_s`` on a process pool of one process per core
    (started inside the timing; None with ``pool=False``); ``decisions`` graded, ``moves`` in
    the game, and whether the two reviews agree (``same``).

        >>> from goatwidgets.games import floats_mcgoats as game
        >>> t = review_times(game, iterations=5, pool=False)
        >>> t["decisions"] > 0 and t["serial_s"] > 0, t["pool_s"]
        (True, None)
    """
    state = review_game(module, seed=seed)
    t0 = time.perf_counter()
    serial = review(state, 0, iterations=iterations, seed=seed)
    out = {"serial_s": time.perf_counter() - t0, "pool_s": None, "same": None,
           "decisions": len(serial.moments), "iterations": iterations,
           "moves": len(state.history)}
    if pool:
        t0 = time.perf_counter()
        with ProcessPoolExecutor(cores()) as executor:
            spread = review(state, 0, iterations=iterations, seed=seed, executor=executor)
        out["pool_s"] = time.perf_counter() - t0
        out["same"] = spread.to_dict() == serial.to_dict()
    return out


def review_section(seed: int = 0) -> list[str]:
    """Every game's review time, serially and on a process pool (the budget: 30 s on 2 cores),
    and JupyterLite's (one core) if recorded (``bash .ci/lite-bench``)."""
    lines = [f"game review (issue 27): seat 0 of a seeded 2-player game of casual bots, 200 trials "
             f"a decision; {load()}; budget <= {REVIEW_BUDGET_S:.0f} s on 2 cores"]
    for name in GAMES:
        t = review_times(import_module(f"goatwidgets.games.{name}"), seed=seed)
        verdict = "ok" if t["pool_s"] <= REVIEW_BUDGET_S else "over budget"
        lines.append(f"{_reviewed(name, t)} serial {t['serial_s']:5.1f} s, pool of {cores()} "
                     f"{t['pool_s']:5.1f} s "
                     f"{verdict}{'' if t['same'] else ' (the pool gave another review!)'}")
    if LITE_RESULTS.exists():
        lines += review_report(json.loads(LITE_RESULTS.read_text()))
    return lines


def review_report(data: dict) -> list[str]:
    """JupyterLite's review times (``data["review"]``, as ``.ci/lite_bench.py`` saves them).

    >>> t = {"serial_s": 12.34, "decisions": 36, "moves": 77}
    >>> review_report({"review": {"goat_lords": t}, "when": "2026-11-26"})[1]
    '  goat_lords       36 decisions of  77 moves: 12.3 s on one core'
    """
    rows = data.get("review") or {}
    if not rows:
        return []
    lines = [f"game review in JupyterLite ({data.get('where', 'Pyodide')}, measured "
             f"{data.get('when', '?')}), 200 trials a decision"]
    for name, t in rows.items():
        lines.append(f"{_reviewed(name, t)} {t['serial_s']:.1f} s on one core")
    return lines


def _reviewed(name: str, t: dict) -> str:
    """A review-time line's start: the game and what was reviewed."""
    return f"  {name:15} {t['decisions']:3} decisions of {t['moves']:3} moves:"
