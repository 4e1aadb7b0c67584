"""The information test, as a function every suite can call.

For a seat, two states that differ only in what that seat cannot know (``b`` is ``a`` with
everything hidden from the seat re-dealt: ``a.redealt(seat, rng)``) must give the seat the
same view, prompt, log and legal actions, and a bot seeded the same must choose the same
action in both.

That holds only if the re-deal really re-deals everything hidden: a ``_redeal_hidden`` that
forgets a part (the deck order, a card given between two other seats) gives the same view
too, yet a bot deciding on the re-dealt copy then knows where that part is. So the re-dealt
copies must also differ from the original in what the seat can't see (``check_redeal``):
over a few re-deals, a draw pile is re-ordered, and a card the seat was never told (its name
is in nothing the seat sees) leaves its slot, or the hand it is in, at least once.
``tests/games/test_information.py`` shows both halves catch a leak.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter

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
    check_redeal(a, seat, rng, b, seen_a)
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


#: re-deals drawn at most before a hidden card left in place counts as forgotten (an honest
#: re-deal moves a hidden card with a chance of about 1/4 or more: 40 leave it by luck < 1e-5)
REDEALS = 40
#: re-deals that must all keep a draw pile's order before it counts as forgotten (each keeps
#: the order of two cards with a chance of 1/2 at most)
PILE_ORDER_KEPT = 20


def places(state) -> dict[tuple, tuple[bool, list]]:
    """Every place in ``state`` where names of cards lie, by path: each deck's draw pile (in
    order, the top first) and each list of names in its saved data (a hand; a row of squares,
    with ``None`` for an empty one; a dict of counts such as ``{"hearts": 2, ...}`` is the
    sorted list of its names). Values: (is a draw pile, names)."""
    found: dict[tuple, tuple[bool, list]] = {}

    def walk(path, value):
        if isinstance(value, dict):
            if value and all(type(n) is int and n >= 0 for n in value.values()):
                found[path] = (False, [k for k, n in sorted(value.items()) for _ in range(n)])
                return
            for key, inner in value.items():
                walk(path + (key,), inner)
        elif isinstance(value, list):
            names = [v for v in value if v is not None]
            if names and all(isinstance(v, str) for v in names):
                found[path] = (False, list(value))
                return
            for i, inner in enumerate(value):
                walk(path + (i,), inner)

    walk(("data",), state._get_data())
    for name, deck in state.decks.items():
        found[("decks", name, "pile")] = (True, deck.pile[::-1])
    return found


class _Place:
    """What the re-deals did to one place of the original state: the slots that kept their
    card in every re-deal, the slots that changed in one at least, the cards it held in
    every one; for a draw pile, in how many re-deals the cards it kept (two or more
    different ones) were in its order, and whether they always were."""

    def __init__(self, pile: bool, names: list):
        self.pile, self.names = pile, names
        self.fixed = {i: c for i, c in enumerate(names) if c is not None}
        self.moved: set[int] = set()
        self.kept = Counter(c for c in names if c is not None)
        self.order_kept, self.orders_compared = True, 0

    def add(self, now: list) -> None:
        for i, card in enumerate(self.names):
            if i >= len(now) or now[i] != card:
                self.moved.add(i)
                self.fixed.pop(i, None)
        self.moved |= set(range(len(self.names), len(now)))
        both = Counter(c for c in self.names if c is not None) & Counter(c for c in now
                                                                         if c is not None)
        self.kept &= both
        if self.pile and len(both) > 1:
            self.orders_compared += 1
            self.order_kept &= _in_order(self.names, both) == _in_order(now, both)

    @property
    def changed(self) -> bool:
        return bool(self.moved)


def _in_order(names: list, cards: Counter) -> list[str]:
    """The ``cards`` (a multiset) in the order ``names`` has them."""
    left, out = Counter(cards), []
    for c in names:
        if left[c] > 0:
            left[c] -= 1
            out.append(c)
    return out


def check_redeal(a, seat: int, rng: random.Random, first, seen: dict | None = None) -> None:
    """Assert that re-deals of ``a`` for ``seat`` (``first``, then more drawn with ``rng``
    while a part looks left as it was, up to ``REDEALS``) re-deal everything hidden from the
    seat:

    * a draw pile is re-ordered: the cards a re-deal leaves in it are not always in their
      old order (a pile left as it was tells a bot every coming draw);

    and a card the seat was never told (its name is nowhere in ``seen``, what ``seat_sees``
    gives) does not

    * stay in the same slot, in every re-deal, of a place the re-deals change (a row of
      face-down squares, another's hand);
    * stay, in every re-deal, in a place whose every slot the re-deals change (a hand) if it
      is the only card of its name among the re-dealt ones: a re-deal that leaves a card
      given by one other seat to another where it is tells a bot who holds it.

    Re-deals stop as soon as no part looks left as it was: an honest game pays one or two."""
    places_a = {path: _Place(*place) for path, place in places(a).items()}
    told = _names_told(seen if seen is not None else seat_sees(a, seat))
    redeals, b = 0, first
    while True:
        redeals += 1
        now = places(b)
        for path, place in places_a.items():
            place.add(now.get(path, (place.pile, []))[1])
        left = _left_as_it_was(places_a, told, final=False)
        if not left or redeals >= REDEALS:
            break
        b = a.redealt(seat, rng)
    forgotten = _left_as_it_was(places_a, told, final=True)
    assert not forgotten, (
        f"the re-deal for seat {seat} forgets a hidden part: in {redeals} re-deals "
        + "; ".join(forgotten[:3]) + f" (and seat {seat} was never told these cards: a bot "
        "deciding on a re-dealt copy knows where they are)")


def _left_as_it_was(places_a: dict, told, final: bool) -> list[str]:
    """What looks left as it was by the re-deals so far (``final``: for certain)."""
    hidden = Counter(c for place in places_a.values() if place.changed or place.pile
                     for c in place.names if c is not None)
    out = []
    for path, place in places_a.items():
        where = _place_name(path)
        if place.pile:
            needed = PILE_ORDER_KEPT if final else 1
            if place.order_kept and place.orders_compared >= needed:
                out.append(f"{where} kept its order ({len(place.names)} cards, "
                           f"the top ones {place.names[:3]})")
            continue
        stay = sorted({c for c in place.fixed.values() if c not in told})
        if place.changed and stay:
            out.append(f"{where} kept {stay[:3]} in the same slot")
        elif len(place.moved) >= len(place.names):
            alone = sorted(c for c in place.kept if hidden[c] == 1 and c not in told)
            if alone:
                out.append(f"{where} always held {alone[:3]}")
    return out


def _place_name(path: tuple) -> str:
    """("data", "hands", 1) -> "hands[1]"; ("decks", "deck", "pile") -> "the deck 'deck'"."""
    if path[0] == "decks":
        return f"the draw pile of deck {path[1]!r}"
    text = ""
    for part in path[1:]:
        text += f"[{part}]" if isinstance(part, int) else f".{part}" if text else str(part)
    return text


class _Told:
    """The names mentioned in what a seat sees: as a whole string or a word of one."""

    def __init__(self, strings: set[str]):
        self.strings = strings
        self.text = "\n".join(strings)

    def __contains__(self, name: str) -> bool:
        return name in self.strings or re.search(
            rf"(?<![\w-]){re.escape(name)}(?![\w-])", self.text) is not None


def _names_told(seen) -> _Told:
    strings: set[str] = set()

    def walk(value):
        if isinstance(value, str):
            strings.add(value)
        elif isinstance(value, dict):
            for key, inner in value.items():
                strings.add(str(key))
                walk(inner)
        elif isinstance(value, (list, tuple)):
            for inner in value:
                walk(inner)

    walk(seen)
    return _Told(strings)


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
