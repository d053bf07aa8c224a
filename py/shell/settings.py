"""What every game's settings share: the computer's pace, seeds, names, and reading an address
(``?seed=7&speed=fast&lang=de&sr=1``) with every wrong value named in words.

Errors are ``(message id, params)`` pairs, shown through :func:`shell.i18n.t`.

>>> parse_seed("42")
42
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar
from urllib.parse import parse_qsl

from shell import screenreader
from shell.i18n import Message

SPEEDS = ("instant", "fast", "normal")
SPEED_DELAY_MS = {"instant": 0, "fast": 250, "normal": 800}
"""Pause before each computer step, so people can follow it in the log."""
NAME_MAX = 20
SEED_MAX = 2**53 - 1  # a whole number JavaScript holds exactly

Error = Message


class SetupSeat(Protocol):
    """A seat of a game's ``Setup``: its player's name and computer player (None: a person)."""

    name: str

    @property
    def ai(self) -> str | None: ...


class GameSetup(Protocol):
    """What every game's ``Setup`` has: the seats and the seed."""

    @property
    def seats(self) -> Sequence[SetupSeat]: ...

    seed: int | None


SetupT = TypeVar("SetupT", bound=GameSetup)


def seat_error(spec: str, make: Callable[[str, random.Random], object]) -> str | None:
    """Why ``spec`` names no computer player that ``make(spec, rng)`` (a game's
    ``make_player``) can build on a page, in the engine's words; None if it can."""
    if spec.split(":")[0] == "file":
        return "bot files are for the command line"
    try:
        make(spec, random.Random(0))
    except (ValueError, TypeError) as e:
        return str(e)
    return None


def unique_names(setup: SetupT) -> SetupT:
    """Equal names get a number, so the log and the scores tell players apart (a game's
    ``Setup``: its ``seats`` have a ``name``)."""
    seen: dict[str, int] = {}
    for seat in setup.seats:
        n = seen.get(seat.name.casefold(), 0)
        seen[seat.name.casefold()] = n + 1
        if n:
            seat.name = f"{seat.name} {n + 1}"
    return setup


def parse_seed(text: str) -> int | None:
    text = text.strip()
    if not text.isdigit() or len(text) > 16 or int(text) > SEED_MAX:
        raise ValueError(text)
    return int(text)


@dataclass
class Query(Generic[SetupT]):
    """What the URL asks for; ``setup`` is set when it asks to start a game."""

    setup: SetupT | None = None  # the game's Setup
    speed: str | None = None
    lang: str | None = None
    sr: bool | None = None  # screen-reader mode asked on or off
    errors: list[Error] = field(default_factory=list)


def read_query(
    query: str, known: tuple[str, ...], languages: list[str], q: Query[SetupT]
) -> dict[str, str]:
    """The address's values by key, for every game's page: an unknown or repeated key, a pace
    or a language we do not have, or a bad ``sr``, is noted in ``q.errors`` (``url.*`` ids,
    values clipped); ``q.speed``, ``q.lang`` and ``q.sr`` are set when valid. Long or
    many-parted queries are cut."""
    values: dict[str, str] = {}
    seen: set[str] = set()
    for key, value in parse_qsl(query.lstrip("?")[:4000], keep_blank_values=True)[:50]:
        if key not in known:
            q.errors.append(("url.unknown", {"key": key[:40], "known": ", ".join(known)}))
        elif key in seen:
            q.errors.append(("url.twice", {"key": key[:40]}))
        else:
            values[key] = value
        seen.add(key)
    if "speed" in values:
        if values["speed"] in SPEEDS:
            q.speed = values["speed"]
        else:
            bad = {"value": values["speed"][:40], "known": ", ".join(SPEEDS)}
            q.errors.append(("url.speed", bad))
    if "lang" in values:
        if values["lang"] in languages:
            q.lang = values["lang"]
        else:
            bad = {"value": values["lang"][:40], "known": ", ".join(languages)}
            q.errors.append(("url.lang", bad))
    if screenreader.QUERY_KEY in values:
        q.sr = screenreader.parse_flag(values[screenreader.QUERY_KEY])
        if q.sr is None:
            q.errors.append(("url.sr", {"value": values[screenreader.QUERY_KEY][:20]}))
    return values


def read_names_and_seed(
    values: dict[str, str],
    setup: GameSetup,
    errors: list[Error],
    clean: Callable[[str, int, str | None], str],
) -> None:
    """``names=`` and ``seed=`` of an address into ``setup`` (its ``seats`` and ``seed``), for
    every game's page; ``clean(name, index, ai)`` is the game's own name rule."""
    if "names" in values:
        names = values["names"].split(",")[:100]
        if len(names) > len(setup.seats):
            errors.append(("url.names", {"names": len(names), "players": len(setup.seats)}))
        for i, name in enumerate(names[: len(setup.seats)]):
            if name.strip():
                setup.seats[i].name = clean(name, i, setup.seats[i].ai)
    if "seed" in values:
        try:
            setup.seed = parse_seed(values["seed"])
        except ValueError:
            errors.append(("url.seed", {"value": values["seed"][:40], "max": SEED_MAX}))
