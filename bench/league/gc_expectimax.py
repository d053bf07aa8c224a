"""League opponent for Gold Connection: a plain expectimax over the rest of the turn, two loot
rolls deep, with its own simple value of a crate (``gc_simple``), written apart from our AI.

Every plunder of useful bars and every small robbery (the top one or two bars of a crate with
10+ bars) at every field within reach is weighed one roll deep (exact 2d6 odds, chips spent
when that beats the failure); the five best are searched one roll deeper. A robbery is worth
the bars it brings plus what the victim loses (fully with two players; with more, fully when
the victim leads the others, half otherwise), and after it the turn must go on. An unfinished
row counts only up to the first bar it still needs that no safe holds any more (all of them lie
in rows), and its bonus only if it can still be completed. No randomness: the same state gives
the same answer.
"""

from __future__ import annotations

import os
import sys
from functools import lru_cache
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gc_simple import (  # noqa: E402
    BONUS,
    Turn,
    Weights,
    chip_value,
    setup_choice,
    sort_choice,
)
from gc_view import game_from_view  # noqa: E402
from gold_connection.board import MAX_STEPS, walks  # noqa: E402
from gold_connection.game import Game, sort_options  # noqa: E402
from gold_connection.material import COLOURS, ROW_KEY, bar_value, row_bars  # noqa: E402

W = Weights()
REFINE = 5  # candidates searched a second roll deep


def reach_value(row: str, k: int, hope: float, w: Weights, avail: tuple[int, ...]) -> float:
    """Points in one row and a share of what it may still bring with the bars still in safes
    (``avail[v - 1]``: copies of the row's colour of value v lying in some safe)."""
    length = int(row[1])
    total = k * (k + 1) / 2
    if k == length:
        return total + BONUS[length]
    if k:
        top = length
        for v in range(k + 1, length + 1):
            if not avail[v - 1]:
                top = v - 1
                break
        rest = sum(range(k + 1, top + 1)) + (BONUS[length] if top == length else 0)
        total += w.progress * hope * rest * (k / length) ** 2
    return total


@lru_cache(maxsize=1 << 16)
def colour_reach(
    bars: tuple[str, ...],
    rows: tuple[tuple[str, int], ...],
    turns: int,
    w: Weights,
    avail: tuple[int, ...],
) -> float:
    """The best sorting of one colour's stored bars into its rows (GC-6.2), rows valued by
    :func:`reach_value`."""
    hope = turns / (turns + w.horizon)
    best = -1.0
    for pairs in sort_options(bars, rows) if bars else [()]:
        after = dict(rows)
        for _, row in pairs:
            after[row] += 1
        best = max(best, sum(reach_value(r, k, hope, w, avail) for r, k in after.items()))
    return best


class XTurn(Turn):
    """``gc_simple.Turn`` with robberies and rows valued by the bars still in the safes."""

    def __init__(self, game: Game, w: Weights):
        super().__init__(game, w)
        me, n = self.me, game.n
        self.avail = {
            c: tuple(
                sum(1 for bars in game.fields.values() for b in bars if b == f"{c}{v}")
                for v in range(1, 7)
            )
            for c in COLOURS
        }
        robbed = set(game.turn.robbed) if game.turn is not None else set()
        scores = {s: game.score(s) for s in range(n) if s != me}
        leader = max(scores, key=lambda s: scores[s]) if scores else None
        self.victims: dict[str, tuple[int, float]] = {}
        self.victim_rows: dict[int, dict[str, int]] = {}
        self.victim_turns: dict[int, int] = {}
        self.picks: dict[int, list[tuple[Any, ...]]] = {}
        for s in range(n):
            if s == me or s in robbed or game.bar_count(s) < 10:
                continue
            weight = 1.0 if n == 2 or s == leader else 0.5
            self.victims[game.stone[s]] = (s, weight)
            self.victim_rows[s] = {r: k for r, k in game.rows[s].items() if k}
            self.victim_turns[s] = max(0, game.turns_left(s) or 12)

    def crate(self, storage: tuple[str, ...], chips: int) -> float:
        key = (storage, chips)
        v = self.memo.get(key)
        if v is None:
            v = chip_value(chips, self.turns, self.w) + sum(
                colour_reach(
                    tuple(sorted(b for b in storage if b[0] == c)),
                    rows,
                    self.turns,
                    self.w,
                    self.avail[c],
                )
                for c, rows in self.by_colour.items()
            )
            self.memo[key] = v
        return v

    def loss(self, victim: int, taken: tuple[tuple[str, int], ...]) -> float:
        """What the victim's rows lose by a robbery, by this opponent's own row values."""
        t = self.victim_turns[victim]
        hope = t / (t + self.w.horizon)
        rows = self.victim_rows[victim]
        lost = 0.0
        for r, n in taken:
            k = rows[r]
            av = self.avail[r[0]]
            lost += reach_value(r, k, hope, self.w, av) - reach_value(r, k - n, hope, self.w, av)
        return lost

    def robs(self, victim: int, steps: int, chips: int) -> list[tuple[Any, ...]]:
        """Robberies of the top one or two bars: ``(token, target, bars, value for us)``."""
        out = []
        for token, values, bars, lost in self.rob_picks(victim):
            target = steps + values
            if target <= 12 + chips:
                out.append((token, target, bars, lost))
        return out

    def rob_picks(self, victim: int) -> list[tuple[Any, ...]]:
        """Every robbery of :meth:`robs` at any distance: ``(token, bars' values, bars, value
        for us)``, worked out once per decision (the victim's rows do not change in it)."""
        picked = self.picks.get(victim)
        if picked is not None:
            return picked
        rows = sorted(self.victim_rows[victim].items(), key=lambda rk: ROW_KEY[rk[0]])
        picks: list[tuple[tuple[str, int], ...]] = []
        for i, (r, k) in enumerate(rows):
            picks.append(((r, 1),))
            if k >= 2:
                picks.append(((r, 2),))
            picks.extend(((r, 1), (r2, 1)) for r2, _ in rows[i + 1 :])
        _, weight = next(v for v in self.victims.values() if v[0] == victim)
        picked = []
        for taken in picks:
            bars: tuple[str, ...] = ()
            for r, n in taken:
                k = self.victim_rows[victim][r]
                bars += tuple(row_bars(r, k)[k - n :])
            token = "rob " + " ".join(f"{r}:{n}" for r, n in taken)
            values = sum(map(bar_value, bars))
            picked.append((token, values, bars, weight * self.loss(victim, taken)))
        self.picks[victim] = picked
        return picked

    def dests(self, place: tuple[Any, ...], steps: int, chips: int) -> list[tuple[Any, ...]]:
        """As ``Turn.dests``, and the fields of crates that may be robbed."""
        seen: dict[Any, Any] = {}
        for wk in walks(*place):
            total = steps + wk.steps
            if total > min(MAX_STEPS, 12 + chips):
                break
            key = (wk.field, wk.heading, wk.arrived_from)
            if key not in seen and (wk.field not in self.busy or wk.field in self.victims):
                seen[key] = (wk.field, wk.heading, wk.arrived_from, total, wk.token)
        return list(seen.values())

    def actions(  # type: ignore[override]
        self,
        place: tuple[Any, ...],
        steps: int,
        storage: tuple[str, ...],
        plundered: frozenset[str],
        chips: int,
        here: bool = False,
        must: bool = False,
    ) -> list[tuple[Any, ...]]:
        """``(move token, kind, dest, target, bars, act token, victim's loss)``."""
        out: list[tuple[Any, ...]] = []
        dests = [(*place, steps, "")] if here else self.dests(place, steps, chips)
        for dest in dests:
            field, total = dest[0], dest[3]
            if field in self.busy:
                victim, _ = self.victims[field]
                if f"#{victim}" in plundered:
                    continue
                for token, target, bars, lost in self.robs(victim, total, chips):
                    out.append((dest[4], "rob", dest, target, bars, token, lost))
                continue
            out.append((dest[4], "end", dest, total, (), "end", 0.0))
            for bars in self.takes(field, total, chips, plundered, storage):
                target = total + sum(map(bar_value, bars))
                out.append((dest[4], "take", dest, target, bars, "take " + " ".join(bars), 0.0))
        return out


class Search:
    def __init__(self, turn: XTurn):
        self.t = turn
        self.after_memo: dict[Any, float] = {}

    def value(
        self,
        act: tuple[Any, ...],
        storage: tuple[str, ...],
        plundered: frozenset[str],
        chips: int,
        depth: int,
    ) -> float:
        _, kind, dest, target, bars, _, lost = act
        t = self.t
        if kind == "end":
            return t.roll(target, chips, lambda c: t.stop(storage, c, *dest[:3]), t.fail(chips))
        storage2 = tuple(sorted(storage + bars))
        place = dest[:3]
        if kind == "rob":
            victim, _ = t.victims[dest[0]]
            robbed = plundered | {f"#{victim}"}
            no_chips = t.stop((), chips, t.start, t.start_heading)  # the victim is consoled
            return t.roll(
                target,
                chips,
                lambda c: lost + self.after(place, dest[3], storage2, robbed, c, depth - 1, True),
                no_chips,
            )
        return t.roll(
            target,
            chips,
            lambda c: self.after(place, dest[3], storage2, plundered | {dest[0]}, c, depth - 1),
            t.fail(chips),
        )

    def after(
        self,
        place: tuple[Any, ...],
        steps: int,
        storage: tuple[str, ...],
        plundered: frozenset[str],
        chips: int,
        depth: int,
        must: bool = False,
    ) -> float:
        """After a successful plunder: stop, or walk on (GC-5.3); after a robbery, walk on."""
        key = (place, steps, storage, plundered, chips, depth, must)
        v = self.after_memo.get(key)
        if v is not None:
            return v
        t = self.t
        best = -1e9 if must else t.stop(storage, chips, *place)
        if depth > 0 or must:
            for act in t.actions(place, steps, storage, plundered, chips):
                if depth <= 0 and act[1] != "end":
                    continue
                best = max(best, self.value(act, storage, plundered, chips, max(depth, 1)))
        if best == -1e9:
            best = t.fail(chips)
        self.after_memo[key] = best
        return best

    def best(
        self,
        acts: list[tuple[Any, ...]],
        storage: tuple[str, ...],
        plundered: frozenset[str],
        chips: int,
    ) -> list[tuple[float, Any]]:
        first = sorted(
            ((self.value(a, storage, plundered, chips, 1), i) for i, a in enumerate(acts)),
            reverse=True,
        )
        return [(self.value(acts[i], storage, plundered, chips, 2), i) for _, i in first[:REFINE]]


def choose(view: dict[str, Any], legal: list[str]) -> str:
    if len(legal) == 1:
        return legal[0]
    game = game_from_view(view)
    prompt = game.prompt
    if prompt in ("place", "face"):
        return setup_choice(game, legal, W)
    if prompt == "sort":
        return sort_choice(game, legal, W)
    turn = XTurn(game, W)
    search = Search(turn)
    t = game.live
    chips = game.chips[game.to_move]
    storage, plundered = tuple(t.storage), frozenset(t.plundered)
    plundered |= {f"#{v}" for v in t.robbed}
    place = (t.arrow, t.heading, t.arrived_from)
    if prompt == "chips":
        spend = legal[0]
        short = int(spend.split()[1])
        action = t.pending()
        if action[0] == "take":
            storage2 = tuple(sorted(storage + tuple(action[1])))
            win = search.after(place, t.steps, storage2, plundered | {t.arrow}, chips - short, 1)
            lose = turn.fail(chips)
        elif action[0] == "end":
            win = turn.stop(storage, chips - short, *place)
            lose = turn.fail(chips)
        else:  # a robbery: what the victim loses, then the turn must go on
            _, victim, taken = action
            bars: tuple[str, ...] = ()
            for r, n in taken:
                k = game.rows[victim][r]
                bars += tuple(row_bars(r, k)[k - n :])
            storage2 = tuple(sorted(storage + bars))
            weight = turn.victims[t.arrow][1] if t.arrow in turn.victims else 1.0
            lost = weight * turn.loss(victim, tuple(taken)) if victim in turn.victim_rows else 0.0
            win = lost + search.after(
                place, t.steps, storage2, plundered | {f"#{victim}"}, chips - short, 1, True
            )
            lose = turn.stop((), chips, turn.start, turn.start_heading)
        return spend if win > lose else "accept"
    acts = turn.actions(place, t.steps, storage, plundered, chips, here=prompt == "act")
    options: list[tuple[float, str]] = []
    if "stop" in legal:
        options.append((turn.stop(storage, chips, *place), "stop"))
    for v, i in search.best(acts, storage, plundered, chips):
        move, kind, _, _, _, token, _ = acts[i]
        options.append((v, move if prompt == "move" else token))
    allowed = set(legal)
    options = [o for o in options if o[1] in allowed or _canon(o[1]) in allowed]
    if not options:
        if prompt == "act" and "end" not in legal:
            robs = [tok for tok in legal if tok.startswith("rob ") and len(tok.split()) == 2]
            return min(robs or legal, key=lambda tok: int(tok.split(":")[-1]) if ":" in tok else 0)
        return "end" if "end" in legal else legal[0]
    return max(options)[1]


def _canon(token: str) -> str:
    """A rob token with its rows in canonical order (as ``legal`` lists them)."""
    if not token.startswith("rob "):
        return token
    parts = token.split()[1:]
    return "rob " + " ".join(sorted(parts, key=lambda p: ROW_KEY[p.split(":")[0]]))
