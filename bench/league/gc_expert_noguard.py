"""Trial seat (not a league entrant): today's engine ``expert`` with ``rival_guard`` off, i.e. the
expert before it learned to guard its crate from every robber while it leads (issue #25): the
baseline that measures the guard, and any change to it, on the same deals. All else is today's
expert, its doubled search too; with ``nodes_per_ms=30`` it is the expert the guard was measured
against."""

from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gc_trial import expert_with  # noqa: E402

_PLAYER, choose = expert_with("noguard", rival_guard=False)
