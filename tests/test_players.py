"""The baseline players: always legal; greedy beats random."""

import random

import pytest
from gold_connection import ai, levels
from gold_connection.baselines import GreedyPlayer, RandomPlayer, sorting_gain
from gold_connection.match import one_game
from gold_connection.players import check_player, make_player
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


SPECS = [
    "random", "greedy", "easy", "ai:easy", "medium", "hard", "expert", "ai:expert",
    "hard:bold", "ai:hard:cautious", "expert:risk=0.3", "expert:budget=300",
    "medium:bold:budget=50", "hard:risk=7", "easy:bold", "ai", "ai:", "", "expert:risk=",
    "expert:budget=x", "expert:wild", "godlike", "ai:godlike", "Expert", "hard:bold:",
]


@pytest.mark.parametrize("spec", SPECS)
def test_check_player_refuses_exactly_what_make_player_refuses(spec):
    """The page checks seats with check_player (no search imported); it must agree."""
    try:
        make_player(spec)
    except ValueError as e:
        with pytest.raises(ValueError) as checked:
            check_player(spec)
        assert str(checked.value) == str(e)
    else:
        check_player(spec)


def test_the_spec_reader_knows_the_searching_levels_and_their_options():
    assert levels.SEARCH_LEVELS == tuple(ai.LEVELS)
    player = make_player("ai:hard:bold:budget=300")
    assert player.params.risk == levels.RISKS["bold"] and player.params.budget_ms == 300
