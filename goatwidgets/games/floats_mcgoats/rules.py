"""Floats McGoats: the rules model.

Players 2-4 build one raft of sticks on a triangular lattice and try to have goats in fully
enclosed triangles worth the target number of points at the same time.

- Chance: a twelve-sided die (faces per FM-R8, a variant option), drawn from the state's RNG.
- Hidden information: none (everything is on the table), except the RNG and preset queue,
  which never appear in a view.
- Decisions: every decision belongs to the player whose turn it is (no off-turn choices).

    >>> s = new_game(players=2, seed=1)
    >>> s.to_move, s.scores, len(s.sticks)
    (0, (0, 0), 2)
    >>> s.apply("mama 0,0u")
    >>> s.preset(die="add")
    >>> s.apply("roll"); s.apply("stick 0,1-1,0")   # closes the anchors' triangle
    >>> s.scores                                     # Player 1's goat is enclosed
    (1, 0)
    >>> s.log[-1]
    'Player 2 added a stick to the raft and closed a triangle.'

Rulings (``shared/rules/floats_mcgoats.rulings.md``) are cited by id; our own readings where
even the rulings are silent are FM-X1…FM-X5 (listed in ``OUR_READINGS`` and the notebook).
"""

from __future__ import annotations

import math
from typing import Any

import networkx as nx

from ...engine import EndsInPhaseOver, IllegalActionError, State, VariantError
from ...engine.words import end_prompt, obj, plural, possessive, says, subject
from ...engine.schema import Bool, Fields, Int, ListOf, Nullable, OneOf, Seat, Tuple
from ...engine.variants import counts, whole_number
from .actions import Action, make, parse_action
from .lattice import (
    Edge,
    Raft,
    Spot,
    anchored_points,
    raft_graph,
    edge_spots,
    edge_text,
    frontier,
    make_edge,
    spot_corners,
    spot_edges,
    spot_text,
)

ANCHOR_POINT = (0, 0)
ANCHORS: tuple[Edge, Edge] = (make_edge((0, 0), (1, 0)), make_edge((0, 0), (0, 1)))  # FM-R2
PILE = 48                                   # FM-R6
SUPPLY = {"mama": 6, "baby": 1}             # FM-R6
POINTS = {"mama": 1, "baby": 2}             # FM-R19: a stack scores the sum
TARGETS = {2: 6, 3: 5, 4: 5}                # FM-R20
MAX_TURNS = 100_000                         # FM-R22: the largest turn guard a game may set

FACE_LABELS = {
    "add": "Add a stick",
    "add_or_move": "Add or move a stick",
    "move_two": "Move two sticks",
    "flip": "Flip a stick",
    "love": "Goat love",
    "shark": "Shark attack",
    "fight": "Goat fight",
}
DEFAULT_FACES = {"add": 3, "add_or_move": 2, "move_two": 1, "flip": 2, "love": 1,
                 "shark": 1, "fight": 2}    # FM-R8

#: which action kinds each phase accepts, and the rule that phase comes from
PHASES = {
    "turn": ({"mama", "baby", "roll"}, "FM-R10"),
    "add": ({"stick"}, "FM-R12"),
    "add_or_move": ({"stick", "move"}, "FM-R13"),
    "move": ({"move"}, "FM-R14"),
    "drop": ({"drop"}, "FM-R13"),
    "flip": ({"flip"}, "FM-R15"),
    "love": ({"love"}, "FM-R16"),
    "shark": ({"shark"}, "FM-R17"),
    "follow": ({"follow", "stay"}, "FM-R17"),
    "fight": ({"fight"}, "FM-R18"),
    "over": (set(), "FM-R21"),
}

#: a raft of 50 sticks never reaches further than this from the anchors
_COORD = Int(-60, 60)
_POINT = Tuple(_COORD, _COORD)
_EDGE = Tuple(_POINT, _POINT)
_SPOT = Tuple(_COORD, _COORD, OneOf(["u", "d"]))
#: the ranges of every field of a saved position (the engine checks saves against it)
SAVE_SCHEMA = Fields(
    sticks=ListOf(Tuple(_POINT, _POINT, OneOf(["anchor", "light", "dark"])), max_len=50),
    goats=ListOf(Tuple(_SPOT, ListOf(Tuple(Seat(), OneOf(["mama", "baby"])), min_len=1,
                                     max_len=2)), max_len=28),
    shark=Nullable(_SPOT),
    supply=ListOf(Fields(mama=Int(0, SUPPLY["mama"]), baby=Int(0, SUPPLY["baby"])),
                  length="players"),
    pile=Int(0, PILE), current=Seat(), turn=Int(1, MAX_TURNS),
    phase=OneOf(PHASES), face=Nullable(OneOf(FACE_LABELS)), replaced=Bool(),
    moves_left=Int(0, 2),
    held=Nullable(_EDGE), held_from=Nullable(_EDGE), vacated=Nullable(_EDGE),
    moved=Nullable(_EDGE), shark_left=Nullable(_SPOT),
    winners=Nullable(ListOf(Seat(), max_len=1)),
)
#: the pending decision as the other players read it (``task`` says "your" to the player)
ONLOOKER_TASKS = {
    "love": "stack one goat onto another (Goat love).",
    "follow": "move a goat into the spot the shark left, or stay.",
    "fight": "swap a goat with an opponent's goat (Goat fight).",
}
#: the phase each die face leads to (FM-R8); FM-R11 may replace it by "add"
FACE_PHASE = {face: face for face in FACE_LABELS} | {"move_two": "move"}

OUR_READINGS = {
    "FM-X1": "Move two sticks moves two different sticks; if no light stick is left to move "
             "after the first move, the turn ends.",
    "FM-X2": "Goat love moves a goat that stands alone onto another lone goat of yours; "
             "a stack is never split.",
    "FM-X3": "A moved stick must land touching the part of the raft still joined to the "
             "anchors once it is lifted, so the moved stick itself never floats away.",
    "FM-X4": "If the shark's spot stops touching the raft, the shark swims off the board; "
             "its next attack puts it back without a follow move.",
    "FM-X5": "Goats in a locked spot can't be involved in a stick move, so a move that would "
             "set a locked spot adrift is not allowed.",
}


def new_game(players: int = 2, seed: int | None = None, names=None, **variants: Any) -> "FloatsState":
    """Start a game. Variants: ``faces`` (die faces, FM-R8), ``max_turns`` (FM-R22)."""
    return FloatsState(players=players, seed=seed, names=names, **variants)


class FloatsState(EndsInPhaseOver, State):
    """A Floats McGoats game in progress (see the module docstring)."""

    game = "floats_mcgoats"
    min_players, max_players = 2, 4
    chance_kinds = {"die": tuple(FACE_LABELS)}
    variant_defaults = {"faces": DEFAULT_FACES, "max_turns": 500}
    save_schema = SAVE_SCHEMA

    def _preset_outcomes(self, kind: str):
        """Only faces the configured die has can be preset (FM-R8)."""
        from collections import Counter
        return Counter({f: math.inf for f, n in self.variants["faces"].items() if n})

    # ------------------------------------------------------------------ setup

    def _check_variants(self, variants: dict) -> dict:
        options = super()._check_variants(variants)
        faces = counts(options["faces"], "faces", FACE_LABELS, "FM-R8", noun="face",
                       example="{'add': 3, 'shark': 1, ...}", high=12)
        if sum(faces.values()) != 12:
            raise VariantError(f"the die has 12 faces but faces adds up to "
                               f"{sum(faces.values())}", "FM-R8")
        turns = whole_number(options["max_turns"], "max_turns", 1, MAX_TURNS, "FM-R22")
        return {"faces": {f: faces.get(f, 0) for f in FACE_LABELS}, "max_turns": turns}

    def _setup(self) -> None:
        self.sticks = Raft({e: "anchor" for e in ANCHORS})
        self.goats: dict[Spot, list[tuple[int, str]]] = {}
        self.shark: Spot | None = None
        self.supply = [dict(SUPPLY) for _ in range(self.players)]
        self.pile = PILE
        self.current = 0
        self.turn = 1
        self._new_turn_fields()
        self._winners: tuple[int, ...] | None = None

    def _new_turn_fields(self) -> None:
        self.phase = "turn"
        self.face: str | None = None
        self.replaced = False       # FM-R11: the rolled face was replaced by "add a stick"
        self.moves_left = 0
        self.held: Edge | None = None
        self.held_from: Edge | None = None
        self.vacated: Edge | None = None
        self.moved: Edge | None = None
        self.shark_left: Spot | None = None

    # ------------------------------------------------------------------ contract

    def _deciders(self) -> tuple[int, ...]:
        return () if self.phase == "over" else (self.current,)

    @property
    def target(self) -> int:
        return TARGETS[self.players]

    def leader(self, scores: tuple[int, ...] | None = None) -> int | None:
        """The seat at or above the target and strictly ahead of everyone else: the one who
        wins when a turn ends now (FM-R21, FM-R25); ``None`` if there is none.

            >>> new_game(seed=1).leader() is None
            True
        """
        scores = self.scores if scores is None else scores
        best = max(scores)
        return scores.index(best) if best >= self.target and scores.count(best) == 1 else None

    @property
    def scores(self) -> tuple[int, ...]:
        """Points in enclosed spots right now (FM-R19)."""
        points = [0] * self.players
        for spot, goats in self.goats.items():
            if self.is_enclosed(spot):
                for owner, kind in goats:
                    points[owner] += POINTS[kind]
        return tuple(points)

    def _parse(self, text: str) -> Action:
        return parse_action(text)

    # ------------------------------------------------------------------ board questions

    def raft_graph(self) -> "nx.Graph":
        """The raft as a networkx graph: lattice points joined by sticks (a copy).

            >>> g = new_game(seed=1).raft_graph()
            >>> sorted(g.edges)
            [((0, 0), (0, 1)), ((0, 0), (1, 0))]
        """
        return raft_graph(self.sticks)

    def is_enclosed(self, spot: Spot) -> bool:
        """All three edges are raft sticks (FM-R5)."""
        return all(e in self.sticks for e in spot_edges(spot))

    def is_locked(self, spot: Spot) -> bool:
        """All three edges are dark or anchor sticks (FM-R5)."""
        return all(self.sticks.get(e) in ("dark", "anchor") for e in spot_edges(spot))

    def touches_raft(self, spot: Spot) -> bool:
        return any(e in self.sticks for e in spot_edges(spot))

    def open_spots(self) -> list[Spot]:
        """Spots beside a raft stick holding no goat and not the shark (FM-R4)."""
        spots = {s for e in self.sticks for s in edge_spots(e)}
        return sorted(s for s in spots if s not in self.goats and s != self.shark)

    def light_sticks(self) -> list[Edge]:
        return sorted(e for e, kind in self.sticks.items() if kind == "light")

    def goat_spots(self, owner: int | None = None, free: bool = True) -> list[Spot]:
        """Spots holding goats (of ``owner``), only unlocked ones if ``free``."""
        return sorted(s for s, goats in self.goats.items()
                      if (owner is None or goats[0][0] == owner)
                      and not (free and self.is_locked(s)))

    def _fight_allowed(self, mine: list, theirs: list) -> bool:
        """FM-R18: mama-mama, baby-baby; a stack beats anything but a lone baby; only a
        stack may take on a stack."""
        if len(mine) == 2:
            return not (len(theirs) == 1 and theirs[0][1] == "baby")
        return len(theirs) == 1 and mine[0][1] == theirs[0][1]

    def drop_targets(self) -> list[Edge]:
        """Where the held stick may go (FM-R13, FM-R14, FM-X3, FM-X5)."""
        return self._drop_targets(self.sticks, self.held_from)

    def _drop_targets(self, rest: dict[Edge, str], lifted: Edge) -> list[Edge]:
        reach = anchored_points(rest, ANCHOR_POINT)
        targets = frontier(rest, reach) - {lifted, self.vacated}
        far = {p for e in rest for p in e} - reach      # the part the lift cut off, if any
        if far and any(self.is_locked(s) and spot_corners(s)[0] in far for s in self.goats):
            # FM-X5: a locked spot hangs on the far part; the stick must join it back
            targets = {t for t in targets if t[0] in far or t[1] in far}
        return sorted(targets)

    def _movable(self) -> list[Edge]:
        """Light sticks that may be picked up now (FM-R13, FM-X1, FM-X5)."""
        sticks = [e for e in self.light_sticks() if e != self.moved]
        locked = [s for s in self.goats if self.is_locked(s)]
        if not locked:
            return sticks
        # Only a light stick on the way from the anchors to a locked spot can cut it off:
        # try each one on a shortest path and ask networkx whether a path remains.
        graph = self.sticks.graph                       # edges taken out are put back at once
        risky = set()
        for spot in locked:
            corner = spot_corners(spot)[0]
            path = nx.shortest_path(graph, ANCHOR_POINT, corner)
            for a, b in zip(path, path[1:]):
                edge = make_edge(a, b)
                if self.sticks[edge] == "light" and edge not in risky:
                    graph.remove_edge(a, b)
                    try:
                        if not nx.has_path(graph, ANCHOR_POINT, corner):
                            risky.add(edge)
                    finally:
                        graph.add_edge(a, b)
        return [e for e in sticks if e not in risky or self._drop_targets(
            {k: v for k, v in self.sticks.items() if k != e}, e)]

    def _love_pairs(self) -> list[tuple[Spot, Spot]]:
        lone = [s for s in self.goat_spots(self.current) if len(self.goats[s]) == 1]
        return [(a, b) for a in lone for b in lone if a != b]           # FM-R16, FM-X2

    def _fight_pairs(self) -> list[tuple[Spot, Spot]]:
        mine = self.goat_spots(self.current)
        theirs = [s for s in self.goat_spots() if self.goats[s][0][0] != self.current]
        return [(a, b) for a in mine for b in theirs
                if self._fight_allowed(self.goats[a], self.goats[b])]

    def _attackable(self) -> list[Spot]:
        return self.goat_spots()                                        # FM-R17, FM-R5

    # ------------------------------------------------------------------ legal actions

    def _legal(self, seat: int) -> list[Action]:
        phase = self.phase
        if phase == "turn":
            actions = [make("roll")]
            kinds = [k for k in ("mama", "baby") if self.supply[self.current][k]]
            if kinds:
                spots = self.open_spots()
                actions += [make(kind, spot=s) for kind in kinds for s in spots]
            return actions
        if phase in ("add", "add_or_move"):
            actions = []
            if self.pile:
                points = {p for e in self.sticks for p in e}
                actions += [make("stick", stick=e) for e in sorted(frontier(self.sticks, points))]
            if phase == "add_or_move":
                actions += [make("move", stick=e) for e in self._movable()]
            return actions
        if phase == "move":
            return [make("move", stick=e) for e in self._movable()]
        if phase == "drop":
            return [make("drop", stick=e) for e in self.drop_targets()]
        if phase == "flip":
            return [make("flip", stick=e) for e in self.light_sticks()]
        if phase == "love":
            return [make("love", spot=a, target=b) for a, b in self._love_pairs()]
        if phase == "shark":
            return [make("shark", spot=s) for s in self._attackable()]
        if phase == "follow":
            return [make("stay")] + [make("follow", spot=s)
                                       for s in self.goat_spots(self.current)]
        if phase == "fight":
            return [make("fight", spot=a, target=b) for a, b in self._fight_pairs()]
        return []

    # ------------------------------------------------------------------ doing

    def _name(self, seat: int | None = None) -> str:
        return self.names[self.current if seat is None else seat]

    def _do(self, action: Action, seat: int) -> None:
        getattr(self, f"_do_{action.kind}")(action)

    def _do_mama(self, action: Action) -> None:
        self._place(action, "mama")

    def _do_baby(self, action: Action) -> None:
        self._place(action, "baby")

    def _place(self, action: Action, kind: str) -> None:
        self.supply[self.current][kind] -= 1
        self.goats[action.spot] = [(self.current, kind)]
        where = "in a closed triangle" if self.is_enclosed(action.spot) else "on the raft"
        self.say(f"{self._name()} placed {'the baby' if kind == 'baby' else 'a mama'} goat "
                 f"{where}.")
        self._end_turn()

    def _do_roll(self, action: Action) -> None:
        faces = [f for f, n in self.variants["faces"].items() if n]
        weights = [self.variants["faces"][f] for f in faces]
        face = self.draw("die", faces, weights)
        self.face = face
        self.say(f"{self._name()} rolled {FACE_LABELS[face]}.")
        phase = FACE_PHASE[face]
        if not self._face_possible(face):                               # FM-R11
            self.replaced = True
            phase = "add"
            if not self.pile:
                self.say(f"{FACE_LABELS[face]} can't be done and the pile is empty, "
                         "so the turn ends.")
                self._end_turn()
                return
            self.say(f"{says(self._name(), 'has', 'have')} to add a stick instead: "
                     f"{FACE_LABELS[face]} can't be done.")
        self.phase = phase
        self.moves_left = 2 if face == "move_two" and not self.replaced else 0

    def _face_possible(self, face: str) -> bool:
        if face == "add":
            return self.pile > 0
        if face == "add_or_move":
            return self.pile > 0 or bool(self._movable())
        if face == "move_two":
            return len(self._movable()) >= 2
        if face == "flip":
            return bool(self.light_sticks())
        if face == "love":
            return bool(self._love_pairs())
        if face == "shark":
            return bool(self._attackable())
        return bool(self._fight_pairs())

    def _do_stick(self, action: Action) -> None:
        self.sticks[action.stick] = "light"
        self.pile -= 1
        closed = sum(self.is_enclosed(s) for s in edge_spots(action.stick))
        self.say(f"{self._name()} added a stick to the raft"
                 f"{' and closed a triangle' if closed == 1 else ''}"
                 f"{' and closed two triangles' if closed == 2 else ''}.")
        self._end_turn()

    def _do_move(self, action: Action) -> None:
        del self.sticks[action.stick]
        self.held = self.held_from = action.stick
        if self.phase == "add_or_move":
            self.moves_left = 1
        self.phase = "drop"
        self.say(f"{self._name()} picked up a stick to move it.")

    def _do_drop(self, action: Action) -> None:
        self.sticks[action.stick] = "light"
        self.say(f"{self._name()} put the stick down in a new place.")
        self.vacated, self.moved = self.held_from, action.stick
        self.held = self.held_from = None
        self.moves_left -= 1
        self._float_away()
        if self.moves_left and self._movable():
            self.phase = "move"
            return
        if self.moves_left:
            self.say("No other light stick is left to move, so the turn ends.")
        self._end_turn()

    def _float_away(self) -> None:
        """FM-R13: what is no longer joined to the anchors floats away (FM-R3, FM-R7)."""
        reach = anchored_points(self.sticks, ANCHOR_POINT)
        lost = [e for e in self.sticks if e[0] not in reach]
        for e in lost:
            del self.sticks[e]
        self.pile += len(lost)
        if lost:
            self.say(f"{plural(len(lost), 'stick')} floated away and went back to the pile.")
        for spot in sorted(s for s in self.goats if not self.touches_raft(s)):
            goats = self._to_supply(spot)
            name = self._name(goats[0][0])
            self.say(f"{possessive(name, start=True)} {goat_words(goats)} floated out to "
                     f"sea: back to {possessive(name)} supply.", headline=True)
        if self.shark is not None and not self.touches_raft(self.shark):
            self.shark = None
            self.say("The shark's spot floated away, so the shark swam off the raft.")

    def _do_flip(self, action: Action) -> None:
        self.sticks[action.stick] = "dark"
        self.say(f"{self._name()} flipped a stick to dark.")
        self._end_turn()

    def _do_love(self, action: Action) -> None:
        goat = self.goats.pop(action.spot)[0]
        below = self.goats[action.target][0]
        self.goats[action.target].append(goat)
        self.say(f"{subject(self._name())} stacked two goats: {_one(goat[1])} onto "
                 f"{_one(below[1])}.")
        self._end_turn()

    def _do_shark(self, action: Action) -> None:
        victims = self._to_supply(action.spot)
        owner = possessive(self._name(victims[0][0]))
        self.say(f"The shark attacked {owner} {goat_words(victims)}: back to {owner} supply.",
                 headline=True)
        old, self.shark = self.shark, action.spot
        if old is not None and self.goat_spots(self.current):
            self.shark_left = old
            self.phase = "follow"
            return
        self._end_turn()

    def _to_supply(self, spot: Spot) -> list[tuple[int, str]]:
        """Send the goats on ``spot`` out to sea: back to their owner's supply (FM-R7)."""
        goats = self.goats.pop(spot)
        for owner, kind in goats:
            self.supply[owner][kind] += 1
        return goats

    def _do_follow(self, action: Action) -> None:
        goats = self.goats[self.shark_left] = self.goats.pop(action.spot)
        self.say(f"{possessive(self._name(), start=True)} {goat_words(goats)} followed the "
                 "shark into the spot it left.")
        self._end_turn()

    def _do_stay(self, action: Action) -> None:
        self._end_turn()

    def _do_fight(self, action: Action) -> None:
        a, b = action.spot, action.target
        loser = self.goats[b][0][0]
        self.goats[a], self.goats[b] = self.goats[b], self.goats[a]
        self.say(f"{subject(self._name())} fought {obj(self._name(loser))}: the two goats "
                 "swapped places.", headline=True)
        self._end_turn()

    def _end_turn(self) -> None:
        """FM-R21 win check, FM-R22 guard, then the next player clockwise."""
        scores = self.scores
        leader = self.leader(scores)
        if leader is not None:
            self._finish((leader,), f"{says(self._name(leader), 'wins', 'win')} with "
                                    f"{scores[leader]} points!")
        elif self.turn >= self.variants["max_turns"]:
            self._finish((), f"No winner after {self.turn} turns: the game is a draw.")
        else:
            if max(scores) >= self.target:
                self.say("Tied at the top: play goes on until one player leads alone.")
            self.current = (self.current + 1) % self.players
            self.turn += 1
            self._new_turn_fields()

    def _finish(self, winners: tuple[int, ...], message: str) -> None:
        self._new_turn_fields()
        self.phase = "over"
        self._winners = winners
        self.say(message, headline=True)

    # ------------------------------------------------------------------ explaining

    def _explain(self, action: Action, seat: int) -> IllegalActionError:
        """Why ``action`` is not allowed, in plain words with the rule id (see ``explain``)."""
        from .explain import explain
        return explain(self, action, seat)

    # ------------------------------------------------------------------ prompt / view

    def _prompt(self, seat: int | None) -> str:
        """The pending decision: the player to move reads ``task`` ("move one of your
        goats ..."), everyone else the same without "your" (nothing in Floats is hidden)."""
        if self.phase == "over":
            return end_prompt(self._name(self.winners[0]) if self.winners else None)
        task = self.task if seat == self.current else ONLOOKER_TASKS.get(self.phase, self.task)
        return f"{possessive(self._name(), start=True)} turn: {task}"

    @property
    def task(self) -> str:
        """The pending decision without the player's name, e.g. "flip a light stick"."""
        instead = (f" ({FACE_LABELS[self.face]} can't be done, so add a stick instead.)"
                   if self.replaced else "")
        return {
            "turn": "place a goat on an open spot, or roll the die."
                    if any(a.kind != "roll" for a in self.legal_actions())
                    else "roll the die (no goat can be placed).",
            "add": f"add a stick touching the raft.{instead}",
            "add_or_move": "add a stick, or pick up a light stick to move it.",
            "move": "pick up a light stick to move "
                    f"({'first' if self.moves_left == 2 else 'second'} of two).",
            "drop": "put the stick down somewhere new, touching the raft.",
            "flip": "flip a light stick to dark.",
            "love": "move one of your goats onto another of yours.",
            "shark": "choose the goat or stack the shark attacks.",
            "follow": "move one of your goats into the spot the shark left, or stay.",
            "fight": "pick one of your goats, then an opponent's to swap with.",
            "over": "nothing: the game is over.",
        }[self.phase]

    def _public_view(self) -> dict:
        spots = set(self.goats) | ({self.shark} if self.shark else set())
        spots |= {s for e in self.sticks for s in edge_spots(e) if self.is_enclosed(s)}
        points = [p for e in self.sticks for p in e] + ([p for p in self.held] if self.held else [])
        qs, rs = [p[0] for p in points], [p[1] for p in points]
        return {
            "turn": self.turn,
            "phase": self.phase,
            "face": self.face,
            "face_label": FACE_LABELS[self.face] if self.face else None,
            "replaced": self.replaced,
            "moves_left": self.moves_left,
            "sticks": [self._stick_view(e, kind) for e, kind in sorted(self.sticks.items())],
            "held": self._stick_view(self.held, "light") if self.held else None,
            "spots": [self._spot_view(s) for s in sorted(spots)],
            "shark": spot_text(self.shark) if self.shark else None,
            "supply": [dict(s) for s in self.supply],
            "pile": self.pile,
            "target": self.target,
            "max_turns": self.variants["max_turns"],
            # the lattice window to draw: the raft and one step around it (where every new
            # stick or goat can go), so pieces stay large on a projector
            "bounds": {"qmin": min(qs) - 1, "qmax": max(qs) + 1,
                       "rmin": min(rs) - 1, "rmax": max(rs) + 1},
        }

    @staticmethod
    def _stick_view(edge: Edge, kind: str) -> dict:
        return {"id": edge_text(edge), "a": list(edge[0]), "b": list(edge[1]), "kind": kind}

    def _spot_view(self, spot: Spot) -> dict:
        goats = self.goats.get(spot, [])
        enclosed = self.is_enclosed(spot)
        return {
            "id": spot_text(spot), "q": spot[0], "r": spot[1], "up": spot[2] == "u",
            "goats": [{"owner": o, "kind": k} for o, k in goats],
            "shark": spot == self.shark,
            "enclosed": enclosed,
            "locked": self.is_locked(spot),
            "points": sum(POINTS[k] for _, k in goats) if enclosed else 0,
            **({"words": self._goats_words(goats)} if goats else {}),
        }

    def _goats_words(self, goats: list[tuple[int, str]]) -> str:
        """The goats of a spot for the board's labels: "your mama goat", "Ana's stack (two
        mama goats)"."""
        whose = possessive(self._name(goats[0][0]))
        return f"{whose} {goat_words(goats)}" if len(goats) == 1 else \
            f"{whose} stack ({goat_words(goats)})"

    # ------------------------------------------------------------------ data

    def _get_data(self) -> dict:
        return {
            "sticks": [[list(e[0]), list(e[1]), kind] for e, kind in sorted(self.sticks.items())],
            "goats": [[list(s), [list(g) for g in goats]] for s, goats in sorted(self.goats.items())],
            "shark": list(self.shark) if self.shark else None,
            "supply": [dict(s) for s in self.supply],
            "pile": self.pile, "current": self.current, "turn": self.turn,
            "phase": self.phase, "face": self.face, "replaced": self.replaced,
            "moves_left": self.moves_left,
            "held": _edge_data(self.held), "held_from": _edge_data(self.held_from),
            "vacated": _edge_data(self.vacated), "moved": _edge_data(self.moved),
            "shark_left": list(self.shark_left) if self.shark_left else None,
            "winners": list(self._winners) if self._winners is not None else None,
        }

    def _set_data(self, d: dict) -> None:
        self.sticks = Raft({make_edge(tuple(a), tuple(b)): kind for a, b, kind in d["sticks"]})
        if any(k not in ("anchor", "light", "dark") for k in self.sticks.values()):
            raise ValueError("a stick kind must be anchor, light or dark")
        self.goats = {_spot(s): [(int(o), str(k)) for o, k in goats] for s, goats in d["goats"]}
        self.shark = _spot(d["shark"]) if d["shark"] else None
        self.supply = [{"mama": int(s["mama"]), "baby": int(s["baby"])} for s in d["supply"]]
        self.pile, self.current, self.turn = int(d["pile"]), int(d["current"]), int(d["turn"])
        if d["phase"] not in PHASES:
            raise ValueError(f"unknown phase {d['phase']!r}")
        self.phase, self.face, self.replaced = d["phase"], d["face"], bool(d["replaced"])
        self.moves_left = int(d["moves_left"])
        self.held, self.held_from = _edge(d["held"]), _edge(d["held_from"])
        self.vacated, self.moved = _edge(d["vacated"]), _edge(d["moved"])
        self.shark_left = _spot(d["shark_left"]) if d["shark_left"] else None
        self._winners = tuple(d["winners"]) if d["winners"] is not None else None

    def _check_position(self) -> None:
        """A saved (or built) position's fields must fit together as play leaves them: what
        each pending decision implies about the rest of the position, the turn guard and the
        end. Each failure names the field; ``check_invariants`` counts the pieces, and the
        engine checks that the deciding seat has a legal action."""
        phase, face = self.phase, self.face
        if any((kind == "anchor") != (edge in ANCHORS) for edge, kind in self.sticks.items()):
            raise ValueError("sticks: only the two anchors are anchor sticks (FM-R2)")
        if (phase == "drop") != (self.held is not None) or self.held != self.held_from:
            raise ValueError("held: a stick is held exactly in the drop phase (FM-R13)")
        if (phase == "follow") != (self.shark_left is not None):
            raise ValueError("shark_left: the spot the shark left is kept only while a follow "
                             "move is offered (FM-R17)")
        if self.replaced and phase != "add":
            raise ValueError("replaced: a face replaced by 'add a stick' leaves the add phase "
                             "pending (FM-R11)")
        if phase in ("turn", "over"):
            if face:
                raise ValueError(f"face: nothing of a roll is left over in the {phase!r} phase")
        elif face is None:
            raise ValueError(f"face: the {phase!r} phase comes after a roll, but no face was "
                             "rolled")
        elif phase == "add":
            if self.replaced != (face != "add") or (self.replaced and self._face_possible(face)):
                raise ValueError(f"replaced: {face!r} is replaced by adding a stick exactly when "
                                 "it can't be done (FM-R11)")
        elif phase == "drop":
            if face not in ("add_or_move", "move_two"):
                raise ValueError(f"face: a stick is moved only after rolling a move face, not "
                                 f"{face!r}")
        elif phase == "follow":
            if face != "shark":
                raise ValueError("face: a follow move comes only after a shark attack (FM-R17)")
        elif phase != FACE_PHASE[face]:
            raise ValueError(f"face: the {phase!r} phase does not follow the face {face!r}")
        if face and not self.variants["faces"].get(face):
            raise ValueError(f"face: the configured die has no {face!r} face (FM-R8)")
        self._check_moves()
        if phase == "follow":
            self._check_follow()
        if self.turn > self.variants["max_turns"]:
            raise ValueError(f"turn: {self.turn} is past the turn guard (FM-R22)")
        self._check_end()

    def _check_moves(self) -> None:
        """How many stick moves are left and where the first of two went (FM-R13, FM-R14)."""
        phase, face = self.phase, self.face
        allowed = {"move": (1, 2), "drop": (1,) if face == "add_or_move" else (1, 2)}
        if self.moves_left not in allowed.get(phase, (0,)):
            raise ValueError(f"moves_left: {self.moves_left} moves can't be left in the "
                             f"{phase!r} phase (FM-R13, FM-R14)")
        second = face == "move_two" and self.moves_left == 1
        if (self.vacated is not None, self.moved is not None) != (second, second):
            raise ValueError("vacated, moved: the first stick's old and new places are kept "
                             "exactly during the second move of Move two sticks (FM-R14)")
        if second and (self.vacated in self.sticks or self.vacated == self.held):
            raise ValueError("vacated: the first stick's old place stays empty until the turn "
                             "ends (FM-R14)")
        if second and self.sticks.get(self.moved) != "light":
            raise ValueError("moved: the first stick moved lies on the raft as a light stick "
                             "(FM-R14)")

    def _check_follow(self) -> None:
        """After a later shark attack (FM-R17): the shark sits on its new spot and the spot
        it left is empty, beside the raft, ready for one of the roller's free goats."""
        left = self.shark_left
        if self.shark is None or left == self.shark:
            raise ValueError("shark_left, shark: after the attack the shark stands on a new "
                             "spot, not on the one it left (FM-R17)")
        if left in self.goats or not self.touches_raft(left):
            raise ValueError("shark_left: the spot the shark left is empty and beside the "
                             "raft (FM-R17)")
        if not self.goat_spots(self.current):
            raise ValueError(f"phase: a follow move is offered only to a roller with a goat "
                             f"free to move, and {says(self._name(), 'has', 'have')} none "
                             "(FM-R17)")

    def _check_end(self) -> None:
        """Winners are exactly the ones the win check names (FM-R21, FM-R22), and a win is
        never left untaken: at the start of a turn, and right after a roll (the board
        unchanged since), nobody leads alone at the target."""
        phase = self.phase
        leader = self.leader()
        if phase == "over":
            expected = () if leader is None else (leader,)
            if self._winners != expected:
                raise ValueError(f"winners: the win check names {list(expected)}, not "
                                 f"{list(self._winners or ())} (FM-R21)")
            if not expected and self.turn != self.variants["max_turns"]:
                raise ValueError("turn: a game ends without a winner only at the turn guard "
                                 "(FM-R22)")
        elif self._winners is not None:
            raise ValueError("winners: the game is not over")
        elif leader is not None and (phase not in ("drop", "follow", "move")
                                     or (phase == "move" and self.moves_left == 2)):
            raise ValueError(f"phase: {says(self._name(leader), 'leads', 'lead')} alone at "
                             "the target, so the game would have ended with the last turn "
                             "(FM-R21)")

    def check_invariants(self) -> None:
        """Sticks and goats are conserved, and every stick is joined to the anchors."""
        sticks = len(self.sticks) + self.pile + (1 if self.held else 0)
        assert sticks == PILE + len(ANCHORS), f"{sticks} sticks instead of {PILE + 2}"
        assert all(self.sticks.get(e) == "anchor" for e in ANCHORS), "an anchor is missing"
        for seat in range(self.players):
            for kind, total in SUPPLY.items():
                on_raft = sum(1 for goats in self.goats.values() for o, k in goats
                              if o == seat and k == kind)
                have = on_raft + self.supply[seat][kind]
                assert have == total, f"seat {seat} has {have} {kind} goats, not {total}"
        # while a stick is held (mid-move) nothing has floated away yet: judge the raft with
        # the held stick at its old place, as the float-away check after the drop will
        sticks = {**self.sticks, self.held_from: "light"} if self.held else self.sticks
        assert not self.held or self.held not in self.sticks, "the held stick is on the raft"
        reach = anchored_points(sticks, ANCHOR_POINT)
        assert all(e[0] in reach for e in sticks), "a stick is cut off from the anchors"
        for spot, goats in self.goats.items():
            assert 1 <= len(goats) <= 2 and len({o for o, _ in goats}) == 1, f"bad stack {spot}"
            assert any(e in sticks for e in spot_edges(spot)), f"goat on {spot} touches no stick"
            assert spot != self.shark, "a goat shares the shark's spot"
        if self.shark is not None:
            assert any(e in sticks for e in spot_edges(self.shark)), \
                "the shark is not on a spot beside the raft (FM-R17, FM-X4)"

    # ------------------------------------------------------------------ bots

    def heuristic(self, seat: int) -> float:
        """Score lead first, then goats on the raft and how close they are to enclosed."""
        if self.is_over:
            return 1000.0 if seat in self.winners else -1000.0
        value = 10.0 * super().heuristic(seat)
        for spot, goats in self.goats.items():
            if goats[0][0] == seat:
                sides = sum(e in self.sticks for e in spot_edges(spot))
                value += len(goats) * (0.5 + 0.3 * sides + (1.0 if self.is_locked(spot) else 0))
        return value


def goat_words(goats: list[tuple[int, str]]) -> str:
    """One owner's goats on a spot, mama first: "baby goat", "two mama goats", "mama goat
    and baby goat"."""
    kinds = sorted((kind for _, kind in goats), key=lambda k: k != "mama")
    if len(kinds) == 1:
        return f"{kinds[0]} goat"
    return "two mama goats" if kinds == ["mama", "mama"] else "mama goat and baby goat"


def _one(kind: str) -> str:
    """"a mama goat" or, everyone having only one, "the baby goat"."""
    return "the baby goat" if kind == "baby" else "a mama goat"


def _edge(data) -> Edge | None:
    return make_edge(tuple(data[0]), tuple(data[1])) if data else None


def _edge_data(edge: Edge | None):
    return [list(edge[0]), list(edge[1])] if edge else None


def _spot(data) -> Spot:
    q, r, ud = data
    if ud not in ("u", "d"):
        raise ValueError(f"a spot side must be 'u' or 'd', not {ud!r}")
    return (int(q), int(r), ud)

