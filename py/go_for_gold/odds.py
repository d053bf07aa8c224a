"""Exact odds of the die rolls that score (GG-4.1, GG-4.2), as fractions.

>>> search(6, 0), search(6, 2), search(8, 1)
(Fraction(1, 6), Fraction(1, 2), Fraction(0, 1))
>>> temple(2), temple(6)
(Fraction(1, 3), Fraction(1, 1))
"""

from __future__ import annotations

from fractions import Fraction


def search(treasure: int, shovels: int) -> Fraction:
    """The chance that one roll plus at most ``shovels`` reaches ``treasure`` (GG-4.1)."""
    return Fraction(sum(1 for roll in range(1, 7) if roll + shovels >= treasure), 6)


def expected_spend(treasure: int, shovels: int) -> Fraction:
    """The shovels a search spends on average when every shortfall is paid (GG-4.1)."""
    need = [treasure - roll for roll in range(1, 7)]
    return Fraction(sum(k for k in need if 0 < k <= shovels), 6)


def temple(shovels: int) -> Fraction:
    """The chance that a temple roll is at most the shovels held (GG-4.2)."""
    return Fraction(min(max(shovels, 0), 6), 6)
