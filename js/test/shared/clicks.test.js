import { test } from "node:test";
import assert from "node:assert/strict";
import {
  CLICK_FIELDS, clickPath, afterClicks, clickStep, actionText, legalText, namedTargets,
} from "../../shared/clicks.js";

const FIGHT = [
  { text: "fight 0,0u 0,0d", kind: "fight", spot: "0,0u", target: "0,0d" },
  { text: "fight 0,0u 1,0u", kind: "fight", spot: "0,0u", target: "1,0u" },
  { text: "fight -1,0d 0,0d", kind: "fight", spot: "-1,0d", target: "0,0d" },
];
const PLACE = [
  { text: "mama 0,0u", kind: "mama", spot: "0,0u" },
  { text: "baby 0,0u", kind: "baby", spot: "0,0u" },
  { text: "roll", kind: "roll" },
];
// A card game: click a card in your hand, then a target seat.
const CARDS = [
  { text: "play wheat seat2", kind: "play", card: "wheat", target: "seat2" },
  { text: "play wheat seat3", kind: "play", card: "wheat", target: "seat3" },
  { text: "play shield", kind: "play", card: "shield" },
  { text: "discard wheat", kind: "discard", card: "wheat" },
];

test("click paths follow the field order", () => {
  assert.deepEqual(CLICK_FIELDS.slice(0, 2), ["card", "spot"]);
  assert.deepEqual(clickPath(FIGHT[0]), ["0,0u", "0,0d"]);
  assert.deepEqual(clickPath(CARDS[0]), ["wheat", "seat2"]);
  assert.deepEqual(clickPath({ kind: "roll", text: "roll" }), []);
  assert.deepEqual(clickPath({ stick: "0,0-1,0" }), ["0,0-1,0"]);
  assert.deepEqual(clickPath(FIGHT[0], ["target"]), ["0,0d"]);
  assert.deepEqual(clickPath(null), []);
});

test("first and second clicks of a two-click action", () => {
  const first = afterClicks(FIGHT, [], { kinds: "fight" });
  assert.deepEqual(first.next, ["0,0u", "-1,0d"]);
  assert.deepEqual(first.done, []);
  const second = afterClicks(FIGHT, ["0,0u"], { kinds: ["fight"] });
  assert.deepEqual(second.next, ["0,0d", "1,0u"]);
  assert.equal(second.matching.length, 2);
  const full = afterClicks(FIGHT, ["0,0u", "1,0u"]);
  assert.deepEqual(full.done.map((a) => a.text), ["fight 0,0u 1,0u"]);
  assert.deepEqual(full.next, []);
  assert.deepEqual(afterClicks(FIGHT, ["0,0d"]).matching, []); // a target only, not a start
});

test("clicks that only the kind tells apart are all done; kinds narrows them", () => {
  const r = afterClicks(PLACE, ["0,0u"]);
  assert.deepEqual(r.done.map((a) => a.kind), ["mama", "baby"]);
  assert.deepEqual(afterClicks(PLACE, ["0,0u"], { kinds: "baby" }).done.map((a) => a.text), ["baby 0,0u"]);
  assert.deepEqual(afterClicks(PLACE, []).done.map((a) => a.text), ["roll"]);
});

test("card then target, or a card alone", () => {
  const hand = afterClicks(CARDS, [], { kinds: "play" });
  assert.deepEqual(hand.next, ["wheat", "shield"]);
  assert.deepEqual(afterClicks(CARDS, ["wheat"], { kinds: "play" }).next, ["seat2", "seat3"]);
  assert.equal(clickStep(CARDS, [], "shield", { kinds: "play" }).action.text, "play shield");
  const one = clickStep(CARDS, [], "wheat", { kinds: "play" });
  assert.deepEqual(one, { clicks: ["wheat"], allowed: true, action: null });
  const two = clickStep(CARDS, one.clicks, "seat3", { kinds: "play" });
  assert.equal(two.action.text, "play wheat seat3");
  const no = clickStep(CARDS, one.clicks, "seat9", { kinds: "play" });
  assert.equal(no.allowed, false);
  assert.equal(no.action, null);
  assert.equal(actionText("play", no.clicks), "play wheat seat9"); // sent so Python explains
});

test("legalText and the ids named by actions", () => {
  assert.equal(legalText(FIGHT, "fight 0,0u 1,0u"), FIGHT[1]);
  assert.equal(legalText(FIGHT, "fight 1,0u 0,0u"), null);
  assert.equal(legalText(undefined, "roll"), null);
  const named = namedTargets([FIGHT[0], PLACE[2], null, { kind: "stick", stick: "0,0-1,0", text: "stick 0,0-1,0" }]);
  assert.deepEqual([...named.ids].sort(), ["0,0-1,0", "0,0d", "0,0u"]);
  assert.deepEqual([...named.texts].sort(), ["fight 0,0u 0,0d", "roll", "stick 0,0-1,0"]);
  assert.equal(namedTargets(undefined).ids.size, 0);
});
