"""One seat per device in real browsers (issue 37, acceptance 1).

The teacher is a real JupyterLab at 1366x768 (the projector): a notebook sets up a late
four-player Goat Lords position (Ana, Bo, Cy and Dee, Dee a casual bot), makes
``room = goatwidgets.Room(w, seats="devices")`` and shows the room's panel. Three students are
three browser contexts of their own (Bo's a small phone, 360x640, touch); each reads the
address and the code from the projector's panel and joins; they take seats 0, 1 and 2 in the
order they join. Then, each move clicked on its own device:

* Ana duels Bo's Goat Ninja stack with her Goat Ninja (GL-R10); Bo's phone, not Ana's page,
  gets the decision and answers with his Magical Goatini (a wild, GL-R11); Ana passes and Bo
  wins the duel, which every page and the projector show (his top stack of 4 cards);
* Bo discards (a card, then Discard), Cy discards, and the bot playing Dee moves by itself;
  Ana's page says it is her decision again;
* Ana plays her face-down Atomic Goat on Cy (the card, then Cy); Cy's page, not Ana's, is
  asked and blocks it there with the Escape Goat Cy held face down (GL-R14): Cy's stack stays,
  and it is Bo's turn.

Checked throughout against the same game replayed here in Python (the same position, the same
moves, the same seeded bot): each page shows its own hand (``data-card`` of the hand's cards)
and face-down action cards; no page's HTML, and no WebSocket frame a page received, names a
card kind that another seat holds hidden unless its own seat's view or log names that kind
(e.g. a kind in a herd, the discard pile or the duel is public); every view a page received is
its own seat's; the projector (the room's panel and the notebook's board) shows no hand,
names no hidden card, and its "Just now: …" line says, after each move, what the replay's
table says for the public. The room is closed from its panel; every context and the
notebook's kernel are closed at the end, whatever happened.

With GOATWIDGETS_SCREENS=1: screenshots of the projector (1366x768, the board and the panel)
and of the phone (the duel's answer, the late position), light and dark, under
.bench/screens/room-seats-*.png.
"""

from __future__ import annotations

import json
import re

from playwright.sync_api import expect

from goatwidgets.engine.table import Table
from tests.e2e.helpers import (CHROMEBOOK, PROJECTOR, SMALL_PHONE, after_frames, cell_with,
                               end_kernel, join, joined_at, new_device, notebook, open_notebook,
                               press, run_all, shoot, shoot_device)

# A late four-player position: every seat has a herd; Ana may duel Bo's top stack (Goat
# Ninja) with her Goat Ninja, and Bo holds a wild to answer with. Hidden: the hands and the
# face-down action cards (Ana's Atomic Goat, Cy's Escape Goat).
SETUP = """from goatwidgets.games.goat_lords import position
LATE = dict(players=4, names=["Ana", "Bo", "Cy", "Dee"], turn=9, seed=4,
            herds=[["fairy fairy", "dragon dragon"], ["ladypug ladypug", "ninja ninja"],
                   ["baby baby"], ["kraken kraken", "ghoast ghoast"]],
            hands=[["lord", "ninja", "ninja", "foodie", "kraken"],
                   ["goatini", "tgoat", "tgoat", "baby", "baby"], ["corn", "ladypug"],
                   ["fairy", "corn"]],
            actions=[["atomic"], [], ["escape"], []], discard=["dragon"])"""
BOTS = {3: "casual"}
GAME = f"w = goatwidgets.GoatLords(state=position(**LATE), bots={BOTS!r})"
ROOM = 'room = goatwidgets.Room(w, seats="devices")'
CELLS = (f"import goatwidgets\n{SETUP}\n{GAME}\nw", f"{ROOM}\nroom")
NAMES = ("Ana", "Bo", "Cy")

#: the tables every view carries (every card's name and points): no seat's secret
TABLES = ("values", "card_names", "short_names", "stack_names")


def public_part(value):
    """``value`` (a decoded message or a view) without the card tables every view carries."""
    if isinstance(value, dict):
        return {k: public_part(v) for k, v in value.items() if k not in TABLES}
    if isinstance(value, list):
        return [public_part(v) for v in value]
    return value


class Replay:
    """The room's game played again here: the same position and seeded bot, the same moves.
    After each decision it keeps, per reader (a seat, or None: the public), what that reader
    may know (its view without the card tables, and its log) and, per seat, the cards it holds
    hidden (hand, face-down action cards, cards set aside)."""

    def __init__(self):
        scope: dict = {}
        exec(SETUP, scope)
        self.table = Table(scope["position"](**scope["LATE"]), bots=BOTS)
        self.state = self.table.state
        self.players = self.state.players
        view = self.state.view(None)
        self.words = {k: {view[t][k] for t in TABLES[1:] if k in view[t]} | {k}
                      for k in view["card_names"]}
        self.known: dict = {p: [] for p in [None, *range(self.players)]}
        self.hidden: list[list[set]] = []            # per decision, per seat
        self.hands: dict = {p: [] for p in range(self.players)}
        self.record()

    def record(self) -> None:
        state = self.state
        for p in self.known:
            self.known[p].append(json.dumps(public_part(state.view(p))))
            self.known[p].extend(state.log_for(p))
        held = []
        for p in range(self.players):
            view = state.view(p)
            self.hands[p].append(sorted(view["hand"]))
            held.append(set(view["hand"]) | set(view["actions"]) | set(view["aside"]))
        self.hidden.append(held)

    def move(self, seat: int, action: str) -> str:
        """``seat`` plays ``action``, then the bots answer; what the public's "Just now"
        says after it."""
        self.table.act(seat, action)
        self.record()
        while self.table.bot_seat() is not None:
            assert self.table.bot_move() is None
            self.record()
        return self.table.last_move(None)["said"]

    def names(self, kind: str, text: str) -> bool:
        """Whether ``text`` names the card kind ``kind`` (its id or one of its names)."""
        return any(re.search(rf"(?<![\w-]){re.escape(w)}(?![\w])", text)
                   for w in self.words[kind])

    def secret(self, reader: int | None, now: bool = False) -> set[str]:
        """The card kinds some other seat holds hidden (now, or at any time so far) that
        ``reader``'s own view and log never named so far."""
        told = "\n".join(self.known[reader])
        held = self.hidden[-1:] if now else self.hidden
        kinds = {k for seats in held for p, cards in enumerate(seats) if p != reader
                 for k in cards}
        return {k for k in kinds if not self.names(k, told)}


def hand_card(student, card: str, nth: int = 0):
    return student.locator(f'#board .gw-gl-hand-card[data-card="{card}"]').nth(nth)


def lit(student, action: str):
    """The element that plays ``action`` on a student's own board (a lit card or a button)."""
    return student.locator(f'#board [data-action="{action}"]:is(.gw-clickable, button)')


#: whatever plays a move on a board (none on a page whose seat does not decide)
MOVES = "#board .gw-clickable, #board button[data-action]:enabled"


def shows_own_cards(student, replay: Replay, seat: int) -> None:
    """The page shows its seat's hand and face-down action cards, as the replay has them."""
    view = replay.state.view(seat)
    for css, cards in ((".gw-gl-hand-card", view["hand"]), (".gw-gl-mine-action",
                                                             view["actions"])):
        shown = student.locator(f"#board {css}")
        expect(shown).to_have_count(len(cards))
        for i, card in enumerate(cards):
            expect(shown.nth(i)).to_have_attribute("data-card", card)


def names_no_secret(html: str, replay: Replay, reader: int | None, where: str,
                    now: bool = True) -> None:
    secret = replay.secret(reader, now=now)
    assert secret, f"{where}: no hidden card to look for (the check would prove nothing)"
    named = sorted(k for k in secret if replay.names(k, html))
    assert not named, f"{where} names cards another seat holds hidden: {named}"


def said_in_full(student, said: str) -> None:
    """The page's "Just now" line says all of ``said``, nothing cut off (a phone has no
    hover to read a clamped line's tooltip)."""
    line = student.locator("#board .gw-last-move")
    expect(line).to_contain_text(said)
    cut = line.evaluate("el => el.scrollHeight - el.clientHeight")
    assert cut <= 1, f"the 'Just now' line is cut off ({cut} px hidden): {said!r}"


#: the blank (px) under a page's prompt and under its "Just now" line: what each takes beyond
#: its lines of text
BLANKS = """el => {
  const box = (n) => n.getBoundingClientRect();
  const status = el.querySelector(".gw-status");
  const text = document.createRange();
  text.selectNodeContents(status);
  const lines = new Set([...text.getClientRects()].map((q) => Math.round(q.top))).size;
  const slot = el.querySelector(".gw-last-move-slot"), said = el.querySelector(".gw-last-move");
  return {prompt: box(status).height - lines * parseFloat(getComputedStyle(status).lineHeight),
          just_now: said.hidden ? box(slot).height : box(slot).bottom - box(said).bottom
            - parseFloat(getComputedStyle(said).marginBottom)};
}"""


def no_blank_above_the_board(student, where: str) -> None:
    """No blank under the page's prompt or its "Just now" line (the most they once took was
    kept: a short one after a long one left ~50 px of nothing on a phone)."""
    blank = student.locator("#board .gw-root").evaluate(BLANKS)
    assert max(blank.values()) < 4, f"{where}: blank space above the board (px): {blank}"


def seat_rows(deciding: int) -> list:
    """The projector's seats, as the panel lists them: each seat's name, its device (here,
    every device connected: none "away") or its bot, and "deciding" after the seat that
    decides only."""
    rows = []
    for seat, name in enumerate((*NAMES, "Dee")):
        not_now = "" if seat == deciding else "|deciding"
        who = r"the \w+ bot" if seat in BOTS else rf"(?!.*(away{not_now})).*"
        rows.append(re.compile(rf"^{name}: {who}{', deciding' if not not_now else ''}$"))
    return rows


def test_each_device_plays_its_own_seat_and_sees_only_its_own_hand(page, browser, jupyter_lab):
    replay = Replay()
    page.set_viewport_size(PROJECTOR)
    name = jupyter_lab.write_notebook(notebook(*CELLS), "room-seats-e2e.ipynb")
    contexts: list = []
    frames: dict[int, list] = {seat: [] for seat in range(len(NAMES))}
    try:
        open_notebook(page, jupyter_lab, name)
        run_all(page)
        board_cell, panel = cell_with(page, GAME), cell_with(page, ROOM)
        board = board_cell.locator(".gw-root")
        room = panel.locator(".gw-room")
        expect(room).to_contain_text("0 devices in the room")
        url, code = joined_at(panel)

        devices = {}
        for seat, (who, options) in enumerate(zip(NAMES, (CHROMEBOOK, SMALL_PHONE, CHROMEBOOK))):
            devices[seat] = new_device(browser, contexts, options, frames[seat])
            join(devices[seat], url, code, who)
            expect(devices[seat].locator("#say")).to_contain_text(f"You play {who}.")
        ana, bo, cy = devices.values()
        expect(room).to_contain_text("3 devices in the room")
        seats = room.locator("ol li")
        expect(seats.first).to_have_text(re.compile(r"^Ana: .*, deciding$"))

        def projector_says(said: str) -> None:
            """The projector's panel and board say what just happened, as the replay does."""
            assert said
            expect(room).to_contain_text(f"Just now: {said}")
            expect(board.locator(".gw-last-move")).to_contain_text(said)

        def all_show_own_cards() -> None:
            for seat, student in devices.items():
                shows_own_cards(student, replay, seat)

        all_show_own_cards()
        for seat, student in devices.items():
            names_no_secret(student.content(), replay, seat, f"{NAMES[seat]}'s page at the start")
        expect(ana.locator("#say")).to_contain_text("Your decision.")
        for student in (bo, cy):
            expect(student.locator(MOVES)).to_have_count(0)

        # Ana duels Bo's Goat Ninja stack (GL-R10): her Goat Ninja, then his top stack
        press(ana, hand_card(ana, "ninja"))
        press(ana, ana.locator('#board .gw-gl-stack.gw-clickable[data-action="duel 1 ninja"]'))
        projector_says(replay.move(0, "duel 1 ninja"))
        # a device's Undo shows while it may take its own move back, and only then
        expect(ana.locator("#board .gw-undo")).to_be_enabled()
        expect(bo.locator("#board .gw-undo")).to_be_hidden()

        # Bo's phone has the decision (GL-R11: the defender answers), Ana's page none
        expect(bo.locator("#say")).to_contain_text("Your decision.")
        expect(bo.locator("#board .gw-gl-duel-now")).to_contain_text("To answer now: Bo")
        expect(lit(bo, "play goatini")).to_have_count(1)
        expect(lit(bo, "pass")).to_have_count(1)
        for student in (ana, cy):
            expect(student.locator("#say")).not_to_contain_text("Your decision")
            expect(student.locator(MOVES)).to_have_count(0)
        expect(seats).to_have_text(seat_rows(deciding=1))
        # the card to tap is in sight on the phone (it was below the fold, under the Pass
        # button): the page brings its first lit target into view as the decision starts ...
        goatini = lit(bo, "play goatini")
        expect(goatini).to_be_in_viewport(ratio=1)
        shoot_device(bo, "room-seats-phone-duel")
        # ... and only then: a refusal while Bo decides scrolls nothing (a card not allowed
        # now, clicked where the page is)
        bo.evaluate("() => window.scrollTo(0, 0)")
        hand_card(bo, "tgoat").dispatch_event("click")
        expect(bo.locator("#board .gw-error")).to_be_visible()
        after_frames(bo, 3)
        assert bo.evaluate("() => window.scrollY") == 0, "the page jumped while Bo decided"
        press(bo, goatini)
        projector_says(replay.move(1, "play goatini"))
        for student in (ana, bo, cy):
            expect(student.locator("#board .gw-gl-duel-card")).to_have_count(2)
        expect(board.locator(".gw-gl-duel-card")).to_have_count(2)

        # Ana gives up: Bo played the last card and wins the duel (GL-R11)
        expect(ana.locator("#say")).to_contain_text("Your decision.")
        press(ana, lit(ana, "pass"))
        said = replay.move(0, "pass")
        projector_says(said)
        assert "Bo wins the duel" in said, said
        for view in (*devices.values(), board):
            top = view.locator(".gw-gl-seat[data-seat='1'] .gw-gl-stack.gw-gl-top")
            expect(top).to_contain_text("4 cards")
            expect(view.locator(".gw-gl-duel")).to_have_count(0)
        all_show_own_cards()

        # Bo, then Cy: a card, then Discard; then the bot playing Dee moves by itself
        for seat, card in ((1, "baby"), (2, "ladypug")):
            student = devices[seat]
            expect(student.locator("#say")).to_contain_text("Your decision.")
            press(student, hand_card(student, card))
            press(student, lit(student, f"discard {card}"))
            said = replay.move(seat, f"discard {card}")
            projector_says(said)                # (after Cy's: with the bot's move)
        assert [e["seat"] for e in replay.state.history][-1] == 3, "the replay's bot never moved"
        assert "Dee" in said, said
        said_in_full(bo, replay.table.last_move(1)["said"])      # (Bo's phone: three lines)
        no_blank_above_the_board(bo, "Bo's phone, Ana's turn")
        expect(ana.locator("#say")).to_contain_text("Your decision.")
        expect(seats).to_have_text(seat_rows(deciding=0))
        all_show_own_cards()

        # Ana's Atomic Goat on Cy (GL-R15): Cy's page is asked, and blocks it (GL-R14)
        press(ana, ana.locator('#board .gw-gl-mine-action[data-card="atomic"]'))
        press(ana, lit(ana, "atomic 2").first)
        projector_says(replay.move(0, "atomic 2"))
        expect(cy.locator("#say")).to_contain_text("Your decision.")
        expect(cy.locator("#board .gw-gl-why")).to_contain_text(
            "Cy is asked: cancel Atomic Goat with an Escape Goat")
        expect(lit(cy, "allow")).to_have_count(1)
        for student in (ana, bo):
            expect(student.locator("#say")).not_to_contain_text("Your decision")
            expect(student.locator(MOVES)).to_have_count(0)
        expect(seats).to_have_text(seat_rows(deciding=2))
        press(cy, cy.get_by_role("button", name="Escape Goat: cancel Atomic Goat"))
        said = replay.move(2, "escape")
        projector_says(said)
        assert "Atomic Goat has no effect" in said, said
        for view in (*devices.values(), board):
            expect(view.locator(".gw-gl-seat[data-seat='2'] .gw-gl-stack")).to_have_count(1)
        expect(bo.locator("#say")).to_contain_text("Your decision.")
        expect(seats).to_have_text(seat_rows(deciding=1))
        all_show_own_cards()

        # Nothing hidden on any page, in any frame it received, nor on the projector
        for seat, student in devices.items():
            names_no_secret(student.content(), replay, seat, f"{NAMES[seat]}'s page")
            hands = replay.hands[seat]
            received = [json.loads(f) for f in frames[seat] if isinstance(f, str)]
            views = [m["traits"]["view"] for m in received
                     if m.get("type") == "traits" and "view" in m.get("traits", {})]
            assert len(views) >= 5, f"{NAMES[seat]}: only {len(views)} views received"
            for view in views:
                assert view.get("viewer") == seat, (NAMES[seat], view.get("viewer"))
                assert sorted(view.get("hand", [])) in hands, (NAMES[seat], view.get("hand"))
            names_no_secret(json.dumps(public_part(received)), replay, seat,
                            f"the frames {NAMES[seat]}'s page received", now=False)
        for where, cell in (("the projector's board", board_cell), ("the room's panel", panel)):
            expect(cell.locator(".gw-gl-hand-card")).to_have_count(0)
            names_no_secret(cell.locator(".jp-OutputArea").inner_html(), replay, None, where)
        shoot(page, "room-seats-projector-board", board)
        shoot(page, "room-seats-projector-panel", panel, scroll="if_needed")
        no_blank_above_the_board(bo, "Bo's phone, the late position")
        shoot_device(bo, "room-seats-phone-late")
        shoot_device(ana, "room-seats-chromebook-late")

        panel.get_by_role("button", name="Close the room").click()
        expect(room).to_contain_text("The room is closed.")
    finally:
        for context in contexts:
            context.close()
        end_kernel(page, jupyter_lab, name)
