"""The baseline players, ``random`` (uniform over the legal tokens) and ``greedy`` (the best
expected points of this round, nothing after it), and the values the AI shares with them.
Seats are built from their specs in :mod:`.players`."""

from __future__ import annotations

import random

from gamekit.players import RandomPlayer

from . import odds
from .board import FOOT, SHOVEL, TEMPLE_POINTS
from .game import Game

__all__ = ["GreedyPlayer", "RandomPlayer", "path_gain", "special_value"]

SHOVEL_WORTH = 0.6
"""What a collected shovel is worth to ``greedy`` in points (it raises later searches)."""
FOOT_WORTH = 0.4


def special_value(game: Game, seat: int, field: str, shovels: int) -> float:
    """Expected points of ending a move on ``field`` holding ``shovels`` (GG-4)."""
    isl = game.island
    t = isl.treasure(field)
    if t:
        return float(odds.search(t, shovels)) * t
    if isl.temple(field) and field not in game.temples_closed:
        p = float(odds.temple(shovels))
        return max(0.0, p * TEMPLE_POINTS - (1 - p))
    return 0.0


def path_gain(game: Game, path: list[str]) -> tuple[int, int]:
    """Shovels and feet a path collects (GG-3.4)."""
    marks = [game.island.marks[f] for f in path]
    return marks.count(SHOVEL), marks.count(FOOT)


class GreedyPlayer:
    """The best expected points this round: where the path ends, plus what it collects."""

    def __init__(self, rng: random.Random | None = None):
        self.name = "greedy"
        self.rng = rng or random.Random()

    def decide(self, game: Game, legal: list[str]) -> str:
        p = game.prompt
        seat = game.to_move
        sheet = game.sheets[seat]
        if p == "special":
            if legal[0] == "search":
                return "search"  # a failed search costs nothing (GG-4.1)
            return legal[0] if sheet.shovels >= 1 else "pass"  # explore: 9 vs -1
        if p == "spend":
            return legal[0]
        if p == "move":
            return max(legal, key=lambda tok: self._value(game, seat, tok))
        if p == "jump" or p == "start":
            return max(legal, key=lambda tok: _harbour_value(game, seat, tok.split()[1]))
        return self.rng.choice(legal)

    def _value(self, game: Game, seat: int, tok: str) -> float:
        kind, _, rest = tok.partition(" ")
        if kind == "foot":
            return -FOOT_WORTH - 0.01  # a foot only pays through the path it buys: next decision
        path = rest.split()
        shovels, feet = path_gain(game, path)
        held = game.sheets[seat].shovels + shovels
        return (
            special_value(game, seat, path[-1], held) + SHOVEL_WORTH * shovels + FOOT_WORTH * feet
        )


def _harbour_value(game: Game, seat: int, harbour: str) -> float:
    """Treasures near a harbour, nearer worth more (for choosing where to start or jump)."""
    isl = game.island
    seen = set(game.sheets[seat].visited) - {harbour}
    dist = {harbour: 0}
    todo = [harbour]
    value = 0.0
    while todo:
        here = todo.pop(0)
        if dist[here] >= 6:
            continue
        for nxt in isl.neighbours[here]:
            if nxt in seen or nxt in dist or isl.is_harbour(nxt):
                continue
            dist[nxt] = dist[here] + 1
            todo.append(nxt)
            t = isl.treasure(nxt)
            if t:
                value += float(odds.search(t, 2)) * t / dist[nxt]
    return value
