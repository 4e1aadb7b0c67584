"""Click-to-rendered latency in a real browser (measured and reported, never asserted).

For every registered game's widget (a move that changes the board, then Undo, then the move
again...) and for an empty widget that only counts clicks (the floor set by the browser ->
server -> kernel -> browser round trip), each in series of clicks about 50 ms apart (back to
back; a click waits for the bots' moves after the last one) and >= 300 ms apart: with goatwidgets' kernel websocket TCP_NODELAY fix
(``goatwidgets.server``, the servers of every other e2e test) in JupyterLab and Notebook 7,
and without it in a JupyterLab started without the extension. A click counts as rendered when
the widget's root says it has drawn the new version (``data-version``, set by the shell after
each render) -- the page is patched and shows the click's move. A bot's answer comes after it,
pushed as it is made (its seat in the root's ``data-thinking`` meanwhile); the next click waits
until nobody is thinking. Results go to
``.bench/browser.json``; pytest's terminal summary and ``python -m goatwidgets.bench`` print
them as a table.

The widgets take turns, a block of 8 clicks each per round, so the floor and every game are
measured over the same stretch of time: a machine that slows down for a while slows them all,
and the comparison with the floor stays fair. Before each block the widget is scrolled onto the
screen and the mouse rests over its first click, as a person's would: the browser then pays for
painting the widget's changes and for the hover under the pointer, as it does for them.
Each click is also split into legs, from the kernel messages the page sends and receives (the
clock is the machine's; the kernel stamps each message it makes): to the kernel (the click's
message until the kernel says it is busy), in the kernel (busy until the widget's update is made),
to the page (the update made until the page's websocket hands it over) and in the page (from
there until the widget has drawn it: the front end's widget machinery and the drawing). The
legs say where a widget's time goes beside the floor's. On Linux each series also counts the CPU
time the browser, the kernel and the server spent per click, and the time the machine's host took
away from it (``steal`` in /proc/stat): a click's p95 moves with the load on the machine, and this
says what that load was.
``GOATWIDGETS_LATENCY_CLICKS`` (default 16) sets the clicks per widget and spacing (rounded up
to whole blocks).
"""

from __future__ import annotations

import json
import os
import statistics
import time
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import expect

from goatwidgets.bench import CLICK_LEGS as LEGS
from goatwidgets.bench import CPU_PARTS as PARTS
from goatwidgets.bench import percentile
from goatwidgets.games import REGISTRY
from tests.e2e.helpers import LATENCY_GAMES as GAMES
from tests.e2e.helpers import clicks_of as _clicks
from tests.e2e.helpers import latency_notebook as _notebook
from tests.e2e.helpers import open_notebook, run_all

REPO = Path(__file__).resolve().parents[2]
BENCH_FILE = Path(os.environ.get("GOATWIDGETS_BENCH_DIR", REPO / ".bench")) / "browser.json"
CLICKS = int(os.environ.get("GOATWIDGETS_LATENCY_CLICKS", "16"))  # per widget and spacing
BLOCK = 8  # clicks of one widget in a row (even: a game's move/undo ends where it began)
WARMUP = 2  # clicks of each widget before its blocks, not counted
GAP_MS = (50, 300)  # back to back; well apart

# The widget's root in the page (a snippet of the scripts below): the `.gw-root` titled
# `title`, or the element matching `title` if it starts with ".".
_ROOT = r"""
  const root = title.startsWith('.') ? document.querySelector(title)
    : [...document.querySelectorAll('.gw-root')].find(r => r.querySelector('.gw-title')?.textContent === title);
  if (!root) throw new Error('no widget ' + title);
"""

# One series in the page, in the widget `_ROOT` finds. Each step is a list of clicks
# [css, nth]: all but the last only choose locally, and each is given the time to show its
# answer on the screen (as a person's click would: nobody clicks the second card of a pair before
# the first shows as chosen); the last sends, and is timed until the root's data-version grows (a
# MutationObserver: no polling). The next step starts `gap` ms after the previous timed click,
# or as soon as that one is rendered if it took longer. Returns [click-to-rendered, drawing] in
# ms per timed click (drawing: the widget's own render, data-render-ms).
_SERIES = r"""
async ([title, steps, gap]) => {
""" + _ROOT + r"""
  const pause = ms => new Promise(r => setTimeout(r, Math.max(0, ms)));
  // a choosing click's answer on the screen: its render, the frame that paints it, and the start
  // of the next frame (at the end of the first the answer is only recorded, still to be
  // rasterised and shown; a person sees it later still)
  const frame = () => new Promise(r => requestAnimationFrame(r));
  const shown = () => frame().then(frame).then(() => new Promise(r => setTimeout(r, 0)));
  const target = ([sel, nth]) => {
    const t = root.querySelectorAll(sel)[nth];
    if (!t) throw new Error(`${title}: nothing matches ${sel} #${nth}`);
    return t;
  };
  const click = t => t.dispatchEvent(new MouseEvent('click', {bubbles: true}));
  const version = () => Number(root.getAttribute('data-version'));
  const rendered = (before, t0) => new Promise((resolve, reject) => {
    const observer = new MutationObserver(() => {
      if (version() > before) { observer.disconnect(); resolve(performance.now() - t0); }
    });
    observer.observe(root, {attributes: true, attributeFilter: ['data-version']});
    setTimeout(() => { observer.disconnect(); reject(new Error(`${title}: not rendered in 5 s`)); }, 5000);
  });
  // no bot thinking: a bot's move comes after the click's own (each arrives as it is made, the
  // last with nobody thinking); the next step waits for it, as a person waits for their turn
  const settled = () => new Promise((resolve, reject) => {
    const idle = () => !root.getAttribute('data-thinking');
    if (idle()) { resolve(); return; }
    const observer = new MutationObserver(() => { if (idle()) { observer.disconnect(); resolve(); } });
    observer.observe(root, {attributes: true, attributeFilter: ['data-thinking']});
    setTimeout(() => { observer.disconnect(); reject(new Error(`${title}: a bot still thinking after 5 s`)); }, 5000);
  });
  const times = [];
  let next = performance.now();
  for (const clicks of steps) {
    await settled();
    await pause(next - performance.now());
    for (const c of clicks.slice(0, -1)) { click(target(c)); await shown(); }
    const last = target(clicks[clicks.length - 1]);
    const before = version();
    const t0 = performance.now();
    const done = rendered(before, t0);
    click(last);
    times.push([await done, Number(root.getAttribute('data-render-ms') || 0)]);
    next = t0 + gap;
  }
  await settled();
  return times;
}
"""


# Before the page loads: every kernel message the page sends or receives is noted in
# window.__gwWire ({dir, type, id | parent, t: when the page sent / took it, date: when the kernel
# made it}, in ms since the epoch), read and emptied by _WIRE_TAKE after each series. Only the
# header and parent header are decoded: the jupyter websocket protocol v1 (binary frames of
# offsets, then channel, header, parent header, metadata, content) or the JSON one.
_WIRE = r"""
(() => {
  const wire = window.__gwWire = [];
  const decoder = new TextDecoder();
  const now = () => performance.timeOrigin + performance.now();
  const when = (d) => {                          // an ISO date with microseconds
    const frac = /\.(\d+)/.exec(d || '');
    return Date.parse(String(d).replace(/\.\d+/, '')) + (frac ? Number('0.' + frac[1]) * 1000 : 0);
  };
  const headers = (data) => {
    try {
      if (typeof data === 'string') { const m = JSON.parse(data); return [m.header, m.parent_header]; }
      if (!(data instanceof ArrayBuffer)) return null;
      const view = new DataView(data);
      const n = Number(view.getBigUint64(0, true));
      const at = (i) => Number(view.getBigUint64(8 + 8 * i, true));
      const part = (i) => JSON.parse(decoder.decode(new Uint8Array(data, at(i), at(i + 1) - at(i))));
      return n > 3 ? [part(1), part(2)] : null;
    } catch (err) { return null; }
  };
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    const [header] = headers(data) || [];
    if (header && wire.length < 5000) wire.push({dir: 'out', type: header.msg_type, id: header.msg_id, t: now()});
    return send.call(this, data);
  };
  const noted = (fn) => function (event) {
    const t = now();
    const [header, parent] = headers(event.data) || [];
    if (header && wire.length < 5000) {
      wire.push({dir: 'in', type: header.msg_type, parent: parent && parent.msg_id, t, date: when(header.date)});
    }
    return fn.call(this, event);
  };
  const listen = WebSocket.prototype.addEventListener;
  WebSocket.prototype.addEventListener = function (type, fn, options) {
    return listen.call(this, type, type === 'message' && typeof fn === 'function' ? noted(fn) : fn, options);
  };
  const onmessage = Object.getOwnPropertyDescriptor(WebSocket.prototype, 'onmessage');
  Object.defineProperty(WebSocket.prototype, 'onmessage', {configurable: true, get() { return onmessage.get.call(this); },
    set(fn) { onmessage.set.call(this, typeof fn === 'function' ? noted(fn) : fn); }});
})();
"""
_WIRE_TAKE = "() => window.__gwWire.splice(0)"


def _legs(wire: list[dict], times: list[list[float]]) -> list[dict]:
    """Each timed click of a series split into LEGS (ms), from the messages the page noted
    (`_WIRE`) during it: one widget message out per timed click, answered by the kernel's
    `busy` and the widget's update. Clicks whose messages are not all there are left out."""
    sent = [m for m in wire if m["dir"] == "out" and m["type"] == "comm_msg"]
    if len(sent) != len(times):            # not one message per timed click: no split
        return []
    out = []
    for message, (total, _draw) in zip(sent, times):
        answers = [m for m in wire if m["dir"] == "in" and m.get("parent") == message["id"]]
        busy = next((m for m in answers if m["type"] == "status"), None)
        rendered = message["t"] + total
        updates = [m for m in answers if m["type"] == "comm_msg" and m["t"] <= rendered]
        if busy is None or not updates:
            continue
        update = updates[-1]
        out.append({"to_kernel": busy["date"] - message["t"],
                    "kernel": update["date"] - busy["date"],
                    "to_page": update["t"] - update["date"], "page": rendered - update["t"]})
    return out


def _cpu(server_pid: int, proc: Path = Path("/proc")) -> dict[str, float]:
    """CPU time used so far (ms) by the browser (Chromium's processes), the kernels (ipykernel),
    this Jupyter server, and taken by the host (the machine's steal time): {} without /proc."""
    try:
        tick = 1000 / os.sysconf("SC_CLK_TCK")
        fields = (proc / "stat").read_text().split("\n", 1)[0].split()   # cpu user nice ... steal
        used = {part: 0.0 for part in PARTS}
        used["stolen"] = int(fields[8]) * tick
    except (OSError, ValueError, IndexError):
        return {}
    for entry in proc.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()   # after "(name)"
        except (OSError, IndexError):
            continue                                   # a process that just ended
        part = ("server" if int(entry.name) == server_pid else "kernel" if "ipykernel" in command
                else "browser" if "chrom" in command else None)
        if part:
            used[part] += (int(stat[11]) + int(stat[12])) * tick   # utime + stime
    return used


def _game_steps(game: str, count: int) -> list[list]:
    """The move, Undo, the move, ... (``count`` is even: the game ends where it began)."""
    move = _clicks(GAMES[game][1])
    return [move if i % 2 == 0 else [[".gw-undo", 0]] for i in range(count)]


def _empty_steps(count: int) -> list[list]:
    return [[[".echo", 0]]] * count


# The widget's first click scrolled onto the screen (if it is not there); returns its centre.
_TARGET_CENTRE = r"""
([title, [sel, nth]]) => {
""" + _ROOT + r"""
  const t = root.querySelectorAll(sel)[nth];
  if (!t) throw new Error(`${title}: its first click ${sel} #${nth} is not on the page`);
  let box = t.getBoundingClientRect();
  if (box.top < 0 || box.left < 0 || box.bottom > innerHeight || box.right > innerWidth) {
    t.scrollIntoView({block: 'center', inline: 'center'});
    box = t.getBoundingClientRect();
  }
  return [box.x + box.width / 2, box.y + box.height / 2];
}
"""


def _aim(page, title: str, first_click: list) -> None:
    """Put the widget on the screen and the mouse over its first click, as a person's would be:
    the browser then paints the widget's changes and updates the hover under the pointer."""
    page.mouse.move(*page.evaluate(_TARGET_CENTRE, [title, first_click]))


def _measure(page, server) -> list[dict]:
    tag = "" if server.nodelay else "-plain"
    name = server.write_notebook(_notebook(), f"latency-{server.kind}{tag}.ipynb")
    page.add_init_script(_WIRE)
    open_notebook(page, server, name)
    run_all(page)
    expect(page.locator(".gw-root[data-version]")).to_have_count(len(GAMES))
    expect(page.locator(".echo-root[data-version]")).to_have_count(1)
    widgets = {"empty": (".echo-root", _empty_steps)}
    widgets.update({game: (REGISTRY[game].title, lambda n, g=game: _game_steps(g, n)) for game in GAMES})
    rounds = max(1, -(-CLICKS // BLOCK))
    rows = []
    for gap in GAP_MS:
        samples: dict[str, list] = {what: [] for what in widgets}
        legs: dict[str, list] = {what: [] for what in widgets}
        cpu: dict[str, dict] = {what: {} for what in widgets}
        for what, (title, steps) in widgets.items():          # warm up, not counted
            _aim(page, title, steps(1)[0][0])
            page.evaluate(_SERIES, [title, steps(WARMUP), gap])
        for _ in range(rounds):            # interleaved: a block of each widget per round
            for what, (title, steps) in widgets.items():
                _aim(page, title, steps(1)[0][0])
                page.evaluate(_WIRE_TAKE)
                before = _cpu(server.proc.pid)
                times = page.evaluate(_SERIES, [title, steps(BLOCK), gap])
                after = _cpu(server.proc.pid)
                for part in after:
                    cpu[what][part] = cpu[what].get(part, 0.0) + after[part] - before.get(part, 0.0)
                samples[what] += times
                legs[what] += _legs(page.evaluate(_WIRE_TAKE), times)
        rows += [_row(server, what, gap, samples[what], legs[what], cpu[what]) for what in widgets]
    for row in rows:
        split = ", ".join(f"{leg.replace('_', ' ')} {v['p50_ms']:.1f}"
                          for leg, v in row["legs"].items())
        used = ", ".join(f"{part} {ms:.1f}" for part, ms in row["cpu_ms_per_click"].items())
        print(f"\n[e2e] click-to-rendered in {row['front_end']}, {row['what']}: p50 "
              f"{row['p50_ms']:.1f} ms, p95 {row['p95_ms']:.1f} ms, max {row['max_ms']:.1f} ms "
              f"(legs p50: {split or 'not split'}; CPU ms per click: {used or '-'})")
    _record(rows)
    return rows


def _row(server, widget: str, gap: int, samples: list[list[float]], legs: list[dict],
         cpu: dict | None = None) -> dict:
    """One series' figures: click-to-rendered p50/p95/max, the widget's own drawing time, each
    leg's p50/p95 (over the clicks that could be split), and the CPU time per click of each of
    PARTS (`cpu`: ms over the whole series, as `_cpu` counts it)."""
    ordered = sorted(total for total, _ in samples)
    drawing = sorted(draw for _, draw in samples)
    split = {leg: [click[leg] for click in legs] for leg in LEGS}
    label = f"{widget}: a move / undo" if widget != "empty" else "empty widget (floor)"
    return {
        "front_end": server.kind,
        "nodelay": server.nodelay,
        "widget": widget,
        "gap_ms": gap,
        "what": f"{label}, clicks {'>= ' if gap >= 300 else ''}{gap} ms apart, TCP_NODELAY "
                f"{'on' if server.nodelay else 'off'}",
        "n": len(ordered),
        "p50_ms": statistics.median(ordered),
        "p95_ms": percentile(ordered, 0.95),
        "max_ms": ordered[-1],
        "draw_p50_ms": statistics.median(drawing),
        "draw_max_ms": drawing[-1],
        "legs_n": len(legs),
        "legs": {leg: {"p50_ms": round(statistics.median(v), 2),
                       "p95_ms": round(percentile(v, 0.95), 2)} for leg, v in split.items() if v},
        "cpu_ms_per_click": {part: round(cpu[part] / len(ordered), 1)
                             for part in PARTS if cpu and part in cpu and ordered},
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
    # the split into legs works (the page's kernel messages were read), not a table of gaps
    assert all(r["legs_n"] >= r["n"] // 2 for r in rows), [(r["what"], r["legs_n"], r["n"])
                                                           for r in rows]


@pytest.mark.skipif(not os.environ.get("GOATWIDGETS_LONG"),
                    reason="the comparison without TCP_NODELAY runs with --long")
def test_click_to_rendered_latency_without_nodelay(page, jupyter_lab_without_nodelay):
    """The same in a JupyterLab without goatwidgets.server: Jupyter Server's own websocket
    (the comparison that shows what the fix gains: --long; the default run measures the
    page as a class gets it)."""
    rows = _measure(page, jupyter_lab_without_nodelay)
    assert all(r["p50_ms"] > 0 for r in rows)


def test_the_browser_keeps_the_favicons_only_with_the_extension(jupyter_lab,
                                                                 jupyter_lab_without_nodelay):
    """The page swaps its favicon to busy and back for each widget click: with goatwidgets.server
    the browser keeps the icons; without it each swap is a request to the server."""
    def cache_control(server):
        url = f"{server.base_url}static/favicons/favicon-busy-1.ico"
        with urllib.request.urlopen(url, timeout=30) as reply:
            return reply.headers["Cache-Control"]

    assert cache_control(jupyter_lab) == "public, max-age=31536000, immutable"
    assert cache_control(jupyter_lab_without_nodelay) == "no-cache"


def test_every_registered_game_is_timed():
    """A new game gets its latency row the day it is registered."""
    assert set(GAMES) == set(REGISTRY)


def test_a_click_is_split_into_legs_from_its_kernel_messages():
    """_legs: the click's message out, the kernel's busy and update back (ms since the epoch);
    the legs add up to the click-to-rendered time; a series with a message missing is not split."""
    wire = [{"dir": "out", "type": "comm_msg", "id": "a", "t": 1000.0},
            {"dir": "in", "type": "status", "parent": "a", "t": 1003.0, "date": 1002.0},
            {"dir": "in", "type": "comm_msg", "parent": "a", "t": 1009.0, "date": 1004.5},
            {"dir": "in", "type": "status", "parent": "a", "t": 1012.0, "date": 1005.0},
            {"dir": "in", "type": "comm_msg", "parent": "x", "t": 1010.0, "date": 1004.0}]
    [click] = _legs(wire, [[11.0, 1.5]])
    assert click == {"to_kernel": 2.0, "kernel": 2.5, "to_page": 4.5, "page": 2.0}
    assert sum(click.values()) == 11.0
    assert _legs(wire, [[11.0, 1.5], [9.0, 1.0]]) == []     # two timed clicks, one message
    assert _legs(wire[:1], [[11.0, 1.5]]) == []             # no answer noted


def test_the_cpu_of_a_series_is_counted_by_part(tmp_path):
    """_cpu reads /proc: the machine's steal time, and each process's user + system time by what
    it is (this server's pid, an ipykernel, a Chromium process; anything else is left out)."""
    tick = 1000 / os.sysconf("SC_CLK_TCK")
    (tmp_path / "stat").write_text("cpu  10 0 5 100 0 0 0 7 0 0\ncpu0 1 2 3\n")
    for pid, command, utime, stime in ((11, "python -m jupyter lab", 3, 1),
                                       (12, "python -m ipykernel_launcher -f k.json", 5, 0),
                                       (13, "/usr/lib/chromium/chromium --type=renderer", 20, 2),
                                       (14, "/usr/lib/chromium/chromium", 4, 4),
                                       (15, "bash", 50, 50)):
        (tmp_path / str(pid)).mkdir()
        (tmp_path / str(pid) / "cmdline").write_bytes(command.replace(" ", "\0").encode())
        rest = " ".join(["S"] + ["0"] * 10 + [str(utime), str(stime)] + ["0"] * 8)
        (tmp_path / str(pid) / "stat").write_text(f"{pid} (a name (with) parens) {rest}")
    (tmp_path / "self").mkdir()
    used = _cpu(11, proc=tmp_path)
    assert used == {"browser": 30 * tick, "kernel": 5 * tick, "server": 4 * tick,
                    "stolen": 7 * tick}
    assert _cpu(11, proc=tmp_path / "nothing") == {}
