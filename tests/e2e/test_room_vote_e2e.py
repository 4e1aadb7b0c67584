"""The class against a bot, a two-click move voted in real browsers (issue 36).

The teacher's JupyterLab (1366x768, the projector) sets up a two-player Goat Lords position
(the class plays Goat Team; Bot Bea holds the other seat), makes ``room = goatwidgets.Room(w)``
and calls ``room.class_vs_bot(seat=0, level="casual")``: the first vote opens by itself. Three
students join on their own browser contexts (Cy's a phone, 390x844, touch) and vote with two
clicks each on their own boards, as the board takes a Goat Lords move: Ana and Cy pair their
two Goat Ninjas (a card, then the other: a Birth, GL-R8), Bo duels Bot Bea's Goat Ninja stack
(his Goat Ninja, then her top stack: GL-R10). The projector counts the votes without showing
them; "Reveal" shows the counts and the most chosen on the projector and every device; "Play
the class's move" plays the Birth on the notebook's board, Bot Bea answers by herself, and the
next vote opens by itself on every device (its moves lit, nobody's vote yet). The room is
closed from its panel; every context and the notebook's kernel are closed at the end,
whatever happened.

With GOATWIDGETS_SCREENS=1: screenshots of the projector at the reveal and of the phone
during the vote, light and dark, under .bench/screens/room-vote-*.png.
"""

from __future__ import annotations

import re

from playwright.sync_api import expect

from goatwidgets.engine.table import Table
from tests.e2e.helpers import (CHROMEBOOK, PHONE, PROJECTOR, cell_with, end_kernel, join,
                               joined_at, most_chosen, new_device, notebook, open_notebook,
                               press, run_all, shoot, shoot_device, spot, tally_rows,
                               tally_texts)

SETUP = """from goatwidgets.games.goat_lords import position
START = dict(players=2, names=["Goat Team", "Bot Bea"], seed=4,
             herds=[["fairy fairy"], ["ladypug ladypug", "ninja ninja"]],
             hands=[["lord", "ninja", "ninja", "foodie", "kraken"],
                    ["goatini", "tgoat", "baby"]])"""
GAME = "w = goatwidgets.GoatLords(state=position(**START))"
ROOM = "room = goatwidgets.Room(w)"
VERSUS = 'room.class_vs_bot(seat=0, level="casual")'
CELLS = (f"import goatwidgets\n{SETUP}\n{GAME}\nw", f"{ROOM}\n{VERSUS}\nroom")

BIRTH, DUEL = "birth ninja ninja", "duel 1 ninja"


def hand_card(student, card: str, nth: int = 0):
    return student.locator(f'#board .gw-gl-hand-card[data-card="{card}"]').nth(nth)


def test_the_class_votes_two_click_moves_against_a_bot(page, browser, jupyter_lab):
    scope: dict = {}
    exec(SETUP, scope)
    state = scope["position"](**scope["START"])
    said = {a: state.action_words(a, 0) for a in (BIRTH, DUEL)}
    replay = Table(state, bots={1: "casual"})        # the game as it will go, here too
    page.set_viewport_size(PROJECTOR)
    name = jupyter_lab.write_notebook(notebook(*CELLS), "room-vote-e2e.ipynb")
    contexts: list = []
    try:
        open_notebook(page, jupyter_lab, name)
        run_all(page)
        board = cell_with(page, GAME).locator(".gw-root")
        panel = cell_with(page, ROOM)
        expect(panel).to_contain_text("Voting: 0 of 0 have voted.")     # opened by itself
        url, code = joined_at(panel)
        students = []
        for who, options in (("Ana", CHROMEBOOK), ("Bo", CHROMEBOOK), ("Cy", PHONE)):
            student = new_device(browser, contexts, options)
            join(student, url, code, who)
            students.append(student)
        ana, bo, cy = students
        expect(panel).to_contain_text("Voting: 0 of 3 have voted.")
        for student in students:                 # the open vote reaches a device that joins
            expect(student.locator("#say")).to_contain_text("Vote: pick the move")

        # Two clicks each: a card, then the other card of the pair / the duelled stack
        votes = ((ana, [hand_card(ana, "ninja", 0), hand_card(ana, "ninja", 1)], BIRTH),
                 (bo, [hand_card(bo, "ninja", 0), spot(bo, DUEL)], DUEL),
                 (cy, [hand_card(cy, "ninja", 0), hand_card(cy, "ninja", 1)], BIRTH))
        for n, (student, clicks, action) in enumerate(votes, start=1):
            first, second = clicks
            press(student, first)
            expect(first).to_have_class(re.compile(r"\bgw-selected\b"))   # chosen, not sent
            press(student, second)
            expect(student.locator("#say")).to_contain_text(f"Your vote: {said[action]}.")
            expect(panel).to_contain_text(f"Voting: {n} of 3 have voted.")
        shown = panel.inner_text()
        assert not [a for a, w in said.items() if w in shown], (
            f"the projector shows a choice before the reveal: {shown!r}")
        shoot_device(cy, "room-vote-phone-vote")

        panel.get_by_role("button", name="Reveal").click()
        counts = [f"{said[BIRTH]}: 2", f"{said[DUEL]}: 1"]
        expect(tally_rows(panel)).to_have_text(tally_texts(counts))
        expect(panel).to_contain_text(most_chosen(said[BIRTH], 2, 3))
        for student in students:
            expect(student.locator("#tally li")).to_have_text(counts)
        shoot(page, "room-vote-projector-reveal", panel, scroll="if_needed")

        # The class's move on the notebook's board; Bot Bea answers by herself
        replay.act(0, BIRTH)
        replay.run_bots()
        assert [e["seat"] for e in replay.state.history] == [0, 1], replay.state.history
        panel.get_by_role("button", name="Play the class's move").click()
        # (the projector's board may be behind its hot-seat cover: the cover says it too)
        bots_move = next(line for line in replay.state.log_for(None)
                         if line.startswith("Bot Bea plays"))
        expect(board).to_contain_text(bots_move)

        # ... and the next vote opens by itself on every device: nobody's vote, moves lit
        expect(panel).to_contain_text("Voting: 0 of 3 have voted.")
        legal = [str(a) for a in replay.state.legal_actions(0)]
        for student in students:
            expect(student.locator("#say")).to_contain_text("Vote: pick the move")
            expect(student.locator("#tally")).to_be_hidden()
            expect(student.locator("#board .gw-gl-hand-card.gw-clickable")).not_to_have_count(0)
            expect(student.locator("#board .gw-last-move")).to_contain_text(bots_move)
            for seat, stacks in ((0, 2), (1, 3)):
                expect(student.locator(f"#board .gw-gl-seat[data-seat='{seat}'] .gw-gl-stack")
                       ).to_have_count(stacks)
        # one more vote there, two clicks (the first legal Birth), counted
        birth = next(a for a in legal if a.startswith("birth "))
        _, one, two = birth.split()
        press(ana, hand_card(ana, one))
        press(ana, hand_card(ana, two, 1 if one == two else 0))
        expect(ana.locator("#say")).to_contain_text(
            f"Your vote: {replay.state.action_words(birth, 0)}.")
        expect(panel).to_contain_text("Voting: 1 of 3 have voted.")

        panel.get_by_role("button", name="Close the room").click()
        expect(panel).to_contain_text("The room is closed.")
    finally:
        for context in contexts:
            context.close()
        end_kernel(page, jupyter_lab, name)
