"""Benchmark (not a test): Lighthouse's four scores for the game pages, mobile preset.

Lighthouse (pinned in package.json's devDependencies, 12.2.3: 13.x needs Node 22) runs against
Debian's Chromium on the site served by scripts/serve.py (compressed, with the site's headers),
with its default mobile settings: a phone's screen, a 4x slower CPU and a slow 4G link
(1.6 Mbit/s, 150 ms), simulated from an unthrottled load. Each page is audited --runs times
(fresh profile each); prints the median of each category score, Largest Contentful Paint, Total
Blocking Time and the bytes Lighthouse counts, and what failed in Accessibility, Best Practices
and SEO.

Run after scripts/setup.sh:
  .venv/bin/python bench/lighthouse.py [--runs 3] [--pages index,go-for-gold] [--keep DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "scripts"))
from chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402  (needs the path above)
from serve import start_server  # noqa: E402

LIGHTHOUSE = REPO / "node_modules" / ".bin" / "lighthouse"
PAGES = {"index": "", "go-for-gold": "go-for-gold.html", "daily": "daily.html",
         "howto": "howto.html", "embed": "embed.html"}
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")


def audit(url: str, out: Path, attempts: int = 3) -> dict:
    """One Lighthouse run; tried again when Lighthouse gives up waiting for Chromium (on a
    busy machine it may time out reading the 9.6 MB wasm's body)."""
    flags = " ".join(["--headless=new", *CHROMIUM_ARGS])
    for _ in range(attempts - 1):
        run = subprocess.run(
            [str(LIGHTHOUSE), url, "--quiet", "--output=json", f"--output-path={out}",
             f"--only-categories={','.join(CATEGORIES)}", f"--chrome-flags={flags}",
             "--max-wait-for-load=120000"],
            env={**os.environ, "CHROME_PATH": CHROMIUM}, capture_output=True, text=True,
        )
        if run.returncode == 0 and out.is_file():
            return json.loads(out.read_text())
        print(f"lighthouse failed on {url}, again: {run.stderr.strip()[-200:]}", file=sys.stderr)
    run = subprocess.run(
        [str(LIGHTHOUSE), url, "--quiet", "--output=json", f"--output-path={out}",
         f"--only-categories={','.join(CATEGORIES)}", f"--chrome-flags={flags}",
         "--max-wait-for-load=120000"],
        env={**os.environ, "CHROME_PATH": CHROMIUM}, capture_output=True, text=True,
    )
    if run.returncode != 0 or not out.is_file():
        sys.exit(f"lighthouse failed on {url}:\n{run.stderr[-2000:]}")
    return json.loads(out.read_text())


def failures(report: dict) -> list[str]:
    """Audits that count toward a category other than Performance and did not pass."""
    found = []
    for name in CATEGORIES[1:]:
        for ref in report["categories"][name]["auditRefs"]:
            result = report["audits"][ref["id"]]
            if ref["weight"] and result.get("score") is not None and result["score"] < 1:
                found.append(f"{name}: {ref['id']} ({result['title']})")
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--pages", default="index,go-for-gold")
    parser.add_argument("--keep", type=Path, help="keep the JSON reports here")
    args = parser.parse_args()
    if not LIGHTHOUSE.exists():
        sys.exit("bench: node_modules/.bin/lighthouse is missing: run `npm ci`")
    server, base = start_server(REPO, 0, site_headers=True)
    names = [n for n in args.pages.split(",") if n]
    results: dict[str, list[dict]] = {n: [] for n in names}
    with tempfile.TemporaryDirectory(prefix="lighthouse-") as tmp:
        where = args.keep or Path(tmp)
        where.mkdir(parents=True, exist_ok=True)
        for run in range(args.runs):
            for name in names:  # interleaved
                results[name].append(audit(base + PAGES[name], where / f"{name}-{run}.json"))
    server.shutdown()
    print(f"Lighthouse 12.2.3, mobile preset, median of {args.runs}; load average "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"{'page':<13}{'Perf':>5}{'A11y':>5}{'BP':>5}{'SEO':>5}{'LCP':>9}{'TBT':>9}"
          f"{'FCP':>8}{'bytes':>10}")
    for name in names:
        reports = results[name]

        def score(category: str, reports=reports) -> int:
            return round(100 * statistics.median(
                r["categories"][category]["score"] or 0 for r in reports))

        def value(audit_id: str, reports=reports) -> float:
            return statistics.median(r["audits"][audit_id]["numericValue"] for r in reports)

        print(f"{name:<13}{score('performance'):5}{score('accessibility'):5}"
              f"{score('best-practices'):5}{score('seo'):5}"
              f"{value('largest-contentful-paint') / 1000:8.1f}s"
              f"{value('total-blocking-time') / 1000:8.2f}s"
              f"{value('first-contentful-paint') / 1000:7.1f}s"
              f"{value('total-byte-weight') / 1e6:7.2f} MB")
        lcp = reports[-1]["audits"].get("largest-contentful-paint-element", {})
        items = lcp.get("details", {}).get("items", [])
        nodes = [i for item in items for i in item.get("items", []) if "node" in i]
        if nodes:
            print(f"  LCP element: {nodes[0]['node'].get('snippet', '')[:100]}")
        for line in sorted({f for r in reports for f in failures(r)}):
            print(f"  not passed: {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
