"""Goat Lords saves: the saved fields declared once, the records of the turn machine, the
game's options (a save holds them too, ``check_options``), what a position the rules can reach
must satisfy, and the conservation laws (``check_invariants``, with ``held`` and ``zones``
counting where the cards are).

A saved game is untrusted. ``SAVED_FIELDS`` gives every field of the position its type and
range (the engine derives the save, the load and the schema check from it); the pending
decision, the duel and the queued steps are named records (:class:`Pending`, :class:`Duel`,
:class:`Step`) saved as plain objects and lists. :func:`check_position` then ties the fields
together the way play leaves them: what a pending decision implies about the steps it pauses
and the cards in front of the seat it asks, the turn's counters, the end of the game (the
winners are exactly the seats the rules make winners) and the draw pile. The loader and the
position builder both run it (through ``GoatLordsState._check_position``), so a built
position always loads from its own save.

    >>> from goatwidgets.games.goat_lords import new_game
    >>> s = new_game(players=2, seed=1)
    >>> check_position(s)
    >>> s.plays_left = 3
    >>> check_position(s)
    Traceback (most recent call last):
    ...
    ValueError: plays_left: a turn that has had no action yet has exactly one play (GL-R7)
"""

from __future__ import annotations

from collections import Counter
from typing import NamedTuple

from ...engine import VariantError, quote
from ...engine.schema import (Bool, Fields, Int, ListOf, Nullable, OneOf, Saved, Seat, Tuple,
                              check)
from ...engine.variants import flag, whole_number
from .actions import sort_cards
from .cards import (
    ACTIONS,
    CARD_IDS,
    DEFAULT_EXTRA_PLAYS,
    DEFAULT_VALUES,
    DRAWS,
    GOATS,
    HAND_CARDS,
    IS_ACTION,
    IS_GOAT,
    IS_WILD,
    TARGETED,
    UNSTOPPABLE,
    full_deck,
)

#: kinds of pending decisions (answers off the turn, or choices inside it)
PENDING = ("trash", "toss", "duel", "escape", "rain", "take")
#: automatic steps: fill a hand, draw cards, start the discard pile, give back set-aside
#: cards, discard down to the hand size, start a turn, go to the next turn
STEPS = ("fill", "draw", "pile", "unaside", "toss", "start", "next")
MAX_STACKS = 126
#: the turn guard's largest setting (the ``max_turns`` variant, GL-X11)
MAX_TURNS = 100_000
#: a round scores at most every goat and wild card at the highest value a variant allows
MAX_TOTAL = 10**12


class Pending(NamedTuple):
    """The decision the game waits for: ``kind`` (one of ``PENDING``) asked of ``seat``.

    An Escape Goat question (``"escape"``) remembers the action ``card`` played, its
    ``target``, ``arg`` (the stack Sneak-A-Goat moves) and the ``queue`` of seats still to
    ask; Raining Fire-Goats' secret picks (``"rain"``, ``card`` "rain") name every picking seat
    in ``queue``; a card to take (``"take"``) names the ``target`` whose hand is shown."""

    kind: str
    seat: int
    card: str | None = None
    target: int | None = None
    arg: int | None = None
    queue: tuple[int, ...] = ()


class Duel(NamedTuple):
    """The duel in progress: the ``attacker`` (whose turn it is) duels the ``defender``'s top
    stack of goat ``kind``; ``cards`` are the (seat, card) played into it, in order."""

    attacker: int
    defender: int
    kind: str
    cards: tuple[tuple[int, str], ...]


class Step(NamedTuple):
    """An automatic step of the turn machine: ``kind`` (one of ``STEPS``) for ``seat``;
    ``n`` counts the cards a ``"draw"`` step has still to draw (0 for the other kinds)."""

    kind: str
    seat: int
    n: int = 0


def _save_pending(pending: Pending | None) -> dict | None:
    if pending is None:
        return None
    return {"kind": pending.kind, "seat": pending.seat, "card": pending.card,
            "target": pending.target, "arg": pending.arg, "queue": list(pending.queue)}


def _load_pending(data: dict | None) -> Pending | None:
    if data is None:
        return None
    return Pending(data["kind"], data["seat"], data["card"], data["target"], data["arg"],
                   tuple(data["queue"]))


def _save_duel(duel: Duel | None) -> dict | None:
    if duel is None:
        return None
    return {"attacker": duel.attacker, "defender": duel.defender, "kind": duel.kind,
            "cards": list(map(list, duel.cards))}


def _load_duel(data: dict | None) -> Duel | None:
    if data is None:
        return None
    return Duel(data["attacker"], data["defender"], data["kind"],
                tuple(map(tuple, data["cards"])))


def _copy_herds(herds: list) -> list:
    """A fresh copy of every herd's stacks (faster than the checks' nested copies: the herds
    are copied on every clone, which bots make by the thousand)."""
    return [list(map(list, herd)) for herd in herds]


def _copy_lists(lists: list) -> list:
    return list(map(list, lists))


_CARD = OneOf(CARD_IDS)
_HAND = ListOf(OneOf(HAND_CARDS), max_len=126)
#: every field of a position, once: its name in the save, its check, and where needed the
#: attribute (``actions`` are the face-down ``action_cards``) and the record converters
SAVED_FIELDS = (
    Saved("hands", ListOf(_HAND, length="players"), save=_copy_lists, load=_copy_lists),
    Saved("actions", ListOf(ListOf(OneOf(ACTIONS), max_len=4), length="players"),
          attr="action_cards", save=_copy_lists, load=_copy_lists),
    Saved("aside", ListOf(_HAND, length="players"), save=_copy_lists, load=_copy_lists),
    Saved("herds", ListOf(ListOf(ListOf(OneOf(HAND_CARDS), min_len=2, max_len=126),
                                 max_len=MAX_STACKS), length="players"),
          save=_copy_herds, load=_copy_herds),
    Saved("trash", ListOf(_CARD, max_len=126)),
    Saved("box", ListOf(_CARD, max_len=126)),
    Saved("duel", Nullable(Fields(attacker=Seat(), defender=Seat(), kind=OneOf(GOATS),
                                  cards=ListOf(Tuple(Seat(), OneOf(HAND_CARDS)), min_len=1,
                                               max_len=126))),
          save=_save_duel, load=_load_duel),
    Saved("pending", Nullable(Fields(kind=OneOf(PENDING), seat=Seat(), card=Nullable(_CARD),
                                     target=Nullable(Seat()), arg=Nullable(Int(0, MAX_STACKS)),
                                     queue=ListOf(Seat(), max_len=6))),
          save=_save_pending, load=_load_pending),
    Saved("steps", ListOf(Tuple(OneOf(STEPS), Seat(), Int(0, 126)), max_len=40),
          save=_copy_lists, load=lambda data: list(map(Step._make, data))),
    Saved("current", Seat()), Saved("first", Seat()), Saved("turn", Int(0, MAX_TURNS)),
    Saved("round", Int(1, MAX_TURNS + 1)), Saved("plays_left", Int(0, 20)),
    Saved("action_cards_left", Int(0, 1)), Saved("acted", Bool()), Saved("rain", Bool()),
    Saved("skips", ListOf(Int(0, 5), length="players")),
    Saved("reshuffle_used", Bool()), Saved("reshuffles", Int(0, MAX_TOTAL)),
    Saved("totals", ListOf(Int(0, MAX_TOTAL), length="players")),
    Saved("over", Bool()), Saved("winners", ListOf(Seat(), max_len=6), attr="_winners"),
    Saved("known", ListOf(Tuple(Int(-1, 5), Seat(), OneOf(HAND_CARDS)), max_len=200),
          save=_copy_lists, load=_copy_lists),
)


def deal_steps(state) -> list[Step]:
    """The steps of a deal (GL-X2, GL-R29): fill every hand from the dealer's left (the
    first player), start the discard pile, start the first player's turn."""
    return ([Step("fill", s) for s in state.seats_from(state.first)]
            + [Step("pile", 0), Step("start", state.first)])


#: (players, current) -> the steps that end that seat's turn (records are immutable, and a
#: turn ends after almost every decision: made once)
_END_STEPS: dict[tuple[int, int], tuple[Step, ...]] = {}


def end_steps(state) -> list[Step]:
    """The steps that end a turn (GL-R7, GL-R32): set-aside cards come back, hands refill
    from the player round the table, discards down to the hand size in the same order, then
    the next turn."""
    key = (state.players, state.current)
    steps = _END_STEPS.get(key)
    if steps is None:
        order = state.seats_from(state.current)
        steps = _END_STEPS[key] = (
            (Step("unaside", state.current),) + tuple(Step("fill", s) for s in order)
            + tuple(Step("toss", s) for s in order) + (Step("next", state.current),))
    return list(steps)


def check_position(state) -> None:
    """Raise ``ValueError`` naming the field if ``state``'s position is not one the rules
    could leave (see the module docstring)."""
    check(state.save_schema, state._get_data(), "position", players=state.players)
    _check_cards(state)
    phase = _check_steps(state)
    _check_pending(state)
    _check_counters(state, phase)
    _check_end(state)
    _check_chance(state)
    if not state.over and not any(state._legal(s) for s in state._deciders()):
        raise ValueError("pending: the game is not over, yet no seat has a legal action")


def _fail(text: str) -> None:
    raise ValueError(text)


def _check_cards(state) -> None:
    n, pending = state.players, state.pending
    for s in range(n):
        if state.hands[s] != sort_cards(state.hands[s]) or state.aside[s] != sort_cards(
                state.aside[s]) or state.action_cards[s] != sort_cards(state.action_cards[s]):
            _fail(f"hands: seat {s}'s cards must be listed in card order")
        trashing = pending is not None and pending.kind == "trash" and pending.seat == s
        if len(state.action_cards[s]) != 4 if trashing else len(state.action_cards[s]) > 3:
            _fail(f"actions: seat {s} must hold {'four' if trashing else 'at most three'} "
                  f"face-down action cards{' to trash one' if trashing else ''} (GL-R6)")
        for stack in state.herds[s]:
            if len({c for c in stack if c in IS_GOAT}) != 1:
                _fail(f"herds: a stack of seat {s} must hold one kind of goat (GL-R34)")
    if state.aside != [[]] * n and not state.rain:
        _fail("aside: cards are set aside only under Raining Fire-Goats (GL-R19)")
    _check_box(state)
    _check_trash(state)
    for knower, holder, card in state.known:
        if knower == holder or knower >= n:
            _fail(f"known: seat {knower} can't know of a card in seat {holder}'s hand")
    for k in range(n):
        for (holder, card), m in Counter(state._known_by(k, cap=False)).items():
            if m > state.hands[holder].count(card):
                _fail(f"known: seat {k} knows of more {card!r} cards than seat {holder} holds")


def _check_box(state) -> None:
    """The box holds the cards out of the game: with ``action_cards=False`` every action card
    and nothing else (GL-R25; a goat there would be a goat nobody can ever draw); with action
    cards in play, only the cards a position builder leaves out (its ``pile=``)."""
    box = state.box
    if box != sort_cards(box):
        _fail("box: the cards out of the game must be listed in card order")
    if not state.variants["action_cards"]:
        if any(c in IS_ACTION for c in zones(state) - Counter(box)):
            _fail("actions: action cards are out of this game (action_cards=False, GL-R25)")
        stray = next((c for c in box if c not in IS_ACTION), None)
        if stray is not None:
            _fail(f"box: with action_cards=False the cards out of the game are the action "
                  f"cards (GL-R25), not a {stray!r}")


def _check_trash(state) -> None:
    """The trash (GL-X10) holds the action cards played or trashed, and the stacks Atomic Goat
    destroyed (GL-R15): a goat or wild card is there only in such a stack, put right after
    the Atomic Goat that destroyed it (nothing comes between: an Escape Goat cancels it before
    its stack moves), and a stack is two cards or more of one kind of goat (GL-R34)."""
    trash, i = state.trash, 0
    while i < len(trash):
        if trash[i] in IS_ACTION:
            i += 1
            continue
        end = next((j for j in range(i, len(trash)) if trash[j] in IS_ACTION), len(trash))
        stack = trash[i:end]
        if i == 0 or trash[i - 1] != "atomic":
            _fail(f"trash: a {stack[0]!r} is in the trash, but goat and wild cards go there "
                  "only as a stack Atomic Goat destroyed, right after it (GL-R15)")
        if len(stack) < 2 or len({c for c in stack if c in IS_GOAT}) != 1:
            _fail(f"trash: {stack[:4]} is not a stack Atomic Goat can destroy: two cards or "
                  "more of one kind of goat (GL-R15, GL-R34)")
        i = end


def _suffix_from(steps: list, full: list, kinds: tuple) -> bool:
    """Whether ``steps`` is what is left of ``full`` when paused at a step of ``kinds``."""
    return bool(steps) and steps[0].kind in kinds and steps == full[len(full) - len(steps):]


def _check_steps(state) -> str:
    """The automatic steps left: paused only by a trash (while drawing) or a toss (while
    discarding down). Returns the phase: "deal", "end" (of a turn), "turn" or "over"."""
    steps, pending = state.steps, state.pending
    if state.over:
        if steps or pending is not None:
            _fail("over: nothing is pending once the game is over")
        return "over"
    pause = pending.kind if pending is not None else None
    if not steps:
        if pause in ("trash", "toss"):
            _fail(f"steps: a {pause} decision pauses a step of the turn machine, and none is "
                  "left")
        return "turn"
    if pause not in ("trash", "toss"):
        _fail("steps: steps are left only while a trash or a toss decision pauses them")
    first, seat = steps[0], pending.seat
    own = ("toss",) if pause == "toss" else ("fill", "draw")
    if first.seat != seat or first.kind not in own:
        _fail(f"steps: the {pause} decision of seat {seat} must pause its own "
              f"{' or '.join(own)} step, not {list(first)}")
    if first.kind == "fill" and len(state.hands[seat]) >= state.hand_size:
        _fail(f"steps: seat {seat}'s hand is full, so it is not filling it (GL-R6)")
    if _suffix_from(steps, deal_steps(state), ("fill",)) and state.current == state.first:
        return "deal"
    if _suffix_from(steps, end_steps(state), ("fill", "toss")):
        return "end"
    if first.kind == "draw" and first.seat == state.current and (
            1 <= first.n <= max(max(DRAWS.values()), 1)) and steps[1:] in ([], end_steps(state)):
        return "end" if steps[1:] else "turn"
    _fail(f"steps: {str([list(s) for s in steps])[:80]} is not what a deal, a draw or the end of a turn leaves")
    return ""                                                       # pragma: no cover


def _check_pending(state) -> None:
    pending, duel, n = state.pending, state.duel, state.players
    if (pending is not None and pending.kind == "duel") != (duel is not None):
        _fail("duel: a duel is in progress exactly when a duel answer is pending")
    if pending is None:
        return
    kind, seat, card, target = pending.kind, pending.seat, pending.card, pending.target
    uses = {"escape": ("card", "target", "arg", "queue"), "rain": ("card", "queue"),
            "take": ("target",)}.get(kind, ())
    for name, empty in (("card", None), ("target", None), ("arg", None), ("queue", ())):
        if name not in uses and getattr(pending, name) != empty:
            _fail(f"pending.{name}: a {kind} decision has no {name}")
    if kind == "duel":
        _check_duel(state)
    elif kind == "escape":
        _check_escape(state)
    elif kind == "take":
        if seat != state.current or target == seat or state.variants["hypnotized"] != "choose":
            _fail("pending.seat: the player whose turn it is picks a card from another hand, "
                  "only under the 'choose' variant (GL-R16)")
        if not state.hands[target] or "hypno" not in state.trash:
            _fail("pending: a card to take needs Hypnotized Goat played on a seat holding "
                  "cards (GL-R16, GL-X8)")
    elif kind == "rain":
        if seat != state.current or card != "rain" or not state.rain or "rain" not in state.trash:
            _fail("pending: the Raining Fire-Goats pick follows the card played this turn "
                  "(GL-R19)")
        if state.aside != [[]] * n:
            _fail("aside: nothing is set aside before the Raining Fire-Goats picks (GL-R32)")
        if list(pending.queue) != [s for s in range(n) if len(state.hands[s]) >= 2]:
            _fail("pending.queue: every seat with two or more cards, and only those, picks "
                  "a card to keep (GL-R32, GL-X6)")
    elif kind == "toss" and len(state.hands[seat]) <= state.hand_size:
        _fail("pending.seat: only a seat above the hand size discards down to it (GL-R7)")


def _check_duel(state) -> None:
    duel, pending = state.duel, state.pending
    a, d, cards = duel.attacker, duel.defender, duel.cards
    if a == d or a != state.current or not state.herds[a] or len(state.herds[d]) < 2:
        _fail("duel: the player whose turn it is, with a Base Stack, duels another seat with "
              "two or more stacks (GL-R10)")
    if state.rain:
        _fail("rain: a duel under Raining Fire-Goats is won at once by its opening card (GL-X7)")
    if not state.acted:
        _fail("acted: a duel is a play of the turn (GL-R7)")
    if state.top_kind(d) != duel.kind or any(c != duel.kind and c not in IS_WILD
                                             for _, c in cards):
        _fail("duel: duel cards must match the duelled stack or be wilds (GL-R11)")
    if any(s != (a if i % 2 == 0 else d) for i, (s, _) in enumerate(cards)):
        _fail("duel: duel cards alternate between attacker and defender (GL-R11)")
    seat = pending.seat
    if seat != (d if len(cards) % 2 else a):
        _fail("pending.seat: the duel's answer is the turn of the seat that did not play the "
              "last card (GL-R11)")
    if not state.hands[seat] and not (len(cards) == 1 and state.action_cards[seat]):
        _fail("pending.seat: a seat with nothing to answer with is not asked (GL-X3)")


def _check_escape(state) -> None:
    pending, current = state.pending, state.current
    card, seat, target, queue = pending.card, pending.seat, pending.target, pending.queue
    if card not in DEFAULT_EXTRA_PLAYS or card in UNSTOPPABLE:
        _fail("pending.card: Escape Goat answers only a card it can cancel (GL-R14)")
    if state.rain or not state.acted or card not in state.trash or not state.herds[current]:
        _fail("pending: Escape Goat answers a card just played (it is in the trash) by a "
              "player with a stack, not under Raining Fire-Goats (GL-R13, GL-R19, GL-X10)")
    if card in TARGETED:
        least = 2 if card == "sneak" else 1
        if target is None or target == current or len(state.herds[target]) < least:
            _fail(f"pending.target: {card} names another player with a stack (GL-R33)")
        if seat != target or queue:
            _fail("pending.seat: only the target of the card may cancel it (GL-R14)")
    elif target is not None:
        _fail(f"pending.target: {card} names no target (GL-R27)")
    if card == "sneak":
        if pending.arg is None or not 2 <= pending.arg <= len(state.herds[target]):
            _fail("pending.arg: Sneak-A-Goat moves one of the target's stacks above the Base "
                  "Stack (GL-R17)")
    elif pending.arg is not None:
        _fail(f"pending.arg: {card} moves no stack")
    asked = [t for t in state.seats_from(current)[1:] if state.action_cards[t]]  # GL-R27, X3
    if seat == current or not state.action_cards[seat]:
        _fail("pending.seat: Escape Goat is asked of another seat with face-down cards "
              "(GL-X3)")
    if card not in TARGETED and [seat, *queue] != asked[len(asked) - 1 - len(queue):]:
        _fail("pending.queue: the seats still to ask are the next ones clockwise with "
              "face-down cards (GL-R27)")


def _check_counters(state, phase: str) -> None:
    n, pending, steps = state.players, state.pending, state.steps
    variants = state.variants
    if state.first != (state.round - 1) % n:
        _fail(f"first: round {state.round} is started by seat {(state.round - 1) % n} "
              "(GL-X1)")
    least = state.round - 1 if phase == "deal" else max(state.round, 1)
    if state.turn < least:                        # past the turn guard: the engine's check
        _fail(f"turn: {state.turn} can't be turn of round {state.round}: each round so far has "
              "had a turn (GL-X1)")
    if variants["target_score"] is None and state.round != 1:
        _fail("round: a game without target_score is one round (GL-R25)")
    if not state.over and (state.round == 1 or variants["target_score"] is None) and any(
            state.totals):
        _fail("totals: totals grow only when a round ends (GL-X12)")
    if not state.over and variants["target_score"] is not None and max(
            state.totals) >= variants["target_score"]:
        _fail("totals: the game ends once a total reaches the target_score (GL-X12)")
    if variants["reshuffle"] == "once" and state.reshuffles > 1 or (
            state.reshuffles and not state.reshuffle_used):
        _fail("reshuffles: more reshuffles than the rules allow (GL-R30)")
    if sum(state.skips) > state.trash.count("loaf") or state.skips[state.current]:
        _fail("skips: a lost turn comes from a Loaf of Goat in the trash, aimed at another "
              "player (GL-R21)")
    in_turn = phase == "turn" or Step("unaside", state.current) in steps   # not yet given back
    if state.rain and (not in_turn or not state.acted or "rain" not in state.trash):
        _fail("rain: Raining Fire-Goats is in force only during the turn it was played "
              "(GL-R19)")
    if phase in ("end", "over"):
        if state.plays_left or state.action_cards_left:
            _fail("plays_left: a turn that has ended has no plays left")
    elif phase == "deal" or not state.acted:
        if state.plays_left != 1 or state.action_cards_left != 1:
            _fail("plays_left: a turn that has had no action yet has exactly one play (GL-R7)")
        if phase == "deal" and (state.acted or state.duel or any(state.herds) or any(
                state.skips) or state.known):
            _fail("steps: a deal starts a round with empty herds and a fresh turn (GL-X2)")
        if phase == "turn" and (pending is not None or steps):
            _fail("acted: every decision inside a turn follows an action (GL-R7)")
    if phase == "deal":
        order = state.seats_from(state.first)
        now = order.index(steps[0].seat)
        for i, s in enumerate(order):
            full = len(state.hands[s]) == state.hand_size
            if (i < now and not full) or (i == now and full) or (
                    i > now and (state.hands[s] or state.action_cards[s])):
                _fail(f"hands: the deal fills hands one at a time from seat {order[0]} (GL-X2)")
    if phase == "turn" and pending is None:
        if state.plays_left < 1:
            _fail("plays_left: a turn with no play left is over")
        if not state._has_choice(state.current):
            _fail("current: a player with nothing to do is not asked (GL-X4)")


def _check_end(state) -> None:
    variants, totals, n = state.variants, state.totals, state.players
    if state.over != bool(state._winners):
        _fail("winners: winners are set exactly when the game is over")
    if not state.over:
        return
    best = max(totals)
    if state._winners != [s for s in range(n) if totals[s] == best]:
        _fail("winners: the winners are exactly the seats with the highest total (GL-R24)")
    herds = [state.herd_value(s) for s in range(n)]
    one_round = variants["target_score"] is None
    if any(t != h if one_round else t < h for t, h in zip(totals, herds)):
        _fail("totals: a total is the herds' points of every round played (GL-R24, GL-X12)")
    guard = state.turn_guard_reached()
    if not guard and not (all(not h for h in state.hands) and state._nothing_to_draw()):
        _fail("over: a round ends when every hand is empty and nothing is left to draw "
              "(GL-R24), or at the turn guard (GL-X11)")
    if not (one_round or guard or best >= variants["target_score"]):
        _fail("totals: the game ends once a total reaches the target_score (GL-X12)")


def _check_chance(state) -> None:
    deck = state.decks["draw"]
    if deck.name != "draw" or deck.reshuffle:
        _fail("decks.draw: the draw pile is remade from the discard pile only as the rules "
              "say (GL-R30), never by itself")
    if any(c in IS_ACTION for c in deck.discards):
        _fail("decks.draw: an action card never goes on the discard pile (GL-R6)")


def check_invariants(state) -> None:
    """The 126 cards are all somewhere, once each; cards sit where they may (an
    ``AssertionError`` says which law is broken)."""
    where = zones(state)
    assert where == full_deck(), "cards were created or lost: " + str(
        (where - full_deck()) + (full_deck() - where))
    for s in range(state.players):
        assert not any(c in IS_ACTION for c in state.hands[s] + state.aside[s]), \
            "an action card is in a hand (GL-R6)"
        assert all(c in IS_ACTION for c in state.action_cards[s]), "a hand card is face down"
        assert len(state.action_cards[s]) <= 4
        for stack in state.herds[s]:
            assert len(stack) >= 2 and not any(c in IS_ACTION for c in stack)
            assert len({c for c in stack if c in IS_GOAT}) == 1, "a stack mixes goats"
    if not state.over and state.pending is None and not state.steps:
        assert state._has_choice(state.current) or state.acted, "the turn has no decision"


# ---------------------------------------------------------------------- options


def check_options(options: dict) -> dict:
    """The game's options (a save holds them too), with the engine's defaults and turn guard
    already checked: card ``values`` (GL-R2), ``extra_plays`` (GL-R3), ``hypnotized``
    (GL-R16), ``reshuffle`` (GL-R30), ``target_score`` and ``action_cards`` (GL-R25). Returns
    them with the card maps filled in; :class:`VariantError` names a wrong one."""
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
    return {**options, "values": {**DEFAULT_VALUES, **values},
            "extra_plays": {**DEFAULT_EXTRA_PLAYS, **plays}}


# ---------------------------------------------------------------------- where the cards are


def held(state) -> Counter:
    """The cards in front of the players: hands, face-down action cards, cards set aside
    and herds."""
    total = Counter()
    for group in (state.hands, state.action_cards, state.aside):
        for cards in group:
            total.update(cards)
    for herd in state.herds:
        for stack in herd:
            total.update(stack)
    return total


def zones(state) -> Counter:
    """Every card of the game, wherever it is (hands, face-down, set aside, herds, duel,
    draw and discard piles, trash, box)."""
    deck = state.decks["draw"]
    total = held(state)
    if state.duel is not None:
        total.update(c for _, c in state.duel.cards)
    total.update(deck.pile)
    total.update(deck.discards)
    total.update(state.trash)
    total.update(state.box)
    return total
