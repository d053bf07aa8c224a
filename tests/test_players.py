"""The baseline players: always legal; greedy beats random."""

import random

from gold_connection.match import one_game
from gold_connection.players import GreedyPlayer, RandomPlayer, make_player, sorting_gain
from helpers import game_at


def test_sorting_gain_counts_what_the_rows_accept():
    rows = {"g6": 2, "g5": 0, "g4": 0}
    assert sorting_gain(rows, ["g1", "g3", "g3", "g4"]) == 1 + 3 + 4  # GC-6.3
    assert sorting_gain({"g6": 5, "g5": 0}, ["g6"]) == 6 + 10  # completes the 6-row


def test_greedy_plunders_what_fits():
    g = game_at(
        [{"stone": "1", "heading": "e"}, {"stone": "12", "heading": "w"}],
        fields={"2": ["g1", "r5"], "3": ["b6"]},
        rest="12",
    )
    p = GreedyPlayer(random.Random(0))
    assert p.decide(g, g.legal()) == "move 1"
    g.apply("move 1")
    assert p.decide(g, g.legal()) == "take g1"


def test_make_player_knows_the_baselines():
    assert isinstance(make_player("random"), RandomPlayer)
    assert isinstance(make_player("greedy"), GreedyPlayer)


def test_greedy_beats_random():
    for i in range(4):
        result = one_game(["greedy", "random"], i, seed=3)
        assert result.winners == [result.seats.index(0)]  # entrant 0, greedy, wins from either seat
