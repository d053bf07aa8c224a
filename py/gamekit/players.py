"""What a player is, and the baseline every game shares: light enough for a page's first
screen (the series machinery of :mod:`gamekit.match` loads only with a tournament)."""

from __future__ import annotations

import random
from typing import Any, Protocol


class Player(Protocol):
    name: str

    def decide(self, game: Any, legal: list[str]) -> str:
        """One of ``legal``, for the seat ``game.current_player()``; never called at dice."""
        ...


class RandomPlayer:
    """Uniform over the legal tokens (the baseline of every game)."""

    def __init__(self, rng: random.Random | None = None):
        self.name = "random"
        self.rng = rng or random.Random()

    def decide(self, game: Any, legal: list[str]) -> str:
        return self.rng.choice(legal)
