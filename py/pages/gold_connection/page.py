"""Gold Connection's page bound to the DOM: draws the controller and runs the computer seats
via the AI worker.

The only module that touches the browser.  One event path: delegated click, key and change
handlers on #app turn into ``App.intent``/``App.setting`` calls, then everything is drawn
again from the state.  Computer seats play in an asyncio loop that awaits the worker.
"""

import asyncio
import json
import time
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
from browser.motion import Motion
from browser.page import Painter, Tapping, press_shortcut, shortcut_name, touch_screen, trap_tab
from browser.review import review_loop as run_review
from gold_connection import svg
from pyodide.ffi import create_once_callable, create_proxy, to_js
from pyscript import document, window
from shell import screenreader
from shell.i18n import language, t

from pages.gold_connection import bylink, daily, panel, view
from pages.gold_connection import screenreader as spoken
from pages.gold_connection.controller import App

if TYPE_CHECKING:
    from browser.motion import Snapshot
    from gold_connection import Game

    from pages.gold_connection.ai_service import AiService
    from pages.gold_connection.review import ReviewRun

window.performance.mark("site:imported")  # bench/load.py: the imports took until here

ROOT = document.documentElement
INSTANT_FRAME_S = 0.25  # at instant pace, draw a few frames a second rather than every step
STEP_PAUSE_S = {"instant": 0.0, "fast": 0.1, "normal": 0.25}
"""A computer's step waits this long after the last one, or until its animations end if that
is later (bench/pace.py measures a whole turn)."""


FOCUS_ORDER = (  # the obvious next step: Stop after a roll, not the first destination
    "#panel .btn.primary:not([disabled])",
    "#panel .panel-title",  # else the panel's title, so keys go on
)
PHONE = "(max-width: 699px)"  # css/game.css: the one-column layout, the vault sticky on top
FIELD_KEYS = set("0123456789WE")  # at the move (and placement) prompt: type a field's name


MORPHED = ("board", "panel", "tools")


def morphed(key: str) -> bool:
    """The parts drawn by morph(): the pictures (the vault and the crates), whose nodes mostly
    stay, and the panel and the tool row, whose focused button then mostly stays the node. Set
    anew by innerHTML, the focused button was removed, and Chromium laid the whole page out
    inside the tap to move focus off it (45-60 ms at 4x CPU at 1280x800, bench/trace.py);
    the frame then laid it out again."""
    return key in MORPHED or key.startswith("seat-")


def piece_spot(field: str) -> tuple[float, float] | None:
    """Where a stone stands on a field of the vault (for the walking arrow), None off it."""
    return svg.piece_spot(field) if field in svg.BOXES else None


def local_brain() -> "AiService":
    """The computer seats on this thread (the worker is lost or still starting): the AI is
    imported only then, off the first screen's path."""
    from pages.gold_connection.ai_service import AiService

    return AiService()


class Page:
    def __init__(self) -> None:
        panel.OFFER_SKIP = True  # this page skips a computer's turn on request (Page.skip)
        location = window.location
        self.app = App(
            local_storage(),
            str(location.search),
            browser_languages(),
            touch_screen(),
            str(location.hash),
        )
        self.app.page_url = str(location.origin) + str(location.pathname)
        self.app.today = today()  # a link to today's daily duel is the dialog's default
        if self.app.url_consumed:  # a reload should resume this game, not start another
            forget_query()
        self.painter = Painter(primary=FOCUS_ORDER, morphed=morphed, keep_view=True)
        # whose decision the phone's view last went to: (session, seat, prompt)
        self.shown_turn: tuple[int, int, str] | None = None
        self.brains = AiWorker(local_brain, on_fallback=self.worker_lost)
        self.ai_task: asyncio.Future[None] | None = None
        self.review_task: asyncio.Future[None] | None = None
        self.narrator = spoken.Narrator()
        self.motion = Motion(piece_spot)
        self.drawn_moves: tuple[int, int] = (0, -1)  # (session, moves) last drawn
        self.sr = ScreenReaderMode(
            self.app.site,
            screenreader.choose(self.app.site, self.app.sr_asked),
            spoken.commands(self.app, lambda: self.do("hint")),
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
            create_proxy(self.on_point),
        ]
        root.addEventListener("click", self._proxies[0])
        document.addEventListener("keydown", self._proxies[1])
        root.addEventListener("change", self._proxies[2])
        root.addEventListener("input", self._proxies[2])
        window.addEventListener("storage", self._proxies[3])
        for kind in ("pointerover", "pointerout", "focusin", "focusout"):
            root.addEventListener(kind, self._proxies[4])
        self.tip = document.createElement("div")  # what a reachable field offers, on hover/focus
        self.tip.id = "fieldtip"
        self.tip.className = "fieldtip"
        self.tip.setAttribute("role", "tooltip")
        self.tip.hidden = True
        document.body.appendChild(self.tip)

    # ---- drawing ------------------------------------------------------------------------------

    def draw_shell(self) -> None:
        """The page's frame in the language in force (again after a switch of language)."""
        document.getElementById("app").innerHTML = view.shell()
        self.sr.mount(document.getElementById("a11y"))
        document.title = t("app.title")
        ROOT.lang = self.shell_language = language()
        self.painter.reset()

    def draw(self, side: bool | None = None) -> None:
        if language() != self.shell_language:
            self.draw_shell()
            side = None
        if side is not True:
            window.performance.mark("gc-draw")  # with gc-redraw: how long drawing takes
        self.motion.pace = self.app.speed
        self.motion.mark()
        before, walk = None, None
        if side is None:  # the whole page at once: what moved can be followed
            before, walk = self.moved()
        if side is not True:
            self.app.today = today()  # a daily duel played past midnight is no longer today's
            self.app.save()  # first: a refused save is shown in this very drawing
            found = daily.result(self.app.session.game, bylink.own_seat(self.app))
            self.app.daily_note = note_result(self.app.site, found)
        self.painter.paint(self.app.parts(side))
        ROOT.dataset.state = self.app.state()
        if before is not None:
            self.motion.play(before, walk)
        self.show_decision()  # last: a control focused again may have scrolled its way
        if side is not True:
            self.sr.tell()
            window.performance.mark("gc-redraw")

    def show_decision(self) -> None:
        """On a phone the vault stays on top and the rest scrolls under it: at each prompt of a
        person, and when a computer's turn begins, scroll back so the decision is in view."""
        s = self.app.session
        g = s.game
        turn = (id(s), g.to_move, g.prompt if s.humans_turn() else "computer")
        if turn != self.shown_turn:
            self.shown_turn = turn
            # at the next frame: reading scrollTop now, after the drawing's writes, would force
            # a layout of the whole page inside the tap, and the frame would lay it out again
            window.requestAnimationFrame(create_once_callable(self.scroll_to_decision))

    @staticmethod
    def scroll_to_decision(*_: Any) -> None:
        table = document.querySelector("#app .table")
        if table and table.scrollTop:
            table.scrollTop = 0

    def moved(self) -> "tuple[Snapshot | None, list[str] | None]":
        """Before drawing: the snapshot for the animations and the arrow's walk, if the game
        moved on since the last drawing (not after a new game, an undo or a reload)."""
        session = self.app.session
        moves = session.game.moves
        seen, count = self.drawn_moves
        self.drawn_moves = (id(session), len(moves))
        if seen != id(session) or len(moves) <= count:
            return None, None
        before = self.motion.snapshot()
        walked = any(m.startswith("move") for m in moves[count:])
        last = session.last_move
        walk = list(last["fields"]) if walked and last and "fields" in last else None
        return before, walk

    def sr_switched(self, on: bool) -> None:
        self.narrator = spoken.Narrator()  # from now on: where the game stands, then news

    def changed(self) -> None:
        self.draw()
        self.ensure_ai()

    # ---- events -------------------------------------------------------------------------------

    def on_click(self, event: Any) -> None:
        with Tapping(self.painter, event):  # a pointer's: focus back at the next frame
            self.clicked(event)

    def clicked(self, event: Any) -> None:
        el = event.target.closest("[data-intent]")
        if el:
            if el.disabled:
                return
            self.do(el.getAttribute("data-intent"), el.getAttribute("data-arg") or "")
            return
        row = event.target.closest(":is(#crates, #opponents) [data-choice]")
        if row:  # a crate's row: to rob from, to sort into (on a bar: that bar)
            slot = event.target.closest(".slot.filled[data-bar]")
            value = f"/{str(slot.getAttribute('data-bar'))[1:]}" if slot else ""
            self.do("row", str(row.getAttribute("data-choice")) + value)
            return
        if not event.target.closest("#board"):
            return
        bar = event.target.closest("[data-bar]")
        field = event.target.closest("[data-field]")
        via = event.target.closest("[data-via]")  # a corridor for the way being built
        game = self.app.session.game
        if via:
            self.do("via", via.getAttribute("data-via"))
        elif bar and game.prompt == "act" and bar.getAttribute("data-field") == game.live.arrow:
            self.do("bar", bar.getAttribute("data-bar"))
        elif field:
            self.do("field", field.getAttribute("data-field"))

    def on_key(self, event: Any) -> None:
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
        via = event.target.closest("#board [data-via]") if tag == "g" else None
        if key in ("Enter", " ") and via:
            event.preventDefault()
            self.do("via", via.getAttribute("data-via"))
            return
        rows = ":is(#crates, #opponents) [data-choice]"  # the own crate and the opponents'
        row = event.target.closest(rows) if tag == "rect" else None
        if key in ("Enter", " ") and row:
            event.preventDefault()
            self.do("row", row.getAttribute("data-choice"))
            return
        if event.ctrlKey:
            if key.lower() == "z":
                event.preventDefault()
                self.do("undo")
            return
        if key == "Escape":
            self.do("escape")
            return
        name = shortcut_name(key)
        dialog = document.querySelector("#dialog .overlay")
        if not dialog and self.app.session.game.prompt in ("move", "place") and name in FIELD_KEYS:
            event.preventDefault()
            self.do("type", name)
            return
        if not dialog and key == "Enter":
            event.preventDefault()  # else the button focused next (Stop) takes this Enter too
            self.do("enter")
            return
        if press_shortcut(name, "#dialog .overlay" if dialog else "#app", self.do):
            event.preventDefault()

    def trap_tab(self, event: Any) -> bool:
        return trap_tab(event, "#dialog .overlay")

    def on_change(self, event: Any) -> None:
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

    def on_point(self, event: Any) -> None:
        """Pointing at or focusing a reachable field shows its steps, target and best odds
        (the field's accessible name, word for word) beside it."""
        field: Any = event.target.closest("#board .field") if event.target.closest else None
        box = field.querySelector(".field-box[tabindex]") if field else None
        if event.type in ("pointerout", "focusout"):
            going = event.relatedTarget
            if not (box and going and field.contains(going)):  # its bars are the field too
                self.tip.hidden = True
            return
        if not box:
            self.tip.hidden = True
            return
        self.tip.textContent = box.getAttribute("aria-label")
        self.tip.hidden = False
        rect = box.getBoundingClientRect()
        width = float(self.tip.offsetWidth)
        left = min(max(4.0, rect.left + rect.width / 2 - width / 2), window.innerWidth - width - 4)
        top = rect.top - float(self.tip.offsetHeight) - 6
        if top < 4:
            top = rect.bottom + 6
        self.tip.style.left = f"{left:.0f}px"
        self.tip.style.top = f"{top:.0f}px"

    def on_storage(self, event: Any) -> None:
        """Another tab wrote to storage: if it was the save, this tab stops saving over it;
        if it was the statistics, the games this page recorded are kept in them."""
        other_tab_wrote(self.app.site, event.key)
        if event.key == self.app.store.key("save"):
            value = event.newValue
            if self.app.other_tab_saved(str(value) if isinstance(value, str) else None):
                self.draw()

    def worker_lost(self, reason: str) -> None:
        """The AI worker is given up: its questions are answered on this page from now on."""
        self.app.notices.append(("notice.worker_failed", {"reason": reason}))
        self.draw()

    def do(self, name: str, arg: str = "") -> None:
        if name == "skip":
            self.skip()
            return
        if name == "hint":
            asyncio.ensure_future(self.hint())
            return
        if name in ("share", "copy"):
            asyncio.ensure_future(self.share())
            return
        if name == "bylink_share":
            asyncio.ensure_future(self.share_bylink())
            return
        if self.app.intent(name, arg):
            self.changed()
            if name == "review":
                self.ensure_review()

    # ---- the computer seats -------------------------------------------------------------------

    def skip(self) -> None:
        """Skip: the computer's moves until a person must act are played at once and the
        board shows the result (the pace returns for the next computer turn)."""
        if self.app.session.waiting() not in ("ai", "ai-roll"):
            return
        self.motion.skipping = True
        self.motion.finish()
        ROOT.dataset.skipping = "yes"
        self.draw()
        self.ensure_ai()

    def ensure_ai(self) -> None:
        if self.ai_task is None or self.ai_task.done():
            self.ai_task = asyncio.ensure_future(self.ai_loop())

    async def ai_loop(self) -> None:
        drawn_at = 0.0
        roll_now = False
        while True:
            app = self.app
            session = app.session
            waiting = session.waiting()
            if waiting not in ("ai", "ai-roll") or app.dialog in ("newgame", "confirm"):
                self.end_skip()
                return
            version = session.version
            # the computer thinks while the board still moves: the pace is the longer of the two
            thinking = asyncio.ensure_future(self.think(waiting))
            if not (self.motion.skipping or roll_now):
                await asyncio.sleep(max(STEP_PAUSE_S[app.speed], self.motion.remaining_s()))
            roll_now = False
            paused = app.dialog in ("newgame", "confirm")
            if app.session is not session or session.version != version or paused:
                thinking.cancel()
                continue
            turn = (session.game.counter, session.game.to_move)
            try:
                token = await thinking
                if token is not None:
                    window.performance.mark("gc-decided")  # bench/ai_where.py: first decision
                if app.session is not session or session.version != version:
                    continue  # the state moved on while it thought
                app.computer_plays(token)
            except Exception as e:
                window.console.error(f"computer seat failed: {e!r}")
                app.computer_failed(f"{type(e).__name__}: {e}")
                self.draw()
                return
            game = session.game
            if (game.counter, game.to_move) != turn and game.counter >= 1:
                window.performance.mark("gc-turn")  # bench/pace.py times turns by these
            now = time.monotonic()
            quick = app.speed == "instant" or self.motion.skipping
            if session.waiting() not in ("ai", "ai-roll"):
                self.draw()  # a skipped turn's result, still without motion
                self.end_skip()
            elif not quick and game.to_move == turn[1] and self.one_beat(game):
                roll_now = True  # named and rolled, or stopped and sorted, in one beat
                app.save()
            elif not quick and self.motion.on():
                self.draw()  # at once: the animations follow what moved in both columns
            elif not quick or now - drawn_at > INSTANT_FRAME_S:
                self.draw(side=False)  # the vault and the panel first, the side apart
                await asyncio.sleep(0)
                self.draw(side=True)
                drawn_at = now
            else:
                app.save()  # every action is saved, even when the screen skips a frame
                await asyncio.sleep(0)  # a skip still lets the page answer between steps

    @staticmethod
    def one_beat(game: "Game") -> bool:
        """The computer's next step belongs with the one just played: the roll for what it
        named (as a person's Roll), or the heading and sorting after it stopped."""
        if game.turn is None:
            return False
        return game.prompt == "roll" or (game.prompt in ("face", "sort") and game.turn.moved)

    async def think(self, waiting: str) -> str | None:
        """The computer's next token (None: its roll of the dice, made by the page)."""
        if waiting != "ai":
            return None
        return await self.brains.ask("decide", self.app.record_json())

    def end_skip(self) -> None:
        if self.motion.skipping:
            self.motion.skipping = False
            ROOT.removeAttribute("data-skipping")

    # ---- the review of a finished game --------------------------------------------------------

    def ensure_review(self) -> None:
        if self.review_task is None or self.review_task.done():
            self.review_task = asyncio.ensure_future(self.review_loop())

    async def review_loop(self) -> None:
        def prepare(run: "ReviewRun") -> Iterator[None]:
            return view.prepare_review(self.app.session, run)

        await run_review(self.app, self.brains, "gold_connection", daily.drills, prepare, self.draw)

    async def share(self) -> None:
        await share(self.app, self.draw)

    async def share_bylink(self) -> None:
        """The next player's link: the phone's share sheet, else the clipboard, else the text
        selected to copy by hand."""
        url = self.app.page_url + self.app.links.fragment(self.app)
        navigator = window.navigator
        try:
            if hasattr(navigator, "share") and navigator.maxTouchPoints > 0:
                await navigator.share(window.Object.fromEntries([["url", url]]))
            else:
                await navigator.clipboard.writeText(url)
            self.app.intent("bylink_copied")
        except Exception:
            field = document.getElementById("bylink-link")
            if field:
                field.focus()
                field.select()
        self.draw()

    async def hint(self) -> None:
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
        shown = document.querySelector("#panel .hint")
        if shown and window.matchMedia(PHONE).matches:  # under a long panel, past the foot
            block = to_js({"block": "nearest"}, dict_converter=window.Object.fromEntries)
            shown.scrollIntoView(block)  # the sticky vault above still shows its field


def start() -> "Page":
    """Draw the first screen and start the computer seats; py/play.py keeps the page."""
    page = Page()
    page.draw()
    page.brains.start()
    page.ensure_ai()
    return page
