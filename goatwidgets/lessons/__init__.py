"""Lessons: rules taught one step at a time, each step checked on a real game position.

A :class:`Step` has our own words (``text``), a ``position`` (a function that builds the
game state, chance preset), what the student should do (``expect``), a ``hint``, the
feedback for a right (``right``) and a wrong (``wrong``) try, and messages for mistakes the
step expects (``mistakes``). :class:`LessonRun` plays a lesson without any widget (tests and
bots use it); ``goatwidgets.Lesson`` shows it beside the real game widget.

    >>> from goatwidgets.lessons.floats_mcgoats import LESSON
    >>> run = LessonRun(LESSON)
    >>> run.step.title
    'Your first goat'
    >>> run.try_action("roll").message                  # judged from what was done
    'You rolled the die; this step asks you to place a mama goat. Press Undo on the board to take it back, or Try again.'
    >>> run.undo().status                               # undo takes it out of the record
    'going'
    >>> run.try_action("mama 9,9u").status              # breaks a rule: explained, nothing changes
    'illegal'
    >>> run.outcome.rule, run.outcome.message
    ('FM-R4', "Not allowed — can't place a goat there: that spot doesn't touch the raft; a goat goes in a triangle beside a raft stick.")
    >>> run.try_action(run.step.solution[0]).status
    'right'
    >>> run.try_action("roll").message                  # a done step takes no more moves
    'This step is done ✔: press Next ▶ or Try again.'
    >>> run.next(); run.index
    1
    >>> run.go(1.5)                                     # doctest: +IGNORE_EXCEPTION_DETAIL
    Traceback (most recent call last):
    LessonError: index must be a whole number from 0 to 13, not 1.5 (lesson)

``expect`` is one of:

- an action text (``"mama 0,0u"``) or a list of them to play in order;
- a function ``check(state, played) -> True | False | None`` where ``played`` is the list of
  action texts so far in this step: True = done and right, False = wrong, None = go on.

The record of a step is the game's own history since the step's position, so an undo on
the board takes a move out of it. Once a step's verdict is in (right or wrong), its position
takes no more moves (:meth:`LessonRun.closed`) until Undo, Try again or another step: a right
step stays right. Undo stays open on a done step: it takes the last move out of the step,
which goes on (and the same move brings the ✔ back). Student-facing texts are plain words;
rule ids are kept for the "Why?" that a message can open (``Outcome.rule`` and ``Outcome.why``).

A lesson module builds its steps' positions with :func:`step_positions`;
``tests/widgets/test_every_lesson.py`` plays every step's ``solution`` in every registered
lesson and expects it judged right.
"""

from __future__ import annotations

import operator
import re
from dataclasses import dataclass, field
from importlib import import_module
from typing import Callable, Mapping, Sequence, Union

from ..engine import GameError, State, quote
from ..games import REGISTRY

StepCheck = Callable[[State, list], Union[bool, None]]
#: every lesson seats the student first, as "You", against one "Rival"
YOU, RIVAL = 0, 1
NAMES = ("You", "Rival")
#: "message (RULE-ID)", the form of every GameError's text
_WITH_RULE = re.compile(r"^(?P<reason>.*?) \((?P<rule>[^()]+)\)$", re.S)
TAKE_BACK = "Press Undo on the board to take it back, or Try again."


class LessonError(GameError):
    """A lesson asked for a step it does not have (``Lesson(step="2")``, ``go(None)``, Next
    on the last step); nothing changes."""


class StepDoneError(LessonError):
    """A move on a step whose verdict is in: the step takes no more moves until Undo, Try
    again or Next; nothing changes."""


def check_index(value, name: str, count: int, first: int = 0) -> int:
    """``value`` if it is a whole number from ``first`` to ``first + count - 1``, else a
    :class:`LessonError` naming ``name``.

        >>> check_index(2, "step", 14, first=1)
        2
        >>> check_index("2", "step", 14, first=1)     # doctest: +IGNORE_EXCEPTION_DETAIL
        Traceback (most recent call last):
        LessonError: step must be a whole number from 1 to 14, not '2' (lesson)
    """
    try:
        number = None if isinstance(value, bool) else operator.index(value)
    except TypeError:
        number = None
    if number is None or not first <= number < first + count:
        raise LessonError(f"{name} must be a whole number from {first} to {first + count - 1}, "
                          f"not {quote(value)}", "lesson")
    return number


@dataclass(frozen=True)
class Step:
    """One thing to learn and do."""

    title: str
    text: str
    position: Callable[[], State]
    expect: Union[str, Sequence[str], StepCheck]
    hint: str
    right: str
    wrong: str
    rule: str = ""
    #: a list of action texts that solves the step (tests, the hint's highlight, and what the
    #: step asks when the student does something else)
    solution: Sequence[str] = field(default_factory=tuple)
    #: messages for mistakes this step expects, keyed by an action text ("baby 0,0u"), an
    #: action kind ("roll") or, for a try the rules refuse, a rule id ("FM-R4")
    mistakes: Mapping[str, str] = field(default_factory=dict)

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
    """A titled list of steps for one game; the student plays ``seat``."""

    title: str
    game: str
    steps: Sequence[Step]
    seat: int = 0


@dataclass
class Outcome:
    """What happened to one try: ``status`` is ready, going, right, wrong or illegal;
    ``rule``/``why``: the rule a refused try broke, and that rule in our words."""

    status: str
    message: str
    rule: str = ""
    why: str = ""


def step_positions(position: Callable[..., State], *,
                   seed: int) -> Callable[..., Callable[[], State]]:
    """The position builder of a lesson module, for its game's ``position`` function:
    ``_at(**kwargs)`` is a step's ``position``, building ``position(players=2, names=NAMES,
    seed=seed, **kwargs)`` afresh whenever the step opens. Two keywords are the lesson's own:
    ``then``, (seat, action) pairs played first and made the step's start (so Undo never
    takes them back), and ``preset``, chance outcomes queued after that (what the student's
    next roll shows).

        >>> from goatwidgets.games.floats_mcgoats import position
        >>> _at = step_positions(position, seed=1)
        >>> state = _at(then=[(YOU, "mama 0,0u")], preset={"die": "shark"})()
        >>> state.names, state.history
        (('You', 'Rival'), [])
        >>> state.apply("roll", seat=RIVAL); state.history[-1]["chance"]
        ['die=shark']
    """
    def at(then: Sequence[tuple[int, str]] = (), preset: Mapping | None = None,
           **kwargs) -> Callable[[], State]:
        kwargs = {"players": 2, "names": NAMES, "seed": seed, **kwargs}

        def build() -> State:
            state = position(**kwargs)
            for seat, action in then:
                state.apply(action, seat=seat)
            if then:
                state.rebase()
            if preset:
                state.preset(**preset)
            return state
        return build
    return at


def game_words(game: str):
    """The game's ``explain`` module, or None. Lessons use its ``describe(action)`` ("place a
    mama goat"), ``did(action)`` ("placed a mama goat") and ``RULES`` ({rule id: our words})
    where it has them, and fall back on the step's own texts where it does not."""
    try:
        return import_module(REGISTRY[game].module_path + ".explain")
    except (KeyError, ImportError):
        return None


def split_rule(text: str) -> tuple[str, str]:
    """``"can't do that (FM-R4)"`` -> ``("can't do that", "FM-R4")``."""
    m = _WITH_RULE.match(text.strip())
    return (m.group("reason"), m.group("rule")) if m else (text.strip(), "")


def sentence(reason: str) -> str:
    """An error's lowercase reason as a sentence of feedback: ``"there is no step" ->
    "There is no step."``"""
    return f"{reason[:1].upper()}{reason[1:]}."


def pause(state: State, note: str) -> None:
    """Show ``note`` instead of the pending decision, and no seat to move: a finished step
    must not hand the turn to a seat that will never move. ``resume`` undoes it. (Only what
    the state *shows* changes; its rules, history and JSON stay the same.)"""
    shown = type(state).view

    def view(seat=None):
        data = shown(state, seat)
        data.update(prompt=note, to_move=None, deciders=[])
        return data

    state.view = view


def resume(state: State) -> None:
    """Undo :func:`pause`."""
    state.__dict__.pop("view", None)


class LessonRun:
    """A student's way through a lesson: the current step, its state, and progress.
    ``single``: the lesson shows this one step only (a notebook cell per rule): no Back or
    Next."""

    def __init__(self, lesson: Lesson, start: int = 0, *, single: bool = False):
        self.lesson = lesson
        self.seat = lesson.seat
        self.single = single
        self.words = game_words(lesson.game)
        self.rules: Mapping[str, str] = getattr(self.words, "RULES", {})
        self.done: set[int] = set()
        self.go(check_index(start, "start", len(lesson.steps)))

    @property
    def step(self) -> Step:
        return self.lesson.steps[self.index]

    @property
    def is_last(self) -> bool:
        return self.index == len(self.lesson.steps) - 1

    @property
    def finished(self) -> bool:
        """The step's verdict is in (right or wrong): nothing more to play until an undo."""
        return self.outcome.status in ("right", "wrong")

    def go(self, index: int) -> None:
        """Open step ``index`` (0-based) with a fresh position."""
        index = check_index(index, "index", len(self.lesson.steps))
        self.index = index
        self.state = self.step.position()
        self.played: list[str] = []
        self._read = len(self.state.log_for(self.seat))
        self._judged = -1                   # the length of the history the verdict judged
        self.outcome = Outcome("ready", "Your move: act on the board.")

    def restart(self) -> None:
        self.go(self.index)

    def next(self) -> None:
        """Open the next step (refused on the last one, and when showing one step only)."""
        self._check_alone()
        if self.is_last:
            raise LessonError(f"there is no step after step {self.index + 1}, the last one",
                              "lesson")
        self.go(self.index + 1)

    def back(self) -> None:
        """Open the previous step (refused on the first one, and when showing one step only)."""
        self._check_alone()
        if self.index == 0:
            raise LessonError("there is no step before step 1", "lesson")
        self.go(self.index - 1)

    def _check_alone(self) -> None:
        if self.single:
            raise LessonError(f"this lesson shows step {self.index + 1} only: it has no Back "
                              "or Next", "lesson")

    def closed(self) -> StepDoneError | None:
        """Why the student may not move now, or None. Once the step's verdict is in, the
        position it judged takes no more moves until Undo (which takes the last move out of
        the step: the step goes on), Try again or another step."""
        if not self.finished or len(self.state.history) != self._judged:
            return None
        if self.outcome.status == "wrong":
            return StepDoneError("this try is over: it is not what this step asks; press Undo "
                                 "on the board or Try again", "lesson")
        return StepDoneError(self._done_words(), "lesson")

    def _done_words(self) -> str:
        """How to go on from a done step, with the buttons the lesson shows."""
        if self.is_last:
            return "this step is done ✔ and it is the last step: press Try again to play it again"
        if self.single:
            return "this step is done ✔: scroll down for the next rule, or press Try again"
        return "this step is done ✔: press Next ▶ or Try again"

    # ------------------------------------------------------------------ the record

    def record(self) -> list[str]:
        """The student's actions in this step so far: their part of the game's history since
        the step's position (so an undo on the board takes moves out of it)."""
        return [entry["action"] for entry in self.state.history if entry["seat"] == self.seat]

    def try_action(self, text: str) -> Outcome:
        """Play ``text`` for the student on the step's position and judge it (a done step
        refuses it: see :meth:`closed`)."""
        try:
            closed = self.closed()
            if closed is not None:
                raise closed
            action = self.state.parse_action(text)
            self.state.apply(action, seat=self.seat)
        except GameError as err:
            return self.refused(str(err))
        return self.judge(str(action))

    def undo(self) -> Outcome:
        """Take the student's last move back, with the replies played after it (as the
        board's Undo does), and say so."""
        self.state.undo()
        while self.state.can_undo() and self.seat not in self.state.deciders:
            self.state.undo()                       # back to the student's decision
        return self.undone()

    def undone(self) -> Outcome:
        """The board took moves back: they leave the step's record; the step goes on."""
        resume(self.state)
        self.played = self.record()
        self._read = len(self.state.log_for(self.seat))
        self.outcome = Outcome("going", f"Taken back. {self._now()}".strip())
        return self.outcome

    # ------------------------------------------------------------------ judging

    def judge(self, played_text: str | None = None) -> Outcome:
        """Judge the step after an action was applied to ``self.state`` (the widget applies
        it; ``played_text`` is that action's text)."""
        self.played = self.record()
        if played_text is None and self.played:
            played_text = self.played[-1]
        step, state = self.step, self.state
        verdict = step.check(state, list(self.played))
        happened = self._news()
        if verdict is None and self.seat not in state.deciders:
            verdict = False                     # the turn is over but the step is not done
        if verdict is not None:
            self._judged = len(state.history)
        if verdict is True:
            self.done.add(self.index)
            self.outcome = Outcome("right", step.right)
            pause(state, f"{state.prompt} Step done ✔" if state.is_over else "Step done ✔")
        elif verdict is False:
            self.outcome = Outcome("wrong", f"{self._wrong(played_text)} {TAKE_BACK}")
            pause(state, "Not what this step asks: Undo, or Try again.")
        else:
            self.outcome = Outcome("going", f"{happened} {self._now()}".strip())
        return self.outcome

    def refused(self, error_text: str) -> Outcome:
        """A try the board (or the rules) refused, from the error's text. On a step whose
        verdict is in, the verdict stays and the message says how to go on."""
        reason, rule = split_rule(error_text)
        closed = self.closed()
        if closed is not None:
            self.outcome = Outcome(self.outcome.status, sentence(closed.reason))
            return self.outcome
        message = f"Not allowed — {reason}."
        extra = self.step.mistakes.get(rule)
        if extra:
            message += f" {extra}"
        self.outcome = Outcome("illegal", message, rule, self.rules.get(rule, ""))
        return self.outcome

    def _wrong(self, played_text: str | None) -> str:
        """"You rolled the die; this step asks you to place a mama goat." (or the step's own
        message when the kind was right but the details were not)."""
        step = self.step
        if not played_text:
            return step.wrong
        action = self.state.parse_action(played_text)
        mistake = step.mistakes.get(played_text) or step.mistakes.get(action.kind)
        expected = self._expected(len(self.played) - 1)
        did = getattr(self.words, "did", None)
        describe = getattr(self.words, "describe", None)
        if expected is not None and expected.kind != action.kind and did and describe:
            said = f"You {did(action)}; this step asks you to {describe(expected)}."
            return f"{said} {mistake}" if mistake else said
        if expected is None and self.seat not in self.state.deciders and not mistake:
            return f"Your turn is over, but the step is not done yet. {step.wrong}"
        return mistake or step.wrong

    def _expected(self, index: int):
        """The solution's action at ``index`` of the record, or None."""
        if 0 <= index < len(self.step.solution):
            return self.state.parse_action(self.step.solution[index])
        return None

    def _news(self) -> str:
        """The log lines the student has not read yet (what the last action did)."""
        lines = self.state.log_for(self.seat)
        new, self._read = lines[self._read:], len(lines)
        return " ".join(new)

    def _now(self) -> str:
        """What the student decides next, from the game's own prompt."""
        if self.seat in self.state.deciders:
            return self.state.prompt_for(self.seat)
        return ""

    # ------------------------------------------------------------------ hints

    def next_solution_action(self):
        """The solution's next action from here, or None when the record has left the
        solution's path (then the hint says to take the move back first)."""
        solution = [str(self.state.parse_action(t)) for t in self.step.solution]
        played = self.played
        if played != solution[:len(played)] or len(played) >= len(solution):
            return None
        return self.state.parse_action(solution[len(played)])

    def hint(self) -> tuple[str, list[dict]]:
        """The hint's text and the actions (as dicts) for the board to highlight."""
        if self.outcome.status == "right":
            return (sentence(self._done_words()), [])
        action = self.next_solution_action()
        if action is None and self.played:
            return (f"Take your last move back with Undo (or press Try again), then: "
                    f"{self.step.hint}", [])
        return (self.step.hint, [action.to_dict()] if action is not None else [])
