"""Benchmark (not a test): the Python of one tap in CPython, without a browser.

The page's Python of a tap is the intent, the save and the parts' HTML (the DOM writes and the
browser's frame are not in it: bench/trace.py and bench/phone.py measure those). This builds
each game's App as the page tests do (a two-person game at its first tap, as bench/phone.py's
set-up) and times the taps that bench/phone.py plays:

- Gold Connection: moving the arrow (a lit field), naming a bar, Undo;
- Go for Gold: a path step, Undo.

Each tap is timed as the page runs it: ``intent`` then ``save`` then the parts (GC also its
``daily`` note); median per kind over --rounds. ``--profile`` prints cProfile's top functions
by cumulative time over all taps.

  .venv/bin/python bench/tap_python.py [--rounds 30] [--profile] [--game gc,gg]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import re
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "py"))

from shell import i18n  # noqa: E402
from shell.store import MemoryBackend  # noqa: E402


def gc_setup() -> tuple[object, Callable[[], dict[str, str]], list[tuple[str, Callable]]]:
    from pages.gold_connection import view
    from pages.gold_connection.controller import App

    app = App(MemoryBackend(), "?players=human,human&seed=1&speed=instant")
    s = app.session
    while s.game.prompt != "move":  # the panel's first enabled action, as trace.setup_game
        html = app.parts()["panel"]
        m = re.search(r'data-intent="([a-z]+)"(?: data-arg="([^"]*)")?', html)
        assert m, html
        app.intent(m.group(1), m.group(2) or "")

    def draw() -> dict[str, str]:
        app.save()
        return app.parts()

    def move() -> bool:
        hl, _, _ = view.highlights(app.session)
        return app.intent("field", sorted(hl)[0]) if hl else False

    def bar() -> bool:
        m = re.search(r'data-intent="bar" data-arg="([^"]*)"', app.parts()["panel"])
        return app.intent("bar", m.group(1)) if m else False

    def undo() -> bool:
        return app.intent("undo")

    draw()
    return app, draw, [("move", move), ("bar", bar), ("undo", undo)]


def gg_setup() -> tuple[object, Callable[[], dict[str, str]], list[tuple[str, Callable]]]:
    from pages.go_for_gold import view
    from pages.go_for_gold.controller import App

    app = App(MemoryBackend(), "?players=human,human&seed=1&speed=instant")
    app.intent("handoff")
    g = app.game
    app.intent("field", g.legal()[0].split()[1])  # the first harbour
    while app.waiting() == "chance":  # the page rolls the die
        app.roll()
    assert app.waiting() == "human" and app.game.prompt == "move", app.game.prompt

    def draw() -> dict[str, str]:
        app.save()
        return view.parts(app)

    def step() -> bool:
        nxt = sorted(app.next_steps())
        return app.intent("field", nxt[0]) if nxt else False

    def undo() -> bool:
        return app.intent("undo")

    draw()
    return app, draw, [("step", step), ("undo", undo)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--game", default="gc,gg")
    parser.add_argument("--top", type=int, default=30)
    args = parser.parse_args()
    i18n.set_language("en")
    for game in args.game.split(","):
        _, draw, plan = gc_setup() if game == "gc" else gg_setup()
        times: dict[str, list[float]] = {label: [] for label, _ in plan}
        intents: dict[str, list[float]] = {label: [] for label, _ in plan}
        profiler = cProfile.Profile() if args.profile else None
        for _ in range(args.rounds):
            for label, tap in plan:
                if profiler:
                    profiler.enable()
                t0 = time.perf_counter()
                changed = tap()
                t1 = time.perf_counter()
                if changed:
                    draw()
                t2 = time.perf_counter()
                if profiler:
                    profiler.disable()
                intents[label].append((t1 - t0) * 1000)
                times[label].append((t2 - t0) * 1000)
        print(f"{game}: ms per tap in CPython (intent + save + parts), median of {args.rounds}")
        for label in times:
            print(f"  {label:<6} total {statistics.median(times[label]):6.2f}  "
                  f"intent {statistics.median(intents[label]):6.2f}")
        if profiler:
            pstats.Stats(profiler).sort_stats("cumulative").print_stats(args.top)
    return 0


if __name__ == "__main__":
    sys.exit(main())
