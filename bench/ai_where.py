"""One Pyodide or two: the computer seats in the AI worker, or answered by the page itself.

Not a test: run `.venv/bin/python bench/ai_where.py [--runs 5] [--root DIR]` after
`bash scripts/setup.sh`. Two set-ups the site already has, visited interleaved:
- worker: as shipped; the AI worker (a second Pyodide) starts once the page is ready, and
  the page answers a computer seat itself only while the worker is still booting (its first
  second, ``BOOT_GRACE_S``);
- page: the worker's file answers 404 (as tests/browser/test_robustness.py does), so the page
  gives the worker up and every decision is computed on the page's thread, one Pyodide.
For each, on cold visits (a fresh context: empty cache, no service worker):
- first: seconds from ready to the first decision of an expert in the first seat (instant
  pace; the game page's ``gc-decided`` mark), and who answered it (``<html data-ai>`` then);
- turns: two experts play at the fast pace; once the worker is up (or given up), over the
  next ``--turns`` computer turns (the ``gc-turn`` marks), the main thread's long tasks (over
  50 ms): how many, the longest, and the blocking time (the part of each over 50 ms) per turn;
- memory: then, the renderer process's resident memory (the page and its workers share it;
  a Pyodide's wasm heap is not in the JS heap) and the page's JS heap (CDP metrics).
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

SETUPS = ("worker", "page")
FIRST = "?players=ai:expert,human&seed=3&speed=instant&lang=en"
TURNS = "?players=ai:expert,ai:expert&seed={seed}&speed=fast&lang=en"
PROBE = """
window.__long = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__long.push([e.startTime, e.duration]);
}).observe({type: "longtask", buffered: true});
new MutationObserver(() => {
  const root = document.documentElement;
  if (window.__readyAt === undefined && root.dataset.state === "ready") {
    window.__readyAt = performance.now();
  }
  if (window.__aiAt === undefined && root.dataset.ai) window.__aiAt = performance.now();
  const decided = performance.getEntriesByName("gc-decided");
  if (window.__firstAt === undefined && decided.length) {
    window.__firstAt = decided[0].startTime;
    window.__firstBy = root.dataset.ai || "main (worker not up)";
  }
}).observe(document, {attributes: true, childList: true, subtree: true});
"""


TURN_MARKS = "performance.getEntriesByName('gc-turn').map(m => m.startTime)"


def context_for(browser, setup: str):
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    context.add_init_script(PROBE)
    if setup == "page":
        context.route("**/py/ai_worker.py", lambda route: route.fulfill(status=404, body="no"))
    return context


def first_decision(browser, url: str, setup: str) -> tuple[float, str, float]:
    context = context_for(browser, setup)
    try:
        page = context.new_page()
        page.goto(url + FIRST)
        page.wait_for_function("window.__firstAt !== undefined", timeout=120_000, polling=50)
        page.wait_for_function("window.__aiAt !== undefined", timeout=120_000, polling=100)
        ready, first, by, up = page.evaluate(
            "[window.__readyAt, window.__firstAt, window.__firstBy, window.__aiAt]"
        )
        return (first - ready) / 1000, by, (up - ready) / 1000
    finally:
        context.close()


def renderer_rss_mb(browser) -> float:
    """Resident memory of the renderer processes (one here: the page and its workers)."""
    cdp = browser.new_browser_cdp_session()
    try:
        info = cdp.send("SystemInfo.getProcessInfo")["processInfo"]
    finally:
        cdp.detach()
    total = 0
    for proc in info:
        if proc.get("type") == "renderer":
            try:
                status = Path(f"/proc/{proc['id']}/status").read_text()
            except OSError:
                continue
            kb = next(int(x.split()[1]) for x in status.splitlines() if x.startswith("VmRSS:"))
            total += kb
    return total / 1024


def turns(browser, url: str, setup: str, seed: int, wanted: int) -> dict:
    context = context_for(browser, setup)
    try:
        page = context.new_page()
        page.goto(url + TURNS.format(seed=seed))
        page.wait_for_selector("html[data-state=ready]", timeout=120_000)
        page.wait_for_function("window.__aiAt !== undefined", timeout=120_000, polling=100)
        up = page.evaluate("window.__aiAt")
        deadline = time.monotonic() + 60 + 20 * wanted
        marks: list[float] = []
        while time.monotonic() < deadline and len(marks) < wanted + 1:
            time.sleep(0.5)
            marks = [m for m in page.evaluate(TURN_MARKS) if m > up]
        n = min(len(marks), wanted + 1) - 1
        a, b = marks[0], marks[n]
        longs = [d for t, d in page.evaluate("window.__long") if a <= t < b]
        cdp = context.new_cdp_session(page)
        metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
        if not metrics.get("JSHeapUsedSize"):
            cdp.send("Performance.enable")
            metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
        return {
            "turn_s": (b - a) / 1000 / max(1, n),
            "long": len(longs) / max(1, n),
            "longest": max(longs, default=0.0),
            "blocking": sum(d - 50 for d in longs) / max(1, n),
            "rss": renderer_rss_mb(browser),
            "heap": metrics.get("JSHeapUsedSize", 0) / 2**20,
            "who": page.evaluate("document.documentElement.dataset.ai"),
        }
    finally:
        context.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--turns", type=int, default=6, help="computer turns watched per game")
    parser.add_argument("--root", type=Path, default=REPO, help="the checkout to serve")
    args = parser.parse_args()
    server, url = start_server(args.root, 0, site_headers=True)
    firsts: dict[str, list[float]] = {s: [] for s in SETUPS}
    games: dict[str, list[dict]] = {s: [] for s in SETUPS}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for run in range(args.runs):
                order = SETUPS if run % 2 == 0 else SETUPS[::-1]
                for setup in order:
                    seconds, by, up = first_decision(browser, url, setup)
                    firsts[setup].append(seconds)
                    got = turns(browser, url, setup, 200 + run, args.turns)
                    games[setup].append(got)
                    print(
                        f"run {run + 1} {setup:>6}: first decision {seconds:.2f} s after ready "
                        f"(by {by}; data-ai {up:.1f} s after ready); per turn "
                        f"{got['turn_s']:.2f} s, {got['long']:.1f} long tasks, longest "
                        f"{got['longest']:.0f} ms, blocking {got['blocking']:.0f} ms; "
                        f"renderer {got['rss']:.0f} MB, JS heap {got['heap']:.0f} MB "
                        f"(answers: {got['who']})",
                        flush=True,
                    )
            browser.close()
    finally:
        server.shutdown()
    print(f"\nmedians over {args.runs} cold visits each ({args.turns} expert turns per game):")
    print("setup   first decision  long tasks/turn  longest  blocking/turn  renderer  JS heap")
    for setup in SETUPS:
        g = games[setup]

        def med(key: str, g=g) -> float:
            return statistics.median(x[key] for x in g)

        print(
            f"{setup:<7} {statistics.median(firsts[setup]):>12.2f} s {med('long'):>16.1f}"
            f" {med('longest'):>6.0f} ms {med('blocking'):>10.0f} ms {med('rss'):>6.0f} MB"
            f" {med('heap'):>5.0f} MB"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
