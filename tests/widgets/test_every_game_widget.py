"""The widget message path for every registered game (and the test game): messages arrive
through ipywidgets' real ``_handle_msg``. Plus the hotseat cover following decisions, and
bots or callbacks that fail, on the test game with hidden hands."""

from __future__ import annotations

import json

import pytest

from goatwidgets.engine import make_bot
from goatwidgets.engine.words import addressed
from goatwidgets.engine.bots import Bot

from tests.registry import GAMES
from tests.toygame import position
from tests.toygame.widget import GoatAuctionWidget
from tests.widgets.messages import act, send, update


def snapshot(widget):
    return (widget.state.to_json(), widget.version, json.dumps(widget.view, sort_keys=True),
            json.dumps(widget.legal), widget.covered)


def widget_for(info, **kwargs):
    return info.widget()(**kwargs)


# ---------------------------------------------------------------------- every game

@pytest.mark.parametrize("info", GAMES, ids=[g.id for g in GAMES])
def test_a_legal_message_plays_and_updates_once(info):
    w = widget_for(info, players=2, seed=3, seat=0)
    seat = w.state.deciders[0]
    assert seat == 0 or w.state.to_move is None
    first = w.legal[0]["text"]
    before = w.version
    act(w, first)
    assert w.error == "" and w.version == before + 1
    assert w.state.history[-1]["action"] == first
    assert w.view == json.loads(json.dumps(w.state.view(w.viewer)))
    assert w.game_log == w.state.log_for(w.viewer)[-20:]


@pytest.mark.parametrize("info", GAMES, ids=[g.id for g in GAMES])
def test_an_update_is_the_message_ipywidgets_sends(info):
    """GameWidget.send_state skips ipywidgets' search for binary buffers in the projections
    (``_JSON_ONLY``); the message is still ipywidgets' own, and a buffer in any other trait
    still goes apart."""
    import ipywidgets

    w = widget_for(info, players=2, seed=3, seat=0)
    sent = []
    w._send = lambda msg, buffers=None: sent.append((msg, buffers))   # what goes to the comm
    act(w, w.legal[0]["text"])
    ours = sent[-1]
    ipywidgets.Widget.send_state(w, list(ours[0]["state"]))
    assert json.dumps(ours, sort_keys=True) == json.dumps(sent[-1], sort_keys=True)
    assert {"view", "legal", "game_log", "version"} <= set(ours[0]["state"])
    w.highlight = [{"picture": memoryview(b"goat")}]
    w.send_state("highlight")
    data, buffers = sent[-1]
    assert data["buffer_paths"] == [["highlight", 0, "picture"]] and bytes(buffers[0]) == b"goat"


@pytest.mark.parametrize("info", GAMES, ids=[g.id for g in GAMES])
@pytest.mark.parametrize("content, words", [
    ("not a dict", "JSON object"),
    ({"type": "explode", "version": "CURRENT"}, "'type'"),
    ({"type": "act", "action": "x", "version": "1"}, "'version'"),
    ({"type": "act", "action": ["roll"], "version": "CURRENT"}, "'action'"),
    ({"type": "act", "action": "a" * 1_000_000, "version": "CURRENT"}, "at most"),
    ({"type": "act", "action": "dance " * 30, "version": "CURRENT"}, "dance"),
    ({"type": "act", "action": "x", "version": -5}, "older picture"),
])
def test_bad_messages_are_refused_and_change_nothing(info, content, words):
    w = widget_for(info, players=2, seed=1, seat=0)
    if isinstance(content, dict) and content.get("version") == "CURRENT":
        content = {**content, "version": w.version}
    before = snapshot(w)
    send(w, content)
    assert words in w.error and len(w.error) < 600
    assert snapshot(w) == before


@pytest.mark.parametrize("info", GAMES, ids=[g.id for g in GAMES])
def test_a_trait_update_from_the_page_is_refused_and_undone(info):
    """The page only sends messages; an ``update`` setting a trait (here: another seat, to
    see its hand, and a forged view) changes nothing and the page gets the true values."""
    w = widget_for(info, players=2, seed=1, seat=0)
    before = snapshot(w)
    sent = []
    w.comm.send = lambda *args, **kwargs: sent.append(kwargs.get("data") or {})
    update(w, {"seat": 1, "view": "{}", "covered": True})
    assert snapshot(w) == before and w.seat == 0
    assert "may not set 'covered', 'seat', 'view'" in w.error
    resent = [m["state"] for m in sent if "seat" in m.get("state", {})]
    assert resent and resent[0]["seat"] == 0 and resent[0]["view"] == w.view


class RaisingBot(Bot):
    name = "raising"

    def choose(self, state, seat=None):
        raise RuntimeError("the bot tripped")


class IllegalBot(Bot):
    name = "illegal"

    def choose(self, state, seat=None):
        return state.parse_action("pass") if state.game != "goat_auction" else \
            state.parse_action("give g99")


@pytest.mark.parametrize("info", GAMES, ids=[g.id for g in GAMES])
@pytest.mark.parametrize("bot, words", [(RaisingBot(), "raising bot"),
                                        (IllegalBot(), "illegal bot")])
def test_a_failing_bot_is_named_and_the_page_shows_the_game_as_it_is(info, bot, words):
    w = widget_for(info, players=2, seed=2, seat=0)
    w.set_bots({1: bot})
    for _ in range(50):                              # play seat 0 until the bot is asked
        if not w.legal:
            break
        version = w.version
        act(w, w.legal[0]["text"])
        if words in w.error:
            break
        assert w.version == version + 1
    assert words in w.error and "Player 2" in w.error
    assert w.view == json.loads(json.dumps(w.state.view(w.viewer)))  # the page is current
    assert w.state.history                                           # the human move stayed
    w.state.check_invariants()


@pytest.mark.parametrize("info", GAMES, ids=[g.id for g in GAMES])
@pytest.mark.parametrize("seat", ["hotseat", 0, 1])
def test_acting_for_a_seat_a_stuck_bot_plays_names_the_bot(info, seat):
    """Issue 33 item 5d: a person acting for a seat whose bot is stuck (it raised) was told
    "it is Player 1 and Player 2's decision and you are not them" (BattleGoats' layout, the
    page showing the bot's seat). The refusal names the bot's seat and says a bot plays it,
    and it stopped; nothing changes."""
    w = widget_for(info, players=2, seed=2, seat=seat, names=["Ana", "Cal"])
    # the page shows seat 0 (or follows it) and a child plays it; or the page shows the
    # stuck bot's own seat and a random bot plays seat 0
    w.set_bots({1: RaisingBot()} if seat != 1 else {0: "random", 1: RaisingBot()})
    for _ in range(60):                              # play seat 0 until only the bot decides
        if seat == 1 or w.state.is_over or 0 not in w.state.deciders:
            break
        if w.covered:
            w.uncover()
        act(w, str(w.state.legal_actions(0)[0]))
    assert w.state.deciders == (1,) and w.thinking is None, (w.error, w.state.deciders)
    assert "raising bot" in w.error
    before = snapshot(w)
    act(w, str(w.state.legal_actions(1)[0]))         # the bot's seat's move, from the page
    assert "Cal's decision" in w.error and "the raising bot plays that seat" in w.error, w.error
    assert "stopped" in w.error and "you are not them" not in w.error, w.error
    assert snapshot(w)[0] == before[0]


@pytest.mark.parametrize("info", GAMES, ids=[g.id for g in GAMES])
def test_a_failing_callback_is_named_and_the_move_stands(info):
    w = widget_for(info, players=2, seed=4, seat=0)

    def grade(text, state):
        raise KeyError("teacher's typo")

    w.on_action(grade)
    first = w.legal[0]["text"]
    act(w, first)
    assert "callback 'grade' failed" in w.error
    assert w.state.history[0]["action"] == first
    assert w.view == json.loads(json.dumps(w.state.view(w.viewer)))


# ---------------------------------------------------------------------- hotseat cover

def auction(players=3):
    return GoatAuctionWidget(state=position(players, hands=[["g1", "g9"], ["g2", "g14"],
                                                            ["g3", "g6"]][:players],
                                            names=["Ana", "Bo", "Cy"][:players]))


def test_simultaneous_choices_are_taken_one_seat_after_another_behind_covers():
    w = auction()
    assert w.covered and w.viewer == 0 and "hand" not in w.view      # covered from the start
    send(w, {"type": "uncover", "version": w.version})
    assert not w.covered and w.viewer == 0 and "g9" in w.view["hand"]
    act(w, "bid g9")
    assert w.covered and w.viewer == 1 and w.legal == [] and "hand" not in w.view
    assert "g9" not in json.dumps(w.view) + json.dumps(w.game_log)
    before = snapshot(w)
    act(w, "bid g2")                                 # nobody has uncovered yet
    assert "uncover" in w.error and snapshot(w)[:4] == before[:4]
    send(w, {"type": "uncover", "version": w.version})
    assert not w.covered and w.viewer == 1 and w.view["hand"] == ["g2", "g14"]
    assert w.view["chosen"] == [0] and "my_choice" not in w.view
    assert "g9" not in json.dumps(w.view) + json.dumps(w.game_log) + json.dumps(w.legal)
    act(w, "bid g2")
    assert w.covered and w.viewer == 2
    send(w, {"type": "uncover", "version": w.version})
    act(w, "bid g3")                                 # all three resolve: Ana won
    assert w.covered and w.viewer == 0 and w.state.phase == "ask"


def test_an_off_turn_answer_comes_up_behind_the_cover_and_undo_covers_again():
    w = auction(2)
    send(w, {"type": "uncover", "version": w.version})
    act(w, "bid g9")
    send(w, {"type": "uncover", "version": w.version})
    act(w, "bid g2")
    send(w, {"type": "uncover", "version": w.version})
    assert w.viewer == 0 and w.state.phase == "ask"
    act(w, "ask 1")                                   # Bo must answer, off his turn
    assert w.covered and w.viewer == 1
    send(w, {"type": "uncover", "version": w.version})
    assert [a["text"] for a in w.legal] == [f"give {c}" for c in w.state.hands[1]]
    before = snapshot(w)
    assert not w.can_undo and "Ana made the last one" in w.undo_note
    send(w, {"type": "undo", "version": w.version})   # Bo may not take back Ana's ask
    assert "only your own moves" in w.error and snapshot(w)[:4] == before[:4]
    act(w, f"give {w.state.hands[1][0]}")
    assert w.covered and w.viewer == 0


def test_bots_take_their_seats_secret_choices_and_the_human_sees_only_theirs():
    w = GoatAuctionWidget(players=3, seed=8, seat=0, bots={1: "greedy", 2: "random"})
    act(w, w.legal[0]["text"])
    assert w.error == "" and not w.covered
    assert w.state.phase in ("ask", "bid", "answer", "over")
    for seat in (1, 2):
        for card in w.state.hands[seat]:
            assert card not in w.view["hand"]


def test_a_fixed_seat_never_receives_another_seats_hand():
    w = GoatAuctionWidget(players=2, seed=3, seat=1)
    others = set(w.state.hands[0])
    text = json.dumps([w.view, w.legal, w.game_log])
    assert not any(f'"{c}"' in text for c in others)
    assert w.view["hand"] == w.state.hands[1]


def test_greedy_bot_for_a_seat_chooses_from_its_seats_information():
    s = position(2, hands=[["g1", "g9"], ["g2", "g14"]])
    choice = make_bot("greedy", seed=1).choose(s, 1)
    assert str(choice) in ("bid g2", "bid g14")


# ---------------------------------------------------------------------- issue 23: handles

@pytest.mark.parametrize("info", GAMES, ids=[g.id for g in GAMES])
@pytest.mark.parametrize("text", ["x\ud800", "\udcff", "LEGAL\ud800"])
def test_text_that_cannot_be_encoded_never_freezes_the_page(info, text):
    """Issue 23 item 5: a lone surrogate reached a trait (Grab Your Goat! copied a click's
    text into ``error``), and from then on no update could be serialised. Every trait stays
    text the kernel can send, whatever a message holds."""
    w = widget_for(info, players=2, seed=3, seat="hotseat")
    text = text.replace("LEGAL", w.legal[0]["text"] if w.legal else "x")
    for content in [{"type": "act", "action": text}, {"type": "start", "action": text}]:
        before = w.state.to_json()
        send(w, {**content, "version": w.version})
        assert w.error and w.state.to_json() == before
        json.dumps(w.get_state()).encode("utf-8")          # what the kernel sends
    w.error = "bad \ud800 text"
    json.dumps(w.get_state()).encode("utf-8")


@pytest.mark.parametrize("info", GAMES, ids=[g.id for g in GAMES])
def test_a_seat_or_a_state_of_the_wrong_kind_is_refused(info):
    """Issue 23 item 6: ``w.seat = True`` was taken as seat 1; a constructor took another
    game's state that the ``state`` setter refused."""
    import traitlets

    w = widget_for(info, players=2, seed=3)
    for bad in [True, False, 2, -1, "0", 1.0]:
        with pytest.raises(traitlets.TraitError):
            w.seat = bad
    assert w.seat == "hotseat"
    other = next(g for g in GAMES if g.id != info.id)
    foreign = other.module.new_game(players=2, seed=1)
    with pytest.raises(TypeError, match="state must be"):
        info.widget()(state=foreign)
    with pytest.raises(TypeError, match="state must be"):
        w.state = foreign


@pytest.mark.parametrize("info", GAMES, ids=[g.id for g in GAMES])
@pytest.mark.parametrize("seat", ["hotseat", 0])
def test_a_refused_seat_leaves_the_widget_exactly_as_it_was(info, seat):
    """Issue 33 item 5c: ``w.seat = None`` was taken (traitlets lets None past a validator
    when the trait allows None, and ``Any`` does), leaving ``seat=None, viewer=None``. Every
    refused seat raises and changes no trait, sends nothing and keeps the game playable."""
    import traitlets

    w = widget_for(info, players=2, seed=3, seat=seat)
    sent = []
    w._send = lambda msg, buffers=None: sent.append(msg)
    before = (json.dumps(w.get_state(), sort_keys=True, default=str), w.state.to_json())
    for bad in [None, True, 2, -1, "0", 1.0, "Hotseat", [0], {}]:
        with pytest.raises(traitlets.TraitError, match="seat must be 'hotseat' or 0 to 1"):
            w.seat = bad
        assert (json.dumps(w.get_state(), sort_keys=True, default=str),
                w.state.to_json()) == before, bad
    assert sent == [] and w.seat == seat
    w.seat = 1                                       # a good seat still works
    assert w.seat == 1 and w.viewer == 1


@pytest.mark.parametrize("info", GAMES, ids=[g.id for g in GAMES])
def test_undo_where_every_seat_is_a_bot_is_refused_at_once(info):
    """Issue 23 item 6: in an all-bot widget Undo rewound every bot move and the bots then
    played a different game, at a cost growing with the game. With no human seat there is
    no move of yours to take back: Undo is refused, cheaply, and the button is off."""
    w = widget_for(info, players=2, seed=3, bots={0: "random", 1: "random"})
    before = (w.state.to_json(), w.version)
    assert w.can_undo is False
    send(w, {"type": "undo", "version": w.version})
    assert "every seat is played by a bot" in w.error
    assert (w.state.to_json(), w.version) == before


@pytest.mark.parametrize("info", GAMES, ids=[g.id for g in GAMES])
@pytest.mark.parametrize("bots", [{True: "random"}, {1.5: "random"}, {10**5000: "random"},
                                  {1: 10**5000}, {1: "grandmaster"}, {"x" * 10**6: "random"},
                                  {-1: "random"}, [1, "random"]], ids=lambda b: str(type(b)))
def test_bad_bots_get_a_clear_error_and_change_nothing(info, bots):
    """A seat given as True or 1.5 was taken as seat 1; a 5,000-digit name raised Python's
    raw digit-limit error."""
    from goatwidgets.engine import VariantError

    w = widget_for(info, players=2, seed=3)
    before = (w.state.to_json(), dict(w.bots))
    with pytest.raises(VariantError) as err:
        w.set_bots(bots)
    assert err.value.rule == "bots" and len(str(err.value)) < 200
    assert (w.state.to_json(), dict(w.bots)) == before
    with pytest.raises(VariantError):
        info.widget()(players=2, seed=3, bots=bots)


# ---------------------------------------------------------------------- a class at one screen

HIDDEN = [g for g in GAMES if g.module.State.hidden_information]


def uncovered(w):
    if w.covered:
        send(w, {"type": "uncover", "version": w.version})
    return w


@pytest.mark.parametrize("info", HIDDEN, ids=[g.id for g in HIDDEN])
def test_a_hot_seat_game_with_hidden_cards_starts_covered(info):
    """Issue 24 item 3: the first decider's hand was on the projector for the whole class."""
    w = widget_for(info, players=info.players[1], seed=2)
    assert w.covered and w.legal == [] and w.view == w.state.view(None)
    uncovered(w)
    seen = w.state.view(w.viewer)               # the class reads whose turn it is by name
    seen["prompt"] = addressed(w.state.seat_name(w.viewer), seen["prompt"])
    assert not w.covered and w.view == seen
    alone = widget_for(info, players=2, seed=2, bots={1: "random"})   # one child: no cover
    assert not alone.covered


@pytest.mark.parametrize("info", GAMES, ids=[g.id for g in GAMES])
def test_in_hot_seat_undo_takes_back_only_the_viewers_own_decisions(info):
    """Issue 24 item 3: any child could press Undo and take back another child's move
    without a word. At every point of a hot-seat game: Undo is on only where the last
    decision is the viewer's own; elsewhere it is refused, says why, and changes nothing."""
    w = widget_for(info, players=info.players[1], seed=4)
    bot = make_bot("random", seed=4)
    for _ in range(60):
        uncovered(w)
        if w.state.is_over or w.viewer is None:
            break
        last = w.state.history[-1]["seat"] if w.state.history else None
        if w.can_undo:
            assert last == w.viewer
        else:
            before = snapshot(w)
            send(w, {"type": "undo", "version": w.version})
            assert w.error and snapshot(w)[:2] == before[:2]
            assert w.undo_note or not w.state.history
        act(w, str(bot.choose(w.state, w.viewer)))
        assert w.error == ""


@pytest.mark.parametrize("info", GAMES, ids=[g.id for g in GAMES])
def test_undo_against_bots_never_goes_back_past_chance(info):
    """Issue 24 item 3: against bots Undo was a way to peek (discard, see "You drew
    Krakengoat" and the bot's pair, undo: now you know your next draw). Undo is never on
    where the decisions it would take back drew a card or rolled a die."""
    w = widget_for(info, players=2, seed=6, seat=0, bots={1: "random"})
    bot = make_bot("random", seed=6)
    seen_refusal = False
    for _ in range(40):
        if w.state.is_over or not w.legal:
            break
        if w.can_undo:
            history = w.state.history
            first = max(i for i, e in enumerate(history) if e["seat"] == 0)
            assert not any(e["chance"] for e in history[first:])
        elif w.state.history and "rolled or a card drawn" in w.undo_note:
            seen_refusal = True
        act(w, str(bot.choose(w.state, 0)))
    if any(e["chance"] for e in w.state.history):
        assert seen_refusal or w.state.is_over


def test_undo_never_goes_back_past_cards_shown_to_the_undoer():
    """Ana asks Bo for a card and sees which card he gives: her ask can't be taken back then
    (she would know a card of his: in a game with hidden cards no undo goes back past another
    seat's move, issue 35 item 4). Before he has given, it can."""
    def ask_position():
        return position(2, hands=[["g1"], ["g2", "g14"]], phase="ask", winner=0,
                        names=["Ana", "Bo"])

    w = GoatAuctionWidget(state=ask_position(), seat=0)
    act(w, "ask 1")
    assert w.can_undo and w.undo_note == ""          # Bo has not given: nothing shown yet
    send(w, {"type": "undo", "version": w.version})
    assert w.error == "" and not w.state.history
    w = GoatAuctionWidget(state=ask_position(), seat=0, bots={1: "random"})
    act(w, "ask 1")                                  # the bot gives at once: Ana sees the card
    assert w.state.history[1]["action"].startswith("give")
    assert not any(e["chance"] for e in w.state.history)
    assert not w.can_undo and "Bo has moved since" in w.undo_note
    before = w.state.to_json()
    send(w, {"type": "undo", "version": w.version})
    assert "Bo has moved since" in w.error and w.state.to_json() == before


@pytest.mark.parametrize("info", GAMES, ids=[g.id for g in GAMES])
def test_new_game_is_offered_once_a_game_is_over(info):
    """Issue 24 item 11: at the end of a game there was no New game button. The page's "new"
    message starts another game with the same players, names, options and bots, and only
    once the game is over."""
    w = widget_for(info, players=2, seed=3, bots={0: "random", 1: "random"})
    assert w.state.is_over and w.can_restart
    finished, names = w.state.to_json(), w.state.names
    w2 = widget_for(info, players=2, seed=3, seat=0, bots={1: "random"})
    before = w2.state.to_json()
    send(w2, {"type": "new", "version": w2.version})
    assert "when a game is over" in w2.error and w2.state.to_json() == before
    send(w, {"type": "new", "version": w.version})
    assert w.error == "" and w.state.to_json() != finished and w.state.names == names
    assert w.bots == {"0": "random", "1": "random"}
