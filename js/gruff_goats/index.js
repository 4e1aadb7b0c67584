// Gruff Goats widget: the board (land, water, bridges, the Island), goats, trolls, the dragon,
// the wands and the viewer's cards, drawn from `view`; clicks send action texts.
// No rule is decided here: every plausible target is clickable (legal ones lit, the rest
// faint) and Python judges each click and explains a "no". Names go in as text only.

import { mountShell, localChoice } from "../shared/shell.js";
import { h, s, memo } from "../shared/vdom.js";
import { target, button, choiceButton, badgeName, nameOf, markLayer } from "../shared/parts.js";
import { seatStyle, shapePath, OUTLINE } from "../shared/colors.js";
import {
  WANDS, SUITS, SUIT_SYMBOL, RED_SUITS, SIZE_LETTER, SIZE_SCALE, goatsBySquare, boardLayout,
  boardMode, squareClick, goatClick, trollClick, wandClick, decisionButtons, reachable, named,
  wandName, round,
} from "./board.js";

/** Square pictures already drawn (see memo in vdom.js), by kind and place. */
const ART = new Map();

function render({ model, el }) {
  // Local UI state only: the goat, troll or dragon chosen before its target is clicked.
  const ui = { sel: null, version: null, squares: new Map() };   // squares: memo() of this view's squares
  return mountShell(el, model, { title: "Gruff Goats", renderBoard: (board, ctx) => draw(board, ctx, ui) });
}

export default { render };

function draw(board, ctx, ui) {
  const { model, view, legal, names, me } = ctx;
  const { send, select } = localChoice(ctx, ui, "sel");
  const m = boardMode(view, legal, ui.sel);
  if (m.mode !== "turn") ui.sel = null;
  const hint = named(model.get("highlight"), me);
  const last = named((model.get("last_move") || {}).actions, me, view.goats);
  const strike = (view.dragon || {}).strike;
  if (strike) last.squares.add(strike.square);
  // where every square and goat goes (a square crowded with goats gets more room: board.js)
  const layout = boardLayout(view.squares || [], goatsBySquare(view.goats));
  const env = { view, legal, names, me, m, send, select, hint, last, layout, fresh: ctx.marks.last.fresh, whose: ctx.whose,
    squares: ui.squares };

  const wrap = h("div", { class: "gw-game gw-gruff",
    onkeydown: (e) => { if (e.key === "Escape" && ui.sel) select(null); } },
  h("div", { class: "gw-gruff-grid" },
    h("div", { class: "gw-gruff-board", style: `--gw-aspect: ${round((layout.width + 12) / (layout.height + 12))}` },
      boardSvg(env)),
    // the decision (claim, buttons, what is chosen) beside the board, so the board starts
    // right under the scores; then your cards, the wands (one row when there is room) and
    // everyone's cards: a late 4-player game fits the notebook at 1366x768 (issue 24)
    h("div", { class: "gw-gruff-side" }, topBar(env), handPanel(env), wandList(env), tableLine(env))));
  board.append(wrap);
}

// ------------------------------------------------------------------ clickable things

/** Wire a click result ({text, legal} or {select, legal}) onto `node`; without one, `node` is a
 * picture named `still` (by default `label`). */
function wire(node, res, label, env, key, still = label) {
  // the same key whether it can be clicked or not: the page keeps the node and only restyles it
  node.setAttribute("data-key", key);
  if (!res) {
    node.setAttribute("role", "img");
    node.setAttribute("aria-label", still);
    return node;
  }
  if (res.text != null) return target(node, label, res.legal, () => env.send(res.text), res.text);
  node.classList.add(res.cancel ? "gw-selected" : "gw-choose");
  if (res.cancel) return target(node, `${label}: chosen; click again to cancel`, true, () => env.select(null));
  return target(node, label, res.legal, () => env.select(res.select));
}

// ------------------------------------------------------------------ above the board

function topBar(env) {
  const { view, legal, me, m, send, select } = env;
  const items = [];
  if (view.claim) items.push(claimPanel(view));
  const row = [];
  for (const b of decisionButtons(m, legal, view)) {
    const primary = b.legal && b.key !== "pass" && b.key !== "stop" && b.key !== "draw";
    row.push(choiceButton(b, `gw-${b.key} ${primary ? "gw-button-primary" : ""}`, send));
  }
  if (m.mode === "place" && m.size) {
    row.push(h("span", { class: "gw-note gw-place-note" }, goatIcon(me ?? 0, m.size, 34),
      ` Put your ${m.size} goat back: click a corner.`));
  }
  if (m.mode === "turn" && m.sel) {
    const sel = m.sel;
    const what = sel.kind === "move" ? `Your ${sel.size} goat: click a lit square to move it.`
      : sel.kind === "troll" ? (sel.origin ? "Troll chosen: click a bridge for it." : "Click the troll to move.")
        : sel.kind === "dragon" ? "The dragon is ready: click the goat it eats."
          : "The dragon carries this troll: click a bridge.";
    row.push(h("span", { class: "gw-note gw-sel-note" },
      sel.kind === "move" ? goatIcon(me ?? 0, sel.size, 34) : sel.kind === "dragon" ? dragonIcon(34) : trollIcon(34),
      ` ${what}`));
    row.push(button("gw-cancel", "Cancel", "Cancel the choice", "cancel", () => select(null)));
  }
  if (row.length) items.push(h("div", { class: "gw-actions" }, row));
  return h("div", { class: "gw-gruff-top" }, items);
}

/** The claim going on: the wand's picture and the game's own sentences, line by line (wants,
 * blocks, passed, waiting: Python builds them, so any name, "You" too, reads right). */
function claimPanel(view) {
  const c = view.claim;
  return h("div", { class: "gw-claim", role: "status", "aria-label": "The claim now" }, wandIcon(c.wand, 30),
    ...Object.entries(c.said || {}).map(([k, line]) => h("div", { class: `gw-claim-line gw-claim-${k}`, text: line })));
}

// ------------------------------------------------------------------ the board

const KIND_FILL = { land: "#e9b96e", bridge: "#a0703f", island: "#62b957", water: "#3f8fc9" };

function boardSvg(env) {
  const { view, legal, names, me, m, hint, last, layout } = env;
  const squares = view.squares || [];
  const xy = (q) => layout.cell(q.id);                 // {x, y, w, h} in board units
  const byId = new Map(squares.map((q) => [q.id, q]));
  const corners = new Set(view.corners || []);
  const W = round(layout.width + 12), H = round(layout.height + 12);
  const svg = s("svg", { class: "gw-svg gw-gruff-svg", viewBox: `-6 -6 ${W} ${H}`,
    role: "group", "aria-label": "The board: the Outside Land around the edge, the Island in the middle, four bridges" });
  svg.append(s("rect", { class: "gw-frame", x: -6, y: -6, width: W, height: H, rx: 10 }));

  const lit = reachable(m, legal);
  const trolls = new Set(view.trolls || []);
  for (const q of squares) {
    const c = xy(q);
    const cls = `gw-sq gw-sq-${q.kind}${corners.has(q.id) ? " gw-sq-corner" : ""}${lit.has(q.id) ? " gw-reach" : ""}`;
    const res = squareClick(m, legal, q.id);
    const label = `${q.name || q.id}${res && trolls.has(q.id) ? " (a troll is there)" : ""}`;
    // the whole square, its listeners included, is drawn once per look (see memo in vdom.js)
    svg.append(memo(env.squares, JSON.stringify([q, c, cls, res, label]), () => {
      const g = s("g", { class: cls, "data-square": q.id });
      g.append(memo(ART, JSON.stringify([q.kind, c.x, c.y, c.w, c.h, corners.has(q.id)]), () => s("g", { class: "gw-sq-art" },
        s("rect", { class: "gw-sq-base", x: round(c.x + 1), y: round(c.y + 1), width: round(c.w - 2), height: round(c.h - 2),
          rx: q.kind === "water" ? 2 : 6, fill: KIND_FILL[q.kind] || KIND_FILL.land }),
        ...art(q.kind, c, corners.has(q.id)),
        s("rect", { class: "gw-sq-ring", x: round(c.x + 6), y: round(c.y + 6), width: round(c.w - 12), height: round(c.h - 12), rx: 8 }))));
      wire(g, res, label, env, `sq:${q.id}`);
      return g;
    }));
  }
  // a mark (markLayer in parts.js) rings a square
  const mark = (id) => {
    const q = byId.get(id), c = q && xy(q);
    return q && [q.name || id, s("rect", { class: "gw-mark-line", x: round(c.x + 4), y: round(c.y + 4), width: round(c.w - 8), height: round(c.h - 8), rx: 10 })];
  };
  svg.append(markLayer(last.squares, `gw-mark-last${env.fresh ? " gw-mark-fresh" : ""}`, "Just now", mark));
  svg.append(markLayer(hint.squares, "gw-mark-hint", "Hint", mark));

  for (const origin of view.trolls || []) {
    const q = byId.get(origin);
    if (!q) continue;
    const c = xy(q);
    const [tx, ty, tr] = [c.x + c.w / 2, c.y + c.h / 2, Math.min(36, 0.36 * Math.min(c.w, c.h))];
    const g = s("g", { class: "gw-troll", "data-square": origin },
      memo(ART, JSON.stringify(["troll", tx, ty, tr]), () => s("g", { class: "gw-piece-art" }, ...trollShape(tx, ty, tr))));
    if (hint.trolls.has(origin)) g.classList.add("gw-hint-piece");
    const res = trollClick(m, legal, origin);
    wire(g, res, `The troll on ${q.name || origin}`, env, `troll:${origin}`, `A troll on ${q.name || origin}`);
    svg.append(g);
  }

  for (const [where, goats] of goatsBySquare(view.goats)) {
    const q = byId.get(where);
    const slots = layout.goats.get(where);
    if (!q || !slots) continue;
    goats.forEach((goat, i) => {
      const { cx, cy, r } = slots[i];
      const id = `${goat.seat}:${goat.size}`;
      const g = s("g", { class: "gw-goat", "data-goat": id, "data-square": where },
        memo(ART, JSON.stringify(["goat", goat.seat, goat.size, cx, cy, r]), () => s("g", { class: "gw-piece-art" },
          s("circle", { class: "gw-halo", cx: round(cx), cy: round(cy), r: round(r + 5) }),
          ...goatShape(goat.seat, goat.size, cx, cy, r))));
      if (hint.goats.has(id)) g.classList.add("gw-hint-piece");
      if (last.goats.has(id)) g.classList.add("gw-last-piece");
      const owner = nameOf(goat.seat, names);
      const label = `${owner}: ${goat.size} goat on ${q.name || where}`;
      const res = goatClick(m, legal, view, me, goat.seat, goat.size);
      wire(g, res, label, env, `goat:${id}`);
      svg.append(g);
    });
  }

  const strike = (view.dragon || {}).strike;
  if (strike && byId.has(strike.square)) {
    const c = xy(byId.get(strike.square));
    const whose = strike.seat != null ? `${nameOf(strike.seat, names)}: ${strike.size} goat` : "a troll";
    svg.append(s("g", { class: "gw-dragon", role: "img", "aria-label": `The dragon swooped down here and took ${whose}` },
      dragonShape(c.x + c.w / 2, c.y + c.h * 0.42, Math.min(46, 0.46 * Math.min(c.w, c.h)))));
  }
  return svg;
}

/** Pictures on a square `c` ({x, y, w, h}; drawn for a 100 x 100 square, stretched to its
 * size): waves, planks, grass, a corner's marks. Decorative. */
function art(kind, { x, y, w, h }, corner) {
  const out = [];
  const X = (dx) => round(x + (dx * w) / 100), Y = (dy) => round(y + (dy * h) / 100);
  if (kind === "water") {
    const [a, b] = [round(w / 10), round(w / 5)];      // a wave 20 units long on a plain square
    for (const dy of [28, 52, 76]) {
      out.push(s("path", { class: "gw-wave", d: `M${X(14)},${Y(dy)}q${a},-9 ${b},0t${b},0t${b},0t${b},0` }));
    }
  } else if (kind === "bridge") {
    for (let i = 1; i < 6; i++) out.push(s("path", { class: "gw-plank", d: `M${round(x + 8)},${round(y + (i * h) / 6)}h${round(w - 16)}` }));
    out.push(s("path", { class: "gw-rail", d: `M${round(x + 8)},${round(y + 6)}v${round(h - 12)}M${round(x + w - 8)},${round(y + 6)}v${round(h - 12)}` }));
  } else if (kind === "island") {
    for (const [dx, dy] of [[22, 30], [70, 26], [30, 76], [76, 72], [50, 50]]) {
      out.push(s("path", { class: "gw-grass", d: `M${round(X(dx) - 7)},${round(Y(dy) + 6)}l3,-10l4,10l3,-12l3,12` }));
    }
    out.push(s("circle", { class: "gw-flower", cx: X(50), cy: Y(24), r: 4 }), s("circle", { class: "gw-flower", cx: X(24), cy: Y(54), r: 3.5 }));
  } else if (corner) {
    const [l, t, r, b] = [round(x + 12), round(y + 12), round(x + w - 12), round(y + h - 12)];
    out.push(s("path", { class: "gw-corner-mark", d: `M${l},${t}h18M${l},${t}v18M${r},${b}h-18M${r},${b}v-18` }));
  }
  return out;
}

/** Path data of a goat's two horns, over its body of radius `r` at (cx, cy). */
function horns(cx, cy, r) {
  const hr = r * 0.55;
  return [1, -1].map((k) => `M${round(cx - k * r * 0.35)},${round(cy - r * 0.7)}` +
    `q${round(-k * hr * 0.2)},${round(-hr)} ${round(-k * hr * 0.9)},${round(-hr * 0.9)}`).join("");
}

/** A goat: its seat's shape and colour, sized by the goat, with two horns and its letter. */
function goatShape(seat, size, cx, cy, r) {
  const st = seatStyle(seat);
  return [
    s("path", { class: "gw-horns", d: horns(cx, cy, r), "stroke-width": round(Math.max(2, r * 0.16)) }),
    s("path", { class: `gw-piece gw-piece-${size}`, d: shapePath(st.shape, cx, cy, r), fill: st.color, stroke: OUTLINE,
      "stroke-width": round(Math.max(1.5, r * 0.12)) }),
    s("text", { class: "gw-piece-label", x: round(cx), y: round(cy + (st.shape === "triangle" ? r * 0.25 : 0)), fill: st.text,
      "font-size": round(r * 1.0), "aria-hidden": "true",
      text: SIZE_LETTER[size] }),
  ];
}

/** Drawing about (cx, cy) in units of `r`: p(dx, dy) a point, q(dx, dy) a relative step,
 * dot(cls, dx, dy, radius) a circle. */
function around(cx, cy, r) {
  return {
    p: (dx, dy) => `${round(cx + dx * r)},${round(cy + dy * r)}`,
    q: (dx, dy) => `${round(dx * r)},${round(dy * r)}`,
    dot: (cls, dx, dy, radius) => s("circle", { class: cls, cx: round(cx + dx * r), cy: round(cy + dy * r), r: round(radius) }),
  };
}

function trollShape(cx, cy, r) {
  const { p, q, dot } = around(cx, cy, r);
  const e = r * 0.28;
  return [
    s("path", { class: "gw-troll-body", d: `M${p(-1, 0.9)}Q${p(-1.05, -1.1)} ${p(0, -1)}Q${p(1.05, -1.1)} ${p(1, 0.9)}Z` }),
    s("path", { class: "gw-troll-ears", d: `M${p(-0.8, -0.35)}l${q(-0.35, -0.3)}l${q(0.15, 0.5)}ZM${p(0.8, -0.35)}l${q(0.35, -0.3)}l${q(-0.15, 0.5)}Z` }),
    dot("gw-eye", -0.35, -0.3, e),
    dot("gw-eye", 0.35, -0.3, e),
    dot("gw-pupil", -0.3, -0.25, e * 0.45),
    dot("gw-pupil", 0.4, -0.25, e * 0.45),
    s("path", { class: "gw-mouth", d: `M${p(-0.5, 0.3)}Q${p(0, 0.65)} ${p(0.5, 0.3)}Z` }),
    s("path", { class: "gw-tooth", d: `M${p(-0.3, 0.36)}l${q(0.08, 0.16)}l${q(0.08, -0.13)}ZM${p(0.14, 0.4)}l${q(0.08, 0.16)}l${q(0.08, -0.17)}Z` }),
  ];
}

function dragonShape(cx, cy, r) {
  const { p, dot } = around(cx, cy, r);
  return [
    s("path", { class: "gw-dragon-wing", d: `M${p(-0.1, 0)}L${p(-1, -0.55)}L${p(-0.8, -0.1)}L${p(-1, 0.05)}L${p(-0.65, 0.2)}L${p(-0.75, 0.4)}Z` +
      `M${p(0.1, 0)}L${p(1, -0.55)}L${p(0.8, -0.1)}L${p(1, 0.05)}L${p(0.65, 0.2)}L${p(0.75, 0.4)}Z` }),
    s("ellipse", { class: "gw-dragon-body", cx: round(cx), cy: round(cy + r * 0.1), rx: round(r * 0.22), ry: round(r * 0.5) }),
    dot("gw-dragon-body", 0, -0.45, r * 0.2),
    dot("gw-eye", -0.07, -0.5, r * 0.06),
    dot("gw-eye", 0.07, -0.5, r * 0.06),
  ];
}

/** A decorative picture (the words are beside it), `size` px square, of `draw` (on 100 x 100). */
function icon(size, draw) {
  return s("svg", { class: "gw-icon", width: size, height: size, viewBox: "0 0 100 100", "aria-hidden": "true" }, ...draw);
}

function goatIcon(seat, size, px) {
  const r = 30 * (SIZE_SCALE[size] || 1);
  return memo(ART, JSON.stringify(["goat icon", seat, size, px]), () => icon(px, goatShape(seat, size, 50, 58, r)));
}

function trollIcon(px) {
  return memo(ART, `troll icon ${px}`, () => icon(px, trollShape(50, 54, 38)));
}

function dragonIcon(px) {
  return memo(ART, `dragon icon ${px}`, () => icon(px, dragonShape(50, 50, 48)));
}

/** A wand's picture: the troll, a goat of its size (neutral grey), or the dragon. */
function wandIcon(wand, px) {
  if (wand === "troll") return trollIcon(px);
  if (wand === "dragon") return dragonIcon(px);
  return memo(ART, `wand icon ${wand} ${px}`, () => goatWandIcon(wand, px));
}

function goatWandIcon(wand, px) {
  const r = 34 * (SIZE_SCALE[wand] || 1);
  return icon(px, [s("path", { class: "gw-horns", "stroke-width": 6, d: horns(50, 56, r) }),
  s("circle", { class: "gw-wand-goat", cx: 50, cy: 56, r }),
    s("text", { class: "gw-piece-label gw-wand-letter", x: 50, y: 56, "font-size": r, text: SIZE_LETTER[wand] })]);
}

function suitMark(suit, extra = "") {
  return h("span", { class: `gw-suit-mark ${RED_SUITS.has(suit) ? "gw-red" : "gw-black"} ${extra}`, text: SUIT_SYMBOL[suit] || suit,
    title: suit });
}

// ------------------------------------------------------------------ beside the board

function wandList(env) {
  const { view, legal, names, me, m, send, select, hint } = env;
  const suits = view.wand_suits || {};
  const items = WANDS.map((wand) => {
    const holder = (view.wands || {})[wand];
    const holderText = holder == null ? "nobody has it" : nameOf(holder, names);
    const node = h("div", { class: `gw-wand${holder === me && me != null ? " gw-wand-mine" : ""}`, "data-wand": wand },
      wandIcon(wand, 44),
      h("span", { class: "gw-wand-cost" }, ...(suits[wand] || []).map((x) => suitMark(x))),
      h("span", { class: "gw-wand-holder" }, holder == null ? ["", h("span", { class: "gw-nobody", text: holderText })]
        : badgeName(holder, names, 16)));
    if (hint.wands.has(wand)) node.classList.add("gw-hint-piece");
    const res = wandClick(m, legal, view, me, wand);
    // "nobody has it", "Ana has it", "You have it": the holder's words as written on the wand first
    const has = `${holder == null ? "nobody" : holderText} ${/^you$/i.test(holderText) ? "have" : "has"} it`;
    const words = `${wandName(wand)}, ${has}`;
    // a button's name holds the words written on it in order (the letter on the goat, the card
    // signs, the holder)
    const signs = (suits[wand] || []).map((x) => SUIT_SYMBOL[x] || x).join("");
    const shown = `${wandName(wand)}${SIZE_LETTER[wand] ? ` ${SIZE_LETTER[wand]}` : ""}${signs ? ` ${signs}` : ""}: ${has}`;
    const label = res && res.text ? `Claim ${shown}` : `Use ${shown}`;
    wire(node, res, label, { send, select }, `wand:${wand}`, words);
    return node;
  });
  return h("section", { class: "gw-panel" }, h("h4", { text: "Magic wands" }),
    // a group, not a list: each wand is a button or a picture, and a list may hold only list items
    h("div", { class: "gw-wands", role: "group", "aria-label": "Magic wands" }, items));
}

function handPanel(env) {
  const { view } = env;
  const hand = view.hand;
  if (!hand) return null;
  const suits = view.wand_suits || {};
  const wandOf = {};
  for (const [wand, cost] of Object.entries(suits)) if (cost.length === 1) wandOf[cost[0]] = wand;
  const groups = SUITS.map((suit) => {
    const n = hand[suit] || 0;
    const cards = h("span", { class: "gw-cards", "aria-hidden": "true" });
    for (let i = 0; i < Math.min(n, 6); i++) cards.append(h("span", { class: `gw-card ${RED_SUITS.has(suit) ? "gw-red" : "gw-black"}`, text: SUIT_SYMBOL[suit] }));
    return h("li", { class: `gw-suit${n ? "" : " gw-suit-none"}`, "data-suit": suit,
      "aria-label": `${n} ${suit} card${n === 1 ? "" : "s"}${wandOf[suit] ? ` (for ${wandName(wandOf[suit])})` : ""}` },
    cards, h("span", { class: "gw-suit-count", text: `×${n}` }), wandOf[suit] ? wandIcon(wandOf[suit], 34) : null);
  });
  return h("section", { class: "gw-panel" }, h("h4", { text: `${env.whose} cards` }),
    h("ul", { class: "gw-hand", "aria-label": `${env.whose} cards` }, groups));
}

function tableLine(env) {
  const { view, names } = env;
  const sizes = view.hand_sizes || [];
  const open = view.hands || [];      // open hands (GG-X10): every hand is shown, by suit
  const seats = sizes.map((n, i) => h("li", { class: "gw-hand-size", "data-seat": i }, badgeName(i, names, 16), h("span", { text: `: ${n} card${n === 1 ? "" : "s"}` }),
    ...(open[i] ? SUITS.filter((x) => open[i][x]).flatMap((x) => [" ", suitMark(x), `${open[i][x]}`]) : [])));
  const d = view.discards || {};
  const top = d.top ? [" (top ", suitMark(d.top), ")"] : [];
  return h("section", { class: "gw-panel gw-table" },
    h("ul", { class: "gw-hand-sizes", "aria-label": "Cards in each hand" }, seats),
    h("p", { class: "gw-piles" }, `Deck: ${view.pile ?? 0} · Put down: ${d.count ?? 0}`, ...top));
}
