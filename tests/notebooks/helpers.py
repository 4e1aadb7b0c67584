"""What the notebook suites share (no test module imports another)."""

from __future__ import annotations

from pathlib import Path

from goatwidgets.games import REGISTRY

ROOT = Path(__file__).resolve().parents[2]
#: 00-start-here, then each registered game's tutorial (the registry names them)
NOTEBOOKS = [ROOT / "notebooks" / "00-start-here.ipynb"] + [ROOT / g.notebook
                                                          for g in REGISTRY.values()]
