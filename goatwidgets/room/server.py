"""The room's web server (tornado, which every Jupyter install has): the join page, the student
page, the game's own ES module and stylesheet, and one WebSocket per device, run in a thread
of its own with its own IOLoop (so a class keeps playing while the teacher's kernel runs a
cell, and the kernel's loop is never blocked by a device).

    >>> server = RoomServer("floats_mcgoats")
    >>> server.start(); server.port > 0, server.host
    (True, '127.0.0.1')
    >>> server.stop(); server.thread.is_alive()
    False

Routes (under ``prefix``, "/" unless served as a JupyterHub service):

- ``GET /``: the join page (the code, from the QR's link or typed, and a first name);
- ``POST /join``: ``{"code", "name"}`` -> ``{"token", "device", "name"}``; a wrong code
  403, and after 10 wrong codes a minute from one address 429 (``codes.Attempts``);
- ``GET /play``: the student page (``static/play.html``), which imports the game's module;
- ``GET /static/<file>``: the page's scripts and style, ``game.js`` (the room's game's own
  ES module, the notebook's) and ``goatwidgets.css``; nothing else is served;
- ``WS /ws``: the protocol of :mod:`.protocol`.

Every page is sent with a strict Content-Security-Policy (scripts and styles of this origin
only, no inline script), ``nosniff`` and no framing; the WebSocket accepts only an Origin
whose host is the Host the page was loaded from (tornado's ``check_origin``) and messages of
at most 64 KiB (``websocket_max_message_size``: larger ones close the connection); the room
reads at most 8 KiB (``protocol.MAX_MESSAGE``) and 20 messages a second per connection.
"""

from __future__ import annotations

import asyncio
import json
import logging
import pathlib
import threading
from typing import Callable
from urllib.parse import urlparse

import tornado.web
import tornado.websocket
from tornado.httpserver import HTTPServer
from tornado.ioloop import IOLoop
from tornado.iostream import StreamBufferFullError
from tornado.netutil import bind_sockets

from ..engine import GameError
from .codes import Bucket
from .core import BURST, RATE, Device, RoomCore
from .protocol import CLOSE_SIZE, PROTOCOL, RoomError, error, parse, refusal

log = logging.getLogger("goatwidgets.room")

HERE = pathlib.Path(__file__).resolve().parent
PAGES = HERE / "static"
BUILT = HERE.parent / "static"
#: refused messages in a row after which a connection is closed (a flood, a broken page)
REFUSED_IN_A_ROW = 50
#: a join's body at most (bytes)
JOIN_BODY = 1024
#: seconds a new connection has to say hello before it is closed
HELLO_WITHIN = 10.0
#: open connections at most (a class of ``MAX_DEVICES``, with room for reconnections)
MAX_CONNECTIONS = 1000
#: bytes waiting to be sent to one device at most (a hundred pictures): a device that stops
#: reading is closed, not buffered for without end; its page reconnects to the picture now
BACKLOG = 2 * 1024 * 1024
HEADERS = {
    "Content-Security-Policy": ("default-src 'none'; script-src 'self'; style-src 'self' "
                                "'unsafe-inline'; img-src 'self' data:; connect-src 'self' ws: "
                                "wss:; base-uri 'none'; form-action 'self'; "
                                "frame-ancestors 'none'"),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
}
TYPES = {".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
         ".css": "text/css; charset=utf-8"}


def files(game: str) -> dict[str, pathlib.Path]:
    """The only files the room serves, by their name under ``static/``."""
    return {"room.js": PAGES / "room.js", "model.js": PAGES / "model.js",
            "join.js": PAGES / "join.js",
            "room.css": PAGES / "room.css", "game.js": BUILT / f"{game}.js",
            "goatwidgets.css": BUILT / "goatwidgets.css"}


class Base(tornado.web.RequestHandler):
    def set_default_headers(self) -> None:
        for name, value in HEADERS.items():
            self.set_header(name, value)

    def write_error(self, status_code: int, **kwargs) -> None:      # no traceback, ever
        self.set_header("Content-Type", "application/json")
        self.finish(json.dumps({"error": self._reason or "refused"}))


class PageHandler(Base):
    """A page of the room (join, play), sent as is: no value is ever put into its HTML."""

    def initialize(self, name: str) -> None:
        self.name = name

    def get(self) -> None:
        self.set_header("Content-Type", TYPES[".html"])
        self.set_header("Cache-Control", "no-store")
        self.write((PAGES / self.name).read_bytes())


class StaticHandler(Base):
    def initialize(self, served: dict[str, pathlib.Path]) -> None:
        self.served = served

    def get(self, name: str) -> None:
        path = self.served.get(name)
        if path is None or not path.exists():
            raise tornado.web.HTTPError(404, reason="no such file")
        self.set_header("Content-Type", TYPES[path.suffix])
        self.set_header("Cache-Control", "no-cache")
        self.write(path.read_bytes())


class JoinHandler(Base):
    """``POST /join`` with ``{"code", "name"}``: a device's token, or why not."""

    def initialize(self, server: "RoomServer") -> None:
        self.server = server

    def check_xsrf_cookie(self) -> None:       # a JSON body from our own page (origin below)
        pass

    def post(self) -> None:
        self.set_header("Content-Type", "application/json")
        self.set_header("Cache-Control", "no-store")
        origin = self.request.headers.get("Origin")
        if origin is not None and urlparse(origin).netloc.lower() != \
                self.request.host.lower():
            return self._refuse(RoomError("a join comes from the room's own page", "origin",
                                          403))
        body = self.request.body
        try:
            data = json.loads(body) if len(body) <= JOIN_BODY else None
        except ValueError:
            data = None
        if not isinstance(data, dict):
            return self._refuse(RoomError(f"a join is a JSON object with 'code' and 'name' "
                                          f"(at most {JOIN_BODY} bytes)", "join"))
        core = self.server.core
        try:
            device = core.join(data.get("code"), data.get("name"), self.request.remote_ip)
        except RoomError as err:
            return self._refuse(err)
        self.write(json.dumps({"token": device.token, "device": device.id,
                               "name": device.name}))

    def _refuse(self, err: RoomError) -> None:
        self.set_status(err.status)
        self.finish(json.dumps({"error": err.reason, "field": err.rule}))


class Socket(tornado.websocket.WebSocketHandler):
    """One device's (or the teacher's) connection. Nothing raises out of it: a refused
    message gets an ``error`` message, and a room that fails inside says so."""

    def initialize(self, server: "RoomServer") -> None:
        self.server = server
        self.device: Device | None = None
        self.teacher = False
        self.sent: dict = {}                     # a teacher's: the board's traits it has
        self.bucket = Bucket(RATE, BURST)
        self.refused = 0

    def open(self) -> None:
        # each answer is small and comes in two or three frames: without TCP_NODELAY the
        # second waits for the device's delayed ACK of the first (~40 ms, see server.py)
        self.set_nodelay(True)
        self.ws_connection.stream.max_write_buffer_size = BACKLOG
        server = self.server
        if len(server.sockets) >= MAX_CONNECTIONS:
            self.close(1013, "the room has too many connections; try again soon")
            return
        server.sockets.add(self)
        IOLoop.current().call_later(server.hello_within, self._said_hello)

    def _said_hello(self) -> None:
        if self.device is None and not self.teacher:
            self.send(error("say hello first (with the device's token)", "token"))
            self.close(4001, "no hello")

    def on_message(self, raw) -> None:
        try:
            self._handle(raw)
        except GameError as err:
            self._refuse(refusal(err), err)
        except Exception:                        # noqa: BLE001 (a student must not crash it)
            log.exception("goatwidgets room: a message failed")
            self._refuse(error("the room could not handle that message; nothing changed",
                               "room"), None)

    def _handle(self, raw) -> None:
        bucket = self.device.bucket if self.device is not None else self.bucket
        if not bucket.take():
            raise RoomError(f"too many messages: at most {RATE:.0f} a second", "rate")
        message = parse(raw)
        core = self.server.core
        kind = message["type"]
        if kind == "hello":
            self._hello(message)
        elif self.device is None and not self.teacher:
            raise RoomError("say hello first (with the device's token)", "token")
        elif kind == "page":
            if self.device is None:
                raise RoomError("the teacher's connection sends commands ('host'), not "
                                "moves", "type")
            core.page(self.device, message["content"])
        elif kind == "ping":                    # after all queued before it (one stream)
            self.send({"v": PROTOCOL, "type": "pong"})
        elif kind == "review":
            if self.device is None:
                raise RoomError("a review is asked from a seat's device", "type")
            core.ask_review(self.device)
        else:
            if not self.teacher:
                raise RoomError("only the teacher's connection sends commands", "teacher")
            self.server.command(message["do"], message, self._answer(message.get("id")))
        self.refused = 0

    def _hello(self, message: dict) -> None:
        core = self.server.core
        if self.device is not None or self.teacher:
            raise RoomError("this connection already said who it is; open another one to be "
                            "someone else", "token")
        if "teacher" in message:
            if not core.is_teacher(message["teacher"]):
                self.send(error("that is not this room's teacher key", "teacher"))
                self.close(4003, "wrong teacher key")
                return
            self.teacher = True
            self.server.add_teacher(self)
            self.send(core.projector())
            self.sent = core.traits()              # the public board, as a watching device's
            self.send({"v": PROTOCOL, "type": "traits", "traits": self.sent})
            return
        try:
            device = core.device(message["token"])
        except RoomError as err:
            self.send(refusal(err))
            self.close(4004, "this device is not in the room")   # the page joins again
            return
        self.device = device
        self.server.attach(device.id, self)
        for out in core.welcome(device):
            self.send(out)

    def _answer(self, ask: int | None) -> Callable[[GameError | None], None]:
        """What tells this (teacher's) connection a command's outcome: ``done`` or the
        refusal, with the command's ``id`` (none without one). Callable from any thread."""
        def answer(err: GameError | None) -> None:
            if ask is None:
                if err is not None:
                    self.server.call(self.send, refusal(err))
                return
            out = {"v": PROTOCOL, "type": "done"} if err is None else refusal(err)
            self.server.call(self.send, {**out, "id": ask})
        return answer

    def _refuse(self, message: dict, err: GameError | None) -> None:
        self.refused += 1
        if err is not None and self.device is not None:
            self.server.core.refuse(self.device, err)
        self.send(message)
        if self.refused >= REFUSED_IN_A_ROW:
            self.close(4008, "too many refused messages")

    def send(self, message: dict | str) -> None:
        if self.ws_connection is None or self.ws_connection.is_closing():
            return
        try:
            self.write_message(message if isinstance(message, str) else json.dumps(message))
        except tornado.websocket.WebSocketClosedError:
            pass
        except StreamBufferFullError:            # it stopped reading: let it come back
            log.info("goatwidgets room: a device stopped reading; its connection is closed")
            self.ws_connection.stream.close()

    def on_close(self) -> None:
        self.server.detach(self)
        self.server.sockets.discard(self)


class RoomServer:
    """The server of one room of ``game`` (see the module's text), its :class:`RoomCore` made
    here (``core``): ``host`` and ``port`` (0: a free one), ``command(do)`` what a teacher's
    connection asks ("vote", "reveal"…; it returns nothing, the projector message follows);
    ``changed()`` is called (with the room's lock held) when the counts change."""

    def __init__(self, game: str, host: str = "127.0.0.1", port: int = 0, *,
                 prefix: str = "/", command: Callable[[str, dict], None] | None = None,
                 changed: Callable[[], None] | None = None, behind_proxy: bool = False,
                 hello_within: float = HELLO_WITHIN):
        self.core = RoomCore(game, send=self.send, send_all=self.send_all, changed=self.changed)
        self.game = game
        self._on_changed = changed
        self.host = host
        self.prefix = prefix if prefix.endswith("/") else prefix + "/"
        self.on_command = command
        #: called (on the server's thread) when a device's connection opens or closes
        self.on_connections: Callable[[], None] | None = None
        #: behind a proxy (a JupyterHub service): a client's address is its X-Forwarded-For
        #: (the failed joins are counted per student, not for the proxy as a whole)
        self.behind_proxy = behind_proxy
        self.hello_within = hello_within
        self.sockets: set[Socket] = set()
        self.connections: dict[str, Socket] = {}
        self.teachers: set[Socket] = set()
        self.loop: IOLoop | None = None
        self.http: HTTPServer | None = None
        self.thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._sockets = bind_sockets(port, address=host)     # EADDRINUSE raises here
        self.port = self._sockets[0].getsockname()[1]
        self.app = tornado.web.Application(self._routes(), websocket_max_message_size=CLOSE_SIZE,
                                           websocket_ping_interval=20, websocket_ping_timeout=20,
                                           xsrf_cookies=False)

    def _routes(self) -> list:
        p = self.prefix
        bare = [(p.rstrip("/"), tornado.web.RedirectHandler, {"url": p})] if p != "/" else []
        return bare + [(p, PageHandler, {"name": "join.html"}),
                (p + "play", PageHandler, {"name": "play.html"}),
                (p + "join", JoinHandler, {"server": self}),
                (p + r"static/([a-z_]+\.(?:js|css))", StaticHandler,
                 {"served": files(self.game)}),
                (p + "ws", Socket, {"server": self})]

    # ------------------------------------------------------------------ the thread

    def start(self) -> None:
        """Serve in a thread of its own (returns once it listens)."""
        self.thread = threading.Thread(target=self._run, name=f"goatwidgets-room-{self.port}",
                                       daemon=True)
        self.thread.start()
        if not self._ready.wait(10):
            raise RuntimeError("the room's server did not start in 10 s")

    def _run(self) -> None:
        asyncio.set_event_loop(asyncio.new_event_loop())   # this thread's own loop
        self.loop = IOLoop.current()
        self.http = HTTPServer(self.app, max_body_size=64 * 1024, idle_connection_timeout=60,
                               xheaders=self.behind_proxy)
        self.http.add_sockets(self._sockets)
        self.loop.add_callback(self._ready.set)
        try:
            self.loop.start()
        finally:
            self.loop.close(all_fds=True)

    def stop(self, timeout: float = 10.0) -> None:
        """Close every connection, stop listening (the port is free again), stop the loop and
        the thread. Safe to call twice."""
        loop, thread = self.loop, self.thread
        if loop is None or thread is None or not thread.is_alive():
            for sock in self._sockets:
                sock.close()
            return

        async def shut():
            self.http.stop()                    # closes the listening sockets
            for sock in list(self.sockets):
                sock.close(1001, "the room is closed")
            await asyncio.sleep(0.05)           # let the close frames go
            await self.http.close_all_connections()
            loop.stop()

        loop.add_callback(shut)
        thread.join(timeout)
        if thread.is_alive():
            raise RuntimeError(f"the room's server thread did not stop in {timeout} s")

    def call(self, fn: Callable, *args) -> None:
        """Run ``fn(*args)`` on the server's thread (from any thread)."""
        if self.loop is not None:
            self.loop.add_callback(fn, *args)

    # ------------------------------------------------------------------ connections

    def attach(self, device_id: str, sock: Socket) -> None:
        old = self.connections.get(device_id)
        self.connections[device_id] = sock
        if old is not None and old is not sock:
            old.send(error("you opened this room on another screen: this one has stopped",
                           "token"))
            old.close(4009, "opened on another screen")
        self._connections_changed()

    def detach(self, sock: Socket) -> None:
        if sock.device is not None and self.connections.get(sock.device.id) is sock:
            del self.connections[sock.device.id]
            self._connections_changed()
        self.teachers.discard(sock)

    def _connections_changed(self) -> None:
        """A device came or went: the projector's panel says who is away."""
        with self.core.lock:
            self.changed()
        if self.on_connections is not None:
            self.on_connections()

    def add_teacher(self, sock: Socket) -> None:
        self.teachers.add(sock)

    # ------------------------------------------------------------------ from the core

    def send(self, to: str, message: dict) -> None:
        """Queue ``message`` for device ``to`` (from any thread)."""
        text = json.dumps(message)
        self.call(self._deliver, to, text)

    def send_all(self, message: dict) -> None:
        """Queue ``message`` for every device (encoded once)."""
        self.call(self._deliver_all, json.dumps(message))

    def _deliver(self, to: str, text: str) -> None:
        sock = self.connections.get(to)
        if sock is not None:
            sock.send(text)

    def _deliver_all(self, text: str) -> None:
        for sock in list(self.connections.values()):
            sock.send(text)

    def changed(self) -> None:
        """The counts changed: tell the teachers' connections and the callbacks."""
        if self.teachers:
            self.call(self._tell_teachers)
        if self._on_changed is not None:
            self._on_changed()

    def _tell_teachers(self) -> None:
        text = json.dumps(self.core.projector())
        board = self.core.traits()
        for sock in list(self.teachers):
            sock.send(text)
            changed = {k: v for k, v in board.items() if sock.sent.get(k, ...) != v}
            if changed:
                sock.sent = board
                sock.send({"v": PROTOCOL, "type": "traits", "traits": changed})

    def command(self, do: str, message: dict | None = None,
                answer: Callable[[GameError | None], None] | None = None) -> None:
        """A teacher's command; ``answer(None)`` once done, ``answer(err)`` if refused."""
        if self.on_command is None:
            raise RoomError("this room takes no commands from a connection", "teacher")
        self.on_command(do, message or {}, answer or (lambda err: None))

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}{self.prefix}"


__all__ = ["PROTOCOL", "RoomServer", "files"]
