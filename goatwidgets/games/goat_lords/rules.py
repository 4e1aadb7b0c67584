"""Goat Lords: the rules model.

2 to 6 players build herds of goat stacks from pairs of cards, duel for each other's top
stacks, and play face-down action cards; the biggest herd in points wins the round.

- Chance: one 126-card deck (the engine deck ``"draw"``; its ``discards`` are the discard
  pile), shuffled by the state's RNG; Hypnotized Goat takes a random card (chance ``"take"``).
- Hidden information: hands (others see counts), face-down action cards (``action_cards``;
  others see how many), cards set aside under Raining Fire-Goats, the order of the draw pile.
- Decisions off one's turn: duel answers, Escape Goat questions, trashing a fourth action
  card, discarding down to the hand size; under Raining Fire-Goats every seat with two or
  more cards picks its card at once, in secret.

    >>> s = new_game(players=3, seed=4)
    >>> s.to_move, s.hand_size, len(s.hands[0]), s.decks["draw"].discards[-1] in GOATS
    (0, 5, 5, True)
    >>> s.apply(s.legal_actions()[-1]); s.current
    1

The turn is a small machine: a queue of automatic ``steps`` (:class:`~.saves.Step` records:
draws, refills, the discard pile's start, discards to the hand size, the next turn) runs
until a decision is ``pending`` (a :class:`~.saves.Pending` record, an off-turn answer) or,
with nothing queued, the player whose turn it is decides. Rulings
(``shared/rules/goat_lords.rulings.md``) are cited by id; our own readings are GL-X1… in
``explain.OUR_READINGS``. Views, prompts and the words of the log are in ``views``; the saved
fields, the checks of a saved position and the invariants in ``saves``.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ...engine import IllegalActionError, State, VariantError, quote
from ...engine.variants import TurnGuard
from ...engine.words import possessive
from . import saves, strategy, views
from .actions import Action, make, parse_action, sort_cards
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
    ORDER,
    TARGETED,
    UNSTOPPABLE,
    deck_list,
    full_deck,
    stack_kind,
)
from .explain import explain
from .saves import MAX_TURNS, Duel, Pending, Step, deal_steps, end_steps


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


class GoatLordsState(State):
    """A Goat Lords game in progress (see the module docstring)."""

    game = "goat_lords"
    min_players, max_players = 2, 6
    hidden_information = True
    chance_kinds = {"take": HAND_CARDS}
    variant_defaults = {
        "values": DEFAULT_VALUES, "extra_plays": DEFAULT_EXTRA_PLAYS,
        "hypnotized": "random", "reshuffle": "once", "target_score": None,
        "action_cards": True,
    }
    turn_guard = TurnGuard("GL-X11", default=3000, most=MAX_TURNS)
    saved_fields = saves.SAVED_FIELDS
    views = views                                  # views.py: what each seat sees
    strategy = strategy                            # strategy.py: how the bots judge a position

    # ------------------------------------------------------------------ options

    def _check_variants(self, variants: dict) -> dict:
        return saves.check_options(super()._check_variants(variants))

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
        self.action_cards: list[list[str]] = [[] for _ in range(n)]       # face down
        self.aside: list[list[str]] = [[] for _ in range(n)]
        self.herds: list[list[list[str]]] = [[] for _ in range(n)]
        self.trash: list[str] = []
        self.duel: Duel | None = None
        self.pending: Pending | None = None
        self.skips = [0] * n
        self.reshuffle_used = False
        self.reshuffles = 0
        #: [knower, holder, card]: ``knower`` (-1: everyone) saw ``card`` go into ``holder``'s
        #: hand (Goatinhood's wild, Hypnotized Goat's card); the re-deal keeps it there
        self.known: list[list[int | str]] = []
        self._new_turn_fields()
        self.current = self.first
        self.steps: list[Step] = deal_steps(self)                           # GL-X2
        self._settle()

    def _new_turn_fields(self) -> None:
        self.plays_left = 1
        self.action_cards_left = 1
        self.acted = False
        self.rain = False

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
            self.say(views.nothing_to_do_line(self, self.current))          # GL-X4, GL-R31
            self._end_turn()
        raise RuntimeError("the turn machine did not come to rest")  # pragma: no cover

    def _run_step(self) -> None:
        """Take the first step off the queue and run it (a step that pauses for a decision
        puts what is left of it back)."""
        step = self.steps.pop(0)
        match step.kind:
            case "fill": self._step_fill(step)
            case "draw": self._step_draw(step)
            case "pile": self._step_pile(step)
            case "unaside": self._step_unaside(step)
            case "toss": self._step_toss(step)
            case "start": self._step_start(step)
            case "next": self._step_next(step)
            case _: raise AssertionError(f"no step {step.kind!r}")

    def _step_fill(self, step: Step) -> None:
        """Draw until the hand is full (GL-R7), or nothing is left to draw."""
        seat, drawn = step.seat, []
        while len(self.hands[seat]) < self.hand_size:
            if not self._draw_one(seat, drawn):
                break
            if self.pending is not None:                    # a fourth action card (GL-R6)
                self.steps.insert(0, step)
                break
        self._log_draws(seat, drawn)

    def _step_draw(self, step: Step) -> None:
        """Draw ``step.n`` hand cards (an action card drawn is replaced, GL-R6)."""
        seat, n, drawn = step.seat, step.n, []
        while n > 0:
            if not self._draw_one(seat, drawn):
                break
            if drawn[-1] not in IS_ACTION:
                n -= 1
            if self.pending is not None:
                self.steps.insert(0, step._replace(n=n))
                break
        self._log_draws(seat, drawn)

    def _step_pile(self, step: Step) -> None:
        """GL-R29: turn cards over until a goat card starts the discard pile."""
        deck = self.decks["draw"]
        for _ in range(200):
            if not any(c in IS_GOAT for c in deck.pile):
                return
            card = self.draw_card("draw")
            if card in IS_GOAT:
                deck.discard(card)
                self.say(views.turned_over_line(card, starts=True))
                return
            deck.pile.append(card)
            self.rng.shuffle(deck.pile)
            self.say(views.turned_over_line(card, starts=False))

    def _step_unaside(self, step: Step) -> None:
        """GL-R32: the cards set aside under Raining Fire-Goats come back."""
        for s in range(self.players):
            if self.aside[s]:
                self.hands[s] = sort_cards(self.hands[s] + self.aside[s])
                self.aside[s] = []
        if self.rain:
            self.say(views.UNASIDE_LINE)
        self.rain = False

    def _step_toss(self, step: Step) -> None:
        """GL-R7, GL-R34: a seat above the hand size discards down to it."""
        if len(self.hands[step.seat]) > self.hand_size:
            self.pending = Pending("toss", step.seat)
            self.steps.insert(0, step)

    def _step_start(self, step: Step) -> None:
        self._begin_turn(step.seat)

    def _step_next(self, step: Step) -> None:
        self._next_turn(step.seat)

    def _nothing_to_draw(self) -> bool:
        """Nothing can be drawn any more (GL-R22, GL-R30)."""
        deck = self.decks["draw"]
        if deck.pile:
            return False
        if self.variants["reshuffle"] == "always":
            return len(deck.discards) < 5
        return self.reshuffle_used

    def _draw_one(self, seat: int, drawn: list[str]) -> bool:
        """Draw one card for ``seat`` onto ``drawn``: an action card goes face down (GL-R6);
        a fourth one makes the seat choose one to trash. False when nothing can be drawn."""
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
                    self.say(views.reshuffle_line(count, again))
                elif not again or first:
                    self.say(views.reshuffle_line(None, again))
            if not deck.pile:
                return False
        card = self.draw_card("draw")
        if card in IS_ACTION:
            self.action_cards[seat].append(card)
            self.action_cards[seat].sort(key=ORDER.__getitem__)
            if len(self.action_cards[seat]) > 3:                            # GL-R6
                self.pending = Pending("trash", seat)
        else:
            self.hands[seat].append(card)
            self.hands[seat].sort(key=ORDER.__getitem__)
        drawn.append(card)
        return True

    def _log_draws(self, seat: int, drawn: list[str]) -> None:
        """One log line for the cards a seat just drew (its own line names them)."""
        if drawn:
            text, secret = views.draws_line(self, seat, drawn)
            self.say(text, secret=secret)

    def _begin_turn(self, seat: int) -> None:
        self.current = seat
        self._new_turn_fields()
        self.turn += 1
        self.say(views.turn_line(self, seat))

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
        if self.turn_guard_reached():                                       # GL-X11
            self.say(views.turn_guard_line(self))
            self._end_round(final=True)
            return
        seat = after
        for _ in range(self.players + 1):
            seat = self.next_seat(seat)
            if not self.skips[seat]:
                break
            self.skips[seat] -= 1                                           # GL-R21
            self.say(views.loses_turn_line(self, seat))
        self._begin_turn(seat)

    def _end_round(self, final: bool = False) -> None:
        """GL-R24: score the herds; GL-R25 / GL-X12: maybe play another round."""
        points = [self.herd_value(s) for s in range(self.players)]
        self.say(views.round_over_line(self, points), headline=True)
        target = self.variants["target_score"]
        self.totals = [t + p for t, p in zip(self.totals, points)]
        if target is None or final or max(self.totals) >= target:
            best = max(self.totals)
            self._winners = [s for s in range(self.players) if self.totals[s] == best]
            self.over = True
            self.pending = None
            self.steps = []
            self.say(views.won_line(self, best), headline=True)
            return
        self.round += 1
        self.first = self.next_seat(self.first)                             # GL-X1
        self.say(views.round_begins_line(self))
        self._start_round()

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
        return bool(self.hands[seat]) or (bool(self.action_cards[seat])
                                          and self._cards_allowed(seat))

    def _cards_allowed(self, seat: int) -> bool:
        """Whether ``seat`` may play an action card on its turn now, whichever it holds
        (GL-R13, GL-R23, GL-R26): public facts only."""
        return bool(self.action_cards_left) and bool(self.herds[seat]) and not self.end_phase()

    def _card_plays(self, seat: int) -> list[Action]:
        """The action cards ``seat`` may play now (GL-R13, GL-R23, GL-R26, GL-R33)."""
        mine = self.action_cards[seat]
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
        if pending.kind == "rain":
            return pending.queue
        return (pending.seat,)

    # ------------------------------------------------------------------ legal actions

    def _legal(self, seat: int) -> list[Action]:
        pending = self.pending
        if pending is None:
            return self._turn_actions(seat)
        hand = self.hands[seat]
        match pending.kind:
            case "trash":
                return [make("trash", card=c) for c in sorted(set(self.action_cards[seat]),
                                                               key=ORDER.__getitem__)]
            case "toss":
                return [make("toss", card=c) for c in _distinct(hand)]
            case "rain":
                return [make("keep", card=c) for c in _distinct(hand)]
            case "take":
                return [make("take", card=c) for c in _distinct(self.hands[pending.target])]
            case "escape":
                out = [make("allow")]
                if "escape" in self.action_cards[seat] and not self.rain:
                    out.append(make("escape"))
                return out
            case "duel":
                goat = self.duel.kind
                out = [make("play", card=c) for c in _distinct(hand)
                       if c == goat or c in IS_WILD]
                out.append(make("pass"))
                if self._first_answer() and "escape" in self.action_cards[seat] and not self.rain:
                    out.append(make("escape"))                              # GL-R12
                return out
            case _:
                raise AssertionError(f"no pending decision {pending.kind!r}")

    def _first_answer(self) -> bool:
        duel = self.duel
        return (duel is not None and len(duel.cards) == 1
                and self.pending is not None and self.pending.seat == duel.defender)

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
        match action.kind:
            # on one's turn (GL-R7)
            case "birth": self._do_birth(action, seat)
            case "assist": self._do_assist(action, seat)
            case "duel": self._do_duel(action, seat)
            case "discard": self._do_discard(action, seat)
            case "end": self._do_end(action, seat)
            case ("atomic" | "hypno" | "loaf" | "sneak" | "russian" | "rain" | "hood" | "santy"
                  | "flower"):
                self._do_card(action, seat)
            # answers (pending decisions)
            case "play": self._do_play(action, seat)
            case "pass": self._do_pass(action, seat)
            case "allow": self._do_allow(action, seat)
            case "escape": self._do_escape(action, seat)
            case "take": self._do_take(action, seat)
            case "trash": self._do_trash(action, seat)
            case "toss": self._do_toss(action, seat)
            case "keep": self._do_keep(action, seat)
            case _: raise AssertionError(f"no action kind {action.kind!r}")
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
        self.herds[seat].append(stack)
        self.say(views.new_stack_line(self, seat, stack, how), headline=True)

    def _do_discard(self, action: Action, seat: int) -> None:
        self._take_from_hand(seat, action.card)
        self.decks["draw"].discard(action.card)
        self._use_play()
        self.say(views.discards_line(self, seat, action.card), headline=True)
        self.steps.append(Step("draw", seat, 1))                            # GL-R9
        self._after_play()

    def _do_end(self, action: Action, seat: int) -> None:
        self.say(views.ends_turn_line(self, seat))
        self._end_turn()

    # ---- duels (GL-R10, GL-R11, GL-R12, GL-X7)

    def _do_duel(self, action: Action, seat: int) -> None:
        target = action.target
        self._take_from_hand(seat, action.card)
        self._use_play()
        self.duel = Duel(seat, target, stack_kind(self.herds[target][-1]),
                         ((seat, action.card),))
        self.say(views.duel_line(self, self.duel), headline=True)
        if self.rain:
            self.say(views.NO_DEFENCE_LINE)
            self._duel_over(seat)
            return
        self._duel_next(target, first=True)

    def _duel_next(self, seat: int, first: bool = False) -> None:
        """Ask ``seat`` to answer, if by what everyone sees it might (GL-X3)."""
        if self.hands[seat] or (first and self.action_cards[seat]):
            self.pending = Pending("duel", seat)
        else:
            self.say(views.no_answer_line(self, seat))
            self._duel_over(self._other_side(seat))

    def _other_side(self, seat: int) -> int:
        duel = self.duel
        return duel.attacker if seat == duel.defender else duel.defender

    def _do_play(self, action: Action, seat: int) -> None:
        self._take_from_hand(seat, action.card)
        self.duel = self.duel._replace(cards=self.duel.cards + ((seat, action.card),))
        self.say(views.answer_line(self, seat, action.card))
        self.pending = None
        self._duel_next(self._other_side(seat))

    def _do_pass(self, action: Action, seat: int) -> None:
        self.pending = None
        self.say(views.stops_duel_line(self, seat))
        self._duel_over(self._other_side(seat))

    def _duel_over(self, winner: int) -> None:
        duel, self.duel = self.duel, None
        self.pending = None
        cards = [card for _, card in duel.cards]
        if winner == duel.attacker:
            self.herds[winner].append(self.herds[duel.defender].pop() + cards)
        else:
            self.herds[winner][-1].extend(cards)
        self.say(views.duel_won_line(self, duel, winner), headline=True)
        self._after_play()

    # ---- action cards (GL-R13 … GL-R21, GL-R26, GL-R27, GL-R33)

    def _do_card(self, action: Action, seat: int) -> None:
        card = action.kind
        self.action_cards[seat].remove(card)
        self.trash.append(card)                                             # GL-X10
        extra = self.variants["extra_plays"][card]
        self.plays_left += extra - 1
        self.action_cards_left = 1 if extra >= 2 else 0                     # GL-R7, GL-R26
        self.acted = True
        self.say(views.card_played_line(self, seat, card, action.target), headline=True)
        if card in UNSTOPPABLE or self.rain:
            self._card_effect(action, seat)
            return
        if card in TARGETED:
            queue = [action.target]
        else:                                                               # GL-R27
            queue = list(self.seats_from(seat)[1:])
        queue = [t for t in queue if self.action_cards[t]]                  # GL-X3
        if not queue:
            self._card_effect(action, seat)
            return
        self.pending = Pending("escape", queue[0], card=card, target=action.target,
                               arg=action.stack, queue=tuple(queue[1:]))
        self.say(views.may_cancel_line(self, queue[0]))

    def _do_allow(self, action: Action, seat: int) -> None:
        pending = self.pending
        if pending.queue:
            nxt = pending.queue[0]
            self.pending = pending._replace(seat=nxt, queue=pending.queue[1:])
            self.say(f"{views.allows_line(self, seat)} {views.may_cancel_line(self, nxt)}")
            return
        self.pending = None
        self.say(views.allows_line(self, seat))
        self._card_effect(_card_play(pending), self.current)

    def _do_escape(self, action: Action, seat: int) -> None:
        self.action_cards[seat].remove("escape")
        self.trash.append("escape")
        pending, self.pending = self.pending, None
        duel = self.duel if pending.kind == "duel" else None
        if duel is not None:                                                # GL-R12
            self.duel = None
            self.herds[seat][-1].append(duel.cards[0][1])
        self.say(views.escape_line(self, seat, pending, duel), headline=True)     # GL-R14
        self._after_play()

    def _card_effect(self, action: Action, seat: int) -> None:
        """What an action card does once nobody cancels it; then, unless it asks a seat to
        decide, the play is over."""
        match action.kind:
            case "atomic": self._effect_atomic(action, seat)
            case "hypno": self._effect_hypno(action, seat)
            case "loaf": self._effect_loaf(action, seat)
            case "sneak": self._effect_sneak(action, seat)
            case "russian": self._effect_russian(action, seat)
            case "rain": self._effect_rain(action, seat)
            case "hood": self._effect_hood(action, seat)
            case "santy" | "flower": self._effect_draw(action, seat)
            case _: raise AssertionError(f"no action card {action.kind!r}")
        if self.pending is None:
            self._after_play()

    def _effect_atomic(self, action: Action, seat: int) -> None:
        """GL-R15: the target's top stack goes to the trash."""
        stack = self.herds[action.target].pop()
        self.trash.extend(stack)
        self.say(views.trashed_stack_line(self, action.target, stack), headline=True)

    def _effect_hypno(self, action: Action, seat: int) -> None:
        """GL-R16: take a card from the target's hand, at random or (variant) chosen."""
        target = action.target
        if not self.hands[target]:                                          # GL-X8
            self.say(views.nothing_to_take_line(self, target))
        elif self.variants["hypnotized"] == "choose":
            self.pending = Pending("take", seat, target=target)
        else:
            held = sort_cards(self.hands[target])
            queued = self._presets.get("take")
            if queued and queued[0] not in held:
                raise VariantError(f"the preset card {quote(queued[0])} is not in "
                                   f"{possessive(self.seat_name(target))} hand", "preset")
            self._move_taken(seat, target, self.draw("take", held))

    def _effect_loaf(self, action: Action, seat: int) -> None:
        """GL-R21: the target loses their next turn."""
        self.skips[action.target] += 1
        self.say(views.misses_turn_line(self, action.target), headline=True)

    def _effect_sneak(self, action: Action, seat: int) -> None:
        """GL-R17: one of the target's stacks moves to the top of their herd."""
        herd = self.herds[action.target]
        herd.append(herd.pop(action.stack - 1))
        self.say(views.moved_stack_line(self, action.target), headline=True)

    def _effect_russian(self, action: Action, seat: int) -> None:
        """GL-R18: every top stack passes one seat left or right, all at once."""
        way = 1 if action.direction == "left" else -1
        tops = {s: self.herds[s].pop() for s in range(self.players) if self.herds[s]}
        for s, stack in tops.items():
            self.herds[self.seats_from(s)[way]].append(stack)
        self.say(views.passed_stacks_line(action.direction), headline=True)

    def _effect_rain(self, action: Action, seat: int) -> None:
        """GL-R19, GL-R32: every seat with two or more cards picks one to keep, in secret."""
        self.rain = True
        queue = tuple(s for s in range(self.players) if len(self.hands[s]) >= 2)
        if queue:
            self.pending = Pending("rain", seat, card="rain", queue=queue)
            self.say(views.RAIN_PICKS_LINE)
        else:
            self._set_aside({})

    def _effect_hood(self, action: Action, seat: int) -> None:
        """GL-R20: going left, the first seat holding a wild gives its best one."""
        for s in self.seats_from(seat)[1:]:
            wilds = [c for c in self.hands[s] if c in IS_WILD]
            if wilds:
                best = max(wilds, key=lambda c: (self.value(c), -ORDER[c]))
                self._take_from_hand(s, best)
                self.hands[seat] = sort_cards(self.hands[seat] + [best])
                self.known.append([-1, seat, best])                   # seen by all
                self.say(views.gives_wild_line(self, s, seat, best), headline=True)
                return
            self.say(views.no_wild_line(self, s))
        self.say(views.NOBODY_HAS_A_WILD_LINE)

    def _effect_draw(self, action: Action, seat: int) -> None:
        """GL-R3: Santy Goat and Flower Goatee draw cards."""
        self.steps.append(Step("draw", seat, DRAWS[action.kind]))

    def _move_taken(self, seat: int, target: int, card: str) -> None:
        self.hands[target].remove(card)
        self._forget_all(target)              # others can't tell which card left that hand
        self.hands[seat] = sort_cards(self.hands[seat] + [card])
        self.known.append([target, seat, card])                   # the target saw it go
        text, secret = views.taken_line(self, seat, target, card)
        self.say(text, secret=secret, headline=True)

    def _do_take(self, action: Action, seat: int) -> None:
        target = self.pending.target
        self.pending = None
        self._move_taken(seat, target, action.card)
        self._after_play()

    def _do_keep(self, action: Action, seat: int) -> None:
        """The one seat picking under Raining Fire-Goats (several pick at once: below)."""
        self._do_together({seat: action})

    def _do_together(self, choices: dict[int, Action]) -> None:
        """GL-R19, GL-R32: everyone keeps the chosen card, the rest is set aside."""
        self._set_aside(choices)
        self._after_play()
        self._settle()

    def _set_aside(self, choices: dict[int, Action]) -> None:
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
        self.say(views.SET_ASIDE_LINE, headline=True)

    def _do_trash(self, action: Action, seat: int) -> None:
        self.action_cards[seat].remove(action.card)
        self.trash.append(action.card)
        self.pending = None
        self.say(views.trashes_line(self, seat, action.card))

    def _do_toss(self, action: Action, seat: int) -> None:
        self._take_from_hand(seat, action.card)
        self.decks["draw"].discard(action.card)                             # GL-X5
        self.say(views.tosses_line(self, seat, action.card))
        if len(self.hands[seat]) <= self.hand_size:
            self.pending = None

    def _choice_words(self, action: Action) -> str:
        """The card kept under Raining Fire-Goats, for "You chose to keep your Goat Lord."."""
        return views.choice_words(action)

    # ------------------------------------------------------------------ words and views

    def _explain(self, action: Action, seat: int) -> IllegalActionError:
        return explain(self, action, seat)

    def public_prompt(self) -> str:
        """Whose decision it is and why, as everyone may read it."""
        return views.public_prompt(self)

    # ------------------------------------------------------------------ hidden information

    def public_action(self, entry: dict, seat: int | None) -> Action | None:
        """What everyone saw done (``views.public_action``)."""
        return views.public_action(self, entry, seat)

    def _redeal_hidden(self, seat: int, rng) -> None:
        """Re-deal others' hands, set-aside and face-down cards and the draw pile, keeping
        every count; hand cards stay hand cards and action cards stay action cards."""
        deck = self.decks["draw"]
        pending = self.pending
        shown = (pending.target if pending is not None and pending.kind == "take"
                 and pending.seat == seat else None)
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
        acts = [c for s in others for c in self.action_cards[s]]
        acts += [c for c in deck.pile if c in IS_ACTION]
        plain, acts = sort_cards(plain), sort_cards(acts)
        rng.shuffle(plain)
        rng.shuffle(acts)
        for s in others:
            if s != shown:
                self.hands[s] = sort_cards(kept[s] + [plain.pop() for _ in hands[s]])
            self.aside[s] = sort_cards(plain.pop() for _ in self.aside[s])
            self.action_cards[s] = sort_cards(acts.pop() for _ in self.action_cards[s])
        pile = plain + acts
        rng.shuffle(pile)
        deck.pile = pile

    # ------------------------------------------------------------------ saves and counts

    def _check_position(self) -> None:
        """A saved or built position's fields must fit together as play leaves them
        (``saves.check_position``)."""
        saves.check_position(self)

    def check_invariants(self) -> None:
        """The 126 cards are all somewhere, once each (``saves.check_invariants``)."""
        saves.check_invariants(self)

    def held(self) -> Counter:
        """The cards in front of the players (``saves.held``)."""
        return saves.held(self)

    def zones(self) -> Counter:
        """Every card of the game, wherever it is (``saves.zones``)."""
        return saves.zones(self)


def _distinct(cards: list[str]) -> list[str]:
    """The different cards of a sorted list, in order."""
    out: list[str] = []
    for card in cards:
        if not out or out[-1] != card:
            out.append(card)
    return out


def _card_play(pending: Pending) -> Action:
    """The action card play an Escape Goat question was about (its ``arg`` is Sneak-A-Goat's
    stack; Russian Goatlette, the only card with a direction, can't be cancelled)."""
    card = pending.card
    if card in ("atomic", "hypno", "loaf"):
        return make(card, target=pending.target)
    if card == "sneak":
        return make("sneak", target=pending.target, stack=pending.arg)
    return make(card)
