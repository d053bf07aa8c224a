"""The page: binds the DOM to the app (py/app/), and runs the computer seats via the AI worker.

The only module that touches the browser.  One event path: delegated click, key and change
handlers on #app turn into ``App.intent``/``App.setting`` calls, then everything is drawn
again from the state.  Computer seats play in an asyncio loop that awaits the worker.
"""

import asyncio
import json
import time

import stdlib_bytecode  # noqa: F401  (first of ours: the standard library's bytecode)
from app import screenreader, spoken, view
from app.app import App
from app.i18n import language, t
from app.settings import SPEED_DELAY_MS
from browser import (
    Brains,
    ScreenReaderMode,
    browser_languages,
    computer_step,
    local_storage,
    share,
)
from browser.page import focus_selector, trap_tab
from pyodide.ffi import create_proxy, to_js
from pyscript import document, window

window.performance.mark("site:imported")  # bench/load.py: the imports took until here

ROOT = document.documentElement
KEY_NAMES = {"arrowleft": "ArrowLeft", "arrowright": "ArrowRight", "escape": "Escape"}
INSTANT_FRAME_S = 0.25  # at instant pace, draw a few frames a second rather than every step


FIELD_KEYS = set("0123456789WE")  # at the move prompt: type a field's name to walk there


def local_brain():
    """The computer seats on this thread (the worker is lost or still starting): the AI is
    imported only then, off the first screen's path."""
    from app.brain import Brain

    return Brain()


def touch_screen() -> bool:
    """A device without hover (a phone, a tablet): its texts say "tap", not "click"."""
    media = window.matchMedia
    return bool(media("(hover: none)").matches or media("(pointer: coarse)").matches)


class Page:
    def __init__(self):
        self.app = App(
            local_storage(), str(window.location.search), browser_languages(), touch_screen()
        )
        if self.app.url_consumed:  # a reload should resume this game, not start another
            window.history.replaceState(None, "", window.location.pathname)
        self.drawn: dict[str, str] = {}
        self.opener: str | None = None  # the control that opened the dialog on screen
        self.brains = Brains(local_brain, on_fallback=self.worker_lost)
        self.ai_task = None
        self.review_task = None
        self.narrator = spoken.Narrator()
        self.sr = ScreenReaderMode(
            self.app.site,
            screenreader.choose(self.app.site, self.app.sr_asked),
            spoken.commands(self.app),
            news=lambda: self.narrator.news(self.app.session),
            changed=self.changed,
            on_switch=self.sr_switched,
        )
        root = document.getElementById("app")
        self.draw_shell()
        self._proxies = [
            create_proxy(self.on_click),
            create_proxy(self.on_key),
            create_proxy(self.on_change),
            create_proxy(self.on_storage),
        ]
        root.addEventListener("click", self._proxies[0])
        document.addEventListener("keydown", self._proxies[1])
        root.addEventListener("change", self._proxies[2])
        root.addEventListener("input", self._proxies[2])
        window.addEventListener("storage", self._proxies[3])

    # ---- drawing ------------------------------------------------------------------------------

    def draw_shell(self):
        """The page's frame in the language in force (again after a switch of language)."""
        document.getElementById("app").innerHTML = view.shell()
        self.sr.mount(document.getElementById("a11y"))
        document.title = t("app.title")
        ROOT.lang = self.shell_language = language()
        self.drawn = {}

    def draw(self, side: bool | None = None):
        if language() != self.shell_language:
            self.draw_shell()
            side = None
        active = document.activeElement
        where = focus_selector(active)
        dialog_before = self.drawn.get("dialog", "")
        if side is not True:
            self.app.save()  # first: a refused save is shown in this very drawing
        for key, html in self.app.parts(side).items():
            if self.drawn.get(key) != html:
                element = document.getElementById(key)
                for inner in [k for k in self.drawn if k != key and element.querySelector(f"#{k}")]:
                    del self.drawn[inner]  # about to be replaced by empty slots
                element.innerHTML = html
                self.drawn[key] = html
        ROOT.dataset.state = self.app.state()
        lost_focus = False
        gone = active is not None and not active.isConnected
        if gone or (where is not None and active.matches(":disabled")):
            same = document.querySelector(where) if where else None  # the control drawn anew
            if same and not same.matches(":disabled"):
                same.focus()
            else:
                lost_focus = True
        dialog = document.querySelector("#dialog .overlay")
        nowhere = not active or str(active.tagName) == "BODY"  # e.g. after a computer's turn
        if dialog and self.drawn.get("dialog") != dialog_before and not dialog_before:
            self.opener = where  # focus goes back there when the dialog closes
            first = dialog.querySelector(".btn.primary, input, select")
            if first:
                first.focus()
        elif dialog_before and not dialog:
            self.focus_opener()
        elif lost_focus or (nowhere and not dialog):
            self.focus_primary()
        if side is not True:
            self.sr.tell()
            window.performance.mark("gc-redraw")

    def focus_opener(self):
        """Back to the control that opened the dialog just closed, else the panel's action."""
        opener = document.querySelector(self.opener) if self.opener else None
        self.opener = None
        if opener and not opener.matches(":disabled") and opener.getClientRects().length:
            opener.focus()
        else:
            self.focus_primary()

    def sr_switched(self, on: bool) -> None:
        self.narrator = spoken.Narrator()  # from now on: where the game stands, then news

    def focus_primary(self):
        """Focus the obvious next step: the dialog's, else the panel's primary button (Stop
        after a roll, not the first destination), else the panel's title, so keys go on."""
        target = (
            document.querySelector("#dialog .btn.primary")
            or document.querySelector("#panel .btn.primary:not([disabled])")
            or document.querySelector("#panel .panel-title")
        )
        if target:
            target.focus(to_js({"preventScroll": True}, dict_converter=window.Object.fromEntries))

    def changed(self):
        self.draw()
        self.ensure_ai()

    # ---- events -------------------------------------------------------------------------------

    def on_click(self, event):
        el = event.target.closest("[data-intent]")
        if el:
            if el.disabled:
                return
            self.do(el.getAttribute("data-intent"), el.getAttribute("data-arg") or "")
            return
        if not event.target.closest("#board"):
            return
        bar = event.target.closest("[data-bar]")
        field = event.target.closest("[data-field]")
        game = self.app.session.game
        if bar and game.prompt == "act" and bar.getAttribute("data-field") == game.turn.arrow:
            self.do("bar", bar.getAttribute("data-bar"))
        elif field:
            self.do("field", field.getAttribute("data-field"))

    def on_key(self, event):
        if event.altKey or event.metaKey or event.isComposing:
            return
        if event.key == "Tab" and self.trap_tab(event):
            return
        tag = (event.target.tagName or "").lower()
        if tag in ("input", "select", "textarea") and event.key != "Escape":
            return
        key = str(event.key)
        if key in ("Enter", " ") and tag in ("button", "a"):
            return  # the focused button answers, as browsers do
        field = event.target.closest("#board [data-field][tabindex]") if tag == "g" else None
        if key in ("Enter", " ") and field:
            event.preventDefault()
            self.do("field", field.getAttribute("data-field"))
            return
        if event.ctrlKey:
            if key.lower() == "z":
                event.preventDefault()
                self.do("undo")
            return
        if key == "Escape":
            self.do("escape")
            return
        name = KEY_NAMES.get(key.lower(), key.upper() if len(key) == 1 else key)
        dialog = document.querySelector("#dialog .overlay")
        if not dialog and self.app.session.game.prompt == "move" and name in FIELD_KEYS:
            event.preventDefault()
            self.do("type", name)
            return
        if not dialog and key == "Enter":
            event.preventDefault()  # else the button focused next (Stop) takes this Enter too
            self.do("enter")
            return
        scope = "#dialog .overlay" if dialog else "#app"
        for el in document.querySelectorAll(f'{scope} [aria-keyshortcuts="{name}"]'):
            if not el.disabled:
                event.preventDefault()
                self.do(el.getAttribute("data-intent"), el.getAttribute("data-arg") or "")
                return

    def trap_tab(self, event) -> bool:
        return trap_tab(event, "#dialog .overlay")

    def on_change(self, event):
        el = event.target
        if not el.hasAttribute("data-setting"):
            return
        if event.type == "input" and el.tagName.lower() == "select":
            return
        redraw = self.app.setting(
            el.getAttribute("data-setting"), el.getAttribute("data-seat"), str(el.value)
        )
        if redraw:
            self.draw()

    def on_storage(self, event):
        """Another tab wrote to storage: if it was the save, this tab stops saving over it."""
        if event.key == self.app.store.key("save"):
            value = event.newValue
            if self.app.other_tab_saved(str(value) if isinstance(value, str) else None):
                self.draw()

    def worker_lost(self, reason):
        """The AI worker is given up: its questions are answered on this page from now on."""
        self.app.notices.append(("notice.worker_failed", {"reason": reason}))
        self.draw()

    def do(self, name, arg=""):
        if name == "hint":
            asyncio.ensure_future(self.hint())
            return
        if name in ("share", "copy"):
            asyncio.ensure_future(self.share())
            return
        if self.app.intent(name, arg):
            self.changed()
            if name == "review":
                self.ensure_review()

    # ---- the computer seats -------------------------------------------------------------------

    def ensure_ai(self):
        if self.ai_task is None or self.ai_task.done():
            self.ai_task = asyncio.ensure_future(self.ai_loop())

    async def ai_loop(self):
        drawn_at = 0.0
        while True:
            app = self.app
            session = app.session
            waiting = session.waiting()
            if waiting not in ("ai", "ai-roll") or app.dialog in ("newgame", "confirm"):
                return
            version = session.version
            await asyncio.sleep(SPEED_DELAY_MS[app.speed] / 1000)
            paused = app.dialog in ("newgame", "confirm")
            if app.session is not session or session.version != version or paused:
                continue
            step = await computer_step(self.brains, app, session, version, waiting)
            if step == "stale":
                continue
            if step == "failed":
                self.draw()
                return
            now = time.monotonic()
            if (
                app.speed != "instant"
                or now - drawn_at > INSTANT_FRAME_S
                or session.waiting() not in ("ai", "ai-roll")
            ):
                self.draw(
                    side=False
                )  # the vault and the panel first, the side in a task of its own
                await asyncio.sleep(0)
                self.draw(side=True)
                drawn_at = now
            else:
                app.save()  # every action is saved, even when the screen skips a frame

    # ---- the review of a finished game --------------------------------------------------------

    def ensure_review(self):
        if self.review_task is None or self.review_task.done():
            self.review_task = asyncio.ensure_future(self.review_loop())

    async def review_loop(self):
        """Ask the worker for the review step by step; every answer redraws the progress."""
        run = self.app.review
        while run is not None and not run.finished and self.app.review is run:
            try:
                run.take(await self.brains.ask("review", run.request()))
            except Exception as e:
                run.fail(f"{type(e).__name__}: {e}")
            if self.app.dialog == "review":
                self.draw()
            await asyncio.sleep(0)  # the page answers clicks between two steps

    async def share(self):
        await share(self.app, self.draw)

    async def hint(self):
        app = self.app
        session = app.session
        if session.waiting() != "human" or app.hint_busy:
            return
        version = session.version
        app.hint_busy = True
        self.draw()
        hint = None
        try:
            hint = json.loads(await self.brains.ask("hint", app.record_json()))
        except Exception as e:
            app.notices.append(("notice.hint_failed", {"reason": f"{type(e).__name__}: {e}"}))
        finally:
            app.hint_busy = False
        if hint is not None and app.session is session and session.version == version:
            session.set_hint(hint)
        self.draw()


page = Page()
page.draw()
page.brains.start()
page.ensure_ai()
