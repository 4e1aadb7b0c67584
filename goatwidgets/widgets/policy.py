"""What a board allows beyond the rules (a policy object the widget asks).

A game widget allows everything the rules allow (:class:`Policy`). A lesson's step
(:class:`.lesson.StepPolicy`) refuses moves once its verdict is in; a review's replay
(:class:`.review.ReplayPolicy`) takes no move at all and lights the moves it talks about::

    >>> from goatwidgets import FloatsMcGoats
    >>> class Watching(Policy):
    ...     def may_decide(self, widget): return False
    ...     def refusal(self, widget, what, state=None):
    ...         return GameError("only watching", "demo") if what != "undo" else None
    >>> w = FloatsMcGoats(policy=Watching())
    >>> w.legal                                 # nothing offered
    []
    >>> w.play("roll")
    Traceback (most recent call last):
    ...
    goatwidgets.engine.errors.GameError: only watching (demo)
"""

from __future__ import annotations

from ..engine import GameError, State


class Policy:
    """A game widget's: everything the rules allow."""

    #: Undo takes back any decision (None: the widget's ``free_undo``)
    free_undo: bool | None = None

    def attach(self, widget: "GameWidget") -> None:
        """Called once the widget is built and drawn (a review's board lights its moves)."""

    def refusal(self, widget: "GameWidget", what: str,
                state: State | None = None) -> GameError | None:
        """Why ``what`` is refused now, or None: "act" (a move), "start" (a move's first
        click), "suggest" (the coach), "undo", "state" (another game: ``state``)."""
        return None

    def may_decide(self, widget: "GameWidget") -> bool:
        """Whether a person at this board may decide now (the rules permitting)."""
        return True

    def dress(self, widget: "GameWidget") -> None:
        """Called at the end of each update of the page's traits, inside the same update."""
