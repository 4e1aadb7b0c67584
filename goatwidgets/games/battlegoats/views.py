"""BattleGoats views: what leaves the state for a seat, and the words it reads.

Every function takes the state as its first argument and changes nothing:

- ``public_view(state)``, ``private_view(state, seat)``: the view's keys (the JS reads them);
  a battlefield square as a seat may know it (BG-R12), the last fight's sums with what a
  seat can't know lumped together (BG-R16);
- ``prompt(state, seat)``: the pending decision in plain words, as ``seat`` may read it;
- ``power_terms(state, card, viewer)``, ``explain_sum``: a power term by term;
- the words of the log's lines (``*_line``/``*_lines``): the rules say them with ``say``.

    >>> from goatwidgets.games.battlegoats import new_game
    >>> s = new_game(players=3, seed=4, names=["Ana", "Bo", "Cy"])
    >>> prompt(s, 0)
    'Lay out in secret: put a card face down on an empty square of yours (9 cards left).'
    >>> prompt(s, None)
    'Ana, Bo and Cy are still laying out, in secret.'
    >>> public_view(s)["pass_to"]            # the draft passes to the right (BG-R6)
    [2, 0, 1]
"""

from __future__ import annotations

from ...engine.words import obj, plural, possessive, says, subject, verb
from .actions import INDEX, PHASE_DECISION, SIZE, SQUARES, Action, square_words
from .cards import card_list
from .saves import MAX_CHANGES

# ---------------------------------------------------------------- the views


def public_view(state) -> dict:
    """What everyone may know (``State._public_view``)."""
    n, phase = state.players, state.phase
    view = {
        "phase": phase, "round": state.round, "draft": state.variants["draft"],
        "turn": state.turn, "max_turns": state.max_turns,
        "attacker": state.current if phase == "battle" else None,
        "finisher": state.finisher, "end": state.end,
        "placed": [state.cards_left(s) for s in range(n)],
        "out": [s for s in range(n) if phase in ("battle", "over") and not any(state.fields[s])],
        "hand_sizes": [len(h) for h in state.hands],
        "pack_sizes": [len(p) for p in state.packs],
        "set_aside": state.decks["heroes"].count + state.decks["cards"].count,
        "discards": [list(d) for d in state.discards],
        "pass_to": [pass_to(state, s) for s in range(n)],
        "decision": ("target" if state.aim is not None else PHASE_DECISION[phase][0] or None),
        "aim": None if state.aim is None else {"seat": state.current, "square": state.aim},
    }
    view.update(board(state, None))
    return view


def private_view(state, seat: int) -> dict:
    """What only ``seat`` may know: its hand, its pack, the cards it passed on (BG-X7), and
    the board as it sees it (``State._private_view``)."""
    view = {"hand": list(state.hands[seat]), "pack": list(state.packs[seat]),
            "passed": list(state.passed[seat])}
    view.update(board(state, seat))
    return view


def pass_to(state, seat: int) -> int:
    """The seat a drafter passes its pack to: the one on its right, before it in turn order
    (BG-R6)."""
    return state.seats_from(seat)[-1]


def board(state, viewer: int | None) -> dict:
    """The battlefields, the last fight and the cards they name, as ``viewer`` may know them."""
    fields = [[cell(state, viewer, s, i) for i in range(SIZE)] for s in range(state.players)]
    last = last_fight(state, viewer)
    ids = {c["card"] for f in fields for c in f if c and "card" in c}
    ids.update(c for d in state.discards for c in d)
    if last:
        ids.update((last["attacker"]["card"], last["defender"]["card"]))
    if viewer is not None:
        ids.update(state.hands[viewer] + state.packs[viewer] + state.passed[viewer])
    return {"battlefields": fields, "last_attack": last,
            "cards": {c: state.cards[c].to_view() for c in sorted(ids)}}


def cell(state, viewer: int | None, seat: int, i: int) -> dict | None:
    """Square ``i`` of ``seat``'s battlefield as ``viewer`` may know it: None (empty, or
    another's layout), ``{"back": True}`` (face down), or the card with its power."""
    card = state.fields[seat][i]
    if card is None or (state.phase == "layout" and viewer != seat):
        return None
    if not state.sees(viewer, seat, i):
        return {"back": True}
    info = power_terms(state, (seat, i), viewer)
    out = {"card": card, "face_up": state.up[seat][i] is not None,
           "counts_up": state.counts_face_up(seat, i), "known": state.known[seat][i],
           "power": info["power"], "sum": info["sum"]}
    if info["if"]:
        out["if"] = info["if"]
    return out


def last_fight(state, viewer: int | None) -> dict | None:
    """The last fight (the view's ``last_attack``), each side's terms that ``viewer`` can't
    know added into one number (BG-R16)."""
    if state.last is None:
        return None
    out = {"turn": state.last["turn"], "defeated": list(state.last["defeated"]),
           "exploded": state.last["exploded"]}
    for role in ("attacker", "defender"):
        side = state.last[role]
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


def power_terms(state, card_position, viewer: int | None = None) -> dict | None:
    """The power of a card on the board, explained as far as ``viewer`` may know (BG-R16):
    ``{"card", "power", "terms", "sum", "if"}``. ``card_position`` is ``(seat, "b2")``,
    ``(seat, square index)`` or ``"1:b2"``. ``None`` if the viewer can't see the card;
    ``power`` is ``None`` when a term depends on cards the viewer can't see (shown as one "?"
    lump). ``if`` lists the bonuses that need a particular opponent.

        >>> from goatwidgets.games.battlegoats import position
        >>> s = position(fields=[{"f2": "pasturepal", "m2": "haybale", "b2": "lassokid"},
        ...                      {"f1": "golem"}])
        >>> power_terms(s, "0:b2", viewer=0)["sum"]
        '1 base + 4 × 2 cards in front = 9'
        >>> power_terms(s, "0:b2", viewer=1) is None
        True
    """
    if isinstance(card_position, str):
        seat_text, _, sq = card_position.partition(":")
        seat = int(seat_text)
    else:
        seat, sq = card_position
    square = INDEX[sq] if isinstance(sq, str) else sq
    card = state.fields[seat][square]
    if card is None or not state.sees(viewer, seat, square):
        return None
    shown, hidden_lump = [], False
    for t in state.terms(seat, square):
        if state.knows(viewer, t):
            shown.append({"text": t["text"], "value": t["value"]})
        else:
            hidden_lump = True
    total = None if hidden_lump else sum(t["value"] for t in shown)
    if hidden_lump:
        shown.append({"text": "? from cards you can't see", "value": None})
    conditional = [f"+{m.amount} against a {m.type}" if m.kind == "vs_type" else
                   f"+{m.amount} against a face-up card"
                   for m in state.cards[card].modifiers if m.kind in ("vs_type", "vs_face_up")]
    return {"card": card, "power": total, "terms": shown,
            "sum": explain_sum(shown, total), "if": conditional}


def explain_sum(terms: list[dict], total: int | None) -> str:
    """'1 base + 4 × 2 cards in front = 9' (a '?' total when part of it is unknown)."""
    text = terms[0]["text"] if terms else ""
    for t in terms[1:]:
        text += f" + {t['text']}"
    return f"{text} = {'?' if total is None else total}"


def public_action(state, entry: dict, seat: int | None) -> Action | None:
    """What the others saw done, for the board's mark of the last move: the first attacker
    named (BG-R8) and every attack (the card, a change of mind, the target: BG-R9, BG-X10)
    are done in the open; a draft pick (BG-R6) and a card laid face down (BG-R7, BG-X1) name
    a card in secret, so they are their owner's alone.

        >>> from goatwidgets.games.battlegoats import new_game
        >>> s = new_game(players=2, seed=1)
        >>> public_action(s, {"seat": 1, "action": "place golem f1"}, 0) is None
        True
        >>> public_action(s, {"seat": 1, "action": "target 0:b2"}, 0)
        Action(kind='target', seat=0, target='b2')
    """
    action = state.parse_action(entry["action"])
    if entry["seat"] == seat or action.kind not in ("pick", "place"):
        return action
    return None


# ---------------------------------------------------------------- the prompt


def prompt(state, seat: int | None) -> str:
    """The pending decision in plain words, as ``seat`` may read it (``State._prompt``)."""
    if state.phase == "over":
        return end_prompt(state)
    deciders = state.deciders
    if seat is not None and seat in deciders:
        return decision_prompt(state, seat)
    return waiting_prompt(state, seat, deciders)


def end_prompt(state) -> str:
    match state.end:
        case "win":
            return f"The game is over: {subject(state.seat_name(state.winners[0]))} won."
        case "shared":
            return f"The game is over: {state.names_of(state.winners)} share the victory."
        case _:
            return "The game is over: nobody won."


def decision_prompt(state, seat: int) -> str:
    """What ``seat``, one of the deciding seats, is asked."""
    match state.phase:
        case "draft":
            return (f"Pick a card to keep from your pack of {len(state.packs[seat])}, in "
                    f"secret; the rest go to {obj(state.seat_name(pass_to(state, seat)))}.")
        case "layout":
            return ("Lay out in secret: put a card face down on an empty square of "
                    f"yours ({plural(len(state.hands[seat]), 'card')} left).")    # one line
        case "first":
            return "Choose who attacks first."
        case "battle" if state.aim is not None and state.changes >= MAX_CHANGES:
            return (f"Your {card_words(state, seat, state.aim)} attacks (you changed "
                    f"your mind {MAX_CHANGES} times): click the card it attacks.")
        case "battle" if state.aim is not None:
            # one line: the board below must not move (Cancel and another card of yours
            # are on the board)
            return f"Your {card_words(state, seat, state.aim)} attacks: click the card it attacks."
        case "battle":
            return "Attack: choose one of your cards, then any card of another player."
        case phase:
            raise AssertionError(f"no decision in phase {phase!r}")


def waiting_prompt(state, seat: int | None, deciders) -> str:
    """What a seat that is not deciding (or the public) reads."""
    match state.phase:
        case "draft" if not deciders:
            return "Everyone has chosen."
        case "draft":
            return f"{still(state, deciders)} picking a card, in secret."
        case "layout":
            done = "Your battlefield is laid out. " if seat is not None else ""
            return f"{done}{still(state, deciders)} laying out, in secret."
        case "first":
            return (f"Waiting for {obj(state.seat_name(state.finisher))} to choose who "
                    "attacks first.")
        case _:
            return f"It is {possessive(state.seat_name(state.current))} turn to attack."


def still(state, seats) -> str:
    """"Ana and you are still", "You are still", "Bo is still" (who is still deciding)."""
    be = verb(state.seat_name(seats[0]), "is", "are") if len(seats) == 1 else "are"
    return f"{state.names_of(seats)} {be} still"


# ---------------------------------------------------------------- cards in words


def card_names(state, ids) -> str:
    """The names of cards, each once with its copies: 'Billy Twin ×3, Moon Owl'."""
    return card_list(state.cards[c].name for c in ids)


def card_words(state, seat: int, square: str) -> str:
    """``seat``'s card on ``square`` in its owner's words: "Cliff Climber (front left)"."""
    return f"{state.cards[state.fields[seat][INDEX[square]]].name} ({square_words(square)})"


def choice_words(state, action: Action) -> str:
    """A draft pick in the chooser's words: the card's name ("You chose Rock Golem.")."""
    if action.kind == "pick" and action.card in state.cards:
        return state.cards[action.card].name
    return str(action)


# ---------------------------------------------------------------- actions in words


def action_words(state, action: Action, seat: int) -> str:
    """``action`` as the board and its buttons name it, said to ``seat``, who takes it in this
    position (``State.action_words``): squares as the board's labels say them ("front left",
    "centre"), cards by their names, and a card ``seat`` can't see (BG-R12) only by its square.

        >>> from goatwidgets.games.battlegoats import position
        >>> s = position(fields=[{"f1": "billytwin", "b2": "lassokid"}, {"f3": "golem"}],
        ...              names=["Ana", "Bo"], aim="f1")
        >>> action_words(s, s.parse_action("target 1:f3"), 0)
        "attack Bo's front right card with your Billy Twin"
        >>> action_words(s, s.parse_action("attack b2"), 0)
        'attack with your back middle Lasso Kid instead'
    """
    match action.kind:
        case "pick":
            return f"keep the {_bare(_name(state, action.card))} from your pack"
        case "place":
            return (f"put your {_bare(_name(state, action.card))} on your "
                    f"{square_words(action.square)} square")
        case "first":
            if action.seat == seat:
                return "choose to attack first yourself"
            return f"choose {obj(state.seat_name(action.seat))} to attack first"
        case "attack":
            mine = _square_card(state, seat, seat, action.square)
            if state.aim is not None and state.current == seat:
                return f"attack with your {mine} instead"      # a change of mind (BG-X10)
            return f"attack with your {mine}"
        case "target":
            theirs = _square_card(state, seat, action.seat, action.target)
            whose = possessive(state.seat_name(action.seat))
            aim = state.aim if state.current == seat else None
            attacker = state.fields[seat][INDEX[aim]] if aim is not None else None
            by = f" with your {_bare(_name(state, attacker))}" if attacker else ""
            return f"attack {whose} {theirs}{by}"
        case _:
            aim = state.aim if state.current == seat else None
            if aim is None or state.fields[seat][INDEX[aim]] is None:
                return "put the chosen card back and choose another card to attack with"
            return (f"put your {_square_card(state, seat, seat, aim)} back and choose "
                    "another card to attack with")


def _name(state, card: str | None) -> str:
    return state.cards[card].name if card in state.cards else "card"


def _bare(name: str) -> str:
    """A card's name after "your" or "Bo's": "Great Gruffini", not "The Great Gruffini"."""
    return name[4:] if name.startswith("The ") else name


def _square_card(state, viewer: int, seat: int, square: str) -> str:
    """``seat``'s card on ``square`` as ``viewer`` may know it: "front right Rock Golem", or
    "front right card" when ``viewer`` can't see it (BG-R12)."""
    i = INDEX[square]
    card = state.fields[seat][i]
    where = square_words(square)
    if card is None or not state.sees(viewer, seat, i):
        return f"{where} card"
    return f"{where} {_bare(_name(state, card))}"


# ---------------------------------------------------------------- the log's lines


def deal_line(draft: bool) -> str:
    return "Everyone gets a Hero" + (" and a pack of 8 cards to draft from." if draft
                                     else " and 8 more cards.")


def dealt_line(state, hero: str, cards: list[str], draft: bool) -> str:
    """The secret line of a seat's deal (BG-R5, BG-R6)."""
    dealt = "" if draft else f" and {plural(len(cards), 'card')}: {card_names(state, cards)}"
    return f"You were dealt {state.cards[hero].name} (your Hero){dealt}."


def draft_lines(state, picks: dict[int, Action], rests: list[list[str]]) -> tuple[str, dict]:
    """A draft round's line, and each seat's own: what it kept and passed on (BG-R6)."""
    return ("Everyone kept a card and passed the rest of their pack to the right.",
            {s: f"You kept {state.cards[picks[s].card].name} and passed "
                f"{plural(len(rests[s]), 'card')} to {obj(state.seat_name(pass_to(state, s)))}."
             for s in range(state.players)})


def last_pick_lines(state) -> tuple[str, dict]:
    """The last card of each pack comes without a choice (BG-R6)."""
    return ("Everyone takes the last card passed to them.",
            {s: f"You take the last card: {state.cards[state.packs[s][0]].name}."
             for s in range(state.players)})


def placed_line(state, action: Action) -> str:
    """The owner's line of a card laid face down (BG-X1)."""
    return (f"You placed {state.cards[action.card].name} on the "
            f"{square_words(action.square)} square.")


def laid_out_lines(state, seat: int, last: str, square: int) -> tuple[str, dict]:
    """A seat's battlefield is complete; its last card went to the last empty square."""
    return (f"{says(state.seat_name(seat), 'has', 'have')} laid out all nine cards.",
            {seat: f"Your last card, {state.cards[last].name}, goes to the last empty square "
                   f"({square_words(SQUARES[square])})."})


def finisher_line(state) -> str:
    """Every battlefield is complete; who stands in for the first to finish (BG-R8)."""
    name = state.seat_name(state.finisher)
    return (f"Every battlefield is laid out. {says(name, 'is', 'are')} drawn as the first to "
            f"finish and {verb(name, 'chooses', 'choose')} who attacks first.")


def first_line(state, seat: int, first: int) -> str:
    who = "" if first == seat else f" {obj(state.seat_name(first))}"
    return f"{subject(state.seat_name(seat))} chose{who} to attack first."


def aim_line(state, seat: int, square: str) -> str:
    """The attacker's own line for the card chosen (the others see it on the board)."""
    return f"You will attack with {card_words(state, seat, square)}."


CANCEL_LINE = "You put the chosen card back: choose again."


def fight_line(state, seat: int, other: int, a_card: str, d_card: str, pa: int, pd: int,
               exploded: bool) -> str:
    """A fight in one line (BG-R9): who attacked whose card with which, and who fell."""
    a_name, d_name = state.cards[a_card].name, state.cards[d_card].name
    theirs = d_name[4:] if d_name.startswith("The ") else d_name    # "Bo's Great Gruffini"
    line = (f"{subject(state.seat_name(seat))} attacked {possessive(state.seat_name(other))} "
            f"{theirs} ({pd}) with {a_name} ({pa})")
    if pa == pd:
        return line + ": a tie, both are defeated."
    if exploded:
        return line + (f" and {'won' if pa > pd else 'lost'}, but "
                       f"{d_name if pa > pd else a_name} exploded: both are defeated.")
    return line + (f" and {'won' if pa > pd else 'lost'}: "
                   f"{d_name if pa > pd else a_name} is defeated.")


def out_line(state, seat: int) -> str:
    """A player whose last card fell is out (BG-R15)."""
    name = state.seat_name(seat)
    return f"{says(name, 'has', 'have')} no cards left and {verb(name, 'is', 'are')} out."


def end_line(state, winners: tuple[int, ...], end: str) -> str:
    """How the game ended (BG-R13, BG-R14, BG-R15)."""
    match end:
        case "win":
            name = state.seat_name(winners[0])
            return (f"{says(name, 'has', 'have')} the last cards in play and "
                    f"{verb(name, 'wins', 'win')}!")
        case "shared":
            return (f"The last two cards fell together: {state.names_of(winners)} share the "
                    "victory.")
        case "none":
            return "The last two cards fell together: nobody wins."
        case _:
            return f"The turn limit of {state.max_turns} turns is reached: the game is a draw."
