"""Measurement (not a test): what a player adds to its score in the turns it has left.

The review's chart shows each player's expected final score: the points in its rows plus
``a*L + b*L*L`` for ``L`` turns left, ``(a, b) = gold_connection.review.FUTURE_POINTS[n]``.
This plays seeded ``medium`` games (60 with two players, 50 with three, 40 with four, as the
constants were measured) and prints, per player count, the least-squares fit of (final score
- score now) after every turn, its mean absolute error, and the mean error of the constants
early, midway and late in the game (near zero throughout when the curve fits).

Run: .venv/bin/python bench/expected_score.py [--games-scale F]   (about 3 min on one core)
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "py"))

from gamekit.match import one_game  # noqa: E402
from gold_connection import record  # noqa: E402
from gold_connection.review import FUTURE_POINTS  # noqa: E402

GAMES = {2: (60, 21), 3: (50, 23), 4: (40, 22)}  # players: (games, seed)


def samples(n: int, games: int, seed: int) -> list[tuple[int, int, int]]:
    """``(counter, turns left, final - now)`` for every seat after every turn of the games."""
    out = []
    for k in range(games):
        data = one_game("gold_connection", ["medium"] * n, k, seed, keep_record=True).record
        g = record.replay(data, upto=0)
        final = record.replay(data)
        counter = g.counter
        for tok in data["moves"]:
            g.push(tok)
            if g.counter != counter and not g.is_over() and g.counter >= 1:
                counter = g.counter
                for s in range(n):
                    left = g.turns_left(s) or 0
                    out.append((counter, left, final.score(s) - g.score(s)))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games-scale", type=float, default=1.0, help="fewer games for a quick look")
    args = ap.parse_args()
    for n, (games, seed) in GAMES.items():
        rows = samples(n, max(2, round(games * args.games_scale)), seed)
        s11 = sum(left**2 for _, left, _ in rows)
        s12 = sum(left**3 for _, left, _ in rows)
        s22 = sum(left**4 for _, left, _ in rows)
        t1 = sum(left * gain for _, left, gain in rows)
        t2 = sum(left * left * gain for _, left, gain in rows)
        det = s11 * s22 - s12 * s12
        fit = ((t1 * s22 - t2 * s12) / det, (s11 * t2 - s12 * t1) / det)
        a, b = FUTURE_POINTS[n]
        errors = [(c, gain - a * left - b * left * left) for c, left, gain in rows]
        mae = statistics.mean(abs(e) for _, e in errors)
        print(
            f"{n} players: fit a={fit[0]:.3f} b={fit[1]:.4f} (constants a={a} b={b}), "
            f"mean absolute error {mae:.1f} points over {len(rows)} samples"
        )
        for lo, hi in ((1, 12), (12, 24), (24, 37)):
            stage = [e for c, e in errors if lo <= c < hi]
            if stage:
                print(f"  turns {lo}-{hi - 1}: mean error {statistics.mean(stage):+.1f}")


if __name__ == "__main__":
    main()
