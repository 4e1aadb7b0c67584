"""Helpers shared by the engine's test modules (no test module imports another)."""

from __future__ import annotations

from goatwidgets.engine.bots import make_bot
from goatwidgets.engine.table import Table


def decided(game, players: int, seed: int, decisions: int):
    """A position ``decisions`` greedy decisions into a seeded game."""
    bot = make_bot("greedy", seed=seed)
    return Table(game.new_game(players=players, seed=seed), bots=bot).play_out(decisions).state


def with_strategy(monkeypatch, game, **functions):
    """Give ``game``'s State another strategy for this test: its own with ``functions``
    replaced (``candidates=...``, ``reasons=...``), the engine's default for a name given
    as None (issue 35 item 3: a test passes a strategy, it does not patch a module)."""
    import dataclasses

    from goatwidgets.engine.strategy import Strategy
    defaults = Strategy()
    given = {name: getattr(defaults, name) if fn is None else fn
             for name, fn in functions.items()}
    monkeypatch.setattr(game.State, "strategy", dataclasses.replace(game.State.strategy, **given))
