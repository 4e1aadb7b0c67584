"""Goat Lords: the rules model.

2 to 6 players build herds of goat stacks from pairs of cards, duel for each other's top
stacks, and play face-down action cards; the biggest herd in points wins the round.

- Chance: one 126-card deck (the engine deck ``"draw"``; its ``discards`` are the discard
  pile), shuffled by the state's RNG; Hypnotized Goat takes a random card (chance ``"take"``).
- Hidden information: hands (others see counts), face-down action cards (others see how
  many), cards set aside under Raining Fire-Goats, the order of the draw pile.
- Decisions off one's turn: duel answers, Escape Goat questions, trashing a fourth action
  card, discarding down to the hand size; under Raining Fire-Goats every seat with two or
  more cards picks its card at once, in secret.

    >>> s = new_game(players=3, seed=4)
    >>> s.to_move, s.hand_size, len(s.hands[0]), s.decks["draw"].discards[-1] in GOATS
    (0, 5, 5, True)
    >>> s.apply(s.legal_actions()[-1]); s.current
    1

The turn is a small machine: a queue of automatic ``steps`` (draws, refills, the discard
pile's start, discards to the hand size, the next turn) runs until a decision is ``pending``
(an off-turn answer) or, with nothing queued, the player whose turn it is decides.
Rulings (``shared/rules/goat_lords.rulings.md``) are cited by id; our own readings are
GL-X1… in ``OUR_READINGS``.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ...engine import IllegalActionError, State, VariantError, quote
from ...engine.variants import flag, whole_number
from ...engine import words
from ...engine.words import listed, obj, possessive, says, subject, verb
from .actions import CARD_PLAYS, Action, make, parse_action, sort_cards
from .cards import (
    CARD_IDS,
    DEFAULT_EXTRA_PLAYS,
    DEFAULT_VALUES,
    DRAWS,
    GOATS,
    HAND_CARDS,
    IS_ACTION,
    IS_GOAT,
    IS_WILD,
    NAMES,
    ORDER,
    SHORT_NAMES,
    STACK_NAMES,
    TARGETED,
    UNSTOPPABLE,
    deck_list,
    full_deck,
    plural,
)
from .saves import SAVE_SCHEMA, check_position, deal_steps, end_steps

OUR_READINGS: dict[str, str] = {
    "GL-X1": "The last seat deals, so seat 0 starts the first round. Each new round the deal "
             "moves one seat to the left, so the next seat starts.",
    "GL-X2": "Dealing fills one hand at a time, starting with the first player. An action "
             "card dealt goes face down and is replaced at once; a fourth one is trashed by "
             "its owner before the deal goes on.",
    "GL-X3": "Anyone who might be able to answer is asked, judged only by what everyone can "
             "see: a duel goes back and forth while the seat to answer has cards in hand (or, "
             "for the very first answer, a face-down card); Escape Goat is asked of a seat with "
             "a face-down card. So being asked never gives a hand away.",
    "GL-X4": "A player with nothing they may do when their turn comes passes at once; a player "
             "with extra plays left but nothing they may do ends the turn at once. Whether "
             "there is anything to do is judged only by what everyone sees: cards in hand, or "
             "face-down cards while action cards may be played (GL-X14).",
    "GL-X5": "Cards thrown away to get down to the hand size go on the discard pile, one at a "
             "time, so the last one can start an Assisted Birth.",
    "GL-X6": "Under Raining Fire-Goats a seat with fewer than two cards keeps what it has "
             "without choosing. Cards drawn later in that turn go to the hand and may be used.",
    "GL-X7": "A duel started while Raining Fire-Goats is in force can't be answered: the "
             "attacker wins it with the opening card.",
    "GL-X8": "Hypnotized Goat may be aimed at a player with an empty hand; it then takes "
             "nothing, but its extra play still counts.",
    "GL-X9": "The Base Stack is always the bottom stack of a herd. If Atomic Goat trashes a "
             "lone Base Stack, the player's next stack becomes the new Base Stack.",
    "GL-X10": "A played action card goes to the trash at once, face up, even when Escape Goat "
              "then cancels it.",
    "GL-X11": "The game ends after max_turns turns at the latest (3,000 by default; a guard that "
              "never fires in a normal game): the round is scored as it stands.",
    "GL-X12": "Playing for several rounds: every card goes back into the deck after a round; "
              "the game ends after the round in which someone's total reaches the target, and "
              "the highest total wins (ties share the win).",
    "GL-X13": "A card everyone saw go into a hand (the wild Goatinhood takes) is known to be "
              "there, and so is a card Hypnotized Goat takes, to the player it came from, until "
              "a card of that kind leaves that hand face up. A card leaving a hand unseen, or "
              "Raining Fire-Goats, makes everyone forget what they knew of that hand.",
    "GL-X14": "A player whose hand is empty but who has face-down cards, at a time when action "
              "cards may be played, is asked on their turn whatever those cards are (others "
              "see only how many), and may play one or pass ('end'). So nobody learns from the "
              "turn going on or ending that the cards were only Escape Goats.",
}

#: decisions whose card nobody else sees (``public_action``)
SECRET_KINDS = frozenset({"keep", "take"})
TURN_KINDS = frozenset({"birth", "assist", "duel", "discard", "end"} | set(CARD_PLAYS))


def new_game(players: int = 3, seed: int | None = None, names=None,
             **variants: Any) -> "GoatLordsState":
    """Start a game: the deck is shuffled and dealt, the discard pile started.

    Variants (the rulings are the defaults): ``values`` (points per goat or wild card id,
    GL-R2), ``extra_plays`` (extra plays per action card id, 0 to 2, GL-R3), ``hypnotized``
    ("random" or "choose", GL-R16), ``reshuffle`` ("once" or "always", GL-R30),
    ``target_score`` (None for one round, or e.g. 1000 to play rounds until someone reaches
    it, GL-R25), ``action_cards`` (False: play without them, GL-R25), ``max_turns`` (the
    turn guard, GL-X11).

        >>> new_game(players=4, seed=1, values={"lord": 40}).variants["values"]["lord"]
        40
        >>> new_game(players=7)
        Traceback (most recent call last):
        ...
        goatwidgets.engine.errors.VariantError: players must be a whole number from 2 to 6, not 7 (players)
    """
    return GoatLordsState(players=players, seed=seed, names=names, **variants)


def stack_kind(stack: list[str]) -> str:
    """The one goat kind in a stack (a wild takes its pair's kind, GL-R34)."""
    for card in stack:
        if card in IS_GOAT:
            return card
    raise ValueError("a stack holds no goat card")


class GoatLordsState(State):
    """A Goat Lords game in progress (see the module docstring)."""

    game = "goat_lords"
    min_players, max_players = 2, 6
    hidden_information = True
    chance_kinds = {"take": HAND_CARDS}
    variant_defaults = {
        "values": DEFAULT_VALUES, "extra_plays": DEFAULT_EXTRA_PLAYS,
        "hypnotized": "random", "reshuffle": "once", "target_score": None,
        "action_cards": True, "max_turns": 3000,
    }
    save_schema = SAVE_SCHEMA

    # ------------------------------------------------------------------ options

    def _check_variants(self, variants: dict) -> dict:
        options = super()._check_variants(variants)
        values = options["values"]
        if not isinstance(values, dict):
            raise VariantError(f"values must map card ids to points, e.g. {{'lord': 50}}, not "
                               f"{quote(values)}", "GL-R2")
        for card, points in values.items():
            if card not in DEFAULT_VALUES:
                raise VariantError(f"values: {quote(card)} is not a goat or wild card id "
                                   f"(ids: {', '.join(HAND_CARDS)})", "GL-R2")
            whole_number(points, f"values[{card!r}]", 0, 1000, "GL-R2")
        plays = options["extra_plays"]
        if not isinstance(plays, dict):
            raise VariantError(f"extra_plays must map action card ids to 0, 1 or 2, not "
                               f"{quote(plays)}", "GL-R3")
        for card, n in plays.items():
            if card not in DEFAULT_EXTRA_PLAYS:
                raise VariantError(f"extra_plays: {quote(card)} is not an action card that is "
                                   f"played on a turn (ids: {', '.join(DEFAULT_EXTRA_PLAYS)})",
                                   "GL-R3")
            if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= 2:
                raise VariantError(f"extra_plays[{card!r}] must be 0, 1 or 2, not {quote(n)}",
                                   "GL-R3")
        if options["hypnotized"] not in ("random", "choose"):
            raise VariantError(f"hypnotized must be 'random' or 'choose', not "
                               f"{quote(options['hypnotized'])}", "GL-R16")
        if options["reshuffle"] not in ("once", "always"):
            raise VariantError(f"reshuffle must be 'once' or 'always', not "
                               f"{quote(options['reshuffle'])}", "GL-R30")
        target = options["target_score"]
        if target is not None and (not isinstance(target, int) or isinstance(target, bool)
                                   or not 1 <= target <= 100_000):
            raise VariantError(f"target_score must be None (one round) or a whole number from "
                               f"1 to 100000, not {quote(target)}", "GL-R25")
        flag(options["action_cards"], "action_cards", "GL-R25")
        whole_number(options["max_turns"], "max_turns", 1, 100_000, "GL-X11")
        return {**options, "values": {**DEFAULT_VALUES, **values},
                "extra_plays": {**DEFAULT_EXTRA_PLAYS, **plays}}

    def _preset_outcomes(self, kind: str) -> Counter:
        """A card Hypnotized Goat takes must be in some hand now (GL-R16)."""
        if kind == "take":
            return Counter(c for hand in self.hands for c in hand)
        return super()._preset_outcomes(kind)

    @property
    def hand_size(self) -> int:
        """GL-R4: five cards with two or three players, four with more."""
        return 5 if self.players <= 3 else 4

    def value(self, card: str) -> int:
        return self.variants["values"].get(card, 0)

    # ------------------------------------------------------------------ setup

    def _setup(self) -> None:
        n = self.players
        self.round = 1
        self.turn = 0
        self.first = 0                                  # GL-X1: the last seat deals
        self.current = 0
        self.totals = [0] * n
        self.over = False
        self._winners: list[int] = []
        self._start_round()

    def _start_round(self) -> None:
        """Shuffle every card into the draw pile, deal, start the discard pile (GL-R29)."""
        n = self.players
        deck = deck_list(self.variants["action_cards"])
        self.box = sort_cards(c for c in CARD_IDS for _ in range(full_deck()[c])
                              if not self.variants["action_cards"] and c in IS_ACTION)
        self.new_deck("draw", deck, reshuffle=False)
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.actions: list[list[str]] = [[] for _ in range(n)]
        self.aside: list[list[str]] = [[] for _ in range(n)]
        self.herds: list[list[list[str]]] = [[] for _ in range(n)]
        self.trash: list[str] = []
        self.duel: dict | None = None
        self.pending: dict | None = None
        self.skips = [0] * n
        self.reshuffle_used = False
        self.reshuffles = 0
        #: [knower, holder, card]: ``knower`` (-1: everyone) saw ``card`` go into ``holder``'s
        #: hand (Goatinhood's wild, Hypnotized Goat's card); the re-deal keeps it there
        self.known: list[list[int | str]] = []
        self._new_turn_fields()
        self.current = self.first
        self.steps = deal_steps(self)                                        # GL-X2
        self._settle()

    def _new_turn_fields(self) -> None:
        self.plays_left = 1
        self.action_cards_left = 1
        self.acted = False
        self.rain = False

    def _clockwise(self, start: int) -> list[int]:
        """Every seat once, starting at ``start`` and going left (GL-R34)."""
        return [(start + i) % self.players for i in range(self.players)]

    # ------------------------------------------------------------------ the step machine

    def _settle(self) -> None:
        """Run automatic steps until some seat has a decision (or the game is over)."""
        for _ in range(100_000):
            if self.over or self.pending is not None:
                return
            if self.steps:
                self._run_step()
                continue
            if self._has_choice(self.current):
                return
            who = self.names[self.current]
            if self.acted:                                                  # GL-X4
                self.say(f"{says(who, 'has', 'have')} nothing more to do, so the turn ends.")
            else:                                                           # GL-R31
                self.say(f"{says(who, 'has', 'have')} nothing to play and "
                         f"{verb(who, 'passes', 'pass')}.")
            self._end_turn()
        raise RuntimeError("the turn machine did not come to rest")  # pragma: no cover

    def _run_step(self) -> None:
        step = self.steps[0]
        kind, seat, n = step
        if kind in ("fill", "draw"):
            drawn: list[str] = []
            while (len(self.hands[seat]) < self.hand_size if kind == "fill" else step[2] > 0):
                got = self._draw_for(seat)
                if got is None:
                    break
                drawn.append(got)
                if kind == "draw" and got not in IS_ACTION:
                    step[2] -= 1
                if self.pending is not None:
                    self._log_draws(seat, drawn)
                    return
            self._log_draws(seat, drawn)
        elif kind == "pile":
            self._start_discard_pile()
        elif kind == "unaside":
            for s in range(self.players):
                if self.aside[s]:
                    self.hands[s] = sort_cards(self.hands[s] + self.aside[s])
                    self.aside[s] = []
            if self.rain:
                self.say("The turn is over: everyone takes back the cards they set aside.")
            self.rain = False
        elif kind == "toss":
            if len(self.hands[seat]) > self.hand_size:                    # GL-R7, GL-R34
                self.pending = self._pending("toss", seat)
                return
        elif kind == "start":
            self.steps.pop(0)
            self._begin_turn(seat)
            return
        elif kind == "next":
            self.steps.pop(0)
            self._next_turn(seat)
            return
        self.steps.pop(0)

    @staticmethod
    def _pending(kind: str, seat: int, card: str | None = None, target: int | None = None,
                 arg: int | None = None, queue: list[int] | None = None) -> dict:
        return {"kind": kind, "seat": seat, "card": card, "target": target, "arg": arg,
                "queue": list(queue or [])}

    def _nothing_to_draw(self) -> bool:
        """Nothing can be drawn any more (GL-R22, GL-R30)."""
        deck = self.decks["draw"]
        if deck.pile:
            return False
        if self.variants["reshuffle"] == "always":
            return len(deck.discards) < 5
        return self.reshuffle_used

    def _draw_for(self, seat: int) -> str | None:
        """Draw one card for ``seat``: an action card goes face down (GL-R6); a fourth one
        makes the seat choose one to trash. ``None`` when nothing can be drawn."""
        deck = self.decks["draw"]
        if not deck.pile:
            again = self.variants["reshuffle"] == "always"
            if not self.reshuffle_used or again:
                first = not self.reshuffle_used
                self.reshuffle_used = True
                if len(deck.discards) >= 5:                             # GL-R22, GL-R30
                    count = len(deck.discards)
                    self.shuffle_discards("draw")
                    self.reshuffles += 1
                    self.say(f"The draw pile is empty: the {count} cards of the discard pile "
                             "are shuffled into a new draw pile.")
                elif not again:
                    self.say("The draw pile is empty and the discard pile holds fewer than five "
                             "cards, so there is no reshuffle: nobody draws from now on.")
                elif first:
                    self.say("The draw pile is empty; it is made again from the discard pile "
                             "once that holds five cards or more.")
            if not deck.pile:
                return None
        card = self.draw_card("draw")
        if card in IS_ACTION:
            self.actions[seat].append(card)
            self.actions[seat].sort(key=ORDER.__getitem__)
            if len(self.actions[seat]) > 3:                                # GL-R6
                self.pending = self._pending("trash", seat)
        else:
            self.hands[seat].append(card)
            self.hands[seat].sort(key=ORDER.__getitem__)
        return card

    def _log_draws(self, seat: int, drawn: list[str]) -> None:
        """One log line for the cards a seat just drew (its own line names them)."""
        if not drawn:
            return
        who = self.names[seat]
        hand = [c for c in drawn if c not in IS_ACTION]
        face_down = [c for c in drawn if c in IS_ACTION]
        parts, mine = [], []
        if hand:
            parts.append(words.plural(len(hand), "card"))
            mine.append(", ".join(NAMES[c] for c in hand))
        if face_down:
            n = len(face_down)
            parts.append(f"{'an action card' if n == 1 else words.plural(n, 'action card')} "
                         "(face down, so another card is drawn)")
            mine.append(", ".join(NAMES[c] for c in face_down) + " (face down)")
        self.say(f"{says(who, 'draws', 'draw')} {' and '.join(parts)}.",
                 secret={seat: f"You drew {' and '.join(mine)}."})

    def _start_discard_pile(self) -> None:
        """GL-R29: turn cards over until a goat card starts the discard pile."""
        deck = self.decks["draw"]
        for _ in range(200):
            if not any(c in IS_GOAT for c in deck.pile):
                return
            card = self.draw_card("draw")
            if card in IS_GOAT:
                deck.discard(card)
                self.say(f"{NAMES[card]} starts the discard pile.")
                return
            deck.pile.append(card)
            self.rng.shuffle(deck.pile)
            self.say(f"{NAMES[card]} was turned over; it can't start the discard pile, so it is "
                     "shuffled back.")

    def _begin_turn(self, seat: int) -> None:
        self.current = seat
        self._new_turn_fields()
        self.turn += 1
        self.say(f"{possessive(self.names[seat], start=True)} turn.")

    def _end_turn(self) -> None:
        """GL-R7, GL-R32: set-aside cards come back, hands refill (this player first, then
        clockwise), then anyone above the hand size discards, in the same order."""
        self.steps += end_steps(self)
        self.plays_left = 0
        self.action_cards_left = 0

    def _next_turn(self, after: int) -> None:
        if all(not h for h in self.hands) and self._nothing_to_draw():      # GL-R24
            self._end_round()
            return
        if self.turn >= self.variants["max_turns"]:                          # GL-X11
            self.say(f"The turn guard of {self.variants['max_turns']} turns is reached: the "
                     "round is scored as it stands.")
            self._end_round(final=True)
            return
        seat = after
        for _ in range(self.players + 1):
            seat = (seat + 1) % self.players
            if self.skips[seat]:                                             # GL-R21
                self.skips[seat] -= 1
                self.say(f"{says(self.names[seat], 'loses', 'lose')} this turn (Loaf of Goat).")
                continue
            break
        self._begin_turn(seat)

    def _end_round(self, final: bool = False) -> None:
        """GL-R24: score the herds; GL-R25 / GL-X12: maybe play another round."""
        points = [self.herd_value(s) for s in range(self.players)]
        self.say("The round is over. " + ", ".join(
            f"{self.names[s]} {points[s]}" for s in range(self.players)) + ".", headline=True)
        target = self.variants["target_score"]
        self.totals = [t + p for t, p in zip(self.totals, points)]
        if target is None or final or max(self.totals) >= target:
            best = max(self.totals)
            self._winners = [s for s in range(self.players) if self.totals[s] == best]
            self.over = True
            self.pending = None
            self.steps = []
            self.say(f"{self._winners_say('wins', 'win')} with {best} points!", headline=True)
            return
        self.round += 1
        self.first = (self.first + 1) % self.players                         # GL-X1
        self.say(f"Round {self.round} begins: totals " + ", ".join(
            f"{self.names[s]} {self.totals[s]}" for s in range(self.players)) + ".")
        self._start_round()

    def _winners_say(self, third: str, base: str) -> str:
        """The winners and a verb that agrees: "Ana wins", "You win", "Ana and you win"."""
        names = [self.names[s] for s in self._winners]
        if len(names) == 1:
            return says(names[0], third, base)
        return f"{listed(names)} {base}"

    # ------------------------------------------------------------------ questions

    def _known_by(self, seat: int, cap: bool = True) -> list[tuple[int, str]]:
        """(holder, card) for each card ``seat`` knows to be in another's hand: every entry
        stands for a different card that went in, so they add up."""
        counts: Counter = Counter((holder, card) for knower, holder, card in self.known
                                  if knower in (-1, seat) and holder != seat)
        result = []
        for (holder, card), n in sorted(counts.items()):
            if cap:                             # never more than is there (a safety net)
                n = min(n, self.hands[holder].count(card))
            result += [(holder, card)] * n
        return result

    def herd_value(self, seat: int) -> int:
        return sum(self.value(c) for stack in self.herds[seat] for c in stack)

    def end_phase(self) -> bool:
        """GL-R23: someone's hand is empty and nothing is left to draw."""
        return self._nothing_to_draw() and any(
            not h and not a for h, a in zip(self.hands, self.aside))

    def top_kind(self, seat: int) -> str | None:
        herd = self.herds[seat]
        return stack_kind(herd[-1]) if herd else None

    def _has_choice(self, seat: int) -> bool:
        """Whether the player whose turn it is is asked, judged only by what everyone sees
        (GL-X4, GL-X14): cards in hand, or face-down cards while action cards may be played.
        Which face-down cards they are must not matter: a seat holding only Escape Goats is
        asked too (it may pass)."""
        return bool(self.hands[seat]) or (bool(self.actions[seat])
                                          and self._cards_allowed(seat))

    def _cards_allowed(self, seat: int) -> bool:
        """Whether ``seat`` may play an action card on its turn now, whichever it holds
        (GL-R13, GL-R23, GL-R26): public facts only."""
        return bool(self.action_cards_left) and bool(self.herds[seat]) and not self.end_phase()

    def _card_plays(self, seat: int) -> list[Action]:
        """The action cards ``seat`` may play now (GL-R13, GL-R23, GL-R26, GL-R33)."""
        mine = self.actions[seat]
        if not mine or not self._cards_allowed(seat):
            return []
        others = [t for t in range(self.players) if t != seat and self.herds[t]]
        out = []
        for card in sorted(set(mine), key=ORDER.__getitem__):
            if card in ("atomic", "hypno", "loaf"):
                out += [make(card, target=t) for t in others]
            elif card == "sneak":
                out += [make("sneak", target=t, stack=i) for t in others
                        for i in range(2, len(self.herds[t]) + 1)]
            elif card == "russian":
                out += [make("russian", direction="left"), make("russian", direction="right")]
            elif card != "escape":
                out.append(make(card))
        return out

    # ------------------------------------------------------------------ contract

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(self._winners)

    @property
    def scores(self) -> tuple[int, ...]:
        """Points so far: earlier rounds' totals plus the herds on the table now."""
        if self.over:
            return tuple(self.totals)
        return tuple(t + self.herd_value(s) for s, t in enumerate(self.totals))

    def _parse(self, text: str) -> Action:
        return parse_action(text)

    def _deciders(self) -> tuple[int, ...]:
        if self.over:
            return ()
        pending = self.pending
        if pending is None:
            return (self.current,)
        if pending["kind"] == "rain":
            return tuple(pending["queue"])
        return (pending["seat"],)

    # ------------------------------------------------------------------ legal actions

    def _legal(self, seat: int) -> list[Action]:
        pending = self.pending
        if pending is None:
            return self._turn_actions(seat)
        kind = pending["kind"]
        hand = self.hands[seat]
        if kind == "trash":
            return [make("trash", card=c) for c in sorted(set(self.actions[seat]),
                                                           key=ORDER.__getitem__)]
        if kind == "toss":
            return [make("toss", card=c) for c in _distinct(hand)]
        if kind == "rain":
            return [make("keep", card=c) for c in _distinct(hand)]
        if kind == "take":
            return [make("take", card=c) for c in _distinct(self.hands[pending["target"]])]
        if kind == "escape":
            out = [make("allow")]
            if "escape" in self.actions[seat] and not self.rain:
                out.append(make("escape"))
            return out
        duel = self.duel                                                   # kind == "duel"
        out = [make("play", card=c) for c in _distinct(hand)
               if c == duel["kind"] or c in IS_WILD]
        out.append(make("pass"))
        if self._first_answer() and "escape" in self.actions[seat] and not self.rain:
            out.append(make("escape"))                                      # GL-R12
        return out

    def _first_answer(self) -> bool:
        duel = self.duel
        return (duel is not None and len(duel["cards"]) == 1
                and self.pending is not None and self.pending["seat"] == duel["defender"])

    def _turn_actions(self, seat: int) -> list[Action]:
        hand = self.hands[seat]
        out: list[Action] = []
        if hand:
            counts = Counter(hand)
            goats = [c for c in _distinct(hand) if c in IS_GOAT]
            wilds = [c for c in _distinct(hand) if c in IS_WILD]
            for g in goats:                                                 # GL-R8
                if counts[g] >= 2:
                    out.append(make("birth", card=g, card2=g))
                out += [make("birth", card=g, card2=w) for w in wilds]
            discards = self.decks["draw"].discards
            if discards:                                                    # GL-R28
                top = discards[-1]
                if top in IS_WILD:
                    out += [make("assist", card=g) for g in goats]
                else:
                    out += [make("assist", card=c) for c in _distinct(hand)
                            if c == top or c in IS_WILD]
            if self.herds[seat]:                                            # GL-R10
                for t in range(self.players):
                    if t != seat and len(self.herds[t]) >= 2:
                        kind = stack_kind(self.herds[t][-1])
                        if counts[kind]:
                            out.append(make("duel", target=t, card=kind))
                            out += [make("duel", target=t, card=w) for w in wilds]
            out += [make("discard", card=c) for c in _distinct(hand)]       # GL-R9
        out += self._card_plays(seat)
        if self.acted or not hand:                                  # GL-R26, GL-X14
            out.append(make("end"))
        return out

    # ------------------------------------------------------------------ doing

    def _do(self, action: Action, seat: int) -> None:
        kind = action.kind
        if kind in CARD_PLAYS:
            self._play_card(action, seat)
        elif kind in TURN_KINDS:
            getattr(self, f"_do_{kind}")(action, seat)
        elif kind == "keep":
            self._do_together({seat: action})
            return
        else:
            getattr(self, f"_answer_{kind}")(action, seat)
        self._settle()

    def _use_play(self) -> None:
        self.plays_left -= 1
        self.acted = True

    def _after_play(self) -> None:
        """After an action (and its answers): end the turn when no play is left."""
        if self.plays_left <= 0:
            self._end_turn()

    def _take_from_hand(self, seat: int, *cards: str) -> None:
        """Cards leave ``seat``'s hand face up: what others knew of them is used up."""
        hand = self.hands[seat]
        for card in cards:
            hand.remove(card)
            if self.known:
                self._forget(seat, card)

    def _forget(self, holder: int, card: str) -> None:
        """One ``card`` left ``holder``'s hand openly: each knower knows one fewer."""
        seen: set = set()
        keep = []
        for entry in self.known:
            knower, who, what = entry
            if who == holder and what == card and knower not in seen:
                seen.add(knower)
                continue
            keep.append(entry)
        self.known = keep

    def _forget_all(self, holder: int | None = None) -> None:
        """A hand changed in secret: drop what anyone knew of it (or of every hand)."""
        self.known = [e for e in self.known if holder is not None and e[1] != holder]

    def _do_birth(self, action: Action, seat: int) -> None:
        self._take_from_hand(seat, action.card, action.card2)
        self._use_play()
        self._add_stack(seat, [action.card, action.card2], "Birth")
        self._after_play()

    def _do_assist(self, action: Action, seat: int) -> None:
        top = self.decks["draw"].discards.pop()
        self._take_from_hand(seat, action.card)
        self._use_play()
        goat, other = (action.card, top) if action.card in IS_GOAT else (top, action.card)
        self._add_stack(seat, [goat, other], "Assisted Birth with the discard pile's top card")
        self._after_play()

    def _add_stack(self, seat: int, stack: list[str], how: str) -> None:
        herd = self.herds[seat]
        herd.append(stack)
        who = self.names[seat]
        base = " It is the Base Stack." if len(herd) == 1 else ""
        self.say(f"{says(who, 'plays', 'play')} {plural(stack[0], 1)} and "
                 f"{plural(stack[1], 1)} ({how}): a new stack.{base}", headline=True)

    def _do_discard(self, action: Action, seat: int) -> None:
        self._take_from_hand(seat, action.card)
        self.decks["draw"].discard(action.card)
        self._use_play()
        self.say(f"{says(self.names[seat], 'discards', 'discard')} {plural(action.card, 1)}.",
                 headline=True)
        self.steps.append(["draw", seat, 1])                                 # GL-R9
        self._after_play()

    def _do_end(self, action: Action, seat: int) -> None:
        who = self.names[seat]
        if self.acted:
            self.say(f"{says(who, 'ends', 'end')} the turn.")
        else:                                                               # GL-X14
            self.say(f"{says(who, 'passes', 'pass')}.")
        self._end_turn()

    # ---- duels (GL-R10, GL-R11, GL-R12, GL-X7)

    def _do_duel(self, action: Action, seat: int) -> None:
        target = action.target
        kind = stack_kind(self.herds[target][-1])
        self._take_from_hand(seat, action.card)
        self._use_play()
        self.duel = {"attacker": seat, "defender": target, "kind": kind,
                     "cards": [[seat, action.card]]}
        self.say(f"{says(self.names[seat], 'duels', 'duel')} {obj(self.names[target])} for "
                 f"the {NAMES[kind]} stack, opening with {plural(action.card, 1)}.",
                 headline=True)
        if self.rain:
            self.say("Raining Fire-Goats: nobody may defend this turn.")
            self._duel_over(seat)
            return
        self._duel_next(target, first=True)

    def _duel_next(self, seat: int, first: bool = False) -> None:
        """Ask ``seat`` to answer, if by what everyone sees it might (GL-X3)."""
        if self.hands[seat] or (first and self.actions[seat]):
            self.pending = self._pending("duel", seat)
        else:
            self.say(f"{says(self.names[seat], 'has', 'have')} no card to answer with.")
            duel = self.duel
            self._duel_over(duel["attacker"] if seat == duel["defender"] else duel["defender"])

    def _answer_play(self, action: Action, seat: int) -> None:
        duel = self.duel
        self._take_from_hand(seat, action.card)
        duel["cards"].append([seat, action.card])
        self.say(f"{says(self.names[seat], 'answers', 'answer')} with {plural(action.card, 1)}.")
        self.pending = None
        self._duel_next(duel["attacker"] if seat == duel["defender"] else duel["defender"])

    def _answer_pass(self, action: Action, seat: int) -> None:
        duel = self.duel
        self.pending = None
        self.say(f"{says(self.names[seat], 'stops', 'stop')} the duel.")
        self._duel_over(duel["attacker"] if seat == duel["defender"] else duel["defender"])

    def _duel_over(self, winner: int) -> None:
        duel, self.duel = self.duel, None
        self.pending = None
        cards = [card for _, card in duel["cards"]]
        attacker, defender = duel["attacker"], duel["defender"]
        added = _duel_cards(len(cards))
        if winner == attacker:
            stack = self.herds[defender].pop() + cards
            self.herds[attacker].append(stack)
            self.say(f"{says(self.names[attacker], 'wins', 'win')} the duel and "
                     f"{verb(self.names[attacker], 'takes', 'take')} "
                     f"{possessive(self.names[defender])} {NAMES[duel['kind']]} stack, "
                     f"adding {added}.", headline=True)
        else:
            self.herds[defender][-1].extend(cards)
            self.say(f"{says(self.names[defender], 'wins', 'win')} the duel and "
                     f"{verb(self.names[defender], 'keeps', 'keep')} the "
                     f"{NAMES[duel['kind']]} stack, adding {added}.", headline=True)
        self._after_play()

    # ---- action cards (GL-R13 … GL-R21, GL-R26, GL-R27, GL-R33)

    def _play_card(self, action: Action, seat: int) -> None:
        card = action.kind
        self.actions[seat].remove(card)
        self.trash.append(card)                                             # GL-X10
        extra = self.variants["extra_plays"][card]
        self.plays_left += extra - 1
        self.action_cards_left = 1 if extra >= 2 else 0                     # GL-R7, GL-R26
        self.acted = True
        who = self.names[seat]
        aim = f" on {obj(self.names[action.target])}" if action.target is not None else ""
        self.say(f"{says(who, 'plays', 'play')} {NAMES[card]}{aim}.", headline=True)
        if card in UNSTOPPABLE or self.rain:
            self._card_effect(action, seat)
            return
        if card in TARGETED:
            queue = [action.target]
        else:                                                               # GL-R27
            queue = [t for t in self._clockwise(seat)[1:]]
        queue = [t for t in queue if self.actions[t]]                       # GL-X3
        if not queue:
            self._card_effect(action, seat)
            return
        self.pending = self._pending("escape", queue[0], card=card, target=action.target,
                                     arg=_arg(action), queue=queue[1:])
        self.say(f"{says(self.names[queue[0]], 'may', 'may')} cancel it with Escape Goat.")

    def _answer_allow(self, action: Action, seat: int) -> None:
        pending = self.pending
        if pending["queue"]:
            nxt = pending["queue"][0]
            self.pending = dict(pending, seat=nxt, queue=pending["queue"][1:])
            self.say(f"{says(self.names[seat], 'lets', 'let')} it be. "
                     f"{says(self.names[nxt], 'may', 'may')} cancel it with Escape Goat.")
            return
        self.pending = None
        self.say(f"{says(self.names[seat], 'lets', 'let')} it be.")
        self._card_effect(_rebuild(pending), self.current)

    def _answer_escape(self, action: Action, seat: int) -> None:
        self.actions[seat].remove("escape")
        self.trash.append("escape")
        pending, self.pending = self.pending, None
        who = self.names[seat]
        if pending["kind"] == "duel":                                        # GL-R12
            duel, self.duel = self.duel, None
            opening = duel["cards"][0][1]
            self.herds[seat][-1].append(opening)
            self.say(f"{says(who, 'plays', 'play')} Escape Goat: the duel is off, and "
                     f"{possessive(self.names[duel['attacker']])} {NAMES[opening]} joins the "
                     f"{NAMES[duel['kind']]} stack.", headline=True)
        else:                                                                # GL-R14, GL-R27
            self.say(f"{says(who, 'plays', 'play')} Escape Goat: {NAMES[pending['card']]} has "
                     "no effect.", headline=True)
        self._after_play()

    def _card_effect(self, action: Action, seat: int) -> None:
        card = action.kind
        who = self.names[seat]
        target = action.target
        if card == "atomic":                                                 # GL-R15
            stack = self.herds[target].pop()
            self.trash.extend(stack)
            self.say(f"{possessive(self.names[target], start=True)} top stack "
                     f"({NAMES[stack_kind(stack)]}, {len(stack)} cards) goes to the trash.",
                     headline=True)
        elif card == "hypno":                                                # GL-R16
            if not self.hands[target]:
                self.say(f"{says(self.names[target], 'has', 'have')} no card to take.")
            elif self.variants["hypnotized"] == "choose":
                self.pending = self._pending("take", seat, target=target)
                return
            else:
                held = sort_cards(self.hands[target])
                queued = self._presets.get("take")
                if queued and queued[0] not in held:
                    raise VariantError(f"the preset card {quote(queued[0])} is not in "
                                       f"{possessive(self.names[target])} hand", "preset")
                taken = self.draw("take", held)
                self._move_taken(seat, target, taken)
        elif card == "loaf":                                                 # GL-R21
            self.skips[target] += 1
            self.say(f"{subject(self.names[target])} will miss the next turn.", headline=True)
        elif card == "sneak":                                                # GL-R17
            herd = self.herds[target]
            herd.append(herd.pop(action.stack - 1))
            self.say(f"{possessive(self.names[target], start=True)} {NAMES[stack_kind(herd[-1])]} "
                     "stack moves to the top of the herd.", headline=True)
        elif card == "russian":                                              # GL-R18
            step = 1 if action.direction == "left" else -1
            tops = {s: self.herds[s].pop() for s in range(self.players) if self.herds[s]}
            for s, stack in tops.items():
                self.herds[(s + step) % self.players].append(stack)
            self.say(f"Everyone passes their top stack to the {action.direction}.",
                     headline=True)
        elif card == "rain":                                                 # GL-R19, GL-R32
            self.rain = True
            queue = [s for s in range(self.players) if len(self.hands[s]) >= 2]
            if queue:
                self.pending = self._pending("rain", seat, card="rain", queue=queue)
                self.say("Everyone with two or more cards picks one card to keep, in secret.")
                return
            self._do_together({})
            return
        elif card == "hood":                                                 # GL-R20
            for s in self._clockwise(seat)[1:]:
                wilds = [c for c in self.hands[s] if c in IS_WILD]
                if wilds:
                    best = max(wilds, key=lambda c: (self.value(c), -ORDER[c]))
                    self._take_from_hand(s, best)
                    self.hands[seat] = sort_cards(self.hands[seat] + [best])
                    self.known.append([-1, seat, best])                   # seen by all
                    self.say(f"{says(self.names[s], 'gives', 'give')} {obj(who)} "
                             f"{plural(best, 1)}.", headline=True)
                    break
                self.say(f"{says(self.names[s], 'has', 'have')} no wild.")
            else:
                self.say("Nobody has a wild to give.")
        elif card in DRAWS:                                                  # GL-R3
            self.steps.append(["draw", seat, DRAWS[card]])
        self._after_play()

    def _move_taken(self, seat: int, target: int, card: str) -> None:
        self.hands[target].remove(card)
        self._forget_all(target)              # others can't tell which card left that hand
        self.hands[seat] = sort_cards(self.hands[seat] + [card])
        self.known.append([target, seat, card])                   # the target saw it go
        who, whom = self.names[seat], self.names[target]
        self.say(f"{says(who, 'takes', 'take')} a card from {possessive(whom)} hand.",
                 secret={seat: f"You take {plural(card, 1)} from {possessive(whom)} hand.",
                         target: f"{says(who, 'takes', 'take')} {plural(card, 1)} from your hand."},
                 headline=True)

    def _answer_take(self, action: Action, seat: int) -> None:
        target = self.pending["target"]
        self.pending = None
        self._move_taken(seat, target, action.card)
        self._after_play()

    def _do_together(self, choices: dict[int, Action]) -> None:
        """GL-R19, GL-R32: everyone keeps the chosen card, the rest is set aside."""
        self.pending = None
        self._forget_all()                    # hand or set aside: nobody can tell
        for s in range(self.players):
            hand = self.hands[s]
            if not hand:
                continue
            keep = choices[s].card if s in choices else hand[0]
            rest = list(hand)
            rest.remove(keep)
            self.hands[s], self.aside[s] = [keep], sort_cards(self.aside[s] + rest)
        self.say("Everyone has set aside all but one card until the turn ends.", headline=True)
        self._after_play()
        self._settle()

    def _answer_trash(self, action: Action, seat: int) -> None:
        self.actions[seat].remove(action.card)
        self.trash.append(action.card)
        self.pending = None
        self.say(f"{says(self.names[seat], 'trashes', 'trash')} {NAMES[action.card]}.")

    def _answer_toss(self, action: Action, seat: int) -> None:
        self._take_from_hand(seat, action.card)
        self.decks["draw"].discard(action.card)                             # GL-X5
        self.say(f"{says(self.names[seat], 'discards', 'discard')} {plural(action.card, 1)} "
                 "to get down to the hand size.")
        if len(self.hands[seat]) <= self.hand_size:
            self.pending = None

    def _choice_words(self, action: Action) -> str:
        """The card kept under Raining Fire-Goats, for "You chose to keep your Goat Lord."."""
        return f"to keep your {NAMES[action.card]}"

    # ------------------------------------------------------------------ explaining

    def _explain(self, action: Action, seat: int) -> IllegalActionError:
        from .explain import explain
        return explain(self, action, seat)

    # ------------------------------------------------------------------ prompt and view

    def why(self) -> str:
        """Whose decision it is and why, as everyone may read it."""
        if self.over:
            return (f"The game is over: {self._winners_say('won', 'won')} with "
                    f"{max(self.totals)} points.")
        pending = self.pending
        if pending is None:
            left = (f" ({words.plural(self.plays_left, 'extra play')} left)"
                    if self.acted else "")
            return f"{possessive(self.names[self.current], start=True)} turn{left}."
        who = self.names[pending["seat"]]
        kind = pending["kind"]
        if kind == "duel":
            duel = self.duel
            kind = NAMES[duel["kind"]]
            if pending["seat"] == duel["defender"]:
                whose = "your" if subject(who) == "You" else "their"
                return (f"{says(who, 'may', 'may')} defend {whose} {kind} stack against "
                        f"{possessive(self.names[duel['attacker']])} duel.")
            return (f"{says(who, 'may', 'may')} answer in the duel for "
                    f"{possessive(self.names[duel['defender']])} {kind} stack.")
        if kind == "escape":
            return f"{says(who, 'may', 'may')} cancel {NAMES[pending['card']]} with Escape Goat."
        if kind == "trash":
            return f"{says(who, 'has', 'have')} four action cards and must trash one."
        if kind == "toss":
            over = len(self.hands[pending["seat"]]) - self.hand_size
            return (f"{says(who, 'has', 'have')} too many cards and must discard {over} to get "
                    f"down to {self.hand_size}.")
        if kind == "take":
            return (f"{says(who, 'picks', 'pick')} a card from "
                    f"{possessive(self.names[pending['target']])} hand.")
        waiting = [self.names[s] for s in pending["queue"] if s not in self._chosen]
        picks = (says(waiting[0], "picks", "pick") if len(waiting) == 1
                 else f"{listed(waiting)} pick")
        return f"Raining Fire-Goats: {picks} one card to keep."

    def _prompt(self, seat: int | None) -> str:
        if seat is None or seat not in self.deciders:
            return self.why()
        pending = self.pending
        if pending is None:
            if self.acted:
                return (f"Your turn: {words.plural(self.plays_left, 'extra play')} left. Use "
                        "one, or end your turn.")
            if not self.hands[seat]:                                        # GL-X14
                return "Your turn: your hand is empty. Play a face-down action card, or pass."
            return ("Your turn: Birth, Assisted Birth, a duel, an action card, or discard and "
                    "draw.")
        kind = pending["kind"]
        if kind == "duel":
            duel = self.duel
            return (f"The duel for the {NAMES[duel['kind']]} stack: play a {NAMES[duel['kind']]} "
                    "or a wild, or pass." + (" Your Escape Goat can call it off."
                                             if self._first_answer() and any(
                                                 a.kind == "escape" for a in
                                                 self.legal_actions(seat)) else ""))
        if kind == "escape":
            return (f"{NAMES[pending['card']]} was played. Cancel it with Escape Goat, or "
                    "allow it.")
        if kind == "trash":
            return "You have four action cards: choose one to trash."
        if kind == "toss":
            over = len(self.hands[seat]) - self.hand_size
            return f"Discard {words.plural(over, 'card')} to get down to {self.hand_size}."
        if kind == "take":
            return f"Take one card from {possessive(self.names[pending['target']])} hand."
        return "Raining Fire-Goats: choose the one card you keep this turn, in secret."

    def _public_view(self) -> dict:
        deck = self.decks["draw"]
        duel = self.duel
        return {
            "round": self.round,
            "turn": self.turn,
            "current": self.current,
            "hand_size": self.hand_size,
            "hand_counts": [len(h) for h in self.hands],
            "action_counts": [len(a) for a in self.actions],
            "aside_counts": [len(a) for a in self.aside],
            "herds": [self._herd_view(s) for s in range(self.players)],
            "discard_top": deck.discards[-1] if deck.discards else None,
            "discard_count": len(deck.discards),
            "draw_count": deck.count,
            "trash": list(self.trash),
            "plays_left": self.plays_left,
            "acted": self.acted,
            "action_cards_allowed": bool(self.action_cards_left) and not self.end_phase(),
            "rain": self.rain,
            "skips": list(self.skips),
            "reshuffle_used": self.reshuffle_used,
            "nothing_to_draw": self._nothing_to_draw(),
            "end_phase": self.end_phase(),
            "duel": None if duel is None else {
                "attacker": duel["attacker"], "defender": duel["defender"],
                "kind": duel["kind"],
                "cards": [{"seat": s, "card": c} for s, c in duel["cards"]]},
            "pending": None if self.pending is None else {
                "kind": self.pending["kind"], "seat": self.pending["seat"],
                "card": self.pending["card"], "target": self.pending["target"]},
            "why": self.why(),
            "totals": list(self.totals),
            "target_score": self.variants["target_score"],
            "values": dict(self.variants["values"]),
            "card_names": dict(NAMES),
            "short_names": dict(SHORT_NAMES),
            "stack_names": dict(STACK_NAMES),
        }

    def _herd_view(self, seat: int) -> list[dict]:
        herd = self.herds[seat]
        last = len(herd) - 1
        return [{"number": i + 1, "kind": stack_kind(stack), "cards": list(stack),
                 "value": sum(self.value(c) for c in stack), "base": i == 0, "top": i == last}
                for i, stack in enumerate(herd)]

    def _private_view(self, seat: int) -> dict:
        view = {"hand": list(self.hands[seat]), "actions": list(self.actions[seat]),
                "aside": list(self.aside[seat]),
                "known": [{"seat": h, "card": c} for h, c in self._known_by(seat)]}
        pending = self.pending
        if pending is not None and pending["kind"] == "take" and pending["seat"] == seat:
            view["shown"] = {"seat": pending["target"],
                             "hand": list(self.hands[pending["target"]])}
        return view

    # ------------------------------------------------------------------ hidden information

    def public_action(self, entry: dict, seat: int | None) -> Action | None:
        """What everyone saw done, for the board's mark of the last move: cards are played
        face up, stacks are public, and so are the discard and trash piles (GL-R5). Secret
        from others: the card a seat keeps under Raining Fire-Goats (GL-R32) and the card it
        takes with Hypnotized Goat (GL-R16; the one it came from reads it in the log).

            >>> s = new_game(players=2, seed=1)
            >>> s.public_action({"seat": 1, "action": "keep ninja"}, 0) is None
            True
            >>> s.public_action({"seat": 1, "action": "duel 0 ninja"}, 0)
            Action(kind='duel', card='ninja', target=0)
        """
        action = self.parse_action(entry["action"])
        if entry["seat"] == seat or action.kind not in SECRET_KINDS:
            return action
        return None


    def _redeal_hidden(self, seat: int, rng) -> None:
        """Re-deal others' hands, set-aside and face-down cards and the draw pile, keeping
        every count; hand cards stay hand cards and action cards stay action cards."""
        deck = self.decks["draw"]
        pending = self.pending
        shown = (pending["target"] if pending is not None and pending["kind"] == "take"
                 and pending["seat"] == seat else None)
        others = [s for s in range(self.players) if s != seat]
        kept = [[] for _ in range(self.players)]
        for holder, card in self._known_by(seat):
            kept[holder].append(card)
        hands = [list(h) for h in self.hands]
        for s in others:
            for card in kept[s]:
                hands[s].remove(card)
        plain = [c for s in others if s != shown for c in hands[s]]
        plain += [c for s in others for c in self.aside[s]]
        plain += [c for c in deck.pile if c not in IS_ACTION]
        acts = [c for s in others for c in self.actions[s]]
        acts += [c for c in deck.pile if c in IS_ACTION]
        plain, acts = sort_cards(plain), sort_cards(acts)
        rng.shuffle(plain)
        rng.shuffle(acts)
        for s in others:
            if s != shown:
                self.hands[s] = sort_cards(kept[s] + [plain.pop() for _ in hands[s]])
            self.aside[s] = sort_cards(plain.pop() for _ in self.aside[s])
            self.actions[s] = sort_cards(acts.pop() for _ in self.actions[s])
        pile = plain + acts
        rng.shuffle(pile)
        deck.pile = pile

    # ------------------------------------------------------------------ data

    def _get_data(self) -> dict:
        return {
            "hands": [list(h) for h in self.hands],
            "actions": [list(a) for a in self.actions],
            "aside": [list(a) for a in self.aside],
            "herds": [[list(stack) for stack in herd] for herd in self.herds],
            "trash": list(self.trash), "box": list(self.box),
            "duel": None if self.duel is None else {
                "attacker": self.duel["attacker"], "defender": self.duel["defender"],
                "kind": self.duel["kind"], "cards": [list(x) for x in self.duel["cards"]]},
            "pending": None if self.pending is None else dict(
                self.pending, queue=list(self.pending["queue"])),
            "steps": [list(step) for step in self.steps],
            "current": self.current, "first": self.first, "turn": self.turn,
            "round": self.round, "plays_left": self.plays_left,
            "action_cards_left": self.action_cards_left, "acted": self.acted,
            "rain": self.rain, "skips": list(self.skips),
            "reshuffle_used": self.reshuffle_used, "reshuffles": self.reshuffles,
            "totals": list(self.totals), "over": self.over, "winners": list(self._winners),
            "known": [list(e) for e in self.known],
        }

    def _set_data(self, d: dict) -> None:
        self.hands = [list(h) for h in d["hands"]]
        self.actions = [list(a) for a in d["actions"]]
        self.aside = [list(a) for a in d["aside"]]
        self.herds = [[list(stack) for stack in herd] for herd in d["herds"]]
        self.trash, self.box = list(d["trash"]), list(d["box"])
        duel = d["duel"]
        self.duel = None if duel is None else {
            "attacker": duel["attacker"], "defender": duel["defender"], "kind": duel["kind"],
            "cards": [list(x) for x in duel["cards"]]}
        pending = d["pending"]
        self.pending = None if pending is None else dict(pending, queue=list(pending["queue"]))
        self.steps = [list(step) for step in d["steps"]]
        self.current, self.first, self.turn = d["current"], d["first"], d["turn"]
        self.round, self.plays_left = d["round"], d["plays_left"]
        self.action_cards_left, self.acted, self.rain = (d["action_cards_left"], d["acted"],
                                                         d["rain"])
        self.skips = list(d["skips"])
        self.reshuffle_used, self.reshuffles = d["reshuffle_used"], d["reshuffles"]
        self.totals, self.over = list(d["totals"]), d["over"]
        self._winners = list(d["winners"])
        self.known = [list(e) for e in d["known"]]

    def _check_position(self) -> None:
        """A saved or built position's fields must fit together as play leaves them
        (``saves.check_position``)."""
        check_position(self)

    def held(self) -> Counter:
        """The cards in front of the players: hands, face-down action cards, cards set aside
        and herds."""
        total = Counter()
        for group in (self.hands, self.actions, self.aside):
            for cards in group:
                total.update(cards)
        for herd in self.herds:
            for stack in herd:
                total.update(stack)
        return total

    def zones(self) -> Counter:
        """Every card of the game, wherever it is (hands, face-down, set aside, herds,
        duel, draw and discard piles, trash, box)."""
        deck = self.decks["draw"]
        total = self.held()
        if self.duel is not None:
            total.update(c for _, c in self.duel["cards"])
        total.update(deck.pile)
        total.update(deck.discards)
        total.update(self.trash)
        total.update(self.box)
        return total

    def check_invariants(self) -> None:
        """The 126 cards are all somewhere, once each; cards sit where they may."""
        assert self.zones() == full_deck(), "cards were created or lost: " + str(
            (self.zones() - full_deck()) + (full_deck() - self.zones()))
        for s in range(self.players):
            assert not any(c in IS_ACTION for c in self.hands[s] + self.aside[s]), \
                "an action card is in a hand (GL-R6)"
            assert all(c in IS_ACTION for c in self.actions[s]), "a hand card is face down"
            assert len(self.actions[s]) <= 4
            for stack in self.herds[s]:
                assert len(stack) >= 2 and not any(c in IS_ACTION for c in stack)
                assert len({c for c in stack if c in IS_GOAT}) == 1, "a stack mixes goats"
        if not self.over and self.pending is None and not self.steps:
            assert self._has_choice(self.current) or self.acted, "the turn has no decision"

    # ------------------------------------------------------------------ bots

    def heuristic(self, seat: int) -> float:
        """Herd lead first; then what the hand and face-down cards promise."""
        if self.over:
            return 10_000.0 if seat in self._winners else -10_000.0
        value = float(super().heuristic(seat))
        hand = self.hands[seat] + self.aside[seat]
        value += 0.3 * sum(self.value(c) for c in hand)
        value += 8.0 * len(self.actions[seat])
        if self.herds[seat]:
            value += 5.0 + 2.0 * len(self.herds[seat])
        if self.duel is not None and seat in (self.duel["attacker"], self.duel["defender"]):
            value += 0.5 * sum(self.value(c) for _, c in self.duel["cards"])
        return value


def _duel_cards(n: int) -> str:
    """"the duel card", "both duel cards", "all 3 duel cards"."""
    return "the duel card" if n == 1 else "both duel cards" if n == 2 else f"all {n} duel cards"


def _distinct(cards: list[str]) -> list[str]:
    """The different cards of a sorted list, in order."""
    out: list[str] = []
    for card in cards:
        if not out or out[-1] != card:
            out.append(card)
    return out


def _arg(action: Action) -> int | None:
    """What an Escape Goat question must remember of the card's play besides its target:
    Sneak-A-Goat's stack (Russian Goatlette, the only card with a direction, can't be
    cancelled)."""
    return action.stack


def _rebuild(pending: dict) -> Action:
    """The action card play an Escape Goat question was about."""
    card = pending["card"]
    if card in ("atomic", "hypno", "loaf"):
        return make(card, target=pending["target"])
    if card == "sneak":
        return make("sneak", target=pending["target"], stack=pending["arg"])
    return make(card)
