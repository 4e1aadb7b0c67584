"""The room's wire: what a device or the teacher may send over the room's WebSocket, checked
before anything acts on it, and what the room sends back. Every message is one JSON object
with ``"v"`` (the protocol's version, :data:`PROTOCOL`) and ``"type"``:

From a device or the teacher (``IN``):

- ``{"v": 1, "type": "hello", "token": "<device token>"}``: the first message of a student's
  connection (the token the join gave it; kept by the page to come back after a drop);
- ``{"v": 1, "type": "hello", "teacher": "<teacher key>"}``: the first message of the
  teacher's connection (the standalone room's host);
- ``{"v": 1, "type": "page", "content": {"type": "act", "action": "birth ninja lord",
  "version": 7}}``: what the game's page sent (``model.send``), checked as the notebook
  widget checks it (:func:`goatwidgets.engine.messages.check`): in a class vote an "act"
  is the device's vote;
- ``{"v": 1, "type": "host", "do": "vote"}``: a teacher's command ("vote", "close",
  "reveal", "play", "status"; in a room of one seat per device also "pause", "resume",
  "undo", "end", and ``{"do": "bot", "seat": 2, "level": "casual"}``, ``{"do": "back",
  "seat": 2}``, ``{"do": "assign", "device": "d3", "seat": 2}``); with ``"id": 7`` the
  command is answered ``{"type": "done", "id": 7}`` once done, or an ``error`` with that id;
- ``{"v": 1, "type": "review"}``: a seated device asks for its own review (after the game);
- ``{"v": 1, "type": "ping"}``: answered ``{"v": 1, "type": "pong"}`` after everything the room
  had queued for this connection, so a page (or a test) knows it has all of it.

From the room (``OUT``): ``welcome`` (who the device is), ``traits`` (the page's model
values, as the notebook widget's traits), ``room`` (the vote's state for this device),
``projector`` (for the teacher: counts, the join code and link, the seats' holders, and at
the reveal the tally; a teacher's connection also gets the public board's ``traits``),
``done``, ``pong``, and ``error``
(``{"type": "error", "text": ..., "field": ...}``: the message was refused, nothing changed).

    >>> parse('{"v": 1, "type": "hello", "token": "abc"}')["type"]
    'hello'
    >>> parse('{"v": 2, "type": "hello"}')       # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    goatwidgets.room.protocol.RoomError: message field 'v' must be 1 (this room's ...), not 2 (v)
    >>> clean_name(' <b>Ana</b>\\u202e\\n ')
    '<b>Ana</b>'
"""

from __future__ import annotations

import json
import unicodedata

from ..engine.errors import GameError, quote

#: the protocol's version: a page of another version is told to reload
PROTOCOL = 1
#: the largest message the room reads (bytes of text); tornado closes a connection whose
#: message is larger than ``CLOSE_SIZE`` before reading it at all
MAX_MESSAGE = 8 * 1024
CLOSE_SIZE = 64 * 1024
#: a name's length at most (characters, after cleaning)
NAME_LENGTH = 24
#: what each message type may carry besides "v" and "type"
IN = {"hello": {"token", "teacher"}, "page": {"content"},
      "host": {"do", "seat", "level", "device", "id"},
      "review": set(), "ping": set()}
HOST_COMMANDS = ("vote", "close", "reveal", "play", "status", "pause", "resume", "undo", "end",
                 "bot", "back", "assign")


class RoomError(GameError):
    """A message, a join or a command the room refuses; nothing changed. ``status``: the
    HTTP status a join answers with."""

    def __init__(self, reason: str, rule: str = "room", status: int = 400):
        super().__init__(reason, rule)
        self.status = status


def parse(raw: str | bytes) -> dict:
    """``raw`` as a message of this protocol, or a ``RoomError`` naming what is wrong."""
    if isinstance(raw, bytes):
        if len(raw) > MAX_MESSAGE:
            raise RoomError(f"a message is at most {MAX_MESSAGE:,} bytes, not {len(raw):,}",
                            "size")
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise RoomError("a message must be UTF-8 text (JSON)", "message") from None
    if len(raw) > MAX_MESSAGE:
        raise RoomError(f"a message is at most {MAX_MESSAGE:,} characters, not {len(raw):,}",
                        "size")
    try:
        message = json.loads(raw)
    except (ValueError, RecursionError):
        raise RoomError("a message must be a JSON object", "message") from None
    if not isinstance(message, dict):
        raise RoomError("a message must be a JSON object", "message")
    version = message.get("v")
    if version != PROTOCOL or type(version) is not int:
        raise RoomError(f"message field 'v' must be {PROTOCOL} (this room's protocol), not "
                        f"{quote(version)}", "v")
    kind = message.get("type")
    if kind not in IN:
        raise RoomError(f"message field 'type' must be one of {', '.join(IN)}, not "
                        f"{quote(kind)}", "type")
    extra = sorted(str(k)[:30] for k in message if k not in IN[kind] | {"v", "type"})
    if extra:
        raise RoomError(f"a {kind!r} message has no field {quote(extra[0])}", extra[0])
    if kind == "hello":
        given = [k for k in ("token", "teacher") if k in message]
        if len(given) != 1 or not isinstance(message[given[0]], str) \
                or not 0 < len(message[given[0]]) <= 200:
            raise RoomError("a 'hello' message names one 'token' (a device's) or 'teacher' "
                            "(the teacher's key), as text", "token")
    elif kind == "page" and not isinstance(message.get("content"), dict):
        raise RoomError("message field 'content' must be the page's message (a JSON object)",
                        "content")
    elif kind == "host" and message.get("do") not in HOST_COMMANDS:
        raise RoomError(f"message field 'do' must be one of {', '.join(HOST_COMMANDS)}, not "
                        f"{quote(message.get('do'))}", "do")
    elif kind == "host":
        seat = message.get("seat")
        if "seat" in message and (type(seat) is not int or not 0 <= seat < 100):
            raise RoomError(f"message field 'seat' must be a seat number, not {quote(seat)}",
                            "seat")
        ask = message.get("id")
        if "id" in message and (type(ask) is not int or not 0 <= ask < 2 ** 31):
            raise RoomError(f"message field 'id' must be a number the answer repeats, not "
                            f"{quote(ask)}", "id")
        for name in ("level", "device"):
            if name in message and (not isinstance(message[name], str)
                                    or not 0 < len(message[name]) <= 40):
                raise RoomError(f"message field {name!r} must be short text", name)
    return message


def clean_name(text: object) -> str:
    """A first name as the room keeps it: text only (it is never read as HTML: pages put it
    in with ``textContent``), control and format characters (a right-to-left override, a zero
    width joiner) removed, spaces folded, at most :data:`NAME_LENGTH` characters; "" if
    nothing is left."""
    if not isinstance(text, str):
        return ""
    kept = "".join(" " if c.isspace() else c for c in text[:200]
                   if c.isspace() or unicodedata.category(c)[0] != "C")
    return " ".join(kept.split())[:NAME_LENGTH].strip()


def error(reason: str, field: str = "message") -> dict:
    """The room's answer to a refused message."""
    return {"v": PROTOCOL, "type": "error", "text": reason, "field": field}


def refusal(err: GameError) -> dict:
    """``error()`` for a ``GameError`` (its reason, and the field or rule it names)."""
    return error(str(err), getattr(err, "rule", "") or "message")
