"""Browser fixtures: the site served by scripts/serve.py, driven in Debian's Chromium.

Playwright cannot download its own browsers here, so it launches /usr/bin/chromium
(override with $CHROMIUM; see scripts/chromium.py). Every page fails its test if it asks any
origin but our server.
"""

from __future__ import annotations

import functools
import os
import re
from pathlib import Path

import pytest
from chromium import CHROMIUM, CHROMIUM_ARGS
from phones import keep_to_site
from playwright.sync_api import (
    Browser,
    BrowserContext,
    Frame,
    Page,
    Playwright,
    sync_playwright,
)
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from serve import start_server

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts"
READY = "html[data-state=ready], .py-error"
READY_TIMEOUT_MS = 60_000


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    browser = [item for item in items if item.path.is_relative_to(here)]
    for item in browser:
        item.add_marker(pytest.mark.browser)
    # scripts/test.sh runs xdist workers (worksteal): each starts with one contiguous share of
    # this list and later steals from the others' tails. Deal the browser tests to every
    # share, first in each, so the browsers run side by side and the quick engine tests fill
    # the end (collected in file order, every browser test fell to the first worker).
    k = max(1, int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1")))
    chosen = set(browser)
    others = [item for item in items if item not in chosen]
    dealt: list[pytest.Item] = []
    for i in range(k):
        dealt += browser[i::k] + others[i * len(others) // k : (i + 1) * len(others) // k]
    items[:] = dealt


@pytest.fixture(scope="session")
def site_url() -> str:
    """Base URL (ending in /) of the repository root served with netlify.toml's headers."""
    server, url = start_server(REPO, 0, site_headers=True)
    yield url
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def playwright() -> Playwright:
    with sync_playwright() as pw:
        yield pw


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Browser:
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    yield browser
    browser.close()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):
    report = yield
    foreign = getattr(item, "foreign_requests", None)
    if report.when == "call" and report.passed and foreign:
        report.outcome = "failed"
        report.longrepr = "requests left the site (aborted):\n  " + "\n  ".join(foreign)
    return report


@pytest.fixture
def context(browser: Browser, site_url: str, request: pytest.FixtureRequest) -> BrowserContext:
    """A fresh profile whose requests may only go to the site: any other is aborted and
    fails the test. The route sees the service worker's own fetches too (checked with
    Playwright 1.65 and Chromium 156); routing also turns off the HTTP cache."""
    context = browser.new_context()
    foreign: list[str] = []
    request.node.foreign_requests = foreign
    keep_to_site(context, site_url, foreign)
    yield context
    context.close()


@pytest.fixture
def page(context: BrowserContext) -> Page:
    return context.new_page()


def _wait_ready(page: Page, timeout_ms: int = READY_TIMEOUT_MS) -> None:
    try:
        page.wait_for_selector(READY, state="attached", timeout=timeout_ms)
    except PlaywrightTimeoutError:
        pytest.fail(f"the page was not ready in {timeout_ms / 1000:g} s: {_seen(page)}")
    errors = page.locator(".py-error")
    if errors.count():
        pytest.fail("Python error on the page:\n" + "\n".join(errors.all_inner_texts()))


def _seen(page: Page) -> str:
    """What a page that never became ready shows, each read given 2 s: a main thread busy
    for good answers none of them (a page that CI's Chromium once left loading for 60 s)."""
    if page.is_closed():
        return "the page is closed (crashed?)"
    html = page.locator("html")
    said = []
    for what, read in (
        ("data-state", lambda: html.get_attribute("data-state", timeout=2000)),
        ("data-python-start", lambda: html.get_attribute("data-python-start", timeout=2000)),
        ("loading screen", lambda: page.locator("#boot").inner_text(timeout=2000)[:300]),
    ):
        try:
            said.append(f"{what} {read()!r}")
        except PlaywrightError as error:
            said.append(f"{what} unread ({str(error).splitlines()[0]})")
    console = page.console_messages(filter="since-navigation")
    told = [f"{m.type}: {m.text[:200]}" for m in console if m.type in ("warning", "error")]
    told += [f"uncaught: {str(e)[:200]}" for e in page.page_errors()]
    return "; ".join(said) + "; the console " + (" | ".join(told[-6:]) or "warned of nothing")


def _screenshot(page: Page, name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / (re.sub(r"[^\w.-]+", "_", name) + ".png")
    page.screenshot(path=str(path), full_page=True)
    return path


@pytest.fixture
def wait_ready():
    """wait_ready(page): wait until the app marks <html data-state="ready"> or PyScript shows
    an error (.py-error), and fail the test with the error's text in that case."""
    return _wait_ready


@pytest.fixture
def screenshot():
    """screenshot(page, name) -> path of a full-page PNG saved in test-artifacts/."""
    return _screenshot


# ---- axe-core: WCAG 2.2 A/AA checks of what a page shows right now ------------------------------
# node_modules/axe-core (pinned in package.json) is evaluated once per document through the
# DevTools protocol (page.evaluate), which no CSP governs: the pages refuse inline scripts, so
# add_script_tag would be blocked. One run takes 0.3-2 s.

AXE = REPO / "node_modules" / "axe-core" / "axe.min.js"
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
AXE_RUN = (
    "async (tags) => (await axe.run(document, {runOnly: {type: 'tag', values: tags},"
    " resultTypes: ['violations']})).violations.map((v) => ({id: v.id, help: v.help,"
    " targets: v.nodes.map((n) => n.target.join(' '))}))"
)


@functools.cache
def _axe_source() -> str:
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: run `npm ci` (axe-core is a dev dependency)")
    return AXE.read_text(encoding="utf-8")


class Axe:
    """``axe.check(page, "where")`` fails the test with one line per violation (rule id,
    element, help); ``axe.violations(page)`` lists them (a Page or a Frame)."""

    @staticmethod
    def violations(page: Page | Frame) -> list[dict]:
        if not page.evaluate("typeof window.axe === 'object'"):
            page.evaluate(_axe_source() + "\n;undefined")
        return page.evaluate(AXE_RUN, AXE_TAGS)

    @staticmethod
    def describe(found: list[dict]) -> str:
        return "\n".join(f"{v['id']}: {t} — {v['help']}" for v in found for t in v["targets"])

    @classmethod
    def check(cls, page: Page | Frame, where: str) -> None:
        found = cls.violations(page)
        if found:
            n = sum(len(v["targets"]) for v in found)
            pytest.fail(f"axe: {n} accessibility violation(s) {where}:\n" + cls.describe(found))


@pytest.fixture(scope="session")
def axe() -> Axe:
    """axe-core's WCAG 2.2 A/AA checks: ``axe.check(page, "on the end screen")``."""
    return Axe()
