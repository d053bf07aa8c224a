"""What every game's review on the page shares, knowing no game (docs/review.md): the run that
gathers the worker's steps, its progress bar, each player's accuracy, the line chart (a marker
shape and a line pattern per seat besides its colour, panels over one x axis, a text summary)
with its table, and the frame of a costly decision. A game's ``pages.<game>.review`` words its
own decisions and chooses what its chart shows.

>>> ticks(0, 23)
[0, 5, 10, 15, 20]
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from shell.html import esc, tag
from shell.i18n import t, tn

MARKERS = ("circle", "square", "triangle", "diamond")
"""Each seat's marker shape: the curves differ without colour."""
DASHES = ("", "6 3", "2 3", "8 3 2 3")
"""Each seat's line pattern, a second cue besides the marker."""
WIDTH, PANEL_H, TOP, LEFT, RIGHT, GAP, BOTTOM = 480, 150, 34, 44, 12, 40, 30

D = TypeVar("D")
R = TypeVar("R")


@dataclass
class Run(ABC, Generic[D, R]):
    """A review under way: the record, the decisions so far, and the summary at the end. A
    game's run reads its decisions (:meth:`read`), what else a step brings (:meth:`more`), and
    sums them up (:meth:`summarize`)."""

    rec: dict[str, Any]
    next: int = 0
    total: int = 0
    decisions: list[D] = field(default_factory=list)
    result: R | None = None
    error: str | None = None
    drawn: tuple[tuple[object, ...], str] | None = None  # the finished review's HTML, by key

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
        self.decisions += [self.read(d) for d in data["decisions"]]
        self.more(data)
        self.next, self.total = int(data["next"]), int(data["total"])
        if self.next >= self.total:
            self.result = self.summarize()

    @abstractmethod
    def read(self, data: dict[str, Any]) -> D:
        """One decision of the worker's answer, as the game's review holds it."""

    def more(self, data: dict[str, Any]) -> None:
        """What a step brings besides its decisions (a game's chart data)."""

    @abstractmethod
    def summarize(self) -> R:
        """The review of every decision, once all moves are in."""

    def fail(self, reason: str) -> None:
        self.error = reason

    def percent(self) -> int:
        return 100 * self.next // self.total if self.total else 0


class Stepping(Protocol):
    """A game's review stepper, as :func:`resume` reads it: the move it reviews next."""

    @property
    def position(self) -> int: ...


S = TypeVar("S", bound=Stepping)


def resume(
    held: tuple[str, S] | None, request_json: str, make: Callable[[Any, int], S]
) -> tuple[str, S]:
    """The stepper for a worker's review request ``{"record", "begin"}``: the one ``held`` when
    it reviews this record and stands at ``begin`` (the steps go on from where the last ended),
    else ``make(record, begin)``; kept with the record's key, for the next request."""
    request = json.loads(request_json)
    key = json.dumps(request["record"], sort_keys=True)
    begin = int(request.get("begin", 0))
    if held is None or held[0] != key or held[1].position != begin:
        return key, make(request["record"], begin)
    return held


def progress_html(run: Run[Any, Any]) -> str:
    """The bar while the worker reviews, or why the review failed."""
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
            esc(f"{pct}%"),
            max="100",
            value=str(pct),
            aria_labelledby="rv-progress-label",
        ),
        cls="rv-progress",
    )


# ---- accuracy -----------------------------------------------------------------------------


class Graded(Protocol):
    """A player's line of a review (both games' ``PlayerReview``)."""

    @property
    def seat(self) -> int: ...
    @property
    def accuracy(self) -> float: ...
    @property
    def decisions(self) -> int: ...
    @property
    def grades(self) -> Mapping[str, int]: ...


def key_mark(seat: int) -> str:
    """The seat's marker on its own, as the chart draws it (a key beside a name)."""
    shape = marker(MARKERS[seat % len(MARKERS)], 6, 6, f"rv-mark p{seat}")
    return f'<svg class="rv-key" viewBox="0 0 12 12" aria-hidden="true">{shape}</svg>'


def accuracy_html(players: Sequence[Graded], names: Sequence[str]) -> str:
    """Each player's accuracy, decisions and grades short of the best."""
    items = []
    for p in players:
        grades = ", ".join(
            tn(f"review.grade.{g}", n) for g, n in p.grades.items() if n and g != "best"
        )
        items.append(
            tag(
                "li",
                key_mark(p.seat)
                + tag("strong", esc(names[p.seat]))
                + " "
                + esc(tn("review.accuracy", p.decisions, accuracy=f"{p.accuracy:.0f}"))
                + (tag("span", esc(" — " + grades), cls="rv-grades") if grades else ""),
            )
        )
    return tag("ul", "".join(items), cls="rv-accuracy")


# ---- the chart ----------------------------------------------------------------------------

Curves = Mapping[int, Sequence[tuple[int, float]]]
"""Each seat's ``(x, value)`` points: a chart panel's lines."""


@dataclass(frozen=True)
class Panel:
    """One panel of a chart: its title, its value range and ticks, and every seat's line."""

    title: str
    lo: float
    hi: float
    ticks: Sequence[float]
    label: Callable[[float], str]
    data: Curves


def marker(shape: str, x: float, y: float, cls: str) -> str:
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


def ticks(lo: float, hi: float) -> list[float]:
    """A few round values from ``lo`` to ``hi``."""
    span = hi - lo
    step = next(s for s in (1, 2, 5, 10, 20, 25, 50, 100, 200) if span / s <= 5)
    first = -(-lo // step) * step
    return [first + k * step for k in range(int((hi - first) // step) + 1)]


def value_range(data: Curves) -> tuple[float, float]:
    """A panel's range for ``data``: from 0 (or below) to a little above the highest value."""
    values = [v for pts in data.values() for _, v in pts] or [0.0]
    lo, hi = min(0.0, min(values)), max(values)
    return lo, hi + max(1.0, (hi - lo) * 0.05)


def chart(
    panels: Sequence[Panel], names: Sequence[str], x_title: str, title: str, summary: str
) -> str:
    """Panels over the same x axis, each player in its colour, marker and line pattern;
    ``role="img"`` named ``title`` and described by ``summary`` (the chart in words)."""
    xs = [x for p in panels for pts in p.data.values() for x, _ in pts]
    last_x = max(xs, default=1)
    plot_w = WIDTH - LEFT - RIGHT
    height = TOP + len(panels) * PANEL_H + (len(panels) - 1) * GAP + BOTTOM

    def x_of(x: float) -> float:
        return LEFT + plot_w * (x / max(1, last_x))

    body = []
    for n, p in enumerate(panels):
        top = TOP + n * (PANEL_H + GAP)

        def y_of(v: float, top: int = top, a: float = p.lo, b: float = p.hi) -> float:
            return top + PANEL_H * (1 - (v - a) / (b - a))

        body.append(f'<text class="rv-axis-title" x="{LEFT}" y="{top - 8}">{esc(p.title)}</text>')
        for v in p.ticks:
            y = y_of(v)
            body.append(
                f'<line class="rv-grid" x1="{LEFT}" x2="{WIDTH - RIGHT}" '
                f'y1="{y:.1f}" y2="{y:.1f}"/>'
            )
            body.append(
                f'<text class="rv-tick" x="{LEFT - 5}" y="{y + 4:.1f}" text-anchor="end">'
                f"{esc(p.label(v))}</text>"
            )
        body.append(
            f'<rect class="rv-frame" x="{LEFT}" y="{top}" width="{plot_w}" height="{PANEL_H}"/>'
        )
        for seat, pts in p.data.items():
            if not pts:
                continue
            k = seat % len(MARKERS)
            xy = [(x_of(x), y_of(v)) for x, v in pts]
            path = " ".join(f"{x:.1f},{y:.1f}" for x, y in xy)
            dash = f' stroke-dasharray="{DASHES[k]}"' if DASHES[k] else ""
            body.append(f'<polyline class="rv-line p{seat}" points="{path}"{dash}/>')
            body.extend(marker(MARKERS[k], x, y, f"rv-mark p{seat}") for x, y in xy)
    axis_y = height - BOTTOM
    for x in ticks(0, last_x):
        body.append(
            f'<text class="rv-tick" x="{x_of(x):.1f}" y="{axis_y + 16}" text-anchor="middle">'
            f"{int(x)}</text>"
        )
    body.append(
        f'<text class="rv-axis-title" x="{LEFT + plot_w / 2:.1f}" y="{axis_y + BOTTOM - 2}" '
        f'text-anchor="middle">{esc(x_title)}</text>'
    )
    legend = []
    for seat, name in enumerate(names):
        k = seat % len(MARKERS)
        x = LEFT + seat * (plot_w / max(1, len(names)))
        dash = f' stroke-dasharray="{DASHES[k]}"' if DASHES[k] else ""
        legend.append(
            f'<line class="rv-line p{seat}" x1="{x:.1f}" x2="{x + 24:.1f}" y1="10" y2="10"{dash}/>'
        )
        legend.append(marker(MARKERS[k], x + 12, 10, f"rv-mark p{seat}"))
        legend.append(f'<text class="rv-legend" x="{x + 30:.1f}" y="14">{esc(name)}</text>')
    return (
        f'<svg class="rv-chart" viewBox="0 0 {WIDTH} {height}" role="img" '
        f'aria-labelledby="rv-chart-title rv-chart-desc" xmlns="http://www.w3.org/2000/svg">'
        f'<title id="rv-chart-title">{esc(title)}</title>'
        f'<desc id="rv-chart-desc">{esc(summary)}</desc>'
        + "".join(legend)
        + "".join(body)
        + "</svg>"
    )


MORE = tag("span", "›", cls="more-cue", aria_hidden="true", data_more_cue=True)
"""The chart's cue that more of it lies to the right: css/site.css shows it, pinned to the
scrolling box's right edge, only while the box can scroll on (issue #58: at 360 px the chart
was cut at the edge with nothing showing that it scrolls)."""


def chart_figure(svg: str, caption: str) -> str:
    """A chart in its figure: the chart in a box that scrolls sideways where the window is
    narrower than the chart's least width (its labels stay at 12 px), with :data:`MORE` at its
    right edge, then the caption (never scrolled away).

    >>> html = chart_figure('<svg class="rv-chart"></svg>', "Rounds")
    >>> html.index('class="rv-scroll"') < html.index("<svg") < html.index("data-more-cue")
    True
    >>> html.endswith("<figcaption>Rounds</figcaption></figure>")
    True
    """
    return tag(
        "figure",
        tag("div", svg + MORE, cls="rv-scroll") + tag("figcaption", esc(caption)),
        cls="rv-figure",
    )


def chart_table(
    x_title: str, caption: str, names: Sequence[str], cells: Mapping[tuple[int, int], str]
) -> str:
    """A chart's numbers as a table (inside a <details>): a row per x, a column per player;
    ``cells[(seat, x)]`` is its text, a dash where there is none."""
    head = tag("th", esc(x_title), scope="col") + "".join(
        tag("th", esc(n), scope="col") for n in names
    )
    rows = []
    for x in sorted({x for (_, x) in cells}):
        row = [tag("th", esc(x), scope="row")]
        row += [tag("td", esc(cells.get((seat, x)) or "–")) for seat in range(len(names))]
        rows.append(tag("tr", "".join(row)))
    table = tag(
        "table",
        tag("caption", esc(caption)) + tag("thead", tag("tr", head)) + tag("tbody", "".join(rows)),
        cls="rv-table",
    )
    return tag("details", tag("summary", esc(t("review.table.show"))) + table, cls="rv-numbers")


# ---- the costliest decisions --------------------------------------------------------------


def show_position(index: int, href: Callable[[int], str] | None) -> str:
    """What shows a decision's position: a link ``href(index)`` (the game's page opens the
    replay viewer in a tab), else a button (``data-intent="review-at"``, the embed page's
    viewer steps there)."""
    label = t("review.show", move=index)
    if href is not None:
        return tag(
            "a", esc(label), href=href(index), cls="btn small", target="_blank", rel="noopener"
        )
    return tag(
        "button",
        esc(label),
        type="button",
        cls="btn small",
        data_intent="review-at",
        data_arg=index,
    )


def costly_item(
    head: str, played: str, better: str, why: str, grade: str, show: str
) -> str:
    """One costly decision: what, who and how much; what was played; what was better, why."""
    return tag(
        "li",
        tag("p", tag("strong", esc(head)))
        + tag("p", esc(t("review.played", move=played)))
        + tag("p", esc(t("review.better", move=better, why=why)))
        + show,
        cls=f"rv-costly grade-{grade}",
    )


def costliest_list(items: Sequence[str]) -> str:
    if not items:
        return tag("p", esc(t("review.no_costly")), cls="rv-none")
    return tag("ol", "".join(items), cls="rv-costliest")
