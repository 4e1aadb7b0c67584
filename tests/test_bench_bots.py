"""The bots' benchmark (goatwidgets.bench_bots): its figures are printed, never asserted, but
its parts must measure what they say: the same seeded positions for every level, decisions
with a choice only, every executor's run checked against the serial one, and ``python -m
goatwidgets.bench`` runs its sections."""

from __future__ import annotations

import json

import pytest

from goatwidgets import bench, bench_bots
from goatwidgets.games import goat_lords


def test_sampled_positions_are_seeded_decisions_with_a_choice():
    first = bench_bots.sample_positions(goat_lords, 12, seed=3)
    again = bench_bots.sample_positions(goat_lords, 12, seed=3)
    assert len(first) == 12
    assert [(s.to_json(), seat) for s, seat in first] == [(s.to_json(), seat)
                                                          for s, seat in again]
    for state, seat in first:
        assert not state.is_over and seat in state.deciders
        assert len(state.legal_actions(seat)) > 1


def test_decision_times_give_each_level_its_count_of_decisions():
    times = bench_bots.decision_times(goat_lords, levels=("random", "casual", "strong"),
                                      counts={"strong": 2}, count=5, seed=1)
    assert list(times) == ["random", "casual", "strong"]
    assert [times[level]["n"] for level in times] == [5, 5, 2]
    for figures in times.values():
        assert 0 <= figures["p50_ms"] <= figures["p95_ms"] <= figures["max_ms"]
        assert figures["cpu_p95_ms"] >= 0


def test_the_speedup_checks_every_executor_against_the_serial_run():
    pytest.importorskip("dask.distributed")
    r = bench_bots.speedup(games=4, repeats=1, workers=2)
    assert r["same"] is True
    assert all(r[f"{name}_s"] > 0 for name in ("serial", "pool", "dask"))
    assert len(r["pool_cpu"]) == 2 and len(r["dask_cpu"]) == 2     # CPU seconds per process
    assert r["serial_busiest"] > 0 and r["dask_busiest"] == max(r["dask_cpu"])
    lines = bench_bots.speedup_report(r)
    assert lines[4].strip().startswith("Dask LocalCluster (2 workers x 1 thread)")


def test_a_jupyterlite_record_is_printed_beside_the_cpython_table(tmp_path, monkeypatch,
                                                                  capsys):
    lite = {"when": "today", "where": "Pyodide 0.27",
            "games": {"goat_lords": {"strong": {"n": 40, "p50_ms": 300.0, "p95_ms": 1200.0,
                                                "max_ms": 1500.0}}}}
    record = tmp_path / "decisions-jupyterlite.json"
    record.write_text(json.dumps(lite))
    monkeypatch.setattr(bench_bots, "LITE_RESULTS", record)
    monkeypatch.setattr(bench_bots, "GAMES", ["goat_lords"])
    lines = bench_bots.decisions_section(strong=2, others=3)
    assert lines[0].startswith("decision time per bot level, CPython")
    assert lines[4].startswith("  strong's CPU time per decision, p95") and "goat_lords" in lines[4]
    assert lines[-3].startswith("decision time per bot level, JupyterLite (Pyodide 0.27, "
                                "measured today)")
    assert lines[-1].strip().startswith("goat_lords") and lines[-1].endswith("over budget")


def test_the_bench_runs_only_the_sections_asked_for(monkeypatch, capsys, tmp_path):
    monkeypatch.setattr(bench, "BROWSER_RESULTS", tmp_path / "none.json")
    assert bench.main(["--only", "bundles", "browser"]) == 0
    out = capsys.readouterr().out
    assert "no browser run recorded yet" in out
    assert "simulation speed-up:" not in out and "decision time per bot level" not in out


def test_the_ladder_section_rates_each_level_against_the_one_below(monkeypatch):
    from goatwidgets import bench_bots
    from goatwidgets.engine.bots import SearchBot
    from goatwidgets.engine.estimate import Budget
    monkeypatch.setattr(bench_bots, "GAMES", ("battlegoats",))
    lines = bench_bots.ladder_section(quick=2, strong=1)
    rows = lines[1:]
    assert len(rows) == 6                       # 2 and 6 players, three steps each
    assert [r.split()[1:4] for r in rows[:3]] == [["beginner", "vs", "random"],
                                                 ["casual", "vs", "beginner"],
                                                 ["strong", "vs", "casual"]]
    assert SearchBot.budget == Budget()         # nothing global was changed for it
