"""What every page of the site needs from the browser: storage, languages, the AI worker,
and screen-reader mode.

The pages' own modules (each game's ``page``, py/embed.py) bind the DOM; this package holds
what they
share, with no Gold Connection specifics, so another game's page can use it as it is.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Hashable, Iterable
from typing import Any, Protocol

from pyodide.ffi import create_proxy
from pyscript import create_named_worker, document, window
from shell import screenreader
from shell.i18n import t
from shell.store import Backend, MemoryBackend, Store

BOOT_GRACE_S = 1.0
"""Until this long after the worker was started, a question waits for it; later questions
that find it still starting (a cold boot takes seconds) are answered on this thread at once,
so a computer in the first seat plays within about a second of the page being ready."""
ANSWER_TIMEOUT_S = 5
"""A question the worker has not answered after this long is answered on this thread (the
worker's p95 is ~0.1 s); the worker is asked again once its late answer comes."""
SILENT_S = 20
"""A worker that has not answered a question for this long is taken for dead. A slow phone,
or a busy machine, can take more than :data:`ANSWER_TIMEOUT_S` over one answer (the worker's
first question after a start imports the computer players): one late answer does not move
every later decision onto the page's thread, where a search of 200 ms at 1x holds up taps."""


def local_storage() -> Backend:
    """The browser's storage, or a memory one where it is refused (sandboxed frames)."""
    try:
        storage: Backend = window.localStorage
        storage.getItem("probe")
        return storage
    except Exception:
        return MemoryBackend()


def forget_query() -> None:
    """Take the query (the settings a link carried, already used) out of the address bar, so
    that a reload resumes the game instead of starting the link's again. The address is made
    absolute: a path such as "//" would read as another host, which the browser refuses."""
    location = window.location
    window.history.replaceState(None, "", str(location.origin) + str(location.pathname))


def browser_languages() -> list[str]:
    try:
        return [str(code) for code in window.navigator.languages]
    except Exception:
        return []


class AiWorker:
    """The computer seats' decisions and hints, answered by a PyScript worker.

    The worker starts on ``start()`` (the pages call it once they are ready) or the first
    question. Whenever it cannot answer (its file does not load, it is still starting
    :data:`BOOT_GRACE_S` after it was started, it stays silent for
    :data:`ANSWER_TIMEOUT_S` or it raises), ``fallback()`` (a game's
    ``AiService``) answers
    on this thread instead, so the game never stalls; a worker silent for :data:`SILENT_S` is
    given up, and ``on_fallback(reason)`` is told once then. ``<html data-ai>`` says who
    answers: "worker" or "main".
    """

    def __init__(
        self,
        fallback: Callable[[], object],
        src: str = "./py/ai_worker.py",
        name: str = "ai",
        on_fallback: Callable[[str], None] | None = None,
    ):
        self.make_fallback = fallback
        self.src, self.name = src, name
        self.on_fallback = on_fallback
        self.worker: Any = None  # the worker's exported functions (a JsProxy)
        self.fallback: object = None  # the game's AiService, once made
        self.failed: str | None = None
        self.ready: asyncio.Future[None] | None = None
        self.started_at = 0.0
        self.late: asyncio.Future[object] | None = None  # a timed-out answer still to come
        self.late_since = 0.0

    def start(self) -> asyncio.Future[None]:
        if self.ready is None:
            self.started_at = time.monotonic()
            self.ready = asyncio.ensure_future(self._start())
        return self.ready

    async def _start(self) -> None:
        try:
            # a missing file would leave create_named_worker waiting forever: ask first
            response = await window.fetch(self.src)
            if not response.ok:
                raise RuntimeError(f"{self.src} answered HTTP {response.status}")
            worker = await create_named_worker(src=self.src, name=self.name)
            await worker.ping()
            if self.failed is None:
                self.worker = worker
        except Exception as e:
            self.give_up(f"{type(e).__name__}: {e}")
        self._mark()

    def _mark(self) -> None:
        document.documentElement.dataset.ai = "worker" if self.worker is not None else "main"

    def give_up(self, reason: str) -> None:
        """Answer on this thread from now on (once; later calls do nothing)."""
        if self.failed is not None:
            return
        window.console.warn(f"AI worker given up: {reason}")
        self.failed = reason
        self.worker = None
        self._mark()
        if self.on_fallback is not None:
            self.on_fallback(reason)

    async def ask(self, method: str, record_json: str, patient: bool = False) -> str:
        """``patient``: wait for a worker still starting however long it takes (a review's
        steps: on this thread they would be tasks of 50-130 ms while it boots)."""
        ready = self.start()
        grace = self.started_at + BOOT_GRACE_S - time.monotonic()
        if self.worker is None and self.failed is None and (patient or grace > 0):
            try:
                await asyncio.wait_for(asyncio.shield(ready), None if patient else grace)
            except TimeoutError:
                pass  # still starting: this one is answered here, the worker may take the next
        if self.late is not None and self.late.done():
            self.late = None  # the late answer came: the worker is alive
        if self.late is not None and time.monotonic() - self.late_since > SILENT_S:
            self.give_up(f"no answer for {SILENT_S} s")
        if self.worker is not None and self.late is None:
            answer = asyncio.ensure_future(getattr(self.worker, method)(record_json))
            try:
                return str(await asyncio.wait_for(asyncio.shield(answer), ANSWER_TIMEOUT_S))
            except TimeoutError:
                window.console.warn(f"AI worker: no answer within {ANSWER_TIMEOUT_S} s")
                self.late, self.late_since = answer, time.monotonic()
            except Exception as e:
                window.console.warn(f"AI worker raised: {e!r}")  # this thread will say why
        if self.fallback is None:
            self.fallback = self.make_fallback()
        said: str = getattr(self.fallback, method)(record_json)
        return said


class Versioned(Protocol):
    """A game at the table whose ``version`` counts the changes to its state."""

    @property
    def version(self) -> int: ...


class ComputerSeats(Protocol):
    """What :func:`computer_step` plays for: a page's controller or an embedded viewer."""

    @property
    def session(self) -> object: ...

    def record_json(self) -> str: ...

    def computer_plays(self, token: str | None) -> None: ...

    def computer_failed(self, reason: str) -> None: ...


class Sharer(Protocol):
    """What :func:`share` asks of a page's controller."""

    def share_url(self, page_url: str) -> str: ...

    def open_share(self, url: str, copied: bool) -> None: ...


async def computer_step(
    brains: AiWorker, owner: ComputerSeats, session: Versioned, version: int, waiting: str
) -> str:
    """One action of the computer seat to move, for ``owner`` (the game page's App or an
    embedded Viewer: ``session``, ``record_json()``, ``computer_plays(token)``,
    ``computer_failed(reason)``). "played"; "stale" when the state moved on while it thought;
    "failed" when not even this page could play the seat (it then goes to a person)."""
    token: str | None = None
    try:
        if waiting == "ai":
            token = await brains.ask("decide", owner.record_json())
            if owner.session is not session or session.version != version:
                return "stale"
        owner.computer_plays(token)
    except Exception as e:
        window.console.error(f"computer seat failed: {e!r}")
        owner.computer_failed(f"{type(e).__name__}: {e}")
        return "failed"
    return "played"


class ScreenReaderMode:
    """A game page's screen-reader mode (:mod:`shell.screenreader`), bound to the DOM.

    ``mount(element)`` draws the switch (and, when on, the live region, the command line and
    its output log) into the page's first container, again after every redraw of the page's
    shell. The page passes ``commands`` (its :class:`shell.screenreader.CommandLine`),
    ``news()`` (its ``(key, text)`` news, e.g. Gold Connection's ``Narrator``'s) and
    ``changed()``
    (redraw after a command moved the game on), and calls :meth:`tell` after each drawing;
    ``on_switch(on)`` is told when the reader turns the mode on or off.
    """

    LIVE_KEPT = 12  # older lines leave the live region (removals are not announced)

    def __init__(
        self,
        store: Store,
        on: bool,
        commands: screenreader.CommandLine,
        news: Callable[[], Iterable[tuple[Hashable, str]]],
        changed: Callable[[], None],
        on_switch: Callable[[bool], None] | None = None,
    ):
        self.store = store
        self.on = on
        self.commands = commands
        self.news = news
        self.changed = changed
        self.on_switch = on_switch
        self.announcer = screenreader.Announcer()
        self.history: list[tuple[str, list[str]]] = []
        self.root: Any = None  # the element the mode is drawn into
        self._proxies = [create_proxy(self._on_change), create_proxy(self._on_submit)]
        document.documentElement.dataset.sr = "on" if on else "off"

    def mount(self, element: Any) -> None:
        self.root = element
        element.innerHTML = screenreader.toggle_html(self.on) + (
            screenreader.region_html(self.history) if self.on else ""
        )
        element.addEventListener("change", self._proxies[0])
        element.addEventListener("submit", self._proxies[1])

    def tell(self) -> None:
        """Say what happened since the last call (each piece of news once)."""
        if self.on:
            self.say(self.announcer.fresh(self.news()))

    def say(self, lines: list[str]) -> None:
        live = document.getElementById(screenreader.LIVE_ID)
        if not live:  # JS null arrives as a falsy JsNull, not None
            return
        # drop old lines first: a line added and removed in one task might never be said
        excess = min(live.childElementCount, live.childElementCount + len(lines) - self.LIVE_KEPT)
        for _ in range(max(0, excess)):
            live.firstElementChild.remove()
        for line in lines:
            p = document.createElement("p")
            p.textContent = line
            live.appendChild(p)

    def focus(self) -> None:
        field = document.getElementById(screenreader.INPUT_ID)
        if field:
            field.focus()

    def _on_change(self, event: Any) -> None:
        if event.target.getAttribute("data-sr") != "toggle":
            return
        self.on = bool(event.target.checked)
        screenreader.remember(self.store, self.on)
        document.documentElement.dataset.sr = "on" if self.on else "off"
        self.announcer.forget()
        if self.on_switch is not None:
            self.on_switch(self.on)
        self.mount(self.root)
        if self.on:
            document.getElementById("sr-toggle").focus()
            self.say([t("sr.on")])
            self.tell()

    def _on_submit(self, event: Any) -> None:
        event.preventDefault()
        field = document.getElementById(screenreader.INPUT_ID)
        text = str(field.value).strip()
        field.value = ""
        if not text:
            return
        reply = self.commands.run(text)
        self.history.append((text, reply.lines))
        output = self.root.querySelector(".sr-output")
        if output:
            output.innerHTML = screenreader.answers_html(self.history)
            output.scrollTop = output.scrollHeight  # the latest answer in view
            del self.history[: -screenreader.SHOWN_ANSWERS]
        if not reply.quiet:
            self.say(reply.lines)
        if reply.changed:
            self.changed()
        self.tell()


async def share(owner: Sharer, draw: Callable[[], None]) -> None:
    """A game page's Share: copy ``owner.share_url(page address)`` (the clipboard may refuse),
    then ``owner.open_share(url, copied)``, ``draw()`` and select the link in the dialog."""
    url = owner.share_url(str(window.location.href))
    try:
        await window.navigator.clipboard.writeText(url)
        copied = True
    except Exception:
        copied = False
    owner.open_share(url, copied)
    draw()
    field = document.querySelector("#dialog .share-link")
    if field:
        field.focus()
        field.select()
