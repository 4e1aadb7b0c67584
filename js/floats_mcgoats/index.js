// Floats McGoats widget: draws `view` as one SVG and offers the texts in `legal`.
// No rule is decided here: every plausible target is clickable (legal ones highlighted, the rest
// faint) and a click sends the text of the action it means; Python judges it and explains a "no".

import { mountShell, act, explainStart } from "../shared/shell.js";
import { h, s, memo } from "../shared/vdom.js";
import { target, button, nameOf, seatBadge, markLayer } from "../shared/parts.js";
import {
  parseSpot, parseStick, spotPolygon, spotCentroid, spotCorners, toScreen, stickScreen,
  latticeEdges, latticePoints, round, spotsInBounds, edgesInBounds,
} from "./geometry.js";
import { seatStyle, shapePath, palette, OUTLINE } from "../shared/colors.js";
import { legalText, afterClicks, actionText } from "../shared/clicks.js";
import {
  contentBox, fitBoard, windowCovering, focusOf, pieceOffsets, pieceRadius, MIN_STEP_PX,
} from "./layout.js";
import {
  findAction, needsGoatToggle, describe, clickMode, placeKind,
} from "./legal.js";

const STICK_COLORS = palette.sticks;

/** User units per lattice step. */
const S = 60;
const DEFAULT_BOUNDS = { qmin: -3, qmax: 4, rmin: -3, rmax: 4 };
/** The board frame is at most this share of the window's height (as .gw-board-frame's CSS). */
const MAX_HEIGHT_VH = 0.55;
const KIND_WORDS = { love: "goat love", fight: "a goat fight" };
/** The buttons above the board also say role="button" and tabindex 0 (as they always have). */
const AS_BUTTON = { tabindex: 0, role: "button" };

/** Pictures already drawn (see memo in vdom.js): the sea and lattice, sticks, goats. */
const ART = new Map();

/** anywidget entry point: mounts the shell and the board; returns a cleanup function. */
function render({ model, el }) {
  // Local UI state only: which goat kind to place, the first click of love/fight, how the
  // board is sized (re-fitted when the cell is resized) and where its frame was scrolled.
  // `width` is the board's width in the page, kept up to date by a ResizeObserver so that
  // drawing never has to ask the browser for a layout in the middle of a click.
  const ui = { prefer: "mama", selected: null, fit: null, scroll: null, width: 0, marked: 0 };
  let observed = null;
  const resized = typeof ResizeObserver === "undefined" ? null : new ResizeObserver((entries) => {
    const width = Math.round(entries[entries.length - 1].contentRect.width);
    if (width && width !== ui.width) {
      ui.width = width;
      if (ui.fit) ui.fit(false);
    }
  });
  const stop = mountShell(el, model, {
    title: "Floats McGoats",
    renderBoard: (board, ctx) => {
      drawGame(board, ctx, ui);
      if (resized && observed !== ctx.board) {
        observed = ctx.board;
        resized.observe(ctx.board);
      }
    },
  });
  const onWindow = () => ui.fit && ui.fit(false);
  window.addEventListener("resize", onWindow);
  return () => {
    if (resized) resized.disconnect();
    window.removeEventListener("resize", onWindow);
    stop();
  };
}

export default { render };

function drawGame(board, ctx, ui) {
  const { model, view, legal, names } = ctx;
  const me = ctx.viewer ?? view.to_move ?? 0;
  const mode = clickMode(view, legal);
  const goatSpots = new Set((view.spots || []).filter((sp) => (sp.goats || []).length).map((sp) => sp.id));
  if (ui.selected && (mode.pair !== ui.selected.kind || !goatSpots.has(ui.selected.spot))) ui.selected = null;
  const needToggle = needsGoatToggle(legal);
  ui.prefer = placeKind(legal, ui.prefer);

  const send = (text) => { ui.selected = null; act(model, text); };
  const select = (sel) => { ui.selected = sel; ctx.refresh(); };
  const explain = (text) => { ui.selected = null; explainStart(model, text); };

  if (ctx.marks.last.fresh) ui.marked += 1;
  const { svg, box, focus } = boardSvg(view, legal, mode, ui, send, select, ctx.marks, explain);
  const version = model.get("version");
  const frame = h("div", { class: "gw-board-frame",
    onscroll: (e) => { ui.scroll = { version, left: e.currentTarget.scrollLeft, top: e.currentTarget.scrollTop }; } },
  svg);
  const wrap = h("div", { class: "gw-game gw-floats",
    onkeydown: (e) => { if (e.key === "Escape" && ui.selected) select(null); } },
    h("div", { class: "gw-bar" }, infoLine(view),
      actionBar(legal, view, me, ui, send, select, needToggle, ctx.refresh, ctx.marks)),
    frame,
    supplyLine(view, names));
  board.append(wrap);

  // Size the picture: the largest lattice step that fits the cell's width and MAX_HEIGHT_VH of
  // the window, but never below MIN_STEP_PX (goats >= 24 px): then the frame pans, showing the
  // part that matters (the hint, the legal targets, the last move) first.
  // Sized after the page is patched, on the live elements; the width comes from the
  // ResizeObserver (read from the page only the first time, before it has reported).
  const live = ctx.board;
  ui.fit = (refocus) => {
    const svg = live.querySelector(".gw-svg"), frame = live.querySelector(".gw-board-frame");
    if (!svg || !frame) return;
    if (!ui.width) ui.width = live.clientWidth;
    const width = ui.width || el0(live);
    const avail = { width, height: Math.max(200, window.innerHeight * MAX_HEIGHT_VH) };
    const fit = fitBoard(box, avail);
    svg.setAttribute("width", round(fit.width));
    svg.setAttribute("height", round(fit.height));
    svg.style.setProperty("--gw-step", `${round(fit.step)}px`);
    frame.classList.toggle("gw-board-pans", fit.scrolls);
    if (!fit.scrolls || !refocus) return;
    if (ui.scroll && ui.scroll.version === version) {
      frame.scrollLeft = ui.scroll.left;
      frame.scrollTop = ui.scroll.top;
    } else if (focus) {
      frame.scrollLeft = (focus.x - box.x) * fit.step - frame.clientWidth / 2;
      frame.scrollTop = (focus.y - box.y) * fit.step - frame.clientHeight / 2;
    }
  };
  ctx.after(() => ui.fit(true));
}

/** Width to assume before the cell is laid out (first render of a cell not yet in the page). */
function el0(board) {
  return Math.min(900, (board.ownerDocument.defaultView || window).innerWidth - 120);
}

function infoLine(view) {
  const parts = [];
  if (view.face_label) parts.push(h("span", { class: "gw-face", text: `Die: ${view.face_label}` }));
  if (view.moves_left > 0) {
    parts.push(h("span", { class: "gw-moves-left", text: `${view.moves_left} move${view.moves_left === 1 ? "" : "s"} left` }));
  }
  if (view.held) {
    parts.push(h("span", { class: "gw-held-note", text: "Holding a stick: choose where to put it down." }));
  }
  return h("div", { class: "gw-info" }, parts);
}

function actionBar(legal, view, me, ui, send, select, needToggle, refresh, marks) {
  const items = [];
  const roll = findAction(legal, "roll");
  if (roll) items.push(button("gw-roll", "Roll the die", describe(roll), "roll", () => send(roll.text), { ...AS_BUTTON, "data-action": roll.text }));
  const stay = findAction(legal, "stay");
  if (stay) items.push(button("gw-stay", "Stay", describe(stay), "stay", () => send(stay.text), { ...AS_BUTTON, "data-action": stay.text }));
  if (needToggle) {
    const left = (view.supply || [])[me] || {};
    const toggles = {};
    for (const kind of ["mama", "baby"]) {
      toggles[kind] = button(`gw-toggle gw-toggle-${kind}`, `${kind === "mama" ? "Mama" : "Baby"} (${left[kind] ?? 0})`,
        `Place ${kind} goats (${left[kind] ?? 0} in supply)`, `prefer:${kind}`,
        () => { ui.prefer = kind; refresh(); }, { ...AS_BUTTON, "aria-pressed": String(ui.prefer === kind) });
    }
    // A hint to place the other kind points at its toggle too.
    for (const text of marks.hint.texts) {
      const kind = text.split(" ")[0];
      if ((kind === "mama" || kind === "baby") && kind !== ui.prefer) toggles[kind].classList.add("gw-hinted-toggle");
    }
    items.push(h("span", { class: "gw-toggle-group", role: "group", "aria-label": "Goat to place" }, toggles.mama, toggles.baby));
  }
  if (ui.selected) {
    const { kind } = ui.selected;
    items.push(h("span", { class: "gw-hint",
      text: `Goat chosen for ${KIND_WORDS[kind] || kind}: now click the other goat, or click it again to cancel.` }));
    items.push(button("gw-cancel", "Cancel", "Cancel the chosen goat", "cancel", () => select(null), AS_BUTTON));
  }
  return h("div", { class: "gw-actions" }, items);
}

function supplyLine(view, names) {
  const supply = view.supply || [];
  return h("ul", { class: "gw-supply", "aria-label": "Supply" },
    supply.map((sup, i) => h("li", {}, seatBadge(i, 14),
      h("span", { text: `${nameOf(i, names)}: ${plural(sup.mama, "mama")}, ${plural(sup.baby, "baby", "babies")}` }))),
    h("li", { class: "gw-pile", text: `Sticks in the pile: ${view.pile ?? 0}` }));
}

function plural(n, one, many = `${one}s`) {
  return `${n ?? 0} ${n === 1 ? one : many}`;
}

/** Make `node` a board target (parts.js) with the classes `cls` too. */
function clickable(node, cls, label, key, onActivate, text = null, legal = true) {
  if (cls) node.classList.add(...cls.split(" "));
  return target(node, label, legal, onActivate, text, key);
}

/** A click target for the action `text` of `kind` with `fields`: legal → `cls`, else `faintCls`. */
function actionTarget(node, legal, kind, fields, cls, faintCls, key, send, suffix = "") {
  const text = actionText(kind, [fields.spot, fields.target, fields.stick].filter((x) => x != null));
  const a = legalText(legal, text);
  return clickable(node, a ? cls : faintCls, describe(a || { kind, text, ...fields }) + suffix, key,
    () => send(text), text, !!a);
}

function boardSvg(view, legal, mode, ui, send, select, marks, explain) {
  const bounds = view.bounds || DEFAULT_BOUNDS;
  const hintIds = [...marks.hint.ids], lastIds = [...marks.last.ids];
  const box = contentBox(view, legal, [...hintIds, ...lastIds]);
  const vb = { x: round(box.x * S), y: round(box.y * S), width: round(box.width * S), height: round(box.height * S) };
  const svg = s("svg", { class: "gw-svg", viewBox: `${vb.x} ${vb.y} ${vb.width} ${vb.height}`, role: "group",
    "aria-label": "The raft", width: round(box.width * MIN_STEP_PX), height: round(box.height * MIN_STEP_PX) });
  svg.append(memo(ART, JSON.stringify(["sea", box]), () => sea(vb, box)));   // vb follows from box

  // Enclosed / locked tint.
  const spots = view.spots || [];
  for (const sp of spots) {
    if (!sp.enclosed && !sp.locked) continue;
    svg.append(s("polygon", { class: `gw-spot-enclosed${sp.locked ? " gw-spot-locked" : ""}`,
      points: spotPolygon(sp.id, S), "aria-hidden": "true" }));
    if (sp.locked) svg.append(lockMark(sp.id));
  }

  // What just happened, and a hint: marks under the pieces.
  const lastLayer = markLayer(lastIds, `gw-mark-last${marks.last.fresh ? " gw-mark-fresh" : ""}`, "Just now", markOf);
  lastLayer.setAttribute("data-key", `last-move:${ui.marked}`);   // a new move's marks are new nodes: they animate
  svg.append(lastLayer);
  svg.append(markLayer(hintIds, "gw-mark-hint", "Hint", markOf));

  // Placement: every spot in the window; the legal ones highlighted.
  if (mode.place) {
    for (const spot of spotsInBounds(bounds)) {
      const g = s("g", { class: "gw-spot" }, s("polygon", { class: "gw-open-tri", points: insetPolygon(spot, 0.12) }));
      svg.append(actionTarget(g, legal, ui.prefer, { spot }, "gw-spot-open", "gw-spot-closed", `spot:${spot}`, send));
    }
  }

  // Every empty edge (add a stick / put the held one down): faint ones first, legal ones on top.
  const sticks = view.sticks || [];
  const edgeNodes = [];
  if (mode.edge) {
    const taken = new Set(sticks.map((st) => st.id));
    for (const e of edgesInBounds(bounds)) {
      if (taken.has(e.id)) continue;
      const at = lineAttrs(e);
      const g = s("g", { class: "gw-edge" }, hitArea(e), s("line", { class: "gw-edge-line", ...at }));
      edgeNodes.push(actionTarget(g, legal, mode.edge, { stick: e.id }, "gw-edge-candidate", "gw-edge-far", `edge:${e.id}`, send));
    }
  }
  svg.append(...edgeNodes.filter((n) => !n.classList.contains("gw-clickable")));

  // Sticks: in stick modes every stick is a target (move/flip; in edge-only modes stick/drop, so
  // Python can say the edge is taken).
  const stickKind = mode.stick || mode.edge;
  for (const st of sticks) {
    const g = stickShape(st, st.kind);
    if (stickKind) {
      g.prepend(s("line", { class: "gw-glow", ...lineAttrs(st) }));
      g.append(hitArea(st));
      actionTarget(g, legal, stickKind, { stick: st.id }, "", "gw-stick-blocked", `stick:${st.id}`, send, ` (${st.kind} stick)`);
    } else {
      g.setAttribute("role", "img");
      g.setAttribute("aria-label", `${st.kind} stick`);
    }
    svg.append(g);
  }
  svg.append(...edgeNodes.filter((n) => n.classList.contains("gw-clickable")));

  if (view.held) {
    const held = stickShape(view.held, "light");
    held.setAttribute("class", "gw-stick gw-stick-held");
    held.setAttribute("transform", `translate(${-0.12 * S},${-0.18 * S})`);
    held.setAttribute("role", "img");
    held.setAttribute("aria-label", "The stick you hold");
    svg.append(s("line", { class: "gw-held-shadow", ...lineAttrs(view.held), "aria-hidden": "true" }), held);
  }

  // Goats and the shark (also any legal goat spot the view did not list).
  const bySpot = new Map(spots.map((sp) => [sp.id, sp]));
  for (const a of legal) {
    for (const id of [a.spot, a.target]) {
      if (id && a.kind !== "mama" && a.kind !== "baby" && !bySpot.has(id)) bySpot.set(id, { id, goats: [] });
    }
  }
  const goatMode = mode.goat || mode.pair;
  for (const sp of bySpot.values()) {
    if (sp.shark) svg.append(sharkFin(sp.id));
    const listed = legal.some((a) => (a.spot === sp.id || a.target === sp.id) && a.kind === goatMode);
    if (!(sp.goats || []).length && !listed) continue;
    svg.append(goatGroup(sp, legal, mode, ui, send, select, explain));
  }

  // Where to look first when the board pans: the hint, else the choices, else the last move.
  const choiceIds = legal.flatMap((a) => [a.spot, a.target, a.stick]).filter((x) => x != null);
  const focus = focusOf(hintIds) || focusOf(ui.selected ? [ui.selected.spot] : []) || focusOf(choiceIds) ||
    focusOf(lastIds) || focusOf(sticks.map((st) => st.id));
  return { svg, box, focus };
}

/** The sea under the picture `vb` and the faint lattice over the window `box`: its edges, and its
 * points as one path of round dots (a zero-length line with round caps each). Decorative. */
function sea(vb, box) {
  const grid = windowCovering(box);
  const d = latticeEdges(grid).map(([a, b]) => {
    const pa = toScreen(a, S), pb = toScreen(b, S);
    return `M${round(pa.x)},${round(pa.y)}L${round(pb.x)},${round(pb.y)}`;
  }).join("");
  const dots = latticePoints(grid).map((p) => {
    const { x, y } = toScreen(p, S);
    return `M${round(x)},${round(y)}h0`;
  }).join("");
  return s("g", { class: "gw-sea-layer", "aria-hidden": "true" },
    s("rect", { class: "gw-sea", x: vb.x, y: vb.y, width: vb.width, height: vb.height, rx: 8 }),
    s("path", { class: "gw-lattice", d }),
    s("path", { class: "gw-lattice-points", d: dots }));
}

/** The mark of a spot or stick `id` (a hint, the last move; markLayer in parts.js): its id and
 * outline, or nothing for an id that is neither. */
function markOf(id) {
  let points;
  try {
    parseSpot(id);
    points = insetPolygon(id, 0.07);
  } catch {
    try {
      points = band(parseStick(id), 0.2, -0.08);
    } catch { return null; }       // not on the board
  }
  return [id, s("polygon", { class: "gw-mark-line", points })];
}

/** Points of a band along a stick: `half` steps either side, its ends `inset` steps in. */
function band(st, half, inset) {
  const { a, b } = stickScreen(st, S);
  const dx = b.x - a.x, dy = b.y - a.y, len = Math.hypot(dx, dy);
  const ux = dx / len, uy = dy / len, w = half * S, e = inset * S;
  return [[e, w], [len - e, w], [len - e, -w], [e, -w]]
    .map(([t, n]) => `${round(a.x + ux * t - uy * n)},${round(a.y + uy * t + ux * n)}`).join(" ");
}

/** Transparent band along a stick/edge: the click area (an area, so it has a real bounding box). */
function hitArea(st) {
  return s("polygon", { class: "gw-hit", points: band(st, 0.18, 0.12) });
}

function lineAttrs(st) {
  const { a, b } = stickScreen(st, S);
  return { x1: round(a.x), y1: round(a.y), x2: round(b.x), y2: round(b.y) };
}

/** One stick drawn by kind: anchor = widest black with a white centre stripe (double line),
 * dark = solid brown with a dotted grain, light = pale wood with a dark outline. */
function stickShape(st, kind) {
  const c = STICK_COLORS[kind] || STICK_COLORS.light;
  const at = lineAttrs(st);
  const w = { anchor: 0.22, dark: 0.15, light: 0.15 }[kind] || 0.15;
  return s("g", { class: `gw-stick gw-stick-${kind}`, "data-stick": st.id }, memo(ART, `stick ${st.id} ${kind}`, () => {
    const art = s("g", { class: "gw-stick-art" });
    art.append(s("line", { ...at, stroke: c.edge, "stroke-width": round(w * S), "stroke-linecap": "round" }));
    art.append(s("line", { ...at, stroke: c.fill, "stroke-width": round((w - 0.05) * S), "stroke-linecap": "round" }));
    if (kind === "anchor") art.append(s("line", { ...at, stroke: c.stripe, "stroke-width": round(0.04 * S) }));
    if (kind === "dark") {
      art.append(s("line", { ...at, stroke: STICK_COLORS.dark.grain, "stroke-width": round(0.03 * S), "stroke-dasharray": "2 8" }));
    }
    return art;
  }));
}

function insetPolygon(spot, frac) {
  const c = spotCentroid(spot, S);
  return spotCorners(spot).map((p) => {
    const { x, y } = toScreen(p, S);
    return `${round(x + (c.x - x) * frac * 2)},${round(y + (c.y - y) * frac * 2)}`;
  }).join(" ");
}

function lockMark(spot) {
  // Small padlock between the centroid and the spot's far corner (away from the goats).
  const { up } = parseSpot(spot);
  const c = spotCentroid(spot, S);
  const far = toScreen(spotCorners(spot)[up ? 2 : 0], S);
  const x = c.x + (far.x - c.x) * 0.6, y = c.y + (far.y - c.y) * 0.6;
  const u = 0.065 * S;
  return s("g", { class: "gw-lock", role: "img", "aria-label": "A locked spot" },
    s("path", { class: "gw-lock-shackle", d: `M${round(x - u * 0.7)},${round(y)}V${round(y - u * 0.6)}` +
      `A${round(u * 0.7)},${round(u * 0.7)} 0 0,1 ${round(x + u * 0.7)},${round(y - u * 0.6)}V${round(y)}` }),
    s("rect", { class: "gw-lock-body", x: round(x - u), y: round(y - u * 0.1), width: round(2 * u), height: round(1.5 * u), rx: 1 }));
}

function sharkFin(spot) {
  const { x, y } = spotCentroid(spot, S);
  const w = 0.2 * S, hh = 0.2 * S;
  const d = `M${round(x - w)},${round(y + hh * 0.6)}Q${round(x - w * 0.1)},${round(y - hh * 0.2)} ${round(x + w * 0.3)},${round(y - hh)}` +
    `Q${round(x + w * 0.15)},${round(y)} ${round(x + w)},${round(y + hh * 0.6)}Z`;
  return s("g", { class: "gw-shark", role: "img", "aria-label": "The shark" },
    s("path", { class: "gw-shark-fin", d }),
    s("path", { class: "gw-shark-water", d: `M${round(x - w * 1.2)},${round(y + hh * 0.6)}h${round(w * 2.4)}` }));
}

/** The goats on `spot` (a stack side by side) over their halo, which shows when they are a target. */
function goatArt(spot, goats) {
  const c = spotCentroid(spot, S);
  const stacked = goats.length > 1;
  const art = s("g", { class: "gw-goat-art" }, stacked
    ? s("ellipse", { class: "gw-halo", cx: round(c.x), cy: round(c.y + 0.04 * S * (parseSpot(spot).up ? 1 : -1)),
      rx: round(0.48 * S), ry: round(0.31 * S) })
    : s("circle", { class: "gw-halo", cx: round(c.x), cy: round(c.y), r: round(0.33 * S) }));
  const offsets = pieceOffsets(spot, goats.length);
  goats.forEach((goat, i) => {
    const st = seatStyle(goat.owner);
    const r = pieceRadius(goat.kind, stacked) * S;
    const x = c.x + offsets[i][0] * S, y = c.y + offsets[i][1] * S;
    art.append(s("path", { class: `gw-piece gw-piece-${goat.kind}`, d: shapePath(st.shape, x, y, r),
      fill: st.color, stroke: OUTLINE, "stroke-width": 2.5 }));
    art.append(s("text", { class: "gw-piece-label", x: round(x), y: round(y + (st.shape === "triangle" ? r * 0.25 : 0)),
      fill: st.text, "font-size": round(r * 1.05), "text-anchor": "middle", "dominant-baseline": "central",
      "aria-hidden": "true", text: goat.kind === "baby" ? "B" : "M" }));
  });
  return art;
}

function goatGroup(sp, legal, mode, ui, send, select, explain) {
  const goats = sp.goats || [];
  const words = sp.words || "the spot";   // "your mama goat", "Ana's stack (two mama goats)": said in Python
  const g = s("g", { class: "gw-goat", "data-spot": sp.id },
    memo(ART, JSON.stringify(["goats", sp.id, goats.map((goat) => [goat.owner, goat.kind])]), () => goatArt(sp.id, goats)));

  const spotText = words;
  const key = `goat:${sp.id}`;
  const suffix = ` (${spotText})`;
  if (mode.goat) return actionTarget(g, legal, mode.goat, { spot: sp.id }, "", "gw-goat-blocked", key, send, suffix);
  const kind = mode.pair;
  const sel = ui.selected;
  if (kind && sel && sel.spot === sp.id) {
    g.setAttribute("aria-pressed", "true");
    return clickable(g, "gw-selected", `Cancel: ${spotText} is chosen for ${KIND_WORDS[kind] || kind}`, key, () => select(null));
  }
  if (kind && sel) {
    return actionTarget(g, legal, kind, { spot: sel.spot, target: sp.id }, "gw-target", "gw-goat-blocked", key, send, suffix);
  }
  if (kind && goats.length) {
    const ok = afterClicks(legal, [], { kinds: kind }).next.includes(sp.id);
    g.setAttribute("aria-pressed", "false");
    return clickable(g, ok ? "gw-first" : "gw-first gw-goat-blocked", `Choose ${spotText} for ${KIND_WORDS[kind] || kind}`,
      key, () => (ok ? select({ kind, spot: sp.id }) : explain(`${kind} ${sp.id}`)), null, ok);
  }
  g.setAttribute("role", "img");
  g.setAttribute("aria-label", spotText);
  return g;
}
