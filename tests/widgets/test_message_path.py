"""The widget message path without a browser: messages go through ipywidgets' real
``_handle_msg`` (the same entry point a browser's ``model.send`` reaches)."""

import asyncio
import json
import threading

import pytest
import traitlets

from goatwidgets import FloatsMcGoats, Lesson
from goatwidgets.engine import GameError
from goatwidgets.games.floats_mcgoats import position
from goatwidgets.lessons.floats_mcgoats import LESSON
from goatwidgets.widgets import base

from tests.widgets.messages import act, send


def snapshot(widget):
    return widget.state.to_json(), widget.version, json.dumps(widget.view, sort_keys=True)


def test_legal_action_is_applied_and_traits_update():
    w = FloatsMcGoats(players=2, seed=1)
    before = w.version
    act(w, "mama 0,0u")
    assert w.error == ""
    assert w.state.goats == {(0, 0, "u"): [(0, "mama")]}
    assert w.version == before + 1
    assert w.view["spots"][0]["goats"] == [{"owner": 0, "kind": "mama"}]
    assert w.view["to_move"] == 1 and w.viewer == 1          # hotseat follows the decision
    assert w.game_log[-1] == "Player 1 placed a mama goat on the raft."
    assert {a["kind"] for a in w.legal} == {"roll", "mama", "baby"}


def test_illegal_action_sets_error_naming_the_rule_and_changes_nothing():
    w = FloatsMcGoats(state=position(goats={"0,0u": [(1, "mama")]}))
    before = snapshot(w)
    act(w, "mama 0,0u")
    assert "already holds a goat" in w.error and "FM-R4" in w.error
    assert snapshot(w) == before


@pytest.mark.parametrize("content, words", [
    ("not a dict", "JSON object"),
    ({"action": "roll"}, "'type'"),
    ({"type": "explode", "version": 1}, "'type'"),
    ({"type": "act", "action": "roll"}, "'version'"),
    ({"type": "act", "action": "roll", "version": "1"}, "'version'"),
    ({"type": "act", "action": "roll", "version": True}, "'version'"),
    ({"type": "act", "version": None}, "'version'"),
    ({"type": "act", "version": "CURRENT"}, "'action'"),
    ({"type": "act", "action": 42, "version": "CURRENT"}, "'action'"),
    ({"type": "act", "action": "   ", "version": "CURRENT"}, "'action'"),
    ({"type": "act", "action": "dance 0,0u", "version": "CURRENT"}, "unknown action"),
    ({"type": "act", "action": "stick 0,0-5,5", "version": "CURRENT"}, "not neighbours"),
])
def test_malformed_messages_are_rejected_with_a_clear_error(content, words):
    w = FloatsMcGoats(players=3, seed=4)
    if isinstance(content, dict) and content.get("version") == "CURRENT":
        content = {**content, "version": w.version}
    before = snapshot(w)
    send(w, content)
    assert words in w.error
    assert snapshot(w) == before


def test_stale_message_is_rejected():
    w = FloatsMcGoats(players=2, seed=1)
    old = w.version
    act(w, "mama 0,0u")
    before = snapshot(w)
    act(w, "mama 0,-1d", version=old)          # clicked on the picture before the last move
    assert "older picture" in w.error and "stale" in w.error
    assert snapshot(w) == before


def test_not_your_seat_is_rejected():
    w = FloatsMcGoats(players=2, seed=1, seat=1)
    assert w.legal == []                        # seat 1 sees no moves on seat 0's turn
    before = snapshot(w)
    act(w, "roll")
    assert "Player 1's decision" in w.error
    assert snapshot(w) == before


def test_bots_answer_and_the_front_end_sees_each_move_as_it_is_made():
    """Issue 26 item 3: the child's move is shown at once, then each bot move as it is made
    (the bot about to choose named in ``thinking``), not all at once at the end."""
    w = FloatsMcGoats(players=3, seed=5, bots={1: "greedy", 2: "random"})
    seen = []
    w.observe(lambda change: seen.append((len(w.state.history), w.thinking,
                                          len(w.last_move["lines"]))), names="version")
    act(w, "mama 0,0u")
    assert w.state.to_move == 0                 # both bots have played
    moves = len(w.state.history)
    assert moves >= 3
    # one update per decision taken (the child's, then each bot's), in order
    assert [n for n, _, _ in seen] == list(range(1, moves + 1))
    assert [t for _, t, _ in seen][:-1] == [w.state.history[n]["seat"] for n in range(1, moves)]
    assert seen[-1][1] is None                  # nobody thinking once the child decides again
    lines = [k for _, _, k in seen]
    assert lines == sorted(lines) and lines[0] >= 1   # "just now" grows one move at a time


def test_a_bot_in_the_first_seat_moves_at_once():
    w = FloatsMcGoats(players=2, seed=2, bots={0: "greedy"})
    assert w.state.to_move == 1 and len(w.state.history) >= 1
    assert w.legal                                  # the human seat 1 can act


def test_undo_message_goes_back_past_bot_moves():
    w = FloatsMcGoats(players=2, seed=6, bots={1: "random"})   # a game whose bot rolls no die
    first = w.state.to_json()
    act(w, "mama 0,0u")
    assert w.can_undo
    send(w, {"type": "undo", "version": w.version})
    assert w.error == ""
    assert w.state.to_json() == first
    send(w, {"type": "undo", "version": w.version})
    assert "nothing to undo" in w.error


def test_python_handles_play_undo_reset_and_seat():
    w = FloatsMcGoats(players=2, seed=9, seat=0)
    w.play("mama 0,0u")
    w.seat = 1
    with pytest.raises(GameError):
        w.play("mama 0,0u")
    assert "FM-R4" in w.error
    with pytest.raises(GameError, match="Undo takes back only your own moves"):
        w.undo()                                  # seat 1 may not take back seat 0's move
    w.seat = 0
    w.undo()
    assert w.state.goats == {}
    w.reset(seed=3)
    assert w.state.seed == 3 and w.state.players == 2
    w.seat = 1
    assert w.viewer == 1 and w.legal == []
    with pytest.raises(Exception):
        w.seat = 7


class HiddenFloats(FloatsMcGoats):
    """Floats has no hidden hands; this stand-in exercises the hotseat cover mechanism."""

    hidden_hands = True


def test_hotseat_cover_between_human_seats_for_hidden_hand_games():
    w = HiddenFloats(players=2, seed=1)
    assert w.covered and w.viewer == 0 and w.view["viewer"] is None   # covered from the start
    send(w, {"type": "uncover", "version": w.version})
    act(w, "mama 0,0u")
    assert w.covered and w.legal == [] and w.view["viewer"] is None
    before = snapshot(w)
    act(w, "roll")
    assert "uncover" in w.error
    assert snapshot(w) == before
    send(w, {"type": "uncover", "version": w.version})
    assert not w.covered and w.viewer == 1 and w.legal


def test_saved_notebook_fallback_is_a_picture_of_the_position():
    w = FloatsMcGoats(state=position(sticks=["0,1-1,0"], goats={"0,0u": [(0, "mama")]},
                                     names=["<b>Ana</b>", "Ben"]))
    data, _meta = w._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in data
    picture = data["text/html"]
    assert "<svg" in picture and picture.count("<line") == 3 and "<circle" in picture
    assert "&lt;b&gt;Ana&lt;/b&gt;" in picture and "<b>Ana</b>" not in picture


def test_lesson_judges_tries_made_through_the_message_path():
    lesson = Lesson(LESSON, step=3)             # roll, then close the triangle
    board = lesson.board
    act(board, "roll")
    assert lesson.status == "going"
    act(board, "stick 5,5-6,5")                 # not touching the raft: a rule is broken
    assert lesson.status == "illegal" and "FM-R12" in lesson.feedback.value
    act(board, "stick 0,0-1,-1")                # legal, but not what the step asks
    assert lesson.status == "wrong"
    lesson.restart()
    act(board, "roll")
    act(board, "stick 0,1-1,0")
    assert lesson.status == "right" and board.state.scores == (1, 0)


def test_an_experiment_loop_shows_its_count():
    """Issue 24 item 11: the experiments of notebooks 04 and 05 drew a bar with no count.
    goatwidgets.progress shows "n / total games" and the time left as the loop runs."""
    from goatwidgets.widgets.progress import Bar, progress

    seen = []
    bar = Bar(4, "games", show=False)
    for done in range(1, 5):
        bar(done)
        seen.append(bar.label.value)
    assert seen[0].startswith("1 / 4 games") and seen[-1].startswith("4 / 4 games in")
    assert bar.bar.value == 4
    assert list(progress(iter(range(3)), show=False)) == [0, 1, 2]


class FakeLoop:
    """An event loop's ``call_later`` and clock, run by hand: the pace is tested without a
    loop (an asyncio loop in pytest's main thread would get in the way of the browser tests'
    own, playwright's sync API, in the same process)."""

    def __init__(self):
        self.now = 0.0
        self.due = []

    def call_later(self, delay, callback):
        self.due.append((self.now + delay, len(self.due), callback))

    def run_due(self, most=50):
        """Run the calls due, in time order (and those they add), up to ``most`` of them."""
        for _ in range(most):
            if not self.due:
                return
            self.due.sort(key=lambda call: call[:2])
            self.now, _, callback = self.due.pop(0)
            callback()
        raise AssertionError(f"still due after {most} calls")


@pytest.fixture
def loop():
    return FakeLoop()


def test_a_bot_pace_makes_the_moves_one_at_a_time_on_the_kernels_loop(loop):
    """Issue 26 item 3: ``bot_pace`` seconds between bot moves, on the event loop, so the
    cell (or the click) returns at once and a class sees one move at a time, the bot about
    to move named in the same update."""
    w = FloatsMcGoats(players=3, seed=5, bots={1: "greedy", 2: "random"}, bot_pace=0.5, loop=loop)
    seen = []
    w.observe(lambda change: seen.append((loop.now, len(w.state.history), w.thinking)),
              names="version")
    act(w, "mama 0,0u")
    assert seen == [(0.0, 1, 1)]                # the child's move at once, Player 2 thinking
    assert len(loop.due) == 1 and loop.due[0][0] == 0.5       # nothing waited for a bot
    loop.run_due()
    assert w.state.to_move == 0 and w.thinking is None
    moves = len(w.state.history)
    assert [(t, n) for t, n, _ in seen] == [(0.5 * k, k + 1) for k in range(moves)]
    assert [t for _, _, t in seen] == [w.state.history[n]["seat"] for n in range(1, moves)] + [None]
    assert len(w.last_move["actions"]) == moves             # "just now" kept every move


def test_an_undo_or_a_new_game_cancels_the_paced_moves_still_due(loop):
    w = FloatsMcGoats(players=3, seed=5, bots={1: "greedy", 2: "random"}, bot_pace=0.5, loop=loop)
    act(w, "mama 0,0u")
    loop.run_due()
    while w.thinking is None:                   # (a roll, then a placement: a bot's turn)
        act(w, w.legal[0]["text"])
    due = len(w.state.history)
    w.undo()                                    # while the bot's move is due
    assert len(w.state.history) == due - 1 and w.thinking is None
    loop.run_due()
    assert len(w.state.history) == due - 1 and w.thinking is None and not loop.due
    while w.thinking is None:
        act(w, w.legal[0]["text"])
    w.reset(seed=6)                             # a new game: the old game's bot never moves
    assert w.state.history == [] and w.thinking is None
    loop.run_due()
    assert w.state.history == [] and w.thinking is None


def test_a_bot_pace_runs_on_a_real_event_loop():
    """The pace on asyncio's own loop (where the kernel runs it), in a thread of its own."""
    seen, failed = [], []

    async def paced():
        clock = asyncio.get_running_loop().time
        w = FloatsMcGoats(players=3, seed=5, bots={1: "greedy", 2: "random"}, bot_pace=0.05)
        w.observe(lambda change: seen.append((clock(), w.thinking)), names="version")
        act(w, "mama 0,0u")
        assert w.thinking == 1 and len(w.state.history) == 1   # the click returned at once
        for _ in range(300):
            await asyncio.sleep(0.01)
            if w.thinking is None:
                break
        assert w.state.to_move == 0 and w.thinking is None

    def run():
        try:
            asyncio.run(paced())
        except BaseException as exc:            # noqa: BLE001 (reported by the test below)
            failed.append(exc)

    thread = threading.Thread(target=run)
    thread.start()
    thread.join(30)
    assert not thread.is_alive() and not failed, failed
    gaps = [b[0] - a[0] for a, b in zip(seen, seen[1:])]
    assert len(gaps) >= 2 and min(gaps) >= 0.04, gaps


def test_a_bot_pace_is_checked():
    with pytest.raises(traitlets.TraitError, match="bot_pace must be from 0 to 10 seconds"):
        FloatsMcGoats(players=2, seed=1, bot_pace=-1)


def test_no_trait_goes_to_the_page_as_none_so_the_site_loses_no_update():
    """In the JupyterLite site Pyodide turns a Python None into JavaScript's undefined and the
    message's JSON then drops the key: a trait updated to None never reached the page, which
    kept "Bo is thinking…" on the child's turn (issue 34 item 16). Every synced trait's wire
    value is something JSON keeps: nobody thinking and the public view go as -1."""
    from goatwidgets import GoatLords
    w = GoatLords(players=2, seed=3, seat=0, bots={1: "casual"})
    sent = []
    w.comm.send = lambda data=None, **kw: sent.append(data)
    act(w, w.legal[0]["text"])                       # the bot answers: thinking 1, then nobody
    states = [m["state"] for m in sent if m and m.get("method") == "update"]
    assert any(s.get("thinking") == 1 for s in states), states
    assert states[-1]["thinking"] == -1 and w.thinking is None
    hot = GoatLords(players=2, seed=3)               # hot-seat: the public view between children
    hot.viewer = None
    import ipywidgets
    ours = set(w.trait_names(sync=True)) - set(ipywidgets.DOMWidget().trait_names())
    for widget in (w, hot):
        wire = widget.get_state()
        assert [k for k in ours if wire[k] is None] == [], wire
    assert hot.get_state()["viewer"] == -1
