"""Grab Your Goat! card data: the kinds of card, their arrows, the default mix and the die.

A card's arrows are a 4-bit mask, one bit per side: north 1, east 2, south 4, west 8
(``"nesw"`` in text, always in that order). A card's *shape* is its arrows before turning;
turning a card a quarter clockwise moves every arrow one side on (GY-R3).

    >>> mask_text(7), text_mask("sn"), mask_text(turn_cw(3))
    ('nes', 5, 'es')
    >>> [mask_text(m) for m in orientations("corner", back=8)]   # an arrow must point west
    ['sw', 'nw']
    >>> [mask_text(m) for m in orientations("straight", back=8)]
    ['ew']
    >>> [mask_text(m) for m in orientations("waterfall")]        # its one arrow, any way
    ['n', 'e', 's', 'w']
    >>> sum(DEFAULT_CARDS.values()), DEFAULT_CARDS["waterfall"]
    (70, 4)
"""

from __future__ import annotations

from functools import lru_cache

from ...engine import VariantError, quote
from ...engine.variants import counts

DIRS = ("n", "e", "s", "w")
BIT = {"n": 1, "e": 2, "s": 4, "w": 8}
OPPOSITE = {"n": "s", "e": "w", "s": "n", "w": "e"}
DIR_NAMES = {"n": "north", "e": "east", "s": "south", "w": "west"}

#: directional cards (GY-R3) and effect cards (GY-R4): the 70 cards of the game deck
PATHS = ("straight", "corner", "tee", "cross")
EFFECTS = ("coffee", "ski", "thicket", "wheat", "fog", "landslide", "mineshaft", "cliff",
           "waterfall")
DECK_KINDS = PATHS + EFFECTS
#: the five cards that are on the board from the start, face up (GY-R1)
FIXED_KINDS = ("top", "house")
ALL_KINDS = DECK_KINDS + FIXED_KINDS

NAMES = {
    "straight": "Straight path", "corner": "Corner path", "tee": "T path",
    "cross": "Crossroads", "coffee": "Coffee Bush", "ski": "Ski Lift", "thicket": "Thicket",
    "wheat": "Wheat Field", "fog": "Dense Fog", "landslide": "Landslide",
    "mineshaft": "Mineshaft", "cliff": "Steep Cliff", "waterfall": "Waterfall",
    "top": "Top of the Mountain", "house": "House",
}

#: GY-R3 / GY-R4 default mix (a variant option: ``new_game(cards={...})``)
DEFAULT_CARDS = {
    "straight": 14, "corner": 14, "tee": 14, "cross": 8,
    "coffee": 2, "ski": 2, "thicket": 2, "wheat": 2, "fog": 2, "landslide": 2,
    "mineshaft": 2, "cliff": 2, "waterfall": 4,
}

#: the arrows of each shape before turning
SHAPES = {"none": 0, "straight": 5, "corner": 3, "tee": 7, "cross": 15}
#: the shape of every kind; the four open effect cards may be given another shape
#: (GY-R33: a variant option ``exits={"coffee": "tee", ...}``)
BASE_SHAPE = {
    "straight": "straight", "corner": "corner", "tee": "tee", "cross": "cross",
    "coffee": "cross", "ski": "cross", "thicket": "cross", "wheat": "cross",
    "fog": "none", "landslide": "none", "mineshaft": "none", "cliff": "none",
    "waterfall": "none", "top": "cross", "house": "cross",
}
OPEN_EFFECTS = ("coffee", "ski", "thicket", "wheat")
#: no win on these four, even with your goat beside you (GY-R13)
NO_WIN = frozenset({"cliff", "mineshaft", "landslide", "waterfall"})

#: the goat die (GY-R5, a variant option ``die={...}``): compass faces and roller's choice
FACES = ("n", "e", "s", "w", "choice")
DEFAULT_DIE = {"n": 1, "e": 1, "s": 1, "w": 1, "choice": 2}
FACE_NAMES = {"n": "North", "e": "East", "s": "South", "w": "West",
              "choice": "Roller's choice"}

_TEXT = {m: "".join(d for d in DIRS if m & BIT[d]) for m in range(16)}
#: arrows as written in an action -> their mask
BIT_MASK = {t: m for m, t in _TEXT.items()}


def mask_text(mask: int) -> str:
    """``7`` -> ``"nes"``: the arrows of a mask, in the order n, e, s, w."""
    return _TEXT[mask]


def text_mask(text: str) -> int:
    """``"sn"`` -> ``5``; ``ValueError`` for anything but letters n, e, s, w (each once)."""
    letters = text.strip().lower()
    if not letters or any(c not in BIT for c in letters) or len(set(letters)) != len(letters):
        raise ValueError(f"arrows are written with the letters n, e, s, w, each at most once, "
                         f"like 'ne' or 'nes', not {text[:20]!r}")
    return sum(BIT[c] for c in letters)


def turn_cw(mask: int) -> int:
    """The arrows after a quarter turn clockwise (north becomes east)."""
    return ((mask << 1) | (mask >> 3)) & 15


def turn_ccw(mask: int) -> int:
    return ((mask >> 1) | (mask << 3)) & 15


def shape_of(kind: str, exits: dict | None = None) -> int:
    """The arrows of ``kind`` before turning (``exits`` may reshape the open effect cards)."""
    name = (exits or {}).get(kind) or BASE_SHAPE[kind]
    return SHAPES[name]


@lru_cache(maxsize=None)
def _rotations(shape: int) -> tuple[int, ...]:
    seen: list[int] = []
    mask = shape
    for _ in range(4):
        if mask not in seen:
            seen.append(mask)
        mask = turn_cw(mask)
    return tuple(seen)


def orientations(kind: str, back: int = 0, exits: dict | None = None) -> list[int]:
    """The different ways ``kind`` can lie face up. ``back``: a side bit one arrow must point
    to (GY-R7: back where the revealer came from); 0 for a free choice (GY-R11, GY-R29).
    A Waterfall's one arrow is always a free choice (GY-R4); cards without arrows lie one
    way only."""
    if kind == "waterfall":
        return [1, 2, 4, 8]
    options = list(_rotations(shape_of(kind, exits)))
    if back:
        options = [m for m in options if m & back] or options
    return options


def valid_arrows(kind: str, exits: dict | None = None) -> tuple[int, ...]:
    """Every arrow mask a face-up ``kind`` may show."""
    return tuple(orientations(kind, 0, exits))


def card_options(options: dict, players: int, need: int) -> dict:
    """The checked ``cards`` (GY-R3, GY-R4: kinds not named keep their default count; at
    least ``need`` cards in all), ``die`` (GY-R5) and ``exits`` (GY-R33) options of a game."""
    cards = counts(options["cards"], "cards", DECK_KINDS, "GY-R3", noun="card kind",
                   example="{'waterfall': 2}", high=200)
    mix = {k: cards.get(k, DEFAULT_CARDS[k]) for k in DECK_KINDS}
    if sum(mix.values()) < need:
        raise VariantError(f"the deck needs at least {need} cards for {players} players (44 "
                           f"on the board, 3 in each hand), not {sum(mix.values())}", "GY-R1")
    die = counts(options["die"], "die", FACES, "GY-R5", noun="face", high=100,
                 example="{'n': 1, 'e': 1, 's': 1, 'w': 1, 'choice': 2}")
    faces = {f: die.get(f, 0) for f in FACES}
    if not sum(faces.values()):
        raise VariantError("the die needs at least one face", "GY-R5")
    exits = options["exits"]
    if not isinstance(exits, dict) or any(k not in OPEN_EFFECTS for k in exits) or any(
            v not in ("straight", "corner", "tee", "cross") for v in exits.values()):
        raise VariantError(f"exits maps coffee, ski, thicket or wheat to a shape: straight, "
                           f"corner, tee or cross, not {quote(exits)}", "GY-R33")
    exits = {k: exits[k] for k in OPEN_EFFECTS if k in exits and exits[k] != "cross"}
    return {"cards": mix, "die": faces, "exits": exits}
