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


def variant_error(call, name: str, limit: int = 400):
    """``call()`` raises the game's VariantError whose short message names ``name`` (an
    option or a builder argument); returns it."""
    from goatwidgets.engine import VariantError

    with pytest.raises(VariantError) as info:
        call()
    message = str(info.value)
    assert name in message and len(message) < limit, message
    return info.value


class Tutorial:
    """A game's tutorial notebook, for tests that run its code cells on a made-up position:
    ``nb = Tutorial("01-floats-mcgoats.ipynb"); out = nb.run(nb.cell("match.state"), ns,
    capsys)``."""

    def __init__(self, name: str):
        from pathlib import Path

        self.path = Path(__file__).resolve().parents[2] / "notebooks" / name

    def cells(self, kind: str = "code") -> list[str]:
        import json

        return ["".join(c["source"]) for c in json.loads(self.path.read_text("utf-8"))["cells"]
                if c["cell_type"] == kind]

    def cell(self, marker: str) -> str:
        """The source of the one code cell containing ``marker``."""
        found = [c for c in self.cells() if marker in c]
        assert len(found) == 1, marker
        return found[0]

    def run(self, source: str, namespace: dict, capsys) -> str:
        """Run ``source`` in ``namespace``; what it printed."""
        exec(compile(source, str(self.path), "exec"), namespace)
        return capsys.readouterr().out
