"""The Floats McGoats lesson: one rule per step, each on a position the student acts on.

Spots near the anchors (the two black sticks meeting at point 0,0):
``0,0u`` is the triangle between the anchors, ``0,-1d`` lies below the anchor 0,0-1,0,
``-1,0d`` left of the anchor 0,0-0,1, and ``0,0d`` to the right of 0,0u.

    >>> from goatwidgets.lessons import LessonRun
    >>> run = LessonRun(LESSON)
    >>> for i, step in enumerate(LESSON.steps):
    ...     run.go(i)
    ...     for text in step.solution:
    ...         outcome = run.try_action(text)
    ...     assert outcome.status == "right", (step.title, outcome)
    >>> len(run.done) == len(LESSON.steps)
    True
"""

from __future__ import annotations

from ..games.floats_mcgoats import position
from . import Lesson, Step

YOU, RIVAL = 0, 1
NAMES = ("You", "Rival")


def _at(**kwargs):
    """A position builder for one step: you are seat 0 and it's your turn."""
    die = kwargs.pop("die", None)

    def build():
        state = position(players=2, names=NAMES, seed=1, **kwargs)
        if die:
            state.preset(die=die)
        return state
    return build


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
             "any triangle that touches a stick and is empty: an open spot. The dashed "
             "triangles are the open spots. Put a mama goat on one of them.",
        position=_at(),
        expect=_placed_any_mama,
        hint="Click one of the dashed triangles next to the black anchors.",
        right="Right: any empty triangle beside a stick is open.",
        wrong="That placed a baby. Press 'Try again', switch to mama, and place again.",
        solution=["mama 0,0u"],
    ),
    Step(
        title="One goat per spot",
        rule="FM-R4",
        text="Your rival's goat already stands in the corner between the anchors (0,0u). "
             "Only one goat fits in a spot, but each stick has two sides. Put your mama "
             "goat on the other side of one of the anchors. (Try the rival's spot first if "
             "you like: the widget will tell you why not.)",
        position=_at(goats={"0,0u": [(RIVAL, "mama")]}),
        expect=_placed_beside_rival,
        hint="The spots 0,-1d and -1,0d lie on the far sides of the anchors.",
        right="Yes: a stick has two sides, and each side is a separate spot.",
        wrong="That spot is open, but it doesn't share an anchor with your rival's goat.",
        solution=["mama 0,-1d"],
    ),
    Step(
        title="Close a triangle",
        rule="FM-R12, FM-R5, FM-R19",
        text="A goat only scores when all three sides of its triangle are sticks. Your goat "
             "in 0,0u has two sides (the anchors). Roll the die: it will say 'Add a stick'. "
             "A new stick must touch the end of a stick already on the raft. Add the one "
             "that closes your goat's triangle and watch your score.",
        position=_at(goats={"0,0u": [(YOU, "mama")]}, die=["add"]),
        expect=["roll", "stick 0,1-1,0"],
        hint="The missing side runs from point 0,1 to point 1,0.",
        right="Closed! A mama goat in a closed triangle is worth 1 point.",
        wrong="That stick is fine on the raft, but your goat's triangle is still open.",
        solution=["roll", "stick 0,1-1,0"],
    ),
    Step(
        title="The baby is worth two",
        rule="FM-R19",
        text="Each player has six mama goats and one baby goat. In a closed triangle a mama "
             "scores 1 and the baby scores 2. The triangle 0,0u is closed and empty. Put "
             "your baby there (use the mama/baby switch).",
        position=_at(sticks=["0,1-1,0"]),
        expect="baby 0,0u",
        hint="Switch the piece to 'baby', then click the closed triangle between the anchors.",
        right="Two points in one move: babies are precious.",
        wrong="That's allowed, but the baby belongs in the closed triangle 0,0u.",
        solution=["baby 0,0u"],
    ),
    Step(
        title="Move a stick",
        rule="FM-R13",
        text="The face 'Add or move a stick' lets you add a stick OR pick up any light stick "
             "and put it somewhere new, where it touches the raft. Your goat in 0,0d misses "
             "one side. Roll, pick up the loose stick 0,0-1,-1 and put it where it closes "
             "your triangle.",
        position=_at(sticks=["0,1-1,0", "1,0-1,1", "0,0-1,-1"],
                     goats={"0,0d": [(YOU, "mama")]}, die=["add_or_move"]),
        expect=_moved_to_score,
        hint="Click the stick 0,0-1,-1 to lift it, then click the dashed edge 0,1-1,1.",
        right="Moved and closed. Light sticks can wander; that's what makes points fragile.",
        wrong="This step is about moving: undo and move the loose stick instead.",
        solution=["roll", "move 0,0-1,-1", "drop 0,1-1,1"],
    ),
    Step(
        title="Floating away",
        rule="FM-R3, FM-R13, FM-R7",
        text="The raft is everything joined to the anchors through sticks (a graph question "
             "that networkx answers). Your rival built a branch that hangs on ONE stick, "
             "1,0-2,0, and parked a goat out there. Roll, pick up that stick and put it "
             "anywhere else: whatever is no longer joined to the anchors floats out to sea.",
        position=_at(sticks=["1,0-2,0", "2,0-3,0", "2,0-2,1"],
                     goats={"2,0u": [(RIVAL, "mama")]}, die=["add_or_move"]),
        expect=_cut_the_bridge,
        hint="Lift 1,0-2,0 and drop it, for example, at 0,1-1,0.",
        right="Splash! The branch's sticks went back to the pile and the goat back to its "
              "owner's supply.",
        wrong="Only the bridge stick 1,0-2,0 cuts the branch off. Undo and try that one.",
        solution=["roll", "move 1,0-2,0", "drop 0,1-1,0"],
    ),
    Step(
        title="Move two sticks",
        rule="FM-R14",
        text="'Move two sticks' means two moves, one after the other, of two different light "
             "sticks. The second stick may not go where the first one came from. Use both "
             "moves to close the triangle around your goat in 0,0d.",
        position=_at(sticks=["0,1-1,0", "0,0-1,-1", "-1,1-0,0"],
                     goats={"0,0d": [(YOU, "mama")]}, die=["move_two"]),
        expect=_two_moves_score,
        hint="The triangle 0,0d needs the sides 1,0-1,1 and 0,1-1,1.",
        right="Two moves, one closed triangle.",
        wrong="Both moves are done but the triangle is still open. Press 'Try again'.",
        solution=["roll", "move 0,0-1,-1", "drop 1,0-1,1", "move -1,1-0,0", "drop 0,1-1,1"],
    ),
    Step(
        title="Dark sticks lock a spot",
        rule="FM-R15, FM-R5",
        text="'Flip a stick' turns a light stick dark for good: dark sticks never move again. "
             "A triangle whose three sides are all dark or anchors is LOCKED: nobody can "
             "move, fight, love or attack the goats inside. Roll and lock your goat in.",
        position=_at(sticks=["0,1-1,0"], goats={"0,0u": [(YOU, "mama")]}, die=["flip"]),
        expect=_locked,
        hint="Flip the only light side of 0,0u: the stick 0,1-1,0.",
        right="Locked: two anchors and a dark stick. That point is safe now.",
        wrong="That flip didn't lock your goat's triangle.",
        solution=["roll", "flip 0,1-1,0"],
    ),
    Step(
        title="Shark attack",
        rule="FM-R17",
        text="The first 'Shark attack' puts the shark on the raft: choose a goat or stack that "
             "is not locked; it goes back to its owner's supply and the shark takes the spot. "
             "Roll and send the shark after your rival's scoring goat.",
        position=_at(sticks=["0,1-1,0"], goats={"0,0u": [(RIVAL, "mama")],
                                                 "0,-1d": [(YOU, "mama")]}, die=["shark"]),
        expect=["roll", "shark 0,0u"],
        hint="Your rival's goat is in 0,0u.",
        right="Chomp. Your rival lost a point and the shark now blocks that spot.",
        wrong="Ouch, the shark took the wrong goat. Press 'Try again'.",
        solution=["roll", "shark 0,0u"],
    ),
    Step(
        title="The shark moves on",
        rule="FM-R17",
        text="When the shark is already on the raft, a new attack moves it to its new victim, "
             "and the roller MAY then move one of their own goats into the spot the shark "
             "just left. Attack your rival's goat in 0,0u, then move your goat from -1,0d "
             "into the shark's old spot.",
        position=_at(sticks=["0,1-1,0", "1,-1-1,0", "0,0-1,-1"], shark="0,-1d",
                     goats={"0,0u": [(RIVAL, "mama")], "-1,0d": [(YOU, "mama")]},
                     die=["shark"]),
        expect=["roll", "shark 0,0u", "follow -1,0d"],
        hint="After the attack, click your goat in -1,0d to follow.",
        right="The shark's old spot was a closed triangle: now your goat scores there.",
        wrong="Not quite: attack 0,0u, then follow with your goat from -1,0d.",
        solution=["roll", "shark 0,0u", "follow -1,0d"],
    ),
    Step(
        title="Goat fight",
        rule="FM-R18",
        text="'Goat fight' swaps one of your goats with an opponent's. Mamas fight mamas and "
             "babies fight babies; a stack of two may fight anything except a lone baby, and "
             "only a stack may take on a stack. Swap your mama into the closed triangle.",
        position=_at(sticks=["0,1-1,0"],
                     goats={"0,0u": [(RIVAL, "mama")], "0,-1d": [(YOU, "mama")],
                            "-1,0d": [(YOU, "baby")]}, die=["fight"]),
        expect=["roll", "fight 0,-1d 0,0u"],
        hint="Pick your mama in 0,-1d first, then the rival's mama in 0,0u.",
        right="Swapped: the point is yours now.",
        wrong="Try again: your mama should end up in 0,0u.",
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
                     die=["love"]),
        expect=["roll", "love 0,-1d 0,0u"],
        hint="Click the goat in 0,-1d, then the goat in 0,0u.",
        right="Two mamas in one closed triangle: 2 points.",
        wrong="That stack stands in an open triangle. Press 'Try again'.",
        solution=["roll", "love 0,-1d 0,0u"],
    ),
    Step(
        title="Can't do it? Add a stick",
        rule="FM-R11",
        text="If the face you roll can't be carried out, you add a stick instead. Here you "
             "have only one goat on the raft, and the die is about to show 'Goat love', which "
             "needs two. Roll and see what the widget asks for.",
        position=_at(goats={"0,0u": [(YOU, "mama")]}, die=["love"]),
        expect=_add_instead,
        hint="After the roll, click any dashed edge to add a stick.",
        right="Right: an impossible face becomes 'add a stick'.",
        wrong="After the roll, add a stick.",
        solution=["roll", "stick 0,1-1,0"],
    ),
    Step(
        title="Winning",
        rule="FM-R20, FM-R21",
        text="You win when, after a turn, you have the target (6 points with two players, 5 "
             "with three or four) AND more than everyone else. If two players share the lead "
             "at the target, play goes on. You have 5 points; your mama in 0,0d misses one "
             "side. Roll and win.",
        position=_at(sticks=["0,1-1,0", "1,-1-1,0", "0,0-1,-1", "-1,1-0,0", "-1,1-0,1",
                             "1,0-1,1"],
                     goats={"0,0u": [(YOU, "baby")], "0,-1d": [(YOU, "mama"), (YOU, "mama")],
                            "-1,0d": [(YOU, "mama")], "0,0d": [(YOU, "mama")],
                            "1,0u": [(RIVAL, "mama")]},
                     die=["add"]),
        expect=_won,
        hint="The missing side of 0,0d is 0,1-1,1.",
        right="Six points: you win! Now play a whole game below.",
        wrong="Not yet: close the triangle 0,0d.",
        solution=["roll", "stick 0,1-1,1"],
    ),
]

LESSON = Lesson(title="Floats McGoats, step by step", game="floats_mcgoats", steps=STEPS)
