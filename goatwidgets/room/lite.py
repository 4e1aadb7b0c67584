"""A room in JupyterLite, which runs Python in the browser: it can't serve other devices.
``goatwidgets.Room`` there says so plainly (and how to get a room) instead of failing later.

    >>> Room(None)                                   # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    goatwidgets.room.protocol.RoomError: a room needs a server that the students' devices ...
"""

from __future__ import annotations

from .protocol import RoomError

NEEDS_A_SERVER = (
    "a room needs a server that the students' devices can reach: this notebook runs inside "
    "your browser (JupyterLite), which can't be one. Open the notebook in JupyterLab on your "
    "laptop (goatwidgets.Room(widget, host='0.0.0.0')), or ask for a room server on a school "
    "machine (python -m goatwidgets.room --host 0.0.0.0)")


class Room:
    """``goatwidgets.Room`` in JupyterLite: refused, with what to do instead."""

    def __init__(self, widget, *args, **kwargs):
        raise RoomError(NEEDS_A_SERVER, "room")
