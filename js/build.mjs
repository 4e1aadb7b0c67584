// Build: bundle each game module and the shared theme into ../goatwidgets/static/.
import { build } from "esbuild";
import { statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, "..", "goatwidgets", "static");
/** One entry per game: js/<game>.js → goatwidgets/static/<game>.js */
const GAMES = ["floats_mcgoats"];
const LIMIT = 30 * 1024;

let failed = false;
for (const game of GAMES) {
  const outfile = join(out, `${game}.js`);
  await build({
    entryPoints: [join(here, `${game}.js`)], outfile,
    bundle: true, format: "esm", minify: true, target: "es2020", logLevel: "warning",
  });
  const size = statSync(outfile).size;
  console.log(`${game}.js  ${(size / 1024).toFixed(1)} kB`);
  if (size > LIMIT) {
    console.error(`  over the ${LIMIT / 1024} kB budget`);
    failed = true;
  }
}
const css = join(out, "goatwidgets.css");
await build({
  entryPoints: [join(here, "shared", "theme.css")], outfile: css,
  bundle: true, minify: true, logLevel: "warning",
});
console.log(`goatwidgets.css  ${(statSync(css).size / 1024).toFixed(1)} kB`);
if (failed) process.exit(1);
