"""Gold Connection's matches: the shared runner (:mod:`gamekit.match`) set up for this game."""

from __future__ import annotations

import random
from collections.abc import Callable

from gamekit.match import (
    GameResult,
    Kind,
    PlayerError,
    Standing,
    play_game,
)
from gamekit.match import one_game as _one_game
from gamekit.match import series as _series
from gamekit.players import Player

from .game import Game
from .players import make_player

__all__ = ["KIND", "GameResult", "PlayerError", "Standing", "one_game", "play_game", "series"]

KIND = Kind(
    new_game=lambda names, rng, options: Game.new(
        names, ending=options.get("ending", "counter"), rng=rng
    ),
    make_player=make_player,
    turns=lambda game: game.counter,
)


def one_game(
    specs: list[str],
    index: int,
    seed: int,
    ending: str = "counter",
    factory: Callable[[str, random.Random], Player] | None = None,
) -> GameResult:
    """Game ``index`` of a series (see :func:`gamekit.match.one_game`)."""
    return _one_game("gold_connection", specs, index, seed, {"ending": ending}, factory)


def series(
    specs: list[str],
    games: int,
    *,
    seed: int = 0,
    ending: str = "counter",
    jobs: int = 1,
    progress: Callable[[int], object] | None = None,
) -> tuple[list[Standing], list[GameResult]]:
    """``games`` games with the entrants rotated so each sits in each seat equally often."""
    return _series(
        "gold_connection",
        specs,
        games,
        seed=seed,
        options={"ending": ending},
        jobs=jobs,
        progress=progress,
    )
