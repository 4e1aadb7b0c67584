"""Scripted students for the room's tests: tornado's own HTTP and WebSocket clients on
127.0.0.1 only, every wait bounded (``WAIT`` seconds), every message a device receives kept
(``Student.received``) for the leak checks.

    A test runs its script with ``run(coroutine, seconds)``: asyncio's loop in the test's
    thread, stopped after ``seconds`` whatever happens.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import threading
from pathlib import Path
from urllib.parse import urlparse

from tornado.httpclient import AsyncHTTPClient, HTTPRequest
from tornado.websocket import websocket_connect

#: the longest a client waits for one message (s)
WAIT = 10.0


def run(coroutine, seconds: float = 60.0):
    """Run ``coroutine`` to its end, at most ``seconds``."""
    async def bounded():
        return await asyncio.wait_for(coroutine, seconds)
    return asyncio.run(bounded())


def loopback(url: str) -> str:
    host = urlparse(url).hostname
    assert host == "127.0.0.1", f"tests talk to loopback only, not {host}"
    return url


async def join(url: str, code: str, name: str, origin: str | None = None) -> tuple[int, dict]:
    """POST /join: (HTTP status, the JSON answer)."""
    headers = {"Content-Type": "application/json"}
    if origin:
        headers["Origin"] = origin
    reply = await AsyncHTTPClient().fetch(HTTPRequest(
        loopback(url) + "join", method="POST", headers=headers,
        body=json.dumps({"code": code, "name": name}), request_timeout=WAIT), raise_error=False)
    return reply.code, json.loads(reply.body or b"{}")


async def get(url: str, path: str):
    return await AsyncHTTPClient().fetch(HTTPRequest(loopback(url) + path, request_timeout=WAIT),
                                         raise_error=False)


class Student:
    """One device: joins, says hello, keeps every message, and its page's model (the traits
    merged as the page's shim merges them). Waiting reads the messages that came after the
    device's last send (``until``)."""

    def __init__(self, url: str, name: str = "Ana"):
        self.url, self.name = loopback(url), name
        self.token: str | None = None
        self.device: str | None = None
        self.conn = None
        self.received: list[dict] = []
        self.model: dict = {}
        self.banner: dict = {}
        self.closed_code: int | None = None
        self.is_closed = False
        self._seen = 0
        self._news: asyncio.Event | None = None
        self._reader = None

    async def join(self, code: str) -> "Student":
        status, body = await join(self.url, code, self.name)
        assert status == 200, (status, body)
        self.token, self.device = body["token"], body["device"]
        return self

    async def connect(self, hello: dict | None = None, origin: str | None = None) -> "Student":
        ws = self.url.replace("http://", "ws://") + "ws"
        origin = origin or self.url.rstrip("/")
        self._news = asyncio.Event()
        self.conn = await asyncio.wait_for(websocket_connect(
            HTTPRequest(ws, headers={"Origin": origin}, request_timeout=WAIT),
            max_message_size=1 << 20), WAIT)
        self._reader = asyncio.ensure_future(self._read())
        if hello is not False:
            await self.send(hello or {"v": 1, "type": "hello", "token": self.token})
            await self.until("traits")
        return self

    async def _read(self):
        while True:
            text = await self.conn.read_message()
            if text is None:
                self.closed_code = self.conn.close_code
                self.is_closed = True
                self._news.set()
                return
            message = json.loads(text)
            self.received.append(message)
            if message.get("type") == "traits":
                self.model.update(message["traits"])
            elif message.get("type") == "room":
                self.banner = message
            self._news.set()

    async def send(self, message) -> None:
        self._seen = len(self.received)       # what answers this comes after it
        await self.conn.write_message(message if isinstance(message, (str, bytes))
                                      else json.dumps(message),
                                      binary=isinstance(message, bytes))

    async def page(self, content: dict) -> None:
        """What the game's module sends (``model.send``), through the shim."""
        await self.send({"v": 1, "type": "page", "content": content})

    async def act(self, action: str, version: int | None = None) -> None:
        await self.page({"type": "act", "action": action,
                         "version": self.model["version"] if version is None else version})

    async def until(self, kind, test=lambda m: True) -> dict:
        """The first message of type ``kind`` (or one of the types) that passes ``test``
        since the last one found (or the last send)."""
        kinds = (kind,) if isinstance(kind, str) else tuple(kind)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + WAIT
        while True:
            for i in range(self._seen, len(self.received)):
                message = self.received[i]
                if message.get("type") in kinds and test(message):
                    self._seen = i + 1
                    return message
            self._seen = len(self.received)
            if self.is_closed:
                raise ConnectionError(f"closed ({self.closed_code}) while waiting for {kinds}")
            self._news.clear()
            left = deadline - loop.time()
            if left <= 0:
                raise TimeoutError(f"{self.name}: no {kinds} in {WAIT} s")
            try:
                await asyncio.wait_for(self._news.wait(), left)
            except asyncio.TimeoutError:
                pass

    async def ping(self) -> None:
        """Until everything the room queued for this device before now has arrived (the room
        answers a ping after it, on the same stream); what ``until`` reads next is unchanged."""
        start = len(self.received)
        await self.conn.write_message(json.dumps({"v": 1, "type": "ping"}))
        loop = asyncio.get_running_loop()
        deadline = loop.time() + WAIT
        while not any(m.get("type") == "pong" for m in self.received[start:]):
            if self.is_closed:
                raise ConnectionError(f"closed ({self.closed_code}) while waiting for a pong")
            self._news.clear()
            left = deadline - loop.time()
            assert left > 0, f"{self.name}: no pong in {WAIT} s"
            try:
                await asyncio.wait_for(self._news.wait(), left)
            except asyncio.TimeoutError:
                pass

    async def error(self) -> dict:
        return await self.until("error")

    async def closed(self) -> int | None:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + WAIT
        while not self.is_closed:
            assert loop.time() < deadline, f"{self.name}: not closed in {WAIT} s"
            self._news.clear()
            try:
                await asyncio.wait_for(self._news.wait(), max(0.0, deadline - loop.time()))
            except asyncio.TimeoutError:
                pass
        return self.closed_code

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
        if self._reader is not None:
            self._reader.cancel()


async def students(url: str, code: str, names) -> list[Student]:
    """Students joined and connected, one by one."""
    out = []
    for name in names:
        student = await Student(url, name).join(code)
        out.append(await student.connect())
    return out


async def settle(room, *everyone: Student, mode: str | None = None) -> None:
    """Wait until every student's banner says ``mode`` (the room's vote status)."""
    for student in everyone:
        await student.until("room", lambda m: m.get("mode") == mode)


async def answers(student: Student) -> dict:
    """What a click got back: the device's next banner, or an error."""
    return await student.until(("room", "error"))


# ---------------------------------------------------------------------- one seat per device

#: a 4-player position where seat 0 may duel seat 1's Goat Ninja stack (GL-R10, GL-R11)
DUEL = dict(players=4, herds=[["fairy fairy"], ["ladypug ladypug", "ninja ninja"], [], []],
            hands=[["lord", "ninja", "ninja", "foodie", "kraken"],
                   ["goatini", "tgoat", "tgoat", "baby", "baby"], ["corn", "baby"],
                   ["fairy", "corn"]], seed=4)


async def settled(room: Room, *everyone: Student, seconds: float = 10.0) -> None:
    """Until every device's model shows the room's current version and everything sent with
    it (a banner after the traits) has arrived."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    done = threading.Event()                      # the board's jobs queued so far are done
    room._where_the_widget_lives(done.set)
    assert await loop.run_in_executor(None, done.wait, seconds), "the board did not answer"
    while any(s.model.get("version") != room.core.version for s in everyone):
        assert loop.time() < deadline, [(s.name, s.model.get("version")) for s in everyone]
        await asyncio.sleep(0.01)
    for student in everyone:
        await student.ping()


async def acted(room: Room, me: Student, action: str, *everyone: Student) -> dict:
    """``me`` plays ``action``; its answer (new traits or an error), once every device has
    the room's update."""
    await me.act(action)
    answer = await me.until(("traits", "error"))
    await settled(room, *everyone)
    return answer



# ---------------------------------------------------------------------- the standalone room

ROOT = Path(__file__).resolve().parents[2]


def start(*args: str):
    process = subprocess.Popen(
        [sys.executable, "-m", "goatwidgets.room", "--port", "0", *args], cwd=ROOT,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"})
    lines = [process.stdout.readline() for _ in range(4)]
    printed = dict(line.strip().split(": ", 1) for line in lines[1:])
    return process, lines[0].split(" at ")[1].strip(), printed


def stop(process) -> None:
    process.send_signal(signal.SIGTERM)
    try:
        assert process.wait(20) == 0, process.stderr.read()[-2000:]
    finally:
        process.kill()
