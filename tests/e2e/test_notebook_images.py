"""Every picture a tutorial draws is shown (issue 24 item 1: every chart in notebooks 01-05 was a
broken-image icon: JupyterLab shows an SVG output as an <img>, which shows nothing for SVG
that is not well-formed XML). Each notebook is run in JupyterLab; every image in its outputs
must have loaded with a natural width > 0, and the tutorials with an experiment draw at least
one chart."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from goatwidgets.games import REGISTRY
from tests.e2e.helpers import open_notebook, run_all

REPO = Path(__file__).resolve().parents[2]
ALL = ["notebooks/00-start-here.ipynb"] + [g.notebook for g in REGISTRY.values()]
#: the default run opens the start page and the tutorial that draws the most charts; --long
#: opens every notebook (each ~20 s; the charts themselves are checked headless in every run,
#: tests/notebooks/test_charts.py)
NOTEBOOKS = ALL if os.environ.get("GOATWIDGETS_LONG") else [ALL[0], REGISTRY["battlegoats"].notebook]

OUTPUT_IMAGES = ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-OutputArea-output img"
IMAGES = (f"() => [...document.querySelectorAll('{OUTPUT_IMAGES}')]"
          ".map(i => ({ok: i.complete && i.naturalWidth > 0, src: i.src.slice(0, 80)}))")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[Path(p).stem for p in NOTEBOOKS])
def test_every_image_a_tutorial_draws_is_shown(page, jupyter_lab, path):
    name = jupyter_lab.copy_notebook(REPO / path, f"images-{Path(path).name}")
    open_notebook(page, jupyter_lab, name)
    run_all(page)
    images = page.locator(OUTPUT_IMAGES)
    if path != NOTEBOOKS[0]:
        expect(images.first).to_be_attached()          # an experiment's chart, at least
    try:                                   # images load after their output is attached
        page.wait_for_function(f"() => ({IMAGES})().every(i => i.ok)", timeout=20_000)
    except PlaywrightError:
        pass
    shown = page.evaluate(IMAGES)
    assert all(i["ok"] for i in shown), [i["src"] for i in shown if not i["ok"]]
