"""Where a Gold Connection player's points come from and where they go, in the league's games:
what it sorts into its rows in its own turns, what robbers take from it, what it takes from
them, what its failures cost.

    .venv/bin/python bench/league/gc_points.py --pool 4p-expectimax --games 40 --seed 1

Plays a pool as ``run.py`` does (the clock stopped, the same seeds give the same games) and
replays each game's record. It prints, per game, the candidate's figures beside those of the
average other seat:

- **gained**: points its rows gained in its own turns (GC-6.2), robbed bars included;
- **robbed**: points its rows lost to other players' robberies (GC-4.5); gained minus robbed
  is its final score;
- **robberies**: robberies it tried and won, and the points they took;
- **plunders**: plunders it tried and the bars it named; **failures**: failed rolls (GC-5.4),
  as a plunder, a robbery or an end, and the bars they cost;
- chips spent (GC-5.2) and held at the end, rows completed, the final score and the wins.

It found that against three X the expert sorts the most points of the table and loses the
most to robbers (docs/league.md, "Four players: where the points go").
"""

from __future__ import annotations

import os
import sys
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "..", "py"))

import run  # noqa: E402
from gold_connection.record import start  # noqa: E402

FIGURES = (
    ("gained", "points sorted in its own turns"),
    ("robbed", "points lost to robbers"),
    ("rob_tries", "robberies tried"),
    ("rob_wins", "robberies won"),
    ("rob_points", "points robbed from others"),
    ("takes", "plunders tried"),
    ("take_bars", "bars named in them"),
    ("fails", "failed rolls"),
    ("fail_take", "  of a plunder"),
    ("fail_rob", "  of a robbery"),
    ("fail_end", "  of an end"),
    ("fail_bars", "bars lost in failures"),
    ("spent", "chips spent"),
    ("chips", "chips at the end"),
    ("rows", "rows completed"),
    ("score", "final score"),
    ("won", "wins"),
)


def points(record: dict[str, Any]) -> list[dict[str, float]]:
    """Every seat's figures (the keys of :data:`FIGURES`) in one game, read from its record."""
    game = start(record)
    seats = [dict.fromkeys((key for key, _ in FIGURES), 0.0) for _ in range(game.n)]
    for token in record["moves"]:
        mover, kind = game.to_move, token.split(" ", 1)[0]
        me = seats[mover]
        turn = game.turn
        action = turn.action if turn is not None else None
        stored = len(turn.storage) if turn is not None else 0
        before = [game.score(s) for s in range(game.n)]
        game.push(token)
        if kind == "accept":  # a roll below the target, no chips spent: the turn fails
            me["fails"] += 1
            me["fail_bars"] += stored
            me["fail_" + (action[0] if action else "end")] += 1  # take, rob or end (GC-4.3)
        elif kind == "spend":
            me["spent"] += int(token.split()[1])
        elif kind == "rob":
            me["rob_tries"] += 1
        elif kind == "take":
            me["takes"] += 1
            me["take_bars"] += len(token.split()) - 1
        for s in range(game.n):
            change = game.score(s) - before[s]
            if s == mover:
                me["gained"] += change
            elif change < 0:  # only a robbery lowers a crate (GC-4.5, GC-6.2)
                seats[s]["robbed"] -= change
                me["rob_points"] -= change
                me["rob_wins"] += 1
    for s, figures in enumerate(seats):
        figures["chips"] = game.chips[s]
        figures["rows"] = sum(1 for row, k in game.rows[s].items() if k == int(row[1]))
        figures["score"] = game.score(s)
        figures["won"] = 1 / len(game.winners) if s in game.winners else 0.0
    return seats


def summary(games: list[tuple[list[dict[str, float]], int]]) -> list[str]:
    """The figures averaged per game: the candidate's and the average other seat's."""
    mine = {key: 0.0 for key, _ in FIGURES}
    others = {key: 0.0 for key, _ in FIGURES}
    for seats, seat in games:
        for key, _ in FIGURES:
            mine[key] += seats[seat][key]
            rest = [f[key] for s, f in enumerate(seats) if s != seat]
            others[key] += sum(rest) / len(rest)
    count = len(games)
    lines = [f"{'a game':32} {'candidate':>10} {'others':>10}"]
    for key, label in FIGURES:
        lines.append(f"{label:32} {mine[key] / count:10.2f} {others[key] / count:10.2f}")
    return lines


def main(argv: list[str] | None = None) -> int:
    args = run.scan_options(argv, __doc__.split("\n\n")[0], "gold_connection", "4p-expectimax", 40)
    if args is None:
        return 2
    for name in args.pool:
        games = run.records("gold_connection", name, args.candidate, args.games, args.seed)
        read = [(points(record), seat) for record, seat in games]
        print(f"{name}: {args.candidate}, {args.games} games, seed {args.seed}")
        print("\n".join(summary(read)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
