"""Grab Your Goat! saves: the saved fields declared once, and what a position the rules can
reach must satisfy.

A saved game is untrusted. ``SAVE_SCHEMA`` gives every field of the position its type and
range; :func:`check_position` then ties the fields together the way play leaves them: the
board (fixed cards, arrows, cards that leave as they act), the deck, the counters and the die,
the task stack (its shape, each task's fields, the pending decision on top: a real choice the
rules would not have made for the seat, with something to choose), where shepherds may stand
while something is still to happen to them, and the end of the game (the winners are exactly
the seats that caught their goats). The loader and the position builder both run it (through
``GrabState._check_position``), so a built position always loads from its own save.

The task stack (``state.tasks``) lists ``[kind, seat, a, b, n]`` records, bottom first; its
vocabulary is declared here, the rules that push and carry out tasks are in ``rules``.

    >>> from goatwidgets.games.grab_your_goat import new_game
    >>> s = new_game(players=2, seed=1, first=0)
    >>> check_position(s)
    >>> s.tasks[-1][4] = 2                     # two rolls, but the goat is not on a Coffee Bush
    >>> check_position(s)
    Traceback (most recent call last):
    ...
    ValueError: tasks: the turn's first roll is one roll unless the goat starts on a face-up Coffee Bush (GY-R31)
"""

from __future__ import annotations

from ...engine.schema import Bool, Fields, Int, ListOf, Nullable, OneOf, Seat, Tuple, check
from .board import CELLS, FIXED, TOP, cell_id, direction, step
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
#: pending decisions (the top of the task stack at rest) and the rule each comes from
DECISIONS = {
    "roll": "GY-R9", "goat": "GY-R5", "act": "GY-R9", "more": "GY-R31", "orient": "GY-R7",
    "throw": "GY-R12", "slide": "GY-R18", "reveal": "GY-R14", "lift": "GY-R15",
}
#: tasks carried out without a decision
AUTOMATIC = ("part2", "endturn", "endmove", "push", "entered", "effect", "sweep", "landed")
TASKS = tuple(DECISIONS) + AUTOMATIC
#: decisions that are always the last task pushed, so they are only ever on top of the stack
#: (a roll may wait under the pushes of the goat's move, a throw under the landing of another)
TOP_ONLY = ("goat", "act", "more", "orient", "slide", "reveal", "lift")
#: tasks of the seat whose turn it is
TURN_TASKS = ("roll", "goat", "act", "more", "reveal", "part2", "endmove", "endturn")
#: effect task flags (field ``b``): the card was just turned up; it was turned up from afar
#: (GY-R29)
FRESH, AFAR = 1, 2
#: a thrown piece (throw task field ``b``): a seat's shepherd, or GOAT + seat for its goat
GOAT = 4
ALL_CELLS = (1 << CELLS) - 1

SAVE_SCHEMA = Fields(
    cards=ListOf(OneOf(ALL_KINDS), length=CELLS),
    up=ListOf(Bool(), length=CELLS),
    arrows=ListOf(Int(0, 15), length=CELLS),
    shepherds=ListOf(Int(0, CELLS - 1), length="players"),
    goats=ListOf(Int(0, CELLS - 1), length="players"),
    hands=ListOf(ListOf(OneOf(DECK_KINDS), length=HAND), length="players"),
    lost=ListOf(Bool(), length="players"),
    current=Seat(), turn=Int(1, None), die=Nullable(OneOf(FACES)),
    coffee=Bool(), halted=Bool(), top_used=Bool(), skipping=Bool(),
    tasks=ListOf(Tuple(OneOf(TASKS), Seat(), Int(-1, CELLS - 1), Int(-1, CELLS - 1),
                       Int(0, ALL_CELLS)), max_len=200),
    winners=Nullable(ListOf(Seat(), max_len=4)),
)


def check_position(state) -> None:
    """Raise ``ValueError`` naming the field if ``state``'s position is not one the rules
    could leave (see the module docstring)."""
    check(SAVE_SCHEMA, state._get_data(), "position", players=state.players)
    _check_hands(state)
    _check_deck(state)
    _check_counters(state)
    if state._winners is not None:
        _check_board(state)
        _check_end(state)
        return
    _check_tasks(state)
    _check_board(state)
    _check_decision(state)
    _check_pieces(state)


def _fail(text: str) -> None:
    raise ValueError(text)


def _laying(state) -> int | None:
    """The card waiting to be laid down (an orient decision on top), if any."""
    top = state.tasks[-1] if state.tasks else None
    return top[2] if top is not None and top[0] == "orient" else None


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
                not any(t[0] in ("slide", "effect") and t[2] == cell for t in state.tasks):
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


def _check_counters(state) -> None:
    """The turn within the guard (GY-R22); the die shows a face the die has (GY-R5)."""
    if state.turn > state.variants["max_turns"]:
        _fail(f"turn: turn {state.turn} is past the turn guard of "
              f"{state.variants['max_turns']} (GY-R22)")
    if state.die is not None and not state.variants["die"][state.die]:
        _fail(f"die: the die of this game has no {state.die!r} face (GY-R5)")


def _check_end(state) -> None:
    """GY-R22, GY-R24, GY-X8: a finished game has nothing pending, and its winners are
    exactly the seats whose shepherd is with its goat (none: a draw at the turn guard)."""
    winners = list(state._winners)
    if state.tasks:
        _fail("tasks: the game is over but decisions are still pending")
    if winners != sorted(set(winners)):
        _fail("winners: each winning seat once, in seat order")
    caught = [s for s in range(state.players) if state._satisfied(s)]
    if winners != caught:
        _fail(f"winners: the seats with their goats on a winning card are {caught}, "
              f"not {winners} (GY-R13, GY-R24)")
    if not winners and state.turn != state.variants["max_turns"]:
        _fail("winners: a game ends without a winner only at the turn guard (GY-R22)")


def _check_tasks(state) -> None:
    """The shape of the stack (a turn's tasks in the order the rules push them) and the
    fields of every task."""
    tasks, current = state.tasks, state.current
    if not tasks or tasks[-1][0] not in DECISIONS:
        _fail("tasks: a game in progress has a decision on top of its tasks")
    if tasks[0] != ["endturn", current, -1, -1, 0] or any(t[0] == "endturn" for t in tasks[1:]):
        _fail("tasks: the first task, and only it, ends the current seat's turn")
    rolling = len(tasks) > 1 and tasks[1][0] == "part2"
    for i, task in enumerate(tasks):
        kind, seat, a, b, n = task
        where = f"tasks[{i}] ({kind})"
        if kind == "part2" and (i != 1 or task != ["part2", current, -1, -1, 0]):
            _fail(f"{where}: the shepherd's part of the turn comes right after its end")
        if kind in ("roll", "goat") and not rolling:
            _fail(f"{where}: the goat is rolled before the shepherd's part of the turn (GY-R9)")
        if kind in ("act", "more", "endmove") and rolling:
            _fail(f"{where}: the shepherd moves after the goat's roll (GY-R9)")
        if kind in TOP_ONLY and i != len(tasks) - 1:
            _fail(f"{where}: this decision is only ever the last task")
        if (kind in TURN_TASKS or kind == "effect" and b & AFAR) and seat != current:
            _fail(f"{where}: belongs to the seat whose turn it is, seat {current}")
        _check_fields(state, where, task)
        if kind in ("entered", "landed") or (kind == "effect" and b & AFAR):
            above = tasks[i + 1] if i + 1 < len(tasks) else None
            if above is None or above[:3] != ["orient", seat, a]:
                _fail(f"{where}: waits only under the laying of the card it concerns")


def _check_fields(state, where: str, task: list) -> None:
    """Each kind of task uses its fields in one way (see ``rules``)."""
    kind, seat, a, b, n = task
    cell, second = a >= 0, b >= 0
    if kind in ("roll", "goat", "act", "more", "reveal", "part2", "endturn", "endmove"):
        ok = not cell and not second and n in {"roll": (1, 2), "goat": (0, 1),
                                               "endmove": (1, 2)}.get(kind, (0,))
    elif kind == "orient":
        ok = cell and b in (0, 1, 2, 4, 8) and not n
    elif kind == "throw":
        ok = cell and (b < state.players and b != seat or
                       GOAT <= b < GOAT + state.players and b - GOAT != seat) and not n
    elif kind == "slide":
        ok = cell and not second and not n
    elif kind == "lift":
        ok = cell and second and TOP in (a, b) and a != b and not n
    elif kind == "push":
        ok = cell and 0 <= b < len(DIRS) and not n
    elif kind == "entered":
        ok = cell and second and n in (0, 1) and (
            direction(a, b) is not None or TOP in (a, b) and a != b)
    elif kind == "effect":
        ok = cell and 0 <= b <= FRESH | AFAR and n >> a & 1
    else:                                                   # sweep, landed
        ok = cell and not second and n >> a & 1
    if not ok:
        _fail(f"{where}: fields {task[1:]} don't fit this kind of task")


def _check_decision(state) -> None:
    """The pending decision is one the rules ask (not one they take for the seat, GY-X3) and
    fits the position it asks about."""
    top = state.tasks[-1]
    kind, seat, a, b, n = top
    where = f"tasks: the pending {kind!r}"
    if state._one_answer(top):
        _fail(f"{where} has at most one answer, so the rules take it themselves (GY-X3)")
    if not state._legal(seat):
        _fail(f"{where}: seat {seat} has nothing to choose from")
    if kind == "roll":
        first = state.die is None
        start = state.up[state.goats[seat]] and state.cards[state.goats[seat]] == "coffee"
        if n == 2 and not first:
            _fail("die: nothing is rolled before the turn's first roll")
        if first and n != (2 if start else 1):
            _fail("tasks: the turn's first roll is one roll unless the goat starts on a "
                  "face-up Coffee Bush (GY-R31)")
    elif kind == "goat" and state.die != "choice":
        _fail(f"die: the goat's way is chosen only after a Roller's choice, not {state.die!r} "
              "(GY-R5)")
    elif kind == "act":
        here = state.shepherds[seat]
        if state.skipping:
            _fail("skipping: a shepherd held by the Thicket has no move to choose (GY-R16)")
        if state.halted or state.coffee != (state.up[here] and state.cards[here] == "coffee"):
            _fail("coffee, halted: the move starts from where the shepherd stands, on a Coffee "
                  "Bush or not (GY-R31, GY-X5)")
    elif kind == "more" and not (state.coffee and not state.halted):
        _fail("coffee, halted: a second move comes only from a Coffee Bush, while the moving "
              "goes on (GY-R31)")
    elif kind == "reveal" and not (state.top_used and state.shepherds[seat] == TOP):
        _fail("top_used: the Top's reveal is asked of a shepherd who has just reached the Top "
              "(GY-R14, GY-R33)")
    elif kind == "orient":
        below = state.tasks[-2]
        if not state.up[a]:
            _fail("up: the card to lay down must be face up")
        if below[0] == "entered":
            back = 0 if state.cards[a] == "waterfall" else BIT[direction(a, below[3])]
            if b != back or state.shepherds[seat] != below[3]:
                _fail("tasks: a card turned up by a step is laid by the stepper, one arrow "
                      "back the way they came (GY-R7, GY-X7)")
        elif below[0] == "landed":
            source = step(a, mask_text(b)) if b else None      # the Waterfall swept from
            if source is None or state.shepherds[seat] != source or \
                    state.cards[source] != "waterfall" or \
                    state.arrows[source] != BIT[OPPOSITE[mask_text(b)]]:
                _fail("tasks: a card turned up by a sweep is laid by the swept shepherd, one "
                      "arrow back up the Waterfall (GY-R21)")
        elif b:
            _fail("tasks: a card turned up from afar may be laid any way (GY-R29)")
    elif kind == "throw" and not state._piece_at(top):
        _fail("tasks: the piece to throw is not on that card (GY-R12)")
    elif kind == "slide" and not (state.up[a] and state.cards[a] == "landslide"):
        _fail("tasks: a Landslide waiting for its direction must be face up (GY-R18)")
    elif kind == "lift":
        lift = b if a == TOP else a
        if state.shepherds[seat] != a or not (state.up[lift] and state.cards[lift] == "ski"):
            _fail("tasks: a free Ski Lift ride runs from the rider's card between the Top and "
                  "a face-up Ski Lift (GY-R15)")
    if state.skipping and kind != "roll" and not any(t[0] == "part2" for t in state.tasks):
        _fail("skipping: the Thicket's lost move is skipped at the shepherd's part of the turn")
    if state.coffee and any(t[0] == "part2" for t in state.tasks):
        _fail("coffee: the Coffee Bush is looked at when the shepherd's part begins (GY-X5)")


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
                    state, seat, step(here, mask_text(state.arrows[here])), ("landed",))):
            _fail(f"{where} stays on a face-up Waterfall (GY-R21)")
    satisfied = [s for s in range(state.players) if state._satisfied(s)]
    top = state.tasks[-1]
    if satisfied and not (top[0] == "throw" and satisfied == [top[1]]):
        _fail(f"shepherds, goats: seat {satisfied[0]}'s shepherd is with its goat on a face-up "
              "card but has not won (GY-R24)")


def _waiting(state, seat: int, cell: int | None, kinds=("effect", "sweep")) -> bool:
    """Something is still to happen to ``seat``'s shepherd on ``cell``: a task of ``kinds``
    for it there, or a throw of it from there."""
    return cell is not None and any(
        t[2] == cell and (t[0] in kinds and t[1] == seat or t[0] == "throw" and t[3] == seat)
        for t in state.tasks)
