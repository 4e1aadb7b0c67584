"""Floats McGoats saves: the saved fields declared once, the turn guard, the checks that a
saved (or built) position is one play could reach, and the conservation laws.

- ``SAVED_FIELDS``: every field of a saved position with its range and, where the attribute
  is not plain data (the raft, spots, sticks), its converters; the engine derives the save,
  the load and the schema check from it. The stick in hand is one attribute, ``held``,
  saved under both of its old keys (``held`` and ``held_from``), so old saves load.
- ``check_position(state)``: what each pending decision implies about the rest of the
  position and the end (``State._check_position``);
- ``check_invariants(state)``: sticks and goats are conserved, every stick is joined to the
  anchors.

Functions take the state as their first argument; this module never imports ``rules``.

    >>> from goatwidgets.games.floats_mcgoats import new_game
    >>> s = new_game(seed=1)
    >>> sorted(s._get_data())[:4]
    ['current', 'face', 'goats', 'held']
    >>> s._get_data()["sticks"]
    [[[0, 0], [0, 1], 'anchor'], [[0, 0], [1, 0], 'anchor']]
    >>> s.held = ((0, 1), (1, 0)); s._get_data()["held_from"]
    [[0, 1], [1, 0]]
"""

from __future__ import annotations

from ...engine.schema import Bool, Fields, Int, ListOf, Nullable, OneOf, Saved, Seat, Tuple
from ...engine.variants import TurnGuard
from ...engine.words import says
from .actions import FACE_LABELS, FACE_PHASE, PHASES
from .board import (
    ANCHOR_POINT,
    ANCHORS,
    PILE,
    SUPPLY,
    Edge,
    Raft,
    Spot,
    anchored_points,
    make_edge,
    spot_edges,
)

#: FM-R22: a game with no winner after ``max_turns`` turns is a draw (500 by default; a
#: teacher may set up to 100,000)
TURN_GUARD = TurnGuard("FM-R22", default=500, most=100_000)
STICK_KINDS = ("anchor", "light", "dark")

#: a raft of 50 sticks never reaches further than this from the anchors
_COORD = Int(-60, 60)
_POINT = Tuple(_COORD, _COORD)
_EDGE = Tuple(_POINT, _POINT)
_SPOT = Tuple(_COORD, _COORD, OneOf(["u", "d"]))


# ---------------------------------------------------------------- converters

def edge_data(edge: Edge | None):
    return [[*edge[0]], [*edge[1]]] if edge else None


def edge_record(data) -> Edge | None:
    return make_edge(tuple(data[0]), tuple(data[1])) if data else None


def spot_data(spot: Spot | None):
    return list(spot) if spot else None


def spot_record(data) -> Spot | None:
    if not data:
        return None
    q, r, ud = data
    if ud not in ("u", "d"):
        raise ValueError(f"a spot side must be 'u' or 'd', not {ud!r}")
    return (int(q), int(r), ud)


def sticks_data(sticks: Raft) -> list:
    return [[[*a], [*b], kind] for (a, b), kind in sorted(sticks.items())]


def sticks_record(data) -> Raft:
    sticks = Raft({make_edge(tuple(a), tuple(b)): kind for a, b, kind in data})
    if any(k not in STICK_KINDS for k in sticks.values()):
        raise ValueError("a stick kind must be anchor, light or dark")
    return sticks


def goats_data(goats: dict[Spot, list[tuple[int, str]]]) -> list:
    return [[[*s], [[*g] for g in stack]] for s, stack in sorted(goats.items())]


def goats_record(data) -> dict[Spot, list[tuple[int, str]]]:
    return {spot_record(s): [(int(o), str(k)) for o, k in stack] for s, stack in data}


def supply_copy(supply: list[dict[str, int]]) -> list[dict[str, int]]:
    """Each seat's goats in supply, copied (both ways: they are plain data already)."""
    return [dict(s) for s in supply]


def winners_record(data) -> tuple[int, ...] | None:
    return tuple(data) if data is not None else None


SAVED_FIELDS = (
    Saved("sticks", ListOf(Tuple(_POINT, _POINT, OneOf(STICK_KINDS)), max_len=50),
          save=sticks_data, load=sticks_record),
    Saved("goats", ListOf(Tuple(_SPOT, ListOf(Tuple(Seat(), OneOf(["mama", "baby"])),
                                              min_len=1, max_len=2)), max_len=28),
          save=goats_data, load=goats_record),
    Saved("shark", Nullable(_SPOT), save=spot_data, load=spot_record),
    Saved("supply", ListOf(Fields(mama=Int(0, SUPPLY["mama"]), baby=Int(0, SUPPLY["baby"])),
                           length="players"), save=supply_copy, load=supply_copy),
    Saved("pile", Int(0, PILE)),
    Saved("current", Seat()),
    Saved("turn", Int(1, TURN_GUARD.most)),
    Saved("phase", OneOf(PHASES)),
    Saved("face", Nullable(OneOf(FACE_LABELS))),
    Saved("replaced", Bool()),
    Saved("moves_left", Int(0, 2)),
    # the stick in hand and its old place were two keys, always equal: one attribute now
    Saved("held", Nullable(_EDGE), save=edge_data, load=edge_record),
    Saved("held_from", Nullable(_EDGE), attr="held", save=edge_data, load=edge_record),
    Saved("vacated", Nullable(_EDGE), save=edge_data, load=edge_record),
    Saved("moved", Nullable(_EDGE), save=edge_data, load=edge_record),
    Saved("shark_left", Nullable(_SPOT), save=spot_data, load=spot_record),
    Saved("winners", Nullable(ListOf(Seat(), max_len=1)), attr="_winners",
          load=winners_record),
)


def check_data(data: dict) -> None:
    """What the fields of a save say twice must agree: ``held_from`` is ``held``."""
    if data["held_from"] != data["held"]:
        raise ValueError("held_from: the stick in hand came from where it is held from, so "
                         "held_from is the same as held (FM-R13)")


# ---------------------------------------------------------------- reachable positions

def check_position(state) -> None:
    """A saved (or built) position's fields must fit together as play leaves them: what
    each pending decision implies about the rest of the position and the end. Each failure
    names the field; ``check_invariants`` counts the pieces, the engine checks the turn guard
    and that the deciding seat has a legal action."""
    phase, face = state.phase, state.face
    if any((kind == "anchor") != (edge in ANCHORS) for edge, kind in state.sticks.items()):
        raise ValueError("sticks: only the two anchors are anchor sticks (FM-R2)")
    if (phase == "drop") != (state.held is not None):
        raise ValueError("held: a stick is held exactly in the drop phase (FM-R13)")
    if (phase == "follow") != (state.shark_left is not None):
        raise ValueError("shark_left: the spot the shark left is kept only while a follow "
                         "move is offered (FM-R17)")
    if state.replaced and phase != "add":
        raise ValueError("replaced: a face replaced by 'add a stick' leaves the add phase "
                         "pending (FM-R11)")
    _check_face(state, phase, face)
    if face and not state.variants["faces"].get(face):
        raise ValueError(f"face: the configured die has no {face!r} face (FM-R8)")
    _check_moves(state)
    if phase == "follow":
        _check_follow(state)
    _check_end(state)


def _check_face(state, phase: str, face: str | None) -> None:
    """The phase follows the rolled face (FM-R8, FM-R11, FM-R13, FM-R17)."""
    match phase:
        case "turn" | "over" if face:
            raise ValueError(f"face: nothing of a roll is left over in the {phase!r} phase")
        case "turn" | "over":
            pass
        case _ if face is None:
            raise ValueError(f"face: the {phase!r} phase comes after a roll, but no face was "
                             "rolled")
        case "add":
            if state.replaced != (face != "add") or (state.replaced
                                                     and state.face_possible(face)):
                raise ValueError(f"replaced: {face!r} is replaced by adding a stick exactly "
                                 "when it can't be done (FM-R11)")
        case "drop":
            if face not in ("add_or_move", "move_two"):
                raise ValueError(f"face: a stick is moved only after rolling a move face, not "
                                 f"{face!r}")
        case "follow":
            if face != "shark":
                raise ValueError("face: a follow move comes only after a shark attack (FM-R17)")
        case _ if phase != FACE_PHASE[face]:
            raise ValueError(f"face: the {phase!r} phase does not follow the face {face!r}")


def _check_moves(state) -> None:
    """How many stick moves are left and where the first of two went (FM-R13, FM-R14)."""
    phase, face = state.phase, state.face
    allowed = {"move": (1, 2), "drop": (1,) if face == "add_or_move" else (1, 2)}
    if state.moves_left not in allowed.get(phase, (0,)):
        raise ValueError(f"moves_left: {state.moves_left} moves can't be left in the "
                         f"{phase!r} phase (FM-R13, FM-R14)")
    second = face == "move_two" and state.moves_left == 1
    if (state.vacated is not None, state.moved is not None) != (second, second):
        raise ValueError("vacated, moved: the first stick's old and new places are kept "
                         "exactly during the second move of Move two sticks (FM-R14)")
    if second and (state.vacated in state.sticks or state.vacated == state.held):
        raise ValueError("vacated: the first stick's old place stays empty until the turn "
                         "ends (FM-R14)")
    if second and state.sticks.get(state.moved) != "light":
        raise ValueError("moved: the first stick moved lies on the raft as a light stick "
                         "(FM-R14)")


def _check_follow(state) -> None:
    """After a later shark attack (FM-R17): the shark sits on its new spot and the spot
    it left is empty, beside the raft, ready for one of the roller's free goats."""
    left = state.shark_left
    if state.shark is None or left == state.shark:
        raise ValueError("shark_left, shark: after the attack the shark stands on a new "
                         "spot, not on the one it left (FM-R17)")
    if left in state.goats or not state.touches_raft(left):
        raise ValueError("shark_left: the spot the shark left is empty and beside the "
                         "raft (FM-R17)")
    if not state.goat_spots(state.current):
        raise ValueError(f"phase: a follow move is offered only to a roller with a goat "
                         f"free to move, and {says(state.seat_name(state.current), 'has', 'have')}"
                         " none (FM-R17)")


def _check_end(state) -> None:
    """Winners are exactly the ones the win check names (FM-R21, FM-R22), and a win is
    never left untaken: at the start of a turn, and right after a roll (the board
    unchanged since), nobody leads alone at the target."""
    phase = state.phase
    leader = state.leader()
    if phase == "over":
        expected = () if leader is None else (leader,)
        if state._winners != expected:
            raise ValueError(f"winners: the win check names {list(expected)}, not "
                             f"{list(state._winners or ())} (FM-R21)")
        if not expected and not state.turn_guard_reached():
            raise ValueError("turn: a game ends without a winner only at the turn guard "
                             "(FM-R22)")
    elif state._winners is not None:
        raise ValueError("winners: the game is not over")
    elif leader is not None and (phase not in ("drop", "follow", "move")
                                 or (phase == "move" and state.moves_left == 2)):
        raise ValueError(f"phase: {says(state.seat_name(leader), 'leads', 'lead')} alone at "
                         "the target, so the game would have ended with the last turn "
                         "(FM-R21)")


# ---------------------------------------------------------------- invariants

def check_invariants(state) -> None:
    """Sticks and goats are conserved, and every stick is joined to the anchors."""
    sticks = len(state.sticks) + state.pile + (1 if state.held else 0)
    assert sticks == PILE + len(ANCHORS), f"{sticks} sticks instead of {PILE + 2}"
    assert all(state.sticks.get(e) == "anchor" for e in ANCHORS), "an anchor is missing"
    for seat in range(state.players):
        for kind, total in SUPPLY.items():
            on_raft = sum(1 for goats in state.goats.values() for o, k in goats
                          if o == seat and k == kind)
            have = on_raft + state.supply[seat][kind]
            assert have == total, f"seat {seat} has {have} {kind} goats, not {total}"
    # while a stick is held (mid-move) nothing has floated away yet: judge the raft with
    # the held stick at its old place, as the float-away check after the drop will
    sticks = {**state.sticks, state.held: "light"} if state.held else state.sticks
    assert not state.held or state.held not in state.sticks, "the held stick is on the raft"
    reach = anchored_points(sticks, ANCHOR_POINT)
    assert all(e[0] in reach for e in sticks), "a stick is cut off from the anchors"
    for spot, goats in state.goats.items():
        assert 1 <= len(goats) <= 2 and len({o for o, _ in goats}) == 1, f"bad stack {spot}"
        assert any(e in sticks for e in spot_edges(spot)), f"goat on {spot} touches no stick"
        assert spot != state.shark, "a goat shares the shark's spot"
    if state.shark is not None:
        assert any(e in sticks for e in spot_edges(state.shark)), \
            "the shark is not on a spot beside the raft (FM-R17, FM-X4)"
