"""The Lesson widget: a step's text and feedback beside the real game widget.

One screen: the side column (``.gw-lesson-side``: the step, the feedback, the buttons) sits
beside the board (``.gw-lesson-board``) in ``.gw-lesson``. Feedback names what the student
did and what the step asks; an undo on the board takes the move out of the step's record; a
hint highlights its target on the board; a refused try can be opened ("Why?") to show the
rule in our words, with its id.

    >>> from goatwidgets import Lesson
    >>> from goatwidgets.lessons.floats_mcgoats import LESSON
    >>> lesson = Lesson(LESSON)
    >>> lesson.board.play("mama 9,9u")          # doctest: +IGNORE_EXCEPTION_DETAIL
    Traceback (most recent call last):
    IllegalActionError: ...
    >>> lesson.status, lesson.run.outcome.rule
    ('illegal', 'FM-R4')
    >>> lesson.board.play("mama 0,0u"); lesson.status
    'right'
    >>> lesson.board.view["prompt"], lesson.board.view["to_move"]    # nobody is left waiting
    ('Step done ✔', None)
    >>> lesson.board.play("roll")                      # doctest: +IGNORE_EXCEPTION_DETAIL
    Traceback (most recent call last):
    StepDoneError: this step is done ✔: press Next ▶ or Try again (lesson)
    >>> lesson.board.legal, lesson.status              # a done step takes no more moves
    ([], 'right')
    >>> lesson.next(); lesson.run.index
    1
    >>> lesson.go(None)                                # doctest: +IGNORE_EXCEPTION_DETAIL
    Traceback (most recent call last):
    LessonError: index must be a whole number from 0 to 13, not None (lesson)
"""

from __future__ import annotations

import html

import ipywidgets

from ..games import REGISTRY
from ..lessons import Lesson as LessonData
from ..lessons import LessonError, LessonRun, check_index, sentence
from .base import GameWidget
from .policy import Policy

# plain symbols that common fonts have (no emoji font needed on classroom machines)
ICONS = {"right": "✔", "wrong": "✘", "illegal": "⚠", "going": "➜", "ready": "▶", "hint": "ℹ"}


class StepPolicy(Policy):
    """What a lesson's board allows (its :class:`.policy.Policy`): while the step's verdict is
    in for the position on the board (``LessonRun.closed``), the board offers no action
    (``legal == []``) and refuses every move, first pick and ``play`` with the lesson's
    ``StepDoneError``, changing nothing. Undo stays open, and takes back any move of the step
    (its chance is preset and its rival a lesson's): the step goes on. It shows the lesson's
    step only: another ``state`` is refused (the lesson would go on judging the step's game).
    The game's rules and the page's code are the game widget's own."""

    free_undo = True

    def __init__(self, run: LessonRun):
        self.run = run

    def attach(self, widget) -> None:
        widget.can_restart = False              # the lesson's Try again and Next do that

    def closed(self, widget):
        return self.run.closed() if widget.state is self.run.state else None

    def refusal(self, widget, what, state=None):
        if what == "state" and state is not self.run.state:
            return LessonError("a lesson's board plays the lesson's step: press Try again, or "
                               "open another step with the lesson's Back, Next or go()", "lesson")
        return self.closed(widget) if what in ("act", "start") else None

    def may_decide(self, widget) -> bool:
        return self.closed(widget) is None


def lesson_board(game: str, run: LessonRun, seat) -> GameWidget:
    """The game's widget on the step's game, as a lesson's board (:class:`StepPolicy`; no
    coach: the step asks the student to find the move)."""
    return REGISTRY[game].widget()(state=run.state, seat=seat, coach=False,
                                   policy=StepPolicy(run))


def side_button(label: str, tooltip: str, press) -> ipywidgets.Button:
    """A button of the lesson's side column (also the Review's): the game's button look, as
    wide as its label (ipywidgets' fixed width would cut "Next ▶" to "N…"); ``press()`` on
    a click."""
    button = ipywidgets.Button(description=label, tooltip=tooltip,
                               layout=ipywidgets.Layout(width="auto"))
    button.add_class("gw-button")
    button.on_click(lambda _b: press())
    return button


class Lesson(ipywidgets.HBox):
    """Shows a lesson step by step; the student acts on ``board`` (a game widget)."""

    def __init__(self, lesson: LessonData, start: int = 0, step: int | None = None):
        """Walk through all steps from ``start`` (0-based); or show only ``step`` (1-based, no
        Back/Next), for a notebook that gives each rule its own cell. Anything else raises a
        ``LessonError`` naming the argument."""
        self.single = step is not None
        if self.single:
            start = check_index(step, "step", len(lesson.steps), first=1) - 1
        self.run = LessonRun(lesson, start, single=self.single)
        self.board = lesson_board(lesson.game, self.run, lesson.seat)
        self.board.on_action(self._judge)
        self.board.observe(self._rule_broken, names="error")
        self.board.observe(self._board_changed, names="version")
        self.header = ipywidgets.HTML()
        self.header.add_class("gw-lesson-head")
        self.text = ipywidgets.HTML()
        self.feedback = ipywidgets.HTML()
        self.feedback.add_class("gw-lesson-feedback")
        self.rules = ipywidgets.HTML()
        self.rules.add_class("gw-lesson-rules")
        self.back_button = self._button("◀ Back", "Go to the previous step", self.back)
        self.hint_button = self._button("Hint", "Show a hint on the board", self.hint)
        self.retry_button = self._button("Try again", "Start this step again", self.restart)
        self.next_button = self._button("Next ▶", "Go to the next step", self.next)
        buttons = ipywidgets.HBox([self.hint_button, self.retry_button] if self.single else
                                  [self.back_button, self.hint_button, self.retry_button,
                                   self.next_button],
                                  layout=ipywidgets.Layout(flex_flow="row wrap"))
        buttons.add_class("gw-lesson-buttons")
        # the step's text at the top of the side column, on screen with the board
        self.side = ipywidgets.VBox([self.header, self.text, self.feedback, buttons, self.rules])
        self.side.add_class("gw-lesson-side")
        self.board_box = ipywidgets.Box([self.board])
        self.board_box.add_class("gw-lesson-board")
        super().__init__([self.side, self.board_box])
        self.add_class("gw-lesson")
        self._show()

    def _button(self, label: str, tooltip: str, action) -> ipywidgets.Button:
        return side_button(label, tooltip, lambda: self._pressed(action))

    def _pressed(self, action) -> None:
        """A button's click. A click the lesson refuses (Next on the last step, sent by a page
        that shows it disabled) changes nothing and is said in the feedback."""
        try:
            action()
        except LessonError as err:
            self._say("illegal", sentence(err.reason))

    # ------------------------------------------------------------------ navigation

    @property
    def status(self) -> str:
        """ready, going, right, wrong or illegal: how the last try went."""
        return self.run.outcome.status

    def go(self, index: int) -> None:
        """Open step ``index`` (0-based); a bad index raises ``LessonError``, changing nothing."""
        self.run.go(index)
        self._open()

    def next(self) -> None:
        self.run.next()
        self._open()

    def back(self) -> None:
        self.run.back()
        self._open()

    def restart(self) -> None:
        self.run.restart()
        self._open()

    def _open(self) -> None:
        """Show the step the run has just opened."""
        self.board.state = self.run.state
        self._highlight([])
        self._show()

    def hint(self) -> None:
        """Say the hint and highlight its target on the board."""
        text, targets = self.run.hint()
        self._highlight(targets)
        self._say("hint", f"Hint: {text}")

    # ------------------------------------------------------------------ judging

    def _judge(self, action_text: str, _state) -> None:
        """An accepted action (before the board sends its update)."""
        self.run.judge(action_text)
        self._feedback()
        self._show_header()

    def _board_changed(self, _change) -> None:
        """Every board update: an undo shortens the game's history, and so the step's record."""
        if len(self.run.record()) < len(self.run.played):
            self.run.undone()
            self.board.state = self.run.state       # show it without the finished-step pause
            self._feedback()
            self._show_header()

    def _rule_broken(self, change) -> None:
        if change["new"]:
            outcome = self.run.refused(change["new"])
            if outcome.status == "illegal":
                self._highlight(self.run.hint()[1])  # show what the step's move would be
            self._feedback()

    def _feedback(self) -> None:
        outcome = self.run.outcome
        message = outcome.message
        if outcome.status == "right":
            message += (" Step done ✔ — that was the last rule." if self.run.is_last else
                        " Step done ✔ — press Next ▶." if not self.single else
                        " Step done ✔ — scroll down for the next rule.")
        why = ""
        if outcome.rule and outcome.why:
            why = (f'<details class="gw-why"><summary>Why? ({html.escape(outcome.rule)})'
                   f'</summary>{html.escape(outcome.why)}</details>')
        self._say(outcome.status, message, why)

    def _say(self, status: str, message: str, extra_html: str = "") -> None:
        self.feedback.value = (f'<div class="gw-feedback gw-feedback-{status}" role="status" '
                               f'aria-live="polite">{ICONS.get(status, "")} '
                               f'{html.escape(message, quote=False)}{extra_html}</div>')

    def _highlight(self, targets: list) -> None:
        if self.board.has_trait("highlight"):
            self.board.highlight = list(targets)

    # ------------------------------------------------------------------ showing

    def _show_header(self) -> None:
        run, steps = self.run, self.run.lesson.steps
        marks = "" if self.single else "".join(
            "●" if i in run.done else ("◉" if i == run.index else "○") for i in range(len(steps)))
        # (role img: a span's aria-label counts only with a role, and the marks are a picture)
        progress = (f'<span class="gw-lesson-progress" role="img" aria-label="{len(run.done)} of '
                    f'{len(steps)} steps done">{marks}</span>' if marks else "")
        done = ' <span class="gw-lesson-done">✔ done</span>' if run.outcome.status == "right" \
            else ""
        self.header.value = (f'<div class="gw-lesson-header"><b>Step {run.index + 1} of '
                             f'{len(steps)}: {html.escape(run.step.title)}</b>{done}'
                             f'{"<br>" + progress if progress else ""}</div>')

    def _show_rules(self) -> None:
        """The step's rules in our words, one click away (for teachers)."""
        ids = [r.strip() for r in self.run.step.rule.split(",") if r.strip()]
        known = [(r, self.run.rules[r]) for r in ids if r in self.run.rules]
        if not known:
            self.rules.value = ""
            return
        items = "".join(f"<li><b>{html.escape(r)}</b>: {html.escape(text)}</li>"
                        for r, text in known)
        self.rules.value = (f'<details class="gw-rules"><summary>The rules behind this step '
                            f'({html.escape(", ".join(r for r, _ in known))})</summary>'
                            f'<ul>{items}</ul></details>')

    def _show(self) -> None:
        run = self.run
        self._show_header()
        self.text.value = f'<p class="gw-lesson-text">{html.escape(run.step.text)}</p>'
        self._say("ready", "Your move: act on the board.")
        self._show_rules()
        self.back_button.disabled = run.index == 0
        self.next_button.disabled = run.is_last

