"""The Review widget: replay a game from one seat's eyes, see its chance over the game, and
retry a flagged moment as a lesson step (issue 27 items 3 and 4).

Built in Python from existing widgets (an ipywidgets composition; no new JS): a slider with
◀ Prev / Next ▶ over the game's record, the game's own widget showing the position at that
point as the reviewed seat could see it (view-only: it offers only the moves it lights and
takes none of them, and like every game widget it is sent that seat's view only, so hidden
cards never leave Python), a strip
of the seat's winning chance at each of its decisions (bars coloured and marked by grade,
each with its 95 % interval, and a ring at the better move's chance on the same trials), and
at a flagged decision the move played and the better one, both lit on the board, with the
grade in plain words and the better move's reasons (their rulings). A decision the search
could not tell apart from the best is said to be unclear (both moves lit, no grade of good
or bad). "Retry this moment" turns a flagged decision into a lesson step
(:class:`RetryLesson`). With nothing flagged, "Next flagged ⚑" is disabled and says so.

    >>> from goatwidgets.games import goat_lords
    >>> s = goat_lords.position(players=2, names=["You", "Bo"],
    ...                         hands=[["kraken", "lord", "corn", "fairy"], ["ninja"]],
    ...                         herds=[[], ["ninja ninja"]], seed=4)
    >>> s.apply("discard lord", seat=0)
    >>> r = Review(s, 0, iterations=200, seed=1)
    >>> r.slider.max, r.moment.grade in ("mistake", "blunder")
    (1, True)
    >>> sorted(a["text"] for a in r.board.highlight)[0].startswith("birth")
    True
    >>> r.board.legal == r.board.highlight, r.retry_button.layout.display   # lit, not playable
    (True, None)
    >>> r.retry().board.state.history            # the step: the position before the decision
    []
"""

from __future__ import annotations

import html
import random
from concurrent.futures import Executor

import ipywidgets

from .. import charts
from ..engine import GameError, State
from ..engine.review import GRADE_NOUNS
from ..engine.review import TOLERANCE, UNCLEAR, Moment, compare, position_at, review
from ..engine.words import in_ten, obj, possessive
from ..games import REGISTRY
from ..lessons import Lesson as LessonData
from ..lessons import TAKE_BACK, Step, game_words
from .base import GameWidget
from .lesson import Lesson, side_button
from .policy import Policy
from .progress import Bar, in_kernel

#: each grade in plain words, and its colour and mark on the strip (Okabe-Ito colours and a
#: mark as chess writes it, so a grade reads without its colour)
GRADE_PHRASES = {"good": "a good move", UNCLEAR: "unclear (too close to tell)",
               "inaccuracy": "a small slip (an inaccuracy)",
               "mistake": "a mistake", "blunder": "a big mistake (a blunder)"}
GRADE_MARKS = {"good": "", UNCLEAR: "~", "inaccuracy": "?!", "mistake": "?", "blunder": "??"}
#: the Next flagged button's words, with something flagged and with nothing
FLAG_LABEL, NO_FLAG_LABEL = "Next flagged ⚑", "Nothing flagged"

#: ipywidgets' HTML sets a control's tall line height: the review's words read as a text's
TIGHT = "line-height:1.35"
GRADE_COLOURS = {"good": "#009E73", UNCLEAR: "#999999", "inaccuracy": "#E69F00",
                 "mistake": "#D55E00", "blunder": "#CC79A7"}


class ReviewError(GameError):
    """A review asked for something it must not show (another seat during a game)."""


class ReplayPolicy(Policy):
    """What a review's board allows (its :class:`.policy.Policy`): it shows the position for
    its seat and never takes a move, a first click, an undo or a coach's question (``legal``
    holds only the moves the review lights; Undo, Suggest and New game are not drawn: the
    class ``gw-view-only`` hides the board's controls)."""

    REFUSAL = "this is a replay of a game: it takes no moves (press Retry this moment to play one)"

    def attach(self, widget) -> None:
        widget.can_restart = False
        widget.add_class("gw-view-only")
        widget.observe(lambda _change: self.offer_lit(widget), names="highlight")

    @staticmethod
    def offer_lit(widget) -> None:
        """The lit moves are the board's only offered actions (after a new light, and after a
        new position, which offers none): a board draws some actions only when they are
        offered (a direction, a turn of a card, cancel) and could not light them otherwise;
        a click on one is refused like any other."""
        widget.legal = [dict(action) for action in widget.highlight]

    def refusal(self, widget, what, state=None):
        return None if what == "state" else GameError(self.REFUSAL, "review")

    def may_decide(self, widget) -> bool:
        return False

    def dress(self, widget) -> None:
        self.offer_lit(widget)
        # one point of view, named: "Bot Cal's hand", "The game as Bot Cal saw it" (a replay
        # takes no moves, so no "Your turn"); "Your hand" where the seat is called You
        if widget.viewer is not None:
            name = widget.state.seat_name(widget.viewer)
            widget.whose = possessive(name, start=True)
            widget.view = {**widget.view, "prompt": f"The game as {obj(name)} saw it."}


def replay_board(game: str, state: State, seat: int) -> GameWidget:
    """The game's widget showing ``state`` from ``seat``'s eyes, as a review's board."""
    return REGISTRY[game].widget()(state=state, seat=seat, coach=False, policy=ReplayPolicy())


def chance(value: float) -> str:
    """``0.62`` -> ``"about 6 in 10"``."""
    return f"about {in_ten(value)}"


def move_number(state: State, entry: int) -> int:
    """The move (counting moves only, as the review's slider does) at record ``entry``."""
    moves, _ = state.history_since(0)
    return 1 + sum(move["at"] < entry for move in moves)


def retry_step(state: State, seat: int, moment: Moment,
               tolerance: float = TOLERANCE, iterations: int = 200) -> Step:
    """``moment`` as a lesson step: the position before the decision (made the step's start),
    judged right unless the student's move surely keeps less than the best move's winning
    chance less ``tolerance`` (times the moment's ``scale``): the move and the best are tried
    on the same imagined games (:func:`engine.review.compare`, about ``iterations`` trials,
    seeded by the moment) and the move is wrong when the whole interval of its drop lies above
    the tolerance. Two moves the search can't tell apart are both right. The step
    does not name the answer; its hint (which :class:`RetryLesson` gives only after a try)
    lights it. The step's game is re-dealt from the seat's information (seeded by the
    moment): what the seat could not see then (others' hands, the deck's order) is dealt
    anew, so a retry never shows the real game's hidden cards, e.g. the draws still to come
    in a game that goes on; the moment's values were estimated on such re-deals too."""
    def position() -> State:
        world = position_at(state, moment.entry).redealt(seat, random.Random(moment.entry))
        world.rebase()
        return world

    judged: dict[str, bool] = {}

    def check(_state, played):
        if not played:
            return None
        action = played[0]
        if action not in judged:
            judged[action] = action == moment.best or compare(
                position_at(state, moment.entry), seat, action, moment.best, iterations,
                seed=moment.entry)[1] < tolerance * moment.scale
        return judged[action]

    name = state.seat_name(seat)
    who = "you" if name == "You" else name
    points = round(100 * tolerance * moment.scale, 1)
    return Step(
        title=f"Retry: {possessive(name)} decision at move {move_number(state, moment.entry)}",
        text=(f"This is the position before {who} chose to "
              f"{moment.saying(moment.played)}: "
              f"{GRADE_PHRASES[moment.grade]}. "
              f"Find a move at least as good as the best one here: it counts if it keeps the "
              f"best move's chance of winning, give or take {points:g} games in 100 (as far as "
              "the search can tell)."),
        position=position, expect=check,
        hint=(f"Look at the lit move: to {moment.saying(moment.best)} keeps "
              f"{chance(moment.before)}."),
        right="Right: that move is as good as the best one here.",
        wrong=(f"That keeps less of your chance than the best move ({chance(moment.before)}); "
               "Hint now shows the best move."),
        solution=(moment.best,))


class RetryLesson(Lesson):
    """A retried moment: the lesson widget with one step whose answer is not shown first.
    The Hint lights the best move only after a try that was not good enough (or a refused
    one); before that it asks for a try."""

    def __init__(self, lesson: LessonData):
        self.tried = False
        super().__init__(lesson, step=1)
        self.board.reveal = True            # opened below the review: brought into view

    def hint(self) -> None:
        if not self.tried:
            self._highlight([])
            self._say("hint", "Have a try first: think about what each move does for you. "
                              "After a try, the hint shows the best move.")
            return
        super().hint()

    def _judge(self, action_text: str, _state) -> None:
        super()._judge(action_text, _state)
        if self.status == "wrong":
            self.tried = True

    def _rule_broken(self, change) -> None:
        if change["new"]:
            self.tried = True
        super()._rule_broken(change)

    def _feedback(self) -> None:
        super()._feedback()
        # Try again is beside these words (Undo may be below the fold, under the board)
        self.feedback.value = self.feedback.value.replace(" — that was the last rule.", ".") \
            .replace(TAKE_BACK, "Press Try again to play it once more.")


class Review(ipywidgets.VBox):
    """Review ``seat``'s game in ``state`` (finished or still going; never changed).

    A teacher may switch to any seat after the game (``show_seat``, or the seat menu); during
    a game (``state`` not over) the review is for the seat given only: another seat's board
    would show that seat's hidden cards, and its moves' grades, to whoever is at the screen
    while the game can still be played. ``iterations`` and ``seed``: the review's search
    budget per decision and its seed (the same ones give the same review); ``executor`` (a
    ``concurrent.futures.Executor``) spreads the searches, as :func:`engine.review.review`
    does."""

    def __init__(self, state: State, seat: int = 0, iterations: int = 200, seed: int = 0,
                 executor: Executor | None = None, tolerance: float = TOLERANCE):
        self.state, self.iterations, self.seed = state, iterations, seed
        self.executor, self.tolerance = executor, tolerance
        self.game = type(state).game
        self._check_seat(seat, first=True)
        self.seat = seat
        moves, self._end = state.history_since(0)
        self.entries = [move["at"] for move in moves]
        self._movers = {move["at"]: move["seat"] for move in moves}
        self.slider = ipywidgets.IntSlider(0, min=0, max=len(self.entries),
                                           description="Move", continuous_update=False,
                                           readout=False,
                                           layout=ipywidgets.Layout(width="95%"))
        self.slider.add_class("gw-review-slider")
        self.prev_button = self._button("◀ Prev", "The move before", lambda: self._step(-1))
        self.next_button = self._button("Next ▶", "The move after", lambda: self._step(1))
        self.flag_button = self._button(FLAG_LABEL, "The next decision graded a mistake of "
                                        "some size", self._next_flagged)
        self.retry_button = self._button("Retry this moment", "Play this decision again as a "
                                         "lesson step", self.retry)
        self.seat_menu = ipywidgets.Dropdown(
            options=[(state.seat_name(s), s) for s in range(state.players)], value=seat,
            description="Seat", layout=ipywidgets.Layout(width="auto"),
            disabled=not state.is_over)
        self.seat_menu.observe(lambda c: self._pressed(lambda: self.show_seat(c["new"])),
                               names="value")
        self.title = ipywidgets.HTML()
        self.strip = ipywidgets.HTML()
        self.strip.add_class("gw-review-strip")
        self.where = ipywidgets.HTML()
        self.note = ipywidgets.HTML()
        self.note.add_class("gw-review-note")
        self.board = replay_board(self.game, position_at(state, 0), seat)
        self.retry_box = ipywidgets.VBox()
        self.retry_box.add_class("gw-review-retry")
        self.lesson: RetryLesson | None = None
        buttons = ipywidgets.HBox([self.prev_button, self.next_button, self.flag_button],
                                  layout=ipywidgets.Layout(flex_flow="row wrap"))
        # the lesson's one-screen layout (its classes): the review's words and controls in
        # a side column beside the board, the board compact as a lesson's
        buttons.add_class("gw-lesson-buttons")
        side = ipywidgets.VBox([self.title, self.strip, self.where, self.slider, buttons,
                                self.note, self.retry_button, self.seat_menu])
        side.add_class("gw-lesson-side")
        board_box = ipywidgets.Box([self.board])
        board_box.add_class("gw-lesson-board")
        main = ipywidgets.HBox([side, board_box])
        main.add_class("gw-lesson")
        main.add_class("gw-review-main")
        super().__init__([main, self.retry_box])
        self.add_class("gw-review")
        self.slider.observe(lambda _c: self._show(), names="value")
        self._review(show=True)

    # ------------------------------------------------------------------ seats

    def _check_seat(self, seat, first: bool = False) -> None:
        state = self.state
        if type(seat) is not int or not 0 <= seat < state.players:
            raise ReviewError(f"seat must be a whole number from 0 to {state.players - 1}, "
                              f"not {seat!r}", "review")
        if not first and not state.is_over and seat != self.seat:
            raise ReviewError(f"the game is still going: this review shows "
                              f"{state.seat_name(self.seat)}'s eyes only (another seat's "
                              "board would show its hidden cards)", "review")

    def show_seat(self, seat: int) -> None:
        """Review another seat (after the game only: see the class's docstring)."""
        self._check_seat(seat)
        if seat == self.seat:
            return
        self.seat = seat
        self.board.seat = seat
        self._review()

    def _review(self, show: bool = False) -> None:
        """Judge the seat's decisions, saying how far it got ("Reviewing: 12 / 40 decisions,
        3 s so far, about 7 s left"): under the cell while the review is made (``show``: it
        is not on the page yet), in its own "where" line when another seat is chosen."""
        bar: list[Bar] = []

        def progress(done: int, total: int) -> None:
            if not bar:
                bar.append(Bar(total, "decisions", show and in_kernel()))
                bar[0].bar.description = "Reviewing"
            bar[0](done, total)
            if not show:
                self.where.value = (f'<div class="gw-review-where" style="{TIGHT}">Reviewing '
                                    f'{html.escape(bar[0].label.value)}</div>')

        try:
            self.result = review(self.state, self.seat, iterations=self.iterations,
                                 seed=self.seed, executor=self.executor, progress=progress)
        finally:
            if bar:
                bar[0].close()
        self.moments = {m.entry: m for m in self.result.moments}
        self.luck = {k.entry: k for k in self.result.luck}
        whose_game = html.escape(possessive(self.state.seat_name(self.seat)))
        self.title.value = (f'<div class="gw-lesson-header" style="{TIGHT}"><b>Review of '
                            f'{whose_game} game</b></div><details class="gw-review-summary" '
                            f'style="{TIGHT}"><summary>The whole game in words</summary>'
                            f'{html.escape(self.result.summary())}</details>')
        self.retry_box.children = []
        self.lesson = None
        flagged = any(m.flagged for m in self.result.moments)
        self.flag_button.disabled = not flagged
        self.flag_button.description = FLAG_LABEL if flagged else NO_FLAG_LABEL
        self.flag_button.tooltip = ("The next decision graded a mistake of some size" if flagged
                                    else "Nothing in this game was graded a mistake")
        self._show()

    # ------------------------------------------------------------------ moving

    def _button(self, label: str, tooltip: str, action) -> ipywidgets.Button:
        return side_button(label, tooltip, lambda: self._pressed(action))

    def _pressed(self, action) -> None:
        try:
            action()
        except GameError as err:
            self.note.value = (f'<div class="gw-feedback gw-feedback-illegal">⚠ '
                               f'{html.escape(str(err))}</div>')
            self.seat_menu.value = self.seat

    def _step(self, by: int) -> None:
        self.slider.value = max(0, min(self.slider.max, self.slider.value + by))

    def _next_flagged(self) -> None:
        flagged = [self.entries.index(m.entry) for m in self.result.moments if m.flagged]
        later = [k for k in flagged if k > self.slider.value] or flagged
        if later:
            self.slider.value = later[0]

    def go(self, entry: int) -> None:
        """Show the position before record entry ``entry`` (a moment's ``entry``)."""
        self.slider.value = self.entries.index(entry)

    @property
    def moment(self) -> Moment | None:
        """The reviewed seat's decision at the slider, or None."""
        k = self.slider.value
        return self.moments.get(self.entries[k]) if k < len(self.entries) else None

    # ------------------------------------------------------------------ showing

    def _show(self) -> None:
        k, state = self.slider.value, self.state
        entry = self.entries[k] if k < len(self.entries) else self._end
        self.board.state = position_at(state, entry)
        self.prev_button.disabled = k == 0
        self.next_button.disabled = k == self.slider.max
        total = len(self.entries)
        if k == total:
            where = f"The end of the game (after all {total} moves)." if state.is_over else \
                f"Now (after {total} moves; the game goes on)."
        else:
            who = possessive(state.seat_name(self._movers[entry]))
            where = f"Before move {k + 1} of {total}: {who} decision."
        self.where.value = (f'<div class="gw-review-where" style="{TIGHT}"><b>'
                            f'{html.escape(where)}</b></div>')
        self.note.value = self._words(self.moment) + self._luck_words(entry)
        m = self.moment
        flagged = m is not None and m.flagged
        compared = flagged or (m is not None and m.grade == UNCLEAR and m.best != m.played)
        self.retry_button.layout.display = None if flagged else "none"
        self.board.highlight = ([state.parse_action(t).to_dict() for t in (m.played, m.best)]
                                if compared else [])
        self.strip.value = self._strip()

    def _words(self, m: Moment | None) -> str:
        """The seat's decision at the slider in plain words: the grade, the move played and,
        at a flagged one, the better move (both lit on the board) and why, rulings one click
        away."""
        if m is None:
            return ""
        name = self.state.seat_name(self.seat)
        if m.grade == "good":
            text = (f"{name} chose to {self._said(m.played)}: {GRADE_PHRASES['good']} "
                    f"(it wins {chance(m.after)} games from here).")
            return (f'<div class="gw-review-moment gw-grade-good" style="{TIGHT}">✔ '
                    f'{html.escape(text)}</div>')
        if m.grade == UNCLEAR:
            other = (f"The best other move the search found was to {self._said(m.best)}: it wins "
                     f"{chance(m.before)}. Both are lit on the board." if m.best != m.played
                     else "")
            text = (f"Unclear. {name} chose to {self._said(m.played)}: it wins {chance(m.after)} "
                    f"games from here. {other} The search could not tell them apart in "
                    f"{m.trials} imagined games each, so this decision is not graded: "
                    "neither good nor a mistake as far as it can tell.")
            return (f'<div class="gw-review-moment gw-grade-unclear" style="{TIGHT}">~ '
                    f'{html.escape(" ".join(text.split()))}</div>')
        rules = self._rules()
        reasons = "".join(
            f"<li>{html.escape(r.text)}"
            + (f' <details class="gw-why"><summary>Why? ({html.escape(r.ruling)})</summary>'
               f'{html.escape(rules.get(r.ruling, ""))}</details>' if r.ruling else "")
            + "</li>" for r in m.reasons)
        text = (f"{GRADE_PHRASES[m.grade].capitalize()}. {name} chose to {self._said(m.played)}: "
                f"it wins {chance(m.after)} games from here. The better move was to "
                f"{self._said(m.best)}: it wins {chance(m.before)}. Both are lit on the board.")
        why = (f'<div>Why it is better to {html.escape(self._said(m.best))}:</div>'
               f'<ul style="margin:0">{reasons}</ul>' if reasons else "")
        return (f'<div class="gw-review-moment gw-grade-{m.grade}" style="{TIGHT}">⚑ '
                f'{html.escape(text)}'
                f"{why}</div>")

    def _luck_words(self, entry: int) -> str:
        """What the dice or draws of the move at the slider (one the seat saw) did to its
        chance, said as luck apart from any choice."""
        luck = self.luck.get(entry)
        if luck is None:
            return ""
        whose, swing = possessive(self.state.seat_name(self.seat)), round(100 * luck.swing)
        what = (f"{'raised' if swing > 0 else 'lowered'} {whose} chance of winning by about "
                f"{abs(swing)} in 100" if swing else f"made no real difference to {whose} chance")
        text = f"in this move (a die or a draw, not a choice): it {what}."
        return f'<div class="gw-review-luck" style="{TIGHT}"><b>Luck</b> {html.escape(text)}</div>'

    def _said(self, action: str) -> str:
        """The played or the best action of the moment at the slider in the board's words
        ("pair your Flying Goat-a-Corn with your Goat Lord (a Birth)"), never its code form
        (issue 34 item 1)."""
        return self.moment.saying(action) if self.moment is not None else action

    def _rules(self) -> dict:
        """The game's rules in our words, by ruling id."""
        return getattr(game_words(self.game), "RULES", {})

    def _strip(self) -> str:
        """The seat's chance at each of its decisions: a bar each (its grade's colour and
        mark), the bar's 95 % interval as a whisker and, where a better move was found, a ring
        at that move's chance (the same trials as the bar's)."""
        moments = self.result.moments
        if not moments:
            return "<p>No decisions with a choice to review yet.</p>"
        current = self.moment
        whose = possessive(self.state.seat_name(self.seat))
        labels = [("▶" if m is current else "") + (str(n + 1) if n % 5 == 4 or n == 0 or
                                                   m is current else "")
                  for n, m in enumerate(moments)]
        pct = lambda v: round(100 * v)                      # noqa: E731
        chart = charts.strip(labels, [pct(m.after) for m in moments],
                             [pct(m.low) for m in moments], [pct(m.high) for m in moments],
                             colours=[GRADE_COLOURS[m.grade] for m in moments],
                             better=[pct(m.before) if m.best != m.played else None
                                     for m in moments],
                             notes=[GRADE_MARKS[m.grade] for m in moments],
                             title=f"{whose[:1].upper()}{whose[1:]} chance of winning, in 100",
                             width=340, height=130)
        key = " ".join(f'<span style="white-space:nowrap"><span style="color:'
                       f'{GRADE_COLOURS[g]}">■</span> {g}'
                       + (f" ({GRADE_MARKS[g]})" if GRADE_MARKS[g] else "") + "</span>"
                       for g in GRADE_NOUNS)
        key = (f"A bar for each of {whose} decisions in turn (▶: the one shown), its colour "
               f"the grade: {key}. The line over a bar: where its chance lies (95 %); a ring: "
               f"the better move's chance, from the same imagined games.")
        if not any(m.flagged for m in moments):
            key += " Nothing flagged: no decision was surely a mistake."
        svg = chart.svg.replace("<svg ", '<svg style="width:100%;height:auto" ', 1)
        return (f'<div class="gw-review-strip" style="{TIGHT}">{svg}</div>'
                f'<div class="gw-review-key" style="{TIGHT}">{key}</div>')

    # ------------------------------------------------------------------ retry

    def retry(self) -> RetryLesson:
        """Turn the flagged moment at the slider into a lesson step, shown under the board."""
        m = self.moment
        if m is None or not m.flagged:
            raise ReviewError("Retry is for a flagged decision: move the slider to one (⚑)",
                              "review")
        data = LessonData(title="Retry this moment", game=self.game,
                          steps=[retry_step(self.state, self.seat, m, self.tolerance,
                                            self.iterations)],
                          seat=self.seat)
        self.lesson = RetryLesson(data)
        self.retry_box.children = [self.lesson]
        return self.lesson
