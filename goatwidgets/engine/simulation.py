"""Play many bot games and collect what happened.

    >>> from goatwidgets.games import floats_mcgoats as game
    >>> results = simulate(game, games=3, players=2, seed=0)
    >>> len(results), sorted(results[0])
    (3, ['decisions', 'players', 'scores', 'seed', 'turns', 'winners'])

``progress`` is called as ``progress(done, total)`` after every game (the notebooks pass a
progress bar; see ``goatwidgets.simulate``).
"""

from __future__ import annotations

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
