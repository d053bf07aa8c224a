"""The phone audit (tests/phone_audit.py) as a script: every state of issue #58's list at
360×740 and 412×915 with touch and at 1366×768, one line per finding (state | window | check |
element | numbers) and a count.

Not a test (tests/browser/test_phone_audit.py is): run after `bash scripts/setup.sh` and
`python3 scripts/build_site.py`:
  .venv/bin/python bench/phone_audit.py [--only phone|desktop] [--scenes gc-turns,daily]
                                        [--shots DIR] [--root DIR]
``--shots`` saves a screenshot of each state at 360×740; ``--root`` serves another checkout.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

REPO = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(REPO / "scripts"), str(REPO / "tests"), str(REPO / "py")]
from chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402  (needs the path above)
from phone_audit import DESKTOP, PHONES, SCENES, new_context, report, run  # noqa: E402
from phones import keep_to_site  # noqa: E402
from serve import start_server  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", choices=("phone", "desktop"))
    ap.add_argument("--scenes", help="comma-separated scene names: " + ", ".join(
        s.name for s in SCENES))
    ap.add_argument("--shots", type=Path, help="screenshots of each state at 360x740 here")
    ap.add_argument("--root", type=Path, default=REPO, help="the checkout to serve")
    args = ap.parse_args()
    scenes = SCENES
    if args.scenes:
        wanted = args.scenes.split(",")
        scenes = tuple(s for s in SCENES if s.name in wanted)
        if len(scenes) != len(wanted):
            ap.error(f"unknown scene among {wanted}")
    server, base = start_server(args.root, 0, site_headers=True)
    found = []
    foreign: list[str] = []
    started = time.monotonic()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for phone in (True, False):
                if args.only and (args.only == "phone") != phone:
                    continue
                context = new_context(browser, phone)
                keep_to_site(context, base, foreign)
                found += run(
                    context, base, PHONES if phone else DESKTOP, scenes,
                    shots=args.shots if phone else None,
                    progress=lambda name: print(f"# {name}", file=sys.stderr, flush=True),
                )
                context.close()
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    print(report(found))
    print(f"# {time.monotonic() - started:.0f} s", file=sys.stderr)
    if foreign:
        print("requests left the site:\n  " + "\n  ".join(foreign), file=sys.stderr)
        return 2
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
