"""Bots: anything with ``choose(state, seat) -> Action`` can play a seat.

    >>> from goatwidgets.games import floats_mcgoats as game
    >>> from goatwidgets.engine.bots import make_bot
    >>> s = game.new_game(players=2, seed=1)
    >>> bot = make_bot("random", seed=3)
    >>> bot.choose(s, 0) in s.legal_actions(0)
    True

A bot decides only from what its seat may know. ``random`` picks among the seat's legal
actions (a list the seat sees anyway): first a kind of action uniformly (so "roll" is as likely
as "place a goat"), then one action of that kind. ``greedy`` looks one decision ahead with the
game's ``heuristic(seat)`` on ``state.redealt(seat, rng)``: a copy in which everything the seat
cannot see (other hands, face-down cards, deck order, queued presets, future chance, other
seats' secret choices) is re-dealt from the bot's own random generator.
"""

from __future__ import annotations

import random
from typing import Callable

from .errors import VariantError, quote
from .estimate import Budget, Search
from .state import Action, State
from .strategy import no_candidates


class Bot:
    """Base class: a named decision maker with its own seeded random generator."""

    name = "bot"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def choose(self, state: State, seat: int | None = None) -> Action:
        """The action this bot takes for ``seat`` (default: the one deciding seat)."""
        raise NotImplementedError

    @staticmethod
    def _seat(state: State, seat: int | None) -> int:
        if seat is None:
            seat = state.to_move
        if seat is None or seat not in state.deciders:
            raise ValueError(f"seat {seat!r} has no decision to take now")
        return seat

    def __repr__(self) -> str:
        return f"<{type(self).__name__}>"


class RandomBot(Bot):
    """Uniform over kinds of action, then uniform within the kind."""

    name = "random"

    def choose(self, state: State, seat: int | None = None) -> Action:
        seat = self._seat(state, seat)
        by_kind: dict[str, list[Action]] = {}
        for action in state.legal_actions(seat):
            by_kind.setdefault(action.kind, []).append(action)
        if not by_kind:
            raise ValueError("no legal action to choose from")
        kind = self.rng.choice(sorted(by_kind))
        return self.rng.choice(by_kind[kind])


def looked_ahead(state: State, seat: int, actions: list[Action]) -> list[float]:
    """``heuristic(seat)`` after each of ``actions`` (one look ahead), on copies of ``state``
    (a copy re-dealt from the seat's information: the bots never call it on the real game)."""
    values = []
    for action in actions:
        trial = state.clone()
        trial.apply(action, seat=seat)
        values.append(trial.heuristic(seat))
    return values


class GreedyBot(Bot):
    """Takes the action whose result scores best by ``heuristic(seat)``, judged on a copy of
    the game re-dealt from what the seat may know. Where a decision has more than
    ``max_trials`` actions it judges a random sample of them (its thinking time stays
    bounded)."""

    name = "greedy"
    max_trials = 48

    def choose(self, state: State, seat: int | None = None) -> Action:
        seat = self._seat(state, seat)
        guess = state.redealt(seat, self.rng)
        actions = guess.legal_actions(seat)
        if len(actions) > self.max_trials:
            actions = self.rng.sample(actions, self.max_trials)
        best: list[Action] = []
        best_value = float("-inf")
        for action, value in zip(actions, looked_ahead(guess, seat, actions)):
            if value > best_value:
                best, best_value = [action], value
            elif value == best_value:
                best.append(action)
        if not best:
            raise ValueError("no legal action to choose from")
        return self.rng.choice(best)


class BeginnerBot(GreedyBot):
    """Plays like ``greedy`` half the time and like ``random`` the other half: someone who
    has learned the rules and sometimes sees the good move."""

    name = "beginner"
    careful = 0.5

    def choose(self, state: State, seat: int | None = None) -> Action:
        if self.rng.random() < self.careful:
            return super().choose(state, seat)
        return RandomBot.choose(self, state, seat)


class SearchBot(Bot):
    """Takes the action with the best estimated share of the win (:mod:`.estimate`), from its
    ``budget``'s trials on re-deals of what its seat may know (300, at most 900 ms; a
    ``Budget(300, None)`` counts trials only: ``make_bot("strong", seed, budget=...)``)."""

    name = "strong"
    budget = Budget()

    def __init__(self, seed: int | None = None, budget: Budget | None = None):
        super().__init__(seed)
        if budget is not None:
            self.budget = budget

    def choose(self, state: State, seat: int | None = None) -> Action:
        seat = self._seat(state, seat)
        actions = state.legal_actions(seat)
        if len(actions) == 1:
            return actions[0]
        seed = self.rng.getrandbits(64)
        candidates = self.candidates(state, seat, seed)
        if candidates is not None and len(candidates) == 1:
            return candidates[0]                         # nothing for trials to compare
        search = Search(state, seat, seed=seed, candidates=candidates)
        return search.run(iterations=self.budget.iterations, ms=self.budget.ms).best.action

    @staticmethod
    def candidates(state: State, seat: int, seed: int) -> list[Action] | None:
        """The actions worth a search's trials: the game's ``strategy.candidates(state,
        seat, rng)`` where it has one (a game with many legal actions, whose trials would spread
        too thin over them), judged on a copy re-dealt from the seat's information; None
        (every legal action) otherwise."""
        strategy = type(state).strategy
        if strategy.candidates is no_candidates:
            return None                                 # (no re-deal: the same games as before)
        rng = random.Random(seed)
        return strategy.candidates(state.redealt(seat, rng), seat, rng)


#: the ladder, weakest first, named for people; ``greedy`` is ``casual`` under its old name
LADDER = ("random", "beginner", "casual", "strong")
BOTS: dict[str, Callable[..., Bot]] = {"random": RandomBot, "beginner": BeginnerBot,
                                       "casual": GreedyBot, "greedy": GreedyBot,
                                       "strong": SearchBot}


def make_bot(name: str, seed: int | None = None, budget: Budget | None = None) -> Bot:
    """A bot by name: a level of the ``LADDER`` (``"random"``, ``"beginner"``, ``"casual"``,
    ``"strong"``) or ``"greedy"`` (the same as ``"casual"``); ``budget`` for a bot that
    searches (the others take no budget and ignore it)."""
    if not isinstance(name, str) or name not in BOTS:
        raise VariantError(f"unknown bot {quote(name)} (bots: {', '.join(BOTS)})", "bots")
    made = BOTS[name]
    if budget is not None and issubclass(made, SearchBot):
        return made(seed=seed, budget=budget)
    return made(seed=seed)
