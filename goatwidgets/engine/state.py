"""The State base class: the contract every game model follows (see DESIGN.md).

A game subclasses :class:`State` and writes only its rules:

- ``_setup()`` builds the opening position (it may draw chance);
- ``_legal()`` lists the actions of the pending decision;
- ``_do(action)`` carries out a legal action (validation already happened here);
- ``_explain(action)`` says which rule an illegal action breaks;
- ``_get_data()`` / ``_set_data(data)`` turn the position into JSON-safe data and back;
- ``_public_view()`` / ``_private_view(seat)`` project what a seat may see;
- the properties ``to_move``, ``is_over``, ``winners``, ``scores``.

Everything else lives here once, for every game: decision and game-over checks, validation
by membership in the legal list (so ``apply`` cannot accept what ``legal_actions`` does not
offer), leaving the state untouched on rejection, seeded chance with presets, the log, the
history, undo by replay, exact JSON round trips and clones.

Chance outcomes come only from ``self.draw(kind, outcomes)``, which takes a preset outcome if
one is queued (``s.preset(die=["shark"])``) and otherwise uses the state's own seeded
``random.Random``. Undo and loading replay the journal (presets and actions) from the root
position, so the future after an undo or a load is the same as it would have been.
"""

from __future__ import annotations

import json
import random
from dataclasses import asdict, dataclass
from typing import Any, ClassVar, Iterable, Sequence

from .errors import (
    ActionParseError,
    GameError,
    GameOverError,
    IllegalActionError,
    NotYourDecisionError,
    SaveError,
    VariantError,
)

SAVE_FORMAT = "goatwidgets/1"


@dataclass(frozen=True)
class Action:
    """Base of every game's action: a frozen dataclass with a ``kind``.

    Subclasses add fields and define ``__str__`` (the compact text form a student can type);
    they override ``to_dict`` when a field needs a text form for the front end.
    """

    kind: str

    def to_dict(self) -> dict:
        """JSON-safe fields plus ``text``, the form ``parse_action`` reads back."""
        data = {k: v for k, v in asdict(self).items() if v is not None}
        data["text"] = str(self)
        return data


class State:
    """One game in progress. Subclasses set the class attributes and the rule hooks."""

    game: ClassVar[str] = "game"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    #: chance kinds and the outcomes each may take, for ``preset`` validation
    chance_kinds: ClassVar[dict[str, Sequence[str]]] = {}
    #: variant name -> default value; ``_check_variants`` validates values
    variant_defaults: ClassVar[dict[str, Any]] = {}

    # ------------------------------------------------------------------ creation

    def __init__(self, players: int = 2, seed: int | None = None,
                 names: Sequence[str] | None = None, **variants: Any):
        if not isinstance(players, int) or isinstance(players, bool) or not (
                self.min_players <= players <= self.max_players):
            raise VariantError(
                f"players must be a whole number from {self.min_players} to "
                f"{self.max_players}, not {players!r}", "players")
        if seed is None:
            seed = random.randrange(2**32)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise VariantError(f"seed must be a whole number, not {seed!r}", "seed")
        self.players = players
        self.seed = seed
        self.names = self._check_names(names, players)
        self.variants = self._check_variants(variants)
        self.rng = random.Random(seed)
        self._presets: dict[str, list[str]] = {}
        self.log: list[str] = []
        self._journal: list[dict] = []
        self._drawn: list[str] = []
        self._legal_cache: list | None = None
        self._setup()
        self._root = self._snapshot()

    @staticmethod
    def _check_names(names, players) -> tuple[str, ...]:
        if names is None:
            return tuple(f"Player {i + 1}" for i in range(players))
        names = tuple(names)
        if len(names) != players or not all(isinstance(n, str) and n.strip() for n in names):
            raise VariantError(f"names must be {players} non-empty strings, not {names!r}",
                               "names")
        return tuple(n.strip() for n in names)

    def _check_variants(self, variants: dict) -> dict:
        """Fill defaults and reject unknown options. Subclasses check values too."""
        unknown = sorted(set(variants) - set(self.variant_defaults))
        if unknown:
            known = ", ".join(sorted(self.variant_defaults)) or "none"
            raise VariantError(f"unknown option {unknown[0]!r} for {self.game} "
                               f"(options: {known})", "variants")
        return {**self.variant_defaults, **variants}

    # ------------------------------------------------------------------ rule hooks

    def _setup(self) -> None:
        raise NotImplementedError

    def _legal(self) -> list[Action]:
        raise NotImplementedError

    def _do(self, action: Action) -> None:
        raise NotImplementedError

    def _explain(self, action: Action) -> IllegalActionError:
        return IllegalActionError(f"{action} is not possible right now: {self.prompt}")

    def _get_data(self) -> dict:
        raise NotImplementedError

    def _set_data(self, data: dict) -> None:
        raise NotImplementedError

    def _public_view(self) -> dict:
        raise NotImplementedError

    def _private_view(self, seat: int) -> dict:
        """What only ``seat`` may see (its hand). Games without secrets return ``{}``."""
        return {}

    def parse_action(self, text: str) -> Action:
        raise NotImplementedError

    @property
    def to_move(self) -> int | None:
        raise NotImplementedError

    @property
    def is_over(self) -> bool:
        raise NotImplementedError

    @property
    def winners(self) -> tuple[int, ...]:
        raise NotImplementedError

    @property
    def scores(self) -> tuple:
        raise NotImplementedError

    @property
    def prompt(self) -> str:
        """The pending decision in plain English."""
        return ""

    def check_invariants(self) -> None:
        """Raise ``AssertionError`` if the position breaks a conservation law."""

    # ------------------------------------------------------------------ playing

    def legal_actions(self) -> list[Action]:
        """The actions ``to_move`` may take now; ``[]`` once the game is over."""
        if self.is_over:
            return []
        if self._legal_cache is None:
            self._legal_cache = self._legal()
            self._legal_set = frozenset(self._legal_cache)
        return list(self._legal_cache)

    def apply(self, action: Action | str, seat: int | None = None) -> None:
        """Carry out ``action`` (or its text form) for the pending decision.

        ``seat``, if given, must be the seat whose decision is pending. On any rejection
        the state is exactly as it was before the call.
        """
        if self.is_over:
            raise GameOverError(f"the game is over; {action} can't be played", "game over")
        if seat is not None and seat != self.to_move:
            raise NotYourDecisionError(
                f"it is {self.names[self.to_move]}'s decision, not {self._seat_name(seat)}'s",
                "turn order")
        if isinstance(action, str):
            action = self.parse_action(action)
        if not isinstance(action, Action):
            raise ActionParseError(f"{action!r} is not an action", "action")
        self.legal_actions()
        if action not in self._legal_set:
            raise self._explain(action)
        mover = self.to_move
        self._drawn = []
        try:
            self._do(action)
        except BaseException:
            self._replay(self._journal)  # restore exactly, then report the bug
            raise
        self._legal_cache = None
        self._journal.append({"seat": mover, "action": str(action), "chance": self._drawn})

    def _seat_name(self, seat) -> str:
        if isinstance(seat, int) and 0 <= seat < self.players:
            return self.names[seat]
        return f"seat {seat!r}"

    def say(self, text: str) -> None:
        """Add a plain-English event to the log."""
        self.log.append(text)

    @property
    def history(self) -> list[dict]:
        """Every applied action in order: ``{"seat", "action", "chance"}``."""
        return [dict(e) for e in self._journal if "action" in e]

    # ------------------------------------------------------------------ chance

    def preset(self, **outcomes: Iterable[str] | str) -> None:
        """Queue the next chance outcomes, e.g. ``s.preset(die=["shark", "flip"])``."""
        for kind, values in outcomes.items():
            values = [values] if isinstance(values, str) else list(values)
            allowed = self.chance_kinds.get(kind)
            if allowed is None:
                raise VariantError(f"{self.game} has no chance of kind {kind!r} "
                                   f"(kinds: {', '.join(self.chance_kinds)})", "preset")
            bad = [v for v in values if v not in allowed]
            if bad:
                raise VariantError(f"{bad[0]!r} is not a {kind} outcome "
                                   f"(outcomes: {', '.join(allowed)})", "preset")
        for kind, values in outcomes.items():
            values = [values] if isinstance(values, str) else list(values)
            self._presets.setdefault(kind, []).extend(values)
            self._journal.append({"preset": kind, "outcomes": values})

    def draw(self, kind: str, outcomes: Sequence[str], weights: Sequence[int] | None = None) -> str:
        """Draw one chance outcome: a preset one if queued, else from the seeded RNG."""
        queue = self._presets.get(kind)
        if queue:
            outcome = queue.pop(0)
        elif weights is None:
            outcome = outcomes[self.rng.randrange(len(outcomes))]
        else:
            outcome = self.rng.choices(outcomes, weights)[0]
        self._drawn.append(f"{kind}={outcome}")
        return outcome

    # ------------------------------------------------------------------ undo / edit

    def undo(self) -> None:
        """Take back the last decision (replaying from the root; chance stays the same)."""
        last = max((i for i, e in enumerate(self._journal) if "action" in e), default=None)
        if last is None:
            raise GameError("there is nothing to undo", "undo")
        self._replay(self._journal[:last] + self._journal[last + 1:])

    def can_undo(self) -> bool:
        return any("action" in e for e in self._journal)

    def rebase(self) -> None:
        """Make the current position the new root (after editing it directly, e.g. in a
        lesson). History and undo start again from here."""
        self.check_invariants()
        self._legal_cache = None
        self._journal = []
        self._root = self._snapshot()

    def _replay(self, entries: list[dict]) -> None:
        self._restore(self._root)
        self._journal = []
        for entry in entries:
            if "preset" in entry:
                self.preset(**{entry["preset"]: entry["outcomes"]})
            else:
                self.apply(entry["action"])

    # ------------------------------------------------------------------ snapshots

    def _snapshot(self) -> dict:
        version, internal, gauss = self.rng.getstate()
        return {
            "position": self._get_data(),
            "rng": [version, list(internal), gauss],
            "presets": {k: list(v) for k, v in self._presets.items() if v},
            "log": list(self.log),
        }

    def _restore(self, snap: dict) -> None:
        self._set_data(json.loads(json.dumps(snap["position"])))
        version, internal, gauss = snap["rng"]
        self.rng = random.Random()
        self.rng.setstate((version, tuple(internal), gauss))
        self._presets = {k: list(v) for k, v in snap["presets"].items()}
        self.log = list(snap["log"])
        self._legal_cache = None

    # ------------------------------------------------------------------ JSON

    def to_json(self) -> str:
        """The whole game as JSON text: settings, root position, journal, current position."""
        return json.dumps({
            "format": SAVE_FORMAT,
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "names": list(self.names),
            "variants": self.variants,
            "root": self._root,
            "journal": self._journal,
            "state": self._snapshot(),
        }, sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> "State":
        """Load a saved game, replaying it to check every step. Corrupt saves raise
        :class:`SaveError` naming the field."""
        try:
            data = json.loads(text)
        except (TypeError, ValueError) as exc:
            raise SaveError(f"the saved game is not valid JSON: {exc}", "save") from None
        if not isinstance(data, dict):
            raise SaveError("the saved game must be a JSON object", "save")
        for field in ("format", "game", "players", "seed", "names", "variants", "root",
                      "journal", "state"):
            if field not in data:
                raise SaveError(f"the saved game has no {field!r} field", "save")
        if data["format"] != SAVE_FORMAT:
            raise SaveError(f"field 'format' is {data['format']!r}, expected {SAVE_FORMAT!r}",
                            "save")
        if data["game"] != cls.game:
            raise SaveError(f"field 'game' is {data['game']!r}: this loader reads {cls.game!r}",
                            "save")
        try:
            state = cls(players=data["players"], seed=data["seed"], names=data["names"],
                        **data["variants"])
        except (GameError, TypeError) as exc:
            raise SaveError(f"fields 'players', 'seed', 'names' or 'variants' are bad: {exc}",
                            "save") from None
        try:
            state._restore(data["root"])
            state.check_invariants()
        except (GameError, KeyError, TypeError, ValueError, AssertionError) as exc:
            raise SaveError(f"field 'root' is not a valid position: {exc}", "save") from None
        state._root = data["root"]
        journal = data["journal"]
        if not isinstance(journal, list):
            raise SaveError("field 'journal' must be a list", "save")
        state._journal = []
        for i, entry in enumerate(journal):
            try:
                if "preset" in entry:
                    state.preset(**{entry["preset"]: entry["outcomes"]})
                else:
                    state.apply(entry["action"])
            except (GameError, KeyError, TypeError) as exc:
                raise SaveError(f"field 'journal' step {i + 1} ({entry!r}) can't be replayed: "
                                f"{exc}", "save") from None
        for i, (replayed, entry) in enumerate(zip(state._journal, journal)):
            if replayed != entry:   # e.g. an edited seat or chance record
                raise SaveError(f"field 'journal' step {i + 1} ({entry!r}) does not match its "
                                f"replay ({replayed!r})", "save")
        if state._snapshot() != data["state"]:
            raise SaveError("field 'state' does not match the replayed journal "
                            "(the file was edited or damaged)", "save")
        return state

    def clone(self) -> "State":
        """An independent copy with the same future."""
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other._presets = {k: list(v) for k, v in self._presets.items()}
        other.log = list(self.log)
        other._journal = list(self._journal)
        other._drawn = []
        other._set_data(self._get_data())
        other._legal_cache = self._legal_cache
        return other

    # ------------------------------------------------------------------ views

    def view(self, seat: int | None = None) -> dict:
        """JSON-safe dict of what ``seat`` may know; ``None`` gives the public view."""
        if seat is not None and not (isinstance(seat, int) and 0 <= seat < self.players):
            raise VariantError(f"seat must be 0 to {self.players - 1} or None, not {seat!r}",
                               "seat")
        to_move = self.to_move
        view = {
            "game": self.game,
            "players": self.players,
            "names": list(self.names),
            "viewer": seat,
            "to_move": to_move,
            "is_over": self.is_over,
            "winners": list(self.winners),
            "scores": list(self.scores),
            "prompt": self.prompt,
        }
        view.update(self._public_view())
        if seat is not None:
            view.update(self._private_view(seat))
        return view

    # ------------------------------------------------------------------ bots

    def heuristic(self, seat: int) -> float:
        """How good the position looks for ``seat`` (for greedy bots). Default: score lead."""
        scores = self.scores
        others = [s for i, s in enumerate(scores) if i != seat]
        return scores[seat] - (max(others) if others else 0)

    def __repr__(self) -> str:
        status = "over" if self.is_over else f"to move: {self.to_move}"
        return f"<{type(self).__name__} {self.game} players={self.players} {status}>"
