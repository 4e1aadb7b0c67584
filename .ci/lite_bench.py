"""Run by .ci/lite_bench.mjs inside Pyodide: decision times per bot level (GAMES, PER given).

Each level plays seat 0 of seeded two-player games against ``casual``; its decisions are
timed (wall clock: Pyodide has no process clock). ``strong`` is timed as the widget runs it:
300 trials, at most 900 ms.
"""
import importlib
import platform
import random
import sys
import time

sys.path.insert(0, "/src")

from goatwidgets.engine.bots import SearchBot, make_bot  # noqa: E402
from goatwidgets.engine.estimate import Search  # noqa: E402


def level_times(game, level: str, per: int) -> tuple[list[float], list[int]]:
    times, trials, seed = [], [], 0
    while len(times) < per:
        state = game.new_game(players=2, seed=seed)
        other = make_bot("casual", seed=seed + 1)
        mine = make_bot(level, seed=seed)
        while not state.is_over and len(times) < per:
            seat = state.deciders[0]
            start = time.perf_counter()
            if seat == 0 and level == "strong" and len(state.legal_actions(seat)) > 1:
                found = Search(state, seat, seed=seed).run(iterations=SearchBot.iterations,
                                                           ms=SearchBot.ms)
                action = found.best.action
                trials.append(found.iterations)
            else:
                action = (mine if seat == 0 else other).choose(state, seat)
            if seat == 0:
                times.append(1000 * (time.perf_counter() - start))
            state.apply(action, seat=seat)
        seed += 1
    return sorted(times), sorted(trials)


lines = [f"Python {platform.python_version()} on {sys.platform} (Pyodide)"]
for gid in GAMES.split(","):  # noqa: F821 (set by lite_bench.mjs)
    game = importlib.import_module(f"goatwidgets.games.{gid}")
    for level in ("random", "beginner", "casual", "strong"):
        times, trials = level_times(game, level, PER)  # noqa: F821
        at = lambda p: times[min(len(times) - 1, int(p * len(times)))]  # noqa: E731
        line = (f"{gid:15s} {level:8s} {len(times):4d} decisions  p50 {at(0.5):7.1f} ms  "
                f"p95 {at(0.95):7.1f} ms  max {times[-1]:7.1f} ms")
        if trials:
            line += f"  trials p50 {trials[len(trials) // 2]} of {SearchBot.iterations}"
        lines.append(line)
"\n".join(lines)
