"""The model contract of DESIGN.md, for every registered game (and the test game).

Floats-specific contract checks (its presets, its corrupt saves) stay in
``test_state_contract.py``; these hold for any game the registry lists.
"""

from __future__ import annotations

import json

import pytest

from goatwidgets.engine import Action, GameError, SaveError, VariantError, make_bot

from tests.registry import GAMES

IDS = [g.id for g in GAMES]


def bots_for(players, seed=0):
    return [make_bot("random", seed=seed * 10 + i) for i in range(players)]


def advance(s, bots, decisions):
    for _ in range(decisions):
        if s.is_over:
            return
        seat = s.deciders[0]
        s.apply(bots[seat].choose(s, seat), seat=seat)


@pytest.fixture(params=GAMES, ids=IDS)
def game(request):
    return request.param.module


def test_new_game_gives_a_state_with_the_contracts_members(game):
    for players in range(game.State.min_players, game.State.max_players + 1):
        s = game.new_game(players=players, seed=1)
        assert isinstance(s, game.State) and s.players == players
        assert s.deciders and s.to_move in (None, *s.deciders)
        assert len(s.scores) == players and s.winners == () and not s.is_over
        assert s.history == [] and not s.can_undo()
        for seat in range(players):
            view = s.view(seat)
            assert view["viewer"] == seat and view["deciders"] == list(s.deciders)
            json.dumps(view)
        assert s.view(None)["viewer"] is None
        r = repr(s)
        assert "\n" not in r and len(r) < 120, r


def test_apply_takes_text_or_an_action_alike(game):
    a, b = game.new_game(players=3, seed=8), game.new_game(players=3, seed=8)
    bots_a, bots_b = bots_for(3), bots_for(3)
    for _ in range(40):
        if a.is_over:
            break
        seat = a.deciders[0]
        action = bots_a[seat].choose(a, seat)
        assert isinstance(action, Action) and bots_b[seat].choose(b, seat) == action
        a.apply(action, seat=seat)
        b.apply(str(action), seat=seat)
        assert game.State.parse_action(a, str(action)) == action     # str round trip
        assert action.to_dict()["text"] == str(action)
    assert a.to_json() == b.to_json()


def test_only_deciding_seats_have_legal_actions(game):
    s = game.new_game(players=3, seed=2)
    bots = bots_for(3, 2)
    for _ in range(30):
        if s.is_over:
            break
        for seat in range(3):
            assert bool(s.legal_actions(seat)) == (seat in s.deciders)
        advance(s, bots, 1)


def test_undo_steps_back_to_the_root_one_decision_at_a_time(game):
    s = game.new_game(players=2, seed=4)
    snapshots = [s.to_json()]
    bots = bots_for(2, 4)
    for _ in range(40):
        if s.is_over:
            break
        advance(s, bots, 1)
        snapshots.append(s.to_json())
    for expected in reversed(snapshots[:-1]):
        s.undo()
        assert s.to_json() == expected
    assert not s.can_undo()
    with pytest.raises(GameError, match="nothing to undo"):
        s.undo()


def test_a_save_loads_and_continues_exactly_like_the_game(game):
    s = game.new_game(players=3, seed=6)
    advance(s, bots_for(3, 6), 20)
    text = s.to_json()
    loaded = game.State.from_json(text)
    assert loaded.to_json() == text and loaded.history == s.history
    for seat in range(3):
        assert loaded.view(seat) == s.view(seat) and loaded.log_for(seat) == s.log_for(seat)
    bots_a, bots_b = bots_for(3, 1), bots_for(3, 1)
    advance(s, bots_a, 10_000)
    advance(loaded, bots_b, 10_000)
    assert loaded.is_over and loaded.to_json() == s.to_json()


def test_a_clone_is_independent_and_has_the_same_future(game):
    s = game.new_game(players=2, seed=9)
    advance(s, bots_for(2, 9), 15)
    c = s.clone()
    before = s.to_json()
    advance(c, bots_for(2, 3), 30)
    assert s.to_json() == before
    after = c.to_json()
    advance(s, bots_for(2, 3), 30)
    assert s.to_json() == after
    c.undo()
    assert s.to_json() == after


def test_every_save_error_is_a_save_error_naming_a_field(game):
    text = game.new_game(players=2, seed=3).to_json()
    data = json.loads(text)
    for name in ("format", "game", "root", "journal", "state"):
        broken = {k: v for k, v in data.items() if k != name}
        with pytest.raises(SaveError, match=f"'{name}'"):
            game.State.from_json(json.dumps(broken))
    data["state"]["log"].append({"text": "somebody won"})
    with pytest.raises(SaveError, match="'state'"):
        game.State.from_json(json.dumps(data))


def test_views_and_logs_are_per_seat_and_json(game):
    s = game.new_game(players=2, seed=5)
    advance(s, bots_for(2, 5), 25)
    for seat in (None, 0, 1):
        json.dumps(s.view(seat))
        assert all(isinstance(line, str) for line in s.log_for(seat))
    assert s.log == s.log_for(None)
    with pytest.raises(VariantError):
        s.view(2)
    with pytest.raises(VariantError):
        s.view(True)
