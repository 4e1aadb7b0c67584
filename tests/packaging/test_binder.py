"""Rehearse Binder (repo2docker) on a clean source copy, in a fresh venv, without Node.js:
exactly what binder/ says (pip install -r binder/requirements.txt from the repo root, then
binder/postBuild if present), then run every notebook with that venv's own kernel.

It runs under ``--long`` (about 2.5 minutes: a fresh venv and every notebook again); the default
run already runs every notebook (tests/notebooks) and installs the wheel without Node.js
(test_wheel.py), and keeps CI inside its 20 minutes with five games."""

from __future__ import annotations

import os
import textwrap
import time
from pathlib import Path

import pytest

from tests.packaging.helpers import clean_source_copy, env_without_node, make_venv, run

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(not os.environ.get("GOATWIDGETS_LONG"),
                                reason="the Binder rehearsal runs with --long")

RUN_NOTEBOOKS = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    import nbformat
    from nbclient import NotebookClient
    failed = 0
    for path in sorted(Path("notebooks").glob("*.ipynb")):
        nb = nbformat.read(path, as_version=4)
        t0 = time.perf_counter()
        try:
            NotebookClient(nb, kernel_name="python3", timeout=120,
                           resources={"metadata": {"path": str(path.parent)}}).execute()
            print(f"ok   {path.name} {time.perf_counter() - t0:.1f} s")
        except Exception as exc:
            failed += 1
            print(f"FAIL {path.name}: {exc}")
    sys.exit(1 if failed else 0)
    """
)


@pytest.fixture(scope="module")
def binder_env(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("binder")
    env = env_without_node(tmp)
    repo = clean_source_copy(tmp / "repo")
    python = make_venv(tmp / "venv", env)
    env["PATH"] = f"{python.parent}:{env['PATH']}"
    env["VIRTUAL_ENV"] = str(python.parent.parent)
    t0 = time.perf_counter()
    # repo2docker runs these from the repository root
    run([python, "-m", "pip", "install", "--quiet", "-r", "binder/requirements.txt"], cwd=repo, env=env)
    if (repo / "binder" / "postBuild").exists():
        run(["bash", "binder/postBuild"], cwd=repo, env=env)
    print(f"\n[packaging] binder environment built (no system node) in {time.perf_counter() - t0:.1f} s")
    return repo, python, env


def test_binder_env_has_the_bundles_and_the_lab_extension(binder_env):
    repo, python, env = binder_env
    code = "from importlib.resources import files; import goatwidgets; " \
           "print((files('goatwidgets') / 'static' / 'floats_mcgoats.js').read_text()[:1] != '')"
    assert "True" in run([python, "-c", code], cwd=repo, env=env).stdout
    out = run([python.parent / "jupyter", "labextension", "list"], cwd=repo, env=env).stdout
    assert "anywidget" in out, out


def test_binder_env_runs_every_notebook(binder_env):
    repo, python, env = binder_env
    t0 = time.perf_counter()
    out = run([python, "-c", RUN_NOTEBOOKS], cwd=repo, env=env).stdout
    print(f"\n[packaging] binder notebooks:\n{out}({time.perf_counter() - t0:.1f} s)")
