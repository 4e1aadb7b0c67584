"""BattleGoats rules: one test per ruling BG-R1…R16 and per reading BG-X1…
(``../shared/rules/battlegoats.rulings.md``), named after it, one per modifier of the
vocabulary and per worked example, deck files with mistakes and options with hostile values,
the secret simultaneous draft and layout and what a seat may see of them, the notation and its
refusals, the views at six players, the words and headlines a reader sees, the board's picture,
and a quick property run (2-6 players).
"""

from __future__ import annotations

import functools
import json
import os
import random
import types

import pytest

from goatwidgets.engine import (
    ActionParseError,
    IllegalActionError,
    NotYourDecisionError,
    VariantError,
    make_bot,
)
from goatwidgets.games import battlegoats as game
from goatwidgets.games.battlegoats import (
    OUR_READINGS,
    SQUARES,
    VOCABULARY,
    DeckError,
    load_deck,
    new_game,
    parse_action,
    position,
    starter_deck,
)
from goatwidgets.engine.words import obj, possessive, says, subject, verb
from goatwidgets.games.battlegoats.cards import STARTER_PATH
from goatwidgets.games.battlegoats.explain import RULES

from tests.games.checks import play_checked
from tests.information import check_information

from .helpers import _duel, everyone, fight, lay_out, power


def fighters(s, viewer):
    last = s.view(viewer)["last_attack"]
    return last["attacker"], last["defender"]


# ---------------------------------------------------------------- BG-R1 … BG-R3: cards


def test_bg_r1_cards_are_data_from_a_validated_json_file(tmp_path):
    deck = load_deck(STARTER_PATH)
    assert deck == starter_deck()
    lasso = deck.by_id["lassokid"]
    assert (lasso.name, lasso.type, lasso.power) == ("Lasso Kid", "Goat", 1)
    assert [m.kind for m in lasso.modifiers] == ["per_card_in_front"]
    small = {"name": "Tiny", "cards": [
        {"id": "h1", "name": "Hero One", "type": "Hero", "power": 5},
        {"id": "h2", "name": "Hero Two", "type": "Hero", "power": 6},
        {"id": "kid", "name": "Kid", "type": "Goat", "power": 2, "copies": 8,
         "modifiers": [{"kind": "per_adjacent", "amount": 1}]},
        {"id": "wolf", "name": "Wolf", "type": "Creature", "power": 3, "copies": 8}]}
    path = tmp_path / "tiny.json"
    path.write_text(json.dumps(small))
    for source in (path, str(path), small, json.dumps(small)):
        s = new_game(players=2, seed=1, deck=source)
        assert sorted(s.cards) == ["h1", "h2", "kid", "wolf"]
        assert s.decks["cards"].count == 0 and s.decks["heroes"].count == 0
        assert s.variants["deck"]["cards"][2]["copies"] == 8     # the save holds the cards
    assert new_game(players=2, seed=1).variants["deck"] is None


BAD_CARDS = [
    ({"id": "x", "name": "Odd Goat", "type": "Goat", "power": -1}, "card 1 ('Odd Goat') field 'power'"),
    ({"id": "x", "name": "Odd Goat", "type": "Sheep", "power": 1}, "field 'type'"),
    ({"id": "X Y", "name": "Odd Goat", "type": "Goat", "power": 1}, "field 'id'"),
    ({"id": "x", "name": "Odd Goat", "type": "Goat"}, "field 'power': is missing"),
    ({"id": "x", "name": "Odd Goat", "type": "Goat", "power": 1, "colour": "red"},
     "field 'colour'"),
    ({"id": "x", "name": "Odd Goat", "type": "Goat", "power": 1,
      "modifiers": [{"kind": "flies", "amount": 2}]}, "field 'modifiers[0].kind'"),
    ({"id": "x", "name": "Odd Goat", "type": "Goat", "power": 1,
      "modifiers": [{"kind": "vs_type", "amount": 2}]}, "field 'modifiers[0].type': is missing"),
    ({"id": "x", "name": "Odd Goat", "type": "Goat", "power": 1,
      "modifiers": [{"kind": "per_adjacent", "amount": 0}]}, "field 'modifiers[0].amount'"),
    ({"id": "x", "name": "Odd Goat", "type": "Goat", "power": 1,
      "modifiers": [{"kind": "with_card", "amount": 2, "card": "Nobody"}]},
     "field 'modifiers[0].card'"),
    ({"id": "x", "name": "Odd Goat", "type": "Goat", "power": 1,
      "modifiers": [{"kind": "explodes", "amount": 2}]}, "field 'modifiers[0].amount'"),
]


@pytest.mark.parametrize("card, names", BAD_CARDS, ids=[n for _, n in BAD_CARDS])
def test_a_deck_file_with_a_mistake_gets_an_error_naming_the_card_and_the_field(
        tmp_path, card, names):
    data = {"cards": [card]}
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    for source in (data, path):
        with pytest.raises(DeckError) as info:
            load_deck(source)
        assert names in str(info.value) and "card 1" in str(info.value)
        assert info.value.rule == "BG-R1"
    with pytest.raises(DeckError, match="card 1"):
        new_game(players=2, seed=1, deck=data)


def test_deck_mistakes_in_the_file_itself_and_in_its_later_cards(tmp_path):
    good = starter_deck().to_data()
    broken = json.loads(json.dumps(good))
    broken["cards"][7]["copies"] = 99
    with pytest.raises(DeckError, match=r"card 8 \('Lasso Kid'\) field 'copies'"):
        load_deck(broken)
    twice = json.loads(json.dumps(good))
    twice["cards"][9]["id"] = "lassokid"
    with pytest.raises(DeckError, match=r"card 10 .* field 'id'.*already used by card 8"):
        load_deck(twice)
    (tmp_path / "x.json").write_text("{not json")
    with pytest.raises(DeckError, match="not valid JSON"):
        load_deck(tmp_path / "x.json")
    with pytest.raises(DeckError, match="no deck file"):
        load_deck(tmp_path / "missing.json")
    few = {"cards": [c for c in good["cards"][:9] if c["id"] != "vonbilly"]}   # 4 others
    with pytest.raises(DeckError, match="need at least 2 Heroes and 16 other cards") as info:
        new_game(players=2, seed=0, deck=few)
    assert info.value.rule == "BG-R3"


def test_bg_r1_only_new_game_reads_a_deck_file_and_says_clearly_what_is_wrong(tmp_path):
    with pytest.raises(DeckError, match="deck must be deck data"):
        game.State(players=2, seed=1, deck=str(STARTER_PATH))   # the State takes data only
    assert new_game(players=2, seed=1, deck=str(STARTER_PATH)).variants["deck"]["cards"]
    with pytest.raises(DeckError, match="no deck file"):
        new_game(players=2, seed=1, deck=str(tmp_path / "missing.json"))
    (tmp_path / "bad.json").write_text("{not json")
    with pytest.raises(DeckError, match="not valid JSON"):
        new_game(players=2, seed=1, deck=tmp_path / "bad.json")
    with pytest.raises(DeckError, match="not a file"):
        new_game(players=2, seed=1, deck=tmp_path)
    with pytest.raises(DeckError, match="not a plain file"):
        new_game(players=2, seed=1, deck="/dev/zero")           # would read for ever
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    with pytest.raises(DeckError, match="not a plain file"):
        new_game(players=2, seed=1, deck=fifo)                  # would wait for ever
    for odd in ("a\x00b", "a\ud800"):
        with pytest.raises(DeckError, match="can't be a file name"):
            new_game(players=2, seed=1, deck=odd)


DEEP = functools.reduce(lambda inner, _: [inner], range(10_000), [])
HOSTILE = [10**5000, -1, True, 1.5, "x", "a\ud800", [0] * 200_000,
           {str(i): i for i in range(200_000)}, DEEP, {"cards": DEEP}, {"cards": [DEEP]},
           {"cards": [{"id": "x", "name": "X", "type": "Goat", "power": 10**5000}]},
           {"cards": [{"id": "x", "name": "X\ud800", "type": "Goat", "power": 1}]},
           {"cards": [{"id": "x", "name": "X", "type": "Goat", "power": 1,
                       "modifiers": [{"kind": ["per_adjacent"], "amount": 1}]}]}]


@pytest.mark.parametrize("option", ["deck", "draft", "mutual_defeat", "turns_per_player"])
@pytest.mark.parametrize("value", HOSTILE, ids=range(len(HOSTILE)))
def test_every_option_refuses_hostile_values_naming_the_option(option, value):
    try:
        s = new_game(players=2, seed=1, **{option: value})
    except VariantError as err:
        text = str(err)
        assert option in text or err.rule == "BG-R1" or "deck" in text, text
        assert len(text) < 400 and text.encode("utf-8")
    else:                                       # anything accepted saves and loads
        assert game.State.from_json(s.to_json()).to_json() == s.to_json()


@pytest.mark.parametrize("value", HOSTILE, ids=range(len(HOSTILE)))
def test_bg_r1_load_deck_refuses_hostile_data_with_a_deck_error(value):
    with pytest.raises(DeckError) as info:
        load_deck(value)
    assert len(str(info.value)) < 400 and str(info.value).encode("utf-8")


def test_bg_r2_the_modifier_vocabulary_is_closed_and_documented():
    assert set(VOCABULARY) == {"per_card_in_front", "per_adjacent", "vs_type", "if_face_up",
                               "vs_face_up", "stays_face_up", "with_card", "explodes"}
    for card in starter_deck().cards:
        for m in card.modifiers:
            assert m.kind in VOCABULARY and m.text()
    heroes = [c for c in starter_deck().cards if c.is_hero]
    assert all(c.modifiers for c in heroes)               # each Hero has an ability
    s = position(fields=[{"f1": "bleatbeard"}, {"f1": "golem"}])
    assert {a.kind for a in s.legal_actions()} == {"attack"}     # no ability replaces it


def test_bg_r3_the_starter_deck_covers_six_players_every_type_and_modifier():
    deck = starter_deck()
    assert deck.count("Hero") >= 6 and deck.count() - deck.count("Hero") >= 48
    assert {c.type for c in deck.cards} == {"Hero", "Equipment", "Goat", "Creature"}
    assert {m.kind for c in deck.cards for m in c.modifiers} == set(VOCABULARY)
    assert any(c.copies > 1 for c in deck.cards)
    kinds = {(m.kind, m.amount, m.type) for c in deck.cards for m in c.modifiers}
    assert ("per_card_in_front", 4, None) in kinds and ("per_adjacent", 1, None) in kinds
    assert not any("cowboy" in c.name.lower() or "soldier" in c.name.lower()
                   for c in deck.cards)                    # our own names
    s = new_game(players=6, seed=2)
    assert all(len(h) == 9 for h in s.hands)


# ---------------------------------------------------------------- modifiers and worked examples


def test_worked_example_four_per_card_in_front_makes_nine_in_the_back_row():
    s = position(fields=[{"f2": "pasturepal", "m2": "haybale", "b2": "lassokid"},
                         {"f1": "golem"}])
    assert s.power_terms("0:b2", 0)["sum"] == "1 base + 4 × 2 cards in front = 9"
    assert s.power_terms("0:b2", 0)["power"] == 9


def test_worked_example_an_adjacency_card_makes_eight_in_the_centre():
    s = position(fields=[{"f2": "pasturepal", "m1": "haybale", "m2": "shieldhorn",
                          "m3": "golem", "b2": "climber"}, {"f1": "golem"}])
    assert s.power_terms("0:m2", 0)["sum"] == "4 base + 1 × 4 neighbours = 8"


def test_modifier_per_card_in_front_counts_own_cards_nearer_the_front_in_the_column():
    s = position(fields=[{"f1": "pasturepal", "m2": "lassokid", "b1": "watchtower"},
                         {"f2": "lassokid", "m2": "golem", "b2": "troll"}])
    assert power(s, 0, "m2") == 1                 # nothing in front of it in column 2
    assert power(s, 0, "b1") == 2 + 2             # one card in front (f1)
    assert power(s, 1, "f2") == 1                 # the front row has nothing in front
    assert power(s, 1, "b2") == 6                 # troll: no per-card bonus of its own


def test_modifier_per_adjacent_counts_neighbours_and_may_ask_for_a_type():
    s = position(fields=[{"f1": "pasturepal", "f2": "herdleader", "f3": "golem",
                          "m2": "cowbell", "m1": "haybale"}, {"f1": "golem"}])
    assert power(s, 0, "f2") == 3 + 2 * 1         # Goat neighbours: f1 only (diagonal m1 no)
    assert power(s, 0, "m2") == 2 + 1 * 2         # cowbell: f2 and m1 (f1, f3: diagonal)
    assert power(s, 0, "m1") == 4


def test_modifier_vs_type_counts_against_that_type_only():
    s = position(fields=[{"f1": "tamer", "f2": "tamer"}, {"f1": "golem", "f2": "pasturepal"}])
    assert power(s, 0, "f1", against=(1, "f1")) == 2 + 4
    assert power(s, 0, "f1", against=(1, "f2")) == 2
    fight(s, "f1", "1:f1")                     # 6 against 7: the tamer loses
    assert s.last["defeated"] == ["attacker"]


def test_modifier_if_face_up_counts_while_the_card_counts_as_face_up():
    s = position(fields=[{"f1": "sunbather", "f2": "moonowl"}, {"f1": "golem"}],
                 face_up=["0:f1"])
    assert power(s, 0, "f1") == 2 + 3
    assert power(s, 0, "f2") == 3


def test_modifier_vs_face_up_counts_against_a_card_that_counts_as_face_up():
    s = position(fields=[{"f1": "sneakykid"}, {"f1": "sunbather", "f2": "pasturepal"}],
                 face_up=["1:f1"])
    assert power(s, 0, "f1", against=(1, "f1")) == 2 + 3
    assert power(s, 0, "f1", against=(1, "f2")) == 2


def test_modifier_stays_face_up_after_a_win_and_counts_from_the_next_turn():
    s = position(fields=[{"f1": "sunbather", "f2": "pasturepal"},
                         {"f1": "cavebat", "f2": "pasturepal", "f3": "sneakykid"}])
    fight(s, "f1", "1:f1")                     # 2 against 1
    assert s.last["attacker"]["power"] == 2 and s.up[0][0] == 2
    assert s.view(1)["battlefields"][0][0]["face_up"] is True
    assert s.counts_face_up(0, 0)                 # turn 2 began with it face up
    fight(s, "f3", "0:f1")                     # sneaky kid 2+3 against sunbather 2+3
    assert s.last["defeated"] == ["attacker", "defender"]


def test_modifier_with_card_counts_while_a_card_of_that_name_is_on_the_battlefield():
    s = position(fields=[{"f1": "hornpolish", "b3": "shieldhorn"}, {"f1": "hornpolish"}])
    assert power(s, 0, "f1") == 1 + 3
    assert power(s, 1, "f1") == 1
    assert s.power_terms("1:f1", 1)["sum"] == "1 base + 0 without Shieldhorn Guard = 1"


def test_modifier_explodes_takes_the_card_it_fought_down_too():
    s = position(fields=[{"f1": "climber", "f2": "pasturepal"}, {"f1": "kaboomkid", "f2": "golem"}])
    fight(s, "f1", "1:f1")                     # 5 against 2: the kid loses and explodes
    assert s.last["defeated"] == ["attacker", "defender"] and s.last["exploded"]
    assert s.discards[0][-1] == "climber" and s.discards[1][-1] == "kaboomkid"
    assert "exploded" in s.log[-1]


# ---------------------------------------------------------------- BG-R4 … BG-R8: setup


@pytest.mark.parametrize("players", [1, 7, "2", True])
def test_bg_r4_two_to_six_players(players):
    with pytest.raises(VariantError):
        new_game(players=players, seed=1)
    for n in range(2, 7):
        assert new_game(players=n, seed=1).players == n


def test_bg_r5_basic_deal_a_hero_and_eight_cards_the_rest_set_aside():
    s = new_game(players=4, seed=5)
    deck = starter_deck()
    for hand in s.hands:
        assert len(hand) == 9 and sum(deck.by_id[c].is_hero for c in hand) == 1
    assert s.view(None)["set_aside"] == 57 - 36
    assert s.phase == "layout" and s.deciders == (0, 1, 2, 3)
    assert "You were dealt" in s.log_for(0)[0] and s.log_for(1)[0] != s.log_for(0)[0]


def test_bg_r6_draft_picks_at_once_pass_right_and_the_last_card_comes_by_itself():
    s = new_game(players=3, seed=8, draft=True)
    assert all(len(h) == 1 and starter_deck().by_id[h[0]].is_hero for h in s.hands)
    assert all(len(p) == 8 for p in s.packs)
    before = [list(p) for p in s.packs]
    picks = {seat: s.legal_actions(seat)[-1].card for seat in range(3)}
    everyone(s, pick=lambda legal: legal[-1])
    for seat in range(3):
        assert picks[seat] in s.hands[seat]
        rest = list(before[(seat + 1) % 3])       # seat gets the pack of the seat on its left
        rest.remove(picks[(seat + 1) % 3])
        assert s.packs[seat] == sorted(rest)
    rounds = 1
    while s.phase == "draft":
        everyone(s)
        rounds += 1
    assert rounds == 7 and s.phase == "layout"
    assert all(len(h) == 9 for h in s.hands) and not any(s.packs)
    assert "last card" in s.log_for(0)[-1]


def test_bg_r6_picks_are_secret_until_everyone_has_picked():
    a = new_game(players=3, seed=8, draft=True)
    b = a.clone()
    first, last = a.legal_actions(0)[0], a.legal_actions(0)[-1]
    assert first != last
    a.apply(first, seat=0)
    b.apply(last, seat=0)
    for seat in (1, 2, None):
        assert a.view(seat) == b.view(seat) and a.log_for(seat) == b.log_for(seat)
    assert a.view(0)["my_choice"] == str(first) and "my_choice" not in a.view(1)
    assert a.view(1)["chosen"] == [0]
    with pytest.raises(NotYourDecisionError, match="already chosen"):
        a.apply(a._legal(0)[0], seat=0)
    for seat in range(3):
        check_information(a, seat, random.Random(seat))


def test_bg_r6_a_drafter_remembers_every_card_it_passed_even_when_a_copy_reaches_it():
    s = position(3, phase="draft", round=1, draft=True,
                 hands=[["bleatbeard"], ["kidsalot"], ["gruffini"]],
                 packs=[["pasturepal", "haybale", "climber", "golem", "troll", "cavebat",
                         "tamer", "cowbell"],
                        ["haybale", "climber", "golem", "troll", "cavebat", "tamer",
                         "cowbell", "bogwolf"],
                        ["pasturepal", "haybale", "lassokid", "shieldhorn", "kaboomkid",
                         "sunbather", "sneakykid", "moonowl"]])

    def round_of(picks):
        held = [list(p) for p in s.packs]
        for seat, card in enumerate(picks):
            s.apply(f"pick {card}", seat=seat)
        return [_without(h, c) for h, c in zip(held, picks)]

    passed_1 = round_of(["golem", "golem", "lassokid"])[0]       # a Pasture Pal among them
    assert "pasturepal" in passed_1
    passed_2 = round_of(["troll", "haybale", "climber"])[0]
    assert "pasturepal" in s.packs[0]            # another Pasture Pal reaches seat 0 ...
    assert s.view(0)["passed"] == sorted(passed_1 + passed_2)    # ... and none is forgotten
    passed_3 = round_of([s.packs[0][0], s.packs[1][0], s.packs[2][0]])[0]
    back = list(s.packs[0])                      # seat 0's first pack has come round to it
    assert back and all(c in passed_1 for c in back)
    expected = _without(passed_1, *back) + passed_2 + passed_3
    assert s.view(0)["passed"] == sorted(expected)
    s.check_invariants()


def test_bg_r6_a_card_seen_in_a_fight_does_not_leave_the_list_of_cards_passed_on():
    # seat 0 passed one Pasture Pal in the draft; seat 1's Pasture Pal may be that one or
    # another copy: seeing it fight (twice) is not seeing the passed card come back
    s = position(3, draft=True, passed=[["pasturepal"], [], []],
                 fields=[{"f1": "pasturepal", "f2": "golem"},
                         {"f1": "pasturepal", "f2": "cavebat"},
                         {"f1": "cavebat", "f2": "climber", "f3": "golem"}], current=1)
    fight(s, "f1", "2:f1")                       # 3 against 1: seat 1's Pasture Pal survives
    fight(s, "f3", "1:f1")                       # 7 against 3 ... it is gone now
    assert s.view(0)["passed"] == ["pasturepal"]
    s.check_invariants()


def _without(cards, *gone):
    rest = list(cards)
    for card in gone:
        rest.remove(card)
    return rest


def test_whether_a_seat_is_asked_never_depends_on_cards_others_cant_see():
    # a pack of two copies, a hand of two copies: still a decision (skipping it would tell
    # the others what that pack or hand holds); only public counts skip a decision
    s = position(phase="draft", round=7, draft=True,
                 hands=[["bleatbeard", "pasturepal", "haybale", "climber", "golem", "lassokid",
                         "troll"],
                        ["kidsalot", "pasturepal", "haybale", "haybale", "tamer", "hoofarmor",
                         "cavebat"]],
                 packs=[["pasturepal", "pasturepal"], ["sneakykid", "shieldhorn"]])
    assert s.deciders == (0, 1) and s.legal_actions(0) == [parse_action("pick pasturepal")]
    for seat in (0, 1):
        check_information(s, seat, random.Random(seat))
    s = position(phase="layout",
                 fields=[{"f1": "climber", "f2": "golem", "f3": "troll", "m1": "haybale",
                          "m2": "haybale", "m3": "hoofarmor", "b1": "bleatbeard"}, {}],
                 hands=[["pasturepal", "pasturepal"],
                        ["kidsalot", "pasturepal", "pasturepal", "haybale", "climber",
                         "lassokid", "golem", "tamer", "cavebat"]])
    assert s.deciders == (0, 1) and len(s.legal_actions(0)) == 2
    for seat in (0, 1):
        check_information(s, seat, random.Random(seat))


def test_bg_r7_layout_nine_cards_in_three_rows_and_cards_never_move():
    s = new_game(players=2, seed=3)
    legal = s.legal_actions(0)
    assert {a.square for a in legal} == set(SQUARES)
    assert {a.card for a in legal} == set(s.hands[0])
    s.apply(f"place {s.hands[0][0]} b2", seat=0)
    with pytest.raises(IllegalActionError, match="already there") as info:
        s.apply(f"place {s.hands[0][0]} b2", seat=0)
    assert info.value.rule == "BG-R7"
    with pytest.raises(IllegalActionError, match="not in your hand"):
        s.apply("place golem f1" if "golem" not in s.hands[0] else "place lassokid f1", seat=0)
    lay_out(s)
    assert all(None not in f for f in s.fields)
    assert {a.kind for a in s.legal_actions(s.finisher)} == {"first"}   # no move action


def test_bg_r8_a_seeded_seat_stands_in_for_the_first_to_finish_and_names_the_attacker():
    s = new_game(players=3, seed=3)
    for seat in (2, 0, 1):
        while seat in s.deciders and (seat != 2 or len(s.hands[2]) > 2):
            s.apply(s.legal_actions(seat)[0], seat=seat)
    s.preset(finisher="2")
    everyone(s)
    assert s.phase == "first" and s.deciders == (2,)
    assert [str(a) for a in s.legal_actions(2)] == ["first 0", "first 1", "first 2"]
    s.apply("first 2")                            # itself included
    assert s.to_move == 2
    s.apply(s.legal_actions(2)[0])
    s.apply(s.legal_actions(2)[0])
    assert s.to_move == 0                         # then the next seat, clockwise
    with pytest.raises(VariantError):
        new_game(players=2, seed=1).preset(finisher="4")


def test_bg_r8_every_seat_lays_out_secretly_and_at_once_from_the_start():
    s = new_game(players=3, seed=6)
    assert s.phase == "layout" and s.deciders == (0, 1, 2) and s.to_move is None
    card = s.hands[2][0]
    s.apply(f"place {card} b3", seat=2)          # the last seat need not wait for the others
    assert s.deciders == (0, 1, 2) and s.fields[2][SQUARES.index("b3")] == card
    other = s.clone()
    other.undo()
    other.apply(f"place {card} f1", seat=2)
    for seat in (0, 1, None):                    # where it went is seat 2's secret
        assert s.view(seat) == other.view(seat) and s.log_for(seat) == other.log_for(seat)
        assert s.prompt_for(seat) == other.prompt_for(seat)
    while 2 in s.deciders:
        s.apply(s.legal_actions(2)[0], seat=2)
    assert s.deciders == (0, 1) and s.cards_left(2) == 9 and s.phase == "layout"
    assert s.prompt_for(2).endswith("Player 1 and Player 2 are still laying out, in secret.")
    for seat in (0, 1):
        assert s.view(seat)["battlefields"][2] == [None] * 9
        check_information(s, seat, random.Random(seat))
    s.apply(s.legal_actions(0)[0], seat=0)
    s.apply(s.legal_actions(1)[0], seat=1)       # in any order
    lay_out(s)
    assert s.phase == "first" and s.deciders == (s.finisher,)
    assert s.view(0)["battlefields"][2] == [{"back": True}] * 9


def test_bg_r8_one_screen_takes_the_layouts_one_after_another_behind_the_cover():
    from goatwidgets import BattleGoats
    w = BattleGoats(players=3, seed=2, bots={1: "greedy"})
    assert w.state.cards_left(1) == 9                 # the bot laid out at once
    assert w.view["deciders"] == [0, 2] and w.viewer == 0
    if w.covered:                                     # two children: it starts covered
        w._dispatch({"type": "uncover", "version": w.version})
    for _ in range(8):
        w.play(w.legal[0]["text"])
    assert w.covered and w.viewer == 2 and "hand" not in w.view
    w._dispatch({"type": "uncover", "version": w.version})
    assert w.view["battlefields"][0] == [None] * 9 and len(w.view["hand"]) == 9


# ---------------------------------------------------------------- BG-R9 … BG-R16: battle


def test_bg_r9_higher_power_wins_the_loser_is_discarded_the_winner_turns_back_down():
    s = position(3, fields=[{"f1": "climber"}, {"b3": "pasturepal", "f1": "golem"},
                            {"m2": "haybale"}])
    assert [str(a) for a in s.legal_actions()] == ["attack f1"]
    s.apply("attack f1")
    targets = {(a.seat, a.target) for a in s.legal_actions() if a.kind == "target"}
    assert targets == {(1, "b3"), (1, "f1"), (2, "m2")}   # any card of any opponent
    s.apply("cancel")
    fight(s, "f1", "1:b3")                     # 5 against 3
    assert s.discards[1][-1] == "pasturepal" and s.fields[1][SQUARES.index("b3")] is None
    assert s.fields[0][0] == "climber" and s.up[0][0] is None and s.known[0][0]
    assert s.view(2)["battlefields"][0][0]["face_up"] is False


def test_bg_r9_a_tie_defeats_both_cards():
    s = position(fields=[{"f1": "pasturepal", "f2": "golem"}, {"f1": "pasturepal", "f2": "golem"}])
    fight(s, "f1", "1:f1")
    assert s.last["defeated"] == ["attacker", "defender"] and not s.last["exploded"]
    assert s.discards[0][-1] == s.discards[1][-1] == "pasturepal"
    assert "a tie" in s.log[-1]


def test_bg_r10_face_up_counts_only_from_the_start_of_a_turn_and_survivors_are_remembered():
    s = position(3, fields=[{"f1": "sunbather", "f2": "pasturepal"},
                            {"f1": "cavebat", "f2": "golem"}, {"f1": "golem"}])
    fight(s, "f1", "1:f1")
    assert s.last["attacker"]["power"] == 2       # not yet face up during its own win
    assert s.counts_face_up(0, 0)
    assert s.power_terms("0:f1", 2)["power"] == 5
    s2 = position(3, fields=[{"f1": "climber", "f2": "pasturepal"},
                             {"f1": "cavebat", "f2": "golem"}, {"f1": "golem"}])
    fight(s2, "f1", "1:f1")
    cell = s2.view(2)["battlefields"][0][0]
    assert cell["card"] == "climber" and cell["known"] and not cell["face_up"]
    assert not s2.counts_face_up(0, 0)


def test_bg_r11_a_player_must_attack_and_players_out_are_skipped():
    s = position(3, fields=[{"f1": "climber"}, {"f1": "cavebat"}, {"f1": "golem", "f2": "troll"}])
    assert {a.kind for a in s.legal_actions()} == {"attack"}
    fight(s, "f1", "1:f1")
    assert s.view(None)["out"] == [1]
    assert s.to_move == 2
    s.apply("attack f1")
    assert all(a.seat != 1 for a in s.legal_actions())
    with pytest.raises(IllegalActionError, match="out") as info:
        s.apply("target 1:f1")
    assert info.value.rule == "BG-R11"


def test_bg_r12_own_cards_face_up_to_you_others_as_backs_except_remembered():
    s = position(fields=[{"f1": "climber", "f2": "golem"}, {"f1": "pasturepal", "m2": "troll"}],
                 known=["1:m2"])
    mine = s.view(0)["battlefields"][0]
    theirs = s.view(0)["battlefields"][1]
    assert mine[0]["card"] == "climber" and mine[1]["card"] == "golem"
    assert theirs[0] == {"back": True} and theirs[4]["card"] == "troll"
    assert "pasturepal" not in json.dumps(s.view(0)) and "pasturepal" in json.dumps(s.view(1))
    assert s.view(None)["battlefields"][0][0] == {"back": True}


def test_bg_r13_the_last_player_with_a_card_wins():
    s = position(fields=[{"f1": "climber"}, {"f1": "pasturepal"}])
    fight(s, "f1", "1:f1")
    assert s.is_over and s.winners == (0,) and s.view(1)["end"] == "win"
    assert s.deciders == () and "wins" in s.log[-1]


@pytest.mark.parametrize("option, winners", [("shared", (0, 1)), ("none", ())])
def test_bg_r13_last_two_cards_defeating_each_other_use_the_table_option(option, winners):
    s = position(fields=[{"f1": "pasturepal"}, {"f1": "pasturepal"}], mutual_defeat=option)
    fight(s, "f1", "1:f1")
    assert s.is_over and s.winners == winners
    s = position(fields=[{"f1": "climber"}, {"f1": "kaboomkid"}], mutual_defeat=option)
    fight(s, "f1", "1:f1")                     # the last card explodes
    assert s.winners == winners
    with pytest.raises(VariantError):
        new_game(players=2, seed=0, mutual_defeat="maybe")


def test_bg_r14_the_turn_guard_ends_a_game_as_a_draw():
    s = position(fields=[{"f1": "pasturepal", "f2": "pasturepal", "f3": "haybale"},
                         {"f1": "pasturepal", "f2": "pasturepal", "f3": "haybale"}],
                 turns_per_player=1)
    assert s.max_turns == 2
    fight(s, "f1", "1:f1")
    fight(s, "f2", "0:f2")
    assert s.is_over and s.winners == () and s.end == "draw"
    assert new_game(players=3, seed=0).max_turns == 27
    with pytest.raises(VariantError):
        new_game(players=2, seed=0, turns_per_player=0)


def test_bg_r15_a_player_is_out_at_once_and_the_last_one_standing_wins():
    s = position(3, fields=[{"f1": "climber"}, {"f1": "cavebat"}, {"f1": "pasturepal"}])
    fight(s, "f1", "1:f1")
    assert "Player 2 has no cards left and is out." in s.log
    assert not s.is_over and s.to_move == 2
    fight(s, "f1", "0:f1")                     # 3 against 5
    assert s.is_over and s.winners == (0,)


def test_bg_r16_the_fight_shows_powers_to_all_and_terms_as_far_as_each_may_know():
    fields = [{"f1": "pasturepal", "f2": "herdleader", "f3": "golem", "m2": "haybale"},
              {"f1": "golem", "f2": "troll"}, {"b3": "troll"}]
    s = position(3, fields=fields)
    fight(s, "f2", "1:f1")
    owner, _ = fighters(s, 0)
    assert owner["sum"] == "3 base + 2 × 2 Goat neighbours = 7"
    for viewer in (1, 2, None):
        attacker, defender = fighters(s, viewer)
        assert attacker["power"] == 7 and defender["power"] == 7
        assert attacker["sum"] == "3 base + 4 from cards you can't see = 7"
        assert defender["sum"] == "7 base = 7"
    s = position(3, fields=fields, known=["0:f1", "0:f3", "0:m2"])
    fight(s, "f2", "1:f1")
    assert fighters(s, 2)[0]["sum"] == "3 base + 2 × 2 Goat neighbours = 7"


def test_bg_r16_power_terms_on_the_board_leave_a_lump_for_what_a_seat_cant_see():
    s = position(fields=[{"f1": "pasturepal", "f2": "herdleader", "m2": "lassokid"},
                         {"f1": "golem"}], known=["0:f2", "0:m2"])
    assert s.power_terms("0:f2", 0)["power"] == 3 + 2 * 2
    other = s.power_terms("0:f2", 1)
    assert other["power"] is None and other["sum"] == "3 base + ? from cards you can't see = ?"
    assert s.power_terms("0:m2", 1)["sum"] == "1 base + 4 × 1 card in front = 5"
    assert s.power_terms("0:f1", 1) is None
    assert s.view(1)["battlefields"][0][4]["power"] == 5


# ---------------------------------------------------------------- our readings


def test_readings_are_listed_and_worded():
    assert sorted(OUR_READINGS, key=lambda r: int(r[4:])) == [f"BG-X{i}" for i in range(1, 12)]
    assert all(f"BG-R{i}" in RULES for i in range(1, 17)) and set(OUR_READINGS) <= set(RULES)


def test_bg_x1_layout_one_card_at_a_time_the_last_by_itself_hidden_until_all_are_done():
    a = new_game(players=3, seed=6)
    b = a.clone()
    a.apply(a.legal_actions(0)[0], seat=0)
    b.apply(b.legal_actions(0)[-1], seat=0)
    assert a.fields[0] != b.fields[0]
    for seat in (1, 2, None):                     # nothing of seat 0's squares shows
        assert a.view(seat) == b.view(seat) and a.log_for(seat) == b.log_for(seat)
        assert a.view(seat)["battlefields"][0] == [None] * 9
        assert a.view(seat)["placed"][0] == 1     # only how many cards are down
        check_information(a, seat or 0, random.Random(4))
    decisions = 1
    while 0 in a.deciders:
        a.apply(a.legal_actions(0)[0], seat=0)
        decisions += 1
    assert decisions == 8 and a.deciders == (1, 2) and a.cards_left(0) == 9
    assert "last empty square" in a.log_for(0)[-1]
    for seat in (1, 2):
        assert a.view(seat)["battlefields"][0] == [None] * 9
        assert "lassokid" not in json.dumps(a.view(seat)["battlefields"])
        check_information(a, seat, random.Random(seat))
    a.apply(a.legal_actions(1)[0], seat=1)        # seat 0 sees nothing of seat 1's either
    assert a.view(0)["battlefields"][1] == [None] * 9
    assert a.view(1)["battlefields"][1].count(None) == 8
    lay_out(a)
    assert a.phase == "first" and decisions + 16 == len(a.history)
    assert a.view(1)["battlefields"][0] == [{"back": True}] * 9


def test_bg_x2_with_card_counts_once_and_never_itself():
    s = position(fields=[{"f1": "billytwin"}, {"f1": "golem"}])
    assert power(s, 0, "f1") == 3                 # alone: itself does not count
    s = position(fields=[{"f1": "billytwin", "f2": "billytwin", "f3": "billytwin"},
                         {"f1": "golem"}])
    assert power(s, 0, "f1") == 3 + 2             # two others: still +2 once


def test_bg_x3_cards_never_slide_forward_into_an_empty_square():
    s = position(fields=[{"f2": "pasturepal", "m2": "haybale", "b2": "lassokid"},
                         {"f1": "golem", "f2": "golem"}], current=1)
    fight(s, "f1", "0:f2")
    assert s.fields[0][SQUARES.index("f2")] is None
    assert power(s, 0, "b2") == 1 + 4 * 1


def test_bg_x4_type_and_face_up_bonuses_count_in_defence_too():
    s = position(fields=[{"f1": "golem", "f2": "pasturepal"}, {"f1": "tamer", "f2": "golem"}])
    fight(s, "f1", "1:f1")                     # golem 7 against the defending tamer 2+4
    assert s.last["defender"]["power"] == 6
    s = position(fields=[{"f1": "sunbather", "f2": "pasturepal"}, {"f1": "cavebat", "f2": "golem"}],
                 face_up=["0:f1"])
    fight(s, "f1", "1:f1")                     # 5 against the defending bat 1+4
    assert s.last["defender"]["power"] == 5 and s.last["defeated"] == ["attacker", "defender"]


def test_bg_x5_an_exploding_card_that_ties_or_wins_does_not_explode():
    s = position(fields=[{"f1": "haydragon", "f2": "golem"}, {"f1": "climber", "f2": "pasturepal"}])
    fight(s, "f1", "1:f1")                     # 5 against 5: plain tie
    assert s.last["defeated"] == ["attacker", "defender"] and not s.last["exploded"]
    s = position(fields=[{"f1": "haydragon", "f2": "golem"}, {"f1": "pasturepal", "f2": "golem"}])
    fight(s, "f1", "1:f1")
    assert s.last["defeated"] == ["defender"] and s.fields[0][0] == "haydragon"
    s = position(fields=[{"f1": "kaboomkid", "f2": "golem"}, {"f1": "haydragon", "f2": "golem"}])
    fight(s, "f1", "1:f1")                     # the kid explodes; no chain back
    assert s.last["exploded"] and s.fields[0][1] == "golem" and s.fields[1][1] == "golem"


def test_bg_x6_a_survivor_is_remembered_by_every_player_until_it_leaves():
    s = position(4, fields=[{"f1": "climber"}, {"f1": "cavebat", "f2": "golem"},
                            {"f1": "troll"}, {"f1": "hoofarmor"}])
    fight(s, "f1", "1:f1")
    for viewer in (1, 2, 3, None):
        assert s.view(viewer)["battlefields"][0][0]["card"] == "climber"
    fight(s, "f2", "0:f1")                     # golem beats the climber
    assert s.view(3)["battlefields"][0][0] is None and s.known[0][0] is False


def test_bg_x7_a_drafter_remembers_what_they_passed_not_who_holds_it():
    s = new_game(players=4, seed=9, draft=True)
    pack = list(s.packs[0])
    pick = s.legal_actions(0)[0].card
    everyone(s)
    pack.remove(pick)
    assert s.view(0)["passed"] == sorted(pack)
    assert s.view(1)["passed"] != s.view(0)["passed"]       # each seat sees only its own
    assert all(len(s.view(1)["battlefields"][o]) == 9 for o in range(4))
    for seat in range(4):
        check_information(s, seat, random.Random(seat))
    everyone(s)                                   # round 2: 6 more passed on
    assert 7 <= len(s.view(0)["passed"]) <= 7 + 6     # copies it was handed back may cancel


def test_bg_x8_a_game_stopped_by_the_turn_guard_has_no_winner():
    s = position(fields=[{"f1": "pasturepal", "f2": "pasturepal", "f3": "haybale"},
                         {"f1": "pasturepal", "f2": "pasturepal", "f3": "haybale"}],
                 turns_per_player=1)
    fight(s, "f1", "1:f1")
    fight(s, "f2", "0:f2")
    assert s.is_over and s.winners == () and s.end == "draw"
    assert s.prompt_for(0) == "The game is over: nobody won."


def test_bg_x9_scores_count_the_cards_still_in_play():
    s = position(3, fields=[{"f1": "climber", "f2": "golem"}, {"f1": "cavebat"}, {"f1": "troll"}])
    assert s.scores == (2, 1, 1)
    fight(s, "f1", "1:f1")
    assert s.scores == (2, 0, 1)


# ---------------------------------------------------------------- notation, errors, views, saves


@pytest.mark.parametrize("text", ["pick lassokid", "place lassokid b2", "first 3",
                                  "attack f1", "target 2:b3", "cancel"])
def test_notation_round_trips(text):
    action = parse_action(text)
    assert str(action) == text and parse_action(str(action)) == action
    assert action.to_dict()["text"] == text


@pytest.mark.parametrize("text", ["", "jump", "pick", "place lassokid z9", "attack",
                                  "attack f1 2:b3", "target 2:x1", "cancel f1", "first x",
                                  "pick Lasso Kid", "x" * 300])
def test_bad_notation_is_refused_with_a_hint(text):
    with pytest.raises(ActionParseError) as info:
        parse_action(text)
    assert info.value.rule == "notation"


BAD_ACTIONS = [
    (dict(kind="attack", square=5), "square"), (dict(kind="attack", square=["f1"]), "square"),
    (dict(kind="attack", square="z9"), "square"), (dict(kind="attack"), "square"),
    (dict(kind="target", seat="1", target="f1"), "seat"),
    (dict(kind="target", seat=True, target="f1"), "seat"),
    (dict(kind="target", seat=10**5000, target="f1"), "seat"),
    (dict(kind="target", seat=1, target={"f1": 1}), "target"),
    (dict(kind="pick", card=["golem"]), "card"), (dict(kind="pick", card="Rock Golem"), "card"),
    (dict(kind="pick", card="golem", square="f1"), "square"),
    (dict(kind="place", card="golem"), "square"), (dict(kind="first", seat=-1), "seat"),
    (dict(kind=None), "kind"), (dict(kind="jump"), "kind"), (dict(kind=["attack"]), "kind"),
    (dict(kind="cancel", card="golem"), "card"),
]


@pytest.mark.parametrize("fields, name", BAD_ACTIONS, ids=[n for _, n in BAD_ACTIONS])
def test_an_action_with_a_field_of_the_wrong_type_is_refused_naming_the_field(fields, name):
    s = position(fields=[{"f1": "climber"}, {"f1": "golem"}])
    before = s.to_json()
    with pytest.raises(ActionParseError, match=name) as info:
        s.apply(game.Action(**fields))
    assert info.value.rule == "notation" and s.to_json() == before


def test_an_action_of_another_kind_of_game_is_refused_cleanly():
    from goatwidgets.engine import Action as BaseAction
    s = position(fields=[{"f1": "climber"}, {"f1": "golem"}])
    before = s.to_json()
    with pytest.raises(ActionParseError, match="not a BattleGoats action"):
        s.apply(BaseAction("attack"))
    assert s.to_json() == before


def test_illegal_actions_are_explained_with_the_ruling():
    s = position(fields=[{"f1": "climber"}, {"f1": "golem"}])
    cases = {"attack f2": "BG-R9", "target 1:f1": "BG-X10", "cancel": "BG-X10",
             "pick golem": "BG-R9", "first 1": "BG-R9"}
    aiming = {"target 0:f1": "BG-R9", "target 1:b3": "BG-R9", "target 5:f1": "BG-R9",
              "attack f1": "BG-X10", "attack f3": "BG-R9"}
    for table, setup in ((cases, None), (aiming, "attack f1")):
        if setup:
            s.apply(setup)
        before = s.to_json()
        for text, rule in table.items():
            with pytest.raises(IllegalActionError) as info:
                s.apply(text)
            assert info.value.rule == rule, text
            assert s.to_json() == before
    d = new_game(players=2, seed=1, draft=True)
    with pytest.raises(IllegalActionError, match="not in the pack") as info:
        d.apply("pick zzz", seat=0)
    assert info.value.rule == "BG-R6"
    with pytest.raises(NotYourDecisionError):
        d.apply(d.legal_actions(0)[0])            # two seats decide: say which


def test_bg_x10_an_attack_is_two_decisions_and_the_attacker_may_change_their_mind():
    s = position(3, fields=[{"f1": "climber", "f2": "golem"}, {"f1": "cavebat", "b3": "troll"},
                            {"m2": "haybale"}])
    assert sorted(str(a) for a in s.legal_actions()) == ["attack f1", "attack f2"]
    s.apply("attack f1")
    assert s.to_move == 0 and s.view(1)["aim"] == {"seat": 0, "square": "f1"}
    assert s.view(2)["decision"] == "target" and s.last is None
    assert "climber" not in json.dumps(s.view(1))          # choosing reveals nothing
    assert sorted(str(a) for a in s.legal_actions()) == [
        "attack f2", "cancel", "target 1:b3", "target 1:f1", "target 2:m2"]
    s.apply("attack f2")                                   # another card instead
    s.apply("cancel")
    assert s.aim is None and s.changes == 2 and s.to_move == 0
    s.apply("attack f1")
    s.apply("target 1:f1")
    assert s.last["attacker"]["square"] == "f1" and s.to_move == 1 and s.changes == 0
    s.undo()
    assert s.aim == "f1" and s.to_move == 0                # undo takes back one decision


def _longest_stay(s, cap=20) -> int:
    """The most decisions any sequence of legal ones can take without the turn counter
    moving on or the game ending (every sequence tried, level by level, the same position
    once per level; ``cap`` if it goes on that long)."""
    turn, level, depth = s.turn, [s], 0
    while level and depth < cap:
        reached = {}
        for state in level:
            for action in state.legal_actions():
                after = state.clone()
                after.apply(action)
                if not after.is_over and after.turn == turn:
                    reached.setdefault(json.dumps(after._get_data(), sort_keys=True), after)
        level = list(reached.values())
        depth += bool(level)
    return depth


def test_bg_x11_changing_your_mind_is_limited_so_every_turn_moves_on():
    s = position(fields=[{"f1": "climber", "f2": "golem"}, {"f1": "cavebat", "f2": "troll"}])
    assert _longest_stay(s) == 1 + 2 * 3         # attack, then 3 times cancel and attack
    for _ in range(3):
        s.apply("attack f1")
        s.apply("attack f2")                      # a change of mind
        if s.changes == 3:
            break
        s.apply("cancel")
    assert s.changes == 3 and s.aim == "f2"
    before = s.to_json()
    for text in ("attack f1", "cancel"):
        with pytest.raises(IllegalActionError, match="changed your mind 3 times") as info:
            s.apply(text)
        assert info.value.rule == "BG-X11" and s.to_json() == before
    assert {a.kind for a in s.legal_actions()} == {"target"}
    assert "changed your mind" in s.prompt
    s.apply("target 1:f1")
    assert s.turn == 2 and s.changes == 0        # a new turn, new changes
    assert {a.kind for a in s.legal_actions(1)} == {"attack"}


def test_bg_x11_a_player_who_always_changes_their_mind_still_ends_the_game():
    s = new_game(players=3, seed=5)
    lay_out(s)
    s.apply("first 0")
    decisions, bound = 0, s.max_turns * (1 + 2 * 3 + 1)
    while not s.is_over and decisions <= bound:
        legal = s.legal_actions()
        stalling = [a for a in legal if a.kind != "target"]
        s.apply((stalling or legal)[0])
        decisions += 1
    assert s.is_over and decisions <= bound


def test_a_position_without_battlefields_gives_each_seat_its_own():
    s = position(phase="draft", round=7, draft=True,
                 hands=[["bleatbeard", "pasturepal", "pasturepal", "haybale", "climber",
                         "golem", "lassokid"],
                        ["kidsalot", "pasturepal", "pasturepal", "haybale", "haybale",
                         "tamer", "hoofarmor"]],
                 packs=[["troll", "cavebat"], ["sneakykid", "shieldhorn"]])
    everyone(s)
    lay_out(s)
    assert s.phase == "first" and s.fields[0] is not s.fields[1]
    assert s.cards_left(0) == s.cards_left(1) == 9
    s.check_invariants()


def test_legal_lists_stay_small_at_six_players():
    s = new_game(players=6, seed=11)
    lay_out(s)
    s.apply("first 0")
    assert len(s.legal_actions()) == 9
    s.apply("attack f1")
    assert len(s.legal_actions()) == 5 * 9 + 8 + 1
    w = json.dumps([a.to_dict() for a in s.legal_actions()])
    assert len(w) + len(json.dumps(s.view(0))) < 20_000


def test_the_view_at_six_players_is_small_and_says_whose_decision_it_is():
    s = new_game(players=6, seed=11)
    lay_out(s)
    s.apply("first 0")
    r = random.Random(1)
    sizes = []
    while not s.is_over and s.turn < 20:
        for viewer in list(range(6)) + [None]:
            sizes.append(len(json.dumps(s.view(viewer))))
        s.apply(r.choice(s.legal_actions()))
    assert max(sizes) < 20_000, max(sizes)
    view = s.view(s.to_move) if not s.is_over else s.view(0)
    assert view["decision"] in ("attack", "target", None)
    assert set(view["cards"]) >= {c["card"] for f in view["battlefields"] for c in f
                                  if c and "card" in c}


def test_redeal_is_canonical_and_keeps_what_the_seat_knows():
    s = position(3, fields=[{"f1": "climber", "f2": "golem"},
                            {"f1": "cavebat", "f2": "troll", "m1": "haybale"},
                            {"f1": "pasturepal", "b2": "lassokid"}], known=["1:f2"])
    a = s.redealt(0, random.Random(5))
    b = s.redealt(0, random.Random(5))
    assert a.to_json() == b.to_json()
    assert a.fields[0] == s.fields[0] and a.fields[1][1] == "troll"
    assert [c is None for c in a.fields[2]] == [c is None for c in s.fields[2]]
    a.check_invariants()
    shuffled = s.clone()
    shuffled.fields[2][0], shuffled.fields[2][7] = shuffled.fields[2][7], shuffled.fields[2][0]
    c = shuffled.redealt(0, random.Random(5))
    assert c.fields == a.fields and c.decks == a.decks


# ---------------------------------------------------------------- words, just now, the lesson


@pytest.mark.parametrize("names", [("Ana", "Bo"), ("You", "Bo"), ("Ana", "You")])
def test_words_any_name_reads_right_in_the_attack_and_the_end(names):
    """Issue 24 item 8: 'You attacks.', 'You has no cards left and is out'; and your own card
    named by its name, not by its square ('the card on the front left square')."""
    you, them = (subject(n) for n in names)
    s = _duel(names)
    assert s.prompt_for(1) == f"It is {possessive(names[0])} turn to attack."
    s.apply("attack f1")
    assert s.log_for(0)[-1] == "You will attack with Cliff Climber (front left)."
    assert s.log_for(1) == s.log == []            # the others see the chosen card marked
    assert s.view(1)["aim"] == {"seat": 0, "square": "f1"}
    assert s.prompt_for(0) == "Your Cliff Climber (front left) attacks: click the card it attacks."
    s.apply("target 1:b2")
    assert s.log == [
        f"{you} attacked {possessive(names[1])} Pasture Pal (3) with Cliff Climber (5) and "
        "won: Pasture Pal is defeated.",
        f"{says(names[1], 'has', 'have')} no cards left and {verb(names[1], 'is', 'are')} out.",
        f"{says(names[0], 'has', 'have')} the last cards in play and "
        f"{verb(names[0], 'wins', 'win')}!"]
    assert s.prompt_for(1) == f"The game is over: {you} won."


def test_words_a_lost_fight_a_tie_and_an_explosion_say_which_card_is_defeated():
    s = position(fields=[{"f1": "pasturepal", "f2": "haybale", "f3": "climber",
                          "m1": "cavebat", "m3": "pasturepal"},
                         {"f1": "golem", "f2": "haybale", "f3": "kaboomkid", "m1": "troll"}],
                 names=["Ana", "Bo"])
    fight(s, "f1", "1:f1")
    assert s.log[-1] == ("Ana attacked Bo's Rock Golem (7) with Pasture Pal (3) and lost: "
                         "Pasture Pal is defeated.")
    fight(s, "m1", "0:m1")
    fight(s, "f2", "1:f2")
    assert s.log[-1] == ("Ana attacked Bo's Hay Bale Hauler (4) with Hay Bale Hauler (4): a "
                         "tie, both are defeated.")
    fight(s, "m1", "0:m3")
    fight(s, "f3", "1:f3")
    assert s.log[-3:] == ["Ana attacked Bo's Kaboom Kid (2) with Cliff Climber (5) and won, "
                          "but Kaboom Kid exploded: both are defeated.",
                          "Ana has no cards left and is out.",
                          "Bo has the last cards in play and wins!"]
    s = position(fields=[{"f1": "climber"}, {"f1": "gruffini", "f2": "golem"}],
                 names=["Ana", "Bo"])
    fight(s, "f1", "1:f1")
    assert s.log[0].startswith("Ana attacked Bo's Great Gruffini (6) with Cliff Climber (5)")


@pytest.mark.parametrize("names", [("Ana", "Bo"), ("You", "Bo"), ("Ana", "You")])
def test_words_the_layout_and_the_first_attacker_read_right_for_any_name(names):
    """'You has laid out all nine cards', 'You is drawn … and chooses', 'Ana chose
    themself'."""
    s = new_game(players=2, seed=3, names=list(names))
    s.preset(finisher="0")
    lay_out(s)
    log = s.log
    for name in names:
        assert f"{says(name, 'has', 'have')} laid out all nine cards." in log
    assert log[-1] == (f"Every battlefield is laid out. {says(names[0], 'is', 'are')} drawn "
                       f"as the first to finish and {verb(names[0], 'chooses', 'choose')} "
                       "who attacks first.")
    assert s.prompt_for(1) == f"Waiting for {obj(names[0])} to choose who attacks first."
    other = s.clone()
    s.apply("first 0")
    assert s.log[-1] == f"{subject(names[0])} chose to attack first."
    other.apply("first 1")
    assert other.log[-1] == f"{subject(names[0])} chose {obj(names[1])} to attack first."


def test_words_a_deal_names_each_card_once_with_its_copies():
    """'You were dealt … Billy Twin, Billy Twin, Billy Twin …' -> 'Billy Twin ×3'."""
    copies = 0
    for seed in range(12):
        s = new_game(players=6, seed=seed, names=["You", "Bo", "Cy", "Di", "Ed", "Flo"])
        for seat in range(6):
            line = s.log_for(seat)[0]
            assert line.startswith("You were dealt ") and " (your Hero) and 8 cards: " in line
            names = [s.cards[c].name for c in s.hands[seat]]
            for name in set(names):
                assert line.count(name) == 1, line
                if names.count(name) > 1:
                    copies += 1
                    assert f"{name} ×{names.count(name)}" in line
    assert copies


def test_words_the_draft_names_cards_not_notation_and_counts_right():
    """'You chose pick pasturepal' -> 'You chose Rock Golem.'; 'passed 1 cards'."""
    s = new_game(players=2, seed=4, draft=True, names=["Ana", "You"])
    golem = s.packs[0][0]
    s.apply(f"pick {golem}", seat=0)
    assert s.log_for(0)[-1] == f"You chose {s.cards[golem].name}."
    assert s.log_for(1)[-1] == "Ana has chosen."
    s.apply(s.legal_actions(1)[0], seat=1)
    assert s.log_for(0)[-1] == f"You kept {s.cards[golem].name} and passed 7 cards to you."
    assert s.prompt_for(0).endswith("the rest go to you.")
    while s.phase == "draft":
        everyone(s)
    assert any(line.endswith("and passed 1 card to Ana.") for line in s.log_for(1))
    assert not any("pick " in line or " 1 cards" in line for line in s.log_for(0))


def test_bg_r2_a_card_text_says_another_only_on_a_card_of_that_name():
    """Horn Polish is not a Shieldhorn Guard: 'while another Shieldhorn Guard …' was wrong."""
    deck = starter_deck().by_id
    assert deck["hornpolish"].rules_text() == "+3 with a Shieldhorn Guard on your battlefield"
    assert deck["billytwin"].rules_text() == "+2 with another Billy Twin on your battlefield"
    assert deck["vonbilly"].rules_text() == "+5 with a Golden Cowbell on your battlefield"


def _public_kinds_game(seed):
    """A whole 3-player draft game of random bots (who change their minds at times)."""
    from goatwidgets.engine import make_bot
    s = new_game(players=3, seed=seed, draft=True)
    bot = make_bot("random", seed=seed)
    while not s.is_over:
        seat = s.deciders[0]
        s.apply(bot.choose(s, seat), seat=seat)
    return s


def test_public_action_attacks_are_public_picks_and_placements_the_owners_alone():
    """Issue 24 item 6: an attack (the card, the target, a change of mind) and the choice of
    the first attacker are made in the open (BG-R8, BG-R9, BG-X10); a draft pick (BG-R6) and a
    card laid (BG-R7, BG-X1) name a card in secret: they never reach another seat."""
    seen = set()
    for seed in (1, 2):
        s = _public_kinds_game(seed)
        for entry in s.history:
            action = parse_action(entry["action"])
            seen.add(action.kind)
            for viewer in (None, 0, 1, 2):
                knows = viewer == entry["seat"] or action.kind not in ("pick", "place")
                assert s.public_action(entry, viewer) == (action if knows else None)
    assert seen >= {"pick", "place", "first", "attack", "target"}


def test_headlines_a_fight_a_player_out_and_the_game_won_come_first():
    from goatwidgets import BattleGoats
    s = _duel(("You", "Bo"))
    lines = []
    s.apply("attack f1")
    s.apply("target 1:b2")
    lines = s.log_entries_for(0)
    assert [top for _, top in lines] == [False, True, True, True]
    assert [top for _, top in s.log_entries_for(1)] == [True, True, True]
    w = BattleGoats(_duel(("You", "Bo")), seat=0, bots={1: "greedy"})
    w.play("attack f1")
    assert w.last_move["lines"] == ["You will attack with Cliff Climber (front left)."]
    w.play("target 1:b2")
    assert w.last_move["lines"][0].startswith("You attacked Bo's Pasture Pal (3)")
    assert w.last_move["lines"][-1] == "You have the last cards in play and win!"


def test_headlines_a_bots_attack_the_fight_before_the_card_it_chose():
    from goatwidgets import BattleGoats
    s = position(fields=[{"f1": "climber", "f2": "pasturepal"}, {"b2": "golem", "f1": "troll"}],
                 names=["You", "Bo"])
    w = BattleGoats(s, seat=0, bots={1: "greedy"})
    w.play("attack f2")
    w.play("target 1:f1")
    said = w.last_move["lines"]
    assert said[0].startswith("You attacked Bo's Grumpy Troll (6) with Pasture Pal (3)")
    assert said[1].startswith("Bo attacked your ")
    assert not any("will attack" in line for line in said)     # only the fights
    assert {a["kind"] for a in w.last_move["actions"]} == {"attack", "target"}


def test_the_picture_labels_the_front_middle_and_back_rows():
    """Issue 24 item 7: a child learnt which row is the front from an error message."""
    from goatwidgets.widgets.battlegoats import picture
    svg = picture(_duel().view(0))
    for row in ("front", "middle", "back"):
        assert svg.count(f">{row}</text>") == 2
    assert "1 cards" not in picture(position(fields=[{"f1": "climber"}, {"f1": "golem"}])
                                    .view(0))


# ---------------------------------------------------------------- property runs


@pytest.mark.parametrize("players", range(2, 7))
@pytest.mark.parametrize("seed", range(3))
def test_seeded_games_keep_the_rules_and_hide_what_they_must(players, seed):
    result = play_checked(game, players, 100 * players + seed)
    assert result["decisions"] >= 8 + players


@pytest.mark.parametrize("players", [2, 4, 6])
def test_seeded_draft_games_keep_the_rules_and_hide_what_they_must(players):
    module = types.SimpleNamespace(new_game=functools.partial(new_game, draft=True),
                                   State=game.State)
    result = play_checked(module, players, 7 + players, sample_rate=1 / 25)   # same with --long
    assert result["redeals_changed"] > 0 or players == 2
