"""A room closed by the teacher frees its port and its thread, tells every device, and a
second room starts in the same process (issue 36 acceptance 4); a room made on a running
event loop (a kernel's) updates the projector on that loop, not on the server's thread
(issue 36 item 1)."""

from __future__ import annotations

import asyncio
import socket
import threading

from goatwidgets import FloatsMcGoats
from goatwidgets.room import Room

from tests.room.helpers import answers, run, settle, students


def room_threads() -> set[str]:
    return {t.name for t in threading.enumerate() if t.name.startswith("goatwidgets-room")}


def test_close_frees_the_port_and_the_thread_and_a_second_room_starts():
    before = set(threading.enumerate())
    w = FloatsMcGoats(players=2, seed=3)
    room = Room(w)
    port = room.port
    assert room_threads() == {f"goatwidgets-room-{port}"}

    async def script():
        (ana,) = await students(room.url, room.code, ["Ana"])
        room.close()
        assert await ana.closed() == 1001            # the device is told: the room is closed
    run(script(), 30)
    assert set(threading.enumerate()) <= before, set(threading.enumerate()) - before
    probe = socket.socket()                          # the port is free again: nobody listens
    probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)   # (as every server binds)
    probe.bind(("127.0.0.1", port))
    probe.listen()
    probe.close()
    again = Room(w, port=port)                        # and a second room starts there
    assert again.port == port and again.core.code != "" and room_threads()
    again.close()
    room.close()                                      # closing twice is harmless
    assert room_threads() == set()


def test_a_room_made_again_closes_the_old_one():
    w = FloatsMcGoats(players=2, seed=3)
    first = Room(w)
    second = Room(w)                                  # the same cell run again
    assert not first.server.thread.is_alive()
    assert room_threads() == {f"goatwidgets-room-{second.port}"}
    other = Room(FloatsMcGoats(players=2, seed=4), port=second.port)   # or on its port
    assert not second.server.thread.is_alive()
    apart = Room(FloatsMcGoats(players=2, seed=5))    # another board's room stays
    assert other.server.thread.is_alive() and len(room_threads()) == 2
    other.close()
    apart.close()


def test_on_a_kernels_loop_the_projector_is_updated_on_that_loop():
    threads = []

    async def kernel():
        w = FloatsMcGoats(players=2, seed=3)
        room = Room(w)                                # made on a running loop: a kernel's
        assert room._kernel is not None
        apply = room._apply

        def on_which_thread():
            threads.append(threading.current_thread())
            apply()
        room._apply = on_which_thread
        try:
            (ana,) = await students(room.url, room.code, ["Ana"])
            room.vote()
            await settle(room, ana, mode="open")
            threads.clear()
            await ana.act("roll")
            await answers(ana)
            for _ in range(100):                      # the loop runs the scheduled update
                if "1 of 1 have voted" in room._html.value:
                    break
                await asyncio.sleep(0.01)
            assert "1 of 1 have voted" in room._html.value
            ana.close()
        finally:
            room.close()

    run(kernel(), 30)
    assert threads and set(threads) == {threading.main_thread()}
