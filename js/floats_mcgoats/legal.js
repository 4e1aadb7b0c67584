// Floats McGoats' pure helpers over the `legal` list (no DOM). JS never decides a rule: these
// only group and pick among the action texts Python offered.

import { afterClicks } from "../shared/clicks.js";

export { legalText } from "../shared/clicks.js";

/** Kinds placed by clicking an open spot. */
export const PLACE_KINDS = ["mama", "baby"];
/** Kinds chosen by clicking a candidate (empty) edge. */
export const EDGE_KINDS = ["stick", "drop"];
/** Kinds chosen by clicking a light stick on the raft. */
export const STICK_KINDS = ["move", "flip"];
/** Kinds chosen with one click on a goat. */
export const GOAT_KINDS = ["shark", "follow"];
/** Kinds chosen with two clicks: your goat (`spot`), then the `target` goat. */
export const TWO_CLICK_KINDS = ["love", "fight"];

/** Group actions by kind: {kind: [action, ...]} in the given order. */
export function byKind(legal) {
  const out = {};
  for (const a of legal || []) (out[a.kind] ||= []).push(a);
  return out;
}

/** Actions whose kind is one of `kinds` (array or single string). */
export function ofKind(legal, kinds) {
  const ks = [].concat(kinds);
  return (legal || []).filter((a) => ks.includes(a.kind));
}

/** The first action of `kind`, or null (e.g. the single "roll" or "stay"). */
export function findAction(legal, kind) {
  return (legal || []).find((a) => a.kind === kind) || null;
}

/** Actions whose `spot` equals `spot`, optionally only of `kinds`. */
export function atSpot(legal, spot, kinds) {
  const list = kinds ? ofKind(legal, kinds) : legal || [];
  return list.filter((a) => a.spot === spot);
}

/** Distinct values of field `field` over `actions`, in first-seen order. */
export function distinct(actions, field) {
  const out = [];
  for (const a of actions) if (a[field] != null && !out.includes(a[field])) out.push(a[field]);
  return out;
}

/** Distinct spots that hold a mama/baby placement. */
export function openSpots(legal) {
  return distinct(ofKind(legal, PLACE_KINDS), "spot");
}

/** The mama/baby choice at `spot`: {mama: action|null, baby: action|null}. */
export function goatChoice(legal, spot) {
  const here = atSpot(legal, spot, PLACE_KINDS);
  return {
    mama: here.find((a) => a.kind === "mama") || null,
    baby: here.find((a) => a.kind === "baby") || null,
  };
}

/** True when both a mama and a baby placement are legal somewhere (show the toggle). */
export function needsGoatToggle(legal) {
  return !!findAction(legal, "mama") && !!findAction(legal, "baby");
}

/**
 * The placement to send at `spot` given the preferred kind ("mama"/"baby"):
 * the preferred one when legal there, else the other, else null.
 */
export function placementAt(legal, spot, prefer = "mama") {
  const c = goatChoice(legal, spot);
  return c[prefer] || c[prefer === "mama" ? "baby" : "mama"];
}

/** Map stick id → actions of `kinds` on it (for edge and stick highlights). */
export function actionsByStick(legal, kinds) {
  const out = new Map();
  for (const a of ofKind(legal, kinds)) {
    if (!out.has(a.stick)) out.set(a.stick, []);
    out.get(a.stick).push(a);
  }
  return out;
}

/** Map spot id → one-click goat actions (shark/follow) on it. */
export function goatActionsBySpot(legal) {
  const out = new Map();
  for (const a of ofKind(legal, GOAT_KINDS)) {
    if (!out.has(a.spot)) out.set(a.spot, []);
    out.get(a.spot).push(a);
  }
  return out;
}

/** Spots you may click first for a two-click `kind` (love/fight): your goats. */
export function firstSpots(legal, kind) {
  return afterClicks(legal, [], { kinds: kind }).next;
}

/** The actions of `kind` starting from chosen first `spot`: one per target spot. */
export function targetsFrom(legal, kind, spot) {
  return ofKind(legal, kind).filter((a) => a.spot === spot && a.target != null);
}

/** The two-click kind (love/fight) for which `spot` is a legal first click, or null. */
export function twoClickKindAt(legal, spot) {
  const a = ofKind(legal, TWO_CLICK_KINDS).find((x) => x.spot === spot);
  return a ? a.kind : null;
}

/** Plain-English label of a target for screen readers and tooltips, by its action's kind: the
 * raft shows no coordinates, so neither does a label (a goat's label adds whose it is). The
 * words that place a move exactly are Python's (the coach, the review): sent with every
 * action they would take a 4-player raft's update from 18 to 38 kB. */
export function describe(a) {
  return GENERIC[a.kind] || "Not possible now";
}

const GENERIC = { mama: "Place a mama goat here", baby: "Place your baby goat here", stick: "Add a stick here",
  drop: "Put the stick down here", move: "Pick up this stick to move it", flip: "Flip this stick to dark",
  roll: "Roll the die", stay: "Stay: don't follow the shark", love: "Goat love: stack your goat onto this one",
  shark: "Send the shark here", follow: "Follow the shark with this goat", fight: "Goat fight: swap with this goat" };

/** Phases whose board clicks go to edges / sticks / goats (see clickMode). */
const EDGE_PHASES = { add: "stick", add_or_move: "stick", drop: "drop" };
const STICK_PHASES = { move: "move", add_or_move: "move", flip: "flip" };
const GOAT_PHASES = { shark: "shark", follow: "follow" };
const PAIR_PHASES = { love: "love", fight: "fight" };

/**
 * What a click on the board means now, from view.phase and the kinds in `legal` (never from a
 * rule): {place, edge, stick, goat, pair}. `place` is true when spots take mama/baby; `edge` is
 * "stick"|"drop"|null for empty edges; `stick` is "move"|"flip"|null for sticks on the raft;
 * `goat` is "shark"|"follow"|null for one click on a goat; `pair` is "love"|"fight"|null for two
 * clicks. Nothing is clickable (all off) when `legal` is empty: not this viewer's decision, or over.
 */
export function clickMode(view, legal) {
  const mode = { place: false, edge: null, stick: null, goat: null, pair: null };
  const list = legal || [];
  const phase = (view || {}).phase;
  if (!list.length || phase === "over") return mode;
  const has = (k) => list.some((a) => a.kind === k);
  const pick = (kinds, byPhase) => kinds.find(has) || byPhase[phase] || null;
  mode.place = phase === "turn" || PLACE_KINDS.some(has);
  mode.edge = pick(["drop", "stick"], EDGE_PHASES);
  mode.stick = pick(["flip", "move"], STICK_PHASES);
  mode.goat = pick(GOAT_KINDS, GOAT_PHASES);
  mode.pair = pick(TWO_CLICK_KINDS, PAIR_PHASES);
  return mode;
}

/**
 * The goat kind a spot click places: `prefer` when both are legal (the toggle shows), else the
 * one legal kind, else "mama" (the supply is empty: Python says why).
 */
export function placeKind(legal, prefer = "mama") {
  const mama = !!findAction(legal, "mama"), baby = !!findAction(legal, "baby");
  if (mama && baby) return prefer === "baby" ? "baby" : "mama";
  return baby ? "baby" : "mama";
}
