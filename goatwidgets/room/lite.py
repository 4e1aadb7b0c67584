"""A room in JupyterLite, which runs Python in the browser: it can't serve other devices.
``goatwidgets.Room`` there says so plainly (and how to get a room) instead of failing later.

    >>> Room(None)                                   # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    goatwidgets.room.protocol.RoomError: a room needs a server that the students' devices ...
    >>> Room.connect("http://10.0.0.5:8765/", "key")       # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    goatwidgets.room.protocol.RoomError: this notebook runs inside your browser (JupyterLite)...
"""

from __future__ import annotations

from .protocol import RoomError

NEEDS_A_SERVER = (
    "a room needs a server that the students' devices can reach: this notebook runs inside "
    "your browser (JupyterLite), which can't be one. Open the notebook in JupyterLab on your "
    "laptop (goatwidgets.Room(widget, host='0.0.0.0')), or ask for a room server on a school "
    "machine (python -m goatwidgets.room --host 0.0.0.0)")

CANT_HOST = (
    "this notebook runs inside your browser (JupyterLite), which can't hold the teacher's "
    "connection to a room server. Open the notebook in JupyterLab and connect from there "
    "(goatwidgets.Room.connect(address, key), with the key the room server printed)")


class Room:
    """``goatwidgets.Room`` in JupyterLite: refused, with what to do instead."""

    def __init__(self, widget, *args, **kwargs):
        raise RoomError(NEEDS_A_SERVER, "room")

    @staticmethod
    def connect(url, key, **options):
        """Hosting a room served elsewhere needs a kernel that opens network connections,
        which JupyterLite's (in the browser) does not."""
        raise RoomError(CANT_HOST, "room")
