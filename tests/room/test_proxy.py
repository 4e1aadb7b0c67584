"""More rooms than one process holds (issue 37 item 4): several room servers behind
JupyterHub's own proxy (configurable-http-proxy, from js/node_modules), each under its service
prefix, each room pinned to its server by its code, their saves on storage every server can
reach. On loopback only, every process stopped at the end whatever happened.

What is tested: two standalone room servers (one seat per device, Goat Lords) routed by the
proxy at ``/services/goatroom-1/`` and ``/services/goatroom-2/``; devices join and play
through the proxy (HTTP and WebSocket); a code is refused by the other server; the first
server is stopped and another process takes its room up from the shared save file, the proxy's
route is pointed at it, and the devices come back to the same seats and the same position.
"""

from __future__ import annotations

import asyncio
import json
import shutil
import socket
import subprocess
import time
from pathlib import Path

import pytest
from tornado.httpclient import AsyncHTTPClient, HTTPClient, HTTPRequest

from tests.room.helpers import ROOT, WAIT, Student, join, run, start, stop

CHP = ROOT / "js" / "node_modules" / ".bin" / "configurable-http-proxy"

pytestmark = pytest.mark.skipif(not CHP.exists() or shutil.which("node") is None,
                                reason="configurable-http-proxy is installed by `npm ci` in js/")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Proxy:
    """configurable-http-proxy on loopback, routes set over its REST API."""

    def __init__(self):
        self.port, self.api = free_port(), free_port()
        self.process = subprocess.Popen(
            [str(CHP), "--ip", "127.0.0.1", "--port", str(self.port), "--api-ip", "127.0.0.1",
             "--api-port", str(self.api), "--log-level", "warn"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + WAIT
        while True:
            try:
                HTTPClient().fetch(f"http://127.0.0.1:{self.api}/api/routes", request_timeout=1)
                return
            except Exception:                        # noqa: BLE001 (not listening yet)
                assert time.monotonic() < deadline, "the proxy did not start"
                assert self.process.poll() is None, "the proxy stopped"
                time.sleep(0.1)

    def route(self, prefix: str, target: str) -> None:
        HTTPClient().fetch(HTTPRequest(f"http://127.0.0.1:{self.api}/api/routes{prefix}",
                                       method="POST", body=json.dumps({"target": target}),
                                       request_timeout=WAIT))

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(10)
        finally:
            self.process.kill()


def test_several_room_servers_behind_jupyterhubs_proxy_with_shared_saves(tmp_path):
    proxy = Proxy()
    processes = []
    try:
        one = start_routed(proxy, 1, tmp_path / "one.sqlite")
        processes.append(one[0])
        two = start_routed(proxy, 2, tmp_path / "two.sqlite")
        processes.append(two[0])
        (_, url1, code1), (_, url2, code2) = one[:3], two[:3]
        assert url1 == f"{proxy.url}/services/goatroom-1/" and code1 != code2

        async def first():
            # each room is pinned to its server: its code means nothing to the other
            status, _ = await join(url2, code1, "Ana")
            assert status == 403
            ana, bo = Student(url1, "Ana"), Student(url1, "Bo")
            cy = Student(url2, "Cy")
            for kid, code in ((ana, code1), (bo, code1), (cy, code2)):
                await kid.join(code)
                await kid.connect()                  # the WebSocket, through the proxy
            mover = ana if ana.model.get("legal") else bo
            other = bo if mover is ana else ana
            version = mover.model["version"]
            await mover.act(mover.model["legal"][0]["text"])
            await other.until("traits", lambda m: m["traits"].get("version", 0) > version)
            seen = {k.name: (k.model["seat"], k.model["view"]) for k in (ana, bo)}
            tokens = {k.name: k.token for k in (ana, bo)}
            for kid in (ana, bo, cy):
                kid.close()
            return seen, tokens
        seen, tokens = run(first(), 60)

        # server 1 stops; another process takes its room up from the shared file
        stop(processes.pop(0))
        again = start_routed(proxy, 1, tmp_path / "one.sqlite")
        processes.append(again[0])
        assert again[2] == code1

        async def back():
            for name, token in tokens.items():
                kid = Student(url1, name)
                kid.token = token
                await kid.connect()
                assert (kid.model["seat"], kid.model["view"]) == seen[name], name
                kid.close()
            reply = await AsyncHTTPClient().fetch(url1, raise_error=False, request_timeout=WAIT)
            assert reply.code == 200
        run(back(), 60)
    finally:
        for process in processes:
            stop(process)
        proxy.stop()


def start_routed(proxy: Proxy, n: int, save: Path):
    """Room server ``n`` (its own process and port) under ``/services/goatroom-n/``, the
    proxy's route pointed at it: (process, the address students use, the join code)."""
    prefix, port = f"/services/goatroom-{n}/", free_port()
    process, url, printed = start("--port", str(port), "--game", "goat_lords", "--players", "2",
                                  "--seed", "4", "--seats", "devices", "--save", str(save),
                                  "--prefix", prefix, "--behind-proxy",
                                  "--address", proxy.url + prefix)
    try:
        proxy.route(prefix.rstrip("/"), f"http://127.0.0.1:{port}")
    except BaseException:
        stop(process)
        raise
    return process, url, printed["join code"]
