"""Thousands of random games with every invariant checked after every action."""

import os
import random
from collections import Counter

from gold_connection import CHANCE, Game, IllegalMoveError, record
from gold_connection.material import ALL_BARS, CHIPS, MAX_CHIPS, row_bars, row_ids
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

FULL = Counter(ALL_BARS)
ROW_CONTENT = {(row, k): row_bars(row, k) for row in row_ids(2) for k in range(7)}
FUZZ = [
    "take g6",
    "take b1 b1 b1 b1 b1 b1 b1",
    "rob g6:1",
    "end",
    "stop",
    "accept",
    "spend 1",
    "spend 5",
    "move 17",
    "move 1 n",
    "move 2",
    "place 1",
    "face n",
    "face w",
    "dice 1 1",
    "sort g1>g6",
    "sort",
]


def check_invariants(g: Game) -> None:
    bars = [b for field in g.fields.values() for b in field]
    for seat in range(g.n):
        for row, k in g.rows[seat].items():
            assert 0 <= k <= int(row[1])
            bars += ROW_CONTENT[row, k]  # rows always hold 1..k
        assert set(g.rows[seat]) == set(row_ids(g.n))  # no 4-rows with 4 players
    if g.turn:
        bars += g.turn.storage
    assert Counter(bars) == FULL, "84 bars conserved"
    assert g.supply + sum(g.chips) == CHIPS, "20 chips conserved"
    assert all(0 <= c <= MAX_CHIPS for c in g.chips)
    stones = [s for s in g.stone if s is not None]
    assert len(stones) == len(set(stones)), "stones on distinct fields"
    if g.turn:
        assert g.turn.steps <= 17


def play_checked(players: int, seed: int, *, fuzz: bool) -> Game:
    rng = random.Random(seed)
    g = Game.new(
        [f"P{i}" for i in range(players)], rng=rng, ending=rng.choice(["counter", "series"])
    )
    while not g.is_over():
        legal = g.legal()
        assert legal and len(set(legal)) == len(legal)
        if fuzz:
            for bad in rng.sample(FUZZ, 3):
                if bad not in legal:
                    before = g.summary()
                    try:
                        g.apply(bad)
                    except IllegalMoveError:
                        pass
                    else:
                        raise AssertionError(f"{bad!r} accepted, legal: {legal}")
                    assert g.summary() == before, "a rejected token changed nothing"
        if g.current_player() == CHANCE:
            token = f"dice {rng.randint(1, 6)} {rng.randint(1, 6)}"
        else:
            token = rng.choice(legal)
        g.apply(token)  # the checked path accepts every listed token
        check_invariants(g)
    assert g.winners
    return g


GAMES = int(os.environ.get("GC_CONFORMANCE_GAMES", "120"))
"""Random games per player count in the suite; a deeper probe sets more (e.g. 2000)."""


def test_random_games_keep_every_invariant():
    # 3 x GAMES games with invariants, 3 x 30 of them with fuzzed illegal tokens too
    for players in (2, 3, 4):
        for seed in range(GAMES):
            g = play_checked(players, seed, fuzz=seed < 30)
            if seed % 50 == 0:
                again = record.replay(g.record())  # record -> replay -> record
                assert again.record() == g.record() and again.summary() == g.summary()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32 - 1), cut=st.floats(0, 1))
def test_any_prefix_of_a_game_replays_to_the_same_state(players, seed, cut):
    g = play_checked(players, seed, fuzz=False)
    k = int(cut * len(g.moves))
    partial = record.replay(g.record(), upto=k)
    assert partial.moves == g.moves[:k]
    check_invariants(partial)
    rec = partial.record()
    assert record.replay(rec).summary() == partial.summary()
