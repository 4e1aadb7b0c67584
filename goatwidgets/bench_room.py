"""A class vote's speed, printed (never asserted): ``python -m goatwidgets.bench_room
[--students 30] [--rounds 10]``, or the ``room`` section of ``python -m goatwidgets.bench``.

Scripted students on 127.0.0.1 (tornado's own clients, in this process) vote in a room on a
Floats McGoats board, one click at a time: for each click, the time from the device sending
its vote to the projector's panel showing the new count (click-to-tally; measured twice: the
panel redrawn on the server's thread, as in plain Python, and scheduled on the running loop
that made the room, as in a notebook's kernel) and to the device's own answer; then every
student at once (the last count shown after the burst); and the server thread's CPU time per
vote (its thread clock: the WebSocket frame, the checks, the vote, the answers, and in plain
Python the panel). Budget (issue 36): click-to-tally p95 <= 100 ms on this machine.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import threading
import time

from tornado.httpclient import AsyncHTTPClient, HTTPRequest
from tornado.websocket import websocket_connect

from .bench_bots import percentile
from .room import Room
from .widgets.floats_mcgoats import FloatsMcGoats

#: the p95 budget of a vote's click-to-tally (ms)
BUDGET_MS = 100.0


def thread_cpu(thread: threading.Thread) -> float:
    """CPU seconds ``thread`` has used (Linux and macOS; 0 where the clock is missing)."""
    try:
        return time.clock_gettime(time.pthread_getcpuclockid(thread.ident))
    except (AttributeError, OSError):
        return 0.0


class _Device:
    def __init__(self, room: Room, name: str):
        self.room, self.name = room, name
        self.replies: asyncio.Queue = asyncio.Queue()

    async def join(self) -> "_Device":
        reply = await AsyncHTTPClient().fetch(HTTPRequest(
            self.room.url + "join", method="POST", body=json.dumps(
                {"code": self.room.code, "name": self.name}), request_timeout=10))
        self.token = json.loads(reply.body)["token"]
        self.conn = await websocket_connect(self.room.url.replace("http", "ws") + "ws")
        self.conn.stream.set_nodelay(True)         # as browsers do for a WebSocket
        self.reader = asyncio.ensure_future(self._read())
        await self.conn.write_message(json.dumps({"v": 1, "type": "hello",
                                                  "token": self.token}))
        return self

    async def _read(self) -> None:
        while (text := await self.conn.read_message()) is not None:
            message = json.loads(text)
            if message.get("type") in ("room", "error"):
                await self.replies.put(message)

    async def wait(self, mode: str) -> dict:
        while True:
            message = await asyncio.wait_for(self.replies.get(), 10)
            if message.get("mode") == mode or message.get("type") == "error":
                return message

    async def vote(self, action: str) -> None:
        await self.conn.write_message(json.dumps({"v": 1, "type": "page", "content": {
            "type": "act", "action": action, "version": self.room.core.version}}))

    def close(self) -> None:
        self.conn.close()
        self.reader.cancel()


def measure(students: int = 30, rounds: int = 10, kernel: bool = False) -> dict:
    """Click-to-tally and click-to-answer times (ms) of ``students * rounds`` votes made one
    at a time, the burst's time, and the server thread's CPU per vote. ``kernel``: the room
    is made on the running event loop, as in a notebook's cell, so the panel's redraw is
    scheduled on that loop (which here also runs the students)."""
    widget = FloatsMcGoats(players=2, seed=1)
    shown: list[tuple[float, int]] = []
    legal = [str(a) for a in widget.state.legal_actions(0)]
    out: dict = {"tally": [], "answer": [], "burst": [], "cpu": 0.0, "votes": 0,
                 "kernel": kernel}
    rooms: list[Room] = []

    def make() -> Room:
        room = Room(widget, coach_trials=20)
        redraw = room._apply

        def timed() -> None:                     # the panel redrawn: when, and its count
            redraw()
            shown.append((time.perf_counter(), room.counts[0]))
        room._apply = timed
        rooms.append(room)
        return room

    async def session() -> None:
        loop = asyncio.get_running_loop()
        room = make() if kernel else await loop.run_in_executor(None, make)
        devices = [await _Device(room, f"S{i}").join() for i in range(students)]
        for _ in range(rounds):
            room.vote()
            for d in devices:
                await d.wait("open")
            cpu = thread_cpu(room.server.thread)
            for i, d in enumerate(devices):
                start = time.perf_counter()
                await d.vote(legal[i % len(legal)])
                await d.wait("open")
                answered = time.perf_counter()
                while not shown or shown[-1][1] < i + 1:
                    await asyncio.sleep(0.0005)
                tally = next(t for t, n in reversed(shown) if n == i + 1)
                out["tally"].append((tally - start) * 1000)
                out["answer"].append((answered - start) * 1000)
            out["cpu"] += thread_cpu(room.server.thread) - cpu
            out["votes"] += students
            room.vote()                          # again, all at once
            for d in devices:
                await d.wait("open")
            start = time.perf_counter()
            await asyncio.gather(*(d.vote(legal[0]) for d in devices))
            while not shown or shown[-1][1] < students:
                await asyncio.sleep(0.0005)
            out["burst"].append((shown[-1][0] - start) * 1000)
        for d in devices:
            d.close()

    try:
        asyncio.run(asyncio.wait_for(session(), 300))
    finally:
        for room in rooms:
            room.close()
    return out


def report(out: dict, students: int) -> list[str]:
    tally, answer = out["tally"], out["answer"]
    cpu = 1000 * out["cpu"] / max(out["votes"], 1)
    p95 = percentile(tally, 0.95)
    where = ("the panel redrawn on the kernel's loop (a room made in a cell)" if out["kernel"]
             else "the panel redrawn on the server's thread (plain Python)")
    return [f"class vote on loopback, {students} students, {len(tally)} votes one at a time; "
            f"{where}:",
            f"  click-to-tally (projector)  p50 {percentile(tally, 0.5):.1f} ms, p95 {p95:.1f} ms"
            f" (budget p95 <= {BUDGET_MS:.0f} ms: {'within' if p95 <= BUDGET_MS else 'OVER'})",
            f"  click-to-answer (device)    p50 {percentile(answer, 0.5):.1f} ms, p95 "
            f"{percentile(answer, 0.95):.1f} ms",
            f"  all {students} at once: the last count shown after p50 "
            f"{percentile(out['burst'], 0.5):.1f} ms, max {max(out['burst']):.1f} ms",
            f"  server thread CPU per vote: {cpu:.2f} ms"]


def section(students: int = 30, rounds: int = 10) -> list[str]:
    """Both measurements' reports: the panel redrawn on the server's thread, then on the loop
    that made the room (as in a notebook's kernel)."""
    return [line for kernel in (False, True)
            for line in report(measure(students, rounds, kernel), students)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m goatwidgets.bench_room",
                                     description=__doc__)
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=10)
    args = parser.parse_args(argv)
    for line in section(args.students, args.rounds):
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
