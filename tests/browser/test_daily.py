"""The daily page in Chromium with a fixed clock (Playwright's clock) and time zones: the same
game for the same local date anywhere, a new one at local midnight, the streak, the share,
the statistics kept, exported and imported, a tampered file refused, offline."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

from daily_pages import at, new_page, stats_of
from gamekit import daily
from go_for_gold import record as gg_record
from gold_connection import review as gc_review
from helpers import stored_value
from pages.go_for_gold import daily as gg_daily
from pages.go_for_gold.controller import App as GgApp
from pages.gold_connection import daily as gc_daily
from playwright.sync_api import expect
from shell.stats import Result, Stats
from shell.store import MemoryBackend

SCREENS = Path("/work/screens/daily")


def finished_island_save(day: str, moves_seed: int) -> dict[str, str]:
    """localStorage of a Go for Gold page holding the daily island of ``day`` played to its
    end by a person choosing at random: what the page finds when that game has just ended."""
    backend = MemoryBackend()
    link = gg_daily.link(day)
    app = GgApp(backend, link[link.index("?") :])
    g, rng = app.game, random.Random(moves_seed)
    while not g.is_over():
        if g.current_player() < 0:
            app.roll()
        else:
            app.play(rng.choice(sorted(g.legal())))
    app.save()
    return {k: v for k, v in backend.data.items() if k.startswith("go-for-gold:")}


def play_island(page, wait_ready, day: str, moves_seed: int) -> None:
    """Finish the daily island of ``day`` on the game's page (its save put in place)."""
    page.goto("css/daily.css")  # any page of the site's origin, to write its storage
    for key, value in finished_island_save(day, moves_seed).items():
        page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, value])
    page.goto("go-for-gold.html")
    page.wait_for_selector("html[data-state=over]")  # the finished game: the page records it


def open_daily(page, wait_ready) -> None:
    page.goto("daily.html")
    wait_ready(page)


def test_the_same_game_for_the_same_local_date_and_a_new_one_at_local_midnight(
    browser, site_url, wait_ready, axe
):
    local = "2026-11-28T23:57:00"  # three minutes: time enough to load the page
    pages = []
    for zone, offset in (("Pacific/Auckland", 13), ("America/Los_Angeles", -8)):
        context, page = new_page(browser, site_url, zone, at(local, offset))
        open_daily(page, wait_ready)
        pages.append((context, page))
    links = [
        [
            p.locator(f'[data-play="{key}"]').get_attribute("href")
            for key in ("go_for_gold", "gold_connection")
        ]
        for _, p in pages
    ]
    seed = daily.seed("2026-11-28", "island")
    assert (
        links[0]
        == links[1]
        == [
            f"go-for-gold.html?players=human&map=b&seed={seed}",
            f"./?players=human,ai:expert&seed={daily.seed('2026-11-28', 'duel')}",
        ]
    )
    page = pages[1][1]
    assert re.fullmatch(r"0:0[0-3]:\d\d", page.locator("#countdown").inner_text())
    axe.check(page, "on the daily page, nothing played")
    page.clock.run_for(200_000)  # local midnight passes: the next day's island
    page.wait_for_selector('section[data-day="2026-11-29"]')
    href = page.locator('[data-play="go_for_gold"]').get_attribute("href")
    assert href.endswith(f"seed={daily.seed('2026-11-29', 'island')}")
    # the game's page opens the same island and dice for both
    records = []
    for _, p in pages:
        p.goto(links[0][0])
        wait_ready(p)
        save = stored_value(p.evaluate("localStorage.getItem('go-for-gold:save')"))
        records.append(save)
    assert records[0] == records[1]
    for context, _ in pages:
        context.close()


def finished_result(day: str, moves_seed: int) -> Result:
    """The statistics' result of that island, from the engine's side."""
    save = stored_value(finished_island_save(day, moves_seed)["go-for-gold:save"])
    r = gg_daily.result(gg_record.replay(save["record"]))
    assert r is not None
    return r


def island_share(day: str, moves_seed: int) -> str:
    """The share text the daily page should give for that island."""
    r = finished_result(day, moves_seed)
    return f"Go for Gold · daily island {day}\nScore: {r.score}\n{r.symbols}"


def test_the_streak_is_counted_kept_and_broken_and_the_share_gives_nothing_away(
    browser, site_url, wait_ready, axe
):
    context, page = new_page(browser, site_url, "Europe/Berlin", at("2026-11-24T10:00", 1))
    play_island(page, wait_ready, "2026-11-24", 1)
    page.clock.set_system_time(at("2026-11-25T23:30", 1))
    play_island(page, wait_ready, "2026-11-25", 2)
    # the end screen says what the game counted for, and leads to the statistics
    note = page.locator(".daily-end").first
    expect(note).to_contain_text("daily island of 2026-11-25: this score counts for the day")
    expect(note).to_contain_text("Daily streak: 2")
    assert note.locator("a").get_attribute("href") == "daily.html"
    open_daily(page, wait_ready)
    figures = stats_of(page, "go_for_gold")
    assert (figures["games"], figures["streak"], figures["record"]) == ("2", "2", "2")  # counted
    page.click('[data-intent="share"][data-arg="go_for_gold"]')
    text = page.locator("#share-text").input_value()
    assert text == island_share("2026-11-25", 2)
    assert not re.search(r"\b[a-m]\d{1,2}\b", text)  # no field of the path
    assert page.evaluate("navigator.clipboard.readText()") == text
    axe.check(page, "on the daily page with a result to share")
    page.reload()  # the statistics survive a reload
    wait_ready(page)
    assert stats_of(page, "go_for_gold") == figures
    page.clock.set_system_time(at("2026-11-26T08:00", 1))
    page.reload()
    wait_ready(page)
    assert stats_of(page, "go_for_gold")["streak"] == "2"  # kept: today's island is still to play
    assert page.locator('[data-play="go_for_gold"]').count() == 1
    page.clock.set_system_time(at("2026-11-27T08:00", 1))
    page.reload()
    wait_ready(page)
    figures = stats_of(page, "go_for_gold")
    assert (figures["streak"], figures["record"]) == ("0", "2")  # broken, the record kept
    play_island(page, wait_ready, "2026-11-25", 3)  # a past day, from the archive
    expect(page.locator(".daily-end").first).to_contain_text("from the archive: practice")
    context.close()
    # the same island played the same way in another time zone: the same text
    context, page = new_page(browser, site_url, "Asia/Tokyo", at("2026-11-25T09:00", 9))
    play_island(page, wait_ready, "2026-11-25", 2)
    score = finished_result("2026-11-25", 2).score
    play_island(page, wait_ready, "2026-11-25", 3)  # the day's game again, the same day
    expect(page.locator(".daily-end").first).to_contain_text(
        f"was already played (score {score}): this game was practice"
    )
    open_daily(page, wait_ready)
    page.click('[data-intent="share"][data-arg="go_for_gold"]')
    assert page.locator("#share-text").input_value() == text
    context.close()


def some_statistics() -> str:
    s = Stats()
    for k, score in enumerate((21, 34, 28)):
        day = daily.shift("2026-11-24", k)
        seed = daily.seed(day, "island")
        s.add(Result("go_for_gold", f"i{k}", seed, (), score, None, "5️⃣"), day)
    seed = daily.seed("2026-11-26", "duel")
    s.add(Result("gold_connection", "d", seed, ("expert",), 92, True, "🟨"), "2026-11-26")
    s.add_accuracy("gold_connection", "d", 81.5, "2026-11-26")
    return json.dumps(s.body())


def test_exported_statistics_import_into_a_fresh_browser_and_a_tampered_file_is_refused(
    browser, site_url, wait_ready, axe, tmp_path
):
    when = at("2026-11-26T12:00", 1)
    context, page = new_page(browser, site_url, "Europe/Berlin", when)
    page.goto("css/daily.css")
    page.evaluate("v => localStorage.setItem('site:stats', v)", some_statistics())
    open_daily(page, wait_ready)
    before = {g: stats_of(page, g) for g in ("go_for_gold", "gold_connection")}
    assert before["go_for_gold"]["streak"] == "3" and before["gold_connection"]["games"] == "1"
    assert page.locator('[data-chart="daily"]').count() == 2
    assert page.locator('[data-chart="accuracy"]').count() == 1
    # the browser was asked to keep the storage (navigator.storage.persist()), and its answer shown
    page.wait_for_function("document.body.innerText.includes(\"this site's storage\")")
    with page.expect_download() as got:
        page.click('[data-intent="export"]')
    exported = tmp_path / got.value.suggested_filename
    got.value.save_as(exported)
    assert exported.name == "gold-statistics-2026-11-26.json"
    context.close()

    context, page = new_page(browser, site_url, "America/New_York", at("2026-11-26T12:00", -5))
    open_daily(page, wait_ready)
    assert stats_of(page, "go_for_gold")["games"] == "0"
    data = json.loads(exported.read_text())
    data["games"][0]["score"] = 99  # a better score typed into the file
    tampered = tmp_path / "tampered.json"
    tampered.write_text(json.dumps(data))
    page.set_input_files("#import-file", str(tampered))
    page.wait_for_selector("#file-notice.problem")
    notice = page.inner_text("#file-notice")
    assert notice == (
        "This file was not imported: it was changed after it was exported. Nothing was changed."
    )
    assert stats_of(page, "go_for_gold")["games"] == "0"
    axe.check(page, "on the daily page with a refused file")
    page.set_input_files("#import-file", str(exported))
    page.wait_for_selector("#file-notice.ok")
    assert page.inner_text("#file-notice") == "Imported: 4 games added."
    assert {g: stats_of(page, g) for g in before} == before
    axe.check(page, "on the daily page with statistics and charts")
    # offline after this visit: the page and its statistics still there
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    context.set_offline(True)
    page.reload()
    wait_ready(page)
    assert {g: stats_of(page, g) for g in before} == before
    page.goto(page.locator('[data-archive="gold_connection"]').get_attribute("href"))
    wait_ready(page)
    assert page.locator('[data-tool="daily"]').count() == 1
    context.close()


def test_a_drill_from_a_planted_blunder_asks_then_tells_the_expert_s_choice(
    browser, site_url, wait_ready, axe
):
    from test_drills import planted_blunder

    rec, best, worst = planted_blunder()
    made = gc_daily.drills(rec, gc_review.review(rec))
    context, page = new_page(browser, site_url, "Europe/Berlin", at("2026-11-26T12:00", 1))
    page.goto("css/daily.css")
    page.evaluate("v => localStorage.setItem('site:drills', v)", json.dumps(made))
    open_daily(page, wait_ready)
    drill = page.locator("#drills [data-drill]")
    assert drill.locator("svg").count() >= 1  # the position: the vault and the crates
    assert "What would the expert play?" in drill.inner_text()
    axe.check(page, "on the daily page with a drill to solve")
    labels = [o[0] for o in made[0]["options"]]
    page.click(f'[data-intent="drill"][data-arg="{labels.index(worst)}"]')
    verdict = page.locator("#drill-verdict")
    assert verdict.inner_text().startswith("The expert plays ")
    assert page.evaluate("document.activeElement.id") == "drill-verdict"
    axe.check(page, "on the daily page with a drill answered")
    page.reload()  # the answer is kept: nothing left to solve
    wait_ready(page)
    assert "No position to solve yet" in page.inner_text("#drills")
    context.close()
