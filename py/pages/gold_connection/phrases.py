"""Game things in words: bars, fields, headings, rows, chances and lists, all via the message
table, plus the wording of log lines whose params are still data."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import Any

from gold_connection import Game
from gold_connection.board import ENDS
from shell.i18n import counted, t, tn

from pages.gold_connection.settings import localized_name


def name(game: Game, seat: int) -> str:
    """A seat's name; a default one ("Player 1", "Bot (medium)") in the language in force."""
    return localized_name(game.players[seat]["name"])


def bar(b: str) -> str:
    return t("bar", colour=t("colour." + b[0]), value=b[1])


def bars(items: Iterable[str]) -> str:
    items = list(items)
    return join([bar(b) for b in items]) if items else t("bars.none")


def plus(items: Iterable[str]) -> str:
    """Bars added up, as a target counts them: "blue 2 + green 3"."""
    return " + ".join(bar(b) for b in items) or t("bars.none")


def field(f: str) -> str:
    return t("field.end." + f) if f in ENDS else t("field.safe", field=f)


def field_short(f: str) -> str:
    return f


def heading(h: str) -> str:
    return t("heading." + h)


def corridor_span(c: str) -> str:
    return t("corridor.span." + c)


def route(turns: list[tuple[str, str]]) -> str:
    """``[("E", "m"), ("W", "n")]`` -> "E → middle, W → north"."""
    return join([t("route.step", field=f, corridor=t("corridor." + c)) for f, c in turns])


def row(r: str) -> str:
    return t("row", colour=t("colour." + r[0]), length=r[1])


def pct(p: Fraction | float | None) -> str:
    if p is None:
        return "–"
    x = float(p) * 100
    if 0 < x < 1:
        return t("pct.below_one")
    if 99 < x < 100:
        return t("pct.above_99")
    return t("pct", n=round(x))


def join(items: list[str]) -> str:
    """ "a", "a and b", "a, b and c"."""
    if len(items) <= 1:
        return "".join(items)
    return t("list.join", head=t("list.sep").join(items[:-1]), last=items[-1])


def names(items: list[str]) -> str:
    return join(items)


def either(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return t("list.either", head=t("list.sep").join(items[:-1]), last=items[-1])


_FORMAT: dict[str, Callable[[Any], str]] = {
    "bars": bars,
    "placed": bars,
    "back": bars,
    "field": field,
    "heading": heading,
    "chance": pct,
    "chance_chips": pct,
    "chips_n": lambda n: tn("count.chips", n),
    "total": lambda n: tn("count.steps", n),
    "gain": lambda n: tn("count.points", n),
}


def log_text(key: str, params: dict[str, Any]) -> str:
    """A log line from its message id and raw params; a counted id takes the form of ``n``."""
    out: dict[str, Any] = {}
    for k, v in params.items():
        if k in _FORMAT:
            out[k] = _FORMAT[k](v)
        elif k in ("name", "victim", "receiver"):
            out[k] = localized_name(v)
        elif k == "fields":
            out[k] = either([field(f) for f in v])
        elif k == "corridors":
            out[k] = join([t("corridor." + c) for c in v])
        elif k == "corridor":
            out[k] = t("corridor." + v)
        else:
            out[k] = v
    if counted(key):
        return tn(key, out.pop("n"), **out)
    return t(key, **out)
