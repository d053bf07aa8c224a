"""The site's architecture, as docs/architecture.md draws it: the registry names every game, the
shell (``shell/``, ``browser/``) imports none, a page package imports no other game's, engines
import no page layer (tests/test_imports.py checks that no module imports itself back)."""

from __future__ import annotations

import ast
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


def test_every_game_has_its_own_part_of_the_howto_page_that_its_replays_link_to():
    """A replay opened on its own links to its game's rules (howto.html#go-for-gold), and the
    how-to page is titled for the site, not for one game (issue #26)."""
    from shell.i18n import t
    from shell.replay import standalone_bar

    html = games.howto_page()
    assert f"<h1>{t('howto.title')}</h1>" in html and "Gold Connection" not in t("howto.title")
    for game in games.GAMES:
        assert f'id="{game.anchor}"' in html
        bar = standalone_bar(game.title, game.href, f"howto.html#{game.anchor}")
        assert f'href="howto.html#{game.anchor}"' in bar and f'href="{game.href}"' in bar
