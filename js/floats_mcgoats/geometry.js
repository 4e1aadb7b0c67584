// Pure geometry of the triangular lattice (no DOM). Points are axial [q, r];
// screen x = q + r/2, y = -r*sqrt(3)/2 (y grows downwards in SVG, so r goes up).

/** sqrt(3)/2: the height of a unit equilateral triangle. */
export const H = Math.sqrt(3) / 2;

/** The six neighbour steps of a lattice point, [dq, dr]. */
export const DIRECTIONS = [[1, 0], [0, 1], [-1, 1], [-1, 0], [0, -1], [1, -1]];

/** Screen position {x, y} of lattice point [q, r], times `scale`. */
export function toScreen([q, r], scale = 1) {
  return { x: (q + r / 2) * scale, y: -r * H * scale };
}

const SPOT_RE = /^(-?\d+),(-?\d+)([ud])$/;
const STICK_RE = /^(-?\d+),(-?\d+)-(-?\d+),(-?\d+)$/;

/** Parse a spot id "q,ru" / "q,rd" into {q, r, up}; throws on a malformed id. */
export function parseSpot(id) {
  const m = SPOT_RE.exec(String(id).trim());
  if (!m) throw new Error(`bad spot id ${JSON.stringify(id)}`);
  return { q: Number(m[1]), r: Number(m[2]), up: m[3] === "u" };
}

/** Format a spot id from q, r and up (true for "u", false for "d"). */
export function formatSpot(q, r, up) {
  return `${q},${r}${up ? "u" : "d"}`;
}

/** Compare lattice points like Python tuples: by q, then r. */
export function comparePoints(a, b) {
  return a[0] - b[0] || a[1] - b[1];
}

/** Parse a stick id "q1,r1-q2,r2" (negatives allowed: "0,-1--1,0") into {a, b}. */
export function parseStick(id) {
  const m = STICK_RE.exec(String(id).trim());
  if (!m) throw new Error(`bad stick id ${JSON.stringify(id)}`);
  return { a: [Number(m[1]), Number(m[2])], b: [Number(m[3]), Number(m[4])] };
}

/** Format a stick id from two points, sorted (q, then r) as Python sorts tuples. */
export function formatStick(a, b) {
  const [p, s] = comparePoints(a, b) <= 0 ? [a, b] : [b, a];
  return `${p[0]},${p[1]}-${s[0]},${s[1]}`;
}

/** True when lattice points a and b are neighbours (a stick may join them). */
export function areNeighbours(a, b) {
  const dq = b[0] - a[0], dr = b[1] - a[1];
  return DIRECTIONS.some(([x, y]) => x === dq && y === dr);
}

function spotOf(spot) {
  return typeof spot === "string" ? parseSpot(spot) : spot;
}

/** The three lattice corners of a spot (id string or {q, r, up}). */
export function spotCorners(spot) {
  const { q, r, up } = spotOf(spot);
  return up
    ? [[q, r], [q + 1, r], [q, r + 1]]
    : [[q + 1, r], [q, r + 1], [q + 1, r + 1]];
}

/** The three stick ids that border a spot. */
export function spotEdges(spot) {
  const [a, b, c] = spotCorners(spot);
  return [formatStick(a, b), formatStick(b, c), formatStick(a, c)];
}

/** The two spot ids either side of a stick (id string or {a, b}). */
export function stickSpots(stick) {
  const { a, b } = typeof stick === "string" ? parseStick(stick) : stick;
  const key = formatStick(a, b);
  const out = [];
  for (const p of [a, b]) {
    for (const dq of [-1, 0]) {
      for (const dr of [-1, 0]) {
        for (const up of [true, false]) {
          const id = formatSpot(p[0] + dq, p[1] + dr, up);
          if (!out.includes(id) && spotEdges(id).includes(key)) out.push(id);
        }
      }
    }
  }
  return out;
}

/** Screen corner points of a spot, [{x, y} ×3]. */
export function spotPoints(spot, scale = 1) {
  return spotCorners(spot).map((p) => toScreen(p, scale));
}

/** The "x,y x,y x,y" string for an SVG polygon of a spot. */
export function spotPolygon(spot, scale = 1) {
  return spotPoints(spot, scale).map(({ x, y }) => `${round(x)},${round(y)}`).join(" ");
}

/** Screen centroid {x, y} of a spot. */
export function spotCentroid(spot, scale = 1) {
  const pts = spotPoints(spot, scale);
  return { x: (pts[0].x + pts[1].x + pts[2].x) / 3, y: (pts[0].y + pts[1].y + pts[2].y) / 3 };
}

/** Screen endpoints and midpoint of a stick: {a, b, mid} as {x, y}. */
export function stickScreen(stick, scale = 1) {
  const { a, b } = typeof stick === "string" ? parseStick(stick) : stick;
  const pa = toScreen(a, scale), pb = toScreen(b, scale);
  return { a: pa, b: pb, mid: { x: (pa.x + pb.x) / 2, y: (pa.y + pb.y) / 2 } };
}

/** Every lattice point [q, r] inside bounds {qmin, qmax, rmin, rmax} (inclusive). */
export function latticePoints({ qmin, qmax, rmin, rmax }) {
  const out = [];
  for (let r = rmin; r <= rmax; r++) for (let q = qmin; q <= qmax; q++) out.push([q, r]);
  return out;
}

/** Every lattice edge [a, b] with both ends inside bounds, each edge once. */
export function latticeEdges(bounds) {
  const inside = ([q, r]) =>
    q >= bounds.qmin && q <= bounds.qmax && r >= bounds.rmin && r <= bounds.rmax;
  const out = [];
  for (const p of latticePoints(bounds)) {
    for (const [dq, dr] of DIRECTIONS.slice(0, 3)) {
      const n = [p[0] + dq, p[1] + dr];
      if (inside(n)) out.push([p, n]);
    }
  }
  return out;
}

/**
 * SVG viewBox {x, y, width, height} that shows every lattice point in bounds,
 * plus `pad` (screen units, after scaling) on each side.
 */
export function viewBoxFromBounds(bounds, scale = 1, pad = 0.5 * scale) {
  const { qmin, qmax, rmin, rmax } = bounds;
  const pts = [[qmin, rmin], [qmax, rmin], [qmin, rmax], [qmax, rmax]].map((p) => toScreen(p, scale));
  const xs = pts.map((p) => p.x), ys = pts.map((p) => p.y);
  const x = Math.min(...xs) - pad, y = Math.min(...ys) - pad;
  return {
    x: round(x), y: round(y),
    width: round(Math.max(...xs) + pad - x), height: round(Math.max(...ys) + pad - y),
  };
}

/** The "x y width height" attribute string of a viewBox object. */
export function viewBoxString({ x, y, width, height }) {
  return `${x} ${y} ${width} ${height}`;
}

/** Round to 2 decimals (keeps SVG attributes short). */
export function round(v) {
  return Math.round(v * 100) / 100 + 0; // + 0 turns -0 into 0
}

function insideBounds([q, r], { qmin, qmax, rmin, rmax }) {
  return q >= qmin && q <= qmax && r >= rmin && r <= rmax;
}

/**
 * Every spot id ("q,ru" / "q,rd") whose three corners lie inside bounds (inclusive),
 * ordered by r, then q, then "u" before "d".
 */
export function spotsInBounds(bounds) {
  const out = [];
  for (let r = bounds.rmin; r <= bounds.rmax; r++) {
    for (let q = bounds.qmin; q <= bounds.qmax; q++) {
      for (const up of [true, false]) {
        if (spotCorners({ q, r, up }).every((p) => insideBounds(p, bounds))) out.push(formatSpot(q, r, up));
      }
    }
  }
  return out;
}

/**
 * Every lattice edge with both ends inside bounds, once each, as {id, a, b}: a/b sorted
 * like Python tuples and id formatted like Python's stick text ("q1,r1-q2,r2").
 */
export function edgesInBounds(bounds) {
  return latticeEdges(bounds).map(([p, n]) => {
    const [a, b] = comparePoints(p, n) <= 0 ? [p, n] : [n, p];
    return { id: formatStick(a, b), a, b };
  });
}
