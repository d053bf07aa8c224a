"""The command lines, run as a newcomer would (``PYTHONPATH=py python3 -m gold_connection …``,
or the installed ``gold-connection``), and as people mistype them: every bad argument of both
games is one ``error:`` line naming it, the value and what is allowed, exit status 2."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from go_for_gold import cli as gg_cli
from gold_connection import cli as gc_cli

ROOT = Path(__file__).resolve().parent.parent
MAINS = {"gold_connection": gc_cli.main, "go_for_gold": gg_cli.main}


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
    assert out.returncode == 2 and "argument --names: 'Solo' gives 1 name for 2" in out.stderr


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
    assert out.returncode == 2 and "argument --at: must be a move number from 0 to 2" in out.stderr


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


def one_error(capsys, package, *args):
    """Run ``main(args)`` in this process; the one stderr line of its refusal."""
    assert MAINS[package](list(args)) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("error: ") and err.count("\n") == 1, err
    return err


BOTH = pytest.mark.parametrize("package", list(MAINS))


@BOTH
@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (
            ["play", "--seats", "greedy,random", "--games", "-1"],
            "argument --games: must be a whole number from 1 to 1000000, not '-1'",
        ),
        (
            ["play", "--seats", "greedy,random", "--games", "0"],
            "argument --games: must be a whole number from 1",
        ),
        (
            ["tournament", "--seats", "greedy,random", "--jobs", "0"],
            "argument --jobs: must be a whole number from 1 to 64, not '0'",
        ),
        (
            ["play", "--seats", "greedy,random", "--jobs", "-3"],
            "argument --jobs: must be a whole number from 1 to 64, not '-3'",
        ),
        (
            ["play", "--seats", "greedy,random", "--seed", "x"],
            "argument --seed: must be a whole number from 0",
        ),
        (
            ["play", "--seats", "ai:hard:budget=-5,greedy"],
            "argument --seats: option 'budget=-5' in 'ai:hard:budget=-5': budget must be",
        ),
        (
            ["play", "--seats", "hard:budget=0,greedy"],
            "budget must be a whole number of milliseconds, 1 to 60000",
        ),
        (["play", "--seats", "hard:risk=-9,greedy"], "risk must be a number from -1 to 1"),
        (
            ["play", "--seats", "random:bold,greedy"],
            "option 'bold' in 'random:bold': random takes no options",
        ),
        (["play", "--seats", "hard:bold:cautious,greedy"], "the risk is given twice"),
        (
            ["play", "--seats", "easy:bold,greedy"],
            "option 'bold' in 'easy:bold': easy takes no options",
        ),
        (
            ["play", "--seats", "nonsense"],
            "argument --seats: unknown player 'nonsense'; choose from random, greedy, easy",
        ),
        (["play", "--seats", "greedy,,random"], "argument --seats: an empty player; choose from"),
        (
            ["play", "--seats", "greedy,random", "--record-dir", "tests/test_cli.py"],
            "argument --record-dir: cannot make 'tests/test_cli.py': it is a file",
        ),
        (
            ["new", "--names", ","],
            "argument --names: name 1 in ',' must have 1 to 40 printable characters",
        ),
        (["new", "--names", "Ada," + "x" * 41], "argument --names: name 2"),
        (["new", "--players", "x"], "argument --players: must be a whole number from"),
        (
            ["new", "--seed", "-1"],
            "argument --seed: must be a whole number from 0 to 9007199254740991, not '-1'",
        ),
        (
            ["render", "-", "--size", "-5"],
            "argument --size: must be a whole number from 16 to 10000, not '-5'",
        ),
        (["render", "-", "--at", "nonsense"], "argument --at: must be a whole number from 0"),
        (
            ["bench", "--seconds", "inf"],
            "argument --seconds: must be a number from 0 to 3600, not 'inf'",
        ),
        (
            ["bench", "--seconds", "nan"],
            "argument --seconds: must be a number from 0 to 3600, not 'nan'",
        ),
        (["bench", "--games", "0"], "argument --games: must be a whole number from 1"),
        (["fly"], "argument COMMAND: invalid choice: 'fly'"),
    ],
)
def test_bad_arguments_are_one_line_naming_the_argument_the_value_and_what_is_allowed(
    capsys, package, args, needle
):
    assert needle in one_error(capsys, package, *args)


@BOTH
def test_too_many_or_few_seats_say_how_many_a_game_takes(capsys, package):
    err = one_error(capsys, package, "play", "--seats", "random,greedy,easy,hard,easy,hard,easy")
    assert "argument --seats: 'random,greedy,easy,hard,easy,hard,easy' names 7 players" in err


@BOTH
def test_render_at_a_move_past_the_records_end_names_the_moves_there_are(capsys, package, tmp_path):
    assert MAINS[package](["new", "--seed", "3"]) == 0
    (tmp_path / "g.json").write_text(capsys.readouterr().out)
    err = one_error(capsys, package, "render", str(tmp_path / "g.json"), "--at", "10")
    assert (
        "argument --at: must be a move number from 0 to 0 (the record has 0 moves), not 10" in err
    )


@BOTH
@pytest.mark.parametrize("where", ["missing/x.svg", ".", "locked/x.svg"])
def test_an_output_that_cannot_be_written_is_one_line_and_leaves_nothing(
    capsys, package, tmp_path, where
):
    assert MAINS[package](["new", "--seed", "3"]) == 0
    (tmp_path / "g.json").write_text(capsys.readouterr().out)
    (tmp_path / "locked").mkdir(mode=0o500)
    target = tmp_path / where
    if where.startswith("locked") and os.access(tmp_path / "locked", os.W_OK):
        target = Path("/sys/gold.svg")  # root may write anywhere, but not into /sys
    err = one_error(capsys, package, "render", str(tmp_path / "g.json"), "-o", str(target))
    assert "argument -o/--output: cannot write" in err and str(target) in err
    assert sorted(p.name for p in tmp_path.rglob("*")) == ["g.json", "locked"]


@BOTH
def test_an_output_file_is_replaced_whole(capsys, package, tmp_path):
    assert MAINS[package](["new", "--seed", "3"]) == 0
    (tmp_path / "g.json").write_text(capsys.readouterr().out)
    out = tmp_path / "g.svg"
    out.write_text("old")
    assert (
        MAINS[package](["render", str(tmp_path / "g.json"), "-o", str(out), "--size", "300"]) == 0
    )
    assert out.read_text().startswith("<svg") and 'width="300"' in out.read_text()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.json", "g.svg"]


@BOTH
def test_an_installed_script_names_itself_and_never_asks_for_pythonpath(tmp_path, package):
    """pip's console script sets ``sys.argv[0]`` to its own name and calls ``main()``."""
    name = package.replace("_", "-")
    script = tmp_path / name
    script.write_text(
        "import re, sys\n"
        f"from {package}.cli import main\n"
        "sys.argv[0] = re.sub(r'(-script\\.pyw|\\.exe)?$', '', sys.argv[0])\n"
        "sys.exit(main())\n"
    )
    env = {"PYTHONPATH": str(ROOT / "py")}
    for args in (["--help"], ["play", "--games", "many"]):
        out = subprocess.run(
            [sys.executable, str(script), *args], capture_output=True, text=True, env=env
        )
        text = out.stdout + out.stderr
        assert f"{name} " in text and "python -m" not in text and "PYTHONPATH" not in text
    out = subprocess.run(
        [sys.executable, "-m", package, "fly"], capture_output=True, text=True, env=env
    )
    assert out.returncode == 2 and f"(see python -m {package} --help)" in out.stderr


def test_ctrl_c_in_a_tournament_on_two_processes_is_one_line_and_keeps_the_records(tmp_path):
    """Ctrl-C reaches the whole process group (the workers too): one line, exit 130, and
    every record written so far is whole."""
    records = tmp_path / "games"
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gold_connection",
            "tournament",
            "--seats",
            "greedy,random",
            "--games",
            "10000",
            "--jobs",
            "2",
            "--record-dir",
            str(records),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={"PYTHONPATH": str(ROOT / "py")},
        start_new_session=True,
        # Ctrl-C as at a terminal, even when the suite itself runs with SIGINT ignored (as a
        # shell without job control starts `cmd &`): Python then never raises
        # KeyboardInterrupt, and the tournament would run on
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline and len(list(records.glob("game-*.json"))) < 2:
        time.sleep(0.2)
    os.killpg(proc.pid, signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    kept = sorted(records.iterdir())
    *progress, last = err.splitlines()
    assert last.startswith("interrupted after ") and f"; their records are in {records}" in last
    assert all(line.startswith("  ") for line in progress), err  # "  500/10000 games, 9 s"
    assert out == ""
    assert len(kept) >= 2 and all(p.name.startswith("game-") for p in kept)
    for p in kept:
        json.loads(p.read_text())
