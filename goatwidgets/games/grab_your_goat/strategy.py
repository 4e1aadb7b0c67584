"""Grab Your Goat!: how the bots judge a position (issue 26), as functions of the state.

The bots' sense of the game is a race to the goats, counted in turns. A walk costs what
``board.walk_costs`` counts. A goat moves one card a roll and a shepherd catches it by stepping
onto it just after its roll; a step and a goat's move (unless it wraps round) both change a
card's chessboard colour, so a shepherd whose colour is wrong for that must spend a turn without
a step (a quarter turn, a card played) before its goat can be caught, whichever way it walks.
:func:`heuristic` counts that race; :func:`quick_choice` plays the ``strong`` bot's trials
(:mod:`goatwidgets.engine.estimate`) on copies re-dealt from the seat's information.

    >>> from goatwidgets.games.grab_your_goat import new_game
    >>> s = new_game(players=2, seed=1)
    >>> heuristic(s, 0) == s.heuristic(0) == -heuristic(s, 1)
    True
    >>> str(quick_choice(s, 0, random.Random(0))) in map(str, s.legal_actions(0))
    True
"""

from __future__ import annotations

import math
import random

import networkx as nx

from ...engine import State
from ...engine.coach import Reason
from ...engine.words import obj, plural, possessive
from .actions import Action
from .board import (
    CELLS,
    COLOUR,
    DOWN,
    FIXED,
    LEAVE_DOWN,
    NEIGHBOURS,
    cell_id,
    costs_to,
    line,
    manhattan,
    neighbour,
    parse_cell,
    step_cost,
    walk_costs,
    wrap,
)
from .cards import BIT_MASK, DIRS, NO_WIN, mask_text
from .saves import Step

#: the estimator's trials stop right after the candidate: ``heuristic`` itself plays the
#: decisions left before the next roll of the die with ``quick_choice``. Trials that go on
#: through other seats' rolls were too noisy to tell a turn's ~130 candidates apart in 300
#: trials (the strong bot then picked a card to play at random).
SEARCH_DEPTH = 0

#: heuristic points (turns of lead, counted for both seats) worth e times the odds, fitted
#: from games between quick choices
HEURISTIC_SCALE = 6.0

#: the turn without a step that a shepherd of the wrong colour needs
WRONG_COLOUR = 1.0

#: the turn a seat moving earlier in the round is ahead, per place
TEMPO = 0.5

#: a goat on a card nobody wins on (GY-R13) must move off it first
NO_WIN_WAIT = 1.0

#: a goat no walk reaches now (cards in the way): the grid distance, dearer, and a detour
FAR_STEP, FAR_DETOUR = 1.4, 2.0

#: the kinds of card the quick choice lays on the way to its goat (they always fit, GY-R3)
LAID_ON_THE_WAY = ("tee", "cross")

#: the path cards the quick choice plays elsewhere for a turn without a step
PATH_CARDS = ("straight", "corner", "tee", "cross")

#: how much a quick choice laying a card from afar weighs the others' walks against its own
HINDER = 0.5

#: the most decisions ``heuristic`` plays on to reach the next roll of the die
TO_THE_ROLL = 8


def heuristic(state: State, seat: int) -> float:
    """The race as ``seat`` sees it: the other seats' expected turns to catch their goats
    (their mean) minus its own (``_race``), times 2 (n - 1) / n so that any two seats'
    heuristics differ by twice the difference of their turns, whatever the number of
    players (one ``heuristic_scale`` fits them all); 1000 or -1000 once the game is over."""
    race = _race(state)
    if isinstance(race, tuple):
        return 1000.0 if seat in race else -1000.0
    n = len(race)
    return 2 * ((sum(race) - race[seat]) / n - race[seat] * (n - 1) / n)


def _race(state: State) -> list[float] | tuple[int, ...]:
    """Each seat's expected turns to catch its goat (``_turns_to_catch``) when the next goat
    is to roll (``_at_next_roll``), a seat ``TEMPO`` behind for each seat that moves before
    it; the winners if the game is over by then. Kept for this state as it stands (the
    estimator asks once per seat)."""
    key = (id(state), state.turn, tuple(state.steps), tuple(state.shepherds), tuple(state.goats),
           tuple(state.up), tuple(state.arrows), tuple(state.lost), state.skipping,
           state._winners)
    kept = state.__dict__.get("_race_kept")
    if kept is not None and kept[0] == key:
        return kept[1]
    world = _at_next_roll(state)
    if world.is_over:
        race = tuple(world.winners)
    else:
        first = world.current if not world.skipping else world.next_seat(world.current)
        race = [0.0] * world.players
        for place, s in enumerate(world.seats_from(first)):
            race[s] = _turns_to_catch(world, s) + TEMPO * place
    state.__dict__["_race_kept"] = (key, race)
    return race


def _at_next_roll(state: State) -> State:
    """This state if a goat is to roll next (or the game is over), else a copy played on
    with ``quick_choice`` until one is (at most ``TO_THE_ROLL`` decisions)."""
    if state.is_over or state.steps[-1].kind in ("roll", "goat"):
        return state
    world = state.clone()
    rng = random.Random(0)
    for _ in range(TO_THE_ROLL):
        seat = world.deciders[0]
        world.apply(world.quick_choice(seat, rng), seat=seat)
        if world.is_over or world.steps[-1].kind in ("roll", "goat"):
            break
    return world


def _rolls_before_move(state: State, seat: int) -> tuple[int, bool]:
    """How many times ``seat``'s goat rolls before its shepherd's next move, and whether
    the first of them is a Roller's choice already rolled (GY-R9, GY-R16, GY-R31)."""
    top = state.steps[-1] if state.steps else None
    chosen = False
    if seat == state.current and top is not None and top.kind in ("roll", "goat"):
        rolls, chosen = (top.rolls, False) if top.kind == "roll" else (top.rolls + 1, True)
    elif seat == state.current and top is not None and top.kind in ("act", "more"):
        rolls = 0
    else:
        goat = state.goats[seat]
        rolls = 2 if state.up[goat] and state.cards[goat] == "coffee" else 1
    if state.lost[seat] or (seat == state.current and state.skipping):
        rolls += 1
    return rolls, chosen


def _turns_to_catch(state: State, seat: int) -> float:
    """The turns ``seat`` expects to need to catch its goat: over the die's faces before
    its next move (a Roller's choice the best way), the walk left then (``_act_turns``),
    and a turn more if it will miss a move (GY-R16)."""
    here, goat = state.shepherds[seat], state.goats[seat]
    rolls, chosen = _rolls_before_move(state, seat)
    cells = {goat}
    for _ in range(rolls):
        cells |= {wrap(c, d) for c in cells for d in DIRS}
    dist = walk_costs(state.up, state.arrows, state.cards, here, cells)
    die = state.variants["die"]
    total = sum(die.values())
    faces = [(DIRS.index(f), n / total) for f, n in die.items() if n and f != "choice"]
    choice = die.get("choice", 0) / total

    def after(cell: int, rolls: int, chosen: bool) -> float:
        if not rolls or (state.up[cell] and state.cards[cell] == "wheat"):     # GY-R10
            return _act_turns(state, dist, here, cell)
        ways = []
        for d in DIRS:
            target = wrap(cell, d)
            if target == here:                                              # GY-R10
                ways.append(_pushed_turns(state, seat, d, cell))
            elif target in state.shepherds:
                ways.append(after(cell, rolls - 1, False))
            else:
                ways.append(after(target, rolls - 1, False))
        if chosen:
            return min(ways)
        return sum(p * ways[i] for i, p in faces) + choice * min(ways)

    lost = state.lost[seat] or (seat == state.current and state.skipping)
    return after(goat, rolls, chosen) + (1.0 if lost else 0.0)


def _pushed_turns(state: State, seat: int, d: str, goat: int) -> float:
    """``_act_turns`` once ``seat``'s goat on ``goat`` has pushed its shepherd ``d`` (home
    if off the board, GY-R10)."""
    pushed = neighbour(state.shepherds[seat], d)
    if pushed is None:
        pushed = state.houses[seat]
    dist = walk_costs(state.up, state.arrows, state.cards, pushed, (goat,))
    return _act_turns(state, dist, pushed, goat)


def _walk_to(state: State, dist: dict[int, float], here: int, cell: int) -> float:
    """The walk from ``here`` to catch a goat on ``cell``, from ``walk_costs``; a goat out
    of reach counts the grid distance and a detour; one on a card nobody wins on waits."""
    walk = dist.get(cell)
    if walk is None:
        walk = FAR_STEP * manhattan(here, cell) + FAR_DETOUR
    if state.up[cell] and state.cards[cell] in NO_WIN:
        walk += NO_WIN_WAIT
    return walk


def _act_turns(state: State, dist: dict[int, float], here: int, cell: int) -> float:
    """Turns still needed, at the shepherd's move, to catch a goat on ``cell``: every
    step but the catching one, and a turn without a step if the two cards' colours are the
    same (unless a Wheat Field holds the goat still)."""
    turns = max(0.0, _walk_to(state, dist, here, cell) - 1.0)
    stuck = state.up[cell] and state.cards[cell] == "wheat"
    if COLOUR[here] == COLOUR[cell] and not stuck:
        turns += WRONG_COLOUR
    return turns


def _wrong_colour_after(state: State, seat: int, cell: int) -> float:
    """``WRONG_COLOUR`` if a shepherd of ``seat`` ending this turn on ``cell`` would have
    the wrong colour at its next move (its goat rolls once, twice from a Coffee Bush)."""
    goat = state.goats[seat]
    if state.up[goat] and state.cards[goat] == "wheat":
        return 0.0
    flips = 2 if state.up[goat] and state.cards[goat] == "coffee" else 1
    same = COLOUR[cell] == COLOUR[goat]
    return WRONG_COLOUR if same == (flips % 2 == 0) else 0.0


def quick_choice(state: State, seat: int, rng: random.Random) -> Action:
    """A fast, sensible decision for the estimator's playouts and for ``heuristic``: steer
    the goat towards its shepherd; take a catch; walk the cheapest way to the goat, or take
    a turn without a step when the colours are wrong (laying a T or Crossroads on the way);
    lay cards towards the goat (from afar, also across the others' ways); throw the others'
    pieces far from theirs; send a Landslide through other shepherds; ride and reveal only
    towards the goat. Ties are broken with ``rng``."""
    actions = state.legal_actions(seat)
    if len(actions) == 1:
        return actions[0]
    pending = state.steps[-1]
    match pending.kind:
        case "goat":
            values = _quick_goat(state, seat, actions)
        case "act" | "more":
            values = _quick_move(state, seat, actions)
        case "orient":
            values = _quick_orient(state, seat, pending, actions)
        case "throw":
            values = _quick_throw(state, pending, actions)
        case "slide":
            values = _quick_slide(state, seat, pending, actions)
        case "reveal":
            values = _quick_reveal(state, seat, actions)
        case "lift":
            values = _quick_lift(state, seat, actions)
        case _:
            return rng.choice(actions)
    best = min(values)
    return rng.choice([a for a, v in zip(actions, values) if v == best])


def _quick_goat(state: State, seat: int, actions: list[Action]) -> list[float]:
    """Roller's choice: the goat's move that leaves it the fewest turns from its shepherd;
    never onto the shepherd (a push, GY-R10)."""
    here, goat = state.shepherds[seat], state.goats[seat]
    targets = [wrap(goat, a.dir) for a in actions]
    dist = walk_costs(state.up, state.arrows, state.cards, here, targets)
    return [_pushed_turns(state, seat, a.dir, goat) if t == here
            else _act_turns(state, dist, here, t) for a, t in zip(actions, targets)]


def _quick_move(state: State, seat: int, actions: list[Action]) -> list[float]:
    """The walk left after the move (and the risk of a face-down card taken now), plus
    ``WRONG_COLOUR`` where the shepherd ends of the wrong colour; a catch first."""
    up, arrows, cards = state.up, state.arrows, state.cards
    here, goat = state.shepherds[seat], state.goats[seat]
    to_goat = costs_to(up, arrows, cards, goat)

    def left(cell: int) -> float:
        walk = to_goat.get(cell)
        return FAR_STEP * manhattan(cell, goat) + FAR_DETOUR if walk is None else walk

    def leaving(mask: int) -> float:
        """The walk left from ``here`` with these arrows underfoot."""
        saved, arrows[here] = arrows[here], mask
        best = left(here) if here == goat else math.inf
        for d, n in NEIGHBOURS[here]:
            step = step_cost(up, arrows, cards, here, d, n, here=True)
            if step is not None:
                best = min(best, step + left(n))
        arrows[here] = saved
        return min(best, left(here))

    stay = leaving(arrows[here]) + _wrong_colour_after(state, seat, here)
    on_the_way = _next_face_down(state, seat, to_goat)
    values = []
    for a in actions:
        match a.kind:
            case "step":
                values.append(_step_value(state, seat, parse_cell(a.cell), left))
            case "lift":
                cell = parse_cell(a.cell)
                values.append(left(cell) + _wrong_colour_after(state, seat, cell))
            case "rotate":
                values.append(leaving(BIT_MASK[a.arrows]) + _wrong_colour_after(state, seat, here))
            case "pass":
                values.append(stay)
            case "play" if a.card in LAID_ON_THE_WAY and a.cell == on_the_way:
                cell = parse_cell(a.cell)
                values.append(min(stay, 1.0 + left(cell) - LEAVE_DOWN
                                  + _wrong_colour_after(state, seat, here)))
            case "play" if a.card in PATH_CARDS:
                values.append(stay + 0.5)
            case _:
                values.append(math.inf)
    return values


def _step_value(state: State, seat: int, cell: int, left) -> float:
    """A step onto ``cell``: a catch (-2, or -1 onto a face-down card that may be one of
    the four nobody wins on); else the walk left from there, the risk of a face-down card,
    and the colour; a face-up Mineshaft sends home, a Waterfall sweeps on (GY-R19, GY-R21)."""
    goat = state.goats[seat]
    if cell == goat and not (state.up[cell] and state.cards[cell] in NO_WIN):
        return -2.0 if state.up[cell] else -1.0
    if not state.up[cell]:
        return left(cell) + DOWN - 1.0 + _wrong_colour_after(state, seat, cell)
    if state.cards[cell] == "mineshaft":
        return math.inf
    if state.cards[cell] == "waterfall":
        on = neighbour(cell, mask_text(state.arrows[cell]) or "n")
        if on is None or (state.up[on] and state.cards[on] in ("cliff", "mineshaft")):
            return math.inf
        return left(on) + _wrong_colour_after(state, seat, on)
    return left(cell) + _wrong_colour_after(state, seat, cell)


def _next_face_down(state: State, seat: int, to_goat: dict[int, float]) -> str | None:
    """The face-down card next to ``seat``'s shepherd on its cheapest way to the goat."""
    here = state.shepherds[seat]
    best, cell = math.inf, None
    for d, n in NEIGHBOURS[here]:
        step = step_cost(state.up, state.arrows, state.cards, here, d, n, here=True)
        if not state.up[n] and step is not None and n in to_goat and step + to_goat[n] < best:
            best, cell = step + to_goat[n], n
    return None if cell is None else cell_id(cell)


def _quick_orient(state: State, seat: int, pending: Step, actions: list[Action]) -> list[float]:
    """Laying a card: on entering it, the way that leaves the cheapest walk to the goat (a
    Waterfall one carries the shepherd on, towards it); from afar, the way that makes the
    seat's own walk short and the others' long."""
    cell = pending.cell
    below = state.steps[-2] if len(state.steps) > 1 else None
    entering = (below is not None and below.kind in ("entered", "landed")
                and below.cell == cell and below.seat == seat)
    up, arrows, cards = state.up, state.arrows, state.cards
    if entering:
        to_goat = costs_to(up, arrows, cards, state.goats[seat])
        values = []
        for a in actions:
            mask = BIT_MASK[a.arrows]
            if cards[cell] == "waterfall":              # GY-R21: swept on at once
                on = neighbour(cell, a.arrows)
                values.append(math.inf if on is None or on not in to_goat
                              or (up[on] and cards[on] in ("cliff", "mineshaft"))
                              else to_goat[on])
                continue
            saved, arrows[cell] = arrows[cell], mask
            values.append(min((step + to_goat[n] for d, n in NEIGHBOURS[cell]
                               if n in to_goat and (step := step_cost(
                                   up, arrows, cards, cell, d, n, here=True)) is not None),
                              default=math.inf))
            arrows[cell] = saved
        return values
    values = []
    saved = arrows[cell]
    for a in actions:
        arrows[cell] = BIT_MASK[a.arrows]
        value = 0.0
        for s in range(state.players):
            here, goat = state.shepherds[s], state.goats[s]
            walk = _walk_to(state, walk_costs(up, arrows, cards, here, (goat,)), here, goat)
            value += walk if s == seat else -HINDER * walk / (state.players - 1)
        values.append(value)
    arrows[cell] = saved
    return values


def _quick_throw(state: State, pending: Step, actions: list[Action]) -> list[float]:
    """A thrown goat lands as far from its shepherd as it may, a thrown shepherd as far
    from its goat (a face-up Mineshaft sends it home, GY-R19, GY-R25)."""
    owner = pending.owner
    targets = [parse_cell(a.cell) for a in actions]
    if pending.goat:
        here = state.shepherds[owner]
        dist = walk_costs(state.up, state.arrows, state.cards, here, targets)
        return [-_walk_to(state, dist, here, t) for t in targets]
    goat = state.goats[owner]
    to_goat = costs_to(state.up, state.arrows, state.cards, goat)
    home = to_goat.get(state.houses[owner], FAR_STEP * manhattan(state.houses[owner], goat))
    return [-home if state.up[t] and state.cards[t] == "mineshaft"
            else -to_goat.get(t, FAR_STEP * manhattan(t, goat) + FAR_DETOUR)
            for t in targets]


def _quick_slide(state: State, seat: int, pending: Step, actions: list[Action]) -> list[float]:
    """A Landslide's line through as many other shepherds as it can, and not through the
    seat's own unless it stands on the Landslide anyway (GY-R18)."""
    values = []
    for a in actions:
        cells = [c for c in line(pending.cell, a.dir) if c not in FIXED]
        values.append(sum((1 if s == seat else -1) for s in range(state.players)
                          if state.shepherds[s] in cells))
    return values


def _quick_reveal(state: State, seat: int, actions: list[Action]) -> list[float]:
    """From the Top (GY-R14): turn up the face-down card next on the way to the goat
    (laid from afar, it can't hurt), else pass."""
    to_goat = costs_to(state.up, state.arrows, state.cards, state.goats[seat])
    on_the_way = _next_face_down(state, seat, to_goat)
    return [0.0 if a.kind == "reveal" and a.cell == on_the_way else
            1.0 if a.kind == "pass" else math.inf for a in actions]


def _quick_lift(state: State, seat: int, actions: list[Action]) -> list[float]:
    """The free Ski Lift ride (GY-R15, GY-X6) when it leaves a shorter walk."""
    here, goat = state.shepherds[seat], state.goats[seat]
    to_goat = costs_to(state.up, state.arrows, state.cards, goat)
    far = FAR_STEP * manhattan(here, goat) + FAR_DETOUR
    return [to_goat.get(here, far) if a.kind == "pass"
            else to_goat.get(parse_cell(a.cell), far) - 0.01 for a in actions]


# ------------------------------------------------------------------ the coach's reasons (issue 27)


def reasons(before: State, after: State, action: Action, seat: int) -> list[Reason]:
    """What ``action`` does, read on the path graph of GY-R6 (networkx) of ``before`` (a copy
    re-dealt for ``seat``) and ``after`` (that copy after the action;
    :mod:`goatwidgets.engine.sure`): the goat caught (GY-R13); a path opened between the
    seat's shepherd and goat, or made shorter, counted in steps (a card played from the hand:
    laid the best way, GY-R11); a rival's path cut or made longer; the Top of the Mountain's
    reveal earned (GY-R14). The path graph joins face-up cards only, and the card played is
    the seat's own, so all of it holds on every deal the seat can't rule out (by
    construction: :func:`decided`). A roll says nothing (the die decides it), and nothing is
    said once a face-down card has turned up other than the one played: what it does
    depends on its face, which the seat can't see."""
    if action.kind == "roll":
        return []
    name = before.seat_name(seat)
    played = parse_cell(action.cell) if action.kind == "play" else None
    if any(after.up[c] and not before.up[c] and c != played for c in range(CELLS)):
        return []
    if after.is_over:
        if seat in after.winners:
            return [Reason("catch", f"catches {possessive(name)} goat", "GY-R13")]
        return []
    found = []
    was, now = _way(before, seat), _way(after, seat)
    top = after.steps[-1] if after.steps else None
    if (played is not None and top is not None and top.kind == "orient"
            and top.seat == seat and top.cell == played):
        now = _best_way(after, seat, now)
        laid = ", laid the best way"
    else:
        laid = ""
    between = f"between {possessive(name)} shepherd and goat"
    if now is not None and was is None:
        found.append(Reason("path", f"opens a path of {plural(now, 'step')} {between}{laid}",
                            "GY-R6"))
    elif now is not None and now < was:
        found.append(Reason("nearer", f"shortens the path {between} from {was} to "
                            f"{plural(now, 'step')}{laid}", "GY-R6"))
    for rival in range(before.players):
        if rival == seat:
            continue
        was, now = _way(before, rival), _way(after, rival)
        them = possessive(before.seat_name(rival))
        if was is not None and now is None:
            found.append(Reason("block", f"cuts the path between {them} shepherd and goat",
                                "GY-R6"))
        elif was is not None and now > was:
            found.append(Reason("block", f"lengthens the path between {them} shepherd and "
                                f"goat from {was} to {plural(now, 'step')}", "GY-R6"))
    if (top is not None and top.kind == "reveal" and top.seat == seat
            and not (before.steps and before.steps[-1].kind == "reveal")):
        found.append(Reason("top", f"lets {obj(name)} turn up any face-down card from the "
                            "Top of the Mountain", "GY-R14"))
    return found


def decided(before: State, after: State, action: Action, seat: int) -> bool:
    """Whether the rules carried out ``action`` reading nothing ``seat`` can't see: no
    face-down card turned up but the one it played from its hand (GY-R7, GY-R11, GY-R14,
    GY-R21 turn cards up; which cards turn up goes by the board, what they then do by their
    faces), and no face-down card taken into the hand (GY-R11's swap: its face is seen now). Cards Dense Fog or a Landslide deal face down are chance (the engine's part)."""
    played = parse_cell(action.cell) if action.kind == "play" else None
    if played is not None and not before.up[played]:
        return False            # the face-down card there goes to the hand: seen now (GY-R11)
    return not any(after.up[c] and not before.up[c] and c != played for c in range(CELLS))


def shows(before: State, after: State, action: Action, seat: int) -> bool:
    """Whether ``seat``'s ``action`` put before it a card it could not see: a face-down card
    turned up (but the one it played) or taken into its hand (GY-R11): where not
    :func:`decided`, as that reads exactly those."""
    return not decided(before, after, action, seat)


def _way(state: State, seat: int) -> int | None:
    """The steps along face-up paths (GY-R6) from ``seat``'s shepherd to its goat, or None
    where no path joins them."""
    here, goat = state.shepherds[seat], state.goats[seat]
    graph = state.graph
    if here not in graph or goat not in graph:
        return None
    try:
        return nx.shortest_path_length(graph, here, goat)
    except nx.NetworkXNoPath:
        return None


def _best_way(state: State, seat: int, now: int | None) -> int | None:
    """The shortest of ``seat``'s paths (:func:`_way`) over the ways the card it is laying
    may be turned (its orient decision), or ``now`` if none is shorter."""
    best = now
    for option in state.legal_actions(seat):
        laid = state.clone()
        laid.apply(option, seat=seat)
        way = None if laid.is_over else _way(laid, seat)
        if way is not None and (best is None or way < best):
            best = way
    return best
