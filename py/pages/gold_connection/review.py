"""A game's review on the page: its state while the worker answers, and its HTML.

:class:`ReviewRun` gathers the worker's steps
(:meth:`pages.gold_connection.ai_service.AiService.review`) and, once all
moves are in, sums them up with :func:`gold_connection.review.summarize`. The rest are pure
functions from the review to HTML: the chart (SVG drawn here from the values, with a text
summary and a table of the same numbers), the accuracy per player and the costliest
decisions, each a link or a button that shows its position in the replay viewer.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, Protocol

from gold_connection import record
from gold_connection.board import walks
from gold_connection.game import Game
from gold_connection.notation import parse_rob, parse_sort
from gold_connection.review import Decision, Review, summarize
from shell import review as shared
from shell.html import esc, tag
from shell.i18n import language, t, tn
from shell.review import MARKERS, Panel, accuracy_html, progress_html, ticks

from pages.gold_connection import phrases as words

__all__ = ["MARKERS", "ReviewRun", "accuracy_html", "progress_html"]

INTRO = "review.intro"
"""What the review weighs, in words: above it on the embed page."""


@dataclass
class ReviewRun(shared.Run[Decision, Review]):
    """A review under way (:class:`shell.review.Run`), with each turn's expected scores."""

    expected: dict[int, tuple[float, ...]] = field(default_factory=dict)

    def read(self, data: dict[str, Any]) -> Decision:
        return Decision.from_dict(data)

    def more(self, data: dict[str, Any]) -> None:
        for turn, scores in data.get("expected", ()):
            self.expected[int(turn)] = tuple(float(x) for x in scores)

    def summarize(self) -> Review:
        # the players' names are all summarize reads of the game
        expected = tuple(sorted(self.expected.items()))
        return summarize(record.start(self.rec), "expert", self.decisions, expected)


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


def chart(r: Review, names: list[str]) -> str:
    """Two panels over the same turns: every player's expected final score and chance to win
    (:func:`shell.review.chart`)."""
    scores, wins = score_curves(r), win_curves(r)
    lo, hi = shared.value_range(scores)
    panels = [
        Panel(t("review.chart.points"), lo, hi, ticks(lo, hi), lambda v: f"{v:.0f}", scores),
        Panel(t("review.chart.win"), 0.0, 1.0, [0.0, 0.25, 0.5, 0.75, 1.0], words.pct, wins),
    ]
    return shared.chart(
        panels, names, t("review.chart.turn"), t("review.chart.title"), chart_summary(r, names)
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
    score_at = {(seat, turn): v for seat, pts in scores.items() for turn, v in pts}
    win_at = {(seat, turn): w for seat, pts in wins.items() for turn, w in pts}
    cells = {}
    for key in {*score_at, *win_at}:
        v, w = score_at.get(key), win_at.get(key)
        cells[key] = " · ".join(
            ([f"{v:.0f}"] if v is not None else []) + ([words.pct(w)] if w is not None else [])
        )
    return shared.chart_table(t("review.chart.turn"), t("review.table.caption"), names, cells)


# ---- accuracy and the costliest decisions ----------------------------------------------------


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


def option_text(token: str, chance: float | None, g: Game) -> str:
    """A move in words with its roll's chance, if any: "name blue 2 (58%)"."""
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
    items = []
    if states is None:
        states = positions(rec, [d.index for d in r.costliest])
    for d in r.costliest:
        g = states[d.index]
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
        items.append(
            shared.costly_item(
                head,
                option_text(d.played.token, d.played.chance, g),
                option_text(d.best.token, d.best.chance, g),
                words.join([t(f"review.reason.{x}") for x in d.reasons]),
                d.grade,
                shared.show_position(d.index, href),
            )
        )
    return shared.costliest_list(items)


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
    pieces = [tag("h3", esc(t("review.accuracy_title"))), accuracy_html(r.players, names)]
    yield
    figure = shared.chart_figure(chart(r, names), t("review.chart.caption"))
    pieces += [tag("h3", esc(t("review.chart_title"))), figure]
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
