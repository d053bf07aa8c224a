"""The new-game form as state: edits arrive as (setting, seat, value) and are checked on start."""

from __future__ import annotations

from shell.i18n import Message
from shell.settings import SEED_MAX, SPEEDS, parse_seed, unique_names

from pages.gold_connection.settings import (
    MAX_SEATS,
    MIN_SEATS,
    Seat,
    Setup,
    ai_error,
    ai_levels,
    ai_parts,
    ai_spec,
    clean_name,
    default_level,
    default_name,
    knob_levels,
    quick_name,
)


class NewGameForm:
    def __init__(self, setup: Setup, speed: str):
        self.seats = [Seat(s.name, s.ai) for s in setup.seats]
        self.ending = setup.ending
        self.seed_text = "" if setup.seed is None else str(setup.seed)
        self.speed = speed
        self.bylink = False  # each player on their own device, the game passed by link
        self.errors: list[Message] = []

    def edit(self, setting: str, seat: int | None, value: str) -> bool:
        """One edit; True when the form must be drawn again (its shape changed)."""
        if setting == "name" and seat is not None and seat < len(self.seats):
            self.seats[seat].name = value
            return False
        if setting == "kind" and seat is not None and seat < len(self.seats):
            if self.bylink and value != "human":
                return True  # a game by link has people only (the form says so)
            s = self.seats[seat]
            # the quick game's names ("Player", "Computer") are defaults too, but only while
            # the seat stays a person or a computer: a person called "Computer" misleads
            crossing = (value == "human") != (s.ai is None)
            was_default = s.name.strip() in ("", default_name(seat, s.ai)) or (
                crossing and s.name.strip() == quick_name(s.ai)
            )
            if value == "human":
                s.ai = None
            else:
                level = value if value in ai_levels() else default_level()
                _, risk, budget = ai_parts(s.ai or level)
                s.ai = ai_spec(level, risk, budget) if level in knob_levels() else level
            if was_default:
                s.name = default_name(seat, s.ai)
            return True
        if setting in ("risk", "budget") and seat is not None and seat < len(self.seats):
            s = self.seats[seat]
            if s.ai is None:
                return False
            level, risk, budget = ai_parts(s.ai)
            if setting == "risk":
                risk = value
            else:
                budget = value
            spec = ai_spec(level, risk, budget)
            if ai_error(spec) is None:  # a value the form never offered changes nothing
                s.ai = spec
            return False
        if setting == "ending" and value in ("counter", "series"):
            self.ending = value
            return False
        if setting == "seed":
            self.seed_text = value
            return False
        if setting == "bylink":
            self.bylink = value == "on"
            if self.bylink:  # every seat a person's, shown as such before the game starts
                for i, s in enumerate(self.seats):
                    if s.ai is not None:
                        self.edit("kind", i, "human")
            return True
        if setting == "speed" and value in SPEEDS:
            self.speed = value
            return False
        return False

    def add_seat(self) -> bool:
        if len(self.seats) >= MAX_SEATS:
            return False
        i = len(self.seats)
        ai = None if self.bylink else default_level()
        self.seats.append(Seat(default_name(i, ai), ai))
        return True

    def remove_seat(self, i: int) -> bool:
        if len(self.seats) <= MIN_SEATS or not 0 <= i < len(self.seats):
            return False
        del self.seats[i]
        return True

    def setup(self) -> Setup | None:
        """The checked settings, or None with ``errors`` filled in."""
        self.errors = []
        seed = None
        if self.seed_text.strip():
            try:
                seed = parse_seed(self.seed_text)
            except ValueError:
                self.errors.append(
                    ("form.seed_error", {"value": self.seed_text.strip(), "max": SEED_MAX})
                )
        if self.errors:
            return None
        seats = [Seat(clean_name(s.name, i, s.ai), s.ai) for i, s in enumerate(self.seats)]
        return unique_names(Setup(seats, self.ending, seed))
