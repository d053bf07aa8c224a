"""The engine is pure standard library: it imports with no browser module available."""

import re

from helpers import BLOCK_BROWSER, PY, fresh_python


def test_engine_imports_without_js_pyodide_or_pyscript():
    code = BLOCK_BROWSER + (
        "import pkgutil, importlib, gold_connection, gamekit, go_for_gold\n"
        "for pkg in (gold_connection, gamekit, go_for_gold):\n"
        "    for m in pkgutil.iter_modules(pkg.__path__):\n"
        "        if m.name != '__main__':\n"
        "            importlib.import_module(pkg.__name__ + '.' + m.name)\n"
        "print('ok', len(sys.modules))\n"
    )
    assert fresh_python(code).startswith("ok")


def test_no_browser_import_in_engine_source():
    engines = ("gold_connection", "gamekit", "go_for_gold")
    for path in [p for name in engines for p in (PY / name).rglob("*.py")]:
        found = re.findall(r"^\s*(?:import|from)\s+(js|pyodide|pyscript)\b", path.read_text(), re.M)
        assert not found, (path, found)


def test_first_screen_leaves_the_review_the_search_and_the_series_runner_unimported():
    """What the game pages import before their first screen (py/main.py, py/gfg_main.py, the
    embed page) builds no review, expert search or tournament machinery: each costs import
    time on every visit (bench/startup_steps.py), and they load when first used."""
    code = (
        "import sys\n"
        "from app import panel, screenreader, spoken, view\n"
        "from app.app import App\n"
        "from app.store import MemoryBackend\n"
        "from app import howto, i18n, links, site, words, viewer\n"
        "from gfgapp import app as gfg_app, view as gfg_view\n"
        "App(MemoryBackend(), '', ['en'], False).parts()\n"
        "heavy = ('gold_connection.review', 'gold_connection.ai', 'app.review_view',\n"
        "         'gamekit.match')\n"
        "print(' '.join(name for name in heavy if name in sys.modules) or 'none')\n"
    )
    assert fresh_python(code) == "none"


def test_go_for_gold_page_leaves_gold_connection_unimported():
    """Go for Gold's page shares the site's layer (settings, links, the screen-reader mode)
    but not the other game's engine: links go through gamekit.share."""
    code = (
        "import sys\n"
        "from app import screenreader\n"
        "from app.settings import SPEED_DELAY_MS\n"
        "from gfgapp import keys, spoken, view\n"
        "from gfgapp.app import GfgApp\n"
        "print(sorted(m for m in sys.modules if m.startswith('gold_connection')) or 'none')\n"
    )
    assert fresh_python(code) == "none"
