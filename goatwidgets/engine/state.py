"""The State base class: the contract every game model follows (see DESIGN.md).

A game subclasses :class:`State` and writes only its rules:

- ``_setup()`` builds the opening position (it may draw chance and make decks);
- ``_deciders()`` the seats whose decision is pending (one; several choose at once, secretly);
- ``_legal(seat)`` the actions of that seat's pending decision;
- ``_do(action, seat)`` carries out a legal action (validation already happened here);
  ``_do_together(choices)`` resolves a simultaneous decision once every seat has chosen;
- ``_explain(action, seat)`` says which rule an illegal action breaks;
- ``_get_data()`` / ``_set_data(data)`` turn the position into JSON-safe data and back, with
  ``save_schema`` (see :mod:`.schema`) and ``_check_position()`` for saved games;
- ``views`` (its ``views.py``: ``public_view``, ``private_view``, ``prompt``) projects what a seat
  may see (or override ``_public_view()`` / ``_private_view(seat)`` / ``_prompt(seat)``);
- ``_redeal_hidden(seat, rng)`` re-deals what ``seat`` cannot see (bots and the information test);
- the properties ``is_over``, ``winners``, ``scores`` (:class:`EndsInPhaseOver` gives the
  first two to a game that ends with ``phase = "over"``).

Everything else lives here once, for every game: who may decide, game-over checks,
validation by membership in the legal list (so ``apply`` cannot accept what
``legal_actions`` does not offer), leaving the state untouched on rejection, secret
simultaneous choices, seeded chance with presets that must name a possible outcome, decks,
a log whose every entry knows who may read it, the history, undo from snapshots, exact
JSON round trips with checked loading, clones, and bounded input.

Chance outcomes come only from ``self.draw(kind, outcomes)`` and ``self.draw_card(deck)``,
which take a preset outcome if one is queued (``s.preset(die=["shark"])``) and otherwise use
the state's own seeded ``random.Random``. Undo and loading replay the journal (presets and
actions), so the future after an undo or a load is the same as it would have been.
"""

from __future__ import annotations

import json
import math
import random
from collections import Counter
from dataclasses import asdict, dataclass, fields
from typing import Any, ClassVar, Iterable, Sequence

from .decks import Deck
from .errors import (
    ActionParseError,
    GameError,
    GameOverError,
    IllegalActionError,
    NotYourDecisionError,
    SaveError,
    SeatError,
    VariantError,
    quote,
)
from .loading import SAVE_FORMAT, load_state
from .schema import MAX_PRESETS, Fields, Saved, as_is, check, encodable, plain_data
from .strategy import Strategy
from .variants import TurnGuard, whole_number
from .words import is_you, listed, of_seat, says, theirs, whose

#: an action's text form is short; anything longer is refused before it is parsed
MAX_ACTION_TEXT = 200
MAX_NAME = 30
MAX_SEED = 2**64
#: undo keeps a snapshot every this many decisions and replays at most this many
CHECKPOINT_EVERY = 16


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

    # A game's frozen dataclass writes its own __hash__ and __repr__ unless its class body
    # names them, so a game's Action takes these two with ``__hash__ = Action.cached_hash``
    # and ``__repr__ = Action.short_repr``.

    def cached_hash(self) -> int:
        """The hash of all the fields, worked out once and kept: actions are compared by the
        thousand in every legal-move check."""
        try:
            return self.__dict__["_hash"]
        except KeyError:
            value = hash(tuple(getattr(self, name) for name in self.__dataclass_fields__))
            object.__setattr__(self, "_hash", value)
            return value

    def short_repr(self) -> str:
        """The kind and the fields that are set, e.g. ``Action(kind='duel', card='ghoast',
        target=1)``."""
        shown = [f"{f.name}={getattr(self, f.name)!r}" for f in fields(self)
                 if getattr(self, f.name) is not None]
        return f"Action({', '.join(shown)})"


def _field_codecs(fields: Sequence[Saved]):
    """The save and the load of a game's declared fields, written out once per class (a plain
    number or text is taken as it is; the rest through its converter): as fast as writing
    each field by hand, which is what every game did before (``clone`` and undo use them)."""
    names: dict[str, Any] = {}
    saves, loads = [], []
    for i, f in enumerate(fields):
        if not f.attribute.isidentifier():
            raise TypeError(f"saved field {f.name!r}: {f.attribute!r} is no attribute name")
        key, attr = repr(f.name), f.attribute
        if f.saver is as_is:
            saves.append(f"{key}: self.{attr}")
        else:
            names[f"save_{i}"] = f.saver
            saves.append(f"{key}: save_{i}(self.{attr})")
        if f.loader is as_is:
            loads.append(f"    self.{attr} = data[{key}]")
        else:
            names[f"load_{i}"] = f.loader
            loads.append(f"    self.{attr} = load_{i}(data[{key}])")
    source = ("def save_fields(self):\n    return {" + ", ".join(saves) + "}\n"
              "def load_fields(self, data):\n" + "\n".join(loads) + "\n")
    exec(source, names)                  # noqa: S102 (names and keys checked above)
    return names["save_fields"], names["load_fields"]


class State:
    """One game in progress. Subclasses set the class attributes and the rule hooks."""

    game: ClassVar[str] = "game"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    #: chance kinds and the outcomes each may take (``_preset_outcomes`` may narrow it)
    chance_kinds: ClassVar[dict[str, Sequence[str]]] = {}
    #: variant name -> default value; ``_check_variants`` validates values
    variant_defaults: ClassVar[dict[str, Any]] = {}
    #: variants added after games were saved without them: the value those saves played by
    #: (a save that lacks the option loads with this value, not today's default)
    variants_before: ClassVar[dict[str, Any]] = {}
    #: True where some seat may not see something (hands, face-down cards, secret choices):
    #: the widget's hotseat then covers the screen between human seats
    hidden_information: ClassVar[bool] = False
    #: the checks a saved position must pass (a :mod:`.schema` check of ``_get_data()``)
    save_schema: ClassVar[Any] = None
    #: the attribute that counts what the turn guard bounds (every game ends: no sequence of
    #: legal decisions may keep it from advancing for long; a test checks that in every game)
    turn_counter: ClassVar[str] = "turn"
    #: the game's turn guard (the ``max_turns`` option and its ruling), or None: the engine
    #: adds the option, checks it and checks saved positions against it
    turn_guard: ClassVar[TurnGuard | None] = None
    #: the position's fields, each declared once (:class:`.schema.Saved`): the engine derives
    #: ``_get_data``, ``_set_data`` and ``save_schema`` from them
    saved_fields: ClassVar[tuple[Saved, ...]] = ()
    #: the game's ``views`` module: ``public_view(state)``, ``private_view(state, seat)`` and
    #: ``prompt(state, seat)``, what the engine shows each seat (the information filter)
    views: ClassVar[Any] = None
    #: how the bots, the coach and the review judge a position (:class:`.strategy.Strategy`):
    #: a game class names its ``strategy`` module here and the engine reads it once into a
    #: ``Strategy`` (the engine's defaults for what the module leaves out)
    strategy: ClassVar[Strategy] = Strategy()
    #: the strategy's ``search_depth`` and ``heuristic_scale``, named on the class for readers
    #: (the estimator reads them from :attr:`strategy`, so a replaced strategy carries its own)
    search_depth: ClassVar[int] = 8
    heuristic_scale: ClassVar[float] = 10.0

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if "saved_fields" in cls.__dict__ and cls.saved_fields:
            cls.save_schema = Fields(**{f.name: f.check for f in cls.saved_fields})
            cls._save_fields, cls._load_fields = _field_codecs(cls.saved_fields)
        if "strategy" in cls.__dict__:
            declared = cls.__dict__["strategy"]
            cls.strategy = declared if isinstance(declared, Strategy) else Strategy.of(declared)
            cls.search_depth = cls.strategy.search_depth
            cls.heuristic_scale = cls.strategy.heuristic_scale
        guard = cls.__dict__.get("turn_guard")
        if guard is not None and guard.option not in cls.variant_defaults:
            cls.variant_defaults = {**cls.variant_defaults, guard.option: guard.default}

    # ------------------------------------------------------------------ creation

    def __init__(self, players: int = 2, seed: int | None = None,
                 names: Sequence[str] | None = None, **variants: Any):
        if not isinstance(players, int) or isinstance(players, bool) or not (
                self.min_players <= players <= self.max_players):
            raise VariantError(
                f"players must be a whole number from {self.min_players} to "
                f"{self.max_players}, not {quote(players)}", "players")
        if seed is None:
            seed = random.randrange(2**32)
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < MAX_SEED:
            raise VariantError(f"seed must be a whole number from 0 to 2**64 - 1, not "
                               f"{quote(seed)}", "seed")
        self.players = players
        self.seed = seed
        self.names = self._check_names(names, players)
        self.variants = self._check_variants(variants)
        self._check_data(self.variants, types=True)      # as the game accepted them
        self.rng = random.Random(seed)
        self._presets: dict[str, list[str]] = {}
        self._log: list[dict] = []
        self._journal: list[dict] = []
        self._drawn: list[str] = []
        self._chosen: dict[int, Any] = {}
        self.decks: dict[str, Deck] = {}
        self._legal_cache: dict = {}
        self._checkpoints: dict[int, dict] = {}
        self._last_checkpoint = 0
        self._setup()
        self._root = self._snapshot()

    @staticmethod
    def _check_names(names, players) -> tuple[str, ...]:
        if names is None:
            return tuple(f"Player {i + 1}" for i in range(players))
        if isinstance(names, (str, bytes)) or not isinstance(names, (list, tuple)):
            raise VariantError(f"names must be a list of {players} names, not {quote(names)}",
                               "names")
        if len(names) != players or not all(isinstance(n, str) and n.strip() for n in names):
            raise VariantError(f"names must be {players} non-empty strings, not "
                               f"{quote(list(names))}", "names")
        long = [n for n in names if len(n.strip()) > MAX_NAME]
        if long:
            raise VariantError(f"a name is at most {MAX_NAME} characters, not {quote(long[0])}",
                               "names")
        odd = [n for n in names if not encodable(n)]
        if odd:
            raise VariantError(f"the name {quote(odd[0])} holds a character that can't be "
                               "shown (a lone surrogate)", "names")
        return tuple(n.strip() for n in names)

    def _check_variants(self, variants: dict) -> dict:
        """Fill defaults and reject unknown options. Subclasses check values too."""
        unknown = sorted(set(variants) - set(self.variant_defaults))
        if unknown:
            known = ", ".join(sorted(self.variant_defaults)) or "none"
            raise VariantError(f"unknown option {quote(unknown[0])} for {self.game} "
                               f"(options: {known})", "variants")
        self._check_data(variants, types=False)   # what would make Python itself fail
        options = {**self.variant_defaults, **variants}
        guard = self.turn_guard
        if guard is not None:
            options[guard.option] = whole_number(options[guard.option], guard.option, 1,
                                                 guard.most, guard.ruling)
        return options

    @staticmethod
    def _check_data(variants: dict, types: bool) -> None:
        """A save holds the options: they must be plain data (see ``schema.plain_data``)."""
        for name, value in variants.items():
            try:
                plain_data(value, name, types=types)
            except ValueError as exc:
                raise VariantError(str(exc), "variants") from None

    # ------------------------------------------------------------------ rule hooks

    def _setup(self) -> None:
        raise NotImplementedError

    def _deciders(self) -> tuple[int, ...]:
        """Seats whose decision is pending (before secret choices already made)."""
        raise NotImplementedError

    def _legal(self, seat: int) -> list[Action]:
        raise NotImplementedError

    def _do(self, action: Action, seat: int) -> None:
        raise NotImplementedError

    def _simultaneous(self) -> bool:
        """Whether the pending decision is a secret choice made at once (kept hidden until
        every deciding seat has chosen, then resolved by ``_do_together``). Default: when
        several seats decide; a game may say so for a single seat too."""
        return len(self._deciders()) > 1

    def _do_together(self, choices: dict[int, Action]) -> None:
        """Resolve a decision several seats took at once (each seat's choice)."""
        raise NotImplementedError

    def _choice_words(self, action: Action) -> str:
        """A secret choice in plain words, for its chooser's log line "You chose …" (a card's
        name, not the notation): games with secret choices say it their way."""
        return str(action)

    def _explain(self, action: Action, seat: int) -> IllegalActionError:
        return IllegalActionError(f"{action} is not possible right now: "
                                  f"{self._prompt(seat)}", "rules")

    def _get_data(self) -> dict:
        """The position as plain data: each of ``saved_fields`` by its saver."""
        return self._save_fields()

    def _set_data(self, data: dict) -> None:
        """The position from plain data (checked already): each of ``saved_fields`` by its
        loader. A game whose other attributes follow from these rebuilds them after calling
        this."""
        self._load_fields(data)

    def _save_fields(self) -> dict:
        raise NotImplementedError(f"{type(self).__name__} declares no saved_fields")

    def _load_fields(self, data: dict) -> None:
        raise NotImplementedError(f"{type(self).__name__} declares no saved_fields")

    def _check_position(self) -> None:
        """Raise ValueError if the loaded position ties its fields together wrongly."""

    def _public_view(self) -> dict:
        """What everyone may see: the game's ``views.public_view(state)``."""
        if self.views is None:
            raise NotImplementedError(f"{type(self).__name__} has no views module")
        return self.views.public_view(self)

    def _private_view(self, seat: int) -> dict:
        """What only ``seat`` may see (its hand): the game's ``views.private_view(state,
        seat)``; ``{}`` for a game without secrets."""
        if self.views is None or not hasattr(self.views, "private_view"):
            return {}
        return self.views.private_view(self, seat)

    def _prompt(self, seat: int | None) -> str:
        """The pending decision in plain English, as ``seat`` may read it: the game's
        ``views.prompt(state, seat)``."""
        return "" if self.views is None else self.views.prompt(self, seat)

    def _redeal_hidden(self, seat: int, rng: random.Random) -> None:
        """Re-deal at random everything ``seat`` cannot see, consistently with what it sees
        (hands of others, face-down cards, the order of decks). The result must not depend on
        how the hidden parts were arranged before (sort, then shuffle with ``rng``)."""

    def _preset_outcomes(self, kind: str) -> Counter:
        """The outcomes chance ``kind`` (not a deck) can produce now. Games narrow it (a face
        the configured die does not have can't be preset)."""
        return Counter({o: math.inf for o in self.chance_kinds.get(kind, ())})

    def _parse(self, text: str) -> Action:
        """The game's notation: text (at most ``MAX_ACTION_TEXT`` characters) to an Action."""
        raise NotImplementedError

    def parse_action(self, text: str) -> Action:
        """The compact text form back to an Action; :class:`ActionParseError` if it isn't one
        (too long, not text, or not the game's notation)."""
        if not isinstance(text, str):
            raise ActionParseError(f"an action must be text, not {type(text).__name__}",
                                   "notation")
        if len(text) > MAX_ACTION_TEXT:
            raise ActionParseError(f"an action is at most {MAX_ACTION_TEXT} characters; "
                                   f"{quote(text)} is too long", "notation")
        if not encodable(text):
            raise ActionParseError(f"{quote(text)} holds a character that can't be written "
                                   "as text (a lone surrogate)", "notation")
        return self._parse(text)

    @property
    def is_over(self) -> bool:
        raise NotImplementedError

    @property
    def winners(self) -> tuple[int, ...]:
        raise NotImplementedError

    @property
    def scores(self) -> tuple:
        raise NotImplementedError

    def check_invariants(self) -> None:
        """Raise ``AssertionError`` if the position breaks a conservation law."""

    def check_reachable(self) -> None:
        """Raise ``ValueError`` (naming the field) unless the position passes every check a
        saved game's starting position must pass: the ranges of the game's saved fields
        (``save_schema``), the ties between fields (``_check_position``), the conservation
        laws (``check_invariants``), a pending decision that each deciding seat can take, and
        a view, a prompt and a log that every seat can be shown. Loading a save and
        ``rebase()`` (every position builder) run it: one set of checks for both.

            >>> from goatwidgets.games import floats_mcgoats as game
            >>> s = game.new_game(seed=1)
            >>> s.check_reachable()
            >>> s.turn = -5
            >>> s.check_reachable()
            Traceback (most recent call last):
            ...
            ValueError: position.turn must be a whole number from 1 to 100000, not -5
        """
        self._legal_cache = {}                      # the position may have been edited
        try:
            if self.save_schema is not None:
                check(self.save_schema, self._get_data(), "position", players=self.players)
            self._check_turn_guard()
            self._check_position()
            self.check_invariants()
            if not self.is_over:
                deciders = self._deciders()
                if not deciders:
                    raise ValueError("the game is not over, yet no seat has a decision to make")
                for seat in deciders:
                    if seat not in self._chosen and not self._legal(seat):
                        raise ValueError(f"{self.seat_name(seat)} must decide but has no "
                                         "legal action")
            for seat in (None, *range(self.players)):
                self.view(seat)
                self.log_for(seat)
        except GameError as exc:
            raise ValueError(exc.reason) from None
        except ValueError:
            raise
        except (KeyError, TypeError, IndexError, AttributeError, AssertionError,
                RecursionError) as exc:
            raise ValueError(f"the position does not hold together ({type(exc).__name__}: "
                             f"{str(exc)[:200]})") from None
        finally:
            self._legal_cache = {}

    def _check_turn_guard(self) -> None:
        guard = self.turn_guard
        if guard is not None and getattr(self, self.turn_counter) > self.max_turns:
            raise ValueError(f"{self.turn_counter}: {self.turn_counter} "
                             f"{getattr(self, self.turn_counter)} is past the turn guard of "
                             f"{self.max_turns} ({guard.ruling})")

    # ------------------------------------------------------------------ turns

    @property
    def max_turns(self) -> int:
        """Where the turn guard stops the game: its option (``max_turns``), times the players
        for a guard ``per_player``."""
        guard = self.turn_guard
        return self.variants[guard.option] * (self.players if guard.per_player else 1)

    def turn_guard_reached(self) -> bool:
        """Whether the turn counter has reached the turn guard: the game decides what that
        means (``GrabYourGoat``: a draw; ``FloatsMcGoats``: the highest score wins)."""
        return getattr(self, self.turn_counter) >= self.max_turns

    def next_seat(self, after: int, skip: Any = ()) -> int:
        """The seat after ``after`` in turn order (clockwise: seat numbers go round the
        table), passing over the seats in ``skip`` (a collection, or a test of a seat).
        ``after`` itself comes last: with every other seat skipped it is ``after`` again.

            >>> from goatwidgets.games import goat_lords as game
            >>> s = game.new_game(players=4, seed=1)
            >>> s.next_seat(3), s.next_seat(0, skip={1, 2})
            (0, 3)
        """
        skipped = skip if callable(skip) else skip.__contains__
        for step in range(1, self.players + 1):
            seat = (after + step) % self.players
            if not skipped(seat):
                return seat
        raise ValueError("every seat is skipped: no seat can be next")

    def seats_from(self, start: int) -> tuple[int, ...]:
        """Every seat in turn order, from ``start``: ``seats_from(2)`` in a 4-player game is
        ``(2, 3, 0, 1)``."""
        return tuple((start + step) % self.players for step in range(self.players))

    def seat_name(self, seat) -> str:
        """The name of ``seat`` as every text of the game writes it ("You" included): the
        widgets and the log use this, never their own copy."""
        if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < self.players:
            return self.names[seat]
        return f"seat {quote(seat)}"

    def names_of(self, seats: Iterable[int]) -> str:
        """Several seats' names as a sentence's subject: "Ana and Bo", "You and Bo"."""
        return listed([self.names[s] for s in seats])

    # ------------------------------------------------------------------ decisions

    def _check_seat(self, seat, allow_none: bool = True) -> None:
        """The one check of a seat argument, for ``apply`` and every projection: a seat
        number of this game (``None`` where it means "public" or "the one deciding seat").
        Anything else raises :class:`SeatError`.

            >>> from goatwidgets.games import floats_mcgoats as game
            >>> game.new_game(seed=1).log_for("0")
            Traceback (most recent call last):
            ...
            goatwidgets.engine.errors.SeatError: seat '0' is no seat of this 2-player game (seats: 0 to 1, or None) (seat)
        """
        if seat is None and allow_none:
            return
        if not (isinstance(seat, int) and not isinstance(seat, bool)
                and 0 <= seat < self.players):
            raise SeatError(f"seat {quote(seat)} is no seat of this {self.players}-player "
                            f"game (seats: 0 to {self.players - 1}"
                            f"{', or None' if allow_none else ''})", "seat")

    @property
    def deciders(self) -> tuple[int, ...]:
        """Seats whose decision is pending now; ``()`` once the game is over."""
        if self.is_over:
            return ()
        return tuple(s for s in self._deciders() if s not in self._chosen)

    @property
    def to_move(self) -> int | None:
        """The one deciding seat where exactly one decides, else ``None``."""
        deciders = self.deciders
        return deciders[0] if len(deciders) == 1 else None

    @property
    def prompt(self) -> str:
        """The pending decision in plain English (for the seat to move, or everyone)."""
        return self._prompt(self.to_move)

    def prompt_for(self, seat: int | None) -> str:
        """The pending decision as ``seat`` may read it."""
        self._check_seat(seat)
        return self._prompt(seat)

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """The actions ``seat`` (default: the one deciding seat) may take now; ``[]`` when
        it has no decision pending or the game is over."""
        self._check_seat(seat)
        if seat is None:
            seat = self.to_move
        if seat not in self.deciders:
            return []
        cached = self._legal_cache.get(seat)
        if cached is None:
            actions = self._legal(seat)
            cached = self._legal_cache[seat] = (actions, frozenset(actions))
        return list(cached[0])

    def advised_actions(self, seat: int) -> list[Action]:
        """The actions the coach weighs for ``seat`` now: every legal action, unless the game
        keeps advice to the decision the child is in the middle of (BattleGoats: once a card
        is chosen to attack, its targets, not a change of mind, issue 34 item 16)."""
        return self.legal_actions(seat)

    def apply(self, action: Action | str, seat: int | None = None) -> None:
        """Carry out ``action`` (or its text form) for ``seat``'s pending decision.

        ``seat`` may be left out where exactly one seat decides. On any rejection the state
        is exactly as it was before the call.
        """
        if self.is_over:
            raise GameOverError(f"the game is over; {quote(action)} can't be played",
                                "game over")
        deciders = self.deciders
        self._check_seat(seat)
        if seat is None:
            if len(deciders) != 1:
                raise NotYourDecisionError(
                    f"{self.names_of(deciders)} decide at once now: say which seat plays "
                    f"{quote(action)} (apply(action, seat=…))", "turn order")
            seat = deciders[0]
        elif seat not in deciders:
            if seat in self._chosen:
                raise NotYourDecisionError(f"{self.seat_name(seat)} has already chosen; "
                                           "waiting for the others", "turn order")
            raise NotYourDecisionError(
                f"it is {whose(self.names[s] for s in deciders)} decision, not "
                f"{theirs(self.seat_name(seat))}", "turn order")
        if isinstance(action, str):
            action = self.parse_action(action)
        if not isinstance(action, Action):
            raise ActionParseError(f"{quote(action)} is not an action", "notation")
        self.legal_actions(seat)
        if action not in self._legal_cache[seat][1]:
            raise self._explain(action, seat)
        self._drawn = []
        together = self._simultaneous()
        log_size = len(self._log)
        try:
            if together:
                self._chosen[seat] = action
                self.say(f"{says(self.names[seat], 'has', 'have')} chosen.",
                         secret={seat: f"You chose {self._choice_words(action)}."})
                if not self.deciders:
                    choices, self._chosen = dict(self._chosen), {}
                    self._do_together(choices)
            else:
                self._do(action, seat)
        except BaseException:
            del self._log[log_size:]
            self._replay(self._journal, keep=len(self._journal))  # restore exactly, then
            raise                                                 # report the bug
        self._legal_cache = {}
        self._journal.append({"seat": seat, "action": str(action), "chance": self._drawn})
        if len(self._journal) - self._last_checkpoint >= CHECKPOINT_EVERY:
            self._last_checkpoint = len(self._journal)
            self._checkpoints[self._last_checkpoint] = self._snapshot(checkpoint=True)

    def why_not(self, action: Action | str, seat: int | None = None) -> GameError | None:
        """``None`` if ``seat`` may play ``action`` now, else the error ``apply`` would raise
        (nothing is changed either way): a teacher's or a front end's "why not?".

            >>> from goatwidgets.games import floats_mcgoats as game
            >>> s = game.new_game(seed=1)
            >>> s.why_not("roll") is None, s.why_not("flip 0,0-1,0").rule
            (True, 'FM-R10')
        """
        try:
            if self.is_over:
                raise GameOverError("the game is over", "game over")
            self._check_seat(seat)
            if seat is None:
                seat = self.to_move
            if seat not in self.deciders:
                raise NotYourDecisionError(f"it is {self.names_of(self.deciders)}'s "
                                           "decision", "turn order")
            if isinstance(action, str):
                action = self.parse_action(action)
            if not isinstance(action, Action):
                raise ActionParseError(f"{quote(action)} is not an action", "notation")
            if action in self.legal_actions(seat):
                return None
            return self._explain(action, seat)
        except GameError as err:
            return err

    @property
    def history(self) -> list[dict]:
        """Every applied action in order: ``{"seat", "action", "chance"}`` (everything,
        secrets included: this is the record of the game, not a seat's view)."""
        return [dict(e) for e in self._journal if "action" in e]

    def history_since(self, start: int = 0) -> tuple[list[dict], int]:
        """The applied actions recorded from position ``start`` of the game's record on (as in
        :attr:`history`, each with its record position ``"at"``: the position
        :func:`goatwidgets.engine.review.position_at` rewinds to), and the position to pass
        next time for only the newer ones (a reader that follows a game reads each action
        once, not the whole record again).

            >>> from goatwidgets.games import goat_lords as game
            >>> s = game.new_game(players=2, seed=4)
            >>> s.apply(s.legal_actions(0)[0], seat=0)
            >>> moves, until = s.history_since(0)
            >>> [m["seat"] for m in moves], s.history_since(until)[0]
            ([0], [])
        """
        entries = self._journal[start:]
        return ([dict(e, at=start + i) for i, e in enumerate(entries) if "action" in e],
                start + len(entries))

    @property
    def record(self) -> list[dict]:
        """The game's whole record, in order (copies): each decision ``{"seat", "action",
        "chance"}`` and each preset of chance a built position fixed ``{"preset",
        "outcomes"}``. :meth:`at` rewinds to a place in it.

            >>> from goatwidgets.games import floats_mcgoats as game
            >>> s = game.new_game(seed=1)
            >>> s.apply("mama 0,0u"); s.record
            [{'seat': 0, 'action': 'mama 0,0u', 'chance': []}]
            >>> s.at(0).history, s.at(1).history == s.history
            ([], True)
        """
        return [dict(e) for e in self._journal]

    @property
    def last_record(self) -> dict | None:
        """The newest entry of :attr:`record` (a copy), or None at the start."""
        return dict(self._journal[-1]) if self._journal else None

    def at(self, entry: int) -> "State":
        """A copy of this game as it was before entry ``entry`` of its :attr:`record` (0: the
        start); the game itself is not changed."""
        world = self.clone()
        world._replay(self._journal[:entry], keep=0)
        return world

    # ------------------------------------------------------------------ the log

    def say(self, text: str | None, secret: dict[int, str] | None = None,
            headline: bool = False) -> None:
        """Add an event to the log. Everyone reads ``text``, except the seats in ``secret``,
        who read their own line instead (``say("Bo drew a card.", secret={1: "You drew
        Wheat Field."})``). ``text=None`` with ``secret``: only those seats read anything.
        A ``headline`` is what matters most in a move (a duel won, a goat home, a card
        captured): "what just happened" shows it first."""
        entry: dict = {"text": text}
        if secret:
            entry["to"] = {str(seat): line for seat, line in secret.items()}
        if headline:
            entry["headline"] = True
        self._log.append(entry)

    def log_for(self, seat: int | None) -> list[str]:
        """The events ``seat`` may read, oldest first; ``None``: the public events."""
        return [line for line, _ in self.log_entries_for(seat)]

    def log_entries_for(self, seat: int | None) -> list[tuple[str, bool]]:
        """``log_for(seat)`` with each line's headline flag (see :meth:`say`)."""
        return self.log_since(seat)[0]

    def log_since(self, seat: int | None, start: int = 0) -> tuple[list[tuple[str, bool]], int]:
        """``log_entries_for(seat)`` from the log's ``start``-th event on, and the event count
        to pass next time for only the newer lines (``seat``'s own lines of secret events
        included, as in :meth:`log_for`)."""
        self._check_seat(seat)
        key = None if seat is None else str(seat)
        lines = []
        for entry in self._log[start:]:
            line = entry.get("to", {}).get(key) if key is not None else None
            if line is None:
                line = entry["text"]
            if line is not None:
                lines.append((line, bool(entry.get("headline"))))
        return lines, len(self._log)

    def public_action(self, entry: dict, seat: int | None) -> Action | None:
        """The action of history ``entry`` as ``seat`` may know it, or ``None`` where it is
        secret from that seat (for the board's mark of what just happened). A seat knows its
        own actions; in a game without hidden information everyone knows every action.
        Games with hidden information say which of their actions are public."""
        if entry["seat"] == seat or not self.hidden_information:
            return self.parse_action(entry["action"])
        return None

    @property
    def log(self) -> list[str]:
        """The public events (``log_for(None)``)."""
        return self.log_for(None)

    # ------------------------------------------------------------------ chance

    def preset(self, **outcomes: Iterable[str] | str) -> None:
        """Queue the next chance outcomes, e.g. ``s.preset(die=["shark", "flip"])`` or, for a
        deck, the next cards drawn from it. Each must be an outcome the game can produce now
        (a face of the configured die, a card still in that deck)."""
        queued: dict[str, list[str]] = {}
        for kind, values in outcomes.items():
            if isinstance(values, str):
                values = [values]
            elif isinstance(values, (list, tuple)) and all(isinstance(v, str) for v in values):
                values = list(values)
            else:
                raise VariantError(f"preset {kind}= takes an outcome name or a list of them, "
                                   f"not {quote(values)}", "preset")
            if kind not in self.chance_kinds and kind not in self.decks:
                kinds = list(self.chance_kinds) + list(self.decks)
                raise VariantError(f"{self.game} has no chance of kind {quote(kind)} "
                                   f"(kinds: {', '.join(kinds) or 'none'})", "preset")
            queue = self._presets.get(kind, []) + values
            if len(queue) > MAX_PRESETS:
                raise VariantError(f"at most {MAX_PRESETS} {kind} outcomes can wait at once, "
                                   f"not {len(queue):,}", "preset")
            if kind in self.decks:
                self._check_deck_preset(self.decks[kind], queue)
            else:
                possible = self._preset_outcomes(kind)
                for value in values:
                    if not possible[value]:
                        have = sorted(o for o, c in possible.items() if c)
                        raise VariantError(f"{quote(value)} is not a {kind} outcome now "
                                           f"(possible: {', '.join(have)})", "preset")
            queued[kind] = values
        for kind, values in queued.items():
            self._presets.setdefault(kind, []).extend(values)
            self._journal.append({"preset": kind, "outcomes": values})

    @staticmethod
    def _check_deck_preset(deck: Deck, queue: list[str]) -> None:
        """The i-th queued card is the i-th card drawn from ``deck``: it must be in the draw
        pile, or, once the pile will have run out, among the discards that a deck which
        reshuffles turns into its next pile."""
        sources = [Counter(deck.pile), Counter(deck.discards) if deck.reshuffle else Counter()]
        for i, card in enumerate(queue):
            source = sources[0] if i < len(deck.pile) else sources[1]
            if not source[card]:
                where = "still in the deck" if i < len(deck.pile) else "in the deck's discards"
                left = sorted(c for c, n in source.items() if n)
                shown = ", ".join(left[:12]) + (", …" if len(left) > 12 else "")
                raise VariantError(f"{quote(card)} is not a card {where} now "
                                   f"(possible: {shown or 'none'})", "preset")
            source[card] -= 1

    def draw(self, kind: str, outcomes: Sequence[str], weights: Sequence[int] | None = None) -> str:
        """Draw one chance outcome: a preset one if queued, else from the seeded RNG."""
        queue = self._presets.get(kind)
        if queue:
            if queue[0] not in outcomes:
                raise VariantError(f"the preset {kind} outcome {quote(queue[0])} can't happen "
                                   f"here (possible: {', '.join(map(str, outcomes))})", "preset")
            outcome = queue.pop(0)
        elif weights is None:
            outcome = outcomes[self.rng.randrange(len(outcomes))]
        else:
            outcome = self.rng.choices(outcomes, weights)[0]
        self._drawn.append(f"{kind}={outcome}")
        return outcome

    def new_deck(self, name: str, cards: Iterable[str], reshuffle: bool = True) -> Deck:
        """Make a deck of ``cards``, shuffled with the seeded RNG (in ``_setup``)."""
        deck = Deck(name, sorted(cards), [], reshuffle)
        self.rng.shuffle(deck.pile)
        self.decks[name] = deck
        return deck

    def shuffle_discards(self, name: str) -> None:
        """Turn the discards of deck ``name`` into its new, shuffled draw pile (under the rest)."""
        deck = self.decks[name]
        rest, deck.discards = deck.discards, []
        self.rng.shuffle(rest)
        deck.pile[:0] = rest

    def draw_card(self, name: str) -> str | None:
        """Draw the top card of deck ``name`` (a preset card if one is queued); when the pile
        is empty and the deck reshuffles, its discards become the new pile first. ``None``
        when there is nothing to draw."""
        deck = self.decks[name]
        if not deck.pile and deck.reshuffle and deck.discards:
            self.shuffle_discards(name)
        if not deck.pile:
            return None
        queue = self._presets.get(name)
        if queue:
            card = queue.pop(0)
            if card not in deck.pile:
                raise VariantError(f"the preset card {quote(card)} is no longer in the "
                                   f"{name} deck", "preset")
            del deck.pile[len(deck.pile) - 1 - deck.pile[::-1].index(card)]
        else:
            card = deck.pile.pop()
        self._drawn.append(f"{name}={card}")
        return card

    # ------------------------------------------------------------------ undo / edit

    def undo(self) -> None:
        """Take back the last decision (chance stays the same; presets stay queued)."""
        last = max((i for i, e in enumerate(self._journal) if "action" in e), default=None)
        if last is None:
            raise GameError("there is nothing to undo", "undo")
        self._replay(self._journal[:last] + self._journal[last + 1:], keep=last)

    def can_undo(self) -> bool:
        return any("action" in e for e in self._journal)

    def forget_log(self) -> None:
        """Start the log afresh: a position builder calls it on the new game it edits, whose
        deal ("Bo draws 5 cards") the built position replaces. What the builder's own steps
        then log (a seat with nothing to play passing) and the moves played on the built
        position are logged as usual."""
        self._log = []

    def rebase(self) -> None:
        """Make the current position the new root (after editing it directly, e.g. in a
        position builder or a lesson). History and undo start again from here. The position
        must pass the checks a saved game's does (:meth:`check_reachable`), so a built
        position always loads from its own save; else ``ValueError`` says what is wrong."""
        self.check_reachable()
        self._journal = []
        self._checkpoints = {}
        self._last_checkpoint = 0
        self._root = self._snapshot()

    def _replay(self, entries: list[dict], keep: int | None = None) -> None:
        """Restore the position after ``entries``. The first ``keep`` entries are known to be
        unchanged, so replay starts from the latest snapshot taken within them."""
        start = max((k for k in self._checkpoints if keep is not None and k <= keep), default=0)
        self._checkpoints = {k: v for k, v in self._checkpoints.items() if k <= start}
        self._last_checkpoint = start
        self._restore(self._checkpoints[start] if start else self._root)
        self._journal = list(entries[:start])
        for entry in entries[start:]:
            if "preset" in entry:
                self.preset(**{entry["preset"]: entry["outcomes"]})
            else:
                self.apply(entry["action"], seat=entry["seat"])

    # ------------------------------------------------------------------ snapshots

    def _snapshot(self, checkpoint: bool = False) -> dict:
        """Everything the position is, as JSON-safe data. A checkpoint (for undo) keeps only
        the log's length: undo restores it only while the log before it is unchanged."""
        version, internal, gauss = self.rng.getstate()
        return {
            "position": self._get_data(),
            "decks": {name: deck.to_data() for name, deck in sorted(self.decks.items())},
            "chosen": {str(seat): str(a) for seat, a in sorted(self._chosen.items())},
            "rng": [version, list(internal), gauss],
            "presets": {k: list(v) for k, v in self._presets.items() if v},
            **({"log_length": len(self._log)} if checkpoint else
               {"log": [dict(e) for e in self._log]}),
        }

    def _restore(self, snap: dict) -> None:
        self.decks = {name: Deck.from_data(data) for name, data in snap["decks"].items()}
        self._set_data(json.loads(json.dumps(snap["position"])))
        version, internal, gauss = snap["rng"]
        self.rng = random.Random()
        self.rng.setstate((version, tuple(internal), gauss))
        self._presets = {k: list(v) for k, v in snap["presets"].items()}
        if "log" in snap:
            self._log = [dict(e) for e in snap["log"]]
        else:
            del self._log[snap["log_length"]:]
        self._chosen = {int(seat): self.parse_action(text) for seat, text in snap["chosen"].items()}
        self._legal_cache = {}

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
        """Load a saved game. The starting position is checked field by field, then every
        step is replayed by the rules; a corrupt or forged save raises :class:`SaveError`
        naming the field."""
        return load_state(cls, text)

    def clone(self) -> "State":
        """An independent copy with the same future."""
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other._presets = {k: list(v) for k, v in self._presets.items()}
        other._log = list(self._log)
        other._journal = list(self._journal)
        other._checkpoints = dict(self._checkpoints)
        other._chosen = dict(self._chosen)
        other._drawn = []
        other.decks = {name: Deck.from_data(d.to_data()) for name, d in self.decks.items()}
        other._set_data(self._get_data())
        other._legal_cache = dict(self._legal_cache)
        return other

    def rename(self, names: Sequence[str]) -> bool:
        """Give the seats ``names``, in place (a room's children taking their seats): the
        prompts, views and every line logged from now on read with them, and so does the log
        so far where it is the story of the moves (its root and its record, as a save replays
        it): told again with the new names (a game dealt by the rules, not a built position,
        from its deal on), as if the game had started with them. The position, chance and
        record are unchanged, and the save loads through the game's own checks. A bad name is
        refused as at a game's start (nothing changed); False if the names were these.

            >>> from goatwidgets.games import goat_lords
            >>> game = goat_lords.new_game(players=2, seed=3)
            >>> game.rename(["Ana", "Bo"]), game.names, game.rename(["Ana", "Bo"])
            (True, ('Ana', 'Bo'), False)
        """
        names = self._check_names(list(names), self.players)
        if names == self.names:
            return False
        game, root = type(self), self._root
        try:                                        # dealt by the rules: the deal retold too
            if game(players=self.players, seed=self.seed, names=self.names,
                    **self.variants)._root == root:
                root = game(players=self.players, seed=self.seed, names=names,
                            **self.variants)._root
        except (GameError, TypeError, ValueError):     # (then its deal keeps its names)
            pass

        def told(with_names, from_root) -> list:
            copy = self.clone()
            copy.names, copy._root = with_names, from_root
            copy._replay(copy._journal, keep=0)
            return copy._log

        story = told(self.names, self._root) == self._log
        self.names = names
        if story:
            self._log = told(names, root)
            self._root = root
        return True

    def redealt(self, seat: int, rng: random.Random) -> "State":
        """A copy in which everything ``seat`` cannot see is re-dealt at random (consistently
        with what it sees): queued presets are gone, future chance is re-seeded, other seats'
        secret choices are re-drawn among their legal ones. Bots decide on such a copy; the
        information test compares ``seat``'s projections of the two."""
        other = self.clone()
        other._presets = {}
        other.rng = random.Random(rng.getrandbits(64))
        other._redeal_hidden(seat, rng)
        for s in sorted(other._chosen):          # who has chosen is public, what is not
            if s != seat:
                other._chosen[s] = rng.choice(sorted(other._legal(s), key=str))
        other._legal_cache = {}
        return other

    # ------------------------------------------------------------------ views

    def view(self, seat: int | None = None) -> dict:
        """JSON-safe dict of what ``seat`` may know; ``None`` gives the public view."""
        self._check_seat(seat)
        deciders = self.deciders
        view = {
            "game": self.game,
            "players": self.players,
            "names": list(self.names),
            "viewer": seat,
            "deciders": list(deciders),
            "to_move": self.to_move,
            "is_over": self.is_over,
            "winners": list(self.winners),
            "scores": list(self.scores),
            "prompt": self._prompt(seat),
        }
        if self._chosen or (not self.is_over and self._simultaneous()):
            view["chosen"] = sorted(self._chosen)           # who has chosen, never what
        view.update(self._public_view())
        if seat is not None:
            view.update(self._private_view(seat))
            if seat in self._chosen:
                view["my_choice"] = str(self._chosen[seat])
        return view

    def action_words(self, action: Action | str, seat: int | None = None) -> str:
        """``action`` (or its text form) in the board's words, said to ``seat``, who takes it
        in this position: what a person reads where an action is shown (coach, review, the
        last move, covers), from what ``seat`` may know. The game's ``views.action_words(
        state, action, seat)``; a game without it says the notation. ``seat`` defaults to
        the one deciding seat.

            >>> from goatwidgets.games import gruff_goats as game
            >>> s = game.new_game(players=2, seed=1)
            >>> s.action_words("draw"), str(s.parse_action("draw"))
            ('take a card', 'draw')
        """
        if seat is None:
            seat = self.to_move
        self._check_seat(seat, allow_none=False)
        if isinstance(action, str):
            action = self.parse_action(action)
        if not isinstance(action, Action):
            raise ActionParseError(f"{quote(action)} is not an action", "notation")
        words = getattr(self.views, "action_words", None)
        return str(action) if words is None else words(self, action, seat)

    def action_told(self, action: Action | str, seat: int | None = None) -> str:
        """``action`` taken by ``seat``, told to whoever reads the screen, who may not be that
        seat (a review of a bot's decisions, the glass box's imagined games): the seat's own
        things are "their", a seat called You is "you", the others are named.

            >>> from goatwidgets.games import battlegoats as game
            >>> s = game.position(fields=[{"f1": "billytwin"}, {"f3": "golem"}],
            ...                   names=["Sam", "You"], aim="f1")
            >>> s.action_words("target 1:f3", 0)      # said to Sam, as if Sam read it
            'attack your front right card with your Billy Twin'
            >>> s.action_told("target 1:f3", 0)       # told of Sam to You
            'attack your front right card with their Billy Twin'
        """
        if seat is None:
            seat = self.to_move
        name = self.seat_name(seat)
        if is_you(name) or not any(is_you(n) for n in self.names):
            return of_seat(name, self.action_words(action, seat))
        # the seat called You stands in as a mark while the words are made: of_seat then
        # turns the deciding seat's "your" into "their" and leaves the reader's alone
        names, mark = self.names, "\u2063reader\u2063"
        self.names = [mark if is_you(n) else n for n in names]
        try:
            words = of_seat(name, self.action_words(action, seat))
        finally:
            self.names = names
        return words.replace(f"{mark}'s", "your").replace(mark, "you")

    # ------------------------------------------------------------------ bots

    def quick_choice(self, seat: int, rng: random.Random) -> Action:
        """A fast decision for ``seat`` in the estimator's playouts (:mod:`.estimate`), on a
        re-dealt copy: the game's ``strategy.quick_choice(state, seat, rng)``; by default
        :meth:`uniform_choice`."""
        return self.strategy.quick_choice(self, seat, rng)

    def uniform_choice(self, seat: int, rng: random.Random) -> Action:
        """A legal action of ``seat`` at random: uniform over the kinds of legal action, then
        within the kind ("roll" as likely as any one placement)."""
        by_kind: dict[str, list[Action]] = {}
        for action in self.legal_actions(seat):
            by_kind.setdefault(action.kind, []).append(action)
        return rng.choice(by_kind[rng.choice(sorted(by_kind))])

    def heuristic(self, seat: int) -> float:
        """How good the position looks for ``seat`` (for the bots): the game's
        ``strategy.heuristic(state, seat)``; by default :meth:`score_lead`."""
        return self.strategy.heuristic(self, seat)

    def score_lead(self, seat: int) -> float:
        """``seat``'s score less the best of the others' (its lead, or minus its gap)."""
        scores = self.scores
        others = [s for i, s in enumerate(scores) if i != seat]
        return scores[seat] - (max(others) if others else 0)

    def __repr__(self) -> str:
        if self.is_over:
            status = "over"
        else:
            status = f"deciding: {self.names_of(self.deciders)}"
        return f"<{type(self).__name__} {self.game}, {self.players} players, {status}>"


class EndsInPhaseOver:
    """``is_over`` and ``winners`` for a game that keeps its end as ``phase = "over"`` with
    ``_winners`` (None while it goes on, ``()`` for a draw). It comes before State among the
    bases: ``class FloatsState(EndsInPhaseOver, State)``."""

    phase: str
    _winners: tuple[int, ...] | None

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def winners(self) -> tuple[int, ...]:
        return self._winners or ()


def projection(state: State, viewer: int | None, may_act: bool, log_lines: int = 20) -> dict:
    """What one widget update sends for ``viewer``: their view, their legal actions (if they
    may act now) and the last ``log_lines`` events they may read. The widget and the
    benchmark both use it; nothing else leaves Python."""
    return {
        "view": state.view(viewer),
        "legal": ([a.to_dict() for a in state.legal_actions(viewer)]
                  if may_act and viewer is not None else []),
        "game_log": state.log_for(viewer)[-log_lines:],
    }
