"""Small SVG charts for the tutorials: bars, histograms, box plots, drawn graphs.

The notebooks draw their plots with these instead of matplotlib, so they look the same in
JupyterLab, on Binder and in the no-server JupyterLite site (whose Pyodide kernel has no
numpy or matplotlib: no package registry carries them built for Pyodide). Pure Python,
no dependencies; a chart is shown as an SVG image (``_repr_svg_``), and ``row`` puts
charts side by side.

    >>> from goatwidgets import charts
    >>> c = charts.bars(["Ana", "Ben"], [3, 5], title="wins")
    >>> c.svg.startswith("<svg") and "wins" in c.svg
    True
    >>> charts.row(c, charts.histogram([1, 2, 2, 3], bins=3)).width > c.width
    True
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from html import escape

__all__ = ["Chart", "bars", "histogram", "boxplot", "network", "row", "strip"]

#: Okabe-Ito colours (readable with any colour vision), for series in order
COLOURS = ["#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#F0E442"]
FONT = 'font-family="sans-serif" fill="#222"'  # each text sets its own font-size
W, H = 420, 270  # default chart size (px)


@dataclass
class Chart:
    """An SVG picture: ``width`` x ``height`` pixels, ``body`` its SVG elements."""

    width: float
    height: float
    body: str

    @property
    def svg(self) -> str:
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.width:.0f}" '
                f'height="{self.height:.0f}" viewBox="0 0 {self.width:.0f} {self.height:.0f}">'
                f'<rect width="100%" height="100%" fill="white"/>{self.body}</svg>')

    def _repr_svg_(self) -> str:
        return self.svg

    def __repr__(self) -> str:
        return f"<Chart {self.width:.0f}x{self.height:.0f}>"


def row(*charts: Chart, gap: float = 12) -> Chart:
    """Charts side by side, in one picture."""
    x, parts = 0.0, []
    for c in charts:
        parts.append(f'<svg x="{x:.0f}" y="0" width="{c.width:.0f}" height="{c.height:.0f}">'
                     f"{c.body}</svg>")
        x += c.width + gap
    return Chart(x - gap if charts else 0, max((c.height for c in charts), default=0),
                 "".join(parts))


# ------------------------------------------------------------------ helpers


def _text(x, y, s, anchor="middle", size=11, extra=""):
    return (f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}" {FONT} '
            f'font-size="{size}" {extra}>{escape(str(s))}</text>')


def _ticks(lo: float, hi: float, n: int = 5) -> list[float]:
    """Round tick values covering [lo, hi]."""
    if hi <= lo:
        hi = lo + 1
    raw = (hi - lo) / n
    mag = 10 ** math.floor(math.log10(raw))
    step = next(m * mag for m in (1, 2, 2.5, 5, 10) if m * mag >= raw)
    first = math.floor(lo / step) * step
    ticks, t = [], first
    while t <= hi + step * 1e-9:
        ticks.append(round(t, 10))
        t += step
    if ticks[-1] < hi:
        ticks.append(round(t, 10))
    return ticks


def _num(v: float) -> str:
    return f"{v:g}"


class _Frame:
    """A plot area with a numeric value axis (vertical, or horizontal if ``flip``)."""

    def __init__(self, lo, hi, *, width, height, left, bottom, title, value_label, flip=False):
        self.ticks = _ticks(lo, hi)
        self.lo, self.hi = self.ticks[0], self.ticks[-1]
        self.width, self.height, self.flip = width, height, flip
        self.x0, self.x1 = left, width - 14
        self.y0, self.y1 = (28 if title else 12), height - bottom
        parts = [_text(width / 2, 17, title, size=13, extra='font-weight="bold"')] if title else []
        for t in self.ticks:
            if flip:
                x = self.pos(t)
                parts.append(f'<line x1="{x:.1f}" y1="{self.y0}" x2="{x:.1f}" y2="{self.y1}" '
                             'stroke="#ddd"/>')
                parts.append(_text(x, self.y1 + 14, _num(t)))
            else:
                y = self.pos(t)
                parts.append(f'<line x1="{self.x0}" y1="{y:.1f}" x2="{self.x1}" y2="{y:.1f}" '
                             'stroke="#ddd"/>')
                parts.append(_text(self.x0 - 5, y + 4, _num(t), anchor="end"))
        if value_label and flip:
            parts.append(_text((self.x0 + self.x1) / 2, height - 6, value_label))
        elif value_label:
            y = (self.y0 + self.y1) / 2
            parts.append(_text(12, y, value_label, extra=f'transform="rotate(-90 12 {y:.1f})"'))
        parts.append(f'<line x1="{self.x0}" y1="{self.y1}" x2="{self.x1}" y2="{self.y1}" '
                     'stroke="#444"/>' if not flip else
                     f'<line x1="{self.x0}" y1="{self.y0}" x2="{self.x0}" y2="{self.y1}" '
                     'stroke="#444"/>')
        self.parts = parts

    def pos(self, v: float) -> float:
        f = (v - self.lo) / (self.hi - self.lo)
        if self.flip:
            return self.x0 + f * (self.x1 - self.x0)
        return self.y1 - f * (self.y1 - self.y0)

    def chart(self, *more: str) -> Chart:
        return Chart(self.width, self.height, "".join(self.parts + list(more)))


def _legend(names, x, y) -> str:
    out = []
    for i, name in enumerate(names):
        out.append(f'<rect x="{x}" y="{y + i * 15}" width="10" height="10" '
                   f'fill="{COLOURS[i % len(COLOURS)]}"/>')
        out.append(_text(x + 14, y + i * 15 + 9, name, anchor="start"))
    return "".join(out)


# ------------------------------------------------------------------ charts


#: the thickest a bar gets, in pixels (a chart of one or two bars keeps bar-like bars)
MAX_BAR = 36


def bars(labels, values, *, title="", ylim=None, horizontal=False, colours=None,
         value_label="", width=W, height=None) -> Chart:
    """A bar per label; ``horizontal`` puts the labels on the left (long names)."""
    labels, values = [str(x) for x in labels], list(values)
    colours = colours or [COLOURS[0]] * len(values)
    lo, hi = ylim or (min(0, *values), max(0, *values) or 1)
    n = max(len(values), 1)
    if horizontal:
        height = height or 40 + 22 * n + (30 if value_label else 16)
        left = 12 + 6.2 * max((len(s) for s in labels), default=1)
        f = _Frame(lo, hi, width=width, height=height, left=left,
                   bottom=(34 if value_label else 20), title=title, value_label=value_label,
                   flip=True)
        start, band = f.y0, (f.y1 - f.y0) / n
    else:
        f = _Frame(lo, hi, width=width, height=height or H, left=46 if not value_label else 56,
                   bottom=24, title=title, value_label=value_label)
        start, band = f.x0, (f.x1 - f.x0) / n
    out = []
    for i, (label, v) in enumerate(zip(labels, values)):
        at = start + i * band                               # where the label's band begins
        a, b = sorted((f.pos(0 if lo <= 0 <= hi else lo), f.pos(v)))
        thick = min(band * 0.7, MAX_BAR)                    # a lone bar is not a wall
        across, along = (at + (band - thick) / 2, thick), (a, b - a)      # (offset, size)
        (x, w), (y, h) = (along, across) if horizontal else (across, along)
        out.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" '
                   f'fill="{colours[i]}"><title>{escape(label)}: {_num(v)}</title></rect>')
        out.append(_text(f.x0 - 5, at + band / 2 + 4, label, anchor="end") if horizontal
                   else _text(at + band / 2, f.y1 + 15, label))
    return f.chart(*out)


def histogram(data, *, bins=10, title="", value_label="", width=W, height=H) -> Chart:
    """How many values fall in each of ``bins`` equal ranges. ``data`` is a list of numbers,
    or ``{name: list}`` for series side by side (with a legend)."""
    series = data if isinstance(data, dict) else {"": data}
    allv = [v for vs in series.values() for v in vs]
    lo, hi = (min(allv), max(allv)) if allv else (0, 1)
    if hi == lo:
        hi = lo + 1
    step = (hi - lo) / bins
    counts = {name: [0] * bins for name in series}
    for name, vs in series.items():
        for v in vs:
            counts[name][min(int((v - lo) / step), bins - 1)] += 1
    top = max((c for cs in counts.values() for c in cs), default=1) or 1
    f = _Frame(0, top, width=width, height=height, left=46, bottom=24, title=title,
               value_label=value_label)
    xs = lambda v: f.x0 + (v - lo) / (hi - lo) * (f.x1 - f.x0)  # noqa: E731
    out, k = [], len(series)
    for s, (name, cs) in enumerate(counts.items()):
        for b, c in enumerate(cs):
            if not c:
                continue
            x = xs(lo + b * step) + (xs(lo + step) - xs(lo)) * s / k
            w = (xs(lo + step) - xs(lo)) / k
            out.append(f'<rect x="{x:.1f}" y="{f.pos(c):.1f}" width="{max(w - 0.5, 0.5):.1f}" '
                       f'height="{f.y1 - f.pos(c):.1f}" fill="{COLOURS[s % len(COLOURS)]}">'
                       f'<title>{escape(name)} {_num(lo + b * step)}-{_num(lo + (b + 1) * step)}'
                       f': {c}</title></rect>')
    for t in _ticks(lo, hi):
        if lo <= t <= hi:
            out.append(_text(xs(t), f.y1 + 15, _num(t)))
    if k > 1:
        out.append(_legend(list(series), f.x1 - 130, f.y0 + 4))
    return f.chart(*out)


def _quantile(sorted_vs, q):
    i = (len(sorted_vs) - 1) * q
    a, b = math.floor(i), math.ceil(i)
    return sorted_vs[a] + (sorted_vs[b] - sorted_vs[a]) * (i - a)


def boxplot(data: dict, *, title="", value_label="", width=W, height=H) -> Chart:
    """A box per ``{name: values}``: the middle half of the values, the median line,
    whiskers to the furthest values within 1.5 box lengths, points beyond them."""
    allv = [v for vs in data.values() for v in vs] or [0, 1]
    f = _Frame(min(allv), max(allv), width=width, height=height,
               left=46 if not value_label else 56, bottom=24, title=title,
               value_label=value_label)
    band = (f.x1 - f.x0) / max(len(data), 1)
    out = []
    for i, (name, vs) in enumerate(data.items()):
        x = f.x0 + (i + 0.5) * band
        out.append(_text(x, f.y1 + 15, name))
        vs = sorted(vs)
        if not vs:
            continue
        q1, med, q3 = (_quantile(vs, q) for q in (0.25, 0.5, 0.75))
        reach = 1.5 * (q3 - q1)
        low = min(v for v in vs if v >= q1 - reach)
        high = max(v for v in vs if v <= q3 + reach)
        half = band * 0.2
        out.append(f'<line x1="{x:.1f}" y1="{f.pos(low):.1f}" x2="{x:.1f}" y2="{f.pos(high):.1f}" '
                   'stroke="#444"/>')
        for v in (low, high):
            out.append(f'<line x1="{x - half / 2:.1f}" y1="{f.pos(v):.1f}" x2="{x + half / 2:.1f}" '
                       f'y2="{f.pos(v):.1f}" stroke="#444"/>')
        out.append(f'<rect x="{x - half:.1f}" y="{f.pos(q3):.1f}" width="{2 * half:.1f}" '
                   f'height="{f.pos(q1) - f.pos(q3):.1f}" fill="{COLOURS[0]}" fill-opacity="0.35" '
                   f'stroke="{COLOURS[0]}"><title>{escape(name)}: median {_num(med)}, middle half '
                   f'{_num(q1)}-{_num(q3)}</title></rect>')
        out.append(f'<line x1="{x - half:.1f}" y1="{f.pos(med):.1f}" x2="{x + half:.1f}" '
                   f'y2="{f.pos(med):.1f}" stroke="{COLOURS[1]}" stroke-width="2"/>')
        for v in vs:
            if v < low or v > high:
                out.append(f'<circle cx="{x:.1f}" cy="{f.pos(v):.1f}" r="2.5" fill="none" '
                           'stroke="#444"/>')
    return f.chart(*out)


def network(graph, where: dict, *, title="", node_size=4.0, node_colours="#333",
            node_edge_colours=None, edge_colours="#555", edge_width=2.0, labels=False,
            highlight=(), highlight_colour="#0072B2", tiles=None, width=W) -> Chart:
    """A networkx graph drawn at the positions ``where`` ({node: (x, y)}, y pointing up, one
    unit on both axes). Colours are one colour or a {node: colour} / {(u, v): colour} dict;
    ``highlight`` is a list of edges drawn wider on top; ``tiles`` ({(x, y): colour}) are unit
    squares drawn underneath (e.g. a board)."""
    tiles = tiles or {}
    pts = list(where.values()) + list(tiles)
    pad = 0.6 if tiles else 0.3
    xmin, xmax = min(p[0] for p in pts) - pad, max(p[0] for p in pts) + pad
    ymin, ymax = min(p[1] for p in pts) - pad, max(p[1] for p in pts) + pad
    top = 28 if title else 8
    scale = (width - 16) / max(xmax - xmin, 1e-9)
    height = top + (ymax - ymin) * scale + 8
    sx = lambda x: 8 + (x - xmin) * scale  # noqa: E731
    sy = lambda y: top + (ymax - y) * scale  # noqa: E731
    pick = lambda c, k, default: (c.get(k, default) if isinstance(c, dict) else c)  # noqa: E731
    out = [_text(width / 2, 17, title, size=13, extra='font-weight="bold"')] if title else []
    for (x, y), colour in tiles.items():
        s = 0.9 * scale
        out.append(f'<rect x="{sx(x) - s / 2:.1f}" y="{sy(y) - s / 2:.1f}" width="{s:.1f}" '
                   f'height="{s:.1f}" rx="3" fill="{colour}"/>')

    def edge(u, v, colour, w):
        return (f'<line x1="{sx(where[u][0]):.1f}" y1="{sy(where[u][1]):.1f}" '
                f'x2="{sx(where[v][0]):.1f}" y2="{sy(where[v][1]):.1f}" stroke="{colour}" '
                f'stroke-width="{w}" stroke-linecap="round"/>')

    for u, v in graph.edges():
        colour = pick(edge_colours, (u, v), None) if isinstance(edge_colours, dict) else None
        colour = colour or pick(edge_colours, (v, u), "#555")
        out.append(edge(u, v, colour, edge_width))
    for u, v in highlight:
        out.append(edge(u, v, highlight_colour, edge_width * 2))
    for n in graph.nodes():
        x, y = sx(where[n][0]), sy(where[n][1])
        if node_size:
            ring = pick(node_edge_colours, n, None) if node_edge_colours else None
            stroke = f' stroke="{ring}" stroke-width="2"' if ring else ""
            out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{node_size}" '
                       f'fill="{pick(node_colours, n, "#333")}"{stroke}><title>{escape(str(n))}'
                       "</title></circle>")
        if labels:
            out.append(_text(x, y + 4, n, size=9))
    return Chart(width, height, "".join(out))


def strip(labels, values, lows, highs, *, colours, better=None, notes=None, title="",
          width=340, height=130) -> Chart:
    """The review's strip: a bar per decision (``values``, in 0-100), each with its 95 %
    interval (``lows``-``highs``) drawn as a whisker over it, and where ``better[i]`` is a
    number, a ring at that height: the better move's value on the same trials. ``notes[i]``
    (e.g. ``"?"``) is written above the bar, so a grade reads without its colour.

        >>> c = strip(["1", "2"], [40, 70], [30, 60], [50, 80], colours=["#009E73"] * 2,
        ...           better=[None, 85], notes=["", "?"])
        >>> c.svg.count("<line") > 4 and "<circle" in c.svg and ">?</text>" in c.svg
        True
    """
    labels, n = [str(x) for x in labels], max(len(values), 1)
    better = better or [None] * len(values)
    notes = notes or [""] * len(values)
    f = _Frame(0, 100, width=width, height=height, left=46, bottom=24, title=title,
               value_label="")
    band = (f.x1 - f.x0) / n
    thick = min(band * 0.7, MAX_BAR)
    cap = max(min(thick / 2, 5), 1.5)
    out = []
    for i, (label, v, low, high) in enumerate(zip(labels, values, lows, highs)):
        x = f.x0 + (i + 0.5) * band
        tip = f"{label or i + 1}: {_num(v)} in 100 (95 % between {_num(low)} and {_num(high)})"
        if better[i] is not None:
            tip += f"; the better move: {_num(better[i])}"
        out.append(f'<rect x="{x - thick / 2:.1f}" y="{f.pos(v):.1f}" width="{thick:.1f}" '
                   f'height="{f.pos(0) - f.pos(v):.1f}" fill="{colours[i]}">'
                   f"<title>{escape(tip)}</title></rect>")
        y0, y1 = f.pos(low), f.pos(high)
        out.append(f'<line x1="{x:.1f}" y1="{y0:.1f}" x2="{x:.1f}" y2="{y1:.1f}" '
                   'stroke="#222" stroke-width="1.2"/>')
        for y in (y0, y1):
            out.append(f'<line x1="{x - cap:.1f}" y1="{y:.1f}" x2="{x + cap:.1f}" y2="{y:.1f}" '
                       'stroke="#222" stroke-width="1.2"/>')
        if better[i] is not None:
            out.append(f'<circle cx="{x:.1f}" cy="{f.pos(better[i]):.1f}" r="{cap:.1f}" '
                       'fill="white" stroke="#222" stroke-width="1.5"/>')
        if notes[i]:
            out.append(_text(x, min(y1, f.pos(better[i] if better[i] is not None else 0)) - 3,
                             notes[i], size=10, extra='font-weight="bold"'))
        if label:
            out.append(_text(x, f.y1 + 15, label))
    return f.chart(*out)
