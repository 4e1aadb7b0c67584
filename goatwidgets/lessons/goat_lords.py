"""The Goat Lords lesson: one rule per step, each on a small two-player position.

You are "You" (seat 0); "Rival" is seat 1. Some steps start in the middle of Rival's turn
(Rival has just started a duel or played an action card on you): those moves are played
while the step is built, so Undo never takes them back, and you answer them. Where Rival
would have to answer your move, Rival has no card to answer with, so every step ends on
your own decisions.

Rival's moves are already in when such a step opens, and not in its history:

    >>> from goatwidgets.lessons import LessonRun
    >>> run = LessonRun(LESSON, start=7)
    >>> run.state.prompt_for(YOU), run.state.history
    ('The duel for the Gleeful Ghoast stack: play a Gleeful Ghoast or a wild, or pass.', [])
"""

from __future__ import annotations

from ..games.goat_lords import position, stack_kind
from . import RIVAL, YOU, Lesson, Step, step_positions



_at = step_positions(position, seed=3)


def _first(kind):
    """Right when the first move is of ``kind`` (the step's one decision)."""
    def check(state, played):
        return played[0].split()[0] == kind
    return check


def _birth_with_wild(state, played):
    words = played[0].split()
    return words[0] == "birth" and ("lord" in words or "goatini" in words)


def _duel_won(state, played):
    if not played[0].startswith("duel"):
        return False
    return len(state.herds[YOU]) == 2 and stack_kind(state.herds[YOU][-1]) == "ghoast"


def _defended(state, played):
    if played[0].split()[0] != "play":
        return False
    return state.duel is None and len(state.herds[YOU][-1]) == 4


def _sneak_then_duel(state, played):
    if played[0] != "sneak 1 2":
        return False
    if len(played) == 1:
        return None
    return played[1].startswith("duel 1") and stack_kind(state.herds[YOU][-1]) == "corn"


def _rain_then_keep(state, played):
    if played[0] != "rain":
        return False
    if len(played) == 1:
        return None
    return played[1].startswith("keep")


def _down_to_five(state, played):
    if played[0] != "santy":
        return False
    if any(p.startswith("toss") for p in played) and len(state.hands[YOU]) <= 5 \
            and state.pending is None:
        return True
    return None


def _round_over(state, played):
    return state.is_over


#: hands that give no pair and no duel: for steps about something else
PLAIN = ["ninja", "fairy", "ghoast", "foodie", "baby"]

STEPS = [
    Step(
        title="The goal and the cards",
        rule="GL-R1, GL-R2, GL-R9",
        text="Build the most valuable herd of goats. A card's corner number is what it is worth "
             "at the end; the wilds (Goat Lord, Goatini) pair with any goat. The "
             "simplest move: throw a card away and draw a new one. Click your Baby Goat, then "
             "Discard.",
        position=_at(hands=[["ninja", "kraken", "ghoast", "foodie", "baby"], ["fairy"]],
                     herds=[[], []], discard=["tgoat"]),
        expect=lambda state, played: played[0] == "discard baby",
        hint="Click the highlighted card, then the Discard button above your hand.",
        right="Done: the Baby Goat went on the discard pile and you drew a new card. Then "
              "your turn ended, and Rival's began.",
        wrong="That card is not the Baby Goat: this step asks you to throw away the Baby Goat. "
              "Click it, then Discard.",
        solution=["discard baby"],
    ),
    Step(
        title="A Birth",
        rule="GL-R8, GL-R7",
        text="The main move: a Birth. Put two matching goat cards from your hand on the table: "
             "they make a new stack on top of your herd. You already have one stack. Click your "
             "two Goat Ninjas, one after the other.",
        position=_at(hands=[["ninja", "ninja", "kraken", "fairy", "ghoast"], ["fairy"]],
                     herds=[[["ladypug", "ladypug"]], []], discard=["tgoat"]),
        expect=_first("birth"),
        hint="Click one Goat Ninja, then the other.",
        right="A new stack! It sits on top of your herd. Then your hand filled back up to five "
              "cards: at the end of every turn, hands refill.",
        wrong="Click two cards that match, such as the two Goat Ninjas.",
        solution=["birth ninja ninja"],
        mistakes={"GL-R8": "Your two Goat Ninjas are a pair."},
    ),
    Step(
        title="A wild in a pair",
        rule="GL-R8",
        text="No two cards in your hand match this time, but you hold a Goat Lord: a wild, the "
             "most valuable card. A wild pairs with any goat card (never with another wild). "
             "Make a pair of your Krakengoat and the Goat Lord.",
        position=_at(hands=[["lord", "kraken", "fairy", "ghoast", "foodie"], ["fairy"]],
                     herds=[[["ladypug", "ladypug"]], []], discard=["tgoat"]),
        expect=_birth_with_wild,
        hint="Click the Goat Lord, then the Krakengoat.",
        right="A Krakengoat stack worth 65 points. A stack always has one kind of goat: the "
              "wild counts as a Krakengoat here.",
        wrong="Pair a goat card with the Goat Lord.",
        solution=["birth kraken lord"],
        mistakes={"GL-R8": "Your Goat Lord is a wild: it pairs with any goat card."},
    ),
    Step(
        title="An Assisted Birth",
        rule="GL-R28",
        text="No pair in your hand at all? Look at the discard pile: its top card can be the "
             "partner of one of yours. That is an Assisted Birth. The top card is a Krakengoat. "
             "Click your Krakengoat, then the discard pile.",
        position=_at(hands=[["kraken", "ninja", "fairy", "ghoast", "foodie"], ["fairy"]],
                     herds=[[["ladypug", "ladypug"]], []], discard=["tgoat", "kraken"]),
        expect=_first("assist"),
        hint="Click your Krakengoat, then the discard pile (highlighted).",
        right="The discard pile's Krakengoat and yours made a new stack.",
        wrong="Click your Krakengoat, then the discard pile.",
        solution=["assist kraken"],
        mistakes={"GL-R28": "The top card of the discard pile and your card must make a pair."},
    ),
    Step(
        title="Your Base Stack",
        rule="GL-R8, GL-R10",
        text="Your very first stack is your Base Stack, at the bottom of your herd. You need "
             "one before you may duel anybody, and nobody can ever duel it away. You have no "
             "stack yet. Rival's top stack is a Ghoast stack and you hold a Ghoast, but first "
             "make your Base Stack: pair your two T-Goats. (Try the duel first if you like: the "
             "board says why not.)",
        position=_at(hands=[["tgoat", "tgoat", "ghoast", "foodie", "baby"], ["fairy"]],
                     herds=[[], [["fairy", "fairy"], ["ghoast", "ghoast"]]], discard=["dragon"]),
        expect=_first("birth"),
        hint="Click your two T-Goats.",
        right="That is your Base Stack (marked BASE). Now you may duel, and it is safe from "
              "duels.",
        wrong="Make a pair first: your two T-Goats.",
        solution=["birth tgoat tgoat"],
        mistakes={"GL-R10": "Make your Base Stack first."},
    ),
    Step(
        title="A duel won",
        rule="GL-R10, GL-R11",
        text="Rival has two stacks, so the top one (a Ghoast stack of three cards) may be "
             "duelled. Open a duel with a card of the same goat: click your Ghoast, then Rival's "
             "top stack. Whoever plays the last card wins the duel. Rival has no card left to "
             "answer with.",
        position=_at(hands=[["ghoast", "ninja", "fairy", "foodie", "baby"], []],
                     herds=[[["tgoat", "tgoat"]],
                            [["fairy", "fairy"], ["ghoast", "ghoast", "ghoast"]]],
                     discard=["dragon"]),
        expect=_duel_won,
        hint="Click your Ghoast, then Rival's top stack (highlighted).",
        right="You won: Rival's stack and your duel card are now your top stack.",
        wrong="Duel Rival's top stack with your Ghoast.",
        solution=["duel 1 ghoast"],
        mistakes={"GL-R10": "Only a top stack can be duelled, with a card of its goat (or a "
                            "wild)."},
    ),
    Step(
        title="Defend your stack",
        rule="GL-R11",
        text="Now Rival duels you: Rival played a Goat Ninja against your Goat Ninja stack. "
             "You may answer with a Goat Ninja or any wild, or pass. Answer with your Goat "
             "Lord: click it. Rival has no card left, so your card is the last one.",
        position=_at(hands=[["lord", "fairy", "foodie", "baby", "ladypug"], ["ninja"]],
                     herds=[[["tgoat", "tgoat"], ["ninja", "ninja"]], [["fairy", "fairy"]]],
                     discard=["dragon"], current=RIVAL, then=[(RIVAL, "duel 0 ninja")]),
        expect=_defended,
        hint="Click your Goat Lord (highlighted).",
        right="You played the last card, so you keep your stack, and the duel cards join it: "
              "it grew to four cards.",
        wrong="Answer with your Goat Lord.",
        solution=["play lord"],
        mistakes={"GL-R11": "In a duel you may add only a card of the duelled goat, or a wild.",
                  "pass": "Passing would give Rival your stack."},
    ),
    Step(
        title="A duel lost",
        rule="GL-R11, GL-R34",
        text="You opened a duel for Rival's Ghoast stack, and Rival answered with a Goatini "
             "(a wild). You have no Ghoast and no wild left, so you can't answer. "
             "Press Pass.",
        position=_at(hands=[["ghoast", "ninja", "fairy", "foodie", "baby"], ["goatini", "corn"]],
                     herds=[[["tgoat", "tgoat"]], [["fairy", "fairy"], ["ghoast", "ghoast"]]],
                     discard=["dragon"], then=[(YOU, "duel 1 ghoast"), (RIVAL, "play goatini")]),
        expect="pass",
        hint="Press the Pass button (highlighted).",
        right="The first pass ends a duel. Rival played the last card, so Rival keeps the stack, "
              "and both duel cards (your Ghoast and the Goatini) join it.",
        wrong="Press Pass: you have no card to answer with.",
        solution=["pass"],
        mistakes={"GL-R11": "Only a Ghoast or a wild may be added to this duel."},
    ),
    Step(
        title="Atomic Goat",
        rule="GL-R15, GL-R13",
        text="Action cards lie face down in front of you (only you see them). To play one you "
             "need a stack of your own. Atomic Goat sends the target's top stack to the trash. "
             "Click your Atomic Goat, then Rival.",
        position=_at(hands=[PLAIN, ["fairy"]], actions=[["atomic"], []],
                     herds=[[["tgoat", "tgoat"]], [["fairy", "fairy"], ["corn", "corn", "lord"]]],
                     discard=["dragon"]),
        expect=_first("atomic"),
        hint="Click your Atomic Goat, then Rival's name or a stack of Rival's.",
        right="Boom: Rival's 90-point stack is in the trash. Atomic Goat gives no extra play, so "
              "your turn ended.",
        wrong="Play Atomic Goat on Rival.",
        solution=["atomic 1"],
    ),
    Step(
        title="Hypnotized Goat",
        rule="GL-R16, GL-R3",
        text="Hypnotized Goat takes a card at random from the target's hand into yours, and "
             "gives you one extra play this turn. Play it on Rival.",
        position=_at(hands=[PLAIN, ["lord", "ladypug"]], actions=[["hypno"], []],
                     herds=[[["tgoat", "tgoat"]], [["fairy", "fairy"]]], discard=["dragon"],
                     preset={"take": "lord"}),
        expect=_first("hypno"),
        hint="Click your Hypnotized Goat, then Rival.",
        right="You took Rival's Goat Lord! Hypnotized Goat also gave you an extra play: in a "
              "game you would use it next (the Goat Lord pairs with any goat), or end your "
              "turn.",
        wrong="Play Hypnotized Goat on Rival.",
        solution=["hypno 1"],
    ),
    Step(
        title="Loaf of Goat",
        rule="GL-R21",
        text="Loaf of Goat makes the target miss their next turn. Play it on Rival.",
        position=_at(hands=[PLAIN, ["fairy"]], actions=[["loaf"], []],
                     herds=[[["tgoat", "tgoat"]], [["fairy", "fairy"]]], discard=["dragon"]),
        expect=_first("loaf"),
        hint="Click your Loaf of Goat, then Rival.",
        right="Rival's turn was skipped, so the turn came straight back to you.",
        wrong="Play Loaf of Goat on Rival.",
        solution=["loaf 1"],
    ),
    Step(
        title="Sneak-A-Goat",
        rule="GL-R17, GL-R3",
        text="Sneak-A-Goat moves one of the target's stacks (never the Base Stack) to the top of "
             "their herd, and gives you an extra play. Rival's Corn stack is hidden in the middle. "
             "Move it to the top (click Sneak-A-Goat, then that stack), then use your extra play "
             "to duel it with your Goat-a-Corn.",
        position=_at(hands=[["corn", "ninja", "fairy", "foodie", "baby"], []],
                     actions=[["sneak"], []],
                     herds=[[["tgoat", "tgoat"]],
                            [["fairy", "fairy"], ["corn", "corn", "lord"], ["ghoast", "ghoast"]]],
                     discard=["dragon"]),
        expect=_sneak_then_duel,
        hint="Click Sneak-A-Goat, then Rival's Corn stack; after that, your Goat-a-Corn and the "
             "stack.",
        right="The Corn stack came to the top and you won it in a duel: 110 points, yours now.",
        wrong="Move the Corn stack to the top, then duel it with your Goat-a-Corn.",
        solution=["sneak 1 2", "duel 1 corn"],
        mistakes={"GL-R17": "The Base Stack never moves."},
    ),
    Step(
        title="Russian Goatlette",
        rule="GL-R18",
        text="Russian Goatlette: everybody with a stack passes their top stack to the left or "
             "to the right, all at once. With two players both directions go to the other "
             "player. Your top stack is a small Ghoast stack; Rival's is a big Corn stack. Play "
             "it and pick a direction.",
        position=_at(hands=[PLAIN, ["fairy"]], actions=[["russian"], []],
                     herds=[[["tgoat", "tgoat"], ["ghoast", "ghoast"]],
                            [["fairy", "fairy"], ["corn", "corn", "lord"]]], discard=["dragon"]),
        expect=_first("russian"),
        hint="Click Russian Goatlette, then one of the direction buttons.",
        right="The stacks swapped: the Corn stack is yours now.",
        wrong="Play Russian Goatlette.",
        solution=["russian left"],
    ),
    Step(
        title="Raining Fire-Goats",
        rule="GL-R19, GL-R32",
        text="Raining Fire-Goats: every player keeps ONE card of their hand and sets the others "
             "aside until the turn ends, and nobody may defend this turn. It gives you an extra "
             "play. Play it, then click the one card you keep.",
        position=_at(hands=[["kraken", "kraken", "ninja", "foodie", "baby"], ["fairy"]],
                     actions=[["rain"], []],
                     herds=[[["tgoat", "tgoat"]], [["fairy", "fairy"]]], discard=["kraken"]),
        expect=_rain_then_keep,
        hint="Click Raining Fire-Goats; then click the card to keep (a Krakengoat works with the "
             "discard pile).",
        right="The rest of your hand is set aside until the turn ends. In a game, your extra "
              "play would have only the card you kept to work with.",
        wrong="Play Raining Fire-Goats, then keep one card.",
        solution=["rain", "keep kraken"],
    ),
    Step(
        title="Goatinhood",
        rule="GL-R20",
        text="Goatinhood: going round the table from your left, the first player holding a wild "
             "must give you their most valuable wild. Play it.",
        position=_at(hands=[PLAIN, ["lord", "fairy"]], actions=[["hood"], []],
                     herds=[[["tgoat", "tgoat"]], [["fairy", "fairy"]]], discard=["dragon"]),
        expect=_first("hood"),
        hint="Click Goatinhood.",
        right="Rival had to give you the Goat Lord. Goatinhood also gives an extra play: in a "
              "game you would use it next, or end your turn.",
        wrong="Play Goatinhood.",
        solution=["hood"],
    ),
    Step(
        title="Santy Goat and Flower Goatee",
        rule="GL-R3, GL-R26",
        text="Some action cards bring cards and plays. Santy Goat: draw 2 cards, 1 extra play. "
             "Flower Goatee: draw 1 card, 2 extra plays, and you may still play one more action "
             "card. Play Flower Goatee first, then Santy Goat.",
        position=_at(hands=[PLAIN, ["fairy"]], actions=[["santy", "flower"], []],
                     herds=[[["tgoat", "tgoat"]], [["fairy", "fairy"]]], discard=["dragon"]),
        expect=["flower", "santy"],
        hint="Click Flower Goatee, then Santy Goat.",
        right="Three new cards, and two plays left over: in a game you would use them next, or "
              "end your turn. (Santy Goat first would have been a mistake: after a card with one "
              "extra play, no more action cards this turn.)",
        wrong="Play Flower Goatee first, then Santy Goat.",
        solution=["flower", "santy"],
        mistakes={"santy": "After a card with one extra play, such as Santy Goat, no more "
                           "action cards may be played this turn: Flower Goatee comes first."},
    ),
    Step(
        title="Escape Goat against a duel",
        rule="GL-R12",
        text="Rival opened a duel for your big Corn stack with a Goat Lord. You "
             "have Escape Goat face down: as your very first answer it calls the duel off, and "
             "Rival's Goat Lord joins your stack! Click Escape Goat.",
        position=_at(hands=[PLAIN, ["lord", "corn"]], actions=[["escape"], []],
                     herds=[[["tgoat", "tgoat"], ["corn", "corn"]], [["fairy", "fairy"]]],
                     discard=["dragon"], current=RIVAL, then=[(RIVAL, "duel 0 lord")]),
        expect="escape",
        hint="Click the Escape Goat button (or your Escape Goat card).",
        right="The duel is off, and Rival's Goat Lord is in your stack: 50 more points.",
        wrong="Call the duel off with Escape Goat.",
        solution=["escape"],
    ),
    Step(
        title="Escape Goat against an action card",
        rule="GL-R14, GL-R27",
        text="Rival played Atomic Goat on you: your top stack is about to go to the trash. "
             "Escape Goat cancels an action card aimed at you (but never Goatinhood, Raining "
             "Fire-Goats or Russian Goatlette). Cancel it.",
        position=_at(hands=[PLAIN, ["lord", "ladypug"]], actions=[["escape"], ["atomic"]],
                     herds=[[["tgoat", "tgoat"], ["corn", "corn"]], [["fairy", "fairy"]]],
                     discard=["dragon"], current=RIVAL, then=[(RIVAL, "atomic 0")]),
        expect="escape",
        hint="Click the Escape Goat button.",
        right="Atomic Goat had no effect; your stack is safe. A used Escape Goat goes to the "
              "trash.",
        wrong="Cancel Atomic Goat with Escape Goat.",
        solution=["escape"],
    ),
    Step(
        title="Refilling and the hand limit",
        rule="GL-R7, GL-R34",
        text="When a turn ends, every hand fills back up to the hand size (five cards with two "
             "or three players, four with more). Whoever holds more than that must discard down "
             "to it. Play Santy Goat (two more cards: seven), end your turn, then throw away two "
             "cards.",
        position=_at(hands=[["ninja", "fairy", "ghoast", "foodie", "baby"], ["fairy"]],
                     actions=[["santy"], []],
                     herds=[[["tgoat", "tgoat"]], [["fairy", "fairy"]]], discard=["dragon"]),
        expect=_down_to_five,
        hint="Click Santy Goat, then End my turn, then two cards to throw away.",
        right="Back to five cards. The cards you threw away are on the discard pile.",
        wrong="Play Santy Goat, end your turn, then discard down to five.",
        solution=["santy", "end", "toss baby", "toss foodie"],
    ),
    Step(
        title="The end of the round",
        rule="GL-R22, GL-R24",
        text="The draw pile is empty and was already reshuffled once, so nobody draws any more. "
             "The round ends when every hand is empty; then each herd's cards are added up and "
             "the most points win. Rival's hand is empty. Play your last pair to end the round.",
        position=_at(hands=[["dragon", "dragon"], []],
                     herds=[[["tgoat", "tgoat"], ["kraken", "kraken", "kraken"]],
                            [["fairy", "fairy"], ["ninja", "ninja", "goatini"]]],
                     discard=["ghoast"], pile=[], reshuffle_used=True),
        expect=_round_over,
        hint="Click your two Dragon Goats.",
        right="The round is over: your herd is worth 95 points, Rival's 65. You win!",
        wrong="Play your two Dragon Goats as a pair.",
        solution=["birth dragon dragon"],
    ),
]

LESSON = Lesson(title="Goat Lords, step by step", game="goat_lords", steps=STEPS, seat=YOU)
