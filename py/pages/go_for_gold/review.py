"""Go for Gold's review on the page: the run of the worker's steps and its HTML.

:class:`ReviewRun` gathers the steps of :meth:`pages.go_for_gold.ai_service.AiService.review`
(each with the round ends it passed) and sums them up with :func:`go_for_gold.review.summarize`.
The rest are pure functions from the review to HTML, built from :mod:`shell.review`: every
player's accuracy, a chart of the scores and of the points given away round by round (with
its words and its table), and the costliest decisions in words, each a link or a button that
shows its position in the replay viewer. The game's end screen shows it in a dialog
(:func:`dialog`), the embed page under a replay (``review=1``).

>>> from go_for_gold.review import Decision, Option, Reason
>>> d = Decision(3, 0, 1, "special", "points", Option("pass", 0.0), Option("search", 2.5),
...              2.5, "mistake", (Reason("search"),))
>>> option_text(d, d.best), reason_text(d.reasons[0])
('search the treasure (2.5 points)', 'a search costs nothing when it fails')
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from go_for_gold import record
from go_for_gold.game import Game
from go_for_gold.review import LEVEL, Decision, Option, Reason, Review, summarize
from shell import review as shared
from shell.html import button, esc, modal, tag
from shell.i18n import language, t, tn
from shell.links import embed_href

from pages.go_for_gold import phrases as words

INTRO = "gg.review.intro"
"""What the review weighs, in words: above it on the end screen and on the embed page."""


@dataclass
class ReviewRun(shared.Run[Decision, Review]):
    """A review under way (:class:`shell.review.Run`) with every round's end scores."""

    scores: list[tuple[int, tuple[int, ...]]] = field(default_factory=list)

    def read(self, data: dict[str, Any]) -> Decision:
        return Decision.from_dict(data)

    def more(self, data: dict[str, Any]) -> None:
        for item in data.get("scores", ()):
            self.scores.append((int(item[0]), tuple(int(x) for x in item[1])))

    def summarize(self) -> Review:
        start = record.replay(self.rec, upto=0)  # summarize reads the players' names only
        return summarize(start, LEVEL, self.decisions, tuple(self.scores))


# ---- the values drawn ---------------------------------------------------------------------


def score_curves(r: Review) -> dict[int, list[tuple[int, float]]]:
    """Per seat, ``(round, score)`` at the start (0) and at the end of every round."""
    out: dict[int, list[tuple[int, float]]] = {p.seat: [(0, 0.0)] for p in r.players}
    for rnd, scores in r.scores:
        for seat, v in enumerate(scores):
            if seat in out:
                out[seat].append((rnd, float(v)))
    return out


def loss_curves(r: Review) -> dict[int, list[tuple[int, float]]]:
    """Per seat, ``(round, points given away)`` in every round from the first decision (the
    start harbour, round 0) to the last round reviewed: 0 where nothing was lost."""
    rounds = [d.round for d in r.decisions] + [rnd for rnd, _ in r.scores]
    last = max(rounds, default=0)
    lost = {(d.seat, d.round): 0.0 for d in r.decisions}
    for d in r.decisions:
        lost[(d.seat, d.round)] += d.loss
    first = min((d.round for d in r.decisions), default=0)
    return {
        p.seat: [(rnd, lost.get((p.seat, rnd), 0.0)) for rnd in range(first, last + 1)]
        for p in r.players
    }


def _points(v: float) -> str:
    return f"{v:.0f}"


def chart(r: Review, names: Sequence[str]) -> str:
    """Two panels over the rounds: every player's score, and the points they gave away."""
    scores, losses = score_curves(r), loss_curves(r)
    lo, hi = shared.value_range(scores)
    lost_hi = max([v for pts in losses.values() for _, v in pts] + [2.0])
    lost_ticks = shared.ticks(0, lost_hi)
    lost_hi = max(lost_hi, lost_ticks[-1]) * 1.05
    panels = [
        shared.Panel(t("gg.review.chart.score"), lo, hi, shared.ticks(lo, hi), _points, scores),
        shared.Panel(t("gg.review.chart.lost"), 0.0, lost_hi, lost_ticks, _points, losses),
    ]
    return shared.chart(
        panels,
        names,
        t("gg.review.chart.round"),
        t("gg.review.chart.title"),
        chart_summary(r, names),
    )


def chart_summary(r: Review, names: Sequence[str]) -> str:
    """The chart in words: each player's score at the end, and where they gave most away."""
    scores, losses = score_curves(r), loss_curves(r)
    parts = [t("gg.review.chart.summary")]
    for seat in sorted(scores):
        last_round, score = scores[seat][-1]
        given = losses.get(seat, [])
        total = sum(v for _, v in given)
        said = t(
            "gg.review.chart.player",
            name=names[seat],
            score=tn("gg.points", round(score)),
            round=last_round,
        )
        if total > 0.05:
            worst_round, worst = max(given, key=lambda p: (p[1], -p[0]))
            said += " " + t(
                "gg.review.chart.lost_most",
                lost=f"{total:.1f}",
                round=worst_round,
                worst=f"{worst:.1f}",
            )
        else:
            said += " " + t("gg.review.chart.lost_none")
        parts.append(said)
    return " ".join(parts)


def chart_table(r: Review, names: Sequence[str]) -> str:
    """The chart's numbers, round by round: score · points given away."""
    score_at = {(s, rnd): v for s, pts in score_curves(r).items() for rnd, v in pts}
    lost_at = {(s, rnd): v for s, pts in loss_curves(r).items() for rnd, v in pts}
    cells = {}
    for key in {*score_at, *lost_at}:
        v, lost = score_at.get(key), lost_at.get(key)
        cells[key] = " · ".join(
            ([f"{v:.0f}"] if v is not None else []) + ([f"−{lost:.1f}"] if lost else [])
        )
    return shared.chart_table(
        t("gg.review.chart.round"), t("gg.review.table.caption"), names, cells
    )


# ---- decisions in words --------------------------------------------------------------------


def token_text(token: str, prompt: str) -> str:
    """A decision's token in words; ``prompt`` tells a pass at a search from keeping shovels.

    >>> token_text("path g2 f2 g1", "move"), token_text("pass", "spend")
    ('walk g2 → f2 → g1', 'keep the shovels')
    """
    kind, _, rest = token.partition(" ")
    if kind == "path":
        return t("gg.review.tok.path", path=words.path_text(rest.split()))
    if kind in ("start", "jump"):
        return t(f"gg.review.tok.{kind}", field=rest)
    if kind == "foot":
        return t("gg.review.tok.foot", steps=tn("gg.steps", int(rest)))
    if kind == "spend":
        return t("gg.review.tok.spend", k=tn("gg.shovels", int(rest)))
    if kind == "pass":
        return t("gg.review.tok.keep" if prompt == "spend" else "gg.review.tok.pass")
    if kind in ("search", "explore"):
        return t(f"gg.review.tok.{kind}")
    return token


def option_text(d: Decision, o: Option) -> str:
    """An option and its value: points, or the chance to win near the end."""
    value = (
        t("gg.review.value.win", chance=words.pct(o.value))
        if d.unit == "win"
        else t("gg.review.value.points", points=f"{o.value:.1f}".replace("-", "−"))
    )
    return f"{token_text(o.token, d.prompt)} ({value})"


def reason_text(r: Reason) -> str:
    """A reason (:data:`go_for_gold.review.REASONS`) in the language in force."""
    p = dict(r.params)
    if "chance" in p:
        p["chance"] = words.pct(float(p["chance"]))
    if "shovels" in p and r.id != "more_shovels":
        p["shovels"] = tn("gg.shovels", int(p["shovels"]))
    if "length" in p:
        p["length"] = tn("gg.steps", int(p["length"]))
    if r.id in ("spend", "keep_shovels"):  # a treasure's whole points
        p["points"] = tn("gg.points", int(p["points"]))
    return t(f"gg.review.reason.{r.id}", **p)


def costliest_html(
    r: Review, names: Sequence[str], href: Callable[[int], str] | None = None
) -> str:
    """The costliest decisions, worst first, each with what shows its position."""
    items = []
    for d in r.costliest:
        head = t(
            "gg.review.costly.head",
            move=d.index,
            round=d.round,
            name=names[d.seat],
            grade=t(f"review.grade_name.{d.grade}"),
            loss=f"{d.loss:.1f}",
        )
        why = "; ".join(reason_text(x) for x in d.reasons)
        items.append(
            shared.costly_item(
                head,
                option_text(d, d.played),
                option_text(d, d.best),
                why,
                d.grade,
                shared.show_position(d.index, href),
            )
        )
    return shared.costliest_list(items)


# ---- the whole review ----------------------------------------------------------------------


def body(run: ReviewRun, names: Sequence[str], href: Callable[[int], str] | None = None) -> str:
    """The review as it stands: progress while it runs, then accuracy, chart and decisions."""
    if run.result is None:
        return shared.progress_html(run)
    for _ in prepare(run, names, href):
        pass
    assert run.drawn is not None
    return run.drawn[1]


def prepare(
    run: ReviewRun, names: Sequence[str], href: Callable[[int], str] | None = None
) -> Iterator[None]:
    """Builds the finished review's HTML in a few pieces, pausing (``yield``) between them so
    a page can answer in between; kept per language, names and kind of link."""
    r = run.result
    key = (language(), tuple(names), href is None)
    if r is None or (run.drawn is not None and run.drawn[0] == key):
        return
    pieces = [
        tag("h3", esc(t("review.accuracy_title"))),
        shared.accuracy_html(r.players, names),
    ]
    yield
    pieces += [
        tag("h3", esc(t("gg.review.chart_title"))),
        shared.chart_figure(chart(r, names), t("gg.review.chart.caption")),
        chart_table(r, names),
    ]
    yield
    pieces += [tag("h3", esc(t("review.costliest_title"))), costliest_html(r, names, href)]
    run.drawn = (key, "".join(pieces))


def names_of(game: Game) -> list[str]:
    return [str(p["name"]) for p in game.players]


class Replayed(Protocol):
    """The replay viewer a review sits under (``pages.go_for_gold.replay.Viewer``)."""

    @property
    def states(self) -> Sequence[Game]: ...


def player_names(viewer: Replayed) -> list[str]:
    """The names the review's chart and lines use, from the viewer it sits under."""
    return names_of(viewer.states[0])


def link(run: ReviewRun) -> Callable[[int], str]:
    """The end screen's link to a reviewed position: the replay viewer at that move."""
    return lambda i: embed_href(run.rec, at=i)


def dialog(run: ReviewRun, game: Game) -> str:
    """The end screen's review of ``game``: progress, then accuracy, the chart and the
    costliest decisions, each a link to its position in the replay viewer (a tab of its own)."""
    card = (
        tag("h2", esc(t("review.title")), id="review-title")
        + tag("p", esc(t(INTRO)), cls="rv-intro")
        + tag(
            "div",
            body(run, names_of(game), link(run)),
            cls="rv-body",
            aria_busy="true" if not run.finished else None,
        )
        + tag(
            "div",
            button("over", t("gg.review.back"), kind="primary")
            + button("close", t("gg.close"), key="Escape"),
            cls="actions",
        )
    )
    return modal(
        "review",
        card,
        labelled_by="review-title",
        data_dialog="review",
        data_review="done" if run.result is not None else "error" if run.error else "working",
    )
