"""A whole Go for Gold table simulated in CPython: the engine's game of every seat and each
seat's device (``go_for_gold.table.TableSeat``) fed what its player does and hears. Used by
tests/test_gg_table.py and, as the plan its three browsers follow, by
tests/browser/test_gg_table.py."""

from __future__ import annotations

import random

from go_for_gold.game import CHANCE, Game
from go_for_gold.table import Table, TableSeat, own_die, table_die


def keen(game: Game, legal: list[str], rng: random.Random) -> str:
    """A move that goes for points: a path ending on a treasure or an open temple, then search,
    explore or spend (random games rarely reach a 6th entry)."""
    isl = game.island
    good = [
        t
        for t in legal
        if t in ("search", "explore")
        or t.startswith("spend")
        or (
            t.startswith("path")
            and (
                isl.treasure(t.split()[-1])
                or isl.temple(t.split()[-1])
                and t.split()[-1] not in game.temples_closed
            )
        )
    ]
    return rng.choice(good or legal)


def play_table(
    table: Table, rng: random.Random, keen_play: bool = False
) -> tuple[Game, dict[int, TableSeat]]:
    """The engine's game of the whole table with random (or keen) moves, and each seat's
    device, told every call the moment it happens (a temple closed, a 6th entry, a player
    out)."""
    truth = Game(
        [{"name": str(s + 1)} for s in range(table.players)],
        map_name=table.map_name,
        seed=table.seed,
        table=True,
    )
    truth.push(f"start {table.harbour(0)}")
    seats = {s: TableSeat(table, s) for s in range(table.players)}

    def tell(event: str, who: int | None = None) -> None:
        for s, dev in seats.items():
            if s != who and not dev.over and dev.can_tell(event) is None:
                dev.do(event)

    while not truth.over:
        if truth.current_player() == CHANCE:
            if truth.prompt == "roll":
                for dev in seats.values():
                    if not dev.over and truth.round > 1:  # round 1's die is rolled at once
                        assert dev.prompt == "next"
                        dev.do("next")
                roll = table_die(table.seed, truth.round)
            else:
                roll = own_die(table.seed, truth.to_move, truth.round)
            before = truth.clone()
            truth.push(f"die {roll}")
        else:
            seat = truth.to_move
            legal = truth.legal()
            tok = keen(truth, legal, rng) if keen_play else rng.choice(legal)
            before = truth.clone()
            truth.apply(tok)
            seats[seat].do(tok)
        for f in truth.temples_closed[len(before.temples_closed) :]:
            tell(f"told closed {truth.island.marks[f]}")
        for s in range(table.players):
            if len(truth.sheets[s].entries) >= 6 > len(before.sheets[s].entries):
                tell("told last", s)
            if truth.sheets[s].out and not before.sheets[s].out:
                tell(f"told out {s}", s)
    return truth, seats


def eventful(table: Table, tries: int = 400) -> tuple[Game, dict[int, TableSeat]]:
    """A keen game of ``table`` in which a temple is closed and told by tap, and someone's
    6th entry is told as the last round: the plan of a whole table game."""
    best: tuple[int, Game, dict[int, TableSeat]] | None = None
    for k in range(tries):
        truth, seats = play_table(table, random.Random(k), keen_play=True)
        events = [e for dev in seats.values() for e in dev.events]
        if any(e.startswith("told closed") for e in events) and "told last" in events:
            if best is None or len(events) < best[0]:
                best = (len(events), truth, seats)
            if len(events) < 90:
                break
    assert best is not None, "no eventful game found"
    return best[1], best[2]
