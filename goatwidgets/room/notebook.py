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

import asyncio
import html
import socket
from typing import Any, Callable

import ipywidgets
import segno
from tornado.ioloop import IOLoop

from ..engine import GameError, projection
from ..engine.table import LOG_LINES
from ..engine.words import is_you
from ..lessons import LessonRun
from ..widgets.base import GameWidget
from ..widgets.review import ReplayPolicy
from .core import GAME_TRAITS, RoomCore, Vote, tally
from .protocol import RoomError
from .server import RoomServer

#: rooms open in this process, by port: a cell run again closes its old room first (the
#: room of the same board, or on the same port)
OPEN: dict[int, "Room"] = {}


def kernel_loop() -> IOLoop | None:
    """The kernel's IOLoop if this runs on a running event loop (a notebook cell), else None."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return None
    return IOLoop.current()


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
                 prefix: str = "/", behind_proxy: bool = False, address: str | None = None):
        self.widget = widget
        self.board = board_of(widget)
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
        self.display = None
        for old in [r for r in OPEN.values() if r.board is self.board or port and r.port == port]:
            old.close()                            # the same cell run again: one room a board
        self.server = RoomServer(self.board.state.game, host, port, command=self._command,
                                 changed=self._changed, prefix=prefix,
                                 behind_proxy=behind_proxy)
        self.core: RoomCore = self.server.core
        self.lock = self.core.lock
        self.host = host
        shown = lan_address() if host in ("0.0.0.0", "", "::") else host
        #: the address students type (``address``: the room's public one, e.g. a JupyterHub's
        #: ``https://hub.school.example/services/goatroom/``)
        self.url = address or f"http://{shown}:{self.server.port}{self.server.prefix}"
        #: the address on this machine (what the teacher's own connection may use)
        self.local_url = f"http://{'127.0.0.1' if shown != host else host}:" \
            f"{self.server.port}{self.server.prefix}"
        self.join_url = f"{self.url}?code={self.core.code}"
        self.qr = segno.make(self.join_url, error="m").svg_inline(scale=4, border=2)
        self.server.start()
        OPEN[self.server.port] = self
        try:
            self.board.observe(self._board_changed, names="version")
            self._board_changed()
            self.display = self._build() if show else None
            self._refresh()
        except BaseException:
            self.close()                           # no thread left behind
            raise

    # ------------------------------------------------------------------ handles

    @property
    def code(self) -> str:
        """The join code the class types (or the QR code's link carries)."""
        return self.core.code

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
        move with its reason. Returns the result."""
        with self.lock:
            vote = self.core.close_vote()
            votes, verdicts = dict(vote.votes), dict(vote.verdicts)
            state, seat = vote.state.clone(), vote.seat
        result = tally(state, seat, votes, iterations=self.coach_trials)
        if self.run is not None:
            result.update(judged(state, seat, votes, verdicts))
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
        self.server.stop()
        OPEN.pop(self.server.port, None)
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

    def _command(self, do: str) -> None:
        """A teacher's connection asks (on the server's thread): done where the widget lives."""
        work = {"vote": self.vote, "close": self.close_vote, "reveal": self.reveal,
                "play": self.play_choice, "status": lambda: None}[do]

        def run():
            try:
                work()
            except GameError as err:
                self.problem = str(err)
            self.server.changed()
        self._where_the_widget_lives(run)

    def _where_the_widget_lives(self, fn: Callable[[], None]) -> None:
        if self._kernel is not None:
            self._kernel.add_callback(fn)
        elif self.later is not None:
            self.later(fn)
        else:
            with self.lock:
                fn()

    # ------------------------------------------------------------------ the projector

    def _changed(self) -> None:
        """The counts changed (on any thread, the room's lock held): redraw the projector's
        display where the widget lives, once per burst."""
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
        if getattr(self, "display", None) is None:
            return
        self._html.value = self.html()

    def html(self) -> str:
        """The projector's panel: address, code, QR code, and the vote's counts (never a
        choice before the reveal), then the reveal."""
        e = html.escape
        voted, joined = self.counts
        vote = self.core.vote
        parts = [f'<div class="gw-room" style="display:flex;gap:1em;align-items:flex-start;'
                 f'font-size:18px">{self.qr}<div>',
                 f"<p>Join at <b>{e(self.url)}</b> with the code "
                 f'<b style="font-size:1.6em;letter-spacing:0.15em">{e(self.code)}</b></p>',
                 f"<p>{joined} device{'s' if joined != 1 else ''} in the room.</p>"]
        if vote is not None and vote.status in ("open", "closed"):
            where = "Voting" if vote.status == "open" else "The vote is closed"
            parts.append(f'<p aria-live="polite"><b>{where}: {voted} of {joined} have '
                         "voted.</b></p>")
        elif vote is not None and vote.result:
            parts.append(reveal_html(vote.result))
        if self.problem:
            parts.append(f'<p style="color:#c62828">{e(self.problem)}</p>')
        parts.append("</div></div>")
        return "".join(parts)

    def _build(self):
        self._html = ipywidgets.HTML()
        buttons = []
        for label, work in (("Ask the class", self.vote), ("Close the vote", self.close_vote),
                            ("Reveal", self.reveal), ("Play the class's move", self.play_choice),
                            ("Close the room", self.close)):
            button = ipywidgets.Button(description=label)
            button.on_click(self._clicked(work))
            buttons.append(button)
        return ipywidgets.VBox([self._html, ipywidgets.HBox(buttons)])

    def _clicked(self, work: Callable[[], Any]):
        def click(_button):
            self.problem = ""
            try:
                work()
            except GameError as err:
                self.problem = str(err)
            self._refresh()
        return click

    def _repr_mimebundle_(self, **kwargs):
        if self.display is None:
            return {"text/plain": f"Room at {self.url} (code {self.code})"}
        return self.display._repr_mimebundle_(**kwargs)


def judged(state, seat: int, votes: dict[str, str], verdicts: dict[str, dict]) -> dict:
    """A lesson vote's reveal: how many answers were right, and the most common wrong move
    with the step's reason."""
    right = sum(1 for d in votes if verdicts.get(d, {}).get("right"))
    wrong = [votes[d] for d in votes if not verdicts.get(d, {}).get("right", True)]
    out: dict = {"right": right, "wrong": len(wrong), "common_wrong": None}
    if wrong:
        text = max(sorted(set(wrong)), key=wrong.count)
        reason = next(verdicts[d]["text"] for d in votes if votes[d] == text)
        out["common_wrong"] = {"action": text, "words": state.action_words(text, seat),
                               "count": wrong.count(text), "reason": reason}
    return out


def reveal_html(result: dict) -> str:
    """The reveal on the projector: the tally, the most chosen, the coach's reasons."""
    e = html.escape
    rows = "".join(f"<li>{e(t['words'])}: <b>{t['count']}</b></li>" for t in result["tally"])
    out = [f"<p><b>{e(result['said'])}</b></p>", f"<ol>{rows}</ol>" if rows else ""]
    if "right" in result:
        out.append(f"<p>{result['right']} of {result['voted']} right.</p>")
        wrong = result.get("common_wrong")
        if wrong:
            out.append(f"<p>Most common wrong move: {e(wrong['words'])} ({wrong['count']}): "
                       f"{e(wrong['reason'])}</p>")
    for text, about in (result.get("coach") or {}).items():
        why = "".join(f"<li>{e(r['text'])}{' (' + e(r['ruling']) + ')' if r['ruling'] else ''}"
                      "</li>" for r in about["reasons"])
        out.append(f"<details><summary>{e(about['words'])}: wins about {e(about['chance'])}"
                   f"</summary><ul>{why}</ul></details>")
    return "".join(out)


__all__ = ["OPEN", "Room", "board_of", "judged", "kernel_loop", "lan_address", "lesson_judge",
           "reveal_html"]
