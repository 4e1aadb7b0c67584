// The build reads the game registry: every registered game is bundled, a missing entry fails.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync, readFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const BUILD = fileURLToPath(new URL("../build.mjs", import.meta.url));

function build(games) {
  const dir = mkdtempSync(join(tmpdir(), "gw-build-"));
  const registry = join(dir, "registry.json");
  writeFileSync(registry, JSON.stringify({ games }));
  const out = join(dir, "static");
  const run = spawnSync(process.execPath, [BUILD], {
    env: { ...process.env, GOATWIDGETS_REGISTRY: registry, GOATWIDGETS_STATIC: out }, encoding: "utf8" });
  return { ...run, out };
}

test("every registered game is bundled and listed in manifest.json", () => {
  const r = build([{ id: "floats_mcgoats", js: "js/floats_mcgoats/index.js" }]);
  assert.equal(r.status, 0, r.stderr);
  const manifest = JSON.parse(readFileSync(join(r.out, "manifest.json"), "utf8"));
  assert.deepEqual(Object.keys(manifest.games), ["floats_mcgoats"]);
  assert.ok(manifest.games.floats_mcgoats.bytes <= 30 * 1024);
  // sizes in KiB, as goatwidgets.bench prints them (one decimal, halves rounded up)
  const kib = `${(Math.round((manifest.games.floats_mcgoats.bytes * 10) / 1024) / 10).toFixed(1)} KiB`;
  assert.ok(r.stdout.includes(`floats_mcgoats.js  ${kib}  (from js/floats_mcgoats/index.js)`), r.stdout);
  assert.doesNotMatch(r.stdout, /\bkB\b/);
  assert.ok(existsSync(join(r.out, "floats_mcgoats.js")) && existsSync(join(r.out, manifest.css)));
  assert.ok(manifest.css_from.includes("js/floats_mcgoats/floats.css"));
  // the palette's data is bundled, its "about" (documentation for people) is not
  const bundle = readFileSync(join(r.out, "floats_mcgoats.js"), "utf8");
  const palette = JSON.parse(readFileSync(new URL("../../goatwidgets/palette.json", import.meta.url), "utf8"));
  assert.ok(bundle.includes(palette.seats[0].color) && !bundle.includes(palette.about));
  // the DOM shim of the unit tests (a development dependency) is never bundled
  assert.ok(!/happy-?dom/i.test(bundle));
});

test("a registered game whose entry is missing fails the build", () => {
  const r = build([{ id: "floats_mcgoats", js: "js/floats_mcgoats/index.js" }, { id: "no_such_game", js: "js/no_such_game/index.js" }]);
  assert.equal(r.status, 1);
  assert.match(r.stderr, /no_such_game: its JS entry js\/no_such_game\/index.js does not exist/);
  assert.equal(existsSync(join(r.out, "manifest.json")), false);
});
