"""Play many bot games and collect what happened.

    >>> from goatwidgets.games import floats_mcgoats as game
    >>> results = simulate(game, games=3, players=2, seed=0)
    >>> len(results), sorted(results[0])
    (3, ['decisions', 'players', 'scores', 'seed', 'turns', 'winners'])

``progress`` is called as ``progress(done, total)`` after every game (the notebooks pass a
progress bar; see ``goatwidgets.simulate``). A count out of a number of games is said with its
uncertainty by :func:`share` (an experiment's result is never a bare percentage).
"""

from __future__ import annotations

import math

from typing import Callable, Sequence

from .bots import make_bot


def play(game, players: int = 2, seed: int = 0, bots: str | Sequence[str] = "random",
         **variants) -> dict:
    """Play one game to the end with bots in every seat and return its summary."""
    names = [bots] * players if isinstance(bots, str) else list(bots)
    if len(names) != players:
        raise ValueError(f"need {players} bot names, got {len(names)}")
    seat_bots = [make_bot(name, seed=seed * 100 + i) for i, name in enumerate(names)]
    state = game.new_game(players=players, seed=seed, **variants)
    decisions = 0
    while not state.is_over:
        seat = state.deciders[0]              # several seats may decide: one at a time
        state.apply(seat_bots[seat].choose(state, seat), seat=seat)
        decisions += 1
    return {
        "seed": seed,
        "players": players,
        "winners": tuple(state.winners),
        "scores": tuple(state.scores),
        "turns": getattr(state, "turn", None),
        "decisions": decisions,
    }


def simulate(game, games: int = 1000, players: int = 2, seed: int = 0,
             bots: str | Sequence[str] = "random",
             progress: Callable[[int, int], None] | None = None, **variants) -> list[dict]:
    """Play ``games`` seeded bot games (seeds ``seed``, ``seed + 1``, …)."""
    results = []
    for i in range(games):
        results.append(play(game, players=players, seed=seed + i, bots=bots, **variants))
        if progress is not None:
            progress(i + 1, games)
    return results


def interval(hits: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % (Wilson score) interval of a share: ``hits`` out of ``games``. Fine for
    small counts and for 0 or all, where the plain "p ± 2 standard errors" is not.

        >>> [round(x, 3) for x in interval(58, 100)]
        [0.482, 0.672]
        >>> interval(0, 0)
        (0.0, 1.0)
    """
    if games <= 0:
        return 0.0, 1.0
    p = hits / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def share(hits: int, games: int, what: str = "games") -> str:
    """``hits`` out of ``games`` in words, with how uncertain it is: the range that would
    hold the true share in 95 of 100 such experiments.

        >>> share(58, 100)
        '58 of 100 games (58 %; with this many games, somewhere between 48 % and 67 %)'
        >>> share(1, 1, "duels")
        '1 of 1 duels (100 %; with this many duels, somewhere between 21 % and 100 %)'
    """
    low, high = interval(hits, games)
    pct = 100 * hits / games if games else 0
    return (f"{hits} of {games} {what} ({pct:.0f} %; with this many {what}, somewhere between "
            f"{100 * low:.0f} % and {100 * high:.0f} %)")
