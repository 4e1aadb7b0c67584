"""Bots' moves are seen (issue 26 item 3, acceptance 4): in a 4-player game with three bot
seats, after the child's move the page shows each bot "thinking" in turn and what it did, one
move at a time (``bot_pace``), not the three moves at once at the end; then the child's turn
comes back with nobody thinking."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.e2e.helpers import cell_with, notebook, open_notebook, run_all, shoot

# Every change of the widget's page, as it happens: the status line, "Just now", and the
# root's data-version / data-thinking (the version drawn, the bot seat choosing).
RECORD = """root => {
  window.__seen = [];
  const status = root.querySelector('.gw-status');
  const just = root.querySelector('.gw-last-move');
  const note = () => window.__seen.push({status: status.textContent, just: just ? just.textContent : '',
    version: root.getAttribute('data-version'), thinking: root.getAttribute('data-thinking')});
  new MutationObserver(note).observe(root, {subtree: true, childList: true, characterData: true,
    attributes: true, attributeFilter: ['data-version', 'data-thinking']});
}"""


def test_a_four_player_game_shows_each_bot_move_as_it_is_made(page, jupyter_lab):
    code = ("from goatwidgets import FloatsMcGoats\n"
            "w = FloatsMcGoats(players=4, seed=2, seat=0, bot_pace=0.4,\n"
            "                  bots={1: 'random', 2: 'random', 3: 'random'})\nw")
    open_notebook(page, jupyter_lab, jupyter_lab.write_notebook(notebook(code), "bots-seen.ipynb"))
    run_all(page)
    cell = cell_with(page, "w = FloatsMcGoats(")
    root = cell.locator(".gw-root")
    expect(root.locator(".gw-clickable[data-action]").first).to_be_attached()
    expect(root).to_have_attribute("data-thinking", "")
    root.evaluate(RECORD)
    root.locator(".gw-clickable[data-action]").first.dispatch_event("click")   # the child's move
    status = root.locator(".gw-status")
    expect(status).to_have_text("Player 2 is thinking…")
    expect(root).to_have_attribute("data-thinking", "1")
    # the child's turn again, nobody thinking, and the child can act at once
    expect(root).to_have_attribute("data-thinking", "", timeout=15_000)
    expect(status).not_to_contain_text("thinking")
    expect(root.locator(".gw-clickable[data-action]").first).to_be_attached()
    seen = page.evaluate("window.__seen")
    # (recorded as the page changed: each bot's "thinking" showed, one after another, each at
    # a version of its own: the board of the move before it)
    thinking = list(dict.fromkeys(s["status"] for s in seen if s["status"].endswith("thinking…")))
    assert thinking == ["Player 2 is thinking…", "Player 3 is thinking…", "Player 4 is thinking…"]
    drawn = list(dict.fromkeys((s["version"], s["thinking"]) for s in seen))
    bots = [t for _, t in drawn if t]                    # a seat per bot decision
    assert list(dict.fromkeys(bots)) == ["1", "2", "3"], drawn
    versions = [v for v, _ in drawn]
    assert len(set(versions)) == len(versions) == len(bots) + 1, drawn   # one per decision
    # "just now" grew while the bots moved: it changed with each bot's move, not once
    just_now = list(dict.fromkeys(s["just"] for s in seen if s["just"]))
    assert len(just_now) >= 4, just_now
    shoot(page, "bots-seen", cell)
