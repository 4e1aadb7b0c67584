"""The BattleGoats lesson: one rule a step, each on a small battlefield the student acts on.

You are "You" (seat 0, your battlefield is drawn first); "Rival" is seat 1. Squares, for
lesson authors only (students read plain words): rows ``f`` (front), ``m``, ``b`` (back),
columns 1-3 from the left. Every power a step's words name is computed from its position by
the rules model (``_power``, ``_sum``), so the text says what the fight panel shows.

A step's own message for a mistake it expects (``LessonRun`` plays a lesson without the
widget; in a notebook, ``goatwidgets.Lesson(LESSON)`` shows it beside the board):

    >>> from goatwidgets.lessons import LessonRun
    >>> LessonRun(LESSON, start=1).try_action("attack f1").message
    'Cliff Climber is 5; one of your cards is stronger now. Press Undo on the board to take it back, or Try again.'
"""

from __future__ import annotations

from ..games.battlegoats import explain_sum, position, starter_deck
from ..games.battlegoats.actions import INDEX
from . import YOU, Lesson, Step, step_positions

_at = step_positions(position, seed=4)


def _terms(build, card: str, against: str | None = None, then=()) -> list[dict]:
    """The terms of the power of ``card`` ("0:f1") in the position ``build`` makes, after
    the student's moves ``then``, fighting the card at ``against`` ("1:f1") if given."""
    state = build()
    for text in then:
        state.apply(text, seat=YOU)
    seat, square = card.split(":")
    foe = None
    if against is not None:
        other, spot = against.split(":")
        foe = (int(other), INDEX[spot])
    return state.terms(int(seat), INDEX[square], against=foe)


def _power(build, card: str, against: str | None = None, then=()) -> int:
    """A card's power as the fight panel shows it: ``_power(WIN, "0:f1", "1:f1") == 5``."""
    return sum(t["value"] for t in _terms(build, card, against, then))


def _sum(build, card: str, against: str | None = None, then=()) -> str:
    """A card's power term by term: '1 base + 4 × 2 cards in front = 9'."""
    terms = _terms(build, card, against, then)
    return explain_sum(terms, sum(t["value"] for t in terms))


def _fight(attacker: str | None = None, outcome: list[str] | None = None, won: bool = False):
    """Done when your attack with the card on ``attacker`` (None: any card) ended as
    ``outcome`` (the defeated roles; None: any) or, with ``won``, when you won the game.
    A step judged by it is the whole attack, your card and then theirs (a ✔ at your card
    would leave the card it attacks unclicked): wrong as soon as you choose another card to
    attack with, or when a fight ends otherwise."""
    def check(state, played):
        if won and state.is_over:
            return state.winners == (YOU,)
        if attacker and state.current == YOU and state.aim not in (None, attacker):
            return False
        last = state.last
        if last is None or last["attacker"]["seat"] != YOU:
            return None if YOU in state.deciders else False
        if attacker and last["attacker"]["square"] != attacker:
            return False
        return outcome is None or last["defeated"] == outcome
    return check


def _first_choice(state, played):
    return played[0].startswith("first")


FULL = [["bleatbeard", "pasturepal", "haybale"], ["climber", "shieldhorn", "cowbell"],
        ["pasturepal", "haybale", "golem"]]
FULL_RIVAL = [["kidsalot", "pasturepal", "haybale"], ["climber", "tamer", "troll"],
              ["pasturepal", "haybale", "golem"]]

HERO = _at(fields=[{"f1": "kidsalot", "f2": "pasturepal", "f3": "hoofarmor", "m2": "cavebat"},
                   {"f1": "golem", "f2": "haybale"}])
POWER = _at(fields=[{"f1": "climber", "f2": "pasturepal", "m2": "haybale", "b2": "lassokid"},
                    {"f1": "golem", "f2": "troll"}])
LAYOUT = _at(phase="layout",
             fields=[{"f1": "climber", "f2": "pasturepal", "m1": "haybale", "m2": "haybale",
                      "m3": "hoofarmor", "b1": "bleatbeard", "b3": "golem"}, {}],
             hands=[["lassokid", "pasturepal"],
                    ["kidsalot", "pasturepal", "pasturepal", "haybale", "climber", "troll",
                     "golem", "tamer", "cavebat"]])
WIN = _at(fields=[{"f1": "climber", "f2": "pasturepal"}, {"f1": "pasturepal", "f2": "golem"}],
          known=["1:f1"])
LOSE = _at(fields=[{"f1": "pasturepal", "f2": "haybale"}, {"f1": "golem", "f2": "golem"}])
TIE = _at(fields=[{"f1": "haybale", "f2": "climber"}, {"f1": "haybale", "f2": "golem"}],
          known=["1:f1"])
FACE_UP = _at(fields=[{"f1": "hornwhistle", "f2": "pasturepal"},
                      {"f1": "sunbather", "f2": "golem"}], face_up=["1:f1"], known=["1:f2"])
END = _at(fields=[{"f1": "climber", "m1": "haybale"}, {"b2": "pasturepal"}], known=["1:b2"])

LASSO = starter_deck().by_id["lassokid"].power
PLACED = ["place lassokid b2"]

STEPS = [
    Step(
        title="Four kinds of card",
        rule="BG-R1, BG-R3, BG-R9",
        text="Every card has a name, a type and a power (the number in the circle). The types "
             "are Hero, Goat, Equipment and Creature; each player has exactly one Hero. On "
             "your turn you attack: first click one of your cards, then any card of another "
             "player. Attack with your Hero, Sir Kidsalot: click it, then one of Rival's "
             "cards.",
        position=HERO,
        expect=_fight("f1"),
        hint="Your Hero is the card marked ★ Hero in the front row of your battlefield (the "
             "first one); then click either of Rival's cards.",
        right="That is an attack: your card, then theirs. Both cards were turned over and the "
              "higher power won; the fight panel at the top adds up both powers.",
        wrong="Click your Hero, Sir Kidsalot, in your own battlefield, then one of Rival's "
              "cards.",
        solution=["attack f1", "target 1:f1"],
    ),
    Step(
        title="Reading a card's power",
        rule="BG-R2, BG-R16",
        text="A card's power is its base number plus its bonuses, counted on the board as it "
             f"stands. Lasso Kid is only {LASSO} on its own, but gets +4 for each of your "
             "cards in front of it in its column. Point at your cards to read their sums in "
             "the line just above the battlefields, then attack one of Rival's cards with "
             "your strongest card.",
        position=POWER,
        expect=_fight("b2"),
        hint=f"Lasso Kid in your back row has two cards in front: {_sum(POWER, '0:b2')}. "
             "Click it, then one of Rival's cards.",
        right=f"Right: {_sum(POWER, '0:b2')}, more than any of your other cards.",
        wrong="Compare the numbers in the circles on your cards: the strongest is in the "
              "back row.",
        mistakes={"attack f1": f"Cliff Climber is {_power(POWER, '0:f1')}; one of your cards "
                               "is stronger now."},
        solution=["attack b2", "target 1:f1"],
    ),
    Step(
        title="Place a card where its bonus counts",
        rule="BG-R7, BG-X1",
        text="Before the battle, everyone lays out nine cards face down in three rows (front, "
             "middle and back), in secret: nobody sees anything of the others' battlefields "
             "until all are done. Cards never move later, so where they go matters. You have "
             "two cards left and two empty squares. Put Lasso Kid where it gets the most: "
             "click it in your hand, then a square.",
        position=LAYOUT,
        expect="place lassokid b2",
        hint="In the back middle square, two of your cards stand in front of it.",
        right="Well placed: in the back middle, with two cards in front, Lasso Kid is "
              f"{_sum(LAYOUT, '0:b2', then=PLACED)}. Your last card went to the last square "
              "by itself.",
        wrong="Lasso Kid counts the cards in front of it in its column: put it behind two.",
        mistakes={"place lassokid f3": "In the front row nothing is in front of it: it "
                                       f"would stay at {LASSO}.",
                  "place pasturepal b2": "Pasture Pal has no bonus; Lasso Kid wants that "
                                         "square."},
        solution=PLACED,
    ),
    Step(
        title="Winning an attack",
        rule="BG-R9, BG-R10",
        text="Rival's Pasture Pal has fought before, so everyone remembers it (orange edge, "
             f"power {_power(WIN, '1:f1', '0:f1')}). Attack it with your Cliff Climber "
             f"({_power(WIN, '0:f1', '1:f1')}): click your Cliff Climber, then Rival's "
             "Pasture Pal. Then read the fight panel: both sums, term by term.",
        position=WIN,
        expect=_fight("f1", ["defender"]),
        hint="First your Cliff Climber, then Rival's remembered Pasture Pal.",
        right=f"{_power(WIN, '0:f1', '1:f1')} beats {_power(WIN, '1:f1', '0:f1')}: Rival's "
              "Pasture Pal goes to the discard pile. Your Cliff Climber turns face down "
              "again, but now everyone remembers it.",
        wrong="Attack Rival's Pasture Pal with your Cliff Climber.",
        solution=["attack f1", "target 1:f1"],
    ),
    Step(
        title="Losing an attack",
        rule="BG-R9, BG-R12",
        text="You can't see Rival's face-down cards: any of them could be strong. Attack one "
             "of them with your Pasture Pal and see what happens.",
        position=LOSE,
        expect=_fight("f1", ["attacker"]),
        hint="Click your Pasture Pal, then either of Rival's face-down cards.",
        right=f"It was a Rock Golem ({_power(LOSE, '1:f1', '0:f1')}): your Pasture Pal "
              f"({_power(LOSE, '0:f1', '1:f1')}) lost and went to your discard pile. Now "
              "everyone remembers the Rock Golem.",
        wrong="Attack one of Rival's face-down cards with your Pasture Pal.",
        solution=["attack f1", "target 1:f1"],
    ),
    Step(
        title="A tie",
        rule="BG-R9",
        text="When both powers are equal, both cards are defeated. Attack Rival's remembered "
             f"Hay Bale Hauler ({_power(TIE, '1:f1', '0:f1')}) with your own Hay Bale Hauler "
             f"({_power(TIE, '0:f1', '1:f1')}).",
        position=TIE,
        expect=_fight("f1", ["attacker", "defender"]),
        hint="Your Hay Bale Hauler first, then Rival's.",
        right=f"{_power(TIE, '0:f1', '1:f1')} against {_power(TIE, '1:f1', '0:f1')}: a tie, "
              "and both cards went to their discard piles.",
        wrong="Use your Hay Bale Hauler against Rival's Hay Bale Hauler.",
        solution=["attack f1", "target 1:f1"],
    ),
    Step(
        title="Face-up and remembered cards",
        rule="BG-R10, BG-R12, BG-X6",
        text="A remembered card (orange edge) lies face down but everyone knows it. A few "
             "cards stay face up after a win (green edge) and count as face up from the next "
             "turn. Madame Hornwhistle gets +5 when she fights a face-up card, and +1 for "
             "each Goat next to her. Find the fight she wins.",
        position=FACE_UP,
        expect=_fight("f1", ["defender"]),
        hint=f"Against the face-up Sunbathing Goat ({_power(FACE_UP, '1:f1', '0:f1')}) she is "
             f"{_sum(FACE_UP, '0:f1', '1:f1')}; the Rock Golem is "
             f"{_power(FACE_UP, '1:f2', '0:f1')}.",
        right=f"{_power(FACE_UP, '0:f1', '1:f1')} against {_power(FACE_UP, '1:f1', '0:f1')}: "
              "Madame Hornwhistle wins. Against the remembered Rock Golem "
              f"({_power(FACE_UP, '1:f2', '0:f1')}) she would have had only "
              f"{_power(FACE_UP, '0:f1', '1:f2')}.",
        wrong="Attack with Madame Hornwhistle, and choose the face-up card.",
        solution=["attack f1", "target 1:f1"],
    ),
    Step(
        title="The draft",
        rule="BG-R6, BG-X7",
        text="In the draft (a variant), everyone gets a Hero and a pack of eight cards, keeps "
             "one in secret and passes the rest to the player on their right, all at the same "
             "time, until the packs are used up. Keep the strongest card of your pack.",
        position=_at(phase="draft", round=1, hands=[["bleatbeard"], ["kidsalot"]],
                     packs=[["golem", "pasturepal", "cavebat", "hornpolish", "kaboomkid",
                             "sunbather", "tamer", "watchtower"],
                            ["haybale", "climber", "troll", "bogwolf", "billytwin",
                             "moonowl", "lassokid", "spikycollar"]], draft=True),
        expect="pick golem",
        hint=f"Rock Golem has the biggest base power, {starter_deck().by_id['golem'].power}.",
        right="Rock Golem is yours. Once Rival has kept a card too, your other seven go to "
              "Rival and Rival's pack comes to you.",
        wrong="Look for the biggest number in your pack.",
        solution=["pick golem"],
    ),
    Step(
        title="Who attacks first",
        rule="BG-R8",
        text="When every battlefield is laid out, one player (drawn at random here, standing "
             "in for the first to finish) chooses the first attacker: anyone at the table, "
             "the chooser included. That is you now: choose.",
        position=_at(phase="first", finisher=YOU, fields=[FULL, FULL_RIVAL]),
        expect=_first_choice,
        hint="Any choice is allowed; many players choose to attack first.",
        right="Done: turns then go round the table from that player.",
        wrong="Choose who attacks first with one of the buttons.",
        solution=["first 0"],
    ),
    Step(
        title="The end",
        rule="BG-R13, BG-R15",
        text="A player with no cards left is out. The last player with cards wins. Rival "
             "has one card left, a remembered Pasture Pal. Win the game.",
        position=END,
        expect=_fight(won=True),
        hint=f"Your Cliff Climber ({_power(END, '0:f1', '1:b2')}) beats the Pasture Pal "
             f"({_power(END, '1:b2', '0:f1')}).",
        right="Rival is out and you have the last cards: you win!",
        wrong="Beat Rival's last card with a stronger card.",
        solution=["attack f1", "target 1:b2"],
    ),
]

LESSON = Lesson(title="BattleGoats, step by step", game="battlegoats", steps=STEPS, seat=YOU)
