import { test } from "node:test";
import assert from "node:assert/strict";
import {
  H, toScreen, parseSpot, formatSpot, parseStick, formatStick, areNeighbours, spotCorners,
  spotEdges, stickSpots, spotPoints, spotPolygon, spotCentroid, stickScreen, latticePoints,
  latticeEdges, viewBoxFromBounds, viewBoxString, round, spotsInBounds, edgesInBounds,
} from "../../floats_mcgoats/geometry.js";
import { readFileSync } from "node:fs";

const WINDOW = JSON.parse(readFileSync(new URL("./fixtures/lattice_window.json", import.meta.url), "utf8"));

const close = (a, b, eps = 1e-9) => assert.ok(Math.abs(a - b) < eps, `${a} ≉ ${b}`);

test("toScreen maps axial to screen with y flipped", () => {
  assert.deepEqual(toScreen([0, 0]), { x: 0, y: -0 });
  assert.deepEqual(toScreen([1, 0]), { x: 1, y: -0 });
  const p = toScreen([0, 1]);
  close(p.x, 0.5);
  close(p.y, -H);
  const q = toScreen([2, -2], 10);
  close(q.x, 10);
  close(q.y, 2 * H * 10);
});

test("neighbours are at unit distance on screen", () => {
  for (const [dq, dr] of [[1, 0], [0, 1], [-1, 1], [-1, 0], [0, -1], [1, -1]]) {
    const p = toScreen([dq, dr]);
    close(Math.hypot(p.x, p.y), 1);
    assert.ok(areNeighbours([3, -2], [3 + dq, -2 + dr]));
  }
  assert.equal(areNeighbours([0, 0], [1, 1]), false);
  assert.equal(areNeighbours([0, 0], [0, 0]), false);
});

test("parseSpot / formatSpot round-trip, negatives included", () => {
  assert.deepEqual(parseSpot("0,0u"), { q: 0, r: 0, up: true });
  assert.deepEqual(parseSpot("0,-1d"), { q: 0, r: -1, up: false });
  assert.deepEqual(parseSpot("-12,3u"), { q: -12, r: 3, up: true });
  for (const id of ["0,0u", "0,-1d", "-3,-4u", "5,2d"]) {
    const { q, r, up } = parseSpot(id);
    assert.equal(formatSpot(q, r, up), id);
  }
  for (const bad of ["", "0,0", "0,0x", "a,bu", "0,0,u", "0;0u"]) assert.throws(() => parseSpot(bad), /bad spot id/);
});

test("parseStick handles negative coordinates", () => {
  assert.deepEqual(parseStick("0,0-1,0"), { a: [0, 0], b: [1, 0] });
  assert.deepEqual(parseStick("0,-1--1,0"), { a: [0, -1], b: [-1, 0] });
  assert.deepEqual(parseStick("-2,-3--2,-2"), { a: [-2, -3], b: [-2, -2] });
  for (const bad of ["", "0,0", "0,0-1", "0,0--", "x,0-1,0"]) assert.throws(() => parseStick(bad), /bad stick id/);
});

test("formatStick sorts points like Python tuples", () => {
  assert.equal(formatStick([1, 0], [0, 0]), "0,0-1,0");
  assert.equal(formatStick([0, -1], [-1, 0]), "-1,0-0,-1");
  assert.equal(formatStick([0, 1], [0, 0]), "0,0-0,1");
  const { a, b } = parseStick(formatStick([3, -4], [2, -3]));
  assert.deepEqual([a, b], [[2, -3], [3, -4]]);
});

test("spot corners follow the README", () => {
  assert.deepEqual(spotCorners("0,0u"), [[0, 0], [1, 0], [0, 1]]);
  assert.deepEqual(spotCorners("0,0d"), [[1, 0], [0, 1], [1, 1]]);
  assert.deepEqual(spotCorners({ q: 2, r: -1, up: false }), [[3, -1], [2, 0], [3, 0]]);
  for (const id of ["0,0u", "0,0d", "-2,3u", "4,-1d"]) {
    const [a, b, c] = spotCorners(id);
    assert.ok(areNeighbours(a, b) && areNeighbours(b, c) && areNeighbours(a, c));
  }
});

test("spot edges and stick spots agree", () => {
  assert.deepEqual(spotEdges("0,0u").sort(), ["0,0-0,1", "0,0-1,0", "0,1-1,0"]);
  assert.deepEqual(stickSpots("0,0-1,0").sort(), ["0,-1d", "0,0u"]);
  assert.deepEqual(stickSpots("0,1-1,0").sort(), ["0,0d", "0,0u"]);
  for (const id of ["0,0u", "0,0d", "-1,-2u", "3,-1d"]) {
    for (const e of spotEdges(id)) assert.ok(stickSpots(e).includes(id), `${e} borders ${id}`);
  }
  for (const st of ["0,0-1,0", "0,0-0,1", "0,1-1,0", "-1,0-0,-1"]) assert.equal(stickSpots(st).length, 2);
});

test("spot points, polygon and centroid", () => {
  const pts = spotPoints("0,0u", 2);
  close(pts[2].x, 1);
  close(pts[2].y, -2 * H);
  assert.equal(spotPolygon("0,0u", 10), "0,0 10,0 5,-8.66");
  const c = spotCentroid("0,0u");
  close(c.x, 0.5);
  close(c.y, -H / 3);
  const d = spotCentroid("0,0d");
  close(d.x, 1);
  close(d.y, (-2 * H) / 3);
  // Up and down spots of the same q,r share the edge 0,1-1,0, and its midpoint lies between the centroids.
  const { mid } = stickScreen("0,1-1,0");
  close(mid.x, (c.x + d.x) / 2);
  close(mid.y, (c.y + d.y) / 2);
});

test("lattice points and edges inside bounds", () => {
  const b = { qmin: 0, qmax: 1, rmin: 0, rmax: 1 };
  assert.deepEqual(latticePoints(b), [[0, 0], [1, 0], [0, 1], [1, 1]]);
  const ids = latticeEdges(b).map(([p, q]) => formatStick(p, q)).sort();
  assert.deepEqual(ids, ["0,0-0,1", "0,0-1,0", "0,1-1,0", "0,1-1,1", "1,0-1,1"]);
  const big = { qmin: -3, qmax: 4, rmin: -3, rmax: 4 };
  const edges = latticeEdges(big);
  assert.equal(new Set(edges.map(([p, q]) => formatStick(p, q))).size, edges.length);
  assert.equal(edges.length, 7 * 8 + 8 * 7 + 7 * 7); // along q, along r, diagonal
});

test("viewBox covers every lattice point with padding", () => {
  const b = { qmin: -3, qmax: 4, rmin: -3, rmax: 4 };
  const vb = viewBoxFromBounds(b, 60, 30);
  for (const p of latticePoints(b)) {
    const { x, y } = toScreen(p, 60);
    assert.ok(x >= vb.x + 29.9 && x <= vb.x + vb.width - 29.9, `x ${x}`);
    assert.ok(y >= vb.y + 29.9 && y <= vb.y + vb.height - 29.9, `y ${y}`);
  }
  assert.equal(viewBoxString({ x: 1, y: -2, width: 3, height: 4 }), "1 -2 3 4");
  const unit = viewBoxFromBounds({ qmin: 0, qmax: 1, rmin: 0, rmax: 0 }, 1, 0);
  assert.deepEqual(unit, { x: 0, y: 0, width: 1, height: 0 });
});

test("round keeps two decimals and never returns -0", () => {
  assert.equal(round(1.23456), 1.23);
  assert.ok(Object.is(round(-0.001), 0));
});

test("spotsInBounds: every face whose three corners are inside", () => {
  assert.deepEqual(spotsInBounds({ qmin: 0, qmax: 1, rmin: 0, rmax: 1 }), ["0,0u", "0,0d"]);
  assert.deepEqual(spotsInBounds({ qmin: 0, qmax: 0, rmin: 0, rmax: 5 }), []);
  const big = { qmin: -3, qmax: 4, rmin: -3, rmax: 4 };
  const ids = spotsInBounds(big);
  assert.equal(ids.length, 2 * 7 * 7);
  assert.equal(new Set(ids).size, ids.length);
  const inside = ([q, r]) => q >= -3 && q <= 4 && r >= -3 && r <= 4;
  for (const id of ids) {
    assert.equal(formatSpot(parseSpot(id).q, parseSpot(id).r, parseSpot(id).up), id);
    assert.ok(spotCorners(id).every(inside), id);
  }
  assert.ok(ids.includes("-3,-3u") && ids.includes("3,3d") && !ids.includes("4,3u") && !ids.includes("3,4d"));
});

test("edgesInBounds: ids sorted like Python tuples, one per lattice edge", () => {
  const b = { qmin: 0, qmax: 1, rmin: 0, rmax: 1 };
  assert.deepEqual(edgesInBounds(b).map((e) => e.id).sort(), ["0,0-0,1", "0,0-1,0", "0,1-1,0", "0,1-1,1", "1,0-1,1"]);
  const diag = edgesInBounds(b).find((e) => e.id === "0,1-1,0");
  assert.deepEqual([diag.a, diag.b], [[0, 1], [1, 0]]);
  for (const e of edgesInBounds({ qmin: -3, qmax: 4, rmin: -3, rmax: 4 })) {
    assert.equal(formatStick(e.b, e.a), e.id);
    assert.deepEqual(parseStick(e.id), { a: e.a, b: e.b });
    assert.ok(areNeighbours(e.a, e.b));
  }
});

test("spot and edge ids in a window match Python's lattice.py exactly", () => {
  assert.deepEqual(edgesInBounds(WINDOW.bounds).map((e) => e.id).sort(), [...WINDOW.edges].sort());
  assert.deepEqual(spotsInBounds(WINDOW.bounds).sort(), [...WINDOW.spots].sort());
});
