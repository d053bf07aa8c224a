"""Trial seat (not a league entrant): today's engine ``expert`` with ``rivals`` off, i.e. with
three or four players it values the end of a turn by its margin over the opponents on average,
as the expert of 27138b4 did, instead of the chance to beat each of them."""

from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gc_trial import expert_with  # noqa: E402

_PLAYER, choose = expert_with("norivals", rivals=False)
