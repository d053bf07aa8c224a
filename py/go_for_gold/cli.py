"""The command line: ``go-for-gold new|replay|render|play|tournament|bench`` (or
``python -m go_for_gold``); every command and option is described in docs/cli.md. Every
argument is checked: a bad one is one ``error:`` line naming it, exit status 2.
"""

from __future__ import annotations

import argparse
import json
import random

from gamekit.clitools import (
    MAX_SEED,
    add_series_arguments,
    check_seats,
    command_name,
    fail,
    game_parser,
    names,
    number,
    read_game,
    run_command,
    run_series,
    whole,
    write_output,
)
from gamekit.match import bench
from gamekit.records import MAX_MOVES, MAX_NAME

from . import board, record
from .game import MAX_PLAYERS, Game
from .levels import SEATS
from .players import make_player

SEATS_EXAMPLE = "hard,medium or greedy,random"


def _read(path: str, upto: int | None = None) -> Game:
    """Replay a record file (``-`` for stdin), read within the record limits (InputError)."""
    game: Game = read_game(path, record.replay, record.MAX_RECORD, upto)
    return game


def cmd_new(args: argparse.Namespace) -> int:
    players = names(args.players, args.names, MAX_NAME)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    game = Game.new(players, map_name=args.map, seed=seed)
    print(json.dumps(game.record(), indent=1 if args.pretty else None))
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    print(json.dumps(_read(args.file).summary(), indent=1 if args.pretty else None))
    return 0


def cmd_render(args: argparse.Namespace) -> int:
    game = _read(args.file, upto=args.at)
    if not 0 <= args.player < game.n:
        return fail(
            f"argument --player: must be a seat from 0 to {game.n - 1} "
            f"(the record has {game.n} players), not {args.player}"
        )
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
    specs = check_seats(args.seats, 1, MAX_PLAYERS, SEATS, make_player)
    return run_series(args, "go_for_gold", specs, "map", tournament=False)


def cmd_tournament(args: argparse.Namespace) -> int:
    specs = check_seats(args.seats, 1, MAX_PLAYERS, SEATS, make_player)
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


def build_parser(prog: str = "python -m go_for_gold") -> argparse.ArgumentParser:
    p, sub = game_parser(
        prog,
        "Go for Gold (Benndorf/Arendt, 2021): records, replays, pictures and matches.",
    )
    maps = tuple(board.names())

    s = sub.add_parser("new", help="print a new game record", description="Print a new record.")
    s.add_argument(
        "--players",
        type=whole(1, MAX_PLAYERS),
        default=2,
        help=f"number of players (1-{MAX_PLAYERS})",
    )
    s.add_argument("--map", choices=maps, default="a", help="island a (first games) or b")
    s.add_argument(
        "--seed", type=whole(0, MAX_SEED), help="seed for the page's dice (default: random)"
    )
    s.add_argument(
        "--names",
        help=f"comma-separated player names, e.g. Ada,Bob (1 to {MAX_NAME} characters each)",
    )
    s.add_argument("--pretty", action="store_true", help="indent the JSON")
    s.set_defaults(func=cmd_new)

    s = sub.add_parser("replay", help="print the state summary a record reaches")
    s.add_argument("file", help="record file, or - for standard input")
    s.add_argument("--pretty", action="store_true", help="indent the JSON")
    s.set_defaults(func=cmd_replay)

    s = sub.add_parser("render", help="draw a player's island sheet as SVG")
    s.add_argument("file", help="record file, or - for standard input")
    s.add_argument(
        "--player",
        type=whole(0, MAX_PLAYERS - 1),
        default=0,
        metavar="K",
        help="whose sheet, 0 for the first player (default 0)",
    )
    s.add_argument(
        "--at", type=whole(0, MAX_MOVES), metavar="N", help="after the first N moves (default: all)"
    )
    s.add_argument("-o", "--output", metavar="OUT.svg", help="write here, not to standard output")
    s.add_argument(
        "--size", type=whole(16, 10_000), help="width in pixels, 16 to 10000 (default: scalable)"
    )
    s.set_defaults(func=cmd_render)

    s = sub.add_parser(
        "review",
        help="grade every decision of a record against the strongest level",
        description="Weigh every decision of a record with the expert level and print per "
        "player the accuracy, the expected points lost and the grades, then the costliest "
        "decisions (see docs/review.md). A progress bar goes to stderr when it is a terminal.",
    )
    s.add_argument("file", help="record file, or - for standard input")
    s.add_argument(
        "--level", choices=("medium", "hard", "expert"), default="expert", help="the reviewer"
    )
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
    s.add_argument(
        "--players",
        type=whole(1, MAX_PLAYERS),
        nargs="+",
        default=[1, 2, 4, 6],
        help="player counts to time (default 1 2 4 6)",
    )
    s.add_argument("--map", choices=maps, default="a")
    s.add_argument(
        "--games",
        type=whole(1, 1_000_000),
        default=50,
        help="at least this many games each (default 50)",
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
    prog = command_name("go_for_gold") if argv is None else "python -m go_for_gold"
    return run_command(build_parser(prog), argv)
