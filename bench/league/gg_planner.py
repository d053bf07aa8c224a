"""League opponent for Go for Gold: a planner one round ahead that avoids dead ends, written
apart from our AI (its own values in ``gg_simple``).

A path is worth its end (search or temple, shovels counted) and its symbols now, plus the
average over the die's six faces of the best path from its end next round; a face that would
leave no path costs the sheet (GG-3.6). Paths are grouped by where they end and what they
collect, and the twelve best groups are planned ahead. No randomness.
"""

from __future__ import annotations

import os
import sys
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gg_simple import (  # noqa: E402
    FOOT_WORTH,
    STUCK,
    Sheet,
    after,
    gains,
    now_value,
    path_tokens,
    sheet_of,
    simple_choice,
    walk,
)

GROUPS = 12


def next_round(sheet: Sheet) -> float:
    """The expected best path value next round, over the die."""
    total = 0.0
    for d in range(1, 7):
        best = None
        for p in walk(sheet, sheet.at, set(sheet.visited), d, cap=600):
            v = now_value(sheet, p)
            if best is None or v > best:
                best = v
        if best is None:
            total -= STUCK if sheet.feet == 0 else 1.0
        else:
            total += best
    return total / 6


def ranked(sheet: Sheet, paths: list[tuple[str, tuple[str, ...]]]) -> list[tuple[float, str]]:
    groups: dict[Any, tuple[float, str, tuple[str, ...]]] = {}
    for tok, path in paths:
        key = (path[-1], *gains(sheet, path))
        v = now_value(sheet, path)
        if key not in groups:
            groups[key] = (v, tok, path)
    best = sorted(groups.values(), reverse=True)[:GROUPS]
    out = []
    for v, tok, path in best:
        s2 = after(sheet, path)
        if sheet.isl.treasure(path[-1]):
            s2.shovels = max(0, s2.shovels - 1)  # a search often spends one
        out.append((v + 0.8 * next_round(s2), tok))
    return sorted(out, reverse=True)


def choose(view: dict[str, Any], legal: list[str]) -> str:
    if len(legal) == 1:
        return legal[0]
    plain = simple_choice(view, legal)
    if plain is not None:
        return plain
    sheet = sheet_of(view)
    paths = path_tokens(legal)
    best_value, best = ranked(sheet, paths)[0] if paths else (-99.0, legal[0])
    for tok in legal:
        if tok.startswith("foot "):
            k = int(tok.split()[1])
            if k == view["length"]:
                continue
            own = [
                (" ".join(("path", *p)), p) for p in walk(sheet, sheet.at, set(sheet.visited), k)
            ]
            if own and ranked(sheet, own)[0][0] > best_value + FOOT_WORTH + 0.5:
                return tok
    return best
