"""Go for Gold's page bound to the DOM: draws the controller and runs the dice and the
computer seats, these through the site's one AI worker (``browser.AiWorker``).

One event path, as on Gold Connection's page: delegated click, key and change handlers turn
into ``App.intent``/``App.setting`` calls, then the changed parts are drawn again.
"""

import asyncio
import json
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from browser import (
    AiWorker,
    ScreenReaderMode,
    browser_languages,
    forget_query,
    local_storage,
    share,
)
from browser.clock import note_result, other_tab_wrote, today
from browser.page import Painter, Tapping, key_name, press_shortcut, touch_screen, trap_tab
from browser.review import review_loop as run_review
from pyodide.ffi import create_once_callable, create_proxy
from pyscript import document, window
from shell import screenreader
from shell.i18n import language, t
from shell.settings import SPEED_DELAY_MS

from pages.go_for_gold import daily, view
from pages.go_for_gold import screenreader as spoken
from pages.go_for_gold.controller import App
from pages.go_for_gold.cursor import step_towards

if TYPE_CHECKING:
    from pages.go_for_gold.ai_service import AiService
    from pages.go_for_gold.review import ReviewRun
    from pages.go_for_gold.table.page import TablePage

window.performance.mark("site:imported")  # bench/load.py: the imports took until here

ROOT = document.documentElement
FOCUS_ORDER = (  # where focus goes when the control it was on is gone
    "#decision .btn.primary:not([disabled])",
    "#island.playing [tabindex='0']",
    "#decision .btn:not([disabled])",
    "#decision",
)
MORPHED = ("status", "sheet", "others")  # kept nodes: the die tumbles once a roll, not a redraw
ARROWS = {"ArrowLeft": "left", "ArrowRight": "right", "ArrowUp": "up", "ArrowDown": "down"}


def local_brain() -> "AiService":
    """The computer seats on this thread (the worker is lost or still starting): the AI is
    imported only then, off the first screen's path."""
    from pages.go_for_gold.ai_service import AiService

    return AiService()


class Page:
    def __init__(self) -> None:
        location = window.location
        self.app = App(
            local_storage(),
            str(location.search),
            browser_languages(),
            touch_screen(),
            str(location.hash),
        )
        self.app.today = today()  # a link to today's daily island is the dialog's default
        if self.app.url_consumed:  # a reload resumes this game rather than asking again
            forget_query()
        # morphed: a pointed field or a step redraws only what changed
        self.painter = Painter(
            primary=FOCUS_ORDER, keep_view=True, morphed=lambda key: key in MORPHED
        )
        self.brains = AiWorker(local_brain, on_fallback=self.worker_lost)
        self.loop_task: asyncio.Future[None] | None = None
        self.review_task: asyncio.Future[None] | None = None
        self.announced = self.app.logged
        self.tumbled: tuple[int, int] | None = None  # the roll the die last tumbled for
        self.sr = ScreenReaderMode(
            self.app.site,
            screenreader.choose(self.app.site, self.app.sr_asked),
            spoken.commands(self.app, lambda: self.do("hint")),
            news=lambda: spoken.news(self.app),
            changed=self.changed,
            on_switch=lambda on: self.draw(),
        )
        self.draw_shell()
        self._proxies = [
            create_proxy(self.on_click),
            create_proxy(self.on_key),
            create_proxy(self.on_change),
            create_proxy(self.on_focus),
            create_proxy(self.on_hover),
            create_proxy(self.on_leave),
            create_proxy(self.on_storage),
        ]
        window.addEventListener("storage", self._proxies[6])
        root = self.root = document.getElementById("app")
        root.addEventListener("click", self._proxies[0])
        document.addEventListener("keydown", self._proxies[1])
        root.addEventListener("change", self._proxies[2])
        root.addEventListener("focusin", self._proxies[3])
        root.addEventListener("mouseover", self._proxies[4])
        root.addEventListener("focusout", self._proxies[5])
        root.addEventListener("mouseleave", self._proxies[5])

    def draw_shell(self) -> None:
        document.getElementById("app").innerHTML = view.shell()
        self.sr.mount(document.getElementById("a11y"))
        document.title = t("gg.title")
        ROOT.lang = self.shell_language = language()
        self.painter.reset()

    hover_pending = False
    """A field pointed at by the mouse is still to be drawn (at the next frame)."""

    def draw(self) -> None:
        self.hover_pending = False
        if language() != self.shell_language:
            self.draw_shell()
        self.app.save()
        self.app.daily_note = note_result(self.app.site, daily.result(self.app.game))
        self.painter.paint(view.parts(self.app))
        self.tumble()
        self.announce()
        ROOT.dataset.state = self.app.state()
        window.performance.mark("gg-redraw")

    def tumble(self) -> None:
        """A new roll: the die tumbles again (the status is morphed, its die node kept)."""
        seen = self.app.roll_seen
        at = (self.app.games, seen.at) if seen else None
        if at == self.tumbled:
            return
        self.tumbled = at
        die = document.querySelector("#status .die")
        if die:  # a CSS animation starts again once it was set to none for one layout
            die.style.animation = "none"
            _ = die.offsetWidth
            die.style.removeProperty("animation")

    def announce(self) -> None:
        """New log lines, once each, through the polite live region (in screen-reader mode,
        through the mode's own region, with what the person is asked)."""
        fresh = self.app.news(self.announced)
        self.announced = self.app.logged
        if self.sr.on:
            self.sr.tell()
        elif fresh:
            document.getElementById("live").textContent = " ".join(fresh)

    def changed(self) -> None:
        self.draw()
        self.ensure_loop()

    # ---- events -------------------------------------------------------------------------------

    def on_storage(self, event: Any) -> None:
        """Another tab wrote to storage: if it was the save, this tab stops saving over it;
        if it was the statistics, the games this page recorded are kept in them."""
        other_tab_wrote(self.app.site, event.key)
        if event.key == self.app.store.key("save"):
            value = event.newValue
            if self.app.other_tab_saved(str(value) if isinstance(value, str) else None):
                self.draw()

    tapped = False
    """A pointer's tap was drawn and its frame has not come yet: the focus the painter puts
    back in that frame's callbacks is drawn a frame later, after the tap's own paint."""

    def on_click(self, event: Any) -> None:
        with Tapping(self.painter, event):  # a pointer's: focus back at the next frame
            self.clicked(event)
        if event.detail and not self.tapped:
            self.tapped = True  # this frame callback comes after the painter's, asked before
            window.requestAnimationFrame(create_once_callable(self.tap_painted))

    def tap_painted(self, *_: Any) -> None:
        self.tapped = False

    def clicked(self, event: Any) -> None:
        el = event.target.closest("[data-intent]")
        if el:
            if not el.matches(":disabled"):  # a div (the thumbnail) has no .disabled at all
                self.do(el.getAttribute("data-intent"), el.getAttribute("data-arg") or "")
            return
        field = event.target.closest("#island [data-field]")
        if field:
            self.do("field", field.getAttribute("data-field"))

    def on_focus(self, event: Any) -> None:
        """Focus on a field: the keyboard's ring, and the field's odds and light: drawn at once
        for the keyboard; for a pointer, with its tap (:meth:`draw_soon`): a press focuses the
        field it is on, and the painter puts focus back in the frame after a tap."""
        field = event.target.closest("#island [data-field]") if event.target.closest else None
        if field:
            self.app.intent("cursor", field.getAttribute("data-field"))
        if self.hover_pending or self.tapped:
            if self.pointed(event):
                self.draw_soon()
            return
        self.on_point(event)

    def on_hover(self, event: Any) -> None:
        """The mouse over a field: drawn at the next frame, not at once. A tap sends its
        mouseover just before its click (a mouse's move, a finger's compatibility events), and
        a drawing of each, one after the other, made the tap wait for both; the click's drawing
        shows the field pointed at as well, and the frame's callback then has nothing to do."""
        if self.pointed(event):
            self.draw_soon()

    def draw_soon(self) -> None:
        """Draw at the next frame, unless a drawing comes first (the click's)."""
        if not self.hover_pending:
            self.hover_pending = True
            window.requestAnimationFrame(create_once_callable(self.hovered))

    def hovered(self, *_: Any) -> None:
        if self.hover_pending:
            self.draw()

    def on_point(self, event: Any) -> None:
        """A field or a harbour's Start button focused: its odds, its light, drawn at once."""
        if self.pointed(event):
            self.draw()

    def pointed(self, event: Any) -> bool:
        """A field or a harbour's Start button pointed at or focused: its odds, its light.
        True when the page should be drawn again."""
        target = event.target
        pointable = "#island [data-field], #decision button.harbour"
        el = target.closest(pointable) if target.closest else None
        field = ""
        if el and el.hasAttribute("data-field"):
            field = el.getAttribute("data-field")
        elif el:
            field = (el.getAttribute("data-arg") or "").split(" ")[-1]
        return self.app.intent("point", field)

    def on_leave(self, event: Any) -> None:
        """The pointer left the page or focus left a control: drawn once focus has landed
        (during focusout it is on the body, and a drawing then would move it). Focus moving to
        another control of the page is its focusin's to draw (one drawing, not two a press)."""
        going = event.relatedTarget if event.type == "focusout" else None
        if going and self.root.contains(going):
            return
        if self.app.intent("point", ""):
            asyncio.get_event_loop().call_soon(self.draw)

    def on_key(self, event: Any) -> None:
        if event.key == "Tab" and trap_tab(event, "#dialog .overlay"):
            return
        name = key_name(event)
        if name is None:
            return
        target = event.target
        field = target.closest("#island [data-field]") if target.closest else None
        if field and name in ARROWS:
            event.preventDefault()
            nxt = step_towards(self.app.game.island, field.getAttribute("data-field"), ARROWS[name])
            el = document.querySelector(f'#island [data-field="{nxt}"]') if nxt else None
            if el:
                field.setAttribute("tabindex", "-1")
                el.setAttribute("tabindex", "0")
                el.focus()
            return
        if field and name in ("Enter", " "):
            event.preventDefault()
            self.do("field", field.getAttribute("data-field"))
            return
        if name in ("Enter", " ") and (target.tagName or "").lower() in ("button", "a"):
            return  # the focused control answers, as browsers do
        dialog = document.querySelector("#dialog .overlay")
        if name == "Escape":
            self.do("escape")
            return
        if press_shortcut(name, "#dialog .overlay" if dialog else "#app", self.do):
            event.preventDefault()

    def on_change(self, event: Any) -> None:
        el = event.target
        if not el.hasAttribute("data-setting"):
            return
        if self.app.setting(
            el.getAttribute("data-setting"), el.getAttribute("data-seat"), str(el.value)
        ):
            self.draw()

    def worker_lost(self, reason: str) -> None:
        self.app.notices.append(("gg.notice.worker_failed", {"reason": reason}))
        self.draw()

    def do(self, name: str, arg: str = "") -> None:
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

    async def share(self) -> None:
        await share(self.app, self.draw)

    async def hint(self) -> None:
        """Ask the worker for the strongest level's advice; the buttons stay usable."""
        app = self.app
        if not app.hint_asked():
            return
        moves = len(app.game.moves)
        self.draw()
        hint = None
        try:
            hint = json.loads(await self.brains.ask("hint", app.record_json()))
        except Exception as e:
            app.notices.append(("gg.notice.hint_failed", {"reason": f"{type(e).__name__}: {e}"}))
        app.set_hint(hint, moves)
        self.draw()

    # ---- the dice and the computer seats ------------------------------------------------------

    def ensure_loop(self) -> None:
        if self.loop_task is None or self.loop_task.done():
            self.loop_task = asyncio.ensure_future(self.run())

    async def run(self) -> None:
        while True:
            app = self.app
            waiting = app.waiting()
            if waiting not in ("chance", "ai"):
                return
            version = app.version
            await asyncio.sleep(0 if app.skipping else SPEED_DELAY_MS[app.speed] / 1000)
            if app.version != version or app.waiting() != waiting:
                continue
            if waiting == "chance":
                app.roll()
            else:
                try:
                    window.performance.mark("gg-ask")  # bench/go_for_gold.py reads "gg-decide"
                    token = await self.brains.ask("decide", app.record_json())
                    window.performance.measure("gg-decide", "gg-ask")
                    if app.version != version:
                        continue
                    app.computer_plays(token)
                except Exception as e:
                    window.console.error(f"computer seat failed: {e!r}")
                    app.computer_failed(f"{type(e).__name__}: {e}")
            self.draw()


    # ---- the review of a finished game --------------------------------------------------------

    def ensure_review(self) -> None:
        if self.review_task is None or self.review_task.done():
            self.review_task = asyncio.ensure_future(self.review_loop())

    async def review_loop(self) -> None:
        from pages.go_for_gold import review

        def prepare(run: "ReviewRun") -> Iterator[None]:
            return review.prepare(run, review.names_of(self.app.game), review.link(run))

        await run_review(self.app, self.brains, "go_for_gold", daily.drills, prepare, self.draw)


def start() -> "Page | TablePage":
    """Draw the first screen and start the computer seats; py/play.py keeps the page. An
    address with ``table=`` opens the table page instead (``table.page``)."""
    if "table=" in str(window.location.search):
        from pages.go_for_gold.table.page import start as table

        return table()
    page = Page()
    page.draw()
    page.ensure_loop()
    page.brains.start()
    return page
