"""The daily games: a local date is the seed, so everyone plays the same dice on the same day,
with no server. Pure: dates are ISO text (``2026-11-26``) the caller reads from its own clock.

A daily game is an ordinary game whose seed names its day and its kind: ``YYYYMMDD`` times 100
plus the kind's number (:data:`KINDS`). Any finished game's seed therefore tells whether it was
a daily and which day's, without a note kept beside it.

>>> seed("2026-11-26", "island")
2026112601
>>> day_of(2026112601), day_of(2026112602), day_of(7)
(('2026-11-26', 'island'), ('2026-11-26', 'duel'), None)
>>> island_side("2026-11-28"), island_side("2026-11-30")   # a Saturday, a Monday
('b', 'a')
>>> to_midnight(23, 59, 30)
30
"""

from __future__ import annotations

import datetime as dt

KINDS = {"island": 1, "duel": 2}
"""The daily games by kind: Go for Gold's solo island and Gold Connection's duel."""
FIRST_DAY = "2026-01-01"
"""The archive's first day."""
DAY_S = 86_400


class DateError(ValueError):
    """Text that is no date of the archive; the message is one line."""


def parse(text: str) -> dt.date:
    """An ISO date (``2026-11-26``); DateError naming the text otherwise.

    >>> parse("2026-02-30")
    Traceback (most recent call last):
    gamekit.daily.DateError: '2026-02-30' is not a date (YYYY-MM-DD)
    """
    try:
        if len(text) != 10:
            raise ValueError(text)
        return dt.date.fromisoformat(text)
    except ValueError:
        raise DateError(f"{text[:20]!r} is not a date (YYYY-MM-DD)") from None


def iso(year: int, month: int, day: int) -> str:
    """The ISO text of a calendar date (JavaScript's months start at 0: pass ``month + 1``)."""
    return dt.date(year, month, day).isoformat()


def seed(day: str, kind: str) -> int:
    """The seed of ``kind``'s daily game on ``day``."""
    if kind not in KINDS:
        raise ValueError(f"no daily {kind!r}; there are {', '.join(KINDS)}")
    return int(parse(day).strftime("%Y%m%d")) * 100 + KINDS[kind]


def day_of(game_seed: int | None) -> tuple[str, str] | None:
    """``(day, kind)`` of a daily game's seed, None for any other seed."""
    if game_seed is None or not 2000_01_01_00 <= game_seed <= 2999_12_31_99:
        return None
    number, code = divmod(game_seed, 100)
    kind = next((k for k, c in KINDS.items() if c == code), None)
    if kind is None:
        return None
    try:
        # not strptime: its module (_strptime) is not in the site's own standard library, and
        # importing it in the browser fetched the whole of Pyodide's
        day = dt.date(number // 10000, number // 100 % 100, number % 100)
    except ValueError:
        return None
    return day.isoformat(), kind


def island_side(day: str) -> str:
    """The daily island's side: ``b`` (the harder island, GG-1.2) on Saturdays and Sundays."""
    return "b" if parse(day).weekday() >= 5 else "a"


def shift(day: str, days: int) -> str:
    """The date ``days`` after ``day`` (before it when negative).

    >>> shift("2026-12-31", 1), shift("2026-03-01", -1)
    ('2027-01-01', '2026-02-28')
    """
    return (parse(day) + dt.timedelta(days=days)).isoformat()


def archive(today: str, first: str = FIRST_DAY) -> tuple[str, str]:
    """The days a player may open: from the first day to today (today before the first day,
    a clock set far back, opens today alone)."""
    return (min(first, today), today)


def in_archive(day: str, today: str) -> bool:
    """Whether ``day`` is a date the archive opens on ``today``."""
    low, high = archive(today)
    parse(day)
    return low <= day <= high


def to_midnight(hour: int, minute: int, second: int) -> int:
    """Seconds from a local time of day to the next local midnight (the next daily game).
    A day of 23 or 25 hours (a clock change) is off by that hour until the clock moves; the
    page reads the date again every second, so the new game opens at the real midnight."""
    return max(1, DAY_S - (hour * 3600 + minute * 60 + second))


def countdown(seconds: int) -> str:
    """``H:MM:SS`` until the next game.

    >>> countdown(3725), countdown(59)
    ('1:02:05', '0:00:59')
    """
    hours, rest = divmod(max(0, seconds), 3600)
    return f"{hours}:{rest // 60:02d}:{rest % 60:02d}"
