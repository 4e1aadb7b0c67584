"""Widgets: the game widgets (anywidget) and the lesson runner. Imports ``games``, never
the reverse."""

from .base import GameWidget, MessageError
from .battlegoats import BattleGoats
from .floats_mcgoats import FloatsMcGoats
from .goat_lords import GoatLords
from .grab_your_goat import GrabYourGoat
from .gruff_goats import GruffGoats
from .lesson import Lesson
from .progress import simulate

__all__ = ["GameWidget", "MessageError", "BattleGoats", "FloatsMcGoats", "GoatLords", "GrabYourGoat", "GruffGoats", "Lesson", "simulate"]
