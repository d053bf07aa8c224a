"""Decision times of the AI levels in CPython and in Pyodide (the browser's Python), same positions.

Run from the repository root:

    python3 bench/ai_pyodide.py [--games 6] [--positions 200] [--levels hard,expert]
    python3 bench/ai_pyodide.py --game go_for_gold [--levels hard,expert] [--players 1]

It plays a few seeded games (expert against medium, 2 and 4 players; Go for Gold 1, 2 and 4, or
the counts ``--players`` names) to collect the positions
where an AI seat had a real choice (a move, a plunder, chips), then times every level's
``decide`` on those positions, in game order, first here and then inside Pyodide under Node
(``node_modules/pyodide``, installed by ``npm ci``).  It prints mean, 95th percentile and
worst time per level in both, the ratio, and how often the search stopped on the clock.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
BENCH = Path(__file__).resolve().parent

# Runs bench/<module>.py's measure_job(JOB) in the vendored Pyodide under Node (also used by
# bench/review_pyodide.py).
NODE_SCRIPT = """
import { loadPyodide } from "%(root)s/node_modules/pyodide/pyodide.mjs";
import { readFileSync } from "node:fs";
const py = await loadPyodide({ indexURL: "%(root)s/node_modules/pyodide/" });
py.FS.mkdirTree("/engine");
py.FS.mount(py.FS.filesystems.NODEFS, { root: "%(root)s/py" }, "/engine");
py.FS.mkdirTree("/bench");
py.FS.mount(py.FS.filesystems.NODEFS, { root: "%(bench)s" }, "/bench");
py.globals.set("JOB", readFileSync(process.argv[1], "utf8"));
const out = py.runPython(`
import sys
sys.path[:0] = ["/engine", "/bench"]
import %(module)s
%(module)s.measure_job(JOB)
`);
console.log(out);
"""


def collect_gfg(
    games: int, positions: int, seed: int, counts: tuple[int, ...] = (1, 2, 4)
) -> list[dict]:
    """Go for Gold: records cut at the expert's decisions with a real choice, the games'
    player counts taken in turn from ``counts``."""
    from go_for_gold.game import CHANCE, Game
    from go_for_gold.players import make_player

    found = []
    for i in range(games):
        n = counts[i % len(counts)]
        specs = ["expert"] + ["medium"] * (n - 1)
        rng = random.Random(seed * 1000 + i)
        game = Game.new([f"P{s}" for s in range(n)], map_name="ab"[i % 2], seed=rng.randrange(99))
        players = [make_player(s, random.Random(k)) for k, s in enumerate(specs)]
        dice = random.Random(rng.random())
        while not game.is_over():
            if game.current_player() == CHANCE:
                game.roll(dice)
                continue
            legal = game.legal()
            if game.to_move == 0 and len(legal) > 1:
                found.append({"game": i, "upto": len(game.moves), "record": game.record()})
            game.push(players[game.to_move].decide(game.clone(), list(legal)))
    step = max(1, len(found) // positions)
    picked = found[::step][:positions]
    for p in picked:
        p["record"] = {**p["record"], "moves": p["record"]["moves"][: p["upto"]]}
    return picked


def collect(games: int, positions: int, seed: int) -> list[dict]:
    """Records cut at AI decisions with a real choice, spread evenly over the games."""
    from gold_connection.game import CHANCE, Game
    from gold_connection.players import make_player

    found = []
    for i in range(games):
        n = 4 if i % 3 == 2 else 2
        specs = ["expert"] + ["medium"] * (n - 1)
        rng = random.Random(seed * 1000 + i)
        game = Game.new([f"P{s}" for s in range(n)], rng=random.Random(rng.random()))
        players = [make_player(s, random.Random(k)) for k, s in enumerate(specs)]
        dice = random.Random(rng.random())
        while not game.is_over():
            if game.current_player() == CHANCE:
                game.roll(dice)
                continue
            legal = game.legal()
            if game.prompt in ("move", "act", "chips") and len(legal) > 1:
                found.append({"game": i, "upto": len(game.moves), "record": game.record()})
            game.push(players[game.to_move].decide(game.clone(), list(legal)))
    step = max(1, len(found) // positions)
    picked = found[::step][:positions]
    for p in picked:  # the final record of each game serves all its positions
        p["record"] = {**p["record"], "moves": p["record"]["moves"][: p["upto"]]}
    return picked


def measure(
    positions: list[dict],
    levels: list[str],
    game_name: str = "gold_connection",
    timer: Any = time.perf_counter,
) -> dict:
    """Per level: each decision's milliseconds and whether the clock stopped the search."""
    if game_name == "go_for_gold":
        from go_for_gold import record
        from go_for_gold.players import make_player
    else:
        from gold_connection import record
        from gold_connection.players import make_player

    out = {}
    for level in levels:
        times, clock = [], 0
        players: dict = {}
        for p in positions:
            game = record.replay(p["record"])
            player = players.setdefault(p["game"], make_player(level, random.Random(0)))
            legal = game.legal()
            started = timer()
            token = player.decide(game.clone(), list(legal))
            times.append(1000 * (timer() - started))
            assert token in legal, (level, token)
            clock += getattr(player, "stats", {}).get("stopped") == "time"
        out[level] = {"ms": times, "clock": clock}
    return out


def measure_job(text: str) -> str:
    job = json.loads(text)
    return json.dumps(
        {
            "python": sys.version.split()[0],
            **measure(job["positions"], job["levels"], job.get("game", "gold_connection")),
        }
    )


def summary(ms: list[float]) -> tuple[float, float, float]:
    ordered = sorted(ms)
    p95 = ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]
    return sum(ordered) / len(ordered), p95, ordered[-1]


def main() -> int:
    import subprocess
    import tempfile

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=6, help="games to collect positions from")
    ap.add_argument("--positions", type=int, default=200, help="positions to time (about)")
    ap.add_argument("--levels", default="medium,hard,expert", help="comma-separated levels")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument(
        "--players",
        default="1,2,4",
        help="Go for Gold: the player counts of the games, in turn (1 for solo positions only)",
    )
    ap.add_argument("--game", choices=("gold_connection", "go_for_gold"), default="gold_connection")
    ap.add_argument(
        "--cpython",
        action="store_true",
        help="CPython only (no Node), in CPU time: for a machine busy with other work",
    )
    args = ap.parse_args()
    sys.path.insert(0, str(ROOT / "py"))
    levels = args.levels.split(",")

    if args.game == "go_for_gold":
        counts = tuple(int(n) for n in args.players.split(","))
        positions = collect_gfg(args.games, args.positions, args.seed, counts)
    else:
        positions = collect(args.games, args.positions, args.seed)
    print(f"{len(positions)} positions from {args.games} games (the expert, against medium if any)")
    cpython = measure(
        positions, levels, args.game, time.process_time if args.cpython else time.perf_counter
    )
    if args.cpython:
        for level in levels:
            mean, p95, worst = summary(cpython[level]["ms"])
            print(f"{level:<9} CPython CPU mean {mean:.1f} ms, p95 {p95:.1f}, max {worst:.1f}")
        return 0
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump({"positions": positions, "levels": levels, "game": args.game}, f)
    script = NODE_SCRIPT % {
        "root": ROOT.as_posix(),
        "bench": BENCH.as_posix(),
        "module": "ai_pyodide",
    }
    run = subprocess.run(
        ["node", "--input-type=module", "-e", script, f.name],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    Path(f.name).unlink()
    if run.returncode:
        print("error: Pyodide under Node failed (is node_modules/pyodide installed?)")
        print(run.stderr[-2000:], file=sys.stderr)
        return 1
    pyodide = json.loads(run.stdout.strip().splitlines()[-1])
    print(f"CPython {sys.version.split()[0]} against Pyodide (Python {pyodide['python']}):")
    head = ("level", "CPython mean", "p95", "max", "Pyodide mean", "p95", "max", "ratio", "clock")
    print("{:<9}{:>13}{:>8}{:>8}{:>14}{:>8}{:>8}{:>7}{:>7}".format(*head))
    for level in levels:
        c, w = summary(cpython[level]["ms"]), summary(pyodide[level]["ms"])
        print(
            f"{level:<9}{c[0]:>13.1f}{c[1]:>8.1f}{c[2]:>8.1f}{w[0]:>14.1f}{w[1]:>8.1f}{w[2]:>8.1f}"
            f"{w[0] / c[0]:>7.2f}{pyodide[level]['clock']:>7}"
        )
    print("milliseconds per decision; ratio: Pyodide mean / CPython mean; clock: decisions whose")
    print("search the time budget cut short in Pyodide (the work budget stops it in CPython)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
