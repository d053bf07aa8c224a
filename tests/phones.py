"""Browser contexts kept to the site: :func:`keep_to_site` aborts and lists every request that
leaves it (the browser tests' ``context`` fixture fails a test on any), and :func:`phone` is a
separate phone for the tests that pass a game between devices, each with its own storage."""

from __future__ import annotations

from urllib.parse import urlsplit

from playwright.sync_api import Browser, BrowserContext

PHONE = {"width": 360, "height": 740}


def origin(url: str) -> str:
    url = url.removeprefix("blob:")  # a blob: URL carries the origin that made it
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def keep_to_site(context: BrowserContext, site_url: str, foreign: list[str]) -> None:
    """Let ``context`` fetch only ``data:`` URLs and the site's own origin; abort any other
    request and append its URL to ``foreign``."""
    own = origin(site_url)

    def guard(route):
        url = route.request.url
        if url.startswith("data:") or origin(url) == own:
            route.continue_()
        else:
            foreign.append(url)
            route.abort()

    context.route("**/*", guard)


def phone(browser: Browser, site_url: str, foreign: list[str]) -> BrowserContext:
    context = browser.new_context(viewport=PHONE)
    keep_to_site(context, site_url, foreign)
    return context
