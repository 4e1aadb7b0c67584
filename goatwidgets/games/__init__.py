"""Pure rules models, one package per game, and the one registry that lists them.

Each game module offers ``new_game(players=..., seed=..., **variants)``, ``State`` and
``Action``; see DESIGN.md for the contract. The registry (``registry.json`` beside this file,
read here, by the JS build and by the shared test suites) names each game's parts:

    >>> from goatwidgets.games import REGISTRY
    >>> info = REGISTRY["floats_mcgoats"]
    >>> info.title, info.players, info.notebook
    ('Floats McGoats', (2, 4), 'notebooks/01-floats-mcgoats.ipynb')
    >>> info.module.new_game(players=2, seed=1).players
    2

``load(text)`` reopens any saved game. No widgets are imported here (``info.widget()`` and
``info.lesson()`` import theirs only when called).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import import_module
from pathlib import Path

from ..engine import SaveError
from ..engine.loading import load_state, parse_save


def _import(target: str):
    """``"package.module:name"`` -> that object; ``"package.module"`` -> the module."""
    module, _, name = target.partition(":")
    loaded = import_module(module)
    return getattr(loaded, name) if name else loaded


@dataclass(frozen=True)
class GameInfo:
    """One registry entry: where each part of a game lives."""

    id: str
    title: str
    summary: str
    players: tuple[int, int]
    module_path: str
    widget_path: str
    lesson_path: str
    notebook: str
    js: str

    @property
    def module(self):
        """The rules module (``new_game``, ``State``, ``position``, ``OUR_READINGS``)."""
        return _import(self.module_path)

    def widget(self):
        """The widget class (imports ipywidgets/anywidget)."""
        return _import(self.widget_path)

    def lesson(self):
        """The game's lesson (a ``goatwidgets.lessons.Lesson``)."""
        return _import(self.lesson_path)

    @property
    def player_counts(self) -> range:
        return range(self.players[0], self.players[1] + 1)


def _read_registry() -> dict[str, GameInfo]:
    data = json.loads((Path(__file__).with_name("registry.json")).read_text(encoding="utf-8"))
    return {g["id"]: GameInfo(g["id"], g["title"], g["summary"], tuple(g["players"]),
                              g["module"], g["widget"], g["lesson"], g["notebook"], g["js"])
            for g in data["games"]}


REGISTRY: dict[str, GameInfo] = _read_registry()
#: the game ids, in registry order
GAMES: tuple[str, ...] = tuple(REGISTRY)


def load(text: str):
    """Reopen a game saved with ``state.to_json()``, whichever game it is."""
    name = parse_save(text).get("game")
    if not isinstance(name, str) or name not in REGISTRY:
        raise SaveError(f"field 'game' is {str(name)[:40]!r}; known games: {', '.join(GAMES)}",
                        "save")
    return load_state(REGISTRY[name].module.State, text)
