"""Nothing hidden leaves the room for a device that may not see it (issue 36 item 4,
acceptance 3's leak differential, as tests/information.py and
tests/widgets/test_hot_seat_bots.py check the notebook's widget).

The differential: two rooms on two games that differ only in what the voting seat can't
know (``b = a.redealt(seat)``), the same students doing the same things (join, watch, a vote,
the reveal with the coach's words): every message every device receives must be the same in
both rooms. And each picture a device gets is the public view between votes and the deciding
seat's view during one, never another seat's; no forbidden key (the rng, presets, history)
in any message."""

from __future__ import annotations

import random
from importlib import import_module

import pytest

from goatwidgets.room import Room

from tests.information import FORBIDDEN_KEYS, walk_keys
from tests.registry import GAMES
from tests.room.helpers import Student, answers, run, settle, settled, students

HIDDEN = [g for g in GAMES if getattr(g.module.State, "hidden_information", False)]


def widget_class(info):
    module, _, name = info.widget_path.partition(":")
    return getattr(import_module(module), name)


def session(widget, checks: bool = True) -> tuple[list[list[dict]], dict]:
    """Two students in a room on ``widget``: they watch, the class votes (both the first
    legal move of the deciding seat), the reveal; every message each device got, and (with
    ``checks``) the pictures checked at each step."""
    room = Room(widget, coach_trials=30)
    room.core.code = "ABCDEF"          # the same code in both rooms (it is in no message)
    try:
        async def script():
            ana, bo = await students(room.url, room.code, ["Ana", "Bo"])
            public = widget.state.view(None)
            assert not checks or ana.model["view"] == public and ana.model["legal"] == []
            room.vote()
            await settle(room, ana, bo, mode="open")
            seat = room.core.vote.seat
            assert not checks or ana.model["view"] == widget.state.view(seat)
            choice = str(widget.state.legal_actions(seat)[0])
            for s in (ana, bo):
                await s.act(choice)
                await answers(s)
            room.reveal()
            await settle(room, ana, bo, mode="revealed")
            seen = [list(ana.received), list(bo.received)]
            room.play_choice()
            # after the class's move: the public view again, in the update that ends the vote
            after = await ana.until("traits", lambda m: "view" in m["traits"])
            assert not checks or after["traits"]["view"] == widget.state.view(None)
            for s in (ana, bo):
                s.close()
            return seen, {"seat": seat}
        return run(script(), 60)
    finally:
        room.close()


@pytest.mark.parametrize("info", HIDDEN, ids=[g.id for g in HIDDEN])
@pytest.mark.parametrize("seed, moves", [(1, 0), (2, 0), (3, 8)])
def test_every_device_message_is_the_same_in_two_games_the_voting_seat_cant_tell_apart(
        info, seed, moves):
    cls = widget_class(info)
    players = min(info.player_counts)
    a = info.module.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):                       # deeper in a game: logs, piles, hands
        decider = a.deciders[0]
        a.apply(rng.choice(a.legal_actions(decider)), seat=decider)
    if a.is_over:
        pytest.skip("the game ended in the random moves")
    seat = a.deciders[0]
    b = a.redealt(seat, random.Random(seed))
    assert a._get_data() != b._get_data() or a.decks != b.decks, "the re-deal changed nothing"
    seen_a, about = session(cls(state=a))
    seen_b, _ = session(cls(state=b))
    assert about["seat"] == seat
    assert differences(seen_a, seen_b) == []
    for message in seen_a[0] + seen_a[1]:
        assert not FORBIDDEN_KEYS & set(walk_keys(message)), message


def differences(seen_a: list[list[dict]], seen_b: list[list[dict]]) -> list[str]:
    """Where each device's messages in one room differ from the other room's."""
    out = []
    for device, (got_a, got_b) in enumerate(zip(seen_a, seen_b)):
        if len(got_a) != len(got_b):
            out.append(f"device {device}: {len(got_a)} messages vs {len(got_b)}")
        for i, (x, y) in enumerate(zip(got_a, got_b)):
            if x != y:
                out.append(f"device {device}'s message {i} ({x.get('type')}) tells the two "
                           f"deals apart: {str(x)[:300]} vs {str(y)[:300]}")
    return out


@pytest.mark.parametrize("info", HIDDEN[:2], ids=[g.id for g in HIDDEN[:2]])
def test_the_differential_catches_a_leak(info, monkeypatch):
    """The check itself: a room that put the next seat's hand in the picture is caught."""
    cls = widget_class(info)
    a = info.module.new_game(players=min(info.player_counts), seed=1)
    seat = a.deciders[0]
    b = a.redealt(seat, random.Random(1))
    original = Room._picture

    def leaky(self, eyes, may_act):
        picture = original(self, eyes, may_act)
        other = (seat + 1) % self.board.state.players
        picture["view"] = {**picture["view"], "x": self.board.state.view(other)}
        return picture

    monkeypatch.setattr(Room, "_picture", leaky)
    seen_a, _ = session(cls(state=a), checks=False)
    seen_b, _ = session(cls(state=b), checks=False)
    assert differences(seen_a, seen_b)


# ---------------------------------------------------------------------- one seat per device

#: the projector board's traits a page draws (the widget's comm sends these)
BOARD_TRAITS = ("view", "legal", "game_log", "last_move", "names", "bots", "viewer", "covered",
                "whose", "can_undo", "undo_note", "error", "thinking", "highlight", "seat")


def flush(room) -> None:
    """Until the board's thread has run every job queued so far (bounded)."""
    import threading
    done = threading.Event()
    room._where_the_widget_lives(done.set)
    assert done.wait(10), "the board's thread did not answer"


def quiet_moves(a, b, seat: int, most: int = 2) -> list[str]:
    """Up to ``most`` moves in a row for ``seat`` (its first legal one each time) that show it
    nothing hidden: played on copies of both deals, its view stays the same in both (after a
    die, a draw or a card turned up, two deals the seat can't tell apart rightly differ)."""
    a, b, out = a.clone(), b.clone(), []
    while len(out) < most and seat in a.deciders:
        for action in a.legal_actions(seat):
            text = str(action)
            x, y = a.clone(), b.clone()
            x.apply(text, seat=seat)
            y.apply(text, seat=seat)
            if not x.history[-1]["chance"] and x.view(seat) == y.view(seat) \
                    and x.view(None) == y.view(None):
                out.append(text)
                a, b = x, y
                break
        else:
            break
    return out


def seats_session(widget, watched: int, moves: list[str]) -> tuple[list[dict], list[dict],
                                                                   list[dict]]:
    """A room of one seat per device on ``widget``: a device for each seat (up to three) and
    one watching; the ``watched`` seat's device plays ``moves`` (:func:`quiet_moves`) and
    asks for an Undo. Every message the watched seat's device and the
    watching device got, and the projector's board at every update (its page's traits)."""
    room = Room(widget, seats="devices")
    room.core.code = "ABCDEF"
    board: list[dict] = []

    def record(_change=None):
        board.append({k: widget.get_state(k)[k] for k in BOARD_TRAITS})
    widget.observe(record, names="version")
    try:
        seats = min(widget.state.players, 3)
        made = [room.core.join("ABCDEF", f"Kid {i}", "127.0.0.1") for i in range(seats + 1)]
        flush(room)

        async def script():
            devices = []
            for device in made:
                student = Student(room.url, device.name)
                student.token = device.token
                devices.append(await student.connect())
            me = devices[watched]
            for text in moves:
                await me.act(text)
                await me.until(("traits", "error"))
                flush(room)
                await settled(room, *devices)
            await me.page({"type": "undo", "version": me.model["version"]})
            await me.until(("traits", "error"))
            flush(room)
            await settled(room, *devices)
            seen = [list(me.received), list(devices[-1].received)]
            for s in devices:
                s.close()
            return seen
        mine, watching = run(script(), 60)
        board.append({"panel": room._seats_html().replace(" (away)", "")})   # (a close's timing)
        return mine, watching, board
    finally:
        widget.unobserve(record, names="version")
        room.close()


@pytest.mark.parametrize("info", HIDDEN, ids=[g.id for g in HIDDEN])
@pytest.mark.parametrize("seed, moves", [(1, 0), (3, 8)])
def test_one_seat_per_device_every_device_and_the_projector_tell_nothing_hidden(info, seed,
                                                                                 moves):
    """Issue 37 acceptance 3: for each seat held by a device, two games that seat can't tell
    apart (``a.redealt(seat)``): that seat's device, the watching device and the projector's
    board get the very same messages in both (the seat's own moves and Undo included), and no
    forbidden key in any of them."""
    cls = widget_class(info)
    players = min(info.player_counts)
    a = info.module.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        decider = a.deciders[0]
        a.apply(rng.choice(a.legal_actions(decider)), seat=decider)
    if a.is_over:
        pytest.skip("the game ended in the random moves")
    for seat in range(min(players, 3)):
        b = a.redealt(seat, random.Random(seed + seat))
        moves = quiet_moves(a, b, seat)
        seen_a = seats_session(cls(state=a.clone()), seat, moves)
        seen_b = seats_session(cls(state=b), seat, moves)
        assert differences(list(seen_a), list(seen_b)) == [], f"seat {seat}"
        for message in [m for part in seen_a for m in part]:
            assert not FORBIDDEN_KEYS & set(walk_keys(message)), message


@pytest.mark.parametrize("info", HIDDEN[:2], ids=[g.id for g in HIDDEN[:2]])
def test_the_seats_differential_catches_a_leak(info, monkeypatch):
    """The check itself: a room whose seat pictures carried the next seat's hand is caught."""
    from goatwidgets.room import seats as seats_module
    cls = widget_class(info)
    a = info.module.new_game(players=min(info.player_counts), seed=1)
    b = a.redealt(0, random.Random(1))
    original = seats_module.seat_picture

    def leaky(room, seat):
        picture = original(room, seat)
        other = (seat + 1) % room.board.state.players
        picture["view"] = {**picture["view"], "x": room.board.state.view(other)}
        return picture

    monkeypatch.setattr("goatwidgets.room.notebook.seat_picture", leaky)
    assert differences(list(seats_session(cls(state=a), 0, [])),
                       list(seats_session(cls(state=b), 0, [])))
