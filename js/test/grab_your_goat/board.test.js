// Grab Your Goat! pure helpers: card turns, piece slots, and what each click sends.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  canon, turnCW, rotations, arrowWords, cardWords, piecesByCell, pieceSlots, cellClick, handClick,
  chooser, decisionButtons, named, stepTargets, whose, cap, plural,
} from "../../grab_your_goat/board.js";
import { readFileSync } from "node:fs";

const cells = [
  { id: "a1", row: 0, col: 0, up: true, card: "house", name: "House", arrows: "nesw", effect: false, owner: 0 },
  { id: "b1", row: 0, col: 1, up: true, card: "straight", name: "Straight path", arrows: "ns", effect: false },
  { id: "c1", row: 0, col: 2, up: false },
];
const view = (pending, extra = {}) => ({ cells, pending, shepherds: ["b1", "a1"], goats: ["c1", "c1"], ...extra });

test("turns: a quarter clockwise moves every arrow one side on; rotations are distinct", () => {
  assert.equal(canon("sn"), "ns");
  assert.equal(turnCW("ne"), "es");
  assert.equal(turnCW("w"), "n");
  assert.deepEqual(rotations("ns"), ["ns", "ew"]);
  assert.deepEqual(rotations("nes"), ["nes", "esw", "nsw", "new"]);
  assert.deepEqual(rotations("nesw"), ["nesw"]);
});

test("words: arrows and cards in plain words; a face-down card says nothing more", () => {
  assert.equal(arrowWords("nes"), "north, east and south");
  assert.equal(cardWords(cells[1]), "Straight path, arrows north and south");
  assert.equal(cardWords(cells[2]), "face-down card");
  assert.equal(cardWords({ up: true, card: "waterfall", name: "Waterfall", arrows: "e" }), "Waterfall, flowing east");
  assert.equal(cardWords({ up: true, card: "cliff", name: "Steep Cliff", arrows: "" }), "Steep Cliff");
});

test("pieces: shepherds first, then goats; slots stay inside the card", () => {
  const on = piecesByCell(view(null));
  assert.deepEqual(on.get("c1"), [{ kind: "goat", seat: 0 }, { kind: "goat", seat: 1 }]);
  assert.deepEqual(on.get("b1"), [{ kind: "shepherd", seat: 0 }]);
  for (let n = 1; n <= 8; n++) {
    const slots = pieceSlots(n);
    assert.equal(slots.length, n);
    for (const sl of slots) {
      assert.ok(Math.abs(sl.dx) + sl.r <= 0.5 && Math.abs(sl.dy) + sl.r <= 0.5, `n=${n}`);
    }
    const seen = new Set(slots.map((sl) => `${sl.dx},${sl.dy}`));
    assert.equal(seen.size, n, `n=${n}: no two pieces on one spot`);
  }
});

test("a click on a card sends the pending kind's text; legal only if Python listed it", () => {
  const legal = [{ kind: "step", text: "step a1", cell: "a1" }, { kind: "play", text: "play tee c1", cell: "c1", card: "tee" }];
  const act = view({ kind: "act", seat: 0 });
  assert.deepEqual(cellClick(act, legal, null, "a1"), { text: "step a1", legal: true });
  assert.deepEqual(cellClick(act, legal, null, "c1"), { text: "step c1", legal: false });
  assert.deepEqual(cellClick(act, legal, "tee", "c1"), { text: "play tee c1", legal: true });
  assert.deepEqual(cellClick(act, legal, "cross", "c1"), { text: "play cross c1", legal: false });
  assert.equal(cellClick(act, [], null, "a1"), null, "nothing is clickable when it is not your decision");
  assert.deepEqual(cellClick(view({ kind: "throw", cell: "b1" }), [{ kind: "throw", text: "throw c1", cell: "c1" }], null, "c1"),
    { text: "throw c1", legal: true });
  assert.deepEqual(cellClick(view({ kind: "reveal" }), [{ kind: "reveal", text: "reveal c1", cell: "c1" }], null, "b1"),
    { text: "reveal b1", legal: false });
  assert.deepEqual(cellClick(act, [{ kind: "lift", text: "lift d4", cell: "d4" }], null, "d4"), { text: "lift d4", legal: true });
  assert.deepEqual(stepTargets(legal), new Set(["a1"]));
});

test("hand cards: chosen first, then a card on the board; a second click cancels", () => {
  const legal = [{ kind: "play", text: "play tee c1", cell: "c1", card: "tee" }];
  assert.deepEqual(handClick(legal, null, "tee"), { select: "tee", legal: true, chosen: false });
  assert.deepEqual(handClick(legal, "tee", "tee"), { select: null, legal: true, chosen: true });
  assert.equal(handClick(legal, null, "cross").legal, false);
});

test("chooser: every way a revealed card can lie, the legal ones lit; a turn of your own card", () => {
  const orient = view({ kind: "orient", cell: "c1", card: "corner", back: "w", options: ["sw", "nw"] });
  const legal = [{ kind: "orient", text: "orient sw", arrows: "sw" }, { kind: "orient", text: "orient nw", arrows: "nw" }];
  const ch = chooser(orient, legal, 0);
  assert.equal(ch.mode, "orient");
  assert.deepEqual(ch.options.map((o) => [o.arrows, o.legal]), [["sw", true], ["nw", true], ["ne", false], ["es", false]]);
  const water = chooser(view({ kind: "orient", cell: "c1", card: "waterfall", options: ["n", "e", "s", "w"] }),
    ["n", "e", "s", "w"].map((d) => ({ kind: "orient", text: `orient ${d}` })), 0);
  assert.equal(water.options.length, 4);
  const turn = chooser(view({ kind: "act" }), [{ kind: "rotate", text: "rotate ew", arrows: "ew" }], 0);
  assert.equal(turn.mode, "rotate");
  assert.deepEqual(turn.options.map((o) => [o.text, o.legal, o.now]), [["rotate ns", false, true], ["rotate ew", true, false]]);
  assert.equal(chooser(view({ kind: "act" }, { shepherds: ["c1"] }), [{ kind: "step", text: "step b1" }], 0), null,
    "no turning a face-down card: nothing to offer");
  assert.equal(chooser(view({ kind: "roll" }), [{ kind: "roll", text: "roll" }], 0), null);
});

test("buttons: roll, the compass for the goat and the Landslide, rides and pass", () => {
  assert.deepEqual(decisionButtons(view({ kind: "roll" }), [{ kind: "roll", text: "roll" }]).map((b) => b.text), ["roll"]);
  const goat = decisionButtons(view({ kind: "goat" }), ["n", "e", "s", "w"].map((d) => ({ kind: "goat", text: `goat ${d}`, dir: d })));
  assert.deepEqual(goat.map((b) => [b.text, b.legal]), [["goat n", true], ["goat e", true], ["goat s", true], ["goat w", true]]);
  const slide = decisionButtons(view({ kind: "slide", cell: "b1" }), [{ kind: "slide", text: "slide s", dir: "s" }]);
  assert.deepEqual(slide.filter((b) => b.legal).map((b) => b.text), ["slide s"]);
  assert.equal(slide.length, 4, "every way is offered; the others ask Python why not");
  const reveal = decisionButtons(view({ kind: "reveal" }), [{ kind: "reveal", text: "reveal c1", cell: "c1" }, { kind: "pass", text: "pass" }]);
  assert.deepEqual(reveal.map((b) => b.label), ["Don't turn a card up"]);
  assert.deepEqual(decisionButtons(view({ kind: "act" }), []), []);
});

test("named: the cells, hand cards and texts a hint or the last move names", () => {
  const n = named([{ kind: "play", text: "play tee c1", cell: "c1", card: "tee" }, { kind: "roll", text: "roll" }, null]);
  assert.deepEqual([...n.cells], ["c1"]);
  assert.deepEqual([...n.cards], ["tee"]);
  assert.deepEqual([...n.texts], ["play tee c1", "roll"]);
});

test("whose piece: the words Python says, so any name reads right (issue 24 item 8)", () => {
  const words = { shepherds: ["your shepherd", "Ana's shepherd"], goats: ["your goat", "Ana's goat"],
    houses: ["your house", "Ana's house"], stuck: "" };
  const v = view(null, { words });
  assert.equal(whose(v, "shepherd", 0), "your shepherd");
  assert.equal(whose(v, "goat", 1), "Ana's goat");
  assert.equal(cap(whose(v, "house", 0)), "Your house");
  assert.equal(plural(1, "card"), "1 card");
  assert.equal(plural(0, "card"), "0 cards");
  // the board builds no sentence from a seat's name: no "shepherd of You", "Stuck …: You"
  const src = readFileSync(new URL("../../grab_your_goat/index.js", import.meta.url), "utf8");
  assert.ok(!/ of \$\{who\(/.test(src) && !/Stuck in the Thicket next turn/.test(src));
  assert.ok(!/\$\{n\} cards/.test(src) && !/\} cards ·/.test(src));
});
