"""Shared test configuration: keep this file small.

Fixtures for one area live in that area's conftest (tests/e2e/conftest.py: a Jupyter server
and a browser; tests/packaging: the slow mark), and what its tests share in a helper module
beside it (tests/e2e/helpers.py, tests/packaging/helpers.py, tests/games/checks.py,
tests/information.py): a test imports helpers, never a conftest or another test module
(tests/test_test_modules.py).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"


def pytest_addoption(parser):
    parser.addoption("--long", action="store_true", default=False,
                     help="full-size property runs (>= 2,000 games per game); the default run "
                          "plays a seeded sample of each property suite")


def pytest_configure(config):
    # read by the property suites at import time (a module constant, not a fixture)
    os.environ["GOATWIDGETS_LONG"] = "1" if config.getoption("--long") else ""


@pytest.fixture(scope="session")
def repo_root() -> Path:
    """The repository root (the folder holding pyproject.toml)."""
    return ROOT


def pytest_terminal_summary(terminalreporter):
    """Print the click-to-rendered figures if the e2e latency test ran in this session."""
    reports = terminalreporter.stats.get("passed", [])
    if not any("test_click_to_rendered_latency" in r.nodeid for r in reports):
        return
    from goatwidgets.bench import browser_report    # only then: a session may not import goatwidgets

    path = Path(os.environ.get("GOATWIDGETS_BENCH_DIR", ROOT / ".bench")) / "browser.json"
    if not path.exists():
        return
    terminalreporter.section("browser latency (measured, not asserted)")
    for line in browser_report(json.loads(path.read_text())):
        terminalreporter.write_line(line)
