"""``goatwidgets.Room``: the whole class on its own devices, from the teacher's notebook.

``Room(widget)`` starts a room server for a game widget (or a lesson's or a review's board) in
a thread of the teacher's kernel, and shows on the projector the address, the join code and
its QR code. The teacher's widget stays the game: it is the only writer of the game, and the
room shows every device a projection of it.

    >>> from goatwidgets import FloatsMcGoats
    >>> w = FloatsMcGoats(players=2, seed=3)
    >>> room = Room(w)
    >>> room.url.startswith("http://127.0.0.1:"), len(room.code)
    (True, 6)
    >>> room.vote(); room.counts                  # nobody has joined yet
    (0, 0)
    >>> room.close()

A class vote: ``room.vote()`` ("Ask the class"), the students vote on their devices (and may
change their vote until it closes), ``room.reveal()`` shows the tally and the coach's proven
reasons and estimate for the top choices and the best move, ``room.play_choice()`` plays the
class's move on the teacher's widget. ``room.class_vs_bot(seat, level)``: the class plays one
seat against bots, a vote for each of its moves. On a lesson (``Room(lesson)``) each device's
answer is judged by the step (right, or why not), and the reveal says how many were right and
the most common wrong move with its reason.

Threads: the server runs its own IOLoop in a thread; whatever it must do to ipywidgets (the
projector's counts) is scheduled on the kernel's loop with ``IOLoop.add_callback`` (the only
thread-safe IOLoop method), captured when the room is made; in plain Python (tests, the
standalone server) it is done at once under the room's lock.
"""

from __future__ import annotations

import logging
import os
import queue
import socket
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Callable

import ipywidgets

from ..engine import GameError, projection
from ..engine.review import review as review_of
from ..engine.table import LOG_LINES
from ..engine.words import is_you
from ..lessons import LessonRun
from ..widgets.base import GameWidget
from ..widgets.policy import Policy
from ..widgets.review import ReplayPolicy
from ..widgets.review import Review as ReviewWidget
from . import saves
from .core import GAME_TRAITS, Device, RoomCore, Vote, said, tally
from .protocol import PROTOCOL, RoomError, refusal
from .seats import (REVIEW_TRIALS, SeatsPolicy, bot_words, review_words, seat_names, seat_note,
                    seat_picture, thinking)
from .host import Host
from .panel import controls, kernel_loop, name_the_seats, panel_html, seats_html
from .server import RoomServer

log = logging.getLogger("goatwidgets.room")

#: rooms open in this process, by port: a cell run again closes its old room first (the
#: room of the same board, or on the same port)
OPEN: dict[int, "Room"] = {}


def lan_address() -> str:
    """This machine's address on its network (what a phone types), or 127.0.0.1. A UDP
    socket's connect sends no packet: it only asks the system which interface it would use."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        return probe.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def board_of(widget: Any) -> GameWidget:
    """The game widget a room shows: ``widget`` itself, or a lesson's or a review's board."""
    board = widget if isinstance(widget, GameWidget) else getattr(widget, "board", None)
    if not isinstance(board, GameWidget):
        raise TypeError(f"a room shows a game widget, a Lesson or a Review, not "
                        f"{type(widget).__name__}")
    return board


def lesson_judge(run: LessonRun) -> Callable[[Any], Callable[[str], dict]]:
    """For a vote on a lesson's step: ``judge(state)(text)`` is the step's verdict on the
    answer ``text`` played at ``state`` (the vote's copy: ``text`` is played on a copy of it;
    the lesson and its board are never touched):
    ``{"right", "status", "text", "rule"}``."""
    lesson, index, single = run.lesson, run.index, run.single

    def on(state):
        def judge(text: str) -> dict:
            trial = LessonRun(lesson, start=index, single=single)
            trial.state = state.clone()
            trial.state.__dict__.pop("view", None)
            trial.undone()                       # the record and the log read from here
            outcome = trial.try_action(text)
            right = outcome.status in ("right", "going")
            return {"right": right, "status": outcome.status, "rule": outcome.rule,
                    "text": ("Right! " if right else "Not this one. ") + outcome.message
                    .replace(" Press Undo on the board to take it back, or Try again.", "")}
        return judge
    return on


class Room:
    """A room for ``widget`` (see the module's text), served at ``host`` (127.0.0.1: this
    machine only; "0.0.0.0" or the laptop's address: the class's Wi-Fi) and ``port`` (0: a
    free one). ``seat``: the seat whose eyes the devices see between votes (None: the public
    view; a lesson: the student's seat). ``show``: build the projector's display."""

    def __init__(self, widget: Any, host: str = "127.0.0.1", port: int = 0, *,
                 seat: int | None = None, show: bool = True, coach_trials: int = 200,
                 prefix: str = "/", behind_proxy: bool = False, address: str | None = None,
                 seats: str | None = None, save: str | os.PathLike | None = None,
                 review_trials: int = REVIEW_TRIALS, settings: dict | None = None,
                 finished_for: float = saves.FINISHED_FOR,
                 abandoned_for: float = saves.ABANDONED_FOR):
        if seats not in (None, "devices"):
            raise RoomError(f"seats must be \"devices\" (one seat per device) or None (a class "
                            f"vote), not {seats!r}", "seats")
        self.widget = widget
        self.board = board_of(widget)
        #: one seat per device (``seats="devices"``, issue 37)
        self.seats = seats
        self.closed = False
        #: a device's move runs through the board now (the projector's policy lets it)
        self.for_device = False
        self.review_trials = review_trials
        self.save_path = save
        #: a finished room's file is removed this long after its game ended, an abandoned
        #: one's after this long with no device connected and nothing kept (seconds)
        self.finished_for, self.abandoned_for = finished_for, abandoned_for
        self.settings = dict(settings or {"game": self.board.state.game})
        self.settings["seats"] = seats
        self._kept_as: tuple | None = None
        self._reviews: dict[int, dict] = {}
        self._reviewing = None                     # the reviews' worker (made when asked)
        self._jobs: queue.Queue | None = None      # the board's own thread, in plain Python
        #: held while the board is read or changed for the seats (a device's move, the
        #: teacher's seat commands, the pictures, the save): never the core's lock, so the
        #: server's thread answers every device while a bot thinks
        self.board_lock = threading.RLock()
        self.board_thread: threading.Thread | None = None
        self.ended_at: float | None = None
        before = self.board.policy
        if seats is not None:
            if isinstance(before, SeatsPolicy):
                before = before.before
            if type(before) is not Policy:
                raise RoomError("one seat per device takes a game's widget, not a lesson's or "
                                "a review's board", "seats")
        self.run: LessonRun | None = getattr(widget, "run", None) \
            if isinstance(getattr(widget, "run", None), LessonRun) else None
        if seat is None and self.run is not None:
            seat = self.run.seat
        self.seat = seat
        self.coach_trials = coach_trials
        self.auto = False
        self._played: str | None = None          # what the class played, while it is played
        self.result: dict | None = None
        self.problem = ""
        #: run ``fn`` where the widget lives: the kernel's loop (captured here), else at once
        self._kernel = kernel_loop()
        self.later: Callable[[Callable[[], None]], None] | None = None
        self._pending = False
        self._joined = 0
        #: one seat per device: the devices whose seats and names are shown (a join's pass,
        #: ``_seated``), the game's own names and the names the room gave (``_name_seats``),
        #: and whether the bots had a first look (``_hold_bots``)
        self._named_upto = 0
        self._given: tuple | None = None
        self._named: tuple | None = None
        self._bots_seen = False
        self.display = None
        for old in [r for r in OPEN.values() if r.board is self.board or port and r.port == port]:
            old.close()                            # the same cell run again: one room a board
        kept = self._kept(save)
        self.server = RoomServer(self.board.state.game, host, port, command=self._command,
                                 changed=self._changed, prefix=prefix,
                                 behind_proxy=behind_proxy)
        self.core: RoomCore = self.server.core
        if seats is not None:
            self.core.seatable = list(self.board.table.people)
            self.core.on_seat = self._seat_message
            self.core.on_review = self._review_asked
            # who is away, for a teacher's connection too (its panel's facts)
            self.server.on_connections = lambda: self._where_the_widget_lives(
                self._board_changed)
        self.lock = self.core.lock
        self.host = host
        shown = lan_address() if host in ("0.0.0.0", "", "::") else host
        #: the address students type (``address``: the room's public one, e.g. a JupyterHub's
        #: ``https://hub.school.example/services/goatroom/``)
        self.url = address or f"http://{shown}:{self.server.port}{self.server.prefix}"
        #: the address on this machine (what the teacher's own connection may use)
        self.local_url = f"http://{'127.0.0.1' if shown != host else host}:" \
            f"{self.server.port}{self.server.prefix}"
        self.server.start()
        OPEN[self.server.port] = self
        try:
            if kept is not None:
                self._take_up(kept)
            self._game_id = id(self.board.state)
            if seats is not None:
                self.board.policy = SeatsPolicy(self, before)
                self.board.uncover()                # drawn again: the public table
            self.board.observe(self._board_changed, names="version")
            self._board_changed()
            self.keep()
            self.display = self._build() if show else None
            self._refresh()
        except BaseException:
            self.close()                           # no thread left behind
            raise

    @staticmethod
    def connect(url: str, key: str, **options) -> Host:
        """The host of a room served elsewhere (a school machine's ``python -m
        goatwidgets.room``, a JupyterHub service), with the teacher key it printed:
        :class:`goatwidgets.room.host.Host` (the same panel, buttons and board).

            >>> room = goatwidgets.Room.connect("http://10.0.0.5:8765/", "k3y")  # doctest: +SKIP
        """
        return Host(url, key, **options)

    # ------------------------------------------------------------------ handles

    @property
    def code(self) -> str:
        """The join code the class types (or the QR code's link carries)."""
        return self.core.code

    @property
    def join_url(self) -> str:
        """The link the QR code carries: the address with the join code."""
        return f"{self.url}?code={self.code}"

    @property
    def teacher_key(self) -> str:
        """The key a teacher's own connection sends to command the room."""
        return self.core.key

    @property
    def port(self) -> int:
        return self.server.port

    @property
    def counts(self) -> tuple[int, int]:
        """(devices that voted, devices in the room)."""
        return self.core.counts()

    def vote(self) -> None:
        """Ask the class: every device shows the board from the deciding seat's eyes, its
        legal moves lit; each device's pick is its vote until the vote closes. Refused
        (``RoomError``) when nobody at the teacher's board decides now."""
        if self.seats is not None:
            raise RoomError("in a room of one seat per device each device decides for its own "
                            "seat: there is no class vote", "vote")
        board = self.board
        seat = board.deciding()
        if seat is None and isinstance(board.policy, ReplayPolicy) \
                and board.viewer in board.state.deciders:
            seat = board.viewer     # a review's moment, from the reviewed seat's eyes
        if seat is None:
            raise RoomError("nobody at the teacher's board has a decision to vote on now",
                            "vote")
        # a lesson's judge reads the vote's copy of the position, never the board's game
        judge = lesson_judge(self.run) if self.run is not None else None
        vote = Vote.of(board.state, seat, self._picture(seat, True), self._picture(seat, False),
                       judge=judge)
        self.result = None
        self.core.open_vote(vote)
        self._refresh()

    def close_vote(self) -> None:
        """No more votes or changes (the reveal closes it too)."""
        self.core.close_vote()
        self._refresh()

    def reveal(self) -> dict:
        """Close the vote and show each voted move's count, the most chosen, and the coach's
        proven reasons and estimate for the top choices and the best move (trials only:
        the same on any machine). On a lesson, how many were right and the most common wrong
        move with the step's reason, and no coach (the step judges: the coach's estimate
        would argue with it). Returns the result."""
        with self.lock:
            vote = self.core.close_vote()
            votes, verdicts = dict(vote.votes), dict(vote.verdicts)
            state, seat = vote.state.clone(), vote.seat
        result = tally(state, seat, votes, iterations=self.coach_trials,
                       coach=self.run is None)
        if self.run is not None:
            result.update(judged(state, seat, votes, verdicts))
            result["said"] = said(result)
        with self.lock:
            if self.core.vote is not vote:
                raise RoomError("the vote ended while it was counted", "vote")
            self.core.reveal(result)
        self.result = result
        self.board.highlight = [vote.legal[t["action"]] for t in result["tally"]][:3]
        self._refresh()
        return result

    def play_choice(self) -> None:
        """Play the class's move (the most chosen at the reveal) on the teacher's widget."""
        with self.lock:
            vote = self.core.vote
            if vote is None or vote.status != "revealed" or not vote.result:
                raise RoomError("reveal the vote first (room.reveal())", "vote")
            top = vote.result["top"]
            if top is None:
                raise RoomError("nobody voted: there is no class's move to play", "vote")
            said = vote.result["tally"][0]["words"]
            name = vote.state.seat_name(vote.seat)
            stale = vote.source is not self.board.state or vote.moves != len(
                self.board.state.history)
        if stale:
            raise RoomError("the teacher's board moved since the vote: ask the class again",
                            "vote")
        self._played = f"The class played for {name}: {said}."
        try:
            self.board.play(top)                # the board's change ends the vote
        finally:
            self._played = None

    def class_vs_bot(self, seat: int = 0, level: str = "casual") -> None:
        """A whole game in which the class's majority plays ``seat`` against ``level`` bots in
        every other seat: after each class move (``play_choice``) the bots answer and the next
        vote opens by itself."""
        players = self.board.state.players
        self.board.set_bots({s: level for s in range(players) if s != seat})
        self.seat, self.auto = seat, True
        self._board_changed()
        if self.core.vote is None and self.board.deciding() == seat:
            self.vote()

    def close(self) -> None:
        """Stop the room: every device is told, the server's thread and loop stop, the port is
        free again. Safe to call twice."""
        try:
            self.board.unobserve(self._board_changed, names="version")
        except ValueError:
            pass
        self.closed = True
        if self.seats is not None and self.board.table.held:
            self.board.table.hold(False)    # a paused room's bots wait no more (its next
        self.server.stop()                  # room, or the board alone, lets them go on)
        OPEN.pop(self.server.port, None)
        if self._jobs is not None:
            self._jobs.put(None)                    # the board's thread ends
        if self._reviewing is not None:
            self._reviewing.shutdown(wait=False, cancel_futures=True)
        self.problem = "The room is closed."
        self._apply()

    # ------------------------------------------------------------------ the board

    def _picture(self, seat: int | None, may_act: bool) -> dict:
        """The game traits of the teacher's board for ``seat``'s eyes (None: the public's),
        as the notebook widget builds its own (``projection``, ``last_move``)."""
        table = self.board.table
        state = table.state
        update = projection(state, seat, may_act=may_act, log_lines=LOG_LINES)
        name = state.seat_name(seat) if seat is not None else ""
        picture = {"view": update["view"], "legal": update["legal"],
                   "game_log": update["game_log"], "names": list(state.names),
                   "bots": table.bot_names(), "viewer": -1 if seat is None else seat,
                   "seat": "hotseat" if seat is None else seat,
                   "whose": "Your" if seat is None or is_you(name) else f"{name}'s",
                   "last_move": table.last_move(seat)}
        assert set(picture) == set(GAME_TRAITS)
        return picture

    def _board_changed(self, _change=None) -> None:
        """The teacher's board changed (its own thread): a vote on the old position is over;
        devices get the new picture; in class vs bot the next vote opens."""
        facts = self._panel_facts()
        with self.lock:
            self.core.panel = facts
        if self.seats is not None:
            if id(self.board.state) != self._game_id:     # a new game on the board
                self._game_id = id(self.board.state)
                self.core.ended, self.ended_at = False, None
                self._reviews.clear()
                self._hold_bots()                       # its bots go on, unless paused
            self._show_seats()
            self.keep()
            self._refresh()
            return
        state = self.board.state
        vote = self.core.vote
        picture = self._picture(self.seat, False)
        if vote is not None and (vote.source is not state or vote.moves != len(state.history)):
            self.core.end_vote(self._played or "The position on the teacher's board changed: "
                               "that vote is over.", picture)
        self.core.show(picture)
        if self.auto and self.core.vote is None and not state.is_over \
                and self.board.deciding() == self.seat:
            self.vote()
        self._refresh()

    def _command(self, do: str, message: dict | None = None,
                 answer: Callable[[GameError | None], None] = lambda err: None) -> None:
        """A teacher's connection asks (on the server's thread): done where the widget
        lives; ``answer`` is told the outcome (None: done, or the refusal)."""
        message = message or {}
        seat = message.get("seat")
        work = {"vote": self.vote, "close": self.close_vote, "reveal": self.reveal,
                "play": self.play_choice, "status": lambda: None, "pause": self.pause,
                "resume": self.resume, "undo": self.undo, "end": self.end,
                "bot": lambda: self.give_to_bot(seat, message.get("level", "casual")),
                "back": lambda: self.give_back(seat),
                "assign": lambda: self.assign(message.get("device"), seat)}[do]

        def run():
            outcome = None
            try:
                work()
            except GameError as err:
                self.problem, outcome = str(err), err
            except Exception:                    # noqa: BLE001 (the room goes on)
                log.exception("goatwidgets room: a teacher's command failed")
                outcome = RoomError(f"the room could not {do}; nothing changed", "room")
            self.server.changed()
            answer(outcome)
        self._where_the_widget_lives(run)

    def _panel_facts(self) -> dict:
        """The projector panel's facts besides the counts (what :func:`panel_html` draws,
        and what a teacher's connection is told: ``RoomCore.panel``): the game, the address,
        the join code and link; in a room of one seat per device each seat's name, who holds
        it (a child's device, away or not, a bot, nobody) and whether it decides, the room's
        line (who is thinking, paused, over), how many watch, and what just happened. Public
        words only, never a hand."""
        facts = {"game": self.board.state.game, "url": self.url, "code": self.code,
                 "join": self.join_url}
        if self.seats is None:
            return facts
        core, table = self.core, self.board.table
        state = table.state
        rows = []
        with self.lock:                             # (the server's thread adds devices)
            for seat in range(state.players):
                name, holder = state.seat_name(seat), core.holder(seat)
                if seat in table.bots:
                    who = bot_words(table, seat) + (f", for {holder.name}" if holder else "")
                elif holder is None:
                    who = "nobody yet"
                else:
                    who = "playing" if holder.name == name else f"played by {holder.name}"
                    if holder.id not in self.server.connections:
                        who += " (away)"
                rows.append({"name": name, "who": who,
                             "deciding": seat in state.deciders and not state.is_over})
            watching = sum(d.seat is None for d in core.devices.values())
        facts.update(seats=rows, watching=watching,
                     line=f"{thinking(self)}.{' Paused.' if core.paused else ''}"
                          f"{' The game is over.' if core.ended or state.is_over else ''}",
                     just_now=self.board.last_move.get("said", ""))
        return facts

    def _where_the_widget_lives(self, fn: Callable[[], None]) -> None:
        if self._kernel is not None:
            self._kernel.add_callback(fn)
        elif self.later is not None:
            self.later(fn)
        elif self.seats is not None:
            self._on_board_thread(fn)
        else:
            with self.lock:
                fn()

    def _on_board_thread(self, fn: Callable[[], None]) -> None:
        """In plain Python (no kernel's loop, no standalone main loop): the board's own
        thread runs the devices' moves one at a time, under the room's lock (never the
        server's thread: a device's move never holds up the others' connections)."""
        if self._jobs is None:
            self._jobs = queue.Queue()
            self.board_thread = threading.Thread(target=self._board_thread, args=(self._jobs,),
                                                 daemon=True,
                                                 name=f"goatwidgets-room-board-{self.port}")
            self.board_thread.start()
        self._jobs.put(fn)

    def _board_thread(self, jobs: queue.Queue) -> None:
        while True:
            fn = jobs.get()
            if fn is None:
                return
            try:
                with self.board_lock:
                    fn()
            except Exception:                       # noqa: BLE001 (the thread goes on)
                log.exception("goatwidgets room: a board job failed")

    # ------------------------------------------------------------------ one seat per device

    def _seats_only(self) -> None:
        if self.seats is None:
            raise RoomError("this room is a class vote: seats are for Room(..., "
                            "seats=\"devices\")", "seats")

    def _show_seats(self) -> None:
        """Every seat's picture and line, built here (the board's thread), to the devices."""
        table = self.board.table
        core = self.core
        with self.board_lock:           # (the core's lock only while it takes the pictures)
            if self._hold_bots():
                return                          # the bots moved: their update showed all
            if self._name_seats():
                self.board._after_change()      # the board's traits with the names: its
                return                          # update shows every seat again (here)
            state = table.state
            with self.lock:
                core.seatable = list(table.people)
            pictures: dict = {seat: seat_picture(self, seat) for seat in range(state.players)}
            public = self._picture(None, False)
            public.update(thinking=-1 if table.thinking is None else table.thinking,
                          can_undo=False, undo_note="")
            pictures[None] = public
            notes = {seat: seat_note(self, seat) for seat in [None, *range(state.players)]}
            core.show_seats(pictures, notes)

    def _seated(self, joined: int) -> None:
        """A join's own pass on the board's thread: the first ``joined`` devices' seats and
        names shown. Each join names the devices joined up to it, whenever its pass runs:
        the same updates however the joins and the board's thread interleave."""
        self._named_upto = max(self._named_upto, joined)
        self._board_changed()

    def _name_seats(self) -> bool:
        """Each seat a device holds reads with the child's first name, every other seat the
        game's own (``seats.seat_names``; a seat given to a bot keeps its child's name): the
        game is retold with them where they changed (``State.rename``, the one place names
        reach every word: the log, the prompts, who is thinking, the last move). True if
        they changed. The game's own names (``_given``) are kept, and saved, for the seats
        a device leaves; a new game's names are the game's own where the room gave none."""
        state = self.board.state
        given, named = self._given, self._named
        if given is None or len(given) != state.players:
            given, named = state.names, None
        elif named is not None and len(named) == state.players and state.names != named:
            given = tuple(g if now == ours else now
                          for g, now, ours in zip(given, state.names, named))
        with self.lock:                 # (the devices whose join was shown: see _seated)
            shown = list(self.core.devices.values())[:self._named_upto]
            holders = {d.seat: d.name for d in shown
                       if d.seat is not None and d.seat < state.players}
        self._given, self._named = tuple(given), seat_names(given, holders)
        if not state.rename(self._named):
            return False
        self._reviews.clear()                       # (a review says the seats' names)
        return True

    def _seat_message(self, device: Device, seat: int, message: dict) -> None:
        """A seated device's checked move, first click or Undo (on the server's thread, the
        room's lock held): run where the board lives."""
        self._where_the_widget_lives(lambda: self._seat_job(device, seat, message))

    def _seat_job(self, device: Device, seat: int, message: dict) -> None:
        """The device's decision through the board (``play(action, seat=)``,
        ``undo(seat=)``), on the board's thread; a refusal goes to that device only (the
        projector's board keeps its own line: a refusal may speak of the seat's cards)."""
        board, core = self.board, self.core
        kind = message["type"]
        try:
            with self.board_lock:
                if self.closed:
                    return
                if core.ended or core.paused:
                    raise RoomError("your teacher has paused the game: wait until it goes on"
                                    if core.paused else "the game is over: your teacher ended "
                                    "it", "paused" if core.paused else "ended")
                if device.seat != seat:
                    raise RoomError("your seat changed: look at your board again", "seat")
                with board.hold_sync():
                    before = board.error
                    self.for_device = True
                    try:
                        if kind == "act":
                            board.play(message["action"], seat=seat)
                        elif kind == "undo":
                            board.undo(seat=seat)
                        else:
                            board.table.explain_start(board.deciding(seat), message["action"])
                    except GameError:
                        board.error = before
                        raise
                    finally:
                        self.for_device = False
                core.clear_error(device)
        except GameError as err:
            core.refuse(device, err)
            core.send_to(device, refusal(err))

    def assign(self, device: str | Device, seat: int | None) -> None:
        """Seat ``device`` (its id "d3", its name, or the Device) at ``seat`` (None: it
        watches); the device that held the seat watches. A bot's seat is given back first."""
        self._seats_only()
        with self.board_lock:
            found = self._device(device)
            with self.lock:
                joined = list(self.core.devices.values()).index(found) + 1
            self._named_upto = max(self._named_upto, joined)
            if seat is not None:
                self._check_seat(seat)
                if seat in self.board.table.bots:
                    self.give_back(seat)
            self.core.seat_device(found, seat)
            self._board_changed()

    def _device(self, who: str | Device | None) -> Device:
        if isinstance(who, Device):
            return who
        devices = list(self.core.devices.values())
        found = [d for d in devices if d.id == who] or [d for d in devices if d.name == who]
        if len(found) != 1:
            raise RoomError(f"no one device is {who!r} (the devices: "
                            f"{', '.join(f'{d.id} {d.name}' for d in devices) or 'none'})",
                            "device")
        return found[0]

    def _check_seat(self, seat: object) -> int:
        players = self.board.state.players
        if type(seat) is not int or not 0 <= seat < players:
            raise RoomError(f"a seat of this game is 0 to {players - 1}, not {seat!r}", "seat")
        return seat

    def give_to_bot(self, seat: int, level: str = "casual") -> None:
        """A bot (``level``) plays ``seat`` from now on (an absent child's): it moves at once
        if the seat decides. The device holding the seat keeps its eyes on it."""
        self._seats_only()
        with self.board_lock:
            self._check_seat(seat)
            bots = dict(self.board.table.bots)
            bots[seat] = level
            self.board.set_bots(bots)
            self._board_changed()

    def give_back(self, seat: int) -> None:
        """``seat`` is a person's again (its device decides; a joining device may take it)."""
        self._seats_only()
        with self.board_lock:
            self._check_seat(seat)
            bots = {s: b for s, b in self.board.table.bots.items() if s != seat}
            self.board.set_bots(bots)
            self._board_changed()

    def pause(self) -> None:
        """Pause: no move at all until ``resume()`` (issue 37 item 1): the devices' moves are
        refused, saying so, and the bots wait (a paced bot's move due is not made). The
        teacher may still undo, end the game and give a seat to a bot or back meanwhile: a
        bot's move waits for ``resume()``."""
        self._seats_only()
        self.core.paused = True
        self._hold_bots()
        self._board_changed()

    def resume(self) -> None:
        """The game goes on: the devices decide again, and the bots go on from where they
        were (the bot that was thinking moves, once)."""
        self._seats_only()
        with self.board_lock:
            self.core.paused = False
            self._hold_bots()
            self._board_changed()

    def _hold_bots(self) -> bool:
        """The bots move only while the game goes on: held while it is paused or ended; once
        released they go on from where they were, what just happened told from the same
        start as without the pause (``Table.hold``, ``Table.run_bots``). A room's first look
        lets go on the bots a room closed while paused left waiting. True if they moved (the
        board's update then showed every seat)."""
        table = self.board.table
        held = self.core.paused or self.core.ended
        first, self._bots_seen = not self._bots_seen, True
        if held == table.held and not first:
            return False
        if held != table.held:
            table.hold(held)
        if held or self.closed or table.bot_seat() is None or table.thinking is not None:
            return False
        with self.board_lock:
            mark = table.mark if table.mark is not None else table.take_mark()
            problems = table.run_bots(mark, self.board._show)     # (the board's own show)
            table.keep_mark(mark)
            if problems:
                self.board.error = " ".join(problems)
            self.board._after_change()
        return True

    def undo(self) -> None:
        """Take back the last person's move by the hot-seat Undo's rules, asked for the seat
        that made it (its own move only; never past a die, a draw or a hidden card shown)."""
        self._seats_only()
        with self.board_lock:
            table = self.board.table
            seat = next((e["seat"] for e in reversed(table.state.history)
                         if e["seat"] not in table.bots), None)
            if seat is None:
                raise RoomError("no person has moved: there is nothing to undo", "undo")
            self.for_device = True
            try:
                self.board.undo(seat=seat)
            finally:
                self.for_device = False

    def end(self) -> None:
        """End the game now: no more moves; each device offers its review."""
        self._seats_only()
        self.core.ended = True
        self.ended_at = time.time()
        self._hold_bots()
        self._board_changed()

    def review(self, seat: int, iterations: int | None = None) -> ReviewWidget:
        """The review of ``seat``'s game (``goatwidgets.Review``), for the teacher's notebook."""
        self._check_seat(seat)
        return ReviewWidget(self.board.state.clone(), seat,
                            iterations=iterations or self.review_trials)

    def _review_asked(self, device: Device) -> None:
        seat = device.seat
        self._where_the_widget_lives(lambda: self._review_job(device, seat))

    def _review_job(self, device: Device, seat: int) -> None:
        """A device's review (after the game): made once per seat on the reviews' worker
        (never the server's or the board's thread), sent to the devices of that seat."""
        core = self.core
        state = self.board.state
        if not (state.is_over or core.ended):
            err = RoomError("your review comes when the game is over", "review")
            core.send_to(device, refusal(err))
            return
        done = self._reviews.get(seat)
        if done is not None:
            core.send_to(device, done)
            return
        if self._reviewing is None:
            self._reviewing = ThreadPoolExecutor(1, thread_name_prefix="goatwidgets-review")
        copy = state.clone()
        core.send_to(device, {"v": PROTOCOL, "type": "room", "name": device.name,
                              "mode": "seat", "seat": seat, "text": "Your review is being "
                              "made: it takes a minute.", "choice": None, "verdict": None,
                              "tally": None, "paused": core.paused, "over": True})

        def work():
            try:
                words = review_words(review_of(copy, seat, iterations=self.review_trials))
            except Exception:                        # noqa: BLE001
                log.exception("goatwidgets room: a review failed")
                return
            message = {"v": PROTOCOL, "type": "review", **words}
            self._reviews[seat] = message
            with self.lock:
                for other in core.devices.values():
                    if other.seat == seat:
                        core.send_to(other, message)
        self._reviewing.submit(work)

    # ------------------------------------------------------------------ kept on disk

    def _kept(self, save) -> saves.Kept | None:
        """The room kept at ``save`` (None: none, or it was finished or abandoned long
        enough ago to be removed: then the file is removed and a new room starts)."""
        self._active_at = time.time()             # (the abandoned room's clock starts)
        if save is None or not os.path.exists(save):
            return None
        kept = saves.load(save)
        gone = saves.expired(kept, finished_for=self.finished_for,
                             abandoned_for=self.abandoned_for)
        if gone:
            os.remove(save)
            self.problem = f"The room kept in {save} was removed ({gone}); a new room starts."
            return None
        game = kept.settings.get("game")
        if game != self.board.state.game:
            raise RoomError(f"{save} keeps a room of {game}, not of {self.board.state.game}",
                            "save")
        return kept

    def _take_up(self, kept: saves.Kept) -> None:
        """The kept room again: the game where it was (its own save, loaded through the
        game's checks), its bots, the code, the key, the devices and their seats."""
        self.board.table.hold(kept.paused or kept.ended)    # no bot moves in a paused room
        if kept.bots is not None:
            self.board.set_bots(kept.bots)
        self.board.state = kept.state
        saves.restore(self, kept)
        self.core.paused, self.core.ended = kept.paused, kept.ended
        self.ended_at = kept.ended_at
        self._named_upto = len(kept.devices)
        if kept.given_names is not None and len(kept.given_names) == kept.state.players:
            self._given, self._named = tuple(kept.given_names), kept.state.names

    def keep(self) -> None:
        """Keep the room in its file (``save``) if anything changed since it was last kept:
        after every move, join, seat, pause or end."""
        if self.save_path is None or self.closed:
            return
        core = self.core
        with self.board_lock, self.lock:
            state = self.board.state
            if state.is_over and self.ended_at is None:
                self.ended_at = time.time()
            now = (len(state.history), id(state), len(core.devices),
                   tuple(d.seat for d in core.devices.values()), core.paused, core.ended,
                   tuple(sorted(self.board.table.bot_names().items())), state.names)
            if now == self._kept_as:
                return
            saves.save(self, self.save_path, self.settings)
            self._kept_as = now
            self._active_at = time.time()

    def expiry(self, now: float | None = None) -> str:
        """Why this running room's file is to be removed now ("" while it is kept, or kept
        in no file): its game finished (ended, or over) ``finished_for`` seconds ago, or for
        ``abandoned_for`` seconds no device was connected and nothing changed."""
        if self.save_path is None or self.closed:
            return ""
        now = time.time() if now is None else now
        if self.server.connections:                 # a device connected: not abandoned
            self._active_at = now
        return saves.due(self.ended_at, self._active_at, now, self.finished_for,
                         self.abandoned_for)

    def expire(self, now: float | None = None) -> str:
        """A running room kept in a file (issue 37: a standalone room): if it is finished
        or abandoned for its set time (:meth:`expiry`), close the room and remove its file.
        Says why ("" : the room goes on)."""
        self.keep()
        gone = self.expiry(now)
        if gone:
            self.close()                            # nothing is kept after this
            try:
                os.remove(self.save_path)
            except FileNotFoundError:
                pass
        return gone

    # ------------------------------------------------------------------ the projector

    def _changed(self) -> None:
        """The counts changed (on any thread, the room's lock held): redraw the projector's
        display where the widget lives, once per burst."""
        if self.seats is not None and len(self.core.devices) != self._joined:
            self._joined = joined = len(self.core.devices)
            self._where_the_widget_lives(lambda: self._seated(joined))   # its seat, its name
        if self.display is None or self._pending:
            return
        self._pending = True
        if self._kernel is not None:
            self._kernel.add_callback(self._apply)
        else:
            self._apply()

    def _refresh(self) -> None:
        self._pending = True
        self._apply()

    def _apply(self) -> None:
        self._pending = False
        if self.display is None:
            return
        self._html.value = self.html()
        name_the_seats(self)

    def html(self) -> str:
        """The projector's panel (:func:`panel_html`): the QR code beside the address and
        code, the devices and the vote's counts (never a choice before the reveal), the seats,
        then the reveal."""
        voted, joined = self.counts
        vote = self.core.vote
        return panel_html({**self._panel_facts(), "devices": joined, "voted": voted,
                           "status": vote.status if vote is not None else "none",
                           "result": vote.result if vote is not None else None,
                           "problem": self.problem})

    def _seats_html(self) -> str:
        """The panel's seats (:func:`seats_html` of :meth:`_panel_facts`)."""
        return seats_html(self._panel_facts())

    def _build(self):
        self._html = ipywidgets.HTML()
        return ipywidgets.VBox([self._html, *controls(self, self.seats is not None,
                                                      self.close)])

    def _seat_names(self) -> list[str]:
        return list(self.board.state.names)

    def _repr_mimebundle_(self, **kwargs):
        if self.display is None:
            return {"text/plain": f"Room at {self.url} (code {self.code})"}
        return self.display._repr_mimebundle_(**kwargs)


def judged(state, seat: int, votes: dict[str, str], verdicts: dict[str, dict]) -> dict:
    """A lesson vote's reveal: how many answers were right (and the right moves voted, in the
    board's words, the most voted first), and the most common wrong move with the step's
    reason."""
    right = sum(1 for d in votes if verdicts.get(d, {}).get("right"))
    wrong = [votes[d] for d in votes if not verdicts.get(d, {}).get("right", True)]
    good = [votes[d] for d in votes if verdicts.get(d, {}).get("right")]
    out: dict = {"right": right, "wrong": len(wrong), "common_wrong": None,
                 "right_words": [state.action_words(a, seat) for a in
                                 sorted(set(good), key=lambda a: (-good.count(a), a))]}
    if wrong:
        text = max(sorted(set(wrong)), key=wrong.count)
        reason = next(verdicts[d]["text"] for d in votes if votes[d] == text)
        out["common_wrong"] = {"action": text, "words": state.action_words(text, seat),
                               "count": wrong.count(text),
                               "reason": reason.removeprefix("Not this one. ")}
    return out


__all__ = ["OPEN", "Room", "board_of", "judged", "lan_address", "lesson_judge"]
