"""A room kept in a file (SQLite, in Python's standard library), so that a standalone room
survives a restart of its server: the game (its own save, ``State.to_json``), the join code,
the teacher key and the devices that joined (their tokens: after the restart each page
reconnects by itself and finds its place); in a room of one seat per device also each
device's seat, the bots by seat, and whether the game is paused or ended (kept after every
move). A vote in progress is not kept: a restart ends it. A finished room's file is removed a
day after its game ended, an abandoned one's after a week with no device connected and nothing
kept (:func:`expired`, when the room starts again; a running standalone room removes its own
file and stops, :meth:`goatwidgets.room.Room.expire`; both times are settable).

    >>> import pathlib, tempfile
    >>> from goatwidgets import FloatsMcGoats
    >>> from goatwidgets.room import Room
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "room.sqlite"
    >>> room = Room(FloatsMcGoats(players=2, seed=3), show=False)
    >>> ana = room.core.join(room.code, "Ana", "10.0.0.2")
    >>> room.board.play("roll")
    >>> save(room, path, {"game": "floats_mcgoats"})
    >>> room.close()
    >>> kept = load(path)
    >>> kept.settings, kept.code == room.code, [d.name for d in kept.devices]
    ({'game': 'floats_mcgoats'}, True, ['Ana'])
    >>> kept.state.history[0]["action"]
    'roll'

The file holds secrets (the teacher key, the devices' tokens): it is made readable by its owner
only.
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from dataclasses import dataclass
from importlib import import_module
from pathlib import Path
from typing import Any


from ..engine import GameError, State
from ..games import REGISTRY
from .core import Device
from .protocol import RoomError

SCHEMA = "CREATE TABLE IF NOT EXISTS room (name TEXT PRIMARY KEY, value TEXT NOT NULL)"


@dataclass
class Kept:
    """What a room's file holds: ``settings`` (how the room was started: the game's name,
    players, bots), the game's ``state``, ``code``, ``key``, ``devices`` and how many device
    ids were given out (``numbered``)."""

    settings: dict
    state: State
    code: str
    key: str
    devices: list[Device]
    numbered: int
    #: one seat per device: the bots by seat (their levels), paused, ended, and when the
    #: game finished (or was ended) and when the room was last kept (seconds since 1970)
    bots: dict | None = None
    paused: bool = False
    ended: bool = False
    ended_at: float | None = None
    kept_at: float | None = None
    #: the game's own names of its seats (a seat a device holds reads with the child's:
    #: the game's names in ``state``; a seat the device leaves takes its own again)
    given_names: list | None = None


#: a finished (or ended) room's file is removed this long after (seconds): a day
FINISHED_FOR = 24 * 3600.0
#: an abandoned room's (nothing kept since): a week
ABANDONED_FOR = 7 * 24 * 3600.0


def expired(kept: Kept, now: float | None = None, finished_for: float = FINISHED_FOR,
            abandoned_for: float = ABANDONED_FOR) -> str:
    """Why the room ``kept`` is to be removed ("" while it is kept): its game finished (or
    was ended) ``finished_for`` seconds ago, or nothing was kept for ``abandoned_for``.

        >>> kept = Kept({}, None, "", "", [], 0, ended_at=100.0, kept_at=100.0)
        >>> expired(kept, now=200.0), expired(kept, now=100.0 + FINISHED_FOR)
        ('', 'its game finished 24 hours ago')
    """
    return due(kept.ended_at, kept.kept_at, now, finished_for, abandoned_for)


def due(ended_at: float | None, quiet_since: float | None, now: float | None = None,
        finished_for: float = FINISHED_FOR, abandoned_for: float = ABANDONED_FOR) -> str:
    """Why a room is to be removed ("" while it is kept): its game finished (or was ended)
    at ``ended_at``, ``finished_for`` seconds ago or more, or nothing happened in it since
    ``quiet_since`` for ``abandoned_for`` (a room when it starts, and a running one:
    :meth:`goatwidgets.room.Room.expiry`).

        >>> due(None, 100.0, now=103.0, abandoned_for=3)
        'nothing happened in it for 3 seconds'
    """
    now = time.time() if now is None else now
    if ended_at is not None and now - ended_at >= finished_for:
        return f"its game finished {how_long(now - ended_at)} ago"
    if quiet_since is not None and now - quiet_since >= abandoned_for:
        return f"nothing happened in it for {how_long(now - quiet_since)}"
    return ""


def how_long(seconds: float) -> str:
    """``seconds`` in the unit a person reads.

        >>> how_long(1), how_long(90), how_long(3 * 3600), how_long(7 * 86400)
        ('1 second', '90 seconds', '3 hours', '7 days')
    """
    for unit, size, below in (("second", 1, 120), ("minute", 60, 7200),
                              ("hour", 3600, 2 * 86400), ("day", 86400, float("inf"))):
        if seconds < below:
            count = round(seconds / size)
            return f"{count} {unit}{'' if count == 1 else 's'}"
    return ""


def save(room: Any, path: str | os.PathLike, settings: dict) -> None:
    """Keep ``room`` (a :class:`~goatwidgets.room.Room`) in the file at ``path``, in one
    transaction (a crash leaves the last whole save)."""
    core = room.core
    with core.lock:
        values = {
            "settings": json.dumps(settings),
            "game": room.board.state.to_json(),
            "code": core.code, "key": core.key,
            "devices": json.dumps([{"id": d.id, "token": d.token, "name": d.name,
                                    "address": d.address, "seat": d.seat}
                                   for d in core.devices.values()]),
            "numbered": str(core._numbered),
            "seats": json.dumps({"bots": room.board.table.bot_names(), "paused": core.paused,
                                 "ended": core.ended,
                                 "ended_at": room.ended_at,
                                 "kept_at": time.time(),
                                 "given_names": room._given}),
        }
    path = Path(path)
    fresh = not path.exists()
    with sqlite3.connect(path) as db:
        db.execute(SCHEMA)
        db.executemany("INSERT OR REPLACE INTO room (name, value) VALUES (?, ?)",
                       sorted(values.items()))
    db.close()
    if fresh:
        os.chmod(path, 0o600)                   # the teacher key and the tokens are secrets


def load(path: str | os.PathLike) -> Kept:
    """What the file at ``path`` keeps; a ``RoomError`` naming what is missing or wrong (a
    game's save is checked by the game: ``State.from_json``)."""
    try:
        with sqlite3.connect(f"file:{Path(path)}?mode=ro", uri=True) as db:
            rows = dict(db.execute("SELECT name, value FROM room").fetchall())
        db.close()
    except sqlite3.Error as err:
        raise RoomError(f"{path} is not a room's file ({err})", "save") from None
    missing = [k for k in ("settings", "game", "code", "key", "devices", "numbered")
               if k not in rows]
    if missing:
        raise RoomError(f"{path} keeps no {missing[0]!r}", "save")
    settings = json.loads(rows["settings"])
    info = REGISTRY.get(settings.get("game"))
    if info is None:
        raise RoomError(f"{path}: {settings.get('game')!r} is no game of goatwidgets", "save")
    state = import_module(info.module_path).State.from_json(rows["game"])
    devices = [Device(d["id"], d["token"], d["name"], d["address"], seat=d.get("seat"))
               for d in json.loads(rows["devices"])]
    seats = json.loads(rows.get("seats", "{}"))
    return Kept(settings, state, rows["code"], rows["key"], devices, int(rows["numbered"]),
                bots=seats.get("bots"), paused=bool(seats.get("paused")),
                ended=bool(seats.get("ended")), ended_at=seats.get("ended_at"),
                kept_at=seats.get("kept_at"),
                given_names=given_names(seats.get("given_names"), state.players))


def given_names(names: object, players: int) -> list | None:
    """The kept game's own seat names, if they are names a game takes (else None: the room
    then takes the game's names as they are)."""
    try:
        return list(State._check_names(names, players)) if names is not None else None
    except GameError:
        return None


def restore(room: Any, kept: Kept) -> None:
    """Give ``room`` (made on ``kept.state``) the kept code, key and devices."""
    core = room.core
    with core.lock:
        core.code, core.key, core._numbered = kept.code, kept.key, kept.numbered
        for device in kept.devices:
            core.devices[device.token] = device
            core.by_id[device.id] = device
