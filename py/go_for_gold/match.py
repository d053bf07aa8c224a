"""Go for Gold's matches: what the shared runner (:mod:`gamekit.match`) needs to know.

``gamekit.match.series("go_for_gold", specs, games, options={"map": "b"})`` plays a series.
"""

from __future__ import annotations

from gamekit.match import Kind

from .game import Game
from .players import make_player

KIND = Kind(
    new_game=lambda names, rng, options: Game.new(
        names, map_name=options.get("map", "a"), seed=rng.randrange(2**31)
    ),
    make_player=make_player,
    turns=lambda game: game.round,
)
