"""Helpers for the packaging rehearsals: a clean copy of the source tree (as a fresh clone
has it: no node_modules, no built bundles, no .venv), an environment with no Node.js, a fresh
venv, and a command run that fails the test with its output. (The fixtures and the ``slow``
mark are in ``tests/packaging/conftest.py``.)"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NODE_TOOLS = {"node", "nodejs", "npm", "npx", "corepack", "yarn", "pnpm"}


def clean_source_copy(dest: Path) -> Path:
    """Copy the files git would put in a fresh clone (tracked + untracked-not-ignored)."""
    files = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT, check=True, capture_output=True,
    ).stdout.decode().split("\0")  # fmt: skip
    dest.mkdir(parents=True, exist_ok=True)
    for rel in filter(None, files):
        src = ROOT / rel
        if src.is_file():
            (dest / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest / rel)
    return dest


def path_without_node(farm: Path) -> str:
    """PATH with Node.js removed: each PATH dir that holds node/npm is replaced by a dir of
    symlinks to everything else in it."""
    out = []
    for i, d in enumerate(os.environ.get("PATH", "").split(os.pathsep)):
        p = Path(d)
        if not p.is_dir():
            continue
        names = {e.name for e in p.iterdir()}
        if not names & NODE_TOOLS:
            out.append(d)
            continue
        shadow = farm / f"bin{i}"
        shadow.mkdir(parents=True, exist_ok=True)
        for e in p.iterdir():
            if e.name not in NODE_TOOLS:
                try:
                    (shadow / e.name).symlink_to(e)
                except FileExistsError:
                    pass
        out.append(str(shadow))
    return os.pathsep.join(out)


def env_without_node(tmp: Path) -> dict[str, str]:
    """os.environ with no Node.js on PATH, no active venv, and private Jupyter dirs."""
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH")}
    env["PATH"] = path_without_node(tmp / "path-farm")
    for name in ("JUPYTER_DATA_DIR", "JUPYTER_CONFIG_DIR", "JUPYTER_RUNTIME_DIR"):
        (tmp / name.lower()).mkdir(parents=True, exist_ok=True)
        env[name] = str(tmp / name.lower())
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    env["PYTHONUNBUFFERED"] = "1"
    return env


def run(cmd, *, cwd, env, timeout=900) -> subprocess.CompletedProcess:
    """Run a command; on failure, fail the test with its output."""
    r = subprocess.run(
        [str(c) for c in cmd], cwd=cwd, env=env, timeout=timeout,
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )  # fmt: skip
    if r.returncode != 0:
        pytest.fail(f"command failed ({r.returncode}): {' '.join(map(str, cmd))}\n{r.stdout[-8000:]}")
    return r


def make_venv(path: Path, env: dict[str, str]) -> Path:
    """A fresh venv at ``path`` (made with this interpreter's base Python); returns its python."""
    base = getattr(sys, "_base_executable", sys.executable)
    run([base, "-m", "venv", path], cwd=path.parent, env=env)
    return path / "bin" / "python"
