"""Where a Go for Gold solo player loses points, asked of the game itself: a rollout oracle.

    .venv/bin/python bench/league/gg_oracle.py --map b --games 40 --playouts 40 --share 0.3

Plays solo games of the candidate level (deals of their own: game ``--first`` on). At a random
``--share`` of its decisions with a real choice it plays each option to the game's end
``--playouts`` times, by the candidate itself: its three best walks by its own values and its
pick (every option at a temple, a spend or a jump). Every option meets the same dice: each
round's die and each search or temple roll are drawn from the deal, the round and the
playout's number. To tell a real gain from the luck of the playouts, the best option is
picked on one half of them and scored on the other (and the other way round). It prints, per
kind of decision, how much such a pick gains over the candidate's own, in points a decision
with its 95 % interval: the positive rows are where its values are wrong. An hour of CPU for
about 250 decisions; ``--out`` keeps every decision's playouts as JSON, written again after
every game, so that a long run can be read (or stopped) before it ends.

This is how the expert's solo endgames were found (docs/league.md, "Kept: solo endgames
solved exactly").
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
from collections import defaultdict
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "..", "py"))

import run  # noqa: E402
from gamekit.files import replace_file  # noqa: E402
from go_for_gold import endgame  # noqa: E402
from go_for_gold.ai import AIPlayer, make_ai  # noqa: E402
from go_for_gold.game import Game  # noqa: E402


def die(deal: str, game: Game) -> int:
    """The die of this round's walk, or of its search or temple, in ``deal``."""
    kind = "walk" if game.prompt == "roll" else "special"
    return random.Random(f"{deal}-{game.round}-{kind}").randint(1, 6)


def finish(game: Game, ai: AIPlayer, deal: str) -> int:
    """The final score of ``game`` played on by ``ai`` with the dice of ``deal``."""
    while not game.is_over():
        if game.current_player() < 0:
            game.push(f"die {die(deal, game)}")
        else:
            game.push(ai.decide(game.clone(), game.legal()))
    return game.score(0)


def options(game: Game, ai: AIPlayer, choice: str) -> list[str]:
    """The options weighed: at a walk the three best by ``ai``'s values and its pick."""
    legal = game.legal()
    if game.prompt != "move":
        return legal
    _, values = ai.option_values(game.clone(), legal, also=choice)
    best = sorted(values, key=lambda tok: -values[tok])[:3]
    return best + ([choice] if choice not in best else [])


def weigh(game: Game, ai: AIPlayer, choice: str, playouts: int, deal: str) -> dict[str, list[int]]:
    """Each option's final scores over ``playouts`` playouts, the same dice for every option."""
    out = {}
    for tok in options(game, ai, choice):
        scores = []
        for k in range(playouts):
            g = game.clone()
            g.push(tok)
            scores.append(finish(g, ai, f"{deal}-{k}-{len(game.moves)}"))
        out[tok] = scores
    return out


def gain(scores: dict[str, list[int]], choice: str) -> float:
    """What picking the best option on one half of the playouts gains over ``choice`` on the
    other half, both ways averaged: an unbiased estimate of an oracle's gain."""
    n = len(scores[choice])
    half = n // 2
    total = 0.0
    for pick_on, score_on in ((slice(0, half), slice(half, n)), (slice(half, n), slice(0, half))):
        pick = max(scores, key=lambda tok: sum(scores[tok][pick_on]))
        chosen = scores[choice][score_on]
        total += (sum(scores[pick][score_on]) - sum(chosen)) / len(chosen) / 2
    return total


def kind(game: Game, choice: str, alternatives: list[str]) -> str:
    """The row a decision is counted in."""
    if game.prompt != "move":
        return f"{game.prompt}: {choice.split()[0]}"
    if choice.startswith("foot"):
        return "move: a foot crossed off"
    if any(tok.startswith("foot") for tok in alternatives):
        return "move: a walk, a foot weighed"
    return "move: a walk"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--map", choices=("a", "b"), default="a")
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--first", type=int, default=900, help="the first deal's number")
    ap.add_argument("--playouts", type=int, default=40, help="per option (at least 2)")
    ap.add_argument("--share", type=float, default=0.3, help="of the decisions weighed")
    ap.add_argument("--level", default="expert")
    ap.add_argument("--out", help="a JSON file for every decision weighed")
    args = ap.parse_args(argv)
    if args.playouts < 2 or not 0 < args.share <= 1 or args.games < 1:
        print("--playouts must be 2 or more, --share in (0, 1], --games 1 or more", file=sys.stderr)
        return 2
    run.stop_clock()
    ai = make_ai(args.level, random.Random(0))
    sample = random.Random(args.first)
    rows: dict[str, list[float]] = defaultdict(list)
    kept: list[dict[str, Any]] = []
    for number in range(args.first, args.first + args.games):
        game = Game.new(["solo"], map_name=args.map)
        deal = f"deal{number}"
        while not game.is_over():
            if game.current_player() < 0:
                game.push(f"die {die(deal, game)}")
                continue
            legal = game.legal()
            choice = ai.decide(game.clone(), legal)
            real = len(legal) > 1 and legal[0] != "search"  # a search is always right
            if real and game.prompt != "start" and sample.random() < args.share:
                scores = weigh(game, ai, choice, args.playouts, deal)
                g = gain(scores, choice)
                rows["all"].append(g)
                rows[kind(game, choice, list(scores))].append(g)
                if endgame.pocket(game, 0, 20):
                    rows["in a pocket"].append(g)
                kept.append(
                    {
                        "deal": number,
                        "moves": list(game.moves),
                        "choice": choice,
                        "scores": scores,
                        "gain": g,
                    }
                )
            game.push(choice)
        print(f"deal {number}: {game.score(0)} points, {len(kept)} decisions weighed", flush=True)
        if args.out:
            replace_file(args.out, json.dumps(kept))  # whole or not at all
    print(f"\n{args.level} on island {args.map.upper()}, {args.playouts} playouts an option")
    print(f"{'decisions':32} {'n':>4}  an oracle's pick gains, points a decision")
    for row, gains in sorted(rows.items()):
        mean = sum(gains) / len(gains)
        sd = (
            math.sqrt(sum((x - mean) ** 2 for x in gains) / (len(gains) - 1))
            if len(gains) > 1
            else 0.0
        )
        print(f"{row:32} {len(gains):4}  {mean:+.3f} ± {1.96 * sd / math.sqrt(len(gains)):.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
