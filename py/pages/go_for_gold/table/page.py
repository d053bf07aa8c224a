"""The table page (``go-for-gold.html?table=…``) bound to the DOM: draws ``TableApp`` and
forwards clicks, field changes and Copy to it. The address bar always holds the table's own
link (``history.replaceState``), so a reload, a locked phone or a bookmark comes back to the
same seat and round."""

import asyncio
from typing import Any

from browser import ScreenReaderMode, browser_languages, local_storage
from browser.clock import note_result
from browser.page import Painter
from pyodide.ffi import create_proxy
from pyscript import document, window
from shell import screenreader
from shell.i18n import language, t

from pages.go_for_gold.table import screenreader as spoken
from pages.go_for_gold.table import view
from pages.go_for_gold.table.app import TableApp

FOCUS_ORDER = ("#panel .btn.primary:not([disabled])", "#panel .btn:not([disabled])", "#panel")


def wanted(query: str) -> bool:
    """Whether the address asks for the table page: a ``table=`` parameter."""
    return any(part.startswith("table=") for part in query.lstrip("?").split("&"))


class TablePage:
    def __init__(self) -> None:
        self.app = TableApp(local_storage(), str(window.location.search), browser_languages())
        self.painter = Painter(primary=FOCUS_ORDER)
        self.announced: tuple[str, ...] = ()
        asked = next(
            (
                screenreader.parse_flag(part[3:])
                for part in str(window.location.search).lstrip("?").split("&")
                if part.startswith("sr=")
            ),
            None,
        )
        self.sr = ScreenReaderMode(
            self.app.site,
            screenreader.choose(self.app.site, asked),
            spoken.commands(self.app),
            news=lambda: spoken.news(self.app),
            changed=self.draw,
            on_switch=lambda on: self.draw(),
        )
        self.draw_shell()
        self._proxies = [create_proxy(self.on_click), create_proxy(self.on_change)]
        root = document.getElementById("app")
        root.addEventListener("click", self._proxies[0])
        root.addEventListener("change", self._proxies[1])
        root.addEventListener("input", self._proxies[1])

    def page_url(self) -> str:
        location = window.location
        return str(location.origin) + str(location.pathname)

    def draw_shell(self) -> None:
        document.getElementById("app").innerHTML = view.shell()
        self.sr.mount(document.getElementById("a11y"))
        document.title = t("gt.title") + " · " + t("gg.title")
        document.documentElement.lang = self.shell_language = language()
        self.painter.reset()

    def draw(self) -> None:
        if language() != self.shell_language:
            self.draw_shell()
        address = self.app.address()
        # the set-up form opens at its heading: focusing "Make the table" under its fields
        # scrolled the heading and the first names out of a phone's view (issue #58)
        self.painter.keep_view = self.app.screen == "setup"
        if str(window.location.search) != address:
            window.history.replaceState(None, "", self.page_url() + address)
        note_result(self.app.site, self.app.result())  # the finished table, counted here
        self.painter.paint(view.parts(self.app, self.page_url()))
        self.announce()
        root = document.documentElement
        root.dataset.state = "ready"
        root.dataset.table = self.app.state()
        root.dataset.version = str(self.app.version)

    def announce(self) -> None:
        """What to say, and a refused code, once each through the polite live region."""
        if self.sr.on:
            self.sr.tell()
            return
        dev = self.app.dev
        lines = tuple(
            t(f"gt.say.{k}" + (f".{a}" if a else "")) for k, a in (dev.say if dev else [])
        )
        if lines and lines != self.announced:
            document.getElementById("live").textContent = t("gt.say.title") + " " + " ".join(lines)
        self.announced = lines

    def on_click(self, event: Any) -> None:
        el = event.target.closest("[data-intent]")
        if el and not el.disabled:
            name, arg = el.getAttribute("data-intent"), el.getAttribute("data-arg") or ""
            if name == "copy":
                box = el.closest("[data-copy]")
                asyncio.ensure_future(self.copy(str(box.getAttribute("data-copy")), arg))
                return
            if self.app.intent(name, arg):
                self.draw()
            return
        field = event.target.closest("#island [data-field]")
        if field and self.app.intent("field", field.getAttribute("data-field")):
            self.draw()

    def on_change(self, event: Any) -> None:
        el = event.target
        if not el.hasAttribute("data-setting"):
            return
        if self.app.setting(
            el.getAttribute("data-setting"), el.getAttribute("data-seat"), str(el.value)
        ):
            self.draw()

    async def copy(self, text: str, key: str) -> None:
        """The phone's share sheet where there is one, else the clipboard, else the text is
        selected for the person to copy."""
        navigator = window.navigator
        try:
            if hasattr(navigator, "share") and navigator.maxTouchPoints > 0:
                await navigator.share(window.Object.fromEntries([["url", text]]))
            else:
                await navigator.clipboard.writeText(text)
            self.app.intent("copied", key)
        except Exception:
            field = document.getElementById(f"copy-{key}")
            if field:
                field.focus()
                field.select()
        self.draw()


def start() -> TablePage:
    page = TablePage()
    page.draw()
    return page
