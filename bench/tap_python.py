"""Benchmark (not a test): the Python of one tap in CPython, without a browser.

The page's Python of a tap is the intent, the save and the parts' HTML (the DOM writes and the
browser's frame are not in it: bench/trace.py and bench/phone.py measure those). This builds
each game's App as the page tests do (a two-person game at its first tap, as bench/phone.py's
set-up) and times the taps that bench/phone.py plays, and more of Go for Gold's:

- Gold Connection: moving the arrow (a lit field), naming a bar, Undo;
- Go for Gold: pointing at a field (a mouse over it, a finger's tap, focus: its odds and
  light), a path step, Undo, confirming a finished path, and the die the page then rolls
  (each of these two on a fresh copy of the same game, set up outside the timing).

Each tap is timed as the page runs it: ``intent`` then ``save`` then the parts (GC also its
``daily`` note); median per kind over --rounds. The taps repeat (step, Undo, step...), so
parts made once per distinct input come out of their caches from the second round on;
``--cold`` empties those caches before each tap (every input new, as a new position is).
``--root DIR`` times another checkout's Python (its ``py/``) with these same taps.
``--profile`` prints cProfile's top functions by cumulative time over all taps.

  .venv/bin/python bench/tap_python.py [--rounds 30] [--profile] [--game gc,gg] [--cold]
      [--root DIR]
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
ROOT = REPO
if "--root" in sys.argv:  # before the imports: the other checkout's modules, not these
    ROOT = Path(sys.argv[sys.argv.index("--root") + 1]).resolve()
sys.path.insert(0, str(ROOT / "py"))

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


def gg_app() -> object:
    """A two-person Go for Gold game at its first path (bench/trace.py's set-up)."""
    from pages.go_for_gold.controller import App

    app = App(MemoryBackend(), "?players=human,human&seed=1&speed=instant")
    app.intent("handoff")
    g = app.game
    app.intent("field", g.legal()[0].split()[1])  # the first harbour
    while app.waiting() == "chance":  # the page rolls the die
        app.roll()
    assert app.waiting() == "human" and app.game.prompt == "move", app.game.prompt
    return app


def gg_setup() -> tuple[object, Callable[[], dict[str, str]], list[tuple[str, Callable]]]:
    from pages.go_for_gold import view

    app = gg_app()
    fields = sorted(app.game.island.marks)
    box = {"app": app, "pointed": 0}

    def draw() -> dict[str, str]:
        a = box["app"]
        a.save()
        return view.parts(a)

    def point() -> bool:  # two fields in turn: each tap points at another
        box["pointed"] = 1 - box["pointed"]
        return box["app"].intent("point", fields[box["pointed"]])

    def step() -> bool:
        nxt = sorted(app.next_steps())
        return app.intent("field", nxt[0]) if nxt else False

    def undo() -> bool:
        return app.intent("undo")

    finished = [gg_app(), gg_app()]

    def ready() -> None:
        """Fresh copies of the game (untimed): one with a finished path, for the next confirm;
        one played on until the page is to roll (the next round's movement die)."""
        a = finished[0] = gg_app()
        while not a.complete():
            a.intent("field", sorted(a.next_steps())[0])
        view.parts(a)
        b = finished[1] = gg_app()
        while b.waiting() != "chance":
            if b.waiting() == "handoff":
                b.intent("handoff")
            elif b.game.prompt == "move":
                while not b.complete():
                    b.intent("field", sorted(b.next_steps())[0])
                b.intent("confirm")
            else:
                b.intent("play", b.game.legal()[-1])  # pass, keep: the last choice
        view.parts(b)

    def confirm() -> bool:
        box["app"] = finished[0]
        return box["app"].intent("confirm")

    def die() -> bool:  # the page rolls: the next round's movement die
        box["app"] = finished[1]
        box["app"].roll()
        return True

    def back() -> None:
        box["app"] = app
        ready()

    draw()
    ready()
    return app, draw, [("point", point), ("step", step), ("undo", undo), ("confirm", confirm),
                       ("die", die), ("", back)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--game", default="gc,gg")
    parser.add_argument("--top", type=int, default=30)
    parser.add_argument("--cold", action="store_true",
                        help="empty the parts' caches before each tap (every input new)")
    parser.add_argument("--root", type=Path, default=REPO, help="time this checkout's py/")
    args = parser.parse_args()
    i18n.set_language("en")
    for game in args.game.split(","):
        _, draw, plan = gc_setup() if game == "gc" else gg_setup()
        caches = made_caches(game) if args.cold else []
        times: dict[str, list[float]] = {label: [] for label, _ in plan if label}
        intents: dict[str, list[float]] = {label: [] for label, _ in plan if label}
        profiler = cProfile.Profile() if args.profile else None
        for _ in range(args.rounds):
            for label, tap in plan:
                if not label:  # set-up for the next round, untimed
                    tap()
                    continue
                for cache in caches:
                    cache.clear()
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
        where = "" if ROOT == REPO else f" of {ROOT}"
        cold = ", parts' caches emptied before each tap" if caches else ""
        print(f"{game}: ms per tap in CPython{where} (intent + save + parts), "
              f"median of {args.rounds}{cold}")
        for label in times:
            print(f"  {label:<8} total {statistics.median(times[label]):6.2f}  "
                  f"intent {statistics.median(intents[label]):6.2f}")
        if profiler:
            pstats.Stats(profiler).sort_stats("cumulative").print_stats(args.top)
    return 0


def made_caches(game: str) -> list[dict]:
    """The page's caches of parts made once per input (none in a checkout without them)."""
    if game == "gc":
        from pages.gold_connection import view as gc_view

        return [c for c in (getattr(gc_view, "_TOOLS", None),) if c is not None]
    from pages.go_for_gold import view as gg_view

    return [gg_view._MADE] if hasattr(gg_view, "_MADE") else []


if __name__ == "__main__":
    sys.exit(main())
