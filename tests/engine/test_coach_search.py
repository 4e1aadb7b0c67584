"""Issue 33 item 1, acceptance 2: every reason the coach states is true on the REAL game.

Seeded games of every game, at 2 players and at the largest count, are played at random;
at decisions along the way (on a seat's turn, off it, and several seats choosing at once),
the coach's reasons (``coach.proven``, which the coach and the review say) for the deciding
seat's legal actions are checked on the real state after the move: the action is carried out
on the true position, with the cards the seat could not see, and each reason's claim is
looked for there (``tests/engine/truth.py``). None may be false.

The default size takes a few seconds a game; ``pytest --long`` (which sets
``GOATWIDGETS_LONG``) checks many more: 20 games per game and player count, 60 decisions
each, 12 actions a decision (26,547 reasons checked, none false, in about 5 minutes).
"""

from __future__ import annotations

import os
import random
from collections import Counter

import pytest

from goatwidgets.engine.coach import proven
from tests.engine.truth import holds
from tests.registry import GAMES

LONG = bool(os.environ.get("GOATWIDGETS_LONG"))
#: games per game and player count; decisions looked at per game; actions tried per decision
SEEDS = 20 if LONG else 2
LOOKS = 60 if LONG else 15
TRIED = 12 if LONG else 6
#: a random game is played this many decisions at most
MOST = 3000
#: BattleGoats is also played with the draft (BG-R6): the cards a seat saw go to the others
VARIANTS = {"battlegoats": [{}, {"draft": True}]}


def _kind_of_decision(state, seat) -> str:
    """"together" where several seats choose at once (secretly), "off" where the seat
    decides outside its own turn, else "on"."""
    if state._simultaneous() or len(state.deciders) > 1:
        return "together"
    current = getattr(state, "current", seat)
    return "off" if current is not None and current != seat else "on"


def check_game(game, players: int, seed: int, variants: dict, looks: int, tried: int):
    """Play one seeded game at random; at ``looks`` of its decisions (spread over the whole
    game) check the coach's reasons for up to ``tried`` legal actions of each deciding seat.
    Returns the counts (reasons checked, by kind; decisions, by kind) and the false reasons."""
    state = game.new_game(players=players, seed=seed, **variants)
    moves = random.Random(seed)
    length = 0
    while not state.is_over and length < MOST:          # how long this game runs
        seat = moves.choice(state.deciders)
        state.apply(moves.choice(state.legal_actions(seat)), seat=seat)
        length += 1
    rng = random.Random(-seed)
    at = set(rng.sample(range(length), min(looks, length)))
    state = game.new_game(players=players, seed=seed, **variants)
    moves = random.Random(seed)
    counts: Counter = Counter()
    false = []
    for step in range(length):
        if step in at:
            for seat in state.deciders:
                counts["decisions " + _kind_of_decision(state, seat)] += 1
                actions = state.legal_actions(seat)
                for action in rng.sample(actions, min(tried, len(actions))):
                    said = proven(state, seat, action, seed=step)
                    after = state.clone()
                    after.apply(action, seat=seat)
                    for reason in said:
                        counts["reasons"] += 1
                        counts["kind " + reason.kind] += 1
                        if not holds(reason, state, after, action, seat):
                            false.append((seed, step, seat, str(action), reason.text))
        seat = moves.choice(state.deciders)
        state.apply(moves.choice(state.legal_actions(seat)), seat=seat)
    return counts, false


CASES = [(info.id, info.module, players, variants)
         for info in GAMES
         for players in sorted({2, info.module.State.max_players})
         for variants in VARIANTS.get(info.id, [{}])]


@pytest.mark.parametrize("name,game,players,variants", CASES,
                         ids=[f"{c[0]}-{c[2]}p{'-draft' if c[3] else ''}" for c in CASES])
def test_every_reason_the_coach_states_is_true_on_the_real_game(name, game, players,
                                                                 variants):
    total: Counter = Counter()
    false = []
    for seed in range(SEEDS):
        counts, wrong = check_game(game, players, 1000 * players + seed, variants, LOOKS,
                                   TRIED)
        total += counts
        false += wrong
    print(name, players, variants, dict(sorted(total.items())))
    assert total["decisions on"] > 0
    assert false == [], false
