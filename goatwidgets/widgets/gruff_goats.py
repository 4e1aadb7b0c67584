"""The Gruff Goats widget: claim wands, block and answer, move goats and trolls, send the
dragon, all by clicking.

    >>> from goatwidgets import GruffGoats
    >>> w = GruffGoats(players=2, seed=1)
    >>> w.play("claim medium")               # seat 0 puts down a hearts card
    >>> w.covered, w.viewer                  # hidden hands: the screen goes to seat 1 covered
    (True, 1)
    >>> w.view["claim"]["claimant"], "hand" in w.view     # nothing of seat 1's hand yet
    (0, False)
    >>> w._dispatch({"type": "uncover", "version": w.version})    # seat 1 is at the screen
    >>> sorted(a["text"] for a in w.legal)
    ['block', 'pass']

A class at one screen plays with open hands (GG-X10): nothing is secret, so no cover:

    >>> w = GruffGoats(players=4, seed=1, board="small", target=2, open_hands=True)
    >>> w.play("claim medium"); w.covered, w.viewer, len(w.view["hands"])
    (False, 1, 4)
"""

from __future__ import annotations

import html

from ..games import gruff_goats
from .base import GameWidget, bundle
from .pictures import PALETTE, seat_badge, seat_style, shape_path, text_on

S = 60
FILL = {"land": "#e9b96e", "bridge": "#a0703f", "island": "#62b957", "water": "#3f8fc9"}
SCALE = {"big": 1.0, "medium": 0.8, "little": 0.62}
LETTER = {"big": "B", "medium": "M", "little": "L"}
WAND_WORDS = {"troll": "troll", "big": "big goat", "medium": "medium goat",
              "little": "little goat", "dragon": "dragon"}


def _slots(n: int) -> list[tuple[float, float]]:
    """Offsets (in squares) for n goats on one square: rows of up to three."""
    per = 3 if n > 3 else n
    rows = -(-n // per)
    out = []
    for i in range(n):
        row, col = divmod(i, per)
        count = min(per, n - row * per)
        out.append(((col - (count - 1) / 2) * 0.3, (row - (rows - 1) / 2) * 0.28))
    return out


def picture(view: dict) -> str:
    """A static SVG of a Gruff Goats view (what a saved notebook shows without a kernel)."""
    squares = view["squares"]
    cols = max(q["col"] for q in squares) + 1
    rows = max(q["row"] for q in squares) + 1
    parts = []
    for q in squares:
        x, y = q["col"] * S, q["row"] * S
        parts.append(f'<rect x="{x + 1}" y="{y + 1}" width="{S - 2}" height="{S - 2}" rx="4" '
                     f'fill="{FILL.get(q["kind"], FILL["land"])}" stroke="#5b3d1a">'
                     f'<title>{html.escape(q.get("name", q["id"]))}</title></rect>')
    where = {q["id"]: (q["col"] * S + S / 2, q["row"] * S + S / 2) for q in squares}
    for troll in view["trolls"]:
        cx, cy = where[troll]
        parts.append(f'<circle cx="{cx}" cy="{cy}" r="{S * 0.32:.0f}" fill="#7d8f52" '
                     f'stroke="#1f2a10" stroke-width="2"><title>troll</title></circle>'
                     f'<text x="{cx}" y="{cy + 5}" font-size="14" font-weight="bold" '
                     f'text-anchor="middle">T</text>')
    on: dict[str, list] = {}
    for seat, goats in enumerate(view["goats"]):
        for size in ("big", "medium", "little"):
            if goats.get(size) is not None:
                on.setdefault(goats[size], []).append((seat, size))
    for square, goats in on.items():
        cx, cy = where[square]
        for (seat, size), (dx, dy) in zip(goats, _slots(len(goats))):
            style = seat_style(seat)
            r = (9 if len(goats) <= 3 else 6.5) * SCALE[size]
            x, y = cx + dx * S, cy + dy * S
            parts.append(f'<path d="{shape_path(style["shape"], x, y, r)}" fill="{style["color"]}" '
                         f'stroke="{PALETTE["outline"]}"><title>{size} goat</title></path>'
                         f'<text x="{x:.1f}" y="{y + 3:.1f}" font-size="{max(6, r):.0f}" '
                         f'font-weight="bold" fill="{text_on(style["color"])}" '
                         f'text-anchor="middle">{LETTER[size]}</text>')
    names = view["names"]

    scores = " · ".join(f"{seat_badge(i)} {html.escape(n)}: {s}"
                        for i, (n, s) in enumerate(zip(names, view["scores"])))
    wands = ", ".join(
        f"{WAND_WORDS[w]}: {html.escape(names[h]) if h is not None else 'nobody'}"
        for w, h in view["wands"].items())
    return (f'<div class="gw-picture"><p><b>Gruff Goats</b> — {scores} (target '
            f'{view["target"]} points). {html.escape(view["prompt"])}</p>'
            f'<p>Wands: {wands}.</p>'
            f'<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="Gruff Goats board" '
            f'width="{cols * S}" viewBox="0 0 {cols * S} {rows * S}">{"".join(parts)}</svg></div>')


class GruffGoats(GameWidget):
    """Play Gruff Goats in a notebook cell. Any seat can be a bot: ``bots={1: "greedy"}``.
    Hands are secret, so hot-seat play covers the screen between human seats, unless the game
    is played with open hands (``open_hands=True``, GG-X10)."""

    _esm = bundle("gruff_goats.js")
    game_module = gruff_goats

    def picture(self) -> str:
        return picture(self.state.view(None))
