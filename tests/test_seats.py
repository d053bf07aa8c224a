"""Seat specs: one grammar (gamekit.seats) for both games, each refusal one line that names the
spec, the part that is wrong and what is allowed."""

from __future__ import annotations

import random

import pytest
from gamekit.seats import Seat
from go_for_gold import ai as gg_ai
from go_for_gold import levels as gg_levels
from go_for_gold.players import make_player as gg_make_player
from gold_connection import ai as gc_ai
from gold_connection import levels as gc_levels
from gold_connection.players import check_player, make_player
from hypothesis import given
from hypothesis import strategies as st

GAMES = [
    pytest.param(gc_levels.SEATS, id="gold_connection"),
    pytest.param(gg_levels.SEATS, id="go_for_gold"),
]


@pytest.mark.parametrize("seats", GAMES)
@pytest.mark.parametrize(
    ("spec", "seat"),
    [
        ("random", Seat("baseline", "random")),
        ("greedy", Seat("baseline", "greedy")),
        ("easy", Seat("ai", "easy")),
        ("ai:easy", Seat("ai", "easy")),
        ("hard:risk=-1", Seat("ai", "hard", (("risk", -1.0),))),
        ("ai:hard:risk=.25:budget=60000", Seat("ai", "hard", (("risk", 0.25), ("budget", 6e4)))),
        ("file:bots/x.py", Seat("file", "bots/x.py")),
    ],
)
def test_what_both_games_read_alike(seats, spec, seat):
    assert seats.parse(spec) == seat


@pytest.mark.parametrize("seats", GAMES)
@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("nonsense", "unknown player 'nonsense'; choose from random, greedy, easy, medium, hard"),
        ("", "an empty player; choose from random, greedy, easy"),
        ("Hard", "unknown player 'Hard'"),
        (
            "ai:godlike",
            "unknown AI level 'godlike' in 'ai:godlike'; choose from easy, medium, hard",
        ),
        ("ai", "unknown AI level '' in 'ai'"),
        ("easy:bold", "option 'bold' in 'easy:bold': easy takes no options"),
        ("random:bold", "option 'bold' in 'random:bold': random takes no options"),
        ("greedy:", "option '' in 'greedy:': greedy takes no options"),
        (
            "hard:bold:cautious",
            "option 'cautious' in 'hard:bold:cautious': the risk is given twice",
        ),
        ("hard:risk=-9", "option 'risk=-9' in 'hard:risk=-9': risk must be a number from -1 to 1"),
        ("hard:risk=nan", "risk must be a number from -1 to 1"),
        ("hard:risk=", "risk must be a number from -1 to 1"),
        ("hard:budget=0", "budget must be a whole number of milliseconds, 1 to 60000"),
        ("hard:budget=-5", "budget must be a whole number of milliseconds, 1 to 60000"),
        ("hard:budget=1e3", "budget must be a whole number of milliseconds, 1 to 60000"),
        ("hard:budget=" + "9" * 100, "budget must be a whole number"),
        ("hard:wild", "option 'wild' in 'hard:wild': unknown option; use cautious, bold, risk=R"),
        ("hard:bold:", "option '' in 'hard:bold:': unknown option"),
        ("file:", "'file:' names no bot file; use file:path/to/bot.py"),
    ],
)
def test_refusals_name_the_spec_the_part_and_what_is_allowed(seats, spec, message):
    with pytest.raises(ValueError) as e:
        seats.parse(spec)
    assert message in str(e.value)
    assert "\n" not in str(e.value) and len(str(e.value)) <= 200


def test_each_game_registers_its_levels_and_what_they_take():
    assert tuple(gc_levels.SEATS.levels) == ("easy", *gc_ai.LEVELS)
    assert tuple(gg_levels.SEATS.levels) == tuple(gg_ai.LEVELS)
    assert gc_levels.SEATS.parse("medium:budget=5").options == (("budget", 5.0),)
    with pytest.raises(ValueError, match="medium takes cautious, bold, risk=R$"):
        gg_levels.SEATS.parse("medium:budget=5")  # Go for Gold's medium does not plan ahead
    assert gc_levels.SEATS.parse("expert:bold").options == (("risk", 0.5),)
    assert gg_levels.SEATS.parse("hard:cautious").options == (("risk", -0.6),)


def test_players_are_built_from_what_the_grammar_read():
    assert make_player("ai:hard:bold:budget=300").params.budget_ms == 300
    assert gg_make_player("hard:risk=-0.5:budget=80").params == gg_ai.LEVELS["hard"].__class__(
        **{**vars(gg_ai.LEVELS["hard"]), "risk": -0.5, "budget_ms": 80.0}
    )
    assert gg_make_player("medium:bold").name == "ai:medium:bold"


SPEC_PARTS = st.sampled_from(
    [
        "ai",
        "easy",
        "medium",
        "hard",
        "expert",
        "random",
        "greedy",
        "file",
        "bold",
        "cautious",
        "risk=0.5",
        "risk=2",
        "budget=50",
        "budget=0",
        "",
        "x",
        "é",
        "risk=",
        " ",
    ]
)


@given(st.lists(SPEC_PARTS, max_size=5).map(":".join))
def test_check_player_and_make_player_agree(spec):
    """The page checks a seat without the search (check_player); building it refuses the same."""
    try:
        check_player(spec)
    except ValueError as e:
        with pytest.raises(ValueError) as built:
            make_player(spec, random.Random(0))
        assert str(built.value) == str(e)
    else:
        if not spec.startswith("file:"):  # a bot file is read only when the seat is built
            make_player(spec, random.Random(0))
