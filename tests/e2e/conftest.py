"""Browser tests' fixtures: a real JupyterLab / Notebook 7 driven by headless Chromium
(Playwright). The helpers the tests import (``open_notebook``, ``run_all``...) and the how-to
are in ``tests/e2e/helpers.py``; this file holds only fixtures and pytest hooks.

Everything in tests/e2e is marked ``e2e``. Recipe: shared/notes/browser-tests.md.

* ``jupyter``: a session-scoped server, parametrised over ``lab`` (JupyterLab) and ``notebook``
  (Notebook 7); ``jupyter_lab`` and ``jupyter_notebook`` are the same servers, one front end
  each; ``jupyter_lab_without_nodelay`` a JupyterLab without goatwidgets.server.
* ``page``: pytest-playwright's page on Debian's Chromium, with timeouts that suit Jupyter.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import CHROMIUM, CHROMIUM_ARGS, JupyterServers

E2E_DIR = Path(__file__).resolve().parent


def pytest_collection_modifyitems(config, items):
    """Mark every browser test ``e2e``; and keep the default run short: a test that runs in
    both front ends (the ``jupyter`` fixture) runs in one of them by default, alternating
    JupyterLab / Notebook 7 down each file, so every file still exercises both; ``--long``
    runs every test in both."""
    ours = [item for item in items if E2E_DIR in Path(str(item.fspath)).resolve().parents]
    for item in ours:
        item.add_marker(pytest.mark.e2e)
    if config.getoption("--long"):
        return
    order: dict[str, list[str]] = {}
    for item in ours:
        params = getattr(getattr(item, "callspec", None), "params", {})
        if "jupyter" in params:
            names = order.setdefault(str(item.fspath), [])
            if item.originalname not in names:
                names.append(item.originalname)
    keep, dropped = [], []
    for item in items:
        params = getattr(getattr(item, "callspec", None), "params", {})
        if "jupyter" in params:
            index = order[str(item.fspath)].index(item.originalname)
            if params["jupyter"] != ("lab", "notebook")[index % 2]:
                dropped.append(item)
                continue
        keep.append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = keep


# ------------------------------------------------------------------ browser


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """Launch Debian's Chromium (Playwright's own browser download does not work here)."""
    if not os.path.exists(CHROMIUM):
        pytest.fail(
            f"{CHROMIUM} is missing, so the browser (e2e) tests cannot run. "
            "Run `bash .ci/test` (it installs the Debian `chromium` package), or "
            "`apt-get install -y chromium`.",
            pytrace=False,
        )
    args = list(browser_type_launch_args.get("args") or []) + CHROMIUM_ARGS
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": args}


@pytest.fixture
def page(page):
    """pytest-playwright's page with timeouts that suit a Jupyter front end."""
    page.set_default_timeout(30_000)
    return page


@pytest.fixture(autouse=True)
def patient_expect():
    """A busy 2-core machine can take more than expect's default 5 s to answer a click (a
    kernel round trip and a re-render); expect still returns as soon as its condition holds,
    so only a real failure waits the whole 20 s."""
    expect.set_options(timeout=20_000)
    yield
    expect.set_options(timeout=5_000)



# ------------------------------------------------------------------ Jupyter servers


@pytest.fixture(scope="session")
def jupyter_servers():
    servers = JupyterServers()
    try:
        yield servers
    finally:
        servers.stop_all()


@pytest.fixture(scope="session", params=["lab", "notebook"])
def jupyter(request, jupyter_servers):
    """A Jupyter server per front end: ``lab`` (JupyterLab) and ``notebook`` (Notebook 7)."""
    return jupyter_servers.get(request.param)


@pytest.fixture(scope="session")
def jupyter_lab(jupyter_servers):
    """Only JupyterLab (the same server as ``jupyter[lab]``)."""
    return jupyter_servers.get("lab")


@pytest.fixture(scope="session")
def jupyter_notebook(jupyter_servers):
    """Only Notebook 7 (the same server as ``jupyter[notebook]``)."""
    return jupyter_servers.get("notebook")


@pytest.fixture(scope="session")
def jupyter_lab_without_nodelay(jupyter_servers):
    """A JupyterLab without goatwidgets.server: Jupyter Server's own kernel websocket."""
    return jupyter_servers.get("lab", nodelay=False)
