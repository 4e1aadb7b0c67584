"""BattleGoats saves and positions (issue 23, issue 25): a save carries deck data, never a
path (BG-R1 in ``../shared/rules/battlegoats.rulings.md``), round-trips with a custom deck,
refuses forged positions naming the field, saves written before the one-shape change still
load (fixtures in ``tests/games/saves/battlegoats/``), and the position builder refuses what a
save refuses, naming the argument.
"""

from __future__ import annotations

import builtins
import io
import json
import os
import pathlib
import re

import pytest

from goatwidgets.engine import SaveError, VariantError
from goatwidgets.games import battlegoats as game
from goatwidgets.games.battlegoats import SQUARES, new_game, position, starter_deck
from goatwidgets.games.battlegoats.cards import STARTER_PATH
from goatwidgets.lessons.battlegoats import FULL, FULL_RIVAL

from .helpers import everyone, fight


#: what a forged save may name as its deck: never a file to open
DECK_PATHS = ["/dev/zero", "/etc/passwd", "/no/such/deck.json", "http://example.com/deck.json",
              str(STARTER_PATH), "starter_deck.json", '{"cards": []}']


@pytest.mark.parametrize("path", DECK_PATHS)
def test_bg_r1_a_save_carries_deck_data_never_a_path_and_opens_no_file(monkeypatch, path):
    text = new_game(players=2, seed=1).to_json()
    game.State.from_json(text)                     # the loader's own modules are imported
    forged = json.loads(text)
    forged["variants"]["deck"] = path
    opened = []

    def spy(name):
        def refuse(*args, **kwargs):
            opened.append(name)
            raise AssertionError(f"a saved game made the kernel call {name}")
        return refuse

    with monkeypatch.context() as patched:
        for owner, name in ((builtins, "open"), (io, "open"), (os, "open"),
                            (pathlib.Path, "open"), (pathlib.Path, "read_text"),
                            (pathlib.Path, "read_bytes"), (pathlib.Path, "stat")):
            patched.setattr(owner, name, spy(f"{getattr(owner, '__name__', owner)}.{name}"))
        try:
            game.State.from_json(json.dumps(forged))
            outcome = None
        except Exception as exc:                    # judged below, with open() back
            outcome = exc
    assert isinstance(outcome, SaveError) and "deck must be deck data" in str(outcome), outcome
    assert opened == []


def test_saves_round_trip_with_a_custom_deck_and_forged_saves_are_refused():
    data = starter_deck().to_data()
    data["name"] = "Copy"
    s = new_game(players=3, seed=4, deck=data, draft=True)
    everyone(s)
    s.apply(s.legal_actions(0)[0], seat=0)
    text = s.to_json()
    loaded = game.State.from_json(text)
    assert loaded.to_json() == text and loaded.catalog.name == "Copy"
    forged = json.loads(text)
    forged["root"]["position"]["fields"][0][0] = "golem"
    with pytest.raises(SaveError, match="root"):
        game.State.from_json(json.dumps(forged))
    forged = json.loads(text)
    forged["variants"]["deck"]["cards"][0]["power"] = 100
    with pytest.raises(SaveError, match="power"):
        game.State.from_json(json.dumps(forged))


def _forge(s, edit) -> str:
    """A save of ``s`` (rebased: its position is its root) whose position is changed by
    ``edit(position)`` in the root and the final state alike."""
    s.rebase()
    data = json.loads(s.to_json())
    for snapshot in (data["root"], data["state"]):
        edit(snapshot["position"])
    return json.dumps(data)


def _won():
    s = position(fields=[{"f1": "climber"}, {"f1": "pasturepal"}])
    fight(s, "f1", "1:f1")
    return s


def _both_fell(option="shared"):
    s = position(fields=[{"f1": "pasturepal"}, {"f1": "pasturepal"}], mutual_defeat=option)
    fight(s, "f1", "1:f1")
    return s


def _fought():
    s = position(3, fields=[{"f1": "climber", "f2": "golem"}, {"f1": "cavebat", "f2": "troll"},
                            {"f1": "pasturepal"}])
    fight(s, "f1", "1:f1")                       # 5 against 1: the defender falls
    return s


def _set(**fields):
    return lambda p: p.update(json.loads(json.dumps(fields)))


def _last(**fields):
    return lambda p: p["last"].update(fields)


def _side(role, **fields):
    return lambda p: p["last"][role].update(fields)


def _move_to_discards(seat, square):
    def edit(p):
        card = p["fields"][seat][SQUARES.index(square)]
        p["fields"][seat][SQUARES.index(square)] = None
        p["discards"][seat].append(card)
    return edit


FORGED = [
    ("a win without a winner", _won, _set(winners=[]), "winners"),
    ("a win for a seat without cards", _won, _set(winners=[1]), "winners"),
    ("a win while two have cards", lambda: position(fields=[{"f1": "climber", "f2": "golem"},
                                                            {"f1": "cavebat", "f2": "troll"}]),
     _set(phase="over", winners=[0], end="win"), "winners"),
    ("a shared win the table did not choose", lambda: _both_fell("none"),
     _set(winners=[0, 1], end="shared"), "mutual_defeat"),
    ("nobody wins though the table chose sharing", _both_fell, _set(winners=[], end="none"),
     "mutual_defeat"),
    ("a draw before the turn limit", _won, _set(winners=[], end="draw"), "turn limit"),
    ("a finished game without its last fight", _won, _set(last=None), "last"),
    ("a fight in the layout", lambda: new_game(players=2, seed=1),
     lambda p: p.update(last=json.loads(json.dumps(_fought().last))), "last"),
    ("a fight dated this turn", _fought, _last(turn=2), "last.turn"),
    ("a fight whose loser is still on the board", _fought,
     _last(defeated=["attacker"]), "last.defeated"),
    ("an explosion without an exploding card", _fought,
     _last(defeated=["attacker", "defender"], exploded=True), "last.exploded"),
    ("a power that is not the sum of its terms", _fought, _side("attacker", power=9),
     "last.attacker.power"),
    ("a fighter that attacked its own side", _fought, _side("defender", seat=0), "last"),
    ("a survivor nobody remembers", _fought,
     lambda p: p["known"][0].__setitem__(0, False), "last.attacker"),
    ("a draft round in the battle", _fought, _set(round=3), "round"),
    ("a later turn in the layout", lambda: new_game(players=2, seed=1), _set(turn=4), "turn"),
    ("a later turn before the battle", lambda: position(
        phase="first", finisher=0, fields=[FULL, FULL_RIVAL]), _set(turn=3), "turn"),
    ("an attacker before the battle", lambda: new_game(players=2, seed=1), _set(current=1),
     "current"),
    ("the first to finish drawn during the draft",
     lambda: new_game(players=2, seed=1, draft=True), _set(finisher=1), "finisher"),
    ("a remembered card in the layout", lambda: position(
        phase="layout", fields=[{"f1": "climber"}, {}],
        hands=[["bleatbeard", "golem", "troll", "cavebat", "tamer", "haybale", "haybale",
                "pasturepal"], ["kidsalot", "pasturepal", "pasturepal", "haybale", "climber",
                                "lassokid", "golem", "troll", "cavebat"]]),
     lambda p: p["known"][0].__setitem__(0, True), "remembered"),
    ("a face-up card that can't stay face up", _fought,
     lambda p: p["up"][0].__setitem__(1, 1), "face up"),
    ("a card face up from a turn to come", lambda: position(
        fields=[{"f1": "sunbather", "f2": "golem"}, {"f1": "cavebat", "f2": "troll"}]),
     lambda p: p["up"][0].__setitem__(0, 2), "face up"),
    ("a discard before the battle", lambda: position(
        phase="first", finisher=0, fields=[FULL, FULL_RIVAL]), _move_to_discards(0, "m3"),
     "discards"),
    ("a memory of passing without a draft", _fought,
     _set(passed=[["troll"], [], []]), "passed"),
    ("a memory of more cards than were passed", lambda: new_game(players=2, seed=1, draft=True),
     lambda p: p["passed"][0].extend(p["packs"][1][:3]), "passed"),
]


@pytest.mark.parametrize("build, edit, field", [f[1:] for f in FORGED],
                         ids=[f[0] for f in FORGED])
def test_a_forged_position_is_refused_naming_the_field(build, edit, field):
    text = _forge(build(), edit)
    with pytest.raises(SaveError, match=re.escape(field)):
        game.State.from_json(text)


def test_the_positions_forged_saves_start_from_load():
    for _, build, _, _ in FORGED:
        s = build()
        text = _forge(s, lambda p: None)
        assert game.State.from_json(text).to_json() == text


BAD_POSITIONS = [(dict(turn=0), "turn"), (dict(turn=10**5000), "turn"),
                 (dict(aim="z9"), "aim"), (dict(aim=["f1"]), "aim"),
                 (dict(phase="bogus"), "phase"), (dict(face_up=["0:z9"]), "face_up"),
                 (dict(face_up=[10**5000]), "face_up"), (dict(known=["9:f1"]), "known"),
                 (dict(known="0:f1"), "known"), (dict(current=10**5000), "current"),
                 (dict(fields=[{"z9": "golem"}, {"f1": "golem"}]), "squares"),
                 (dict(fields=[{"f1": ["golem"]}, {"f1": "golem"}]), "card id"),
                 (dict(turn=3, phase="first", finisher=0, fields=[FULL, FULL_RIVAL]), "turn"),
                 (dict(phase="first", finisher=0), "has no Hero")]


@pytest.mark.parametrize("options, name", BAD_POSITIONS, ids=[n for _, n in BAD_POSITIONS])
def test_the_position_builder_refuses_what_a_save_refuses_naming_the_argument(options, name):
    options = {"fields": [{"f1": "climber"}, {"f1": "golem"}], **options}
    with pytest.raises(VariantError, match=re.escape(name)) as info:
        position(**options)
    assert "digits (position)" not in str(info.value) or "about" in str(info.value)


# ---------------------------------------------------------------- saves of the old shape

OLD_SAVES = pathlib.Path(__file__).resolve().parents[1] / "saves" / "battlegoats"


@pytest.mark.parametrize("name", sorted(p.name[:-len(".save.json")]
                                        for p in OLD_SAVES.glob("*.save.json")))
def test_saves_written_before_the_one_shape_change_still_load(name):
    """Issue 25: saves written by the code of commit a549e89 (before the package was split by
    concern) load with today's code, and every seat's view, log and legal actions, and the
    public view and log, are what the old code gave: a fresh game, a 6-player draft with
    three secret picks pending, a 6-player layout half done, a 6-player drafted battle whose
    attacker changed their mind once, a 4-player game waiting for the first attacker, a won
    3-player game and a 2-player game ended by the turn limit."""
    state = game.State.from_json((OLD_SAVES / f"{name}.save.json").read_text())
    recorded = json.loads((OLD_SAVES / f"{name}.views.json").read_text())["seats"]
    assert sorted(recorded) == sorted(["public", *map(str, range(state.players))])
    for key, old in recorded.items():
        seat = None if key == "public" else int(key)
        assert json.loads(json.dumps(state.view(seat))) == old["view"], key
        assert state.log_for(seat) == old["log"], key
        if seat is not None:
            assert [str(a) for a in state.legal_actions(seat)] == old["legal"], key
    assert game.State.from_json(state.to_json()).view(None) == state.view(None)
