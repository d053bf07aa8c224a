"""Benchmark (not a test): Lighthouse mobile on index.html against bench/worker_proto, the same
first screen with Python in a worker (issue #59: would Python off the page's thread reach
Performance 90 / TBT 200 ms?).

The prototype starts the site's own runtime, snapshot and engine.zip in a worker: a PyScript
worker (index.html, main.js: sync_main_only, so no DOM there and no SharedArrayBuffer) or a
plain module worker with no PyScript on either side (plain.html, plain.js, plain-worker.mjs),
both running worker.py. The page's thread runs JavaScript only: it writes the parts' HTML the
worker answers and posts each tap's intent. It draws a two-person Gold Connection game and
answers the panel's buttons; it is not a page of the site (no storage, focus, motion,
dialogs, languages or screen reader).

The pages are audited in turn, --runs times each (bench/lighthouse.py's runner: Lighthouse
12.2.3, mobile preset, simulated slow 4G and 4x CPU), in the same minutes, so the machine's load
is shared; prints each run's scores, TBT, LCP, TTI and the longest main-thread tasks, then the
medians.

  .venv/bin/python bench/worker_proto/lighthouse.py [--runs 3] [--root CHECKOUT]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "scripts"))
sys.path.insert(0, str(REPO / "bench"))
import lighthouse  # noqa: E402  (bench/lighthouse.py, on the path above)
from serve import start_server  # noqa: E402

GAME = "?players=human,human&names=A,B&seed=1"
PAGES = {
    "index.html": "index.html" + GAME,
    "pyscript worker": "bench/worker_proto/index.html" + GAME,
    "plain worker": "bench/worker_proto/plain.html" + GAME,
}


def row(report: dict) -> dict:
    audits = report["audits"]
    tasks = audits.get("long-tasks", {}).get("details", {}).get("items", [])
    return {
        "perf": round(100 * (report["categories"]["performance"]["score"] or 0)),
        "a11y/bp/seo": "/".join(
            str(round(100 * (report["categories"][c]["score"] or 0)))
            for c in lighthouse.CATEGORIES[1:]
        ),
        "tbt": round(audits["total-blocking-time"]["numericValue"]),
        "lcp": round(audits["largest-contentful-paint"]["numericValue"]),
        "tti": round(audits["interactive"]["numericValue"]),
        "longest": [
            (round(t["duration"]), (t.get("url") or "").rsplit("/", 1)[-1][:32]) for t in tasks[:4]
        ],
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--root", type=Path, default=REPO, help="the checkout served")
    args = parser.parse_args()
    server, base = start_server(args.root.resolve(), 0, site_headers=True)
    rows: dict[str, list[dict]] = {name: [] for name in PAGES}
    try:
        with tempfile.TemporaryDirectory(prefix="lh-proto-") as tmp:
            for run in range(args.runs):
                for name, path in PAGES.items():
                    report = lighthouse.audit(base + path, Path(tmp) / f"{name}-{run}.json")
                    rows[name].append(row(report))
                    print(f"{name} run {run + 1}: {rows[name][-1]}  "
                          f"(load average {os.getloadavg()[0]:.1f})", flush=True)
    finally:
        server.shutdown()
    for name, found in rows.items():
        print(f"{name}: median Performance {statistics.median(r['perf'] for r in found)}, "
              f"TBT {statistics.median(r['tbt'] for r in found)} ms, "
              f"LCP {statistics.median(r['lcp'] for r in found)} ms, "
              f"A11y/BP/SEO {found[0]['a11y/bp/seo']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
