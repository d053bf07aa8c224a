"""What every page of the site needs from the browser: storage, languages, the AI worker.

The pages' own modules (py/main.py, py/embed.py) bind the DOM; this package holds what they
share, with no Gold Connection specifics, so another game's page can use it as it is.
"""

from __future__ import annotations

import asyncio

from app.store import MemoryBackend
from pyscript import create_named_worker, document, window

WORKER_TIMEOUT_S = 60


def local_storage():
    """The browser's storage, or a memory one where it is refused (sandboxed frames)."""
    try:
        storage = window.localStorage
        storage.getItem("probe")
        return storage
    except Exception:
        return MemoryBackend()


def browser_languages() -> list[str]:
    try:
        return [str(code) for code in window.navigator.languages]
    except Exception:
        return []


class Brains:
    """The computer seats' decisions and hints, answered by a PyScript worker.

    The worker starts on ``start()`` or the first question; if it cannot start, ``fallback()``
    (e.g. ``app.brain.Brain``) answers on this thread rather than stalling the game.
    ``<html data-ai>`` says which: "worker" or "main".
    """

    def __init__(self, fallback, src: str = "./py/ai_worker.py", name: str = "ai"):
        self.make_fallback = fallback
        self.src, self.name = src, name
        self.worker = None
        self.fallback = None
        self.ready: asyncio.Future | None = None

    def start(self) -> asyncio.Future:
        if self.ready is None:
            self.ready = asyncio.ensure_future(self._start())
        return self.ready

    async def _start(self):
        try:
            self.worker = await asyncio.wait_for(
                create_named_worker(src=self.src, name=self.name), WORKER_TIMEOUT_S
            )
        except Exception as e:
            window.console.warn(f"AI worker unavailable: {e!r}")
            self.fallback = self.make_fallback()
        document.documentElement.dataset.ai = "worker" if self.worker else "main"

    async def ask(self, method: str, record_json: str) -> str:
        await self.start()
        if self.worker is not None:
            return str(await getattr(self.worker, method)(record_json))
        return getattr(self.fallback, method)(record_json)
