"""Small grammar helpers so that log lines and prompts read right for any player name.

A seat may be called "You" (lessons do that): "You win!", "your mama goat", "You add a
stick", never "You wins!" or "You's goat".

    >>> subject("Ana"), subject("you")
    ('Ana', 'You')
    >>> says("Ana", "wins", "win"), says("You", "wins", "win")
    ('Ana wins', 'You win')
    >>> possessive("Ana"), possessive("You"), possessive("You", start=True)
    ("Ana's", 'your', 'Your')
    >>> obj("Ana"), obj("You")
    ('Ana', 'you')
    >>> f"{says('You', 'has', 'have')} none left in {possessive('You')} supply"
    'You have none left in your supply'
"""

from __future__ import annotations

import re


def in_ten(value: float, unit: str = "", out_of: int = 10) -> str:
    """A share of the win as a person reads it, the one rounding rule for the coach, the
    review and the glass box: "6 in 10", "6 games in 10" (``unit``), "53 in 100" (``out_of``).

        >>> in_ten(0.62), in_ten(0.62, "games"), in_ten(0.534, out_of=100)
        ('6 in 10', '6 games in 10', '53 in 100')
    """
    return f"{round(out_of * value)} {unit + ' ' if unit else ''}in {out_of}"


def is_you(name: str) -> bool:
    """True for the name "You" (any case, any surrounding space)."""
    return isinstance(name, str) and name.strip().casefold() == "you"


def subject(name: str) -> str:
    """The name as the subject of a sentence ("You" capitalised)."""
    return "You" if is_you(name) else name


def obj(name: str) -> str:
    """The name as the object of a verb: "Rival fought you"."""
    return "you" if is_you(name) else name


def possessive(name: str, start: bool = False) -> str:
    """"Ana's", or "your" ("Your" at the ``start`` of a sentence)."""
    if is_you(name):
        return "Your" if start else "your"
    return f"{name}'s"


def verb(name: str, third: str, base: str) -> str:
    """The verb form that agrees with ``name``: ``verb("You", "wins", "win") == "win"``."""
    return base if is_you(name) else third


def says(name: str, third: str, base: str) -> str:
    """Subject and agreeing verb: ``says("You", "adds", "add") == "You add"``."""
    return f"{subject(name)} {verb(name, third, base)}"


def end_prompt(name: str | None) -> str:
    """The prompt at the end of a game with one winner called ``name``, or, for None, with
    none when the turn limit ran out.

        >>> end_prompt("You"), end_prompt(None)
        ('You win!', 'The game ended in a draw: nobody won within the turn limit.')
    """
    if name is None:
        return "The game ended in a draw: nobody won within the turn limit."
    return f"{says(name, 'wins', 'win')}!"


def listed(names) -> str:
    """Several names as the subject of a sentence, "You" capitalised only at the start:

        >>> listed(["Ana", "You", "Bo"]), listed(["You", "Bo"]), listed(["Bo"]), listed([])
        ('Ana, you and Bo', 'You and Bo', 'Bo', 'nobody')

    (A verb after two or more names takes the plural: "Ana and you win".)"""
    said = [subject(n) if i == 0 else obj(n) for i, n in enumerate(names)]
    if not said:
        return "nobody"
    return said[0] if len(said) == 1 else ", ".join(said[:-1]) + " and " + said[-1]


def plural(n: int, noun: str, many: str | None = None) -> str:
    """A count and its noun, agreeing: ``plural(1, "card") == "1 card"``, ``plural(3, "card")
    == "3 cards"`` (``many``: an irregular plural, ``plural(2, "die", "dice")``).

        >>> plural(1, "card"), plural(0, "card"), plural(2, "die", "dice")
        ('1 card', '0 cards', '2 dice')
    """
    return f"{n} {noun if n == 1 else many or noun + 's'}"


def whose(names) -> str:
    """Whose something is, for one or several names: "your", "Ana's", "Ana and Bo's".

        >>> whose(["You"]), whose(["Ana"]), whose(["Ana", "Bo"]), whose(["Ana", "You"])
        ('your', "Ana's", "Ana and Bo's", "your and Ana's")
    """
    names = list(names)
    if len(names) > 1 and any(is_you(n) for n in names):      # "your and Ana's", you first
        others = [n for n in names if not is_you(n)]
        return f"your and {listed(others)}'s"
    return possessive(names[0]) if len(names) == 1 else f"{listed(names)}'s"


def theirs(name: str) -> str:
    """The possessive standing alone: "yours", "Bo's" ("not yours", "not Bo's")."""
    return "yours" if is_you(name) else f"{name}'s"


def addressed(name: str, text: str) -> str:
    """``text`` (said to "you") said to ``name`` by name, for a screen several people share:

        >>> addressed("Ana", "Your turn: claim a wand, or take a card.")
        'Ana, your turn: claim a wand, or take a card.'
        >>> addressed("Ana", "You may block."), addressed("Ana", "Block or pass?")
        ('Ana, you may block.', 'Ana: Block or pass?')
        >>> addressed("You", "Your turn."), addressed("Ana", "Ana's turn: roll the die.")
        ('Your turn.', "Ana's turn: roll the die.")
    """
    if is_you(name) or not text or text.startswith(name):
        return text
    for start in ("Your ", "You "):
        if text.startswith(start):
            return f"{name}, {text[0].lower()}{text[1:]}"
    return f"{name}: {text}"


def of_seat(name: str, words: str) -> str:
    """Words said to a seat ("pair your Goat Ninja with your Goat Lord") told of it by name,
    for a reader who is not that seat (a review of a bot's game):

        >>> of_seat("Bot Cal", "pair your Goat Ninja with your Goat Lord")
        'pair their Goat Ninja with their Goat Lord'
        >>> of_seat("You", "pair your Goat Ninja with your Goat Lord")
        'pair your Goat Ninja with your Goat Lord'
    """
    if is_you(name):
        return words
    for mine, theirs_ in (("yours", "theirs"), ("your", "their"), ("Your", "Their")):
        words = re.sub(rf"\b{mine}\b", theirs_, words)
    return words
