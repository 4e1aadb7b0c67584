"""Grab Your Goat! saves: the turn machine's record, the saved fields declared once, what a
position the rules can reach must satisfy, and the conservation laws.

The rules run a turn as a stack of steps (``state.steps``, bottom first, each a :class:`Step`):
the top one is carried out, and it may add more (a push, a throw, a sweep, a card acting).
The stack stops at a step that needs a decision: that one is the pending decision
(``state.pending``, one of ``DECISIONS``) and its seat decides it. This module declares the
steps' vocabulary and their saved form; the rules that add and carry out steps are in
``rules``.

A saved game is untrusted. ``SAVED_FIELDS`` gives every field of the position its type and
range (the engine derives the save, the load and the schema from it); a step is saved as the
list ``[kind, seat, a, b, n]`` it has always been saved as (:func:`save_step`,
:func:`load_step`). :func:`check_position` then ties the fields together the way play leaves
them: the board (fixed cards, arrows, cards that leave as they act), the deck, the die, the
steps (their order, each step's fields, the pending decision on top: a real choice the rules
would not have made for the seat, with something to choose), where shepherds may stand while
something is still to happen to them, and the end of the game (the winners are exactly the
seats that caught their goats). The loader and the position builder both run it (through
``GrabState._check_position``), so a built position always loads from its own save.

    >>> from goatwidgets.games.grab_your_goat import new_game
    >>> s = new_game(players=2, seed=1, first=0)
    >>> s.pending
    Step(kind='roll', seat=0, rolls=1)
    >>> save_step(s.pending)
    ['roll', 0, -1, -1, 1]
    >>> check_position(s)
    >>> s.steps[-1] = s.pending._replace(rolls=2)   # two rolls, with no Coffee Bush
    >>> check_position(s)                           # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: tasks: the turn's first roll is one roll unless the goat starts on ... (GY-R31)
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import NamedTuple

from ...engine.schema import (
    Bool,
    Int,
    ListOf,
    Nullable,
    OneOf,
    Saved,
    Seat,
    Tuple,
    check,
)
from .board import CELLS, CORNERS, FIXED, TOP, build_graph, cell_id, direction, neighbour
from .cards import (
    ALL_KINDS,
    BIT,
    DECK_KINDS,
    DIRS,
    FACES,
    NAMES,
    OPPOSITE,
    mask_text,
    valid_arrows,
)

HAND = 3                                            # GY-R1
#: pending decisions (a step at rest on top of the stack) and the rule each comes from
DECISIONS = {
    "roll": "GY-R9", "goat": "GY-R5", "act": "GY-R9", "more": "GY-R31", "orient": "GY-R7",
    "throw": "GY-R12", "slide": "GY-R18", "reveal": "GY-R14", "lift": "GY-R15",
}
#: the action kinds each decision accepts
ACCEPTS = {
    "roll": {"roll"}, "goat": {"goat"}, "act": {"step", "lift", "play", "rotate"},
    "more": {"step", "lift", "pass"}, "orient": {"orient"}, "throw": {"throw"},
    "slide": {"slide"}, "reveal": {"reveal", "pass"}, "lift": {"lift", "pass"},
}
#: steps carried out without a decision
AUTOMATIC = ("part2", "endturn", "endmove", "push", "entered", "effect", "sweep", "landed")
KINDS = tuple(DECISIONS) + AUTOMATIC
#: decisions that are always the last step added, so they are only ever on top of the stack
#: (a roll may wait under the pushes of the goat's move, a throw under the landing of another)
TOP_ONLY = ("goat", "act", "more", "orient", "slide", "reveal", "lift")
#: steps of the seat whose turn it is
TURN_STEPS = ("roll", "goat", "act", "more", "reveal", "part2", "endmove", "endturn")
#: the saved form of a step's flags and pieces: an effect's ``b`` holds FRESH | AFAR; a
#: throw's ``b`` is the thrown shepherd's seat, or GOAT + seat for that seat's goat
FRESH, AFAR = 1, 2
GOAT = 4
ALL_CELLS = (1 << CELLS) - 1
NOWHERE = frozenset()


class Step(NamedTuple):
    """One step of a turn: a decision waiting for ``seat`` (``DECISIONS``) or a step the rules
    carry out by themselves (``AUTOMATIC``). Each kind uses the fields its comment names; the
    others keep their defaults.

        >>> Step("throw", 0, 17, owner=1, goat=True)
        Step(kind='throw', seat=0, cell=17, owner=1, goat=True)
    """

    kind: str
    seat: int
    #: the card it concerns (every kind but roll, goat, act, more, reveal, part2, endturn,
    #: endmove)
    cell: int | None = None
    #: roll, goat: the rolls still to make (a roll counts itself; 2 from a Coffee Bush)
    rolls: int = 0
    #: endmove: which move of the turn just ended (1, or 2 after a Coffee Bush's second)
    move: int = 0
    #: orient: the arrow that must point back the way the shepherd came (0: any way)
    back: int = 0
    #: throw: whose piece is thrown, and whether it is that seat's goat (else its shepherd)
    owner: int | None = None
    goat: bool = False
    #: lift: the other end of the free ride
    to: int | None = None
    #: entered: the card the mover came from
    came_from: int | None = None
    #: entered, effect: the card was turned up by this very move
    fresh: bool = False
    #: effect: the card was turned up from afar (from the Top or by a card played, GY-R29)
    afar: bool = False
    #: push: the way the goat shoves the shepherd (GY-R10)
    dir: str | None = None
    #: effect, sweep, landed: the cards this shepherd's ride has passed (GY-R30)
    passed: frozenset = NOWHERE

    def __repr__(self) -> str:
        shown = [f"{name}={value!r}" for name, value, default in
                 zip(self._fields, self, (None, None, *_DEFAULTS)) if value != default
                 or name in ("kind", "seat")]
        return f"Step({', '.join(shown)})"


_DEFAULTS = tuple(Step._field_defaults[name] for name in Step._fields[2:])


@lru_cache(maxsize=None)
def turn_start(seat: int, rolls: int) -> tuple[Step, ...]:
    """The steps a turn of ``seat`` starts with (GY-R9): its end, the shepherd's part, the
    goat's ``rolls`` (steps are values, so every turn shares these)."""
    return Step("endturn", seat), Step("part2", seat), Step("roll", seat, rolls=rolls)


def _cells_mask(cells) -> int:
    mask = 0
    for cell in cells:
        mask |= 1 << cell
    return mask


def _mask_cells(mask: int) -> frozenset:
    return frozenset(c for c in range(CELLS) if mask >> c & 1)


def save_step(s: Step) -> list:
    """A step as the save holds it: ``[kind, seat, a, b, n]`` (``a`` the card or -1; ``b`` and
    ``n`` as each kind has always used them)."""
    kind, a, b, n = s.kind, -1 if s.cell is None else s.cell, -1, 0
    match kind:
        case "roll" | "goat":
            n = s.rolls
        case "endmove":
            n = s.move
        case "orient":
            b = s.back
        case "throw":
            b = s.owner + GOAT if s.goat else s.owner
        case "lift":
            b = -1 if s.to is None else s.to
        case "push":
            b = -1 if s.dir is None else DIRS.index(s.dir)
        case "entered":
            b, n = -1 if s.came_from is None else s.came_from, int(s.fresh)
        case "effect":
            b, n = s.fresh * FRESH | s.afar * AFAR, _cells_mask(s.passed)
        case "sweep" | "landed":
            n = _cells_mask(s.passed)
    return [kind, s.seat, a, b, n]


def load_step(data: list, where: str = "tasks") -> Step:
    """The step a saved ``[kind, seat, a, b, n]`` holds; ``ValueError`` (naming ``where``) if
    ``b`` or ``n`` holds what its kind does not use, so that saving it again gives the same
    list."""
    kind, seat, a, b, n = data
    fields: dict = {}
    match kind:
        case "roll" | "goat":
            fields["rolls"], n = n, 0
        case "endmove":
            fields["move"], n = n, 0
        case "orient":
            fields["back"], b = b, -1
        case "throw":
            fields["owner"], fields["goat"] = (b - GOAT, True) if b >= GOAT else (b, False)
            b = -1
        case "lift":
            fields["to"], b = None if b == -1 else b, -1
        case "push":
            if b < len(DIRS):
                fields["dir"], b = None if b == -1 else DIRS[b], -1
        case "entered":
            if n in (0, 1):
                fields["came_from"], fields["fresh"] = None if b == -1 else b, bool(n)
                b, n = -1, 0
        case "effect":
            if 0 <= b <= FRESH | AFAR:
                fields.update(fresh=bool(b & FRESH), afar=bool(b & AFAR), passed=_mask_cells(n))
                b, n = -1, 0
        case "sweep" | "landed":
            fields["passed"], n = _mask_cells(n), 0
    if b != -1 or n != 0:
        raise ValueError(f"{where} ({kind}): fields {list(data[1:])} don't fit this kind of "
                         "step")
    return Step(kind, seat, None if a == -1 else a, **fields)


def save_steps(steps: list[Step]) -> list[list]:
    return [save_step(s) for s in steps]


def load_steps(data: list[list]) -> list[Step]:
    return [load_step(item, f"tasks[{i}]") for i, item in enumerate(data)]


#: the position's fields, each declared once (the save key ``tasks`` holds the steps)
SAVED_FIELDS = (
    Saved("cards", ListOf(OneOf(ALL_KINDS), length=CELLS)),
    Saved("up", ListOf(Bool(), length=CELLS)),
    Saved("arrows", ListOf(Int(0, 15), length=CELLS)),
    Saved("shepherds", ListOf(Int(0, CELLS - 1), length="players")),
    Saved("goats", ListOf(Int(0, CELLS - 1), length="players")),
    Saved("hands", ListOf(ListOf(OneOf(DECK_KINDS), length=HAND), length="players")),
    Saved("lost", ListOf(Bool(), length="players")),
    Saved("current", Seat()), Saved("turn", Int(1, None)), Saved("die", Nullable(OneOf(FACES))),
    Saved("coffee", Bool()), Saved("halted", Bool()), Saved("top_used", Bool()),
    Saved("skipping", Bool()),
    Saved("tasks", ListOf(Tuple(OneOf(KINDS), Seat(), Int(-1, CELLS - 1), Int(-1, CELLS - 1),
                                Int(0, ALL_CELLS)), max_len=200),
          attr="steps", save=save_steps, load=load_steps),
    Saved("winners", Nullable(ListOf(Seat(), max_len=4)), attr="_winners",
          load=lambda w: None if w is None else tuple(w)),
)


def check_position(state) -> None:
    """Raise ``ValueError`` naming the field if ``state``'s position is not one the rules
    could leave (see the module docstring)."""
    check(state.save_schema, state._get_data(), "position", players=state.players)
    _check_hands(state)
    _check_deck(state)
    _check_die(state)
    if state._winners is not None:
        _check_board(state)
        _check_end(state)
        return
    _check_steps(state)
    _check_board(state)
    _check_decision(state)
    _check_pieces(state)


def check_invariants(state) -> None:
    """The 70 cards are conserved, the fixed cards are in place, and the path graph kept in
    step equals one built from scratch."""
    deck = state.decks["deck"]
    board = [state.cards[c] for c in range(CELLS) if c not in FIXED]
    everything = Counter(board) + Counter(k for h in state.hands for k in h) + \
        Counter(deck.pile) + Counter(deck.discards)
    want = Counter({k: n for k, n in state.variants["cards"].items() if n})
    assert everything == want, f"cards created or lost: {everything - want} / {want - everything}"
    assert all(len(h) == HAND for h in state.hands), "a hand does not hold 3 cards"
    assert state.cards[TOP] == "top" and all(state.cards[c] == "house" for c in CORNERS.values())
    assert all(state.up[c] for c in FIXED), "a fixed card is face down"
    assert all(not a for u, a in zip(state.up, state.arrows) if not u), \
        "arrows on a face-down card"
    kept, fresh = state.paths.graph, build_graph(state.up, state.arrows)
    assert set(kept.nodes) == set(fresh.nodes), "the path graph's cards are out of step"
    assert {frozenset(e) for e in kept.edges} == {frozenset(e) for e in fresh.edges}, \
        "the path graph's paths are out of step"
    assert len(state.shepherds) == len(state.goats) == state.players


def _fail(text: str) -> None:
    raise ValueError(text)


def _laying(state) -> int | None:
    """The card waiting to be laid down (an orient decision pending), if any."""
    pending = state.steps[-1] if state.steps else None
    return pending.cell if pending is not None and pending.kind == "orient" else None


def _check_board(state) -> None:
    """GY-R1, GY-R3, GY-R4: fixed cards in place, arrows a card can show, no arrows face
    down; Dense Fog and Landslide stay face up only while they act (GY-R17, GY-R18)."""
    exits, laying = state.variants["exits"], _laying(state)
    for cell in range(CELLS):
        kind, up, arrows = state.cards[cell], state.up[cell], state.arrows[cell]
        where = f"card {cell_id(cell)}"
        if cell in FIXED:
            want = "top" if cell == TOP else "house"
            if kind != want or not up or arrows != 15:
                _fail(f"cards: {where} must be the face-up {NAMES[want]} (GY-R1)")
            continue
        if kind in ("top", "house"):
            _fail(f"cards: {where}: the {NAMES[kind]} has its own fixed place (GY-R1)")
        if not up:
            if arrows:
                _fail(f"arrows: {where} is face down but shows arrows")
            continue
        if cell == laying:
            if arrows:
                _fail(f"arrows: {where} is waiting to be laid down but shows arrows")
        elif arrows not in valid_arrows(kind, exits):
            _fail(f"arrows: {where}: a {NAMES[kind]} can't show arrows "
                  f"{mask_text(arrows) or 'none'} (GY-R3, GY-R4)")
        if kind in ("fog", "landslide") and cell != laying and state._winners is None and \
                not any(s.kind in ("slide", "effect") and s.cell == cell for s in state.steps):
            _fail(f"up: {where}: a {NAMES[kind]} leaves the board as it acts "
                  "(GY-R17, GY-R18)")


def _check_hands(state) -> None:
    """Three cards each, kept in order (GY-R1, GY-R11)."""
    for seat, hand in enumerate(state.hands):
        if hand != sorted(hand):
            _fail(f"hands[{seat}]: a hand is kept in card-name order")


def _check_deck(state) -> None:
    """The draw deck is only drawn from and shuffled into; nothing is discarded or
    reshuffled from discards (GY-R1, GY-R17, GY-R18)."""
    deck = state.decks["deck"]
    if deck.name != "deck" or deck.discards or deck.reshuffle:
        _fail("decks.deck: the draw deck has no discard pile and never reshuffles one")


def _check_die(state) -> None:
    """The die shows a face the die has (GY-R5). (The engine checks the turn against the turn
    guard, GY-R22.)"""
    if state.die is not None and not state.variants["die"][state.die]:
        _fail(f"die: the die of this game has no {state.die!r} face (GY-R5)")


def _check_end(state) -> None:
    """GY-R22, GY-R24, GY-X8: a finished game has nothing pending, and its winners are
    exactly the seats whose shepherd is with its goat (none: a draw at the turn guard)."""
    winners = list(state._winners)
    if state.steps:
        _fail("tasks: the game is over but decisions are still pending")
    if winners != sorted(set(winners)):
        _fail("winners: each winning seat once, in seat order")
    caught = [s for s in range(state.players) if state._satisfied(s)]
    if winners != caught:
        _fail(f"winners: the seats with their goats on a winning card are {caught}, "
              f"not {winners} (GY-R13, GY-R24)")
    if not winners and state.turn != state.max_turns:
        _fail("winners: a game ends without a winner only at the turn guard (GY-R22)")


def _check_steps(state) -> None:
    """The order of the stack (a turn's steps in the order the rules add them) and the
    fields of every step."""
    steps, current = state.steps, state.current
    if not steps or steps[-1].kind not in DECISIONS:
        _fail("tasks: a game in progress has a decision on top of its steps")
    if steps[0] != Step("endturn", current) or any(s.kind == "endturn" for s in steps[1:]):
        _fail("tasks: the first step, and only it, ends the current seat's turn")
    rolling = len(steps) > 1 and steps[1].kind == "part2"
    for i, s in enumerate(steps):
        kind = s.kind
        where = f"tasks[{i}] ({kind})"
        if kind == "part2" and (i != 1 or s != Step("part2", current)):
            _fail(f"{where}: the shepherd's part of the turn comes right after its end")
        if kind in ("roll", "goat") and not rolling:
            _fail(f"{where}: the goat is rolled before the shepherd's part of the turn (GY-R9)")
        if kind in ("act", "more", "endmove") and rolling:
            _fail(f"{where}: the shepherd moves after the goat's roll (GY-R9)")
        if kind in TOP_ONLY and i != len(steps) - 1:
            _fail(f"{where}: this decision is only ever the last step")
        if (kind in TURN_STEPS or kind == "effect" and s.afar) and s.seat != current:
            _fail(f"{where}: belongs to the seat whose turn it is, seat {current}")
        _check_fields(state, where, s)
        if kind in ("entered", "landed") or (kind == "effect" and s.afar):
            above = steps[i + 1] if i + 1 < len(steps) else None
            if above is None or (above.kind, above.seat, above.cell) != ("orient", s.seat,
                                                                           s.cell):
                _fail(f"{where}: waits only under the laying of the card it concerns")


def _check_fields(state, where: str, s: Step) -> None:
    """Each kind of step uses its fields in one way (see :class:`Step`; the loader has
    already refused a saved step whose unused fields hold something)."""
    kind, cell = s.kind, s.cell
    match kind:
        case "roll" | "goat" | "endmove" | "act" | "more" | "reveal" | "part2" | "endturn":
            counted = {"roll": (s.rolls, (1, 2)), "goat": (s.rolls, (0, 1)),
                       "endmove": (s.move, (1, 2))}.get(kind)
            ok = cell is None and (counted is None or counted[0] in counted[1])
        case "orient":
            ok = cell is not None and s.back in (0, 1, 2, 4, 8)
        case "throw":
            ok = cell is not None and s.owner < state.players and s.owner != s.seat
        case "lift":
            ok = cell is not None and s.to is not None and TOP in (cell, s.to) and cell != s.to
        case "entered":
            ok = cell is not None and s.came_from is not None and (
                direction(cell, s.came_from) is not None or TOP in (cell, s.came_from)
                and cell != s.came_from)
        case "effect" | "sweep" | "landed":
            ok = cell is not None and cell in s.passed
        case "push":
            ok = cell is not None and s.dir is not None
        case _:                                             # slide
            ok = cell is not None
    if not ok:
        _fail(f"{where}: fields {save_step(s)[1:]} don't fit this kind of step")


def _check_decision(state) -> None:
    """The pending decision is one the rules ask (not one they take for the seat, GY-X3) and
    fits the position it asks about."""
    pending = state.pending
    kind, seat, cell = pending.kind, pending.seat, pending.cell
    where = f"tasks: the pending {kind!r}"
    if state._one_answer(pending):
        _fail(f"{where} has at most one answer, so the rules take it themselves (GY-X3)")
    if not state._legal(seat):
        _fail(f"{where}: seat {seat} has nothing to choose from")
    match kind:
        case "roll":
            first = state.die is None
            start = state.up[state.goats[seat]] and state.cards[state.goats[seat]] == "coffee"
            if pending.rolls == 2 and not first:
                _fail("die: nothing is rolled before the turn's first roll")
            if first and pending.rolls != (2 if start else 1):
                _fail("tasks: the turn's first roll is one roll unless the goat starts on a "
                      "face-up Coffee Bush (GY-R31)")
        case "goat":
            if state.die != "choice":
                _fail(f"die: the goat's way is chosen only after a Roller's choice, not "
                      f"{state.die!r} (GY-R5)")
        case "act":
            here = state.shepherds[seat]
            if state.skipping:
                _fail("skipping: a shepherd held by the Thicket has no move to choose (GY-R16)")
            if state.halted or state.coffee != (state.up[here] and
                                                state.cards[here] == "coffee"):
                _fail("coffee, halted: the move starts from where the shepherd stands, on a "
                      "Coffee Bush or not (GY-R31, GY-X5)")
        case "more":
            if not (state.coffee and not state.halted):
                _fail("coffee, halted: a second move comes only from a Coffee Bush, while the "
                      "moving goes on (GY-R31)")
        case "reveal":
            if not (state.top_used and state.shepherds[seat] == TOP):
                _fail("top_used: the Top's reveal is asked of a shepherd who has just reached "
                      "the Top (GY-R14, GY-R33)")
        case "orient":
            _check_laying(state, pending, state.steps[-2])
        case "throw":
            if not state._piece_at(pending):
                _fail("tasks: the piece to throw is not on that card (GY-R12)")
        case "slide":
            if not (state.up[cell] and state.cards[cell] == "landslide"):
                _fail("tasks: a Landslide waiting for its direction must be face up (GY-R18)")
        case "lift":
            lift = pending.to if cell == TOP else cell
            if state.shepherds[seat] != cell or not (state.up[lift] and
                                                     state.cards[lift] == "ski"):
                _fail("tasks: a free Ski Lift ride runs from the rider's card between the Top "
                      "and a face-up Ski Lift (GY-R15)")
    part2 = any(s.kind == "part2" for s in state.steps)
    if state.skipping and kind != "roll" and not part2:
        _fail("skipping: the Thicket's lost move is skipped at the shepherd's part of the turn")
    if state.coffee and part2:
        _fail("coffee: the Coffee Bush is looked at when the shepherd's part begins (GY-X5)")


def _check_laying(state, pending: Step, below: Step) -> None:
    """Who lays a card turned face up, and which way an arrow must point (GY-R7, GY-R21,
    GY-R29, GY-X7)."""
    cell, back, seat = pending.cell, pending.back, pending.seat
    if not state.up[cell]:
        _fail("up: the card to lay down must be face up")
    if below.kind == "entered":
        want = 0 if state.cards[cell] == "waterfall" else BIT[direction(cell, below.came_from)]
        if back != want or state.shepherds[seat] != below.came_from:
            _fail("tasks: a card turned up by a step is laid by the stepper, one arrow "
                  "back the way they came (GY-R7, GY-X7)")
    elif below.kind == "landed":
        source = neighbour(cell, mask_text(back)) if back else None     # the Waterfall swept from
        if source is None or state.shepherds[seat] != source or \
                state.cards[source] != "waterfall" or \
                state.arrows[source] != BIT[OPPOSITE[mask_text(back)]]:
            _fail("tasks: a card turned up by a sweep is laid by the swept shepherd, one "
                  "arrow back up the Waterfall (GY-R21)")
    elif back:
        _fail("tasks: a card turned up from afar may be laid any way (GY-R29)")


def _check_pieces(state) -> None:
    """Nobody stands on a Steep Cliff, or stays on a Mineshaft or Waterfall with nothing left
    to happen to them (GY-R19-R21, GY-R25); nobody is with their goat on a winning card
    without having won, except a stepper still throwing others off first (GY-R24, GY-R28)."""
    laying = _laying(state)
    for seat in range(state.players):
        here = state.shepherds[seat]
        if not state.up[here] or here == laying:
            continue
        kind = state.cards[here]
        where = f"shepherds[{seat}]: seat {seat}'s shepherd"
        if kind == "cliff":
            _fail(f"{where} stands on a Steep Cliff (GY-R20)")
        if kind == "mineshaft" and not _waiting(state, seat, here):
            _fail(f"{where} stays on a face-up Mineshaft (GY-R19)")
        if kind == "waterfall" and not (
                _waiting(state, seat, here) or _waiting(
                    state, seat, neighbour(here, mask_text(state.arrows[here])), ("landed",))):
            _fail(f"{where} stays on a face-up Waterfall (GY-R21)")
    satisfied = [s for s in range(state.players) if state._satisfied(s)]
    pending = state.pending
    if satisfied and not (pending.kind == "throw" and satisfied == [pending.seat]):
        _fail(f"shepherds, goats: seat {satisfied[0]}'s shepherd is with its goat on a face-up "
              "card but has not won (GY-R24)")


def _waiting(state, seat: int, cell: int | None, kinds=("effect", "sweep")) -> bool:
    """Something is still to happen to ``seat``'s shepherd on ``cell``: a step of ``kinds``
    for it there, or a throw of it from there."""
    return cell is not None and any(
        s.cell == cell and (s.kind in kinds and s.seat == seat or
                            s.kind == "throw" and not s.goat and s.owner == seat)
        for s in state.steps)
