"""The OpenSpiel adapter (issue 26 item 6): every registered game as a pyspiel game.

OpenSpiel's own ``random_sim_test`` plays each game at two players and at the largest count
(the default run plays short games, ``max_turns`` lowered where games are long, two each;
``--long`` plays ten full-length games each). Beside it: action ids round-trip and the legal
ids are exactly the state's legal actions, the information test on the OpenSpiel strings,
the returns, the fixed sizes of the action spaces, and that goatwidgets never needs pyspiel.
Only the tests that build a pyspiel game are skipped when pyspiel is missing.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys

import pytest

from goatwidgets.adapters.openspiel import (
    action_space,
    information_key,
    load_game,
    max_game_length,
    observation,
    register,
    win_shares,
)
from goatwidgets.games import REGISTRY

try:
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts
except ImportError:              # the optional extra is not installed: skip what needs it
    pyspiel = None

needs_pyspiel = pytest.mark.skipif(pyspiel is None, reason="pyspiel (goatwidgets[openspiel]) "
                                   "is not installed")
LONG = bool(os.environ.get("GOATWIDGETS_LONG"))
#: (game, players) at two players and the largest count
COUNTS = [(g, n) for g in REGISTRY for n in sorted({2, REGISTRY[g].players[1]})]
COUNT_IDS = [f"{g}-{n}p" for g, n in COUNTS]
#: the default run's shorter games (the turn guard's option), where a random game is long
SHORT = {"floats_mcgoats": {"max_turns": 60}, "gruff_goats": {"max_turns": 60},
         "grab_your_goat": {"max_turns": 60}}


def spiel_game(game_id: str, players: int, rng_seed: int = 0, **variants):
    return load_game(game_id, players=players, rng_seed=rng_seed, **variants)


@needs_pyspiel
@pytest.mark.parametrize("game_id, players", COUNTS, ids=COUNT_IDS)
def test_openspiel_random_sim_test(game_id, players):
    variants = {} if LONG else SHORT.get(game_id, {})
    game = spiel_game(game_id, players, rng_seed=players, **variants)
    pyspiel.random_sim_test(game, num_sims=10 if LONG else 2, serialize=False, verbose=False)


def random_states(game_id: str, players: int, seed: int, every: int = 7, most: int = 400):
    """Goat states along a seeded random game, every ``every`` decisions."""
    s = REGISTRY[game_id].module.new_game(players=players, seed=seed)
    r = random.Random(seed)
    for n in range(most):
        if s.is_over:
            break
        if n % every == 0:
            yield s
        seat = s.deciders[0]
        s.apply(r.choice(s.legal_actions(seat)), seat=seat)
    yield s


@pytest.mark.parametrize("game_id, players", COUNTS, ids=COUNT_IDS)
def test_action_ids_round_trip_and_cover_every_legal_action(game_id, players):
    space = action_space(game_id, players)
    for s in random_states(game_id, players, seed=players):
        for seat in s.deciders:
            for action in s.legal_actions(seat):
                action_id = space.id_of(s, action)
                assert 0 <= action_id < space.size
                assert space.text_of(s, action_id) == str(action)


@needs_pyspiel
@pytest.mark.parametrize("game_id, players", COUNTS, ids=COUNT_IDS)
def test_legal_ids_are_the_states_legal_actions(game_id, players):
    game = spiel_game(game_id, players)
    state = game.new_initial_state(seed=players)
    r = random.Random(players)
    for _ in range(150):
        if state.is_terminal():
            break
        seat = state.current_player()
        goat = state.goat
        assert seat == goat.deciders[0]
        ids = state.legal_actions()
        assert sorted({state.action_to_string(seat, a) for a in ids}) == sorted(
            str(a) for a in goat.legal_actions(seat))
        for other in range(players):
            if other != seat:
                assert state.legal_actions(other) == []
        state.apply_action(r.choice(ids))


@pytest.mark.parametrize("game_id", list(REGISTRY))
def test_action_spaces_are_fixed(game_id):
    """The ids are a function of the game and the player count alone: two builds agree, and
    the sizes are pinned here (a change to a game's card or board lists shows up)."""
    sizes = {"floats_mcgoats": (147218, 148394), "grab_your_goat": (873, 873),
             "goat_lords": (356, 636), "gruff_goats": (127, 133), "battlegoats": (330, 370)}
    low, high = REGISTRY[game_id].players[0], REGISTRY[game_id].players[1]
    assert (action_space(game_id, low).size, action_space(game_id, high).size) == \
        sizes[game_id]
    rebuilt = action_space(game_id, low, **{})
    assert rebuilt.texts == action_space(game_id, low).texts


def test_floats_raft_ids_reach_as_far_as_50_sticks_can():
    """FM-R3: the raft (48 sticks and two anchors) is joined to 0,0, so a stick reaches 49
    steps and a spot 50: the furthest ones have ids, one step further has none."""
    space = action_space("floats_mcgoats", 2)
    assert "stick 49,0-49,1" not in space.ids          # 49,1 is 50 steps away
    assert "stick 48,0-49,0" in space.ids and "stick 49,-1-49,0" in space.ids
    assert "mama 49,0u" in space.ids and "mama 50,0u" not in space.ids
    s = REGISTRY["floats_mcgoats"].module.new_game(players=2, seed=1)
    assert space.text_of(s, space.ids["roll"]) == "roll"


@needs_pyspiel
@pytest.mark.parametrize("game_id, players", COUNTS, ids=COUNT_IDS)
def test_information_strings_hide_what_the_seat_cannot_see(game_id, players):
    """Two states that differ only in what a seat cannot know (``redealt``) give that seat
    the same information-state and observation strings; OpenSpiel's resample does too."""
    game = spiel_game(game_id, players)
    GoatState = type(game.new_initial_state())
    r = random.Random(5)
    changed = 0
    for s in random_states(game_id, players, seed=11, every=11, most=250):
        for seat in range(players):
            other = s.redealt(seat, r)
            a, b = GoatState(game, s.clone()), GoatState(game, other)
            assert a.information_state_string(seat) == b.information_state_string(seat)
            assert a.observation_string(seat) == b.observation_string(seat)
            changed += other.to_json() != s.to_json()
            resampled = a.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0., 1.))
            assert resampled.information_state_string(seat) == a.information_state_string(seat)
    if REGISTRY[game_id].module.State.hidden_information:
        assert changed, "the re-deals changed nothing: the test would prove nothing"


@needs_pyspiel
def test_a_public_observer_sees_the_public_view_alone():
    game = spiel_game("goat_lords", 3)
    state = game.new_initial_state(seed=4)
    public = pyspiel.IIGObservationType(perfect_recall=False, public_info=True,
                                        private_info=pyspiel.PrivateInfoType.NONE)
    observer = game.make_py_observer(public)
    assert {observer.string_from(state, seat) for seat in range(3)} == {
        observation(state.goat, None)}
    assert state.observation_string(0) == observation(state.goat, 0) != observation(
        state.goat, None)
    with pytest.raises(ValueError, match="only its own view"):
        game.make_py_observer(pyspiel.IIGObservationType(
            perfect_recall=False, public_info=True,
            private_info=pyspiel.PrivateInfoType.ALL_PLAYERS))


def test_information_key_follows_the_game_and_the_seat():
    s = REGISTRY["goat_lords"].module.new_game(players=3, seed=2)
    keys = {information_key(s, seat) for seat in range(3)}
    assert len(keys) == 3                                   # each seat holds other cards
    before = information_key(s, 0)
    s.apply(s.legal_actions()[0])
    assert information_key(s, 0) != before
    assert len(before) == 32 and '"hands"' not in observation(s, 1)


def test_returns_share_the_win_and_sum_to_zero():
    module = REGISTRY["battlegoats"].module
    s = module.new_game(players=4, seed=1)
    assert win_shares(s) == [0.0] * 4                        # not over yet
    s.phase = "over"
    for winners, want in [((1,), [-1 / 3, 1.0, -1 / 3, -1 / 3]),
                          ((0, 2), [1 / 3, -1 / 3, 1 / 3, -1 / 3]), ((), [0.0] * 4)]:
        s._winners = winners
        assert win_shares(s) == pytest.approx(want)
        assert sum(win_shares(s)) == pytest.approx(0.0)


@pytest.mark.parametrize("game_id", list(REGISTRY))
def test_max_game_length_follows_the_turn_guard(game_id):
    module = REGISTRY[game_id].module
    guard = module.State.turn_guard
    short = max_game_length(module.new_game(players=2, seed=1, **{guard.option: 2}))
    full = max_game_length(module.new_game(players=2, seed=1))
    assert 0 < short < full


@needs_pyspiel
@pytest.mark.parametrize("game_id, players", COUNTS, ids=COUNT_IDS)
def test_games_end_by_their_rules_before_the_maximum_length(game_id, players):
    """The maximum length is never what ends a game: played to the end, the goat game is
    over by its own rules (a win, a draw or its turn guard) within the maximum."""
    game = spiel_game(game_id, players, **SHORT.get(game_id, {}))
    r = random.Random(players)
    for seed in range(2):
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal():
            state.apply_action(r.choice(state.legal_actions()))
        assert state.goat.is_over and len(state.history()) <= game.max_game_length()
        assert state.returns() == win_shares(state.goat)


@needs_pyspiel
def test_a_game_cut_at_the_maximum_length_is_a_draw():
    game = spiel_game("gruff_goats", 2)
    game.max_length = 6                  # what a game past its bound would meet
    state = game.new_initial_state(seed=1)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert len(state.history()) == 6 and not state.goat.is_over
    assert state.returns() == [0.0, 0.0]
    assert state.current_player() == pyspiel.PlayerId.TERMINAL


@needs_pyspiel
def test_register_makes_the_games_loadable_by_name():
    names = register()
    assert names == [f"goatwidgets_{g}" for g in REGISTRY]
    game = pyspiel.load_game("goatwidgets_battlegoats", {"players": 3})
    assert game.num_players() == 3
    assert game.new_initial_state().current_player() in range(3)


@needs_pyspiel
def test_ismcts_plays_a_move_on_a_seat_s_information():
    game = spiel_game("battlegoats", 2)
    state = game.new_initial_state(seed=3)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=20,
                           random_state=np.random.RandomState(0))
    action = bot.step(state)
    assert action in state.legal_actions()


def test_importing_goatwidgets_never_needs_pyspiel():
    """With pyspiel blocked, goatwidgets and this adapter import, the action spaces work and
    building a pyspiel game says how to install it."""
    code = ("import sys; sys.modules['pyspiel'] = None\n"
            "import goatwidgets, goatwidgets.adapters.openspiel as o\n"
            "assert o.action_space('battlegoats', 2).size == 330\n"
            "try:\n    o.load_game('battlegoats')\nexcept ImportError as e:\n"
            "    assert 'goatwidgets[openspiel]' in str(e), e\nelse:\n    raise SystemExit(1)\n"
            "assert 'pyspiel' not in [m for m in sys.modules if sys.modules[m]]\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
