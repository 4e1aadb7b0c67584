"""Goat Lords saves and positions (issue 23, issue 25): a save or a built position is a
position the rules (``../shared/rules/goat_lords.rulings.md``) could reach, so saves round-trip
mid-duel, saves written before the one-shape change still load (fixtures in
``tests/games/saves/goat_lords/``), forged saves name the field that cannot be, every position
play reaches passes the save checks, and the position builder refuses impossible or hostile
arguments by name.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from goatwidgets.engine import SaveError, VariantError, make_bot, words
from goatwidgets.games import goat_lords
from goatwidgets.games.goat_lords import DEFAULT_EXTRA_PLAYS, new_game

from .helpers import CARDS, DUEL, HOSTILE, P, _mid_duel, _one_round_over, _rain_picks, _take_pick


def test_saves_round_trip_mid_duel_and_forged_saves_are_refused():
    s = P(**DUEL)
    s.apply("duel 1 ninja")
    text = s.to_json()
    loaded = goat_lords.State.from_json(text)
    assert loaded.to_json() == text and loaded.deciders == (1,)
    data = json.loads(text)
    data["root"]["position"]["hands"][0].append("lord")          # a card from nowhere
    with pytest.raises(SaveError):
        goat_lords.State.from_json(json.dumps(data))
    data = json.loads(text)
    data["root"]["position"]["herds"][1][0] = ["ninja", "fairy"]  # two kinds in a stack
    with pytest.raises(SaveError):
        goat_lords.State.from_json(json.dumps(data))
    data = json.loads(text)
    data["root"]["position"]["plays_left"] = -1
    with pytest.raises(SaveError) as info:
        goat_lords.State.from_json(json.dumps(data))
    assert "plays_left" in str(info.value)


SAVES = Path(__file__).parent.parent / "saves" / "goat_lords"


@pytest.mark.parametrize("name", sorted(p.name[:-5] for p in SAVES.glob("*.json")
                                        if not p.name.endswith(".views.json")))
def test_saves_written_before_the_one_shape_change_still_load(name):
    # issue 25: saves written by the code of a549e89 (a fresh game, mid-game 5- and 6-player
    # positions waiting for a duel answer, an Escape Goat question, a secret Raining Fire-Goats
    # pick with one seat chosen, a trash while the end of a turn's refills are queued, and a
    # finished game of several rounds) load, replay their journal and show every seat the
    # view the old code showed
    text = (SAVES / f"{name}.json").read_text()
    views = json.loads((SAVES / f"{name}.views.json").read_text())
    s = goat_lords.State.from_json(text)
    assert s.to_json() == text.strip()
    for seat in (None, *range(s.players)):
        assert json.loads(json.dumps(s.view(seat))) == views[str(seat)], (name, seat)


def test_an_impossible_position_is_refused():
    with pytest.raises(VariantError):
        P(hands=[["lord"] * 5, []])                               # only four Goat Lords
    with pytest.raises(VariantError):
        P(hands=[["ninja", "atomic"], []])                        # an action card in a hand
    with pytest.raises(VariantError):
        P(herds=[["ninja fairy"], []])


# ---------------------------------------------------------------------- forged saves (issue 23)

def _rooted(s):
    """The save of ``s`` with its position as the root (no journal): an edit of the root is
    then the whole forgery."""
    s.rebase()
    return json.loads(s.to_json())


def _forge(data, edit):
    """``data`` with ``edit(position, root)`` applied to its root (and to the saved state,
    which must equal the root when there is no journal)."""
    edit(data["root"]["position"], data["root"])
    data["state"] = json.loads(json.dumps(data["root"]))
    return json.dumps(data)


def _dealt_with_a_fourth():
    return new_game(players=6, seed=7)                     # the deal pauses for a trash


def _atomic_asked():
    s = P(3, actions=[["atomic"], ["loaf"], []], **CARDS)
    s.apply("atomic 1")
    return s


def _sneak_asked():
    s = P(3, actions=[["sneak"], ["loaf"], []], **CARDS)
    s.apply("sneak 1 2")
    return s


def _flower_asked():
    s = P(3, actions=[["flower"], ["loaf"], ["escape"]], pile_top=["corn"], **CARDS)
    s.apply("flower")
    return s


def _tossing():
    s = P(3, actions=[["santy"], [], []], pile_top=["corn", "dragon"],
          hands=[["ninja", "fairy", "baby", "ghoast", "foodie"], ["tgoat"], ["kraken"]],
          herds=[["ladypug ladypug"], [], []])
    s.apply("santy")
    s.apply("end")
    return s


def _mid_turn():
    return P(3, actions=[["loaf"], [], []], **CARDS)


def _rounds_over():
    s = P(hands=[["ninja"], []], herds=[["corn lord"], ["baby baby"]], pile=[],
          reshuffle_used=True, round=2, totals=[40, 95], target_score=100)
    s.apply("discard ninja")
    return s


def _set(**fields):
    def edit(pos, root):
        pos.update(fields)
    return edit


def _move_to_trash(seat, where="actions"):
    def edit(pos, root):
        pos["trash"] += pos[where][seat]
        pos[where][seat] = []
    return edit


def _move_hand_to_discards(seat):
    def edit(pos, root):
        root["decks"]["draw"]["discards"] += pos["hands"][seat]
        pos["hands"][seat] = []
    return edit


def _pending(**fields):
    def edit(pos, root):
        pos["pending"].update(fields)
    return edit


def _both(*edits):
    def edit(pos, root):
        for e in edits:
            e(pos, root)
    return edit


FORGED = {
    # pending decisions and the steps they pause
    "trash_without_a_fourth_card": (_dealt_with_a_fourth,
                                    lambda pos, root: _move_to_trash(pos["pending"]["seat"])(
                                        pos, root), "four face-down action cards"),
    "trash_outside_a_draw": (_dealt_with_a_fourth, _set(steps=[]), "steps"),
    "trash_with_a_card_named": (_dealt_with_a_fourth, _pending(card="atomic"), "pending.card"),
    "toss_without_its_step": (_tossing, _set(steps=[]), "steps"),
    "toss_steps_of_another_seat": (_tossing, lambda pos, root: pos["steps"].__setitem__(
        -1, ["next", 2, 0]), "steps"),
    "steps_while_nobody_is_asked": (_mid_turn, _set(steps=[["next", 0, 0]]), "steps"),
    "duel_answer_by_the_wrong_side": (_mid_duel, _pending(seat=0), "duel"),
    "duel_under_rain": (_mid_duel, _set(rain=True), "rain"),
    "duel_with_a_queue": (_mid_duel, _pending(queue=[0]), "pending.queue"),
    "escape_asked_of_a_seat_without_face_down_cards": (_atomic_asked, _move_to_trash(1),
                                                       "face-down"),
    "escape_without_its_target": (_atomic_asked, _pending(target=None), "pending.target"),
    "escape_for_a_card_not_played": (_atomic_asked, lambda pos, root: pos["trash"].remove(
        "atomic") or pos["actions"][0].append("atomic"), "trash"),
    "escape_on_a_stack_that_is_not_there": (_sneak_asked, _pending(arg=9), "pending.arg"),
    "escape_on_the_base_stack": (_sneak_asked, _pending(arg=1), "pending.arg"),
    "escape_queue_out_of_order": (_flower_asked, _pending(seat=2, queue=[1]), "pending.queue"),
    "escape_asked_of_the_player": (_flower_asked, _pending(seat=0), "pending.seat"),
    "take_from_an_empty_hand": (_take_pick, _move_hand_to_discards(1), "take"),
    "take_by_another_seat": (_take_pick, _pending(seat=2, target=1), "pending.seat"),
    "rain_picks_by_a_seat_with_one_card": (_rain_picks, _pending(queue=[0, 1, 2, 3]),
                                           "pending.queue"),
    "rain_picks_with_cards_already_aside": (_rain_picks, lambda pos, root: (
        pos["aside"][1].append("lord"), pos["hands"][1].remove("lord")), "aside"),
    # counters
    "plays_left_without_an_action": (_mid_turn, _set(plays_left=3), "plays_left"),
    "acted_with_no_play_left": (_mid_turn, _set(acted=True, plays_left=0), "plays_left"),
    "turn_zero_after_the_deal": (_mid_turn, _set(turn=0), "turn"),
    "turn_too_large": (_mid_turn, _set(turn=10**20), "turn"),
    "round_two_of_a_one_round_game": (_mid_turn, _set(round=2, first=1, turn=5), "round"),
    "round_past_the_turns": (lambda: P(3, target_score=500, **CARDS), _set(round=3, first=2),
                             "round"),
    "first_not_the_rounds_dealer": (_mid_turn, _set(first=2), "first"),
    "totals_in_a_one_round_game": (_mid_turn, _set(totals=[10, 0, 0]), "totals"),
    "totals_too_large": (_mid_turn, _set(totals=[10**20, 0, 0]), "totals"),
    "reshuffles_without_a_reshuffle": (_mid_turn, _set(reshuffles=1), "reshuffles"),
    "skips_without_loaf_of_goat": (_mid_turn, _set(skips=[0, 2, 0]), "skips"),
    "skips_of_the_player": (_mid_turn, lambda pos, root: (
        pos.update(skips=[1, 0, 0]), pos["trash"].append("loaf"),
        pos["actions"][0].remove("loaf")), "skips"),
    "rain_not_played": (_mid_turn, _set(rain=True, acted=True), "rain"),
    # chance state
    "draw_deck_that_reshuffles_itself": (_mid_turn, lambda pos, root: root["decks"]["draw"].update(
        reshuffle=True), "draw pile"),
    "action_card_on_the_discard_pile": (_mid_turn, lambda pos, root: (
        root["decks"]["draw"]["discards"].append("loaf"), pos["actions"][0].remove("loaf")),
        "discard pile"),
    # the end
    "winner_without_the_highest_total": (_one_round_over, _set(winners=[1]), "winners"),
    "winner_missing_from_a_tie": (_one_round_over, _set(totals=[10, 10], herds=[
        [["ghoast", "ghoast"]], [["baby", "baby"]]], winners=[0]), "winners"),
    "totals_not_the_herds_after_one_round": (_one_round_over, _set(totals=[0, 80], winners=[1]),
                                             "totals"),
    "over_before_the_target": (_rounds_over, _set(totals=[80, 50]), "target_score"),
    "over_with_cards_in_hand": (_one_round_over, lambda pos, root: (
        pos["hands"][1].extend(root["decks"]["draw"]["discards"][-1:]),
        root["decks"]["draw"]["discards"].pop()), "over"),
}


@pytest.mark.parametrize("case", sorted(FORGED))
def test_forged_saves_name_the_field_that_cannot_be(case):
    build, edit, words = FORGED[case]
    data = _rooted(build())
    goat_lords.State.from_json(json.dumps(data))            # the real one loads
    with pytest.raises(SaveError) as info:
        goat_lords.State.from_json(_forge(data, edit))
    assert words in str(info.value), str(info.value)


REACH_VARIANTS = [{}, {"hypnotized": "choose"}, {"reshuffle": "always"},
                  {"target_score": 150, "max_turns": 400},
                  {"extra_plays": {c: 2 for c in DEFAULT_EXTRA_PLAYS}}, {"action_cards": False},
                  {"max_turns": 7}, {"extra_plays": {c: 0 for c in DEFAULT_EXTRA_PLAYS}}]


@pytest.mark.parametrize("game", range(16))
def test_every_position_play_reaches_passes_the_save_checks(game):
    # the checks of forged saves never refuse a position the rules reach, and such a
    # position, made a root, loads from its own save
    s = new_game(players=2 + game % 5, seed=game, **REACH_VARIANTS[game % len(REACH_VARIANTS)])
    bot = make_bot("random" if game % 2 else "greedy", seed=game)
    r = random.Random(game)
    while True:
        s._check_position()
        if r.random() < 0.05:
            c = s.clone()
            c.rebase()
            assert goat_lords.State.from_json(c.to_json()).to_json() == c.to_json()
        if s.is_over:
            break
        seat = s.deciders[0]
        s.apply(bot.choose(s, seat), seat=seat)


def test_a_trash_while_drawing_after_the_last_play_under_rain_loads():
    # the end of the turn is queued, the set-aside cards not yet back, rain still in force
    s = P(actions=[["rain", "escape", "loaf"], []], pile_top=["atomic", "sneak", "corn"],
          hands=[["ninja", "fairy"], ["baby"]], herds=[["tgoat tgoat"], ["foodie foodie"]])
    s.apply("rain")
    s.apply("keep ninja")
    s.apply("discard ninja")                      # the last play: draws Atomic, Sneak
    assert s.pending.kind == "trash" and s.rain and s.aside[0] == ["fairy"]
    s.rebase()
    assert goat_lords.State.from_json(s.to_json()).to_json() == s.to_json()


POSITION_ARGS = ["players", "hands", "actions", "herds", "aside", "discard", "trash", "pile_top",
                 "pile", "current", "turn", "round", "totals", "rain", "skips",
                 "reshuffle_used", "seed", "names"]


@pytest.mark.parametrize("arg", POSITION_ARGS)
def test_position_refuses_hostile_arguments_naming_them(arg):
    # issue 23 items 3, 4 and 7: every argument of the builder gives a clear error
    for value in HOSTILE:
        try:
            s = goat_lords.position(**{arg: value})
        except VariantError as exc:
            assert len(str(exc)) < 400, str(exc)
            assert arg in str(exc) or arg in ("players", "seed", "names"), str(exc)
            continue
        assert goat_lords.State.from_json(s.to_json()).to_json() == s.to_json()   # accepted


def test_the_largest_numbers_accepted_save_and_load():
    # issue 23 item 4: anything accepted loads from its own save
    s = P(3, round=4, turn=100_000, totals=[99_999, 0, 5], target_score=100_000,
          max_turns=100_000, values={"lord": 1000, "corn": 1000}, skips=[0, 1, 0],
          trash=["loaf"], **CARDS)
    assert goat_lords.State.from_json(s.to_json()).to_json() == s.to_json()
    for bad in (dict(turn=100_001, max_turns=100_000), dict(totals=[10**13, 0]),
                dict(round=100_002), dict(turn=3000, max_turns=2999)):
        with pytest.raises(VariantError):
            P(**bad)
