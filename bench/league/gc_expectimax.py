"""League opponent for Gold Connection: a plain expectimax over the rest of the turn, two loot
rolls deep, with its own simple value of a crate (``gc_simple``), written apart from our AI.

Every plunder of useful bars at every field within reach is weighed one roll deep (exact 2d6
odds, chips spent when that beats the failure); the five best are searched one roll deeper.
No randomness: the same state gives the same answer.
"""

from __future__ import annotations

import os
import sys
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gc_simple import Turn, Weights, setup_choice, sort_choice  # noqa: E402
from gc_view import game_from_view  # noqa: E402

W = Weights()
REFINE = 5  # candidates searched a second roll deep


class Search:
    def __init__(self, turn: Turn):
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
        _, kind, dest, target, bars = act
        t = self.t
        if kind == "end":
            return t.roll(target, chips, lambda c: t.stop(storage, c, *dest[:3]), t.fail(chips))
        storage2 = tuple(sorted(storage + bars))
        plundered2 = plundered | {dest[0]}
        place = dest[:3]
        return t.roll(
            target,
            chips,
            lambda c: self.after(place, dest[3], storage2, plundered2, c, depth - 1),
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
    ) -> float:
        """After a successful plunder: stop, or walk on (GC-5.3)."""
        best = self.t.stop(storage, chips, *place)
        if depth <= 0:
            return best
        key = (place, steps, storage, plundered, chips, depth)
        v = self.after_memo.get(key)
        if v is None:
            for act in self.t.actions(place, steps, storage, plundered, chips):
                best = max(best, self.value(act, storage, plundered, chips, depth))
            v = self.after_memo[key] = best
        return v

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
    turn = Turn(game, W)
    search = Search(turn)
    t = game.live
    chips = game.chips[game.to_move]
    storage, plundered = tuple(t.storage), frozenset(t.plundered)
    place = (t.arrow, t.heading, t.arrived_from)
    if prompt == "chips":
        spend = legal[0]
        short = int(spend.split()[1])
        action = t.pending()
        if action[0] == "take":
            storage2 = tuple(sorted(storage + tuple(action[1])))
            win = search.after(place, t.steps, storage2, plundered | {t.arrow}, chips - short, 1)
        elif action[0] == "end":
            win = turn.stop(storage, chips - short, *place)
        else:  # a robbery saved: the bars are ours if the turn goes on well; count them
            win = turn.stop(storage, chips - short, *place) + 1.0
        return spend if win > turn.fail(chips) else "accept"
    if prompt == "act" and not game.can_take() and "end" not in legal:
        robs = [tok for tok in legal if tok.startswith("rob ") and len(tok.split()) == 2]
        return min(robs or legal, key=lambda tok: int(tok.split(":")[-1]) if ":" in tok else 0)
    acts = turn.actions(place, t.steps, storage, plundered, chips, here=prompt == "act")
    options: list[tuple[float, str]] = []
    if "stop" in legal:
        options.append((turn.stop(storage, chips, *place), "stop"))
    for v, i in search.best(acts, storage, plundered, chips):
        move, kind, _, _, bars = acts[i]
        tok = move if prompt == "move" else ("end" if kind == "end" else "take " + " ".join(bars))
        options.append((v, tok))
    options = [o for o in options if o[1] in legal]
    if not options:
        return "end" if "end" in legal else legal[0]
    return max(options)[1]
