"""Gold Connection by link in Chromium: two phones (browser contexts, no storage shared) pass a
game back and forth by its link for several turns, with a reload in the middle of a turn, and
a link from an older turn is refused with its reason while the game stays as it was."""

from __future__ import annotations

import random

from gc_clicks import human_step, prompt
from phones import phone
from playwright.sync_api import Browser, Page, expect

DIALOG = '#dialog [data-dialog="bylink"]'
HUMAN_OR_LINK = (
    f"document.querySelector('{DIALOG}') !== null"
    " || document.querySelector('#panel .panel-inner:not(.waiting)') !== null"
)


def open_link(page: Page, url: str, wait_ready) -> None:
    """Open a link as a message app does: a new load of the page (not only a new fragment)."""
    page.goto("about:blank")
    page.goto(url)
    wait_ready(page)


def play_turn(page: Page, rng: random.Random, reload_after: int | None = None, wait_ready=None):
    """Decisions by clicks until the page offers the next player's link; that link."""
    steps = 0
    while True:
        page.wait_for_function(HUMAN_OR_LINK, timeout=60_000)
        if page.locator(DIALOG).count():
            return page.input_value("#bylink-link")
        if steps == reload_after:
            before = prompt(page)
            page.reload()
            wait_ready(page)
            expect(page.locator("#panel .panel-inner")).to_have_attribute("data-prompt", before)
        human_step(page, rng)
        steps += 1


def test_two_phones_pass_a_game_by_link_and_refuse_an_older_link(
    browser: Browser, site_url: str, wait_ready, axe, request
):
    foreign: list[str] = []
    request.node.foreign_requests = foreign
    phones = [phone(browser, site_url, foreign) for _ in range(2)]
    rng = random.Random(4)
    try:
        ada, bob = (ctx.new_page() for ctx in phones)
        ada.goto(site_url)
        wait_ready(ada)
        ada.check('[data-setting="bylink"]')
        expect(ada.locator(".bylink-choice .help")).to_contain_text("for friends")
        ada.click('#dialog [data-intent="start"]')
        link = play_turn(ada, rng)
        expect(ada.locator(DIALOG)).to_contain_text("Next to play")
        axe.check(ada, "with the next player's link")
        links = [link]
        for turn in range(2):  # the first turn says whose it is; the second reloads midway
            open_link(bob, link, wait_ready)
            if turn == 0:
                expect(bob.locator(".notice").first).to_contain_text("Your turn")
            link = play_turn(bob, rng, reload_after=1 if turn == 1 else None, wait_ready=wait_ready)
            open_link(ada, link, wait_ready)
            link = play_turn(ada, rng)
            links.append(link)
        # Bob's list: this game, Ada to play
        open_link(bob, link, wait_ready)
        link = play_turn(bob, rng)
        expect(bob.locator(".bylink-games")).to_contain_text("to play")
        # an older link is refused; the game on Bob's phone is as it was
        moves = bob.evaluate("localStorage.getItem('gold-connection:save')")
        open_link(bob, links[1], wait_ready)
        expect(bob.locator(".notice").first).to_contain_text("older turn")
        assert bob.evaluate("localStorage.getItem('gold-connection:save')") == moves
        axe.check(bob, "with a refused link")
    finally:
        for ctx in phones:
            ctx.close()
