"""The statistics' charts (py/shell/charts.py): no label drawn over another or over a bar, at
the font size the charts are laid out for (issue #58: the daily chart's count label sat on the
first bar's count)."""

from __future__ import annotations

import re

import pytest
from shell import charts

TEXT = re.compile(
    r'<text class="[^"]*" x="([\d.]+)" y="([\d.]+)"(?: text-anchor="(\w+)")?>([^<]*)<'
)
BAR = re.compile(
    r'<rect class="ch-bar[^"]*" x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)"'
)
EM = 0.62  # a generous average glyph width of the sans-serif digits and letters, in ems


def boxes(svg: str) -> list[tuple[str, float, float, float, float]]:
    """Each label's box: (text, left, top, right, bottom), from its anchor and baseline."""
    out = []
    for x, y, anchor, text in TEXT.findall(svg):
        w = len(text) * charts.FONT * EM
        left = float(x) - {"middle": w / 2, "end": w}.get(anchor, 0)
        base = float(y)
        out.append((text, left, base - charts.FONT * 0.75, left + w, base + charts.FONT * 0.2))
    return out


def overlaps(a: tuple, b: tuple) -> bool:
    return a[1] < b[3] and b[1] < a[3] and a[2] < b[4] and b[2] < a[4]


SCORES = [
    [92, 88],  # two bins far apart: the tallest first, as the issue saw
    [21, 34, 28],
    [3, 5, 5, 31],
    list(range(10, 110, 7)),  # ten bins: each labelled by its lowest score
    [7],
]


@pytest.mark.parametrize("scores", SCORES)
def test_no_label_of_the_histogram_overlaps_another_or_a_bar(scores):
    svg = charts.histogram(scores, "t", "score", "games", scores[-1])
    labels = boxes(svg)
    for i, a in enumerate(labels):
        assert 0 <= a[1] and a[3] <= charts.W + 1, f"{a[0]!r} leaves the chart"
        for b in labels[i + 1 :]:
            assert not overlaps(a, b), f"{a[0]!r} over {b[0]!r}"
    for x, y, w, h in BAR.findall(svg):
        bar = ("bar", float(x), float(y), float(x) + float(w), float(y) + float(h))
        for a in labels:
            assert not overlaps(a, bar), f"{a[0]!r} over a bar at {x}"


def test_no_label_of_the_accuracy_line_overlaps_another():
    labels = boxes(charts.line([62.0, 81.5, 90.0], "t", "game"))
    for i, a in enumerate(labels):
        for b in labels[i + 1 :]:
            assert not overlaps(a, b), f"{a[0]!r} over {b[0]!r}"


def test_the_accuracy_line_s_axis_names_each_game_once():
    """One reviewed game: its axis says "game 1" once, under its point (it read "1 … game 1",
    as if the axis ran from game 1 to game 1). Several: "1" at the left, "game n" at the right."""
    one = [a[0] for a in boxes(charts.line([62.0], "t", "game")) if "1" in a[0] and "0" not in a[0]]
    assert one == ["game 1"]
    three = [a[0] for a in boxes(charts.line([62.0, 81.5, 90.0], "t", "game"))]
    assert "1" in three and "game 3" in three
