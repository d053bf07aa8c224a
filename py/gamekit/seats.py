"""Seat specs, one grammar for every game: who plays a seat, as a command line or a page names it.

    random | greedy              a baseline player (the ones the game offers)
    [ai:]LEVEL[:OPTION]...       a computer level; options ``cautious``, ``bold``, ``risk=R``
                                 (R from -1 to 1) and ``budget=MS`` (1 to 60000 ms per decision)
    file:PATH                    a bot file (:mod:`gamekit.plugins`)

A game describes its players in a :class:`SeatGrammar` (its baselines, its levels with the
options each takes, what ``cautious`` and ``bold`` mean to it); :meth:`SeatGrammar.parse`
checks a spec without building a player, so a page checks seats without loading the search,
and every refusal is a ValueError of one line naming the spec, the part that is wrong and what
is allowed.

>>> seats = SeatGrammar(("random",), {"easy": (), "hard": ("risk", "budget")}, 0.5)
>>> seats.parse("ai:hard:bold:budget=300")
Seat(kind='ai', name='hard', options=(('risk', 0.5), ('budget', 300.0)))
>>> seats.parse("easy:bold")
Traceback (most recent call last):
ValueError: option 'bold' in 'easy:bold': easy takes no options
>>> seats.parse("nonsense")
Traceback (most recent call last):
ValueError: unknown player 'nonsense'; choose from random, easy, hard or file:path/to/bot.py
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from .safejson import clip

OPTIONS = ("risk", "budget")
"""Every option a level may take: its appetite for risk, its thinking time."""
MAX_BUDGET_MS = 60_000
BOT_EXAMPLE = "file:path/to/bot.py"
# what ``float`` reads, without nan, inf or underscores
_NUMBER = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)")


@dataclass(frozen=True)
class Seat:
    """A checked seat spec: a baseline, a computer level with its options, or a bot file."""

    kind: Literal["baseline", "ai", "file"]
    name: str
    """The baseline or the level, or the bot file's path."""
    options: tuple[tuple[str, float], ...] = ()
    """``("risk", R)`` and ``("budget", MS)``, each at most once, in the spec's order."""


def _option(word: str, risk_words: float) -> tuple[str, float]:
    """One option word as ``(name, value)``; ValueError with the reason alone."""
    key, eq, value = word.partition("=")
    if not eq and word in ("cautious", "bold"):
        return "risk", risk_words if word == "bold" else -risk_words
    if eq and key == "risk":
        if not _NUMBER.fullmatch(value) or not -1 <= float(value) <= 1:
            raise ValueError("risk must be a number from -1 to 1")
        return "risk", float(value)
    if eq and key == "budget":
        if not (value.isascii() and value.isdigit() and 1 <= int(value[:9]) <= MAX_BUDGET_MS):
            raise ValueError(f"budget must be a whole number of milliseconds, 1 to {MAX_BUDGET_MS}")
        return "budget", float(value)
    raise ValueError("unknown option; use cautious, bold, risk=R or budget=MS")


@dataclass(frozen=True)
class SeatGrammar:
    """The players a game offers, for :meth:`parse`."""

    baselines: tuple[str, ...]
    levels: dict[str, tuple[str, ...]]
    """Each computer level with the options (of :data:`OPTIONS`) it takes, in the order to list."""
    bold: float
    """The risk ``bold`` stands for (``cautious`` is its negative)."""

    def choices(self) -> str:
        """Every player, for messages: ``random, greedy, easy, … or file:path/to/bot.py``."""
        return f"{', '.join([*self.baselines, *self.levels])} or {BOT_EXAMPLE}"

    def parse(self, spec: str) -> Seat:
        """The seat ``spec`` names; ValueError (one line) naming what is wrong and what is
        allowed."""
        kind, colon, rest = spec.partition(":")
        if kind == "file":
            if not rest.strip():
                raise ValueError(f"{clip(spec)} names no bot file; use {BOT_EXAMPLE}")
            return Seat("file", rest)
        if kind in self.baselines:
            if colon:
                raise ValueError(f"option {clip(rest)} in {clip(spec)}: {kind} takes no options")
            return Seat("baseline", kind)
        words = spec.split(":")
        if kind == "ai":
            words = words[1:]
            if not words or words[0] not in self.levels:
                raise ValueError(
                    f"unknown AI level {clip(words[0] if words else '')} in {clip(spec)}; "
                    f"choose from {', '.join(self.levels)}"
                )
        elif kind not in self.levels:
            what = "an empty player" if not spec.strip() else f"unknown player {clip(spec)}"
            raise ValueError(f"{what}; choose from {self.choices()}")
        level, given = words[0], words[1:]
        takes = self.levels[level]
        options: list[tuple[str, float]] = []
        for word in given:
            try:
                if not takes:
                    raise ValueError(f"{level} takes no options")
                name, value = _option(word, self.bold)
                if name not in takes:
                    allowed = " or ".join(
                        "cautious, bold, risk=R" if t == "risk" else "budget=MS" for t in takes
                    )
                    raise ValueError(f"{level} takes {allowed}")
                if any(n == name for n, _ in options):
                    raise ValueError(f"the {name} is given twice")
            except ValueError as e:
                raise ValueError(f"option {clip(word)} in {clip(spec)}: {e}") from None
            options.append((name, value))
        return Seat("ai", level, tuple(options))

    def parse_ai(self, spec: str) -> tuple[str, list[tuple[str, float]]]:
        """``(level, options)`` of a computer level's spec; ValueError for any other spec.

        >>> SeatGrammar((), {"hard": ("risk",)}, 0.5).parse_ai("ai:hard:cautious")
        ('hard', [('risk', -0.5)])
        """
        seat = self.parse(spec)
        if seat.kind != "ai":
            levels = ", ".join(self.levels)
            raise ValueError(f"{clip(spec)} is no computer level; choose from {levels}")
        return seat.name, list(seat.options)
