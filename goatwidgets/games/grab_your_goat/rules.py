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

How a turn runs. The rules are a stack of small tasks (``self.tasks``, each ``[kind, seat,
a, b, n]``): a turn starts as ``endturn / part2 / roll``; the top task is carried out, and a
task may push more (a push, a throw, a sweep, an effect). The stack stops at a task that
needs a decision: that is the pending decision (``roll goat act more orient throw slide
reveal lift``), and its seat is the decider. A decision with one possible answer is taken
automatically (GY-X3). The tasks' vocabulary, the saved fields and what a reachable position
satisfies are in ``saves``.

    >>> s = new_game(players=2, seed=3, first=0)
    >>> s.to_move, s.pending, len(s.hands[0]), s.decks["deck"].count
    (0, 'roll', 3, 20)
    >>> s.preset(die="e"); s.apply("roll")
    >>> s.log[-1], s.pending
    ('Player 1 rolled East: their goat wandered east.', 'act')

Rulings (``shared/rules/grab_your_goat.rulings.md``) are cited by id; our readings where the
rulings are silent are GY-X1… (``OUR_READINGS``, also in ``explain.RULES``).
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

import networkx as nx

from ...engine import IllegalActionError, State, VariantError, quote
from ...engine.variants import counts, whole_number
from ...engine.words import is_you, listed, obj, plural, possessive, says, verb
from .actions import Action, make, parse_action
from .saves import AFAR, DECISIONS, FRESH, GOAT, HAND, SAVE_SCHEMA, check_position
from .board import (
    CELLS,
    CORNERS,
    FIXED,
    NEIGHBOURS,
    TOP,
    PathGraph,
    build_graph,
    cell_id,
    direction,
    line,
    manhattan,
    parse_cell,
    row_col,
    step,
    wrap,
)
from .cards import (
    BIT,
    DECK_KINDS,
    DEFAULT_CARDS,
    DEFAULT_DIE,
    DIR_NAMES,
    DIRS,
    EFFECTS,
    FACE_NAMES,
    FACES,
    NAMES,
    NO_WIN,
    OPEN_EFFECTS,
    OPPOSITE,
    mask_text,
    orientations,
    turn_ccw,
    turn_cw,
)

DEALT = CELLS - len(FIXED)                          # 44 cards dealt face down (GY-R1)
DEFAULT_HOUSES = {2: ("nw", "se"), 3: ("nw", "ne", "se"), 4: ("nw", "ne", "se", "sw")}
MAX_TURNS = 400                                     # GY-R22

#: the action kinds each decision accepts (the decisions and the other tasks: ``saves``)
ACCEPTS = {
    "roll": {"roll"}, "goat": {"goat"}, "act": {"step", "lift", "play", "rotate"},
    "more": {"step", "lift", "pass"}, "orient": {"orient"}, "throw": {"throw"},
    "slide": {"slide"}, "reveal": {"reveal", "pass"}, "lift": {"lift", "pass"},
}
#: the cards that act on every shepherd standing on them when they turn face up, not only on
#: the one who turned them up (GY-R29, GY-X13)
UNDERFOOT = ("cliff", "mineshaft", "waterfall", "thicket")

OUR_READINGS = {
    "GY-X1": "Only a shepherd's own move (a step or a Ski Lift ride) throws the pieces on the "
             "card it enters. A shepherd who is pushed, thrown or swept onto a card simply "
             "shares it with whoever is there.",
    "GY-X2": "When a shepherd enters a card holding several pieces, it throws the other "
             "shepherds first and then the goats, each in seat order; each piece lands (and "
             "its landing is settled) before the next one is thrown.",
    "GY-X3": "A choice with only one possible answer is made for you: a revealed card that "
             "can lie only one way, a throw with only one card to land on, a Top of the "
             "Mountain visit with no face-down card left.",
    "GY-X4": "The Thicket costs the move of your next turn however you got into it (a step, "
             "a push, a throw, a sweep, or a card turned up under you), even if you leave it "
             "before then. Entering it during your own goat roll costs your next turn's move, "
             "not this one's.",
    "GY-X5": "Coffee Bush counts where a piece stands when its part of the turn begins: a goat "
             "on it at the roll rolls twice; a shepherd on it when choosing the move may, "
             "after a step or a Ski Lift ride, make one more step or ride (or stop).",
    "GY-X6": "A free Ski Lift ride is extra: it does not use up your move, and you may say no. "
             "The ride enters its card like a step (pieces there are thrown, the Top gives "
             "its reveal).",
    "GY-X7": "A Waterfall's single arrow is the revealer's free choice, even when they step "
             "onto it: it need not point back the way they came.",
    "GY-X8": "If two shepherds catch their goats at the same moment, they share the win.",
    "GY-X9": "Turning a card with four arrows (a house, the Top, a Crossroads) is allowed and "
             "changes nothing: it is how you pass your move.",
    "GY-X10": "A goat that bumps into a card with several shepherds pushes every one of them.",
    "GY-X11": "An advantage card may go on any face-down card, even one with a shepherd or "
              "a goat on it, your own included.",
    "GY-X12": "Dense Fog also clears cards with goats on them (the goats stay, now on face-down "
              "cards); the Fog card itself leaves even when the revealer stands on it.",
    "GY-X13": "A card that turns face up acts on every shepherd standing on it, however it was "
              "turned up: a Steep Cliff or Mineshaft sends each of them home, a Waterfall "
              "carries each of them along its arrow, a Thicket costs each of them their next "
              "move. A shepherd carried onto a face-down card goes first, then those who were "
              "already there, in seat order. Only the one who turned it up lays it, picks a "
              "Landslide's direction and gets the free Ski Lift ride. A shepherd who steps onto "
              "the card throws the others off first (GY-R28), except from a Steep Cliff, "
              "which sends them home.",
}


def clockwise(houses) -> list[str]:
    """The corners in the order turns reach them (GY-R23: clockwise round the board), starting
    from the first one named: seat 0 keeps that house, the next seats take the others as play
    goes round. An order that is already clockwise stays as it is (so older saves load).

        >>> clockwise(["nw", "se", "ne"]), clockwise(["se", "nw", "ne"])
        (['nw', 'ne', 'se'], ['se', 'nw', 'ne'])
    """
    order = list(CORNERS)                               # nw, ne, se, sw: clockwise
    start = order.index(houses[0])
    return sorted(houses, key=lambda h: (order.index(h) - start) % len(order))


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
                        "houses": None, "first": None, "max_turns": MAX_TURNS}
    hidden_information = True
    save_schema = SAVE_SCHEMA

    # ------------------------------------------------------------------ variants

    def _check_variants(self, variants: dict) -> dict:
        options = super()._check_variants(variants)
        cards = counts(options["cards"], "cards", DECK_KINDS, "GY-R3", noun="card kind",
                       example="{'waterfall': 2}", high=200)
        mix = {k: cards.get(k, DEFAULT_CARDS[k]) for k in DECK_KINDS}
        need = DEALT + HAND * self.players
        if sum(mix.values()) < need:
            raise VariantError(f"the deck needs at least {need} cards for {self.players} "
                               f"players (44 on the board, 3 in each hand), not "
                               f"{sum(mix.values())}", "GY-R1")
        die = counts(options["die"], "die", FACES, "GY-R5", noun="face", high=100,
                     example="{'n': 1, 'e': 1, 's': 1, 'w': 1, 'choice': 2}")
        faces = {f: die.get(f, 0) for f in FACES}
        if not sum(faces.values()):
            raise VariantError("the die needs at least one face", "GY-R5")
        exits = options["exits"]
        if not isinstance(exits, dict) or any(k not in OPEN_EFFECTS for k in exits) or any(
                v not in ("straight", "corner", "tee", "cross") for v in exits.values()):
            raise VariantError(f"exits maps coffee, ski, thicket or wheat to a shape: "
                               f"straight, corner, tee or cross, not {quote(exits)}", "GY-R33")
        exits = {k: exits[k] for k in OPEN_EFFECTS if k in exits and exits[k] != "cross"}
        houses = options["houses"]
        if houses is None:
            houses = list(DEFAULT_HOUSES[self.players])
        if (not isinstance(houses, (list, tuple)) or len(houses) != self.players
                or not all(isinstance(h, str) and h in CORNERS for h in houses)
                or len(set(houses)) != len(houses)):
            raise VariantError(f"houses must name a different corner for each of the "
                               f"{self.players} seats (nw, ne, se, sw), not {quote(houses)}",
                               "GY-R23")
        houses = clockwise(houses)
        first = options["first"]
        if first is not None and (not isinstance(first, int) or isinstance(first, bool)
                                  or not 0 <= first < self.players):
            raise VariantError(f"first must be a seat from 0 to {self.players - 1} or None, "
                               f"not {quote(first)}", "GY-R23")
        turns = whole_number(options["max_turns"], "max_turns", 1, 100_000, "GY-R22")
        return {"cards": mix, "die": faces, "exits": exits, "houses": list(houses),
                "first": first, "max_turns": turns}

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
        self.tasks: list[list] = []
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
        self.tasks = [["endturn", seat, -1, -1, 0], ["part2", seat, -1, -1, 0],
                      ["roll", seat, -1, -1, rolls]]

    # ------------------------------------------------------------------ contract

    @property
    def pending(self) -> str:
        """The kind of the pending decision ("roll", "act", "throw", …) or "over"."""
        return self.tasks[-1][0] if self.tasks and not self.is_over else "over"

    def _deciders(self) -> tuple[int, ...]:
        if self.is_over or not self.tasks:
            return ()
        return (self.tasks[-1][1],)

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
        """The notation of ``actions``, plus ``step n`` and ``rotate cw``/``ccw`` short cuts
        for the seat deciding now."""
        words = text.strip().lower().split() if isinstance(text, str) else []
        seat = self.to_move
        if len(words) == 2 and seat is not None and not self.is_over:
            here = self.shepherds[seat]
            if words[0] == "step" and words[1] in ("n", "e", "s", "w", "north", "east",
                                                    "south", "west"):
                target = step(here, words[1][0])
                if target is not None:
                    return make("step", cell=cell_id(target))
            if words[0] == "rotate" and words[1] in ("cw", "ccw") and self.arrows[here]:
                turned = (turn_cw if words[1] == "cw" else turn_ccw)(self.arrows[here])
                return make("rotate", arrows=mask_text(turned))
        return parse_action(text)

    def _name(self, seat: int | None = None) -> str:
        return self.names[self.current if seat is None else seat]

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

    def _orient_options(self, task) -> list[int]:
        _, _, cell, back, _ = task
        return orientations(self.cards[cell], back, self.variants["exits"])

    def _piece_at(self, task) -> bool:
        _, _, cell, piece, _ = task
        if piece >= GOAT:
            return self.goats[piece - GOAT] == cell
        return self.shepherds[piece] == cell

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
        top = self.tasks[-1] if self.tasks else None
        return not (top and top[0] == "orient" and top[2] == cell)

    # ------------------------------------------------------------------ legal actions

    def _legal(self, seat: int) -> list[Action]:
        task = self.tasks[-1]
        kind = task[0]
        if kind == "roll":
            return [make("roll")]
        if kind == "goat":
            return [make("goat", dir=d) for d in DIRS]
        if kind in ("act", "more"):
            actions = [make("step", cell=cell_id(c)) for c in self.step_targets(seat)]
            actions += [make("lift", cell=cell_id(c)) for c in self.lift_targets(seat)]
            if kind == "more":
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
        if kind == "orient":
            return [make("orient", arrows=mask_text(m)) for m in self._orient_options(task)]
        if kind == "throw":
            return [make("throw", cell=cell_id(c)) for c in self.throw_targets(task[2])]
        if kind == "slide":
            return [make("slide", dir=d) for d in DIRS]
        if kind == "reveal":
            return [make("reveal", cell=cell_id(c)) for c in self.face_down()] + [make("pass")]
        if kind == "lift":
            return [make("lift", cell=cell_id(task[3])), make("pass")]
        return []

    # ------------------------------------------------------------------ carrying out

    def _push(self, kind: str, seat: int, a: int = -1, b: int = -1, n: int = 0) -> None:
        if self._winners is None:
            self.tasks.append([kind, seat, a, b, n])

    def _do(self, action: Action, seat: int) -> None:
        task = self.tasks.pop()
        getattr(self, f"_decide_{task[0]}")(task, action)
        self._run()

    def _run(self) -> None:
        """Carry out tasks until a decision is pending or the game is over."""
        while self.tasks and self._winners is None:
            task = self.tasks[-1]
            kind = task[0]
            if kind in DECISIONS:
                if not self._automatic(task):
                    return
                continue
            self.tasks.pop()
            getattr(self, f"_task_{kind}")(task)

    def _one_answer(self, task) -> bool:
        """GY-X3: the decision ``task`` has one possible answer (or none), so the rules take it
        for the seat: a card that lies one way, a throw with one landing (or none, GY-R25), a
        piece no longer there to throw, a Top visit with nothing face down, a goat held by a
        Wheat Field. Only what every seat can see decides it."""
        kind = task[0]
        if kind == "orient":
            return len(self._orient_options(task)) == 1
        if kind == "throw":
            return not self._piece_at(task) or len(self.throw_targets(task[2])) <= 1
        if kind == "reveal":
            return all(self.up)
        if kind == "goat":
            return self._goat_stuck(task[1])
        return False

    def _automatic(self, task) -> bool:
        """Take the decision ``task`` if it has one answer (GY-X3). True if taken."""
        if not self._one_answer(task):
            return False
        self.tasks.pop()
        kind = task[0]
        if kind == "orient":
            self._lay(task[2], self._orient_options(task)[0])
        elif kind == "throw" and self._piece_at(task):
            targets = self.throw_targets(task[2])
            self._throw(task, targets[0] if targets else None)
        elif kind == "goat":
            self._goat_move(task[1], "n")
            if task[4]:
                self._push("roll", task[1], n=task[4])
        return True

    # ---- decisions

    def _decide_roll(self, task, action: Action) -> None:
        seat, rolls = task[1], task[4]
        faces = [f for f, n in self.variants["die"].items() if n]
        face = self.draw("die", faces, [self.variants["die"][f] for f in faces])
        self.die = face
        more = rolls - 1
        if face == "choice":
            name = self._name(seat)
            self.say(f"{name} rolled Roller's choice and {verb(name, 'chooses', 'choose')} "
                     f"which way {_own(name)} goat goes.")
            self._push("goat", seat, n=more)
            return
        if more:
            self._push("roll", seat, n=more)
        self._goat_move(seat, face, rolled=True)

    def _decide_goat(self, task, action: Action) -> None:
        seat = task[1]
        if task[4]:
            self._push("roll", seat, n=task[4])
        self._goat_move(seat, action.dir)

    def _decide_act(self, task, action: Action) -> None:
        self._shepherd_moves(task, action, 1)

    def _decide_more(self, task, action: Action) -> None:
        if action.kind == "pass":
            self.say(f"{says(self._name(task[1]), 'stops', 'stop')} after one move.")
            return
        self._shepherd_moves(task, action, 2)

    def _shepherd_moves(self, task, action: Action, number: int) -> None:
        seat = task[1]
        here = self.shepherds[seat]
        name = self._name(seat)
        if action.kind in ("step", "lift"):
            target = parse_cell(action.cell)
            self._push("endmove", seat, n=number)
            if action.kind == "lift":
                self.say(f"{says(name, 'rides', 'ride')} the Ski Lift "
                         + ("up to the Top of the Mountain." if target == TOP
                            else "down from the Top to a Ski Lift."))
            else:
                d = DIR_NAMES[direction(here, target)]
                what = _a(self.cards[target]) if self.up[target] else "a face-down card"
                self.say(f"{possessive(name, start=True)} shepherd stepped {d} onto {what}.")
            self._enter(seat, target, here)
        elif action.kind == "play":
            self._play(seat, action.card, parse_cell(action.cell))
        elif action.kind == "rotate":
            before = self.arrows[here]
            self.arrows[here] = BIT_MASK[action.arrows]
            self.paths.refresh(here)
            if self.arrows[here] == before:                 # GY-X9: a four-way card
                self.say(f"{says(name, 'turns', 'turn')} {_the(self.cards[here])} underfoot: "
                         "it points every way, so nothing changes (a pass).")
            else:
                self.say(f"{says(name, 'turns', 'turn')} the card underfoot: its arrows now "
                         f"point {_arrow_words(self.arrows[here])}.")

    def _decide_orient(self, task, action: Action) -> None:
        self._lay(task[2], BIT_MASK[action.arrows])

    def _decide_throw(self, task, action: Action) -> None:
        self._throw(task, parse_cell(action.cell))

    def _decide_slide(self, task, action: Action) -> None:
        self._landslide(task[1], task[2], action.dir)

    def _decide_reveal(self, task, action: Action) -> None:
        seat = task[1]
        if action.kind == "pass":
            self.say(f"{says(self._name(seat), 'reveals', 'reveal')} nothing from the Top.")
            return
        cell = parse_cell(action.cell)
        self.say(f"{says(self._name(seat), 'turns', 'turn')} up a card from the Top of the "
                 f"Mountain: {_a(self.cards[cell])}.")
        self._turn_up_from_afar(seat, cell)

    def _decide_lift(self, task, action: Action) -> None:
        seat = task[1]
        if action.kind == "pass":
            self.say(f"{says(self._name(seat), 'stays', 'stay')} off the Ski Lift.")
            return
        self.say(f"{says(self._name(seat), 'takes', 'take')} a free ride on the Ski Lift.")
        self._enter(seat, task[3], task[2])

    # ---- automatic tasks

    def _task_part2(self, task) -> None:
        seat = task[1]
        if self.skipping:                                   # GY-R16
            self.say(f"{possessive(self._name(seat), start=True)} shepherd is stuck in the "
                     "Thicket: no move this turn.")
            return
        here = self.shepherds[seat]
        self.coffee = self.up[here] and self.cards[here] == "coffee"    # GY-R31, GY-X5
        self.halted = False
        self._push("act", seat)

    def _task_endturn(self, task) -> None:
        if self.turn >= self.variants["max_turns"]:         # GY-R22
            self._finish((), f"No one caught their goat in {self.turn} turns: the game is a "
                             "draw.")
            return
        self.current = (self.current + 1) % self.players    # GY-R23
        self.turn += 1
        self._begin_turn()

    def _task_endmove(self, task) -> None:
        """GY-R31: a second move from a Coffee Bush, unless the moving has ended."""
        seat = task[1]
        if task[4] == 1 and self.coffee and not self.halted:
            self._push("more", seat)

    def _task_push(self, task) -> None:
        _, seat, cell, d, _ = task
        if self.shepherds[seat] != cell:
            return
        target = step(cell, DIRS[d])
        if target is None:
            self.say(f"{possessive(self._name(seat), start=True)} shepherd was pushed off the "
                     "board and went home.", headline=True)
            self._home(seat, quiet=True)
            return
        self._arrive(seat, target)

    def _task_entered(self, task) -> None:
        """GY-R28: a Steep Cliff sends the mover back; otherwise throw, check, resolve."""
        _, seat, cell, came_from, fresh = task
        if not self.up[cell] or self.shepherds[seat] != came_from:
            return
        kind = self.cards[cell]
        if kind == "cliff":                                 # GY-R20
            self.say(f"It's a Steep Cliff! {possessive(self._name(seat), start=True)} shepherd "
                     "goes back.", headline=True)
            if seat == self.current:
                self.halted = True
            self._underfoot(cell, kind, self.shepherds_on(cell))     # GY-R28, GY-X13
            return
        self.shepherds[seat] = cell
        victims = [s for s in self.shepherds_on(cell) if s != seat]          # GY-R12, GY-X2
        if not (kind == "wheat" and self.up[cell]):                           # GY-R32
            victims += [GOAT + s for s in range(self.players)
                        if s != seat and self.goats[s] == cell]
        self._push("effect", seat, cell, FRESH if fresh else 0, 1 << cell)
        for piece in reversed(victims):
            self._push("throw", seat, cell, piece)

    def _task_effect(self, task) -> None:
        _, seat, cell, flags, passed = task
        if not self.up[cell]:
            return
        if self._check_win():
            return
        kind = self.cards[cell]
        if flags & AFAR:
            self._effect_from_afar(seat, cell, kind)
            return
        if self.shepherds[seat] != cell:
            return
        self._effect_on(seat, cell, kind, bool(flags & FRESH), passed)

    def _task_sweep(self, task) -> None:
        """GY-R21, GY-R30: one card along the Waterfall's arrow."""
        _, seat, cell, _, passed = task
        if (self.shepherds[seat] != cell or not self.up[cell]
                or self.cards[cell] != "waterfall" or not self.arrows[cell]):
            return
        d = mask_text(self.arrows[cell])
        target = step(cell, d)
        who = possessive(self._name(seat), start=True)
        if target is None:
            self.say(f"{who} shepherd was swept off the board and woke up at home.",
                     headline=True)
            self._home(seat, quiet=True)
            return
        if passed >> target & 1:
            self.say(f"{who} shepherd was swept round in a loop and woke up at home.",
                     headline=True)
            self._home(seat, quiet=True)
            return
        self.say(f"{who} shepherd was swept {DIR_NAMES[d]} by the Waterfall.")
        passed |= 1 << target
        if self.up[target]:
            self.shepherds[seat] = target
            if self._check_win():
                return
            self._effect_on(seat, target, self.cards[target], False, passed)
            return
        self.up[target] = True                               # GY-R21: revealed, oriented
        self.paths.refresh(target)
        self.say(f"{says(self._name(seat), 'reveals', 'reveal')} {_a(self.cards[target])}.")
        self._push("landed", seat, target, -1, passed)
        self._push("orient", seat, target, BIT[OPPOSITE[d]])

    def _task_landed(self, task) -> None:
        """A swept shepherd lands on the card it just revealed (GY-R21); a Steep Cliff,
        Mineshaft, Waterfall or Thicket acts on it and then on whoever already stood there
        (GY-R29, GY-X13)."""
        _, seat, cell, _, passed = task
        if not self.up[cell]:
            return
        there = self.shepherds_on(cell)
        self.shepherds[seat] = cell
        if self._check_win():
            return
        kind = self.cards[cell]
        if kind in UNDERFOOT:
            self._underfoot(cell, kind, [seat] + there, passed)
        else:
            self._effect_on(seat, cell, kind, True, passed)

    # ---- pieces moving

    def _goat_move(self, seat: int, d: str, rolled: bool = False) -> None:
        """GY-R10: one card, wrapping round; a Wheat Field holds it; a shepherd is pushed."""
        name = self._name(seat)
        # "Ana rolled East: their goat …" (the roller named once), or "Ana's goat …" alone
        start = f"{name} rolled {FACE_NAMES[d]}: {_own(name)}" if rolled else \
            possessive(name, start=True)
        if self._goat_stuck(seat):
            self.say(f"{start} goat keeps eating on the Wheat Field.")
            return
        target = wrap(self.goats[seat], d)
        here = self.shepherds_on(target)
        if here:                                            # GY-R10, GY-X10
            names = " and ".join((f"{_own(name)} own" if s == seat else
                                  possessive(self._name(s))) + " shepherd" for s in here)
            self.say(f"{start} goat bumped into {names}, pushing "
                     f"{'them' if len(here) > 1 else 'it'} {DIR_NAMES[d]}.")
            for s in reversed(here):
                self._push("push", s, target, DIRS.index(d))
            return
        self.goats[seat] = target
        self.say(f"{start} goat wandered {DIR_NAMES[d]}.")
        self._check_win()

    def _arrive(self, seat: int, cell: int) -> None:
        """GY-R25: pushed or thrown (not stepping): obey the card, throw nobody (GY-X1)."""
        self.shepherds[seat] = cell
        if self._check_win() or not self.up[cell]:
            return
        self._effect_on(seat, cell, self.cards[cell], False, 1 << cell)

    def _home(self, seat: int, quiet: bool = False) -> None:
        if not quiet:
            self.say(f"{possessive(self._name(seat), start=True)} shepherd went home.",
                     headline=True)
        self.shepherds[seat] = self.houses[seat]
        if seat == self.current:
            self.halted = True                              # GY-R31: a trip home ends moving
        self._check_win()

    def _enter(self, seat: int, cell: int, came_from: int) -> None:
        """A step or a ride onto ``cell`` (GY-R7, GY-R28): reveal and orient it first."""
        if self.up[cell]:
            self._push("entered", seat, cell, came_from, 0)
            return
        self.up[cell] = True
        self.paths.refresh(cell)
        self.say(f"It is {_a(self.cards[cell])}.")
        self._push("entered", seat, cell, came_from, 1)
        self._push("orient", seat, cell, BIT[direction(cell, came_from)]
                   if self.cards[cell] != "waterfall" else 0)

    def _lay(self, cell: int, mask: int) -> None:
        """The revealed card is laid down: it joins the paths, and anyone whose goat is
        with them on it wins at once (GY-R24)."""
        self.arrows[cell] = mask
        self.paths.refresh(cell)
        if self.cards[cell] == "waterfall":
            self.say(f"The Waterfall flows {_arrow_words(mask)}.")
        elif mask and mask != 15:
            self.say(f"It was laid with its arrows pointing {_arrow_words(mask)}.")
        self._check_win()

    def _throw(self, task, target: int | None) -> None:
        """GY-R12, GY-R25: land the thrown piece (none possible: home / stays)."""
        _, mover, cell, piece, _ = task
        if piece >= GOAT:
            owner = piece - GOAT
            what = f"{possessive(self._name(owner))} goat"
            if target is None:
                self.say(f"{self._name(mover)} couldn't throw {what}: no card to land on.")
                return
            self.goats[owner] = target
            self.say(f"{says(self._name(mover), 'throws', 'throw')} {what} "
                     f"{DIR_NAMES[direction(cell, target)]}.", headline=True)
            self._check_win()
            return
        what = f"{possessive(self._name(piece))} shepherd"
        if target is None:
            self.say(f"{says(self._name(mover), 'throws', 'throw')} {what} all the way home.",
                     headline=True)
            self._home(piece, quiet=True)
            return
        self.say(f"{says(self._name(mover), 'throws', 'throw')} {what} "
                 f"{DIR_NAMES[direction(cell, target)]}.", headline=True)
        self._arrive(piece, target)

    # ---- cards acting

    def _effect_on(self, seat: int, cell: int, kind: str, fresh: bool, passed: int) -> None:
        """What ``kind`` does to the shepherd of ``seat`` now standing on it (GY-R14-R21,
        GY-R25); ``fresh``: that shepherd has just turned it up."""
        if kind in UNDERFOOT:                               # GY-R16, GY-R19-R21, GY-R25
            self._underfoot(cell, kind, [seat], passed)
        elif kind == "top":                                 # GY-R14, GY-R33
            if seat == self.current and not self.top_used:
                self.top_used = True
                self._push("reveal", seat)
        elif kind == "ski" and fresh:                       # GY-R15
            self._push("lift", seat, cell, TOP)
        elif kind == "landslide":                           # GY-R18
            self._push("slide", seat, cell)
        elif kind == "fog":                                 # GY-R17
            self._fog(cell)

    def _effect_from_afar(self, seat: int, cell: int, kind: str) -> None:
        """GY-R29: a card turned up by someone not standing on it."""
        if kind in UNDERFOOT:
            self._underfoot(cell, kind, self.shepherds_on(cell))
        elif kind == "landslide":
            self._push("slide", seat, cell)
        elif kind == "fog":
            self._fog(cell)
        elif kind == "ski":
            here = self.shepherds[seat]
            if here == TOP:
                self._push("lift", seat, TOP, cell)
            elif here == cell:
                self._push("lift", seat, cell, TOP)

    def _underfoot(self, cell: int, kind: str, seats: list[int], trail: int = 0) -> None:
        """A Steep Cliff or Mineshaft sends each of ``seats`` standing on it home, a Waterfall
        sweeps each (the first first), a Thicket costs each its next move (GY-R16, GY-R19-R21,
        GY-R25, GY-R29, GY-X4, GY-X13). ``trail``: the Waterfalls the first of them has
        already passed in this sweep (GY-R30); the others start a sweep of their own."""
        if kind == "waterfall":
            for i in reversed(range(len(seats))):
                self._push("sweep", seats[i], cell, -1, (trail if i == 0 else 0) | 1 << cell)
            return
        for s in seats:
            name = self._name(s)
            if kind == "thicket":
                self.lost[s] = True
                self.say(f"{says(name, 'is', 'are')} caught in the Thicket and will miss "
                         f"{_own(name)} next move.", headline=True)
                continue
            what = "fell off the Steep Cliff" if kind == "cliff" else "fell down the Mineshaft"
            self.say(f"{possessive(name, start=True)} shepherd {what} and went home.",
                     headline=True)
            self._home(s, quiet=True)
            if self._winners is not None:
                return

    def _turn_up_from_afar(self, seat: int, cell: int) -> None:
        """GY-R11, GY-R14, GY-R29: face up, the revealer lays it any way, then it acts."""
        self.up[cell] = True
        self.paths.refresh(cell)
        self._push("effect", seat, cell, AFAR | FRESH, 1 << cell)
        self._push("orient", seat, cell, 0)

    def _play(self, seat: int, card: str, cell: int) -> None:
        """GY-R11: swap a hand card for a face-down card on the board."""
        taken = self.cards[cell]
        hand = self.hands[seat]
        hand.remove(card)
        hand.append(taken)
        hand.sort()
        self.cards[cell] = card
        name, own = self._name(seat), _own(self._name(seat))
        self.say(f"{says(name, 'plays', 'play')} {_a(card)} from {own} hand onto a face-down "
                 f"card and {verb(name, 'takes', 'take')} that card into {own} hand, unseen by "
                 "the others.",
                 secret={seat: f"You play {_a(card)} from your hand onto a face-down card and "
                               f"take that card into your hand: {_a(taken)}."})
        self._turn_up_from_afar(seat, cell)

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
        if cleared:
            self.say(f"Dense Fog! {plural(len(cleared), 'face-up card')} went back into the "
                     f"deck and {_were(len(cleared))} replaced face down; then the Fog itself.",
                     headline=True)
        else:
            self.say("Dense Fog! No face-up card was free to clear, so only the Fog itself went "
                     "back into the deck and was replaced face down.", headline=True)
        if cleared:
            self._replace(cleared)
        self._replace([cell])

    def _landslide(self, seat: int, cell: int, d: str) -> None:
        """GY-R18, GY-R33: the card and its line to the edge, houses and Top skipped;
        ``seat`` chose the direction (the one who turned it up, on or off its turn)."""
        cells = [c for c in line(cell, d) if c not in FIXED]
        what = (f"the Landslide and {plural(len(cells) - 1, 'card')} beyond it went back into "
                "the deck and were replaced face down" if len(cells) > 1 else
                "only the Landslide itself went back into the deck and was replaced face down")
        self.say(f"{says(self._name(seat), 'sends', 'send')} the Landslide {DIR_NAMES[d]}: "
                 f"{what}.", headline=True)
        self._replace(cells)
        for s in range(self.players):
            if self.shepherds[s] in cells:
                self.say(f"{possessive(self._name(s), start=True)} shepherd was caught in the "
                         "Landslide and went home.", headline=True)
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
        names = [self._name(s) for s in seats]
        if len(names) == 1:
            name = names[0]
            message = (f"{says(name, 'catches', 'catch')} {'your' if is_you(name) else 'their'}"
                       f" goat and {verb(name, 'wins', 'win')}!")
        else:
            message = f"{listed(names)} catch their goats at the same moment and share the win!"
        self._finish(seats, message)
        return True

    def _finish(self, winners: tuple[int, ...], message: str) -> None:
        self._winners = tuple(winners)
        self.tasks = []
        self.say(message, headline=True)

    # ------------------------------------------------------------------ explaining

    def _explain(self, action: Action, seat: int) -> IllegalActionError:
        from .explain import explain
        return explain(self, action, seat)

    # ------------------------------------------------------------------ prompt / view

    def _prompt(self, seat: int | None) -> str:
        from .explain import task_words
        if self.is_over:
            if self.winners:
                names = [self._name(s) for s in self.winners]
                own = "their goats" if len(names) > 1 else (
                    "your goat" if is_you(names[0]) else "their goat")
                return f"{listed(names)} caught {own}: game over."
            return f"No one caught their goat within {self.variants['max_turns']} turns: a draw."
        decider = self.tasks[-1][1]
        words = task_words(self, self.tasks[-1])
        if seat == decider:
            return f"{possessive(self._name(seat), start=True)} decision: {words}"
        return f"Waiting for {obj(self._name(decider))} to {words}"

    def _cell_view(self, cell: int) -> dict:
        r, c = row_col(cell)
        view: dict = {"id": cell_id(cell), "row": r, "col": c, "up": self.up[cell]}
        if self.up[cell]:
            kind = self.cards[cell]
            view.update(card=kind, name=NAMES[kind], arrows=mask_text(self.arrows[cell]),
                        effect=kind in EFFECTS)
        if cell in self.houses:
            view["owner"] = self.houses.index(cell)
        return view

    def _pending_view(self) -> dict | None:
        if self.is_over or not self.tasks:
            return None
        kind, seat, a, b, n = self.tasks[-1]
        view: dict = {"kind": kind, "seat": seat}
        if kind == "roll":
            view["rolls"] = n
        elif kind in ("act", "more"):
            view["coffee"] = self.coffee
        elif kind == "orient":
            view.update(cell=cell_id(a), card=self.cards[a],
                        back=mask_text(b) if b else None,
                        options=[mask_text(m) for m in self._orient_options(self.tasks[-1])])
        elif kind == "throw":
            view.update(cell=cell_id(a), piece="goat" if b >= GOAT else "shepherd",
                        owner=b - GOAT if b >= GOAT else b)
        elif kind == "slide":
            view["cell"] = cell_id(a)
        elif kind == "lift":
            view.update({"cell": cell_id(a), "to": cell_id(b)})
        return view

    def _public_view(self) -> dict:
        return {
            "turn": self.turn,
            "max_turns": self.variants["max_turns"],
            "current": self.current,
            "pending": self._pending_view(),
            "cells": [self._cell_view(c) for c in range(CELLS)],
            "houses": [cell_id(c) for c in self.houses],
            "shepherds": [cell_id(c) for c in self.shepherds],
            "goats": [cell_id(c) for c in self.goats],
            "die": self.die,
            "die_label": FACE_NAMES[self.die] if self.die else None,
            "hands": [len(h) for h in self.hands],
            "deck": self.decks["deck"].count,
            "lost_turn": list(self.lost),
            "skipping": self.skipping,
            "words": self._words(),
        }

    def _words(self) -> dict:
        """The board's words for whose piece is whose, said here so that any name reads
        right ("your shepherd", not "shepherd of You"), and who will miss a move."""
        whose = [possessive(n) for n in self.names]
        stuck = [self.names[s] for s in range(self.players) if self.lost[s]]
        note = ""
        if len(stuck) == 1:
            note = f"{stuck[0]} will miss {_own(stuck[0])} next move (the Thicket)."
        elif stuck:
            note = f"{listed(stuck)} will miss the next move (the Thicket)."
        return {"shepherds": [f"{w} shepherd" for w in whose],
                "goats": [f"{w} goat" for w in whose],
                "houses": [f"{w} house" for w in whose], "stuck": note}

    def _private_view(self, seat: int) -> dict:
        return {"hand": list(self.hands[seat]), "route": self.route(seat),
                "reach": self.reachable(seat)}

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

    # ------------------------------------------------------------------ data

    def _get_data(self) -> dict:
        return {
            "cards": list(self.cards), "up": list(self.up), "arrows": list(self.arrows),
            "shepherds": list(self.shepherds), "goats": list(self.goats),
            "hands": [list(h) for h in self.hands], "lost": list(self.lost),
            "current": self.current, "turn": self.turn, "die": self.die,
            "coffee": self.coffee, "halted": self.halted, "top_used": self.top_used,
            "skipping": self.skipping, "tasks": [list(t) for t in self.tasks],
            "winners": list(self._winners) if self._winners is not None else None,
        }

    def _set_data(self, d: dict) -> None:
        self.houses = [CORNERS[h] for h in self.variants["houses"]]
        self.cards = [str(k) for k in d["cards"]]
        self.up = [bool(u) for u in d["up"]]
        self.arrows = [int(a) for a in d["arrows"]]
        self.shepherds = [int(c) for c in d["shepherds"]]
        self.goats = [int(c) for c in d["goats"]]
        self.hands = [[str(k) for k in h] for h in d["hands"]]
        self.lost = [bool(x) for x in d["lost"]]
        self.current, self.turn, self.die = int(d["current"]), int(d["turn"]), d["die"]
        self.coffee, self.halted = bool(d["coffee"]), bool(d["halted"])
        self.top_used, self.skipping = bool(d["top_used"]), bool(d["skipping"])
        self.tasks = [[str(t[0]), int(t[1]), int(t[2]), int(t[3]), int(t[4])] for t in d["tasks"]]
        self._winners = tuple(d["winners"]) if d["winners"] is not None else None
        if len(self.cards) != CELLS or len(self.up) != CELLS or len(self.arrows) != CELLS:
            raise ValueError("the board has 49 cards")
        self.paths = PathGraph(self.up, self.arrows)

    def _check_position(self) -> None:
        """A saved or built position's fields must fit together as play leaves them
        (``saves.check_position``)."""
        check_position(self)

    def check_invariants(self) -> None:
        """The 70 cards are conserved, the fixed cards are in place, and the path graph kept
        in step equals one built from scratch."""
        deck = self.decks["deck"]
        board = [self.cards[c] for c in range(CELLS) if c not in FIXED]
        everything = Counter(board) + Counter(k for h in self.hands for k in h) + \
            Counter(deck.pile) + Counter(deck.discards)
        want = Counter({k: n for k, n in self.variants["cards"].items() if n})
        assert everything == want, f"cards created or lost: {everything - want} / {want - everything}"
        assert all(len(h) == HAND for h in self.hands), "a hand does not hold 3 cards"
        assert self.cards[TOP] == "top" and all(self.cards[c] == "house" for c in CORNERS.values())
        assert all(self.up[c] for c in FIXED), "a fixed card is face down"
        assert all(not a for u, a in zip(self.up, self.arrows) if not u), "arrows on a face-down card"
        kept, fresh = self.paths.graph, build_graph(self.up, self.arrows)
        assert set(kept.nodes) == set(fresh.nodes), "the path graph's cards are out of step"
        assert {frozenset(e) for e in kept.edges} == {frozenset(e) for e in fresh.edges}, \
            "the path graph's paths are out of step"
        assert len(self.shepherds) == len(self.goats) == self.players

    # ------------------------------------------------------------------ bots

    def heuristic(self, seat: int) -> float:
        """Closer to your goat is better: minus the path-graph route length (or, with no
        route, the distance on the grid plus a penalty); opponents' distances count a little."""
        if self.is_over:
            return 1000.0 if seat in self.winners else -1000.0
        value = 0.0
        for s in range(self.players):
            path = self.paths.route(self.shepherds[s], self.goats[s])
            far = len(path) - 1 if path else manhattan(self.shepherds[s], self.goats[s]) + 3
            value += -far if s == seat else 0.2 * far / (self.players - 1)
        if self.lost[seat]:
            value -= 1
        return value


BIT_MASK = {mask_text(m): m for m in range(16)}


def _a(kind: str) -> str:
    name = _card_name(kind)
    return ("the " if kind in ("top",) else "an " if name[0] in "AEIOU" else "a ") + name


def _the(kind: str) -> str:
    return "the " + _card_name(kind)


def _card_name(kind: str) -> str:
    """A card's name inside a sentence ("a house", but "the Top of the Mountain")."""
    return "house" if kind == "house" else NAMES[kind]


def _own(name: str) -> str:
    """The owner's word when the owner was just named: "You … your goat", "Ana … their
    goat" (a name is not said twice in one line)."""
    return "your" if is_you(name) else "their"


def _were(n: int) -> str:
    return "was" if n == 1 else "were"


def _arrow_words(mask: int) -> str:
    words = [DIR_NAMES[d] for d in mask_text(mask)]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
