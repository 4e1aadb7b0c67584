"""Grab Your Goat!: what leaves the state for a seat, as functions of the state: the views, the
prompt of the pending decision, and the words of every log line.

Nothing here decides a rule (``rules`` does, and calls these). Names are written the way the
engine's ``seat_name`` gives them, so every line reads right for any name, "You" included.

    >>> from goatwidgets.games.grab_your_goat import new_game
    >>> s = new_game(players=2, seed=3, first=0, names=["You", "Bo"])
    >>> prompt(s, 0), prompt(s, 1)
    ('Your decision: roll the goat die.', 'Waiting for you to roll the goat die.')
    >>> public_view(s)["pending"], private_view(s, 1)["hand"]
    ({'kind': 'roll', 'seat': 0, 'rolls': 1}, ['corner', 'corner', 'waterfall'])
    >>> goat_line(s, 1, "e", rolled=True, how="wandered")
    'Bo rolled East: their goat wandered east.'
"""

from __future__ import annotations

from ...engine.words import is_you, obj, plural, possessive, says, verb
from .actions import Action
from .board import CELLS, CORNERS, TOP, cell_id, direction, parse_cell, row_col
from .cards import DIR_NAMES, EFFECTS, FACE_NAMES, NAMES, mask_text, text_mask
from .saves import Step

# ---------------------------------------------------------------------- views


def public_view(state) -> dict:
    """What every seat sees (the keys the page reads: see the package docstring)."""
    return {
        "turn": state.turn,
        "max_turns": state.max_turns,
        "current": state.current,
        "pending": pending_view(state),
        "cells": [cell_view(state, c) for c in range(CELLS)],
        "houses": [cell_id(c) for c in state.houses],
        "shepherds": [cell_id(c) for c in state.shepherds],
        "goats": [cell_id(c) for c in state.goats],
        "die": state.die,
        "die_label": FACE_NAMES[state.die] if state.die else None,
        "hands": [len(h) for h in state.hands],
        "deck": state.decks["deck"].count,
        "lost_turn": list(state.lost),
        "skipping": state.skipping,
        "words": board_words(state),
    }


def private_view(state, seat: int) -> dict:
    """What only ``seat`` sees: its hand, and its route and reach along the paths."""
    return {"hand": list(state.hands[seat]), "route": state.route(seat),
            "reach": state.reachable(seat)}


def cell_view(state, cell: int) -> dict:
    """One card: face down it shows only where it is."""
    r, c = row_col(cell)
    view: dict = {"id": cell_id(cell), "row": r, "col": c, "up": state.up[cell]}
    if state.up[cell]:
        kind = state.cards[cell]
        view.update(card=kind, name=NAMES[kind], arrows=mask_text(state.arrows[cell]),
                    effect=kind in EFFECTS)
    if cell in state.houses:
        view["owner"] = state.houses.index(cell)
    return view


def pending_view(state) -> dict | None:
    """The pending decision, ``{"kind", "seat", …}`` with what each kind needs to show."""
    pending = state.pending
    if pending is None:
        return None
    kind, cell = pending.kind, pending.cell
    view: dict = {"kind": kind, "seat": pending.seat}
    match kind:
        case "roll":
            view["rolls"] = pending.rolls
        case "act" | "more":
            view["coffee"] = state.coffee
        case "orient":
            view.update(cell=cell_id(cell), card=state.cards[cell],
                        back=mask_text(pending.back) if pending.back else None,
                        options=[mask_text(m) for m in state.laying_options(pending)])
        case "throw":
            view.update(cell=cell_id(cell), piece="goat" if pending.goat else "shepherd",
                        owner=pending.owner)
        case "slide":
            view["cell"] = cell_id(cell)
        case "lift":
            view.update({"cell": cell_id(cell), "to": cell_id(pending.to)})
    return view


def board_words(state) -> dict:
    """The board's words for whose piece is whose, said here so that any name reads right
    ("your shepherd", not "shepherd of You"), and who will miss a move."""
    whose = [possessive(state.seat_name(s)) for s in range(state.players)]
    stuck = [s for s in range(state.players) if state.lost[s]]
    note = ""
    if len(stuck) == 1:
        name = state.seat_name(stuck[0])
        note = f"{name} will miss {own(name)} next move (the Thicket)."
    elif stuck:
        note = f"{state.names_of(stuck)} will miss the next move (the Thicket)."
    return {"shepherds": [f"{w} shepherd" for w in whose],
            "goats": [f"{w} goat" for w in whose],
            "houses": [f"{w} house" for w in whose], "stuck": note}


# ---------------------------------------------------------------------- the prompt


def prompt(state, seat: int | None) -> str:
    """The pending decision as ``seat`` reads it, or how the game ended."""
    if state.is_over:
        if state.winners:
            names = [state.seat_name(s) for s in state.winners]
            goats = "their goats" if len(names) > 1 else (
                "your goat" if is_you(names[0]) else "their goat")
            return f"{state.names_of(state.winners)} caught {goats}: game over."
        return f"No one caught their goat within {state.max_turns} turns: a draw."
    pending = state.pending
    words = decision_words(state, pending)
    if seat == pending.seat:
        return f"{possessive(state.seat_name(seat), start=True)} decision: {words}"
    return f"Waiting for {obj(state.seat_name(pending.seat))} to {words}"


def decision_words(state, pending: Step) -> str:
    """What the decision ``pending`` asks for, in plain words (no coordinates)."""
    match pending.kind:
        case "roll":
            return "roll the goat die" + (" (the goat is on a Coffee Bush: two rolls)"
                                          if pending.rolls == 2 else "") + "."
        case "goat":
            return "choose which way the goat goes (Roller's choice)."
        case "act":
            extra = " (on a Coffee Bush: a step or ride may be followed by one more)" \
                if state.coffee else ""
            return ("step to a neighbouring card, ride the Ski Lift, play a card from the hand "
                    f"on a face-down card, or turn the card underfoot{extra}.")
        case "more":
            return "take a second step or ride from the Coffee Bush, or pass."
        case "orient":
            kind = state.cards[pending.cell]
            if kind == "waterfall":
                return "choose the way the Waterfall flows."
            if pending.back:
                return (f"lay the {NAMES[kind]} so one of its arrows points back "
                        f"{DIR_NAMES[mask_text(pending.back)]}.")
            return f"choose which way the {NAMES[kind]} lies."
        case "throw":
            piece = "goat" if pending.goat else "shepherd"
            return (f"choose the neighbouring card where "
                    f"{possessive(state.seat_name(pending.owner))} {piece} lands.")
        case "slide":
            return "choose the direction of the Landslide."
        case "reveal":
            return "turn up any face-down card from the Top of the Mountain, or pass."
        case "lift":
            return "take a free ride on the Ski Lift, or pass."
        case _:
            return "wait."


# ---------------------------------------------------------------------- the log's lines
# Each returns one line of the log about seat ``seat`` (its name said once).


def _named(state, seat: int) -> str:
    """"Ana's shepherd" / "Your shepherd" at the start of a line."""
    return f"{possessive(state.seat_name(seat), start=True)} shepherd"


def goat_line(state, seat: int, d: str, rolled: bool, how: str, pushed=()) -> str:
    """The goat's move (GY-R10): ``how`` it went ("wandered", "stuck" on a Wheat Field,
    "bumped" into the ``pushed`` seats' shepherds). The roller is named once: "Ana rolled
    East: their goat …", or "Ana's goat …" alone."""
    name = state.seat_name(seat)
    start = f"{name} rolled {FACE_NAMES[d]}: {own(name)}" if rolled else \
        possessive(name, start=True)
    if how == "stuck":
        return f"{start} goat keeps eating on the Wheat Field."
    if how == "bumped":
        names = " and ".join((f"{own(name)} own" if s == seat else
                              possessive(state.seat_name(s))) + " shepherd" for s in pushed)
        return (f"{start} goat bumped into {names}, pushing "
                f"{'them' if len(pushed) > 1 else 'it'} {DIR_NAMES[d]}.")
    return f"{start} goat wandered {DIR_NAMES[d]}."


def rollers_choice(state, seat: int) -> str:
    name = state.seat_name(seat)
    return (f"{name} rolled Roller's choice and {verb(name, 'chooses', 'choose')} which way "
            f"{own(name)} goat goes.")


def stepped(state, seat: int, d: str, onto: str | None) -> str:
    """A step onto a card (``onto``: its kind if face up, else None)."""
    what = a_card(onto) if onto is not None else "a face-down card"
    return f"{_named(state, seat)} stepped {DIR_NAMES[d]} onto {what}."


def rode(state, seat: int, to: int) -> str:
    return (f"{says(state.seat_name(seat), 'rides', 'ride')} the Ski Lift "
            + ("up to the Top of the Mountain." if to == TOP else
               "down from the Top to a Ski Lift."))


def turned(state, seat: int, kind: str, arrows: int | None) -> str:
    """A quarter turn of the card underfoot (``arrows`` None: a four-way card, a pass)."""
    name = says(state.seat_name(seat), 'turns', 'turn')
    if arrows is None:
        return (f"{name} {the_card(kind)} underfoot: it points every way, so nothing changes "
                "(a pass).")
    return f"{name} the card underfoot: its arrows now point {arrow_words(arrows)}."


def passed(state, seat: int, kind: str) -> str:
    """What saying no to the optional decision ``kind`` means."""
    name = state.seat_name(seat)
    match kind:
        case "more":
            return f"{says(name, 'stops', 'stop')} after one move."
        case "reveal":
            return f"{says(name, 'reveals', 'reveal')} nothing from the Top."
        case "lift":
            return f"{says(name, 'stays', 'stay')} off the Ski Lift."
        case _:
            raise AssertionError(f"no pass in a {kind!r} decision")


def revealed_from_top(state, seat: int, kind: str) -> str:
    return (f"{says(state.seat_name(seat), 'turns', 'turn')} up a card from the Top of the "
            f"Mountain: {a_card(kind)}.")


def free_ride(state, seat: int) -> str:
    return f"{says(state.seat_name(seat), 'takes', 'take')} a free ride on the Ski Lift."


def played(state, seat: int, card: str, taken: str) -> tuple[str, dict[int, str]]:
    """A card from the hand swapped for a face-down one (GY-R11): the public line, and the
    player's own line naming the card taken."""
    name = state.seat_name(seat)
    return (f"{says(name, 'plays', 'play')} {a_card(card)} from {own(name)} hand onto a "
            f"face-down card and {verb(name, 'takes', 'take')} that card into {own(name)} "
            "hand, unseen by the others.",
            {seat: f"You play {a_card(card)} from your hand onto a face-down card and take "
                   f"that card into your hand: {a_card(taken)}."})


def skipping(state, seat: int) -> str:
    return f"{_named(state, seat)} is stuck in the Thicket: no move this turn."


def went_home(state, seat: int, how: str = "") -> str:
    """A shepherd sent home; ``how`` it happened ("pushed", "swept", "looped", "cliff",
    "mineshaft", "landslide"; "" for a plain trip home)."""
    return f"{_named(state, seat)} {HOME[how]}"


HOME = {
    "": "went home.",
    "pushed": "was pushed off the board and went home.",
    "swept": "was swept off the board and woke up at home.",
    "looped": "was swept round in a loop and woke up at home.",
    "cliff": "fell off the Steep Cliff and went home.",
    "mineshaft": "fell down the Mineshaft and went home.",
    "landslide": "was caught in the Landslide and went home.",
}


def cliff_back(state, seat: int) -> str:
    return f"It's a Steep Cliff! {_named(state, seat)} goes back."


def swept(state, seat: int, d: str) -> str:
    return f"{_named(state, seat)} was swept {DIR_NAMES[d]} by the Waterfall."


def reveals(state, seat: int, kind: str) -> str:
    return f"{says(state.seat_name(seat), 'reveals', 'reveal')} {a_card(kind)}."


def it_is(kind: str) -> str:
    return f"It is {a_card(kind)}."


def laid(kind: str, mask: int) -> str | None:
    """How a revealed card was laid (None: nothing worth saying, it lies every way)."""
    if kind == "waterfall":
        return f"The Waterfall flows {arrow_words(mask)}."
    if mask and mask != 15:
        return f"It was laid with its arrows pointing {arrow_words(mask)}."
    return None


def thrown(state, mover: int, owner: int, goat: bool, d: str | None) -> str:
    """A piece thrown ``d`` (None: no card to land on, so a goat stays and a shepherd goes
    home, GY-R25)."""
    what = f"{possessive(state.seat_name(owner))} {'goat' if goat else 'shepherd'}"
    name = state.seat_name(mover)
    if d is None:
        return (f"{name} couldn't throw {what}: no card to land on." if goat else
                f"{says(name, 'throws', 'throw')} {what} all the way home.")
    return f"{says(name, 'throws', 'throw')} {what} {DIR_NAMES[d]}."


def in_thicket(state, seat: int) -> str:
    name = state.seat_name(seat)
    return (f"{says(name, 'is', 'are')} caught in the Thicket and will miss {own(name)} next "
            "move.")


def fog(cleared: int) -> str:
    """Dense Fog (GY-R17), having cleared ``cleared`` face-up cards."""
    if cleared:
        return (f"Dense Fog! {plural(cleared, 'face-up card')} went back into the deck and "
                f"{'was' if cleared == 1 else 'were'} replaced face down; then the Fog itself.")
    return ("Dense Fog! No face-up card was free to clear, so only the Fog itself went back "
            "into the deck and was replaced face down.")


def landslide(state, seat: int, d: str, cards: int) -> str:
    """A Landslide sent ``d`` taking ``cards`` cards, itself included (GY-R18)."""
    what = (f"the Landslide and {plural(cards - 1, 'card')} beyond it went back into the deck "
            "and were replaced face down" if cards > 1 else
            "only the Landslide itself went back into the deck and was replaced face down")
    return f"{says(state.seat_name(seat), 'sends', 'send')} the Landslide {DIR_NAMES[d]}: {what}."


def caught(state, seats) -> str:
    """The win (GY-R24, GY-X8)."""
    if len(seats) == 1:
        name = state.seat_name(seats[0])
        return (f"{says(name, 'catches', 'catch')} {'your' if is_you(name) else 'their'} goat "
                f"and {verb(name, 'wins', 'win')}!")
    return f"{state.names_of(seats)} catch their goats at the same moment and share the win!"


def draw(turns: int) -> str:
    """The end at the turn guard (GY-R22)."""
    return f"No one caught their goat in {turns} turns: the game is a draw."


# ---------------------------------------------------------------------- actions in words

#: how many cards away, in words (the grid is 7 by 7: at most six)
_COUNT = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


def action_words(state, action: Action, seat: int) -> str:
    """``action`` as the board and its buttons name it, said to ``seat``, who takes it in this
    position (``State.action_words``). The board shows no coordinates, so a card is named by
    what it is (the Top of the Mountain, a house), else by the piece on it (your goat), or
    where it lies from your shepherd (just north of it) or from the Top ("two north and one
    west of the Top"; north is up); a face-down card only as "the face-down card" (GY-R2).

        >>> from goatwidgets.games.grab_your_goat import position
        >>> s = position(shepherds={0: "d6"}, goats={0: "b2"}, hands={0: ["tee"] * 3},
        ...              phase="act", names=["Ana", "Bo"])
        >>> action_words(s, s.parse_action("play tee c2"), 0)
        'play your T path on the face-down card two north and one west of the Top'
        >>> action_words(s, s.parse_action("play tee d7"), 0)
        'play your T path on the face-down card just south of your shepherd'
        >>> action_words(s, s.parse_action("play tee b2"), 0)
        'play your T path on the face-down card under your goat'
    """
    pending = state.pending
    match action.kind:
        case "roll":
            return "roll the goat die"
        case "goat":
            return f"send your goat {DIR_NAMES[action.dir]}"
        case "slide":
            return f"send the Landslide {DIR_NAMES[action.dir]}"
        case "step":
            cell = parse_cell(action.cell)
            way = direction(state.shepherds[seat], cell)
            onto = "to" if cell == TOP or state.cards[cell] == "house" else "onto"
            what = _thing(state, cell, seat)
            return f"step {DIR_NAMES[way]} {onto} {what}" if way else f"step {onto} {what}"
        case "lift":
            cell = parse_cell(action.cell)
            if cell == TOP:
                return "ride the Ski Lift up to the Top of the Mountain"
            return f"ride the Ski Lift down to {place_words(state, cell, seat)}"
        case "play":
            return (f"play your {NAMES[action.card]} on "
                    f"{place_words(state, parse_cell(action.cell), seat)}")
        case "reveal":
            return f"turn up {place_words(state, parse_cell(action.cell), seat)}"
        case "throw":
            cell = parse_cell(action.cell)
            piece = "a piece"
            if pending is not None and pending.kind == "throw":
                owner = "your" if pending.owner == seat else possessive(
                    state.seat_name(pending.owner))
                piece = f"{owner} {'goat' if pending.goat else 'shepherd'}"
                way = direction(pending.cell, cell)
                if way:
                    return f"throw {piece} {DIR_NAMES[way]}, onto {_thing(state, cell, seat)}"
            return f"throw {piece} onto {place_words(state, parse_cell(action.cell), seat)}"
        case "rotate":
            here = state.shepherds[seat]
            name = _thing(state, here, seat)
            mask = text_mask(action.arrows)
            if mask == state.arrows[here]:
                return f"turn {name} underfoot: it points every way, so this passes"
            return f"turn {name} underfoot so its arrows point {arrow_words(mask)}"
        case "orient":
            kind = (state.cards[pending.cell] if pending is not None
                    and pending.kind == "orient" else None)
            mask = text_mask(action.arrows)
            if kind == "waterfall":
                return f"let the Waterfall flow {arrow_words(mask)}"
            name = NAMES[kind] if kind else "card"
            return f"lay the {name} with its arrows pointing {arrow_words(mask)}"
        case _:
            match pending.kind if pending is not None else None:
                case "reveal":
                    return "don't turn a card up"
                case "lift":
                    return "don't ride the Ski Lift"
                case _:
                    return "stop here (no second move)"


def place_words(state, cell: int, seat: int) -> str:
    """A card on the board in words, for ``seat``: the Top, a house, else the card (face up
    by its name, face down as "the face-down card") and where it lies: under ``seat``'s
    goat, just north of its shepherd, or counted from the Top ("two north and one west of
    the Top")."""
    if cell == TOP or state.cards[cell] == "house":
        return _thing(state, cell, seat)
    what = _thing(state, cell, seat)
    if state.goats[seat] == cell:
        return f"{what} under your goat"
    way = direction(state.shepherds[seat], cell)
    if way:
        return f"{what} just {DIR_NAMES[way]} of your shepherd"
    (r, c), (tr, tc) = row_col(cell), row_col(TOP)
    parts = [f"{_COUNT[abs(d)]} {word}" for d, word in
             ((r - tr, "north" if r < tr else "south"), (c - tc, "west" if c < tc else "east"))
             if d]
    return f"{what} {' and '.join(parts)} of the Top"


def _thing(state, cell: int, seat: int) -> str:
    """The card on ``cell`` as anyone sees it: "the Top of the Mountain", "Bo's house", "the
    empty north-east house", "the Crossroads", "the face-down card"."""
    if cell == TOP:
        return "the Top of the Mountain"
    if state.cards[cell] == "house" and state.up[cell]:
        if cell in state.houses:
            owner = state.houses.index(cell)
            return "your house" if owner == seat else f"{possessive(state.seat_name(owner))} house"
        corner = next(name for name, c in CORNERS.items() if c == cell)
        return f"the empty {CORNER_WORDS[corner]} house"
    if not state.up[cell]:
        return "the face-down card"
    return the_card(state.cards[cell])


CORNER_WORDS = {"nw": "north-west", "ne": "north-east", "se": "south-east", "sw": "south-west"}


# ---------------------------------------------------------------------- words


def a_card(kind: str) -> str:
    """A card with its article: "a Coffee Bush", "an Ice…" (none yet), "the Top of the
    Mountain"."""
    name = card_name(kind)
    return ("the " if kind == "top" else "an " if name[0] in "AEIOU" else "a ") + name


def the_card(kind: str) -> str:
    return "the " + card_name(kind)


def card_name(kind: str) -> str:
    """A card's name inside a sentence ("a house", but "the Top of the Mountain")."""
    return "house" if kind == "house" else NAMES[kind]


def own(name: str) -> str:
    """The owner's word when the owner was just named: "You … your goat", "Ana … their
    goat" (a name is not said twice in one line)."""
    return "your" if is_you(name) else "their"


def arrow_words(mask: int) -> str:
    words = [DIR_NAMES[d] for d in mask_text(mask)]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
