"""goatwidgets: Jupyter widgets that teach five goat tabletop games.

    >>> import goatwidgets
    >>> w = goatwidgets.FloatsMcGoats(players=2, seed=1, bots={1: "random"})
    >>> w.state.players
    2

The widgets are imported lazily, so ``goatwidgets.games`` and ``goatwidgets.engine`` work in
a plain Python process without Jupyter.
"""

__version__ = "0.1.0"

_LAZY = {
    "BattleGoats": "goatwidgets.widgets.battlegoats",
    "FloatsMcGoats": "goatwidgets.widgets.floats_mcgoats",
    "GameWidget": "goatwidgets.widgets.base",
    "GoatLords": "goatwidgets.widgets.goat_lords",
    "GrabYourGoat": "goatwidgets.widgets.grab_your_goat",
    "GruffGoats": "goatwidgets.widgets.gruff_goats",
    "Lesson": "goatwidgets.widgets.lesson",
    "progress": "goatwidgets.widgets.progress",
    "simulate": "goatwidgets.widgets.progress",
}


def __getattr__(name):
    if name in _LAZY:
        from importlib import import_module

        return getattr(import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'goatwidgets' has no attribute {name!r}")


__all__ = list(_LAZY)
