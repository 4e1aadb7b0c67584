import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import {
  contentBox, fitBoard, windowCovering, focusOf, pieceOffsets, pieceRadius, MIN_STEP_PX, MAX_STEP_PX,
} from "../../floats_mcgoats/layout.js";
import { toScreen, spotCentroid, latticePoints } from "../../floats_mcgoats/geometry.js";

const { view, legal } = JSON.parse(readFileSync(new URL("./fixtures/floats_view.json", import.meta.url), "utf8"));
const inside = (box, { x, y }) => x > box.x && x < box.x + box.width && y > box.y && y < box.y + box.height;

test("the content box holds every stick, goat and legal target, with room around", () => {
  const box = contentBox(view, legal);
  for (const st of view.sticks) assert.ok(inside(box, toScreen(st.a)) && inside(box, toScreen(st.b)), st.id);
  for (const sp of view.spots) assert.ok(inside(box, spotCentroid(sp.id)), sp.id);
  for (const a of legal) if (a.spot) assert.ok(inside(box, spotCentroid(a.spot)), a.spot);
  // Tighter than the lattice window's parallelogram.
  const b = view.bounds;
  const corners = [[b.qmin, b.rmin], [b.qmax, b.rmin], [b.qmin, b.rmax], [b.qmax, b.rmax]].map((p) => toScreen(p));
  assert.ok(box.width < Math.max(...corners.map((p) => p.x)) - Math.min(...corners.map((p) => p.x)));
});

test("extra ids (a hint, the last move) widen the box; a tiny raft keeps a minimum size", () => {
  const far = contentBox(view, [], ["9,9u"]);
  assert.ok(inside(far, spotCentroid("9,9u")));
  const tiny = contentBox({ sticks: [{ id: "0,0-1,0", a: [0, 0], b: [1, 0] }], spots: [] }, []);
  assert.ok(tiny.width >= 3 && tiny.height >= 2.2);
  const none = contentBox({ bounds: { qmin: 0, qmax: 2, rmin: 0, rmax: 1 } });
  assert.ok(none.width > 2);
});

test("fitBoard: the largest step that fits, never below the readable minimum", () => {
  const box = { x: 0, y: 0, width: 10, height: 8 };
  const big = fitBoard(box, { width: 1000, height: 1200 });
  assert.equal(big.step, 100);
  assert.equal(big.scrolls, false);
  const small = fitBoard(box, { width: 1000, height: 400 });
  assert.equal(small.step, MIN_STEP_PX);
  assert.equal(small.scrolls, true);
  assert.equal(small.height, 8 * MIN_STEP_PX);
  assert.equal(fitBoard({ width: 3, height: 2 }, { width: 2000, height: 2000 }).step, MAX_STEP_PX);
  assert.equal(fitBoard(box, { width: 0, height: 0 }).step, MIN_STEP_PX);
});

test("pieces stay >= 24 px across at the smallest step (a square is 1.7 r across)", () => {
  for (const kind of ["mama", "baby"]) {
    for (const stacked of [false, true]) assert.ok(1.7 * pieceRadius(kind, stacked) * MIN_STEP_PX >= 24, `${kind} ${stacked}`);
  }
  assert.deepEqual(pieceOffsets("0,0u", 1), [[0, 0]]);
  const [a, b] = pieceOffsets("0,0u", 2);
  assert.ok(b[0] - a[0] >= 2 * pieceRadius("baby", true) * 0.85); // side by side, not on top
  assert.ok(a[1] > 0 && pieceOffsets("0,0d", 2)[0][1] < 0);       // toward the wide side
});

test("the lattice window covers the picture; focus is the centre of what is named", () => {
  const box = { x: -2.3, y: -3.1, width: 6, height: 4 };
  const win = windowCovering(box);
  const pts = latticePoints(win).map((p) => toScreen(p));
  for (const [x, y] of [[box.x, box.y], [box.x + box.width, box.y + box.height], [box.x, box.y + box.height]]) {
    assert.ok(pts.some((p) => Math.abs(p.x - x) < 1 && Math.abs(p.y - y) < 1), `${x},${y}`);
  }
  assert.equal(focusOf([]), null);
  const f = focusOf(["0,0-1,0"]);
  assert.deepEqual([f.x, Math.abs(f.y)], [0.5, 0]);
});
