"""A game's review on the page: its state while the worker answers, and its HTML.

:class:`ReviewRun` gathers the worker's steps
(:meth:`pages.gold_connection.ai_service.AiService.review`) and, once all
moves are in, sums them up with :func:`gold_connection.review.summarize`. The rest are pure
functions from the review to HTML: the chart (SVG drawn here from the values, with a text
summary and a table of the same numbers), the accuracy per player and the costliest
decisions, each a link or a button that shows its position in the replay viewer.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, Protocol

from gold_connection import record
from gold_connection.board import walks
from gold_connection.game import Game
from gold_connection.notation import parse_rob, parse_sort
from gold_connection.review import Decision, Review, summarize
from shell.html import esc, tag
from shell.i18n import language, t, tn

from pages.gold_connection import phrases as words

MARKERS = ("circle", "square", "triangle", "diamond")
"""Each seat's marker shape: the curves differ without colour."""
DASHES = ("", "6 3", "2 3", "8 3 2 3")
"""Each seat's line pattern, a second cue besides the marker."""
WIDTH, PANEL_H, TOP, LEFT, RIGHT, GAP, BOTTOM = 480, 150, 34, 44, 12, 40, 30


@dataclass
class ReviewRun:
    """A review under way: the record, the decisions so far, and the summary at the end."""

    rec: dict[str, Any]
    next: int = 0
    total: int = 0
    decisions: list[Decision] = field(default_factory=list)
    expected: dict[int, tuple[float, ...]] = field(default_factory=dict)
    result: Review | None = None
    error: str | None = None
    drawn: tuple[tuple[object, ...], str] | None = None  # the finished review's HTML, by language

    @property
    def finished(self) -> bool:
        return self.result is not None or self.error is not None

    def request(self) -> str:
        """The worker's next question: review on from move ``next``."""
        return json.dumps({"record": self.rec, "begin": self.next})

    def take(self, answer: str) -> None:
        """One answer of the worker; the last one sums the review up."""
        data = json.loads(answer)
        if int(data["next"]) <= self.next and self.next < int(data["total"]):
            raise ValueError("the review did not move on")
        self.decisions += [Decision.from_dict(d) for d in data["decisions"]]
        for turn, scores in data.get("expected", ()):
            self.expected[int(turn)] = tuple(float(x) for x in scores)
        self.next, self.total = int(data["next"]), int(data["total"])
        if self.next >= self.total:  # the players' names are all summarize reads of the game
            expected = tuple(sorted(self.expected.items()))
            self.result = summarize(record.start(self.rec), "expert", self.decisions, expected)

    def fail(self, reason: str) -> None:
        self.error = reason

    def percent(self) -> int:
        return 100 * self.next // self.total if self.total else 0


# ---- the values drawn ---------------------------------------------------------------------


def curves(r: Review) -> dict[int, list[tuple[int, float, float]]]:
    """Per seat, ``(turn, points, win)`` after its last reviewed decision of each of its turns:
    the expected margin and the chance to win that its play leaves it with."""
    last: dict[tuple[int, int], Decision] = {}
    for d in r.decisions:
        last[(d.seat, d.turn)] = d
    out: dict[int, list[tuple[int, float, float]]] = {p.seat: [] for p in r.players}
    for (seat, turn), d in sorted(last.items()):
        out[seat].append((turn, d.played.points, d.played.win))
    return out


Curves = dict[int, list[tuple[int, float]]]
"""Each seat's points (or chance to win) by turn: the review's chart lines."""


def score_curves(r: Review) -> dict[int, list[tuple[int, float]]]:
    """Per seat, ``(turn, expected final score)`` after every turn (0: before the first)."""
    out: dict[int, list[tuple[int, float]]] = {p.seat: [] for p in r.players}
    for turn, scores in r.expected:
        for seat, v in enumerate(scores):
            if seat in out:
                out[seat].append((turn, v))
    return out


def win_curves(r: Review) -> dict[int, list[tuple[int, float]]]:
    """Per seat, ``(turn, chance to win)`` after each of its own reviewed turns."""
    return {seat: [(turn, w) for turn, _, w in pts] for seat, pts in curves(r).items()}


def _marker(shape: str, x: float, y: float, cls: str) -> str:
    r = 4.0
    if shape == "circle":
        return f'<circle class="{cls}" cx="{x:.1f}" cy="{y:.1f}" r="{r}"/>'
    if shape == "square":
        box = f'x="{x - r:.1f}" y="{y - r:.1f}" width="{2 * r}" height="{2 * r}"'
        return f'<rect class="{cls}" {box}/>'
    if shape == "triangle":
        pts = [(x, y - r - 1), (x + r + 1, y + r), (x - r - 1, y + r)]
    else:
        pts = [(x, y - r - 1), (x + r + 1, y), (x, y + r + 1), (x - r - 1, y)]
    return f'<polygon class="{cls}" points="{" ".join(f"{a:.1f},{b:.1f}" for a, b in pts)}"/>'


def _ticks(lo: float, hi: float) -> list[float]:
    """A few round values from ``lo`` to ``hi``."""
    span = hi - lo
    step = next(s for s in (1, 2, 5, 10, 20, 25, 50, 100, 200) if span / s <= 5)
    first = -(-lo // step) * step
    return [first + k * step for k in range(int((hi - first) // step) + 1)]


def chart(r: Review, names: list[str]) -> str:
    """Two panels over the same turns: every player's expected final score and chance to win,
    each player in its colour, marker and line pattern; ``role="img"`` with a summary."""
    scores, wins = score_curves(r), win_curves(r)
    turns = [turn for data in (scores, wins) for pts in data.values() for turn, _ in pts]
    last_turn = max(turns, default=1)
    values = [v for pts in scores.values() for _, v in pts] or [0.0]
    lo, hi = min(0.0, min(values)), max(values)
    pad = max(1.0, (hi - lo) * 0.05)
    hi += pad
    plot_w = WIDTH - LEFT - RIGHT
    height = TOP + 2 * PANEL_H + GAP + BOTTOM

    def x_of(turn: float) -> float:
        return LEFT + plot_w * (turn / max(1, last_turn))

    panels: list[tuple[int, float, float, list[float], Callable[[float], str], str, Curves]] = [
        (TOP, lo, hi, _ticks(lo, hi), lambda v: f"{v:.0f}", t("review.chart.points"), scores),
        (
            TOP + PANEL_H + GAP,
            0.0,
            1.0,
            [0.0, 0.25, 0.5, 0.75, 1.0],
            words.pct,
            t("review.chart.win"),
            wins,
        ),
    ]
    body = []
    for top, a, b, ticks, label, title, data in panels:

        def y_of(v: float, top: int = top, a: float = a, b: float = b) -> float:
            return top + PANEL_H * (1 - (v - a) / (b - a))

        body.append(f'<text class="rv-axis-title" x="{LEFT}" y="{top - 8}">{esc(title)}</text>')
        for v in ticks:
            y = y_of(v)
            body.append(
                f'<line class="rv-grid" x1="{LEFT}" x2="{WIDTH - RIGHT}" '
                f'y1="{y:.1f}" y2="{y:.1f}"/>'
            )
            body.append(
                f'<text class="rv-tick" x="{LEFT - 5}" y="{y + 4:.1f}" text-anchor="end">'
                f"{esc(label(v))}</text>"
            )
        body.append(
            f'<rect class="rv-frame" x="{LEFT}" y="{top}" width="{plot_w}" height="{PANEL_H}"/>'
        )
        for seat, pts in data.items():
            if not pts:
                continue
            k = seat % len(MARKERS)
            xy = [(x_of(turn), y_of(v)) for turn, v in pts]
            path = " ".join(f"{x:.1f},{y:.1f}" for x, y in xy)
            dash = f' stroke-dasharray="{DASHES[k]}"' if DASHES[k] else ""
            body.append(f'<polyline class="rv-line p{seat}" points="{path}"{dash}/>')
            body.extend(_marker(MARKERS[k], x, y, f"rv-mark p{seat}") for x, y in xy)
    axis_y = TOP + 2 * PANEL_H + GAP
    for turn in _ticks(0, last_turn):
        x = x_of(turn)
        body.append(
            f'<text class="rv-tick" x="{x:.1f}" y="{axis_y + 16}" text-anchor="middle">'
            f"{int(turn)}</text>"
        )
    body.append(
        f'<text class="rv-axis-title" x="{LEFT + plot_w / 2:.1f}" y="{axis_y + BOTTOM - 2}" '
        f'text-anchor="middle">{esc(t("review.chart.turn"))}</text>'
    )
    legend = []
    for seat, name in enumerate(names):
        k = seat % len(MARKERS)
        x = LEFT + seat * (plot_w / max(1, len(names)))
        dash = f' stroke-dasharray="{DASHES[k]}"' if DASHES[k] else ""
        legend.append(
            f'<line class="rv-line p{seat}" x1="{x:.1f}" x2="{x + 24:.1f}" y1="10" y2="10"{dash}/>'
        )
        legend.append(_marker(MARKERS[k], x + 12, 10, f"rv-mark p{seat}"))
        legend.append(f'<text class="rv-legend" x="{x + 30:.1f}" y="14">{esc(name)}</text>')
    summary = chart_summary(r, names)
    return (
        f'<svg class="rv-chart" viewBox="0 0 {WIDTH} {height}" role="img" '
        f'aria-labelledby="rv-chart-title rv-chart-desc" xmlns="http://www.w3.org/2000/svg">'
        f'<title id="rv-chart-title">{esc(t("review.chart.title"))}</title>'
        f'<desc id="rv-chart-desc">{esc(summary)}</desc>'
        + "".join(legend)
        + "".join(body)
        + "</svg>"
    )


def chart_summary(r: Review, names: list[str]) -> str:
    """The chart in words: where each player's expected score starts, peaks and ends, and its
    chance to win from its first turn to its last."""
    scores, wins = score_curves(r), win_curves(r)
    parts = []
    for seat in sorted(scores):
        pts, won = scores[seat], wins.get(seat, [])
        if not pts or not won:
            continue
        best = max(pts, key=lambda p: p[1])
        parts.append(
            t(
                "review.chart.player",
                name=names[seat],
                first=f"{pts[0][1]:.0f}",
                last=f"{pts[-1][1]:.0f}",
                best=f"{best[1]:.0f}",
                best_turn=best[0],
                win_first=words.pct(won[0][1]),
                win_last=words.pct(won[-1][1]),
            )
        )
    return " ".join([t("review.chart.summary"), *parts])


def chart_table(r: Review, names: list[str]) -> str:
    """The chart's numbers as a table, turn by turn (inside a <details>)."""
    scores, wins = score_curves(r), win_curves(r)
    head = tag("th", esc(t("review.chart.turn")), scope="col") + "".join(
        tag("th", esc(n), scope="col") for n in names
    )
    score_at = {(seat, turn): v for seat, pts in scores.items() for turn, v in pts}
    win_at = {(seat, turn): w for seat, pts in wins.items() for turn, w in pts}
    rows = []
    for turn in sorted({turn for (_, turn) in (*score_at, *win_at)}):
        cells = [tag("th", esc(turn), scope="row")]
        for seat in range(len(names)):
            v, w = score_at.get((seat, turn)), win_at.get((seat, turn))
            text = " · ".join(
                ([f"{v:.0f}"] if v is not None else []) + ([words.pct(w)] if w is not None else [])
            )
            cells.append(tag("td", esc(text or "–")))
        rows.append(tag("tr", "".join(cells)))
    table = tag(
        "table",
        tag("caption", esc(t("review.table.caption")))
        + tag("thead", tag("tr", head))
        + tag("tbody", "".join(rows)),
        cls="rv-table",
    )
    return tag("details", tag("summary", esc(t("review.table.show"))) + table, cls="rv-numbers")


# ---- accuracy and the costliest decisions ----------------------------------------------------


def accuracy_html(r: Review, names: list[str]) -> str:
    items = []
    for p in r.players:
        k = p.seat % len(MARKERS)
        shape = _marker(MARKERS[k], 6, 6, f"rv-mark p{p.seat}")
        mark = f'<svg class="rv-key" viewBox="0 0 12 12" aria-hidden="true">{shape}</svg>'
        grades = ", ".join(
            tn(f"review.grade.{g}", n) for g, n in p.grades.items() if n and g != "best"
        )
        items.append(
            tag(
                "li",
                mark
                + tag("strong", esc(names[p.seat]))
                + " "
                + esc(t("review.accuracy", accuracy=f"{p.accuracy:.0f}", decisions=p.decisions))
                + (tag("span", esc(" — " + grades), cls="rv-grades") if grades else ""),
            )
        )
    return tag("ul", "".join(items), cls="rv-accuracy")


def token_text(token: str, g: Game) -> str:
    """A move in words, at the state ``g`` where it is played."""
    w = token.split()
    kind, args = w[0], w[1:]
    if kind == "move":
        t_ = g.live
        walk = next(
            (x for x in walks(t_.arrow, t_.heading, t_.arrived_from) if x.token == token), None
        )
        steps = tn("count.steps", int(args[0]))
        field = words.field(walk.field) if walk is not None else "?"
        return t("review.tok.move", steps=steps, field=field)
    if kind == "take":
        return t("review.tok.take", bars=words.bars(args))
    if kind == "rob":
        rows = words.join(
            [t("review.tok.rob_row", row=words.row(r), n=n) for r, n in parse_rob(token, args)]
        )
        return t("review.tok.rob", rows=rows)
    if kind == "sort":
        pairs = words.join(
            [
                t("review.tok.sort_pair", bar=words.bar(b), row=words.row(r))
                for b, r in parse_sort(token, args)
            ]
        )
        return t("review.tok.sort", pairs=pairs)
    if kind == "face":
        return t("review.tok.face", heading=words.heading(args[0]))
    if kind == "spend":
        return tn("btn.spend", int(args[0]))
    if kind in ("end", "stop", "accept"):
        return t(f"btn.{kind}")
    return token


def positions(rec: dict[str, Any], indices: list[int]) -> dict[int, Game]:
    """The states before ``moves[i]`` for each of ``indices``, in one pass over the record."""
    out: dict[int, Game] = {}
    for _ in positions_stepwise(rec, indices, out):
        pass
    return out


REPLAY_PIECE = 40
"""Moves replayed between two pauses of :func:`positions_stepwise` (a few ms in Pyodide)."""


def positions_stepwise(
    rec: dict[str, Any], indices: list[int], out: dict[int, Game]
) -> Iterator[None]:
    """:func:`positions` into ``out``, pausing (``yield``) every :data:`REPLAY_PIECE` moves."""
    g = record.replay(rec, upto=0)
    moves = rec["moves"]
    for i in range(max(indices, default=-1) + 1):
        if i in indices:
            out[i] = g.clone()
        g.push(moves[i])
        if i % REPLAY_PIECE == REPLAY_PIECE - 1:
            yield


def _option(token: str, chance: float | None, g: Game) -> str:
    text = token_text(token, g)
    if chance is not None:
        text = t("review.with_chance", move=text, chance=words.pct(chance))
    return text


def costliest_html(
    r: Review,
    names: list[str],
    rec: dict[str, Any],
    href: Callable[[int], str] | None = None,
    states: dict[int, Game] | None = None,
) -> str:
    """The costliest decisions, worst first; each shows its position: a link ``href(index)``
    (the game's page opens the replay viewer), else a button (``data-intent="review-at"``).
    ``states``: their positions (:func:`positions`) if already found."""
    if not r.costliest:
        return tag("p", esc(t("review.no_costly")), cls="rv-none")
    items = []
    if states is None:
        states = positions(rec, [d.index for d in r.costliest])
    for d in r.costliest:
        g = states[d.index]
        why = words.join([t(f"review.reason.{x}") for x in d.reasons])
        head = t(
            "review.costly.head",
            move=d.index,
            turn=d.turn,
            name=names[d.seat],
            grade=t(f"review.grade_name.{d.grade}"),
            loss=f"{d.loss:.1f}",
            win=words.pct(d.played.win),
            best_win=words.pct(d.best.win),
        )
        label = t("review.show", move=d.index)
        show = (
            tag(
                "a",
                esc(label),
                href=href(d.index),
                cls="btn small",
                target="_blank",
                rel="noopener",
            )
            if href is not None
            else tag(
                "button",
                esc(label),
                type="button",
                cls="btn small",
                data_intent="review-at",
                data_arg=d.index,
            )
        )
        items.append(
            tag(
                "li",
                tag("p", tag("strong", esc(head)))
                + tag(
                    "p", esc(t("review.played", move=_option(d.played.token, d.played.chance, g)))
                )
                + tag(
                    "p",
                    esc(t("review.better", move=_option(d.best.token, d.best.chance, g), why=why)),
                )
                + show,
                cls=f"rv-costly grade-{d.grade}",
            )
        )
    return tag("ol", "".join(items), cls="rv-costliest")


def progress_html(run: ReviewRun) -> str:
    if run.error is not None:
        return tag("p", esc(t("review.failed", reason=run.error)), cls="rv-error", role="alert")
    pct = run.percent()
    return tag(
        "div",
        tag(
            "p",
            esc(t("review.working", done=run.next, total=run.total or "…")),
            id="rv-progress-label",
        )
        + tag(
            "progress",
            esc(t("pct", n=pct)),
            max="100",
            value=str(pct),
            aria_labelledby="rv-progress-label",
        ),
        cls="rv-progress",
    )


def body(run: ReviewRun, names: list[str], href: Callable[[int], str] | None = None) -> str:
    """The review as it stands: progress while it runs, then chart, accuracy and decisions."""
    if run.result is None:
        return progress_html(run)
    for _ in prepare(run, names, href):  # at once, unless a page prepared it in pieces
        pass
    assert run.drawn is not None
    return run.drawn[1]


def prepare(
    run: ReviewRun, names: list[str], href: Callable[[int], str] | None = None
) -> Iterator[None]:
    """Builds the finished review's HTML a piece at a time, pausing (``yield``) between the
    pieces so that a page can let the browser answer in between (each piece takes tens of
    milliseconds in Pyodide); :func:`body` then returns it at once. Kept per language, names
    and kind of link: the page redraws on every click."""
    r = run.result
    key = (language(), tuple(names), href is None)
    if r is None or (run.drawn is not None and run.drawn[0] == key):
        return
    pieces = [tag("h3", esc(t("review.accuracy_title"))), accuracy_html(r, names)]
    yield
    figure = chart(r, names) + tag("figcaption", esc(t("review.chart.caption")))
    pieces += [tag("h3", esc(t("review.chart_title"))), tag("figure", figure, cls="rv-figure")]
    yield
    pieces.append(chart_table(r, names))
    yield
    states: dict[int, Game] = {}
    yield from positions_stepwise(run.rec, [d.index for d in r.costliest], states)
    costliest = costliest_html(r, names, run.rec, href, states)
    pieces += [tag("h3", esc(t("review.costliest_title"))), costliest]
    run.drawn = (key, "".join(pieces))


class Replayed(Protocol):
    """The replay viewer a review sits under (``pages.gold_connection.replay.Viewer``)."""

    def game_at(self, i: int) -> Game: ...


def player_names(viewer: Replayed) -> list[str]:
    """The names the review's charts and lines use, from the replay viewer it sits under."""
    start = viewer.game_at(0)
    return [words.name(start, i) for i in range(start.n)]
