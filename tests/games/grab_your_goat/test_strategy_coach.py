"""Grab Your Goat! bots and coach: the walk costs, the heuristic's terms and the quick
choice's rules of thumb ``strategy.py`` gives, then the coach's reasons (``coach.proven``) on
real positions built with ``grab_your_goat.position``, checked against the rulings they lean
on (``../shared/rules/grab_your_goat.rulings.md``) and against what the seat may know.
"""

from __future__ import annotations

import random

from goatwidgets.engine.coach import proven
from goatwidgets.games.grab_your_goat import position
from goatwidgets.games.grab_your_goat import strategy

from .helpers import C, at, quick, roll


# ---------------------------------------------------------------------- the bots' sense of the game (issue 26)


def test_bots_walk_costs_count_face_down_cards_dearer_and_stop_at_arrows_that_miss():
    from goatwidgets.games.grab_your_goat.board import DOWN, step_cost, walk_costs
    s = position(up={"b1": "straight ew", "c1": "corner sw", "e1": "corner ne"},
                 shepherds={0: "a1"})
    dist = walk_costs(s.up, s.arrows, s.cards, C("a1"), [C("c2")])
    assert dist[C("b1")] == 1.0 and dist[C("c1")] == 2.0          # face-up, arrows meet
    assert dist[C("c2")] == 2.0 + DOWN                             # then a face-down card
    assert step_cost(s.up, s.arrows, s.cards, C("d1"), "e", C("e1")) is None   # no arrow back
    assert C("e1") not in walk_costs(s.up, s.arrows, s.cards, C("a1"), [C("e1")]) or \
        walk_costs(s.up, s.arrows, s.cards, C("a1"))[C("e1")] > 4 * DOWN


def test_bots_heuristic_nearer_the_goat_is_better_and_a_finished_game_is_1000():
    near = position(shepherds={0: "b2"}, goats={0: "d2"}, fill="cross", to_move=1)
    far = position(shepherds={0: "a1"}, goats={0: "d2"}, fill="cross", to_move=1)
    assert near.heuristic(0) > far.heuristic(0) and near.heuristic(1) < far.heuristic(1)
    s = position(up={"b2": "cross", "c2": "tee esw"}, shepherds={0: "b2"}, goats={0: "c2"},
                 phase="act")
    s.apply("step c2")
    assert (s.heuristic(0), s.heuristic(1)) == (1000.0, -1000.0)


def test_bots_heuristic_next_to_the_goat_before_its_roll_is_worse_than_two_cards_away():
    """The roll takes the goat off a neighbour (a step and a goat's move both change a card's
    colour): a shepherd of the wrong colour needs a turn without a step first."""
    next_to = position(shepherds={0: "c2"}, goats={0: "d2"}, fill="cross", to_move=1)
    two_away = position(shepherds={0: "b2"}, goats={0: "d2"}, fill="cross", to_move=1)
    assert two_away.heuristic(0) > next_to.heuristic(0)


def test_bots_heuristic_a_goat_held_by_a_wheat_field_is_caught_next_move():
    held = position(up={"c2": "wheat"}, shepherds={0: "b2"}, goats={0: "c2"}, to_move=1)
    free = position(up={"c2": "cross"}, shepherds={0: "b2"}, goats={0: "c2"}, to_move=1)
    assert strategy._turns_to_catch(held, 0) == 0.0 < strategy._turns_to_catch(free, 0)


def test_bots_heuristic_a_move_to_miss_costs_a_turn_and_the_seat_to_move_is_ahead():
    lost = position(shepherds={0: "b2"}, goats={0: "d2"}, to_move=1, lost=[0])
    free = position(shepherds={0: "b2"}, goats={0: "d2"}, to_move=1)
    assert strategy._turns_to_catch(lost, 0) >= strategy._turns_to_catch(free, 0) + 1
    s = position(to_move=0)                                     # a mirror image but the turn
    assert s.heuristic(0) == -s.heuristic(1) > 0


def test_bots_heuristic_judges_at_the_next_roll_a_card_just_turned_up_is_laid_first():
    s = position(down={"b1": "tee"}, shepherds={0: "a1"}, goats={0: "d1"}, phase="act")
    s.apply("step b1")
    assert s.pending.kind == "orient" and at(s, 0) == "a1"
    laid = s.clone()
    laid.apply(laid.quick_choice(0, random.Random(0)), seat=0)
    assert at(laid, 0) == "b1" and laid.pending.kind == "roll"
    assert s.heuristic(0) == laid.heuristic(0) and s.heuristic(1) == laid.heuristic(1)


def test_bots_quick_choice_steers_the_goat_next_to_its_shepherd_never_onto_it():
    s = position(shepherds={0: "b2"}, goats={0: "d2"}, fill="cross")
    roll(s, "choice")
    assert quick(s) == "goat w"                                  # to c2, next to b2
    s = position(shepherds={0: "g4"}, goats={0: "f4"}, fill="cross")
    roll(s, "choice")
    assert quick(s) != "goat e"                      # onto g4: pushed off the board, home


def test_bots_quick_choice_takes_the_catch():
    s = position(up={"b2": "cross", "c2": "cross"}, shepherds={0: "b2"}, goats={0: "c2"},
                 phase="act")
    assert quick(s) == "step c2"


def test_bots_quick_choice_walks_when_the_colour_is_right_and_waits_when_it_is_wrong():
    # the goat three cards away just after its roll: step towards it
    s = position(shepherds={0: "a1"}, goats={0: "d1"}, hands={0: ["tee", "cliff", "fog"]},
                 phase="act")
    assert quick(s) == "step b1"
    # two cards away: a turn without a step, laying the T on the way
    s = position(shepherds={0: "a1"}, goats={0: "c1"}, hands={0: ["tee", "cliff", "fog"]},
                 phase="act")
    assert quick(s) == "play tee b1"
    s = position(shepherds={0: "a1"}, goats={0: "c1"}, hands={0: ["fog", "cliff", "mineshaft"]},
                 phase="act")
    assert quick(s) == "rotate nesw"                             # a house turns as a pass


def test_bots_quick_choice_lays_a_card_it_enters_towards_the_goat():
    s = position(down={"b1": "tee"}, shepherds={0: "a1"}, goats={0: "b3"}, phase="act")
    s.apply("step b1")
    assert "s" in quick(s).split()[1] and "w" in quick(s).split()[1]
    s = position(down={"b1": "waterfall"}, shepherds={0: "a1"}, goats={0: "d1"}, phase="act")
    s.apply("step b1")
    assert quick(s) == "orient e"                                # swept on towards the goat


def test_bots_quick_choice_lays_a_card_from_afar_across_the_others_way():
    s = position(shepherds={0: "a1", 1: "g7"}, goats={0: "a3", 1: "d7"},
                 hands={0: ["straight", "cliff", "fog"]}, phase="act")
    s.apply("play straight f7")
    assert quick(s) == "orient ns"                               # g7 can't step west onto it


def test_bots_quick_choice_throws_the_others_goat_far_from_its_shepherd():
    from goatwidgets.games.grab_your_goat.board import walk_costs
    s = position(up={"b2": "cross", "c2": "cross"}, shepherds={0: "b2", 1: "e2"},
                 goats={0: "a5", 1: "c2"}, phase="act")
    s.apply("step c2")
    assert s.pending.kind == "throw"
    dist = walk_costs(s.up, s.arrows, s.cards, C("e2"))
    chosen = quick(s).split()[1]
    assert dist[C(chosen)] == max(dist[C(a.cell)] for a in s.legal_actions())


def test_bots_quick_choice_sends_a_landslide_through_another_shepherd():
    s = position(down={"c3": "landslide"}, up={"c2": "cross"}, shepherds={0: "c2", 1: "c6"},
                 goats={0: "a5", 1: "a6"}, phase="act")
    s.apply("step c3")
    assert s.pending.kind == "slide" and quick(s) == "slide s"


def test_bots_quick_choice_reveals_from_the_top_the_card_next_on_the_way():
    s = position(up={"d3": "straight ns"}, shepherds={0: "d3"}, goats={0: "f4", 1: "a7"},
                 phase="act")
    s.apply("step d4")
    assert s.pending.kind == "reveal" and quick(s) == "reveal e4"


def test_bots_quick_choice_rides_a_free_lift_only_towards_the_goat():
    s = position(down={"b1": "ski"}, shepherds={0: "a1"}, goats={0: "d3", 1: "a7"},
                 phase="act")
    s.apply("step b1")                                    # a Ski Lift lies one way only
    assert s.pending.kind == "lift" and quick(s) == "lift d4"
    s = position(down={"b1": "ski"}, shepherds={0: "a1"}, goats={0: "c1", 1: "a7"},
                 phase="act")
    s.apply("step b1")
    assert s.pending.kind == "lift" and quick(s) == "pass"


# ------------------------------------------------------------------ the coach's reasons (issue 27)
# Each kind of reason the coach gives is proven on copies re-dealt from the seat's
# information (coach.proven) and checked here against the rules model on the real position.


def _route_steps(state, seat):
    route = state.route(seat)
    return None if route is None else len(route) - 1


def test_coach_a_step_onto_the_goat_is_a_catch():
    s = position(up={"b1": "straight ew", "c1": "cross"}, shepherds={0: "b1"}, goats={0: "c1"},
                 phase="act", names=["You", "Bo"])
    reasons = proven(s, 0, "step c1")
    assert [(r.kind, r.text, r.ruling) for r in reasons] == [
        ("catch", "catches your goat", "GY-R13"), ("wins", "wins the game", None)]
    after = s.clone()
    after.apply("step c1")
    assert after.winners == (0,) and after.shepherds[0] == after.goats[0] == C("c1")


def test_coach_a_card_played_that_opens_a_path_to_the_goat():
    s = position(down={"b1": "corner"}, up={"c1": "cross"}, goats={0: "c1"}, phase="act",
                 hands={0: ["straight", "cliff", "tee"]}, names=["Ana", "Bo"])
    assert s.route(0) is None
    (reason,) = proven(s, 0, "play straight b1")
    assert (reason.kind, reason.ruling) == ("path", "GY-R6")
    assert reason.text == ("opens a path of 2 steps between Ana's shepherd and goat, "
                           "laid the best way")
    after = s.clone()
    after.apply("play straight b1")
    assert after.pending.kind == "orient"
    after.apply("orient ew")
    assert after.route(0) == ["a1", "b1", "c1"]


def test_coach_a_quarter_turn_that_opens_a_path():
    s = position(up={"b1": "straight ns", "c1": "cross"}, shepherds={0: "b1"}, goats={0: "c1"},
                 phase="act", names=["You", "Bo"])
    (reason,) = proven(s, 0, "rotate ew")
    assert (reason.kind, reason.text) == ("path", "opens a path of 1 step between your "
                                                  "shepherd and goat")
    after = s.clone()
    after.apply("rotate ew")
    assert _route_steps(s, 0) is None and _route_steps(after, 0) == 1


def test_coach_a_step_along_the_path_shortens_it():
    s = position(up={"b1": "straight ew", "c1": "straight ew", "d1": "cross"}, goats={0: "d1"},
                 phase="act", names=["You", "Bo"])
    reasons = proven(s, 0, "step b1")
    assert [(r.kind, r.text, r.ruling) for r in reasons] == [
        ("nearer", "shortens the path between your shepherd and goat from 3 to 2 steps",
         "GY-R6")]
    after = s.clone()
    after.apply("step b1")
    assert (_route_steps(s, 0), _route_steps(after, 0)) == (3, 2)


def test_coach_a_turn_that_cuts_a_rivals_path():
    s = position(up={"c1": "cross", "d1": "straight ew", "e1": "cross"},
                 shepherds={0: "d1", 1: "c1"}, goats={0: "a5", 1: "e1"}, phase="act",
                 names=["Ana", "You"])
    reasons = proven(s, 0, "rotate ns")
    assert [(r.kind, r.text, r.ruling) for r in reasons] == [
        ("block", "cuts the path between your shepherd and goat", "GY-R6")]
    after = s.clone()
    after.apply("rotate ns")
    assert s.route(1) == ["c1", "d1", "e1"] and after.route(1) is None


def test_coach_a_turn_that_lengthens_a_rivals_path():
    s = position(up={"c1": "tee esw", "d1": "straight ew", "e1": "tee esw", "c2": "corner ne",
                     "d2": "straight ew", "e2": "corner nw"},
                 shepherds={0: "d1", 1: "c1"}, goats={0: "a5", 1: "e1"}, phase="act",
                 names=["Ana", "Bo"])
    reasons = proven(s, 0, "rotate ns")
    assert [(r.kind, r.text) for r in reasons] == [
        ("block", "lengthens the path between Bo's shepherd and goat from 2 to 4 steps")]
    after = s.clone()
    after.apply("rotate ns")
    assert (_route_steps(s, 1), _route_steps(after, 1)) == (2, 4)


def test_coach_entering_the_top_of_the_mountain_earns_its_reveal():
    s = position(up={"d3": "straight ns"}, shepherds={0: "d3"}, goats={0: "f6", 1: "a7"},
                 phase="act", names=["You", "Bo"])
    reasons = proven(s, 0, "step d4")
    assert ("top", "lets you turn up any face-down card from the Top of the Mountain",
            "GY-R14") in [(r.kind, r.text, r.ruling) for r in reasons]
    after = s.clone()
    after.apply("step d4")
    assert after.pending.kind == "reveal" and after.deciders == (0,)


def test_coach_never_says_what_a_face_down_card_decides():
    """Stepping onto the face-down card the goat stands on catches it here (a Crossroads lies
    one way and is laid at once), but the seat can't know that card: no catch, no win and no
    path is said; nor does a roll say anything (the die decides it)."""
    s = position(up={"b1": "straight ew"}, down={"c1": "cross"}, shepherds={0: "b1"},
                 goats={0: "c1"}, phase="act", names=["You", "Bo"])
    after = s.clone()
    after.apply("step c1")
    assert after.winners == (0,)                      # the real card gave the catch
    assert strategy.reasons(s, after, after.parse_action("step c1"), 0) == []
    for seed in range(3):
        assert proven(s, 0, "step c1", seed=seed) == ()
    s = position(up={"a2": "straight ns"}, goats={0: "a3"}, names=["You", "Bo"])
    assert proven(s, 0, "roll") == ()
