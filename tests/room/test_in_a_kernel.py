"""A room inside a real Jupyter kernel (issue 36 item 1, "embedded default"): made in a cell,
it serves students while the kernel is idle; their votes reach the projector's panel (an
ipywidgets HTML) through the kernel's own loop; "Ask the class" and the reveal run in cells;
closing it leaves no thread behind, and a second room starts in the same kernel. Bounded:
one kernel, 60 s."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from jupyter_client.manager import start_new_kernel

from tests.room.helpers import answers, run, settle, students

ROOT = Path(__file__).resolve().parents[2]


def execute(client, code: str, timeout: float = 30) -> str:
    """Run ``code`` in the kernel; its printed output (an error raises)."""
    msg_id = client.execute(code)
    out = []
    deadline = time.monotonic() + timeout
    while True:
        msg = client.get_iopub_msg(timeout=max(0.1, deadline - time.monotonic()))
        if msg["parent_header"].get("msg_id") != msg_id:
            continue
        kind, content = msg["msg_type"], msg["content"]
        if kind == "stream":
            out.append(content["text"])
        elif kind == "error":
            raise AssertionError("\n".join(content["traceback"])[-3000:])
        elif kind == "status" and content["execution_state"] == "idle":
            return "".join(out)


@pytest.fixture
def kernel():
    manager, client = start_new_kernel(kernel_name="python3", cwd=str(ROOT),
                                       startup_timeout=60)
    try:
        yield client
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)


def test_a_room_in_a_kernel_serves_students_and_updates_the_projector_on_the_kernels_loop(
        kernel):
    out = execute(kernel, """
import json, threading, goatwidgets
w = goatwidgets.FloatsMcGoats(players=2, seed=3)
room = goatwidgets.Room(w)
print(json.dumps({"url": room.url, "code": room.code, "kernel": room._kernel is not None}))
""")
    made = json.loads(out)
    assert made["kernel"] is True                    # the kernel's loop was captured

    async def script():
        ana, bo = await students(made["url"], made["code"], ["Ana", "Bo"])
        execute(kernel, "room.vote()")              # "Ask the class", from a cell
        await settle(None, ana, bo, mode="open")
        for s in (ana, bo):
            await s.act("roll")
            await answers(s)
        ana.close()
        bo.close()
    run(script(), 60)
    # the kernel was idle meanwhile: the server's thread scheduled the panel's redraw on the
    # kernel's loop, which ran it
    panel = execute(kernel, "print(room._html.value)")
    assert "2 of 2 have voted" in panel
    result = json.loads(execute(kernel, "r = room.reveal(); print(json.dumps(r['tally']))"))
    assert [(t["action"], t["count"]) for t in result] == [("roll", 2)]
    left = execute(kernel, """
room.close()
print(sorted(t.name for t in threading.enumerate() if t.name.startswith("goatwidgets-room")))
again = goatwidgets.Room(w, port=room.port)
print(again.port == room.port); again.close()
""").split("\n")
    assert left[0] == "[]" and left[1] == "True"


def test_a_seats_room_in_a_kernel_runs_each_devices_move_on_the_kernels_loop(kernel):
    """Issue 37 item 1: in a notebook, a device's move is scheduled on the kernel's loop
    (IOLoop.add_callback), runs on the kernel's main thread while it is idle, and every
    device is sent its new picture; the panel shows it."""
    out = execute(kernel, """
import json, threading, goatwidgets
from goatwidgets.games import goat_lords
from tests.room.helpers import DUEL
w = goatwidgets.GoatLords(state=goat_lords.position(**DUEL), bots={3: "casual"})
room = goatwidgets.Room(w, seats="devices")
moved_on = []
w.on_action(lambda *_: moved_on.append(threading.current_thread().name))
print(json.dumps({"url": room.url, "code": room.code}))
""")
    made = json.loads(out)

    async def script():
        ana, bo = await students(made["url"], made["code"], ["Ana", "Bo"])
        await ana.act("duel 1 ninja")
        await bo.until("traits", lambda m: m["traits"].get("legal"))
        assert {a["text"] for a in bo.model["legal"]} == {"play goatini", "pass"}
        await bo.act("play goatini")
        await ana.until("traits", lambda m: m["traits"].get("legal"))
        ana.close()
        bo.close()
    run(script(), 60)
    said = json.loads(execute(kernel, "print(json.dumps([moved_on, [e['action'] for e in "
                                      "w.state.history], 'Bo' in room._html.value]))"))
    assert said[0] == ["MainThread", "MainThread"]
    assert said[1] == ["duel 1 ninja", "play goatini"] and said[2] is True
    execute(kernel, "room.close()")
