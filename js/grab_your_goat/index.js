// Grab Your Goat! widget: the 7x7 grid of path cards, shepherds and goats, the die, the hands
// and the card chooser, drawn from `view`; clicks send action texts. No rule is decided here:
// every plausible target is clickable (legal ones lit, the rest faint) and Python judges each
// click and explains a "no". Names go in as text only.

import { mountShell, localChoice } from "../shared/shell.js";
import { h, s, memo } from "../shared/vdom.js";
import { target, choiceButton, badgeName, markLayer } from "../shared/parts.js";
import { seatStyle, shapePath, OUTLINE } from "../shared/colors.js";
import {
  DIRS, DIR_WORD, DIR_ARROW, SHORT, NAMES, HAND_ARROWS, round, cardWords, arrowWords,
  piecesByCell, pieceSlots, cellClick, handClick, chooser, decisionButtons, named, stepTargets,
  whose, cap, plural,
} from "./board.js";

/** Card faces already drawn (see memo in vdom.js), by what they show and where. */
const ART = new Map();
/** Shepherds and goats already drawn, by seat, place and label. */
const PIECES = new Map();

/** User units per card. */
const S = 100;
const TIP = { n: [0.5, 0], e: [1, 0.5], s: [0.5, 1], w: [0, 0.5] };
const STEP = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

function render({ model, el }) {
  // Local UI state only: the hand card chosen before its place, and the route toggle.
  const ui = { sel: null, version: null, route: false, cells: new Map() };   // cells: memo() of this view's cards
  return mountShell(el, model, { title: "Grab Your Goat!", renderBoard: (board, ctx) => draw(board, ctx, ui),
    chipText: (i, view) => `${plural((view.hands || [])[i] ?? 0, "card")}${(view.lost_turn || [])[i] ? " · misses a move" : ""}` });
}

export default { render };

function draw(board, ctx, ui) {
  const { model, view, legal, names, me } = ctx;
  const { send, select } = localChoice(ctx, ui, "sel");
  const env = { view, legal, names, me, ui, send, select, refresh: ctx.refresh, fresh: ctx.marks.last.fresh, whose: ctx.whose,
    hint: named(model.get("highlight")), last: named((model.get("last_move") || {}).actions) };
  board.append(h("div", { class: "gw-game gw-grab",
    onkeydown: (e) => { if (e.key === "Escape" && ui.sel) select(null); } },
  h("div", { class: "gw-grab-grid" },
    h("div", { class: "gw-grab-board" }, boardSvg(env)),
    h("div", { class: "gw-grab-side" }, ...sidePanels(env)))));
}

/** Beside the board: what must be decided now first (a card to lay), then the die and hands. */
function sidePanels(env) {
  const choose = choosePanel(env);
  const orient = choose && choose.classList.contains("gw-chooser-orient");
  return orient ? [choose, diePanel(env), handPanel(env), othersPanel(env)]
    : [diePanel(env), choose, handPanel(env), othersPanel(env)];
}

// ------------------------------------------------------------------ the board

function boardSvg(env) {
  const { view, legal, me, ui, hint, last } = env;
  const cells = view.cells || [];
  const byId = new Map(cells.map((c) => [c.id, c]));
  const xy = (c) => ({ x: c.col * S, y: c.row * S });
  const svg = s("svg", { class: "gw-svg gw-grab-svg", viewBox: `-8 -8 ${7 * S + 16} ${7 * S + 16}`, role: "group",
    "aria-label": "The mountain: seven by seven cards; north is up", onkeydown: (e) => moveFocus(e, e.currentTarget) });
  svg.append(s("rect", { class: "gw-frame", x: -8, y: -8, width: 7 * S + 16, height: 7 * S + 16, rx: 12 }));
  const reach = new Set(view.pending ? view.reach || [] : []);   // none once the game is over
  const lit = stepTargets(legal);
  const pend = view.pending || {};
  const pendCell = pend.kind === "orient" || pend.kind === "throw" || pend.kind === "slide" ? pend.cell : null;
  const pieces = piecesByCell(view);
  for (const c of cells) {
    const { x, y } = xy(c);
    const cls = `gw-cell${c.up ? ` gw-up gw-card-${c.card}` : " gw-down"}${reach.has(c.id) ? " gw-reach" : ""}` +
      `${lit.has(c.id) ? " gw-step" : ""}${c.id === pendCell ? " gw-pending" : ""}`;
    const here = (pieces.get(c.id) || []).map((p) => whose(view, p.kind, p.seat));
    const label = `${c.owner != null ? cap(whose(view, "house", c.owner)) : cardWords(c)}${here.length ? `; here: ${here.join(", ")}` : ""}${reach.has(c.id) ? "; you can walk here" : ""}`;
    const res = cellClick(view, legal, ui.sel, c.id);
    // the whole card, its listeners included, is drawn once per look (see memo in vdom.js)
    svg.append(memo(ui.cells, JSON.stringify([c, x, y, cls, label, res]), () => {
      const g = s("g", { class: cls, "data-cell": c.id, "data-key": `cell:${c.id}`,
        // the arrow keys on a card are the board's: Notebook 7 reads the page's keys before the
        // widget does and would take them to move between cells; Lumino leaves alone an element
        // with this mark (on the focused card itself: it matches its shortcuts before looking up)
        "data-lm-suppress-shortcuts": "true" });
      g.append(memo(ART, JSON.stringify([c.up, c.card, c.owner, c.arrows, c.name, c.unnamed, x, y]),
        () => s("g", { class: "gw-art" }, ...cardArt(c, x, y),
          s("rect", { class: "gw-ring", x: x + 7, y: y + 7, width: S - 14, height: S - 14, rx: 10 }))));
      if (res) target(g, `${actionWords(res.text)}: ${label}`, res.legal, () => env.send(res.text), res.text);
      else { g.setAttribute("role", "img"); g.setAttribute("aria-label", label); g.setAttribute("tabindex", "-1"); }
      return g;
    }));
  }
  if (ui.route && view.route && view.route.length > 1) {
    const pts = view.route.map((id) => byId.get(id)).filter(Boolean).map((c) => `${c.col * S + S / 2},${c.row * S + S / 2}`).join(" ");
    svg.append(s("g", { class: "gw-route", role: "img", "aria-label": `Your route to your goat: ${view.route.length - 1} steps` },
      s("polyline", { class: "gw-route-edge", points: pts }), s("polyline", { class: "gw-route-core", points: pts })));
  }
  // a mark (markLayer in parts.js) rings a card
  const mark = (id) => {
    const c = byId.get(id);
    return c && [cardWords(c), s("rect", { class: "gw-mark-line", x: c.col * S + 5, y: c.row * S + 5, width: S - 10, height: S - 10, rx: 12 })];
  };
  svg.append(markLayer(last.cells, `gw-mark-last${env.fresh ? " gw-mark-fresh" : ""}`, "Just now", mark));
  svg.append(markLayer(hint.cells, "gw-mark-hint", "Hint", mark));
  for (const [id, list] of pieces) {
    const c = byId.get(id);
    if (!c) continue;
    const slots = pieceSlots(list.length);
    list.forEach((p, i) => {
      const sl = slots[i];
      const cx = c.col * S + S / 2 + sl.dx * S, cy = c.row * S + S / 2 + sl.dy * S;
      const attrs = { class: `gw-${p.kind}${p.seat === me ? " gw-mine" : ""}`, "data-seat": p.seat, "data-cell": id,
        role: "img", "aria-label": cap(whose(view, p.kind, p.seat)) };
      svg.append(memo(PIECES, JSON.stringify([attrs, cx, cy, sl.r]), () => s("g", attrs, ...piece(p.kind, p.seat, cx, cy, sl.r * S, p.seat === me))));
    });
  }
  return svg;
}

function actionWords(text) {
  const [kind] = text.split(" ");
  return { step: "Step onto", lift: "Ride the lift to", throw: "Throw it onto", reveal: "Turn up", play: "Play your card on" }[kind] || kind;
}

/** Arrow keys move the focus from card to card (faint cards too: a click still asks why). At
 * the edge the key is still the board's, so it does nothing: JupyterLab would otherwise take it
 * to move to the next cell, and the focus would leave the board. */
function moveFocus(e, svg) {
  const d = STEP[e.key];
  const from = e.target.closest && e.target.closest("[data-cell]");
  if (!d || !from || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
  e.preventDefault();
  const id = from.getAttribute("data-cell");
  const col = id.charCodeAt(0) - 97 + d[1], row = Number(id.slice(1)) - 1 + d[0];
  if (col < 0 || col > 6 || row < 0 || row > 6) return;
  const next = svg.querySelector(`g.gw-cell[data-cell="${String.fromCharCode(97 + col)}${row + 1}"]`);
  if (next) next.focus();
}

/** A card: its face (paths with arrows, an effect's picture and name) or its back. */
function cardArt(c, x, y) {
  const out = [s("rect", { class: "gw-card-base", x: x + 2, y: y + 2, width: 96, height: 96, rx: 9 })];
  if (!c.up) {
    out.push(s("rect", { class: "gw-back-line", x: x + 12, y: y + 12, width: 76, height: 76, rx: 6 }),
      s("path", { class: "gw-back-peak", d: `M${x + 26},${y + 66}L${x + 44},${y + 36}L${x + 54},${y + 50}L${x + 62},${y + 40}L${x + 76},${y + 66}Z` }));
    return out;
  }
  if (c.owner != null) {
    out.push(s("rect", { class: "gw-house-band", x: x + 5, y: y + 5, width: 90, height: 90, rx: 7,
      fill: seatStyle(c.owner).color }));
  }
  const arrows = c.arrows || "";
  const cx = x + 50, cy = y + 50;
  if (c.card !== "waterfall") {
    for (const d of arrows) {
      const [tx, ty] = TIP[d];
      out.push(s("line", { class: "gw-path", x1: cx, y1: cy, x2: round(x + tx * 100), y2: round(y + ty * 100), "stroke-width": 26 }));
    }
    if (arrows) out.push(s("circle", { class: "gw-path-hub", cx, cy, r: 13 }));
  }
  out.push(...icon(c.card, cx, cy, c.owner));
  for (const d of arrows) out.push(s("path", { class: c.card === "waterfall" ? "gw-flow" : "gw-arrow", d: arrowHead(d, x, y) }));
  if (!arrows && !c.unnamed && ["straight", "corner", "tee", "cross"].includes(c.card)) {       // just turned up, waiting to be laid: say what it is
    const words = String(c.name || NAMES[c.card] || c.card).split(" ");
    words.forEach((w, i) => out.push(s("text", { class: "gw-card-name", x: cx, y: round(cy + (i - (words.length - 1) / 2) * 22 + 7),
      // a space after each word but the last: the card's text reads "Corner path", as its
      // accessible name says (SVG drops a line's trailing space when drawing it)
      "font-size": 20, "text-anchor": "middle", text: i < words.length - 1 ? `${w} ` : w })));
  }
  if (SHORT[c.card] && c.card !== "top" && !c.unnamed) {
    out.push(s("text", { class: "gw-card-name", x: cx, y: y + 91, "font-size": 15, "text-anchor": "middle", text: SHORT[c.card] }));
  }
  return out;
}

/** An arrowhead at the edge of the card, pointing out through side `d`. */
function arrowHead(d, x, y) {
  const pts = { n: [[50, 2], [37, 17], [63, 17]], s: [[50, 98], [37, 83], [63, 83]],
    e: [[98, 50], [83, 37], [83, 63]], w: [[2, 50], [17, 37], [17, 63]] }[d];
  return `M${pts.map(([px, py]) => `${round(x + px)},${round(y + py)}`).join("L")}Z`;
}

/** The small picture of a special card (decorative; its name is printed and in the label). */
function icon(kind, cx, cy, owner) {
  const X = (dx) => round(cx + dx), Y = (dy) => round(cy + dy);
  const p = (dx, dy) => `${X(dx)},${Y(dy)}`;
  const path = (cls, d) => s("path", { class: cls, d });
  const dot = (cls, dx, dy, r) => s("circle", { class: cls, cx: X(dx), cy: Y(dy), r });
  switch (kind) {
    case "top": return [path("gw-peak", `M${p(-34, 22)}L${p(-8, -28)}L${p(6, -6)}L${p(14, -16)}L${p(34, 22)}Z`),
      path("gw-snow", `M${p(-16, -12)}L${p(-8, -28)}L${p(0, -14)}L${p(-8, -8)}Z`)];
    case "house": return [path("gw-house", `M${p(-20, 20)}V${Y(-2)}L${p(0, -22)}L${p(20, -2)}V${Y(20)}Z`),
      s("path", { class: "gw-house-mark", d: shapePath(seatStyle(owner ?? 0).shape, cx, cy + 6, 8) })];
    case "coffee": return [dot("gw-bush", -12, -22, 12), dot("gw-bush", 12, -22, 12), dot("gw-bush", 0, -32, 12),
      dot("gw-berry", -6, -24, 4), dot("gw-berry", 9, -30, 4), dot("gw-berry", -14, -32, 3.5)];
    case "ski": return [path("gw-cable", `M${p(-42, -38)}L${p(42, -18)}`), path("gw-chair", `M${p(0, -28)}V${Y(-14)}H${X(12)}M${p(-6, -14)}H${X(14)}`)];
    case "thicket": return [path("gw-thorn", `M${p(-36, -20)}l12,-14l12,14l12,-14l12,14l12,-14l12,14`)];
    case "wheat": return [path("gw-wheat", `M${p(-20, -14)}V${Y(-40)}M${p(0, -14)}V${Y(-44)}M${p(20, -14)}V${Y(-40)}`),
      path("gw-grain", `M${p(-24, -36)}l4,4l4,-4M${p(-4, -40)}l4,4l4,-4M${p(16, -36)}l4,4l4,-4`)];
    case "fog": return [path("gw-fog", `M${p(-34, -22)}q9,-8 17,0t17,0t17,0t17,0M${p(-34, -4)}q9,-8 17,0t17,0t17,0t17,0M${p(-34, 14)}q9,-8 17,0t17,0t17,0t17,0`)];
    case "landslide": return [path("gw-slope", `M${p(-38, 24)}L${p(38, -30)}V${Y(24)}Z`), dot("gw-rock", -12, -8, 7), dot("gw-rock", -26, 6, 5), dot("gw-rock", 2, -22, 5)];
    case "mineshaft": return [path("gw-shaft", `M${p(-22, 22)}V${Y(-14)}Q${p(0, -36)} ${p(22, -14)}V${Y(22)}Z`),
      path("gw-beam", `M${p(-27, 24)}V${Y(-14)}Q${p(0, -42)} ${p(27, -14)}V${Y(24)}`)];
    case "cliff": return [path("gw-cliff", `M${p(-42, 34)}L${p(-42, -36)}L${p(-8, -36)}L${p(0, -12)}L${p(-16, 4)}L${p(-4, 34)}Z`),
      path("gw-drop", `M${p(16, -28)}v44m-9,-11l9,11l9,-11`)];
    case "waterfall": return [path("gw-water", `M${p(-18, -36)}q-9,18 0,36t0,36M${p(0, -36)}q-9,18 0,36t0,36M${p(18, -36)}q-9,18 0,36t0,36`)];
    default: return [];
  }
}

/** A shepherd (the seat's shape, filled, with a crook) or a goat (the shape hollow, with horns). */
function piece(kind, seat, cx, cy, r, mine = false) {
  const st = seatStyle(seat);
  const body = shapePath(st.shape, cx, cy, r);
  const w = round(Math.max(2, r * 0.14));
  // your own pieces stand out by a white rim around the body: a wide stroke under it, cheap to
  // draw (a CSS drop-shadow was a blur redrawn on every move: ~25% of the board's raster work)
  const rim = (width) => (mine ? [s("path", { class: "gw-rim", d: body, "stroke-width": round(width + r * 0.4) })] : []);
  if (kind === "shepherd") {
    return [...rim(w), s("path", { class: "gw-piece gw-piece-shepherd", d: body, fill: st.color, stroke: OUTLINE, "stroke-width": w }),
      s("path", { class: "gw-crook", stroke: st.text, "stroke-width": round(r * 0.2),
        d: `M${round(cx + r * 0.15)},${round(cy + r * 0.65)}V${round(cy - r * 0.3)}a${round(r * 0.28)},${round(r * 0.28)} 0 0 0 ${round(-r * 0.56)},0` })];
  }
  const hr = r * 0.6;
  return [...rim(r * 0.34), s("path", { class: "gw-horns", "stroke-width": w,
    d: `M${round(cx - r * 0.4)},${round(cy - r * 0.6)}q${round(-hr * 0.2)},${round(-hr)} ${round(-hr * 0.9)},${round(-hr * 0.9)}` +
      `M${round(cx + r * 0.4)},${round(cy - r * 0.6)}q${round(hr * 0.2)},${round(-hr)} ${round(hr * 0.9)},${round(-hr * 0.9)}` }),
  s("path", { class: "gw-piece gw-piece-goat", d: body, fill: "#fff", stroke: st.color, "stroke-width": round(r * 0.34) }),
  s("path", { class: "gw-goat-face", d: `M${round(cx - r * 0.28)},${round(cy - r * 0.1)}h0.01M${round(cx + r * 0.28)},${round(cy - r * 0.1)}h0.01`, "stroke-width": round(r * 0.2) })];
}

/** A small card picture for the hand and the chooser. */
function miniCard(kind, arrows, px, extra = {}) {
  // no printed name on the small picture: its name is written beside it (a button's visible
  // words must all be in its accessible name, and twice "Thicket" is not)
  const c = { up: true, card: kind, arrows, name: NAMES[kind], unnamed: true };
  return memo(ART, JSON.stringify(["mini", kind, arrows, px, extra]), () =>
    s("svg", { class: "gw-mini", width: px, height: px, viewBox: "0 0 100 100", "aria-hidden": "true", ...extra },
      s("g", { class: `gw-cell gw-up gw-card-${kind}` }, ...cardArt(c, 0, 0))));
}

// ------------------------------------------------------------------ beside the board

function panel(title, ...children) {
  return h("section", { class: "gw-panel", "data-key": `panel:${title}` }, h("h4", { text: title }), ...children);
}

/** The button of a decision `b` (board.js's decisionButtons), with the classes `extra` too. */
function wayButton(b, env, extra = "") {
  // Not "gw-goat": the bundled CSS makes .gw-goat (a Floats piece) ignore the mouse.
  const kind = b.key.split("-")[0], cls = kind === "goat" ? "goat-way" : kind;
  return choiceButton(b, `gw-${cls} ${extra}`, env.send);
}

function diePanel(env) {
  const { view, legal, ui } = env;
  const face = view.die;
  const dieBox = h("div", { class: `gw-die${face ? "" : " gw-die-none"}`, role: "img",
    "aria-label": face ? `The goat die shows ${view.die_label}` : "The goat die has not been rolled this turn" },
  h("span", { class: "gw-die-face", text: face ? (face === "choice" ? "★" : DIR_ARROW[face]) : "?" }),
  h("span", { class: "gw-die-label", text: face ? view.die_label : "not rolled" }));
  const buttons = decisionButtons(view, legal);
  const compass = buttons.filter((b) => b.dir);
  const others = buttons.filter((b) => !b.dir).map((b) => wayButton(b, env, b.key === "roll" ? "gw-button-primary" : ""));
  const rows = [h("div", { class: "gw-die-row" }, dieBox, ...others)];
  if (compass.length) {
    const what = view.pending.kind === "goat" ? "Which way does your goat go?" : "Which way does the Landslide run?";
    rows.push(h("p", { class: "gw-note", text: what }),
      h("div", { class: "gw-compass", role: "group", "aria-label": what }, ...compass.map((b) => wayButton(b, env, `gw-dir-${b.dir}`))));
  }
  const me = env.me;
  if (me != null && view.route !== undefined) {
    const has = view.route && view.route.length > 1;
    rows.push(h("button", { class: "gw-button gw-route-toggle", type: "button", "aria-pressed": ui.route ? "true" : "false", "data-key": "route",
      text: ui.route ? "Hide my route" : "Show my route to my goat",
      onclick: () => { ui.route = !ui.route; env.refresh(); } }));
    if (ui.route) {
      rows.push(h("p", { class: "gw-note", text: has ? `${view.route.length - 1} step${view.route.length === 2 ? "" : "s"} along the paths to your goat.`
        : "No path of face-up cards leads to your goat yet." }));
    }
  }
  const stuck = (view.words || {}).stuck;
  if (view.skipping) rows.push(h("p", { class: "gw-note", text: "The Thicket holds the shepherd this turn." }));
  else if (stuck) rows.push(h("p", { class: "gw-note", text: stuck }));
  return panel("The die", ...rows);
}

function choosePanel(env) {
  const { view, legal, me } = env;
  const ch = chooser(view, legal, me);
  if (!ch) return null;
  const name = NAMES[ch.card] || ch.card;
  const title = ch.mode === "orient" ? (ch.card === "waterfall" ? "Which way does the Waterfall flow? Click one."
    : `Lay the ${name} down: click one way.`)
    : ch.options.length === 1 ? `Or pass: your ${name} points every way, so turning it changes nothing.`
      : "Or turn your card a quarter:";
  const opts = ch.options.map((o) => {
    const words = ch.card === "waterfall" ? `flowing ${DIR_WORD[o.arrows]}` : `arrows ${arrowWords(o.arrows)}`;
    const label = o.now ? (o.legal ? `Pass: turning your ${name} changes nothing, so this passes your move` : `${name} as it lies now: ${words}`) : `${ch.mode === "orient" ? "Lay it with" : "Turn it to"} ${words}`;
    const node = h("div", { class: `gw-option${o.now ? " gw-now" : ""}`, "data-key": `opt:${o.arrows}` },
      miniCard(ch.card, o.arrows, 64), h("span", { class: "gw-option-words", text: o.now ? (o.legal ? "pass" : "now") : [...o.arrows].map((d) => DIR_ARROW[d]).join("") }));
    return target(node, label, o.legal, () => env.send(o.text), o.text);
  });
  return h("section", { class: `gw-panel gw-chooser gw-chooser-${ch.mode}`, "data-key": "panel:chooser", role: "group", "aria-label": title },
    h("h4", { text: title }), h("div", { class: "gw-options" }, opts));
}

function handPanel(env) {
  const { view, legal, ui } = env;
  if (!view.hand) return null;
  const cards = view.hand.map((card, i) => {
    const res = handClick(legal, ui.sel, card);
    const node = h("div", { class: `gw-hand-card${res.chosen ? " gw-selected" : ""}${env.hint.cards.has(card) ? " gw-hinted" : ""}`,
      "data-card": card, "data-key": `hand:${i}` }, miniCard(card, HAND_ARROWS[card] || "", 58), h("span", { class: "gw-hand-name", text: NAMES[card] || card }));
    const label = res.chosen ? `${NAMES[card]}: chosen; click again to cancel` : `Play your ${NAMES[card]}: then click a face-down card`;
    if (!legal.length) { node.setAttribute("role", "img"); node.setAttribute("aria-label", `Your ${NAMES[card]}`); return node; }
    target(node, label, res.legal || res.chosen, () => env.select(res.select));
    node.setAttribute("aria-pressed", res.chosen ? "true" : "false");
    return node;
  });
  const note = ui.sel ? h("p", { class: "gw-note", text: `Now click a face-down card to swap your ${NAMES[ui.sel]} with it (Escape cancels).` }) : null;
  return panel(`${env.whose} cards`, h("div", { class: "gw-hand" }, cards), note);
}

function othersPanel(env) {
  const { view, names, me } = env;
  const rows = (view.hands || []).map((n, i) => (i === me ? null : h("li", { class: "gw-other", "data-seat": i }, badgeName(i, names, 16),
    h("span", { class: "gw-backs", role: "img", "aria-label": `${plural(n, "card")}, face down` }, ...Array.from({ length: Math.min(n, 4) }, () => h("span", { class: "gw-back" }))),
    h("span", { text: `${n}` }))));
  return panel("Hands and deck", h("ul", { class: "gw-others" }, rows),
    h("p", { class: "gw-note gw-deck", text: `Draw deck: ${plural(view.deck ?? 0, "card")} · turn ${view.turn ?? 1}` }),
    legend(me));
}

function legend(me) {
  const seat = me ?? 0;
  const ic = (kind) => memo(PIECES, JSON.stringify(["icon", kind, seat, me != null]), () =>
    s("svg", { class: "gw-icon", width: 28, height: 28, viewBox: "0 0 40 40", "aria-hidden": "true" }, ...piece(kind, seat, 20, 22, 12, me != null)));
  return h("p", { class: "gw-legend" }, ic("shepherd"), me != null ? " your shepherd " : " shepherd ", ic("goat"), me != null ? " your goat" : " goat");
}

