"""Hidden information, decisions by several seats, decks and presets, proven on the test game.

The information test itself (``tests/information.py``) runs inside every game's property run;
here it is shown to catch leaks (a view, a prompt, a log line, a bot that peeks, a re-deal
that forgets a hidden part), and the test game's secret simultaneous bid and off-turn answer
are played through.
"""

from __future__ import annotations

import random
import re

import pytest

from goatwidgets.engine import (
    IllegalActionError,
    NotYourDecisionError,
    VariantError,
    make_bot,
)
from goatwidgets.engine.bots import Bot

from tests.information import check_information, seat_sees
from tests.toygame import new_game, position
from tests.toygame.rules import GoatAuction, number


def mid_game(players=3, seed=5, decisions=7):
    s = new_game(players=players, seed=seed, names=["Ana", "Bo", "Cy", "Di"][:players])
    bot = make_bot("random", seed=seed)
    for _ in range(decisions):
        seat = s.deciders[0]
        s.apply(bot.choose(s, seat), seat=seat)
    return s


# ---------------------------------------------------------------------- the test catches leaks

class LeakyView(GoatAuction):
    """Shows every hand to everyone."""

    def _public_view(self):
        return {**super()._public_view(), "all_hands": [list(h) for h in self.hands]}


class LeakyPrompt(GoatAuction):
    def _prompt(self, seat):
        return super()._prompt(seat) + f" (next card: {self.decks['deck'].pile[-1]})"


class LeakyLegal(GoatAuction):
    """Lists one card of the next seat's hand among a seat's actions (a legal-list leak)."""

    def _legal(self, seat):
        actions = super()._legal(seat)
        other = self.hands[(seat + 1) % self.players]
        return actions + [type(actions[0])("give", card=c) for c in other[:1]] if actions else []


class Peeker(Bot):
    """Picks its bid from the next seat's hand: it looks at cards it may not see."""

    name = "peeker"

    def choose(self, state, seat=None):
        theirs = sum(int(c[1:]) for c in state.hands[(seat + 1) % state.players])
        mine = sorted(state.legal_actions(seat), key=str)
        return mine[theirs % len(mine)]


def leaky(cls, seed=5):
    """A mid-game position of the honest game, then looked at through a leaky class."""
    s = new_game(players=3, seed=seed, names=["Ana", "Bo", "Cy"])
    bot = make_bot("random", seed=1)
    for _ in range(4):
        seat = s.deciders[0]
        s.apply(bot.choose(s, seat), seat=seat)
    s.__class__ = cls
    s._legal_cache = {}
    return s


@pytest.mark.parametrize("cls", [LeakyView, LeakyPrompt, LeakyLegal])
def test_information_test_catches_a_leak(cls):
    caught = 0
    for seed in range(6):
        s = leaky(cls, seed)
        try:
            for seat in range(3):
                check_information(s, seat, random.Random(seed))
        except AssertionError as err:
            assert "can tell the two deals apart" in str(err)
            caught += 1
    assert caught >= 4                      # (a re-deal may by chance deal the same cards)


def test_information_test_catches_a_bot_that_peeks(monkeypatch):
    from goatwidgets.engine import bots

    monkeypatch.setitem(bots.BOTS, "random", Peeker)
    caught = 0
    for seed in range(6):
        s = position(3, hands=[["g1", "g9"], ["g2", "g14"], ["g3", "g6"]])
        try:
            check_information(s, 0, random.Random(seed), bots=("random",))
        except AssertionError as err:
            assert "bot" in str(err)
            caught += 1
    assert caught >= 3


# ---------------------------------------------------------------------- ... and a forgetful re-deal

class ForgetsTheDeck(GoatAuction):
    """Re-deals the other hands among themselves and leaves the draw pile as it was: a bot
    deciding on the re-dealt copy knows every card it will draw."""

    def _redeal_hidden(self, seat, rng):
        kept = set(self.known[seat])
        others = [s for s in range(self.players) if s != seat]
        pool = sorted((c for s in others for c in self.hands[s] if c not in kept), key=number)
        rng.shuffle(pool)
        for s in others:
            mine = [c for c in self.hands[s] if c in kept]
            self.hands[s] = sorted(mine + [pool.pop() for _ in range(len(self.hands[s]) - len(mine))],
                                   key=number)


class ForgetsTheGifts(GoatAuction):
    """Leaves every card given away in the hand it went to, also one given by one other seat
    to another (the seat saw only "Cy gave Bo a card."): a bot knows who holds it."""

    def _redeal_hidden(self, seat, rng):
        deck = self.decks["deck"]
        kept = {c for known in self.known for c in known}          # the honest game: known[seat]
        pool = sorted([c for s, h in enumerate(self.hands) if s != seat for c in h
                       if c not in kept] + deck.pile, key=number)
        rng.shuffle(pool)
        for s, hand in enumerate(self.hands):
            if s != seat:
                mine = [c for c in hand if c in kept]
                self.hands[s] = sorted(mine + [pool.pop() for _ in range(len(hand) - len(mine))],
                                       key=number)
        deck.pile = pool


def given_between_others(cls, seed):
    """Cy gives Bo g14 when Bo asks: Ana (seat 0) is told only that Cy gave Bo a card."""
    s = position(3, hands=[["g1", "g9"], ["g2", "g5"], ["g3", "g14"]], phase="ask", winner=1,
                 names=["Ana", "Bo", "Cy"], seed=seed)
    s.apply("ask 2")
    s.apply("give g14", seat=2)
    assert s.log_for(0)[-1] == "Cy gave Bo a card." and "g14" in s.hands[1]
    s.__class__ = cls
    return s


@pytest.mark.parametrize("cls, forgotten", [
    (ForgetsTheDeck, "the draw pile of deck 'deck' kept its order"),
    (ForgetsTheGifts, "hands[1] always held ['g14']"),
])
def test_information_test_catches_a_redeal_that_forgets_a_hidden_part(cls, forgotten):
    for seed in range(6):
        check_information(given_between_others(GoatAuction, seed), 0, random.Random(seed))
        s = given_between_others(cls, seed)
        # what the seat sees cannot catch it: the forgotten part is hidden in both deals
        assert seat_sees(s.redealt(0, random.Random(seed)), 0) == seat_sees(s, 0)
        with pytest.raises(AssertionError, match=re.escape(forgotten)):
            check_information(s, 0, random.Random(seed))


def test_the_honest_test_game_passes_the_information_test():
    for seed in range(10):
        s = mid_game(seed=seed, decisions=seed % 6)
        for seat in range(3):
            check_information(s, seat, random.Random(seed))


# ---------------------------------------------------------------------- simultaneous choice

def test_a_simultaneous_bid_stays_secret_until_every_seat_has_bid():
    s = position(3, hands=[["g1", "g9"], ["g2", "g14"], ["g3", "g6"]],
                 names=["Ana", "Bo", "Cy"])
    assert s.deciders == (0, 1, 2) and s.to_move is None
    s.apply("bid g9", seat=0)
    assert s.deciders == (1, 2)
    for seat in (1, 2, None):
        seen = seat_sees(s, seat) if seat is not None else {"view": s.view(None),
                                                           "game_log": s.log_for(None)}
        assert "g9" not in str(seen["view"]) and "g9" not in " ".join(seen["game_log"])
        assert seen["view"]["chosen"] == [0]
    assert s.view(0)["my_choice"] == "bid g9" and s.log_for(0)[-1] == "You chose card g9."
    assert s.log_for(1)[-1] == "Ana has chosen."
    with pytest.raises(NotYourDecisionError, match="already chosen"):
        s.apply("bid g1", seat=0)
    with pytest.raises(NotYourDecisionError, match="say which seat"):
        s.apply("bid g2")
    s.apply("bid g2", seat=1)
    s.apply("bid g3", seat=2)                       # the last bid resolves all three
    assert "Bids: Ana g9, Bo g2, Cy g3. Ana wins round 1." in s.log_for(1)
    assert s.scores == (1, 0, 0) and s.deciders == (0,) and s.phase == "ask"


def test_undo_takes_back_one_secret_bid():
    s = position(2, hands=[["g1", "g9"], ["g2", "g14"]])
    s.apply("bid g9", seat=0)
    s.undo()
    assert s.deciders == (0, 1) and "chosen" in s.view(1) and s.view(1)["chosen"] == []
    s.apply("bid g1", seat=0)
    assert s.view(0)["my_choice"] == "bid g1"


# ---------------------------------------------------------------------- off-turn answer

def test_an_off_turn_answer_is_the_asked_seats_decision():
    s = position(3, hands=[["g1"], ["g2", "g14"], ["g3"]], phase="ask", winner=0,
                 names=["Ana", "Bo", "Cy"])
    s.apply("ask 1")
    assert s.deciders == (1,) and s.phase == "answer"
    assert s.legal_actions(0) == [] and [str(a) for a in s.legal_actions(1)] == ["give g2",
                                                                                "give g14"]
    assert s.prompt_for(1).startswith("Ana asks you") and s.prompt_for(0) == "Waiting for Bo."
    with pytest.raises(NotYourDecisionError, match="Bo's decision"):
        s.apply("give g1", seat=0)
    with pytest.raises(IllegalActionError, match="not in your hand") as info:
        s.apply("give g3", seat=1)
    assert info.value.rule == "TA-4"
    s.apply("give g14", seat=1)
    assert s.hands[0] == ["g1", "g14"] and s.hands[1] == ["g2"]
    assert s.log_for(0)[-1] == "Bo gave you g14." and s.log_for(1)[-1] == "You gave Ana g14."
    assert s.log_for(2)[-1] == "Bo gave Ana a card." and s.deciders == (0, 1, 2)


# ---------------------------------------------------------------------- decks and presets

def test_a_preset_card_must_still_be_in_the_deck():
    s = position(2, hands=[["g1", "g9"], ["g2", "g14"]])
    with pytest.raises(VariantError, match="'g9' is not a card still in the deck"):
        s.preset(deck=["g9"])                       # it is in Ana's hand
    with pytest.raises(VariantError, match="not a card still in the deck"):
        s.preset(deck=["g5", "g5"])                 # only one g5 exists
    with pytest.raises(VariantError, match="no chance of kind 'dice'"):
        s.preset(dice=["g5"])
    s.preset(deck=["g5", "g16"])
    s.apply("bid g1", seat=0)
    s.apply("bid g2", seat=1)
    assert s.hands == [["g5", "g9"], ["g14", "g16"]]
    assert s.history[-1]["chance"] == ["deck=g5", "deck=g16"]


def test_the_deck_reshuffles_its_discards_when_it_runs_out():
    s = position(2, hands=[["g1", "g2", "g3", "g4", "g5", "g6", "g7"],
                           ["g8", "g9", "g10", "g11", "g12", "g13", "g14"]])
    deck = s.decks["deck"]
    assert deck.count == 2
    s.apply("bid g1", seat=0)
    s.apply("bid g8", seat=1)                       # both draw the last two cards
    s.apply("pass")
    assert deck.count == 0 and sorted(deck.discards) == ["g1", "g8"]
    s.apply("bid g2", seat=0)
    s.apply("bid g9", seat=1)                       # four discards become the new pile
    assert deck.count == 2 and deck.discards == []
    drawn = [c.split("=")[1] for c in s.history[-1]["chance"]]
    assert set(drawn) <= {"g1", "g8", "g2", "g9"} and len(drawn) == 2
    s.check_invariants()


def test_bots_never_see_presets_or_deck_order():
    s = position(2, hands=[["g1", "g9"], ["g2", "g14"]])
    s.preset(deck=["g16"])
    guess = s.redealt(0, random.Random(3))
    assert guess._presets == {} and sorted(guess.hands[0]) == ["g1", "g9"]
    assert sorted(guess.hands[1] + guess.decks["deck"].pile, key=lambda c: int(c[1:])) == \
        sorted(s.hands[1] + s.decks["deck"].pile, key=lambda c: int(c[1:]))
    orders = {tuple(s.redealt(0, random.Random(seed)).decks["deck"].pile) for seed in range(5)}
    assert len(orders) > 1                          # the deck order is re-dealt, not copied


def test_a_preset_card_from_the_discards_only_once_the_pile_will_have_run_out():
    s = position(2, hands=[["g1", "g2", "g3", "g4", "g5", "g6", "g7"],
                           ["g8", "g9", "g10", "g11", "g12", "g13", "g14"]])
    s.apply("bid g1", seat=0)
    s.apply("bid g8", seat=1)                       # both draw: the pile is empty now
    s.apply("pass")
    s.apply("bid g2", seat=0)                       # discards now g1 g8 (+ g2 pending)
    assert s.decks["deck"].count == 0
    with pytest.raises(VariantError, match="not a card in the deck's discards"):
        s.preset(deck=["g16"])                      # in Ana's hand, not in the discards
    s.preset(deck=["g8"])                           # drawn after the reshuffle
    s.apply("bid g9", seat=1)
    assert "g8" in s.hands[0]


def test_a_preset_from_the_discards_is_refused_while_the_pile_still_has_cards():
    s = position(2, hands=[["g1", "g2"], ["g8", "g9"]])
    s.apply("bid g1", seat=0)
    s.apply("bid g8", seat=1)
    s.apply("pass")
    assert "g1" in s.decks["deck"].discards and s.decks["deck"].count > 2
    with pytest.raises(VariantError, match="not a card still in the deck"):
        s.preset(deck=["g1"])
