"""Whatever arguments and records are thrown at either command line, it answers with exit status
0, or 2 and one ``error:`` line; never a traceback, never a hang (hypothesis generates the
arguments, mixing what people type with what they mistype, and records valid, cut and mangled).
"""

from __future__ import annotations

import contextlib
import io
import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from gamekit.match import CHANCE
from go_for_gold import Game as GoForGold
from go_for_gold import cli as gg_cli
from gold_connection import Game as GoldConnection
from gold_connection import cli as gc_cli
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parent.parent
CPU_SECONDS = 5.0
"""The most processor time one run may take (a busy machine stretches the wall clock only)."""

NASTY = ["", " ", "-", "--", "x", "-1", "0", "1e3", "nan", "inf", "٣", "²", "9" * 30, "\udcff",
         "a,b", ",", "é" * 50, "--help"]  # fmt: skip


def values(*good: str) -> st.SearchStrategy[str]:
    """A value of an option: mostly ``good`` ones (the command then runs), else nonsense."""
    nonsense = st.one_of(st.sampled_from(NASTY), st.text(max_size=12))
    return st.sampled_from([True] * 3 + [False]).flatmap(
        lambda sound: st.sampled_from(good) if sound else nonsense
    )


# the players that run are the quick ones (the levels that search are timed in their own tests)
SEATS = ["random", "greedy", "easy", "ai:easy", "nonsense", "easy:bold", "medium:budget=0",
         "hard:bold:cautious", "hard:risk=-9", "file:/x.py", "file:", ""]  # fmt: skip
seats = st.lists(
    st.sampled_from([True] * 4 + [False]).flatmap(
        lambda sound: st.sampled_from(SEATS[:4] if sound else SEATS[4:])
    ),
    max_size=7,
).map(",".join)

COMMON = {
    "new": {
        "--seed": values("0", "7", "9007199254740991", "9007199254740992"),
        "--names": values("Ada,Bob", "Ada,Bob,Cy", "Solo", "Ada," + "x" * 41),
        "--pretty": None,
    },
    "render": {
        "--at": values("0", "3", "10", "40"),
        "--size": values("16", "300", "15", "10001"),
        "-o": None,  # a path, drawn from PATHS
    },
    "replay": {"--pretty": None},
    "play": {"--games": values("1", "2"), "--seed": values("0", "3"), "--json": None},
    "bench": {"--seed": values("0", "1")},
}
GAMES = {
    "gold_connection": {
        "main": gc_cli.main,
        "options": {
            "new": {
                "--players": values("2", "3", "4", "5"),
                "--ending": values("counter", "series"),
            },
            "play": {"--ending": values("counter", "series")},
            "review": {"--level": values("medium", "hard"), "--json": None, "--pretty": None},
        },
        "bench": ["2", "3", "4"],
    },
    "go_for_gold": {
        "main": gg_cli.main,
        "options": {
            "new": {"--players": values("1", "3", "6", "7"), "--map": values("a", "b")},
            "render": {"--player": values("0", "1", "5")},
            "play": {"--map": values("a", "b")},
            "bench": {"--map": values("a", "b")},
            "review": {"--level": values("medium", "hard"), "--json": None, "--pretty": None},
        },
        "bench": ["1", "2"],
    },
}


def record_texts(game: type) -> st.SearchStrategy[bytes]:
    """A record as a file holds it: a game played a few random moves, then perhaps mangled."""

    @st.composite
    def build(draw: st.DrawFn) -> bytes:
        seed = draw(st.integers(0, 2**31))
        names = ["Ada", "Bob", "Cy"][: draw(st.integers(2, 3))]
        g = game.new(names, seed=seed)
        rng = random.Random(seed)
        for _ in range(draw(st.integers(0, 40))):
            if g.is_over():
                break
            if g.current_player() == CHANCE:
                g.roll(rng)
            else:
                g.push(rng.choice(g.legal()))
        text = json.dumps(g.record()).encode()
        how = draw(st.sampled_from(["keep"] * 4 + ["cut", "poke", "splice", "bytes"]))
        if how == "cut":
            return text[: draw(st.integers(0, len(text)))]
        if how == "poke":
            at = draw(st.integers(0, len(text) - 1))
            return text[:at] + draw(st.binary(min_size=1, max_size=3)) + text[at + 1 :]
        if how == "splice":
            at = draw(st.integers(0, len(text)))
            piece = draw(st.sampled_from([b"[" * 5000, b"1e999", b'"\\ud800"', b"null", b"{}"]))
            return text[:at] + piece + text[at:]
        if how == "bytes":
            return draw(st.binary(max_size=200))
        return text

    return build()


@st.composite
def argv(draw: st.DrawFn, package: str, command: str, path: str, out: str) -> list[str]:
    """A ``command`` of ``package`` with its options in any order, some of them nonsense."""
    game = GAMES[package]
    kind = "play" if command == "tournament" else command
    options = {**COMMON.get(kind, {}), **game["options"].get(kind, {})}
    args = [command]
    if kind in ("replay", "render", "review"):
        args.append(
            draw(st.sampled_from([path] * 4 + ["-", "/nonexistent.json", str(Path(path).parent)]))
        )
    if kind == "play":
        args += ["--seats", draw(seats), "--games", draw(values("1", "2"))]
        if draw(st.booleans()):
            args += ["--jobs", draw(st.sampled_from(["1", "0", "-3", "65", "x"]))]
        if draw(st.booleans()):
            args += ["--record-dir", draw(st.sampled_from([out + ".d", path, "/proc/x"]))]
    if kind == "bench":
        # always bounded: a valid bench runs one game per player count
        args += ["--games", draw(st.sampled_from(["1", "0", "-1", "x"]))]
        args += ["--seconds", draw(st.sampled_from(["0", "nan", "inf", "-1", "1e9"]))]
        if package == "go_for_gold" and draw(st.booleans()):
            args += ["--players", *draw(st.lists(values(*game["bench"]), min_size=1, max_size=3))]
    names = draw(st.lists(st.sampled_from(sorted(options) or ["--help"]), max_size=4))
    if kind == "render" and draw(st.booleans()):
        names.append("-o")
    for name in names:
        strategy = options.get(name)
        if name == "-o":
            args += [
                "-o",
                draw(st.sampled_from([out, "/nonexistent/x.svg", str(Path(out).parent)])),
            ]
        elif strategy is None:
            args.append(name)
        else:
            args += [name, draw(strategy)]
    if draw(st.sampled_from([False] * 9 + [True])):  # a stray word anywhere
        args.insert(draw(st.integers(0, len(args))), draw(st.sampled_from(NASTY)))
    return args


def run_main(main, args: list[str], stdin: bytes) -> tuple[int, str, str, float]:
    """``main(args)`` in this process with ``stdin``: its status, stdout, stderr, CPU seconds."""
    out, err = io.StringIO(), io.StringIO()
    real_stdin = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin))
    started = time.process_time()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = main(args)
    finally:
        sys.stdin = real_stdin
    return status, out.getvalue(), err.getvalue(), time.process_time() - started


def check(status: int, stderr: str, cpu: float, args: list[str]) -> None:
    assert status in (0, 2), (args, status, stderr)
    assert "Traceback" not in stderr, (args, stderr)
    if status == 2:
        assert stderr.startswith("error: ") and stderr.count("\n") == 1, (args, stderr)
    assert cpu < CPU_SECONDS, (args, cpu)


COMMANDS = [
    (package, command)
    for package in GAMES
    for command in ("new", "replay", "render", "review", "play", "tournament", "bench")
]


@pytest.mark.parametrize(("package", "command"), COMMANDS)
@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data())
def test_any_arguments_and_record_get_0_or_one_line_and_2(package, command, data):
    game = GoldConnection if package == "gold_connection" else GoForGold
    text = data.draw(record_texts(game), label="record")
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "game.json"
        path.write_bytes(text)
        args = data.draw(argv(package, command, str(path), str(Path(directory) / "out.svg")))
        status, _, stderr, cpu = run_main(GAMES[package]["main"], args, text)
        check(status, stderr, cpu, args)


@pytest.mark.parametrize("package", ["gold_connection", "go_for_gold"])
@pytest.mark.parametrize(
    "args",
    [
        [b"new", b"--names", b"\xff\xfe,Bob"],  # not UTF-8, as a shell may pass it
        [b"play", b"--seats", b"greedy,\xe9", b"--games", b"1"],
        [b"render", b"/nonexistent/\xff.json"],
        [b"new", b"--seed", b"\xd9\xa3"],  # an Arabic-Indic three
        [b"bench", b"--games", b"1", b"--seconds", b"0", b"--seed", b"1"],
    ],
)
def test_a_real_process_answers_the_same(package, args):
    out = subprocess.run(
        [sys.executable, "-m", package, *args],
        capture_output=True,
        env={"PYTHONPATH": str(ROOT / "py")},
        timeout=120,
    )
    err = out.stderr.decode("utf-8", "replace")
    assert out.returncode in (0, 2) and "Traceback" not in err, err
    assert out.returncode == 0 or (err.startswith("error: ") and err.count("\n") == 1), err
