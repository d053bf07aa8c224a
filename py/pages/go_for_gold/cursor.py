"""Moving a keyboard cursor over the hexes with the arrow keys. Pure: no browser.

Left and right stay in the row; up and down go to the nearest field of the row above or
below (hex rows are offset, so "nearest" picks the one most straight up or down, the right
one on a tie).

>>> from go_for_gold.board import island
>>> a = island("a")
>>> step_towards(a, "f7", "right"), step_towards(a, "f7", "left")
('g7', 'e7')
>>> step_towards(a, "f7", "up"), step_towards(a, "f7", "down")
('f6', 'f8')
>>> step_towards(a, "g1", "up") is None
True
"""

from __future__ import annotations

from go_for_gold.board import Island

DIRECTIONS = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}


def step_towards(island: Island, field: str, direction: str) -> str | None:
    """The field the cursor moves to from ``field``, or None at the island's edge."""
    if field not in island.centres or direction not in DIRECTIONS:
        return None
    dx, dy = DIRECTIONS[direction]
    x0, y0 = island.centres[field]
    best: tuple[float, float, str] | None = None
    for f, (x, y) in island.centres.items():
        if f not in island.marks:
            continue
        if dy == 0:
            if abs(y - y0) > 0.1 or (x - x0) * dx <= 0.1:
                continue
            key = (abs(x - x0), 0.0, f)
        else:
            if (y - y0) * dy <= 0.1:
                continue
            key = (abs(y - y0), abs(x - x0) - 0.001 * (x - x0), f)
        if best is None or key < best:
            best = key
    return best[2] if best else None
