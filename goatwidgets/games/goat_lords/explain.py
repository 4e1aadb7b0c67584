"""Goat Lords in plain words: what an action is, why one is not allowed, and the rules.

Nothing here decides a rule (``rules`` does); this module only says things:

- ``RULES``: every ruling id (GL-R1 to GL-R34) and our readings (GL-X1 …, ``OUR_READINGS``),
  in our own words;
- ``describe(action)``: what an action does ("duel for a top stack");
- ``explain(state, action, seat)``: the :class:`IllegalActionError` for an action that is not
  among the legal ones, with the rule id in ``err.rule``.

    >>> from goatwidgets.games.goat_lords import position, parse_action
    >>> s = position(players=2, hands=[["ninja", "lord", "ladypug"], ["fairy"]])
    >>> err = explain(s, parse_action("birth ninja ladypug"), 0)
    >>> err.reason, err.rule
    ("can't make a pair of a Goat Ninja and a Ladypug: a pair is two of the same goat, or one goat and one wild", 'GL-R8')
"""

from __future__ import annotations

from collections import Counter

from ...engine import IllegalActionError
from ...engine.words import is_you, obj, possessive
from .actions import Action
from .cards import IS_ACTION, IS_WILD, NAMES, TARGETED, UNSTOPPABLE, stack_kind

#: our own readings where the rulings leave a question open (GL-X1 …), cited by the rules
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

#: every ruling and reading, in our own words (the rulings file is the authority)
RULES: dict[str, str] = {
    "GL-R1": "The deck has 126 cards: 12 wilds (4 Goat Lords, 8 Magical Goatinis), 98 goat "
             "cards (8 Flying Goat-a-Corns and ten of each of the other nine goats) and 16 "
             "action cards (3 Escape Goats; two each of Sneak-A-Goat, Russian Goatlette, "
             "Raining Fire-Goats, Hypnotized Goat; one each of the other five).",
    "GL-R2": "Our card values (a teacher can change them): Goat Lord 50, Magical Goatini 25, "
             "Flying Goat-a-Corn 20, Dragon Goat and Krakengoat 15, Goat Ninja, Fairy Goat "
             "Mother and Friendly T-Goat 10, the other four goats 5. Action cards are worth "
             "nothing.",
    "GL-R3": "Our extra plays (changeable): Flower Goatee draws 1 card and gives 2 extra plays; "
             "Santy Goat draws 2 and gives 1; Goatinhood, Hypnotized Goat, Sneak-A-Goat and "
             "Raining Fire-Goats give 1; Atomic Goat, Loaf of Goat and Russian Goatlette give "
             "none. Escape Goat is only ever an answer.",
    "GL-R4": "Two to six players. The hand holds 5 cards with two or three players, 4 with "
             "more.",
    "GL-R5": "Nobody sees another hand or another player's face-down action cards (only how "
             "many). Everyone sees every herd, the discard pile's top card and the trash.",
    "GL-R6": "Draw an action card at any time and it goes face down in front of you, and you "
             "draw again. Whoever gets a fourth one picks one of the four to trash, right "
             "then, even when it is not their turn.",
    "GL-R7": "On your turn you do one thing: Birth, Assisted Birth, a duel, an action card, or "
             "discard. Extra plays from action cards let you do more from your hand. Then "
             "everyone fills their hand back up, you first and then around the table, and "
             "anyone holding too many throws the extra cards away.",
    "GL-R8": "A pair is two of the same goat card, or a goat card and a wild. Two wilds never "
             "pair, and a pair is never more than two cards. Each pair becomes a new stack on "
             "top of your herd; your very first stack is your Base Stack.",
    "GL-R9": "Discard: put a card from your hand on the discard pile, then draw a card (if "
             "there is none to draw, you still discard).",
    "GL-R10": "You may duel another player if you have a Base Stack, they have at least two "
              "stacks, and your hand holds a goat card like the ones in their top stack. Only "
              "the top stack can be duelled, and only with cards from your hand.",
    "GL-R11": "The attacker opens with that goat card or a wild. Then the defender and the "
              "attacker take turns adding a matching card or a wild, or giving up. Whoever adds "
              "the last card wins. If the attacker wins, the stack and all the duel cards go on "
              "top of the attacker's herd; if the defender wins, the duel cards join the "
              "defender's stack.",
    "GL-R12": "The defender's very first answer may be Escape Goat: the duel is called off and "
              "the attacker's opening card joins the defender's top stack.",
    "GL-R13": "You need at least one stack to play an action card, and a player you aim one at "
              "needs at least one stack too.",
    "GL-R14": "The player an action card is aimed at may cancel it with Escape Goat before it "
              "does anything; the extra plays still count. Goatinhood, Raining Fire-Goats and "
              "Russian Goatlette can't be cancelled.",
    "GL-R15": "Atomic Goat: the target's top stack goes to the trash, even a Base Stack.",
    "GL-R16": "Hypnotized Goat: take a card at random from the target's hand (a teacher can "
              "switch to choosing it).",
    "GL-R17": "Sneak-A-Goat: move one of the target's stacks, never the Base Stack, to the top "
              "of their herd.",
    "GL-R18": "Russian Goatlette: pick left or right. Everyone with a stack passes their top "
              "stack that way, all at once. Whoever passed their Base Stack (or had none) makes "
              "the stack they get their new Base Stack.",
    "GL-R19": "Raining Fire-Goats: everyone keeps one card of their hand and sets the others "
              "aside until the turn is over. For the rest of that turn nobody may defend a duel "
              "or play Escape Goat.",
    "GL-R20": "Goatinhood: going left from you, the first player who holds a wild must give you "
              "their most valuable wild.",
    "GL-R21": "Loaf of Goat: the target misses their next turn.",
    "GL-R22": "When the draw pile is empty the first time a card should be drawn, a discard "
              "pile of five or more cards is shuffled into a new draw pile. That happens once "
              "a round at most; after that nobody draws.",
    "GL-R23": "Once someone's hand is empty and nothing can be drawn, nobody may play action "
              "cards any more.",
    "GL-R24": "The round ends when every hand is empty and nothing can be drawn. Each player "
              "adds up the values of all the cards in their herd; the most points wins, and "
              "tied players share the win.",
    "GL-R25": "Options: play rounds until someone reaches a target (such as 1,000 points), or "
              "play without action cards.",
    "GL-R26": "Every action uses one play; an action card adds its extra plays. You may stop "
              "using extra plays whenever you like. After Flower Goatee you may play one more "
              "action card; after a card with one extra play, no more action cards this turn.",
    "GL-R27": "Flower Goatee and Santy Goat aim at nobody, so the other players are asked in "
              "order, going left, whether they cancel it with Escape Goat. A cancelled card "
              "draws nothing, but its extra plays still count. A used Escape Goat goes to the "
              "trash and can't itself be cancelled.",
    "GL-R28": "Assisted Birth works whenever the discard pile's top card and a card of yours "
              "make a pair, so either one may be the wild.",
    "GL-R29": "The discard pile starts with a goat card: a wild or action card turned over "
              "first is shuffled back and the next card is turned.",
    "GL-R30": "The reshuffle happens the first time a card should be drawn from an empty pile, "
              "and only if the discard pile then holds five or more cards. By default that is "
              "the round's only chance; a teacher can allow it every time.",
    "GL-R31": "A player who can do nothing passes. When action cards are no longer allowed, "
              "Escape Goat can still answer a duel.",
    "GL-R32": "Under Raining Fire-Goats everyone picks the card they keep at the same moment, "
              "in secret. When the turn ends, the set-aside cards come back first, then hands "
              "fill up, then anyone over the limit discards.",
    "GL-R33": "Atomic Goat, Hypnotized Goat, Loaf of Goat and Sneak-A-Goat each aim at one "
              "other player with a stack (Sneak-A-Goat: two stacks, and moving the top one is "
              "allowed). Goatinhood, Raining Fire-Goats and Russian Goatlette affect everybody. "
              "A wild from Goatinhood goes into your hand.",
    "GL-R34": "A stack is the kind of goat in it; a wild counts as its pair's kind. A duel ends "
              "at the first pass. Left means the next seat round the table. Several players "
              "over the hand limit discard one after another, starting with the player whose "
              "turn it is.",
    **OUR_READINGS,
}

#: kind -> what it does, in plain words
WORDS: dict[str, str] = {
    "birth": "make a pair from your hand (Birth)",
    "assist": "pair a card with the discard pile's top card (Assisted Birth)",
    "duel": "duel for a top stack",
    "discard": "discard a card and draw one",
    "end": "end your turn",
    "play": "add a card to the duel",
    "pass": "give up the duel",
    "escape": "play Escape Goat",
    "allow": "let the action card happen",
    "trash": "trash an action card",
    "toss": "discard down to the hand size",
    "keep": "choose the card you keep",
    "take": "take a card from that hand",
    **{card: f"play {NAMES[card]}" for card in ("atomic", "hypno", "loaf", "sneak", "russian",
                                                "rain", "hood", "santy", "flower")},
}

#: the rule each kind of decision comes from
KIND_RULE: dict[str, str] = {
    "birth": "GL-R8", "assist": "GL-R28", "duel": "GL-R10", "discard": "GL-R9",
    "end": "GL-R26", "play": "GL-R11", "pass": "GL-R11", "escape": "GL-R12",
    "allow": "GL-R14", "trash": "GL-R6", "toss": "GL-R7", "keep": "GL-R19", "take": "GL-R16",
    "atomic": "GL-R15", "hypno": "GL-R16", "loaf": "GL-R21", "sneak": "GL-R17",
    "russian": "GL-R18", "rain": "GL-R19", "hood": "GL-R20", "santy": "GL-R3",
    "flower": "GL-R3",
}
#: pending decision -> the kinds it accepts and its rule
PENDING_KINDS: dict[str, tuple[set[str], str]] = {
    "trash": ({"trash"}, "GL-R6"), "toss": ({"toss"}, "GL-R7"),
    "duel": ({"play", "pass", "escape"}, "GL-R11"), "escape": ({"escape", "allow"}, "GL-R14"),
    "rain": ({"keep"}, "GL-R32"), "take": ({"take"}, "GL-R16"),
}
TURN_ONLY = {"birth", "assist", "duel", "discard", "end", "atomic", "hypno", "loaf", "sneak",
             "russian", "rain", "hood", "santy", "flower"}


def describe(action: Action) -> str:
    """What ``action`` does, in plain words: "duel for a top stack"."""
    return WORDS.get(action.kind, action.kind)


#: kind -> what it did, in the past tense (for a lesson's feedback)
DID: dict[str, str] = {
    "birth": "made a pair from your hand (Birth)",
    "assist": "paired a card with the discard pile's top card (Assisted Birth)",
    "duel": "started a duel", "discard": "discarded a card", "end": "ended your turn",
    "play": "added a card to the duel", "pass": "gave up the duel",
    "escape": "played Escape Goat", "allow": "let the action card happen",
    "trash": "trashed an action card", "toss": "discarded down to the hand size",
    "keep": "chose the card you keep", "take": "took a card from that hand",
    **{card: f"played {NAMES[card]}" for card in ("atomic", "hypno", "loaf", "sneak", "russian",
                                                  "rain", "hood", "santy", "flower")},
}


def did(action: Action) -> str:
    """What ``action`` did, in the past tense: "started a duel"."""
    return DID.get(action.kind, action.kind)


def _no(text: str, rule: str) -> IllegalActionError:
    return IllegalActionError(text, rule)


def explain(state, action: Action, seat: int) -> IllegalActionError:
    """Why ``action`` is not legal for ``seat`` in ``state`` (plain words, rule id)."""
    pending = state.pending
    if pending is None:
        if action.kind not in TURN_ONLY:
            return _no(f"can't {describe(action)} now: nothing asks for it; "
                       f"{state._prompt(seat)[0].lower()}{state._prompt(seat)[1:]}",
                       KIND_RULE.get(action.kind, "GL-R7"))
        return _why_not_turn(state, action, seat)
    kinds, rule = PENDING_KINDS[pending.kind]
    if action.kind not in kinds:
        return _no(f"can't {describe(action)} now: {state._prompt(seat)}", rule)
    return _why_not_answer(state, action, seat)


def _missing(hand: list[str], cards: list[str]) -> str | None:
    need, have = Counter(cards), Counter(hand)
    for card, n in need.items():
        if have[card] < n:
            return card
    return None


def _hand_problem(state, action: Action, seat: int) -> IllegalActionError | None:
    missing = _missing(state.hands[seat], action.hand_cards)
    if missing is None:
        return None
    if missing in state.aside[seat]:
        return _no(f"can't use {NAMES[missing]}: it is set aside until the turn ends (Raining "
                   "Fire-Goats)", "GL-R19")
    if action.hand_cards.count(missing) > 1:
        return _no(f"can't {describe(action)}: you hold fewer than two {NAMES[missing]} cards",
                   KIND_RULE[action.kind])
    return _no(f"can't {describe(action)}: there is no {NAMES[missing]} in your hand",
               KIND_RULE[action.kind])


def _why_not_turn(state, action: Action, seat: int) -> IllegalActionError:
    kind = action.kind
    if state.acted and state.plays_left <= 0:                  # pragma: no cover - guard
        return _no("can't do more: you have no play left this turn", "GL-R26")
    if kind in ("birth", "assist", "duel", "discard"):
        problem = _hand_problem(state, action, seat)
        if problem:
            return problem
    if kind == "birth":
        a, b = action.card, action.card2
        if a in IS_WILD and b in IS_WILD:
            return _no("can't make a pair of two wilds: a pair needs at least one goat card",
                       "GL-R8")
        return _no(f"can't make a pair of {_a(a)} and {_a(b)}: a pair is two of the same goat, "
                   "or one goat and one wild", "GL-R8")
    if kind == "assist":
        discards = state.decks["draw"].discards
        if not discards:
            return _no("can't do an Assisted Birth: the discard pile is empty", "GL-R28")
        top = discards[-1]
        if top in IS_WILD and action.card in IS_WILD:
            return _no(f"can't pair your {NAMES[action.card]} with the {NAMES[top]} on the "
                       "discard pile: two wilds never make a pair", "GL-R8")
        return _no(f"can't pair your {NAMES[action.card]} with the {NAMES[top]} on the discard "
                   "pile: they don't make a pair", "GL-R28")
    if kind == "duel":
        return _why_not_duel(state, action, seat)
    if kind == "end":
        return _no("can't end the turn yet: you must take your one action first", "GL-R7")
    if kind in TURN_ONLY:
        return _why_not_card(state, action, seat)
    return _no(f"can't {describe(action)} right now", KIND_RULE.get(kind, "GL-R7"))


def _has(name: str) -> str:
    """"Bo has" or, for a seat called You, "you have" (inside a sentence)."""
    return "you have" if is_you(name) else f"{name} has"


def _why_not_duel(state, action: Action, seat: int) -> IllegalActionError:
    t = action.target
    if t == seat or t >= state.players:
        return _no("can't duel that seat: duel another player", "GL-R10")
    if not state.herds[seat]:
        return _no("can't duel yet: you need your own Base Stack first", "GL-R10")
    if len(state.herds[t]) < 2:
        return _no(f"can't duel {obj(state.seat_name(t))}: a player needs two or more stacks before their "
                   "top stack can be duelled, and a Base Stack is never duelled", "GL-R10")
    kind = stack_kind(state.herds[t][-1])
    if kind not in state.hands[seat]:
        return _no(f"can't duel {obj(state.seat_name(t))}: {possessive(state.seat_name(t))} top stack is {NAMES[kind]}, and you "
                   f"hold no {NAMES[kind]} card", "GL-R10")
    return _no(f"can't open the duel with {_a(action.card)}: open with {_a(kind)} or a wild",
               "GL-R11")


def _why_not_card(state, action: Action, seat: int) -> IllegalActionError:
    card = action.kind
    if card not in state.action_cards[seat]:
        return _no(f"can't play {NAMES[card]}: you have no {NAMES[card]} face down in front of "
                   "you", "GL-R13")
    if not state.variants["action_cards"]:            # pragma: no cover - never dealt then
        return _no("action cards are not used in this game", "GL-R25")
    if state.end_phase():
        return _no(f"can't play {NAMES[card]}: a hand is empty and nothing is left to draw, so "
                   "no more action cards are played", "GL-R23")
    if not state.action_cards_left:
        return _no(f"can't play {NAMES[card]}: after a card with one extra play, no more action "
                   "cards this turn", "GL-R26")
    if not state.herds[seat]:
        return _no(f"can't play {NAMES[card]}: you need at least one stack in your herd first",
                   "GL-R13")
    if card in TARGETED:
        t = action.target
        if t == seat or t >= state.players:
            return _no(f"can't play {NAMES[card]} on that seat: aim it at another player",
                       "GL-R33")
        if not state.herds[t]:
            return _no(f"can't play {NAMES[card]} on {obj(state.seat_name(t))}: "
                       f"{_has(state.seat_name(t))} no stack yet",
                       "GL-R13")
        if card == "sneak":
            if len(state.herds[t]) < 2:
                return _no(f"can't play Sneak-A-Goat on {obj(state.seat_name(t))}: "
                           f"{_has(state.seat_name(t))} only "
                           f"{'your' if is_you(state.seat_name(t)) else 'their'} Base Stack, "
                           "which never moves", "GL-R17")
            if action.stack == 1:
                return _no("can't move the Base Stack: Sneak-A-Goat moves any stack but the "
                           "Base Stack", "GL-R17")
            return _no(f"can't move stack {action.stack}: {possessive(state.seat_name(t))} herd has "
                       f"{len(state.herds[t])} stacks", "GL-R17")
    return _no(f"can't play {NAMES[card]} right now", KIND_RULE[card])


def _why_not_answer(state, action: Action, seat: int) -> IllegalActionError:
    kind = action.kind
    pending = state.pending
    if kind == "escape":
        if "escape" not in state.action_cards[seat]:
            return _no("can't play Escape Goat: you have none face down", "GL-R14")
        if state.rain:
            return _no("can't play Escape Goat: Raining Fire-Goats forbids it for the rest of "
                       "the turn", "GL-R19")
        if pending.kind == "escape" and pending.card in UNSTOPPABLE:  # pragma: no cover
            return _no(f"Escape Goat can't cancel {NAMES[pending.card]}", "GL-R14")
        return _no("can't play Escape Goat now: against a duel it must be the defender's first "
                   "answer", "GL-R12")
    if kind == "play":
        problem = _hand_problem(state, action, seat)
        if problem:
            return problem
        want = state.duel.kind
        return _no(f"can't add {_a(action.card)} to this duel: add {_a(want)} or a wild",
                   "GL-R11")
    if kind == "trash":
        return _no(f"can't trash {NAMES[action.card]}: it is not among your face-down cards",
                   "GL-R6")
    if kind == "take":
        return _no(f"can't take {_a(action.card)}: there is none in that hand", "GL-R16")
    if kind in ("toss", "keep"):
        problem = _hand_problem(state, action, seat)
        if problem:
            return problem
    if kind == "keep" and action.card in IS_ACTION:          # pragma: no cover - parse refuses
        return _no("action cards are never in a hand", "GL-R6")
    return _no(f"can't {describe(action)} right now", KIND_RULE.get(kind, "GL-R7"))


def _a(card: str) -> str:
    name = NAMES[card]
    return f"{'an' if name[0] in 'AEIOU' else 'a'} {name}"

