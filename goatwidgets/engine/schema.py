"""Declarative checks for saved positions: each game states the ranges of its fields once.

A saved game is untrusted input. Before a game turns saved data back into a position, the
engine checks it against the game's ``save_schema``: every field present, of the right type
and in range. A failure names the field by its path::

    >>> schema = Fields(pile=Int(0, 48), phase=OneOf(["turn", "roll"]),
    ...                 supply=ListOf(Fields(mama=Int(0, 6)), length="players"))
    >>> check(schema, {"pile": 3, "phase": "turn", "supply": [{"mama": 1}, {"mama": 6}]},
    ...       "position", players=2)
    >>> check(schema, {"pile": -1, "phase": "turn", "supply": []}, "position", players=2)
    Traceback (most recent call last):
    ...
    ValueError: position.pile must be a whole number from 0 to 48, not -1

``Seat()`` is a seat number of this game, ``length="players"`` a list with one entry per seat.
Rules that tie several fields together (a held stick only in the drop phase) are the game's
``_check_position`` hook; conservation laws are its ``check_invariants``.

A game declares each saved field once, as a :class:`Saved` (its name in the save, its check,
and, where the attribute is named otherwise or is not plain lists and numbers, the attribute
and the converters); the engine derives the save, the load and ``save_schema`` from that one
list (``State.saved_fields``). A check knows how to copy what it accepts::

    >>> ListOf(ListOf(Int()))._copy([[1, 2], (3,)])
    [[1, 2], [3]]
"""

from __future__ import annotations

import math
from typing import Any, Callable, Iterable, NamedTuple

#: a saved whole number has at most this many digits (the loader refuses longer ones)
MAX_DIGITS = 25
#: a save holds at most this many queued chance outcomes per kind
MAX_PRESETS = 1000


def encodable(text: str) -> bool:
    """Whether ``text`` can be sent to the page and saved as UTF-8 (no lone surrogates).

        >>> encodable("Ana"), encodable("Ana\\ud800")
        (True, False)
    """
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def plain_data(value: Any, path: str, max_items: int = 100_000, types: bool = True) -> None:
    """Check that ``value`` is data a save can hold and load again: ``None``, booleans,
    whole numbers of at most ``MAX_DIGITS`` digits, finite floats, text that encodes as
    UTF-8, and lists, tuples and objects with text keys of those, at most 20 deep and
    ``max_items`` items in all. Never a path to follow or an object to call: a value that is
    not data raises ``ValueError`` naming ``path``. With ``types=False`` only sizes, numbers
    and text are checked (what would make Python itself fail), not the kinds of containers.

        >>> plain_data({"cards": [1, 2.5, "x", None]}, "deck")
        >>> plain_data({"n": 10**30}, "deck")
        Traceback (most recent call last):
        ...
        ValueError: deck['n'] is a whole number of 31 digits; at most 25 fit in a saved game
    """
    budget = [max_items]

    def walk(item, where, depth):
        budget[0] -= 1
        if budget[0] < 0:
            raise ValueError(f"{path} holds more than {max_items:,} items")
        if depth > 20:
            raise ValueError(f"{where} is nested more than 20 deep")
        if item is None or isinstance(item, bool):
            return
        if isinstance(item, int):
            if item.bit_length() > 84 or len(str(abs(item))) > MAX_DIGITS:
                digits = (f"about {int(item.bit_length() * 0.30103) + 1}"
                          if item.bit_length() > 200 else str(len(str(abs(item)))))
                raise ValueError(f"{where} is a whole number of {digits} digits; at most "
                                 f"{MAX_DIGITS} fit in a saved game")
        elif isinstance(item, float):
            if not math.isfinite(item):
                raise ValueError(f"{where} must be a finite number, not {item}")
        elif isinstance(item, str):
            if not encodable(item):
                raise ValueError(f"{where} holds a character that can't be written as text "
                                 "(a lone surrogate)")
        elif isinstance(item, (list, tuple)):
            for i, inner in enumerate(item):
                walk(inner, f"{where}[{i}]", depth + 1)
        elif isinstance(item, dict):
            for key, inner in item.items():
                if types and not isinstance(key, str):
                    raise ValueError(f"{where} keys must be text, not {_show(key)}")
                walk(key, f"{where} key", depth + 1)
                walk(inner, f"{where}[{str(key)[:20]!r}]", depth + 1)
        elif types:
            raise ValueError(f"{where} must be plain data (numbers, text, lists, objects), "
                             f"not a {type(item).__name__}")

    walk(value, path, 0)


def _show(value: Any) -> str:
    if isinstance(value, int) and value.bit_length() > 200:
        return f"a whole number of about {int(value.bit_length() * 0.30103) + 1} digits"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def as_is(value):
    """The copy of a number, text, a bool or None: the value itself."""
    return value


def plain_copy(value):
    """A deep copy of lists (tuples become lists) and objects, sharing numbers and text."""
    if isinstance(value, (list, tuple)):
        return [plain_copy(v) for v in value]
    if isinstance(value, dict):
        return {k: plain_copy(v) for k, v in value.items()}
    return value


class Check:
    """One field's rule. ``check(value, path, ctx)`` raises ValueError naming ``path``.
    ``_copy`` copies a value the check accepts into fresh plain data (numbers and text are
    shared, lists and objects are new): the save and the load of a declared field."""

    nullable = False

    def __call__(self, value, path: str, ctx: dict) -> None:
        raise NotImplementedError

    @property
    def _copy(self) -> Callable[[Any], Any]:
        return as_is


class Int(Check):
    """A whole number (not a bool) in ``[low, high]``; ``high`` may be ``"players"``-relative
    via a callable ``high(ctx)``, or None for any that a save holds (``MAX_DIGITS`` digits)."""

    def __init__(self, low: int | None = 0, high=None):
        self.low, self.high = low, high

    def __call__(self, value, path, ctx):
        high = self.high(ctx) if callable(self.high) else self.high
        if high is None:                           # what a save can hold
            high = 10**MAX_DIGITS - 1
        if not isinstance(value, int) or isinstance(value, bool) or (
                self.low is not None and value < self.low) or (high is not None and value > high):
            if self.high is None:
                want = f"a whole number, {self.low} or more, of at most {MAX_DIGITS} digits"
            else:
                want = f"a whole number from {self.low} to {high}"
            raise ValueError(f"{path} must be {want}, not {_show(value)}")


def Seat() -> Int:
    """A seat number of this game: 0 to players - 1."""
    return Int(0, lambda ctx: ctx["players"] - 1)


class Bool(Check):
    def __call__(self, value, path, ctx):
        if not isinstance(value, bool):
            raise ValueError(f"{path} must be true or false, not {_show(value)}")


class Str(Check):
    """Text of at most ``max_len`` characters."""

    def __init__(self, max_len: int = 200):
        self.max_len = max_len

    def __call__(self, value, path, ctx):
        if not isinstance(value, str) or len(value) > self.max_len or not encodable(value):
            raise ValueError(f"{path} must be text of at most {self.max_len} characters, "
                             f"not {_show(value)}")


class OneOf(Check):
    def __init__(self, choices: Iterable):
        self.choices = tuple(choices)

    def __call__(self, value, path, ctx):
        if isinstance(value, bool) or value not in self.choices:
            raise ValueError(f"{path} must be one of {', '.join(map(str, self.choices))}, "
                             f"not {_show(value)}")


class Nullable(Check):
    """``None`` or what ``inner`` accepts."""

    def __init__(self, inner: Check):
        self.inner = inner

    def __call__(self, value, path, ctx):
        if value is not None:
            self.inner(value, path, ctx)

    @property
    def _copy(self):
        inner = self.inner._copy
        return as_is if inner is as_is else (lambda v: None if v is None else inner(v))


class ListOf(Check):
    """A list whose items all pass ``item``; ``length`` a number, ``"players"`` or None;
    ``max_len`` caps any list."""

    def __init__(self, item: Check, length: int | str | None = None, max_len: int = 10_000,
                 min_len: int = 0):
        self.item, self.length, self.max_len, self.min_len = item, length, max_len, min_len

    def __call__(self, value, path, ctx):
        if not isinstance(value, list):
            raise ValueError(f"{path} must be a list, not {_show(value)}")
        want = ctx["players"] if self.length == "players" else self.length
        if want is not None and len(value) != want:
            raise ValueError(f"{path} must have {want} entries, not {len(value)}")
        if not self.min_len <= len(value) <= self.max_len:
            raise ValueError(f"{path} must have {self.min_len} to {self.max_len} entries, "
                             f"not {len(value)}")
        for i, item in enumerate(value):
            self.item(item, f"{path}[{i}]", ctx)

    @property
    def _copy(self):
        inner = self.item._copy
        return list if inner is as_is else (lambda v: [inner(x) for x in v])


class Tuple(Check):
    """A list of fixed length whose items pass the given checks in order."""

    def __init__(self, *items: Check):
        self.items = items

    def __call__(self, value, path, ctx):
        if not isinstance(value, list) or len(value) != len(self.items):
            raise ValueError(f"{path} must be a list of {len(self.items)} items, "
                             f"not {_show(value)}")
        for i, (item, check_) in enumerate(zip(value, self.items)):
            check_(item, f"{path}[{i}]", ctx)

    @property
    def _copy(self):
        inner = [c._copy for c in self.items]
        if all(c is as_is for c in inner):
            return list
        return lambda v: [c(x) for c, x in zip(inner, v)]


class Fields(Check):
    """An object with exactly these fields (no more, no fewer)."""

    def __init__(self, **fields: Check):
        self.fields = fields

    def __call__(self, value, path, ctx):
        if not isinstance(value, dict):
            raise ValueError(f"{path} must be an object, not {_show(value)}")
        missing = [k for k in self.fields if k not in value]
        if missing:
            raise ValueError(f"{path}.{missing[0]} is missing")
        extra = sorted(str(k) for k in value if k not in self.fields)
        if extra:
            raise ValueError(f"{path}.{extra[0]} is not a field of this game")
        for name, check_ in self.fields.items():
            check_(value[name], f"{path}.{name}", ctx)

    @property
    def _copy(self):
        inner = [(name, c._copy) for name, c in self.fields.items()]
        return lambda v: {name: c(v[name]) for name, c in inner}


class DictOf(Check):
    """An object whose keys pass ``key`` (they are text in JSON) and values pass ``value``."""

    def __init__(self, key: Check, value: Check, max_len: int = 10_000):
        self.key, self.value, self.max_len = key, value, max_len

    def __call__(self, value, path, ctx):
        if not isinstance(value, dict) or len(value) > self.max_len:
            raise ValueError(f"{path} must be an object, not {_show(value)}")
        for k, v in value.items():
            self.key(k, f"{path} key", ctx)
            self.value(v, f"{path}.{k}", ctx)

    @property
    def _copy(self):
        inner = self.value._copy
        return lambda v: {k: inner(x) for k, x in v.items()}


class Any_(Check):
    """Anything (checked elsewhere, e.g. by the game's own parser)."""

    def __call__(self, value, path, ctx):
        return None

    @property
    def _copy(self):
        return plain_copy


class Saved(NamedTuple):
    """One saved field of a game, declared once: ``name`` in the save, its ``check`` (type and
    range), and where needed the attribute it lives in (``attr``, default ``name``) and the
    converters between them (``save``: attribute to data; ``load``: data to attribute; each
    defaults to a fresh copy made by the check, so plain lists and numbers need neither).

        >>> Saved("winners", ListOf(Int()), attr="_winners").attribute
        '_winners'
    """

    name: str
    check: Check
    attr: str | None = None
    save: Callable[[Any], Any] | None = None
    load: Callable[[Any], Any] | None = None

    @property
    def attribute(self) -> str:
        return self.attr or self.name

    @property
    def saver(self) -> Callable[[Any], Any]:
        return self.save or self.check._copy

    @property
    def loader(self) -> Callable[[Any], Any]:
        return self.load or self.check._copy


def check(schema: Check, value, path: str, **ctx) -> None:
    """Check ``value`` against ``schema``; ``ValueError`` naming the first bad field."""
    schema(value, path, ctx)
