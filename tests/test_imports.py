"""No import circles, among the engines' modules or in the page layer: each module's imports,
at the top or inside a function, lead only to modules that do not import it back (python-chess's
habit: satellites import the core, never the other way round; lichess's: a controller never
imports its view)."""

from __future__ import annotations

import ast
from pathlib import Path

from games import GAMES

PY = Path(__file__).resolve().parent.parent / "py"
PACKAGES = ("gamekit", *(game.key for game in GAMES))
"""What both games share and every game's engine (a new game's too, through the registry)."""
PAGE_LAYER = (
    "shell", "browser", "pages", "games.py", "play.py", "embed.py", "daily.py", "ai_worker.py"
)
"""The site's Python: the shell, every game's page package, the registry, the entry scripts."""


def module_names(root: Path, packages: tuple[str, ...] = PACKAGES) -> dict[str, Path]:
    """Every module of ``packages`` under ``root`` (a ``.py`` name is a single module):
    ``{"gold_connection.ai": path}``."""
    out = {}
    for package in packages:
        paths = [root / package] if package.endswith(".py") else (root / package).rglob("*.py")
        for path in sorted(paths):
            parts = path.relative_to(root).with_suffix("").parts
            out[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return out


def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """The engine modules ``name`` imports anywhere in its file (function bodies included)."""
    package = name if path.stem == "__init__" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            for alias in node.names:
                # `from . import ai` imports the module gold_connection.ai, not the package
                sub = f"{source}.{alias.name}"
                found.add(sub if sub in known else source)
    return {m for m in found if m in known and m != name}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def import_graph(root: Path, packages: tuple[str, ...] = PACKAGES) -> dict[str, set[str]]:
    modules = module_names(root, packages)
    return {name: imports_of(name, path, set(modules)) for name, path in modules.items()}


def test_the_scan_sees_relative_absolute_and_function_level_imports():
    graph = import_graph(PY)
    assert "gold_connection.game" in graph["gold_connection.record"]  # from .game import …
    assert "gamekit.errors" in graph["gold_connection.record"]  # from gamekit.errors import …
    assert "gold_connection.svg" in graph["gold_connection.cli"]  # inside cmd_render
    assert "gold_connection.ai" in graph["gold_connection.players"]  # from . import ai, lazily


def test_the_cycle_finder_finds_a_circle_through_three_modules():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_engine_module_imports_itself_back():
    assert cycles(import_graph(PY)) == []


def test_no_page_layer_module_imports_itself_back():
    graph = import_graph(PY, PAGE_LAYER)
    assert "pages.go_for_gold.controller" in graph["pages.go_for_gold.view"]  # type-checking
    assert cycles(graph) == []
