"""The coach in every game widget (issue 27 item 1): a "suggest" message from the page, through
ipywidgets' real ``_handle_msg``. Advice is given only to the seat the page shows deciding
(in hot-seat the seat whose decision it is, uncovered), never to a bot's seat or another
seat, never on a stale picture or with the coach off; it is lit like a hint and taken away
by any change of the position; and it holds nothing of another seat's hidden information."""

from __future__ import annotations

import json
import random

import pytest

from goatwidgets import Lesson
from goatwidgets.engine import GameError, VariantError
from goatwidgets.engine.bots import Bot
from goatwidgets.engine.estimate import Budget
from goatwidgets.widgets.base import GameWidget

from tests.registry import GAMES
from tests.widgets.messages import act, send

HIDDEN = [g for g in GAMES if g.module.State.hidden_information]


@pytest.fixture(autouse=True)
def quick_coach(monkeypatch):
    """A small budget and no time limit: the same advice on any machine, quickly."""
    monkeypatch.setattr(GameWidget, "coach_budget", Budget(24, None))


def ask(widget, version=None, **extra):
    send(widget, {"type": "suggest", **extra,
                  "version": widget.version if version is None else version})


def snapshot(widget):
    return (widget.state.to_json(), widget.version, json.dumps(widget.view, sort_keys=True),
            json.dumps(widget.legal), widget.covered, json.dumps(widget.advice),
            json.dumps(widget.highlight))


def uncovered(w):
    if w.covered:
        send(w, {"type": "uncover", "version": w.version})
    return w


class StuckBot(Bot):
    """A bot that fails: the game then waits at its seat's decision."""
    name = "stuck"

    def choose(self, state, seat=None):
        raise RuntimeError("the bot tripped")


@pytest.mark.parametrize("info", GAMES, ids=[g.id for g in GAMES])
def test_suggest_advises_the_seat_at_the_screen_and_lights_the_choice(info):
    w = uncovered(info.widget()(players=2, seed=3))
    seat = w.viewer
    assert w.coach is True and seat in w.state.deciders
    version, state = w.version, w.state.to_json()
    ask(w)
    assert w.error == ""
    advice = w.advice
    assert advice["seat"] == seat and advice["words"]
    legal = {a["text"]: a for a in w.legal}
    assert advice["choices"] and set(advice["choices"]) <= set(legal)
    assert advice["action"] in (None, advice["choices"][0])
    assert len(advice["choices"]) == 1 or advice["action"] is None   # one move, or the close ones
    assert [a["text"] for a in w.highlight] == advice["choices"]     # lit as a hint is
    assert all(a == legal[a["text"]] for a in w.highlight)
    for rule in advice["rules"]:                                      # each cited rule, in words
        assert rule["id"] and rule["text"], rule
    assert json.loads(json.dumps(advice)) == advice
    assert (w.version, w.state.to_json()) == (version, state)        # the game is untouched


def test_the_advice_cites_rulings_with_the_rules_words():
    from goatwidgets import GoatLords
    from goatwidgets.games.goat_lords import explain, position

    s = position(players=2, names=["You", "Bo"],
                 hands=[["ninja", "ninja", "corn"], ["lord"]])
    w = GoatLords(state=s, seat=0)
    w.suggest()
    assert "GL-R8" in [r["id"] for r in w.advice["rules"]]
    assert {"id": "GL-R8", "text": explain.RULES["GL-R8"]} in w.advice["rules"]
    assert "stack" in w.advice["words"]


@pytest.mark.parametrize("info", GAMES, ids=[g.id for g in GAMES])
def test_suggest_is_refused_for_another_seat_and_changes_nothing(info):
    w = info.widget()(players=2, seed=3, seat=0)          # the page shows seat 0...
    for _ in range(50):
        if 0 not in w.state.deciders:
            break
        act(w, w.legal[0]["text"])
    assert w.state.deciders == (1,)                       # ...and seat 1 decides
    before = snapshot(w)
    ask(w)
    assert "your own decision" in w.error and "Player 2" in w.error
    assert snapshot(w) == before
    hot = uncovered(info.widget()(players=2, seed=3))     # hot-seat: a forged other seat
    before = snapshot(hot)
    ask(hot, seat=1 - hot.viewer)
    assert "'seat'" in hot.error and snapshot(hot) == before


@pytest.mark.parametrize("info", GAMES, ids=[g.id for g in GAMES])
def test_suggest_is_refused_for_a_bot_seat(info):
    w = info.widget()(players=2, seed=2, seat=0)
    w.set_bots({1: StuckBot()})
    for _ in range(50):                                  # play seat 0 until the bot is asked
        if not w.legal:
            break
        act(w, w.legal[0]["text"])
    assert "stuck bot" in w.error and 1 in w.state.deciders and 0 not in w.state.deciders
    before = snapshot(w)
    ask(w)
    assert "Player 2" in w.error and "your own decision" in w.error
    assert snapshot(w) == before
    hot = uncovered(info.widget()(players=2, seed=3, bots={1: "random"}))
    before = snapshot(hot)
    ask(hot, seat=1)                                     # a forged message for the bot's seat
    assert "'seat'" in hot.error and snapshot(hot) == before


@pytest.mark.parametrize("info", GAMES, ids=[g.id for g in GAMES])
@pytest.mark.parametrize("extra, words", [
    ({"version": -3}, "older picture"),
    ({"version": "1"}, "'version'"),
    ({"seat": "0"}, "'seat'"),
    ({"seat": True}, "'seat'"),
])
def test_a_stale_or_malformed_suggest_is_refused_and_changes_nothing(info, extra, words):
    w = uncovered(info.widget()(players=2, seed=3))
    before = snapshot(w)
    send(w, {"type": "suggest", "version": w.version, **extra})
    assert words in w.error and snapshot(w) == before


def test_a_seat_named_true_is_not_seat_1():
    from goatwidgets import FloatsMcGoats

    w = FloatsMcGoats(players=2, seed=3)
    act(w, "mama 0,0u")
    assert w.viewer == 1
    before = snapshot(w)
    ask(w, seat=True)
    assert "'seat'" in w.error and snapshot(w) == before
    ask(w, seat=1)
    assert w.error == "" and w.advice["seat"] == 1


@pytest.mark.parametrize("info", GAMES, ids=[g.id for g in GAMES])
def test_a_teacher_turns_the_coach_off(info):
    w = uncovered(info.widget()(players=2, seed=3, coach=False))
    assert w.coach is False
    before = snapshot(w)
    ask(w)
    assert "coach is off" in w.error and snapshot(w) == before
    with pytest.raises(GameError):
        w.suggest()
    on = uncovered(info.widget()(players=2, seed=3))
    on.suggest()
    assert on.advice and on.highlight
    on.coach = False                                     # switched off: the advice goes too
    assert on.advice == {} and on.highlight == []
    with pytest.raises(VariantError) as err:
        info.widget()(players=2, seed=3, coach="yes")
    assert err.value.rule == "coach" and "True or False" in str(err.value)


def test_a_lessons_board_has_no_coach():
    from goatwidgets.lessons.floats_mcgoats import LESSON

    lesson = Lesson(LESSON)
    assert lesson.board.coach is False
    ask(lesson.board)
    assert "coach is off" in lesson.board.error


@pytest.mark.parametrize("info", GAMES, ids=[g.id for g in GAMES])
def test_the_advice_is_cleared_by_a_move_an_undo_and_a_new_game(info):
    w = info.widget()(players=2, seed=3, seat=0, bots={1: "random"}, free_undo=True)
    w.suggest()
    assert w.advice and w.highlight
    act(w, w.advice["choices"][0])
    assert w.error == "" and w.advice == {} and w.highlight == []
    if w.state.is_over:
        return
    w.suggest()
    assert w.advice
    send(w, {"type": "undo", "version": w.version})
    assert w.error == "" and w.advice == {} and w.highlight == []
    w.suggest()
    w.reset(seed=4)
    assert w.advice == {} and w.highlight == []


@pytest.mark.parametrize("info", HIDDEN, ids=[g.id for g in HIDDEN])
def test_in_hot_seat_only_the_uncovered_decider_is_advised_and_the_cover_clears_it(info):
    w = info.widget()(players=2, seed=2)
    assert w.covered
    before = snapshot(w)
    ask(w)                                               # nobody may see advice under the cover
    assert "uncover" in w.error and snapshot(w) == before
    uncovered(w)
    first = w.viewer
    ask(w)
    assert w.error == "" and w.advice["seat"] == first
    for _ in range(50):                                  # until the screen goes to the other
        act(w, w.legal[0]["text"])
        if w.covered or w.state.is_over:
            break
        assert w.advice == {}
    assert w.advice == {} and w.highlight == []
    if w.covered:
        ask(w)
        assert "uncover" in w.error and w.advice == {}


@pytest.mark.parametrize("info", HIDDEN, ids=[g.id for g in HIDDEN])
def test_the_advice_sent_holds_nothing_the_seat_cannot_see(info):
    """The information test at the widget: a game and a copy re-dealt in everything seat 0
    can't see (other hands, face-down cards, the deck, the dice to come) send seat 0 the same
    update after a suggest, byte for byte."""
    base = info.module.new_game(players=2, seed=5)
    for _ in range(40):                                  # to a choice of seat 0
        if base.is_over or (0 in base.deciders and len(base.legal_actions(0)) > 1):
            break
        seat = base.deciders[0]
        base.apply(random.Random(len(base.history)).choice(base.legal_actions(seat)), seat=seat)
    copies = [base.redealt(0, random.Random(k)) for k in (11, 12, 13)]
    assert len({s.to_json() for s in (base, *copies)}) == 4       # they differ...
    sent = set()
    for state in (base, *copies):
        assert state.view(0) == base.view(0)
        w = info.widget()(state=state, seat=0)
        messages = []
        w._send = lambda msg, buffers=None, out=messages: out.append(msg)
        ask(w)
        assert w.error == "" and w.advice
        sent.add(json.dumps(messages, sort_keys=True))
    assert len(sent) == 1                                # ...and seat 0 is told the same
