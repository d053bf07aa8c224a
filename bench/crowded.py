"""Benchmark (not a test): the worst positions the record format accepts, against a typical one.

Issue #9's goal: for any position, ``replay``, ``legal()``, the summary and one decision of each
computer level finish within 2 s and 200 MB in CPython. Each case runs in its own process, so
the peak memory printed is that case's alone (``ru_maxrss``); the ratio column divides by the
same measurement on a typical mid-game position taken in the same run.

Cases:
- ``typical``: move 120 of a random 3-player game (seed 1);
- ``crowded safe``: all 84 bars on safe 2, the mover one step before it (697 728 plunders);
- ``crowded game``: a whole game easy against greedy from the crowded safe, replayed;
- ``crowded crate``: a victim whose 12 rows each hold 2 bars, the robber next to it
  (the most robberies of any crate, 111 443 with 17 steps to spend).

Run: .venv/bin/python bench/crowded.py
"""

from __future__ import annotations

import json
import random
import resource
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "py"))

from gold_connection import Game, record  # noqa: E402  (needs the path above)
from gold_connection.material import ALL_BARS, row_bars  # noqa: E402
from gold_connection.players import make_player  # noqa: E402

SEATS = ("random", "greedy", "easy", "medium", "hard", "expert")
GOAL_S, GOAL_MB = 2.0, 200


def typical() -> dict:
    g = Game.new(["A", "B", "C"], seed=1)
    rng = random.Random(1)
    while len(g.moves) < 120:
        g.roll(rng) if g.prompt == "roll" else g.apply(rng.choice(g.legal()))
    return g.record()


def _position(fields: dict, players: list[dict]) -> dict:
    return {
        "format": "gold-connection/1",
        "players": [{"name": f"P{i}"} for i in range(len(players))],
        "options": {"ending": "counter"},
        "position": {
            "counter": 1,
            "to_move": 0,
            "supply": 20,
            "fields": fields,
            "players": players,
        },
        "moves": ["move 1"],
    }


def crowded_safe() -> dict:
    return _position(
        {"2": list(ALL_BARS)},
        [{"stone": "1", "heading": "e"}, {"stone": "10", "heading": "w"}],
    )


def crowded_crate() -> dict:
    from collections import Counter

    rows = {r: 2 for c in "bygr" for r in (c + "6", c + "5", c + "4")}
    used = Counter(b for r, k in rows.items() for b in row_bars(r, k))
    left = list((Counter(ALL_BARS) - used).elements())
    return _position(
        {"5": left},
        [{"stone": "1", "heading": "e"}, {"stone": "2", "heading": "w", "rows": rows}],
    )


def crowded_game() -> dict:
    """A whole game from the crowded safe, easy against greedy, its last position measured."""
    g = record.replay(crowded_safe())
    rng = random.Random(2)
    seats = [make_player("easy", rng), make_player("greedy", rng)]
    while not g.is_over():
        if g.prompt == "roll":
            g.roll(rng)
        else:
            g.apply(seats[g.to_move].decide(g.clone(), g.legal()))
    rec = g.record()
    rec["moves"] = rec["moves"][:-1]  # one action before the end: a prompt to decide at
    return rec


CASES = {
    "typical": typical,
    "crowded safe": crowded_safe,
    "crowded crate": crowded_crate,
    "crowded game": crowded_game,
}


def measure(case: str) -> dict:
    """Run in a child process: the timings of one case and its peak memory."""
    text = json.dumps(CASES[case]())
    out = {}
    t = time.perf_counter()
    g = record.loads(text)
    out["replay"] = time.perf_counter() - t
    t = time.perf_counter()
    legal = g.legal()
    out["legal"] = time.perf_counter() - t
    out["tokens"] = len(legal)
    t = time.perf_counter()
    g.summary()
    out["summary"] = time.perf_counter() - t
    for seat in SEATS:
        player = make_player(seat, random.Random(1))
        t = time.perf_counter()
        player.decide(g.clone(), list(legal))
        out[seat] = time.perf_counter() - t
    out["peak MB"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return out


def main() -> None:
    if len(sys.argv) == 3 and sys.argv[1] == "--case":
        print(json.dumps(measure(sys.argv[2])))
        return
    results = {}
    for case in CASES:
        done = subprocess.run(
            [sys.executable, __file__, "--case", case], capture_output=True, text=True, check=True
        )
        results[case] = json.loads(done.stdout)
    base = results["typical"]
    cols = ["replay", "legal", "summary", *SEATS, "peak MB"]
    print(f"{'case':14} {'tokens':>8} " + " ".join(f"{c:>8}" for c in cols))
    for case, r in results.items():
        cells = " ".join(f"{r[c]:8.3f}" if c != "peak MB" else f"{r[c]:8.0f}" for c in cols)
        print(f"{case:14} {r['tokens']:8d} {cells}")
        if case != "typical":
            ratio = " ".join(f"{r[c] / max(base[c], 1e-6):8.0f}" for c in cols)
            print(f"{'  x typical':14} {'':8} {ratio}")
    worst = max(max(r[c] for c in cols[:-1]) for r in results.values())
    peak = max(r["peak MB"] for r in results.values())
    verdict = "within" if worst <= GOAL_S and peak <= GOAL_MB else "OVER"
    print(f"slowest step {worst:.2f} s, peak {peak:.0f} MB: {verdict} the goal")
    print(f"({GOAL_S} s, {GOAL_MB} MB per step, CPython)")


if __name__ == "__main__":
    main()
