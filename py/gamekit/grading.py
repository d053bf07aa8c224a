"""How both games' reviews grade a decision and score a player (docs/review.md).

A decision's *loss* is the points the strongest level expects the best option to be worth
more than the option played, never negative. Its grade comes from the loss (:data:`GRADES`,
:data:`THRESHOLDS`); a player's accuracy is ``100 * exp(-mean loss)`` over their graded
decisions (:func:`accuracy`). A decision that costs less than :data:`DECIDED` of the chance to
win (the game is decided either way) is graded at worst an inaccuracy and counts at most an
inaccuracy's loss (:func:`counted`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any, Protocol, TypeVar

GRADES = ("best", "good", "inaccuracy", "mistake", "blunder")
THRESHOLDS = (0.1, 0.5, 1.25, 2.5)
"""The most points a decision may lose and still earn each grade but the last."""
DECIDED = 0.005
"""A loss of less chance to win than this grades no worse than an inaccuracy."""
ACCURACY_SCALE = 1.0
"""Points lost per decision, on average, at which accuracy falls to 100/e (37)."""


def grade(loss: float, win_loss: float = 1.0) -> str:
    """The grade of a decision that lost ``loss`` points and ``win_loss`` chance to win; one
    that costs less than :data:`DECIDED` of the chance to win (the game is decided either way)
    is at worst an inaccuracy.

    >>> grade(0.0), grade(0.4), grade(1.0), grade(2.0), grade(3.0), grade(3.0, 0.001)
    ('best', 'good', 'inaccuracy', 'mistake', 'blunder', 'inaccuracy')
    """
    for name, limit in zip(GRADES[:3], THRESHOLDS, strict=False):
        if loss <= limit:
            return name
    if win_loss < DECIDED:
        return GRADES[2]
    return GRADES[3] if loss <= THRESHOLDS[3] else GRADES[4]


def counted(loss: float, win_loss: float = 1.0) -> float:
    """The loss the accuracy counts: as graded, so at most an inaccuracy's in a decided game.

    >>> counted(3.0), counted(3.0, 0.001)
    (3.0, 1.25)
    """
    return loss if win_loss >= DECIDED else min(loss, THRESHOLDS[2])


def accuracy(losses: Sequence[float]) -> float:
    """``100 * exp(-mean loss / ACCURACY_SCALE)``; 100 with no decisions.

    >>> accuracy([0.0, 0.0]), round(accuracy([0.2, 0.0]), 1)
    (100.0, 90.5)
    """
    if not losses:
        return 100.0
    return 100.0 * math.exp(-sum(losses) / len(losses) / ACCURACY_SCALE)


class Graded(Protocol):
    """A reviewed decision as :func:`costliest` reads it (both games' ``Decision``)."""

    @property
    def grade(self) -> str: ...
    @property
    def loss(self) -> float: ...
    @property
    def index(self) -> int: ...


D = TypeVar("D", bound=Graded)


def costliest(decisions: Iterable[D], n: int) -> tuple[D, ...]:
    """The ``n`` decisions that cost something, the worst grades first, then the most points
    lost, then the earliest."""
    lost = (d for d in decisions if d.loss > 0)
    return tuple(sorted(lost, key=lambda d: (-GRADES.index(d.grade), -d.loss, d.index))[:n])


def plain(x: Any) -> Any:
    """A review's data in JSON's own shapes: tuples become lists.

    >>> plain({"a": (1, (2, 3))})
    {'a': [1, [2, 3]]}
    """
    if isinstance(x, dict):
        return {k: plain(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [plain(v) for v in x]
    return x
