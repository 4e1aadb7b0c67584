"""Floats McGoats in plain words: what an action is, why one is not allowed, and the rules.

Nothing here decides a rule (``rules`` does); this module only says things (and never
imports ``rules``: it gets the state as an argument):

- ``RULES``: every ruling id (FM-R1 to FM-R25) and our readings (FM-X1 to FM-X5,
  ``OUR_READINGS``), in our own words, for a teacher who opens "Why?" under a message;
- ``describe(action)`` / ``did(action)``: what an action does, without coordinates
  ("roll the die", "added a stick");
- ``explain(state, action, seat)``: the :class:`IllegalActionError` for an action that is not
  among the legal ones, with the rule id in ``err.rule`` and a message that names no
  coordinates ("can't place a goat there: that spot already holds a goat"), said to the
  deciding player ("you", "your goats"), the only one a refusal is explained to.

    >>> from goatwidgets.games.floats_mcgoats import position, parse_action
    >>> s = position(goats={"0,0u": [(1, "mama")]})
    >>> err = explain(s, parse_action("mama 0,0u"), 0)
    >>> err.reason, err.rule
    ("can't place a goat there: that spot already holds a goat", 'FM-R4')
    >>> describe(parse_action("fight 0,0u 1,0d")), did(parse_action("roll"))
    ('start a goat fight', 'rolled the die')
"""

from __future__ import annotations

from ...engine import IllegalActionError
from .actions import PHASES, Action
from .board import ANCHOR_POINT, anchored_points, frontier
from .views import decision_prompt

#: where even the rulings are silent, how we read the rules (FM-X1 to FM-X5)
OUR_READINGS = {
    "FM-X1": "Move two sticks moves two different sticks; if no light stick is left to move "
             "after the first move, the turn ends.",
    "FM-X2": "Goat love moves a goat that stands alone onto another lone goat of yours; "
             "a stack is never split.",
    "FM-X3": "A moved stick must land touching the part of the raft still joined to the "
             "anchors once it is lifted, so the moved stick itself never floats away.",
    "FM-X4": "If the shark's spot stops touching the raft, the shark swims off the board; "
             "its next attack puts it back without a follow move.",
    "FM-X5": "Goats in a locked spot can't be involved in a stick move, so a move that would "
             "set a locked spot adrift is not allowed.",
}

#: every ruling and reading, in our own words (the rulings file is the authority; this is
#: what a teacher or student reads when they open "Why?")
RULES: dict[str, str] = {
    "FM-R1": "The raft is built on an endless grid of triangles. A stick fills one side of a "
             "triangle; a spot is one of the triangles.",
    "FM-R2": "The game starts with two black anchor sticks that form two sides of the middle "
             "triangle. Anchors stay where they are for the whole game.",
    "FM-R3": "The raft is the anchors and every stick you can reach from them by going along "
             "sticks that touch end to end. A stick that can't be reached that way is not "
             "part of the raft.",
    "FM-R4": "A goat may stand in a triangle that has at least one raft stick as a side and is "
             "empty: no goat, no stack and no shark in it. Each spot holds one goat, one stack "
             "or the shark.",
    "FM-R5": "A triangle with raft sticks on all three sides is closed; only goats in closed "
             "triangles score. If all three sides are dark sticks or anchors, it is locked: "
             "its goats can't be moved, fought, loved or attacked.",
    "FM-R6": "Everyone has six mama goats and one baby goat. There are 48 light sticks in the "
             "pile.",
    "FM-R7": "A goat sent out to sea goes back to its owner, who may place it again later. A "
             "stick that floats away goes back to the pile.",
    "FM-R8": "Our die has twelve faces: Add a stick on three, Add or move a stick on two, Move "
             "two sticks on one, Flip a stick on two, Goat love on one, Shark attack on one and "
             "Goat fight on two. A teacher who owns the game can set the real faces.",
    "FM-R9": "Rolling is your choice; the die decides the face; then you carry out what the face "
             "says.",
    "FM-R10": "On your turn you do one thing: place a goat from your supply on an open spot, or "
              "roll the die. With no open spot or no goat left, you roll.",
    "FM-R11": "If what you rolled can't be done, you add a stick instead. If the pile is empty "
              "too, your turn is over.",
    "FM-R12": "A new stick goes on an empty side that touches the end of a stick already on the "
              "raft.",
    "FM-R13": "Only light sticks move. A moved stick must land somewhere new, touching another "
              "raft stick. Whatever is no longer joined to the anchors then floats away: its "
              "sticks and the goats left beside no stick.",
    "FM-R14": "Move two sticks means two moves of two different sticks, one after the other. "
              "The second stick may not land where the first one was.",
    "FM-R15": "Flipping turns a light stick dark. Dark sticks never move and never flip back.",
    "FM-R16": "Goat love moves one of your goats onto another of yours to make a stack. A stack "
              "has two goats at most: two mamas, or a mama and the baby.",
    "FM-R17": "The shark sends a goat or stack that is not locked out to sea and takes its "
              "triangle. When the shark moves on, the roller may move one of their own goats "
              "into the triangle it left. You may attack your own goats, and must if no other "
              "goat can be attacked.",
    "FM-R18": "Goat fight swaps one of your goats with someone else's: mama with mama, baby with "
              "baby. A stack may fight anything except a baby on its own, and only a stack may "
              "fight a stack.",
    "FM-R19": "In a closed triangle a mama scores 1, the baby 2, two mamas 2, and a mama with "
              "the baby 3. Scores are counted again after every change.",
    "FM-R20": "You need 6 points to win with two players, 5 with three or four.",
    "FM-R21": "After each turn, a player who has reached the target and has more points than "
              "everyone else wins. A tie at the top means the game goes on.",
    "FM-R22": "Our addition: if nobody has won after 500 turns, the game is a draw.",
    "FM-R23": "Seat 1 (Player 1) starts; a teacher decides who sits there. Turns then go round "
              "in seat order: 1, 2, 3, 4, 1, ...",
    "FM-R24": "A triangle that is locked while the shark is in it still lets the shark leave, "
              "and a goat may follow it in.",
    "FM-R25": "To win you must be at the target or above and strictly ahead of everyone.",
    **OUR_READINGS,
}

#: kind -> (what it does, what was done), in plain words
WORDS: dict[str, tuple[str, str]] = {
    "mama": ("place a mama goat", "placed a mama goat"),
    "baby": ("place the baby goat", "placed the baby goat"),
    "roll": ("roll the die", "rolled the die"),
    "stick": ("add a stick", "added a stick"),
    "move": ("pick up a stick to move it", "picked up a stick"),
    "drop": ("put the stick down", "put the stick down"),
    "flip": ("flip a stick", "flipped a stick"),
    "love": ("stack two of your goats", "stacked two goats"),
    "shark": ("choose the shark's victim", "sent the shark"),
    "follow": ("follow the shark with a goat", "followed the shark"),
    "stay": ("stay where you are", "stayed"),
    "fight": ("start a goat fight", "started a goat fight"),
}


def describe(action: Action) -> str:
    """What ``action`` does, in plain words: "place a mama goat"."""
    return WORDS.get(action.kind, (action.kind, action.kind))[0]


def did(action: Action) -> str:
    """What ``action`` did, in the past tense: "placed a mama goat"."""
    return WORDS.get(action.kind, (action.kind, action.kind))[1]


def explain(state, action: Action, seat: int) -> IllegalActionError:
    """Why ``action`` is not legal for ``seat`` in ``state`` (plain words, rule id)."""
    kinds, rule = PHASES[state.phase]
    if action.kind not in kinds:
        return IllegalActionError(f"can't {describe(action)} now: {decision_prompt(state)}",
                                  rule)
    match action.kind:
        case "mama" | "baby":
            return _why_not_place(state, action)
        case "stick":
            return _why_not_stick(state, action)
        case "move":
            return _why_not_move(state, action)
        case "drop":
            return _why_not_drop(state, action)
        case "flip":
            return _why_not_flip(state, action)
        case "love":
            return _why_not_love(state, action)
        case "shark":
            return _why_not_shark(state, action)
        case "follow":
            return _why_not_follow(state, action)
        case "fight":
            return _why_not_fight(state, action)
        case _:
            return _why_not_any(state, action)


def _why_not_any(state, action: Action) -> IllegalActionError:
    return IllegalActionError(f"can't {describe(action)} right now", PHASES[state.phase][1])


def _why_not_place(state, action: Action) -> IllegalActionError:
    goat = "the baby goat" if action.kind == "baby" else "a mama goat"
    if not state.supply[state.current][action.kind]:
        return IllegalActionError(f"can't place {goat}: you have none left in your supply",
                                  "FM-R6")
    if action.spot in state.goats:
        return IllegalActionError("can't place a goat there: that spot already holds a goat",
                                  "FM-R4")
    if action.spot == state.shark:
        return IllegalActionError("can't place a goat there: the shark is in that spot", "FM-R4")
    return IllegalActionError("can't place a goat there: that spot doesn't touch the raft; a "
                              "goat goes in a triangle beside a raft stick", "FM-R4")


def _why_not_stick(state, action: Action) -> IllegalActionError:
    if not state.pile:
        return IllegalActionError("can't add a stick: the stick pile is empty", "FM-R6")
    if action.stick in state.sticks:
        return IllegalActionError("can't add a stick there: there is already a stick in that "
                                  "place", "FM-R12")
    return IllegalActionError("can't add a stick there: a new stick must touch the end point "
                              "of a stick on the raft", "FM-R12")


def _stick_problem(state, edge, verb: str) -> IllegalActionError | None:
    kind = state.sticks.get(edge)
    if kind is None:
        return IllegalActionError(f"can't {verb} a stick there: there is no stick in that "
                                  "place", "FM-R13" if verb == "move" else "FM-R15")
    if kind == "anchor":
        return IllegalActionError(f"can't {verb} that stick: it is an anchor, and anchor "
                                  "sticks never move or flip", "FM-R2")
    if kind == "dark":
        return IllegalActionError(f"can't {verb} that stick: it is dark, and dark sticks never "
                                  "move or flip back", "FM-R15")
    return None


def _why_not_move(state, action: Action) -> IllegalActionError:
    problem = _stick_problem(state, action.stick, "move")
    if problem:
        return problem
    if action.stick == state.moved:
        return IllegalActionError("can't move that stick again: the second move uses a "
                                  "different stick", "FM-X1")
    if action.stick in state.light_sticks():
        return IllegalActionError("can't move that stick: wherever it went, goats in a locked "
                                  "spot would float away, and locked goats can't be moved",
                                  "FM-X5")
    return _why_not_any(state, action)


def _why_not_flip(state, action: Action) -> IllegalActionError:
    return _stick_problem(state, action.stick, "flip") or _why_not_any(state, action)


def _why_not_drop(state, action: Action) -> IllegalActionError:
    if action.stick == state.held:
        return IllegalActionError("can't put the stick back where it was: moving means a new "
                                  "place", "FM-R13")
    if action.stick == state.vacated:
        return IllegalActionError("can't put the second stick there: that is where the first "
                                  "stick came from", "FM-R14")
    if action.stick in state.sticks:
        return IllegalActionError("can't put the stick there: there is already a stick in that "
                                  "place", "FM-R13")
    raft_points = {p for e in state.sticks for p in e}
    if not raft_points & set(action.stick):
        return IllegalActionError("can't put the stick there: it must touch another raft "
                                  "stick, not only its own old place", "FM-R13")
    reach = anchored_points(state.sticks, ANCHOR_POINT)
    if action.stick in frontier(state.sticks, reach):
        return IllegalActionError("can't put the stick there: goats in a locked spot would "
                                  "float away, and locked goats can't be moved", "FM-X5")
    return IllegalActionError("can't put the stick there: it must touch a stick that is still "
                              "joined to the anchors", "FM-X3")


def _goat_problem(state, spot, whose: str, verb: str) -> IllegalActionError | None:
    """Checks shared by love, shark, follow and fight for one chosen spot."""
    goats = state.goats.get(spot)
    rule = PHASES[state.phase][1]
    if not goats:
        return IllegalActionError(f"can't {verb}: there is no goat in that spot", rule)
    if whose == "mine" and goats[0][0] != state.current:
        return IllegalActionError(f"can't {verb}: that goat isn't yours; pick one of your own "
                                  "goats first", rule)
    if whose == "theirs" and goats[0][0] == state.current:
        return IllegalActionError(f"can't {verb}: both goats are yours; the second one must "
                                  "be an opponent's", rule)
    if state.is_locked(spot):
        return IllegalActionError(f"can't {verb}: that goat is locked in by three dark sticks, "
                                  "so it is safe", "FM-R5")
    return None


def _why_not_love(state, action: Action) -> IllegalActionError:
    verb = "stack those goats"
    problem = (_goat_problem(state, action.spot, "mine", verb)
               or _goat_problem(state, action.target, "mine", verb))
    if problem:
        return problem
    if action.spot == action.target:
        return IllegalActionError(f"can't {verb}: pick two different goats", "FM-R16")
    if len(state.goats[action.spot]) > 1:
        return IllegalActionError(f"can't {verb}: only a goat standing alone moves; a stack is "
                                  "never split", "FM-X2")
    return IllegalActionError(f"can't {verb}: a stack holds two goats at most", "FM-R16")


def _why_not_shark(state, action: Action) -> IllegalActionError:
    return (_goat_problem(state, action.spot, "any", "send the shark there")
            or _why_not_any(state, action))


def _why_not_follow(state, action: Action) -> IllegalActionError:
    verb = "move that goat into the shark's old spot"
    return _goat_problem(state, action.spot, "mine", verb) or _why_not_any(state, action)


def _why_not_fight(state, action: Action) -> IllegalActionError:
    verb = "start that fight"
    problem = (_goat_problem(state, action.spot, "mine", verb)
               or _goat_problem(state, action.target, "theirs", verb))
    if problem:
        return problem
    mine, theirs = state.goats[action.spot], state.goats[action.target]
    if len(theirs) == 2:
        reason = "only a stack of two may take on a stack"
    elif len(mine) == 2:
        reason = "a stack can't fight a baby standing alone"
    else:
        reason = f"a {mine[0][1]} can only fight a {mine[0][1]}"
    return IllegalActionError(f"can't {verb}: {reason}", "FM-R18")

