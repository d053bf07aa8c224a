"""A Go for Gold record on the embed page: step through it, every sheet live.

Drawn into the same widget as every game's viewer (:func:`shell.replay.shell`, parts
``notices``, ``status``, ``board``, ``caption``, ``controls``, ``crates``, ``log``) and stepped
by the same controls (:func:`shell.replay.step_controls`, :func:`shell.replay.step_intent`). View
mode only: "Play from here" opens the game's own page at that step (:func:`play_href`). Pure:
no browser.

>>> rec = {"format": "go-for-gold/1", "players": [{"name": "Ada"}], "options": {"map": "a"},
...        "moves": ["start g1", "die 2", "path f2 e2"]}
>>> v = Viewer(rec, at="end")
>>> v.at, v.total, "Ada walks f2 → e2." in v.parts()["caption"]
(3, 3, True)
"""

from __future__ import annotations

from typing import Any

from gamekit.errors import naming_move
from games import by_key
from go_for_gold import record as records
from go_for_gold import svg
from go_for_gold.game import Game
from shell import links
from shell.html import esc, tag
from shell.i18n import Message, t
from shell.replay import AUTOPLAY_MS, dismiss, step_controls, step_intent
from shell.settings import SPEEDS

from pages.go_for_gold import phrases as words


class Viewer:
    session = None  # view mode only: no game is played on from here
    mode = "view"

    def __init__(
        self,
        rec: dict[str, Any],
        *,
        at: links.At | None = None,
        speed: str = "normal",
        new_tab: bool = True,
    ):
        """``new_tab``: "Play from here" opens the game's page in a tab of its own (the embed
        page, perhaps framed in another site); the how-to page's examples open it in their own
        tab instead, one tab of the game, which asks before replacing a game in progress."""
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
        self.new_tab = new_tab
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

    def waiting(self) -> str:
        return "view"

    def state(self) -> str:
        return "ready"

    def intent(self, name: str, arg: str = "") -> bool:
        if name == "dismiss":
            return dismiss(self.notices, arg)
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
        """"Play on from here": the game's page (in a tab of its own from the embed page) with
        the record up to this step (:func:`play_href`); none once the game is over."""
        if self.states[self.at].over:
            return ""
        link = tag(
            "a",
            esc(t("viewer.play")),
            href=play_href(self.record, self.at),
            cls="btn primary",
            target="_blank" if self.new_tab else None,
            rel="noopener" if self.new_tab else None,
            data_play_on="",
        )
        note = tag("span", esc(t("viewer.play.note")), cls="vw-note")
        return tag("div", link + " " + note, cls="vw-play")

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
