"""Goat Auction rules (see the package docstring). Rule ids: TA-1 … TA-5.

- TA-1 every seat with cards bids one card of its hand, all at once, in secret;
- TA-2 the highest bid wins the round and scores a point; bids go to the discards; every
  seat then draws a card (the discards are reshuffled when the deck runs out);
- TA-3 the winner may ask one other seat that holds cards for a card, or pass;
- TA-4 the asked seat chooses which card of its hand to give;
- TA-5 three points win; after ``max_rounds`` the highest score wins (ties share).
"""

from __future__ import annotations

from dataclasses import dataclass

from goatwidgets.engine import Action as BaseAction
from goatwidgets.engine import (ActionParseError, EndsInPhaseOver, IllegalActionError, State,
                               VariantError, quote)
from goatwidgets.engine.schema import Int, ListOf, Nullable, OneOf, Saved, Seat
from goatwidgets.engine.strategy import Strategy
from goatwidgets.engine.variants import whole_number
from goatwidgets.engine.words import obj, says

CARDS = tuple(f"g{n}" for n in range(1, 17))
HAND = 3
WIN = 3
PHASES = ("bid", "ask", "answer", "over")


@dataclass(frozen=True)
class Action(BaseAction):
    """``bid g7``, ``ask 2``, ``pass``, ``give g5``."""

    card: str | None = None
    seat: int | None = None

    def __str__(self) -> str:
        if self.kind in ("bid", "give"):
            return f"{self.kind} {self.card}"
        if self.kind == "ask":
            return f"ask {self.seat}"
        return self.kind


def parse_action(text: str) -> Action:
    words = text.strip().lower().split()
    if words and words[0] in ("bid", "give") and len(words) == 2 and words[1] in CARDS:
        return Action(words[0], card=words[1])
    if words and words[0] == "ask" and len(words) == 2 and words[1] in "0123":
        return Action("ask", seat=int(words[1]))
    if words == ["pass"]:
        return Action("pass")
    raise ActionParseError(f"can't read {quote(text)}: try 'bid g7', 'ask 1', 'pass' or "
                           "'give g5'", "notation")


def number(card: str) -> int:
    return int(card[1:])


def new_game(players: int = 2, seed: int | None = None, names=None, **variants) -> "GoatAuction":
    """Start a game. Variant: ``max_rounds`` (default 12)."""
    return GoatAuction(players=players, seed=seed, names=names, **variants)


class GoatAuction(EndsInPhaseOver, State):
    game = "goat_auction"
    min_players, max_players = 2, 4
    variant_defaults = {"max_rounds": 12}
    turn_counter = "round"
    hidden_information = True
    # every action is carried out from what its chooser sees and shows it nothing new (an
    # ask, a pass, a card given from the giver's own hand): the engine's "learned nothing"
    strategy = Strategy(decided=lambda before, after, action, seat: True,
                        shows=lambda before, after, action, seat: False)
    # each saved field once: the engine derives the save, the load and the schema check
    saved_fields = (
        Saved("hands", ListOf(ListOf(OneOf(CARDS), max_len=16), length="players")),
        Saved("known", ListOf(ListOf(OneOf(CARDS), max_len=16), length="players")),
        Saved("points", ListOf(Int(0, WIN), length="players")),
        Saved("round", Int(1, None)), Saved("phase", OneOf(PHASES)), Saved("winner", Seat()),
        Saved("asked", Nullable(Seat())),
        Saved("winners", Nullable(ListOf(Seat(), max_len=4)), attr="_winners",
              load=lambda w: None if w is None else tuple(w)),
    )

    def _check_variants(self, variants):
        options = super()._check_variants(variants)
        whole_number(options["max_rounds"], "max_rounds", 1, 1000, "TA-5")
        return options

    # ------------------------------------------------------------------ setup and data

    def _setup(self) -> None:
        deck = self.new_deck("deck", CARDS)
        self.hands = [sorted((deck.pile.pop() for _ in range(HAND)), key=number)
                      for _ in range(self.players)]
        self.known = [[] for _ in range(self.players)]  # cards a seat gave away (TA-4)
        self.points = [0] * self.players
        self.round, self.phase, self.winner, self.asked = 1, "bid", 0, None
        self._winners = None

    def _check_position(self) -> None:
        if (self.phase == "answer") != (self.asked is not None):
            raise ValueError("a seat is asked exactly in the answer phase (TA-4)")
        if (self.phase == "over") != (self._winners is not None):
            raise ValueError("winners are set exactly when the game is over (TA-5)")

    def check_invariants(self) -> None:
        deck = self.decks["deck"]
        held = [c for h in self.hands for c in h]
        everything = sorted(held + deck.pile + deck.discards, key=number)
        assert everything == sorted(CARDS, key=number), "cards were created or lost"

    def _parse(self, text: str) -> Action:
        return parse_action(text)

    # ------------------------------------------------------------------ decisions

    @property
    def scores(self):
        return tuple(self.points)

    def _deciders(self):
        if self.phase == "bid":
            return tuple(s for s in range(self.players) if self.hands[s])     # TA-1
        if self.phase == "ask":
            return (self.winner,)
        if self.phase == "answer":
            return (self.asked,)
        return ()

    def _legal(self, seat: int):
        if self.phase == "bid":
            return [Action("bid", card=c) for c in self.hands[seat]]
        if self.phase == "ask":
            return [Action("pass")] + [Action("ask", seat=s) for s in range(self.players)
                                       if s != seat and self.hands[s]]
        return [Action("give", card=c) for c in self.hands[seat]]

    def _choice_words(self, action):
        return f"card {action.card}"            # "You chose card g9."

    def _explain(self, action: Action, seat: int) -> IllegalActionError:
        want = {"bid": "bid", "ask": "ask", "answer": "give"}[self.phase]
        if action.kind not in ({"ask", "pass"} if want == "ask" else {want}):
            return IllegalActionError(f"can't {action.kind} now: {self._prompt(seat)}", "TA-1"
                                      if want == "bid" else "TA-3" if want == "ask" else "TA-4")
        if action.kind in ("bid", "give"):
            return IllegalActionError(f"can't {action.kind} {action.card}: it is not in your "
                                      "hand", "TA-1" if action.kind == "bid" else "TA-4")
        return IllegalActionError("can't ask that seat: ask another seat that holds cards",
                                  "TA-3")

    def _do_together(self, bids: dict[int, Action]) -> None:
        """TA-2: reveal the bids, the highest wins, everyone draws."""
        for seat, bid in bids.items():
            self.hands[seat].remove(bid.card)
            self.decks["deck"].discard(bid.card)
            for known in self.known:
                if bid.card in known:
                    known.remove(bid.card)              # a bid card is public now
        shown = ", ".join(f"{self.names[s]} {b.card}" for s, b in sorted(bids.items()))
        self.winner = max(bids, key=lambda s: number(bids[s].card))
        self.points[self.winner] += 1
        self.say(f"Bids: {shown}. {says(self.names[self.winner], 'wins', 'win')} round {self.round}.")
        for seat in range(self.players):
            card = self.draw_card("deck")
            if card is not None:
                self.hands[seat].append(card)
                self.hands[seat].sort(key=number)
                self.say(f"{self.names[seat]} drew a card.",
                         secret={seat: f"You drew {card}."})
        if self.points[self.winner] >= WIN:
            return self._finish((self.winner,))
        self.phase = "ask"

    def _do(self, action: Action, seat: int) -> None:
        if action.kind == "pass":
            self.say(f"{says(self.names[seat], 'asks', 'ask')} nobody.")
            return self._next_round()
        if action.kind == "ask":
            self.asked, self.phase = action.seat, "answer"
            self.say(f"{says(self.names[seat], 'asks', 'ask')} {obj(self.names[action.seat])} for a "
                     "card.")
            return None
        asker = self.winner                                                # TA-4: give
        self.hands[seat].remove(action.card)
        self.hands[asker].append(action.card)
        self.hands[asker].sort(key=number)
        self.known[seat].append(action.card)
        self.say(f"{self.names[seat]} gave {obj(self.names[asker])} a card.",
                 secret={seat: f"You gave {obj(self.names[asker])} {action.card}.",
                         asker: f"{self.names[seat]} gave you {action.card}."})
        self.asked = None
        self._next_round()

    def _next_round(self) -> None:
        if self.round >= self.variants["max_rounds"] or not any(self.hands):     # TA-5
            best = max(self.points)
            return self._finish(tuple(s for s, p in enumerate(self.points) if p == best))
        self.round += 1
        self.phase = "bid"

    def _finish(self, winners) -> None:
        self.phase, self._winners, self.asked = "over", tuple(winners), None
        self.say(f"{' and '.join(self.names[w] for w in winners)} won the auction.")

    # ------------------------------------------------------------------ what a seat sees

    def _public_view(self) -> dict:
        deck = self.decks["deck"]
        return {"round": self.round, "phase": self.phase, "hand_sizes": [len(h) for h in self.hands],
                "deck": deck.count, "discards": list(deck.discards), "asked": self.asked}

    def _private_view(self, seat: int) -> dict:
        return {"hand": list(self.hands[seat]), "gave": list(self.known[seat])}

    def _prompt(self, seat) -> str:
        if self.phase == "over":
            return "The auction is over."
        if seat is not None and seat in self.deciders:
            return {"bid": "choose a card to bid, in secret", "ask": "ask a seat for a card, or pass",
                    "answer": f"{says(self.names[self.winner], 'asks', 'ask')} you for a card: choose one "
                              "to give"
                    }[self.phase]
        return f"Waiting for {self.names_of(self.deciders)}."

    def _redeal_hidden(self, seat: int, rng) -> None:
        """Other hands and the deck order are hidden from ``seat``, except the cards it gave
        away (it knows who holds them)."""
        deck = self.decks["deck"]
        kept = set(self.known[seat])
        pool = sorted([c for s, h in enumerate(self.hands) if s != seat for c in h
                       if c not in kept] + deck.pile, key=number)
        rng.shuffle(pool)
        for s, hand in enumerate(self.hands):
            if s != seat:
                mine = [c for c in hand if c in kept]
                need = len(hand) - len(mine)
                self.hands[s] = sorted(mine + [pool.pop() for _ in range(need)], key=number)
        deck.pile = pool

    def heuristic(self, seat: int) -> float:
        return 10 * super().heuristic(seat) + sum(number(c) for c in self.hands[seat]) / 16


def position(players: int = 2, *, hands, points=None, phase="bid", winner=0, asked=None,
             seed: int = 0, names=None, **variants) -> GoatAuction:
    """A game whose root is this position: ``hands`` as lists of card names (the rest of the
    cards are in the deck)."""
    s = new_game(players=players, seed=seed, names=names, **variants)
    try:
        deck = s.decks["deck"]
        rest = [c for c in CARDS if c not in {c for h in hands for c in h}]
        deck.pile, deck.discards = rest, []
        s.hands = [sorted(h, key=number) for h in hands]
        s.points = list(points or [0] * players)
        s.phase, s.winner, s.asked = phase, winner, asked
        s._check_position()
        s.rebase()
    except (AssertionError, ValueError, KeyError) as exc:
        raise VariantError(f"impossible position: {exc}", "position") from None
    return s
