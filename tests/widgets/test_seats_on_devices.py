"""A room's device holds one seat (issue 37): the widget takes that seat's decisions and its
Undo by the hot-seat rules, and refuses another seat's, changing nothing."""

from __future__ import annotations

import pytest

from goatwidgets import FloatsMcGoats
from goatwidgets.engine import GameError, NotYourDecisionError


def test_a_device_decides_only_for_its_seat_and_undoes_only_its_own_move():
    w = FloatsMcGoats(players=2, seed=1)
    before = w.state.to_json()
    with pytest.raises(NotYourDecisionError, match="Player 1's decision"):
        w.play("mama 0,0u", seat=1)              # seat 0 decides now, not the device's seat 1
    assert w.state.to_json() == before and "Player 1's decision" in w.error
    w.play("mama 0,0u", seat=0)
    assert [e["seat"] for e in w.state.history] == [0]
    moved = w.state.to_json()
    with pytest.raises(GameError, match="only your own moves"):
        w.undo(seat=1)                           # Player 2's device can't take back Player 1's
    assert w.state.to_json() == moved
    w.undo(seat=0)
    assert w.state.history == [] and w.error == ""
