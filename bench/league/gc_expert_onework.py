"""Trial seat (not a league entrant): today's engine ``expert`` with the work budget it had
before it was doubled (``nodes_per_ms`` 30: 6,000 nodes a decision at its 200 ms), the
baseline that measures the doubled search, and any change to it, on the same deals (issue #25,
docs/league.md, "Kept: twice the search")."""

from __future__ import annotations

import os
import sys
from dataclasses import replace
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gc_view import game_from_view  # noqa: E402
from gold_connection.ai import LEVELS, SearchPlayer  # noqa: E402

_PLAYER = SearchPlayer("expert:onework", replace(LEVELS["expert"], nodes_per_ms=30))


def choose(view: dict[str, Any], legal: list[str]) -> str:
    return _PLAYER.decide(game_from_view(view), legal)
