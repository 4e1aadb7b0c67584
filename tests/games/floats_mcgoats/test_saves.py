"""Floats McGoats saves and positions (issue 23, issue 25): a save or a built position is a
position the rules (``../shared/rules/floats_mcgoats.rulings.md``) could reach, so forged saves
are refused naming the field, saves written before the one-shape change still load (fixtures in
``tests/games/saves/floats_mcgoats/``), anything the builder accepts saves and loads, and the
builder refuses bad arguments by name.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from goatwidgets.engine import SaveError
from goatwidgets.games.floats_mcgoats import FloatsState, new_game
from goatwidgets.games.floats_mcgoats import position

from ..checks import variant_error
from ..floats_positions import E, S, filler_line
from .helpers import BELOW, CLOSER, roll, rolled, won


# ---------------------------------------------------------------------- saves and builders
# (issue 23: a save or a built position is a position the rules could reach, and anything
# the builder or new_game accepts saves and loads)

def forged(s, edit) -> str:
    """The save of ``s`` (made the root: no journal) with ``edit`` applied to the saved
    position, in the root and the final state alike, as an attacker would edit it."""
    s.rebase()
    data = json.loads(s.to_json())
    edit(data["root"]["position"])
    data["state"] = copy.deepcopy(data["root"])
    return json.dumps(data)


def refused_save(text: str, *words: str) -> SaveError:
    with pytest.raises(SaveError) as info:
        FloatsState.from_json(text)
    assert "'root'" in str(info.value)
    for word in words:
        assert word in str(info.value), f"{word!r} not in {str(info.value)!r}"
    return info.value


def following():
    """Seat 0 decides whether a goat follows the shark, which left 0,0u for 0,-1d; seat 0's
    stack stands on -1,0d, seat 1's baby on 0,0d."""
    s = position(sticks=[CLOSER], shark="0,0u",
                 goats={"0,-1d": (1, "mama"), "-1,0d": (0, "mama", "baby"), "0,0d": (1, "baby")})
    roll(s, "shark")
    s.apply("shark 0,-1d")
    assert (s.phase, s.shark_left, s.shark) == ("follow", S("0,0u"), S("0,-1d"))
    return s


def second_move():
    """Move two sticks: the first went from 1,0-2,0 to -1,0-0,0; the second is to pick."""
    s = rolled("move_two", sticks=["1,0-2,0", "0,1-1,1"])
    s.apply("move 1,0-2,0")
    s.apply("drop -1,0-0,0")
    assert (s.phase, s.moves_left, s.vacated, s.moved) == ("move", 1, E("1,0-2,0"),
                                                             E("-1,0-0,0"))
    return s


def give_goat_back(p, spot, seat=0):
    """Edit a saved position: the goats on ``spot`` go back to ``seat``'s supply."""
    for entry in p["goats"]:
        if entry[0] == list(spot):
            for _, kind in entry[1]:
                p["supply"][seat][kind] += 1
    p["goats"] = [g for g in p["goats"] if g[0] != list(spot)]


FORGED = {
    # the example: the goat on the spot the shark left would be overwritten
    "shark_left holds a goat": (following, lambda p: p.update(shark_left=[0, 0, "d"]),
                                "shark_left"),
    "shark_left is the shark's spot": (following, lambda p: p.update(shark_left=[0, -1, "d"]),
                                       "shark_left"),
    "follow without a shark": (following, lambda p: p.update(shark=None), "shark"),
    "shark_left far from the raft": (following, lambda p: p.update(shark_left=[9, 9, "u"]),
                                     "shark_left"),
    "follow with no goat free to follow": (following, lambda p: give_goat_back(p, S("-1,0d")),
                                           "follow"),
    "shark_left outside a follow move": (lambda: rolled("flip", sticks=[CLOSER], shark="0,0u"),
                                         lambda p: p.update(shark_left=[0, -1, "d"]),
                                         "shark_left"),
    "replaced in a flip phase": (lambda: rolled("flip", sticks=[CLOSER]),
                                 lambda p: p.update(replaced=True), "replaced"),
    "replaced although the face was possible": (
        lambda: rolled("love", sticks=["1,0-2,0"], goats={"0,0u": (0, "mama")}),
        lambda p: p.update(face="flip"), "replaced"),
    "add replaced by add": (lambda: rolled("add"), lambda p: p.update(replaced=True),
                            "replaced"),
    "first of two moves with the first one's places": (
        lambda: rolled("move_two", sticks=["1,0-2,0", "0,1-1,1"]),
        lambda p: p.update(vacated=[[1, 0], [2, 0]], moved=[[-1, 0], [0, 0]]), "vacated"),
    "second move without the first one's places": (
        second_move, lambda p: p.update(vacated=None, moved=None), "vacated"),
    "second move, the first stick's old place taken": (
        second_move, lambda p: p.update(vacated=[[0, 1], [1, 1]]), "vacated"),
    "second move, moved is not a light stick": (
        second_move, lambda p: p.update(moved=[[0, 0], [1, 0]]), "moved"),
    "held stick from the first one's old place": (
        lambda: (lambda s: (s.apply("move 0,1-1,1"), s)[1])(second_move()),
        lambda p: p.update(vacated=[[0, 1], [1, 1]]), "vacated"),
    "held_from is not the held stick": (
        lambda: (lambda s: (s.apply("move 1,0-2,0"), s)[1])(
            rolled("add_or_move", sticks=["1,0-2,0"])),
        lambda p: p.update(held_from=[[0, 1], [1, 1]]), "held_from"),
    "add or move with two moves left": (
        lambda: (lambda s: (s.apply("move 1,0-2,0"), s)[1])(
            rolled("add_or_move", sticks=["1,0-2,0"])),
        lambda p: p.update(moves_left=2), "moves_left"),
    "moved left over into the next turn": (position, lambda p: p.update(
        moved=[[0, 0], [1, 0]]), "moved"),
    "an anchor stick that is no anchor": (
        lambda: position(sticks=["1,0-2,0"]),
        lambda p: [st.__setitem__(2, "anchor") for st in p["sticks"] if st[2] == "light"],
        "anchor"),
    "a win not taken": (
        lambda: position(3, sticks=[CLOSER, *BELOW], goats={"0,0u": (0, "mama", "baby"),
                                                            "0,-1d": (0, "mama")}),
        lambda p: ([g[1].append([0, "mama"]) for g in p["goats"] if g[0] == [0, -1, "d"]],
                   p["supply"][0].update(mama=3)), "FM-R21"),
    "a draw with a winner on the board": (won, lambda p: p.update(winners=[], turn=500),
                                          "winners"),
    "turn beyond any guard": (position, lambda p: p.update(turn=10**6), "turn"),
}


@pytest.mark.parametrize("name", FORGED)
def test_forged_saves_are_refused_naming_the_field(name):
    build, edit, word = FORGED[name]
    s = build()
    assert FloatsState.from_json(forged(s.clone(), lambda p: None)).to_json()  # unedited: loads
    refused_save(forged(s, edit), word)


#: saves written by the code before the one-shape change (issue 25, commit a549e89), each
#: beside every seat's view, log and the legal actions as that code gave them (see
#: ``saves/floats_mcgoats/write_saves.py``)
OLD_SAVES = Path(__file__).parent.parent / "saves" / "floats_mcgoats"


@pytest.mark.parametrize("name", sorted(p.name[:-len(".views.json")]
                                        for p in OLD_SAVES.glob("*.views.json")))
def test_saves_written_before_the_one_shape_change_still_load(name):
    text = (OLD_SAVES / f"{name}.json").read_text(encoding="utf-8")
    views = json.loads((OLD_SAVES / f"{name}.views.json").read_text(encoding="utf-8"))
    extra = json.loads((OLD_SAVES / f"{name}.extra.json").read_text(encoding="utf-8"))
    s = FloatsState.from_json(text)
    assert sorted(views) == sorted(["None", *map(str, range(s.players))])
    for key, view in views.items():
        seat = None if key == "None" else int(key)
        assert json.loads(json.dumps(s.view(seat))) == view, key
        assert s.log_for(seat) == extra["log"][key], key
    assert ([] if s.is_over else [str(a) for a in s.legal_actions()]) == extra["legal"]
    assert json.loads(s.to_json()) == json.loads(text)      # saved again, the same keys


def test_the_old_saves_cover_the_pending_decisions():
    """Fresh, mid-move (a stick held), a follow move, a replaced face, a win and a draw."""
    states = {p.stem: FloatsState.from_json(p.read_text(encoding="utf-8"))
              for p in OLD_SAVES.glob("*.json") if p.name.count(".") == 1}
    assert {s.phase for s in states.values()} >= {"turn", "drop", "follow", "add", "over"}
    assert {tuple(s.winners) for s in states.values() if s.is_over} == {(0,), ()}
    assert max(s.players for s in states.values()) == 4


BUILT = [
    {},
    {"players": 4, "to_move": 3, "turn": 500},
    {"players": 3, "to_move": 2, "turn": 7, "shark": "0,-1d", "sticks": [CLOSER],
     "goats": {"0,0u": (2, "mama", "baby"), "-1,0d": [(1, "mama")]}},
    {"dark": filler_line(48), "max_turns": 100_000, "turn": 100_000},
    {"max_turns": 1, "goats": {"0,0u": (0, "mama", "mama"), "-1,0d": (0, "mama", "mama"),
                               "0,-1d": (0, "mama", "mama")}, "sticks": ["1,0-2,0"]},
    {"faces": {"shark": 12}, "sticks": ["0,1-1,0", "1,0-1,1", "0,1-1,1"], "turn": 2},
]


@pytest.mark.parametrize("kwargs", BUILT)
def test_a_built_position_always_loads_from_its_own_save(kwargs):
    s = position(**kwargs)
    text = s.to_json()
    assert FloatsState.from_json(text).to_json() == text
    s.apply(s.legal_actions()[-1])
    assert FloatsState.from_json(s.to_json()).to_json() == s.to_json()


BAD_ARGUMENTS = [
    ({"turn": 0}, "turn"), ({"turn": -3}, "turn"), ({"turn": 10**30}, "turn"),
    ({"turn": 10**5000}, "turn"), ({"turn": True}, "turn"), ({"turn": 1.5}, "turn"),
    ({"turn": None}, "turn"), ({"turn": "2"}, "turn"), ({"turn": 501}, "turn"),
    ({"to_move": True}, "to_move"), ({"to_move": 1.5}, "to_move"), ({"to_move": -1}, "to_move"),
    ({"to_move": 2}, "to_move"), ({"to_move": None}, "to_move"),
    ({"to_move": 10**5000}, "to_move"),
    ({"goats": {"0,0u": (True, "mama")}}, "goats"), ({"goats": {"0,0u": (-1, "mama")}}, "goats"),
    ({"goats": {"0,0u": [(5, "mama")]}}, "goats"), ({"goats": {"0,0u": [("0", "mama")]}}, "goats"),
    ({"goats": {"0,0u": (0, "goat")}}, "goats"), ({"goats": {5: (0, "mama")}}, "goats"),
    ({"goats": [1]}, "goats"), ({"goats": {"0,0u": 5}}, "goats"), ({"goats": {"0,0u": []}}, "goats"),
    ({"goats": {"0,0u": (0, "mama", "mama", "mama")}}, "goats"),
    ({"goats": {"0,0u": (0, "mama"), "0,0U": (0, "mama")}}, "goats"),
    ({"goats": {"9" * 5000 + ",0u": (0, "mama")}}, "goats"),
    ({"shark": 5}, "shark"), ({"shark": 0}, "shark"), ({"shark": "x"}, "shark"),
    ({"sticks": "0,1-1,0"}, "sticks"), ({"sticks": [5]}, "sticks"), ({"dark": None}, "dark"),
    ({"sticks": ["9" * 5000 + ",0-0,0"]}, "sticks"), ({"sticks": ["0,1-1,0"] * 2}, "sticks"),
    ({"dark": filler_line(49)}, "dark"), ({"sticks": iter(filler_line(10**5))}, "sticks"),
    ({"max_turns": 10**30}, "max_turns"), ({"max_turns": 100_001}, "max_turns"),
    ({"seed": -1}, "seed"), ({"players": True}, "players"),
]


@pytest.mark.parametrize("kwargs, name", BAD_ARGUMENTS,
                         ids=[f"{n}-{i}" for i, (_, n) in enumerate(BAD_ARGUMENTS)])
def test_the_position_builder_refuses_bad_arguments_naming_them(kwargs, name):
    variant_error(lambda: position(**kwargs), name)


def test_fm_r22_the_largest_max_turns_saves_and_loads():
    s = new_game(seed=0, max_turns=100_000)
    assert FloatsState.from_json(s.to_json()).variants["max_turns"] == 100_000
