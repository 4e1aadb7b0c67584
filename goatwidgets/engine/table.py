"""A game in progress at a table: its seats (a person, or a bot with its level and seed), the
bots' pace, the undo policy, what just happened for each viewer, and who may act now.

Everything that runs a game goes through a ``Table``: a simulation, the ladder and the
benchmarks (bots in every seat, :meth:`Table.play_out`), a game widget, a lesson's and a
review's board (people and bots, :meth:`Table.act` then :meth:`Table.run_bots`), and a room's
devices. One loop, one rule for a bot's seed (:func:`bot_seed`)::

    >>> from goatwidgets.games import floats_mcgoats as game
    >>> table = Table(game.new_game(players=2, seed=3), bots={1: "casual"})
    >>> table.people, table.deciding()             # seat 0 is a person, and decides
    ([0], 0)
    >>> table.act(0, "mama 0,0u")                   # the person acts (no listener failed)
    []
    >>> table.run_bots()                             # the bot answers (nothing failed)
    []
    >>> [(e["seat"], e["action"]) for e in table.state.history]
    [(0, 'mama 0,0u'), (1, 'baby 0,-1d')]
    >>> table.undo_refusal(by=1), table.undo_refusal(by=0)   # seat 0's own move: it may
    ('Undo takes back only your own moves, and Player 1 made the last one', '')
    >>> table.undo(by=0); table.state.history       # its move and the bot's answer
    []

Bots in every seat, played to the end (what ``simulate`` does for each of its games)::

    >>> done = Table(game.new_game(players=2, seed=0), bots="random").play_out()
    >>> done.state.is_over
    True

What just happened, for each viewer: :meth:`take_mark` before a change, :meth:`keep_mark`
after it, and :meth:`last_move` says it for one viewer (the lines of the log it may read and
the actions it may know of).
"""

from __future__ import annotations

import asyncio
import sys
from typing import Any, Callable, Sequence

from .bots import make_bot
from .errors import GameError, NotYourDecisionError, VariantError, quote
from .state import State
from .sure import learned_nothing
from .words import whose

#: a bot's seed: the game's seed and its seat (the same bot plays the same seat of the same
#: game alike in a simulation, the ladder, a widget and a room)
SEED_STRIDE = 100
#: how many lines of the log ``last_move`` carries at most
LOG_LINES = 20

Mark = tuple  # (history length, {reader: log lines}) before a change


def bot_seed(game_seed: int | None, seat: int) -> int | None:
    """The seed of the bot playing ``seat`` in the game seeded ``game_seed``.

        >>> bot_seed(7, 1)
        701
    """
    return None if game_seed is None else game_seed * SEED_STRIDE + seat


def event_loop():
    """The running event loop to pace bot moves on (a kernel's, a room server's); None where
    there is none (plain Python: the bots then move at once)."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        if sys.platform == "emscripten":            # JupyterLite: the browser's loop
            return asyncio.get_event_loop()
        return None


class Table:
    """A game in progress (see the module's text). ``bots``: ``{seat: level or Bot}``, or one
    level for every seat; ``free_undo``: Undo takes back any decision (a lesson's step, a
    teacher's demonstration); ``hidden``: the undo policy guards hidden cards even where the
    game declares none; ``pace``: seconds between bot moves shown one at a time, on ``loop``
    (default: the running event loop); ``budget``: the search budget of the bots made here by
    level."""

    #: safety net so that bots alone can't loop for ever inside one call
    max_bot_moves: int | None = 20000

    def __init__(self, state: State, bots: dict | str | None = None, *, free_undo: bool = False,
                 hidden: bool | None = None, pace: float = 0.0, budget=None, loop=None):
        self.state = state
        self.free_undo = free_undo
        self._hidden = hidden
        self.pace = pace
        #: the event loop paced bot moves run on (None: the running one, see ``event_loop``)
        self.loop = loop
        self.budget = budget
        self.bots: dict[int, Any] = {}
        self._levels: dict[int, str] = {}       # the names the bots were asked by
        #: the bot seat whose move is due (a paced move), or None
        self.thinking: int | None = None
        #: where what just happened starts (``take_mark``), or None: nothing to tell
        self.mark: Mark | None = None
        self._turn = 0                        # counts bot runs: a paced move still due checks it
        #: bots make no move while set (a room's pause, an ended game): see :meth:`hold`
        self.held = False
        self._listeners: list[Callable[..., None]] = []
        self.set_bots(bots or {})

    @property
    def hidden(self) -> bool:
        """The game hides something from some seat (or the table was told to act so)."""
        return bool(getattr(self.state, "hidden_information", False)) if self._hidden is None \
            else self._hidden

    # ------------------------------------------------------------------ seats

    def set_bots(self, bots: dict | str) -> None:
        """Bots by seat (``{1: "casual"}``, a seat as JSON writes it included, or a ``Bot``), or
        one level (or one ``Bot``) for every seat; each made by level is seeded :func:`bot_seed`. A bad seat or
        level is refused naming it (``VariantError``, field "bots"), nothing changed."""
        players = self.state.players
        if isinstance(bots, str) or hasattr(bots, "choose"):     # one for every seat
            bots = {seat: bots for seat in range(players)}
        if not isinstance(bots, dict):
            raise VariantError(f"bots must be a dict like {{1: 'greedy'}}, not {quote(bots)}",
                               "bots")
        made, levels = {}, {}
        for seat, name in bots.items():
            if isinstance(seat, str) and seat.isdecimal() and len(seat) < 3:
                seat = int(seat)                    # a seat as JSON keys write it
            if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
                raise VariantError(f"bots: {quote(seat)} is not a seat of this "
                                   f"{players}-player game", "bots")
            made[seat] = name if hasattr(name, "choose") else make_bot(
                name, seed=bot_seed(self.state.seed, seat), budget=self.budget)
            levels[seat] = name if isinstance(name, str) else getattr(name, "name", "bot")
        self.bots, self._levels = made, levels
        self._turn += 1                             # a paced move of an old bot is not made

    @property
    def people(self) -> list[int]:
        """The seats a person plays, in seat order."""
        return [seat for seat in range(self.state.players) if seat not in self.bots]

    def bot_names(self) -> dict[str, str]:
        """``{seat as text: the bot's name}`` (what a page shows): the level it was asked by
        ("casual", not its class's old name "greedy"), else the bot's own name."""
        return {str(seat): self._levels.get(seat) or getattr(bot, "name", "bot")
                for seat, bot in self.bots.items()}

    def deciding(self, people: Sequence[int] | None = None) -> int | None:
        """The first seat of ``people`` (default: every person's seat) with a decision now."""
        mine = self.people if people is None else people
        return next((s for s in self.state.deciders if s in mine and s not in self.bots), None)

    def bot_seat(self) -> int | None:
        """The bot seat that decides now (the first in seat order), or None."""
        return next((s for s in self.state.deciders if s in self.bots), None)

    def bots_decide(self, people: Sequence[int] | None = None) -> bool:
        """Only bots decide now (a bot that failed included): none of ``people`` decides."""
        return self.deciding(people) is None and self.bot_seat() is not None

    def bot_ended(self) -> bool:
        """The game is over and a bot's decision ended it."""
        history = self.state.history
        return self.state.is_over and bool(history) and history[-1]["seat"] in self.bots

    def hold(self, held: bool = True) -> None:
        """Bots make no move while ``held`` (a room's pause, an ended game): a paced move due
        is not made (nobody is thinking), :meth:`run_bots` makes none, and one that is running
        stops before its next move. Once released the caller runs the bots again
        (:meth:`run_bots`): they go on from where they were, no move lost or made twice.

            >>> from goatwidgets.games import floats_mcgoats as game
            >>> table = Table(game.new_game(players=2, seed=3), bots={0: "casual"})
            >>> table.state.history                       # the bot at seat 0 is held
            []
            >>> table.hold(); table.run_bots(), table.state.history
            ([], [])
            >>> table.hold(False); table.run_bots(), len(table.state.history)
            ([], 1)
        """
        self.held = held
        self._turn += 1                             # a paced move due is not made
        self.thinking = None

    # ------------------------------------------------------------------ listeners

    def listen(self, callback: Callable[..., None]) -> None:
        """Call ``callback(event, **detail)`` on each change: ``"acted"`` (seat, action,
        by_bot) and ``"undone"``. A callback that raises stops nothing: :meth:`act` returns
        what failed for its caller to report."""
        self._listeners.append(callback)

    def _tell(self, event: str, **detail) -> list[str]:
        problems = []
        for callback in list(self._listeners):
            try:
                callback(event, **detail)
            except Exception as exc:       # a listener must not stop the game
                name = getattr(callback, "__name__", "listener")
                problems.append(f"the listener {name!r} failed: {type(exc).__name__}: "
                                f"{str(exc)[:200]}")
        return problems

    # ------------------------------------------------------------------ decisions

    def act(self, seat: int, action) -> list[str]:
        """``seat`` (a person's) takes ``action`` (text or ``Action``): the rules check it
        (a refusal raises and changes nothing). Keeps what the undo policy needs, starts what
        just happened here, and tells the listeners; returns their problems."""
        state = self.state
        mark = self.take_mark()
        state.apply(action, seat=seat)
        self.mark = mark
        return self._tell("acted", seat=seat, action=state.history[-1]["action"], by_bot=False)

    def bot_move(self) -> str | None:
        """One bot move: None if a bot moved, "" if no bot decides now, else what failed (the
        bot raised or chose what the rules refuse: nothing changed, the game waits here)."""
        state = self.state
        seat = self.bot_seat()
        if seat is None:
            return ""
        bot = self.bots[seat]
        try:
            state.apply(bot.choose(state, seat), seat=seat)
        except Exception as exc:
            return (f"the {bot.name} bot playing {state.seat_name(seat)} failed "
                    f"({type(exc).__name__}: {str(exc)[:200]}); the game waits at this "
                    "position: undo, or choose another bot with set_bots")
        self._tell("acted", seat=seat, action=state.history[-1]["action"], by_bot=True)
        return None

    def run_bots(self, mark: Mark | None = None, show: Callable[..., None] | None = None,
                 loop=None) -> list[str]:
        """Let bot seats decide until a person decides or the game ends; what failed, if
        anything. With ``show`` (and the ``mark`` before the change that called this) each
        bot move is shown as it is made: ``show()`` is called before each with ``thinking``
        set to the bot about to move. With a ``pace`` and an event loop (``loop`` or the
        running one) the moves are made one every ``pace`` seconds after this returns, and
        ``show(problem)`` is called after each (``problem``: what failed, or "")."""
        self._turn += 1
        self.thinking = None
        if self.held:
            return []
        if mark is not None and show is not None and self.pace > 0:
            loop = loop or self.loop or event_loop()
            if loop is not None:
                self._later(loop, self._turn, mark, show)
                return []
        moves = 0
        while self.max_bot_moves is None or moves < self.max_bot_moves:
            if self.held:                           # held meanwhile (another thread)
                return []
            seat = self.bot_seat()
            if show is not None and mark is not None and seat is not None:
                self.keep_mark(mark)                # what happened so far, then think
                self.thinking = seat
                show()
                self.thinking = None                # the caller's update: nobody thinking
            problem = self.bot_move()
            if problem is not None:
                return [problem] if problem else []
            moves += 1
        return [f"the bots made {self.max_bot_moves} moves without a human decision; "
                "they stopped here"]

    def _later(self, loop, turn: int, mark: Mark, show: Callable[..., None]) -> None:
        """If a bot decides now, name it (``thinking``) and make its move in ``pace``
        seconds (unless something changed meanwhile: an undo, a new game or new bots start
        a new run); then show that move and go on."""
        self.thinking = self.bot_seat()
        if self.thinking is None:
            return

        def move():
            if turn != self._turn:
                return                              # the game changed meanwhile
            problem = self.bot_move()
            self.keep_mark(mark)
            if problem:
                self.thinking = None
            else:
                self._later(loop, turn, mark, show)  # the next bot, or nobody, thinking
            show(problem or "")

        loop.call_later(self.pace, move)

    def play_out(self, limit: int | None = None, before: Callable | None = None,
                 after: Callable | None = None) -> "Table":
        """Bots in every seat deciding until the game is over, or ``limit`` decisions were
        taken here (the first decider first, as many as it takes); a bot that fails raises its
        error. ``before(state, seat)`` is called before each decision is chosen, ``after(state,
        seat)`` once it is carried out (a benchmark's clock, a sample of positions). Returns
        the table."""
        state, taken = self.state, 0
        while not state.is_over and (limit is None or taken < limit):
            seat = state.deciders[0]                # several may decide: one at a time
            bot = self.bots.get(seat)
            if bot is None:
                raise GameError(f"{state.seat_name(seat)} decides and no bot plays that seat: "
                                "play_out needs a bot in every seat", "bots")
            if before is not None:
                before(state, seat)
            state.apply(bot.choose(state, seat), seat=seat)
            taken += 1
            if after is not None:
                after(state, seat)
        return self

    def replace(self, state: State) -> None:
        """Another game at this table (a new game, a position set from Python): the undo
        record and what just happened are forgotten; a paced bot move still due is not made."""
        self.state = state
        self.mark = None
        self._turn += 1

    def not_yours(self, mine: int | None = None) -> NotYourDecisionError:
        """Why the person at a screen can't act now (none of its seats decides; ``mine``: the
        one seat a screen or device plays, None for every person's seat): whose decision it
        is, and where a bot plays that seat (``mine``, or every seat deciding), which bot, and
        whether it is thinking or stopped (it failed: the game waits for an undo or another
        bot)."""
        state = self.state
        deciders = state.deciders
        bots = [mine] if mine in deciders and mine in self.bots else \
            list(deciders) if deciders and all(d in self.bots for d in deciders) else []
        if not bots:
            return NotYourDecisionError(f"it is {whose(state.seat_name(s) for s in deciders)} "
                                        "decision and you are not them", "turn order")
        names = sorted({getattr(self.bots[s], "name", "bot") for s in bots})
        one = len(bots) == 1
        who = (f"the {names[0]} bot plays {'that seat' if one else 'those seats'}"
               if len(names) == 1 else f"bots play those seats ({', '.join(names)})")
        if self.thinking is not None:               # a paced bot move is due
            now = "it is thinking" if one else "they are thinking"
        else:                                       # the bots stopped: one failed
            now = ("it stopped: undo, or choose another bot with set_bots" if one else
                   "they stopped: undo, or choose other bots with set_bots")
        return NotYourDecisionError(f"it is {whose(state.seat_name(s) for s in bots)} decision "
                                    f"({who}, and {now})", "turn order")

    def explain_start(self, seat: int | None, start: str) -> None:
        """A first click of a multi-click action (``"fight 0,0u"``) by ``seat`` (None: nobody
        may act now): if no action the seat may take begins that way, raise why at once. The
        rules decide: the start is completed like a legal action of the same kind and the game
        explains that action."""
        state = self.state
        if seat is None:
            raise NotYourDecisionError("it is not your decision now", "turn order")
        legal = [str(a) for a in state.legal_actions(seat)]
        if any(text.startswith(start + " ") for text in legal):
            return
        words = start.split()
        same = [text.split() for text in legal if text.split()[0] == words[0]]
        candidate = " ".join(words + same[0][len(words):]) if same else start
        err = state.why_not(candidate, seat)
        raise err if err is not None else NotYourDecisionError(
            f"{quote(start)} does not start a move you can make now", "rules")

    # ------------------------------------------------------------------ undo

    def undo_refusal(self, by: int | None, covered: bool = False,
                     people: Sequence[int] | None = None) -> str:
        """Why Undo is refused now for the person at seat ``by`` ("" if allowed; ``by`` None:
        nobody's own view is up, ``covered``: the screen is covered; ``people``: the seats
        that person speaks for, default every person's). Undo takes back the last person's
        decision and the bot moves after it. Unless ``free_undo``, that decision must be
        ``by``'s own (a child never takes back another child's move), and Undo never goes back
        past what would let that seat see the future or others' cards (as Board Game Arena
        plays it): a die roll or a card drawn since, in a game with hidden cards another
        seat's move since, or a decision that showed the seat what was hidden from it
        (:func:`.sure.learned_nothing`: exact, from the seat's information)."""
        state = self.state
        if not self.people:
            return ("every seat is played by a bot, so there is no move of yours to take back; "
                    "reset() starts a new game")
        history = state.history
        if not history:
            return "there is nothing to undo"
        if self.free_undo:
            return ""
        first = len(history) - 1                    # the last person's decision
        while first >= 0 and history[first]["seat"] in self.bots:
            first -= 1
        if first < 0:
            return "only the bots have moved: there is no move of yours to take back"
        seat = history[first]["seat"]
        if seat != by or covered:
            who = state.seat_name(seat)
            if by is None and self.bots_decide(people):    # the public board between children
                return f"{who}'s move stands while the bots play: Undo is for your own moves"
            return (f"Undo takes back only your own moves, and {who} made the last one"
                    if by is not None and not covered else
                    f"{who}'s move stands: Undo is for your own moves")
        if any(entry["chance"] for entry in history[first:]):
            return "a die was rolled or a card drawn since: that can't be taken back"
        if self.hidden:
            others = [e["seat"] for e in history[first + 1:] if e["seat"] != seat]
            if others:
                return (f"{state.seat_name(others[0])} has moved since, and a move can show "
                        "what was hidden from you: that can't be taken back")
            if not learned_nothing(state, self._record_place(first), seat):
                return "cards that were hidden have been shown since: that can't be taken back"
        return ""

    def _record_place(self, decision: int) -> int:
        """Where the ``decision``-th decision stands in the game's record (which also holds the
        chance a built position preset)."""
        moves, _ = self.state.history_since(0)
        return moves[decision]["at"]

    def undo(self, by: int | None, covered: bool = False, people: Sequence[int] | None = None,
             deciding: Callable[[], int | None] | None = None) -> None:
        """Take back the last person's decision (see :meth:`undo_refusal`, which a refusal
        raises as a ``GameError`` naming "undo", nothing changed) and every decision after
        it, back to a decision of one of ``people`` (``deciding()``: who of them decides now,
        where a board says more than the rules, e.g. a lesson's step once judged)."""
        refusal = self.undo_refusal(by, covered, people)
        if refusal:
            raise GameError(refusal, "undo")
        deciding = deciding or (lambda: self.deciding(people))
        state = self.state
        state.undo()
        while state.can_undo() and deciding() is None:
            state.undo()                            # back to a person's decision
        self.mark = None
        self._turn += 1
        self._tell("undone")

    # ------------------------------------------------------------------ what just happened

    def take_mark(self) -> Mark:
        """Where the record stands before a change: history length, log lines per reader."""
        state = self.state
        readers = [None, *range(state.players)]
        return len(state.history), {seat: len(state.log_for(seat)) for seat in readers}

    def keep_mark(self, mark: Mark) -> None:
        """Make ``mark`` the start of what just happened if decisions were taken since."""
        if len(self.state.history) > mark[0]:
            self.mark = mark

    def last_move(self, viewer: int | None) -> dict:
        """What just happened, for ``viewer`` (None: the public): ``{"seat": the first
        decision's seat, "lines": the log lines it may read in the order they happened (the
        newest ``LOG_LINES``), "headlines": the indices of those that matter most, "said": the
        line a page shows (:func:`recent`), "actions": the action dicts it may know of, each
        with "by": the seat that took it}``. Empty when nothing is to be told."""
        empty = {"seat": None, "lines": [], "headlines": [], "said": "", "actions": []}
        if self.mark is None:
            return empty
        state = self.state
        start, counts = self.mark
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


def recent(lines: list[str], headlines: Sequence[int] = (), room: int = 190) -> str:
    """What just happened in about ``room`` characters (two lines of a page): ``lines`` in
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
