// Goat Lords pure helpers: the decision on screen, and what each click sends (from `legal` only).
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  decision, findLegal, handClick, litHand, actionClick, stackClick, discardClick, decisionButtons,
  selectionNote, litTargets, pointsAt, grouped, cardName, shortName, stackName, aCard, count,
  handCount,
} from "../../goat_lords/table.js";

const A = (text, extra = {}) => ({ text, kind: text.split(" ")[0], ...extra });
const herds = [
  [{ number: 1, kind: "tgoat", cards: ["tgoat", "tgoat"], value: 20, base: true, top: true }],
  [{ number: 1, kind: "fairy", cards: ["fairy", "fairy"], value: 20, base: true, top: false },
    { number: 2, kind: "corn", cards: ["corn", "corn", "lord"], value: 90, base: false, top: false },
    { number: 3, kind: "ninja", cards: ["ninja", "ninja"], value: 20, base: false, top: true }],
  [],
];
const view = { is_over: false, pending: null, hand: ["lord", "ninja", "ninja", "fairy"], actions: ["atomic", "escape", "sneak", "russian", "rain"],
  herds, card_names: { ninja: "Goat Ninja", lord: "Goat Lord", atomic: "Atomic Goat", escape: "Escape Goat", fairy: "Fairy Goat Mother" },
  discard_top: "fairy", hand_size: 5 };
const legal = [
  A("birth ninja ninja", { cards: ["ninja", "ninja"] }), A("birth ninja lord", { cards: ["ninja", "lord"] }),
  A("birth fairy lord", { cards: ["fairy", "lord"] }), A("assist fairy", { cards: ["fairy"], with_discard: true }),
  A("assist lord", { cards: ["lord"], with_discard: true }),
  A("duel 1 ninja", { cards: ["ninja"], target: 1 }), A("duel 1 lord", { cards: ["lord"], target: 1 }),
  A("discard ninja", { cards: ["ninja"] }), A("atomic 1", { card: "atomic", target: 1, cards: [] }),
  A("sneak 1 2", { card: "sneak", target: 1, stack: 2, cards: [] }), A("sneak 1 3", { card: "sneak", target: 1, stack: 3, cards: [] }),
  A("russian left", { card: "russian", direction: "left", cards: [] }), A("russian right", { card: "russian", direction: "right", cards: [] }),
  A("rain", { card: "rain", cards: [] }),
];

test("the decision on screen comes from view.pending and whether legal is empty", () => {
  assert.equal(decision(view, legal), "turn");
  assert.equal(decision(view, []), "wait");
  assert.equal(decision({ is_over: true }, legal), "over");
  for (const [kind, mode] of [["duel", "duel"], ["escape", "escape"], ["trash", "trash"], ["toss", "toss"], ["rain", "keep"], ["take", "take"]]) {
    assert.equal(decision({ pending: { kind } }, [A("pass")]), mode);
  }
});

test("a Birth matches its two cards in either order", () => {
  assert.equal(findLegal(legal, "birth lord ninja").text, "birth ninja lord");
  assert.equal(findLegal(legal, "birth ninja fairy"), null);
  assert.equal(findLegal(legal, "discard ninja").text, "discard ninja");
});

test("two hand cards clicked in a row make a Birth; a not-allowed pair is still sent", () => {
  const first = handClick("turn", legal, view, null, 1);
  assert.deepEqual(first, { select: { kind: "hand", index: 1 }, legal: true });
  const sel = first.select;
  assert.deepEqual(handClick("turn", legal, view, sel, 2), { text: "birth ninja ninja", legal: true });
  assert.deepEqual(handClick("turn", legal, view, sel, 3), { text: "birth ninja fairy", legal: false });
  assert.deepEqual(handClick("turn", legal, view, sel, 1), { cancel: true });
  assert.deepEqual([...litHand("turn", legal, view, sel)].sort(), [0, 2]);
});

test("answers are one click on a hand card: play, toss, keep", () => {
  const duel = [A("play ninja"), A("play lord"), A("pass")];
  assert.deepEqual(handClick("duel", duel, view, null, 1), { text: "play ninja", legal: true });
  assert.deepEqual(handClick("duel", duel, view, null, 3), { text: "play fairy", legal: false });
  assert.deepEqual(handClick("toss", [A("toss fairy")], view, null, 3), { text: "toss fairy", legal: true });
  assert.deepEqual(handClick("keep", [A("keep lord")], view, null, 1), { text: "keep ninja", legal: false });
  assert.equal(handClick("wait", [], view, null, 1), null);
});

test("action cards: bare ones play at once, targeted ones are chosen first, Escape Goat and trash send", () => {
  assert.deepEqual(actionClick("turn", legal, view, null, "rain"), { text: "rain", legal: true });
  assert.deepEqual(actionClick("turn", legal, view, null, "atomic"), { select: { kind: "action", card: "atomic" }, legal: true });
  assert.deepEqual(actionClick("turn", legal, view, { kind: "action", card: "atomic" }, "atomic"), { cancel: true });
  assert.deepEqual(actionClick("turn", legal, view, null, "escape"), { text: "escape", legal: false });
  assert.deepEqual(actionClick("duel", [A("escape"), A("pass")], view, null, "escape"), { text: "escape", legal: true });
  assert.deepEqual(actionClick("trash", [A("trash rain")], view, null, "atomic"), { text: "trash atomic", legal: false });
  assert.equal(actionClick("wait", [], view, null, "escape"), null);
});

test("stacks: a duel on a top stack, a targeted card on a player, Sneak-A-Goat on a stack", () => {
  const hand = { kind: "hand", index: 1 };
  assert.deepEqual(stackClick("turn", legal, view, hand, 0, 1, 3), { text: "duel 1 ninja", legal: true });
  assert.equal(stackClick("turn", legal, view, hand, 0, 1, 2), null);
  assert.equal(stackClick("turn", legal, view, hand, 0, 0, 1), null);       // your own herd
  assert.deepEqual(stackClick("turn", legal, view, { kind: "hand", index: 3 }, 0, 1, 3), { text: "duel 1 fairy", legal: false });
  assert.deepEqual(stackClick("turn", legal, view, { kind: "action", card: "atomic" }, 0, 1, null), { text: "atomic 1", legal: true });
  assert.deepEqual(stackClick("turn", legal, view, { kind: "action", card: "atomic" }, 0, 2, null), { text: "atomic 2", legal: false });
  assert.deepEqual(stackClick("turn", legal, view, { kind: "action", card: "sneak" }, 0, 1, 1), { text: "sneak 1 1", legal: false });
  assert.deepEqual(stackClick("turn", legal, view, { kind: "action", card: "sneak" }, 0, 1, 2), { text: "sneak 1 2", legal: true });
  const lit = litTargets("turn", legal, view, { kind: "action", card: "sneak" }, 0);
  assert.deepEqual([...lit.stacks].sort(), ["1:2", "1:3"]);
  assert.equal(stackClick("turn", legal, view, null, 0, 1, 3), null);
});

test("the discard pile makes an Assisted Birth with the chosen hand card", () => {
  assert.deepEqual(discardClick("turn", legal, view, { kind: "hand", index: 3 }), { text: "assist fairy", legal: true });
  assert.deepEqual(discardClick("turn", legal, view, { kind: "hand", index: 1 }), { text: "assist ninja", legal: false });
  assert.equal(discardClick("turn", legal, view, null), null);
});

test("buttons: Escape Goat offered exactly when legal lists it; Discard and directions follow the choice", () => {
  const duelView = { ...view, pending: { kind: "duel", seat: 1 } };
  const keys = (bs) => bs.map((b) => b.key);
  assert.deepEqual(keys(decisionButtons("duel", [A("play ninja"), A("pass")], duelView, null)), ["pass"]);
  assert.deepEqual(keys(decisionButtons("duel", [A("pass"), A("escape")], duelView, null)), ["pass", "escape"]);
  const escView = { ...view, pending: { kind: "escape", card: "atomic", seat: 1 } };
  assert.deepEqual(keys(decisionButtons("escape", [A("allow")], escView, null)), ["allow"]);
  const both = decisionButtons("escape", [A("allow"), A("escape")], escView, null);
  assert.deepEqual(keys(both), ["escape", "allow"]);
  assert.match(both[0].label, /Atomic Goat/);
  assert.deepEqual(keys(decisionButtons("turn", legal, view, { kind: "hand", index: 1 })), ["discard", "cancel"]);
  assert.deepEqual(keys(decisionButtons("turn", [...legal, A("end")], view, { kind: "action", card: "russian" })),
    ["russian-left", "russian-right", "end", "cancel"]);
  const take = decisionButtons("take", [A("take ninja")], { ...view, shown: { seat: 1, hand: ["ninja", "ninja", "lord"] } }, null);
  assert.deepEqual(take.map((b) => [b.text, b.legal]), [["take ninja", true], ["take lord", false]]);
});

test("hints and last moves point at hand cards, action cards, stacks and the discard pile", () => {
  const p = pointsAt([legal[5], legal[9], legal[3]], view);
  assert.deepEqual([...p.hand].sort(), ["fairy", "ninja"]);
  assert.deepEqual([...p.actions], ["sneak"]);
  assert.deepEqual([...p.stacks].sort(), ["1:2", "1:3"]);
  assert.equal(p.discard, true);
  assert.ok(p.texts.has("duel 1 ninja"));
  assert.equal(pointsAt(null, view).discard, false);
  // a card discarded (or thrown away to the hand size) went onto the discard pile: the last
  // move marks the pile, while a hint for Discard does not light the pile (that click pairs)
  assert.equal(pointsAt([legal[7]], view).tossed, true);
  assert.equal(pointsAt([A("toss ninja", { cards: ["ninja"] })], view).tossed, true);
  assert.equal(pointsAt([legal[7]], view).discard, false);
  assert.equal(pointsAt([legal[3]], view).tossed, false);
  // a Birth marks the seat that made it when the dict says whose it was (its new top stack)
  assert.deepEqual([...pointsAt([{ ...legal[0], by: 2 }], view).seats], [2]);
  assert.deepEqual([...pointsAt([legal[0]], view).seats], []);
});

test("words: names from the view, articles, counts, groups", () => {
  assert.equal(cardName(view, "ninja"), "Goat Ninja");
  assert.equal(cardName({}, "tgoat"), "tgoat");
  // the board writes the short names Python sends, the same the lesson's steps say
  const names = { ...view, short_names: { tgoat: "T-Goat", corn: "Goat-a-Corn" }, stack_names: { corn: "Corn" } };
  assert.equal(shortName(names, "tgoat"), "T-Goat");
  assert.equal(stackName(names, "corn"), "Corn");
  assert.equal(stackName(names, "tgoat"), "T-Goat");
  assert.equal(shortName(view, "ninja"), "Goat Ninja");
  // the Discard button and the note after a first click name the card as it is written on it
  const baby = { ...names, hand: ["baby"], short_names: { baby: "Baby Goat" }, card_names: { baby: "Fainting Baby Goat" } };
  const sel = { kind: "hand", index: 0 };
  const buttons = decisionButtons("turn", [A("discard baby", { cards: ["baby"] })], baby, sel);
  assert.equal(buttons[0].label, "Discard the Baby Goat and draw");
  assert.match(selectionNote(baby, sel), /^Baby Goat chosen/);
  assert.equal(aCard(view, "escape"), "an Escape Goat");
  assert.equal(count(1, "card"), "1 card");
  assert.equal(count(3, "card"), "3 cards");
  assert.deepEqual(grouped(["escape", "atomic", "escape"]), [["escape", 2], ["atomic", 1]]);
  assert.match(selectionNote(view, { kind: "hand", index: 1 }), /^Goat Ninja chosen/);
  assert.equal(selectionNote(view, { kind: "hand", index: 9 }), "");
});

test("the hand's count: held of the hand size, and over it what to keep (not '5 of 4')", () => {
  assert.equal(handCount(4, 5), "(4 of 5)");
  assert.equal(handCount(5, 5), "(5 of 5)");
  assert.equal(handCount(5, 4), "(5 cards: keep 4)");
});
