"""Floats McGoats views: what leaves the state for a seat, and the words it reads.

Every function takes the state as its first argument and changes nothing; this module never
imports ``rules``:

- ``public_view(state)``, ``private_view(state, seat)``: the view's keys (the JS reads them);
  nothing in Floats is hidden, so the private view is empty;
- ``prompt(state, seat)``: the pending decision as ``seat`` reads it; ``decision_prompt``
  what the deciding player is asked, without their name;
- the words of the log's lines (``*_line``): the rules say them with ``say``.

    >>> from goatwidgets.games.floats_mcgoats import new_game
    >>> s = new_game(players=2, seed=1, names=["Ana", "Bo"])
    >>> prompt(s, 0)
    "Ana's turn: place a goat on an open spot, or roll the die."
    >>> public_view(s)["bounds"]
    {'qmin': -1, 'qmax': 2, 'rmin': -1, 'rmax': 2}
    >>> goat_words([(0, "baby"), (0, "mama")])
    'mama goat and baby goat'
"""

from __future__ import annotations

from ...engine.words import end_prompt, obj, plural, possessive, says, subject
from .actions import FACE_LABELS
from .board import POINTS, Edge, Spot, edge_spots, edge_text, spot_text

#: the pending decision as the other players read it (the player to move reads
#: ``decision_prompt``, which says "your")
ONLOOKER_PROMPTS = {
    "love": "stack one goat onto another (Goat love).",
    "follow": "move a goat into the spot the shark left, or stay.",
    "fight": "swap a goat with an opponent's goat (Goat fight).",
}

# ---------------------------------------------------------------- the views


def public_view(state) -> dict:
    """What everyone may know: the whole table (``State._public_view``)."""
    spots = set(state.goats) | ({state.shark} if state.shark else set())
    spots |= {s for e in state.sticks for s in edge_spots(e) if state.is_enclosed(s)}
    held = state.held
    points = [p for e in state.sticks for p in e] + ([p for p in held] if held else [])
    qs, rs = [p[0] for p in points], [p[1] for p in points]
    return {
        "turn": state.turn,
        "phase": state.phase,
        "face": state.face,
        "face_label": FACE_LABELS[state.face] if state.face else None,
        "replaced": state.replaced,
        "moves_left": state.moves_left,
        "sticks": [stick_view(e, kind) for e, kind in sorted(state.sticks.items())],
        "held": stick_view(held, "light") if held else None,
        "spots": [spot_view(state, s) for s in sorted(spots)],
        "shark": spot_text(state.shark) if state.shark else None,
        "supply": [dict(s) for s in state.supply],
        "pile": state.pile,
        "target": state.target,
        "max_turns": state.max_turns,
        # the lattice window to draw: the raft and one step around it (where every new
        # stick or goat can go), so pieces stay large on a projector
        "bounds": {"qmin": min(qs) - 1, "qmax": max(qs) + 1,
                   "rmin": min(rs) - 1, "rmax": max(rs) + 1},
    }


def private_view(state, seat: int) -> dict:
    """What only ``seat`` may see: nothing, everything is on the table
    (``State._private_view``)."""
    return {}


def stick_view(edge: Edge, kind: str) -> dict:
    return {"id": edge_text(edge), "a": list(edge[0]), "b": list(edge[1]), "kind": kind}


def spot_view(state, spot: Spot) -> dict:
    goats = state.goats.get(spot, [])
    enclosed = state.is_enclosed(spot)
    return {
        "id": spot_text(spot), "q": spot[0], "r": spot[1], "up": spot[2] == "u",
        "goats": [{"owner": o, "kind": k} for o, k in goats],
        "shark": spot == state.shark,
        "enclosed": enclosed,
        "locked": state.is_locked(spot),
        "points": sum(POINTS[k] for _, k in goats) if enclosed else 0,
        **({"words": goats_words(state, goats)} if goats else {}),
    }


def goats_words(state, goats: list[tuple[int, str]]) -> str:
    """The goats of a spot for the board's labels: "your mama goat", "Ana's stack (two
    mama goats)"."""
    whose = possessive(state.seat_name(goats[0][0]))
    return f"{whose} {goat_words(goats)}" if len(goats) == 1 else \
        f"{whose} stack ({goat_words(goats)})"


def goat_words(goats: list[tuple[int, str]]) -> str:
    """One owner's goats on a spot, mama first: "baby goat", "two mama goats", "mama goat
    and baby goat"."""
    kinds = sorted((kind for _, kind in goats), key=lambda k: k != "mama")
    if len(kinds) == 1:
        return f"{kinds[0]} goat"
    return "two mama goats" if kinds == ["mama", "mama"] else "mama goat and baby goat"


def one_goat(kind: str) -> str:
    """"a mama goat" or, everyone having only one, "the baby goat"."""
    return "the baby goat" if kind == "baby" else "a mama goat"


# ---------------------------------------------------------------- actions in words

#: small counts in words ("two up"); larger ones as digits
_COUNT = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
#: an up triangle's sides: a stick lies along one of them (``edge_spots`` gives it first)
_SIDE = {(1, 0): "bottom", (0, 1): "left", (1, -1): "right"}


def action_words(state, action, seat: int) -> str:
    """``action`` as the raft shows it, said to ``seat``, who takes it in this position
    (``State.action_words``). The raft shows no coordinates: a triangle (a spot) is counted
    from the triangle between the two black anchors, in rows up or down and triangles
    right or left along its row (up is up on the screen); a stick is a side of the upward triangle it
    borders ("the right side of the triangle between the anchors"); goats by whose they are.

        >>> from goatwidgets.games.floats_mcgoats import position
        >>> s = position(goats={"0,0u": [(1, "mama")]}, names=["Ana", "Bo"])
        >>> action_words(s, s.parse_action("mama 0,-1d"), 0)
        "put a mama goat on the triangle one down from the anchors' triangle"
        >>> s.preset(die="add"); s.apply("roll")
        >>> action_words(s, s.parse_action("stick 0,1-1,0"), 0)
        'add a stick along the right side of the triangle between the anchors'
    """
    spot, target, stick = action.spot, action.target, action.stick
    match action.kind:
        case "roll":
            return "roll the die"
        case "mama":
            return f"put a mama goat on {spot_words(spot)}"
        case "baby":
            return f"put your baby goat on {spot_words(spot)}"
        case "stick":
            return f"add a stick along {stick_words(stick)}"
        case "move":
            return f"pick up the light stick along {stick_words(stick)} to move it"
        case "drop":
            return f"put the stick down along {stick_words(stick)}"
        case "flip":
            return f"flip the light stick along {stick_words(stick)} to dark"
        case "love":
            return (f"stack {_goats(state, spot, seat)} from {spot_words(spot)} onto "
                    f"{_goats(state, target, seat)} on {spot_words(target)}")
        case "shark":
            return f"send the shark at {_goats(state, spot, seat)} on {spot_words(spot)}"
        case "follow":
            return (f"move {_goats(state, spot, seat)} from {spot_words(spot)} into the spot "
                    "the shark left")
        case "stay":
            return "stay: don't follow the shark"
        case _:
            return (f"swap {_goats(state, spot, seat)} on {spot_words(spot)} with "
                    f"{_goats(state, target, seat)} on {spot_words(target)}")


def spot_words(spot: Spot) -> str:
    """A triangle of the lattice counted from the one between the anchors (FM-R2): "the
    triangle between the anchors", "the triangle one up and two left from the anchors'
    triangle". Along a row the triangles take turns pointing up and down; one row up, the
    triangle just above has the same place across."""
    q, r, ud = spot
    across = r + 2 * q + (ud == "d")
    if (r, across) == (0, 0):
        return "the triangle between the anchors"
    parts = [f"{_count(abs(n))} {word}" for n, word in
             ((r, "up" if r > 0 else "down"), (across, "right" if across > 0 else "left")) if n]
    return f"the triangle {' and '.join(parts)} from the anchors' triangle"


def stick_words(edge: Edge) -> str:
    """A stick as a side of the upward triangle it borders: "the left side of the triangle
    between the anchors"."""
    (q1, r1), (q2, r2) = edge
    up = edge_spots(edge)[0]
    return f"the {_SIDE[(q2 - q1, r2 - r1)]} side of {spot_words(up)}"


def _count(n: int) -> str:
    return _COUNT[n] if n < len(_COUNT) else str(n)


def _goats(state, spot: Spot, seat: int) -> str:
    """The goats on ``spot`` for ``seat``: "your mama goat", "Bo's stack (two mama goats)"."""
    goats = state.goats.get(spot)
    if not goats:
        return "the goats"
    owner = goats[0][0]
    whose = "your" if owner == seat else possessive(state.seat_name(owner))
    return f"{whose} {goat_words(goats)}" if len(goats) == 1 else \
        f"{whose} stack ({goat_words(goats)})"


# ---------------------------------------------------------------- the prompt


def prompt(state, seat: int | None) -> str:
    """The pending decision: the player to move reads ``decision_prompt`` ("move one of
    your goats ..."), everyone else the same without "your" (nothing in Floats is hidden)
    (``State._prompt``)."""
    if state.phase == "over":
        return end_prompt(state.seat_name(state.winners[0]) if state.winners else None)
    asked = decision_prompt(state)
    if seat != state.current:
        asked = ONLOOKER_PROMPTS.get(state.phase, asked)
    return f"{possessive(state.seat_name(state.current), start=True)} turn: {asked}"


def decision_prompt(state) -> str:
    """What the player to move is asked, without their name, e.g. "flip a light stick to
    dark."."""
    match state.phase:
        case "turn" if any(a.kind != "roll" for a in state.legal_actions()):
            return "place a goat on an open spot, or roll the die."
        case "turn":
            return "roll the die (no goat can be placed)."
        case "add" if state.replaced:
            return (f"add a stick touching the raft. ({FACE_LABELS[state.face]} can't be "
                    "done, so add a stick instead.)")
        case "add":
            return "add a stick touching the raft."
        case "add_or_move":
            return "add a stick, or pick up a light stick to move it."
        case "move":
            return ("pick up a light stick to move "
                    f"({'first' if state.moves_left == 2 else 'second'} of two).")
        case "drop":
            return "put the stick down somewhere new, touching the raft."
        case "flip":
            return "flip a light stick to dark."
        case "love":
            return "move one of your goats onto another of yours."
        case "shark":
            return "choose the goat or stack the shark attacks."
        case "follow":
            return "move one of your goats into the spot the shark left, or stay."
        case "fight":
            return "pick one of your goats, then an opponent's to swap with."
        case "over":
            return "nothing: the game is over."
        case phase:
            raise AssertionError(f"no decision in phase {phase!r}")


# ---------------------------------------------------------------- the log's lines


def placed_line(state, kind: str, spot: Spot) -> str:
    where = "in a closed triangle" if state.is_enclosed(spot) else "on the raft"
    return (f"{state.seat_name(state.current)} placed "
            f"{'the baby' if kind == 'baby' else 'a mama'} goat {where}.")


def rolled_line(state, face: str) -> str:
    # the face's name in quotes: "You rolled Add a stick" read as an order (issue 34 item 14)
    return f"{state.seat_name(state.current)} rolled \u201c{FACE_LABELS[face]}\u201d."


def no_face_line(face: str) -> str:
    """FM-R11 with an empty pile: the turn ends."""
    return f"{FACE_LABELS[face]} can't be done and the pile is empty, so the turn ends."


def instead_line(state, face: str) -> str:
    """FM-R11: the face is replaced by adding a stick."""
    return (f"{says(state.seat_name(state.current), 'has', 'have')} to add a stick instead: "
            f"{FACE_LABELS[face]} can't be done.")


def stick_line(state, closed: int) -> str:
    return (f"{state.seat_name(state.current)} added a stick to the raft"
            f"{' and closed a triangle' if closed == 1 else ''}"
            f"{' and closed two triangles' if closed == 2 else ''}.")


def picked_up_line(state) -> str:
    return f"{state.seat_name(state.current)} picked up a stick to move it."


def put_down_line(state) -> str:
    return f"{state.seat_name(state.current)} put the stick down in a new place."


NO_SECOND_MOVE_LINE = "No other light stick is left to move, so the turn ends."


def sticks_floated_line(lost: int) -> str:
    return f"{plural(lost, 'stick')} floated away and went back to the pile."


def goats_floated_line(state, goats: list[tuple[int, str]]) -> str:
    name = state.seat_name(goats[0][0])
    return (f"{possessive(name, start=True)} {goat_words(goats)} floated out to sea: back to "
            f"{possessive(name)} supply.")


SHARK_SWAM_OFF_LINE = "The shark's spot floated away, so the shark swam off the raft."


def flipped_line(state) -> str:
    return f"{state.seat_name(state.current)} flipped a stick to dark."


def love_line(state, goat: tuple[int, str], below: tuple[int, str]) -> str:
    return (f"{subject(state.seat_name(state.current))} stacked two goats: "
            f"{one_goat(goat[1])} onto {one_goat(below[1])}.")


def shark_line(state, victims: list[tuple[int, str]]) -> str:
    owner = possessive(state.seat_name(victims[0][0]))
    return f"The shark attacked {owner} {goat_words(victims)}: back to {owner} supply."


def follow_line(state, goats: list[tuple[int, str]]) -> str:
    return (f"{possessive(state.seat_name(state.current), start=True)} {goat_words(goats)} "
            "followed the shark into the spot it left.")


def fight_line(state, loser: int) -> str:
    return (f"{subject(state.seat_name(state.current))} fought "
            f"{obj(state.seat_name(loser))}: the two goats swapped places.")


def win_line(state, leader: int, points: int) -> str:
    return f"{says(state.seat_name(leader), 'wins', 'win')} with {points} points!"


def draw_line(state) -> str:
    return f"No winner after {state.turn} turns: the game is a draw."


TIE_LINE = "Tied at the top: play goes on until one player leads alone."
