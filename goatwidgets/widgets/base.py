"""GameWidget: one game's State held in Python, shown and played in the browser.

The state never leaves Python: the front end only ever receives ``view`` (the viewer's
projection) and ``legal`` (the viewer's legal actions), and sends back the text of the action
the person chose. Every message is validated here; a bad one sets ``error`` and changes
nothing.

    >>> from goatwidgets import FloatsMcGoats
    >>> w = FloatsMcGoats(players=2, seed=3, bots={1: "greedy"})
    >>> w.play("mama 0,0u")           # seat 0 acts; the greedy bot answers for seat 1
    >>> w.state.to_move, len(w.state.history)
    (0, 2)
    >>> w.play("stick 5,5-6,5")       # not legal now: the widget says why (and so does Python)
    Traceback (most recent call last):
    ...
    goatwidgets.engine.errors.IllegalActionError: can't add a stick now: ...
    >>> w.error.startswith("can't add a stick now")
    True

What just happened (a human's move and the bot moves after it), for the one line above the
board and the board's highlight; and a hint highlight that the next accepted action clears:

    >>> w.last_move["seat"], [(a["text"], a["by"]) for a in w.last_move["actions"]][0]
    (0, ('mama 0,0u', 0))
    >>> len(w.last_move["actions"]), w.last_move["actions"][1]["by"]   # and the bot's answer
    (2, 1)
    >>> "Player 1" in w.last_move["lines"][0]     # the log lines those moves added
    True
    >>> w.highlight = [w.state.parse_action("roll").to_dict()]
    >>> w.play("roll"); w.highlight
    []

The coach (on unless a teacher turns it off: ``FloatsMcGoats(coach=False)``): the seat at the
screen asks for advice on its own decision (the page's Suggest button); the suggested action is
lit like a hint, and the advice (words, the rulings its reasons cite) goes to that seat's page
until the position changes:

    >>> w = FloatsMcGoats(players=2, seed=3)
    >>> advice = w.suggest()
    >>> advice["seat"], sorted(advice) == sorted(w.advice), len(w.highlight) >= 1
    (0, True, True)
    >>> w.play("mama 0,0u"); w.advice, w.highlight
    ({}, [])
"""

from __future__ import annotations

import asyncio
import html
import pathlib
import random
import sys
from typing import Any, Callable, ClassVar

import anywidget
import traitlets
from ipywidgets.widgets.widget import _remove_buffers

from ..engine import (
    MAX_ACTION_TEXT,
    GameError,
    NotYourDecisionError,
    State,
    VariantError,
    make_bot,
    quote,
)
from ..engine import projection
from ..engine.coach import CLOSE, suggest
from ..engine.words import addressed, whose

STATIC = pathlib.Path(__file__).resolve().parent.parent / "static"
MESSAGE_TYPES = ("act", "start", "undo", "uncover", "new", "suggest")
LOG_LINES = 20


class MessageError(GameError):
    """A message from the front end that is malformed or stale."""


def bundle(name: str) -> pathlib.Path:
    """Path of a built front-end file, with a clear error if the JS was never built."""
    path = STATIC / name
    if not path.exists():
        raise FileNotFoundError(
            f"{path} is missing: build the front end first (cd js && npm install && "
            "npm run build), or install goatwidgets from a wheel")
    return path


class _SeatTrait(traitlets.Any):
    """The ``seat`` trait: "hotseat" or a seat number, as ``GameWidget._check_seat`` sees the
    value given. Never None: traitlets lets None past every validator of a trait that allows
    it, and ``Any`` does (so ``w.seat = None`` was taken, issue 33 item 5c)."""

    allow_none = False


def _seat_to_json(seat: int | None, widget) -> int:
    return -1 if seat is None else seat


def _seat_from_json(seat: int | None, widget) -> int | None:
    return None if seat is None or seat < 0 else seat


#: a seat trait that may be None goes to the page as -1 for None (the page reads -1 as
#: nobody): in the JupyterLite site Pyodide turns Python's None into JavaScript's undefined,
#: and the message's JSON then drops the key, so the page kept the old seat ("Random goat
#: is thinking…" on the child's turn, issue 34 item 16)
SEAT_OR_NONE = {"to_json": _seat_to_json, "from_json": _seat_from_json}


class GameWidget(anywidget.AnyWidget):
    """Base of every game widget. Subclasses set ``game_module`` and ``_esm``."""

    _css = bundle("goatwidgets.css")

    view = traitlets.Dict().tag(sync=True)
    legal = traitlets.List().tag(sync=True)
    #: "hotseat" or a seat number (checked by ``_check_seat``, which sees the value as given)
    seat = _SeatTrait("hotseat").tag(sync=True)
    viewer = traitlets.Int(allow_none=True, default_value=None).tag(sync=True, **SEAT_OR_NONE)
    covered = traitlets.Bool(False).tag(sync=True)
    #: the page brings this board's lesson into view once drawn (a review's retry step,
    #: which opens below the review, where the Retry button was clicked: issue 34 item 6)
    reveal = traitlets.Bool(False).tag(sync=True)
    #: how the page names the viewer's own things ("Your hand"); a review's board names the
    #: seat it shows ("Bot Cal's hand", issue 34 item 5)
    whose = traitlets.Unicode("Your").tag(sync=True)
    error = traitlets.Unicode("").tag(sync=True)
    game_log = traitlets.List().tag(sync=True)   # "log" is taken by ipywidgets' logger
    bots = traitlets.Dict().tag(sync=True)
    version = traitlets.Int(0).tag(sync=True)
    names = traitlets.List().tag(sync=True)
    can_undo = traitlets.Bool(False).tag(sync=True)
    #: why Undo is off now, in plain words ("" while it is on): the button's tooltip
    undo_note = traitlets.Unicode("").tag(sync=True)
    #: the page offers "New game" when a game is over (same players, names, options, bots)
    can_restart = traitlets.Bool(True).tag(sync=True)
    #: what the last accepted decision(s) did: a human's move plus the bot moves after it (or
    #: the bots' moves alone): {"seat": the first of them's seat or None, "lines": the log lines
    #: they added that the viewer may read, in the order they happened (the newest
    #: ``LOG_LINES``), "headlines": the indices of those that matter most in their move (a
    #: duel won, a goat home), "said": the line the page shows (:func:`recent`), "actions":
    #: the action dicts (as in
    #: ``legal``, plus "by": the seat that took each) of those the viewer may know of
    #: (``State.public_action``)}. Empty after an undo or a new game.
    last_move = traitlets.Dict({"seat": None, "lines": [], "headlines": [], "said": "",
                                "actions": []}).tag(sync=True)
    #: action dicts (as in ``legal``) whose targets the board highlights, e.g. a lesson's hint:
    #: ``w.highlight = [w.state.parse_action("mama 0,0u").to_dict()]``; the next accepted
    #: action, an undo or a new game clears it
    highlight = traitlets.List(traitlets.Dict()).tag(sync=True)
    #: the bot seat choosing its move now (the page says "… is thinking"), or None. Sent in
    #: the same update as the position it thinks about: a page (or a browser test) that shows
    #: nobody thinking shows where the bots stopped
    thinking = traitlets.Int(allow_none=True, default_value=None).tag(sync=True, **SEAT_OR_NONE)
    #: the coach is on: the page offers Suggest to the seat at the screen with a decision (a
    #: teacher turns it off: ``GoatLords(coach=False)``; a lesson's board has it off)
    coach = traitlets.Bool(True).tag(sync=True)
    #: the coach's advice for the seat the page shows ({} when none): {"seat", "action" (the
    #: suggested action's text, or None where the best choices are close), "choices" (the
    #: texts of the actions lit on the board, best first; also in ``highlight``), "words"
    #: (one or two plain sentences), "rules": [{"id", "text"}] (each ruling its reasons cite,
    #: with the rule in our words)}. Asked for with a "suggest" message (or ``suggest()``);
    #: cleared by every change of the position or of the seat at the screen.
    advice = traitlets.Dict().tag(sync=True)
    #: seconds between bot moves (0: at once). Each bot move is shown as it is made; with a
    #: pace, one at a time, so a class can follow them: ``w.bot_pace = 1``. A pace needs the
    #: kernel's event loop (a notebook, JupyterLite); elsewhere (plain Python, tests) the bots
    #: move at once.
    bot_pace = traitlets.Float(0.0)

    #: traits that only ever hold the game's own projections (plain JSON data): ``send_state``
    #: does not search them for binary buffers
    _JSON_ONLY: ClassVar[frozenset] = frozenset({"view", "legal", "game_log", "last_move",
                                                 "advice"})

    #: the rules module (``goatwidgets.games.<game>``): ``new_game`` and ``State``
    game_module: ClassVar[Any] = None
    #: force the hotseat cover even if the game declares no hidden information
    hidden_hands: ClassVar[bool] = False
    #: safety net so an all-bot widget can't loop for ever inside one message
    max_bot_moves: ClassVar[int] = 20000
    #: Undo takes back any decision, chance and other seats' included: a lesson's board (whose
    #: chance is preset), or a teacher's demonstration (``FloatsMcGoats(free_undo=True)``).
    #: Else Undo is for the seat at the screen's own decisions only, and never past a die
    #: roll, a card drawn or anything that showed hidden cards to that seat (see
    #: ``_undo_refusal``).
    free_undo: ClassVar[bool] = False
    #: how many re-deals of the hidden cards check that a decision showed the undoer nothing
    REVEAL_TRIALS: ClassVar[int] = 4
    #: the coach's budget: trials of the estimate, and at most this many milliseconds (None:
    #: the trials alone, the same advice on any machine)
    COACH_ITERATIONS: ClassVar[int] = 300
    COACH_MS: ClassVar[float | None] = 900

    def __init__(self, state: State | None = None, *, players: int = 2, seed: int | None = None,
                 names=None, seat: int | str = "hotseat", bots: dict | None = None,
                 free_undo: bool | None = None, bot_pace: float = 0.0, coach: bool = True,
                 **variants: Any):
        if state is None:
            state = self.game_module.new_game(players=players, seed=seed, names=names,
                                              **variants)
        self._state = self._check_state(state)
        if free_undo is not None:
            if not isinstance(free_undo, bool):
                raise VariantError(f"free_undo must be True or False, not {quote(free_undo)}",
                                   "free_undo")
            self.free_undo = free_undo
        if not isinstance(coach, bool):
            raise VariantError(f"coach must be True or False, not {quote(coach)}", "coach")
        self._bots = {}
        self._shown: int | None = None        # the seat whose eyes the page showed last
        self._last_actor: int | None = None
        self._listeners: list[Callable[[str, State], None]] = []
        self._mark: tuple[int, dict] | None = None  # history length and log counts before
        self._stale_highlight: list | None = None   # the last accepted change (last_move)
        self._before: dict[int, State] = {}  # history length -> the game before that decision
        self._bot_turn = 0                    # counts changes: a paced bot move still due checks it
        self._thinker: int | None = None      # ``thinking`` as of the next update to the page
        self._advice_highlight: list | None = None  # ``highlight`` as the coach's advice set it
        super().__init__()
        self.coach = coach
        self.bot_pace = bot_pace
        self.on_msg(self._on_front_end_msg)   # never override _handle_msg (see notes)
        self._set_bots(bots or {})
        self.seat = seat
        mark = self._take_mark()
        self.error = " ".join(self._run_bots())  # a bot may hold the first decision
        self._keep_mark(mark)
        if not self._covers_at_start():
            self._shown = self._viewer()         # whoever made the widget is at the screen
        self._after_change()

    # ------------------------------------------------------------------ Python handles

    @property
    def state(self) -> State:
        """The game itself (a ``State``); change it only through ``play``/``undo``/``reset``."""
        return self._state

    @state.setter
    def state(self, state: State) -> None:
        self._state = self._check_state(state)
        self._before = {}
        self._mark, self._stale_highlight = None, self.highlight
        mark = self._take_mark()
        self.error = " ".join(self._run_bots(mark))
        self._keep_mark(mark)
        self._after_change()

    @classmethod
    def _check_state(cls, state) -> State:
        """The widget's game, for the constructor and the ``state`` setter alike."""
        if not isinstance(state, cls.game_module.State):
            raise TypeError(f"state must be a {cls.game_module.State.__name__} "
                            f"({cls.game_module.State.game}), not {type(state).__name__}")
        return state

    def play(self, action: str) -> None:
        """Play ``action`` (text form) for the pending decision, then let bots move.

        On a rejection ``error`` explains it, nothing changes, and the error is raised.
        """
        try:
            self._play(action, from_page=False)
        except GameError as err:
            self.error = str(err)
            raise

    def undo(self) -> None:
        """Take back the last human decision (and the bot moves after it).

        Where every seat is a bot there is no human decision to take back: Undo is refused
        (``can_undo`` is False) rather than rewinding the bots' whole game; start another
        with ``reset()``."""
        try:
            self._undo()
        except GameError as err:
            self.error = str(err)
            raise

    def uncover(self) -> None:
        """Show the board to the child now at the screen (the hot-seat cover's button)."""
        self.covered = False
        viewer = self._viewer()
        if viewer is not None:                  # (None: the bots' public board, see _viewer)
            self._shown = viewer
        self._after_change()

    def reset(self, seed: int | None = None, **options: Any) -> None:
        """Start a new game with the same players, names and variants (or new ones)."""
        old = self._state
        settings = {"players": old.players, "names": old.names, **old.variants, **options}
        self.state = self.game_module.new_game(seed=seed, **settings)

    def suggest(self) -> dict:
        """The coach's advice for the seat at the screen, on its own decision: lit on the board
        (``highlight``) and shown (``advice``) until the position changes; returns ``advice``.
        Refused (``error`` says why, nothing changes, the error is raised) when the coach is
        off, the screen is covered, or no human seat at this screen has a decision."""
        try:
            self._suggest()
        except GameError as err:
            self.error = str(err)
            raise
        return self.advice

    def on_action(self, callback: Callable[[str, State], None]) -> None:
        """Call ``callback(action_text, state)`` after each accepted human action."""
        self._listeners.append(callback)

    # ------------------------------------------------------------------ messages

    def send_state(self, key=None) -> None:
        """ipywidgets' ``send_state``, except that the traits in ``_JSON_ONLY`` are not searched
        for binary buffers (bytes, memoryviews) to send apart: they hold the game's projections,
        which are plain JSON by contract (the property tests round-trip every view through
        JSON). ipywidgets' search walks every list and dict of the state: measured in-process,
        it was 20-40 % of a game's time per message. The message is the one ipywidgets sends."""
        state = self.get_state(key=key)
        if not state:
            return
        if self._property_lock:     # as ipywidgets: keep the values the page sent up to date
            for name, value in state.items():
                if name in self._property_lock:
                    self._property_lock[name] = value
        plain = {k: v for k, v in state.items() if k in self._JSON_ONLY}
        rest, buffer_paths, buffers = _remove_buffers(
            {k: v for k, v in state.items() if k not in self._JSON_ONLY})
        self._send({"method": "update", "state": {**rest, **plain}, "buffer_paths": buffer_paths},
                   buffers=buffers)

    def _on_front_end_msg(self, _widget, content, _buffers) -> None:
        """Handle a message from the front end. Never raises: errors go to ``error``."""
        try:
            self._dispatch(content)
        except GameError as err:
            self.error = str(err)

    def set_state(self, sync_data) -> None:
        """Refuse a trait update from the page. The front end never sets a trait: it sends
        actions as messages (``_on_front_end_msg``). An update (a forged one, say
        ``seat`` set to another player to see their hand) changes nothing: ``error`` names the
        fields and the page gets the true values back."""
        fields = sorted(str(k) for k in sync_data) if isinstance(sync_data, dict) else []
        named = ", ".join(quote(f[:40]) for f in fields[:5]) or "a trait"
        self.error = str(MessageError(f"the page may not set {named}; it sends actions as "
                                      "messages", "message"))
        known = [f for f in fields if self.has_trait(f) and self.trait_metadata(f, "sync")]
        if known:
            self.send_state(known)

    def _dispatch(self, content) -> None:
        if not isinstance(content, dict):
            raise MessageError("a message from the page must be a JSON object", "message")
        kind = content.get("type")
        if kind not in MESSAGE_TYPES:
            raise MessageError(f"message field 'type' must be one of {', '.join(MESSAGE_TYPES)}, "
                               f"not {quote(kind)}", "message")
        version = content.get("version")
        if not isinstance(version, int) or isinstance(version, bool):
            raise MessageError(f"message field 'version' must be a whole number, not "
                               f"{quote(version)}", "message")
        if version != self.version:
            raise MessageError(f"that click was made on an older picture of the game "
                               f"(version {version}, now {self.version}); look again and retry",
                               "stale message")
        if kind == "act":
            action = content.get("action")
            if not isinstance(action, str) or not action.strip():
                raise MessageError(f"message field 'action' must be the text of an action, not "
                                   f"{quote(action)}", "message")
            if len(action) > MAX_ACTION_TEXT:
                raise MessageError(f"message field 'action' is at most {MAX_ACTION_TEXT} "
                                   f"characters, not {len(action):,}", "message")
            self._play(action)
        elif kind == "start":
            action = content.get("action")
            if not isinstance(action, str) or not action.strip() or len(action) > MAX_ACTION_TEXT:
                raise MessageError(f"message field 'action' must be the start of an action, "
                                   f"not {quote(action)}", "message")
            self._explain_start(action.strip())
        elif kind == "undo":
            self._undo()
        elif kind == "new":
            if not (self.can_restart and self._state.is_over):
                raise MessageError("a new game starts from the button shown when a game is over",
                                   "message")
            self.reset()
        elif kind == "suggest":
            self._suggest(content.get("seat"))
        else:
            self.uncover()                        # the next seat is at the screen now

    # ------------------------------------------------------------------ the work

    def _human_seat(self) -> int | None:
        """The seat a person acts for now, or None. Hotseat: the first human seat (in seat
        order) with a decision pending; a fixed seat: that seat, if it has one."""
        deciders = [s for s in self._state.deciders if s not in self._bots]
        if self.seat == "hotseat":
            return deciders[0] if deciders else None
        return self.seat if self.seat in deciders else None

    def _play(self, text: str, from_page: bool = True) -> None:
        """Apply a human decision: a click on the page (which must be uncovered first) or a
        cell's ``play`` (the code decides for the deciding seat; the cover stays as it is)."""
        state = self._state
        if state.is_over:
            state.apply(text)                       # raises GameOverError, naming the action
        seat = self._human_seat()
        if seat is None:
            raise self._not_yours()
        if self.covered and from_page:
            raise NotYourDecisionError(f"{state.seat_name(seat)} must uncover the screen first",
                                       "hotseat")
        action = state.parse_action(text)
        mark = self._take_mark()
        before = state.clone() if self._hidden() and not self.free_undo else None
        state.apply(action, seat=seat)
        if before is not None:                      # for Undo: what this decision showed
            self._before = {n: b for n, b in self._before.items() if n < len(before.history)}
            self._before[len(before.history)] = before
        self._mark, self._stale_highlight = mark, self.highlight
        self.error = ""
        self._last_actor = seat
        problems = []
        for callback in list(self._listeners):
            try:
                callback(str(action), state)
            except Exception as exc:        # a teacher's callback must not freeze the page
                name = getattr(callback, "__name__", "callback")
                problems.append(f"the on_action callback {name!r} failed: "
                                f"{type(exc).__name__}: {str(exc)[:200]}")
        problems += self._run_bots(mark)
        if problems:
            self.error = " ".join(problems)
        self._after_change()

    def _not_yours(self) -> NotYourDecisionError:
        """Why a person at this screen can't act now (no human seat here decides): whose
        decision it is, and where a bot plays that seat (the seat the page shows, or every
        seat deciding), which bot, and whether it is thinking or stopped (it failed: the
        game waits for an undo or another bot)."""
        state = self._state
        deciders = state.deciders
        mine = self.seat if self.seat != "hotseat" else None
        bots = [mine] if mine in deciders and mine in self._bots else \
            list(deciders) if deciders and all(d in self._bots for d in deciders) else []
        if not bots:
            return NotYourDecisionError(f"it is {whose(state.seat_name(s) for s in deciders)} "
                                        "decision and you are not them", "turn order")
        names = sorted({getattr(self._bots[s], "name", "bot") for s in bots})
        one = len(bots) == 1
        who = (f"the {names[0]} bot plays {'that seat' if one else 'those seats'}"
               if len(names) == 1 else f"bots play those seats ({', '.join(names)})")
        if self._thinker is not None:               # a paced bot move is due
            now = "it is thinking" if one else "they are thinking"
        else:                                       # the bots stopped: one failed
            now = ("it stopped: undo, or choose another bot with set_bots" if one else
                   "they stopped: undo, or choose other bots with set_bots")
        return NotYourDecisionError(f"it is {whose(state.seat_name(s) for s in bots)} decision "
                                    f"({who}, and {now})", "turn order")

    def _suggest(self, asked: Any = None) -> None:
        """Ask the coach for the seat the page shows deciding (``asked``: the seat a message
        names, if it names one, must be that seat). The coach reads only that seat's
        information (it re-deals what the seat can't see), under the class's budget, seeded
        by the number of decisions so far (the same position gives the same advice)."""
        state = self._state
        if not self.coach:
            raise MessageError("the coach is off for this game (a teacher turned it off)",
                               "coach")
        seat = self._human_seat()
        if seat is None:
            deciders = state.deciders
            who = whose(state.seat_name(s) for s in deciders) if deciders else None
            raise NotYourDecisionError(
                "the coach helps with your own decision, and you have none now"
                + (f": it is {who} decision" if who else ": the game is over"), "coach")
        if self.covered:
            raise NotYourDecisionError(f"{state.seat_name(seat)} must uncover the screen first",
                                       "hotseat")
        if asked is not None and (type(asked) is not int or asked != seat):   # True is not 1
            raise MessageError(f"message field 'seat' must be the seat deciding at this screen "
                               f"({seat}), not {quote(asked)}", "message")
        found = suggest(state, seat, iterations=self.COACH_ITERATIONS,
                        seed=len(state.history), ms=self.COACH_MS)
        shown = [found.action] if found.action is not None else \
            [c.action for c in found.estimate.choices[:CLOSE]]
        texts = [str(a) for a in shown]
        rules = getattr(getattr(self.game_module, "explain", None), "RULES", {})
        cited = dict.fromkeys(r.ruling for t in texts for r in found.reasons_for(t) if r.ruling)
        with self.hold_sync():
            self.error = ""
            self.advice = {"seat": seat, "action": None if found.action is None else texts[0],
                           "choices": texts, "words": found.words(),
                           "rules": [{"id": r, "text": rules.get(r, "")} for r in cited]}
            self.highlight = [state.parse_action(t).to_dict() for t in texts]
            self._advice_highlight = self.highlight

    def _forget_advice(self) -> None:
        """Take the coach's advice off the page (and its light off the board)."""
        self.advice = {}
        if self._advice_highlight is not None and self.highlight is self._advice_highlight:
            self.highlight = []
        self._advice_highlight = None

    def _explain_start(self, start: str) -> None:
        """A first click of a multi-click action (``"fight 0,0u"``): if no action the seat
        may take begins that way, say why at once. The rules decide: the start is completed
        like a legal action of the same kind and the game explains that action."""
        state = self._state
        seat = self._human_seat()
        if seat is None or self.covered:
            raise NotYourDecisionError("it is not your decision now", "turn order")
        legal = [str(a) for a in state.legal_actions(seat)]
        if any(text.startswith(start + " ") for text in legal):
            self.error = ""
            return
        words = start.split()
        same = [text.split() for text in legal if text.split()[0] == words[0]]
        candidate = " ".join(words + same[0][len(words):]) if same else start
        err = state.why_not(candidate, seat)
        raise err if err is not None else NotYourDecisionError(
            f"{quote(start)} does not start a move you can make now", "rules")

    def _undo_refusal(self) -> str:
        """Why Undo is refused now ("" if it is allowed). Undo takes back the last human
        decision and the bot moves after it. Unless ``free_undo``, that decision must be the
        seat at the screen's own (in hot-seat a child never takes back another child's move),
        and Undo never goes back past what would let that seat see the future or others'
        cards (as Board Game Arena plays it): a die roll or a card drawn since, or a decision
        after which the seat saw cards that were hidden from it before."""
        state = self._state
        if not self._has_human_seat():
            return ("every seat is played by a bot, so there is no move of yours to take back; "
                    "reset() starts a new game")
        history = state.history
        if not history:
            return "there is nothing to undo"
        if self.free_undo:
            return ""
        first = len(history) - 1                    # the last human decision
        while first >= 0 and history[first]["seat"] in self._bots:
            first -= 1
        if first < 0:
            return "only the bots have moved: there is no move of yours to take back"
        seat, viewer = history[first]["seat"], self._viewer()
        if seat != viewer or self.covered:
            who = state.seat_name(seat)
            if viewer is None and self._bots_decide():   # the public board between children
                return f"{who}'s move stands while the bots play: Undo is for your own moves"
            return (f"Undo takes back only your own moves, and {who} made the last one"
                    if viewer is not None and not self.covered else
                    f"{who}'s move stands: Undo is for your own moves")
        undone = history[first:]
        if any(entry["chance"] for entry in undone):
            return "a die was rolled or a card drawn since: that can't be taken back"
        if self._hidden() and self._showed_hidden(first, seat):
            return "cards that were hidden have been shown since: that can't be taken back"
        return ""

    def _showed_hidden(self, first: int, seat: int) -> bool:
        """Whether the decisions from history entry ``first`` on let ``seat`` see something
        it could not know before: replayed on re-deals of what ``seat`` could not see, they
        must be possible and leave ``seat``'s view as it is now."""
        before = self._before.get(first)
        if before is None:          # played outside the widget: nothing known, be careful
            return True
        decisions = self._state.history[first:]
        now = self._state.view(seat)
        rng = random.Random(first)
        for _ in range(self.REVEAL_TRIALS):
            trial = before.redealt(seat, rng)
            try:
                for entry in decisions:
                    trial.apply(entry["action"], seat=entry["seat"])
            except GameError:
                return True
            if trial.view(seat) != now:
                return True
        return False

    def _undo(self) -> None:
        state = self._state
        refusal = self._undo_refusal()
        if refusal:
            raise GameError(refusal, "undo")
        state.undo()
        while state.can_undo() and self._human_seat() is None:
            state.undo()                            # back to a human decision
        self._mark, self._stale_highlight = None, self.highlight
        mark = self._take_mark()
        problems = self._run_bots(mark)             # unless only bots moved since the start
        self._keep_mark(mark)
        self.error = " ".join(problems)
        self._after_change()

    def _covers_at_start(self) -> bool:
        """A hot-seat game with hidden cards and two or more children starts behind the
        cover: the first child's cards are not shown to the class."""
        return self._shared_screen()

    def _shared_screen(self) -> bool:
        """Hot-seat play of a game with hidden cards by two or more children at one screen:
        the screen shows a child's own cards only while that child decides."""
        return self._children_share() and self._hidden()

    def _children_share(self) -> bool:
        """Hot-seat play by two or more children at one screen (hidden cards or not)."""
        humans = [seat for seat in range(self._state.players) if seat not in self._bots]
        return self.seat == "hotseat" and len(humans) > 1

    def _bots_decide(self) -> bool:
        """Only bots decide now (a bot that failed included): no child has a decision."""
        return self._human_seat() is None and self._bot_seat() is not None

    def _bot_ended(self) -> bool:
        """The game is over and a bot's decision ended it."""
        history = self._state.history
        return self._state.is_over and bool(history) and history[-1]["seat"] in self._bots

    def _has_human_seat(self) -> bool:
        return any(seat not in self._bots for seat in range(self._state.players))

    def _run_bots(self, mark: tuple[int, dict] | None = None) -> list[str]:
        """Let bot seats decide until a human decides or the game ends. With a ``mark`` (the
        record before the change that called them) each bot move is pushed to the page as it
        is made, what just happened growing by one move at a time; with a ``bot_pace`` and an
        event loop, the moves are made one every ``bot_pace`` seconds after this returns. A
        bot that raises or chooses an illegal action stops the bots; the message names it
        (nothing is lost: the game waits at the position before that bot's choice)."""
        self._bot_turn += 1
        self._thinker = None
        if mark is not None and self.bot_pace > 0:
            loop = _event_loop()
            if loop is not None:
                self._bot_later(loop, self._bot_turn, mark)
                return []
        for _ in range(self.max_bot_moves):
            seat = self._bot_seat()
            if mark is not None and seat is not None:   # show what happened so far, then think
                self._keep_mark(mark)
                self._thinker = seat
                self._after_change()
                self._thinker = None                # the caller's update: nobody thinking
            problem = self._bot_move()
            if problem is not None:
                return [problem] if problem else []
        return [f"the bots made {self.max_bot_moves} moves without a human decision; "
                "they stopped here"]

    def _bot_seat(self) -> int | None:
        """The bot seat that decides now (the first in seat order), or None."""
        return next((s for s in self._state.deciders if s in self._bots), None)

    def _bot_move(self) -> str | None:
        """One bot move: None if a bot moved, "" if no bot decides now, else what failed."""
        state = self._state
        seat = self._bot_seat()
        if seat is None:
            return ""
        bot = self._bots[seat]
        try:
            state.apply(bot.choose(state, seat), seat=seat)
        except Exception as exc:
            return (f"the {bot.name} bot playing {state.seat_name(seat)} failed "
                    f"({type(exc).__name__}: {str(exc)[:200]}); the game waits at this "
                    "position: undo, or choose another bot with set_bots")
        return None

    def _bot_later(self, loop, turn: int, mark: tuple[int, dict]) -> None:
        """If a bot decides now, name it in the next update (``thinking``) and make its move
        in ``bot_pace`` seconds (unless something changed meanwhile: an undo, a new game or
        new bots start a new ``_bot_turn``); then show that move and go on."""
        self._thinker = self._bot_seat()
        if self._thinker is None:
            return

        def move():
            if turn != self._bot_turn:
                return                              # the game changed meanwhile
            problem = self._bot_move()
            self._keep_mark(mark)
            if problem:
                self.error = problem
                self._thinker = None
            else:
                self._bot_later(loop, turn, mark)   # the next bot, or nobody, thinking
            self._after_change()

        loop.call_later(self.bot_pace, move)

    def _set_bots(self, bots: dict) -> None:
        if not isinstance(bots, dict):
            raise VariantError(f"bots must be a dict like {{1: 'greedy'}}, not {quote(bots)}",
                               "bots")
        made = {}
        for seat, name in bots.items():
            if isinstance(seat, str) and seat.isdecimal() and len(seat) < 3:
                seat = int(seat)                    # a seat as JSON keys write it
            if not isinstance(seat, int) or isinstance(seat, bool) or \
                    not 0 <= seat < self._state.players:
                raise VariantError(f"bots: {quote(seat)} is not a seat of this "
                                   f"{self._state.players}-player game", "bots")
            made[seat] = name if hasattr(name, "choose") else make_bot(
                name, seed=self._state.seed * 10 + seat)
        self._bots = made
        self.bots = {str(seat): getattr(bot, "name", "bot") for seat, bot in made.items()}

    @traitlets.validate("seat")
    def _check_seat(self, proposal):
        seat = proposal["value"]
        if seat == "hotseat" or (isinstance(seat, int) and not isinstance(seat, bool)
                                 and 0 <= seat < self._state.players):
            return seat
        raise traitlets.TraitError(f"seat must be 'hotseat' or 0 to {self._state.players - 1}, "
                                   f"not {quote(seat)}")

    @traitlets.validate("bot_pace")
    def _check_pace(self, proposal):
        pace = proposal["value"]
        if not 0 <= pace <= 10:
            raise traitlets.TraitError(f"bot_pace must be from 0 to 10 seconds, not {pace!r}")
        return pace

    @traitlets.validate("error")
    def _check_error(self, proposal):
        """The last rejection, always text the page can be sent: a character that can't be
        encoded (a lone surrogate copied from some input) is shown escaped, never sent raw,
        which would make every later update fail to serialise."""
        return proposal["value"].encode("utf-8", "backslashreplace").decode("utf-8")

    @traitlets.observe("seat")
    def _seat_changed(self, _change) -> None:
        self._after_change()

    @traitlets.observe("coach")
    def _coach_changed(self, change) -> None:
        if not change["new"]:
            with self.hold_sync():
                self._forget_advice()

    def set_bots(self, bots: dict) -> None:
        """Choose bots by seat, e.g. ``{1: "greedy"}``; they move at once if it's their turn."""
        self._set_bots(bots)
        mark = self._take_mark()
        self.error = " ".join(self._run_bots(mark))
        self._keep_mark(mark)
        self._after_change()

    def _viewer(self) -> int | None:
        """Whose eyes the page shows: the fixed seat, or in hotseat the human seat deciding;
        while only bots decide (and once a bot's move has ended the game), the public view
        where two or more children share the screen (the hand of the child who moved last is
        not left up for the class during the bots' moves), else the seat the page showed
        last; else the public view."""
        if self.seat != "hotseat":
            return self.seat
        seat = self._human_seat()
        if seat is not None:
            return seat
        if self._shared_screen() and (self._bots_decide() or self._bot_ended()):
            return None     # the bots decide: the class sees the public board (issue 33 item 4)
        deciders = self._state.deciders
        return self._shown if self._shown is not None else (deciders[0] if deciders and
                                                            not self._hidden() else None)

    def _hidden(self) -> bool:
        return bool(getattr(self._state, "hidden_information", False) or self.hidden_hands)

    def _after_change(self) -> None:
        """Push the new projection to the front end: all traits in one update. In hotseat
        play of a game with hidden information the screen is covered whenever it would show
        another human seat than the one it showed last: after a move, an undo, or a
        simultaneous choice alike."""
        state = self._state
        viewer = self._viewer()
        if (self.seat == "hotseat" and self._hidden() and viewer is not None
                and viewer != self._shown and viewer not in self._bots):
            self.covered = True
        if not self.covered and viewer is not None:
            self._shown = viewer                    # (the public view between two children
        with self.hold_sync():                      # leaves the last child shown as it was)
            self._forget_advice()                   # it was for the position and seat before
            self.thinking = self._thinker
            self.names = list(state.names)
            self.viewer = viewer
            update = projection(state, None if self.covered else viewer,
                                may_act=self._human_seat() is not None and not self.covered,
                                log_lines=LOG_LINES)
            if self._children_share() and viewer is not None and not self.covered:
                # several children at one screen: "Ana, your turn", not "Your turn"
                update["view"]["prompt"] = addressed(state.seat_name(viewer),
                                                     update["view"].get("prompt", ""))
            self.view, self.legal, self.game_log = (update["view"], update["legal"],
                                                    update["game_log"])
            refusal = self._undo_refusal()
            self.can_undo = not refusal
            self.undo_note = refusal if state.history else ""
            self.last_move = self._last_move(None if self.covered else viewer)
            if self._stale_highlight is not None and self.highlight is self._stale_highlight:
                self.highlight = []
            self._stale_highlight = None
            self.version += 1

    # ------------------------------------------------------------------ what just happened

    def _take_mark(self) -> tuple[int, dict]:
        """Where the record stands before a change: history length, log lines per reader."""
        state = self._state
        readers = [None, *range(state.players)]
        return len(state.history), {seat: len(state.log_for(seat)) for seat in readers}

    def _keep_mark(self, mark: tuple[int, dict]) -> None:
        """Make ``mark`` the start of what just happened if decisions were taken since."""
        if len(self._state.history) > mark[0]:
            self._mark = mark

    def _last_move(self, viewer: int | None) -> dict:
        """The ``last_move`` trait for ``viewer`` (see its comment): the lines it may read, in
        the order things happened (issue 34 item 8: headlines first put a bot's last move
        before the moves it answered), which of them are headlines, and the actions it may
        know of (each bot's too) for the board to mark."""
        empty = {"seat": None, "lines": [], "headlines": [], "said": "", "actions": []}
        if self._mark is None:
            return empty
        state = self._state
        start, counts = self._mark
        history, log = state.history, state.log_entries_for(viewer)
        if start > len(history) or counts.get(viewer, len(log) + 1) > len(log):
            return empty                            # the state was changed behind our back
        decisions = history[start:]
        actions = []
        for entry in decisions[-LOG_LINES:]:
            try:
                action = state.public_action(entry, viewer)
            except GameError:                       # every recorded action parses; be safe
                continue
            if action is not None:
                actions.append({**action.to_dict(), "by": entry["seat"]})
        new = log[counts[viewer]:][-LOG_LINES:]    # the newest, in the order they happened
        lines = [line for line, _ in new]
        headlines = [i for i, (_, top) in enumerate(new) if top]
        return {"seat": decisions[0]["seat"] if decisions else None, "lines": lines,
                "headlines": headlines, "said": recent(lines, headlines), "actions": actions}

    # ------------------------------------------------------------------ saved notebooks

    def picture(self) -> str:
        """An SVG/HTML picture of the position, for notebooks opened without a kernel."""
        return f"<pre>{html.escape(self._state.prompt)}</pre>"

    def _repr_mimebundle_(self, **kwargs):
        data = super()._repr_mimebundle_(**kwargs)
        if isinstance(data, tuple):
            bundle_, meta = data
        else:
            bundle_, meta = data, {}
        if bundle_ is not None:
            bundle_ = dict(bundle_)
            bundle_["text/html"] = self.picture()
        return (bundle_, meta) if isinstance(data, tuple) else bundle_


def recent(lines: list[str], headlines: list[int] = (), room: int = 190) -> str:
    """What just happened in about ``room`` characters (two lines of the page): ``lines`` in
    the order they happened; those at ``headlines`` (what matters most in a move: a duel won,
    a goat home) kept first, the newest of them first, then the newest line, then the newer
    before the older; shown in their order, "…" where lines are left out (the full text is
    the tooltip and the log).

        >>> recent(["a.", "b."])
        'a. b.'
        >>> long = [f"Player {i} placed a mama goat on the raft." for i in range(10)]
        >>> said = recent(long, [2])             # the headline, then the newest, in order
        >>> said.startswith("… Player 2 placed") and said.endswith(long[9])
        True
        >>> recent(["x" * 400, "y."])                 # the newest is shown when room is left
        '… y.'
        >>> recent(["Ana sends the Landslide south: " + "x" * 100, "Her shepherd went home."], [0])
        ... # doctest: +ELLIPSIS
        'Ana sends the Landslide south: xxx... Her shepherd went home.'
    """
    n = len(lines)
    kept: set[int] = set()
    used = 0
    for i in [*reversed(headlines), n - 1, *range(n - 1, -1, -1)]:
        if i >= 0 and i not in kept and (not kept or used + len(lines[i]) <= room):
            kept.add(i)
            used += len(lines[i]) + 1
    out: list[str] = []
    for i, line in enumerate(lines):
        if i in kept:
            out.append(line)
        elif not out or out[-1] != "…":
            out.append("…")
    return " ".join(out)


def _event_loop():
    """The kernel's event loop, to pace bot moves on; None where there is none (plain
    Python): the bots then move at once."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        if sys.platform == "emscripten":            # JupyterLite: the browser's loop
            return asyncio.get_event_loop()
        return None
