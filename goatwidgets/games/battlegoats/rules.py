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
rulings are silent are BG-X1… (``explain.OUR_READINGS``).

The State here decides; ``views`` says what a seat sees and reads, ``saves`` declares the saved
fields and checks a position, ``explain`` says why an action is not allowed.
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
from ...engine.variants import TurnGuard, flag
from . import strategy, views
from .actions import IN_FRONT, INDEX, NEIGHBOURS, SIZE, SQUARES, Action, make, parse_action
from .cards import DeckError, DeckList, brief, load_deck, starter_deck, validate_deck
from .explain import explain
from .saves import HAND, MAX_CHANGES, SAVED_FIELDS, check_invariants, check_position, others_cards


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
                        "turns_per_player": 9}          # BG-R14, the turn guard below
    hidden_information = True
    saved_fields = SAVED_FIELDS                   # saves.py: each saved field once
    views = views                                  # views.py: what each seat sees
    strategy = strategy                            # strategy.py: how the bots judge a position
    #: in a copy re-dealt for a seat's guess (``redealt``), that seat; None in a real game
    guesser: int | None = None
    #: BG-R14: the game is a draw after ``turns_per_player`` turns for each player
    turn_guard = TurnGuard("BG-R14", default=9, most=100, option="turns_per_player",
                           per_player=True)

    # ------------------------------------------------------------------ options

    def _check_variants(self, variants: dict) -> dict:
        options = super()._check_variants(variants)
        flag(options["draft"], "draft", "BG-R6")
        if options["mutual_defeat"] not in ("shared", "none"):
            raise VariantError("mutual_defeat must be 'shared' (both share the win) or 'none' "
                               f"(nobody wins), not {quote(options['mutual_defeat'])}", "BG-R13")
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
            self.say(None, secret={seat: views.dealt_line(self, hero, cards, draft)})
        self.phase, self.round = ("draft", 1) if draft else ("layout", 0)
        self.say(views.deal_line(draft))

    # ------------------------------------------------------------------ checks (saves.py)

    def _set_data(self, data: dict) -> None:
        super()._set_data(data)
        self.__dict__.pop("_kept_standings", None)          # the bots' count (heuristic)

    def _check_position(self) -> None:
        check_position(self)                             # what play can leave

    def check_invariants(self) -> None:
        """Every card is in exactly one place; each player has one Hero (``saves``)."""
        check_invariants(self)

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

    def sees(self, viewer: int | None, seat: int, square: int) -> bool:
        """Whether ``viewer`` may know the card on that square (BG-R12)."""
        if self.phase in ("draft", "layout") and viewer != seat:
            return False                                     # layouts are secret (BG-X1)
        return viewer == seat or self.up[seat][square] is not None or self.known[seat][square]

    def knows(self, viewer: int | None, term: dict, shown=()) -> bool:
        """Whether ``viewer`` may know what a power's ``term`` depends on (``shown``: squares
        revealed to everyone right now, e.g. the two fighters)."""
        def sees(cell):
            return cell in shown or self.sees(viewer, *cell)
        if any(sees(c) for c in term.get("any", ())):
            return True
        return all(sees(c) for c in term["needs"])

    # ------------------------------------------------------------------ decisions

    def _deciders(self) -> tuple[int, ...]:
        match self.phase:
            case "draft":
                return tuple(range(self.players))
            case "layout":                                      # BG-R8: all at once
                return tuple(s for s in range(self.players) if self.hands[s])
            case "first":
                return (self.finisher,)
            case "battle":
                return (self.current,)
            case _:
                return ()

    def _legal(self, seat: int) -> list[Action]:
        match self.phase:
            case "draft":
                return [make("pick", card=c) for c in sorted(set(self.packs[seat]))]
            case "layout":
                empty = [SQUARES[i] for i in range(SIZE) if self.fields[seat][i] is None]
                return [make("place", card=c, square=sq) for c in sorted(set(self.hands[seat]))
                        for sq in empty]
            case "first":
                return [make("first", seat=s) for s in range(self.players)]
            case "battle":                                      # BG-R9, BG-X10
                return self._legal_in_battle(seat)
            case _:
                return []

    def advised_actions(self, seat: int) -> list[Action]:
        """With a card chosen to attack, the coach weighs only its targets: a child who chose
        a card asks which card to hit with it (a change of mind, BG-X11, stays open on the
        board; the strong bot doesn't search it either)."""
        actions = self.legal_actions(seat)
        if self.phase == "battle" and self.aim is not None and self.current == seat:
            return [a for a in actions if a.kind == "target"]
        return actions

    def _legal_in_battle(self, seat: int) -> list[Action]:
        mine = [make("attack", square=SQUARES[i]) for i, c in enumerate(self.fields[seat])
                if c is not None and SQUARES[i] != self.aim]
        if self.aim is None:
            return mine
        targets = [make("target", seat=o, target=SQUARES[i]) for o in range(self.players)
                   if o != seat for i, c in enumerate(self.fields[o]) if c is not None]
        if self.changes >= MAX_CHANGES:                         # BG-X11: the mind is made up
            return targets
        return targets + mine + [make("cancel")]

    def _simultaneous(self) -> bool:
        """Draft picks are revealed together; a placement takes effect at once, since only
        its owner sees it and it changes nothing another seat may do (BG-R8, BG-X1)."""
        return self.phase == "draft"

    def _explain(self, action: Action, seat: int) -> IllegalActionError:
        if not isinstance(action, Action):           # e.g. another game's action
            return ActionParseError(f"{quote(str(action))} is not a BattleGoats action",
                                    "notation")
        return explain(self, action, seat)

    # ------------------------------------------------------------------ effects

    def _do_together(self, choices: dict[int, Action]) -> None:
        """BG-R6: everyone keeps their pick and passes the rest to the right, at once."""
        n = self.players
        rests = []
        for seat in range(n):
            pack = list(self.packs[seat])
            pack.remove(choices[seat].card)
            self.hands[seat] = sorted(self.hands[seat] + [choices[seat].card])
            rests.append(pack)
        # BG-R6, BG-X7: a drafter remembers every card it passed on and has not seen come
        # back. A pack comes back only after going round the table: the pack received after
        # round r is the one this seat passed in round r + 1 - n. A copy of a card it passed,
        # in another pack, is not that card coming back.
        back = self.round >= n
        for seat in range(n):
            received = rests[self.next_seat(seat)]              # passed on by the left
            self.packs[seat] = sorted(received)
            memory = Counter(self.passed[seat]) - (Counter(received) if back else Counter())
            self.passed[seat] = sorted((memory + Counter(rests[seat])).elements())
        line, secret = views.draft_lines(self, choices, rests)
        self.say(line, secret=secret)
        self.round += 1
        if len(self.packs[0]) == 1:                    # the last card comes without a choice
            for seat in range(n):
                self.hands[seat] = sorted(self.hands[seat] + self.packs[seat])
            line, secret = views.last_pick_lines(self)
            self.say(line, secret=secret)
            self.packs = [[] for _ in range(n)]
            self.phase, self.round = "layout", 0

    def _do(self, action: Action, seat: int) -> None:
        match action.kind:
            case "place":
                self._do_place(action, seat)
            case "first":
                self._do_first(action, seat)
            case "attack":
                self._do_attack(action, seat)
            case "cancel":
                self._do_cancel(action, seat)
            case "target":
                self._do_target(action, seat)
            case _:
                raise AssertionError(f"no rule carries out an action of kind {action.kind!r}")

    def _do_place(self, action: Action, seat: int) -> None:
        """BG-R7 / BG-X1: one card face down; only its owner learns where (the others learn
        nothing but the count until every battlefield is complete)."""
        self.hands[seat].remove(action.card)
        self.fields[seat][INDEX[action.square]] = action.card
        self.say(None, secret={seat: views.placed_line(self, action)})
        if len(self.hands[seat]) > 1:
            return
        i = self.fields[seat].index(None)
        last = self.hands[seat].pop()
        self.fields[seat][i] = last
        line, secret = views.laid_out_lines(self, seat, last, i)
        self.say(line, secret=secret)
        if any(self.hands):
            return
        self.finisher = int(self.draw("finisher", [str(s) for s in range(self.players)]))  # BG-R8
        self.phase = "first"
        self.say(views.finisher_line(self))

    def _do_first(self, action: Action, seat: int) -> None:
        """BG-R8: the first to finish names the first attacker."""
        self.current, self.phase, self.turn = action.seat, "battle", 1
        self.say(views.first_line(self, seat, action.seat))

    def _do_attack(self, action: Action, seat: int) -> None:
        """BG-X10: the attacker's card first (choosing another is a change of mind, BG-X11).
        The attacker's own words only: the others see the chosen card on the board, and the
        fight's line says it all."""
        if self.aim is not None:
            self.changes += 1
        self.aim = action.square
        self.say(None, secret={seat: views.aim_line(self, seat, action.square)})

    def _do_cancel(self, action: Action, seat: int) -> None:
        """BG-X10, BG-X11: the chosen card goes back (a change of mind)."""
        self.aim, self.changes = None, self.changes + 1
        self.say(None, secret={seat: views.CANCEL_LINE})

    def _do_target(self, action: Action, seat: int) -> None:
        """BG-R9: the chosen card attacks the target."""
        mine, self.aim, self.changes = INDEX[self.aim], None, 0
        self._fight(seat, mine, action.seat, INDEX[action.target])

    def _fight(self, seat: int, mine: int, other: int, target: int) -> None:
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
        line = views.fight_line(self, seat, other, a_card, d_card, pa, pd, exploded)
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
                self.say(views.out_line(self, o), headline=True)
        if len(alive) == 1:
            return self._finish((alive[0],), "win")
        if not alive:                                          # BG-R13: the last two fell
            if self.variants["mutual_defeat"] == "shared":
                return self._finish(tuple(sorted((seat, other))), "shared")
            return self._finish((), "none")
        if self.turn_guard_reached():                          # BG-R14
            return self._finish((), "draw")
        self.turn += 1
        self.current = self.next_seat(seat, skip=lambda s: not any(self.fields[s]))  # BG-R11

    def _side(self, seat, square, card, power, terms, fighters) -> dict:
        """One side of the last attack, each term with the seats that can't know it."""
        out = []
        for t in terms:
            hide = [] if not t["needs"] else [
                v for v in range(self.players) if not self.knows(v, t, fighters)]
            out.append({"text": t["text"], "value": t["value"], "hide": hide})
        return {"seat": seat, "square": SQUARES[square], "card": card, "power": power,
                "terms": out}

    def _finish(self, winners: tuple[int, ...], end: str) -> None:
        self.phase, self._winners, self.end = "over", tuple(winners), end
        self.say(views.end_line(self, self._winners, end), headline=True)

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
            match m.kind:
                case "per_card_in_front":
                    n = sum(field[i] is not None for i in IN_FRONT[square])
                    out.append({"text": f"{m.amount} × {n} card{'s' * (n != 1)} in front",
                                "value": m.amount * n, "needs": ()})
                case "per_adjacent" if m.type is None:
                    n = sum(field[i] is not None for i in NEIGHBOURS[square])
                    out.append({"text": f"{m.amount} × {n} neighbour{'s' * (n != 1)}",
                                "value": m.amount * n, "needs": ()})
                case "per_adjacent":
                    cells = [i for i in NEIGHBOURS[square] if field[i] is not None]
                    n = sum(self.cards[field[i]].type == m.type for i in cells)
                    out.append({"text": f"{m.amount} × {n} {m.type} neighbour{'s' * (n != 1)}",
                                "value": m.amount * n,
                                "needs": tuple((seat, i) for i in cells)})
                case "with_card":
                    cells = [i for i in range(SIZE) if i != square and field[i] is not None]
                    have = [i for i in cells if self.cards[field[i]].name == m.card]
                    out.append({"text": f"{m.amount if have else 0} "
                                        f"{'with' if have else 'without'} {m.card}",
                                "value": m.amount if have else 0,
                                "needs": tuple((seat, i) for i in cells),
                                "any": tuple((seat, i) for i in have)})
                case "if_face_up" if self.counts_face_up(seat, square):
                    out.append({"text": f"{m.amount} for being face up", "value": m.amount,
                                "needs": ()})
                case "vs_type" if foe is not None and foe.type == m.type:
                    out.append({"text": f"{m.amount} against a {m.type}", "value": m.amount,
                                "needs": ()})
                case "vs_face_up" if foe is not None and self.counts_face_up(*against):
                    out.append({"text": f"{m.amount} against a face-up card",
                                "value": m.amount, "needs": ()})
        return out

    def power_terms(self, card_position, viewer: int | None = None) -> dict | None:
        """The power of a card on the board, explained as far as ``viewer`` may know
        (BG-R16; :func:`views.power_terms`): ``s.power_terms("0:b2", viewer=1)``."""
        return views.power_terms(self, card_position, viewer)

    # ------------------------------------------------------------------ what a seat sees (views.py)

    def _choice_words(self, action: Action) -> str:
        return views.choice_words(self, action)

    def public_action(self, entry: dict, seat: int | None) -> Action | None:
        """What ``seat`` saw done (:func:`views.public_action`): picks and placements are
        their owner's alone."""
        return views.public_action(self, entry, seat)

    # ------------------------------------------------------------------ hidden parts

    def _redeal_hidden(self, seat: int, rng: random.Random) -> None:
        """Re-deal what ``seat`` can't see: the set-aside cards and deck order, others'
        hands and packs, others' face-down squares not remembered (during the layout, also
        where they put their cards). Each other player keeps one Hero and their counts; the
        cards ``seat`` passed on in the draft and can't see now stay with the others (BG-X7).
        The copy remembers whose guess it is (``guesser``: the bots judge the cards dealt
        anew by what ``seat`` can expect of them, :meth:`_army`)."""
        n = self.players
        others = [o for o in range(n) if o != seat]
        heroes, plain = self.decks["heroes"], self.decks["cards"]
        layout = self.phase == "layout"
        cells = {o: [i for i in range(SIZE) if self.fields[o][i] is not None
                     and not self.sees(seat, o, i)] for o in others}
        held = {o: self.hands[o] + self.packs[o] + [self.fields[o][i] for i in cells[o]]
                for o in others}
        is_hero = {c: self.cards[c].is_hero for c in self.cards}
        hero_pool = sorted([c for o in others for c in held[o] if is_hero[c]] + heroes.pile)
        their_plain = Counter(c for o in others for c in held[o] if not is_hero[c])
        known = (Counter(self.passed[seat]) - others_cards(self, seat, seen=True)) & their_plain
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
        self.guesser = seat
        self.__dict__.pop("_kept_standings", None)

    # ------------------------------------------------------------------ powers, counted fast

    def power(self, seat: int, square: int, against: tuple[int, int] | None = None) -> int:
        """The power of the card on ``square`` of ``seat``'s battlefield: the sum of its
        :meth:`terms`, counted without building them (the bots count it often)."""
        field = self.fields[seat]
        card = self.cards[field[square]]
        total = card.power
        for m in card.modifiers:
            match m.kind:
                case "per_card_in_front":
                    total += m.amount * sum(field[i] is not None for i in IN_FRONT[square])
                case "per_adjacent" if m.type is None:
                    total += m.amount * sum(field[i] is not None for i in NEIGHBOURS[square])
                case "per_adjacent":
                    total += m.amount * sum(field[i] is not None
                                            and self.cards[field[i]].type == m.type
                                            for i in NEIGHBOURS[square])
                case "with_card":
                    if any(i != square and c is not None and self.cards[c].name == m.card
                           for i, c in enumerate(field)):
                        total += m.amount
                case "if_face_up" if self.counts_face_up(seat, square):
                    total += m.amount
                case "vs_type" if against is not None:
                    if self.cards[self.fields[against[0]][against[1]]].type == m.type:
                        total += m.amount
                case "vs_face_up" if against is not None and self.counts_face_up(*against):
                    total += m.amount
        return total


