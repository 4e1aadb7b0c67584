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
our readings are GG-X1… (``OUR_READINGS``).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import networkx as nx

from ...engine import EndsInPhaseOver, IllegalActionError, State, VariantError
from ...engine.schema import Bool, Fields, Int, ListOf, Nullable, OneOf, Seat, Str, Tuple
from ...engine.variants import flag, whole_number
from ...engine.words import end_prompt, listed, obj, plural, possessive, says, subject
from .actions import Action, make, parse_action
from .board import DEFAULT_BOARD, Board, check_board, make_board
from .cards import (
    DECK,
    DEFAULT_SUITS,
    HAND,
    PER_SUIT,
    SIZES,
    SUITS,
    SYMBOLS,
    WAND_NAMES,
    WANDS,
    check_suits,
    cost,
    empty_hand,
)

TARGET = 3                                      # GG-R11 (GG-X8: the target option's default)
MAX_TARGET = 5                                  # GG-X8: the largest target a game may set
MAX_TURNS = 100_000                             # GG-R13: the largest turn guard a game may set
PHASES = ("turn", "block", "answer", "place", "over")
#: the action kinds each phase takes, and the ruling that phase comes from
PHASE_KINDS = {
    "turn": ({"draw", "claim", "move", "troll", "dragon"}, "GG-R5"),
    "block": ({"block", "pass"}, "GG-R6"),
    "answer": ({"again", "stop"}, "GG-R6"),
    "place": ({"place"}, "GG-R9"),
    "over": (set(), "GG-R11"),
}

OUR_READINGS = {
    "GG-X1": "Seat 0 starts on the south-west corner. With two players the other goats start "
             "on the north-east corner; with three or four, the next seats go clockwise: "
             "north-west, north-east, south-east.",
    "GG-X2": "A goat may step along any link: back off a bridge, or along the Outside Land. "
             "Nothing forces it towards the Island, and it may even step onto a troll's bridge "
             "(it is eaten and goes back to a corner).",
    "GG-X3": "When one player has several eaten goats to put back at once, the bigger goat "
             "goes back first.",
    "GG-X4": "In the dragon-takes-a-troll variant the dragon carries the troll to a different "
             "bridge, never back where it was.",
    "GG-X5": "Every eaten goat is back on a corner before the turn's card is drawn. In the "
             "many-actions variant you end your turn by drawing, and you may use a wand in the "
             "same turn you won it.",
    "GG-X6": "Everyone may look through the discard pile, so the game shows how many cards of "
             "each suit it holds and which card is on top.",
    "GG-X7": "The turn guard ends the game as a draw when the last allowed turn is over, after "
             "its card is drawn.",
    "GG-X8": "Points to win are a variant option (target, 1 to 5; 3 by default, GG-R11). With "
             "four players the full game runs long (about 300 turns with our bots): a lower "
             "target, with the small board, gives a game that fits a lesson.",
    "GG-X9": "The small board is a variant option (board='small'): three squares by three, "
             "the Island in the middle, a bridge on each side and the four corners as the "
             "Outside Land. Each corner touches two bridges, so a goat needs two steps to the "
             "Island instead of four. The trolls start on the north and south bridges.",
    "GG-X10": "Open hands are a variant option (open_hands=True), as families often play "
              "with young children: every hand lies face up and every card taken is shown. "
              "Nothing is secret then, so a class can play at one screen with no cover "
              "between players; the deck's order stays unknown to all.",
}

_SQUARE = Str(3)
SAVE_SCHEMA = Fields(
    hands=ListOf(Fields(**{suit: Int(0, len(DECK)) for suit in SUITS}), length="players"),
    goats=ListOf(Fields(**{size: Nullable(_SQUARE) for size in SIZES}), length="players"),
    trolls=Tuple(_SQUARE, _SQUARE),
    wands=Fields(**{wand: Nullable(Seat()) for wand in WANDS}),
    points=ListOf(Int(0, MAX_TARGET), length="players"),
    current=Seat(), turn=Int(1, MAX_TURNS), phase=OneOf(PHASES), acted=Bool(),
    claim=Nullable(Fields(claimant=Seat(), wand=OneOf(WANDS), asked=Nullable(Seat()),
                          blocks=ListOf(Seat(), max_len=len(DECK)), tries=Int(1, len(DECK)),
                          passed=ListOf(Seat(), max_len=3))),
    placing=ListOf(Tuple(Seat(), OneOf(SIZES)), max_len=12),
    strike=Nullable(Fields(square=_SQUARE, seat=Nullable(Seat()), size=Nullable(OneOf(SIZES)),
                           origin=Nullable(_SQUARE))),
    winners=Nullable(ListOf(Seat(), max_len=1)),
)


def new_game(players: int = 2, seed: int | None = None, names=None, **variants: Any) -> "GruffState":
    """Start a game. Variants: ``board`` (GG-R1; ``"small"``: GG-X9), ``suits`` (GG-R4),
    ``many_actions`` (GG-R5), ``max_turns`` (GG-R13), ``dragon_eats_trolls`` (GG-R19),
    ``target`` (points to win, GG-X8) and ``open_hands`` (GG-X10).

    A class-length game at one screen (issue 24): ``new_game(players=4, board="small",
    target=2, open_hands=True)``."""
    return GruffState(players=players, seed=seed, names=names, **variants)


def _cards_text(wand: str, suits: dict, another: bool = False) -> str:
    """"a spades card" or "one card of each suit" (``another``: "another spades card", "one
    more card of each suit")."""
    if wand == "dragon":
        return "one more card of each suit" if another else "one card of each suit"
    return f"{'another' if another else 'a'} {suits[wand]} card"


def _symbols(wand: str, suits: dict) -> str:
    """The card signs of a wand: "♠", or "♣♦♥♠" for the dragon."""
    return "".join(SYMBOLS[suit] for suit in cost(wand, suits))


class GruffState(EndsInPhaseOver, State):
    """A Gruff Goats game in progress (see the module docstring)."""

    game = "gruff_goats"
    min_players, max_players = 2, 4            # GG-R12
    #: hands are secret (GG-R18); a game with open hands (GG-X10) sets its own to False
    hidden_information = True
    variant_defaults = {"board": DEFAULT_BOARD, "suits": DEFAULT_SUITS, "many_actions": False,
                        "max_turns": 500, "dragon_eats_trolls": False, "target": TARGET,
                        "open_hands": False}
    save_schema = SAVE_SCHEMA

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
        turns = whole_number(options["max_turns"], "max_turns", 1, MAX_TURNS, "GG-R13")
        target = whole_number(options["target"], "target", 1, MAX_TARGET, "GG-X8")
        return {"board": board, "suits": suits, "many_actions": options["many_actions"],
                "max_turns": turns, "dragon_eats_trolls": options["dragon_eats_trolls"],
                "target": target, "open_hands": options["open_hands"]}

    def _setup(self) -> None:
        self.board: Board = make_board(self.variants["board"])
        self.suits: dict = self.variants["suits"]
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
        self.claim: dict | None = None
        self.placing: list[list] = []
        self.strike: dict | None = None
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
        phase = self.phase
        if phase == "turn":
            return (self.current,)
        if phase == "block":
            return (self.claim["asked"],)
        if phase == "answer":
            return (self.claim["claimant"],)
        if phase == "place":
            return (self.placing[0][0],)
        return ()

    def _name(self, seat: int | None = None) -> str:
        return self.names[self.current if seat is None else seat]

    # ------------------------------------------------------------------ questions

    def can_pay(self, seat: int, wand: str) -> bool:
        """Does ``seat`` hold the card(s) one claim, block or use of ``wand`` needs?"""
        hand = self.hands[seat]
        return all(hand[suit] for suit in cost(wand, self.suits))

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
        phase = self.phase
        if phase == "turn":
            return self._turn_actions(seat)
        if phase == "block":
            blocks = [make("block")] if self.can_pay(seat, self.claim["wand"]) else []
            return blocks + [make("pass")]
        if phase == "answer":
            again = [make("again")] if self.can_pay(seat, self.claim["wand"]) else []
            return again + [make("stop")]
        if phase == "place":
            size = self.placing[0][1]
            return [make("place", size=size, square=c) for c in self.board.corners]
        return []

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
        getattr(self, f"_do_{action.kind}")(action, seat)

    def _pay(self, seat: int, wand: str) -> None:
        deck = self.decks["deck"]
        for suit in cost(wand, self.suits):
            self.hands[seat][suit] -= 1
            deck.discard(suit)

    def _do_draw(self, action: Action, seat: int) -> None:
        self._end_turn()

    def _do_claim(self, action: Action, seat: int) -> None:
        """GG-R6: put down the card(s); the others are asked from the claimant's left."""
        self.acted = True
        self._pay(seat, action.wand)
        self.claim = {"claimant": seat, "wand": action.wand, "asked": None, "blocks": [],
                      "tries": 1, "passed": []}
        self.say(f"{self._name(seat)} claimed {WAND_NAMES[action.wand]}, putting down "
                 f"{_cards_text(action.wand, self.suits)}.")
        self._ask_after(seat)

    def _ask_after(self, seat: int) -> None:
        claim = self.claim
        nxt = (seat + 1) % self.players
        if nxt != claim["claimant"]:
            claim["asked"], self.phase = nxt, "block"
            return
        wand, claimant = claim["wand"], claim["claimant"]             # nobody blocked
        before = self.wands[wand]
        self.wands[wand] = claimant
        self.claim = None
        taken = f" from {obj(self._name(before))}" if before is not None else ""
        self.say(f"Nobody blocked: {self._name(claimant)} took {WAND_NAMES[wand]}{taken}.",
                 headline=True)
        self._action_done()

    def _do_block(self, action: Action, seat: int) -> None:
        claim = self.claim
        self._pay(seat, claim["wand"])
        claim["blocks"].append(seat)
        claim["asked"], claim["passed"] = None, []
        self.phase = "answer"
        self.say(f"{self._name(seat)} blocked, putting down "
                 f"{_cards_text(claim['wand'], self.suits)}.", headline=True)

    def _do_pass(self, action: Action, seat: int) -> None:
        self.claim["passed"].append(seat)
        self.say(f"{self._name(seat)} did not block.")
        self._ask_after(seat)

    def _do_again(self, action: Action, seat: int) -> None:
        claim = self.claim
        self._pay(seat, claim["wand"])
        claim["tries"] += 1
        self.say(f"{self._name(seat)} tried again, putting down "
                 f"{_cards_text(claim['wand'], self.suits)}.")
        self._ask_after(seat)

    def _do_stop(self, action: Action, seat: int) -> None:
        wand = self.claim["wand"]
        self.claim = None
        self.say(f"{self._name(seat)} gave up: {WAND_NAMES[wand]} stays where it was.",
                 headline=True)
        self._action_done()

    def _do_move(self, action: Action, seat: int) -> None:
        """GG-R7 goat wand; GG-R8 a troll on the bridge; GG-R10 the Island."""
        self.acted = True
        self._pay(seat, action.size)
        size, square, board = action.size, action.square, self.board
        self.goats[seat][size] = square
        goat = f"{possessive(self._name(seat), start=True)} {size} goat"
        if square == board.island:
            self.goats[seat][size] = None
            self.points[seat] += 1
            self.say(f"{goat} reached the Island: 1 point for {obj(self._name(seat))}!",
                     headline=True)
            if self.points[seat] >= self.target:
                return self._finish((seat,))
            self.placing.append([seat, size])
        elif square in self.trolls:
            self.goats[seat][size] = None
            self.say(f"{goat} stepped onto {board.name(square)}, and the troll there ate it!",
                     headline=True)
            self.placing.append([seat, size])
        else:
            self.say(f"{goat} stepped onto {board.name(square)}.", headline=True)
        self._action_done()

    def _do_troll(self, action: Action, seat: int) -> None:
        """GG-R7 troll wand; GG-R17 every goat on the new bridge is eaten."""
        self.acted = True
        self._pay(seat, "troll")
        self._move_troll(action.origin, action.square, f"{self._name(seat)} moved a troll")
        self._action_done()

    def _move_troll(self, origin: str, square: str, what: str) -> None:
        self.trolls[self.trolls.index(origin)] = square
        board = self.board
        self.say(f"{what} from {board.name(origin)} to {board.name(square)}.", headline=True)
        for owner, size in sorted(self.goat_at(square), key=self.put_back_order):
            self.goats[owner][size] = None
            self.placing.append([owner, size])
            self.say(f"The troll ate {possessive(self._name(owner))} {size} goat!", headline=True)

    def _do_dragon(self, action: Action, seat: int) -> None:
        """GG-R7 dragon wand: it eats any goat on the board; GG-R19 (variant) a troll."""
        self.acted = True
        self._pay(seat, "dragon")
        if action.seat is None:
            self.strike = {"square": action.square, "seat": None, "size": None,
                           "origin": action.origin}
            self._move_troll(action.origin, action.square,
                             f"{possessive(self._name(seat), start=True)} dragon carried a troll")
        else:
            owner, size = action.seat, action.size
            square = self.goats[owner][size]
            self.strike = {"square": square, "seat": owner, "size": size, "origin": None}
            self.goats[owner][size] = None
            self.placing.append([owner, size])
            self.say(f"{self._name(seat)} sent the dragon: it ate "
                     f"{possessive(self._name(owner))} {size} goat on {self.board.name(square)}!",
                     headline=True)
        self._action_done()

    def _do_place(self, action: Action, seat: int) -> None:
        """GG-R9, GG-R10, GG-R16: the owner puts the goat back on any corner."""
        self.placing.pop(0)
        self.goats[seat][action.size] = action.square
        self.say(f"{self._name(seat)} put the {action.size} goat back on "
                 f"{self.board.name(action.square)}.")
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
            self.say("The discard pile was shuffled into a new draw pile.")
        if card is None:
            self.say(f"No cards are left, so {self._name(seat)} took none.")
        else:
            self.hands[seat][card] += 1
            if self.variants["open_hands"]:                          # GG-X10: shown to all
                self.say(f"{self._name(seat)} took a {card} card.")
            else:
                self.say(f"{self._name(seat)} took a card.",
                         secret={seat: f"You took a {card} card."})
        if self.turn >= self.variants["max_turns"]:
            self._finish(())
            return
        self.turn += 1
        self.current = (seat + 1) % self.players
        self.phase, self.acted, self.claim, self.strike = "turn", False, None, None

    def _finish(self, winners: tuple[int, ...]) -> None:
        self.phase, self._winners = "over", winners
        self.claim, self.placing = None, []                  # GG-R17: nothing more goes back
        if winners:
            self.say(f"{says(self._name(winners[0]), 'wins', 'win')} with "
                     f"{plural(self.target, 'point')}!",
                     headline=True)
        else:
            self.say(f"No winner after {self.turn} turns: the game is a draw.", headline=True)

    # ------------------------------------------------------------------ explaining

    def _explain(self, action: Action, seat: int) -> IllegalActionError:
        from .explain import explain
        return explain(self, action, seat)

    # ------------------------------------------------------------------ prompt / view

    def _prompt(self, seat: int | None) -> str:
        if self.phase == "over":
            return end_prompt(self._name(self.winners[0]) if self.winners else None)
        decider = self._deciders()[0]
        if seat == decider:
            return self.task(seat)
        return f"Waiting for {obj(self._name(decider))}: {self.waiting_for()}"

    def task(self, seat: int) -> str:
        """The pending decision, said to the deciding seat."""
        phase, claim = self.phase, self.claim
        if phase == "turn":
            if self.acted:
                return "Your turn: do something more, or take a card to end your turn."
            return "Your turn: claim a wand, use a wand you hold, or just take a card."
        if phase == "block":
            wand = claim["wand"]
            return (f"{says(self._name(claim['claimant']), 'wants', 'want')} "
                    f"{WAND_NAMES[wand]}. Block it with {_cards_text(wand, self.suits)}, or pass.")
        if phase == "answer":
            return (f"{subject(self._name(claim['blocks'][-1]))} blocked you. Put down "
                    f"{_cards_text(claim['wand'], self.suits, another=True)}, or give up.")
        return f"Put your {self.placing[0][1]} goat back on a corner."

    def waiting_for(self) -> str:
        """The pending decision, said to everyone (nothing hidden in it)."""
        phase, claim = self.phase, self.claim
        if phase == "turn":
            return "claim a wand, use a wand, or take a card."
        if phase == "block":
            return f"block {possessive(self._name(claim['claimant']))} claim, or pass."
        if phase == "answer":
            return f"put down {_cards_text(claim['wand'], self.suits, another=True)}, or give up."
        return f"put the {self.placing[0][1]} goat back on a corner."

    def claim_words(self) -> dict[str, str]:
        """The claim going on, said for the board (all of it public, GG-R18), line by line:
        who ``wants`` which wand, who ``blocks`` (each blocker named once, with how many
        times), who ``passed`` since the latest card, and who is ``waiting`` to decide now.

            >>> s = new_game(players=3, seed=1, names=["Ana", "You", "Cy"])
            >>> s.hands = [{"clubs": 0, "diamonds": 0, "hearts": 0, "spades": 2}] * 3
            >>> s.apply("claim big"); s.apply("block", seat=1)
            >>> list(s.claim_words().values())
            ['Ana wants the big goat wand (♠).', 'You blocked.', 'Ana answers now: put down another ♠, or give up?']
        """
        claim, name = self.claim, self._name
        if claim is None:
            return {}
        signs = _symbols(claim["wand"], self.suits)
        claimant = name(claim["claimant"])
        lines = {"wants": f"{says(claimant, 'wants', 'want')} {WAND_NAMES[claim['wand']]} "
                          f"({signs})."}
        blocks = claim["blocks"]
        if blocks:
            blockers = list(dict.fromkeys(blocks))
            times = "" if len(blocks) == 1 else f" {plural(len(blocks), 'time')}"
            lines["blocks"] = (f"{listed([name(seat) for seat in blockers])} blocked{times}"
                               f"{' in all' if len(blockers) > 1 else ''}.")
        if claim["passed"]:
            lines["passed"] = f"{listed([name(seat) for seat in claim['passed']])} passed."
        if self.phase == "answer":
            lines["waiting"] = (f"{says(claimant, 'answers', 'answer')} now: put down another "
                                f"{signs}, or give up?")
        else:
            lines["waiting"] = (f"{says(name(claim['asked']), 'decides', 'decide')} now: block "
                                "or pass?")
        return lines

    def _public_view(self) -> dict:
        board, deck = self.board, self.decks["deck"]
        claim = None
        if self.claim:
            c = self.claim
            claim = {"claimant": c["claimant"], "wand": c["wand"],
                     "cost": list(cost(c["wand"], self.suits)), "tries": c["tries"],
                     "blocks": list(c["blocks"]), "passed": list(c["passed"]),
                     "asked": c["asked"],
                     "blocker": c["blocks"][-1] if self.phase == "answer" else None,
                     "waiting": self.phase, "said": self.claim_words()}
        decider = self._deciders()
        discards = Counter(deck.discards)
        return {
            "phase": self.phase,
            "turn": self.turn,
            "max_turns": self.variants["max_turns"],
            "current": self.current,
            "acted": self.acted,
            "many_actions": self.variants["many_actions"],
            "decision": {"seat": decider[0], "kind": self.phase} if decider else None,
            "target": self.target,
            "squares": [dict(s) for s in board.spec["squares"]],
            "links": [list(pair) for pair in board.spec["links"]],
            "corners": list(board.corners),
            "start_corners": self.start_corners,
            "island": board.island,
            "goats": [dict(g) for g in self.goats],
            "trolls": list(self.trolls),
            "dragon": {"strike": dict(self.strike) if self.strike else None},
            "wands": dict(self.wands),
            "wand_suits": {w: list(cost(w, self.suits)) for w in WANDS},
            "hand_sizes": [sum(h.values()) for h in self.hands],
            "pile": deck.count,
            "discards": {"count": len(deck.discards), "top": deck.discards[-1]
                         if deck.discards else None,
                         "by_suit": {suit: discards[suit] for suit in SUITS}},
            "claim": claim,
            "placing": [{"seat": s, "size": size} for s, size in self.placing],
            **({"hands": [dict(h) for h in self.hands]} if self.variants["open_hands"] else {}),
        }

    def _private_view(self, seat: int) -> dict:
        return {"hand": dict(self.hands[seat])}

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

    # ------------------------------------------------------------------ data

    def _get_data(self) -> dict:
        return {
            "hands": [dict(h) for h in self.hands],
            "goats": [dict(g) for g in self.goats],
            "trolls": list(self.trolls),
            "wands": dict(self.wands),
            "points": list(self.points),
            "current": self.current, "turn": self.turn, "phase": self.phase,
            "acted": self.acted,
            "claim": None if self.claim is None else {
                **self.claim, "blocks": list(self.claim["blocks"]),
                "passed": list(self.claim["passed"])},
            "placing": [list(p) for p in self.placing],
            "strike": dict(self.strike) if self.strike else None,
            "winners": None if self._winners is None else list(self._winners),
        }

    def _set_data(self, d: dict) -> None:
        self.hands = [{suit: int(h[suit]) for suit in SUITS} for h in d["hands"]]
        self.goats = [{size: g[size] for size in SIZES} for g in d["goats"]]
        self.trolls = list(d["trolls"])
        self.wands = {wand: d["wands"][wand] for wand in WANDS}
        self.points = [int(p) for p in d["points"]]
        self.current, self.turn = int(d["current"]), int(d["turn"])
        self.phase, self.acted = d["phase"], bool(d["acted"])
        c = d["claim"]
        self.claim = None if c is None else {
            "claimant": c["claimant"], "wand": c["wand"], "asked": c["asked"],
            "blocks": list(c["blocks"]), "tries": int(c["tries"]), "passed": list(c["passed"])}
        self.placing = [[int(s), str(size)] for s, size in d["placing"]]
        self.strike = None if d["strike"] is None else dict(d["strike"])
        self._winners = None if d["winners"] is None else tuple(d["winners"])

    def _check_position(self) -> None:
        """A saved position's fields must fit together as play leaves them."""
        board, phase, claim = self.board, self.phase, self.claim
        for seat, goats in enumerate(self.goats):
            for size, where in goats.items():
                if where is not None and board.kind(where) not in ("land", "bridge"):
                    raise ValueError(f"seat {seat}'s {size} goat is on {where!r}, not on the "
                                     "land or a bridge (GG-R1, GG-R10)")
        if any(board.kind(t) != "bridge" for t in self.trolls) or len(set(self.trolls)) != 2:
            raise ValueError("the two trolls stand on two different bridges (GG-R7)")
        if self.turn > self.variants["max_turns"]:
            raise ValueError(f"turn {self.turn} is past the turn guard (GG-R13)")
        if self.acted and not self.variants["many_actions"] and phase == "turn":
            raise ValueError("one action a turn: an action already taken ends the turn (GG-R5)")
        if phase in ("block", "answer", "place") and not self.acted:
            raise ValueError(f"the {phase!r} phase comes after an action (GG-R5)")
        self._check_strike()
        deck = self.decks["deck"]
        if deck.name != "deck" or not deck.reshuffle:
            raise ValueError("decks.deck is the game's one deck, and it reshuffles its discards "
                             "when the pile runs out (GG-R3)")
        if (phase in ("block", "answer")) != (claim is not None):
            raise ValueError("a claim is in progress exactly in the block and answer phases")
        if claim is not None:
            c, n = claim["claimant"], self.players
            asked, tries, blocks = claim["asked"], claim["tries"], claim["blocks"]
            if c != self.current or self.wands[claim["wand"]] == c:
                raise ValueError("a claim is made by the player whose turn it is, for a wand "
                                 "they do not hold (GG-R6, GG-R14)")
            if any(b == c or not 0 <= b < n for b in blocks):
                raise ValueError("only the other players block (GG-R6)")
            if phase == "block":
                if asked is None or asked == c or asked >= n or len(blocks) != tries - 1:
                    raise ValueError("in the block phase another seat is asked, and every try "
                                     "but the latest was blocked (GG-R6)")
                expected = [(c + k) % n for k in range(1, (asked - c) % n)]
            else:
                if asked is not None or len(blocks) != tries:
                    raise ValueError("in the answer phase the latest try was blocked (GG-R6)")
                expected = []
            if claim["passed"] != expected:
                raise ValueError("the seats asked before the asked seat have passed (GG-R6)")
        if (phase == "place") != bool(self.placing):
            raise ValueError("goats wait to go back exactly in the place phase (GG-R9)")
        if len({tuple(p) for p in self.placing}) != len(self.placing):
            raise ValueError("placing: a goat waits to go back only once")
        if self.placing != sorted(self.placing, key=self.put_back_order):
            raise ValueError("placing: eaten goats go back clockwise from the player whose "
                             "turn it is, each player's bigger goat first (GG-R17, GG-X3)")
        self._check_end()

    def _check_strike(self) -> None:
        """A dragon strike is this turn's: sent by the player whose turn it is, who holds the
        dragon wand, at a goat on the board or (GG-R19) carrying a troll between bridges."""
        strike, board = self.strike, self.board
        if strike is None:
            return
        if not self.acted or self.wands["dragon"] != self.current:
            raise ValueError("strike: the dragon struck this turn, sent by the player whose "
                             "turn it is, who holds the dragon wand (GG-R7)")
        at_goat = (strike["seat"], strike["size"], strike["origin"])
        if None not in at_goat[:2] and at_goat[2] is None:
            if board.kind(strike["square"]) not in ("land", "bridge"):
                raise ValueError("strike: the dragon ate a goat on the land or a bridge (GG-R7)")
        elif at_goat[:2] != (None, None) or at_goat[2] is None:
            raise ValueError("strike: the dragon ate one goat or carried one troll (GG-R7, "
                             "GG-R19)")
        elif not self.variants["dragon_eats_trolls"] or strike["origin"] == strike["square"] \
                or {board.kind(strike["origin"]), board.kind(strike["square"])} != {"bridge"}:
            raise ValueError("strike: the dragon carries a troll only in the dragon-takes-a-"
                             "troll variant, from one bridge to another (GG-R19, GG-X4)")

    def _check_end(self) -> None:
        """Winners are exactly the ones the rules name (GG-R11, GG-R13), and the end leaves
        the goats as it found them (GG-R17)."""
        if (self.phase == "over") != (self._winners is not None):
            raise ValueError("winners are set exactly when the game is over")
        off = [(seat, size) for seat, goats in enumerate(self.goats)
               for size, where in goats.items() if where is None]
        if self.phase == "over" and self._winners:
            (seat,) = self._winners
            if self.points[seat] != self.target or self.points.count(self.target) != 1:
                raise ValueError(f"winners: the winner alone has {plural(self.target, 'point')} "
                                 "(GG-R11, GG-X8)")
            if seat != self.current:
                raise ValueError("winners: only the player whose turn it is moves a goat onto "
                                 "the Island and wins (GG-R10, GG-R11)")
            if len(off) != 1 or off[0][0] != seat:
                raise ValueError("goats: the game ends with every goat on the board but the "
                                 "winner's scoring goat (GG-R11, GG-R17)")
        elif max(self.points) >= self.target:
            raise ValueError(f"points: a player with {plural(self.target, 'point')} has already "
                             "won (GG-R11, GG-X8)")
        elif self.phase == "over":
            if self.turn != self.variants["max_turns"]:
                raise ValueError("turn: a draw happens only at the turn guard (GG-R13)")
            if off:
                raise ValueError("goats: a drawn game ends with every goat on the board "
                                 "(GG-R13, GG-X5)")

    def check_invariants(self) -> None:
        """The 104 cards are all somewhere; each goat, troll and wand is in exactly one
        place."""
        deck = self.decks["deck"]
        counts = Counter(deck.pile) + Counter(deck.discards)
        for hand in self.hands:
            assert all(n >= 0 for n in hand.values()), "a hand holds fewer than no cards"
            counts.update(hand)
        assert set(counts) <= set(SUITS), f"unknown cards {sorted(set(counts) - set(SUITS))}"
        assert all(counts[s] == PER_SUIT for s in SUITS), \
            f"the cards are not 26 of each suit: {dict(counts)}"
        assert sorted(self.wands) == sorted(WANDS), "a wand is missing"
        assert all(h is None or 0 <= h < self.players for h in self.wands.values())
        board = self.board
        assert len(self.trolls) == 2 and len(set(self.trolls)) == 2, "two trolls, apart"
        assert all(board.kind(t) == "bridge" for t in self.trolls), "a troll is off the bridges"
        off = set()
        for seat, goats in enumerate(self.goats):
            assert sorted(goats) == sorted(SIZES), f"seat {seat} has not three goats"
            for size, where in goats.items():
                if where is None:
                    off.add((seat, size))
                else:
                    assert board.kind(where) in ("land", "bridge"), \
                        f"seat {seat}'s {size} goat is on {where}"
                    assert where not in self.trolls, f"seat {seat}'s {size} goat shares a troll's bridge"
        waiting = {tuple(p) for p in self.placing}
        assert len(waiting) == len(self.placing), "a goat waits twice"
        if self.phase == "over":
            assert not waiting, "nothing goes back once the game is over"
        else:
            assert off == waiting, f"goats off the board {sorted(off)} vs waiting {sorted(waiting)}"
        assert all(0 <= p <= self.target for p in self.points)

    # ------------------------------------------------------------------ bots

    def heuristic(self, seat: int) -> float:
        """Points first; then goats near the Island by a way around the trolls' bridges
        (networkx), then wands worth using (held with cards of their suit) and cards in hand.
        A pending claim counts as likely as the claimant's cards of its suit against everyone
        else's (so a claim war is won by the side with more cards instead of going on for
        ever). Rivals' progress counts against. (A bot calls this on a copy re-dealt from its
        own seat's information, so other hands here are guesses.)"""
        if self.is_over:
            return 1000.0 if seat in self.winners else (-1000.0 if self.winners else 0.0)
        around = self.board.distance_around(self.trolls)
        far = max(self.board.distance.values()) + 3
        claim = self.claim
        chance = 0.0
        if claim is not None:
            need = cost(claim["wand"], self.suits)
            mine = min(self.hands[claim["claimant"]][suit] for suit in need)
            theirs = sum(min(self.hands[s][suit] for suit in need)
                         for s in range(self.players) if s != claim["claimant"])
            chance = 1.0 if theirs == 0 else (mine + 0.5) / (mine + theirs + 1.0)
        value = 0.0
        for s in range(self.players):
            weight = 1.0 if s == seat else -1.0 / (self.players - 1)
            hand = self.hands[s]
            v = 40.0 * self.points[s] + 0.3 * sum(hand.values())
            for where in self.goats[s].values():
                if where is not None:
                    v += 3.0 * (far - around.get(where, far))
            for wand, holder in self.wands.items():
                if holder == s:
                    v += self._wand_worth(hand, wand) * (
                        1.0 - chance if claim is not None and claim["wand"] == wand else 1.0)
            if claim is not None and claim["claimant"] == s:
                v += chance * self._wand_worth(hand, claim["wand"])
            value += weight * v
        return value

    def _wand_worth(self, hand: dict, wand: str) -> float:
        uses = min(hand[suit] for suit in cost(wand, self.suits))
        return 1.0 + 0.5 * min(uses, 3)
