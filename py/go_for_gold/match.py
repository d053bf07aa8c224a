"""Go for Gold's matches: the shared runner (:mod:`gamekit.match`) set up for this game."""

from __future__ import annotations

from gamekit.match import GameResult, Kind, PlayerError, Standing, play_game
from gamekit.match import one_game as _one_game
from gamekit.match import series as _series

from .game import Game
from .players import make_player

__all__ = ["KIND", "GameResult", "PlayerError", "Standing", "one_game", "play_game", "series"]

KIND = Kind(
    new_game=lambda names, rng, options: Game.new(
        names, map_name=options.get("map", "a"), seed=rng.randrange(2**31)
    ),
    make_player=make_player,
    turns=lambda game: game.round,
)


def one_game(specs: list[str], index: int, seed: int, map_name: str = "a", factory=None):
    """Game ``index`` of a series (see :func:`gamekit.match.one_game`)."""
    return _one_game("go_for_gold", specs, index, seed, {"map": map_name}, factory)


def series(
    specs: list[str],
    games: int,
    *,
    seed: int = 0,
    map_name: str = "a",
    jobs: int = 1,
    progress=None,
) -> tuple[list[Standing], list[GameResult]]:
    """``games`` games with the entrants rotated so each sits in each seat equally often."""
    return _series(
        "go_for_gold",
        specs,
        games,
        seed=seed,
        options={"map": map_name},
        jobs=jobs,
        progress=progress,
    )
