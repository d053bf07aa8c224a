"""Benchmark (not a test): the site's start-up against a bare PyScript page, step by step.

Every page is served by scripts/serve.py (compressed, with the site's headers) and uses the
same vendored runtime; the time is navigation start -> <html data-state="ready">, taken in the
page. Pages are visited interleaved (A B C … A B C …, the order rotated every round) so that
drift on a shared machine hits them alike:
- cold: a fresh browser context for every visit (empty HTTP cache, no service worker);
- warm: one persistent profile per page, visited once first (the site's service worker is
  installed by then; the bare page has only the HTTP cache), then timed on later visits.
One uncounted cold round goes first. Prints medians, each page/bare ratio (goal: at most
1.05 for the game pages) and, for the cold visits, the median of each step the pages mark:
- snapshot: navigation -> build/python.snapshot received (the runtime's loader waits for it
  before it asks for the wasm);
- download: navigation -> pyodide.asm.wasm received;
- python: -> the interpreter is up (`site:python`, js/pyodide-snapshot.mjs: wasm compiled,
  the snapshot restored or Python started);
- unpack: -> the page's Python starts (`site:py-start`: PyScript's own files and engine.zip
  unpacked, its set-up run);
- import: -> the page's modules imported (`site:imported`);
- draw: -> ready (first screen drawn);
and the bytes the page itself received (its resource timing; the service worker's and the AI
worker's own fetches are not in it) and the cumulative layout shift until ready.
Last, cold visits of each game with the computer in the first seat (instant pace): how long
after ready its first action is logged and the AI worker answers (`<html data-ai>`).

Run after scripts/setup.sh: .venv/bin/python bench/load.py [--runs 7] [--root DIR]
(--root serves another checkout, e.g. an export of main, to compare before and after).
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
from chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402  (needs the path above)
from serve import start_server  # noqa: E402

BARE = "bare"
PAGES = {
    BARE: "bench/bare.html",
    "index": "",
    "go-for-gold": "go-for-gold.html",
    "howto": "howto.html",
    "embed": "embed.html#src=scenarios/gc-8-3-sorting.json",
}
GOAL = 1.05
FIRST_MOVE = {  # a computer in the first seat, instant pace: no delay before it acts
    "index": "?players=ai:expert,human&seed=3&speed=instant",
    "go-for-gold": "go-for-gold.html?players=hard,human&seed=3&speed=instant",
}
FIRST_MOVE_PROBE = """
new MutationObserver((_, observer) => {
  const ai = document.documentElement.dataset.ai;
  if (ai && window.__aiAt === undefined) { window.__aiAt = performance.now(); window.__ai = ai; }
  if (window.__firstAt === undefined && document.querySelector("#log li, #log .entry")) {
    window.__firstAt = performance.now();
  }
}).observe(document, { attributes: true, childList: true, subtree: true });
"""
# Records when the page marks itself ready (or failed), on the page's own clock (ms since
# navigation start), and the layout shifts until then.
READY_PROBE = """
window.__cls = 0;
try {
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.hadRecentInput && window.__readyAt === undefined) window.__cls += entry.value;
    }
  }).observe({ type: "layout-shift", buffered: true });
} catch (e) {}
new MutationObserver((_, observer) => {
  const state = document.documentElement.dataset.state;
  if (state === "ready" || state === "over" || state === "error") {
    window.__readyAt = performance.now();
    window.__readyState = state;
    observer.disconnect();
  }
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-state"] });
"""
STEPS = """() => {
  const mark = (name) => {
    const found = performance.getEntriesByName(name);
    return found.length ? found[0].startTime : null;
  };
  const resources = performance.getEntriesByType("resource");
  const wasm = resources.find((e) => e.name.endsWith("pyodide.asm.wasm"));
  const snapshot = resources.find((e) => e.name.endsWith("python.snapshot"));
  const nav = performance.getEntriesByType("navigation")[0];
  const entries = [nav, ...resources];
  return {
    ready: window.__readyAt, state: window.__readyState, cls: window.__cls,
    wasm: wasm ? wasm.responseEnd : null, snapshot: snapshot ? snapshot.responseEnd : null,
    python: mark("site:python"), pyStart: mark("site:py-start"), imported: mark("site:imported"),
    transfer: entries.reduce((sum, e) => sum + (e.transferSize || 0), 0),
    decoded: entries.reduce((sum, e) => sum + (e.decodedBodySize || 0), 0),
  };
}"""


def visit(page: Page, url: str) -> dict:
    if page.url != "about:blank":  # else an address that differs in its #fragment only
        page.goto("about:blank")  # would not load the page again
    page.goto(url, wait_until="commit")
    page.wait_for_function("window.__readyAt !== undefined", timeout=120_000, polling=50)
    if page.locator(".py-error").count():
        sys.exit(f"{url}: Python error: {page.locator('.py-error').first.inner_text()}")
    result = page.evaluate(STEPS)
    if result["state"] == "error":
        sys.exit(f"{url}: the page reports an error")
    return result


def cold_visit(browser, url: str) -> dict:
    context = browser.new_context()
    context.add_init_script(READY_PROBE)
    try:
        return visit(context.new_page(), url)
    finally:
        context.close()


def first_move(browser, url: str) -> dict:
    context = browser.new_context()
    context.add_init_script(READY_PROBE)
    context.add_init_script(FIRST_MOVE_PROBE)
    try:
        page = context.new_page()
        visit(page, url)
        page.wait_for_function("window.__firstAt !== undefined && window.__aiAt !== undefined",
                               timeout=60_000, polling=50)
        return page.evaluate("""() => ({ready: window.__readyAt, first: window.__firstAt,
                                        ai: window.__aiAt, who: window.__ai})""")
    finally:
        context.close()


def open_warm(playwright, profile: str, url: str) -> tuple[BrowserContext, Page]:
    """A persistent profile that has visited url once and has its service worker (if any)."""
    context = playwright.chromium.launch_persistent_context(
        profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS
    )
    context.add_init_script(READY_PROBE)
    page = context.new_page()
    visit(page, url)
    page.wait_for_timeout(500)
    page.evaluate("""async () => {
        if (!navigator.serviceWorker) return;
        const registration = await navigator.serviceWorker.getRegistration();
        if (registration) await navigator.serviceWorker.ready;
    }""")
    page.wait_for_timeout(1500)  # the precache finishes (it starts once the page is ready)
    return context, page


def rotated(names: list[str], round_no: int) -> list[str]:
    k = round_no % len(names)
    return names[k:] + names[:k]


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def main() -> int:
    parser = argparse.ArgumentParser(description="Start-up time of the site vs a bare page.")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--root", type=Path, default=REPO, help="the checkout to serve")
    parser.add_argument("--pages", default=",".join(PAGES), help="comma-separated names")
    parser.add_argument("--no-warm", action="store_true")
    parser.add_argument("--no-first-move", action="store_true")
    args = parser.parse_args()
    root = args.root.resolve()
    if not (root / "vendor" / "pyodide" / "pyodide.asm.wasm").is_file():
        sys.exit(f"bench: {root}/vendor is missing: run scripts/setup.sh first")
    names = [n for n in args.pages.split(",") if n]
    if BARE not in names:
        names.insert(0, BARE)

    server, base = start_server(root, 0, site_headers=True)
    cold: dict[str, list[dict]] = {name: [] for name in names}
    warm: dict[str, list[dict]] = {name: [] for name in names}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for name in names:  # not counted: the first launch of anything is slower
            cold_visit(browser, base + PAGES[name])
        for round_no in range(args.runs):
            for name in rotated(names, round_no):
                cold[name].append(cold_visit(browser, base + PAGES[name]))
        firsts: dict[str, list[dict]] = {name: [] for name in FIRST_MOVE if name in names}
        for _ in range(0 if args.no_first_move else args.runs):
            for name in firsts:
                firsts[name].append(first_move(browser, base + FIRST_MOVE[name]))
        browser.close()
        if not args.no_warm:
            with tempfile.TemporaryDirectory(prefix="bench-profiles-") as profiles:
                opened = {name: open_warm(playwright, f"{profiles}/{name}", base + PAGES[name])
                          for name in names}
                for round_no in range(args.runs):
                    for name in rotated(names, round_no):
                        warm[name].append(visit(opened[name][1], base + PAGES[name]))
                for context, _ in opened.values():
                    context.close()
    server.shutdown()

    def med(runs: list[dict], key: str) -> float:
        return median([r[key] / 1000 for r in runs if r.get(key) is not None])

    print(f"{root}: median of {args.runs} runs each (interleaved), navigation start -> ready")
    print(f"{'page':<13}{'cold':>7}{'warm':>7}   cold: snapshot download python unpack"
          "  import    draw   bytes (transfer / decoded)  CLS")
    for name in names:
        c = cold[name]
        steps = [med(c, "wasm"), med(c, "python"), med(c, "pyStart"), med(c, "imported"),
                 med(c, "ready")]
        parts = [med(c, "snapshot"), steps[0]]
        parts += [b - a for a, b in zip(steps, steps[1:], strict=False)]
        shown = "  ".join(f"{p:6.2f}" if p == p else "     -" for p in parts)
        transfer = median([r["transfer"] for r in c]) / 1e6
        decoded = median([r["decoded"] for r in c]) / 1e6
        cls = max(r["cls"] for r in c)
        warm_s = f"{med(warm[name], 'ready'):6.2f}s" if warm[name] else "      -"
        print(f"{name:<13}{med(c, 'ready'):6.2f}s{warm_s}  {shown}"
              f"   {transfer:6.2f} / {decoded:6.2f} MB   {cls:.3f}")
    for name in names:
        print(f"  {name} cold runs: " + " ".join(f"{r['ready'] / 1000:.2f}" for r in cold[name]))
    for name in names:
        if name == BARE:
            continue
        cold_ratio = med(cold[name], "ready") / med(cold[BARE], "ready")
        text = f"ratio {name}/bare: cold {cold_ratio:.2f}"
        if warm[name]:
            text += f", warm {med(warm[name], 'ready') / med(warm[BARE], 'ready'):.2f}"
        print(text + f" (goal <= {GOAL})")
    for name, runs in firsts.items():
        if not runs:
            continue
        after = median([(r["first"] - r["ready"]) / 1000 for r in runs])
        ai = median([(r["ai"] - r["ready"]) / 1000 for r in runs])
        who = ",".join(sorted({r["who"] for r in runs}))
        print(f"{name}, computer first, cold: first action {after:.2f} s after ready "
              f"(goal <= 1.5), data-ai={who} {ai:.2f} s after ready")
    return 0


if __name__ == "__main__":
    sys.exit(main())
