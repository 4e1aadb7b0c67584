"""BattleGoats saves: the saved fields declared once, what a position the rules can reach must
satisfy, and the conservation of cards.

A saved game is untrusted. ``SAVED_FIELDS`` declares every field of the position once, with
its type and range; the engine derives the save, the load and the schema check from it.
:func:`check_position` then ties the fields together the way play leaves them: the phase and
its counters (draft round, turn, changes of mind), what the pending decision needs (packs in
the draft, hands in the layout, full battlefields before the first attack, an attacker with
cards), what only the battle makes (discards, face-up and remembered cards, the last fight
and what it left on the board), the end of the game (the winners are exactly the seats the
rules make winners) and each drafter's memory. The loader and the position builder both run
it (through ``BattleGoatsState._check_position``), so a built position always loads from its
own save. :func:`check_invariants` checks that no card is created or lost.

    >>> from goatwidgets.games.battlegoats import new_game
    >>> s = new_game(players=2, seed=1)
    >>> check_position(s)
    >>> s.turn = 4
    >>> check_position(s)
    Traceback (most recent call last):
    ...
    ValueError: turn: the battle has not begun, so this is still turn 1 (BG-R9)
"""

from __future__ import annotations

from collections import Counter

from ...engine.schema import Bool, Fields, Int, ListOf, Nullable, OneOf, Saved, Seat, Str
from .actions import INDEX, SIZE, SQUARES

PHASES = ("draft", "layout", "first", "battle", "over")
ENDS = ("win", "shared", "none", "draw")
HAND = 8                     # non-Hero cards each (BG-R5)
MAX_CHANGES = 3              # changes of mind per turn about the attacking card (BG-X11)
#: a drafter passes at most 7 + 6 + ... + 1 cards (BG-R6)
MAX_PASSED = HAND * (HAND - 1) // 2

TERM = Fields(text=Str(60), value=Int(0, 999), hide=ListOf(Seat(), max_len=6))
SIDE = Fields(seat=Seat(), square=OneOf(SQUARES), card=Str(16), power=Int(0, 999),
              terms=ListOf(TERM, min_len=1, max_len=8))
CARDS_EACH = ListOf(Str(16), max_len=SIZE)


def _tuple_or_none(winners):
    return None if winners is None else tuple(winners)


def _shared(last):
    """The last fight as it is: a fight makes a new record and nothing changes one, so a
    copy of the state (a bot's, an undo's snapshot) may share it; copying it field by
    field would double the cost of ``clone()``."""
    return last


#: the position's fields, each once (the keys of a save; ``winners`` lives in ``_winners``)
SAVED_FIELDS = (
    Saved("phase", OneOf(PHASES)),
    Saved("round", Int(0, HAND - 1)),                         # the draft's round (BG-R6)
    Saved("hands", ListOf(CARDS_EACH, length="players")),
    Saved("packs", ListOf(ListOf(Str(16), max_len=HAND), length="players")),
    Saved("passed", ListOf(ListOf(Str(16), max_len=MAX_PASSED), length="players")),  # BG-X7
    Saved("fields", ListOf(ListOf(Nullable(Str(16)), length=SIZE), length="players")),
    # the turn from which a square's card is face up (BG-R10), or None
    Saved("up", ListOf(ListOf(Nullable(Int(1, None)), length=SIZE), length="players")),
    # squares everyone remembers (BG-R10, BG-X6)
    Saved("known", ListOf(ListOf(Bool(), length=SIZE), length="players")),
    Saved("discards", ListOf(CARDS_EACH, length="players")),
    Saved("finisher", Nullable(Seat())),                      # drawn as first to finish (BG-R8)
    Saved("current", Seat()),                                 # the attacker (BG-R9)
    Saved("turn", Int(1, None)),
    Saved("aim", Nullable(OneOf(SQUARES))),                   # the attacker's card (BG-X10)
    Saved("changes", Int(0, MAX_CHANGES)),                    # changes of mind (BG-X11)
    Saved("last", Nullable(Fields(turn=Int(1, None), attacker=SIDE, defender=SIDE,
                                  defeated=ListOf(OneOf(["attacker", "defender"]),
                                                  min_len=1, max_len=2),
                                  exploded=Bool())),
          save=_shared, load=_shared),                # the last fight (BG-R9, BG-R16)
    Saved("winners", Nullable(ListOf(Seat(), max_len=2)), attr="_winners",
          load=_tuple_or_none),
    Saved("end", Nullable(OneOf(ENDS))),
)


def check_position(state) -> None:
    """Raise ``ValueError`` naming the field if ``state``'s position is not one the rules
    could leave (see the module docstring)."""
    _check_piles(state)
    _check_squares(state)
    _check_phase(state)
    _check_end(state)
    _check_last(state)
    _check_fights(state)
    _check_memory(state)


def _fail(text: str) -> None:
    raise ValueError(text)


def _placed(state) -> list[int]:
    return [sum(c is not None for c in f) for f in state.fields]


def _check_piles(state) -> None:
    """The cards set aside (BG-R5): the Heroes no player was dealt in the Heroes' pile, the
    other cards in the other pile, as the deal leaves them (a Hero among the other cards
    would be a Hero the deal could never have set aside there)."""
    for name, heroes in (("heroes", True), ("cards", False)):
        deck = state.decks[name]
        if deck.name != name or deck.reshuffle or deck.discards:
            _fail(f"decks.{name}: the cards set aside stay aside: a pile of its own, never "
                  "drawn from again, with no discard pile (BG-R5)")
        stray = next((c for c in state.decks[name].pile
                      if c in state.cards and state.cards[c].is_hero != heroes), None)
        if stray is not None:
            _fail(f"decks.{name}: {stray[:16]!r} is {'not a Hero' if heroes else 'a Hero'}, "
                  f"and this pile sets aside only {'Heroes' if heroes else 'the other cards'} "
                  "(BG-R5)")


def _check_squares(state) -> None:
    """Face-up and remembered marks, and discards: only what a fight can leave (BG-R10)."""
    fighting = state.phase in ("battle", "over")
    for seat in range(state.players):
        for i in range(SIZE):
            card, up = state.fields[seat][i], state.up[seat][i]
            where = f"seat {seat} square {SQUARES[i]}"
            if card is not None and card not in state.cards:
                _fail(f"fields: {where} holds {card[:16]!r}, not a card of this deck")
            if card is None and (up is not None or state.known[seat][i]):
                _fail(f"up/known: {where} is empty but marked face up or remembered (BG-R10)")
            if not fighting and (up is not None or state.known[seat][i]):
                _fail(f"up/known: {where} is face up or remembered before any fight "
                      "(BG-R10)")
            if up is not None and not state.cards[card].has("stays_face_up"):
                _fail(f"up: {where} is face up, but only a card that stays face up after a "
                      "win can be (BG-R2)")
            if up is not None and up > state.turn + (state.phase == "over"):
                _fail(f"up: {where} is face up from a turn still to come (BG-R10)")
        if state.discards[seat] and not fighting:
            _fail(f"discards: seat {seat} lost cards before the battle (BG-R9)")


def _check_phase(state) -> None:
    """The phase's counters and what its pending decision needs."""
    n, phase, placed = state.players, state.phase, _placed(state)
    if phase == "draft":
        if not 1 <= state.round <= HAND - 1 or any(
                len(p) != HAND + 1 - state.round or len(h) != state.round
                for p, h in zip(state.packs, state.hands)) or any(placed):
            _fail("packs/hands: draft packs and hands don't match the draft round (BG-R6)")
    elif state.round:
        _fail("round: rounds are counted only during the draft (BG-R6)")
    elif any(state.packs):
        _fail("packs: packs exist only during the draft (BG-R6)")
    if phase == "layout":
        for seat in range(n):
            if placed[seat] + len(state.hands[seat]) != SIZE or len(state.hands[seat]) == 1:
                _fail(f"hands: seat {seat}'s hand and battlefield don't add up to nine cards "
                      "laid out one at a time, the last by itself (BG-X1)")
        if not any(state.hands):
            _fail("hands: every battlefield is complete, so the layout is over (BG-R8)")
    elif phase != "draft" and any(state.hands):
        _fail("hands: hands are empty once the layout is done (BG-R7)")
    if phase in ("draft", "layout", "first") and state.turn != 1:
        _fail("turn: the battle has not begun, so this is still turn 1 (BG-R9)")
    if phase in ("draft", "layout", "first") and state.current != 0:
        _fail("current: the first attacker is chosen when the battle begins (BG-R8)")
    if phase in ("draft", "layout") and state.finisher is not None:
        _fail("finisher: the first to finish is drawn once every battlefield is laid out "
              "(BG-R8)")
    if phase == "first" and (state.finisher is None or placed != [SIZE] * n):
        _fail("finisher: the first attacker is named once every battlefield is full (BG-R8)")
    # (a turn past the limit, BG-R14: the engine checks it, from ``turn_guard``)
    if phase == "battle":
        alive = [s for s in range(n) if placed[s]]
        if len(alive) < 2 or state.current not in alive:
            _fail("current: the attacker must have cards and an opponent with cards (BG-R11)")
        if state.aim is not None and state.fields[state.current][INDEX[state.aim]] is None:
            _fail("aim: the attacker aims with an empty square (BG-X10)")
    elif state.aim is not None or state.changes:
        _fail("aim/changes: a card is chosen to attack only during the battle (BG-X10)")


def _check_last(state) -> None:
    """The last fight (BG-R9, BG-R16): in the battle, on the turn before; its powers are the
    sums of their terms and decide who fell; the board shows what it left."""
    last, phase = state.last, state.phase
    if last is None:
        if phase == "over":
            _fail("last: a finished game ends with a fight (BG-R13)")
        return
    if phase not in ("battle", "over"):
        _fail("last: there are fights only in the battle (BG-R9)")
    if last["turn"] != state.turn - (phase == "battle"):
        _fail(f"last.turn: the last fight was on turn {last['turn']}, not the turn before "
              "this one (BG-R9)")
    sides = {role: last[role] for role in ("attacker", "defender")}
    if sides["attacker"]["seat"] == sides["defender"]["seat"]:
        _fail("last: a card attacks a card of another player (BG-R9)")
    for role, side in sides.items():
        if side["card"] not in state.cards:
            _fail(f"last.{role}.card: {side['card'][:16]!r} is not a card of this deck")
        if side["power"] != sum(t["value"] for t in side["terms"]):
            _fail(f"last.{role}.power: {side['power']} is not the sum of its terms (BG-R16)")
    pa, pd = sides["attacker"]["power"], sides["defender"]["power"]
    lost = ["defender"] if pa > pd else ["attacker"] if pd > pa else ["attacker", "defender"]
    if last["exploded"]:
        loser = sides[lost[0]]["card"]
        if len(lost) != 1 or not state.cards[loser].has("explodes") or (
                last["defeated"] != ["attacker", "defender"]):
            _fail("last.exploded: only a card that explodes and loses takes the other card "
                  "with it (BG-R2, BG-X5)")
    elif last["defeated"] != lost:
        fall = "both fall" if len(lost) == 2 else f"the {lost[0]} falls"
        _fail(f"last.defeated: with powers {pa} and {pd}, {fall} (BG-R9)")
    for role, side in sides.items():
        seat, i = side["seat"], INDEX[side["square"]]
        if role in last["defeated"]:
            if state.fields[seat][i] is not None or state.discards[seat][-1:] != [side["card"]]:
                _fail(f"last.{role}: the defeated card goes from its square to its owner's "
                      "discard pile (BG-R9)")
        elif state.fields[seat][i] != side["card"] or not state.known[seat][i]:
            _fail(f"last.{role}: the card that won stays on its square, remembered by all "
                  "(BG-R10)")


def _check_fights(state) -> None:
    """What the fights so far guarantee (BG-R9, BG-R11): the battle's turn ``t`` follows
    ``t - 1`` attacks (a finished game's last turn had one too), each attack defeats at least
    one card and a tie (or an exploding card, BG-X5) both, and nothing leaves a discard pile:
    so the discard piles hold at least one card per attack, two for the last fight if it
    took both. (More is possible: a position built with cards already lost, a tie earlier.)
    After a fight the attack passes clockwise to the next seat with cards (BG-R11)."""
    if state.phase not in ("battle", "over"):
        return
    fights = state.turn - (state.phase == "battle")
    last = state.last
    least = fights + (len(last["defeated"]) - 1 if last is not None else 0)
    lost = sum(map(len, state.discards))
    if lost < least:
        _fail(f"discards: after {fights} attack{'s' if fights != 1 else ''} at least "
              f"{least} card{'s' if least != 1 else ''} were defeated, yet the discard piles "
              f"hold {lost}: every attack defeats a card, a tie both (BG-R9)")
    if state.phase == "battle" and last is not None:
        attacker = last["attacker"]["seat"]
        after = state.next_seat(attacker, skip=lambda s: not any(state.fields[s]))
        if state.current != after:
            _fail(f"current: after seat {attacker}'s attack, seat {after} attacks next, the "
                  f"next seat with cards (BG-R9, BG-R11), not seat {state.current}")


def _check_end(state) -> None:
    """Winners and the way the game ended, exactly as the rules make them (BG-R13 to R15)."""
    over, winners, end = state.phase == "over", state._winners, state.end
    if over != (winners is not None) or over != (end is not None):
        _fail("winners/end: they are set exactly when the game is over (BG-R13)")
    if not over:
        return
    alive = [s for s in range(state.players) if any(state.fields[s])]
    if end == "win":
        if list(winners) != alive or len(alive) != 1:
            _fail("winners: a game is won by the one player with cards left (BG-R13, BG-R15)")
    elif end in ("shared", "none") and state.last is not None:
        fell = sorted(state.last[role]["seat"] for role in ("attacker", "defender"))
        if alive or state.last["defeated"] != ["attacker", "defender"]:
            _fail(f"end: {end!r} is only for the last two cards falling together (BG-R13)")
        if state.variants["mutual_defeat"] != end:
            _fail(f"end: the table chose mutual_defeat={state.variants['mutual_defeat']!r}, "
                  f"not {end!r} (BG-R13)")
        if list(winners) != (fell if end == "shared" else []):
            _fail("winners: a shared victory goes to the two players whose cards fell "
                  "together, and 'none' to nobody (BG-R13)")
    elif winners or len(alive) < 2 or state.turn != state.max_turns:
        _fail("end: a draw has no winners and comes only at the turn limit, with two or "
              "more players left (BG-R14, BG-X8)")


def _check_memory(state) -> None:
    """What each drafter remembers passing on (BG-R6, BG-X7): only in a draft, only cards
    passed so far, never a Hero."""
    draft = state.variants["draft"]
    rounds = state.round - 1 if state.phase == "draft" else HAND - 1
    most = sum(HAND - k for k in range(1, rounds + 1))
    for seat, memory in enumerate(state.passed):
        if memory and not draft:
            _fail(f"passed: seat {seat} remembers passing cards in a game without a draft "
                  "(BG-R6)")
        if len(memory) > most:
            _fail(f"passed: seat {seat} remembers {len(memory)} cards passed on; by now at "
                  f"most {most} were (BG-R6)")
        if any(c not in state.cards or state.cards[c].is_hero for c in memory):
            _fail(f"passed: seat {seat} remembers passing a card that is not one of the "
                  "deck's non-Hero cards (BG-R6)")


# ---------------------------------------------------------------- conservation of cards


def check_invariants(state) -> None:
    """Every card of the deck is in exactly one place: a pile (set aside), a hand, a pack, a
    battlefield or a discard pile; each player has one Hero."""
    everything = Counter(state.decks["heroes"].pile) + Counter(state.decks["cards"].pile)
    for seat in range(state.players):
        mine = state.hands[seat] + state.packs[seat] + state.discards[seat] + [
            c for c in state.fields[seat] if c is not None]
        everything.update(mine)
        held = state.hands[seat] + state.discards[seat] + [c for c in state.fields[seat] if c]
        assert sum(state.cards[c].is_hero for c in held) == 1, f"seat {seat} has not 1 Hero"
        assert not any(state.cards[c].is_hero for c in state.packs[seat]), "a Hero in a pack"
        theirs = others_cards(state, seat, seen=False) + others_cards(state, seat, seen=True)
        assert Counter(state.passed[seat]) <= theirs, (
            f"seat {seat} remembers passing cards that no other seat has (BG-X7)")
    full = Counter(state.catalog.ids(True)) + Counter(state.catalog.ids(False))
    assert everything == full, f"cards created or lost: {(everything - full) or (full - everything)}"
    assert not state.decks["heroes"].discards and not state.decks["cards"].discards


def others_cards(state, seat: int, seen: bool) -> Counter:
    """The non-Hero cards of the other seats that ``seat`` can't see (hands, packs, hidden
    squares) or, with ``seen``, those it can (squares it sees, discard piles)."""
    out: Counter = Counter()
    for o in range(state.players):
        if o != seat:
            if seen:
                out.update(state.discards[o])
            else:
                out.update(state.hands[o] + state.packs[o])
            out.update(c for i, c in enumerate(state.fields[o])
                       if c is not None and state.sees(seat, o, i) == seen)
    return Counter({c: k for c, k in out.items() if not state.cards[c].is_hero})
