// The parts every game draws the same way (js/shared/parts.js): the browser tests read these
// class names, attributes and labels, so they are pinned here too.
import { test } from "node:test";
import assert from "node:assert/strict";
import { h, s } from "../../shared/vdom.js";
import { WHY, target, button, choiceButton, who, badgeName, nameOf, markLayer } from "../../shared/parts.js";

test("a legal target is lit and a tab stop; another is faint, mouse only, and says a click asks why", () => {
  const sent = [];
  const lit = target(s("g", { class: "gw-goat" }), "Move the goat", true, () => sent.push("go"), "move a1", "goat:a1");
  assert.deepEqual(lit.a, { class: "gw-goat gw-clickable", "data-action": "move a1", "data-key": "goat:a1",
    tabindex: "0", role: "button", "aria-label": "Move the goat" });
  const faint = target(h("div", {}), "Take the card", false, () => sent.push("why"));
  assert.deepEqual(faint.a, { class: "gw-faint", tabindex: "-1", role: "button",
    "aria-label": "Take the card (not allowed now — click to see why)" });
  assert.equal(WHY, " (not allowed now — click to see why)");
  // a click, Enter or Space runs it (and nothing else happens in the page)
  const event = (key) => ({ key, preventDefault() { this.stopped = true; } });
  lit.__gwOn.click[0](event());
  faint.__gwOn.keydown[0](event("Enter"));
  faint.__gwOn.keydown[0](event(" "));
  faint.__gwOn.keydown[0](event("a"));
  assert.deepEqual(sent, ["go", "why", "why"]);
});

test("buttons: a plain one, and a decision's (faint when not allowed)", () => {
  const b = button("gw-roll gw-button-primary", "Roll", "Roll the die", "roll", () => {}, { "data-action": "roll" });
  assert.equal(b.tag, "button");
  assert.deepEqual(b.a, { class: "gw-button gw-roll gw-button-primary", type: "button", "aria-label": "Roll the die",
    "data-key": "roll", "data-action": "roll" });
  assert.deepEqual(b.kids, ["Roll"]);
  const sent = [];
  const yes = choiceButton({ key: "pass", label: "Pass", text: "pass", legal: true }, "gw-pass", (t) => sent.push(t));
  assert.equal(yes.a["aria-label"], "Pass");
  assert.ok(!yes.classList.contains("gw-faint-button") && yes.classList.contains("gw-pass"));
  yes.__gwOn.click[0]();
  assert.deepEqual(sent, ["pass"]);
  const no = choiceButton({ key: "n", label: "N", ariaLabel: "Go north", text: "goat n", legal: false }, "gw-goat-way", null);
  assert.equal(no.a["aria-label"], "Go north (not allowed now — click to see why)");
  assert.equal(no.a["data-action"], "goat n");
  assert.ok(no.classList.contains("gw-faint-button"));
  assert.deepEqual(no.kids, ["N"]);
});

test("a seat's badge and name", () => {
  const names = ["Ana", "Ben"];
  assert.equal(nameOf(1, names), "Ben");
  assert.equal(nameOf(2, names), "Player 3");
  const [badge, name] = badgeName(0, names, 16);
  assert.deepEqual([badge.tag, badge.a.class, badge.a.width, badge.a["aria-hidden"]], ["svg", "gw-badge", "16", "true"]);
  assert.deepEqual([name.a.class, name.kids], ["gw-name", ["Ana"]]);
  const piece = who(1, names);
  assert.equal(piece.a.class, "gw-who");
  assert.equal(piece.kids[0].a.width, "18");
  assert.deepEqual(piece.kids[1].kids, ["Ben"]);
});

test("marks: one named .gw-mark per id on the board", () => {
  const layer = markLayer(["a1", "zz", "b2"], "gw-mark-hint", "Hint",
    (id) => (id === "zz" ? null : [`card ${id}`, s("rect", { class: "gw-mark-line" })]));
  assert.equal(layer.a.class, "gw-marks gw-mark-hint");
  assert.deepEqual(layer.kids.map((g) => [g.a["data-mark"], g.a["aria-label"], g.a.role]),
    [["a1", "Hint: card a1", "img"], ["b2", "Hint: card b2", "img"]]);
});
