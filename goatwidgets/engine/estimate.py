"""How good is each move? An estimate made from one seat's information only.

For a seat at a decision, :class:`Search` estimates each of its legal actions' value: the
chance of winning (in a game of several players, the expected share of the win: a win shared
by two counts one half). It never peeks: every trial plays on ``state.redealt(seat, rng)``, a
copy in which whatever the seat cannot see (other hands, face-down cards, the deck's order,
other seats' secret choices, future dice) is dealt anew from the search's own seeded random
generator. A trial takes one candidate (the least tried first, then by UCB1: good ones more
often, none forgotten), plays it, lets every seat play on for ``depth`` decisions with the
game's ``quick_choice``, and scores the end: a finished game by who won, an unfinished one by
the game's ``heuristic`` turned into shares of the win (a softmax over the seats,
``heuristic_scale`` per game).

    >>> from goatwidgets.games import goat_lords as game
    >>> s = game.new_game(players=2, seed=4)
    >>> found = Search(s, 0, seed=1).run(iterations=60)
    >>> found.iterations, len(found.choices) == len(s.legal_actions(0))
    (60, True)
    >>> best = found.best
    >>> 0 <= best.interval[0] <= best.value <= best.interval[1] <= 1
    True

The same state, seat, seed and budget in iterations give exactly the same estimate (a budget
in milliseconds stops when the time is up, so it depends on the machine's speed).
``Search.step()`` runs one trial and returns what it did (for the glass box).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import Sequence

from .state import Action, State
from .words import in_ten, obj, possessive

#: UCB1's exploration weight for values in [0, 1]
EXPLORE = 0.7


@dataclass
class Choice:
    """One candidate action and what the trials that took it found."""

    action: Action
    visits: int = 0
    total: float = 0.0
    squares: float = 0.0
    #: a few lines played after it (the first decisions of its first trials, in words:
    #: "Bo: send your goat north"), for the glass box, each with its trial's score
    lines: list = field(default_factory=list)

    @property
    def value(self) -> float:
        """The mean share of the win over the trials (0.5 before any)."""
        return self.total / self.visits if self.visits else 0.5

    @property
    def interval(self) -> tuple[float, float]:
        """The 95 % interval of the value (normal approximation, the spread of the trials'
        values, never narrower than a share of ``visits`` coin flips would allow at the
        ends): (0, 1) with fewer than two trials."""
        if self.visits < 2:
            return 0.0, 1.0
        mean = self.value
        spread = max(self.squares / self.visits - mean * mean, 0.0)
        floor = 0.25 / self.visits                # a share near 0 or 1 is not certain
        half = 1.96 * math.sqrt(max(spread, floor) / (self.visits - 1))
        return max(0.0, mean - half), min(1.0, mean + half)

    def to_dict(self) -> dict:
        low, high = self.interval
        return {"action": str(self.action), "visits": self.visits,
                "value": round(self.value, 4), "low": round(low, 4), "high": round(high, 4)}


@dataclass
class Estimate:
    """What a search found: the seat, each candidate (best first), the trials made."""

    seat: int
    choices: list[Choice]
    iterations: int
    ms: float

    @property
    def best(self) -> Choice:
        """The candidate with the highest value (ties: the most tried, then the first)."""
        return self.choices[0]

    def separated(self) -> bool:
        """Whether the best candidate's interval lies wholly above every other's."""
        if len(self.choices) < 2:
            return True
        low = self.best.interval[0]
        return all(c.interval[1] < low for c in self.choices[1:])

    def to_dict(self) -> dict:
        return {"seat": self.seat, "iterations": self.iterations, "ms": round(self.ms, 1),
                "choices": [c.to_dict() for c in self.choices]}


@dataclass(frozen=True)
class Budget:
    """What a search may spend on one decision: ``iterations`` trials, stopped early after
    ``ms`` milliseconds (None: no cap). ``Budget(300, None)`` counts trials only, so a bot
    makes the same choice on a busy machine as on an idle one (the ladder's measurements).

        >>> Budget(), Budget(300, None).ms is None
        (Budget(iterations=300, ms=900.0), True)
    """

    iterations: int = 300
    ms: float | None = 900.0

    def __post_init__(self):
        if type(self.iterations) is not int or self.iterations < 1:
            raise ValueError(f"a budget's iterations must be a whole number >= 1, "
                             f"not {self.iterations!r}")
        if self.ms is not None and not (isinstance(self.ms, (int, float)) and self.ms > 0):
            raise ValueError(f"a budget's ms must be a positive number or None, not {self.ms!r}")


@dataclass
class Trial:
    """One trial of a search: the candidate taken, the decisions played after it, the
    share of the win it was scored, and whether the game ended within the playout."""

    action: Action
    line: list[tuple[int, str]]
    value: float
    finished: bool


class Search:
    """A seeded search for ``seat``'s decision in ``state`` (which it never changes).

    ``depth`` is how many decisions a trial plays after the candidate before it scores the
    position (``None``: the game's ``search_depth``); ``candidates`` limits the actions
    considered (default: every legal one)."""

    def __init__(self, state: State, seat: int, seed: int = 0, depth: int | None = None,
                 candidates: Sequence[Action] | None = None):
        if seat not in state.deciders:
            raise ValueError(f"seat {seat!r} has no decision to take now")
        self.state, self.seat = state, seat
        self.rng = random.Random(seed)
        self.depth = type(state).strategy.search_depth if depth is None else depth
        actions = list(candidates) if candidates is not None else state.legal_actions(seat)
        if not actions:
            raise ValueError("no legal action to estimate")
        self.choices = [Choice(a) for a in actions]
        self.iterations = 0
        self.ms = 0.0

    # ------------------------------------------------------------------ trials

    def _pick(self) -> Choice:
        fresh = [c for c in self.choices if not c.visits]
        if fresh:
            return fresh[0]
        log_n = math.log(self.iterations)
        return max(self.choices,
                   key=lambda c: c.value + EXPLORE * math.sqrt(log_n / c.visits))

    def step(self) -> Trial:
        """Run one trial and return it."""
        choice = self._pick()
        world = self.state.redealt(self.seat, self.rng)
        world.apply(choice.action, seat=self.seat)
        line, told = [], []
        kept = len(choice.lines) < 3                 # its first moves told for the glass box
        for _ in range(self.depth):
            if world.is_over:
                break
            seat = world.deciders[0]
            action = world.quick_choice(seat, self.rng)
            if kept and len(told) < 6:
                told.append(f"{world.seat_name(seat)}: {world.action_told(action, seat)}")
            world.apply(action, seat=seat)
            line.append((seat, str(action)))
        value = shares(world)[self.seat]
        choice.visits += 1
        choice.total += value
        choice.squares += value * value
        if kept:
            choice.lines.append((told, round(value, 3)))
        self.iterations += 1
        return Trial(choice.action, line, value, world.is_over)

    def run(self, iterations: int | None = None, ms: float | None = None) -> Estimate:
        """Trials until ``iterations`` more are made or ``ms`` milliseconds have passed
        (whichever comes first; at least one trial per candidate when ``ms`` allows)."""
        if iterations is None and ms is None:
            raise ValueError("give the search a budget: iterations=… or ms=…")
        start = time.perf_counter()
        end = None if ms is None else start + ms / 1000
        goal = None if iterations is None else self.iterations + iterations
        while goal is None or self.iterations < goal:
            if end is not None and time.perf_counter() >= end:
                break
            self.step()
        self.ms += (time.perf_counter() - start) * 1000
        return self.estimate()

    def estimate(self) -> Estimate:
        order = sorted(range(len(self.choices)),
                       key=lambda i: (-self.choices[i].value, -self.choices[i].visits, i))
        return Estimate(self.seat, [self.choices[i] for i in order], self.iterations, self.ms)


def win_share(winners, seat: int) -> float:
    """``seat``'s share of a finished game's win: one over the number of winners if it is
    among them (a win shared by two counts one half), else nothing (a draw has no winners).

        >>> win_share((0, 2), 2), win_share((1,), 0), win_share((), 0)
        (0.5, 0.0, 0.0)
    """
    return 1 / len(winners) if seat in winners else 0.0


def shares(state: State) -> list[float]:
    """Each seat's share of the win: exact when the game is over (a draw gives nobody
    anything), else a softmax of the seats' ``heuristic`` over the game's
    ``heuristic_scale``."""
    n = state.players
    if state.is_over:
        return [win_share(state.winners, s) for s in range(n)]
    scale = type(state).strategy.heuristic_scale
    values = [state.heuristic(s) / scale for s in range(n)]
    top = max(values)
    weights = [math.exp(v - top) for v in values]
    total = sum(weights)
    return [w / total for w in weights]


def explain_choice(state: State, seat: int, iterations: int = 300, seed: int = 0,
                   top: int = 5) -> str:
    """The glass box: what the search thinks of ``seat``'s choices, in plain words first
    ("wins about 6 games in 10"), then the numbers for the curious (value, interval, trials)
    and, under each of the best, a line a trial played after it.

        >>> from goatwidgets.games import goat_lords as game
        >>> print(explain_choice(game.new_game(players=2, seed=4), 0, iterations=40)
        ...       .splitlines()[0][:22])
        After 40 trials from P
    """
    found = Search(state, seat, seed=seed).run(iterations=iterations)
    name = state.seat_name(seat)
    best = found.best
    unseen = (f"what {obj(name)} can't see dealt anew" if type(state).hidden_information
              else "dice and draws to come rolled anew")
    lines = [f"After {found.iterations} trials from {possessive(name)} view ({unseen} each "
             f"time), the best choice is to {state.action_told(best.action, seat)}: it wins "
             f"about {in_ten(best.value, 'games')} by the search's reckoning (trials "
             "that stop before the end are scored by the game's rules of thumb)."]
    if not found.separated():
        lines.append("The best choices are close: their intervals overlap, so more trials "
                     "could change the order.")
    lines.append("")
    lines.append(f"{'wins':>5s} {'95 % interval':>14s} {'trials':>7s}  choice")
    for choice in found.choices[:top]:
        low, high = choice.interval
        lines.append(f"{100 * choice.value:4.0f}% {100 * low:6.0f}-{100 * high:3.0f} % "
                     f"{choice.visits:7d}  {state.action_told(choice.action, seat)}")
        for told, value in choice.lines[:1]:
            moves = "; ".join(told[:4]) or "nothing more: scored right after the move"
            lines.append(f"{'':29s}one imagined game: {moves} … scored {100 * value:.0f}%")
    if len(found.choices) > top:
        lines.append(f"… and {len(found.choices) - top} more")
    return "\n".join(lines)


# ---------------------------------------------------------------------------- paired trials


@dataclass
class Tally:
    """One candidate's trials on shared worlds (:class:`Worlds`): ``values[t]`` is the share of
    the win it was scored on world ``t``."""

    action: Action
    values: list[float] = field(default_factory=list)

    @property
    def visits(self) -> int:
        return len(self.values)

    @property
    def value(self) -> float:
        """The mean share of the win over the trials (0.5 before any)."""
        return sum(self.values) / len(self.values) if self.values else 0.5

    @property
    def interval(self) -> tuple[float, float]:
        """The 95 % interval of the value, as :attr:`Choice.interval` gives it."""
        return _interval(self.values, 0.0, 1.0)


def _interval(values: Sequence[float], lo: float, hi: float) -> tuple[float, float]:
    """The 95 % interval of the mean of ``values`` (Student's t, never narrower than coin
    flips' at the ends: see :attr:`Choice.interval`), clipped to [lo, hi]; (lo, hi) with fewer
    than two values.

        >>> [round(x, 2) for x in _interval([0.0, 1.0] * 10, 0.0, 1.0)]     # t: 2.09
        [0.26, 0.74]
    """
    n = len(values)
    if n < 2:
        return lo, hi
    mean = sum(values) / n
    spread = max(sum(v * v for v in values) / n - mean * mean, 0.0)
    df = n - 1                       # t's 97.5 % point, near enough from 3 degrees on
    t = 1.96 + 2.37 / df + 2.8 / df ** 2
    half = t * math.sqrt(max(spread, 0.25 / n) / df)
    return max(lo, mean - half), min(hi, mean + half)


def difference(a: Tally, b: Tally, start: int = 0) -> tuple[float, float, float]:
    """How much more ``a`` won than ``b`` on the worlds both were tried on (from world
    ``start``): the mean difference and its 95 % interval. Both judged on the same trials,
    the difference is surer than either value: the luck of a world (what was dealt, the dice
    to come) counts for both."""
    n = min(a.visits, b.visits)
    diffs = [a.values[t] - b.values[t] for t in range(start, n)]
    if not diffs:
        return 0.0, -1.0, 1.0
    low, high = _interval(diffs, -1.0, 1.0)
    return sum(diffs) / len(diffs), low, high


class Worlds:
    """Trials of ``seat``'s candidates in ``state`` on shared worlds: world ``t`` is one copy
    re-dealt from the seat's information (the same unseen cards, the same dice to come) and one
    seed for the playout, whichever candidate is tried on it (common random numbers: the luck
    of a world counts alike for every candidate, so their difference is surer than their
    values). A trial plays the candidate, then ``depth`` quick decisions of every seat, and
    scores the end as :class:`Search` does. Unlike :class:`Search` (the bots'), it leaves the
    choice of which candidate to try, and how often, to its caller.

        >>> from goatwidgets.games import goat_lords as game
        >>> s = game.new_game(players=2, seed=4)
        >>> w = Worlds(s, 0, seed=1)
        >>> a, b = (Tally(x) for x in s.legal_actions(0)[:2])
        >>> w.extend(a, 10), w.extend(b, 10)
        (10, 10)
        >>> mean, low, high = difference(a, b)
        >>> low <= mean <= high and a.visits == b.visits == 10
        True
    """

    def __init__(self, state: State, seat: int, seed: int = 0, depth: int | None = None):
        if seat not in state.deciders:
            raise ValueError(f"seat {seat!r} has no decision to take now")
        self.state, self.seat, self.seed = state, seat, seed
        self.depth = type(state).strategy.search_depth if depth is None else depth
        self._worlds: list[tuple[State, int]] = []
        self._rng = random.Random(seed)
        self.trials = 0

    def world(self, t: int) -> tuple[State, int]:
        """World ``t``: the re-dealt copy (never changed: a trial plays on a clone of it) and
        its playout seed."""
        while len(self._worlds) <= t:
            redeal = random.Random(self._rng.getrandbits(64))
            self._worlds.append((self.state.redealt(self.seat, redeal),
                                 self._rng.getrandbits(64)))
        return self._worlds[t]

    def trial(self, action: Action, t: int) -> float:
        """The seat's share of the win when it plays ``action`` on world ``t``."""
        base, playout = self.world(t)
        world, rng, seat = base.clone(), random.Random(playout), self.seat
        world.apply(action, seat=seat)
        for _ in range(self.depth):
            if world.is_over:
                break
            who = world.deciders[0]
            world.apply(world.quick_choice(who, rng), seat=who)
        self.trials += 1
        return shares(world)[seat]

    def extend(self, tally: Tally, worlds: int) -> int:
        """Try ``tally``'s action on worlds up to ``worlds`` (those not tried yet); the number
        of trials made."""
        made = 0
        while tally.visits < worlds:
            tally.values.append(self.trial(tally.action, tally.visits))
            made += 1
        return made
