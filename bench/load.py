"""Benchmark (not a test): how much the site's start-up costs over a bare PyScript page.

For index.html, go-for-gold.html and bench/bare.html, all served by scripts/serve.py and using
the same vendored runtime, it times navigation start -> <html data-state="ready"> (taken in
the page):
- cold: a fresh browser context for every run (empty HTTP cache, no service worker);
- warm: one persistent profile per page, visited once first, then timed on later visits
  (the site's service worker is installed by then; the bare page has only the HTTP cache).
One uncounted cold round goes first. Prints medians and each page/bare ratio; the goal is a
cold ratio of at most 1.15 for each game's page. On 2 shared cores single runs vary by ±30 %:
compare medians.

Run after scripts/setup.sh: .venv/bin/python bench/load.py [--runs 5]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import BrowserContext, Page, sync_playwright

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "scripts"))
from serve import start_server  # noqa: E402  (needs the path above)

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PAGES = {
    "index.html": "",
    "go-for-gold.html": "go-for-gold.html",
    "bench/bare.html": "bench/bare.html",
}
BARE = "bench/bare.html"
GOAL = 1.15
# Records when the page marks itself ready, on the page's own clock (ms since navigation start).
READY_PROBE = """
new MutationObserver((_, observer) => {
  if (document.documentElement.dataset.state === "ready") {
    window.__readyAt = performance.now();
    observer.disconnect();
  }
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-state"] });
"""


def time_visit(page: Page, url: str) -> float:
    page.goto(url, wait_until="commit")
    page.wait_for_function("window.__readyAt !== undefined", timeout=120_000, polling=50)
    if page.locator(".py-error").count():
        sys.exit(f"{url}: Python error: {page.locator('.py-error').first.inner_text()}")
    return page.evaluate("window.__readyAt") / 1000


def cold_run(browser, url: str) -> float:
    context = browser.new_context()
    context.add_init_script(READY_PROBE)
    try:
        return time_visit(context.new_page(), url)
    finally:
        context.close()


def warm_runs(playwright, url: str, runs: int) -> list[float]:
    with tempfile.TemporaryDirectory(prefix="bench-profile-") as profile:
        context: BrowserContext = playwright.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS
        )
        try:
            context.add_init_script(READY_PROBE)
            page = context.new_page()
            time_visit(page, url)
            # Give a service worker, if the page registers one, time to install and take over.
            page.wait_for_timeout(500)
            page.evaluate("""async () => {
                if (!navigator.serviceWorker) return;
                const registration = await navigator.serviceWorker.getRegistration();
                if (registration) await navigator.serviceWorker.ready;
            }""")
            return [time_visit(page, url) for _ in range(runs)]
        finally:
            context.close()


def main() -> int:
    parser = argparse.ArgumentParser(description="Start-up time of the site vs a bare page.")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    if not (REPO / "vendor" / "pyodide" / "pyodide.asm.wasm").is_file():
        sys.exit("bench: run scripts/setup.sh first (vendor/ is missing)")

    server, base = start_server(REPO, 0, site_headers=True)
    cold: dict[str, list[float]] = {name: [] for name in PAGES}
    warm: dict[str, list[float]] = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for path in PAGES.values():  # not counted: the first launch of anything is slower
            cold_run(browser, base + path)
        for _ in range(args.runs):  # interleaved, so drift hits both pages alike
            for name, path in PAGES.items():
                cold[name].append(cold_run(browser, base + path))
        browser.close()
        for name, path in PAGES.items():
            warm[name] = warm_runs(playwright, base + path, args.runs)
    server.shutdown()

    def median(values: list[float]) -> float:
        return statistics.median(values)

    print(f"median of {args.runs} runs, navigation start -> data-state=ready")
    print(f"{'page':<18}{'cold':>8}{'warm':>8}   cold runs")
    for name in PAGES:
        runs = " ".join(f"{v:.2f}" for v in cold[name])
        print(f"{name:<18}{median(cold[name]):>7.2f}s{median(warm[name]):>7.2f}s   {runs}")
    for name in PAGES:
        if name == BARE:
            continue
        cold_ratio = median(cold[name]) / median(cold[BARE])
        warm_ratio = median(warm[name]) / median(warm[BARE])
        verdict = "within" if cold_ratio <= GOAL else "OVER"
        print(
            f"ratio {name}/bare: cold {cold_ratio:.2f} ({verdict} goal {GOAL}), "
            f"warm {warm_ratio:.2f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
