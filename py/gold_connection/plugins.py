"""Bots from outside: a seat ``file:path/to/bot.py`` plays with the file's ``choose``.

The protocol: the file defines ``choose(view: dict, legal: list[str]) -> str``.  ``view`` is
the state summary (rules §9, :meth:`Game.summary`), ``view["to_move"]`` is the bot's own
seat, and ``legal`` lists the legal tokens; the bot answers with one of them (any spacing
or order of bars is accepted).  It is asked at every decision of its seat, never at dice.
An exception or an illegal answer ends the game with a :class:`BotError` naming the bot,
the turn, the prompt and the answer.
"""

from __future__ import annotations

import importlib.util
import os

from .game import Game
from .match import PlayerError
from .notation import IllegalMoveError, canonical


class BotError(PlayerError):
    """A plugin bot could not be loaded, raised, or answered an illegal token."""


def _where(game: Game) -> str:
    return f"turn {game.counter}, seat {game.to_move}, prompt {game.prompt!r}"


def _listing(legal: list[str]) -> str:
    return ", ".join(legal[:8]) + (f" … ({len(legal)} in all)" if len(legal) > 8 else "")


class PluginPlayer:
    """A seat played by ``choose`` from a Python file."""

    def __init__(self, path: str):
        self.path = path
        self.name = f"file:{path}"
        name = os.path.splitext(os.path.basename(path))[0] or "bot"
        spec = importlib.util.spec_from_file_location(f"gold_connection_bot_{name}", path)
        if spec is None or not os.path.isfile(path):
            raise ValueError(f"bot {path!r}: no such Python file")
        module = importlib.util.module_from_spec(spec)
        try:
            spec.loader.exec_module(module)
        except Exception as e:
            raise ValueError(f"bot {path!r} failed to load: {type(e).__name__}: {e}") from e
        self.choose = getattr(module, "choose", None)
        if not callable(self.choose):
            raise ValueError(f"bot {path!r} defines no choose(view, legal) function")

    def decide(self, game: Game, legal: list[str]) -> str:
        try:
            answer = self.choose(game.summary(), list(legal))
        except Exception as e:
            raise BotError(
                f"bot {self.path} raised {type(e).__name__}: {e} ({_where(game)})"
            ) from e
        try:
            token = canonical(answer)
        except IllegalMoveError:
            token = None
        if token not in legal:
            raise BotError(
                f"bot {self.path} answered {answer!r}, which is not legal ({_where(game)}); "
                f"legal: {_listing(legal)}"
            )
        return token
