"""The engine contract (DESIGN.md, "Game model contract"), checked on Floats McGoats.

apply takes text or an Action; every rejection leaves ``to_json()`` byte-identical; undo
replays with the same chance and keeps presets; ``from_json`` refuses corrupt saves with a
SaveError naming the field and a loaded game continues identically; clones are independent;
history records chance; ``new_game`` validates its options.
"""

from __future__ import annotations

import json

import pytest

from goatwidgets.engine import (
    ActionParseError,
    GameError,
    GameOverError,
    IllegalActionError,
    NotYourDecisionError,
    SaveError,
    VariantError,
)
from goatwidgets.engine.bots import make_bot
from goatwidgets.games import floats_mcgoats as game
from goatwidgets.games.floats_mcgoats import new_game, parse_action

from goatwidgets.games.floats_mcgoats import position

State = game.State


def advance(s, bots, decisions: int = 40):
    """``s`` after ``decisions`` more decisions (or its end), the seat to move played by
    ``bots[seat % len(bots)]``."""
    for _ in range(decisions):
        if s.is_over:
            break
        s.apply(bots[s.to_move % len(bots)].choose(s))
    return s


def played(seed: int = 3, players: int = 2, decisions: int = 40, **variants):
    """A game after ``decisions`` random-bot decisions (or its end)."""
    return advance(new_game(players=players, seed=seed, **variants),
                   [make_bot("random", seed=seed)], decisions)


def finished_game():
    s = position(sticks=["0,1-1,0", "0,0-1,-1", "1,-1-1,0", "-1,1-0,0", "-1,1-0,1"],
                 goats={"0,0u": (0, "mama", "baby"), "0,-1d": (0, "mama", "mama")})
    s.apply("mama -1,0d")
    assert s.is_over
    return s


def faces_of(s) -> list[str]:
    return [c for entry in s.history for c in entry["chance"]]


# ---------------------------------------------------------------------- apply

def test_apply_takes_text_or_an_action():
    a, b = new_game(seed=8), new_game(seed=8)
    bot = make_bot("random", seed=1)
    for _ in range(60):
        action = bot.choose(a)
        a.apply(action)
        b.apply(str(action))
    assert a.to_json() == b.to_json()
    assert a.log == b.log


@pytest.mark.parametrize("make, attempt, error", [
    (lambda: new_game(seed=1), lambda s: s.apply("mama 5,5u"), IllegalActionError),
    (lambda: new_game(seed=1), lambda s: s.apply("dance"), ActionParseError),
    (lambda: new_game(seed=1), lambda s: s.apply(42), ActionParseError),
    (lambda: new_game(seed=1), lambda s: s.apply("roll", seat=1), NotYourDecisionError),
    (finished_game, lambda s: s.apply("roll"), GameOverError),
    (lambda: played(seed=5, decisions=25), lambda s: s.apply("drop 40,40-41,40"),
     IllegalActionError),
    (lambda: played(seed=5, decisions=25), lambda s: s.apply(parse_action("flip 0,0-1,0")),
     IllegalActionError),
])
def test_rejection_leaves_the_state_byte_identical(make, attempt, error):
    s = make()
    before, log, legal = s.to_json(), list(s.log), s.legal_actions()
    with pytest.raises(error) as info:
        attempt(s)
    assert isinstance(info.value, GameError) and info.value.rule
    assert s.to_json() == before and s.log == log and s.legal_actions() == legal


def test_rejection_in_every_phase_of_random_games_changes_nothing():
    for seed in range(4):
        s = new_game(players=2 + seed % 3, seed=seed)
        bot = make_bot("random", seed=seed)
        while not s.is_over and s.turn < 60:
            before = s.to_json()
            for text in ("drop 40,40-41,40", "mama 30,30u", "fight 30,30u 31,31d", "follow 9,9u"):
                if text not in {str(a) for a in s.legal_actions()}:
                    with pytest.raises(IllegalActionError):
                        s.apply(text)
            assert s.to_json() == before
            s.apply(bot.choose(s))


# ---------------------------------------------------------------------- undo

def test_undo_replays_with_the_same_chance():
    for seed in range(10):
        s = played(seed=seed, decisions=seed * 3)
        if s.phase != "turn":
            continue
        before = s.to_json()
        s.apply("roll")
        first, after = s.history[-1]["chance"], s.to_json()
        s.undo()
        assert s.to_json() == before
        s.apply("roll")
        assert s.history[-1]["chance"] == first
        assert s.to_json() == after


def test_undo_steps_back_one_decision_at_a_time_to_the_root():
    s = new_game(seed=4)
    snapshots = [s.to_json()]
    bot = make_bot("random", seed=4)
    for _ in range(30):
        s.apply(bot.choose(s))
        snapshots.append(s.to_json())
    for expected in reversed(snapshots[:-1]):
        assert s.can_undo()
        s.undo()
        assert s.to_json() == expected
    assert not s.can_undo()
    with pytest.raises(GameError, match="nothing to undo"):
        s.undo()


def test_presets_survive_undo():
    s = new_game(seed=2)
    s.preset(die=["flip", "love"])
    s.apply("roll")                     # flip, impossible: add a stick instead
    assert faces_of(s) == ["die=flip"]
    s.undo()
    s.apply("roll")
    assert faces_of(s) == ["die=flip"]
    s.apply("stick 0,1-1,0")
    s.apply("roll")
    assert faces_of(s) == ["die=flip", "die=love"]


def test_undo_never_goes_behind_a_built_position():
    s = position(sticks=["0,1-1,0"], goats={"0,0u": (0, "mama")})
    root = s.to_json()
    assert not s.can_undo()
    s.apply("mama -1,0d")
    s.undo()
    assert s.to_json() == root


# ---------------------------------------------------------------------- save / load

def test_save_load_round_trip_continues_identically():
    s = played(seed=6, players=3, decisions=50)
    s.preset(die=["shark", "fight"])                  # queued chance survives the save too
    text = s.to_json()
    loaded = State.from_json(text)
    assert loaded.to_json() == text
    assert loaded.view(1) == s.view(1) and loaded.history == s.history
    bots_a = [make_bot("random", seed=i) for i in range(3)]
    bots_b = [make_bot("random", seed=i) for i in range(3)]
    while not s.is_over:
        s.apply(bots_a[s.to_move].choose(s))
        loaded.apply(bots_b[loaded.to_move].choose(loaded))
    assert loaded.is_over and loaded.to_json() == s.to_json() and loaded.log == s.log


def test_save_of_a_built_position_round_trips():
    s = position(players=4, sticks=["0,1-1,0"], dark=["1,0-2,0"], shark="0,-1d",
                 goats={"0,0u": (2, "mama", "baby")}, to_move=3)
    s.apply("roll")
    assert State.from_json(s.to_json()).to_json() == s.to_json()


def corrupt(text: str, edit) -> str:
    data = json.loads(text)
    edit(data)
    return json.dumps(data)


def a_save() -> str:
    s = new_game(seed=12)
    s.apply("mama 0,0u")
    s.preset(die=["add"])
    s.apply("roll")
    s.apply("stick 0,1-1,0")
    s.apply("roll")
    return s.to_json()


def set_journal_action(step, action):
    def edit(data):
        entries = [e for e in data["journal"] if "action" in e]
        entries[step]["action"] = action
    return edit


@pytest.mark.parametrize("edit, field", [
    (lambda d: d.pop("journal"), "journal"),
    (lambda d: d.pop("state"), "state"),
    (lambda d: d.pop("root"), "root"),
    (lambda d: d.pop("seed"), "seed"),
    (lambda d: d.pop("format"), "format"),
    (lambda d: d.update(format="goatwidgets/0"), "format"),
    (lambda d: d.update(game="goat_lords"), "game"),
    (lambda d: d.update(players=7), "players"),
    (lambda d: d.update(variants={"faces": {"add": 99}}), "variants"),
    (lambda d: d.update(journal="roll"), "journal"),
    (set_journal_action(0, "mama 9,9u"), "journal"),              # illegal on replay
    (set_journal_action(0, "mama 0,-1d"), "state"),               # legal, different game
    (set_journal_action(1, "jump"), "journal"),
    (lambda d: d["journal"][0].update(seat=1), "journal"),        # edited record
    (lambda d: [e for e in d["journal"] if "action" in e][1].update(chance=["die=shark"]),
     "journal"),
    (lambda d: d["state"]["position"].update(pile=40), "state"),
    (lambda d: d["state"]["log"].append("Player 2 wins!"), "state"),
    (lambda d: d["root"]["position"].update(pile=47), "root"),
    (lambda d: d["root"]["position"].update(phase="nap"), "root"),
    (lambda d: d["root"].update(rng="x"), "root"),
    (lambda d: d["root"]["position"]["supply"][0].update(mama=7), "root"),
])
def test_from_json_refuses_a_corrupt_save_naming_the_field(edit, field):
    text = a_save()
    assert State.from_json(text).to_json() == text
    with pytest.raises(SaveError) as info:
        State.from_json(corrupt(text, edit))
    assert f"'{field}'" in str(info.value), str(info.value)
    assert info.value.rule == "save"


@pytest.mark.parametrize("text", ["", "not json", "{", "[]", "42", "null"])
def test_from_json_refuses_what_is_not_a_saved_game(text):
    with pytest.raises(SaveError) as info:
        State.from_json(text)
    assert info.value.rule == "save" and "saved game" in str(info.value)


# ---------------------------------------------------------------------- clone

def test_clone_is_independent_with_the_same_future():
    s = played(seed=9, decisions=30)
    c = s.clone()
    assert c.to_json() == s.to_json()
    before = s.to_json()
    advance(c, [make_bot("random", seed=i) for i in range(2)])
    assert s.to_json() == before                      # playing the clone left s alone
    clone_after = c.to_json()
    advance(s, [make_bot("random", seed=i) for i in range(2)])
    assert s.to_json() == clone_after                 # same future, same chance
    c.undo()
    assert s.to_json() == clone_after                 # undoing the clone left s alone


def test_clone_does_not_share_mutable_board_parts():
    s = position(sticks=["0,1-1,0"], goats={"0,0u": (0, "mama")})
    c = s.clone()
    c.goats[(0, 0, "u")].append((0, "baby"))
    c.supply[0]["mama"] = 0
    c.sticks.clear()
    c.preset(die=["shark"])
    c.log.append("edited")
    assert s.goats == {(0, 0, "u"): [(0, "mama")]} and s.supply[0]["mama"] == 5
    assert len(s.sticks) == 3 and s._presets == {} and "edited" not in s.log


# ---------------------------------------------------------------------- history

def test_history_includes_chance_outcomes():
    s = new_game(seed=1)
    s.apply("mama 0,0u")
    s.preset(die=["add"])
    s.apply("roll")
    s.apply("stick 0,1-1,0")
    assert s.history == [
        {"seat": 0, "action": "mama 0,0u", "chance": []},
        {"seat": 1, "action": "roll", "chance": ["die=add"]},
        {"seat": 1, "action": "stick 0,1-1,0", "chance": []},
    ]
    s.history[0]["action"] = "edited"
    assert s.history[0]["action"] == "mama 0,0u"
    s.apply("roll")
    (drawn,) = s.history[-1]["chance"]
    assert drawn.startswith("die=") and drawn[4:] in game.FACE_LABELS


# ---------------------------------------------------------------------- new_game

@pytest.mark.parametrize("kwargs, field, word", [
    ({"players": 1}, "players", "players"),
    ({"players": 5}, "players", "5"),
    ({"players": "2"}, "players", "'2'"),
    ({"players": 2.0}, "players", "2.0"),
    ({"players": True}, "players", "True"),
    ({"seed": "abc"}, "seed", "'abc'"),
    ({"seed": 1.5}, "seed", "1.5"),
    ({"seed": False}, "seed", "False"),
    ({"names": ["Ana"]}, "names", "'Ana'"),
    ({"names": ["Ana", " "]}, "names", "names"),
    ({"names": ["Ana", 7]}, "names", "7"),
    ({"sharks": 2}, "variants", "'sharks'"),
    ({"faces": {"add": 12}, "colour": "red"}, "variants", "'colour'"),
])
def test_new_game_rejects_bad_options(kwargs, field, word):
    with pytest.raises(VariantError) as info:
        new_game(**kwargs)
    assert info.value.rule == field
    assert word in str(info.value)


def test_new_game_accepts_good_options():
    s = new_game(players=4, seed=0, names=[" Ana ", "Ben", "Cy", "Dee"], max_turns=10)
    assert s.names == ("Ana", "Ben", "Cy", "Dee") and s.players == 4
    assert isinstance(new_game().seed, int)
    with pytest.raises(VariantError):
        s.view(4)
    with pytest.raises(VariantError):
        s.view("0")
