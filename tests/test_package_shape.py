"""The package's shape (issue 25): imports point one way inside ``goatwidgets/`` (no cycle,
through any chain of modules) and every import is at the top of its file, so a reader sees a
module's dependencies in one place. (Games, widgets and lessons are found through the registry
with ``importlib.import_module``, the documented lazy way, which is not an import statement.)"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import networkx as nx

from goatwidgets.engine.strategy import Strategy
from goatwidgets.games import REGISTRY

PACKAGE = Path(__file__).resolve().parent.parent / "goatwidgets"


def modules() -> dict[str, Path]:
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def imported(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The goatwidgets modules that module ``name`` imports (a ``from`` import of a name that
    is a module counts as that module; of an attribute, as its package)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            targets = [f"{source}.{a.name}" if f"{source}.{a.name}" in known else source
                       for a in node.names]
        else:
            continue
        out.update(t for t in targets if t in known and t != name)
    return out


def test_no_import_cycle_inside_goatwidgets():
    known = modules()
    graph = nx.DiGraph()
    for name, path in known.items():
        graph.add_node(name)
        graph.add_edges_from((name, other) for other in imported(name, path, known))
    cycles = [c for c in nx.simple_cycles(graph) if len(c) > 1]
    assert not cycles, "import cycles:\n" + "\n".join(
        " -> ".join(c + [c[0]]) for c in sorted(cycles, key=len)[:20])


def test_every_import_is_at_the_top_of_its_file():
    late = []
    for name, path in modules().items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        top = set()
        for node in tree.body:
            nested = [node]
            if isinstance(node, (ast.If, ast.Try)):     # `if TYPE_CHECKING:`, `try: import`
                nested += list(ast.walk(node))
            top.update(id(n) for n in nested)
        late += [f"{path.relative_to(PACKAGE.parent)}:{node.lineno}"
                 for node in ast.walk(tree)
                 if isinstance(node, (ast.Import, ast.ImportFrom)) and id(node) not in top]
    assert not late, "imports inside functions:\n" + "\n".join(late)


#: the files of every game package (goatwidgets/games/README.md says what each holds); a game
#: has a board file, a card file or both
EVERY_GAME = {"__init__.py", "actions.py", "explain.py", "positions.py", "rules.py", "saves.py",
              "strategy.py", "views.py"}


def test_every_game_package_has_the_same_files():
    games = [p for p in (PACKAGE / "games").iterdir() if (p / "rules.py").exists()]
    assert len(games) == 5
    for game in games:
        files = {p.name for p in game.glob("*.py")}
        assert EVERY_GAME <= files, f"{game.name} lacks {sorted(EVERY_GAME - files)}"
        extra = files - EVERY_GAME
        assert extra and extra <= {"board.py", "cards.py"}, f"{game.name}: {sorted(extra)}"


#: a game's tests by concern (issue 35 item 5): tests/games/<game>/ beside the game's package
EVERY_GAMES_TESTS = {"__init__.py", "helpers.py", "test_rules.py", "test_strategy_coach.py",
                     "test_lessons.py", "test_saves.py"}


def test_every_game_has_its_tests_by_concern_in_a_folder_of_its_name():
    """A newcomer finds a game's rules, strategy and coach, lessons and saves tests by name,
    in ``tests/games/<game>/``, and no game keeps one mixed ``tests/games/test_<game>.py``."""
    tests = PACKAGE.parent / "tests" / "games"
    for game in (p.name for p in (PACKAGE / "games").iterdir() if (p / "rules.py").exists()):
        files = {p.name for p in (tests / game).glob("*.py")}
        assert files == EVERY_GAMES_TESTS, f"tests/games/{game}: {sorted(files)}"
        assert not (tests / f"test_{game}.py").exists(), f"tests/games/test_{game}.py"


def test_every_game_reads_its_views_and_strategy_modules():
    """The engine shows a seat what ``views`` gives and lets the bots judge by ``strategy``."""
    for info in REGISTRY.values():
        package = info.module_path
        state = importlib.import_module(package).new_game(players=2, seed=0)
        assert type(state).views is importlib.import_module(f"{package}.views")
        strategy = importlib.import_module(f"{package}.strategy")
        assert type(state).strategy == Strategy.of(strategy)      # read once, by name
        assert type(state).strategy.heuristic is strategy.heuristic
        assert state.heuristic(0) == strategy.heuristic(state, 0)
        assert type(state).search_depth == getattr(strategy, "SEARCH_DEPTH", 8)
