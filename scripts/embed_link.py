"""Links and positions for explainer pages, from a game record (docs/cli.md, docs/hosting.md).

    python3 scripts/embed_link.py GAME.json [--at N] [--mode view|play] [--players human,ai:medium]
                                  [--lang de] [--autoplay] [--id NAME] [--base URL] [--iframe]
    python3 scripts/embed_link.py GAME.json --position N     # a record that starts at move N

The first form prints the address of embed.html showing the record (the game travels in the
fragment, checked first), or with ``--iframe`` a snippet to paste into a page. The second
prints a new record whose ``position`` is the state after the first N moves, which must be the
start of a turn; its moves are the ones after N. GAME is a record file, ``-`` for standard
input, or a link made by the site's Share button (``https://…/embed.html#g=…``).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from html import escape
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from gamekit.clitools import Parser, read_bytes, run_command, whole  # noqa: E402
from gamekit.records import MAX_MOVES  # noqa: E402
from gamekit.safejson import InputError, clip  # noqa: E402
from gold_connection import record, share  # noqa: E402
from gold_connection.levels import SEATS  # noqa: E402
from shell.links import ID_MAX, MODES, fragment, parse_params  # noqa: E402

LANGUAGES = ("en", "de", "nl", "hu")
BASE = re.compile(r"https?://[^/\s?#\"'<>]+(/[^\s?#\"'<>]*)?|/[^\s?#\"'<>]*|")
"""``--base``: a site's address (``https://example.org/games/``), a path on it, or nothing."""
LINK_OPTIONS = ("at", "mode", "players", "lang", "autoplay", "id", "base", "iframe")

FRAME_SCRIPT = """<script>
  addEventListener("message", (event) => {{
    if (event.origin !== "{origin}" || event.data?.type !== "gold-connection:height") return;
    for (const frame of document.querySelectorAll("iframe")) {{
      if (frame.contentWindow === event.source) frame.style.height = event.data.height + "px";
    }}
  }});
</script>"""


def read_record(source: str) -> dict:
    """The record in a file, on standard input (``-``) or in a Share link (RecordError)."""
    if "#" in source and not Path(source).exists():
        p = parse_params("", source.split("#", 1)[1], [])
        if p.payload is None:
            raise record.RecordError("the link carries no g=…")
        rec = share.decode(p.payload)
    else:
        rec = record.parse(read_bytes(source, record.MAX_RECORD * 4))
    record.replay(rec)
    return rec


def position_record(rec: dict, n: int) -> dict:
    """``rec`` starting from the state after its first ``n`` moves (a turn's start)."""
    moves = rec.get("moves", [])
    try:
        position = record.replay(rec, upto=n).position()
    except ValueError:
        starts = turn_starts(rec)
        near = [i for i in starts if i < n][-1:] + [i for i in starts if i > n][:1]
        raise record.RecordError(
            f"argument --position: move {n} is not at the start of a turn; "
            "turns start nearby at moves " + (" and ".join(map(str, near)) or "none")
        ) from None
    out = {k: v for k, v in rec.items() if k not in ("setup", "position", "moves")}
    out["position"] = position
    out["moves"] = moves[n:]
    record.replay(out)  # the new record replays, or this is a bug worth hearing about
    return out


def turn_starts(rec: dict) -> list[int]:
    """The move numbers at which a turn starts (where a position can be cut)."""
    game = record.replay(rec, upto=0)
    starts = []
    for i, token in enumerate([*rec.get("moves", []), None]):
        if game.prompt == "move" and game.turn is not None and not game.turn.moved:
            starts.append(i)
        if token is not None:
            game.apply(token)
    return starts


def check_link(args: argparse.Namespace, rec: dict) -> None:
    """InputError naming the first argument that the embed page would refuse for ``rec``."""
    moves = len(rec.get("moves", []))
    if args.at not in (None, "end") and not (
        args.at.isascii() and args.at.isdigit() and int(args.at[:7]) <= moves
    ):
        raise InputError(
            f"argument --at: must be 'end' or a move number from 0 to {moves} "
            f"(the record has {moves} moves), not {clip(args.at)}"
        )
    if args.players is not None:
        seats = [s.strip() for s in args.players.split(",")]
        levels = (*SEATS.baselines, *SEATS.levels)
        for seat in seats:
            level = seat[3:] if seat.startswith("ai:") else ""
            if seat not in ("human", "ai") and level.partition(":")[0] not in levels:
                raise InputError(
                    f"argument --players: unknown seat {clip(seat)}; use human, ai or ai:LEVEL "
                    f"(LEVEL: {', '.join(levels)})"
                )
            try:
                SEATS.parse(level or "easy")
            except ValueError as e:
                raise InputError(f"argument --players: {e}") from None
        players = len(rec.get("players", []))
        if len(seats) != players:
            raise InputError(
                f"argument --players: {clip(args.players)} names {len(seats)} "
                f"seat{'' if len(seats) == 1 else 's'}; "
                f"the record has {players} players"
            )
    if args.id is not None and not (len(args.id) <= ID_MAX and args.id.isprintable()):
        raise InputError(
            f"argument --id: must be at most {ID_MAX} printable characters, not {clip(args.id)}"
        )
    if not BASE.fullmatch(args.base):
        raise InputError(
            f"argument --base: must be a site's address such as https://example.org/ or a "
            f"path such as /games/ (no spaces, quotes, ? or #), not {clip(args.base, 80)}"
        )


def run(args: argparse.Namespace) -> int:
    rec = read_record(args.file)
    if args.position is not None:
        given = [f"--{k}" for k in LINK_OPTIONS if getattr(args, k) not in (None, False, "")]
        if given:
            raise InputError(
                f"argument --position: prints a record, so {', '.join(given)} cannot apply"
            )
        moves = len(rec.get("moves", []))
        if args.position > moves:
            raise InputError(
                f"argument --position: must be a move number from 0 to {moves} "
                f"(the record has {moves} moves), not {args.position}"
            )
        print(json.dumps(position_record(rec, args.position), indent=1))
        return 0
    check_link(args, rec)
    base = args.base if not args.base or args.base.endswith("/") else args.base + "/"
    url = (
        base
        + "embed.html#"
        + fragment(
            rec,
            at=args.at,
            mode=args.mode,
            players=args.players,
            lang=args.lang,
            autoplay=1 if args.autoplay else None,
            id=args.id,
        )
    )
    if not args.iframe:
        print(url)
        return 0
    print(
        f'<iframe src="{escape(url)}" title="Gold Connection" loading="lazy"\n'
        '        style="width: 100%; height: 560px; border: 0"></iframe>'
    )
    origin = "/".join(base.split("/")[:3]) if base.startswith("http") else "https://YOUR-SITE"
    print(FRAME_SCRIPT.format(origin=origin))
    return 0


def main(argv: list[str] | None = None) -> int:
    """Bad input of any kind (a record, a link, an argument) is one ``error:`` line and exit
    status 2; Ctrl-C one line and 130."""
    parser = Parser(prog="embed_link.py", description=__doc__.splitlines()[0])
    parser.add_argument("file", help="record file, - for standard input, or a Share link")
    parser.add_argument(
        "--position",
        type=whole(0, MAX_MOVES),
        metavar="N",
        help="print a record starting at move N (the start of a turn)",
    )
    parser.add_argument("--at", metavar="N|end", help="open at move N, or 'end'")
    parser.add_argument("--mode", choices=MODES, help="view (step through) or play (play on)")
    parser.add_argument(
        "--players", help="play mode's seats, one per player: human, ai or ai:LEVEL"
    )
    parser.add_argument("--lang", choices=LANGUAGES)
    parser.add_argument("--autoplay", action="store_true", help="step through by itself")
    parser.add_argument(
        "--id", help=f"a name echoed in the frame's height messages (at most {ID_MAX} characters)"
    )
    parser.add_argument("--base", default="", help="the site's address, e.g. https://example.org/")
    parser.add_argument("--iframe", action="store_true", help="print an <iframe> snippet")
    parser.set_defaults(func=run)
    return run_command(parser, argv)


if __name__ == "__main__":
    sys.exit(main())
