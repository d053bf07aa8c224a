"""The review of a finished game in Chromium: asked of the worker in steps, drawn as a chart,
a table and the costliest decisions, each opening its position in the replay viewer."""

from __future__ import annotations

import re
import time

REVIEW_DONE = '#dialog [data-dialog="review"][data-review="done"]'
LONG_TASKS = """new PerformanceObserver((list) => {
  for (const e of list.getEntries()) (window.__long ||= []).push([e.startTime, e.duration]);
}).observe({type: "longtask", buffered: true});"""
LONGEST_MS = 500  # the worker reviews; the page draws the progress and, once, the result


def test_a_finished_game_is_reviewed_in_the_worker(page, site_url, wait_ready, screenshot, axe):
    page.set_viewport_size({"width": 1366, "height": 768})
    page.add_init_script(LONG_TASKS)
    page.goto(site_url + "?players=ai:greedy,ai:greedy&seed=3&speed=instant")
    wait_ready(page)
    page.wait_for_selector('#dialog [data-dialog="over"]', timeout=120_000)
    started = time.monotonic()
    asked = page.evaluate("performance.now()")
    page.click('#dialog [data-intent="review"]')
    page.wait_for_selector('#dialog [data-dialog="review"] progress', timeout=10_000)
    page.wait_for_selector(REVIEW_DONE, timeout=90_000)
    print(f"review in the browser: {time.monotonic() - started:.1f} s")
    assert page.get_attribute("html", "data-ai") == "worker"
    longest = page.evaluate(
        f"Math.max(0, ...(window.__long || []).filter(e => e[0] > {asked}).map(e => e[1]))"
    )
    print(f"longest task on the page while reviewing: {longest:.0f} ms")
    assert longest < LONGEST_MS, f"the page froze for {longest} ms while reviewing"

    chart = page.locator("#dialog svg.rv-chart")
    assert chart.get_attribute("role") == "img"
    assert "Ada" not in (page.locator("#rv-chart-desc").text_content() or "")  # default names
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

    link = costly.first.locator("a")
    at = re.search(r"[&#]at=(\d+)", link.get_attribute("href") or "")
    assert at is not None
    with page.context.expect_page() as opened:
        link.click()
    viewer = opened.value
    wait_ready(viewer)
    assert viewer.get_attribute("html", "data-at") == at.group(1)
