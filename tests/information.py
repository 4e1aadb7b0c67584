"""The information test, as a function every suite can call.

For a seat, two states that differ only in what that seat cannot know (``b`` is ``a`` with
everything hidden from the seat re-dealt: ``a.redealt(seat, rng)``) must give the seat the
same view, prompt, log and legal actions, and a bot seeded the same must choose the same
action in both. ``tests/games/test_information.py`` shows it catches a leaking view.
"""

from __future__ import annotations

import json
import random

from goatwidgets.engine import make_bot, projection

#: keys that must never appear in anything sent to a seat
FORBIDDEN_KEYS = {"rng", "presets", "_presets", "journal", "root", "chance", "pile_order",
                  "_chosen", "history"}


def walk_keys(value):
    if isinstance(value, dict):
        for key, inner in value.items():
            yield key
            yield from walk_keys(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from walk_keys(inner)


def seat_sees(state, seat: int) -> dict:
    """Everything that leaves the state for ``seat``: view (with its prompt), log, legal
    actions (as the widget sends them)."""
    out = projection(state, seat, may_act=True, log_lines=10**9)
    out["prompt"] = state.prompt_for(seat)
    out["legal_actions"] = [str(a) for a in state.legal_actions(seat)]
    return out


def check_information(a, seat: int, rng: random.Random,
                      bots: tuple[str, ...] = ("random", "greedy")) -> bool:
    """Assert the information property for ``seat`` at ``a``; return whether the re-deal
    changed anything at all (so a suite can show it exercised hidden parts)."""
    b = a.redealt(seat, rng)
    seen_a, seen_b = seat_sees(a, seat), seat_sees(b, seat)
    assert seen_a == seen_b, _first_difference(seen_a, seen_b, seat)
    assert not FORBIDDEN_KEYS & set(walk_keys(seen_a)), sorted(FORBIDDEN_KEYS & set(walk_keys(seen_a)))
    assert len(json.dumps(seen_a["view"])) < 50_000           # the log may be long; a view not
    if seat in a.deciders:
        for name in bots:
            choice_a = make_bot(name, seed=17).choose(a, seat)
            choice_b = make_bot(name, seed=17).choose(b, seat)
            assert str(choice_a) == str(choice_b), (
                f"the {name} bot for seat {seat} chose {choice_a} in one deal and {choice_b} "
                "in another that the seat cannot tell apart")
    return a._get_data() != b._get_data() or a.decks != b.decks


def _first_difference(x, y, seat) -> str:
    for key in sorted(set(x) | set(y)):
        if x.get(key) != y.get(key):
            if isinstance(x.get(key), dict) and isinstance(y.get(key), dict):
                inner = [k for k in set(x[key]) | set(y[key]) if x[key].get(k) != y[key].get(k)]
                return (f"seat {seat} can tell the two deals apart by {key}.{sorted(inner)[:3]}: "
                        f"{str([x[key].get(k) for k in sorted(inner)[:1]])[:200]} vs "
                        f"{str([y[key].get(k) for k in sorted(inner)[:1]])[:200]}")
            return (f"seat {seat} can tell the two deals apart by {key}: "
                    f"{str(x.get(key))[:200]} vs {str(y.get(key))[:200]}")
    return "no difference"
