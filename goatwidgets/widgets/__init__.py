"""Widgets: the game widgets (anywidget) and the lesson runner. Imports ``games``, never
the reverse."""

from .base import GameWidget, MessageError
from .floats_mcgoats import FloatsMcGoats

__all__ = ["GameWidget", "MessageError", "FloatsMcGoats"]
