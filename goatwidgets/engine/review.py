"""A game review from one seat's eyes: each of its decisions graded, luck told apart from choices.

:func:`review` replays a game (finished or saved) from its record and, at each decision of
``seat``, asks the estimator (:mod:`.estimate`) how its legal actions did from what the seat
knew then, and grades the action played by the drop in winning chance from the best one
(``before - after``). It spends its trials where the grade is decided (:func:`judge`): a first
pass over every legal action, then halving the field to the best few (the finalists), then the
action played against the finalists on fresh worlds, the same trials for both (each world the
same re-deal and the same dice to come: :class:`.estimate.Worlds`), until the interval of the
drop decides the grade or the budget is out (up to ``EXTRA`` more where they are close: about
``iterations`` trials a decision, twice that at most). The values of the action played and of
the best come from the same trials. The grade says only
what the interval of the drop shows (95 %):

==============  ==============================================================================
``good``        the whole interval lies under the inaccuracy's start: whatever was better, it
                was better by less than that (or nothing was better)
``unclear``     the interval reaches both sides of the inaccuracy's start: the search can't
                tell the action played from the best at this budget. Never said to be good,
                never flagged as a mistake
``inaccuracy``  the whole interval lies at or above 5 points of winning chance (at two players)
``mistake``     ... at or above 10 points
``blunder``     ... at or above 20 points (the grade is the largest the interval's low end
                reaches: what the search is sure of, not its best guess)
==============  ==============================================================================

The points fit the number of players: a share of the win against three rivals is fairly 1 in
4, not 1 in 2, so the thresholds are scaled by what a fair share is against a two-player game's
(:func:`thresholds`: times 2 / players; at four players an inaccuracy starts at 2.5 points, a
mistake at 5, a blunder at 10).

Actions that come to the same position get the same value: where the seat followed its
decision with more of its own before anything new happened (a BattleGoats layout, laid card by
card; the second stick of "move two sticks"), that line of its decisions (:func:`line_of`) is
what it came to, and an action from which the rest of the line, in some order, comes to the
very same position (the same view for the seat: :func:`transposes`) shares the played action's
trials: placing Bleatbeard first and the Pasture Pal next is the same layout as the other way
round. Each decision is judged by itself, the later ones played by the search's quick policy
in every trial (a blunder later in the line is that decision's, not this one's).

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
    >>> from goatwidgets.engine.table import Table
    >>> table = Table(game.new_game(players=2, seed=3), bots=make_bot("casual", seed=3))
    >>> s = table.play_out(limit=12).state              # twelve decisions into a game
    >>> r = review(s, 0, iterations=20)
    >>> {m.grade for m in r.moments} <= set(GRADE_NOUNS), r.seat
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
from typing import Callable, Sequence

from .coach import Reason, proven
from .estimate import Tally, Worlds, difference, shares
from .errors import GameError
from .state import Action, State
from .sure import learned_nothing
from .words import in_ten, obj, plural, subject

#: the grades a drop is flagged with, by the drop in winning chance (``before - after``) at two
#: players from which each starts (the interval's low end must reach it: see the table above)
GRADES = {"good": 0.0, "inaccuracy": 0.05, "mistake": 0.10, "blunder": 0.20}
#: the grade of a decision the search can't tell apart from the best (see the table above)
UNCLEAR = "unclear"
#: the grades of a flagged decision (a mistake of some size), the smallest first
FLAGS = ("inaccuracy", "mistake", "blunder")
#: each grade as a noun, one and many, in the order a summary counts them (the review's
#: page says them in sentences: widgets.review.GRADE_PHRASES)
GRADE_NOUNS = {"good": ("good", "good"), "unclear": ("unclear", "unclear"),
               "inaccuracy": ("inaccuracy", "inaccuracies"), "mistake": ("mistake", "mistakes"),
               "blunder": ("blunder", "blunders")}
#: the re-dealt copies (and chance outcomes) the luck of an event is averaged over
LUCK_COPIES = 8
#: Retry this moment: a move counts as good as the best unless it surely keeps less than the
#: best's winning chance by more than this (:func:`compare`; :meth:`Moment.good_enough` reads
#: the moment's own values): 0.03 = 3 points at two players (scaled as the grades are), under
#: the 5 points from which a move is an inaccuracy
TOLERANCE = 0.03
#: :func:`judge`: the share of a decision's trials spent finding the best actions (the first
#: pass and the halving); the rest judges the action played against them on fresh worlds
SEARCH_SHARE = 0.4
#: :func:`judge`: the worlds each of the best half has at least before the halving stops at
#: ``SEARCH_SHARE`` (a field of 80 layouts narrowed by one world each would keep chance's
#: favourites, not the best), unless the whole budget is spent
SELECT_WORLDS = 4
#: :func:`judge`: how many best actions the action played is judged against at the end
FINALISTS = 2
#: :func:`judge`: worlds added to each of the action played and the finalists at a time
CHUNK = 4
#: :func:`judge`: the fresh worlds a grade needs at least before the search stops early (a
#: few worlds can miss a rare turn of the game: an interval from them is not yet sure)
MIN_WORLDS = 16
#: :func:`judge`: where the drop's interval still reaches both sides of the inaccuracy's start
#: when the budget is spent, up to this share of the budget more trials (more where close)
EXTRA = 1.0
#: :func:`transposes`: the positions tried at most in looking for another order of a line
ORDERS = 64


def thresholds(players: int = 2) -> dict[str, float]:
    """Where each grade starts, in winning chance, at ``players`` players: the two-player
    points (``GRADES``) times 2 / ``players`` (a fair share is 1 / ``players``).

        >>> thresholds(2)["mistake"], thresholds(4)["mistake"], thresholds(4)["blunder"]
        (0.1, 0.05, 0.1)
    """
    return {g: start * 2 / players for g, start in GRADES.items()}


def grade(low: float, high: float, players: int = 2) -> str:
    """The grade of a decision whose drop in winning chance from the best action lies between
    ``low`` and ``high`` (its 95 % interval), at ``players`` players.

        >>> grade(-0.02, 0.03), grade(0.0, 0.12), grade(0.06, 0.09), grade(0.25, 0.4)
        ('good', 'unclear', 'inaccuracy', 'blunder')
        >>> grade(0.06, 0.09, players=4), grade(0.03, 0.04, players=4)
        ('mistake', 'inaccuracy')
    """
    starts = thresholds(players)
    if high < starts["inaccuracy"] - 1e-9:
        return "good"
    if low < starts["inaccuracy"] - 1e-9:
        return UNCLEAR
    return max((g for g in FLAGS if low >= starts[g] - 1e-9), key=GRADES.get)


@dataclass
class Moment:
    """One decision of the reviewed seat: where it is in the record (``entry``), what was
    played and what looked best, the chances, the grade and the best action's reasons.

    ``before`` and ``after`` (the best action's and the played one's winning chance) come
    from the same trials (``trials`` worlds each); ``low`` and ``high`` bound ``after``,
    ``drop_low`` and ``drop_high`` the drop (95 %). For an ``unclear`` decision ``best`` is
    the action the search could not tell the played one apart from. ``scale``: the grades'
    thresholds (and Retry's tolerance) as a share of the two-player ones (2 / players)."""

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
    drop_low: float = -1.0
    drop_high: float = 1.0
    trials: int = 0
    scale: float = 1.0
    #: the played and the best action in the board's words, told of the seat in the
    #: position before (:meth:`State.action_told`: "their Goat Ninja" for a bot's seat, "your"
    #: for the seat called You), by action text
    said: dict[str, str] = field(default_factory=dict)

    def saying(self, action: str) -> str:
        """``action`` (the played or the best one) in the board's words (:attr:`said`)."""
        return self.said.get(action, action)

    @property
    def drop(self) -> float:
        return self.before - self.after

    @property
    def flagged(self) -> bool:
        """Graded a mistake of some size (an inaccuracy, a mistake or a blunder)."""
        return self.grade in FLAGS

    def good_enough(self, action: str, tolerance: float = TOLERANCE) -> bool | None:
        """Whether ``action`` (its text, as the record writes it) keeps at least the best
        action's winning chance less ``tolerance`` (times ``scale``), by this moment's own
        estimate; None for an action the moment has no value for (not one of its legal
        actions).

            >>> m = Moment(3, "b", "a", 0.6, 0.3, "blunder", values={"a": 0.6, "c": 0.58,
            ...                                                      "b": 0.3})
            >>> m.good_enough("a"), m.good_enough("c"), m.good_enough("b"), m.good_enough("x")
            (True, True, False, None)
        """
        if action not in self.values:
            return None
        return self.values[action] >= self.before - tolerance * self.scale - 1e-9

    def to_dict(self) -> dict:
        return {"entry": self.entry, "played": self.played, "best": self.best,
                "before": round(self.before, 4), "after": round(self.after, 4),
                "grade": self.grade, "reasons": [r.to_dict() for r in self.reasons],
                "low": round(self.low, 4), "high": round(self.high, 4),
                "drop_low": round(self.drop_low, 4), "drop_high": round(self.drop_high, 4),
                "trials": self.trials, "scale": self.scale, "said": dict(self.said),
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
        """The decisions graded a mistake of some size, the worst first (an ``unclear`` one is
        not flagged: the search could not tell)."""
        return sorted((m for m in self.moments if m.flagged), key=lambda m: -m.drop)

    def summary(self) -> str:
        """A few plain sentences: how many decisions of each grade, the worst one, the luck."""
        counts = {g: sum(m.grade == g for m in self.moments) for g in GRADE_NOUNS}
        said = ", ".join(f"{n} {GRADE_NOUNS[g][n != 1]}" for g, n in counts.items() if n)
        lines = [f"{subject(self.name)}: {plural(len(self.moments), 'decision')} reviewed"
                 + (f" ({said})." if said else ".")]
        if counts[UNCLEAR]:
            lines.append(f"{'It' if counts[UNCLEAR] == 1 else 'They'} "
                         f"{'was' if counts[UNCLEAR] == 1 else 'were'} unclear: the search "
                         "could not tell the move played from the best one it found (more "
                         "trials might).")
        worst = self.flagged()
        if worst:
            m = worst[0]
            lines.append(f"The costliest: to {m.saying(m.played)} (about "
                         f"{in_ten(m.after)}) where to {m.saying(m.best)} "
                         f"kept about {in_ten(m.before)}.")
        elif self.moments:
            lines.append("Nothing flagged.")
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
    return state.at(entry)


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
    record = state.record[entry]
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


def _key(state: State, seat: int) -> str:
    """The position as ``seat`` sees it, as text (two positions with the same key are the
    same for the seat)."""
    return json.dumps(state.view(seat), sort_keys=True)


def _drew(state: State) -> bool:
    """Whether the last record entry drew chance."""
    last = state.last_record
    return bool(last and last.get("chance"))


def line_of(state: State, entry: int, seat: int) -> list[str]:
    """The action of record ``entry`` (``seat``'s) and the seat's own decisions that follow it
    at once with nothing new for the seat in between: each before the next showed it nothing
    it could not know (:func:`.sure.learned_nothing`: nothing drawn, no other seat's move, the
    rules reading nothing hidden from it). A BattleGoats layout is one such line, laid card by
    card."""
    record = state.record
    line = [record[entry]["action"]]
    for k in range(entry, len(record) - 1):
        after = record[k + 1]
        if "action" not in after or after.get("seat") != seat or \
                not learned_nothing(state, k, seat, k + 1):
            break
        line.append(after["action"])
    return line


def _reaches(world: State, seat: int, rest: list[Action], key: str, budget: list[int]) -> bool:
    """Whether ``seat`` playing every action of ``rest`` in some order, each legal in turn and
    nothing drawn, brings ``world`` to the position ``key``."""
    if not rest:
        return _key(world, seat) == key
    if world.is_over or seat not in world.deciders:
        return False
    legal = world.legal_actions(seat)
    tried = []
    for k, action in enumerate(rest):
        if action in tried or action not in legal or budget[0] <= 0:
            continue
        tried.append(action)
        budget[0] -= 1
        after = world.clone()
        after.apply(action, seat=seat)
        if not _drew(after) and _reaches(after, seat, rest[:k] + rest[k + 1:], key, budget):
            return True
    return False


def transposes(before: State, seat: int, action: Action, line: Sequence[Action],
               key: str | None = None) -> bool:
    """Whether ``action`` comes to the same position as the seat's ``line`` (the action played
    and the seat's decisions after it, :func:`line_of`): ``action`` then the rest of the line
    in some order (the line less ``action``, or less its first action when ``action`` is not
    in it), each legal in turn and nothing drawn, gives the seat the same view as the line
    played in order (``key``, if known). Read on ``before`` from the seat's own actions and
    view only.

        >>> from goatwidgets.games import goat_lords as game
        >>> s = game.position(players=2, herds=[["ninja ninja"], ["corn corn"]],
        ...                   hands=["fairy ghoast baby foodie tgoat", "kraken lord ninja corn "
        ...                          "dragon"], actions=[["russian"], []])
        >>> left, right, fairy = (s.parse_action(a) for a in ("russian left", "russian right",
        ...                                                   "discard fairy"))
        >>> transposes(s, 0, right, [left]), transposes(s, 0, fairy, [left])   # GL-R18
        (True, False)
    """
    line = list(line)
    if key is None:
        world = before.clone()
        for a in line:
            world.apply(a, seat=seat)
        key = _key(world, seat)
    rest = list(line)
    rest.remove(action) if action in rest[1:] else rest.pop(0)
    world = before.clone()
    world.apply(action, seat=seat)
    return not _drew(world) and _reaches(world, seat, rest, key, [ORDERS])


def _duel(worlds: Worlds, mine: Tally, rivals: list[Tally], start: int, iterations: int,
          players: int) -> tuple:
    """``mine`` against ``rivals`` on the same fresh worlds from ``start``, ``CHUNK`` at a time,
    until the drop to the best of them (the largest of their drops' intervals' ends) lies
    within one grade's range after ``MIN_WORLDS``, or ``iterations`` trials are made and the
    grade is not unclear, or ``EXTRA`` times more are. The worlds reached, the best rival's
    index, the drop's interval, its grade and every rival's (drop, low, high)."""
    n = start
    while True:
        n += CHUNK
        for tally in [mine] + rivals:
            worlds.extend(tally, n)
        drops = [difference(t, mine, start) for t in rivals]
        top = max(range(len(drops)), key=lambda i: drops[i][0])
        low, high = max(d[1] for d in drops), max(d[2] for d in drops)
        verdict = grade(low, high, players)
        settled = grade(low, low, players) == grade(high, high, players)
        if n - start >= MIN_WORLDS and settled or worlds.trials >= iterations * (1 + EXTRA) or (
                worlds.trials >= iterations and verdict != UNCLEAR):
            return n, top, (low, high), verdict, drops


def compare(before: State, seat: int, action: Action | str, best: Action | str,
            iterations: int = 200, seed: int = 0) -> tuple[float, float, float]:
    """How much of ``seat``'s winning chance ``action`` loses against ``best`` in ``before``:
    the drop and its 95 % interval, the two tried on the same worlds (as :func:`judge` tries
    a played action against its finalists). What Retry this moment judges a student's move by.

        >>> from goatwidgets.games import goat_lords as game
        >>> s = game.position(players=2, hands=[["kraken", "lord", "corn", "fairy"], ["ninja"]],
        ...                   herds=[[], ["ninja ninja"]], seed=4)
        >>> drop, low, high = compare(s, 0, "discard lord", "birth corn lord", seed=1)
        >>> low >= thresholds(2)["mistake"]                  # surely a mistake or worse
        True
    """
    mine, rival = Tally(before.parse_action(str(action))), Tally(before.parse_action(str(best)))
    if mine.action == rival.action:
        return 0.0, 0.0, 0.0
    worlds = Worlds(before, seat, seed=seed)
    _, _, _, _, ((drop, low, high),) = _duel(worlds, mine, [rival], 0, iterations,
                                             before.players)
    return drop, low, high


def judge(before: State, seat: int, line: Sequence[str], iterations: int = 200,
          seed: int = 0) -> dict:
    """The grade of ``seat``'s decision in ``before``, ``line[0]`` played (and the rest of
    ``line``, :func:`line_of`, after it: what it came to), with about ``iterations`` trials,
    seeded, as plain data (the fields of :class:`Moment` but the reasons).

    1. Actions that come to the same position as the one played (:func:`transposes`) share
       its trials; every other legal action gets a first pass of a few worlds, and the better
       half of them (by their mean on the same worlds) twice as many, until ``FINALISTS``
       remain, or ``SEARCH_SHARE`` of the budget is spent with ``SELECT_WORLDS`` each, or the
       whole budget is.
    2. The action played and the finalists are then tried on fresh worlds (the same ones for
       each), ``CHUNK`` at a time, until the drop to the best of them has an interval within
       one grade's range (:func:`grade`) or the budget is spent, and up to ``EXTRA`` times the
       budget more while it is still unclear. Only these fresh worlds are
       read for ``before``, ``after`` and the drop: the worlds that chose the finalists favour
       them by luck.
    """
    players = before.players
    played = before.parse_action(line[0])
    plan = [before.parse_action(a) for a in line[1:]]
    whole = [played] + plan
    world = before.clone()
    for a in whole:
        world.apply(a, seat=seat)
    key = _key(world, seat)
    worlds = Worlds(before, seat, seed=seed)
    mine = Tally(played)
    same: list[Action] = []
    others = []
    for action in before.legal_actions(seat):
        if action == played:
            continue
        if action in plan and transposes(before, seat, action, whole, key):
            same.append(action)
        else:
            others.append(Tally(action))
    start = 0
    if len(others) > FINALISTS:
        share = iterations * SEARCH_SHARE
        alive = others
        n = max(1, min(8, int(share // (len(others) + 1))))
        while True:
            for tally in alive + [mine]:
                worlds.extend(tally, n)
            if len(alive) <= FINALISTS or worlds.trials >= iterations or (
                    worlds.trials >= share and n >= SELECT_WORLDS):
                break
            alive = sorted(alive, key=lambda t: -t.value)[:max(FINALISTS, (len(alive) + 1) // 2)]
            n *= 2
        start = n
        ranked = sorted(alive, key=lambda t: -t.value)
    else:
        ranked = list(others)
    finalists = []
    for tally in ranked:
        if len(finalists) == FINALISTS:
            break
        if transposes(before, seat, tally.action, whole, key):
            same.append(tally.action)
            others.remove(tally)
        else:
            finalists.append(tally)
    n = start
    if not finalists:                           # every action comes to the same position
        n = start + max(2, min(16, iterations // 4))
        worlds.extend(mine, n)
    else:
        n, top, (low, high), verdict, drops = _duel(worlds, mine, finalists, start,
                                                    iterations, players)
    fresh = lambda t: t.values[start:n]                     # noqa: E731
    after = sum(fresh(mine)) / len(fresh(mine))
    mine_low, mine_high = Tally(played, fresh(mine)).interval
    if finalists:
        drop, drop_low, drop_high, rival = drops[top][0], low, high, finalists[top]
    else:
        drop, drop_low, drop_high, rival, verdict = 0.0, 0.0, 0.0, None, "good"
    if rival is not None and (verdict != "good" or drop > 0):
        best, before_value = rival, sum(fresh(rival)) / len(fresh(rival))
    else:
        best, before_value = mine, after
    for tally in list(others):           # the same trials as the action played: the same
        k = tally.visits                 # position? (checked: it may be chance alike)
        if k and tally.values == mine.values[:k] and transposes(before, seat, tally.action,
                                                                 whole, key):
            same.append(tally.action)
            others.remove(tally)
    values = {str(a): after for a in [played] + same}
    for tally in others:                 # the best's value and the paired difference to it
        if tally.visits:
            k = min(tally.visits, best.visits)
            gap = sum(tally.values[t] - best.values[t] for t in range(k)) / k
            values[str(tally.action)] = min(1.0, max(0.0, before_value + gap))
    for tally in finalists:
        values[str(tally.action)] = sum(fresh(tally)) / len(fresh(tally))
    values[str(best.action)] = before_value
    return {"played": line[0], "best": str(best.action), "before": before_value,
            "after": after, "grade": verdict, "low": mine_low, "high": mine_high,
            "drop_low": drop_low, "drop_high": drop_high, "trials": n - start,
            "scale": 2 / players, "cost": worlds.trials,
            "values": dict(sorted(values.items(), key=lambda kv: -kv[1]))}


def _moment(module: str, save: str, seat: int, entry: int, iterations: int,
            seed: int) -> dict:
    """One decision's judgement, as plain data (module-level, so a process pool can run it)."""
    state = import_module(module).State.from_json(save)
    before = position_at(state, entry)
    found = judge(before, seat, line_of(state, entry, seat), iterations, seed + entry)
    reasons = (proven(before, seat, found["best"], seed=seed) if found["grade"] in FLAGS
               else ())
    said = {a: before.action_told(a, seat) for a in (found["played"], found["best"])}
    return dict(found, entry=entry, reasons=[r.to_dict() for r in reasons], said=said)


def review(state: State, seat: int, iterations: int = 200, seed: int = 0,
           executor: Executor | None = None, luck: bool = True,
           progress: Callable[[int, int], None] | None = None) -> Review:
    """Review ``seat``'s decisions in ``state``'s game (which it never changes): a
    :class:`Moment` for each decision with more than one legal action (about ``iterations``
    trials each: :func:`judge`), and the :class:`Luck` of every entry that drew chance
    (``luck=False`` skips it). ``progress(done, total)`` is called as decisions are judged
    (and once with ``done == total`` when the luck is judged too)."""
    module = type(state).__module__.rsplit(".", 1)[0]
    save = state.to_json()
    entries = []
    for i, record in enumerate(state.record):
        if record.get("seat") == seat and "action" in record:
            if len(position_at(state, i).legal_actions(seat)) > 1:
                entries.append(i)
    jobs = [(module, save, seat, i, iterations, seed) for i in entries]
    total = len(jobs) + 1                                # the luck counts as the last step
    if progress is not None:
        progress(0, total)
    done = (_moment(*job) for job in jobs) if executor is None else \
        (executor.map(_moment, *zip(*jobs)) if jobs else iter(()))
    results = []
    for data in done:
        results.append(data)
        if progress is not None:
            progress(len(results), total)
    out = Review(seat, state.seat_name(seat))
    for data in results:
        out.moments.append(Moment(data["entry"], data["played"], data["best"],
                                  data["before"], data["after"], data["grade"],
                                  tuple(Reason(**r) for r in data["reasons"]),
                                  data["low"], data["high"], data["values"],
                                  data["drop_low"], data["drop_high"], data["trials"],
                                  data["scale"], data["said"]))
    if luck:
        for i, record in enumerate(state.record):
            if "action" not in record or not record.get("chance"):
                continue
            if record["seat"] != seat and state.public_action(record, seat) is None:
                continue                                 # a secret move: not told apart
            swing = luck_of(state, i, seat, seed=seed + i)
            if swing is not None:
                out.luck.append(Luck(i, record["seat"], record["action"], swing))
    if progress is not None:
        progress(total, total)
    return out
