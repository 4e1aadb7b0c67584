"""goatwidgets: Jupyter widgets that teach five goat tabletop games.

    >>> import goatwidgets
    >>> w = goatwidgets.FloatsMcGoats(players=2, seed=1, bots={1: "random"})
    >>> w.state.players
    2

The widgets are imported lazily (a game's widget class from the registry, ``games/registry.json``,
when it is first used), so ``goatwidgets.games`` and ``goatwidgets.engine`` work in a plain
Python process without Jupyter.
"""

from importlib import import_module

from .games import REGISTRY

__version__ = "0.1.0"

#: name -> the module that defines it: each game's widget (from the registry), and the rest
_LAZY = {
    **{info.widget_path.partition(":")[2]: info.widget_path.partition(":")[0]
       for info in REGISTRY.values()},
    "GameWidget": "goatwidgets.widgets.base",
    "Lesson": "goatwidgets.widgets.lesson",
    "Review": "goatwidgets.widgets.review",
    "Room": "goatwidgets.room",
    "progress": "goatwidgets.widgets.progress",
    "simulate": "goatwidgets.widgets.progress",
}


def __getattr__(name):
    if name in _LAZY:
        return getattr(import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'goatwidgets' has no attribute {name!r}")


__all__ = list(_LAZY)
