"""Go for Gold's new-game settings: 1 to 6 seats (a person or a computer level), names, the
island, the seed; and reading them from the address (``players``, ``names``, ``map``, ``seed``,
``speed``, ``lang``) with every wrong value named in words. Pure: no browser.

>>> q = parse_query("?players=human,medium&map=b&seed=7", languages=["en"])
>>> [(s.name, s.ai) for s in q.setup.seats], q.setup.map, q.setup.seed
([('Player 1', None), ('Bot 2', 'medium')], 'b', 7)
>>> parse_query("?players=human,wizard", languages=["en"]).errors[0][0]
'gg.url.players'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from go_for_gold.board import names as map_names
from go_for_gold.game import MAX_PLAYERS
from go_for_gold.players import make_player
from shell.i18n import Message, t
from shell.settings import Query, read_names_and_seed, read_query, seat_error, unique_names

LEVELS = ("easy", "medium", "hard", "greedy", "random")
DEFAULT_LEVEL = "medium"
NAME_MAX = 20
QUERY_KEYS = ("players", "names", "map", "seed", "speed", "lang", "sr")
GAME_KEYS = {"players", "names", "map", "seed"}

Error = Message


@cache
def ai_error(spec: str) -> str | None:
    """Why ``spec`` names no Go for Gold computer player this page can run, or None."""
    return seat_error(spec, make_player)


def level_name(spec: str) -> str:
    level = spec.split(":")[0]
    key = "level." + level
    text = t(key)
    return level if text == key else text


@dataclass
class Seat:
    name: str
    ai: str | None = None  # None: a person at this device

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "ai": self.ai}


@dataclass
class Setup:
    seats: list[Seat] = field(default_factory=list)
    map: str = "a"
    seed: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"seats": [s.to_dict() for s in self.seats], "map": self.map, "seed": self.seed}

    @classmethod
    def from_dict(cls, data: object) -> Setup:
        """A remembered set-up; anything unreadable falls back to the quick game's."""
        if not isinstance(data, dict) or not isinstance(data.get("seats"), list):
            return quick_setup()
        seats: list[Seat] = []
        for s in data["seats"][:MAX_PLAYERS]:
            if isinstance(s, dict):
                ai = s.get("ai")
                ai = ai if isinstance(ai, str) and ai_error(ai) is None else None
                seats.append(Seat(clean_name(s.get("name"), len(seats), ai), ai))
        if not seats:
            return quick_setup()
        map_name = data["map"] if data.get("map") in map_names() else "a"
        return cls(unique(seats), map_name, None)  # a seed is never reused unless typed


def default_name(index: int, ai: str | None) -> str:
    return t("gg.default_ai" if ai else "gg.default_human", n=index + 1)


def clean_name(name: object, index: int, ai: str | None) -> str:
    text = " ".join(str(name).split())[:NAME_MAX] if isinstance(name, str) else ""
    return text or default_name(index, ai)


def unique(seats: list[Seat]) -> list[Seat]:
    """Equal names get a number, so the log tells players apart (as Gold Connection's)."""
    return unique_names(Setup(seats)).seats


def quick_setup() -> Setup:
    """One person alone on the island: the quick solo game."""
    return Setup([Seat(default_name(0, None))])


def parse_query(
    query: str, base: Setup | None = None, languages: list[str] | None = None
) -> Query[Setup]:
    """Read ``?players=human,medium&names=Ada,Bot&map=b&seed=7&speed=fast&lang=de``.

    A game parameter (players, names, map, seed) asks for a new game; any wrong value is
    reported and then no game is started from the address.
    """
    q: Query[Setup] = Query()
    values = read_query(query, QUERY_KEYS, languages or ["en"], q)
    if not GAME_KEYS & set(values):
        return q
    base = base or quick_setup()
    setup = Setup([Seat(s.name, s.ai) for s in base.seats], base.map, None)
    if "players" in values:
        seats = _players(values["players"], q.errors)
        if seats is not None:
            setup.seats = seats
    read_names_and_seed(values, setup, q.errors, clean_name)
    if "map" in values:
        if values["map"] in map_names():
            setup.map = values["map"]
        else:
            known = ", ".join(map_names())
            q.errors.append(("gg.url.map", {"value": values["map"][:40], "known": known}))
    if not q.errors:
        setup.seats = unique(setup.seats)
        q.setup = setup
    return q


def _players(text: str, errors: list[Error]) -> list[Seat] | None:
    specs = [s.strip() for s in text.split(",")]
    bad = {"value": text[:60], "levels": ", ".join(LEVELS)}
    if not 1 <= len(specs) <= MAX_PLAYERS:
        errors.append(("gg.url.players", bad))
        return None
    seats = []
    for i, spec in enumerate(specs):
        if spec in ("human", "person"):
            seats.append(Seat(default_name(i, None)))
            continue
        level = spec[3:] if spec.startswith("ai:") else spec
        level = DEFAULT_LEVEL if level in ("", "ai") else level
        if ai_error(level):
            errors.append(("gg.url.players", bad))
            return None
        seats.append(Seat(default_name(i, level), level))
    return seats
