"""The engine is pure standard library: it imports with no browser module available."""

import re
import subprocess
import sys
from pathlib import Path

PY = Path(__file__).resolve().parent.parent / "py"


def test_engine_imports_without_js_pyodide_or_pyscript():
    code = (
        "import sys\n"
        "class Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] in ('js', 'pyodide', 'pyscript'):\n"
        "            raise ImportError('blocked: ' + name)\n"
        "sys.meta_path.insert(0, Block())\n"
        "import pkgutil, importlib, gold_connection, gamekit, go_for_gold\n"
        "for pkg in (gold_connection, gamekit, go_for_gold):\n"
        "    for m in pkgutil.iter_modules(pkg.__path__):\n"
        "        if m.name != '__main__':\n"
        "            importlib.import_module(pkg.__name__ + '.' + m.name)\n"
        "print('ok', len(sys.modules))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], env={"PYTHONPATH": str(PY)}, capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("ok")


def test_no_browser_import_in_engine_source():
    engines = ("gold_connection", "gamekit", "go_for_gold")
    for path in [p for name in engines for p in (PY / name).rglob("*.py")]:
        found = re.findall(r"^\s*(?:import|from)\s+(js|pyodide|pyscript)\b", path.read_text(), re.M)
        assert not found, (path, found)
