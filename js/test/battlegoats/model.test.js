// BattleGoats pure helpers: squares, what each click sends (from `legal` only), hint ids, words.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  SQUARES, squareWords, seatOrder, mode, handClick, cellClick, firstChoices, namedIds,
  cellLabel, cellTag, compact, fightSides, fightResult, discardText, chipWords, lastMoveIds, ROW_WORDS,
} from "../../battlegoats/model.js";

const A = (text, extra = {}) => ({ text, kind: text.split(" ")[0], ...extra });

test("squares read front row first, and have words", () => {
  assert.deepEqual(SQUARES, ["f1", "f2", "f3", "m1", "m2", "m3", "b1", "b2", "b3"]);
  assert.equal(squareWords("b1"), "back left");
  assert.equal(squareWords("m2"), "centre");
  assert.equal(squareWords("f3"), "front right");
});

test("the viewer's battlefield comes first, then clockwise", () => {
  assert.deepEqual(seatOrder(4, 2), [2, 3, 0, 1]);
  assert.deepEqual(seatOrder(3, null), [0, 1, 2]);
});

test("the mode follows the legal kinds; nothing to click without legal actions", () => {
  assert.equal(mode({}, []), "wait");
  assert.equal(mode({}, [A("pick lassokid", { card: "lassokid" })]), "pick");
  assert.equal(mode({}, [A("place golem b2")]), "place");
  assert.equal(mode({}, [A("first 0")]), "first");
  assert.equal(mode({}, [A("attack f1")]), "attack");
  assert.equal(mode({ aim: { seat: 0, square: "f1" } }, [A("target 1:f1"), A("cancel")]), "target");
});

test("draft: a pack card sends pick; a card not offered still sends, unlit", () => {
  const legal = [A("pick golem", { card: "golem" })];
  assert.deepEqual(handClick("pick", legal, "golem"), { text: "pick golem", legal: true });
  assert.deepEqual(handClick("pick", legal, "troll"), { text: "pick troll", legal: false });
  assert.equal(handClick("wait", legal, "golem"), null);
});

test("layout: a hand card is chosen, then a square sends place; its own square only", () => {
  const legal = [A("place golem b2", { card: "golem", square: "b2" })];
  assert.deepEqual(handClick("place", legal, "golem"), { select: "golem", legal: true });
  assert.deepEqual(handClick("place", legal, "golem", { card: "golem" }), { cancel: true, legal: true });
  assert.deepEqual(cellClick("place", legal, { me: 0, seat: 0, sq: "b2" }), { need: "card" });
  assert.deepEqual(cellClick("place", legal, { me: 0, seat: 0, sq: "b2", card: "golem" }), { text: "place golem b2", legal: true });
  assert.deepEqual(cellClick("place", legal, { me: 0, seat: 0, sq: "f1", card: "golem", cell: { card: "x" } }),
    { text: "place golem f1", legal: false });
  // another player's square: a click the rules refuse during the layout (Python says why), not nothing
  assert.deepEqual(cellClick("place", legal, { me: 0, seat: 1, sq: "b2", card: "golem" }), { text: "target 1:b2", legal: false });
  assert.deepEqual(cellClick("place", legal, { me: 0, seat: 1, sq: "b2" }), { text: "target 1:b2", legal: false });
});

test("four to six battlefields (two rows) are drawn compact; the squares' tags then become frames", () => {
  assert.deepEqual([2, 3, 4, 5, 6].map(compact), [false, false, true, true, true]);
});

test("battle: your card, then a target; the chosen card again cancels; others' empty squares are no target", () => {
  const first = [A("attack f1", { square: "f1" })];
  assert.deepEqual(cellClick("attack", first, { me: 0, seat: 0, sq: "f1", cell: { card: "x" } }), { text: "attack f1", legal: true });
  assert.deepEqual(cellClick("attack", first, { me: 0, seat: 1, sq: "b3", cell: { back: true } }), { text: "target 1:b3", legal: false });
  assert.equal(cellClick("attack", first, { me: 0, seat: 1, sq: "b3", cell: null }), null);
  const second = [A("target 1:b3", { seat: 1, target: "b3" }), A("attack f2", { square: "f2" }), A("cancel")];
  assert.deepEqual(cellClick("target", second, { me: 0, seat: 1, sq: "b3", cell: { back: true }, aim: "f1" }), { text: "target 1:b3", legal: true });
  assert.deepEqual(cellClick("target", second, { me: 0, seat: 0, sq: "f1", cell: { card: "x" }, aim: "f1" }), { text: "cancel", legal: true, selected: true });
  assert.deepEqual(cellClick("target", second, { me: 0, seat: 0, sq: "f2", cell: { card: "y" }, aim: "f1" }), { text: "attack f2", legal: true });
  assert.equal(cellClick("wait", [], { me: 0, seat: 1, sq: "b3", cell: { back: true } }), null);
});

test("first attacker buttons, one per seat", () => {
  assert.deepEqual(firstChoices([A("first 0"), A("first 1")], 2).map((c) => [c.text, c.legal]), [["first 0", true], ["first 1", true]]);
});

test("hints and last moves name cells, hand and pack cards", () => {
  const ids = namedIds([{ kind: "place", card: "golem", square: "b2" }, { kind: "target", seat: 2, target: "m1" },
    { kind: "attack", square: "f3" }, { kind: "pick", card: "troll" }, { kind: "first", seat: 1 }, null], 0);
  assert.deepEqual([...ids].sort(), ["cell:0:b2", "cell:0:f3", "cell:2:m1", "first:1", "hand:golem", "pack:troll"]);
});

test("the last move marks no square of the viewer for another player's choice of attacker", () => {
  // (issue 24 item 6: the bots' moves are marked; an attack's dict does not say whose card)
  const ids = lastMoveIds([{ kind: "attack", square: "f3" }, { kind: "target", seat: 0, target: "m1" },
    { kind: "cancel" }, { kind: "first", seat: 1 }], 0);
  assert.deepEqual([...ids].sort(), ["cell:0:m1", "first:1"]);
});

test("rows have words: front, middle, back", () => {
  assert.deepEqual(["f", "m", "b"].map((r) => ROW_WORDS[r]), ["front", "middle", "back"]);
});

test("labels say whose square, the card as far as the viewer knows, and its status", () => {
  assert.equal(cellLabel({ owner: "Ana", sq: "b1", cell: { back: true }, mine: false }), "Ana: back left square, a face-down card");
  assert.equal(cellLabel({ owner: "Ana", sq: "m2", cell: null, mine: true }), "Your centre square, empty");
  assert.equal(cellLabel({ owner: "Ana", sq: "f1", cell: { card: "golem", power: 7, known: true }, info: { name: "Golem" }, mine: false }),
    "Ana: front left square, Golem, power 7, face down, remembered");
  assert.equal(cellTag({ card: "x", face_up: true }), "face up");
  assert.equal(cellTag({ card: "x", known: true }), "remembered");
  assert.equal(cellTag({ back: true }), "");
});

test("the last fight: both sides with Python's sums, and who lost", () => {
  const last = { turn: 3, defeated: ["defender"], exploded: false,
    attacker: { seat: 0, square: "b2", card: "lassokid", power: 9, terms: [], sum: "1 base + 4 × 2 cards in front = 9" },
    defender: { seat: 1, square: "f1", card: "golem", power: 7, terms: [], sum: "7 base = 7" } };
  const sides = fightSides(last, { lassokid: { name: "Lasso Kid" } });
  assert.equal(sides[0].name, "Lasso Kid");
  assert.equal(sides[1].name, "golem");
  assert.deepEqual(sides.map((s) => s.lost), [false, true]);
  assert.equal(sides[0].sum, "1 base + 4 × 2 cards in front = 9");
  assert.match(fightResult(last), /attacker wins/);
  assert.match(fightResult({ ...last, defeated: ["attacker", "defender"] }), /tie/);
  assert.match(fightResult({ ...last, defeated: ["attacker", "defender"], exploded: true }), /exploded/);
  assert.deepEqual(fightSides(null, {}), []);
});

test("discards and chips in words", () => {
  assert.equal(discardText(["golem", "x"], { golem: { name: "Golem" } }), "Golem, x");
  // each card once, with its copies (issue 24 item 8: "Billy Twin, Billy Twin, Billy Twin")
  const cards = { twin: { name: "Billy Twin" }, owl: { name: "Moon Owl" } };
  assert.equal(discardText(["twin", "owl", "twin", "twin"], cards), "Billy Twin ×3, Moon Owl");
  assert.equal(chipWords(1), "1 card");
  assert.equal(chipWords(7), "7 cards");
});
