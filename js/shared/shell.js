// The DOM shell every game reuses: title, status, scores, error, log, undo, bots,
// and the hotseat cover. Strings from the model only ever go in via textContent
// or setAttribute, never innerHTML.

import { seatStyle, shapePath, OUTLINE } from "./colors.js";
import { namedTargets } from "./clicks.js";

const SVG_NS = "http://www.w3.org/2000/svg";
const own = (obj, key) => Object.prototype.hasOwnProperty.call(obj, key);

/**
 * An element as a render draws it: plain data (tag, attributes, children, listeners), not
 * yet a node of the page. h() and s() make them; the shell's `patch` then changes the page
 * to match, creating real nodes only for what is new. A render therefore costs a few
 * JavaScript objects per element instead of DOM nodes, and comparing it with the page reads
 * back no attributes from the DOM.
 *
 * It answers the part of the DOM API a drawing needs: setAttribute, getAttribute, append,
 * prepend, classList.add/contains, childNodes, and setting textContent or title;
 * addEventListener is listen(). Anything else (querySelector, style...) is for the page's
 * nodes: in an event handler or an `after` callback.
 */
export class VNode {
  constructor(ns, tag) {
    this.ns = ns;                                    // null: HTML
    this.tag = tag;
    this.nodeName = ns ? tag : tag.toUpperCase();    // as the page's node will say
    this.a = {};                                     // attributes, as they are set
    this.kids = [];                                  // VNode | string | a node of the page
  }

  get nodeType() { return 1; }
  setAttribute(name, value) { this.a[name] = String(value); }
  getAttribute(name) { return own(this.a, name) ? this.a[name] : null; }
  append(...children) { addChildren(this.kids, children); }
  prepend(...children) { const front = []; addChildren(front, children); this.kids.unshift(...front); }
  get childNodes() { return this.kids.map((k) => (typeof k === "string" ? { nodeType: 3, nodeValue: k } : k)); }
  set textContent(text) { this.kids = text === "" || text == null ? [] : [String(text)]; }
  set title(text) { this.a.title = String(text); }
  get classList() { return new ClassList(this); }
  addEventListener(type, fn) { listen(this, type, fn); }
}

// A drawing makes a few thousand elements per render: the helpers below avoid the temporary
// arrays and strings (Object.entries, flat, split) that made much of a render's garbage, and
// with it the browser's pauses to collect it (a sampling heap profile of the latency benchmark's
// clicks in Notebook 7: Grab Your Goat! 96 -> 67 kB per click, BattleGoats 238 -> 101 kB).

/** A VNode's classList: contains / add, on its `class` attribute (classes split by spaces). */
class ClassList {
  constructor(v) { this.v = v; }
  contains(name) { return hasWord(this.v.a.class || "", name); }
  add(...names) {
    let list = this.v.a.class || "";
    for (const n of names) if (!hasWord(list, n)) list = list ? `${list} ${n}` : n;
    this.v.a.class = list;
  }
}

/** Is `word` one of the space-separated words of `list`? */
const hasWord = (list, word) => ` ${list} `.includes(` ${word} `);

function addChildren(list, children) {
  for (let i = 0; i < children.length; i++) {
    const c = children[i];
    if (c == null || c === false) continue;
    if (Array.isArray(c)) addChildren(list, c);
    else list.push(typeof c === "string" || typeof c === "number" ? String(c) : c);
  }
}

function build(v, attrs, children) {
  for (const k in attrs) {
    const val = attrs[k];
    if (val == null || val === false) continue;
    if (k === "text") { if (String(val) !== "") v.kids.push(String(val)); }
    else if (k.startsWith("on")) listen(v, k.slice(2), val);
    else v.a[k] = val === true ? "" : String(val);
  }
  if (children.length) addChildren(v.kids, children);
  return v;
}

/**
 * Create an HTML element (drawn, see VNode): h("p", {class: "gw-x", text: "hi", onclick: fn},
 * ...children). Attribute values and string children are set as text, never parsed as HTML.
 */
export function h(tag, attrs, ...children) {
  return build(new VNode(null, tag), attrs, children);
}

/** Create an SVG element the same way as `h`. */
export function s(tag, attrs, ...children) {
  return build(new VNode(SVG_NS, tag), attrs, children);
}

/**
 * Listen for `type` events on `node` (drawn or in the page). Use this (or h()/s()'s `on...`
 * attributes), not addEventListener, for anything drawn by a game: the shell patches the page
 * in place (`patch`), and a node that is kept takes over the listeners of the node drawn in
 * its place. Handlers that need the element should read `e.currentTarget` (the node in the page).
 */
export function listen(node, type, fn) {
  const on = node.__gwOn || (node.__gwOn = {});
  if (!on[type]) {
    on[type] = [];
    if (!(node instanceof VNode)) node.addEventListener(type, dispatch);
  }
  on[type].push(fn);
}

/** The one DOM listener of every node drawn with listen(): it calls the node's current handlers. */
function dispatch(e) {
  const on = e.currentTarget.__gwOn;
  if (on && on[e.type]) for (const fn of on[e.type]) fn(e);
}

/** A node `live` of the page answers with the handlers of `fresh`, the element drawn in its place. */
function takeListeners(live, fresh) {
  const theirs = fresh.__gwOn;
  if (theirs) for (const type in theirs) live.addEventListener(type, dispatch);   // no-op if there
  live.__gwOn = theirs;
}

/**
 * A real node for the drawn `v` (with its listeners), to put in the page: `dom(h("p", ...))`.
 * A memo() picture is a native deep copy of the nodes made once for its key.
 */
export function dom(v, bare = false) {
  if (typeof v === "string") return document.createTextNode(v);
  if (!(v instanceof VNode)) return bare ? v.cloneNode(true) : v;   // a node of the page's own
  if (v.__gwPicture && !bare) {
    const el = (v.__gwDom || (v.__gwDom = dom(v, true))).cloneNode(true);
    bind(el, v);
    return el;
  }
  const el = v.ns ? document.createElementNS(v.ns, v.tag) : document.createElement(v.tag);
  for (const k in v.a) el.setAttribute(k, v.a[k]);
  for (const k of v.kids) el.appendChild(dom(k, bare));
  if (!bare) bind(el, v);
  return el;
}

/** Tie a copy `el` of picture `v` to it: attributes as drawn, memo marks, listeners. */
function bind(el, v) {
  el.__gwA = v.a;
  if (v.__gwPicture) el.__gwMemo = v;
  if (v.__gwOn) takeListeners(el, v);
  if (!v.__gwDeep) return;                 // nothing inside listens or is a picture of its own
  let child = el.firstChild;
  for (const k of v.kids) {
    if (k instanceof VNode) bind(child, k);
    child = child.nextSibling;
  }
}

const keyOf = (n) => (n.nodeType !== 1 ? null : n.__gwA ? (n.__gwA["data-key"] ?? null) : n.getAttribute("data-key"));
const freshKey = (f) => (f instanceof VNode ? (f.a["data-key"] ?? null) : null);

/** May the page's node `n` be patched into the drawn `f`? */
function sameKind(n, f) {
  if (typeof f === "string") return n.nodeType === 3;
  if (!(f instanceof VNode)) return n === f;
  return n.nodeType === 1 && n.nodeName === f.nodeName && keyOf(n) === freshKey(f);
}

/**
 * Make the children of `live` (in the page) look like the children of `fresh` (drawn, a
 * VNode), changing only what differs: attributes, texts, listeners, and the nodes that came or
 * went. Children are matched by `data-key` where they have one, else in order by tag. Kept
 * nodes keep their focus, scroll position and hover state, and the browser restyles and lays
 * out only what changed: a click on a big board answers in a few milliseconds instead of
 * rebuilding a thousand SVG nodes.
 */
export function patch(live, fresh) {
  // Fast path (most patches): the same children in the same order, each patched in place.
  const lc = live.childNodes, fc = fresh.kids;
  if (lc.length === fc.length) {
    let same = true;
    for (let i = 0; i < fc.length && same; i++) same = sameKind(lc[i], fc[i]);
    if (same) {
      for (let i = 0; i < fc.length; i++) patchNode(lc[i], fc[i]);
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
  for (const f of fc) {
    let match = null;
    const k = freshKey(f);
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
      wanted.push(dom(f));
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
  if (typeof fresh === "string") {
    if (live.nodeValue !== fresh) live.nodeValue = fresh;
    return;
  }
  if (!(fresh instanceof VNode)) return;                   // the page's own node, kept
  if (fresh.__gwPicture && live.__gwMemo === fresh) return;  // the same picture
  const had = live.__gwA, attrs = fresh.a;
  if (had !== attrs) {
    if (had) {                // compare with what was drawn last: no DOM attribute is read
      for (const k in had) if (!own(attrs, k)) live.removeAttribute(k);
      for (const k in attrs) if (had[k] !== attrs[k]) live.setAttribute(k, attrs[k]);
    } else {                  // a node not drawn by the shell (or a picture's inside)
      const la = live.attributes;
      for (let i = la.length - 1; i >= 0; i--) if (!own(attrs, la[i].name)) live.removeAttribute(la[i].name);
      for (const k in attrs) if (live.getAttribute(k) !== attrs[k]) live.setAttribute(k, attrs[k]);
    }
    live.__gwA = attrs;
  }
  live.__gwMemo = fresh.__gwPicture ? fresh : undefined;
  if (live.__gwOn || fresh.__gwOn) takeListeners(live, fresh);
  if (live.firstChild || fresh.kids.length) patch(live, fresh);
}

/**
 * A picture drawn once per `key` and reused after that: `make()` returns one element (e.g. an
 * SVG <g> of a card's face); `cache` is a Map the caller keeps across renders; `key` must say
 * everything the picture depends on (its attributes and the actions its clicks send included).
 * Where the page already shows the picture drawn for the same key, the shell's patch skips it,
 * so an unchanged picture costs next to nothing; anywhere else it is a native deep copy of the
 * picture's nodes (much cheaper than drawing it again).
 *
 *     const ART = new Map();
 *     g.append(memo(ART, JSON.stringify([card.face, x, y]), () => s("g", {}, ...faceOf(card, x, y))));
 *
 * A picture may listen (listen(), or h()/s()'s `on...`): its copies answer with the handlers
 * drawn for its key. Such a cache must then belong to one widget view (the handlers send to
 * its model). The picture is frozen: nothing may be added to or changed in it after make().
 */
export function memo(cache, key, make) {
  let picture = cache.get(key);
  if (!picture) {
    if (cache.size >= 1000) cache.clear();
    picture = make();
    picture.__gwPicture = true;
    seal(picture);
    cache.set(key, picture);
  }
  return picture;
}

/** Freeze a picture's attributes and children; note whether anything inside needs `bind`. */
function seal(v) {
  let deep = false;
  for (const k of v.kids) {
    if (!(k instanceof VNode)) continue;
    if (seal(k) || k.__gwOn || k.__gwPicture) deep = true;
  }
  v.__gwDeep = deep;
  Object.freeze(v.a);
  Object.freeze(v.kids);
  return deep;
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
  "can_undo", "undo_note", "can_restart", "last_move", "highlight"];

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
 * `boardEl` on every change, a drawn element (a VNode): the shell then patches the page to match
 * (`patch`), so only what changed is touched. Listeners must be set with `listen` or h()/s()'s
 * `on...` attributes, and read the element as `e.currentTarget`. ctx = {model, view, legal,
 * names, viewer, refresh, marks, board, after}: `board` is the element in the page (to read its
 * size; don't draw into it), `after(fn)` runs `fn(board)` once the page is patched (to measure
 * or scroll), and `refresh()` re-renders after local UI state changes. `marks` says what to highlight:
 * {last: {ids, texts, fresh}, hint: {ids, texts}}: the ids (spot, stick, card, target…) and
 * action texts named by the `last_move` and `highlight` traits; `fresh` is true on the first
 * render of a new last move (animate it then, not on every re-render). Elements whose
 * data-action is a hinted text get `.gw-hinted` (buttons included). `chipText(seat, view)`, if
 * given, is what a seat's chip says instead of its score (a game without points).
 * `showScores(view)`, if given, says whether to draw the scoreboard (a game whose board has a
 * panel per seat carrying the same: name, points, bot, turn, winner). Returns a cleanup function
 * that removes the listeners.
 */
export function mountShell(el, model, { title, renderBoard, chipText = null, showScores = null }) {
  // tabindex -1: the status line takes the focus when the focused element goes away
  const status = dom(h("p", { class: "gw-status", "aria-live": "polite", tabindex: -1 }));
  const scores = dom(h("div", { class: "gw-scores-wrap" }));
  const error = dom(h("div", { class: "gw-error", role: "alert", "aria-live": "assertive", hidden: true }));
  const board = dom(h("div", { class: "gw-board" }));
  const lastMove = dom(h("p", { class: "gw-last-move", "aria-live": "polite", hidden: true }));
  // the line's place: kept once it has been shown, so the board below does not move up and down
  const lastMoveSlot = dom(h("div", { class: "gw-last-move-slot" }, lastMove));
  const log = dom(h("ol", { class: "gw-log", "aria-live": "polite", "aria-label": "Recent events" }));
  // Undo is for your own moves only (another child's move stands), and says so
  const undo = dom(h("button", { class: "gw-button gw-undo", type: "button", "data-key": "undo", text: "Undo my move",
    onclick: () => send(model, "undo") }));
  // the refusal is laid over the prompt and what just happened (.gw-head), so that showing
  // it moves nothing: a quick second click still lands where the child aimed
  const again = dom(h("button", { class: "gw-button gw-button-primary gw-new", type: "button", "data-key": "new",
    text: "New game", onclick: () => send(model, "new") }));
  const main = dom(h("div", { class: "gw-main" }, h("div", { class: "gw-head" }, status, scores, error, lastMoveSlot), board,
    h("div", { class: "gw-controls" }, undo, again), log));
  const coverText = dom(h("p", { class: "gw-cover-text" }));
  // what everyone may know while the screen changes hands: why it goes to that child (the
  // public prompt) and what just happened (the public lines of the last move)
  const coverWhy = dom(h("p", { class: "gw-cover-why" }));
  const coverLast = dom(h("p", { class: "gw-cover-last" }));
  const uncover = dom(h("button", { class: "gw-button gw-uncover", type: "button", "data-key": "uncover",
    onclick: () => send(model, "uncover") }));
  const cover = dom(h("div", { class: "gw-cover", hidden: true }, coverText, coverWhy, coverLast, uncover));
  const root = dom(h("div", { class: "gw-root" }, h("h3", { class: "gw-title", text: title }), cover, main));
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
      const one = chosen.length === 1 && !/^\s*you\s*$/i.test(chosen[0]);
      const waiting = chosen.length ? ` ${listNames(chosen)} ${one ? "has" : "have"} chosen already.` : "";
      setText(coverText, `Pass the screen to ${who}. Everyone else, look away.${waiting}`);
      setText(coverWhy, view.prompt ? `Why: ${view.prompt}` : "");
      coverWhy.hidden = !view.prompt;
      const said = ((model.get("last_move") || {}).lines || []).map(String);
      patch(coverLast, h("p", {}, ...(said.length ? [h("b", { text: "Just now: " }), said.join(" ")] : [])));
      coverLast.hidden = !said.length;
      setText(uncover, "Show the board");
      uncover.setAttribute("aria-label", `Show the board to ${who}`);
      board.replaceChildren();
    } else {
      const after = renderMain(view, names);
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
      // without scrolling: a refused click must not scroll the notebook away from the board
      (again || (covered ? uncover : status)).focus({ preventScroll: true });
    }
  }

  /** The status, scores, error, last move, log and the game's board; returns the `after` calls. */
  function renderMain(view, names) {
    setText(status, view.prompt || (view.is_over ? "Game over." : ""));
    patch(scores, h("div", {}, !showScores || showScores(view) ? scoreList(model, view, names, chipText) : null));
    const err = model.get("error") || "";
    setText(error, err);
    error.hidden = !err;
    const lines = (model.get("game_log") || []).slice(-8).map(String);
    if (lines.join("\n") !== [...log.children].map((li) => li.textContent).join("\n")) {
      log.replaceChildren(...lines.map((line) => dom(h("li", { text: line }))));
    }
    undo.disabled = !model.get("can_undo");
    undo.title = model.get("undo_note") || "";   // why it is off, if it is
    again.hidden = !(view.is_over && model.get("can_restart"));
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
      const hinted = marks.hint.texts;
      for (const node of board.querySelectorAll(hinted.size ? "[data-action]" : ".gw-hinted[data-action]")) {
        node.classList.toggle("gw-hinted", hinted.has(node.getAttribute("data-action")));
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
  // the whole widget, and what is above the board: the prompt (it may wrap to a second line on
  // one click and not on the next) and the line of what just happened (shown, then not after an
  // Undo); else the board would move under the pointer
  const stopKeepingHeights = [main, status, lastMoveSlot].map(keepHeight);
  return () => {
    alive = false;
    for (const stop of stopKeepingHeights) stop();
    for (const e of EVENTS) model.off(`change:${e}`, schedule);
    root.remove();
  };
}

/**
 * Keep `node` from getting shorter while its width stays the same: its min-height follows the
 * tallest it has been. A click that adds a line (the log, "Just now", a wrapped prompt) and the
 * Undo that takes it away then leave everything below the widget where it was: nothing jumps
 * under the student's pointer, and the browser re-lays-out and repaints only the widget, not the
 * whole notebook under it (the larger part of a click's drawing time before). A new width (the
 * window or the cell resized) starts again from the natural height. A hidden node (under the
 * hot-seat cover) is left alone, and so is a lesson's board (`.gw-lesson-board`): each step is
 * a new position, and a step's board should be as tall as that step needs.
 * Returns a function that stops watching.
 */
export function keepHeight(node) {
  let width = 0;
  let tallest = 0;
  let stopped = false;
  const watch = new ResizeObserver(([entry]) => {
    const { width: w, height: h } = entry.contentRect;
    if (!w || node.closest(".gw-lesson-board")) return;
    if (w !== width) {
      // setting min-height here would resize what is being observed inside its own callback;
      // start again in the next frame, which then reports the natural height
      const first = !width;
      width = w;
      tallest = 0;
      if (!first) {
        requestAnimationFrame(() => {
          if (stopped) return;
          node.style.minHeight = "";
          watch.unobserve(node);
          watch.observe(node);    // reports the height again, even if it did not change
        });
        return;
      }
    }
    if (h > tallest) {
      tallest = h;
      node.style.minHeight = `${h}px`;    // its height already: no new resize, no loop
    }
  });
  watch.observe(node);
  return () => {
    stopped = true;
    watch.disconnect();
  };
}

/** The first of `lines` (Python puts what matters most first: a duel won before the cards
 * drawn after it), joined, in about `room` characters (" …" when some are left out: the full
 * text is the tooltip and the log). */
export function recent(lines, room = 170) {
  const kept = [];
  let used = 0;
  for (const line of lines) {
    if (kept.length && used + line.length > room) break;
    kept.push(line);
    used += line.length + 1;
  }
  return kept.join(" ") + (kept.length < lines.length ? " …" : "");
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
