"""Benchmark (not a test): how long the review of a whole game takes in CPython.

Issue #13's goal: a 36-turn two-player game reviewed in at most 8 s on one core. The games are
played here first (seeded, so every run reviews the same games): ``expert`` against ``medium``
with two players and ``expert`` against three ``medium`` with four. Record files given on the
command line are reviewed instead.

Run: .venv/bin/python bench/review.py [--jobs J] [RECORD.json ...]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "py"))

from gamekit.match import one_game  # noqa: E402
from gold_connection.review import review  # noqa: E402

GAMES = {
    "2 players": ["expert", "medium"],
    "4 players": ["expert", "medium", "medium", "medium"],
}


def measure(label: str, data: dict[str, object], jobs: int) -> None:
    started = time.perf_counter()
    cpu = time.process_time()
    result = review(data, jobs=jobs)
    wall, cpu = time.perf_counter() - started, time.process_time() - cpu
    moves = len(data["moves"])  # type: ignore[arg-type]
    n = len(result.decisions)
    print(
        f"{label:<24}{moves:>6} moves {n:>5} decisions {wall:>7.2f} s "
        f"({1000 * wall / max(1, n):.1f} ms a decision; {cpu:.2f} s CPU here)",
        flush=True,
    )


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("records", nargs="*", help="record files (default: play the games above)")
    p.add_argument("--jobs", type=int, default=1, help="worker processes for the review")
    p.add_argument("--seed", type=int, default=1, help="seed of the games played")
    args = p.parse_args()
    if args.records:
        for path in args.records:
            measure(Path(path).name, json.loads(Path(path).read_text()), args.jobs)
        return
    for label, seats in GAMES.items():
        data = one_game("gold_connection", seats, 0, args.seed, keep_record=True).record
        assert data is not None
        measure(f"{label} ({seats[0]} first)", data, args.jobs)


if __name__ == "__main__":
    main()
