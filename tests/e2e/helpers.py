"""What the browser tests share: a Jupyter server to start, and helpers that drive its page.

The fixtures (a server per front end, the browser) are in ``tests/e2e/conftest.py``; every
function or constant a test imports is here. Recipe: shared/notes/browser-tests.md.

How to write an e2e test
------------------------

::

    from playwright.sync_api import expect
    from tests.e2e.helpers import open_notebook, run_all

    def test_something(page, jupyter, repo_root):
        name = jupyter.copy_notebook(repo_root / "notebooks" / "01-floats-mcgoats.ipynb")
        open_notebook(page, jupyter, name)        # opens it, waits for an idle kernel
        run_all(page)                             # Run -> Run All Cells, waits until done
        page.get_by_role("button", name="Roll").click()
        expect(page.get_by_text("Shark attack")).to_be_visible()

* ``jupyter`` (a fixture) is a session-scoped :class:`JupyterServer`, parametrised over ``lab``
  (JupyterLab) and ``notebook`` (Notebook 7): each test that uses it runs once per front end.
  A test that only makes sense in one front end can use ``jupyter_lab`` or ``jupyter_notebook``
  instead (the same servers). They run with goatwidgets' kernel websocket TCP_NODELAY fix
  (``goatwidgets.server``) on, as ``.ci/tutorials`` and Binder do;
  ``jupyter_lab_without_nodelay`` is a JupyterLab without it (for the latency comparison).
* ``open_notebook`` returns once the notebook's kernel is really there and idle (the page's
  idle indicator alone also shows "idle" before any kernel exists, and "Run All" then asks
  "Select Kernel"), answering a "Select Kernel" dialog if one comes up. Wait on conditions
  (``expect``, ``wait_for_function``), never on fixed sleeps: this machine may be slow or busy.
* Notebooks live in a temp root dir: ``jupyter.copy_notebook(path)`` copies a file there,
  ``jupyter.write_notebook(nb, name)`` writes an ``nbformat`` notebook there (``notebook(*cells)``
  makes one). Both return the name to pass to ``open_notebook``. Use a unique name per test
  (the server is shared).
* ``page`` is pytest-playwright's page (fresh browser context per test) launched on Debian's
  ``/usr/bin/chromium``. Find widget elements by role / ARIA label, click, then
  ``expect(...)`` the re-rendered text: ``expect`` retries until its timeout.
* Exceptions in ``on_msg`` callbacks never reach the page: assert on the DOM (the ``error``
  trait as rendered), not on Python exceptions.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

import nbformat
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from goatwidgets import server as nodelay_extension


CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
SERVER_START_TIMEOUT = 180  # s: a server start on a loaded 2-core machine took > 60 s
KERNEL_TIMEOUT = 60_000  # ms: a kernel start on a busy 2-core machine
RUN_ALL_TIMEOUT = 120_000  # ms


# ------------------------------------------------------------------ Jupyter server


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class JupyterServer:
    """A running ``jupyter lab`` or ``jupyter notebook`` (Notebook 7) server."""

    kind: str  # "lab" | "notebook"
    port: int
    root_dir: Path
    proc: subprocess.Popen = field(repr=False)
    log_path: Path = field(repr=False)
    nodelay: bool = True  # goatwidgets.server (TCP_NODELAY on the kernel websocket) enabled
    startup_seconds: float = 0.0
    _opened: int = field(default=0, repr=False)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def url_for(self, name: str) -> str:
        """The page URL that opens notebook ``name`` (relative to root_dir)."""
        if self.kind == "lab":
            # A fresh workspace per URL: the default one remembers the tabs of earlier
            # tests on this server, and "Run All" could then run another notebook.
            self._opened += 1
            return f"{self.base_url}lab/workspaces/t{self._opened}/tree/{name}"
        return f"{self.base_url}notebooks/{name}"

    def copy_notebook(self, src: str | Path, name: str | None = None) -> str:
        """Copy a notebook file into the server's root dir; returns its name there."""
        src = Path(src)
        name = name or src.name
        shutil.copy(src, self.root_dir / name)
        return name

    def write_notebook(self, nb, name: str) -> str:
        """Write an ``nbformat`` notebook into the server's root dir; returns ``name``."""
        nbformat.write(nb, str(self.root_dir / name))
        return name

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")


def start_server(kind: str, tmp: Path, nodelay: bool = True) -> JupyterServer:
    root = tmp / "root"
    settings = tmp / "settings"
    workspaces = tmp / "workspaces"
    for d in (root, settings, workspaces, tmp / "config", tmp / "runtime"):
        d.mkdir(parents=True, exist_ok=True)
    # Silence the "news" pop-up that covers the page.
    notif = settings / "@jupyterlab" / "apputils-extension" / "notification.jupyterlab-settings"
    notif.parent.mkdir(parents=True, exist_ok=True)
    notif.write_text(json.dumps({"fetchNews": "false", "checkForUpdates": False}))
    # Keep every cell in the DOM (no virtual scrolling), so tests can see all of them.
    tracker = settings / "@jupyterlab" / "notebook-extension" / "tracker.jupyterlab-settings"
    tracker.parent.mkdir(parents=True, exist_ok=True)
    tracker.write_text(json.dumps({"windowingMode": "none"}))
    # As in .ci/tutorials and Binder (python -m goatwidgets.labsettings): saved notebooks keep
    # the widgets' state, so they show the last position without a kernel.
    widgets = settings / "@jupyter-widgets" / "jupyterlab-manager" / "plugin.jupyterlab-settings"
    widgets.parent.mkdir(parents=True, exist_ok=True)
    widgets.write_text(json.dumps({"saveState": True}))

    if nodelay:
        # As `python -m goatwidgets.server --install` does for .ci/tutorials and Binder, but
        # in this server's own config dir.
        nodelay_extension.install(config_dir=tmp / "config")

    env = dict(os.environ)
    env.update(
        JUPYTERLAB_SETTINGS_DIR=str(settings),
        JUPYTERLAB_WORKSPACES_DIR=str(workspaces),
        JUPYTER_CONFIG_DIR=str(tmp / "config"),
        JUPYTER_RUNTIME_DIR=str(tmp / "runtime"),
        PYTHONUNBUFFERED="1",
    )
    port = _free_port()
    cmd = [
        sys.executable, "-m", "jupyter", kind,
        "--no-browser",
        "--allow-root",
        "--ServerApp.token=",
        "--ServerApp.password=",
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        f"--ServerApp.root_dir={root}",
        "--ServerApp.open_browser=False",
    ]  # fmt: skip
    if not nodelay:  # even if this environment has it installed
        cmd.append(f"--ServerApp.jpserver_extensions={nodelay_extension.EXTENSION}=False")
    log_path = tmp / "server.log"
    t0 = time.perf_counter()
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(
            cmd, cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
        )  # fmt: skip
    server = JupyterServer(kind, port, root, proc, log_path, nodelay=nodelay)
    deadline = time.monotonic() + SERVER_START_TIMEOUT
    # Up, and it knows the kernels (a page that asks before that gets no kernel list).
    for path, ready in (("api/status", lambda body: True),
                        ("api/kernelspecs", lambda body: "python3" in body.get("kernelspecs", {}))):
        while not _get_json_when(server, path, ready):
            if proc.poll() is not None:
                raise RuntimeError(f"jupyter {kind} exited with {proc.returncode}:\n{server.log()}")
            if time.monotonic() > deadline:
                stop_server(proc)
                raise RuntimeError(f"jupyter {kind}: no answer from /{path} in time:\n{server.log()}")
            time.sleep(0.2)  # poll interval
    server.startup_seconds = time.perf_counter() - t0
    enabled = "kernel websockets send with TCP_NODELAY" in server.log()
    if enabled != nodelay:
        stop_server(proc)
        raise RuntimeError(f"jupyter {kind}: goatwidgets.server TCP_NODELAY expected "
                           f"{'on' if nodelay else 'off'}, found the opposite:\n{server.log()}")
    print(f"\n[e2e] jupyter {kind} (TCP_NODELAY {'on' if nodelay else 'off'}) up on port {port} "
          f"in {server.startup_seconds:.1f} s")
    return server


def _get_json_when(server: JupyterServer, path: str, ready) -> bool:
    """GET ``path`` on the server; True if it answers JSON for which ``ready(json)`` holds."""
    try:
        with urllib.request.urlopen(f"{server.base_url}{path}", timeout=5) as r:
            return r.status == 200 and bool(ready(json.loads(r.read())))
    except (urllib.error.URLError, ConnectionError, TimeoutError, ValueError):
        return False


def stop_server(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.terminate()  # the server shuts its kernels down on SIGTERM
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=5)


class JupyterServers:
    """The session's Jupyter servers, started on first use and stopped at the end."""

    def __init__(self):
        self._running: dict[tuple[str, bool], tuple[JupyterServer, Path]] = {}

    def get(self, kind: str, nodelay: bool = True) -> JupyterServer:
        key = (kind, nodelay)
        if key not in self._running:
            tag = "" if nodelay else "-plain"
            tmp = Path(tempfile.mkdtemp(prefix=f"goatwidgets-e2e-{kind}{tag}-"))
            try:
                self._running[key] = (start_server(kind, tmp, nodelay), tmp)
            except BaseException:
                shutil.rmtree(tmp, ignore_errors=True)
                raise
        return self._running[key][0]

    def stop_all(self) -> None:
        for server, tmp in self._running.values():
            stop_server(server.proc)
            shutil.rmtree(tmp, ignore_errors=True)
        self._running.clear()


# ------------------------------------------------------------------ page helpers

IDLE = ".jp-Notebook-ExecutionIndicator[data-status='idle']"


# The open notebook's kernel: "ready" once the page shows it idle under its own name (before
# a kernel exists, the indicator already says "idle" and the toolbar "No Kernel") and the server
# has the notebook's session with that kernel idle and the page connected to it; "dialog" while
# a dialog is up; otherwise false. (A polled predicate must answer at once: the server's answer
# is fetched in the background and used by the next poll.)
_KERNEL_READY_JS = r"""
(path) => {
  const shown = e => (e.checkVisibility ? e.checkVisibility() : !!e.offsetParent);
  if ([...document.querySelectorAll('.jp-Dialog')].some(shown)) return 'dialog';
  const idle = document.querySelector(".jp-Notebook-ExecutionIndicator[data-status='idle']");
  const name = document.querySelector('.jp-Toolbar-kernelName');
  if (!idle || !name || /^\s*(No Kernel)?\s*$/.test(name.textContent)) return false;
  if (path === null) return 'ready';
  const w = window;
  if (!w.__gwAsking) {
    w.__gwAsking = true;
    const config = document.getElementById('jupyter-config-data');
    const base = ((config && JSON.parse(config.textContent).baseUrl) || '/').replace(/\/?$/, '/');
    fetch(base + 'api/sessions', {cache: 'no-store'})
      .then(r => (r.ok ? r.json() : []))
      .then(sessions => {
        const s = sessions.find(s => s.path === path);
        const k = s && s.kernel;
        w.__gwKernelReady = k && k.execution_state === 'idle' && k.connections > 0 ? path : null;
      })
      .catch(() => { w.__gwKernelReady = null; })
      .finally(() => { w.__gwAsking = false; });
  }
  return w.__gwKernelReady === path && 'ready';
}
"""


def wait_kernel_idle(page, timeout: float = KERNEL_TIMEOUT, path: str | None = None) -> None:
    """Wait until the open notebook's kernel is started and idle (both front ends).

    With ``path`` (the notebook's path on the server), the server must agree. (Opening a
    notebook: use :func:`wait_notebook_ready`, which also answers a "Select Kernel" dialog.)
    """
    page.wait_for_function(f"(path) => ({_KERNEL_READY_JS.strip()})(path) === 'ready'",
                           arg=path, polling=200, timeout=timeout)


def kernel_ready(page, path: str | None = None) -> bool:
    """Whether the open notebook's kernel is ready now (the condition the waits wait for)."""
    return page.evaluate(_KERNEL_READY_JS, path) == "ready"


def select_kernel_dialog(page):
    """JupyterLab's (and Notebook 7's) "Select Kernel" dialog."""
    return page.locator(".jp-Dialog").filter(
        has=page.locator(".jp-Dialog-header", has_text="Select Kernel"))


def open_notebook(page, server: JupyterServer, name: str, timeout: float = KERNEL_TIMEOUT):
    """Open notebook ``name`` (in ``server.root_dir``) in the server's front end.

    Waits until the notebook is rendered and its kernel is idle, answering a "Select Kernel"
    dialog on the way if the page asks (see :func:`wait_notebook_ready`).
    """
    page.goto(server.url_for(name))
    wait_notebook_ready(page, name, timeout)


def wait_notebook_ready(page, name: str, timeout: float = KERNEL_TIMEOUT) -> None:
    """Wait until the open notebook ``name`` shows its cells and has an idle Python kernel.

    If JupyterLab asks "Select Kernel" (a notebook without kernel metadata; a cell run before
    the kernel was there; a kernel list that came late), answer it as a person would: the
    Python 3 kernel. Any other dialog (e.g. "Error Starting Kernel") fails with its text.
    """
    deadline = time.monotonic() + timeout / 1000
    left = lambda: max(1.0, (deadline - time.monotonic()) * 1000)  # noqa: E731  (ms)
    for _ in range(5):
        state = page.wait_for_function(_KERNEL_READY_JS, arg=name, polling=200,
                                       timeout=left()).json_value()
        if state == "ready":
            break
        dialog = select_kernel_dialog(page)
        if not dialog.count():
            texts = [t for t in page.locator(".jp-Dialog").all_inner_texts() if t.strip()]
            if texts:  # (not gone again by now)
                raise AssertionError(f"a dialog came up while opening {name}: {texts}")
            continue
        _answer_select_kernel(page, dialog, left())
    else:
        raise AssertionError(f"{name}: the Select Kernel dialog kept coming back")
    expect(page.locator(".jp-Notebook .jp-Cell").first).to_be_visible(timeout=left())


def _answer_select_kernel(page, dialog, timeout: float) -> None:
    """Start a new Python 3 kernel from the "Select Kernel" dialog."""
    print("[e2e] a 'Select Kernel' dialog came up: choosing Python 3")
    select = dialog.locator("select")
    values = select.locator("option").evaluate_all("os => os.map(o => o.value)")
    start_python = [v for v in values if '"name":"python3"' in v.replace(" ", "")]
    if not start_python:
        raise AssertionError(f"the Select Kernel dialog offers no Python 3 kernel: {values}")
    select.select_option(value=start_python[0])
    dialog.locator("button.jp-mod-accept").click()
    expect(dialog).to_have_count(0, timeout=timeout)


# The state of Run All in the open notebook:
#   "done"    every non-empty code cell shows an execution count, none queued, kernel idle
#   "error"   nothing queued, kernel idle, and a cell printed a traceback (Run All stops there)
#   "running" a cell is queued / running ("[*]") or has run since the last clear
#   "idle"    nothing has started yet
_RUN_STATE_JS = r"""
() => {
  const nb = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook')
          || document.querySelector('.jp-Notebook');
  if (!nb) return "idle";
  let queued = false, started = false, pending = false;
  for (const cell of nb.querySelectorAll('.jp-CodeCell')) {
    const prompt = (cell.querySelector('.jp-InputArea-prompt') || {}).textContent || '';
    if (prompt.includes('*')) queued = true;
    if (/\[\d+\]/.test(prompt)) started = true;
    const src = (cell.querySelector('.cm-content') || {}).textContent || '';
    if (src.trim() && !/\[\d+\]/.test(prompt)) pending = true;
  }
  const idle = !!document.querySelector(
    ".jp-Notebook-ExecutionIndicator[data-status='idle']");
  if (queued || !idle) return "running";
  if (!pending) return "done";
  const error = [...nb.querySelectorAll(
      ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")]
    .some(e => /Traceback|\w(Error|Exception)\b/.test(e.textContent));
  if (error) return "error";
  return started ? "running" : "idle";
}
"""


def error_outputs(page) -> list[str]:
    """Texts of the tracebacks shown in the open notebook."""
    texts = page.locator(
        ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']"
    ).all_inner_texts()
    return [t for t in texts if re.search(r"Traceback|\w(Error|Exception)\b", t)]


def run_all(page, timeout: float = RUN_ALL_TIMEOUT) -> None:
    """Clear all outputs, then menu Run -> Run All Cells, and wait until every cell has run.

    Clearing first makes "has run" observable for notebooks saved with outputs too.
    Fails with the traceback text if a cell raises, or if Run All does not finish in time.
    (If the menu click is lost, e.g. right after the first page load of a session, it is
    repeated: a run that had not started at all is retried, never a running one.)
    """
    deadline = time.monotonic() + timeout / 1000
    state = f"({_RUN_STATE_JS.strip()})()"  # an expression: the state now
    for attempt in range(3):
        _menu(page, "Edit", "Clear Outputs of All Cells")
        _menu(page, "Run", "Run All Cells")
        try:  # started (or already through) within 10 s?
            page.wait_for_function(f"() => {state} !== 'idle'", polling=100, timeout=10_000)
        except PlaywrightTimeout:
            print(f"[e2e] Run All did not start (attempt {attempt + 1}); retrying the menu")
            continue
        left = max(1.0, (deadline - time.monotonic()) * 1000)
        try:
            outcome = page.wait_for_function(
                f"() => {{ const s = {state}; return (s === 'done' || s === 'error') && s; }}",
                polling=100, timeout=left).json_value()
        except PlaywrightTimeout:
            raise AssertionError(f"Run All did not finish within {timeout / 1000:.0f} s") from None
        if outcome == "error":
            raise AssertionError("a cell raised during Run All:\n" + "\n".join(error_outputs(page)))
        return
    raise AssertionError("Run All never started (menu Run -> Run All Cells had no effect)")


def _menu(page, menu: str, item: str) -> None:
    """Click a main-menu entry, e.g. ``_menu(page, "Run", "Run All Cells")``."""
    page.get_by_role("menuitem", name=menu, exact=True).click()
    page.get_by_role("menuitem", name=item, exact=True).click()


# ------------------------------------------------------------------ tutorials

#: every notebook a teacher opens: the start page, then each registered game's tutorial
def tutorials() -> list[str]:
    from goatwidgets.games import REGISTRY

    return ["notebooks/00-start-here.ipynb"] + [g.notebook for g in REGISTRY.values()]


#: the pictures in the open notebook's outputs (JupyterLab shows an SVG output as an <img>)
OUTPUT_IMAGES = ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-OutputArea-output img"
_IMAGES = (f"() => [...document.querySelectorAll('{OUTPUT_IMAGES}')]"
           ".map(i => ({ok: i.complete && i.naturalWidth > 0, src: i.src.slice(0, 80)}))")


def open_tutorial(page, server: JupyterServer, path: str | Path, name: str) -> str:
    """Copy tutorial ``path`` (a file of :func:`tutorials`) to the server as ``name``, open it
    and Run All, checking on the way what every tutorial must do in JupyterLab, so that one
    opening and one Run All serve every check of a tutorial (each tutorial test opens its
    notebook here; tests/e2e/test_tutorials_checked.py sees that every notebook is):

    * it opens unchanged: closing it right away asks nothing (issue 24 item 11: every notebook
      opened already marked as changed, so a teacher closing it was asked "Save changes?");
      the test servers run goatwidgets.server, as .ci/tutorials and Binder do, which serves a
      tutorial with the metadata its kernel is about to write;
    * every picture it draws is shown (issue 24 item 1: every chart in notebooks 01-05 was a
      broken-image icon: an SVG output that is not well-formed XML shows nothing), and a game's
      tutorial (it has an experiment) draws at least one chart.

    Returns ``name``."""
    name = server.copy_notebook(path, name)
    open_notebook(page, server, name)                  # waits for the kernel to be idle
    if server.kind == "lab":
        tab = page.locator(".lm-DockPanel-tabBar .lm-TabBar-tab", has_text=name)
        expect(tab).to_have_count(1)
        # the kernel's own metadata (its display name, the language's version) arrives once
        # the kernel has started; then the page draws the tab
        expect(page.locator(".jp-Notebook")).to_be_visible()
        after_frames(page)
        assert "jp-mod-dirty" not in (tab.get_attribute("class") or ""), (
            f"{Path(path).name} opened marked as changed (issue 24 item 11)")
    run_all(page)
    if server.kind == "lab":
        if Path(path).name != Path(tutorials()[0]).name:
            expect(page.locator(OUTPUT_IMAGES).first).to_be_attached()  # an experiment's chart
        try:                               # images load after their output is attached
            page.wait_for_function(f"() => ({_IMAGES})().every(i => i.ok)", timeout=20_000)
        except PlaywrightError:
            pass
        shown = page.evaluate(_IMAGES)
        assert all(i["ok"] for i in shown), (f"{Path(path).name}: pictures not shown (issue 24 "
                                             f"item 1): {[i['src'] for i in shown if not i['ok']]}")
    return name


# ------------------------------------------------------------------ helpers for game tests


def notebook(*cells: str):
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    nb.cells = [nbformat.v4.new_code_cell(c.strip()) for c in cells]
    return nb


def cell_with(page, source: str):
    """The code cell whose source contains ``source`` (its output holds the widget)."""
    return page.locator(".jp-CodeCell").filter(
        has=page.locator(".jp-InputArea", has_text=source))


def after_frames(page, frames: int = 2) -> None:
    """Return once the page has drawn ``frames`` more frames (its ResizeObservers have run)."""
    page.evaluate("n => new Promise(r => { const f = () => (n-- > 0 ? requestAnimationFrame(f) : r()); f(); })",
                  frames)


def console_errors(page) -> list[str]:
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    return errors


#: console errors the front ends print on their own, with no widget on the page (Notebook 7
#: 7.6 logs the first one for a plain `print(1)` notebook; 404s are optional files)
FRONT_END_NOISE = ("Cannot read properties of undefined (reading 'schema')", "404",
                   "Failed to load resource")


def ours(errors: list[str]) -> list[str]:
    """Console errors that come from the page's widgets, not the front end's own noise."""
    return [e for e in errors if not any(noise in e for noise in FRONT_END_NOISE)]


# ------------------------------------------------------------------ themes and screenshots

SCREENS = Path(__file__).resolve().parents[2] / ".bench" / "screens"
THEMES = (("light", "JupyterLab Light"), ("dark", "JupyterLab Dark"))


def choose_theme(page, theme: str) -> None:
    """Settings -> Theme -> ``theme`` (e.g. "JupyterLab Dark"), as a teacher would. The Theme
    submenu is no "menuitem" to Playwright in JupyterLab 4.6, hence its label."""
    page.get_by_role("menuitem", name="Settings", exact=True).click(timeout=5000)
    page.locator(".lm-Menu-item", has_text="Theme").first.hover(timeout=5000)
    page.locator(".lm-Menu-itemLabel", has_text=theme).first.click(timeout=5000)


def use_theme(page, scheme: str, theme: str) -> None:
    """Switch JupyterLab to ``theme`` and wait until the page wears it (``scheme`` "light" or
    "dark") and the theme's loading screen is gone."""
    choose_theme(page, theme)
    page.wait_for_function("(light) => document.body.dataset.jpThemeLight === light",
                           arg=str(scheme == "light").lower(), timeout=15_000)
    page.wait_for_selector("#jupyterlab-splash", state="detached", timeout=15_000)


def shoot(page, name: str, locator=None, scroll: str = "start") -> None:
    """Screenshots at the window's size in JupyterLab's light and dark themes, into
    ``.bench/screens/<name>-{light,dark}.png``, when GOATWIDGETS_SCREENS is set (a look for
    people, not a test: a theme that does not switch is said and skipped). The widget or lesson
    in ``locator`` is scrolled to the top (``scroll="start"``) or just into view
    (``"if_needed"``); a last-move blink is let finish first."""
    if not os.environ.get("GOATWIDGETS_SCREENS"):
        return
    SCREENS.mkdir(parents=True, exist_ok=True)
    try:
        page.wait_for_function("() => document.getAnimations().every(a => a.playState !== "
                               "'running' || a.effect.getTiming().iterations === Infinity)",
                               timeout=5000)
    except PlaywrightError:
        pass
    for scheme, theme in THEMES:
        try:
            use_theme(page, scheme, theme)
        except PlaywrightError as err:
            print(f"[screens] {name}: no {theme} ({str(err).splitlines()[0]})")
            page.keyboard.press("Escape")
            continue
        if locator is not None:
            inner = locator.locator(".gw-lesson, .gw-root")
            target = inner.first if inner.count() else locator
            if scroll == "if_needed":
                target.scroll_into_view_if_needed()
            else:
                target.evaluate("n => n.scrollIntoView({block: 'start'})")
        page.screenshot(path=str(SCREENS / f"{name}-{scheme}.png"))


# ------------------------------------------------------------------ one move per game (latency, memo)

# Per game: the widget (seat 0 against a bot where the game has more seats), and the clicks
# of one move that changes the board (the last click sends it; earlier ones only choose
# locally). The latency series alternates that move and Undo (free_undo: a roll or a draw may
# be taken back, as in a teacher's demonstration). Every registered game must be here.
LATENCY_GAMES = {
    "floats_mcgoats": ("FloatsMcGoats(players=2, seed=1, free_undo=True)",
                       ['.gw-spot-open[data-action="mama 0,0u"]']),
    "grab_your_goat": ("GrabYourGoat(players=2, seed=1, seat=0, bots={1: 'random'}, "
                       "free_undo=True)",
                       ['[data-action="roll"]']),
    "goat_lords": ("GoatLords(players=2, seed=1, seat=0, bots={1: 'random'}, free_undo=True)",
                   ['.gw-gl-hand-card[data-card="ninja"] >> nth=0',
                    '.gw-gl-hand-card[data-card="ninja"] >> nth=1']),
    "gruff_goats": ("GruffGoats(players=2, seed=1, seat=0, bots={1: 'random'}, free_undo=True)",
                    ['[data-action="draw"]']),
    "battlegoats": ("BattleGoats(players=2, seed=1, seat=0, bots={1: 'random'}, free_undo=True)",
                    [".gw-tile.gw-clickable >> nth=0",
                     '.gw-bg-field[data-seat="0"] .gw-cell.gw-empty.gw-clickable >> nth=0']),
}

# A widget that does nothing but count: its click-to-rendered time is the floor set by the
# browser -> server -> kernel -> browser round trip, for comparison.
EMPTY_CELL = '''
import anywidget, traitlets

class Echo(anywidget.AnyWidget):
    _esm = """
    export default { render({ model, el }) {
      const root = document.createElement("div");
      root.className = "echo-root";
      const b = document.createElement("button");
      b.className = "echo";
      const draw = () => { b.textContent = "n" + model.get("n"); root.dataset.version = model.get("n"); };
      b.onclick = () => model.send({});
      model.on("change:n", draw); draw(); root.appendChild(b); el.appendChild(root);
    } };
    """
    n = traitlets.Int(0).tag(sync=True)
    def __init__(self):
        super().__init__()
        self.on_msg(lambda *_: setattr(self, "n", self.n + 1))

Echo()
'''


def clicks_of(selectors: list[str]) -> list[list]:
    """'css >> nth=k' -> [css, k]."""
    out = []
    for sel in selectors:
        css, _, nth = sel.partition(" >> nth=")
        out.append([css, int(nth or 0)])
    return out


def latency_notebook():
    """A notebook with every game's widget of ``LATENCY_GAMES``, then the counting one."""
    return notebook(*(f"from goatwidgets import {make.split('(')[0]}\n{make}"
                      for make, _ in LATENCY_GAMES.values()), EMPTY_CELL)


# ------------------------------------------------------------------ rooms: the class's devices

PROJECTOR = {"width": 1366, "height": 768}
#: a phone, with a finger (a student's device in a room)
PHONE = {"viewport": {"width": 390, "height": 844}, "screen": {"width": 390, "height": 844},
         "has_touch": True, "is_mobile": True, "device_scale_factor": 1}
#: a small phone (360x640, many a child's): less of the page above the fold
SMALL_PHONE = {**PHONE, "viewport": {"width": 360, "height": 640},
               "screen": {"width": 360, "height": 640}}
CHROMEBOOK = {"viewport": {"width": 1366, "height": 768}}


def new_device(browser, contexts: list, options: dict, frames: list | None = None):
    """A student's device: a browser context of its own (no shared storage), added to
    ``contexts`` (the test closes them all, whatever happened), and its page. With ``frames``:
    every WebSocket frame the page receives is kept there (text)."""
    context = browser.new_context(**options)
    contexts.append(context)
    student = context.new_page()
    student.set_default_timeout(20_000)
    if frames is not None:
        student.on("websocket", lambda ws: ws.on("framereceived", lambda f: frames.append(f)))
    return student


def spot(student, action: str):
    """The lit (clickable) target of ``action`` on a student's own board."""
    return student.locator(f'#board .gw-clickable[data-action="{action}"]')


def press(student, locator) -> None:
    """A finger on a phone, a mouse elsewhere."""
    if student.viewport_size["width"] < 500:
        locator.tap()
    else:
        locator.click()


def joined_at(panel) -> tuple[str, str]:
    """The address and the join code the projector shows."""
    text = panel.locator(".gw-room").inner_text()
    found = re.search(r"Join at (\S+) with the code (\w+)", text)
    assert found, f"no address and code on the room's panel: {text!r}"
    return found.group(1), found.group(2)


def join(student, url: str, code: str, name: str) -> None:
    student.goto(url)
    student.locator("#code").fill(code)
    student.locator("#name").fill(name)
    press(student, student.get_by_role("button", name="Join"))
    expect(student.locator("#who")).to_have_text(name)
    expect(student.locator("#link")).to_have_text("Connected")
    expect(student.locator("#board .gw-root")).to_be_visible()


def tally_rows(panel):
    """The reveal's count of each voted move on the projector's panel (a list or a table)."""
    return panel.locator(".gw-room ol:not([start]) li, .gw-room table tr")


def tally_texts(counts: list[str]) -> list:
    """``"words: n"`` as a row of :func:`tally_rows` reads (the table's cells: no colon)."""
    return [re.compile(rf"^{re.escape(c.rsplit(': ', 1)[0])}:?\s*{c.rsplit(': ', 1)[1]}$")
            for c in counts]


def most_chosen(words: str, count: int, voted: int):
    """The reveal's "Most chosen" line."""
    return re.compile(rf"Most chosen: {re.escape(words)}: {count} of {voted} votes?")


#: keep every text the device's connection line says (window.linkWords)
LINK_WORDS = """() => { window.linkWords = []; const link = document.getElementById("link");
  new MutationObserver(() => window.linkWords.push(link.textContent))
    .observe(link, {childList: true, characterData: true, subtree: true}); }"""


def shoot_device(student, name: str) -> None:
    """A device's page in light and dark (it follows the device's setting), like ``shoot``."""
    if not os.environ.get("GOATWIDGETS_SCREENS"):
        return
    SCREENS.mkdir(parents=True, exist_ok=True)
    for scheme in ("light", "dark"):
        student.emulate_media(color_scheme=scheme)
        after_frames(student)
        student.screenshot(path=str(SCREENS / f"{name}-{scheme}.png"))
    student.emulate_media(color_scheme="no-preference")


def end_kernel(page, server, name: str) -> None:
    """Shut the notebook's kernel down (its rooms' threads with it), whatever happened: as
    JupyterLab does, with the page's XSRF cookie."""
    try:
        xsrf = next((c["value"] for c in page.context.cookies() if c["name"] == "_xsrf"), "")
        sessions = page.request.get(f"{server.base_url}api/sessions").json()
        for s in sessions:
            if s.get("path", "").endswith(name):
                gone = page.request.delete(f"{server.base_url}api/sessions/{s['id']}",
                                           headers={"X-XSRFToken": xsrf})
                assert gone.ok, f"{gone.status} {gone.text()[:200]}"
    except (PlaywrightError, AssertionError) as err:
        print(f"[e2e] could not shut the room notebook's kernel down: {err}")
