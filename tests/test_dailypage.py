"""shell.dailypage: the daily page's state and HTML, without a browser."""

import json

from gamekit import daily
from pages.go_for_gold import daily as gg_daily
from pages.gold_connection import daily as gc_daily
from shell import i18n, stats
from shell.dailypage import DailyApp, DailyGame, share_text
from shell.stats import Result, Stats
from shell.store import MemoryBackend, Store

GAMES = [
    DailyGame("gold_connection", "Gold Connection", "./", "duel", gc_daily.link),
    DailyGame("go_for_gold", "Go for Gold", "go-for-gold.html", "island", gg_daily.link),
]


def island(day, score, rid="a"):
    return Result("go_for_gold", rid, daily.seed(day, "island"), (), score, None, "5️⃣ 🛕")


def app_with(*results, today="2026-11-26"):
    backend = MemoryBackend()
    store = Store(backend, "site")
    for r, day in results:
        stats.note(store, r, day)
    return DailyApp(backend, GAMES, today, 3600), backend


def test_today_s_links_and_then_the_score_and_its_share():
    app, _ = app_with()
    html = app.html()
    assert f'href="{gg_daily.link("2026-11-26")}"' in html.replace("&amp;", "&")
    assert app.share("go_for_gold") is None
    app, _ = app_with((island("2026-11-26", 31), "2026-11-26"))
    assert "Today&#x27;s score: 31" in app.html()
    text = app.share("go_for_gold")
    assert text == "Go for Gold · daily island 2026-11-26\nScore: 31\n5️⃣ 🛕"
    app.shared_as("go_for_gold", text, copied=False)
    assert 'id="share-text"' in app.html() and "Copy the result below by hand" in app.html()


def test_the_share_of_a_duel_says_won_or_lost_in_the_page_s_language():
    entry = {"daily": "2026-11-26", "score": 92, "won": True, "symbols": "🟨⬛"}
    try:
        i18n.set_language("de")
        assert share_text(GAMES[0], entry).splitlines()[:2] == [
            "Gold Connection · Duell des Tages 2026-11-26",
            "Punkte: 92 · gegen den Experten gewonnen",
        ]
    finally:
        i18n.set_language("en")


def test_a_new_day_at_midnight_and_the_countdown():
    app, _ = app_with((island("2026-11-26", 31), "2026-11-26"))
    assert not app.tick("2026-11-26", 5)
    assert app.html_countdown() == "0:00:05"
    assert app.tick("2026-11-27", 86_399)
    assert 'data-play="go_for_gold"' in app.html() and 'data-day="2026-11-27"' in app.html()


def test_the_archive_opens_past_days_only():
    app, _ = app_with()
    app.choose_day("2026-03-01")
    assert app.archive_day == "2026-03-01" and app.archive_problem is None
    assert gg_daily.link("2026-03-01").replace("&", "&amp;") in app.html()
    for bad in ("2026-11-27", "2025-12-31", "yesterday"):
        app.choose_day(bad)
        assert app.archive_day == "2026-03-01" and app.archive_problem[0] == "daily.archive.bad"
    assert 'role="alert"' in app.html()


def test_an_import_refused_changes_nothing_and_says_why():
    app, backend = app_with((island("2026-11-25", 30), "2026-11-25"))
    before = dict(backend.data)
    assert not app.import_text('{"format": "gold-connection/1"}')
    assert backend.data == before
    assert "it holds no statistics of this site. Nothing was changed." in app.html()
    other = Stats()
    other.add(island("2026-11-26", 33, "b"), "2026-11-26")
    assert app.import_text(other.export())
    assert "Imported: 1 game added." in app.html()
    assert len(json.loads(backend.data["site:stats"])["value"]["games"]) == 2


def test_a_corrupt_store_is_set_aside_and_said_once():
    backend = MemoryBackend({"site:stats": "{not json"})
    app = DailyApp(backend, GAMES, "2026-11-26", 60)
    assert "could not be read and were set aside" in app.html()
    assert "site:stats:corrupt" in backend.data
