"""The material of the game: bars, colours, rows and chips (GC-1)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

COLOURS = "bygr"
"""Colour letters in canonical order: blue, yellow, green, red (GC-1.1)."""

COLOUR_NAMES = {"b": "blue", "y": "yellow", "g": "green", "r": "red"}

COPIES = {1: 6, 2: 5, 3: 4, 4: 3, 5: 2, 6: 1}
"""How many bars of each value a colour has (GC-1.1): 21 per colour."""

ALL_BARS: tuple[str, ...] = tuple(
    f"{c}{v}" for c in COLOURS for v, n in COPIES.items() for _ in range(n)
)
"""The 84 bars, in canonical order."""

CHIPS = 20
"""Consolation chips in the game (GC-1.2)."""

MAX_CHIPS = 5
"""No player holds more than 5 chips (GC-5.5)."""

ROW_LENGTHS = (6, 5, 4)
"""Row lengths in canonical order, as the crate shows them (GC-1.3)."""

BAR_KEY = {f"{c}{v}": (i, v) for i, c in enumerate(COLOURS) for v in COPIES}
"""Sort key of every bar: colour order, then value."""

ROW_KEY = {f"{c}{n}": (i, -n) for i, c in enumerate(COLOURS) for n in ROW_LENGTHS}
"""Sort key of every row id: colour order, then the 6-row before the 5-row before the 4-row."""


def bar_value(bar: str) -> int:
    """The value of a bar.

    >>> bar_value("g3")
    3
    """
    return ord(bar[1]) - 48


def is_bar(text: str) -> bool:
    return text in BAR_KEY


def sort_bars(bars: Iterable[str]) -> list[str]:
    """Bars in canonical order (colour, then value)."""
    return sorted(bars, key=BAR_KEY.__getitem__)


def row_ids(players: int) -> tuple[str, ...]:
    """The rows in play, in canonical order; 4-rows are out with 4 players (GC-1.3)."""
    lengths = ROW_LENGTHS[:2] if players == 4 else ROW_LENGTHS
    return tuple(f"{c}{n}" for c in COLOURS for n in lengths)


def row_bars(row: str, count: int) -> list[str]:
    """The bars a row holding ``count`` bars contains: always values 1..count."""
    return [f"{row[0]}{v}" for v in range(1, count + 1)]


def full_set() -> Counter[str]:
    return Counter(ALL_BARS)
