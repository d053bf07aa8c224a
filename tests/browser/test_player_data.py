"""What a player keeps, as a daily player's browser keeps it (issue #57): a day of play across
the pages, then every page still shows all of it and the statistics file carries it; one
damaged entry among good ones, two damages in a row, a full storage that frees up again, and
two tabs writing the statistics at once."""

from __future__ import annotations

import json
import random
from pathlib import Path

from daily_pages import at, new_page, stats_of
from gamekit import daily
from go_for_gold.table import Table
from gold_connection import Game as GcGame
from helpers import stored_value
from pages.go_for_gold import daily as gg_daily
from pages.go_for_gold.controller import App as GgApp
from playwright.sync_api import expect
from shell import bylink
from shell.stats import GAME_FIELDS, Result, Stats
from shell.store import MemoryBackend

DAY = "2026-12-01"
FIXTURE = Path(__file__).parents[1] / "fixtures" / "storage-4a5e87c" / "storage.json"
REVIEW_DONE = '#dialog [data-dialog="review"][data-review="done"]'
FULL = """(() => {
  const set = Storage.prototype.setItem;
  Storage.prototype.setItem = function (k, v) {
    if (localStorage.getItem('test:full') === '1' && k !== 'test:full')
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    return set.call(this, k, v);
  };
})();"""


def gg_save(query: str, seed: int) -> str:
    """A Go for Gold game of ``query`` played to its end by random choices, as the page saves
    it: the page finds it finished and records it."""
    backend = MemoryBackend()
    app = GgApp(backend, query)
    g, rng = app.game, random.Random(seed)
    while not g.is_over():
        if g.current_player() < 0:
            app.roll()
        elif g.players[g.to_move].get("ai"):
            app.play(rng.choice(sorted(g.legal())))
        else:
            app.play(rng.choice(sorted(g.legal())))
    app.save()
    return backend.data["go-for-gold:save"]


def duel_save(day: str, seed: int) -> str:
    """The daily duel of ``day`` played to its end, the person at random (a review finds
    mistakes to drill), the expert's seat by random legal moves too (only the record counts)."""
    g = GcGame.new(["Player", "Bot (expert)"], seed=daily.seed(day, "duel"), ais=[None, "expert"])
    rng = random.Random(seed)
    while not g.is_over():
        g.roll(rng) if g.prompt == "roll" else g.apply(rng.choice(g.legal()))
    return json.dumps({"format": "site-save/1", "game": "gold-connection", "record": g.record()})


def put(page, items: dict[str, str]) -> None:
    for key, value in items.items():
        page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, value])


def stored(page, key: str):
    return stored_value(page.evaluate(f"localStorage.getItem({key!r})"))


def test_a_daily_player_s_day_is_kept_on_every_page_and_in_the_file(
    browser, site_url, wait_ready, tmp_path
):
    context, page = new_page(browser, site_url, "Europe/Berlin", at(f"{DAY}T09:00", 1))
    page.goto("css/daily.css")  # the site's origin, to write its storage
    # the daily island, finished: the page records it
    put(page, {"go-for-gold:save": gg_save(gg_daily.link(DAY)[len("go-for-gold.html"):], 1)})
    page.goto("go-for-gold.html")
    page.wait_for_selector("html[data-state=over]")
    expect(page.locator(".daily-end").first).to_contain_text("counts for the day")
    # the daily duel, finished (the entry 4a5e87c could not read back), and its review
    put(page, {"gold-connection:save": duel_save(DAY, 2)})
    page.goto("./")
    page.wait_for_selector('#dialog [data-dialog="over"]', timeout=60_000)
    expect(page.locator(".daily-end").first).to_contain_text("counts for the day")
    page.click('#dialog [data-intent="review"]')
    page.wait_for_selector(REVIEW_DONE, timeout=180_000)
    # a Go for Gold game against two computers
    put(page, {"go-for-gold:save": gg_save("?players=human,ai:easy,ai:hard&map=a&seed=5", 3)})
    page.goto("go-for-gold.html")
    page.wait_for_selector("html[data-state=over]")
    # a Gold Connection game by link, opened from a friend's link
    record = GcGame.new(["Ada", "Bob"], seed=11).record()
    page.goto("./" + bylink.fragment("f00d", record))
    wait_ready(page)
    assert "f00d" in stored(page, "gold-connection:bylink")
    # a table seat: two steps tapped, then the phone reloads mid-round
    table = Table(424242, "a", 2, 0, ("Ada", "Bob"))
    page.goto("go-for-gold.html?" + table.query())
    wait_ready(page)
    page.click('[data-intent="seat"][data-arg="0"]')
    for _ in range(2):
        page.locator('[data-intent="step"]').first.click()
    tapped = stored(page, f"go-for-gold-table:t:{table.code}")["building"]
    assert len(tapped) == 2
    page.reload()
    wait_ready(page)
    assert page.locator('[data-intent="undo_step"]').is_enabled()  # the steps are still drawn
    assert stored(page, f"go-for-gold-table:t:{table.code}")["building"] == tapped

    page.goto("daily.html")
    wait_ready(page)
    assert page.locator(".stored-notice").count() == 0
    figures = {g: stats_of(page, g) for g in ("go_for_gold", "gold_connection")}
    assert figures["go_for_gold"]["games"] == "2" and figures["gold_connection"]["games"] == "1"
    assert figures["go_for_gold"]["streak"] == "1" and figures["gold_connection"]["streak"] == "1"
    assert page.locator('[data-chart="accuracy"]').count() == 1  # the duel's review
    assert page.locator("#drills [data-drill]").count() == 1  # and a drill from it
    # every page still starts with what it kept
    page.goto("./")
    wait_ready(page)
    assert page.locator("#notices .notice").count() == 0
    page.goto("go-for-gold.html")
    page.wait_for_selector("html[data-state=over]")  # the game against computers, as it ended
    assert page.locator("#notices .notice").count() == 0
    with page.expect_download() as got:
        page.goto("daily.html")
        wait_ready(page)
        page.click('[data-intent="export"]')
    exported = tmp_path / got.value.suggested_filename
    got.value.save_as(exported)
    data = json.loads(exported.read_text())
    assert len(data["games"]) == 3 and len(data["accuracy"]) == 1 and data["drills"]
    context.close()
    # the file carries it all to another browser
    context, page = new_page(browser, site_url, "Europe/Berlin", at(f"{DAY}T20:00", 1))
    page.goto("daily.html")
    wait_ready(page)
    page.set_input_files("#import-file", str(exported))
    page.wait_for_selector("#file-notice.ok")
    assert {g: stats_of(page, g) for g in figures} == figures
    assert page.locator('[data-chart="accuracy"]').count() == 1
    assert page.locator("#drills [data-drill]").count() == 1  # the drill came with the file
    context.close()


def rows(*scores: object) -> str:
    """Stored statistics (version 2) of daily islands with these scores, one a day."""
    s = Stats()
    for k in range(len(scores)):
        day = daily.shift(DAY, k - len(scores) + 1)
        r = Result("go_for_gold", f"g{k}", daily.seed(day, "island"), (), 0, None, "5️⃣")
        s.add(r, day)
    body = s.rows()
    for k, score in enumerate(scores):
        body["games"][k][GAME_FIELDS.index("score")] = score  # a bad one among them
    return json.dumps({"v": 2, "value": body})


def test_a_damaged_entry_costs_only_itself_and_two_damages_are_both_kept(
    browser, site_url, wait_ready, axe
):
    context, page = new_page(browser, site_url, "Europe/Berlin", at(f"{DAY}T09:00", 1))
    page.goto("css/daily.css")
    put(page, {"site:stats": rows(20, "twenty", 30, 40)})
    page.goto("daily.html")
    wait_ready(page)
    notice = page.locator(".stored-notice")
    expect(notice).to_have_text(
        "1 stored entry could not be read and was kept aside (entry 2 is not readable"
        " (score)); everything else is counted."
    )
    top = notice.bounding_box()
    assert top is not None and top["y"] < 400  # near the top, not under the statistics
    assert stats_of(page, "go_for_gold")["games"] == "3"
    axe.check(page, "on the daily page telling of a damaged entry")
    page.reload()  # told once; the damaged entry kept aside
    wait_ready(page)
    assert page.locator(".stored-notice").count() == 0
    put(page, {"site:stats": rows(1, 2, None)})  # a second damage, later
    page.reload()
    wait_ready(page)
    assert stats_of(page, "go_for_gold")["games"] == "2"
    aside = stored(page, "site:stats:corrupt")
    assert ['"twenty"' in a["text"] for a in aside] == [True, False]  # both kept, in order
    assert "null" in aside[1]["text"]
    context.close()


def test_a_full_storage_is_told_the_game_goes_on_and_saving_resumes_when_space_returns(
    browser, site_url, wait_ready
):
    context, page = new_page(browser, site_url, "Europe/Berlin", at(f"{DAY}T09:00", 1))
    context.add_init_script(FULL)
    page.goto("css/daily.css")
    put(page, {"site:stats": rows(20, 30)})
    before = page.evaluate("localStorage.getItem('site:stats')")
    put(page, {"go-for-gold:save": gg_save("?players=human,ai:easy&map=b&seed=9", 4)})
    put(page, {"test:full": "1"})
    page.goto("go-for-gold.html")
    page.wait_for_selector("html[data-state=over]")
    expect(page.locator(".daily-end.problem").first).to_contain_text("could not be stored")
    assert page.evaluate("localStorage.getItem('site:stats')") == before  # nothing lost
    put(page, {"test:full": "0"})  # space returns: the next drawing stores the game
    page.keyboard.press("Escape")
    page.wait_for_function(
        "() => JSON.parse(localStorage.getItem('site:stats')).value.games.length === 3"
    )
    context.close()


def test_two_tabs_finishing_games_at_once_both_count(browser, site_url, wait_ready):
    context, a = new_page(browser, site_url, "Europe/Berlin", at(f"{DAY}T09:00", 1))
    a.goto("css/daily.css")
    put(a, {"site:stats": rows(20)})
    stale = a.evaluate("localStorage.getItem('site:stats')")
    put(a, {"go-for-gold:save": gg_save("?players=human,ai:easy&map=a&seed=6", 5)})
    a.goto("go-for-gold.html")
    a.wait_for_selector("html[data-state=over]")
    mine = stored(a, "site:stats")["games"][-1]
    b = context.new_page()
    b.goto(site_url + "css/daily.css")
    # tab b read the statistics before tab a wrote them, then wrote its own game over them
    theirs = json.loads(stale)
    theirs["value"]["games"].append([*mine[:2], "tab-b", *mine[3:]])
    b.evaluate("v => localStorage.setItem('site:stats', v)", json.dumps(theirs))
    a.wait_for_function(  # tab a's storage event: its game goes in again beside tab b's
        "() => JSON.parse(localStorage.getItem('site:stats')).value.games.length === 3"
    )
    ids = [g[2] for g in stored(b, "site:stats")["games"]]
    assert mine[2] in ids and "tab-b" in ids
    # tab b saves another game: tab a stops saving over it, says so, and can open it
    other = gg_save("?players=human&map=b&seed=8", 3)
    b.evaluate("v => localStorage.setItem('go-for-gold:save', v)", other)
    a.wait_for_selector('#notices [data-intent="load-other"]')
    assert "Another tab of this site saved a different game" in a.inner_text("#notices")
    assert a.evaluate("localStorage.getItem('go-for-gold:save')") == other
    a.keyboard.press("Escape")  # tab a's finished game's end screen covers the notices
    a.click('#notices [data-intent="load-other"]')
    a.wait_for_function("document.querySelector('#notices [data-intent=\"load-other\"]') === null")
    assert a.evaluate("localStorage.getItem('go-for-gold:save')") == other  # the same game
    context.close()


def test_what_4a5e87c_stored_shows_on_every_page(browser, site_url, wait_ready):
    """A browser that 4a5e87c left with the statistics set aside (the day of issue #57): the
    daily page counts all of them again, and each game's page resumes what it kept."""
    items = json.loads(FIXTURE.read_text(encoding="utf-8"))
    context, page = new_page(browser, site_url, "Europe/Berlin", at(f"{DAY}T21:00", 1))
    page.goto("css/daily.css")
    put(page, items)
    page.goto("daily.html?lang=en")
    wait_ready(page)
    assert stats_of(page, "go_for_gold")["games"] == "2"
    assert stats_of(page, "gold_connection")["games"] == "1"
    assert stats_of(page, "go_for_gold")["streak"] == "1"
    assert page.locator('[data-chart="accuracy"]').count() == 1
    assert page.locator("#drills [data-drill]").count() == 1
    assert page.locator(".stored-notice").count() == 0
    assert page.evaluate("localStorage.getItem('site:stats:corrupt')") is None
    page.goto("./")
    wait_ready(page)
    assert page.evaluate("document.documentElement.lang") == "de"  # the language kept
    assert page.locator('#dialog [data-dialog="bylink"]').count() == 1  # Bob's turn, by link
    assert page.locator("#notices .notice").count() == 0
    page.goto("go-for-gold.html")
    wait_ready(page)
    assert page.locator("#notices .notice").count() == 0
    context.close()
