import { test } from "node:test";
import assert from "node:assert/strict";
import { PALETTE, SHAPES, OUTLINE, luminance, contrast, textOn, seatStyle, shapePath, palette } from "../../shared/colors.js";
import { readFileSync } from "node:fs";

const OKABE_ITO = ["#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7", "#000000"];

test("palette is Okabe–Ito, distinct, for up to six seats", () => {
  assert.ok(PALETTE.length >= 6);
  for (const { color } of PALETTE) assert.ok(OKABE_ITO.includes(color), color);
  assert.equal(new Set(PALETTE.map((p) => p.color)).size, PALETTE.length);
  assert.equal(new Set(PALETTE.map((p) => p.name)).size, PALETTE.length);
});

test("every seat has its own shape, so colour is never the only cue", () => {
  assert.equal(SHAPES.length, PALETTE.length);
  assert.equal(new Set(SHAPES).size, SHAPES.length);
  const styles = [0, 1, 2, 3, 4, 5].map(seatStyle);
  assert.equal(new Set(styles.map((s) => s.shape)).size, 6);
  assert.deepEqual(styles.slice(0, 4).map((s) => s.shape), ["circle", "square", "diamond", "triangle"]);
  assert.equal(seatStyle(6).color, seatStyle(0).color);
  assert.equal(seatStyle("1").seat, 1);
});

test("luminance and contrast follow WCAG", () => {
  assert.equal(luminance("#000000"), 0);
  assert.equal(luminance("#ffffff"), 1);
  assert.equal(contrast("#000000", "#ffffff"), 21);
  assert.equal(contrast("#123456", "#123456"), 1);
  assert.equal(contrast("#ffffff", "#000000"), contrast("#000000", "#ffffff"));
});

test("label colour on each piece reads at least 3:1", () => {
  assert.equal(textOn("#000000"), "#ffffff");
  assert.equal(textOn("#ffffff"), "#000000");
  for (let seat = 0; seat < 6; seat++) {
    const st = seatStyle(seat);
    assert.ok(contrast(st.color, st.text) >= 3, `${st.colorName}: ${contrast(st.color, st.text)}`);
  }
});

test("shape paths are closed, finite and centred", () => {
  for (const shape of [...SHAPES, "unknown"]) {
    const d = shapePath(shape, 50, 40, 10);
    assert.match(d, /^M/);
    assert.match(d, /Z$/);
    const nums = d.match(/-?\d+(\.\d+)?/g).map(Number);
    assert.ok(nums.every(Number.isFinite));
    if (shape !== "circle" && shape !== "unknown") {
      const xs = nums.filter((_, i) => i % 2 === 0), ys = nums.filter((_, i) => i % 2 === 1);
      assert.ok(Math.min(...xs) >= 50 - 13 && Math.max(...xs) <= 50 + 13, shape);
      assert.ok(Math.min(...ys) >= 40 - 13 && Math.max(...ys) <= 40 + 13, shape);
    }
  }
  assert.equal(shapePath("circle", 0, 0, 5), "M-5,0A5,5 0 1,0 5,0A5,5 0 1,0 -5,0Z");
  assert.equal(shapePath("square", 0, 0, 10), "M-8.5,-8.5H8.5V8.5H-8.5Z");
});

test("the palette is the package's palette.json (the Python pictures read the same file)", () => {
  const data = JSON.parse(readFileSync(new URL("../../../goatwidgets/palette.json", import.meta.url), "utf8"));
  assert.deepEqual(PALETTE.map((p) => p.color), data.seats.map((s) => s.color));
  assert.deepEqual(SHAPES, data.seats.map((s) => s.shape));
  assert.equal(OUTLINE, data.outline);
  assert.equal(seatStyle(0).color, "#D55E00");
  assert.deepEqual(palette, data);
});
