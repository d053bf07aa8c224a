"""Trial seat (not a league entrant): today's engine ``expert`` with ``rival_guard`` off, i.e. the
expert before it learned to guard its crate from every robber while it leads (issue #25): the
baseline that measures the guard, and any change to it, on the same deals. All else is today's
expert, its doubled search too; with ``nodes_per_ms=30`` it is the expert the guard was measured
against."""

from __future__ import annotations

import os
import sys
from dataclasses import replace
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gc_view import game_from_view  # noqa: E402
from gold_connection.ai import LEVELS, SearchPlayer  # noqa: E402

_PLAYER = SearchPlayer("expert:noguard", replace(LEVELS["expert"], rival_guard=False))


def choose(view: dict[str, Any], legal: list[str]) -> str:
    return _PLAYER.decide(game_from_view(view), legal)
