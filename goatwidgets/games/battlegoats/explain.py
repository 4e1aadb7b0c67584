"""BattleGoats in plain words: why an action is not allowed, and the rules.

Nothing here decides a rule (``rules`` does); this module only says things:

- ``RULES``: every ruling id (BG-R1 to BG-R16) and our readings (BG-X1…, ``OUR_READINGS``),
  in our own words, for a teacher or student who opens "Why?" under a message;
- ``describe(action)``: what an action does, in plain words;
- ``explain(state, action, seat)``: the :class:`IllegalActionError` for an action that is not
  among the legal ones, with the rule id in ``err.rule``.

    >>> from goatwidgets.games.battlegoats import position, parse_action
    >>> s = position(fields=[{"f1": "pasturepal"}, {"f1": "golem"}])
    >>> err = explain(s, parse_action("attack f2"), 0)
    >>> err.reason, err.rule
    ("can't attack from your front middle square: you have no card there", 'BG-R9')
"""

from __future__ import annotations

from ...engine import IllegalActionError
from ...engine.words import obj, possessive
from .actions import INDEX, PHASE_ACTIONS, PHASE_DECISION, Action, square_words
from .saves import MAX_CHANGES
from .views import card_words

#: our readings where the rulings are silent (BG-X1…), cited by id like the rulings
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

#: every ruling and reading, in our own words (the rulings file is the authority)
RULES: dict[str, str] = {
    "BG-R1": "Cards are data, not code: each has a name, a type, a base power and a list of "
             "bonuses taken from a fixed list. A deck is a JSON file that is checked when it "
             "is loaded; a mistake is reported with the card and the field.",
    "BG-R2": "The bonuses a card may have: so much per own card in front of it in its column; "
             "so much per own card beside, above or below it (perhaps only of one type); so "
             "much when fighting a certain type; so much while it counts as face up; so much "
             "when fighting a card that counts as face up; staying face up after a win; so "
             "much while a card of a given name (not itself) shares its battlefield; and "
             "exploding, "
             "which takes the card it fought down with it (only once, no chain). Heroes use "
             "the same list with bigger numbers. Bonuses never replace the attack.",
    "BG-R3": "We ship our own goat cards: seven Heroes and fifty others of every type and "
             "bonus, enough for six players. A teacher can load another deck file.",
    "BG-R4": "Two to six people can play.",
    "BG-R5": "Basic deal: everyone gets one random Hero and eight random other cards. Cards "
             "nobody gets stay out of the game.",
    "BG-R6": "Draft: after the Heroes, everyone gets a pack of eight cards, secretly keeps one "
             "and hands the rest to the player on their right, everyone at the same time, "
             "until the packs are used up. The last card of a pack needs no choice.",
    "BG-R7": "Everyone lays their nine cards face down in three rows of three: front, middle, "
             "back. Where a card goes is your choice, and it stays there all game.",
    "BG-R8": "Everyone lays out at the same time and in secret, so a random player (from the "
             "game's seed) plays the one who finished first and picks who attacks first, "
             "possibly themself. Turns then pass to the next seat.",
    "BG-R9": "On your turn pick one of your cards and any card of any other player. Both are "
             "turned over and their powers added up from the board right now. The bigger "
             "number wins; the loser goes face up onto its owner's discard pile and the "
             "winner is turned face down again. On a tie both lose.",
    "BG-R10": "A card only counts as face up if it was already face up when this turn began. "
              "Cards that were turned over in a fight and survived lie face down again, but "
              "everybody remembers what they are.",
    "BG-R11": "If you have a card, you must attack. Players with no cards left are out and "
              "are skipped.",
    "BG-R12": "You may always look at your own face-down cards. Of other battlefields you see "
              "only the backs, apart from cards everyone remembers.",
    "BG-R13": "Whoever has the last cards in play wins. If the last two cards, of two "
              "players, knock each other out, the table's choice decides: both share the "
              "win (our default) or nobody wins.",
    "BG-R14": "Our addition: after a set number of turns (9 per player unless changed) a "
              "game without a winner is a draw. Each attack removes a card, so a real game "
              "always ends before that.",
    "BG-R15": "A player whose last card is beaten is out straight away; when only one "
              "player has cards left, they win.",
    "BG-R16": "After a fight everyone sees both cards' names, base powers and final powers. "
              "The parts of each sum are shown to you only when you can know what they "
              "depend on; parts that depend on cards you cannot see are added into one "
              "number. A card's owner sees every part.",
    **OUR_READINGS,
}

WORDS = {"pick": "keep a card from the pack", "place": "put a card on your battlefield",
         "first": "choose the first attacker", "attack": "choose a card to attack with",
         "target": "choose the card to attack", "cancel": "change your mind"}
DID = {"pick": "kept a card from the pack", "place": "put a card on your battlefield",
       "first": "chose the first attacker", "attack": "chose a card to attack with",
       "target": "attacked a card", "cancel": "changed your mind"}


def did(action: Action) -> str:
    """What ``action`` did, in plain words (for lesson feedback)."""
    return DID.get(action.kind, action.kind)


def describe(action: Action) -> str:
    """What ``action`` does, in plain words."""
    return WORDS.get(action.kind, action.kind)


def explain(state, action: Action, seat: int) -> IllegalActionError:
    """Why ``action`` is not legal for ``seat`` in ``state`` (plain words, rule id)."""
    if action.kind not in PHASE_ACTIONS[state.phase]:
        rule = PHASE_DECISION[state.phase][1]
        return IllegalActionError(f"can't {describe(action)} now: {state.prompt_for(seat)}",
                                  rule)
    match action.kind:
        case "pick":
            return _why_not_pick(state, action, seat)
        case "place":
            return _why_not_place(state, action, seat)
        case "first":
            return _why_not_first(state, action, seat)
        case "attack":
            return _why_not_attack(state, action, seat)
        case "cancel":
            return _why_not_cancel(state, action, seat)
        case "target":
            return _why_not_target(state, action, seat)
        case _:
            raise AssertionError(f"no explanation for an action of kind {action.kind!r}")


def _card_name(state, card: str) -> str:
    return state.cards[card].name if card in state.cards else repr(card)


def _why_not_pick(state, action: Action, seat: int) -> IllegalActionError:
    return IllegalActionError(f"can't keep {_card_name(state, action.card)}: it is not in "
                              "the pack you hold", "BG-R6")


def _why_not_place(state, action: Action, seat: int) -> IllegalActionError:
    if action.card not in state.hands[seat]:
        return IllegalActionError(f"can't place {_card_name(state, action.card)}: it is not "
                                  "in your hand", "BG-R7")
    return IllegalActionError(f"can't place a card on your {square_words(action.square)} "
                              "square: a card is already there, and cards never move", "BG-R7")


def _why_not_first(state, action: Action, seat: int) -> IllegalActionError:
    return IllegalActionError(f"can't choose seat {action.seat}: there are only "
                              f"{state.players} seats (0 to {state.players - 1})", "BG-R8")


def _mind_made_up(state, seat: int) -> IllegalActionError:
    return IllegalActionError(f"you have changed your mind {MAX_CHANGES} times this turn: "
                              f"your {card_words(state, seat, state.aim)} attacks; "
                              "now click the card it attacks", "BG-X11")


def _why_not_attack(state, action: Action, seat: int) -> IllegalActionError:
    if state.fields[seat][INDEX[action.square]] is None:
        return IllegalActionError(f"can't attack from your {square_words(action.square)} "
                                  "square: you have no card there", "BG-R9")
    if state.aim == action.square:
        return IllegalActionError(f"your {card_words(state, seat, state.aim)} is "
                                  "already chosen: now click the card it attacks", "BG-X10")
    return _mind_made_up(state, seat)


def _why_not_cancel(state, action: Action, seat: int) -> IllegalActionError:
    if state.aim is None:
        return IllegalActionError("there is nothing to cancel: no card is chosen to attack "
                                  "with yet", "BG-X10")
    return _mind_made_up(state, seat)


def _why_not_target(state, action: Action, seat: int) -> IllegalActionError:
    if state.aim is None:
        return IllegalActionError("choose one of your cards to attack with first, then the "
                                  "card it attacks", "BG-X10")
    if action.seat == seat:
        return IllegalActionError("can't attack your own card: choose a card of another "
                                  "player", "BG-R9")
    if action.seat >= state.players:
        return IllegalActionError(f"can't attack seat {action.seat}: there are only "
                                  f"{state.players} seats (0 to {state.players - 1})", "BG-R9")
    if not any(state.fields[action.seat]):
        return IllegalActionError(f"can't attack {obj(state.seat_name(action.seat))}: out of "
                                  "the game, with no cards left", "BG-R11")
    return IllegalActionError(f"can't attack {possessive(state.seat_name(action.seat))} "
                              f"{square_words(action.target)} square: there is no card there",
                              "BG-R9")
