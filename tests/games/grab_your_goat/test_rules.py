"""Grab Your Goat! rules: one test per ruling GY-R1…GY-R33 and per reading GY-X1…GY-X12
(``../shared/rules/grab_your_goat.rulings.md``), named after it, then the path-graph tests, the
view and its words, the notation, the refusal of wrong-typed text, variants and seats, and a
quick property run. Every rules test builds its position with ``grab_your_goat.position``
(named face-up and face-down cards, pieces, hands), presets the die or the deck where chance
matters, and checks the legal actions, the state after ``apply``, or the rule id and wording of
a refusal. Board names (see ``board.py``): columns a-g west to east, rows 1-7 north to south;
``d4`` is the Top of the Mountain; the houses are ``a1`` (seat 0), ``g7`` (seat 1 in a
two-player game; ``g1`` with three or four players), ``a7`` (seat 3).
"""

from __future__ import annotations

import json
import random
from collections import Counter

import networkx as nx
import pytest

from goatwidgets.engine import ActionParseError, NotYourDecisionError, VariantError, make_bot
from goatwidgets.games import grab_your_goat as game
from goatwidgets.games.grab_your_goat import OUR_READINGS, cell_id, new_game, position
from goatwidgets.games.grab_your_goat.board import FIXED, TOP
from goatwidgets.games.grab_your_goat.cards import BIT, DEFAULT_CARDS, OPPOSITE, text_mask
from goatwidgets.games.grab_your_goat.explain import RULES

from tests.games.checks import legal, play_checked, refused
from tests.information import check_information

from .helpers import C, HUGE, at, goat_at, graph_in_step, pending, roll, turn_houses


# ---------------------------------------------------------------------- helpers

def kinds(s, seat=None) -> set[str]:
    return {a.kind for a in s.legal_actions(seat)}


def card(s, text: str) -> tuple[str, bool, str]:
    """(kind, face up, arrows) of the card at ``text``."""
    from goatwidgets.games.grab_your_goat.cards import mask_text
    cell = C(text)
    return s.cards[cell], s.up[cell], mask_text(s.arrows[cell])


def conserved(s) -> None:
    s.check_invariants()
    board = [s.cards[c] for c in range(49) if c not in FIXED]
    total = Counter(board) + Counter(k for h in s.hands for k in h) + Counter(s.decks["deck"].pile)
    assert sum(total.values()) == 70 and total == Counter(DEFAULT_CARDS)


# ---------------------------------------------------------------------- GY-R1 … GY-R5: board and cards

@pytest.mark.parametrize("players", [2, 3, 4])
def test_gy_r1_grid_top_houses_44_face_down_hands_of_three_and_the_deck(players):
    s = new_game(players=players, seed=5)
    view = s.view(None)
    cells = {c["id"]: c for c in view["cells"]}
    assert len(cells) == 49
    assert cells["d4"]["up"] and cells["d4"]["card"] == "top" and cells["d4"]["arrows"] == "nesw"
    for corner in ("a1", "g1", "g7", "a7"):
        assert cells[corner]["up"] and cells[corner]["card"] == "house"
        assert cells[corner]["arrows"] == "nesw"
    down = [c for c in cells.values() if not c["up"]]
    assert len(down) == 44 and all(set(c) == {"id", "row", "col", "up"} for c in down)
    assert view["hands"] == [3] * players and view["deck"] == 70 - 44 - 3 * players
    assert all(len(s.view(seat)["hand"]) == 3 for seat in range(players))
    conserved(s)


def test_gy_r2_north_is_up_and_pieces_move_between_orthogonal_neighbours_only():
    s = position(up={"d3": "cross", "e4": "cross", "d5": "cross", "c4": "cross",
                     "c3": "cross"}, shepherds={0: "d4"}, goats={0: "a4"}, phase="act")
    assert {a for a in legal(s) if a.startswith("step")} == {"step d3", "step e4", "step d5",
                                                             "step c4"}
    refused(s, "step c3", "GY-R8", "right next to yours")
    assert str(s.parse_action("step n")) == "step d3"          # north is the row above
    assert str(s.parse_action("step w")) == "step c4"


def test_gy_r3_directional_cards_default_mix_shapes_and_the_variant():
    assert {k: DEFAULT_CARDS[k] for k in ("straight", "corner", "tee", "cross")} == \
        {"straight": 14, "corner": 14, "tee": 14, "cross": 8}
    from goatwidgets.games.grab_your_goat.cards import orientations
    assert [len(orientations(k)) for k in ("straight", "corner", "tee", "cross")] == [2, 4, 4, 1]
    s = new_game(seed=1, cards={"straight": 20, "cross": 2})
    assert s.variants["cards"]["straight"] == 20 and s.variants["cards"]["corner"] == 14
    s.check_invariants()
    for bad in ({"unicorn": 3}, {"tee": -1}, {"tee": "3"}, "lots", {"straight": 0, "corner": 0,
                                                                   "tee": 0, "cross": 0}):
        with pytest.raises(VariantError) as err:
            new_game(seed=1, cards=bad)
        assert err.value.rule in ("GY-R3", "GY-R1")


def test_gy_r4_effect_cards_counts_and_their_exits():
    effects = {k: DEFAULT_CARDS[k] for k in ("coffee", "ski", "thicket", "wheat", "fog",
                                              "landslide", "mineshaft", "cliff", "waterfall")}
    assert effects == {"coffee": 2, "ski": 2, "thicket": 2, "wheat": 2, "fog": 2,
                       "landslide": 2, "mineshaft": 2, "cliff": 2, "waterfall": 4}
    s = position(up={"b2": "coffee", "c2": "ski", "d2": "thicket", "e2": "wheat",
                     "b3": "mineshaft", "c3": "cliff", "d3": "waterfall s"})
    assert [card(s, x)[2] for x in ("b2", "c2", "d2", "e2")] == ["nesw"] * 4
    assert card(s, "b3")[2] == "" and card(s, "c3")[2] == "" and card(s, "d3")[2] == "s"
    with pytest.raises(VariantError):
        position(up={"d3": "waterfall ns"})          # one arrow only


def test_gy_r5_the_die_faces_roller_choice_and_its_variant():
    s = position(goats={0: "d4"})
    assert s.variants["die"] == {"n": 1, "e": 1, "s": 1, "w": 1, "choice": 2}
    roll(s, "choice")
    assert s.pending.kind == "goat" and legal(s) == {"goat n", "goat e", "goat s", "goat w"}
    s.apply("goat w")
    assert goat_at(s, 0) == "c4" and s.view(0)["die"] == "choice"
    s = new_game(seed=2, die={"n": 1, "s": 1})
    with pytest.raises(VariantError, match="not a die outcome"):
        s.preset(die="e")
    with pytest.raises(VariantError) as err:
        new_game(die={"up": 1})
    assert err.value.rule == "GY-R5"
    with pytest.raises(VariantError):
        new_game(die={"n": 0})


# ---------------------------------------------------------------------- GY-R6 … GY-R8: paths

def test_gy_r6_a_step_only_where_both_arrows_meet():
    s = position(up={"c3": "corner ne", "d3": "straight ew", "c2": "straight ew",
                     "b3": "cross"}, shepherds={0: "c3"}, phase="act")
    steps = {a for a in legal(s) if a.startswith("step")}
    assert steps == {"step d3"}
    refused(s, "step c2", "GY-R6", "no arrow pointing back")
    refused(s, "step b3", "GY-R6", "your card has no arrow pointing that way")
    assert s.graph.has_edge(C("c3"), C("d3")) and not s.graph.has_edge(C("c3"), C("c2"))
    s.apply("step d3")
    assert at(s, 0) == "d3"


def test_gy_r7_stepping_onto_a_face_down_card_reveals_it_and_the_mover_orients_it():
    s = position(up={"b1": "straight ew"}, down={"c1": "corner"}, shepherds={0: "b1"},
                 phase="act")
    s.apply("step c1")
    assert s.pending.kind == "orient" and s.to_move == 0
    assert legal(s) == {"orient sw", "orient nw"}          # an arrow must point back west
    assert pending(s) == {"kind": "orient", "seat": 0, "cell": "c1", "card": "corner",
                          "back": "w", "options": ["sw", "nw"]}
    refused(s, "orient ne", "GY-R7", "back west")
    s.apply("orient sw")
    assert card(s, "c1") == ("corner", True, "sw") and at(s, 0) == "c1"
    assert s.graph.has_edge(C("b1"), C("c1"))
    graph_in_step(s)
    # an effect card acts at once
    s = position(up={"b1": "straight ew"}, down={"c1": "thicket"}, shepherds={0: "b1"},
                 phase="act")
    s.apply("step c1")
    assert s.lost[0] and at(s, 0) == "c1"


def test_gy_r8_a_move_is_one_step_then_the_turn_passes():
    s = position(up={"b1": "cross", "c1": "cross"}, shepherds={0: "a1"}, phase="act")
    refused(s, "step c1", "GY-R8", "right next to yours")
    s.apply("step b1")
    assert at(s, 0) == "b1" and s.to_move == 1 and s.pending.kind == "roll"


# ---------------------------------------------------------------------- GY-R9 … GY-R13: the turn

def test_gy_r9_roll_first_then_exactly_one_of_step_play_or_a_quarter_turn():
    s = position(up={"b1": "corner es"}, shepherds={0: "b1"})
    refused(s, "step c1", "GY-R9", "roll the goat die")
    roll(s, "s")
    assert kinds(s) == {"step", "play", "rotate"}
    assert {a for a in legal(s) if a.startswith("rotate")} == {"rotate sw", "rotate ne"}
    assert str(s.parse_action("rotate cw")) == "rotate sw"
    assert str(s.parse_action("rotate ccw")) == "rotate ne"
    s.apply("rotate ccw")
    assert card(s, "b1")[2] == "ne" and s.to_move == 1       # one thing, then the turn ends
    with pytest.raises(NotYourDecisionError):
        s.apply("roll", seat=0)


def test_gy_r10_goats_wrap_round_never_reveal_share_stay_on_wheat_and_push_shepherds():
    s = position(goats={0: "g2", 1: "d1"}, down={"a2": "corner"})
    roll(s, "e")
    assert goat_at(s, 0) == "a2" and not s.up[C("a2")]           # wrapped, nothing revealed
    s = position(goats={0: "d1"}, to_move=0)
    roll(s, "n")
    assert goat_at(s, 0) == "d7"                                 # same column
    s = position(goats={0: "c4", 1: "d4"})
    roll(s, "e")
    assert goat_at(s, 0) == "d4" == goat_at(s, 1)                # goats share
    s = position(up={"c3": "wheat"}, goats={0: "c3"})
    roll(s, "e")
    assert goat_at(s, 0) == "c3" and "Wheat Field" in s.log[-1]
    s = position(goats={0: "d4"}, shepherds={1: "e4"}, down={"f4": "corner"})
    roll(s, "e")
    assert goat_at(s, 0) == "d4" and at(s, 1) == "f4" and not s.up[C("f4")]
    s = position(goats={0: "f4"}, shepherds={1: "g4"})
    roll(s, "e")
    assert goat_at(s, 0) == "f4" and at(s, 1) == "g7"            # pushed off: home


def test_gy_r11_advantage_card_swap_face_up_in_a_chosen_rotation_taken_card_secret():
    s = position(hands={0: ["cross", "tee", "thicket"]}, down={"c3": "mineshaft"},
                 shepherds={0: "a1"}, phase="act", names=["Ana", "Bo"])
    s.apply("play tee c3")
    assert s.pending.kind == "orient" and len(legal(s)) == 4          # any way round
    assert pending(s)["back"] is None
    s.apply("orient esw")
    assert card(s, "c3") == ("tee", True, "esw")
    assert s.hands[0] == ["cross", "mineshaft", "thicket"]
    assert s.view(0)["hand"] == ["cross", "mineshaft", "thicket"] and s.view(1)["hands"] == [3, 3]
    assert "Mineshaft" in " ".join(s.log_for(0)) and "Mineshaft" not in " ".join(s.log_for(1))
    refused_state = position(hands={0: ["cross", "tee", "thicket"]}, up={"c3": "cross"},
                             phase="act")
    refused(refused_state, "play tee c3", "GY-R11", "already face up")
    refused(refused_state, "play cliff b3", "GY-R11", "none in your hand")
    # an effect card played this way acts at once
    s = position(hands={0: ["cross", "tee", "thicket"]}, shepherds={1: "c3"}, phase="act")
    s.apply("play thicket c3")
    assert s.current == 1 and s.skipping                      # seat 1 will not move this turn


def test_gy_r12_entering_throws_other_shepherds_and_goats_where_the_mover_chooses():
    s = position(players=3, up={"c3": "cross", "d3": "cross"}, shepherds={0: "c3", 1: "d3"},
                 goats={2: "d3"}, down={"d2": "corner"}, phase="act")
    s.apply("step d3")
    assert s.pending.kind == "throw" and s.to_move == 0
    assert pending(s) == {"kind": "throw", "seat": 0, "cell": "d3", "piece": "shepherd",
                          "owner": 1}
    assert legal(s) == {"throw d2", "throw e3", "throw d4", "throw c3"}
    s.apply("throw d2")
    assert at(s, 1) == "d2" and not s.up[C("d2")]               # stays face down
    assert pending(s)["piece"] == "goat" and legal(s) == {"throw e3", "throw d4", "throw c3"}
    refused(s, "throw d2", "GY-R25", "shepherd stands")
    refused(s, "throw f3", "GY-R12", "right next to")
    s.apply("throw e3")
    assert goat_at(s, 2) == "e3" and s.to_move == 1


def test_gy_r13_catching_your_goat_wins_except_on_the_four_cards():
    s = position(up={"b1": "cross"}, shepherds={0: "a1"}, goats={0: "b1"}, phase="act")
    s.apply("step b1")
    assert s.is_over and s.winners == (0,) and s.scores == (1, 0)
    s = position(up={"b1": "mineshaft"}, shepherds={0: "a1"}, goats={0: "b1"}, phase="act")
    s.apply("step b1")
    assert not s.is_over and at(s, 0) == "a1"
    s = position(down={"b1": "waterfall"}, shepherds={0: "a1"}, goats={0: "b1"}, phase="act")
    s.apply("step b1")
    s.apply("orient s")
    assert not s.is_over and at(s, 0) == "b2"
    s = position(down={"b1": "landslide"}, shepherds={0: "a1"}, goats={0: "b1"}, phase="act")
    s.apply("step b1")
    assert s.pending.kind == "slide" and not s.is_over


# ---------------------------------------------------------------------- GY-R14 … GY-R21: special cards

def test_gy_r14_entering_the_top_lets_you_turn_up_any_face_down_card():
    s = position(up={"d3": "straight ns"}, down={"b6": "tee"}, shepherds={0: "d3"},
                 goats={0: "g4", 1: "g4"}, phase="act")
    s.apply("step d4")
    assert s.pending.kind == "reveal" and "pass" in legal(s) and "reveal b6" in legal(s)
    assert len(legal(s)) == 44 - 1 + 1                       # d3 is face up
    refused(s, "reveal d3", "GY-R14", "already face up")
    s.apply("reveal b6")
    assert s.pending.kind == "orient" and len(legal(s)) == 4
    s.apply("orient nes")
    assert card(s, "b6") == ("tee", True, "nes") and s.to_move == 1


def test_gy_r15_ski_lift_rides_between_the_top_and_a_face_up_lift_and_a_free_first_ride():
    s = position(up={"b2": "ski"}, shepherds={0: "d4"}, goats={0: "g4", 1: "g4"}, phase="act")
    assert "lift b2" in legal(s)
    s.apply("lift b2")
    assert at(s, 0) == "b2"
    s = position(up={"b2": "ski"}, shepherds={0: "b2"}, phase="act")
    assert "lift d4" in legal(s)
    s = position(up={"b2": "ski", "c2": "cross"}, shepherds={0: "c2"}, phase="act")
    refused(s, "lift b2", "GY-R15", "you stand on neither")
    # the revealer may ride at once, for free
    s = position(up={"b1": "cross"}, down={"b2": "ski"}, shepherds={0: "b1"},
                 goats={0: "g4", 1: "g4"}, phase="act")
    s.apply("step b2")
    assert s.pending.kind == "lift" and legal(s) == {"lift d4", "pass"}
    s.apply("lift d4")
    assert at(s, 0) == "d4" and s.pending.kind == "reveal"         # the Top gives its reveal


def test_gy_r16_the_thicket_costs_the_next_move_but_the_goat_still_rolls():
    s = position(up={"b1": "thicket"}, shepherds={0: "a1"}, goats={0: "d4"}, phase="act")
    s.apply("step b1")
    assert s.lost[0] and s.view(None)["lost_turn"] == [True, False]
    roll(s, "n")                                              # seat 1's turn
    s.apply(next(a for a in s.legal_actions() if a.kind == "rotate"))
    assert s.to_move == 0 and s.pending.kind == "roll"
    roll(s, "e")
    assert goat_at(s, 0) == "e4"                              # the goat moved
    assert s.to_move == 1 and s.pending.kind == "roll"             # no move for seat 0
    assert not s.lost[0] and "Thicket" in " ".join(s.log[-3:])


def test_gy_r17_dense_fog_clears_face_up_cards_without_shepherds_then_itself():
    s = position(up={"b1": "straight ew", "c3": "cross", "e5": "corner ne", "d3": "cross"},
                 down={"d2": "fog"}, shepherds={0: "d3", 1: "c3"}, goats={1: "e5"},
                 phase="act")
    deck_before = s.decks["deck"].count
    s.apply("step d2")
    assert at(s, 0) == "d2"
    assert [s.up[C(x)] for x in ("b1", "e5", "d3", "d2")] == [False] * 4
    assert s.up[C("c3")]                                      # a shepherd stands there
    assert all(s.up[c] for c in FIXED)
    assert goat_at(s, 1) == "e5" and s.decks["deck"].count == deck_before
    graph_in_step(s)
    conserved(s)


def test_gy_r18_landslide_the_revealer_picks_a_line_to_the_edge_shepherds_go_home():
    s = position(players=3, up={"c4": "cross", "e4": "cross"}, down={"b4": "landslide"},
                 shepherds={0: "c4", 1: "f4", 2: "d4"}, goats={0: "e4", 1: "a4", 2: "a5"},
                 phase="act")
    s.apply("step b4")
    assert s.pending.kind == "slide" and legal(s) == {"slide n", "slide e", "slide s", "slide w"}
    s.apply("slide e")
    for x in ("b4", "c4", "e4", "f4", "g4"):
        assert not s.up[C(x)], x
    assert s.up[TOP] and at(s, 2) == "d4"                     # Top and whoever is on it stay
    assert at(s, 0) == "a1" and at(s, 1) == "g1"              # shepherds in the line: home
    assert goat_at(s, 0) == "e4" and goat_at(s, 1) == "a4"    # goats stay
    graph_in_step(s)
    conserved(s)


def test_gy_r18_gy_r21_the_seat_swept_onto_a_landslide_chooses_it_and_the_log_names_that_seat():
    s = position(hands={0: ["cross", "tee", "waterfall"]}, shepherds={1: "c3"},
                 down={"c3": "corner", "d3": "landslide"}, phase="act", names=["Ana", "Bo"])
    s.apply("play waterfall c3")
    s.apply("orient e")                                       # Bo is carried onto d3
    assert s.pending.kind == "slide" and s.deciders == (1,)
    s.apply("slide n", seat=1)
    assert s.log[-2].startswith("Bo sends the Landslide north") and "Ana" not in s.log[-2]
    assert s.log[-1] == "Bo's shepherd was caught in the Landslide and went home."


def test_off_turn_choices_name_the_seat_that_made_them_in_the_log():
    # Bo, carried onto a face-down Ski Lift on Ana's turn, rides it to the Top and throws Ana
    s = position(hands={0: ["cross", "tee", "waterfall"]}, shepherds={0: "d4", 1: "c3"},
                 down={"c3": "corner", "d3": "ski"}, goats={0: "g5", 1: "g5"}, phase="act",
                 names=["Ana", "Bo"])
    s.apply("play waterfall c3")
    s.apply("orient e")
    assert s.pending.kind == "lift" and s.deciders == (1,)
    s.apply("lift d4", seat=1)
    assert s.log[-1] == "Bo takes a free ride on the Ski Lift."
    assert s.pending.kind == "throw" and s.deciders == (1,)
    s.apply("throw e4", seat=1)
    assert s.log[-1] == "Bo throws Ana's shepherd east."


def test_gy_r19_mineshaft_sends_its_revealer_home_and_anyone_may_jump_in_later():
    s = position(up={"b1": "cross"}, down={"b2": "mineshaft"}, shepherds={0: "b1"},
                 phase="act")
    s.apply("step b2")
    assert at(s, 0) == "a1" and card(s, "b2")[:2] == ("mineshaft", True)
    s = position(up={"c2": "cross", "b2": "mineshaft"}, shepherds={0: "c2"}, phase="act")
    assert "step b2" in legal(s)
    s.apply("step b2")
    assert at(s, 0) == "a1"


def test_gy_r20_steep_cliff_cannot_be_entered_and_revealing_it_sends_you_back():
    s = position(up={"b1": "cross", "c1": "cliff"}, shepherds={0: "b1"}, phase="act")
    assert "step c1" not in legal(s)
    refused(s, "step c1", "GY-R20", "Steep Cliff")
    s = position(up={"b1": "cross"}, down={"c1": "cliff"}, shepherds={0: "b1"}, phase="act")
    s.apply("step c1")
    assert at(s, 0) == "b1" and card(s, "c1")[:2] == ("cliff", True)
    assert s.to_move == 1 and s.pending.kind == "roll"             # that was the move


def test_gy_r21_waterfall_sweeps_along_its_arrow_reveals_and_sends_home_off_the_board():
    s = position(up={"b3": "cross", "c3": "waterfall e"}, down={"d3": "corner"},
                 shepherds={0: "b3"}, phase="act")
    s.apply("step c3")
    assert s.pending.kind == "orient" and legal(s) == {"orient sw", "orient nw"}   # back west
    s.apply("orient nw")
    assert at(s, 0) == "d3" and card(s, "d3") == ("corner", True, "nw")
    s = position(up={"b3": "cross", "a3": "waterfall w"}, shepherds={0: "b3"}, phase="act")
    s.apply("step a3")
    assert at(s, 0) == "a1"                                   # off the board: home
    s = position(up={"b3": "cross", "c3": "waterfall e", "d3": "cliff"}, shepherds={0: "b3"},
                 phase="act")
    s.apply("step c3")
    assert at(s, 0) == "a1"                                   # onto a Steep Cliff: home
    # a swept shepherd of another seat orients the card it lands on (off its turn)
    s = position(hands={0: ["cross", "tee", "waterfall"]}, shepherds={1: "c3"},
                 down={"c3": "corner", "d3": "tee"}, phase="act")
    s.apply("play waterfall c3")
    s.apply("orient e")
    assert s.deciders == (1,) and s.pending.kind == "orient" and pending(s)["back"] == "w"
    s.apply(sorted(legal(s, 1))[0], seat=1)
    assert at(s, 1) == "d3" and s.to_move == 1                # then seat 1's own turn


# ---------------------------------------------------------------------- GY-R22 … GY-R25

def test_gy_r22_the_turn_guard_ends_the_game_as_a_draw():
    s = position(max_turns=2, up={"b1": "cross"})
    for _ in range(2):
        roll(s, "n")
        s.apply(next(a for a in s.legal_actions() if a.kind == "rotate"))
    assert s.is_over and s.winners == () and s.scores == (0, 0)
    assert "draw" in s.log[-1] and "400" in RULES["GY-R22"]
    assert new_game(seed=1).variants["max_turns"] == 400
    for bad in (0, -3, "10", True):
        with pytest.raises(VariantError) as err:
            new_game(max_turns=bad)
        assert err.value.rule == "GY-R22"


def test_gy_r23_seats_corners_first_player_and_clockwise_turns():
    assert new_game(players=2, seed=1).view(None)["houses"] == ["a1", "g7"]
    assert new_game(players=3, seed=1).view(None)["houses"] == ["a1", "g1", "g7"]
    assert new_game(players=4, seed=1).view(None)["houses"] == ["a1", "g1", "g7", "a7"]
    s = new_game(players=4, seed=1)
    assert s.view(None)["shepherds"] == ["a1", "g1", "g7", "a7"] and len(s.goats) == 4
    firsts = {new_game(players=4, seed=seed).to_move for seed in range(30)}
    assert firsts == {0, 1, 2, 3}                             # drawn from the seed
    assert new_game(players=4, seed=3, first=2).to_move == 2  # or chosen
    s = new_game(players=3, seed=1, first=2, houses=["se", "nw", "ne"])
    assert s.view(None)["shepherds"] == ["g7", "a1", "g1"]
    order = []
    for _ in range(4):
        order.append(s.to_move)
        roll(s, "n")
        while s.to_move == order[-1] and not s.is_over:
            s.apply(s.legal_actions()[0])
    assert order == [2, 0, 1, 2]
    for bad in (["nw"], ["nw", "nw"], ["nw", "middle"], "nw"):
        with pytest.raises(VariantError) as err:
            new_game(players=2, houses=bad)
        assert err.value.rule == "GY-R23"
    with pytest.raises(VariantError):
        new_game(players=2, first=2)


CLOCKWISE = ["a1", "g1", "g7", "a7"]                          # nw, ne, se, sw


@pytest.mark.parametrize("players", [2, 3, 4])
def test_gy_r23_gy_r33_turns_go_clockwise_whatever_order_the_houses_are_named_in(players):
    from itertools import permutations
    for houses in permutations(["nw", "ne", "se", "sw"], players):
        s = new_game(players=players, seed=2, first=0, houses=list(houses))
        named = s.view(None)["houses"]
        assert named[0] == CLOCKWISE[["nw", "ne", "se", "sw"].index(houses[0])]  # seat 0 keeps its
        assert sorted(named) == sorted(CLOCKWISE[["nw", "ne", "se", "sw"].index(h)] for h in houses)
        assert s.view(None)["shepherds"] == named
        order = turn_houses(s, players + 1)
        steps = [(CLOCKWISE.index(b) - CLOCKWISE.index(a)) % 4 for a, b in zip(order, order[1:])]
        assert all(step > 0 for step in steps) and sum(steps[:players]) == 4, (houses, order)
        loaded = game.State.from_json(s.to_json())
        assert loaded.to_json() == s.to_json() and loaded.variants["houses"] == s.variants["houses"]


def test_gy_r23_the_issue_example_nw_se_ne_plays_a1_g1_g7():
    s = new_game(players=3, seed=4, first=0, houses=["nw", "se", "ne"])
    assert s.variants["houses"] == ["nw", "ne", "se"]
    assert turn_houses(s, 4) == ["a1", "g1", "g7", "a1"]


def test_gy_r24_a_win_happens_however_and_on_anyones_turn():
    s = position(up={"e4": "cross", "f4": "cross"}, shepherds={1: "e4"}, goats={0: "d4",
                                                                                 1: "f4"})
    roll(s, "e")                                              # seat 0's goat pushes seat 1
    assert s.is_over and s.winners == (1,)
    s = position(up={"c3": "cross", "d3": "cross"}, shepherds={0: "c3", 1: "d3"},
                 goats={1: "d2"}, down={"d2": "corner"}, phase="act")
    s.apply("step d3")
    s.apply("throw d2")                                       # onto its goat, but face down
    assert not s.is_over and at(s, 1) == "d2" == goat_at(s, 1)
    s = position(up={"c3": "cross", "d3": "cross", "d2": "cross"}, shepherds={0: "c3", 1: "d3"},
                 goats={1: "d2"}, phase="act")
    s.apply("step d3")
    s.apply("throw d2")                                       # ...on its own goat: it wins
    assert s.is_over and s.winners == (1,)


def test_gy_r25_arriving_without_stepping_obeys_the_card_and_throws_land_where_they_may():
    # pushed onto a Steep Cliff: home
    s = position(up={"f4": "cliff"}, shepherds={1: "e4"}, goats={0: "d4"})
    roll(s, "e")
    assert at(s, 1) == "g7"
    # pushed onto a Mineshaft: home; onto a face-down card: it stays face down
    s = position(up={"f4": "mineshaft"}, shepherds={1: "e4"}, goats={0: "d4"})
    roll(s, "e")
    assert at(s, 1) == "g7"
    # throws never land on a shepherd or a face-up Steep Cliff
    s = position(players=4, up={"c2": "cross", "c3": "cross", "b3": "cliff", "c4": "cross"},
                 shepherds={0: "c2", 1: "c3", 2: "d3", 3: "c2"}, phase="act")
    s.apply("step c3")                                        # one landing left: c4
    assert at(s, 1) == "c4" and s.to_move == 1
    # no landing at all: a shepherd goes home, a goat stays
    s = position(players=4, up={"b2": "cross", "b1": "cross", "a2": "cliff", "c2": "cliff"},
                 shepherds={0: "b1", 1: "b2", 2: "b3", 3: "b1"}, goats={3: "b2"}, phase="act")
    s.apply("step b2")
    assert at(s, 1) == "g1" and goat_at(s, 3) == "b2" and at(s, 0) == "b2"
    # any number of shepherds share a house
    s = position(goats={0: "g5"}, shepherds={0: "g7", 1: "g6"})
    roll(s, "s")                                              # pushes seat 1 onto g7
    assert at(s, 1) == "g7" == at(s, 0)


# ---------------------------------------------------------------------- GY-R26 … GY-R33

def test_gy_r26_a_face_down_card_underfoot_is_open_all_round_and_cannot_be_turned():
    s = position(up={"c2": "straight ew", "b3": "straight ew"}, down={"c3": "corner"},
                 shepherds={0: "c3"}, phase="act")
    steps = {a for a in legal(s) if a.startswith("step")}
    assert steps == {"step d3", "step c4", "step b3"}          # c2 has no arrow south
    assert not any(a.startswith("rotate") for a in legal(s))
    refused(s, "rotate ns", "GY-R26", "face down")


def test_gy_r27_a_face_up_mineshaft_or_waterfall_needs_no_arrow_back():
    s = position(up={"b2": "straight ns", "b3": "mineshaft", "b1": "waterfall w"},
                 shepherds={0: "b2"}, phase="act")
    assert {a for a in legal(s) if a.startswith("step")} == {"step b1", "step b3"}
    s2 = position(up={"b2": "straight ew", "b3": "mineshaft"}, shepherds={0: "b2"},
                  phase="act")
    refused(s2, "step b3", "GY-R6", "no arrow pointing that way")


def test_gy_r28_order_on_entering_cliff_first_then_throws_then_the_win_then_the_effect():
    # a cliff found by stepping: the mover goes back, anyone already on it goes home
    s = position(up={"b1": "cross"}, down={"c1": "cliff"}, shepherds={0: "b1", 1: "c1"},
                 phase="act")
    s.apply("step c1")
    assert at(s, 0) == "b1" and at(s, 1) == "g7"
    # throws come before the win
    s = position(players=3, up={"c3": "cross", "d3": "cross"}, shepherds={0: "c3", 1: "d3"},
                 goats={0: "d3"}, phase="act")
    s.apply("step d3")
    assert s.pending.kind == "throw" and not s.is_over
    s.apply("throw e3")
    assert s.is_over and s.winners == (0,)
    # the effect comes after the throws: a Mineshaft's mover goes home after throwing (seat 1
    # stood on it face down: nobody stays on a face-up Mineshaft)
    s = position(up={"b1": "cross"}, down={"c1": "mineshaft"}, shepherds={0: "b1", 1: "c1"},
                 phase="act")
    s.apply("step c1")
    assert s.pending.kind == "throw"
    s.apply("throw c2")
    assert at(s, 1) == "c2" and at(s, 0) == "a1"


def test_gy_r29_reveals_from_afar_revealer_lays_it_and_only_those_on_it_are_hit():
    # from the Top: a Steep Cliff under seat 1 sends it home; seat 0 is not bounced
    s = position(up={"d3": "straight ns"}, down={"b6": "cliff"}, shepherds={0: "d3", 1: "b6"},
                 goats={0: "g4", 1: "g4"}, phase="act")
    s.apply("step d4")
    s.apply("reveal b6")
    assert at(s, 1) == "g7" and at(s, 0) == "d4"
    # a Mineshaft or Waterfall played from the hand acts only on who stands there
    s = position(hands={0: ["cross", "mineshaft", "tee"]}, shepherds={1: "e5"}, phase="act")
    s.apply("play mineshaft e5")
    assert at(s, 1) == "g7" and at(s, 0) == "a1"
    s = position(hands={0: ["cross", "tee", "waterfall"]}, phase="act")
    s.apply("play waterfall e5")
    assert legal(s) == {"orient n", "orient e", "orient s", "orient w"}
    s.apply("orient n")
    assert at(s, 0) == "a1" and s.to_move == 1
    # the free Ski Lift ride needs the revealer on the Top or on that lift
    s = position(hands={0: ["cross", "ski", "tee"]}, phase="act")
    s.apply("play ski e5")
    assert s.to_move == 1 and s.pending.kind == "roll"
    s = position(hands={0: ["cross", "ski", "tee"]}, shepherds={0: "d4"}, goats={0: "g4"},
                 phase="act")
    s.apply("play ski e5")
    assert s.pending.kind == "lift" and legal(s) == {"lift e5", "pass"}
    s = position(hands={0: ["cross", "ski", "tee"]}, shepherds={0: "e5"}, phase="act")
    s.apply("play ski e5")
    assert legal(s) == {"lift d4", "pass"}


def test_gy_r30_a_shepherd_swept_back_onto_a_waterfall_it_passed_goes_home():
    s = position(up={"b3": "cross", "c3": "waterfall e", "d3": "waterfall w"},
                 shepherds={0: "b3"}, phase="act")
    s.apply("step c3")
    assert at(s, 0) == "a1" and "loop" in " ".join(s.log[-2:])
    s = position(up={"b3": "cross", "c3": "waterfall e", "d3": "waterfall s"},
                 shepherds={0: "b3"}, goats={0: "g4", 1: "g4"}, phase="act")
    s.apply("step c3")
    assert at(s, 0) == "d4"                                   # two falls in a row, no loop


# ---------------------------------------------------------------------- a card turned up under someone

def swept_onto(kind: str, spec: str = "") -> object:
    """Seat 0 steps onto a Waterfall at c3 pointing east and is swept onto the face-down
    ``kind`` at d3, where seat 1's shepherd already stands (thrown there earlier)."""
    return position(up={"b3": "cross", "c3": "waterfall e", **({"e3": spec} if spec else {})},
                    down={"d3": kind}, shepherds={0: "b3", 1: "d3"},
                    goats={0: "g5", 1: "g5"}, phase="act")


def test_gy_r28_gy_r21_a_cliff_turned_up_by_a_sweep_sends_home_whoever_already_stood_on_it():
    s = swept_onto("cliff")
    s.apply("step c3")
    assert card(s, "d3")[:2] == ("cliff", True)
    assert at(s, 0) == "a1" and at(s, 1) == "g7"              # both home, nobody stranded
    assert s.to_move == 1 and s.pending.kind == "roll"
    assert "fell off the Steep Cliff" in s.log[-1] and "Player 2" in s.log[-1]


def test_gy_r4_gy_r19_a_mineshaft_turned_up_by_a_sweep_sends_home_whoever_already_stood_on_it():
    s = swept_onto("mineshaft")
    s.apply("step c3")
    assert card(s, "d3")[:2] == ("mineshaft", True)
    assert at(s, 0) == "a1" and at(s, 1) == "g7"
    assert s.to_move == 1 and s.pending.kind == "roll"


def test_gy_r29_gy_x4_a_thicket_turned_up_by_a_sweep_costs_everyone_on_it_their_next_move():
    s = swept_onto("thicket")
    s.apply("step c3")
    assert at(s, 0) == "d3" == at(s, 1) and s.lost[0]
    assert s.to_move == 1 and s.pending.kind == "roll" and s.skipping    # seat 1's move is lost
    roll(s, "n")
    assert s.to_move == 0 and "stuck in the Thicket" in s.log[-1]


def test_gy_r29_gy_r21_a_waterfall_turned_up_by_a_sweep_sweeps_the_arrival_then_whoever_stood_on_it():
    s = swept_onto("waterfall", "cross")
    s.apply("step c3")
    assert s.pending.kind == "orient" and s.to_move == 0           # the one swept onto it lays it
    s.apply("orient e")
    assert at(s, 0) == "e3" == at(s, 1)                       # both carried east
    swept = [line for line in s.log if "swept east" in line]
    assert swept[-2].startswith("Player 1") and swept[-1].startswith("Player 2")
    assert s.to_move == 1 and s.pending.kind == "roll"


def test_gy_r29_the_other_cards_turned_up_by_a_sweep_leave_whoever_stood_on_them_in_place():
    # Coffee Bush, Wheat Field and the paths do nothing to those already there; a Ski Lift's
    # free ride is only for the one who turned it up (GY-R15)
    for kind in ("coffee", "wheat", "cross", "ski"):
        s = swept_onto(kind)
        s.apply("step c3")
        if kind == "ski":
            assert s.pending.kind == "lift" and s.to_move == 0
            s.apply("pass")
        assert at(s, 0) == "d3" == at(s, 1) and s.lost == [False, False], kind
        assert s.to_move == 1 and s.pending.kind == "roll", kind


def test_gy_r31_coffee_bush_two_rolls_for_a_goat_two_moves_for_a_shepherd():
    s = position(up={"c3": "coffee"}, goats={0: "c3"})
    assert pending(s)["rolls"] == 2
    roll(s, "e")
    assert s.pending.kind == "roll"
    roll(s, "e")
    assert goat_at(s, 0) == "e3" and s.pending.kind == "act"
    s = position(up={"b1": "coffee", "c1": "cross", "d1": "cross"}, shepherds={0: "b1"},
                 phase="act")
    assert pending(s)["coffee"]
    s.apply("step c1")
    assert s.pending.kind == "more" and "pass" in legal(s) and "step d1" in legal(s)
    s.apply("step d1")
    assert at(s, 0) == "d1" and s.to_move == 1
    # a Steep Cliff bounce ends the moving
    s = position(up={"b1": "coffee"}, down={"c1": "cliff"}, shepherds={0: "b1"}, phase="act")
    s.apply("step c1")
    assert at(s, 0) == "b1" and s.to_move == 1
    # a trip home ends it too
    s = position(up={"b1": "coffee", "c1": "mineshaft"}, shepherds={0: "b1"}, phase="act")
    s.apply("step c1")
    assert at(s, 0) == "a1" and s.to_move == 1


def test_gy_r32_a_goat_on_a_wheat_field_is_not_thrown_the_shepherd_shares():
    s = position(up={"b1": "cross", "c1": "wheat"}, shepherds={0: "b1"}, goats={1: "c1"},
                 phase="act")
    s.apply("step c1")
    assert at(s, 0) == "c1" == goat_at(s, 1) and s.to_move == 1


def test_gy_r33_small_points_landslide_runs_past_the_top_top_once_a_turn_wrap_routes_variants():
    # the Landslide skips the Top and houses and runs on (also in GY-R18); from a4 west:
    s = position(up={"b1": "cross", "f1": "cross"}, down={"c1": "landslide"},
                 shepherds={0: "b1", 1: "e1"}, phase="act")
    s.apply("step c1")
    s.apply("slide e")                                        # c1 d1 e1 f1; g1 is a house
    assert at(s, 1) == "g7" and at(s, 0) == "a1" and s.up[C("g1")] and not s.up[C("f1")]
    # arriving on the Top twice in one turn gives one reveal
    s = position(up={"d3": "coffee", "d5": "coffee", "d2": "cross"}, shepherds={0: "d3"},
                 goats={0: "g4", 1: "g4"}, phase="act")
    s.apply("step d4")
    s.apply("pass")                                           # no reveal wanted
    assert s.pending.kind == "more"
    s.apply("step d3")
    assert s.to_move == 1
    s = position(up={"d5": "coffee"}, down={"b2": "ski"}, shepherds={0: "d5"},
                 goats={0: "g4", 1: "g4"}, phase="act")
    s.apply("step d4")
    s.apply("reveal b2")                                      # a Ski Lift: a free ride...
    s.apply("lift b2")
    assert s.pending.kind == "more" and s.top_used
    s.apply("lift d4")                                        # ...and back to the Top
    assert s.to_move == 1                                     # one reveal a turn at most
    # an arrival by a push on your own turn counts: your goat shoves you onto the Top
    s = position(goats={0: "b4"}, shepherds={0: "c4"})
    roll(s, "e")
    assert at(s, 0) == "d4" and s.pending.kind == "reveal"
    # wrapping keeps the goat in its row
    s = position(goats={0: "a6"})
    roll(s, "w")
    assert goat_at(s, 0) == "g6"
    # routes are hints: the route may be long, the move is still one step
    s = position(up={"b1": "cross", "c1": "cross", "d1": "cross"}, shepherds={0: "a1"},
                 goats={0: "d1"}, phase="act")
    assert s.route(0) == ["a1", "b1", "c1", "d1"]
    refused(s, "step c1", "GY-R8")
    # card exits and house places are options
    s = position(exits={"coffee": "straight"}, up={"c3": "coffee ns"})
    assert card(s, "c3")[2] == "ns"
    with pytest.raises(VariantError) as err:
        new_game(exits={"coffee": "star"})
    assert err.value.rule == "GY-R33"


# ---------------------------------------------------------------------- our readings GY-X1 … GY-X12

def test_readings_are_listed_and_worded():
    assert sorted(OUR_READINGS, key=lambda k: int(k[4:])) == [f"GY-X{i}" for i in range(1, 14)]
    for rid in [f"GY-R{i}" for i in range(1, 34)] + list(OUR_READINGS):
        assert len(RULES[rid]) > 40


def test_gy_x1_only_a_step_throws_a_pushed_shepherd_shares_the_card():
    s = position(goats={0: "d4"}, shepherds={0: "f4", 1: "e4"})
    roll(s, "e")
    assert at(s, 1) == "f4" == at(s, 0) and s.pending.kind == "act"


def test_gy_x2_shepherds_are_thrown_before_goats_each_landing_settled_first():
    s = position(players=3, up={"c3": "cross", "d3": "cross", "e3": "thicket"},
                 shepherds={0: "c3", 2: "d3"}, goats={1: "d3"}, phase="act")
    s.apply("step d3")
    assert pending(s)["piece"] == "shepherd" and pending(s)["owner"] == 2
    s.apply("throw e3")
    assert s.lost[2]                                          # its landing was settled first
    assert pending(s)["piece"] == "goat" and "throw e3" not in legal(s)


def test_gy_x3_a_choice_with_one_answer_is_made_for_you():
    s = position(up={"b1": "straight ew"}, down={"c1": "straight"}, shepherds={0: "b1"},
                 phase="act")
    s.apply("step c1")
    assert card(s, "c1") == ("straight", True, "ew") and s.to_move == 1
    s = position(up={"d3": "straight ns"}, shepherds={0: "d3"}, goats={0: "g4", 1: "g4"},
                 phase="act", fill="cross")
    for cell in range(49):                                    # no face-down card left
        s.up[cell], s.arrows[cell] = True, (15 if s.cards[cell] != "straight" else 5)
    s.arrows[C("d3")] = 5
    s.paths = type(s.paths)(s.up, s.arrows)
    s.apply("step d4")
    assert s.to_move == 1                                     # nothing to reveal: skipped


def test_gy_x3_whether_a_seat_is_asked_depends_only_on_what_every_seat_sees():
    """Issue 23 item 8's pattern: a decision is taken for a seat only for reasons everyone
    can see. A face-down card next to a throw is a landing whatever it hides (a Steep Cliff
    too), so the thrower is asked, or not, the same way; the other seats' views match."""
    views = {}
    for hidden in ("cliff", "corner", "mineshaft"):
        for blocked in (False, True):
            s = position(players=3, up={"b1": "cross", "c1": "cliff"}, down={"b2": hidden},
                         shepherds={0: "a1", 1: "b1", 2: "a1" if blocked else "g7"},
                         goats={0: "g5", 1: "g5", 2: "g5"}, phase="act")
            s.apply("step b1")
            if blocked:                                       # one landing: taken for seat 0
                assert at(s, 1) == "b2" and not s.up[C("b2")] and s.to_move == 1
            else:
                assert s.pending.kind == "throw" and legal(s) == {"throw a1", "throw b2"}
            views.setdefault(blocked, []).append(s.view(2))
    for seen in views.values():
        assert all(v == seen[0] for v in seen)

def test_gy_x4_the_thicket_costs_the_next_move_even_when_entered_in_your_own_roll():
    s = position(up={"e4": "thicket"}, goats={0: "c4"}, shepherds={0: "d4"})
    roll(s, "e")                                              # own goat shoves onto the Thicket
    assert at(s, 0) == "e4" and s.lost[0] and s.pending.kind == "act"   # this move still happens
    s.apply(next(a for a in s.legal_actions() if a.kind == "rotate"))
    roll(s, "n")
    s.apply(next(a for a in s.legal_actions() if a.kind == "play"))
    while s.to_move == 1:
        s.apply(s.legal_actions()[0])
    roll(s, "n")
    assert s.to_move == 1                                     # the next turn's move is lost


def test_gy_x5_coffee_counts_where_the_piece_stands_when_its_part_begins():
    s = position(up={"b1": "cross", "c1": "coffee", "d1": "cross"}, shepherds={0: "b1"},
                 phase="act")
    s.apply("step c1")
    assert s.to_move == 1                                     # arrived on it: no second move
    s = position(up={"d3": "coffee"}, goats={0: "d4"})
    assert pending(s)["rolls"] == 1
    roll(s, "n")
    assert goat_at(s, 0) == "d3" and s.pending.kind == "act"      # moved onto it: still one roll


def test_gy_x6_a_free_ski_ride_is_extra_may_be_refused_and_enters_like_a_step():
    s = position(up={"b1": "coffee"}, down={"b2": "ski"}, shepherds={0: "b1", 1: "d4"},
                 goats={0: "g4", 1: "g4"}, phase="act")
    s.apply("step b2")
    s.apply("lift d4")                                        # throws the shepherd on the Top
    assert s.pending.kind == "throw" and pending(s)["owner"] == 1
    s.apply("throw d3")
    assert s.pending.kind == "reveal"
    s.apply("pass")
    assert s.pending.kind == "more"                                # the ride didn't use the move
    s = position(up={"b1": "cross"}, down={"b2": "ski"}, shepherds={0: "b1"}, phase="act")
    s.apply("step b2")
    s.apply("pass")
    assert at(s, 0) == "b2" and s.to_move == 1


def test_gy_x7_a_waterfall_revealed_by_stepping_may_point_any_way():
    s = position(up={"b1": "cross"}, down={"c1": "waterfall"}, shepherds={0: "b1"},
                 phase="act")
    s.apply("step c1")
    assert legal(s) == {"orient n", "orient e", "orient s", "orient w"}
    s.apply("orient s")
    assert at(s, 0) == "c2"


def test_gy_x8_two_catches_at_the_same_moment_share_the_win():
    s = position(hands={0: ["cross", "tee", "thicket"]}, shepherds={0: "c3", 1: "c3"},
                 goats={0: "c3", 1: "c3"}, down={"c3": "corner"}, phase="act")
    s.apply("play cross c3")
    assert s.is_over and s.winners == (0, 1) and s.scores == (1, 1)
    assert "share the win" in s.log[-1]


def test_gy_x9_turning_a_four_way_card_changes_nothing_and_is_how_you_pass():
    s = position(shepherds={0: "a1"}, phase="act")
    assert "rotate nesw" in legal(s)
    refused(s, "pass", "GY-X9", "can't pass")
    s.apply("rotate nesw")
    assert card(s, "a1")[2] == "nesw" and s.to_move == 1


@pytest.mark.parametrize("spec", ["cross", "coffee", "ski", "thicket", "wheat", None])
def test_gy_x9_every_four_way_card_can_be_turned_to_pass_in_a_late_four_player_game(spec):
    """The report: on a Crossroads late in a game no turn was offered, while a house offers
    one. Every face-up four-way card (Crossroads, the four open effect cards, the Top, a
    house) offers the same single turn, which changes nothing and ends the move."""
    where = "c3" if spec else "d4"
    up = {where: spec} if spec else {}
    s = position(players=4, names=["Ana", "Bo", "Cy", "Di"], up=up, shepherds={0: where},
                 goats={0: "f6"}, phase="act", turn=301, seed=9)
    rotations = {a for a in legal(s) if a.startswith("rotate")}
    assert rotations == {"rotate nesw"}
    refused(s, "pass", "GY-X9", "how you pass")
    assert str(s.parse_action("rotate cw")) == str(s.parse_action("rotate ccw")) == "rotate nesw"
    s.apply("rotate nesw")
    assert card(s, where)[2] == "nesw" and s.to_move == 1 and s.pending.kind == "roll"
    assert "underfoot: it points every way, so nothing changes (a pass)" in s.log[-1]


def test_gy_x9_a_face_down_card_cannot_be_turned_so_there_is_no_pass_there():
    """GY-R26: standing on a face-down card (even one that is a Crossroads) offers no turn,
    and the refusal of a pass says why instead of pointing at a turn."""
    s = position(shepherds={0: "c3"}, down={"c3": "cross"}, phase="act")
    assert "rotate" not in kinds(s)
    refused(s, "pass", "GY-X9", "face down", "GY-R26")
    refused(s, "rotate nesw", "GY-R26", "face down")


def test_gy_x9_turning_four_way_cards_is_offered_wherever_play_puts_the_shepherd():
    """In random games of every size, a shepherd on any face-up four-way card may turn it
    (the pass), and nowhere else is a turn that changes nothing offered."""
    seen = Counter()
    for g in range(12):
        rng = random.Random(g)
        s = new_game(players=2 + g % 3, seed=g)
        while not s.is_over and s.turn < 250:
            if s.pending.kind == "act":
                here = s.shepherds[s.to_move]
                turns = {a for a in legal(s) if a.startswith("rotate")}
                if s.up[here] and s.arrows[here] == 15:
                    assert turns == {"rotate nesw"}, (s.cards[here], turns)
                    seen[s.cards[here]] += 1
                elif not s.up[here]:
                    assert not turns
                else:
                    assert "rotate " + card(s, cell_id(here))[2] not in turns
            s.apply(rng.choice(s.legal_actions()))
    assert seen["house"] and seen["cross"]


def test_gy_x10_a_goat_pushes_every_shepherd_on_the_card():
    s = position(players=3, goats={2: "d4"}, shepherds={0: "e4", 1: "e4"}, to_move=2)
    roll(s, "e")
    assert at(s, 0) == at(s, 1) == "f4" and goat_at(s, 2) == "d4"


def test_gy_x11_an_advantage_card_may_go_under_any_piece_even_your_own_shepherd():
    s = position(hands={0: ["cross", "tee", "thicket"]}, shepherds={0: "c3"}, goats={1: "c3"},
                 down={"c3": "corner"}, phase="act")
    assert "play thicket c3" in legal(s)
    s.apply("play thicket c3")
    assert s.lost[0] and goat_at(s, 1) == "c3"


def test_gy_x12_fog_clears_cards_under_goats_and_leaves_even_under_its_revealer():
    s = position(up={"c3": "cross", "b1": "corner es"}, down={"c4": "fog"},
                 shepherds={0: "c3"}, goats={1: "b1"}, phase="act")
    s.apply("step c4")
    assert not s.up[C("b1")] and goat_at(s, 1) == "b1"
    assert not s.up[C("c4")] and at(s, 0) == "c4"
    graph_in_step(s)
    conserved(s)


# ---------------------------------------------------------------------- path graph tests

def test_path_a_rotation_opens_a_route_and_another_closes_it():
    s = position(up={"b1": "straight ns", "c1": "cross"}, shepherds={0: "b1"},
                 goats={0: "c1"}, phase="act")
    assert s.route(0) is None and not s.graph.has_edge(C("b1"), C("c1"))
    s.apply("rotate ew")
    assert s.route(0) == ["b1", "c1"] and "c1" in s.reachable(0)
    graph_in_step(s)
    roll(s, "n")                                              # seat 1's turn
    s.apply(next(a for a in s.legal_actions() if a.kind == "rotate"))
    roll(s, "n")                                              # seat 0's goat: c1 -> c7
    s = position(up={"b1": "straight ew", "c1": "cross"}, shepherds={0: "b1"},
                 goats={0: "c1"}, phase="act")
    assert s.route(0) == ["b1", "c1"]
    s.apply("rotate ns")
    assert s.route(0) is None and not s.graph.has_edge(C("b1"), C("c1"))
    graph_in_step(s)


def test_path_the_route_networkx_returns_is_the_expected_one():
    up = {"b1": "straight ew", "c1": "corner sw", "c2": "straight ns", "c3": "corner ne",
          "d3": "tee esw", "e3": "straight ew", "f3": "cross", "d2": "cross"}
    s = position(up=up, shepherds={0: "a1"}, goats={0: "f3"}, phase="act")
    expected = ["a1", "b1", "c1", "c2", "c3", "d3", "e3", "f3"]
    assert s.route(0) == expected
    # the same answer from a graph the test builds itself from the printed arrows
    own = nx.Graph()
    arrows = {x: (15 if x in ("a1", "d4") else text_mask(v.split()[-1]) if " " in v else 15)
              for x, v in {**up, "a1": "house", "d4": "top"}.items()}
    for x, m in arrows.items():
        for d, (dr, dc) in {"e": (0, 1), "s": (1, 0)}.items():
            y = cell_id(C(x) + dr * 7 + dc) if C(x) % 7 + dc < 7 else None
            if y in arrows and m & BIT[d] and arrows[y] & BIT[OPPOSITE[d]]:
                own.add_edge(x, y)
    assert nx.shortest_path(own, "a1", "f3") == expected
    assert s.path_graph().has_edge("c3", "d3") and s.path_graph().nodes["c3"]["card"] == "corner"
    assert set(s.reachable(0)) == set(nx.node_connected_component(own, "a1")) - {"a1"}
    assert s.view(0)["route"] == expected and s.view(1)["route"] is None


def test_path_fog_and_landslide_leave_the_kept_graph_equal_to_a_rebuilt_one():
    s = position(up={"b1": "straight ew", "c1": "corner sw", "c2": "straight ns",
                     "c3": "cross", "d3": "cross", "e3": "cross"}, down={"c4": "fog"},
                 shepherds={0: "c3"}, phase="act")
    assert s.graph.number_of_edges() > 4
    s.apply("step c4")
    graph_in_step(s)
    assert s.graph.number_of_edges() == 0 and not s.up[C("c4")]   # every path card cleared
    s = position(up={"b4": "cross", "c4": "cross", "e4": "cross", "f4": "cross",
                     "e3": "cross", "e5": "cross"}, down={"a4": "landslide"},
                 shepherds={0: "b4"}, phase="act")
    s.apply("step a4")
    s.apply("slide e")
    graph_in_step(s)
    assert not s.graph.has_edge(C("d4"), C("e4")) and s.graph.has_edge(C("e3"), C("e4")) is False
    conserved(s)


# ---------------------------------------------------------------------- view, notation, saves

def test_view_is_small_json_and_hides_face_down_cards_other_hands_and_the_deck():
    s = new_game(players=4, seed=3)
    bot = make_bot("random", seed=1)
    for _ in range(60):
        if s.is_over:
            break
        s.apply(bot.choose(s, s.deciders[0]), seat=s.deciders[0])
    for seat in (None, 0, 1, 2, 3):
        text = json.dumps(s.view(seat))
        assert len(text) < 20_000
    view = s.view(1)
    assert view["hand"] == s.hands[1] and view["hands"] == [3, 3, 3, 3]
    for c, cell in zip(range(49), view["cells"]):
        assert (set(cell) == {"id", "row", "col", "up"} or c in FIXED) if not s.up[c] else \
            cell["card"] == s.cards[c]
    assert "hand" not in s.view(None) and "route" not in s.view(None)


def test_redeal_is_canonical_and_keeps_what_the_seat_sees():
    s = new_game(players=3, seed=8)
    bot = make_bot("random", seed=2)
    for _ in range(40):
        s.apply(bot.choose(s, s.deciders[0]), seat=s.deciders[0])
    a = s.redealt(0, random.Random(1))
    shuffled = s.clone()
    shuffled._redeal_hidden(0, random.Random(99))             # another arrangement...
    b = shuffled.redealt(0, random.Random(1))                 # ...re-deals the same way
    assert a._get_data() == b._get_data() and a.decks["deck"].pile == b.decks["deck"].pile
    assert a.view(0) == s.view(0) and a.hands[0] == s.hands[0]
    check_information(s, 0, random.Random(4))
    conserved(a)


def test_notation_round_trips_and_bad_text_is_refused():
    for text in ("roll", "pass", "goat e", "step d3", "lift d4", "play tee c3", "rotate es",
                 "orient nes", "throw c5", "slide w", "reveal b6"):
        action = game.parse_action(text)
        assert str(action) == text and action.to_dict()["text"] == text
    assert game.parse_action("play steep cliff b2").card == "cliff"
    assert game.parse_action("orient SEN").arrows == "nes"
    for bad in ("", "step", "step h9", "step d3 d4", "orient xyz", "orient nn", "play tee",
                "play unicorn c3", "goat up", "dance"):
        with pytest.raises(ActionParseError):
            game.parse_action(bad)
    with pytest.raises(ActionParseError):
        game.Action("step", cell="D3")


# ---------------------------------------------------------------------- wrong types


WRONG = [None, HUGE, -1, True, 1.5, "x", "a\ud800", {"x": 1}, [None], list(range(100_001))]


def test_text_and_actions_of_the_wrong_type_raise_the_games_parse_error():
    for bad in (None, 5, 1.5, [], {}, b"roll", "step a\ud800"):
        with pytest.raises(ActionParseError):
            game.parse_action(bad)
        with pytest.raises(ActionParseError):
            new_game(seed=1).parse_action(bad)
    for fields in ({"kind": 5}, {"kind": None}, {"kind": []}, {"kind": "\ud800"},
                   {"kind": "step", "cell": 5}, {"kind": "step", "cell": ["d3"]},
                   {"kind": "play", "cell": "c3", "card": {}}, {"kind": "goat", "dir": 1.5},
                   {"kind": "orient", "arrows": 5}, {"kind": "roll", "cell": "d3"}):
        with pytest.raises(ActionParseError):
            game.Action(**fields)


@pytest.mark.parametrize("option", ["cards", "die", "exits", "houses", "first", "max_turns"])
def test_every_variant_of_the_wrong_type_is_refused_by_name(option):
    for bad in WRONG + [{"tee": HUGE}, {"coffee": []}, {"n": 1.5}, ["nw", []], ["nw", {}]]:
        if bad is None and option in ("houses", "first"):
            continue                                        # None: the default
        with pytest.raises(VariantError) as err:
            new_game(seed=1, **{option: bad})
        assert option in str(err.value), (option, str(err.value))


def test_the_board_questions_refuse_a_seat_that_is_not_one():
    s = position(up={"b1": "cross"}, goats={0: "b1"})
    for ask in (s.route, s.reachable, s.step_targets, s.lift_targets):
        for bad in ("0", 2, -1, True, 1.5, None, HUGE):
            with pytest.raises(VariantError) as err:
                ask(bad)
            assert err.value.rule == "seat" and "seat" in str(err.value)
    assert s.route(0) == ["a1", "b1"] and s.reachable(1) == []

def test_variants_never_read_a_file_or_an_address(monkeypatch, tmp_path):
    import builtins
    import io
    import os
    import urllib.request

    def refuse(*args, **kwargs):
        raise AssertionError(f"a variant opened {args[:1]}")

    path = tmp_path / "cards.json"
    path.write_text(json.dumps({"tee": 20}))
    for module, name in ((builtins, "open"), (io, "open"), (os, "open"),
                         (urllib.request, "urlopen")):
        monkeypatch.setattr(module, name, refuse)
    for option in ("cards", "die", "exits", "houses"):
        for where in (str(path), path, "https://example.com/cards.json", "/dev/zero"):
            with pytest.raises(VariantError):
                new_game(seed=1, **{option: where})


# ---------------------------------------------------------------------- property run

@pytest.mark.parametrize("players", [2, 3, 4])
def test_seeded_games_keep_every_rule_of_the_engines_battery(players):
    results = [play_checked(game, players, seed) for seed in range(5)]
    assert all(set(r["winners"]) <= set(range(players)) for r in results)
    assert sum(r["redeals_changed"] for r in results) > 0


# ---------------------------------------------------------------------- classroom words (issue 24)

def headlines(s, seat=None) -> list[str]:
    return [line for line, top in s.log_entries_for(seat) if top]


def test_words_dense_fog_counts_agree_none_one_many_gy_r17():
    """Issue 24 item 8: "0 face-up cards … were replaced", "1 face-up card … were replaced"."""
    none = position(down={"b1": "fog"}, phase="act", names=["You", "Bo"])
    none.apply("step b1")
    line = next(x for x in none.log if x.startswith("Dense Fog!"))
    assert line.startswith("Dense Fog! No face-up card") and "0 " not in line
    one = position(down={"b1": "fog"}, up={"c3": "cross"}, phase="act", names=["You", "Bo"])
    one.apply("step b1")
    line = next(x for x in one.log if x.startswith("Dense Fog!"))
    assert "1 face-up card went back into the deck and was replaced face down" in line
    many = position(down={"b1": "fog"}, up={"c3": "cross", "e5": "cross"}, phase="act")
    many.apply("step b1")
    line = next(x for x in many.log if x.startswith("Dense Fog!"))
    assert "2 face-up cards went back into the deck and were replaced face down" in line
    assert line in headlines(many)


def test_words_a_landslide_says_what_it_took_and_who_went_home_gy_r18():
    """West of b1 lies only a house: the Landslide takes itself alone, and says so; the
    shepherd standing on it goes home (GY-R18), and the line says why."""
    s = position(down={"b1": "landslide"}, phase="act", names=["You", "Bo"])
    s.apply("step b1")
    s.apply("slide w")
    said = " ".join(s.log[-2:])
    assert "only the Landslide itself went back into the deck and was replaced face down" in said
    assert "Your shepherd was caught in the Landslide and went home." in s.log
    assert at(s, 0) == "a1"
    s = position(down={"b1": "landslide"}, phase="act", names=["Ana", "Bo"])
    s.apply("step b1")
    s.apply("slide s")
    assert ("Ana sends the Landslide south: the Landslide and 6 cards beyond it went back into "
            "the deck and were replaced face down.") in s.log
    assert {"Ana's shepherd was caught in the Landslide and went home.",
            "Ana sends the Landslide south: the Landslide and 6 cards beyond it went back into "
            "the deck and were replaced face down."} <= set(headlines(s))


def test_words_the_thicket_line_names_its_seat_once_gy_r16():
    s = position(up={"b1": "thicket"}, phase="act", names=["Bo", "You"])
    s.apply("step b1")
    assert s.log[-1] == "Bo is caught in the Thicket and will miss their next move."
    s = position(up={"b1": "thicket"}, phase="act", names=["You", "Bo"])
    s.apply("step b1")
    assert s.log[-1] == "You are caught in the Thicket and will miss your next move."


@pytest.mark.parametrize("names", [["Ana", "Bo"], ["You", "Bo"]])
def test_words_a_card_from_the_hand_reads_right_for_every_reader_gy_r11(names):
    """"You play … and takes that card into their hand", "Ana plays … from Ana's hand"."""
    s = position(hands={0: ["cross", "tee", "thicket"]}, down={"c3": "mineshaft"},
                 phase="act", names=names)
    s.apply("play tee c3")
    you = names[0] == "You"
    assert s.log_for(1)[-1] == (
        f"{names[0]} {'play' if you else 'plays'} a T path from {'your' if you else 'their'} "
        f"hand onto a face-down card and {'take' if you else 'takes'} that card into "
        f"{'your' if you else 'their'} hand, unseen by the others.")
    assert s.log_for(0)[-1] == ("You play a T path from your hand onto a face-down card and "
                                "take that card into your hand: a Mineshaft.")


def test_words_the_goat_line_says_the_roller_once_and_starts_with_a_capital_gy_r10():
    s = position(goats={0: "c2"}, shepherds={0: "c3"}, down={"c4": "cross"},
                 names=["Ana", "Bo"])
    roll(s, "s")
    assert s.log[-1] == "Ana rolled South: their goat bumped into their own shepherd, pushing it south."
    s = position(goats={0: "c2"}, names=["You", "Bo"])
    roll(s, "choice")
    assert s.log[-1] == "You rolled Roller's choice and choose which way your goat goes."
    s.apply("goat e")
    assert s.log[-1] == "Your goat wandered east."
    s = position(up={"c3": "wheat"}, goats={0: "c3"}, names=["You", "Bo"])
    roll(s, "choice")
    s2 = position(up={"c3": "wheat"}, goats={0: "c3"}, names=["Ana", "Bo"], to_move=0)
    s2.preset(die=["e"])
    s2.apply("roll")
    assert s2.log[-1] == "Ana rolled East: their goat keeps eating on the Wheat Field."
    assert s.log[-1] == "Your goat keeps eating on the Wheat Field."     # steered: no choice


def test_words_turning_the_card_underfoot_never_calls_it_yours_gy_x9():
    s = position(phase="act", names=["Bo", "Ana"])
    s.apply("rotate nesw")
    assert s.log[-1] == "Bo turns the house underfoot: it points every way, so nothing changes " \
                        "(a pass)."
    s = position(phase="act", up={"b1": "straight ew"}, shepherds={0: "b1"}, names=["You", "Bo"])
    s.apply("rotate ns")
    assert s.log[-1] == "You turn the card underfoot: its arrows now point north and south."


def test_words_a_reveal_from_the_top_keeps_you_lower_case_mid_sentence_gy_r14():
    s = position(shepherds={0: "d3"}, up={"d3": "cross"}, down={"b6": "straight"},
                 goats={0: "g5", 1: "g5"}, phase="act", names=["You", "Bo"])
    s.apply("step d4")
    s.apply("reveal b6")
    assert "You turn up a card from the Top of the Mountain: a Straight path." in s.log


def test_words_every_line_with_a_name_reads_right_in_random_games():
    """Any seat called "You": no "You wants", no lower-case start, no name said twice."""
    import re
    bad = [re.compile(r"\bYou (?:is|was|has|plays|takes|turns|sends|rolls|reveals|throws)\b"),
           re.compile(r"^[a-z]"), re.compile(r"\b(Ana|Bo|Cy)\b.*\b\1's\b"),
           re.compile(r"\b1 [a-z-]+ cards?\b.* were\b"), re.compile(r"\b0 [a-z-]+ cards\b")]
    found = set()
    for seed in range(12):
        players = 2 + seed % 3
        names = ["You", "Ana", "Bo", "Cy"][:players]
        names = names[seed % players:] + names[:seed % players]
        s = new_game(players=players, seed=seed, names=names)
        bots = [make_bot("greedy" if (i + seed) % 2 else "random", seed=i) for i in range(players)]
        while not s.is_over:
            seat = s.deciders[0]
            s.apply(bots[seat].choose(s, seat), seat=seat)
        for seat in (None, *range(players)):
            for line in s.log_for(seat) + [s.prompt_for(seat)]:
                found |= {line for pattern in bad if pattern.search(line)}
    assert not found, sorted(found)[:10]


# ---------------------------------------------------------------------- what just happened (item 6)

def test_headlines_a_win_a_trip_home_a_throw_and_the_cards_that_clear_the_board():
    s = position(up={"b2": "cross", "c2": "tee esw"}, shepherds={0: "b2"}, goats={0: "c2"},
                 phase="act", names=["You", "Bo"])
    s.apply("step c2")
    assert headlines(s) == ["You catch your goat and win!"]
    s = position(up={"b1": "straight ns"}, down={"b2": "mineshaft"}, shepherds={0: "b1"},
                 phase="act", names=["You", "Bo"])
    s.apply("step b2")
    assert headlines(s) == ["Your shepherd fell down the Mineshaft and went home."]
    s = position(up={"b2": "cross", "c2": "straight ew"}, shepherds={0: "b2", 1: "c2"},
                 phase="act", names=["You", "Bo"])
    s.apply("step c2")
    s.apply("throw c1")
    assert headlines(s) == ["You throw Bo's shepherd north."]
    s = position(goats={0: "d4"}, names=["You", "Bo"])
    roll(s, "e")
    assert headlines(s) == []                               # an ordinary roll is no headline


def test_public_action_every_kind_is_seen_by_everyone_and_never_names_the_card_taken():
    """Issue 24 item 6: in Grab Your Goat! what a seat does is seen by all (rolls, steps,
    rides, turns, throws, slides, reveals); a card played from the hand is laid face up
    (GY-R11), and the card taken in exchange is not in the action at all."""
    kinds, seen = set(), 0
    for seed in range(8):
        s = new_game(players=3, seed=seed)
        bots = [make_bot("random", seed=seed * 3 + i) for i in range(3)]
        while not s.is_over and len(s.history) < 300:
            seat = s.deciders[0]
            s.apply(bots[seat].choose(s, seat), seat=seat)
        for entry in s.history:
            action = s.parse_action(entry["action"])
            kinds.add(action.kind)
            for viewer in (None, 0, 1, 2):
                assert s.public_action(entry, viewer) == action
            if action.kind == "play":
                seen += 1
                assert set(entry["action"].split()[1:]) == {action.card, action.cell}
    assert kinds >= {"roll", "goat", "step", "play", "rotate", "orient", "throw", "slide",
                     "reveal"}, kinds
    assert seen


def test_just_now_shows_a_bots_move_on_the_board_and_marks_the_headline():
    from goatwidgets import GrabYourGoat
    w = GrabYourGoat(state=position(up={"b1": "straight ns"}, down={"b2": "mineshaft"},
                                    shepherds={0: "b1"}, phase="act", names=["You", "Bo"]),
                     bots={1: "greedy"})
    w.play("step b2")
    lines = w.last_move["lines"]          # in the order it happened (issue 34 item 8)
    assert lines[:3] == ["Your shepherd stepped south onto a face-down card.",
                         "It is a Mineshaft.",
                         "Your shepherd fell down the Mineshaft and went home."]
    assert 2 in w.last_move["headlines"]
    bot = [e["action"] for e in w.state.history if e["seat"] == 1]
    assert bot and [a["text"] for a in w.last_move["actions"]] == ["step b2", *bot]


def test_view_words_name_pieces_houses_and_the_thicket_for_any_name():
    """The board's labels come from Python: "your shepherd", not "shepherd of You"."""
    s = position(players=3, names=["Ana", "You", "Bo"], lost=[0, 1], to_move=2)
    words = s.view(None)["words"]
    assert words["shepherds"] == ["Ana's shepherd", "your shepherd", "Bo's shepherd"]
    assert words["goats"] == ["Ana's goat", "your goat", "Bo's goat"]
    assert words["houses"] == ["Ana's house", "your house", "Bo's house"]
    assert words["stuck"] == "Ana and you will miss the next move (the Thicket)."
    one = position(names=["You", "Bo"], lost=[0], to_move=1).view(1)["words"]
    assert one["stuck"] == "You will miss your next move (the Thicket)."
    assert position(names=["You", "Bo"]).view(0)["words"]["stuck"] == ""


def test_the_saved_picture_names_cards_as_the_board_and_the_lesson_do():
    """Issue 24 item 8: one name per card everywhere ("Mineshaft", not "Mine" in the picture
    a saved notebook shows and "Mineshaft" in the step text)."""
    import re
    from goatwidgets.widgets.grab_your_goat import picture
    from goatwidgets.games.grab_your_goat.cards import NAMES
    kinds = ("coffee", "ski", "thicket", "wheat", "mineshaft", "cliff", "waterfall")
    s = position(up={"b2": "coffee", "c2": "ski", "d2": "thicket", "e2": "wheat",
                     "b3": "mineshaft", "c3": "cliff", "d3": "waterfall s"}, names=["You", "Bo"])
    printed = " ".join(re.findall(r"<text[^>]*>([^<]*)</text>", picture(s.view(None))))
    cards = re.sub(r"\b[SG]\b", "", printed).split()      # without the pieces' S and G
    assert " ".join(cards) == " ".join([NAMES[k] for k in kinds] + ["Top"]), printed
