"""Adapters that let other game-playing libraries use the goatwidgets games.

- :mod:`goatwidgets.adapters.openspiel`: every registered game as an OpenSpiel (``pyspiel``)
  Python game, the optional extra ``pip install goatwidgets[openspiel]``.

An adapter imports its library only when a game is built, so ``import goatwidgets`` (and this
package) never needs it. Nothing in ``engine`` or ``games`` imports an adapter.
"""
