"""Floats McGoats rules: one test (or a few) per ruling FM-R1…FM-R22 and reading FM-X1…FM-X5
(``../shared/rules/floats_mcgoats.rulings.md``), named after it, then the notation, the errors,
the refusal of illegal moves and wrong arguments, the words a reader sees (any name reads
right, headlines) and the board's marks. Every test builds its position with the package's own
builder (``floats_mcgoats.position``), presets the die faces it needs, and checks the exact
legal actions, the state after ``apply``, the scores, or the rule id and wording of the
``IllegalActionError``. Spot and stick names used below (see ``board.py``): the anchors are
``0,0-1,0`` and ``0,0-0,1``; ``0,1-1,0`` closes the centre triangle ``0,0u``. Spots bordering
the anchors are ``0,0u``, ``0,-1d`` (below ``0,0-1,0``) and ``-1,0d`` (left of ``0,0-0,1``).
"""

from __future__ import annotations

import random
import re

import networkx as nx
import pytest

from goatwidgets.engine import (
    ActionParseError,
    GameError,
    GameOverError,
    IllegalActionError,
    NotYourDecisionError,
    VariantError,
)
from goatwidgets.engine.bots import make_bot
from goatwidgets.games.floats_mcgoats import (
    ANCHORS,
    DEFAULT_FACES,
    Action,
    FACE_LABELS,
    OUR_READINGS,
    TARGETS,
    edge_spots,
    edge_text,
    make_edge,
    new_game,
    parse_action,
    parse_edge,
    parse_spot,
    spot_edges,
    spot_text,
)
from goatwidgets.games.floats_mcgoats.board import neighbours, spot_corners
from goatwidgets.games.floats_mcgoats import position

from ..checks import legal, refused, variant_error
from ..floats_positions import E, S, filler_line, goat_counts, stick_count
from .helpers import BELOW, CLOSER, FIVE_FOR_P0, LEFT, roll, won


# ---------------------------------------------------------------------- helpers


def raft_nodes(sticks) -> set:
    """The anchors' connected component, asked of networkx (independently of the model)."""
    graph = nx.Graph()
    graph.add_edges_from(sticks)
    return nx.node_connected_component(graph, (0, 0))


def touching_edges(points, taken) -> set[str]:
    """Empty lattice edges with an end point in ``points``, as texts."""
    return {edge_text(make_edge(p, n)) for p in points for n in neighbours(p)
            if make_edge(p, n) not in taken}


def strip(columns: int) -> list[str]:
    """Light sticks that (with the anchors) enclose spots u(q,0) and d(q,0) for q < columns:
    a row of 2*columns enclosed triangles between the lines r=0 and r=1."""
    edges = set()
    for q in range(columns):
        edges |= {make_edge((q, 0), (q + 1, 0)), make_edge((q, 1), (q + 1, 1)),
                  make_edge((q, 0), (q, 1)), make_edge((q, 1), (q + 1, 0))}
    edges.add(make_edge((columns, 0), (columns, 1)))
    return sorted(edge_text(e) for e in edges - set(ANCHORS))


def check_conserved(s) -> None:
    assert stick_count(s) == 50
    assert goat_counts(s) == [{"mama": 6, "baby": 1}] * s.players
    s.check_invariants()


# ---------------------------------------------------------------------- FM-R1 lattice

def test_fm_r1_lattice_sticks_border_two_spots_and_spots_are_lattice_triangles():
    points = [(q, r) for q in range(-4, 5) for r in range(-4, 5)]
    lattice = nx.Graph()
    for p in points:
        assert len(set(neighbours(p))) == 6
        for n in neighbours(p):
            lattice.add_edge(p, n)
            edge = make_edge(p, n)
            assert make_edge(n, p) == edge
            spots = edge_spots(edge)
            assert len(set(spots)) == 2
            for spot in spots:
                assert edge in spot_edges(spot)
    # the spots are exactly the lattice's triangles (3-cliques), found by networkx
    inner = set(points)
    triangles = {frozenset(c) for c in nx.enumerate_all_cliques(lattice)
                 if len(c) == 3 and set(c) <= inner}
    spots = {frozenset(spot_corners((q, r, ud))) for q, r in points for ud in "ud"
             if set(spot_corners((q, r, ud))) <= inner}
    assert triangles == spots
    for q, r in points:
        for ud in "ud":
            edges = spot_edges((q, r, ud))
            assert len(set(edges)) == 3
            assert {p for e in edges for p in e} == set(spot_corners((q, r, ud)))
    with pytest.raises(ValueError, match="not neighbours"):
        make_edge((0, 0), (2, 0))


def test_fm_r1_lattice_is_unbounded():
    s = position(dark=filler_line(30))                 # a line of sticks out to (-30,0)
    roll(s, "add")
    assert "stick -31,0--30,0" in legal(s)
    s.apply("stick -31,0--30,0")
    assert s.sticks[E("-31,0--30,0")] == "light"
    check_conserved(s)


# ---------------------------------------------------------------------- FM-R2 anchors

def test_fm_r2_anchors_are_two_dark_sides_of_the_centre_triangle():
    s = new_game(players=2, seed=0)
    assert s.sticks == {E("0,0-1,0"): "anchor", E("0,0-0,1"): "anchor"}
    (a1, a2) = ANCHORS
    assert set(a1) & set(a2) == {(0, 0)}                        # they meet at one end
    assert set(spot_edges(S("0,0u"))) == {a1, a2, E(CLOSER)}    # two sides of one triangle
    # they count as dark: one dark stick more locks the centre triangle (FM-R5)
    locked = position(dark=[CLOSER])
    assert locked.is_locked(S("0,0u"))
    assert not position(sticks=[CLOSER]).is_locked(S("0,0u"))


def test_fm_r2_anchors_never_move_or_flip():
    s = position(sticks=["1,0-2,0"])
    roll(s, "add_or_move")
    assert {t for t in legal(s) if t.startswith("move")} == {"move 1,0-2,0"}
    refused(s, "move 0,0-1,0", "FM-R2", "anchor")
    s.apply("stick 2,0-3,0")
    roll(s, "flip")
    assert legal(s) == {"flip 1,0-2,0", "flip 2,0-3,0"}
    refused(s, "flip 0,0-0,1", "FM-R2", "anchor")


def test_fm_r2_anchors_stay_when_everything_else_floats_away():
    # the only light stick leaves the anchors: they and the goat beside them stay
    s = position(sticks=["1,0-2,0"], goats={"0,-1d": (1, "mama")})
    roll(s, "add_or_move")
    s.apply("move 1,0-2,0")
    s.apply("drop 0,0--1,1")
    assert set(ANCHORS) <= set(s.sticks)
    assert S("0,-1d") in s.goats
    check_conserved(s)


# ---------------------------------------------------------------------- FM-R3 raft

def test_fm_r3_raft_is_what_networkx_joins_to_the_anchors():
    light = ["1,0-2,0", "2,0-2,1", "0,1-0,2", "-1,2-0,2"]
    s = position(sticks=light)
    nodes = raft_nodes(s.sticks)
    assert nodes == {(0, 0), (1, 0), (0, 1), (2, 0), (2, 1), (0, 2), (-1, 2)}
    roll(s, "add")
    assert legal(s) == {f"stick {t}" for t in touching_edges(nodes, s.sticks)}


def test_fm_r3_a_stick_cut_off_from_the_anchors_is_not_a_valid_raft():
    with pytest.raises(VariantError, match="cut off") as err:
        position(sticks=["5,5-6,5"])
    assert err.value.rule == "position"


# ---------------------------------------------------------------------- FM-R4 open spots

def test_fm_r4_open_spots_border_a_raft_stick_and_hold_nothing():
    s = position(sticks=[CLOSER], goats={"0,0u": (1, "mama", "baby")}, shark="0,-1d")
    # spots beside sticks: 0,0u 0,-1d -1,0d 0,0d; a stack and the shark take two of them
    assert {spot_text(p) for p in s.open_spots()} == {"-1,0d", "0,0d"}
    assert legal(s) == {"roll", "mama -1,0d", "mama 0,0d", "baby -1,0d", "baby 0,0d"}
    s.apply("baby 0,0d")
    assert s.goats[S("0,0d")] == [(0, "baby")]
    assert s.supply[0] == {"mama": 6, "baby": 0}
    check_conserved(s)


def test_fm_r4_placing_on_a_taken_or_far_spot_is_refused():
    s = position(sticks=[CLOSER], goats={"0,0u": (1, "mama", "baby")}, shark="0,-1d")
    refused(s, "mama 0,0u", "FM-R4", "already holds a goat")
    refused(s, "baby 0,-1d", "FM-R4", "shark")
    refused(s, "mama 3,3u", "FM-R4", "doesn't touch the raft")


# ---------------------------------------------------------------------- FM-R5 enclosed / locked

def test_fm_r5_enclosed_needs_three_sticks_of_any_kind():
    s = position(sticks=[CLOSER, "1,0-1,1"], goats={"0,0u": (0, "mama"), "0,0d": (1, "mama")})
    assert s.is_enclosed(S("0,0u")) and not s.is_locked(S("0,0u"))      # anchor+anchor+light
    assert not s.is_enclosed(S("0,0d"))                                 # two sides only
    assert s.scores == (1, 0)
    mixed = position(sticks=["0,0-1,-1"], dark=["1,-1-1,0"], goats={"0,-1d": (1, "baby")})
    assert mixed.is_enclosed(S("0,-1d")) and not mixed.is_locked(S("0,-1d"))
    assert mixed.scores == (0, 2)


def test_fm_r5_locked_goats_cannot_be_attacked_fought_or_loved():
    goats = {"0,0u": (1, "mama"), "0,0d": (1, "mama"), "-1,0d": (0, "mama")}
    s = position(dark=[CLOSER], goats=goats)
    assert s.is_locked(S("0,0u")) and not s.is_locked(S("0,0d"))
    roll(s, "shark")
    assert legal(s) == {"shark 0,0d", "shark -1,0d"}
    refused(s, "shark 0,0u", "FM-R5", "locked")

    s = position(dark=[CLOSER], goats=goats)
    roll(s, "fight")
    assert legal(s) == {"fight -1,0d 0,0d"}
    refused(s, "fight -1,0d 0,0u", "FM-R5", "locked")

    mine = {"0,0u": (0, "mama"), "-1,0d": (0, "mama"), "0,-1d": (0, "mama")}
    s = position(dark=[CLOSER], goats=mine)
    roll(s, "love")
    assert legal(s) == {"love -1,0d 0,-1d", "love 0,-1d -1,0d"}
    refused(s, "love -1,0d 0,0u", "FM-R5", "locked")
    refused(s, "love 0,0u -1,0d", "FM-R5", "locked")


# ---------------------------------------------------------------------- FM-R6 supplies

@pytest.mark.parametrize("players", [2, 3, 4])
def test_fm_r6_supplies_and_pile(players):
    s = new_game(players=players, seed=0)
    assert s.supply == [{"mama": 6, "baby": 1}] * players
    assert s.pile == 48 and len(s.sticks) == 2
    assert sum(x["mama"] for x in s.supply) == 6 * players
    check_conserved(s)


def test_fm_r6_a_goat_not_in_supply_cannot_be_placed():
    s = position(goats={"0,0u": (0, "baby")})
    assert legal(s) == {"roll", "mama 0,-1d", "mama -1,0d"}
    refused(s, "baby 0,-1d", "FM-R6", "baby", "none left")


def test_fm_r6_all_goats_out_means_roll():
    spots = ["-1,0u", "-1,-1d", "-2,0u", "-2,-1d", "-3,0u", "-3,-1d"]
    goats = {spot: (0, "mama") for spot in spots} | {"-4,0u": (0, "baby")}
    s = position(dark=filler_line(4), goats=goats)
    assert s.supply[0] == {"mama": 0, "baby": 0}
    assert legal(s) == {"roll"}
    refused(s, "mama 0,0u", "FM-R6")


# ---------------------------------------------------------------------- FM-R7 out to sea

def test_fm_r7_a_goat_sent_to_sea_returns_to_supply_and_may_come_back():
    s = position(goats={"0,0u": (1, "mama", "baby"), "-1,0d": (1, "mama")})
    roll(s, "shark")
    s.apply("shark 0,0u")
    assert s.supply[1] == {"mama": 5, "baby": 1}
    assert S("0,0u") not in s.goats and s.shark == S("0,0u")
    assert s.to_move == 1
    assert "baby 0,-1d" in legal(s)
    s.apply("baby 0,-1d")
    assert s.goats[S("0,-1d")] == [(1, "baby")]
    check_conserved(s)


def test_fm_r7_floating_sticks_go_back_to_the_pile():
    s = position(sticks=["1,0-2,0", "2,0-3,0", "3,0-4,0"])
    assert s.pile == 45
    roll(s, "add_or_move")
    s.apply("move 1,0-2,0")
    s.apply("drop -1,0-0,0")
    assert s.pile == 47
    assert set(s.sticks) == set(ANCHORS) | {E("-1,0-0,0")}
    check_conserved(s)


# ---------------------------------------------------------------------- FM-R8 die faces

def test_fm_r8_default_faces():
    assert DEFAULT_FACES == {"add": 3, "add_or_move": 2, "move_two": 1, "flip": 2, "love": 1,
                             "shark": 1, "fight": 2}
    assert sum(DEFAULT_FACES.values()) == 12
    assert new_game(seed=0).variants["faces"] == DEFAULT_FACES
    assert set(FACE_LABELS) == set(DEFAULT_FACES)


def rolled_faces(s, rolls: int) -> list[str]:
    """Roll ``rolls`` times, doing the first legal action of each face."""
    faces = []
    while len(faces) < rolls and not s.is_over:
        s.apply("roll")
        (chance,) = s.history[-1]["chance"]           # the face, even if the turn is over
        faces.append(chance.removeprefix("die="))
        while not s.is_over and s.phase != "turn":
            s.apply(s.legal_actions()[0])
    return faces


def test_fm_r8_custom_faces_are_honoured():
    s = new_game(seed=4, faces={"shark": 12})
    assert s.variants["faces"] == {f: (12 if f == "shark" else 0) for f in FACE_LABELS}
    assert set(rolled_faces(s, 20)) == {"shark"}
    s = new_game(seed=4, faces={"flip": 6, "love": 6}, max_turns=500)
    assert set(rolled_faces(s, 60)) == {"flip", "love"}
    weighted = new_game(seed=9, faces={"add": 11, "fight": 1})
    faces = rolled_faces(weighted, 120)
    assert set(faces) == {"add", "fight"} and faces.count("add") > faces.count("fight")


@pytest.mark.parametrize("faces, word", [
    ({"add": 13}, "12"),
    ({"add": 6, "jump": 6}, "'jump'"),
    ({"add": 12, "flip": -1}, "'flip'"),
    ({"add": 11.5, "flip": 0.5}, "'add'"),
    ({"add": True, "flip": 11}, "'add'"),
    ("add", "faces"),
    ({1: 12}, "faces"),
])
def test_fm_r8_bad_faces_are_rejected(faces, word):
    with pytest.raises(VariantError) as info:
        new_game(seed=0, faces=faces)
    assert info.value.rule == "FM-R8"
    assert "faces" in str(info.value) and word in str(info.value)


def test_fm_r8_preset_must_be_a_face():
    s = new_game(seed=0)
    with pytest.raises(VariantError) as info:
        s.preset(die=["six"])
    assert "'six'" in str(info.value) and info.value.rule == "preset"
    with pytest.raises(VariantError):
        s.preset(coin=["heads"])


# ---------------------------------------------------------------------- FM-R9 chance

def test_fm_r9_roll_draws_from_the_games_own_seeded_generator():
    random.seed(1)
    a = rolled_faces(new_game(seed=11), 40)
    random.seed(2)
    b = rolled_faces(new_game(seed=11), 40)
    c = rolled_faces(new_game(seed=12), 40)
    assert a == b
    assert a != c
    assert set(a) <= set(FACE_LABELS)


def test_fm_r9_preset_face_then_the_roller_chooses():
    s = position(sticks=["1,0-2,0"])
    s.preset(die=["flip", "add"])
    s.apply("roll")
    assert s.face == "flip" and s.phase == "flip" and s.to_move == 0
    assert legal(s) == {"flip 1,0-2,0"}
    assert s.history[-1] == {"seat": 0, "action": "roll", "chance": ["die=flip"]}
    s.apply("flip 1,0-2,0")
    s.apply("roll")
    assert s.face == "add" and s.to_move == 1
    assert all(t.startswith("stick ") for t in legal(s))


# ---------------------------------------------------------------------- FM-R10 choice

def test_fm_r10_place_a_goat_or_roll():
    s = new_game(seed=0)
    assert legal(s) == {"roll"} | {f"{k} {p}" for k in ("mama", "baby")
                                   for p in ("0,0u", "0,-1d", "-1,0d")}
    s.apply("mama 0,0u")                  # placing is the whole turn
    assert (s.to_move, s.turn, s.phase) == (1, 2, "turn")
    refused(s, "flip 0,0-1,0", "FM-R10", "flip a stick")   # not a choice at turn start
    refused(s, "stay", "FM-R10", "stay where you are")


def test_fm_r10_no_open_spot_means_roll():
    s = position(goats={"0,0u": (0, "mama"), "0,-1d": (1, "mama")}, shark="-1,0d")
    assert s.open_spots() == []
    assert legal(s) == {"roll"}
    assert "roll" in s.prompt
    refused(s, "mama -1,0d", "FM-R4")


# ---------------------------------------------------------------------- FM-R11 can't → add

def test_fm_r11_goat_love_with_one_goat_becomes_add_a_stick():
    s = position(goats={"0,0u": (0, "mama")})
    roll(s, "love")
    assert s.phase == "add" and s.replaced and s.to_move == 0
    assert legal(s) == {f"stick {t}" for t in touching_edges(raft_nodes(s.sticks), s.sticks)}
    assert "Goat love can't be done" in s.log[-1]
    refused(s, "love 0,0u 0,0u", "FM-R12", "stack two of your goats")
    s.apply("stick " + CLOSER)
    assert s.to_move == 1 and s.scores == (1, 0)


def test_fm_r11_move_two_with_one_light_stick_becomes_add_a_stick():
    s = position(sticks=[CLOSER])
    roll(s, "move_two")
    assert s.phase == "add" and s.replaced and s.moves_left == 0
    assert all(t.startswith("stick ") for t in legal(s))


def test_fm_r11_goat_fight_without_a_goat_of_yours_becomes_add_a_stick():
    s = position(goats={"0,0u": (1, "mama")})
    roll(s, "fight")
    assert s.phase == "add" and s.replaced
    assert all(t.startswith("stick ") for t in legal(s))


@pytest.mark.parametrize("face, kwargs", [
    ("flip", {}),                                                       # no light stick
    ("shark", {}),                                                      # no goat at all
    ("shark", {"dark": [CLOSER], "goats": {"0,0u": (1, "mama")}}),      # only a locked goat
    ("fight", {"goats": {"0,0u": (0, "baby"), "-1,0d": (1, "mama")}}),  # baby vs mama only
    ("love", {"goats": {"0,0u": (0, "mama"), "-1,0d": (1, "mama")}}),   # other's goat only
    ("add_or_move", {"dark": filler_line(48)}),                                  # pile empty, no light
])
def test_fm_r11_any_impossible_face_becomes_add_a_stick(face, kwargs):
    s = position(**kwargs)
    before = s.pile
    roll(s, face)
    if before:
        assert s.phase == "add" and s.replaced
        assert legal(s) and all(t.startswith("stick ") for t in legal(s))
    else:                                   # …and adding is impossible too: turn over
        assert s.phase == "turn" and s.to_move == 1


@pytest.mark.parametrize("face", ["love", "add", "flip", "move_two"])
def test_fm_r11_pile_empty_ends_the_turn(face):
    s = position(dark=filler_line(48), goats={"0,0u": (0, "mama")})
    assert s.pile == 0
    roll(s, face)
    assert (s.phase, s.to_move, s.turn, s.pile) == ("turn", 1, 2, 0)
    assert "pile is empty" in s.log[-1]
    check_conserved(s)


def test_fm_r11_add_or_move_with_an_empty_pile_offers_moves_only():
    s = position(dark=filler_line(47), sticks=["1,0-2,0"])
    roll(s, "add_or_move")
    assert s.phase == "add_or_move" and not s.replaced
    assert legal(s) == {"move 1,0-2,0"}
    refused(s, "stick 0,-1-0,0", "FM-R6", "pile is empty")


# ---------------------------------------------------------------------- FM-R12 add

def test_fm_r12_a_new_stick_shares_an_end_point_with_the_raft():
    s = position(sticks=["1,0-2,0"])
    roll(s, "add")
    expected = touching_edges({(0, 0), (1, 0), (0, 1), (2, 0)}, s.sticks)
    assert legal(s) == {f"stick {t}" for t in expected}
    assert len(expected) == 4 * 6 - 2 * 3 - 1     # 24 ends, anchors counted twice, 1-0-2,0 twice
    s.apply("stick 2,0-3,0")
    assert s.sticks[E("2,0-3,0")] == "light" and s.pile == 46
    assert s.log[-1] == "Player 1 added a stick to the raft."
    check_conserved(s)


def test_fm_r12_adding_on_a_stick_or_away_from_the_raft_is_refused():
    s = position(sticks=["1,0-2,0"])
    roll(s, "add")
    refused(s, "stick 0,0-1,0", "FM-R12", "already")
    refused(s, "stick 1,0-2,0", "FM-R12", "already")
    refused(s, "stick 5,5-6,5", "FM-R12", "end point")
    refused(s, "move 1,0-2,0", "FM-R12", "pick up a stick to move it")                 # add only, no move


# ---------------------------------------------------------------------- FM-R13 move

def test_fm_r13_only_light_sticks_move_to_a_new_place_touching_the_raft():
    s = position(sticks=["1,0-2,0", "0,1-1,1"], dark=[CLOSER])
    roll(s, "add_or_move")
    assert {t for t in legal(s) if t.startswith("move")} == {"move 1,0-2,0", "move 0,1-1,1"}
    refused(s, "move " + CLOSER, "FM-R15", "dark")
    refused(s, "move 5,5-6,5", "FM-R13", "no stick")
    s.apply("move 1,0-2,0")
    assert s.phase == "drop" and s.held == E("1,0-2,0") and E("1,0-2,0") not in s.sticks
    check_conserved(s)
    nodes = raft_nodes(s.sticks)
    assert legal(s) == {f"drop {t}" for t in touching_edges(nodes, s.sticks) - {"1,0-2,0"}}
    refused(s, "drop 1,0-2,0", "FM-R13", "new place")
    refused(s, "drop 0,0-1,0", "FM-R13", "already")
    refused(s, "drop 4,4-5,4", "FM-R13")         # touches nothing at all
    refused(s, "drop 2,0-2,1", "FM-R13", "old place")   # only its own old end
    s.apply("drop 0,-1-0,0")
    assert s.sticks[E("0,-1-0,0")] == "light" and s.held is None
    assert s.pile == 45 and s.to_move == 1
    assert "put the stick down in a new place" in s.log[-1]
    check_conserved(s)


def test_fm_r13_stick_move_cuts_off_raft_part_with_goats():
    bridge = "1,0-2,0"
    part = ["2,0-3,0", "2,0-2,1", "2,1-3,0"]          # encloses 2,0u beyond the bridge
    part_dark = ["3,0-3,1"]
    goats = {
        "2,0u": (1, "mama"),             # P1, enclosed, in the cut-off part
        "2,0d": (0, "mama", "baby"),     # P0's stack, bordering only cut-off sticks
        "1,-1d": (0, "mama"),            # borders only the bridge
        "1,0u": (1, "mama"),             # borders the bridge and 1,0-1,1, which stays
        "0,0u": (1, "baby"),             # by the anchors: untouched
    }
    s = position(sticks=[bridge, *part, "1,0-1,1"], dark=part_dark, goats=goats)
    pile, supply = s.pile, [dict(x) for x in s.supply]
    assert s.scores == (0, 1)
    roll(s, "add_or_move")
    s.apply(f"move {bridge}")
    assert len(s.goats) == 5 and s.pile == pile          # nothing floats while it is held
    check_conserved(s)
    s.apply("drop -1,0-0,0")

    # what networkx says should remain, computed here from the sticks after the drop
    after_drop = (set(E(t) for t in [*part, *part_dark, "1,0-1,1", "-1,0-0,0"])
                  | set(ANCHORS))
    graph = nx.Graph(list(after_drop))
    component = nx.node_connected_component(graph, (0, 0))
    remaining = {e for e in after_drop if e[0] in component and e[1] in component}
    cut_off = after_drop - remaining
    assert cut_off == {E(t) for t in [*part, *part_dark]}
    assert set(s.sticks) == remaining
    assert s.sticks[E("-1,0-0,0")] == "light"
    assert s.pile == pile + len(cut_off)

    gone = [spot for spot in s.goats if not any(e in remaining for e in spot_edges(spot))]
    assert gone == []
    assert set(s.goats) == {S("1,0u"), S("0,0u")}
    assert s.goats[S("1,0u")] == [(1, "mama")]          # still borders 1,0-1,1
    assert s.supply[0] == {"mama": supply[0]["mama"] + 2, "baby": supply[0]["baby"] + 1}
    assert s.supply[1] == {"mama": supply[1]["mama"] + 1, "baby": supply[1]["baby"]}
    assert s.scores == (0, 0)
    assert f"{len(cut_off)} sticks floated away and went back to the pile." in s.log
    check_conserved(s)


def test_fm_r13_goat_whose_spot_still_borders_a_raft_stick_stays():
    s = position(sticks=["1,0-2,0", "1,0-1,1"], goats={"1,0u": (0, "mama"), "1,-1d": (1, "mama")})
    roll(s, "add_or_move")
    s.apply("move 1,0-2,0")
    s.apply("drop -1,0-0,0")
    assert s.goats == {S("1,0u"): [(0, "mama")]}       # borders 1,0-1,1 still
    assert s.supply[1]["mama"] == 6                       # 1,-1d bordered only the moved stick
    check_conserved(s)


def test_fm_r13_float_away_is_judged_after_the_drop():
    # lifting 1,0-2,0 cuts 1,1-2,0 off, but dropping it on 1,0-1,1 joins it up again
    s = position(sticks=["1,0-2,0", "1,1-2,0"], goats={"1,0u": (1, "mama")})
    roll(s, "add_or_move")
    s.apply("move 1,0-2,0")
    assert "drop 1,0-1,1" in legal(s)
    s.apply("drop 1,0-1,1")
    assert set(s.sticks) == set(ANCHORS) | {E("1,0-1,1"), E("1,1-2,0")}
    assert s.goats == {S("1,0u"): [(1, "mama")]}
    assert s.pile == 46
    check_conserved(s)


# ---------------------------------------------------------------------- FM-R14 move two

def test_fm_r14_move_two_sticks_second_not_into_the_first_ones_old_place():
    s = position(sticks=["1,0-2,0", "0,1-1,1"])
    roll(s, "move_two")
    assert (s.phase, s.moves_left) == ("move", 2)
    assert legal(s) == {"move 1,0-2,0", "move 0,1-1,1"}
    s.apply("move 1,0-2,0")
    s.apply("drop -1,0-0,0")
    assert (s.phase, s.moves_left, s.to_move) == ("move", 1, 0)
    s.apply("move 0,1-1,1")
    assert "drop 1,0-2,0" not in legal(s) and "drop 0,1-1,1" not in legal(s)
    refused(s, "drop 1,0-2,0", "FM-R14")
    s.apply("drop 0,-1-0,0")
    assert set(s.sticks) == set(ANCHORS) | {E("-1,0-0,0"), E("0,-1-0,0")}
    assert s.to_move == 1 and s.pile == 46
    check_conserved(s)


def test_fm_r14_float_away_happens_after_each_move():
    s = position(sticks=["1,0-2,0", "2,0-3,0", "0,1-1,1"], goats={"2,-1d": (1, "mama")})
    roll(s, "move_two")
    s.apply("move 1,0-2,0")
    s.apply("drop -1,0-0,0")
    assert E("2,0-3,0") not in s.sticks and s.pile == 46        # gone before the 2nd move
    assert s.goats == {} and s.supply[1]["mama"] == 6
    assert legal(s) == {"move 0,1-1,1"}
    check_conserved(s)


# ---------------------------------------------------------------------- FM-R15 flip

def test_fm_r15_flip_turns_a_light_stick_dark_for_good():
    s = position(sticks=[CLOSER, "1,0-2,0"], dark=["0,1-1,1"], goats={"0,0u": (1, "mama")})
    roll(s, "flip")
    assert legal(s) == {f"flip {CLOSER}", "flip 1,0-2,0"}
    refused(s, "flip 0,1-1,1", "FM-R15", "dark")
    s.apply(f"flip {CLOSER}")
    assert s.sticks[E(CLOSER)] == "dark" and s.is_locked(S("0,0u"))
    assert s.to_move == 1
    roll(s, "flip")
    assert legal(s) == {"flip 1,0-2,0"}
    refused(s, f"flip {CLOSER}", "FM-R15", "dark")
    s.apply("flip 1,0-2,0")
    roll(s, "add_or_move")
    assert not any(t.startswith("move") for t in legal(s))
    refused(s, f"move {CLOSER}", "FM-R15", "dark")
    check_conserved(s)


# ---------------------------------------------------------------------- FM-R16 goat love

def test_fm_r16_goat_love_stacks_two_of_your_goats():
    s = position(sticks=[CLOSER],
                 goats={"0,0u": (0, "mama"), "-1,0d": (0, "baby"), "0,-1d": (1, "mama")})
    roll(s, "love")
    assert legal(s) == {"love 0,0u -1,0d", "love -1,0d 0,0u"}
    refused(s, "love 0,0u 0,-1d", "FM-R16", "isn't yours")
    refused(s, "love 0,-1d 0,0u", "FM-R16", "isn't yours")
    refused(s, "love 0,0u 0,0u", "FM-R16", "two different")
    s.apply("love -1,0d 0,0u")
    assert s.goats[S("0,0u")] == [(0, "mama"), (0, "baby")]
    assert S("-1,0d") not in s.goats
    assert s.scores == (3, 0)                                   # mama + baby (FM-R19)
    check_conserved(s)


def test_fm_r16_a_stack_holds_two_goats_at_most():
    s = position(goats={"0,0u": (0, "mama", "mama"), "-1,0d": (0, "mama"), "0,-1d": (0, "mama")})
    roll(s, "love")
    assert legal(s) == {"love -1,0d 0,-1d", "love 0,-1d -1,0d"}
    refused(s, "love -1,0d 0,0u", "FM-R16", "two goats at most")


# ---------------------------------------------------------------------- FM-R17 shark

def test_fm_r17_first_attack_places_the_shark_without_a_follow_move():
    s = position(goats={"0,0u": (1, "mama"), "-1,0d": (0, "mama")})
    roll(s, "shark")
    assert legal(s) == {"shark 0,0u", "shark -1,0d"}       # own goats may be attacked
    refused(s, "shark 0,-1d", "FM-R17", "no goat")
    s.apply("shark 0,0u")
    assert s.shark == S("0,0u") and S("0,0u") not in s.goats
    assert s.supply[1]["mama"] == 6
    assert (s.phase, s.to_move) == ("turn", 1)             # no follow on the first attack
    assert S("0,0u") not in s.open_spots()
    check_conserved(s)


def test_fm_r17_later_attack_moves_the_shark_and_offers_a_follow_move():
    s = position(sticks=[CLOSER], shark="0,0u",
                 goats={"0,-1d": (1, "mama"), "-1,0d": (0, "mama", "baby"), "0,0d": (1, "baby")})
    roll(s, "shark")
    assert legal(s) == {"shark 0,-1d", "shark -1,0d", "shark 0,0d"}
    s.apply("shark 0,-1d")
    assert s.shark == S("0,-1d") and s.supply[1]["mama"] == 6
    assert (s.phase, s.to_move) == ("follow", 0)
    assert legal(s) == {"stay", "follow -1,0d"}
    refused(s, "follow 0,0d", "FM-R17", "isn't yours")
    s.apply("follow -1,0d")
    assert s.goats[S("0,0u")] == [(0, "mama"), (0, "baby")]      # the stack moves together
    assert S("-1,0d") not in s.goats
    assert s.scores == (3, 0) and s.to_move == 1
    check_conserved(s)


def test_fm_r17_the_follow_move_is_optional():
    s = position(shark="0,0u", goats={"0,-1d": (1, "mama"), "-1,0d": (0, "mama")})
    roll(s, "shark")
    s.apply("shark 0,-1d")
    s.apply("stay")
    assert s.goats == {S("-1,0d"): [(0, "mama")]} and s.shark == S("0,-1d")
    assert (s.phase, s.to_move) == ("turn", 1)


def test_fm_r17_own_goat_must_be_attacked_when_it_is_the_only_one():
    s = position(dark=[CLOSER], goats={"0,0u": (1, "mama"), "-1,0d": (0, "mama")})
    roll(s, "shark")
    assert legal(s) == {"shark -1,0d"}              # P1's goat is locked: only P0's own
    s.apply("shark -1,0d")
    assert s.supply[0]["mama"] == 6 and s.shark == S("-1,0d")
    assert s.goats == {S("0,0u"): [(1, "mama")]}
    s = position(goats={"0,0u": (0, "baby")})
    roll(s, "shark")
    assert legal(s) == {"shark 0,0u"}


def test_fm_r17_no_follow_when_the_roller_has_no_free_goat_left():
    s = position(shark="0,-1d", goats={"0,0u": (0, "mama"), "-1,0d": (1, "mama")})
    roll(s, "shark")
    s.apply("shark 0,0u")                             # attacks own last goat
    assert (s.phase, s.to_move, s.shark) == ("turn", 1, S("0,0u"))


# ---------------------------------------------------------------------- FM-R18 fight

def test_fm_r18_mamas_fight_mamas():
    s = position(sticks=[CLOSER],
                 goats={"0,0u": (0, "mama"), "-1,0d": (1, "mama"), "0,-1d": (1, "baby")})
    roll(s, "fight")
    assert legal(s) == {"fight 0,0u -1,0d"}
    refused(s, "fight 0,0u 0,-1d", "FM-R18", "a mama can only fight a mama")
    refused(s, "fight -1,0d 0,0u", "FM-R18", "isn't yours")
    s.apply("fight 0,0u -1,0d")
    assert s.goats[S("0,0u")] == [(1, "mama")] and s.goats[S("-1,0d")] == [(0, "mama")]
    assert s.scores == (0, 1)
    check_conserved(s)


def test_fm_r18_babies_fight_babies():
    s = position(goats={"0,0u": (0, "baby"), "-1,0d": (1, "mama"), "0,-1d": (1, "baby")})
    roll(s, "fight")
    assert legal(s) == {"fight 0,0u 0,-1d"}
    refused(s, "fight 0,0u -1,0d", "FM-R18", "a baby can only fight a baby")
    s.apply("fight 0,0u 0,-1d")
    assert s.goats[S("0,0u")] == [(1, "baby")] and s.goats[S("0,-1d")] == [(0, "baby")]


def test_fm_r18_a_stack_fights_anything_but_a_lone_baby():
    goats = {"0,0u": (0, "mama", "mama"), "-1,0d": (1, "mama"), "0,-1d": (1, "mama", "mama"),
             "0,0d": (2, "baby"), "1,0u": (2, "mama", "mama")}
    s = position(players=3, sticks=[CLOSER, "1,0-2,0"], goats=goats)
    roll(s, "fight")
    assert legal(s) == {"fight 0,0u -1,0d", "fight 0,0u 0,-1d", "fight 0,0u 1,0u"}
    refused(s, "fight 0,0u 0,0d", "FM-R18", "baby standing alone")
    s.apply("fight 0,0u 1,0u")
    assert s.goats[S("0,0u")] == [(2, "mama"), (2, "mama")]
    assert s.goats[S("1,0u")] == [(0, "mama"), (0, "mama")]
    check_conserved(s)


def test_fm_r18_only_a_stack_may_take_on_a_stack():
    goats = {"0,0u": (0, "mama"), "0,0d": (0, "baby"), "-1,0d": (1, "mama", "baby"),
             "0,-1d": (1, "mama")}
    s = position(sticks=[CLOSER], goats=goats)
    roll(s, "fight")
    assert legal(s) == {"fight 0,0u 0,-1d"}
    refused(s, "fight 0,0u -1,0d", "FM-R18", "only a stack of two")
    refused(s, "fight 0,0d -1,0d", "FM-R18", "only a stack of two")


# ---------------------------------------------------------------------- FM-R19 points

def test_fm_r19_points_per_goat_and_stack():
    goats = {"0,0u": (0, "mama"), "0,0d": (0, "baby"), "0,-1d": (1, "mama", "mama"),
             "-1,0d": (1, "mama", "baby"), "-1,0u": (0, "mama")}      # -1,0u isn't enclosed
    s = position(sticks=[CLOSER, "1,0-1,1", "0,1-1,1", *BELOW, *LEFT], goats=goats)
    assert not s.is_enclosed(S("-1,0u"))
    assert s.scores == (1 + 2, 2 + 3)
    spots = {v["id"]: v for v in s.view()["spots"]}
    assert spots["-1,0d"]["points"] == 3 and spots["-1,0u"]["points"] == 0


def test_fm_r19_points_are_counted_afresh_from_the_board():
    s = position(sticks=[CLOSER], goats={"0,0u": (0, "mama")}, to_move=1)
    assert s.scores == (1, 0)
    roll(s, "add_or_move")
    s.apply(f"move {CLOSER}")
    assert s.scores == (0, 0)                     # lifted: the triangle is open
    s.apply("drop 0,1-1,1")
    assert s.scores == (0, 0)


# ---------------------------------------------------------------------- FM-R20 target


def test_fm_r20_target_is_6_for_two_players_and_5_for_more():
    assert TARGETS == {2: 6, 3: 5, 4: 5}
    for players, target in TARGETS.items():
        assert new_game(players=players, seed=0).target == target
    four = {"0,0u": (0, "mama", "baby"), "0,-1d": (0, "mama")}
    for players in (2, 3, 4):
        s = position(players, sticks=[CLOSER, *BELOW, *LEFT], goats=four)
        s.apply("mama -1,0d")                            # enclosed: 5 points
        assert s.scores[0] == 5
        assert s.winners == ((0,) if players > 2 else ()) and s.is_over == (players > 2)


def test_fm_r20_two_players_win_at_6():
    s = position(sticks=[CLOSER, *BELOW, *LEFT], goats=FIVE_FOR_P0)
    s.apply("mama -1,0d")
    assert s.scores == (6, 0)
    assert s.is_over and s.winners == (0,) and s.to_move is None
    assert s.prompt == "Player 1 wins!"


# ---------------------------------------------------------------------- FM-R21 win check

def test_fm_r21_win_checked_after_every_turn_even_someone_elses():
    s = position(sticks=[*BELOW, *LEFT], goats={"0,-1d": (0, "mama", "baby"),
                                              "-1,0d": (0, "mama", "mama"), "0,0u": (0, "mama")},
                 to_move=1)
    assert s.scores == (5, 0)
    roll(s, "add")
    s.apply(f"stick {CLOSER}")               # P1 closes the centre triangle: P0 has 6
    assert s.is_over and s.winners == (0,)


def test_fm_r21_tie_at_the_target_continues_play():
    tied = {"0,0u": (0, "mama", "baby"), "0,0d": (0, "mama", "mama"), "1,0u": (0, "mama"),
            "1,0d": (1, "mama", "baby"), "2,0u": (1, "mama", "mama"), "2,0d": (1, "mama")}
    s = position(sticks=strip(4), goats=tied)
    assert s.scores == (6, 6)
    s.apply("mama 4,0u")                     # borders one stick only: still 6 to 6
    assert not s.is_over and s.to_move == 1
    assert "Tied at the top" in s.log[-1]
    s.apply("mama 3,0d")                     # enclosed: 7 to 6
    assert s.scores == (6, 7)
    assert s.is_over and s.winners == (1,)


def test_fm_r21_a_leader_below_the_target_does_not_win():
    s = position(sticks=[CLOSER], goats={"0,0u": (0, "mama", "baby")})
    s.apply("mama -1,0d")
    assert s.scores == (3, 0) and not s.is_over


# ---------------------------------------------------------------------- FM-R22 guard

def test_fm_r22_turn_guard_ends_the_game_in_a_draw():
    assert new_game(seed=0).variants["max_turns"] == 500
    s = new_game(players=3, seed=5, max_turns=4)
    for turn in range(1, 5):
        assert not s.is_over and s.turn == turn
        s.apply("roll")
        while s.phase not in ("turn", "over"):
            s.apply(s.legal_actions()[0])
    assert s.is_over and s.turn == 4 and s.winners == () and s.to_move is None
    assert s.legal_actions() == []
    assert "draw" in s.prompt and "No winner after" in s.log[-1]
    with pytest.raises(GameOverError) as info:
        s.apply("roll")
    assert info.value.rule == "game over" and "roll" in str(info.value)


def test_fm_r22_a_win_on_the_last_turn_is_still_a_win():
    s = position(sticks=[CLOSER, *BELOW, *LEFT], goats=FIVE_FOR_P0, max_turns=1)
    s.apply("mama -1,0d")
    assert s.winners == (0,)


@pytest.mark.parametrize("bad", [0, -3, 2.5, "500", True])
def test_fm_r22_max_turns_is_validated(bad):
    with pytest.raises(VariantError) as info:
        new_game(seed=0, max_turns=bad)
    assert info.value.rule == "FM-R22" and "max_turns" in str(info.value)


# ---------------------------------------------------------------------- our readings

def test_our_readings_are_listed():
    assert sorted(OUR_READINGS) == ["FM-X1", "FM-X2", "FM-X3", "FM-X4", "FM-X5"]


def test_fm_x1_second_move_uses_another_stick():
    s = position(sticks=["1,0-2,0", "0,1-1,1"])
    roll(s, "move_two")
    s.apply("move 1,0-2,0")
    s.apply("drop -1,0-0,0")
    refused(s, "move -1,0-0,0", "FM-X1", "different stick")


def test_fm_x1_turn_ends_when_no_light_stick_is_left_for_the_second_move():
    s = position(sticks=["1,0-2,0", "2,0-3,0"])
    roll(s, "move_two")
    s.apply("move 1,0-2,0")
    s.apply("drop -1,0-0,0")                       # 2,0-3,0 floats away
    assert (s.phase, s.to_move) == ("turn", 1)
    assert "No other light stick is left to move" in s.log[-1]
    assert s.light_sticks() == [E("-1,0-0,0")]
    check_conserved(s)


def test_fm_x2_goat_love_never_splits_a_stack():
    s = position(goats={"0,0u": (0, "mama", "baby"), "-1,0d": (0, "mama"), "0,-1d": (0, "mama")})
    roll(s, "love")
    refused(s, "love 0,0u -1,0d", "FM-X2", "never split")
    # a stack and one lone goat: nothing may be loved, so add a stick instead (FM-R11)
    s = position(goats={"0,0u": (0, "mama", "baby"), "-1,0d": (0, "mama")})
    roll(s, "love")
    assert s.phase == "add" and s.replaced


def test_fm_x3_a_moved_stick_must_touch_the_part_still_joined_to_the_anchors():
    s = position(sticks=["1,0-2,0", "2,0-3,0"])
    roll(s, "add_or_move")
    s.apply("move 1,0-2,0")
    reach = raft_nodes(s.sticks)
    assert reach == {(0, 0), (1, 0), (0, 1)}
    drops = {a.stick for a in s.legal_actions()}
    assert all(set(e) & reach for e in drops)
    refused(s, "drop 3,0-4,0", "FM-X3")        # touches only the cut-off stick
    refused(s, "drop 2,0-2,1", "FM-X3")
    s.apply("drop 0,1-1,1")
    assert E("2,0-3,0") not in s.sticks and s.pile == 47


def test_fm_x4_shark_swims_off_and_comes_back_without_a_follow_move():
    s = position(sticks=["1,0-2,0"], shark="1,-1d",
                 goats={"0,0u": (0, "mama"), "-1,0d": (1, "mama")})
    roll(s, "add_or_move")
    s.apply("move 1,0-2,0")
    s.apply("drop -1,0-0,0")
    assert s.shark is None and "shark swam off" in s.log[-1]
    roll(s, "shark")                                       # P1 attacks: like a first attack
    s.apply("shark 0,0u")
    assert s.shark == S("0,0u") and (s.phase, s.to_move) == ("turn", 0)
    check_conserved(s)


LOCKED_BRANCH = {"sticks": ["1,0-2,0", "0,1-1,0"], "dark": ["2,0-3,0", "2,1-3,0", "2,0-2,1"],
                 "goats": {"2,0u": (1, "mama")}}      # a locked triangle hanging on 1,0-2,0


def test_fm_x5_a_move_may_not_set_a_locked_spot_adrift():
    s = position(**LOCKED_BRANCH)
    assert s.is_locked(S("2,0u"))
    roll(s, "add_or_move")
    assert {t for t in legal(s) if t.startswith("move")} == {"move 0,1-1,0"}
    refused(s, "move 1,0-2,0", "FM-X5", "locked")


def test_fm_x5_the_same_bridge_moves_once_nothing_locked_hangs_on_it():
    s = position(sticks=["1,0-2,0", "0,1-1,0", "2,0-3,0"], dark=["2,1-3,0", "2,0-2,1"],
                 goats={"2,0u": (1, "mama")})           # enclosed but not locked
    roll(s, "add_or_move")
    s.apply("move 1,0-2,0")
    s.apply("drop 0,1-1,1")
    assert S("2,0u") not in s.goats and s.supply[1]["mama"] == 6


def test_fm_x5_a_drop_that_strands_a_locked_spot_is_refused():
    # the locked triangle 2,0u hangs on the light stick 1,1-2,1; lifted, it may only go where
    # it joins the triangle to the raft again
    s = position(sticks=["1,0-1,1", "1,1-2,1"], dark=["2,0-3,0", "2,1-3,0", "2,0-2,1"],
                 goats={"2,0u": (0, "baby")})
    roll(s, "add_or_move")
    s.apply("move 1,1-2,1")
    assert legal(s) == {"drop 1,0-2,0", "drop 1,1-2,0"}
    refused(s, "drop 0,1-1,1", "FM-X5", "locked")


def test_fm_x5_nothing_movable_means_add_a_stick_instead():
    s = position(sticks=["1,0-1,1", "1,1-2,1"], dark=["2,1-3,1", "2,2-3,1", "2,1-2,2"],
                 goats={"2,1u": (0, "baby")})           # both light sticks carry the lock
    roll(s, "move_two")
    assert s.phase == "add" and s.replaced               # FM-R11


# ---------------------------------------------------------------------- notation and errors

def random_positions(games: int = 6, steps: int = 160):
    """States along a few seeded random games (2-4 players)."""
    for seed in range(games):
        s = new_game(players=2 + seed % 3, seed=100 + seed)
        bot = make_bot("random", seed=seed)
        for _ in range(steps):
            if s.is_over:
                break
            yield s
            s.apply(bot.choose(s))


def test_notation_round_trips_for_every_legal_action():
    seen = set()
    for s in random_positions():
        for action in s.legal_actions():
            text = str(action)
            assert str(parse_action(text)) == text
            assert parse_action(text) == action == s.parse_action(text)
            assert action.to_dict()["text"] == text
            seen.add(action.kind)
    assert seen == {"roll", "mama", "baby", "stick", "move", "drop", "flip", "shark",
                    "follow", "stay", "fight", "love"}


def test_notation_accepts_loose_spacing_and_case():
    assert str(parse_action("  STICK 1,0 - 0,0 ")) == "stick 0,0-1,0"
    assert str(parse_action("fight 0,0u -> 1,-1d")) == "fight 0,0u 1,-1d"
    assert str(parse_action("stick 0,-1--1,0")) == "stick -1,0-0,-1"
    assert parse_action("move (1,0) (2,0)").stick == E("1,0-2,0")


@pytest.mark.parametrize("text", ["", "   ", "jump 0,0u", "mama", "mama 0,0x", "roll now",
                                  "stick 0,0-2,0", "stick 0,0", "love 0,0u", "fight a b",
                                  "stay 1,0u"])
def test_action_parse_error_names_the_text(text):
    s = new_game(seed=0)
    before = s.to_json()
    with pytest.raises(ActionParseError) as info:
        s.apply(text)
    assert info.value.rule == "notation"
    if text.strip():
        assert repr(text.strip()) in str(info.value)
    assert s.to_json() == before
    with pytest.raises(ActionParseError):
        parse_action(42)


def test_not_your_decision_error():
    s = new_game(players=3, seed=0, names=["Ana", "Ben", "Cy"])
    before = s.to_json()
    with pytest.raises(NotYourDecisionError) as info:
        s.apply("roll", seat=1)
    assert info.value.rule == "turn order"
    assert "Ana" in str(info.value) and "Ben" in str(info.value)
    with pytest.raises(NotYourDecisionError, match="seat 9"):
        s.apply(s.legal_actions()[0], seat=9)
    assert s.to_json() == before
    s.apply("roll", seat=0)
    assert s.history[-1]["seat"] == 0


def test_game_over_error():
    s = position(sticks=[CLOSER, *BELOW, *LEFT], goats=FIVE_FOR_P0)
    s.apply("mama -1,0d")
    before = s.to_json()
    for text in ("roll", "mama 0,0d"):
        with pytest.raises(GameOverError) as info:
            s.apply(text)
        assert text in str(info.value)
    assert s.to_json() == before


def test_every_error_is_a_game_error_and_a_value_error():
    for cls in (IllegalActionError, ActionParseError, NotYourDecisionError, GameOverError,
                VariantError):
        assert issubclass(cls, GameError) and issubclass(cls, ValueError)


def test_wrong_phase_actions_name_the_action_and_the_phase_rule():
    from goatwidgets.games.floats_mcgoats import parse_action
    from goatwidgets.games.floats_mcgoats.explain import describe
    s = position(sticks=["1,0-2,0"], goats={"0,0u": (0, "mama"), "-1,0d": (1, "mama")})
    roll(s, "flip")
    for text in ("roll", "mama 0,-1d", "stick 2,0-3,0", "move 1,0-2,0", "stay",
                 "shark 0,0u", "fight 0,0u -1,0d"):
        refused(s, text, "FM-R15", describe(parse_action(text)))
    t = position(sticks=["1,0-2,0"], goats={"0,0u": (0, "mama")})
    roll(t, "shark")
    for text in ("flip 1,0-2,0", "roll", "follow 0,0u"):
        refused(t, text, "FM-R17", describe(parse_action(text)))


@pytest.mark.parametrize("value", [0, -1, 100_001, 10**30, 10**5000, True, 1.5, "x", "a\ud800",
                                   None, [500], {"n": 500}], ids=lambda v: type(v).__name__)
def test_fm_r22_max_turns_is_bounded(value):
    variant_error(lambda: new_game(seed=0, max_turns=value), "max_turns", 300)


@pytest.mark.parametrize("faces", [{"add": 10**5000}, {"add": 10**20}, {"add": 13},
                                   {"add": True, "shark": 11}, {"add": 1.5, "shark": 10.5},
                                   {"a\ud800": 12}, {str(i): 1 for i in range(200_000)},
                                   [12], "add", None, {"add": "12"}], ids=lambda v: type(v).__name__)
def test_fm_r8_faces_are_bounded(faces):
    with pytest.raises(VariantError) as info:
        new_game(seed=0, faces=faces)
    assert "faces" in str(info.value) and len(str(info.value)) < 300


@pytest.mark.parametrize("make", [
    lambda: parse_action(None), lambda: parse_action(b"roll"), lambda: parse_action(["roll"]),
    lambda: Action(None), lambda: Action(["mama"]), lambda: Action("mama", spot=[0, 0, "u"]),
    lambda: Action("mama", spot=(10**5000, 0, "u")), lambda: Action("mama", spot=(True, 0, "u")),
    lambda: Action("stick", stick=((10**5000, 0), (10**5000 + 1, 0))),
    lambda: Action("stick", stick=((0, 0), (1, 0), (2, 0))), lambda: Action("stick", stick="0,0-1,0"),
    lambda: Action("love", spot=(0, 0, "u"), target=5), lambda: Action("roll", spot=(0, 0, "u")),
])
def test_wrong_types_and_huge_numbers_give_the_games_own_errors(make):
    with pytest.raises(GameError) as info:
        str(make())
    assert len(str(info.value)) < 300


@pytest.mark.parametrize("parse, text", [(parse_edge, "9" * 5000 + ",0-0,0"), (parse_edge, None),
                                         (parse_spot, "9" * 5000 + ",0u"), (parse_spot, 5),
                                         (parse_spot, ["0,0u"])])
def test_lattice_readers_say_what_is_not_a_stick_or_spot(parse, text):
    """parse_edge and parse_spot raise ValueError (as documented) in plain words, never
    Python's own error about text or digits."""
    with pytest.raises(ValueError, match="is not a st|is not a sp|is text like") as info:
        parse(text)
    assert len(str(info.value)) < 200


# ---------------------------------------------------------------------- words (issue 24)
# Any name reads right: "You" in the second or third seat of a three-player game, as roller,
# owner or onlooker, with the name said once in a line where once is enough (item 8), and the
# lines that matter most in a move marked as headlines for "Just now" (item 6).

NAMED = {1: ["Ana", "You", "Bo"], 2: ["Ana", "Bo", "You"]}
YOURS = re.compile(r"\byours?\b", re.I)


def new_lines(s, *actions, faces=()):
    """The public log entries ``actions`` add, as (text, headline) pairs."""
    if faces:
        s.preset(die=list(faces))
    before = len(s.log_entries_for(None))
    for action in actions:
        s.apply(action)
    return s.log_entries_for(None)[before:]


@pytest.mark.parametrize("you", [1, 2])
@pytest.mark.parametrize("roller", [0, 1, 2])
def test_fm_r11_the_stick_instead_line_reads_right_for_any_name(you, roller):
    names = NAMED[you]
    s = position(3, names=names, to_move=roller, goats={"0,0u": (roller, "mama")})
    line = new_lines(s, "roll", faces=["love"])[-1][0]
    who = "You have" if roller == you else f"{names[roller]} has"
    assert line == f"{who} to add a stick instead: Goat love can't be done."


@pytest.mark.parametrize("you", [1, 2])
def test_fm_r13_a_stack_floating_away_is_one_headline_naming_its_owner_once_per_part(you):
    names, other = NAMED[you], 3 - you
    for owner in (you, other):
        s = position(3, names=names, sticks=["1,0-2,0", "2,0-3,0", "2,0-2,1"],
                     goats={"2,0u": (owner, "mama", "baby")})
        lines = new_lines(s, "roll", "move 1,0-2,0", "drop 0,1-1,0", faces=["add_or_move"])
        goats = [(text, top) for text, top in lines if "out to sea" in text]
        whose = "Your" if owner == you else f"{names[owner]}'s"
        back = "your" if owner == you else f"{names[owner]}'s"
        assert goats == [(f"{whose} mama goat and baby goat floated out to sea: back to "
                          f"{back} supply.", True)]


@pytest.mark.parametrize("you", [1, 2])
@pytest.mark.parametrize("mover", [0, 1, 2])
def test_fm_r16_the_goat_love_line_names_the_player_once(you, mover):
    names = NAMED[you]
    s = position(3, names=names, to_move=mover, sticks=[CLOSER],
                 goats={"0,0u": (mover, "mama"), "0,-1d": (mover, "baby")})
    line = new_lines(s, "roll", "love 0,-1d 0,0u", faces=["love"])[-1][0]
    who = "You" if mover == you else names[mover]
    assert line == f"{who} stacked two goats: the baby goat onto a mama goat."


@pytest.mark.parametrize("you", [1, 2])
def test_fm_r17_the_shark_attack_is_a_headline_that_names_the_owner_right(you):
    names = NAMED[you]
    for owner, roller in ((you, 0), (0, you), (you, you)):
        s = position(3, names=names, to_move=roller, sticks=[CLOSER],
                     goats={"0,0u": (owner, "mama", "baby")})
        lines = new_lines(s, "roll", "shark 0,0u", faces=["shark"])
        whose = "your" if owner == you else f"{names[owner]}'s"
        assert lines[1] == (f"The shark attacked {whose} mama goat and baby goat: back to "
                            f"{whose} supply.", True)


@pytest.mark.parametrize("you", [1, 2])
def test_fm_r18_the_goat_fight_is_a_headline_that_reads_right_both_ways(you):
    names, other = NAMED[you], 3 - you
    for fighter, victim in ((you, other), (other, you)):
        s = position(3, names=names, to_move=fighter, sticks=[CLOSER],
                     goats={"0,0u": (victim, "mama"), "0,-1d": (fighter, "mama")})
        lines = new_lines(s, "roll", "fight 0,-1d 0,0u", faces=["fight"])
        who = "You" if fighter == you else names[fighter]
        whom = "you" if victim == you else names[victim]
        assert lines[-1] == (f"{who} fought {whom}: the two goats swapped places.", True)


@pytest.mark.parametrize("you", [1, 2])
def test_fm_r21_r22_the_end_of_the_game_is_a_headline(you):
    names = NAMED[you]
    s = position(3, names=names, to_move=you, sticks=[CLOSER, *BELOW, *LEFT],
                 goats={"0,-1d": (you, "mama", "baby"), "-1,0d": (you, "mama")})
    assert new_lines(s, "mama 0,0u")[-1] == ("You win with 5 points!", True)
    s = position(3, names=names, turn=500)
    assert new_lines(s, "mama 0,0u")[-1] == ("No winner after 500 turns: the game is a draw.",
                                             True)


@pytest.mark.parametrize("you", [1, 2])
def test_fm_r16_r17_r18_onlookers_read_the_task_without_your_goats(you):
    """The prompt says "your goats" only to the seat whose goats they are (FM-R16 to FM-R18)."""
    names = NAMED[you]
    for face, kwargs in (("love", {}), ("fight", {}), ("shark", {"shark": "-1,0d"})):
        for decider in range(3):
            goats = {"0,0u": (decider, "mama"), "0,-1d": (decider, "mama"),
                     "1,0u": ((decider + 1) % 3, "mama")}
            s = position(3, names=names, to_move=decider, sticks=[CLOSER, "1,0-1,1"],
                         goats=goats, **kwargs)
            new_lines(s, "roll", *(["shark 1,0u"] if face == "shark" else []), faces=[face])
            assert s.phase == ("follow" if face == "shark" else face)
            for seat in (None, 0, 1, 2):
                prompt = s.prompt_for(seat)
                if seat == decider or decider == you:
                    continue
                assert not YOURS.search(prompt), (seat, prompt)
                assert prompt.startswith(f"{names[decider]}'s turn: ")


def test_fm_r10_a_refusal_speaks_to_the_decider_without_their_name():
    s = position(3, names=NAMED[1], goats={"0,0u": (0, "mama"), "0,-1d": (0, "mama")})
    roll(s, "love")
    err = s.why_not("roll")
    assert err.reason == ("can't roll the die now: move one of your goats onto another of "
                          "yours.")


@pytest.mark.parametrize("you", [1, 2])
def test_the_view_names_every_goat_in_words_for_any_name(you):
    names = NAMED[you]
    s = position(3, names=names, sticks=[CLOSER],
                 goats={"0,0u": (you, "mama", "baby"), "0,-1d": (0, "mama"),
                        "-1,0d": (3 - you, "mama", "mama")}, shark="0,0d")
    words = {spot["id"]: spot.get("words") for spot in s.view(None)["spots"]}
    assert words == {"0,0u": "your stack (mama goat and baby goat)",
                     "0,-1d": "Ana's mama goat",
                     "-1,0d": f"{names[3 - you]}'s stack (two mama goats)",
                     "0,0d": None}


def test_fm_r21_a_position_refused_for_an_untaken_win_says_you_right():
    with pytest.raises(ValueError, match="You lead alone at the target"):
        position(names=["You", "Bo"], sticks=[CLOSER, *BELOW, *LEFT],
                 goats={"0,0u": (0, "mama", "baby"), "0,-1d": (0, "mama", "mama"),
                        "-1,0d": (0, "mama")}, to_move=1)


# ---------------------------------------------------------------------- the board marks moves

def test_bots_moves_are_marked_on_the_board_and_just_now_marks_headlines():
    """Issue 24 item 6: nothing is hidden in Floats, so every seat knows every action; a
    bot's move reaches the board's marks and its headline leads "Just now"."""
    from goatwidgets import FloatsMcGoats
    w = FloatsMcGoats(state=position(names=["You", "Bo"], sticks=[CLOSER],
                                     goats={"0,0u": (0, "mama"), "0,-1d": (1, "mama")}),
                      bots={1: "greedy"})
    w.state.preset(die=["fight", "add"])
    w.play("roll")
    w.play("fight 0,0u 0,-1d")                # then Bo's bot moves (a roll would show "add")
    bot_moves = [e["action"] for e in w.state.history if e["seat"] == 1]
    assert bot_moves
    assert [a["text"] for a in w.last_move["actions"]] == ["fight 0,0u 0,-1d", *bot_moves]
    assert w.last_move["lines"][0] == "You fought Bo: the two goats swapped places."
    assert w.last_move["lines"][1].startswith("Bo ")
    for entry in w.state.history:
        for seat in (None, 0, 1):
            assert str(w.state.public_action(entry, seat)) == entry["action"]
    won = FloatsMcGoats(state=position(names=["You", "Bo"], sticks=[CLOSER, *BELOW, *LEFT],
                                       goats=FIVE_FOR_P0))
    won.play("mama -1,0d")
    # in the order it happened (issue 34 item 8), the win marked as the headline
    assert won.last_move["lines"] == ["You placed a mama goat in a closed triangle.",
                                      "You win with 6 points!"]
    assert won.last_move["headlines"] == [1]


@pytest.mark.parametrize("you", [1, 2])
def test_fm_r6_no_goat_left_is_said_to_the_decider_once(you):
    """The refusal speaks to the player who tried, as every other refusal does."""
    names = NAMED[you]
    for seat in (0, you):
        s = position(3, names=names, to_move=seat, goats={"0,0u": (seat, "baby")})
        assert s.why_not("baby 0,-1d").reason == ("can't place the baby goat: you have none "
                                                  "left in your supply")


@pytest.mark.parametrize("you", [1, 2])
def test_fm_r17_the_follow_line_says_which_goats_followed(you):
    names, other = NAMED[you], 3 - you
    for roller in (you, other):
        s = position(3, names=names, to_move=roller, sticks=[CLOSER], shark="0,0u",
                     goats={"0,-1d": (3 - roller, "mama"), "-1,0d": (roller, "mama", "baby")})
        line = new_lines(s, "roll", "shark 0,-1d", "follow -1,0d", faces=["shark"])[-1][0]
        whose = "Your" if roller == you else f"{names[roller]}'s"
        assert line == f"{whose} mama goat and baby goat followed the shark into the spot it left."
