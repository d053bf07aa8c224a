"""Go for Gold's players as seat specs name them (the grammar is :mod:`gamekit.seats`), read
without building one (:mod:`.ai`, whose ``LEVELS`` hold each level's weights)."""

from __future__ import annotations

from gamekit.seats import SeatGrammar

BASELINES = ("random", "greedy")
LEVELS = {"easy": (), "medium": ("risk",), "hard": ("risk", "budget")}
"""The computer levels (``ai.LEVELS``, same order) and their options: only ``hard`` plans
ahead, so only it has a thinking time to cap; ``easy`` takes none."""
BOLD = 0.6
"""The risk ``bold`` stands for; ``cautious`` is -0.6."""

SEATS = SeatGrammar(BASELINES, LEVELS, BOLD)

parse_ai = SEATS.parse_ai
"""``(level, options)`` of a computer level's spec (ValueError for any other spec)."""
