"""A plain model of one Gold Connection turn for the league's independent opponents.

Written apart from ``gold_connection.ai``: its own value of a crate (points, a share of what an
unfinished row may still bring, chips), no robbery threat, no place of the stone. It uses only
the engine's rules (walks, odds, the enumerations of plunders and sortings).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from gold_connection import odds
from gold_connection.board import ENDS, MAX_STEPS, walks
from gold_connection.game import Game, sort_options, take_options
from gold_connection.material import COLOURS, MAX_CHIPS, bar_value

P_AT = [float(odds.at_least(t)) for t in range(0, 13)] + [0.0] * 40
P_EQ = [0.0, 0.0] + [min(s - 1, 13 - s) / 36 for s in range(2, 13)]
BONUS = {4: 0, 5: 5, 6: 10}


def p_at_least(t: int) -> float:
    """P(2d6 >= t); 0 past the table (a crowded safe's bars can sum to any target)."""
    return 1.0 if t <= 2 else P_AT[t] if t < len(P_AT) else 0.0


@dataclass(frozen=True)
class Weights:
    progress: float = 0.5  # share of an unfinished row's remaining points and bonus, per bar held
    chip: float = 1.5  # points per chip while turns remain
    horizon: float = 10.0  # turns left at which unfinished rows count half
    place: float = 0.3  # weight of the best one-roll plunder from where the stone ends


def row_value(row: str, k: int, hope: float, w: Weights) -> float:
    """Points in one row and a share of what it may still bring."""
    length = int(row[1])
    total = k * (k + 1) / 2
    if k == length:
        return total + BONUS[length]
    if k:
        rest = sum(range(k + 1, length + 1)) + BONUS[length]
        total += w.progress * hope * rest * (k / length) ** 2
    return total


def chip_value(chips: int, turns: int, w: Weights) -> float:
    return w.chip * min(1.0, turns / 4) * (chips - 0.1 * chips * chips) if turns else 0.0


def crate_value(rows: dict[str, int], chips: int, turns: int, w: Weights) -> float:
    """Points in the rows, what unfinished rows may still bring, chips as spare luck."""
    hope = turns / (turns + w.horizon)
    return sum(row_value(r, k, hope, w) for r, k in rows.items()) + chip_value(chips, turns, w)


@lru_cache(maxsize=1 << 16)
def colour_value(
    bars: tuple[str, ...], rows: tuple[tuple[str, int], ...], turns: int, w: Weights
) -> float:
    """The best sorting of one colour's stored bars into that colour's rows (GC-6.2)."""
    hope = turns / (turns + w.horizon)
    best = -1.0
    for pairs in sort_options(bars, rows) if bars else [()]:
        after = dict(rows)
        for _, row in pairs:
            after[row] += 1
        best = max(best, sum(row_value(r, k, hope, w) for r, k in after.items()))
    return best


def useful(rows: dict[str, int], bars: Iterable[str]) -> tuple[str, ...]:
    """Bars some row could still hold (a row of length L holding k takes values k+1..L)."""
    return tuple(
        b
        for b in bars
        if any(r[0] == b[0] and k < bar_value(b) <= int(r[1]) for r, k in rows.items())
    )


class Turn:
    """The mover's turn as the opponents see it: places, steps, storage, chips."""

    def __init__(self, game: Game, w: Weights):
        self.w = w
        me = self.me = game.to_move
        self.rows = dict(game.rows[me])
        self.by_colour = {
            c: tuple((r, k) for r, k in self.rows.items() if r[0] == c) for c in COLOURS
        }
        self.turns = max(0, (game.turns_left(me) or 12) - 1)
        self.fields = {f: tuple(b) for f, b in game.fields.items()}
        self.busy = {game.stone[s] for s in range(game.n) if s != me}
        self.start = game.stone[me]
        self.start_heading = game.heading[me]
        self.supply = game.supply
        self.memo: dict[Any, float] = {}
        self.near: dict[Any, float] = {}
        self.usable: dict[str, tuple[str, ...]] = {}
        self.plunders: dict[tuple[str, int], list[tuple[str, ...]]] = {}
        self.failed: dict[int, float] = {}

    def useful_at(self, field: str) -> tuple[str, ...]:
        """:func:`useful` of a safe's bars: rows and safes do not change during one decision."""
        bars = self.usable.get(field)
        if bars is None:
            bars = self.usable[field] = useful(self.rows, self.fields[field])
        return bars

    def crate(self, storage: tuple[str, ...], chips: int) -> float:
        key = (storage, chips)
        v = self.memo.get(key)
        if v is None:
            v = chip_value(chips, self.turns, self.w) + sum(
                colour_value(
                    tuple(sorted(b for b in storage if b[0] == c)), rows, self.turns, self.w
                )
                for c, rows in self.by_colour.items()
            )
            self.memo[key] = v
        return v

    def stop(
        self,
        storage: tuple[str, ...],
        chips: int,
        field: str = "",
        heading: Any = None,
        arrived: Any = None,
    ) -> float:
        """The turn ends with the stone on ``field`` (the best heading there)."""
        key = (storage, chips, field, heading, arrived)
        v = self.memo.get(key)
        if v is None:
            v = self.crate(storage, chips)
            if field and self.turns and self.w.place:
                heads = (
                    (heading,) if heading is not None else tuple(c for c in "nms" if c != arrived)
                )
                v += self.w.place * max(self.prospect(field, h) for h in heads)
            self.memo[key] = v
        return v

    def prospect(self, field: str, heading: str) -> float:
        """The best single plunder a stone here could try next turn: chance times points."""
        key = (field, heading)
        v = self.near.get(key)
        if v is None:
            v = 0.0
            for wk in walks(field, heading, None):
                if wk.steps > 9:
                    break
                if wk.field == field or wk.field in self.busy:
                    continue
                bars = sorted(map(bar_value, self.useful_at(wk.field)))
                points = 0
                for b in bars:
                    points += b
                    v = max(v, p_at_least(wk.steps + points) * points)
            self.near[key] = v
        return v

    def fail(self, chips: int) -> float:
        v = self.failed.get(chips)
        if v is None:
            gain = min(2, MAX_CHIPS - chips, self.supply)
            v = self.failed[chips] = self.stop((), chips + gain, self.start, self.start_heading)
        return v

    def dests(self, place: tuple[Any, ...], steps: int, chips: int) -> list[tuple[Any, ...]]:
        """``(field, heading, arrived, steps after, token)``: the shortest walk to each place."""
        seen: dict[Any, Any] = {}
        for wk in walks(*place):
            total = steps + wk.steps
            if total > min(MAX_STEPS, 12 + chips):
                break
            key = (wk.field, wk.heading, wk.arrived_from)
            if key not in seen and wk.field not in self.busy:
                seen[key] = (wk.field, wk.heading, wk.arrived_from, total, wk.token)
        return list(seen.values())

    def takes(
        self,
        field: str,
        steps: int,
        chips: int,
        plundered: frozenset[str],
        storage: tuple[str, ...],
    ) -> list[tuple[str, ...]]:
        """Plunders here worth a roll: only bars some row could hold, within reach of the dice."""
        if field == self.start or field in plundered or field in self.busy:
            return []
        budget = 12 + chips - steps
        out = self.plunders.get((field, budget))
        if out is None:
            out = self.plunders[field, budget] = [
                t for t in take_options(self.useful_at(field), budget) if t
            ]
        return out

    def roll(self, target: int, chips: int, success: Any, fail: float) -> float:
        """A loot roll: ``success(chips left)`` if it reaches ``target`` or chips make it."""
        seen: dict[int, float] = {}

        def won(c: int) -> float:
            v = seen.get(c)
            if v is None:
                v = seen[c] = success(c)
            return v

        total = p_at_least(target) * won(chips) if target <= 12 else 0.0
        for s in range(max(2, target - chips), min(target, 13)):
            total += P_EQ[s] * max(fail, won(chips - (target - s)))
        return total + (1.0 - p_at_least(max(2, target - chips))) * fail

    def actions(
        self,
        place: tuple[Any, ...],
        steps: int,
        storage: tuple[str, ...],
        plundered: frozenset[str],
        chips: int,
        here: bool = False,
    ) -> list[tuple[str, str, tuple[Any, ...], int, tuple[str, ...]]]:
        """``(move token, kind, dest, target, bars)`` for every walk and what to do there."""
        out = []
        dests = [(*place, steps, "")] if here else self.dests(place, steps, chips)
        for dest in dests:
            field, total = dest[0], dest[3]
            out.append((dest[4], "end", dest, total, ()))
            for bars in self.takes(field, total, chips, plundered, storage):
                out.append((dest[4], "take", dest, total + sum(map(bar_value, bars)), bars))
        return out


def setup_choice(game: Game, legal: list[str], w: Weights) -> str:
    """Place, first heading or a heading after the turn: toward the most useful bars near."""
    seat = game.to_move
    rows = game.rows[seat]

    def near(field: str, heading: str | None) -> float:
        total = 0.0
        for wk in walks(field, heading, None):
            if wk.steps > 6:
                break
            total += sum(bar_value(b) for b in useful(rows, game.fields[wk.field])) / wk.steps
        return total

    def worth(tok: str) -> float:
        kind, arg = tok.split()
        if kind == "place":
            heads = ("n", "m", "s") if arg in ENDS else ("w", "e")
            return max(near(arg, h) for h in heads) + 0.01 * int(arg)
        return near(game.stone_of(seat), arg)

    return max(legal, key=worth)


def sort_choice(game: Game, legal: list[str], w: Weights) -> str:
    seat = game.to_move
    turns = max(0, (game.turns_left(seat) or 12) - 1)

    def worth(tok: str) -> float:
        after = dict(game.rows[seat])
        for pair in tok.split()[1:]:
            after[pair.split(">")[1]] += 1
        return crate_value(after, game.chips[seat], turns, w)

    return max(legal, key=worth)
