// Pure board layout (no DOM): which part of the lattice to show and how big to draw it, so a
// goat stays readable on a projector at any stage of a game. Units: lattice steps (scale 1).

import { parseSpot, parseStick, spotCentroid, toScreen, H } from "./geometry.js";

/** Smallest lattice step on screen, in CSS px: a baby goat (0.225 step) stays >= 24 px across. */
export const MIN_STEP_PX = 66;
/** Largest lattice step on screen (an early raft is not blown up to fill the page). */
export const MAX_STEP_PX = 140;
/** Room around the outermost things drawn, in steps. */
export const PAD = 0.55;

function add(box, { x, y }) {
  box.xmin = Math.min(box.xmin, x); box.xmax = Math.max(box.xmax, x);
  box.ymin = Math.min(box.ymin, y); box.ymax = Math.max(box.ymax, y);
}

function addId(box, id) {
  try {
    add(box, spotCentroid(id));
    return;
  } catch { /* not a spot */ }
  try {
    const { a, b } = parseStick(id);
    add(box, toScreen(a));
    add(box, toScreen(b));
  } catch { /* neither: nothing to place */ }
}

/**
 * The part of the board worth showing, {x, y, width, height} in steps: every stick (and the
 * held one), every spot with a goat, the shark or an enclosure, and every target named by
 * `legal` or by `extraIds` (a hint, the last move), plus PAD around. Never smaller than
 * `minWidth` x `minHeight` (centred). Falls back to the view's lattice window.
 */
export function contentBox(view, legal = [], extraIds = [], { minWidth = 3, minHeight = 2.2 } = {}) {
  const box = { xmin: Infinity, xmax: -Infinity, ymin: Infinity, ymax: -Infinity };
  for (const st of view.sticks || []) { add(box, toScreen(st.a)); add(box, toScreen(st.b)); }
  if (view.held) { add(box, toScreen(view.held.a)); add(box, toScreen(view.held.b)); }
  for (const sp of view.spots || []) {
    if ((sp.goats || []).length || sp.shark || sp.enclosed) addId(box, sp.id);
  }
  for (const a of legal || []) for (const id of [a.spot, a.target, a.stick]) if (id != null) addId(box, id);
  for (const id of extraIds) addId(box, id);
  if (!Number.isFinite(box.xmin)) {
    const b = view.bounds || { qmin: -1, qmax: 2, rmin: -1, rmax: 2 };
    for (const p of [[b.qmin, b.rmin], [b.qmax, b.rmin], [b.qmin, b.rmax], [b.qmax, b.rmax]]) add(box, toScreen(p));
  }
  let x = box.xmin - PAD, y = box.ymin - PAD;
  let width = box.xmax - box.xmin + 2 * PAD, height = box.ymax - box.ymin + 2 * PAD;
  if (width < minWidth) { x -= (minWidth - width) / 2; width = minWidth; }
  if (height < minHeight) { y -= (minHeight - height) / 2; height = minHeight; }
  return { x, y, width, height };
}

/**
 * How big to draw `box` (steps) in `avail` ({width, height} CSS px): the largest step that
 * fits, kept between `min` and `max` px. {step, width, height, scrolls}: `scrolls` when even
 * the smallest readable step does not fit (the board then pans inside its frame).
 */
export function fitBoard(box, avail, { min = MIN_STEP_PX, max = MAX_STEP_PX } = {}) {
  const fit = Math.min(avail.width / box.width, avail.height / box.height);
  const step = Math.max(min, Math.min(max, Number.isFinite(fit) && fit > 0 ? fit : min));
  const width = box.width * step, height = box.height * step;
  return { step, width, height, scrolls: width > avail.width + 0.5 || height > avail.height + 0.5 };
}

/**
 * The lattice window {qmin, qmax, rmin, rmax} whose points cover the screen rectangle `box`
 * (steps), so the faint lattice fills the whole picture.
 */
export function windowCovering(box) {
  const rmin = Math.floor(-(box.y + box.height) / H) - 1, rmax = Math.ceil(-box.y / H) + 1;
  return {
    qmin: Math.floor(box.x - rmax / 2) - 1, qmax: Math.ceil(box.x + box.width - rmin / 2) + 1,
    rmin, rmax,
  };
}

/** Centre {x, y} (steps) of the things named by `ids` (spots, sticks), or null if none. */
export function focusOf(ids) {
  const box = { xmin: Infinity, xmax: -Infinity, ymin: Infinity, ymax: -Infinity };
  for (const id of ids) addId(box, id);
  if (!Number.isFinite(box.xmin)) return null;
  return { x: (box.xmin + box.xmax) / 2, y: (box.ymin + box.ymax) / 2 };
}

/** Offsets (steps) of the pieces on a spot: one in the middle, a stack side by side, nudged
 * toward the spot's wide side so neither piece sits on a neighbour. */
export function pieceOffsets(spot, count) {
  if (count < 2) return [[0, 0]];
  const wide = parseSpot(spot).up ? 1 : -1;
  return [[-0.2, 0.07 * wide], [0.2, 0.07 * wide]];
}

/** Piece "radius" in steps: a lone mama, a lone baby, and each piece of a stack. */
export function pieceRadius(kind, stacked) {
  if (stacked) return kind === "baby" ? 0.225 : 0.24;
  return kind === "baby" ? 0.225 : 0.27;
}
