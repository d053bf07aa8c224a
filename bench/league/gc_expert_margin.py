"""Trial seat (not a league entrant): today's engine ``expert`` with ``margin`` 0.2 at every
decision (the expert itself counts it only below a 5 % chance to win), i.e. its utility is
0.8 times the chance to win plus 0.2 times the plain margin, so that far behind (or
far ahead), where the chance to win hardly moves, it does not throw points away on long shots
(issue #25, flaw c: rolls of ~8 % taken when behind)."""

from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gc_trial import expert_with  # noqa: E402

_PLAYER, choose = expert_with("margin", margin=0.2, margin_below=1.0)
