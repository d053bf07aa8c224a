"""The worker's side of bench/worker_proto: the game's controller, answering parts' HTML. In
a PyScript worker (index.html) its functions are given to the page through xworker.sync; in
the plain worker (plain.html) plain-worker.mjs calls them by name."""

import json

from pages.gold_connection import view
from pages.gold_connection.controller import App
from shell.store import MemoryBackend

APP: App | None = None


def start(query: object) -> str:
    global APP
    APP = App(MemoryBackend(), str(query))
    return json.dumps({"shell": view.shell(), "parts": APP.parts()})


def intent(name: object, arg: object) -> str:
    assert APP is not None
    APP.intent(str(name), str(arg))
    return json.dumps(APP.parts())


try:
    from polyscript import xworker  # type: ignore[import-not-found]
except ImportError:  # the plain worker
    pass
else:
    xworker.sync.start = start
    xworker.sync.intent = intent
