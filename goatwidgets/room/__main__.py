"""A room on its own: ``python -m goatwidgets.room --host 0.0.0.0 --port 8765 --game goat_lords
--players 2 [--bots 1:casual] [--seed 7] [--seats devices] [--save room.sqlite]`` (``--save``:
the room survives a restart, :mod:`.saves`; ``--seats devices``: one seat per device;
``--remove-finished-after``/``--remove-abandoned-after SECONDS``: when a room kept in its file
removes it and stops, printing why).
Prints the address, the join code and the teacher key; the teacher's connection (a WebSocket
to ``/ws`` saying ``{"v": 1, "type": "hello", "teacher": KEY}``) then sends ``{"v": 1,
"type": "host", "do": "vote"}`` and "close", "reveal", "play", "status" (one seat per device:
"pause", "resume", "undo", "end", "bot", "back", "assign"). Stops with Ctrl-C (or SIGTERM).

As a JupyterHub service (the hub's proxy routes ``/services/goatroom/`` to it, with no hub
login in front: guests get through)::

    c.JupyterHub.services = [{
        "name": "goatroom", "url": "http://127.0.0.1:10101",
        "command": ["python", "-m", "goatwidgets.room", "--port", "10101",
                    "--address", "https://hub.school.example/services/goatroom/"],
    }]

``JUPYTERHUB_SERVICE_PREFIX`` (set by the hub) becomes ``--prefix`` and the room then reads a
student's address from the proxy's X-Forwarded-For (``--behind-proxy``)."""

from __future__ import annotations

import argparse
import os
import queue
import signal
import sys
from importlib import import_module

from ..games import REGISTRY
from . import saves
from .notebook import Room


def widget_for(game: str, players: int, seed: int | None, bots: list[str], state=None):
    info = REGISTRY.get(game)
    if info is None:
        raise SystemExit(f"--game must be one of {', '.join(REGISTRY)}, not {game!r}")
    module, _, name = info.widget_path.partition(":")
    cls = getattr(import_module(module), name)
    chosen = {}
    for item in bots:
        seat, _, level = item.partition(":")
        if not seat.isdecimal() or not level:
            raise SystemExit(f"--bots takes SEAT:LEVEL (1:casual), not {item!r}")
        chosen[int(seat)] = level
    return cls(state=state, players=players, seed=seed, bots=chosen)


def seconds(text: str) -> float:
    """A time in seconds, more than 0 (argparse's type for the removal times)."""
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"a time in seconds, more than 0, not {text!r}")
    return value


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m goatwidgets.room", description=__doc__)
    parser.add_argument("--host", default="127.0.0.1",
                        help="the address to serve on (0.0.0.0: every network of this machine)")
    parser.add_argument("--port", type=int, default=8765, help="0 picks a free port")
    parser.add_argument("--game", default="goat_lords", help=", ".join(REGISTRY))
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--bots", nargs="*", default=[], metavar="SEAT:LEVEL")
    hub = os.environ.get("JUPYTERHUB_SERVICE_PREFIX")
    parser.add_argument("--prefix", default=hub or "/",
                        help="the path the room is served under (a JupyterHub service's)")
    parser.add_argument("--behind-proxy", action="store_true", default=bool(hub),
                        help="a client's address is the proxy's X-Forwarded-For")
    parser.add_argument("--address", default=None,
                        help="the address students type, if not this machine's")
    parser.add_argument("--seats", default=None, choices=["devices"],
                        help="one seat per device (each device its own hand) instead of a "
                             "class vote")
    parser.add_argument("--save", default=None, metavar="FILE",
                        help="keep the room in FILE (SQLite) and take it up again from there "
                             "after a restart: the game, the code, the key, the devices")
    parser.add_argument("--remove-finished-after", type=seconds, default=saves.FINISHED_FOR,
                        metavar="SECONDS",
                        help="with --save: once its game has been over (or ended) this long, "
                             "the room removes its file and stops (default: a day)")
    parser.add_argument("--remove-abandoned-after", type=seconds,
                        default=saves.ABANDONED_FOR, metavar="SECONDS",
                        help="with --save: once no device has been connected and nothing "
                             "has happened this long, the room removes its file and stops "
                             "(default: a week)")
    args = parser.parse_args(argv)
    settings = {"game": args.game, "players": args.players, "seed": args.seed,
                "bots": args.bots, "seats": args.seats}
    kept = saves.load(args.save) if args.save and os.path.exists(args.save) else None
    if kept is not None:
        settings = {**settings, **kept.settings}
    widget = widget_for(settings["game"], settings["players"], settings["seed"],
                        settings["bots"])
    # the room takes up what the file keeps (the game where it was, the devices, the seats)
    room = Room(widget, host=args.host, port=args.port, show=False, prefix=args.prefix,
                behind_proxy=args.behind_proxy, address=args.address, save=args.save,
                settings=settings, seats=settings.get("seats"),
                finished_for=args.remove_finished_after,
                abandoned_for=args.remove_abandoned_after)
    jobs: queue.Queue = queue.Queue()
    room.later = jobs.put                  # a teacher's command and a device's move run here
    print(f"Room for {settings['game']} at {room.url}\n  join code: {room.code}\n"
          f"  link: {room.join_url}\n  teacher key: {room.teacher_key}", flush=True)
    if room.problem:                       # (a kept room found expired: a new one started)
        print(room.problem, flush=True)
    stop = []
    signal.signal(signal.SIGTERM, lambda *_: stop.append(True))
    keep = room.keep                       # after every job: a move is kept before the next
    try:
        keep()
        while not stop:
            try:
                job = jobs.get(timeout=0.5)
            except queue.Empty:
                job = None
            if job is not None:
                job()                      # (each of Room's steps takes the room's lock)
            keep()
            gone = room.expire() if args.save else ""
            if gone:                       # finished or abandoned for its set time
                print(f"The room kept in {args.save} was removed ({gone}); the room is "
                      "closed.", flush=True)
                break
    except KeyboardInterrupt:
        pass
    finally:
        keep()
        room.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
