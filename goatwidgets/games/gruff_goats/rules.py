"""Gruff Goats: the rules model.

Two to four fairies each guide three goats (big, medium, little) from a corner of the Outside
Land over a bridge to the Island. Cards of a suit claim a magic wand; rivals may block the
claim with the same cards; a wand you hold moves your goat of its size, a troll, or sends the
dragon to eat a goat. Three points (goats that reached the Island) win.

- Chance: one deck of 104 cards (only suits matter), shuffled and drawn with the state's RNG;
  a lesson presets the next cards with ``s.preset(deck=["hearts", ...])``.
- Hidden information: each hand (the others see only how many cards it holds) and the order of
  the draw pile. The discard pile, the board, the wands and every claim are public (GG-R18).
- Decisions: the player whose turn it is acts, draws, and the turn passes clockwise. During a
  claim every other seat, one by one from the claimant's left, decides to block or pass (an
  off-turn decision); after a block the claimant decides to go again or stop. An eaten or
  scoring goat's owner decides on which corner it goes back (off-turn if it is not their turn).

    >>> s = new_game(players=2, seed=1)
    >>> s.to_move, s.goats[0], s.trolls
    (0, {'big': 'a1', 'medium': 'a1', 'little': 'a1'}, ['c4', 'c2'])
    >>> s.preset(deck=["hearts"])
    >>> s.apply("claim big")          # seat 0 puts down a spades card
    >>> s.deciders, s.prompt_for(1)    # seat 1 is asked
    ((1,), 'Player 1 wants the big goat wand. Block it with a spades card, or pass.')
    >>> s.apply("pass"); s.wands["big"], s.to_move, s.log_for(0)[-1]
    (0, 1, 'You took a hearts card.')

Rulings (``shared/rules/gruff_goats.rulings.md``) are cited by id; where even they are silent,
our readings are GG-X1… (``explain.OUR_READINGS``). What a seat sees and reads (views, prompts,
log lines) is in ``views``; the saved fields, the checks of a saved position and the invariants
in ``saves``; why an action is refused in ``explain``.
"""

from __future__ import annotations

import random
from typing import Any

import networkx as nx

from ...engine import EndsInPhaseOver, IllegalActionError, State, VariantError
from ...engine.variants import flag, whole_number
from . import saves, strategy, views
from .actions import Action, make, parse_action
from .board import DEFAULT_BOARD, Board, check_board, make_board
from .cards import DECK, DEFAULT_SUITS, HAND, SIZES, WANDS, check_suits, cost, empty_hand
from .explain import explain
from .saves import MAX_TARGET, TARGET, Claim, PutBack, Strike


def new_game(players: int = 2, seed: int | None = None, names=None, **variants: Any) -> "GruffState":
    """Start a game. Variants: ``board`` (GG-R1; ``"small"``: GG-X9), ``suits`` (GG-R4),
    ``many_actions`` (GG-R5), ``max_turns`` (GG-R13), ``dragon_eats_trolls`` (GG-R19),
    ``target`` (points to win, GG-X8), ``open_hands`` (GG-X10) and ``ask_everyone``
    (GG-X11: by default True with hidden hands, False with open hands).

    A class-length game at one screen (issue 24): ``new_game(players=4, board="small",
    target=2, open_hands=True)``."""
    return GruffState(players=players, seed=seed, names=names, **variants)


class GruffState(EndsInPhaseOver, State):
    """A Gruff Goats game in progress (see the module docstring)."""

    game = "gruff_goats"
    min_players, max_players = 2, 4            # GG-R12
    #: hands are secret (GG-R18); a game with open hands (GG-X10) sets its own to False
    hidden_information = True
    variant_defaults = {"board": DEFAULT_BOARD, "suits": DEFAULT_SUITS, "many_actions": False,
                        "dragon_eats_trolls": False, "target": TARGET, "open_hands": False,
                        "ask_everyone": None}
    #: saves from before GG-X11 asked everyone, open hands or not
    variants_before = {"ask_everyone": True}
    turn_guard = saves.TURN_GUARD               # GG-R13: the max_turns option
    saved_fields = saves.SAVED_FIELDS
    views = views                                  # views.py: what each seat sees
    strategy = strategy                            # strategy.py: how the bots judge a position

    # ------------------------------------------------------------------ setup

    def _check_variants(self, variants: dict) -> dict:
        options = super()._check_variants(variants)
        try:
            board = check_board(options["board"])
        except ValueError as exc:
            raise VariantError(str(exc), "GG-R1") from None
        try:
            suits = check_suits(options["suits"])
        except ValueError as exc:
            raise VariantError(str(exc), "GG-R4") from None
        for name, rule in (("many_actions", "GG-R5"), ("dragon_eats_trolls", "GG-R19"),
                           ("open_hands", "GG-X10")):
            flag(options[name], name, rule)
        target = whole_number(options["target"], "target", 1, MAX_TARGET, "GG-X8")
        ask_everyone = options["ask_everyone"]
        if ask_everyone is None:                   # GG-X11: open hands ask only who can block
            ask_everyone = not options["open_hands"]
        flag(ask_everyone, "ask_everyone", "GG-X11")
        if not ask_everyone and not options["open_hands"]:
            raise VariantError("ask_everyone=False needs open_hands=True: with hidden hands "
                               "everyone is asked to block, so the asking shows no hand "
                               "(GG-R6)", "GG-X11")
        return {"board": board, "suits": suits, "many_actions": options["many_actions"],
                "max_turns": options["max_turns"],
                "dragon_eats_trolls": options["dragon_eats_trolls"],
                "target": target, "open_hands": options["open_hands"],
                "ask_everyone": ask_everyone}

    def _setup(self) -> None:
        self.board: Board = make_board(self.variants["board"])
        self.suits: dict = self.variants["suits"]
        #: the card(s) one claim, block or use of each wand puts down (GG-R4)
        self.wand_costs = {wand: cost(wand, self.suits) for wand in WANDS}
        self.hidden_information = not self.variants["open_hands"]     # GG-R18, GG-X10
        deck = self.new_deck("deck", DECK)                         # GG-R3
        self.hands = [empty_hand() for _ in range(self.players)]
        for _ in range(HAND):
            for seat in range(self.players):
                self.hands[seat][deck.pile.pop()] += 1
        self.goats = [{size: corner for size in SIZES} for corner in self.start_corners]
        self.trolls = list(self.board.troll_start)                 # GG-R2
        self.wands: dict[str, int | None] = {wand: None for wand in WANDS}
        self.points = [0] * self.players
        self.current, self.turn = 0, 1                             # GG-R15
        self.phase, self.acted = "turn", False
        self.claim: Claim | None = None
        self.placing: list[PutBack] = []        # goats waiting to go back, in turn (GG-R17)
        self.strike: Strike | None = None       # what the dragon did this turn
        self._winners: tuple[int, ...] | None = None

    @property
    def target(self) -> int:
        """The points that win (GG-R11; the ``target`` option, GG-X8)."""
        return self.variants["target"]

    @property
    def start_corners(self) -> list[str]:
        """Each seat's starting corner (GG-R2, GG-R15, GG-X1)."""
        corners = self.board.corners
        if self.players == 2:
            return [corners[0], corners[2]]
        return list(corners[:self.players])

    # ------------------------------------------------------------------ contract

    def _parse(self, text: str) -> Action:
        return parse_action(text)

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(self.points)

    def _deciders(self) -> tuple[int, ...]:
        match self.phase:
            case "turn":
                return (self.current,)
            case "block":
                return (self.claim.asked,)
            case "answer":
                return (self.claim.claimant,)
            case "place":
                return (self.placing[0].seat,)
            case "over":
                return ()
            case _:
                raise AssertionError(f"no phase {self.phase!r}")

    # ------------------------------------------------------------------ questions

    def can_pay(self, seat: int, wand: str) -> bool:
        """Does ``seat`` hold the card(s) one claim, block or use of ``wand`` needs?"""
        hand = self.hands[seat]
        for suit in self.wand_costs[wand]:          # a loop, not all(): bots ask this a lot
            if not hand[suit]:
                return False
        return True

    def goat_at(self, square: str) -> list[tuple[int, str]]:
        """The goats on ``square``: (seat, size) pairs."""
        return [(seat, size) for seat, goats in enumerate(self.goats)
                for size, where in goats.items() if where == square]

    def free_bridges(self) -> list[str]:
        """Bridges no troll stands on."""
        return [b for b in self.board.bridges if b not in self.trolls]

    def route(self, seat: int, size: str) -> list[str] | None:
        """A shortest way for that goat to the Island (networkx), or None off the board."""
        where = self.goats[seat][size]
        return None if where is None else nx.shortest_path(self.board.graph, where,
                                                           self.board.island)

    def put_back_order(self, goat) -> tuple[int, int]:
        """Where an eaten ``(seat, size)`` goat comes in the queue of goats going back:
        clockwise from the player whose turn it is (GG-R17), the bigger goat of one player
        first (GG-X3).

            >>> s = new_game(players=3, seed=1)
            >>> sorted([(0, "little"), (2, "big"), (0, "big")], key=s.put_back_order)
            [(0, 'big'), (0, 'little'), (2, 'big')]
        """
        return (goat[0] - self.current) % self.players, SIZES.index(goat[1])

    # ------------------------------------------------------------------ legal actions

    def _legal(self, seat: int) -> list[Action]:
        match self.phase:
            case "turn":
                return self._turn_actions(seat)
            case "block":
                blocks = [make("block")] if self.can_pay(seat, self.claim.wand) else []
                return blocks + [make("pass")]
            case "answer":
                again = [make("again")] if self.can_pay(seat, self.claim.wand) else []
                return again + [make("stop")]
            case "place":
                size = self.placing[0].size
                return [make("place", size=size, square=c) for c in self.board.corners]
            case "over":
                return []
            case _:
                raise AssertionError(f"no phase {self.phase!r}")

    def _turn_actions(self, seat: int) -> list[Action]:
        actions = [make("draw")]
        uses = []
        for wand in WANDS:
            if not self.can_pay(seat, wand):
                continue
            if self.wands[wand] != seat:                               # GG-R14
                actions.append(make("claim", wand=wand))
            elif wand in SIZES:                                        # GG-R7
                where = self.goats[seat][wand]
                uses += [make("move", size=wand, square=n) for n in self.board.neighbours[where]]
            elif wand == "troll":
                free = self.free_bridges()
                uses += [make("troll", origin=t, square=b) for t in self.trolls for b in free]
            else:
                uses += [make("dragon", seat=s, size=size) for s in range(self.players)
                         for size in SIZES if self.goats[s][size] is not None]
                if self.variants["dragon_eats_trolls"]:                # GG-R19, GG-X4
                    free = self.free_bridges()
                    uses += [make("dragon", origin=t, square=b) for t in self.trolls
                             for b in free]
        return actions + uses

    # ------------------------------------------------------------------ doing

    def _do(self, action: Action, seat: int) -> None:
        match action.kind:
            case "draw":
                self._do_draw(action, seat)
            case "claim":
                self._do_claim(action, seat)
            case "block":
                self._do_block(action, seat)
            case "pass":
                self._do_pass(action, seat)
            case "again":
                self._do_again(action, seat)
            case "stop":
                self._do_stop(action, seat)
            case "move":
                self._do_move(action, seat)
            case "troll":
                self._do_troll(action, seat)
            case "dragon":
                self._do_dragon(action, seat)
            case "place":
                self._do_place(action, seat)
            case _:
                raise AssertionError(f"no rule does {action.kind!r}")

    def _pay(self, seat: int, wand: str) -> None:
        deck = self.decks["deck"]
        for suit in self.wand_costs[wand]:
            self.hands[seat][suit] -= 1
            deck.discard(suit)

    def _do_draw(self, action: Action, seat: int) -> None:
        self._end_turn()

    def _do_claim(self, action: Action, seat: int) -> None:
        """GG-R6: put down the card(s); the others are asked from the claimant's left."""
        self.acted = True
        self._pay(seat, action.wand)
        self.claim = Claim(claimant=seat, wand=action.wand, asked=None, blocks=(), tries=1,
                           passed=())
        self.say(views.line_claimed(self, seat, action.wand))
        self._ask_after(seat, tries=1, passed=())

    def _ask_after(self, seat: int, tries: int, passed: tuple[int, ...]) -> None:
        """The claim goes on with ``tries`` and ``passed``: the next seat clockwise after
        ``seat`` is asked to block or pass; back at the claimant, nobody blocked and the wand
        is theirs (GG-R6, GG-R14). (One new record per decision: claims are hot in bots.)"""
        claimant, wand, blocks = self.claim.claimant, self.claim.wand, self.claim.blocks
        asked = self.next_seat(seat)
        if not self.variants["ask_everyone"]:
            # GG-X11: with open hands nothing is secret, so a seat without the cards to block
            # is not asked (asking everyone, GG-R6, only keeps hands secret); it passes
            unable = []
            while asked != claimant and not self.can_pay(asked, wand):
                unable.append(asked)
                asked = self.next_seat(asked)
            if unable:
                passed += tuple(unable)
                self.say(views.line_cannot_block(self, unable, wand))
        if asked != claimant:
            self.claim, self.phase = Claim(claimant, wand, asked, blocks, tries, passed), "block"
            return
        before = self.wands[wand]
        self.wands[wand] = claimant
        self.claim = None
        self.say(views.line_wand_taken(self, claimant, wand, before), headline=True)
        self._action_done()

    def _do_block(self, action: Action, seat: int) -> None:
        c = self.claim
        self._pay(seat, c.wand)
        self.claim = Claim(c.claimant, c.wand, None, c.blocks + (seat,), c.tries, ())
        self.phase = "answer"
        self.say(views.line_blocked(self, seat, c.wand), headline=True)

    def _do_pass(self, action: Action, seat: int) -> None:
        self.say(views.line_passed(self, seat))
        self._ask_after(seat, self.claim.tries, self.claim.passed + (seat,))

    def _do_again(self, action: Action, seat: int) -> None:
        wand = self.claim.wand
        self._pay(seat, wand)
        self.say(views.line_tried_again(self, seat, wand))
        self._ask_after(seat, self.claim.tries + 1, ())

    def _do_stop(self, action: Action, seat: int) -> None:
        wand = self.claim.wand
        self.claim = None
        self.say(views.line_gave_up(self, seat, wand), headline=True)
        self._action_done()

    def _do_move(self, action: Action, seat: int) -> None:
        """GG-R7 goat wand; GG-R8 a troll on the bridge; GG-R10 the Island."""
        self.acted = True
        self._pay(seat, action.size)
        size, square = action.size, action.square
        self.say(views.line_goat_stepped(self, seat, size, square), headline=True)
        if square == self.board.island:
            self.goats[seat][size] = None
            self.points[seat] += 1
            if self.points[seat] >= self.target:
                return self._finish((seat,))
            self.placing.append(PutBack(seat, size))
        elif square in self.trolls:
            self.goats[seat][size] = None
            self.placing.append(PutBack(seat, size))
        else:
            self.goats[seat][size] = square
        self._action_done()

    def _do_troll(self, action: Action, seat: int) -> None:
        """GG-R7 troll wand; GG-R17 every goat on the new bridge is eaten."""
        self.acted = True
        self._pay(seat, "troll")
        self._move_troll(seat, action.origin, action.square, dragon=False)
        self._action_done()

    def _move_troll(self, seat: int, origin: str, square: str, dragon: bool) -> None:
        self.trolls[self.trolls.index(origin)] = square
        self.say(views.line_troll_moved(self, seat, origin, square, dragon), headline=True)
        for owner, size in sorted(self.goat_at(square), key=self.put_back_order):
            self.goats[owner][size] = None
            self.placing.append(PutBack(owner, size))
            self.say(views.line_troll_ate(self, owner, size), headline=True)

    def _do_dragon(self, action: Action, seat: int) -> None:
        """GG-R7 dragon wand: it eats any goat on the board; GG-R19 (variant) a troll."""
        self.acted = True
        self._pay(seat, "dragon")
        if action.seat is None:
            self.strike = Strike(square=action.square, seat=None, size=None,
                                 origin=action.origin)
            self._move_troll(seat, action.origin, action.square, dragon=True)
        else:
            owner, size = action.seat, action.size
            square = self.goats[owner][size]
            self.strike = Strike(square=square, seat=owner, size=size, origin=None)
            self.goats[owner][size] = None
            self.placing.append(PutBack(owner, size))
            self.say(views.line_dragon_ate(self, seat, owner, size, square), headline=True)
        self._action_done()

    def _do_place(self, action: Action, seat: int) -> None:
        """GG-R9, GG-R10, GG-R16: the owner puts the goat back on any corner."""
        self.placing.pop(0)
        self.goats[seat][action.size] = action.square
        self.say(views.line_put_back(self, seat, action.size, action.square))
        self._action_done()

    def _action_done(self) -> None:
        """After an action and each put-back: more put-backs, or the turn goes on (GG-R5)."""
        if self.placing:
            self.phase = "place"
        elif self.variants["many_actions"]:
            self.phase = "turn"
        else:
            self._end_turn()

    def _end_turn(self) -> None:
        """GG-R5 draw a card (GG-R3 reshuffle), GG-R13 the guard, then the next seat."""
        seat = self.current
        deck = self.decks["deck"]
        reshuffled = not deck.pile and bool(deck.discards)
        card = self.draw_card("deck")
        if reshuffled:
            self.say(views.LINE_RESHUFFLED)
        if card is None:
            self.say(views.line_no_card(self, seat))
        else:
            self.hands[seat][card] += 1
            line, secret = views.lines_card_taken(self, seat, card)   # GG-X10: open hands
            self.say(line, secret=secret)
        if self.turn_guard_reached():                               # GG-R13, GG-X7
            self._finish(())
            return
        self.turn += 1
        self.current = self.next_seat(seat)
        self.phase, self.acted, self.claim, self.strike = "turn", False, None, None

    def _finish(self, winners: tuple[int, ...]) -> None:
        self.phase, self._winners = "over", winners
        self.claim, self.placing = None, []                  # GG-R17: nothing more goes back
        self.say(views.line_end(self), headline=True)

    # ------------------------------------------------------------------ what a seat reads

    def _explain(self, action: Action, seat: int) -> IllegalActionError:
        return explain(self, action, seat)

    def public_action(self, entry: dict, seat: int | None) -> Action:
        """Every Gruff Goats action is done in the open (GG-R18): a claim, a block, an
        answer, a goat or troll moved, the dragon sent, a goat put back, a card taken (the
        card itself is a chance outcome, never part of the action), so the board marks every
        seat's last move for everyone."""
        return self.parse_action(entry["action"])

    # ------------------------------------------------------------------ hidden information

    def _redeal_hidden(self, seat: int, rng: random.Random) -> None:
        """Other hands (same sizes) and the draw pile's order, dealt again from their cards
        put together: sorted first, so the result depends only on ``rng`` and what ``seat``
        knows. With open hands (GG-X10) only the draw pile's order is hidden."""
        deck = self.decks["deck"]
        others = [s for s in range(self.players)
                  if s != seat and not self.variants["open_hands"]]
        pool = sorted([suit for s in others for suit, n in self.hands[s].items()
                       for _ in range(n)] + deck.pile)
        rng.shuffle(pool)
        for s in others:
            size = sum(self.hands[s].values())
            hand = empty_hand()
            for suit in pool[:size]:
                hand[suit] += 1
            self.hands[s], pool = hand, pool[size:]
        deck.pile = pool

    # ------------------------------------------------------------------ saved positions

    def _check_position(self) -> None:
        saves.check_position(self)

    def check_invariants(self) -> None:
        saves.check_invariants(self)
