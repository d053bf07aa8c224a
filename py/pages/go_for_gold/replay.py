"""A Go for Gold record on the embed page: step through it, every sheet live.

Drawn into the same widget as every game's viewer (:func:`shell.replay.shell`, parts
``notices``, ``status``, ``board``, ``caption``, ``controls``, ``crates``, ``log``) and stepped
by the same controls (:func:`shell.replay.step_controls`, :func:`shell.replay.step_intent`). View
mode on the embed page: "Play from here" opens the game's own page at that step
(:func:`play_href`); the how-to page's examples play on in the page, the game's own panel and
island in the widget (``in_page``), as Gold Connection's examples do. Pure: no browser.

>>> rec = {"format": "go-for-gold/1", "players": [{"name": "Ada"}], "options": {"map": "a"},
...        "moves": ["start g1", "die 2", "path f2 e2"]}
>>> v = Viewer(rec, at="end")
>>> v.at, v.total, "Ada walks f2 → e2." in v.parts()["caption"]
(3, 3, True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gamekit.errors import naming_move
from games import by_key
from go_for_gold import record as records
from go_for_gold import svg
from go_for_gold.game import Game
from shell import i18n, links
from shell.html import button, esc, tag
from shell.i18n import Message, t, tn
from shell.replay import AUTOPLAY_MS, dismiss, step_controls, step_intent
from shell.settings import SPEEDS

from pages.go_for_gold import phrases as words

if TYPE_CHECKING:  # the game's page controller, made only when play begins
    from pages.go_for_gold.controller import App


class Viewer:
    def __init__(
        self,
        rec: dict[str, Any],
        *,
        at: links.At | None = None,
        speed: str = "normal",
        in_page: bool = False,
    ):
        """``in_page``: "Play from here" plays on in this widget (the how-to page's examples);
        otherwise it opens the game's page in a tab of its own (the embed page, perhaps framed
        in another site), which asks before replacing a game in progress."""
        start = records.replay(rec, upto=0)  # the start, checked
        g = start.clone()
        self.states: list[Game] = [g.clone()]
        self.lines: list[list[words.Line]] = []
        for i, token in enumerate(rec.get("moves", [])):
            before = g.clone()
            with naming_move(i, token):
                g.apply(token)
            self.lines.append(words.describe(before, g.moves[-1], g))
            self.states.append(g.clone())
        self.record = rec
        self.in_page = in_page
        self.session: App | None = None  # the game played on in the page, once begun
        self.play_from = 0
        self.total = len(self.states) - 1
        self.speed = speed if speed in SPEEDS else "normal"
        self.notices: list[Message] = []
        self.autoplay = False
        self.seat: int | None = None  # the sheet chosen large; None: the one who moved
        self.at = 0
        if at == "end":
            self.goto(self.total)
        elif isinstance(at, int):
            self.goto(at)

    def goto(self, i: int) -> bool:
        i = max(0, min(self.total, i))
        changed = i != self.at
        self.at = i
        if self.at >= self.total:
            self.autoplay = False
        return changed

    def step(self) -> bool:
        return self.goto(self.at + 1)

    def autoplay_ms(self) -> int:
        return AUTOPLAY_MS[self.speed]

    @property
    def mode(self) -> str:
        return "play" if self.session is not None else "view"

    def waiting(self) -> str:
        """"view", or what the game played on waits for (the examples are solo: a person)."""
        return self.session.waiting() if self.session is not None else "view"

    def state(self) -> str:
        return "over" if self.session is not None and self.session.game.over else "ready"

    def play_here(self) -> None:
        """Play on from this step in the widget, with fresh dice (the recorded ones would
        repeat the game), through the game's own page controller and a storage of its own: the
        game saved on the game's page is never touched."""
        from shell.store import MemoryBackend

        from pages.go_for_gold.controller import App

        cut = {**self.record, "moves": self.record["moves"][: self.at]}
        self.play_from = self.at
        self.session = App(
            MemoryBackend(), "", [i18n.language()], i18n.touch(), "#" + links.fragment(cut)
        )
        self._roll()

    def _roll(self) -> None:
        """The die is rolled at once: no computer seat to wait for."""
        app = self.session
        while app is not None and app.waiting() == "chance":
            app.roll()

    def intent(self, name: str, arg: str = "") -> bool:
        if name == "dismiss":
            return dismiss(self.notices, arg)
        if self.session is not None:
            if name == "back":
                self.session = None
                self.goto(self.play_from)
                return True
            if name == "restart":
                self.goto(self.play_from)
                self.play_here()
                return True
            changed = self.session.intent(name, arg)
            self._roll()
            return changed
        if name == "play_here" and self.in_page and not self.states[self.at].over:
            self.play_here()
            return True
        if name == "seat" and arg.isdigit() and int(arg) < self.states[0].n:
            self.seat = int(arg)
            return True
        return bool(step_intent(self, name, arg))

    # ---- HTML ---------------------------------------------------------------------------------

    def shown(self) -> int:
        g = self.states[self.at]
        if self.seat is not None:
            return self.seat
        before = self.states[self.at - 1] if self.at else g
        return before.to_move if before.to_move >= 0 else 0

    def parts(self) -> dict[str, str]:
        if self.session is not None:
            return self._play_parts(self.session)
        g = self.states[self.at]
        summary = g.summary(legal=False)
        seat = self.shown()
        name = g.players[seat]["name"]
        board = svg.sheet(
            summary, seat, side=False, prefix="vw-", name=t("gg.your_sheet", name=name)
        )
        status = (
            t("gg.round", n=max(g.round, 1))
            + " · "
            + (t("gg.die_value", n=g.die) if g.die else t("gg.die_none"))
        )
        step = tag("span", esc(t("viewer.step", at=self.at, total=self.total)), cls="vw-step")
        return {
            "notices": self._notices(),
            "status": tag("span", esc(status)) + step,
            "board": tag("h2", esc(t("gg.your_sheet", name=name)), cls="vw-sheet-title")
            + tag("div", board, cls="gg-island"),
            "caption": self._caption(),
            "controls": step_controls(self.at, self.total, self.autoplay) + self._play_on(),
            "crates": self._players(g, seat),
            "log": self._log(),
        }

    def _log(self) -> str:
        """Every line so far, the newest first, numbered from the first (as the game's page
        writes its log): the end of the game is the top line and the last number."""
        lines = [words.text(line) for lines in self.lines[: self.at] for line in lines]
        items = "".join(tag("li", esc(text)) for text in reversed(lines))
        return tag("ol", items, cls="log-lines", reversed=True) if items else ""

    def _play_on(self) -> str:
        """"Play on from here": in this widget (``in_page``), else the game's page in a tab of
        its own with the record up to this step (:func:`play_href`); none once the game is
        over."""
        if self.states[self.at].over:
            return ""
        if self.in_page:
            link = button("play_here", t("viewer.play"), kind="primary")
        else:
            link = tag(
                "a",
                esc(t("viewer.play")),
                href=play_href(self.record, self.at),
                cls="btn primary",
                target="_blank",
                rel="noopener",
                data_play_on="",
            )
        note = tag("span", esc(t("viewer.play.note")), cls="vw-note")
        return tag("div", link + " " + note, cls="vw-play")

    def _play_parts(self, app: App) -> dict[str, str]:
        """The game played on: the game page's die box, island and question; a field's
        button for each next step (the keyboard's way to draw a path here), Undo, Start again
        and Back to the replay."""
        from pages.go_for_gold import view

        g = app.game
        states = view.field_states(app)
        playing = app.waiting() == "human" and g.to_move == 0
        name = g.players[0]["name"]
        board = svg.sheet(
            g.summary(legal=False),
            0,
            building=app.building if playing else [],
            side=False,
            classes=states,  # a picture to tap; the keyboard steps by the buttons below
            fresh=app.fresh[1] if app.fresh and app.fresh[0] == 0 else [],
            prefix="vw-",
            name=t("gg.your_sheet", name=name),
        )
        steps = ""
        if playing and g.prompt == "move":
            steps = "".join(
                button("field", t("gg.step_to", field=words.field_label(g, f)), arg=f,
                       kind="small")
                for f in sorted(app.next_steps())
            )
        controls = (
            button("undo", t("gg.undo"), disabled=not app.can_undo())
            + button("restart", t("viewer.restart"))
            + button("back", t("viewer.back"))
        )
        note = tag("p", esc(t("viewer.playing", at=self.play_from)), cls="vw-note")
        said = [t("gg.round", n=max(g.round, 1))]
        if app.roll_seen is not None:  # the last roll and what it did, as the die box says
            roll = app.roll_seen
            said += [t("gg.die_value", n=roll.n), words.text(roll.outcome)]
        if playing and g.prompt == "move":
            said.append(tn("gg.steps_left", app.length() - len(app.building)))
        sheet = g.sheets[0]
        facts = [t("gg.score", n=g.score(0)), tn("gg.shovels", sheet.shovels),
                 tn("gg.feet", sheet.feet)]
        head = tag("h2", esc(t("gg.your_sheet", name=name)), cls="vw-sheet-title") + tag(
            "p", esc(" · ".join(facts) + " · " + t("gg.entries") + ": "
                     + view.entries_sum(sheet.entries)), cls="vw-facts"
        )
        return {
            "notices": self._notices(),
            "status": tag("span", esc(" · ".join(said)), role="status"),
            "board": head + tag("div", board, cls="gg-island island playing"),
            "caption": tag("div", view.decision(app), cls="vw-panel gg-decision"),
            "controls": (tag("div", steps, cls="vw-steps", role="group",
                             aria_label=t("gg.next_steps")) if steps else "")
            + tag("div", controls, cls="vw-steps")
            + note,
            "crates": "",
            "log": tag(
                "ol",
                "".join(tag("li", esc(words.text(line))) for line in app.log[-60:][::-1]),
                cls="log-lines",
                reversed=True,
            ),
        }

    def _notices(self) -> str:
        items = "".join(tag("li", esc(t(k, **p)), cls="notice") for k, p in self.notices)
        return tag("div", tag("ul", items, cls="notices"), role="status") if items else ""

    def _caption(self) -> str:
        if self.at == 0:
            return tag("p", esc(t("gg.title")), cls="vw-line start")
        text = " ".join(words.text(line) for line in self.lines[self.at - 1])
        token = self.states[self.at].moves[-1]
        return tag(
            "p",
            tag("span", esc(text), cls="lines") + tag("code", esc(token), cls="tok"),
            cls="vw-line",
            aria_live="polite",
        )

    def _players(self, g: Game, shown: int) -> str:
        rows = []
        for seat in range(g.n):
            s = g.sheets[seat]
            facts = ", ".join(
                [t("gg.score", n=g.score(seat)), t("gg.entries_of", count=len(s.entries))]
            )
            rows.append(
                tag(
                    "button",
                    tag("span", esc(g.players[seat]["name"]), cls="who")
                    + tag("span", esc(facts), cls="facts"),
                    type="button",
                    cls="btn gg-seat",
                    data_intent="seat",
                    data_arg=str(seat),
                    data_focus=f"seat:{seat}",
                    aria_pressed="true" if seat == shown else "false",
                )
            )
        return tag("div", "".join(rows), cls="gg-seats", role="group", aria_label=t("gg.seats"))


def play_href(rec: dict[str, Any], at: int) -> str:
    """The game's page playing on from step ``at`` of ``rec``: the record of its first ``at``
    moves in the fragment (``go-for-gold.html#g=…``), which the page resumes.

    >>> href = play_href({"format": "go-for-gold/1", "moves": ["start g1", "die 2"]}, 1)
    >>> href.split("#g=")[0], links.record_from_payload(href.split("#g=")[1])["moves"]
    ('go-for-gold.html', ['start g1'])
    """
    cut = {**rec, "moves": rec["moves"][:at]}
    return f"{by_key('go_for_gold').page_file}#{links.fragment(cut)}"


def open_replay(rec: dict[str, Any], params: links.Params) -> Viewer:
    """The embed page's viewer for a Go for Gold record. It steps through; ``mode=play`` says
    that playing on happens on the game's page (the viewer's "Play from here" opens it)."""
    viewer = Viewer(rec, at=params.at, speed=params.speed)
    if params.mode == "play":
        viewer.notices.append(("gg.embed.view_only", {}))
    return viewer
