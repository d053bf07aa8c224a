"""Bots from outside, for any game here: a seat ``file:path/to/bot.py`` plays with the file's
``choose(view, legal) -> str``.

``view`` is the game's state summary (``game.summary()``; ``view["to_move"]`` is the bot's own
seat) and ``legal`` lists the legal tokens; the bot answers with one of them (in any spacing the
game's ``canonical`` accepts). It is asked at every decision of its seat, never at dice. An
exception or an illegal answer ends the game with a :class:`BotError` naming the bot, the state
and the answer, in one line.
"""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Callable
from typing import Any

from .match import PlayerError
from .safejson import clip


class BotError(PlayerError):
    """A plugin bot could not be loaded, raised, or answered an illegal token."""


def _listing(legal: list[str]) -> str:
    return ", ".join(legal[:8]) + (f" … ({len(legal)} in all)" if len(legal) > 8 else "")


class PluginPlayer:
    """A seat played by ``choose`` from a Python file.

    ``canonical(token) -> str`` reads an answer (raising ValueError when it cannot) and
    ``where(game) -> str`` names the state in messages ("turn 3, seat 1, prompt 'act'").
    """

    def __init__(
        self,
        path: str,
        canonical: Callable[[str], str],
        where: Callable[[Any], str],
        prefix: str = "bot",
    ):
        self.path = path
        self.name = f"file:{path}"
        self.canonical, self.where = canonical, where
        name = os.path.splitext(os.path.basename(path))[0] or "bot"
        spec = importlib.util.spec_from_file_location(f"{prefix}_{name}", path)
        if spec is None or spec.loader is None or not os.path.isfile(path):
            raise ValueError(f"bot {clip(path)}: no such Python file")
        module = importlib.util.module_from_spec(spec)
        try:
            spec.loader.exec_module(module)
        except Exception as e:
            raise ValueError(f"bot {clip(path)} failed to load: {type(e).__name__}: {e}") from e
        self.choose = getattr(module, "choose", None)
        if not callable(self.choose):
            raise ValueError(f"bot {clip(path)} defines no choose(view, legal) function")

    def decide(self, game: Any, legal: list[str]) -> str:
        try:
            answer = self.choose(game.summary(), list(legal))  # type: ignore[misc]
        except Exception as e:
            raise BotError(
                f"bot {self.path} raised {type(e).__name__}: {e} ({self.where(game)})"
            ) from e
        try:
            token = self.canonical(answer)
        except ValueError:
            token = None
        if token not in legal:
            raise BotError(
                f"bot {self.path} answered {clip(answer)}, which is not legal "
                f"({self.where(game)}); legal: {_listing(legal)}"
            )
        return token
