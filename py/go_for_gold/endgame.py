"""Solo endgames solved exactly. Late in a solo game the rest of it is often a small tree of
dice, paths, searches, spends and temples: the land a lone player can still walk has shrunk
to a pocket, or one entry is left before the 6th ends the game (GG-6.1). :func:`values`
weighs each option there by the points it is expected to add by the game's end, playing on
perfectly: an expectimax over every die, every path (and the jump, GG-5.2), every foot and
every search, spend and temple roll (GG-3 to GG-6).

It is where the expert's hand-written sheet value is weakest: which fields a path uses up
decide which treasures can still be walked to and which dice leave no path at all (GG-3.6),
and whether a foot is worth more now or held. A budget of work (paths walked, states solved)
bounds it, so it answers the same on every machine; past the budget it gives up and the
caller plays by its heuristic. :func:`pocket` tells a pocket of land no jump leads out of.

>>> from .game import Game
>>> g = Game.new(["solo"], map_name="a")
>>> g.apply("start g1"); g.apply("die 3")
'start g1'
'die 3'
>>> pocket(g, 0, 20)  # the whole island is still open
False
>>> values(g, 0, g.legal(), 20000) is None  # and its tree far beyond the budget
True
"""

from __future__ import annotations

from .board import FOOT, SHOVEL, TEMPLE_POINTS
from .game import ENTRIES, Game

__all__ = ["pocket", "values"]

Path = tuple[int, int, int, int]  # end, fields used after it, shovels and feet it collects
DICE = range(1, 7)


class _TooBig(Exception):
    """The tree needs more work than the budget."""


class _Solver:
    """The island's unvisited fields (indices 0..n-1; the field the player stands on is n),
    what each holds, and the memo of solved states: (field, fields used, shovels, feet,
    entries, jumped)."""

    def __init__(self, game: Game, seat: int, budget: int):
        isl = game.island
        sheet = game.sheets[seat]
        assert sheet.at is not None
        seen = set(sheet.visited)
        self.names = [f for f in isl.marks if f not in seen] + [sheet.at]
        self.index = {f: i for i, f in enumerate(self.names)}
        self.near = [
            tuple(self.index[n] for n in isl.neighbours[f] if n in self.index and n != sheet.at)
            for f in self.names
        ]
        self.treasure = [isl.treasure(f) or 0 for f in self.names]
        self.temple = [
            isl.temple(f) is not None and f not in game.temples_closed for f in self.names
        ]
        self.shovel = [isl.marks[f] == SHOVEL for f in self.names]
        self.foot = [isl.marks[f] == FOOT for f in self.names]
        self.harbour = [isl.is_harbour(f) for f in self.names]
        self.harbours = [i for i in range(len(self.names) - 1) if self.harbour[i]]
        self.memo: dict[tuple[int, int, int, int, int, bool], float] = {}
        self.paths_memo: dict[tuple[int, int, int], list[Path]] = {}
        self.left = budget

    def work(self, units: int = 1) -> None:
        self.left -= units
        if self.left < 0:
            raise _TooBig

    def paths(self, at: int, used: int, length: int) -> list[Path]:
        """Every path of ``length`` steps (or shorter onto a harbour, GG-3.5), one per end
        and set of fields."""
        key = (at, used, length)
        hit = self.paths_memo.get(key)
        if hit is not None:
            return hit
        out: dict[tuple[int, int], Path] = {}
        steps = 0

        def grow(here: int, mask: int, depth: int, gs: int, gf: int) -> None:
            nonlocal steps
            steps += 1
            for nxt in self.near[here]:
                bit = 1 << nxt
                if mask & bit:
                    continue
                m2, s2, f2 = mask | bit, gs + self.shovel[nxt], gf + self.foot[nxt]
                if depth + 1 == length or self.harbour[nxt]:
                    out.setdefault((nxt, m2), (nxt, m2, s2, f2))
                else:
                    grow(nxt, m2, depth + 1, s2, f2)

        grow(at, used, 0, 0, 0)
        self.work(steps)
        found = list(out.values())
        self.paths_memo[key] = found
        return found

    def can_score(self, at: int, used: int, jumped: bool) -> bool:
        """The engine's test at a round's end (Game.can_still_score): a treasure or an open
        temple reachable through unvisited fields, a harbour ending each walk, and before the
        jump also from every unvisited harbour."""
        starts = [at]
        if not jumped:
            starts += [h for h in self.harbours if not used >> h & 1]
        seen = used
        todo = list(starts)
        while todo:
            here = todo.pop()
            self.work()
            for nxt in self.near[here]:
                if seen >> nxt & 1:
                    continue
                seen |= 1 << nxt
                if self.treasure[nxt] or self.temple[nxt]:
                    return True
                if not self.harbour[nxt]:
                    todo.append(nxt)
        return False

    def round_value(
        self, at: int, used: int, shovels: int, feet: int, entries: int, jumped: bool
    ) -> float:
        """Expected points still to come from the start of a round (GG-3), after the
        engine's test for the game's end (GG-6.1)."""
        if entries >= ENTRIES:
            return 0.0
        key = (at, used, shovels, feet, entries, jumped)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        self.work()
        total = 0.0
        if self.can_score(at, used, jumped):
            # each length's best walk with the feet held, and with one crossed off (GG-3.3)
            walk = {k: self.best_end(at, used, k, shovels, feet, entries, jumped) for k in DICE}
            footed = {
                k: self.best_end(at, used, k, shovels, feet - 1, entries, jumped)
                for k in (DICE if feet else ())
            }
            for die in DICE:
                options = [walk[die]] + [v for k, v in footed.items() if k != die]
                # no path and no foot: out of the game (GG-3.6)
                total += max((v for v in options if v is not None), default=0.0)
        value = total / 6
        self.memo[key] = value
        return value

    def best_end(
        self, at: int, used: int, length: int, shovels: int, feet: int, entries: int, jumped: bool
    ) -> float | None:
        """The best of the paths of ``length`` steps from ``at`` (None: there is none)."""
        ends = [
            self.end_value(end, m2, shovels + gs, feet + gf, entries, jumped)
            for end, m2, gs, gf in self.paths(at, used, length)
        ]
        return max(ends, default=None)

    def end_value(
        self, end: int, used: int, shovels: int, feet: int, entries: int, jumped: bool
    ) -> float:
        """Expected points of a move ending on ``end``: the jump from a harbour (GG-5.2), or
        its treasure or temple played at its best (GG-4), then the rounds after."""
        if self.harbour[end] and not jumped:
            to = [h for h in self.harbours if not used >> h & 1]
            if to:
                return max(
                    self.round_value(h, used | 1 << h, shovels, feet, entries, True) for h in to
                )
        stay = self.round_value(end, used, shovels, feet, entries, jumped)
        return max(stay, self.special(end, used, shovels, feet, entries, jumped, stay))

    def special(
        self, end: int, used: int, shovels: int, feet: int, entries: int, jumped: bool, stay: float
    ) -> float:
        """Expected points of searching or exploring ``end`` (``stay``, passing's worth, when
        there is nothing to search or explore)."""
        t = self.treasure[end]
        if t:
            total = 0.0
            for roll in DICE:
                if roll >= t:
                    total += t + self.round_value(end, used, shovels, feet, entries + 1, jumped)
                elif t - roll <= shovels:
                    spent = self.spent(end, used, shovels, feet, entries, jumped, t - roll)
                    total += max(stay, spent)
                else:
                    total += stay
            return total / 6
        if self.temple[end]:
            won = TEMPLE_POINTS + self.round_value(end, used, 0, feet, entries + 1, jumped)
            cursed = -1 + self.round_value(end, used, shovels, feet, entries + 1, jumped)
            return (min(shovels, 6) * won + (6 - min(shovels, 6)) * cursed) / 6
        return stay

    def spent(
        self, end: int, used: int, shovels: int, feet: int, entries: int, jumped: bool, k: int
    ) -> float:
        """Expected points of spending ``k`` shovels on the search at ``end`` (GG-4.1)."""
        after = self.round_value(end, used, shovels - k, feet, entries + 1, jumped)
        return self.treasure[end] + after


def pocket(game: Game, seat: int, most: int) -> bool:
    """Whether the unvisited land ``seat`` can still walk to is at most ``most`` fields and
    no jump leads out of it (GG-5.2)."""
    sheet = game.sheets[seat]
    isl = game.island
    if sheet.at is None:
        return False
    seen = set(sheet.visited)
    reached = {sheet.at}
    todo = [sheet.at]
    harbours = 0
    while todo:
        here = todo.pop()
        for nxt in isl.neighbours[here]:
            if nxt in seen or nxt in reached:
                continue
            reached.add(nxt)
            if len(reached) > most + 1:
                return False
            harbours += isl.is_harbour(nxt)
            todo.append(nxt)
    if harbours and not sheet.jumped:  # entering one, the player may jump to another
        return sum(h not in seen for h in isl.harbours) <= 1
    return True


def values(game: Game, seat: int, legal: list[str], budget: int) -> dict[str, float] | None:
    """The points each of ``legal`` is expected to add by the game's end, played on
    perfectly, at a solo ``move``, ``jump``, ``special`` or ``spend`` prompt of ``seat``; None
    when the game has rivals or solving it needs more work than ``budget`` (the paths' steps
    and the states solved)."""
    if game.n != 1 or game.prompt not in ("move", "jump", "special", "spend"):
        return None
    solver = _Solver(game, seat, budget)
    sheet = game.sheets[seat]
    at = len(solver.names) - 1
    s, f, e, j = sheet.shovels, sheet.feet, len(sheet.entries), sheet.jumped
    out: dict[str, float] = {}
    try:
        if game.prompt == "move":
            for tok in legal:
                kind, _, rest = tok.partition(" ")
                if kind == "path":
                    used, gs, gf = 0, 0, 0
                    for name in rest.split():
                        i = solver.index[name]
                        used |= 1 << i
                        gs += solver.shovel[i]
                        gf += solver.foot[i]
                    end = solver.index[rest.split()[-1]]
                    out[tok] = solver.end_value(end, used, s + gs, f + gf, e, j)
                else:  # a foot: the best walk of its length (legal only where one exists)
                    best = solver.best_end(at, 0, int(rest), s, f - 1, e, j)
                    assert best is not None
                    out[tok] = best
        elif game.prompt == "jump":
            for tok in legal:
                h = solver.index[tok.split()[1]]
                out[tok] = solver.round_value(h, 1 << h, s, f, e, True)
        elif game.prompt == "special":
            stay = solver.round_value(at, 0, s, f, e, j)
            out[legal[0]] = solver.special(at, 0, s, f, e, j, stay)
            out["pass"] = stay
        else:
            k = int(legal[0].split()[1])
            out[legal[0]] = solver.spent(at, 0, s, f, e, j, k)
            out["pass"] = solver.round_value(at, 0, s, f, e, j)
    except _TooBig:
        return None
    return out
