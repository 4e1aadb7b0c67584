"""What the rules suites ask of a position, written once: the legal actions as texts, and an
action refused with a given rule and message that leaves the position as it was.

    >>> from goatwidgets.games.gruff_goats import position
    >>> s = position()
    >>> "draw" in legal(s)
    True
    >>> refused(s, "block", "GG-R6", "nobody is claiming").rule
    'GG-R6'
"""

from __future__ import annotations

import pytest

from goatwidgets.engine import IllegalActionError


def texts(actions) -> set[str]:
    return {str(a) for a in actions}


def legal(s, seat=None) -> set[str]:
    return texts(s.legal_actions(seat))


def refused(s, text: str, rule: str, *words: str, seat=None) -> IllegalActionError:
    """``text`` is refused with ``rule``; the message names every word; nothing changes."""
    before = s.to_json()
    with pytest.raises(IllegalActionError) as info:
        s.apply(text, seat=seat)
    assert info.value.rule == rule, str(info.value)
    for word in words:
        assert word in str(info.value), f"{word!r} not in {str(info.value)!r}"
    assert s.to_json() == before
    return info.value
