"""BattleGoats: the rules model.

Two to six players each get a Hero and eight more cards, lay all nine face down in a 3×3
battlefield, then take turns attacking: one of your cards against any card of any opponent.
Both are turned over, powers are added up from the board as it stands, the higher wins and the
loser goes to its owner's discard pile. The last player with a card on the battlefield wins.

- Chance: the shuffle of the two decks (Heroes and the rest), and which seat stands in for
  "first to finish the layout" (BG-R8); all from the state's seeded RNG.
- Hidden information: face-down cards (everyone sees their own; revealed ones are remembered
  by all), the draft packs and picks, the layout until every battlefield is complete, the
  set-aside cards and the decks' order.
- Simultaneous decisions: every draft pick is made by all seats at once, in secret (the
  engine keeps each choice secret until all have chosen). The layout is laid by everyone at
  once (BG-R8, BG-X1): every seat still laying out decides from the start, one card at a
  time; a card goes down at once, seen only by its owner, and nobody sees another's squares
  until every battlefield is complete (a hot-seat screen is passed once per player).
- An attack is two decisions of the attacker (BG-X10): ``attack f2`` (your card), then
  ``target 1:b3`` (any card of another player); until the target is named, ``attack`` with
  another card or ``cancel`` changes your mind, at most three times a turn (BG-X11), so
  every turn ends within eight decisions and every game ends (BG-R14).

    >>> s = new_game(players=3, seed=4)
    >>> s.phase, s.deciders, len(s.hands[0])
    ('layout', (0, 1, 2), 9)
    >>> while s.phase == "layout":
    ...     seat = s.deciders[-1]
    ...     s.apply(s.legal_actions(seat)[0], seat=seat)
    >>> s.phase, s.deciders == (s.finisher,), [s.cards_left(x) for x in range(3)]
    ('first', True, [9, 9, 9])

Rulings (``shared/rules/battlegoats.rulings.md``) are cited by id; our own readings where the
rulings are silent are BG-X1… (``OUR_READINGS``).
"""

from __future__ import annotations

import pathlib
import random
from collections import Counter
from typing import Any

from ...engine import (
    ActionParseError,
    EndsInPhaseOver,
    IllegalActionError,
    State,
    VariantError,
    quote,
)
from ...engine.variants import flag, whole_number
from ...engine.words import listed, obj, plural, possessive, says, subject, verb
from .actions import INDEX, SQUARES, Action, make, parse_action, square_words
from .cards import DeckError, DeckList, brief, card_list, load_deck, starter_deck, validate_deck
from .saves import HAND, MAX_CHANGES, SAVE_SCHEMA, SIZE, check_position

#: what each phase accepts, and the ruling it comes from
PHASE_KINDS = {"draft": ("pick", "BG-R6"), "layout": ("place", "BG-R7"),
               "first": ("first", "BG-R8"), "battle": ("attack", "BG-R9"),
               "over": ("", "BG-R13")}
#: the kinds of decision each phase accepts (an attack is two: your card, then the target)
PHASE_ACTIONS = {"draft": ("pick",), "layout": ("place",), "first": ("first",),
                 "battle": ("attack", "target", "cancel"), "over": ()}


def _neighbours(i: int) -> tuple[int, ...]:
    r, c = divmod(i, 3)
    return tuple(rr * 3 + cc for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                 if 0 <= rr < 3 and 0 <= cc < 3)


NEIGHBOURS = tuple(_neighbours(i) for i in range(SIZE))
#: squares nearer the front in the same column
IN_FRONT = tuple(tuple(range(i % 3, i, 3)) for i in range(SIZE))

OUR_READINGS: dict[str, str] = {
    "BG-X1": "Everyone lays out at once, one card at a time: from the start of the layout "
             "every player still laying out has a card to place, and each card goes down at "
             "once, seen only by its owner; the last card of a hand goes to the last empty "
             "square by itself. Until every battlefield is complete nobody sees anything of "
             "another's but how many cards are down (not which cards, not which squares). On "
             "one shared screen the players lay out one after another behind the cover, each "
             "their whole battlefield, so the screen is passed once per player.",
    "BG-X2": "A card with a bonus for another card by name gets it once while at least one "
             "other card of that name is on its battlefield (face down or not); the card "
             "itself does not count, and more copies do not add more.",
    "BG-X3": "Cards never slide: a defeated card leaves an empty square, so cards behind it "
             "or next to it lose the bonus it gave them.",
    "BG-X4": "Bonuses against a type or against a face-up card count when attacking and when "
             "defending alike.",
    "BG-X5": "An exploding card that ties is simply defeated with the other card; a card "
             "lost to an explosion does not explode in turn, and nothing explodes when it "
             "wins.",
    "BG-X6": "Everyone watches every fight, so a card that survives a fight is remembered by "
             "all players, until it leaves the battlefield.",
    "BG-X7": "While drafting you remember every card you passed on and have not seen come "
             "back; your view lists them, without saying who holds them now. A pack comes "
             "back to you only after going round the table; a copy of one of your cards in "
             "another pack is not yours coming back, nor is a card of that name seen later "
             "in a fight (it may be another copy).",
    "BG-X8": "A game that reaches the turn limit without a winner is a draw: nobody wins.",
    "BG-X9": "A player's score is the number of cards they still have in play.",
    "BG-X10": "An attack is chosen in two steps: first your card, then the card you attack. "
              "Until you name the target you may change your mind: choose another of your "
              "cards, or cancel (at most three times a turn, BG-X11). Nothing is revealed "
              "before the target is named.",
    "BG-X11": "You may change your mind about the attacking card (choose another of your "
              "cards, or cancel) at most three times a turn; after that the card you have "
              "chosen attacks, and you only choose what it attacks. In the box an attack is "
              "one gesture, pointing at your card and then at theirs, so a few changes are "
              "enough to fix a slip of the finger; without a limit a player could put off a "
              "lost game for ever, and every game must end.",
}

def new_game(players: int = 2, seed: int | None = None, names=None, **variants: Any) -> "BattleGoatsState":
    """Start a game. Variants: ``deck`` (None for the starter deck, deck data, a
    :class:`DeckList`, JSON text or a JSON file's path: BG-R1), ``draft`` (False: the basic
    deal, BG-R5; True: the draft, BG-R6), ``mutual_defeat`` ("shared" or "none", BG-R13),
    ``turns_per_player`` (9, BG-R14).

    A deck file is read here, for the person at the keyboard, and the game gets its cards
    as data: the state (and so a saved game, or a widget's) never holds or opens a path.
    """
    deck = variants.get("deck")
    if isinstance(deck, (str, pathlib.PurePath, DeckList)):
        variants["deck"] = load_deck(deck).to_data()
    return BattleGoatsState(players=players, seed=seed, names=names, **variants)


class BattleGoatsState(EndsInPhaseOver, State):
    """A BattleGoats game in progress (see the module docstring)."""

    game = "battlegoats"
    min_players, max_players = 2, 6                                        # BG-R4
    chance_kinds = {"finisher": tuple(str(i) for i in range(6))}
    variant_defaults = {"deck": None, "draft": False, "mutual_defeat": "shared",
                        "turns_per_player": 9}
    hidden_information = True
    save_schema = SAVE_SCHEMA

    # ------------------------------------------------------------------ options

    def _check_variants(self, variants: dict) -> dict:
        options = super()._check_variants(variants)
        flag(options["draft"], "draft", "BG-R6")
        if options["mutual_defeat"] not in ("shared", "none"):
            raise VariantError("mutual_defeat must be 'shared' (both share the win) or 'none' "
                               f"(nobody wins), not {quote(options['mutual_defeat'])}", "BG-R13")
        whole_number(options["turns_per_player"], "turns_per_player", 1, 100, "BG-R14")
        deck = options["deck"]
        if deck is None:
            self.catalog = starter_deck()
        elif isinstance(deck, (dict, list)):                # BG-R1: data, never a path
            self.catalog = validate_deck(deck)
            options["deck"] = self.catalog.to_data()        # saves carry the cards themselves
        else:
            raise DeckError(f"deck must be deck data (an object with a 'cards' list), not "
                            f"{brief(deck)}; a deck file is read by "
                            "new_game(deck='my_deck.json') or load_deck('my_deck.json')", "BG-R1")
        heroes, rest = self.catalog.count("Hero"), self.catalog.count() - self.catalog.count("Hero")
        if heroes < self.players or rest < HAND * self.players:
            raise DeckError(f"the deck {self.catalog.name!r} has {heroes} Heroes and {rest} other "
                            f"cards; {self.players} players need at least {self.players} Heroes "
                            f"and {HAND * self.players} other cards", "BG-R3")
        self.cards = self.catalog.by_id
        return options

    def _preset_outcomes(self, kind: str) -> Counter:
        return Counter({str(s): 1 for s in range(self.players)})

    @property
    def max_turns(self) -> int:
        return self.variants["turns_per_player"] * self.players

    # ------------------------------------------------------------------ setup

    def _setup(self) -> None:
        n = self.players
        self.new_deck("heroes", self.catalog.ids(True), reshuffle=False)
        self.new_deck("cards", self.catalog.ids(False), reshuffle=False)
        self.hands = [[] for _ in range(n)]
        self.packs = [[] for _ in range(n)]
        self.passed = [[] for _ in range(n)]
        self.fields = [[None] * SIZE for _ in range(n)]
        self.up = [[None] * SIZE for _ in range(n)]
        self.known = [[False] * SIZE for _ in range(n)]
        self.discards = [[] for _ in range(n)]
        self.finisher, self.current, self.turn, self.last = None, 0, 1, None
        self.aim, self.changes = None, 0
        self._winners, self.end = None, None
        draft = self.variants["draft"]
        for seat in range(n):                                               # BG-R5, BG-R6
            hero = self.draw_card("heroes")
            cards = sorted(self.draw_card("cards") for _ in range(HAND))
            self.hands[seat] = sorted([hero] + ([] if draft else cards))
            self.packs[seat] = cards if draft else []
            dealt = "" if draft else f" and {plural(len(cards), 'card')}: {self._names(cards)}"
            self.say(None, secret={seat: f"You were dealt {self.cards[hero].name} (your "
                                         f"Hero){dealt}."})
        self.phase, self.round = ("draft", 1) if draft else ("layout", 0)
        self.say("Everyone gets a Hero" + (" and a pack of 8 cards to draft from." if draft
                                             else " and 8 more cards."))

    # ------------------------------------------------------------------ data

    def _get_data(self) -> dict:
        return {
            "phase": self.phase, "round": self.round,
            "hands": [list(h) for h in self.hands], "packs": [list(p) for p in self.packs],
            "passed": [list(p) for p in self.passed],
            "fields": [list(f) for f in self.fields], "up": [list(u) for u in self.up],
            "known": [list(k) for k in self.known],
            "discards": [list(d) for d in self.discards],
            "finisher": self.finisher, "current": self.current, "turn": self.turn,
            "last": self.last, "winners": None if self._winners is None else list(self._winners),
            "end": self.end, "aim": self.aim, "changes": self.changes,
        }

    def _set_data(self, d: dict) -> None:
        self.phase, self.round = d["phase"], d["round"]
        self.hands = [list(h) for h in d["hands"]]
        self.packs = [list(p) for p in d["packs"]]
        self.passed = [list(p) for p in d["passed"]]
        self.fields = [list(f) for f in d["fields"]]
        self.up = [list(u) for u in d["up"]]
        self.known = [list(k) for k in d["known"]]
        self.discards = [list(x) for x in d["discards"]]
        self.finisher, self.current, self.turn = d["finisher"], d["current"], d["turn"]
        self.last = d["last"]
        self._winners = None if d["winners"] is None else tuple(d["winners"])
        self.end = d["end"]
        self.aim, self.changes = d["aim"], d["changes"]

    def _check_position(self) -> None:
        check_position(self)                             # saves.py: what play can leave

    def check_invariants(self) -> None:
        """Every card of the deck is in exactly one place: a pile (set aside), a hand, a
        pack, a battlefield or a discard pile; each player has one Hero."""
        everything = Counter(self.decks["heroes"].pile) + Counter(self.decks["cards"].pile)
        for seat in range(self.players):
            mine = self.hands[seat] + self.packs[seat] + self.discards[seat] + [
                c for c in self.fields[seat] if c is not None]
            everything.update(mine)
            held = self.hands[seat] + self.discards[seat] + [c for c in self.fields[seat] if c]
            assert sum(self.cards[c].is_hero for c in held) == 1, f"seat {seat} has not 1 Hero"
            assert not any(self.cards[c].is_hero for c in self.packs[seat]), "a Hero in a pack"
            theirs = self._others_cards(seat, seen=False) + self._others_cards(seat, seen=True)
            assert Counter(self.passed[seat]) <= theirs, (
                f"seat {seat} remembers passing cards that no other seat has (BG-X7)")
        full = Counter(self.catalog.ids(True)) + Counter(self.catalog.ids(False))
        assert everything == full, f"cards created or lost: {(everything - full) or (full - everything)}"
        assert not self.decks["heroes"].discards and not self.decks["cards"].discards

    def _others_cards(self, seat: int, seen: bool) -> Counter:
        """The non-Hero cards of the other seats that ``seat`` can't see (hands, packs,
        hidden squares) or, with ``seen``, those it can (squares it sees, discard piles)."""
        out: Counter = Counter()
        for o in range(self.players):
            if o != seat:
                if seen:
                    out.update(self.discards[o])
                else:
                    out.update(self.hands[o] + self.packs[o])
                out.update(c for i, c in enumerate(self.fields[o])
                           if c is not None and self._sees(seat, o, i) == seen)
        return Counter({c: k for c, k in out.items() if not self.cards[c].is_hero})

    def _parse(self, text: str) -> Action:
        return parse_action(text)

    # ------------------------------------------------------------------ status

    @property
    def scores(self) -> tuple[int, ...]:
        """Cards each player still has in play (BG-X9)."""
        return tuple(self.cards_left(s) + len(self.hands[s]) for s in range(self.players))

    def cards_left(self, seat: int) -> int:
        """Cards on ``seat``'s battlefield."""
        return sum(c is not None for c in self.fields[seat])

    def alive(self) -> list[int]:
        """Seats that still have a card on their battlefield (BG-R11)."""
        return [s for s in range(self.players) if any(self.fields[s])]

    def counts_face_up(self, seat: int, square: int) -> bool:
        """BG-R10: face up now and already at the start of this turn."""
        since = self.up[seat][square]
        return since is not None and since <= self.turn

    def _sees(self, viewer: int | None, seat: int, square: int) -> bool:
        """Whether ``viewer`` may know the card on that square (BG-R12)."""
        if self.phase in ("draft", "layout") and viewer != seat:
            return False                                     # layouts are secret (BG-X1)
        return viewer == seat or self.up[seat][square] is not None or self.known[seat][square]

    # ------------------------------------------------------------------ decisions

    def _deciders(self) -> tuple[int, ...]:
        if self.phase == "draft":
            return tuple(range(self.players))
        if self.phase == "layout":                              # BG-R8: all at once
            return tuple(s for s in range(self.players) if self.hands[s])
        if self.phase == "first":
            return (self.finisher,)
        if self.phase == "battle":
            return (self.current,)
        return ()

    def _legal(self, seat: int) -> list[Action]:
        phase = self.phase
        if phase == "draft":
            return [make("pick", card=c) for c in sorted(set(self.packs[seat]))]
        if phase == "layout":
            empty = [SQUARES[i] for i in range(SIZE) if self.fields[seat][i] is None]
            return [make("place", card=c, square=sq) for c in sorted(set(self.hands[seat]))
                    for sq in empty]
        if phase == "first":
            return [make("first", seat=s) for s in range(self.players)]
        if phase == "battle":                                  # BG-R9, BG-X10
            mine = [make("attack", square=SQUARES[i]) for i, c in enumerate(self.fields[seat])
                    if c is not None and SQUARES[i] != self.aim]
            if self.aim is None:
                return mine
            targets = [make("target", seat=o, target=SQUARES[i]) for o in range(self.players)
                       if o != seat for i, c in enumerate(self.fields[o]) if c is not None]
            if self.changes >= MAX_CHANGES:                    # BG-X11: the mind is made up
                return targets
            return targets + mine + [make("cancel")]
        return []

    def _simultaneous(self) -> bool:
        """Draft picks are revealed together; a placement takes effect at once, since only
        its owner sees it and it changes nothing another seat may do (BG-R8, BG-X1)."""
        return self.phase == "draft"

    def _explain(self, action: Action, seat: int) -> IllegalActionError:
        from .explain import explain
        if not isinstance(action, Action):           # e.g. another game's action
            return ActionParseError(f"{quote(str(action))} is not a BattleGoats action",
                                    "notation")
        return explain(self, action, seat)

    def _do_together(self, choices: dict[int, Action]) -> None:
        self._draft(choices)

    def _draft(self, picks: dict[int, Action]) -> None:
        """BG-R6: everyone keeps their pick and passes the rest to the right, at once."""
        n = self.players
        rests = []
        for seat in range(n):
            pack = list(self.packs[seat])
            pack.remove(picks[seat].card)
            self.hands[seat] = sorted(self.hands[seat] + [picks[seat].card])
            rests.append(pack)
        # BG-R6, BG-X7: a drafter remembers every card it passed on and has not seen come
        # back. A pack comes back only after going round the table: the pack received after
        # round r is the one this seat passed in round r + 1 - n. A copy of a card it passed,
        # in another pack, is not that card coming back.
        back = self.round >= n
        for seat in range(n):
            received = rests[(seat + 1) % n]
            self.packs[seat] = sorted(received)
            memory = Counter(self.passed[seat]) - (Counter(received) if back else Counter())
            self.passed[seat] = sorted((memory + Counter(rests[seat])).elements())
        right = {s: self.names[(s - 1) % n] for s in range(n)}
        self.say("Everyone kept a card and passed the rest of their pack to the right.",
                 secret={s: f"You kept {self.cards[picks[s].card].name} and passed "
                            f"{plural(len(rests[s]), 'card')} to {obj(right[s])}."
                         for s in range(n)})
        self.round += 1
        if len(self.packs[0]) == 1:                    # the last card comes without a choice
            for seat in range(n):
                self.hands[seat] = sorted(self.hands[seat] + self.packs[seat])
            self.say("Everyone takes the last card passed to them.",
                     secret={s: f"You take the last card: {self.cards[self.packs[s][0]].name}."
                             for s in range(n)})
            self.packs = [[] for _ in range(n)]
            self.phase, self.round = "layout", 0

    def _place(self, seat: int, act: Action) -> None:
        """BG-R7 / BG-X1: one card face down; only its owner learns where (the others learn
        nothing but the count until every battlefield is complete)."""
        self.hands[seat].remove(act.card)
        self.fields[seat][INDEX[act.square]] = act.card
        self.say(None, secret={seat: f"You placed {self.cards[act.card].name} on the "
                                     f"{square_words(act.square)} square."})
        if len(self.hands[seat]) > 1:
            return
        i = self.fields[seat].index(None)
        last = self.hands[seat].pop()
        self.fields[seat][i] = last
        self.say(f"{says(self.names[seat], 'has', 'have')} laid out all nine cards.",
                 secret={seat: f"Your last card, {self.cards[last].name}, goes to the last "
                               f"empty square ({square_words(SQUARES[i])})."})
        if any(self.hands):
            return
        self.finisher = int(self.draw("finisher", [str(s) for s in range(self.players)]))  # BG-R8
        self.phase = "first"
        name = self.names[self.finisher]
        self.say(f"Every battlefield is laid out. {says(name, 'is', 'are')} drawn as the first "
                 f"to finish and {verb(name, 'chooses', 'choose')} who attacks first.")

    def _do(self, action: Action, seat: int) -> None:
        if action.kind == "place":
            return self._place(seat, action)
        if action.kind == "attack":                            # BG-X10: your card first
            if self.aim is not None:
                self.changes += 1
            self.aim = action.square
            # the attacker's own words only: the others see the chosen card on the board,
            # and the fight's line says it all (what just happened stays the fights)
            self.say(None, secret={seat: f"You will attack with "
                                         f"{self._card_words(seat, action.square)}."})
            return
        if action.kind == "cancel":
            self.aim, self.changes = None, self.changes + 1
            self.say(None, secret={seat: "You put the chosen card back: choose again."})
            return
        if action.kind == "first":
            self.current, self.phase, self.turn = action.seat, "battle", 1
            who = "" if action.seat == seat else f" {obj(self.names[action.seat])}"
            self.say(f"{subject(self.names[seat])} chose{who} to attack first.")
            return
        mine, self.aim, self.changes = INDEX[self.aim], None, 0
        self._attack(seat, mine, action.seat, INDEX[action.target])

    # ------------------------------------------------------------------ battle

    def _attack(self, seat: int, mine: int, other: int, target: int) -> None:
        """BG-R9: both cards are revealed, the higher power wins, a tie loses both."""
        a_card, d_card = self.fields[seat][mine], self.fields[other][target]
        fighters = ((seat, mine), (other, target))
        a_terms = self.terms(seat, mine, against=(other, target))
        d_terms = self.terms(other, target, against=(seat, mine))
        pa, pd = sum(t["value"] for t in a_terms), sum(t["value"] for t in d_terms)
        lost = ["defender"] if pa > pd else ["attacker"] if pd > pa else ["attacker", "defender"]
        exploded = False
        if len(lost) == 1:
            loser = fighters[0] if lost == ["attacker"] else fighters[1]
            if self.cards[self.fields[loser[0]][loser[1]]].has("explodes"):
                lost, exploded = ["attacker", "defender"], True
        side = {"attacker": fighters[0], "defender": fighters[1]}
        self.last = {
            "turn": self.turn,
            "attacker": self._side(seat, mine, a_card, pa, a_terms, fighters),
            "defender": self._side(other, target, d_card, pd, d_terms, fighters),
            "defeated": lost, "exploded": exploded,
        }
        a_name, d_name = self.cards[a_card].name, self.cards[d_card].name
        theirs = d_name[4:] if d_name.startswith("The ") else d_name    # "Bo's Great Gruffini"
        line = (f"{subject(self.names[seat])} attacked {possessive(self.names[other])} "
                f"{theirs} ({pd}) with {a_name} ({pa})")
        if pa == pd:
            line += ": a tie, both are defeated."
        elif exploded:
            line += (f" and {'won' if pa > pd else 'lost'}, but "
                     f"{d_name if pa > pd else a_name} exploded: both are defeated.")
        else:
            line += (f" and {'won' if pa > pd else 'lost'}: "
                     f"{d_name if pa > pd else a_name} is defeated.")
        for role in ("attacker", "defender"):
            o, i = side[role]
            card = self.fields[o][i]
            if role in lost:                                   # face up to its discard pile
                self.discards[o].append(card)
                self.fields[o][i], self.up[o][i], self.known[o][i] = None, None, False
            else:
                self.known[o][i] = True                        # BG-R10: remembered
                if self.cards[card].has("stays_face_up") and self.up[o][i] is None:
                    self.up[o][i] = self.turn + 1              # counts from the next turn
        self.say(line, headline=True)
        alive = self.alive()
        for o in (seat, other):
            if not any(self.fields[o]):                                        # BG-R15
                name = self.names[o]
                self.say(f"{says(name, 'has', 'have')} no cards left and "
                         f"{verb(name, 'is', 'are')} out.", headline=True)
        if len(alive) == 1:
            return self._finish((alive[0],), "win")
        if not alive:                                          # BG-R13: the last two fell
            if self.variants["mutual_defeat"] == "shared":
                return self._finish(tuple(sorted((seat, other))), "shared")
            return self._finish((), "none")
        if self.turn >= self.max_turns:                        # BG-R14
            return self._finish((), "draw")
        self.turn += 1
        nxt = (seat + 1) % self.players
        while not any(self.fields[nxt]):                       # BG-R11: skip players out
            nxt = (nxt + 1) % self.players
        self.current = nxt

    def _side(self, seat, square, card, power, terms, fighters) -> dict:
        """One side of the last attack, each term with the seats that can't know it."""
        out = []
        for t in terms:
            hide = [] if not t["needs"] else [
                v for v in range(self.players) if not self._knows(v, t, fighters)]
            out.append({"text": t["text"], "value": t["value"], "hide": hide})
        return {"seat": seat, "square": SQUARES[square], "card": card, "power": power,
                "terms": out}

    def _finish(self, winners: tuple[int, ...], end: str) -> None:
        self.phase, self._winners, self.end = "over", tuple(winners), end
        if end == "win":
            name = self.names[winners[0]]
            line = (f"{says(name, 'has', 'have')} the last cards in play and "
                    f"{verb(name, 'wins', 'win')}!")
        elif end == "shared":
            line = (f"The last two cards fell together: "
                    f"{listed([self.names[w] for w in winners])} share the victory.")
        elif end == "none":
            line = "The last two cards fell together: nobody wins."
        else:
            line = f"The turn limit of {self.max_turns} turns is reached: the game is a draw."
        self.say(line, headline=True)

    # ------------------------------------------------------------------ powers (BG-R2, BG-R16)

    def terms(self, seat: int, square: int, against: tuple[int, int] | None = None,
              fields: list | None = None) -> list[dict]:
        """The terms of the power of the card on ``square`` of ``seat``'s battlefield, on the
        board as it stands, fighting the card at ``against`` (or nobody: then bonuses that
        need an opponent are left out). Each term: ``text``, ``value``, and ``needs``: the
        squares whose cards it depends on (``any``: one of them showing the card is enough).
        """
        field = (fields or self.fields)[seat]
        card = self.cards[field[square]]
        out = [{"text": f"{card.power} base", "value": card.power, "needs": ()}]
        foe = None
        if against is not None:
            foe = self.cards[self.fields[against[0]][against[1]]]
        for m in card.modifiers:
            k = m.kind
            if k == "per_card_in_front":
                n = sum(field[i] is not None for i in IN_FRONT[square])
                out.append({"text": f"{m.amount} × {n} card{'s' * (n != 1)} in front",
                            "value": m.amount * n, "needs": ()})
            elif k == "per_adjacent":
                cells = [i for i in NEIGHBOURS[square] if field[i] is not None]
                if m.type is None:
                    n = len(cells)
                    out.append({"text": f"{m.amount} × {n} neighbour{'s' * (n != 1)}",
                                "value": m.amount * n, "needs": ()})
                else:
                    n = sum(self.cards[field[i]].type == m.type for i in cells)
                    out.append({"text": f"{m.amount} × {n} {m.type} neighbour{'s' * (n != 1)}",
                                "value": m.amount * n,
                                "needs": tuple((seat, i) for i in cells)})
            elif k == "with_card":
                cells = [i for i in range(SIZE) if i != square and field[i] is not None]
                have = [i for i in cells if self.cards[field[i]].name == m.card]
                out.append({"text": f"{m.amount if have else 0} "
                                    f"{'with' if have else 'without'} {m.card}",
                            "value": m.amount if have else 0,
                            "needs": tuple((seat, i) for i in cells),
                            "any": tuple((seat, i) for i in have)})
            elif k == "if_face_up" and self.counts_face_up(seat, square):
                out.append({"text": f"{m.amount} for being face up", "value": m.amount,
                            "needs": ()})
            elif foe is not None and k == "vs_type" and foe.type == m.type:
                out.append({"text": f"{m.amount} against a {m.type}", "value": m.amount,
                            "needs": ()})
            elif foe is not None and k == "vs_face_up" and self.counts_face_up(*against):
                out.append({"text": f"{m.amount} against a face-up card", "value": m.amount,
                            "needs": ()})
        return out

    def _knows(self, viewer: int | None, term: dict, shown=()) -> bool:
        """Whether ``viewer`` may know what ``term`` depends on (``shown``: squares revealed
        to everyone right now, e.g. the two fighters)."""
        def sees(cell):
            return cell in shown or self._sees(viewer, *cell)
        if any(sees(c) for c in term.get("any", ())):
            return True
        return all(sees(c) for c in term["needs"])

    def power_terms(self, card_position, viewer: int | None = None) -> dict | None:
        """The power of a card on the board, explained as far as ``viewer`` may know
        (BG-R16): ``{"card", "power", "terms", "sum", "if"}``. ``card_position`` is
        ``(seat, "b2")`` or ``"1:b2"``. ``None`` if the viewer can't see the card; ``power``
        is ``None`` when a term depends on cards the viewer can't see (shown as one "?" lump).
        ``if`` lists the bonuses that need a particular opponent.

            >>> from goatwidgets.games.battlegoats import position
            >>> s = position(fields=[{"f2": "pasturepal", "m2": "haybale", "b2": "lassokid"},
            ...                      {"f1": "golem"}])
            >>> s.power_terms("0:b2", viewer=0)["sum"]
            '1 base + 4 × 2 cards in front = 9'
            >>> s.power_terms("0:b2", viewer=1) is None
            True
        """
        if isinstance(card_position, str):
            seat_text, _, sq = card_position.partition(":")
            seat = int(seat_text)
        else:
            seat, sq = card_position
        square = INDEX[sq] if isinstance(sq, str) else sq
        card = self.fields[seat][square]
        if card is None or not self._sees(viewer, seat, square):
            return None
        shown, hidden_lump = [], False
        for t in self.terms(seat, square):
            if self._knows(viewer, t):
                shown.append({"text": t["text"], "value": t["value"]})
            else:
                hidden_lump = True
        total = None if hidden_lump else sum(t["value"] for t in shown)
        if hidden_lump:
            shown.append({"text": "? from cards you can't see", "value": None})
        conditional = [f"+{m.amount} against a {m.type}" if m.kind == "vs_type" else
                       f"+{m.amount} against a face-up card"
                       for m in self.cards[card].modifiers if m.kind in ("vs_type", "vs_face_up")]
        return {"card": card, "power": total, "terms": shown,
                "sum": explain_sum(shown, total), "if": conditional}

    # ------------------------------------------------------------------ what a seat sees

    def _cell(self, viewer: int | None, seat: int, i: int) -> dict | None:
        card = self.fields[seat][i]
        if card is None or (self.phase == "layout" and viewer != seat):
            return None
        if not self._sees(viewer, seat, i):
            return {"back": True}
        info = self.power_terms((seat, i), viewer)
        cell = {"card": card, "face_up": self.up[seat][i] is not None,
                "counts_up": self.counts_face_up(seat, i), "known": self.known[seat][i],
                "power": info["power"], "sum": info["sum"]}
        if info["if"]:
            cell["if"] = info["if"]
        return cell

    def _last_for(self, viewer: int | None) -> dict | None:
        if self.last is None:
            return None
        out = {"turn": self.last["turn"], "defeated": list(self.last["defeated"]),
               "exploded": self.last["exploded"]}
        for role in ("attacker", "defender"):
            side = self.last[role]
            shown, lump = [], 0
            hidden = False
            for t in side["terms"]:
                if (viewer is None and t["hide"]) or viewer in t["hide"]:
                    hidden, lump = True, lump + t["value"]
                else:
                    shown.append({"text": t["text"], "value": t["value"]})
            if hidden:
                shown.append({"text": f"{lump} from cards you can't see", "value": lump})
            out[role] = {"seat": side["seat"], "square": side["square"], "card": side["card"],
                         "power": side["power"], "terms": shown,
                         "sum": explain_sum(shown, side["power"])}
        return out

    def _board(self, viewer: int | None) -> dict:
        fields = [[self._cell(viewer, s, i) for i in range(SIZE)] for s in range(self.players)]
        last = self._last_for(viewer)
        ids = {c["card"] for f in fields for c in f if c and "card" in c}
        ids.update(c for d in self.discards for c in d)
        if last:
            ids.update((last["attacker"]["card"], last["defender"]["card"]))
        if viewer is not None:
            ids.update(self.hands[viewer] + self.packs[viewer] + self.passed[viewer])
        return {"battlefields": fields, "last_attack": last,
                "cards": {c: self.cards[c].to_view() for c in sorted(ids)}}

    def _public_view(self) -> dict:
        view = {
            "phase": self.phase, "round": self.round, "draft": self.variants["draft"],
            "turn": self.turn, "max_turns": self.max_turns,
            "attacker": self.current if self.phase == "battle" else None,
            "finisher": self.finisher, "end": self.end,
            "placed": [self.cards_left(s) for s in range(self.players)],
            "out": [s for s in range(self.players)
                    if self.phase in ("battle", "over") and not any(self.fields[s])],
            "hand_sizes": [len(h) for h in self.hands],
            "pack_sizes": [len(p) for p in self.packs],
            "set_aside": self.decks["heroes"].count + self.decks["cards"].count,
            "discards": [list(d) for d in self.discards],
            "pass_to": [(s - 1) % self.players for s in range(self.players)],
            "decision": ("target" if self.aim is not None else
                         PHASE_KINDS[self.phase][0] or None),
            "aim": None if self.aim is None else {"seat": self.current, "square": self.aim},
        }
        view.update(self._board(None))
        return view

    def _private_view(self, seat: int) -> dict:
        view = {"hand": list(self.hands[seat]), "pack": list(self.packs[seat]),
                "passed": list(self.passed[seat])}
        view.update(self._board(seat))
        return view

    def _prompt(self, seat: int | None) -> str:
        phase = self.phase
        if phase == "over":
            if self.end == "win":
                return f"The game is over: {subject(self.names[self._winners[0]])} won."
            if self.end == "shared":
                return (f"The game is over: {listed([self.names[w] for w in self._winners])} "
                        "share the victory.")
            return "The game is over: nobody won."
        deciders = self.deciders
        if seat is not None and seat in deciders:
            if phase == "draft":
                return (f"Pick a card to keep from your pack of {len(self.packs[seat])}, in "
                        f"secret; the rest go to {obj(self.names[(seat - 1) % self.players])}.")
            if phase == "layout":
                return ("Lay out in secret: put a card face down on an empty square of "
                        f"yours ({plural(len(self.hands[seat]), 'card')} left).")   # one line
            if phase == "first":
                return "Choose who attacks first."
            if self.aim is not None and self.changes >= MAX_CHANGES:
                return (f"Your {self._card_words(seat, self.aim)} attacks (you changed "
                        f"your mind {MAX_CHANGES} times): click the card it attacks.")
            if self.aim is not None:       # one line: the board below must not move (Cancel
                return (f"Your {self._card_words(seat, self.aim)} attacks: click the card "
                        "it attacks.")     # and another card of yours are on the board)
            return "Attack: choose one of your cards, then any card of another player."
        if phase == "draft":
            if not deciders:
                return "Everyone has chosen."
            return f"{self._still(deciders)} picking a card, in secret."
        if phase == "layout":
            done = "Your battlefield is laid out. " if seat is not None else ""
            return f"{done}{self._still(deciders)} laying out, in secret."
        if phase == "first":
            return f"Waiting for {obj(self.names[self.finisher])} to choose who attacks first."
        return f"It is {possessive(self.names[self.current])} turn to attack."

    def _still(self, seats) -> str:
        """"Ana and you are still", "You are still", "Bo is still" (who is still deciding)."""
        names = [self.names[s] for s in seats]
        be = verb(names[0], "is", "are") if len(names) == 1 else "are"
        return f"{listed(names)} {be} still"

    def _names(self, ids) -> str:
        """The names of cards, each once with its copies: 'Billy Twin ×3, Moon Owl'."""
        return card_list(self.cards[c].name for c in ids)

    def _card_words(self, seat: int, square: str) -> str:
        """``seat``'s card on ``square`` in its owner's words: "Cliff Climber (front left)"."""
        return f"{self.cards[self.fields[seat][INDEX[square]]].name} ({square_words(square)})"

    def _choice_words(self, action: Action) -> str:
        """A draft pick in the chooser's words: the card's name ("You chose Rock Golem.")."""
        if action.kind == "pick" and action.card in self.cards:
            return self.cards[action.card].name
        return super()._choice_words(action)

    def public_action(self, entry: dict, seat: int | None) -> Action | None:
        """What the others saw done, for the board's mark of the last move: the first
        attacker named (BG-R8) and every attack (the card, a change of mind, the target:
        BG-R9, BG-X10) are done in the open; a draft pick (BG-R6) and a card laid face down
        (BG-R7, BG-X1) name a card in secret, so they are their owner's alone.

            >>> s = new_game(players=2, seed=1)
            >>> s.public_action({"seat": 1, "action": "place golem f1"}, 0) is None
            True
            >>> s.public_action({"seat": 1, "action": "target 0:b2"}, 0)
            Action(kind='target', seat=0, target='b2')
        """
        action = self.parse_action(entry["action"])
        if entry["seat"] == seat or action.kind not in ("pick", "place"):
            return action
        return None

    # ------------------------------------------------------------------ hidden parts

    def _redeal_hidden(self, seat: int, rng: random.Random) -> None:
        """Re-deal what ``seat`` can't see: the set-aside cards and deck order, others'
        hands and packs, others' face-down squares not remembered (during the layout, also
        where they put their cards). Each other player keeps one Hero and their counts; the
        cards ``seat`` passed on in the draft and can't see now stay with the others (BG-X7)."""
        n = self.players
        others = [o for o in range(n) if o != seat]
        heroes, plain = self.decks["heroes"], self.decks["cards"]
        layout = self.phase == "layout"
        cells = {o: [i for i in range(SIZE) if self.fields[o][i] is not None
                     and not self._sees(seat, o, i)] for o in others}
        held = {o: self.hands[o] + self.packs[o] + [self.fields[o][i] for i in cells[o]]
                for o in others}
        is_hero = {c: self.cards[c].is_hero for c in self.cards}
        hero_pool = sorted([c for o in others for c in held[o] if is_hero[c]] + heroes.pile)
        their_plain = Counter(c for o in others for c in held[o] if not is_hero[c])
        known = (Counter(self.passed[seat]) - self._others_cards(seat, seen=True)) & their_plain
        rest = sorted(((their_plain + Counter(plain.pile)) - known).elements())
        rng.shuffle(hero_pool)
        rng.shuffle(rest)
        need = sum(their_plain.values()) - sum(known.values())
        fill = sorted(known.elements()) + rest[:need]
        rng.shuffle(fill)
        for o in others:
            h = sum(is_hero[c] for c in held[o])
            mine_plain = [fill.pop() for _ in range(len(held[o]) - h)]
            k = len(self.packs[o])
            self.packs[o] = sorted(mine_plain[:k])
            loose = [hero_pool.pop() for _ in range(h)] + mine_plain[k:]
            rng.shuffle(loose)
            size = len(self.hands[o])
            self.hands[o] = sorted(loose[:size])
            spots = sorted(rng.sample(range(SIZE), len(cells[o]))) if layout else cells[o]
            if layout:
                self.fields[o] = [None] * SIZE
            for i, card in zip(spots, loose[size:]):
                self.fields[o][i] = card
            self.passed[o] = []
        heroes.pile = hero_pool
        plain.pile = rest[need:]
        rng.shuffle(plain.pile)

    # ------------------------------------------------------------------ bots

    def _strength(self, seat: int, fields=None) -> float:
        field = (fields or self.fields)[seat]
        total = 0.0
        for i, c in enumerate(field):
            if c is not None:
                total += sum(t["value"] for t in self.terms(seat, i, fields=fields))
        return total

    def heuristic(self, seat: int) -> float:
        """Cards in play first (own minus the strongest rival's), then the power of one's own
        cards, counting a secret choice already made (a draft pick, a placement)."""
        if self.phase == "over":
            return 1000.0 if seat in self.winners else -1000.0
        bonus = 0.0
        choice = self._chosen.get(seat)
        if choice is not None and choice.kind == "pick":
            card = self.cards[choice.card]
            bonus = card.power + sum(m.amount for m in card.modifiers)
        if self.phase == "draft":
            return bonus
        if self.phase == "battle" and self.current == seat:
            bonus -= 100.0 * self.changes              # a bot commits to the card it chose
            if self.aim is not None:                   # attack with a strong card
                bonus += 0.01 * sum(t["value"] for t in self.terms(seat, INDEX[self.aim]))
        count = [self.cards_left(s) for s in range(self.players)]
        rival = max(count[s] for s in range(self.players) if s != seat)
        return 10.0 * (count[seat] - rival) + 0.1 * self._strength(seat) + bonus


def explain_sum(terms: list[dict], total: int | None) -> str:
    """'1 base + 4 × 2 cards in front = 9' (a '?' total when part of it is unknown)."""
    text = terms[0]["text"] if terms else ""
    for t in terms[1:]:
        text += f" + {t['text']}"
    return f"{text} = {'?' if total is None else total}"
