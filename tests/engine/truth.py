"""Is a reason the coach gave true on the REAL game? (issue 33 item 1; no test module
imports another, so the coach's truth tests share this helper.)

:func:`holds` checks one reason on the real position: ``before`` is the real state (with the
cards the seat could not see), ``after`` is that state with the seat's action carried out.
Claims about what the action did where hidden cards or chance could change it are checked
against the rules model itself, reading the words the coach said:

- BattleGoats: an attack's result (``defeats``, ``loses``, ``trade``, ``depends``, ``cases``)
  against the fight the rules recorded (``after.last``: the real card, its real power), a
  player put out (``out``) against the real battlefield;
- Goat Lords: a stack trashed, a turn taken away, cards drawn, each "unless someone cancels
  it with an Escape Goat": the questions the real game asks are answered (allow; an Escape
  Goat the real hand holds makes an unconditional claim false), then the real effect is
  looked for;
- every game: ``wins`` against the real winners.

Any other reason reads the board (public) and the seat's own cards: it must be what the
game's ``strategy.reasons`` says of the real positions ``before`` and ``after`` (so a reason
that read a card the seat can't see, or guessed an outcome, differs on the real state).
"""

from __future__ import annotations

import re

from goatwidgets.engine.words import is_you


def holds(reason, before, after, action, seat) -> bool:
    """Whether ``reason`` (said to ``seat`` about ``action``) is true on the real game:
    ``before`` the real state, ``after`` the real state after the action."""
    if reason.kind == "wins":
        return after.is_over and seat in after.winners
    check = _CHECKS.get((before.game, reason.kind))
    if check is not None:
        return check(reason.text, before, after, action, seat)
    strategy = type(before).strategy
    return reason in strategy.reasons(before, after, action, seat)


# ------------------------------------------------------------------ BattleGoats

_POWERS = r"(?P<m>\d+) against (?:(?P<rel>at most|at least) )?(?P<n>\d+)"


def _powers_fit(match, fight) -> bool:
    """The attacker's power as said, the defender's as said (exactly, at most, at least)."""
    pa, pd = fight["attacker"]["power"], fight["defender"]["power"]
    n = int(match["n"])
    return pa == int(match["m"]) and {None: pd == n, "at most": pd <= n,
                                      "at least": pd >= n}[match["rel"]]


def _bg_card(before, after) -> str:
    return before.cards[after.last["defender"]["card"]].name


def _bg_defeats(text, before, after, action, seat) -> bool:
    fight = after.last
    m = re.search(_POWERS, text)
    named = re.match(r"defeats .+?'s (?P<card>.+?), \d", text) or re.match(
        r"defeats your (?P<card>.+?), \d", text)
    if "whatever it is" not in text and (named is None or named["card"] != _bg_card(before,
                                                                                    after)):
        return False
    return fight["defeated"] == ["defender"] and (m is None or _powers_fit(m, fight))


def _bg_loses(text, before, after, action, seat) -> bool:
    fight = after.last
    m = re.search(_POWERS, text)
    if "whatever it is" not in text and not text.split(", ")[0].endswith(
            " " + _bg_card(before, after)):
        return False
    return fight["defeated"] == ["attacker"] and (m is None or _powers_fit(m, fight))


def _bg_trade(text, before, after, action, seat) -> bool:
    fight = after.last
    pa, pd = fight["attacker"]["power"], fight["defender"]["power"]
    both = sorted(fight["defeated"]) == ["attacker", "defender"]
    if text.startswith("trades "):
        n = int(re.search(r"both have power (\d+)$", text)[1])
        return both and pa == pd == n and text.split(" for ")[1].split(":")[0].endswith(
            _bg_card(before, after))
    m = re.search(_POWERS, text)
    won = text.startswith("defeats ")
    return (both and fight["exploded"] and (pa > pd if won else pa < pd)
            and _powers_fit(m, fight) and _bg_card(before, after) in text)


def _bg_depends(text, before, after, action, seat) -> bool:
    fight = after.last
    m = re.search(r": (\d+) against (\d+), or up to (\d+) if ", text)
    pa, pd = fight["attacker"]["power"], fight["defender"]["power"]
    return (m is not None and pa == int(m[1]) and int(m[2]) <= pd <= int(m[3])
            and f" {_bg_card(before, after)} with " in text)


_CASE = re.compile(
    r"^against (?:the )?(?P<card>.+?), (?:(?:.+? )?(?P<verb>wins|loses|has) " + _POWERS
    + r"(?: to (?P<h>\d+))?(?P<boom>, but .*)?|both are defeated: (?P<tm>\d+) against "
    r"(?P<tn>\d+))$")


def _bg_cases(text, before, after, action, seat) -> bool:
    """One case per card the target could be: the real card must be one of them, and its
    case must be what the rules did."""
    fight = after.last
    head, _, cases = text.partition(" cards it could be: ")
    segments = cases.split("; ")
    if int(re.search(r"one of the (\d+)$", head)[1]) != len(segments):
        return False
    real = _bg_card(before, after)
    pa, pd = fight["attacker"]["power"], fight["defender"]["power"]
    lost = sorted(fight["defeated"])
    for segment in segments:
        m = _CASE.match(segment)
        assert m is not None, segment                  # the words changed: update _CASE
        if m["card"] != real:
            continue
        if m["tm"] is not None:
            return lost == ["attacker", "defender"] and pa == pd == int(m["tm"])
        if m["verb"] == "has":
            return pa == int(m["m"]) and int(m["n"]) <= pd <= int(m["h"])
        if not _powers_fit(m, fight):
            return False
        if m["boom"]:
            return lost == ["attacker", "defender"] and fight["exploded"] and (
                (pa > pd) == (m["verb"] == "wins"))
        return lost == (["defender"] if m["verb"] == "wins" else ["attacker"])
    return False                                         # the real card was not a case


def _bg_out(text, before, after, action, seat) -> bool:
    return not any(after.fields[action.seat])


# ------------------------------------------------------------------ Goat Lords

def _gl_answered(before, after):
    """The real game after every Escape Goat question about the card just played is answered
    "allow", and the seats who could have cancelled it instead (their real face-down
    cards), then the cards drawn and a fourth action card trashed (its first)."""
    state = after.clone()
    could = set()
    for _ in range(20):
        pending = state.pending
        if pending is None or pending.kind not in ("escape", "trash"):
            break
        legal = [str(a) for a in state.legal_actions(pending.seat)]
        if pending.kind == "escape":
            if "escape" in legal:
                could.add(pending.seat)
            state.apply("allow", seat=pending.seat)
        else:
            state.apply(legal[0], seat=pending.seat)
    return state, could


def _gl_cancel_fits(text, before, could) -> bool:
    """An unconditional claim: nobody could cancel; "unless Bo cancels it": only Bo could;
    "unless another player cancels it": anyone."""
    m = re.search(r", unless (.+?) cancels? it with an Escape Goat$", text)
    if m is None:
        return not could
    if m[1] == "another player":
        return True
    named = [s for s in range(before.players)
             if before.seat_name(s) == m[1] or (is_you(m[1]) and is_you(before.seat_name(s)))]
    return could <= set(named)


def _gl_trash(text, before, after, action, seat) -> bool:
    state, could = _gl_answered(before, after)
    t = action.target
    worth = sum(before.value(c) for c in before.herds[t][-1])
    return (_gl_cancel_fits(text, before, could) and f"worth {worth} points" in text
            and len(state.herds[t]) == len(before.herds[t]) - 1)


def _gl_skip(text, before, after, action, seat) -> bool:
    from goatwidgets.games.goat_lords import views
    state, could = _gl_answered(before, after)
    line = views.misses_turn_line(before, action.target)
    return _gl_cancel_fits(text, before, could) and state.log.count(line) == \
        before.log.count(line) + 1


def _gl_draw(text, before, after, action, seat) -> bool:
    state, could = _gl_answered(before, after)
    n = int(re.match(r"draws (\d+) cards?", text)[1])
    return _gl_cancel_fits(text, before, could) and \
        len(state.hands[seat]) == len(before.hands[seat]) + n


_CHECKS = {
    ("battlegoats", "defeats"): _bg_defeats, ("battlegoats", "loses"): _bg_loses,
    ("battlegoats", "trade"): _bg_trade, ("battlegoats", "depends"): _bg_depends,
    ("battlegoats", "cases"): _bg_cases, ("battlegoats", "out"): _bg_out,
    ("goat_lords", "trash"): _gl_trash, ("goat_lords", "skip"): _gl_skip,
    ("goat_lords", "draw"): _gl_draw,
}
