"""Go for Gold's page in numbers: click -> redrawn sheet, and the computer's decisions.

Not a test: run `.venv/bin/python bench/go_for_gold.py [--games N]` after `bash scripts/setup.sh`.
It serves the site and opens games of one person against a `hard` and a `medium` computer in
Chromium. Clicks: stepping onto a lit field and Undo step, timed in the page from the click
event (a capturing listener) to the `gg-redraw` mark that pages/go_for_gold/page.py sets after each
redraw (goal: median <= 30 ms). Decisions: each computer move, from asking the AI worker to
its answer (the `gg-decide` measures), so in Pyodide, worker messaging included.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "scripts"))
from chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from serve import start_server  # noqa: E402

ARM = """() => {
  window.__clicks = [];
  document.addEventListener("click", () => window.__clicks.push(performance.now()), true);
}"""
LAST = """() => {
  const marks = performance.getEntriesByName("gg-redraw");
  return [window.__clicks.at(-1), marks.at(-1).startTime];
}"""
OVER = "html[data-state=over]"


def timed_click(page, selector: str) -> float:
    before = page.evaluate("performance.getEntriesByName('gg-redraw').length")
    page.locator(selector).first.click()
    page.wait_for_function(f"performance.getEntriesByName('gg-redraw').length > {before}")
    clicked, drawn = page.evaluate(LAST)
    return drawn - clicked


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2)
    args = parser.parse_args()
    server, url = start_server(REPO, 0, site_headers=True)
    clicks: dict[str, list[float]] = {"step": [], "undo": []}
    decisions: list[float] = []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for game in range(args.games):
                page = browser.new_page(viewport={"width": 1366, "height": 768})
                page.goto(
                    url + f"go-for-gold.html?players=human,hard,medium&seed={game}&speed=instant"
                )
                page.wait_for_selector("html[data-state=ready]", timeout=60_000)
                page.evaluate(ARM)
                page.locator("#decision button.harbour").first.click()
                for _ in range(400):
                    if page.locator(OVER).count():
                        break
                    nxt = page.locator("#island.playing .field.next")
                    done = page.locator('#decision [data-intent="confirm"]:not([disabled])')
                    choice = page.locator('#decision [data-intent="play"]')
                    foot = page.locator('#decision [data-intent="foot"]')
                    if done.count():
                        done.click()
                    elif nxt.count():
                        clicks["step"].append(timed_click(page, "#island.playing .field.next"))
                        if len(clicks["undo"]) < len(clicks["step"]) / 3:
                            clicks["undo"].append(
                                timed_click(page, '#decision [data-intent="undo"]')
                            )
                    elif choice.count():
                        choice.first.click()
                    elif foot.count():
                        foot.first.click()
                    else:
                        page.wait_for_timeout(30)
                decisions += page.evaluate(
                    "performance.getEntriesByName('gg-decide').map((e) => e.duration)"
                )
                page.close()
            browser.close()
    finally:
        server.shutdown()
    every = [t for ts in clicks.values() for t in ts]
    for kind, ts in clicks.items():
        print(
            f"{kind:>5}: median {statistics.median(ts):5.1f} ms, max {max(ts):5.1f} ms, n={len(ts)}"
        )
    print(f"click -> redrawn sheet: median {statistics.median(every):.1f} ms (goal <= 30 ms)")
    print(
        f"computer decisions (hard and medium, in the worker): median "
        f"{statistics.median(decisions):.0f} ms, p95 {p95(decisions):.0f} ms, "
        f"max {max(decisions):.0f} ms, n={len(decisions)}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
