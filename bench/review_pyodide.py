"""The review of a whole game in CPython and in Pyodide (the browser's Python), same record.

Run from the repository root:

    python3 bench/review_pyodide.py [--seed 1] [RECORD.json]

It plays one seeded two-player game, expert against medium (36 turns; or reviews the record
given), and times its review the way the page asks for it: ``AiService.review`` step by step
(0.25 s steps, as ``py/ai_worker.py`` takes them), first here and then inside Pyodide under
Node (``node_modules/pyodide``, installed by ``npm ci``). Issue #13's target in Pyodide: 20 s.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from ai_pyodide import NODE_SCRIPT  # noqa: E402  (bench/ is on the path when run)

ROOT = Path(__file__).resolve().parent.parent
BENCH = Path(__file__).resolve().parent
STEP_S = 0.25



def measure(rec: dict) -> dict:
    """Seconds for the whole review in steps, the steps taken and the decisions found."""
    from pages.gold_connection.ai_service import AiService
    from pages.gold_connection.review import ReviewRun

    brain, run, steps = AiService(), ReviewRun(rec), 0
    started = time.perf_counter()
    while not run.finished:
        run.take(brain.review(run.request(), STEP_S))
        steps += 1
    return {
        "s": time.perf_counter() - started,
        "steps": steps,
        "decisions": len(run.decisions),
        "python": sys.version.split()[0],
    }


def measure_job(text: str) -> str:
    return json.dumps(measure(json.loads(text)))


def main() -> int:
    import subprocess
    import tempfile

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("record", nargs="?", help="a record file (default: play a game)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    sys.path.insert(0, str(ROOT / "py"))
    if args.record:
        rec = json.loads(Path(args.record).read_text())
    else:
        from gamekit.match import one_game

        rec = one_game(
            "gold_connection", ["expert", "medium"], 0, args.seed, keep_record=True
        ).record
    print(f"{len(rec['moves'])} moves, {len(rec['players'])} players")
    here = measure(rec)
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(rec, f)
    script = NODE_SCRIPT % {
        "root": ROOT.as_posix(),
        "bench": BENCH.as_posix(),
        "module": "review_pyodide",
    }
    run = subprocess.run(
        ["node", "--input-type=module", "-e", script, f.name], capture_output=True, text=True
    )
    Path(f.name).unlink()
    if run.returncode:
        print("error: Pyodide under Node failed (is node_modules/pyodide installed?)")
        print(run.stderr[-2000:], file=sys.stderr)
        return 1
    there = json.loads(run.stdout.strip().splitlines()[-1])
    for name, m in (
        ("CPython " + here["python"], here),
        ("Pyodide (Python " + there["python"] + ")", there),
    ):
        print(f"{name:<28}{m['s']:>7.2f} s  {m['decisions']} decisions in {m['steps']} steps")
    print(f"ratio {there['s'] / here['s']:.1f}; target in Pyodide: 20 s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
