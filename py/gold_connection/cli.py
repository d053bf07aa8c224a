"""The command line: ``gold-connection new|replay|render|review|play|tournament|bench`` (or
``python -m gold_connection``); every command and option is described in docs/cli.md. Every
argument is checked: a bad one is one ``error:`` line naming it, exit status 2.
"""

from __future__ import annotations

import argparse
import json
import random

from gamekit.clitools import (
    MAX_JOBS,
    MAX_SEED,
    add_series_arguments,
    check_seats,
    command_name,
    game_parser,
    names,
    number,
    progress_bar,
    read_bytes,
    read_game,
    run_command,
    run_series,
    whole,
    write_output,
)
from gamekit.errors import parse_record
from gamekit.match import bench

from . import record
from .game import Game
from .levels import SEATS
from .players import make_player


def _read(path: str, upto: int | None = None) -> Game:
    """Replay a record file (``-`` for stdin), read within the record limits (InputError)."""
    game: Game = read_game(path, record.replay, record.MAX_RECORD, upto)
    return game


def cmd_new(args: argparse.Namespace) -> int:
    players = names(args.players, args.names, record.MAX_NAME)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    game = Game.new(players, seed=seed, ending=args.ending)
    print(json.dumps(game.record(), indent=1 if args.pretty else None))
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    game = _read(args.file)
    print(json.dumps(game.summary(), indent=1 if args.pretty else None))
    return 0


def cmd_render(args: argparse.Namespace) -> int:
    game = _read(args.file, upto=args.at)
    from . import svg  # imported here: only render draws

    write_output(svg.board(game.summary(), size=args.size), args.output)
    return 0


def cmd_review(args: argparse.Namespace) -> int:
    from . import review  # imported here: only review searches

    data = parse_record(read_bytes(args.file, record.MAX_RECORD * 4))
    result = review.review(data, level=args.level, jobs=args.jobs, progress=progress_bar("review"))
    if args.json:
        print(json.dumps(result.to_dict(), indent=1 if args.pretty else None))
    else:
        print(review.format_review(result))
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    specs = check_seats(args.seats, 2, 4, SEATS, make_player)
    return run_series(args, "gold_connection", specs, "ending", tournament=False)


def cmd_tournament(args: argparse.Namespace) -> int:
    """``play`` with every entrant in every seat equally often, and progress on stderr."""
    specs = check_seats(args.seats, 2, 4, SEATS, make_player)
    return run_series(args, "gold_connection", specs, "ending", tournament=True)


def cmd_bench(args: argparse.Namespace) -> int:
    rng = random.Random(args.seed)  # deals; the play-outs draw from their own
    bench(
        lambda n: Game.new([f"P{i}" for i in range(n)], rng=rng),
        (2, 3, 4),
        args.games,
        args.seconds,
        args.seed,
    )
    return 0


def _series_arguments(s: argparse.ArgumentParser) -> None:
    add_series_arguments(
        s, "expert,medium or greedy,random", ("--ending", ("counter", "series"), "counter")
    )


def build_parser(prog: str = "python -m gold_connection") -> argparse.ArgumentParser:
    p, sub = game_parser(
        prog,
        "Gold Connection (Sid Sackson, 1992): records, replays, pictures and matches.",
    )

    s = sub.add_parser(
        "new",
        help="print a new game record with the bars dealt",
        description="Print a new game record (JSON) with a freshly dealt set-up.",
    )
    s.add_argument("--players", type=whole(2, 4), default=2, help="number of players (2-4)")
    s.add_argument("--seed", type=whole(0, MAX_SEED), help="seed for the deal (default: random)")
    s.add_argument(
        "--ending",
        choices=("counter", "series"),
        default="counter",
        help="counter: 36 turns (GC-7.1); series: first to complete rows (GC-7.2)",
    )
    s.add_argument(
        "--names",
        help=f"comma-separated player names, e.g. Ada,Bob (1 to {record.MAX_NAME} characters each)",
    )
    s.add_argument("--pretty", action="store_true", help="indent the JSON")
    s.set_defaults(func=cmd_new)

    s = sub.add_parser(
        "replay",
        help="print the state summary a record reaches",
        description="Replay a record and print the state summary (JSON). "
        "An illegal or malformed record prints one error line and exits 2.",
    )
    s.add_argument("file", help="record file, or - for standard input")
    s.add_argument("--pretty", action="store_true", help="indent the JSON")
    s.set_defaults(func=cmd_replay)

    s = sub.add_parser(
        "render",
        help="draw a record's state as SVG",
        description="Write the SVG picture of the state after N moves of a record.",
    )
    s.add_argument("file", help="record file, or - for standard input")
    s.add_argument(
        "--at",
        type=whole(0, record.MAX_MOVES),
        metavar="N",
        help="after the first N moves (default: all)",
    )
    s.add_argument(
        "-o", "--output", metavar="OUT.svg", help="write here instead of standard output"
    )
    s.add_argument(
        "--size", type=whole(16, 10_000), help="width in pixels, 16 to 10000 (default: scalable)"
    )
    s.set_defaults(func=cmd_render)

    s = sub.add_parser(
        "review",
        help="grade every decision of a record against the expert",
        description="Weigh every decision of a record with the expert's search and print per "
        "player the accuracy, the expected points lost and the grades, then the costliest "
        "decisions (see docs/cli.md). A progress bar goes to stderr when it is a terminal. "
        "A malformed record or an illegal move prints one error line and exits 2.",
    )
    s.add_argument("file", help="record file, or - for standard input")
    s.add_argument(
        "--level", choices=("medium", "hard", "expert"), default="expert", help="the reviewer"
    )
    s.add_argument("--json", action="store_true", help="every decision's values as JSON")
    s.add_argument("--pretty", action="store_true", help="indent the JSON")
    s.add_argument(
        "--jobs", type=whole(1, MAX_JOBS), default=1, help="worker processes (default 1)"
    )
    s.set_defaults(func=cmd_review)

    s = sub.add_parser(
        "play",
        help="play games between players and print the results",
        description="Play games between players, seats rotated, and print wins "
        "(ties split), win rate with a 95% interval, mean score, decision times "
        "and mean game length.",
    )
    _series_arguments(s)
    s.set_defaults(func=cmd_play)

    s = sub.add_parser(
        "tournament",
        help="rate players against each other: wins, 95%% intervals, decision times",
        description="Play --games games with every entrant in every seat equally often "
        "(the count is rounded up to a multiple of the seats) and print per player wins "
        "(ties split), win rate with a 95% interval, mean score and mean and 95th-percentile "
        "decision time. Players: random, greedy, [ai:]easy|medium|hard|expert with options "
        "such as ai:hard:bold or ai:expert:budget=300, or file:path/to/bot.py. The same seed "
        "gives the same games.",
    )
    _series_arguments(s)
    s.set_defaults(func=cmd_tournament)

    s = sub.add_parser(
        "bench",
        help="random full games per second, one core",
        description="Play random games (uniform legal tokens and dice) for 2, 3 and "
        "4 players on one core and print games per second.",
    )
    s.add_argument(
        "--games",
        type=whole(1, 1_000_000),
        default=200,
        help="at least this many games each (default 200)",
    )
    s.add_argument(
        "--seconds",
        type=number(0, 3600),
        default=2.0,
        help="and at least this long each, up to 3600 (default 2)",
    )
    s.add_argument("--seed", type=whole(0, MAX_SEED), default=0)
    s.set_defaults(func=cmd_bench)
    return p


def main(argv: list[str] | None = None) -> int:
    """Run a command (``argv``, else the process's arguments, then naming itself as it was
    called); bad input of any kind is one ``error:`` line and exit status 2, Ctrl-C 130."""
    prog = command_name("gold_connection") if argv is None else "python -m gold_connection"
    return run_command(build_parser(prog), argv)
