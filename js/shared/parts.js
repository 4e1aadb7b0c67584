// What every game draws the same way: a click target (lit when legal, faint when not, and then
// its label says that a click asks why), a button and a decision's button, a seat's badge beside
// its name. One copy each, so that the five games say and mark them alike: the browser tests
// read these class names, attributes and labels (js/README.md, "DOM hooks").

import { h, s, listen, memo } from "./vdom.js";
import { seatStyle, shapePath, OUTLINE } from "./colors.js";

/** The end of the label of a target or button that is not allowed now: a click asks Python why. */
export const WHY = " (not allowed now — click to see why)";

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

/**
 * Make `node` (a card, a square, a piece...) a click target named `label` that runs
 * `onActivate`: legal (`ok`) -> .gw-clickable and a tab stop; else .gw-faint, tabindex -1
 * (mouse only: keyboard users tab through the legal ones) and WHY at the end of its label.
 * `text`: the action text the click sends (data-action), if it sends one; `key`: its data-key, if given.
 */
export function target(node, label, ok, onActivate, text, key) {
  node.classList.add(ok ? "gw-clickable" : "gw-faint");
  if (text != null) node.setAttribute("data-action", text);
  if (key != null) node.setAttribute("data-key", key);
  makeButton(node, ok ? label : label + WHY, onActivate);
  if (!ok) node.setAttribute("tabindex", "-1");
  return node;
}

/** A button (.gw-button and `cls`) saying `text`, named `label`, that runs `onclick`;
 * `extra`: more attributes. */
export function button(cls, text, label, key, onclick, extra) {
  return h("button", { class: `gw-button ${cls}`, type: "button", "aria-label": label, "data-key": key,
    text, onclick, ...extra });
}

/**
 * The button of a decision `b` ({key, label, text, legal, ariaLabel?}, from a game's
 * decisionButtons()), with its classes `cls`: it sends `b.text` with `send`. One not allowed
 * now is .gw-faint-button and its label ends with WHY (a click asks why). `extra`: more attributes.
 */
export function choiceButton(b, cls, send, extra) {
  return button(`${cls} ${b.legal ? "" : "gw-faint-button"}`, b.label, (b.ariaLabel || b.label) + (b.legal ? "" : WHY),
    b.key, () => send(b.text), { "data-action": b.text, ...extra });
}

/**
 * The marks of `ids` on a board (a hint, what just happened): a layer (.gw-marks and `cls`)
 * holding, for each id, a .gw-mark[data-mark=id] named "`words`: its name" around its outline
 * (.gw-mark-line). `mark(id)` gives [name, outline], or nothing for an id not on this board.
 */
export function markLayer(ids, cls, words, mark) {
  const g = s("g", { class: `gw-marks ${cls}` });
  for (const id of ids) {
    const m = mark(id);
    if (m) g.append(s("g", { class: "gw-mark", "data-mark": id, role: "img", "aria-label": `${words}: ${m[0]}` }, m[1]));
  }
  return g;
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

/** Seat `i`'s name as written on the page: `names[i]`, else "Player i+1". */
export function nameOf(i, names) {
  return names[i] ?? `Player ${i + 1}`;
}

/** Seat `i`'s badge (`size` px) and then its name (.gw-name): two children for h(). */
export function badgeName(i, names, size = 18) {
  return [seatBadge(i, size), h("span", { class: "gw-name", text: nameOf(i, names) })];
}

/** Seat `i`'s badge and name as one piece of a line (.gw-who). */
export function who(i, names, size = 18) {
  return h("span", { class: "gw-who" }, badgeName(i, names, size));
}
