"""The coach's display on a game's page: the Suggest button's advice for the seat at the
screen, lit on the board until the position changes (the advice itself is the engine's:
:func:`goatwidgets.engine.coach.for_page`, from that seat's information only).

    >>> from goatwidgets import FloatsMcGoats
    >>> from goatwidgets.engine.estimate import Budget
    >>> w = FloatsMcGoats(players=2, seed=3)
    >>> w.coach_budget = Budget(40, None)        # trials alone: the same advice anywhere
    >>> w.suggest()["seat"], w.highlight != []
    (0, True)
"""

from __future__ import annotations

from typing import Any

import traitlets

from ..engine import NotYourDecisionError
from ..engine.coach import for_page
from ..engine.estimate import Budget
from ..engine.messages import MessageError


class CoachDisplay(traitlets.HasTraits):
    """The coach's part of a :class:`.base.GameWidget` (which calls ``_suggest`` on a
    "suggest" message and ``_forget_advice`` on every change)."""

    #: the coach is on: the page offers Suggest to the seat at the screen with a decision (a
    #: teacher turns it off: ``GoatLords(coach=False)``; a lesson's board has it off)
    coach = traitlets.Bool(True).tag(sync=True)
    #: the coach's advice for the seat the page shows ({} when none; ``coach.for_page``).
    #: Asked for with a "suggest" message (or ``suggest()``); cleared by every change of the
    #: position or of the seat at the screen.
    advice = traitlets.Dict().tag(sync=True)
    #: the coach's search budget: trials, and at most this many milliseconds (``Budget(300,
    #: None)``: the trials alone, the same advice on any machine): ``w.coach_budget = ...``
    coach_budget: Budget = Budget(300, 900.0)

    _advice_highlight: list | None = None   # ``highlight`` as the coach's advice set it

    def suggest(self) -> dict:
        """The coach's advice for the seat at the screen, on its own decision: lit on the board
        (``highlight``) and shown (``advice``) until the position changes; returns ``advice``.
        Refused (``error`` says why, nothing changes, the error is raised) when the coach is
        off, the screen is covered, or no human seat at this screen has a decision."""
        self._reporting(self._suggest)
        return self.advice

    def _suggest(self, asked: Any = None) -> None:
        """Ask the coach (``coach.for_page``, under ``coach_budget``) for the seat the page
        shows deciding (``asked``: the seat a message names, if it names one, must be it)."""
        self._refuse("suggest")
        if not self.coach:
            raise MessageError("the coach is off for this game (a teacher turned it off)",
                               "coach")
        seat, state = self.deciding(), self.state
        if seat is not None and self.covered:
            raise NotYourDecisionError(f"{state.seat_name(seat)} must uncover the screen first",
                                       "hotseat")
        rules = getattr(getattr(self.game_module, "explain", None), "RULES", {})
        advice = for_page(state, seat, self.coach_budget, rules, asked)
        with self.hold_sync():
            self.error = ""
            self.advice = advice
            self.highlight = [state.parse_action(t).to_dict() for t in advice["choices"]]
            self._advice_highlight = self.highlight

    def _forget_advice(self) -> None:
        """Take the coach's advice off the page (and its light off the board)."""
        self.advice = {}
        if self._advice_highlight is not None and self.highlight is self._advice_highlight:
            self.highlight = []
        self._advice_highlight = None

    @traitlets.observe("coach")
    def _coach_changed(self, change) -> None:
        if not change["new"]:
            with self.hold_sync():
                self._forget_advice()
