"""Packaging rehearsals: every test here is marked ``slow`` (they build wheels and fresh
virtual environments). The helpers they use are in ``tests/packaging/helpers.py``."""

from __future__ import annotations

from pathlib import Path

import pytest


def pytest_collection_modifyitems(config, items):
    here = Path(__file__).resolve().parent
    for item in items:
        if here in Path(str(item.fspath)).resolve().parents:
            item.add_marker(pytest.mark.slow)
