"""Lessons: rules taught one step at a time, each step checked on a real game position.

A :class:`Step` has our own words (``text``), a ``position`` (a function that builds the
game state, chance preset), what the student should do (``expect``), a ``hint``, and the
feedback for a right (``right``) and a wrong (``wrong``) try. :class:`LessonRun` plays a
lesson without any widget (tests and bots use it); ``goatwidgets.Lesson`` shows it.

    >>> from goatwidgets.lessons.floats_mcgoats import LESSON
    >>> run = LessonRun(LESSON)
    >>> run.step.title
    'Your first goat'
    >>> run.try_action("mama 9,9u").status          # breaks a rule: explained, nothing changes
    'illegal'
    >>> run.try_action(run.step.solution[0]).status
    'right'

``expect`` is one of:

- an action text (``"mama 0,0u"``) or a list of them to play in order;
- a function ``check(state, played) -> True | False | None`` where ``played`` is the list of
  action texts so far in this step: True = done and right, False = wrong, None = go on.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Sequence, Union

from ..engine import GameError, State

Check = Callable[[State, list], Union[bool, None]]


@dataclass(frozen=True)
class Step:
    """One thing to learn and do."""

    title: str
    text: str
    position: Callable[[], State]
    expect: Union[str, Sequence[str], Check]
    hint: str
    right: str
    wrong: str
    rule: str = ""
    #: a list of action texts that solves the step (for tests and the "show me" button)
    solution: Sequence[str] = field(default_factory=tuple)

    def check(self, state: State, played: list[str]) -> bool | None:
        """True: done and right; False: wrong; None: keep going."""
        if callable(self.expect):
            return self.expect(state, played)
        wanted = [self.expect] if isinstance(self.expect, str) else list(self.expect)
        wanted = [str(state.parse_action(w)) for w in wanted]
        if played != wanted[:len(played)]:
            return False
        return True if len(played) == len(wanted) else None


@dataclass(frozen=True)
class Lesson:
    """A titled list of steps for one game."""

    title: str
    game: str
    steps: Sequence[Step]


@dataclass
class Outcome:
    """What happened to one try: ``status`` is right, wrong, going, or illegal."""

    status: str
    message: str


class LessonRun:
    """A student's way through a lesson: the current step, its state, and progress."""

    def __init__(self, lesson: Lesson, start: int = 0):
        self.lesson = lesson
        self.done: set[int] = set()
        self.go(start)

    @property
    def step(self) -> Step:
        return self.lesson.steps[self.index]

    def go(self, index: int) -> None:
        """Open step ``index`` with a fresh position."""
        if not 0 <= index < len(self.lesson.steps):
            raise IndexError(f"step {index + 1} does not exist (1 to {len(self.lesson.steps)})")
        self.index = index
        self.state = self.step.position()
        self.played: list[str] = []
        self.outcome = Outcome("ready", "")

    def restart(self) -> None:
        self.go(self.index)

    def next(self) -> None:
        self.go(min(self.index + 1, len(self.lesson.steps) - 1))

    def back(self) -> None:
        self.go(max(self.index - 1, 0))

    def try_action(self, text: str) -> Outcome:
        """Play ``text`` on the step's position and judge it."""
        try:
            action = self.state.parse_action(text)
            self.state.apply(action)
        except GameError as err:
            self.outcome = Outcome("illegal", f"Not allowed: {err}")
            return self.outcome
        return self.judge(str(action))

    def judge(self, played_text: str) -> Outcome:
        """Judge an action already applied to ``self.state`` (the widget applies it)."""
        self.played.append(played_text)
        verdict = self.step.check(self.state, list(self.played))
        if verdict is True:
            self.done.add(self.index)
            self.outcome = Outcome("right", self.step.right)
        elif verdict is False:
            self.outcome = Outcome("wrong", self.step.wrong)
        else:
            self.outcome = Outcome("going", "Good, keep going.")
        return self.outcome
