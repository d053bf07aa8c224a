"""The island: a hex grid read from a map file, its fields, neighbours and harbours (GG-1, GG-2.2).

Maps are data (``maps/<name>.txt``, one character per field, separated by spaces, the format of
the rules page), checked on load, so another island is one more file.

>>> a = island("a")
>>> a.neighbours["g1"]
('f2', 'g2')
>>> a.neighbours["b6"]
('b5', 'c5', 'a6', 'c6', 'b7', 'c7')
>>> a.harbours
('g1', 'm6', 'g11', 'a6')
>>> island("b").harbours
('d1', 'm3', 'k11', 'a5')
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache
from pathlib import Path

MAPS = Path(__file__).resolve().parent / "maps"
WATER, PLAIN, HARBOUR, SHOVEL, FOOT = "~", ".", "H", "S", "F"
TEMPLES = {"R": "red", "B": "blue", "G": "green", "Y": "yellow"}
TREASURES = "345678"
MARKS = {WATER, PLAIN, HARBOUR, SHOVEL, FOOT, *TEMPLES, *TREASURES}
TEMPLE_POINTS = 9
COLUMNS = "abcdefghijklmnopqrstuvwxyz"


class MapError(ValueError):
    """A map file that is not a valid island; the message names the line or the rule."""


@dataclass(frozen=True)
class Island:
    """One island: ``marks`` maps each land field (``"g1"``) to its mark (rules GG-1.2)."""

    name: str
    rows: int
    columns: int
    marks: dict[str, str]
    neighbours: dict[str, tuple[str, ...]]
    harbours: tuple[str, ...]
    """Clockwise by angle around the island's centre, starting from the top (GG-2.2)."""
    centres: dict[str, tuple[float, float]]
    """Field centres in hex widths: x to the right, y down (for pictures and angles)."""

    def treasure(self, field: str) -> int | None:
        mark = self.marks.get(field, "")
        return int(mark) if mark in TREASURES else None

    def temple(self, field: str) -> str | None:
        mark = self.marks.get(field, "")
        return mark if mark in TEMPLES else None

    def is_harbour(self, field: str) -> bool:
        return self.marks.get(field) == HARBOUR

    def next_harbour(self, harbour: str, k: int) -> str:
        """The harbour ``k`` places clockwise from ``harbour`` (GG-2.2)."""
        i = self.harbours.index(harbour)
        return self.harbours[(i + k) % len(self.harbours)]


def field_name(col: int, row: int) -> str:
    return f"{COLUMNS[col]}{row + 1}"


def parse_field(name: str) -> tuple[int, int] | None:
    """``"g1"`` -> (6, 0); None if it is not a field name."""
    if not (2 <= len(name) <= 3 and name[0] in COLUMNS and name[1:].isascii()):
        return None
    if not name[1:].isdigit() or name[1] == "0":
        return None
    return COLUMNS.index(name[0]), int(name[1:]) - 1


def _position(name: str) -> tuple[int, int]:
    """(column, row) of one of our own field names."""
    pos = parse_field(name)
    assert pos is not None, name
    return pos


def _adjacent(col: int, row: int) -> list[tuple[int, int]]:
    """Edge neighbours of a pointy-topped hex in odd-r layout (odd rows shifted right)."""
    if row % 2 == 0:
        around = [(-1, -1), (0, -1), (-1, 0), (1, 0), (-1, 1), (0, 1)]
    else:
        around = [(0, -1), (1, -1), (-1, 0), (1, 0), (0, 1), (1, 1)]
    return [(col + dc, row + dr) for dc, dr in around]


def parse(name: str, text: str) -> Island:
    """An island from a map's text; MapError says what is wrong."""
    lines = [line.split() for line in text.splitlines() if line.strip()]
    if not lines:
        raise MapError(f"map {name}: empty")
    width = len(lines[0])
    if not 1 <= width <= len(COLUMNS) or len(lines) > 99:
        raise MapError(f"map {name}: {width} columns and {len(lines)} rows is too large")
    marks: dict[str, str] = {}
    for r, cells in enumerate(lines):
        if len(cells) != width:
            raise MapError(f"map {name}: line {r + 1} has {len(cells)} fields, not {width}")
        for c, mark in enumerate(cells):
            if mark not in MARKS:
                raise MapError(f"map {name}: line {r + 1} has an unknown mark {mark[:5]!r}")
            if mark != WATER:
                marks[field_name(c, r)] = mark
    neighbours = {}
    for f in marks:
        col, row = _position(f)
        near = [field_name(c, r) for c, r in _adjacent(col, row) if 0 <= c < width and r >= 0]
        neighbours[f] = tuple(n for n in near if n in marks)
    _check(name, marks, neighbours)
    centres = {}
    for f in marks:
        col, row = _position(f)
        centres[f] = (col + 0.5 * (row % 2), row * math.sqrt(3) / 2)
    cx = sum(x for x, _ in centres.values()) / len(centres)
    cy = sum(y for _, y in centres.values()) / len(centres)

    def clockwise(f: str) -> float:  # from the top (north), turning right
        x, y = centres[f]
        return math.atan2(x - cx, -(y - cy)) % (2 * math.pi)

    ring = sorted((f for f, m in marks.items() if m == HARBOUR), key=clockwise)
    top = ring.index(min(ring, key=lambda f: (centres[f][1], centres[f][0])))
    harbours = tuple(ring[top:] + ring[:top])  # the cycle, written from the topmost harbour
    return Island(name, len(lines), width, marks, neighbours, harbours, centres)


def _check(name: str, marks: dict[str, str], neighbours: dict[str, tuple[str, ...]]) -> None:
    counts = {m: sum(1 for v in marks.values() if v == m) for m in MARKS}
    if counts[HARBOUR] != 4:
        raise MapError(f"map {name}: {counts[HARBOUR]} harbours, not 4 (GG-1.2)")
    for mark, colour in TEMPLES.items():
        if counts[mark] != 1:
            raise MapError(f"map {name}: {counts[mark]} {colour} temples, not 1")
    if not any(counts[t] for t in TREASURES) or not counts[SHOVEL] or not counts[FOOT]:
        raise MapError(f"map {name}: needs treasures, shovel symbols and foot symbols")
    start = next(iter(marks))
    seen = {start}
    todo = [start]
    while todo:
        for n in neighbours[todo.pop()]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    if len(seen) != len(marks):
        lost = sorted(set(marks) - seen)[0]
        raise MapError(f"map {name}: the land is not connected ({lost} cannot be reached)")


def names() -> list[str]:
    """The maps this package ships, by name."""
    return sorted(p.stem for p in MAPS.glob("*.txt"))


@cache
def island(name: str) -> Island:
    """A shipped map by name (``"a"``, ``"b"``); MapError if there is none."""
    if name not in names():
        raise MapError(f"no map {name[:20]!r}; maps: {', '.join(names())}")
    return parse(name, (MAPS / f"{name}.txt").read_text(encoding="utf-8"))
