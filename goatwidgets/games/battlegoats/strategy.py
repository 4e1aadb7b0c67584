"""BattleGoats: how the bots judge a position (issue 26), as functions of the state.

A seat's cards are worth their powers, the strongest counting most (``TOP``, then ``DECAY``
times less for each next one, ``FLAT`` each, ``BOOM`` for a card that explodes); the seat
about to attack adds ``HALF`` its best odds. In a copy re-dealt for a seat's guess
(``state.guesser``), the cards that seat can't see count as what it may expect of unseen
cards (:func:`expected_powers`), not as the cards dealt to the copy, so the bots never judge
by cards they could not know. :func:`quick_choice` plays the ``strong`` bot's trials and
:func:`candidates` names the actions its search tries: in the layout only the placement of
:func:`layout_plan` (the arrangement of the whole hand whose powers count most), in the battle
only the fight of :func:`best_fight` (so ``strong`` searches only the draft's picks).

    >>> from goatwidgets.games.battlegoats import new_game
    >>> s = new_game(players=2, seed=1)
    >>> heuristic(s, 0) == s.heuristic(0)
    True
    >>> str(quick_choice(s, 0, random.Random(0))) in map(str, s.legal_actions(0))
    True
"""

from __future__ import annotations

import math
import random
from bisect import bisect_left, bisect_right
from collections import Counter
from dataclasses import dataclass

from ...engine import State
from ...engine.coach import Reason
from ...engine.words import obj, possessive
from .actions import IN_FRONT, INDEX, NEIGHBOURS, SIZE, SQUARES, Action, make, square_words
from .cards import DeckList
from .saves import HAND, others_cards

#: the bots' weights (:meth:`heuristic`), fitted to bots' games
TOP, DECAY, FLAT, BOOM, HALF = 5.1, 0.5, 0.55, 8.5, 2.5

WORTH = 6.0                     # _odds: a card counts 1 + its power / WORTH

HEURISTIC_SCALE = 20.0          # heuristic() counts tenths of a logit, for two seats

#: the strong bot's playouts: 12 decisions (about three turns of each of two players), then
#: heuristic(). The search covers the draft only: searching the battle's fights too looked
#: better on the seeds it was tuned on than on fresh ones (issue 33), and :func:`best_fight`
#: in their place played at least as well in far less time. The figures: the README's "How
#: the bots were tuned"; its ladder table gives the share on held-out seeds (``ladder.HELD_OUT``)
SEARCH_DEPTH = 12

#: per deck (by identity, with the deck kept): what the bots guess about its cards
_GUESSES: dict[int, tuple[DeckList, dict]] = {}


def _printed(card) -> int:
    """A card's power in print, every bonus counted once (how the bots rate a draft pick)."""
    return card.power + sum(m.amount for m in card.modifiers)


def _guesses(catalog: DeckList) -> dict:
    kept = _GUESSES.get(id(catalog))
    if kept is None or kept[0] is not catalog:
        if len(_GUESSES) > 32:
            _GUESSES.clear()
        kept = _GUESSES[id(catalog)] = (catalog, {})
    return kept[1]


def exploding(catalog: DeckList) -> frozenset:
    """The ids of the deck's cards that explode."""
    guesses = _guesses(catalog)
    ids = guesses.get("explodes")
    if ids is None:
        ids = guesses["explodes"] = frozenset(c.id for c in catalog.cards if c.has("explodes"))
    return ids


def unseen_powers(catalog: DeckList, front: int, near: int) -> tuple[list, list, list, list]:
    """The powers a card nobody has seen may have on a square with ``front`` cards in front
    of it and ``near`` neighbours, as the bots guess them from the deck (one card in nine a
    Hero, as dealt; a bonus for neighbours of a type by that type's share of the deck, a
    bonus with a card by the chance that one of eight cards is it; face down: no face-up
    bonus): the sorted powers, the share of cards below each index (``below[k]``: the share
    of ``powers[:k]``), the share of exploding cards below it, and the power they hold
    (each card's power times its share)."""
    guesses = _guesses(catalog)
    table = guesses.get((front, near))
    if table is not None:
        return table
    heroes = catalog.count("Hero")
    plain = catalog.count() - heroes
    weight = {True: 1 / (HAND + 1) / heroes, False: HAND / (HAND + 1) / plain}
    share: Counter = Counter()
    names: Counter = Counter()
    for card in catalog.cards:
        share[card.type] += weight[card.is_hero] * card.copies
        names[card.name] += card.copies
    rows = []
    for card in catalog.cards:
        value = float(card.power)
        for m in card.modifiers:
            match m.kind:
                case "per_card_in_front":
                    value += m.amount * front
                case "per_adjacent" if m.type is None:
                    value += m.amount * near
                case "per_adjacent":
                    value += m.amount * near * share[m.type]
                case "with_card":
                    others = names[m.card] - (m.card == card.name)
                    value += m.amount * min(1.0, HAND * others / plain)
        rows.append((round(value), weight[card.is_hero] * card.copies, card.has("explodes")))
    rows.sort()
    powers, below, boom, mass = [], [0.0], [0.0], [0.0]
    for value, w, explodes in rows:
        powers.append(value)
        below.append(below[-1] + w)
        boom.append(boom[-1] + w * explodes)
        mass.append(mass[-1] + w * value)
    table = guesses[front, near] = (powers, below, boom, mass)
    return table


def expected_powers(catalog: DeckList, front: int, near: int, k: int) -> tuple[list, float]:
    """What ``k`` cards nobody has seen may be expected to hold, on squares with ``front``
    cards in front and ``near`` neighbours (:func:`unseen_powers`): the expected powers of
    the strongest, the second strongest… of ``k`` such cards, and the share of cards that
    explode."""
    guesses = _guesses(catalog)
    key = ("expected", front, near, k)
    found = guesses.get(key)
    if found is not None:
        return found
    powers, below, boom, _ = unseen_powers(catalog, front, near)
    values = sorted(set(powers))
    at_least = [1.0 - below[bisect_left(powers, v)] for v in values]   # P(power >= v)
    expected = []
    for r in range(1, k + 1):       # the r-th strongest of k: at least r of them >= v
        def p_top(p):
            return sum(math.comb(k, j) * p ** j * (1 - p) ** (k - j) for j in range(r, k + 1))
        mean = values[0]
        for lower, v, p in zip(values, values[1:], at_least[1:]):
            mean += (v - lower) * p_top(p)
        expected.append(mean)
    found = guesses[key] = (expected, boom[-1])
    return found


def candidates(state: State, seat: int, rng: random.Random | None = None) -> list[Action] | None:
    """The actions the ``strong`` bot's search tries (the engine asks, on a copy re-dealt
    for ``seat``): in the layout, the one placement of :func:`layout_plan` (300 trials
    spread over up to 81 placements, scored a few placements later, told them apart by
    luck); naming the first attacker, itself (BG-R8); in the battle, the one fight of
    :func:`best_fight` (the search's trials, a few playouts deep, told ~80 fights apart
    worse than this one look ahead over ``FIGHT_DEALS`` re-deals: see ``SEARCH_DEPTH``);
    else every legal action (None).

        >>> from goatwidgets.games.battlegoats import new_game
        >>> s = new_game(players=2, seed=1)
        >>> [a.kind for a in candidates(s, 0)], candidates(s, 0) == candidates(s, 0)
        (['place'], True)
    """
    match state.phase:
        case "layout":
            plan = layout_plan(state, seat)
            i = state.fields[seat].index(None)
            return [make("place", card=plan[i], square=SQUARES[i])]
        case "first":
            return [make("first", seat=seat)]
        case "battle":
            mine, owner, target = best_fight(state, seat, rng or random.Random(0))
            if state.aim is None:
                return [make("attack", square=SQUARES[mine])]
            return [make("target", seat=owner, target=SQUARES[target])]
    return None


#: :func:`best_fight` judges each fight on this many re-deals of what the seat can't see
FIGHT_DEALS = 8


def best_fight(state: State, seat: int, rng: random.Random) -> tuple[int, int, int]:
    """The fight (``seat``'s square, the other seat, its square) whose result scores best
    by :func:`heuristic` for ``seat``, on average over ``FIGHT_DEALS`` copies re-dealt from
    what ``seat`` knows (every fight judged on the same copies); with a card chosen to
    attack (BG-X11), only that card's fights.

        >>> from goatwidgets.games.battlegoats import new_game
        >>> s = new_game(players=2, seed=3)
        >>> while s.phase != "battle":
        ...     _ = s.apply(candidates(s, s.deciders[0])[0], seat=s.deciders[0])
        >>> mine, owner, target = best_fight(s, s.deciders[0], random.Random(0))
        >>> owner != s.deciders[0] and s.fields[owner][target] is not None
        True
    """
    worlds = [state.redealt(seat, rng) for _ in range(FIGHT_DEALS)]
    best, best_value = None, -math.inf
    for i in _attackers(state, seat):
        for owner, j in _targets(state, seat):
            value = 0.0
            for world in worlds:
                trial = world.clone()
                if trial.aim is None:
                    trial.apply(make("attack", square=SQUARES[i]), seat=seat)
                trial.apply(make("target", seat=owner, target=SQUARES[j]), seat=seat)
                value += trial.heuristic(seat)
            if value > best_value:
                best, best_value = (i, owner, j), value
    return best


def _attackers(state: State, seat: int) -> list[int]:
    """``seat``'s squares that may attack now: the chosen card's (BG-X11), else every card's."""
    if state.aim is not None:
        return [INDEX[state.aim]]
    return [i for i, card in enumerate(state.fields[seat]) if card is not None]


def _targets(state: State, seat: int) -> list[tuple[int, int]]:
    """(other seat, square) of every card ``seat`` may attack (BG-R9)."""
    return [(owner, j) for owner in range(state.players) if owner != seat
            for j, card in enumerate(state.fields[owner]) if card is not None]


def layout_plan(state: State, seat: int, starts: int = 6) -> list:
    """Where ``seat``'s cards in hand go on its free squares (a full battlefield, as a list
    of card ids by square): the arrangement whose powers score best as the heuristic
    counts a battlefield (``TOP``, ``DECAY``, ``FLAT``: the strongest cards counting most;
    BG-R2's bonuses for cards in front and neighbours counted on the full battlefield),
    found by swapping two cards while that helps, from the cards sorted by base power and
    from ``starts - 1`` shuffles (seeded by the cards: the same hand, the same plan). Only
    the seat's own cards are read."""
    field = list(state.fields[seat])
    hand = sorted(state.hands[seat])
    plans = _guesses(state.catalog).setdefault("plans", {})
    key = (seat, tuple(field), tuple(hand))
    found = plans.get(key)
    if found is not None:
        return found
    free = [i for i in range(SIZE) if field[i] is None]
    rng = random.Random(",".join(map(str, key[1] + key[2])))
    best, best_value = None, None
    for start in range(starts):
        order = list(hand)
        if start:
            rng.shuffle(order)
        else:
            order.sort(key=lambda c: -state.cards[c].power)
        trial = list(field)
        for i, c in zip(free, order):
            trial[i] = c
        value = _field_worth(state, seat, trial)
        better = True
        while better:
            better = False
            for a, i in enumerate(free):
                for j in free[a + 1:]:
                    if trial[i] == trial[j]:
                        continue
                    trial[i], trial[j] = trial[j], trial[i]
                    swapped = _field_worth(state, seat, trial)
                    if swapped > value + 1e-9:
                        value, better = swapped, True
                    else:
                        trial[i], trial[j] = trial[j], trial[i]
        if best_value is None or value > best_value:
            best, best_value = list(trial), value
    if len(plans) > 4096:
        plans.clear()
    plans[key] = best
    return best


def _field_worth(state: State, seat: int, field: list) -> float:
    """The powers of ``seat``'s cards laid as ``field``, weighted as :func:`_army` weighs
    them (the strongest ``TOP``, each next ``DECAY`` times less, ``FLAT`` each)."""
    kept, state.fields[seat] = state.fields[seat], field
    try:
        powers = sorted((state.power(seat, i) for i in range(SIZE) if field[i] is not None),
                        reverse=True)
    finally:
        state.fields[seat] = kept
    value, weight = 0.0, TOP
    for p in powers:
        value += (weight + FLAT) * p
        weight *= DECAY
    return value


def quick_choice(state: State, seat: int, rng: random.Random) -> Action:
    """The search's playouts (:mod:`goatwidgets.engine.estimate`): a quick decision from
    what ``seat`` may know. Draft: the card with the most power in print; layout: the best
    of a few placements by power; first attacker: oneself; battle: the pair (own card,
    target) with the best odds (:meth:`_odds`), then that target."""
    match state.phase:
        case "draft":
            return max(state.legal_actions(seat), key=lambda a: _printed(state.cards[a.card]))
        case "layout":
            return _quick_place(state, seat, rng)
        case "first":
            return make("first", seat=seat)
        case "battle":
            return _quick_attack(state, seat, rng)
    return state.uniform_choice(seat, rng)


def _quick_place(state: State, seat: int, rng: random.Random, tries: int = 4) -> Action:
    """The placement that adds the most power, of ``tries`` drawn at random."""
    actions = state.legal_actions(seat)
    if len(actions) > tries:
        actions = rng.sample(actions, tries)
    field = state.fields[seat]
    before = _strength(state, seat)
    best, best_gain = actions[0], None
    for action in actions:
        i = INDEX[action.square]
        field[i] = action.card
        gain = _strength(state, seat) - before
        field[i] = None
        if best_gain is None or gain > best_gain:
            best, best_gain = action, gain
    return best


def _quick_attack(state: State, seat: int, rng: random.Random) -> Action:
    """Attack with the card and at the target with the best odds (:meth:`_odds`; ties
    drawn at random)."""
    mine = _attackers(state, seat)
    powers = {i: state.power(seat, i) for i in mine}
    best, best_value = [], None
    for o, j in _targets(state, seat):
        for i, value in zip(mine, _odds(state, seat, mine, o, j, powers)):
            if best_value is None or value > best_value:
                best, best_value = [(i, o, j)], value
            elif value == best_value:
                best.append((i, o, j))
    i, o, j = best[0] if len(best) == 1 else rng.choice(best)
    if state.aim is None:
        return make("attack", square=SQUARES[i])
    return make("target", seat=o, target=SQUARES[j])


def _odds(state: State, seat: int, mine: list[int], other: int, target: int,
          powers: dict | None = None) -> list[float]:
    """How good an attack by each of ``seat``'s cards on the squares ``mine`` at
    ``other``'s card on ``target`` looks to ``seat``: the chance the target falls minus
    the chance its own card falls. A card ``seat`` can't see is judged by the powers an
    unseen card may have on that square (:func:`unseen_powers`). ``powers``: the powers of
    ``seat``'s cards, if counted already."""
    booms, worth = exploding(state.catalog), WORTH
    field = state.fields[seat]
    if state.sees(seat, other, target):
        d_explodes = state.fields[other][target] in booms
        out = []
        for i in mine:
            pa = state.power(seat, i, (other, target))
            pd = state.power(other, target, (seat, i))
            falls, lost = pa >= pd or field[i] in booms, pa <= pd or d_explodes
            out.append(falls * (1 + pd / worth) - lost * (1 + pa / worth))
        return out
    theirs = state.fields[other]
    front = sum(theirs[i] is not None for i in IN_FRONT[target])
    near = sum(theirs[i] is not None for i in NEIGHBOURS[target])
    guesses, below, boom, mass = unseen_powers(state.catalog, front, near)
    out = []
    for i in mine:
        pa = state.power(seat, i) if powers is None else powers[i]
        k, k2 = bisect_left(guesses, pa), bisect_right(guesses, pa)
        if field[i] in booms:                       # whatever it fights falls
            falls, fallen = 1.0, mass[-1]
        else:
            falls, fallen = below[k2], mass[k2]
        lost = 1.0 - below[k] + boom[k]
        out.append(falls + fallen / worth - lost * (1 + pa / worth))
    return out


def _strength(state: State, seat: int) -> float:
    """The sum of the powers of ``seat``'s cards on the battlefield."""
    return float(sum(state.power(seat, i) for i, c in enumerate(state.fields[seat])
                     if c is not None))


def _army(state: State, seat: int) -> float:
    """How strong ``seat``'s cards look to the bots (in tenths of a logit of winning, as
    fitted to bots' games): the powers from the strongest down, weighted ``TOP``, then
    half as much for each next one, plus ``FLAT`` each; ``BOOM`` for each card that
    explodes. Cards still in hand count with their power in print. In a copy re-dealt
    for a seat's guess, the others' cards that seat can't see count as what it can
    expect of them (:func:`expected_powers`), not as the cards dealt to the copy."""
    field, hand = state.fields[seat], state.hands[seat]
    booms = exploding(state.catalog)
    guesser = state.guesser
    if guesser is None or guesser == seat:
        cells = [i for i, c in enumerate(field) if c is not None]
        powers = [state.power(seat, i) for i in cells] + [state.cards[c].power for c in hand]
        value = BOOM * (sum(field[i] in booms for i in cells)
                             + sum(c in booms for c in hand))
    else:
        cells = [i for i, c in enumerate(field)
                 if c is not None and state.sees(guesser, seat, i)]
        hidden = [i for i, c in enumerate(field) if c is not None and i not in cells]
        powers = [state.power(seat, i) for i in cells]
        value = BOOM * sum(field[i] in booms for i in cells)
        unseen = len(hidden) + len(hand)
        if unseen:
            front, near = 1, 3                          # a square of a full battlefield
            if hidden and not hand:                     # their squares, on average
                front = int(0.5 + sum(sum(field[j] is not None for j in IN_FRONT[i])
                                      for i in hidden) / len(hidden))
                near = int(0.5 + sum(sum(field[j] is not None for j in NEIGHBOURS[i])
                                     for i in hidden) / len(hidden))
            guess, share = expected_powers(state.catalog, front, near, unseen)
            powers += guess
            value += BOOM * share * unseen
    powers.sort(reverse=True)
    weight = TOP
    for p in powers:
        value += (weight + FLAT) * p
        weight *= DECAY
    return value


def heuristic(state: State, seat: int) -> float:
    """How much better ``seat`` stands than the strongest rival (:meth:`_standing`); a
    draft counts the pick made."""
    if state.phase == "over":
        return 1000.0 if seat in state.winners else -1000.0
    bonus = 0.0
    choice = state._chosen.get(seat)
    if choice is not None and choice.kind == "pick":
        card = state.cards[choice.card]
        bonus = card.power + sum(m.amount for m in card.modifiers)
    if state.phase == "draft":
        return bonus
    standing = _standings(state)
    return standing[seat] - max(standing[s] for s in range(state.players) if s != seat)


def _standings(state: State) -> list[float]:
    """Every seat's :meth:`_standing`, counted once per position (the search asks the
    heuristic of every seat in turn): kept with the journal's length and last entry,
    and forgotten when the position is loaded, undone or re-dealt."""
    journal = state._journal
    key = (len(journal), id(journal[-1]) if journal else None)
    kept = state.__dict__.get("_kept_standings")
    if kept is not None and kept[0] == key:
        return kept[1]
    standing = [_standing(state, s) for s in range(state.players)]
    state.__dict__["_kept_standings"] = (key, standing)
    return standing


def _standing(state: State, seat: int) -> float:
    """``seat``'s cards (:meth:`_army`) and, for the attacker, ``HALF`` its best odds
    (:meth:`_odds`; with the card it chose, if it chose one): the attack to come is
    worth about ``2 * HALF`` times its odds, and half of that is the attacker's edge, the
    other half comes back in the reply. A change of mind costs 100 (bots commit)."""
    value = _army(state, seat)
    if state.phase == "battle" and state.current == seat:
        mine = ([INDEX[state.aim]] if state.aim is not None
                else [i for i, c in enumerate(state.fields[seat]) if c is not None])
        value += HALF * _best_odds(state, seat, mine) - 100.0 * state.changes
    return value


def _best_odds(state: State, seat: int, mine: list[int]) -> float:
    """The best odds (:meth:`_odds`) of an attack by one of ``seat``'s cards on the
    squares ``mine`` against any target."""
    powers = {i: state.power(seat, i) for i in mine}
    return max(max(_odds(state, seat, mine, o, j, powers)) for o in range(state.players)
               if o != seat for j, c in enumerate(state.fields[o]) if c is not None)


# ------------------------------------------------------------------ the coach's reasons (issue 27)

#: the most cards a face-down target may be for the coach to say an attack's result for each
CASES = 3


def reasons(before: State, after: State, action: Action, seat: int) -> list[Reason]:
    """What ``action`` does, said only where ``seat`` can be sure of it whatever the cards it
    can't see are (``before`` is a copy re-dealt for ``seat``, ``after`` that copy after the
    action; :mod:`goatwidgets.engine.sure`):

    - an attack's result (BG-R9; a card that explodes, BG-R2; a player put out, BG-R15),
      counted for every card the target could be (:func:`could_be`) with the least and the
      most power the unseen cards of its battlefield can give it (:func:`fights`): said
      outright where it is the same for all of them ("whatever it is" where the target is
      face down), for each where it is one of at most ``CASES`` cards ("against the Hay Bale
      Hauler, …; against the Shieldhorn Guard, …"), or as what it depends on ("or up to 11
      if a Golden Cowbell is among Cy's face-down cards");
    - the attacking card with the most power of the seat's own (BG-R9), a card laid where it
      has the most power of the free squares (BG-R2), a draft pick with the most base power
      of its pack (BG-R1, BG-R6): the seat's own cards, which it sees."""
    name = before.seat_name(seat)
    mine = possessive(name)
    match action.kind:
        case "target":
            return _attack_reasons(before, seat, INDEX[before.aim], action.seat,
                                   INDEX[action.target])
        case "attack":
            i = INDEX[action.square]
            powers = {j: before.power(seat, j) for j, c in enumerate(before.fields[seat])
                      if c is not None}
            if powers[i] == max(powers.values()) and min(powers.values()) < powers[i]:
                return [Reason("strongest", f"picks {mine} {_name(before, seat, i)}, with the "
                               f"most power of {mine} cards: {powers[i]} before any bonus "
                               "against its target", "BG-R9")]
        case "place":
            field = before.fields[seat]
            card = before.cards[action.card]
            powers = {}
            for j in range(SIZE):
                if field[j] is None:
                    field[j] = action.card
                    powers[j] = before.power(seat, j)
                    field[j] = None
            p = powers[INDEX[action.square]]
            if p == max(powers.values()) and min(powers.values()) < p:
                return [Reason("place", f"puts {mine} {card.name} where it has the most power "
                               f"of the free squares now: {p}", "BG-R2")]
        case "pick":
            pack = [before.cards[c] for c in before.packs[seat]]
            card = before.cards[action.card]
            if card.power == max(c.power for c in pack) and min(c.power for c in pack) < \
                    card.power:
                return [Reason("pick", f"takes {card.name}, with the most base power in the "
                               f"pack: {card.power}", "BG-R1")]
    return []


def decided(before: State, after: State, action: Action, seat: int) -> bool:
    """Whether the rules carried out ``action`` so that who is out and who has won is the
    same on every deal ``seat`` can't rule out: an attack where every card the target could
    be gives the same result (:func:`fights`); every other action reads only the seat's
    own cards and the board's public marks (the engine checks chance and secret picks)."""
    if action.kind != "target":
        return True
    mine, owner = INDEX[before.aim], action.seat
    found = fights(before, seat, mine, owner, INDEX[action.target])
    left = {_left_after(before, seat, owner, f) for f in found}
    return None not in left and len(left) == 1


def shows(before: State, after: State, action: Action, seat: int) -> bool:
    """Whether ``seat``'s ``action`` put before it a card it could not see: an attack on a
    card it does not know (it is turned up, BG-R12); a pick, a layout or a cancel shows
    nothing (the draft's next pack comes by the others' secret picks: the engine's part)."""
    return action.kind == "target" and \
        len(could_be(before, seat, action.seat, INDEX[action.target])) > 1


def _left_after(state: State, seat: int, owner: int, fight: Fight) -> tuple[int, ...] | None:
    """The players with a card left after ``fight`` (None where it could go more than one
    way): what decides whether the game is over and who wins (BG-R13, BG-R15)."""
    if fight.lost is None:
        return None
    gone = {seat: "attacker" in fight.lost, owner: "defender" in fight.lost}
    return tuple(s for s in range(state.players)
                 if state.cards_left(s) > (1 if gone.get(s) else 0))


def could_be(state: State, seat: int, owner: int, square: int) -> list[str]:
    """The cards (ids, sorted) that ``owner``'s card on ``square`` could be, by what ``seat``
    knows: the card itself where ``seat`` sees it (BG-R12); else every card that some deal
    consistent with ``seat``'s information puts there, the deals of the engine's re-deal
    (:meth:`BattleGoatsState._redeal_hidden`): each other player keeps one Hero until it is
    seen (BG-R5), the cards ``seat`` passed on in the draft and has not seen since stay with
    the others (BG-R6, BG-X7), the rest comes from what ``seat`` has not seen anywhere (the
    others' unseen cards and the set-aside cards). It reads only what ``seat`` knows, so a
    copy re-dealt for ``seat`` gives the same list.

        >>> from goatwidgets.games.battlegoats import position
        >>> s = position(fields=[{"f1": "climber"}, {"f1": "golem", "f2": "shieldhorn",
        ...                                          "m2": "haybale"}],
        ...              known=["1:f1"], passed=[["haybale", "shieldhorn"], []], draft=True)
        >>> could_be(s, 0, 1, 0), could_be(s, 0, 1, 1), could_be(s, 0, 1, 4)
        (['golem'], ['haybale', 'shieldhorn'], ['haybale', 'shieldhorn'])
    """
    field = state.fields[owner]
    if field[square] is None:
        return []
    if state.sees(seat, owner, square):
        return [field[square]]
    cards = state.cards
    others = [o for o in range(state.players) if o != seat]
    held = {o: state.hands[o] + state.packs[o]
            + [c for i, c in enumerate(state.fields[o])
               if c is not None and not state.sees(seat, o, i)] for o in others}
    heroes = {c for o in others for c in held[o] if cards[c].is_hero}
    heroes.update(state.decks["heroes"].pile)
    their_plain = Counter(c for o in others for c in held[o] if not cards[c].is_hero)
    known = (Counter(state.passed[seat]) - others_cards(state, seat, seen=True)) & their_plain
    rest = (their_plain + Counter(state.decks["cards"].pile)) - known
    need = sum(their_plain.values()) - sum(known.values())
    hero_here = any(cards[c].is_hero for c in held[owner])
    out = set(heroes) if hero_here else set()
    if len(held[owner]) > hero_here:                         # a square for a plain card
        out.update(known)
        if need:
            out.update(rest)
    return sorted(out)


@dataclass(frozen=True)
class Fight:
    """An attack's result if the target is ``card``: the attacker's power ``mine``, the least
    and the most power the target can have (``low``, ``high``: its battlefield's unseen cards
    may add to it), the sides that lose (``("defender",)``, ``("attacker",)``, both; None
    where it could go more than one way) and whether that is because a card explodes."""

    card: str
    mine: int
    low: int
    high: int
    lost: tuple[str, ...] | None
    exploded: bool


def fights(state: State, seat: int, mine: int, owner: int, target: int) -> list[Fight]:
    """The result of ``seat``'s card on square ``mine`` attacking ``owner``'s card on square
    ``target``, once for each card the target could be (:func:`could_be`), counted from the
    seat's information only: its own cards, the cards it sees, and for each unseen square of
    the target's battlefield every card it could be (BG-R2, BG-R9, BG-R16).

        >>> from goatwidgets.games.battlegoats import position
        >>> s = position(fields=[{"f1": "climber"}, {"f1": "golem", "f2": "shieldhorn",
        ...                                          "m2": "haybale"}],
        ...              known=["1:f1"], passed=[["haybale", "shieldhorn"], []], draft=True)
        >>> [(f.card, f.mine, f.low, f.high, f.lost) for f in fights(s, 0, 0, 1, 1)]
        [('haybale', 5, 4, 4, ('defender',)), ('shieldhorn', 5, 6, 6, ('attacker',))]
    """
    options = {j: could_be(state, seat, owner, j) for j in range(SIZE)}
    attacker = state.cards[state.fields[seat][mine]]
    field = state.fields[owner]
    real = field[target]
    out = []
    try:
        for card in options[target]:
            field[target] = card                     # the attacker's bonuses against it
            power = state.power(seat, mine, against=(owner, target))
            low, high = _span(state, owner, target, card, (seat, mine), options)
            defender = state.cards[card]
            exploded = False
            if power > high:
                lost, exploded = (("attacker", "defender"), True) if defender.has("explodes") \
                    else (("defender",), False)
            elif power < low:
                lost, exploded = (("attacker", "defender"), True) if attacker.has("explodes") \
                    else (("attacker",), False)
            elif low == high == power:
                lost = ("attacker", "defender")
            else:
                lost = None
            out.append(Fight(card, power, low, high, lost, exploded))
    finally:
        field[target] = real
    return out


def _span(state: State, owner: int, square: int, card: str, foe: tuple[int, int],
          options: dict[int, list[str]]) -> tuple[int, int]:
    """The least and the most power ``card`` on ``owner``'s ``square`` can have fighting the
    card at ``foe`` (seen), each unseen square of that battlefield being any card of
    ``options`` (:meth:`BattleGoatsState.power`, term by term)."""
    field = state.fields[owner]
    cards = state.cards
    c = cards[card]
    low = high = c.power
    for m in c.modifiers:
        sure = maybe = 0                  # squares that surely / maybe count
        match m.kind:
            case "per_card_in_front":
                sure = sum(field[i] is not None for i in IN_FRONT[square])
            case "per_adjacent" if m.type is None:
                sure = sum(field[i] is not None for i in NEIGHBOURS[square])
            case "per_adjacent":
                for i in NEIGHBOURS[square]:
                    types = {cards[x].type for x in options[i]}
                    sure += types == {m.type}
                    maybe += m.type in types and types != {m.type}
            case "with_card":
                names = [{cards[x].name for x in options[i]} for i in range(SIZE)
                         if i != square and field[i] is not None]
                sure = any(n == {m.card} for n in names)
                maybe = not sure and any(m.card in n for n in names)
            case "if_face_up":
                sure = state.counts_face_up(owner, square)
            case "vs_type":
                sure = cards[state.fields[foe[0]][foe[1]]].type == m.type
            case "vs_face_up":
                sure = state.counts_face_up(*foe)
        low += m.amount * sure
        high += m.amount * (sure + maybe)
    return low, high


def _hidden_bonus(state: State, owner: int, square: int, card: str,
                  options: dict[int, list[str]]) -> str:
    """What the unseen cards of ``owner``'s battlefield may do for ``card`` on ``square``, in
    words: "a Golden Cowbell is among Cy's face-down cards"."""
    theirs = possessive(state.seat_name(owner))
    field = state.fields[owner]
    said = []
    for m in state.cards[card].modifiers:
        if m.kind == "with_card":
            cells = [i for i in range(SIZE) if i != square and field[i] is not None]
            if any(m.card in {state.cards[x].name for x in options[i]} for i in cells
                   if len(options[i]) > 1):
                said.append(f"a {m.card} is among {theirs} face-down cards")
        elif m.kind == "per_adjacent" and m.type is not None:
            if any(len(options[i]) > 1 and m.type in {state.cards[x].type for x in options[i]}
                   for i in NEIGHBOURS[square]):
                said.append(f"{theirs} face-down cards beside it are {m.type} cards")
    return " or ".join(said)


def _attack_reasons(state: State, seat: int, mine: int, owner: int, target: int) -> list[Reason]:
    """:func:`reasons` of an attack (see there)."""
    found = fights(state, seat, mine, owner, target)
    you, them = possessive(state.seat_name(seat)), possessive(state.seat_name(owner))
    a_name = state.cards[state.fields[seat][mine]].name
    if len(found) == 1:
        f = found[0]
        d_name = state.cards[f.card].name
        if f.lost is None:
            options = {j: could_be(state, seat, owner, j) for j in range(SIZE)}
            out = [Reason("depends", f"attacks {them} {d_name} with {you} {a_name}: {f.mine} "
                          f"against {f.low}, or up to {f.high} if "
                          f"{_hidden_bonus(state, owner, target, f.card, options)}", "BG-R2")]
        else:
            out = [_known_result(f, you, them, a_name, d_name)]
    else:
        where = f"{them} face-down {_square(target)} card"
        lost = {f.lost for f in found}
        exploded = any(f.exploded for f in found)
        strengths = {f.mine for f in found}
        if lost == {("defender",)} and not exploded:
            powers = (f", {found[0].mine} against at most {max(f.high for f in found)}"
                      if len(strengths) == 1 else "")
            out = [Reason("defeats", f"defeats {where}, whatever it is{powers}", "BG-R9")]
        elif lost == {("attacker",)} and not exploded:
            powers = (f", {found[0].mine} against at least {min(f.low for f in found)}"
                      if len(strengths) == 1 else "")
            out = [Reason("loses", f"loses {you} {a_name} to {where}, whatever it is{powers}",
                          "BG-R9")]
        elif len(found) <= CASES:
            cases = "; ".join(_case(state, f, you, a_name, i == 0)
                              for i, f in enumerate(found))
            out = [Reason("cases", f"attacks {where}, one of the {len(found)} cards it could "
                          f"be: {cases}", "BG-R9")]
        else:
            out = []
    if all(f.lost is not None and "defender" in f.lost for f in found) \
            and state.cards_left(owner) == 1:
        out.append(Reason("out", f"puts {obj(state.seat_name(owner))} out of the game",
                          "BG-R15"))
    return out


def _known_result(f: Fight, you: str, them: str, a_name: str, d_name: str) -> Reason:
    """The result of an attack on a card the seat knows, its powers as sure as they are."""
    if f.low == f.high:
        powers = f"{f.mine} against {f.low}"          # no brackets: the coach adds them
    elif f.lost == ("defender",) or (f.exploded and f.mine > f.high):
        powers = f"{f.mine} against at most {f.high}"
    else:
        powers = f"{f.mine} against at least {f.low}"
    if f.exploded and f.mine > f.high:
        return Reason("trade", f"defeats {them} {d_name}, {powers}, but it explodes and takes "
                      f"{you} {a_name} with it", "BG-R2")
    if f.exploded:
        return Reason("trade", f"loses {you} {a_name}, {powers}, but it explodes and takes "
                      f"{them} {d_name} with it", "BG-R2")
    if f.lost == ("defender",):
        return Reason("defeats", f"defeats {them} {d_name}, {powers}", "BG-R9")
    if f.lost == ("attacker",):
        return Reason("loses", f"loses {you} {a_name} to {them} {d_name}, {powers}", "BG-R9")
    return Reason("trade", f"trades {you} {a_name} for {them} {d_name}: both have power "
                  f"{f.mine}", "BG-R9")


def _case(state: State, f: Fight, you: str, a_name: str, first: bool) -> str:
    """One card a face-down target could be, and the attack's result if it is that one:
    "against the Hay Bale Hauler, your Sunbathing Goat wins 5 against 4"."""
    card = state.cards[f.card]
    name = card.name if card.type == "Hero" else f"the {card.name}"
    who = f"{you} {a_name}" if first else "it"
    if f.lost is None:
        return f"against {name}, {who} has {f.mine} against {f.low} to {f.high}"
    span = (f"{f.low}" if f.low == f.high else f"at most {f.high}" if f.mine > f.high
            else f"at least {f.low}")
    powers = f"{f.mine} against {span}"
    if f.exploded and f.mine > f.high:
        return f"against {name}, {who} wins {powers}, but that card explodes and takes it along"
    if f.exploded:
        return f"against {name}, {who} loses {powers}, but explodes and takes that card along"
    if f.lost == ("defender",):
        return f"against {name}, {who} wins {powers}"
    if f.lost == ("attacker",):
        return f"against {name}, {who} loses {powers}"
    return f"against {name}, both are defeated: {f.mine} against {f.mine}"


def _square(square: int) -> str:
    """A square as the board's labels name it: "front left", "centre"."""
    return square_words(SQUARES[square])


def _name(state: State, seat: int, square: int) -> str:
    return state.cards[state.fields[seat][square]].name
