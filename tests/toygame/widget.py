"""A widget for the test game: the real GameWidget message path with an empty front end."""

from goatwidgets.widgets.base import GameWidget

import tests.toygame as game


class GoatAuctionWidget(GameWidget):
    """Goat Auction in a cell (no board drawn: the message tests drive it)."""

    _esm = "export default { render() { return () => {}; } };"
    game_module = game          # the package: its State is the game's, not the engine's base
