"""The Grab Your Goat! lesson: one rule per step, each on a small position the student acts on.

You are "You" (seat 0, the round pieces, home in the top-left corner); "Rival" is seat 1
(square pieces, bottom-right). Card names below are for lesson authors only (students read
plain words): columns ``a``-``g`` from west to east, rows ``1``-``7`` from north to south;
``a1`` is your house, ``d4`` the Top of the Mountain.

A step may take two actions; after the first, the student reads what happened and what
comes next:

    >>> from goatwidgets.lessons import LessonRun
    >>> LessonRun(LESSON, start=4).try_action("step b1").message
    'Your shepherd stepped east onto a face-down card. It is a Corner path. Your decision: lay the Corner path so one of its arrows points back west.'
"""

from __future__ import annotations

from ..engine.words import plural
from ..games.grab_your_goat import DEFAULT_DIE, parse_cell, position
from ..games.grab_your_goat.board import FIXED, line
from . import RIVAL, YOU, Lesson, Step, step_positions



#: a step's position: ``preset={"die": "s"}`` is the face your next roll shows;
#: ``phase="act", die="n"`` starts after the roll (your goat has moved), the die showing "n"
_at = step_positions(position, seed=3)


def _first(text):
    """The step's first action must be ``text``; then ``then(state, played)`` decides."""
    def wrap(then):
        def check(state, played):
            if played[0] != text:
                return False
            return then(state, played)
        return check
    return wrap


def _goat_at(cell):
    def check(state, played):
        return state.goats[YOU] == parse_cell(cell)
    return check


@_first("step b1")
def _revealed_and_laid(state, played):
    return True if len(played) == 2 and played[1].startswith("orient") else None


def _two_steps(state, played):
    if not all(p.startswith("step") for p in played):
        return False
    return True if len(played) == 2 else None


@_first("step b1")
def _in_the_thicket(state, played):
    return state.lost[YOU]


@_first("step b1")
def _fog_cleared(state, played):
    return not state.up[parse_cell("c1")]


@_first("step b1")
def _went_home(state, played):
    return state.shepherds[YOU] == parse_cell("a1")


@_first("step b2")
def _bounced(state, played):
    return state.shepherds[YOU] == parse_cell("b1") and state.up[parse_cell("b2")]


@_first("step b1")
def _swept(state, played):
    return True if len(played) >= 2 and played[1].startswith("orient") else None


@_first("step c2")
def _threw(state, played):
    return True if len(played) == 2 and played[1].startswith("throw") else None


def _played_a_card(state, played):
    return played[0].startswith("play ")


@_first("step c3")
def _no_win_in_the_mine(state, played):
    return not state.is_over and state.shepherds[YOU] == parse_cell("a1")


def _won(state, played):
    return state.winners == (YOU,)


def _solved(build, solution):
    """The step's position after its solution: where a ✔ text states a number, the rules
    model gives it (the tests check the outcomes the text states)."""
    state = build()
    for text in solution:
        state.apply(text, seat=YOU)
    return state


#: Dense Fog: face-up cards beside the Fog's place; how many it takes back is the rules'
_FOG_AT = _at(down={"b1": "fog"}, up={"c1": "straight ew", "b2": "cross", "c2": "corner nw"},
              phase="act", die="n")
_FOGGED = sum(a and not b for a, b in zip(_FOG_AT().up, _solved(_FOG_AT, ["step b1"]).up))

#: Landslide: sent south down column b, where Rival's shepherd stands and Rival's goat grazes
_SLIDE = ["step b1", "slide s"]
_SLIDE_AT = _at(down={"b1": "landslide"}, up={"b2": "cross", "b3": "straight ns"},
                shepherds={RIVAL: "b3"}, goats={RIVAL: "b2"}, phase="act", die="n")
_SLID = len([c for c in line(parse_cell("b1"), "s") if c not in FIXED]) - 1

#: the goat die's faces (GY-R5)
_CHOICE, _FACES = DEFAULT_DIE["choice"], sum(DEFAULT_DIE.values())


ROW = {"b2": "cross", "c2": "straight ew"}

STEPS = [
    Step(
        title="The goal",
        rule="GY-R13, GY-R9",
        text="You are the round shepherd in the house at the top left. Your goat (the hollow "
             "round piece with horns) is wandering the mountain. Catch it: walk your shepherd "
             "onto its card. Every turn starts with the goat die, which moves your goat. "
             "Press Roll the goat die.",
        position=_at(preset={"die": "s"}),
        expect="roll",
        hint="The Roll button is beside the board, under The die.",
        right="Good: your goat moved one card south. Every turn starts with the goat; then "
              "your shepherd makes one move, and the next steps show each kind of move.",
        wrong="Press the Roll the goat die button.",
        solution=["roll"],
    ),
    Step(
        title="Round the edge",
        rule="GY-R10, GY-R33",
        text="The goat goes one card the way the die shows, whatever the cards show, and "
             "turns nothing up. Your goat stands on the right-hand edge. Roll: the die will "
             "say east. Watch where it comes back.",
        position=_at(preset={"die": "e"}, goats={YOU: "g4"}),
        expect="roll",
        hint="Press Roll the goat die. Then look at the left-hand edge, same row.",
        right="Off the east edge, back on the west edge of the same row: goats wrap around.",
        wrong="Press the Roll the goat die button.",
        solution=["roll"],
    ),
    Step(
        title="Roller's choice",
        rule="GY-R5, GY-R10",
        text="Some faces of the goat die show a star: Roller's choice. Then you choose which "
             "way your goat goes. Your goat is two cards below your shepherd. Roll (the die "
             "will show the star), then send your goat one card nearer your shepherd.",
        position=_at(up={"b1": "straight ew"}, shepherds={YOU: "b1"}, goats={YOU: "b3"},
                     preset={"die": "choice"}),
        expect=["roll", "goat n"],
        hint="Press Roll the goat die, then ↑ north under Which way does your goat go?",
        right=f"Your goat is right below your shepherd now. Roller's choice is on {_CHOICE} "
              f"of the die's {_FACES} faces. A goat never walks onto its own shepherd's card: "
              "it stays put and pushes your shepherd one card along instead.",
        wrong="Roll, then send your goat north, one card nearer your shepherd.",
        mistakes={"goat": "Your shepherd is north of your goat: send it north."},
        solution=["roll", "goat n"],
    ),
    Step(
        title="Where paths meet",
        rule="GY-R6, GY-R8",
        text="A step goes to the next card north, east, south or west, and only where the "
             "arrows meet: your card points at the other card AND the other card points back "
             "at yours. The card to your right has no arrow back at you; the card below does. "
             "Take one step.",
        position=_at(up={"b1": "corner es", "c1": "straight ns", "b2": "straight ns"},
                     shepherds={YOU: "b1"}, phase="act", die="n"),
        expect="step b2",
        hint="Step onto the card whose arrow points back up at yours (highlighted).",
        right="Right: both arrows meet, so the path is open.",
        wrong="Step onto the card below you: its arrow points back at you.",
        mistakes={"GY-R6": "Look for the card whose arrow points back at yours."},
        solution=["step b2"],
    ),
    Step(
        title="Turn up a card",
        rule="GY-R7, GY-R26",
        text="A shepherd can also step through an arrow onto a face-down card (a house "
             "points every way). The card turns up and you lay it down so that one of its "
             "arrows points back the way you came. Step onto the card to your right, then "
             "click the way you want it to lie.",
        position=_at(down={"b1": "corner"}, phase="act", die="n"),
        expect=_revealed_and_laid,
        hint="Step onto the face-down card right of your house; then pick one of the lit ways "
             "beside the board.",
        right="You turned the card up and chose its arrows. The board grows as people explore.",
        wrong="Step onto the face-down card right of your house, then lay it down.",
        solution=["step b1", "orient sw"],
    ),
    Step(
        title="Turn your own card",
        rule="GY-R9, GY-X9",
        text="Instead of stepping you may turn the card you stand on a quarter turn, either "
             "way. Your card runs up and down, and the card to your right points at you. Turn "
             "your card so the two paths meet (next turn you could walk on).",
        position=_at(up={"b2": "straight ns", "c2": "straight ew"}, shepherds={YOU: "b2"},
                     phase="act", die="n"),
        expect="rotate ew",
        hint="Beside the board, under Or turn your card a quarter, click the lit way.",
        right="The arrows meet now: a path is open. Turning a card can also shut a rival out.",
        wrong="Turn your card so it points left and right.",
        solution=["rotate ew"],
    ),
    Step(
        title="A card from your hand",
        rule="GY-R11",
        text="Your other choice: swap a card from your hand with any face-down card on the "
             "board. Yours goes face up; the board's card comes into your hand, and only you "
             "see it. Click the Crossroads in your hand, then the face-down card next to your "
             "house.",
        position=_at(hands={YOU: ["cross", "tee", "straight"]}, down={"b1": "thicket"},
                     phase="act", die="n"),
        expect=_played_a_card,
        hint="Click the Crossroads under Your cards, then the highlighted face-down card.",
        right="Swapped: the Crossroads lies open, and a secret card is in your hand.",
        wrong="Click a card in your hand, then a face-down card on the board.",
        solution=["play cross b1"],
    ),
    Step(
        title="Coffee Bush",
        rule="GY-R8, GY-R31",
        text="A shepherd who starts the move on a Coffee Bush may take two steps (and a goat "
             "on one rolls twice). You stand on one. Walk two cards down.",
        position=_at(up={"b2": "coffee", "b3": "straight ns", "b4": "straight ns"},
                     shepherds={YOU: "b2"}, phase="act", die="n"),
        expect=_two_steps,
        hint="Step down once, then once more.",
        right="Two steps in one move: coffee helps.",
        wrong="Take two steps down from the Coffee Bush.",
        solution=["step b3", "step b4"],
    ),
    Step(
        title="Ski Lift",
        rule="GY-R15",
        text="Once a Ski Lift is face up, a shepherd's move may be a ride between the Top of "
             "the Mountain (the middle card) and the lift, however far apart. You are on the "
             "Top. Ride the lift.",
        position=_at(up={"f6": "ski"}, shepherds={YOU: "d4"}, goats={YOU: "b6"}, phase="act",
                     die="n"),
        expect="lift f6",
        hint="Click the Ski Lift card (or the Ride button beside the board).",
        right="Whoosh: one move, many cards.",
        wrong="Ride the Ski Lift: click its card.",
        solution=["lift f6"],
    ),
    Step(
        title="Thicket",
        rule="GY-R16, GY-X4",
        text="A face-down card waits next to your house. Step onto it and see what it is.",
        position=_at(down={"b1": "thicket"}, phase="act", die="n"),
        expect=_in_the_thicket,
        hint="Step onto the face-down card right of your house.",
        right="A Thicket: your shepherd is stuck and misses its move next turn (the goat "
              "still rolls).",
        wrong="Step onto the face-down card right of your house.",
        solution=["step b1"],
    ),
    Step(
        title="Wheat Field",
        rule="GY-R10, GY-R32",
        text="Your goat is munching on a face-up Wheat Field. Roll the die and see whether it "
             "wanders off.",
        position=_at(up={"c3": "wheat"}, goats={YOU: "c3"}, preset={"die": "e"}),
        expect=_goat_at("c3"),
        hint="Press Roll the goat die.",
        right="A goat on a Wheat Field stays put, and nobody can throw it off. A good place "
              "to catch it!",
        wrong="Press the Roll the goat die button.",
        solution=["roll"],
    ),
    Step(
        title="Dense Fog",
        rule="GY-R17, GY-X12",
        text="Some face-up cards are on the board. Step onto the face-down card right of your "
             "house and watch them.",
        position=_FOG_AT,
        expect=_fog_cleared,
        hint="Step onto the face-down card right of your house.",
        right=f"Dense Fog: the {plural(_FOGGED, 'face-up card')} nobody stood on went back "
              "into the deck, and face-down cards took their places (the Top and the houses "
              "stay). Then the Fog itself left, even from under your feet.",
        wrong="Step onto the face-down card right of your house.",
        solution=["step b1"],
    ),
    Step(
        title="Landslide",
        rule="GY-R18, GY-R33",
        text="Step onto the face-down card right of your house: it is a Landslide. Whoever "
             "turns one up chooses which way it runs, and it takes itself and every card that "
             "way, to the edge, back into the deck (not the Top or a house). Send it south, "
             "down the column where Rival's shepherd stands.",
        position=_SLIDE_AT,
        expect=_SLIDE,
        hint="Step onto the face-down card right of your house, then ↓ south under Which way "
             "does the Landslide run?",
        right=f"The Landslide and the {plural(_SLID, 'card')} below it, to the bottom edge, "
              "went back into the deck, and face-down cards took their places. Every shepherd "
              "on them went home: Rival's shepherd, and yours too, because you stood on the "
              "Landslide itself. Rival's goat stayed where it was.",
        wrong="Step onto the face-down card right of your house, then send the Landslide south.",
        mistakes={"slide": "Send it south this time, down the column where Rival's shepherd "
                           "stands."},
        solution=_SLIDE,
    ),
    Step(
        title="Mineshaft",
        rule="GY-R19",
        text="Your shepherd is out on the mountain. Step onto the face-down card to your right.",
        position=_at(down={"c1": "mineshaft"}, up={"b1": "straight ew"}, shepherds={YOU: "b1"},
                     phase="act", die="n"),
        expect=lambda state, played: played[0] == "step c1" and
        state.shepherds[YOU] == parse_cell("a1"),
        hint="Step right, onto the face-down card.",
        right="A Mineshaft takes you straight home. While it lies open, anyone can jump in to "
              "get home fast.",
        wrong="Step onto the face-down card to your right.",
        solution=["step c1"],
    ),
    Step(
        title="Steep Cliff",
        rule="GY-R20, GY-R28",
        text="Step down onto the face-down card below you.",
        position=_at(down={"b2": "cliff"}, up={"b1": "straight ns"}, shepherds={YOU: "b1"},
                     phase="act", die="n"),
        expect=_bounced,
        hint="Step onto the face-down card below you.",
        right="A Steep Cliff: nobody may walk onto it. You slid back where you were, and that "
              "was your move.",
        wrong="Step onto the face-down card below you.",
        solution=["step b2"],
    ),
    Step(
        title="Waterfall",
        rule="GY-R21, GY-X7",
        text="Step onto the face-down card right of your house. If it is a Waterfall, you "
             "choose the way it flows, and the water carries you one card that way.",
        position=_at(down={"b1": "waterfall"}, up={"c1": "straight ew", "b2": "cross"},
                     phase="act", die="n"),
        expect=_swept,
        hint="Step onto the face-down card, then choose the way the water flows.",
        right="Swept along! Off the board or onto a Steep Cliff, the water sends you home.",
        wrong="Step onto the face-down card, then choose a way for the water.",
        solution=["step b1", "orient e"],
    ),
    Step(
        title="Bump and throw",
        rule="GY-R12, GY-R25, GY-X1",
        text="Rival's shepherd stands right of you. Step onto its card: you throw it onto a "
             "neighbouring card of your choice.",
        position=_at(up=ROW, shepherds={YOU: "b2", RIVAL: "c2"}, phase="act", die="n"),
        expect=_threw,
        hint="Step onto Rival's card, then click where Rival's shepherd lands.",
        right="Thrown! You can throw other players' goats the same way (but not a goat on a "
              "Wheat Field), just not your own goat.",
        wrong="Step onto Rival's card, then choose where it lands.",
        solution=["step c2", "throw c1"],
    ),
    Step(
        title="Not in the mine",
        rule="GY-R13, GY-R19",
        text="You win when your shepherd and your goat share a card, except on four cards: a "
             "Steep Cliff, a Mineshaft, a Landslide or a Waterfall. Your goat fell into the "
             "Mineshaft below you. Step in and see.",
        position=_at(up={"c2": "straight ns", "c3": "mineshaft"}, shepherds={YOU: "c2"},
                     goats={YOU: "c3"}, phase="act", die="n"),
        expect=_no_win_in_the_mine,
        hint="Step onto the Mineshaft below you.",
        right="No win in the Mineshaft: you went home instead. Wait until your goat wanders "
              "out.",
        wrong="Step onto the Mineshaft below you.",
        solution=["step c3"],
    ),
    Step(
        title="Grab your goat!",
        rule="GY-R13, GY-R24",
        text="Your goat stands on the T path next to you, and the arrows meet. Catch it!",
        position=_at(up={"b2": "cross", "c2": "tee esw"}, shepherds={YOU: "b2"},
                     goats={YOU: "c2"}, phase="act", die="n"),
        expect=_won,
        hint="Step onto your goat's card.",
        right="You grabbed your goat: you win! You can also land on its card without "
              "stepping, even on someone else's turn: pushed by another goat, thrown by a "
              "rival, or swept by a Waterfall. Your own goat never walks onto your card: it "
              "pushes your shepherd away.",
        wrong="Step onto your goat's card.",
        solution=["step c2"],
    ),
]

LESSON = Lesson(title="Grab Your Goat!", game="grab_your_goat", steps=STEPS, seat=YOU)
