"""Progress bars for notebooks: ``simulate`` with one, and ``progress`` for any loop.

    >>> from goatwidgets import simulate
    >>> from goatwidgets.games import floats_mcgoats
    >>> results = simulate(floats_mcgoats, games=5, players=3, show=False)
    >>> len(results)
    5
    >>> from goatwidgets import progress
    >>> [seed * 2 for seed in progress(range(3), show=False)]
    [0, 2, 4]

Both show the bar with a count and the time so far and left ("40 / 150 games, 6 s so far,
about 17 s left"), so a class knows how long an experiment takes.
"""

from __future__ import annotations

import time
from typing import Iterable, Iterator, TypeVar

import ipywidgets
from IPython import get_ipython
from IPython.display import display

from ..engine import simulation

T = TypeVar("T")


def in_kernel() -> bool:
    """Whether this runs in a notebook's kernel, where a widget shown is drawn (in a script or
    a doctest ``display`` would print the widget's text instead)."""
    return getattr(get_ipython(), "kernel", None) is not None


class Bar:
    """A bar and its count line, shown at once (``show``), updated about 100 times."""

    def __init__(self, total: int, what: str, show: bool):
        self.total, self.what = total, what
        self.bar = ipywidgets.IntProgress(min=0, max=max(total, 1), description=what)
        self.label = ipywidgets.Label(_progress_text(0, total, 0.0, what))
        self.step = max(1, total // 100)
        self.start = time.perf_counter()
        self.box = ipywidgets.HBox([self.bar, self.label])
        if show:
            display(self.box)

    def close(self) -> None:
        """Take the bar off the page (a review's, once it is ready)."""
        self.box.close()

    def __call__(self, done: int, total: int | None = None) -> None:
        total = self.total if total is None else total
        if done % self.step == 0 or done >= total:
            self.bar.value = done
            self.label.value = _progress_text(done, total, time.perf_counter() - self.start,
                                              self.what)


def simulate(game, games: int = 1000, players: int = 2, seed: int = 0, bots="random",
             show: bool = True, executor=None, **variants) -> list[dict]:
    """Play ``games`` bot games (see ``goatwidgets.engine.simulate``: ``executor`` spreads
    them over processes or a cluster), showing progress."""
    return simulation.simulate(game, games=games, players=players, seed=seed, bots=bots,
                               progress=Bar(games, "games", show), executor=executor,
                               **variants)


def progress(items: Iterable[T], total: int | None = None, what: str = "games",
             show: bool = True) -> Iterator[T]:
    """Go through ``items`` (an experiment's games, say) with a progress bar counting them:
    ``for seed in progress(range(40)): ...``."""
    items = list(items) if total is None and not hasattr(items, "__len__") else items
    total = len(items) if total is None else total
    bar = Bar(total, what, show)
    for done, item in enumerate(items, 1):
        yield item
        bar(done)


def _progress_text(done: int, total: int, seconds: float, what: str = "games") -> str:
    """"40 / 150 games, 6 s so far, about 16 s left" (how long a long experiment takes).

        >>> _progress_text(40, 150, 6.2)
        '40 / 150 games, 6 s so far, about 17 s left'
        >>> _progress_text(150, 150, 21.0)
        '150 / 150 games in 21 s'
    """
    if done >= total:
        return f"{done} / {total} {what} in {seconds:.0f} s"
    if not done:
        return f"0 / {total} {what}"
    left = seconds / done * (total - done)
    return f"{done} / {total} {what}, {seconds:.0f} s so far, about {left:.0f} s left"
