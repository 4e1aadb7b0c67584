"""A game's strategy, declared: how its bots, coach and review judge a position (issue 35
item 3). A game writes the functions it has in its ``strategy`` module; :meth:`Strategy.of`
reads that module once, when the game's ``State`` class is made, and the engine's defaults
stand in for what it leaves out. The engine then calls the record's functions: it never asks
a module what it has.

    >>> from goatwidgets.games import grab_your_goat
    >>> rules = grab_your_goat.State.strategy
    >>> isinstance(rules, Strategy), rules.candidates is no_candidates
    (True, True)
    >>> s = grab_your_goat.new_game(players=2, seed=1)
    >>> rules.heuristic(s, 0) == s.heuristic(0)
    True

A test or an experiment passes another strategy by replacing one function:
``dataclasses.replace(State.strategy, decided=never_decided)``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, fields
from typing import Any, Callable, Optional, Sequence

# The annotations name the engine's State, Action and Reason as words only (never imported:
# state.py imports this module).


def score_lead(state: "State", seat: int) -> float:
    """The default heuristic: ``seat``'s score less the best of the others'."""
    return state.score_lead(seat)


def uniform_choice(state: "State", seat: int, rng: random.Random) -> "Action":
    """The default playout move: a legal action at random, each kind as likely."""
    return state.uniform_choice(seat, rng)


def no_candidates(state: "State", seat: int, rng: random.Random) -> None:
    """The default: a search tries every legal action."""
    return None


def no_reasons(before: "State", after: "State", action: "Action", seat: int) -> list:
    """The default: nothing the game can prove about a move."""
    return []


def never_decided(before: "State", after: "State", action: "Action", seat: int) -> bool:
    """The default for a game with hidden information: a win is not said to be sure."""
    return False


def may_show_anything(before: "State", after: "State", action: "Action", seat: int) -> bool:
    """The default ``shows``: any action may have shown ``seat`` something hidden (a game
    with hidden cards says which of its actions do not)."""
    return True


@dataclass(frozen=True)
class Strategy:
    """The functions the engine calls (each with its default):

    - ``heuristic(state, seat)``: how good the position looks for ``seat`` (bots, playouts);
    - ``quick_choice(state, seat, rng)``: a fast move in a search's playouts;
    - ``candidates(state, seat, rng)``: the actions the ``strong`` bot's search tries, or None
      for all (on a copy re-dealt for ``seat``);
    - ``reasons(before, after, action, seat)``: what the game can prove a move does, from the
      seat's information only (:mod:`.sure`);
    - ``decided(before, after, action, seat)``: whether the rules carried out ``seat``'s
      ``action`` reading nothing it can't see (a win no hidden card can change, a move that
      showed it nothing: :func:`.sure.decided`, :func:`.sure.learned_nothing`);
    - ``shows(before, after, action, seat)``: whether ``seat``'s ``action`` put before it
      something it could not see before (a face-down card turned up or taken into its hand,
      another's hand shown): the undo policy and the review's lines ask it
      (:func:`.sure.learned_nothing`);
    - ``search_depth``: decisions a trial plays after its candidate; ``heuristic_scale``:
      points of ``heuristic`` that make a seat about e times as likely to win.
    """

    heuristic: Callable[["State", int], float] = score_lead
    quick_choice: Callable[["State", int, random.Random], "Action"] = uniform_choice
    candidates: Callable[["State", int, random.Random], Optional[Sequence["Action"]]] = \
        no_candidates
    reasons: Callable[["State", "State", "Action", int], list["Reason"]] = no_reasons
    decided: Callable[["State", "State", "Action", int], bool] = never_decided
    shows: Callable[["State", "State", "Action", int], bool] = may_show_anything
    search_depth: int = 8
    heuristic_scale: float = 10.0

    #: the module names a game's ``strategy`` module may define, by field
    MODULE_NAMES = {"search_depth": "SEARCH_DEPTH", "heuristic_scale": "HEURISTIC_SCALE"}

    @classmethod
    def of(cls, module: Any) -> "Strategy":
        """The strategy a game's module declares: each field the module defines (under its
        own name, or ``SEARCH_DEPTH`` / ``HEURISTIC_SCALE``), the engine's default for the
        rest. ``None`` (a game without a strategy module): all the defaults."""
        given = {}
        for f in fields(cls):
            name = cls.MODULE_NAMES.get(f.name, f.name)
            if module is not None and name in vars(module):
                given[f.name] = vars(module)[name]
        return cls(**given)
