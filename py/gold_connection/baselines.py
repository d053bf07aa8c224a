"""The baseline players, ``random`` (uniform over the legal tokens) and ``greedy`` (the best
one-roll gain, ignoring everything after it), and the scoring helpers the AI shares with them.
Seats are built from their specs in :mod:`.players`."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable

from gamekit.players import RandomPlayer

from . import odds
from .board import MAX_STEPS
from .game import Game, sort_options, take_options
from .material import COLOURS, ROW_KEY, bar_value, sort_bars

__all__ = ["GreedyPlayer", "RandomPlayer", "score_of", "sorting_gain", "useful_bars"]


def score_of(rows: dict[str, int]) -> int:
    """GC-7.3 for one crate's rows."""
    total = 0
    for row, k in rows.items():
        total += k * (k + 1) // 2
        if k == int(row[1]) and k >= 5:
            total += 5 if k == 5 else 10
    return total


def sorting_gain(rows: dict[str, int], bars: list[str]) -> int:
    """How much the best sorting of ``bars`` into ``rows`` adds to the score (GC-6.2)."""
    if not bars:
        return 0
    base = score_of(rows)
    best = 0
    for pairs in sort_options(tuple(sort_bars(bars)), tuple(rows.items())):
        after = dict(rows)
        for _, row in pairs:
            after[row] += 1
        best = max(best, score_of(after) - base)
    return best


def useful_bars(rows: dict[str, int], bars: Iterable[str]) -> tuple[str, ...]:
    """The bars of ``bars`` a plunder could ever gain from, in their order: each row takes a
    value at most once (GC-6.2), so more copies of a bar than rows that could take it only raise
    the target. This keeps a crowded safe's ~700 000 plunders to a few hundred."""
    room: Counter[str] = Counter()
    for row, k in rows.items():
        for v in range(k + 1, int(row[1]) + 1):
            room[row[0] + str(v)] += 1
    kept: Counter[str] = Counter()
    out = []
    for b in bars:
        if kept[b] < room[b]:
            kept[b] += 1
            out.append(b)
    return tuple(out)


class GreedyPlayer:
    """Plunders where one roll gains most on average, and banks as soon as that is worth less."""

    def __init__(self, rng: random.Random | None = None):
        self.name = "greedy"
        self.rng = rng or random.Random()

    def decide(self, game: Game, legal: list[str]) -> str:
        prompt = game.prompt
        if prompt == "move":
            return self._move(game, legal)
        if prompt == "act":
            return self._act(game, legal)
        if prompt == "chips":
            return legal[0]  # spending saves the loot; accepting only earns chips
        if prompt == "sort":
            seat = game.to_move
            return max(legal, key=lambda tok: score_of(_after_sort(game.rows[seat], tok)))
        if prompt == "place":
            return legal[-1]
        return self.rng.choice(legal)

    def _best_take(
        self, game: Game, field: str, steps: int
    ) -> tuple[float, tuple[str, ...] | None]:
        """The best expected score of one plunder at ``field`` after ``steps`` steps."""
        seat, t = game.to_move, game.live
        if field == game.stone[seat] or field in t.plundered or game.stone_at(field) is not None:
            return 0.0, None
        budget = MAX_STEPS - steps
        rows = game.rows[seat]
        useful = useful_bars(rows, game.fields[field])
        # sorting gains add up colour by colour (GC-6.2) and the roll depends on the points
        # only, so the best plunder per points total is a small knapsack over the colours,
        # not a walk through every plunder (a crowded safe has ~700 000)
        by_points: dict[int, tuple[int, tuple[str, ...]]] = {0: (0, ())}
        for c in COLOURS:
            mine = tuple(b for b in useful if b[0] == c)
            stored = [b for b in t.storage if b[0] == c]
            own = {r: k for r, k in rows.items() if r[0] == c}
            parts: dict[int, tuple[int, tuple[str, ...]]] = {0: (sorting_gain(own, stored), ())}
            for bars in take_options(mine, budget):
                points = sum(map(bar_value, bars))
                gain = sorting_gain(own, stored + list(bars))
                if points not in parts or gain > parts[points][0]:
                    parts[points] = (gain, bars)
            merged: dict[int, tuple[int, tuple[str, ...]]] = {}
            for p1, (g1, b1) in by_points.items():
                for p2, (g2, b2) in parts.items():
                    total = p1 + p2
                    if total <= budget and (total not in merged or g1 + g2 > merged[total][0]):
                        merged[total] = (g1 + g2, b1 + b2)
            by_points = merged
        best = 0.0
        best_bars_found: tuple[str, ...] | None = None
        chips = game.chips[seat]
        for points, (gain, bars) in sorted(by_points.items()):
            p = odds.success(steps + points, chips)
            if bars and p and float(p) * gain > best:
                best, best_bars_found = float(p) * gain, tuple(sort_bars(list(bars)))
        return best, best_bars_found

    def _move(self, game: Game, legal: list[str]) -> str:
        t = game.live
        banked = sorting_gain(game.rows[game.to_move], t.storage)
        best, best_tok = -1.0, None
        for w in game.legal_walks():
            value, _ = self._best_take(game, w.field, t.steps + w.steps)
            if value > best:
                best, best_tok = value, w.token
        if "stop" in legal and banked >= best:
            return "stop"
        return best_tok or legal[0]

    def _act(self, game: Game, legal: list[str]) -> str:
        t = game.live
        _, bars = self._best_take(game, t.arrow, t.steps)
        if bars is not None:
            return "take " + " ".join(bars)
        victim = game.victim()
        if victim is not None:
            # the likeliest robbery is the cheapest: the top bar of the shortest filled row
            # (found from the crate, not by scoring each of up to ~110 000 robberies)
            rows = game.rows[victim]
            row = min((r for r, k in rows.items() if k), key=lambda r: (rows[r], ROW_KEY[r]))
            return f"rob {row}:1" if f"rob {row}:1" in legal else legal[0]
        return "end" if "end" in legal else legal[0]


def _after_sort(rows: dict[str, int], token: str) -> dict[str, int]:
    after = dict(rows)
    for pair in token.split()[1:]:
        after[pair.split(">")[1]] += 1
    return after
