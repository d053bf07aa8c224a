"""Gold Connection's players as seat specs name them (the grammar is :mod:`gamekit.seats`),
read without building one: a page checks the seats it is given without loading the search
(:mod:`.ai`, whose ``LEVELS`` hold each level's weights)."""

from __future__ import annotations

from gamekit.seats import SeatGrammar

BASELINES = ("random", "greedy")
SEARCH_LEVELS = ("medium", "hard", "expert")
"""The levels that search (``ai.LEVELS``, same order); ``easy`` takes no options."""
RISKS = {"cautious": -0.5, "bold": 0.5}
"""The named risk appetites (``:risk=R`` takes any R from -1 to 1)."""

SEATS = SeatGrammar(
    BASELINES,
    {"easy": (), **{level: ("risk", "budget") for level in SEARCH_LEVELS}},
    RISKS["bold"],
)

parse_ai = SEATS.parse_ai
"""``(level, options)`` of a computer level's spec (ValueError for any other spec)."""
