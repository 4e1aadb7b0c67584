"""BattleGoats cards as data (BG-R1, BG-R2, BG-R3).

No card is written in code: every card comes from a deck file. The game ships its own
``starter_deck.json`` (original goat-themed cards); a teacher who owns the box, or wants other
cards, writes a file in the same format and passes it to ``new_game(deck=...)``.

The deck file format (JSON)
---------------------------

.. code-block:: json

    {
      "format": "battlegoats-deck/1",
      "name": "My deck",
      "cards": [
        {"id": "lassokid", "name": "Lasso Kid", "type": "Goat", "power": 1, "copies": 2,
         "modifiers": [{"kind": "per_card_in_front", "amount": 4}],
         "flavor": "optional, a line of story"}
      ]
    }

Card fields:

============  =========================================================================
``id``        short name used in actions and views: 1-16 of ``a-z 0-9 _``, starting
              with a letter; unique in the deck
``name``      the printed name, 1-30 characters, unique in the deck
``type``      ``Hero``, ``Equipment``, ``Goat`` or ``Creature``
``power``     base power, a whole number from 0 to 30
``copies``    how many of this card the deck holds (1-12; optional, default 1)
``modifiers`` optional list (at most 4) from the vocabulary below
``flavor``    optional story text, at most 120 characters (no rules in it)
============  =========================================================================

Modifier vocabulary (``kind`` and its fields; ``amount`` is a whole number from 1 to 20):

=====================  ==============================  ======================================
kind                   fields                          effect
=====================  ==============================  ======================================
``per_card_in_front``  ``amount``                      + amount for each own card in the same
                                                       column nearer the front row
``per_adjacent``       ``amount``, optional ``type``   + amount for each own card up, down,
                                                       left or right (of that type, if given)
``vs_type``            ``amount``, ``type``            + amount when fighting a card of that type
``if_face_up``         ``amount``                      + amount while this card counts as face up
``vs_face_up``         ``amount``                      + amount when fighting a card that counts
                                                       as face up
``stays_face_up``      (none)                          after winning a fight it stays face up
``with_card``          ``amount``, ``card`` (a name)   + amount while a card of that name (not
                                                       itself) is on the same battlefield
``explodes``           (none)                          when defeated, the card it fought is
                                                       defeated too
=====================  ==============================  ======================================

A deck needs at least one Hero and eight other cards per player (checked by ``new_game``).

    >>> deck = starter_deck()
    >>> len(deck.cards), deck.count("Hero"), deck.count() - deck.count("Hero")
    (30, 7, 50)
    >>> deck.by_id["lassokid"].rules_text()
    '+4 for each of your cards in front of it'
    >>> load_deck({"cards": [{"id": "x", "name": "X", "type": "Goat", "power": 99}]})
    Traceback (most recent call last):
    ...
    goatwidgets.games.battlegoats.cards.DeckError: card 1 ('X') field 'power': must be a whole number from 0 to 30, not 99 (BG-R1)
"""

from __future__ import annotations

import json
import pathlib
import re
import stat
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ...engine import VariantError, quote

FORMAT = "battlegoats-deck/1"
TYPES = ("Hero", "Equipment", "Goat", "Creature")
#: modifier kind -> (required fields, optional fields) besides ``kind``
VOCABULARY: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "per_card_in_front": (("amount",), ()),
    "per_adjacent": (("amount",), ("type",)),
    "vs_type": (("amount", "type"), ()),
    "if_face_up": (("amount",), ()),
    "vs_face_up": (("amount",), ()),
    "stays_face_up": ((), ()),
    "with_card": (("amount", "card"), ()),
    "explodes": ((), ()),
}
CARD_FIELDS = ("id", "name", "type", "power", "copies", "modifiers", "flavor")
MAX_POWER, MAX_AMOUNT, MAX_COPIES, MAX_MODIFIERS = 30, 20, 12, 4
MAX_CARDS, MAX_FILE = 200, 1_000_000
ID_PATTERN = re.compile(r"[a-z][a-z0-9_]{0,15}\Z")
STARTER_PATH = pathlib.Path(__file__).with_name("starter_deck.json")


class DeckError(VariantError):
    """A deck file or deck data with a mistake; the message names the card and the field."""


@dataclass(frozen=True)
class Modifier:
    """One entry of the closed vocabulary (BG-R2)."""

    kind: str
    amount: int = 0
    type: str | None = None
    card: str | None = None

    def text(self, owner: str | None = None) -> str:
        """The modifier in plain words: '+4 for each of your cards in front of it'. ``owner``:
        the name of the card it is on ("+2 with another Billy Twin" only on a Billy Twin)."""
        n = f"+{self.amount}"
        if self.kind == "per_card_in_front":
            return f"{n} for each of your cards in front of it"
        if self.kind == "per_adjacent":
            what = f"{self.type} card" if self.type else "card"
            return f"{n} for each of your {what}s next to it"
        if self.kind == "vs_type":
            return f"{n} when it fights a {self.type}"
        if self.kind == "if_face_up":
            return f"{n} while it is face up"
        if self.kind == "vs_face_up":
            return f"{n} when it fights a face-up card"
        if self.kind == "stays_face_up":
            return "after a win it stays face up"
        if self.kind == "with_card":                     # BG-X2: never the card itself
            which = "another" if self.card == owner else "a"
            return f"{n} with {which} {self.card} on your battlefield"
        return "when it loses, the card it fought is lost too"

    def to_data(self) -> dict:
        data: dict[str, Any] = {"kind": self.kind}
        if VOCABULARY[self.kind][0] and "amount" in VOCABULARY[self.kind][0]:
            data["amount"] = self.amount
        if self.type is not None:
            data["type"] = self.type
        if self.card is not None:
            data["card"] = self.card
        return data


@dataclass(frozen=True)
class Card:
    """One card of a deck (copies share one ``Card``)."""

    id: str
    name: str
    type: str
    power: int
    copies: int = 1
    modifiers: tuple[Modifier, ...] = ()
    flavor: str = ""

    @property
    def is_hero(self) -> bool:
        return self.type == "Hero"

    def has(self, kind: str) -> bool:
        return any(m.kind == kind for m in self.modifiers)

    def rules_text(self) -> str:
        """Every modifier in plain words, joined by '; ' ('' for a plain card)."""
        return "; ".join(m.text(self.name) for m in self.modifiers)

    def to_view(self) -> dict:
        """What the front end shows on the card."""
        return {"id": self.id, "name": self.name, "type": self.type, "power": self.power,
                "text": self.rules_text(), "flavor": self.flavor}

    def to_data(self) -> dict:
        data: dict[str, Any] = {"id": self.id, "name": self.name, "type": self.type,
                                "power": self.power, "copies": self.copies}
        if self.modifiers:
            data["modifiers"] = [m.to_data() for m in self.modifiers]
        if self.flavor:
            data["flavor"] = self.flavor
        return data


@dataclass(frozen=True)
class DeckList:
    """A validated deck: its cards (one entry per distinct card) and a name."""

    name: str
    cards: tuple[Card, ...]

    @property
    def by_id(self) -> dict[str, Card]:
        return _index(self)

    def count(self, type_: str | None = None) -> int:
        """How many cards (copies included), of one type or all."""
        return sum(c.copies for c in self.cards if type_ is None or c.type == type_)

    def ids(self, heroes: bool) -> list[str]:
        """Every copy's id, Heroes or the rest."""
        return [c.id for c in self.cards if c.is_hero == heroes for _ in range(c.copies)]

    def to_data(self) -> dict:
        return {"format": FORMAT, "name": self.name, "cards": [c.to_data() for c in self.cards]}


@lru_cache(maxsize=64)
def _index(deck: DeckList) -> dict[str, Card]:
    return {c.id: c for c in deck.cards}


def card_list(names) -> str:
    """Card names in a sentence, each once with its copies counted, in their order:

        >>> card_list(["Billy Twin", "Horn Polish", "Billy Twin", "Billy Twin", "Moon Owl"])
        'Billy Twin ×3, Horn Polish and Moon Owl'
        >>> card_list(["Moon Owl"]), card_list([])
        ('Moon Owl', 'nothing')
    """
    counts: dict[str, int] = {}
    for name in names:
        counts[name] = counts.get(name, 0) + 1
    said = [name if k == 1 else f"{name} ×{k}" for name, k in counts.items()]
    if not said:
        return "nothing"
    return said[0] if len(said) == 1 else ", ".join(said[:-1]) + " and " + said[-1]


def _whole(value, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def brief(value) -> str:
    """A bad value, short and safe to show: a container by its size (never the repr of a huge
    or deeply nested one), anything else quoted (a huge number by its digits)."""
    if isinstance(value, (list, tuple, dict, set)):
        n = len(value)
        return f"a {type(value).__name__} of {n} item{'s' * (n != 1)}"
    return quote(value)


def _key(key) -> str:
    """A field name from the data, short and safe to show (a key need not be text)."""
    return key[:30] if isinstance(key, str) else brief(key)


def _text(value, max_len: int, blank: bool = False) -> bool:
    """Text of at most ``max_len`` characters that can be shown and saved (UTF-8, no lone
    surrogate); not blank unless ``blank``."""
    if not isinstance(value, str) or len(value) > max_len or not (blank or value.strip()):
        return False
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _card(raw, number: int) -> Card:
    label = f"card {number}"
    if isinstance(raw, dict) and isinstance(raw.get("name"), str):
        label += f" ({raw['name'][:30]!r})"

    def bad(field: str, problem: str):
        return DeckError(f"{label} field {field!r}: {problem}", "BG-R1")

    if not isinstance(raw, dict):
        raise DeckError(f"{label}: a card must be an object with id, name, type and power, "
                        f"not {brief(raw)}", "BG-R1")
    for field in raw:
        if field not in CARD_FIELDS:
            raise bad(_key(field), f"is not a card field (fields: {', '.join(CARD_FIELDS)})")
    for field in ("id", "name", "type", "power"):
        if field not in raw:
            raise bad(field, "is missing")
    cid, name, type_, power = raw["id"], raw["name"], raw["type"], raw["power"]
    if not isinstance(cid, str) or not ID_PATTERN.match(cid):
        raise bad("id", f"must be 1-16 of a-z, 0-9 and _, starting with a letter, not "
                        f"{brief(cid)}")
    if not _text(name, 30):
        raise bad("name", f"must be text of 1 to 30 characters, not {brief(name)}")
    if type_ not in TYPES:
        raise bad("type", f"must be one of {', '.join(TYPES)}, not {brief(type_)}")
    if not _whole(power, 0, MAX_POWER):
        raise bad("power", f"must be a whole number from 0 to {MAX_POWER}, not {brief(power)}")
    copies = raw.get("copies", 1)
    if not _whole(copies, 1, MAX_COPIES):
        raise bad("copies", f"must be a whole number from 1 to {MAX_COPIES}, not "
                            f"{brief(copies)}")
    flavor = raw.get("flavor", "")
    if not _text(flavor, 120, blank=True):
        raise bad("flavor", f"must be text of at most 120 characters, not {brief(flavor)}")
    mods = raw.get("modifiers", [])
    if not isinstance(mods, list) or len(mods) > MAX_MODIFIERS:
        raise bad("modifiers", f"must be a list of at most {MAX_MODIFIERS} modifiers, not "
                               f"{brief(mods)}")
    modifiers = []
    for i, mod in enumerate(mods):
        where = f"modifiers[{i}]"
        if not isinstance(mod, dict) or not isinstance(mod.get("kind"), str) or (
                mod["kind"] not in VOCABULARY):
            kind = mod.get("kind") if isinstance(mod, dict) else mod
            raise bad(f"{where}.kind", f"must be one of {', '.join(VOCABULARY)}, not "
                                       f"{brief(kind)}")
        need, optional = VOCABULARY[mod["kind"]]
        for field in mod:
            if field != "kind" and field not in need + optional:
                raise bad(f"{where}.{_key(field)}", f"is not a field of {mod['kind']} "
                          f"(fields: {', '.join(need + optional) or 'none'})")
        for field in need:
            if field not in mod:
                raise bad(f"{where}.{field}", f"is missing ({mod['kind']} needs "
                                              f"{', '.join(need)})")
        if "amount" in mod and not _whole(mod["amount"], 1, MAX_AMOUNT):
            raise bad(f"{where}.amount", f"must be a whole number from 1 to {MAX_AMOUNT}, "
                                         f"not {brief(mod['amount'])}")
        if "type" in mod and mod["type"] not in TYPES:
            raise bad(f"{where}.type", f"must be one of {', '.join(TYPES)}, not "
                                       f"{brief(mod['type'])}")
        if "card" in mod and not _text(mod["card"], 30):
            raise bad(f"{where}.card", f"must be a card name, not {brief(mod['card'])}")
        modifiers.append(Modifier(mod["kind"], int(mod.get("amount", 0)), mod.get("type"),
                                  str(mod["card"]).strip() if "card" in mod else None))
    kinds = [m.kind for m in modifiers]
    if len(set(kinds)) != len(kinds):
        twice = next(k for k in kinds if kinds.count(k) > 1)
        raise bad("modifiers", f"lists {twice} twice; give it once with the whole amount")
    return Card(str(cid), str(name).strip(), type_, int(power), int(copies), tuple(modifiers),
                str(flavor))


def validate_deck(data) -> DeckList:
    """Deck data (a dict with ``cards``, or a list of cards) to a :class:`DeckList`;
    :class:`DeckError` naming the card and the field of the first mistake."""
    if isinstance(data, list):
        data = {"cards": data}
    if not isinstance(data, dict):
        raise DeckError(f"a deck must be an object with a 'cards' list, not {brief(data)}",
                        "BG-R1")
    extra = [_key(k) for k in data if k not in ("format", "name", "cards")]
    if extra:
        raise DeckError(f"deck field {extra[0]!r} is not a deck field (fields: format, "
                        "name, cards)", "BG-R1")
    if data.get("format", FORMAT) != FORMAT:
        raise DeckError(f"deck field 'format' must be {FORMAT!r}, not "
                        f"{brief(data.get('format'))}", "BG-R1")
    name = data.get("name", "deck")
    if not _text(name, 60, blank=True):
        raise DeckError(f"deck field 'name' must be text of at most 60 characters, not "
                        f"{brief(name)}", "BG-R1")
    raw = data.get("cards")
    if not isinstance(raw, list) or not 1 <= len(raw) <= MAX_CARDS:
        raise DeckError(f"deck field 'cards' must be a list of 1 to {MAX_CARDS} cards, not "
                        f"{brief(raw)}", "BG-R1")
    cards = [_card(c, i + 1) for i, c in enumerate(raw)]
    seen_ids: dict[str, int] = {}
    seen_names: dict[str, int] = {}
    for i, card in enumerate(cards):
        for field, key, seen in (("id", card.id, seen_ids), ("name", card.name.casefold(),
                                                             seen_names)):
            if key in seen:
                raise DeckError(f"card {i + 1} ({card.name!r}) field {field!r}: "
                                f"{getattr(card, field)!r} is already used by card "
                                f"{seen[key] + 1}; give each card its own", "BG-R1")
            seen[key] = i
    for i, card in enumerate(cards):
        for j, mod in enumerate(card.modifiers):
            if mod.card is not None and mod.card.casefold() not in seen_names:
                raise DeckError(f"card {i + 1} ({card.name!r}) field 'modifiers[{j}].card': "
                                f"no card of this deck is called {mod.card!r}", "BG-R1")
    # with_card names are matched without regard to case: store the deck's spelling
    spelled = {c.name.casefold(): c.name for c in cards}
    cards = [Card(c.id, c.name, c.type, c.power, c.copies, tuple(
        Modifier(m.kind, m.amount, m.type, spelled[m.card.casefold()] if m.card else None)
        for m in c.modifiers), c.flavor) for c in cards]
    return DeckList(str(name), tuple(cards))


def load_deck(source) -> DeckList:
    """A deck from a path (``str`` or ``pathlib.Path`` of a JSON file, see
    :func:`read_deck_file`), JSON text, deck data (dict or list) or a :class:`DeckList`;
    :class:`DeckError` on any mistake. For the person at the keyboard: a game's state (and so
    a saved game) takes deck data only, never a path (``new_game`` reads the file first)."""
    if isinstance(source, DeckList):
        return source
    if isinstance(source, pathlib.Path) or (isinstance(source, str)
                                            and not source.lstrip().startswith(("{", "["))):
        return read_deck_file(source)
    if isinstance(source, str):
        return _from_text(source, "deck text")
    return validate_deck(source)


def read_deck_file(path) -> DeckList:
    """The deck in the JSON file at ``path``: a plain file of at most ``MAX_FILE`` bytes
    (never a device, a pipe or a folder, which could be read for ever or never answer).

        >>> read_deck_file("/no/such/deck.json")
        Traceback (most recent call last):
        ...
        goatwidgets.games.battlegoats.cards.DeckError: no deck file '/no/such/deck.json' (BG-R1)
    """
    shown = repr(str(path)[:80])
    try:
        path = pathlib.Path(path)
        info = path.stat()
    except FileNotFoundError:
        raise DeckError(f"no deck file {shown}", "BG-R1") from None
    except ValueError:                       # a NUL or a lone surrogate in the name
        raise DeckError(f"{shown} can't be a file name", "BG-R1") from None
    except OSError as exc:
        raise DeckError(f"can't read deck file {shown}: {type(exc).__name__}", "BG-R1") from None
    if stat.S_ISDIR(info.st_mode):
        raise DeckError(f"{shown} is a folder, not a file", "BG-R1")
    if not stat.S_ISREG(info.st_mode):
        raise DeckError(f"{shown} is not a plain file (a device or a pipe is never read)",
                        "BG-R1")
    if info.st_size > MAX_FILE:
        raise DeckError(f"deck file {shown} is larger than {MAX_FILE:,} bytes", "BG-R1")
    try:
        with path.open("rb") as file:
            data = file.read(MAX_FILE + 1)
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise DeckError(f"deck file {shown} is not UTF-8 text", "BG-R1") from None
    except OSError as exc:
        raise DeckError(f"can't read deck file {shown}: {type(exc).__name__}", "BG-R1") from None
    return _from_text(text, f"deck file {path.name[:60]!r}")


def _small_int(digits: str) -> int:
    if len(digits) > 25:                     # no card value is that long; int() would balk
        raise ValueError(f"a number of {len(digits):,} digits")
    return int(digits)


def _from_text(text: str, what: str) -> DeckList:
    if len(text) > MAX_FILE:
        raise DeckError(f"{what} is longer than {MAX_FILE:,} characters", "BG-R1")
    try:
        data = json.loads(text, parse_int=_small_int)
    except (ValueError, RecursionError) as exc:
        raise DeckError(f"{what} is not valid JSON: {str(exc)[:100]}", "BG-R1") from None
    return validate_deck(data)


@lru_cache(maxsize=1)
def starter_deck() -> DeckList:
    """The deck shipped with the game (BG-R3)."""
    return read_deck_file(STARTER_PATH)
