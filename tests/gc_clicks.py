"""Gold Connection's page driven by clicks, whatever it asks: the browser tests' one way to
play a decision as a person would (tests/browser/test_game.py, test_bylink.py)."""

from __future__ import annotations

import random

from playwright.sync_api import Page


def prompt(page: Page) -> str:
    return page.get_attribute("#panel .panel-inner", "data-prompt") or ""


def click(page: Page, selector: str) -> None:
    page.locator(selector).first.click()


def enabled(page: Page, selector: str) -> bool:
    loc = page.locator(selector)
    return loc.count() > 0 and loc.first.is_enabled()


def human_step(page: Page, rng: random.Random) -> None:
    """One decision by clicks only, whatever the prompt."""
    p = prompt(page)
    if p == "roll":
        click(page, '#panel [data-intent="roll"]')
    elif p == "place":
        click(page, "#board .field.hl")
    elif p == "face":
        click(page, '#panel [data-intent="face"]')
    elif p == "move":
        if enabled(page, '#panel [data-intent="stop"]') and rng.random() < 0.7:
            click(page, '#panel [data-intent="stop"]')
        elif enabled(page, '#panel [data-intent="accept"]'):
            click(page, '#panel [data-intent="accept"]')
        else:
            fields = page.locator("#board .field.hl")
            fields.nth(rng.randrange(min(fields.count(), 4))).click()
    elif p == "act":
        if page.locator('#panel [data-intent="bar"]').count():
            bars = page.locator('#panel [data-intent="bar"]')
            bars.nth(rng.randrange(bars.count())).click()
            if enabled(page, '#panel [data-intent="roll"]'):
                click(page, '#panel [data-intent="roll"]')
            else:  # that bar would take the target above 17 (GC-4.2): end the action instead
                click(page, '#panel [data-intent="end"]')
        elif page.locator('#panel [data-intent="robbar"]').count():
            click(page, '#panel [data-intent="robbar"]')
            click(page, '#panel [data-intent="roll"]')
        else:
            click(page, '#panel [data-intent="end"]')
    elif p == "chips":
        if enabled(page, '#panel [data-intent="spend"]'):
            click(page, '#panel [data-intent="spend"]')
        else:
            click(page, '#panel [data-intent="accept"]')
    elif p == "sort":
        picks = page.locator('#panel [data-intent="sortpick"]:not([disabled])')
        if picks.count():
            picks.nth(rng.randrange(picks.count())).click()
        click(page, '#panel [data-intent="sort"]')
    else:
        raise AssertionError(f"unexpected prompt {p!r}")
