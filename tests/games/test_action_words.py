"""Every action a person is shown is said in the board's words (issue 34 item 1; DESIGN.md,
"Words shown to a person"): ``state.action_words(action, seat)``, one function per game (its
``views.action_words``), said to ``seat``, who takes the action in that position.

For every game at two players and at its most, seeded bot games visit decision after decision;
at each, for every legal action of every deciding seat, the words

- are a lower-case imperative without a final full stop, and never hold the action's code
  form: not ``str(action)``, no coordinate like ``1:f1``, ``m2``, ``g2``, ``0,0u``, no card id
  like ``bleatbeard`` or ``goatini`` where the board writes a name;
- differ between the actions of one decision (so they can be a button's or advice's text);
- use only what the seat may know: the same in a copy where everything hidden from the seat is
  re-dealt (``state.redealt(seat, rng)``, the information test).

Every action kind of every game (``actions.KINDS``) appears in these games, and known-answer
tests built with each game's ``position`` check the exact words of a few actions of each kind.
``GOATWIDGETS_LONG`` plays more and longer games.
"""

from __future__ import annotations

import os
import random
import re
from importlib import import_module

import pytest

from goatwidgets.engine.bots import make_bot
from goatwidgets.games import REGISTRY
from goatwidgets.games.battlegoats import position as bg_position
from goatwidgets.games.floats_mcgoats import position as fm_position
from goatwidgets.games.goat_lords import position as gl_position
from goatwidgets.games.goat_lords.cards import CARD_IDS as GL_IDS
from goatwidgets.games.grab_your_goat import position as gy_position
from goatwidgets.games.grab_your_goat.cards import DECK_KINDS as GY_IDS
from goatwidgets.games.gruff_goats import position as gg_position

LONG = bool(os.environ.get("GOATWIDGETS_LONG"))
#: seeded games at each player count (two and the most), and the decisions checked in each
GAMES_PER_COUNT = 12 if LONG else 4
DECISIONS_PER_GAME = 2000 if LONG else 250

#: the variants that bring out every kind: a BattleGoats draft (pick), Goat Lords' Hypnotized
#: Goat that lets the player choose (take), Gruff Goats' dragon that carries trolls
VARIANTS = {"battlegoats": {"draft": True}, "goat_lords": {"hypnotized": "choose"},
            "gruff_goats": {"dragon_eats_trolls": True}}
GAMES = list(REGISTRY.values())

#: an action's code form inside words: a square or cell (``f1``, ``m2``, ``g2``, ``c4``), a
#: seat and square (``1:f1``), lattice coordinates (``0,0u``, ``1,0-1,1``)
CODE = re.compile(r"\b[a-z]\d{1,2}\b|\d\s*:\s*[a-z]|-?\d+\s*,\s*-?\d+")


def card_ids(state) -> re.Pattern | None:
    """The ids of cards whose board writes a name instead, as one pattern of whole words (a
    lower-case id in words is code)."""
    match state.game:
        case "battlegoats":
            ids = set(state.cards)
        case "goat_lords":
            ids = set(GL_IDS)
        case "grab_your_goat":
            ids = set(GY_IDS)
        case _:
            return None         # Floats has no cards; Gruff's wands, sizes, suits are words
    return re.compile(r"\b(?:" + "|".join(map(re.escape, sorted(ids))) + r")\b")


def seat_zero_casual(players: int) -> bool:
    """In the first two-player game seat 0 is the casual bot (it plays towards the game's
    later decisions); the rest are random (quick, and they try every kind of action)."""
    return players == 2


def kinds_of(info) -> set[str]:
    return set(import_module(f"{info.module_path}.actions").KINDS)


def faults(words: str, action, ids: re.Pattern | None) -> list[str]:
    """What is wrong with ``words`` for ``action`` (empty: nothing)."""
    out = []
    code = str(action)
    if not isinstance(words, str) or not words.strip():
        return [f"no words for {code!r}"]
    if not words[0].islower():
        out.append("does not start lower-case")
    if words.endswith("."):
        out.append("ends with a full stop")
    if words == code or (" " in code and re.search(rf"(?<!\w){re.escape(code)}(?!\w)", words)):
        out.append(f"holds the code form {code!r}")
    if re.search(r"\s'|\s\s|\(\s*\)|\s[,.:)]", words):
        out.append("has a gap where a word is missing")
    found = CODE.search(words)
    if found:
        out.append(f"holds the coordinate {found.group()!r}")
    named = ids.search(words) if ids is not None else None
    if named:
        out.append(f"holds the card id {named.group()!r}")
    return [f"{code!r} -> {words!r}: {f}" for f in out]


def check_decision(state, seat: int, rng: random.Random, ids) -> set[str]:
    """Check every legal action of ``seat`` now; return the kinds seen."""
    actions = state.legal_actions(seat)
    words = {a: state.action_words(a, seat) for a in actions}
    problems = [p for a, w in words.items() for p in faults(w, a, ids)]
    assert not problems, f"{state.game}, seat {seat}: {problems[:5]}"
    said: dict[str, str] = {}
    for a, w in words.items():
        assert w not in said, (f"{state.game}, seat {seat}: {str(a)!r} and {said[w]!r} both "
                               f"read {w!r}")
        said[w] = str(a)
    if state.hidden_information:
        other = state.redealt(seat, rng)
        for a, w in words.items():
            assert other.action_words(a, seat) == w, (
                f"{state.game}, seat {seat}: {str(a)!r} reads {w!r}, but "
                f"{other.action_words(a, seat)!r} where what the seat can't see is re-dealt")
    return {a.kind for a in actions}


@pytest.mark.parametrize("info", GAMES, ids=[info.id for info in GAMES])
def test_every_legal_action_is_said_in_words_only_from_what_the_seat_knows(info):
    kinds: set[str] = set()
    for players in sorted({2, info.players[1]}):
        rng = random.Random(f"{info.id}-{players}")
        for game in range(GAMES_PER_COUNT):
            variants = VARIANTS.get(info.id, {}) if game % 2 else {}
            state = info.module.new_game(players=players, seed=game, **variants)
            ids = card_ids(state)
            casual = game == 0 and seat_zero_casual(players)
            bots = [make_bot("casual" if casual and seat == 0 else "random", seed=game + seat)
                    for seat in range(players)]
            for _ in range(DECISIONS_PER_GAME):
                if state.is_over:
                    break
                for seat in state.deciders:
                    kinds |= check_decision(state, seat, rng, ids)
                seat = state.deciders[0]
                state.apply(bots[seat].choose(state, seat), seat=seat)
    missing = kinds_of(info) - kinds
    assert not missing, f"{info.id}: no decision offered {sorted(missing)}"


def test_the_state_takes_an_action_or_its_text_and_the_deciding_seat_by_default():
    s = gg_position(hands=["SSC", "HD"], goats=[{"big": "c5"}, {}], wands={"big": 0},
                    names=["Ana", "Bo"])
    action = s.parse_action("move big b5")
    assert s.action_words("move big b5") == s.action_words(action, 0) == \
        "move your big goat west onto the north side"


def test_a_game_without_words_says_the_notation():
    from tests.toygame import rules as toy
    s = toy.new_game(players=2, seed=1)
    action = s.legal_actions(0)[0]
    assert s.action_words(action, 0) == str(action)


# ---------------------------------------------------------------- known answers, per game


def bg_battle():
    """Ana's Billy Twin chosen to attack; Bo's front right Rock Golem face down, his back left
    Moon Owl face up (BG-R12: only it may be named)."""
    return bg_position(fields=[{"f1": "billytwin", "b2": "lassokid", "m2": "gruffini"},
                               {"f3": "golem", "b1": "moonowl", "m2": "troll"}],
                       face_up=["1:b1"], names=["Ana", "Bo"], aim="f1")


def bg_first():
    """Every battlefield laid out: Ana, drawn as the first to finish, names who attacks first."""
    return bg_position(fields=[["bleatbeard"] + HAND, ["boomhoof"] + HAND], phase="first",
                       finisher=0, names=["Ana", "Bo"])


#: eight cards of a hand or pack (each card at most once: a deck holds two of most)
HAND = ["lassokid", "pasturepal", "haybale", "climber", "golem", "bogwolf", "cavebat", "tamer"]
PACK = HAND[:7]

BATTLEGOATS = [
    (bg_battle, "target 1:f3", "attack Bo's front right card with your Billy Twin"),
    (bg_battle, "target 1:b1", "attack Bo's back left Moon Owl with your Billy Twin"),
    (bg_battle, "attack b2", "attack with your back middle Lasso Kid instead"),
    (bg_battle, "attack m2", "attack with your centre Great Gruffini instead"),
    (bg_battle, "cancel", "put your front left Billy Twin back and choose another card to "
                          "attack with"),
    (lambda: bg_position(fields=[{"f1": "billytwin"}, {"f3": "golem"}], names=["Ana", "Bo"]),
     "attack f1", "attack with your front left Billy Twin"),
    (lambda: bg_position(hands=[["bleatbeard"] + HAND, ["boomhoof"] + HAND], names=["Ana", "Bo"]),
     "place bleatbeard m3", "put your Captain Bleatbeard on your middle right square"),
    (lambda: bg_position(packs=[["cowbell"] + PACK, PACK + ["cowbell"]],
                         hands=[["bleatbeard"], ["boomhoof"]], names=["Ana", "Bo"], draft=True),
     "pick cowbell", "keep the Golden Cowbell from your pack"),
    (bg_first, "first 1", "choose Bo to attack first"),
    (bg_first, "first 0", "choose to attack first yourself"),
]

GL_TABLE = dict(players=2, names=["Ana", "Bo"],
                hands=[["ninja", "ninja", "fairy", "goatini"], ["fairy"]],
                actions=[["sneak", "atomic", "russian"], ["escape"]],
                herds=[["fairy fairy"], ["ladypug ladypug", "corn corn", "ninja lord"]],
                discard=["ninja"])


def gl_turn():
    return gl_position(**GL_TABLE)


def gl_answer(action: str):
    """Bo's answer after Ana plays ``action``."""
    def build():
        s = gl_position(**GL_TABLE)
        s.apply(action, seat=0)
        return s
    return build


GOAT_LORDS = [
    (gl_turn, "birth fairy goatini", "pair your Fairy Goat with your Goatini (a Birth)"),
    (gl_turn, "birth ninja ninja", "pair two of your Goat Ninja cards (a Birth)"),
    (gl_turn, "assist ninja", "pair your Goat Ninja with the Goat Ninja on the discard pile "
                              "(an Assisted Birth)"),
    (gl_turn, "duel 1 goatini", "duel Bo for the Ninja stack with your Goatini"),
    (gl_turn, "discard fairy", "discard your Fairy Goat and draw a card"),
    (gl_turn, "atomic 1", "play Atomic Goat on Bo"),
    (gl_turn, "sneak 1 2", "play Sneak-A-Goat: move Bo's Corn stack (stack 2) to the top of "
                           "their herd"),
    (gl_turn, "russian left", "play Russian Goatlette: everyone passes their top stack left"),
    (gl_answer("duel 1 ninja"), "escape", "call off Ana's duel with your Escape Goat"),
    (gl_answer("duel 1 ninja"), "pass", "pass and stop the duel"),
    (gl_answer("atomic 1"), "escape", "cancel Ana's Atomic Goat with your Escape Goat"),
    (gl_answer("atomic 1"), "allow", "let Ana's Atomic Goat happen"),
]


def gy_act():
    return gy_position(shepherds={0: "d6"}, goats={0: "b2"}, hands={0: ["tee", "cross", "tee"]},
                       up={"d5": "straight ns", "c6": "ski", "e6": "straight ew"}, phase="act",
                       names=["Ana", "Bo"])


def gy_after(action: str, **where):
    """Ana's decision after ``action`` ("roll <face>": the die shows that face), her shepherd
    on d6 and her goat on a4 unless ``where`` says otherwise."""
    def build():
        given = {"shepherds": {0: "d6"}, "goats": {0: "a4"}, "phase": "act", **where}
        s = gy_position(names=["Ana", "Bo"], **given)
        if action.startswith("roll "):
            s.preset(die=action.split()[1])
            action_now = "roll"
        else:
            action_now = action
        s.apply(action_now)
        return s
    return build


GRAB_YOUR_GOAT = [
    (lambda: gy_position(names=["Ana", "Bo"]), "roll", "roll the goat die"),
    (gy_act, "step d5", "step north onto the Straight path"),
    (gy_act, "step c6", "step west onto the Ski Lift"),
    (gy_act, "step d7", "step south onto the face-down card"),
    (gy_act, "play cross b2", "play your Crossroads on the face-down card under your goat"),
    (gy_act, "play tee c2", "play your T path on the face-down card two north and one west of "
                            "the Top"),
    (gy_act, "play tee e7", "play your T path on the face-down card three south and one east "
                            "of the Top"),
    (lambda: gy_position(shepherds={0: "b1"}, hands={0: ["tee", "cross", "tee"]},
                         up={"b1": "corner es"}, phase="act", names=["Ana", "Bo"]),
     "rotate sw", "turn the Corner path underfoot so its arrows point south and west"),
    (lambda: gy_position(shepherds={0: "a1"}, phase="act", names=["Ana", "Bo"]),
     "rotate nesw", "turn your house underfoot: it points every way, so this passes"),
    (lambda: gy_position(shepherds={0: "d4"}, goats={0: "a4"}, up={"f6": "ski"}, phase="act",
                         names=["Ana", "Bo"]),
     "lift f6", "ride the Ski Lift down to the Ski Lift two south and two east of the Top"),
    (lambda: gy_position(shepherds={0: "a1"}, phase="act", names=["Ana", "Bo"]),
     "step b1", "step east onto the face-down card"),
    (gy_after("roll choice", phase="roll"), "goat w", "send your goat west"),
    (gy_after("step d5", down={"d5": "corner"}, up={"d6": "straight ns"}), "orient sw",
     "lay the Corner path with its arrows pointing south and west"),
    (gy_after("step d5", down={"d5": "landslide"}, up={"d6": "straight ns"}), "slide e",
     "send the Landslide east"),
    (gy_after("step d4", shepherds={0: "d5"}, up={"d5": "straight ns"}), "throw e4",
     "throw Bo's goat east, onto the face-down card"),
    (gy_after("step d4", shepherds={0: "d5"}, goats={0: "a4", 1: "a5"},
              up={"d5": "straight ns"}), "reveal f7",
     "turn up the face-down card three south and two east of the Top"),
    (gy_after("step d4", shepherds={0: "d5"}, goats={0: "a4", 1: "a5"},
              up={"d5": "straight ns"}), "pass", "don't turn a card up"),
]


def gg_block():
    s = gg_position(hands=["SSC", "SHD"], goats=[{"big": "c5"}, {}], names=["Ana", "Bo"])
    s.apply("claim big")
    return s


def gg_answer():
    s = gg_block()
    s.apply("block", seat=1)
    return s


GRUFF_GOATS = [
    (lambda: gg_position(hands=["SSC", "HD"], names=["Ana", "Bo"]), "draw", "take a card"),
    (lambda: gg_position(hands=["SSC", "HD"], wands={"big": 1}, names=["Ana", "Bo"]),
     "claim big", "claim the big goat wand from Bo, putting down a spades card"),
    (gg_block, "block", "block Ana's claim to the big goat wand, putting down a spades card"),
    (gg_block, "pass", "pass: let Ana's claim to the big goat wand go on"),
    (gg_answer, "again", "put down another spades card to claim the big goat wand again"),
    (gg_answer, "stop", "give up your claim to the big goat wand"),
    (lambda: gg_position(hands=["SSC", "HD"], goats=[{"big": "c5"}, {}], wands={"big": 0},
                         names=["Ana", "Bo"]),
     "move big c4", "move your big goat south onto the north bridge, where a troll is"),
    (lambda: gg_position(hands=["CSC", "HD"], wands={"troll": 0}, names=["Ana", "Bo"]),
     "troll c4 d3", "move the troll from the north bridge to the east bridge"),
    (lambda: gg_position(hands=["CDHS", "HD"], wands={"dragon": 0}, names=["Ana", "Bo"]),
     "dragon 1 little", "send the dragon to eat Bo's little goat"),
    (lambda: gg_position(hands=["CDHS", "HD"], wands={"dragon": 0}, names=["Ana", "Bo"],
                         dragon_eats_trolls=True),
     "dragon troll c2 b3", "send the dragon to carry the troll from the south bridge to the "
                           "west bridge"),
    (lambda: gg_position(hands=["SSC", "HD"], goats=[{"big": None}, {}],
                         placing=[(0, "big")], names=["Ana", "Bo"]),
     "place big a5", "put your big goat back on the north-west corner"),
]


def fm_rolled(face: str, **where):
    def build():
        s = fm_position(names=["Ana", "Bo"], **where)
        s.preset(die=face)
        s.apply("roll")
        return s
    return build


def fm_held():
    """Ana holds the stick she picked up from the bottom of the triangle two right of the
    anchors' (Move two sticks)."""
    s = fm_rolled("move_two", sticks=["0,1-1,0", "1,0-2,0"])()
    s.apply("move 1,0-2,0")
    return s


def fm_shark():
    """The shark, on the triangle below the anchors' triangle, attacks Bo's goat left of it:
    Ana may follow it with her goat."""
    s = fm_rolled("shark", sticks=["0,1-1,0"], shark="0,-1d",
                  goats={"0,0u": [(0, "mama")], "-1,0d": [(1, "mama")]})()
    s.apply("shark -1,0d")
    return s


FLOATS = [
    (lambda: fm_position(names=["Ana", "Bo"]), "roll", "roll the die"),
    (lambda: fm_position(names=["Ana", "Bo"]), "mama 0,0u",
     "put a mama goat on the triangle between the anchors"),
    (lambda: fm_position(goats={"0,0u": [(1, "mama")]}, names=["Ana", "Bo"]), "baby 0,-1d",
     "put your baby goat on the triangle one down from the anchors' triangle"),
    (fm_rolled("add"), "stick 0,1-1,0",
     "add a stick along the right side of the triangle between the anchors"),
    (fm_rolled("add"), "stick 1,0-2,0",
     "add a stick along the bottom side of the triangle two right from the anchors' triangle"),
    (fm_rolled("flip", sticks=["0,1-1,0"]), "flip 0,1-1,0",
     "flip the light stick along the right side of the triangle between the anchors to dark"),
    (fm_rolled("shark", sticks=["0,1-1,0"], goats={"0,0u": [(1, "mama")]}), "shark 0,0u",
     "send the shark at Bo's mama goat on the triangle between the anchors"),
    (fm_rolled("fight", goats={"0,0u": [(1, "mama")], "-1,0d": [(0, "mama")]}),
     "fight -1,0d 0,0u", "swap your mama goat on the triangle one left from the anchors' "
                         "triangle with Bo's mama goat on the triangle between the anchors"),
    (fm_rolled("move_two", sticks=["0,1-1,0", "1,0-2,0"]), "move 1,0-2,0",
     "pick up the light stick along the bottom side of the triangle two right from the anchors' "
     "triangle to move it"),
    (fm_held, "drop -1,1-0,1", "put the stick down along the bottom side "
                                                 "of the triangle one up and one left from "
                                                 "the anchors' triangle"),
    (fm_shark, "follow 0,0u", "move your mama goat from the triangle between the anchors into "
                              "the spot the shark left"),
    (fm_shark, "stay", "stay: don't follow the shark"),
    (fm_rolled("love", sticks=["0,1-1,0"], goats={"0,0u": [(0, "mama")], "0,0d": [(0, "baby")]}),
     "love 0,0u 0,0d", "stack your mama goat from the triangle between the anchors onto your "
                       "baby goat on the triangle one right from the anchors' triangle"),
]

KNOWN = [(game, build, text, words) for game, table in (
    ("battlegoats", BATTLEGOATS), ("goat_lords", GOAT_LORDS), ("grab_your_goat", GRAB_YOUR_GOAT),
    ("gruff_goats", GRUFF_GOATS), ("floats_mcgoats", FLOATS)) for build, text, words in table]


@pytest.mark.parametrize("game,build,text,words", KNOWN,
                         ids=[f"{k[0]}:{k[2]}" for k in KNOWN])
def test_known_words(game, build, text, words):
    state = build()
    seat = state.deciders[0]
    assert text in [str(a) for a in state.legal_actions(seat)], (
        f"{text!r} is not legal here: {[str(a) for a in state.legal_actions(seat)][:20]}")
    assert state.action_words(text, seat) == words

