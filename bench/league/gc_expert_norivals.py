"""Trial seat (not a league entrant): today's engine ``expert`` with ``rivals`` off, i.e. with
three or four players it values the end of a turn by its margin over the opponents on average,
as the expert of 27138b4 did, instead of the chance to beat each of them."""

from __future__ import annotations

import os
import sys
from dataclasses import replace
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gc_view import game_from_view  # noqa: E402
from gold_connection.ai import LEVELS, SearchPlayer  # noqa: E402

_PLAYER = SearchPlayer("expert:norivals", replace(LEVELS["expert"], rivals=False))


def choose(view: dict[str, Any], legal: list[str]) -> str:
    return _PLAYER.decide(game_from_view(view), legal)
