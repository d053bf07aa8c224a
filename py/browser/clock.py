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


_recorded: list[stats.Result] = []
"""The finished games this page recorded, written again whenever another tab's write may have
dropped them (both tabs read, then both wrote) or the browser refused the last write."""
_reviewed: list[tuple[str, str, float, str]] = []
"""The same for the reviewed games' accuracies: ``(game, id, accuracy, day)``."""


def note_result(store: Store, result: stats.Result | None) -> str:
    """A game's page drawing a finished game: record it in the statistics (once). For a daily
    game, the end screen's line saying what it counted for (:func:`shell.dailypage.end_note`);
    a line saying so when the browser refused to store it; "" for any other."""
    if result is None:
        return ""
    day = today()
    if result not in _recorded:
        _recorded.append(result)
    before = len(store.set_aside)
    stored, _, recorded = stats.record(store, day, _recorded, _reviewed)
    told = dailypage.stored_notice(store, recorded) if len(store.set_aside) > before else None
    lines = dailypage.end_note(recorded.standing(result, day))
    lines += dailypage.notice_line(told) if told else ""
    return lines + ("" if stored else dailypage.unsaved_note())


def note_accuracy(
    store: Store, game: str, record: dict[str, Any], accuracies: Iterable[tuple[int, float]]
) -> None:
    """A finished review of a game: its person's accuracy into the statistics (once)."""
    found = stats.reviewed(record, accuracies)
    if found is not None:
        entry = (game, found[0], found[1], today())
        if all(a[:2] != entry[:2] for a in _reviewed):
            _reviewed.append(entry)
        stats.record(store, entry[3], _recorded, _reviewed)


def other_tab_wrote(store: Store, key: object) -> None:
    """The ``storage`` event of another tab: if it wrote the statistics, what this page
    recorded goes in again where that tab's copy did not have it."""
    if key == store.key(stats.STORE_KEY) and (_recorded or _reviewed):
        stats.record(store, today(), _recorded, _reviewed)
