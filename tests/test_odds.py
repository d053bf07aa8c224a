"""Exact odds of the loot roll (GC-5.1, GC-5.2)."""

from fractions import Fraction

import pytest
from gold_connection import odds


def test_the_21_rolls_sum_to_one():
    assert len(odds.DICE_OUTCOMES) == 21
    assert sum(p for _, _, p in odds.DICE_OUTCOMES) == 1


@pytest.mark.parametrize(
    ("target", "p"), [(2, 1), (7, Fraction(21, 36)), (12, Fraction(1, 36)), (13, 0), (0, 1)]
)
def test_gc_5_1_exact_odds(target, p):
    assert odds.success(target) == p


def test_gc_5_2_a_target_of_13_needs_a_chip():
    assert odds.success(13) == 0
    assert odds.success(13, chips=1) == Fraction(1, 36)
    assert odds.success(17, chips=5) == Fraction(1, 36)
    assert odds.success(9, chips=2) == odds.success(7)
