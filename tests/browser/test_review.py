"""The review of a finished game in Chromium: asked of the worker in steps, drawn as a chart,
a table and the costliest decisions, each showing its position in the page (the replay viewer a
link away from there)."""

from __future__ import annotations

import json
import re
import time

from gamekit.match import one_game
from gold_connection import share

REVIEW_DONE = '#dialog [data-dialog="review"][data-review="done"]'
LONG_TASKS = """new PerformanceObserver((list) => {
  for (const e of list.getEntries()) (window.__long ||= []).push([e.startTime, e.duration]);
}).observe({type: "longtask", buffered: true});"""


def greedy_game() -> dict:
    """A whole game of two ``greedy`` computers (36 turns, 273 moves), as the page saves it."""
    data = one_game("gold_connection", ["greedy", "greedy"], 0, 3, keep_record=True).record
    names = [{"name": "Bot (greedy)", "ai": "greedy"}, {"name": "Bot (greedy) 2", "ai": "greedy"}]
    return {**data, "players": names}


def test_a_finished_game_is_reviewed_in_the_worker(
    page, context, site_url, wait_ready, screenshot, axe
):
    """From the end screen of a finished game (resumed from its save: no need to play it)."""
    save = json.dumps({"format": "site-save/1", "game": "gold-connection", "record": greedy_game()})
    context.add_init_script(f"localStorage.setItem('gold-connection:save', {json.dumps(save)})")
    page.set_viewport_size({"width": 1366, "height": 768})
    page.add_init_script(LONG_TASKS)
    page.goto(site_url)
    page.wait_for_selector('#dialog [data-dialog="over"]', timeout=60_000)
    started = time.monotonic()
    asked = page.evaluate("performance.now()")
    page.click('#dialog [data-intent="review"]')
    page.wait_for_selector('#dialog [data-dialog="review"] progress', timeout=60_000)
    page.wait_for_selector(REVIEW_DONE, timeout=90_000)
    print(f"review in the browser: {time.monotonic() - started:.1f} s")
    assert page.get_attribute("html", "data-ai") == "worker"
    longest = page.evaluate(
        f"Math.max(0, ...(window.__long || []).filter(e => e[0] > {asked}).map(e => e[1]))"
    )
    # a number, not a test (timings vary with the machine): bench/review_page.py measures it
    print(f"longest task on the page while reviewing: {longest:.0f} ms")

    chart = page.locator("#dialog svg.rv-chart")
    assert chart.get_attribute("role") == "img"
    assert "Bot (greedy) 2" in (page.locator("#rv-chart-desc").text_content() or "")
    assert page.locator("#dialog .rv-line.p0").count() == 3  # legend and both panels
    assert page.locator("#dialog circle.rv-mark.p0").count() > 10
    assert page.locator("#dialog rect.rv-mark.p1").count() > 10  # another shape, not colour
    assert page.locator("#dialog .rv-accuracy li").count() == 2
    assert page.locator("#dialog .rv-table tbody tr").count() > 10
    costly = page.locator("#dialog .rv-costliest li")
    assert 1 <= costly.count() <= 5
    first = costly.first.inner_text()
    assert "Played:" in first and "Better:" in first
    axe.check(page, "the review dialog")
    page.evaluate("document.querySelector('#dialog .overlay').scrollTop = 0")
    screenshot(page, "review-1366")
    chart.screenshot(path="test-artifacts/review-chart.png")
    page.set_viewport_size({"width": 360, "height": 740})
    screenshot(page, "review-360")

    # a costly decision's position is shown in this page, over the review (issue #58)
    show = costly.first.locator('[data-intent="review-at"]')
    index = show.get_attribute("data-arg")
    show.click()
    shown = page.locator('#dialog [data-dialog="position"]')
    assert shown.locator("#dialog-title").inner_text().startswith(f"Move {index}, turn ")
    assert shown.locator("svg").count() == 2  # the vault and the crate of who decides
    screenshot(page, "review-position-360")
    axe.check(page, "a reviewed position")
    link = shown.locator("a[href]")  # and from there, a tab of the replay viewer to play on
    at = re.search(r"[&#]at=(\d+)", link.get_attribute("href") or "")
    assert at is not None and at.group(1) == index
    with page.context.expect_page() as opened:
        link.click()
    viewer = opened.value
    wait_ready(viewer)
    assert viewer.get_attribute("html", "data-at") == index
    page.keyboard.press("Escape")  # back to the review, as it was left
    page.wait_for_selector(REVIEW_DONE)
    assert page.locator("#dialog .rv-costliest li").count() == costly.count()


def test_the_embed_page_reviews_a_record_under_its_viewer(page, site_url, wait_ready, axe):
    """``review=1``: the review under the viewer; a costly decision steps the viewer there."""
    data = one_game("gold_connection", ["greedy", "greedy"], 0, 3, keep_record=True).record
    short = {**data, "moves": data["moves"][:40]}  # a few turns: a quick review
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(f"{site_url}embed.html#g={share.encode(short)}&at=0&review=1")
    wait_ready(page)
    section = page.locator("#review")
    assert section.get_attribute("data-review") == "working"
    page.wait_for_selector('#review[data-review="done"]', timeout=60_000)
    assert section.get_attribute("aria-busy") == "false"
    assert section.locator("svg.rv-chart[role=img]").count() == 1
    assert section.locator(".rv-accuracy li").count() == 2
    assert "Ada" not in section.inner_text()  # the record's own default names are translated
    first = section.locator('.rv-costliest [data-intent="review-at"]').first
    at = first.get_attribute("data-arg")
    first.click()
    assert page.get_attribute("html", "data-at") == at
    focused = page.evaluate("document.activeElement.closest('.vw-controls') !== null")
    assert focused, "focus goes to the viewer's controls, never to the body"
    axe.check(page, "the embed page with a review")
