// Grab Your Goat! pure helpers (no DOM): card turns, where pieces sit on a card, and what a
// click on each thing sends. No rule is decided here: a click's text comes from the view and
// the person's selection; whether it is allowed comes only from Python's `legal` list.

export const DIRS = ["n", "e", "s", "w"];
export const DIR_WORD = { n: "north", e: "east", s: "south", w: "west" };
export const DIR_ARROW = { n: "↑", e: "→", s: "↓", w: "←" };
/** Short names printed on effect cards (the full name is in the card's label). */
export const SHORT = { coffee: "Coffee Bush", ski: "Ski Lift", thicket: "Thicket", wheat: "Wheat Field",
  fog: "Dense Fog", landslide: "Landslide", mineshaft: "Mineshaft", cliff: "Steep Cliff",
  waterfall: "Waterfall", top: "Top" };
/** Card names for kinds (hand cards carry only their kind). */
export const NAMES = { straight: "Straight path", corner: "Corner path", tee: "T path", cross: "Crossroads",
  ...SHORT, top: "Top of the Mountain", house: "House" };
/** The arrows of each path kind before turning (to draw a hand card). */
export const HAND_ARROWS = { straight: "ns", corner: "ne", tee: "nes", cross: "nesw", coffee: "nesw",
  ski: "nesw", thicket: "nesw", wheat: "nesw" };

export function round(v) {
  return Math.round(v * 10) / 10;
}

/** Arrows in canonical order ("sn" -> "ns"). */
export function canon(arrows) {
  return DIRS.filter((d) => String(arrows || "").includes(d)).join("");
}

/** The arrows after a quarter turn clockwise ("ne" -> "es"). */
export function turnCW(arrows) {
  const next = { n: "e", e: "s", s: "w", w: "n" };
  return canon([...String(arrows || "")].map((d) => next[d] || "").join(""));
}

/** The different ways `arrows` can lie, starting with `arrows`, each a quarter turn on. */
export function rotations(arrows) {
  const out = [];
  let a = canon(arrows);
  for (let i = 0; i < 4; i++) {
    if (!out.includes(a)) out.push(a);
    a = turnCW(a);
  }
  return out;
}

/** "north and south", "north, east and south"; "no arrows". */
export function arrowWords(arrows) {
  const ws = [...canon(arrows)].map((d) => DIR_WORD[d]);
  if (!ws.length) return "no arrows";
  return ws.length === 1 ? ws[0] : `${ws.slice(0, -1).join(", ")} and ${ws[ws.length - 1]}`;
}

/** What a card shows, in words (a face-down card: nothing more). */
export function cardWords(cell) {
  if (!cell || !cell.up) return "face-down card";
  const name = cell.name || NAMES[cell.card] || cell.card;
  if (!cell.arrows) return name;
  if (cell.card === "waterfall") return `${name}, flowing ${DIR_WORD[cell.arrows]}`;
  return `${name}, arrows ${arrowWords(cell.arrows)}`;
}

/** Whose shepherd, goat or house it is, in the words Python says so that any name reads right
 * ("your shepherd", "Ana's goat"; `kind` is "shepherd", "goat" or "house"). */
export function whose(view, kind, seat) {
  return ((view.words || {})[`${kind}s`] || [])[seat] || `${kind} ${seat + 1}`;
}

/** The text with a capital first letter (a label that starts with "your shepherd"). */
export function cap(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "1 card", "3 cards". */
export function plural(n, noun) {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

/** Every piece by cell: Map cell id -> [{kind: "shepherd"|"goat", seat}] (shepherds first). */
export function piecesByCell(view) {
  const out = new Map();
  for (const kind of ["shepherd", "goat"]) {
    (view[`${kind}s`] || []).forEach((cell, seat) => {
      if (cell == null) return;
      if (!out.has(cell)) out.set(cell, []);
      out.get(cell).push({ kind, seat });
    });
  }
  return out;
}

/** Where n pieces sit on one card: [{dx, dy, r}] in units of the card's side, from its centre. */
export function pieceSlots(n) {
  if (n <= 0) return [];
  const [cols, r] = n === 1 ? [1, 0.22] : n === 2 ? [2, 0.19] : n <= 4 ? [2, 0.16] : n <= 6 ? [3, 0.12] : [4, 0.095];
  const rows = Math.ceil(n / cols);
  const out = [];
  for (let i = 0; i < n; i++) {
    const row = Math.floor(i / cols), inRow = Math.min(cols, n - row * cols), col = i % cols;
    const step = 0.86 / Math.max(cols, rows * 1.25);
    out.push({ dx: round((col - (inRow - 1) / 2) * step * 100) / 100,
      dy: round(((row - (rows - 1) / 2) * step * 1.05 - 0.04) * 100) / 100, r });
  }
  return out;
}

/** The texts of `legal` as a Set, made once per list (a render asks for every card). */
const TEXTS = new WeakMap();
function texts(legal) {
  if (!legal) return new Set();
  let set = TEXTS.get(legal);
  if (!set) TEXTS.set(legal, (set = new Set(legal.map((a) => a.text))));
  return set;
}

/**
 * What a click on card `id` sends: {text, legal}, or null when the board takes no clicks
 * (not the viewer's decision). `sel` is the hand card chosen first (then the click plays it).
 */
export function cellClick(view, legal, sel, id) {
  if (!legal || !legal.length || !view.pending) return null;
  const ok = texts(legal);
  const kind = view.pending.kind;
  let text;
  if (sel) text = `play ${sel} ${id}`;
  else if (kind === "throw" || kind === "reveal" || kind === "lift") text = `${kind} ${id}`;
  else if (!ok.has(`step ${id}`) && ok.has(`lift ${id}`)) text = `lift ${id}`;
  else text = `step ${id}`;
  return { text, legal: ok.has(text) };
}

/** A hand card's click: choose it (then a card on the board), or cancel. */
export function handClick(legal, sel, card) {
  const playable = (legal || []).some((a) => a.kind === "play" && a.card === card);
  return { select: sel === card ? null : card, legal: playable, chosen: sel === card };
}

/**
 * The card whose ways of lying are offered now: {mode, cell, options: [{arrows, text, legal,
 * now}]}. `orient`: the card just turned up (every way it could lie; the legal ones lit);
 * `rotate`: the viewer's own face-up card (its other ways; a quarter turn is legal). Else null.
 */
export function chooser(view, legal, me) {
  const p = view.pending;
  if (!p || !legal || !legal.length) return null;
  const ok = texts(legal);
  if (p.kind === "orient") {
    const opts = p.options || [];
    const all = p.card === "waterfall" ? DIRS.slice() : rotations(opts[0] || "");
    for (const o of opts) if (!all.includes(o)) all.push(o);
    return { mode: "orient", cell: p.cell, card: p.card,
      options: all.map((a) => ({ arrows: a, text: `orient ${a}`, legal: ok.has(`orient ${a}`), now: false })) };
  }
  if (p.kind === "act" && me != null) {
    const here = (view.shepherds || [])[me];
    const cell = (view.cells || []).find((c) => c.id === here);
    if (!cell || !cell.up || !cell.arrows) return null;
    return { mode: "rotate", cell: here, card: cell.card,
      options: rotations(cell.arrows).map((a, i) => ({ arrows: a, text: `rotate ${a}`, legal: ok.has(`rotate ${a}`), now: i === 0 })) };
  }
  return null;
}

/** Buttons for the decisions that are not a card: roll, the goat's or Landslide's way, rides, pass. */
export function decisionButtons(view, legal) {
  const p = view.pending;
  if (!p || !legal || !legal.length) return [];
  const ok = texts(legal);
  const out = [];
  if (p.kind === "roll") out.push({ key: "roll", label: "Roll the goat die", text: "roll", legal: ok.has("roll") });
  for (const kind of ["goat", "slide"]) {
    if (p.kind !== kind) continue;
    for (const d of DIRS) {
      out.push({ key: `${kind}-${d}`, dir: d, label: `${DIR_ARROW[d]} ${DIR_WORD[d]}`, text: `${kind} ${d}`,
        legal: ok.has(`${kind} ${d}`) });
    }
  }
  for (const a of legal) {
    if (a.kind !== "lift") continue;
    out.push({ key: `lift-${a.cell}`, label: a.cell === "d4" ? "Ride the Ski Lift to the Top" : "Ride the Ski Lift down",
      text: a.text, legal: true });
  }
  if (ok.has("pass")) {
    const label = { reveal: "Don't turn a card up", lift: "No ride, thanks", more: "Stop here" }[p.kind] || "Pass";
    out.push({ key: "pass", label, text: "pass", legal: true });
  }
  return out;
}

/** The cells the action dicts name (a hint, the last move) and their texts. */
export function named(actions) {
  const cells = new Set(), cards = new Set(), texts_ = new Set();
  for (const a of actions || []) {
    if (!a || typeof a !== "object") continue;
    if (a.cell != null) cells.add(String(a.cell));
    if (a.card != null) cards.add(String(a.card));
    if (a.text != null) texts_.add(String(a.text));
  }
  return { cells, cards, texts: texts_ };
}

/** Cells the viewer may step or ride to now (from `legal`). */
export function stepTargets(legal) {
  return new Set((legal || []).filter((a) => a.kind === "step" || a.kind === "lift").map((a) => a.cell));
}
