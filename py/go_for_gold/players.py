"""Players: one interface, ``decide(game, legal) -> token``, for every kind of seat, built from
their specs (:mod:`gamekit.seats`'s grammar, :mod:`.levels`' players): ``random`` and ``greedy``
(:mod:`.baselines`), the AI levels ``easy``, ``medium``, ``hard`` (:mod:`.ai`) and bot files
``file:path/to/bot.py`` (:mod:`gamekit.plugins`).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from gamekit.players import Player

from .baselines import GreedyPlayer, RandomPlayer
from .game import Game
from .levels import SEATS

BASELINES: dict[str, Callable[[random.Random | None], Player]] = {
    "random": RandomPlayer,
    "greedy": GreedyPlayer,
}


def make_player(spec: str, rng: random.Random | None = None) -> Player:
    """A player from a seat spec; ValueError (one line) if the spec is refused or the bot file
    cannot be loaded.

    ``random``, ``greedy``, an AI level ``[ai:]easy|medium|hard`` with the knobs
    ``:cautious``/``:bold``/``:risk=R`` (``medium``, ``hard``) and ``:budget=MS`` (``hard``),
    see :mod:`.ai`, or ``file:bot.py``.
    """
    seat = SEATS.parse(spec)
    if seat.kind == "baseline":
        return BASELINES[seat.name](rng)
    if seat.kind == "file":
        from gamekit.plugins import PluginPlayer

        from .notation import canonical

        def where(game: Game) -> str:
            return f"round {game.round}, seat {game.to_move}, prompt {game.prompt!r}"

        return PluginPlayer(seat.name, canonical, where, prefix="go_for_gold_bot")
    from . import ai

    return ai.make_ai(spec, rng)
