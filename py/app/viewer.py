"""One game record on a page: step through it (``view``) or play on from a step (``play``).

The embed page holds one viewer, the how-to page one per rulebook example.  In view mode the
viewer shows the state after any number of the record's moves; in play mode the game's own
controller, :class:`app.session.Session`, plays on from there, with the computer seats as
configured.  Like the game's page: :meth:`Viewer.intent` takes every click and key,
:meth:`Viewer.parts` gives the HTML of each part of the widget, drawn from the state alone;
``py/embed.py`` binds it to the DOM and runs the clock and the computer seats.
"""

from __future__ import annotations

import json
from types import SimpleNamespace

from gold_connection import Game, svg
from gold_connection import record as records

from . import view, words
from .html import esc, tag, void
from .i18n import t, tn
from .panel import Button
from .session import Session, new_seed
from .settings import SPEEDS, ai_error, ai_text

CHECKPOINT = 16
"""A copy of the state is kept every this many moves; a step replays at most this many."""
AUTOPLAY_MS = {"instant": 250, "fast": 600, "normal": 1400}
PARTS = ("notices", "status", "board", "caption", "controls", "crates", "log")


class Viewer:
    """A record and where the reader is in it.

    ``at`` is a move number or ``"end"``; by default view mode opens at the start and play
    mode at the end.  ``seats`` gives each seat's computer level (None: a person) for play
    mode; by default the record's own ``ai`` entries.  RecordError if the record does not
    replay; problems with the options become :attr:`notices`.
    """

    def __init__(
        self,
        rec: dict,
        *,
        at: int | str | None = None,
        mode: str = "view",
        seats: list[str | None] | None = None,
        speed: str = "normal",
        prefix: str = "v-",
    ):
        start = records.replay(rec, upto=0)  # the start and the shape of the moves, checked
        self.checkpoints: dict[int, Game] = {0: start.clone()}
        session = Session(start)
        self.lastmoves: list[dict | None] = []
        for i, token in enumerate(rec.get("moves", [])):
            with records.naming_move(i, token):
                session.play(token)
            self.lastmoves.append(session.last_move)
            if (i + 1) % CHECKPOINT == 0:
                self.checkpoints[i + 1] = session.game.clone()
        self.record = rec
        self.entries = session.log
        self.tokens = [e.token for e in self.entries]
        self.total = len(self.tokens)
        self.prefix = prefix
        self.speed = speed if speed in SPEEDS else "normal"
        self.notices: list[tuple[str, dict]] = []
        self.seats = self._seats(seats, start)
        self.autoplay = False
        self.session: Session | None = None
        self.play_from = 0
        self._game: tuple[int, Game] | None = None
        self.at = 0
        self.goto(self._where(at, "end" if mode == "play" else 0))
        if mode == "play":
            self.start_play()

    # ---- options --------------------------------------------------------------------------

    def _where(self, at: int | str | None, default: int | str) -> int:
        at = default if at is None else at
        if at == "end":
            return self.total
        if at > self.total:
            self.notices.append(("viewer.at_range", {"value": at, "total": self.total}))
            return self.total
        return at

    def _seats(self, seats: list[str | None] | None, game: Game) -> list[str | None]:
        if seats is not None:
            if len(seats) == game.n:
                return list(seats)
            self.notices.append(("viewer.seats_count", {"count": len(seats), "players": game.n}))
        out: list[str | None] = []
        for p in game.players:
            spec = p.get("ai")
            if spec and ai_error(spec):
                self.notices.append(("viewer.ai_unknown", {"name": p["name"], "value": spec}))
                spec = None
            out.append(spec or None)
        return out

    # ---- where the reader is ------------------------------------------------------------

    @property
    def mode(self) -> str:
        return "play" if self.session is not None else "view"

    def game_at(self, i: int) -> Game:
        """The state after the first ``i`` moves (a copy; kept while the reader stays there)."""
        if self._game is None or self._game[0] != i:
            base = i - i % CHECKPOINT
            g = self.checkpoints[base].clone()
            for token in self.tokens[base:i]:
                g.push(token)
            self._game = (i, g)
        return self._game[1]

    def goto(self, i: int) -> bool:
        i = max(0, min(self.total, i))
        if i == self.at and self._game is not None:
            return False
        self.at = i
        self.game_at(i)
        if i == self.total:
            self.autoplay = False
        return True

    def step(self) -> bool:
        """One move on (autoplay's tick); False at the end, where autoplay stops."""
        if self.mode != "view" or self.at >= self.total:
            self.autoplay = False
            return False
        return self.goto(self.at + 1)

    def autoplay_ms(self) -> int:
        return AUTOPLAY_MS[self.speed]

    # ---- play mode ------------------------------------------------------------------------

    def start_play(self) -> None:
        """Play on from the current step: the game's controller, fresh dice, these seats."""
        g = self.game_at(self.at).clone()
        g.players = [dict(p) for p in g.players]
        for p, spec in zip(g.players, self.seats, strict=True):
            p.pop("ai", None)
            if spec:
                p["ai"] = spec
        g.seed = new_seed()  # the record's own dice would repeat its game
        session = Session(g)
        session.log = list(self.entries[: self.at])
        session.last_move = self.lastmoves[self.at - 1] if self.at else None
        self.session = session
        self.play_from = self.at
        self.autoplay = False

    def computer_plays(self, token: str | None) -> None:
        """A computer seat's decision (None: its dice roll)."""
        if token is None:
            self.session.roll()
        else:
            self.session.play(token)  # checked: a broken worker's answer must not slip in

    def computer_failed(self, reason: str) -> None:
        """The computer seat to move cannot play at all: a person takes it (see Session)."""
        notice = self.session.computer_failed(reason) if self.session is not None else None
        if notice is not None:
            self.notices.append(notice)

    def waiting(self) -> str:
        """What play mode waits for (as Session.waiting), or "view"."""
        return self.session.waiting() if self.session is not None else "view"

    def record_json(self) -> str:
        return json.dumps(self.session.game.record())

    def state(self) -> str:
        """``<html data-state>``: "over" once a game played on has ended, else "ready"."""
        if self.session is not None and self.session.game.is_over():
            return "over"
        return "ready"

    # ---- intents --------------------------------------------------------------------------

    def intent(self, name: str, arg: str = "") -> bool:
        """A click or key; True if anything changed."""
        if name == "dismiss":
            if arg.isdigit() and int(arg) < len(self.notices):
                del self.notices[int(arg)]
                return True
            return False
        if self.session is None:
            return self._view_intent(name, arg)
        if name == "back":
            self.session = None
            self.autoplay = False
            self.goto(self.play_from)
            return True
        if name in ("restart", "again", "new"):
            self.goto(self.play_from)
            self.start_play()
            return True
        return self.session.intent(name, arg)

    def _view_intent(self, name: str, arg: str) -> bool:
        stepped = step_intent(self, name, arg)
        if stepped is not None:
            return stepped
        if name == "play" and not self.game_at(self.at).is_over():
            self.start_play()
            return True
        return False

    # ---- HTML -----------------------------------------------------------------------------

    def parts(self) -> dict[str, str]:
        """HTML of each part of the widget, by part name (see :data:`PARTS`)."""
        if self.session is not None:
            return self._play_parts()
        g = self.game_at(self.at)
        summary = g.summary(legal=False)
        lastmove = self.lastmoves[self.at - 1] if self.at else None
        log = SimpleNamespace(log=self.entries[: self.at], game=g)
        return {
            "notices": view.notices(self.notices),
            "status": self._status(g),
            "board": self._vault(summary, lastmove=lastmove, selected=named_bars(g)),
            "caption": self._caption(g),
            "controls": self._view_controls(),
            "crates": self._crates(g, summary),
            "log": view.log_html(log),
        }

    def _play_parts(self) -> dict[str, str]:
        s = self.session
        summary = s.game.summary(legal=False)
        hl, selected, at = view.highlights(s)
        board = self._vault(
            summary,
            highlight=hl,
            selected=selected,
            selected_field=at,
            choices=view.choices(s),
            lastmove=s.last_move,
            way=view.way(s),
        )
        return {
            "notices": view.notices(self.notices),
            "status": view.status(s),
            "board": board,
            "caption": tag("div", view.panel_html(s), cls="panel vw-panel"),
            "controls": self._play_controls(),
            "crates": self._crates(s.game, summary, active=s.humans_turn()),
            "log": view.log_html(s),
        }

    def _vault(self, summary: dict, **options) -> str:
        return svg.vault(summary, labels=view.svg_labels(), id_prefix=self.prefix, **options)

    def _status(self, g: Game) -> str:
        step = tag("span", esc(t("viewer.step", at=self.at, total=self.total)), cls="vw-step")
        return view.status(SimpleNamespace(game=g, is_ai=lambda seat: False)) + step

    def _caption(self, g: Game) -> str:
        if self.at == 0:
            if g.turn is None:
                text = t("viewer.start_setup", name=words.name(g, g.to_move))
            else:
                text = t("viewer.start", counter=g.counter, name=words.name(g, g.to_move))
            return tag("p", esc(text), cls="vw-line start")
        e = self.entries[self.at - 1]
        lines = "".join(
            tag("span", esc(words.log_text(k, p)), cls=f"line {kind}") for k, p, kind in e.lines
        )
        mark = tag("span", view.MARKS[e.seat], cls=f"pmark p{e.seat}", aria_hidden="true")
        return tag(
            "p",
            mark + tag("span", lines, cls="lines") + tag("code", esc(e.token), cls="tok"),
            cls="vw-line",
            aria_live="polite",
        )

    def _view_controls(self) -> str:
        play = view.button(
            Button(
                "play",
                label=t("viewer.play"),
                kind="primary",
                note=t("viewer.play.note"),
                disabled=self.game_at(self.at).is_over(),
            )
        )
        return step_controls(self.at, self.total, self.autoplay) + tag("div", play, cls="vw-play")

    def _play_controls(self) -> str:
        s = self.session
        buttons = [
            Button("undo", label=t("btn.undo"), key="U", disabled=not s.can_undo()),
            Button("restart", label=t("viewer.restart")),
        ]
        if self.total:
            buttons.append(Button("back", label=t("viewer.back")))
        note = tag("p", esc(t("viewer.playing", at=self.play_from)), cls="vw-note")
        return tag("div", "".join(view.button(b) for b in buttons), cls="vw-steps") + note

    def _crates(self, g: Game, summary: dict, active: bool = False) -> str:
        labels = view.svg_labels()
        cards = []
        for i, spec in enumerate(self.seats):  # the same in view and play mode
            kind = t("crate.computer", level=ai_text(spec)) if spec else t("crate.person")
            aria = view.crate_aria(summary["players"][i], kind)
            caption = tag(
                "p", esc(kind) + " · " + esc(tn("count.chips", g.chips[i])), cls="crate-kind"
            )
            picture = svg.crate(summary, i, labels=labels, id_prefix=f"{self.prefix}c{i}-")
            cls = "crate-card" + (" to-move" if i == g.to_move and not g.is_over() else "")
            if g.is_over() and i in g.winners:
                cls += " winner"
            cards.append(
                tag("article", picture + caption, cls=f"{cls} p{i}", aria_label=aria, data_player=i)
            )
        supply = tag("p", esc(t("crates.supply", n=g.supply)), cls="supply")
        return tag("div", "".join(cards), cls=f"vw-crate-grid n{g.n}") + supply


def named_bars(g: Game) -> list[str]:
    """The bars named in the safe while their loot roll is pending (drawn as selected)."""
    t = g.turn
    if g.prompt in ("roll", "chips") and t is not None and t.action and t.action[0] == "take":
        return list(t.action[1])
    return []


# ---- pages around viewers ---------------------------------------------------------------------


ICONS = {  # 24×24 paths: |◀◀ |◀ ▶ ❚❚ ▶| ▶▶|
    "first": "M5 5h2v14H5zM13 5v14L7 12zM20 5v14l-7-7z",
    "prev": "M6 5h2v14H6zM18 5v14L9 12z",
    "autoplay": "M7 4v16l13-8z",
    "pause": "M6 5h4v14H6zM14 5h4v14h-4z",
    "next": "M16 5h2v14h-2zM6 5v14l9-7z",
    "last": "M17 5h2v14h-2zM4 5v14l7-7zM11 5v14l7-7z",
}


def step_intent(viewer, name: str, arg: str) -> bool | None:
    """Stepping through a record (any game's viewer: ``at``, ``total``, ``autoplay``,
    ``goto(i)``): True if it moved, None if ``name`` is not a stepping intent."""
    if name == "first":
        return viewer.goto(0)
    if name in ("prev", "next", "last", "goto"):
        viewer.autoplay = False
        if name == "goto":
            return arg.isdigit() and viewer.goto(int(arg))
        target = {"prev": viewer.at - 1, "next": viewer.at + 1, "last": viewer.total}[name]
        return viewer.goto(target)
    if name == "autoplay":
        if viewer.at >= viewer.total and not viewer.autoplay:
            viewer.goto(0)
        viewer.autoplay = not viewer.autoplay
        return True
    return None


def step_controls(at: int, total: int, autoplay: bool) -> str:
    """The buttons and the slider that step through a record (any game's viewer)."""
    steps = [
        icon_button("first", "viewer.first", disabled=at == 0),
        icon_button("prev", "viewer.prev", disabled=at == 0),
        icon_button(
            "pause" if autoplay else "autoplay",
            "viewer.pause" if autoplay else "viewer.autoplay",
            intent="autoplay",
            pressed=autoplay,
            disabled=total == 0,
        ),
        icon_button("next", "viewer.next", disabled=at >= total),
        icon_button("last", "viewer.last", disabled=at >= total),
    ]
    slider = void(
        "input",
        type="range",
        min=0,
        max=total,
        value=at,
        step=1,
        data_setting="at",
        aria_label=t("viewer.slider"),
        aria_valuetext=t("viewer.step", at=at, total=total),
        disabled=total == 0,
    )
    return tag(
        "div", "".join(steps), cls="vw-steps", role="group", aria_label=t("viewer.steps")
    ) + tag("div", slider, cls="vw-slider")


def icon_button(
    icon: str,
    label: str,
    *,
    intent: str | None = None,
    pressed: bool | None = None,
    disabled: bool = False,
) -> str:
    """A button showing a drawn icon (fonts lack the media symbols); its name is ``label``."""
    picture = (
        '<svg class="ico" width="20" height="20" viewBox="0 0 24 24" aria-hidden="true"'
        ' focusable="false">'
        f'<path fill="currentColor" d="{ICONS[icon]}"/></svg>'
    )
    intent = intent or icon
    return tag(
        "button",
        picture,
        type="button",
        cls="btn icon",
        data_intent=intent,
        data_focus=f"{intent}:",
        aria_label=t(label),
        title=t(label),
        aria_pressed=None if pressed is None else str(pressed).lower(),
        disabled=disabled,
    )


def shell() -> str:
    """The widget's frame: one stable container per part."""
    slots = {name: tag("div", "", cls=f"vw-{name}", data_part=name) for name in PARTS}
    # the log scrolls: keyboard users reach it (WCAG 2.1.1)
    slots["log"] = tag("div", "", cls="vw-log", data_part="log", tabindex=0)
    side = tag("div", slots["crates"] + slots["log"], cls="vw-side")
    main = tag(
        "div",
        slots["status"] + slots["board"] + slots["controls"] + slots["caption"],
        cls="vw-main",
    )
    return slots["notices"] + tag("div", main + side, cls="vw-body")


def error_html(key: str, params: dict) -> str:
    """What is wrong with the game a page was given, in words; the detail as plain data."""
    detail = params.get("detail")
    body = tag("h2", esc(t("viewer.error.title"))) + tag("p", esc(t(key, **params)), cls="vw-why")
    if detail:
        body += tag(
            "details",
            tag("summary", esc(t("viewer.error.detail"))) + tag("code", esc(detail)),
            cls="vw-detail",
        )
    body += tag("p", esc(t("viewer.error.help")), cls="vw-help")
    return tag("div", body, cls="vw-error", role="alert")


def standalone_bar(home: str = "./") -> str:
    """Above the viewer when the embed page is opened on its own (not in a frame)."""
    return tag(
        "nav",
        tag("span", esc(t("app.title")), cls="vw-brand")
        + tag("a", esc(t("viewer.own_game")), href=home, cls="btn")
        + tag("a", esc(t("viewer.howto")), href="howto.html", cls="btn"),
        cls="vw-top",
        aria_label=t("viewer.site"),
    )
