"""Tournaments: entrants rotated through the seats, statistics, the same seed the same games."""

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

from gold_connection.match import series

ROOT = Path(__file__).resolve().parent.parent


def tournament(*args):
    out = subprocess.run(
        [sys.executable, "-m", "gold_connection", "tournament", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT / "py")},
        timeout=300,
    )
    assert out.returncode == 0, out.stderr
    return out


def test_every_entrant_sits_in_every_seat_equally_often():
    standings, results = series(["random", "greedy", "easy"], 6, seed=4)
    for entrant in range(3):
        assert Counter(r.seats.index(entrant) for r in results) == {0: 2, 1: 2, 2: 2}
    assert [s.games for s in standings] == [6, 6, 6]
    assert sum(s.wins for s in standings) == 6  # ties split


def test_tournament_rounds_games_to_the_seats_and_repeats_for_a_seed():
    first = json.loads(
        tournament(
            "--seats", "greedy,ai:easy,random", "--games", "4", "--seed", "9", "--json"
        ).stdout
    )
    again = json.loads(
        tournament(
            "--seats", "greedy,ai:easy,random", "--games", "4", "--seed", "9", "--json"
        ).stdout
    )
    assert first["games"] == 6 and [p["games"] for p in first["players"]] == [6, 6, 6]

    def results(summary):
        return [(p["player"], p["wins"], p["mean_score"]) for p in summary["players"]]

    assert results(first) == results(again)
    greedy, easy, rand = first["players"]
    assert greedy["player"] == "greedy#0" and 0 <= greedy["ci95"][0] <= greedy["win_rate"]
    assert rand["mean_score"] < easy["mean_score"]
    assert all(p["decision_ms_p95"] >= 0 for p in first["players"])


def test_tournament_prints_a_table_and_its_progress():
    out = tournament("--seats", "greedy,random", "--games", "2", "--seed", "1")
    assert "2 games, seats rotated, seed 1" in out.stdout
    assert "95% CI" in out.stdout and "ms p95" in out.stdout
    assert "greedy#0" in out.stdout and "random#1" in out.stdout
    assert "2/2 games" in out.stderr
