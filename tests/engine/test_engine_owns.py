"""What the engine owns for every game (issue 25): turn order, the turn guard, seat names and
the saved fields a game declares once. The toy game (``tests/toygame``) declares its fields;
the five games' use of these is checked in ``test_one_shape.py``."""

from __future__ import annotations

import json

import pytest

from goatwidgets.engine import SaveError, VariantError
from goatwidgets.engine.schema import Fields, Int, ListOf, Nullable, Saved, Tuple
from goatwidgets.engine.variants import TurnGuard
from tests.toygame.rules import GoatAuction, new_game


def test_next_seat_goes_clockwise_and_skips():
    s = new_game(players=4, seed=1)
    assert [s.next_seat(i) for i in range(4)] == [1, 2, 3, 0]
    assert s.next_seat(0, skip={1, 2}) == 3
    assert s.next_seat(3, skip=lambda seat: seat % 2 == 0) == 1
    assert s.next_seat(2, skip={0, 1, 3}) == 2          # the others all out: itself again
    with pytest.raises(ValueError, match="every seat is skipped"):
        s.next_seat(2, skip=range(4))
    assert s.seats_from(2) == (2, 3, 0, 1)


def test_seat_names_are_public_and_read_you_right():
    s = new_game(players=3, seed=1, names=["You", "Bo", "Cy"])
    assert s.seat_name(1) == "Bo"
    assert s.seat_name(7) == "seat 7"
    assert s.names_of([1, 0]) == "Bo and you"
    assert s.names_of([0, 2]) == "You and Cy"


def test_the_saved_fields_give_the_save_the_load_and_the_schema():
    s = new_game(players=2, seed=3)
    data = s._get_data()
    assert sorted(data) == sorted(f.name for f in GoatAuction.saved_fields)
    assert isinstance(GoatAuction.save_schema, Fields)
    assert sorted(GoatAuction.save_schema.fields) == sorted(data)
    data["hands"][0].append("x")                       # a copy, not the state's own list
    assert "x" not in s.hands[0]
    assert GoatAuction.from_json(s.to_json())._get_data() == s._get_data()
    s.phase, s._winners = "over", (1,)
    s._set_data(s._get_data())
    assert s._winners == (1,) and isinstance(s._winners, tuple)   # the declared converter


def test_a_check_copies_what_it_accepts():
    copy = Fields(a=ListOf(Tuple(Int(), Int())), b=Nullable(ListOf(Int())))._copy
    source = {"a": [(1, 2)], "b": None}
    out = copy(source)
    assert out == {"a": [[1, 2]], "b": None} and out["a"] is not source["a"]
    assert Saved("x", Int()).saver(5) == 5


class Guarded(GoatAuction):
    """The toy game with a turn guard on its rounds."""

    game = "goat_auction_guarded"
    turn_guard = TurnGuard("TA-X1", default=7, most=50)


def test_the_turn_guard_is_an_option_checked_once():
    assert Guarded.variant_defaults["max_turns"] == 7
    s = Guarded(players=2, seed=1)
    assert s.max_turns == 7 and not s.turn_guard_reached()
    s.round = 7
    assert s.turn_guard_reached()
    for bad in (0, 51, "9", True):
        with pytest.raises(VariantError, match=r"max_turns must be a whole number from 1 to 50"):
            Guarded(players=2, seed=1, max_turns=bad)
    with pytest.raises(VariantError, match="unknown option 'max_turns'"):
        GoatAuction(players=2, seed=1, max_turns=5)    # a game without a guard has no option


def test_a_save_past_the_turn_guard_is_refused_naming_its_ruling():
    s = Guarded(players=2, seed=1, max_turns=5)
    data = json.loads(s.to_json())
    for part in ("root", "state"):
        data[part]["position"]["round"] = 6
    with pytest.raises(SaveError, match=r"round 6 is past the turn guard of 5 \(TA-X1\)"):
        Guarded.from_json(json.dumps(data))


def test_history_since_and_log_since_read_only_what_is_new():
    """A reader that follows a game (the OpenSpiel adapter's information keys, the Review's
    slider) reads the record and the log in pieces: the pieces add up to the whole, each
    seat's secret lines stay its own, and each action's "at" is where position_at rewinds to."""
    from goatwidgets.engine.bots import make_bot
    from goatwidgets.engine.review import position_at
    from goatwidgets.games import goat_lords

    s = goat_lords.new_game(players=2, seed=4)
    bot = make_bot("casual", seed=4)
    moves, lines = [], {0: [], 1: [], None: []}
    upto, seen = 0, {0: 0, 1: 0, None: 0}
    for _ in range(30):
        s.apply(bot.choose(s, s.deciders[0]), seat=s.deciders[0])
        new, upto = s.history_since(upto)
        moves += new
        for seat in lines:
            more, seen[seat] = s.log_since(seat, seen[seat])
            lines[seat] += more
    assert [{k: v for k, v in m.items() if k != "at"} for m in moves] == s.history
    for seat in lines:
        assert lines[seat] == s.log_entries_for(seat)
    assert lines[0] != lines[1]                          # each seat reads its own draws
    for k, move in enumerate(moves):
        assert len(position_at(s, move["at"]).history) == k
    assert s.history_since(upto) == ([], upto)
