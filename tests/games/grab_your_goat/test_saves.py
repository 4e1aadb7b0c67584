"""Grab Your Goat! saves and positions (issue 23, issue 25): a save or a built position is
a position the rules (``../shared/rules/grab_your_goat.rulings.md``) could reach, so a save
mid-decision loads exactly, saves written before the one-shape change still load (fixtures in
``tests/games/saves/grab_your_goat/``), forged saves are refused naming what is wrong, and the
position builder refuses wrong arguments by name and accepts only what saves and loads.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from goatwidgets.engine import SaveError, VariantError
from goatwidgets.games import grab_your_goat as game
from goatwidgets.games.grab_your_goat import new_game, position
from goatwidgets.games.grab_your_goat.cards import BIT

from tests.games.checks import legal

from .helpers import C, HUGE, graph_in_step, pending, roll, turn_houses


def test_gy_r23_a_save_made_with_houses_named_out_of_order_still_loads_and_plays_clockwise():
    """Saves written before turns were put in clockwise order carry the houses as they were
    named; they load, and the game goes on clockwise from there."""
    s = new_game(players=3, seed=4, first=0)
    roll(s, "n")
    s.apply(next(a for a in s.legal_actions() if a.kind == "rotate"))
    data = json.loads(s.to_json())
    data["variants"]["houses"] = ["nw", "se", "ne"]           # as an older version saved it
    loaded = game.State.from_json(json.dumps(data))
    assert loaded.variants["houses"] == ["nw", "ne", "se"] and loaded.to_move == 1
    assert turn_houses(loaded, 3) == ["g1", "g7", "a1"]


def test_a_position_mid_decision_saves_and_loads_exactly():
    s = position(players=3, up={"c3": "cross", "d3": "cross"}, shepherds={0: "c3", 1: "d3"},
                 goats={2: "d3"}, phase="act")
    s.apply("step d3")
    text = s.to_json()
    loaded = game.State.from_json(text)
    assert loaded.to_json() == text and loaded.pending.kind == "throw"
    graph_in_step(loaded)


SAVES = Path(__file__).resolve().parents[1] / "saves" / "grab_your_goat"


@pytest.mark.parametrize("name", sorted(p.name[:-len(".views.json")]
                                        for p in SAVES.glob("*.views.json")))
def test_saves_written_before_the_one_shape_change_still_load(name):
    """Saves written by the code of a549e89 (before the package was split by concern, issue
    25: a fresh game, 4-player games mid-turn with a decision off its turn, a throw, a won
    game, a draw at the turn guard from a built position) load with today's code, and every
    seat's view, legal actions and log are what the old code gave."""
    loaded = game.State.from_json((SAVES / f"{name}.json").read_text())
    recorded = json.loads((SAVES / f"{name}.views.json").read_text())
    for seat in (None, *range(loaded.players)):
        assert loaded.view(seat) == recorded["views"][str(seat)], (name, seat)
        assert loaded.log_for(seat) == recorded["logs"][str(seat)], (name, seat)
    for seat in range(loaded.players):
        assert [str(a) for a in loaded.legal_actions(seat)] == recorded["legal"][str(seat)]
    assert loaded.to_json() == (SAVES / f"{name}.json").read_text().rstrip("\n")


def test_a_built_position_that_the_rules_cannot_reach_is_refused():
    with pytest.raises(VariantError):
        position(up={"b1": "cross"}, shepherds={0: "b1"}, goats={0: "b1"})   # already won
    with pytest.raises(VariantError):
        position(up={"b1": "cliff"}, shepherds={0: "b1"})
    with pytest.raises(VariantError):
        position(up={"d4": "cross"})
    with pytest.raises(VariantError):
        position(down={"b1": "waterfall", "b2": "waterfall", "b3": "waterfall",
                       "b4": "waterfall", "b5": "waterfall"})


# ---------------------------------------------------------------------- forged saves

def forged(s, edit) -> str:
    """The save of ``s`` (made the root of its game) with ``edit(position, root)`` applied:
    to the saved position fields, or to the whole root for the deck."""
    s = s.clone()
    s.rebase()
    data = json.loads(s.to_json())
    edit(data["root"]["position"], data["root"])
    data["state"] = json.loads(json.dumps(data["root"]))
    return json.dumps(data)


def refused_save(s, edit, *words) -> None:
    """``edit`` turns the save of ``s`` into one that does not load; the error names
    ``words`` (the field); unedited, the save loads."""
    game.State.from_json(forged(s, lambda p, r: None))
    with pytest.raises(SaveError) as err:
        game.State.from_json(forged(s, edit))
    for word in words:
        assert word in str(err.value), (word, str(err.value))


def swap(p, a: str, kind: str) -> None:
    """Put ``kind`` on card ``a`` and ``a``'s card on a face-down card that held ``kind``
    (the 70 cards stay the same)."""
    other = next(c for c in range(49) if p["cards"][c] == kind and not p["up"][c]
                 and c != C(a))
    p["cards"][other], p["cards"][C(a)] = p["cards"][C(a)], kind


def throwing(players: int = 3):
    """Seat 0 stepped from a1 onto b1 and must throw seat 1's shepherd: to a1 or to b2 (c1 is
    a face-up Steep Cliff; b2 is a face-down Steep Cliff)."""
    s = position(players=players, up={"b1": "cross", "c1": "cliff"}, down={"b2": "cliff"},
                 shepherds={0: "a1", 1: "b1"}, goats={0: "g5", 1: "g5", 2: "g5"}, phase="act")
    s.apply("step b1")
    assert s.pending.kind == "throw" and legal(s) == {"throw a1", "throw b2"}
    return s


def test_saves_a_throw_with_one_landing_or_none_is_not_a_pending_choice_gy_x3():
    def one_landing(p, root):
        p["up"][C("b2")] = True                               # now a face-up Steep Cliff
    refused_save(throwing(), one_landing, "tasks", "one answer", "GY-X3")

    def no_landing(p, root):
        one_landing(p, root)
        p["shepherds"][2] = C("a1")
    refused_save(throwing(), no_landing, "tasks", "GY-X3")


def test_saves_a_throw_names_a_piece_other_than_the_throwers_own():
    def own(p, root):
        p["tasks"][-1][3] = 0                                 # seat 0 throws its own shepherd
    refused_save(throwing(), own, "tasks", "fields")


def laying():
    """Seat 0 stepped east onto a face-down Corner path at c1 and lays it: sw or nw."""
    s = position(up={"b1": "straight ew"}, down={"c1": "corner"}, shepherds={0: "b1"},
                 phase="act")
    s.apply("step c1")
    assert legal(s) == {"orient sw", "orient nw"}
    return s


def test_saves_a_card_that_lies_one_way_is_not_laid_by_a_choice_gy_x3():
    refused_save(laying(), lambda p, r: swap(p, "c1", "straight"), "tasks", "GY-X3")


def test_saves_a_stepped_on_card_is_laid_with_an_arrow_back_the_way_the_stepper_came_gy_r7():
    def back_east(p, root):
        p["tasks"][-1][3] = BIT["e"]
    refused_save(laying(), back_east, "tasks", "GY-R7")

    def stepper_moved(p, root):
        p["shepherds"][0] = C("a1")
    refused_save(laying(), stepper_moved, "tasks", "GY-R7")


def test_saves_only_the_last_step_is_a_card_being_laid():
    def under(p, root):
        p["tasks"][-1], p["tasks"][-2] = p["tasks"][-2], p["tasks"][-1]
    refused_save(laying(), under, "tasks")


def test_saves_the_goat_is_steered_only_after_a_rollers_choice_gy_r5():
    s = position(goats={0: "d4"}, up={"c3": "wheat"})
    roll(s, "choice")
    assert s.pending.kind == "goat"
    refused_save(s, lambda p, r: p.update(die="n"), "die", "GY-R5")
    refused_save(s, lambda p, r: p["goats"].__setitem__(0, C("c3")), "tasks", "GY-X3")


def test_saves_a_die_face_the_die_does_not_have_gy_r5():
    s = new_game(seed=1, first=0, die={"n": 1, "s": 1})
    roll(s, "n")
    refused_save(s, lambda p, r: p.update(die="e"), "die", "GY-R5")


def test_saves_the_first_roll_is_two_rolls_only_from_a_coffee_bush_gy_r31():
    s = position(up={"c3": "coffee"}, goats={0: "c3"})
    assert pending(s)["rolls"] == 2
    refused_save(s, lambda p, r: p["goats"].__setitem__(0, C("d4")), "tasks", "GY-R31")
    refused_save(s, lambda p, r: p.update(die="n"), "die")


def test_saves_a_move_is_not_asked_of_a_shepherd_in_the_thicket_or_before_the_roll_gy_r16():
    s = position(phase="act")
    refused_save(s, lambda p, r: p.update(skipping=True), "skipping", "GY-R16")
    t = position()
    refused_save(t, lambda p, r: p["tasks"].__setitem__(-1, ["act", 0, -1, -1, 0]), "tasks",
                 "GY-R9")
    refused_save(t, lambda p, r: p.update(coffee=True), "coffee", "GY-X5")
    refused_save(s, lambda p, r: p.update(coffee=True), "coffee", "GY-X5")   # not on one
    refused_save(s, lambda p, r: p.update(halted=True), "halted")


def test_saves_a_second_move_comes_only_from_a_coffee_bush_gy_r31():
    s = position(up={"b1": "coffee", "c1": "cross", "d1": "cross"}, shepherds={0: "b1"},
                 phase="act")
    s.apply("step c1")
    assert s.pending.kind == "more"
    refused_save(s, lambda p, r: p.update(coffee=False), "coffee", "GY-R31")
    refused_save(s, lambda p, r: p.update(halted=True), "halted", "GY-R31")


def test_saves_the_tops_reveal_and_the_free_ride_fit_where_the_shepherd_stands():
    s = position(up={"d3": "straight ns"}, shepherds={0: "d3"}, goats={0: "g4", 1: "g4"},
                 phase="act")
    s.apply("step d4")
    assert s.pending.kind == "reveal"
    refused_save(s, lambda p, r: p.update(top_used=False), "top_used", "GY-R14")
    refused_save(s, lambda p, r: p["shepherds"].__setitem__(0, C("d3")), "top_used")
    s = position(up={"b1": "cross"}, down={"b2": "ski"}, shepherds={0: "b1"},
                 goats={0: "g4", 1: "g4"}, phase="act")
    s.apply("step b2")
    assert s.pending.kind == "lift"
    refused_save(s, lambda p, r: p["shepherds"].__setitem__(0, C("b1")), "tasks", "GY-R15")
    refused_save(s, lambda p, r: p["tasks"][-1].__setitem__(3, C("c5")), "tasks")


def test_saves_the_turns_steps_belong_to_its_seat_and_its_end_comes_last():
    s = position(phase="act")
    refused_save(s, lambda p, r: p["tasks"][0].__setitem__(1, 1), "tasks", "turn")
    refused_save(s, lambda p, r: p["tasks"][-1].__setitem__(1, 1), "tasks", "seat 0")
    refused_save(s, lambda p, r: p["tasks"].insert(1, ["endturn", 0, -1, -1, 0]), "tasks")


def test_saves_the_turn_is_within_the_guard_gy_r22():
    s = position(max_turns=5, turn=5)
    refused_save(s, lambda p, r: p.update(turn=6), "turn", "GY-R22")


def test_saves_hands_are_kept_in_order():
    s = position(hands={0: ["cross", "tee", "thicket"]})
    refused_save(s, lambda p, r: p["hands"][0].reverse(), "hands[0]")


def test_saves_a_card_turned_up_from_afar_is_the_current_seats():
    s = position(hands={0: ["cross", "tee", "thicket"]}, phase="act")
    s.apply("play tee c3")
    assert s.pending.kind == "orient"

    def other(p, root):
        p["tasks"][-1][1] = p["tasks"][-2][1] = 1
    refused_save(s, other, "tasks", "seat 0")


def test_saves_the_draw_deck_has_no_discards():
    s = position()

    def discard(p, root):
        deck = root["decks"]["deck"]
        deck["discards"].append(deck["pile"].pop())
    refused_save(s, discard, "decks.deck")
    refused_save(s, lambda p, r: r["decks"]["deck"].update(reshuffle=True), "decks.deck")


def test_saves_a_finished_game_names_exactly_the_seats_with_their_goats_gy_r24():
    s = position(up={"b1": "cross", "f7": "cross"}, shepherds={0: "a1"}, goats={0: "b1"},
                 phase="act")
    s.apply("step b1")
    assert s.winners == (0,)
    refused_save(s, lambda p, r: p.update(winners=[1]), "winners", "GY-R24")
    refused_save(s, lambda p, r: p.update(winners=[0, 1]), "winners")
    refused_save(s, lambda p, r: p.update(winners=[0, 0]), "winners")

    def both(p, root):
        p["shepherds"][1] = p["goats"][1] = C("f7")          # seat 1 caught its goat too
    refused_save(s, both, "winners", "[0, 1]")


def test_saves_a_draw_at_the_guard_with_nobody_caught_loads_and_only_that_gy_r22():
    s = position(max_turns=2, up={"b1": "cross"})
    for _ in range(2):
        roll(s, "n")
        s.apply(next(a for a in s.legal_actions() if a.kind == "rotate"))
    assert s.is_over and s.winners == ()
    loaded = game.State.from_json(forged(s, lambda p, r: None))
    assert loaded.is_over and loaded.winners == ()

    def caught(p, root):
        p["goats"][0] = p["shepherds"][0]
    refused_save(s, caught, "winners")


@pytest.mark.parametrize("kind, rule", [("cliff", "GY-R20"), ("mineshaft", "GY-R19"),
                                        ("waterfall e", "GY-R21")])
def test_saves_nobody_stays_on_a_face_up_cliff_mineshaft_or_waterfall(kind, rule):
    s = position(up={"c3": kind})
    refused_save(s, lambda p, r: p["shepherds"].__setitem__(1, C("c3")), "shepherds[1]", rule)


def test_saves_positions_with_pieces_in_passing_still_load():
    """Reachable positions where someone is on a card that is still to act on them."""
    # the stepper stands on a face-up Mineshaft while throwing the one there before
    s = position(up={"b1": "cross"}, down={"c1": "mineshaft"}, shepherds={0: "b1", 1: "c1"},
                 phase="act")
    s.apply("step c1")
    # a swept shepherd is still on the Waterfall while laying the card it is carried onto
    t = position(up={"b3": "cross", "c3": "waterfall e"}, down={"d3": "corner"},
                 shepherds={0: "b3"}, phase="act")
    t.apply("step c3")
    # the stepper is with its goat but throws first (GY-R28)
    u = position(players=3, up={"c3": "cross", "d3": "cross"}, shepherds={0: "c3", 1: "d3"},
                 goats={0: "d3"}, phase="act")
    u.apply("step d3")
    for state in (s, t, u):
        assert state.pending.kind in ("throw", "orient")
        loaded = game.State.from_json(forged(state, lambda p, r: None))
        assert loaded.view(None) == state.view(None)


def test_saves_every_position_of_random_games_passes_the_checks():
    """The checks refuse only what the rules can't reach: every decision of seeded random
    games (with many effect cards) passes them."""
    from goatwidgets.games.grab_your_goat.saves import check_position
    mix = {"waterfall": 8, "mineshaft": 4, "cliff": 4, "ski": 4, "thicket": 4, "coffee": 4,
           "landslide": 3}
    for g in range(12):
        rng = random.Random(g)
        s = new_game(players=2 + g % 3, seed=g, cards=mix if g % 2 else {})
        while True:
            check_position(s)
            if s.is_over or s.turn > 120:
                break
            seat = s.deciders[0]
            s.apply(rng.choice(s.legal_actions(seat)), seat=seat)


POSITION_WRONG = {
    "up": [5, "b1", ["b1"], {"b1": 5}, {"b1": None}, {"b1": ["cross"]}, {5: "cross"},
           {"b1": "cross", "B1": "cross"}, {"b1": "a\ud800"}],
    "down": [5, "b1", {"b1": 5}, {"b1": ["tee"]}, {"b1": "tee", " b1": "cross"}],
    "shepherds": [5, ["b1"], {"0": "b1"}, {5: "b1"}, {-1: "b1"}, {True: "b1"}, {1.5: "b1"},
                  {0: 5}, {0: None}],
    "goats": [5, ["b1"], {"0": "b1"}, {2: "b1"}, {-1: "b1"}, {0: ["b1"]}],
    "hands": [5, ["tee"], {0: "tee"}, {0: "abc"}, {0: ["tee", "tee", 5]}, {-1: ["tee"] * 3},
              {0: None}],
    "deck": [5, "tee", ["unicorn"], [5], None],
    "fill": [5, [], "unicorn"],
    "to_move": [None, HUGE, -1, 2, True, 1.5, "0"],
    "turn": [None, HUGE, 0, -3, True, 1.5, "2", 401],
    "phase": [None, 5, "over", ["act"]],
    "die": [5, "up", ["n"], True],
    "lost": [5, "0", [5], [-1], [True], [1.5], [None], {0: True}],
}


@pytest.mark.parametrize("option", sorted(POSITION_WRONG))
def test_the_position_builder_refuses_wrong_arguments_by_name(option):
    for bad in POSITION_WRONG[option]:
        extra = {"phase": "act"} if option == "die" else {}
        with pytest.raises(VariantError) as err:
            position(**{option: bad}, **extra)
        assert err.value.rule == "position" and option in str(err.value), (option, bad,
                                                                          str(err.value))


def test_the_position_builder_refuses_a_die_before_the_roll():
    with pytest.raises(VariantError) as err:
        position(die="n")                                     # phase "roll": nothing rolled yet
    assert "die" in str(err.value) and "phase" in str(err.value)
    assert position(phase="act", die="choice").die == "choice"


def test_every_position_the_builder_accepts_saves_and_loads():
    built = [position(), position(phase="act", die="choice"), position(players=4, to_move=3,
             turn=400, lost=[1, 2], hands={2: ["tee", "tee", "tee"]}, deck=["ski", "fog"]),
             position(up={"b1": "waterfall s", "c1": "coffee"}, down={"b2": "cliff"},
                      shepherds={1: "b2"}, goats={0: "b2"}, fill="cross", seed=7)]
    for s in built:
        loaded = game.State.from_json(s.to_json())
        assert loaded.to_json() == s.to_json()
