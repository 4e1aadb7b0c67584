// See .ci/lite-bench. Arguments: pyodide dir, networkx wheel, source root, games, decisions.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, networkx, root, games, per] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: pyodideDir });
py.unpackArchive(new Uint8Array(fs.readFileSync(networkx)), "wheel");
py.FS.mkdirTree("/src");
py.FS.mount(py.FS.filesystems.NODEFS, { root }, "/src");
py.globals.set("GAMES", games);
py.globals.set("PER", Number(per));
console.log(await py.runPythonAsync(fs.readFileSync(path.join(root, ".ci", "lite_bench.py"), "utf8")));
