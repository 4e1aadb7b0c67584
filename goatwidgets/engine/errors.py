"""Errors raised by every game model.

Every error is a :class:`GameError` (itself a :class:`ValueError`) and carries ``rule``: the
id of the ruling (``"FM-R4"``) or rulebook section it comes from, so a teacher can look it up.
Messages are lowercase plain English that name the action and the reason::

    >>> from goatwidgets.engine.errors import IllegalActionError
    >>> err = IllegalActionError("can't place a goat on 0,0u: that spot already holds a goat", "FM-R4")
    >>> str(err)
    "can't place a goat on 0,0u: that spot already holds a goat (FM-R4)"
    >>> err.rule
    'FM-R4'
"""

from __future__ import annotations

from typing import Any



class GameError(ValueError):
    """Base class: something a player, a message or a file asked for is not allowed."""

    def __init__(self, message: str, rule: str | None = None):
        self.reason = message
        self.rule = rule
        super().__init__(f"{message} ({rule})" if rule else message)


class IllegalActionError(GameError):
    """The action is understood but breaks a rule right now."""


class ActionParseError(GameError):
    """The text of an action could not be understood."""


class NotYourDecisionError(GameError):
    """Someone other than the seat whose decision is pending tried to act."""


class GameOverError(GameError):
    """The game has ended; no more actions are accepted."""


class VariantError(GameError):
    """A bad option to ``new_game`` (player count, a variant value, a preset outcome)."""


class SeatError(NotYourDecisionError, VariantError):
    """A seat argument that is no seat of this game (``"0"``, ``1.0``, ``True``, ``99``).
    It is both a :class:`NotYourDecisionError` (for ``apply``) and a :class:`VariantError`
    (for ``view``, ``log_for`` and the other projections)."""


class SaveError(GameError):
    """A saved game (``to_json`` text) is corrupt or belongs to another game."""


def quote(value: Any, limit: int = 40) -> str:
    """A short quoted form of user input for error messages (never the whole megabyte).

        >>> quote("roll"), quote(5), quote("x" * 100)[:12], quote(10**5000)
        ("'roll'", '5', "'xxxxxxxxxxx", 'a whole number of about 5001 digits')
        >>> quote([10**5000])
        'a list too large to show'
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 200:
        return f"a whole number of about {int(value.bit_length() * 0.30103) + 1} digits"
    try:
        text = repr(value[:limit + 1] if isinstance(value, str) else value)
    except (ValueError, RecursionError):        # a huge number or deep nesting inside
        return f"a {type(value).__name__} too large to show"
    if len(text) > limit or (isinstance(value, str) and len(value) > limit):
        size = len(value) if isinstance(value, str) else len(text)
        text = text[:limit] + f"… ({size:,} characters)"
    return text
