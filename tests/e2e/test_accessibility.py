"""Accessibility in a real JupyterLab: an axe-core audit of every game widget and the lesson
widget, in the light and the dark theme, and last-move highlights that keep still under
``prefers-reduced-motion: reduce``.

The audit opens one notebook with, for every game in the registry, a 3-player game a few
moves in (seat 0 at the screen, greedy bots: a fresh last-move highlight on the board), a
hot-seat game behind its cover, and every game's lesson (walk mode: Back/Hint/Try again/Next)
with its hint shown on the board. axe-core (``js/node_modules/axe-core``, a dev dependency in
js/package.json) runs on the widgets' roots only, once in JupyterLab Light and once in
JupyterLab Dark; any violation of impact "serious" or "critical" fails the test with its rule,
impact, widget, element and axe's own summary. (Animations are stopped at their first frame
while axe looks, so a pulsing hint is judged as it rests, the same on every run.)

The motion test makes a move in Floats McGoats (an SVG board: the shared .gw-mark-fresh blink)
and in BattleGoats (an HTML board: .gw-last-fresh) with the browser asking for reduced motion,
and again without: the fresh last-move highlight is drawn both times, and it is animated only
without.

Needs ``cd js && npm install`` (``bash .ci/test`` does it).
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from goatwidgets.games import GAMES
from tests.e2e.helpers import cell_with, choose_theme, notebook, open_notebook, run_all

REPO = Path(__file__).resolve().parents[2]
AXE = REPO / "js" / "node_modules" / "axe-core" / "axe.min.js"
SCREEN = {"width": 1366, "height": 768}
BAD = ("serious", "critical")

SETUP = """
from goatwidgets import Lesson
from goatwidgets.engine import make_bot
from goatwidgets.games import REGISTRY

def midgame(game, moves=8):
    # a seeded 3-player game, seat 0 at the screen, a few greedy moves in
    w = REGISTRY[game].widget()(players=3, seed=5, names=["Ana", "Ben", "Cy"],
                                bots={1: "greedy", 2: "greedy"}, seat=0)
    me = make_bot("greedy", seed=1)
    for _ in range(moves):
        if w.state.is_over:
            break
        w.play(str(me.choose(w.state, 0)))
    return w

def lesson(game):
    # the game's lesson at its second step, walk mode, the hint shown on the board
    shown = Lesson(REGISTRY[game].lesson(), start=1)
    shown.hint()
    return shown
"""
# Goat Lords in hot seat: after Ana's first move the screen is covered for Ben.
COVER = """
cover = REGISTRY["goat_lords"].widget()(players=2, seed=3, names=["Ana", "Ben"])
cover.play(str(make_bot("greedy", seed=1).choose(cover.state, cover.state.to_move)))
assert cover.covered
cover
"""


def game_cell(game: str) -> str:
    return f"game_{game} = midgame({game!r})\ngame_{game}"


def lesson_cell(game: str) -> str:
    return f"lesson_{game} = lesson({game!r})\nlesson_{game}"


# Before axe looks: every animation in the page stopped at its first frame (axe judges what
# rests on screen, the same on every run); and JupyterLab's two outer boxes that clip with
# overflow: hidden (the body, 0 px high, and the shell, the size of the window) let overflow be
# seen. (Axe takes text outside such a box for hidden and skips its colour checks: it would
# check only the cells in view. Nothing in them overflows, so the page looks the same.)
_STILL_JS = """
() => {
  for (const a of document.getAnimations()) { a.pause(); a.currentTime = 0; }
  for (const box of [document.body, document.querySelector(".jp-LabShell")]) {
    if (box) box.style.overflow = "visible";
  }
}
"""

# axe on the widgets' roots; violations of impact "serious"/"critical" as plain data, each
# node with the notebook cell (its first line) that holds it.
_AXE_JS = """
async ([include, bad]) => {
  const result = await window.axe.run({ include }, { resultTypes: ["violations"] });
  const element = (target) => {
    try { return document.querySelector(target[target.length - 1]); } catch (e) { return null; }
  };
  // the notebook cell (its variable) that holds a node
  const where = (node) => {
    const cell = node && node.closest(".jp-CodeCell");
    const src = cell && cell.querySelector(".cm-content");
    return src ? src.textContent.split("=")[0].trim() : "?";
  };
  return result.violations.filter((v) => bad.includes(v.impact)).map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map((n) => {
      const node = element(n.target);
      return {
        target: n.target.join(" >>> "), widget: where(node), html: n.html.slice(0, 160),
        label: node ? node.getAttribute("aria-label") : null,
        text: node ? node.textContent.replace(/\\s+/g, " ").trim().slice(0, 120) : "",
        summary: (n.failureSummary || "").replace(/\\s+/g, " "),
      };
    }),
  }));
}
"""

# The theme has reached the widgets: JupyterLab says so, and every root's background is dark
# (or light) as computed.
_THEME_JS = """
(light) => {
  if (document.body.dataset.jpThemeLight !== String(light)) return false;
  const roots = [...document.querySelectorAll(".gw-root")];
  const lum = (el) => {
    const m = getComputedStyle(el).backgroundColor.match(/\\d+(\\.\\d+)?/g) || [];
    return (Number(m[0]) + Number(m[1]) + Number(m[2])) / 765;
  };
  return roots.length > 0 && roots.every((r) => (light ? lum(r) > 0.6 : lum(r) < 0.4));
}
"""


def use_theme(page, theme: str, light: bool) -> None:
    """Settings -> Theme -> ``theme``; returns once the widgets wear it."""
    for attempt in range(3):
        try:
            choose_theme(page, theme)
            page.wait_for_function(_THEME_JS, arg=light, polling=100, timeout=15_000)
            return
        except PlaywrightTimeout:  # the menu click was lost: a closed menu, a late submenu
            page.keyboard.press("Escape")
            print(f"[e2e] theme {theme!r} not applied (attempt {attempt + 1}); retrying")
    raise AssertionError(f"JupyterLab's theme did not switch to {theme}")


def audit(page, scope: list[str]) -> list[dict]:
    page.evaluate(_STILL_JS)
    return page.evaluate(_AXE_JS, [scope, list(BAD)])


def report(found: dict[str, list[dict]]) -> str:
    lines = []
    for theme, violations in found.items():
        for v in violations:
            lines.append(f"[{theme}] {v['id']} ({v['impact']}): {v['help']}")
            for n in v["nodes"]:
                lines.append(f"    in {n['widget']}: {n['target']}\n        {n['html']}")
                if n["label"] is not None:
                    lines.append(f"        aria-label: {n['label']!r}; text: {n['text']!r}")
                lines.append(f"        {n['summary']}")
    return "\n".join(lines)


def test_axe_finds_nothing_serious_in_any_widget_light_or_dark(page, jupyter_lab):
    t0 = time.perf_counter()
    page.set_viewport_size(SCREEN)
    cells = [SETUP, *map(game_cell, GAMES), COVER, *map(lesson_cell, GAMES)]
    name = jupyter_lab.write_notebook(notebook(*cells), "a11y-audit.ipynb")
    open_notebook(page, jupyter_lab, name)
    run_all(page)
    # Every widget drawn: a board in each game and lesson, the cover's button.
    for game in GAMES:
        for var in (f"game_{game} =", f"lesson_{game} ="):
            drawn = cell_with(page, var).locator(".gw-board > *").first
            expect(drawn).to_be_attached(timeout=20_000)
    expect(page.locator(".gw-lesson-feedback")).to_have_count(len(GAMES), timeout=20_000)
    expect(cell_with(page, "cover =").locator(".gw-uncover")).to_be_visible(timeout=20_000)
    page.add_script_tag(path=str(AXE))
    scope = [".gw-root", ".gw-lesson"]
    t_ready = time.perf_counter()

    found = {}
    try:
        for theme, light in (("JupyterLab Light", True), ("JupyterLab Dark", False)):
            use_theme(page, theme, light)
            found[theme] = audit(page, scope)
    finally:  # the server is shared and remembers the theme: leave it light for the next test
        use_theme(page, "JupyterLab Light", True)
    print(f"\n[e2e] a11y: notebook ready in {t_ready - t0:.1f} s, "
          f"two audits in {time.perf_counter() - t_ready:.1f} s")
    if any(found.values()):
        pytest.fail("axe found serious/critical violations:\n" + report(found), pytrace=False)


# ------------------------------------------------------------------ reduced motion

# Two of each board: one played with reduced motion asked for, one without.
MOTION = """
from goatwidgets import BattleGoats, FloatsMcGoats
calm_floats = FloatsMcGoats(players=2, seed=1, bots={1: "greedy"}, seat=0)
lively_floats = FloatsMcGoats(players=2, seed=1, bots={1: "greedy"}, seat=0)
calm_bg = BattleGoats(players=2, seed=5, bots={1: "greedy"}, seat=0)
lively_bg = BattleGoats(players=2, seed=5, bots={1: "greedy"}, seat=0)
"""
SHOW = {name: f"display({name})"
        for name in ("calm_floats", "lively_floats", "calm_bg", "lively_bg")}
# a last move's highlight on its first showing (the one that may blink)
FRESH = ".gw-mark-fresh .gw-mark, .gw-last-fresh"

# For each fresh highlight in a widget: its animation as computed, whether it is drawn
# (displayed, visible, with a size), its opacity now, and the animations (CSS animations and
# transitions) running on it.
_MOTION_JS = """
(root, fresh) => [...root.querySelectorAll(fresh)].map((el) => {
  const cs = getComputedStyle(el);
  const box = el.getBoundingClientRect();
  return {
    name: cs.animationName, seconds: parseFloat(cs.animationDuration) || 0,
    drawn: cs.display !== "none" && cs.visibility === "visible" && box.width > 0 && box.height > 0,
    opacity: cs.opacity,
    running: el.getAnimations().filter((a) => a.playState === "running").length,
  };
})
"""


def board(page, name: str):
    return cell_with(page, SHOW[name]).locator(".jp-OutputArea")


def make_moves(page, floats: str, bg: str) -> None:
    """A goat placed on the Floats board; a card placed on the BattleGoats battlefield."""
    board(page, floats).locator('.gw-spot-open[data-action="mama 0,0u"]').click()
    battle = board(page, bg)
    battle.locator(".gw-tile.gw-clickable").first.click()
    battle.locator('.gw-bg-field[data-seat="0"] .gw-cell.gw-empty.gw-clickable').first.click()


def fresh_highlights(page, name: str) -> list[dict]:
    """The fresh last-move highlights of widget ``name``, once there are some."""
    root = board(page, name)
    expect(root.locator(FRESH).first).to_be_attached(timeout=20_000)
    return root.evaluate(_MOTION_JS, FRESH)


def test_last_move_highlight_keeps_still_under_reduced_motion(page, jupyter_lab):
    page.set_viewport_size(SCREEN)
    nb = jupyter_lab.write_notebook(notebook(MOTION, *SHOW.values()), "a11y-motion.ipynb")
    open_notebook(page, jupyter_lab, nb)
    run_all(page)

    page.emulate_media(reduced_motion="reduce")
    make_moves(page, "calm_floats", "calm_bg")
    for name in ("calm_floats", "calm_bg"):
        marks = fresh_highlights(page, name)
        assert all(m["drawn"] and m["opacity"] == "1" for m in marks), (name, marks)
        assert all(m["name"] == "none" or m["seconds"] == 0 for m in marks), (name, marks)
        assert not any(m["running"] for m in marks), (name, marks)

    page.emulate_media(reduced_motion="no-preference")
    make_moves(page, "lively_floats", "lively_bg")
    for name in ("lively_floats", "lively_bg"):
        marks = fresh_highlights(page, name)
        assert all(m["drawn"] for m in marks), (name, marks)
        assert all(m["name"] != "none" and m["seconds"] > 0 for m in marks), (name, marks)
