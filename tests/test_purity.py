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
    """What the game pages import before their first screen (py/play.py's pages, the
    embed page) builds no review, expert search or tournament machinery: each costs import
    time on every visit (bench/startup_steps.py), and they load when first used."""
    code = (
        "import sys\n"
        "from pages.gold_connection import panel, screenreader, view\n"
        "from pages.gold_connection.controller import App\n"
        "from shell.store import MemoryBackend\n"
        "from shell import i18n, site\n"
        "from pages.gold_connection import howto, phrases, replay\nfrom shell import links\n"
        "from pages.go_for_gold import controller, view as gfg_view\n"
        "App(MemoryBackend(), '', ['en'], False).parts()\n"
        "heavy = ('gold_connection.review', 'gold_connection.ai', 'pages.gold_connection.review',\n"
        "         'gamekit.match')\n"
        "print(' '.join(name for name in heavy if name in sys.modules) or 'none')\n"
    )
    assert fresh_python(code) == "none"


def test_go_for_gold_page_leaves_gold_connection_unimported():
    """Go for Gold's page shares the site's layer (settings, links, the screen-reader mode)
    but not the other game's engine: links go through gamekit.share."""
    code = (
        "import sys\n"
        "from shell import screenreader\n"
        "from shell.settings import SPEED_DELAY_MS\n"
        "from pages.go_for_gold import cursor, screenreader, view\n"
        "from pages.go_for_gold.controller import App\n"
        "print(sorted(m for m in sys.modules if m.startswith('gold_connection')) or 'none')\n"
    )
    assert fresh_python(code) == "none"
