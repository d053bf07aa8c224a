"""Benchmark (not a test): issue #59's table in one run, this checkout against another.

For this checkout and the one given by --root (e.g. a worktree of 4a5e87c with its own
build), one after another, never two browsers at once:

1. Lighthouse 12.2.3, mobile preset (4x CPU, simulated slow 4G), median of --lh-runs, on
   the issue's five pages (index, go-for-gold, daily, howto, embed) and bench/bare.html
   (bench/lighthouse.py's runner);
2. tap -> next paint: a two-person game of each (Gold Connection: moving the arrow, naming a
   bar, Undo; Go for Gold: a path step, Undo), at 412x915 and 1280x800, at 1x and 4x CPU
   (`Emulation.setCPUThrottlingRate`). Event Timing, each interaction's slowest event (as
   INP counts them, 8 ms steps; the observer's threshold is 16 ms so shorter ones count 16):
   median, p75, max. A tap is a mouse click at the element's centre (trace.tap());
3. first visit, cold (a fresh context), at fast 4G and slow 4G (Chromium's network emulation,
   bench/throttled.py): navigation -> ready and the network bytes until then, with the bare
   page measured in the same run;
4. an explainer page of 8 embed.html frames (each a screen's height apart, text between, as a
   rules page would place them; made by this benchmark, served on the site's origin) against
   a page of one: navigation -> the frames in the first screen ready, then scrolled a screen
   every 0.5 s to the end -> every frame ready, how many frames started a runtime before they
   were scrolled near, and the page's long tasks (>50 ms, Long Tasks API) meanwhile.

Prints each figure with its ratio to the other checkout (and to the bare page where there is
one) and the load average, so a busy machine shows.

  .venv/bin/python bench/phone.py --root /tmp/base [--lh-runs 2] [--rounds 5]
      [--only lighthouse,taps,network,embeds]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "scripts"))
sys.path.insert(0, str(REPO / "bench"))
from trace import setup_game, tap  # noqa: E402  (bench/trace.py, on the path above)

import lighthouse  # noqa: E402  (needs the path above)
import throttled  # noqa: E402
from chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from serve import start_server  # noqa: E402

SIZES = ((412, 915), (1280, 800))
CPUS = (1, 4)
GAMES = ("index", "go-for-gold")
ARM = """() => {
  window.__events = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.interactionId) window.__events.push([e.interactionId, e.duration]);
    }
  }).observe({ type: "event", durationThreshold: 16 });
}"""
EMBEDS = [
    "embed.html#src=scenarios/gc-8-3-sorting.json",
    "embed.html#src=scenarios/gc-8-1-2-targets.json",
    "embed.html#src=scenarios/gc-8-4-robbery.json",
    "embed.html#src=scenarios/go-for-gold/dirk.json",
    "embed.html#src=scenarios/go-for-gold/mia.json",
    "embed.html#src=scenarios/gc-8-3-sorting.json&step=3",
    "embed.html#src=scenarios/gc-8-1-2-targets.json&step=2",
    "embed.html#src=scenarios/gc-8-4-robbery.json&step=1",
]
PARAGRAPH = ("<p>" + "The rules say what a move does, and the frame below shows it. " * 12
             + "</p>")
LONG_TASKS = """
window.__long = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__long.push([e.startTime, e.duration]);
}).observe({ type: "longtask", buffered: true });
"""
FRAMES_STATE = """() => [...document.querySelectorAll("iframe")].map((f) => {
  const d = f.contentDocument;
  const html = d && d.documentElement;
  return [html ? html.dataset.state || "" : "", html ? html.dataset.pythonStart || "" : "",
          f.getBoundingClientRect().top];
})"""


def explainer(n: int) -> str:
    frames = "".join(
        f'{PARAGRAPH}{PARAGRAPH}<iframe src="{EMBEDS[i % len(EMBEDS)]}" title="example {i + 1}" '
        'style="display:block;width:100%;height:480px;border:0"></iframe>' for i in range(n))
    return ("<!doctype html><html lang=en><head><meta charset=utf-8>"
            "<meta name=viewport content='width=device-width,initial-scale=1'>"
            f"<title>explainer</title><script>{LONG_TASKS}</script></head>"
            f"<body style='max-width:40rem;margin:auto'>{frames}{PARAGRAPH}</body></html>")


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) + 1)) - 1))]


# ---- taps ----------------------------------------------------------------------------------


def play_taps(browser, base: str, game: str, size: tuple[int, int], cpu: int,
              rounds: int) -> list[float]:
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    try:
        setup_game(page, game, base, timeout_ms=180_000)
        if game == "index":
            plan = [("gc-redraw", s) for s in ("#board .field.hl", '#panel [data-intent="bar"]',
                                               '#tools [data-intent="undo"]')] * rounds
        else:
            plan = [("gg-redraw", s) for s in ("#island.playing .field.next",
                                               '[data-intent="undo"]:not([disabled])')] * rounds
        page.wait_for_timeout(1500)  # the AI worker's start after ready is not a tap's
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": cpu})
        page.evaluate(ARM)
        done = 0
        for mark, selector in plan:
            target = page.locator(selector).first
            if not target.count():
                continue
            done += 1
            before = page.evaluate(f"performance.getEntriesByName('{mark}').length")
            tap(page, target)
            page.wait_for_function(
                f"performance.getEntriesByName('{mark}').length > {before}", timeout=30_000)
            page.wait_for_timeout(200)  # painted and reported; the next tap is its own
        page.wait_for_timeout(300)
        events = page.evaluate("window.__events")
    finally:
        context.close()
    slowest: dict[int, float] = {}
    for interaction, duration in events:
        slowest[interaction] = max(slowest.get(interaction, 0), duration)
    # an interaction under the observer's 16 ms threshold is not reported: counted as 16
    return sorted(slowest.values()) + [16.0] * max(0, done - len(slowest))


# ---- the explainer -------------------------------------------------------------------------


def explainer_visit(browser, base: str, n: int) -> dict:
    context = browser.new_context(viewport={"width": 412, "height": 915})
    page = context.new_page()
    url = base + f"__explainer-{n}.html"
    page.route(url, lambda route: route.fulfill(status=200, content_type="text/html",
                                                body=explainer(n)))
    try:
        started = time.monotonic()
        page.goto(url, wait_until="commit")
        first_screen = None
        deadline = started + 300
        while time.monotonic() < deadline:
            states = page.evaluate(FRAMES_STATE)
            visible = [s for s in states if s[2] < 915]
            if visible and all(s[0] in ("ready", "over") for s in visible):
                first_screen = time.monotonic() - started
                break
            page.wait_for_timeout(50)
        started_early = sum(1 for s in page.evaluate(FRAMES_STATE)
                            if s[2] > 915 * 2 and s[1])  # far out of view, runtime up
        height = page.evaluate("document.documentElement.scrollHeight")
        y = 0
        while y < height:
            y += 915
            page.evaluate(f"window.scrollTo(0, {y})")
            page.wait_for_timeout(500)
        all_ready = None
        while time.monotonic() < deadline:
            states = page.evaluate(FRAMES_STATE)
            if all(s[0] in ("ready", "over") for s in states):
                all_ready = time.monotonic() - started
                break
            page.wait_for_timeout(50)
        long_tasks = page.evaluate("window.__long")
    finally:
        context.close()
    return {"first_screen": first_screen, "all": all_ready, "started_early": started_early,
            "long": len(long_tasks), "long_ms": sum(d for _, d in long_tasks),
            "longest": max((d for _, d in long_tasks), default=0)}


# ---- running it ----------------------------------------------------------------------------


def lighthouse_part(roots: dict[str, Path], runs: int, tmp: Path) -> dict:
    out: dict = {}
    for label, root in roots.items():
        server, base = start_server(root, 0, site_headers=True)
        try:
            for name, path in (*lighthouse.PAGES.items(), ("bare", "bench/bare.html")):
                if label != next(iter(roots)) and name == "bare":
                    continue  # the same file in both checkouts
                if name == "bare":
                    label = "this"  # noqa: PLW2901  (the bare page belongs to no checkout)
                try:  # the bare page paints nothing before Python: Lighthouse may refuse it
                    reports = [lighthouse.audit(base + path, tmp / f"{label}-{name}-{r}.json",
                                                attempts=1 if name == "bare" else 3)
                               for r in range(runs)]
                except SystemExit as refused:
                    print(f"  lighthouse {name}: {str(refused)[-300:]}", file=sys.stderr)
                    continue
                out[(label, name)] = {
                    "perf": 100 * statistics.median(
                        r["categories"]["performance"]["score"] or 0 for r in reports),
                    "other": "/".join(str(round(100 * statistics.median(
                        r["categories"][c]["score"] or 0 for r in reports)))
                        for c in lighthouse.CATEGORIES[1:]),
                    "tbt": statistics.median(
                        r["audits"]["total-blocking-time"]["numericValue"] for r in reports),
                    "lcp": statistics.median(
                        r["audits"]["largest-contentful-paint"]["numericValue"]
                        for r in reports),
                }
                print(f"  lighthouse {label} {name}: {out[(label, name)]}", file=sys.stderr,
                      flush=True)
        finally:
            server.shutdown()
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, required=True, help="the checkout to compare with")
    parser.add_argument("--this", type=Path, default=REPO,
                        help="the checkout measured (default: this one); the same as --root: "
                             "measured once, both columns alike")
    parser.add_argument("--lh-runs", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=5, help="rounds of taps per setting")
    parser.add_argument("--only", default="lighthouse,taps,network,embeds")
    parser.add_argument("--games", default=",".join(GAMES), help="games whose taps are timed")
    args = parser.parse_args()
    parts = set(args.only.split(","))
    roots = {"this": args.this.resolve(), "other": args.root.resolve()}
    same = roots["this"] == roots["other"]
    if same:
        roots = {"other": roots["other"]}
    load = [os.getloadavg()[0]]
    began = time.monotonic()
    lh: dict = {}
    if "lighthouse" in parts:
        with tempfile.TemporaryDirectory(prefix="phone-lh-") as tmp:
            lh = lighthouse_part(roots, args.lh_runs, Path(tmp))
        load.append(os.getloadavg()[0])
    taps: dict = {}
    network: dict = {}
    embeds: dict = {}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        servers = {label: start_server(root, 0, site_headers=True)
                   for label, root in roots.items()}
        try:
            if "taps" in parts:
                for game in args.games.split(","):
                    for size in SIZES:
                        for cpu in CPUS:
                            for label, (_, base) in servers.items():
                                taps[(label, game, size, cpu)] = t = play_taps(
                                    browser, base, game, size, cpu, args.rounds)
                                print(f"  taps {label} {game} {size} {cpu}x: "
                                      f"{[round(x) for x in t]}", file=sys.stderr, flush=True)
                load.append(os.getloadavg()[0])
            if "network" in parts:
                bytes_counter = throttled.ServerBytes()
                for link in ("fast4g", "slow4g"):
                    visits = [(label, name, path) for label, name, path in (
                        ("this", "index", ""), ("other", "index", ""),
                        ("this", "go-for-gold", "go-for-gold.html"),
                        ("other", "go-for-gold", "go-for-gold.html")) if label in servers]
                    visits.insert(0, (next(iter(servers)), "bare", "bench/bare.html"))
                    for label, name, path in visits:
                        r = throttled.visit(browser, servers[label][1] + path,
                                            throttled.LINKS[link], bytes_counter, repeat=False)
                        network[(link, "this" if name == "bare" else label, name)] = r["cold"]
                        print(f"  {link} {label} {name}: {r['cold']['ready']:.1f} s "
                              f"{r['cold']['bytes'] / 1e6:.2f} MB", file=sys.stderr, flush=True)
                load.append(os.getloadavg()[0])
            if "embeds" in parts:
                for label, (_, base) in servers.items():
                    for n in (1, 8):
                        embeds[(label, n)] = e = explainer_visit(browser, base, n)
                        print(f"  embeds {label} {n}: {e}", file=sys.stderr, flush=True)
                load.append(os.getloadavg()[0])
        finally:
            for server, _ in servers.values():
                server.shutdown()
            browser.close()

    if same:  # one checkout: "this" is "other"
        roots = {"this": roots["other"], "other": roots["other"]}
        for table in (lh, taps, network, embeds):
            for key in [k for k in table if "other" in k]:
                table[tuple("this" if x == "other" else x for x in key)] = table[key]
    print(f"bench/phone.py: this = {roots['this']}, other = {roots['other']}; "
          f"{(time.monotonic() - began) / 60:.0f} min; load average "
          + " -> ".join(f"{x:.1f}" for x in load) + f" on {os.cpu_count()} cores")
    if lh:
        print(f"\nLighthouse 12.2.3 mobile, median of {args.lh_runs}")
        print(f"{'page':<13}{'checkout':<7}{'Perf':>5}{'A11y/BP/SEO':>13}{'TBT s':>8}"
              f"{'× other':>9}{'LCP s':>7}")
        for name in ("index", "go-for-gold"):
            for label in roots:
                r = lh[(label, name)]
                ratio = r["tbt"] / max(lh[("other", name)]["tbt"], 1)
                print(f"{name:<13}{label:<7}{r['perf']:5.0f}{r['other']:>13}"
                      f"{r['tbt'] / 1000:8.2f}{ratio:9.2f}{r['lcp'] / 1000:7.1f}")
        r = lh.get(("this", "bare"))
        if r is None:
            print("bare: no score (Lighthouse: NO_FCP, the bare page paints nothing before "
                  "Python)")
        else:
            print(f"{'bare':<13}{'':<7}{r['perf']:5.0f}{r['other']:>13}"
                  f"{r['tbt'] / 1000:8.2f}{'':>9}{r['lcp'] / 1000:7.1f}")
    if taps:
        print(f"\ntap -> next paint (Event Timing, slowest event per interaction), ms; "
              f"{args.rounds} rounds")
        print(f"{'game':<13}{'size':<10}{'CPU':>4}{'checkout':>9}{'median':>8}{'p75':>6}"
              f"{'max':>6}{'p75 × other':>13}{'n':>4}")
        for game in [g for g in GAMES if ("other", g, SIZES[0], CPUS[0]) in taps]:
            for size in SIZES:
                for cpu in CPUS:
                    other = taps[("other", game, size, cpu)]
                    for label in roots:
                        t = taps[(label, game, size, cpu)]
                        print(f"{game:<13}{size[0]}x{size[1]:<6}{cpu:>3}x{label:>9}"
                              f"{statistics.median(t):8.0f}{pct(t, 0.75):6.0f}{max(t):6.0f}"
                              f"{pct(t, 0.75) / pct(other, 0.75):13.2f}{len(t):4}")
    if network:
        print("\nfirst visit, cold, one visit each: navigation -> ready, network bytes until "
              "then")
        print(f"{'link':<8}{'page':<13}{'checkout':<9}{'s':>7}{'× bare':>8}{'× other':>9}"
              f"{'MB':>7}{'× bare':>8}")
        for link in ("fast4g", "slow4g"):
            bare = network[(link, "this", "bare")]
            for label, name in (("this", "bare"), ("this", "index"), ("other", "index"),
                                ("this", "go-for-gold"), ("other", "go-for-gold")):
                r = network[(link, label, name)]
                other = network.get((link, "other", name), r)
                print(f"{link:<8}{name:<13}{label:<9}{r['ready']:7.1f}"
                      f"{r['ready'] / bare['ready']:8.2f}{r['ready'] / other['ready']:9.2f}"
                      f"{r['bytes'] / 1e6:7.2f}{r['bytes'] / bare['bytes']:8.2f}")
    if embeds:
        print("\nexplainer page at 412x915, unthrottled: s from navigation")
        print(f"{'checkout':<9}{'frames':>7}{'first screen':>13}{'all (scrolled)':>15}"
              f"{'× one':>7}{'started out of view':>21}{'long tasks':>11}{'longest ms':>11}")
        for label in roots:
            one = embeds[(label, 1)]["all"] or float("nan")
            for n in (1, 8):
                e = embeds[(label, n)]
                print(f"{label:<9}{n:>7}{e['first_screen'] or float('nan'):13.1f}"
                      f"{e['all'] or float('nan'):15.1f}{(e['all'] or float('nan')) / one:7.2f}"
                      f"{e['started_early']:>21}{e['long']:>11}{e['longest']:11.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
