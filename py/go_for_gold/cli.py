"""The command line: ``python -m go_for_gold new|replay|render|play|tournament|bench``.

Run from the repository root as ``PYTHONPATH=py python3 -m go_for_gold --help`` (or, installed,
``go-for-gold --help``). Bad input of any kind is one ``error:`` line and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import random

from gamekit.clitools import (
    add_series_arguments,
    check_seats,
    fail,
    game_parser,
    read_bytes,
    run_command,
    run_series,
    write_output,
)
from gamekit.errors import parse_record
from gamekit.match import bench

from . import record
from .board import names
from .game import MAX_PLAYERS, Game
from .players import make_player

SEATS_EXAMPLE = "hard,medium or greedy,random"


def _read(path: str, upto: int | None = None) -> Game:
    data = parse_record(read_bytes(path, record.MAX_RECORD * 4), max_chars=record.MAX_RECORD)
    return record.replay(data, upto=upto)


def cmd_new(args: argparse.Namespace) -> int:
    names_ = (
        args.names.split(",") if args.names else [f"Player {i + 1}" for i in range(args.players)]
    )
    if len(names_) != args.players:
        return fail(f"--names gives {len(names_)} names for {args.players} players")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    game = Game.new(names_, map_name=args.map, seed=seed)
    print(json.dumps(game.record(), indent=1 if args.pretty else None))
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    print(json.dumps(_read(args.file).summary(), indent=1 if args.pretty else None))
    return 0


def cmd_render(args: argparse.Namespace) -> int:
    game = _read(args.file, upto=args.at)
    if not 0 <= args.player < game.n:
        return fail(f"--player must be 0 to {game.n - 1}, not {args.player}")
    from . import svg  # imported here: only render draws

    write_output(
        svg.standalone(game.summary(legal=False), args.player, size=args.size), args.output
    )
    return 0


def cmd_review(args: argparse.Namespace) -> int:
    from gamekit.clitools import progress_bar

    from . import review  # imported here: only review searches

    data = _read(args.file).record()
    result = review.review(data, level=args.level, progress=progress_bar("review"))
    if args.json:
        print(json.dumps(result.to_dict(), indent=1 if args.pretty else None))
    else:
        print(review.format_review(result))
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    specs = check_seats(args.seats, 1, MAX_PLAYERS, make_player, SEATS_EXAMPLE)
    return run_series(args, "go_for_gold", specs, "map", tournament=False)


def cmd_tournament(args: argparse.Namespace) -> int:
    specs = check_seats(args.seats, 1, MAX_PLAYERS, make_player, SEATS_EXAMPLE)
    return run_series(args, "go_for_gold", specs, "map", tournament=True)


def cmd_bench(args: argparse.Namespace) -> int:
    bench(
        lambda n: Game.new([f"P{i}" for i in range(n)], map_name=args.map),
        args.players,
        args.games,
        args.seconds,
        args.seed,
    )
    return 0


def build_parser() -> argparse.ArgumentParser:
    p, sub = game_parser(
        "python -m go_for_gold",
        "Go for Gold (Benndorf/Arendt, 2021): records, replays, pictures and matches.",
    )
    maps = tuple(names())

    s = sub.add_parser("new", help="print a new game record", description="Print a new record.")
    s.add_argument("--players", type=int, choices=range(1, MAX_PLAYERS + 1), default=2)
    s.add_argument("--map", choices=maps, default="a", help="island a (first games) or b")
    s.add_argument("--seed", type=int, help="seed for the page's dice (default: random)")
    s.add_argument("--names", help="comma-separated player names, e.g. Ada,Bob")
    s.add_argument("--pretty", action="store_true", help="indent the JSON")
    s.set_defaults(func=cmd_new)

    s = sub.add_parser("replay", help="print the state summary a record reaches")
    s.add_argument("file", help="record file, or - for standard input")
    s.add_argument("--pretty", action="store_true", help="indent the JSON")
    s.set_defaults(func=cmd_replay)

    s = sub.add_parser("render", help="draw a player's island sheet as SVG")
    s.add_argument("file", help="record file, or - for standard input")
    s.add_argument("--player", type=int, default=0, metavar="K", help="whose sheet (default 0)")
    s.add_argument("--at", type=int, metavar="N", help="after the first N moves (default: all)")
    s.add_argument("-o", "--output", metavar="OUT.svg", help="write here, not to standard output")
    s.add_argument("--size", type=int, help="width in pixels (default: scalable)")
    s.set_defaults(func=cmd_render)

    s = sub.add_parser(
        "review",
        help="grade every decision of a record against the strongest level",
        description="Weigh every decision of a record with the hard level and print per "
        "player the accuracy, the expected points lost and the grades, then the costliest "
        "decisions (see docs/review.md). A progress bar goes to stderr when it is a terminal.",
    )
    s.add_argument("file", help="record file, or - for standard input")
    s.add_argument("--level", choices=("medium", "hard"), default="hard", help="the reviewer")
    s.add_argument("--json", action="store_true", help="every decision's values as JSON")
    s.add_argument("--pretty", action="store_true", help="indent the JSON")
    s.set_defaults(func=cmd_review)

    for name, func, text in (
        ("play", cmd_play, "play games between players and print the results"),
        ("tournament", cmd_tournament, "the same, with progress on stderr"),
    ):
        s = sub.add_parser(name, help=text, description=text.capitalize() + ".")
        add_series_arguments(s, SEATS_EXAMPLE, ("--map", maps, "a"))
        s.set_defaults(func=func)

    s = sub.add_parser("bench", help="random full games per second, one core")
    s.add_argument("--players", type=int, nargs="+", default=[1, 2, 4, 6])
    s.add_argument("--map", choices=maps, default="a")
    s.add_argument("--games", type=int, default=50, help="at least this many games each")
    s.add_argument("--seconds", type=float, default=2.0, help="and at least this long each")
    s.add_argument("--seed", type=int, default=0)
    s.set_defaults(func=cmd_bench)
    return p


def main(argv: list[str] | None = None) -> int:
    """Run a command; bad input of any kind is one ``error:`` line and exit status 2."""
    return run_command(build_parser().parse_args(argv))
