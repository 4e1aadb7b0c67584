"""Property runs for every registered game (and the test game), every player count.

Seeded bot games are played to the end (``tests.games.checks.play_checked``). At every
decision the game's conservation laws (``check_invariants``) hold and the deciding seat's bot
picks a legal action. At seeded sample points: illegal actions and actions by seats without a
decision are refused with ``to_json()`` byte-identical; undo then redo gives the same state;
the information test holds for every seat. Once per game, a save and a clone taken at a
seeded checkpoint continue exactly like the game itself.

The default run plays a seeded sample (``GAMES_DEFAULT`` per player count); ``--long`` plays
at least 2,000 games per game.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import random

import pytest

from tests.games.checks import LONG, MAX_DECISIONS, play_by_name, play_checked, seat_bots, step
from tests.registry import GAME_COUNT_IDS, GAME_COUNTS, GAMES

GAMES_DEFAULT = 4
GAMES_LONG_PER_GAME = 2_000


def games_per_count(info) -> int:
    counts = len(info.player_counts)
    return -(-GAMES_LONG_PER_GAME // counts) if LONG else GAMES_DEFAULT


@pytest.mark.parametrize("info, players", GAME_COUNTS, ids=GAME_COUNT_IDS)
def test_seeded_games_end_keep_the_rules_and_hide_what_they_must(info, players):
    module = info.module
    n = games_per_count(info)
    seeds = range(1000 * players, 1000 * players + n)
    if LONG and (os.cpu_count() or 1) > 1:          # the full-size run uses every core
        with multiprocessing.get_context("fork").Pool(os.cpu_count()) as pool:
            results = pool.starmap(play_by_name, [(info.module_path, players, seed)
                                                  for seed in seeds], chunksize=8)
    else:
        results = [play_checked(module, players, seed) for seed in seeds]
    assert len(results) == n
    if module.State.hidden_information:
        # the information checks really re-dealt hidden cards, not nothing
        assert sum(r["redeals_changed"] for r in results) > 0


#: no sequence of legal decisions may keep a game's turn counter still for longer than this
STALL_BOUND = 200


def _position_key(s) -> str:
    """The position without its log, RNG and counters of nothing: equal keys at the same
    turn mean the decisions between them can be repeated for ever."""
    return json.dumps([s._get_data(), {n: d.to_data() for n, d in sorted(s.decks.items())},
                       sorted((seat, str(a)) for seat, a in s._chosen.items())],
                      sort_keys=True)


def longest_stall(s, r: random.Random, tries: int) -> tuple[int, str | None]:
    """Play from a copy of ``s`` choosing, each time, a legal decision that leaves the turn
    counter where it is (the first of up to ``tries`` shuffled ones), as a player who wants
    to put off the rest of the game would. Returns how many such decisions were made and
    why it stopped early: "repeats" (a position came back: a loop), "bound" (STALL_BOUND
    reached), or None (no decision could keep the counter still)."""
    s = s.clone()
    counter = s.turn_counter
    start, seen = getattr(s, counter), {_position_key(s)}
    for n in range(STALL_BOUND):
        if s.is_over:
            return n, None
        seat = s.deciders[0]
        actions = s.legal_actions(seat)
        r.shuffle(actions)
        for action in actions[:tries]:
            trial = s.clone()
            trial.apply(action, seat=seat)
            if getattr(trial, counter) == start and not trial.is_over:
                s = trial
                break
        else:
            return n, None
        key = _position_key(s)
        if key in seen:
            return n + 1, f"repeats after {n + 1} decisions ({seat} played {action})"
        seen.add(key)
    return STALL_BOUND, "bound"


@pytest.mark.parametrize("info, players", GAME_COUNTS, ids=GAME_COUNT_IDS)
def test_no_sequence_of_decisions_keeps_a_game_from_advancing_its_turn_guard(info, players):
    """Issue 23 item 15: in BattleGoats an attacker could change their mind for ever (100,000
    alternating attacks left the game at turn 1), so the turn guard never came. DESIGN.md:
    every game ends. At seeded points of seeded games, a staller picks only decisions that
    keep the turn counter still: it must run out of them within STALL_BOUND decisions, and
    no position may come back at the same turn (a loop that could go on for ever)."""
    games, every, tries = (6, 5, 40) if LONG else (1, 9, 12)
    for seed in range(games):
        s = info.module.new_game(players=players, seed=seed)
        bots, r = seat_bots(players, seed), random.Random(seed)
        decisions = 0
        while not s.is_over and decisions < MAX_DECISIONS:
            if decisions % every == 0:
                n, why = longest_stall(s, r, tries)
                assert why is None, (f"seed {seed}, decision {decisions}: the turn counter "
                                     f"stayed still for {n} decisions: {why}")
            step(s, bots)
            decisions += 1


@pytest.mark.parametrize("info", GAMES, ids=[g.id for g in GAMES])
def test_registry_entry_is_complete(info, repo_root):
    module = info.module
    assert module.State.game == info.id
    assert callable(module.new_game) and callable(getattr(module, "position", None))
    assert isinstance(module.OUR_READINGS, dict)
    assert module.State.min_players == info.players[0]
    assert module.State.max_players == info.players[1]
    assert module.State.save_schema is not None, "saved games need declared ranges"
    if info.notebook:
        assert (repo_root / info.notebook).exists()
        assert (repo_root / info.js).exists()


# ------------------------------------------------------------- a built position's log (issue 34)

#: what a game's ``position`` needs besides the player count (the others build from nothing)
BUILT = {"battlegoats": {"fields": [{"f2": "pasturepal", "m2": "haybale", "b2": "lassokid"},
                                    {"f1": "golem", "b3": "troll"}]},
         "goat_auction": {"hands": [["g1", "g2"], ["g3", "g4"]]},
         # (with empty hands the builder plays Goat Lords' passes and draws: logged, as they
         # happen in the built position; with cards nothing is played)
         "goat_lords": {"hands": [["ninja", "ninja", "corn"], ["lord"]]}}


@pytest.mark.parametrize("info", GAMES, ids=[i.id for i in GAMES])
def test_a_built_positions_log_tells_only_the_built_position(info):
    """Issue 34 item 11: ``position()`` starts from a new game, whose deal it then replaces; its
    log said "You drew … (6 cards)", "Bo draws 5 cards", "Goat Ninja starts the discard pile"
    where the board showed 3 cards, Bo with 1 and an empty discard pile. A built position's
    log starts empty for every seat and the public; what is played on it is logged."""
    s = info.module.position(players=2, seed=1, **BUILT.get(info.id, {}))
    for viewer in (None, 0, 1):
        assert s.log_for(viewer) == [], (viewer, s.log_for(viewer))
    for _ in range(4):                  # BattleGoats' choice of attacker shows nothing yet
        seat = s.deciders[0]
        s.apply(s.legal_actions(seat)[0], seat=seat)
    assert s.log_for(None), "moves on the built position are logged"
