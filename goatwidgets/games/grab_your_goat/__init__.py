"""Grab Your Goat!: walk a grid of path cards to catch the goat the die drives around.

    >>> from goatwidgets.games import grab_your_goat as game
    >>> s = game.new_game(players=2, seed=7, first=0)
    >>> s.to_move, s.pending.kind, s.view(0)["shepherds"], s.view(0)["goats"]
    (0, 'roll', ['a1', 'g7'], ['d4', 'd4'])

See ``rules`` for the model (setup, who decides, legal actions, effects, scores), ``views``
for what leaves it for a seat (views, prompts, the words of the log), ``saves`` for the turn
machine's steps, the saved fields and the checks of a loaded position, ``actions`` for the
text notation, ``board`` for the grid and its path graph, ``cards`` for the card data,
``explain`` for the rules in plain words and why an action is not allowed, and ``positions``
for building a position.

The view (``s.view(seat)``, JSON) for a front end:

- ``cells``: 49 entries in reading order (``a1`` … ``g7``), each ``{"id", "row", "col",
  "up"}``; a face-up card adds ``"card"`` (kind id), ``"name"``, ``"arrows"`` (like
  ``"nes"``; ``""`` while it waits to be laid down) and ``"effect"`` (bool); a house adds
  ``"owner"`` (its seat; unowned houses have none). A face-down card shows nothing more.
- ``houses``, ``shepherds``, ``goats``: one cell id per seat.
- ``die`` / ``die_label``: the last roll this turn (``"n"`` … ``"choice"``) or ``None``.
- ``hands``: cards held per seat (counts); ``deck``: cards left in the draw deck.
- ``pending``: the decision waiting, ``{"kind", "seat", …}`` with ``kind`` one of ``roll``
  (``rolls``), ``goat``, ``act`` / ``more`` (``coffee``), ``orient`` (``cell``, ``card``,
  ``back``: the side one arrow must point to or ``None``, ``options``: arrow texts),
  ``throw`` (``cell`` thrown from, ``piece``: ``"shepherd"``/``"goat"``, ``owner``),
  ``slide`` (``cell``), ``reveal``, ``lift`` (``cell`` from, ``to``); ``None`` once over.
- ``turn``, ``max_turns``, ``current`` (whose turn), ``lost_turn`` (per seat: will miss the
  next move, GY-R16), ``skipping`` (the current seat misses this move).
- For a seat only: ``hand`` (its card kinds), ``route`` (cell ids of the shortest walk along
  face-up paths from its shepherd to its goat, or ``None``) and ``reach`` (cell ids its
  shepherd can walk to).

Legal actions (``[a.to_dict() for a in s.legal_actions(seat)]``) carry ``kind``, ``text`` and
the fields of ``actions`` (``cell``, ``card``, ``arrows``, ``dir``).
"""

from .actions import Action, parse_action
from .board import CORNERS, TOP, cell_id, parse_cell
from .cards import DEFAULT_CARDS, DEFAULT_DIE, FACE_NAMES, NAMES
from .positions import position
from .explain import OUR_READINGS
from .rules import GrabState, new_game

State = GrabState

__all__ = ["Action", "State", "GrabState", "new_game", "position", "parse_action",
           "OUR_READINGS", "DEFAULT_CARDS", "DEFAULT_DIE", "FACE_NAMES", "NAMES", "TOP",
           "CORNERS", "cell_id", "parse_cell"]
