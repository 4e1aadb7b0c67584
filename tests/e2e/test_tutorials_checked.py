"""Every notebook a teacher opens is checked in JupyterLab in the default run: it opens
without unsaved changes (issue 24 item 11) and every picture it draws is shown (issue 24 item 1).

Those checks are made by ``open_tutorial`` (tests/e2e/helpers.py) on the way to each tutorial
test's Run All (one opening and one Run All serve them all: they were two tests of their own
that opened and ran the same notebooks again). This file, without a browser, sees that each
notebook of ``tutorials()`` is opened by a test through ``open_tutorial``, and that the test
runs in JupyterLab in the default run: it takes ``jupyter_lab``, or ``jupyter`` at an even
place among the file's ``jupyter`` tests (tests/e2e/conftest.py runs the 1st, 3rd... of them
in JupyterLab and the others in Notebook 7 unless --long).
"""

from __future__ import annotations

import ast
from pathlib import Path

from tests.e2e.helpers import tutorials

E2E = Path(__file__).resolve().parent


def _tests(path: Path) -> list[ast.FunctionDef]:
    tree = ast.parse(path.read_text("utf-8"))
    return [n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name.startswith("test_")]


def where_each_tutorial_is_checked() -> dict[str, list[str]]:
    """notebook file name -> the tests that open it through open_tutorial in JupyterLab in the
    default run."""
    found: dict[str, list[str]] = {Path(p).name: [] for p in tutorials()}
    for path in sorted(E2E.glob("test_*.py")):
        text = path.read_text("utf-8")
        tests = _tests(path)
        both = [t.name for t in tests if "jupyter" in [a.arg for a in t.args.args]]
        for test in tests:
            body = ast.get_source_segment(text, test) or ""
            if "open_tutorial(" not in body:
                continue
            args = [a.arg for a in test.args.args]
            in_lab = "jupyter_lab" in args or ("jupyter" in args and both.index(test.name) % 2 == 0)
            if not in_lab:
                continue
            for name in found:
                if name in body or _named_by_constant(text, body, name):
                    found[name].append(f"{path.name}::{test.name}")
    return found


def _named_by_constant(text: str, body: str, name: str) -> bool:
    """``name`` is in a module constant (TUTORIAL = ...) that the test's body uses."""
    for node in ast.parse(text).body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = getattr(node.targets[0], "id", None)
            if target and name in (ast.get_source_segment(text, node) or "") and target in body:
                return True
    return False


def test_every_tutorial_is_opened_and_run_through_open_tutorial_in_jupyterlab():
    missing = [name for name, tests in where_each_tutorial_is_checked().items() if not tests]
    assert not missing, ("no default-run JupyterLab test opens these through open_tutorial (their "
                         f"unsaved-changes and pictures checks would not run): {missing}")
