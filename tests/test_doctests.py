"""Every docstring example in the Python tree is true: the modules are found by walking py/
(not listed by hand), so a new module's examples run without anyone remembering to add it.
Modules that need the browser (``js``/``pyodide``/``pyscript``) are left out: they cannot
import here, and none of them carries an example (checked below)."""

import doctest
import importlib
import re
from pathlib import Path

import pytest

PY = Path(__file__).resolve().parents[1] / "py"
BROWSER_IMPORT = re.compile(r"^\s*(?:from|import)\s+(?:js|pyodide|pyscript|browser)\b", re.M)
SKIP = {"__main__", "play", "embed", "ai_worker"}  # PyScript's entry scripts


def _modules() -> tuple[list[str], list[str]]:
    plain, browser = [], []
    for path in sorted(PY.rglob("*.py")):
        rel = path.relative_to(PY).with_suffix("")
        if rel.name in SKIP or "maps" in rel.parts:
            continue
        name = ".".join(rel.parts[:-1] if rel.name == "__init__" else rel.parts)
        (browser if BROWSER_IMPORT.search(path.read_text()) else plain).append(name)
    return plain, browser


PLAIN, BROWSER = _modules()


@pytest.mark.parametrize("name", PLAIN)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_the_walk_finds_the_engines_the_shell_and_the_pages():
    for name in ("gold_connection.game", "go_for_gold.board", "shell.i18n", "games",
                 "pages.go_for_gold.cursor", "pages.gold_connection.settings"):
        assert name in PLAIN
    assert "pages.gold_connection.page" in BROWSER and "browser.motion" in BROWSER


@pytest.mark.parametrize("name", BROWSER)
def test_browser_modules_carry_no_examples_that_would_go_unrun(name):
    path = PY / (name.replace(".", "/") + ".py")
    if not path.exists():
        path = PY / name.replace(".", "/") / "__init__.py"
    assert ">>> " not in path.read_text(), f"{name} needs the browser: move its examples out"
