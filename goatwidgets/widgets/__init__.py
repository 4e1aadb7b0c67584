"""Widgets: the game widgets (anywidget), one per registered game, and the lesson runner.
Imports ``games``, never the reverse.

    >>> from goatwidgets.widgets import GoatLords
    >>> GoatLords.__module__
    'goatwidgets.widgets.goat_lords'
"""

from ..games import REGISTRY
from .base import GameWidget, MessageError
from .lesson import Lesson
from .progress import simulate
from .review import Review

#: every registered game's widget class, by its class name (``FloatsMcGoats``…)
WIDGETS = {cls.__name__: cls for cls in (info.widget() for info in REGISTRY.values())}
globals().update(WIDGETS)

__all__ = ["GameWidget", "MessageError", *WIDGETS, "Lesson", "Review", "simulate"]
