"""A plain model of a Go for Gold sheet for the league's independent opponents, read from the
state summary a ``file:`` bot is given; written apart from ``go_for_gold.ai``. It uses only the
island (``go_for_gold.board``) and the rules as the rules page states them.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from go_for_gold.board import FOOT, SHOVEL, Island, island

SHOVEL_WORTH = 0.6
FOOT_WORTH = 0.5
STUCK = 8.0  # points a sheet loses when a die leaves it no path (GG-3.6: out of the game)


@dataclass
class Sheet:
    isl: Island
    at: str
    visited: set[str]
    shovels: int
    feet: int
    jumped: bool
    entries: list[int]
    closed: set[str]


def sheet_of(view: dict[str, Any], seat: int | None = None) -> Sheet:
    p = view["players"][view["to_move"] if seat is None else seat]
    return Sheet(
        island(view["map"]),
        p["at"],
        set(p["visited"]),
        p["shovels"],
        p["feet"],
        p["jumped"],
        list(p["entries"]),
        set(view["temples_closed"]),
    )


def walk(
    sheet: Sheet, start: str, seen: set[str], length: int, cap: int = 4000
) -> Iterator[tuple[str, ...]]:
    """Paths of ``length`` from ``start`` through fields not in ``seen`` (a harbour ends one)."""
    isl = sheet.isl
    path: list[str] = []
    count = 0

    def grow(here: str) -> Iterator[tuple[str, ...]]:
        nonlocal count
        for nxt in isl.neighbours[here]:
            if nxt in seen or count >= cap:
                continue
            path.append(nxt)
            if len(path) == length or isl.is_harbour(nxt):
                count += 1
                yield tuple(path)
            else:
                seen.add(nxt)
                yield from grow(nxt)
                seen.discard(nxt)
            path.pop()

    yield from grow(start)


def search_value(t: int, shovels: int) -> float:
    """A search's expected points, less the shovels it spends (GG-4.1)."""
    total = 0.0
    for roll in range(1, 7):
        short = t - roll
        if short <= 0:
            total += t
        elif short <= shovels and t > SHOVEL_WORTH * short:
            total += t - SHOVEL_WORTH * short
    return total / 6


def temple_value(shovels: int) -> float:
    """Exploring (GG-4.2): 9 points and every shovel gone, or -1."""
    p = min(shovels, 6) / 6
    return max(0.0, p * (9 - SHOVEL_WORTH * shovels) - (1 - p))


def end_value(sheet: Sheet, field: str, shovels: int) -> float:
    isl = sheet.isl
    t = isl.treasure(field)
    if t:
        return search_value(t, shovels)
    if isl.temple(field) and field not in sheet.closed:
        return temple_value(shovels)
    return 0.0


def gains(sheet: Sheet, path: tuple[str, ...]) -> tuple[int, int]:
    marks = [sheet.isl.marks[f] for f in path]
    return marks.count(SHOVEL), marks.count(FOOT)


def now_value(sheet: Sheet, path: tuple[str, ...]) -> float:
    """What a path is worth this round: its end, and the symbols picked up."""
    s, f = gains(sheet, path)
    return end_value(sheet, path[-1], sheet.shovels + s) + SHOVEL_WORTH * s + FOOT_WORTH * f


def after(sheet: Sheet, path: tuple[str, ...]) -> Sheet:
    """The sheet once ``path`` is walked (a search's shovels not yet spent)."""
    s, f = gains(sheet, path)
    return Sheet(
        sheet.isl,
        path[-1],
        sheet.visited | set(path),
        sheet.shovels + s,
        sheet.feet + f,
        sheet.jumped,
        sheet.entries,
        sheet.closed,
    )


def harbour_value(sheet: Sheet, harbour: str) -> float:
    """Treasures near a harbour, nearer worth more (for the start and the jump)."""
    isl = sheet.isl
    dist = {harbour: 0}
    todo = [harbour]
    total = 0.0
    while todo:
        here = todo.pop(0)
        if dist[here] >= 6:
            continue
        for nxt in isl.neighbours[here]:
            if nxt in sheet.visited or nxt in dist:
                continue
            dist[nxt] = dist[here] + 1
            total += end_value(sheet, nxt, sheet.shovels) / dist[nxt]
            if not isl.is_harbour(nxt):
                todo.append(nxt)
    return total


def path_tokens(legal: list[str]) -> list[tuple[str, tuple[str, ...]]]:
    return [(tok, tuple(tok.split()[1:])) for tok in legal if tok.startswith("path ")]


def simple_choice(view: dict[str, Any], legal: list[str]) -> str | None:
    """Start, jump, search, explore and spend: the plain choices both opponents make."""
    prompt = view["prompt"]
    sheet = sheet_of(view)
    if prompt in ("start", "jump"):
        return max(legal, key=lambda tok: harbour_value(sheet, tok.split()[1]))
    if prompt == "special":
        if legal[0] == "search":
            return "search"
        return legal[0] if temple_value(sheet.shovels) > 0 else "pass"
    if prompt == "spend":
        k = int(legal[0].split()[1])
        t = sheet.isl.treasure(sheet.at) or 0
        return legal[0] if t > SHOVEL_WORTH * k else "pass"
    return None
