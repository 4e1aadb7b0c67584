"""The pictures' shared parts: the seats' palette, colours and shapes, as the JS draws them
(``js/shared/colors.js``), for the static pictures a widget gives (``w.picture()``) and the
notebooks' charts.

    >>> seat_style(0)["shape"], text_on("#ffffff")
    ('circle', '#000000')
    >>> seat_badge(1).startswith("<svg")
    True
"""

from __future__ import annotations

import json
import math
from pathlib import Path

#: the one palette (goatwidgets/palette.json), also bundled into the JS by js/shared/colors.js
PALETTE = json.loads((Path(__file__).resolve().parent.parent / "palette.json").read_text("utf-8"))

def seat_style(seat: int) -> dict:
    """A seat's {"name", "color", "shape"} from the palette (as seatStyle in the JS)."""
    seats = PALETTE["seats"]
    return seats[seat % len(seats)]


def text_on(colour: str) -> str:
    """Black or white, whichever reads better on ``colour`` (WCAG contrast, as in the JS)."""
    def lin(c):
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    n = int(colour.lstrip("#"), 16)
    lum = 0.2126 * lin(n >> 16 & 255) + 0.7152 * lin(n >> 8 & 255) + 0.0722 * lin(n & 255)
    return "#000000" if (lum + 0.05) / 0.05 >= 1.05 / (lum + 0.05) else "#ffffff"


def shape_path(shape: str, cx: float, cy: float, r: float) -> str:
    """SVG path data of a seat's shape, as ``shapePath`` in js/shared/colors.js."""
    def polygon(n, radius, rot=-math.pi / 2, inner=0.0, dy=0.0):
        k = 2 * n if inner else n
        pts = []
        for i in range(k):
            rr = inner if inner and i % 2 else radius
            a = rot + 2 * math.pi * i / k
            pts.append(f"{cx + rr * math.cos(a):.1f},{cy + dy + rr * math.sin(a):.1f}")
        return "M" + "L".join(pts) + "Z"
    if shape == "square":
        s = r * 0.85
        return f"M{cx - s:.1f},{cy - s:.1f}H{cx + s:.1f}V{cy + s:.1f}H{cx - s:.1f}Z"
    if shape == "diamond":
        return polygon(4, r * 1.15)
    if shape == "triangle":
        return polygon(3, r * 1.25, dy=r * 0.2)
    if shape == "pentagon":
        return polygon(5, r * 1.05)
    if shape == "star":
        return polygon(5, r * 1.2, inner=r * 0.55)
    return (f"M{cx - r:.1f},{cy:.1f}A{r:.1f},{r:.1f} 0 1,0 {cx + r:.1f},{cy:.1f}"
            f"A{r:.1f},{r:.1f} 0 1,0 {cx - r:.1f},{cy:.1f}Z")


def seat_badge(seat: int) -> str:
    """A seat's shape in its colour, 14 pixels wide, to stand before its name in a picture."""
    style = seat_style(seat)
    return (f'<svg width="14" height="14" viewBox="0 0 20 20" aria-hidden="true"><path d="'
            f'{shape_path(style["shape"], 10, 10, 7.5)}" fill="{style["color"]}" '
            f'stroke="{PALETTE["outline"]}"/></svg>')
