"""Simulations on any executor (issue 26 item 5, acceptance 5): a process pool, a thread pool of
another width and a Dask ``LocalCluster`` give the same results, in the same order, as a serial
run with the same seeds: games (``simulate``), the ladder's pairings (``round_robin``) and a
batch of estimates (``estimate_many``)."""

from __future__ import annotations

import random
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

from goatwidgets.engine import simulation
from goatwidgets.engine.ladder import pairing, round_robin
from goatwidgets.engine.simulation import estimate_many, simulate, workers
from goatwidgets.games import floats_mcgoats, goat_lords

BOTS = ["casual", "random"]


def searches(found) -> list[dict]:
    """What a batch of estimates found, without the time each search took."""
    return [{k: v for k, v in e.to_dict().items() if k != "ms"} for e in found]


def positions(count: int = 6) -> list[tuple]:
    """Seeded decisions from a Goat Lords game (a few decisions apart)."""
    out = []
    state = goat_lords.new_game(players=2, seed=11)
    for step in range(count * 3):
        seat = state.deciders[0]
        if step % 3 == 0:
            out.append((state.clone(), seat))
        state.apply(state.quick_choice(seat, random.Random(step)), seat=seat)
    return out


@pytest.fixture(scope="module")
def serial():
    return simulate(goat_lords, games=16, seed=5, bots=BOTS, executor="serial")


def test_a_process_pool_plays_the_same_games_as_a_serial_run(serial):
    with ProcessPoolExecutor(2) as pool:
        assert simulate(goat_lords, games=16, seed=5, bots=BOTS, executor=pool) == serial


def test_the_default_pool_and_another_width_play_the_same_games(serial, monkeypatch):
    monkeypatch.setattr(simulation, "cores", lambda: 2)     # the default: a process per core
    assert simulate(goat_lords, games=16, seed=5, bots=BOTS) == serial
    with ThreadPoolExecutor(5) as pool:                     # other batches, same games
        assert workers(pool) == 5
        assert simulate(goat_lords, games=16, seed=5, bots=BOTS, executor=pool) == serial


def test_progress_counts_every_game_on_a_pool():
    seen = []
    with ProcessPoolExecutor(2) as pool:
        simulate(floats_mcgoats, games=10, seed=1, executor=pool,
                 progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (10, 10) and all(t == 10 for _, t in seen)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_round_robin_on_a_pool_is_the_serial_table_and_each_row_its_pairing():
    levels = ("random", "beginner", "casual")
    alone = round_robin(goat_lords, levels=levels, games=6, seed=2, executor="serial")
    with ProcessPoolExecutor(2) as pool:
        assert round_robin(goat_lords, levels=levels, games=6, seed=2, executor=pool) == alone
    assert [(r["a"], r["b"]) for r in alone] == [("casual", "beginner"), ("casual", "random"),
                                                 ("beginner", "random")]
    assert alone[1] == pairing(goat_lords, "casual", "random", games=6, seed=2,
                               executor="serial")


def test_a_batch_of_estimates_on_a_pool_finds_what_a_serial_run_finds():
    batch = positions()
    alone = estimate_many(batch, iterations=30, seed=3, executor="serial")
    with ProcessPoolExecutor(2) as pool:
        spread = estimate_many(batch, iterations=30, seed=3, executor=pool)
    assert searches(spread) == searches(alone)
    assert [e.iterations for e in spread] == [30] * len(batch)


def test_an_unknown_executor_is_refused():
    with pytest.raises(ValueError, match="concurrent.futures.Executor"):
        simulate(floats_mcgoats, games=2, executor="threads")


@pytest.fixture(scope="module")
def dask_executor():
    distributed = pytest.importorskip("dask.distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        yield client.get_executor()


def test_a_dask_local_cluster_gives_the_serial_results(serial, dask_executor):
    assert workers(dask_executor) == 2
    assert simulate(goat_lords, games=16, seed=5, bots=BOTS, executor=dask_executor) == serial
    levels = ("random", "casual")
    assert (round_robin(goat_lords, levels=levels, games=6, seed=2, executor=dask_executor)
            == round_robin(goat_lords, levels=levels, games=6, seed=2, executor="serial"))
    batch = positions(4)
    assert (searches(estimate_many(batch, iterations=20, seed=8, executor=dask_executor))
            == searches(estimate_many(batch, iterations=20, seed=8, executor="serial")))
