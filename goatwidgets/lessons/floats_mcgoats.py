"""The Floats McGoats lesson: one rule per step, each on a position the student acts on.

Students read plain words; the coordinates below are for lesson authors only. Spots near
the anchors (the two black sticks meeting at point 0,0):
``0,0u`` is the triangle between the anchors, ``0,-1d`` lies below the anchor 0,0-1,0,
``-1,0d`` left of the anchor 0,0-0,1, and ``0,0d`` to the right of 0,0u.

The last step, played with its own solution (a win ends the game):

    >>> from goatwidgets.lessons import LessonRun
    >>> run = LessonRun(LESSON, start=len(LESSON.steps) - 1)
    >>> [run.try_action(text).status for text in run.step.solution], run.state.prompt
    (['going', 'right'], 'You win!')
"""

from __future__ import annotations

from ..games.floats_mcgoats import position
from . import RIVAL, YOU, Lesson, Step, step_positions



_at = step_positions(position, seed=1)


def _goats_on_raft(state, seat):
    return sum(1 for goats in state.goats.values() for owner, _ in goats if owner == seat)


def _placed_any_mama(state, played):
    return played[-1].startswith("mama")


def _placed_beside_rival(state, played):
    return played[-1] in ("mama 0,-1d", "mama -1,0d")


def _moved_to_score(state, played):
    if any(p.startswith("stick") for p in played):
        return False
    if played[-1].startswith("drop"):
        return state.scores[YOU] >= 1
    return None


def _cut_the_bridge(state, played):
    wrong_move = played[-1].startswith("move") and played[-1] != "move 1,0-2,0"
    if played[-1].startswith("stick") or wrong_move:
        return False
    if played[-1].startswith("drop"):
        return _goats_on_raft(state, RIVAL) == 0
    return None


def _two_moves_score(state, played):
    if sum(p.startswith("drop") for p in played) < 2:
        return None
    return state.scores[YOU] >= 1


def _locked(state, played):
    if played[-1].startswith("flip"):
        return state.is_locked((0, 0, "u"))
    return None


def _add_instead(state, played):
    if played == ["roll"]:
        return None
    return played[-1].startswith("stick")


def _won(state, played):
    if played == ["roll"]:
        return None
    return state.winners == (YOU,)


STEPS = [
    Step(
        title="Your first goat",
        rule="FM-R10, FM-R4",
        text="The raft starts as two black anchor sticks. On your turn you do ONE thing: "
             "put a goat from your supply on the raft, or roll the die. A goat may stand in "
             "any empty triangle that has a stick along one of its sides: an open spot. The "
             "dashed triangles are the open spots. Put a mama goat on one of them.",
        position=_at(),
        expect=_placed_any_mama,
        hint="Any dashed triangle will do, for example the highlighted one.",
        right="Right: any empty triangle beside a stick is an open spot.",
        wrong="Put a mama goat on one of the dashed triangles.",
        mistakes={"baby": "Switch back to Mama (the buttons above the board) for your next "
                          "try."},
        solution=["mama 0,0u"],
    ),
    Step(
        title="One goat per spot",
        rule="FM-R4",
        text="Your rival's goat already stands in the corner between the two anchors. A "
             "spot holds one goat (or, later, one stack of two of your own), but every stick "
             "has two sides. Put your mama goat on the other side of one of the anchors. (Try "
             "the rival's spot first if you like: the board will tell you why not.)",
        position=_at(goats={"0,0u": [(RIVAL, "mama")]}),
        expect=_placed_beside_rival,
        hint="Look across an anchor stick from your rival's goat: the highlighted triangle "
             "is one of the two.",
        right="Yes: a stick has two sides, and each side is a separate spot.",
        wrong="That spot is open, but it isn't across an anchor from your rival's goat.",
        solution=["mama 0,-1d"],
    ),
    Step(
        title="Close a triangle",
        rule="FM-R12, FM-R5, FM-R19",
        text="A goat scores only when all three sides of its triangle are sticks. Your goat "
             "between the anchors has two sides already. Roll the die: it will say 'Add a "
             "stick'. A new stick must touch the end of a stick already on the raft. Add the "
             "stick that closes your goat's triangle, and watch your score.",
        position=_at(goats={"0,0u": [(YOU, "mama")]}, preset={"die": ["add"]}),
        expect=["roll", "stick 0,1-1,0"],
        hint="Roll first. The missing side joins the two free ends of the anchors.",
        right="Closed! A mama goat in a closed triangle is worth 1 point.",
        wrong="That stick is fine on the raft, but your goat's triangle is still open.",
        solution=["roll", "stick 0,1-1,0"],
    ),
    Step(
        title="The baby is worth two",
        rule="FM-R19",
        text="Everyone has six mama goats and one baby goat. In a closed triangle a mama "
             "scores 1 and the baby scores 2. The triangle between the anchors is closed and "
             "empty. Switch to the baby (the Baby button above the board) and put it there.",
        position=_at(sticks=["0,1-1,0"]),
        expect="baby 0,0u",
        hint="The closed triangle is the one between the two black anchors.",
        right="Two points in one move: babies are precious.",
        wrong="That's allowed, but the baby belongs in the closed triangle between the "
              "anchors.",
        mistakes={"mama": "Switch to the baby (the Baby button above the board) for your "
                          "next try."},
        solution=["baby 0,0u"],
    ),
    Step(
        title="Move a stick",
        rule="FM-R13",
        text="The face 'Add or move a stick' lets you add a stick OR pick up any light stick "
             "and put it down somewhere new, touching the raft. Your goat, to the right of "
             "the anchors, misses one side. Roll, pick up the loose stick hanging down from "
             "the anchors' corner, and put it where it closes your goat's triangle.",
        position=_at(sticks=["0,1-1,0", "1,0-1,1", "0,0-1,-1"],
                     goats={"0,0d": [(YOU, "mama")]}, preset={"die": ["add_or_move"]}),
        expect=_moved_to_score,
        hint="Roll, pick up the highlighted stick, then put it on the missing side of your "
             "goat's triangle.",
        right="Moved and closed. Light sticks can wander; that's what makes points fragile.",
        wrong="Your goat's triangle is still open: the stick belongs on its missing side.",
        solution=["roll", "move 0,0-1,-1", "drop 0,1-1,1"],
    ),
    Step(
        title="Floating away",
        rule="FM-R3, FM-R13, FM-R7",
        text="The raft is everything joined to the anchors through sticks (a graph question "
             "that networkx answers). Your rival built a branch that hangs on ONE stick, and "
             "parked a goat out there. Roll, pick up that one stick and put it down "
             "somewhere new that touches the part still joined to the anchors: whatever is no "
             "longer joined to them floats out to sea.",
        position=_at(sticks=["1,0-2,0", "2,0-3,0", "2,0-2,1"],
                     goats={"2,0u": [(RIVAL, "mama")]}, preset={"die": ["add_or_move"]}),
        expect=_cut_the_bridge,
        hint="The branch hangs on the stick that joins it to the anchors. Pick that one up, "
             "then put it down on any dashed place.",
        right="Splash! The branch's sticks went back to the pile and the goat back to its "
              "owner's supply.",
        wrong="Only the stick the branch hangs on cuts it off.",
        solution=["roll", "move 1,0-2,0", "drop 0,1-1,0"],
    ),
    Step(
        title="Move two sticks",
        rule="FM-R14",
        text="'Move two sticks' means two moves, one after the other, of two different light "
             "sticks. The second stick may not go where the first one came from. Use both "
             "moves to close the triangle around your goat.",
        position=_at(sticks=["0,1-1,0", "0,0-1,-1", "-1,1-0,0"],
                     goats={"0,0d": [(YOU, "mama")]}, preset={"die": ["move_two"]}),
        expect=_two_moves_score,
        hint="Your goat's triangle misses two sides, and two loose sticks hang off the "
             "anchors' corner. Ask again after each click to see the next target.",
        right="Two moves, one closed triangle.",
        wrong="Both moves are done, but your goat's triangle is still open.",
        solution=["roll", "move 0,0-1,-1", "drop 1,0-1,1", "move -1,1-0,0", "drop 0,1-1,1"],
    ),
    Step(
        title="Dark sticks lock a spot",
        rule="FM-R15, FM-R5",
        text="'Flip a stick' turns a light stick dark for good: dark sticks never move again. "
             "A triangle whose three sides are all dark sticks or anchors is LOCKED: nobody "
             "can move, fight, love or attack the goats inside. Roll, and lock your goat in.",
        position=_at(sticks=["0,1-1,0"], goats={"0,0u": [(YOU, "mama")]}, preset={"die": ["flip"]}),
        expect=_locked,
        hint="Your goat's triangle has one light side: flip that one.",
        right="Locked: two anchors and a dark stick. That point is safe now.",
        wrong="That flip didn't lock your goat's triangle.",
        solution=["roll", "flip 0,1-1,0"],
    ),
    Step(
        title="Shark attack",
        rule="FM-R17",
        text="The first 'Shark attack' puts the shark on the raft: choose a goat or stack that "
             "is not locked; it goes back to its owner's supply and the shark takes its spot. "
             "Roll, and send the shark after your rival's scoring goat.",
        position=_at(sticks=["0,1-1,0"], goats={"0,0u": [(RIVAL, "mama")],
                                                 "0,-1d": [(YOU, "mama")]},
                     preset={"die": ["shark"]}),
        expect=["roll", "shark 0,0u"],
        hint="Your rival's goat in the closed triangle is the one that scores.",
        right="Chomp. Your rival lost a point, and the shark now blocks that spot.",
        wrong="Ouch, the shark took the wrong goat: your rival's goat in the closed triangle "
              "was the one to attack.",
        solution=["roll", "shark 0,0u"],
    ),
    Step(
        title="The shark moves on",
        rule="FM-R17",
        text="When the shark is already on the raft, a new attack moves it to its new victim, "
             "and the roller MAY then move one of their own goats into the spot the shark "
             "just left. Send the shark after your rival's goat, then move your goat into the "
             "shark's old spot: a closed triangle.",
        position=_at(sticks=["0,1-1,0", "1,-1-1,0", "0,0-1,-1"], shark="0,-1d",
                     goats={"0,0u": [(RIVAL, "mama")], "-1,0d": [(YOU, "mama")]},
                     preset={"die": ["shark"]}),
        expect=["roll", "shark 0,0u", "follow -1,0d"],
        hint="Attack your rival's goat; then click your own goat to follow the shark.",
        right="The shark's old spot was a closed triangle: now your goat scores there.",
        wrong="Not quite: attack your rival's goat, then follow with your own goat.",
        mistakes={"stay": "Staying is allowed, but here following wins you a point."},
        solution=["roll", "shark 0,0u", "follow -1,0d"],
    ),
    Step(
        title="Goat fight",
        rule="FM-R18",
        text="'Goat fight' swaps one of your goats with an opponent's. Mamas fight mamas and "
             "babies fight babies; a stack of two may fight anything except a baby on its own, "
             "and only a stack may take on a stack. Swap your mama into the closed triangle.",
        position=_at(sticks=["0,1-1,0"],
                     goats={"0,0u": [(RIVAL, "mama")], "0,-1d": [(YOU, "mama")],
                            "-1,0d": [(YOU, "baby")]}, preset={"die": ["fight"]}),
        expect=["roll", "fight 0,-1d 0,0u"],
        hint="Click your own mama first, then your rival's mama in the closed triangle.",
        right="Swapped: the point is yours now.",
        wrong="Your mama should end up in the closed triangle.",
        solution=["roll", "fight 0,-1d 0,0u"],
    ),
    Step(
        title="Goat love",
        rule="FM-R16",
        text="'Goat love' moves one of your goats onto another of yours: a stack of two. In a "
             "closed triangle a stack scores both goats. Stack your outside goat onto the one "
             "in the closed triangle.",
        position=_at(sticks=["0,1-1,0"],
                     goats={"0,0u": [(YOU, "mama")], "0,-1d": [(YOU, "mama")]},
                     preset={"die": ["love"]}),
        expect=["roll", "love 0,-1d 0,0u"],
        hint="Click your goat outside first, then the one in the closed triangle.",
        right="Two mamas in one closed triangle: 2 points.",
        wrong="That stack stands in an open triangle: stack the other way round.",
        solution=["roll", "love 0,-1d 0,0u"],
    ),
    Step(
        title="Can't do it? Add a stick",
        rule="FM-R11",
        text="If the face you roll can't be carried out, you add a stick instead. Here you "
             "have only one goat on the raft, and the die is about to show 'Goat love', which "
             "needs two. Roll, and see what the board asks for.",
        position=_at(goats={"0,0u": [(YOU, "mama")]}, preset={"die": ["love"]}),
        expect=_add_instead,
        hint="After the roll, click any dashed stick to add it.",
        right="Right: a face that can't be done becomes 'add a stick'.",
        wrong="After the roll, add a stick.",
        solution=["roll", "stick 0,1-1,0"],
    ),
    Step(
        title="Winning",
        rule="FM-R20, FM-R21",
        text="You win when, after a turn, you have the target (6 points with two players, 5 "
             "with three or four) AND more than everyone else. If two players share the lead "
             "at the target, play goes on. You have 5 points; one of your lone mamas sits in "
             "a triangle that misses one side. Roll and win.",
        position=_at(sticks=["0,1-1,0", "1,-1-1,0", "0,0-1,-1", "-1,1-0,0", "-1,1-0,1",
                             "1,0-1,1"],
                     goats={"0,0u": [(YOU, "baby")], "0,-1d": [(YOU, "mama"), (YOU, "mama")],
                            "-1,0d": [(YOU, "mama")], "0,0d": [(YOU, "mama")],
                            "1,0u": [(RIVAL, "mama")]},
                     preset={"die": ["add"]}),
        expect=_won,
        hint="Find your mama whose triangle has only two sides; after the roll, add its "
             "third side.",
        right="Six points: you win! Now play a whole game below.",
        wrong="Not yet: close the open triangle around your lone mama.",
        solution=["roll", "stick 0,1-1,1"],
    ),
]

LESSON = Lesson(title="Floats McGoats, step by step", game="floats_mcgoats", steps=STEPS)
