"""The JupyterLite site the browser tests open (tests/e2e/test_site.py), built ahead of them.

``bash .ci/site`` builds the site twice into one folder: a teacher's second build (after a
``git pull``) once failed and left a half-built site whose kernel never started, so the tests
run the site as the second build left it, after checking that both builds wrote the same
``jupyter-lite.json``. A build takes 20-40 s of mostly waiting (PyPI, npm, copying), so CI
(``.ci/test``) starts it in the background while the CPU-bound suites run::

    python -m tests.e2e.site_build build/e2e-site/_site     # -> _site, _site.log, _site.done

and the browser tests reuse it (``GOATWIDGETS_E2E_SITE=build/e2e-site/_site``): the ``site``
fixture waits for ``_site.done`` ("ok", or the build's own words if it failed). Without that
variable the fixture builds the site itself, once per session (xdist workers share it).
"""

from __future__ import annotations

import fcntl
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BUILD_TIMEOUT = 1200  # s: a fresh .venv-lite on a busy 2-core machine
OK = "ok"


def done_file(out: Path) -> Path:
    return out.with_name(out.name + ".done")


def log_file(out: Path) -> Path:
    return out.with_name(out.name + ".log")


def _build_once(out: Path, log) -> str | None:
    """``bash .ci/site --out out``; None if it worked, else what went wrong."""
    t0 = time.monotonic()
    try:
        proc = subprocess.run(["bash", str(ROOT / ".ci" / "site"), "--out", str(out)], cwd=ROOT,
                              capture_output=True, text=True, timeout=BUILD_TIMEOUT)
    except subprocess.TimeoutExpired:
        return f"bash .ci/site took more than {BUILD_TIMEOUT} s"
    log.write(proc.stdout + proc.stderr)
    if proc.returncode != 0:
        lines = (proc.stdout + proc.stderr).splitlines()
        return ("the JupyterLite site could not be built (bash .ci/site; it needs PyPI and "
                "npm):\n" + "\n".join(line for line in lines[-40:]
                                        if "is ignored: it is neither" not in line))
    log.write(f"\n[site] built in {time.monotonic() - t0:.0f} s\n")
    log.flush()
    return None


def build(out: Path) -> str:
    """Build the site twice into ``out``; log to ``out.log``, the outcome ("ok" or the failure)
    to ``out.done`` (written last, so a reader that sees it sees the whole site)."""
    out.parent.mkdir(parents=True, exist_ok=True)
    done_file(out).unlink(missing_ok=True)
    with open(log_file(out), "w") as log:
        problem = _build_once(out, log)
        if problem is None:
            first = (out / "jupyter-lite.json").read_text()
            problem = _build_once(out, log)
            if problem is None and (out / "jupyter-lite.json").read_text() != first:
                problem = "the second build of the site wrote another jupyter-lite.json"
    outcome = problem or OK
    done_file(out).write_text(outcome)
    return outcome


def wait_for(out: Path, timeout: float = BUILD_TIMEOUT) -> str:
    """The outcome of the build into ``out`` started elsewhere (``python -m tests.e2e.site_build``):
    "ok" or what went wrong, once its ``.done`` is there."""
    deadline = time.monotonic() + timeout
    while not done_file(out).exists():
        if not log_file(out).exists():
            return (f"no site build into {out} was started ({log_file(out).name} is missing): "
                    f"run python -m tests.e2e.site_build {out}, or unset GOATWIDGETS_E2E_SITE")
        if time.monotonic() > deadline:
            return f"the site build into {out} did not finish within {timeout:.0f} s"
        time.sleep(0.5)
    return done_file(out).read_text()


def build_once_shared(out: Path) -> str:
    """Build into ``out`` unless a process holding the lock beside it already has (xdist
    workers of one session share one site)."""
    out.parent.mkdir(parents=True, exist_ok=True)
    with open(out.with_name(out.name + ".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if done_file(out).exists():
            return done_file(out).read_text()
        return build(out)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python -m tests.e2e.site_build OUT")
    outcome = build(Path(sys.argv[1]).resolve())
    print(outcome if outcome != OK else f"site built twice into {sys.argv[1]}")
    sys.exit(0 if outcome == OK else 1)
