"""Grab Your Goat!: the rules model.

2-4 shepherds walk a 7×7 grid of path cards, most of them face down, to catch their own goat,
which the die drives around the grid. The first shepherd to stand with their goat on a
face-up card (not one of four) wins.

- Chance: the goat die (faces per GY-R5, a variant option) and the shuffled game deck (the
  deal, and the cards Dense Fog and Landslide draw back), both from the state's seeded RNG.
- Hidden information: the identity of every face-down card, the other seats' hands and the
  order of the draw deck. A card taken into a hand (GY-R11) is known to its holder alone; a
  face-up card shuffled back into the deck is known to nobody.
- Decisions: the seat whose turn it is decides its roll and its move; the seat a multi-part
  decision belongs to decides it, on or off its turn (a swept shepherd orients the card it
  lands on; a throw belongs to the shepherd who entered).

How a turn runs. The rules keep a stack of steps (``self.steps``, each a ``saves.Step``): a
turn starts as ``endturn / part2 / roll``; the top step is carried out, and a step may add
more (a push, a throw, a sweep, a card acting). The stack stops at a step that needs a
decision: that is the pending decision (``self.pending``: ``roll goat act more orient throw
slide reveal lift``), and its seat is the decider. A decision with one possible answer is
taken automatically (GY-X3). The steps' vocabulary, the saved fields and what a reachable
position satisfies are in ``saves``; views, prompts and the words of the log in ``views``.

    >>> s = new_game(players=2, seed=3, first=0)
    >>> s.to_move, s.pending.kind, len(s.hands[0]), s.decks["deck"].count
    (0, 'roll', 3, 20)
    >>> s.preset(die="e"); s.apply("roll")
    >>> s.log[-1], s.pending
    ('Player 1 rolled East: their goat wandered east.', Step(kind='act', seat=0))

Rulings (``shared/rules/grab_your_goat.rulings.md``) are cited by id; our readings where the
rulings are silent are GY-X1… (``explain.OUR_READINGS``, also in ``explain.RULES``).
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

import networkx as nx

from ...engine import IllegalActionError, State, VariantError, quote
from ...engine.variants import TurnGuard
from . import strategy, views
from .actions import Action, make, parse_action
from .board import (
    CELLS,
    CORNERS,
    FIXED,
    NEIGHBOURS,
    TOP,
    PathGraph,
    cell_id,
    direction,
    line,
    neighbour,
    parse_cell,
    row_col,
    seat_options,
    wrap,
)
from .cards import (
    BIT,
    BIT_MASK,
    DEFAULT_CARDS,
    DEFAULT_DIE,
    DIRS,
    FACES,
    NO_WIN,
    OPPOSITE,
    card_options,
    mask_text,
    orientations,
    turn_ccw,
    turn_cw,
)
from .explain import explain
from .saves import (
    DECISIONS,
    HAND,
    NOWHERE,
    SAVED_FIELDS,
    Step,
    check_invariants,
    check_position,
    turn_start,
)

DEALT = CELLS - len(FIXED)                          # 44 cards dealt face down (GY-R1)
MAX_TURNS = 400                                     # GY-R22
#: the cards that act on every shepherd standing on them when they turn face up, not only on
#: the one who turned them up (GY-R29, GY-X13)
UNDERFOOT = ("cliff", "mineshaft", "waterfall", "thicket")


def new_game(players: int = 2, seed: int | None = None, names=None, **variants: Any) -> "GrabState":
    """Start a game. Variants (rulings as defaults): ``cards`` (the deck mix, GY-R3/GY-R4,
    e.g. ``{"waterfall": 2}``; kinds not named keep their default count), ``die`` (faces and
    how many of each, GY-R5), ``exits`` (shape of Coffee Bush, Ski Lift, Thicket, Wheat
    Field, GY-R33), ``houses`` (the corners in play, GY-R23/GY-R33: seat 0 takes the first
    named, the next seats the others clockwise, since turns go clockwise), ``first`` (first seat;
    ``None`` draws it, GY-R23) and ``max_turns`` (the guard, GY-R22)."""
    return GrabState(players=players, seed=seed, names=names, **variants)


class GrabState(State):
    """A Grab Your Goat! game in progress (see the module docstring)."""

    game = "grab_your_goat"
    min_players, max_players = 2, 4
    chance_kinds = {"die": FACES}
    variant_defaults = {"cards": DEFAULT_CARDS, "die": DEFAULT_DIE, "exits": {},
                        "houses": None, "first": None}
    turn_guard = TurnGuard("GY-R22", default=MAX_TURNS)
    hidden_information = True
    saved_fields = SAVED_FIELDS
    views = views                                  # views.py: what each seat sees
    strategy = strategy                            # strategy.py: how the bots judge a position

    # ------------------------------------------------------------------ variants

    def _check_variants(self, variants: dict) -> dict:
        options = super()._check_variants(variants)
        return {**card_options(options, self.players, DEALT + HAND * self.players),
                **seat_options(options, self.players), "max_turns": options["max_turns"]}

    def _preset_outcomes(self, kind: str):
        """Only faces the configured die has (GY-R5); only cards still in the deck."""
        if kind == "die":
            return Counter({f: math.inf for f, n in self.variants["die"].items() if n})
        return super()._preset_outcomes(kind)

    # ------------------------------------------------------------------ setup

    def _setup(self) -> None:
        v = self.variants
        self.houses = [CORNERS[h] for h in v["houses"]]
        first = v["first"] if v["first"] is not None else self.rng.randrange(self.players)
        deck = self.new_deck("deck", [k for k, n in v["cards"].items() for _ in range(n)],
                             reshuffle=False)
        self.cards: list[str] = []
        for cell in range(CELLS):
            if cell == TOP:
                self.cards.append("top")
            elif cell in FIXED:
                self.cards.append("house")
            else:
                self.cards.append(deck.pile.pop())
        self.up = [cell in FIXED for cell in range(CELLS)]
        self.arrows = [15 if cell in FIXED else 0 for cell in range(CELLS)]
        self.hands = [sorted(deck.pile.pop() for _ in range(HAND)) for _ in range(self.players)]
        self.shepherds = list(self.houses)
        self.goats = [TOP] * self.players
        self.lost = [False] * self.players
        self.current, self.turn = first, 1
        self._winners: tuple[int, ...] | None = None
        self.steps: list[Step] = []
        self.paths = PathGraph(self.up, self.arrows)
        self._begin_turn()
        self._run()

    def _begin_turn(self) -> None:
        """GY-R9: roll (twice from a Coffee Bush, GY-R31), then the shepherd's part."""
        seat = self.current
        self.die = None
        self.coffee = self.halted = self.top_used = False
        self.skipping = self.lost[seat]                     # GY-R16, GY-X4
        self.lost[seat] = False
        goat = self.goats[seat]
        rolls = 2 if self.up[goat] and self.cards[goat] == "coffee" else 1
        self.steps = list(turn_start(seat, rolls))

    def _set_data(self, data: dict) -> None:
        """The saved fields (``saves.SAVED_FIELDS``), then what follows from them."""
        super()._set_data(data)
        self.houses = [CORNERS[h] for h in self.variants["houses"]]
        self.paths = PathGraph(self.up, self.arrows)

    # ------------------------------------------------------------------ contract

    @property
    def pending(self) -> Step | None:
        """The decision the game waits for (the step on top of the stack), or None once over."""
        return self.steps[-1] if self.steps and not self.is_over else None

    def _deciders(self) -> tuple[int, ...]:
        if self.is_over or not self.steps:
            return ()
        return (self.steps[-1].seat,)

    @property
    def is_over(self) -> bool:
        return self._winners is not None

    @property
    def winners(self) -> tuple[int, ...]:
        return self._winners or ()

    @property
    def scores(self) -> tuple[int, ...]:
        """1 for a seat that has caught its goat, else 0 (there are no points)."""
        return tuple(int(s in self.winners) for s in range(self.players))

    def _parse(self, text: str) -> Action:
        """The notation of ``actions``, with its short cuts for the seat deciding now."""
        seat = self.to_move
        if seat is not None and not self.is_over:
            here = self.shepherds[seat]
            return parse_action(text, here, self.arrows[here])
        return parse_action(text)

    def public_action(self, entry: dict, seat: int | None) -> Action:
        """Everything a seat does here happens in front of everyone (a roll, a goat's way, a
        step, a ride, a turn, a throw, a Landslide's way, a reveal), and a card played from
        the hand is laid face up (GY-R11): its action names that card and its place only,
        never the face-down card taken in exchange. So every seat may know every action.

            >>> s = new_game(players=2, seed=1)
            >>> s.public_action({"seat": 1, "action": "play tee c3"}, 0)
            Action(kind='play', cell='c3', card='tee')
        """
        return self.parse_action(entry["action"])

    def _explain(self, action: Action, seat: int) -> IllegalActionError:
        return explain(self, action, seat)

    def _check_position(self) -> None:
        """A saved or built position's fields must fit together as play leaves them
        (``saves.check_position``)."""
        check_position(self)

    def check_invariants(self) -> None:
        """The 70 cards are conserved, the fixed cards are in place, and the path graph kept
        in step equals one built from scratch (``saves.check_invariants``)."""
        check_invariants(self)

    # ------------------------------------------------------------------ board questions

    def _seat(self, seat) -> int:
        """``seat`` if it is a seat of this game, else the VariantError ``view`` gives."""
        if not (isinstance(seat, int) and not isinstance(seat, bool)
                and 0 <= seat < self.players):
            raise VariantError(f"seat must be 0 to {self.players - 1}, not {quote(seat)}",
                               "seat")
        return seat

    @property
    def graph(self) -> nx.Graph:
        """The path graph of GY-R6, kept in step with the board (nodes are cell numbers;
        don't change it: ``path_graph()`` gives a copy named by cell ids)."""
        return self.paths.graph

    def path_graph(self) -> nx.Graph:
        """A copy of the path graph with cell ids as nodes and each node's ``row``, ``col``,
        ``card`` and ``arrows`` as attributes (for drawing and for the notebook)."""
        graph = nx.relabel_nodes(self.paths.graph, cell_id, copy=True)
        for node in graph.nodes:
            cell = parse_cell(node)
            r, c = row_col(cell)
            graph.nodes[node].update(row=r, col=c, card=self.cards[cell],
                                     arrows=mask_text(self.arrows[cell]))
        return graph

    def route(self, seat: int) -> list[str] | None:
        """The shortest walk along face-up paths from ``seat``'s shepherd to its goat, as cell
        ids (both ends included), or ``None`` when there is none right now (GY-R6, GY-R33:
        a hint; a move is still one step)."""
        seat = self._seat(seat)
        path = self.paths.route(self.shepherds[seat], self.goats[seat])
        return [cell_id(c) for c in path] if path else None

    def reachable(self, seat: int) -> list[str]:
        """Face-up cards ``seat``'s shepherd can walk to along the paths (its own excluded)."""
        here = self.shepherds[self._seat(seat)]
        return [cell_id(c) for c in sorted(self.paths.reach(here)) if c != here]

    def face_down(self) -> list[int]:
        return [c for c in range(CELLS) if not self.up[c]]

    def shepherds_on(self, cell: int) -> list[int]:
        return [s for s in range(self.players) if self.shepherds[s] == cell]

    def step_targets(self, seat: int) -> list[int]:
        """Cells ``seat``'s shepherd may step to (GY-R6, GY-R7, GY-R20, GY-R26, GY-R27)."""
        here = self.shepherds[self._seat(seat)]
        own_up = self.up[here]
        targets = []
        for d, n in NEIGHBOURS[here]:
            if own_up and not self.arrows[here] & BIT[d]:
                continue                                    # no arrow of mine points there
            if not self.up[n]:
                targets.append(n)                           # GY-R7: reveal it
                continue
            kind = self.cards[n]
            if kind == "cliff":
                continue                                    # GY-R20
            if kind in ("mineshaft", "waterfall"):
                targets.append(n)                           # GY-R27: no arrow back needed
            elif own_up:
                if self.paths.joined(here, n):              # GY-R6: both arrows meet
                    targets.append(n)
            elif self.arrows[n] & BIT[OPPOSITE[d]]:         # GY-R26: mine is open all round
                targets.append(n)
        return targets

    def lift_targets(self, seat: int) -> list[int]:
        """GY-R15: from the Top to any face-up Ski Lift, or from one back to the Top."""
        here = self.shepherds[self._seat(seat)]
        lifts = [c for c in range(CELLS) if self.up[c] and self.cards[c] == "ski"]
        if here == TOP:
            return lifts
        return [TOP] if here in lifts else []

    def throw_targets(self, cell: int) -> list[int]:
        """GY-R25: neighbours with no shepherd that are not a face-up Steep Cliff."""
        return [n for _, n in NEIGHBOURS[cell]
                if n not in self.shepherds and not (self.up[n] and self.cards[n] == "cliff")]

    def laying_options(self, orient: Step) -> list[int]:
        """The arrows (masks) the card of an orient decision may be laid with (GY-R3, GY-R7,
        GY-R29)."""
        return orientations(self.cards[orient.cell], orient.back, self.variants["exits"])

    def _piece_at(self, throw: Step) -> bool:
        """The piece a throw decision concerns is still on the card it is thrown from."""
        if throw.goat:
            return self.goats[throw.owner] == throw.cell
        return self.shepherds[throw.owner] == throw.cell

    def _goat_stuck(self, seat: int) -> bool:
        """GY-R10: a goat can't leave a face-up Wheat Field."""
        goat = self.goats[seat]
        return self.up[goat] and self.cards[goat] == "wheat"

    def _satisfied(self, seat: int) -> bool:
        """GY-R13, GY-R24: shepherd and goat share a face-up card that allows a win (a card
        still waiting to be laid down does not count yet, GY-R28)."""
        cell = self.shepherds[seat]
        if cell != self.goats[seat] or not self.up[cell] or self.cards[cell] in NO_WIN:
            return False
        top = self.steps[-1] if self.steps else None
        return not (top and top.kind == "orient" and top.cell == cell)

    # ------------------------------------------------------------------ legal actions

    def _legal(self, seat: int) -> list[Action]:
        pending = self.steps[-1]
        match pending.kind:
            case "roll":
                return [make("roll")]
            case "goat":
                return [make("goat", dir=d) for d in DIRS]
            case "act" | "more":
                actions = [make("step", cell=cell_id(c)) for c in self.step_targets(seat)]
                actions += [make("lift", cell=cell_id(c)) for c in self.lift_targets(seat)]
                if pending.kind == "more":
                    return actions + [make("pass")]
                down = [cell_id(c) for c in range(CELLS) if not self.up[c]]
                actions += [make("play", card=k, cell=c) for k in sorted(set(self.hands[seat]))
                            for c in down]
                here = self.shepherds[seat]
                if self.up[here] and self.arrows[here]:
                    turned = [turn_cw(self.arrows[here]), turn_ccw(self.arrows[here])]
                    for mask in dict.fromkeys(turned):
                        actions.append(make("rotate", arrows=mask_text(mask)))
                return actions
            case "orient":
                return [make("orient", arrows=mask_text(m))
                        for m in self.laying_options(pending)]
            case "throw":
                return [make("throw", cell=cell_id(c)) for c in self.throw_targets(pending.cell)]
            case "slide":
                return [make("slide", dir=d) for d in DIRS]
            case "reveal":
                return [make("reveal", cell=cell_id(c)) for c in self.face_down()] + \
                    [make("pass")]
            case "lift":
                return [make("lift", cell=cell_id(pending.to)), make("pass")]
            case _:
                return []

    # ------------------------------------------------------------------ the turn machine

    def _add(self, step: Step) -> None:
        """Put ``step`` on the stack (it runs before those added earlier), unless the game is
        over."""
        if self._winners is None:
            self.steps.append(step)

    def _run(self) -> None:
        """Carry out steps until a decision is pending or the game is over."""
        while self.steps and self._winners is None:
            step = self.steps[-1]
            if step.kind in DECISIONS:
                if not self._automatic(step):
                    return
                continue
            self.steps.pop()
            match step.kind:
                case "part2":
                    self._run_part2(step)
                case "endturn":
                    self._run_endturn(step)
                case "endmove":
                    self._run_endmove(step)
                case "push":
                    self._run_push(step)
                case "entered":
                    self._run_entered(step)
                case "effect":
                    self._run_effect(step)
                case "sweep":
                    self._run_sweep(step)
                case "landed":
                    self._run_landed(step)
                case _:
                    raise AssertionError(f"no rule carries out a {step.kind!r} step")

    def _one_answer(self, decision: Step) -> bool:
        """GY-X3: ``decision`` has one possible answer (or none), so the rules take it for the
        seat: a card that lies one way, a throw with one landing (or none, GY-R25), a piece no
        longer there to throw, a Top visit with nothing face down, a goat held by a Wheat
        Field. Only what every seat can see decides it."""
        match decision.kind:
            case "orient":
                return len(self.laying_options(decision)) == 1
            case "throw":
                return not self._piece_at(decision) or \
                    len(self.throw_targets(decision.cell)) <= 1
            case "reveal":
                return all(self.up)
            case "goat":
                return self._goat_stuck(decision.seat)
            case _:
                return False

    def _automatic(self, decision: Step) -> bool:
        """Take ``decision`` if it has one answer (GY-X3). True if taken."""
        if not self._one_answer(decision):
            return False
        self.steps.pop()
        match decision.kind:
            case "orient":
                self._lay(decision.cell, self.laying_options(decision)[0])
            case "throw":
                if self._piece_at(decision):
                    targets = self.throw_targets(decision.cell)
                    self._throw(decision, targets[0] if targets else None)
            case "goat":
                self._goat_move(decision.seat, "n")
                if decision.rolls:
                    self._add(Step("roll", decision.seat, rolls=decision.rolls))
        return True

    # ---- decisions: the pending one comes off the stack as it is carried out

    def _do(self, action: Action, seat: int) -> None:
        match action.kind:
            case "roll":
                self._do_roll(action, seat)
            case "goat":
                self._do_goat(action, seat)
            case "step":
                self._do_step(action, seat)
            case "lift":
                self._do_lift(action, seat)
            case "play":
                self._do_play(action, seat)
            case "rotate":
                self._do_rotate(action, seat)
            case "orient":
                self._do_orient(action, seat)
            case "throw":
                self._do_throw(action, seat)
            case "slide":
                self._do_slide(action, seat)
            case "reveal":
                self._do_reveal(action, seat)
            case "pass":
                self._do_pass(action, seat)
            case _:
                raise AssertionError(f"no rule carries out a {action.kind!r}")
        self._run()

    def _do_roll(self, action: Action, seat: int) -> None:
        more = self.steps.pop().rolls - 1
        faces = [f for f, n in self.variants["die"].items() if n]
        face = self.draw("die", faces, [self.variants["die"][f] for f in faces])
        self.die = face
        if face == "choice":
            self.say(views.rollers_choice(self, seat))
            self._add(Step("goat", seat, rolls=more))
            return
        if more:
            self._add(Step("roll", seat, rolls=more))
        self._goat_move(seat, face, rolled=True)

    def _do_goat(self, action: Action, seat: int) -> None:
        rolls = self.steps.pop().rolls
        if rolls:
            self._add(Step("roll", seat, rolls=rolls))
        self._goat_move(seat, action.dir)

    def _do_step(self, action: Action, seat: int) -> None:
        """The move (GY-R6-R8), or a second one from a Coffee Bush (GY-R31)."""
        move = 1 if self.steps.pop().kind == "act" else 2
        here, target = self.shepherds[seat], parse_cell(action.cell)
        self._add(Step("endmove", seat, move=move))
        self.say(views.stepped(self, seat, direction(here, target),
                               self.cards[target] if self.up[target] else None))
        self._enter(seat, target, here)

    def _do_lift(self, action: Action, seat: int) -> None:
        """A Ski Lift ride as the move (GY-R15, GY-R31), or the free ride (GY-X6)."""
        decision = self.steps.pop()
        if decision.kind == "lift":
            self.say(views.free_ride(self, seat))
            self._enter(seat, decision.to, decision.cell)
            return
        here, target = self.shepherds[seat], parse_cell(action.cell)
        self._add(Step("endmove", seat, move=1 if decision.kind == "act" else 2))
        self.say(views.rode(self, seat, target))
        self._enter(seat, target, here)

    def _do_play(self, action: Action, seat: int) -> None:
        """GY-R11: swap a hand card for a face-down card on the board."""
        self.steps.pop()
        cell = parse_cell(action.cell)
        taken = self.cards[cell]
        hand = self.hands[seat]
        hand.remove(action.card)
        hand.append(taken)
        hand.sort()
        self.cards[cell] = action.card
        text, secret = views.played(self, seat, action.card, taken)
        self.say(text, secret=secret)
        self._turn_up_from_afar(seat, cell)

    def _do_rotate(self, action: Action, seat: int) -> None:
        """GY-R9: a quarter turn of the card underfoot (GY-X9: a four-way card, a pass)."""
        self.steps.pop()
        here = self.shepherds[seat]
        before = self.arrows[here]
        self.arrows[here] = BIT_MASK[action.arrows]
        self.paths.refresh(here)
        same = self.arrows[here] == before
        self.say(views.turned(self, seat, self.cards[here], None if same else self.arrows[here]))

    def _do_orient(self, action: Action, seat: int) -> None:
        self._lay(self.steps.pop().cell, BIT_MASK[action.arrows])

    def _do_throw(self, action: Action, seat: int) -> None:
        self._throw(self.steps.pop(), parse_cell(action.cell))

    def _do_slide(self, action: Action, seat: int) -> None:
        self._landslide(seat, self.steps.pop().cell, action.dir)

    def _do_reveal(self, action: Action, seat: int) -> None:
        """GY-R14: from the Top, any face-down card turns up."""
        self.steps.pop()
        cell = parse_cell(action.cell)
        self.say(views.revealed_from_top(self, seat, self.cards[cell]))
        self._turn_up_from_afar(seat, cell)

    def _do_pass(self, action: Action, seat: int) -> None:
        """No to something optional: a second move, the Top's reveal, a free ride."""
        self.say(views.passed(self, seat, self.steps.pop().kind))

    # ---- steps carried out without a decision

    def _run_part2(self, step: Step) -> None:
        seat = step.seat
        if self.skipping:                                   # GY-R16
            self.say(views.skipping(self, seat))
            return
        here = self.shepherds[seat]
        self.coffee = self.up[here] and self.cards[here] == "coffee"    # GY-R31, GY-X5
        self.halted = False
        self._add(Step("act", seat))

    def _run_endturn(self, step: Step) -> None:
        if self.turn_guard_reached():                       # GY-R22
            self._finish((), views.draw(self.turn))
            return
        self.current = self.next_seat(self.current)         # GY-R23
        self.turn += 1
        self._begin_turn()

    def _run_endmove(self, step: Step) -> None:
        """GY-R31: a second move from a Coffee Bush, unless the moving has ended."""
        if step.move == 1 and self.coffee and not self.halted:
            self._add(Step("more", step.seat))

    def _run_push(self, step: Step) -> None:
        seat, cell = step.seat, step.cell
        if self.shepherds[seat] != cell:
            return
        target = neighbour(cell, step.dir)
        if target is None:
            self.say(views.went_home(self, seat, "pushed"), headline=True)
            self._home(seat, quiet=True)
            return
        self._arrive(seat, target)

    def _run_entered(self, step: Step) -> None:
        """GY-R28: a Steep Cliff sends the mover back; otherwise throw, check, resolve."""
        seat, cell = step.seat, step.cell
        if not self.up[cell] or self.shepherds[seat] != step.came_from:
            return
        kind = self.cards[cell]
        if kind == "cliff":                                 # GY-R20
            self.say(views.cliff_back(self, seat), headline=True)
            if seat == self.current:
                self.halted = True
            self._underfoot(cell, kind, self.shepherds_on(cell))     # GY-R28, GY-X13
            return
        self.shepherds[seat] = cell
        thrown = [(s, False) for s in self.shepherds_on(cell) if s != seat]    # GY-R12, GY-X2
        if not (kind == "wheat" and self.up[cell]):                           # GY-R32
            thrown += [(s, True) for s in range(self.players)
                       if s != seat and self.goats[s] == cell]
        self._add(Step("effect", seat, cell, fresh=step.fresh, passed=frozenset((cell,))))
        for owner, goat in reversed(thrown):
            self._add(Step("throw", seat, cell, owner=owner, goat=goat))

    def _run_effect(self, step: Step) -> None:
        seat, cell = step.seat, step.cell
        if not self.up[cell]:
            return
        if self._check_win():
            return
        kind = self.cards[cell]
        if step.afar:
            self._effect_from_afar(seat, cell, kind)
            return
        if self.shepherds[seat] != cell:
            return
        self._effect_on(seat, cell, kind, step.fresh, step.passed)

    def _run_sweep(self, step: Step) -> None:
        """GY-R21, GY-R30: one card along the Waterfall's arrow."""
        seat, cell, passed = step.seat, step.cell, step.passed
        if (self.shepherds[seat] != cell or not self.up[cell]
                or self.cards[cell] != "waterfall" or not self.arrows[cell]):
            return
        d = mask_text(self.arrows[cell])
        target = neighbour(cell, d)
        if target is None or target in passed:
            self.say(views.went_home(self, seat, "swept" if target is None else "looped"),
                     headline=True)
            self._home(seat, quiet=True)
            return
        self.say(views.swept(self, seat, d))
        passed = passed | {target}
        if self.up[target]:
            self.shepherds[seat] = target
            if self._check_win():
                return
            self._effect_on(seat, target, self.cards[target], False, passed)
            return
        self.up[target] = True                               # GY-R21: revealed, oriented
        self.paths.refresh(target)
        self.say(views.reveals(self, seat, self.cards[target]))
        self._add(Step("landed", seat, target, passed=passed))
        self._add(Step("orient", seat, target, back=BIT[OPPOSITE[d]]))

    def _run_landed(self, step: Step) -> None:
        """A swept shepherd lands on the card it just revealed (GY-R21); a Steep Cliff,
        Mineshaft, Waterfall or Thicket acts on it and then on whoever already stood there
        (GY-R29, GY-X13)."""
        seat, cell = step.seat, step.cell
        if not self.up[cell]:
            return
        there = self.shepherds_on(cell)
        self.shepherds[seat] = cell
        if self._check_win():
            return
        kind = self.cards[cell]
        if kind in UNDERFOOT:
            self._underfoot(cell, kind, [seat] + there, step.passed)
        else:
            self._effect_on(seat, cell, kind, True, step.passed)

    # ---- pieces moving

    def _goat_move(self, seat: int, d: str, rolled: bool = False) -> None:
        """GY-R10: one card, wrapping round; a Wheat Field holds it; a shepherd is pushed."""
        if self._goat_stuck(seat):
            self.say(views.goat_line(self, seat, d, rolled, "stuck"))
            return
        target = wrap(self.goats[seat], d)
        here = self.shepherds_on(target)
        if here:                                            # GY-R10, GY-X10
            self.say(views.goat_line(self, seat, d, rolled, "bumped", here))
            for s in reversed(here):
                self._add(Step("push", s, target, dir=d))
            return
        self.goats[seat] = target
        self.say(views.goat_line(self, seat, d, rolled, "wandered"))
        self._check_win()

    def _arrive(self, seat: int, cell: int) -> None:
        """GY-R25: pushed or thrown (not stepping): obey the card, throw nobody (GY-X1)."""
        self.shepherds[seat] = cell
        if self._check_win() or not self.up[cell]:
            return
        self._effect_on(seat, cell, self.cards[cell], False, frozenset({cell}))

    def _home(self, seat: int, quiet: bool = False) -> None:
        if not quiet:
            self.say(views.went_home(self, seat), headline=True)
        self.shepherds[seat] = self.houses[seat]
        if seat == self.current:
            self.halted = True                              # GY-R31: a trip home ends moving
        self._check_win()

    def _enter(self, seat: int, cell: int, came_from: int) -> None:
        """A step or a ride onto ``cell`` (GY-R7, GY-R28): reveal and orient it first."""
        if self.up[cell]:
            self._add(Step("entered", seat, cell, came_from=came_from))
            return
        self.up[cell] = True
        self.paths.refresh(cell)
        self.say(views.it_is(self.cards[cell]))
        self._add(Step("entered", seat, cell, came_from=came_from, fresh=True))
        back = BIT[direction(cell, came_from)] if self.cards[cell] != "waterfall" else 0
        self._add(Step("orient", seat, cell, back=back))

    def _lay(self, cell: int, mask: int) -> None:
        """The revealed card is laid down: it joins the paths, and anyone whose goat is
        with them on it wins at once (GY-R24)."""
        self.arrows[cell] = mask
        self.paths.refresh(cell)
        said = views.laid(self.cards[cell], mask)
        if said:
            self.say(said)
        self._check_win()

    def _throw(self, throw: Step, target: int | None) -> None:
        """GY-R12, GY-R25: land the thrown piece (none possible: home / stays)."""
        owner, goat = throw.owner, throw.goat
        d = direction(throw.cell, target) if target is not None else None
        self.say(views.thrown(self, throw.seat, owner, goat, d),
                 headline=not (goat and target is None))
        if goat:
            if target is not None:
                self.goats[owner] = target
                self._check_win()
        elif target is None:
            self._home(owner, quiet=True)
        else:
            self._arrive(owner, target)

    # ---- cards acting

    def _effect_on(self, seat: int, cell: int, kind: str, fresh: bool, passed) -> None:
        """What ``kind`` does to the shepherd of ``seat`` now standing on it (GY-R14-R21,
        GY-R25); ``fresh``: that shepherd has just turned it up."""
        match kind:
            case _ if kind in UNDERFOOT:                    # GY-R16, GY-R19-R21, GY-R25
                self._underfoot(cell, kind, [seat], passed)
            case "top":                                     # GY-R14, GY-R33
                if seat == self.current and not self.top_used:
                    self.top_used = True
                    self._add(Step("reveal", seat))
            case "ski":                                     # GY-R15
                if fresh:
                    self._add(Step("lift", seat, cell, to=TOP))
            case "landslide":                               # GY-R18
                self._add(Step("slide", seat, cell))
            case "fog":                                     # GY-R17
                self._fog(cell)

    def _effect_from_afar(self, seat: int, cell: int, kind: str) -> None:
        """GY-R29: a card turned up by someone not standing on it."""
        match kind:
            case _ if kind in UNDERFOOT:
                self._underfoot(cell, kind, self.shepherds_on(cell))
            case "landslide":
                self._add(Step("slide", seat, cell))
            case "fog":
                self._fog(cell)
            case "ski":
                here = self.shepherds[seat]
                if here == TOP:
                    self._add(Step("lift", seat, TOP, to=cell))
                elif here == cell:
                    self._add(Step("lift", seat, cell, to=TOP))

    def _underfoot(self, cell: int, kind: str, seats: list[int], trail=NOWHERE) -> None:
        """A Steep Cliff or Mineshaft sends each of ``seats`` standing on it home, a Waterfall
        sweeps each (the first first), a Thicket costs each its next move (GY-R16, GY-R19-R21,
        GY-R25, GY-R29, GY-X4, GY-X13). ``trail``: the Waterfalls the first of them has
        already passed in this sweep (GY-R30); the others start a sweep of their own."""
        if kind == "waterfall":
            for i in reversed(range(len(seats))):
                passed = (trail if i == 0 else NOWHERE) | {cell}
                self._add(Step("sweep", seats[i], cell, passed=passed))
            return
        for s in seats:
            if kind == "thicket":
                self.lost[s] = True
                self.say(views.in_thicket(self, s), headline=True)
                continue
            self.say(views.went_home(self, s, kind), headline=True)
            self._home(s, quiet=True)
            if self._winners is not None:
                return

    def _turn_up_from_afar(self, seat: int, cell: int) -> None:
        """GY-R11, GY-R14, GY-R29: face up, the revealer lays it any way, then it acts."""
        self.up[cell] = True
        self.paths.refresh(cell)
        self._add(Step("effect", seat, cell, fresh=True, afar=True, passed=frozenset((cell,))))
        self._add(Step("orient", seat, cell))

    def _replace(self, cells: list[int]) -> None:
        """Shuffle these cards into the deck, then deal each cell a face-down card."""
        deck = self.decks["deck"]
        deck.pile.extend(self.cards[c] for c in cells)
        self.rng.shuffle(deck.pile)
        for c in cells:
            self.cards[c] = self.draw_card("deck")
            self.up[c] = False
            self.arrows[c] = 0
            self.paths.refresh(c)

    def _fog(self, cell: int) -> None:
        """GY-R17, GY-X12."""
        cleared = [c for c in range(CELLS) if self.up[c] and c not in FIXED and c != cell
                   and c not in self.shepherds]
        self.say(views.fog(len(cleared)), headline=True)
        if cleared:
            self._replace(cleared)
        self._replace([cell])

    def _landslide(self, seat: int, cell: int, d: str) -> None:
        """GY-R18, GY-R33: the card and its line to the edge, houses and Top skipped;
        ``seat`` chose the direction (the one who turned it up, on or off its turn)."""
        cells = [c for c in line(cell, d) if c not in FIXED]
        self.say(views.landslide(self, seat, d, len(cells)), headline=True)
        self._replace(cells)
        for s in range(self.players):
            if self.shepherds[s] in cells:
                self.say(views.went_home(self, s, "landslide"), headline=True)
                self._home(s, quiet=True)
                if self._winners is not None:
                    return

    # ---- the end

    def _check_win(self) -> bool:
        """GY-R24, GY-X8: the game ends the moment a shepherd shares a card with its goat."""
        if self._winners is not None:
            return True
        seats = tuple(s for s in range(self.players) if self._satisfied(s))
        if not seats:
            return False
        self._finish(seats, views.caught(self, seats))
        return True

    def _finish(self, winners: tuple[int, ...], message: str) -> None:
        self._winners = tuple(winners)
        self.steps = []
        self.say(message, headline=True)

    # ------------------------------------------------------------------ hidden information

    def _redeal_hidden(self, seat: int, rng) -> None:
        """Face-down cards, other hands and the deck order, re-dealt from their sorted pool."""
        deck = self.decks["deck"]
        down = self.face_down()
        others = [s for s in range(self.players) if s != seat]
        pool = sorted([self.cards[c] for c in down] + [k for s in others for k in self.hands[s]]
                      + deck.pile)
        rng.shuffle(pool)
        for c in down:
            self.cards[c] = pool.pop()
        for s in others:
            self.hands[s] = sorted(pool.pop() for _ in range(len(self.hands[s])))
        deck.pile = pool


