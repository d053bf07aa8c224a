"""Issue #25's flaw a, looked for in the league's games: a Gold Connection player that walks far
to fail on purpose, for the two chips a failure pays (GC-5.5).

    .venv/bin/python bench/league/gc_hopeless.py --pool 2p-hard --pool 2p-expectimax --games 30

Plays the pools as ``run.py`` does (the clock stopped, the same seeds give the same games) and
replays every game: at each ``end`` or plunder (``take``) of the candidate it counts a *hopeless*
one, whose target no roll plus the chips held can reach (GC-5.1, GC-5.2), with the steps walked
and whether the storage held bars the failure loses (GC-5.4). It prints one line per pool and
the first few hopeless decisions (game, move index, token, target, chips).
"""

from __future__ import annotations

import os
import sys
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "..", "py"))

import run  # noqa: E402
from gold_connection.odds import success  # noqa: E402
from gold_connection.record import start  # noqa: E402


def scan(record: dict[str, Any], seat: int) -> tuple[int, list[tuple[int, str, int, int, int]]]:
    """The candidate's (``seat``'s) ends and plunders in one game, and the hopeless ones as
    ``(move index, token, target, chips, bars in storage)``."""
    game = start(record)
    decisions, hopeless = 0, []
    for i, token in enumerate(record["moves"]):
        mover, chips = game.to_move, None
        if mover == seat and (token == "end" or token.startswith("take")):
            chips = game.chips[seat]
        game.push(token)
        if chips is None:
            continue
        decisions += 1
        turn = game.turn
        assert turn is not None and turn.target is not None
        if not success(turn.target, chips):  # no roll plus the chips reaches it
            hopeless.append((i, token, turn.target, chips, len(turn.storage)))
    return decisions, hopeless


def main(argv: list[str] | None = None) -> int:
    args = run.scan_options(argv, __doc__.split("\n\n")[0], "gold_connection", "2p-hard", 30)
    if args is None:
        return 2
    for name in args.pool:
        decisions, found = 0, []
        games = run.records("gold_connection", name, args.candidate, args.games, args.seed)
        for index, (record, seat) in enumerate(games):
            seen, hopeless = scan(record, seat)
            decisions += seen
            found += [(index, *h) for h in hopeless]
        print(
            f"{name:15} {args.games} games: {decisions} ends and plunders of {args.candidate}, "
            f"{len(found)} hopeless"
            + (f", {sum(1 for f in found if f[5])} with bars in storage" if found else ""),
            flush=True,
        )
        for game_index, move, token, target, chips, bars in found[:5]:
            print(
                f"  game {game_index} move {move}: {token} (target {target}, {chips} chips, "
                f"{bars} bars stored)"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
