"""The embed page (embed.html) and the how-to-play page (howto.html): viewers bound to the DOM.

The only module of these two pages that touches the browser.  A :class:`Widget` draws one
game's replay viewer (``pages.<game>.replay``) into an element and forwards its clicks, keys and
slider moves as
intents; it runs the autoplay clock and the computer seats of play mode (in the AI worker, as
the game's page does).  The embed page reads its game from its address and tells the page
that frames it its height (``postMessage``); the how-to page renders its text from the message
table and one widget per rulebook example.
"""

import asyncio
import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Protocol, cast

import games
from browser import AiWorker, browser_languages, computer_step, local_storage
from browser.page import no_scroll, shortcut_name, touch_screen
from pyodide.ffi import create_proxy, to_js
from pyscript import document, fetch, window
from shell import i18n, links, replay, site
from shell.html import esc, tag
from shell.i18n import Message, t
from shell.settings import SPEED_DELAY_MS
from shell.store import Store

if TYPE_CHECKING:
    from types import ModuleType

window.performance.mark("site:imported")  # bench/load.py: the imports took until here

ROOT = document.documentElement
SITE_NAMESPACE = "site"  # the site shell's store, shared with the game's page
HEIGHT_MESSAGE = "gold-connection:height"
KEYS = {"ArrowLeft": "prev", "ArrowRight": "next", "Home": "first", "End": "last"}


def local_brain() -> games.AiServices:
    """Play mode's computer seats and the review on this thread (the worker is lost or still
    starting): each game's AI is imported only then."""
    return games.AiServices()


# ---- what this page asks of a game's replay viewer (``pages.<game>.replay``) -----------------


class PlayTurn(Protocol):
    @property
    def arrow(self) -> str: ...


class PlayGame(Protocol):
    """The game a viewer plays on, as a click on its board reads it (Gold Connection's)."""

    @property
    def prompt(self) -> str: ...

    @property
    def live(self) -> PlayTurn: ...


class PlaySession(Protocol):
    """The game at the table in a viewer's play mode."""

    @property
    def version(self) -> int: ...

    @property
    def game(self) -> PlayGame: ...

    def waiting(self) -> str: ...


class ReplayViewer(replay.Stepper, Protocol):
    """Any game's viewer: ``open_replay`` and the how-to examples make one."""

    speed: str
    notices: list[Message]

    @property
    def mode(self) -> str: ...

    @property
    def session(self) -> PlaySession | None: ...

    def parts(self) -> dict[str, str]: ...

    def state(self) -> str: ...

    def intent(self, name: str, arg: str = "") -> bool: ...

    def autoplay_ms(self) -> int: ...

    def step(self) -> bool: ...

    def waiting(self) -> str: ...


class PlayingViewer(ReplayViewer, Protocol):
    """A viewer in play mode (its ``session`` is set): it plays the computer seats too."""

    def record_json(self) -> str: ...

    def computer_plays(self, token: str | None) -> None: ...

    def computer_failed(self, reason: str) -> None: ...


class ReviewRun(Protocol):
    """A game's review under way (``pages.<game>.review.ReviewRun``)."""

    @property
    def finished(self) -> bool: ...

    @property
    def result(self) -> object: ...

    @property
    def error(self) -> str | None: ...

    def request(self) -> str: ...

    def take(self, answer: str) -> None: ...

    def fail(self, reason: str) -> None: ...


class Widget:
    """One viewer drawn into one element (``.viewer``), redrawn part by part."""

    def __init__(self, page: "Page", root: Any, viewer: ReplayViewer):
        self.page = page
        self.index = len(page.widgets)
        page.widgets.append(self)
        self.viewer = viewer
        self.clock: asyncio.Future[None] | None = None
        self.ai_task: asyncio.Future[None] | None = None
        self.mount(root)

    def mount(self, root: Any) -> None:
        """Draw into ``root`` (again after the page around it was rebuilt)."""
        self.root = root
        root.classList.add("viewer")
        root.setAttribute("data-widget", str(self.index))
        root.innerHTML = replay.shell()
        self.drawn: dict[str, str] = {}
        self.draw()

    def draw(self) -> None:
        active = document.activeElement
        focus = None
        if active and self.root.contains(active) and active.hasAttribute("data-focus"):
            focus = active.getAttribute("data-focus")
        for name, html in self.viewer.parts().items():
            if self.drawn.get(name) != html:
                self.root.querySelector(f'[data-part="{name}"]').innerHTML = html
                self.drawn[name] = html
        v = self.viewer
        self.root.dataset.mode = v.mode
        self.root.dataset.at = str(v.at)
        self.root.dataset.total = str(v.total)
        self.root.dataset.state = v.state()
        if focus is not None:
            again = self.root.querySelector(f'[data-focus="{focus}"]')
            if again and not again.disabled:
                again.focus()
            else:
                fallback = self.root.querySelector(".vw-controls .btn:not([disabled])")
                if fallback:  # where the view is: "Play from here" on a phone scrolled the
                    fallback.focus(no_scroll())  # board and its heading 640 px out of view
        self.page.changed(self)

    def do(self, name: str, arg: str = "") -> None:
        if self.viewer.intent(name, arg):
            self.draw()
        self.run()

    def run(self) -> None:
        """Start the clock or the computer seats if the state asks for them."""
        v = self.viewer
        if v.autoplay and (self.clock is None or self.clock.done()):
            self.clock = asyncio.ensure_future(self.tick())
        if v.waiting() in ("ai", "ai-roll") and (self.ai_task is None or self.ai_task.done()):
            self.ai_task = asyncio.ensure_future(self.ai_loop())

    async def tick(self) -> None:
        while self.viewer.autoplay:
            await asyncio.sleep(self.viewer.autoplay_ms() / 1000)
            if self.viewer.autoplay:
                self.viewer.step()
                self.draw()

    async def ai_loop(self) -> None:
        while True:
            v = cast(PlayingViewer, self.viewer)  # it plays on: its session is set below
            s = v.session
            if s is None or s.waiting() not in ("ai", "ai-roll"):
                return
            waiting, version = s.waiting(), s.version
            await asyncio.sleep(SPEED_DELAY_MS[v.speed] / 1000)
            if v.session is not s or s.version != version:
                continue
            step = await computer_step(self.page.brains, v, s, version, waiting)
            if step == "stale":
                continue
            if step == "failed":
                self.draw()
                return
            self.draw()

    # ---- events, already routed to this widget ----------------------------------------------

    def click(self, event: Any) -> None:
        el = event.target.closest("[data-intent]")
        if el:
            if not el.disabled:
                self.do(el.getAttribute("data-intent"), el.getAttribute("data-arg") or "")
            return
        session = self.viewer.session
        if session is None or not event.target.closest('[data-part="board"]'):
            return
        bar = event.target.closest("[data-bar]")
        field = event.target.closest("[data-field]")
        via = event.target.closest("[data-via]")  # a corridor for the way being built
        g = session.game
        if via:
            self.do("via", via.getAttribute("data-via"))
        elif bar and g.prompt == "act" and bar.getAttribute("data-field") == g.live.arrow:
            self.do("bar", bar.getAttribute("data-bar"))
        elif field:
            self.do("field", field.getAttribute("data-field"))

    def key(self, event: Any) -> bool:
        key = str(event.key)
        if self.viewer.session is None:
            if key in KEYS:
                event.preventDefault()
                self.do(KEYS[key])
                return True
            return False
        if event.ctrlKey and key.lower() == "z":
            event.preventDefault()
            self.do("undo")
            return True
        name = shortcut_name(key)
        for el in self.root.querySelectorAll(f'[aria-keyshortcuts="{name}"]'):
            if not el.disabled:
                event.preventDefault()
                self.do(el.getAttribute("data-intent"), el.getAttribute("data-arg") or "")
                return True
        return False

    def setting(self, name: str, value: str) -> None:
        if name == "at":
            self.do("goto", value)


class Page:
    """What both pages share: the widgets, the event routing, the language and the AI."""

    def worker_lost(self, reason: str) -> None:
        """The AI worker is given up; each widget playing on says so once."""
        for w in self.widgets:
            if w.viewer.session is not None:
                w.viewer.notices.append(("notice.worker_failed", {"reason": reason}))
                w.draw()

    def __init__(self) -> None:
        self.widgets: list[Widget] = []
        self.brains = AiWorker(local_brain, on_fallback=self.worker_lost)
        self.store = Store(local_storage(), SITE_NAMESPACE)
        self.framed = not getattr(window.Object, "is")(window.parent, window)  # "is": a keyword
        i18n.set_touch(touch_screen())  # "Tap a highlighted field" on a phone, as the game says
        self.single = False  # one widget for the whole page: it sets <html data-state>
        self.frame_id: str | None = None
        self.posted: str | None = None
        self._proxies = [
            create_proxy(self.on_click),
            create_proxy(self.on_key),
            create_proxy(self.on_change),
            create_proxy(lambda *_: self.post_height()),
        ]
        document.addEventListener("click", self._proxies[0])
        document.addEventListener("keydown", self._proxies[1])
        document.addEventListener("change", self._proxies[2])
        document.addEventListener("input", self._proxies[2])
        window.ResizeObserver.new(self._proxies[3]).observe(document.body)

    def widget_of(self, element: Any) -> Widget | None:
        root = element.closest("[data-widget]") if element else None
        index = root.getAttribute("data-widget") if root else None
        return self.widgets[int(index)] if index and int(index) < len(self.widgets) else None

    def on_click(self, event: Any) -> None:
        w = self.widget_of(event.target)
        if w is not None:
            w.click(event)

    def on_key(self, event: Any) -> None:
        if event.altKey or event.metaKey or event.isComposing:
            return
        tag = (event.target.tagName or "").lower()
        if tag in ("input", "select", "textarea"):
            return
        if str(event.key) in ("Enter", " ") and tag == "button":
            return  # the focused button answers, as browsers do
        w = self.widget_of(event.target)
        if w is None and len(self.widgets) == 1:
            w = self.widgets[0]  # the embed page: keys need no focus inside the widget
        if w is not None:
            w.key(event)

    def on_change(self, event: Any) -> None:
        el = event.target
        if not el.hasAttribute("data-setting"):
            return
        name, value = el.getAttribute("data-setting"), str(el.value)
        if name == "lang":
            if event.type == "change" and site.remember_language(self.store, value):
                self.relabel()
            return
        w = self.widget_of(el)
        if w is not None:
            w.setting(name, value)

    def relabel(self) -> None:
        """Draw everything again in the language now in force."""
        ROOT.lang = i18n.language()

    def changed(self, widget: Widget) -> None:
        """A widget was drawn: the page's own state and height follow."""
        if self.single:
            v = widget.viewer
            ROOT.dataset.state = v.state()
            ROOT.dataset.mode = v.mode
            ROOT.dataset.at = str(v.at)
            ROOT.dataset.total = str(v.total)
        self.post_height()

    def post_height(self) -> None:
        if not self.framed:
            return
        height = int(window.Math.ceil(document.body.getBoundingClientRect().height))
        at = ROOT.getAttribute("data-at")
        message = {
            "type": HEIGHT_MESSAGE,
            "height": height,
            "id": self.frame_id,
            "state": ROOT.getAttribute("data-state"),
            "mode": ROOT.getAttribute("data-mode"),
            "at": int(at) if at else None,
        }
        key = json.dumps(message, sort_keys=True)
        if key == self.posted:
            return
        self.posted = key
        window.parent.postMessage(to_js(message, dict_converter=window.Object.fromEntries), "*")

    async def load_text(self, src: str) -> str:
        """A same-origin file's text; LoadError with a message id if it cannot be had."""
        try:
            response = await fetch(src)
        except Exception:
            raise LoadError("link.offline", {"src": src}) from None
        if not response.ok:
            raise LoadError("link.fetch", {"src": src, "status": int(response.status)})
        text: str = await response.text()
        return text


class LoadError(Exception):
    def __init__(self, key: str, params: Mapping[str, object]):
        super().__init__(key)
        self.key, self.params = key, params


# ---- the embed page ---------------------------------------------------------------------------


class EmbedPage(Page):
    def __init__(self) -> None:
        super().__init__()
        self.single = True
        self.app: Any = document.getElementById("app")
        self._hash = create_proxy(lambda *_: asyncio.ensure_future(self.load()))
        window.addEventListener("hashchange", self._hash)
        # the review's run, with review=1 for a game that has one
        self.review: ReviewRun | None = None
        self.review_task: asyncio.Future[None] | None = None

    def on_click(self, event: Any) -> None:
        el = event.target.closest('#review [data-intent="review-at"]')
        if el and self.widgets:  # a costly decision: the viewer shows its position
            w = self.widgets[0]
            w.do("goto", el.getAttribute("data-arg"))
            w.root.scrollIntoView()
            first = w.root.querySelector(".vw-controls .btn:not([disabled])")
            if first:
                first.focus()
            return
        super().on_click(event)

    async def load(self) -> None:
        ROOT.dataset.state = "loading"
        for w in self.widgets:
            if w.clock:
                w.clock.cancel()
            if w.ai_task:
                w.ai_task.cancel()
        self.widgets = []
        params = links.parse_params(
            str(window.location.search), str(window.location.hash), i18n.languages()
        )
        self.frame_id = params.frame_id
        site.choose_language(self.store, params.lang, browser_languages())
        ROOT.lang = i18n.language()
        game = games.GAMES[0]  # until the record says which game it is
        try:
            rec = await self.record(params)
            game = games.for_format(str(rec.get("format", "")))
            viewer: ReplayViewer = game.module("replay").open_replay(rec, params)
        except LoadError as e:
            return self.fail(self.top(game), e.key, e.params)
        except (ValueError, TypeError, KeyError) as e:  # RecordError and LinkError included
            key, p = links.problem(e)
            return self.fail(self.top(game), key, p)
        document.title = game.title
        top = self.top(game)
        viewer.notices[:0] = params.errors
        viewer.autoplay = params.autoplay and viewer.mode == "view" and viewer.at < viewer.total
        review_module = game.review_module() if params.review else None
        reviewed = review_module is not None
        intro = review_module.INTRO if review_module is not None else ""
        section = tag(
            "section",
            tag("h2", esc(t("review.embed_title")), id="rv-title")
            + tag("p", esc(t(intro)), cls="rv-intro")
            + tag("div", "", cls="rv-body"),
            id="review",
            cls="card rv-embed",
            aria_labelledby="rv-title",
        )
        self.app.innerHTML = top + '<div id="viewer"></div>' + (section if reviewed else "")
        ROOT.removeAttribute("data-error")
        Widget(self, document.getElementById("viewer"), viewer).run()
        if self.review_task is not None:
            self.review_task.cancel()
        self.review = review_module.ReviewRun(rec) if review_module is not None else None
        if self.review is not None and review_module is not None:
            self.review_task = asyncio.ensure_future(
                self.review_loop(review_module, self.review, viewer)
            )

    def top(self, game: games.Game) -> str:
        """The bar above a replay opened on its own: the game's name, links to its page and to
        its rules."""
        if self.framed:
            return ""
        return replay.standalone_bar(game.title, game.href, f"howto.html#{game.anchor}")

    async def review_loop(
        self, reviews: "ModuleType", run: ReviewRun, viewer: ReplayViewer
    ) -> None:
        """The review under the viewer, asked of the worker step by step (``review=1``)."""
        names: list[str] = reviews.player_names(viewer)
        while True:
            self.draw_review(reviews, run, names)
            if run.finished:
                return
            await asyncio.sleep(0)  # clicks and keys are answered between two steps
            try:
                run.take(await self.brains.ask("review", run.request(), patient=True))
            except Exception as e:
                run.fail(f"{type(e).__name__}: {e}")
            for _ in reviews.prepare(run, names):  # the result in pieces: short tasks
                await asyncio.sleep(0)
            await asyncio.sleep(0)  # the last piece and the drawing: two tasks

    def draw_review(self, reviews: "ModuleType", run: ReviewRun, names: list[str]) -> None:
        box = document.querySelector("#review .rv-body")
        if box is None or self.review is not run:
            return
        box.innerHTML = reviews.body(run, names)
        section = document.getElementById("review")
        section.setAttribute("aria-busy", "false" if run.finished else "true")
        section.dataset.review = "done" if run.result else "error" if run.error else "working"
        self.post_height()

    async def record(self, params: links.Params) -> dict[str, Any]:
        bad = [e for e in params.errors if e[0] in ("url.g_and_src", "url.src", "link.too_long")]
        if bad:
            raise LoadError(*bad[0])
        if params.payload is not None:
            return links.record_from_payload(params.payload)
        if params.src is not None:
            return links.record_from_text(await self.load_text(params.src))
        raise LoadError("link.none", {})

    def fail(self, top: str, key: str, params: Mapping[str, object]) -> None:
        self.app.innerHTML = top + replay.error_html(key, params)
        for name in ("data-mode", "data-at", "data-total"):
            ROOT.removeAttribute(name)
        ROOT.dataset.state = "error"
        ROOT.dataset.error = key
        self.post_height()


# ---- the how-to-play page ---------------------------------------------------------------------


class HowtoPage(Page):
    def __init__(self) -> None:
        super().__init__()
        self.app: Any = document.getElementById("app")
        self.slots: dict[str, Widget] = {}
        self.problems: list[Message] = []

    async def load(self) -> None:
        q = links.parse_params(str(window.location.search), "", i18n.languages())
        site.choose_language(self.store, q.lang, browser_languages())
        self.problems = [e for e in q.errors if e[0] == "url.lang"]  # the page's one parameter
        self.render()
        texts: dict[str, str] = {}
        for game in games.GAMES:
            for key, src, open_viewer in game.module("howto").examples():
                slot = document.querySelector(f'[data-example="{key}"]')
                try:
                    if src not in texts:
                        texts[src] = await self.load_text(src)
                    viewer = open_viewer(links.record_from_text(texts[src]))
                except LoadError as e:
                    slot.innerHTML = replay.error_html(e.key, e.params)
                    continue
                except (ValueError, TypeError, KeyError) as e:
                    slot.innerHTML = replay.error_html(*links.problem(e))
                    continue
                self.slots[key] = Widget(self, slot, viewer)
        self.show_anchor()  # again: the examples above it have grown
        ROOT.dataset.state = "ready"

    def render(self) -> None:
        ROOT.lang = i18n.language()
        document.title = games.howto_title(str(window.location.hash))
        self.app.innerHTML = games.howto_page(self.problems)
        self.show_anchor()

    def show_anchor(self) -> None:
        """The part the address names (``#go-for-gold``), drawn after the browser looked for
        it, brought into view."""
        anchor = str(window.location.hash)[1:]
        target = document.getElementById(anchor) if anchor else None
        if target:
            target.scrollIntoView()

    def relabel(self) -> None:
        super().relabel()
        self.render()
        for key, widget in self.slots.items():
            widget.mount(document.querySelector(f'[data-example="{key}"]'))


PAGES: dict[str, type[EmbedPage] | type[HowtoPage]] = {"embed": EmbedPage, "howto": HowtoPage}
page = PAGES[str(document.body.dataset.page)]()
asyncio.ensure_future(page.load())
