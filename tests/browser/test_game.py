"""The game screen in Chromium: whole games by clicks, AI seats, reloads, keys, offline, URLs.

Every test drives the page as a player would (clicks on the vault and the panel, or keys)
and reads only what is drawn. Screenshots of key screens go to test-artifacts/.
"""

from __future__ import annotations

import random
import re

import pytest
from gc_clicks import click, enabled, human_step, prompt
from playwright.sync_api import Page

TURN_TIMEOUT_MS = 60_000
HUMAN_OR_OVER = (
    "document.documentElement.dataset.state === 'over'"
    " || document.querySelector('#panel .panel-inner:not(.waiting)') !== null"
)


def wait_for_human(page: Page, timeout: int = TURN_TIMEOUT_MS) -> str:
    """Wait until the person at the device must act (or the game is over); the prompt."""
    page.wait_for_function(HUMAN_OR_OVER, timeout=timeout)
    return "over" if page.get_attribute("html", "data-state") == "over" else prompt(page)


def open_game(page: Page, site_url: str, wait_ready, query: str) -> None:
    page.goto(site_url + query)
    wait_ready(page)


def test_full_game_by_clicks_against_the_computer(page, site_url, wait_ready, screenshot, axe):
    page.set_viewport_size({"width": 1280, "height": 800})
    open_game(
        page, site_url, wait_ready, "?players=human,ai:greedy&names=Ada,Bot&seed=7&speed=instant"
    )
    assert page.locator("#dialog .overlay").count() == 0
    rng = random.Random(1)
    seen: set[str] = set()
    for _ in range(2000):
        p = wait_for_human(page)
        if p == "over":
            break
        if p not in seen:
            seen.add(p)
            screenshot(page, f"game-desktop-{p}")
            axe.check(page, f"at the {p} prompt")
        if p == "place" and len(seen) == 2:  # the computer places next: watch it think
            page.select_option('#tools select[data-setting="speed"]', "normal")
            human_step(page, rng)
            page.wait_for_selector("#panel .panel-inner.waiting")
            axe.check(page, "while the computer thinks")
            page.select_option('#tools select[data-setting="speed"]', "instant")
            continue
        human_step(page, rng)
    else:
        pytest.fail("the game did not end")
    page.wait_for_selector('#dialog [data-dialog="over"]')
    screenshot(page, "game-desktop-end-screen")
    axe.check(page, "on the end screen")
    text = page.inner_text("#dialog")
    assert "Ada" in text and "Bot" in text
    assert page.locator("#dialog table.scores tbody tr").count() == 2
    assert page.locator("#log .entry").count() > 20
    assert {"roll", "place", "face", "move", "act"} <= seen
    click(page, '#dialog [data-intent="again"]')
    page.wait_for_function("document.documentElement.dataset.state === 'ready'")
    assert page.locator("#dialog .overlay").count() == 0


def test_the_new_game_form_sets_a_computer_s_level_risk_and_think_time(
    page, site_url, wait_ready, screenshot, axe
):
    open_game(page, site_url, wait_ready, "")  # a first visit: the form
    axe.check(page, "on the new-game dialog")
    page.select_option('#dialog select[data-setting="speed"]', "instant")
    page.fill('#dialog input[data-setting="name"][data-seat="0"]', "Ada")
    page.select_option('#dialog select[data-setting="kind"][data-seat="1"]', "expert")
    page.select_option('#dialog select[data-setting="risk"][data-seat="1"]', "bold")
    page.select_option('#dialog select[data-setting="budget"][data-seat="1"]', "50")
    screenshot(page, "new-game-knobs")
    click(page, '#dialog [data-intent="start"]')
    page.wait_for_function("document.querySelector('#dialog .overlay') === null")
    assert "expert, bold, 50 ms" in page.inner_text("#seat-1")
    rng = random.Random(2)
    computer = "#log .entry .pmark.p1"
    hinted = False
    for _ in range(200):  # play on until the computer has made a few decisions of its own
        if (page.locator(computer).count() >= 4 and hinted) or wait_for_human(page) == "over":
            break
        if prompt(page) == "move" and not hinted:  # what would the expert do here?
            click(page, '#tools [data-intent="hint"]')
            page.wait_for_selector(".hint p", timeout=60_000)
            text = page.inner_text(".hint p")
            assert re.match(r"Hint: Walk \d+ to .+: \d+%", text) and "move" not in text, text
            assert page.locator("#board .field.hl").count() == 1  # its field, lit up
            screenshot(page, "hint")
            hinted = True
            click(page, '#panel [data-intent="play-hint"]')
            continue
        human_step(page, rng)
    assert page.locator(computer).count() >= 4 and hinted


LONG_TASKS = """new PerformanceObserver((list) => {
  for (const e of list.getEntries()) (window.__long ||= []).push([e.startTime, e.duration]);
}).observe({type: "longtask", buffered: true});"""


def test_four_computers_play_to_the_end_at_instant_speed(page, site_url, wait_ready, screenshot):
    page.add_init_script(LONG_TASKS)
    open_game(
        page,
        site_url,
        wait_ready,
        "?players=ai:greedy,ai:greedy,ai:random,ai:greedy&seed=11&speed=instant",
    )
    page.wait_for_function("document.documentElement.dataset.state === 'over'", timeout=240_000)
    page.wait_for_selector('#dialog [data-dialog="over"]')
    assert page.locator("#dialog table.scores tbody tr").count() == 4
    assert page.locator("#app .crate-card").count() == 4  # the own crate and three cards
    screenshot(page, "four-computers-end")
    ready = page.evaluate("performance.getEntriesByName('gc-redraw')[0].startTime")
    longest = page.evaluate(
        f"Math.max(0, ...(window.__long || []).filter(e => e[0] > {ready}).map(e => e[1]))"
    )
    # a number, not an assertion (timings vary with the machine's load)
    print(f"longest task while four computers played: {longest:.0f} ms")


def test_reload_in_the_middle_of_a_turn_resumes_it(page, site_url, wait_ready, screenshot):
    open_game(page, site_url, wait_ready, "?players=human,human&seed=3&speed=instant")
    rng = random.Random(2)
    # play until the first player has moved and named bars are about to be chosen
    for _ in range(200):
        p = wait_for_human(page)
        if p == "act" and page.locator('#panel [data-intent="bar"]').count():
            break
        human_step(page, rng)
    else:
        pytest.fail("no plunder in reach")
    click(page, '#panel [data-intent="bar"]')
    before_panel = page.inner_text("#panel .panel-title")
    before_log = page.locator("#log .entry").count()
    url = page.url
    assert "?" not in url  # the start parameters were dropped, so a reload resumes
    page.reload()
    wait_ready(page)
    assert prompt(page) == "act"
    assert page.inner_text("#panel .panel-title") == before_panel
    assert page.locator("#log .entry").count() == before_log
    screenshot(page, "reload-mid-turn")
    # and the game goes on
    click(page, '#panel [data-intent="bar"]')
    click(page, '#panel [data-intent="roll"]')
    assert prompt(page) in ("move", "chips")


def test_a_turn_by_keyboard_only(page, site_url, wait_ready, screenshot):
    open_game(page, site_url, wait_ready, "?players=human,human&seed=5&speed=instant")
    kb = page.keyboard
    for _ in range(2):  # the placement rolls: R, then Tab to a safe and Enter
        assert prompt(page) == "roll"
        kb.press("r")
        assert prompt(page) == "place"
        page.focus('#panel [data-intent="place"]')
        kb.press("Enter")
    assert prompt(page) == "face"
    for _ in range(2):
        kb.press("ArrowRight")
    assert prompt(page) == "move"
    # a destination by Tab + Enter: focus is on the first destination button
    page.focus('#panel [data-intent="field"]')
    focused = page.evaluate("document.activeElement.dataset.intent")
    assert focused == "field"
    kb.press("Enter")
    assert prompt(page) == "act"
    screenshot(page, "keyboard-act")
    if page.locator('#panel [data-intent="bar"]').count():
        kb.press("1")
        assert page.get_attribute('#panel [data-intent="bar"] >> nth=0', "aria-pressed") == "true"
        kb.press("r")
    else:
        kb.press("e")
    assert prompt(page) in ("move", "chips", "roll", "sort", "face")
    assert page.locator("#log .entry").count() >= 8
    # undo by key takes back a decision since the last roll, if there is one
    if page.locator('#tools [data-intent="undo"]:not([disabled])').count():
        n = page.locator("#log .entry").count()
        kb.press("u")
        assert page.locator("#log .entry").count() == n - 1


def test_offline_reload_after_the_service_worker_is_installed(
    page, context, site_url, wait_ready, screenshot
):
    open_game(page, site_url, wait_ready, "?players=human,ai:greedy&seed=9&speed=instant")
    click(page, '#panel [data-intent="roll"]')
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    page.wait_for_function("document.documentElement.dataset.ai === 'worker'", timeout=60_000)
    log_count = page.locator("#log .entry").count()
    context.set_offline(True)
    page.reload()
    wait_ready(page)
    assert page.locator("#log .entry").count() == log_count
    rng = random.Random(3)
    for _ in range(30):  # the game goes on offline, the computer seat included
        if wait_for_human(page) == "over":
            break
        human_step(page, rng)
    assert page.locator("#log .entry").count() > log_count
    screenshot(page, "offline-playing")


@pytest.mark.parametrize(
    ("query", "needles"),
    [
        # every bad parameter of one address is named, each in its own notice (one page
        # load for four: a load costs some 8 s of CPU)
        (
            "?players=human,ai:nonsense&seed=abc&ending=forever&colour=blue",
            ["nonsense", "seed=abc", "ending=forever", "colour"],
        ),
        ("?players=human", ["2 to 4"]),
    ],
)
def test_a_bad_url_parameter_is_reported_on_the_page(
    page, site_url, wait_ready, screenshot, query, needles
):
    open_game(page, site_url, wait_ready, query)
    notices = page.locator("#notices .notice").all_inner_texts()
    # the form the address opened instead says the same over the notices it hides
    in_form = page.locator("#dialog .link-problems li").all_inner_texts()
    for needle in needles:
        assert sum(needle in text for text in notices) == 1, (needle, notices)
        assert sum(needle in text for text in in_form) == 1, (needle, in_form)
    if len(needles) > 1:
        assert len(notices) == len(needles)
        screenshot(page, "bad-url-parameter")


def test_a_corrupt_save_gives_a_message_and_a_new_game(page, site_url, wait_ready):
    open_game(page, site_url, wait_ready, "")
    page.evaluate(
        'localStorage.setItem(\'gold-connection:save\', \'{"format": "site-save/1", "game": '
        '"gold-connection", "record": {"format": "nope"}}\')'
    )
    page.reload()
    wait_ready(page)
    assert "could not be resumed" in page.inner_text("#notices")
    page.evaluate("localStorage.setItem('gold-connection:save', 'garbage{')")
    page.reload()
    wait_ready(page)
    assert "could not be resumed" in page.inner_text("#notices")


IN_VIEW_UNCOVERED = """(el) => { const r = el.getBoundingClientRect();
  if (r.top < 0 || r.bottom > innerHeight || !r.height) return false;
  const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
  return !!hit && el.contains(hit); }"""


def test_phone_layout_plays_by_touch(browser, site_url, wait_ready, screenshot):
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True
    )
    try:
        page = context.new_page()
        open_game(page, site_url, wait_ready, "?players=human,ai:greedy&seed=7&speed=instant")
        rng = random.Random(4)
        shots: set[str] = set()
        hinted = False
        for _ in range(60):
            p = wait_for_human(page)
            if p == "over":
                break
            if p not in shots:
                shots.add(p)
                screenshot(page, f"game-phone-{p}")
            if p == "place":  # a touch screen is told to tap
                assert "Tap a highlighted safe" in page.inner_text("#panel")
            if p == "move" and enabled(page, '#panel [data-intent="stop"]') and not hinted:
                # after a success the panel is long: the hint it grows by must come into view
                click(page, '#tools [data-intent="hint"]')
                page.wait_for_selector(".hint p", timeout=60_000)
                play = page.locator('#panel [data-intent="play-hint"]')
                assert play.evaluate(IN_VIEW_UNCOVERED), "Play it is out of the window"
                screenshot(page, "game-phone-hint")
                hinted = True
            p_before = page.locator("#log .entry").count()
            human_step(page, rng)
            assert page.locator("#log .entry").count() >= p_before
        assert hinted, "no success to ask a hint after"
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 360, "the page scrolls sideways on a phone"
        click(page, '#tools [data-intent="new"]')
        screenshot(page, "game-phone-new-game")
    finally:
        context.close()


def focused(page: Page) -> str:
    """The focused element: its intent, or its tag and class."""
    return page.evaluate(
        "(() => { const e = document.activeElement;"
        " return e.dataset.intent || (e.tagName + '.' + e.getAttribute('class')); })()"
    )


def test_an_ordinary_turn_takes_at_most_six_keys(page, site_url, wait_ready, screenshot):
    open_game(page, site_url, wait_ready, "?players=human,human&seed=6&speed=instant")
    kb = page.keyboard
    for seat in range(2):  # the placement: the starting safe by its number, as a field is
        kb.press("r")
        safe = page.get_attribute('#panel [data-intent="place"] >> nth=-1', "data-arg")
        for key in safe:
            kb.press(key)
        assert page.locator(f"#board .stone.player-{seat}").count() == 1, f"not placed: {safe}"
    kb.press("ArrowRight")
    kb.press("ArrowRight")
    assert prompt(page) == "move" and "panel-title" in focused(page)
    # every field in reach is in the tab order, named by its own label first
    fields = page.locator("#board .field [tabindex='0']")
    assert fields.count() >= 2
    for i in range(fields.count()):
        label = fields.nth(i).get_attribute("aria-label")
        visible = fields.nth(i).locator(".field-label").text_content()
        named = rf"{visible} — .+, \d+ steps?, target \d+, best odds \d+%"
        assert re.fullmatch(named, label), label
    log = page.locator("#log .entry").count()
    keys = ["4", "1", "Enter"]  # walk to safe 4, name its first bar, roll
    for key in keys:
        kb.press(key)
    assert prompt(page) == "move" and focused(page) == "stop"  # the roll worked: Stop is next
    screenshot(page, "keys-after-roll")
    keys.append("s")
    kb.press("s")
    if prompt(page) == "sort":  # a bar with a choice of rows
        keys.append("s")
        kb.press("s")
    assert len(keys) <= 6 and page.locator("#log .entry").count() > log + 3
    assert "panel-title" in focused(page)  # the next player goes on by keys too
    # the next turn: a field by Tab and Enter
    page.focus("#board .field [tabindex='0']")
    kb.press("Enter")
    assert prompt(page) == "act"


def test_a_link_or_new_game_never_replaces_a_game_in_progress_silently(
    page, site_url, wait_ready, screenshot
):
    open_game(page, site_url, wait_ready, "?players=human,ai:greedy&seed=7&speed=instant")
    page.keyboard.press("r")
    wait_for_human(page)
    log = page.locator("#log .entry").count()
    page.goto(site_url + "?players=human,human&names=Cy,Di&seed=3")
    wait_ready(page)
    dialog = page.locator('#dialog [role="alertdialog"]')
    assert "A link wants to start a new game" in dialog.inner_text()
    assert focused(page) == "keep-game"
    screenshot(page, "confirm-link")
    page.keyboard.press("Enter")
    assert page.locator("#dialog .overlay").count() == 0
    assert page.locator("#log .entry").count() == log and "Cy" not in page.inner_text("#crates")
    # New game from the page asks too; the link's seed is not kept for the next game
    page.keyboard.press("n")
    assert page.input_value('#dialog input[data-setting="seed"]') == ""
    click(page, '#dialog [data-intent="start"]')
    click(page, '#dialog [data-intent="confirm-start"]')
    assert page.locator("#dialog .overlay").count() == 0
    page.wait_for_function("document.querySelectorAll('#log .entry').length < 3")
    # Share: the link box fills its dialog
    click(page, '#tools [data-intent="share"]')
    box = page.locator("#dialog .share-link").bounding_box()
    card = page.locator("#dialog .card").bounding_box()
    assert box["width"] > card["width"] - 60, (box, card)
