"""Click-to-rendered latency in a real browser (measured and reported, never asserted).

For a game widget (Floats McGoats: place a goat, undo it, ...) and for an empty widget that
only counts clicks (the floor set by the browser -> server -> kernel -> browser round trip),
each in series of clicks about 50 ms apart (back to back) and >= 300 ms apart: with
goatwidgets' kernel websocket TCP_NODELAY fix (``goatwidgets.server``, the servers of every
other e2e test) in JupyterLab and Notebook 7, and without it in a JupyterLab started without
the extension. Results go to ``.bench/browser.json``; pytest's terminal summary and
``python -m goatwidgets.bench`` print them as a table.

``GOATWIDGETS_LATENCY_CLICKS`` (default 16) sets the clicks per series.
"""

from __future__ import annotations

import json
import os
import statistics
import time
from pathlib import Path

import nbformat
from playwright.sync_api import expect

from tests.e2e.conftest import open_notebook, run_all

REPO = Path(__file__).resolve().parents[2]
BENCH_FILE = Path(os.environ.get("GOATWIDGETS_BENCH_DIR", REPO / ".bench")) / "browser.json"
CLICKS = int(os.environ.get("GOATWIDGETS_LATENCY_CLICKS", "16"))  # per series
WARMUP = 2  # clicks before each series, not counted
GAPS_MS = (50, 300)  # back to back; well apart

GAME_CELL = """
from goatwidgets import FloatsMcGoats
board = FloatsMcGoats(players=2, seed=1)
board
"""

# A widget that does nothing but count: its click-to-rendered time is the floor set by the
# browser -> server -> kernel -> browser round trip, for comparison.
EMPTY_CELL = '''
import anywidget, traitlets

class Echo(anywidget.AnyWidget):
    _esm = """
    export default { render({ model, el }) {
      const b = document.createElement("button");
      b.className = "echo";
      const draw = () => { b.textContent = "n" + model.get("n"); b.dataset.n = model.get("n"); };
      b.onclick = () => model.send({});
      model.on("change:n", draw); draw(); el.appendChild(b);
    } };
    """
    n = traitlets.Int(0).tag(sync=True)
    def __init__(self):
        super().__init__()
        self.on_msg(lambda *_: setattr(self, "n", self.n + 1))

Echo()
'''

# One series in the page: for each [clickSelector, renderedSelector] step, click, and time
# until the rendered selector matches inside the widget (a MutationObserver: no polling). The
# next click comes ``gap`` ms after the previous one, or as soon as that one is rendered if it
# took longer. Returns the times in ms.
_SERIES = r"""
async ([rootSel, steps, gap]) => {
  const root = document.querySelector(rootSel).parentElement;
  const pause = ms => new Promise(r => setTimeout(r, Math.max(0, ms)));
  const once = ([clickSel, doneSel]) => new Promise((resolve, reject) => {
    const target = root.querySelector(clickSel);
    if (!target) { reject(new Error('nothing matches ' + clickSel)); return; }
    const t0 = performance.now();
    const observer = new MutationObserver(() => {
      if (root.querySelector(doneSel)) { observer.disconnect(); resolve([t0, performance.now() - t0]); }
    });
    observer.observe(root, {subtree: true, childList: true, attributes: true, characterData: true});
    setTimeout(() => { observer.disconnect(); reject(new Error('not rendered: ' + doneSel)); }, 5000);
    target.dispatchEvent(new MouseEvent('click', {bubbles: true}));
  });
  const times = [];
  for (const step of steps) {
    const [t0, ms] = await once(step);
    times.push(ms);
    await pause(t0 + gap - performance.now());
  }
  return times;
}
"""


def _game_steps(page, count: int) -> list[list[str]]:
    """Place a goat, undo it, place it, ...: each click changes the board."""
    place = ['.gw-spot-open[data-action="mama 0,0u"]', '.gw-goat[data-spot="0,0u"]']
    undo = [".gw-undo", '.gw-spot-open[data-action="mama 0,0u"]']
    placed = page.locator('.gw-goat[data-spot="0,0u"]').count() > 0
    return [undo if (i % 2 == 0) == placed else place for i in range(count)]


def _empty_steps(page, count: int) -> list[list[str]]:
    n = int(page.locator(".echo").get_attribute("data-n"))
    return [[".echo", f'.echo[data-n="{k}"]'] for k in range(n + 1, n + count + 1)]


def _notebook():
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    nb.cells = [nbformat.v4.new_code_cell(GAME_CELL.strip()),
                nbformat.v4.new_code_cell(EMPTY_CELL.strip())]
    return nb


def _measure(page, server) -> list[dict]:
    tag = "" if server.nodelay else "-plain"
    name = server.write_notebook(_notebook(), f"latency-{server.kind}{tag}.ipynb")
    open_notebook(page, server, name)
    run_all(page)
    expect(page.locator('.gw-spot-open[data-action="mama 0,0u"]')).to_be_visible()
    expect(page.locator(".echo")).to_be_visible()
    rows = []
    for gap in GAPS_MS:
        for widget, root in (("game", ".gw-root"), ("empty", ".echo")):
            steps = (_game_steps(page, WARMUP + CLICKS) if widget == "game"
                     else _empty_steps(page, WARMUP + CLICKS))
            times = page.evaluate(_SERIES, [root, steps, gap])[WARMUP:]
            rows.append(_row(server, widget, gap, times))
    for row in rows:
        print(f"\n[e2e] click-to-rendered in {row['front_end']}, {row['what']}: p50 "
              f"{row['p50_ms']:.1f} ms, p95 {row['p95_ms']:.1f} ms, max {row['max_ms']:.1f} ms")
    _record(rows)
    return rows


def _row(server, widget: str, gap: int, times: list[float]) -> dict:
    ordered = sorted(times)
    label = "place a goat / undo" if widget == "game" else "empty widget (floor)"
    return {
        "front_end": server.kind,
        "nodelay": server.nodelay,
        "widget": widget,
        "gap_ms": gap,
        "what": f"{label}, clicks {'>= ' if gap >= 300 else ''}{gap} ms apart, TCP_NODELAY "
                f"{'on' if server.nodelay else 'off'}",
        "n": len(ordered),
        "p50_ms": statistics.median(ordered),
        "p95_ms": ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))],
        "max_ms": ordered[-1],
    }


def _record(rows: list[dict]) -> None:
    """Replace this server's rows (front end, TCP_NODELAY on/off) in .bench/browser.json."""
    BENCH_FILE.parent.mkdir(parents=True, exist_ok=True)
    data = {"runs": []}
    if BENCH_FILE.exists():
        try:
            data = json.loads(BENCH_FILE.read_text())
        except ValueError:
            pass
    done = {(r["front_end"], r["nodelay"]) for r in rows}
    data["runs"] = [r for r in data.get("runs", [])
                    if "nodelay" in r and (r["front_end"], r["nodelay"]) not in done] + rows
    data["when"] = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    BENCH_FILE.write_text(json.dumps(data, indent=1))


def test_click_to_rendered_latency(page, jupyter):
    """With TCP_NODELAY (as .ci/tutorials and Binder run), in JupyterLab and Notebook 7."""
    rows = _measure(page, jupyter)
    assert all(r["p50_ms"] > 0 for r in rows)


def test_click_to_rendered_latency_without_nodelay(page, jupyter_lab_without_nodelay):
    """The same in a JupyterLab without goatwidgets.server: Jupyter Server's own websocket."""
    rows = _measure(page, jupyter_lab_without_nodelay)
    assert all(r["p50_ms"] > 0 for r in rows)
