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

from typing import Any, Callable, ClassVar

import traitlets

from ..engine import GameError, NotYourDecisionError, State, VariantError, projection, quote
from ..engine.messages import MessageError, check
from ..engine.table import LOG_LINES, Table, recent
from ..engine.words import addressed
from .coaching import CoachDisplay
from .policy import Policy
from .wire import SEAT_OR_NONE, PageWidget, _SeatTrait, bundle

__all__ = ["GameWidget", "MessageError", "Policy", "SEAT_OR_NONE", "bundle", "recent",
           "LOG_LINES"]


class GameWidget(CoachDisplay, PageWidget):
    """Base of every game widget: a view of a :class:`~goatwidgets.engine.table.Table` (the
    game, its seats and bots, the undo policy, what just happened). Subclasses set
    ``game_module`` and ``_esm``; a ``policy`` (:class:`Policy`) says what a board allows."""

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
    game_log = traitlets.List().tag(sync=True)   # "log" is taken by ipywidgets' logger
    bots = traitlets.Dict().tag(sync=True)
    version = traitlets.Int(0).tag(sync=True)
    names = traitlets.List().tag(sync=True)
    can_undo = traitlets.Bool(False).tag(sync=True)
    #: why Undo is off now, in plain words ("" while it is on): the button's tooltip
    undo_note = traitlets.Unicode("").tag(sync=True)
    #: the page offers "New game" when a game is over (same players, names, options, bots)
    can_restart = traitlets.Bool(True).tag(sync=True)
    #: what the last accepted decision(s) did, for the viewer (``Table.last_move``): a
    #: human's move plus the bot moves after it, or the bots' moves alone. Empty after an
    #: undo or a new game.
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
    #: seconds between bot moves (0: at once). Each bot move is shown as it is made; with a
    #: pace, one at a time, so a class can follow them: ``w.bot_pace = 1``. A pace needs the
    #: kernel's event loop (a notebook, JupyterLite); elsewhere (plain Python, tests) the bots
    #: move at once.
    bot_pace = traitlets.Float(0.0)

    _JSON_ONLY: ClassVar[frozenset] = frozenset({"view", "legal", "game_log", "last_move",
                                                 "advice"})

    #: the rules module (``goatwidgets.games.<game>``): ``new_game`` and ``State``
    game_module: ClassVar[Any] = None
    #: force the hotseat cover even if the game declares no hidden information
    hidden_hands: ClassVar[bool] = False
    #: Undo takes back any decision, chance and other seats' included: a lesson's board (whose
    #: chance is preset), or a teacher's demonstration (``FloatsMcGoats(free_undo=True)``).
    #: Else Undo is for the seat at the screen's own decisions only, and never past a die
    #: roll, a card drawn or anything that showed hidden cards to that seat
    #: (``Table.undo_refusal``).
    free_undo: ClassVar[bool] = False
    def __init__(self, state: State | None = None, *, players: int = 2, seed: int | None = None,
                 names=None, seat: int | str = "hotseat", bots: dict | None = None,
                 free_undo: bool | None = None, bot_pace: float = 0.0, coach: bool = True,
                 policy: Policy | None = None, loop=None, **variants: Any):
        if state is None:
            state = self.game_module.new_game(players=players, seed=seed, names=names,
                                              **variants)
        state = self._check_state(state)
        self.policy = policy or Policy()
        if free_undo is not None:
            if not isinstance(free_undo, bool):
                raise VariantError(f"free_undo must be True or False, not {quote(free_undo)}",
                                   "free_undo")
            self.free_undo = free_undo
        if self.policy.free_undo is not None:
            self.free_undo = self.policy.free_undo
        if not isinstance(coach, bool):
            raise VariantError(f"coach must be True or False, not {quote(coach)}", "coach")
        self.table = Table(state, free_undo=self.free_undo, pace=bot_pace, loop=loop,
                           hidden=True if self.hidden_hands else None)
        self._shown: int | None = None        # the seat whose eyes the page showed last
        self._listeners: list[Callable[[str, State], None]] = []
        self._stale_highlight: list | None = None   # ``highlight`` as of the last change
        super().__init__()
        self.coach = coach
        self.bot_pace = bot_pace
        self.on_msg(self._on_front_end_msg)   # never override _handle_msg (see notes)
        self._set_bots(bots or {})
        self.seat = seat
        mark = self.table.take_mark()
        self.error = " ".join(self.table.run_bots())  # a bot may hold the first decision
        self.table.keep_mark(mark)
        if not self._shared_screen():           # hidden cards, children sharing: covered
            self._shown = self._viewer()         # whoever made the widget is at the screen
        self._after_change()
        self.policy.attach(self)

    # ------------------------------------------------------------------ Python handles

    @property
    def state(self) -> State:
        """The game itself (a ``State``); change it only through ``play``/``undo``/``reset``."""
        return self.table.state

    @state.setter
    def state(self, state: State) -> None:
        self._refuse("state", state)
        self.table.replace(self._check_state(state))
        self._stale_highlight = self.highlight
        self._run_bots()

    @classmethod
    def _check_state(cls, state) -> State:
        """The widget's game, for the constructor and the ``state`` setter alike."""
        if not isinstance(state, cls.game_module.State):
            raise TypeError(f"state must be a {cls.game_module.State.__name__} "
                            f"({cls.game_module.State.game}), not {type(state).__name__}")
        return state

    def play(self, action: str, seat: int | None = None) -> None:
        """Play ``action`` (text form) for the pending decision, then let bots move.

        On a rejection ``error`` explains it, nothing changes, and the error is raised.
        ``seat``: the decision is that seat's (a room's device that holds it): refused unless
        a person plays it and it decides now.
        """
        self._reporting(self._play, action, from_page=False, seat=seat)

    def undo(self, seat: int | None = None) -> None:
        """Take back the last human decision (and the bot moves after it).

        Where every seat is a bot there is no human decision to take back: Undo is refused
        (``can_undo`` is False) rather than rewinding the bots' whole game; start another
        with ``reset()``. ``seat``: asked by that seat (a room's device), by the rules of the
        hot-seat Undo: its own last move only."""
        self._reporting(self._undo, seat)

    def uncover(self) -> None:
        """Show the board to the child now at the screen (the hot-seat cover's button)."""
        self.covered = False
        viewer = self._viewer()
        if viewer is not None:                  # (None: the bots' public board, see _viewer)
            self._shown = viewer
        self._after_change()

    def reset(self, seed: int | None = None, **options: Any) -> None:
        """Start a new game with the same players, names and variants (or new ones)."""
        old = self.state
        settings = {"players": old.players, "names": old.names, **old.variants, **options}
        self.state = self.game_module.new_game(seed=seed, **settings)

    def set_bots(self, bots: dict) -> None:
        """Choose bots by seat, e.g. ``{1: "greedy"}``; they move at once if it's their turn."""
        self._set_bots(bots)
        self._run_bots()

    def on_action(self, callback: Callable[[str, State], None]) -> None:
        """Call ``callback(action_text, state)`` after each accepted human action."""
        self._listeners.append(callback)

    def _reporting(self, work: Callable, *args, **kwargs) -> None:
        """``work(...)``; a refusal is shown (``error``) and raised."""
        try:
            work(*args, **kwargs)
        except GameError as err:
            self.error = str(err)
            raise

    def _refuse(self, what: str, state: State | None = None) -> None:
        refusal = self.policy.refusal(self, what, state)
        if refusal is not None:
            raise refusal

    # ------------------------------------------------------------------ messages

    def _on_front_end_msg(self, _widget, content, _buffers) -> None:
        """Handle a message from the front end. Never raises: errors go to ``error``."""
        try:
            self._dispatch(check(content, self.version))
        except GameError as err:
            self.error = str(err)

    def _dispatch(self, message: dict) -> None:
        kind = message["type"]
        if kind == "act":
            self._play(message["action"])
        elif kind == "start":
            self._refuse("start")
            self.table.explain_start(None if self.covered else self.deciding(),
                                     message["action"])
            self.error = ""
        elif kind == "undo":
            self._undo()
        elif kind == "new":
            if not (self.can_restart and self.state.is_over):
                raise MessageError("a new game starts from the button shown when a game is over",
                                   "message")
            self.reset()
        elif kind == "suggest":
            self._suggest(message.get("seat"))
        else:
            self.uncover()                        # the next seat is at the screen now

    # ------------------------------------------------------------------ the work

    def _people(self) -> list[int] | None:
        """The seats a person at this screen decides for: the fixed seat, or every person's."""
        return None if self.seat == "hotseat" else [self.seat]

    def deciding(self, seat: int | None = None) -> int | None:
        """The seat a person at this screen acts for now, or None. Hotseat: the first human
        seat (in seat order) with a decision pending; a fixed seat: that seat, if it has one;
        ``seat`` given (a room's device that holds it): it, if it has one."""
        if not self.policy.may_decide(self):
            return None
        return self.table.deciding(self._people() if seat is None else [seat])

    def _play(self, text: str, from_page: bool = True, seat: int | None = None) -> None:
        """Apply a human decision: a click on the page (which must be uncovered first), a
        cell's ``play`` (the code decides for the deciding seat; the cover stays as it is) or
        a room device's, for the ``seat`` it holds."""
        self._refuse("act")
        state = self.state
        if state.is_over:
            state.apply(text)                       # raises GameOverError, naming the action
        device = seat
        seat = self.deciding(device)
        if seat is None:
            raise self.table.not_yours(device if device is not None else
                                       None if self.seat == "hotseat" else self.seat)
        if self.covered and from_page:
            raise NotYourDecisionError(f"{state.seat_name(seat)} must uncover the screen first",
                                       "hotseat")
        action = state.parse_action(text)
        problems = self.table.act(seat, action)
        mark = self.table.mark
        self._stale_highlight = self.highlight
        self.error = ""
        for callback in list(self._listeners):
            try:
                callback(str(action), state)
            except Exception as exc:        # a teacher's callback must not freeze the page
                name = getattr(callback, "__name__", "callback")
                problems.append(f"the on_action callback {name!r} failed: "
                                f"{type(exc).__name__}: {str(exc)[:200]}")
        problems += self.table.run_bots(mark, self._show)
        if problems:
            self.error = " ".join(problems)
        self._after_change()

    def _run_bots(self) -> None:
        """Let the bots move after a change from Python (new bots, a new game, an undo)."""
        mark = self.table.take_mark()
        self.error = " ".join(self.table.run_bots(mark, self._show))
        self.table.keep_mark(mark)
        self._after_change()

    def _show(self, problem: str = "") -> None:
        """Show a bot's move as it is made (``Table.run_bots``), and what stopped the bots."""
        if problem:
            self.error = problem
        self._after_change()

    def _undo_refusal(self, seat: int | None = None) -> str:
        """Why Undo is refused now ("" if allowed) for the screen, or a room device's ``seat``:
        the board's policy, then the table's."""
        refusal = self.policy.refusal(self, "undo")
        if refusal is not None:
            return refusal.reason
        if seat is not None:
            return self.table.undo_refusal(seat, False, [seat])
        return self.table.undo_refusal(self._viewer(), self.covered, self._people())

    def _undo(self, seat: int | None = None) -> None:
        refusal = self._undo_refusal(seat)
        if refusal:
            raise GameError(refusal, "undo")
        if seat is not None:
            self.table.undo(seat, False, [seat], lambda: self.deciding(seat))
        else:
            self.table.undo(self._viewer(), self.covered, self._people(), self.deciding)
        self._stale_highlight = self.highlight
        self._run_bots()                           # unless only bots moved since the start

    def _set_bots(self, bots: dict) -> None:
        self.table.set_bots(bots)
        self.bots = self.table.bot_names()

    @traitlets.validate("seat")
    def _check_seat(self, proposal):
        seat, players = proposal["value"], self.state.players
        if seat == "hotseat" or (isinstance(seat, int) and not isinstance(seat, bool)
                                 and 0 <= seat < players):
            return seat
        raise traitlets.TraitError(f"seat must be 'hotseat' or 0 to {players - 1}, "
                                   f"not {quote(seat)}")

    @traitlets.validate("bot_pace")
    def _check_pace(self, proposal):
        pace = proposal["value"]
        if not 0 <= pace <= 10:
            raise traitlets.TraitError(f"bot_pace must be from 0 to 10 seconds, not {pace!r}")
        return pace

    @traitlets.observe("bot_pace")
    def _pace_changed(self, change) -> None:
        self.table.pace = change["new"]

    @traitlets.observe("seat")
    def _seat_changed(self, _change) -> None:
        self._after_change()

    # ------------------------------------------------------------------ the screen

    def _children_share(self) -> bool:
        """Hot-seat play by two or more children at one screen (hidden cards or not)."""
        return self.seat == "hotseat" and len(self.table.people) > 1

    def _shared_screen(self) -> bool:
        """Hot-seat play of a game with hidden cards by two or more children at one screen:
        the screen shows a child's own cards only while that child decides (and a game starts
        behind the cover: the first child's cards are not shown to the class)."""
        return self._children_share() and self.table.hidden

    def _viewer(self) -> int | None:
        """Whose eyes the page shows: the fixed seat, or in hotseat the human seat deciding;
        while only bots decide (and once a bot's move has ended the game), the public view
        where two or more children share the screen (the hand of the child who moved last is
        not left up for the class during the bots' moves), else the seat the page showed
        last; else the public view."""
        if self.seat != "hotseat":
            return self.seat
        seat = self.deciding()
        if seat is not None:
            return seat
        table = self.table
        if self._shared_screen() and (table.bot_seat() is not None or table.bot_ended()):
            return None     # the bots decide: the class sees the public board (issue 33 item 4)
        deciders = self.state.deciders
        return self._shown if self._shown is not None else (deciders[0] if deciders and
                                                            not table.hidden else None)

    def _after_change(self) -> None:
        """Push the new projection to the front end: all traits in one update. In hotseat
        play of a game with hidden information the screen is covered whenever it would show
        another human seat than the one it showed last: after a move, an undo, or a
        simultaneous choice alike."""
        state, table = self.state, self.table
        viewer = self._viewer()
        if not self._shared_screen():
            self.covered = False      # one child at the screen (bots took the others' seats)
        elif viewer is not None and viewer != self._shown and viewer not in table.bots:
            self.covered = True
        if not self.covered and viewer is not None:
            self._shown = viewer                    # (the public view between two children
        with self.hold_sync():                      # leaves the last child shown as it was)
            self._forget_advice()                   # it was for the position and seat before
            self.thinking = table.thinking
            self.names = list(state.names)
            self.viewer = viewer
            update = projection(state, None if self.covered else viewer,
                                may_act=self.deciding() is not None and not self.covered,
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
            self.last_move = table.last_move(None if self.covered else viewer)
            if self._stale_highlight is not None and self.highlight is self._stale_highlight:
                self.highlight = []
            self._stale_highlight = None
            self.policy.dress(self)
            self.version += 1
