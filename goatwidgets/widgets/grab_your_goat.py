"""The Grab Your Goat! widget: step your shepherd along the path cards, turn cards, play a card
from your hand, and catch your goat, all by clicking.

    >>> from goatwidgets import GrabYourGoat
    >>> w = GrabYourGoat(players=2, seed=1, names=["Ana", "Ben"], first=0, seat=0)  # Ana's eyes
    >>> w.state.preset(die="e"); w.play("roll")
    >>> w.view["die_label"], sorted({a["kind"] for a in w.legal})
    ('East', ['play', 'rotate', 'step'])
    >>> w.play("step b1")                  # a face-down card: it turns up, Ana lays it down
    >>> w.view["pending"]["kind"], w.view["pending"]["cell"]
    ('orient', 'b1')
    >>> "<svg" in w.picture()              # what a notebook saved without a kernel shows
    True
"""

from __future__ import annotations

import html

from ..games import grab_your_goat
from ..games.grab_your_goat.cards import EFFECTS, NAMES
from .base import GameWidget, bundle
from .pictures import PALETTE, seat_badge, seat_style, shape_path, text_on

S = 54
#: the picture's card colours (as the front end's): paths on parchment, backs dark green
PAPER, BACK, PATH, TOP_FILL = "#f3e6c4", "#2f5d46", "#8a5a2b", "#dfe9f2"
EFFECT_FILL = {"coffee": "#e8d3b8", "ski": "#d9ecf7", "thicket": "#bcd9a3", "wheat": "#f5e49a",
               "fog": "#d7d7d7", "landslide": "#d9b48f", "mineshaft": "#9b8f84",
               "cliff": "#b8b0a6", "waterfall": "#a9d4f0"}
#: the names printed on cards: the effect cards' own names (as on the board and in the
#: lesson), two words on two lines; the Top of the Mountain is "Top"
SHORT = {**{kind: NAMES[kind] for kind in EFFECTS}, "top": "Top"}
TIP = {"n": (0.5, 0.0), "e": (1.0, 0.5), "s": (0.5, 1.0), "w": (0.0, 0.5)}


def _card(cell: dict) -> str:
    x, y = cell["col"] * S, cell["row"] * S
    title = html.escape(cell["id"] + ": " + (cell.get("name") or "face-down card"))
    if not cell["up"]:
        return (f'<rect x="{x + 1}" y="{y + 1}" width="{S - 2}" height="{S - 2}" rx="4" '
                f'fill="{BACK}" stroke="#173326"><title>{title}</title></rect>'
                f'<circle cx="{x + S / 2}" cy="{y + S / 2}" r="{S * 0.16:.1f}" fill="none" '
                f'stroke="#7fa58f" stroke-width="2"/>')
    kind = cell["card"]
    fill = (seat_style(cell["owner"])["color"] if "owner" in cell else
            TOP_FILL if kind == "top" else EFFECT_FILL.get(kind, PAPER))
    out = [f'<rect x="{x + 1}" y="{y + 1}" width="{S - 2}" height="{S - 2}" rx="4" '
           f'fill="{fill}" stroke="#5b3d1a"><title>{title}</title></rect>']
    cx, cy = x + S / 2, y + S / 2
    for d in cell.get("arrows", ""):
        tx, ty = x + TIP[d][0] * S, y + TIP[d][1] * S
        out.append(f'<line x1="{cx}" y1="{cy}" x2="{tx}" y2="{ty}" stroke="{PATH}" '
                   f'stroke-width="{S * 0.16:.1f}"/>')
    if kind in SHORT:
        words = SHORT[kind].split()
        for i, word in enumerate(words):
            out.append(f'<text x="{cx}" y="{y + S - 6 - 9 * (len(words) - 1 - i)}" '
                       f'font-size="9" font-weight="bold" text-anchor="middle" fill="#111" '
                       f'stroke="#fff" stroke-width="2.5" paint-order="stroke">{word}</text>')
    return "".join(out)


def _pieces(view: dict) -> str:
    on: dict[str, list] = {}
    for kind in ("shepherds", "goats"):
        for seat, cell in enumerate(view[kind]):
            on.setdefault(cell, []).append((kind, seat))
    where = {c["id"]: (c["col"] * S, c["row"] * S) for c in view["cells"]}
    out = []
    for cell, pieces in on.items():
        x, y = where[cell]
        per = 2 if len(pieces) <= 4 else 4
        r = S * (0.16 if len(pieces) <= 2 else 0.12 if len(pieces) <= 4 else 0.08)
        for i, (kind, seat) in enumerate(pieces):
            row, col = divmod(i, per)
            rows = -(-len(pieces) // per)
            px = x + S * (col + 0.5) / min(per, len(pieces))
            py = y + S * (row + 0.5) / rows
            style = seat_style(seat)
            fill = style["color"] if kind == "shepherds" else "#ffffff"
            stroke = PALETTE["outline"] if kind == "shepherds" else style["color"]
            label = "S" if kind == "shepherds" else "G"
            colour = text_on(style["color"]) if kind == "shepherds" else "#111"
            out.append(f'<path d="{shape_path(style["shape"], px, py, r)}" fill="{fill}" '
                       f'stroke="{stroke}" stroke-width="{3 if kind == "goats" else 1.5}">'
                       f'<title>{html.escape(view["names"][seat])}: '
                       f'{"shepherd" if kind == "shepherds" else "goat"}</title></path>'
                       f'<text x="{px:.1f}" y="{py + r * 0.4:.1f}" font-size="{r * 1.1:.0f}" '
                       f'font-weight="bold" text-anchor="middle" fill="{colour}">{label}</text>')
    return "".join(out)


def picture(view: dict) -> str:
    """A static SVG of a Grab Your Goat! view (what a saved notebook shows without a kernel)."""
    seats = " · ".join(f"{seat_badge(i)} {html.escape(n)}: {view['hands'][i]} cards in hand"
                       for i, n in enumerate(view["names"]))
    die = f" The die shows {html.escape(view['die_label'])}." if view.get("die_label") else ""
    cards = "".join(_card(c) for c in view["cells"])
    size = 7 * S
    return (f'<div class="gw-picture"><p><b>Grab Your Goat!</b> — {seats}. '
            f'{html.escape(view["prompt"])}{die}</p><p>Shepherds are the filled shapes (S), '
            f'goats the hollow ones (G).</p>'
            f'<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="Grab Your Goat! '
            f'board" width="{size}" viewBox="0 0 {size} {size}">{cards}{_pieces(view)}</svg></div>')


class GrabYourGoat(GameWidget):
    """Play Grab Your Goat! in a notebook cell. Any seat can be a bot: ``bots={1: "greedy"}``.
    Hands and face-down cards are secret, so hot-seat play covers the screen between human
    seats."""

    _esm = bundle("grab_your_goat.js")
    game_module = grab_your_goat

    def picture(self) -> str:
        return picture(self.state.view(None))


__all__ = ["GrabYourGoat", "picture", "NAMES"]
