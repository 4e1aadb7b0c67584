"""Rooms: the whole class on its own devices (issue 36).

A room holds the teacher's game widget on a small web server; each student's phone, tablet or
Chromebook joins with a short code (or the QR code) and plays on a page the room serves, which
draws the game's own ES module (the notebook's) through a model shim over a WebSocket. A
device gets only what its seat may see; students never reach the Jupyter API, a kernel or a
file.

    >>> import goatwidgets
    >>> w = goatwidgets.FloatsMcGoats(players=2, seed=3)
    >>> room = goatwidgets.Room(w)            # in a notebook, the cell shows address, code, QR
    >>> room.vote()                           # "Ask the class": every device votes
    >>> result = room.reveal()                # the tally, the coach's reasons and estimate
    >>> result["voted"], result["top"]        # (nobody joined here)
    (0, None)
    >>> room.close()                          # the port and the thread are free again

On the class's Wi-Fi: ``goatwidgets.Room(w, host="0.0.0.0")`` (or the laptop's address). A
school machine: ``python -m goatwidgets.room --host 0.0.0.0 --port 8765 --game goat_lords``,
and the teacher's notebook hosts it with the key it printed:
``goatwidgets.Room.connect("http://school-machine:8765/", key)`` (:mod:`.host`).

The parts: :mod:`.codes` (join code, teacher key, device tokens, the limits),
:mod:`.protocol` (the messages, each with an example), :mod:`.core` (devices, the picture,
the vote and its tally), :mod:`.seats` (one seat per device: each seat's picture, the
projector's public board, a seat's review), :mod:`.saves` (a room kept in SQLite),
:mod:`.server` (tornado, in a thread), :mod:`.notebook` (``Room``), :mod:`.host` (the
teacher's notebook hosting a room served elsewhere), :mod:`.panel` (the projector's panel
of both), :mod:`.lite` (JupyterLite:
a room needs a server, said plainly), ``static/`` (the join page and the student page with its
model shim), ``README.md`` (for teachers: Wi-Fi, a school machine,
a JupyterHub service). The speed: :mod:`goatwidgets.bench_room`.
"""

import sys

from .protocol import PROTOCOL, RoomError

if sys.platform == "emscripten":          # JupyterLite: no server, and the cell says so
    from .lite import Room
else:
    from .notebook import Room

__all__ = ["PROTOCOL", "Room", "RoomError"]
