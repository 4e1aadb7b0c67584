"""Helpers shared by the engine's test modules (no test module imports another)."""

from __future__ import annotations

from goatwidgets.engine.bots import make_bot


def decided(game, players: int, seed: int, decisions: int):
    """A position ``decisions`` greedy decisions into a seeded game."""
    state = game.new_game(players=players, seed=seed)
    bot = make_bot("greedy", seed=seed)
    for _ in range(decisions):
        if state.is_over:
            break
        seat = state.deciders[0]
        state.apply(bot.choose(state, seat), seat=seat)
    return state
