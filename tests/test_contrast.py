"""Text contrast in the colour tables (WCAG 1.4.3, at least 4.5:1): the pictures' own table
(gold_connection.svg.DEFAULT_COLORS, crates included) and the page's CSS variables.

axe checks the text of the pages; this covers what it cannot judge: text inside the SVG
pictures and text on the bar chips' gradients.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from gold_connection.svg import DEFAULT_COLORS

SITE_CSS = Path(__file__).resolve().parents[1] / "css" / "site.css"
CSS = SITE_CSS.parent / "game.css"
MINIMUM = 4.5


def luminance(colour: str) -> float:
    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (int(colour.lstrip("#")[i : i + 2], 16) / 255 for i in (0, 2, 4))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: str, b: str) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_the_contrast_formula_matches_wcag():
    assert contrast("#000000", "#ffffff") == pytest.approx(21)
    assert contrast("#767676", "#ffffff") == pytest.approx(4.54, abs=0.01)


# (text, background) as svg.py draws them
SVG_TEXT = [
    ("text", "safe_header"),  # a field's label
    ("text", "safe"),
    ("muted", "pip"),  # the turn track's numbers, turns to come …
    ("text", "pip_done"),  # … and turns played
    ("ink", "counter"),  # the counter's number
    ("text", "crate"),  # a crate's name and score
    ("counter", "crate"),
    ("muted", "crate"),  # a crate's captions
    ("muted", "slot"),  # the numbers in a row's empty slots
    ("text", "slot"),
    ("muted", "background"),
    ("muted", "floor"),
    ("ink", "player0"),  # the players' letters on their marks
    ("ink", "player1"),
    ("ink", "player2"),
    ("ink", "player3"),
    ("ink", "to_move"),  # the "to play" badge
    ("text", "ink"),  # a bar's value, outlined in ink on its ingot
]


@pytest.mark.parametrize(("fg", "bg"), SVG_TEXT)
def test_picture_text_is_legible(fg, bg):
    ratio = contrast(DEFAULT_COLORS[fg], DEFAULT_COLORS[bg])
    assert ratio >= MINIMUM, f"{fg} on {bg}: {ratio:.2f}:1"


def css_variables() -> dict[str, str]:
    """The site's colour tokens (css/site.css) and Gold Connection's own (css/game.css)."""
    out: dict[str, str] = {}
    for sheet in (SITE_CSS, CSS):
        root = re.search(r":root\s*{([^}]*)}", sheet.read_text()).group(1)
        out.update(re.findall(r"--([\w-]+):\s*(#[0-9a-fA-F]{6})\b", root))
    return out


# (text, background) as css/site.css and css/game.css set them; literal colours are written as is
CSS_TEXT = [
    ("text", "bg"),
    ("text", "card"),
    ("text", "card2"),
    ("muted", "bg"),
    ("muted", "bg2"),
    ("muted", "card"),
    ("muted", "card2"),
    ("gold", "card"),  # titles, odds
    ("ok", "card"),
    ("bad", "card"),
    ("#1b1600", "gold"),  # the counter and primary buttons
    ("#ffffff", "b"),  # bar chips: white digits on blue and red, dark on yellow and green
    ("#ffffff", "r"),
    ("#201800", "y"),
    ("#16181d", "g"),
    ("#16181d", "p0"),  # player marks
    ("#16181d", "p1"),
    ("#16181d", "p2"),
    ("#16181d", "p3"),
    ("muted", "#0b0d11"),  # key hints
    ("text", "#3a1d1d"),  # notices
    ("text", "#12303a"),  # hints
]


@pytest.mark.parametrize(("fg", "bg"), CSS_TEXT)
def test_page_text_is_legible(fg, bg):
    css = css_variables()
    ratio = contrast(css.get(fg, fg), css.get(bg, bg))
    assert ratio >= MINIMUM, f"{fg} on {bg}: {ratio:.2f}:1"


# Go for Gold's page: the site's tokens (css/site.css) around its sheet (css/go-for-gold-sheet.css)
GFG_SHEET_CSS = CSS.parent / "go-for-gold-sheet.css"


def sheet_rule(selector: str, prop: str) -> str:
    block = re.search(re.escape(selector) + r"\s*\{([^}]*)\}", GFG_SHEET_CSS.read_text())
    assert block, selector
    found = re.search(rf"(?<![-\w]){prop}:\s*(#[0-9a-fA-F]{{6}})", block.group(1))
    assert found, (selector, prop)
    return found.group(1)


@pytest.mark.parametrize(
    ("text", "ground"),
    [
        ("text", "card"),  # panels, sheet headers, the log
        ("muted", "card"),  # help lines, facts
        ("text", "bg2"),  # the entry boxes
        ("gold", "card"),  # the odds, the steps left
        ("#1b1600", "gold"),  # the round
        ("#1b1e25", "#dcdfe6"),  # the die's number, on the darker end of its face
    ],
)
def test_go_for_gold_page_text_is_readable(text, ground):
    css = css_variables()
    assert css.get("card") and css.get("text"), "the site's tokens"
    assert contrast(css.get(text, text), css.get(ground, ground)) >= MINIMUM


def test_go_for_gold_sheet_text_is_readable_on_the_sea():
    sea = re.search(r"--sea:\s*(#[0-9a-fA-F]{6})", GFG_SHEET_CSS.read_text()).group(1)
    assert contrast("#000000", sea) >= MINIMUM  # the sheet's text is drawn in black


def test_go_for_gold_treasure_numbers_are_readable_on_their_chests():
    number = sheet_rule(".gg-sheet .num", "fill")
    assert contrast(number, sheet_rule(".gg-sheet .chest", "fill")) >= MINIMUM
