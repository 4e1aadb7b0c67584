// The hand-written sample view (README schema) is consistent with the pure helpers.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import {
  parseStick, formatStick, parseSpot, formatSpot, areNeighbours, spotEdges, stickSpots,
  viewBoxFromBounds, toScreen, spotCentroid,
} from "../../floats_mcgoats/geometry.js";
import { openSpots, goatChoice, needsGoatToggle, findAction, describe, byKind } from "../../floats_mcgoats/legal.js";
import { seatStyle } from "../../shared/colors.js";

const fixture = JSON.parse(readFileSync(new URL("./fixtures/floats_view.json", import.meta.url), "utf8"));
const { view, legal } = fixture;
const stickIds = new Set(view.sticks.map((s) => s.id));

test("fixture carries every trait of the contract", () => {
  for (const k of ["view", "legal", "seat", "viewer", "covered", "error", "log", "bots", "version", "names"]) {
    assert.ok(k in fixture, k);
  }
  assert.equal(view.game, "floats_mcgoats");
  assert.equal(view.players, 2);
  assert.ok(Number.isInteger(fixture.version));
});

test("sticks: ids parse, match a/b, are sorted and join neighbours", () => {
  assert.ok(stickIds.has("0,0-1,0") && stickIds.has("0,0-0,1"));
  assert.deepEqual(view.sticks.filter((s) => s.kind === "anchor").map((s) => s.id).sort(), ["0,0-0,1", "0,0-1,0"]);
  for (const s of view.sticks) {
    const { a, b } = parseStick(s.id);
    assert.deepEqual([a, b], [s.a, s.b]);
    assert.equal(formatStick(s.b, s.a), s.id);
    assert.ok(areNeighbours(a, b));
    assert.ok(["anchor", "light", "dark"].includes(s.kind));
  }
});

test("spots: ids parse, and enclosed/locked agree with the sticks", () => {
  const kindOf = new Map(view.sticks.map((s) => [s.id, s.kind]));
  for (const sp of view.spots) {
    assert.deepEqual(parseSpot(sp.id), { q: sp.q, r: sp.r, up: sp.up });
    assert.equal(formatSpot(sp.q, sp.r, sp.up), sp.id);
    const edges = spotEdges(sp.id);
    assert.equal(sp.enclosed, edges.every((e) => stickIds.has(e)), sp.id);
    assert.equal(sp.locked, edges.every((e) => ["dark", "anchor"].includes(kindOf.get(e))), sp.id);
    assert.ok(sp.goats.length <= 2);
    for (const g of sp.goats) assert.ok(seatStyle(g.owner).color);
  }
});

test("a spot's goats come named in words (said in Python, so any name reads right)", () => {
  for (const sp of view.spots) {
    if (!sp.goats.length) continue;
    const owner = fixture.names[sp.goats[0].owner];
    assert.ok(sp.words.startsWith(`${owner}'s `), sp.words);
    assert.equal(sp.words.includes("stack"), sp.goats.length > 1, sp.words);
  }
});

test("scores count enclosed goats (mama 1, baby 2, stacks add up)", () => {
  const scores = view.scores.map(() => 0);
  for (const sp of view.spots) {
    if (!sp.enclosed) continue;
    for (const g of sp.goats) scores[g.owner] += g.kind === "baby" ? 2 : 1;
  }
  assert.deepEqual(scores, view.scores);
});

test("legal placements are exactly the open spots next to the raft", () => {
  const occupied = new Set(view.spots.filter((s) => s.goats.length || s.shark).map((s) => s.id));
  const open = new Set();
  for (const id of stickIds) for (const sp of stickSpots(id)) if (!occupied.has(sp)) open.add(sp);
  assert.deepEqual(openSpots(legal).sort(), [...open].sort());
  assert.equal(needsGoatToggle(legal), true);
  for (const spot of openSpots(legal)) {
    const c = goatChoice(legal, spot);
    assert.ok(c.mama && c.baby, spot);
    assert.equal(describe(c.mama), "Place a mama goat here");   // the sample has no words
  }
  assert.equal(findAction(legal, "roll").text, "roll");
  assert.deepEqual(Object.keys(byKind(legal)).sort(), ["baby", "mama", "roll"]);
  assert.equal(new Set(legal.map((a) => a.text)).size, legal.length);
});

test("everything drawn lies inside the viewBox", () => {
  const scale = 60;
  const vb = viewBoxFromBounds(view.bounds, scale, 0.6 * scale);
  const inside = ({ x, y }) => x > vb.x && x < vb.x + vb.width && y > vb.y && y < vb.y + vb.height;
  for (const s of view.sticks) assert.ok(inside(toScreen(s.a, scale)) && inside(toScreen(s.b, scale)), s.id);
  for (const sp of view.spots) assert.ok(inside(spotCentroid(sp.id, scale)), sp.id);
  for (const spot of openSpots(legal)) assert.ok(inside(spotCentroid(spot, scale)), spot);
});
