"""BattleGoats bots and coach: a card's power as the bots count it, the playouts' rules of
thumb, the guesses at cards nobody has seen, the heuristic's weights, then the coach's reasons
(issue 27) on real positions built with ``battlegoats.position``, each checked against the
rulings it leans on (``../shared/rules/battlegoats.rulings.md``) and never saying what a seat
cannot know.
"""

from __future__ import annotations

import random

import pytest

from goatwidgets.engine import make_bot
from goatwidgets.engine.coach import proven
from goatwidgets.games.battlegoats import SQUARES, new_game, position, starter_deck
from goatwidgets.games.battlegoats import strategy
from goatwidgets.games.battlegoats.strategy import expected_powers, unseen_powers

from .helpers import lay_out


# ---------------------------------------------------------------- the bots' playouts and heuristic


def test_bots_count_a_cards_power_as_the_sum_of_its_terms():
    bot = make_bot("random", seed=3)
    for players, seed in ((2, 1), (4, 2), (3, 5)):
        s = new_game(players=players, seed=seed)
        while not s.is_over:
            if s.phase == "battle":
                cells = [(o, i) for o in range(players) for i in range(9) if s.fields[o][i]]
                for o, i in cells:
                    assert s.power(o, i) == sum(t["value"] for t in s.terms(o, i))
                    for other in cells:
                        if other[0] != o:
                            assert s.power(o, i, other) == sum(
                                t["value"] for t in s.terms(o, i, against=other))
            seat = s.deciders[0]
            s.apply(bot.choose(s, seat), seat=seat)


def test_playouts_attack_a_known_card_they_beat_with_a_card_that_beats_it():
    s = position(fields=[{"f1": "pasturepal", "f2": "golem"},
                         {"f1": "climber", "f2": "haybale", "f3": "troll"}], known=["1:f1"])
    rng = random.Random(1)
    assert str(s.quick_choice(0, rng)) == "attack f2"         # 7 against a known 5
    s.apply("attack f2")
    assert str(s.quick_choice(0, rng)) == "target 1:f1"


def test_playouts_never_attack_a_known_card_that_would_win():
    s = position(fields=[{"f1": "pasturepal"}, {"f1": "golem", "f2": "haybale"}],
                 known=["1:f1"])
    s.apply("attack f1")
    assert {str(s.quick_choice(0, random.Random(k))) for k in range(10)} == {"target 1:f2"}


def test_playouts_weigh_the_cards_that_may_fall_by_their_power():
    """The odds of an attack: the chance the target falls, counting 1 + its power / WORTH,
    minus the chance one's own card falls, counted the same way."""
    s = position(fields=[{"f1": "pasturepal", "f2": "golem"}, {"f1": "climber", "f2": "haybale"}],
                 known=["1:f1"])
    w = strategy.WORTH
    assert strategy._odds(s, 0, [0, 1], 1, 0) == [pytest.approx(-(1 + 3 / w)),     # 3 loses to a 5
                                        pytest.approx(1 + 5 / w)]        # 7 beats it
    assert strategy._odds(s, 0, [1], 1, 1, {1: 7}) == strategy._odds(s, 0, [1], 1, 1)       # powers counted before


def test_playouts_trade_an_exploding_card_for_a_stronger_card_they_know():
    """Kaboom Kid (2) takes the known Rock Golem (7) down with it: both fall, a 7 for a 2."""
    s = position(fields=[{"f1": "kaboomkid", "f2": "cavebat"}, {"f1": "golem", "f2": "haybale"}],
                 known=["1:f1"])
    assert strategy._odds(s, 0, [0], 1, 0) == [pytest.approx((7 - 2) / strategy.WORTH)]
    rng = random.Random(2)
    assert str(s.quick_choice(0, rng)) == "attack f1"
    s.apply("attack f1")
    assert str(s.quick_choice(0, rng)) == "target 1:f1"


def test_playouts_name_themselves_first_attacker():
    s = new_game(players=3, seed=4)
    lay_out(s)
    assert str(s.quick_choice(s.finisher, random.Random(0))) == f"first {s.finisher}"


def _late_layout():
    """Seat 0 has two cards left to lay out, b1 and f3 free; seat 1 has laid out nothing."""
    return position(hands=[["lassokid", "kidsalot"],
                           ["vonbilly", "golem", "troll", "cowbell", "climber", "spikycollar",
                            "hoofarmor", "bogwolf", "bogwolf"]],
                    fields=[{"f1": "pasturepal", "m1": "haybale", "f2": "climber",
                             "m2": "pasturepal", "b2": "hoofarmor", "m3": "haybale",
                             "b3": "pasturepal"}, {}])


def test_playouts_lay_out_the_card_that_adds_the_most_power():
    s = _late_layout()
    assert s.phase == "layout" and len(s.legal_actions(0)) == 4       # all four are tried
    assert str(s.quick_choice(0, random.Random(0))) == "place lassokid b1"   # 1 + 4 × 2


def test_a_card_nobody_has_seen_is_guessed_from_the_deck():
    deck = starter_deck()
    back, front = unseen_powers(deck, 2, 2), unseen_powers(deck, 0, 2)
    for powers, below, boom, mass in (back, front):
        assert powers == sorted(powers) and len(below) == len(boom) == len(powers) + 1
        assert below[0] == 0 and below[-1] == pytest.approx(1)
        assert mass[-1] == pytest.approx(sum(p * (b - a) for p, a, b
                                             in zip(powers, below, below[1:])))
        # Kaboom Kid (2 of the 50 other cards), Hay Dragon (1 of 50), Boomhoof (1 of 7 Heroes)
        assert boom[-1] == pytest.approx(3 / 50 * 8 / 9 + 1 / 7 * 1 / 9)
    assert max(back[0]) == 11                 # Duchess Nannabelle: 3 + 4 × 2 cards in front
    assert max(front[0]) == 9                 # Captain Bleatbeard: 5 + 2 × 2 neighbours


def test_cards_nobody_has_seen_are_expected_strongest_first():
    deck = starter_deck()
    mean = unseen_powers(deck, 1, 3)[3][-1]
    for k in (1, 4, 9):
        expected, share = expected_powers(deck, 1, 3, k)
        assert len(expected) == k and expected == sorted(expected, reverse=True)
        assert sum(expected) == pytest.approx(k * mean)       # k cards hold k means in all
        assert share == pytest.approx(3 / 50 * 8 / 9 + 1 / 7 * 1 / 9)
    assert expected_powers(deck, 1, 3, 1)[0] == [pytest.approx(mean)]


def _army(s, powers, booms=0):
    """The heuristic's weights written out: the strongest counts TOP, each next one DECAY
    times the one before, FLAT each, BOOM per exploding card."""
    k = strategy
    return sum((k.TOP * k.DECAY ** n + k.FLAT) * p
               for n, p in enumerate(sorted(powers, reverse=True))) + k.BOOM * booms


def test_the_heuristic_weighs_the_strongest_cards_most_and_counts_exploding_cards():
    s = position(fields=[{"f1": "golem", "f2": "pasturepal", "f3": "kaboomkid"},
                         {"f1": "climber", "f2": "haybale"}])
    mine, theirs = _army(s, [7, 3, 2], booms=1), _army(s, [5, 4])
    edge = strategy.HALF * strategy._best_odds(s, 0, [0, 1, 2])                   # seat 0 attacks next
    assert s.heuristic(0) == pytest.approx(mine + edge - theirs)
    assert s.heuristic(1) == pytest.approx(theirs - mine - edge)
    k = strategy
    assert k.TOP * 2 > k.TOP * k.DECAY * 3        # one card of 7 beats two of 5 behind it


def test_a_guess_counts_the_others_cards_it_cant_see_as_what_it_can_expect():
    """On a copy re-dealt for seat 0, seat 1's face-down cards count as what seat 0 can
    expect of them, the same in every re-deal; the card it remembers counts as it is."""
    s = position(fields=[{"f1": "golem", "f2": "pasturepal"},
                         {"f1": "climber", "m1": "haybale", "b1": "troll"}], known=["1:f1"])
    guesses = [s.redealt(0, random.Random(k)) for k in range(5)]
    assert s.guesser is None and {g.guesser for g in guesses} == {0}
    # m1 has 1 card in front and 2 neighbours, b1 2 and 1: on average 1.5 and 1.5, so 2 and 2
    expected, share = expected_powers(s.catalog, 2, 2, 2)
    k = strategy
    theirs = _army(s, [5] + expected) + k.BOOM * share * 2
    assert {round(strategy._army(g, 1), 9) for g in guesses} == {round(theirs, 9)}
    assert {strategy._army(g, 0) for g in guesses} == {strategy._army(s, 0)} == {_army(s, [7, 3])}


def test_the_heuristic_counts_cards_in_hand_with_their_printed_power():
    s = _late_layout()
    mine = _army(s, [3, 4, 5, 3, 4, 4, 3] + [1, 6])           # Lasso Kid 1 until laid out
    theirs = _army(s, [6, 7, 6, 2, 5, 3, 4, 4, 4])
    assert s.heuristic(0) == pytest.approx(mine - theirs)


def test_the_heuristic_gives_the_attacker_half_the_best_odds_of_its_attack():
    s = position(fields=[{"f1": "pasturepal", "f2": "golem"}, {"f1": "climber", "f2": "haybale"}],
                 known=["1:f1"])
    armies = _army(s, [7, 3]) - _army(s, [5, 4])
    best = 1 + 5 / strategy.WORTH                            # the 7 kills the known 5 for sure
    assert strategy._best_odds(s, 0, [0, 1]) == pytest.approx(best)
    assert s.heuristic(0) == pytest.approx(armies + strategy.HALF * best)
    s.apply("attack f1")                              # the 3: its best is a card unseen
    assert s.heuristic(0) == pytest.approx(armies + strategy.HALF * strategy._best_odds(s, 0, [0]))
    assert strategy._best_odds(s, 0, [0]) < 0.5
    s.apply("attack f2")                              # a change of mind costs
    assert s.heuristic(0) == pytest.approx(armies + strategy.HALF * best - 100)


# ------------------------------------------------------------------ the coach's reasons (issue 27)
# Each kind of reason the coach gives is proven on copies re-dealt from the seat's
# information (coach.proven) and checked here against the rules model on the real position.


def _battle(names=("You", "Bo")):
    """Bo's front row is remembered (BG-R10); Bo's back card is not."""
    return position(fields=[{"f1": "herdleader", "f2": "haybale", "m2": "lassokid",
                             "b2": "pasturepal"},
                            {"f1": "golem", "f2": "kaboomkid", "f3": "cavebat", "b3": "troll"}],
                    known=["1:f1", "1:f2", "1:f3"], names=list(names))


def _said(state, seat, action):
    return [(r.kind, r.text, r.ruling) for r in proven(state, seat, action)]


def _aimed(square, names=("You", "Bo")):
    s = _battle(names)
    s.apply(f"attack {square}", seat=0)
    return s


def _fight(state, action):
    after = state.clone()
    after.apply(action, seat=0)
    return after


def test_coach_an_attack_that_defeats_a_known_card():
    s = _aimed("m2")
    assert _said(s, 0, "target 1:f3") == [
        ("defeats", "defeats Bo's Cave Bat, 5 against 1", "BG-R9")]
    after = _fight(s, "target 1:f3")
    assert after.fields[1][SQUARES.index("f3")] is None and after.fields[0][SQUARES.index("m2")]
    assert (s.power(0, SQUARES.index("m2"), (1, SQUARES.index("f3"))),
            s.power(1, SQUARES.index("f3"), (0, SQUARES.index("m2")))) == (5, 1)


def test_coach_an_attack_that_loses_says_so():
    s = _aimed("m2", names=("Ana", "You"))
    assert _said(s, 0, "target 1:f1") == [
        ("loses", "loses Ana's Lasso Kid to your Rock Golem, 5 against 7", "BG-R9")]
    after = _fight(s, "target 1:f1")
    assert after.fields[0][SQUARES.index("m2")] is None and after.fields[1][0] == "golem"


def test_coach_an_exploding_card_takes_the_attacker_with_it():
    s = _aimed("m2")
    assert _said(s, 0, "target 1:f2") == [
        ("trade", "defeats Bo's Kaboom Kid, 5 against 2, but it explodes and takes your "
                  "Lasso Kid with it", "BG-R2")]
    after = _fight(s, "target 1:f2")
    assert after.last["exploded"] and sorted(after.last["defeated"]) == ["attacker", "defender"]
    assert after.fields[0][SQUARES.index("m2")] is None and after.fields[1][1] is None


def test_coach_a_tie_and_a_player_put_out():
    s = position(fields=[{"f1": "haybale", "f2": "pasturepal"}, {"f1": "hoofarmor"}],
                 known=["1:f1"], names=["You", "Bo"])
    s.apply("attack f1", seat=0)
    assert _said(s, 0, "target 1:f1") == [
        ("trade", "trades your Hay Bale Hauler for Bo's Hoof Armor: both have power 4",
         "BG-R9"),
        ("out", "puts Bo out of the game", "BG-R15"), ("wins", "wins the game", None)]
    after = _fight(s, "target 1:f1")
    assert after.last["defeated"] == ["attacker", "defender"] and not any(after.fields[1])
    assert after.winners == (0,)


def test_coach_the_attacking_card_with_the_most_power():
    s = _battle()
    assert _said(s, 0, "attack m2") == [
        ("strongest", "picks your Lasso Kid, with the most power of your cards: 5 before "
                      "any bonus against its target", "BG-R9")]
    assert _said(s, 0, "attack b2") == []
    powers = [s.power(0, i) for i, c in enumerate(s.fields[0]) if c is not None]
    assert s.power(0, SQUARES.index("m2")) == max(powers) == 5


def test_coach_a_card_laid_where_it_has_the_most_power():
    s = position(hands=[["bleatbeard", "lassokid", "haybale", "pasturepal"],
                        ["nannabelle", "golem", "troll", "cavebat"]],
                 fields=[{"f1": "climber", "f2": "shieldhorn", "f3": "hoofarmor", "m1": "cowbell",
                          "b1": "watchtower"},
                         {"f1": "bogwolf", "f2": "moonowl", "f3": "herdleader", "m1": "tamer",
                          "b1": "sneakykid"}], phase="layout", names=["You", "Bo"])
    assert _said(s, 0, "place bleatbeard m2") == [
        ("place", "puts your Captain Bleatbeard where it has the most power of the free "
                  "squares now: 9", "BG-R2")]
    assert _said(s, 0, "place bleatbeard b3") == []
    after = _fight(s, "place bleatbeard m2")
    m2 = SQUARES.index("m2")
    assert after.fields[0][m2] == "bleatbeard" and after.power(0, m2) == 9
    for sq in ("m3", "b2", "b3"):
        other = _fight(s, f"place bleatbeard {sq}")
        assert other.power(0, SQUARES.index(sq)) < 9


def test_coach_a_draft_pick_with_the_most_base_power():
    s = position(hands=[["bleatbeard"], ["nannabelle"]],
                 packs=[["lassokid", "golem", "haybale", "pasturepal", "cavebat", "troll",
                         "bogwolf", "moonowl"],
                        ["climber", "herdleader", "cowbell", "hoofarmor", "tamer", "sunbather",
                         "sneakykid", "billytwin"]], names=["You", "Bo"])
    assert _said(s, 0, "pick golem") == [
        ("pick", "takes Rock Golem, with the most base power in the pack: 7", "BG-R1")]
    assert _said(s, 0, "pick troll") == []
    assert s.cards["golem"].power == max(s.cards[c].power for c in s.packs[0])


def test_coach_never_says_how_an_attack_on_an_unknown_card_ends():
    """Bo's back card is a Grumpy Troll, which beats the Lasso Kid, but You have never seen
    it: re-dealt, it may be weaker or stronger, so the outcome is not said."""
    s = _aimed("m2")
    after = _fight(s, "target 1:b3")
    assert after.last["defeated"] == ["attacker"]              # the real card won
    for seed in range(3):
        assert proven(s, 0, "target 1:b3", seed=seed) == ()


def test_BG_X11_with_a_card_chosen_the_coach_weighs_only_its_targets():
    """Issue 34 item 16: with an attacker chosen, the coach offered switching attackers and
    putting the card back beside the targets, with no reason for them; a child who chose a
    card asks which card to hit. The board still takes a change of mind (BG-X11)."""
    from goatwidgets.engine.coach import suggest
    s = position(fields=[{"f1": "billytwin", "b2": "lassokid", "m2": "haybale"},
                         {"f3": "golem", "m1": "troll"}], names=["You", "Bo"], aim="f1")
    advice = suggest(s, 0, iterations=60, seed=0)
    assert {c.action.kind for c in advice.estimate.choices} == {"target"}
    assert "instead" not in advice.words() and "back" not in advice.words()
    assert {a.kind for a in s.legal_actions(0)} == {"target", "attack", "cancel"}
    s.apply("cancel", seat=0)
    assert {c.action.kind for c in suggest(s, 0, iterations=20).estimate.choices} == {"attack"}
