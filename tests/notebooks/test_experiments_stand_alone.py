"""Each notebook's experiment runs on its own (issue 34 item 13): a student who skips straight
to "Experiment" (or whose kernel restarted) runs its cells in order in a fresh kernel and gets
the result and the chart, not ``NameError: deck`` from a cell further up. Every chart it draws
fits the notebook area beside JupyterLab's file browser at 1366x768 (about 645 px high).

The experiment's own size (``GAMES``) is cut to a few games here: what is checked is that the
cells stand alone and draw, not the result."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import nbformat
import pytest

NOTEBOOKS = sorted((Path(__file__).resolve().parents[2] / "notebooks").glob("0[1-5]-*.ipynb"))
#: the notebook area beside the file browser at 1366x768, less a cell's own margins
TALLEST = 600


def experiments(path: Path) -> list[tuple[str, list[str]]]:
    """Each "### Experiment" section's code cells, in order, up to the next heading."""
    cells = nbformat.read(str(path), 4).cells
    found = []
    for i, cell in enumerate(cells):
        if cell.cell_type == "markdown" and cell.source.startswith("### Experiment"):
            code = []
            for after in cells[i + 1:]:
                if after.cell_type == "markdown" and after.source.startswith("#"):
                    break
                if after.cell_type == "code":
                    code.append(after.source)
            found.append((cell.source.splitlines()[0], code))
    return found


CASES = [(path, title, code) for path in NOTEBOOKS for title, code in experiments(path)]


def test_every_tutorial_has_an_experiment():
    assert {path.name for path, _, _ in CASES} == {path.name for path in NOTEBOOKS}


def small(source: str) -> str:
    """The same cell with a few games instead of many."""
    source = re.sub(r"^GAMES = \d+", "GAMES = 3", source, flags=re.M)
    source = re.sub(r"^GAMES, SOON = \d+, ", "GAMES, SOON = 3, ", source, flags=re.M)
    return re.sub(r"games=20\b", "games=3", source)


@pytest.mark.parametrize("path, title, code", CASES,
                         ids=[f"{p.stem}-{t.split(':')[0][4:].strip()}" for p, t, _ in CASES])
def test_an_experiment_runs_in_a_fresh_kernel_and_its_charts_fit_one_screen(path, title, code):
    namespace: dict = {}
    charts = []
    for source in code:
        lines = small(source).rstrip().splitlines()
        # the cell's last expression is what the notebook shows: keep it, as IPython does
        body, last = "\n".join(lines[:-1]), lines[-1]
        try:
            compile(last, "<last>", "eval")
            start = len(lines) - 1
        except SyntaxError:               # a multi-line last expression: find where it starts
            start = next(k for k in range(len(lines) - 1, -1, -1)
                         if not lines[k].startswith((" ", ")")))
            body, last = "\n".join(lines[:start]), "\n".join(lines[start:])
            try:
                compile(last, "<last>", "eval")
            except SyntaxError:
                body, last = "\n".join(lines), "None"
        exec(compile(body, str(path), "exec"), namespace)
        shown = eval(compile(last, str(path), "eval"), namespace)
        if hasattr(shown, "_repr_svg_"):
            charts.append(shown)
    for chart in charts:
        root = ET.fromstring(chart._repr_svg_())
        height = float(root.get("height") or root.get("viewBox").split()[3])
        assert height <= TALLEST, f"{path.name} {title}: a chart {height:.0f} px tall"
