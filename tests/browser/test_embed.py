"""The embed page, the how-to page, sharing and the four languages, in Chromium.

A host page of another origin (a second local server) frames the embed page served with
netlify.toml's headers, as an explainer site would. Screenshots of the
embed in a wide and a narrow frame, and of the how-to page in each language, go to
test-artifacts/.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from urllib.parse import urlsplit

import games
import pytest
from gold_connection import Game, share
from helpers import random_record
from playwright.sync_api import Frame, Page
from shell import i18n

REPO = Path(__file__).resolve().parents[2]
for _game in games.GAMES:  # the site's messages and every game's, as the pages have them
    _game.module("messages")
CATALOGUES = i18n.CATALOGUES
EN, DE, NL, HU = (CATALOGUES[code] for code in ("en", "de", "nl", "hu"))
TIMEOUT_MS = 60_000
TARGETS = "scenarios/gc-8-1-2-targets.json"
ROBBERY = "scenarios/gc-8-4-robbery.json"
# Message ids look like "panel.move.title"; one showing on a page is a missing message.
MESSAGE_ID = re.compile(r"\b[a-z_]+(?:\.[a-z_0-9]+)+\b")

HOST_PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>An explainer</title></head>
<body style="margin:0;font-family:sans-serif">
<h1>How robberies work</h1>
<iframe id="gc" src="{src}" title="Gold Connection" style="width:{width}px;border:0" height="200">
</iframe>
<p>Text after the game.</p>
<script>
window.messages = [];
addEventListener("message", (event) => {{
  if (event.origin !== "{origin}") return;
  if (!event.data || event.data.type !== "gold-connection:height") return;
  window.messages.push(event.data);
  document.getElementById("gc").style.height = event.data.height + "px";
}});
</script>
</body></html>"""


@pytest.fixture(scope="module")
def host_site(tmp_path_factory):
    """Another origin on this machine (127.0.0.1, another port) serving explainer pages.

    Not "localhost": Chromium's local network checks hold a frame of 127.0.0.1 inside a
    localhost page (loading stops before Pyodide); between two public sites they do not apply."""
    from serve import start_server

    root = tmp_path_factory.mktemp("explainer")
    server, url = start_server(root, 0, site_headers=False)
    yield root, url
    server.shutdown()
    server.server_close()


def host(page: Page, site_url: str, host_site, fragment: str, width: int) -> Frame:
    """Open a page of another origin that frames embed.html#fragment; the frame, once ready."""
    root, host_url = host_site
    site = urlsplit(site_url)
    name = f"explainer-{width}.html"
    (root / name).write_text(
        HOST_PAGE.format(
            src=f"{site_url}embed.html#{fragment}",
            width=width,
            origin=f"{site.scheme}://{site.netloc}",
        )
    )
    page.route(host_url + "**", lambda route: route.continue_())  # the host is expected
    page.set_viewport_size({"width": width + 40, "height": 900})
    page.goto(host_url + name)
    page.wait_for_function("window.messages && window.messages.length > 0", timeout=TIMEOUT_MS)
    frame = next(f for f in page.frames if f.url.startswith(site_url + "embed.html"))
    wait_state(frame, "ready")
    return frame


def wait_state(target, state: str) -> None:
    target.wait_for_selector(
        f"html[data-state={state}], .py-error", state="attached", timeout=TIMEOUT_MS
    )
    errors = target.locator(".py-error")
    if errors.count():
        pytest.fail("Python error on the page:\n" + "\n".join(errors.all_inner_texts()))


def at(target) -> int:
    return int(target.get_attribute("html", "data-at"))


def last_height(page: Page) -> dict:
    return page.evaluate("window.messages[window.messages.length - 1]")


def missing_messages(target) -> list[str]:
    text = target.inner_text("body")
    return [m for m in MESSAGE_ID.findall(text) if m in EN]


# ---- embedding --------------------------------------------------------------------------------


def test_a_host_page_frames_a_record_and_steps_through_it(
    page, site_url, host_site, screenshot, axe
):
    frame = host(page, site_url, host_site, f"src={TARGETS}&id=example-1", width=980)
    axe.check(frame, "in the embedded viewer")
    assert frame.get_attribute("html", "data-mode") == "view"
    assert at(frame) == 0 and frame.get_attribute("html", "data-total") == "8"
    assert "The start: turn 1, Ada to play." in frame.inner_text('[data-part="caption"]')

    frame.click('[data-intent="next"]')
    frame.click('[data-intent="next"]')
    assert at(frame) == 2
    assert "Ada names blue 2 and blue 3 in safe 3: target 7" in frame.inner_text(
        '[data-part="caption"]'
    )
    assert "Steps 2 · Target 7" in frame.inner_text('[data-part="crates"] [data-player="0"]')
    page.wait_for_function(
        "window.messages.some(m => m.id === 'example-1' && m.at === 2 && m.state === 'ready')"
    )
    message = last_height(page)
    assert message["type"] == "gold-connection:height" and message["height"] > 400
    box = page.locator("#gc").bounding_box()
    assert abs(box["height"] - message["height"]) <= 2, "the host sized its frame"
    screenshot(page, "embed-wide")
    frame.press("body", "ArrowRight")  # keys step too
    assert at(frame) == 3 and "rolls 3 + 4 = 7" in frame.inner_text('[data-part="caption"]')
    frame.click('[data-intent="last"]')
    assert at(frame) == 8
    assert "+7 points" in frame.inner_text('[data-part="caption"]')
    frame.click('[data-intent="prev"]')
    frame.fill('input[data-setting="at"]', "4")  # the slider
    assert at(frame) == 4
    frame.click('[data-intent="first"]')
    assert at(frame) == 0
    assert frame.locator('[data-intent="first"]').is_disabled()
    page.wait_for_function("window.messages.some(m => m.at === 0 && m.height > 400)")


def test_a_narrow_frame_stacks_the_widget_and_reports_a_taller_height(
    page, site_url, host_site, screenshot
):
    frame = host(page, site_url, host_site, f"src={TARGETS}&at=3&lang=de", width=340)
    assert at(frame) == 3
    assert frame.evaluate("document.documentElement.scrollWidth") <= 340, "sideways scrolling"
    board = frame.locator('[data-part="board"]').bounding_box()
    crates = frame.locator('[data-part="crates"]').bounding_box()
    assert crates["y"] > board["y"] + board["height"] - 1, "one column: the crates under the vault"
    page.wait_for_function("window.messages.some(m => m.at === 3 && m.height > 900)")
    assert "Aktion 3 von 8" in frame.inner_text('[data-part="status"]')
    screenshot(page, "embed-narrow")


def test_play_from_here_on_a_phone_keeps_the_board_in_view(page, site_url, wait_ready):
    """"Play from here" put focus on the viewer's first control after drawing, which scrolled
    a phone's page 640 px down: the board and its heading out of view (a new player)."""
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"{site_url}embed.html#src={ROBBERY}&id=robbery&lang=en")
    wait_ready(page)
    play = page.locator('[data-intent="play"]').first
    play.scroll_into_view_if_needed()
    before = page.evaluate("scrollY")
    play.click()
    page.wait_for_selector('html[data-mode="play"]')
    assert page.evaluate("scrollY") <= before + 1, "the view jumped down"
    board = page.locator('[data-part="board"]').bounding_box()
    assert board is not None and board["y"] + board["height"] > 0, "the board is out of view"


def test_autoplay_runs_to_the_end(page, site_url, wait_ready):
    page.goto(f"{site_url}embed.html#src={ROBBERY}&autoplay=1&speed=instant")
    wait_ready(page)
    page.wait_for_function("document.documentElement.dataset.at === '3'", timeout=TIMEOUT_MS)
    assert page.get_attribute('[data-intent="autoplay"]', "aria-pressed") == "false"


def human_step(frame, rng: random.Random) -> None:
    """One decision of the person at the device, by clicks, in the widget's panel."""
    panel = frame.locator(".vw-caption .panel-inner")
    prompt = panel.get_attribute("data-prompt")
    buttons = frame.locator(".vw-caption .btn:not([disabled])")
    if prompt == "move" and frame.locator('[data-part="board"] .field.hl').count():
        fields = frame.locator('[data-part="board"] .field.hl')
        fields.nth(rng.randrange(fields.count())).click()
        return
    if prompt == "act":
        picks = frame.locator('.vw-caption [data-intent="bar"], .vw-caption [data-intent="robbar"]')
        if picks.count():
            picks.first.click()
            frame.click('.vw-caption [data-intent="roll"]')
        else:
            frame.click('.vw-caption [data-intent="end"]')
        return
    buttons.first.click()


def test_play_mode_plays_on_from_a_position_with_a_computer_seat(page, site_url, wait_ready, axe):
    page.goto(f"{site_url}embed.html#src={ROBBERY}&mode=play&at=0&players=human,ai:greedy")
    wait_ready(page)
    assert page.get_attribute("html", "data-mode") == "play"
    assert "Ada to play" in page.inner_text('[data-part="status"]')
    page.click('[data-part="board"] [data-field="2"]')  # onto Bob's stone: rob his crate
    page.click('.vw-caption [data-intent="robbar"][data-arg="g6:1"]')  # the top bar, the 4
    assert "Target 5" in page.inner_text(".vw-caption .odds")
    page.click('.vw-caption [data-intent="robbar"][data-arg="g5:1"]')  # and the 2
    assert "Target 7" in page.inner_text(".vw-caption .odds")  # GC-8.4: 1 step + 4 + 2
    axe.check(page, "in embed play mode, choosing a robbery")
    rng = random.Random(3)
    for _ in range(60):  # Ada's turn by clicks, until the computer has played Bob's
        if page.locator('[data-part="log"] .pmark.p1').count():
            break
        page.wait_for_function(
            "document.querySelector('.vw-caption .panel-inner:not(.waiting)')"
            " || document.querySelector('[data-part=\"log\"] .pmark.p1')",
            timeout=TIMEOUT_MS,
        )
        if not page.locator('[data-part="log"] .pmark.p1').count():
            human_step(page, rng)
    page.wait_for_selector('[data-part="log"] .pmark.p1', timeout=TIMEOUT_MS)
    page.click('[data-intent="back"]')
    assert page.get_attribute("html", "data-mode") == "view" and at(page) == 0


# ---- broken links -----------------------------------------------------------------------------


def a_record() -> dict:
    g = Game.new(["Ada", "Bob"], seed=5)
    for token in ("dice 1 2", "place 3", "dice 2 2", "place 4"):
        g.apply(token)
    return g.record()


def broken_links() -> list[tuple[str, str]]:
    good = share.encode(a_record())
    tampered = a_record()
    tampered["moves"][1] = "place 12"
    return [
        ("", "link.none"),
        ("g=1abc$def", "link.chars"),
        ("g=" + good[: len(good) // 2], "link.cut"),
        ("g=2" + good[1:], "link.version"),
        ("g=1" + "A" * (share.MAX_TEXT + 10), "link.too_long"),
        ("g=" + share.encode(tampered), "link.record"),
        ("src=https://elsewhere.example/game.json", "url.src"),
        ("src=scenarios/no-such-game.json", "link.fetch"),
        ("g=" + good + "&src=" + TARGETS, "url.g_and_src"),
    ]


def test_broken_links_say_what_is_wrong_and_run_nothing(page, site_url, wait_ready, screenshot):
    page.goto(f"{site_url}embed.html#src={TARGETS}")
    wait_ready(page)
    for fragment, key in broken_links():
        page.goto(f"{site_url}embed.html#{fragment}")  # a new fragment: the page reads it again
        page.wait_for_function(
            f"document.documentElement.dataset.error === '{key}'", timeout=TIMEOUT_MS
        )
        wait_state(page, "error")
        why = page.inner_text(".vw-error .vw-why")
        expected = EN[key].split("{")[0]
        assert why.startswith(expected), (key, why)
        if key == "link.record":
            page.click(".vw-detail summary")
            assert "move 1 'place 12'" in page.inner_text(".vw-detail code")
            screenshot(page, "embed-broken-link")
    page.goto(f"{site_url}embed.html#src={TARGETS}")  # and a good one again
    wait_state(page, "ready")
    assert page.get_attribute("html", "data-error") is None


def test_a_name_with_markup_is_shown_as_text(page, site_url, wait_ready):
    rec = a_record()
    rec["players"][0]["name"] = '<img src=x onerror="document.title=1">'
    page.goto(f"{site_url}embed.html#g={share.encode(rec)}&at=end")
    wait_ready(page)
    assert page.locator("img").count() == 0
    assert '<img src=x onerror="document.title=1">' in page.inner_text("body")
    assert page.title() == "Gold Connection"


# ---- sharing and replays from the game ----------------------------------------------------------


def test_share_copies_a_link_that_replays_the_game_so_far(page, context, site_url, wait_ready):
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.goto(site_url + "?players=human,human&names=Ada,Bob&seed=9&speed=instant")
    wait_ready(page)
    for _ in range(5):  # the set-up rolls and placements, by the first button each time
        page.locator("#panel .btn:not([disabled])").first.click()
    moves = page.locator("#log .entry").count()
    page.click('#tools [data-intent="share"]')
    page.wait_for_selector('#dialog [data-dialog="share"]')
    link = page.input_value("#dialog .share-link")
    assert link.startswith(site_url + "embed.html#g=1")
    assert page.evaluate("navigator.clipboard.readText()") == link
    assert "copied" in page.inner_text("#dialog .share-state")
    page.keyboard.press("Escape")
    assert page.locator("#dialog .overlay").count() == 0

    friend = context.new_page()
    friend.goto(link)
    wait_ready(friend)
    assert int(friend.get_attribute("html", "data-total")) == moves
    friend.click('[data-intent="last"]')
    assert "Ada" in friend.inner_text('[data-part="log"]')
    friend.click('[data-intent="play"]')  # play on from the shared game
    assert friend.get_attribute("html", "data-mode") == "play"
    friend.close()


def finished_record() -> dict:
    return random_record(["Ada", "Bob"], seed=21, dice_seed=8)


def test_a_finished_game_is_replayed_step_by_step_from_the_end_screen(
    page, context, site_url, screenshot
):
    rec = finished_record()
    save = json.dumps({"format": "site-save/1", "game": "gold-connection", "record": rec})
    context.add_init_script(f"localStorage.setItem('gold-connection:save', {json.dumps(save)})")
    page.goto(site_url)
    wait_state(page, "over")
    page.wait_for_selector('#dialog [data-dialog="over"] [data-replay]')
    page.click("#dialog [data-replay]")
    page.wait_for_url(re.compile(r"embed\.html#g="))
    wait_state(page, "ready")
    assert int(page.get_attribute("html", "data-total")) == len(rec["moves"])
    assert at(page) == 0
    page.click('[data-intent="next"]')
    page.click('[data-intent="last"]')
    assert "Game over" in page.inner_text('[data-part="status"]')
    assert "The game is over." in page.inner_text('[data-part="caption"]')
    screenshot(page, "replay-from-end-screen")
    page.click(".vw-top a[href='./']")  # back to the game, still finished
    wait_state(page, "over")


# ---- languages --------------------------------------------------------------------------------


# Every message exists in every language (tests/test_app_i18n.py); in the browser, English and
# Hungarian (the longest texts, accents) stand for the four, to keep the suite short.
@pytest.mark.parametrize("lang", ["en", "hu"])
def test_each_language_renders_every_screen_with_no_missing_message(
    page, site_url, wait_ready, screenshot, lang, axe
):
    text = CATALOGUES[lang]
    page.set_viewport_size({"width": 1100, "height": 900})
    page.goto(f"{site_url}?lang={lang}")  # a first visit: the new-game form
    wait_ready(page)
    assert page.get_attribute("html", "lang") == lang
    page.wait_for_selector('#dialog [data-dialog="newgame"]')
    assert text["form.title"] in page.inner_text("#dialog")
    assert missing_messages(page) == []
    if lang != "en":  # English: test_game.py checks this dialog
        axe.check(page, f"on the new-game dialog ({lang})")
    page.click('#dialog [data-intent="quick"]')
    page.wait_for_selector("#dialog .overlay", state="detached")
    assert text["btn.share"] in page.inner_text("#tools")
    assert missing_messages(page) == []
    screenshot(page, f"game-{lang}")

    page.goto(f"{site_url}embed.html#src={ROBBERY}&at=2&lang={lang}")
    wait_ready(page)
    assert page.get_attribute("html", "lang") == lang
    assert text["viewer.play"] in page.inner_text('[data-part="controls"]')
    assert missing_messages(page) == []

    page.goto(f"{site_url}howto.html?lang={lang}")
    wait_ready(page)
    assert page.get_attribute("html", "lang") == lang
    assert page.inner_text("h1") == text["howto.title"]
    assert page.locator("[data-widget]").count() == 6  # 4 Gold Connection examples, 2 Go for Gold
    assert text["howto.ex4.title"] in page.inner_text("#ex4")
    assert missing_messages(page) == []
    screenshot(page, f"howto-{lang}")
    axe.check(page, f"on the how-to page ({lang})")
    if lang == "en":  # an example played on, as a reader would try it
        page.click('#ex4 [data-intent="play"]')
        page.wait_for_selector('#ex4 .viewer[data-mode="play"]')
        axe.check(page, "on the how-to page, an example in play mode")


def test_the_language_follows_the_browser_is_switched_and_remembered(browser, site_url):
    context = browser.new_context(locale="nl-BE")
    try:
        page = context.new_page()
        page.goto(site_url + "howto.html")
        wait_state(page, "ready")
        assert page.get_attribute("html", "lang") == "nl"
        assert page.inner_text("h1") == NL["howto.title"]
        page.select_option('select[data-setting="lang"]', "hu")
        page.wait_for_function("document.documentElement.lang === 'hu'")
        assert page.inner_text("h1") == HU["howto.title"]
        assert page.locator("[data-widget]").count() == 6  # the examples kept, redrawn
        assert HU["viewer.play"] in page.inner_text("#ex1")
        page.goto(site_url)  # the game page remembers the choice
        wait_state(page, "ready")
        assert page.get_attribute("html", "lang") == "hu"
        page.select_option('#tools select[data-setting="lang"]', "de")
        page.wait_for_function("document.documentElement.lang === 'de'")
        assert DE["btn.new"] in page.inner_text("#tools")
        page.reload()
        wait_state(page, "ready")
        assert page.get_attribute("html", "lang") == "de"
    finally:
        context.close()


def test_only_the_embed_page_may_be_framed(site_url):
    from urllib.request import urlopen

    for path, ancestors in (("embed.html", "frame-ancestors *"), ("howto.html", "'none'")):
        with urlopen(site_url + path) as response:
            csp = response.headers["Content-Security-Policy"]
        assert ancestors in csp and "script-src 'self'" in csp and "style-src 'self'" in csp


def test_the_howto_page_and_its_examples_work_offline_after_one_visit(
    page, context, site_url, screenshot
):
    page.goto(site_url + "howto.html?lang=nl")
    wait_state(page, "ready")
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=TIMEOUT_MS)
    context.set_offline(True)
    page.reload()
    wait_state(page, "ready")
    assert page.locator("[data-widget]").count() == 6  # 4 Gold Connection examples, 2 Go for Gold
    assert page.locator(".vw-error").count() == 0
    page.click('#ex4 [data-intent="last"]')
    assert "overval lukt" in page.inner_text('#ex4 [data-part="caption"]')
    page.goto(f"{site_url}embed.html#src={ROBBERY}&mode=play")
    wait_state(page, "ready")
    assert page.get_attribute("html", "data-mode") == "play"
