"""A game review from one seat's eyes: each of its decisions graded, luck told apart from choices.

:func:`review` replays a game (finished or saved) from its record and, at each decision of
``seat``, asks the estimator (:mod:`.estimate`) how every legal action did from what the seat
knew then: the chance of winning with the best action (``before``), with the action played
(``after``), the drop between them and a grade:

==============  ==============================================================================
``good``        the drop is under 5 points of winning chance, or the two intervals overlap
                (the search can't tell them apart: an honest review never calls that a mistake)
``inaccuracy``  5 to 10 points
``mistake``     10 to 20 points
``blunder``     20 points or more
==============  ==============================================================================

Luck is what a die, a draw or a shuffle did to the seat's chance, apart from its choices: for
each move that drew chance, the seat's own and the other seats' moves it saw (a roll, a card
played face up), its chance after the move (as it could see it) less its chance averaged over
the outcomes that could have come, the same move played again on copies re-dealt from what
the seat knew before it (:func:`luck_of`). A move whose chance the seat could not see (another
seat's card drawn face down, its secret choice) is left out: nothing the seat saw came by
chance there, and it can't tell that move's luck apart from that seat's choices.
Chess reviews can't say this; dice games must.

    >>> from goatwidgets.games import goat_lords as game
    >>> from goatwidgets.engine.bots import make_bot
    >>> s, bot = game.new_game(players=2, seed=3), make_bot("casual", seed=3)
    >>> for _ in range(12):
    ...     s.apply(bot.choose(s, s.deciders[0]), seat=s.deciders[0])
    >>> r = review(s, 0, iterations=20)
    >>> {m.grade for m in r.moments} <= set(GRADES), r.seat
    (True, 0)

Everything is seeded: the same game, seat, seed and budget give the same review, on any
executor (``executor``: a ``concurrent.futures.Executor``; the searches are spread over it).
"""

from __future__ import annotations

import json
import random
from concurrent.futures import Executor
from dataclasses import dataclass, field
from importlib import import_module

from .coach import Reason, proven
from .estimate import Search, shares
from .errors import GameError
from .state import State
from .words import obj, plural, subject

#: the grades, by the drop in winning chance (``before - after``) from which each starts
GRADES = {"good": 0.0, "inaccuracy": 0.05, "mistake": 0.10, "blunder": 0.20}
#: each grade in words, one and many
GRADE_WORDS = {"good": ("good", "good"), "inaccuracy": ("inaccuracy", "inaccuracies"),
               "mistake": ("mistake", "mistakes"), "blunder": ("blunder", "blunders")}
#: the re-dealt copies (and chance outcomes) the luck of an event is averaged over
LUCK_COPIES = 8
#: Retry this moment: a move is as good as the best if its winning chance (the moment's own
#: estimate) is at most this far below the best's: 0.03 = 3 points of winning chance, under the
#: 5 points from which a move is graded an inaccuracy
TOLERANCE = 0.03


def grade(before: float, after: float, overlap: bool) -> str:
    """The grade of a decision that kept ``after`` of a best ``before`` winning chance.

        >>> grade(0.6, 0.58, False), grade(0.6, 0.52, False), grade(0.6, 0.3, False)
        ('good', 'inaccuracy', 'blunder')
        >>> grade(0.6, 0.3, True)
        'good'
    """
    drop = before - after
    if overlap:
        return "good"
    return max((g for g, start in GRADES.items() if drop >= start - 1e-9), key=GRADES.get)


@dataclass
class Moment:
    """One decision of the reviewed seat: where it is in the record (``entry``), what was
    played and what looked best, the chances, the grade and the best action's reasons."""

    entry: int
    played: str
    best: str
    before: float
    after: float
    grade: str
    reasons: tuple[Reason, ...] = ()
    low: float = 0.0
    high: float = 1.0
    #: every legal action's winning chance by this moment's search (action text -> value),
    #: best first: what "Retry this moment" judges a student's move by
    values: dict[str, float] = field(default_factory=dict)

    @property
    def drop(self) -> float:
        return self.before - self.after

    def good_enough(self, action: str, tolerance: float = TOLERANCE) -> bool | None:
        """Whether ``action`` (its text, as the record writes it) keeps at least the best
        action's winning chance less ``tolerance``, by this moment's own estimate; None for
        an action the moment has no value for (not one of its legal actions).

            >>> m = Moment(3, "b", "a", 0.6, 0.3, "blunder", values={"a": 0.6, "c": 0.58,
            ...                                                      "b": 0.3})
            >>> m.good_enough("a"), m.good_enough("c"), m.good_enough("b"), m.good_enough("x")
            (True, True, False, None)
        """
        if action not in self.values:
            return None
        return self.values[action] >= self.before - tolerance - 1e-9

    def to_dict(self) -> dict:
        return {"entry": self.entry, "played": self.played, "best": self.best,
                "before": round(self.before, 4), "after": round(self.after, 4),
                "grade": self.grade, "reasons": [r.to_dict() for r in self.reasons],
                "values": {a: round(v, 4) for a, v in self.values.items()}}


@dataclass
class Luck:
    """A record entry that drew chance: the seat's chance after it less what it could
    expect before the outcome was known (positive: good luck)."""

    entry: int
    seat: int
    action: str
    swing: float

    def to_dict(self) -> dict:
        return {"entry": self.entry, "seat": self.seat, "action": self.action,
                "swing": round(self.swing, 4)}


@dataclass
class Review:
    """The review of ``seat``'s game: its decisions (``moments``) and the luck it met."""

    seat: int
    name: str
    moments: list[Moment] = field(default_factory=list)
    luck: list[Luck] = field(default_factory=list)

    def flagged(self) -> list[Moment]:
        """The decisions graded worse than good, the worst first."""
        return sorted((m for m in self.moments if m.grade != "good"), key=lambda m: -m.drop)

    def summary(self) -> str:
        """A few plain sentences: how many decisions of each grade, the worst one, the luck."""
        counts = {g: sum(m.grade == g for m in self.moments) for g in GRADES}
        said = ", ".join(f"{n} {GRADE_WORDS[g][n != 1]}" for g, n in counts.items() if n)
        lines = [f"{subject(self.name)}: {plural(len(self.moments), 'decision')} reviewed"
                 + (f" ({said})." if said else ".")]
        worst = self.flagged()
        if worst:
            m = worst[0]
            lines.append(f"The costliest: {m.played} (about {round(10 * m.after)} in 10) where "
                         f"{m.best} kept about {round(10 * m.before)} in 10.")
        total = round(100 * sum(k.swing for k in self.luck))
        if self.luck:
            if total:
                lines.append(f"Luck {'helped' if total > 0 else 'cost'} {obj(self.name)} about "
                             f"{plural(abs(total), 'game')} in 100 over the game (dice and "
                             "draws, apart from the choices).")
            else:
                lines.append("Luck (dice and draws) made no real difference over the game.")
        return " ".join(lines)

    def to_dict(self) -> dict:
        return {"seat": self.seat, "name": self.name,
                "moments": [m.to_dict() for m in self.moments],
                "luck": [k.to_dict() for k in self.luck]}


def position_at(state: State, entry: int) -> State:
    """A copy of ``state`` as it was before its record's ``entry`` (0: the start)."""
    world = state.clone()
    world._replay(state._journal[:entry], keep=0)
    return world


def value_for(state: State, seat: int, seed: int = 0, copies: int = LUCK_COPIES) -> float:
    """``seat``'s chance of winning in ``state`` as it could see it: its share of the win
    (:func:`.estimate.shares`) averaged over copies re-dealt from its information."""
    rng = random.Random(seed)
    return sum(shares(state.redealt(seat, rng))[seat] for _ in range(copies)) / copies


def luck_of(state: State, entry: int, seat: int, seed: int = 0) -> float | None:
    """What the chance drawn in record ``entry`` (a move ``seat`` saw: its own or another
    seat's public one) did to ``seat``'s chance: its value after the entry (from its
    information) less the mean over the same move played again on copies re-dealt for the
    seat (whose dice and draws are dealt anew). A copy in which the move is not legal (another
    seat's card, dealt elsewhere in that copy) is left out. None where the seat saw nothing
    come by chance (its view after the move is the same in every copy as in the game: a draw
    face down to another hand) or every copy was left out."""
    record = state._journal[entry]
    before = position_at(state, entry)
    after = position_at(state, entry + 1)
    rng = random.Random(seed)
    expected = []
    seen = {json.dumps(after.view(seat), sort_keys=True)}
    for _ in range(LUCK_COPIES):
        world = before.redealt(seat, rng)
        try:
            world.apply(record["action"], seat=record["seat"])
        except GameError:
            continue
        seen.add(json.dumps(world.view(seat), sort_keys=True))
        expected.append(value_for(world, seat, seed=rng.getrandbits(32), copies=1))
    if not expected or len(seen) == 1:
        return None
    return value_for(after, seat, seed=seed) - sum(expected) / len(expected)


def _moment(module: str, save: str, seat: int, entry: int, iterations: int,
            seed: int) -> dict:
    """One decision's search, as plain data (module-level, so a process pool can run it)."""
    state = import_module(module).State.from_json(save)
    before = position_at(state, entry)
    found = Search(before, seat, seed=seed + entry).run(iterations=iterations)
    played = state._journal[entry]["action"]
    mine = next(c for c in found.choices if str(c.action) == played)
    best = found.best
    overlap = mine is best or mine.interval[1] >= best.interval[0]
    reasons = () if mine is best else proven(before, seat, best.action, seed=seed)
    return {"entry": entry, "played": played, "best": str(best.action),
            "before": best.value, "after": mine.value,
            "grade": grade(best.value, mine.value, overlap),
            "reasons": [r.to_dict() for r in reasons],
            "low": mine.interval[0], "high": mine.interval[1],
            "values": {str(c.action): c.value for c in found.choices}}


def review(state: State, seat: int, iterations: int = 200, seed: int = 0,
           executor: Executor | None = None, luck: bool = True) -> Review:
    """Review ``seat``'s decisions in ``state``'s game (which it never changes): a
    :class:`Moment` for each decision with more than one legal action, and the :class:`Luck`
    of every entry that drew chance (``luck=False`` skips it)."""
    module = type(state).__module__.rsplit(".", 1)[0]
    save = state.to_json()
    entries = []
    for i, record in enumerate(state._journal):
        if record.get("seat") == seat and "action" in record:
            if len(position_at(state, i).legal_actions(seat)) > 1:
                entries.append(i)
    jobs = [(module, save, seat, i, iterations, seed) for i in entries]
    if executor is None:
        results = [_moment(*job) for job in jobs]
    else:
        results = list(executor.map(_moment, *zip(*jobs))) if jobs else []
    out = Review(seat, state.seat_name(seat))
    for data in results:
        out.moments.append(Moment(data["entry"], data["played"], data["best"],
                                  data["before"], data["after"], data["grade"],
                                  tuple(Reason(**r) for r in data["reasons"]),
                                  data["low"], data["high"], data["values"]))
    if luck:
        for i, record in enumerate(state._journal):
            if "action" not in record or not record.get("chance"):
                continue
            if record["seat"] != seat and state.public_action(record, seat) is None:
                continue                                 # a secret move: not told apart
            swing = luck_of(state, i, seat, seed=seed + i)
            if swing is not None:
                out.luck.append(Luck(i, record["seat"], record["action"], swing))
    return out
