"""Benchmarks, printed (never asserted): ``python -m goatwidgets.bench [--games N]``.

Per game it reports the median and 95th-percentile cost of one decision (``legal_actions``
plus ``apply``, measured in seeded random games), random full games per second, and the size
of one view update (view + legal actions + log, as the widget sends them). It also prints the
minified size of each front-end bundle and, if a browser run has recorded it (the e2e tests
write ``.bench/browser.json``), the click-to-rendered latency. Budgets from DESIGN.md are shown
beside each figure.
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import time
from importlib import import_module

from .engine.bots import RandomBot
from .games import GAMES
from .widgets.base import projection

BROWSER_RESULTS = pathlib.Path(os.environ.get("GOATWIDGETS_BENCH_DIR", ".bench")) / "browser.json"
STATIC = pathlib.Path(__file__).resolve().parent / "static"


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def update_bytes(state) -> int:
    """Bytes of one widget update for the seat to move: view, legal actions and log."""
    return len(json.dumps(projection(state, state.to_move, may_act=True)).encode())


def measure_game(module, games: int, players: int) -> dict:
    decision_times, sizes, decisions = [], [], 0
    start = time.perf_counter()
    for seed in range(games):
        state = module.new_game(players=players, seed=seed)
        bot = RandomBot(seed=seed)
        while not state.is_over:
            t0 = time.perf_counter()
            actions = state.legal_actions()
            t1 = time.perf_counter()
            action = bot.choose(state)          # the bot's own thinking is not the model's cost
            t2 = time.perf_counter()
            state.apply(action)
            t3 = time.perf_counter()
            decision_times.append((t1 - t0) + (t3 - t2))
            decisions += 1
            if decisions % 50 == 0 and actions:
                sizes.append(update_bytes(state) if not state.is_over else 0)
    elapsed = time.perf_counter() - start
    return {
        "players": players,
        "games": games,
        "decision_p50_ms": 1000 * percentile(decision_times, 0.5),
        "decision_p95_ms": 1000 * percentile(decision_times, 0.95),
        "games_per_s": games / elapsed,
        "update_p50_bytes": int(percentile(sizes, 0.5)) if sizes else 0,
        "update_max_bytes": max(sizes) if sizes else 0,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m goatwidgets.bench", description=__doc__)
    parser.add_argument("--games", type=int, default=100, help="random games per player count")
    args = parser.parse_args(argv)
    print("goatwidgets benchmarks (budgets: decision p50 <= 0.5 ms, update <= 20 kB, "
          "JS <= 30 kB, click-to-rendered p95 <= 50 ms)")
    for name in GAMES:
        module = import_module(f"goatwidgets.games.{name}")
        state_cls = module.State
        for players in range(state_cls.min_players, state_cls.max_players + 1):
            r = measure_game(module, args.games, players)
            print(f"{name:16} {players}p  decision p50 {r['decision_p50_ms']:.3f} ms  "
                  f"p95 {r['decision_p95_ms']:.3f} ms  {r['games_per_s']:.1f} random games/s  "
                  f"update p50 {r['update_p50_bytes'] / 1000:.1f} kB  "
                  f"max {r['update_max_bytes'] / 1000:.1f} kB")
    for bundle in sorted(STATIC.glob("*.js")):
        print(f"bundle {bundle.name:24} {bundle.stat().st_size / 1000:.1f} kB minified")
    if BROWSER_RESULTS.exists():
        data = json.loads(BROWSER_RESULTS.read_text())
        for row in data.get("runs", []):
            print(f"browser {row['front_end']:9} {row['what']}: click-to-rendered p50 "
                  f"{row['p50_ms']:.1f} ms  p95 {row['p95_ms']:.1f} ms  (n={row['n']}, "
                  f"measured {data.get('when', '?')})")
    else:
        print(f"browser latency: no browser run recorded yet ({BROWSER_RESULTS}); run the e2e "
              "tests (bash .ci/test) to measure it")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
