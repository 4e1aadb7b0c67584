"""The table (``goatwidgets.engine.table``): one game loop and one bot-seed rule for every
runner (issue 35 item 1), and the undo policy that asks the engine's exact "learned nothing"
(issue 35 item 4)."""

from __future__ import annotations

import pytest

from goatwidgets import GoatLords
from goatwidgets.engine import GameError, make_bot
from goatwidgets.engine.simulation import play
from goatwidgets.engine.table import Table, bot_seed
from goatwidgets.games import floats_mcgoats, gruff_goats


def test_one_bot_seed_rule_for_simulations_and_widgets():
    """A simulation's bot and a widget's bot for the same seat of the same seeded game are
    seeded alike (once ``seed*100+i`` and ``seed*10+seat``)."""
    widget = GoatLords(players=3, seed=7, seat=0, bots={1: "random", 2: "random"})
    for seat in (1, 2):
        assert widget.table.bots[seat].rng.getstate() == \
            make_bot("random", seed=bot_seed(7, seat)).rng.getstate()
    table = Table(floats_mcgoats.new_game(players=2, seed=5), bots="random").play_out()
    summary = play(floats_mcgoats, players=2, seed=5, bots="random")
    assert (tuple(table.state.winners), len(table.state.history)) == \
        (summary["winners"], summary["decisions"])


def test_play_out_stops_at_a_person_and_at_a_limit():
    state = floats_mcgoats.new_game(players=2, seed=1)
    with pytest.raises(GameError, match="no bot plays that seat"):
        Table(state, bots={1: "random"}).play_out()
    assert state.history == []
    limited = Table(floats_mcgoats.new_game(players=2, seed=1), bots="random").play_out(3)
    assert len(limited.state.history) == 3


def test_undo_never_goes_back_past_another_seats_move_where_cards_are_hidden():
    """Issue 35 item 4: the undo policy asks the engine's exact ``learned_nothing``, never a
    sample of re-deals. In this Gruff Goats game the bot's answer after the child's move drew
    nothing and looked the same on four re-deals of the child's unseen cards, so the sampled
    check let the child take the move back; but a bot's choice comes from its hidden hand:
    Undo now refuses, names the seat that moved, and changes nothing."""
    table = Table(gruff_goats.new_game(players=2, seed=0), bots={1: make_bot("casual", seed=1)})
    for _ in range(7):
        table.act(0, table.state.legal_actions(0)[0])
        table.run_bots()
    history = table.state.history
    assert history[-1]["seat"] == 1 and not history[-1]["chance"]
    refusal = table.undo_refusal(by=0)
    assert refusal.startswith("Player 2 has moved since"), refusal
    before = table.state.to_json()
    with pytest.raises(GameError, match="has moved since"):
        table.undo(by=0)
    assert table.state.to_json() == before


def test_undo_of_an_own_move_that_showed_nothing_is_allowed_where_cards_are_hidden():
    """The same game, the child's own move with no bot move after it (the bot seat is a
    person's here): nothing drawn, nothing hidden read: it may be taken back."""
    table = Table(gruff_goats.new_game(players=2, seed=0))
    quiet = []
    for action in table.state.legal_actions(0):
        trial = table.state.clone()
        trial.apply(action, seat=0)
        if not trial.history[-1]["chance"]:
            quiet.append(action)
    assert quiet, "some first move draws nothing"
    table.act(0, quiet[0])
    assert table.undo_refusal(by=0) == ""
    table.undo(by=0, people=[0])
    assert table.state.history == []


def test_undo_never_goes_back_past_a_face_down_card_taken_into_the_hand():
    """GY-R11's swap takes a face-down card into the hand: the seat has seen it, so its own
    move can't be taken back (the game's ``decided`` says so; found by the rooms' tests)."""
    import random

    from goatwidgets.games import grab_your_goat
    s = grab_your_goat.new_game(players=2, seed=3)
    rng = random.Random(3)
    for _ in range(8):
        seat = s.deciders[0]
        s.apply(rng.choice(s.legal_actions(seat)), seat=seat)
    s.apply("goat n", seat=0)
    table = Table(s)
    table.act(0, "play corner b1")
    assert not table.state.history[-1]["chance"]
    assert table.undo_refusal(by=0).startswith("cards that were hidden have been shown")


def test_an_attack_on_a_card_the_attacker_does_not_know_shows_it():
    """BG-R12 turns the attacked card up: the attacker has seen it, even where every card it
    could be gives the same result (the game's ``decided``), so ``learned_nothing`` is False
    (the game's ``shows``) and the hot-seat Undo stops there."""
    import random

    from goatwidgets.engine.sure import decided, learned_nothing
    from goatwidgets.games import battlegoats
    from goatwidgets.games.battlegoats.strategy import INDEX, could_be
    seen = same_result = 0
    for seed in range(6):
        s = battlegoats.new_game(players=2, seed=seed)
        rng = random.Random(seed)
        while not s.is_over:
            seat = s.deciders[0]
            action = rng.choice(s.legal_actions(seat))
            unknown = action.kind == "target" and \
                len(could_be(s, seat, action.seat, INDEX[action.target])) > 1
            before = s.clone()
            s.apply(action, seat=seat)
            if unknown and not s.last_record["chance"]:
                seen += 1
                same_result += decided(before, s, action, seat)
                place = len(s.record) - 1
                assert not learned_nothing(s, place, seat, place + 1), (seed, str(action))
    assert seen and same_result, (seen, same_result)   # some attacks had one sure result
