"""Run by .ci/lite_bench.mjs inside Pyodide (GAMES and PER given): the benchmark's decision
times (:func:`goatwidgets.bench_bots.decision_times`, the same seeded positions as in CPython)
and a whole game's review time (:func:`goatwidgets.bench_bots.review_times`, one core: the site
has no process pool), printed and saved where ``python -m goatwidgets.bench`` prints them beside CPython's
(``.bench/decisions-jupyterlite.json``)."""
import json
import os
import platform
import sys
import time
from importlib import import_module

sys.path.insert(0, "/src")

from goatwidgets.bench_bots import (decision_report, decision_times, review_report,  # noqa: E402
                                    review_times)

data = {"when": time.strftime("%Y-%m-%d"),
        "where": f"Pyodide, Python {platform.python_version()}, under Node",
        "games": {}, "review": {}}
for name in GAMES.split(","):  # noqa: F821 (set by lite_bench.mjs)
    module = import_module(f"goatwidgets.games.{name}")
    data["games"][name] = decision_times(module, counts={"strong": PER}, count=5 * PER)  # noqa: F821
    data["review"][name] = review_times(module, pool=False)
os.makedirs("/src/.bench", exist_ok=True)
with open("/src/.bench/decisions-jupyterlite.json", "w") as f:
    json.dump(data, f, indent=1)
"\n".join(decision_report(data, data["where"]) + review_report(data))
