"""New-game settings: seats (human or computer with its level), names, ending, seed; the pace of
the computer seats; and reading all of them from URL parameters with errors in words.

Errors are ``(message id, params)`` pairs, shown through :func:`shell.i18n.t`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from gamekit import daily
from shell import screenreader
from shell.i18n import CATALOGUES, has, t
from shell.i18n import language as current_language
from shell.settings import (
    NAME_MAX,
    SEED_MAX,
    Error,
    Query,
    read_names_and_seed,
    read_query,
    seat_error,
    unique_names,
)

ENDINGS = ("counter", "series")
DAILY_KIND = "duel"  # Gold Connection's daily game (pages.gold_connection.daily)
DAILY_SEATS = ["human", "expert"]  # a person first, the expert second
MIN_SEATS, MAX_SEATS = 2, 4
LEVEL_CANDIDATES = ("easy", "medium", "hard", "expert", "greedy", "random")
PREFERRED_LEVEL = ("medium", "greedy")
QUERY_KEYS = ("players", "names", "seed", "ending", "speed", "lang", screenreader.QUERY_KEY)





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

    def to_dict(self) -> dict[str, Any]:
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

    def to_dict(self) -> dict[str, Any]:
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
        seats: list[Seat] = []
        for s in data.get("seats") or []:
            if not isinstance(s, dict):
                continue
            ai = s.get("ai")
            ai = ai if isinstance(ai, str) and ai_error(ai) is None else None
            seats.append(Seat(clean_name(s.get("name"), len(seats), ai), ai))
        if not MIN_SEATS <= len(seats) <= MAX_SEATS:
            return quick_setup()
        ending = data["ending"] if data.get("ending") in ENDINGS else "counter"
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












def parse_query(query: str, base: Setup, languages: list[str]) -> Query[Setup]:
    """Read ``?players=human,ai:greedy&names=Ada,Bot&seed=7&ending=counter&speed=instant&lang=en``.

    Any game parameter (players, names, seed, ending) starts a new game, the rest from
    ``base``; every invalid value is reported and then no game is started from the URL.
    """
    q: Query[Setup] = Query()
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


def daily_day(seed: int | None, players: list[dict[str, Any]]) -> str | None:
    """The day whose daily duel a game with this seed and these seats is, None for any other.

    >>> daily_day(2026112602, [{"name": "Ada"}, {"name": "Bot", "ai": "expert"}])
    '2026-11-26'
    >>> daily_day(2026112602, [{"name": "Ada"}, {"name": "Bot", "ai": "medium"}]) is None
    True
    """
    found = daily.day_of(seed)
    seats = [p.get("ai") or "human" for p in players]
    if found is None or found[1] != DAILY_KIND or seats != DAILY_SEATS:
        return None
    return found[0]
