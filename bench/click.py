"""How fast the page answers a click: median time from a click to the redrawn board.

Not a test: run `.venv/bin/python bench/click.py [--rounds N]` after `bash scripts/setup.sh`.
It serves the site, opens a two-person game in Chromium and times, in the page, from the
click event (a capturing listener) to the `gc-redraw` performance mark that the game page sets
after every redraw. Three kinds of click: naming a bar in a safe, moving the arrow to a
field of the vault, and Undo. Goal: median <= 30 ms. It also prints the browser's own Event
Timing of the same clicks (from the input to the next paint, layout and painting included,
in steps of 8 ms; clicks under 16 ms are not reported), so time moved from the click's task
into the frame after it does not count as a gain. ``--root DIR`` serves another checkout
(e.g. a worktree of main) to compare in the same conditions.
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

GOAL_MS = 30
ARM = """() => {
  window.__clicks = [];
  window.__painted = [];
  document.addEventListener("click", () => window.__clicks.push(performance.now()), true);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === "click") window.__painted.push(e.duration);
  }).observe({type: "event", durationThreshold: 16});
}"""
LAST = """() => {
  const marks = performance.getEntriesByName("gc-redraw");
  return [window.__clicks.at(-1), marks.length ? marks.at(-1).startTime : null];
}"""


def timed_click(page, selector: str) -> float:
    """Milliseconds from the click on ``selector`` to the redraw that answered it."""
    before = page.evaluate("performance.getEntriesByName('gc-redraw').length")
    page.locator(selector).first.click()
    page.wait_for_function(f"performance.getEntriesByName('gc-redraw').length > {before}")
    clicked, drawn = page.evaluate(LAST)
    return drawn - clicked


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--root", type=Path, default=REPO, help="the checkout to serve")
    args = parser.parse_args()
    server, url = start_server(args.root, 0, site_headers=True)
    times: dict[str, list[float]] = {"bar": [], "move": [], "undo": []}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            page.goto(url + "?players=human,human&seed=1&speed=instant")
            page.wait_for_selector("html[data-state=ready]", timeout=60_000)
            page.evaluate(ARM)
            # set-up by clicks: two placement rolls and headings
            while page.get_attribute("#panel .panel-inner", "data-prompt") != "move":
                page.locator("#panel .actions .btn:not([disabled])").first.click()
            for _ in range(args.rounds):
                times["move"].append(timed_click(page, "#board .field.hl"))
                if page.locator('#panel [data-intent="bar"]').count():
                    times["bar"].append(timed_click(page, '#panel [data-intent="bar"]'))
                times["undo"].append(timed_click(page, '#tools [data-intent="undo"]'))  # the move
            page.wait_for_timeout(200)  # the last click's paint is reported after it
            painted = page.evaluate("window.__painted")
            browser.close()
    finally:
        server.shutdown()
    every = [t for ts in times.values() for t in ts]
    for kind, ts in times.items():
        if ts:
            median = statistics.median(ts)
            print(f"{kind:>5}: median {median:5.1f} ms, max {max(ts):5.1f} ms, n={len(ts)}")
    median = statistics.median(every)
    print(f"click -> redrawn board: median {median:.1f} ms over {len(every)} clicks", end=" ")
    print(f"(goal <= {GOAL_MS} ms)")
    if painted:
        median = statistics.median(painted)
        print(f"click -> next paint (Event Timing): median {median:.0f} ms, n={len(painted)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
