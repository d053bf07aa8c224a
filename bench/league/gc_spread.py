"""How far a Gold Connection player's final score strays from what the expert's evaluation
says of it, by the turns still to play: the spread that the four-player expert's chance to win
assumes (``Params.win``, ``rival_spread``), measured in the league's games.

    .venv/bin/python bench/league/gc_spread.py --pool 4p-expectimax --games 25 --seed 41

Plays a pool as ``run.py`` does (the clock stopped, the same seeds give the same games) and
replays each game's record. At the start of every turn it values each seat as the expert's
rival model does (the crates' values, today's points and a share of what the rows may still
bring, plus the chips: ``Evaluator.rival_model``) and counts the turns each seat has left, the
mover's own included. At the end it compares those values with the final scores and prints:

- per seat, by its turns left: the mean and the standard deviation of final score minus value;
- per pair of the candidate and another seat, by the turns both have left together: the
  standard deviation of the margin's change (final margin minus the values' margin), beside the
  spread the expert assumes for it, ``win * rival_spread * sqrt(turns) + 1``;
- the correlation of two seats' changes, averaged over the pairs, by the turns left.

It found the expert's spread two to four times wider than the margins' (docs/league.md,
"Tried: the chance to win with the player's own luck integrated out").
"""

from __future__ import annotations

import math
import os
import statistics
import sys
from collections import defaultdict
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "..", "py"))

import run  # noqa: E402
from gold_connection.ai import LEVELS, Evaluator, turns_left  # noqa: E402
from gold_connection.record import start  # noqa: E402

Snapshot = tuple[list[int], list[float]]
"""At a turn's start: each seat's turns left (the mover's turn included) and value."""


def values(game: Any) -> list[float]:
    """Each seat's value as the expert's rival model sees the crates at a decision of the
    mover (``Evaluator.crate_values``), in seat order."""
    ev = Evaluator(game, game.to_move, LEVELS["expert"])
    out = [0.0] * game.n
    for seat, value in zip((game.to_move, *ev.others), ev.crate_values(game), strict=True):
        out[seat] = value
    return out


def snapshots(record: dict[str, Any]) -> tuple[list[Snapshot], list[int]]:
    """Every turn's start in one game (turns left and values of every seat) and the final
    scores, read from its record."""
    game = start(record)
    out: list[Snapshot] = []
    last = None
    for token in record["moves"]:
        if game.prompt == "move" and game.turn is not None and game.counter != last:
            last = game.counter
            left = [turns_left(game, s) for s in range(game.n)]
            left[game.to_move] += 1  # the turn about to be played
            out.append((left, values(game)))
        game.push(token)
    return out, [game.score(s) for s in range(game.n)]


def spreads(
    games: list[tuple[list[Snapshot], list[int], int]],
) -> tuple[dict[int, list[float]], dict[int, list[float]], dict[int, list[list[float]]]]:
    """From ``(snapshots, final scores, candidate's seat)`` per game: each seat's change (final
    minus value) by its turns left, the candidate's margin's change against each other seat by
    the turns both have left, and every seat's changes by the most turns any seat has left."""
    own: dict[int, list[float]] = defaultdict(list)
    margin: dict[int, list[float]] = defaultdict(list)
    together: dict[int, list[list[float]]] = defaultdict(list)
    for snaps, final, seat in games:
        for left, vals in snaps:
            change = [f - v for f, v in zip(final, vals, strict=True)]
            for s, c in enumerate(change):
                own[left[s]].append(c)
            for o, c in enumerate(change):
                if o != seat:
                    margin[left[seat] + left[o]].append(change[seat] - c)
            together[max(left)].append(change)
    return own, margin, together


def _sd(xs: list[float]) -> float:
    return statistics.stdev(xs) if len(xs) > 1 else 0.0


def summary(
    own: dict[int, list[float]],
    margin: dict[int, list[float]],
    together: dict[int, list[list[float]]],
) -> list[str]:
    """The three tables as lines."""
    p = LEVELS["expert"]
    lines = ["turns left  changes   mean     sd  (a seat: final score minus value)"]
    for t in sorted(own):
        xs = own[t]
        lines.append(f"{t:10} {len(xs):8} {statistics.fmean(xs):6.1f} {_sd(xs):6.1f}")
    lines.append("turns left  changes     sd  assumed  (the candidate's margin against a seat)")
    for t in sorted(margin):
        xs = margin[t]
        assumed = p.win * p.rival_spread * math.sqrt(t) + 1.0
        lines.append(f"{t:10} {len(xs):8} {_sd(xs):6.1f} {assumed:8.1f}")
    lines.append("most left   turns  correlation  (two seats' changes, the pairs' mean)")
    for t in sorted(together):
        rows = together[t]
        columns = [list(c) for c in zip(*rows, strict=True)] if len(rows) > 2 else []
        moving = [c for c in columns if _sd(c)]
        cors = [statistics.correlation(a, b) for i, a in enumerate(moving) for b in moving[i + 1 :]]
        mean = f"{statistics.fmean(cors):11.2f}" if cors else f"{'—':>11}"
        lines.append(f"{t:10} {len(rows):7} {mean}")
    return lines


def main(argv: list[str] | None = None) -> int:
    args = run.scan_options(argv, __doc__.split("\n\n")[0], "gold_connection", "4p-expectimax", 25)
    if args is None:
        return 2
    for name in args.pool:
        read = []
        for record, seat in run.records(
            "gold_connection", name, args.candidate, args.games, args.seed
        ):
            snaps, final = snapshots(record)
            read.append((snaps, final, seat))
        print(f"{name}: {args.candidate}, {args.games} games, seed {args.seed}")
        print("\n".join(summary(*spreads(read))), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
