"""Widgets: the game widgets (anywidget) and the lesson runner. Imports ``games``, never
the reverse."""

from .base import GameWidget, MessageError
from .floats_mcgoats import FloatsMcGoats
from .lesson import Lesson
from .progress import simulate

__all__ = ["GameWidget", "MessageError", "FloatsMcGoats", "Lesson", "simulate"]
