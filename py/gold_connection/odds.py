"""Exact odds of the loot roll with two dice (GC-5).

>>> success(7)
Fraction(7, 12)
>>> success(13), success(13, chips=1)
(Fraction(0, 1), Fraction(1, 36))
"""

from __future__ import annotations

from fractions import Fraction

DICE_OUTCOMES: tuple[tuple[int, int, Fraction], ...] = tuple(
    (a, b, Fraction(1 if a == b else 2, 36)) for a in range(1, 7) for b in range(a, 7)
)
"""The 21 distinct rolls ``(low, high, probability)``, canonical with low <= high."""

_AT_LEAST = {
    t: sum((p for a, b, p in DICE_OUTCOMES if a + b >= t), Fraction(0)) for t in range(2, 13)
}


def at_least(total: int) -> Fraction:
    """P(2d6 >= total)."""
    if total <= 2:
        return Fraction(1)
    return _AT_LEAST.get(total, Fraction(0))


def success(target: int, chips: int = 0) -> Fraction:
    """P(the loot roll reaches ``target`` with up to ``chips`` chips to spend) (GC-5.1, GC-5.2)."""
    return at_least(target - chips)
