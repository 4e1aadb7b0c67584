"""Property tests: thousands of seeded bot games of Floats McGoats, checked all the way.

Every game (2, 3 and 4 players; random and greedy bots; the default rules, so the turn
guard FM-R22 is 500 turns) is played to its end. After every decision the sticks and goats are counted here and
``check_invariants`` runs. At seeded sample steps an illegal action from a pool is refused
with the state byte-identical, the views are checked, and ``undo`` is checked; once per game
the state is saved, loaded and cloned at a seeded checkpoint and both copies must continue
exactly like the game itself (same bot seeds, same future).

Expensive checks (JSON comparisons, replays) happen at sampled steps so the file stays fast.
"""

from __future__ import annotations

import copy
import json
import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from goatwidgets.engine import GameError, IllegalActionError
from goatwidgets.engine.bots import make_bot
from goatwidgets.games import floats_mcgoats as game
from goatwidgets.games.floats_mcgoats import ANCHORS, edge_text, spot_text

from tests.information import walk_keys

from .floats_positions import goat_counts, stick_count

#: --long: 670 x 3 = 2,010 full games; the default run plays a seeded sample
GAMES_PER_PLAYER_COUNT = int(os.environ.get("GOATWIDGETS_PROPERTY_GAMES") or
                             (670 if os.environ.get("GOATWIDGETS_LONG") else 40))
SAMPLE_RATE = 1 / 25                         # expensive checks at ~every 25th decision
FOLLOW_STEPS = 40                            # decisions a loaded / cloned copy must replay
FORBIDDEN_KEYS = {"rng", "presets", "_presets", "seed", "journal", "root", "chance"}
FAR = "40,40-41,40"                          # a stick nowhere near any raft


def game_setup(players: int, seed: int) -> tuple[list[str], int]:
    """Bots for one seeded game (mostly random, some greedy seats) and its turn guard: the
    default 500 turns of FM-R22, so every game is a full game under the real rules."""
    r = random.Random(seed * 7 + players)
    mix = r.random()
    if mix < 0.04:
        bots = ["greedy"] * players
    elif mix < 0.20:
        bots = ["random"] * players
        bots[r.randrange(players)] = "greedy"
    else:
        bots = ["random"] * players
    return bots, game.FloatsState.variant_defaults["max_turns"]


def illegal_pool(s) -> list[str]:
    """Actions that are wrong now: other phases' actions, taken spots, far-away sticks,
    anchors, other players' goats."""
    me = s.to_move
    goat_spots = sorted(s.goats)
    mine = [spot_text(p) for p in goat_spots if s.goats[p][0][0] == me]
    theirs = [spot_text(p) for p in goat_spots if s.goats[p][0][0] != me]
    taken = [spot_text(p) for p in goat_spots] + ([spot_text(s.shark)] if s.shark else [])
    anchor = edge_text(ANCHORS[0])
    pool = ["roll", "stay", f"stick {FAR}", f"move {FAR}", f"drop {FAR}", f"flip {FAR}",
            f"move {anchor}", f"flip {anchor}", f"stick {anchor}", f"drop {anchor}",
            "mama 30,30u", "baby -30,2d", "shark 30,30u", "follow 30,30d"]
    pool += [f"mama {p}" for p in taken] + [f"baby {p}" for p in taken]
    pool += [f"love {a} {b}" for a in theirs[:2] for b in theirs[:2]]
    pool += [f"follow {p}" for p in theirs[:2]]
    pool += [f"fight {a} {b}" for a in theirs[:2] for b in mine[:1] + theirs[:1]]
    legal = {str(a) for a in s.legal_actions()}
    return [t for t in pool if t not in legal]


def check_counts(s, invariants: bool = True) -> None:
    """Conservation, counted here (not only by the model's own check)."""
    assert stick_count(s) == 50, f"{stick_count(s)} sticks"
    assert all(s.sticks.get(e) == "anchor" for e in ANCHORS)
    assert len(s.sticks) + (1 if s.held else 0) >= 2 and s.pile >= 0
    assert goat_counts(s) == [{"mama": 6, "baby": 1}] * s.players
    assert all(1 <= len(stack) <= 2 for stack in s.goats.values())
    assert all(min(x.values()) >= 0 for x in s.supply)
    if invariants:
        s.check_invariants()                    # also: every stick joined to the anchors


def check_views(s, unchanged: bool = False) -> None:
    """Every seat's view is JSON, small, free of RNG/preset/journal keys, and (Floats has no
    secrets) the same as the public view, but for the prompt of the player to move, which
    speaks to them ("move one of your goats")."""
    before = s.to_json() if unchanged else None
    public = s.view(None)
    text = json.dumps(public)
    assert len(text) < 20_000
    assert not FORBIDDEN_KEYS & set(walk_keys(public)), sorted(set(walk_keys(public)))
    for seat in range(s.players):
        view = s.view(seat)
        assert view["prompt"] == s.prompt_for(seat)
        if seat == s.to_move:
            view["prompt"] = public["prompt"]
        assert json.dumps(view).replace('"viewer": %d' % seat, '"viewer": null') == text
    if unchanged:
        assert s.to_json() == before


def check_rejection(s, r: random.Random) -> None:
    pool = illegal_pool(s)
    before = s.to_json()
    for text in r.sample(pool, min(2, len(pool))):
        with pytest.raises(GameError) as info:
            s.apply(text)
        assert isinstance(info.value, IllegalActionError), (text, info.value)
        assert info.value.rule and str(info.value)
        assert s.to_json() == before, text


def continue_game(state, bots, steps: int | None) -> None:
    while not state.is_over and (steps is None or steps > 0):
        state.apply(bots[state.to_move].choose(state))
        if steps is not None:
            steps -= 1


def play_checked(players: int, seed: int) -> dict:
    """Play one seeded game to the end and check it; return a summary.

    Every game: sticks and goats counted after every decision, the model's own invariant
    check every 10th decision, the ending. One game in four (``thorough``) also gets the
    model's check after every decision, sampled rejections, views and undo, and the
    save/load and clone continuations.
    """
    names, max_turns = game_setup(players, seed)
    r = random.Random(seed)                     # drives the checks, not the game
    thorough = seed % 4 == 0
    s = game.new_game(players=players, seed=seed, max_turns=max_turns)
    bots = [make_bot(name, seed=seed * 10 + i) for i, name in enumerate(names)]
    check_counts(s)
    checkpoint = r.randrange(0, 2 * max_turns) if thorough else -1  # past the end: at the end
    saved = None
    undo_checks = 2
    decisions = 0
    while not s.is_over:
        if decisions == checkpoint:
            saved = (s.to_json(), s.clone(), copy.deepcopy(bots), copy.deepcopy(bots),
                     decisions)
        sampled = thorough and r.random() < SAMPLE_RATE
        if sampled:
            check_rejection(s, r)
            check_views(s)
        seat = s.to_move
        assert seat is not None and 0 <= seat < players
        action = bots[seat].choose(s)
        assert action in s.legal_actions()
        before = s.to_json() if sampled and undo_checks else None
        s.apply(action)
        decisions += 1
        check_counts(s, invariants=thorough or decisions % 10 == 0)
        if before is not None:
            undo_checks -= 1
            after = s.to_json()
            s.undo()
            assert s.to_json() == before
            s.apply(action)                     # same chance again: same result
            assert s.to_json() == after
        if saved is not None and decisions == saved[4] + FOLLOW_STEPS:
            expected_later = s.to_json()
        assert s.turn <= max_turns
        assert decisions < 60 * max_turns + 50

    # the end: a winner at or above the target and strictly ahead, or a draw at the guard
    assert s.legal_actions() == [] and s.to_move is None
    scores = s.scores
    if s.winners:
        (w,) = s.winners
        assert scores[w] >= s.target and all(scores[w] > p for i, p in enumerate(scores)
                                             if i != w)
    else:
        assert s.turn == max_turns
    with pytest.raises(GameError):
        s.apply("roll")
    check_views(s, unchanged=True)

    s.check_invariants()
    if not thorough:
        return {"winners": s.winners, "decisions": decisions, "turns": s.turn}

    # save/load and clone at the checkpoint continue exactly like the game did
    final_json, final_log = s.to_json(), list(s.log)
    if saved is None:
        saved = (final_json, s.clone(), copy.deepcopy(bots), copy.deepcopy(bots), decisions)
    text, clone, bots_a, bots_b, at = saved
    assert clone.to_json() == text                      # untouched by the game going on
    loaded = game.State.from_json(text)
    assert loaded.to_json() == text
    full = seed % 10 == 0 or decisions - at <= FOLLOW_STEPS
    steps = None if full else FOLLOW_STEPS
    target = final_json if full else expected_later
    continue_game(loaded, bots_a, steps)
    continue_game(clone, bots_b, steps)
    assert loaded.to_json() == target
    assert clone.to_json() == target
    if full:
        assert loaded.log == final_log == clone.log
    assert s.to_json() == final_json                    # the copies didn't touch the game
    return {"winners": s.winners, "decisions": decisions, "turns": s.turn}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_seeded_random_games_end_conserve_and_round_trip(players):
    played: dict[int, dict] = {}

    @settings(max_examples=GAMES_PER_PLAYER_COUNT, derandomize=True, deadline=None,
              database=None, suppress_health_check=list(HealthCheck))
    @given(seed=st.integers(min_value=0, max_value=2**31 - 1))
    def one_game(seed):
        played[seed] = play_checked(players, seed)

    one_game()
    assert len(played) >= GAMES_PER_PLAYER_COUNT - 5
    wins = sum(1 for g in played.values() if g["winners"])
    draws = len(played) - wins
    assert wins > 0 and draws > 0           # both endings are exercised
