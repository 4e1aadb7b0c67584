// The virtual-DOM patcher (js/shared/vdom.js) on a DOM shim: happy-dom, a development
// dependency only (the bundles never import it; test/build.test.js checks that).
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { Window } from "happy-dom";
import { h, s, dom, patch, listen, memo, VNode } from "../../shared/vdom.js";

const window = new Window();
globalThis.document = window.document;
after(() => window.happyDOM.close());

const SVG = "http://www.w3.org/2000/svg";
const HTML = "http://www.w3.org/1999/xhtml";

/** A fresh container in the page, holding what `v`'s children draw. */
function mount(v) {
  const root = document.createElement("div");
  document.body.replaceChildren(root);
  patch(root, v);
  return root;
}

/** The page's children of `node` as short strings: "tag#key" or "'text'". */
const shape = (node) => [...node.childNodes].map((n) =>
  (n.nodeType === 3 ? `'${n.nodeValue}'` : `${n.nodeName.toLowerCase()}${n.getAttribute("data-key") ? `#${n.getAttribute("data-key")}` : ""}`));

const keyed = (...keys) => h("ul", {}, ...keys.map((k) => h("li", { "data-key": k, text: k })));

test("h() and s() draw plain data that answers the DOM calls a drawing makes", () => {
  const clicked = [];
  const b = h("button", { class: "gw-button", "data-key": "roll", hidden: true, disabled: false, text: "Roll",
    onclick: () => clicked.push(1) }, null, false, ["!", 2]);
  assert.ok(b instanceof VNode);
  assert.equal(b.nodeName, "BUTTON");
  assert.deepEqual(b.a, { class: "gw-button", "data-key": "roll", hidden: "" });   // false and null are left out
  assert.deepEqual(b.kids, ["Roll", "!", "2"]);
  assert.equal(b.__gwOn.click.length, 1);
  b.classList.add("gw-primary", "gw-button");
  assert.equal(b.getAttribute("class"), "gw-button gw-primary");
  assert.ok(b.classList.contains("gw-primary") && !b.classList.contains("gw-hinted"));
  assert.ok(!b.classList.contains("gw-prim") && !b.classList.contains("primary"));   // whole words only
  const bare = h("span", {}, [["a", [null, ["b"]]], false]);   // children nested to any depth
  assert.deepEqual(bare.kids, ["a", "b"]);
  bare.classList.add("gw-x", "gw-x");
  assert.equal(bare.getAttribute("class"), "gw-x");
  b.title = "a tip";
  assert.equal(b.getAttribute("title"), "a tip");
  assert.equal(b.getAttribute("aria-label"), null);
  const g = s("g", { class: "gw-goat" }, s("circle", { class: "gw-halo" }));
  assert.equal(g.nodeName, "g");
  g.prepend(s("line", { class: "gw-glow" }));
  assert.deepEqual(g.kids.map((c) => c.tag), ["line", "circle"]);
  const p = h("p", {}, "one ", h("b", { text: "two" }));
  assert.deepEqual(p.childNodes.map((c) => c.nodeType), [3, 1]);
  assert.equal(p.childNodes[0].nodeValue, "one ");
  p.textContent = "";
  assert.equal(p.kids.length, 0);
});

test("a memo() picture is drawn once per key and frozen", () => {
  const cache = new Map();
  let made = 0;
  const draw = () => memo(cache, "k", () => { made += 1; return s("g", { class: "gw-art" }, s("rect", {})); });
  const first = draw();
  assert.equal(draw(), first);
  assert.equal(made, 1);
  assert.throws(() => first.setAttribute("class", "x"), TypeError);     // a picture is never changed
  assert.throws(() => first.append(s("path", {})), TypeError);
  assert.throws(() => first.children[0].setAttribute("x", 1), TypeError);
});

test("dom() makes the nodes drawn: tags, attributes, texts, nested children", () => {
  const el = dom(h("p", { class: "gw-x", "data-n": 3, hidden: true, title: null, text: "one " }, h("b", { text: "two" }), " three"));
  assert.equal(el.nodeName, "P");
  assert.equal(el.namespaceURI, HTML);
  assert.equal(el.getAttribute("class"), "gw-x");
  assert.equal(el.getAttribute("data-n"), "3");
  assert.equal(el.getAttribute("hidden"), "");
  assert.equal(el.hasAttribute("title"), false);
  assert.equal(el.textContent, "one two three");
  assert.equal(el.outerHTML, '<p class="gw-x" data-n="3" hidden="">one <b>two</b> three</p>');
});

test("strings are text, never markup", () => {
  const el = dom(h("p", { title: '"><b>x</b>', text: "<i>not italic</i>" }));
  assert.equal(el.children.length, 0);
  assert.equal(el.textContent, "<i>not italic</i>");
  assert.equal(el.getAttribute("title"), '"><b>x</b>');
});

test("SVG elements are made in the SVG namespace, HTML ones in HTML's", () => {
  const root = mount(h("div", {}, s("svg", { viewBox: "0 0 10 10" }, s("g", { class: "gw-goat" }, s("circle", { r: 2 }))),
    h("span", {})));
  const [svg, span] = root.children;
  assert.equal(svg.namespaceURI, SVG);
  assert.equal(svg.querySelector("g").namespaceURI, SVG);
  assert.equal(svg.querySelector("circle").namespaceURI, SVG);
  assert.equal(svg.querySelector("g").nodeName, "g");     // SVG names keep their case
  assert.equal(span.namespaceURI, HTML);
  // patched later, a new SVG child is made in the SVG namespace too
  patch(root, h("div", {}, s("svg", { viewBox: "0 0 10 10" }, s("g", { class: "gw-goat" }, s("circle", { r: 2 }), s("rect", {})))));
  assert.equal(root.querySelector("rect").namespaceURI, SVG);
});

test("a patch changes a text in place, keeping its node", () => {
  const root = mount(h("div", {}, h("p", { text: "Ana to move." })));
  const p = root.firstChild, text = p.firstChild;
  patch(root, h("div", {}, h("p", { text: "Ben to move." })));
  assert.equal(root.firstChild, p);
  assert.equal(p.firstChild, text);
  assert.equal(text.nodeValue, "Ben to move.");
  patch(root, h("div", {}, h("p", {})));
  assert.equal(p.childNodes.length, 0);
});

test("a patch sets, changes and removes attributes, keeping the element", () => {
  const root = mount(h("div", {}, h("button", { class: "gw-button", "aria-label": "Roll", "data-action": "roll" })));
  const b = root.firstChild;
  patch(root, h("div", {}, h("button", { class: "gw-button gw-faint", "aria-label": "Roll", tabindex: -1 })));
  assert.equal(root.firstChild, b);
  assert.equal(b.getAttribute("class"), "gw-button gw-faint");
  assert.equal(b.getAttribute("tabindex"), "-1");
  assert.equal(b.hasAttribute("data-action"), false);
  assert.equal(b.getAttribute("aria-label"), "Roll");
  // a node of the page that the shell did not draw is compared with the page's own attributes
  const own = document.createElement("span");
  own.setAttribute("title", "old");
  own.setAttribute("lang", "en");
  root.replaceChildren(own);
  patch(root, h("div", {}, h("span", { title: "new" })));
  assert.equal(root.firstChild, own);
  assert.equal(own.getAttribute("title"), "new");
  assert.equal(own.hasAttribute("lang"), false);
});

test("unkeyed children: added and removed at the end, kept in order, a new tag is a new node", () => {
  const root = mount(h("div", {}, h("p", { text: "a" }), h("p", { text: "b" })));
  const [a, b] = root.children;
  patch(root, h("div", {}, h("p", { text: "a" }), h("p", { text: "b" }), h("p", { text: "c" })));
  assert.deepEqual(shape(root), ["p", "p", "p"]);
  assert.equal(root.children[0], a);
  assert.equal(root.children[1], b);
  assert.equal(root.textContent, "abc");
  patch(root, h("div", {}, h("p", { text: "a" })));
  assert.deepEqual(shape(root), ["p"]);
  assert.equal(root.firstChild, a);
  // a child of another tag in between: the others are matched by tag and kept
  patch(root, h("div", {}, h("h4", { text: "title" }), h("p", { text: "a" })));
  assert.deepEqual(shape(root), ["h4", "p"]);
  assert.equal(root.children[1], a);
  patch(root, h("div", {}, h("span", { text: "a" })));
  assert.deepEqual(shape(root), ["span"]);
  assert.equal(a.isConnected, false);
});

test("texts and elements mixed: each patched in place", () => {
  const root = mount(h("div", {}, h("p", {}, "Just now: ", h("b", { text: "Ana" }), " moved.")));
  const p = root.firstChild, b = p.children[0];
  patch(root, h("div", {}, h("p", {}, "Just now: ", h("b", { text: "Ben" }), " passed.")));
  assert.equal(p.children[0], b);
  assert.equal(p.textContent, "Just now: Ben passed.");
});

test("keyed children: inserted, removed and reordered, each keeping its node", () => {
  const root = mount(h("div", {}, keyed("a", "b", "c")));
  const ul = root.firstChild;
  const node = (k) => ul.querySelector(`[data-key="${k}"]`);
  const [a, b, c] = ["a", "b", "c"].map(node);
  patch(root, h("div", {}, keyed("a", "x", "b", "c")));              // insert in the middle
  assert.deepEqual(shape(ul), ["li#a", "li#x", "li#b", "li#c"]);
  assert.deepEqual([node("a"), node("b"), node("c")], [a, b, c]);
  patch(root, h("div", {}, keyed("a", "x", "c")));                   // remove one
  assert.deepEqual(shape(ul), ["li#a", "li#x", "li#c"]);
  assert.equal(b.isConnected, false);
  const x = node("x");
  patch(root, h("div", {}, keyed("c", "a", "x")));                   // reorder
  assert.deepEqual(shape(ul), ["li#c", "li#a", "li#x"]);
  assert.deepEqual([node("a"), node("c"), node("x")], [a, c, x]);
  patch(root, h("div", {}, keyed("x", "c")));                        // reverse and remove
  assert.deepEqual(shape(ul), ["li#x", "li#c"]);
  assert.deepEqual([ul.children[0], ul.children[1]], [x, c]);
  assert.equal(ul.textContent, "xc");
});

test("a key is never matched to another key, nor to an unkeyed node", () => {
  const root = mount(h("div", {}, h("li", { "data-key": "a", text: "A" }), h("li", { text: "plain" })));
  const [a, plain] = root.children;
  patch(root, h("div", {}, h("li", { text: "plain" }), h("li", { "data-key": "b", text: "B" })));
  assert.deepEqual(shape(root), ["li", "li#b"]);
  assert.equal(root.children[0], plain);
  assert.notEqual(root.children[1], a);
  assert.equal(a.isConnected, false);
});

test("listeners: a kept node answers with the handlers last drawn, replaced, not stacked", () => {
  const calls = [];
  const draw = (n) => h("div", {}, h("button", { "data-key": "go", onclick: () => calls.push(n) }));
  const root = mount(draw(1));
  const button = root.firstChild;
  for (const n of [2, 3, 4]) patch(root, draw(n));
  assert.equal(root.firstChild, button);
  button.click();
  assert.deepEqual(calls, [4]);                  // once, the last drawn
  patch(root, h("div", {}, h("button", { "data-key": "go" })));
  button.click();
  assert.deepEqual(calls, [4]);                  // drawn without a handler: none left
  // listen() on a drawn element (several handlers for one event all run), and on a node of the page
  const both = h("div", {}, h("button", { "data-key": "go" }));
  listen(both.kids[0], "click", () => calls.push("a"));
  listen(both.kids[0], "click", () => calls.push("b"));
  patch(root, both);
  button.click();
  assert.deepEqual(calls, [4, "a", "b"]);
  const plain = document.createElement("span");
  listen(plain, "click", (e) => calls.push(e.currentTarget === plain));
  plain.click();
  assert.deepEqual(calls, [4, "a", "b", true]);
});

test("focus stays on a patched node while others come, go and change around it", () => {
  const draw = (label, keys) => h("div", {}, h("button", { "data-key": "undo", "aria-label": label }),
    ...keys.map((k) => h("button", { "data-key": k, text: k })));
  const root = mount(draw("Undo", ["a", "b"]));
  const focused = root.querySelector('[data-key="a"]');
  focused.focus();
  assert.equal(document.activeElement, focused);
  patch(root, h("div", {}, h("p", { text: "new" }), h("button", { "data-key": "undo", "aria-label": "Undo my move" }),
    h("button", { "data-key": "a", text: "a, changed", class: "gw-hinted" })));
  assert.equal(root.querySelector('[data-key="a"]'), focused);
  assert.equal(document.activeElement, focused);
  assert.equal(focused.textContent, "a, changed");
});

test("a memo() picture is drawn once, copied where new and skipped where the page shows it", () => {
  const cache = new Map();
  let made = 0;
  const calls = [];
  const art = (k) => memo(cache, k, () => {
    made += 1;
    return s("g", { class: "gw-art", "data-k": k, onclick: () => calls.push(k) }, s("circle", { r: 1 }));
  });
  const root = mount(h("div", {}, s("svg", {}, art("a"), art("b"))));
  const svg = root.firstChild;
  const first = svg.children[0];
  patch(root, h("div", {}, s("svg", {}, art("a"), art("b"))));
  assert.equal(svg.children[0], first);
  assert.equal(made, 2);
  patch(root, h("div", {}, s("svg", {}, art("a"), art("a"))));   // a second copy of "a", in b's place
  assert.equal(made, 2);
  assert.equal(svg.children[1].getAttribute("data-k"), "a");
  assert.equal(svg.children[1].namespaceURI, SVG);
  svg.children[1].dispatchEvent(new window.Event("click"));
  assert.deepEqual(calls, ["a"]);                                  // its copies listen as drawn
});

test("a node of the page placed in a drawing is kept as it is", () => {
  const canvas = document.createElement("canvas");
  const root = mount(h("div", {}, h("p", { text: "x" }), canvas));
  assert.equal(root.children[1], canvas);
  patch(root, h("div", {}, h("p", { text: "y" }), canvas));
  assert.equal(root.children[1], canvas);
  assert.equal(root.textContent, "y");
});
