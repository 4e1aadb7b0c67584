"""What a seat can be sure an action does: reasons that hold on every deal it can't rule out.

The coach (:mod:`.coach`) and the review (:mod:`.review`) say why a move is good only with
facts that hold whatever the cards the seat can't see are and whatever chance brings. Copies
of the game re-dealt at random that agree prove nothing (four of them once agreed that a
face-down card was a Hay Bale Hauler: it was a Shieldhorn Guard), so :func:`sure` samples
nothing. It asks the game, once, on one copy re-dealt for the seat (:meth:`State.redealt`:
what the seat sees is as it is, the rest a guess), and the game answers from the seat's
information only:

- its ``strategy.reasons(before, after, action, seat)`` reads ``before`` only where the seat
  may look (its view, what it saw: BattleGoats' draft memory, Goat Lords' face-down counts),
  and ``after`` (``before`` with the action carried out) only where the rules settle the
  result from that;
- where a result turns on something hidden, the game counts the candidates out from the
  seat's information and says the result for each of a few ("against the Hay Bale Hauler,
  one of the 2 cards it could be, …"), or for all of them at once ("whatever it is"), or
  says what it depends on ("unless Bo cancels it with an Escape Goat"), or says nothing;
- the engine adds "wins the game" only where the result is settled (:func:`decided`).

A game's ``strategy.decided(before, after, action, seat)`` says whether its rules carried
out ``action`` reading nothing the seat can't see (a BattleGoats attack on a card whose
result is the same for every card it could be; not a Goat Lords Goatinhood, which looks
into the hands); a game without hidden information needs none.

    >>> from goatwidgets.games import goat_lords as game
    >>> s = game.position(players=2, names=["Ana", "Bo"], hands=[["corn"], ["kraken"]],
    ...                   actions=[["loaf"], ["hypno"]], herds=[["ninja ninja"], ["corn corn"]])
    >>> [r.text for r in sure(s, 0, "loaf 1")]           # Bo's face-down card is unseen
    ["takes away Bo's next turn, unless Bo cancels it with an Escape Goat"]
    >>> s = game.position(players=2, names=["Ana", "Bo"], hands=[["corn"], ["kraken"]],
    ...                   actions=[["loaf"], []], herds=[["ninja ninja"], ["corn corn"]])
    >>> [r.text for r in sure(s, 0, "loaf 1")]           # Bo holds no face-down card
    ["takes away Bo's next turn"]
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .state import Action, State


@dataclass(frozen=True)
class Reason:
    """What an action does by the rules: a kind (``"stack"``, ``"points"``, ``"wins"``…),
    plain words ("makes a stack of two Ninja Goats worth 10 points") and the ruling's id."""

    kind: str
    text: str
    ruling: str | None = None

    def to_dict(self) -> dict:
        return {"kind": self.kind, "text": self.text, "ruling": self.ruling}


#: the reason the engine adds where the action settles the game with the seat a winner
WINS = Reason("wins", "wins the game", None)


def decided(before: State, after: State, action: Action, seat: int) -> bool:
    """Whether ``after`` (``before`` with ``seat``'s ``action`` carried out) came about the
    same way on every deal ``seat`` can't rule out: no chance was drawn (a die, a card from
    a deck), no other seat's secret choice was revealed, and the game's rules read nothing
    ``seat`` can't see (its ``strategy.decided``; a game without hidden information needs
    none, a game with it and without that function is never decided).

        >>> from goatwidgets.games import floats_mcgoats as game
        >>> s = game.new_game(seed=1)
        >>> rolled, placed = s.clone(), s.clone()
        >>> rolled.apply("roll"); placed.apply("mama 0,0u")
        >>> decided(s, rolled, s.parse_action("roll"), 0), \\
        ...     decided(s, placed, s.parse_action("mama 0,0u"), 0)
        (False, True)
    """
    last = after.last_record
    if last is None or last.get("chance"):
        return False
    if any(s != seat for s in before._chosen):       # others' secret choices come to light
        return False
    if not before.hidden_information:
        return True
    return bool(type(before).strategy.decided(before, after, action, seat))


def learned_nothing(state: State, entry: int, seat: int, end: int | None = None) -> bool:
    """Whether entries ``entry`` up to ``end`` of ``state``'s record (default: up to now)
    showed ``seat`` nothing it could not know before them, whatever the deal it can't rule
    out: each is ``seat``'s own decision, :func:`decided` (nothing drawn, no other seat's
    secret choice came to light, the rules read nothing hidden from it), and put nothing
    before it that it could not see (the game's ``strategy.shows``: a face-down card turned
    up or taken into its hand, another's hand shown). Exact from the seat's
    information, never a sample of re-deals; where it can't be sure, False. The undo policy
    (:meth:`.table.Table.undo_refusal`) and the review's lines of moves (:func:`.review.line_of`)
    ask it.

        >>> from goatwidgets.games import floats_mcgoats as game
        >>> s = game.new_game(seed=1)
        >>> s.apply("mama 0,0u"); s.apply("roll", seat=1)
        >>> learned_nothing(s, 0, 0, 1), learned_nothing(s, 0, 0)   # then seat 1 rolled
        (True, False)
    """
    record = state.record
    end = len(record) if end is None else end
    world = state.at(entry)
    for k in range(entry, end):
        e = record[k]
        if "action" not in e or e["seat"] != seat:
            return False
        action = world.parse_action(e["action"])
        after = world.clone()
        after.apply(action, seat=seat)
        if not decided(world, after, action, seat) or (
                world.hidden_information and type(world).strategy.shows(world, after, action,
                                                                        seat)):
            return False
        world = after
    return True


def sure(state: State, seat: int, action: Action | str, seed: int = 0) -> tuple[Reason, ...]:
    """The reasons for ``action`` that ``seat`` can be sure of: each holds on every deal
    consistent with its information (see the module docs). ``state`` is never changed and
    may hold what the seat can't see: the game reads one copy re-dealt for ``seat`` (by
    ``seed``; the reasons are the same whatever the seed, since they read only what the seat
    knows), its ``strategy.reasons``, and ``"wins"`` where the action settles the game with
    ``seat`` among the winners (:func:`decided`)."""
    before = state.redealt(seat, random.Random(seed))
    if isinstance(action, str):
        action = before.parse_action(action)
    after = before.clone()
    after.apply(action, seat=seat)
    found: list[Reason] = []
    found += type(state).strategy.reasons(before, after, action, seat)
    if (after.is_over and seat in after.winners and all(r.kind != "wins" for r in found)
            and decided(before, after, action, seat)):
        found.append(WINS)
    return tuple(dict.fromkeys(found))
