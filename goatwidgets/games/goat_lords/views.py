"""Goat Lords in words and views: what leaves the state for a seat.

Everything here is a function of the state (passed in; nothing here changes it):

- ``public_view(state)`` and ``private_view(state, seat)``: the JSON the page reads (its keys
  are what ``js/goat_lords/`` reads; ``"why"`` is the public prompt);
- ``public_prompt(state)``: whose decision it is, as everyone may read it; ``prompt(state,
  seat)``: the sentence of the pending decision for ``seat``;
- the words of the log lines the rules write (``draws_line``, ``duel_won_line``, …), one
  function (or text) each; ``public_action``: what everyone saw of a move.

    >>> from goatwidgets.games.goat_lords import new_game
    >>> s = new_game(players=3, seed=4, names=["Ana", "Bo", "Cy"])
    >>> public_prompt(s), prompt(s, 0)
    ("Ana's turn.", 'Your turn: Birth, Assisted Birth, a duel, an action card, or discard and draw.')
    >>> duel_cards(3)
    'all 3 duel cards'
"""

from __future__ import annotations

from ...engine import words
from ...engine.words import obj, possessive, says, subject, verb
from .actions import Action
from .cards import IS_ACTION, NAMES, SHORT_NAMES, STACK_NAMES, plural, stack_kind

# ---------------------------------------------------------------------- prompts


def public_prompt(state) -> str:
    """Whose decision it is and why, as everyone may read it (the view's ``"why"``)."""
    if state.over:
        return (f"The game is over: {winners_say(state, 'won', 'won')} with "
                f"{max(state.totals)} points.")
    pending = state.pending
    if pending is None:
        left = (f" ({words.plural(state.plays_left, 'extra play')} left)"
                if state.acted else "")
        return f"{possessive(state.seat_name(state.current), start=True)} turn{left}."
    who = state.seat_name(pending.seat)
    match pending.kind:
        case "duel":
            duel = state.duel
            kind = NAMES[duel.kind]
            if pending.seat == duel.defender:
                whose = "your" if subject(who) == "You" else "their"
                return (f"{says(who, 'may', 'may')} defend {whose} {kind} stack against "
                        f"{possessive(state.seat_name(duel.attacker))} duel.")
            return (f"{says(who, 'may', 'may')} answer in the duel for "
                    f"{possessive(state.seat_name(duel.defender))} {kind} stack.")
        case "escape":                  # GL-R5: everyone is asked, holding one or not
            return (f"{says(who, 'is', 'are')} asked: cancel {NAMES[pending.card]} with an "
                    "Escape Goat, or let it happen.")
        case "trash":
            return f"{says(who, 'has', 'have')} four action cards and must trash one."
        case "toss":
            over = len(state.hands[pending.seat]) - state.hand_size
            return (f"{says(who, 'has', 'have')} too many cards and must discard {over} to get "
                    f"down to {state.hand_size}.")
        case "take":
            return (f"{says(who, 'picks', 'pick')} a card from "
                    f"{possessive(state.seat_name(pending.target))} hand.")
        case "rain":
            waiting = [s for s in pending.queue if s not in state._chosen]
            picks = (says(state.seat_name(waiting[0]), "picks", "pick") if len(waiting) == 1
                     else f"{state.names_of(waiting)} pick")
            return f"Raining Fire-Goats: {picks} one card to keep."
        case _:
            raise AssertionError(f"no pending decision {pending.kind!r}")


def prompt(state, seat: int | None) -> str:
    """The pending decision as ``seat`` reads it: what to do now, or whose decision it is."""
    if seat is None or seat not in state.deciders:
        return public_prompt(state)
    pending = state.pending
    if pending is None:
        if state.acted:
            return (f"Your turn: {words.plural(state.plays_left, 'extra play')} left. Use "
                    "one, or end your turn.")
        if not state.hands[seat]:                                           # GL-X14
            return "Your turn: your hand is empty. Play a face-down action card, or pass."
        return ("Your turn: Birth, Assisted Birth, a duel, an action card, or discard and "
                "draw.")
    match pending.kind:
        case "duel":
            goat = NAMES[state.duel.kind]
            escape = state._first_answer() and any(a.kind == "escape"
                                                   for a in state.legal_actions(seat))
            return (f"The duel for the {goat} stack: play a {goat} or a wild, or pass."
                    + (" Your Escape Goat can call it off." if escape else ""))
        case "escape":
            card = NAMES[pending.card]
            if any(a.kind == "escape" for a in state.legal_actions(seat)):
                return f"{card} was played. Cancel it with your Escape Goat, or let it happen."
            # GL-R5: asked though holding none (so the asking shows no hand): say so, and what
            # to press (issue 34 item 4)
            return (f"{card} was played. You hold no Escape Goat, so you can't cancel it: "
                    f"press \u201cLet {card} happen\u201d. Everyone is asked, so nobody can "
                    "tell who holds one.")
        case "trash":
            return "You have four action cards: choose one to trash."
        case "toss":
            over = len(state.hands[seat]) - state.hand_size
            return f"Discard {words.plural(over, 'card')} to get down to {state.hand_size}."
        case "take":
            return f"Take one card from {possessive(state.seat_name(pending.target))} hand."
        case "rain":
            return "Raining Fire-Goats: choose the one card you keep this turn, in secret."
        case _:
            raise AssertionError(f"no pending decision {pending.kind!r}")


def winners_say(state, third: str, base: str) -> str:
    """The winners and a verb that agrees: "Ana wins", "You win", "Ana and you win"."""
    if len(state._winners) == 1:
        return says(state.seat_name(state._winners[0]), third, base)
    return f"{state.names_of(state._winners)} {base}"


# ---------------------------------------------------------------------- views


def public_view(state) -> dict:
    """What everyone sees: herds, piles, counts of hidden cards, the duel, the public part of
    the pending decision, the turn's counters and the card names."""
    deck = state.decks["draw"]
    duel, pending = state.duel, state.pending
    end_phase = state.end_phase()
    return {
        "round": state.round,
        "turn": state.turn,
        "current": state.current,
        "hand_size": state.hand_size,
        "hand_counts": [len(h) for h in state.hands],
        "action_counts": [len(a) for a in state.action_cards],
        "aside_counts": [len(a) for a in state.aside],
        "herds": [herd_view(state, s) for s in range(state.players)],
        "discard_top": deck.discards[-1] if deck.discards else None,
        "discard_count": len(deck.discards),
        "draw_count": deck.count,
        "trash": list(state.trash),
        "plays_left": state.plays_left,
        "acted": state.acted,
        "action_cards_allowed": bool(state.action_cards_left) and not end_phase,
        "rain": state.rain,
        "skips": list(state.skips),
        "reshuffle_used": state.reshuffle_used,
        "nothing_to_draw": state._nothing_to_draw(),
        "end_phase": end_phase,
        "duel": None if duel is None else {
            "attacker": duel.attacker, "defender": duel.defender, "kind": duel.kind,
            "cards": [{"seat": s, "card": c} for s, c in duel.cards]},
        "pending": None if pending is None else {
            "kind": pending.kind, "seat": pending.seat, "card": pending.card,
            "target": pending.target},
        "why": public_prompt(state),
        "totals": list(state.totals),
        "target_score": state.variants["target_score"],
        "values": dict(state.variants["values"]),
        "card_names": dict(NAMES),
        "short_names": dict(SHORT_NAMES),
        "stack_names": dict(STACK_NAMES),
    }


def herd_view(state, seat: int) -> list[dict]:
    """``seat``'s stacks from the Base Stack up: kind, cards, points, base and top marks."""
    herd = state.herds[seat]
    last = len(herd) - 1
    return [{"number": i + 1, "kind": stack_kind(stack), "cards": list(stack),
             "value": sum(state.value(c) for c in stack), "base": i == 0, "top": i == last}
            for i, stack in enumerate(herd)]


def private_view(state, seat: int) -> dict:
    """What only ``seat`` sees: its hand, face-down and set-aside cards, the cards it knows
    in others' hands, and the hand Hypnotized Goat shows it (variant "choose")."""
    view = {"hand": list(state.hands[seat]), "actions": list(state.action_cards[seat]),
            "aside": list(state.aside[seat]),
            "known": [{"seat": h, "card": c} for h, c in state._known_by(seat)]}
    pending = state.pending
    if pending is not None and pending.kind == "take" and pending.seat == seat:
        view["shown"] = {"seat": pending.target, "hand": list(state.hands[pending.target])}
    return view


# ---------------------------------------------------------------------- the words of log lines


UNASIDE_LINE = "The turn is over: everyone takes back the cards they set aside."
NO_DEFENCE_LINE = "Raining Fire-Goats: nobody may defend this turn."
RAIN_PICKS_LINE = "Everyone with two or more cards picks one card to keep, in secret."
SET_ASIDE_LINE = "Everyone has set aside all but one card until the turn ends."
NOBODY_HAS_A_WILD_LINE = "Nobody has a wild to give."


def duel_cards(n: int) -> str:
    """"the duel card", "both duel cards", "all 3 duel cards"."""
    return "the duel card" if n == 1 else "both duel cards" if n == 2 else f"all {n} duel cards"


def nothing_to_do_line(state, seat: int) -> str:
    """The turn of a seat with nothing it may do ends, or passes (GL-X4, GL-R31)."""
    who = state.seat_name(seat)
    if state.acted:
        return f"{says(who, 'has', 'have')} nothing more to do, so the turn ends."
    return f"{says(who, 'has', 'have')} nothing to play and {verb(who, 'passes', 'pass')}."


def draws_line(state, seat: int, drawn: list[str]) -> tuple[str, dict[int, str]]:
    """The log line of the cards ``seat`` just drew, and its own line naming them."""
    hand = [c for c in drawn if c not in IS_ACTION]
    face_down = [c for c in drawn if c in IS_ACTION]
    parts, mine = [], []
    if hand:
        parts.append(words.plural(len(hand), "card"))
        mine.append(", ".join(NAMES[c] for c in hand))
    if face_down:
        n = len(face_down)
        again = "another card is" if n == 1 else f"{n} more cards are"
        parts.append(f"{'an action card' if n == 1 else words.plural(n, 'action card')} "
                     f"(face down, so {again} drawn)")
        mine.append(", ".join(NAMES[c] for c in face_down) + " (face down)")
    return (f"{says(state.seat_name(seat), 'draws', 'draw')} {' and '.join(parts)}.",
            {seat: f"You drew {' and '.join(mine)}."})


def reshuffle_line(count: int | None, again: bool) -> str:
    """The draw pile is empty: ``count`` discards are shuffled into it, or (None) not."""
    if count is not None:
        return (f"The draw pile is empty: the {count} cards of the discard pile are shuffled "
                "into a new draw pile.")
    if not again:
        return ("The draw pile is empty and the discard pile holds fewer than five cards, so "
                "there is no reshuffle: nobody draws from now on.")
    return ("The draw pile is empty; it is made again from the discard pile once that holds "
            "five cards or more.")


def turned_over_line(card: str, starts: bool) -> str:
    """A card turned over to start the discard pile (GL-R29)."""
    if starts:
        return f"{NAMES[card]} starts the discard pile."
    return (f"{NAMES[card]} was turned over; it can't start the discard pile, so it is shuffled "
            "back.")


def round_over_line(state, points: list[int]) -> str:
    return "The round is over. " + ", ".join(
        f"{state.seat_name(s)} {points[s]}" for s in range(state.players)) + "."


def round_begins_line(state) -> str:
    return f"Round {state.round} begins: totals " + ", ".join(
        f"{state.seat_name(s)} {state.totals[s]}" for s in range(state.players)) + "."


def new_stack_line(state, seat: int, stack: list[str], how: str) -> str:
    base = " It is the Base Stack." if len(state.herds[seat]) == 1 else ""
    return (f"{says(state.seat_name(seat), 'plays', 'play')} {plural(stack[0], 1)} and "
            f"{plural(stack[1], 1)} ({how}): a new stack.{base}")


def ends_turn_line(state, seat: int) -> str:
    who = state.seat_name(seat)
    if state.acted:
        return f"{says(who, 'ends', 'end')} the turn."
    return f"{says(who, 'passes', 'pass')}."                               # GL-X14


def duel_line(state, duel) -> str:
    return (f"{says(state.seat_name(duel.attacker), 'duels', 'duel')} "
            f"{obj(state.seat_name(duel.defender))} for the {NAMES[duel.kind]} stack, opening "
            f"with {plural(duel.cards[0][1], 1)}.")


def duel_won_line(state, duel, winner: int) -> str:
    """Who won the duel and where its stack and cards go (GL-R11)."""
    added = duel_cards(len(duel.cards))
    who = state.seat_name(winner)
    if winner == duel.attacker:
        return (f"{says(who, 'wins', 'win')} the duel and {verb(who, 'takes', 'take')} "
                f"{possessive(state.seat_name(duel.defender))} {NAMES[duel.kind]} stack, "
                f"adding {added}.")
    return (f"{says(who, 'wins', 'win')} the duel and {verb(who, 'keeps', 'keep')} the "
            f"{NAMES[duel.kind]} stack, adding {added}.")


def card_played_line(state, seat: int, card: str, target: int | None) -> str:
    aim = f" on {obj(state.seat_name(target))}" if target is not None else ""
    return f"{says(state.seat_name(seat), 'plays', 'play')} {NAMES[card]}{aim}."


def escape_line(state, seat: int, pending, duel) -> str:
    """Escape Goat calls off a duel (GL-R12) or cancels an action card (GL-R14, GL-R27)."""
    who = state.seat_name(seat)
    if duel is not None:
        opening = duel.cards[0][1]
        return (f"{says(who, 'plays', 'play')} Escape Goat: the duel is off, and "
                f"{possessive(state.seat_name(duel.attacker))} {NAMES[opening]} joins the "
                f"{NAMES[duel.kind]} stack.")
    return f"{says(who, 'plays', 'play')} Escape Goat: {NAMES[pending.card]} has no effect."


def trashed_stack_line(state, target: int, stack: list[str]) -> str:
    return (f"{possessive(state.seat_name(target), start=True)} top stack "
            f"({NAMES[stack_kind(stack)]}, {len(stack)} cards) goes to the trash.")


def moved_stack_line(state, target: int) -> str:
    kind = stack_kind(state.herds[target][-1])
    return (f"{possessive(state.seat_name(target), start=True)} {NAMES[kind]} stack moves to "
            "the top of the herd.")


def taken_line(state, seat: int, target: int, card: str) -> tuple[str, dict[int, str]]:
    """Hypnotized Goat's take: everyone's line, and the lines of the two seats who saw it."""
    who, whom = state.seat_name(seat), state.seat_name(target)
    return (f"{says(who, 'takes', 'take')} a card from {possessive(whom)} hand.",
            {seat: f"You take {plural(card, 1)} from {possessive(whom)} hand.",
             target: f"{says(who, 'takes', 'take')} {plural(card, 1)} from your hand."})


def turn_guard_line(state) -> str:
    return (f"The turn guard of {state.max_turns} turns is reached: the round is scored as it "
            "stands.")


def turn_line(state, seat: int) -> str:
    return f"{possessive(state.seat_name(seat), start=True)} turn."


def loses_turn_line(state, seat: int) -> str:
    return f"{says(state.seat_name(seat), 'loses', 'lose')} this turn (Loaf of Goat)."


def won_line(state, best: int) -> str:
    return f"{winners_say(state, 'wins', 'win')} with {best} points!"


def discards_line(state, seat: int, card: str) -> str:
    return f"{says(state.seat_name(seat), 'discards', 'discard')} {plural(card, 1)}."


def tosses_line(state, seat: int, card: str) -> str:
    return (f"{says(state.seat_name(seat), 'discards', 'discard')} {plural(card, 1)} to get "
            "down to the hand size.")


def trashes_line(state, seat: int, card: str) -> str:
    return f"{says(state.seat_name(seat), 'trashes', 'trash')} {NAMES[card]}."


def no_answer_line(state, seat: int) -> str:
    return f"{says(state.seat_name(seat), 'has', 'have')} no card to answer with."


def answer_line(state, seat: int, card: str) -> str:
    return f"{says(state.seat_name(seat), 'answers', 'answer')} with {plural(card, 1)}."


def stops_duel_line(state, seat: int) -> str:
    return f"{says(state.seat_name(seat), 'stops', 'stop')} the duel."


def may_cancel_line(state, seat: int) -> str:
    return f"{says(state.seat_name(seat), 'may', 'may')} cancel it with Escape Goat."


def allows_line(state, seat: int) -> str:
    return f"{says(state.seat_name(seat), 'lets', 'let')} it be."


def nothing_to_take_line(state, seat: int) -> str:
    return f"{says(state.seat_name(seat), 'has', 'have')} no card to take."


def misses_turn_line(state, seat: int) -> str:
    return f"{subject(state.seat_name(seat))} will miss the next turn."


def passed_stacks_line(direction: str) -> str:
    return f"Everyone passes their top stack to the {direction}."


def gives_wild_line(state, giver: int, seat: int, card: str) -> str:
    return (f"{says(state.seat_name(giver), 'gives', 'give')} {obj(state.seat_name(seat))} "
            f"{plural(card, 1)}.")


def no_wild_line(state, seat: int) -> str:
    return f"{says(state.seat_name(seat), 'has', 'have')} no wild."


def choice_words(action: Action) -> str:
    """The card kept under Raining Fire-Goats, for "You chose to keep your Goat Lord."."""
    return f"to keep your {NAMES[action.card]}"


# ---------------------------------------------------------------------- actions in words


def action_words(state, action: Action, seat: int) -> str:
    """``action`` as the board and its buttons name it, said to ``seat``, who takes it in this
    position (``State.action_words``): cards by the names the board writes on them
    (``SHORT_NAMES``), stacks by the names on the stacks (``STACK_NAMES``: "the Ninja stack"),
    the rule's name for a pair (a Birth, an Assisted Birth).

        >>> from goatwidgets.games.goat_lords import position
        >>> s = position(players=2, hands=[["ninja", "fairy", "goatini"], ["fairy"]],
        ...              herds=[["fairy fairy"], ["ladypug ladypug", "ninja lord"]],
        ...              names=["Ana", "Bo"])
        >>> action_words(s, s.parse_action("birth fairy goatini"), 0)
        'pair your Fairy Goat with your Goatini (a Birth)'
        >>> action_words(s, s.parse_action("duel 1 goatini"), 0)
        'duel Bo for the Ninja stack with your Goatini'
    """
    card = SHORT_NAMES.get(action.card, "") if action.card else ""
    target = state.seat_name(action.target) if action.target is not None else ""
    match action.kind:
        case "birth" if action.card == action.card2:
            return f"pair two of your {card} cards (a Birth)"
        case "birth":
            return f"pair your {card} with your {SHORT_NAMES[action.card2]} (a Birth)"
        case "assist":
            discards = state.decks["draw"].discards
            top = f"the {SHORT_NAMES[discards[-1]]}" if discards else "the top card"
            return f"pair your {card} with {top} on the discard pile (an Assisted Birth)"
        case "duel":
            herd = state.herds[action.target]
            stack = f"the {STACK_NAMES[stack_kind(herd[-1])]} stack" if herd else "their top stack"
            return f"duel {obj(target)} for {stack} with your {card}"
        case "discard":
            return f"discard your {card} and draw a card"
        case "toss":
            return f"discard your {card} (down to {state.hand_size} cards)"
        case "keep":
            return f"keep your {card} this turn (Raining Fire-Goats)"
        case "take":
            pending = state.pending
            whose = (possessive(state.seat_name(pending.target)) if pending is not None
                     and pending.target is not None else "the shown")
            return f"take {_a(card)} from {whose} hand"
        case "play":
            return f"add your {card} to the duel"
        case "trash":
            return f"trash your {card}"
        case "atomic" | "hypno" | "loaf":
            return f"play {NAMES[action.kind]} on {obj(target)}"
        case "sneak":
            return (f"play Sneak-A-Goat: move {possessive(target)} "
                    f"{_stack_words(state, action.target, action.stack)} to the top of "
                    f"{'your' if action.target == seat else 'their'} herd")
        case "russian":
            return f"play Russian Goatlette: everyone passes their top stack {action.direction}"
        case "rain" | "hood" | "santy" | "flower":
            return f"play {NAMES[action.kind]}"
        case "pass":
            return "pass and stop the duel"
        case "escape":
            if state.duel is not None:
                attacker = possessive(state.seat_name(state.duel.attacker))
                return f"call off {attacker} duel with your Escape Goat"
            return f"cancel {_played(state)} with your Escape Goat"
        case "allow":
            return f"let {_played(state)} happen"
        case _:
            return "end your turn" if state.acted else "pass your turn"


def _played(state) -> str:
    """The action card an Escape Goat question is about, with whose it is: "Bo's Atomic
    Goat" (it is played on its player's turn)."""
    pending = state.pending
    card = NAMES.get(pending.card, "action card") if pending is not None else "action card"
    return f"{possessive(state.seat_name(state.current))} {card}"


def _a(name: str) -> str:
    """"a Goat Ninja", "an Escape Goat"."""
    return f"{'an' if name[:1] in 'AEIOU' else 'a'} {name}"


def _stack_words(state, seat: int, number: int) -> str:
    """Stack ``number`` (1 is the Base Stack) of ``seat``'s herd as the board labels it: "Corn
    stack (stack 2)", "Ninja stack (the top stack)"."""
    herd = state.herds[seat]
    if not 1 <= number <= len(herd):
        return f"stack {number}"
    where = ("the Base Stack" if number == 1 else "the top stack" if number == len(herd)
             else f"stack {number}")
    return f"{STACK_NAMES[stack_kind(herd[number - 1])]} stack ({where})"


# ---------------------------------------------------------------------- what others saw

#: decisions whose card nobody else sees (``public_action``)
SECRET_KINDS = frozenset({"keep", "take"})


def public_action(state, entry: dict, seat: int | None) -> Action | None:
    """What everyone saw done, for the board's mark of the last move: cards are played face
    up, stacks are public, and so are the discard and trash piles (GL-R5). Secret from
    others: the card a seat keeps under Raining Fire-Goats (GL-R32) and the card it takes
    with Hypnotized Goat (GL-R16; the one it came from reads it in the log).

        >>> from goatwidgets.games.goat_lords import new_game
        >>> s = new_game(players=2, seed=1)
        >>> public_action(s, {"seat": 1, "action": "keep ninja"}, 0) is None
        True
        >>> public_action(s, {"seat": 1, "action": "duel 0 ninja"}, 0)
        Action(kind='duel', card='ninja', target=0)
    """
    action = state.parse_action(entry["action"])
    if entry["seat"] == seat or action.kind not in SECRET_KINDS:
        return action
    return None
