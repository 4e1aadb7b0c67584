"""The coach: which move looks best for a seat, and why, from that seat's information only.

:func:`suggest` asks the estimator (:mod:`.estimate`) how each legal action does, then proves
its reasons on the position: every reason is a fact the rules engine checked by playing the
action, on ``PROOFS`` copies of the game re-dealt from the seat's information
(:meth:`State.redealt`), and kept only if it held on every one of them. A fact that depends on
a card the seat can't see or on a die not yet rolled differs between the copies, so it is never
said. Where a game can't say what an action does, the coach says only what the estimate says.

The game supplies the facts in its ``strategy.reasons(before, after, action, seat)``: a list of
:class:`Reason` (a kind, plain words, the ruling's id), the engine adds that the game is won.

    >>> from goatwidgets.games import goat_lords as game
    >>> s = game.position(players=2, names=["You", "Bo"],
    ...                   hands=[["ninja", "ninja", "corn"], ["lord"]])
    >>> advice = suggest(s, 0, iterations=60)
    >>> advice.seat, len(advice.estimate.choices) == len(s.legal_actions(0))
    (0, True)
    >>> proven(s, 0, "birth ninja ninja")
    (Reason(kind='stack', text='makes a new stack of 2 Goat Ninja cards worth 20 points', ruling='GL-R8'),)

An honest "these are about equal" beats a confident wrong answer: the coach names one move only
where its interval lies wholly above every other's (:meth:`Estimate.separated`); otherwise it
says the best choices are close and what each of them does.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .estimate import Estimate, Search
from .state import Action, State

#: the re-dealt copies a fact must hold on to be said
PROOFS = 4
#: the choices the coach talks about when they are close
CLOSE = 2


@dataclass(frozen=True)
class Reason:
    """What an action does by the rules: a kind (``"stack"``, ``"points"``, ``"wins"``…),
    plain words ("makes a stack of two Ninja Goats worth 10 points") and the ruling's id."""

    kind: str
    text: str
    ruling: str | None = None

    def to_dict(self) -> dict:
        return {"kind": self.kind, "text": self.text, "ruling": self.ruling}


def facts(state: State, seat: int, action: Action | str, rng: random.Random) -> list[Reason]:
    """What ``action`` does on one copy of ``state`` re-dealt for ``seat`` (never ``state``
    itself, which holds what the seat can't see): the game's ``strategy.reasons`` and, if the
    game ends with the seat among the winners, ``"wins"``."""
    before = state.redealt(seat, rng)
    after = before.clone()
    after.apply(action, seat=seat)
    found = []
    strategy = type(state).strategy
    if strategy is not None and hasattr(strategy, "reasons"):
        found += strategy.reasons(before, after, after.parse_action(str(action)), seat)
    if after.is_over and seat in after.winners:
        found.append(Reason("wins", "wins the game", None))
    return found


def proven(state: State, seat: int, action: Action | str, seed: int = 0,
           proofs: int = PROOFS) -> tuple[Reason, ...]:
    """The reasons for ``action`` that hold on ``proofs`` copies re-dealt for ``seat``
    (:func:`facts`), in the order the first copy gave them: what the seat can be sure of."""
    rng = random.Random(seed)
    first = facts(state, seat, action, rng)
    kept = list(dict.fromkeys(first))
    for _ in range(proofs - 1):
        again = set(facts(state, seat, action, rng))
        kept = [r for r in kept if r in again]
    return tuple(kept)


@dataclass
class Advice:
    """What the coach found for ``seat``: the estimate (best first) and the proven reasons
    of the choices it talks about (by action text)."""

    seat: int
    estimate: Estimate
    reasons: dict[str, tuple[Reason, ...]]

    @property
    def separated(self) -> bool:
        """Whether the best choice is clearly best: its interval above every other's, or a
        win the rules proved (a ``"wins"`` reason holds on every re-dealt copy)."""
        best = self.estimate.best.action
        return self.estimate.separated() or any(r.kind == "wins" for r in self.reasons_for(best))

    @property
    def action(self) -> Action | None:
        """The suggested action, or None where the best choices are close."""
        return self.estimate.best.action if self.separated else None

    def reasons_for(self, action: Action | str) -> tuple[Reason, ...]:
        return self.reasons.get(str(action), ())

    def words(self) -> str:
        """One or two plain sentences: the move (lit on the board; its short text in
        brackets) and why, or that the best ones are close and what each does."""
        choices = self.estimate.choices
        best = choices[0]
        if len(choices) == 1:
            return f"Only one move is allowed here ({best.action})."
        second = choices[1]
        if self.separated:
            why = _joined(self.reasons_for(best.action))
            first, other = _chances(best.value, second.value)
            return (f"Try the lit move ({best.action})" + (f": it {why}." if why else ".")
                    + f" It wins about {first} from here; the next best ({second.action}) "
                    f"about {other}.")
        parts = []
        for choice, chance in zip(choices[:CLOSE], _chances(best.value, second.value)):
            why = _joined(self.reasons_for(choice.action))
            parts.append(f"{choice.action}" + (f", which {why}" if why else "")
                         + f" (about {chance})")
        return ("Two moves look about as good (both are lit): " + "; and ".join(parts)
                + ". More trials could change their order.")

    def to_dict(self) -> dict:
        return {"seat": self.seat, "separated": self.separated,
                "action": None if self.action is None else str(self.action),
                "words": self.words(), "estimate": self.estimate.to_dict(),
                "reasons": {a: [r.to_dict() for r in rs] for a, rs in self.reasons.items()}}


def _chances(first: float, second: float) -> tuple[str, str]:
    """Two chances in words: "6 games in 10", or in 100 where tenths would call them equal.

        >>> _chances(0.62, 0.41), _chances(0.53, 0.47)
        (('6 games in 10', '4 in 10'), ('53 games in 100', '47 in 100'))
    """
    if round(10 * first) != round(10 * second):
        return f"{round(10 * first)} games in 10", f"{round(10 * second)} in 10"
    return f"{round(100 * first)} games in 100", f"{round(100 * second)} in 100"


#: the reasons said of one choice in the words (the most telling first, as the game gives them)
SAID = 2


def _joined(reasons: tuple[Reason, ...]) -> str:
    texts = [r.text for r in reasons[:SAID]]
    if len(texts) <= 1:
        return "".join(texts)
    return ", ".join(texts[:-1]) + " and " + texts[-1]


def suggest(state: State, seat: int, iterations: int = 300, seed: int = 0,
            ms: float | None = None) -> Advice:
    """The coach's advice for ``seat`` at its decision in ``state`` (which it never changes):
    the estimate under a budget of ``iterations`` trials (and at most ``ms`` milliseconds,
    if given) and the proven reasons of the best choices (:func:`proven`)."""
    if seat not in state.deciders:
        raise ValueError(f"{state.seat_name(seat)} has no decision to make now")
    found = Search(state, seat, seed=seed).run(iterations=iterations, ms=ms)
    talked = found.choices[:CLOSE]
    reasons = {str(c.action): proven(state, seat, c.action, seed=seed + 1) for c in talked}
    return Advice(seat, found, reasons)
