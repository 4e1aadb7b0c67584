"""The teacher's notebook as the host of a room served elsewhere: a room server on a school
machine (``python -m goatwidgets.room``) or a JupyterHub service. ``Host`` connects to the
room's WebSocket with the teacher key the server printed, and shows on the projector what the
embedded room shows: the address, the join code and its QR code, the live counts, the reveal,
the seats, the room's board (the public view, drawn by the game's own module) and the
teacher's buttons.

    >>> host = Host("http://10.0.0.5:8765/", key="k3y-the-server-printed")  # doctest: +SKIP
    >>> host.vote(); host.counts                                             # doctest: +SKIP
    (0, 3)
    >>> result = host.reveal(); host.play_choice()                           # doctest: +SKIP
    >>> host.close()                                                         # doctest: +SKIP

Each command waits for the room's answer (at most ``timeout`` seconds) and raises the room's
refusal as a :class:`RoomError` (nothing changed). The room's messages are checked before
they are shown (the teacher's notebook trusts the network no more than the room does):
numbers are numbers, every text is escaped, the QR code is made here from a link that must
be http(s).

Threads: the connection runs on a thread with its own IOLoop (as the room's server does);
the widgets are changed on the kernel's loop (``IOLoop.add_callback``), in plain Python at
once.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import threading
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout
from urllib.parse import urlparse

import anywidget
import ipywidgets
import traitlets
from tornado.httpclient import HTTPRequest
from tornado.ioloop import IOLoop
from tornado.websocket import websocket_connect

from ..games import REGISTRY
from .core import FIXED, GAME_TRAITS
from .panel import controls, count, kernel_loop, name_the_seats, panel_html
from .protocol import PROTOCOL, RoomError

#: the longest a message from the room may be (the public board of a late game is ~30 KB)
MAX_IN = 1 << 20
#: the traits the room's board carries (and nothing else is taken from a message)
BOARD_TRAITS = (*GAME_TRAITS, *FIXED, "version", "error", "highlight")


class RoomBoard(anywidget.AnyWidget):
    """The room's board in the teacher's notebook: the game's own ES module and stylesheet,
    its traits as the room sends them to a watching device (the public view). A click on it
    moves nothing (the students vote, the buttons command): it says so."""

    _esm = ""
    _css = ""

    def __init__(self, game: str, traits: dict):
        cls = REGISTRY[game].widget()
        super().__init__(_esm=str(cls._esm), _css=str(cls._css))    # (the files' text)
        self.add_traits(**{name: traitlets.Any(None).tag(sync=True) for name in BOARD_TRAITS
                           if not self.has_trait(name)})
        self.add_class("gw-view-only")       # a board nobody clicks: no Undo, no choices row
        self.take(traits)
        self.on_msg(self._clicked)

    def take(self, traits: dict) -> None:
        """The room's new values; a new position clears the word on a click here."""
        with self.hold_sync():
            if traits.get("version", self.version) != self.version and "error" not in traits:
                self.error = ""
            for name, value in traits.items():
                if name in BOARD_TRAITS:
                    setattr(self, name, value)

    def _clicked(self, _widget, content, _buffers) -> None:
        if isinstance(content, dict) and content.get("type") == "act":
            self.error = ("this is the room's board on the projector: the students move on "
                          "their devices, you with the buttons below")


def _ws_url(url: str) -> tuple[str, str]:
    """The room's WebSocket address and the Origin its pages have, from its page address."""
    parts = urlparse(url if isinstance(url, str) else "")
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise RoomError(f"a room's address is its page's, http://host:port/ (as the room "
                        f"server printed it), not {url!r}"[:300], "url")
    path = parts.path if parts.path.endswith("/") else parts.path + "/"
    scheme = "wss" if parts.scheme == "https" else "ws"
    return f"{scheme}://{parts.netloc}{path}ws", f"{parts.scheme}://{parts.netloc}"


class Host:
    """The host of the room at ``url`` (its page's address), with the teacher ``key`` the
    room server printed (see the module's text). ``show``: build the projector's display."""

    def __init__(self, url: str, key: str, *, show: bool = True, timeout: float = 10.0):
        if not isinstance(key, str) or not 0 < len(key) <= 200:
            raise RoomError("the teacher key is the text the room server printed", "teacher")
        self.url = url
        self.timeout = timeout
        self._ws, self._origin = _ws_url(url)
        self._key = key
        self._ids = itertools.count(1)
        self._asked: dict[int, Future] = {}
        self._first: Future = Future()
        self.status: dict = {}
        self.traits: dict = {}
        self.problem = ""
        self.closed = False
        self.board: RoomBoard | None = None
        self.display = None
        self._conn = None
        self._kernel = kernel_loop()
        self._loop: IOLoop | None = None
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, name="goatwidgets-room-host",
                                        daemon=True)
        self._thread.start()
        self._ready.wait(timeout)
        try:
            self._first.result(timeout)
        except FutureTimeout:
            self.close()
            raise RoomError(f"no answer from the room at {url} in {timeout:g} s: is its "
                            "server running, and is this its address?", "url") from None
        except BaseException:
            self.close()
            raise
        game = self.status.get("game")
        if game not in REGISTRY:
            self.close()
            raise RoomError(f"the room at {url} plays a game this goatwidgets does not know "
                            f"({str(game)[:40]!r})", "game")
        self.game = game
        if show:
            self.board = RoomBoard(game, self.traits)
            self.board.take(self.traits)           # (what came while it was made)
            self.display = self._build()
        self._refresh()

    # ------------------------------------------------------------------ the connection

    def _run(self) -> None:
        asyncio.set_event_loop(asyncio.new_event_loop())
        self._loop = IOLoop.current()
        self._ready.set()
        self._loop.add_callback(self._connect)
        try:
            self._loop.start()
        finally:
            self._loop.close(all_fds=True)

    async def _connect(self) -> None:
        """Connect, say hello with the key, read; after a drop (the room server restarted,
        the Wi-Fi) connect again by itself, less and less often, until :meth:`close` (a
        wrong key is never tried again)."""
        tries = 0
        while not self.closed:
            try:
                self._conn = await asyncio.wait_for(websocket_connect(
                    HTTPRequest(self._ws, headers={"Origin": self._origin},
                                request_timeout=self.timeout),
                    max_message_size=MAX_IN), self.timeout)
            except Exception as err:             # noqa: BLE001 (said to the teacher)
                if not self._first.done():
                    self._first.set_exception(RoomError(
                        f"could not reach the room at {self.url} ({err}): is its server "
                        "running, and is this its address?", "url"))
                    return
            else:
                await self._conn.write_message(json.dumps({"v": PROTOCOL, "type": "hello",
                                                           "teacher": self._key}))
                while True:
                    text = await self._conn.read_message()
                    if text is None:
                        break
                    tries = 0
                    try:
                        message = json.loads(text)
                    except ValueError:
                        continue
                    if isinstance(message, dict):
                        self._receive(message)
                if not self._gone(self._conn.close_code, self._conn.close_reason):
                    return
            tries += 1
            await asyncio.sleep(min(10.0, 0.5 * 2 ** tries))

    def _gone(self, code: int | None, reason: str | None) -> bool:
        """The connection closed: what waited for it is told; True if it is tried again."""
        wrong = code == 4003
        err = RoomError("that is not this room's teacher key" if wrong else
                        f"the room closed the connection ({str(reason or code)[:80]})",
                        "teacher" if wrong else "room")
        first = not self._first.done()
        if first:
            self._first.set_exception(err)
        for future in list(self._asked.values()):
            if not future.done():
                future.set_exception(err)
        again = not (wrong or first or self.closed)
        if not self.closed:
            self.problem = f"{err}; connecting again…" if again else str(err)
            self._later(self._refresh)
        return again

    def _receive(self, message: dict) -> None:
        kind = message.get("type")
        if kind == "projector":
            if self.problem.endswith("connecting again…"):
                self.problem = ""                    # back in the room
            self.status = message
            if self.traits and not self._first.done():
                self._first.set_result(None)
            self._later(self._refresh)
        elif kind == "traits" and isinstance(message.get("traits"), dict):
            changed = {k: v for k, v in message["traits"].items() if k in BOARD_TRAITS}
            self.traits.update(changed)
            if self.status and not self._first.done():
                self._first.set_result(None)
            board = self.board
            if board is not None:
                self._later(lambda: board.take(changed))
        elif kind in ("done", "error"):
            future = self._asked.pop(message.get("id"), None)
            if future is not None and not future.done():
                if kind == "done":
                    future.set_result(None)
                else:
                    future.set_exception(_refused(message))

    def _later(self, fn) -> None:
        """Change the widgets where they live (the kernel's loop), in plain Python at once."""
        if self._kernel is not None:
            self._kernel.add_callback(fn)
        else:
            fn()

    def _ask(self, do: str, **fields) -> None:
        """Send the command ``do`` and wait for its answer (its refusal raises)."""
        if self.closed or self._loop is None:
            raise RoomError("this host's connection is closed", "room")
        ask = next(self._ids)
        future: Future = Future()
        self._asked[ask] = future
        message = json.dumps({"v": PROTOCOL, "type": "host", "do": do, "id": ask, **fields})
        self._loop.add_callback(lambda: self._conn.write_message(message))
        try:
            future.result(self.timeout)
        except FutureTimeout:
            self._asked.pop(ask, None)
            raise RoomError(f"the room did not answer {do!r} in {self.timeout:g} s", "room") \
                from None

    # ------------------------------------------------------------------ the teacher's commands

    @property
    def code(self) -> str:
        return str(self.status.get("code", ""))[:12]

    @property
    def counts(self) -> tuple[int, int]:
        """(devices that voted, devices in the room)."""
        return count(self.status.get("voted")), count(self.status.get("devices"))

    def vote(self) -> None:
        """Ask the class: every device votes on the position."""
        self._ask("vote")

    def close_vote(self) -> None:
        self._ask("close")

    def reveal(self) -> dict:
        """Close the vote and show the tally and the coach's reasons: the result."""
        self._ask("reveal")
        return dict(self.status.get("result") or {})

    def play_choice(self) -> None:
        """Play the class's move on the room's game."""
        self._ask("play")

    def pause(self) -> None:
        self._ask("pause")

    def resume(self) -> None:
        self._ask("resume")

    def undo(self) -> None:
        self._ask("undo")

    def end(self) -> None:
        self._ask("end")

    def give_to_bot(self, seat: int, level: str = "casual") -> None:
        self._ask("bot", seat=seat, level=level)

    def give_back(self, seat: int) -> None:
        self._ask("back", seat=seat)

    def assign(self, device: str, seat: int) -> None:
        self._ask("assign", device=device, seat=seat)

    def close(self) -> None:
        """Leave the room (the room itself goes on, on its server): the connection and its
        thread end."""
        self.closed = True
        loop = self._loop
        if loop is not None:
            def shut():
                if self._conn is not None:
                    self._conn.close()
                loop.stop()
            loop.add_callback(shut)
        self._thread.join(self.timeout)

    # ------------------------------------------------------------------ the projector

    def html(self) -> str:
        """The projector's panel, as an embedded room's (:func:`.panel.panel_html`), from
        what the room said: every text escaped, every count checked."""
        return panel_html({**self.status, "url": self.status.get("url", self.url),
                           "problem": self.problem})

    def _build(self):
        self._html = ipywidgets.HTML()
        return ipywidgets.VBox([self._html, *controls(self, "seats" in self.status),
                                self.board])

    def _seat_names(self) -> list[str]:
        return [str(r.get("name", ""))[:60] for r in list(self.status.get("seats") or [])[:12]
                if isinstance(r, dict)]

    def _refresh(self) -> None:
        if self.display is not None:
            self._html.value = self.html()
            name_the_seats(self)

    def _repr_mimebundle_(self, **kwargs):
        if self.display is None:
            return {"text/plain": f"Host of the room at {self.url} (code {self.code})"}
        return self.display._repr_mimebundle_(**kwargs)


def _refused(message: dict) -> RoomError:
    """The room's ``error`` message as the error it was there (its text names the rule)."""
    err = RoomError(str(message.get("text"))[:500], "")
    err.rule = str(message.get("field"))[:30]
    return err


__all__ = ["Host", "RoomBoard"]
