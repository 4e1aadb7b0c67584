// Pure player styling (no DOM): an Okabe–Ito colour and a distinct shape per seat,
// so colour is never the only cue. The data lives in goatwidgets/palette.json (one palette
// for the JS and the Python fallback pictures); esbuild bundles the JSON.

import palette from "../../goatwidgets/palette.json" with { type: "json" };

/** Okabe–Ito colours in seat order, from goatwidgets/palette.json (the Python pictures read it too). */
export const PALETTE = palette.seats.map(({ name, color }) => ({ name, color }));

/** One shape per seat, in seat order. */
export const SHAPES = palette.seats.map((s) => s.shape);

/** Outline of pieces and badges. */
export const OUTLINE = palette.outline;

/** Relative luminance (WCAG) of a "#rrggbb" colour, 0..1. */
export function luminance(hex) {
  const n = parseInt(hex.replace("#", ""), 16);
  const lin = (c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin((n >> 16) & 255) + 0.7152 * lin((n >> 8) & 255) + 0.0722 * lin(n & 255);
}

/** WCAG contrast ratio between two "#rrggbb" colours (1..21). */
export function contrast(c1, c2) {
  const [hi, lo] = [luminance(c1), luminance(c2)].sort((a, b) => b - a);
  return (hi + 0.05) / (lo + 0.05);
}

/** "#000000" or "#ffffff", whichever reads better on `hex`. */
export function textOn(hex) {
  return contrast(hex, "#000000") >= contrast(hex, "#ffffff") ? "#000000" : "#ffffff";
}

/**
 * Style of seat `seat` (0-based): {seat, color, colorName, shape, text} where `text`
 * is the label colour that reads on `color`. Seats beyond the palette wrap around.
 */
export function seatStyle(seat) {
  const i = ((Number(seat) % PALETTE.length) + PALETTE.length) % PALETTE.length;
  const { name, color } = PALETTE[i];
  return { seat: Number(seat), color, colorName: name, shape: SHAPES[i], text: TEXT_ON[i] };
}

/** The label colour on each palette colour, worked out once (drawing asks for it per piece). */
const TEXT_ON = PALETTE.map(({ color }) => textOn(color));

function polygon(n, cx, cy, r, rot, inner = 0) {
  const pts = [];
  const k = inner ? 2 * n : n;
  for (let i = 0; i < k; i++) {
    const rr = inner && i % 2 ? inner : r;
    const t = rot + (2 * Math.PI * i) / k;
    pts.push(`${fmt(cx + rr * Math.cos(t))},${fmt(cy + rr * Math.sin(t))}`);
  }
  return `M${pts.join("L")}Z`;
}

function fmt(v) {
  return String(Math.round(v * 100) / 100 + 0);
}

/**
 * SVG path data for `shape` centred at (cx, cy) with "radius" r; all shapes have
 * roughly the same visual weight. Unknown shapes fall back to a circle.
 */
export function shapePath(shape, cx, cy, r) {
  const up = -Math.PI / 2;
  switch (shape) {
    case "square": {
      const s = r * 0.85;
      return `M${fmt(cx - s)},${fmt(cy - s)}H${fmt(cx + s)}V${fmt(cy + s)}H${fmt(cx - s)}Z`;
    }
    case "diamond": return polygon(4, cx, cy, r * 1.15, up);
    case "triangle": return polygon(3, cx, cy + r * 0.2, r * 1.25, up);
    case "pentagon": return polygon(5, cx, cy, r * 1.05, up);
    case "star": return polygon(5, cx, cy, r * 1.2, up, r * 0.55);
    default:
      return `M${fmt(cx - r)},${fmt(cy)}A${fmt(r)},${fmt(r)} 0 1,0 ${fmt(cx + r)},${fmt(cy)}` +
        `A${fmt(r)},${fmt(r)} 0 1,0 ${fmt(cx - r)},${fmt(cy)}Z`;
  }
}

/** The whole palette data (games with other pieces read their colours here, e.g. `palette.sticks`). */
export { palette };
