"""The standard library's bytecode for the modules our code imports, built with the page.

Pyodide keeps its standard library as sources in a zip and cannot cache what it compiles
there, so every visit would compile ``fractions``, ``urllib.parse``, ``xml.etree`` … again.
scripts/build_site.py compiles exactly the modules our packages pull in, with the same Pyodide,
into ``_stdlib/NAME.pyc`` beside this file (``_stdlib/index.json`` lists them, with each
package's own path in the zip so its other submodules still load from there). :func:`install`
puts a finder for them first on ``sys.meta_path``; the pages and the AI worker call it before
their other imports. Anything not listed, or no index at all (plain CPython, tests), imports
as usual. Tracebacks name the module's source in the zip (its lines are not shown).
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec, SourcelessFileLoader
from types import ModuleType

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "_stdlib")


class StdlibBytecode:
    """A meta path finder for the modules in ``index`` (name -> package path or None)."""

    def __init__(self, index: dict[str, list[str] | None]):
        self.index = index

    def find_spec(
        self,
        name: str,
        path: Sequence[str] | None = None,
        target: ModuleType | None = None,
    ) -> ModuleSpec | None:
        if name not in self.index:
            return None
        pyc = os.path.join(HERE, name + ".pyc")
        loader = SourcelessFileLoader(name, pyc)
        package = self.index[name]
        spec = ModuleSpec(name, loader, origin=pyc, is_package=package is not None)
        if package is not None:
            spec.submodule_search_locations = list(package)
        spec.has_location = True
        return spec


def install() -> bool:
    """Put the finder first (once); False when there is no bytecode here."""
    if any(isinstance(finder, StdlibBytecode) for finder in sys.meta_path):
        return True
    try:
        with open(os.path.join(HERE, "index.json"), encoding="utf-8") as f:
            index = json.load(f)
    except (OSError, ValueError):
        return False
    sys.meta_path.insert(0, StdlibBytecode(index))
    return True


install()
