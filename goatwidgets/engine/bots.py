"""Bots: anything with ``choose(state) -> Action`` can play a seat.

    >>> from goatwidgets.games import floats_mcgoats as game
    >>> from goatwidgets.engine.bots import make_bot
    >>> s = game.new_game(players=2, seed=1)
    >>> bot = make_bot("random", seed=3)
    >>> bot.choose(s) in s.legal_actions()
    True

``random`` first picks a kind of action uniformly (so "roll" is as likely as "place a goat"),
then one action of that kind. ``greedy`` looks one decision ahead with the game's
``heuristic(seat)``; an action that draws chance is tried on a copy whose random generator
is re-seeded from the bot's own, so the bot never peeks at the real future.
"""

from __future__ import annotations

import random
from typing import Callable

from .state import Action, State


class Bot:
    """Base class: a named decision maker with its own seeded random generator."""

    name = "bot"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def choose(self, state: State) -> Action:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{type(self).__name__}>"


class RandomBot(Bot):
    """Uniform over kinds of action, then uniform within the kind."""

    name = "random"

    def choose(self, state: State) -> Action:
        by_kind: dict[str, list[Action]] = {}
        for action in state.legal_actions():
            by_kind.setdefault(action.kind, []).append(action)
        if not by_kind:
            raise ValueError("no legal action to choose from")
        kind = self.rng.choice(sorted(by_kind))
        return self.rng.choice(by_kind[kind])


class GreedyBot(Bot):
    """Takes the action whose result scores best by ``state.heuristic(seat)``."""

    name = "greedy"

    def choose(self, state: State) -> Action:
        seat = state.to_move
        best: list[Action] = []
        best_value = float("-inf")
        for action in state.legal_actions():
            value = self.value(state, action, seat)
            if value > best_value:
                best, best_value = [action], value
            elif value == best_value:
                best.append(action)
        if not best:
            raise ValueError("no legal action to choose from")
        return self.rng.choice(best)

    def value(self, state: State, action: Action, seat: int) -> float:
        trial = state.clone()
        trial.rng.seed(self.rng.random())
        trial.apply(action)
        return trial.heuristic(seat)


BOTS: dict[str, Callable[..., Bot]] = {"random": RandomBot, "greedy": GreedyBot}


def make_bot(name: str, seed: int | None = None) -> Bot:
    """A bot by name (``"random"`` or ``"greedy"``)."""
    try:
        return BOTS[name](seed=seed)
    except KeyError:
        raise ValueError(f"unknown bot {name!r} (bots: {', '.join(BOTS)})") from None
