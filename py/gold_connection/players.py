"""Players: one interface, ``decide(game, legal) -> token``, for every kind of seat, and the
seats built from their specs (:mod:`gamekit.seats`'s grammar, :mod:`.levels`' players):
the baselines (:mod:`.baselines`), the AI levels (:mod:`.ai`) and bot files (:mod:`.plugins`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol

from .baselines import GreedyPlayer, RandomPlayer
from .game import Game
from .levels import SEATS


class Player(Protocol):
    name: str

    def decide(self, game: Game, legal: list[str]) -> str:
        """One of ``legal``, for the seat ``game.current_player()``; never called at dice."""


BASELINES: dict[str, Callable[[random.Random | None], Player]] = {
    "random": RandomPlayer,
    "greedy": GreedyPlayer,
}


def make_player(spec: str, rng: random.Random | None = None) -> Player:
    """A player from a seat spec; ValueError (one line) if :func:`check_player` refuses it or
    the bot file cannot be loaded.

    ``random`` and ``greedy`` (the baselines), an AI level ``[ai:]easy|medium|hard|expert``
    with options ``:cautious``/``:bold``/``:risk=R``/``:budget=MS`` (see :mod:`.ai`), or a
    bot file ``file:path/to/bot.py`` (see :mod:`.plugins`).
    """
    seat = SEATS.parse(spec)
    if seat.kind == "baseline":
        return BASELINES[seat.name](rng)
    if seat.kind == "file":
        from .plugins import PluginPlayer

        return PluginPlayer(seat.name)
    from . import ai  # the search loads with the first computer seat, not with the page

    return ai.make_ai(spec, rng)


def check_player(spec: str) -> None:
    """ValueError if :func:`make_player` would refuse ``spec`` (a bot file is not read):
    builds no player, so the search is not imported."""
    SEATS.parse(spec)


def hint(game: Game) -> dict[str, Any]:
    """What the ``expert`` AI would do now: ``{"token", "chance", "gain"}`` (see ``ai.hint``)."""
    from . import ai

    return ai.hint(game)
