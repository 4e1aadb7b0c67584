"""No test module imports from another test module (issue 25).

A ``test_*.py`` file or a ``conftest.py`` is run by pytest, not imported: what several tests
share lives in a helper module beside them (``tests/e2e/helpers.py``,
``tests/packaging/helpers.py``, ``tests/games/checks.py``, ``tests/games/<game>/helpers.py``,
``tests/information.py``...).
Importing a test module runs its tests' module-level code a second time and makes pytest
collect the imported tests under a second name; importing a conftest ties a test to pytest's
way of loading fixtures. Every Python file under ``tests/`` is read (with ``ast``: imports
inside functions count too).
"""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent


def _is_test_module(name: str) -> bool:
    """Whether dotted module ``name`` names a test module or a conftest."""
    last = name.rsplit(".", 1)[-1]
    return last.startswith("test_") or last == "conftest"


def imported_modules(path: Path, root: Path = ROOT) -> list[tuple[int, str]]:
    """(line, dotted module) for every module ``path`` imports, relative imports resolved;
    ``from package import name`` also counts ``package.name`` (it may be a module)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level:
                base = list(path.relative_to(root).parent.parts)
                base = base[:len(base) - (node.level - 1)]
                module = ".".join(base + ([module] if module else []))
            found.append((node.lineno, module))
            found += [(node.lineno, f"{module}.{alias.name}") for alias in node.names]
    return found


def test_modules_import_no_test_module_and_no_conftest():
    wrong = []
    for path in sorted(TESTS.rglob("*.py")):
        for line, module in imported_modules(path):
            if module.startswith("tests.") and _is_test_module(module):
                wrong.append(f"{path.relative_to(ROOT)}:{line} imports {module}")
    assert wrong == [], ("test modules and conftests are not imported: move what is shared "
                         "into a helper module beside them\n" + "\n".join(wrong))


def test_the_check_sees_relative_and_function_level_imports(tmp_path):
    """The check itself: a relative import and an import inside a function are found."""
    package = tmp_path / "tests" / "games"
    package.mkdir(parents=True)
    probe = package / "test_probe.py"
    probe.write_text("from .test_other import helper\n"
                     "from . import checks\n"
                     "def test_x():\n"
                     "    from tests.e2e import conftest\n")
    modules = {m for _, m in imported_modules(probe, tmp_path)}
    assert {"tests.games.test_other", "tests.games.checks", "tests.e2e.conftest"} <= modules
    assert _is_test_module("tests.games.test_other") and _is_test_module("tests.e2e.conftest")
    assert not _is_test_module("tests.games.checks")
