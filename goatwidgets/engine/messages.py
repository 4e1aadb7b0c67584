"""The messages a game's page sends (a notebook's widget or a room's device alike), checked
before anything acts on them: the same page sends the same messages wherever it runs.

    >>> check({"type": "act", "version": 3, "action": "roll"}, version=3)["action"]
    'roll'
    >>> check({"type": "act", "version": 2, "action": "roll"}, version=3)
    ... # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    goatwidgets.engine.messages.MessageError: that click was made on an older picture ...
"""

from __future__ import annotations

from typing import Any

from .errors import GameError, quote
from .state import MAX_ACTION_TEXT

#: what a page may ask: a move, a move's first click, Undo, the cover's button, New game, the
#: coach's Suggest
MESSAGE_TYPES = ("act", "start", "undo", "uncover", "new", "suggest")


class MessageError(GameError):
    """A message from the front end that is malformed or stale."""


def check(content: Any, version: int) -> dict:
    """``content`` if it is a well-formed message made on the picture ``version`` (its
    "action" stripped for a "start"); else a ``MessageError`` naming the field ("message") or
    saying the click was stale ("stale message")."""
    if not isinstance(content, dict):
        raise MessageError("a message from the page must be a JSON object", "message")
    kind = content.get("type")
    if kind not in MESSAGE_TYPES:
        raise MessageError(f"message field 'type' must be one of {', '.join(MESSAGE_TYPES)}, "
                           f"not {quote(kind)}", "message")
    sent = content.get("version")
    if not isinstance(sent, int) or isinstance(sent, bool):
        raise MessageError(f"message field 'version' must be a whole number, not {quote(sent)}",
                           "message")
    if sent != version:
        raise MessageError(f"that click was made on an older picture of the game (version "
                           f"{sent}, now {version}); look again and retry", "stale message")
    action = content.get("action")
    if kind == "act":
        if not isinstance(action, str) or not action.strip():
            raise MessageError(f"message field 'action' must be the text of an action, not "
                               f"{quote(action)}", "message")
        if len(action) > MAX_ACTION_TEXT:
            raise MessageError(f"message field 'action' is at most {MAX_ACTION_TEXT} "
                               f"characters, not {len(action):,}", "message")
    elif kind == "start":
        if not isinstance(action, str) or not action.strip() or len(action) > MAX_ACTION_TEXT:
            raise MessageError(f"message field 'action' must be the start of an action, not "
                               f"{quote(action)}", "message")
        content = {**content, "action": action.strip()}
    return content
