"""Links and positions for explainer pages, from a game record (docs/hosting.md).

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

import json
import sys
from html import escape
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from gamekit.clitools import Parser, fail, read_bytes  # noqa: E402
from gamekit.safejson import InputError  # noqa: E402
from gold_connection import record, share  # noqa: E402
from shell.links import MODES, fragment, parse_params  # noqa: E402

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
            f"move {n} is not at the start of a turn; turns start nearby at moves "
            + (" and ".join(map(str, near)) or "none")
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


def main(argv: list[str] | None = None) -> int:
    parser = Parser(description=__doc__.splitlines()[0])
    parser.add_argument("file", help="record file, - for standard input, or a Share link")
    parser.add_argument("--position", type=int, metavar="N", help="print a record starting at N")
    parser.add_argument("--at", help="open at move N, or 'end'")
    parser.add_argument("--mode", choices=MODES, help="view (step through) or play (play on)")
    parser.add_argument("--players", help="play mode's seats, e.g. human,ai:medium")
    parser.add_argument("--lang", choices=("en", "de", "nl", "hu"))
    parser.add_argument("--autoplay", action="store_true", help="step through by itself")
    parser.add_argument("--id", help="a name echoed in the frame's height messages")
    parser.add_argument("--base", default="", help="the site's address, e.g. https://example.org/")
    parser.add_argument("--iframe", action="store_true", help="print an <iframe> snippet")
    args = parser.parse_args(argv)
    try:
        rec = read_record(args.file)
        if args.position is not None:
            print(json.dumps(position_record(rec, args.position), indent=1))
            return 0
    except InputError as e:  # RecordError and LinkError too: one line, exit 2
        return fail(e)
    base = args.base if not args.base or args.base.endswith("/") else args.base + "/"
    url = base + "embed.html#" + fragment(
        rec,
        at=args.at,
        mode=args.mode,
        players=args.players,
        lang=args.lang,
        autoplay=1 if args.autoplay else None,
        id=args.id,
    )
    if not args.iframe:
        print(url)
        return 0
    print(
        f'<iframe src="{escape(url)}" title="Gold Connection" loading="lazy"\n'
        '        style="width: 100%; height: 560px; border: 0"></iframe>'
    )
    origin = "/".join(base.split("/")[:3]) if base else "https://YOUR-SITE"
    print(FRAME_SCRIPT.format(origin=origin))
    return 0


if __name__ == "__main__":
    sys.exit(main())
