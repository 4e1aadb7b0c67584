"""The Floats McGoats widget: click open spots, sticks and goats on the raft.

    >>> from goatwidgets import FloatsMcGoats
    >>> w = FloatsMcGoats(players=2, seed=1)
    >>> w.state.preset(die="add")
    >>> w.play("roll"); w.view["face_label"]
    'Add a stick'
    >>> sorted({a["kind"] for a in w.legal})
    ['stick']
"""

from __future__ import annotations

import html
import math

from ..games import floats_mcgoats
from .base import GameWidget, bundle
from .pictures import PALETTE, seat_badge, seat_style, shape_path, text_on

STICK_WIDTH = {"anchor": 7, "dark": 6, "light": 6}
SCALE = 56


def _xy(q: float, r: float) -> tuple[float, float]:
    return (q + r / 2) * SCALE, -r * math.sqrt(3) / 2 * SCALE


def picture(view: dict) -> str:
    """A static SVG of a Floats McGoats view (what a saved notebook shows without a kernel)."""
    b = view["bounds"]
    corners = [_xy(q, r) for q in (b["qmin"], b["qmax"]) for r in (b["rmin"], b["rmax"])]
    xs, ys = [c[0] for c in corners], [c[1] for c in corners]
    parts = []
    for stick in view["sticks"]:
        (x1, y1), (x2, y2) = _xy(*stick["a"]), _xy(*stick["b"])
        colours, width = PALETTE["sticks"][stick["kind"]], STICK_WIDTH[stick["kind"]]
        ends = f'{x1:.1f},{y1:.1f} {x2:.1f},{y2:.1f}'
        parts.append(f'<path d="M{ends}" stroke="{colours["edge"]}" stroke-width="{width}" '
                     f'stroke-linecap="round"/><line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" '
                     f'y2="{y2:.1f}" stroke="{colours["fill"]}" stroke-width="{width - 2}" '
                     f'stroke-linecap="round"><title>{stick["kind"]} stick</title></line>')
    for spot in view["spots"]:
        q, r = spot["q"], spot["r"]
        pts = ([(q, r), (q + 1, r), (q, r + 1)] if spot["up"]
               else [(q + 1, r), (q, r + 1), (q + 1, r + 1)])
        cx = sum(_xy(*p)[0] for p in pts) / 3
        cy = sum(_xy(*p)[1] for p in pts) / 3
        if spot["shark"]:
            parts.append(f'<path d="M{cx - 9:.1f},{cy + 6:.1f} L{cx + 3:.1f},{cy - 10:.1f} '
                         f'L{cx + 9:.1f},{cy + 6:.1f} Z" fill="#555"><title>shark</title></path>')
        for i, goat in enumerate(spot["goats"]):
            offset = (i - (len(spot["goats"]) - 1) / 2) * 10
            radius = 8 if goat["kind"] == "mama" else 6.5
            style = seat_style(goat["owner"])
            label = "M" if goat["kind"] == "mama" else "B"
            paint = f'fill="{style["color"]}" stroke="{PALETTE["outline"]}"'
            parts.append(f'<circle cx="{cx + offset:.1f}" cy="{cy:.1f}" r="{radius}" {paint}/>'
                         if style["shape"] == "circle" else
                         f'<path d="{shape_path(style["shape"], cx + offset, cy, radius)}" {paint}/>')
            parts.append(f'<text x="{cx + offset:.1f}" y="{cy + 3.5:.1f}" font-size="9" '
                         f'font-weight="bold" fill="{text_on(style["color"])}" '
                         f'text-anchor="middle">{label}</text>')
    names = " · ".join(f"{seat_badge(i)} {html.escape(n)}: {s}"
                       for i, (n, s) in enumerate(zip(view["names"], view["scores"])))
    return (f'<div class="gw-picture"><p><b>Floats McGoats</b> — {names} (target '
            f'{view["target"]}). {html.escape(view["prompt"])}</p>'
            f'<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="raft" '
            f'width="{max(xs) - min(xs):.0f}" viewBox="{min(xs):.1f} {min(ys):.1f} '
            f'{max(xs) - min(xs):.1f} {max(ys) - min(ys):.1f}">{"".join(parts)}</svg></div>')


class FloatsMcGoats(GameWidget):
    """Play Floats McGoats in a notebook cell. Any seat can be a bot: ``bots={1: "greedy"}``."""

    _esm = bundle("floats_mcgoats.js")
    game_module = floats_mcgoats

    def picture(self) -> str:
        return picture(self.state.view(None))
