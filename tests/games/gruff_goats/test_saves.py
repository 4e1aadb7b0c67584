"""Gruff Goats saves and positions (issue 23, issue 25): a save or a built position is a
position the rules (``../shared/rules/gruff_goats.rulings.md``) could reach, so a save loads
exactly, forged saves are refused naming the field (a reached target without a winner, GG-X8,
among them), saves written before the one-shape change still load (fixtures in
``tests/games/saves/gruff_goats/``; before GG-X11 everyone is asked), and the position builder
refuses impossible positions and bad arguments by name.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from goatwidgets.engine import SaveError, VariantError
from goatwidgets.games import gruff_goats as game
from goatwidgets.games.gruff_goats import SUITS, position

from tests.games.checks import variant_error

from .helpers import RAINBOW, waiting


def test_a_save_loads_exactly_and_forged_saves_are_refused():
    s = position(3, hands=["SSS", "SS", "H"])
    s.apply("claim big")
    s.apply("block", seat=1)
    text = s.to_json()
    loaded = game.State.from_json(text)
    assert loaded.to_json() == text and loaded.view(0) == s.view(0)
    s.rebase()                                   # the answer phase is the root; no journal
    text = s.to_json()
    for edit in (
        lambda p: p["hands"][0].update(spades=40),                       # a card made up
        lambda p: p["goats"][0].update(big="b4"),                        # a goat in the water
        lambda p: p["goats"][0].update(big="c3"),                        # left on the Island
        lambda p: p.update(trolls=["c4", "c4"]),
        lambda p: p["claim"].update(asked=0),                            # answering, but asked
        lambda p: p.update(phase="place"),
        lambda p: p.update(points=[3, 0, 0]),
        lambda p: p["wands"].update(big=7),
    ):
        data = json.loads(text)
        edit(data["root"]["position"])
        data["state"] = json.loads(json.dumps(data["root"]))
        with pytest.raises(SaveError) as err:
            game.State.from_json(json.dumps(data))
        assert "'root'" in str(err.value)


def test_the_position_builder_refuses_impossible_positions():
    for kwargs in ({"hands": ["S" * 27, ""]}, {"hands": ["X", ""]}, {"points": [3, 0]},
                   {"goats": [{"big": "b4"}, {}]}, {"trolls": ["c4", "a1"]},
                   {"current": 5}, {"hands": ["S"]}, {"goats": [{"big": None}, {}]}):
        with pytest.raises(VariantError) as err:
            position(**kwargs)
        assert err.value.rule == "position"


# ---------------------------------------------------------------------- saves and builders
# (issue 23: a save or a built position is a position the rules could reach, and anything
# the builder or new_game accepts saves and loads)

def forged(s, edit) -> str:
    """The save of ``s`` (made the root: no journal) with ``edit`` applied to the saved
    root (the position and its decks), and the final state alike, as an attacker would."""
    s.rebase()
    data = json.loads(s.to_json())
    edit(data["root"])
    data["state"] = json.loads(json.dumps(data["root"]))
    return json.dumps(data)


def troll_ate_three():
    """Seat 0 moved a troll onto the east bridge: its own little goat and seat 1's big and
    medium goats wait to go back, seat 0's first, then seat 1's biggest first."""
    s = position(hands=["C", ""], goats=[{"little": "d3"}, {"big": "d3", "medium": "d3"}],
                 wands={"troll": 0})
    s.apply("troll c4 d3")
    assert waiting(s) == [[0, "little"], [1, "big"], [1, "medium"]]
    return s


def dragon_ate(**variants):
    """Many actions a turn: seat 0 sent the dragon at seat 1's big goat on the east bridge
    (or, with ``dragon_eats_trolls``, carried a troll there); seat 1 puts it back."""
    s = position(hands=[RAINBOW, ""], wands={"dragon": 0}, goats=[{}, {"big": "d3"}],
                 many_actions=True, **variants)
    s.apply("dragon troll c4 d3" if variants else "dragon 1 big")
    assert s.strike and waiting(s) == [[1, "big"]]
    return s


def won():
    s = position(hands=["S", ""], goats=[{"big": "b3"}, {}], points=[2, 0], wands={"big": 0})
    s.apply("move big c3")
    assert s.winners == (0,)
    return s


def drawn():
    s = position(max_turns=3, turn=3)
    s.apply("draw")
    assert s.is_over and s.winners == ()
    return s


def at(path: str):
    """``at("position.placing")(root)`` is that part of a saved root."""
    def get(root):
        for key in path.split("."):
            root = root[key]
        return root
    return get


FORGED = {
    "placing out of clockwise order": (
        troll_ate_three, lambda r: at("position.placing")(r).reverse(), "placing"),
    "a smaller goat before a bigger one": (
        troll_ate_three, lambda r: r["position"].update(
            placing=[[0, "little"], [1, "medium"], [1, "big"]]), "placing"),
    "a dragon strike without the dragon wand": (
        dragon_ate, lambda r: at("position.wands")(r).update(dragon=1), "strike"),
    "a strike at a goat and a troll at once": (
        dragon_ate, lambda r: at("position.strike")(r).update(origin="c4"), "strike"),
    "a troll carried without the variant": (
        dragon_ate, lambda r: at("position.strike")(r).update(seat=None, size=None,
                                                              origin="c2"), "strike"),
    "a troll carried off a square that is no bridge": (
        lambda: dragon_ate(dragon_eats_trolls=True),
        lambda r: at("position.strike")(r).update(origin="a1"), "strike"),
    "a winner who did not score on their turn": (
        won, lambda r: r["position"].update(current=1), "winners"),
    "a finished game with a goat still to put back": (
        won, lambda r: at("position.goats")(r)[1].update(big=None), "goats"),
    "a winner whose scoring goat is back on the board": (
        won, lambda r: at("position.goats")(r)[0].update(big="a1"), "goats"),
    "a draw with a goat off the board": (
        drawn, lambda r: at("position.goats")(r)[0].update(big=None), "goats"),
    "a deck that never reshuffles": (
        position, lambda r: at("decks.deck")(r).update(reshuffle=False), "reshuffle"),
    "a deck under another name": (
        position, lambda r: at("decks.deck")(r).update(name="other"), "deck"),
    "a turn past any guard": (position, lambda r: r["position"].update(turn=10**6), "turn"),
    "turn 0": (position, lambda r: r["position"].update(turn=0), "turn"),
}


@pytest.mark.parametrize("name", FORGED)
def test_forged_saves_are_refused_naming_the_field(name):
    build, edit, word = FORGED[name]
    s = build()
    assert game.State.from_json(forged(s.clone(), lambda r: None))     # unedited: loads
    with pytest.raises(SaveError) as err:
        game.State.from_json(forged(s, edit))
    assert "'root'" in str(err.value) and word in str(err.value), str(err.value)


BUILT = [
    {},
    {"players": 4, "current": 3, "turn": 500, "points": [2, 2, 2, 2]},
    {"players": 3, "hands": ["", {"spades": 26}, ["clubs", "H"]], "discards": "DD", "pile": 0},
    {"goats": [{"big": None}, {}], "placing": [(0, "big")], "wands": {"big": 1, "dragon": 0},
     "trolls": ["b3", "d3"]},
    {"max_turns": 100_000, "turn": 100_000, "many_actions": True},
    {"max_turns": 1, "current": 1},
]


@pytest.mark.parametrize("kwargs", BUILT)
def test_a_built_position_always_loads_from_its_own_save(kwargs):
    s = position(**kwargs)
    text = s.to_json()
    assert game.State.from_json(text).to_json() == text
    s.apply(s.legal_actions()[-1])
    assert game.State.from_json(s.to_json()).to_json() == s.to_json()


BAD_ARGUMENTS = [
    ({"turn": 0}, "turn"), ({"turn": -3}, "turn"), ({"turn": 10**30}, "turn"),
    ({"turn": 10**5000}, "turn"), ({"turn": True}, "turn"), ({"turn": 1.5}, "turn"),
    ({"turn": None}, "turn"), ({"turn": 501}, "turn"),
    ({"current": True}, "current"), ({"current": 1.5}, "current"), ({"current": -1}, "current"),
    ({"current": None}, "current"), ({"current": 10**5000}, "current"),
    ({"hands": 5}, "hands"), ({"hands": "SS"}, "hands"), ({"hands": ["S"]}, "hands"),
    ({"hands": [{"spades": 10**30}, ""]}, "hands"), ({"hands": [{"spades": True}, ""]}, "hands"),
    ({"hands": [{"spades": 1.5}, ""]}, "hands"), ({"hands": [{"spades": "2"}, ""]}, "hands"),
    ({"hands": [{"stars": 1}, ""]}, "hands"), ({"hands": ["X", ""]}, "hands"),
    ({"hands": [5, ""]}, "hands"), ({"hands": [None, ""]}, "hands"),
    ({"discards": 5}, "discards"), ({"discards": [5]}, "discards"), ({"discards": "XYZ"}, "discards"),
    ({"pile": True}, "pile"), ({"pile": 1.5}, "pile"), ({"pile": -1}, "pile"),
    ({"pile": 10**30}, "pile"), ({"pile": 89}, "pile"),
    ({"goats": 5}, "goats"), ({"goats": [{"big": ["a1"]}, {}]}, "goats"),
    ({"goats": [{"big": 5}, {}]}, "goats"), ({"goats": [{"huge": "a1"}, {}]}, "goats"),
    ({"goats": [{}, {}, {}]}, "goats"), ({"goats": [5, {}]}, "goats"),
    ({"trolls": "c4"}, "trolls"), ({"trolls": [5, 6]}, "trolls"), ({"trolls": ["c4"]}, "trolls"),
    ({"wands": {"big": True}}, "wands"), ({"wands": {"big": 1.5}}, "wands"),
    ({"wands": {"big": 2}}, "wands"), ({"wands": {"sword": 0}}, "wands"), ({"wands": [0]}, "wands"),
    ({"points": [True, 0]}, "points"), ({"points": [1.5, 0]}, "points"),
    ({"points": [3, 0]}, "points"), ({"points": [0]}, "points"), ({"points": 5}, "points"),
    ({"points": [10**5000, 0]}, "points"),
    ({"placing": [(True, "big")], "goats": [{"big": None}, {}]}, "placing"),
    ({"placing": 5}, "placing"), ({"placing": [(0, "huge")]}, "placing"), ({"placing": [0]}, "placing"),
    ({"max_turns": 10**30}, "max_turns"), ({"max_turns": 0}, "max_turns"),
    ({"seed": -1}, "seed"), ({"players": True}, "players"),
]


@pytest.mark.parametrize("kwargs, name", BAD_ARGUMENTS,
                         ids=[f"{n}-{i}" for i, (_, n) in enumerate(BAD_ARGUMENTS)])
def test_the_position_builder_refuses_bad_arguments_naming_them(kwargs, name):
    variant_error(lambda: position(**kwargs), name)


def test_gg_x8_a_save_with_the_target_reached_but_no_winner_is_refused():
    s = position(points=[1, 1], target=2)
    with pytest.raises(SaveError, match="points"):
        game.State.from_json(forged(s, lambda r: r["position"].update(points=[2, 1])))
    five = position(points=[4, 3], target=5)
    assert game.State.from_json(five.to_json()).points == [4, 3]


def test_gg_x11_a_save_from_before_it_still_asks_everyone():
    """Saves written before GG-X11 have no ``ask_everyone``: they played by GG-R6 (everyone
    asked) and load that way, their passes included."""
    s = position(4, hands=["SS", "", "S", "H"], open_hands=True, ask_everyone=True)
    s.apply("claim big")
    s.apply("pass", seat=1)
    data = json.loads(s.to_json())
    del data["variants"]["ask_everyone"]
    old = game.State.from_json(json.dumps(data))
    assert old.variants["ask_everyone"] is True and old.deciders == s.deciders == (2,)


SAVES = Path(__file__).resolve().parents[1] / "saves" / "gruff_goats"


@pytest.mark.parametrize("name", sorted(p.name[:-len(".json")] for p in SAVES.glob("*.json")
                                        if not p.name.endswith(".views.json")))
def test_saves_written_before_the_one_shape_change_still_load(name):
    """Saves written by the code before the one-shape change (commit a549e89: a fresh game,
    4-player games waiting on an off-turn block and an off-turn put-back, a small-board open-hands
    claim being answered, a won game and a drawn one) load with today's code, every seat's view
    and the public one are the ones recorded then, and the save is written back the same."""
    text = (SAVES / f"{name}.json").read_text()
    recorded = json.loads((SAVES / f"{name}.views.json").read_text())
    s = game.State.from_json(text)
    assert {str(seat): s.view(seat) for seat in (None, *range(s.players))} == recorded
    written = json.loads(s.to_json())
    # GG-X11 came later: a save without it is written back with the rule it played by
    assert written["variants"].pop("ask_everyone") is True
    assert written == json.loads(text)
    view = s.view(0)                    # the page shows wands, cards and goats in this order
    assert list(view["wands"]) == list(game.WANDS) and list(view["hand"]) == list(SUITS)
    assert all(list(goats) == list(game.SIZES) for goats in view["goats"])
