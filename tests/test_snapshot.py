"""build/python.snapshot holds what the pages' first screens import (scripts/build_site.py
SNAPSHOT_MODULES): a module they import that is not in it is imported on every visit."""

from __future__ import annotations

import ast
import importlib.util
import json
import zipfile

from helpers import PY, fresh_python

ENTRIES = ("play.py", "pages/gold_connection/page.py", "pages/go_for_gold/page.py", "embed.py",
           "daily.py", "browser/clock.py", "browser/__init__.py", "browser/page.py",
           "browser/motion.py")
BROWSER = ("js", "pyodide", "pyscript", "browser")  # need the page: never in the snapshot


def _build_site():
    path = PY.parent / "scripts" / "build_site.py"
    spec = importlib.util.spec_from_file_location("build_site", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _top_level_imports(path) -> set[str]:
    """Modules a file imports as it runs (not in functions, not under TYPE_CHECKING)."""
    found: set[str] = set()
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module)
            for alias in node.names:  # `from app import view` imports the module app.view
                if (PY / node.module.replace(".", "/") / f"{alias.name}.py").is_file():
                    found.add(f"{node.module}.{alias.name}")
    return {name for name in found
            if name.split(".")[0] not in BROWSER and name != "__future__"}


def _imported_by(names: list[str]) -> set[str]:
    code = ("import importlib, json, sys\n"
            f"for name in {names!r}:\n"
            "    importlib.import_module(name)\n"
            "print(json.dumps(sorted(sys.modules)))\n")
    return set(json.loads(fresh_python(code)))


def test_the_snapshot_holds_every_module_the_first_screens_import():
    wanted = set().union(*(_top_level_imports(PY / entry) for entry in ENTRIES))
    # the parse finds them
    assert "pages.gold_connection.view" in wanted and "pages.go_for_gold.controller" in wanted
    snapshot = _build_site().SNAPSHOT_MODULES
    missing = _imported_by(sorted(wanted)) - _imported_by(list(snapshot))
    assert not missing, f"add to SNAPSHOT_MODULES in scripts/build_site.py: {sorted(missing)}"


def test_the_snapshot_holds_no_browser_module():
    """It is made under Node, with no page: a module bound to PyScript's document cannot be
    in it (and its import would fail there)."""
    snapshot = _build_site().SNAPSHOT_MODULES
    assert not [name for name in _imported_by(list(snapshot)) if name.split(".")[0] in BROWSER]


def test_the_site_s_standard_library_holds_every_module_our_code_imports():
    """build/stdlib.zip (scripts/make_stdlib.mjs) replaces Pyodide's python_stdlib.zip: every
    standard-library module imported anywhere in py/ (in functions too) or by PyScript's
    Python is in it, as bytecode, or in build/later.zip when only the site packages (segno)
    import it; what both lack is fetched whole, slowly (js/pyodide-snapshot.mjs)."""
    build = _build_site()
    names = build.imported_names()
    assert "fractions" in names  # imported inside a function of ours
    assert "html" in names and "tarfile" in names  # PyScript's Python, inside its script
    assert "xml.sax.saxutils" in names  # segno's, at the top of its module
    held: set[str] = set()
    for archive in (build.STDLIB, build.LATER_ZIP):
        with zipfile.ZipFile(archive) as made:
            held |= set(made.namelist())
    with zipfile.ZipFile(build.VENDOR / "pyodide" / "python_stdlib.zip") as whole:
        files = set(whole.namelist())  # (collections.abc is no file: an alias, made by import)

    def places(name: str) -> set[str]:
        base = name.replace(".", "/")
        return {base + ".py", base + "/__init__.py"}

    missing = [name for name in names if places(name) & files
               and not {place + "c" for place in places(name)} & held]
    assert not missing, f"not in build/stdlib.zip (run scripts/build_site.py): {missing}"
    assert not [name for name in held if name.endswith(".py")]  # no sources: nothing compiles


def test_what_the_first_screens_import_is_not_left_for_later():
    """build/later.zip is fetched when one of its modules is first imported, synchronously:
    nothing the pages import before they are ready may be in it (the snapshot's modules and
    every import of the pages' own scripts)."""
    build = _build_site()
    wanted = set().union(*(_top_level_imports(PY / entry) for entry in ENTRIES))
    first = _imported_by(sorted(wanted | set(build.SNAPSHOT_MODULES)))
    later = set(build.later_modules())
    assert "segno" in later and "urllib.request" in later
    assert not first & later, sorted(first & later)
    with zipfile.ZipFile(build.ENGINE_ZIP) as engine:
        assert not [name for name in engine.namelist() if name.startswith("segno/")]
