"""The player's local date and time, read from the browser's clock (JavaScript's ``Date``, in
the browser's own time zone), and the statistics a game's page adds to when a game ends.

Python's own ``time.localtime`` is not used: the page's Python starts from a snapshot made on
another machine, whose time zone it would keep.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from gamekit import daily
from pyscript import window
from shell import dailypage, stats
from shell.store import Store


def local_now() -> tuple[str, int]:
    """Today's local date (ISO) and the seconds to the next local midnight."""
    d = window.Date.new()
    today = daily.iso(int(d.getFullYear()), int(d.getMonth()) + 1, int(d.getDate()))
    return today, daily.to_midnight(int(d.getHours()), int(d.getMinutes()), int(d.getSeconds()))


def today() -> str:
    return local_now()[0]


def note_result(store: Store, result: stats.Result | None) -> str:
    """A game's page drawing a finished game: record it in the statistics (once). For a daily
    game, the end screen's line saying what it counted for (:func:`shell.dailypage.end_note`);
    "" for any other."""
    if result is None:
        return ""
    day = today()
    _, recorded = stats.noted(store, result, day)  # one read of the store, not two
    return dailypage.end_note(recorded.standing(result, day))


def note_accuracy(
    store: Store, game: str, record: dict[str, Any], accuracies: Iterable[tuple[int, float]]
) -> None:
    """A finished review of a game: its person's accuracy into the statistics (once)."""
    found = stats.reviewed(record, accuracies)
    if found is not None:
        s = stats.load(store)
        if s.add_accuracy(game, found[0], found[1], today()):
            stats.save(store, s)
