"""The bars and rows (GC-1)."""

from collections import Counter

from gold_connection.material import ALL_BARS, row_bars, row_ids, sort_bars


def test_gc_1_1_eighty_four_bars():
    assert len(ALL_BARS) == 84
    counts = Counter(ALL_BARS)
    assert counts["g1"] == 6 and counts["g6"] == 1 and counts["r3"] == 4


def test_gc_1_3_four_rows_out_of_play_with_four_players():
    assert len(row_ids(2)) == len(row_ids(3)) == 12
    assert row_ids(4) == ("b6", "b5", "y6", "y5", "g6", "g5", "r6", "r5")


def test_rows_hold_one_to_k():
    assert row_bars("g5", 3) == ["g1", "g2", "g3"]
    assert sort_bars(["r1", "g2", "b3", "y1", "b1"]) == ["b1", "b3", "y1", "g2", "r1"]
