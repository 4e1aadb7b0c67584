"""Pure rules models, one module (or package) per game. No widgets are imported here.

Each game module offers ``new_game(players=..., seed=..., **variants)``, ``State`` and
``Action``; see DESIGN.md for the contract. ``load(text)`` reopens any saved game.
"""

from importlib import import_module

GAMES = ("floats_mcgoats",)


def load(text: str):
    """Reopen a game saved with ``state.to_json()``, whichever game it is."""
    import json

    from ..engine import SaveError

    try:
        name = json.loads(text).get("game")
    except (TypeError, ValueError, AttributeError):
        raise SaveError("the saved game is not a JSON object", "save") from None
    if name not in GAMES:
        raise SaveError(f"field 'game' is {name!r}; known games: {', '.join(GAMES)}", "save")
    return import_module(f"{__name__}.{name}").State.from_json(text)
