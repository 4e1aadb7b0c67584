"""The room's benchmark runs and reports what issue 36 asks (acceptance 2): a vote's
click-to-tally p50/p95 against its budget, and the server's CPU per vote (figures printed,
not asserted)."""

from __future__ import annotations

import pytest

from goatwidgets import bench_room


@pytest.mark.parametrize("kernel", [False, True], ids=["plain", "kernel-loop"])
def test_the_benchmark_measures_each_click_and_reports_the_budget(kernel):
    out = bench_room.measure(students=4, rounds=2, kernel=kernel)
    assert len(out["tally"]) == len(out["answer"]) == 8 and len(out["burst"]) == 2
    assert out["votes"] == 8 and all(t > 0 for t in out["tally"])
    lines = bench_room.report(out, 4)
    assert "click-to-tally (projector)  p50" in lines[1] and "budget p95 <= 100 ms" in lines[1]
    assert lines[-1].startswith("  server thread CPU per vote:")


def test_python_m_goatwidgets_bench_has_a_room_section(capsys):
    """``python -m goatwidgets.bench --only room`` prints the room's figures (issue 36
    acceptance 2: "in the benchmark"), and only them."""
    from goatwidgets import bench

    assert bench.main(["--only", "room"]) == 0
    out = capsys.readouterr().out
    assert out.count("click-to-tally (projector)  p50") == 2, out
    assert out.count("server thread CPU per vote:") == 2
    assert "the panel redrawn on the kernel's loop" in out
    assert "random games/s" not in out and "minified" not in out     # only the section asked


def test_the_seats_benchmark_measures_every_move_to_every_screen_and_the_cpu():
    """Issue 37 item 4: rooms of six devices, each move's click-to-every-screen and the room
    threads' CPU per move (figures printed, not asserted)."""
    out = bench_room.measure_seats(rooms=2, moves=3)
    assert out["moves"] + out["refused"] >= 4 and len(out["times"]) == out["moves"]
    assert all(t > 0 for t in out["times"]) and out["cpu"] > 0
    lines = bench_room.seats_report([out])
    assert "2 rooms:" in lines[1] and "click-to-every-screen p50" in lines[1]
    assert "CPU per move" in lines[1] and lines[-1].startswith("  rooms of six held")
