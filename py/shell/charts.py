"""The statistics' two charts as SVG, drawn in Python: the distribution of daily scores (bars)
and the accuracy of reviewed games over time (a line). Pure; each chart is an ``<svg
role="img">`` named by its caption, with its numbers in words beside it for a screen reader.

>>> bins([3, 5, 5, 31])
[(0, 4, 1), (5, 9, 2), (10, 14, 0), (15, 19, 0), (20, 24, 0), (25, 29, 0), (30, 34, 1)]
>>> bins([12, 14])
[(12, 12, 1), (13, 13, 0), (14, 14, 1)]
"""

from __future__ import annotations

from shell.html import esc, tag

W, H, LEFT, BOTTOM, TOP = 320, 172, 30, 38, 34
MAX_BINS = 10
FONT = 13.5
"""The labels' font size in the drawing's units (css/daily.css sets the same): a chart drawn
at 90 % of its 320 units (css/daily.css's min-width) still shows them at 12 CSS px."""
RANGES_UP_TO = 5
"""More bins than this are labelled by their lowest score only: a range (``20–24``) is wider
than a bar of ten."""


def bins(scores: list[int]) -> list[tuple[int, int, int]]:
    """``(low, high, count)`` of each score range: at most :data:`MAX_BINS` ranges of a round
    width (1, 2, 5, 10, 20 …) covering the lowest to the highest score."""
    low, high = min(scores), max(scores)
    width = 1
    steps = (1, 2, 5)
    k = 0
    while high // width - low // width + 1 > MAX_BINS:
        k += 1
        width = steps[k % 3] * 10 ** (k // 3)
    start = (low // width) * width
    out = []
    for a in range(start, high + 1, width):
        out.append((a, a + width - 1, sum(a <= s <= a + width - 1 for s in scores)))
    return out


def _label(low: int, high: int, many: bool) -> str:
    return str(low) if low == high or many else f"{low}–{high}"


def histogram(scores: list[int], title_id: str, x_label: str, y_label: str, latest: int) -> str:
    """Bars of the daily scores' ranges, the latest score's range marked. The count's label
    (``y_label``) stands on a line of its own above the plot, clear of the tallest bar and its
    count; the score's label (``x_label``) on a line of its own below the ranges'.

    >>> svg = histogram([3, 5, 5, 31], "t", "Score", "Games", 5)
    >>> svg.count('class="ch-bar'), 'y="14">Games' in svg, '>0–4<' in svg, '>30<' in svg
    (7, True, False, True)
    """
    parts = bins(scores)
    many = len(parts) > RANGES_UP_TO
    most = max(c for _, _, c in parts)
    plot_w, plot_h = W - LEFT - 6, H - BOTTOM - TOP
    bw = plot_w / len(parts)
    shapes = [
        f'<line class="ch-axis" x1="{LEFT}" y1="{H - BOTTOM}" x2="{W - 6}" y2="{H - BOTTOM}"/>',
        f'<text class="ch-lbl" x="4" y="{TOP + 5}">{most}</text>',
        f'<text class="ch-lbl" x="4" y="{H - BOTTOM}">0</text>',
    ]
    for i, (a, b, c) in enumerate(parts):
        x = LEFT + i * bw
        h = plot_h * c / most
        cls = "ch-bar now" if a <= latest <= b else "ch-bar"
        shapes.append(
            f'<rect class="{cls}" x="{x + 2:.1f}" y="{H - BOTTOM - h:.1f}" '
            f'width="{bw - 4:.1f}" height="{h:.1f}"/>'
        )
        if c:
            shapes.append(
                f'<text class="ch-val" x="{x + bw / 2:.1f}" y="{H - BOTTOM - h - 3:.1f}" '
                f'text-anchor="middle">{c}</text>'
            )
        shapes.append(
            f'<text class="ch-lbl" x="{x + bw / 2:.1f}" y="{H - BOTTOM + 16}" '
            f'text-anchor="middle">{esc(_label(a, b, many))}</text>'
        )
    shapes.append(
        f'<text class="ch-lbl" x="{W - 6}" y="{H - 2}" text-anchor="end">{esc(x_label)}</text>'
    )
    shapes.append(f'<text class="ch-lbl" x="4" y="14">{esc(y_label)}</text>')
    return _svg("".join(shapes), title_id)


def line(values: list[float], title_id: str, x_label: str) -> str:
    """Accuracy (0 to 100) over the reviewed games, oldest first (no label above the plot: it
    starts higher than the histogram's)."""
    top = 14
    plot_w, plot_h = W - LEFT - 10, H - BOTTOM - top
    n = len(values)

    def xy(i: int, v: float) -> tuple[float, float]:
        x = LEFT + (plot_w * i / (n - 1) if n > 1 else plot_w / 2)
        return x, top + plot_h * (1 - v / 100)

    shapes = []
    for v in (0, 50, 100):
        y = top + plot_h * (1 - v / 100)
        grid = f'x1="{LEFT}" y1="{y:.1f}" x2="{W - 10}" y2="{y:.1f}"'
        shapes.append(f'<line class="ch-grid" {grid}/>')
        shapes.append(f'<text class="ch-lbl" x="4" y="{y + 5:.1f}">{v}</text>')
    points = [xy(i, v) for i, v in enumerate(values)]
    path = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
    shapes.append(f'<polyline class="ch-line" points="{path}"/>')
    shapes += [f'<circle class="ch-dot" cx="{x:.1f}" cy="{y:.1f}" r="3"/>' for x, y in points]
    if n == 1:  # one game: named once, under its point ("1 … game 1" read as a range)
        shapes.append(
            f'<text class="ch-lbl" x="{points[0][0]:.1f}" y="{H - 8}" text-anchor="middle">'
            f"{esc(x_label)} 1</text>"
        )
    else:
        shapes.append(f'<text class="ch-lbl" x="{LEFT}" y="{H - 8}">1</text>')
        shapes.append(
            f'<text class="ch-lbl" x="{W - 10}" y="{H - 8}" text-anchor="end">'
            f"{esc(x_label)} {n}</text>"
        )
    return _svg("".join(shapes), title_id)


def _svg(body: str, title_id: str) -> str:
    return tag(
        "svg",
        body,
        cls="chart",
        viewBox=f"0 0 {W} {H}",
        role="img",
        aria_labelledby=title_id,
        focusable="false",
    )
