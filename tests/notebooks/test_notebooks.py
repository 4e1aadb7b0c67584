"""Every tutorial notebook runs top to bottom with a real kernel, without an error,
in under a minute (the classroom budget)."""

from __future__ import annotations

import time
import xml.etree.ElementTree as ET
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from tests.notebooks.helpers import NOTEBOOKS, ROOT
BUDGET_SECONDS = 60
CELL_TIMEOUT = 120  # s, per cell: a hang fails with a clear error instead of blocking CI


def error_outputs(nb) -> list[str]:
    """Error outputs (and tracebacks) left anywhere in an executed notebook."""
    found = []
    for i, cell in enumerate(nb.cells):
        for out in cell.get("outputs", []):
            if out.get("output_type") == "error":
                found.append(f"cell {i}: {out.get('ename')}: {out.get('evalue')}")
    return found


def svg_outputs(nb) -> list[tuple[int, str]]:
    """Every SVG picture an executed notebook shows: (cell number, SVG text)."""
    found = []
    for i, cell in enumerate(nb.cells):
        for out in cell.get("outputs", []):
            svg = out.get("data", {}).get("image/svg+xml")
            if svg:
                found.append((i, svg if isinstance(svg, str) else "".join(svg)))
    return found


def test_every_notebook_is_the_start_page_or_a_registered_games_tutorial():
    assert sorted((ROOT / "notebooks").glob("*.ipynb")) == sorted(NOTEBOOKS)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebook_runs_top_to_bottom(path: Path, tmp_path: Path, record_property):
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(
        nb,
        kernel_name="python3",
        timeout=CELL_TIMEOUT,
        allow_errors=False,
        resources={"metadata": {"path": str(path.parent)}},  # cwd = notebooks/
    )
    t0 = time.perf_counter()
    client.execute()  # raises CellExecutionError, naming the cell, on the first error
    seconds = time.perf_counter() - t0
    record_property("run_seconds", round(seconds, 2))
    print(f"\n[notebook] {path.name}: {seconds:.1f} s")

    assert not error_outputs(nb)
    # JupyterLab shows an SVG output as an <img>, which shows nothing but a broken-image
    # icon unless the SVG is well-formed XML (issue 24: every chart was broken).
    for cell, svg in svg_outputs(nb):
        try:
            root = ET.fromstring(svg)
        except ET.ParseError as err:
            raise AssertionError(f"{path.name} cell {cell}: a chart is not valid SVG ({err})")
        assert root.tag == "{http://www.w3.org/2000/svg}svg", (path.name, cell, root.tag)
    assert seconds < BUDGET_SECONDS, f"{path.name} took {seconds:.1f} s (budget {BUDGET_SECONDS} s)"


def test_the_start_page_lists_every_tutorial_once_in_order():
    """00-start-here's table links each registered tutorial once, in the order of their
    numbers (it listed 05 before 04)."""
    import re

    start = nbformat.read(NOTEBOOKS[0], as_version=4)
    table = "".join(c.source for c in start.cells if c.cell_type == "markdown")
    linked = re.findall(r"\]\((\d\d-[\w-]+\.ipynb)\)", table)
    tutorials = sorted(p.name for p in NOTEBOOKS[1:])
    assert [n for n in linked if n in tutorials][:len(tutorials)] == tutorials
