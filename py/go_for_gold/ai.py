"""The computer levels: ``easy``, ``medium``, ``hard`` and ``expert`` behind the player interface.

Every level values a move by where it ends (the expected points of the treasure or temple
there, with the shovels held then, GG-4) and what it collects on the way. ``medium`` adds the
sheet's future: the treasures and open temples still reachable through unvisited fields, nearer
worth more, and the chance that a die next round leaves no path at all (GG-3.6: out of the
game), so it does not walk into a dead end. ``hard`` then plans a round ahead over the die's six
outcomes (expectimax) for its best candidates, keeps a walk of 12 steps open ahead of it (any
two dice of the next two rounds: a pocket that survives one round is a dead end the round
after), and plays to win rather than for points: once
someone holds 5 entries the round may be the last (GG-6.1), so its paths, searches, temples
and spent shovels are chosen by the chance of winning against the entries the others may still
record this round (a leader ends the game even with a curse; a 6th entry that would lose is
passed); before that, a temple's curse or a spent search is charged for the entry slot it uses
unless an opponent holds more entries (then every round without an entry is lost). Solo there
is nobody to beat, so it plays for points.
Temples are weighed against the shovels they cost: a success takes every shovel (GG-4.2), and
shovels are what later searches need.

``expert`` is ``hard`` looking further: it plans eight candidates a round ahead, thinks within a
clock of its own, and models the temples the others may close (GG-4.2): a temple is worth its
chance of still being open when this player gets there, lowered for every rival still in who
reaches it on their own sheet as soon, by that rival's chance to explore it. The knob ``ahead``
(next round's best ends per die valued also by the sheet's future after them) is off in every
level: the league measured the expert better solo without it and no worse anywhere else. The
expert counts a shovel as 1 point (``hard`` 0.7; solo 1.2, below): it collects more before a
temple and spends fewer on small treasures, which the league measured better with six players
and against the planner, and no worse in any pool. Solo (nobody to race) it keeps a foot as
worth 1 point (0.5 with rivals) and a spend costs it also what the shovels add to the sheet's future
(:meth:`AIPlayer.spend_cost`): the league measured both together +0.7 points a game on island A
and +0.8 on B over 600 deals; with rivals the spend rule leaned worse against ``hard``.
Solo in a pocket of at most 20 fields that no jump leads out of, and with one entry left, it
plays the rest of the game exactly where that takes little work (:mod:`.endgame`,
:meth:`AIPlayer.pocket_values`): which fields a path uses up, which dice leave no path, what a
foot buys and where the jump leads are then counted, not estimated. The league measured the
pockets +0.6 points a game on island A and +0.4 on B over 600 deals, the last entry +0.15 more
on B and the same on A.
Solo its sheet's future also counts the targets beyond the best four, at a tenth
(``Params.beyond``): a third to a half of the solo games end because the land runs out, not
the slots, and a walk that crosses off a fifth or sixth target loses what a later walk would
have scored there. The league measured it +0.41 points a game on island A over 2,000 deals,
and B the same.
Solo a shovel is worth 1.2 points to it (``Params.solo_shovel``), a spend costs one and a half
times what the shovels add to the sheet's future, and the plan weighs next round's best move
0.65 (``Params.solo_next``; 0.8 with rivals): seven solo knobs were moved together over 80
settings on island B, and these three, fitted there, scored +0.44 points a game on 1,000 deals
set aside; over the league's 4,000 solo deals +0.41 on B and +0.79 on A. Then six more
knobs were moved together the same way: solo a walk ahead shorter than 12 steps costs it a
point a missing step (``Params.solo_mob``; ``mob`` 0.5 with rivals), +0.21 on B and +0.19 on
A over the 4,000 deals; the other five did no better.
With rivals it races for entries (``Params.entry``, :meth:`AIPlayer.end_value`): whoever records
the 6th entry ends the game and, in the league's duels, wins nine times in ten, so a walk to a
treasure counts 3 points more times the chance its search succeeds. The league measured it
59.4 % against ``hard`` head to head (48.9 % before, 1,000 games), better with four players,
and worse in no pool.

Knobs, as in Gold Connection: ``:cautious`` / ``:bold`` / ``:risk=R`` (R from -1 to 1) move the
appetite for temples; ``:budget=MS`` caps a decision's thinking time (``hard``).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, replace
from typing import Any

from . import endgame, odds
from .baselines import _harbour_value, special_value
from .board import FOOT, SHOVEL, TEMPLE_POINTS
from .game import ENTRIES, Game
from .levels import parse_ai


@dataclass(frozen=True)
class Params:
    future: float  # weight of the reachable treasures after the move (0: greedy)
    dead_end: float  # points lost per 1/6 chance of being out next round
    lookahead: int  # candidates planned a round ahead (0: none)
    noise: float  # chance of a random good-enough move (easy)
    risk: float = 0.0  # -1 cautious .. 1 bold: appetite for temples
    budget_ms: float = 60.0
    shovel: float = 0.7  # a shovel's worth in points
    foot: float = 0.5
    win: bool = False  # play to win: the race to 6 entries and the score gap (GG-6.1)
    slot: float = 0.0  # points an entry's slot costs once the sheet nears 6 entries
    spread: float = 6.0  # how fast the chance of winning grows with the lead, in points
    endgame: int = 5  # entries someone must hold for a round to be played to win
    mob: float = 0.0  # points lost per step the longest walk ahead falls short of REACH
    race: bool = False  # a temple counts as open only as likely as no rival closes it first
    ahead: int = 0  # best next-round ends per die valued with the sheet's future (expert)
    solo_foot: float | None = None  # a foot's worth solo (None: ``foot``)
    solo_spend: float = 0.0  # solo, the share of what the shovels are worth to the sheet's
    # future that a spend costs besides ``shovel`` a shovel (0: ``shovel`` alone)
    solo_shovel: float | None = None  # a shovel's worth solo (None: ``shovel``)
    solo_next: float | None = None  # solo, the weight of next round's best move in the plan
    # (None: 0.8, as with rivals)
    solo_mob: float | None = None  # solo, ``mob`` (None: ``mob``)
    pocket: int = 0  # solo, a pocket of at most this many fields is solved exactly (0: never)
    last_slot: bool = False  # solo, also solved exactly with one entry left (within the budget)
    exact_budget: int = 20000  # the work an exact solution may take (see .endgame)
    entry: float = 0.0  # with rivals, points a search's entry is worth beyond its number: the
    # race to the 6th entry, which ends the game (GG-6.1); see AIPlayer.end_value
    beyond: float = 0.0  # solo, the share at which the sheet's future counts the reachable
    # targets beyond its best four (0: the best four alone); see AIPlayer.future


REACH = 12
"""Steps of walk ``hard`` wants open ahead of it: enough for any two dice (see AIPlayer.reach)."""

LEVELS = {
    "easy": Params(future=0.0, dead_end=0.0, lookahead=0, noise=0.35),
    "medium": Params(future=0.5, dead_end=4.0, lookahead=0, noise=0.0),
    "hard": Params(future=0.5, dead_end=6.0, lookahead=6, noise=0.0, win=True, slot=1.5, mob=0.5),
    "expert": Params(
        future=0.5,
        dead_end=6.0,
        lookahead=8,
        noise=0.0,
        win=True,
        slot=1.5,
        mob=0.5,
        budget_ms=150.0,
        race=True,
        shovel=1.0,  # the league measured 1.0 better than 0.7 (in 6p beyond the interval, against
        # the planner over 700 games) and worse nowhere: docs/league.md
        solo_foot=1.0,  # solo a foot kept is worth more and a spend costs the shovels' future
        # too: +0.7 on island A, +0.8 on B over 600 deals (docs/league.md); then, fitted
        # together over 80 settings of seven solo knobs, a shovel worth 1.2, a spend costing
        # 1.5 times the shovels' future and next round weighed 0.65: +0.41 on B and +0.79 on
        # A over 4,000 deals, +0.44 on B's 1,000 set aside (docs/league.md)
        solo_spend=1.5,
        solo_shovel=1.2,
        solo_next=0.65,
        solo_mob=1.0,  # solo a short walk ahead costs twice as much: of six knobs moved together
        # the one that moved B beyond its noise; +0.21 on B, +0.19 on A over 4,000 deals
        pocket=20,  # solo pockets solved exactly: +0.6 on A, +0.4 on B over 600 deals,
        last_slot=True,  # and the last entry: +0.15 more on B, A the same (docs/league.md)
        entry=3.0,  # with rivals an entry is worth 3 points more: the duel with hard 47.5 % ->
        # 58.9 % (600 games), better or the same in every pool with rivals (docs/league.md)
        beyond=0.1,  # solo the targets beyond the best four count a tenth: +0.41 on island A over
        # 2,000 deals, B the same (docs/league.md)
        # ahead=2 (next round's two best ends per die valued by the future after them) scored
        # less solo and won no pool more: off since the league measured it (docs/league.md)
    ),
}


class AIPlayer:
    def __init__(self, name: str, params: Params, rng: random.Random | None = None):
        self.name = name
        self.params = params
        self.rng = rng or random.Random()
        self._race_key: tuple[int, int] | None = None
        self._race: dict[int, dict[str, int]] = {}

    # ---- decisions ------------------------------------------------------------------------

    def decide(self, game: Game, legal: list[str]) -> str:
        if len(legal) == 1:
            return legal[0]
        p = game.prompt
        seat = game.to_move
        sheet = game.sheets[seat]
        exact = self.pocket_values(game, seat, legal)
        if exact is not None:
            return max(legal, key=lambda tok: exact[tok])
        if self.params.win and game.n > 1 and p in ("special", "spend"):
            return self.to_win(game, seat, legal)
        if p == "special":
            if legal[0] == "search":
                return "search"  # free: a failed search spends nothing (GG-4.1)
            return legal[0] if self.explore_worth(game, sheet.shovels) > 0 else "pass"
        if p == "spend":
            points = game.island.treasure(game.ended_on[seat]) or 0
            k = int(legal[0].split()[1])
            return legal[0] if points > self.spend_cost(game, seat, k) else "pass"
        if p in ("start", "jump"):
            return max(legal, key=lambda tok: self.harbour_worth(game, seat, tok.split()[1]))
        if p == "move":
            return self.move(game, seat, legal)
        return self.rng.choice(legal)

    # ---- every option's value (the review, hints) --------------------------------------

    def option_values(
        self, game: Game, legal: list[str], also: str | None = None
    ) -> tuple[str, dict[str, float]]:
        """The options this level weighs at a decision of two or more ``legal`` tokens, and the
        value it gives each on the scale it decides by: ``"points"``, or ``"win"`` (the chance
        of winning) where it plays to win a round that may be the last. :meth:`decide` plays
        the best (noise and the time budget aside); paths far down its ranking are missing,
        except ``also``, valued all the same. A foot is valued as the best path decided on plus
        the margin by which :meth:`move` weighs the foot against that path."""
        seat = game.to_move
        p = game.prompt
        exact = self.pocket_values(game, seat, legal)
        if exact is not None:
            return "points", exact
        if p in ("start", "jump"):
            return "points", {tok: self.harbour_worth(game, seat, tok.split()[1]) for tok in legal}
        if p in ("special", "spend"):
            return self.special_values(game, seat, legal)
        if p != "move":
            raise ValueError(f"no decision to value at prompt {p!r}")
        paths = [tok for tok in legal if tok.startswith("path")]
        feet = [tok for tok in legal if tok.startswith("foot")]
        scored = self.ranked(game, seat, paths)
        if not scored:
            return "points", {f: self.foot_worth(game, seat, int(f.split()[1])) for f in feet}
        static = {tok: value for value, tok in scored}
        if also in paths and also not in static:
            static[also] = self.static(game, seat, also.split()[1:])
        unit, rate = "points", 1.0
        if self.params.win and game.n > 1 and self.near_end(game):
            unit, rate = "win", 1 / (4 * self.params.spread)  # the win model's slope at a tie
            values = {tok: self.endgame_chance(game, seat, v, tok) for v, tok in scored[:60]}
            best = max(values, key=lambda tok: (values[tok], static[tok]))
        elif self.params.lookahead:
            values = {
                tok: self.plan_value(game, seat, v, tok)
                for v, tok in scored[: self.params.lookahead]
            }
            best = max(values, key=lambda tok: values[tok])
        else:
            values = dict(static)
            best = scored[0][1]
        if also in static and also not in values:  # only where values are not static
            value_of = self.endgame_chance if unit == "win" else self.plan_value
            values[also] = value_of(game, seat, static[also], also)
        for f in feet:
            k = int(f.split()[1])
            worth = self.foot_worth(game, seat, k) if k != game.length else static[best]
            values[f] = values[best] + rate * (worth - static[best] - self.foot_value(game))
        return unit, values

    def special_values(
        self, game: Game, seat: int, legal: list[str]
    ) -> tuple[str, dict[str, float]]:
        """:meth:`option_values` at a treasure or temple (``special``) or a short search roll
        (``spend``), by the rules of :meth:`decide` and :meth:`to_win`."""
        end = game.ended_on[seat]
        t = game.island.treasure(end) or 0
        shovels = game.sheets[seat].shovels
        to_win = self.params.win and game.n > 1
        k = int(legal[0].split()[1]) if game.prompt == "spend" else 0
        if to_win and self.near_end(game):
            if game.prompt == "spend":
                go = self.win_chance(game, seat, t, True, None, 0.0)
                stay = self.win_chance(game, seat, 0, False, None, self.shovel_value(game) * k)
                return "win", {legal[0]: go, "pass": stay}
            stay = self.win_chance(game, seat, 0, False, None, 0.0)
            chance = self.special_go(game, seat, end, shovels, 0.0, stay)
            return "win", {legal[0]: stay if chance is None else chance, "pass": stay}
        slot = self.slot_cost(game, seat) if to_win else 0.0
        if game.prompt == "spend":
            return "points", {legal[0]: t - slot - self.spend_cost(game, seat, k), "pass": 0.0}
        if t:  # searched always: a roll that falls short is spent for only when it pays
            pay = [
                t - slot
                if roll >= t
                else max(0.0, t - slot - self.spend_cost(game, seat, t - roll))
                for roll in range(1, 7)
                if roll + shovels >= t
            ]
            return "points", {legal[0]: sum(pay) / 6, "pass": 0.0}
        return "points", {legal[0]: self.explore_worth(game, shovels) - slot, "pass": 0.0}

    def pocket_values(self, game: Game, seat: int, legal: list[str]) -> dict[str, float] | None:
        """Solo in a pocket of at most :attr:`Params.pocket` fields that no jump leads out of,
        or (:attr:`Params.last_slot`) with one entry left: each option's exact worth, the
        points it adds by the game's end (:mod:`.endgame`, within
        :attr:`Params.exact_budget`). None elsewhere, over the budget, or when a best option
        is worth nothing: then nothing can be scored any more and the hand-written values
        choose (they keep away from being stuck)."""
        if game.n != 1:
            return None
        last = self.params.last_slot and len(game.sheets[seat].entries) == ENTRIES - 1
        if not last and not (self.params.pocket and endgame.pocket(game, seat, self.params.pocket)):
            return None
        exact = endgame.values(game, seat, legal, self.params.exact_budget)
        if exact is None or max(exact.values()) <= 0:
            return None
        return exact

    # ---- playing to win (hard) ---------------------------------------------------------

    def near_end(self, game: Game) -> bool:
        """Whether this round may be the last: someone holds :attr:`Params.endgame` entries or
        more (GG-6.1)."""
        return any(len(s.entries) >= self.params.endgame for s in game.sheets)

    def to_win(self, game: Game, seat: int, legal: list[str]) -> str:
        """``special`` and ``spend`` by the chance of winning when this round may be the last;
        otherwise by points, an entry's slot counted as a cost as the race to 6 entries nears
        its end."""
        sheet = game.sheets[seat]
        end = game.ended_on[seat]
        t = game.island.treasure(end)
        if game.prompt == "spend":
            k = int(legal[0].split()[1])
            if self.near_end(game):
                stay = self.win_chance(game, seat, 0, False, None, self.shovel_value(game) * k)
                go = self.win_chance(game, seat, t or 0, True, None, 0.0)
                return legal[0] if go >= stay else "pass"
            worth = (t or 0) - self.slot_cost(game, seat)
            return legal[0] if worth > self.spend_cost(game, seat, k) else "pass"
        if not self.near_end(game):
            if t:
                return "search"
            worth = self.explore_worth(game, sheet.shovels) - self.slot_cost(game, seat)
            return legal[0] if worth > 0 else "pass"
        stay = self.win_chance(game, seat, 0, False, None, 0.0)
        return (
            legal[0] if self.special_chance(game, seat, end, sheet.shovels, 0.0) > stay else "pass"
        )

    def special_chance(self, game: Game, seat: int, end: str, shovels: int, adj: float) -> float:
        """The chance of winning from searching or exploring ``end`` (when it pays more than
        passing), before the roll."""
        stay = self.win_chance(game, seat, 0, False, None, adj)
        go = self.special_go(game, seat, end, shovels, adj, stay)
        return stay if go is None else max(go, stay)

    def special_go(
        self, game: Game, seat: int, end: str, shovels: int, adj: float, stay: float
    ) -> float | None:
        """The chance of winning from searching or exploring ``end``, passing being worth
        ``stay``; None when there is nothing to search or explore."""
        t = game.island.treasure(end)
        if t:
            p = float(odds.search(t, shovels))
            return p * self.win_chance(game, seat, t, True, None, adj) + (1 - p) * stay
        if game.island.temple(end) and end not in game.temples_closed:
            q = float(odds.temple(shovels))
            return q * self.win_chance(game, seat, TEMPLE_POINTS, True, end, adj) + (
                1 - q
            ) * self.win_chance(game, seat, -1, True, None, adj)
        return None

    def slot_cost(self, game: Game, seat: int) -> float:
        """What one more entry costs in later entries: nothing early, more as 6 nears; nothing
        for a player behind in entries, since someone else will record the 6th entry first
        (GG-6.1) and every round without an entry is lost."""
        used = len(game.sheets[seat].entries)
        if any(len(s.entries) > used for i, s in enumerate(game.sheets) if i != seat):
            return 0.0
        return self.params.slot * max(0, used - 1) / 4

    def win_chance(
        self, game: Game, seat: int, gain: int, entry: bool, closes: str | None, adj: float
    ) -> float:
        """The chance of winning if this player's entry this round is ``gain`` (``entry``:
        one is recorded) and the others still to resolve do as medium does (those yet to move:
        an even chance of an average entry). If someone then holds 6 entries the game ends
        (GG-6.1, ties by shovels collected, GG-6.2); otherwise the lead plus ``adj`` (this
        sheet's future, in points) is weighed with :attr:`Params.spread`."""
        mine = game.score(seat) + gain
        if game.prompt in ("special", "spend", "roll_search", "roll_temple"):
            rest = [s for s in game.order[game.step + 1 :] if s in game.ended_on]
            unmoved: list[int] = []
        else:
            rest = [s for s in game.ended_on if s != seat]
            done = game.order[: game.step + 1] if seat in game.order else []
            unmoved = [s for s in game.order if s not in done and s != seat]
        outcomes: list[tuple[float, dict[int, tuple[int, int]]]] = [(1.0, {})]
        for s in rest + unmoved:
            dist: list[tuple[float, int, int]]
            if s in unmoved:
                dist = [(0.45, 5, 1), (0.55, 0, 0)]
            else:
                end = game.ended_on[s]
                held = game.sheets[s].shovels
                t = game.island.treasure(end)
                if t:
                    p = float(odds.search(t, held))
                    dist = [(p, t, 1), (1 - p, 0, 0)]
                elif game.island.temple(end) and end not in game.temples_closed and end != closes:
                    if held < 1:
                        continue
                    q = float(odds.temple(held))
                    dist = [(q, TEMPLE_POINTS, 1), (1 - q, -1, 1)]
                else:
                    continue
            outcomes = [(w * pp, {**d, s: (g, e)}) for w, d in outcomes for pp, g, e in dist]
        me = game.sheets[seat]
        total = 0.0
        for w, d in outcomes:
            scores = {s: game.score(s) + d.get(s, (0, 0))[0] for s in range(game.n) if s != seat}
            if not scores:
                return 1.0
            best = max(scores.values())
            final = len(me.entries) + entry >= 6 or any(
                len(game.sheets[s].entries) + d.get(s, (0, 0))[1] >= 6 for s in scores
            )
            if final:
                if mine > best:
                    total += w
                elif mine == best:
                    top = max(game.sheets[s].shovels_collected for s in scores if scores[s] == best)
                    mine_tb = me.shovels_collected
                    total += w * (1.0 if mine_tb > top else 0.5 if mine_tb == top else 0.0)
            else:
                total += w / (1 + math.exp(-(mine + adj - best) / self.params.spread))
        return total

    @staticmethod
    def _solo(game: Game, solo: float | None, otherwise: float) -> float:
        """A knob's solo value where the game is solo and it is set, else ``otherwise``."""
        return solo if game.n == 1 and solo is not None else otherwise

    def foot_value(self, game: Game) -> float:
        """A foot's worth in points: :attr:`Params.solo_foot` solo where it is set."""
        return self._solo(game, self.params.solo_foot, self.params.foot)

    def shovel_value(self, game: Game) -> float:
        """A shovel's worth in points: :attr:`Params.solo_shovel` solo where it is set."""
        return self._solo(game, self.params.solo_shovel, self.params.shovel)

    def next_round(self, game: Game) -> float:
        """The weight :meth:`plan_value` gives next round's best move: 0.8, or
        :attr:`Params.solo_next` solo where it is set."""
        return self._solo(game, self.params.solo_next, 0.8)

    def mob_value(self, game: Game) -> float:
        """Points lost per step the longest walk ahead falls short of :data:`REACH`:
        :attr:`Params.solo_mob` solo where it is set."""
        return self._solo(game, self.params.solo_mob, self.params.mob)

    def spend_cost(self, game: Game, seat: int, k: int) -> float:
        """What spending ``k`` shovels on the search where ``seat`` stands costs, in points:
        :attr:`Params.shovel` a shovel, and solo (:attr:`Params.solo_spend`) also that share
        of what they add to the sheet's future, the searches and temples still ahead that
        the shovels help (GG-4.1, GG-4.2): a spend that leaves the 7s and 8s still within
        reach beyond the die costs more than one with nothing ahead that needs shovels."""
        cost = self.shovel_value(game) * k
        if game.n == 1 and self.params.solo_spend and self.params.future:
            held = game.sheets[seat].shovels
            keep = self.future(game, seat, held) - self.future(game, seat, held - k)
            cost += self.params.solo_spend * self.params.future * keep
        return cost

    def explore_worth(self, game: Game, shovels: int) -> float:
        """Expected gain of exploring a temple holding ``shovels`` (GG-4.2): 9 points and every
        shovel gone on success, -1 otherwise."""
        p = float(odds.temple(shovels))
        lost = self.shovel_value(game) * shovels * (1 - 0.5 * self.params.risk)
        return p * (TEMPLE_POINTS - lost) - (1 - p) + 0.5 * self.params.risk

    def harbour_worth(self, game: Game, seat: int, harbour: str) -> float:
        if self.params.future == 0:
            return _harbour_value(game, seat, harbour)
        g = game.clone()
        sheet = g.sheets[seat]
        sheet.at = harbour
        sheet.trail.append([harbour])
        sheet.jumped = True
        return self.future(g, seat, sheet.shovels)

    def move(self, game: Game, seat: int, legal: list[str]) -> str:
        started = time.perf_counter()
        scored = self.ranked(game, seat, [tok for tok in legal if tok.startswith("path")])
        feet = [tok for tok in legal if tok.startswith("foot")]
        if not scored:  # only feet: the length with the best path
            return max(feet, key=lambda tok: self.foot_worth(game, seat, int(tok.split()[1])))
        best_value, best = scored[0]
        if self.params.noise and self.rng.random() < self.params.noise:
            good = [tok for value, tok in scored if value >= best_value - 2.0]
            best = self.rng.choice(good[:6])
        if self.params.win and game.n > 1 and self.near_end(game):
            best, best_value = self.endgame(game, seat, scored)
        elif self.params.lookahead:
            best, best_value = self.plan(game, seat, scored, started)
        if feet and game.sheets[seat].feet > 0:
            # a foot pays when its best length beats the die by more than the foot is worth
            worth = {
                tok: self.foot_worth(game, seat, int(tok.split()[1]))
                for tok in feet
                if int(tok.split()[1]) != game.length
            }
            top = max(worth, key=lambda tok: worth[tok], default=None)
            if top is not None and worth[top] > best_value + self.foot_value(game):
                return top
        return best

    def endgame(self, game: Game, seat: int, scored: list[tuple[float, str]]) -> tuple[str, float]:
        """When this round may be the last, the path with the best chance of winning: its
        special field's outcomes now, and its future (in points) if the game goes on."""
        best: tuple[float, float, str] | None = None
        for value, tok in scored[:60]:
            chance = self.endgame_chance(game, seat, value, tok)
            if best is None or (chance, value) > best[:2]:
                best = (chance, value, tok)
        assert best is not None
        return best[2], best[1]

    def endgame_chance(self, game: Game, seat: int, value: float, tok: str) -> float:
        """The chance of winning :meth:`endgame` gives path ``tok`` of :meth:`static` ``value``."""
        isl = game.island
        path = tok.split()[1:]
        shovels = game.sheets[seat].shovels + sum(1 for f in path if isl.marks[f] == SHOVEL)
        now = self.end_value(game, seat, path[-1], shovels)
        return self.special_chance(game, seat, path[-1], shovels, value - now)

    def ranked(self, game: Game, seat: int, tokens: list[str]) -> list[tuple[float, str]]:
        """``(value, token)`` of the paths, best first. Paths that end on the same field with
        the same symbols are valued once (there can be thousands of paths but a few dozen
        ends); the best groups are then valued path by path, since which fields a path uses up
        decides whether it walks into a dead end."""
        groups: dict[tuple[str, int, int], list[str]] = {}
        marks = game.island.marks
        for tok in tokens:
            path = tok.split()[1:]
            key = (
                path[-1],
                sum(marks[f] == SHOVEL for f in path),
                sum(marks[f] == FOOT for f in path),
            )
            groups.setdefault(key, []).append(tok)
        rough = sorted(
            ((self.static(game, seat, toks[0].split()[1:]), toks) for toks in groups.values()),
            key=lambda vt: -vt[0],
        )
        out: list[tuple[float, str]] = []
        for i, (value, toks) in enumerate(rough):
            if i < 3 and self.params.future:
                for tok in toks[:40]:
                    out.append((self.static(game, seat, tok.split()[1:]), tok))
            else:
                out.append((value, toks[0]))
        out.sort(key=lambda vt: -vt[0])
        return out

    def foot_worth(self, game: Game, seat: int, k: int) -> float:
        g = game.clone()
        g.length = k
        tokens = [" ".join(("path", *path)) for path in g.paths(seat, k)]
        ranked = self.ranked(g, seat, tokens)
        return ranked[0][0] if ranked else -99.0

    # ---- values ---------------------------------------------------------------------------

    def static(self, game: Game, seat: int, path: list[str]) -> float:
        """Expected points of a path now, plus (medium, hard) the sheet's future after it."""
        isl = game.island
        marks = [isl.marks[f] for f in path]
        shovels = game.sheets[seat].shovels + marks.count(SHOVEL)
        end = path[-1]
        value = self.end_value(game, seat, end, shovels)
        if isl.temple(end) and end not in game.temples_closed:
            value = max(0.0, self.explore_worth(game, shovels))
            if self.params.race:
                value *= self.open_chance(game, seat, end, 0)
        value += self.shovel_value(game) * marks.count(SHOVEL)
        value += self.foot_value(game) * marks.count(FOOT)
        if self.params.future:
            g = game.clone()
            sheet = g.sheets[seat]
            sheet.trail[-1].extend(path)
            sheet.at = end
            left = shovels - (1 if isl.treasure(end) else 0)
            value += self.params.future * self.future(g, seat, max(left, 0))
            jumps: list[str] = []
            if isl.is_harbour(end) and not sheet.jumped:
                seen = set(sheet.visited)
                jumps = [h for h in isl.harbours if h not in seen]
                if jumps:
                    value += max(self.harbour_worth(g, seat, h) for h in jumps) * 0.3
            mob = self.mob_value(game)
            if mob and not jumps:  # a jump lands on fresh land (GG-5.2)
                value -= mob * (REACH - self.reach(g, seat, REACH))
        return value

    def end_value(self, game: Game, seat: int, field: str, shovels: int) -> float:
        """Expected points of a move ending on ``field`` (:func:`.baselines.special_value`),
        plus with rivals :attr:`Params.entry` for the entry a search there records, as likely
        as it succeeds: whoever records the 6th entry ends the game (GG-6.1) and, in the
        league's duels, wins 9 times in 10, so an entry is worth more than its number."""
        t = game.island.treasure(field)
        if t and self.params.entry and game.n > 1:
            p = float(odds.search(t, shovels))
            return p * t + self.params.entry * p  # special_value's p·t, and the race's worth
        return special_value(game, seat, field, shovels)

    def future(self, game: Game, seat: int, shovels: int) -> float:
        """The treasures and open temples reachable on the sheet, nearer worth more, less the
        risk of being stuck next round (GG-3.6): the best four, and solo the rest at the share
        :attr:`Params.beyond` (the module's docstring says why)."""
        isl = game.island
        sheet = game.sheets[seat]
        if sheet.at is None:
            return 0.0
        seen = set(sheet.visited)
        dist = {sheet.at: 0}
        todo = [sheet.at]
        found: list[float] = []
        while todo:
            here = todo.pop(0)
            for nxt in isl.neighbours[here]:
                if nxt in seen or nxt in dist:
                    continue
                dist[nxt] = dist[here] + 1
                t = isl.treasure(nxt)
                rounds = 1 + (dist[nxt] - 1) / 3.5
                if t:
                    found.append(float(odds.search(t, shovels)) * t / rounds)
                elif isl.temple(nxt) and nxt not in game.temples_closed:
                    worth = max(0.0, self.explore_worth(game, shovels)) / rounds
                    if self.params.race:
                        worth *= self.open_chance(game, seat, nxt, rounds)
                    found.append(worth)
                if not isl.is_harbour(nxt):
                    todo.append(nxt)
        found.sort(reverse=True)
        value = sum(found[:4]) / 2
        if game.n == 1 and self.params.beyond:
            value += self.params.beyond * sum(found[4:]) / 2
        if self.params.dead_end and sheet.feet == 0:
            stuck = sum(1 for d in range(1, 7) if not game.can_walk(seat, d))
            value -= self.params.dead_end * stuck
        elif self.params.dead_end and not game.can_walk(seat, 1):
            value -= self.params.dead_end * 6
        return value

    def reach(self, game: Game, seat: int, cap: int, budget: int = 400) -> int:
        """The longest walk from where ``seat`` stands through unvisited fields, up to ``cap``
        steps: a walk of 12 lets any two dice of the next two rounds be walked (each round a
        stretch of it), so a short reach is a dead end ahead (GG-3.6). A harbour ends a walk
        (GG-3.5), but one reached before the jump leads to a fresh part of the island (GG-5.2)
        and counts as ``cap``. A depth-first search of at most ``budget`` steps."""
        sheet = game.sheets[seat]
        if sheet.at is None:
            return 0
        isl = game.island
        seen = set(sheet.visited)
        jumped = sheet.jumped
        best = 0
        left = budget

        def grow(here: str, depth: int) -> bool:
            nonlocal best, left
            for nxt in isl.neighbours[here]:
                if nxt in seen:
                    continue
                left -= 1
                if isl.is_harbour(nxt):
                    best = max(best, cap if not jumped else depth + 1)
                else:
                    best = max(best, depth + 1)
                    if best < cap and left > 0:
                        seen.add(nxt)
                        grow(nxt, depth + 1)
                        seen.discard(nxt)
                if best >= cap or left <= 0:
                    return True
            return False

        grow(sheet.at, 0)
        return min(best, cap)

    def plan(
        self, game: Game, seat: int, scored: list[tuple[float, str]], started: float
    ) -> tuple[str, float]:
        """One round ahead for the best candidates: this move's value now, plus the expected
        best next move over the die's six outcomes (expectimax)."""
        budget = self.params.budget_ms / 1000
        best_value, best = scored[0]
        best_total = None
        for value, tok in scored[: self.params.lookahead]:
            if best_total is not None and time.perf_counter() - started > budget:
                break
            total = self.plan_value(game, seat, value, tok)
            if best_total is None or total > best_total:
                best_total, best, best_value = total, tok, value
        return best, best_value

    def plan_value(self, game: Game, seat: int, value: float, tok: str) -> float:
        """What :meth:`plan` makes of path ``tok`` of :meth:`static` ``value``: its points now
        plus the expected best next move over the die's six outcomes (the expert also values
        the rounds after the next: :meth:`later`)."""
        g = game.clone()
        path = tok.split()[1:]
        sheet = g.sheets[seat]
        sheet.trail[-1].extend(path)
        sheet.at = path[-1]
        shovels = sheet.shovels + sum(1 for f in path if g.island.marks[f] == SHOVEL)
        if g.island.treasure(path[-1]):
            shovels = max(0, shovels - 1)
        sheet.shovels = shovels
        now = value - self.params.future * self.future(g, seat, shovels)
        ahead = 0.0
        per_shovel = self.shovel_value(g)
        for d in range(1, 7):
            g.length = d
            options = g.paths(seat, d)
            if not options:
                ahead -= (self.params.dead_end if sheet.feet == 0 else 1.0) / 6
                continue
            ends: dict[tuple[str, int], tuple[float, tuple[str, ...]]] = {}
            for p2 in options:
                gain = sum(1 for f in p2 if g.island.marks[f] == SHOVEL)
                key = (p2[-1], gain)
                if key not in ends:
                    worth = self.end_value(g, seat, p2[-1], shovels + gain)
                    if self.params.race and g.island.temple(p2[-1]):
                        worth *= self.open_chance(g, seat, p2[-1], 1)
                    ends[key] = (worth + per_shovel * gain, p2)
            if self.params.ahead:
                ahead += self.later(g, seat, shovels, sorted(ends.values(), reverse=True)) / 6
            else:
                ahead += max(v for v, _ in ends.values()) / 6
        if self.params.ahead:
            return now + self.next_round(game) * ahead
        after = 0.2 * self.params.future * self.future(g, seat, shovels)
        return now + self.next_round(game) * ahead + after

    def later(
        self, game: Game, seat: int, shovels: int, ends: list[tuple[float, tuple[str, ...]]]
    ) -> float:
        """(expert) The best of next round's ends for one die, the :attr:`Params.ahead` best of
        them also valued by the sheet's future after them: the rounds after the next."""
        sheet = game.sheets[seat]
        at, trail = sheet.at, sheet.trail[-1]
        best = None
        for value, path in ends[: self.params.ahead]:
            trail.extend(path)
            sheet.at = path[-1]
            gain = sum(1 for f in path if game.island.marks[f] == SHOVEL)
            left = shovels + gain - (1 if game.island.treasure(path[-1]) else 0)
            v = value + 0.6 * self.params.future * self.future(game, seat, max(0, left))
            del trail[len(trail) - len(path) :]
            sheet.at = at
            if best is None or v > best:
                best = v
        return best if best is not None else 0.0

    def open_chance(self, game: Game, seat: int, temple: str, rounds: float) -> float:
        """(expert) The chance a temple is still open when this player explores it ``rounds``
        rounds from now: each rival still in who reaches it on their own sheet as soon may
        explore it first, with their shovels' chance (GG-4.2)."""
        if temple in game.temples_closed:
            return 0.0
        key = (len(game.moves), seat)
        if self._race_key != key:
            self._race_key, self._race = key, {}
        dists = self._race
        chance = 1.0
        for o, sheet in enumerate(game.sheets):
            if o == seat or sheet.out or sheet.at is None:
                continue
            if o not in dists:
                dists[o] = _distances(game, o)
            d = dists[o].get(temple)
            if d is None:
                continue
            theirs = 1 + (d - 1) / 3.5
            if theirs <= rounds + 0.5:
                chance *= 1.0 - 0.8 * float(odds.temple(max(sheet.shovels, 2)))
        return chance


def _distances(game: Game, seat: int) -> dict[str, int]:
    """Steps from where ``seat`` stands to each field through fields it never visited."""
    isl = game.island
    sheet = game.sheets[seat]
    seen = set(sheet.visited)
    assert sheet.at is not None
    dist = {sheet.at: 0}
    todo = [sheet.at]
    while todo:
        here = todo.pop(0)
        for nxt in isl.neighbours[here]:
            if nxt in seen or nxt in dist:
                continue
            dist[nxt] = dist[here] + 1
            if not isl.is_harbour(nxt):
                todo.append(nxt)
    return dist


JUDGE = "expert"
"""The level the hint and the review (:mod:`.review`) judge by, without a clock: the strongest
(docs/league.md), whose choices are then the review's best options. Playing, the expert
stops planning on its clock; without it, it weighs every candidate, as the review does."""


def judge() -> AIPlayer:
    """:data:`JUDGE` with no clock: the same answer on every machine."""
    return AIPlayer(JUDGE, replace(LEVELS[JUDGE], budget_ms=math.inf), random.Random(0))


def hint(game: Game) -> dict[str, Any]:
    """What the review's judge would do now (:data:`JUDGE`): ``{"token", "chance"}``;
    ``chance`` is the search's or the temple's success chance where the token is ``search`` or
    ``explore`` (None elsewhere), and the token is None at the dice and once the game is over.
    It is the review's best option there (tests/test_hint.py)."""
    legal = game.legal()
    if game.current_player() < 0 or not legal:
        return {"token": None, "chance": None}
    token = judge().decide(game.clone(), legal)
    chance = None
    if token in ("search", "explore"):
        sheet = game.sheets[game.to_move]
        t = game.island.treasure(game.ended_on[game.to_move])
        chance = float(odds.search(t, sheet.shovels) if t else odds.temple(sheet.shovels))
    return {"token": token, "chance": chance}


def make_ai(spec: str, rng: random.Random | None = None) -> AIPlayer:
    """``[ai:]LEVEL[:cautious|:bold|:risk=R][:budget=MS]``; ValueError names a bad part."""
    level, options = parse_ai(spec)
    params = LEVELS[level]
    for key, value in options:
        params = replace(params, risk=value) if key == "risk" else replace(params, budget_ms=value)
    return AIPlayer(spec if spec.startswith("ai:") else f"ai:{spec}", params, rng)
