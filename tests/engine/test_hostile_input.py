"""Hostile input, for every registered game (and the test game): everything comes from the
public API, as an attacker or a careless notebook would send it. Each is refused with the
game's clear error naming the field or rule, and the state stays exactly as it was."""

from __future__ import annotations

import json
import random

import pytest

from goatwidgets.engine import (
    ActionParseError,
    NotYourDecisionError,
    SaveError,
    VariantError,
    make_bot,
)
from goatwidgets.engine.errors import SeatError
from goatwidgets.engine.state import CHECKPOINT_EVERY
from goatwidgets.games import floats_mcgoats, load

from tests.registry import GAMES

IDS = [g.id for g in GAMES]


def short(value) -> str:
    """A readable test id for a hostile value (never a 5,000-digit number)."""
    try:
        text = repr(value)
    except ValueError:                          # an int too long to print
        return "huge-int"
    return text if len(text) <= 24 else text[:20] + f"..{len(text)}"


def played(module, players=2, seed=3, decisions=25):
    """A game after up to ``decisions`` random decisions, stopped before it would end."""
    s = module.new_game(players=players, seed=seed)
    bot = make_bot("random", seed=seed)
    for _ in range(decisions):
        seat = s.deciders[0]
        action = bot.choose(s, seat)
        trial = s.clone()
        trial.apply(action, seat=seat)
        if trial.is_over:
            break
        s.apply(action, seat=seat)
    return s


# ---------------------------------------------------------------------- oversized or odd text

@pytest.mark.parametrize("info", GAMES, ids=IDS)
@pytest.mark.parametrize("text", ["x" * 1_000_000, "mama 0,0" + " " * 16000 + "x",
                                  "bid " + "9" * 5000, "\x00" * 300], ids=short)
def test_oversized_action_text_is_refused_quickly_and_quoted_briefly(info, text):
    s = played(info.module)
    before = s.to_json()
    seat = s.deciders[0]
    with pytest.raises(ActionParseError) as err:
        s.apply(text, seat=seat)
    assert "at most 200 characters" in str(err.value) and len(str(err.value)) < 200
    with pytest.raises(ActionParseError):
        s.parse_action(text)
    assert s.to_json() == before


@pytest.mark.parametrize("info", GAMES, ids=IDS)
@pytest.mark.parametrize("action", [None, 42, 1.5, ["roll"], {"kind": "roll"}, b"roll"],
                         ids=short)
def test_an_action_that_is_not_text_or_an_action_is_refused(info, action):
    s = played(info.module)
    before = s.to_json()
    with pytest.raises(ActionParseError):
        s.apply(action, seat=s.deciders[0])
    assert isinstance(s.why_not(action, s.deciders[0]), ActionParseError)   # AttributeError
    assert s.to_json() == before


@pytest.mark.parametrize("info", GAMES, ids=IDS)
@pytest.mark.parametrize("seat", ["0", 0.0, 99, -1, True, None])
def test_a_seat_that_does_not_decide_is_refused(info, seat):
    s = played(info.module)
    if seat is None and len(s.deciders) == 1:
        return                                  # None means "the one deciding seat"
    before = s.to_json()
    legal = s.legal_actions(s.deciders[0])[0]
    with pytest.raises(NotYourDecisionError):
        s.apply(legal, seat=seat)
    assert s.to_json() == before
    other = next(x for x in range(s.players) if x not in s.deciders) if len(s.deciders) < \
        s.players else None
    if other is not None:
        assert s.legal_actions(other) == []      # a real seat without a decision: nothing


@pytest.mark.parametrize("info", GAMES, ids=IDS)
@pytest.mark.parametrize("seat", ["0", 0.0, 1.0, 99, -1, True, 10**5000, [0]], ids=short)
def test_one_check_of_the_seat_argument_for_every_projection(info, seat):
    """Issue 23 item 7: ``log_for("0")`` used to return seat 0's private lines while
    ``view("0")`` refused; ``prompt_for(1.0)`` raised TypeError; ``apply(a, seat=10**5000)``
    Python's raw digit-limit ValueError. Every seat argument gets one check and one error."""
    s = played(info.module)
    before = s.to_json()
    calls = [lambda: s.view(seat), lambda: s.log_for(seat), lambda: s.prompt_for(seat),
             lambda: s.legal_actions(seat), lambda: s.why_not("x", seat),
             lambda: s.apply(s.legal_actions(s.deciders[0])[0], seat=seat)]
    for call in calls:
        result = None
        try:
            result = call()
        except SeatError as err:
            assert err.rule == "seat" and len(str(err)) < 200, str(err)
            assert isinstance(err, NotYourDecisionError) and isinstance(err, VariantError)
        else:                                     # why_not returns the error it would raise
            assert isinstance(result, SeatError), (call, result)
    assert s.to_json() == before


# ---------------------------------------------------------------------- new_game and preset

@pytest.mark.parametrize("info", GAMES, ids=IDS)
@pytest.mark.parametrize("kwargs, field", [
    ({"names": 5}, "names"), ({"names": "ab"}, "names"), ({"names": ["A" * 500, "B"]}, "names"),
    ({"names": [None, "B"]}, "names"), ({"seed": 10**5000}, "seed"), ({"seed": -1}, "seed"),
    ({"seed": "7"}, "seed"), ({"players": "2"}, "players"), ({"players": 99}, "players"),
    ({"unknown_option": 1}, "variants"),
], ids=short)
def test_bad_new_game_options_get_the_games_error(info, kwargs, field):
    with pytest.raises(VariantError) as err:
        info.module.new_game(**{"players": 2, **kwargs})
    assert err.value.rule == field and len(str(err.value)) < 300


@pytest.mark.parametrize("info", GAMES, ids=IDS)
@pytest.mark.parametrize("value", [None, 5, ["ok", 7], {"a": 1}, "no such outcome"])
def test_a_preset_that_is_no_possible_outcome_is_refused(info, value):
    s = played(info.module)
    kinds = list(s.chance_kinds) + list(s.decks)
    before = s.to_json()
    for kind in kinds + ["nonsense"]:
        with pytest.raises(VariantError) as err:
            s.preset(**{kind: value})
        assert err.value.rule == "preset"
    assert s.to_json() == before


def test_floats_preset_must_be_a_face_of_the_configured_die():
    s = floats_mcgoats.new_game(faces={"add": 12})
    with pytest.raises(VariantError, match="'shark' is not a die outcome now"):
        s.preset(die="shark")                                   # FM-R8: no shark face
    s.preset(die="add")


@pytest.mark.parametrize("fields", [{"spot": [0, 0, "u"]}, {"spot": (0, 0, "x")},
                                    {"spot": ("0", 0, "u")}, {"stick": [[0, 0], [1, 0]]},
                                    {"stick": ((0, 0), (5, 5))}, {"spot": None}])
def test_floats_actions_check_their_fields(fields):
    with pytest.raises(ActionParseError):
        floats_mcgoats.Action("mama", **fields)


# ---------------------------------------------------------------------- saved games

def forged(text: str, edit) -> str:
    """Edit the starting position as an attacker would: root and final state alike, so only
    the field checks can notice."""
    data = json.loads(text)
    edit(data["root"])
    if not data["journal"]:
        data["state"] = json.loads(json.dumps(data["root"]))
    return json.dumps(data)


def leaves(value, path=()):
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from leaves(inner, path + (key,))
    elif isinstance(value, list) and value:
        for i, inner in enumerate(value):
            yield from leaves(inner, path + (i,))
    else:
        yield path


def set_path(data, path, value):
    for key in path[:-1]:
        data = data[key]
    data[path[-1]] = value


@pytest.mark.parametrize("info", GAMES, ids=IDS)
def test_every_field_of_a_saved_position_is_checked(info):
    """Each leaf of the saved starting position, replaced by a wrong value, is refused with a
    SaveError naming 'root' (or, where the value is one the rules allow, loads as a position
    that keeps every invariant)."""
    s = played(info.module, decisions=12)
    s.rebase()                                   # this position is the root; empty journal
    text = s.to_json()
    paths = [p for p in leaves(json.loads(text)["root"]["position"])]
    r = random.Random(5)
    bad_values = [-1, 10**9, "banana", None, [], {}, True, 1.5, "x" * 10_000]
    refused = 0
    for path in paths:
        for value in r.sample(bad_values, 4):
            attempt = forged(text, lambda root: set_path(root["position"], path, value))
            try:
                loaded = type(s).from_json(attempt)
            except SaveError as err:
                assert "'root'" in str(err) and len(str(err)) < 600, str(err)
                refused += 1
            else:
                loaded.check_invariants()
                loaded._check_position()
                assert type(s).from_json(loaded.to_json()).to_json() == loaded.to_json()
    assert refused >= len(paths)                 # most wrong values are refused outright


@pytest.mark.parametrize("edit, words", [
    (lambda r: r["position"]["supply"][0].update(mama=-1), "supply[0].mama"),
    (lambda r: r["position"].update(pile=-1), "pile"),
    (lambda r: r["position"].update(current=5), "current"),
    (lambda r: r["position"].update(face="banana", phase="add"), "face"),
    (lambda r: r["position"]["goats"].append([[0, 0, "u"], [[0, "unicorn"]]]), "unicorn"),
    (lambda r: r["position"].update(phase="drop"), "drop phase"),
    (lambda r: r["position"].update(moves_left=99), "moves_left"),
    (lambda r: r["position"].update(turn=-1000), "turn"),
    (lambda r: r["position"]["sticks"].append([[5, 5], [6, 5], "light"]), "stick"),
    (lambda r: r["position"]["sticks"].append([[0, 0], [9, 9], "light"]), "neighbours"),
    (lambda r: r["position"].update(shark=[7, 7, "u"]), "shark"),
    (lambda r: r.update(rng=[3, [1] * 10, None]), "random generator"),
    (lambda r: r["log"].append({"text": 5}), "log"),
])
def test_floats_forged_saves_named_in_the_issue_are_refused(edit, words):
    text = floats_mcgoats.new_game(seed=4).to_json()
    with pytest.raises(SaveError) as err:
        floats_mcgoats.State.from_json(forged(text, edit))
    assert "'root'" in str(err.value) and words in str(err.value), str(err.value)


@pytest.mark.parametrize("info", GAMES, ids=IDS)
@pytest.mark.parametrize("text", ["[" * 100_000, '{"a": Infinity}', '{"a": NaN}',
                                  '{"players": 1e999}', "9" * 100_000, " " * 6_000_000,
                                  '{"format": "goatwidgets/2", "game": "x"}', "null", ""],
                         ids=short)
def test_a_save_that_is_not_a_saved_game_gets_a_save_error(info, text):
    with pytest.raises(SaveError) as err:
        info.module.State.from_json(text)
    assert err.value.rule == "save" and len(str(err.value)) < 300
    with pytest.raises(SaveError):
        load(text)


@pytest.mark.parametrize("info", GAMES, ids=IDS)
@pytest.mark.parametrize("field, value", [("seed", 10**5000), ("players", 7), ("names", "ab"),
                                          ("variants", {"nope": 1}), ("variants", []),
                                          ("journal", [{"seat": 0, "action": "x" * 300,
                                                        "chance": []}]),
                                          ("journal", [{"preset": "die"}]),
                                          ("journal", [[1, 2]])], ids=short)
def test_bad_save_settings_are_refused_naming_the_field(info, field, value):
    data = json.loads(played(info.module, decisions=3).to_json())
    huge = isinstance(value, int) and value.bit_length() > 1000
    data[field] = "HUGE" if huge else value
    text = json.dumps(data).replace('"HUGE"', "1" + "0" * 5000)
    with pytest.raises(SaveError) as err:
        info.module.State.from_json(text)
    assert ("too large" if huge else f"'{field}'") in str(err.value), str(err.value)


# ---------------------------------------------------------------------- undo stays cheap

@pytest.mark.parametrize("info", GAMES, ids=IDS)
def test_undo_replays_at_most_a_checkpoints_worth_of_decisions(info, monkeypatch):
    """Undo restores the latest snapshot and replays from there: at 1,000 decisions it
    replays no more than at 10 (counted, not timed)."""
    s = info.module.new_game(players=2, seed=11)
    bot = make_bot("random", seed=2)
    decisions = 0
    while decisions < 1000:
        if s.is_over:
            s = info.module.new_game(players=2, seed=11 + decisions) if decisions < 50 else s
            if s.is_over:
                break
        seat = s.deciders[0]
        s.apply(bot.choose(s, seat), seat=seat)
        decisions += 1
    n = len(s.history)
    calls = []
    original = type(s).apply

    def counting(self, *args, **kwargs):
        calls.append(1)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(type(s), "apply", counting)
    before = s.clone()
    s.undo()
    assert len(calls) <= CHECKPOINT_EVERY, (len(calls), n)
    monkeypatch.undo()
    assert len(s.history) == n - 1
    assert s.history == before.history[:-1]


# ---------------------------------------------------------------------- issue 23: classes
# Each test below is one class of hole the audit found, run for every registered game.

PATHS = ["/dev/zero", "/etc/passwd", "/no/such/file.json", "deck.json",
         "http://example.invalid/deck.json", "file:///etc/passwd"]


@pytest.fixture
def no_files(monkeypatch):
    """Fail the test if anything opens a file (a save must never make the kernel read one)."""
    import builtins
    import io
    import os
    import pathlib

    import goatwidgets

    package = pathlib.Path(goatwidgets.__file__).resolve().parent
    opened = []

    def guard(original):
        def refuse(*args, **kwargs):
            target = args[0] if args else kwargs.get("file")
            if isinstance(target, (str, pathlib.Path)) and \
                    pathlib.Path(target).resolve().is_relative_to(package):
                return original(*args, **kwargs)     # the package's own data (starter deck)
            opened.append(target)
            raise AssertionError(f"a file was opened: {target!r}")
        return refuse

    for owner, name in [(builtins, "open"), (io, "open"), (os, "open"),
                        (pathlib.Path, "open"), (pathlib.Path, "read_text"),
                        (pathlib.Path, "read_bytes")]:
        original = getattr(owner, name)
        if owner is pathlib.Path:
            monkeypatch.setattr(owner, name, (lambda f: lambda self, *a, **k: f(self, *a, **k))(
                guard(original)))
        else:
            monkeypatch.setattr(owner, name, guard(original))
    return opened


@pytest.mark.parametrize("info", GAMES, ids=IDS)
def test_a_save_never_makes_the_kernel_open_a_file(info, no_files):
    """Issue 23 item 1: a save carries its options; an option that names a file (or a URL)
    must be refused as data, never followed, whichever option of whichever game it is."""
    data = json.loads(info.module.new_game(players=2, seed=1).to_json())
    options = list(data["variants"]) or ["any"]
    for option in options:
        for path in PATHS:
            forged_ = dict(data, variants=dict(data["variants"], **{option: path}))
            try:
                info.module.State.from_json(json.dumps(forged_))
            except SaveError as err:
                assert len(str(err)) < 400
                assert "No such file" not in str(err) and "Errno" not in str(err)
    assert not no_files


@pytest.mark.parametrize("info", GAMES, ids=IDS)
@pytest.mark.parametrize("gauss", ["1e999", "-1e999", "1e308"])
def test_a_random_state_must_be_finite_to_load(info, gauss):
    """Issue 23 item 2: an RNG state holding 1e999 (infinity) loaded, and the game's own
    to_json then wrote a save that from_json refused. What loads, saves and loads again."""
    data = json.loads(info.module.new_game(players=2, seed=1).to_json())
    for snap in (data["root"], data["state"]):
        snap["rng"][2] = "GAUSS"
    text = json.dumps(data).replace('"GAUSS"', gauss)
    if gauss == "1e308":                          # a finite number is a possible state
        s = info.module.State.from_json(text)
        assert info.module.State.from_json(s.to_json()).to_json() == s.to_json()
        return
    with pytest.raises(SaveError, match="too large"):
        info.module.State.from_json(text)


HOSTILE_OPTIONS = [10**5000, -10**30, 10**30, float("inf"), float("nan"), "Ana\ud800", -1, True,
                   1.5, "x", "x" * 100_000, [0] * 200_000, {"\ud800": 1}, object()]


def nested(depth: int):
    value: list = []
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize("info", GAMES, ids=IDS)
def test_every_option_takes_hostile_values_with_the_games_error(info):
    """Issue 23 item 4: numbers without bounds, text that can't be encoded, objects and deep
    nesting, in every option of every game: refused with a VariantError naming the option
    (never Python's raw digit-limit ValueError or a RecursionError), or accepted and then
    the game saves and loads."""
    options = list(info.module.new_game(players=2, seed=1).variants)
    for option in options:
        for value in HOSTILE_OPTIONS + [nested(5000)]:
            try:
                s = info.module.new_game(players=2, seed=1, **{option: value})
            except VariantError as err:
                assert len(str(err)) < 400, str(err)
                str(err).encode("utf-8")
            else:
                again = info.module.State.from_json(s.to_json())
                assert again.to_json() == s.to_json()


@pytest.mark.parametrize("info", GAMES, ids=IDS)
def test_text_that_cannot_be_encoded_never_enters_a_state(info):
    """Issue 23 item 5: a lone surrogate in a name, an action or a save is refused before it
    enters the state, so every update can still be sent to the page."""
    with pytest.raises(VariantError) as err:
        info.module.new_game(players=2, seed=1, names=["Ana\ud800", "Bo"])
    assert err.value.rule == "names"
    str(err.value).encode("utf-8")
    s = played(info.module)
    before = s.to_json()
    legal = str(s.legal_actions(s.deciders[0])[0])
    for text in [legal + "\ud800", "\udcff", legal[:-1] + "\ud800"]:
        with pytest.raises(ActionParseError) as err:
            s.apply(text, seat=s.deciders[0])
        str(err.value).encode("utf-8")
    assert s.to_json() == before
    data = json.loads(before)
    data["names"][0] = "SURROGATE"
    with pytest.raises(SaveError, match="'names'"):
        info.module.State.from_json(json.dumps(data).replace("SURROGATE", "Ana\\ud800"))
    data = json.loads(before)
    data["root"]["log"].append({"text": "SURROGATE"})
    with pytest.raises(SaveError):
        info.module.State.from_json(json.dumps(data).replace("SURROGATE", "x\\udfff"))


@pytest.mark.parametrize("info", GAMES, ids=IDS)
def test_presets_are_capped_at_what_a_save_holds(info):
    """Issue 23 item 4: preset() accepted 1,001 outcomes while a save holds 1,000."""
    s = info.module.new_game(players=2, seed=1)
    kind = next(iter(list(s.chance_kinds) + list(s.decks)), None)
    if kind is None:
        pytest.skip("no chance in this game")
    before = s.to_json()
    with pytest.raises(VariantError, match="at most 1000"):
        s.preset(**{kind: ["x"] * 1001})
    assert s.to_json() == before


def lesson_steps() -> list:
    """Every step of every registered lesson (their positions are built positions)."""
    from goatwidgets.games import REGISTRY

    return [pytest.param(step, id=f"{info.id}-{i + 1}") for info in REGISTRY.values()
            for i, step in enumerate(info.lesson().steps)]


@pytest.mark.parametrize("step", lesson_steps())
def test_a_built_position_always_loads_from_its_own_save(step):
    """Issue 23 item 3: a position builder accepted what a save refuses (a turn of 0 or -3),
    so its own save did not load. rebase() now runs the save's checks: every position a
    lesson builds loads from its own save, exactly."""
    s = step.position()
    text = s.to_json()
    assert type(s).from_json(text).to_json() == text


@pytest.mark.parametrize("info", [g for g in GAMES if g.lesson_path], ids=lambda g: g.id)
def test_a_position_builder_refuses_what_a_save_refuses(info):
    """Issue 23 item 3: Gruff Goats' position(turn=0) and turn=-3 were accepted, the save
    of that position then did not load, and a negative turn stretched the turn guard. Every
    whole-number argument of every builder, at hostile values: a VariantError, or a position
    that loads from its own save."""
    import inspect

    numbers = [name for name, p in inspect.signature(info.module.position).parameters.items()
               if isinstance(p.default, int) and not isinstance(p.default, bool)
               and name not in ("players", "seed")]
    for name in numbers:
        for value in [0, -3, 7, 10**30, 10**5000, True, 1.5, "1"]:
            try:
                s = info.module.position(players=2, **{name: value})
            except VariantError as err:
                assert len(str(err)) < 400, str(err)
            else:
                text = s.to_json()
                assert type(s).from_json(text).to_json() == text, (name, value)


# ---------------------------------------------------------------------- issue 33 item 5
# Cards in the wrong pile and counters the rules can't reach: each forged save below kept
# every card (nothing created or lost) and every field in its range, and loaded.

def _moved(text: str, edit) -> str:
    """Edit the root and the final state alike (a save whose journal replays onto it)."""
    data = json.loads(text)
    for snap in (data["root"], data["state"]):
        edit(snap)
    return json.dumps(data)


def _refused(module, text: str, *words: str) -> str:
    with pytest.raises(SaveError) as err:
        module.State.from_json(text)
    message = str(err.value)
    assert "'root'" in message and all(w in message for w in words), message
    return message


def _goat_into_box(snap, card="corn"):
    from goatwidgets.games.goat_lords.actions import sort_cards

    snap["decks"]["draw"]["pile"].remove(card)
    snap["position"]["box"] = sort_cards(snap["position"]["box"] + [card])


def test_goat_lords_a_goat_among_the_action_cards_out_of_the_game_is_refused():
    """Issue 33 item 5a: with action_cards=False the box holds the action cards out of the game
    (GL-R25); a goat moved there from the draw pile (one goat nobody can ever draw) loaded."""
    from goatwidgets.games import goat_lords

    text = goat_lords.new_game(players=2, seed=3, action_cards=False).to_json()
    _refused(goat_lords, _moved(text, _goat_into_box), "box", "'corn'", "GL-R25")
    unsorted = _moved(text, lambda snap: snap["position"]["box"].reverse())
    _refused(goat_lords, unsorted, "box", "card order")
    assert goat_lords.State.from_json(text).to_json() == text


def test_goat_lords_a_goat_in_the_trash_comes_only_from_atomic_goat():
    """Issue 33 item 5, the same class in Goat Lords' trash: goat and wild cards reach the
    trash only as the stack an Atomic Goat destroyed, right after it (GL-R15)."""
    from goatwidgets.games import goat_lords
    from goatwidgets.games.goat_lords import position

    def goat_into_trash(snap):
        snap["decks"]["draw"]["pile"].remove("corn")
        snap["position"]["trash"].append("corn")

    text = goat_lords.new_game(players=2, seed=3).to_json()
    _refused(goat_lords, _moved(text, goat_into_trash), "trash", "'corn'", "GL-R15")
    # a real Atomic Goat: its stack follows it into the trash, and that position loads
    s = position(hands=[["ninja", "fairy"], ["fairy"]], actions=[["atomic"], []],
                 herds=[[["tgoat", "tgoat"]], [["fairy", "fairy"], ["corn", "corn", "lord"]]],
                 discard=["dragon"], seed=3)
    s.apply("atomic 1")
    s.rebase()
    assert s.trash == ["atomic", "corn", "corn", "lord"]
    text = s.to_json()
    assert goat_lords.State.from_json(text).to_json() == text

    def split_stack(snap):                           # one card of the stack, not two
        trash = snap["position"]["trash"]
        snap["decks"]["draw"]["pile"] += trash[2:]
        del trash[2:]

    _refused(goat_lords, _moved(text, split_stack), "trash", "GL-R15")


def test_battlegoats_a_battle_turn_needs_a_card_defeated_per_attack():
    """Issue 33 item 5b: a save at battle turn 10 with no card ever defeated loaded. Turn t
    of the battle follows t - 1 attacks, each defeats at least one card and a tie both
    (BG-R9), and nothing leaves a discard pile: at least that many cards are there."""
    from goatwidgets.games import battlegoats

    s = battlegoats.new_game(players=2, seed=3)
    bot = make_bot("random", seed=3)
    while s.phase != "battle" or s.turn < 5:
        seat = s.deciders[0]
        s.apply(bot.choose(s, seat), seat=seat)
    s.rebase()
    text = s.to_json()
    assert battlegoats.State.from_json(text).to_json() == text
    lost = sum(map(len, s.discards))

    def never_defeated(snap):                        # every defeated card back, turn 10
        p = snap["position"]
        for seat, pile in enumerate(p["discards"]):
            for card in pile:
                p["fields"][seat][p["fields"][seat].index(None)] = card
            p["discards"][seat] = []
        p["turn"], p["last"] = 10, None

    _refused(battlegoats, _moved(text, never_defeated), "discards", "9 attacks", "BG-R9")

    def later(snap):                                 # more attacks than defeated cards
        p = snap["position"]
        p["turn"] += lost
        p["last"]["turn"] += lost

    _refused(battlegoats, _moved(text, later), "discards", "BG-R9")


def test_battlegoats_a_tie_counts_two_defeated_cards():
    """Issue 33 item 5b, exact: the last fight, a tie, defeated two cards (BG-R9), so a save
    whose discard piles hold one card per attack and no more is refused when the last attack
    was a tie, and loads when it was not."""
    from goatwidgets.games import battlegoats

    for seed in range(200):                          # a game whose last fight was a tie
        s = battlegoats.new_game(players=3, seed=seed)
        bot = make_bot("random", seed=seed)
        while not s.is_over and not (s.phase == "battle" and s.last is not None
                                     and len(s.last["defeated"]) == 2):
            seat = s.deciders[0]
            s.apply(bot.choose(s, seat), seat=seat)
        if not s.is_over:
            break
    assert s.phase == "battle" and len(s.last["defeated"]) == 2
    s.rebase()
    text = s.to_json()
    lost = sum(map(len, s.discards))

    def as_many_attacks_as_cards(snap):             # turn lost + 1: lost attacks so far
        p = snap["position"]
        p["turn"], p["last"]["turn"] = lost + 1, lost

    _refused(battlegoats, _moved(text, as_many_attacks_as_cards), "discards",
             f"at least {lost + 1} cards", "BG-R9")
    assert battlegoats.State.from_json(_moved(text, lambda snap: snap["position"].update(
        turn=lost, last={**snap["position"]["last"], "turn": lost - 1}))).turn == lost


def test_battlegoats_after_an_attack_the_next_seat_with_cards_attacks():
    """Issue 33 item 5, a counter the rules fix: after a fight the attack passes clockwise to
    the next seat with cards (BG-R9, BG-R11); a save naming another attacker loaded."""
    from goatwidgets.games import battlegoats

    s = battlegoats.new_game(players=3, seed=4)
    bot = make_bot("random", seed=4)
    while s.phase != "battle" or s.turn < 3:
        seat = s.deciders[0]
        s.apply(bot.choose(s, seat), seat=seat)
    s.rebase()
    text = s.to_json()
    assert battlegoats.State.from_json(text).to_json() == text
    other = next(x for x in range(3) if x != s.current and any(s.fields[x]))

    _refused(battlegoats, _moved(text, lambda snap: snap["position"].update(current=other)),
             "current", "BG-R11")


def test_battlegoats_a_hero_set_aside_with_the_other_cards_is_refused():
    """Issue 33 item 5, cards in the wrong pile: the deal sets aside the Heroes nobody was
    dealt apart from the other cards (BG-R5); a save swapping a Hero into the other pile (and
    a card into the Heroes') kept every card and loaded."""
    from goatwidgets.games import battlegoats

    text = battlegoats.new_game(players=2, seed=3).to_json()

    def swapped(snap):
        heroes, cards = (snap["decks"][name]["pile"] for name in ("heroes", "cards"))
        heroes[0], cards[0] = cards[0], heroes[0]

    _refused(battlegoats, _moved(text, swapped), "decks.", "Hero", "BG-R5")
    for field, value in (("reshuffle", True), ("name", "heroes")):   # as the other games
        _refused(battlegoats, _moved(text, lambda snap: snap["decks"]["cards"].update(
            {field: value})), "decks.cards", "BG-R5")
