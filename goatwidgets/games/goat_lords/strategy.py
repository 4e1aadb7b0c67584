"""Goat Lords: how the bots judge a position (issue 26), as functions of the state.

The ``casual`` bot takes the action after which :func:`heuristic` looks best for its seat; the
``strong`` bot's search (:mod:`goatwidgets.engine.estimate`) plays trials of ``SEARCH_DEPTH``
decisions by :func:`quick_choice` on copies re-dealt from the seat's information, then scores
them by :func:`heuristic` over ``HEURISTIC_SCALE``. Everything here reads a state the seat may
see (a re-dealt copy holds guesses where the seat can't look).

    >>> from goatwidgets.games.goat_lords import new_game
    >>> s = new_game(players=2, seed=1)
    >>> heuristic(s, 0) == s.heuristic(0)
    True
    >>> str(quick_choice(s, 0, random.Random(0))) in map(str, s.legal_actions(0))
    True
"""

from __future__ import annotations

import random
from collections import Counter

from ...engine import State
from ...engine.coach import Reason
from ...engine.words import obj, possessive, verb
from ...engine.words import plural as words_plural
from .actions import Action
from .cards import DRAWS, IS_ACTION, IS_GOAT, IS_WILD, full_deck, plural

#: the estimator plays four decisions after a candidate (enough to see the answers to a
#: duel or the next player's turn; deeper trials only add the noise of more draws)
SEARCH_DEPTH = 4

#: fitted to seeded two-player games of the playout policy: a heuristic lead of this much
#: makes a seat's odds e times the other's (less near the end, more at the start; the fit:
#: the README's "How the bots were tuned")
HEURISTIC_SCALE = 190.0

#: the attacker's chance to win a duel by how many cards it can put in (matching goats and
#: wilds): the defender rarely holds more (a hand of 5 holds about one matching card or wild)
DUEL_ODDS = (0.0, 0.6, 0.9, 0.97, 0.99)

#: a wild kept in the hand wins duels: spending it on a new stack costs this much
WILD_KEPT = 8.0

#: an Assisted Birth takes a card off the discard pile for one card of the hand
ASSIST_GAIN = 6.0

#: what playing an action card is worth where it needs no look at the table
CARD_PLAY_WORTH = {"flower": 30.0, "santy": 28.0, "loaf": 12.0, "hood": 12.0, "rain": 0.0}

#: what keeping a face-down card is worth (the least is trashed first)
CARD_KEEP_WORTH = {"flower": 30, "santy": 25, "escape": 20, "hood": 15, "hypno": 15,
                   "loaf": 12, "atomic": 10, "sneak": 5, "rain": 5, "russian": 0}

#: the random part of a playout's choice (so that the trials try other lines too)
QUICK_NOISE = 4.0


def heuristic(state: State, seat: int) -> float:
    """Herd lead first; then what the hand and face-down cards promise."""
    if state.over:
        return 10_000.0 if seat in state._winners else -10_000.0
    value = float(state.score_lead(seat))
    hand = state.hands[seat] + state.aside[seat]
    value += 0.3 * sum(state.value(c) for c in hand)
    value += 8.0 * len(state.action_cards[seat])
    if state.herds[seat]:
        value += 5.0 + 2.0 * len(state.herds[seat])
    duel = state.duel
    if duel is not None and seat in (duel.attacker, duel.defender):
        value += 0.5 * sum(state.value(c) for _, c in duel.cards)
    return value


def stack_value(state: State, stack: list[str]) -> int:
    return sum(state.value(c) for c in stack)


def top_value(state: State, seat: int) -> int:
    """The points in ``seat``'s top stack (0 without a herd)."""
    herd = state.herds[seat]
    return stack_value(state, herd[-1]) if herd else 0


def quick_choice(state: State, seat: int, rng: random.Random) -> Action:
    """A fast decision for the estimator's playouts, from what ``seat`` sees (its hand and
    face-down cards, the table, how many cards the others hold): on its turn the action
    worth most by rule of thumb (:meth:`_worth`, plus a little noise so that trials vary);
    an answer by :meth:`_quick_answer`."""
    actions = state.legal_actions(seat)
    if len(actions) == 1:
        return actions[0]
    if state.pending is not None:
        return _quick_answer(state, seat, actions)
    counts = Counter(state.hands[seat])
    discards = state.decks["draw"].discards
    top = discards[-1] if discards else None
    return max(actions, key=lambda a: _worth(state, a, seat, counts, top)
               + QUICK_NOISE * rng.random())


def _worth(state: State, action: Action, seat: int, counts: Counter, top: str | None) -> float:
    """Roughly how many points ``action`` gains ``seat`` on its turn: a new stack its
    cards (less a wild's worth in duels), an Assisted Birth a card more, a duel its chance
    times what changes hands, a discard a little loss (less for a card without a pair),
    an action card its effect (:meth:`_card_worth`)."""
    value = state.value
    match action.kind:
        case "birth":
            spent = WILD_KEPT if action.card2 in IS_WILD else 0.0
            return value(action.card) + value(action.card2) - spent
        case "assist":
            spent = WILD_KEPT if action.card in IS_WILD else 0.0
            return value(action.card) + value(top) + ASSIST_GAIN - spent
        case "duel":
            return _duel_worth(state, action, counts)
        case "discard":
            return -5.0 - value(action.card) * (0.3 if counts[action.card] == 1 else 1.0)
        case "end":
            return -3.0
        case _:
            return _card_worth(state, action, seat)


def _duel_worth(state: State, action: Action, counts: Counter) -> float:
    """A duel: with the chance of ``DUEL_ODDS`` for the cards the attacker can put in,
    it takes the top stack and about a card and a half of the defender's; else it gives
    those cards away."""
    kind = state.top_kind(action.target)
    cards = counts[kind] + sum(counts[w] for w in IS_WILD)
    chance = DUEL_ODDS[min(cards, len(DUEL_ODDS) - 1)]
    stake = top_value(state, action.target)
    cost = 1.5 * state.value(kind)
    spent = WILD_KEPT if action.card in IS_WILD else 0.0
    return chance * 2 * (stake + cost) - (1 - chance) * 2 * cost - spent


def _card_worth(state: State, action: Action, seat: int) -> float:
    """Playing an action card: Atomic Goat is worth the stack it trashes, Hypnotized Goat
    more against a fuller hand, Sneak-A-Goat little, Russian Goatlette the stack it brings
    less the one it gives; the others a fixed worth (``CARD_PLAY_WORTH``)."""
    match action.kind:
        case "atomic":
            return top_value(state, action.target) - 10.0
        case "hypno":
            return 8.0 + 3.0 * len(state.hands[action.target])
        case "sneak":
            return 0.3 * stack_value(state, state.herds[action.target][action.stack - 1]) - 10
        case "russian":
            giver = state.seats_from(seat)[-1 if action.direction == "left" else 1]
            return top_value(state, giver) - top_value(state, seat) - 5.0
        case kind:
            return CARD_PLAY_WORTH[kind]


def _quick_answer(state: State, seat: int, actions: list[Action]) -> Action:
    """Answers in the playouts: a duel by :meth:`_quick_duel_answer`; Escape Goat against
    Hypnotized Goat, Loaf of Goat, or Atomic Goat on a stack of 20 points or more; trash
    the face-down card worth least; toss the cheapest card, one without a pair first;
    keep or take the card worth most."""
    by_kind = {a.kind: a for a in actions}
    pending = state.pending
    match pending.kind:
        case "duel":
            return _quick_duel_answer(state, seat, actions, by_kind)
        case "escape":
            card = pending.card
            wanted = card in ("hypno", "loaf") or (card == "atomic"
                                                    and top_value(state, seat) >= 20)
            return by_kind["escape"] if wanted and "escape" in by_kind else by_kind["allow"]
        case "trash":
            return min(actions, key=lambda a: CARD_KEEP_WORTH[a.card])
        case "toss":
            counts = Counter(state.hands[seat])
            return min(actions, key=lambda a: state.value(a.card) * min(counts[a.card], 2))
        case _:                                                         # keep, take
            return max(actions, key=lambda a: state.value(a.card))


def _quick_duel_answer(state: State, seat: int, actions: list[Action], by_kind: dict) -> Action:
    """In a duel: Escape Goat for a stake of 30 points or more; else a matching goat;
    else the cheapest wild if the stake is worth it; else pass."""
    duel = state.duel
    stake = top_value(state, duel.defender) + sum(state.value(c) for _, c in duel.cards)
    if "escape" in by_kind and stake >= 30:
        return by_kind["escape"]
    plays = [a for a in actions if a.kind == "play"]
    for action in plays:
        if action.card in IS_GOAT:
            return action
    wilds = sorted((a for a in plays if a.card in IS_WILD), key=lambda a: state.value(a.card))
    if wilds and stake >= 1.2 * state.value(wilds[0].card):
        return wilds[0]
    return by_kind["pass"]


# ---- the coach's reasons (goatwidgets.engine.sure): what an action does, by the rules

def reasons(before: State, after: State, action: Action, seat: int) -> list[Reason]:
    """What ``action`` does, said only where ``seat`` can be sure of it whatever the cards it
    can't see are (``before`` is a copy re-dealt for ``seat``, ``after`` that copy after the
    action; :mod:`goatwidgets.engine.sure`): a new stack and its points (GL-R8, GL-R28), a
    duel started on a top stack (GL-R10), points a rival's herd lost (Russian Goatlette, a
    duel's answer: GL-R11, GL-R18), all read off the public herds. An action card's effect
    is said with what it depends on: a top stack trashed (GL-R15) or a turn taken away
    (GL-R21) "unless Bo cancels it with an Escape Goat" where the target holds face-down
    cards and an Escape Goat is still unseen (GL-R14), cards drawn (GL-R3) likewise for any
    opponent who may cancel it (GL-R27), and only where the draw pile holds enough goat
    cards whatever its order. Goatinhood (it looks into the hands) and Hypnotized Goat (a
    card at random) say nothing."""
    found = []
    kind = action.kind
    if kind in ("birth", "assist") and len(after.herds[seat]) > len(before.herds[seat]):
        stack = after.herds[seat][-1]
        names = (plural(stack[0], len(stack)) if len(set(stack)) == 1
                 else " and ".join(plural(c, 1) for c in stack))
        found.append(Reason("stack", f"makes a new stack of {names} worth "
                             f"{stack_value(after, stack)} points",
                             "GL-R8" if kind == "birth" else "GL-R28"))
    elif kind == "duel":
        target = action.target
        found.append(Reason("duel", f"challenges {possessive(before.seat_name(target))} top "
                            f"stack, worth {top_value(before, target)} points, to a duel",
                            "GL-R10"))
    elif kind == "atomic":
        found.append(Reason("trash", f"trashes {possessive(before.seat_name(action.target))} "
                            f"top stack, worth {top_value(before, action.target)} points"
                            + _unless_cancelled(before, seat, [action.target]), "GL-R15"))
    elif kind == "loaf":
        found.append(Reason("skip", f"takes away {possessive(before.seat_name(action.target))} "
                            "next turn" + _unless_cancelled(before, seat, [action.target]),
                            "GL-R21"))
    elif kind in ("santy", "flower") and _goats_in_pile(before, seat) >= DRAWS[kind]:
        askers = [t for t in before.seats_from(seat)[1:] if before.action_cards[t]]
        found.append(Reason("draw", f"draws {words_plural(DRAWS[kind], 'card')}"
                            + _unless_cancelled(before, seat, askers), "GL-R3"))
    if kind in ("atomic", "duel", "hood") or after.round != before.round:
        return found
    for other in range(before.players):
        lost = before.herd_value(other) - after.herd_value(other)
        if other != seat and lost > 0:
            found.append(Reason("points", f"takes {lost} points from "
                                f"{possessive(before.seat_name(other))} herd", None))
    return found


def decided(before: State, after: State, action: Action, seat: int) -> bool:
    """Whether the rules carried out ``action`` reading nothing ``seat`` can't see (the
    engine's :func:`~goatwidgets.engine.sure.decided` adds chance and secret choices): every
    action but Goatinhood, which looks into the hands for a wild (GL-R20). Who is asked to
    answer a duel or an action card goes by public counts (GL-X3)."""
    return action.kind != "hood"


def shows(before: State, after: State, action: Action, seat: int) -> bool:
    """Whether ``seat``'s ``action`` put before it a card it could not see: Goatinhood looks
    into the hands for a wild (GL-R20), a Hypnotized Goat takes a card from another hand, at
    random or chosen from it shown (GL-R16); every other action moves only cards the seat
    sees (draws are chance: the engine's part)."""
    return action.kind in ("hood", "hypno", "take")


def unseen_escapes(state: State, seat: int) -> int:
    """The Escape Goats ``seat`` has not seen go out of play: the game's three (GL-R1) less
    those in the trash (public, GL-R5), in the box and among its own face-down cards."""
    return max(0, full_deck()["escape"] - state.box.count("escape")
               - state.trash.count("escape") - state.action_cards[seat].count("escape"))


def _unless_cancelled(state: State, seat: int, askers: list[int]) -> str:
    """", unless Bo cancels it with an Escape Goat" where one of ``askers`` (the seats the
    card's player asks, GL-R14, GL-R27) holds face-down cards that may be one; "" where none
    can: no face-down cards (GL-X3), Raining Fire-Goats this turn (GL-R19), or every Escape
    Goat seen."""
    able = [t for t in askers if state.action_cards[t]]
    if not able or state.rain or not unseen_escapes(state, seat):
        return ""
    if len(able) == 1:
        name = state.seat_name(able[0])
        return f", unless {obj(name)} {verb(name, 'cancels', 'cancel')} it with an Escape Goat"
    return ", unless another player cancels it with an Escape Goat"


def _goats_in_pile(state: State, seat: int) -> int:
    """The fewest goat and wild cards the draw pile can hold, by what ``seat`` knows: its
    size less every action card not seen elsewhere (face down in front of a player, in the
    trash or the box: GL-R5, GL-R6)."""
    pile = len(state.decks["draw"].pile)
    placed = sum(len(cards) for cards in state.action_cards)
    placed += sum(1 for c in state.trash + state.box if c in IS_ACTION)
    unplaced = sum(n for card, n in full_deck().items() if card in IS_ACTION) - placed
    return pile - min(pile, max(0, unplaced))
