"""Trial seat (not a league entrant): today's engine ``expert`` with the work budget it had
before it was doubled (``nodes_per_ms`` 30: 6,000 nodes a decision at its 200 ms), the
baseline that measures the doubled search, and any change to it, on the same deals (issue #25,
docs/league.md, "Kept: twice the search")."""

from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gc_trial import expert_with  # noqa: E402

_PLAYER, choose = expert_with("onework", nodes_per_ms=30)
