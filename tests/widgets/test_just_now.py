"""What just happened (the ``last_move`` trait), issue 34 item 8: the newest lines in the order
things happened, never scrambled. With headlines first, a 4-player game with bots showed "Bot
Dot throws Bot Cal's shepherd" first though it happened last, and "You let it be" after the
Sneak-A-Goat's effect that it let happen. The headlines are marked (by index) so the page can
keep them when it has no room for every line (js/shared/shell.js ``recent``)."""

from __future__ import annotations

import pytest

from goatwidgets.engine import make_bot
from tests.registry import GAMES

REAL = [info for info in GAMES if info.id != "goat_auction"]


@pytest.mark.parametrize("info", REAL, ids=[i.id for i in REAL])
def test_just_now_is_the_end_of_the_log_in_its_order(info):
    players = info.module.State.max_players
    w = info.widget()(players=players, seed=11, seat=0,
                      bots={seat: "casual" for seat in range(1, players)})
    me = make_bot("casual", seed=1)
    checked = 0
    for _ in range(25):
        state = w.state
        if state.is_over or 0 not in state.deciders:
            break
        w.play(str(me.choose(state, 0)))
        said = w.last_move
        if not said["lines"]:
            continue
        log = w.state.log_for(0)
        assert said["lines"] == log[-len(said["lines"]):], (said["lines"], log[-12:])
        assert all(0 <= i < len(said["lines"]) for i in said["headlines"])
        checked += 1
    assert checked >= 3


def test_a_class_at_one_screen_reads_whose_turn_by_name():
    """Issue 34 item 12: Gruff Goats' quick class game (four children, open hands, no cover)
    said "Your turn" to the whole class; it says "Ana, your turn". One child with bots, or a
    child called You, still reads "Your turn"."""
    from goatwidgets import GruffGoats
    names = ["Ana", "Bo", "Cy", "Di"]
    w = GruffGoats(players=4, seed=1, board="small", target=2, open_hands=True, names=names)
    assert not w.covered and w.view["prompt"].startswith("Ana, your turn")
    w.play("draw")
    assert w.view["prompt"].startswith("Bo, your turn"), w.view["prompt"]
    alone = GruffGoats(players=2, seed=1, names=["Ana", "Bot"], bots={1: "casual"})
    assert alone.view["prompt"].startswith("Your turn")
    you = GruffGoats(players=4, seed=1, open_hands=True, names=["You", "Bo", "Cy", "Di"])
    assert you.view["prompt"].startswith("Your turn")
