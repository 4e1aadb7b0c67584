"""Checks for a game's options (its variants), as ``_check_variants`` runs them: each returns
the value it accepts or raises :class:`VariantError` naming the option and the rule it sets.

    >>> whole_number(12, "max_turns", 1, 100_000, "XX-R1")
    12
    >>> counts({"add": 3, "shark": -1}, "faces", ("add", "shark"), "XX-R2", noun="face",
    ...        example="{'add': 3}")
    Traceback (most recent call last):
    ...
    goatwidgets.engine.errors.VariantError: faces['shark'] must be a whole number 0 or more, not -1 (XX-R2)
"""

from __future__ import annotations

from typing import Any, Iterable, NamedTuple

from .errors import VariantError, quote


def whole_number(value: Any, name: str, low: int, high: int | None, rule: str) -> int:
    """A whole number (not a bool) from ``low`` to ``high`` (None: no upper bound)."""
    if not isinstance(value, int) or isinstance(value, bool) or value < low or (
            high is not None and value > high):
        want = f"{low} or more" if high is None else f"from {low} to {high}"
        raise VariantError(f"{name} must be a whole number {want}, not {quote(value)}", rule)
    return value


def flag(value: Any, name: str, rule: str) -> bool:
    """True or False (not 0 or 1)."""
    if not isinstance(value, bool):
        raise VariantError(f"{name} must be True or False, not {quote(value)}", rule)
    return value


def counts(value: Any, name: str, known: Iterable[str], rule: str, *, noun: str,
           example: str, high: int | None = None) -> dict[str, int]:
    """A map from some of the ``known`` names (a ``noun`` each) to counts from 0 to ``high``,
    such as a die's faces to how many faces show each; ``example`` shows one."""
    known = list(known)
    if not isinstance(value, dict) or not all(isinstance(k, str) for k in value):
        raise VariantError(f"{name} must map {noun}s to counts, e.g. {example}", rule)
    unknown = sorted(set(value) - set(known))
    if unknown:
        raise VariantError(f"{name} has an unknown {noun} {quote(unknown[0])} "
                           f"({noun}s: {', '.join(known)})", rule)
    for key, n in value.items():
        whole_number(n, f"{name}[{key!r}]", 0, high, rule)
    return value


class TurnGuard(NamedTuple):
    """A game's turn guard, declared once (``State.turn_guard``): the option (``option``,
    ``max_turns`` by default; ``default``, at most ``most``) that ends a game which would
    otherwise go on, the ruling that says so, and the engine's checks of it (the option, and a
    saved position whose turn counter is past it). With ``per_player`` the option counts turns
    for each player (BattleGoats' ``turns_per_player``): the guard is that times the players.
    The game decides what reaching it means (a draw, the highest score wins) with
    ``State.turn_guard_reached()``.

        >>> TurnGuard("XX-X1", 500).most
        100000
    """

    ruling: str
    default: int
    most: int = 100_000
    option: str = "max_turns"
    per_player: bool = False
