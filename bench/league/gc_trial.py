"""What every trial seat (``gc_expert_noguard.py`` and its like) is: today's engine ``expert``
with some of its knobs turned, as a ``file:`` bot. Not a seat itself (it has no ``choose``)."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from gc_view import game_from_view
from gold_connection.ai import LEVELS, SearchPlayer


def expert_with(name: str, **knobs: Any) -> tuple[SearchPlayer, Callable[..., str]]:
    """The player (``expert:<name>``, today's expert with ``knobs``) and its bot's ``choose``."""
    player = SearchPlayer(f"expert:{name}", replace(LEVELS["expert"], **knobs))

    def choose(view: dict[str, Any], legal: list[str]) -> str:
        if len(legal) == 1:
            return legal[0]
        # the work budget only, as the frozen experts search (timed=False): a clock started at
        # infinity never runs out, so a busy machine (CI's two cores) gets the same answer
        token, _, _ = player.plan(game_from_view(view), legal, started=math.inf)
        return token if token in legal else legal[0]

    return player, choose
