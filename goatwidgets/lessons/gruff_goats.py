"""The Gruff Goats lesson: very short steps for a young child with an adult reading along.

Each step is one rule on a small position that the child acts on by clicking. You are
"You" (seat 0, the round goats starting in the bottom-left corner); "Rival" is seat 1 (the
square goats). Squares for lesson authors only (children read plain words): ``a1`` is the
bottom-left corner, ``c3`` the Island, the bridges ``c4`` (top), ``d3`` (right), ``c2``
(bottom) and ``b3`` (left); the trolls start on ``c4`` and ``c2``.

The hint, and the action the board highlights with it:

    >>> from goatwidgets.lessons import LessonRun
    >>> LessonRun(LESSON, start=4).hint()
    ('Press the Put down another ♠ button.', [{'kind': 'again', 'text': 'again'}])

Where the student's move needs Rival's answer to end (a claim nobody blocks, a goat that goes
back to a corner), the lesson plays Rival's part (:func:`_then_rival`), so each step ends on
what the move did, on the board.
"""

from __future__ import annotations

from ..games.gruff_goats import position
from . import RIVAL, YOU, Lesson, Step, step_positions



_at = step_positions(position, seed=4)


def _then_rival(check, **answers):
    """``check``, and once the student's part is right, Rival's part of the move played by
    the lesson: ``answers`` gives Rival's action by phase (``block="pass"``, ``answer="stop"``,
    ``place="place big e5"``), so the step ends on the wand taken or the goat back on a
    corner, where the student sees it."""
    def judged(state, played):
        verdict = check(state, played)
        if verdict is True:
            while RIVAL in state.deciders and state.phase in answers:
                state.apply(answers[state.phase], seat=RIVAL)
        return verdict
    return judged


def _played(text):
    """Right once the student has played exactly ``text``."""
    return lambda state, played: played == [text]


def _moved(size):
    def check(state, played):
        return played[0].startswith(f"move {size} ")
    return check


def _scored(state, played):
    if played[0] != "move big c3":
        return False
    return True if state.points[YOU] == 1 and state.phase != "place" else None


def _troll_off_your_bridge(state, played):
    return played[0].startswith("troll b3 ")


def _won(state, played):
    return state.winners == (YOU,)


STEPS = [
    Step(
        title="The goal",
        rule="GG-R11, GG-R5",
        text="Your goats are the round ones in the corner. Help them to the green Island in "
             "the middle. Three trips to the Island win! Many turns you just take a card. "
             "Press Take a card.",
        position=_at(),
        expect="draw",
        hint="The Take a card button is beside the board.",
        right="Good! You took a card. Now it is Rival's turn.",
        wrong="Press the Take a card button.",
        solution=["draw"],
    ),
    Step(
        title="Cards and wands",
        rule="GG-R4, GG-R14",
        text="Each magic wand has a card sign: ♣ troll, ♠ big goat, ♥ medium goat, ♦ little "
             "goat. The dragon needs one of each sign. All your cards are ♦. Click the wand "
             "with the ♦ sign.",
        position=_at(hands=["DDD", "SSCH"]),
        expect=_then_rival(_played("claim little"), block="pass"),
        hint="Find the ♦ sign on the wands beside the board.",
        right="Yes! ♦ cards go with the little goat wand. Rival had no ♦ to block with, so "
              "the little goat wand is yours!",
        wrong="Your cards are ♦: click the wand with the ♦ sign.",
        solution=["claim little"],
    ),
    Step(
        title="Claim a wand",
        rule="GG-R6, GG-R14",
        text="Rival has the big goat wand. You may take a wand from anyone! Put down a ♠ "
             "card: click the big goat wand.",
        position=_at(hands=["SSD", "HHC"], wands={"big": RIVAL}),
        expect=_then_rival(_played("claim big"), block="pass"),
        hint="The big goat wand has the ♠ sign.",
        right="You put down a ♠, and Rival had no ♠ to block with: the big goat wand is yours "
              "now!",
        wrong="Click the big goat wand (the ♠ one).",
        solution=["claim big"],
    ),
    Step(
        title="Block!",
        rule="GG-R6",
        text="Rival wants your medium goat wand. Say NO! Put down a ♥ card: press Block.",
        position=_at(hands=["HHD", "HS"], wands={"medium": YOU}, current=RIVAL,
                     then=[(RIVAL, "claim medium")]),
        expect=_then_rival(_played("block"), answer="stop"),
        hint="Press the Block button.",
        right="Blocked! Rival had no ♥ left to put down, so Rival gave up: the medium goat "
              "wand stays yours.",
        wrong="Press Block to stop Rival.",
        mistakes={"pass": "Passing lets Rival take your wand. Press Block instead."},
        solution=["block"],
    ),
    Step(
        title="Don't give up!",
        rule="GG-R6",
        text="You asked for the big goat wand, but Rival blocked you. Don't give up: press "
             "Put down another ♠.",
        position=_at(hands=["SSSD", "SH"], then=[(YOU, "claim big"), (RIVAL, "block")]),
        expect=_then_rival(_played("again"), block="pass"),
        hint="Press the Put down another ♠ button.",
        right="You put down another ♠. Rival had no ♠ left to block with, so the big goat "
              "wand is yours!",
        wrong="Press Put down another ♠ to ask again.",
        mistakes={"stop": "Giving up ends your claim. Press Put down another ♠ instead."},
        solution=["again"],
    ),
    Step(
        title="Move a goat",
        rule="GG-R7, GG-R1",
        text="You have the little goat wand. Put down a ♦ to move your little goat one "
             "step. Click your little goat, then a lit square.",
        position=_at(hands=["DD", "SS"], wands={"little": YOU}),
        expect=_moved("little"),
        hint="Click your little goat (L), then a lit square next to it.",
        right="Your little goat took one step!",
        wrong="Move your little goat: click it, then a lit square.",
        solution=["move little a2"],
    ),
    Step(
        title="Onto a bridge",
        rule="GG-R7, GG-R1",
        text="Bridges lead to the Island. Move your big goat onto the wooden bridge next "
             "to it.",
        position=_at(hands=["SS", "HH"], wands={"big": YOU}, goats=[{"big": "a3"}, {}]),
        expect="move big b3",
        hint="Click your big goat (B), then the bridge beside it.",
        right="Your big goat is on the bridge. The Island is one step away!",
        wrong="That is not the bridge: the bridge is the wooden square next to the Island.",
        solution=["move big b3"],
    ),
    Step(
        title="Onto the Island",
        rule="GG-R10, GG-R9",
        text="Step onto the green Island to score 1 point! Then put your goat back on a "
             "corner.",
        position=_at(hands=["SS", "HH"], wands={"big": YOU}, goats=[{"big": "b3"}, {}]),
        expect=_scored,
        hint="Click your big goat, then the Island. Then click a lit corner.",
        right="1 point! Your goat is back on a corner, ready to go again.",
        wrong="Step onto the green Island in the middle.",
        solution=["move big c3", "place big a1"],
    ),
    Step(
        title="Trolls",
        rule="GG-R8, GG-R7",
        text="A troll is on the bridge next to your big goat. Trolls eat goats! You have "
             "the troll wand: click that troll, then another bridge.",
        position=_at(hands=["CC", "HH"], wands={"troll": YOU}, goats=[{"big": "a3"}, {}],
                     trolls=["b3", "c2"]),
        expect=_troll_off_your_bridge,
        hint="Click the troll next to your big goat, then a lit bridge.",
        right="The troll went away. That bridge is safe now!",
        wrong="Move the troll that stands next to your big goat.",
        solution=["troll b3 d3"],
    ),
    Step(
        title="A troll eats a goat",
        rule="GG-R8, GG-R17, GG-R9",
        text="Rival's big goat is on a bridge. Move a troll onto it: the troll eats it, "
             "and Rival must put it back on a corner!",
        position=_at(hands=["CC", "HH"], wands={"troll": YOU}, goats=[{}, {"big": "d3"}]),
        expect=_then_rival(lambda state, played: played[0].startswith("troll ")
                           and played[0].endswith(" d3"), place="place big e5"),
        hint="Click a troll, then the bridge with Rival's goat.",
        right="Gulp! The troll ate Rival's goat. Rival put it back on the top right corner: "
              "it must start its trip again.",
        wrong="Move a troll onto the bridge where Rival's goat stands.",
        solution=["troll c4 d3"],
    ),
    Step(
        title="The dragon",
        rule="GG-R7, GG-R4",
        text="The dragon eats any goat! It costs one card of each sign. Click the dragon "
             "wand, then Rival's goat on the bridge.",
        position=_at(hands=["CDHS", "HH"], wands={"dragon": YOU}, goats=[{}, {"medium": "b3"}],
                     trolls=["c4", "d3"]),
        expect=_then_rival(_played("dragon 1 medium"), place="place medium e5"),
        hint="Click the dragon wand, then Rival's goat next to the Island.",
        right="Swoosh! The dragon ate Rival's goat. Rival put it back on the top right "
              "corner, far from the Island.",
        wrong="Send the dragon at Rival's goat on the bridge.",
        solution=["dragon 1 medium"],
    ),
    Step(
        title="Winning",
        rule="GG-R11",
        text="You have 2 points. One more wins! Your little goat is on a bridge. Step onto "
             "the Island.",
        position=_at(hands=["DD", "SS"], wands={"little": YOU}, points=[2, 1],
                     goats=[{"little": "d3"}, {}]),
        expect=_won,
        hint="Click your little goat, then the Island.",
        right="Three points: you win! Now play a whole game below.",
        wrong="Step your little goat onto the Island.",
        solution=["move little c3"],
    ),
]

LESSON = Lesson(title="Gruff Goats, step by step", game="gruff_goats", steps=STEPS)
