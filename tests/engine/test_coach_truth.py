"""Issue 33 item 1, acceptance 1: advice that is true on EVERY deal the seat can't rule out.

The coach once kept a fact if it held on four copies of the game re-dealt at random from the
seat's information; four copies that agree prove nothing. Each game's tests here build a
position (with its ``position(...)`` builder) where such copies agree and the truth differs,
list every deal consistent with what the seat knows (exhaustively, or for the one unknown the
move turns on, the rest being unread by construction), and check every reason the coach says
(``coach.proven``, for several seeds: the reasons may not depend on them) on each real deal
with ``tests/engine/truth.holds``. On the old coach (``proven`` with ``PROOFS = 4``) the tests
of BattleGoats, Goat Lords and Grab Your Goat! fail: it said a face-down card was the Hay
Bale Hauler, that a Loaf of Goat takes a turn an Escape Goat cancels, that stepping onto a
face-down card wins. Floats McGoats hides nothing and Gruff Goats' reasons read only the public
board, so no position makes the old coach wrong there: their tests are by construction.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

from goatwidgets.engine import coach
from goatwidgets.engine.coach import Reason, proven
from goatwidgets.games import battlegoats, floats_mcgoats, goat_lords, grab_your_goat, gruff_goats
from goatwidgets.games.battlegoats.actions import INDEX, SIZE
from goatwidgets.games.grab_your_goat.cards import DEFAULT_CARDS
from tests.engine.helpers import with_strategy
from tests.engine.truth import holds

SEEDS = range(8)


def _said(deals, seat, action, seeds=SEEDS):
    """The coach's reasons for ``seat``'s ``action``, the same on every deal it can't rule
    out and for every seed (they come from its information only), after checking each of
    them on every real deal in ``deals``."""
    said = {proven(deals[0], seat, action, seed=seed) for seed in seeds}
    for deal in deals[1:4]:
        said.add(proven(deal, seat, action))
    for reasons in said:
        for deal in deals:
            after = deal.clone()
            after.apply(action, seat=seat)
            for reason in reasons:
                assert holds(reason, deal, after, action if not isinstance(action, str)
                             else deal.parse_action(action), seat), (reason, _deal_words(deal))
    assert len(said) == 1, said                  # nothing read from a guess or a seed
    return [(r.kind, r.text, r.ruling) for r in said.pop()]


def _deal_words(state) -> str:
    """The hidden part of a deal, for a failure's message."""
    for name in ("fields", "action_cards", "hands"):
        if hasattr(state, name):
            return repr(getattr(state, name))
    return ""


# ------------------------------------------------------------------ BattleGoats


def _draft_memory(front, centre, attacker="climber"):
    """Ana (seat 0) passed a Hay Bale Hauler and a Shieldhorn Guard in the draft (BG-R6,
    BG-X7): they are Bo's two face-down cards, on the front-middle and centre squares (in
    one order or the other: the two deals Ana can't tell apart). Bo's Rock Golem is
    remembered (BG-R10); Bo's Hero fell earlier (on its discard pile). Ana attacks with the
    card on her front-left square."""
    s = battlegoats.position(fields=[{"f1": attacker, "b1": "pasturepal"},
                                     {"f1": "golem", "f2": front, "m2": centre}],
                             known=["1:f1"], passed=[["haybale", "shieldhorn"], []],
                             draft=True, names=["Ana", "Bo"])
    s.apply("attack f1", seat=0)
    return s


def test_battlegoats_an_attack_on_a_card_seen_in_the_draft_is_said_for_each_it_could_be():
    """The issue's case (BG-R6, BG-R9): Bo's front-middle card is one of the two cards Ana
    passed. The old coach named one of them on four agreeing copies ("loses … to Bo's Hay
    Bale Hauler, 2 against 4" where it was the Shieldhorn Guard, power 7 in the issue); now
    the result is said for each of the two, or whatever it is where both give it."""
    deals = [_draft_memory("haybale", "shieldhorn"), _draft_memory("shieldhorn", "haybale")]
    rng = random.Random(0)                       # the engine's re-deals: only these two
    assert {tuple(deals[0].redealt(0, rng).fields[1]) for _ in range(50)} == {
        tuple(d.fields[1]) for d in deals}
    assert _said(deals, 0, "target 1:f2") == [
        ("cases", "attacks Bo's face-down front middle card, one of the 2 cards it could be: "
                  "against the Hay Bale Hauler, Ana's Cliff Climber wins 5 against 4; against "
                  "the Shieldhorn Guard, it loses 5 against 6", "BG-R9")]
    assert _said(deals, 0, "target 1:m2") == [
        ("cases", "attacks Bo's face-down centre card, one of the 2 cards it could be: "
                  "against the Hay Bale Hauler, Ana's Cliff Climber wins 5 against 4; against "
                  "the Shieldhorn Guard, both are defeated: 5 against 5", "BG-R9")]
    weak = [_draft_memory("haybale", "shieldhorn", "sunbather"),
            _draft_memory("shieldhorn", "haybale", "sunbather")]
    assert _said(weak, 0, "target 1:f2") == [
        ("loses", "loses Ana's Sunbathing Goat to Bo's face-down front middle card, whatever it "
                  "is, 2 against at least 4", "BG-R9")]
    assert battlegoats.strategy.could_be(deals[0], 0, 1, INDEX["f2"]) == ["haybale",
                                                                          "shieldhorn"]


def _cowbell_deals():
    """Ed (seat 0) attacks Cy's remembered Baron von Billy (power 6, 11 with a Golden
    Cowbell on the same battlefield, BG-R2) with a Lasso Kid of power 9 (1 + 4 for each of
    its two cards in front). Cy's two face-down cards are, for real, a Golden Cowbell and a
    Pasture Pal; Ed can't rule out any two cards he has not seen (Bo's cards are all
    remembered): every such pair is a deal."""
    base = battlegoats.position(
        players=3, names=["Ed", "Cy", "Bo"], known=["1:m2", "2:f1", "2:f2"],
        fields=[{"f1": "pasturepal", "m1": "pasturepal", "b1": "lassokid"},
                {"m2": "vonbilly", "b2": "cowbell", "b1": "pasturepal"},
                {"f1": "golem", "f2": "troll"}])
    base.apply("attack b1", seat=0)
    cells = [i for i in range(SIZE) if base.fields[1][i] is not None
             and not base.sees(0, 1, i)]
    pool = Counter(base.fields[1][i] for i in cells) + Counter(base.decks["cards"].pile)
    deals = []
    for pair in itertools.product(sorted(pool), repeat=len(cells)):
        if Counter(pair) - pool:
            continue
        deal = base.clone()
        rest = pool - Counter(pair)
        for i, card in zip(cells, pair):
            deal.fields[1][i] = card
        deal.decks["cards"].pile = sorted(rest.elements())
        deal.check_invariants()
        deals.append(deal)
    return base, deals


def test_battlegoats_a_bonus_a_face_down_card_may_give_is_said_as_such():
    """The issue's second case (BG-R2, BG-R9): "defeats Cy's Baron von Billy, 9 against 6"
    held on four copies, while Cy's face-down Golden Cowbell makes it 11 and Ed's card loses.
    Every pair of cards Cy's two face-down squares could hold is a deal here."""
    base, deals = _cowbell_deals()
    assert len(deals) > 300
    real = base.clone()
    real.apply("target 1:m2", seat=0)
    assert (real.last["attacker"]["power"], real.last["defender"]["power"]) == (9, 11)
    assert _said(deals, 0, "target 1:m2", seeds=range(3)) == [
        ("depends", "attacks Cy's Baron von Billy with Ed's Lasso Kid: 9 against 6, or up to "
                    "11 if a Golden Cowbell is among Cy's face-down cards", "BG-R2")]


def _last_card(card):
    """Bo's last card, face down on the front-middle square, is ``card``; Ana attacks it with
    a Lasso Kid of power 9 (1 + 4 for each of the two cards in front of it, BG-R2)."""
    s = battlegoats.position(fields=[{"f1": "pasturepal", "m1": "pasturepal", "b1": "lassokid"},
                                     {"f2": card}], names=["Ana", "Bo"])
    s.apply("attack b1", seat=0)
    return s


def test_battlegoats_what_holds_whatever_a_face_down_card_is_and_only_that():
    """Bo's last card can be any card Ana has not seen: the Lasso Kid beats every one of
    them, but a Kaboom Kid or a Hay Dragon explodes and takes it along (BG-R2, BG-R9). So
    which cards fall is not said; that Bo is out and Ana wins holds on every deal (BG-R13,
    BG-R15) and is said. Every card it could be is a deal."""
    first = _last_card("pasturepal")
    options = sorted(set(first.decks["cards"].pile) | {"pasturepal"})    # all but Ana's own
    assert len(options) > 20 and "kaboomkid" in options
    deals = [_last_card(card) for card in options]
    assert _said(deals, 0, "target 1:f2", seeds=range(2)) == [
        ("out", "puts Bo out of the game", "BG-R15"), ("wins", "wins the game", None)]
    assert battlegoats.strategy.could_be(first, 0, 1, INDEX["f2"]) == options
    kaboom = deals[options.index("kaboomkid")].clone()
    kaboom.apply("target 1:f2", seat=0)
    assert kaboom.last["exploded"] and kaboom.winners == (0,)


# ------------------------------------------------------------------ Goat Lords


def _loaf(flo_card="hypno", bo_card="sneak"):
    """Ana plays Loaf of Goat on Flo (GL-R21), who holds one face-down card (GL-R5)."""
    return goat_lords.position(players=3, names=["Ana", "Bo", "Flo"],
                               hands=[["corn"], ["kraken"], ["ninja"]],
                               actions=[["loaf"], [bo_card], [flo_card]],
                               herds=[["ninja ninja"], ["corn corn"], ["fairy fairy"]])


def _action_deals(build, seats):
    """Every deal of the face-down cards of ``seats`` that the seat to move can't rule out:
    each holds any kind of action card not seen (GL-R1, GL-R5)."""
    base = build()
    assert "escape" not in base.trash + base.action_cards[0]     # no Escape Goat seen yet
    left = Counter(goat_lords.cards.COUNTS) - Counter(base.action_cards[0] + base.trash)
    kinds = sorted(k for k in goat_lords.cards.ACTIONS if left[k])
    return [build(*combo) for combo in itertools.product(kinds, repeat=len(seats))
            if not Counter(combo) - left]


def test_goat_lords_a_loaf_of_goat_is_said_unless_an_escape_goat_cancels_it():
    """GL-R14, GL-R21, GL-R27: the old coach said "takes away Flo's next turn" where four
    copies dealt Flo no Escape Goat; Flo holds one for real and cancels it."""
    deals = _action_deals(_loaf, [2, 1])
    assert _said(deals, 0, "loaf 2") == [
        ("skip", "takes away Flo's next turn, unless Flo cancels it with an Escape Goat",
         "GL-R21")]
    real = _loaf("escape")
    after = real.clone()
    after.apply("loaf 2", seat=0)
    assert "escape" in [str(a) for a in after.legal_actions(2)]       # Flo may cancel


def test_goat_lords_an_atomic_goat_is_said_outright_when_nobody_can_cancel_it():
    def atomic(bo_card="sneak"):
        return goat_lords.position(players=2, names=["Ana", "Bo"], hands=[["corn"], ["kraken"]],
                                   actions=[["atomic"], [bo_card]],
                                   herds=[["ninja ninja"], ["corn corn", "kraken kraken"]])
    deals = _action_deals(atomic, [1])
    assert _said(deals, 0, "atomic 1") == [
        ("trash", "trashes Bo's top stack, worth 30 points, unless Bo cancels it with an "
                  "Escape Goat", "GL-R15")]
    alone = goat_lords.position(players=2, names=["Ana", "Bo"], hands=[["corn"], ["kraken"]],
                                actions=[["atomic"], []],
                                herds=[["ninja ninja"], ["corn corn", "kraken kraken"]])
    assert _said([alone], 0, "atomic 1") == [
        ("trash", "trashes Bo's top stack, worth 30 points", "GL-R15")]


def test_goat_lords_cards_drawn_are_counted_in_words_and_may_be_cancelled():
    """GL-R3: Flower Goatee draws one card ("draws 1 card", not "1 cards"); Santy Goat two,
    unless an opponent holding face-down cards cancels it (GL-R27)."""
    def flower(bo_card=None):
        return goat_lords.position(players=2, names=["You", "Bo"], hands=[["corn"], ["kraken"]],
                                   actions=[["flower"], [bo_card] if bo_card else []],
                                   herds=[["ninja ninja"], ["corn corn"]])
    assert _said([flower()], 0, "flower") == [("draw", "draws 1 card", "GL-R3")]

    def santy(bo_card="sneak", flo_card="hypno"):
        return goat_lords.position(players=3, names=["You", "Bo", "Flo"],
                                   hands=[["corn"], ["kraken"], ["ninja"]],
                                   actions=[["santy"], [bo_card], [flo_card]],
                                   herds=[["ninja ninja"], ["corn corn"], ["fairy fairy"]])
    assert _said(_action_deals(santy, [1, 2]), 0, "santy") == [
        ("draw", "draws 2 cards, unless another player cancels it with an Escape Goat",
         "GL-R3")]


# ------------------------------------------------------------------ Grab Your Goat!


def _step_onto(card):
    """Ana's goat stands on the face-down card beside her shepherd; nearly every card left
    is a crossroads, which lies one way only, so stepping there wins on almost any deal
    (GY-R7, GY-R13, GY-R24): not on this one if it is a corner (laid as Ana chooses, GY-R28)
    or a Steep Cliff (GY-R20)."""
    cards = {k: 0 for k in DEFAULT_CARDS} | {"cross": 60, "corner": 2, "cliff": 2}
    return grab_your_goat.position(up={"c1": "cross"}, down={"c2": card},
                                   shepherds={0: "c1"}, goats={0: "c2"}, phase="act",
                                   cards=cards, names=["Ana", "Bo"])


def test_grab_your_goat_stepping_onto_a_face_down_card_is_never_said_to_win():
    """The old coach said "wins the game" (four copies dealt a crossroads there); the card
    turned up is what Ana can't see, so nothing it does is said (by construction:
    grab_your_goat.strategy.decided), for every kind it could be."""
    deals = [_step_onto(card) for card in ("cross", "corner", "cliff")]
    wins = [d.clone() for d in deals]
    for w in wins:
        w.apply("step c2", seat=0)
    assert [w.is_over for w in wins] == [True, False, False]
    assert _said(deals, 0, "step c2") == []


# ------------------------------------------------------------------ Gruff Goats


def _gruff_deals(bo_hands, **kw):
    base = dict(names=["You", "Bo"],
                goats=[{"big": "b3", "medium": "a2", "little": "c5"}, {"big": "e3",
                                                                        "little": "d3"}],
                wands={"big": 0, "troll": 0, "medium": 0, "little": 0, "dragon": 0})
    return [gruff_goats.position(hands=["SSCCHDD", hand], **{**base, **kw})
            for hand in bo_hands]


def test_gruff_goats_reasons_read_the_public_board_whatever_bo_holds():
    """By construction (GG-R18: board, wands and claims are public; a hand decides only what
    its holder may do): every hand of three cards Bo could hold is a deal, and what the
    coach says of a goat onto the Island, a troll that eats, a claim and a pass that lets Bo
    take a wand holds on each. (No position makes the old coach wrong here.)"""
    hands = ["".join(h) for h in itertools.combinations_with_replacement("CDHS", 3)]
    deals = _gruff_deals(hands)
    assert _said(deals, 0, "move big c3") == [
        ("island", "brings your big goat onto the Island for a point", "GG-R10")]
    assert [k for k, *_ in _said(deals, 0, "troll c4 d3")] == ["nearer", "troll", "eats"]
    claims = _gruff_deals(hands, wands={"big": 1})
    assert _said(claims, 0, "claim big") == [
        ("claim", "puts down a spade to claim the big goat wand from Bo", "GG-R6")]
    asked = _gruff_deals(hands, wands={"big": None}, names=["Ana", "You"])
    for deal in asked:
        deal.apply("claim big", seat=0)
    assert _said([d for d in asked if d.can_pay(1, "big")], 1, "pass") == [
        ("wand", "keeps your cards and lets Ana take the big goat wand", "GG-R6")]


# ------------------------------------------------------------------ Floats McGoats


def test_floats_mcgoats_reasons_hold_whatever_the_die_will_show():
    """Floats hides nothing but the die (FM-R8): a move's reasons hold on every die the next
    roll could show (each a deal), and a roll itself says nothing, not even a win, since the
    die decides it (engine.sure.decided). (No position makes the old coach wrong here.)"""
    s = floats_mcgoats.position(goats={"0,0u": (0, "baby"), "0,0d": (1, "mama")},
                                sticks=["1,0-1,1", "0,1-1,1"], names=["You", "Bo"])
    s.preset(die="add")
    s.apply("roll")
    faces = [f for f, n in s.variants["faces"].items() if n]
    deals = []
    for face in faces:
        deal = s.clone()
        deal.preset(die=face)
        deals.append(deal)
    assert _said(deals, 0, "stick 0,1-1,0") == [
        ("points", "raises your score from 0 to 2", "FM-R19"),
        ("helps", "raises Bo's score from 0 to 1", "FM-R19")]
    fresh = floats_mcgoats.position(names=["You", "Bo"])
    assert proven(fresh, 0, "roll") == ()


# ------------------------------------------------------------------ the engine


def test_sure_reads_the_game_once_on_a_copy_re_dealt_for_the_seat(monkeypatch):
    """coach.proven samples nothing: the game's reasons are read once, on a copy in which
    what the seat sees is as it is and the rest is re-dealt (so a reason that peeked at a
    hidden card would read a guess, and the truth tests above catch it), never the state."""
    s = goat_lords.position(players=2, hands=[["ninja", "ninja"], ["kraken", "corn"]])
    seen = []

    def reasons(before, after, action, seat):
        seen.append(before)
        return [Reason("sure", "makes a stack", "GL-R8")]

    with_strategy(monkeypatch, goat_lords, reasons=reasons)
    assert proven(s, 0, "birth ninja ninja", seed=3) == (Reason("sure", "makes a stack",
                                                                "GL-R8"),)
    (copy,) = seen
    assert copy is not s and copy.view(0) == s.view(0)
    assert copy.decks["draw"].pile != s.decks["draw"].pile      # re-dealt, not the state


def test_a_die_not_yet_rolled_settles_nothing():
    """engine.sure.decided: a roll draws chance (FM-R8), so its result is not settled; a
    goat placed draws none and Floats hides nothing, so it is."""
    fresh = floats_mcgoats.position(names=["You", "Bo"])
    rolled, placed = fresh.clone(), fresh.clone()
    rolled.apply("roll")
    placed.apply("mama 0,0u")
    assert not coach.decided(fresh, rolled, fresh.parse_action("roll"), 0)
    assert coach.decided(fresh, placed, fresh.parse_action("mama 0,0u"), 0)


def test_a_win_is_said_only_where_the_game_says_its_rules_read_nothing_hidden(monkeypatch):
    """Grab Your Goat!: stepping onto the goat's face-up card wins whatever the deal; with a
    game that does not say (no ``strategy.decided``), hidden information means no win."""
    s = grab_your_goat.position(up={"c1": "cross", "c2": "cross"}, shepherds={0: "c1"},
                                goats={0: "c2"}, phase="act", names=["Ana", "Bo"])
    assert [r.kind for r in proven(s, 0, "step c2")][-1] == "wins"
    with_strategy(monkeypatch, grab_your_goat, decided=None)     # the engine's default
    assert "wins" not in [r.kind for r in proven(s, 0, "step c2")]
