"""The JupyterLite site (``bash .ci/site``): every notebook runs in the browser's Pyodide
kernel with no server, and no request leaves 127.0.0.1.

The site is built twice into one folder (from the registries: PyPI, npm; 20-40 s a build with
a warm ``.venv-lite``): by CI in the background while the CPU-bound suites run, else once per
test session (tests/e2e/site_build.py). It is served with ``python -m http.server --bind
127.0.0.1``, and each notebook is opened in a fresh browser context (JupyterLite keeps its
files in the browser's IndexedDB). Every request to another host is aborted and logged; a
test passes only if no request was blocked or failed and no response was >= 400.

Default run: 00-start-here and one fixed game's notebook (``DEFAULT_SITE_GAME``); ``--long``
runs every notebook. If the build tools can't be installed, the test fails with the build's
message (it never skips).
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from urllib.parse import urlparse

import pytest
from playwright.sync_api import expect

from goatwidgets.games import REGISTRY
from tests.e2e import site_build
from tests.e2e.helpers import CHROMIUM, CHROMIUM_ARGS, cell_with, run_all

ROOT = Path(__file__).resolve().parents[2]
KERNEL_AND_RUN_TIMEOUT = 300_000  # ms: Pyodide start (26 wheels) + Run All, busy machine
LOCAL_HOSTS = {"127.0.0.1", "localhost"}


# One move per notebook, clicked in a widget; each expectation is text that only Python's
# answer puts on the page (a placed goat, a rolled die, a rule's explanation).
def _start_here(page):
    game = cell_with(page, "FloatsMcGoats(players=2")
    expect(game.locator(".gw-goat[data-spot]")).to_have_count(1)  # Ana's, played from Python
    game.locator(".gw-spot-open").first.click()                     # Ben's, by a click
    expect(game.locator(".gw-goat[data-spot]")).to_have_count(2)
    # A move against a bot: once it has answered, nobody is thinking and the title is the
    # child's prompt again. Pyodide turns a None into undefined and the message's JSON drops
    # it, so the page kept "Bo is thinking…" on the child's turn (issue 34 item 16).
    lords = cell_with(page, "GoatLords(hand.clone()")
    root = lords.locator(".gw-root")
    before = int(root.get_attribute("data-version"))
    ninjas = lords.locator('.gw-gl-hand-card[data-card="ninja"]')
    ninjas.nth(0).click()                                   # a pair of Goat Ninjas: a Birth
    ninjas.nth(1).click()
    expect(root).not_to_have_attribute("data-version", str(before))
    expect(root).to_have_attribute("data-thinking", "")
    expect(lords.locator(".gw-status")).not_to_contain_text("thinking")


def _floats(page):
    step = cell_with(page, "Lesson(LESSON, step=1)")
    step.locator('.gw-spot-open[data-action="mama 0,0u"]').click()
    expect(step.locator('.gw-goat[data-spot="0,0u"]')).to_have_count(1)
    expect(step.locator(".gw-lesson-feedback")).to_contain_text("Right")


def _grab(page):
    step = cell_with(page, "Lesson(LESSON, step=1)")
    step.locator('.gw-roll[data-action="roll"]').click()
    expect(step.locator(".gw-die")).to_contain_text("South")
    expect(step.locator(".gw-lesson-feedback")).to_contain_text("Good")


def _goat_lords(page):
    step = cell_with(page, "Lesson(LESSON, step=2)")
    step.locator('.gw-gl-hand-card[data-card="ninja"]').first.click()
    step.locator('.gw-gl-hand-card[data-card="kraken"]').first.click()
    expect(step.locator(".gw-error")).to_contain_text("GL-R8")


def _gruff(page):
    step = cell_with(page, "Lesson(LESSON, step=2)")
    step.locator('.gw-wand[data-action="claim troll"]').dispatch_event("click")
    expect(step.locator(".gw-error")).to_contain_text("GG-R6")


def _battlegoats(page):
    step = cell_with(page, "Lesson(LESSON, step=4)")
    step.locator('.gw-cell[data-seat="1"][data-square="f1"]').dispatch_event("click")
    expect(step.locator(".gw-error")).to_contain_text("BG-X10")


MOVES = {
    "floats_mcgoats": _floats,
    "grab_your_goat": _grab,
    "goat_lords": _goat_lords,
    "gruff_goats": _gruff,
    "battlegoats": _battlegoats,
}
START = "notebooks/00-start-here.ipynb"
ALL = [(START, _start_here)] + [(g.notebook, MOVES[g.id]) for g in REGISTRY.values()
                                if g.id in MOVES]


#: the game whose notebook the default run opens in the site (a quick one); --long opens all
DEFAULT_SITE_GAME = "goat_lords"


def _sample():
    """00-start-here and one fixed game's notebook; every notebook with --long. (Fixed, not
    rotating: the same commit must give the same run on any day.)"""
    if os.environ.get("GOATWIDGETS_LONG"):
        return ALL
    return [ALL[0], (REGISTRY[DEFAULT_SITE_GAME].notebook, MOVES[DEFAULT_SITE_GAME])]


def test_every_registered_game_has_a_site_move():
    assert sorted(MOVES) == sorted(REGISTRY), "add the new game's move to MOVES in test_site.py"


# ------------------------------------------------------------------ fixtures


@pytest.fixture(scope="session")
def site(tmp_path_factory) -> Path:
    """The site, built by ``bash .ci/site`` twice into one folder (tests/e2e/site_build.py: a
    teacher's second build once left a half-built site; the tests run the site as the second
    build left it). CI builds it in the background while the CPU-bound suites run and names it
    in GOATWIDGETS_E2E_SITE; otherwise it is built here, once per session (xdist workers share
    it). The test fails with the build's own words if it fails."""
    given = os.environ.get("GOATWIDGETS_E2E_SITE")
    t0 = time.monotonic()
    if given:
        out = Path(given).resolve()
        outcome = site_build.wait_for(out)
    else:
        base = tmp_path_factory.getbasetemp()
        shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
        out = shared / "e2e-site" / "_site"
        outcome = site_build.build_once_shared(out)
    if outcome != site_build.OK:
        pytest.fail(outcome, pytrace=False)
    print(f"\n[site] {out} ready after {time.monotonic() - t0:.0f} s")
    return out


def test_the_site_settings_survive_a_second_build(site):
    """The kernel's settings the site relies on are in the second build's site."""
    import json

    config = json.loads((site / "jupyter-lite.json").read_text())
    settings = config["jupyter-config-data"]["litePluginSettings"][
        "@jupyterlite/pyodide-kernel-extension:kernel"]
    assert settings["disablePyPIFallback"] is True
    assert settings["pyodideUrl"] == "./static/pyodide/pyodide.mjs"
    assert "goatwidgets" in settings["loadPyodideOptions"]["packages"]
    assert not site.with_name(site.name + ".partial").exists()


@pytest.fixture(scope="session")
def site_url(site) -> str:
    """``python -m http.server --bind 127.0.0.1`` serving the site."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
         "--directory", str(site)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/"
    deadline = time.monotonic() + 30
    while True:
        try:
            with urllib.request.urlopen(url + "jupyter-lite.json", timeout=2):
                break
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                pytest.fail("python -m http.server did not start", pytrace=False)
            time.sleep(0.2)
    yield url
    proc.terminate()
    proc.wait(timeout=10)


@pytest.fixture(scope="session")
def site_browser(playwright):
    """Chromium that cannot resolve any host but localhost (on top of the routing below)."""
    if not os.path.exists(CHROMIUM):
        pytest.fail(f"{CHROMIUM} is missing (bash .ci/test installs the Debian chromium "
                    "package)", pytrace=False)
    browser = playwright.chromium.launch(
        executable_path=CHROMIUM,
        args=CHROMIUM_ARGS + ["--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"])
    yield browser
    browser.close()


class Traffic:
    """Every request that left localhost (aborted), failed, or answered >= 400."""

    def __init__(self, context):
        self.blocked: list[str] = []
        self.failed: list[str] = []
        self.bad: list[str] = []
        self.local = 0
        context.route("**/*", self._route)
        context.on("requestfailed", lambda r: self.failed.append(f"{r.url} ({r.failure})"))
        context.on("response",
                   lambda r: self.bad.append(f"{r.status} {r.url}") if r.status >= 400 else None)

    def _route(self, route):
        url = route.request.url
        host = urlparse(url).hostname
        if url.startswith(("data:", "blob:")) or host in LOCAL_HOSTS:
            self.local += 1
            route.continue_()
        else:
            self.blocked.append(url)
            route.abort("blockedbyclient")

    def problems(self) -> list[str]:
        return ([f"blocked (left localhost): {u}" for u in self.blocked]
                + [f"failed: {u}" for u in self.failed if "/gw-guard " not in u]
                + [f"HTTP {u}" for u in self.bad])


# ------------------------------------------------------------------ the test


@pytest.mark.parametrize("notebook, move", _sample(), ids=lambda v: Path(v).stem
                         if isinstance(v, str) else "")
def test_notebook_runs_in_the_site_and_a_click_reaches_python(site_browser, site_url, notebook,
                                                             move):
    context = site_browser.new_context(viewport={"width": 1400, "height": 1000})
    traffic = Traffic(context)
    page = context.new_page()
    page.set_default_timeout(60_000)
    try:
        name = Path(notebook).name
        t0 = time.monotonic()
        page.goto(f"{site_url}lab/index.html?path={name}")
        expect(page.locator(".jp-Notebook .jp-Cell").first).to_be_visible(timeout=120_000)
        shown = time.monotonic() - t0
        # The guard works for workers too (the kernel runs in one): a worker's request to
        # another host is aborted and logged.
        page.evaluate("""() => new Promise(done => {
            const code = "fetch('https://example.com/gw-guard').catch(() => 0)"
                       + ".finally(() => postMessage(1))";
            const w = new Worker(URL.createObjectURL(new Blob([code])));
            w.onmessage = () => done();
        })""")
        assert traffic.blocked == ["https://example.com/gw-guard"], traffic.blocked
        traffic.blocked.clear()
        run_all(page, timeout=KERNEL_AND_RUN_TIMEOUT)
        ran = time.monotonic() - t0
        move(page)
        print(f"\n[site] {name}: page in {shown:.0f} s, kernel start + Run All {ran - shown:.0f} s,"
              f" click answered {time.monotonic() - t0 - ran:.1f} s; "
              f"{traffic.local} local requests")
        assert not traffic.problems(), "\n".join(traffic.problems())
    finally:
        context.close()
