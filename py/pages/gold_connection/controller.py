"""The page as state: the session, the open dialog, notices, the pace and the saved settings.

``App.intent(name, arg)`` is the single entry of every click and key; ``page`` only
forwards events here and draws :meth:`App.parts` into the page.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from gamekit.safejson import clip, one_line
from gold_connection import IllegalMoveError
from shell import bylink as bylink_shell
from shell import i18n, links, share, site
from shell.i18n import Message
from shell.settings import SPEEDS
from shell.store import Backend, Store, Unreadable

from pages.gold_connection import bylink, hints, view
from pages.gold_connection.newgame import NewGameForm
from pages.gold_connection.session import SaveError, Session
from pages.gold_connection.settings import Setup, ai_error, parse_query, quick_setup

if TYPE_CHECKING:
    from pages.gold_connection.review import ReviewRun

SHELL_NAMESPACE = "site"
GAME_NAMESPACE = "gold-connection"


def in_progress(session: Session) -> bool:
    """A game someone has begun and nobody has won yet: replacing it needs a yes."""
    return bool(session.game.moves) and not session.game.is_over()


class App:
    def __init__(
        self,
        backend: Backend,
        query: str = "",
        languages: Iterable[str] = (),
        touch: bool = False,
        fragment: str = "",
    ):
        """``languages``: the browser's preferred ones, used when no choice is remembered;
        ``touch``: the page is used by touch (texts say "tap", not "click"); ``fragment``: the
        address's ``#play=…``, a game by link (``bylink``)."""
        i18n.set_touch(touch)
        self.site = Store(backend, SHELL_NAMESPACE)  # language and other site-wide choices
        self.store = Store(backend, GAME_NAMESPACE)  # this game's settings and its save
        site.choose_language(self.site, None, languages)
        self.remembered()  # read at every start, so a bad stored set-up is found and told
        speed = self.store.get("speed")
        self.speed = speed if speed in SPEEDS else "normal"
        self.notices: list[Message] = []
        # "newgame", "over", "review", "position", "share", "confirm", "bylink" or None
        self.dialog: str | None = None
        self.first = False  # a first visit: the New game form says what the game is
        self.review: ReviewRun | None = None  # the finished game's review, once asked for
        self.review_at = 0  # the move whose position the review shows (dialog "position")
        self.daily_note = ""  # on a daily game's end screen: what it counted for (the page's)
        self.today = ""  # the player's local date (the page's clock): which daily is today's
        self.link_errors: list[Message] = []  # what the address got wrong, if it opened the form
        self.pending: Setup | None = None  # a new game waiting for "Start it" (dialog "confirm")
        self.pending_link = False  # ... asked for by a link rather than on this page
        self.shared: tuple[str, bool] | None = None  # the Share dialog's link, and if copied
        self.form: NewGameForm | None = None
        self.hint_busy = False
        self.opened: set[int] = set()  # opponents whose full crate is shown (not saved)
        self.log_open = False  # a desktop window's log in the own crate's place (not saved)
        self.over_shown = False
        self.url_consumed = False  # the page should drop the query from its address
        self.save_problem: str | None = None  # "failed" (storage refused) or "other-tab"
        self.sr_asked: bool | None = None  # ?sr=1 / ?sr=0: screen-reader mode asked on/off
        self.page_url = ""  # the page's address without query or fragment (set by the page)
        self.today = ""  # the local date (set by the page): today's daily duel says so
        self.session = self._boot(query)
        self.links = bylink.ByLink(self)
        if fragment.startswith("#" + bylink_shell.KEY + "="):
            bylink.open_link(self, fragment)
            self.url_consumed = True
        self._check_seats()
        for key, reason in self.site.set_aside + self.store.set_aside:
            if key != self.store.key("save"):  # a save has its own notice
                self.notices.append(("notice.stored_bad", {"key": key, "reason": reason}))

    # ---- start-up ---------------------------------------------------------------------------

    def remembered(self) -> Setup:
        """The last set-up, without a seed: a new game never replays an old deal by surprise."""
        setup = Setup.from_dict(self.store.get("setup"))
        setup.seed = None
        return setup

    def _boot(self, query: str) -> Session:
        session: Session | None
        q = parse_query(query, self.remembered(), i18n.languages()) if query.strip("?") else None
        if q is not None and q.lang and q.lang != i18n.language():
            i18n.set_language(q.lang)  # read again: default names come in that language
            q = parse_query(query, self.remembered(), i18n.languages())
        if q is not None:
            self.url_consumed = True
            if q.lang:
                i18n.set_language(q.lang)
            if q.speed:
                self.set_speed(q.speed)
            self.sr_asked = q.sr
            for key, params in q.errors:
                self.notices.append((key, params))
            if q.errors:
                session = self._resume() or Session.new(self.remembered())
                self.open_form(q.errors)  # the form says them too: it hides the notices
                return session
            if q.setup is not None:
                resumed = self._resume()
                if resumed is not None and in_progress(resumed):
                    self.ask(q.setup, link=True)  # a link never replaces a game silently
                    return resumed
                self.remember(q.setup)
                return self._started(Session.new(q.setup))
        session = self._resume()
        if session is None:
            session = Session.new(self.remembered())
            if not self.notices:
                self.first = self.store.get("setup") is None  # no game ever started here
                self.open_form()
        elif session.game.is_over():
            self.over_shown = True
            self.dialog = None if session.closed else "over"  # the end screen once
        return session

    def _resume(self) -> Session | None:
        """The saved game, or None (with a notice if there was a save that failed)."""
        try:
            data = self.store.load("save")
        except Unreadable as e:  # already moved aside to "save:corrupt"
            self.notices.append(("notice.save_bad", {"reason": str(e)}))
            return None
        if data is None:
            return None
        try:
            return Session.resume(data)
        except SaveError as e:
            self.notices.append(("notice.save_bad", {"reason": str(e)}))
            self.store.put_aside("save", str(e))
            return None

    def _started(self, session: Session) -> Session:
        self.opened = set()
        self.dialog = None
        self.form = None
        self.over_shown = False
        return session

    def _check_seats(self) -> None:
        """A computer seat this page cannot run (an unknown level, a bot file) goes to a person,
        with a notice, rather than stalling the game at its first turn."""
        players = self.session.game.players
        for seat, player in enumerate(players):
            spec = player.get("ai")
            why = ai_error(spec) if isinstance(spec, str) and spec else None
            if why:
                self.session.hand_to_person(seat)
                self.notices.append(
                    (
                        "notice.ai_seat_bad",
                        {"name": player["name"], "spec": clip(spec), "reason": one_line(why, 120)},
                    )
                )

    def computer_failed(self, reason: str) -> None:
        """The computer seat to move cannot play at all: a person takes it (see Session)."""
        notice = self.session.computer_failed(reason)
        if notice is not None:
            self.notices.append(notice)

    # ---- state the page reads ---------------------------------------------------------------

    def state(self) -> str:
        return "over" if self.session.game.is_over() else "ready"

    def parts(self, side: bool | None = None) -> dict[str, str]:
        """HTML of every container, by element id; a container comes before those inside it.

        ``side=False``: only the main column (vault, panel, bars and dialogs); ``True``: only
        the side column (crates and log). A computer's step draws them in two tasks.
        """
        s = self.session
        out: dict[str, str] = {}
        summary = view.summary(s)  # once: the vault and the crates are drawn from it
        if side is not True:
            dialog = ""
            if self.dialog == "newgame" and self.form is not None:
                dialog = view.new_game(
                    self.form, can_close=True, problems=self.link_errors, first=self.first
                )
            elif self.dialog == "over" and s.game.is_over():
                dialog = view.end_screen(s, self.daily_note + bylink.final_link(self))
            elif self.dialog == "review" and self.review is not None:
                dialog = view.review_dialog(s, self.review)
            elif self.dialog == "position" and self.review is not None:
                dialog = view.review_position(s, self.review, self.review_at)
            elif self.dialog == "share" and self.shared is not None:
                dialog = share.share_dialog(*self.shared)
            elif self.dialog == "confirm" and self.pending is not None:
                daily = links.todays_daily(self.pending.seed, self.today)
                dialog = view.confirm(s.game.counter, self.pending_link, daily)
            elif self.dialog == "bylink" and self.links.remote(self):
                dialog = bylink.dialog(self)
            out.update(
                status=view.status(s, self.today),
                tools=view.tools(s, self.speed, self.hint_busy),
                notices=view.notices(self.notices, self.save_problem),
                board=view.board(s, summary),
                goal=view.goal(s),
                way=view.way_live(s),
                panel=bylink.panel(self) if self.links.remote(self) else view.panel_html(s),
                dialog=dialog,
            )
        if side is not False:
            out["crates"] = view.crate_slots(s)  # before the seats: they hold their slots
            out["opponents"] = view.opponent_slots(s)
            out.update(view.crates(s, summary, self.opened))
            out["supply"] = view.supply(s)
            out["log"] = view.log_html(s, self.log_open)
        return out

    def save(self) -> bool:
        """Autosave; a refusal is shown until a save works again (the link keeps the game),
        and nothing is written while another tab's game holds the save."""
        if self.save_problem == "other-tab":
            return False
        bylink.after_change(self)
        ok = self.store.set("save", self.session.save())
        if ok and self.save_problem == "failed":
            self.save_problem = None
        elif not ok:
            self.save_problem = "failed"
        return ok

    def other_tab_saved(self, text: str | None) -> bool:
        """Another tab wrote the save (the ``storage`` event): stop saving here and say so,
        unless it wrote what this tab wrote last. True if the page should redraw."""
        if self.save_problem == "other-tab" or text == self.store.written.get("save"):
            return False
        self.save_problem = "other-tab"
        return True

    def _i_keep_here(self, arg: str) -> bool:
        """Save this tab's game after all (the other tab then stops saving)."""
        if self.save_problem != "other-tab":
            return False
        self.save_problem = None
        self.save()
        return True

    def _i_load_other(self, arg: str) -> bool:
        """Switch to the game the other tab saved."""
        if self.save_problem != "other-tab":
            return False
        self.save_problem = None
        resumed = self._resume()
        if resumed is not None:
            self.session = self._started(resumed)
            self._check_seats()
            if resumed.game.is_over():
                self.over_shown = True
                self.dialog = None if resumed.closed else "over"
        return True

    def record_json(self) -> str:
        return json.dumps(self.session.game.record())

    def share_url(self, page_url: str) -> str:
        """The link that replays the game so far on the embed page."""
        return share.share_url(page_url, self.session.game.record())

    def open_share(self, url: str, copied: bool) -> None:
        self.shared = (url, copied)
        self.dialog = "share"

    # ---- intents ----------------------------------------------------------------------------

    def intent(self, name: str, arg: str = "") -> bool:
        """A click or key; True if anything changed (the page redraws and saves)."""
        handler = getattr(self, "_i_" + name.replace("-", "_"), None)
        if handler is not None:
            return bool(handler(arg))
        if self.dialog in ("newgame", "confirm", "bylink") or self.links.remote(self):
            return False  # the seat to move is played on another device (by link)
        changed = self.session.intent(name, arg)
        if changed:
            self.log_open = False  # the person acts: the own crate is back for the decision
        self.check_over()
        return changed

    def check_over(self) -> None:
        """Open the end screen once, when the game has just ended."""
        if self.session.game.is_over() and not self.over_shown:
            self.over_shown = True
            self.dialog = "over"

    def computer_plays(self, token: str | None) -> None:
        """A computer seat's decision (None: its dice roll)."""
        if token is None:
            self.session.roll()
        else:
            self.session.play(token)  # checked: a broken worker's answer must not slip in
        self.check_over()

    def open_form(self, link_errors: Sequence[Message] = ()) -> None:
        """The new-game form; ``link_errors``: what the address got wrong, if it opened it."""
        self.form = NewGameForm(self.remembered(), self.speed)
        self.dialog = "newgame"
        self.link_errors = list(link_errors)

    def remember(self, setup: Setup) -> None:
        self.first = False
        self.store.set("setup", {**setup.to_dict(), "seed": None})  # a typed seed is for once

    def start(self, setup: Setup) -> None:
        """Start ``setup`` now, or first ask whether the game in progress may be replaced."""
        if in_progress(self.session):
            self.ask(setup)
            return
        self.leave_link()
        self.remember(setup)
        self.session = self._started(Session.new(setup))
        self.save()

    def leave_link(self) -> None:
        """A game of this device alone takes the board: the game by link stays in the list."""
        self.links.current = None
        self.store.remove("bylink_current")

    def ask(self, setup: Setup, link: bool = False) -> None:
        self.pending, self.pending_link = setup, link
        self.dialog = "confirm"

    def _i_confirm_start(self, arg: str) -> bool:
        """ "Start it": the new game replaces the one in progress."""
        if self.dialog != "confirm" or self.pending is None:
            return False
        setup, self.pending = self.pending, None
        self.leave_link()
        self.remember(setup)
        self.session = self._started(Session.new(setup))
        self.save()
        return True

    def _i_keep_game(self, arg: str) -> bool:
        """ "Keep my game": the new game is dropped, the game in progress goes on."""
        return self._i_close(arg)

    def _i_play_hint(self, arg: str) -> bool:
        """Play what the hint says: a walk, then the named bars and their roll."""
        s = self.session
        tokens = hints.plan(s) if s.humans_turn() and self.dialog is None else []
        try:
            for token in tokens:
                s.play(token)
                if token.split()[0] in hints.NAMED:
                    s.roll()  # naming bars is naming a roll (as the Roll button does)
        except IllegalMoveError as e:
            s.notice = ("notice.illegal", {"reason": e.reason})
        self.check_over()
        return bool(tokens)

    def set_speed(self, speed: str) -> bool:
        if speed not in SPEEDS:
            return False
        self.speed = speed
        self.store.set("speed", speed)
        return True

    def _i_review(self, arg: str) -> bool:
        """Open the review of the game just over (asked of the worker by the page, in steps);
        a review already made or under way for this very game is shown again."""
        if not self.session.game.is_over():
            return False
        rec = self.session.game.record()
        if self.review is None or self.review.rec != rec or self.review.error:
            from pages.gold_connection.review import (
                ReviewRun,  # with the first review: the expert's search
            )

            self.review = ReviewRun(rec)
        self.dialog = "review"
        return True

    def _i_review_at(self, arg: str) -> bool:
        """Show a reviewed decision's position in the page, over the review (not in a tab)."""
        run = self.review
        if self.dialog != "review" or run is None or not arg.isdigit():
            return False
        if int(arg) >= len(run.rec["moves"]):
            return False
        self.review_at = int(arg)
        self.dialog = "position"
        return True

    def _i_review_back(self, arg: str) -> bool:
        """From a reviewed position back to the review, as it was left."""
        if self.dialog != "position":
            return False
        self.dialog = "review"
        return True

    def _i_over(self, arg: str) -> bool:
        """Back from the review to the end screen."""
        if not self.session.game.is_over():
            return False
        self.dialog = "over"
        return True

    def _i_crate(self, arg: str) -> bool:
        """Open or close an opponent's full crate (their compact card's button); one at a
        time, as it opens over the vault on a wide screen without resizing it."""
        if not arg.isdigit() or int(arg) >= self.session.game.n:
            return False
        self.opened = set() if int(arg) in self.opened else {int(arg)}
        return True

    def _i_log(self, arg: str) -> bool:
        """Open or close the whole log in the own crate's place (a desktop window's log is
        what the decision and the crate leave of the column)."""
        self.log_open = not self.log_open
        return True

    def _i_new(self, arg: str) -> bool:
        self.open_form()
        return True

    def _i_close(self, arg: str) -> bool:
        if self.dialog is None:
            return False
        bylink.close(self)
        ended = self.dialog in ("over", "review", "position") and self.session.game.is_over()
        self.dialog = None
        self.form = None
        self.pending = None
        if ended and not self.session.closed:
            self.session.closed = True  # closed stays closed for this game, reloads too
            self.save()
        return True

    def _i_quick(self, arg: str) -> bool:
        self.start(quick_setup())
        return True

    def _i_again(self, arg: str) -> bool:
        g = self.session.game
        setup = Setup.from_dict(
            {
                "seats": [{"name": p["name"], "ai": p.get("ai")} for p in g.players],
                "ending": g.ending,
            }
        )
        self.start(setup)
        return True

    def _i_start(self, arg: str) -> bool:
        if self.form is None:
            return False
        setup = self.form.setup()
        if setup is None:
            return True  # the errors are drawn in the form
        self.set_speed(self.form.speed)
        if self.form.bylink:
            bylink.start(self, setup)
        else:
            self.start(setup)
        return True

    def _i_bylink_open(self, arg: str) -> bool:
        return bylink.open_game(self, arg)

    def _i_bylink_local(self, arg: str) -> bool:
        return bylink.open_local(self)

    def _i_bylink_show(self, arg: str) -> bool:
        return bylink.show(self)

    def _i_bylink_copied(self, arg: str) -> bool:
        self.links.copied = True
        return True

    def _i_seat_add(self, arg: str) -> bool:
        return self.form is not None and self.form.add_seat()

    def _i_seat_remove(self, arg: str) -> bool:
        return self.form is not None and arg.isdigit() and self.form.remove_seat(int(arg))

    def _i_dismiss(self, arg: str) -> bool:
        if not arg.isdigit() or int(arg) >= len(self.notices):
            return False
        del self.notices[int(arg)]
        return True

    def _i_escape(self, arg: str) -> bool:
        if self.dialog == "position":  # a reviewed position goes back to its review
            return self._i_review_back(arg)
        if self.dialog is not None:
            return self._i_close(arg)
        if self.opened:  # an opponent's crate opened over the vault closes first
            self.opened = set()
            return True
        if self.log_open:
            self.log_open = False
            return True
        return self.session.intent("cancel")

    def setting(self, name: str, seat: str | None, value: str) -> bool:
        """An edit of a form control, the pace or the language; True if the page must redraw."""
        if name == "lang":
            return site.remember_language(self.site, value)
        if name == "speed" and (self.form is None or self.dialog != "newgame"):
            return self.set_speed(value)
        if self.form is None:
            return False
        if name == "speed":
            self.set_speed(value)
        return self.form.edit(name, int(seat) if seat and seat.isdigit() else None, value)
