import { test } from "node:test";
import assert from "node:assert/strict";
import { contrast, palette } from "../../shared/colors.js";

test("stick kinds have distinct colours", () => {
  const sticks = palette.sticks;
  assert.deepEqual(Object.keys(sticks).sort(), ["anchor", "dark", "light"]);
  assert.equal(new Set(Object.values(sticks).map((c) => c.fill)).size, 3);
  assert.ok(contrast(sticks.light.fill, sticks.dark.fill) > 3);
});
