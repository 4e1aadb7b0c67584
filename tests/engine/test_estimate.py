"""The estimator and the bot ladder (issue 26): seeded and exactly reproducible, values and
intervals that mean what they say, and every level deciding from its seat's information only."""

from __future__ import annotations

import random

import pytest

from goatwidgets.engine.bots import LADDER, make_bot
from goatwidgets.engine.estimate import Budget, Search, shares
from goatwidgets.engine.simulation import play
from tests.engine.helpers import decided, with_strategy
from tests.registry import GAME_IDS, GAMES

BY_ID = {info.id: info.module for info in GAMES}


@pytest.mark.parametrize("name", GAME_IDS)
def test_the_same_seed_gives_the_same_estimate_and_the_state_is_untouched(name):
    state = decided(BY_ID[name], 2, 5, 6)
    seat = state.deciders[0]
    before = state.to_json()
    one = Search(state, seat, seed=9).run(iterations=40).to_dict()
    two = Search(state, seat, seed=9).run(iterations=40).to_dict()
    one.pop("ms"), two.pop("ms")
    assert one == two
    assert state.to_json() == before
    assert sorted(c["action"] for c in one["choices"]) == sorted(
        str(a) for a in state.legal_actions(seat))
    assert sum(c["visits"] for c in one["choices"]) == 40


@pytest.mark.parametrize("name", GAME_IDS)
def test_values_are_shares_of_the_win_and_intervals_hold_them(name):
    state = decided(BY_ID[name], 3 if 3 <= BY_ID[name].State.max_players else 2, 2, 4)
    found = Search(state, state.deciders[0], seed=1).run(iterations=60)
    for choice in found.choices:
        low, high = choice.interval
        assert 0 <= low <= choice.value <= high <= 1
    assert [c.value for c in found.choices] == sorted((c.value for c in found.choices),
                                                      reverse=True)
    world = state.clone()
    assert abs(sum(shares(world)) - 1) < 1e-9


def test_a_finished_game_scores_by_who_won_and_a_draw_gives_nothing():
    from goatwidgets.games import goat_lords
    state = decided(goat_lords, 3, 1, 10_000)
    assert state.is_over
    got = shares(state)
    assert got == [1 / len(state.winners) if s in state.winners else 0.0
                   for s in range(state.players)]


@pytest.mark.parametrize("level", LADDER)
@pytest.mark.parametrize("name", GAME_IDS)
def test_every_level_decides_from_its_seats_information_only(name, level):
    """Two states that differ only in what the seat cannot know give the same choice for the
    same seed (the information test, for every level of the ladder)."""
    game = BY_ID[name]
    for seed in range(3):
        state = decided(game, game.State.max_players, seed, 3 + seed)
        if state.is_over:
            continue
        seat = state.deciders[-1]
        other = state.redealt(seat, random.Random(100 + seed))   # the hidden parts dealt anew
        bot = make_bot(level, seed=seed, budget=Budget(30, None))
        first = str(bot.choose(state, seat))
        again = make_bot(level, seed=seed, budget=Budget(30, None))
        assert str(again.choose(other, seat)) == first, (name, level, seed)


def test_the_old_names_still_play():
    from goatwidgets.games import battlegoats
    for name in ("random", "greedy"):
        assert play(battlegoats, players=2, seed=1, bots=name)["winners"] is not None


def test_the_strong_bot_searches_only_the_candidates_a_game_names(monkeypatch):
    """A game whose trials would spread too thin names its candidates
    (``strategy.candidates``); the strong bot searches those alone, judged on a copy
    re-dealt from its seat's information."""
    from goatwidgets.games import floats_mcgoats
    state = floats_mcgoats.new_game(players=2, seed=3)
    seat = state.deciders[0]
    named = state.legal_actions(seat)[-2:]
    seen = []

    def the_last_two(world, who, rng):
        seen.append(world is state)
        return [a for a in world.legal_actions(who) if a in named]

    with_strategy(monkeypatch, floats_mcgoats, candidates=the_last_two)
    bot = make_bot("strong", seed=1, budget=Budget(10, None))
    assert bot.choose(state, seat) in named
    assert seen == [False]


def test_one_candidate_is_taken_without_trials(monkeypatch):
    """Where the game names a single candidate (BattleGoats' planned layout) the strong bot
    takes it at once: no trials to compare, no search run."""
    from goatwidgets.engine import bots
    from goatwidgets.games import floats_mcgoats
    state = floats_mcgoats.new_game(players=2, seed=3)
    seat = state.deciders[0]
    last = state.legal_actions(seat)[-1]
    with_strategy(monkeypatch, floats_mcgoats,
                  candidates=lambda world, who, rng: [a for a in world.legal_actions(who)
                                                      if a == last])

    def no_search(*args, **kwargs):
        raise AssertionError("searched a single candidate")

    monkeypatch.setattr(bots, "Search", no_search)
    assert make_bot("strong", seed=1).choose(state, seat) == last
