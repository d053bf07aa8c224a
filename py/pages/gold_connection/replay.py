"""One game record on a page: step through it (``view``) or play on from a step (``play``).

The embed page holds one viewer, the how-to page one per rulebook example.  In view mode the
viewer shows the state after any number of the record's moves; in play mode the game's own
controller, :class:`pages.gold_connection.session.Session`, plays on from there, with the
computer seats as
configured.  Like the game's page: :meth:`Viewer.intent` takes every click and key,
:meth:`Viewer.parts` gives the HTML of each part of the widget, drawn from the state alone;
``py/embed.py`` binds it to the DOM and runs the clock and the computer seats.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from types import SimpleNamespace
from typing import Any

from gold_connection import Game, svg
from gold_connection import record as records
from shell import links
from shell.html import esc, tag
from shell.i18n import Message, t, tn
from shell.replay import AUTOPLAY_MS, dismiss, step_controls, step_intent
from shell.settings import SPEEDS

from pages.gold_connection import phrases as words
from pages.gold_connection import view
from pages.gold_connection.panel import Button
from pages.gold_connection.session import Session, new_seed
from pages.gold_connection.settings import ai_error, ai_levels, ai_text, default_level

Problem = Message

CHECKPOINT = 16
"""A copy of the state is kept every this many moves; a step replays at most this many."""


class Viewer:
    """A record and where the reader is in it.

    ``at`` is a move number or ``"end"``; by default view mode opens at the start and play
    mode at the end.  ``seats`` gives each seat's computer level (None: a person) for play
    mode; by default the record's own ``ai`` entries.  RecordError if the record does not
    replay; problems with the options become :attr:`notices`.
    """

    def __init__(
        self,
        rec: dict[str, Any],
        *,
        at: links.At | None = None,
        mode: str = "view",
        seats: Sequence[str | None] | None = None,
        speed: str = "normal",
        prefix: str = "v-",
    ):
        start = records.replay(rec, upto=0)  # the start and the shape of the moves, checked
        self.checkpoints: dict[int, Game] = {0: start.clone()}
        session = Session(start)
        self.lastmoves: list[dict[str, Any] | None] = []
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
        self.notices: list[Message] = []
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

    def _where(self, at: links.At | None, default: links.At) -> int:
        at = default if at is None else at
        if at == "end":
            return self.total
        if at > self.total:
            self.notices.append(("viewer.at_range", {"value": at, "total": self.total}))
            return self.total
        return at

    def _seats(self, seats: Sequence[str | None] | None, game: Game) -> list[str | None]:
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

    @property
    def playing(self) -> Session:
        """The game played on from here; asked for only in play mode."""
        if self.session is None:
            raise RuntimeError("the viewer is not in play mode")
        return self.session

    def computer_plays(self, token: str | None) -> None:
        """A computer seat's decision (None: its dice roll)."""
        if token is None:
            self.playing.roll()
        else:
            self.playing.play(token)  # checked: a broken worker's answer must not slip in

    def computer_failed(self, reason: str) -> None:
        """The computer seat to move cannot play at all: a person takes it (see Session)."""
        notice = self.session.computer_failed(reason) if self.session is not None else None
        if notice is not None:
            self.notices.append(notice)

    def waiting(self) -> str:
        """What play mode waits for (as Session.waiting), or "view"."""
        return self.session.waiting() if self.session is not None else "view"

    def record_json(self) -> str:
        return json.dumps(self.playing.game.record())

    def state(self) -> str:
        """``<html data-state>``: "over" once a game played on has ended, else "ready"."""
        if self.session is not None and self.session.game.is_over():
            return "over"
        return "ready"

    # ---- intents --------------------------------------------------------------------------

    def intent(self, name: str, arg: str = "") -> bool:
        """A click or key; True if anything changed."""
        if name == "dismiss":
            return dismiss(self.notices, arg)
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
        s = self.playing
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

    def _vault(self, summary: dict[str, Any], **options: Any) -> str:
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
        play = view.panel_button(
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
        s = self.playing
        buttons = [
            Button("undo", label=t("btn.undo"), key="U", disabled=not s.can_undo()),
            Button("restart", label=t("viewer.restart")),
        ]
        if self.total:
            buttons.append(Button("back", label=t("viewer.back")))
        note = tag("p", esc(t("viewer.playing", at=self.play_from)), cls="vw-note")
        return tag("div", "".join(view.panel_button(b) for b in buttons), cls="vw-steps") + note

    def _crates(self, g: Game, summary: dict[str, Any], active: bool = False) -> str:
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


def parse_seats(text: str, errors: list[Problem]) -> list[str | None] | None:
    """``human,ai:medium`` -> ``[None, "medium"]`` (``ai`` alone: the default level)."""
    seats: list[str | None] = []
    for spec in (s.strip() for s in text.split(",")):
        if spec == "human":
            seats.append(None)
            continue
        level = spec[3:] if spec.startswith("ai:") else "" if spec == "ai" else None
        if level is None:
            errors.append(("url.player", {"value": spec[:30], "levels": ", ".join(ai_levels())}))
            return None
        level = level or default_level()
        reason = ai_error(level)
        if reason:
            errors.append(
                ("url.ai", {"value": spec[:30], "reason": reason, "levels": ", ".join(ai_levels())})
            )
            return None
        seats.append(level)
    if not 2 <= len(seats) <= 4:
        errors.append(("url.players_count", {"count": len(seats), "value": text[:60]}))
        return None
    return seats


def open_replay(rec: dict[str, Any], params: links.Params) -> Viewer:
    """The embed page's viewer for a Gold Connection record: its seats for play mode read
    here (``players=human,ai:hard``), their problems added to ``params.errors``."""
    seats = parse_seats(params.players, params.errors) if params.players is not None else None
    return Viewer(rec, at=params.at, mode=params.mode, seats=seats, speed=params.speed)
