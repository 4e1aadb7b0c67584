"""The wheel, built from a clean source copy on a machine without Node.js, ships the JS
bundles, and installs and works with no Node.js either."""

from __future__ import annotations

import textwrap
import time
import zipfile
from pathlib import Path

import pytest

from goatwidgets.games import REGISTRY

from tests.packaging.helpers import clean_source_copy, env_without_node, make_venv, run

#: one bundle per registered game, the shared CSS and the build's manifest
BUNDLES = ([f"goatwidgets/static/{game}.js" for game in REGISTRY]
           + ["goatwidgets/static/goatwidgets.css", "goatwidgets/static/manifest.json"])


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """(wheel path, env without node, tmp dir): built from a clean copy, no system Node."""
    tmp = tmp_path_factory.mktemp("wheel")
    env = env_without_node(tmp)
    src = clean_source_copy(tmp / "src")
    t0 = time.perf_counter()
    run([Path(__import__("sys").executable), "-m", "build", "--wheel", "--outdir", tmp / "dist", src],
        cwd=src, env=env)  # fmt: skip
    print(f"\n[packaging] wheel built (no system node) in {time.perf_counter() - t0:.1f} s")
    (wheel,) = (tmp / "dist").glob("goatwidgets-*.whl")
    return wheel, env, tmp


@pytest.fixture(scope="module")
def installed(built):
    """Python of a fresh venv with the wheel installed (no Node on PATH)."""
    wheel, env, tmp = built
    t0 = time.perf_counter()
    python = make_venv(tmp / "venv", env)
    run([python, "-m", "pip", "install", "--quiet", wheel], cwd=tmp, env=env)
    print(f"\n[packaging] wheel installed in a fresh venv in {time.perf_counter() - t0:.1f} s")
    return python


def test_wheel_contains_the_js_bundles(built):
    wheel, _, _ = built
    names = set(zipfile.ZipFile(wheel).namelist())
    for bundle in BUNDLES:
        assert bundle in names, f"{bundle} missing from {wheel.name}"
    assert any(n.endswith("LICENSE") for n in names)


def test_installed_wheel_loads_its_static_files(installed, built):
    _, env, tmp = built
    code = textwrap.dedent(
        """
        from importlib.resources import files
        import goatwidgets
        from goatwidgets.games import GAMES
        static = files("goatwidgets") / "static"
        for name in [f"{game}.js" for game in GAMES] + ["goatwidgets.css"]:
            text = (static / name).read_text()
            assert len(text) > 100, (name, len(text))
        print("ok", goatwidgets.__version__)
        """
    )
    out = run([installed, "-c", code], cwd=tmp, env=env).stdout
    assert "ok" in out


def test_installed_wheel_widget_has_its_esm(installed, built):
    """Every registered game's widget loads its bundle from the installed wheel."""
    _, env, tmp = built
    code = textwrap.dedent(
        """
        from goatwidgets.games import REGISTRY
        for info in REGISTRY.values():
            w = info.widget()()
            esm = w._esm
            esm = esm.read_text() if hasattr(esm, "read_text") else str(esm)
            assert len(esm) > 100, (info.id, len(esm))
        print("ok")
        """
    )
    assert "ok" in run([installed, "-c", code], cwd=tmp, env=env).stdout
