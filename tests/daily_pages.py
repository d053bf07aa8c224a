"""The daily page in Chromium, as the browser tests open it: a fixed clock and time zone,
and the statistics it shows."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta


def at(local: str, offset_h: float) -> datetime:
    """The instant of a local wall-clock time in a zone ``offset_h`` hours from UTC."""
    wall = datetime.fromisoformat(local)
    return (wall - timedelta(hours=offset_h)).replace(tzinfo=UTC)


def new_page(browser, site_url, zone: str, when: datetime):
    context = browser.new_context(timezone_id=zone, base_url=site_url, locale="en-GB")
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = context.new_page()
    page.clock.install(time=when)
    return context, page


def stats_of(page, game: str) -> dict[str, str]:
    cells = page.locator(f'[data-stats="{game}"] .dfigures [data-stat]')
    return {
        cells.nth(i).get_attribute("data-stat"): cells.nth(i).locator("dd").inner_text()
        for i in range(cells.count())
    }
