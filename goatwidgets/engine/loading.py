"""Loading a saved game: untrusted text in, a position the rules could reach out.

``State.from_json`` calls :func:`load_state`. The text is size-capped and parsed without
``NaN``/``Infinity``; deep nesting is refused; the settings go through ``new_game``'s own
checks; the starting position is checked against the game's ``save_schema`` (ranges of every
field), the game's ``_check_position`` and ``check_invariants``; then every journal step is
replayed by the rules and must reproduce the saved record and the saved final state. Any
failure raises :class:`SaveError` whose message names the field.
"""

from __future__ import annotations

import json
import math

from .errors import GameError, SaveError
from .schema import (
    MAX_DIGITS,
    MAX_PRESETS,
    Bool,
    Check,
    DictOf,
    Fields,
    Int,
    ListOf,
    Nullable,
    Str,
    check,
)

SAVE_FORMAT = "goatwidgets/2"
#: a saved game larger than this is refused before it is parsed
MAX_SAVE_TEXT = 5_000_000
TOP_FIELDS = ("format", "game", "players", "seed", "names", "variants", "root", "journal",
              "state")


class _RngState(Check):
    """``[3, 625 whole numbers, null-or-float]``, what ``random.Random.getstate`` gives."""

    def __call__(self, value, path, ctx):
        if not (isinstance(value, list) and len(value) == 3 and value[0] == 3
                and isinstance(value[1], list) and len(value[1]) == 625
                and all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x < 2**32
                        for x in value[1])
                and value[1][-1] <= 624
                and (value[2] is None or (isinstance(value[2], float)
                                          and math.isfinite(value[2])))):
            raise ValueError(f"{path} is not a random generator state")


#: a log entry's fields: the public text, then the optional ones (secret lines, headline)
LOG_FIELDS = {"text": Nullable(Str(500)), "to": DictOf(Str(3), Str(500), max_len=8),
              "headline": Bool()}


class _LogEntry(Check):
    def __call__(self, value, path, ctx):
        keys = [k for k in LOG_FIELDS if k == "text" or (isinstance(value, dict) and k in value)]
        Fields(**{k: LOG_FIELDS[k] for k in keys})(value, path, ctx)


def _snapshot_schema(position: Check | None) -> Check:
    class _Anything(Check):
        def __call__(self, value, path, ctx):
            return None

    return Fields(
        position=position or _Anything(),
        decks=DictOf(Str(40), _Anything(), max_len=20),
        chosen=DictOf(Str(3), Str(200), max_len=8),
        rng=_RngState(),
        presets=DictOf(Str(40), ListOf(Str(200), max_len=MAX_PRESETS), max_len=20),
        log=ListOf(_LogEntry(), max_len=200_000),
    )


ACTION_ENTRY = Fields(seat=Int(0, 7), action=Str(200), chance=ListOf(Str(250), max_len=1000))
PRESET_ENTRY = Fields(preset=Str(40), outcomes=ListOf(Str(200), min_len=1,
                                                     max_len=MAX_PRESETS))


def _no_constant(name: str):
    raise ValueError(f"{name} is not allowed in a saved game")


def _small_int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise ValueError(f"a number of {len(digits):,} digits is too large for a saved game")
    return int(digits)


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):                 # 1e999 reads as infinity
        raise ValueError(f"the number {text[:30]} is too large for a saved game")
    return value


def parse_save(text) -> dict:
    """The JSON object of a saved game, size-capped, without NaN/Infinity, not too deep."""
    if not isinstance(text, str):
        raise SaveError(f"the saved game must be JSON text, not {type(text).__name__}", "save")
    if len(text) > MAX_SAVE_TEXT:
        raise SaveError(f"the saved game is {len(text):,} characters; a saved game is at most "
                        f"{MAX_SAVE_TEXT:,}", "save")
    try:
        data = json.loads(text, parse_constant=_no_constant, parse_int=_small_int,
                          parse_float=_finite_float)
    except RecursionError:
        raise SaveError("the saved game is nested too deeply to be a saved game", "save") from None
    except (TypeError, ValueError) as exc:
        raise SaveError(f"the saved game is not valid JSON: {str(exc)[:120]}", "save") from None
    if not isinstance(data, dict):
        raise SaveError("the saved game must be a JSON object", "save")
    return data


def load_state(cls, text):
    """Load ``text`` (``to_json`` output) as a ``cls`` game, or raise :class:`SaveError`."""
    data = parse_save(text)
    for name in TOP_FIELDS:
        if name not in data:
            raise SaveError(f"the saved game has no {name!r} field", "save")
    extra = sorted(str(k) for k in data if k not in TOP_FIELDS)
    if extra:
        raise SaveError(f"the saved game has an unknown field {extra[0][:40]!r}", "save")
    if data["format"] != SAVE_FORMAT:
        raise SaveError(f"field 'format' is {str(data['format'])[:40]!r}, expected "
                        f"{SAVE_FORMAT!r}", "save")
    if data["game"] != cls.game:
        raise SaveError(f"field 'game' is {str(data['game'])[:40]!r}: this loader reads "
                        f"{cls.game!r}", "save")
    if not isinstance(data["variants"], dict):
        raise SaveError("field 'variants' must be an object", "save")
    try:
        state = cls(players=data["players"], seed=data["seed"], names=data["names"],
                    **{**cls.variants_before, **data["variants"]})
    except GameError as exc:
        field = exc.rule if exc.rule in ("players", "seed", "names") else "variants"
        raise SaveError(f"field {field!r} is bad: {exc}", "save") from None
    except TypeError as exc:
        raise SaveError(f"field 'variants' is bad: {exc}", "save") from None
    _load_root(state, data["root"])
    _replay_journal(state, data["journal"])
    if state._snapshot() != data["state"]:
        raise SaveError("field 'state' does not match the replayed journal "
                        "(the file was edited or damaged)", "save")
    return state


def _load_root(state, root) -> None:
    """Check the saved starting position field by field and make it the state's root."""
    made_decks = set(state.decks)
    try:
        check(_snapshot_schema(state.save_schema), root, "root", players=state.players)
        if set(root["decks"]) != made_decks:
            raise ValueError(f"root.decks must be {sorted(made_decks)}, not {sorted(root['decks'])}")
        state._restore(dict(root, presets={}, chosen={}))
        for seat_text, action_text in root["chosen"].items():
            seat = int(seat_text) if seat_text.isdigit() else -1
            if seat not in state._deciders() or not state._simultaneous():
                raise ValueError(f"root.chosen: seat {seat_text} has no secret choice to make")
            action = state.parse_action(action_text)
            if action not in state._legal(seat):
                raise ValueError(f"root.chosen: {action_text!r} is not a choice of seat {seat}")
            state._chosen[seat] = action
        state.check_reachable()
        for kind, values in root["presets"].items():
            state.preset(**{kind: values})
    except (GameError, ValueError, KeyError, TypeError, IndexError, AttributeError,
            AssertionError, RecursionError) as exc:
        raise SaveError(f"field 'root' is not a valid position: {str(exc)[:300]}",
                        "save") from None
    state._journal = []
    state._checkpoints = {}
    state._last_checkpoint = 0
    state._root = state._snapshot()


def _replay_journal(state, journal) -> None:
    if not isinstance(journal, list) or len(journal) > 100_000:
        raise SaveError("field 'journal' must be a list of steps", "save")
    for i, entry in enumerate(journal):
        try:
            if isinstance(entry, dict) and "preset" in entry:
                check(PRESET_ENTRY, entry, f"step {i + 1}")
                state.preset(**{entry["preset"]: entry["outcomes"]})
            else:
                check(ACTION_ENTRY, entry, f"step {i + 1}")
                state.apply(entry["action"], seat=entry["seat"])
        except (GameError, ValueError) as exc:
            raise SaveError(f"field 'journal' step {i + 1} can't be replayed: "
                            f"{str(exc)[:300]}", "save") from None
        replayed = state._journal[-1]
        if replayed != entry:                     # e.g. an edited seat or chance record
            raise SaveError(f"field 'journal' step {i + 1} ({str(entry)[:120]}) does not match "
                            f"its replay ({str(replayed)[:120]})", "save")
