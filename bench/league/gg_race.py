"""What decides a Go for Gold game with rivals: who records the 6th entry (GG-6.1), how often that
player wins, and the race to it round by round, in the league's games.

    .venv/bin/python bench/league/gg_race.py --pool 2p-hard --games 200 --seed 3

Plays a pool as ``run.py`` does (the clock stopped, the same seeds give the same games) and
replays each game's record. It prints, for the candidate (the pool's first seat):

- how each game ended: the candidate recorded the 6th entry, a rival did, both in the same
  round, or nobody (everyone out or nothing left to score, GG-6.1), and the candidate's win
  rate in each;
- temples won and curses (GG-4.2), the candidate's and the best rival's, a game;
- the race: at the start of each round, the candidate's entries and score against the best
  rival's (the rival with the highest score), averaged over the games still going.
"""

from __future__ import annotations

import os
import sys
from collections import Counter
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "..", "py"))

import run  # noqa: E402
from go_for_gold.board import TEMPLE_POINTS  # noqa: E402
from go_for_gold.game import ENTRIES  # noqa: E402
from go_for_gold.record import start  # noqa: E402

ENDINGS = ("candidate", "rival", "both", "nobody")
LABELS = {
    "candidate": "the candidate records the 6th entry",
    "rival": "a rival records it",
    "both": "both in the same round",
    "nobody": "nobody (out, or nothing left)",
}


def race(record: dict[str, Any], seat: int) -> dict[str, Any]:
    """One game seen from ``seat``: how it ended (one of :data:`ENDINGS`), the candidate's share
    of the win, its and its best rival's temples and curses, and for each round the entries and
    scores at its start as ``(mine, best rival's entries, my score, best rival's score)``."""
    game = start(record)
    rounds: list[tuple[int, int, int, int]] = []
    seen_round = 0
    for token in record["moves"]:
        if game.round != seen_round and game.round > 0:
            seen_round = game.round
            rounds.append(_standing(game, seat))
        game.push(token)
    six = {s for s in range(game.n) if len(game.sheets[s].entries) >= ENTRIES}
    ending = (
        "nobody"
        if not six
        else "candidate"
        if six == {seat}
        else "rival"
        if seat not in six
        else "both"
    )
    winners = list(game.winners)
    rival = _best_rival(game, seat)
    return {
        "ending": ending,
        "won": 1 / len(winners) if seat in winners else 0.0,
        "temples": [game.sheets[s].entries.count(TEMPLE_POINTS) for s in (seat, rival)],
        "curses": [game.sheets[s].entries.count(-1) for s in (seat, rival)],
        "rounds": rounds,
    }


def _best_rival(game: Any, seat: int) -> int:
    others = [s for s in range(game.n) if s != seat]
    return max(others, key=lambda s: (game.score(s), -s))


def _standing(game: Any, seat: int) -> tuple[int, int, int, int]:
    rival = _best_rival(game, seat)
    mine, theirs = game.sheets[seat], game.sheets[rival]
    return len(mine.entries), len(theirs.entries), game.score(seat), game.score(rival)


def summary(games: list[dict[str, Any]]) -> list[str]:
    """The printed lines for a pool's games (as :func:`race` gives them)."""
    n = len(games)
    lines = []
    for ending in ENDINGS:
        mine = [g for g in games if g["ending"] == ending]
        if mine:
            won = sum(g["won"] for g in mine)
            lines.append(
                f"  {LABELS[ending]:36} {len(mine):4} games ({100 * len(mine) / n:4.1f} %), "
                f"the candidate wins {100 * won / len(mine):5.1f} %"
            )
    t = [sum(g["temples"][i] for g in games) / n for i in (0, 1)]
    c = [sum(g["curses"][i] for g in games) / n for i in (0, 1)]
    lines.append(
        f"  a game: temples {t[0]:.2f} against the best rival's {t[1]:.2f}, "
        f"curses {c[0]:.2f} against {c[1]:.2f}"
    )
    going: Counter[int] = Counter()
    sums: dict[int, list[int]] = {}
    for g in games:
        for r, standing in enumerate(g["rounds"], start=1):
            going[r] += 1
            acc = sums.setdefault(r, [0, 0, 0, 0])
            for i, v in enumerate(standing):
                acc[i] += v
    lines.append("  round  games  entries: candidate / best rival  score: candidate / best rival")
    for r in sorted(going):
        k = going[r]
        e1, e2, s1, s2 = (v / k for v in sums[r])
        lines.append(f"  {r:5}  {k:5}  {e1:19.2f} / {e2:4.2f}  {s1:17.1f} / {s2:4.1f}")
    return lines


def main(argv: list[str] | None = None) -> int:
    description = __doc__.split("\n\n")[0]
    args = run.scan_options(argv, description, "go_for_gold", "2p-hard", 100, rivals=True)
    if args is None:
        return 2
    for name in args.pool:
        played = run.records("go_for_gold", name, args.candidate, args.games, args.seed)
        games = [race(record, seat) for record, seat in played]
        won = sum(g["won"] for g in games)
        print(f"{name}: {args.candidate} wins {100 * won / len(games):.1f} % of {len(games)}")
        for line in summary(games):
            print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
