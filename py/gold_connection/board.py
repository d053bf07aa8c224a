"""The vault: a figure-eight of two end fields and three corridors (GC-2).

A piece's place is a pair ``(field, heading)``.  On a numbered safe the heading is
``"w"`` or ``"e"``; on an end field it is the corridor ``"n"``/``"m"``/``"s"`` it will
enter, or ``None`` while the player has not chosen yet.
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

CORRIDORS = {"n": ("1", "2", "3", "4"), "m": ("5", "6", "7", "8"), "s": ("9", "10", "11", "12")}
"""Each corridor's safes from west to east (GC-2.1)."""

ENDS = ("W", "E")
FIELDS = ("W", *CORRIDORS["n"], *CORRIDORS["m"], *CORRIDORS["s"], "E")
"""The 14 fields in canonical order."""

NUMBERED = tuple(f for f in FIELDS if f not in ENDS)

CORRIDOR_OF = {f: c for c, safes in CORRIDORS.items() for f in safes}
INDEX_IN_CORRIDOR = {f: i for safes in CORRIDORS.values() for i, f in enumerate(safes)}

MAX_STEPS = 17
"""No turn walks further: 12 on the dice plus 5 chips (GC-4.2)."""


def headings(field: str) -> tuple[str, ...]:
    """The headings a piece can have on a field (GC-2.2)."""
    return ("n", "m", "s") if field in ENDS else ("w", "e")


def exits(arrived_from: str | None) -> tuple[str, ...]:
    """Corridors a piece may enter from an end field: never the one it came from (GC-2.3)."""
    return tuple(c for c in "nms" if c != arrived_from)


def step(field: str, heading: str) -> tuple[str, str | None, str | None]:
    """One step forward: ``(field, heading, arrived_from)``.

    ``arrived_from`` is the corridor left when the step reaches an end field, where the
    heading becomes ``None`` until the player chooses the next corridor.

    >>> step("3", "e"), step("4", "e"), step("E", "s")
    (('4', 'e', None), ('E', None, 'n'), ('12', 'w', None))
    """
    if field in ENDS:
        safes = CORRIDORS[heading]
        return (safes[0], "e", None) if field == "W" else (safes[3], "w", None)
    corridor = CORRIDOR_OF[field]
    i = INDEX_IN_CORRIDOR[field] + (1 if heading == "e" else -1)
    if 0 <= i < 4:
        return CORRIDORS[corridor][i], heading, None
    return ("E" if i == 4 else "W"), None, corridor


class Walk(NamedTuple):
    """One way to move ``steps`` fields: the corridors chosen on the way and where it ends."""

    steps: int
    choices: tuple[str, ...]
    field: str
    heading: str | None
    arrived_from: str | None
    token: str


@cache
def walks(field: str, heading: str | None, arrived_from: str | None) -> tuple[Walk, ...]:
    """Every walk of 1..17 steps from a place, in canonical order (steps, then choices).

    A piece resting on an end field with ``heading=None`` chooses its corridor as the
    walk's first choice (GC-2.3, rules §9 ``move``).
    """
    found: list[Walk] = []

    def extend(f: str, h: str | None, came: str | None, n: int, choices: tuple[str, ...]) -> None:
        if n == MAX_STEPS:
            return
        options = [(h, choices)] if h is not None else [(c, (*choices, c)) for c in exits(came)]
        for h2, ch in options:
            f3, h3, came3 = step(f, h2)
            token = " ".join(("move", str(n + 1), *ch))
            found.append(Walk(n + 1, ch, f3, h3, came3, token))
            extend(f3, h3, came3, n + 1, ch)

    extend(field, heading, arrived_from, 0, ())
    found.sort(key=lambda w: (w.steps, w.choices))
    return tuple(found)
