"""What every command line here does the same way: read input within limits, and fail with one
line and exit status 2, never a traceback, for anything a user can type or feed it."""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable
from typing import Any, NoReturn

from .safejson import InputError, one_line


def read_bytes(path: str, limit: int) -> bytes:
    """The bytes of a file, or of standard input for ``-``; InputError if unreadable or longer
    than ``limit`` (only ``limit + 1`` bytes are ever read)."""
    try:
        if path == "-":
            data = sys.stdin.buffer.read(limit + 1)
        else:
            with open(path, "rb") as f:
                data = f.read(limit + 1)
    except OSError as e:
        raise InputError(f"cannot read {path}: {e.strerror or e}") from None
    if len(data) > limit:
        raise InputError(f"{'standard input' if path == '-' else path} is over {limit} bytes")
    return data


def fail(message: object) -> int:
    """Print ``error: message`` as one short line on stderr; the exit status for bad input."""
    print(one_line(f"error: {message}"), file=sys.stderr)
    return 2


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line (``--help`` still shows the usage)."""

    def error(self, message: str) -> NoReturn:
        sys.exit(fail(f"{message} (see {self.prog} --help)"))


# ---- play / tournament: series of games between players, shared by the games' command lines ----


def add_series_arguments(
    s: argparse.ArgumentParser, example: str, option: tuple[str, tuple[str, ...], str]
) -> None:
    """The arguments of ``play`` and ``tournament``; ``option`` is the game's own
    ``(flag, choices, default)``, e.g. ``("--ending", ("counter", "series"), "counter")``."""
    s.add_argument("--seats", required=True, help=f"comma-separated players, e.g. {example}")
    s.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    s.add_argument("--seed", type=int, default=0, help="seed (default 0): same seed, same results")
    flag, choices, default = option
    s.add_argument(flag, choices=choices, default=default)
    s.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    s.add_argument("--json", action="store_true", help="print JSON")
    s.add_argument(
        "--record-dir",
        metavar="DIR",
        help="keep every game's record in DIR as game-0001.json, game-0002.json, ... "
        "(created if missing; files of the same names are replaced)",
    )


def check_seats(
    seats: str, low: int, high: int, make_player: Callable[[str], object], example: str
) -> list[str]:
    """The seat specs of ``--seats``, each one checked (InputError names the bad one)."""
    specs = [s.strip() for s in seats.split(",") if s.strip()]
    if not low <= len(specs) <= high:
        raise InputError(f"--seats needs {low} to {high} players, e.g. --seats {example}")
    for spec in specs:
        try:
            make_player(spec)
        except ValueError as e:
            raise InputError(str(e)) from None
    return specs


def run_series(
    args: argparse.Namespace, package: str, specs: list[str], option: str, tournament: bool
) -> int:
    """Play ``args.games`` games (seats rotated) and print the standings; ``option`` names the
    game's own argument (``"ending"``, ``"map"``) passed on as a game option."""
    from .match import PlayerError, series

    value = getattr(args, option)
    progress: Callable[[int], None] | None = None
    if tournament:
        k = len(specs)
        if args.games % k:
            args.games += k - args.games % k
            print(f"note: {args.games} games, a multiple of {k} seats", file=sys.stderr)
        step = max(1, args.games // 20)
        begun = time.perf_counter()

        def report(done: int) -> None:
            if done % step == 0 or done == args.games:
                elapsed = time.perf_counter() - begun
                print(f"  {done}/{args.games} games, {elapsed:.0f} s", file=sys.stderr, flush=True)

        progress = report

    started = time.perf_counter()
    try:
        if args.record_dir is not None:
            os.makedirs(args.record_dir, exist_ok=True)  # a bad directory fails before any game
        standings, results = series(
            package,
            specs,
            args.games,
            seed=args.seed,
            options={option: value},
            jobs=args.jobs,
            progress=progress,
            record_dir=args.record_dir,
        )
    except PlayerError as e:
        return fail(e)
    except OSError as e:
        return fail(f"cannot write records to {args.record_dir}: {e.strerror or e}")
    elapsed = time.perf_counter() - started
    rows: list[dict[str, Any]] = []
    for i, st in enumerate(standings):
        low, high = st.interval()
        mean_ms, p95_ms = st.time_stats()
        rows.append(
            {
                "player": f"{st.spec}#{i}",
                "games": st.games,
                "wins": st.wins,
                "win_rate": st.win_rate,
                "ci95": [low, high],
                "mean_score": st.score_sum / max(1, st.games),
                "decision_ms_mean": mean_ms,
                "decision_ms_p95": p95_ms,
            }
        )
    summary = {
        "games": args.games,
        "seed": args.seed,
        option: value,
        "players": rows,
        "mean_turns": sum(r.turns for r in results) / max(1, len(results)),
        "mean_moves": sum(r.moves for r in results) / max(1, len(results)),
        "seconds": elapsed,
    }
    if args.json:
        print(json.dumps(summary, indent=1))
        return 0
    print(f"{args.games} games, seats rotated, seed {args.seed}, {option} {value}")
    header = ("player", "wins", "win rate", "95% CI", "score", "ms mean", "ms p95")
    print("{:<22}{:>9}{:>10}{:>16}{:>8}{:>9}{:>9}".format(*header))
    for r in rows:
        low, high = r["ci95"]
        interval = f"{100 * low:.1f}-{100 * high:.1f}%"
        print(
            f"{r['player']:<22}{r['wins']:>9.1f}{r['win_rate']:>10.1%}{interval:>16}"
            f"{r['mean_score']:>8.1f}{r['decision_ms_mean']:>9.2f}{r['decision_ms_p95']:>9.2f}"
        )
    print(
        f"mean game length: {summary['mean_turns']:.1f} turns, {summary['mean_moves']:.1f} tokens; "
        f"{elapsed:.1f} s"
    )
    return 0


def progress_bar(label: str, width: int = 30) -> Callable[[int, int], None] | None:
    """A ``progress(done, total)`` that redraws one bar on stderr, or None when stderr is not a
    terminal (logs and pipes stay clean)."""
    if not sys.stderr.isatty():
        return None

    def draw(done: int, total: int) -> None:
        filled = width * done // max(1, total)
        end = "\n" if done >= total else ""
        bar = "#" * filled + "-" * (width - filled)
        print(f"\r{label} [{bar}] {done}/{total}", end=end, file=sys.stderr, flush=True)

    return draw


def run_command(args: argparse.Namespace) -> int:
    """Run the parsed command ``args.func(args)``: bad input is one ``error:`` line and exit
    status 2; output cut short by a closed pipe (``| head``) ends quietly."""
    try:
        return int(args.func(args))
    except InputError as e:
        return fail(e)
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # no second error when Python flushes at exit
        return 1


def game_parser(prog: str, description: str) -> tuple[Parser, argparse._SubParsersAction[Parser]]:
    """The parser of a game's command line and its sub-command list."""
    p = Parser(
        prog=prog,
        description=description,
        epilog="Run from the repository root with PYTHONPATH=py. Records: docs/records.md.",
    )
    return p, p.add_subparsers(dest="command", required=True, metavar="COMMAND")


def write_output(text: str, path: str | None) -> None:
    """``text`` to the file ``path``, or to standard output when there is none."""
    if path:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    else:
        sys.stdout.write(text + "\n")
