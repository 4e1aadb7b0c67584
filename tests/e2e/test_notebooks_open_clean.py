"""A tutorial opens unchanged: closing it right away asks nothing (issue 24 item 11: every
notebook opened already marked as changed, so a teacher closing it was asked "Save
changes?"). Each tutorial is opened, its kernel started and idle, and the page must not mark
the document as changed. (The test servers run goatwidgets.server, as .ci/tutorials and
Binder do: it serves a tutorial with the metadata its kernel is about to write.)"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from goatwidgets.games import REGISTRY
from tests.e2e.helpers import after_frames, open_notebook

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = ["notebooks/00-start-here.ipynb"] + [g.notebook for g in REGISTRY.values()]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[Path(p).stem for p in NOTEBOOKS])
def test_a_tutorial_opens_without_unsaved_changes(page, jupyter_lab, path):
    name = jupyter_lab.copy_notebook(REPO / path, f"clean-{Path(path).name}")
    open_notebook(page, jupyter_lab, name)             # waits for the kernel to be idle
    tab = page.locator(".lm-DockPanel-tabBar .lm-TabBar-tab", has_text=name)
    expect(tab).to_have_count(1)
    # the kernel's own metadata (its display name, the language's version) arrives once the
    # kernel has started; then the page draws the tab
    expect(page.locator(".jp-Notebook")).to_be_visible()
    after_frames(page)
    assert "jp-mod-dirty" not in (tab.get_attribute("class") or "")
