"""How the page fares while the worker reviews a finished game: its longest task, and time.

Not a test: run `.venv/bin/python bench/review_page.py [--runs N]` after
`bash scripts/setup.sh`. It serves the site, lets two `greedy` computers play a seeded game
at instant pace (36 turns, about 280 moves), clicks *Review this game* on the end screen and
records every main-thread long task (PerformanceObserver "longtask": any task over 50 ms)
from the click to the finished review. Issue #13's goal: no task over 50 ms on the main
thread, the review done within 20 s in Pyodide. Prints each run and the medians.
``--root DIR`` serves another checkout (e.g. a worktree of main) to compare.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "scripts"))
from chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from serve import start_server  # noqa: E402

LONG_TASKS = """new PerformanceObserver((list) => {
  for (const e of list.getEntries()) (window.__long ||= []).push([e.startTime, e.duration]);
}).observe({type: "longtask", buffered: true});"""
GOAL_MS = 50


def one_run(browser, url: str) -> tuple[float, list[float]]:
    """Seconds from the click to the finished review, and the long tasks (ms) meanwhile."""
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    page.add_init_script(LONG_TASKS)
    page.goto(url + "?players=ai:greedy,ai:greedy&seed=3&speed=instant")
    page.wait_for_selector("html[data-state=ready]", timeout=120_000)
    page.wait_for_selector('#dialog [data-dialog="over"]', timeout=300_000)
    asked = page.evaluate("performance.now()")
    started = time.monotonic()
    page.click('#dialog [data-intent="review"]')
    page.wait_for_selector('#dialog [data-review="done"]', timeout=300_000)
    seconds = time.monotonic() - started
    page.wait_for_timeout(300)  # the long task of the last drawing is reported after it
    longs = page.evaluate(f"(window.__long || []).filter(e => e[0] >= {asked}).map(e => e[1])")
    page.close()
    return seconds, [float(x) for x in longs]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--root", type=Path, default=REPO, help="the checkout to serve")
    args = ap.parse_args()
    server, url = start_server(args.root, 0)
    times, worst = [], []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for k in range(args.runs):
            seconds, longs = one_run(browser, url)
            times.append(seconds)
            worst.append(max(longs, default=0.0))
            shown = ", ".join(f"{x:.0f}" for x in longs) or "none"
            print(f"run {k + 1}: review {seconds:.1f} s; long tasks (ms): {shown}")
        browser.close()
    server.shutdown()
    print(
        f"median: review {statistics.median(times):.1f} s, longest task "
        f"{statistics.median(worst):.0f} ms (goal: none over {GOAL_MS} ms)"
    )


if __name__ == "__main__":
    main()
