"""What a room knows and decides, apart from any network: the devices that joined, the
picture every device shows, a class vote and its tally. The server (:mod:`.server`) carries
messages to and from it; the notebook's :class:`~goatwidgets.room.Room` feeds it the teacher's
board. Every method takes ``lock``: the server's thread and the teacher's kernel share it.

The core never reads the teacher's game: it is handed ready-made traits (built from
``projection`` on the board's own thread) and, for a vote, a copy of the position (a
:class:`Vote`), which only it reads. So a device can't see more than those traits, and the
teacher's game is never read from another thread.

    >>> from goatwidgets.games import floats_mcgoats as game
    >>> sent = []
    >>> core = RoomCore("floats_mcgoats", send=lambda to, m: sent.append((to, m)))
    >>> ana = core.join(core.code, "Ana", "10.0.0.2")
    >>> core.join("AAAAAA", "Bo", "10.0.0.3")       # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    goatwidgets.room.protocol.RoomError: that is not this room's code: ... (code)
    >>> state = game.new_game(players=2, seed=3)
    >>> core.open_vote(Vote.of(state, 0, traits={}, closed={}))
    >>> core.page(ana, {"type": "act", "action": "roll", "version": core.version})
    >>> core.counts()
    (1, 1)
    >>> core.page(ana, {"type": "act", "action": "flip 0,0-1,0", "version": core.version})
    ... # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    goatwidgets.engine.errors.IllegalActionError: can't flip ... (FM-R10)
    >>> core.vote.votes                              # the refusal changed nothing
    {'d1': 'roll'}
"""

from __future__ import annotations

import threading
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable

from ..engine import GameError, State
from ..engine.coach import CLOSE, proven, suggest
from ..engine.messages import check
from ..engine.sure import Reason
from ..engine.table import Table
from ..engine.words import in_ten
from .codes import Attempts, Bucket, device_token, join_code, normal_code, same, teacher_key
from .protocol import PROTOCOL, RoomError, clean_name

#: devices a room takes at most (a class, and room to spare)
MAX_DEVICES = 200
#: devices one address may join at most (a classmate can't fill the room; the teacher's own
#: machine, 127.0.0.1, is not held to it: a teacher tries the room in many tabs)
PER_ADDRESS = 8
LOOPBACK = ("127.0.0.1", "::1")
#: messages a device may send a second (on average; ``BURST`` at once)
RATE, BURST = 20.0, 40.0
#: what every device's page gets besides the game's traits: the page is a view (no undo,
#: no new game, no coach, nothing covered; the teacher's board decides those)
FIXED = {"covered": False, "can_undo": False, "can_restart": False, "coach": False,
         "advice": {}, "thinking": -1, "reveal": False,
         "undo_note": "the teacher's board takes moves back, not this screen"}
#: the game traits a picture carries (``projection`` and the table's, as the widget's)
GAME_TRAITS = ("view", "legal", "game_log", "names", "bots", "viewer", "seat", "whose",
               "last_move")


@dataclass
class Device:
    """A student's device: ``id`` (public inside the room: "d3"), ``token`` (its secret),
    the cleaned first ``name``."""

    id: str
    token: str
    name: str
    address: str
    error: str = ""
    #: its messages' allowance (kept across its connections: a reconnection starts no new one)
    bucket: Bucket = field(default_factory=lambda: Bucket(RATE, BURST))
    #: the seat it holds in a room of one seat per device (None: it watches the public table)
    seat: int | None = None
    #: the traits last sent to it (a seat's update carries only what changed)
    sent: dict = field(default_factory=dict, repr=False)
    #: the line last sent to it
    said: dict | None = field(default=None, repr=False)
    #: the version at which it took its seat (a click made before is stale)
    since: int = 0


@dataclass
class Vote:
    """A class vote on one position: ``state`` a copy of the board's game that only the room
    reads, ``seat`` the seat deciding, ``traits``/``closed`` what every device shows while the
    vote is open (legal moves lit) and once it is closed, ``votes`` {device id: action text},
    ``status`` "open", "closed" or "revealed", ``result`` the reveal's (:func:`tally`).
    ``judge(text)``: a lesson step's verdict on an answer (``{"right": bool, "text": ...,
    "rule": ...}``), or None."""

    seat: int
    state: State
    traits: dict
    closed: dict
    moves: int = 0
    source: Any = None
    votes: dict = field(default_factory=dict)
    verdicts: dict = field(default_factory=dict)
    status: str = "open"
    result: dict | None = None
    judge: Callable[[str], dict] | None = None
    legal: dict = field(default_factory=dict)
    table: Table | None = None

    @classmethod
    def of(cls, state: State, seat: int, traits: dict, closed: dict, source: Any = None,
           judge: Callable[[State], Callable[[str], dict]] | None = None) -> "Vote":
        """A vote on ``state`` (copied here: the vote never reads the game itself) for
        ``seat``, which must decide there; ``judge(copy)``: a lesson step's judge of the
        answers, on the vote's copy."""
        if seat not in state.deciders:
            raise RoomError(f"{state.seat_name(seat)} has no decision to vote on", "vote")
        copy = state.clone()
        copy.__dict__.pop("view", None)     # a lesson's finished-step pause is the board's
        legal = {str(a): a.to_dict() for a in copy.legal_actions(seat)}
        if not legal:
            raise RoomError(f"{state.seat_name(seat)} has no move to vote on", "vote")
        return cls(seat=seat, state=copy, traits=traits, closed=closed,
                   moves=len(state.history), source=source if source is not None else state,
                   judge=judge(copy) if judge is not None else None, legal=legal,
                   table=Table(copy))


class RoomCore:
    """The room (see the module's text). ``send(to, message)`` carries a message to one
    device's connection (``to``: its id) or to the teachers' (``"teacher"``), ``send_all``
    to every device's (default: ``send`` for each); ``changed()`` is told when the counts
    the projector shows change. Both are called with the lock held: they must only queue."""

    def __init__(self, game: str, send: Callable[[str, dict], None],
                 send_all: Callable[[dict], None] | None = None,
                 changed: Callable[[], None] = lambda: None, code: str | None = None):
        self.lock = threading.RLock()
        self.game = game
        self.code = code or join_code()
        self.key = teacher_key()
        self.devices: dict[str, Device] = {}      # by token
        self.by_id: dict[str, Device] = {}
        self.attempts = Attempts()
        #: addresses not held to ``PER_ADDRESS`` joins
        self.unlimited: tuple[str, ...] = LOOPBACK
        self.version = 1
        #: what every device shows between votes (game traits, see ``GAME_TRAITS``)
        self.picture: dict = {}
        #: the note every device reads between votes ("The class played …")
        self.note = "Wait for your teacher to ask the class."
        self.vote: Vote | None = None
        self._send = send
        self._send_all = send_all
        self._changed = changed
        self._numbered = 0
        #: one seat per device (``seats="devices"``): the seats a device may take (a person's,
        #: not a bot's), in the order joining devices take them; None: a class vote's room
        self.seatable: list[int] | None = None
        #: each seat's picture and line (and None's: the public table, for a device without
        #: a seat), built by the Room on the board's thread
        self.pictures: dict[int | None, dict] = {}
        self.notes: dict[int | None, str] = {}
        #: the teacher paused the game (devices' moves refused) / ended it
        self.paused = False
        self.ended = False
        #: ``on_seat(device, seat, message)``: a seated device's checked "act", "start" or
        #: "undo", handed to the Room (which runs it where the board lives); ``on_review(
        #: device)``: a device asks for its seat's review
        self.on_seat: Callable[[Device, int, dict], None] | None = None
        #: the version from which each seat's legal moves are what they are now: a seat's
        #: click made on a picture since then is not stale (another seat's move in a
        #: simultaneous layout changes the version, not this seat's choices)
        self.legal_since: dict[int, int] = {}
        self.on_review: Callable[[Device], None] | None = None
        #: what the teacher's connections are told besides the counts (the join code and
        #: link, the seats' holders…): set by the room where its board lives
        self.panel: dict = {}

    @property
    def seats_mode(self) -> bool:
        return self.seatable is not None

    def holder(self, seat: int) -> Device | None:
        """The device holding ``seat``, or None."""
        with self.lock:
            return next((d for d in self.devices.values() if d.seat == seat), None)

    def free_seat(self) -> int | None:
        """The first seat a joining device may take (a person's nobody holds), or None."""
        with self.lock:
            held = {d.seat for d in self.devices.values()}
            return next((s for s in self.seatable or () if s not in held), None)

    # ------------------------------------------------------------------ devices

    def join(self, code: object, name: object, address: str) -> Device:
        """A new device in the room (its token is its secret), or a ``RoomError`` (``status``:
        429 after too many wrong codes from ``address``, 403 for a wrong code)."""
        with self.lock:
            refused = self.attempts.refused(address)
            if refused:
                raise RoomError(refused, "code", 429)
            if not same(self.code, normal_code(code)):
                self.attempts.fail(address)
                raise RoomError("that is not this room's code: look at the board and type "
                                "the code again", "code", 403)
            clean = clean_name(name)
            if not clean:
                raise RoomError("type your first name (letters, not only signs)", "name")
            if len(self.devices) >= MAX_DEVICES:
                raise RoomError(f"the room is full ({MAX_DEVICES} devices)", "room", 503)
            if address not in self.unlimited and sum(
                    d.address == address for d in self.devices.values()) >= PER_ADDRESS:
                raise RoomError(f"this device has joined {PER_ADDRESS} times already: use the "
                                "page you opened first", "join", 429)
            self._numbered += 1
            device = Device(f"d{self._numbered}", device_token(), clean, address)
            if self.seats_mode:
                device.seat = self.free_seat()     # None: every seat is taken (it watches)
            self.devices[device.token] = device
            self.by_id[device.id] = device
            self._changed()
            return device

    def device(self, token: object) -> Device:
        """The device whose secret is ``token``, or a ``RoomError``."""
        with self.lock:
            device = self.devices.get(token) if isinstance(token, str) else None
            if device is None:
                raise RoomError("this device is not in the room (or the room was opened "
                                "again): join with the code on the board", "token")
            return device

    def is_teacher(self, key: object) -> bool:
        return same(self.key, key)

    # ------------------------------------------------------------------ what devices show

    def traits(self, device: Device | None = None) -> dict:
        """Every trait a device's page has: the picture (or the vote's), the fixed ones, the
        version, and the device's own (its vote lit, its last refusal)."""
        with self.lock:
            if self.seats_mode:
                seat = device.seat if device is not None else None
                game = self.pictures.get(seat) or self.pictures.get(None) or self.picture
                return {**FIXED, **game, "version": self.version,
                        "error": device.error if device is not None else "", "highlight": []}
            vote = self.vote
            if vote is None:
                game = self.picture
            else:
                game = vote.traits if vote.status == "open" else vote.closed
            out = {**game, **FIXED, "version": self.version, "error": "", "highlight": []}
            if device is not None:
                out.update(self._own(device))
            return out

    def _own(self, device: Device) -> dict:
        vote = self.vote
        choice = vote.votes.get(device.id) if vote is not None else None
        return {"highlight": [vote.legal[choice]] if choice else [], "error": device.error}

    def banner(self, device: Device) -> dict:
        """The room's line for ``device`` (above the board): what to do now, its vote, and
        after the reveal the tally."""
        with self.lock:
            if self.seats_mode:
                seat = device.seat
                text = self.notes.get(seat, self.notes.get(None, ""))
                return {"v": PROTOCOL, "type": "room", "name": device.name,
                        "mode": "seat" if seat is not None else "watch", "seat": seat,
                        "text": text, "choice": None, "verdict": None, "tally": None,
                        "paused": self.paused, "over": self.ended}
            vote = self.vote
            out = {"v": PROTOCOL, "type": "room", "name": device.name, "mode": "watch",
                   "text": self.note, "choice": None, "verdict": None, "tally": None}
            if vote is None:
                return out
            seat_name = vote.state.seat_name(vote.seat)
            choice = vote.votes.get(device.id)
            said = vote.state.action_words(choice, vote.seat) if choice else None
            out.update(mode=vote.status, choice=said, verdict=vote.verdicts.get(device.id))
            if vote.status == "open":
                out["text"] = (f"Your vote: {said}. Pick another move to change it."
                               if said else f"Vote: pick the move you would make for "
                               f"{seat_name}. You can change it until the vote closes.")
            elif vote.status == "closed":
                out["text"] = (f"The vote is closed. Your vote: {said}." if said else
                               "The vote is closed.")
            else:
                result = vote.result or {}
                out["tally"] = [{"words": t["words"], "count": t["count"]}
                                for t in result.get("tally", [])]
                out["text"] = result.get("said", "The votes are in.")
            return out

    def welcome(self, device: Device) -> list[dict]:
        """The messages a device's connection gets first (and again after a drop)."""
        with self.lock:
            traits = self.traits(device)
            device.sent = dict(traits)
            device.said = self.banner(device)
            return [{"v": PROTOCOL, "type": "welcome", "device": device.id, "name": device.name,
                     "game": self.game, "seat": device.seat},
                    {"v": PROTOCOL, "type": "traits", "traits": traits}, device.said]

    # ------------------------------------------------------------------ one seat per device

    def show_seats(self, pictures: dict, notes: dict, paused: bool | None = None,
                   ended: bool | None = None) -> None:
        """Each seat's picture and line (``pictures``/``notes`` by seat, None: the public
        table's), built from the board on its own thread: every device is sent what changed of
        its own seat's traits (a device without a seat: the public table's) and its line."""
        with self.lock:
            if pictures == self.pictures and notes == self.notes and paused in (
                    None, self.paused) and ended in (None, self.ended):
                self._changed()             # nothing new (a device joined): no click goes stale
                return
            for seat, picture in pictures.items():
                if seat is not None and picture.get("legal") != \
                        self.pictures.get(seat, {}).get("legal"):
                    self.legal_since[seat] = self.version + 1
            self.pictures, self.notes = dict(pictures), dict(notes)
            if paused is not None:
                self.paused = paused
            if ended is not None:
                self.ended = ended
            self.version += 1
            self._each()

    def _each(self) -> None:
        """Send every device what changed of its traits, and its line if it changed."""
        for device in self.devices.values():
            self._update(device)
        self._changed()

    def _update(self, device: Device) -> None:
        traits = self.traits(device)
        sent = device.sent
        changed = {k: v for k, v in traits.items() if k not in sent or sent[k] != v}
        if changed:
            device.sent = dict(traits)
            self._send(device.id, {"v": PROTOCOL, "type": "traits", "traits": changed})
        said = self.banner(device)
        if said != getattr(device, "said", None):
            device.said = said
            self._send(device.id, said)

    def seat_device(self, device: Device, seat: int | None) -> None:
        """``device`` holds ``seat`` now (None: it watches); the device that held it watches."""
        with self.lock:
            for other in self.devices.values():
                if other is not device and seat is not None and other.seat == seat:
                    other.seat = None
                    other.error = ""
            device.seat, device.error = seat, ""
            self.version += 1                   # a click made on the old seat's picture is stale
            device.since = self.version
            self._each()

    def clear_error(self, device: Device) -> None:
        """``device``'s last refusal is over (its move was taken)."""
        with self.lock:
            if device.error:
                device.error = ""
                self._update(device)

    def send_to(self, device: Device, message: dict) -> None:
        """Queue ``message`` for ``device``'s connection."""
        self._send(device.id, message)

    def _everyone(self) -> None:
        """Send every device the picture now, its own traits and its banner."""
        shared = {"v": PROTOCOL, "type": "traits", "traits": self.traits()}
        if self._send_all is not None:
            self._send_all(shared)
        for device in self.devices.values():
            if self._send_all is None:
                self._send(device.id, shared)
            own = self._own(device)
            if own["highlight"] or own["error"]:
                self._send(device.id, {"v": PROTOCOL, "type": "traits", "traits": own})
            self._send(device.id, self.banner(device))
        self._changed()

    # ------------------------------------------------------------------ from the board

    def show(self, picture: dict, note: str | None = None) -> None:
        """What every device shows between votes (``GAME_TRAITS`` built for one seat's eyes
        or the public's), sent to every device if it changed."""
        with self.lock:
            if picture == self.picture and note in (None, self.note):
                return
            self.picture = dict(picture)
            if note is not None:
                self.note = note
            if self.vote is None:
                self.version += 1
                self._everyone()

    def open_vote(self, vote: Vote) -> None:
        """Ask the class: every device shows ``vote``'s position, its legal moves lit."""
        with self.lock:
            for device in self.devices.values():
                device.error = ""
            self.vote = vote
            self.version += 1
            self._everyone()

    def close_vote(self) -> Vote:
        """Close the vote (no more votes or changes); returns it."""
        with self.lock:
            vote = self._open_or_closed()
            if vote.status == "open":
                vote.status = "closed"
                self.version += 1
                self._everyone()
            return vote

    def reveal(self, result: dict) -> None:
        """Show the tally (``result``, :func:`tally`) on every device."""
        with self.lock:
            vote = self._open_or_closed()
            vote.status, vote.result = "revealed", result
            self.version += 1
            self._everyone()

    def end_vote(self, note: str, picture: dict | None = None) -> None:
        """The vote is over (its move was played, or the position changed): devices go back
        to the picture (``picture``: the new one), with ``note``, in one update."""
        with self.lock:
            if self.vote is None:
                return
            self.vote, self.note = None, note
            if picture is not None:
                self.picture = dict(picture)
            for device in self.devices.values():
                device.error = ""
            self.version += 1
            self._everyone()

    def _open_or_closed(self) -> Vote:
        if self.vote is None:
            raise RoomError("there is no vote: ask the class first (room.vote())", "vote")
        return self.vote

    def counts(self) -> tuple[int, int]:
        """(devices that voted, devices in the room)."""
        with self.lock:
            voted = len(self.vote.votes) if self.vote is not None else 0
            return voted, len(self.devices)

    def projector(self) -> dict:
        """What the teacher's screen shows: counts, never a choice before the reveal."""
        with self.lock:
            vote = self.vote
            voted, joined = self.counts()
            out = {"v": PROTOCOL, "type": "projector", "devices": joined, "voted": voted,
                   "status": vote.status if vote else "none", "version": self.version}
            out.update(self.panel)
            if vote is not None and vote.status == "revealed":
                out["result"] = vote.result
            return out

    # ------------------------------------------------------------------ from a device

    def page(self, device: Device, content: dict) -> None:
        """A message ``device``'s game page sent (``model.send``): checked like the notebook
        widget's (:func:`goatwidgets.engine.messages.check`, at this room's version); an
        "act" is the device's vote, a "start" asks why a first click starts no move. A
        refusal raises (a ``GameError``: the caller sends it as an error), nothing changed."""
        with self.lock:
            if self.seats_mode:
                return self._seat_message(device, check(content, self._fresh(device, content)))
            message = check(content, self.version)
            kind = message["type"]
            if kind == "act":
                self._cast(device, message["action"])
            elif kind == "start":
                vote = self.vote
                if vote is None or vote.status != "open":
                    raise RoomError("there is no vote open now: wait for your teacher to ask "
                                    "the class", "vote")
                vote.table.explain_start(vote.seat, message["action"])
                self._set_error(device, "")
            else:
                raise RoomError({"undo": "in a class vote, change your vote by picking another "
                                          "move; the teacher's board takes moves back",
                                 "new": "the teacher starts a new game",
                                 "suggest": "the coach speaks at the reveal, for the whole class",
                                 "uncover": "this screen is never covered"}[kind], "vote")

    def _fresh(self, device: Device, content: object) -> int:
        """The version a seated device's click is checked against: the one it was made on
        if its seat's legal moves (and its seat) are the same since, else the room's now."""
        sent = content.get("version") if isinstance(content, dict) else None
        if type(sent) is int and device.seat is not None and max(
                self.legal_since.get(device.seat, 0), device.since) <= sent <= self.version:
            return sent
        return self.version

    def _seat_message(self, device: Device, message: dict) -> None:
        """A seated device's move, first click or Undo: refused here when the game is paused
        or ended or the device holds no seat, else handed to the Room (``on_seat``), which
        runs it on the board's thread (where it may still be refused: the device is told)."""
        kind = message["type"]
        if kind in ("new", "suggest", "uncover"):
            raise RoomError({"new": "the teacher starts a new game",
                             "suggest": "the coach is not on the devices in a class game",
                             "uncover": "this screen is never covered: it shows your seat only"}
                            [kind], kind)
        if self.ended:
            raise RoomError("the game is over: your teacher ended it", "ended")
        if self.paused:
            raise RoomError("your teacher has paused the game: wait until it goes on", "paused")
        if device.seat is None:
            raise RoomError("you hold no seat in this game: you watch the table (your teacher "
                            "can give you a seat)", "seat")
        if self.on_seat is None:
            raise RoomError("this room takes no moves from devices", "seat")
        self.on_seat(device, device.seat, message)

    def ask_review(self, device: Device) -> None:
        """``device`` asks for its seat's review (once the game is over or ended)."""
        with self.lock:
            if device.seat is None:
                raise RoomError("you held no seat, so there is no game of yours to review",
                                "seat")
            if self.on_review is None:
                raise RoomError("this room has no reviews", "review")
            self.on_review(device)

    def _cast(self, device: Device, text: str) -> None:
        vote = self.vote
        if vote is None:
            raise RoomError("there is no vote now: wait for your teacher to ask the class",
                            "vote")
        if vote.status != "open":
            raise RoomError("the vote is closed: your vote counts as it was", "vote")
        state = vote.state
        action = state.parse_action(text)
        key = str(action)
        if key not in vote.legal:
            raise state.why_not(action, vote.seat) or RoomError(
                f"that is not a move {state.seat_name(vote.seat)} can make now", "rules")
        if vote.judge is not None and vote.votes.get(device.id) != key:
            vote.verdicts[device.id] = vote.judge(key)
        vote.votes[device.id] = key
        device.error = ""
        self._send(device.id, {"v": PROTOCOL, "type": "traits", "traits": self._own(device)})
        self._send(device.id, self.banner(device))
        self._changed()

    def refuse(self, device: Device | None, err: GameError) -> None:
        """Keep ``err`` as the device's last refusal (its page shows it)."""
        with self.lock:
            if device is not None:
                device.error = str(err)
                if self.seats_mode:
                    device.sent["error"] = device.error

    def _set_error(self, device: Device, text: str) -> None:
        device.error = text
        self._send(device.id, {"v": PROTOCOL, "type": "traits", "traits": {"error": text}})


# ---------------------------------------------------------------------- the reveal

#: the trials of the coach's estimate at the reveal (trials only: the same on any machine)
REVEAL_TRIALS = 200


def tally(state: State, seat: int, votes: dict[str, str], iterations: int = REVEAL_TRIALS,
          coach: bool = True) -> dict:
    """The reveal of a vote on ``state`` (never changed) for ``seat``: each voted move's
    count (the most chosen first), the most chosen (a tie goes to the move the coach
    values higher), and the coach's advice as the Suggest button gives it
    (:func:`goatwidgets.engine.coach.suggest`, trials only, seeded by the position): for the
    top choices and the coach's best ones, their proven reasons and estimate.

        >>> from goatwidgets.games import goat_lords as game
        >>> s = game.position(players=2, names=["You", "Bo"],
        ...                   hands=[["ninja", "ninja", "corn"], ["lord"]])
        >>> out = tally(s, 0, {"d1": "birth ninja ninja", "d2": "birth ninja ninja",
        ...                    "d3": "discard corn"}, iterations=60)
        >>> [(t["action"], t["count"]) for t in out["tally"]], out["top"]
        ([('birth ninja ninja', 2), ('discard corn', 1)], 'birth ninja ninja')
        >>> out["coach"]["birth ninja ninja"]["reasons"][0]["ruling"]
        'GL-R8'
    """
    counts = Counter(votes.values())
    out: dict = {"seat": seat, "voted": len(votes), "tally": [], "top": None, "tied": [],
                 "best": None, "separated": False, "coach": {}, "close": []}
    seed = len(state.history)
    advice = suggest(state, seat, iterations=iterations, seed=seed, ms=None) if coach else None
    value = {str(c.action): c for c in advice.estimate.choices} if advice else {}
    ranked = sorted(counts.items(), key=lambda kv: (-kv[1], -value[kv[0]].value
                                                    if kv[0] in value else 0, kv[0]))
    out["tally"] = [{"action": a, "words": state.action_words(a, seat), "count": n}
                    for a, n in ranked]
    if ranked:
        out["top"] = ranked[0][0]
        out["tied"] = [a for a, n in ranked if n == ranked[0][1]]
    if advice is None:
        out["said"] = said(out)
        return out
    choices = advice.estimate.choices
    out["best"] = str(choices[0].action)
    out["separated"] = advice.separated
    out["close"] = [] if advice.separated else [str(c.action) for c in choices[:CLOSE]]
    talked = dict.fromkeys([a for a, _ in ranked[:CLOSE]] + [out["best"]] + out["close"])
    for text in talked:
        reasons: tuple[Reason, ...] = advice.reasons_for(text) or proven(state, seat, text,
                                                                         seed=seed + 1)
        choice = value.get(text)
        out["coach"][text] = {
            "words": state.action_words(text, seat),
            "value": None if choice is None else round(choice.value, 3),
            "interval": None if choice is None else [round(x, 3) for x in choice.interval],
            "trials": 0 if choice is None else choice.visits,
            "chance": None if choice is None else in_ten(choice.value, "games"),
            "reasons": [r.to_dict() for r in reasons]}
    out["said"] = said(out)
    return out


def said(result: dict) -> str:
    """The reveal as every device reads it: short lines (:func:`reveal_lines`), one a line."""
    return "\n".join(f"{what}: {text}" if text else what for what, text in reveal_lines(result))


def reveal_lines(result: dict, rulings: bool = False, every: bool = False) -> list[tuple[str, str]]:
    """The reveal in short lines, each ``(what, text)``: the most chosen move; on a lesson's
    step (``result["right"]``, :func:`goatwidgets.room.notebook.judged`) how many were right
    and the most common wrong move with the step's reason, and nothing of the coach (the step
    judges; the coach's estimate would argue with it); else the coach: it agrees, names its
    pick (only where its estimate separates one move from the rest) or says the best moves are
    close, then a line for each move it speaks of, with its estimate and reasons (``rulings``:
    with their ruling ids; ``every``: also the top choices it did not name, as the projector
    shows them).

        >>> coach = {"a": {"words": "pair your Ninjas", "chance": "7 games in 10",
        ...                "reasons": [{"text": "makes a stack", "ruling": "GL-R8"}]}}
        >>> reveal_lines({"tally": [{"words": "pair your Ninjas", "count": 2}], "voted": 3,
        ...               "top": "a", "tied": ["a"], "best": "a", "separated": True,
        ...               "coach": coach}, rulings=True)
        [('Most chosen', 'pair your Ninjas: 2 of 3 votes'), ('The coach agrees', 'it wins \
about 7 games in 10 from here. Why: makes a stack (GL-R8)')]
    """
    tally_ = result["tally"]
    if not tally_:
        return [("Nobody voted.", "")]
    top = tally_[0]
    voted = result["voted"]
    chosen = f"{top['words']}: {top['count']} of {voted} {'vote' if voted == 1 else 'votes'}"
    coach = result.get("coach") or {}
    best = result.get("best")
    if len(result.get("tied") or ()) > 1:
        chosen += f"; {len(result['tied'])} moves tied" + (
            ", the coach's favourite of them first" if best and best in coach else "")
    lines = [("Most chosen", chosen)]
    if "right" in result:                            # a lesson's step, asked as a vote
        right = result.get("right_words") or []
        lines.append((f"{result['right']} of {voted} right", " or ".join(right)))
        wrong = result.get("common_wrong")
        if wrong:
            votes = "vote" if wrong["count"] == 1 else "votes"
            lines.append(("Most common wrong move", f"{wrong['words']}: {wrong['count']} "
                          f"{votes}. {wrong['reason']}".rstrip()))
        return lines
    if not best or best not in coach:
        return lines

    def wins(action: str) -> str:
        chance = coach[action]["chance"]
        return f"wins about {chance} from here" if chance else "was not weighed by the coach"

    def why(action: str) -> str:
        reasons = "; ".join(r["text"] + (f" ({r['ruling']})" if rulings and r.get("ruling")
                                         else "") for r in coach[action]["reasons"][:2])
        return f". Why: {reasons}" if reasons else ""

    named = [best]
    if result.get("separated"):
        if best == result["top"]:
            lines.append(("The coach agrees", f"it {wins(best)}{why(best)}"))
        else:
            lines.append(("The coach's pick", f"{coach[best]['words']}: it {wins(best)}"
                                              f"{why(best)}"))
    else:
        close = [a for a in result.get("close", []) if a in coach] or [best]
        lines.append(("The coach", "the best moves are close; more trials could change "
                                   "their order"))
        lines += [(coach[a]["words"], f"{wins(a)}{why(a)}") for a in close]
        named = close
    if result["top"] in coach and result["top"] not in named:
        lines.append(("The class's move", f"it {wins(result['top'])}{why(result['top'])}"))
        named.append(result["top"])
    if every:
        lines += [(about["words"], f"{wins(a)}{why(a)}") for a, about in coach.items()
                  if a not in named]
    return lines


__all__ = ["Device", "FIXED", "GAME_TRAITS", "MAX_DEVICES", "RoomCore", "Vote", "reveal_lines",
           "said", "tally"]
