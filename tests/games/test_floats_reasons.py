"""Floats McGoats: the coach's reasons (issue 27 item 1, acceptance 1).

Each kind of reason ``strategy.reasons`` gives, as the coach says it (``coach.proven``: read
from the seat's information, issue 33), is checked here against the rules model on the real
position, built with ``floats_mcgoats.position``: the scores the rules count (FM-R19), what
floats away by the raft's own networkx graph (FM-R3, FM-R13), what a lock keeps the shark from
(FM-R5), what the next player may really do (FM-R10). Floats hides nothing but the die, so the
information test here is: nothing said depends on the die or on presets, and a roll says
nothing. (The other games keep these tests in ``tests/games/<game>/test_strategy_coach.py``
under "the coach's reasons"; Floats' live here.)
"""

from __future__ import annotations

import random

import networkx as nx

from goatwidgets.engine.coach import proven, suggest
from goatwidgets.games.floats_mcgoats import position, spot_edges, strategy
from goatwidgets.games.floats_mcgoats.board import ANCHOR_POINT
from goatwidgets.games.floats_mcgoats.explain import RULES
from tests.games.floats_positions import E, S


def _said(state, action, seat=0):
    return [(r.kind, r.text, r.ruling) for r in proven(state, seat, action)]


def _rolled(face, names=("You", "Bo"), **kw):
    """A position with the die rolled to ``face`` for the seat to move."""
    s = position(names=list(names), **kw)
    s.preset(die=face)
    s.apply("roll")
    assert s.face == face and not s.replaced
    return s


def _after(state, action, seat=0):
    after = state.clone()
    after.apply(action, seat=seat)
    return after


def _enclosed_on_the_raft(state, spot) -> bool:
    """FM-R5 asked of the raft's graph: all three sides of ``spot`` are sticks joined to the
    anchors (FM-R3), by networkx, not by the state's own ``is_enclosed``."""
    graph = state.raft_graph()
    raft = nx.node_connected_component(graph, ANCHOR_POINT)
    return all(graph.has_edge(*e) and e[0] in raft for e in spot_edges(S(spot)))


def test_coach_a_stick_that_closes_your_goats_triangle_raises_your_score():
    """Closing 0,0u also closes 0,0d beside it, where Bo's mama stands: both are said."""
    s = _rolled("add", goats={"0,0u": (0, "baby"), "0,0d": (1, "mama")},
                sticks=["1,0-1,1", "0,1-1,1"])
    assert _said(s, "stick 0,1-1,0") == [
        ("points", "raises your score from 0 to 2", "FM-R19"),
        ("helps", "raises Bo's score from 0 to 1", "FM-R19")]
    after = _after(s, "stick 0,1-1,0")
    assert s.scores == (0, 0) and after.scores == (2, 1)
    assert not _enclosed_on_the_raft(s, "0,0u") and _enclosed_on_the_raft(after, "0,0u")
    assert _enclosed_on_the_raft(after, "0,0d")
    assert _said(s, "stick 1,0-2,0") == []           # closes nothing


def test_coach_the_shark_sends_a_rivals_stack_out_to_sea():
    s = _rolled("shark", goats={"0,0u": (1, "mama", "mama")}, sticks=["0,1-1,0"])
    assert _said(s, "shark 0,0u") == [
        ("sea", "lets the shark send Bo's two mama goats out to sea", "FM-R17"),
        ("hurts", "lowers Bo's score from 2 to 0", "FM-R19")]
    after = _after(s, "shark 0,0u")
    assert S("0,0u") not in after.goats and after.shark == S("0,0u")
    assert after.supply[1]["mama"] == s.supply[1]["mama"] + 2      # back to Bo's supply (FM-R7)
    assert (s.scores[1], after.scores[1]) == (2, 0)


def test_coach_the_shark_on_your_only_goat_costs_you_its_points():
    """The shark must attack your own goat when it is the only one it can (FM-R17): the coach
    says what that costs."""
    s = _rolled("shark", goats={"0,0u": (0, "mama")}, sticks=["0,1-1,0"])
    assert [str(a) for a in s.legal_actions()] == ["shark 0,0u"]
    assert _said(s, "shark 0,0u") == [
        ("costs", "lowers your score from 1 to 0", "FM-R19"),
        ("sea", "lets the shark send your mama goat out to sea", "FM-R17")]
    after = _after(s, "shark 0,0u")
    assert after.scores[0] == 0 and after.supply[0]["mama"] == s.supply[0]["mama"] + 1


def test_coach_a_goat_fight_that_swaps_into_a_closed_triangle():
    """Your mama on an open spot fights Bo's mama in a closed one (FM-R18): the scores the
    rules count after the swap are said."""
    s = _rolled("fight", goats={"0,0u": (1, "mama"), "1,0u": (0, "mama")},
                sticks=["0,1-1,0", "1,0-2,0"])
    assert _said(s, "fight 1,0u 0,0u") == [
        ("points", "raises your score from 0 to 1", "FM-R19"),
        ("hurts", "lowers Bo's score from 1 to 0", "FM-R19")]
    after = _after(s, "fight 1,0u 0,0u")
    assert after.goats[S("0,0u")] == [(0, "mama")] and after.goats[S("1,0u")] == [(1, "mama")]
    assert (s.scores, after.scores) == ((0, 1), (1, 0))


def test_coach_picking_up_a_stick_opens_a_rivals_closed_triangle():
    """The lifted stick can't go back where it was (FM-R13), so the triangle stays open
    wherever it is put down: the reason holds to the end of the turn."""
    s = _rolled("add_or_move", goats={"0,0u": (1, "mama")}, sticks=["0,1-1,0"])
    assert _said(s, "move 0,1-1,0") == [
        ("opens", "opens the closed triangle around Bo's mama goat, so it stops scoring",
         "FM-R5")]
    held = _after(s, "move 0,1-1,0")
    assert s.scores[1] == 1 and held.scores[1] == 0
    drops = held.legal_actions()
    assert drops and E("0,1-1,0") not in [d.stick for d in drops]
    for drop in drops:
        done = _after(held, drop)
        assert not _enclosed_on_the_raft(done, "0,0u") and done.scores[1] == 0


def test_coach_a_flip_that_locks_your_goats_triangle():
    s = _rolled("flip", goats={"0,0u": (0, "mama")}, sticks=["0,1-1,0"])
    assert _said(s, "flip 0,1-1,0") == [
        ("locks", "locks the triangle around your mama goat, so no shark or goat fight can "
                  "reach it", "FM-R5")]
    after = _after(s, "flip 0,1-1,0")
    assert not s.is_locked(S("0,0u")) and after.is_locked(S("0,0u"))
    # Bo's shark can't reach it now: the face can't be done, so Bo adds a stick (FM-R11)
    after.preset(die="shark")
    after.apply("roll", seat=1)
    assert after.replaced and after.phase == "add"
    # while the stick was light, the same roll let the shark attack it
    twin = position(goats={"0,0u": (0, "mama")}, sticks=["0,1-1,0"], to_move=1)
    twin.preset(die="shark")
    twin.apply("roll", seat=1)
    assert [str(a) for a in twin.legal_actions(1)] == ["shark 0,0u"]


def test_coach_a_stick_put_down_that_cuts_sticks_and_a_goat_adrift():
    """Lifting 1,0-2,0 cuts the line 2,0-3,0-4,0 from the anchors; put down elsewhere, the
    raft's graph (networkx) no longer joins those two sticks to the anchors: they float away,
    and Bo's mama beside them floats out to sea (FM-R13)."""
    s = _rolled("add_or_move", goats={"3,0u": (1, "mama")},
                sticks=["1,0-2,0", "2,0-3,0", "3,0-4,0"])
    s.apply("move 1,0-2,0")
    assert _said(s, "drop 0,-1-0,0") == [
        ("float", "cuts two sticks off the raft, so they float away", "FM-R13"),
        ("sea", "leaves Bo's mama goat beside no raft stick, so it floats out to sea",
         "FM-R13")]
    graph = s.raft_graph()
    graph.add_edge(*E("0,-1-0,0"))
    raft = nx.node_connected_component(graph, ANCHOR_POINT)
    adrift = sorted(e for e in graph.edges if e[0] not in raft)
    assert sorted(map(sorted, adrift)) == sorted(map(sorted, [E("2,0-3,0"), E("3,0-4,0")]))
    after = _after(s, "drop 0,-1-0,0")
    assert after.pile == s.pile + 2 and not any(E(t) in after.sticks for t in ("2,0-3,0",
                                                                                 "3,0-4,0"))
    assert S("3,0u") not in after.goats and after.supply[1]["mama"] == s.supply[1]["mama"] + 1
    assert not any(e in after.sticks for e in spot_edges(S("3,0u")))
    # a stick moved where nothing floats away, beside no goat, says nothing
    keep = _rolled("add_or_move", sticks=["1,0-2,0"])
    keep.apply("move 1,0-2,0")
    assert _said(keep, "drop 0,-1-0,0") == []


def test_coach_a_stick_that_leaves_empty_closed_triangles_for_the_next_player():
    s = _rolled("add", sticks=["1,0-1,1", "0,1-1,1"])
    assert _said(s, "stick 0,1-1,0") == [
        ("gift", "leaves two empty closed triangles where Bo, playing next, can place a goat "
                 "and score at once", "FM-R10")]
    after = _after(s, "stick 0,1-1,0")
    assert after.to_move == 1
    for spot in ("0,0u", "0,0d"):
        assert _enclosed_on_the_raft(after, spot) and not _enclosed_on_the_raft(s, spot)
        placed = _after(after, f"mama {spot}", seat=1)
        assert placed.scores[1] == after.scores[1] + 1
    one = _rolled("add", sticks=["1,0-1,1"], names=("Bo", "You"))
    assert _said(one, "stick 0,1-1,0") == [
        ("gift", "leaves an empty closed triangle where you, playing next, can place a goat "
                 "and score at once", "FM-R10")]


def test_coach_goat_love_that_leaves_a_closed_triangle_empty():
    """Moving your mama out of a closed triangle onto your open one (FM-R16) costs its point
    and leaves the triangle empty for Bo, who plays next."""
    s = _rolled("love", goats={"0,0u": (0, "mama"), "1,0u": (0, "mama")},
                sticks=["0,1-1,0", "1,0-2,0"])
    assert _said(s, "love 0,0u 1,0u") == [
        ("costs", "lowers your score from 1 to 0", "FM-R19"),
        ("gift", "leaves an empty closed triangle where Bo, playing next, can place a goat "
                 "and score at once", "FM-R10")]
    after = _after(s, "love 0,0u 1,0u")
    assert after.goats[S("1,0u")] == [(0, "mama"), (0, "mama")] and after.scores == (0, 0)
    assert _after(after, "mama 0,0u", seat=1).scores == (0, 1)


def test_coach_names_read_right_for_you_and_for_others():
    """A rival called "You" reads "your", never "You's"; a seat called Ana reads "Ana's"."""
    s = _rolled("shark", names=("Ana", "You"), goats={"0,0u": (1, "mama", "baby")},
                sticks=["0,1-1,0"])
    assert _said(s, "shark 0,0u") == [
        ("sea", "lets the shark send your mama goat and baby goat out to sea", "FM-R17"),
        ("hurts", "lowers your score from 3 to 0", "FM-R19")]
    s = _rolled("add", names=("Ana", "Bo"), goats={"0,0u": (0, "mama")})
    assert _said(s, "stick 0,1-1,0") == [("points", "raises Ana's score from 0 to 1",
                                          "FM-R19")]


def test_coach_a_move_with_nothing_to_say_gives_no_reason():
    """A goat on a spot that is not closed, a stick that closes nothing, staying put, and a
    roll (the die decides it) give no reason."""
    s = position(names=["You", "Bo"])
    after = _after(s, "mama 0,0u")
    assert after.scores == s.scores
    assert strategy.reasons(s, after, after.parse_action("mama 0,0u"), 0) == []
    assert _said(s, "mama 0,0u") == [] and _said(s, "roll") == []
    s = _rolled("add")
    assert _said(s, "stick 1,0-2,0") == []
    s = _rolled("shark", goats={"0,0u": (1, "mama"), "1,0u": (1, "mama"), "4,0u": (0, "mama")},
                sticks=["1,0-2,0", "2,0-3,0", "3,0-4,0", "4,0-5,0"])
    s.apply("shark 0,0u")
    s.preset(die="shark")                    # Bo's turn, then the shark moves on
    s.apply("roll", seat=1)
    s.apply("shark 4,0u", seat=1)
    assert s.phase == "follow" and s.to_move == 1
    assert _said(s, "stay", seat=1) == []


def test_coach_never_says_what_the_die_will_do():
    """Floats hides only the die (and presets): a roll is never given a reason, even where the
    preset face would let you close your goat's triangle at once, and two positions that differ
    only in their seed and presets get the same reasons and the same advice."""
    s = position(names=["You", "Bo"], goats={"0,0u": (0, "baby")})
    s.preset(die="add")
    rolled = _after(s, "roll")
    assert rolled.phase == "add"                               # the preset face would allow it
    assert strategy.reasons(s, rolled, rolled.parse_action("roll"), 0) == []
    for seed in range(3):
        assert proven(s, 0, "roll", seed=seed) == ()
    one = _rolled("add", goats={"0,0u": (0, "baby")}, sticks=["1,0-1,1"], seed=1)
    two = _rolled("add", goats={"0,0u": (0, "baby")}, sticks=["1,0-1,1"], seed=2)
    two.preset(die="shark")
    for action in one.legal_actions():
        assert proven(one, 0, action) == proven(two, 0, action)
    a = suggest(one, 0, iterations=30, seed=5).to_dict()
    b = suggest(two, 0, iterations=30, seed=5).to_dict()
    a["estimate"].pop("ms"), b["estimate"].pop("ms")
    assert a == b
    again = two.redealt(0, random.Random(9))
    assert proven(again, 0, "stick 0,1-1,0") == proven(one, 0, "stick 0,1-1,0")


def test_the_coach_names_the_winning_stick_with_its_reasons():
    """Through ``suggest``: the stick that closes two triangles takes You from 2 to 6 points,
    the target with two players (FM-R20), and wins; the coach names it and says why, with the
    rulings a student can open."""
    s = _rolled("add", goats={"0,0u": (0, "mama", "baby"), "0,0d": (0, "mama"),
                              "1,0u": (0, "mama", "mama")},
                sticks=["1,0-2,0", "1,1-2,0", "1,0-1,1", "0,1-1,1"])
    advice = suggest(s, 0, iterations=40, seed=1)
    assert str(advice.action) == "stick 0,1-1,0"
    reasons = advice.reasons_for("stick 0,1-1,0")
    assert [(r.kind, r.text, r.ruling) for r in reasons] == [
        ("points", "raises your score from 2 to 6", "FM-R19"), ("wins", "wins the game", None)]
    assert advice.words() == ("Try the lit move: add a stick along the right side of the "
                              "triangle between the anchors. It raises your score from 2 to 6 "
                              "and wins the game.")
    after = _after(s, "stick 0,1-1,0")
    assert (s.scores[0], after.scores[0]) == (2, 6) and after.winners == (0,)
    assert all(r.ruling in RULES for r in reasons if r.ruling)
