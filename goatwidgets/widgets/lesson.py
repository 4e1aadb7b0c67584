"""The Lesson widget: a step's text, the real game widget, and feedback on every try.

    >>> from goatwidgets import Lesson
    >>> from goatwidgets.lessons.floats_mcgoats import LESSON
    >>> lesson = Lesson(LESSON)
    >>> lesson.board.play("mama 9,9u")          # doctest: +IGNORE_EXCEPTION_DETAIL
    Traceback (most recent call last):
    IllegalActionError: ...
    >>> lesson.status
    'illegal'
    >>> lesson.board.play("mama 0,0u"); lesson.status
    'right'
    >>> lesson.next(); lesson.run.index
    1
"""

from __future__ import annotations

import html

import ipywidgets

from ..games import REGISTRY
from ..lessons import Lesson as LessonData
from ..lessons import LessonRun
# plain symbols that common fonts have (no emoji font needed on classroom machines)
ICONS = {"right": "✔", "wrong": "✘", "illegal": "⚠", "going": "➜", "ready": "▶", "hint": "ℹ"}


class Lesson(ipywidgets.VBox):
    """Shows a lesson step by step; the student acts on ``board`` (a game widget)."""

    def __init__(self, lesson: LessonData, start: int = 0, step: int | None = None):
        """Walk through all steps from ``start``; or show only ``step`` (1-based, no Back/Next),
        for a notebook that gives each rule its own cell."""
        self.single = step is not None
        if self.single and not 1 <= step <= len(lesson.steps):
            raise ValueError(f"step must be 1 to {len(lesson.steps)}, not {step}")
        self.run = LessonRun(lesson, step - 1 if self.single else start)
        self.board = REGISTRY[lesson.game].widget()(state=self.run.state, seat=0)
        self.board.on_action(self._judge)
        self.board.observe(self._rule_broken, names="error")
        self.header = ipywidgets.HTML()
        self.text = ipywidgets.HTML()
        self.feedback = ipywidgets.HTML()
        self.feedback.add_class("gw-lesson-feedback")
        self.back_button = self._button("◀ Back", "Go to the previous step", self.back)
        self.hint_button = self._button("Hint", "Show a hint for this step", self.hint)
        self.retry_button = self._button("Try again", "Start this step again", self.restart)
        self.next_button = self._button("Next ▶", "Go to the next step", self.next)
        buttons = ipywidgets.HBox([self.hint_button, self.retry_button] if self.single else
                                  [self.back_button, self.hint_button, self.retry_button,
                                   self.next_button])
        super().__init__([self.header, self.text, self.board, self.feedback, buttons])
        self.add_class("gw-lesson")
        self._show()

    @staticmethod
    def _button(label: str, tooltip: str, action) -> ipywidgets.Button:
        button = ipywidgets.Button(description=label, tooltip=tooltip)
        button.on_click(lambda _b: action())
        return button

    # ------------------------------------------------------------------ navigation

    @property
    def status(self) -> str:
        """ready, going, right, wrong or illegal: how the last try went."""
        return self.run.outcome.status

    def go(self, index: int) -> None:
        self.run.go(index)
        self.board.state = self.run.state
        self._show()

    def next(self) -> None:
        self.go(min(self.run.index + 1, len(self.run.lesson.steps) - 1))

    def back(self) -> None:
        self.go(max(self.run.index - 1, 0))

    def restart(self) -> None:
        self.go(self.run.index)

    def hint(self) -> None:
        self._say("hint", f"Hint: {self.run.step.hint}")

    # ------------------------------------------------------------------ judging

    def _judge(self, action_text: str, _state) -> None:
        outcome = self.run.judge(action_text)
        more = " Scroll down for the next rule." if self.single and outcome.status == "right" else ""
        self._say(outcome.status, outcome.message + more)
        self._show_header()

    def _rule_broken(self, change) -> None:
        if change["new"]:
            self.run.outcome.status = "illegal"
            self._say("illegal", f"Not allowed: {change['new']} Hint: {self.run.step.hint}")

    def _say(self, status: str, message: str) -> None:
        self.feedback.value = (f'<div class="gw-feedback gw-feedback-{status}" role="status">'
                               f'{ICONS.get(status, "")} {html.escape(message)}</div>')

    def _show_header(self) -> None:
        run, steps = self.run, self.run.lesson.steps
        marks = "" if self.single else "".join(
            "●" if i in run.done else ("◉" if i == run.index else "○") for i in range(len(steps)))
        rule = f" <small>({html.escape(run.step.rule)})</small>" if run.step.rule else ""
        progress = (f'<br><span aria-label="{len(run.done)} of {len(steps)} steps done">'
                    f'{marks}</span>' if marks else "")
        self.header.value = (f'<div class="gw-lesson-header"><b>Step {run.index + 1} of '
                             f'{len(steps)}: {html.escape(run.step.title)}</b>{rule}'
                             f'{progress}</div>')

    def _show(self) -> None:
        run = self.run
        self._show_header()
        self.text.value = f'<p class="gw-lesson-text">{html.escape(run.step.text)}</p>'
        self._say("ready", "Your move: act on the board above.")
        self.back_button.disabled = run.index == 0
        self.next_button.disabled = run.index == len(run.lesson.steps) - 1
