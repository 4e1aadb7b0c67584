"""Any name reads right in every sentence (issue 24 item 8): a child called "You" (as in the
lessons) or "Ana", in any seat, in every line of every seat's log, prompt and view, at every
player count of every game. A teacher reads these aloud to a class.

The checks are patterns of the mistakes the classroom run found: "You wants", "You has
chosen", "You chose themself", "Ana put Ana's little goat back", "passed 1 cards", "with all
1 duel card", the same card named three times in a row, and the game's own notation
("You chose pick pasturepal") where a child should read words.
"""

from __future__ import annotations

import re

import pytest

from goatwidgets.engine import make_bot

from tests.registry import GAME_COUNT_IDS, GAME_COUNTS

THIRD_PERSON = ("has|is|was|does|wants|decides|chooses|draws|wins|takes|puts|gets|plays|"
                "passes|picks|lays|attacks|moves|rolls|sends|gives|asks|claims|blocks|needs|"
                "loses|keeps|goes|holds|answers|makes|finds|lands|rides|steps")
MISTAKES = [
    (re.compile(rf"\bYou (?:{THIRD_PERSON})\b"), "'You' with a verb for he or she"),
    (re.compile(r"\b[Yy]ou's\b"), "'You's'"),
    (re.compile(r"\bthemself\b"), "'themself'"),
    (re.compile(r"\b([A-Z][a-z]+) [a-z]+ \1's\b"), "a name and its own possessive ('Ana put "
                                                   "Ana's')"),
    (re.compile(r"(?<![\d.,])\b1 (?!of\b)[a-z-]+s\b(?<!ss)"), "one of a plural ('1 cards')"),
    (re.compile(r"\ball 1\b"), "'all 1'"),
    (re.compile(r"\b([A-Z][\w-]*(?: [A-Z][\w-]*)*), \1, \1\b"), "a name listed three times"),
]


def texts(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for inner in value.values():
            yield from texts(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from texts(inner)


def problems(state, seen_actions: set[str]) -> list[str]:
    found = []
    for seat in (None, *range(state.players)):
        lines = list(texts(state.view(seat))) + state.log_for(seat)[-8:]
        for line in lines:
            for pattern, what in MISTAKES:
                if pattern.search(line):
                    found.append(f"{what}: {line[:160]!r}")
        for line in state.log_for(seat)[-8:]:
            notation = [a for a in seen_actions if a in line]
            if notation:
                found.append(f"notation {notation[0]!r} in a log line: {line[:160]!r}")
    return found


@pytest.mark.parametrize("info, players", GAME_COUNTS, ids=GAME_COUNT_IDS)
def test_any_name_reads_right_in_every_sentence(info, players):
    found: list[str] = []
    for seed, you in enumerate([0, 1, players - 1]):
        names = ["Ana", "Bo", "Cy", "Dee", "Eli", "Fay"][:players]
        names[you] = "You"
        s = info.module.new_game(players=players, seed=seed, names=names)
        bots = [make_bot("greedy" if (i + seed) % 2 else "random", seed=seed * 10 + i)
                for i in range(players)]
        seen: set[str] = set()
        decisions = 0
        while not s.is_over and decisions < 3000:
            if decisions % 4 == 0:
                found += problems(s, seen)
            seat = s.deciders[0]
            action = bots[seat].choose(s, seat)
            s.apply(action, seat=seat)
            text = str(action)
            if len(text.split()) > 1 and any(not w.isalpha() or len(w) > 6 for w in
                                             text.split()[1:]):
                seen.add(text)                   # notation a child would not say
            decisions += 1
        found += problems(s, seen)
    assert not found, "\n".join(sorted(set(found))[:15])
