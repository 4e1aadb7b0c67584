"""30 students in each of 10 rooms at once (issue 36 acceptance 2): every student joins by
code, votes, a few change their vote, the teacher reveals and plays the class's move, in every
room; each tally counts its own room's 30 votes and nothing of another room's. Scripted
WebSocket clients on 127.0.0.1, bounded: 300 devices, 10 rooms, 120 s at most."""

from __future__ import annotations

import asyncio
import time
from collections import Counter

from goatwidgets import FloatsMcGoats
from goatwidgets.room import Room

from tests.room.helpers import answers, run, settle, students

ROOMS, STUDENTS, CHANGERS = 10, 30, 5


def test_thirty_students_in_each_of_ten_rooms():
    widgets = [FloatsMcGoats(players=2, seed=seed) for seed in range(ROOMS)]
    rooms = [Room(w, coach_trials=20, show=False) for w in widgets]
    figures = {}
    try:
        async def one(room, w, index):
            legal = [str(a) for a in w.state.legal_actions(0)]
            class_ = await students(room.url, room.code,
                                    [f"S{index}-{i}" for i in range(STUDENTS)])
            room.vote()
            await settle(room, *class_, mode="open")
            votes = {}
            for i, s in enumerate(class_):
                votes[s.device] = legal[i % 2]
                await s.act(votes[s.device])
            for s in class_:
                assert (await answers(s))["type"] == "room"
            for s in class_[:CHANGERS]:                     # changed their minds
                votes[s.device] = legal[2 % len(legal)]
                await s.act(votes[s.device])
                await answers(s)
            assert room.counts == (STUDENTS, STUDENTS)
            assert room.core.vote.votes == votes
            result = room.reveal()
            assert {t["action"]: t["count"] for t in result["tally"]} == dict(Counter(
                votes.values()))
            moves = len(w.state.history)
            room.play_choice()
            assert w.state.history[moves]["action"] == result["top"]
            await settle(room, *class_, mode="watch")
            for s in class_:
                s.close()

        async def everyone():
            start = time.perf_counter()
            await asyncio.gather(*(one(r, w, i) for i, (r, w) in
                                   enumerate(zip(rooms, widgets))))
            figures["seconds"] = time.perf_counter() - start

        run(everyone(), 120)
    finally:
        for room in rooms:
            room.close()
    print(f"\n{ROOMS} rooms x {STUDENTS} students: join, vote, change, reveal, play in "
          f"{figures.get('seconds', float('nan')):.1f} s")
