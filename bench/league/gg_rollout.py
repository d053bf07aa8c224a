"""League opponent for Go for Gold: a Monte-Carlo rollout player, written apart from our AI.

The best path groups by value now are each played out on the player's own sheet for the next
rounds (sampled dice, searches and temples rolled; each round the best path by value now, a
dead end ending the playout) and judged by the points the playouts score. Its dice come from a
generator seeded by the state, so the same state gives the same answer.
"""

from __future__ import annotations

import json
import os
import random
import sys
import zlib
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gg_simple import (  # noqa: E402
    SHOVEL_WORTH,
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

SEED = 1
SCREEN = 6
ROLLOUTS = 12
ROUNDS = 3


def resolve(sheet: Sheet, rng: random.Random) -> float:
    """Search or explore where the sheet stands, with a rolled die; shovels change."""
    isl = sheet.isl
    t = isl.treasure(sheet.at)
    roll = rng.randint(1, 6)
    if t:
        short = t - roll
        if short <= 0:
            return t
        if short <= sheet.shovels and t > SHOVEL_WORTH * short:
            sheet.shovels -= short
            return t
        return 0.0
    if isl.temple(sheet.at) and sheet.at not in sheet.closed and sheet.shovels >= 1:
        if sheet.shovels >= roll:
            sheet.shovels = 0
            return 9.0
        return -1.0
    return 0.0


def playout(sheet: Sheet, path: tuple[str, ...], rng: random.Random, rounds: int) -> float:
    sheet = after(sheet, path)
    points = resolve(sheet, rng)
    for _ in range(rounds):
        d = rng.randint(1, 6)
        best = None
        for p in walk(sheet, sheet.at, set(sheet.visited), d, cap=300):
            v = now_value(sheet, p)
            if best is None or v > best[0]:
                best = (v, p)
        if best is None:
            if sheet.feet:
                sheet.feet -= 1
                continue
            return points - STUCK
        sheet = after(sheet, best[1])
        points += resolve(sheet, rng)
    return points + SHOVEL_WORTH * sheet.shovels


def choose(view: dict[str, Any], legal: list[str]) -> str:
    if len(legal) == 1:
        return legal[0]
    plain = simple_choice(view, legal)
    if plain is not None:
        return plain
    state = {k: v for k, v in view.items() if k != "legal"}
    rng = random.Random(SEED * 1_000_003 + zlib.crc32(json.dumps(state, sort_keys=True).encode()))
    sheet = sheet_of(view)
    paths = path_tokens(legal)
    if not paths:
        return legal[0]
    groups: dict[Any, tuple[float, str, tuple[str, ...]]] = {}
    for tok, path in paths:
        key = (path[-1], *gains(sheet, path))
        if key not in groups:
            groups[key] = (now_value(sheet, path), tok, path)
    screened = sorted(groups.values(), reverse=True)[:SCREEN]
    most = max(len(p["entries"]) for p in view["players"])
    rounds = max(0, min(ROUNDS, 5 - most))
    best = max(
        (sum(playout(sheet, path, rng, rounds) for _ in range(ROLLOUTS)) / ROLLOUTS, tok)
        for _, tok, path in screened
    )
    return best[1]
