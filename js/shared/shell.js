// The DOM shell every game reuses: title, status, scores, error, log, undo, bots,
// and the hotseat cover. Strings from the model only ever go in via textContent
// or setAttribute, never innerHTML.

import { seatStyle, shapePath, OUTLINE } from "./colors.js";
import { namedTargets } from "./clicks.js";

const SVG_NS = "http://www.w3.org/2000/svg";

function build(el, attrs, children) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v == null || v === false) continue;
    if (k === "text") el.textContent = String(v);
    else if (k.startsWith("on")) listen(el, k.slice(2), v);
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat()) {
    if (c == null || c === false) continue;
    el.append(typeof c === "string" || typeof c === "number" ? document.createTextNode(String(c)) : c);
  }
  return el;
}

/**
 * Listen for `type` events on `node`. Use this (or h()/s()'s `on...` attributes), not
 * addEventListener, for anything drawn by a game: the shell patches the page in place
 * (`patch`), and a node that is kept takes over the listeners of the node drawn in its place.
 * Handlers that need the element should read `e.currentTarget` (the node in the page).
 */
export function listen(node, type, fn) {
  const on = node.__gwOn || (node.__gwOn = {});
  if (!on[type]) {
    on[type] = [];
    node.addEventListener(type, dispatch);
  }
  on[type].push(fn);
}

/** The one DOM listener of every node drawn with listen(): it calls the node's current handlers. */
function dispatch(e) {
  const on = e.currentTarget.__gwOn;
  if (on && on[e.type]) for (const fn of on[e.type]) fn(e);
}

/** A kept node `live` answers with the handlers of `fresh`, the node drawn in its place. */
function takeListeners(live, fresh) {
  const theirs = fresh.__gwOn;
  if (theirs) for (const type in theirs) live.addEventListener(type, dispatch);   // no-op if there
  live.__gwOn = theirs;
}

const keyOf = (n) => (n.nodeType === 1 ? n.getAttribute("data-key") : null);
const sameKind = (a, b) => a.nodeType === b.nodeType && a.nodeName === b.nodeName && keyOf(a) === keyOf(b);

/**
 * Make the children of `live` (in the page) look like the children of `fresh` (just drawn,
 * detached), changing only what differs: attributes, texts, listeners, and the nodes that
 * came or went. Children are matched by `data-key` where they have one, else in order by tag.
 * Kept nodes keep their focus, scroll position and hover state, and the browser restyles and
 * lays out only what changed: a click on a big board answers in a few milliseconds instead
 * of rebuilding a thousand SVG nodes.
 */
export function patch(live, fresh) {
  // Fast path (most patches): the same children in the same order, each patched in place.
  const lc = live.childNodes, fc = fresh.childNodes;
  if (lc.length === fc.length) {
    let same = true;
    for (let i = 0; i < lc.length && same; i++) same = sameKind(lc[i], fc[i]);
    if (same) {
      for (let i = 0; i < lc.length; i++) patchNode(lc[i], fc[i]);
      return;
    }
  }
  const old = [...lc];
  const keyed = new Map();
  for (const o of old) {
    const k = keyOf(o);
    if (k != null && !keyed.has(k)) keyed.set(k, o);
  }
  const used = new Set();
  let cursor = 0;
  const wanted = [];
  for (const f of [...fresh.childNodes]) {
    let match = null;
    const k = keyOf(f);
    if (k != null) {
      const o = keyed.get(k);
      if (o && !used.has(o) && sameKind(o, f)) match = o;
    } else {
      for (let i = cursor; i < old.length && i < cursor + 8; i++) {
        const o = old[i];
        if (!used.has(o) && keyOf(o) == null && sameKind(o, f)) { match = o; cursor = i + 1; break; }
      }
    }
    if (match) {
      used.add(match);
      patchNode(match, f);
      wanted.push(match);
    } else {
      wanted.push(f);
    }
  }
  for (const o of old) if (!used.has(o)) o.remove();
  let ref = live.firstChild;
  for (const n of wanted) {
    if (n === ref) ref = ref.nextSibling;
    else live.insertBefore(n, ref);
  }
}

function patchNode(live, fresh) {
  if (live.nodeType !== 1) {
    if (live.nodeValue !== fresh.nodeValue) live.nodeValue = fresh.nodeValue;
    return;
  }
  if (fresh.__gwMemo !== undefined && fresh.__gwMemo === live.__gwMemo) return;   // same picture
  if (fresh.__gwProto) fill(fresh);
  live.__gwMemo = fresh.__gwMemo;
  const la = live.attributes, fa = fresh.attributes;
  let same = la.length === fa.length;         // usually: the same attributes in the same order
  for (let i = 0; i < fa.length && same; i++) {
    same = la[i].name === fa[i].name && la[i].value === fa[i].value;
  }
  if (!same) {
    for (let i = la.length - 1; i >= 0; i--) {
      const name = la[i].name;
      if (!fresh.hasAttribute(name)) live.removeAttribute(name);
    }
    for (let i = 0; i < fa.length; i++) {
      const { name, value } = fa[i];
      if (live.getAttribute(name) !== value) live.setAttribute(name, value);
    }
  }
  if (live.__gwOn || fresh.__gwOn) takeListeners(live, fresh);
  if (live.firstChild || fresh.firstChild) patch(live, fresh);
}

/**
 * A picture drawn once per `key` and reused after that: `make()` returns one element (e.g. an
 * SVG <g> of a card's face); `cache` is a Map the caller keeps across renders; `key` must say
 * everything the picture depends on (its attributes and the actions its clicks send included).
 * During a render memo() returns a stub (the element without its children): where the page
 * already shows the picture with the same key, the shell's patch skips it, so an unchanged
 * picture costs next to nothing; anywhere else the stub is filled with a native deep copy of
 * the picture (much cheaper than drawing it again).
 *
 *     const ART = new Map();
 *     g.append(memo(ART, JSON.stringify([card.face, x, y]), () => s("g", {}, ...faceOf(card, x, y))));
 *
 * A picture may listen (listen(), or h()/s()'s `on...`): its copies answer with the handlers
 * drawn for its key. Such a cache must then belong to one widget view (the handlers send to
 * its model), and nothing may be added to the returned element: draw it all in make().
 */
export function memo(cache, key, make) {
  let proto = cache.get(key);
  if (!proto) {
    if (cache.size >= 1000) cache.clear();
    const outer = stubs;
    stubs = null;                 // a memo() inside make() draws its picture whole, into this one
    try {
      proto = make();
    } finally {
      stubs = outer;
    }
    proto.__gwInnerOn = [...proto.querySelectorAll("*")].some((n) => n.__gwOn);
    cache.set(key, proto);
  }
  const stub = proto.cloneNode(false);
  stub.__gwMemo = key;
  stub.__gwProto = proto;
  if (proto.__gwOn) takeListeners(stub, proto);
  if (stubs) stubs.push(stub);
  else fill(stub);                // not in a render: the whole picture at once
  return stub;
}

/** The stubs memo() returned in the render under way (null between renders). */
let stubs = null;

/** Give a memo() stub its picture (a deep copy of the one drawn for its key). */
function fill(stub) {
  const proto = stub.__gwProto;
  if (!proto) return;
  stub.__gwProto = null;
  for (const c of proto.childNodes) stub.appendChild(c.cloneNode(true));
  if (proto.__gwInnerOn) copyListeners(proto, stub);
}

/** The listeners inside `from` onto the same places inside `to`, its deep copy. */
function copyListeners(from, to) {
  const a = from.querySelectorAll("*"), b = to.querySelectorAll("*");
  for (let i = 0; i < a.length; i++) if (a[i].__gwOn) takeListeners(b[i], a[i]);
}

/**
 * Create an HTML element: h("p", {class: "gw-x", text: "hi", onclick: fn}, ...children).
 * Attribute values and string children are set as text, never parsed as HTML.
 */
export function h(tag, attrs, ...children) {
  return build(document.createElement(tag), attrs, children);
}

/** Create an SVG element the same way as `h`. */
export function s(tag, attrs, ...children) {
  return build(document.createElementNS(SVG_NS, tag), attrs, children);
}

/** Send a message of `type` with `extra` fields; always includes the current version. */
export function send(model, type, extra = {}) {
  model.send({ type, ...extra, version: model.get("version") });
}

/** Send the legal action text `text` as an "act" message. */
export function act(model, text) {
  send(model, "act", { action: text });
}

/**
 * A first click that starts no legal action (e.g. the rival's goat as the first pick of a
 * fight): ask Python at once why not; its answer arrives in `error`. JS decides nothing.
 */
export function explainStart(model, text) {
  send(model, "start", { action: text });
}

/**
 * Make `node` a keyboard-operable button: tabindex 0, role button, aria-label,
 * activation on click and on Enter/Space.
 */
export function makeButton(node, label, onActivate) {
  node.setAttribute("tabindex", "0");
  node.setAttribute("role", "button");
  node.setAttribute("aria-label", label);
  listen(node, "click", (e) => {
    e.preventDefault();
    onActivate(e);
  });
  listen(node, "keydown", (e) => {
    if (e.key === "Enter" || e.key === " " || e.key === "Spacebar") {
      e.preventDefault();
      onActivate(e);
    }
  });
  return node;
}

/** A small SVG badge of a seat's colour and shape (decorative; the name is text beside it). */
export function seatBadge(seat, size = 18) {
  return memo(BADGES, `${seat}:${size}`, () => {
    const st = seatStyle(seat);
    return s("svg", { class: "gw-badge", width: size, height: size, viewBox: "0 0 20 20", "aria-hidden": "true" },
      s("path", { d: shapePath(st.shape, 10, 10, 7.5), fill: st.color, stroke: OUTLINE, "stroke-width": 1.5 }));
  });
}

const BADGES = new Map();

/** Player names: the `names` trait, else view.names, else "Player N". */
export function playerNames(model) {
  const names = model.get("names") || (model.get("view") || {}).names || [];
  const n = Math.max(names.length, ((model.get("view") || {}).players) || 0);
  return Array.from({ length: n }, (_, i) => (names[i] != null ? String(names[i]) : `Player ${i + 1}`));
}

const EVENTS = ["view", "legal", "error", "game_log", "covered", "version", "names", "bots", "seat", "viewer",
  "can_undo", "last_move", "highlight"];

/** "Ana", "Ana and Ben", "Ana, Ben and Cy" (names are used as given, as text). */
export function listNames(names) {
  const list = names.map(String);
  return list.length <= 1 ? (list[0] ?? "") : `${list.slice(0, -1).join(", ")} and ${list[list.length - 1]}`;
}

/** "1 point", "3 points", "3 of 6 points": what a score chip says. */
export function scoreText(score, target) {
  const unit = (n) => (n === 1 ? "point" : "points");
  return target != null ? `${score} of ${target} ${unit(target)}` : `${score} ${unit(score)}`;
}

/**
 * Mount the shared shell into `el`. `renderBoard(boardEl, ctx)` draws the whole game into
 * `boardEl` on every change, a detached element: the shell then patches the page to match
 * (`patch`), so only what changed is touched. Listeners must be set with `listen` or h()/s()'s
 * `on...` attributes, and read the element as `e.currentTarget`. ctx = {model, view, legal,
 * names, viewer, refresh, marks, board, after}: `board` is the element in the page (to read its
 * size; don't draw into it), `after(fn)` runs `fn(board)` once the page is patched (to measure
 * or scroll), and `refresh()` re-renders after local UI state changes. `marks` says what to highlight:
 * {last: {ids, texts, fresh}, hint: {ids, texts}}: the ids (spot, stick, card, target…) and
 * action texts named by the `last_move` and `highlight` traits; `fresh` is true on the first
 * render of a new last move (animate it then, not on every re-render). Elements whose
 * data-action is a hinted text get `.gw-hinted` (buttons included). `chipText(seat, view)`, if
 * given, is what a seat's chip says instead of its score (a game without points). Returns a
 * cleanup function that removes the listeners.
 */
export function mountShell(el, model, { title, renderBoard, chipText = null }) {
  // tabindex -1: the status line takes the focus when the focused element goes away
  const status = h("p", { class: "gw-status", "aria-live": "polite", tabindex: -1 });
  const scores = h("div", { class: "gw-scores-wrap" });
  const error = h("div", { class: "gw-error", role: "alert", "aria-live": "assertive", hidden: true });
  const board = h("div", { class: "gw-board" });
  const lastMove = h("p", { class: "gw-last-move", "aria-live": "polite", hidden: true });
  const log = h("ol", { class: "gw-log", "aria-live": "polite", "aria-label": "Recent events" });
  const undo = h("button", { class: "gw-button gw-undo", type: "button", "data-key": "undo", text: "Undo",
    onclick: () => send(model, "undo") });
  const main = h("div", { class: "gw-main" }, status, scores, error, lastMove, board,
    h("div", { class: "gw-controls" }, undo), log);
  const coverText = h("p", { class: "gw-cover-text" });
  const uncover = h("button", { class: "gw-button gw-uncover", type: "button", "data-key": "uncover",
    onclick: () => send(model, "uncover") });
  const cover = h("div", { class: "gw-cover", hidden: true }, coverText, uncover);
  const root = h("div", { class: "gw-root" }, h("h3", { class: "gw-title", text: title }), cover, main);
  el.replaceChildren(root);
  let pending = false;
  let alive = true;
  let lastKey = null;

  function render() {
    pending = false;
    if (!alive) return;
    const started = performance.now();
    const active = document.activeElement;
    const hadFocus = !!active && root.contains(active);
    const focusKey = hadFocus ? active.getAttribute("data-key") : null;
    const view = model.get("view") || {};
    const names = playerNames(model);
    const viewer = model.get("viewer");
    const covered = !!model.get("covered");
    cover.hidden = !covered;
    main.hidden = covered;
    if (covered) {
      const who = names[viewer ?? -1] ?? "the next player";
      const chosen = (view.chosen || []).map((i) => names[i]).filter((n) => n != null);
      const waiting = chosen.length ? ` ${listNames(chosen)} ${chosen.length === 1 ? "has" : "have"} chosen already.` : "";
      setText(coverText, `Pass the screen to ${who}. Everyone else, look away.${waiting}`);
      setText(uncover, "Show the board");
      uncover.setAttribute("aria-label", `Show the board to ${who}`);
      board.replaceChildren();
    } else {
      stubs = [];   // memo() pictures drawn by this render: filled below if they reach the page
      let after = [];
      try {
        after = renderMain(view, names);
      } finally {
        const drawn = stubs;
        stubs = null;
        for (const stub of drawn) if (stub.__gwProto && root.contains(stub)) fill(stub);
      }
      for (const fn of after) fn(board);
    }
    // Drawn up to this version, in this many ms (read by the browser tests and the benchmark).
    root.setAttribute("data-render-ms", (performance.now() - started).toFixed(2));
    root.setAttribute("data-version", String(model.get("version")));
    // Keyboard users keep their place: if the focused element went away (a button that is no
    // longer offered, the board under the hot-seat cover), focus the element drawn in its place,
    // else the cover's button, else the status line -- never drop the focus to the page.
    if (hadFocus && !(document.activeElement && root.contains(document.activeElement))) {
      const again = focusKey && [...root.querySelectorAll("[data-key]")]
        .find((n) => n.getAttribute("data-key") === focusKey && !n.closest("[hidden]"));
      (again || (covered ? uncover : status)).focus();
    }
  }

  /** The status, scores, error, last move, log and the game's board; returns the `after` calls. */
  function renderMain(view, names) {
    setText(status, view.prompt || (view.is_over ? "Game over." : ""));
    patch(scores, h("div", {}, scoreList(model, view, names, chipText)));
    const err = model.get("error") || "";
    setText(error, err);
    error.hidden = !err;
    const lines = (model.get("game_log") || []).slice(-8).map(String);
    if (lines.join("\n") !== [...log.children].map((li) => li.textContent).join("\n")) {
      log.replaceChildren(...lines.map((line) => h("li", { text: line })));
    }
    undo.disabled = !model.get("can_undo");
    const last = model.get("last_move") || {};
    const said = (last.lines || []).map(String);
    patch(lastMove, h("p", {}, ...(said.length ? [h("b", { text: "Just now: " }), recent(said)] : [])));
    lastMove.hidden = !said.length;
    lastMove.title = said.join(" ");
    const key = JSON.stringify(last);
    const marks = { last: { ...namedTargets(last.actions), fresh: key !== lastKey },
      hint: namedTargets(model.get("highlight")) };
    lastKey = key;
    const drawn = h("div", {});
    const after = [];
    renderBoard(drawn, { model, view, legal: model.get("legal") || [], names, viewer: model.get("viewer"),
      refresh: schedule, marks, board, after: (fn) => after.push(fn) });
    patch(board, drawn);
    // marked on the page, once patched and filled: a memo() picture's key need not say it
    after.unshift(() => {
      for (const node of board.querySelectorAll("[data-action]")) {
        node.classList.toggle("gw-hinted", marks.hint.texts.has(node.getAttribute("data-action")));
      }
    });
    return after;
  }

  function schedule() {
    if (pending) return;
    pending = true;
    queueMicrotask(render);
  }

  for (const e of EVENTS) model.on(`change:${e}`, schedule);
  render();
  return () => {
    alive = false;
    for (const e of EVENTS) model.off(`change:${e}`, schedule);
    root.remove();
  };
}

/** The most recent of `lines`, joined, in about `room` characters ("… " when some are left out:
 * the full text is the tooltip and the log). */
export function recent(lines, room = 170) {
  const kept = [];
  let used = 0;
  for (let i = lines.length - 1; i >= 0; i--) {
    if (kept.length && used + lines[i].length > room) break;
    kept.unshift(lines[i]);
    used += lines[i].length + 1;
  }
  return (kept.length < lines.length ? "… " : "") + kept.join(" ");
}

function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

function scoreList(model, view, names, chipText) {
  const bots = model.get("bots") || {};
  const scores = view.scores || [];
  const target = view.target;
  const winners = view.winners || [];
  const deciders = view.deciders || (view.to_move != null ? [view.to_move] : []);
  const chosen = view.chosen || [];
  const together = deciders.length + chosen.length > 1;
  return h("ul", { class: "gw-scores", "aria-label": "Scores" }, names.map((name, i) => {
    const bot = bots[String(i)];
    const score = scores[i] ?? 0;
    const deciding = !view.is_over && deciders.includes(i);
    const cls = ["gw-seat", deciding ? "gw-seat-to-move" : "", winners.includes(i) ? "gw-seat-winner" : ""]
      .filter(Boolean).join(" ");
    return h("li", { class: cls, "data-seat": i },
      seatBadge(i),
      h("span", { class: "gw-name", text: name }),
      h("span", { class: "gw-score", text: chipText ? chipText(i, view) : scoreText(score, target) }),
      bot ? h("span", { class: "gw-bot", text: "bot", title: `played by the ${bot} bot` }) : null,
      deciding ? h("span", { class: "gw-to-move", text: together ? "choosing" : "to move" }) : null,
      !view.is_over && chosen.includes(i) ? h("span", { class: "gw-chosen", text: "has chosen" }) : null,
      winners.includes(i) ? h("span", { class: "gw-winner", text: "winner" }) : null);
  }));
}
