"""The coach (issue 27, issue 33): a reason is said only where the seat can be sure of it on
every deal it can't rule out (the game derives it from the seat's information; see
tests/engine/test_coach_truth.py), one move is named only where the estimate separates it,
and the advice never depends on what the seat can't know."""

from __future__ import annotations

import random

import pytest

from goatwidgets.engine import coach
from goatwidgets.engine.coach import Reason, proven, suggest
from goatwidgets.engine.estimate import Choice, Estimate
from goatwidgets.games import goat_lords
from goatwidgets.games.goat_lords import position
from tests.engine.helpers import decided, with_strategy
from tests.registry import GAME_IDS, GAMES

BY_ID = {info.id: info.module for info in GAMES}


def test_a_fact_is_read_from_a_copy_re_dealt_for_the_seat_never_the_real_hand(monkeypatch):
    """The game's reasons read a copy in which the other hand is re-dealt: a reason that
    peeked at it would name a guess, never the real card (issue 33: such a reason is the
    game's bug, which the truth tests catch; the coach no longer filters by agreeing
    copies). What the seat itself holds reads as it is."""
    s = position(players=2, hands=[["ninja", "ninja"], ["kraken", "corn", "dragon", "fairy"]])
    peeked = []

    def reasons(before, after, action, seat):
        peeked.append((sorted(before.hands[0]), sorted(before.hands[1])))
        return [Reason("sure", "makes a stack", "GL-R8")]

    with_strategy(monkeypatch, goat_lords, reasons=reasons)
    for seed in range(6):
        assert [r.kind for r in proven(s, 0, "birth ninja ninja", seed=seed)] == ["sure"]
    assert all(mine == ["ninja", "ninja"] for mine, _ in peeked)
    assert any(theirs != sorted(s.hands[1]) for _, theirs in peeked)


@pytest.mark.parametrize("name", GAME_IDS)
def test_the_advice_is_the_same_whatever_the_seat_cannot_know(name):
    """The information test for the coach: two states that differ only in what the seat
    can't see give the same advice (words, estimate and reasons) for the same seed."""
    game = BY_ID[name]
    for seed in range(2):
        state = decided(game, game.State.max_players, seed, 3 + seed)
        if state.is_over:
            continue
        seat = state.deciders[-1]
        other = state.redealt(seat, random.Random(50 + seed))
        one = suggest(state, seat, iterations=20, seed=seed).to_dict()
        two = suggest(other, seat, iterations=20, seed=seed).to_dict()
        one["estimate"].pop("ms"), two["estimate"].pop("ms")
        assert one == two, (name, seed)


def test_a_new_stack_reason_states_the_stack_the_rules_make():
    s = position(players=2, names=["You", "Bo"], hands=[["ninja", "ninja", "lord"], ["corn"]])
    for text in ("birth ninja ninja", "birth ninja lord"):
        (reason,) = proven(s, 0, text)
        after = s.clone()
        after.apply(text, seat=0)
        stack = after.herds[0][-1]
        assert reason.kind == "stack" and reason.ruling == "GL-R8"
        assert reason.text.endswith(f"worth {sum(after.value(c) for c in stack)} points")


def test_a_duel_reason_names_the_stake_and_not_the_outcome():
    s = position(players=2, names=["You", "Bo"], hands=[["kraken", "ninja"], ["kraken"]],
                 herds=[["ninja ninja"], ["corn corn", "kraken kraken"]])
    reasons = proven(s, 0, "duel 1 kraken")
    assert [r.kind for r in reasons] == ["duel"]
    assert reasons[0].ruling == "GL-R10"
    stake = sum(s.value(c) for c in s.herds[1][-1])
    assert f"Bo's top stack, worth {stake} points" in reasons[0].text


def test_an_atomic_goat_reason_names_the_stack_it_trashes():
    s = position(players=2, names=["Ana", "Bo"], hands=[["corn"], ["kraken"]],
                 actions=[["atomic"], []], herds=[["ninja ninja"], ["corn corn", "kraken kraken"]])
    reasons = proven(s, 0, "atomic 1")
    assert reasons[0].kind == "trash" and reasons[0].ruling == "GL-R15"
    after = s.clone()
    after.apply("atomic 1", seat=0)
    assert len(after.herds[1]) == len(s.herds[1]) - 1           # the rules did trash it


def test_a_loaf_of_goat_reason_reads_right_for_you():
    s = position(players=2, names=["Ana", "You"], hands=[["corn"], ["kraken"]],
                 actions=[["loaf"], []], herds=[["ninja ninja"], ["corn corn"]])
    (reason,) = proven(s, 0, "loaf 1")
    assert (reason.kind, reason.text, reason.ruling) == ("skip", "takes away your next turn",
                                                          "GL-R21")
    after = s.clone()
    after.apply("loaf 1", seat=0)                 # Ana's turn ends, You lose yours: Ana again
    assert "You lose this turn (Loaf of Goat)." in after.log and after.current == 0


def test_close_choices_are_called_close_and_a_clear_one_is_named():
    s = position(players=2, names=["You", "Bo"], hands=[["ninja", "ninja", "kraken", "lord"],
                                                         ["lord"]], herds=[[], ["kraken kraken"]])
    advice = suggest(s, 0, iterations=120, seed=1)
    if advice.separated:
        assert advice.action == advice.estimate.best.action
        assert advice.words().startswith(f"Try the lit move: {advice.saying(advice.action)}.")
    else:
        assert advice.action is None
        assert advice.words().startswith("Two moves look about as good (both are lit)")
    best, second = advice.estimate.choices[:2]
    words = advice.words()                  # each in the board's words, never its code form
    assert s.action_words(best.action, 0) in words and s.action_words(second.action, 0) in words
    assert str(best.action) not in words and str(second.action) not in words


def test_a_clear_best_move_is_named_with_its_reason(monkeypatch):
    """Where one choice's interval is above every other's, the coach names it and says why."""
    s = position(players=2, names=["You", "Bo"], hands=[["ninja", "ninja", "corn"], ["lord"]])
    monkeypatch.setattr(coach.Estimate, "separated", lambda self: True)
    advice = suggest(s, 0, iterations=60)
    assert advice.action is not None
    words = advice.words()
    assert words.startswith(f"Try the lit move: {s.action_words(advice.action, 0)}.")
    assert " from here; the next best (" in words and ("in 10." in words or "in 100." in words)


def test_a_win_the_rules_prove_is_named_whatever_the_intervals():
    """A move that wins on every re-dealt copy is named even where few trials leave the
    intervals overlapping; without that proof the same estimate is called close."""
    s = position(players=2, names=["You", "Bo"], hands=[["ninja", "ninja", "corn"], ["lord"]])
    win, other = (s.parse_action(t) for t in ("birth ninja ninja", "birth ninja corn"))
    found = Estimate(0, [Choice(win, 3, 2.4, 2.0), Choice(other, 3, 1.5, 0.9)],
                           6, 1.0)
    assert not found.separated()                                   # the intervals overlap
    proof = {"birth ninja ninja": (Reason("wins", "wins the game"),)}
    advice = coach.Advice(0, found, proof, {"birth ninja ninja": s.action_words(win, 0)})
    assert advice.separated and advice.action == win
    # a win the rules settle is said as such, with no chance to weigh beside it
    assert advice.words() == ("Try the lit move: pair two of your Goat Ninja cards (a Birth). "
                              "It wins the game.")
    assert not coach.Advice(0, found, {}).separated


def test_chances_that_round_alike_are_said_in_hundredths():
    assert coach._chances(0.53, 0.47) == ("53 games in 100", "47 in 100")
    assert coach._chances(0.71, 0.42) == ("7 games in 10", "4 in 10")


def test_only_a_seat_with_a_decision_gets_advice():
    s = position(players=2, hands=[["ninja", "ninja"], ["corn"]])
    with pytest.raises(ValueError, match="no decision"):
        suggest(s, 1, iterations=10)


def test_winning_the_game_is_said_only_when_the_rules_end_it_so():
    s = goat_lords.new_game(players=2, seed=3)
    seat = s.deciders[0]
    for action in s.legal_actions(seat)[:5]:
        assert "wins" not in [r.kind for r in proven(s, seat, action)]
