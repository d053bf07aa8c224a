"""The site's games: the one module that names every game (OpenSpiel's ``load_game`` registry).

The shell (``shell/``, ``browser/``) knows no game; the pages that serve every game (the AI
worker, the embed page, the how-to page), the build and the site's header find a game here,
by its key or by its record's ``format``. A game is an engine package (``gold_connection``)
and a page package of the same name under ``pages/`` holding these modules:

- ``page``: the game's page bound to the DOM; ``start()`` draws it (py/play.py calls it);
- ``ai_service``: ``AiService()`` answers ``decide``, ``hint`` and ``review`` from a record
  (the AI worker, or the page itself when the worker is lost);
- ``replay``: ``open_replay(record, params)`` gives the viewer the embed page draws;
- ``howto``: ``section()`` (its part of the how-to page) and ``EXAMPLES`` (the live examples);
- ``messages``: ``register()`` adds the game's message ids to the site's catalogue.

tests/test_games.py holds every entry to that, and checks that no shell module imports a game.

>>> by_key("go_for_gold").title
'Go for Gold'
>>> for_format("gold-connection/1").key
'gold_connection'
"""

from __future__ import annotations

import importlib
import importlib.util
import json
from collections.abc import Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:  # the worker imports this module: it loads no shell
    from shell.i18n import Message

PAGE_MODULES = ("page", "ai_service", "replay", "howto", "messages")
"""What every game's page package holds (see above)."""


@dataclass(frozen=True)
class Game:
    key: str
    """The engine's package name, and the page package's: one spelling for the game."""
    title: str
    """Its name on the site (a game's name is not translated)."""
    record_format: str
    """The ``format`` of its records, up to the version: ``gold-connection/``."""
    page_file: str
    """Its page, relative to the site's root."""
    players: tuple[int, int]
    """Fewest and most players."""

    @property
    def href(self) -> str:
        """The link to its page: the site's address itself for ``index.html``."""
        return "./" if self.page_file == "index.html" else self.page_file

    @property
    def anchor(self) -> str:
        """Its section's id on the how-to page (``howto.html#go-for-gold``)."""
        return self.key.replace("_", "-")

    def module(self, name: str) -> ModuleType:
        """One of the page package's modules (:data:`PAGE_MODULES`), imported on first use."""
        if name not in PAGE_MODULES:
            raise ValueError(f"a game's page package has no module {name!r}")
        return importlib.import_module(f"pages.{self.key}.{name}")

    def page_module(self) -> ModuleType:
        return self.module("page")

    def review_module(self) -> ModuleType | None:
        """Its page package's ``review`` (the review of a finished game), if it has one."""
        if importlib.util.find_spec(f"pages.{self.key}.review") is None:
            return None
        return importlib.import_module(f"pages.{self.key}.review")

    def daily_module(self) -> ModuleType | None:
        """Its page package's ``daily`` (the daily game: ``KIND``, ``link(day)``,
        ``result(game)``), if it has one; the daily page lists the games that do."""
        if importlib.util.find_spec(f"pages.{self.key}.daily") is None:
            return None
        return importlib.import_module(f"pages.{self.key}.daily")


GAMES: tuple[Game, ...] = (
    Game("gold_connection", "Gold Connection", "gold-connection/", "index.html", (2, 4)),
    Game("go_for_gold", "Go for Gold", "go-for-gold/", "go-for-gold.html", (1, 6)),
)


def by_key(key: str) -> Game:
    """The game called ``key``; ValueError naming the known ones otherwise."""
    for game in GAMES:
        if game.key == key:
            return game
    raise ValueError(f"no game {key!r}; the site has {', '.join(g.key for g in GAMES)}")


def for_format(record_format: str) -> Game:
    """The game whose records have this ``format`` (``go-for-gold/1``); the first game for a
    record that names none (the site's oldest records, before formats were written)."""
    for game in GAMES:
        if record_format.startswith(game.record_format):
            return game
    if not record_format:
        return GAMES[0]
    raise ValueError(f"no game plays records of format {record_format!r}")


def howto_page(problems: Sequence[Message] | None = None) -> str:
    """The how-to page: the site's frame around each game's section, in this order; the
    first game's page is the one its header links to."""
    from shell import howto

    home = GAMES[0]
    sections = [game.module("howto").section() for game in GAMES]
    return howto.page(home.href, home.title, sections, problems or [])


def howto_title(anchor: str) -> str:
    """The how-to page's title: the game its address points at (``#go-for-gold``) named.

    >>> from shell import messages  # noqa: F401  (the site's words)
    >>> howto_title("#go-for-gold"), howto_title("")
    ('How to play Go for Gold', 'How to play')
    """
    from shell.i18n import t

    for game in GAMES:
        if anchor.lstrip("#") == game.anchor:
            return t("howto.title_game", game=game.title)
    return t("howto.title")


class AiService(Protocol):
    """A game's ``ai_service.AiService``: JSON in, JSON out (``review`` where the game has one)."""

    def decide(self, record_json: str) -> str: ...

    def hint(self, record_json: str) -> str: ...

    def review(self, request_json: str, step_s: float) -> str: ...


class AiServices:
    """Every game's AI service, each made on first use and found by the record's ``format``:
    what the AI worker answers with, and a page that serves any game (the embed page) when
    the worker is lost."""

    def __init__(self) -> None:
        self.made: dict[str, AiService] = {}

    def of(self, record_format: str) -> AiService:
        game = for_format(record_format)
        if game.key not in self.made:
            self.made[game.key] = game.module("ai_service").AiService()
        return self.made[game.key]

    def decide(self, record_json: str) -> str:
        return str(self.of(_format(json.loads(record_json))).decide(record_json))

    def hint(self, record_json: str) -> str:
        return str(self.of(_format(json.loads(record_json))).hint(record_json))

    def review(self, request_json: str, step_s: float) -> str:
        record = json.loads(request_json).get("record", {})
        return str(self.of(_format(record)).review(request_json, step_s))


def _format(record: object) -> str:
    return str(record.get("format", "")) if isinstance(record, dict) else ""
