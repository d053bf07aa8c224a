"""League opponent for Gold Connection: a Monte-Carlo rollout player, written apart from our AI.

Each candidate (a walk and what to do there, stopping, spending chips) is played out to the end
of the turn many times with sampled dice and a simple policy (on a success, go on only where
one more roll is worth more than stopping), and judged by its own value of a crate
(``gc_simple`` with its own weights). Its dice come from a generator seeded by the state, so the
same state gives the same answer.
"""

from __future__ import annotations

import json
import os
import random
import sys
import zlib
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gc_simple import Turn, Weights, setup_choice, sort_choice  # noqa: E402
from gc_view import game_from_view  # noqa: E402

W = Weights(progress=0.6, chip=1.2, horizon=8.0)
SEED = 1
SCREEN = 5  # candidates played out, the best by one-roll expectation
ROLLOUTS = 16


class Rollouts:
    def __init__(self, turn: Turn, rng: random.Random):
        self.t, self.rng = turn, rng
        self.policy: dict[Any, Any] = {}  # the policy's choice in each state met

    def one_roll(self, act: tuple[Any, ...], storage: tuple[str, ...], chips: int) -> float:
        _, kind, _, target, bars = act
        t = self.t
        stored = storage if kind == "end" else tuple(sorted(storage + bars))
        return t.roll(target, chips, lambda c: t.stop(stored, c, *act[2][:3]), t.fail(chips))

    def play(
        self,
        act: tuple[Any, ...],
        storage: tuple[str, ...],
        plundered: frozenset[str],
        chips: int,
        rolls_left: int = 4,
    ) -> float:
        """One playout from taking ``act``: its roll, then the policy to the turn's end."""
        t = self.t
        _, kind, dest, target, bars = act
        dice = self.rng.randint(1, 6) + self.rng.randint(1, 6)
        stored = storage if kind == "end" else tuple(sorted(storage + bars))
        if dice < target:
            short = target - dice
            if short > chips or t.stop(stored, chips - short) <= t.fail(chips):
                return t.fail(chips)
            chips -= short
        if kind == "end" or rolls_left <= 1:
            return t.stop(stored, chips, *dest[:3])
        plundered = plundered | {dest[0]}
        here = t.stop(stored, chips, *dest[:3])
        key = (dest, stored, plundered, chips)
        if key not in self.policy:
            best, choice = here, None
            for a in t.actions(dest[:3], dest[3], stored, plundered, chips):
                v = self.one_roll(a, stored, chips)
                if v > best:
                    best, choice = v, a
            self.policy[key] = choice
        choice = self.policy[key]
        if choice is None:
            return here
        return self.play(choice, stored, plundered, chips, rolls_left - 1)

    def mean(
        self, act: tuple[Any, ...], storage: tuple[str, ...], plundered: frozenset[str], chips: int
    ) -> float:
        return sum(self.play(act, storage, plundered, chips) for _ in range(ROLLOUTS)) / ROLLOUTS


def choose(view: dict[str, Any], legal: list[str]) -> str:
    if len(legal) == 1:
        return legal[0]
    game = game_from_view(view)
    prompt = game.prompt
    if prompt in ("place", "face"):
        return setup_choice(game, legal, W)
    if prompt == "sort":
        return sort_choice(game, legal, W)
    state = {k: v for k, v in view.items() if k != "legal"}
    rng = random.Random(SEED * 1_000_003 + zlib.crc32(json.dumps(state, sort_keys=True).encode()))
    turn = Turn(game, W)
    ro = Rollouts(turn, rng)
    t = game.live
    chips = game.chips[game.to_move]
    storage, plundered = tuple(t.storage), frozenset(t.plundered)
    place = (t.arrow, t.heading, t.arrived_from)
    if prompt == "chips":
        spend = legal[0]
        short = int(spend.split()[1])
        action = t.pending()
        left = chips - short
        if action[0] == "take":
            stored = tuple(sorted(storage + tuple(action[1])))
            acts = turn.actions(place, t.steps, stored, plundered | {t.arrow}, left)
            here = turn.stop(stored, left, *place)
            win = max([here] + [ro.one_roll(a, stored, left) for a in acts])
        else:
            win = turn.stop(storage, left, *place) + (1.0 if action[0] == "rob" else 0.0)
        return spend if win > turn.fail(chips) else "accept"
    if prompt == "act" and not game.can_take() and "end" not in legal:
        robs = [tok for tok in legal if tok.startswith("rob ") and len(tok.split()) == 2]
        return min(robs or legal, key=lambda tok: int(tok.split(":")[-1]) if ":" in tok else 0)
    acts = turn.actions(place, t.steps, storage, plundered, chips, here=prompt == "act")
    screened = sorted(
        ((ro.one_roll(a, storage, chips), i) for i, a in enumerate(acts)), reverse=True
    )[:SCREEN]
    options: list[tuple[float, str]] = []
    if "stop" in legal:
        options.append((turn.stop(storage, chips, *place), "stop"))
    for _, i in screened:
        move, kind, _, _, bars = acts[i]
        tok = move if prompt == "move" else ("end" if kind == "end" else "take " + " ".join(bars))
        options.append((ro.mean(acts[i], storage, plundered, chips), tok))
    options = [o for o in options if o[1] in legal]
    if not options:
        return "end" if "end" in legal else legal[0]
    return max(options)[1]
