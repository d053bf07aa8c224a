"""Studying a Go for Gold game in Chromium: its review on the end screen and under a replay
(``review=1``), the replay branded as Go for Gold with its steps in view and "play on from
here" landing on the game's page, and the how-to page's Go for Gold part."""

from __future__ import annotations

import json
import re
import time

from gamekit.match import one_game
from gold_connection import share
from helpers import STORED_JS

SHOTS = "/work/screens/gfgreview"


def finished_game() -> dict:
    """A whole game of medium against greedy (about 70 moves), as the page saves it: a person
    in the first seat, a computer in the second."""
    data = one_game("go_for_gold", ["medium", "greedy"], 0, 3, keep_record=True).record
    return {**data, "players": [{"name": "Ada"}, {"name": "Bot (greedy)", "ai": "greedy"}]}


def shoot(page, name: str, at: str | None = None) -> None:
    """Screenshots of what is on screen at each size, scrolled to ``at`` (a selector) after
    each resize (the note's record of the look)."""
    for w, h in ((1366, 768), (1920, 1080), (360, 740)):
        page.set_viewport_size({"width": w, "height": h})
        if at:
            page.locator(at).first.evaluate("e => e.scrollIntoView()")
        page.screenshot(path=f"{SHOTS}/{name}-{w}.png", full_page=False)
    page.set_viewport_size({"width": 1366, "height": 768})


def test_the_end_screen_reviews_a_finished_game_in_the_worker(
    page, context, site_url, wait_ready, axe
):
    save = json.dumps({"record": finished_game()})
    context.add_init_script(f"localStorage.setItem('go-for-gold:save', {json.dumps(save)})")
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(f"{site_url}go-for-gold.html")
    page.wait_for_selector('#dialog [data-dialog="over"]', timeout=60_000)
    started = time.monotonic()
    page.click('#dialog [data-intent="review"]')
    page.wait_for_selector('#dialog [data-dialog="review"]', timeout=10_000)
    page.wait_for_selector('#dialog [data-review="done"]', timeout=120_000)
    print(f"Go for Gold review in the browser: {time.monotonic() - started:.1f} s")
    assert page.get_attribute("html", "data-ai") == "worker"
    dialog = page.locator('#dialog [data-dialog="review"]')
    assert dialog.locator(".rv-accuracy li").count() == 2
    chart = dialog.locator("svg.rv-chart[role=img]")
    assert "Bot" in (page.locator("#rv-chart-desc").text_content() or "") or chart.count() == 1
    assert dialog.locator(".rv-line.p0").count() == 3  # the legend and both panels
    assert dialog.locator("rect.rv-mark.p1").count() > 5  # another shape, not colour alone
    costly = dialog.locator(".rv-costliest li")
    assert 1 <= costly.count() <= 5
    first = costly.first.inner_text()
    assert "Played:" in first and "Better:" in first and re.search(r"round \d+", first)
    tool = page.locator('#app [data-tool="howto"]')  # the rules, at the game's own part
    assert tool.get_attribute("href") == "howto.html#go-for-gold"
    axe.check(page, "on Go for Gold's review")
    page.evaluate("document.querySelector('#dialog .overlay').scrollTop = 0")
    shoot(page, "gg-review-end")
    page.click('#dialog [data-intent="over"]')
    page.wait_for_selector('#dialog [data-dialog="over"]')


def test_the_embed_page_reviews_a_go_for_gold_record_in_german(page, site_url, wait_ready, axe):
    rec = finished_game()
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(f"{site_url}embed.html#g={share.encode(rec)}&at=0&review=1&lang=de")
    wait_ready(page)
    section = page.locator("#review")
    page.wait_for_selector('#review[data-review="done"]', timeout=120_000)
    text = section.inner_text()
    assert "Runde" in text and "Gespielt" in text and "Genauigkeit" in text, text[:400]
    assert "Played:" not in text and "Round" not in text
    assert section.locator("svg.rv-chart[role=img]").count() == 1
    assert "Runde" in (page.locator("#rv-chart-desc").text_content() or "")
    first = section.locator('.rv-costliest [data-intent="review-at"]').first
    at = first.get_attribute("data-arg")
    first.click()
    assert page.get_attribute("html", "data-at") == at
    assert page.evaluate("document.activeElement.closest('.vw-controls') !== null")
    axe.check(page, "on the embed page with a Go for Gold review")
    shoot(page, "gg-review-embed-de", "#review")


def test_the_replay_is_go_for_gold_s_with_its_steps_in_view_and_plays_on_from_a_step(
    page, site_url, wait_ready, axe
):
    rec = finished_game()
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(f"{site_url}embed.html#g={share.encode(rec)}&at=end")
    wait_ready(page)
    assert page.title() == "Go for Gold"
    bar = page.locator(".vw-top")
    assert bar.locator(".vw-brand").inner_text() == "Go for Gold"
    assert bar.get_attribute("aria-label") == "Go for Gold"
    assert bar.locator("a.btn").first.get_attribute("href") == "go-for-gold.html"
    assert bar.locator("a.btn").nth(1).get_attribute("href") == "howto.html#go-for-gold"
    lines = page.locator(".vw-log li")
    assert lines.first.inner_text() == "The game is over."
    for control in ('[data-intent="prev"]', '[data-intent="first"]', ".vw-slider input"):
        box = page.locator(f".vw-controls {control}").bounding_box()
        assert box and box["y"] + box["height"] <= 768, (control, box)  # no scrolling
    shoot(page, "gg-replay-end")
    page.click('.vw-controls [data-intent="first"]')
    for _ in range(14):
        page.click('.vw-controls [data-intent="next"]')
    assert page.get_attribute("html", "data-at") == "14"
    axe.check(page, "on Go for Gold's replay with Play from here")
    shoot(page, "gg-replay-14")
    with page.context.expect_page() as opened:
        page.click(".vw-controls a[data-play-on]")
    played = opened.value
    played.set_viewport_size({"width": 1366, "height": 768})
    wait_ready(played)
    saved = played.evaluate(STORED_JS + "(\'go-for-gold:save\').record")
    assert saved["moves"][:14] == rec["moves"][:14] and saved["players"] == rec["players"]
    played.wait_for_selector("#decision h2#prompt", timeout=30_000)  # Ada's turn: her island
    assert "#g=" not in played.url  # a reload resumes the game rather than asking again
    axe.check(played, "on Go for Gold's page played on from a replay")
    played.screenshot(path=f"{SHOTS}/gg-played-on-1366.png")


def test_the_how_to_page_opens_at_go_for_gold_titled_for_it(page, site_url, wait_ready, axe):
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(f"{site_url}howto.html#go-for-gold")
    wait_ready(page)
    assert page.title() == "How to play Go for Gold"
    top = page.locator("h2#go-for-gold").bounding_box()
    assert top and -1 <= top["y"] < 768  # brought into view though drawn after the load
    figure = page.locator("figure.hw-gg-figure")
    assert figure.locator("svg.hw-island[role=img]").count() == 1
    assert figure.locator(".hw-field-name").count() == 80  # every field of island A named
    assert figure.locator(".hw-legend li").count() == 11
    assert "dead end" in figure.inner_text() and "anchor" in figure.inner_text()
    assert page.locator("ol.hw-steps li").count() == 7
    for key in ("gg-ex1", "gg-ex2"):
        slot = page.locator(f'[data-example="{key}"]')
        assert slot.locator(".vw-controls [data-intent='next']").count() == 1, key
    ex2 = page.locator('[data-example="gg-ex2"]')
    ex2.locator('.vw-controls [data-intent="last"]').click()
    assert "9" in ex2.locator(".vw-caption").inner_text()  # the temple explored
    axe.check(page, "on the how-to page's Go for Gold part")
    shoot(page, "gg-howto-island", "figure.hw-gg-figure")
