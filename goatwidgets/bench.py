"""Benchmarks, printed (never asserted): ``python -m goatwidgets.bench [--games N]``.

Per game it reports the median and 95th-percentile cost of one decision (``legal_actions``
plus ``apply``, measured in seeded random games), random full games per second, and the size
of one view update (view + legal actions + log, as the widget sends them). It also prints the
minified size of each front-end bundle (if built) and, if a browser run has recorded it (the
e2e tests write ``.bench/browser.json``), the click-to-rendered latency: for clicks about 50 ms
apart and >= 300 ms apart, with and without the kernel websocket's TCP_NODELAY
(``goatwidgets.server``), beside an empty widget's round-trip floor. Budgets from DESIGN.md are
shown beside each figure.

The bots' part (:mod:`goatwidgets.bench_bots`): a simulation's speed-up on a process pool and
on a Dask ``LocalCluster`` against a serial run, and each ladder level's time per decision in
every game (p50 / p95 / max; JupyterLite's beside it once recorded). ``--long`` measures more
(400 games for the speed-up, 200 strong decisions per game, 200 games a ladder pairing);
``--only`` picks sections. The ``room`` section (:mod:`goatwidgets.bench_room`): a class vote's
click-to-tally on the projector p50/p95 and the room server's CPU per vote, 30 scripted
students on loopback (a few seconds); then how many rooms of six devices (one seat each) one
process holds with a move's click-to-every-screen p95 <= 150 ms, and the CPU per move (8 and
16 rooms, ~10 s; ``--long``: 1 to 32 rooms).

Only the rules models are imported (``goatwidgets.engine``, ``goatwidgets.games``; Dask if it
is installed, for its section; tornado and ipywidgets for the ``room`` section only): this runs
without Jupyter and without the built front-end bundles.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import pathlib
import time
from importlib import import_module

from . import bench_bots
from .engine.bots import RandomBot
from .engine.table import Table
from .games import GAMES

try:
    from .engine import projection
except ImportError:  # an engine without it: what one widget update sends, as the widget does

    def projection(state, viewer, may_act, log_lines=20):
        return {
            "view": state.view(viewer),
            "legal": ([a.to_dict() for a in state.legal_actions(viewer)]
                      if may_act and viewer is not None else []),
            "game_log": state.log_for(viewer)[-log_lines:],
        }


BROWSER_RESULTS = pathlib.Path(os.environ.get("GOATWIDGETS_BENCH_DIR", ".bench")) / "browser.json"
STATIC = pathlib.Path(__file__).resolve().parent / "static"


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def update_bytes(state) -> int:
    """Bytes of one widget update for the first deciding seat: view, legal actions and log."""
    seat = state.deciders[0] if state.deciders else None
    return len(json.dumps(projection(state, seat, may_act=True)).encode())


def undo_ms(module, players: int, decisions: int, seed: int = 1) -> float | None:
    """Milliseconds of one undo after ``decisions`` random decisions (None if no game of
    that length turned up in a few seeds)."""
    for seed in range(seed, seed + 20):
        table = Table(module.new_game(players=players, seed=seed), bots=RandomBot(seed=seed))
        state = table.play_out(limit=decisions).state
        if len(state.history) == decisions:
            t0 = time.perf_counter()
            state.undo()
            return 1000 * (time.perf_counter() - t0)
    return None


class _Clock(RandomBot):
    """A random bot that notes when it has chosen (its thinking is not the model's cost)."""

    chosen = 0.0

    def choose(self, state, seat=None):
        action = super().choose(state, seat)
        self.chosen = time.perf_counter()
        return action


def measure_game(module, games: int, players: int) -> dict:
    decision_times, sizes = [], []
    start = time.perf_counter()
    for seed in range(games):
        bot = _Clock(seed=seed)
        asked = {}

        def before(state, seat):
            t0 = time.perf_counter()
            asked["actions"] = state.legal_actions(seat)
            asked["time"] = time.perf_counter() - t0

        def after(state, seat):
            decision_times.append(asked["time"] + time.perf_counter() - bot.chosen)
            if len(decision_times) % 10 == 0 and asked["actions"] and not state.is_over:
                sizes.append(update_bytes(state))

        Table(module.new_game(players=players, seed=seed), bots=bot).play_out(
            before=before, after=after)
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


LATENCY_BUDGET_MS = 25.0  # click-to-rendered p95, with TCP_NODELAY, on localhost
FLOOR_RATIO_BUDGET = 1.5  # ... and within this factor of the empty widget's p95
# A click's legs, as the browser benchmark splits it (tests/e2e/test_latency.py)
CLICK_LEGS = ("to_kernel", "kernel", "to_page", "page")
# CPU time per click, by part, as the browser benchmark counts it; the last is the host's steal
CPU_PARTS = ("browser", "kernel", "server", "stolen")


def kib(size: int) -> str:
    """A size in KiB (1024 bytes), one decimal, halves rounded up, as js/build.mjs prints it
    and checks the 30 KiB budget of a bundle.

    >>> kib(30 * 1024), kib(30546), kib(29952), kib(256)
    ('30.0 KiB', '29.8 KiB', '29.3 KiB', '0.3 KiB')
    """
    return f"{math.floor(size * 10 / 1024 + 0.5) / 10:.1f} KiB"


def browser_report(data: dict) -> list[str]:
    """The browser latency figures of ``.bench/browser.json`` as printable lines (also used by
    the pytest terminal summary): per front end, TCP_NODELAY on/off and click spacing, each
    widget's click-to-rendered p50 / p95 beside the empty widget's p95 (the round-trip floor),
    the p50 of the widget's own drawing, the p50 of each leg of a click (to the kernel, in
    the kernel, to the page, in the page: where the time goes, beside the floor's), and the CPU
    time per click of the browser + the kernel + the server, and the time the machine's host
    took away (steal: when it is high, the machine was busy with others and the p95 says so).

    >>> row = {"front_end": "lab", "nodelay": True, "gap_ms": 50, "n": 16, "p50_ms": 9.0,
    ...        "p95_ms": 12.0, "draw_p50_ms": 0.0, "widget": "empty",
    ...        "legs": {"to_kernel": {"p50_ms": 2.0}, "kernel": {"p50_ms": 1.0},
    ...                 "to_page": {"p50_ms": 5.0}, "page": {"p50_ms": 1.0}}}
    >>> game = dict(row, widget="grab_your_goat", p50_ms=14.0, p95_ms=20.0, draw_p50_ms=1.8,
    ...             cpu_ms_per_click={"browser": 38.2, "kernel": 5.1, "server": 4.0, "stolen": 1.5})
    >>> print(browser_report({"runs": [row, game], "when": "now"})[-1])
    ... # doctest: +NORMALIZE_WHITESPACE
      lab on 50 ms apart grab_your_goat 14.0 / 20.0 12.0 1.67 1.8
      2.0 + 1.0 + 5.0 + 1.0 38 + 5 + 4, 1.5 over 1.5x floor (n=16)
    >>> print(browser_report({"runs": [row, dict(game, p95_ms=26.0)], "when": "now"})[-1])
    ... # doctest: +NORMALIZE_WHITESPACE
      lab on 50 ms apart grab_your_goat 14.0 / 26.0 12.0 2.17 1.8
      2.0 + 1.0 + 5.0 + 1.0 38 + 5 + 4, 1.5 over 25 ms, over 1.5x floor (n=16)
    """
    runs = data.get("runs", [])
    when = data.get("when", "?")
    lines = [f"browser click-to-rendered latency, ms p50 / p95 (measured {when}; budgets with "
             f"TCP_NODELAY: p95 <= {LATENCY_BUDGET_MS:.0f} ms, and <= {FLOOR_RATIO_BUDGET}x "
             "the empty widget's p95)"]
    table = {}
    for row in runs:
        if "gap_ms" not in row:  # recorded by an older harness
            continue
        key = (row["front_end"], row["nodelay"], row["gap_ms"])
        table.setdefault(key, {})[row["widget"]] = row
    if table:
        lines.append(f"  {'front end':9} {'TCP_NODELAY':11} {'clicks':16} {'widget':16} "
                     f"{'p50 / p95':>13} {'floor p95':>9} {'ratio':>5} {'drawing':>7}  "
                     f"{'to kernel+kernel+to page+page (p50)':35}  "
                     f"{'CPU/click: browser+kernel+server, stolen':40}  budget")
    for (front_end, nodelay, gap), rows in sorted(table.items(),
                                                  key=lambda kv: (kv[0][0], not kv[0][1],
                                                                  kv[0][2])):
        floor = rows.get("empty")
        spacing = f"{gap} ms apart" if gap < 300 else f">= {gap} ms apart"
        for widget, row in sorted(rows.items(), key=lambda kv: kv[0] != "empty"):
            ratio = (row["p95_ms"] / floor["p95_ms"]
                     if floor and widget != "empty" and floor["p95_ms"] else None)
            verdict = ""
            if nodelay and widget != "empty":     # which bound a row misses, if any
                over = []
                if row["p95_ms"] > LATENCY_BUDGET_MS:
                    over.append(f"over {LATENCY_BUDGET_MS:.0f} ms")
                if ratio is not None and ratio > FLOOR_RATIO_BUDGET:
                    over.append(f"over {FLOOR_RATIO_BUDGET}x floor")
                verdict = ", ".join(over) or "ok"
            name = "empty (floor)" if widget == "empty" else ("place/undo" if widget == "game"
                                                               else widget)
            legs = row.get("legs") or {}
            split = " + ".join(f"{legs[leg]['p50_ms']:.1f}" if leg in legs else "?"
                               for leg in CLICK_LEGS)
            cpu = row.get("cpu_ms_per_click") or {}
            used = (" + ".join(f"{cpu[part]:.0f}" for part in CPU_PARTS[:-1])
                    + f", {cpu[CPU_PARTS[-1]]:.1f}" if all(p in cpu for p in CPU_PARTS) else "-")
            lines.append(f"  {front_end:9} {'on' if nodelay else 'off':11} {spacing:16} "
                         f"{name:16} {row['p50_ms']:6.1f} / {row['p95_ms']:4.1f} "
                         f"{floor['p95_ms'] if floor else float('nan'):9.1f} "
                         f"{f'{ratio:.2f}' if ratio else '-':>5} "
                         f"{row.get('draw_p50_ms', float('nan')):7.1f}  "
                         f"{split if legs else '-':35}  {used:40}  {verdict}  (n={row['n']})")
    return lines


SECTIONS = ("models", "executors", "decisions", "ladder", "review", "bundles", "browser", "room")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m goatwidgets.bench", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=100, help="random games per player count")
    parser.add_argument("--long", action="store_true",
                        help="measure the bots longer (400 games for the speed-up, 200 strong "
                             "decisions per game, 200 games a ladder pairing) and the room's "
                             "votes (30 rounds)")
    parser.add_argument("--only", nargs="+", choices=SECTIONS, default=SECTIONS,
                        metavar="SECTION", help=f"sections to run (of {', '.join(SECTIONS)})")
    args = parser.parse_args(argv)
    print("goatwidgets benchmarks (budgets: decision p50 <= 0.5 ms, update <= 20 kB, "
          f"JS <= 30 KiB, click-to-rendered p95 <= {LATENCY_BUDGET_MS:.0f} ms with TCP_NODELAY, "
          f"strong bot p95 <= {bench_bots.STRONG_P95_BUDGET_MS:.0f} ms a decision, "
          f"simulation speed-up on 2 cores >= {bench_bots.SPEEDUP_TARGET}x, "
          "a class vote's click-to-tally p95 <= 100 ms)")
    if "models" in args.only:
        models(args.games)
    if "executors" in args.only:
        for line in bench_bots.speedup_report(
                bench_bots.speedup(games=400 if args.long else 200)):
            print(line)
    if "decisions" in args.only:
        for line in bench_bots.decisions_section(strong=200 if args.long else 40,
                                                 others=1000 if args.long else 200):
            print(line)
    if "ladder" in args.only:
        for line in bench_bots.ladder_section(quick=200 if args.long else 40,
                                              strong=200 if args.long else 10):
            print(line)
    if "review" in args.only:
        for line in bench_bots.review_section():
            print(line)
    if "bundles" in args.only:
        bundles = sorted(STATIC.glob("*.js"))
        for bundle in bundles:
            print(f"bundle {bundle.name:24} {kib(bundle.stat().st_size)} minified")
        if not bundles:
            print(f"bundles: none built in {STATIC} (cd js && npm run build)")
    if "browser" in args.only:
        if BROWSER_RESULTS.exists():
            for line in browser_report(json.loads(BROWSER_RESULTS.read_text())):
                print(line)
        else:
            print(f"browser latency: no browser run recorded yet ({BROWSER_RESULTS}); run the "
                  "e2e tests (bash .ci/test) to measure it")
    if "room" in args.only:
        # the room's server (tornado, ipywidgets) is imported for this section only
        bench_room = import_module("goatwidgets.bench_room")
        for line in bench_room.section(rounds=30 if args.long else 10):
            print(line)
        # rooms of one seat per device: how many one process holds (CI: 8 and 16 rooms only)
        capacity = bench_room.seats_capacity(20) if args.long else \
            bench_room.seats_capacity(10, (8, 16))
        for line in bench_room.seats_report(capacity):
            print(line)
    return 0


def models(games: int) -> None:
    """Per game and player count: the model's decision cost, random games per second, an
    update's size; one undo after 10, 300 and 1000 decisions."""
    for name in GAMES:
        module = import_module(f"goatwidgets.games.{name}")
        state_cls = module.State
        for players in range(state_cls.min_players, state_cls.max_players + 1):
            r = measure_game(module, games, players)
            print(f"{name:16} {players}p  decision p50 {r['decision_p50_ms']:.3f} ms  "
                  f"p95 {r['decision_p95_ms']:.3f} ms  {r['games_per_s']:.1f} random games/s  "
                  f"update p50 {r['update_p50_bytes'] / 1000:.1f} kB  "
                  f"max {r['update_max_bytes'] / 1000:.1f} kB")
        players = state_cls.min_players
        cells = []
        for n in (10, 300, 1000):
            ms = undo_ms(module, players, n)
            cells.append(f"{n} decisions {ms:.2f} ms" if ms is not None else
                         f"{n} decisions: no game that long")
        print(f"{name:16} {players}p  one undo after " + ", ".join(cells))


if __name__ == "__main__":
    raise SystemExit(main())
