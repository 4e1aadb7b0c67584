"""The Goat Lords widget: pair cards into stacks, duel for top stacks, play action cards, all by
clicking (a hand card, then its partner, the discard pile, a top stack or Discard).

    >>> from goatwidgets import GoatLords
    >>> w = GoatLords(players=3, seed=0, names=["Ana", "Bo", "Cy"])
    >>> w.covered, "hand" in w.view        # hot-seat: Ana's hand waits behind the cover
    (True, False)
    >>> w.uncover()
    >>> w.view["why"], w.viewer, w.view["hand"]
    ("Ana's turn.", 0, ['lord', 'ninja', 'ghoast', 'foodie', 'baby'])
    >>> sorted({a["kind"] for a in w.legal})
    ['assist', 'birth', 'discard']
    >>> w.play("birth ghoast baby")                # doctest: +IGNORE_EXCEPTION_DETAIL
    Traceback (most recent call last):
    IllegalActionError: ...
    >>> w.error
    "can't make a pair of a Gleeful Ghoast and a Fainting Baby Goat: a pair is two of the same goat, or one goat and one wild (GL-R8)"
    >>> w.play("birth ninja lord"); w.covered      # hands are secret: the next player uncovers
    True
    >>> "<svg" in w.picture()                      # what a notebook saved without a kernel shows
    True
"""

from __future__ import annotations

import html

from ..games import goat_lords
from ..games.goat_lords.cards import IS_WILD, NAMES
from .base import GameWidget, bundle
from .pictures import PALETTE, seat_badge, seat_style, shape_path

#: card colours of the picture (as the front end's CARD_FILL)
CARD_FILL = {
    "lord": "#f2c14e", "goatini": "#d7b8f3", "corn": "#f9c6dc", "dragon": "#f6ab83",
    "kraken": "#9fd0ea", "ninja": "#c9c9c9", "fairy": "#d9f0a3", "tgoat": "#fde0cc",
    "ghoast": "#e4e4fb", "ladypug": "#efdcae", "foodie": "#bfe8df", "baby": "#fff3b0",
}
SHORT = {"lord": "Goat Lord", "goatini": "Goatini", "corn": "Corn", "dragon": "Dragon",
         "kraken": "Kraken", "ninja": "Ninja", "fairy": "Fairy", "tgoat": "T-Goat",
         "ghoast": "Ghoast", "ladypug": "Ladypug", "foodie": "Foodie", "baby": "Baby"}
W, H, GAP, ROW = 64, 44, 6, 78


def _stack(x: float, y: float, stack: dict, names: dict) -> str:
    kind = stack["kind"]
    wilds = sum(1 for c in stack["cards"] if c in IS_WILD)
    where = "Base Stack" if stack["base"] else "top stack" if stack["top"] else "stack"
    title = html.escape(f"{where}: {names.get(kind, kind)}, {len(stack['cards'])} cards, "
                        f"{stack['value']} points")
    edge = 3 if stack["top"] else 1.5
    out = [f'<rect x="{x + 3}" y="{y + 3}" width="{W}" height="{H}" rx="5" fill="#999"/>',
           f'<rect x="{x}" y="{y}" width="{W}" height="{H}" rx="5" fill="{CARD_FILL[kind]}" '
           f'stroke="#111" stroke-width="{edge}"><title>{title}</title></rect>',
           f'<text x="{x + 4}" y="{y + 14}" font-size="11" font-weight="bold" fill="#111">'
           f'{SHORT[kind]}</text>',
           f'<text x="{x + 4}" y="{y + 28}" font-size="10" fill="#111">{len(stack["cards"])} cards'
           f'{" · wild" if wilds else ""}</text>',
           f'<text x="{x + W - 4}" y="{y + H - 5}" font-size="11" font-weight="bold" '
           f'text-anchor="end" fill="#111">{stack["value"]}</text>']
    if stack["base"]:
        out.append(f'<rect x="{x}" y="{y + H - 5}" width="{W}" height="5" fill="#111"/>'
                   f'<text x="{x + W / 2}" y="{y - 3}" font-size="9" font-weight="bold" '
                   f'text-anchor="middle" fill="#111">BASE</text>')
    elif stack["top"]:
        out.append(f'<text x="{x + W / 2}" y="{y - 3}" font-size="9" font-weight="bold" '
                   f'text-anchor="middle" fill="#0072B2">TOP</text>')
    return "".join(out)


def picture(view: dict) -> str:
    """A static SVG of a Goat Lords view: every herd as stacks in order, the piles, the
    counts of hidden cards (what a saved notebook shows without a kernel)."""
    names = view.get("card_names") or NAMES
    players = view["names"]
    most = max([len(h) for h in view["herds"]] + [1])
    width = 150 + most * (W + GAP)
    rows = []
    for seat, herd in enumerate(view["herds"]):
        y = 18 + seat * ROW
        style = seat_style(seat)
        rows.append(f'<path d="{shape_path(style["shape"], 10, y + 18, 7)}" '
                    f'fill="{style["color"]}" stroke="{PALETTE["outline"]}"/>'
                    f'<text x="22" y="{y + 22}" font-size="13" font-weight="bold" fill="#111">'
                    f'{html.escape(players[seat])}</text>'
                    f'<text x="22" y="{y + 38}" font-size="11" fill="#111">'
                    f'{view["hand_counts"][seat]} in hand, {view["action_counts"][seat]} face down'
                    f'</text><text x="22" y="{y + 52}" font-size="11" fill="#111">'
                    f'{view["scores"][seat]} points</text>')
        for i, stack in enumerate(herd):
            rows.append(_stack(150 + i * (W + GAP), y + 10, stack, names))
    height = 18 + len(view["herds"]) * ROW + 8
    top = view.get("discard_top")
    pile = (f"discard pile: {html.escape(names.get(top, top))} on top "
            f"({view['discard_count']} cards)" if top else "discard pile empty")
    seats = " · ".join(f"{seat_badge(i)} {html.escape(n)}: {view['scores'][i]} points"
                       for i, n in enumerate(players))
    return (f'<div class="gw-picture"><p><b>Goat Lords</b> — {seats}. '
            f'{html.escape(view.get("why") or view["prompt"])}</p>'
            f'<p>Draw pile {view["draw_count"]} cards; {pile}; trash {len(view["trash"])} '
            f'cards.</p><svg xmlns="http://www.w3.org/2000/svg" role="img" '
            f'aria-label="Goat Lords herds" width="{width}" viewBox="0 0 {width} {height}" '
            f'style="background:#fafafa">{"".join(rows)}</svg></div>')


class GoatLords(GameWidget):
    """Play Goat Lords in a notebook cell. Any seat can be a bot: ``bots={1: "greedy"}``.
    Hands and face-down action cards are secret, so hot-seat play covers the screen between
    human seats, also before an answer off one's turn (a duel defence, Escape Goat)."""

    _esm = bundle("goat_lords.js")
    game_module = goat_lords

    def picture(self) -> str:
        return picture(self.state.view(None))


__all__ = ["GoatLords", "picture"]
