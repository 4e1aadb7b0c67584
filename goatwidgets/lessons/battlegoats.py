"""The BattleGoats lesson: one rule a step, each on a small battlefield the student acts on.

You are "You" (seat 0, your battlefield is drawn first); "Rival" is seat 1. Squares, for
lesson authors only (students read plain words): rows ``f`` (front), ``m``, ``b`` (back),
columns 1-3 from the left.

A step's own message for a mistake it expects (``LessonRun`` plays a lesson without the
widget; in a notebook, ``goatwidgets.Lesson(LESSON)`` shows it beside the board):

    >>> from goatwidgets.lessons import LessonRun
    >>> LessonRun(LESSON, start=1).try_action("attack f1").message
    'Cliff Climber is 5; one of your cards is stronger now. Press Undo on the board to take it back, or Try again.'
"""

from __future__ import annotations

from ..games.battlegoats import position
from . import YOU, Lesson, Step, step_positions



_at = step_positions(position, seed=4)


def _fight(attacker: str, outcome: list[str] | None = None, won: bool = False):
    """Done when a fight with your card on ``attacker`` ended as ``outcome`` (the defeated
    roles) or, with ``won``, when you won the game; wrong if a fight ended otherwise."""
    def check(state, played):
        last = state.last
        if won and state.is_over:
            return state.winners == (YOU,)
        if last is None or last["attacker"]["seat"] != YOU:
            return None if YOU in state.deciders else False
        if last["attacker"]["square"] != attacker:
            return False
        return outcome is None or last["defeated"] == outcome
    return check


def _first_choice(state, played):
    return played[0].startswith("first")


FULL = [["bleatbeard", "pasturepal", "haybale"], ["climber", "shieldhorn", "cowbell"],
        ["pasturepal", "haybale", "golem"]]
FULL_RIVAL = [["kidsalot", "pasturepal", "haybale"], ["climber", "tamer", "troll"],
              ["pasturepal", "haybale", "golem"]]

STEPS = [
    Step(
        title="Four kinds of card",
        rule="BG-R1, BG-R3, BG-R9",
        text="Every card has a name, a type and a power (the big number in its corner). The "
             "types are Hero, Goat, Equipment and Creature; each player has exactly one Hero. "
             "On your turn you attack: first click one of your cards, then a card of another "
             "player. Start an attack with your Hero, Sir Kidsalot.",
        position=_at(fields=[{"f1": "kidsalot", "f2": "pasturepal", "f3": "hoofarmor",
                              "m2": "cavebat"}, {"f1": "golem", "f2": "haybale"}]),
        expect="attack f1",
        hint="Your Hero is the card marked ★ Hero in your own battlefield (the first one).",
        right="Yes: Sir Kidsalot is chosen to attack. (In a game you would now click the card "
              "it attacks.)",
        wrong="Click your Hero, Sir Kidsalot, in your own battlefield.",
        solution=["attack f1"],
    ),
    Step(
        title="Reading a card's power",
        rule="BG-R2, BG-R16",
        text="A card's power is its base number plus its bonuses, counted on the board as it "
             "stands. Lasso Kid is only 1 on its own, but gets +4 for each of your cards in "
             "front of it in its column. Point at your cards to read their sums below the "
             "fight panel, then attack with your strongest card.",
        position=_at(fields=[{"f1": "climber", "f2": "pasturepal", "m2": "haybale",
                              "b2": "lassokid"}, {"f1": "golem", "f2": "troll"}]),
        expect="attack b2",
        hint="Lasso Kid in your back row has two cards in front: 1 + 4 × 2 = 9.",
        right="Right: 1 base + 4 × 2 cards in front = 9, more than any of your other cards.",
        wrong="Compare the big numbers on your cards: the strongest is the one in the back row.",
        mistakes={"attack f1": "Cliff Climber is 5; one of your cards is stronger now."},
        solution=["attack b2"],
    ),
    Step(
        title="Place a card where its bonus counts",
        rule="BG-R7, BG-X1",
        text="Before the battle, everyone lays out nine cards face down in three rows, in "
             "secret: nobody sees anything of the others' battlefields until all are done. "
             "Cards never move later, so where they go matters. You have two cards left and "
             "two empty squares. Put Lasso Kid where it gets the most: click it in your hand, "
             "then a square.",
        position=_at(phase="layout",
                     fields=[{"f1": "climber", "f2": "pasturepal", "m1": "haybale",
                              "m2": "haybale", "m3": "hoofarmor", "b1": "bleatbeard",
                              "b3": "golem"}, {}],
                     hands=[["lassokid", "pasturepal"],
                            ["kidsalot", "pasturepal", "pasturepal", "haybale", "climber",
                             "troll", "golem", "tamer", "cavebat"]]),
        expect="place lassokid b2",
        hint="In the back middle square, two of your cards stand in front of it.",
        right="Well placed: in the back middle, with two cards in front, Lasso Kid is "
              "1 + 4 × 2 = 9. Your last card went to the last square by itself.",
        wrong="Lasso Kid counts the cards in front of it in its column: put it behind two.",
        mistakes={"place lassokid f3": "In the front row nothing is in front of it: it "
                                       "would stay at 1.",
                  "place pasturepal b2": "Pasture Pal has no bonus; Lasso Kid wants that "
                                         "square."},
        solution=["place lassokid b2"],
    ),
    Step(
        title="Winning an attack",
        rule="BG-R9, BG-R10",
        text="Rival's Pasture Pal has fought before, so everyone remembers it (orange edge, "
             "power 3). Attack it with your Cliff Climber (5): click your Climber, then "
             "Rival's Pasture Pal. Then read the fight panel: both sums, term by term.",
        position=_at(fields=[{"f1": "climber", "f2": "pasturepal"},
                             {"f1": "pasturepal", "f2": "golem"}], known=["1:f1"]),
        expect=_fight("f1", ["defender"]),
        hint="First your Cliff Climber, then Rival's remembered Pasture Pal.",
        right="5 beats 3: Rival's Pasture Pal goes to the discard pile. Your Climber turns "
              "face down again, but now everyone remembers it.",
        wrong="Attack Rival's Pasture Pal with your Cliff Climber.",
        solution=["attack f1", "target 1:f1"],
    ),
    Step(
        title="Losing an attack",
        rule="BG-R9, BG-R12",
        text="You can't see Rival's face-down cards: any of them could be strong. Attack one "
             "of them with your Pasture Pal and see what happens.",
        position=_at(fields=[{"f1": "pasturepal", "f2": "haybale"},
                             {"f1": "golem", "f2": "golem"}]),
        expect=_fight("f1", ["attacker"]),
        hint="Click your Pasture Pal, then either of Rival's face-down cards.",
        right="It was a Rock Golem (7): your Pasture Pal (3) lost and went to your discard "
              "pile. Now everyone remembers the Golem.",
        wrong="Attack one of Rival's face-down cards with your Pasture Pal.",
        solution=["attack f1", "target 1:f1"],
    ),
    Step(
        title="A tie",
        rule="BG-R9",
        text="When both powers are equal, both cards are defeated. Attack Rival's remembered "
             "Hay Bale Hauler (4) with your own Hay Bale Hauler (4).",
        position=_at(fields=[{"f1": "haybale", "f2": "climber"},
                             {"f1": "haybale", "f2": "golem"}], known=["1:f1"]),
        expect=_fight("f1", ["attacker", "defender"]),
        hint="Your Hay Bale Hauler first, then Rival's.",
        right="4 against 4: a tie, and both cards went to their discard piles.",
        wrong="Use your Hay Bale Hauler against Rival's Hay Bale Hauler.",
        solution=["attack f1", "target 1:f1"],
    ),
    Step(
        title="Face-up and remembered cards",
        rule="BG-R10, BG-R12, BG-X6",
        text="A remembered card (orange edge) lies face down but everyone knows it. A few "
             "cards stay face up after a win (green edge) and count as face up from the next "
             "turn. Madame Hornwhistle gets +5 when she fights a face-up card. Find the fight "
             "she wins.",
        position=_at(fields=[{"f1": "hornwhistle", "f2": "pasturepal"},
                             {"f1": "sunbather", "f2": "golem"}],
                     face_up=["1:f1"], known=["1:f2"]),
        expect=_fight("f1", ["defender"]),
        hint="Against the face-up Sunbathing Goat she is 5 + 5 = 10; the Golem is 7.",
        right="10 against 5: Hornwhistle wins. Against the remembered Golem (7) she would have "
              "had only 5.",
        wrong="Attack with Madame Hornwhistle, and choose the face-up card.",
        solution=["attack f1", "target 1:f1"],
    ),
    Step(
        title="The draft",
        rule="BG-R6, BG-X7",
        text="In the draft (a variant), everyone gets a Hero and a pack of eight cards, keeps "
             "one in secret and passes the rest on, all at the same time, until the packs are "
             "used up. Keep the strongest card of your pack.",
        position=_at(phase="draft", round=1, hands=[["bleatbeard"], ["kidsalot"]],
                     packs=[["golem", "pasturepal", "cavebat", "hornpolish", "kaboomkid",
                             "sunbather", "tamer", "watchtower"],
                            ["haybale", "climber", "troll", "bogwolf", "billytwin",
                             "moonowl", "lassokid", "spikycollar"]], draft=True),
        expect="pick golem",
        hint="Rock Golem has the biggest base power, 7.",
        right="Rock Golem is yours. The other seven go to the next player, and you get their "
              "pack.",
        wrong="Look for the biggest number in your pack.",
        solution=["pick golem"],
    ),
    Step(
        title="Who attacks first",
        rule="BG-R8",
        text="When every battlefield is laid out, one player (drawn at random here, standing "
             "in for the first to finish) chooses who attacks first: themself or anyone. "
             "That is you now: choose.",
        position=_at(phase="first", finisher=YOU, fields=[FULL, FULL_RIVAL]),
        expect=_first_choice,
        hint="Any choice is allowed; many players choose themselves.",
        right="Done: turns then go round the table from that player.",
        wrong="Choose who attacks first with one of the buttons.",
        solution=["first 0"],
    ),
    Step(
        title="The end",
        rule="BG-R13, BG-R15",
        text="A player with no cards left is out. The last player with cards wins. Rival "
             "has one card left, a remembered Pasture Pal. Win the game.",
        position=_at(fields=[{"f1": "climber", "m1": "haybale"}, {"b2": "pasturepal"}],
                     known=["1:b2"]),
        expect=_fight("f1", won=True),
        hint="Your Cliff Climber (5) beats the Pasture Pal (3).",
        right="Rival is out and you have the last cards: you win!",
        wrong="Beat Rival's last card with a stronger card.",
        solution=["attack f1", "target 1:b2"],
    ),
]

LESSON = Lesson(title="BattleGoats, step by step", game="battlegoats", steps=STEPS, seat=YOU)
