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
loaded and a quiet machine. That makes a pool's games a function of the code and the seats, so
each played series is kept in ``.league-cache/`` under a fingerprint of every file that decides
it (the game's engine, ``gamekit``, this file and the league's files of that game, the seats' bot
files): a baseline or a seed played before on the same code is read back instead of played
again (``--no-cache`` plays everything).
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
import math
import os
import sys
import time
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "py"))

from gamekit.match import one_game, series  # noqa: E402

CAND = "{candidate}"
ROOT = Path(HERE).parent.parent
CACHE = ROOT / ".league-cache"
MAX_SEEDS = 100


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
    game: str,
    seats: list[str],
    options: dict[str, Any],
    games: int,
    seed: int,
    cache: Path | None = None,
) -> dict[str, Any]:
    """The candidate's (seat list's first entrant's) results in one pool; with ``cache`` (a
    folder) a series played before on the same code is read back instead (``cached`` true)."""
    path = None
    if cache is not None:
        path = cache / f"{series_key(game, seats, options, games, seed)}.json"
        kept = read_cached(path, games)
        if kept is not None:
            return summarize(seats, games, kept, cached=True)
    started = time.perf_counter()
    standings, results = series(game, seats, games, seed=seed, options=options)
    won, margins = [], []
    for r in results:
        seat = r.seats.index(0)
        mine = r.scores[seat]
        others = [s for i, s in enumerate(r.scores) if i != seat]
        margins.append(float(mine - max(others)) if others else float(mine))
        won.append(1 / len(r.winners) if seat in r.winners else 0.0)
    played = {
        "won": won,  # per game, in the series' order: the candidate's share of the win
        "margins": margins,
        "times": list(standings[0].times),
        "seconds": time.perf_counter() - started,
    }
    if path is not None:  # written whole or not at all: a stopped run leaves no half file
        path.parent.mkdir(parents=True, exist_ok=True)
        part = path.with_suffix(f".{os.getpid()}.part")
        part.write_text(json.dumps(played))
        part.replace(path)
    return summarize(seats, games, played)


def summarize(
    seats: list[str], games: int, played: dict[str, Any], cached: bool = False
) -> dict[str, Any]:
    """A pool's figures from its per-game results (one series or several seeds' in a row)."""
    won, margins = played["won"], played["margins"]
    wins = sum(won)
    times = sorted(played["times"])
    return {
        "seats": seats,
        "games": games,
        "wins": wins,
        "win": wins / games,
        "interval": wilson(wins, games),
        "margin": mean_interval(margins),
        "won": won,
        "margins": margins,
        "times": times,
        "solo": len(seats) == 1,
        "p95_ms": 1000 * times[min(len(times) - 1, math.ceil(0.95 * len(times)) - 1)]
        if times
        else 0.0,
        "seconds": played["seconds"],
        "cached": cached,
    }


def merge(parts: list[dict[str, Any]]) -> dict[str, Any]:
    """Several seeds' results of one pool as one series (the games in seed order)."""
    if len(parts) == 1:
        return parts[0]
    played = {key: [x for part in parts for x in part[key]] for key in ("won", "margins", "times")}
    played["seconds"] = sum(part["seconds"] for part in parts)
    out = summarize(parts[0]["seats"], sum(p["games"] for p in parts), played)
    out["cached"] = all(part["cached"] for part in parts)
    return out


def seat_modules(seats: list[str], league: Path = Path(HERE)) -> set[Path]:
    """Each ``file:`` seat's file and every module it imports, directly or through another,
    that lies beside it or in the league's folder: the league's files that decide its games.
    Scans and other tools nothing seated imports (``gc_spread.py``) are not among them. A file
    that cannot be read or parsed is there as it is (its text decides, its imports cannot)."""
    todo = [Path(s[5:]).resolve() for s in seats if s.startswith("file:")]
    found: set[Path] = set()
    while todo:
        f = todo.pop()
        if f in found:
            continue
        found.add(f)
        try:
            tree = ast.parse(f.read_bytes(), filename=str(f))
        except (OSError, SyntaxError, ValueError):
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                names = [node.module]
            else:
                continue
            for name in names:
                top = name.partition(".")[0] + ".py"
                todo += [(d / top).resolve() for d in (f.parent, league) if (d / top).is_file()]
    return found


def fingerprint(game: str, seats: list[str], league: Path = Path(HERE)) -> str:
    """A hash of every file that decides a pool's games: the game's engine and the shared
    ``gamekit`` (the engines import nothing else of ``py/``), this file, and each ``file:``
    seat's file wherever it lies with the modules it imports from beside it or from the
    league's folder (:func:`seat_modules`: a new scan, or a change to the other game's bots,
    replays nothing); the pages' code does not count."""
    code = [ROOT / "py" / "gamekit", ROOT / "py" / game]
    files = sorted({*(f for d in code for f in d.rglob("*.py")), league / "run.py"})
    files += sorted(seat_modules(seats, league))
    h = hashlib.sha256(sys.version.encode())
    for f in files:
        h.update(str(f.relative_to(ROOT) if f.is_relative_to(ROOT) else f).encode())
        h.update(f.read_bytes() if f.is_file() else b"(missing)")
    return h.hexdigest()


def series_key(game: str, seats: list[str], options: dict[str, Any], games: int, seed: int) -> str:
    """The name a played series is kept under: what was played and on which code."""
    what = [game, seats, options, games, seed, fingerprint(game, seats)]
    return hashlib.sha256(json.dumps(what, sort_keys=True).encode()).hexdigest()[:32]


def read_cached(path: Path, games: int) -> dict[str, Any] | None:
    """A kept series of ``games`` games, or ``None`` when there is none or it is unreadable
    (then it is played again and written anew; a one-line note names the file)."""
    try:
        kept = json.loads(path.read_text())
    except FileNotFoundError:
        return None
    except (OSError, ValueError):
        kept = None

    def numbers(key: str, length: int | None) -> bool:
        xs = kept.get(key) if isinstance(kept, dict) else None
        return (
            isinstance(xs, list)
            and (length is None or len(xs) == length)
            and all(isinstance(x, (int, float)) and math.isfinite(x) for x in xs)
        )

    if not (
        numbers("won", games)
        and numbers("margins", games)
        and numbers("times", None)
        and isinstance(kept.get("seconds"), (int, float))
    ):
        print(f"league cache: {path.name} is unreadable; playing its games again", file=sys.stderr)
        return None
    return dict(kept)


def games_ok(games: int) -> bool:
    """``--games`` of the league and its scans: at least 1, or a one-line message saying so."""
    if games < 1:
        print(f"--games must be at least 1, not {games}", file=sys.stderr)
    return games >= 1


def seeds_of(text: str) -> list[int]:
    """``--seed``: one seed (``3``), a range (``1-8``) or a list (``1,4,6``); ValueError naming
    what is wrong otherwise."""
    out: list[int] = []
    for part in text.split(","):
        lo, sep, hi = part.strip().partition("-")
        try:
            first, last = int(lo), int(hi) if sep else int(lo)
        except ValueError:
            raise ValueError(f"--seed takes N, A-B or A,B,…; not {text!r}") from None
        if first < 0 or last < first:
            raise ValueError(f"--seed: {part.strip()!r} must be A-B with 0 <= A <= B")
        out.extend(range(first, last + 1))
        if len(out) > MAX_SEEDS:
            raise ValueError(f"--seed: at most {MAX_SEEDS} seeds, not {text!r}")
    return out


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
    if not games_ok(args.games):
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
        + ("  (cached)" if r["cached"] else "")
    )


def per_seed(seeds: list[int], parts: list[dict[str, Any]]) -> str:
    """One pool's figure per seed, as a series of several seeds is read."""
    what = "score" if parts[0]["solo"] else "win %"
    figures = [f"{p['margin'][0]:.1f}" if p["solo"] else f"{100 * p['win']:.1f}" for p in parts]
    return f"{'':15} {what} per seed ({seeds[0]}…{seeds[-1]}): {', '.join(figures)}"


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
    ap.add_argument("--seed", default="1", help="a seed, a range (1-8) or a list (1,4,6)")
    ap.add_argument("--candidate", help="the seat spec judged (default: the expert)")
    ap.add_argument("--baseline", help="a seat spec to compare the candidate with, same games")
    ap.add_argument("--clock", action="store_true", help="keep the engine AI's clock running")
    ap.add_argument("--no-cache", action="store_true", help="play every series, keep none")
    ap.add_argument("--list", action="store_true", help="list the pools and exit")
    args = ap.parse_args(argv)
    try:
        seeds = seeds_of(args.seed)
    except ValueError as e:
        print(e, file=sys.stderr)
        return 2
    if not games_ok(args.games):
        return 2
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
    # with the clock running the games depend on the machine's speed: nothing is kept then
    cache = None if args.clock or args.no_cache else CACHE
    candidate = args.candidate or DEFAULT_CANDIDATE[args.game]
    print(
        f"{args.game}: candidate {candidate}, {args.games} games per pool and seed, "
        f"seed {args.seed}" + (f", baseline {args.baseline}" if args.baseline else "")
    )
    print(f"{'pool':15} {'games':>5} {'win (95 % CI)':>22}  margin (mean ± 95 %)")
    for name in chosen:
        seats, options = pools[name]
        results = []
        for spec in [candidate] + ([args.baseline] if args.baseline else []):
            specs = [spec if s == CAND else s for s in seats]
            parts = [play_pool(args.game, specs, options, args.games, s, cache) for s in seeds]
            results.append(merge(parts))
            first = len(results) == 1
            print(
                line(name if first else "  baseline", results[-1])
                + ("" if first else compare(results[0], results[1])),
                flush=True,
            )
            if len(seeds) > 1:
                print(per_seed(seeds, parts), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
