"""Gruff Goats in plain words: what an action is, why one is not allowed, and the rules.

Nothing here decides a rule (``rules`` does); this module only says things, short and plain
for young players:

- ``RULES``: every ruling id (GG-R1 to GG-R19) and our readings (GG-X1…, ``OUR_READINGS``:
  where even the rulings are silent), in our own words;
- ``describe(action)`` / ``did(action)``: what an action does, with no square names;
- ``explain(state, action, seat)``: the :class:`IllegalActionError` for an action that is not
  among the legal ones, the rule id in ``err.rule``.

    >>> from goatwidgets.games.gruff_goats import position, parse_action
    >>> s = position(hands=["", "S"])
    >>> err = explain(s, parse_action("claim big"), 0)
    >>> err.reason, err.rule
    ('you need a spades card to claim the big goat wand', 'GG-R6')
    >>> describe(parse_action("troll c4 d3")), did(parse_action("block"))
    ('move a troll', 'blocked')
"""

from __future__ import annotations

from ...engine import IllegalActionError
from .actions import PHASE_KINDS, Action
from .cards import WAND_NAMES, cost

#: where even the rulings are silent, our readings (cited as GG-X1…)
OUR_READINGS = {
    "GG-X1": "Seat 0 starts on the south-west corner. With two players the other goats start "
             "on the north-east corner; with three or four, the next seats go clockwise: "
             "north-west, north-east, south-east.",
    "GG-X2": "A goat may step along any link: back off a bridge, or along the Outside Land. "
             "Nothing forces it towards the Island, and it may even step onto a troll's bridge "
             "(it is eaten and goes back to a corner).",
    "GG-X3": "When one player has several eaten goats to put back at once, the bigger goat "
             "goes back first.",
    "GG-X4": "In the dragon-takes-a-troll variant the dragon carries the troll to a different "
             "bridge, never back where it was.",
    "GG-X5": "Every eaten goat is back on a corner before the turn's card is drawn. In the "
             "many-actions variant you end your turn by drawing, and you may use a wand in the "
             "same turn you won it.",
    "GG-X6": "Everyone may look through the discard pile, so the game shows how many cards of "
             "each suit it holds and which card is on top.",
    "GG-X7": "The turn guard ends the game as a draw when the last allowed turn is over, after "
             "its card is drawn.",
    "GG-X8": "Points to win are a variant option (target, 1 to 5; 3 by default, GG-R11). With "
             "four players the full game runs long (about 300 turns with our bots): a lower "
             "target, with the small board, gives a game that fits a lesson.",
    "GG-X9": "The small board is a variant option (board='small'): three squares by three, "
             "the Island in the middle, a bridge on each side and the four corners as the "
             "Outside Land. Each corner touches two bridges, so a goat needs two steps to the "
             "Island instead of four. The trolls start on the north and south bridges.",
    "GG-X10": "Open hands are a variant option (open_hands=True), as families often play "
              "with young children: every hand lies face up and every card taken is shown. "
              "Nothing is secret then, so a class can play at one screen with no cover "
              "between players; the deck's order stays unknown to all.",
    "GG-X11": "With open hands only a player who holds the cards to block a claim is asked "
              "to block or pass; the others are passed over, and the log says so. Asking "
              "everyone (GG-R6) is there to keep hands secret, and open hands have none, so a "
              "class is not asked a question with only one answer.",
}

#: every ruling and reading in our own words (the rulings file is the authority)
RULES: dict[str, str] = {
    "GG-R1": "The board is five squares by five. The ring of squares around the edge is the "
             "Outside Land. The middle square is the Island. The four squares next to the "
             "Island are bridges, and the four squares left over are water: no one goes "
             "there. A goat steps to a square next to it, never on a slant.",
    "GG-R2": "Each player's big, medium and little goat begin together on one corner. The two "
             "trolls begin on the north and south bridges. The dragon waits off the board, "
             "and no one has a wand yet.",
    "GG-R3": "The deck is two packs of playing cards without jokers: 104 cards. Everyone gets "
             "8 cards and may hold as many as they like. When the deck runs out, the "
             "discard pile is shuffled to make a new deck; if there are no cards at all, "
             "nobody takes one.",
    "GG-R4": "Each wand has a suit: clubs for the troll, spades for the big goat, hearts for "
             "the medium goat and diamonds for the little goat. The dragon wand takes one card "
             "of every suit. (A teacher can change which suit goes with which wand.)",
    "GG-R5": "On your turn you do one thing: try to claim a wand, use a wand you have, or "
             "nothing. Then you take a card. (A variant lets you do many things before you "
             "take it.)",
    "GG-R6": "To claim a wand, put down a card of its suit. Then each other player in turn "
             "says block (and puts down the same card) or pass. If someone blocks, you can "
             "put down another card or give up. When everyone passes, the wand is yours, "
             "even if someone else had it. Everyone is asked every time, so no one learns "
             "who has which cards.",
    "GG-R7": "To use a wand you hold, put down a card of its suit (the dragon: one of each "
             "suit). A goat wand moves your goat of that size one square. The troll wand "
             "moves a troll to a bridge with no troll on it. The dragon eats any goat, even "
             "one of yours.",
    "GG-R8": "A goat and a troll can't share a bridge: the troll eats the goat, whether the "
             "goat or the troll moved there.",
    "GG-R9": "When a goat is eaten, its owner puts it back on a corner they choose.",
    "GG-R10": "A goat that reaches the Island wins its owner 1 point. Then the owner puts it "
              "back on a corner they choose.",
    "GG-R11": "The first player to get 3 points wins right away.",
    "GG-R12": "Two, three or four players can play.",
    "GG-R13": "Our addition: if nobody has won after 500 turns, the game is a draw. A teacher "
              "can change the number.",
    "GG-R14": "There are five wands: troll, big goat, medium goat, little goat and dragon. You "
              "may claim a wand nobody has or one another player has, but not one you already "
              "have. One player may hold many wands.",
    "GG-R15": "The first seat starts, and turns go round the table the same way as the "
              "blocking questions. Each player starts on a corner of their own; with two "
              "players the corners are opposite.",
    "GG-R16": "Goats never get in each other's way: any number of them may stand on one "
              "square. A goat going back may go on any corner, even a crowded one.",
    "GG-R17": "If a troll lands on a bridge with goats on it, it eats them all. Their owners "
              "put them back one goat at a time, starting with the player whose turn it is. "
              "The moment someone has 3 points, the game ends and nothing more goes back.",
    "GG-R18": "Your cards are secret. Everyone can see how many cards each player has, how "
              "big the deck is, the discard pile, who has each wand, and the whole board.",
    "GG-R19": "A variant we leave off: the dragon may carry a troll to another bridge instead "
              "of eating a goat. Goats on that bridge get eaten.",
    **OUR_READINGS,
}

#: kind -> (what it does, what was done), in plain words
WORDS: dict[str, tuple[str, str]] = {
    "draw": ("take a card and end your turn", "took a card"),
    "claim": ("claim a wand", "claimed a wand"),
    "block": ("block the claim", "blocked"),
    "pass": ("let the claim go on", "passed"),
    "again": ("put down another card for your claim", "put down another card"),
    "stop": ("give up the claim", "gave up"),
    "move": ("move a goat", "moved a goat"),
    "troll": ("move a troll", "moved a troll"),
    "dragon": ("send the dragon", "sent the dragon"),
    "place": ("put a goat back", "put a goat back"),
}

#: what the deciding seat should do, by phase
TODO = {
    "turn": "claim a wand, use one, or take a card",
    "block": "block the claim or pass",
    "answer": "put down another card or give up",
    "place": "put your goat back on a corner",
}


def describe(action: Action) -> str:
    return WORDS.get(action.kind, (action.kind, action.kind))[0]


def did(action: Action) -> str:
    return WORDS.get(action.kind, (action.kind, action.kind))[1]


def _need(state, wand: str) -> str:
    suits = cost(wand, state.suits)
    return "one card of each suit" if len(suits) > 1 else f"a {suits[0]} card"


def explain(state, action: Action, seat: int) -> IllegalActionError:
    """Why ``action`` is not legal for ``seat`` in ``state`` (plain words, rule id)."""
    kinds, rule = PHASE_KINDS[state.phase]
    if action.kind not in kinds:
        if state.phase == "turn" and action.kind in ("block", "pass", "again", "stop"):
            return IllegalActionError(f"can't {describe(action)}: nobody is claiming a wand "
                                      "right now", "GG-R6")
        if state.phase == "turn" and action.kind == "place":
            return IllegalActionError("can't put a goat back: none of your goats is waiting "
                                      "to go back", "GG-R9")
        if state.phase == "turn" and state.acted:
            return IllegalActionError(f"can't {describe(action)} now", "GG-R5")
        return IllegalActionError(f"can't {describe(action)} now: first "
                                  f"{TODO[state.phase]}", rule)
    match action.kind:
        case "claim":
            return _why_not_claim(state, action, seat)
        case "block":
            return _why_not_block(state, action, seat)
        case "again":
            return _why_not_again(state, action, seat)
        case "move":
            return _why_not_move(state, action, seat)
        case "troll":
            return _why_not_troll(state, action, seat)
        case "dragon":
            return _why_not_dragon(state, action, seat)
        case "place":
            return _why_not_place(state, action, seat)
        case _:
            return _why_not_any(state, action, seat)


def _why_not_any(state, action: Action, seat: int) -> IllegalActionError:
    return IllegalActionError(f"can't {describe(action)} right now",
                              PHASE_KINDS[state.phase][1])


def _why_not_claim(state, action: Action, seat: int) -> IllegalActionError:
    wand = action.wand
    if state.wands[wand] == seat:
        return IllegalActionError(f"you already have {WAND_NAMES[wand]}", "GG-R14")
    return IllegalActionError(f"you need {_need(state, wand)} to claim {WAND_NAMES[wand]}",
                              "GG-R6")


def _why_not_block(state, action: Action, seat: int) -> IllegalActionError:
    return IllegalActionError(f"you need {_need(state, state.claim.wand)} to block; "
                              "you can pass", "GG-R6")


def _why_not_again(state, action: Action, seat: int) -> IllegalActionError:
    return IllegalActionError(f"you need {_need(state, state.claim.wand)} to put down "
                              "another; you can give up", "GG-R6")


def _no_wand(state, wand: str, seat: int, verb: str) -> IllegalActionError | None:
    if state.wands[wand] != seat:
        return IllegalActionError(f"can't {verb}: you don't have {WAND_NAMES[wand]}; claim it "
                                  "first", "GG-R7")
    if not state.can_pay(seat, wand):
        return IllegalActionError(f"can't {verb}: you need {_need(state, wand)} to use "
                                  f"{WAND_NAMES[wand]}", "GG-R7")
    return None


def _why_not_move(state, action: Action, seat: int) -> IllegalActionError:
    verb = f"move your {action.size} goat"
    problem = _no_wand(state, action.size, seat, verb)
    if problem:
        return problem
    board, target = state.board, action.square
    kind = board.kind(target)
    if kind is None:
        return IllegalActionError(f"can't {verb}: there is no such square", "GG-R1")
    if kind == "water":
        return IllegalActionError(f"can't {verb} there: goats can't go into the water",
                                  "GG-R1")
    if target == state.goats[seat][action.size]:
        return IllegalActionError(f"can't {verb}: it is already there; pick a square next to "
                                  "it", "GG-R7")
    return IllegalActionError(f"can't {verb} there: a goat moves one square, to a square next "
                              "to it", "GG-R7")


def _troll_problem(state, origin: str, target: str, verb: str, rule: str):
    board = state.board
    if origin not in state.trolls:
        return IllegalActionError(f"can't {verb}: there is no troll on that square", rule)
    if board.kind(target) != "bridge":
        return IllegalActionError(f"can't {verb} there: trolls only stand on bridges", rule)
    if target == origin:
        return IllegalActionError(f"can't {verb} there: it is already on that bridge; pick "
                                  "another one", "GG-X4" if rule == "GG-R19" else rule)
    return IllegalActionError(f"can't {verb} there: the other troll is on that bridge", rule)


def _why_not_troll(state, action: Action, seat: int) -> IllegalActionError:
    return (_no_wand(state, "troll", seat, "move a troll")
            or _troll_problem(state, action.origin, action.square, "move the troll", "GG-R7"))


def _why_not_dragon(state, action: Action, seat: int) -> IllegalActionError:
    problem = _no_wand(state, "dragon", seat, "send the dragon")
    if problem:
        return problem
    if action.seat is None:
        if not state.variants["dragon_eats_trolls"]:
            return IllegalActionError("can't send the dragon at a troll: in this game the "
                                      "dragon only eats goats", "GG-R19")
        return _troll_problem(state, action.origin, action.square, "carry the troll",
                              "GG-R19")
    if action.seat >= state.players:
        return IllegalActionError("can't send the dragon: there is no such player", "GG-R7")
    return IllegalActionError("can't send the dragon: that goat is not on the board", "GG-R7")


def _why_not_place(state, action: Action, seat: int) -> IllegalActionError:
    size = state.placing[0].size
    if action.size != size:
        return IllegalActionError(f"put your {size} goat back first", "GG-X3"
                                  if state.goats[seat][action.size] is None else "GG-R9")
    return IllegalActionError(f"can't put the {size} goat there: it goes back on a corner",
                              "GG-R9")
