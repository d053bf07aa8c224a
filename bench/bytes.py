"""Benchmark (not a test): the bytes a first and a repeat visit of a page cost.

Opens the page in a fresh Chromium profile, served by scripts/serve.py, lets the game start its
AI worker and the service worker precache the site, then opens it again. For the first visit it
lists every file fetched over the network (the page, its workers, the service worker's
precache) with its size as stored and as a host would send it: gzip -6 and brotli -11 (Node's
zlib) for text, JSON and wasm, zip files as they are. For the repeat visit it counts what still
came from the network rather than the service worker's cache.

Run after scripts/setup.sh: .venv/bin/python bench/bytes.py [--page go-for-gold.html]
"""

from __future__ import annotations

import argparse
import gzip
import subprocess
import sys
import tempfile
from pathlib import Path
from urllib.parse import urlsplit

from playwright.sync_api import sync_playwright

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "scripts"))
from serve import COMPRESSIBLE, start_server  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
BROTLI = """
const { readFileSync } = await import("node:fs");
const { brotliCompressSync, constants } = await import("node:zlib");
for (const path of process.argv.slice(1)) {
  const out = brotliCompressSync(readFileSync(path), {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  console.log(out.length);
}
"""


def brotli_sizes(paths: list[Path]) -> list[int]:
    run = subprocess.run(["node", "--input-type=module", "-e", BROTLI, *map(str, paths)],
                         capture_output=True, text=True, check=True)
    return [int(line) for line in run.stdout.split()]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--page", default="")
    args = parser.parse_args()
    server, base = start_server(REPO, 0, site_headers=True)
    first: dict[str, int] = {}
    repeat: dict[str, int] = {}
    with sync_playwright() as playwright, tempfile.TemporaryDirectory() as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        seen = first

        def record(response):
            if response.from_service_worker or not response.url.startswith(base):
                return
            try:
                size = response.request.sizes()["responseBodySize"]
            except Exception:
                size = 0
            path = urlsplit(response.url).path
            seen[path] = seen.get(path, 0) + size

        context.on("response", record)
        page = context.new_page()
        page.goto(base + args.page)
        page.wait_for_selector("html[data-state=ready], html[data-state=over]", timeout=120_000)
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000)
        page.wait_for_function("document.documentElement.dataset.ai", timeout=120_000)
        page.wait_for_timeout(1000)
        seen = repeat
        page.reload()
        page.wait_for_selector("html[data-state=ready], html[data-state=over]", timeout=120_000)
        page.wait_for_function("document.documentElement.dataset.ai", timeout=120_000)
        page.wait_for_timeout(1000)
        context.close()
    server.shutdown()

    files = {}
    for path in first:
        local = REPO / (path.lstrip("/") or "index.html")
        if local.is_dir():
            local = local / "index.html"
        if local.is_file():
            files[path] = local
    paths = list(files.values())
    br = dict(zip(files, brotli_sizes(paths), strict=True))
    total = {"raw": 0, "gzip": 0, "br": 0}
    print(f"first visit of /{args.page}: each file fetched over the network (bytes)")
    print(f"{'file':<44}{'raw':>11}{'gzip -6':>11}{'brotli -11':>11}")
    for path, local in sorted(files.items(), key=lambda item: -item[1].stat().st_size):
        data = local.read_bytes()
        squeeze = local.name.endswith(COMPRESSIBLE)
        sizes = {"raw": len(data),
                 "gzip": len(gzip.compress(data, 6)) if squeeze else len(data),
                 "br": br[path] if squeeze else len(data)}
        for key in total:
            total[key] += sizes[key]
        print(f"{path:<44}{sizes['raw']:>11}{sizes['gzip']:>11}{sizes['br']:>11}")
    print(f"{'total (' + str(len(files)) + ' files; fetched: ' + str(len(first)) + ')':<44}"
          f"{total['raw']:>11}{total['gzip']:>11}{total['br']:>11}")
    print(f"repeat visit: {sum(repeat.values())} bytes over the network in {len(repeat)} "
          f"responses: {sorted(repeat)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
