"""Shared test configuration: keep this file small.

Fixtures for one area live in that area's conftest (tests/e2e/conftest.py: a Jupyter server
and a browser; tests/packaging: fresh virtual environments).
"""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"


@pytest.fixture(scope="session")
def repo_root() -> Path:
    """The repository root (the folder holding pyproject.toml)."""
    return ROOT
