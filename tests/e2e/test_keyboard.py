"""A whole game of every registered game, played with the keyboard alone, in JupyterLab.

For each game of the registry (a new game is covered the day it is registered): seat 0 is a
person at the keyboard, the other seats (the smallest player count) are random bots, and a
seeded game is played from its first decision to game over using nothing but key presses:
Tab / Shift+Tab to move the focus, the arrow keys from card to card on a board that has them
(ARROW_BOARDS), Enter to choose, Escape to drop a half-made choice. No click, no
element.focus(): the test only *reads* the page (what is focusable, where the focus is) and
decides which key to press next, as a keyboard user would. One more game has two people at one
screen, so the hot-seat cover comes up between them; its "Show the board" button is reached
and pressed the same way.

What the person chooses is not the test's business, so a stand-in decides it: below each
widget the notebook shows the action the greedy bot would choose for the person deciding now
(``.kb-next``, with the widget's version; it is sent after the widget's own update). The test
then finds that action on the page as a person would: an element that sends it
(``data-action``), or, for a two-step action (a card then its target, a goat then its square),
first the thing it starts with (the element whose ``data-card``, ``data-goat``, ``data-spot``…
names a word of the action), then the element that completes it. A decision that cannot be
reached or made this way fails with what was on screen: a keyboard gap in the game's front
end, which is the point of this test. So does an arrow key at a board's edge that takes the
focus off the board (JupyterLab moves to the next cell on an arrow the widget leaves alone).

All games share one notebook (one Run All, every cell's source hidden: Tab into a cell's
editor would indent, not move on); each game is its own test. ``pytest -s`` prints decisions,
key presses and seconds per game; the GOATWIDGETS_KEYBOARD_* variables below play other games
(other seeds, a random chooser for rarer decisions) to look for gaps elsewhere.
"""

from __future__ import annotations

import json
import os
import time

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from goatwidgets.games import GAMES, REGISTRY
from tests.e2e.helpers import FRONT_END_NOISE, notebook, open_notebook, run_all

#: per game: the seed of a short real game (greedy seat 0 against random bots, smallest player
#: count, the rulings' own settings) whose decisions cover the game's decision kinds; found with
#: the same setup in plain Python. A game not listed plays seed 1.
GAMES_SETUP: dict[str, dict] = {
    "floats_mcgoats": {"seed": 9},      # 22 decisions: place both goat kinds, roll, stick, flip,
                                        # move + drop a stick, love, fight
    "grab_your_goat": {"seed": 27},     # 7: roll, play a card onto a face-down one, the goat's
                                        # way, step, a Ski Lift ride, a throw
    "goat_lords": {"seed": 13},         # 49: birth, assisted birth, duel, discard, play, pass,
                                        # allow, trash, Russian Goatlette, Goatinhood
    "gruff_goats": {"seed": 47},        # 28: claim, again, block, pass, move, troll, put back,
                                        # take a card
    "battlegoats": {"seed": 27},        # 17: lay out, who attacks first, attack, target
}
# Other games, to look for gaps elsewhere, e.g.
# GOATWIDGETS_KEYBOARD_GAMES='{"goat_lords": {"seed": 60},
#                              "battlegoats": {"seed": 3, "draft": true}}'
GAMES_SETUP.update(json.loads(os.environ.get("GOATWIDGETS_KEYBOARD_GAMES") or "{}"))
#: who chooses for seat 0: the greedy bot; GOATWIDGETS_KEYBOARD_CHOOSER=random tries rarer
#: decisions (longer games: raise GOATWIDGETS_KEYBOARD_MAX too)
CHOOSER = os.environ.get("GOATWIDGETS_KEYBOARD_CHOOSER", "greedy")
#: print every decision (GOATWIDGETS_KEYBOARD_TRACE=1, with pytest -s)
TRACE = int(os.environ.get("GOATWIDGETS_KEYBOARD_TRACE") or 0)
#: two people at one screen (hidden cards: the cover comes up between them): a short game
HOTSEAT = {"game": "grab_your_goat", "seed": 27}      # 13 decisions, the cover 3 times
#: boards whose cards the arrow keys walk (a selector of the cards): there the focus moves from
#: card to card with the arrows, as a person would, not with dozens of Tabs
ARROW_BOARDS = {"grab_your_goat": "g.gw-cell[data-cell]"}
#: a stuck game fails after this many decisions at the keyboard
MAX_DECISIONS = int(os.environ.get("GOATWIDGETS_KEYBOARD_MAX", 150))
#: key presses allowed to bring the focus to one element
MAX_MOVES = 120
#: the front end's answer to one decision (a busy 2-core machine)
ANSWER_MS = 30_000

SETUP = '''
import html
import ipywidgets
from goatwidgets.games import REGISTRY
from goatwidgets.engine import make_bot

def keyboard_game(game, seed, chooser="greedy", people=1, tag=None, **variants):
    """The game's widget for `people` people at one screen (seats 0, 1, ...) against random
    bots, and below it what the person deciding now chooses (the `chooser` bot's choice for
    their seat, said again after every change of the widget)."""
    info = REGISTRY[game]
    players = max(info.players[0], people)
    widget = info.widget()(players=players, seed=seed,
                           bots={s: "random" for s in range(people, players)}, **variants)
    chooser = make_bot(chooser, seed=seed)
    note = ipywidgets.HTML()

    def tell():
        state = widget.state
        seat = next((s for s in state.deciders if str(s) not in widget.bots), None)
        choice = (str(chooser.choose(state, seat))
                  if seat is not None and not state.is_over else "")
        note.value = (f'<span class="kb-next" data-version="{widget.version}" '
                      f'data-over="{str(state.is_over).lower()}" data-seat="{seat}" '
                      f'data-action="{html.escape(choice)}">Next choice: '
                      f'{html.escape(choice) or "nothing"}</span>')

    after_change = widget._after_change

    def after_change_then_tell():     # the note goes out after the widget's own update, so
                                      # the page shows the new position when it shows the note
        after_change()
        tell()

    widget._after_change = after_change_then_tell
    tell()
    box = ipywidgets.VBox([widget, note])
    box.add_class(f"kb-{tag or game}")
    return box
'''

# ------------------------------------------------------------------ reading the page

#: the widget's tab stops in tab order (every one has tabindex 0 or is a native control: DOM
#: order), each described; and where the focus is
_STOPS_JS = r"""
(rootSel) => {
  const root = document.querySelector(rootSel);
  if (!root) return null;
  const shown = (e) => (e.checkVisibility ? e.checkVisibility({ visibilityProperty: true }) : !!e.getClientRects().length);
  const stops = [...root.querySelectorAll('a[href],button,input,select,textarea,[tabindex],[contenteditable]')]
    .filter((e) => e.tabIndex >= 0 && !e.disabled && shown(e));
  const words = (e) => {
    const out = [];
    for (const a of ["data-card", "data-goat", "data-wand", "data-spot", "data-cell", "data-square",
                     "data-stick", "data-seat", "data-stack"]) {
      const v = e.getAttribute(a);
      if (v != null) out.push(...String(v).split(/[:\s]+/));
    }
    for (const part of String(e.getAttribute("data-key") || "").split(":")) {
      if (part && !/^\d+$/.test(part)) out.push(part);
    }
    return out;
  };
  const active = document.activeElement;
  return {
    active: stops.indexOf(active),
    activeInside: root.contains(active),
    activeEditable: !!(active && (active.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(active.tagName))),
    activeText: active ? `${active.tagName.toLowerCase()}.${active.getAttribute("class") || ""} ` +
      `${active.getAttribute("aria-label") || active.getAttribute("data-key") || ""}`.slice(0, 120) : "",
    positive: stops.filter((e) => e.tabIndex > 0).length,
    stops: stops.map((e) => ({
      action: e.getAttribute("data-action"),
      key: e.getAttribute("data-key"),
      label: e.getAttribute("aria-label") || e.textContent.trim().slice(0, 60),
      pressed: e.getAttribute("aria-pressed") === "true" || e.classList.contains("gw-selected"),
      selected: e.classList.contains("gw-selected"),
      cls: e.getAttribute("class") || "",
      words: words(e),
    })),
  };
}
"""

#: which way to move the focus to the widget's tab stop `index`: "here", "Tab", "Shift+Tab",
#: "Tab 3" (3 presses, when the focus is on another tab stop of the widget), or an arrow key
#: when the focus and the target are both cards of a board the arrow keys walk (`gridSel`, see
#: ARROW_BOARDS)
_WAY_JS = r"""
([rootSel, index, gridSel]) => {
  const root = document.querySelector(rootSel);
  const shown = (e) => (e.checkVisibility ? e.checkVisibility({ visibilityProperty: true }) : !!e.getClientRects().length);
  const stops = [...root.querySelectorAll('a[href],button,input,select,textarea,[tabindex],[contenteditable]')]
    .filter((e) => e.tabIndex >= 0 && !e.disabled && shown(e));
  if (index !== null) window.__kbTarget = stops[index];   // a new target, kept while the focus moves
  const target = window.__kbTarget;
  if (!target || !target.isConnected) return "gone";
  const a = document.activeElement;
  if (a === target) return "here";
  if (a && (a.isContentEditable || /^(INPUT|TEXTAREA)$/.test(a.tagName))) return "Escape";
  const from = stops.indexOf(a), to = stops.indexOf(target);   // both tab stops of the widget
  if (from >= 0 && to >= 0 && !(gridSel && target.matches(gridSel))) {     // (and not a card):
    return `${to > from ? "Tab" : "Shift+Tab"} ${Math.abs(to - from)}`;   // that many presses
  }
  if (gridSel && root.contains(a) && a.matches(gridSel) && target.matches(gridSel)) {
    const r = a.getBoundingClientRect(), t = target.getBoundingClientRect();
    const dx = (t.left + t.right - r.left - r.right) / 2, dy = (t.top + t.bottom - r.top - r.bottom) / 2;
    if (Math.abs(dx) > r.width / 2) return dx > 0 ? "ArrowRight" : "ArrowLeft";
    if (Math.abs(dy) > r.height / 2) return dy > 0 ? "ArrowDown" : "ArrowUp";
  }
  if (!a || a === document.body || a.contains(target)) return "Tab";
  return (a.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_FOLLOWING) ? "Tab" : "Shift+Tab";
}
"""

#: the focused element, if it is a card of the board the arrow keys walk (else null)
_ON_BOARD_JS = r"""
([rootSel, gridSel]) => {
  const a = document.activeElement;
  const root = document.querySelector(rootSel);
  return a && root.contains(a) && a.matches(gridSel)
    ? `${a.getAttribute("data-key") || ""} ${a.getAttribute("aria-label") || ""}` : null;
}
"""

#: from now on, window.__kbChanged says whether the widget's page changed
_WATCH_JS = r"""
(rootSel) => {
  window.__kbChanged = false;
  const seen = new MutationObserver(() => { window.__kbChanged = true; seen.disconnect(); });
  seen.observe(document.querySelector(rootSel),
               { subtree: true, childList: true, attributes: true, characterData: true });
}
"""

#: what the widget shows, for a failure message
_SCREEN_JS = r"""
(rootSel) => {
  const root = document.querySelector(rootSel);
  if (!root) return "(the widget is not on the page)";
  const text = (sel) => { const e = root.querySelector(sel); return e && !e.closest("[hidden]") ? e.innerText.trim() : ""; };
  return JSON.stringify({ status: text(".gw-status"), cover: text(".gw-cover"), error: text(".gw-error"),
    last: text(".gw-last-move"), log: text(".gw-log").split("\n").slice(-4) });
}
"""

_NOTE_JS = r"""
(noteSel) => {
  const n = document.querySelector(noteSel);
  return n ? { version: Number(n.getAttribute("data-version")), action: n.getAttribute("data-action"),
               over: n.getAttribute("data-over") === "true" } : null;
}
"""


class KeyboardGap(AssertionError):
    """A decision that the keyboard alone could not make."""


class Player:
    """Plays one game widget with key presses only, counting them."""

    def __init__(self, page, tag: str, game_id: str):
        self.page = page
        self.game = tag
        self.game_id = game_id
        self.edge_checked = False
        self.root = f".kb-{tag} .gw-root"
        self.note = f".kb-{tag} .kb-next"
        self.keys = 0
        self.decisions = 0
        self.steps = 0            # first steps of two-step actions (a local choice, no message)
        self.uncovers = 0
        self.kinds: dict[str, int] = {}
        self.press_s = 0.0        # seconds spent pressing keys, and waiting for the answers
        self.answer_s = 0.0

    # -------------------------------------------------------------- looking

    def stops(self) -> dict:
        return self.page.evaluate(_STOPS_JS, self.root)

    def next_choice(self) -> dict:
        return self.page.evaluate(_NOTE_JS, self.note)

    def screen(self, why: str) -> str:
        stops = self.stops() or {"stops": [], "activeText": ""}
        labels = [s["action"] or s["label"] for s in stops["stops"]][:40]
        return (f"{self.game}: {why}\n  on screen: {self.page.evaluate(_SCREEN_JS, self.root)}\n"
                f"  next choice: {self.next_choice()}\n  focus on: {stops['activeText']!r}\n"
                f"  tab stops ({len(stops['stops'])}): {labels}")

    # -------------------------------------------------------------- pressing

    def press(self, key: str) -> None:
        t0 = time.perf_counter()
        self.page.keyboard.press(key)
        self.press_s += time.perf_counter() - t0
        self.keys += 1
        if TRACE > 1:
            print(f"    {key} -> {self.stops()['activeText']!r}")

    def focus(self, index: int, what: str) -> None:
        """Bring the focus to tab stop ``index`` of the widget with Tab / Shift+Tab, and the
        arrow keys from card to card on a board they walk."""
        grid = ARROW_BOARDS.get(self.game_id)
        for _ in range(MAX_MOVES):
            way = self.page.evaluate(_WAY_JS, [self.root, index, grid])
            index = None
            if way == "here":
                return
            if way == "gone":
                raise KeyboardGap(self.screen(f"{what} went away while the focus moved to it"))
            if way.startswith("Arrow") and not self.edge_checked:
                self.check_board_edge(grid)
                continue
            key, _, times = way.partition(" ")
            for _ in range(int(times or 1)):    # (then look again: the page may differ)
                self.press(key)
        raise KeyboardGap(self.screen(f"{MAX_MOVES} key presses did not bring the focus to "
                                      f"{what}"))

    def check_board_edge(self, grid: str) -> None:
        """Once per game: walk up to the board's edge and one step beyond; the focus must stay
        on the board (the page's own shortcuts must not take the arrow keys)."""
        self.edge_checked = True
        here = self.page.evaluate(_ON_BOARD_JS, [self.root, grid])
        for _ in range(12):
            self.press("ArrowUp")
            now = self.page.evaluate(_ON_BOARD_JS, [self.root, grid])
            if now is None:
                raise KeyboardGap(self.screen("ArrowUp on the board's top row took the focus "
                                              "off the board"))
            if now == here:
                return
            here = now
        raise KeyboardGap(self.screen("ArrowUp never reached the board's top row"))

    def enter_and_wait_local(self, index: int, what: str) -> None:
        """Focus stop ``index``, press Enter, wait for the widget to redraw (a local choice)."""
        self.focus(index, what)
        self.page.evaluate(_WATCH_JS, self.root)
        self.press("Enter")
        try:
            self.page.wait_for_function("() => window.__kbChanged", polling=20, timeout=ANSWER_MS)
        except PlaywrightTimeout:
            raise KeyboardGap(self.screen(f"Enter on {what} changed nothing")) from None

    def enter_and_wait_answer(self, index: int, what: str, version: int) -> None:
        """Focus stop ``index``, press Enter, wait until Python's answer is on the page: the
        widget drawn at the note's new version with no bot thinking (each bot move arrives as
        it is made: the note of a version in between names nobody's choice)."""
        self.focus(index, what)
        self.press("Enter")
        t0 = time.perf_counter()
        try:
            self.page.wait_for_function(
                """([noteSel, rootSel, version]) => {
                     const n = document.querySelector(noteSel);
                     const root = document.querySelector(rootSel);
                     const now = n && Number(n.getAttribute("data-version"));
                     if (n && now !== version && root
                         && Number(root.getAttribute("data-version")) === now
                         && !root.getAttribute("data-thinking")) return true;
                     const e = document.querySelector(rootSel + " .gw-error");
                     return !!(e && !e.hidden && e.textContent.trim()) && "error";
                   }""",
                arg=[self.note, self.root, version], polling=20, timeout=ANSWER_MS)
        except PlaywrightTimeout:
            raise KeyboardGap(self.screen(f"Enter on {what} got no answer in "
                                          f"{ANSWER_MS / 1000:.0f} s")) from None
        self.answer_s += time.perf_counter() - t0
        if self.next_choice()["version"] == version:
            raise AssertionError(self.screen(f"Enter on {what} was refused"))

    # -------------------------------------------------------------- one decision

    def uncover_if_covered(self, stops: dict, version: int) -> bool:
        for i, s in enumerate(stops["stops"]):
            if s["key"] == "uncover" or "gw-uncover" in s["cls"]:
                if TRACE:
                    print(f"  [{self.game}] uncover, focus on {stops['activeText']!r} "
                          f"({self.keys} keys so far)")
                self.enter_and_wait_answer(i, "the cover's 'Show the board' button", version)
                self.uncovers += 1
                return True
        return False

    def decide(self, action: str, version: int, look: dict) -> None:
        """Make the decision ``action`` with the keyboard: the element that sends it, or first
        the element(s) it starts with (a card, a goat...), then that element. ``look``: the
        tab stops now."""
        words = action.split()
        tried: set[str] = set()
        for _ in range(8):
            stops = (look or self.stops())["stops"]
            look = None
            done = _completing(stops, action)
            if done is not None:
                if TRACE:
                    print(f"  [{self.game}] {action!r} by {stops[done]['action']!r}, focus on "
                          f"{self.stops()['activeText']!r} ({self.keys} keys so far)")
                self.enter_and_wait_answer(done, f"the element that sends {action!r}", version)
                self.decisions += 1
                self.kinds[words[0]] = self.kinds.get(words[0], 0) + 1
                return
            first = _first_step(stops, words, tried)
            if first is None and any(s["selected"] for s in stops):
                self.press("Escape")                 # a half-made choice that led nowhere
                try:
                    self.page.wait_for_function(
                        "(sel) => !document.querySelector(sel).querySelector('.gw-selected')",
                        arg=self.root, polling=50, timeout=5_000)
                except PlaywrightTimeout:
                    raise KeyboardGap(self.screen("Escape did not drop the chosen piece")) from None
                continue
            if first is None:
                raise KeyboardGap(self.screen(f"no tab stop sends {action!r} or starts it"))
            tried.add(_ident(stops[first]))
            self.enter_and_wait_local(first, f"{stops[first]['label']!r} (to start {action!r})")
            self.steps += 1
        raise KeyboardGap(self.screen(f"could not make {action!r} in a few steps"))

    def play(self) -> None:
        for _ in range(MAX_DECISIONS * 2):
            choice = self.next_choice()
            if choice is None:
                raise AssertionError(self.screen("the notebook shows no next choice"))
            if choice["over"]:
                return
            look = self.stops()
            if self.uncover_if_covered(look, choice["version"]):
                continue
            if not choice["action"]:
                raise AssertionError(self.screen("nobody at the keyboard decides, yet the game is "
                                                 "not over"))
            if self.decisions >= MAX_DECISIONS:
                raise AssertionError(self.screen(f"not over after {MAX_DECISIONS} decisions"))
            self.decide(choice["action"], choice["version"], look)
        raise AssertionError(self.screen("the game went on too long"))


def _same_action(offered: str | None, wanted: str) -> bool:
    """The element's action is the wanted one: the same text, or the same words after the
    kind in another order (a pair of cards chosen the other way round)."""
    if offered is None:
        return False
    if offered == wanted:
        return True
    a, b = offered.split(), wanted.split()
    return a[:1] == b[:1] and sorted(a[1:]) == sorted(b[1:])


def _completing(stops: list[dict], action: str) -> int | None:
    exact = [i for i, s in enumerate(stops) if s["action"] == action]
    if exact:
        return exact[0]
    loose = [i for i, s in enumerate(stops) if _same_action(s["action"], action)]
    return loose[0] if loose else None


_NOT_A_STEP = ("undo", "cancel", "route", "uncover")


def _ident(stop: dict) -> str:
    return f"{stop['key']}|{stop['label']}"


def _first_step(stops: list[dict], words: list[str], tried: set[str]) -> int | None:
    """The tab stop that most likely starts the action of ``words``: not an action of its own
    (no data-action), naming most of the action's words (its card, goat, spot...), the
    action's earlier words first ("love A B" starts at A); then in tab order."""
    best, best_key = None, None
    for i, s in enumerate(stops):
        if s["action"] is not None or s["pressed"] or _ident(s) in tried:
            continue
        if (s["key"] or "").split(":")[0] in _NOT_A_STEP:
            continue
        hits = [j for j, w in enumerate(words) if w in s["words"]]
        if not hits:
            continue
        key = (len(hits), -min(hits))
        if best_key is None or key > best_key:
            best, best_key = i, key
    return best


# ------------------------------------------------------------------ the test


@pytest.fixture(scope="module")
def keyboard_page(browser, jupyter_lab):
    """One JupyterLab page with every game's widget in one notebook (one Run All)."""
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    page = context.new_page()
    page.set_default_timeout(30_000)
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    setups = {game: {"chooser": CHOOSER, **GAMES_SETUP.get(game, {"seed": 1})} for game in GAMES}
    setups["hotseat"] = {"game": HOTSEAT["game"], "seed": HOTSEAT["seed"], "people": 2,
                         "tag": "hotseat"}
    cells = [SETUP] + [f"keyboard_game(**{ {'game': game, **kw}!r})" if "game" not in kw
                       else f"keyboard_game(**{kw!r})" for game, kw in setups.items()]
    nb = notebook(*cells)
    for cell in nb.cells:            # no editor to Tab into (Tab in an editor indents)
        cell.metadata["jupyter"] = {"source_hidden": True}
    name = jupyter_lab.write_notebook(nb, "keyboard-games.ipynb")
    open_notebook(page, jupyter_lab, name)
    run_all(page)
    page.errors = errors
    yield page
    context.close()


def play_to_the_end(page, tag: str, game: str, title: str) -> Player:
    """Play widget ``tag`` (of ``game``) to game over with the keyboard; assert the widget
    says so."""
    player = Player(page, tag, game)
    page.wait_for_selector(f"{player.root} .gw-status", state="attached", timeout=60_000)
    page.wait_for_selector(player.note, state="attached", timeout=60_000)
    errors_before = len(page.errors)
    t0 = time.perf_counter()
    try:
        player.play()
    finally:
        print(f"\n[keyboard] {title}: {player.decisions} decisions ({player.steps} first steps, "
              f"{player.uncovers} uncovers), {player.keys} key presses, "
              f"{time.perf_counter() - t0:.1f} s (pressing {player.press_s:.1f} s, waiting for "
              f"answers {player.answer_s:.1f} s); kinds {player.kinds}")
    root = page.locator(player.root)
    status = root.locator(".gw-status").inner_text()
    assert root.locator(".gw-seat-winner").count() or "over" in status.lower(), (
        player.screen("the note says the game is over but the widget does not"))
    assert root.locator(".gw-clickable").count() == 0, player.screen("over, yet targets are lit")
    mine = [e for e in page.errors[errors_before:] if not any(n in e for n in FRONT_END_NOISE)]
    assert not mine, mine
    return player


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_with_the_keyboard_alone(keyboard_page, game):
    play_to_the_end(keyboard_page, game, game, REGISTRY[game].title)


def test_a_hot_seat_game_with_the_keyboard_alone(keyboard_page):
    """Two people at one screen: the cover comes up between them and is lifted by keyboard."""
    game = HOTSEAT["game"]
    player = play_to_the_end(keyboard_page, "hotseat", game,
                             f"{REGISTRY[game].title}, two people at one screen")
    assert player.uncovers >= 2, "the cover never came up between the two people"
