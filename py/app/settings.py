"""New-game settings: seats (human or computer with its level), names, ending, seed; the pace of
the computer seats; and reading all of them from URL parameters with errors in words.

Errors are ``(message id, params)`` pairs, shown through :func:`app.i18n.t`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import cache
from urllib.parse import parse_qsl

from . import screenreader
from .i18n import CATALOGUES, has, t
from .i18n import language as current_language

SPEEDS = ("instant", "fast", "normal")
SPEED_DELAY_MS = {"instant": 0, "fast": 250, "normal": 800}
"""Pause before each computer step, so people can follow it in the log."""
ENDINGS = ("counter", "series")
MIN_SEATS, MAX_SEATS = 2, 4
NAME_MAX = 20
SEED_MAX = 2**53 - 1  # a whole number JavaScript holds exactly
LEVEL_CANDIDATES = ("easy", "medium", "hard", "expert", "greedy", "random")
PREFERRED_LEVEL = ("medium", "greedy")
QUERY_KEYS = ("players", "names", "seed", "ending", "speed", "lang", screenreader.QUERY_KEY)

Error = tuple[str, dict]


def seat_error(spec: str, make) -> str | None:
    """Why ``spec`` names no computer player that ``make(spec, rng)`` (a game's
    ``make_player``) can build on a page, in the engine's words; None if it can."""
    if spec.split(":")[0] == "file":
        return "bot files are for the command line"
    try:
        make(spec, random.Random(0))
    except (ValueError, TypeError) as e:
        return str(e)
    return None


def ai_error(spec: str) -> str | None:
    """Why ``spec`` names no Gold Connection computer player, or None if it does (checked
    without building one: the search itself stays unimported on the page)."""
    from gold_connection.players import check_player  # not on Go for Gold's page

    return seat_error(spec, lambda spec, rng: check_player(spec))


@cache
def ai_levels() -> list[str]:
    """The computer levels this engine offers, in the order the form lists them."""
    return [level for level in LEVEL_CANDIDATES if ai_error(level) is None]


def default_level() -> str:
    levels = ai_levels()
    return next((lv for lv in PREFERRED_LEVEL if lv in levels), levels[0])


RISKS = ("", "cautious", "bold")  # "": the level's own appetite
BUDGETS = ("", "50", "500", "2000")  # milliseconds per decision; "": the level's own


def ai_parts(spec: str) -> tuple[str, str, str]:
    """``(level, risk, budget)`` of a seat's ``level[:cautious|:bold|:risk=R][:budget=MS]``."""
    level, *knobs = spec.split(":")
    risk = budget = ""
    for knob in knobs:
        if knob.startswith("budget="):
            budget = knob[len("budget=") :]
        else:
            risk = knob
    return level, risk, budget


def ai_spec(level: str, risk: str = "", budget: str = "") -> str:
    return ":".join([level] + ([risk] if risk else []) + ([f"budget={budget}"] if budget else []))


@cache
def knob_levels() -> list[str]:
    """The levels that take a risk appetite and a think budget (the searching ones)."""
    return [lv for lv in ai_levels() if ai_error(ai_spec(lv, "bold", "100")) is None]


@dataclass
class Seat:
    name: str
    ai: str | None = None  # None: a person at this device (hot seat)

    def to_dict(self) -> dict:
        return {"name": self.name, "ai": self.ai}


@dataclass
class Setup:
    """What the new-game form holds."""

    seats: list[Seat] = field(default_factory=list)
    ending: str = "counter"
    seed: int | None = None

    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def ais(self) -> list[str | None]:
        return [s.ai for s in self.seats]

    def to_dict(self) -> dict:
        return {
            "seats": [s.to_dict() for s in self.seats],
            "ending": self.ending,
            "seed": self.seed,
        }

    @classmethod
    def from_dict(cls, data: object) -> Setup:
        """Remembered settings; anything unreadable falls back to the default."""
        if not isinstance(data, dict):
            return quick_setup()
        seats = []
        for s in data.get("seats") or []:
            if not isinstance(s, dict):
                continue
            ai = s.get("ai")
            ai = ai if isinstance(ai, str) and ai_error(ai) is None else None
            seats.append(Seat(clean_name(s.get("name"), len(seats), ai), ai))
        if not MIN_SEATS <= len(seats) <= MAX_SEATS:
            return quick_setup()
        ending = data.get("ending") if data.get("ending") in ENDINGS else "counter"
        seed = data.get("seed")
        seed = (
            seed
            if isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed <= SEED_MAX
            else None
        )
        return cls(seats, ending, seed)


def level_name(level: str) -> str:
    return t("level." + level) if has("level." + level) else level


def risk_name(risk: str) -> str:
    """A risk knob in words ("" is the level's own); one from a link, e.g. risk=0.3, as is."""
    key = "risk." + (risk or "default")
    return t(key) if has(key) else risk


def budget_name(budget: str) -> str:
    return t("budget.ms", ms=budget) if budget else t("budget.default")


def ai_text(spec: str) -> str:
    """A computer seat in words: its level, then any risk appetite and think time."""
    level, risk, budget = ai_parts(spec)
    knobs = [risk_name(risk)] if risk else []
    knobs += [budget_name(budget)] if budget else []
    return ", ".join([level_name(level), *knobs])


def default_name(index: int, ai: str | None) -> str:
    if ai:
        return t("seat.default_ai", n=index + 1, level=level_name(ai_parts(ai)[0]))
    return t("seat.default_human", n=index + 1)


def _defaults(catalogue: dict[str, str]) -> list[str]:
    """Every default name a language gives, in a fixed order shared by all languages."""
    names = [catalogue["seat.you"], catalogue["seat.computer"]]
    for n in range(1, MAX_SEATS + 1):
        names.append(catalogue["seat.default_human"].format(n=n))
        for level in LEVEL_CANDIDATES:
            level = catalogue.get("level." + level, level)
            names.append(catalogue["seat.default_ai"].format(n=n, level=level))
    return names


@cache
def _default_map(languages: tuple[str, ...], into: str) -> dict[str, str]:
    out: dict[str, str] = {}
    target = _defaults(CATALOGUES[into])
    for code in languages:
        for name, local in zip(_defaults(CATALOGUES[code]), target, strict=True):
            out.setdefault(name, local)
    return out


def localized_name(name: str) -> str:
    """A default name in any language ("Player 1", "Spieler 1", "Bot (hard)") in the one in
    force, so a game started in English reads right in German; a chosen name stays as it is."""
    into = current_language()
    return _default_map(tuple(CATALOGUES), into).get(name, name) if into in CATALOGUES else name


def clean_name(name: object, index: int, ai: str | None) -> str:
    text = " ".join(str(name).split())[:NAME_MAX] if isinstance(name, str) else ""
    return localized_name(text) if text else default_name(index, ai)


def quick_name(ai: str | None) -> str:
    """The quick game's name for a person's seat or a computer's ("Player", "Computer")."""
    return t("seat.computer") if ai else t("seat.you")


def quick_setup() -> Setup:
    """One person against the computer: the "quick game" button."""
    level = default_level()
    return Setup([Seat(quick_name(None)), Seat(quick_name(level), level)])


def unique_names(setup: Setup) -> Setup:
    """Equal names get a number, so the log and the scores tell players apart."""
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
class Query:
    """What the URL asks for; ``setup`` is set when it asks to start a game."""

    setup: Setup | None = None
    speed: str | None = None
    lang: str | None = None
    sr: bool | None = None  # screen-reader mode asked on or off
    errors: list[Error] = field(default_factory=list)


def read_query(query: str, known: tuple[str, ...], languages: list[str], q) -> dict[str, str]:
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


def read_names_and_seed(values: dict[str, str], setup, errors: list[Error], clean) -> None:
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


def parse_query(query: str, base: Setup, languages: list[str]) -> Query:
    """Read ``?players=human,ai:greedy&names=Ada,Bot&seed=7&ending=counter&speed=instant&lang=en``.

    Any game parameter (players, names, seed, ending) starts a new game, the rest from
    ``base``; every invalid value is reported and then no game is started from the URL.
    """
    q = Query()
    values = read_query(query, QUERY_KEYS, languages, q)
    if not {"players", "names", "seed", "ending"} & set(values):
        return q
    setup = Setup([Seat(s.name, s.ai) for s in base.seats], base.ending, None)
    if "players" in values:
        seats = _parse_players(values["players"], q.errors)
        if seats is not None:
            setup.seats = seats
    read_names_and_seed(values, setup, q.errors, clean_name)
    if "ending" in values:
        if values["ending"] in ENDINGS:
            setup.ending = values["ending"]
        else:
            q.errors.append(
                ("url.ending", {"value": values["ending"], "known": ", ".join(ENDINGS)})
            )
    if not q.errors:
        q.setup = unique_names(setup)
    return q


def _parse_players(text: str, errors: list[Error]) -> list[Seat] | None:
    specs = [s.strip() for s in text.split(",")]
    if not MIN_SEATS <= len(specs) <= MAX_SEATS:
        errors.append(("url.players_count", {"count": len(specs), "value": text}))
        return None
    seats = []
    for i, spec in enumerate(specs):
        if spec == "human":
            seats.append(Seat(default_name(i, None)))
            continue
        level = spec[3:] if spec.startswith("ai:") else spec if spec == "ai" else None
        if level is None:
            errors.append(("url.player", {"value": spec, "levels": ", ".join(ai_levels())}))
            return None
        level = level or default_level()
        if level == "ai":
            level = default_level()
        reason = ai_error(level)
        if reason:
            errors.append(
                ("url.ai", {"value": spec, "reason": reason, "levels": ", ".join(ai_levels())})
            )
            return None
        seats.append(Seat(default_name(i, level), level))
    return seats
