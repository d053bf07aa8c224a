"""Trial seat (not a league entrant): today's engine ``expert`` with ``margin`` 0.2 at every
decision (the expert itself counts it only below a 5 % chance to win), i.e. its utility is
0.8 times the chance to win plus 0.2 times the plain margin, so that far behind (or
far ahead), where the chance to win hardly moves, it does not throw points away on long shots
(issue #25, flaw c: rolls of ~8 % taken when behind)."""

from __future__ import annotations

import os
import sys
from dataclasses import replace
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gc_view import game_from_view  # noqa: E402
from gold_connection.ai import LEVELS, SearchPlayer  # noqa: E402

_PLAYER = SearchPlayer("expert:margin", replace(LEVELS["expert"], margin=0.2, margin_below=1.0))


def choose(view: dict[str, Any], legal: list[str]) -> str:
    return _PLAYER.decide(game_from_view(view), legal)
