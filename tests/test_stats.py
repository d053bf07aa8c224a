"""shell.stats: the statistics model, its store and its file."""

import json

import pytest
from gamekit import daily
from shell import stats
from shell.stats import Result, Stats, StatsError
from shell.store import MemoryBackend, Store

GAMES = ("gold_connection", "go_for_gold")


def island(day, score, rid=None):
    return Result(
        "go_for_gold", rid or f"{day}:{score}", daily.seed(day, "island"), (), score, None, "5️⃣"
    )


def duel(rid, score, won, level="expert", seed=None):
    return Result("gold_connection", rid, seed, (level,), score, won, "🟨⬛")


def test_one_scored_attempt_a_day_the_rest_is_practice():
    s = Stats()
    assert s.add(island("2026-11-26", 30, "a"), "2026-11-26")
    assert s.add(island("2026-11-26", 40, "b"), "2026-11-26")
    assert [e["scored"] for e in s.games] == [True, False]
    assert s.summary("go_for_gold", "2026-11-26").daily_scores == [30]
    assert s.attempt("go_for_gold", "2026-11-26")["score"] == 30


def test_an_archive_day_played_later_is_practice():
    s = Stats()
    s.add(island("2026-11-20", 30), "2026-11-26")
    assert s.games[0]["daily"] == "2026-11-20" and not s.games[0]["scored"]
    assert s.summary("go_for_gold", "2026-11-26").streak == 0


def test_streak_counted_kept_and_broken():
    s = Stats()
    for day in ("2026-11-24", "2026-11-25", "2026-11-26"):
        s.add(island(day, 20), day)
    assert s.summary("go_for_gold", "2026-11-26").streak == 3  # counted
    assert s.summary("go_for_gold", "2026-11-27").streak == 3  # kept: today still to play
    assert s.summary("go_for_gold", "2026-11-28").streak == 0  # broken: a day missed
    s.add(island("2026-11-28", 25), "2026-11-28")
    summary = s.summary("go_for_gold", "2026-11-28")
    assert (summary.streak, summary.record) == (1, 3)


def test_streak_over_a_month_and_a_year_end():
    s = Stats()
    for k in range(40):
        day = daily.shift("2026-12-10", k)
        s.add(island(day, 10), day)
    assert s.summary("go_for_gold", "2027-01-18").streak == 40


def test_a_clock_moved_back_or_forward_corrupts_nothing():
    s = Stats()
    s.add(island("2026-11-26", 30), "2026-11-26")
    s.add(island("2026-12-05", 31), "2026-12-05")  # the clock moved forward
    s.add(island("2026-11-26", 32, "again"), "2026-11-26")  # and back: the day is scored
    assert [e["scored"] for e in s.games] == [True, True, False]
    summary = s.summary("go_for_gold", "2026-11-26")
    assert summary.streak == 1 and summary.record == 1  # the future day waits
    assert [e["n"] for e in s.games] == [1, 2, 3]  # order by recording, not by clock
    assert summary.daily_scores == [30, 31]


def test_wins_by_level_mean_and_best():
    s = Stats()
    s.add(duel("a", 90, True), "2026-11-26")
    s.add(duel("b", 70, False), "2026-11-26")
    s.add(duel("c", 80, True, level="medium"), "2026-11-26")
    summary = s.summary("gold_connection", "2026-11-26")
    assert summary.by_level == {"expert": (1, 2), "medium": (1, 1)}
    assert (summary.games, summary.mean, summary.best) == (3, 80.0, 90)
    assert s.summary("go_for_gold", "2026-11-26").games == 0


def test_the_same_game_is_recorded_once():
    s = Stats()
    assert s.add(duel("a", 90, True), "2026-11-26")
    assert not s.add(duel("a", 90, True), "2026-11-27")
    assert len(s.games) == 1


def test_accuracy_in_the_order_reviewed():
    s = Stats()
    assert s.add_accuracy("gold_connection", "a", 81.25, "2026-11-26")
    assert not s.add_accuracy("gold_connection", "a", 90, "2026-11-26")
    s.add_accuracy("gold_connection", "b", 120, "2026-11-20")
    assert s.summary("gold_connection", "2026-11-26").accuracy == [81.2, 100.0]


def filled():
    s = Stats()
    s.add(island("2026-11-25", 30), "2026-11-25")
    s.add(island("2026-11-26", 33), "2026-11-26")
    s.add(duel("x", 95, True, seed=daily.seed("2026-11-26", "duel")), "2026-11-26")
    s.add_accuracy("gold_connection", "x", 77.5, "2026-11-26")
    return s


def test_export_then_import_gives_the_same_statistics():
    s = filled()
    back = Stats.load_file(s.export(), GAMES)
    assert back == s
    for game in GAMES:
        assert back.summary(game, "2026-11-26") == s.summary(game, "2026-11-26")


def test_import_merges_and_keeps_one_attempt_a_day():
    here = Stats()
    here.add(island("2026-11-26", 10, "mine"), "2026-11-26")
    added = here.merge(Stats.load_file(filled().export(), GAMES))
    assert added == 3
    assert here.attempt("go_for_gold", "2026-11-26")["id"] == "mine"
    assert here.merge(Stats.load_file(filled().export(), GAMES)) == 0  # again: nothing new
    assert len({e["n"] for e in (*here.games, *here.accuracy)}) == 5


def tampered(edit):
    data = json.loads(filled().export())
    edit(data)
    return json.dumps(data)


@pytest.mark.parametrize(
    "text, key",
    [
        ("", "stats.bad.unreadable"),
        ("{", "stats.bad.unreadable"),
        ("[" * 5000 + "]" * 5000, "stats.bad.unreadable"),
        ('{"a": "' + "x" * 200_000 + '"}', "stats.bad.unreadable"),
        ("x" * 9_000_000, "stats.bad.unreadable"),
        (b"\xff\xfe", "stats.bad.unreadable"),
        ("[]", "stats.bad.foreign"),
        ('{"format": "gold-connection/1", "moves": []}', "stats.bad.foreign"),
        (tampered(lambda d: d.update(version=2)), "stats.bad.version"),
        (tampered(lambda d: d["games"][0].update(score=99)), "stats.bad.check"),
        (tampered(lambda d: d["games"].pop()), "stats.bad.check"),
        (tampered(lambda d: d.pop("check")), "stats.bad.check"),
        (tampered(lambda d: d["games"][0].update(score="99")), "stats.bad.entry"),
        (tampered(lambda d: d["games"][0].update(day="2026-02-30")), "stats.bad.entry"),
        (tampered(lambda d: d["games"][0].update(extra=1)), "stats.bad.entry"),
        (tampered(lambda d: d["games"][0].update(game="chess")), "stats.bad.game"),
        (tampered(lambda d: d["accuracy"][0].update(accuracy=101)), "stats.bad.entry"),
        (tampered(lambda d: d["games"].extend([d["games"][0]] * 20_001)), "stats.bad.size"),
    ],
)
def test_a_corrupt_foreign_or_tampered_file_is_refused_in_one_line(text, key):
    with pytest.raises(StatsError) as e:
        Stats.load_file(text, GAMES)
    assert e.value.message[0] == key
    assert "\n" not in str(e.value) and len(str(e.value)) <= 200


def test_two_scored_attempts_of_one_day_are_refused():
    s = filled()
    s.games[0]["daily"] = "2026-11-26"
    body = s.body()
    with pytest.raises(StatsError):
        Stats.from_body(body, GAMES)


def test_the_store_keeps_them_and_sets_a_corrupt_value_aside():
    backend = MemoryBackend()
    store = Store(backend, "site")
    assert stats.note(store, island("2026-11-26", 30), "2026-11-26")
    assert not stats.note(store, island("2026-11-26", 30), "2026-11-26")
    assert not stats.note(store, None, "2026-11-26")
    assert stats.load(Store(backend, "site")).games[0]["score"] == 30
    backend.setItem("site:stats", json.dumps({"games": [{"n": "x"}], "accuracy": []}))
    fresh = Store(backend, "site")
    assert stats.load(fresh) == Stats()
    assert "site:stats:corrupt" in backend.data and fresh.set_aside
