"""Grab Your Goat! in plain words: the rules, what a pending decision asks, and why an action
is not allowed.

Nothing here decides a rule (``rules`` does); this module only says things:

- ``OUR_READINGS``: our readings where the rulings are silent (GY-X1 …);
- ``RULES``: every ruling id (GY-R1 to GY-R33) and our readings, in our own words;
- ``describe(action)`` / ``did(action)``: what an action does ("step to a card");
- ``explain(state, action, seat)``: the :class:`IllegalActionError` for an action that is not
  among the legal ones, with the rule id in ``err.rule`` and a message naming no coordinates.

    >>> from goatwidgets.games.grab_your_goat import position, parse_action
    >>> s = position(up={"b1": "straight ns"}, phase="act")
    >>> err = explain(s, parse_action("step b1"), 0)
    >>> err.reason, err.rule
    ("can't step there: that card has no arrow pointing back at yours, so the paths don't meet", 'GY-R6')
"""

from __future__ import annotations

from ...engine import IllegalActionError
from .actions import Action
from .board import CELLS, NEIGHBOURS, TOP, direction, parse_cell
from .cards import BIT, DIR_NAMES, NAMES, OPPOSITE, mask_text
from .saves import ACCEPTS, DECISIONS, Step
from .views import decision_words

OUR_READINGS = {
    "GY-X1": "Only a shepherd's own move (a step or a Ski Lift ride) throws the pieces on the "
             "card it enters. A shepherd who is pushed, thrown or swept onto a card simply "
             "shares it with whoever is there.",
    "GY-X2": "When a shepherd enters a card holding several pieces, it throws the other "
             "shepherds first and then the goats, each in seat order; each piece lands (and "
             "its landing is settled) before the next one is thrown.",
    "GY-X3": "A choice with only one possible answer is made for you: a revealed card that "
             "can lie only one way, a throw with only one card to land on, a Top of the "
             "Mountain visit with no face-down card left.",
    "GY-X4": "The Thicket costs the move of your next turn however you got into it (a step, "
             "a push, a throw, a sweep, or a card turned up under you), even if you leave it "
             "before then. Entering it during your own goat roll costs your next turn's move, "
             "not this one's.",
    "GY-X5": "Coffee Bush counts where a piece stands when its part of the turn begins: a goat "
             "on it at the roll rolls twice; a shepherd on it when choosing the move may, "
             "after a step or a Ski Lift ride, make one more step or ride (or stop).",
    "GY-X6": "A free Ski Lift ride is extra: it does not use up your move, and you may say no. "
             "The ride enters its card like a step (pieces there are thrown, the Top gives "
             "its reveal).",
    "GY-X7": "A Waterfall's single arrow is the revealer's free choice, even when they step "
             "onto it: it need not point back the way they came.",
    "GY-X8": "If two shepherds catch their goats at the same moment, they share the win.",
    "GY-X9": "Turning a card with four arrows (a house, the Top, a Crossroads) is allowed and "
             "changes nothing: it is how you pass your move.",
    "GY-X10": "A goat that bumps into a card with several shepherds pushes every one of them.",
    "GY-X11": "An advantage card may go on any face-down card, even one with a shepherd or "
              "a goat on it, your own included.",
    "GY-X12": "Dense Fog also clears cards with goats on them (the goats stay, now on face-down "
              "cards); the Fog card itself leaves even when the revealer stands on it.",
    "GY-X13": "A card that turns face up acts on every shepherd standing on it, however it was "
              "turned up: a Steep Cliff or Mineshaft sends each of them home, a Waterfall "
              "carries each of them along its arrow, a Thicket costs each of them their next "
              "move. A shepherd carried onto a face-down card goes first, then those who were "
              "already there, in seat order. Only the one who turned it up lays it, picks a "
              "Landslide's direction and gets the free Ski Lift ride. A shepherd who steps onto "
              "the card throws the others off first (GY-R28), except from a Steep Cliff, "
              "which sends them home.",
}


#: every ruling and reading, in our own words (the rulings file is the authority)
RULES: dict[str, str] = {
    "GY-R1": "The board is seven cards by seven. The Top of the Mountain sits face up in the "
             "middle, the four houses face up in the corners, and the other 44 places get a "
             "face-down card from the shuffled deck. Everyone holds 3 cards; what is left of "
             "the deck waits beside the board.",
    "GY-R2": "North is the top edge of the board. Pieces only ever move to the card directly "
             "north, east, south or west of them.",
    "GY-R3": "There are 50 path cards: 14 straight, 14 corner, 14 T-shaped and 8 crossroads. "
             "A face-up card can lie four ways round. A teacher who owns the box can set the "
             "real numbers.",
    "GY-R4": "There are 20 effect cards: 2 each of Coffee Bush, Ski Lift, Thicket, Wheat "
             "Field, Dense Fog, Landslide, Mineshaft and Steep Cliff, and 4 Waterfalls. Coffee "
             "Bush, Ski Lift, Thicket and Wheat Field open on all four sides; a Mineshaft has "
             "no way out; nobody may walk onto a Steep Cliff; a Waterfall has one arrow, set "
             "by whoever turns it up; Dense Fog and Landslide leave the board once they act.",
    "GY-R5": "Our goat die has six faces: north, east, south, west, and two faces where the "
             "roller picks the way. A teacher can set other faces.",
    "GY-R6": "You can walk between two neighbouring face-up cards only when each has an arrow "
             "pointing at the other (houses and the Top point every way). These links make a "
             "graph, and the game asks the graph where you can go and how far your goat is.",
    "GY-R7": "You may step through one of your card's arrows onto a face-down neighbour. It "
             "turns face up and you lay it so that an arrow points back the way you came (you "
             "pick, if it fits more than one way). An effect card then acts straight away.",
    "GY-R8": "Moving your shepherd means one step to a neighbouring card. From a Coffee Bush "
             "you get two, and a goat there moves twice.",
    "GY-R9": "Your turn: first roll the die and move your goat, then do one thing: step, play "
             "a card from your hand, or give your own card a quarter turn either way.",
    "GY-R10": "The goat goes one card the way the die says, whatever the cards show, without "
              "turning anything up. Off one edge it comes back on the opposite edge. Goats may "
              "share cards, and a goat on a face-up Wheat Field stays put. If it would walk "
              "into a shepherd, it stays and the shepherd is shoved one card that way (shoved "
              "off the board means back home).",
    "GY-R11": "Instead of moving you may trade one of your hand cards for a face-down card on "
              "the board. Yours goes face up, turned as you like; the board card goes into your "
              "hand and only you see it. An effect card you play acts at once.",
    "GY-R12": "A shepherd walking onto a card with another shepherd, or with someone else's "
              "goat, throws that piece onto a neighbouring card of the walker's choosing. A "
              "thrown piece may land on a face-down card, which stays face down.",
    "GY-R13": "You catch your goat by walking onto its card, except on a Steep Cliff, "
              "Mineshaft, Landslide or Waterfall.",
    "GY-R14": "Reaching the Top of the Mountain lets you turn up one face-down card anywhere "
              "(an effect card acts).",
    "GY-R15": "Once a Ski Lift is face up, a shepherd's move can be a ride between the Top of "
              "the Mountain and that lift. Whoever turns a Ski Lift up may ride it at once "
              "without using their move.",
    "GY-R16": "A shepherd who gets into the Thicket misses the move part of their next turn; "
              "their goat still rolls.",
    "GY-R17": "Dense Fog: every face-up card with no shepherd on it (not the Top or the houses) "
              "is shuffled back into the deck and a face-down card from the deck takes its "
              "place; then the Fog card goes the same way.",
    "GY-R18": "Landslide: the one who turns it up picks a direction. The Landslide and every "
              "card from it to the edge that way (not the Top or a house) go back into the "
              "deck and are replaced face down. Shepherds on them go home; goats stay.",
    "GY-R19": "Whoever turns up a Mineshaft goes home. While it is face up, any shepherd can "
              "jump in to get home.",
    "GY-R20": "Nobody may walk onto a Steep Cliff. If you turn one up by stepping onto it, "
              "you go back where you were, and that was your move.",
    "GY-R21": "A shepherd on a Waterfall is carried one card the way its arrow points. A "
              "face-down card there turns up and the carried player lays it as if stepping. "
              "Carried onto a Steep Cliff or off the board: back home.",
    "GY-R22": "Our addition: if nobody has caught their goat after 400 turns, the game is a "
              "draw.",
    "GY-R23": "2 to 4 players, each in their own corner house (two players sit in opposite "
              "corners). The seed picks who starts unless a teacher does; play goes clockwise.",
    "GY-R24": "You win the moment your shepherd and your goat are together on a face-up card "
              "that is not one of the four no-win cards, however it happened and whoever's "
              "turn it is.",
    "GY-R25": "A shepherd that is shoved, thrown or carried obeys the card it lands on (Steep "
              "Cliff or Mineshaft: home; a face-down card stays face down). A throw can only "
              "land on a neighbour with no shepherd that is not a face-up Steep Cliff; with no "
              "such neighbour a shepherd goes home and a goat stays. Houses hold any number.",
    "GY-R26": "Standing on a face-down card, you can leave it on every side, but you can't "
              "turn it.",
    "GY-R27": "A face-up Mineshaft or Waterfall can be entered from any arrow of yours that "
              "points at it, though it has no arrow pointing back.",
    "GY-R28": "Walking onto a card: turn it up and lay it if it is face down; a Steep Cliff "
              "sends you back (and anyone thrown onto it before goes home). Otherwise throw "
              "the pieces there, then see if you won, then the card acts.",
    "GY-R29": "A card turned up from a distance (from the Top, or by playing a card) is laid "
              "as its revealer likes. Steep Cliff, Mineshaft, Waterfall and Thicket then act "
              "only on shepherds already on it. The free Ski Lift ride needs the revealer on "
              "the Top or on that lift.",
    "GY-R30": "A shepherd carried back onto a Waterfall it already went through in the same "
              "ride goes home.",
    "GY-R31": "A goat on a Coffee Bush rolls and moves twice; a shepherd on one may take a "
              "second step. Bouncing off a Steep Cliff, going home or winning stops the moving.",
    "GY-R32": "A goat on a face-up Wheat Field can't be thrown: a shepherd walking in shares "
              "the card with it.",
    "GY-R33": "A Landslide runs past the Top and the houses (and whoever is there) to the edge. "
              "Arriving on the Top in any way on your own turn gives its reveal, once a turn. "
              "A goat going off an edge stays in its row or column. Routes are hints; a move "
              "is still one step. Card exits and house places can be set as options.",
    **OUR_READINGS,
}

#: kind -> (what it does, what was done), in plain words
WORDS: dict[str, tuple[str, str]] = {
    "roll": ("roll the goat die", "rolled the goat die"),
    "goat": ("send your goat one way", "sent the goat"),
    "step": ("step to a card", "stepped"),
    "lift": ("ride the Ski Lift", "rode the Ski Lift"),
    "play": ("play a card from your hand", "played a card"),
    "rotate": ("turn your card", "turned a card"),
    "orient": ("lay the card down that way", "laid the card down"),
    "throw": ("throw the piece there", "threw a piece"),
    "slide": ("send the Landslide that way", "sent the Landslide"),
    "reveal": ("turn up a card", "turned up a card"),
    "pass": ("pass", "passed"),
}


def describe(action: Action) -> str:
    return WORDS.get(action.kind, (action.kind, action.kind))[0]


def did(action: Action) -> str:
    return WORDS.get(action.kind, (action.kind, action.kind))[1]


def explain(state, action: Action, seat: int) -> IllegalActionError:
    """Why ``action`` is not legal for ``seat`` in ``state`` (plain words, rule id)."""
    pending = state.pending
    rule = DECISIONS[pending.kind]
    if action.kind not in ACCEPTS[pending.kind]:
        if pending.kind == "act" and action.kind == "pass":
            return _why_not_pass(state, seat)
        if pending.kind in ("act", "more") and state.skipping:
            return IllegalActionError("can't move: the Thicket holds your shepherd this turn",
                                      "GY-R16")
        return IllegalActionError(f"can't {describe(action)} now: first "
                                  f"{decision_words(state, pending).rstrip('.')}", rule)
    found = _why_not(state, action, seat, pending)
    if found is not None:
        return found
    return IllegalActionError(f"can't {describe(action)} there right now", rule)


def _why_not(state, action: Action, seat: int, pending: Step) -> IllegalActionError | None:
    """The rule an action of an accepted kind breaks here, if one says more than "not
    there"."""
    match action.kind:
        case "step":
            return _why_not_step(state, action, seat, pending)
        case "lift":
            return _why_not_lift(state, action, seat, pending)
        case "play":
            return _why_not_play(state, action, seat, pending)
        case "rotate":
            return _why_not_rotate(state, action, seat, pending)
        case "orient":
            return _why_not_orient(state, action, seat, pending)
        case "throw":
            return _why_not_throw(state, action, seat, pending)
        case "reveal":
            return _why_not_reveal(state, action, seat, pending)
        case _:
            return None


def _why_not_pass(state, seat):
    """GY-X9: there is no plain pass; turning a four-way card is how you pass."""
    here = state.shepherds[seat]
    start = "can't pass: your move is a step, a Ski Lift ride, a card from your hand, or a turn "
    if not state.up[here]:
        return IllegalActionError(start + "of your card, and yours is face down, so it can't be "
                                  "turned (GY-R26)", "GY-X9")
    if state.arrows[here] == 15:
        return IllegalActionError(start + f"of your card; your {NAMES[state.cards[here]]} "
                                  "points every way, so turning it changes nothing: that is how "
                                  "you pass", "GY-X9")
    return IllegalActionError(start + "of your card (only turning a four-way card changes "
                              "nothing)", "GY-X9")


def _why_not_step(state, action, seat, pending):
    here = state.shepherds[seat]
    target = parse_cell(action.cell)
    d = direction(here, target)
    if target == here:
        return IllegalActionError("can't step there: you are already on that card", "GY-R8")
    if d is None:
        return IllegalActionError("can't step there: a step goes to the card right next to "
                                  "yours, north, east, south or west", "GY-R8")
    if state.up[here] and not state.arrows[here] & BIT[d]:
        return IllegalActionError(f"can't step {DIR_NAMES[d]}: your card has no arrow "
                                  "pointing that way", "GY-R6")
    if state.up[target] and state.cards[target] == "cliff":
        return IllegalActionError("can't step there: nobody may walk onto a Steep Cliff",
                                  "GY-R20")
    if state.up[target] and not state.arrows[target] & BIT[OPPOSITE[d]]:
        return IllegalActionError("can't step there: that card has no arrow pointing back at "
                                  "yours, so the paths don't meet", "GY-R6")
    return None


def _why_not_lift(state, action, seat, pending):
    if pending.kind == "lift":
        return IllegalActionError("can't ride there: the free ride goes only to the other end "
                                  "of this lift", "GY-R15")
    lifts = [c for c in range(CELLS) if state.up[c] and state.cards[c] == "ski"]
    if not lifts:
        return IllegalActionError("can't ride the Ski Lift: no Ski Lift is face up yet",
                                  "GY-R15")
    here = state.shepherds[seat]
    if here != TOP and here not in lifts:
        return IllegalActionError("can't ride the Ski Lift: it runs between the Top of the "
                                  "Mountain and a face-up Ski Lift, and you stand on neither",
                                  "GY-R15")
    return IllegalActionError("can't ride there: the lift goes from the Top to a face-up Ski "
                              "Lift, or from a Ski Lift back to the Top", "GY-R15")


def _why_not_play(state, action, seat, pending):
    if action.card not in state.hands[seat]:
        return IllegalActionError(f"can't play a {NAMES[action.card]}: there is none in your "
                                  "hand", "GY-R11")
    if state.up[parse_cell(action.cell)]:
        return IllegalActionError("can't play there: that card is already face up; a card "
                                  "from your hand swaps with a face-down one", "GY-R11")
    return None


def _why_not_rotate(state, action, seat, pending):
    here = state.shepherds[seat]
    if not state.up[here]:
        return IllegalActionError("can't turn your card: it is face down, and a face-down "
                                  "card can't be turned", "GY-R26")
    return IllegalActionError("can't turn your card that way: a quarter turn either way "
                              "gives other arrows", "GY-R9")


def _why_not_orient(state, action, seat, pending):
    cell, back = pending.cell, pending.back
    if back and not any(BIT[d] == back for d in action.arrows):
        return IllegalActionError(f"can't lay it that way: one arrow must point back "
                                  f"{DIR_NAMES[mask_text(back)]}, the way you came", "GY-R7")
    return IllegalActionError(f"can't lay it that way: a {NAMES[state.cards[cell]]} has "
                              "other arrows", "GY-R3")


def _why_not_throw(state, action, seat, pending):
    cell = pending.cell
    target = parse_cell(action.cell)
    if target not in [n for _, n in NEIGHBOURS[cell]]:
        return IllegalActionError("can't throw it there: it lands on a card right next to the "
                                  "one it is thrown from", "GY-R12")
    if target in state.shepherds:
        return IllegalActionError("can't throw it there: a shepherd stands on that card",
                                  "GY-R25")
    return IllegalActionError("can't throw it there: nothing lands on a Steep Cliff", "GY-R25")


def _why_not_reveal(state, action, seat, pending):
    return IllegalActionError("can't turn that card up: it is already face up", "GY-R14")
