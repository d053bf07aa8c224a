"""The site's architecture, as docs/architecture.md draws it: the registry names every game, the
shell (``shell/``, ``browser/``) imports none, a page package imports no other game's, and no
two modules import each other round a circle (imports inside functions included)."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import games
import pytest

PY = Path(__file__).resolve().parents[1] / "py"
SHELL = ("shell", "browser")
ENGINE_SHARED = ("gamekit",)


def _module_name(path: Path) -> str:
    rel = path.relative_to(PY).with_suffix("")
    return ".".join(rel.parts[:-1] if rel.name == "__init__" else rel.parts)


def _imports(path: Path) -> set[str]:
    """Every module ``path`` imports, at any depth of its code, as absolute dotted names."""
    tree = ast.parse(path.read_text())
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: from the package the module is in
                package = _module_name(path).split(".")
                if path.name != "__init__.py":
                    package = package[:-1]
                package = package[: len(package) - node.level + 1]
                base = ".".join([*package, base] if base else package)
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


MODULES = {_module_name(p): p for p in PY.rglob("*.py") if "maps" not in p.parts}
OURS = set(MODULES)


def _our_imports(name: str) -> set[str]:
    return {m for m in _imports(MODULES[name]) if m in OURS and m != name}


def _game_of(module: str) -> str | None:
    parts = module.split(".")
    keys = {game.key for game in games.GAMES}
    if parts[0] in keys:
        return parts[0]
    if parts[0] == "pages" and len(parts) > 1 and parts[1] in keys:
        return parts[1]
    return None


def test_every_game_has_an_engine_and_a_page_package_with_every_module():
    for game in games.GAMES:
        assert (PY / game.key / "__init__.py").is_file(), game.key
        for name in games.PAGE_MODULES:
            assert (PY / "pages" / game.key / f"{name}.py").is_file(), (game.key, name)
        assert (PY.parent / game.page_file).is_file(), game.page_file
        assert f'data-game="{game.key}"' in (PY.parent / game.page_file).read_text()


def test_every_game_page_is_served_with_the_site_s_security_headers():
    """netlify.toml sets each page's policy by its own rule (two rules matching one path may
    be joined by the host): a game's page, with and without .html, has one."""
    policy = (PY.parent / "netlify.toml").read_text()
    for game in games.GAMES:
        for path in {game.page_file, game.page_file.removesuffix(".html")} - {"index"}:
            assert f'for = "/{path}"' in policy, f"netlify.toml: no [[headers]] for /{path}"


def test_each_game_page_package_holds_the_interface_the_shared_pages_call():
    for game in games.GAMES:
        assert callable(game.module("ai_service").AiService)
        assert callable(game.module("replay").open_replay)
        howto = game.module("howto")
        assert callable(howto.section) and callable(howto.examples)
        assert callable(game.module("messages").register)


def test_a_record_finds_its_game_by_its_format():
    assert games.for_format("go-for-gold/1").key == "go_for_gold"
    assert games.for_format("gold-connection/1").key == "gold_connection"
    with pytest.raises(ValueError, match="no game plays records of format 'chess/1'"):
        games.for_format("chess/1")
    with pytest.raises(ValueError, match="no game 'chess'"):
        games.by_key("chess")
    with pytest.raises(ValueError, match="no module 'view'"):
        games.GAMES[0].module("view")


@pytest.mark.parametrize("name", sorted(m for m in OURS if m.split(".")[0] in SHELL))
def test_no_shell_module_imports_a_game(name):
    games_imported = sorted(m for m in _our_imports(name) if _game_of(m) or m == "games")
    assert not games_imported, f"{name} knows a game: {games_imported}"


@pytest.mark.parametrize("name", sorted(m for m in OURS if m.startswith("pages.")))
def test_a_page_package_imports_no_other_game(name):
    own = _game_of(name)
    others = sorted(m for m in _our_imports(name) if _game_of(m) not in (None, own))
    assert not others, f"{name} imports another game's modules: {others}"


def test_engines_import_no_page_layer():
    for name in OURS:
        if _game_of(name) == name.split(".")[0] or name.split(".")[0] in ENGINE_SHARED:
            page_layer = sorted(
                m for m in _our_imports(name)
                if m.split(".")[0] in ("shell", "browser", "pages", "games")
            )
            assert not page_layer, f"{name}: {page_layer}"


def _cycles() -> list[list[str]]:
    """Import circles among our modules (a package counts as its ``__init__``)."""
    graph = {name: _our_imports(name) for name in OURS}
    found, state = [], {}

    def visit(node: str, path: list[str]) -> None:
        state[node] = "open"
        for nxt in sorted(graph[node]):
            if state.get(nxt) == "open":
                found.append(path[path.index(nxt):] + [nxt])
            elif nxt not in state:
                visit(nxt, [*path, nxt])
        state[node] = "done"

    for name in sorted(graph):
        if name not in state:
            visit(name, [name])
    return found


def test_no_import_circles_in_the_page_layer():
    """The page layer's modules, the registry and the shell import in one direction (a
    package's ``__init__`` importing its own submodule is not a circle)."""
    layer = ("shell", "browser", "pages", "games", "embed", "play", "ai_worker")
    cycles = [
        c for c in _cycles()
        if all(m.split(".")[0] in layer for m in c)
        and not (len(c) == 3 and c[0] == c[2] and (c[1].startswith(c[0] + ".")
                                                    or c[0].startswith(c[1] + ".")))
    ]
    assert not cycles, f"import circles: {cycles}"


def test_the_check_finds_a_circle():
    graph_module = importlib.import_module(__name__)
    saved = graph_module._our_imports
    try:
        graph_module._our_imports = lambda name: {"a": {"b"}, "b": {"a"}}.get(name, set())
        graph_module.OURS.update({"a", "b"})
        assert ["a", "b", "a"] in graph_module._cycles()
    finally:
        graph_module._our_imports = saved
        graph_module.OURS.difference_update({"a", "b"})
