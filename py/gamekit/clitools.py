"""What every command line here does the same way: read input within limits, and fail with one
line and exit status 2, never a traceback, for anything a user can type or feed it."""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from .errors import parse_record
from .files import replace_file
from .safejson import InputError, clip, one_line
from .seats import SeatGrammar

INTERRUPTED = 130
"""The exit status after Ctrl-C, as a shell reports a process ended by SIGINT."""
MAX_GAMES = 1_000_000
MAX_JOBS = 64
MAX_SEED = 2**53 - 1
"""Seeds go into records, which the pages read in JavaScript: whole numbers it holds exactly."""


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


def read_game(path: str, replay: Callable[..., Any], limit: int, at: int | None = None) -> Any:
    """The game a record file (``-``: standard input) reaches, after its first ``at`` moves if
    given; ``replay(data, upto=None)`` is the game's checked replay and ``limit`` its longest
    record in characters. InputError (one line) for an unreadable record or an ``--at`` past
    its end."""
    data = parse_record(read_bytes(path, limit * 4), max_chars=limit)
    game = replay(data)
    if at is None:
        return game
    if at > len(game.moves):
        raise InputError(
            f"argument --at: must be a move number from 0 to {len(game.moves)} "
            f"(the record has {len(game.moves)} moves), not {at}"
        )
    return replay(data, upto=at)


def fail(message: object) -> int:
    """Print ``error: message`` as one short line on stderr; the exit status for bad input."""
    print(one_line(f"error: {message}"), file=sys.stderr)
    return 2


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line (``--help`` still shows the usage)."""

    def error(self, message: str) -> NoReturn:
        sys.exit(fail(f"{message} (see {self.prog} --help)"))


def command_name(package: str) -> str:
    """The name this command line was called by: a console script's own name
    (``gold-connection``), or ``python -m package`` when run as a module."""
    called = os.path.basename(sys.argv[0]) if sys.argv and sys.argv[0] else ""
    if not called or called.endswith(".py") or called.startswith("-"):
        return f"python -m {package}"
    return called


_WHOLE = re.compile(r"[+-]?[0-9]{1,30}")


def whole(low: int, high: int) -> Callable[[str], int]:
    """An argument type: a whole number from ``low`` to ``high`` (ASCII digits; argparse names
    the argument in front of the message)."""

    def read(text: str) -> int:
        if not _WHOLE.fullmatch(text.strip()) or not low <= int(text) <= high:
            raise argparse.ArgumentTypeError(
                f"must be a whole number from {low} to {high}, not {clip(text)}"
            )
        return int(text)

    return read


def number(low: float, high: float) -> Callable[[str], float]:
    """An argument type: a decimal number from ``low`` to ``high`` (no nan, no infinity)."""

    def read(text: str) -> float:
        try:
            value = float(text) if text.strip().isascii() else math.nan
        except ValueError:
            value = math.nan
        if not low <= value <= high or "_" in text:
            raise argparse.ArgumentTypeError(
                f"must be a number from {low:g} to {high:g}, not {clip(text)}"
            )
        return value

    return read


def names(count: int, given: str | None, max_len: int) -> list[str]:
    """The players' names of ``--names`` (``Ada,Bob``), one per player, each 1 to ``max_len``
    printable characters; without it ``Player 1``, ``Player 2``, …"""
    if given is None:
        return [f"Player {i + 1}" for i in range(count)]
    out = [name.strip() for name in given.split(",")]
    if len(out) != count:
        raise InputError(
            f"argument --names: {clip(given)} gives {len(out)} name{'' if len(out) == 1 else 's'} "
            f"for {count} players"
        )
    for i, name in enumerate(out):
        if not name or len(name) > max_len or not name.isprintable():
            raise InputError(
                f"argument --names: name {i + 1} in {clip(given)} must have 1 to {max_len} "
                "printable characters"
            )
    return out


# ---- play / tournament: series of games between players, shared by the games' command lines ----


def add_series_arguments(
    s: argparse.ArgumentParser, example: str, option: tuple[str, tuple[str, ...], str]
) -> None:
    """The arguments of ``play`` and ``tournament``; ``option`` is the game's own
    ``(flag, choices, default)``, e.g. ``("--ending", ("counter", "series"), "counter")``."""
    s.add_argument("--seats", required=True, help=f"comma-separated players, e.g. {example}")
    s.add_argument(
        "--games",
        type=whole(1, MAX_GAMES),
        default=100,
        help=f"number of games, 1 to {MAX_GAMES} (default 100)",
    )
    s.add_argument(
        "--seed",
        type=whole(0, MAX_SEED),
        default=0,
        help="seed, 0 to 2**53-1 (default 0): same seed, same results",
    )
    flag, choices, default = option
    s.add_argument(flag, choices=choices, default=default)
    s.add_argument(
        "--jobs",
        type=whole(1, MAX_JOBS),
        default=1,
        help=f"worker processes, 1 to {MAX_JOBS} (default 1)",
    )
    s.add_argument("--json", action="store_true", help="print JSON")
    s.add_argument(
        "--record-dir",
        metavar="DIR",
        help="keep every game's record in DIR as game-0001.json, game-0002.json, ... "
        "(created if missing; files of the same names are replaced)",
    )


def check_seats(
    seats: str,
    low: int,
    high: int,
    grammar: SeatGrammar,
    make_player: Callable[[str], object],
) -> list[str]:
    """The seat specs of ``--seats`` (``greedy,random``), each read by the game's ``grammar``
    and built once, so a bot file that cannot load is named before any game; InputError
    naming the bad one."""
    specs = [s.strip() for s in seats.split(",")]
    for spec in specs:
        try:
            grammar.parse(spec)
            make_player(spec)
        except ValueError as e:
            raise InputError(f"argument --seats: {e}") from None
    if not low <= len(specs) <= high:
        raise InputError(
            f"argument --seats: {clip(seats)} names {len(specs)} "
            f"player{'' if len(specs) == 1 else 's'}; "
            f"a game takes {low} to {high}"
        )
    return specs


def run_series(
    args: argparse.Namespace, package: str, specs: list[str], option: str, tournament: bool
) -> int:
    """Play ``args.games`` games (seats rotated) and print the standings; ``option`` names the
    game's own argument (``"ending"``, ``"map"``) passed on as a game option."""
    from .match import PlayerError, series

    value = getattr(args, option)
    if args.record_dir is not None:
        check_directory(args.record_dir)  # a bad directory fails first: before any note or game
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

    finished = 0

    def count(done: int) -> None:
        nonlocal finished
        finished = done
        if progress:
            progress(done)

    started = time.perf_counter()
    try:
        standings, results = series(
            package,
            specs,
            args.games,
            seed=args.seed,
            options={option: value},
            jobs=args.jobs,
            progress=count,
            record_dir=args.record_dir,
        )
    except PlayerError as e:
        return fail(e)
    except OSError as e:
        where = clip(args.record_dir, 120)
        return fail(f"argument --record-dir: cannot write to {where}: {e.strerror or e}")
    except KeyboardInterrupt:
        kept = f"; their records are in {args.record_dir}" if args.record_dir and finished else ""
        return interrupted(f"after {finished} of {args.games} games{kept}")
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


def interrupted(what: str = "") -> int:
    """One line for Ctrl-C, and the exit status that says so."""
    print(f"interrupted{' ' + what if what else ''}", file=sys.stderr, flush=True)
    return INTERRUPTED


def run_command(parser: argparse.ArgumentParser, argv: Sequence[str] | None) -> int:
    """Parse ``argv`` and run the command ``args.func(args)``: bad input is one ``error:``
    line and exit status 2, Ctrl-C one line and 130; output cut short by a closed pipe
    (``| head``) ends quietly. Returns the exit status, for ``--help`` too."""
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:  # --help (0) or a bad argument (2, its line printed)
        return e.code if isinstance(e.code, int) else 2
    try:
        return int(args.func(args))
    except InputError as e:
        return fail(e)
    except KeyboardInterrupt:
        return interrupted()
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # no second error when Python flushes at exit
        return 1


def game_parser(prog: str, description: str) -> tuple[Parser, argparse._SubParsersAction[Parser]]:
    """The parser of a game's command line and its sub-command list."""
    p = Parser(
        prog=prog,
        description=description,
        epilog="Records are JSON (docs/records.md); every command and option: docs/cli.md.",
    )
    return p, p.add_subparsers(dest="command", required=True, metavar="COMMAND")


def check_directory(path: str) -> None:
    """Make the directory ``path`` if it is missing; InputError naming ``--record-dir`` if it
    cannot be made or written to."""
    try:
        os.makedirs(path, exist_ok=True)
    except OSError as e:
        reason = "it is a file" if os.path.isfile(path) else e.strerror or str(e)
        raise InputError(
            f"argument --record-dir: cannot make {clip(path, 120)}: {reason}"
        ) from None
    if not os.access(path, os.W_OK | os.X_OK):
        raise InputError(
            f"argument --record-dir: cannot write to {clip(path, 120)}: permission denied"
        )


def write_output(text: str, path: str | None) -> None:
    """``text`` to the file ``path`` (written whole or not at all), or to standard output when
    there is none; InputError naming ``--output`` if the file cannot be written."""
    if not path:
        sys.stdout.write(text + "\n")
        return
    try:
        replace_file(path, text)
    except OSError as e:
        raise InputError(
            f"argument -o/--output: cannot write {clip(path, 120)}: {e.strerror or e}"
        ) from None
