"""Gruff Goats views: what leaves the state for a seat, as functions of the state. The board,
the wands, the claim and the discard pile are public (GG-R18); a hand is its owner's (unless
hands are open, GG-X10). Here too are the prompts (the pending decision said to a seat) and
the words of every log line; the rules call them, nothing here changes the state.

    >>> from goatwidgets.games.gruff_goats import new_game
    >>> s = new_game(players=2, seed=1, names=["Ana", "Bo"])
    >>> prompt(s, 0), prompt(s, 1)
    ('Your turn: claim a wand, use a wand you hold, or just take a card.', 'Waiting for Ana: claim a wand, use a wand, or take a card.')
    >>> public_view(s)["wands"], private_view(s, 1)["hand"]["spades"]
    ({'troll': None, 'big': None, 'medium': None, 'little': None, 'dragon': None}, 1)
"""

from __future__ import annotations

from collections import Counter

from ...engine.words import end_prompt, listed, obj, plural, possessive, says, subject
from .cards import SUITS, SYMBOLS, WAND_NAMES, WANDS, cost


def cards_text(wand: str, suits: dict, another: bool = False) -> str:
    """"a spades card" or "one card of each suit" (``another``: "another spades card", "one
    more card of each suit")."""
    if wand == "dragon":
        return "one more card of each suit" if another else "one card of each suit"
    return f"{'another' if another else 'a'} {suits[wand]} card"


def symbols(wand: str, suits: dict) -> str:
    """The card signs of a wand: "♠", or "♣♦♥♠" for the dragon."""
    return "".join(SYMBOLS[suit] for suit in cost(wand, suits))


# ---------------------------------------------------------------------- prompts

def prompt(state, seat: int | None) -> str:
    """The pending decision as ``seat`` reads it: its own, or whom everyone waits for."""
    if state.phase == "over":
        return end_prompt(state.seat_name(state.winners[0]) if state.winners else None)
    decider = state.deciders[0]
    if seat == decider:
        return prompt_to_decider(state)
    return f"Waiting for {obj(state.seat_name(decider))}: {prompt_to_others(state)}"


def prompt_to_decider(state) -> str:
    """The pending decision, said to the deciding seat."""
    match state.phase:
        case "turn":
            if state.acted:
                return "Your turn: do something more, or take a card to end your turn."
            return "Your turn: claim a wand, use a wand you hold, or just take a card."
        case "block":
            claim = state.claim
            return (f"{says(state.seat_name(claim.claimant), 'wants', 'want')} "
                    f"{WAND_NAMES[claim.wand]}. Block it with "
                    f"{cards_text(claim.wand, state.suits)}, or pass.")
        case "answer":
            claim = state.claim
            return (f"{subject(state.seat_name(claim.blocks[-1]))} blocked you. Put down "
                    f"{cards_text(claim.wand, state.suits, another=True)}, or give up.")
        case "place":
            return f"Put your {state.placing[0].size} goat back on a corner."
        case _:
            raise AssertionError(f"no decision in the {state.phase!r} phase")


def prompt_to_others(state) -> str:
    """The pending decision, said to everyone (nothing hidden in it)."""
    match state.phase:
        case "turn":
            return "claim a wand, use a wand, or take a card."
        case "block":
            return f"block {possessive(state.seat_name(state.claim.claimant))} claim, or pass."
        case "answer":
            return (f"put down {cards_text(state.claim.wand, state.suits, another=True)}, or "
                    "give up.")
        case "place":
            return f"put the {state.placing[0].size} goat back on a corner."
        case _:
            raise AssertionError(f"no decision in the {state.phase!r} phase")


def claim_words(state) -> dict[str, str]:
    """The claim going on, said for the board (all of it public, GG-R18), line by line:
    who ``wants`` which wand, who ``blocks`` (each blocker named once, with how many
    times), who ``passed`` since the latest card, and who is ``waiting`` to decide now.

        >>> from goatwidgets.games.gruff_goats import new_game
        >>> s = new_game(players=3, seed=1, names=["Ana", "You", "Cy"])
        >>> s.hands = [{"clubs": 0, "diamonds": 0, "hearts": 0, "spades": 2}] * 3
        >>> s.apply("claim big"); s.apply("block", seat=1)
        >>> list(claim_words(s).values())
        ['Ana wants the big goat wand (♠).', 'You blocked.', 'Ana answers now: put down another ♠, or give up?']
    """
    claim, name = state.claim, state.seat_name
    if claim is None:
        return {}
    signs = symbols(claim.wand, state.suits)
    claimant = name(claim.claimant)
    lines = {"wants": f"{says(claimant, 'wants', 'want')} {WAND_NAMES[claim.wand]} ({signs})."}
    blocks = claim.blocks
    if blocks:
        blockers = list(dict.fromkeys(blocks))
        times = "" if len(blocks) == 1 else f" {plural(len(blocks), 'time')}"
        lines["blocks"] = (f"{state.names_of(blockers)} blocked{times}"
                           f"{' in all' if len(blockers) > 1 else ''}.")
    if claim.passed:
        lines["passed"] = f"{state.names_of(claim.passed)} passed."
    if state.phase == "answer":
        lines["waiting"] = (f"{says(claimant, 'answers', 'answer')} now: put down another "
                            f"{signs}, or give up?")
    else:
        lines["waiting"] = (f"{says(name(claim.asked), 'decides', 'decide')} now: block "
                            "or pass?")
    return lines


# ---------------------------------------------------------------------- actions in words


def action_words(state, action, seat: int) -> str:
    """``action`` as the board and its buttons name it, said to ``seat``, who takes it in this
    position (``State.action_words``): wands by their names, squares by the board's names
    ("the north bridge"), a goat's step also by its way (north is up), cards by their suits.

        >>> from goatwidgets.games.gruff_goats import position
        >>> s = position(hands=["SSC", "HD"], goats=[{"big": "c5"}, {}], wands={"big": 0},
        ...              names=["Ana", "Bo"])
        >>> action_words(s, s.parse_action("move big b5"), 0)
        'move your big goat west onto the north side'
        >>> action_words(s, s.parse_action("draw"), 0)
        'take a card'
    """
    board, claim = state.board, state.claim
    match action.kind:
        case "draw":
            return "end your turn: take a card" if state.acted else "take a card"
        case "claim":
            holder = state.wands[action.wand]
            held = f" from {obj(state.seat_name(holder))}" if holder is not None else ""
            return (f"claim {WAND_NAMES[action.wand]}{held}, putting down "
                    f"{cards_text(action.wand, state.suits)}")
        case "block" if claim is not None:
            return (f"block {possessive(state.seat_name(claim.claimant))} claim to "
                    f"{WAND_NAMES[claim.wand]}, putting down {cards_text(claim.wand, state.suits)}")
        case "pass" if claim is not None:
            return (f"pass: let {possessive(state.seat_name(claim.claimant))} claim to "
                    f"{WAND_NAMES[claim.wand]} go on")
        case "again" if claim is not None:
            return (f"put down {cards_text(claim.wand, state.suits, another=True)} to claim "
                    f"{WAND_NAMES[claim.wand]} again")
        case "stop" if claim is not None:
            return f"give up your claim to {WAND_NAMES[claim.wand]}"
        case "block" | "pass" | "again" | "stop":
            return {"block": "block the claim", "pass": "pass: let the claim go on",
                    "again": "put down the same cards again", "stop": "give up the claim"}[
                action.kind]
        case "move":
            where = state.goats[seat][action.size]
            way = _way(board, where, action.square) if where is not None else ""
            troll = ", where a troll is" if action.square in state.trolls else ""
            return (f"move your {action.size} goat{' ' + way if way else ''} onto "
                    f"{board.name(action.square)}{troll}")
        case "troll":
            return (f"move the troll from {_square(board, action.origin)} to "
                    f"{_square(board, action.square)}")
        case "dragon" if action.seat is None:
            return (f"send the dragon to carry the troll from {_square(board, action.origin)} "
                    f"to {_square(board, action.square)}")
        case "dragon":
            whose = "your own" if action.seat == seat else possessive(
                state.seat_name(action.seat))
            return f"send the dragon to eat {whose} {action.size} goat"
        case _:
            return f"put your {action.size} goat back on {_square(board, action.square)}"


def _square(board, square: str) -> str:
    """A square by its name on the board ("the north bridge"); where a teacher's board gives
    several squares one name ("a bridge"), with its way from the Island too."""
    name = board.name(square)
    if sum(board.name(other) == name for other in board.squares) > 1:
        return f"{name} {_way(board, board.island, square)} of the Island"
    return name


def _way(board, start: str, end: str) -> str:
    """The way from square ``start`` to ``end`` on the board's picture: "north", "south-west"
    ("" if they are the same square)."""
    at = {q["id"]: (q["row"], q["col"]) for q in board.spec["squares"]}
    (r1, c1), (r2, c2) = at[start], at[end]
    up = "north" if r2 < r1 else "south" if r2 > r1 else ""
    across = "west" if c2 < c1 else "east" if c2 > c1 else ""
    return "-".join(w for w in (up, across) if w)


# ---------------------------------------------------------------------- views

def public_view(state) -> dict:
    """What everyone sees (GG-R18): the board, goats, trolls, the dragon's strike, wands,
    how many cards each hand holds, the piles, the claim and the goats waiting to go back;
    every hand too when hands are open (GG-X10)."""
    board, deck, phase = state.board, state.decks["deck"], state.phase
    claim = None
    if state.claim:
        c = state.claim
        claim = {"claimant": c.claimant, "wand": c.wand,
                 "cost": list(state.wand_costs[c.wand]), "tries": c.tries,
                 "blocks": list(c.blocks), "passed": list(c.passed),
                 "asked": c.asked,
                 "blocker": c.blocks[-1] if phase == "answer" else None,
                 "waiting": phase, "said": claim_words(state)}
    decider = state.deciders
    discards = Counter(deck.discards)
    return {
        "phase": phase,
        "turn": state.turn,
        "max_turns": state.max_turns,
        "current": state.current,
        "acted": state.acted,
        "many_actions": state.variants["many_actions"],
        "decision": {"seat": decider[0], "kind": phase} if decider else None,
        "target": state.target,
        "squares": [dict(s) for s in board.spec["squares"]],
        "links": [list(pair) for pair in board.spec["links"]],
        "corners": list(board.corners),
        "start_corners": state.start_corners,
        "island": board.island,
        "goats": [dict(g) for g in state.goats],
        "trolls": list(state.trolls),
        "dragon": {"strike": state.strike._asdict() if state.strike else None},
        "wands": dict(state.wands),
        "wand_suits": {w: list(state.wand_costs[w]) for w in WANDS},
        "hand_sizes": [sum(h.values()) for h in state.hands],
        "pile": deck.count,
        "discards": {"count": len(deck.discards), "top": deck.discards[-1]
                     if deck.discards else None,
                     "by_suit": {suit: discards[suit] for suit in SUITS}},
        "claim": claim,
        "placing": [{"seat": s, "size": size} for s, size in state.placing],
        **({"hands": [dict(h) for h in state.hands]} if state.variants["open_hands"] else {}),
    }


def private_view(state, seat: int) -> dict:
    """What only ``seat`` sees: its hand."""
    return {"hand": dict(state.hands[seat])}


# ---------------------------------------------------------------------- log lines

def _goat(state, seat: int, size: str) -> str:
    return f"{possessive(state.seat_name(seat), start=True)} {size} goat"


def line_claimed(state, seat: int, wand: str) -> str:
    return (f"{state.seat_name(seat)} claimed {WAND_NAMES[wand]}, putting down "
            f"{cards_text(wand, state.suits)}.")


def line_wand_taken(state, claimant: int, wand: str, before: int | None) -> str:
    taken = f" from {obj(state.seat_name(before))}" if before is not None else ""
    return f"Nobody blocked: {state.seat_name(claimant)} took {WAND_NAMES[wand]}{taken}."


def line_blocked(state, seat: int, wand: str) -> str:
    return f"{state.seat_name(seat)} blocked, putting down {cards_text(wand, state.suits)}."


def line_passed(state, seat: int) -> str:
    return f"{state.seat_name(seat)} did not block."


def line_cannot_block(state, seats: list[int], wand: str) -> str:
    """GG-X11: the seats that hold no cards to block with, with open hands."""
    names = [state.seat_name(s) for s in seats]
    who = says(names[0], "has", "have") if len(names) == 1 else f"{listed(names)} have"
    what = "not one card of each suit" if wand == "dragon" else f"no {state.suits[wand]} card"
    if len(names) > 1:
        asked = "they are"
    else:
        asked = "you are" if subject(names[0]) == "You" else f"{names[0]} is"
    return f"{who} {what} to block with, so {asked} not asked."


def line_tried_again(state, seat: int, wand: str) -> str:
    return (f"{state.seat_name(seat)} tried again, putting down "
            f"{cards_text(wand, state.suits)}.")


def line_gave_up(state, seat: int, wand: str) -> str:
    return f"{state.seat_name(seat)} gave up: {WAND_NAMES[wand]} stays where it was."


def line_goat_stepped(state, seat: int, size: str, square: str) -> str:
    """A goat wand used: the goat reached the Island, met a troll, or just stepped."""
    board = state.board
    if square == board.island:
        return (f"{_goat(state, seat, size)} reached the Island: 1 point for "
                f"{obj(state.seat_name(seat))}!")
    if square in state.trolls:
        return (f"{_goat(state, seat, size)} stepped onto {board.name(square)}, and the "
                "troll there ate it!")
    return f"{_goat(state, seat, size)} stepped onto {board.name(square)}."


def line_troll_moved(state, seat: int, origin: str, square: str, dragon: bool) -> str:
    """A troll moved by the troll wand, or carried by the dragon (GG-R19)."""
    board = state.board
    what = (f"{possessive(state.seat_name(seat), start=True)} dragon carried a troll" if dragon
            else f"{state.seat_name(seat)} moved a troll")
    return f"{what} from {board.name(origin)} to {board.name(square)}."


def line_troll_ate(state, owner: int, size: str) -> str:
    return f"The troll ate {possessive(state.seat_name(owner))} {size} goat!"


def line_dragon_ate(state, seat: int, owner: int, size: str, square: str) -> str:
    return (f"{state.seat_name(seat)} sent the dragon: it ate "
            f"{possessive(state.seat_name(owner))} {size} goat on {state.board.name(square)}!")


def line_put_back(state, seat: int, size: str, square: str) -> str:
    return f"{state.seat_name(seat)} put the {size} goat back on {state.board.name(square)}."


LINE_RESHUFFLED = "The discard pile was shuffled into a new draw pile."


def line_no_card(state, seat: int) -> str:
    return f"No cards are left, so {state.seat_name(seat)} took none."


def lines_card_taken(state, seat: int, card: str) -> tuple[str, dict[int, str] | None]:
    """The line everyone reads, and the taker's own line (None with open hands, GG-X10,
    where everyone sees the card)."""
    if state.variants["open_hands"]:
        return f"{state.seat_name(seat)} took a {card} card.", None
    return f"{state.seat_name(seat)} took a card.", {seat: f"You took a {card} card."}


def line_end(state) -> str:
    """The game's last line: who won, or a draw at the turn guard (GG-R13)."""
    if state.winners:
        return (f"{says(state.seat_name(state.winners[0]), 'wins', 'win')} with "
                f"{plural(state.target, 'point')}!")
    return f"No winner after {state.turn} turns: the game is a draw."
