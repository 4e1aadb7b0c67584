"""One seat per device (issue 37): what each seat's device shows and reads, the projector's
board kept on the public table, and a seat's review in a few words.

In a room made with ``seats="devices"`` each device holds one seat: it is sent that seat's
traits only (``projection(state, seat, may_act=...)``, the seat's log and what just happened
for it) and decides that seat's decisions, on turn and off (a duel answer, a block, a
simultaneous layout). The teacher's widget is the projector: its board always shows the public
table (:class:`SeatsPolicy` dresses every update of it with the public view: its cover never
shows a hand), and takes no move of its own; the teacher pauses, gives a seat to a bot and
back, undoes the last move by the hot-seat Undo's rules, and ends the game from the room.

    >>> from goatwidgets import GoatLords
    >>> from goatwidgets.room import Room
    >>> w = GoatLords(players=3, seed=2, bots={2: "casual"})
    >>> room = Room(w, seats="devices", show=False)
    >>> ana = room.core.join(room.code, "Ana", "10.0.0.2")
    >>> ana.seat, room.core.traits(ana)["view"] == w.state.view(0)
    (0, True)
    >>> w.view == w.state.view(None)              # the projector: the public table
    True
    >>> w.play(str(w.state.legal_actions(0)[0]))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    goatwidgets.engine.errors.GameError: each seat plays on its own device in this room: ...
    >>> room.close()
"""

from __future__ import annotations

from typing import Mapping, Sequence

from ..engine import GameError, projection
from ..engine.review import GRADE_NOUNS, Review
from ..engine.table import LOG_LINES
from ..engine.words import in_ten, is_you
from ..widgets.policy import Policy

# ``room``: a :class:`goatwidgets.room.Room` (not imported: it imports this module)

#: the trials a device's review spends on each decision (engine.review: about this many)
REVIEW_TRIALS = 100
#: the flagged moments a device's review names at most (the costliest first)
REVIEW_MOMENTS = 5
PROJECTOR_UNDO = "each seat's Undo is on its own device; the teacher's is on the room's panel"


class SeatsPolicy(Policy):
    """The projector's board in a room of one seat per device: it shows the public table,
    always (``dress``), and takes no move, first click, Undo or coach of its own: a move is a
    device's (or the teacher's room commands), run through the board by the room."""

    def __init__(self, room: "Room", before: Policy):
        self.room = room
        #: the board's policy before the room (a room made again for the board takes it)
        self.before = before

    def refusal(self, widget, what: str, state=None) -> GameError | None:
        room = self.room
        if what == "suggest":
            return GameError("the coach is off on the projector: it would speak from one "
                             "seat's cards", "room")
        if what in ("act", "start", "undo") and not room.for_device:
            if room.closed:
                return GameError("the room is closed: this board shows the public table; "
                                 "open the room again to play", "room")
            return GameError("each seat plays on its own device in this room: the projector "
                             "shows the public table (the teacher's Undo: room.undo())", "room")
        if what == "act" and room.core.paused:
            return GameError("your teacher has paused the game: wait until it goes on",
                             "paused")
        return None

    def dress(self, widget) -> None:
        """Every update of the projector's board: the public table, never a hand."""
        table, state = widget.table, widget.table.state
        update = projection(state, None, may_act=False, log_lines=LOG_LINES)
        widget.covered = False
        widget.viewer = None
        widget.whose = "Your"
        widget.view, widget.legal, widget.game_log = (update["view"], update["legal"],
                                                      update["game_log"])
        widget.last_move = table.last_move(None)
        widget.can_undo = False
        widget.undo_note = PROJECTOR_UNDO
        widget.add_class("gw-view-only")    # a board nobody clicks: no Undo, no choices row


def seat_picture(room: "Room", seat: int) -> dict:
    """The game traits of ``seat``'s device: its view, its legal moves while it decides (and
    the game goes on), its log, what just happened for it, who is thinking, its Undo."""
    board, core = room.board, room.core
    table = board.table
    deciding = not core.paused and not core.ended and board.deciding(seat) == seat
    refusal = undo_refusal(room, seat)
    return {**room._picture(seat, deciding), "whose": "Your",   # (its own hand: "Your")
            "thinking": -1 if table.thinking is None else table.thinking,
            "can_undo": not refusal, "undo_note": refusal if table.state.history else ""}


def undo_refusal(room: "Room", seat: int) -> str:
    """Why ``seat``'s device may not Undo now ("" if it may): the room's state, then the
    hot-seat Undo's rules for that seat (``Table.undo_refusal``: its own last move only)."""
    core = room.core
    if core.ended:
        return "the game is over"
    if core.paused:
        return "your teacher has paused the game"
    table = room.board.table
    if seat in table.bots:
        return "a bot plays your seat now"
    return table.undo_refusal(seat, False, [seat])


def seat_note(room: "Room", seat: int | None) -> str:
    """The line above a device's board: its seat, what to do now, who is thinking."""
    board, core = room.board, room.core
    table = board.table
    state = table.state
    mine = f"You play {state.seat_name(seat)}. " if seat is not None else \
        "You watch the table (every seat is taken). "
    if core.ended or state.is_over:
        over = "Your teacher ended the game." if core.ended and not state.is_over else \
            "The game is over."
        return mine + over + (" Your review: press Review." if seat is not None else "")
    if core.paused:
        return mine + "Your teacher has paused the game."
    if seat is not None and seat in table.bots:
        return mine + f"{bot_words(table, seat).capitalize()} plays your seat now."
    if seat is not None and board.deciding(seat) == seat:
        return mine + "Your decision."
    return mine + thinking(room) + "."


def thinking(room: "Room") -> str:
    """Who is deciding now, in words ("Waiting for Ana and the bot playing Cy")."""
    table = room.board.table
    state = table.state
    names = []
    for seat in state.deciders:
        name = state.seat_name(seat)
        if seat in table.bots:
            names.append(f"{bot_words(table, seat)} playing {name}")
        else:
            holder = room.core.holder(seat)
            names.append(name if holder is not None else f"{name} (nobody holds that seat)")
    return "Waiting for " + " and ".join(names) if names else "Nobody decides now"


def bot_words(table, seat: int) -> str:
    """The bot playing ``seat`` as a person reads it: "the casual bot" (its level)."""
    return f"the {table.bot_names()[str(seat)]} bot"


def seat_names(given: Sequence[str], holders: Mapping[int, str]) -> tuple[str, ...]:
    """Each seat's name in a room of one seat per device (issue 37, "seat names"): a seat a
    device holds reads with the child's first name (as the room keeps it: text, cleaned),
    every other seat keeps the game's own (``given``); a child called You reads “You”
    (a seat named You would be the reader on every device: ``words.is_you``); two names
    alike (case aside) are told apart in seat order, "Ana", "Ana 2", none taking a name a
    seat nobody holds has.

        >>> seat_names(["Player 1", "Player 2", "Player 3", "Player 4"],
        ...            {0: "Ana", 2: "ANA", 3: "you"})
        ('Ana', 'Player 2', 'ANA 2', '“you”')
    """
    names = list(given)
    taken = {name.casefold() for seat, name in enumerate(names) if seat not in holders}
    for seat in sorted(holders):
        name = holders[seat]
        if is_you(name):
            name = f"“{name.strip()}”"
        told, count = name, 1
        while told.casefold() in taken:
            count += 1
            told = f"{name} {count}"
        taken.add(told.casefold())
        names[seat] = told
    return tuple(names)


def review_words(review: Review, moments: int = REVIEW_MOMENTS) -> dict:
    """A device's review, small: the summary's sentences and the flagged moments' words (the
    costliest first), from the reviewed seat's eyes only (``engine.review.review``)."""
    said = []
    for m in review.flagged()[:moments]:
        reason = f" ({m.reasons[0].text})" if m.reasons else ""
        said.append({"grade": m.grade, "entry": m.entry,
                     "words": f"A {GRADE_NOUNS[m.grade][0]}: to {m.saying(m.played)} (about "
                              f"{in_ten(m.after)}) where to {m.saying(m.best)} kept about "
                              f"{in_ten(m.before)}{reason}."})
    return {"seat": review.seat, "summary": review.summary(), "moments": said}


__all__ = ["REVIEW_TRIALS", "SeatsPolicy", "bot_words", "review_words", "seat_names", "seat_note",
           "seat_picture", "thinking", "undo_refusal"]
