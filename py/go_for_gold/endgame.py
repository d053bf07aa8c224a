"""Solo endgames solved exactly: once the land a lone player can still walk is a small pocket
that no jump leads out of, the rest of the game is a small tree of dice, paths, searches,
spends and temples, and :func:`values` weighs each option by the points it is expected to add
to the end of the game, playing on perfectly (expectimax over every die, every path, every
foot and every search, spend and temple roll: GG-3 to GG-6).

It is where the expert's hand-written sheet value is weakest: in a pocket the fields a path
uses up decide which treasures can still be walked to, which dice leave no path at all
(GG-3.6), and whether a foot is worth more now or held. A work budget (states solved) bounds
it, so it answers the same on every machine; past the budget it gives up and the caller plays
by its heuristic.

>>> from .game import Game
>>> g = Game.new(["solo"], map_name="a")
>>> values(g, 0, g.legal(), 14, 20000) is None  # the whole island is open: not an endgame
True
"""

from __future__ import annotations

from .board import FOOT, SHOVEL, TEMPLE_POINTS
from .game import ENTRIES, Game

__all__ = ["values"]


class _TooBig(Exception):
    """The pocket's tree needs more than the work budget."""


class _Pocket:
    """The unvisited fields reachable from where the player stands (indices 0..n-1, the
    field it stands on n), what each holds, and the memo of solved states."""

    def __init__(self, game: Game, seat: int, fields: list[str], budget: int):
        isl = game.island
        sheet = game.sheets[seat]
        assert sheet.at is not None
        self.names = fields + [sheet.at]
        index = {f: i for i, f in enumerate(self.names)}
        self.near = [
            tuple(index[n] for n in isl.neighbours[f] if n in index and n != sheet.at)
            for f in self.names
        ]
        self.treasure = [isl.treasure(f) or 0 for f in self.names]
        self.temple = [
            isl.temple(f) is not None and f not in game.temples_closed for f in self.names
        ]
        self.shovel = [isl.marks[f] == SHOVEL for f in self.names]
        self.foot = [isl.marks[f] == FOOT for f in self.names]
        self.harbour = [isl.is_harbour(f) for f in self.names]
        # the engine ends the game when no target is reachable (GG-6.1); before the jump it also
        # looks beyond every unvisited harbour, and those outside the pocket never change
        self.jumped = sheet.jumped
        self.beyond = not sheet.jumped and _beyond_harbours(game, seat, set(fields))
        self.memo: dict[tuple[int, int, int, int, int], float] = {}
        self.paths_memo: dict[tuple[int, int, int], list[tuple[int, int, int, int]]] = {}
        self.left = budget

    def spend(self) -> None:
        self.left -= 1
        if self.left < 0:
            raise _TooBig

    def paths(self, at: int, used: int, length: int) -> list[tuple[int, int, int, int]]:
        """``(end, used after, shovels gained, feet gained)`` of every path of ``length``
        steps (or shorter onto a harbour, GG-3.5), one per end and set of fields."""
        key = (at, used, length)
        hit = self.paths_memo.get(key)
        if hit is not None:
            return hit
        self.spend()
        out: dict[tuple[int, int], tuple[int, int, int, int]] = {}

        def grow(here: int, mask: int, depth: int, gs: int, gf: int) -> None:
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
        found = list(out.values())
        self.paths_memo[key] = found
        return found

    def can_score(self, at: int, used: int) -> bool:
        """The engine's test at a round's end (Game.can_still_score): a treasure or an open
        temple reachable through unvisited fields, a harbour ending each walk."""
        if self.beyond:
            return True
        starts = [at]
        if not self.jumped:
            last = len(self.names) - 1
            starts += [i for i in range(last) if self.harbour[i] and not used >> i & 1]
        seen = used
        todo = list(starts)
        while todo:
            here = todo.pop()
            for nxt in self.near[here]:
                if seen >> nxt & 1:
                    continue
                seen |= 1 << nxt
                if self.treasure[nxt] or self.temple[nxt]:
                    return True
                if not self.harbour[nxt]:
                    todo.append(nxt)
        return False

    def round_value(self, at: int, used: int, shovels: int, feet: int, entries: int) -> float:
        """Expected points still to come from the start of a round (GG-3)."""
        if entries >= ENTRIES or not self.can_score(at, used):
            return 0.0
        key = (at, used, shovels, feet, entries)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        self.spend()
        total = 0.0
        for die in range(1, 7):
            best: float | None = None
            for end, m2, gs, gf in self.paths(at, used, die):
                q = self.end_value(end, m2, shovels + gs, feet + gf, entries)
                best = q if best is None else max(best, q)
            if feet > 0:
                for k in range(1, 7):
                    if k == die:
                        continue
                    for end, m2, gs, gf in self.paths(at, used, k):
                        q = self.end_value(end, m2, shovels + gs, feet - 1 + gf, entries)
                        best = q if best is None else max(best, q)
            total += best or 0.0  # no path and no foot: out of the game (GG-3.6)
        value = total / 6
        self.memo[key] = value
        return value

    def end_value(self, end: int, used: int, shovels: int, feet: int, entries: int) -> float:
        """Expected points of a move ending on ``end``: its treasure or temple played at its
        best (GG-4), then the rounds after."""
        stay = self.round_value(end, used, shovels, feet, entries)
        return max(stay, self.special(end, used, shovels, feet, entries, stay))

    def special(
        self, end: int, used: int, shovels: int, feet: int, entries: int, stay: float
    ) -> float:
        """Expected points of searching or exploring ``end`` (``stay`` when there is
        nothing to search or explore, or passing)."""
        t = self.treasure[end]
        if t:
            total = 0.0
            for roll in range(1, 7):
                if roll >= t:
                    total += t + self.round_value(end, used, shovels, feet, entries + 1)
                elif t - roll <= shovels:
                    total += max(stay, self.spent(end, used, shovels, feet, entries, t - roll))
                else:
                    total += stay
            return total / 6
        if self.temple[end]:
            won = TEMPLE_POINTS + self.round_value(end, used, 0, feet, entries + 1)
            cursed = -1 + self.round_value(end, used, shovels, feet, entries + 1)
            return (min(shovels, 6) * won + (6 - min(shovels, 6)) * cursed) / 6
        return stay

    def spent(self, end: int, used: int, shovels: int, feet: int, entries: int, k: int) -> float:
        """Expected points of spending ``k`` shovels on the search at ``end`` (GG-4.1)."""
        return self.treasure[end] + self.round_value(end, used, shovels - k, feet, entries + 1)


def _pocket_fields(game: Game, seat: int, most: int) -> list[str] | None:
    """The unvisited fields reachable from where ``seat`` stands, when they are at most
    ``most`` and no jump leads out of them (GG-5.2); None otherwise."""
    sheet = game.sheets[seat]
    isl = game.island
    if sheet.at is None:
        return None
    seen = set(sheet.visited)
    found: list[str] = []
    reached = {sheet.at}
    todo = [sheet.at]
    while todo:
        here = todo.pop()
        for nxt in isl.neighbours[here]:
            if nxt in seen or nxt in reached:
                continue
            reached.add(nxt)
            found.append(nxt)
            if len(found) > most:
                return None
            todo.append(nxt)
    harbours = [f for f in found if isl.is_harbour(f)]
    if harbours and not sheet.jumped:
        unvisited = [h for h in isl.harbours if h not in seen]
        if len(unvisited) > 1:  # entering one, the player may jump to another (GG-5.2)
            return None
    return found


def _beyond_harbours(game: Game, seat: int, pocket: set[str]) -> bool:
    """Whether the engine's end test finds a target beyond an unvisited harbour outside the
    pocket (Game.can_still_score looks there until the jump)."""
    isl = game.island
    seen = set(game.sheets[seat].visited)
    starts = [h for h in isl.harbours if h not in seen and h not in pocket]
    reach: set[str] = set()
    todo = list(starts)
    while todo:
        here = todo.pop()
        for nxt in isl.neighbours[here]:
            if nxt in seen or nxt in reach:
                continue
            reach.add(nxt)
            if isl.treasure(nxt) or (isl.temple(nxt) and nxt not in game.temples_closed):
                return True
            if not isl.is_harbour(nxt):
                todo.append(nxt)
    return False


def values(
    game: Game, seat: int, legal: list[str], most: int, budget: int
) -> dict[str, float] | None:
    """The points each of ``legal`` is expected to add by the game's end, played on
    perfectly, at a solo ``move``, ``special`` or ``spend`` prompt of ``seat`` standing in a
    pocket of at most ``most`` fields; None when the game has rivals, the land is not such a
    pocket or solving it needs more than ``budget`` states."""
    if game.n != 1 or game.prompt not in ("move", "special", "spend"):
        return None
    fields = _pocket_fields(game, seat, most)
    if fields is None:
        return None
    pocket = _Pocket(game, seat, fields, budget)
    sheet = game.sheets[seat]
    at = len(fields)
    s, f, e = sheet.shovels, sheet.feet, len(sheet.entries)
    index = {name: i for i, name in enumerate(pocket.names)}
    out: dict[str, float] = {}
    try:
        if game.prompt == "move":
            for tok in legal:
                kind, _, rest = tok.partition(" ")
                if kind == "path":
                    used, gs, gf = 0, 0, 0
                    for name in rest.split():
                        i = index[name]
                        used |= 1 << i
                        gs += pocket.shovel[i]
                        gf += pocket.foot[i]
                    end = index[rest.split()[-1]]
                    out[tok] = pocket.end_value(end, used, s + gs, f + gf, e)
                else:
                    k = int(rest)
                    out[tok] = max(
                        pocket.end_value(end, m2, s + gs, f - 1 + gf, e)
                        for end, m2, gs, gf in pocket.paths(at, 0, k)
                    )
        elif game.prompt == "special":
            stay = pocket.round_value(at, 0, s, f, e)
            out[legal[0]] = pocket.special(at, 0, s, f, e, stay)
            out["pass"] = stay
        else:
            k = int(legal[0].split()[1])
            out[legal[0]] = pocket.spent(at, 0, s, f, e, k)
            out["pass"] = pocket.round_value(at, 0, s, f, e)
    except _TooBig:
        return None
    return out
