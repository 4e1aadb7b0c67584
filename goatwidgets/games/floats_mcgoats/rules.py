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

This module holds only the rules: setup, who decides, legal actions, effects, scores. What a
seat is shown and the log's words are ``views``; the saved fields, the checks of a saved
position and the invariants are ``saves``; why an action is refused is ``explain``.
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

import networkx as nx

from ...engine import EndsInPhaseOver, IllegalActionError, State, VariantError
from ...engine.variants import counts
from . import strategy, views
from .actions import DEFAULT_FACES, FACE_LABELS, FACE_PHASE, PHASES, Action, make, parse_action
from .board import (
    ANCHOR_POINT,
    ANCHORS,
    PILE,
    POINTS,
    SUPPLY,
    Edge,
    Raft,
    Spot,
    anchored_points,
    edge_spots,
    frontier,
    make_edge,
    raft_graph,
    spot_corners,
    spot_edges,
)
from .explain import OUR_READINGS, explain
from .saves import SAVED_FIELDS, TURN_GUARD, check_data, check_invariants, check_position

__all__ = ["FloatsState", "new_game", "ANCHORS", "DEFAULT_FACES", "FACE_LABELS", "OUR_READINGS",
           "PHASES", "PILE", "SUPPLY", "TARGETS"]

TARGETS = {2: 6, 3: 5, 4: 5}                # FM-R20


def new_game(players: int = 2, seed: int | None = None, names=None, **variants: Any) -> "FloatsState":
    """Start a game. Variants: ``faces`` (die faces, FM-R8), ``max_turns`` (FM-R22)."""
    return FloatsState(players=players, seed=seed, names=names, **variants)


class FloatsState(EndsInPhaseOver, State):
    """A Floats McGoats game in progress (see the module docstring)."""

    game = "floats_mcgoats"
    min_players, max_players = 2, 4
    chance_kinds = {"die": tuple(FACE_LABELS)}
    variant_defaults = {"faces": DEFAULT_FACES}     # and max_turns, from the turn guard
    turn_guard = TURN_GUARD                          # FM-R22
    saved_fields = SAVED_FIELDS
    views = views                                  # views.py: what each seat sees
    strategy = strategy                            # strategy.py: how the bots judge a position

    def _preset_outcomes(self, kind: str):
        """Only faces the configured die has can be preset (FM-R8)."""
        return Counter({f: math.inf for f, n in self.variants["faces"].items() if n})

    # ------------------------------------------------------------------ setup

    def _check_variants(self, variants: dict) -> dict:
        options = super()._check_variants(variants)
        faces = counts(options["faces"], "faces", FACE_LABELS, "FM-R8", noun="face",
                       example="{'add': 3, 'shark': 1, ...}", high=12)
        if sum(faces.values()) != 12:
            raise VariantError(f"the die has 12 faces but faces adds up to "
                               f"{sum(faces.values())}", "FM-R8")
        return {"faces": {f: faces.get(f, 0) for f in FACE_LABELS},
                "max_turns": options["max_turns"]}

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
        self.held: Edge | None = None   # the stick in hand, named by the place it came from
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
        return self._drop_targets(self.sticks, self.held)

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
        match self.phase:
            case "turn":
                return self._legal_turn()
            case "add" | "add_or_move":
                return self._legal_add()
            case "move":
                return [make("move", stick=e) for e in self._movable()]
            case "drop":
                return [make("drop", stick=e) for e in self.drop_targets()]
            case "flip":
                return [make("flip", stick=e) for e in self.light_sticks()]
            case "love":
                return [make("love", spot=a, target=b) for a, b in self._love_pairs()]
            case "shark":
                return [make("shark", spot=s) for s in self._attackable()]
            case "follow":
                return [make("stay")] + [make("follow", spot=s)
                                         for s in self.goat_spots(self.current)]
            case "fight":
                return [make("fight", spot=a, target=b) for a, b in self._fight_pairs()]
            case _:
                return []

    def _legal_turn(self) -> list[Action]:
        """Place a goat from your supply on an open spot, or roll (FM-R10)."""
        actions = [make("roll")]
        kinds = [k for k in ("mama", "baby") if self.supply[self.current][k]]
        if kinds:
            spots = self.open_spots()
            actions += [make(kind, spot=s) for kind in kinds for s in spots]
        return actions

    def _legal_add(self) -> list[Action]:
        """Add a stick touching the raft (FM-R12), or, for Add or move, pick one up (FM-R13)."""
        actions = []
        if self.pile:
            points = {p for e in self.sticks for p in e}
            actions += [make("stick", stick=e) for e in sorted(frontier(self.sticks, points))]
        if self.phase == "add_or_move":
            actions += [make("move", stick=e) for e in self._movable()]
        return actions

    # ------------------------------------------------------------------ doing

    def _do(self, action: Action, seat: int) -> None:
        match action.kind:
            case "mama":
                self._do_mama(action, seat)
            case "baby":
                self._do_baby(action, seat)
            case "roll":
                self._do_roll(action, seat)
            case "stick":
                self._do_stick(action, seat)
            case "move":
                self._do_move(action, seat)
            case "drop":
                self._do_drop(action, seat)
            case "flip":
                self._do_flip(action, seat)
            case "love":
                self._do_love(action, seat)
            case "shark":
                self._do_shark(action, seat)
            case "follow":
                self._do_follow(action, seat)
            case "stay":
                self._do_stay(action, seat)
            case "fight":
                self._do_fight(action, seat)
            case kind:
                raise AssertionError(f"no rule does {kind!r}")

    def _do_mama(self, action: Action, seat: int) -> None:
        self._place(action.spot, "mama")

    def _do_baby(self, action: Action, seat: int) -> None:
        self._place(action.spot, "baby")

    def _place(self, spot: Spot, kind: str) -> None:
        """FM-R10: a goat from the supply onto an open spot."""
        self.supply[self.current][kind] -= 1
        self.goats[spot] = [(self.current, kind)]
        self.say(views.placed_line(self, kind, spot))
        self._end_turn()

    def _do_roll(self, action: Action, seat: int) -> None:
        faces = [f for f, n in self.variants["faces"].items() if n]
        weights = [self.variants["faces"][f] for f in faces]
        face = self.draw("die", faces, weights)
        self.face = face
        self.say(views.rolled_line(self, face))
        phase = FACE_PHASE[face]
        if not self.face_possible(face):                                # FM-R11
            self.replaced = True
            phase = "add"
            if not self.pile:
                self.say(views.no_face_line(face))
                self._end_turn()
                return
            self.say(views.instead_line(self, face))
        self.phase = phase
        self.moves_left = 2 if face == "move_two" and not self.replaced else 0

    def face_possible(self, face: str) -> bool:
        """Whether what ``face`` says can be done now (FM-R11: if not, add a stick)."""
        match face:
            case "add":
                return self.pile > 0
            case "add_or_move":
                return self.pile > 0 or bool(self._movable())
            case "move_two":
                return len(self._movable()) >= 2
            case "flip":
                return bool(self.light_sticks())
            case "love":
                return bool(self._love_pairs())
            case "shark":
                return bool(self._attackable())
            case _:
                return bool(self._fight_pairs())

    def _do_stick(self, action: Action, seat: int) -> None:
        self.sticks[action.stick] = "light"
        self.pile -= 1
        closed = sum(self.is_enclosed(s) for s in edge_spots(action.stick))
        self.say(views.stick_line(self, closed))
        self._end_turn()

    def _do_move(self, action: Action, seat: int) -> None:
        del self.sticks[action.stick]
        self.held = action.stick
        if self.phase == "add_or_move":
            self.moves_left = 1
        self.phase = "drop"
        self.say(views.picked_up_line(self))

    def _do_drop(self, action: Action, seat: int) -> None:
        self.sticks[action.stick] = "light"
        self.say(views.put_down_line(self))
        self.vacated, self.moved = self.held, action.stick
        self.held = None
        self.moves_left -= 1
        self._float_away()
        if self.moves_left and self._movable():
            self.phase = "move"
            return
        if self.moves_left:
            self.say(views.NO_SECOND_MOVE_LINE)
        self._end_turn()

    def _float_away(self) -> None:
        """FM-R13: what is no longer joined to the anchors floats away (FM-R3, FM-R7)."""
        reach = anchored_points(self.sticks, ANCHOR_POINT)
        lost = [e for e in self.sticks if e[0] not in reach]
        for e in lost:
            del self.sticks[e]
        self.pile += len(lost)
        if lost:
            self.say(views.sticks_floated_line(len(lost)))
        for spot in sorted(s for s in self.goats if not self.touches_raft(s)):
            self.say(views.goats_floated_line(self, self._to_supply(spot)), headline=True)
        if self.shark is not None and not self.touches_raft(self.shark):
            self.shark = None
            self.say(views.SHARK_SWAM_OFF_LINE)

    def _do_flip(self, action: Action, seat: int) -> None:
        self.sticks[action.stick] = "dark"
        self.say(views.flipped_line(self))
        self._end_turn()

    def _do_love(self, action: Action, seat: int) -> None:
        goat = self.goats.pop(action.spot)[0]
        below = self.goats[action.target][0]
        self.goats[action.target].append(goat)
        self.say(views.love_line(self, goat, below))
        self._end_turn()

    def _do_shark(self, action: Action, seat: int) -> None:
        self.say(views.shark_line(self, self._to_supply(action.spot)), headline=True)
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

    def _do_follow(self, action: Action, seat: int) -> None:
        goats = self.goats[self.shark_left] = self.goats.pop(action.spot)
        self.say(views.follow_line(self, goats))
        self._end_turn()

    def _do_stay(self, action: Action, seat: int) -> None:
        self._end_turn()

    def _do_fight(self, action: Action, seat: int) -> None:
        a, b = action.spot, action.target
        loser = self.goats[b][0][0]
        self.goats[a], self.goats[b] = self.goats[b], self.goats[a]
        self.say(views.fight_line(self, loser), headline=True)
        self._end_turn()

    def _end_turn(self) -> None:
        """FM-R21 win check, FM-R22 guard, then the next player clockwise (FM-R23)."""
        scores = self.scores
        leader = self.leader(scores)
        if leader is not None:
            self._finish((leader,), views.win_line(self, leader, scores[leader]))
        elif self.turn_guard_reached():
            self._finish((), views.draw_line(self))
        else:
            if max(scores) >= self.target:
                self.say(views.TIE_LINE)
            self.current = self.next_seat(self.current)
            self.turn += 1
            self._new_turn_fields()

    def _finish(self, winners: tuple[int, ...], message: str) -> None:
        self._new_turn_fields()
        self.phase = "over"
        self._winners = winners
        self.say(message, headline=True)

    # ------------------------------------------------------------------ explaining, views, saves

    def _explain(self, action: Action, seat: int) -> IllegalActionError:
        """Why ``action`` is not allowed, in plain words with the rule id (see ``explain``)."""
        return explain(self, action, seat)

    def _set_data(self, data: dict) -> None:
        check_data(data)                        # held_from repeats held
        super()._set_data(data)

    def _check_position(self) -> None:
        check_position(self)

    def check_invariants(self) -> None:
        """Sticks and goats are conserved, and every stick is joined to the anchors."""
        check_invariants(self)
