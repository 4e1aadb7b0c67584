// The virtual DOM every game draws with: h()/s() make plain-data elements (VNodes), patch()
// changes the page to match them, touching only what differs; listen() and memo() are the
// listeners and the pictures drawn once that survive a patch. It knows nothing of games or of
// the shell (shell.js draws with it; the unit tests in js/test/shared/vdom.test.js run it on a
// DOM shim). Strings only ever go in via textContent or setAttribute, never innerHTML.

const SVG_NS = "http://www.w3.org/2000/svg";
const own = (obj, key) => Object.prototype.hasOwnProperty.call(obj, key);

/**
 * An element as a render draws it: plain data (tag, attributes, children, listeners), not
 * yet a node of the page. h() and s() make them; `patch` then changes the page
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
