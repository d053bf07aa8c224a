"""The command line, run as a newcomer would: ``PYTHONPATH=py python3 -m gold_connection …``."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def run(*args, stdin=None):
    return subprocess.run(
        [sys.executable, "-m", "gold_connection", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT / "py")},
        timeout=300,
    )


def test_new_prints_a_dealt_record():
    out = run("new", "--players", "3", "--seed", "7", "--names", "Ada,Bob,Cy", "--ending", "series")
    assert out.returncode == 0, out.stderr
    rec = json.loads(out.stdout)
    assert [p["name"] for p in rec["players"]] == ["Ada", "Bob", "Cy"]
    assert rec["seed"] == 7 and rec["options"] == {"ending": "series"} and rec["moves"] == []
    assert sum(len(b) for b in rec["setup"].values()) == 84
    assert (
        run(
            "new", "--players", "3", "--seed", "7", "--names", "Ada,Bob,Cy", "--ending", "series"
        ).stdout
        == out.stdout
    )


def test_new_rejects_wrong_name_count():
    out = run("new", "--players", "2", "--names", "Solo")
    assert out.returncode == 2 and "1 names for 2 players" in out.stderr


def test_replay_prints_the_state_summary(tmp_path):
    rec = json.loads(run("new", "--seed", "3").stdout)
    rec["moves"] = ["dice 2 5", "place 7"]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(rec))
    out = run("replay", str(path))
    assert out.returncode == 0, out.stderr
    summary = json.loads(out.stdout)
    assert summary["players"][0]["stone"] == "7" and summary["legal"][0] == "dice 1 1"
    assert json.loads(run("replay", "-", stdin=json.dumps(rec)).stdout) == summary


@pytest.mark.parametrize(
    ("moves", "needle"),
    [
        (["dice 2 5", "place 4"], "move 1 'place 4'"),
        (["dice 2 5", "jump"], "move 1 'jump': unknown move"),
    ],
)
def test_replay_errors_are_one_line_and_exit_2(moves, needle):
    rec = json.loads(run("new", "--seed", "3").stdout)
    rec["moves"] = moves
    out = run("replay", "-", stdin=json.dumps(rec))
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.count("\n") == 1 and needle in out.stderr


def test_replay_malformed_input_exit_2():
    for text in ("not json", "{}", '{"format": "gold-connection/1"}'):
        out = run("replay", "-", stdin=text)
        assert (
            out.returncode == 2 and out.stderr.startswith("error: ") and out.stderr.count("\n") == 1
        )
    out = run("replay", "/nonexistent.json")
    assert out.returncode == 2 and "cannot read" in out.stderr


def test_render_writes_svg(tmp_path):
    rec = json.loads(run("new", "--seed", "3").stdout)
    rec["moves"] = ["dice 2 5", "place 7"]
    (tmp_path / "g.json").write_text(json.dumps(rec))
    out = run("render", str(tmp_path / "g.json"), "--at", "1", "-o", str(tmp_path / "g.svg"))
    assert out.returncode == 0, out.stderr
    assert (tmp_path / "g.svg").read_text().lstrip().startswith("<svg")
    out = run("render", str(tmp_path / "g.json"), "--at", "9")
    assert out.returncode == 2 and "outside 0..2" in out.stderr


def test_play_reports_wins_scores_and_length():
    out = run("play", "--seats", "greedy,random", "--games", "4", "--seed", "1", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert [p["games"] for p in data["players"]] == [4, 4]
    assert sum(p["wins"] for p in data["players"]) == pytest.approx(4)
    assert data["mean_turns"] == 36
    again = json.loads(
        run("play", "--seats", "greedy,random", "--games", "4", "--seed", "1", "--json").stdout
    )
    assert [p["wins"] for p in again["players"]] == [p["wins"] for p in data["players"]]  # seeded


def test_play_rejects_unknown_seats():
    out = run("play", "--seats", "greedy,wizard", "--games", "1")
    assert out.returncode == 2 and "unknown player 'wizard'" in out.stderr


def test_bench_prints_games_per_second():
    out = run("bench", "--games", "3", "--seconds", "0")
    assert out.returncode == 0
    assert [line.split(":")[0] for line in out.stdout.splitlines()] == [
        "2 players",
        "3 players",
        "4 players",
    ]


def test_every_command_has_help():
    for cmd in ("new", "replay", "render", "play", "bench"):
        out = run(cmd, "--help")
        assert out.returncode == 0 and "usage:" in out.stdout
