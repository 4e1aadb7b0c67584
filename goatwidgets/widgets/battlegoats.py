"""The BattleGoats widget: draft, lay out and attack, all by clicking.

    >>> from goatwidgets import BattleGoats
    >>> w = BattleGoats(players=2, seed=1)
    >>> w.view["deciders"], w.viewer, w.covered   # all lay out at once (BG-R8) ...
    ([0, 1], 0, True)
    >>> w._dispatch({"type": "uncover", "version": w.version})
    >>> len(w.view["hand"])
    9
    >>> for _ in range(8):
    ...     w.play(w.legal[0]["text"])
    >>> w.covered, w.viewer                  # ... one screen takes them one after another
    (True, 1)
    >>> "hand" in w.view                     # nothing of seat 1's cards while covered
    False
    >>> w._dispatch({"type": "uncover", "version": w.version})
    >>> w.view["battlefields"][0]            # seat 1 sees nothing of seat 0's layout
    [None, None, None, None, None, None, None, None, None]
"""

from __future__ import annotations

import html

from ..engine.words import plural
from ..games import battlegoats
from ..games.battlegoats import SQUARES
from ..games.battlegoats.actions import ROW_NAMES
from .base import GameWidget, bundle
from .pictures import seat_badge

W, H, GAP = 86, 46, 4
LABEL = 44                              # the column of row names: front, middle, back


def _field_svg(view: dict, seat: int) -> str:
    """One battlefield as a small SVG, its rows named (front first): names and powers where
    this view may know them."""
    cards = view.get("cards", {})
    parts = [f'<text x="{LABEL - 6}" y="{r * (H + GAP) + H / 2 + 4}" font-size="11" '
             f'text-anchor="end" fill="#555">{word}</text>'
             for r, word in enumerate(ROW_NAMES.values())]
    for i, (sq, cell) in enumerate(zip(SQUARES, view["battlefields"][seat])):
        r, c = divmod(i, 3)
        x, y = LABEL + c * (W + GAP), r * (H + GAP)
        if cell is None:
            parts.append(f'<rect x="{x}" y="{y}" width="{W}" height="{H}" rx="5" fill="none" '
                         f'stroke="#999" stroke-dasharray="4 3"/>')
        elif cell.get("back"):
            parts.append(f'<rect x="{x}" y="{y}" width="{W}" height="{H}" rx="5" fill="#5f4b8b" '
                         f'stroke="#2e2447"><title>face down</title></rect>'
                         f'<text x="{x + W / 2}" y="{y + H / 2 + 6}" font-size="18" fill="#fff" '
                         f'text-anchor="middle" font-weight="bold">?</text>')
        else:
            info = cards.get(cell["card"], {})
            name = html.escape(info.get("name", cell["card"]))
            power = "?" if cell.get("power") is None else cell["power"]
            edge = "#009e73" if cell.get("face_up") else "#e69f00" if cell.get("known") else "#555"
            parts.append(f'<rect x="{x}" y="{y}" width="{W}" height="{H}" rx="5" fill="#fff" '
                         f'stroke="{edge}" stroke-width="2"><title>{name}: '
                         f'{html.escape(cell.get("sum", ""))}</title></rect>'
                         f'<text x="{x + 4}" y="{y + 16}" font-size="10" font-weight="bold">'
                         f'{name[:16]}</text>'
                         f'<text x="{x + W - 6}" y="{y + H - 7}" font-size="16" '
                         f'font-weight="bold" text-anchor="end">{power}</text>')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{LABEL + 3 * W + 2 * GAP}" '
            f'height="{3 * H + 2 * GAP}" role="img" aria-label="battlefield, front row first">'
            f'{"".join(parts)}</svg>')


def picture(view: dict) -> str:
    """A static HTML/SVG picture of a BattleGoats view (a saved notebook without a kernel)."""
    names = view["names"]
    blocks = []
    for seat, name in enumerate(names):
        out = " (out)" if seat in view.get("out", []) else ""
        blocks.append(f'<div style="display:inline-block;margin:4px 10px 4px 0;vertical-align:top">'
                      f'<div>{seat_badge(seat)} <b>{html.escape(name)}</b>: '
                      f'{plural(view["scores"][seat], "card")}{out}</div>'
                      f'{_field_svg(view, seat)}</div>')
    last = view.get("last_attack")
    fight = ""
    if last:
        sides = []
        for role in ("attacker", "defender"):
            side = last[role]
            card = view.get("cards", {}).get(side["card"], {}).get("name", side["card"])
            sides.append(f'{html.escape(names[side["seat"]])}: {html.escape(card)} '
                         f'({html.escape(side["sum"])})')
        fight = f'<p>Last fight: {" against ".join(sides)}.</p>'
    return (f'<div class="gw-picture"><p><b>BattleGoats</b> — {html.escape(view["prompt"])}</p>'
            f'{fight}{"".join(blocks)}</div>')


class BattleGoats(GameWidget):
    """Play BattleGoats in a notebook cell. Any seat can be a bot: ``bots={1: "greedy"}``.
    Cards are secret, so hot-seat play covers the screen between human seats. Everyone lays
    out at once (BG-R8); on one screen each lays out their whole battlefield in turn, so the
    cover comes once per player in the layout."""

    _esm = bundle("battlegoats.js")
    game_module = battlegoats

    def picture(self) -> str:
        return picture(self.state.view(None))
