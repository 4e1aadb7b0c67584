"""Bots' moves are seen (issue 26 item 3): in a 4-player game with three bot seats, after the
child's move the page shows each bot "thinking" in turn and what it did, one move at a time
(``bot_pace``), not the three moves at once at the end."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.e2e.helpers import cell_with, notebook, open_notebook, run_all, shoot

RECORD = """root => {
  window.__seen = [];
  const status = root.querySelector('.gw-status');
  const just = root.querySelector('.gw-last-move');
  const note = () => window.__seen.push([status.textContent, just ? just.textContent : '']);
  new MutationObserver(note).observe(root, {subtree: true, childList: true, characterData: true});
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
    root.evaluate(RECORD)
    root.locator(".gw-clickable[data-action]").first.dispatch_event("click")   # the child's move
    status = root.locator(".gw-status")
    expect(status).to_have_text("Player 2 is thinking…")
    expect(status).not_to_contain_text("thinking", timeout=15_000)   # the child's turn again
    seen = page.evaluate("window.__seen")
    # (recorded as the page changed: each bot's "thinking" showed, one after another)
    thinking = [text for text, _ in seen if text.endswith("thinking…")]
    order = list(dict.fromkeys(thinking))
    assert order == ["Player 2 is thinking…", "Player 3 is thinking…", "Player 4 is thinking…"]
    # "just now" grew while the bots moved: it changed with each bot's move, not once
    just_now = list(dict.fromkeys(line for _, line in seen if line))
    assert len(just_now) >= 4, just_now
    shoot(page, "bots-seen", cell)
