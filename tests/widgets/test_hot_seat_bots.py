"""Hot-seat with two children and bots (issue 33 item 4): while the bots decide, the page shows
the public view with the bot that is thinking, never the hand of the child who moved last; after
the bots, the next child's cover comes up as before (unless that child is the one the page showed
last). Every update the widget sends is recorded and checked against the state at that moment,
on asyncio's own loop with the bots paced (as in a notebook), and with the bots moving at once.
"""

from __future__ import annotations

import asyncio
import json
import threading

import pytest

from goatwidgets.engine import make_bot
from goatwidgets.widgets.base import LOG_LINES

from tests.registry import GAMES
from tests.widgets.messages import act, send

HIDDEN = [g for g in GAMES if getattr(g.module.State, "hidden_information", False)]
CHILDREN = (0, 2)            # two children at one screen; seats 1 and 3 are bots
PACE = 0.01                  # seconds between paced bot moves (a notebook's is about 1)


def plain(value):
    return json.loads(json.dumps(value))


class Page:
    """The page's copy of the synced traits, built from every update the widget sends (as the
    front end's model is), and checked against the game at the moment each one is sent."""

    def __init__(self, widget):
        self.w = widget
        self.model: dict = {k: None if k in ("viewer", "thinking") and v == -1 else v
                            for k, v in plain(widget.get_state()).items()}  # as the page opened
        self.leaks: list[str] = []
        self.phases: list[dict] = []     # each run of bot decisions between two children
        self.phase: dict | None = None
        self.shown: int | None = None    # the child whose own view the page showed last
        self.ended_by_bot = False
        widget._send = self.receive

    def receive(self, msg, buffers=None):
        if msg.get("method") != "update":
            return
        self.model.update(plain(msg["state"]))
        for seat_or_none in ("viewer", "thinking"):     # -1 is none, as the page reads it
            if self.model.get(seat_or_none) == -1:
                self.model[seat_or_none] = None
        state, model = self.w.state, self.model
        deciders = tuple(state.deciders)
        bots = {int(s) for s in self.w.bots}
        moves = len(state.history)
        if state.is_over and state.history[-1]["seat"] in bots:   # a bot ended the game
            self.ended_by_bot = True
            self.check_public(f"at the end, after the bots' decision {moves}")
        if deciders and all(d in bots for d in deciders):          # the bots decide now
            self.check_public(f"at decision {moves}, {deciders} deciding")
            if self.phase is None:
                self.phase = {"start": moves, "pushed": set(), "end": None, "logs": {
                    seat: len(state.log_for(seat)) for seat in (None, *CHILDREN)}}
                self.phases.append(self.phase)
            self.phase["pushed"].add(moves)
            return
        if self.phase is not None and deciders and "version" in msg["state"]:
            # a child decides again: the whole update (not the cover alone, sent before it)
            self.phase["end"] = moves
            self.phase["cover"] = model.get("covered")
            self.phase["just_now"] = model.get("last_move", {})
            reader = None if model.get("covered") else model.get("viewer")
            self.phase["since"] = state.log_for(reader)[self.phase["logs"][reader]:]
            self.phase["child"] = next(d for d in deciders if d not in bots)
            self.phase["shown"] = self.shown
            self.phase = None
        if not model.get("covered") and model.get("viewer") is not None:
            self.shown = model["viewer"]

    def check_public(self, where: str) -> None:
        """Everything on the page while the bots decide is what the public view allows."""
        state, model = self.w.state, self.model
        public_log = state.log_for(None)
        public_actions = [plain(a.to_dict()) for entry in state.history
                          if (a := state.public_action(entry, None)) is not None]
        just = model.get("last_move", {})
        wrong = []
        if model.get("viewer") is not None and not model.get("covered"):
            wrong.append(f"viewer {model.get('viewer')}")
        if model.get("view") != plain(state.view(None)):
            wrong.append(f"view of {model.get('view', {}).get('viewer')!r}")
        if model.get("legal"):
            wrong.append(f"{len(model['legal'])} legal actions")
        if model.get("game_log") != public_log[-LOG_LINES:]:
            wrong.append("a log that is not the public one")
        if any(line not in public_log for line in just.get("lines", [])):
            wrong.append("a 'Just now' line that is not public")
        if any({k: v for k, v in a.items() if k != "by"} not in public_actions
               for a in just.get("actions", [])):
            wrong.append("a 'Just now' action that is not public")
        if model.get("advice"):
            wrong.append("the coach's advice")
        if wrong:
            self.leaks.append(f"{where}: " + ", ".join(wrong))


def play(widget_class, seed: int, pace: float, child_turns: int = 6) -> Page:
    """Two children (random choices) and two random bots play on asyncio's loop, in a thread
    of its own (bounded: 60 s), until the children have moved ``child_turns`` times after a
    bots' turn or the game is over."""
    out: list = []

    async def game():
        w = widget_class(players=4, seed=seed, bots={1: "random", 3: "random"}, bot_pace=pace)
        page = Page(w)
        out.append(page)
        children = make_bot("random", seed=seed)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 40
        while len([p for p in page.phases if p["end"] is not None]) < child_turns:
            assert loop.time() < deadline, "the bots never gave the screen back"
            state = w.state
            if state.is_over:
                break
            child = next((d for d in state.deciders if d in CHILDREN), None)
            if child is None or w.thinking is not None and pace:
                await asyncio.sleep(pace)      # the bots' paced moves run meanwhile
                continue
            if w.covered:
                send(w, {"type": "uncover", "version": w.version})
            act(w, str(children.choose(state, w.viewer)))
            assert w.error == "", w.error
            await asyncio.sleep(0)

    def run():
        try:
            asyncio.run(game())
        except BaseException as exc:            # noqa: BLE001 (reported below)
            out.append(exc)

    thread = threading.Thread(target=run)
    thread.start()
    thread.join(60)
    assert not thread.is_alive(), "the game did not finish in 60 s"
    assert not isinstance(out[-1], BaseException), repr(out[-1])
    return out[0]


@pytest.mark.parametrize("pace", [PACE, 0], ids=["paced", "at-once"])
@pytest.mark.parametrize("info", HIDDEN, ids=[g.id for g in HIDDEN])
def test_while_bots_decide_in_hot_seat_the_page_shows_only_the_public_view(info, pace):
    """Issue 33 item 4: no update sent while the bots decide carries a child's view, hand,
    legal actions, log or advice; each bot move is still pushed as it is made, with "Just now"
    growing; after the bots, the next child is behind the cover if another child was shown."""
    page = play(info.widget(), seed=3, pace=pace)
    done = [p for p in page.phases if p["end"] is not None]
    assert len(done) >= 2, f"only {len(done)} bots' turns between the children's moves"
    assert page.leaks == [], page.leaks[:5]
    for phase in done:
        # one update per bot decision (the per-move pushes): every position the bots decided in
        assert phase["pushed"] == set(range(phase["start"], phase["end"])), phase
        # the cover as before: for a child other than the one shown last
        assert phase["cover"] == (phase["child"] != phase["shown"]), phase
        # "Just now" still says what the bots did: every line they added that the page may show
        said = phase["just_now"].get("lines", [])
        assert phase["since"] and set(phase["since"][:LOG_LINES]) <= set(said), phase


class HandLoop:
    """An event loop's ``call_later``, run by hand (the order of the paced moves is all that
    matters here)."""

    def __init__(self):
        self.due = []

    def call_later(self, delay, callback):
        self.due.append(callback)

    def run_due(self):
        for _ in range(100):
            if not self.due:
                return
            self.due.pop(0)()
        raise AssertionError("the bots never stopped")


@pytest.mark.parametrize("info", HIDDEN, ids=[g.id for g in HIDDEN])
def test_undo_while_the_bots_play_between_two_children_is_refused(info):
    """Issue 33 item 4: while the bots play, the screen is nobody's: Undo (which would show
    the hand of the child whose move it takes back to whoever is at the screen) is off and
    refused, and nothing changes; after the bots the next child's cover comes up."""
    loop = HandLoop()
    w = info.widget()(players=4, seed=3, bots={1: "random", 3: "random"}, bot_pace=1, loop=loop)
    children = make_bot("random", seed=3)
    for _ in range(30):                     # a child's move after which the bots decide
        if w.covered:
            send(w, {"type": "uncover", "version": w.version})
        child = w.viewer
        act(w, str(children.choose(w.state, child)))
        if loop.due and not set(CHILDREN) & set(w.state.deciders):
            break
        loop.run_due()
    assert loop.due and w.thinking in (1, 3), "no bot ever decided alone after a child"
    assert w.viewer is None and w.view == plain(w.state.view(None)) and w.legal == []
    assert not w.can_undo and "while the bots play" in w.undo_note, w.undo_note
    moves, version = len(w.state.history), w.version
    send(w, {"type": "undo", "version": w.version})
    assert "while the bots play" in w.error
    assert len(w.state.history) == moves and w.version == version and w.viewer is None
    loop.run_due()
    assert w.thinking is None and w.state.deciders
    assert w.covered or w.viewer == child     # the next child's cover, as before the bots


def test_acting_for_a_paced_bots_seat_says_the_bot_is_thinking():
    """Issue 33 item 5d, the paced side: a click for a seat whose bot is about to move names
    the bot and says it is thinking (not stopped), and changes nothing."""
    info = HIDDEN[0]
    loop = HandLoop()
    w = info.widget()(players=2, seed=3, seat=0, bots={1: "random"}, bot_pace=1, loop=loop)
    for _ in range(30):
        if loop.due and w.state.deciders == (1,):
            break
        loop.run_due()
        act(w, w.legal[0]["text"])
    assert w.thinking == 1 and w.state.deciders == (1,)
    moves = len(w.state.history)
    act(w, str(w.state.legal_actions(1)[0]))
    assert "Player 2's decision (the random bot plays that seat, and it is thinking)" in w.error
    assert len(w.state.history) == moves
    loop.run_due()
    assert len(w.state.history) > moves


@pytest.mark.parametrize("game, seed", [("grab_your_goat", 0), ("goat_lords", 0)])
def test_a_game_a_bot_ends_stays_on_the_public_view(game, seed):
    """Issue 33 item 4, at the end: when a bot's move ends the game, the page stays on the
    public view it showed while the bots played (it went back to the hand of the child shown
    last)."""
    info = next(g for g in HIDDEN if g.id == game)
    page = play(info.widget(), seed=seed, pace=0, child_turns=10**6)
    assert page.w.state.is_over and page.ended_by_bot
    assert page.leaks == [], page.leaks[:5]
    assert page.model["viewer"] is None and page.model["view"] == plain(page.w.state.view(None))
