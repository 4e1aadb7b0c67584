"""Gruff Goats bots and coach: the greedy bot, the quick choice the search's playouts make
(corners, blocks, the Island, the dragon, trolls, claims), then the coach's reasons (issue 27)
on real positions built with ``gruff_goats.position``, each checked against the rulings it
leans on (``../shared/rules/gruff_goats.rulings.md``) and never saying a claim is won before the
others answer. Hands are written with suit letters (``"SSH"`` is two spades and a heart).
"""

from __future__ import annotations

import random

import networkx as nx

from goatwidgets.engine import make_bot
from goatwidgets.engine.coach import proven
from goatwidgets.games.gruff_goats import position

from .helpers import RAINBOW, quick


def test_the_greedy_bot_moves_a_goat_when_it_can_and_prefers_the_island():
    s = position(hands=["S", ""], goats=[{"big": "b3"}, {}], wands={"big": 0})
    assert str(make_bot("greedy", seed=1).choose(s, 0)) == "move big c3"
    # the dragon eats the rival's goat that stands nearest the Island (on a free bridge);
    # a goat behind a troll's bridge counts as far (the way round is long)
    t = position(hands=[RAINBOW, ""], goats=[{}, {"big": "d3"}], wands={"dragon": 0})
    assert str(make_bot("greedy", seed=1).choose(t, 0)) == "dragon 1 big"


# ---------------------------------------------------------------------- the search's playouts
# (issue 26: quick_choice plays the strong bot's trials; each rule from a position)


def test_quick_choice_puts_a_goat_back_on_a_corner_nearest_the_island():
    # trolls on the west and south bridges: from a1 the way round is 8 steps, 4 elsewhere
    s = position(placing=[(0, "big")], goats=[{"big": None}, {}], trolls=["b3", "c2"])
    corners = {quick(s, seed=seed) for seed in range(20)}
    assert corners == {"place big a5", "place big e5", "place big e1"}


def test_quick_choice_blocks_a_claim_it_can_outlast_and_passes_otherwise():
    s = position(hands=["SS", "SS"])
    s.apply("claim big")                              # seat 0 keeps one spades, seat 1 two
    assert quick(s) == "block"
    t = position(hands=["SSS", "S"])
    t.apply("claim big")                              # seat 0 keeps two, seat 1 one
    assert quick(t) == "pass"
    u = position(hands=["S", "HH"])
    u.apply("claim big")
    assert quick(u) == "pass"                         # nothing to block with


def test_quick_choice_puts_down_again_only_with_more_cards_than_the_blocker():
    s = position(hands=["SSS", "S"])
    s.apply("claim big"); s.apply("block", seat=1)   # seat 0: two spades, seat 1: none
    assert quick(s) == "again"
    t = position(hands=["SS", "SS"])
    t.apply("claim big"); t.apply("block", seat=1)   # one spades each
    assert quick(t) == "stop"


def test_quick_choice_takes_the_island_first():
    s = position(hands=["SD", ""], goats=[{"big": "b3", "little": "a2"}, {}],
                 wands={"big": 0, "little": 0})
    assert quick(s) == "move big c3"


def test_quick_choice_sends_the_dragon_to_a_rival_goat_two_steps_from_the_island():
    s = position(hands=[RAINBOW, ""], goats=[{}, {"big": "e3", "medium": "d3"}],
                 wands={"dragon": 0})
    assert quick(s) == "dragon 1 medium"              # the nearer one, on a free bridge
    far = position(hands=[RAINBOW, ""], goats=[{}, {"big": "e4"}], wands={"dragon": 0})
    assert not quick(far).startswith("dragon")       # three steps away: not worth four cards


def test_quick_choice_moves_a_troll_to_hold_the_rivals_back():
    # the rival's goats on e5 reach the Island over the north or east bridge; a troll on
    # each keeps them 8 steps away, while seat 0's way over the west bridge stays free
    s = position(hands=["C", ""], wands={"troll": 0})
    assert quick(s) == "troll c2 d3"
    calm = position(hands=["C", ""], wands={"troll": 0}, trolls=["c4", "d3"])
    assert not quick(calm).startswith("troll")       # nothing more to gain


def test_quick_choice_steps_a_goat_nearer_and_never_onto_a_troll():
    # the west bridge next to a3 holds a troll: the way round goes north (a4)
    s = position(hands=["S", ""], goats=[{"big": "a3"}, {}], wands={"big": 0},
                 trolls=["b3", "c2"])
    assert quick(s) == "move big a4"


def test_quick_choice_claims_the_wand_it_holds_most_cards_for_or_draws():
    assert quick(position(hands=["SSSH", ""])) == "claim big"
    assert quick(position(hands=["SHHD", ""])) == "claim medium"
    assert quick(position(hands=["", ""])) == "draw"


# ------------------------------------------------------------------ the coach's reasons (issue 27)
# Each kind of reason the coach gives is proven on copies re-dealt from the seat's
# information (coach.proven) and checked here against the rules model on the real position.


def _coach_position(**kw):
    base = dict(names=["You", "Bo"], hands=["SSCCHDD", "SHD"],
                goats=[{"big": "b3", "medium": "a2", "little": "c5"}, {"big": "e3",
                                                                          "little": "d3"}],
                wands={"big": 0, "troll": 0, "medium": 0, "little": 0, "dragon": 0})
    return position(**{**base, **kw})


def _said(state, seat, action):
    return [(r.kind, r.text, r.ruling) for r in proven(state, seat, action)]


def _after(state, action, seat=0):
    after = state.clone()
    after.apply(action, seat=seat)
    return after


def test_coach_a_goat_onto_the_island_scores_a_point():
    s = _coach_position()
    assert _said(s, 0, "move big c3") == [
        ("island", "brings your big goat onto the Island for a point", "GG-R10")]
    after = _after(s, "move big c3")
    assert after.points[0] == s.points[0] + 1 and after.goats[0]["big"] is None


def test_coach_a_goat_nearer_the_island_by_a_way_round_the_trolls():
    s = _coach_position()
    assert _said(s, 0, "move medium a3") == [
        ("nearer", "leaves your medium goat 2 steps from the Island by a way round the trolls, "
                   "down from 3", "GG-R1")]
    after = _after(s, "move medium a3")
    assert after.goats[0]["medium"] == "a3"
    free = nx.subgraph_view(after.board.graph, filter_node=lambda q: q not in after.trolls)
    assert nx.shortest_path_length(free, "a3", "c3") == 2
    assert nx.shortest_path_length(free, "a2", "c3") == 3
    assert _said(s, 0, "move big a3") == []                  # further from the Island


def test_coach_a_goat_walked_onto_a_troll_is_eaten():
    s = _coach_position()
    assert _said(s, 0, "move little c4") == [
        ("eaten", "walks your little goat onto the north bridge, where the troll eats it",
         "GG-R8")]
    after = _after(s, "move little c4")
    assert after.goats[0]["little"] is None and after.phase == "place"


def test_coach_a_goat_put_back_on_the_corner_nearest_the_island():
    s = _coach_position(trolls=["b3", "c4"], goats=[{"big": None}, {}], placing=[(0, "big")])
    assert _said(s, 0, "place big a1") == [
        ("place", "puts your big goat back on the south-west corner, 4 steps from the Island "
                  "by a way round the trolls: no corner is nearer", "GG-R9")]
    assert _said(s, 0, "place big a5") == []
    around = s.board.distance_around(s.trolls)
    assert around["a1"] == min(around[c] for c in s.board.corners) < around["a5"]
    assert _after(s, "place big a1").goats[0]["big"] == "a1"


def test_coach_a_troll_that_eats_and_lengthens_a_rivals_way():
    s = _coach_position()
    assert _said(s, 0, "troll c4 d3") == [
        ("nearer", "leaves your little goat 2 steps from the Island by a way round the trolls, "
                   "down from 6", "GG-R1"),                  # the north bridge is free now
        ("troll", "puts a troll in the way of Bo's big goat: 6 steps from the Island by a way "
                  "round the trolls, up from 2", "GG-R8"),
        ("eats", "puts a troll on the east bridge, where it eats Bo's little goat", "GG-R8")]
    after = _after(s, "troll c4 d3")
    assert after.goats[1]["little"] is None and after.goats[1]["big"] == "e3"
    assert after.board.distance_around(after.trolls)["e3"] == 6
    assert s.board.distance_around(s.trolls)["e3"] == 2
    assert (s.board.distance_around(s.trolls)["c5"],
            after.board.distance_around(after.trolls)["c5"]) == (6, 2)


def test_coach_the_dragon_eats_a_goat():
    s = _coach_position(names=["Ana", "You"])
    assert _said(s, 0, "dragon 1 big") == [
        ("eats", "sends the dragon to eat your big goat on the east side", "GG-R7")]
    after = _after(s, "dragon 1 big")
    assert after.goats[1]["big"] is None and after.placing[0] == (1, "big")


def test_coach_a_claim_says_what_it_puts_down_and_from_whom():
    s = _coach_position(wands={"big": 1, "troll": None})
    assert _said(s, 0, "claim big") == [
        ("claim", "puts down a spade to claim the big goat wand from Bo", "GG-R6")]
    assert _said(s, 0, "claim troll") == [
        ("claim", "puts down a club to claim the troll wand", "GG-R6")]
    after = _after(s, "claim big")
    assert after.hands[0]["spades"] == s.hands[0]["spades"] - 1
    assert after.phase == "block" and after.claim.wand == "big" and after.wands["big"] == 1


def test_coach_a_block_and_a_pass_on_a_rivals_claim():
    s = _coach_position(current=1, hands=["SSCC", "SSHD"])
    s.apply("claim big", seat=1)
    assert _said(s, 0, "block") == [("blocks", "blocks Bo's claim on the big goat wand",
                                     "GG-R6")]
    assert _said(s, 0, "pass") == [("wand", "keeps your cards and lets Bo take the big goat wand",
                                    "GG-R6")]
    assert _after(s, "block").phase == "answer"
    assert _after(s, "pass").wands["big"] == 1


def test_coach_an_answer_that_keeps_a_claim_going():
    s = _coach_position(hands=["SSCC", "SSHD"], wands={"big": None})
    s.apply("claim big", seat=0)
    s.apply("block", seat=1)
    assert _said(s, 0, "again") == [
        ("claim", "puts down another spade to keep your claim on the big goat wand going",
         "GG-R6")]
    after = _after(s, "again")
    assert after.hands[0]["spades"] == s.hands[0]["spades"] - 1
    assert after.phase == "block" and after.claim.claimant == 0 and after.claim.wand == "big"
    s = _coach_position(hands=["SCHDSCHD", "SCHD"], wands={"dragon": None})
    s.apply("claim dragon", seat=0)
    s.apply("block", seat=1)
    assert _said(s, 0, "again")[0][1] == ("puts down one more card of each suit to keep your "
                                          "claim on the dragon wand going")


def test_coach_never_says_a_claim_is_won_before_the_others_answer():
    """Bo holds no spade here, so this claim can't be blocked, but the coach's seat can't see
    Bo's hand: re-dealt, Bo may hold one. Only the claim itself is said."""
    s = _coach_position(wands={"big": None}, hands=["SSCC", "HHD"])
    assert not _after(s, "claim big").can_pay(1, "big")
    copies = [s.redealt(0, random.Random(seed)) for seed in range(20)]
    assert any(c.can_pay(1, "big") for c in copies)
    for seed in range(3):
        assert [r.kind for r in proven(s, 0, "claim big", seed=seed)] == ["claim"]
