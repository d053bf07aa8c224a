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


def test_tournament_keeps_every_record_that_replays_to_its_result(tmp_path):
    from gold_connection import record

    out = tournament(
        "--seats",
        "greedy,random",
        "--games",
        "2",
        "--seed",
        "3",
        "--json",
        "--record-dir",
        str(tmp_path / "games"),
    )
    summary = json.loads(out.stdout)
    files = sorted((tmp_path / "games").iterdir())
    assert [f.name for f in files] == ["game-0001.json", "game-0002.json"]
    _, results = series(["greedy", "random"], 2, seed=3)
    for f, result in zip(files, results, strict=True):
        game = record.loads(f.read_bytes())
        assert game.is_over() and [game.score(s) for s in range(2)] == result.scores
        assert game.winners == result.winners
    assert summary["games"] == 2


def test_tournament_names_a_record_dir_it_cannot_write(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "gold_connection",
            "tournament",
            "--seats",
            "greedy,random",
            "--games",
            "2",
            "--record-dir",
            str(blocker / "games"),
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT / "py")},
        timeout=60,
    )
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert out.stderr.startswith("error: argument --record-dir: cannot make")
    assert out.stderr.count("\n") == 1


def test_go_for_gold_series_keeps_records_too(tmp_path):
    from gamekit.match import series as shared_series
    from go_for_gold import record as gg_record

    _, results = shared_series(
        "go_for_gold", ["greedy", "random"], 2, seed=1, record_dir=str(tmp_path)
    )
    files = sorted(tmp_path.iterdir())
    assert [f.name for f in files] == ["game-0001.json", "game-0002.json"]
    assert all(r.record is None for r in results)  # written out, not kept in memory
    for f, result in zip(files, results, strict=True):
        game = gg_record.loads(f.read_bytes())
        assert game.is_over() and [game.score(s) for s in range(2)] == result.scores


def test_a_long_file_seat_still_gives_records_that_load(tmp_path):
    # a seat named by a long path: the record's player name is clipped to the records' limit
    # (its end kept, where the file's name is), so the saved game loads again
    from gamekit.match import seat_name
    from gamekit.match import series as shared_series
    from gamekit.records import MAX_NAME
    from gold_connection import record

    bot = tmp_path / "a_bot_whose_file_name_is_long_enough_to_matter.py"
    bot.write_text("def choose(view, legal):\n    return legal[0]\n")
    spec = f"file:{bot}"
    shared_series(
        "gold_connection", ["greedy", spec], 2, seed=4, record_dir=str(tmp_path / "games")
    )
    for f in sorted((tmp_path / "games").iterdir()):
        game = record.loads(f.read_bytes())
        names = [p["name"] for p in game.players]
        assert seat_name(spec, 1) in names and "greedy#0" in names
        assert game.is_over()
    assert len(seat_name(spec, 1)) == MAX_NAME and seat_name(spec, 1).endswith("matter.py#1")
    assert seat_name("greedy", 0) == "greedy#0"
