// Gruff Goats pure helpers (no DOM): where squares and goats go on the picture, and what a
// click on each thing sends. No rule is decided here: a click's text comes from the view and
// the selection, and whether it is allowed comes only from Python's `legal` list.

export const SIZES = ["big", "medium", "little"];
export const WANDS = ["troll", "big", "medium", "little", "dragon"];
export const SUITS = ["clubs", "diamonds", "hearts", "spades"];
export const SUIT_SYMBOL = { clubs: "♣", diamonds: "♦", hearts: "♥", spades: "♠" };
export const RED_SUITS = new Set(["hearts", "diamonds"]);
/** Goat sizes relative to the big goat (a 4-year-old tells them apart at a glance). */
export const SIZE_SCALE = { big: 1, medium: 0.8, little: 0.62 };
export const SIZE_LETTER = { big: "B", medium: "M", little: "L" };
/** "the big goat wand", "the troll wand". */
export function wandName(wand) {
  return `the ${wand}${SIZE_LETTER[wand] ? " goat" : ""} wand`;
}

/** Rows and columns the board's squares span: {rows, cols, minRow, minCol}. */
export function gridSize(squares) {
  let minRow = Infinity, minCol = Infinity, maxRow = -Infinity, maxCol = -Infinity;
  for (const q of squares || []) {
    minRow = Math.min(minRow, q.row); maxRow = Math.max(maxRow, q.row);
    minCol = Math.min(minCol, q.col); maxCol = Math.max(maxCol, q.col);
  }
  if (minRow === Infinity) return { rows: 0, cols: 0, minRow: 0, minCol: 0 };
  return { rows: maxRow - minRow + 1, cols: maxCol - minCol + 1, minRow, minCol };
}

/** Every goat on the board by square: Map square -> [{seat, size}] (seat order, big first). */
export function goatsBySquare(goats) {
  const out = new Map();
  (goats || []).forEach((mine, seat) => {
    for (const size of SIZES) {
      const where = mine && mine[size];
      if (where == null) continue;
      if (!out.has(where)) out.set(where, []);
      out.get(where).push({ seat, size });
    }
  });
  return out;
}

// ------------------------------------------------------------------ the board's layout

/** A plain board's square, in board units (the SVG's user units). */
export const PLAIN = 100;
/**
 * A big goat's radius, in board units: the same on every square, so a goat looks the same size
 * wherever it stands, and a little goat (SIZE_SCALE) stays at least 24 px across on a 1366x768
 * screen, where the board is 56% of the window's height (about 0.84 px per unit).
 */
export const GOAT_R = 29;
/** The smallest row or column: one big goat with its horns, a troll. */
export const MIN_CELL = 78;
// Room a goat takes, in its radii: across (the widest seat shape, the diamond, is 2.3 wide;
// neighbours keep GAP apart), above its centre (the horns) and below (the diamond's tip).
const ACROSS = 2.25, UP = 1.2, DOWN = 1.15, GAP = 3, PAD = 5;
// How much taller than a plain board a crowded one may grow before its crowds lie flatter
// (a taller board is drawn smaller: 4% keeps a little goat above 24 px).
const STRETCH = 1.04;

/**
 * The ways to set out one square's goats: in rows, biggest goats first (then by seat), every
 * number of rows; for each, the box it needs {w, h} in board units and the goats' places in it
 * {i, x, y, r} (i: the goat's index in `goats`; x, y from the box's centre).
 */
export function crowdOptions(goats, R = GOAT_R) {
  const order = goats.map((g, i) => ({ i, seat: g.seat ?? 0, r: R * (SIZE_SCALE[g.size] || 1) }))
    .sort((a, b) => b.r - a.r || a.seat - b.seat || a.i - b.i);
  const n = order.length;
  const out = [];
  let last = 0;
  for (let lines = 1; lines <= n; lines++) {
    const per = Math.ceil(n / lines);
    if (per === last) continue;                      // the same cut as with fewer rows
    last = per;
    const rows = [];
    for (let k = 0; k < n; k += per) rows.push(order.slice(k, k + per));
    const widths = rows.map((row) => row.reduce((t, g) => t + ACROSS * g.r, 0) + GAP * (row.length - 1));
    const tops = rows.map((row) => Math.max(...row.map((g) => g.r)));
    const inner = { w: Math.max(...widths), h: tops.reduce((t, r) => t + (UP + DOWN) * r, 0) + GAP * (rows.length - 1) };
    const places = [];
    let y = -inner.h / 2;
    rows.forEach((row, k) => {
      let x = -widths[k] / 2;
      for (const g of row) {
        places.push({ i: g.i, x: x + (ACROSS / 2) * g.r, y: y + UP * tops[k], r: g.r });
        x += ACROSS * g.r + GAP;
      }
      y += (UP + DOWN) * tops[k] + GAP;
    });
    out.push({ w: inner.w + 2 * PAD, h: inner.h + 2 * PAD, places });
  }
  return out;
}

/** Sizes summing to `total` where possible: each at least its need, the smallest raised
 * evenly (a level) until they fill it; if the needs are more than `total`, the needs. */
export function fillTo(needs, total) {
  const sum = needs.reduce((a, b) => a + b, 0);
  if (sum >= total) return needs.slice();
  let rest = total, left = needs.length, level = total / needs.length;
  for (const v of needs.slice().sort((x, y) => y - x)) {      // the largest keep their need
    if (v <= level) break;
    rest -= v;
    left -= 1;
    level = rest / left;
  }
  return needs.map((v) => Math.max(v, level));
}

/**
 * Where everything on the board goes. Rows and columns share the plain board's 100 units a
 * square, but a square with goats gets the room they need at GOAT_R (a crowd of up to twelve on
 * a corner: a larger square, its row and column shrinking the others down to MIN_CELL); if the
 * rows still need more than the board's height, the tallest crowds are laid out in fewer,
 * longer rows (the board grows sideways, where a 1366x768 screen has room).
 * Returns {width, height, cell(id) -> {x, y, w, h}, goats: Map(square -> [{cx, cy, r}] in the
 * order of `byGoat.get(square)`)}.
 */
export function boardLayout(squares, byGoat, R = GOAT_R) {
  const grid = gridSize(squares);
  const where = new Map((squares || []).map((q) => [q.id, { row: q.row - grid.minRow, col: q.col - grid.minCol }]));
  const options = new Map();
  const pick = new Map();
  for (const [id, goats] of byGoat || []) {
    if (!where.has(id) || !goats.length) continue;
    const opts = crowdOptions(goats, R);
    options.set(id, opts);
    pick.set(id, opts.reduce((a, b) => (Math.max(b.w, b.h) < Math.max(a.w, a.h) ? b : a)));  // the squarest
  }
  const needs = () => {
    const rows = new Array(grid.rows).fill(MIN_CELL);
    const cols = new Array(grid.cols).fill(MIN_CELL);
    for (const [id, o] of pick) {
      const { row, col } = where.get(id);
      rows[row] = Math.max(rows[row], o.h);
      cols[col] = Math.max(cols[col], o.w);
    }
    return { rows, cols };
  };
  for (;;) {
    const total = needs().rows.reduce((a, b) => a + b, 0);
    if (total <= PLAIN * grid.rows * STRETCH) break;
    let tallest = null;
    for (const [id, o] of pick) {
      const flatter = options.get(id).filter((c) => c.h < o.h - 1e-9);
      if (flatter.length && (!tallest || o.h > tallest.o.h)) {
        tallest = { id, o, next: flatter.reduce((a, b) => (b.h > a.h ? b : a)) };
      }
    }
    if (!tallest) break;
    pick.set(tallest.id, tallest.next);
  }
  const { rows, cols } = needs();
  const rowH = fillTo(rows, PLAIN * grid.rows);
  const colW = fillTo(cols, PLAIN * grid.cols);
  const at = (sizes) => sizes.reduce((out, s) => [...out, out[out.length - 1] + s], [0]);
  const rowY = at(rowH), colX = at(colW);
  const cell = (id) => {
    const p = where.get(id);
    return p ? { x: colX[p.col], y: rowY[p.row], w: colW[p.col], h: rowH[p.row] } : null;
  };
  const goats = new Map();
  for (const [id, o] of pick) {
    const c = cell(id);
    const slots = [];
    for (const pl of o.places) slots[pl.i] = { cx: round(c.x + c.w / 2 + pl.x), cy: round(c.y + c.h / 2 + pl.y), r: round(pl.r) };
    goats.set(id, slots);
  }
  return { width: round(colX[grid.cols]), height: round(rowY[grid.rows]), cell, goats };
}

export function round(v) {
  return Math.round(v * 1000) / 1000 + 0;
}

/** The legal action whose text is `text`, or null. */
export function legalText(legal, text) {
  return (legal || []).find((a) => a.text === text) || null;
}

/** Whether `legal` holds an action of `kind` (optionally matching `fields`). */
export function hasKind(legal, kind, fields = {}) {
  return (legal || []).some((a) => a.kind === kind && Object.entries(fields).every(([k, v]) => a[k] === v));
}

/**
 * What the board offers now, from the phase, the viewer's legal actions and the local
 * selection (`sel`: null, {kind: "move", size}, {kind: "troll", origin}, {kind: "dragon"},
 * {kind: "dragon-troll", origin}). `legal` empty -> nothing is clickable (not the viewer's
 * decision, or the game is over). Returns {mode, ...}: mode is "none", "turn", "block",
 * "answer" or "place".
 */
export function boardMode(view, legal, sel) {
  if (!legal || !legal.length || !view || view.is_over) return { mode: "none", sel: null };
  const phase = view.phase;
  if (phase === "place") {
    const first = (view.placing || [])[0];
    return { mode: "place", size: first ? first.size : null, sel: null };
  }
  if (phase === "block" || phase === "answer") return { mode: phase, sel: null };
  return { mode: "turn", sel: sel || null };
}

/**
 * What clicking square `id` sends: {text, legal} or null (not a target now). With a goat
 * chosen: "move <size> <id>"; with a troll chosen: "troll <origin> <id>" (the dragon carrying
 * a troll: "dragon troll <origin> <id>"); when a goat goes back: "place <size> <id>".
 */
export function squareClick(m, legal, id) {
  let text = null;
  if (m.mode === "place" && m.size) text = `place ${m.size} ${id}`;
  else if (m.mode === "turn" && m.sel) {
    const sel = m.sel;
    if (sel.kind === "move") text = `move ${sel.size} ${id}`;
    else if (sel.kind === "troll" && sel.origin != null) text = `troll ${sel.origin} ${id}`;
    else if (sel.kind === "dragon-troll") text = `dragon troll ${sel.origin} ${id}`;
  }
  return text ? { text, legal: !!legalText(legal, text) } : null;
}

/**
 * What clicking goat (seat, size) does: {text, legal} (sends), {select, legal} (chooses it
 * first), or null. In the turn: with the dragon chosen, any goat: "dragon <seat> <size>";
 * your own goat: choose it to move (the squares it may enter light up); another's goat:
 * choose the dragon if you hold its wand, else send the dragon at it so Python says why not.
 */
export function goatClick(m, legal, view, me, seat, size) {
  if (m.mode !== "turn") return null;
  const dragonText = `dragon ${seat} ${size}`;
  if (m.sel && m.sel.kind === "dragon") return { text: dragonText, legal: !!legalText(legal, dragonText) };
  if (m.sel) {   // a goat or troll is chosen: the squares are the targets; its goat cancels
    const chosen = m.sel.kind === "move" && m.sel.size === size && seat === me;
    return chosen ? { select: null, legal: true, cancel: true } : null;
  }
  if (seat === me) return { select: { kind: "move", size }, legal: hasKind(legal, "move", { size }) };
  const wands = view.wands || {};
  if (wands.dragon === me) return { select: { kind: "dragon" }, legal: hasKind(legal, "dragon") };
  return { text: dragonText, legal: false };
}

/** What clicking the troll on `origin` does (choose it; with the dragon chosen under the
 * dragon-eats-trolls variant, choose it for the dragon), or null. */
export function trollClick(m, legal, origin) {
  if (m.mode !== "turn") return null;
  if (m.sel && m.sel.kind === "dragon") {
    if (!hasKind(legal, "dragon", { origin })) return null;
    return { select: { kind: "dragon-troll", origin }, legal: true };
  }
  if (m.sel && m.sel.kind === "troll" && m.sel.origin === origin) return { select: null, legal: true, cancel: true };
  if (m.sel && m.sel.kind !== "troll") return null;   // a goat is chosen: its square is the target
  return { select: { kind: "troll", origin }, legal: hasKind(legal, "troll", { origin }) };
}

/**
 * What clicking wand `wand` does in the turn: claim it if someone else (or nobody) holds it;
 * if you hold it, choose how to use it (a goat wand chooses that goat, the troll wand waits
 * for a troll, the dragon waits for a goat). {text, legal} | {select, legal} | null.
 */
export function wandClick(m, legal, view, me, wand) {
  if (m.mode !== "turn") return null;
  const holder = (view.wands || {})[wand];
  if (holder !== me) {
    const text = `claim ${wand}`;
    return { text, legal: !!legalText(legal, text) };
  }
  if (SIZES.includes(wand)) return { select: { kind: "move", size: wand }, legal: hasKind(legal, "move", { size: wand }) };
  if (wand === "troll") return { select: { kind: "troll", origin: null }, legal: hasKind(legal, "troll") };
  return { select: { kind: "dragon" }, legal: hasKind(legal, "dragon") };
}

/** The buttons of the decision now: [{text, label, legal, key}] (not-allowed ones included,
 * so a click reaches Python and is explained). */
export function decisionButtons(m, legal, view) {
  const claim = view.claim || {};
  const cards = (claim.cost || []).map((s) => SUIT_SYMBOL[s] || s).join("");
  const b = (text, label, key) => ({ text, label, key, legal: !!legalText(legal, text) });
  if (m.mode === "block") return [b("block", `Block! Put down ${cards}`, "block"), b("pass", "Pass", "pass")];
  // "Put down another", not "Try again": a lesson's own Try again button starts its step again
  if (m.mode === "answer") return [b("again", `Put down another ${cards}`, "again"), b("stop", "Give up", "stop")];
  if (m.mode === "turn") {
    const label = view.acted ? "End my turn: take a card" : "Take a card";
    return [b("draw", label, "draw")];
  }
  return [];
}

/** Squares that a selection can reach now (to light up): the legal actions' squares. */
export function reachable(m, legal) {
  const out = new Set();
  if (m.mode === "place") {
    for (const a of legal) if (a.kind === "place") out.add(a.square);
  } else if (m.mode === "turn" && m.sel) {
    const sel = m.sel;
    for (const a of legal) {
      if (sel.kind === "move" && a.kind === "move" && a.size === sel.size) out.add(a.square);
      if (sel.kind === "troll" && a.kind === "troll" && (sel.origin == null || a.origin === sel.origin)) out.add(a.square);
      if (sel.kind === "dragon-troll" && a.kind === "dragon" && a.origin === sel.origin) out.add(a.square);
    }
  }
  return out;
}

/**
 * Things named by action dicts (a hint, the last move), for marks on the board:
 * {squares: Set(id), goats: Set("seat:size"), trolls: Set(square), wands: Set(wand), texts}.
 * A move names its goat and its square (a last move, any seat's: the goat of that size now on
 * that square, from `goats`, the view's; a hint: the viewer's); a troll move its troll and
 * bridge; the dragon its goat; a claim its wand; a put-back its corner.
 */
export function named(actions, me, goatsNow) {
  const squares = new Set(), goats = new Set(), trolls = new Set(), wands = new Set(), texts = new Set();
  for (const a of actions || []) {
    if (!a || typeof a !== "object") continue;
    if (a.text != null) texts.add(String(a.text));
    if (a.square != null) squares.add(a.square);
    if (a.kind === "troll" || (a.kind === "dragon" && a.origin != null)) trolls.add(a.origin);
    if (a.kind === "move" && goatsNow) goatsNow.forEach((g, seat) => { if (g && g[a.size] === a.square) goats.add(`${seat}:${a.size}`); });
    else if (a.kind === "move" && me != null) goats.add(`${me}:${a.size}`);
    if (a.kind === "dragon" && a.seat != null) goats.add(`${a.seat}:${a.size}`);
    if (a.kind === "claim") wands.add(a.wand);
  }
  return { squares, goats, trolls, wands, texts };
}

/** What a player holds, said short: "3 ♣, 1 ♥" (for labels). */
export function handWords(hand) {
  const parts = SUITS.filter((s) => (hand || {})[s]).map((s) => `${hand[s]} ${s}`);
  return parts.length ? parts.join(", ") : "no cards";
}

/** Plain words for a goat: "big goat". */
export function goatWords(size) {
  return `${size} goat`;
}
