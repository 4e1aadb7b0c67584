"""``simulate`` with a progress bar for notebooks.

    >>> from goatwidgets import simulate
    >>> from goatwidgets.games import floats_mcgoats
    >>> results = simulate(floats_mcgoats, games=5, players=3, show=False)
    >>> len(results)
    5
"""

from __future__ import annotations

import time

import ipywidgets

from ..engine import simulation


def simulate(game, games: int = 1000, players: int = 2, seed: int = 0, bots="random",
             show: bool = True, **variants) -> list[dict]:
    """Play ``games`` bot games (see ``goatwidgets.engine.simulate``), showing progress."""
    bar = ipywidgets.IntProgress(min=0, max=games, description="games")
    label = ipywidgets.Label(f"0 / {games}")
    if show:
        from IPython.display import display

        display(ipywidgets.HBox([bar, label]))
    step = max(1, games // 100)
    start = time.perf_counter()

    def progress(done: int, total: int) -> None:
        if done % step == 0 or done == total:
            bar.value = done
            label.value = _progress_text(done, total, time.perf_counter() - start)

    return simulation.simulate(game, games=games, players=players, seed=seed, bots=bots,
                               progress=progress, **variants)


def _progress_text(done: int, total: int, seconds: float) -> str:
    """"40 / 150 games, 6 s so far, about 16 s left" (how long a long experiment takes).

        >>> _progress_text(40, 150, 6.2)
        '40 / 150 games, 6 s so far, about 17 s left'
        >>> _progress_text(150, 150, 21.0)
        '150 / 150 games in 21 s'
    """
    if done >= total:
        return f"{done} / {total} games in {seconds:.0f} s"
    if not done:
        return f"0 / {total} games"
    left = seconds / done * (total - done)
    return f"{done} / {total} games, {seconds:.0f} s so far, about {left:.0f} s left"
