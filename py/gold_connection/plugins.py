"""Bots from outside: a seat ``file:path/to/bot.py`` plays with the file's ``choose``.

The protocol (shared by both games, :mod:`gamekit.plugins`): the file defines
``choose(view: dict, legal: list[str]) -> str``. ``view`` is the state summary (rules §9,
:meth:`Game.summary`), ``view["to_move"]`` is the bot's own seat, and ``legal`` lists the legal
tokens; the bot answers with one of them (any spacing or order of bars is accepted). It is asked
at every decision of its seat, never at dice. An exception or an illegal answer ends the game
with a :class:`BotError` naming the bot, the turn, the prompt and the answer.
"""

from __future__ import annotations

from gamekit.plugins import BotError
from gamekit.plugins import PluginPlayer as _PluginPlayer

from .game import Game
from .notation import canonical

__all__ = ["BotError", "PluginPlayer"]


def _where(game: Game) -> str:
    return f"turn {game.counter}, seat {game.to_move}, prompt {game.prompt!r}"


class PluginPlayer(_PluginPlayer):
    """A seat played by ``choose`` from a Python file."""

    def __init__(self, path: str):
        super().__init__(path, canonical, _where, prefix="gold_connection_bot")
