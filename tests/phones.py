"""Browser contexts as separate phones for the tests that pass a game between devices: each
its own storage, every request outside the site aborted and listed (the test fails on any)."""

from __future__ import annotations

from urllib.parse import urlsplit

from playwright.sync_api import Browser, BrowserContext

PHONE = {"width": 360, "height": 740}


def phone(browser: Browser, site_url: str, foreign: list[str]) -> BrowserContext:
    context = browser.new_context(viewport=PHONE)
    own = "{0.scheme}://{0.netloc}".format(urlsplit(site_url))

    def guard(route):
        url = route.request.url
        if url.startswith("data:") or url.removeprefix("blob:").startswith(own):
            route.continue_()
        else:
            foreign.append(url)
            route.abort()

    context.route("**/*", guard)
    return context
