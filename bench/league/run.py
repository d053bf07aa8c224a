"""The league: every AI change is judged here, in every player count, against our levels,
frozen copies of earlier experts and opponents written apart from our AI.

    .venv/bin/python bench/league/run.py --game gold_connection --pool 4p --games 200 --seed 1
    .venv/bin/python bench/league/run.py --game go_for_gold --pool all --games 100
    .venv/bin/python bench/league/run.py --game gold_connection --pool 2p-expectimax \\
        --candidate expert --baseline file:bench/league/gc_expert_86cd85b.py

Each pool is a list of seats, the first being the candidate; the games are the engines' own
seat-rotated series (``gamekit.match``), so every entrant sits in every seat equally often and a
seed gives the same deals. Printed per pool: the candidate's win rate (ties split) with its 95 %
Wilson interval and its mean margin (its score minus the best other score; solo: its mean score)
with a 95 % interval. With ``--baseline`` the same pools and seeds are played with the baseline
in the candidate's seat and the differences (win and margin) are printed with their intervals,
paired game by game (the same deal in the same seat).

The engine AI's clock is stopped during the league (``--clock`` keeps it): its searches then end
on their work budget alone, as the frozen copies' do, so the same seed gives the same games on a
loaded and a quiet machine.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time
import types
from collections.abc import Iterator
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "py"))

from gamekit.match import one_game, series  # noqa: E402

CAND = "{candidate}"


def _bot(name: str) -> str:
    return "file:" + os.path.relpath(os.path.join(HERE, name))


GC_X, GC_R = _bot("gc_expectimax.py"), _bot("gc_rollout.py")
GC_F1, GC_F2 = _bot("gc_expert_27138b4.py"), _bot("gc_expert_86cd85b.py")
GG_P, GG_R = _bot("gg_planner.py"), _bot("gg_rollout.py")

POOLS: dict[str, dict[str, tuple[list[str], dict[str, Any]]]] = {
    "gold_connection": {
        "2p-expectimax": ([CAND, GC_X], {}),
        "2p-rollout": ([CAND, GC_R], {}),
        "2p-27138b4": ([CAND, GC_F1], {}),
        "2p-86cd85b": ([CAND, GC_F2], {}),
        "2p-hard": ([CAND, "hard"], {}),
        "3p-independent": ([CAND, GC_X, GC_R], {}),
        "3p-frozen": ([CAND, GC_F1, GC_F2], {}),
        "4p-expectimax": ([CAND, GC_X, GC_X, GC_X], {}),
        "4p-mixed": ([CAND, GC_X, GC_R, GC_F1], {}),
        "4p-levels": ([CAND, "hard", "medium", GC_F2], {}),
    },
    "go_for_gold": {
        "1p-a": ([CAND], {"map": "a"}),
        "1p-b": ([CAND], {"map": "b"}),
        "2p-planner": ([CAND, GG_P], {}),
        "2p-rollout": ([CAND, GG_R], {}),
        "2p-hard": ([CAND, "hard"], {}),
        "2p-medium": ([CAND, "medium"], {}),  # the levels' order: hard against medium
        "2p-planner-b": ([CAND, GG_P], {"map": "b"}),
        "3p": ([CAND, GG_P, GG_R], {}),
        "4p": ([CAND, GG_P, GG_R, "hard"], {}),
        "6p": ([CAND, GG_P, GG_P, GG_R, GG_R, "hard"], {}),
    },
}
DEFAULT_CANDIDATE = {"gold_connection": "expert", "go_for_gold": "expert"}


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95 % Wilson interval of a win rate (as ``gamekit.match.Standing.interval``)."""
    if not n:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_interval(xs: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95 % interval."""
    n = len(xs)
    m = sum(xs) / n
    if n < 2:
        return m, math.inf
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1))
    return m, 1.96 * sd / math.sqrt(n)


def stop_clock() -> None:
    """The engine AIs' deadlines never pass: their work budgets alone end a search."""
    import go_for_gold.ai
    import gold_connection.ai

    frozen = types.SimpleNamespace(perf_counter=lambda: 0.0, time=time.time)
    gold_connection.ai.time = frozen  # type: ignore[assignment]
    go_for_gold.ai.time = frozen  # type: ignore[assignment]


def play_pool(
    game: str, seats: list[str], options: dict[str, Any], games: int, seed: int
) -> dict[str, Any]:
    """The candidate's (seat list's first entrant's) results in one pool."""
    started = time.perf_counter()
    standings, results = series(game, seats, games, seed=seed, options=options)
    won, margins = [], []
    for r in results:
        seat = r.seats.index(0)
        mine = r.scores[seat]
        others = [s for i, s in enumerate(r.scores) if i != seat]
        margins.append(float(mine - max(others)) if others else float(mine))
        won.append(1 / len(r.winners) if seat in r.winners else 0.0)
    wins = sum(won)
    times = sorted(standings[0].times)
    return {
        "seats": seats,
        "games": games,
        "wins": wins,
        "win": wins / games,
        "interval": wilson(wins, games),
        "margin": mean_interval(margins),
        "won": won,  # per game, in the series' order: the candidate's share of the win
        "margins": margins,
        "solo": len(seats) == 1,
        "p95_ms": 1000 * times[min(len(times) - 1, math.ceil(0.95 * len(times)) - 1)]
        if times
        else 0.0,
        "seconds": time.perf_counter() - started,
    }


def records(
    game: str, pool: str, candidate: str, games: int, seed: int
) -> Iterator[tuple[dict[str, Any], int]]:
    """Each game of a pool as :func:`play_pool` deals it, ``candidate`` in the first seat: its
    record and the seat the candidate sat in (for the scans that read games back)."""
    seats, options = POOLS[game][pool]
    specs = [candidate if s == CAND else s for s in seats]
    for index in range(games):
        result = one_game(game, specs, index, seed, options, keep_record=True)
        assert result.record is not None
        yield result.record, result.seats.index(0)


def scan_options(
    argv: list[str] | None,
    description: str,
    game: str,
    pool: str,
    games: int,
    rivals: bool = False,
) -> argparse.Namespace | None:
    """The options of a scan that replays a pool's games (``--pool``, repeatable, defaulting to
    ``pool``; ``--games``, ``--seed``, ``--candidate``), checked: ``None`` after a one-line
    message when a pool is not ``game``'s (or, with ``rivals``, has one seat) or ``--games``
    is below 1. Stops the clock, as :func:`main` does, so the scan sees the league's games."""
    ap = argparse.ArgumentParser(description=description)
    what = "a Go for Gold pool of run.py with rivals" if rivals else f"a pool of run.py ({game})"
    ap.add_argument("--pool", action="append", help=f"{what}; repeatable")
    ap.add_argument("--games", type=int, default=games)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--candidate", default="expert")
    args = ap.parse_args(argv)
    pools = POOLS[game]
    args.pool = args.pool or [pool]
    bad = [p for p in args.pool if p not in pools or (rivals and len(pools[p][0]) < 2)]
    if bad:
        print(
            f"not a Go for Gold pool with rivals: {', '.join(bad)}"
            if rivals
            else f"unknown pool {', '.join(bad)}; see run.py --list",
            file=sys.stderr,
        )
        return None
    if args.games < 1:
        print(f"--games must be at least 1, not {args.games}", file=sys.stderr)
        return None
    stop_clock()
    return args


def line(name: str, r: dict[str, Any]) -> str:
    lo, hi = r["interval"]
    m, h = r["margin"]
    win = "    —" if r["solo"] else f"{100 * r['win']:5.1f} % ({100 * lo:4.1f}–{100 * hi:4.1f})"
    what = "score" if r["solo"] else "margin"
    return (
        f"{name:15} {r['games']:5} {win:>22}  {what} {m:+6.1f} ± {h:4.1f}"
        f"  p95 {r['p95_ms']:6.1f} ms  {r['seconds']:6.0f} s"
    )


def compare(a: dict[str, Any], b: dict[str, Any]) -> str:
    """Candidate minus baseline with a 95 % interval, paired game by game: both series play the
    same deals in the same seats (same seed and index), so where the two seats decide alike the
    games are the same and their difference is 0; the interval is that of the mean of the
    per-game differences, narrower than if the series were independent."""
    if a["solo"]:
        d, h = paired(a["margins"], b["margins"])
        return f"   score {d:+5.1f} ± {h:4.1f}  {verdict(d, h)}"
    dw, hw = paired(a["won"], b["won"])
    dm, hm = paired(a["margins"], b["margins"])
    return (
        f"   win {100 * dw:+5.1f} ± {100 * hw:4.1f} points  {verdict(dw, hw)}"
        f"   margin {dm:+5.1f} ± {hm:4.1f}  {verdict(dm, hm)}"
    )


def paired(xs: list[float], ys: list[float]) -> tuple[float, float]:
    """The mean of the game-by-game differences ``xs - ys`` and its 95 % half-width."""
    return mean_interval([x - y for x, y in zip(xs, ys, strict=True)])


def verdict(d: float, h: float) -> str:
    """``better`` or ``worse`` when the interval ``d ± h`` excludes 0, else ``same``."""
    return "worse" if d + h < 0 else "better" if d - h > 0 else "same"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", choices=sorted(POOLS), default="gold_connection")
    ap.add_argument(
        "--pool",
        action="append",
        help="a pool's name, a player count (2p, 3p, …) or all (the default); repeatable",
    )
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--candidate", help="the seat spec judged (default: the expert)")
    ap.add_argument("--baseline", help="a seat spec to compare the candidate with, same games")
    ap.add_argument("--clock", action="store_true", help="keep the engine AI's clock running")
    ap.add_argument("--list", action="store_true", help="list the pools and exit")
    args = ap.parse_args(argv)
    pools = POOLS[args.game]
    if args.list:
        for name, (seats, options) in pools.items():
            print(f"{name:15} {', '.join(seats)} {options or ''}")
        return 0
    wanted = args.pool or ["all"]
    chosen = [
        name for name in pools if "all" in wanted or name in wanted or name.split("-")[0] in wanted
    ]
    unknown = [
        w for w in wanted if w != "all" and not any(w in (n, n.split("-")[0]) for n in pools)
    ]
    if unknown or not chosen:
        print(f"unknown pool {', '.join(unknown)}; see --list", file=sys.stderr)
        return 2
    if not args.clock:
        stop_clock()
    candidate = args.candidate or DEFAULT_CANDIDATE[args.game]
    print(
        f"{args.game}: candidate {candidate}, {args.games} games per pool, seed {args.seed}"
        + (f", baseline {args.baseline}" if args.baseline else "")
    )
    print(f"{'pool':15} {'games':>5} {'win (95 % CI)':>22}  margin (mean ± 95 %)")
    for name in chosen:
        seats, options = pools[name]
        result = play_pool(
            args.game,
            [candidate if s == CAND else s for s in seats],
            options,
            args.games,
            args.seed,
        )
        print(line(name, result), flush=True)
        if args.baseline:
            base = play_pool(
                args.game,
                [args.baseline if s == CAND else s for s in seats],
                options,
                args.games,
                args.seed,
            )
            print(line("  baseline", base) + compare(result, base), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
