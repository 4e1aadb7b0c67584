import { test } from "node:test";
import assert from "node:assert/strict";
import {
  byKind, ofKind, findAction, atSpot, distinct, openSpots, goatChoice, needsGoatToggle, placementAt,
  actionsByStick, goatActionsBySpot, firstSpots, targetsFrom, twoClickKindAt, describe,
  EDGE_KINDS, STICK_KINDS, clickMode, placeKind, legalText,
} from "../../floats_mcgoats/legal.js";

const PLACE = [
  { text: "mama 0,0u", kind: "mama", spot: "0,0u" },
  { text: "baby 0,0u", kind: "baby", spot: "0,0u" },
  { text: "mama 0,-1d", kind: "mama", spot: "0,-1d" },
  { text: "roll", kind: "roll" },
];
const LOVE = [
  { text: "love 0,0u 1,0u", kind: "love", spot: "0,0u", target: "1,0u" },
  { text: "love 0,0u 0,-1d", kind: "love", spot: "0,0u", target: "0,-1d" },
  { text: "love 1,0u 0,0u", kind: "love", spot: "1,0u", target: "0,0u" },
];
const FIGHT = [
  { text: "fight 0,0u 0,0d", kind: "fight", spot: "0,0u", target: "0,0d" },
  { text: "fight -1,0d 0,0d", kind: "fight", spot: "-1,0d", target: "0,0d" },
];
const STICKS = [
  { text: "stick 0,-1--1,0", kind: "stick", stick: "0,-1--1,0", a: [0, -1], b: [-1, 0] },
  { text: "stick 1,0-2,0", kind: "stick", stick: "1,0-2,0", a: [1, 0], b: [2, 0] },
  { text: "move 0,1-1,0", kind: "move", stick: "0,1-1,0", a: [0, 1], b: [1, 0] },
  { text: "flip 0,1-1,0", kind: "flip", stick: "0,1-1,0", a: [0, 1], b: [1, 0] },
];

test("byKind and ofKind group and filter", () => {
  const g = byKind([...PLACE, ...LOVE]);
  assert.deepEqual(Object.keys(g), ["mama", "baby", "roll", "love"]);
  assert.equal(g.mama.length, 2);
  assert.equal(g.love.length, 3);
  assert.deepEqual(ofKind(PLACE, ["mama", "baby"]).map((a) => a.text), ["mama 0,0u", "baby 0,0u", "mama 0,-1d"]);
  assert.deepEqual(ofKind(PLACE, "roll").map((a) => a.text), ["roll"]);
  assert.deepEqual(byKind(undefined), {});
  assert.deepEqual(ofKind(null, "roll"), []);
});

test("findAction finds roll and stay or null", () => {
  assert.equal(findAction(PLACE, "roll").text, "roll");
  assert.equal(findAction(PLACE, "stay"), null);
  assert.equal(findAction([], "roll"), null);
});

test("atSpot and distinct", () => {
  assert.deepEqual(atSpot(PLACE, "0,0u").map((a) => a.kind), ["mama", "baby"]);
  assert.deepEqual(atSpot(PLACE, "0,0u", "baby").map((a) => a.text), ["baby 0,0u"]);
  assert.deepEqual(atSpot(PLACE, "9,9u"), []);
  assert.deepEqual(distinct(LOVE, "spot"), ["0,0u", "1,0u"]);
  assert.deepEqual(distinct(PLACE, "target"), []);
});

test("open spots and the mama/baby choice", () => {
  assert.deepEqual(openSpots(PLACE), ["0,0u", "0,-1d"]);
  const c = goatChoice(PLACE, "0,0u");
  assert.equal(c.mama.text, "mama 0,0u");
  assert.equal(c.baby.text, "baby 0,0u");
  assert.deepEqual(goatChoice(PLACE, "0,-1d").baby, null);
  assert.equal(needsGoatToggle(PLACE), true);
  assert.equal(needsGoatToggle(PLACE.filter((a) => a.kind !== "baby")), false);
  assert.equal(placementAt(PLACE, "0,0u", "baby").text, "baby 0,0u");
  assert.equal(placementAt(PLACE, "0,0u").text, "mama 0,0u");
  // Baby preferred but only a mama is legal there: the mama.
  assert.equal(placementAt(PLACE, "0,-1d", "baby").text, "mama 0,-1d");
  assert.equal(placementAt(PLACE, "5,5u"), null);
});

test("edge and stick actions keyed by stick id", () => {
  const edges = actionsByStick(STICKS, EDGE_KINDS);
  assert.deepEqual([...edges.keys()], ["0,-1--1,0", "1,0-2,0"]);
  const sticks = actionsByStick(STICKS, STICK_KINDS);
  assert.deepEqual([...sticks.keys()], ["0,1-1,0"]);
  assert.deepEqual(sticks.get("0,1-1,0").map((a) => a.kind), ["move", "flip"]);
});

test("two-click flows: first spots and targets", () => {
  assert.deepEqual(firstSpots(LOVE, "love"), ["0,0u", "1,0u"]);
  assert.deepEqual(targetsFrom(LOVE, "love", "0,0u").map((a) => a.target), ["1,0u", "0,-1d"]);
  assert.deepEqual(targetsFrom(LOVE, "love", "1,0u").map((a) => a.text), ["love 1,0u 0,0u"]);
  assert.deepEqual(targetsFrom(LOVE, "fight", "0,0u"), []);
  assert.deepEqual(firstSpots(FIGHT, "fight"), ["0,0u", "-1,0d"]);
  assert.equal(targetsFrom(FIGHT, "fight", "-1,0d")[0].text, "fight -1,0d 0,0d");
  assert.equal(twoClickKindAt(FIGHT, "0,0u"), "fight");
  assert.equal(twoClickKindAt(LOVE, "1,0u"), "love");
  assert.equal(twoClickKindAt(FIGHT, "0,0d"), null); // a target only, not a first click
});

test("one-click goat actions: shark and follow", () => {
  const legal = [
    { text: "shark 0,0d", kind: "shark", spot: "0,0d" },
    { text: "shark 0,0u", kind: "shark", spot: "0,0u" },
    { text: "follow 1,0u", kind: "follow", spot: "1,0u" },
    { text: "stay", kind: "stay" },
  ];
  const m = goatActionsBySpot(legal);
  assert.deepEqual([...m.keys()], ["0,0d", "0,0u", "1,0u"]);
  assert.equal(m.get("1,0u")[0].kind, "follow");
  assert.equal(findAction(legal, "stay").text, "stay");
});

test("describe says a target by its kind, never its coordinates", () => {
  assert.equal(describe(PLACE[0]), "Place a mama goat here");
  assert.equal(describe({ kind: "roll", text: "roll" }), "Roll the die");
  assert.equal(describe({ kind: "mama", spot: "0,0u" }), "Place a mama goat here");
  assert.equal(describe({ kind: "stick", stick: "0,-1--1,0" }), "Add a stick here");
  assert.equal(describe({ kind: "drop", stick: "1,0-2,0" }), "Put the stick down here");
  assert.equal(describe({ kind: "move", stick: "0,1-1,0" }), "Pick up this stick to move it");
  assert.equal(describe({ kind: "new-kind", text: "frobnicate" }), "Not possible now");
  for (const a of [...PLACE, ...STICKS, ...LOVE, ...FIGHT]) assert.doesNotMatch(describe(a), /\d/);
});

test("clickMode: nothing clickable without legal actions or when over", () => {
  const off = { place: false, edge: null, stick: null, goat: null, pair: null };
  for (const phase of ["turn", "add", "move", "drop", "flip", "love", "shark", "follow", "fight", "over"]) {
    assert.deepEqual(clickMode({ phase }, []), off, phase);
  }
  assert.deepEqual(clickMode({ phase: "over" }, [{ text: "roll", kind: "roll" }]), off);
  assert.deepEqual(clickMode(null, undefined), off);
});

test("clickMode: placement in the turn phase, even with an empty supply", () => {
  assert.equal(clickMode({ phase: "turn" }, PLACE).place, true);
  const rollOnly = clickMode({ phase: "turn" }, [{ text: "roll", kind: "roll" }]);
  assert.deepEqual(rollOnly, { place: true, edge: null, stick: null, goat: null, pair: null });
  assert.equal(clickMode({}, PLACE).place, true); // no phase: the legal kinds decide
});

test("clickMode: edge and stick modes", () => {
  const add = [STICKS[0], STICKS[1]];
  assert.deepEqual(clickMode({ phase: "add" }, add), { place: false, edge: "stick", stick: null, goat: null, pair: null });
  const both = clickMode({ phase: "add_or_move" }, [STICKS[0], STICKS[2]]);
  assert.equal(both.edge, "stick");
  assert.equal(both.stick, "move");
  // Add-or-move with an empty pile (only moves legal): edges still say "stick" so Python explains.
  assert.equal(clickMode({ phase: "add_or_move" }, [STICKS[2]]).edge, "stick");
  assert.deepEqual(clickMode({ phase: "move" }, [STICKS[2]]), { place: false, edge: null, stick: "move", goat: null, pair: null });
  const drop = [{ text: "drop 1,0-2,0", kind: "drop", stick: "1,0-2,0" }];
  assert.deepEqual(clickMode({ phase: "drop" }, drop), { place: false, edge: "drop", stick: null, goat: null, pair: null });
  assert.deepEqual(clickMode({ phase: "flip" }, [STICKS[3]]), { place: false, edge: null, stick: "flip", goat: null, pair: null });
  assert.equal(clickMode({ phase: "add", }, add).place, false);
});

test("clickMode: goat modes", () => {
  const shark = [{ text: "shark 0,0u", kind: "shark", spot: "0,0u" }];
  assert.deepEqual(clickMode({ phase: "shark" }, shark), { place: false, edge: null, stick: null, goat: "shark", pair: null });
  assert.equal(clickMode({ phase: "follow" }, [{ text: "stay", kind: "stay" }]).goat, "follow");
  assert.equal(clickMode({ phase: "love" }, LOVE).pair, "love");
  assert.equal(clickMode({ phase: "fight" }, FIGHT).pair, "fight");
  assert.equal(clickMode({ phase: "fight" }, FIGHT).goat, null);
});

test("placeKind: the toggle when both are legal, else the legal one, else mama", () => {
  assert.equal(placeKind(PLACE, "baby"), "baby");
  assert.equal(placeKind(PLACE, "mama"), "mama");
  assert.equal(placeKind(PLACE.filter((a) => a.kind !== "baby"), "baby"), "mama");
  assert.equal(placeKind([{ text: "baby 0,0u", kind: "baby", spot: "0,0u" }], "mama"), "baby");
  assert.equal(placeKind([{ text: "roll", kind: "roll" }], "baby"), "mama");
  assert.equal(placeKind([], undefined), "mama");
});

test("legalText finds an offered text only", () => {
  assert.equal(legalText(PLACE, "mama 0,0u"), PLACE[0]);
  assert.equal(legalText(PLACE, "baby 0,-1d"), null);
  assert.equal(legalText(undefined, "roll"), null);
});
