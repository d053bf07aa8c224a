"""The daily page (daily.html) bound to the DOM: shell.dailypage's state drawn into ``#app``,
the local clock read every second (the countdown, and a new game at local midnight), sharing
a result, the statistics' file and the browser asked to keep the site's storage."""

import asyncio
from typing import Any
from urllib.parse import parse_qsl

import games
from browser import browser_languages, local_storage
from browser.clock import local_now
from pyodide.ffi import create_proxy, to_js
from pyscript import document, window
from shell import i18n, site, stats
from shell.dailypage import DailyApp, DailyGame
from shell.i18n import t

ROOT = document.documentElement


def daily_games() -> list[DailyGame]:
    """Every game of the registry that has a daily game, in the registry's order."""
    out = []
    for game in games.GAMES:
        module = game.daily_module()
        if module is not None:
            viewer = getattr(module, "drill_view", None)
            out.append(
                DailyGame(game.key, game.title, game.href, module.KIND, module.link, viewer)
            )
    return out


def js_object(values: dict[str, str]) -> Any:
    return to_js(values, dict_converter=window.Object.fromEntries)


class Page:
    def __init__(self) -> None:
        today, left = local_now()
        self.app = DailyApp(local_storage(), daily_games(), today, left)
        query = dict(parse_qsl(str(window.location.search).lstrip("?")[:400]))
        asked = query.get("lang") if query.get("lang") in i18n.languages() else None
        site.choose_language(self.app.store, asked, browser_languages())
        self._proxies = [
            create_proxy(self.on_click),
            create_proxy(self.on_change),
            create_proxy(self.on_tick),
            create_proxy(self.on_return),
        ]
        document.addEventListener("click", self._proxies[0])
        document.addEventListener("change", self._proxies[1])
        window.addEventListener("pageshow", self._proxies[3])
        window.addEventListener("storage", self._proxies[3])
        window.setInterval(self._proxies[2], 1000)
        self.draw()
        ROOT.dataset.state = "ready"
        asyncio.ensure_future(self.persist())

    def draw(self) -> None:
        """The whole page from the state; focus stays on the control that had it."""
        active = document.activeElement
        keep = None
        if active is not None and active != document.body:
            keep = active.getAttribute("data-focus") or active.id or None
        ROOT.lang = i18n.language()
        document.title = t("daily.title")
        document.getElementById("app").innerHTML = self.app.html()
        if keep:
            found = document.querySelector(f'[data-focus="{keep}"]') or document.getElementById(
                keep
            )
            if found:
                found.focus()

    def on_tick(self, *_: Any) -> None:
        today, left = local_now()
        if self.app.tick(today, left):
            self.draw()
        else:
            clock = document.getElementById("countdown")
            if clock:
                clock.textContent = self.app.html_countdown()

    def on_return(self, *_: Any) -> None:
        """Back from a game (the page from the back-forward cache) or another tab wrote."""
        self.app.reload()
        self.draw()

    def on_click(self, event: Any) -> None:
        target = event.target.closest("[data-intent]")
        if not target:
            return
        intent = str(target.dataset.intent)
        if intent == "share":
            asyncio.ensure_future(self.share(str(target.dataset.arg)))
        elif intent == "export":
            self.export()
        elif intent == "import":
            document.getElementById("import-file").click()  # the browser's file chooser
        elif intent == "drill":
            self.app.answer_drill(int(str(target.dataset.arg)))
            self.draw()
            verdict = document.getElementById("drill-verdict")
            if verdict:
                verdict.setAttribute("tabindex", "-1")
                verdict.focus()
        elif intent == "drill-next":
            self.app.next_drill()
            self.draw()
            first = document.querySelector('[data-intent="drill"]')
            if first:
                first.focus()

    def on_change(self, event: Any) -> None:
        el = event.target
        setting = el.getAttribute("data-setting")
        if setting == "lang":
            site.remember_language(self.app.store, str(el.value))
            self.draw()
        elif setting == "archive":
            self.app.choose_day(str(el.value))
            self.draw()
        elif el.id == "import-file" and el.files.length:
            asyncio.ensure_future(self.import_file(el.files.item(0)))

    async def share(self, key: str) -> None:
        text = self.app.share(key)
        if text is None:
            return
        copied = False
        navigator = window.navigator
        try:
            if getattr(navigator, "share", None) and window.matchMedia("(pointer: coarse)").matches:
                await navigator.share(js_object({"text": text}))
                copied = True
            else:
                await navigator.clipboard.writeText(text)
                copied = True
        except Exception:
            copied = False  # refused or cancelled: the text is shown to copy by hand
        self.app.shared_as(key, text, copied)
        self.draw()
        box = document.getElementById("share-text")
        if box:  # its description says whether it is copied: a screen reader hears it there
            box.focus()
            box.select()

    def export(self) -> None:
        name, text = self.app.export()
        blob = window.Blob.new(to_js([text]), js_object({"type": "application/json"}))
        url = window.URL.createObjectURL(blob)
        link = document.createElement("a")
        link.href, link.download = url, name
        document.body.appendChild(link)
        link.click()
        link.remove()
        window.setTimeout(create_proxy(lambda: window.URL.revokeObjectURL(url)), 10_000)
        self.app.exported(name)
        self.draw()
        self.show_notice()

    async def import_file(self, file: Any) -> None:
        # a huge file is read only as far as the reader's limit: it is refused by its length
        text = await file.slice(0, stats.MAX_FILE + 1).text()
        self.app.import_text(str(text))
        self.draw()
        self.show_notice()

    def show_notice(self) -> None:
        """Focus on the file's notice, so what happened is read out where it is shown."""
        notice = document.getElementById("file-notice")
        if notice:
            notice.setAttribute("tabindex", "-1")
            notice.focus()

    async def persist(self) -> None:
        """Ask the browser to keep the site's storage (the statistics) when space runs short."""
        try:
            storage = window.navigator.storage
            kept = bool(await storage.persisted()) or bool(await storage.persist())
        except Exception:
            kept = False
        self.app.persisted = kept
        self.draw()


page = Page()
