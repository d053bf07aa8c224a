"""Go for Gold on a phone (360x740, touch), where layout is the point (issue 58): hexes at
least 24x24 CSS px, the path's how-to in view under the question, a tap's odds under it too and
never over the sheet's head, no ring left by Undo, and the end screen's reason and table
fitting the width with headings on one line. One page, one short game by taps."""

from __future__ import annotations

import pytest
from phones import PHONE, keep_to_site

SHOTS = "test-artifacts"


def box(page, selector):
    found = page.locator(selector).bounding_box()
    assert found is not None, selector
    return found


def apart(a, b) -> bool:
    """Two boxes that do not overlap."""
    return (
        a["x"] + a["width"] <= b["x"]
        or b["x"] + b["width"] <= a["x"]
        or a["y"] + a["height"] <= b["y"]
        or b["y"] + b["height"] <= a["y"]
    )


LINES = """(sel) => [...document.querySelectorAll(sel)].flatMap(cell => {
  const walk = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT), out = [];
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    if (n.parentElement.closest('.sr-only') || !n.textContent.trim()) continue;
    const r = document.createRange(); r.selectNodeContents(n);
    out.push(new Set([...r.getClientRects()].map(b => Math.round(b.top))).size);
  }
  return out; })"""
"""How many lines each visible text of the cells matching a selector takes."""


def no_sideways_scroll(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


@pytest.fixture
def phone(browser, site_url, request):
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    foreign: list[str] = []
    request.node.foreign_requests = foreign
    keep_to_site(context, site_url, foreign)
    yield context.new_page()
    context.close()


def test_go_for_gold_drawn_by_taps_on_a_phone(phone, site_url, wait_ready):
    page = phone
    page.goto(f"{site_url}go-for-gold.html?players=human&map=a&seed=77&speed=instant")
    wait_ready(page)
    page.locator('#island [data-field="g1"]').tap()
    page.wait_for_selector("#island .field.next")
    sizes = page.evaluate(
        "[...document.querySelectorAll('#island [data-field]')]"
        ".map(e => e.getBoundingClientRect()).map(r => [r.width, r.height])"
    )
    assert len(sizes) == 80 and min(w for w, _ in sizes) >= 24 and min(h for _, h in sizes) >= 24
    no_sideways_scroll(page)
    help_line = page.locator("#decision .help")
    assert help_line.inner_text() == "Tap a lit field next to your path's end, one at a time."
    assert box(page, "#decision .help")["y"] + 20 <= PHONE["height"]  # said in view

    page.locator('#island [data-field="f2"]').tap()  # a step, then a treasure pointed at
    page.locator('#island [data-field="d3"]').tap()
    page.wait_for_selector("#decision .pointed")
    odds = box(page, "#decision .pointed")
    assert "treasure 4: a search finds it" in page.locator("#decision .pointed").inner_text()
    assert not page.locator("#status .pointed").is_visible()  # it floated over the heading
    assert apart(odds, box(page, ".sheet-head")) and apart(odds, box(page, "#prompt"))
    assert odds["y"] + odds["height"] <= PHONE["height"]
    page.screenshot(path=f"{SHOTS}/gg-phone-odds.png")

    page.locator('.tools [data-intent="undo"]').tap()
    page.wait_for_function("!document.querySelector('#island [data-field=f2].building')")
    assert "cursor" not in (page.locator('#island [data-field="f2"]').get_attribute("class"))

    # a finished game of two computers with long names: asked first (a game is in progress)
    page.goto(
        f"{site_url}go-for-gold.html?players=greedy,random&names=Alexandra,Bartholomew"
        "&seed=12&speed=instant"
    )
    wait_ready(page)
    page.locator('#dialog [data-dialog="link"] [data-intent="yes"]').tap()
    page.wait_for_selector('#dialog [data-dialog="over"]', timeout=120_000)
    over = page.locator('#dialog [data-dialog="over"]')
    assert "recorded a 6th entry" in over.locator(".why-over").inner_text()
    card, table = box(page, "#dialog .card"), box(page, "#dialog table.results")
    assert table["x"] + table["width"] <= card["x"] + card["width"]  # four columns fit
    lines = page.evaluate(LINES, "#dialog table.results th")
    assert lines and max(lines) == 1, lines  # no "Player / 1", no six-line heading
    no_sideways_scroll(page)
    page.screenshot(path=f"{SHOTS}/gg-phone-over.png")


def test_the_how_to_s_example_plays_on_in_the_page(phone, site_url, wait_ready, axe):
    """Issue 58, 9: "Play from here" opened the game in a new tab over the saved game."""
    page = phone
    page.goto(f"{site_url}howto.html#go-for-gold")
    wait_ready(page)
    example = page.locator('[data-example="gg-ex1"]')
    for _ in range(2):
        example.locator('.vw-controls [data-intent="next"]').tap()
    example.locator('[data-intent="play_here"]').tap()
    page.wait_for_selector('[data-example="gg-ex1"][data-mode="play"]')
    assert len(page.context.pages) == 1  # no tab of its own
    steps = example.locator('.vw-controls [data-intent="field"]')
    first = steps.first.get_attribute("data-arg")
    steps.first.tap()
    example.locator(f'[data-field="{first}"].building').wait_for()
    lit = example.locator(".gg-island .field.next").first  # a tap on the island itself
    second = lit.get_attribute("data-field")
    lit.tap()
    example.locator(f'[data-field="{second}"].building').wait_for()
    assert page.locator(".py-error").count() == 0
    assert example.locator("h2#prompt").is_visible()
    no_sideways_scroll(page)
    axe.check(page, "on the how-to page playing an example on")
    example.locator('[data-intent="back"]').tap()
    page.wait_for_selector('[data-example="gg-ex1"][data-mode="view"]')
