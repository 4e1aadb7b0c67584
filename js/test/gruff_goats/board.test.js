// Gruff Goats pure helpers: goat layout, and what each click sends (from `legal` only).
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  gridSize, goatsBySquare, crowdOptions, boardLayout, fillTo, GOAT_R, MIN_CELL, PLAIN, boardMode, squareClick, goatClick, trollClick, wandClick,
  decisionButtons, reachable, named, SIZE_SCALE,
} from "../../gruff_goats/board.js";

const squares = [];
for (let row = 0; row < 5; row++) for (let col = 0; col < 5; col++) squares.push({ id: "abcde"[col] + (5 - row), row, col });
const A = (text, extra = {}) => ({ text, kind: text.split(" ")[0], ...extra });

const turnView = { phase: "turn", is_over: false, wands: { troll: null, big: 0, medium: 1, little: null, dragon: null },
  goats: [{ big: "a3", medium: "a1", little: "a1" }, { big: "e5", medium: "e5", little: "b3" }], trolls: ["c4", "c2"] };
const turnLegal = [A("draw"), A("claim troll", { wand: "troll" }), A("claim medium", { wand: "medium" }),
  A("move big a2", { size: "big", square: "a2" }), A("move big a4", { size: "big", square: "a4" }),
  A("move big b3", { size: "big", square: "b3" })];

test("the grid spans every square", () => {
  assert.deepEqual(gridSize(squares), { rows: 5, cols: 5, minRow: 0, minCol: 0 });
  assert.deepEqual(gridSize([]), { rows: 0, cols: 0, minRow: 0, minCol: 0 });
});

test("goats are grouped by square, in seat order, big first", () => {
  const by = goatsBySquare(turnView.goats);
  assert.deepEqual(by.get("a1"), [{ seat: 0, size: "medium" }, { seat: 0, size: "little" }]);
  assert.deepEqual(by.get("e5"), [{ seat: 1, size: "big" }, { seat: 1, size: "medium" }]);
  assert.equal(goatsBySquare([{ big: null, medium: null, little: null }]).size, 0);
});

const goatsOf = (seats, sizes = ["big", "medium", "little"]) => seats.flatMap((seat) => sizes.map((size) => ({ seat, size })));
// (the widest seat shape, the diamond, is 2.3 radii across; horns reach 1.2 above the centre)
const footprint = (g) => ({ l: g.cx - 1.15 * g.r, r: g.cx + 1.15 * g.r, t: g.cy - 1.2 * g.r, b: g.cy + 1.15 * g.r });

function checkLayout(byGoat) {
  const L = boardLayout(squares, byGoat);
  for (const [id, goats] of byGoat) {
    const cell = L.cell(id);
    const slots = L.goats.get(id);
    assert.equal(slots.length, goats.length);
    slots.forEach((g, i) => {
      assert.ok(Math.abs(g.r - GOAT_R * SIZE_SCALE[goats[i].size]) < 0.01, "every goat is drawn at its own size");
      const f = footprint(g);
      assert.ok(f.l >= cell.x - 1e-6 && f.r <= cell.x + cell.w + 1e-6 && f.t >= cell.y - 1e-6 && f.b <= cell.y + cell.h + 1e-6,
        `${id}: goat ${i} of ${goats.length} inside its square`);
      for (const o of slots.slice(i + 1)) {
        const e = footprint(o);
        assert.ok(f.r <= e.l + 1e-6 || e.r <= f.l + 1e-6 || f.b <= e.t + 1e-6 || e.b <= f.t + 1e-6, `${id}: goats ${i} and another overlap`);
      }
    });
  }
  return L;
}

test("goats keep their own size on every square and never overlap, however crowded", () => {
  for (let n = 1; n <= 12; n++) checkLayout(new Map([["a1", goatsOf([0, 1, 2, 3]).slice(0, n)]]));
  checkLayout(new Map([["a1", goatsOf([0, 1])], ["e5", goatsOf([2, 3])], ["c2", goatsOf([0], ["big"])]]));
});

test("the board keeps a plain board's height; a crowded corner gets more room, the others at least MIN_CELL", () => {
  assert.deepEqual([boardLayout(squares, new Map()).width, boardLayout(squares, new Map()).height], [500, 500]);
  // four players at the start, three goats on each corner: the board stays square
  const start = checkLayout(new Map([["a1", goatsOf([0])], ["a5", goatsOf([1])], ["e5", goatsOf([2])], ["e1", goatsOf([3])]]));
  assert.deepEqual([start.width, start.height], [500, 500]);
  assert.ok(start.cell("a1").w > PLAIN && start.cell("c3").w >= MIN_CELL && start.cell("c3").h >= MIN_CELL);
  // twelve goats on one corner: the corner grows, the board no taller, wider
  const crowd = checkLayout(new Map([["a1", goatsOf([0, 1, 2, 3])]]));
  assert.equal(crowd.height, 500);
  assert.ok(crowd.width > 500 && crowd.width < 700, crowd.width);
  assert.ok(crowd.cell("a1").h > 1.5 * PLAIN && crowd.cell("e5").h >= MIN_CELL);
  // two crowds of six in different rows: at most a little taller (so goats stay >= 24 px)
  const two = checkLayout(new Map([["a1", goatsOf([0, 1])], ["e5", goatsOf([2, 3])]]));
  assert.ok(two.height <= 520, two.height);
});

test("rows and columns fill the board evenly around what they need", () => {
  assert.deepEqual(fillTo([100, 100], 200), [100, 100]);
  assert.deepEqual(fillTo([150, 60, 60, 60, 150], 500).map(Math.round), [150, 67, 67, 67, 150]);
  assert.deepEqual(fillTo([150, 50, 90, 50, 150], 500).map(Math.round), [150, 55, 90, 55, 150]);
  assert.deepEqual(fillTo([300, 300], 500), [300, 300]);           // more than there is: as needed
  // a square's goats as one row or several: the options shrink in height as they widen
  const opts = crowdOptions(goatsOf([0, 1, 2, 3]));
  assert.ok(opts.every((o, k) => !k || (o.h > opts[k - 1].h && o.w < opts[k - 1].w)));
});

test("nothing is clickable when the viewer has no decision", () => {
  const m = boardMode(turnView, [], null);
  assert.equal(m.mode, "none");
  assert.equal(squareClick(m, [], "a2"), null);
  assert.equal(goatClick(m, [], turnView, 0, 0, "big"), null);
  assert.equal(wandClick(m, [], turnView, 0, "troll"), null);
  assert.deepEqual(decisionButtons(m, [], turnView), []);
});

test("your goat is chosen first; then every square sends a move, the legal ones lit", () => {
  let m = boardMode(turnView, turnLegal, null);
  assert.deepEqual(goatClick(m, turnLegal, turnView, 0, 0, "big"), { select: { kind: "move", size: "big" }, legal: true });
  assert.deepEqual(goatClick(m, turnLegal, turnView, 0, 0, "little"), { select: { kind: "move", size: "little" }, legal: false });
  assert.equal(squareClick(m, turnLegal, "a2"), null);                 // nothing chosen yet
  m = boardMode(turnView, turnLegal, { kind: "move", size: "big" });
  assert.deepEqual(squareClick(m, turnLegal, "b3"), { text: "move big b3", legal: true });
  assert.deepEqual(squareClick(m, turnLegal, "b4"), { text: "move big b4", legal: false });   // water: Python says why
  assert.deepEqual([...reachable(m, turnLegal)].sort(), ["a2", "a4", "b3"]);
  assert.deepEqual(goatClick(m, turnLegal, turnView, 0, 0, "big"), { select: null, legal: true, cancel: true });
  assert.equal(goatClick(m, turnLegal, turnView, 0, 1, "little"), null);   // the square is the target now
  assert.equal(trollClick(m, turnLegal, "c4"), null);
});

test("wands: claim one you don't hold (even without the cards); use one you hold", () => {
  const m = boardMode(turnView, turnLegal, null);
  assert.deepEqual(wandClick(m, turnLegal, turnView, 0, "troll"), { text: "claim troll", legal: true });
  assert.deepEqual(wandClick(m, turnLegal, turnView, 0, "dragon"), { text: "claim dragon", legal: false });
  assert.deepEqual(wandClick(m, turnLegal, turnView, 0, "big"), { select: { kind: "move", size: "big" }, legal: true });
});

test("trolls: choose one, then a bridge", () => {
  const legal = [A("draw"), A("troll c4 d3", { origin: "c4", square: "d3" }), A("troll c2 d3", { origin: "c2", square: "d3" })];
  const view = { ...turnView, wands: { ...turnView.wands, troll: 0 } };
  let m = boardMode(view, legal, null);
  assert.deepEqual(wandClick(m, legal, view, 0, "troll"), { select: { kind: "troll", origin: null }, legal: true });
  m = boardMode(view, legal, { kind: "troll", origin: null });
  assert.equal(squareClick(m, legal, "d3"), null);                      // which troll first
  assert.deepEqual(trollClick(m, legal, "c4"), { select: { kind: "troll", origin: "c4" }, legal: true });
  m = boardMode(view, legal, { kind: "troll", origin: "c4" });
  assert.deepEqual(squareClick(m, legal, "d3"), { text: "troll c4 d3", legal: true });
  assert.deepEqual(squareClick(m, legal, "a1"), { text: "troll c4 a1", legal: false });
  assert.deepEqual([...reachable(m, legal)], ["d3"]);
});

test("the dragon: choose it, then any goat (yours too)", () => {
  const legal = [A("draw"), A("dragon 1 big", { seat: 1, size: "big" }), A("dragon 0 big", { seat: 0, size: "big" })];
  const view = { ...turnView, wands: { ...turnView.wands, dragon: 0 } };
  let m = boardMode(view, legal, null);
  assert.deepEqual(goatClick(m, legal, view, 0, 1, "big"), { select: { kind: "dragon" }, legal: true });
  m = boardMode(view, legal, { kind: "dragon" });
  assert.deepEqual(goatClick(m, legal, view, 0, 1, "big"), { text: "dragon 1 big", legal: true });
  assert.deepEqual(goatClick(m, legal, view, 0, 0, "big"), { text: "dragon 0 big", legal: true });
  // Without the dragon wand a rival's goat still answers: the dragon text, so Python says why not.
  m = boardMode(turnView, turnLegal, null);
  assert.deepEqual(goatClick(m, turnLegal, turnView, 0, 1, "big"), { text: "dragon 1 big", legal: false });
});

test("a claim: block or pass, again or stop, offered as buttons (not-allowed ones too)", () => {
  const view = { phase: "block", claim: { cost: ["spades"] } };
  const m = boardMode(view, [A("pass")], null);
  assert.equal(m.mode, "block");
  assert.deepEqual(decisionButtons(m, [A("pass")], view).map((b) => [b.text, b.legal]), [["block", false], ["pass", true]]);
  assert.match(decisionButtons(m, [A("pass")], view)[0].label, /♠/);
  const answer = { phase: "answer", claim: { cost: ["clubs", "diamonds", "hearts", "spades"] } };
  const ma = boardMode(answer, [A("again"), A("stop")], null);
  assert.deepEqual(decisionButtons(ma, [A("again"), A("stop")], answer).map((b) => b.text), ["again", "stop"]);
  // the claimant's answer is not called "Try again": a lesson's Try again button restarts its step
  assert.deepEqual(decisionButtons(ma, [A("again"), A("stop")], answer).map((b) => b.label), ["Put down another ♣♦♥♠", "Give up"]);
});

test("putting a goat back: every square sends a put-back, the corners lit", () => {
  const view = { phase: "place", placing: [{ seat: 0, size: "medium" }] };
  const legal = ["a1", "a5", "e5", "e1"].map((c) => A(`place medium ${c}`, { size: "medium", square: c }));
  const m = boardMode(view, legal, { kind: "move", size: "big" });
  assert.equal(m.sel, null);
  assert.deepEqual(squareClick(m, legal, "a5"), { text: "place medium a5", legal: true });
  assert.deepEqual(squareClick(m, legal, "c3"), { text: "place medium c3", legal: false });
  assert.deepEqual([...reachable(m, legal)].sort(), ["a1", "a5", "e1", "e5"]);
});

test("hints and last moves name squares, goats, trolls and wands", () => {
  const n = named([A("move big b3", { size: "big", square: "b3" }), A("troll c4 d3", { origin: "c4", square: "d3" }),
    A("dragon 1 little", { seat: 1, size: "little" }), A("claim medium", { wand: "medium" })], 0);
  assert.deepEqual([...n.squares].sort(), ["b3", "d3"]);
  assert.deepEqual([...n.goats].sort(), ["0:big", "1:little"]);
  assert.deepEqual([...n.trolls], ["c4"]);
  assert.deepEqual([...n.wands], ["medium"]);
  assert.ok(n.texts.has("claim medium"));
  // a last move of any seat marks the goat now standing there (the view's goats), not the viewer's
  const goats = [{ big: "a1" }, { big: "b3", medium: "b3" }];
  assert.deepEqual([...named([A("move big b3", { size: "big", square: "b3" })], 0, goats).goats], ["1:big"]);
});
