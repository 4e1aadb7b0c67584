"""Property runs for every registered game (and the test game), every player count.

Seeded bot games are played to the end. At every decision the game's conservation laws
(``check_invariants``) hold and the deciding seat's bot picks a legal action. At seeded
sample points: illegal actions and actions by seats without a decision are refused with
``to_json()`` byte-identical; undo then redo gives the same state; the information test
holds for every seat. Once per game, a save and a clone taken at a seeded checkpoint continue
exactly like the game itself.

The default run plays a seeded sample (``GAMES_DEFAULT`` per player count); ``--long`` plays
at least 2,000 games per game.
"""

from __future__ import annotations

import copy
import importlib
import json
import multiprocessing
import os
import random

import pytest

from goatwidgets.engine import GameError, NotYourDecisionError, make_bot

from tests.information import check_information
from tests.registry import GAME_COUNT_IDS, GAME_COUNTS, GAMES

LONG = bool(os.environ.get("GOATWIDGETS_LONG"))
GAMES_DEFAULT = 4
GAMES_LONG_PER_GAME = 2_000
#: share of decisions that get the expensive checks (rejections, information, undo)
SAMPLE_RATE = 1 / 250 if LONG else 1 / 25
GREEDY_SHARE = 0.05 if LONG else 0.1
FOLLOW_STEPS = 30
MAX_DECISIONS = 100_000
GARBAGE = ["", "   ", "dance", "x" * 300, "roll roll roll", "pass 7", "9,9u", "{}", "ask 9",
           "give zz", "\u0000", "bid g99"]


def games_per_count(info) -> int:
    counts = len(info.player_counts)
    return -(-GAMES_LONG_PER_GAME // counts) if LONG else GAMES_DEFAULT


def seat_bots(players: int, seed: int):
    r = random.Random(seed * 7 + players)
    names = ["greedy" if r.random() < GREEDY_SHARE else "random" for _ in range(players)]
    return [make_bot(name, seed=seed * 10 + i) for i, name in enumerate(names)]


def step(state, bots) -> None:
    seat = state.deciders[0]
    state.apply(bots[seat].choose(state, seat), seat=seat)


def check_rejections(s, seen: list[str], r: random.Random) -> None:
    """Garbage, actions that were legal earlier, and other seats acting: all refused, and
    nothing changes."""
    before = s.to_json()
    deciders = s.deciders
    seat = deciders[0]
    legal = {str(a) for a in s.legal_actions(seat)}
    pool = [t for t in GARBAGE + r.sample(seen, min(4, len(seen))) if t not in legal]
    for text in pool:
        with pytest.raises(GameError) as info:
            s.apply(text, seat=seat)
        assert info.value.rule and len(str(info.value)) < 600, str(info.value)[:600]
    others = [x for x in range(s.players) if x not in deciders]
    if others and legal:
        with pytest.raises(NotYourDecisionError):
            s.apply(sorted(legal)[0], seat=others[0])
    assert s.to_json() == before, f"a refused action changed the game: one of {pool}"


def play_checked(module, players: int, seed: int, sample_rate: float = SAMPLE_RATE) -> dict:
    """Play one seeded bot game with every check (see the module docstring). The costly checks
    (rejections, the information test, undo) run at a seeded ``sample_rate`` of the decisions:
    the default's, or a rate a game's own test fixes so that what it asserts does not depend
    on ``--long`` (which samples less, to play more games)."""
    s = module.new_game(players=players, seed=seed)
    bots = seat_bots(players, seed)
    r = random.Random(seed)                       # drives the checks, not the game
    checkpoint = r.randrange(0, 60)
    saved, expected_later = None, None
    seen: list[str] = []
    redeals_changed = 0
    decisions = 0
    s.check_invariants()
    while not s.is_over:
        assert s.deciders and all(0 <= d < players for d in s.deciders)
        assert s.to_move == (s.deciders[0] if len(s.deciders) == 1 else None)
        if decisions == checkpoint:
            saved = (s.to_json(), s.clone(), copy.deepcopy(bots), copy.deepcopy(bots), decisions)
        sampled = r.random() < sample_rate
        if sampled:
            check_rejections(s, seen, r)
            for seat in range(players):
                redeals_changed += check_information(s, seat, random.Random(seed + seat),
                                                     bots=("random", "greedy")[:1 + (seat == 0)])
        seat = s.deciders[0]
        action = bots[seat].choose(s, seat)
        assert action in s.legal_actions(seat)
        seen.append(str(action))
        before = s.to_json() if sampled else None
        s.apply(action, seat=seat)
        decisions += 1
        s.check_invariants()
        if before is not None:
            after = s.to_json()
            s.undo()
            assert s.to_json() == before
            s.apply(action, seat=seat)                # same chance again: same result
            assert s.to_json() == after
        if saved is not None and decisions == saved[4] + FOLLOW_STEPS:
            expected_later = s.to_json()
        assert decisions < MAX_DECISIONS, "the game did not end"
    assert s.deciders == () and s.to_move is None and s.legal_actions(0) == []
    assert set(s.winners) <= set(range(players)) and len(s.scores) == players
    with pytest.raises(GameError):
        s.apply("pass", seat=0)
    final = s.to_json()
    if saved is None:                                 # the game ended before the checkpoint
        saved = (final, s.clone(), copy.deepcopy(bots), copy.deepcopy(bots), decisions)
    text, clone, bots_a, bots_b, at = saved
    loaded = type(s).from_json(text)
    assert loaded.to_json() == text and clone.to_json() == text
    target = expected_later if expected_later is not None else final
    for copy_, copy_bots in ((loaded, bots_a), (clone, bots_b)):
        for _ in range(FOLLOW_STEPS if expected_later is not None else MAX_DECISIONS):
            if copy_.is_over:
                break
            step(copy_, copy_bots)
        assert copy_.to_json() == target
    assert s.to_json() == final
    return {"winners": s.winners, "decisions": decisions, "redeals_changed": redeals_changed}


def play_by_name(module_path: str, players: int, seed: int) -> dict:
    """``play_checked`` for a worker process (arguments it can pickle)."""
    return play_checked(importlib.import_module(module_path), players, seed)


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
