"""What the rules suites ask of a position, written once: the legal actions as texts, an
action refused with a given rule and message that leaves the position as it was, a variant
refused, a tutorial's cells run, and a whole seeded bot game played with every engine check
(``play_checked``: the property run of ``test_every_game.py``, which a game's own suite can
call for its own seeds).

    >>> from goatwidgets.games.gruff_goats import position
    >>> s = position()
    >>> "draw" in legal(s)
    True
    >>> refused(s, "block", "GG-R6", "nobody is claiming").rule
    'GG-R6'
"""

from __future__ import annotations

import copy
import importlib
import json
import os
import random
from pathlib import Path

import pytest

from goatwidgets.engine import (GameError, IllegalActionError, NotYourDecisionError,
                                VariantError, make_bot)

from tests.information import check_information


def texts(actions) -> set[str]:
    return {str(a) for a in actions}


def legal(s, seat=None) -> set[str]:
    return texts(s.legal_actions(seat))


def refused(s, text: str, rule: str, *words: str, seat=None) -> IllegalActionError:
    """``text`` is refused with ``rule``; the message names every word; nothing changes."""
    before = s.to_json()
    with pytest.raises(IllegalActionError) as info:
        s.apply(text, seat=seat)
    assert info.value.rule == rule, str(info.value)
    for word in words:
        assert word in str(info.value), f"{word!r} not in {str(info.value)!r}"
    assert s.to_json() == before
    return info.value


def variant_error(call, name: str, limit: int = 400):
    """``call()`` raises the game's VariantError whose short message names ``name`` (an
    option or a builder argument); returns it."""
    with pytest.raises(VariantError) as info:
        call()
    message = str(info.value)
    assert name in message and len(message) < limit, message
    return info.value


class Tutorial:
    """A game's tutorial notebook, for tests that run its code cells on a made-up position:
    ``nb = Tutorial("01-floats-mcgoats.ipynb"); out = nb.run(nb.cell("match.state"), ns,
    capsys)``."""

    def __init__(self, name: str):
        self.path = Path(__file__).resolve().parents[2] / "notebooks" / name

    def cells(self, kind: str = "code") -> list[str]:
        return ["".join(c["source"]) for c in json.loads(self.path.read_text("utf-8"))["cells"]
                if c["cell_type"] == kind]

    def cell(self, marker: str) -> str:
        """The source of the one code cell containing ``marker``."""
        found = [c for c in self.cells() if marker in c]
        assert len(found) == 1, marker
        return found[0]

    def run(self, source: str, namespace: dict, capsys) -> str:
        """Run ``source`` in ``namespace``; what it printed."""
        exec(compile(source, str(self.path), "exec"), namespace)
        return capsys.readouterr().out


# ---------------------------------------------------------------------- a seeded bot game

#: ``--long`` (tests/conftest.py sets the variable before the suites are imported)
LONG = bool(os.environ.get("GOATWIDGETS_LONG"))
#: share of decisions that get the expensive checks (rejections, information, undo)
SAMPLE_RATE = 1 / 250 if LONG else 1 / 25
GREEDY_SHARE = 0.05 if LONG else 0.1
FOLLOW_STEPS = 30
MAX_DECISIONS = 100_000
GARBAGE = ["", "   ", "dance", "x" * 300, "roll roll roll", "pass 7", "9,9u", "{}", "ask 9",
           "give zz", "\u0000", "bid g99"]


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
    """Play one seeded bot game of ``module`` to the end with every check: at every decision
    the conservation laws (``check_invariants``) hold and the deciding seat's bot picks a legal
    action; at sampled decisions, illegal actions and actions by seats without a decision are
    refused with ``to_json()`` byte-identical, undo then redo gives the same state, and the
    information test holds for every seat; a save and a clone taken at a seeded checkpoint
    continue exactly like the game itself. The costly checks (rejections, the information
    test, undo) run at a seeded ``sample_rate`` of the decisions: the default's, or a rate a
    game's own test fixes so that what it asserts does not depend on ``--long`` (which samples
    less, to play more games)."""
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
