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
from .widgets.goat_lords import GoatLords

#: the p95 budget of a vote's click-to-tally (ms)
BUDGET_MS = 100.0


def thread_cpu(thread: threading.Thread) -> float:
    """CPU seconds ``thread`` has used (Linux and macOS; 0 where the clock is missing)."""
    try:
        return time.clock_gettime(time.pthread_getcpuclockid(thread.ident))
    except (AttributeError, OSError):
        return 0.0


class _Client:
    """A scripted device on loopback: joins ``room`` with its code and ``name``, says hello
    with its token, and reads what it is sent (``_read``, each kind of client its own)."""

    def __init__(self, room: Room, name: str):
        self.room, self.name = room, name

    async def join(self):
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
        raise NotImplementedError

    def close(self) -> None:
        self.conn.close()
        self.reader.cancel()


class _Device(_Client):
    """A voting device: the room's answers to it (its banner, its refusals), in order."""

    def __init__(self, room: Room, name: str):
        super().__init__(room, name)
        self.replies: asyncio.Queue = asyncio.Queue()

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


def _bounded(session, rooms: list, seconds: float = 300) -> None:
    """Run the measuring ``session()`` for at most ``seconds``, then close every room it
    made (also when it failed)."""
    try:
        asyncio.run(asyncio.wait_for(session(), seconds))
    finally:
        for room in rooms:
            room.close()


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

    _bounded(session, rooms)
    return out


# ---------------------------------------------------------------------- one seat per device

#: the p95 budget of a move's click-to-every-screen in rooms of one seat per device (ms)
SEATS_BUDGET_MS = 150.0


class _Seat(_Client):
    """A device holding a seat: its model's version and legal moves, kept from the traits it
    is sent (only what changed)."""

    def __init__(self, room: Room, name: str):
        super().__init__(room, name)
        self.version, self.legal, self.errors = 0, [], 0
        self.news = asyncio.Event()

    async def _read(self) -> None:
        while (text := await self.conn.read_message()) is not None:
            message = json.loads(text)
            if message.get("type") == "traits":
                traits = message["traits"]
                self.version = traits.get("version", self.version)
                self.legal = traits.get("legal", self.legal)
            elif message.get("type") == "error":
                self.errors += 1
            self.news.set()

    async def until(self, test, seconds: float = 10.0) -> None:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + seconds
        while not test():
            self.news.clear()
            left = deadline - loop.time()
            if left <= 0:
                raise TimeoutError(f"{self.name}: waited {seconds} s")
            try:
                await asyncio.wait_for(self.news.wait(), left)
            except asyncio.TimeoutError:
                pass

    async def act(self, action: str, version: int) -> None:
        await self.conn.write_message(json.dumps({"v": 1, "type": "page", "content": {
            "type": "act", "action": action, "version": version}}))


def measure_seats(rooms: int = 1, moves: int = 20, players: int = 6, seed: int = 1) -> dict:
    """``rooms`` rooms of ``players`` devices (one seat each, a Goat Lords game) in this
    process, every room playing at once: for each move, the time from the deciding device
    sending it to every device of its room holding the new picture (click-to-every-screen,
    ms); and the rooms' threads' CPU (server and board threads) per move."""
    made: list[Room] = []
    out: dict = {"rooms": rooms, "players": players, "times": [], "moves": 0, "cpu": 0.0,
                 "refused": 0}

    async def play(room: Room, devices: list[_Seat]) -> None:
        for _ in range(moves):
            version = room.core.version
            for d in devices:
                await d.until(lambda d=d: d.version >= version)
            if room.board.state.is_over:
                return
            deciding = [d for d in devices if d.legal]
            if not deciding:
                return
            me = deciding[0]
            start = time.perf_counter()
            await me.act(me.legal[0]["text"], version)
            for d in devices:
                await d.until(lambda d=d: d.version > version or me.errors > out["refused"])
            if me.errors > out["refused"]:
                out["refused"] = me.errors
                continue
            out["times"].append((time.perf_counter() - start) * 1000)
            out["moves"] += 1

    async def session() -> None:
        loop = asyncio.get_running_loop()
        for i in range(rooms):
            widget = GoatLords(players=players, seed=seed + i)
            made.append(await loop.run_in_executor(None, lambda w=widget: Room(
                w, seats="devices", show=False)))
        tables = []
        for room in made:
            tables.append([await _Seat(room, f"S{k}").join() for k in range(players)])
        for room, devices in zip(made, tables):   # every seat taken, every picture in
            for d in devices:
                await d.until(lambda d=d, r=room: d.version >= r.core.version and
                              r.core.holder(players - 1) is not None)
        threads = [t for r in made for t in (r.server.thread, r.board_thread) if t]
        cpu = sum(thread_cpu(t) for t in threads)
        await asyncio.gather(*(play(r, ds) for r, ds in zip(made, tables)))
        out["cpu"] = sum(thread_cpu(t) for t in threads) - cpu
        for devices in tables:
            for d in devices:
                d.close()

    _bounded(session, made)
    return out


def seats_capacity(moves: int = 20, counts=(1, 2, 4, 8, 16, 24, 32)) -> list[dict]:
    """``measure_seats`` at each count of rooms in turn, until a count's p95 is over the
    budget: the last within it is how many rooms of six this process holds."""
    results = []
    for rooms in counts:
        out = measure_seats(rooms, moves)
        results.append(out)
        if percentile(out["times"], 0.95) > SEATS_BUDGET_MS:
            break
    return results


def seats_report(results: list[dict]) -> list[str]:
    lines = ["rooms of one seat per device on loopback (Goat Lords, six devices a room, every "
             "room playing at once; the devices' clients run in this process too):"]
    held = 0
    for out in results:
        times = out["times"]
        p95 = percentile(times, 0.95) if times else float("nan")
        cpu = 1000 * out["cpu"] / max(out["moves"], 1)
        within = p95 <= SEATS_BUDGET_MS
        held = out["rooms"] if within else held
        lines.append(f"  {out['rooms']:>2} room{'s' if out['rooms'] != 1 else ' '}: "
                     f"{out['moves']} moves, click-to-every-screen p50 "
                     f"{percentile(times, 0.5):.1f} ms, p95 {p95:.1f} ms "
                     f"({'within' if within else 'OVER'} {SEATS_BUDGET_MS:.0f} ms); "
                     f"room threads' CPU per move {cpu:.2f} ms")
    lines.append(f"  rooms of six held within p95 <= {SEATS_BUDGET_MS:.0f} ms: {held}"
                 + (" (the largest count tried)" if held == results[-1]["rooms"] else ""))
    return lines


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
    parser.add_argument("--seats", action="store_true",
                        help="rooms of one seat per device: how many rooms of six one process "
                             "holds with a move's click-to-every-screen p95 <= 150 ms")
    parser.add_argument("--moves", type=int, default=20, help="moves per room (--seats)")
    args = parser.parse_args(argv)
    lines = seats_report(seats_capacity(args.moves)) if args.seats else \
        section(args.students, args.rounds)
    for line in lines:
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
