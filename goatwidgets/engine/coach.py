"""The coach: which move looks best for a seat, and why, from that seat's information only.

:func:`suggest` asks the estimator (:mod:`.estimate`) how each legal action does, then gives
the reasons of the best choices that the seat can be sure of (:func:`.sure.sure`): facts that
hold on every deal consistent with what the seat sees and saw, never facts that merely held on
a few copies re-dealt at random. The game derives them from the seat's information
(``strategy.reasons``); where a fact turns on a card the seat can't see, it counts out the
cards it could be and says what happens for each of a few ("against the Hay Bale Hauler, one
of the 2 cards it could be, …"), or what it depends on ("unless Bo cancels it with an Escape
Goat"), or says nothing; a die not yet rolled is never guessed. The engine adds that the game
is won only where the rules settle it from what the seat sees (:func:`.sure.decided`). Where
a game can't say what an action does, the coach says only what the estimate says.

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

from dataclasses import dataclass, field

from .errors import NotYourDecisionError, quote
from .estimate import Estimate, Search
from .messages import MessageError
from .state import Action, State
from .sure import Reason, decided, sure
from .words import in_ten, whose

__all__ = ["Advice", "Reason", "CLOSE", "SAID", "decided", "for_page", "proven", "suggest",
           "sure"]

#: the choices the coach talks about when they are close
CLOSE = 2


def proven(state: State, seat: int, action: Action | str, seed: int = 0) -> tuple[Reason, ...]:
    """The reasons for ``action`` that ``seat`` can be sure of (:func:`.sure.sure`): what the
    coach and the review say."""
    return sure(state, seat, action, seed=seed)


@dataclass
class Advice:
    """What the coach found for ``seat``: the estimate (best first), the proven reasons of
    the choices it talks about and those choices in the board's words
    (:meth:`State.action_words`), both by action text."""

    seat: int
    estimate: Estimate
    reasons: dict[str, tuple[Reason, ...]]
    said: dict[str, str] = field(default_factory=dict)

    @property
    def separated(self) -> bool:
        """Whether the best choice is clearly best: its interval above every other's, or a
        win the rules settle from what the seat knows (a ``"wins"`` reason)."""
        best = self.estimate.best.action
        return self.estimate.separated() or any(r.kind == "wins" for r in self.reasons_for(best))

    @property
    def action(self) -> Action | None:
        """The suggested action, or None where the best choices are close."""
        return self.estimate.best.action if self.separated else None

    def reasons_for(self, action: Action | str) -> tuple[Reason, ...]:
        return self.reasons.get(str(action), ())

    def saying(self, action: Action | str) -> str:
        """``action`` in the board's words ("discard your Krakengoat and draw"); its short
        text only where the advice was made without them."""
        return self.said.get(str(action), str(action))

    def words(self) -> str:
        """Plain sentences in the board's words (issue 34 items 1, 2): the move (lit on the
        board), what it does and why, and its chance against the next best's; or, where the
        best ones are close, what each of them does.

            >>> from goatwidgets.games import goat_lords as game
            >>> s = game.position(players=2, names=["You", "Bo"],
            ...                   hands=[["ninja", "ninja", "corn"], ["lord"]])
            >>> print(suggest(s, 0, iterations=200).words())       # doctest: +ELLIPSIS
            Try the lit move: pair two of your Goat Ninja cards (a Birth). It makes a new stack ...
        """
        choices = self.estimate.choices
        best = choices[0]
        if len(choices) == 1:
            return f"Only one move is allowed here: {self.saying(best.action)}."
        second = choices[1]
        if self.separated:
            reasons = self.reasons_for(best.action)
            why = _joined(reasons)
            said = f"Try the lit move: {self.saying(best.action)}." + (f" It {why}." if why else "")
            if any(r.kind == "wins" for r in reasons):
                return said                     # the rules settle it: no chance to weigh
            first, other = _chances(best.value, second.value)
            return (said + f" It wins about {first} from here; the next best "
                    f"({self.saying(second.action)}) about {other}.")
        parts = []
        for choice, chance in zip(choices[:CLOSE], _chances(best.value, second.value)):
            why = _joined(self.reasons_for(choice.action))
            parts.append(f"{self.saying(choice.action)}" + (f", which {why}" if why else "")
                         + f" (about {chance})")
        return ("Two moves look about as good (both are lit): " + "; or ".join(parts)
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
    out_of = 10 if round(10 * first) != round(10 * second) else 100
    return in_ten(first, "games", out_of), in_ten(second, out_of=out_of)


#: the reasons said of one choice in the words (the most telling first, as the game gives them)
SAID = 2


def _joined(reasons: tuple[Reason, ...]) -> str:
    texts = [r.text for r in reasons[:SAID]]
    if len(texts) <= 1:
        return "".join(texts)
    return ", ".join(texts[:-1]) + " and " + texts[-1]


def for_page(state: State, seat: int | None, budget, rules: dict[str, str],
             asked: object = None) -> dict:
    """The coach's advice for ``seat`` (the person at a page, deciding now; None: nobody)
    as a page shows it: ``{"seat", "action"`` (the suggested action's text, or None where the
    best choices are close), ``"choices"`` (the texts lit on the board, best first),
    ``"words"`` (one or two plain sentences), ``"rules"``: ``[{"id", "text"}]`` (each ruling
    its reasons cite, with the rule in our words from ``rules``)``}``, under ``budget`` (an
    :class:`.estimate.Budget`), seeded by the number of decisions so far (the same position
    gives the same advice). Refused (``NotYourDecisionError``, ``MessageError``) where the
    page's person has no decision, or the message names another seat (``asked``)."""
    if seat is None:
        deciders = state.deciders
        who = whose(state.seat_name(s) for s in deciders) if deciders else None
        raise NotYourDecisionError(
            "the coach helps with your own decision, and you have none now"
            + (f": it is {who} decision" if who else ": the game is over"), "coach")
    if asked is not None and (type(asked) is not int or asked != seat):   # True is not 1
        raise MessageError(f"message field 'seat' must be the seat deciding at this screen "
                           f"({seat}), not {quote(asked)}", "message")
    advice = suggest(state, seat, iterations=budget.iterations, seed=len(state.history),
                     ms=budget.ms)
    shown = [advice.action] if advice.action is not None else \
        [c.action for c in advice.estimate.choices[:CLOSE]]
    texts = [str(a) for a in shown]
    cited = dict.fromkeys(r.ruling for t in texts for r in advice.reasons_for(t) if r.ruling)
    return {"seat": advice.seat, "action": None if advice.action is None else texts[0],
            "choices": texts, "words": advice.words(),
            "rules": [{"id": r, "text": rules.get(r, "")} for r in cited]}


def suggest(state: State, seat: int, iterations: int = 300, seed: int = 0,
            ms: float | None = None) -> Advice:
    """The coach's advice for ``seat`` at its decision in ``state`` (which it never changes):
    the estimate under a budget of ``iterations`` trials (and at most ``ms`` milliseconds,
    if given) and the proven reasons of the best choices (:func:`proven`)."""
    if seat not in state.deciders:
        raise ValueError(f"{state.seat_name(seat)} has no decision to make now")
    found = Search(state, seat, seed=seed, candidates=state.advised_actions(seat)).run(
        iterations=iterations, ms=ms)
    talked = found.choices[:CLOSE]
    reasons = {str(c.action): proven(state, seat, c.action, seed=seed + 1) for c in talked}
    said = {str(c.action): state.action_words(c.action, seat) for c in talked}
    return Advice(seat, found, reasons, said)
