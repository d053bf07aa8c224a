"""gamekit.daily: a local date is the seed of the daily games."""

import pytest
from gamekit import daily


def test_seed_names_its_day_and_kind():
    for kind in daily.KINDS:
        for day in ("2026-01-01", "2026-02-28", "2028-02-29", "2026-12-31"):
            assert daily.day_of(daily.seed(day, kind)) == (day, kind)


def test_two_kinds_and_two_days_never_share_a_seed():
    days = [daily.shift("2026-01-01", k) for k in range(800)]
    seeds = {daily.seed(d, k) for d in days for k in daily.KINDS}
    assert len(seeds) == 2 * len(days)


@pytest.mark.parametrize("seed", [None, 0, 7, 2026113001 + 98, 2026023001, 20261126, 2**53 - 1])
def test_other_seeds_are_no_daily(seed):
    assert daily.day_of(seed) is None


@pytest.mark.parametrize(
    "text", ["", "2026-13-01", "2026-02-30", "26-11-26", "2026-11-26x", "x" * 999]
)
def test_a_bad_date_is_named(text):
    with pytest.raises(daily.DateError) as e:
        daily.parse(text)
    assert "\n" not in str(e.value) and len(str(e.value)) < 80


def test_side_b_at_weekends_only():
    week = [daily.shift("2026-11-23", k) for k in range(7)]  # Monday to Sunday
    assert [daily.island_side(d) for d in week] == ["a"] * 5 + ["b"] * 2


def test_countdown_to_local_midnight():
    assert daily.to_midnight(0, 0, 0) == 86_400
    assert daily.to_midnight(23, 59, 59) == 1
    assert daily.countdown(daily.to_midnight(12, 0, 0)) == "12:00:00"


def test_archive_reaches_from_the_first_day_to_today():
    assert daily.in_archive("2026-01-01", "2026-11-26")
    assert daily.in_archive("2026-11-26", "2026-11-26")
    assert not daily.in_archive("2026-11-27", "2026-11-26")
    assert not daily.in_archive("2025-12-31", "2026-11-26")
    assert daily.archive("2020-05-05") == ("2020-05-05", "2020-05-05")  # a clock set far back
