"""``simulate`` with a progress bar for notebooks.

    >>> from goatwidgets import simulate
    >>> from goatwidgets.games import floats_mcgoats
    >>> results = simulate(floats_mcgoats, games=5, players=3, show=False)
    >>> len(results)
    5
"""

from __future__ import annotations

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

    def progress(done: int, total: int) -> None:
        if done % step == 0 or done == total:
            bar.value = done
            label.value = f"{done} / {total}"

    return simulation.simulate(game, games=games, players=players, seed=seed, bots=bots,
                               progress=progress, **variants)
