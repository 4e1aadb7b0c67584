// Build: one bundle per registered game, and the shared stylesheet, into ../goatwidgets/static/.
// The games come from goatwidgets/games/registry.json (each entry's "js" is its entry module);
// a registered game whose entry is missing fails the build. Writes static/manifest.json, the
// list of what was built (the packaging's ensured target), and keeps each bundle in budget.
import { build } from "esbuild";
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync, mkdirSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..");
// GOATWIDGETS_REGISTRY / GOATWIDGETS_STATIC: another registry / output folder (for tests).
const out = process.env.GOATWIDGETS_STATIC || join(root, "goatwidgets", "static");
const REGISTRY = process.env.GOATWIDGETS_REGISTRY || join(root, "goatwidgets", "games", "registry.json");
const LIMIT = 30 * 1024;   // bytes: 30 KiB
const CSS = "goatwidgets.css";

/** A size in KiB (1024 bytes), one decimal, halves rounded up: "29.8 KiB". goatwidgets.bench
 * prints bundle sizes the same way (its kib()), so the two always agree. */
const kib = (bytes) => `${(Math.round((bytes * 10) / 1024) / 10).toFixed(1)} KiB`;

// A data file's "about" (e.g. goatwidgets/palette.json's) documents it for people reading the
// file; the page has no use for it, so it stays out of the bundles.
const dataWithoutAbout = {
  name: "data-without-about",
  setup(b) {
    b.onLoad({ filter: /\.json$/ }, ({ path }) => {
      const data = JSON.parse(readFileSync(path, "utf8"));
      if (data && typeof data === "object" && !Array.isArray(data)) delete data.about;
      return { contents: JSON.stringify(data), loader: "json" };
    });
  },
};

const registry = JSON.parse(readFileSync(REGISTRY, "utf8"));
const games = registry.games || [];
const problems = [];
for (const g of games) {
  if (!g.id || !/^[a-z][a-z0-9_]*$/.test(g.id)) problems.push(`game id ${JSON.stringify(g.id)} is not a plain name`);
  else if (!g.js) problems.push(`${g.id}: no "js" entry in the registry`);
  else if (!existsSync(join(root, g.js))) problems.push(`${g.id}: its JS entry ${g.js} does not exist`);
}
if (!games.length) problems.push("the registry lists no games");
if (problems.length) {
  console.error(`js/build.mjs: ${relative(root, REGISTRY)}:\n  ${problems.join("\n  ")}`);
  process.exit(1);
}

mkdirSync(out, { recursive: true });
const manifest = { about: "Written by js/build.mjs from goatwidgets/games/registry.json; do not edit.",
  css: CSS, games: {} };
let failed = false;
for (const g of games) {
  const outfile = join(out, `${g.id}.js`);
  // GOATWIDGETS_NO_MINIFY=1 keeps names readable, for a browser profile of a game's drawing
  await build({
    entryPoints: [join(root, g.js)], outfile,
    bundle: true, format: "esm", minify: !process.env.GOATWIDGETS_NO_MINIFY, target: "es2020", logLevel: "warning",
    plugins: [dataWithoutAbout],
  });
  const size = statSync(outfile).size;
  console.log(`${g.id}.js  ${kib(size)}  (from ${g.js})`);
  if (size > LIMIT) {
    console.error(`  over the ${kib(LIMIT)} budget (${size} bytes)`);
    failed = true;
  }
  manifest.games[g.id] = { js: `${g.id}.js`, entry: g.js, bytes: size };
}

// One stylesheet: the shared theme, then every game's own *.css (in its entry's folder).
const sheets = ["js/shared/theme.css"];
for (const g of games) {
  const dir = dirname(g.js);
  if (dir === "js") continue; // an entry directly in js/ has no folder of its own
  for (const f of readdirSync(join(root, dir)).filter((f) => f.endsWith(".css")).sort()) sheets.push(`${dir}/${f}`);
}
const css = join(out, CSS);
await build({
  stdin: { contents: sheets.map((f) => `@import ${JSON.stringify("./" + f)};`).join("\n"), resolveDir: root, loader: "css" },
  outfile: css, bundle: true, minify: true, logLevel: "warning",
});
manifest.css_from = sheets;
console.log(`${CSS}  ${kib(statSync(css).size)}  (from ${sheets.join(", ")})`);
writeFileSync(join(out, "manifest.json"), JSON.stringify(manifest, null, 1) + "\n");
if (failed) process.exit(1);
