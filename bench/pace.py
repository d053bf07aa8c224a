"""The computer's pace in the browser: how long one computer turn takes at a given pace.

Not a test: run `nice -n 19 .venv/bin/python bench/pace.py [--games 3] [--turns 8]` after
`bash scripts/setup.sh`. It serves the site and, in Chromium, lets three computers (expert,
hard, medium) play the first turns of a few games at the default pace ("normal"), everything
drawn and animated as a person watching would see it. pages/gold_connection/page.py sets a `gc-turn`
performance mark whenever a computer's step ends a turn; a turn's time is the gap between two
marks: the pauses between steps, the computer's thinking in the worker, the drawing and the
animations (the arrow's walk, flying bars, sliding stones). The set-up (placement rolls) is
not counted. It also prints how much of a turn went to drawing the page (`gc-draw` to
`gc-redraw` marks), which grows with the machine's load. Goal: median <= 2.5 s at the normal
pace.
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

GOAL_S = 2.5
SEATS = "ai:expert,ai:hard,ai:medium"
MARKS = "performance.getEntriesByName('gc-turn').map((m) => m.startTime)"
DRAWS = (
    "[performance.getEntriesByName('gc-draw').map((m) => m.startTime),"
    " performance.getEntriesByName('gc-redraw').map((m) => m.startTime)]"
)
COUNTER = "Number((document.querySelector('#board .counter') || {}).dataset?.counter || 0)"


def turns(page, url: str, seed: int, pace: str, wanted: int) -> list[tuple[float, float]]:
    """(seconds, of which drawing) per computer turn, for the first ``wanted`` turns after
    the set-up."""
    page.goto(f"{url}index.html?players={SEATS}&seed={seed}&speed={pace}&lang=en")
    page.wait_for_selector("html[data-state=ready]", timeout=90_000)
    deadline = time.monotonic() + 60 + 15 * wanted
    marks: list[float] = []
    while time.monotonic() < deadline:
        marks = page.evaluate(MARKS)
        if len(marks) >= wanted + 2:
            break
        time.sleep(0.5)
    starts, ends = page.evaluate(DRAWS)
    draws = list(zip(starts, ends, strict=False))  # each drawing's start and end
    # the first mark starts the first turn; each gap between two marks is one turn
    out = []
    for a, b in zip(marks, marks[1:], strict=False):
        drawing = sum(e - s for s, e in draws if a <= s < b)
        out.append(((b - a) / 1000, drawing / 1000))
    return out[:wanted]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--turns", type=int, default=8, help="computer turns timed per game")
    parser.add_argument("--pace", default="normal", choices=("instant", "fast", "normal"))
    args = parser.parse_args()
    server, url = start_server(REPO, 0, site_headers=True)
    times: list[float] = []
    drawing: list[float] = []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for game in range(args.games):
                # a fresh profile: a link never replaces a game in progress without asking
                context = browser.new_context(viewport={"width": 1366, "height": 768})
                got = turns(context.new_page(), url, 100 + game, args.pace, args.turns)
                context.close()
                shown = " ".join(f"{s:.2f} ({d:.2f})" for s, d in got)
                print(f"game {game + 1} (seed {100 + game}), s (drawing): {shown}")
                times += [s for s, _ in got]
                drawing += [d for _, d in got]
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    if not times:
        print("no turn was timed")
        return 1
    times.sort()
    median = statistics.median(times)
    p90 = times[min(len(times) - 1, int(0.9 * len(times)))]
    print(
        f"pace {args.pace}: {len(times)} computer turns, median {median:.2f} s, "
        f"p90 {p90:.2f} s, mean {statistics.mean(times):.2f} s, max {times[-1]:.2f} s "
        f"(goal: median <= {GOAL_S} s); drawing the page took a median "
        f"{statistics.median(drawing):.2f} s of a turn (the rest: pauses, animations, thinking)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
