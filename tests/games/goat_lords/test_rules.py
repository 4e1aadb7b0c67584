"""Goat Lords rules: one test per ruling GL-R1…GL-R34 and per reading GL-X1…GL-X14
(``../shared/rules/goat_lords.rulings.md``), named after it, then the off-turn decisions the
issue names, the notation, the view and what each seat may see, refusals (in plain words, and
of hostile text, actions and variants), the words and headlines a reader sees, and the property
runs (the engine battery of ``tests/games/test_every_game.py``) for every player count. Every
test builds its position with ``goat_lords.position`` (hands, face-down action cards, herds,
the discard pile and the next cards of the draw pile), presets chance where it needs it, and
checks the exact legal actions, who decides, the state after ``apply``, the scores, or the
rule id of the ``IllegalActionError``. Seats are Ana (0), Bo (1), Cy (2), Di (3), ….
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from goatwidgets.engine import (
    ActionParseError,
    GameError,
    NotYourDecisionError,
    VariantError,
    make_bot,
    words,
)
from goatwidgets.games import goat_lords
from goatwidgets.games.goat_lords import (
    COUNTS,
    DEFAULT_EXTRA_PLAYS,
    DEFAULT_VALUES,
    OUR_READINGS,
    new_game,
    parse_action,
)
from goatwidgets.games.goat_lords.explain import RULES

from tests.games.checks import legal, play_checked, refused
from tests.information import check_information, seat_sees

from .helpers import CARDS, DUEL, HOSTILE, P, _mid_duel, _one_round_over, _rain_picks, _take_pick


# ---------------------------------------------------------------------- helpers


def top(s, seat):
    return s.herds[seat][-1]


# ---------------------------------------------------------------------- cards

def test_gl_r1_the_deck_has_126_cards_in_the_ruled_mix():
    assert sum(COUNTS.values()) == 126
    wilds = {"lord": 4, "goatini": 8}
    goats = {"corn": 8, **{g: 10 for g in ("dragon", "tgoat", "ninja", "kraken", "fairy",
                                            "baby", "ghoast", "ladypug", "foodie")}}
    actions = {"escape": 3, "sneak": 2, "russian": 2, "rain": 2, "hypno": 2, "santy": 1,
               "loaf": 1, "flower": 1, "atomic": 1, "hood": 1}
    assert COUNTS == {**wilds, **goats, **actions}
    for players in range(2, 7):
        s = new_game(players=players, seed=players)
        assert s.zones() == Counter(COUNTS)
        s.check_invariants()
    s.hands[0].pop()                          # a lost card is caught
    with pytest.raises(AssertionError, match="created or lost"):
        s.check_invariants()


def test_gl_r2_card_values_are_a_variant_with_the_ruling_as_default():
    assert DEFAULT_VALUES == {"lord": 50, "goatini": 25, "corn": 20, "dragon": 15,
                              "kraken": 15, "ninja": 10, "fairy": 10, "tgoat": 10,
                              "ghoast": 5, "ladypug": 5, "foodie": 5, "baby": 5}
    herds = [["corn lord", "foodie foodie"], ["ninja goatini"]]
    assert P(herds=herds).scores == (20 + 50 + 5 + 5, 10 + 25)
    s = P(herds=herds, values={"lord": 40, "foodie": 7})
    assert s.scores == (20 + 40 + 7 + 7, 35) and s.view(0)["values"]["lord"] == 40
    for bad, word in (({"atomic": 3}, "atomic"), ({"lord": -1}, "lord"), ({"lord": True}, "lord"),
                      ("fifty", "values")):
        with pytest.raises(VariantError) as info:
            new_game(values=bad)
        assert info.value.rule == "GL-R2" and word in str(info.value)


def test_gl_r3_extra_plays_and_draws_per_card_are_a_variant():
    assert DEFAULT_EXTRA_PLAYS == {"flower": 2, "santy": 1, "hood": 1, "hypno": 1, "sneak": 1,
                                   "rain": 1, "atomic": 0, "loaf": 0, "russian": 0}
    base = dict(hands=[["ninja", "fairy"], ["baby"]], herds=[["tgoat tgoat"], ["foodie foodie"]],
                pile_top=["corn", "dragon", "kraken"])
    s = P(actions=[["flower"], []], **base)
    s.apply("flower")                                   # draw 1, two extra plays
    assert s.hands[0] == ["corn", "ninja", "fairy"] and s.plays_left == 2 and s.current == 0
    s = P(actions=[["santy"], []], **base)
    s.apply("santy")                                    # draw 2, one extra play
    assert s.hands[0] == ["corn", "dragon", "ninja", "fairy"] and s.plays_left == 1
    s = P(actions=[["atomic"], []], **base)
    s.apply("atomic 1")                                 # none: the turn is over
    assert s.current == 1
    s = P(actions=[["atomic"], []], extra_plays={"atomic": 1}, **base)
    s.apply("atomic 1")
    assert s.current == 0 and s.plays_left == 1
    for bad in ({"escape": 1}, {"atomic": 3}, {"atomic": "1"}):
        with pytest.raises(VariantError) as info:
            new_game(extra_plays=bad)
        assert info.value.rule == "GL-R3"


# ---------------------------------------------------------------------- seats and hands

@pytest.mark.parametrize("players, size", [(2, 5), (3, 5), (4, 4), (5, 4), (6, 4)])
def test_gl_r4_two_to_six_players_and_the_hand_size(players, size):
    s = new_game(players=players, seed=11)
    assert s.hand_size == size and s.view(0)["hand_size"] == size
    assert all(len(h) == size for h in s.hands)
    for bad in (1, 7):
        with pytest.raises(VariantError):
            new_game(players=bad)


def test_gl_r5_hands_and_face_down_cards_are_hidden_herds_discard_and_trash_public():
    s = P(3, hands=[["lord", "ninja"], ["fairy"], ["baby", "baby", "corn"]],
          actions=[["atomic"], ["escape", "loaf"], []], herds=[["ninja ninja"], [], []],
          discard=["kraken"], trash=["sneak"])
    for viewer in (1, 2, None):
        view = s.view(viewer)
        assert view["card_names"]["atomic"] == "Atomic Goat"       # the catalogue, for all
        catalogue = ("card_names", "short_names", "stack_names")
        text = json.dumps({k: v for k, v in view.items() if k not in catalogue})
        assert "atomic" not in text and "Atomic" not in text        # Ana's face-down card
        assert view["hand_counts"] == [2, 1, 3] and view["action_counts"] == [1, 2, 0]
        assert view["herds"][0][0]["cards"] == ["ninja", "ninja"]
        assert view["discard_top"] == "kraken" and view["trash"] == ["sneak"]
        assert "draw_count" in view and "pile" not in text
    assert s.view(0)["hand"] == ["lord", "ninja"] and s.view(0)["actions"] == ["atomic"]
    assert "hand" not in s.view(None)
    assert s.view(1)["hand"] == ["fairy"] and s.view(1)["actions"] == ["escape", "loaf"]


def test_gl_r6_an_action_card_drawn_goes_face_down_and_a_fourth_is_trashed_by_its_owner():
    s = P(hands=[["ninja", "fairy"], ["baby"]], actions=[["escape", "loaf", "sneak"], []],
          pile_top=["atomic", "corn"])
    s.apply("discard ninja")                      # draws Atomic Goat: a fourth action card
    assert s.action_cards[0] == ["escape", "sneak", "loaf", "atomic"]
    assert s.deciders == (0,) and s.pending.kind == "trash"
    assert legal(s) == {"trash escape", "trash sneak", "trash loaf", "trash atomic"}
    assert "four action cards" in s.prompt_for(1)
    s.apply("trash loaf")
    assert s.trash == ["loaf"] and s.action_cards[0] == ["escape", "sneak", "atomic"]
    assert "corn" in s.hands[0]                   # and the replacement card was drawn
    assert "You drew Atomic Goat (face down)." in s.log_for(0)
    assert "You drew Flying Goat-a-Corn." in s.log_for(0)
    assert "Ana draws an action card (face down, so another card is drawn)." in s.log
    assert "Atomic" not in " ".join(s.log_for(1)[:-1])


# ---------------------------------------------------------------------- a turn

def test_gl_r7_one_action_then_refill_from_the_player_round_the_table():
    s = P(3, current=1, hands=[["ninja"] * 4, ["fairy"] * 4, ["baby"] * 4],
          pile_top=["corn", "dragon", "kraken", "tgoat"])
    s.apply("discard fairy")                       # Bo's one action: discard and draw corn
    assert s.hands[1] == ["corn", "dragon", "fairy", "fairy", "fairy"]    # Bo refills first
    assert s.hands[2] == ["kraken"] + ["baby"] * 4                       # then Cy
    assert s.hands[0] == ["ninja"] * 4 + ["tgoat"]                       # then Ana
    assert s.current == 2 and s.to_move == 2


def test_gl_r8_a_pair_is_two_same_goats_or_a_goat_and_a_wild_the_first_is_the_base():
    s = P(hands=[["lord", "goatini", "ninja", "ninja", "fairy"], ["baby"]])
    births = {a for a in legal(s) if a.startswith("birth")}
    assert births == {"birth ninja ninja", "birth ninja lord", "birth ninja goatini",
                      "birth fairy lord", "birth fairy goatini"}
    refused(s, "birth lord goatini", "GL-R8", "two wilds")
    refused(s, "birth ninja fairy", "GL-R8", "Goat Ninja", "Fairy Goat Mother")
    assert parse_action("birth lord ninja") == parse_action("birth ninja lord")
    s.apply("birth ninja lord")
    herd = s.view(0)["herds"][0]
    assert herd == [{"number": 1, "kind": "ninja", "cards": ["ninja", "lord"], "value": 60,
                     "base": True, "top": True}]
    assert any(x.endswith("It is the Base Stack.") for x in s.log)
    s = P(hands=[["ninja", "ninja"], ["baby"]], herds=[["corn corn"], []])
    s.apply("birth ninja ninja")
    assert [(x["base"], x["top"]) for x in s.view(None)["herds"][0]] == [(True, False),
                                                                         (False, True)]


def test_gl_r9_discard_puts_a_card_on_the_pile_and_draws_even_with_nothing_to_draw():
    s = P(hands=[["ninja", "fairy"], ["baby"]], pile_top=["corn"])
    s.apply("discard fairy")
    assert s.decks["draw"].discards[-1] == "fairy" and "corn" in s.hands[0]
    s = P(hands=[["ninja", "fairy"], ["baby"]], pile=[], reshuffle_used=True)
    s.apply("discard fairy")
    assert s.decks["draw"].discards == ["fairy"] and s.hands[0] == ["ninja"]


# ---------------------------------------------------------------------- duels


def test_gl_r10_who_may_duel_whom():
    s = P(**DUEL)
    assert {a for a in legal(s) if a.startswith("duel")} == {"duel 1 ninja", "duel 1 lord"}
    refused(s, "duel 1 fairy", "GL-R10", "no Fairy Goat Mother")
    s = P(**{**DUEL, "herds": [[], DUEL["herds"][1]]})              # no Base Stack
    refused(s, "duel 1 ninja", "GL-R10", "Base Stack")
    s = P(**{**DUEL, "herds": [["fairy fairy"], ["ninja ninja"]]})   # only a Base Stack
    refused(s, "duel 1 ninja", "GL-R10", "two or more stacks")
    s = P(**{**DUEL, "herds": [["fairy fairy"], ["ninja ninja", "ladypug ladypug"]]})
    refused(s, "duel 1 ninja", "GL-R10", "Ladypug")                  # covered: safe
    s = P(**{**DUEL, "hands": [["lord", "kraken"], DUEL["hands"][1]]})
    assert not any(a.startswith("duel") for a in legal(s))           # a wild alone: no duel


def test_gl_r11_the_exchange_and_the_attacker_winning():
    s = P(**DUEL)
    s.apply("duel 1 ninja")
    assert s.deciders == (1,) and s.current == 0
    assert legal(s, 1) == {"play goatini", "pass"}
    assert s.prompt_for(0) == "Bo may defend their Goat Ninja stack against Ana's duel."
    assert s.view(1)["why"] == s.prompt_for(0)
    s.apply("play goatini", seat=1)
    assert s.deciders == (0,) and legal(s) == {"play lord", "play ninja", "pass"}
    assert s.prompt_for(1) == "Ana may answer in the duel for Bo's Goat Ninja stack."
    s.apply("play ninja")
    assert s.view(None)["duel"]["cards"] == [{"seat": 0, "card": "ninja"},
                                             {"seat": 1, "card": "goatini"},
                                             {"seat": 0, "card": "ninja"}]
    s.apply("pass", seat=1)                   # the first pass ends it: Ana played last
    assert s.herds[1] == [["ladypug", "ladypug"]]
    assert s.herds[0][-1] == ["ninja", "ninja", "ninja", "goatini", "ninja"]
    assert s.duel is None and s.current == 1


def test_gl_r11_the_defender_winning_keeps_the_stack_and_the_duel_cards():
    s = P(**DUEL)
    s.apply("duel 1 lord")
    s.apply("play goatini", seat=1)
    s.apply("pass")
    assert s.herds[1][-1] == ["ninja", "ninja", "lord", "goatini"]
    assert s.herds[0] == [["fairy", "fairy"]] and s.scores == (20, 10 + 20 + 50 + 25)


def test_gl_r12_escape_goat_only_as_the_defenders_first_answer():
    s = P(**DUEL, actions=[[], ["escape"]])
    s.apply("duel 1 ninja")
    assert legal(s, 1) == {"play goatini", "pass", "escape"}
    s.apply("escape", seat=1)
    assert s.duel is None and s.herds[1][-1] == ["ninja", "ninja", "ninja"]
    assert s.trash == ["escape"] and s.action_cards[1] == [] and s.current == 1
    s = P(**DUEL, actions=[[], ["escape"]])
    s.apply("duel 1 ninja")
    s.apply("play goatini", seat=1)
    s.apply("play ninja")
    assert "escape" not in legal(s, 1)
    refused(s, "escape", "GL-R12", "first answer", seat=1)


# ---------------------------------------------------------------------- action cards


def test_gl_r13_action_cards_need_your_own_stack_and_a_target_with_one():
    s = P(3, actions=[["atomic"], [], []], **{**CARDS, "herds": [[], *CARDS["herds"][1:]]})
    assert not any(a.startswith("atomic") for a in legal(s))
    refused(s, "atomic 1", "GL-R13", "at least one stack")
    s = P(3, actions=[["atomic"], [], []], **{**CARDS, "herds": [["tgoat tgoat"],
                                                               CARDS["herds"][1], []]})
    assert {a for a in legal(s) if a.startswith("atomic")} == {"atomic 1"}
    refused(s, "atomic 2", "GL-R13", "no stack")


def test_gl_r14_escape_goat_cancels_an_action_card_and_its_extra_plays_still_count():
    s = P(3, actions=[["hypno"], ["escape"], []], **CARDS)
    s.apply("hypno 1")
    assert s.deciders == (1,) and legal(s, 1) == {"escape", "allow"}
    assert s.prompt_for(2) == ("Bo is asked: cancel Hypnotized Goat with an Escape Goat, or let "
                               "it happen.")
    assert s.prompt_for(1) == ("Hypnotized Goat was played. Cancel it with your Escape Goat, or "
                               "let it happen.")
    s.apply("escape", seat=1)
    assert s.hands[1] == ["corn", "baby"] and s.hands[0] == ["ninja", "fairy"]
    assert s.trash == ["hypno", "escape"]
    assert s.current == 0 and s.plays_left == 1 and s.acted       # the +1 still counts


def test_gl_r5_a_player_without_an_escape_goat_is_asked_and_told_what_to_press():
    """Issue 34 item 4: everyone is asked (GL-R5), so the asking shows no hand; the words to a
    child who holds no Escape Goat said "You may cancel Sneak-A-Goat with Escape Goat". Now
    they say the child holds none and what to press, and only to that child; what the others
    read is the same whether the child holds one or not."""
    s = P(3, actions=[["hypno"], ["loaf"], ["escape"]], names=["Ana", "You", "Cy"], **CARDS)
    s.apply("hypno 1")
    assert s.deciders == (1,) and legal(s, 1) == {"allow"}
    assert s.prompt_for(1) == ("Hypnotized Goat was played. You hold no Escape Goat, so you "
                               "can't cancel it: press \u201cLet Hypnotized Goat happen\u201d. "
                               "Everyone is asked, so nobody can tell who holds one.")
    assert "may cancel" not in " ".join(str(v) for v in s.view(1).values())
    other = P(3, actions=[["hypno"], ["escape"], ["loaf"]], names=["Ana", "You", "Cy"], **CARDS)
    other.apply("hypno 1")
    for seat in (0, 2, None):
        assert s.prompt_for(seat) == other.prompt_for(seat) == (
            "You are asked: cancel Hypnotized Goat with an Escape Goat, or let it happen.")


@pytest.mark.parametrize("card, text", [("russian", "russian left"), ("hood", "hood"),
                                        ("rain", "rain")])
def test_gl_r14_escape_goat_cannot_cancel_goatinhood_raining_fire_goats_or_russian(card, text):
    s = P(3, actions=[[card], ["escape"], ["escape"]], **CARDS)
    s.apply(text)
    assert s.pending is None or s.pending.kind == "rain"
    assert s.action_cards[1] == ["escape"] and s.action_cards[2] == ["escape"]


def test_gl_r15_atomic_goat_trashes_the_top_stack_even_a_base_stack():
    s = P(3, actions=[["atomic"], [], []], **CARDS)
    s.apply("atomic 1")
    assert s.herds[1] == [["foodie", "foodie"]] and s.trash == ["atomic", "kraken", "lord"]
    s = P(3, actions=[["atomic"], [], []], **CARDS)
    s.apply("atomic 2")                                  # Cy has only a Base Stack
    assert s.herds[2] == [] and s.trash == ["atomic", "ghoast", "ghoast"]


def test_gl_r16_hypnotized_goat_takes_a_random_card_or_a_chosen_one_as_a_variant():
    s = P(3, actions=[["hypno"], [], []], **CARDS)
    s.preset(take="corn")
    s.apply("hypno 1")
    assert s.hands[0] == ["corn", "ninja", "fairy"] and s.hands[1] == ["baby"]
    assert s.history[-1]["chance"] == ["take=corn"]
    assert "You take a Flying Goat-a-Corn from Bo's hand." in s.log_for(0)
    assert "Ana takes a Flying Goat-a-Corn from your hand." in s.log_for(1)
    assert "Ana takes a card from Bo's hand." in s.log_for(2)
    with pytest.raises(VariantError):
        P(3, actions=[["hypno"], [], []], **CARDS).preset(take="lord")   # in no hand
    s = P(3, actions=[["hypno"], [], []], hypnotized="choose", **CARDS)
    s.apply("hypno 1")
    assert s.deciders == (0,) and s.pending.kind == "take"
    assert legal(s) == {"take corn", "take baby"}
    assert s.view(0)["shown"] == {"seat": 1, "hand": ["corn", "baby"]}
    assert "shown" not in s.view(1) and "shown" not in s.view(2)
    s.apply("take baby")
    assert s.hands[0] == ["ninja", "fairy", "baby"] and s.plays_left == 1
    with pytest.raises(VariantError):
        new_game(hypnotized="peek")


def test_gl_r17_sneak_a_goat_moves_any_stack_but_the_base_stack_to_the_top():
    herds = [["tgoat tgoat"], ["foodie foodie", "kraken lord", "corn corn"], ["ghoast ghoast"]]
    s = P(3, actions=[["sneak"], [], []], **{**CARDS, "herds": herds})
    assert {a for a in legal(s) if a.startswith("sneak")} == {"sneak 1 2", "sneak 1 3"}
    refused(s, "sneak 1 1", "GL-R17", "Base Stack")
    refused(s, "sneak 2 2", "GL-R17", "only their Base Stack")
    s.apply("sneak 1 2")
    assert [x[0] for x in s.herds[1]] == ["foodie", "corn", "kraken"]


def test_gl_r18_russian_goatlette_passes_every_top_stack_at_once():
    herds = [["tgoat tgoat", "corn corn"], ["foodie foodie"], []]
    s = P(3, actions=[["russian"], [], []], **{**CARDS, "herds": herds})
    s.apply("russian left")                      # left: to the next seat clockwise
    assert s.herds == [[["tgoat", "tgoat"]], [["corn", "corn"]], [["foodie", "foodie"]]]
    assert s.view(None)["herds"][1][0]["base"]       # Bo passed his Base Stack: new base
    s = P(3, actions=[["russian"], [], []], **{**CARDS, "herds": herds})
    s.apply("russian right")                     # right: Bo's base to Ana, Ana's top to Cy
    assert s.herds == [[["tgoat", "tgoat"], ["foodie", "foodie"]], [], [["corn", "corn"]]]
    assert s.view(None)["herds"][2][0]["base"]       # Cy had none: it is Cy's base now


def test_gl_r19_raining_fire_goats_sets_all_but_one_card_aside_and_stops_defence():
    s = P(3, actions=[["rain"], ["escape"], []],
          hands=[["ninja", "fairy", "corn"], ["ninja", "ninja", "baby"], ["tgoat"]],
          herds=[["tgoat tgoat"], ["foodie foodie", "ninja ninja"], []])
    s.apply("rain")
    assert s.deciders == (0, 1)                       # Cy has one card: nothing to choose
    s.apply("keep ninja", seat=0)
    s.apply("keep baby", seat=1)
    assert s.hands == [["ninja"], ["baby"], ["tgoat"]]
    assert s.aside == [["corn", "fairy"], ["ninja", "ninja"], []]
    refused(s, "discard corn", "GL-R19", "set aside")
    s.apply("duel 1 ninja")                          # nobody may defend: won at once
    assert s.herds[0][-1] == ["ninja", "ninja", "ninja"] and s.action_cards[1] == ["escape"]
    assert s.aside == [[], [], []] and "corn" in s.hands[0]


def test_gl_r20_goatinhood_takes_the_first_wild_going_left_the_most_valuable_one():
    s = P(4, actions=[["hood"], ["escape"], [], []],
          hands=[["ninja"], ["fairy", "baby"], ["goatini", "lord", "corn"], ["lord"]],
          herds=[["tgoat tgoat"], [], [], []])
    s.apply("hood")
    assert s.pending is None                           # Escape Goat can't stop it
    assert s.hands[0] == ["lord", "ninja"] and s.hands[2] == ["goatini", "corn"]
    assert s.hands[3] == ["lord"]
    assert "Bo has no wild." in s.log and "Cy gives Ana a Goat Lord." in s.log
    s = P(3, actions=[["hood"], [], []], hands=[["ninja"], ["fairy"], ["baby"]],
          herds=[["tgoat tgoat"], [], []])
    s.apply("hood")
    assert "Nobody has a wild to give." in s.log and s.plays_left == 1


def test_gl_r21_loaf_of_goat_makes_the_target_lose_their_next_turn():
    s = P(3, actions=[["loaf"], [], []], **CARDS)
    s.apply("loaf 2")
    assert s.current == 1                              # loaf gives no extra play
    s.apply("discard baby")
    assert s.current == 0 and s.skips == [0, 0, 0]      # Cy's turn was lost
    assert "Cy loses this turn (Loaf of Goat)." in s.log


# ---------------------------------------------------------------------- end of the round

def test_gl_r22_an_empty_draw_pile_is_remade_from_five_or_more_discards_once():
    s = P(hands=[["ninja", "fairy"], ["baby"]], pile=[],
          discard=["corn", "dragon", "kraken", "ghoast", "ladypug", "foodie"])
    s.apply("discard fairy")
    assert s.reshuffles == 1 and s.reshuffle_used
    # the 7 cards: Ana draws 1 for her discard and 3 to refill, Bo the last 3
    assert s.decks["draw"].discards == [] and s.decks["draw"].count == 0
    assert len(s.hands[0]) == 5 and len(s.hands[1]) == 4
    assert s.view(None)["nothing_to_draw"] is True      # no second reshuffle


def test_gl_r23_once_a_hand_is_empty_and_nothing_to_draw_no_action_cards():
    s = P(actions=[["atomic"], []], hands=[["ninja", "fairy"], []],
          herds=[["tgoat tgoat"], ["baby baby"]], pile=[], reshuffle_used=True)
    assert s.end_phase() and not any(a.startswith("atomic") for a in legal(s))
    refused(s, "atomic 1", "GL-R23", "nothing is left to draw")
    assert s.view(0)["action_cards_allowed"] is False


def test_gl_r24_the_round_ends_with_empty_hands_and_the_herds_are_scored():
    s = P(hands=[["ninja"], []], herds=[["corn lord"], ["baby baby", "ninja goatini"]],
          pile=[], reshuffle_used=True)
    s.apply("discard ninja")
    assert s.is_over and s.deciders == () and s.scores == (70, 45) and s.winners == (0,)
    assert s.log[-1] == "Ana wins with 70 points!"
    s = P(hands=[["ninja"], []], herds=[["corn corn"], ["ninja ninja", "ninja ninja"]],
          pile=[], reshuffle_used=True)
    s.apply("discard ninja")
    assert s.winners == (0, 1) and s.scores == (40, 40)


def test_gl_r25_rounds_to_a_target_and_no_action_cards_are_variants():
    s = new_game(players=3, seed=2, action_cards=False)
    assert sum(1 for c in s.box if c) == 16 and not any(s.action_cards)
    assert s.zones() == Counter(COUNTS)
    s = P(hands=[["ninja"], []], herds=[["corn lord"], ["baby baby"]], pile=[],
          reshuffle_used=True, target_score=1000)
    s.apply("discard ninja")
    assert not s.is_over and s.round == 2 and s.totals == [70, 10]
    assert s.scores == (70, 10) and all(len(h) == 5 for h in s.hands)
    assert s.current == 1 and s.zones() == Counter(COUNTS)       # GL-X1: Bo starts round 2
    s = new_game(players=2, seed=1, target_score=1000)
    bots = [make_bot("random", seed=i) for i in range(2)]
    while not s.is_over:
        s.apply(bots[s.deciders[0]].choose(s, s.deciders[0]), seat=s.deciders[0])
    assert s.round >= 2 and max(s.totals) >= 1000 and s.scores == tuple(s.totals)
    assert s.winners == tuple(i for i in (0, 1) if s.totals[i] == max(s.totals))
    for bad in (0, "1000", 10**9):
        with pytest.raises(VariantError):
            new_game(target_score=bad)
    with pytest.raises(VariantError):
        new_game(action_cards="no")


def test_gl_r26_every_action_is_a_play_and_extra_plays_are_optional():
    s = P(3, actions=[["flower", "hypno", "atomic"], [], []], pile_top=["corn"], **CARDS)
    s.apply("flower")                                   # +2, one more action card allowed
    assert s.plays_left == 2 and "hypno 1" in legal(s) and "end" in legal(s)
    s.apply("hypno 2")                                   # +1: no further action card
    assert s.plays_left == 2 and not any(a.startswith("atomic") for a in legal(s))
    refused(s, "atomic 1", "GL-R26", "no more action cards")
    assert s.hands[0] == ["corn", "ninja", "fairy", "tgoat"]      # Cy's only card came
    s.apply("discard fairy")
    assert s.plays_left == 1
    s.apply("end")
    assert s.current == 1
    s = P(3, **CARDS)
    refused(s, "end", "GL-R7", "one action first")


def test_gl_r27_escape_goat_against_flower_goatee_and_santy_goat():
    s = P(3, actions=[["santy"], [], ["escape"]], pile_top=["corn", "dragon"], **CARDS)
    s.apply("santy")                                     # Bo has no face-down card: not asked
    assert s.deciders == (2,) and legal(s, 2) == {"escape", "allow"}
    s.apply("escape", seat=2)
    assert s.hands[0] == ["ninja", "fairy"] and s.plays_left == 1   # no draw, +1 counts
    assert s.trash == ["santy", "escape"]
    s = P(3, actions=[["flower"], ["loaf"], ["escape"]], pile_top=["corn"], **CARDS)
    s.apply("flower")
    assert s.deciders == (1,) and legal(s, 1) == {"allow"}          # asked in turn
    s.apply("allow", seat=1)
    assert s.deciders == (2,)
    s.apply("allow", seat=2)
    assert s.hands[0] == ["corn", "ninja", "fairy"] and s.plays_left == 2


def test_gl_r28_assisted_birth_with_either_card_a_wild():
    s = P(hands=[["ninja", "goatini"], ["baby"]], discard=["ninja"])
    assert {a for a in legal(s) if a.startswith("assist")} == {"assist ninja", "assist goatini"}
    s.apply("assist goatini")
    assert s.herds[0] == [["ninja", "goatini"]] and s.decks["draw"].discards == []
    s = P(hands=[["ninja", "goatini"], ["baby"]], discard=["lord"])
    assert {a for a in legal(s) if a.startswith("assist")} == {"assist ninja"}
    refused(s, "assist goatini", "GL-R8", "two wilds")
    s = P(hands=[["ninja", "goatini"], ["baby"]])
    refused(s, "assist ninja", "GL-R28", "discard pile is empty")


def test_gl_r29_the_discard_pile_starts_with_a_goat_card():
    for seed in range(60):
        s = new_game(players=2, seed=seed)
        if s.pending is None:                     # (a deal paused for a trash choice)
            assert s.decks["draw"].discards[0] in goat_lords.GOATS
    s = new_game(players=2, seed=4)               # this deal turns over a non-goat first
    assert any("can't start the discard pile, so it is shuffled back" in x for x in s.log)
    assert len(s.decks["draw"].discards) == 1


def test_gl_r30_no_reshuffle_with_fewer_than_five_and_never_a_second_one():
    s = P(hands=[["ninja", "fairy"], ["baby", "corn"]], pile=[], discard=["kraken", "ghoast"])
    s.apply("discard fairy")                       # 3 in the discard pile: no reshuffle
    assert s.reshuffle_used and s.reshuffles == 0 and s.view(None)["nothing_to_draw"]
    s = P(hands=[["ninja", "fairy"], ["baby", "corn"]], pile=["dragon"],
          discard=["kraken", "ghoast", "ladypug", "foodie", "baby"], reshuffle_used=True)
    s.apply("discard fairy")
    assert s.reshuffles == 0 and s.decks["draw"].count == 0
    s = P(hands=[["ninja", "fairy"], ["baby", "corn"]], pile=[], reshuffle="always",
          discard=["kraken", "ghoast", "ladypug", "foodie", "baby"], reshuffle_used=True)
    s.apply("discard fairy")                       # the variant: every time
    assert s.reshuffles == 1
    with pytest.raises(VariantError):
        new_game(reshuffle="never")


def test_gl_r31_nothing_to_do_passes_and_escape_still_answers_duels_at_the_end():
    s = P(3, current=2, hands=[["ninja"], ["baby"], []], actions=[[], [], ["atomic"]],
          herds=[[], [], ["corn corn"]], pile=[], reshuffle_used=True)
    assert s.current == 0                          # Cy had nothing to do and passed
    assert "Cy has nothing to play and passes." in s.log
    s = P(3, hands=[["ninja", "fairy"], ["baby"], []], actions=[[], ["escape"], []],
          herds=[["corn corn"], ["tgoat tgoat", "ninja ninja"], []], pile=[],
          reshuffle_used=True)
    assert s.end_phase()
    s.apply("duel 1 ninja")
    assert "escape" in legal(s, 1)


def test_gl_r32_the_keep_choices_are_secret_and_the_aside_cards_come_back_before_refill():
    s = P(3, actions=[["rain"], [], []], pile_top=["corn", "dragon"],
          hands=[["ninja", "fairy", "baby"], ["tgoat", "tgoat", "ghoast", "foodie", "lord"],
                 ["kraken", "ladypug"]], herds=[["baby baby"], [], []])
    s.apply("rain")
    assert s.deciders == (0, 1, 2) and s.to_move is None
    s.apply("keep lord", seat=1)
    assert s.deciders == (0, 2) and s.view(0)["chosen"] == [1]
    assert "my_choice" not in s.view(0) and s.view(1)["my_choice"] == "keep lord"
    assert s.hands[1] == ["lord", "tgoat", "tgoat", "ghoast", "foodie"]   # nothing moves yet
    s.apply("keep ladypug", seat=2)
    s.apply("keep ninja", seat=0)
    assert s.hands == [["ninja"], ["lord"], ["ladypug"]]
    s.apply("discard ninja")                       # +1 play: Ana discards and draws corn
    # the turn is over. The aside cards came back first: Bo is full again and draws nothing;
    # Ana (3 cards with her two back) draws two, dragon first
    assert s.hands[1] == ["lord", "tgoat", "tgoat", "ghoast", "foodie"]
    assert s.hands[0][:2] == ["corn", "dragon"] and len(s.hands[0]) == 5
    assert {"fairy", "baby"} <= set(s.hands[0])
    assert {"kraken", "ladypug"} <= set(s.hands[2]) and len(s.hands[2]) == 5
    assert s.aside == [[], [], []] and s.current == 1


def test_gl_r33_targets_of_each_action_card():
    herds = [["tgoat tgoat"], ["foodie foodie", "kraken lord"], ["ghoast ghoast"], []]
    hands = [["ninja"], ["baby"], ["fairy"], ["corn"]]
    s = P(4, actions=[["atomic", "hypno", "sneak"], [], [], []], hands=hands, herds=herds)
    cards = {a for a in legal(s) if a.split()[0] in ("atomic", "hypno", "loaf", "sneak")}
    assert cards == {"atomic 1", "atomic 2", "hypno 1", "hypno 2", "sneak 1 2"}
    refused(s, "atomic 0", "GL-R33", "another player")     # Di has no stack; Cy only a base
    s = P(4, actions=[["loaf"], [], [], []], hands=hands, herds=herds)
    assert {a for a in legal(s) if a.startswith("loaf")} == {"loaf 1", "loaf 2"}
    s = P(4, actions=[["russian", "rain", "hood"], [], [], []],
          hands=[["ninja"], [], [], []], herds=[["tgoat tgoat"], [], [], []])
    assert {"russian left", "russian right", "rain", "hood"} <= legal(s)


def test_gl_r34_duel_details_and_the_discard_order():
    s = P(**{**DUEL, "herds": [["fairy fairy"], ["ladypug ladypug", "lord ninja"]]})
    assert s.view(0)["herds"][1][1]["kind"] == "ninja"   # a wild takes its pair's kind
    assert "duel 1 ninja" in legal(s)
    s = P(3, current=1, hands=[["ninja"] * 6, ["fairy"] * 6, ["baby"] * 5])
    s.apply("discard fairy")                       # Bo (whose turn it was) first, then Ana
    assert s.deciders == (1,) and s.pending.kind == "toss"
    s.apply("toss fairy", seat=1)
    assert s.deciders == (0,)
    s.apply("toss ninja", seat=0)
    assert s.current == 2 and [len(h) for h in s.hands] == [5, 5, 5]


# ---------------------------------------------------------------------- our readings

def test_readings_are_listed_and_explained():
    assert sorted(OUR_READINGS, key=lambda k: int(k[4:])) == [f"GL-X{i}" for i in range(1, 15)]
    for rule in [f"GL-R{i}" for i in range(1, 35)] + list(OUR_READINGS):
        assert rule in RULES and len(RULES[rule]) > 30


def test_gl_x1_the_last_seat_deals_and_the_deal_moves_left_each_round():
    assert new_game(players=4, seed=9).current == 0
    s = P(3, hands=[["ninja"], [], []], herds=[["corn corn"], [], []], pile=[],
          reshuffle_used=True, target_score=500)
    s.apply("discard ninja")
    assert s.round == 2 and s.current == 1 and s.first == 1


def test_gl_x2_a_fourth_action_card_in_the_deal_is_trashed_before_play():
    s = new_game(players=6, seed=7)                  # this deal hands someone a fourth
    seat = s.pending.seat
    assert s.pending.kind == "trash" and s.deciders == (seat,)
    assert len(s.action_cards[seat]) == 4 and s.turn == 0
    s.apply(s.legal_actions(seat)[0], seat=seat)
    assert all(len(h) == 4 for h in s.hands) and s.to_move == 0 and s.turn == 1


def test_gl_x3_asking_depends_only_on_what_everyone_sees():
    s = P(3, actions=[["atomic"], ["loaf"], []], **CARDS)
    s.apply("atomic 1")                              # Bo has a face-down card: asked
    assert s.deciders == (1,) and legal(s, 1) == {"allow"}
    s.apply("allow", seat=1)
    assert s.herds[1] == [["foodie", "foodie"]]
    s = P(3, actions=[["atomic"], [], []], **CARDS)
    s.apply("atomic 1")                              # no face-down card: not asked
    assert s.herds[1] == [["foodie", "foodie"]] and s.current == 1
    s = P(**{**DUEL, "hands": [DUEL["hands"][0], []]})
    s.apply("duel 1 ninja")                          # no cards, no face-down: not asked
    assert s.herds[0][-1] == ["ninja", "ninja", "ninja"]


def test_gl_x4_nothing_more_to_do_ends_the_turn_at_once():
    s = P(hands=[["ninja", "ninja"], ["baby"]], actions=[["santy"], []],
          herds=[["corn corn"], []], pile=[], reshuffle_used=True)
    s.apply("santy")                                 # draws nothing: the pile is gone
    s.apply("birth ninja ninja")                     # the extra play uses the last cards
    assert s.current == 1
    assert "Ana has nothing more to do, so the turn ends." not in s.log  # plays ran out
    s = P(hands=[["ninja", "ninja"], ["baby"]], actions=[["flower"], []],
          herds=[["corn corn"], []], pile=[], reshuffle_used=True)
    s.apply("flower")
    s.apply("birth ninja ninja")                     # one play left, nothing to use it on
    assert "Ana has nothing more to do, so the turn ends." in s.log and s.current == 1


def test_gl_x5_discards_to_the_hand_size_go_on_the_discard_pile():
    s = P(hands=[["ninja"] * 5, ["fairy"] * 7])
    s.apply("discard ninja")
    s.apply("toss fairy", seat=1)
    s.apply("toss fairy", seat=1)
    assert s.decks["draw"].discards[-2:] == ["fairy", "fairy"] and s.current == 1
    assert s.view(None)["discard_top"] == "fairy"


def test_gl_x6_under_rain_a_seat_with_one_card_keeps_it_and_new_draws_are_usable():
    s = P(3, actions=[["flower", "rain"], [], []], pile_top=["dragon", "corn"],
          hands=[["ninja", "fairy"], ["baby"], []], herds=[["baby baby"], [], []])
    s.apply("flower")                                # draws dragon; one more card allowed
    s.apply("rain")
    assert s.deciders == (0,)                         # Bo's one card is simply kept
    s.apply("keep ninja")
    assert s.hands[1] == ["baby"] and s.aside == [["dragon", "fairy"], [], []]
    s.apply("discard ninja")                         # draws corn: usable this turn
    assert s.hands[0] == ["corn"] and "discard corn" in legal(s) and s.plays_left == 1


def test_gl_x7_a_duel_under_rain_is_won_by_the_opening_card():
    s = P(actions=[["rain"], ["escape"]], hands=[["ninja"], ["ninja", "lord"]],
          herds=[["fairy fairy"], ["ladypug ladypug", "ninja ninja"]])
    s.apply("rain")
    s.apply("keep lord", seat=1)
    s.apply("duel 1 ninja")
    assert s.herds[0][-1] == ["ninja", "ninja", "ninja"] and s.action_cards[1] == ["escape"]


def test_gl_x8_hypnotized_goat_on_an_empty_hand_takes_nothing():
    s = P(3, actions=[["hypno"], [], []], **{**CARDS, "hands": [["ninja"], [], ["tgoat"]]})
    s.apply("hypno 1")
    assert "Bo has no card to take." in s.log and s.plays_left == 1 and s.current == 0


def test_gl_x9_the_base_stack_is_always_the_bottom_stack():
    s = P(3, actions=[["atomic"], [], []], **CARDS)
    s.apply("atomic 1")                              # Bo keeps only his Base Stack
    assert s.view(None)["herds"][1] == [{"number": 1, "kind": "foodie",
                                         "cards": ["foodie", "foodie"], "value": 10,
                                         "base": True, "top": True}]
    s = P(3, actions=[["atomic"], [], []], current=0,
          hands=[["ninja"], ["baby"], ["tgoat", "tgoat"]], herds=CARDS["herds"],
          pile_top=["fairy"] * 4 + ["baby"] * 3)
    s.apply("atomic 2")                              # Cy's lone Base Stack is gone
    assert s.herds[2] == []
    s.apply("discard baby")                          # Bo's turn; then Cy's
    s.apply("birth tgoat tgoat")
    assert s.view(None)["herds"][2][0]["base"] and s.herds[2] == [["tgoat", "tgoat"]]


def test_gl_x10_a_cancelled_card_still_goes_to_the_trash():
    s = P(3, actions=[["loaf"], ["escape"], []], **CARDS)
    s.apply("loaf 1")
    assert s.trash == ["loaf"]                       # already face up in the trash
    s.apply("escape", seat=1)
    assert s.trash == ["loaf", "escape"] and s.skips == [0, 0, 0]


def test_gl_x11_the_turn_guard_ends_the_game():
    s = new_game(players=2, seed=3, max_turns=3)
    bot = make_bot("random", seed=1)
    while not s.is_over:
        s.apply(bot.choose(s, s.deciders[0]), seat=s.deciders[0])
    assert s.turn == 3 and "turn guard" in " ".join(s.log[-3:])
    assert s.winners and set(s.winners) <= {0, 1}
    with pytest.raises(VariantError) as info:
        new_game(max_turns=0)
    assert info.value.rule == "GL-X11"


def test_gl_x12_rounds_gather_every_card_and_the_highest_total_wins():
    s = P(hands=[["ninja"], []], herds=[["corn lord"], ["baby baby"]], pile=[],
          reshuffle_used=True, round=2, totals=[40, 95], target_score=100)
    s.apply("discard ninja")
    assert s.is_over and s.totals == [110, 105] and s.winners == (0,)
    assert s.scores == (110, 105)


def test_gl_x13_a_card_seen_going_into_a_hand_stays_known_to_who_saw_it():
    s = P(3, actions=[["hood", "hypno"], [], []], hypnotized="random",
          hands=[["ninja"], ["lord", "fairy"], ["kraken", "corn"]],
          herds=[["tgoat tgoat"], ["baby baby"], []])
    s.apply("hood")                                  # everyone sees Bo's lord go to Ana
    assert s.view(2)["known"] == [{"seat": 0, "card": "lord"}]
    for seed in range(5):
        assert "lord" in s.redealt(2, random.Random(seed)).hands[0]
    s = P(3, actions=[["hypno"], [], []], hands=[["ninja"], ["lord", "fairy"], ["corn"]],
          herds=[["tgoat tgoat"], ["baby baby"], []])
    s.preset(take="fairy")
    s.apply("hypno 1")
    assert s.view(1)["known"] == [{"seat": 0, "card": "fairy"}] and s.view(2)["known"] == []
    for seed in range(5):
        assert "fairy" in s.redealt(1, random.Random(seed)).hands[0]
    s.apply("discard fairy")                         # it leaves face up: forgotten
    assert s.view(1)["known"] == []
    for seat in range(3):
        check_information(s, seat, random.Random(seat))


def _others_see(s, seat):
    """What every seat but ``seat`` gets: its projection (view, prompt, log, legal actions)
    and who decides."""
    return {other: {**seat_sees(s, other), "deciders": s.deciders}
            for other in range(s.players) if other != seat}


def _same_for_others(a, b, seat, actions):
    """``a`` and ``b`` differ only in what ``seat`` hides; after each of the same public
    ``actions`` every other seat sees the same in both."""
    assert _others_see(a, seat) == _others_see(b, seat)
    for text in actions:
        for s in (a, b):
            s.apply(text, seat=s.deciders[0])
        assert _others_see(a, seat) == _others_see(b, seat), text


def test_gl_x14_after_flower_goatee_face_down_cards_do_not_decide_who_is_asked():
    # issue 23 item 8: Ana's hand is used up and she has a play left. With a playable card
    # face down she was asked; with only Escape Goat the turn ended by itself.
    base = dict(hands=[["ninja"], ["baby", "corn"], ["tgoat"]], pile_top=["ninja"],
                herds=CARDS["herds"])
    a = P(3, actions=[["flower", "atomic"], [], []], **base)
    b = P(3, actions=[["escape", "flower"], [], []], **base)
    _same_for_others(a, b, 0, ["flower", "birth ninja ninja"])
    assert a.deciders == b.deciders == (0,) and a.plays_left == 1 and not a.hands[0]
    assert "end" in legal(a, 0) and legal(b, 0) == {"end"}     # extra plays are optional
    _same_for_others(a, b, 0, ["end"])
    assert a.current == b.current == 1


def test_gl_x14_at_the_start_of_a_turn_face_down_cards_do_not_decide_who_is_asked():
    # the same at the start of a turn: an empty hand with face-down cards is asked whatever
    # they are, and may pass
    base = dict(hands=[[], ["baby", "corn"], ["tgoat"]], herds=CARDS["herds"])
    a = P(3, actions=[["atomic"], [], []], **base)
    b = P(3, actions=[["escape"], [], []], **base)
    assert a.deciders == b.deciders == (0,)
    assert legal(a, 0) == {"atomic 1", "atomic 2", "end"} and legal(b, 0) == {"end"}
    _same_for_others(a, b, 0, ["end"])
    assert a.current == b.current == 1 and "Ana passes." in a.log
    c = P(3, actions=[["escape"], [], []], **{**base, "herds": [[], *CARDS["herds"][1:]]})
    assert c.current == 1 and "Ana has nothing to play and passes." in c.log  # public: no herd


# ---------------------------------------------------------------------- off-turn decisions

def test_off_turn_a_duel_exchange_of_several_cards():
    s = P(**{**DUEL, "hands": [["lord", "ninja", "ninja"],
                               ["goatini", "goatini", "ninja", "baby"]]})
    s.apply("duel 1 ninja")
    order = []
    for text in ("play ninja", "play lord", "play goatini", "play ninja", "play goatini"):
        seat = s.deciders[0]
        order.append(seat)
        s.apply(text, seat=seat)
    # Ana has no card left: Bo played the last card and wins
    assert order == [1, 0, 1, 0, 1] and s.duel is None
    assert s.herds[1][-1] == ["ninja", "ninja", "ninja", "ninja", "lord", "goatini", "ninja",
                              "goatini"]
    assert "Ana has no card to answer with." in s.log


def test_off_turn_escape_goat_as_the_first_defence():
    s = P(3, current=2, hands=[["lord"], ["fairy"], ["ninja", "ninja"]],
          actions=[["escape"], [], []], herds=[["baby baby", "ninja ninja"], [], ["corn corn"]])
    s.apply("duel 0 ninja")
    assert s.deciders == (0,) and s.current == 2 and "escape" in legal(s, 0)
    assert "Ana may defend" in s.prompt_for(1)
    s.apply("escape", seat=0)
    assert s.herds[0][-1] == ["ninja", "ninja", "ninja"] and s.current == 0


def test_off_turn_a_forced_discard_after_santy_goat():
    s = P(3, actions=[["santy"], [], []], pile_top=["corn", "dragon"],
          hands=[["ninja", "fairy", "baby", "ghoast", "foodie"], ["tgoat"], ["kraken"]],
          herds=[["ladypug ladypug"], [], []])
    s.apply("santy")
    assert len(s.hands[0]) == 7 and s.plays_left == 1
    s.apply("end")
    assert s.deciders == (0,) and s.pending.kind == "toss"
    assert s.prompt_for(0) == "Discard 2 cards to get down to 5."
    s.apply("toss baby")
    s.apply("toss ghoast")
    assert len(s.hands[0]) == 5 and s.current == 1


def test_off_turn_a_fourth_action_card_in_someone_elses_refill():
    s = P(hands=[["ninja", "ninja", "fairy", "baby", "baby"], ["baby", "tgoat", "ghoast", "corn"]],
          actions=[[], ["escape", "loaf", "sneak"]], pile_top=["dragon", "kraken", "atomic",
                                                               "foodie"])
    s.apply("birth ninja ninja")              # Ana refills 2 first, then Bo draws Atomic Goat
    assert s.hands[0] == ["dragon", "kraken", "fairy", "baby", "baby"]
    assert s.deciders == (1,) and s.pending.kind == "trash" and s.current == 0
    assert s.prompt_for(0) == "Bo has four action cards and must trash one."
    s.apply("trash sneak", seat=1)
    assert s.action_cards[1] == ["escape", "loaf", "atomic"] and "foodie" in s.hands[1]
    assert s.current == 1 and s.trash == ["sneak"]


def test_off_turn_raining_fire_goats_picks_by_every_seat():
    s = P(4, actions=[["rain"], [], [], []], herds=[["baby baby"], [], [], []],
          hands=[["ninja", "fairy"], ["tgoat", "lord"], ["kraken", "corn", "ghoast"],
                 ["foodie", "foodie"]])
    s.apply("rain")
    assert s.deciders == (0, 1, 2, 3)
    with pytest.raises(NotYourDecisionError):
        s.apply("keep ninja")                   # several decide: name the seat
    for seat, card in ((3, "foodie"), (1, "lord"), (2, "corn"), (0, "fairy")):
        s.apply(f"keep {card}", seat=seat)
    assert s.hands == [["fairy"], ["lord"], ["corn"], ["foodie"]]
    assert [len(a) for a in s.aside] == [1, 1, 2, 1]


# ---------------------------------------------------------------------- notation, views, saves

def test_the_notation_reads_back_every_legal_action_and_refuses_nonsense():
    s = new_game(players=4, seed=5)
    bot = make_bot("random", seed=2)
    for _ in range(150):
        if s.is_over:
            break
        seat = s.deciders[0]
        for action in s.legal_actions(seat):
            assert parse_action(str(action)) == action
            assert action.to_dict()["text"] == str(action)
        s.apply(bot.choose(s, seat), seat=seat)
    for text in ("", "birth", "birth ninja", "birth atomic ninja", "duel x ninja", "dance",
                 "sneak 1 x", "russian up", "pass now", "trash ninja", "keep atomic"):
        with pytest.raises(ActionParseError):
            parse_action(text)


def test_the_view_shape_for_the_front_end_and_its_size():
    s = P(6, hands=[["ninja", "lord"], ["baby"], [], [], [], []],
          actions=[["atomic"], [], [], [], [], []], discard=["fairy"],
          herds=[["corn corn", "ninja goatini"], ["baby baby"], [], [], [], []])
    view = s.view(0)
    for key in ("hand", "actions", "aside", "hand_counts", "action_counts", "herds",
                "discard_top", "discard_count", "draw_count", "trash", "duel", "pending",
                "why", "plays_left", "current", "values", "totals"):
        assert key in view, key
    assert view["herds"][0][-1]["top"] and view["herds"][0][0]["base"]
    assert view["why"] == "Ana's turn."
    assert len(json.dumps(s.view(0))) < 20_000
    big = new_game(players=6, seed=1)
    bot = make_bot("random", seed=1)
    for _ in range(120):
        if big.is_over:
            break
        big.apply(bot.choose(big, big.deciders[0]), seat=big.deciders[0])
        assert len(json.dumps(big.view(big.deciders[0] if big.deciders else 0))) < 20_000


def test_information_while_a_hand_is_shown_and_while_picks_are_secret():
    s = P(3, actions=[["hypno"], [], []], hypnotized="choose", **CARDS)
    s.apply("hypno 1")
    for seat in range(3):
        check_information(s, seat, random.Random(seat))
    b = s.redealt(0, random.Random(5))
    assert b.hands[1] == s.hands[1]                # Ana is looking at Bo's hand
    s = P(3, actions=[["rain"], [], []], hands=[["ninja", "fairy"], ["tgoat", "lord"],
                                                ["kraken", "corn"]], herds=[["baby baby"], [], []])
    s.apply("rain")
    s.apply("keep lord", seat=1)
    for seat in range(3):
        check_information(s, seat, random.Random(seat))
    assert "lord" not in json.dumps(seat_sees(s, 0)["view"].get("my_choice", ""))


def test_refusals_say_why_in_plain_words_and_change_nothing():
    s = P(**DUEL)
    refused(s, "keep ninja", "GL-R19", "nothing asks for it")
    refused(s, "birth kraken kraken", "GL-R8", "fewer than two")
    refused(s, "discard corn", "GL-R9", "no Flying Goat-a-Corn")
    refused(s, "atomic 1", "GL-R13", "no Atomic Goat")
    with pytest.raises(NotYourDecisionError):
        s.apply("discard baby", seat=1)
    s.apply("duel 1 ninja")
    refused(s, "play tgoat", "GL-R11", "Goat Ninja or a wild", seat=1)
    refused(s, "discard baby", "GL-R11", "duel", seat=1)
    with pytest.raises(GameError):
        s.apply("pass", seat=0)


# ---------------------------------------------------------------------- hostile input (issue 23)


@pytest.mark.parametrize("value", HOSTILE + [b"end", "end " * 10_000],
                         ids=lambda v: type(v).__name__)
def test_parse_action_refuses_what_is_not_short_text(value):
    # issue 23 item 7: parse_action(None) raised AttributeError
    with pytest.raises(ActionParseError) as info:
        parse_action(value)
    assert info.value.rule == "notation" and len(str(info.value)) < 300


@pytest.mark.parametrize("field", ["kind", "card", "card2", "target", "stack", "direction"])
def test_the_action_constructor_refuses_hostile_fields(field):
    good = {"kind": "sneak", "target": 1, "stack": 2}
    for value in HOSTILE:
        fields = dict(good, **{field: value})
        if value is None and field not in ("kind", "target", "stack"):
            continue                                   # a field sneak does not take
        with pytest.raises(ActionParseError) as info:
            goat_lords.Action(**fields)
        assert len(str(info.value)) < 300


@pytest.mark.parametrize("option", sorted(goat_lords.State.variant_defaults))
def test_new_game_refuses_hostile_variants_naming_them(option):
    for value in HOSTILE + [{"lord": 10**5000}, {"lord": 10**30}, {"atomic": 10**5000}]:
        try:
            s = new_game(**{option: value})
        except VariantError as exc:
            assert option in str(exc) or exc.rule in ("variants",), str(exc)
            continue
        assert goat_lords.State.from_json(s.to_json()).to_json() == s.to_json()   # accepted


def test_no_variant_reads_a_file_or_an_address(monkeypatch, tmp_path):
    # issue 23 item 1: a save carries its variants, so none may name something to open
    import builtins
    import io
    import urllib.request

    def refuse(*args, **kwargs):
        raise AssertionError(f"a variant opened {args[:1]}")

    for where, name in ((builtins, "open"), (io, "open"), (urllib.request, "urlopen")):
        monkeypatch.setattr(where, name, refuse)
    texts = ["/etc/passwd", str(tmp_path), "https://example.com/values.json",
             "file:///etc/passwd", "/dev/zero"]
    for option in goat_lords.State.variant_defaults:
        for value in texts + [{t: 1 for t in texts}]:
            try:
                s = new_game(**{option: value})
            except VariantError:
                continue
            goat_lords.State.from_json(s.to_json())               # pragma: no cover


# ---------------------------------------------------------------------- words (issue 24 item 8)

def _new_lines(s, action, seat=None, reader=None):
    """The lines ``reader`` reads after ``action`` (played by ``seat``), with headline flags."""
    start = len(s.log_entries_for(reader))
    s.apply(action, seat=seat)
    return s.log_entries_for(reader)[start:]


def test_words_gl_r11_a_duel_won_by_its_one_opening_card_reads_right():
    s = P(**DUEL)
    s.apply("duel 1 ninja")
    lines = [line for line, _ in _new_lines(s, "pass", seat=1)]
    assert lines[1] == "Ana wins the duel and takes Bo's Goat Ninja stack, adding the duel card."
    s = P(**DUEL, names=["You", "Bo"])
    s.apply("duel 1 lord")
    s.apply("play goatini", seat=1)
    lines = [line for line, _ in _new_lines(s, "pass")]
    assert lines[1] == "Bo wins the duel and keeps the Goat Ninja stack, adding both duel cards."
    s = P(**DUEL, names=["Ana", "You"])
    s.apply("duel 1 lord")
    s.apply("play goatini", seat=1)
    s.apply("play ninja")
    lines = [line for line, _ in _new_lines(s, "pass", seat=1)]
    assert lines[1] == "Ana wins the duel and takes your Goat Ninja stack, adding all 3 duel cards."


def test_words_gl_r32_the_card_kept_under_raining_fire_goats_is_said_by_its_name():
    s = _rain_picks()
    lines = [line for line, _ in _new_lines(s, "keep lord", seat=1, reader=1)]
    assert lines == ["You chose to keep your Goat Lord."]
    assert s.log_for(0)[-1] == "Bo has chosen."


@pytest.mark.parametrize("names", [["You", "Bo", "Cy"], ["Ana", "You", "Cy"],
                                   ["Ana", "Bo", "You"]])
def test_words_any_seat_called_you_reads_right(names):
    """A seat called "You" in the middle of a sentence, in a list of names, as a loser of a
    turn, as a winner beside others, and Escape Goat in a duel without a name said twice."""
    s = P(3, names=names, actions=[["loaf"], [], []], **CARDS)
    line = [x for x, _ in _new_lines(s, "loaf 2") if "miss" in x][0]
    assert line in ("Cy will miss the next turn.", "You will miss the next turn.")
    s = P(3, names=names, actions=[["flower"], ["escape"], ["escape"]], pile_top=["corn"],
          **CARDS)
    s.apply("flower")
    line = [x for x, _ in _new_lines(s, "allow", seat=1)][-1]
    assert line == f"{words.says(names[1], 'lets', 'let')} it be. " \
                   f"{words.says(names[2], 'may', 'may')} cancel it with Escape Goat."
    s = P(3, names=names, actions=[["rain"], [], []], herds=[["baby baby"], [], []],
          hands=[["ninja", "fairy"], ["tgoat", "lord"], ["kraken", "corn"]])
    s.apply("rain")
    later = [words.obj(n) for n in names[1:]]
    assert s.public_prompt() == (f"Raining Fire-Goats: {names[0]}, {later[0]} and {later[1]} "
                                 "pick one card to keep.")
    s = P(3, names=names, hands=[["ninja"], [], []], pile=[], reshuffle_used=True,
          herds=[["corn corn"], ["ninja ninja", "ninja ninja"], ["baby baby"]])
    s.apply("discard ninja")
    assert s.log[-1] == f"{names[0]} and {words.obj(names[1])} win with 40 points!"
    assert s.public_prompt() == (f"The game is over: {names[0]} and {words.obj(names[1])} won "
                                 "with 40 points.")
    s = P(**DUEL, names=names[:2], actions=[[], ["escape"]])
    s.apply("duel 1 ninja")
    line = [x for x, _ in _new_lines(s, "escape", seat=1)][0]
    assert line == (f"{words.says(names[1], 'plays', 'play')} Escape Goat: the duel is off, "
                    f"and {words.possessive(names[0])} Goat Ninja joins the Goat Ninja stack.")


# ---------------------------------------------------------------------- what just happened (item 6)

def _headlines(s, action, seat=None):
    return [line for line, top in _new_lines(s, action, seat=seat) if top]


def test_headlines_a_won_duel_comes_before_the_cards_drawn_after_it():
    s = P(**DUEL)
    s.apply("duel 1 ninja")
    lines = _new_lines(s, "pass", seat=1)
    assert [line for line, top in lines if top] == [
        "Ana wins the duel and takes Bo's Goat Ninja stack, adding the duel card."]
    assert any(line.startswith("Ana draws") for line, top in lines if not top)


def _escape_asked():
    s = P(3, actions=[["atomic"], ["escape"], []], **CARDS)
    s.apply("atomic 1")
    return s


def _duel_escape_asked():
    s = P(**DUEL, actions=[[], ["escape"]])
    s.apply("duel 1 ninja")
    return s


@pytest.mark.parametrize("build, action, seat, heads", [
    (lambda: P(**DUEL), "birth ninja ninja", 0,
     ["Ana plays a Goat Ninja and a Goat Ninja (Birth): a new stack."]),
    (lambda: P(**DUEL, discard=["kraken"]), "assist kraken", 0,
     ["Ana plays a Krakengoat and a Krakengoat (Assisted Birth with the discard pile's top "
      "card): a new stack."]),
    (lambda: P(**DUEL), "discard foodie", 0, ["Ana discards a Foodie Goat."]),
    (lambda: P(3, actions=[["atomic"], [], []], **CARDS), "atomic 1", 0,
     ["Ana plays Atomic Goat on Bo.",
      "Bo's top stack (Krakengoat, 2 cards) goes to the trash."]),
    (lambda: P(3, actions=[["loaf"], [], []], **CARDS), "loaf 1", 0,
     ["Ana plays Loaf of Goat on Bo.", "Bo will miss the next turn."]),
    (lambda: P(3, actions=[["russian"], [], []], **CARDS), "russian left", 0,
     ["Ana plays Russian Goatlette.", "Everyone passes their top stack to the left."]),
    (lambda: P(3, actions=[["hood"], [], []], hands=[["ninja"], ["lord", "baby"], ["tgoat"]],
               herds=CARDS["herds"]), "hood", 0,
     ["Ana plays Goatinhood.", "Bo gives Ana a Goat Lord."]),
    (_escape_asked, "escape", 1, ["Bo plays Escape Goat: Atomic Goat has no effect."]),
    (_duel_escape_asked, "escape", 1,
     ["Bo plays Escape Goat: the duel is off, and Ana's Goat Ninja joins the Goat Ninja "
      "stack."]),
    (_mid_duel, "play goatini", 1, []),
    (_one_round_over, None, None, ["The round is over. Ana 70, Bo 10.",
                                   "Ana wins with 70 points!"]),
])
def test_headlines_mark_what_matters_most_in_each_kind_of_move(build, action, seat, heads):
    s = build()
    if action is None:                               # the round ended while it was built
        assert [line for line, top in s.log_entries_for(None) if top][-2:] == heads
        return
    assert _headlines(s, action, seat) == heads


# ---------------------------------------------------------------------- the board's marks (item 6)

#: what everyone sees happen: cards played face up, stacks made and moved, duels, answers
PUBLIC_KINDS = {"birth", "assist", "duel", "discard", "end", "play", "pass", "escape", "allow",
                "trash", "toss", "atomic", "hypno", "loaf", "sneak", "russian", "rain", "hood",
                "santy", "flower"}


def test_public_action_every_kind_but_the_secret_picks_reaches_every_seat():
    """A card kept under Raining Fire-Goats is picked in secret (GL-R32) and a card taken
    with Hypnotized Goat is the taker's to know (GL-R16; the one it came from reads it in the
    log): those never reach another seat; everything else is done in the open (GL-R5)."""
    seen = set()
    for seed, players in [(1, 3), (2, 4), (3, 6), (4, 2), (5, 5)]:
        s = new_game(players=players, seed=seed, hypnotized="choose")
        bot = make_bot("random", seed=seed)
        while not s.is_over:
            seat = s.deciders[0]
            s.apply(bot.choose(s, seat), seat=seat)
        for i, entry in enumerate(s.history):
            action = parse_action(entry["action"])
            seen.add(action.kind)
            for viewer in (None, *range(players)):
                got = s.public_action(entry, viewer)
                knows = viewer == entry["seat"] or action.kind in PUBLIC_KINDS
                assert got == (action if knows else None), (i, entry, viewer)
    assert {"keep", "take", "birth", "duel", "discard", "trash", "escape"} <= seen


def test_public_action_a_secret_pick_is_the_pickers_alone():
    s = _rain_picks()
    s.apply("keep lord", seat=1)
    entry = s.history[-1]
    assert s.public_action(entry, 1) == parse_action("keep lord")
    assert [s.public_action(entry, v) for v in (None, 0, 2, 3)] == [None] * 4
    s = _take_pick()
    s.apply("take corn")
    entry = s.history[-1]
    assert s.public_action(entry, 0) == parse_action("take corn")
    assert [s.public_action(entry, v) for v in (None, 1, 2)] == [None] * 3
    assert "Ana takes a Flying Goat-a-Corn from your hand." in s.log_for(1)
    s = P(**DUEL)
    s.apply("duel 1 ninja")
    assert s.public_action(s.history[-1], 1).to_dict()["target"] == 1   # marks Bo's stack


# ---------------------------------------------------------------------- property runs

@pytest.mark.parametrize("players", range(2, 7))
@pytest.mark.parametrize("seed", range(3))
def test_seeded_games_keep_every_rule_the_engine_checks(players, seed):
    result = play_checked(goat_lords, players, 500 + 10 * players + seed)
    assert result["decisions"] > 20


def test_a_refusal_about_a_seat_called_you_reads_right():
    """A target named "You" is "you" in a refusal: "you have no stack yet", not "they"."""
    s = goat_lords.position(players=2, names=["Ana", "You"], hands=[["corn", "kraken"], ["kraken"]],
                 actions=[["loaf"], []], herds=[["ninja ninja"], []])
    with pytest.raises(GameError, match=r"on you: you have no stack yet \(GL-R13\)"):
        s.apply("loaf 1", seat=0)
    t = goat_lords.position(players=2, names=["Ana", "You"], hands=[["corn"], ["kraken"]],
                 herds=[["ninja ninja"], ["corn corn", "dragon dragon"]])
    with pytest.raises(GameError, match=r"can.t duel you: your top stack"):
        t.apply("duel 1 corn", seat=0)
