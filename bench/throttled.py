"""Benchmark (not a test): start-up over a phone's connection, against the bare runtime page.

Every page is served by scripts/serve.py (compressed, with the site's headers) and Chromium
throttles its own requests (DevTools protocol `Network.emulateNetworkConditions`, set on each
page before it navigates). For each link, every page and bench/bare.html are visited
interleaved (the order rotated every round):
- cold: a fresh browser context (empty HTTP cache, no service worker), time from navigation
  start to `<html data-state="ready">` (the page's own clock) and the bytes received on the
  network until then (every response's encoded bytes, headers included, as Chromium counts
  them; a response still arriving counts what had arrived);
- repeat: the same context visited again once its service worker (if any) has taken over and
  precached the site, so what a returning visitor sees: time to ready and the bytes that
  still came from the network (not from the service worker or the HTTP cache), and the bytes
  our server sent meanwhile (the service worker's update check included).
Prints medians and each ratio to the bare page measured in the same run, and the load average.

Links: fast 4G (9 Mbit/s down, 1.5 up, 60 ms round trip), slow 4G (Lighthouse's mobile
preset: 1.6 Mbit/s down, 0.75 up, 150 ms) and none (localhost, unthrottled).

Run after scripts/setup.sh:
  .venv/bin/python bench/throttled.py [--runs 3] [--links fast4g,slow4g,none]
      [--pages index,go-for-gold,embed,howto] [--root DIR] [--no-repeat]
(--root serves another checkout, e.g. main's with its own setup, to compare before and after.)
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import threading
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "scripts"))
import serve  # noqa: E402  (needs the path above)
from chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

BARE = "bare"
PAGES = {
    BARE: "bench/bare.html",
    "index": "",
    "go-for-gold": "go-for-gold.html",
    "embed": "embed.html#src=scenarios/gc-8-3-sorting.json",
    "howto": "howto.html",
}
MBIT = 1e6 / 8  # bytes per second
LINKS = {  # name: (download B/s, upload B/s, round trip ms); None: no throttling
    "fast4g": (9 * MBIT, 1.5 * MBIT, 60),
    "slow4g": (1.6 * MBIT, 0.75 * MBIT, 150),
    "none": None,
}
# When the page marks itself ready, on its own clock (ms since navigation start).
READY_PROBE = """
new MutationObserver((_, observer) => {
  const state = document.documentElement.dataset.state;
  if (state === "ready" || state === "over" || state === "error") {
    window.__readyAt = performance.now();
    window.__readyState = state;
    observer.disconnect();
  }
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-state"] });
"""
SERVICE_WORKER_SETTLED = """async () => {
  if (!navigator.serviceWorker || !(await navigator.serviceWorker.getRegistration())) return false;
  await navigator.serviceWorker.ready;
  for (let i = 0; i < 600 && !navigator.serviceWorker.controller; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return Boolean(navigator.serviceWorker.controller);
}"""


class ServerBytes:
    """Bytes our server writes (every client: pages, workers, the service worker)."""

    def __init__(self) -> None:
        self.total = 0
        self.lock = threading.Lock()

    def install(self) -> None:
        counter = self
        original = serve.SiteHandler.setup

        class Counting:
            def __init__(self, raw):
                self.raw = raw

            def write(self, data):
                with counter.lock:
                    counter.total += len(data)
                return self.raw.write(data)

            def __getattr__(self, name):
                return getattr(self.raw, name)

        def setup(handler):
            original(handler)
            handler.wfile = Counting(handler.wfile)

        serve.SiteHandler.setup = setup


class NetworkLog:
    """What the page's target received over the network, from DevTools protocol events."""

    def __init__(self, cdp) -> None:
        self.requests: dict[str, dict] = {}
        self.navigation_ts: float | None = None
        cdp.on("Network.requestWillBeSent", self._sent)
        cdp.on("Network.responseReceived", self._response)
        cdp.on("Network.dataReceived", self._data)
        cdp.on("Network.loadingFinished", self._finished)

    def reset(self) -> None:
        self.requests.clear()
        self.navigation_ts = None

    def _sent(self, event: dict) -> None:
        if event.get("type") == "Document" and self.navigation_ts is None:
            self.navigation_ts = event["timestamp"]
        self.requests.setdefault(event["requestId"], {
            "url": event["request"]["url"], "chunks": [], "finished": None, "cached": False})

    def _response(self, event: dict) -> None:
        entry = self.requests.get(event["requestId"])
        response = event["response"]
        if entry is not None and (response.get("fromServiceWorker") or response.get(
                "fromDiskCache") or response.get("fromPrefetchCache")):
            entry["cached"] = True

    def _data(self, event: dict) -> None:
        entry = self.requests.get(event["requestId"])
        if entry is not None:
            entry["chunks"].append((event["timestamp"], event.get("encodedDataLength", 0)))

    def _finished(self, event: dict) -> None:
        entry = self.requests.get(event["requestId"])
        if entry is not None:
            entry["finished"] = (event["timestamp"], event.get("encodedDataLength", 0))

    def bytes_until(self, ready_ms: float) -> tuple[int, list[str]]:
        """Network bytes received until navigation + ready_ms, and the URLs they came from."""
        if self.navigation_ts is None:
            return 0, []
        limit = self.navigation_ts + ready_ms / 1000
        total, urls = 0, []
        for entry in self.requests.values():
            if entry["cached"] or entry["url"].startswith(("data:", "blob:")):
                continue
            if entry["finished"] and entry["finished"][0] <= limit:
                got = entry["finished"][1]
            else:
                got = sum(n for ts, n in entry["chunks"] if ts <= limit)
            if got:
                total += got
                urls.append(entry["url"])
        return total, urls


def throttle(cdp, link) -> None:
    if link is None:
        return
    down, up, rtt = link
    cdp.send("Network.emulateNetworkConditions", {
        "offline": False, "latency": rtt, "downloadThroughput": down, "uploadThroughput": up})


def navigate(page, log: NetworkLog, url: str) -> dict:
    page.goto("about:blank")
    log.reset()
    page.goto(url, wait_until="commit")
    page.wait_for_function("window.__readyAt !== undefined", timeout=300_000, polling=50)
    if page.locator(".py-error").count():
        sys.exit(f"{url}: Python error: {page.locator('.py-error').first.inner_text()}")
    ready, state = page.evaluate("[window.__readyAt, window.__readyState]")
    if state == "error":
        sys.exit(f"{url}: the page reports an error")
    page.wait_for_timeout(100)  # the last protocol events arrive
    network, urls = log.bytes_until(ready)
    return {"ready": ready / 1000, "bytes": network, "urls": urls}


def visit(browser, url: str, link, server: ServerBytes, repeat: bool) -> dict:
    context = browser.new_context()
    context.add_init_script(READY_PROBE)
    try:
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        throttle(cdp, link)
        log = NetworkLog(cdp)
        result = {"cold": navigate(page, log, url)}
        if repeat:
            result["sw"] = page.evaluate(SERVICE_WORKER_SETTLED)
            page.wait_for_timeout(500)
            before = server.total
            again = navigate(page, log, url)
            again["served"] = server.total - before
            result["repeat"] = again
        return result
    finally:
        context.close()


def rotated(names: list[str], round_no: int) -> list[str]:
    k = round_no % len(names)
    return names[k:] + names[:k]


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--links", default=",".join(LINKS))
    parser.add_argument("--pages", default=",".join(n for n in PAGES if n != BARE))
    parser.add_argument("--root", type=Path, default=REPO, help="the checkout to serve")
    parser.add_argument("--no-repeat", action="store_true")
    parser.add_argument("--json", type=Path, help="also write every run here")
    args = parser.parse_args()
    root = args.root.resolve()
    if not (root / "vendor" / "pyodide" / "pyodide.asm.wasm").is_file():
        sys.exit(f"bench: {root}/vendor is missing: run scripts/setup.sh first")
    names = [BARE] + [n for n in args.pages.split(",") if n and n != BARE]
    links = [n for n in args.links.split(",") if n]
    counter = ServerBytes()
    counter.install()
    server, base = serve.start_server(root, 0, site_headers=True)
    runs: dict[str, dict[str, list[dict]]] = {link: {n: [] for n in names} for link in links}
    load_before = os.getloadavg()
    started = time.monotonic()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for name in names:  # not counted: the first launch of anything is slower
            visit(browser, base + PAGES[name], None, counter, repeat=False)
        for link in links:
            for round_no in range(args.runs):
                for name in rotated(names, round_no):
                    result = visit(browser, base + PAGES[name], LINKS[link], counter,
                                   repeat=not args.no_repeat)
                    runs[link][name].append(result)
                    print(f"  {link} {name}: cold {result['cold']['ready']:.2f} s "
                          f"{result['cold']['bytes'] / 1e6:.2f} MB"
                          + (f", repeat {result['repeat']['ready']:.2f} s "
                             f"{result['repeat']['bytes']} B" if "repeat" in result else ""),
                          file=sys.stderr, flush=True)
        browser.close()
    server.shutdown()
    load_after = os.getloadavg()

    print(f"{root}: median of {args.runs} runs each, interleaved; navigation -> ready; "
          f"load average {load_before[0]:.1f} before, {load_after[0]:.1f} after "
          f"({(time.monotonic() - started) / 60:.0f} min, {os.cpu_count()} cores)")
    print(f"{'link':<8}{'page':<13}{'cold':>8}{'× bare':>8}{'MB before ready':>17}"
          f"{'× bare':>8}{'repeat':>9}{'× bare cold':>12}{'net B':>8}{'served B':>10}")
    for link in links:
        bare = runs[link][BARE]
        bare_cold = median([r["cold"]["ready"] for r in bare])
        bare_bytes = median([r["cold"]["bytes"] for r in bare])
        for name in names:
            r = runs[link][name]
            cold = median([x["cold"]["ready"] for x in r])
            mb = median([x["cold"]["bytes"] for x in r])
            line = (f"{link:<8}{name:<13}{cold:7.2f}s{cold / bare_cold:8.2f}{mb / 1e6:14.2f} MB"
                    f"{mb / bare_bytes:8.2f}")
            if not args.no_repeat:
                rep = median([x["repeat"]["ready"] for x in r])
                net = median([x["repeat"]["bytes"] for x in r])
                served = median([x["repeat"]["served"] for x in r])
                line += f"{rep:8.2f}s{rep / bare_cold:12.2f}{net:8.0f}{served:10.0f}"
            print(line)
    for link in links:
        for name in names:
            colds = " ".join(f"{x['cold']['ready']:.2f}" for x in runs[link][name])
            print(f"  {link} {name} cold runs: {colds}")
    if args.json:
        args.json.write_text(json.dumps(runs, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
