"""The game review: values checked against exact enumeration, grades, accuracy, the command line.

Exact values come from ``test_ai.brute_force``: every legal token and every roll of the engine
to the end of the mover's turn, judged by the same evaluation the review uses.
"""

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from gamekit.match import one_game
from gold_connection import ai, record
from gold_connection.review import (
    GRADES,
    THRESHOLDS,
    Decision,
    Reviewer,
    Stepper,
    accuracy,
    counted_loss,
    format_review,
    grade,
    review,
)
from helpers import game_at, position_record
from test_ai import brute_force

ROOT = Path(__file__).resolve().parent.parent
POINTS = replace(ai.LEVELS["expert"], win=0.0)  # the review's judge: the expert, for points

# a safe with a bar that fits (g3), one that fits an empty row (r1) and one no row takes (b1)
PLAYERS = [
    {"stone": "1", "heading": "e", "chips": 1, "rows": {"g6": 2, "b6": 1, "b5": 1, "b4": 1}},
    {"stone": "8", "heading": "w", "rows": {"b6": 5}},
]
FIELDS = {"3": ["b1", "g3", "r1"], "5": ["g4"]}


def exact_values(g):
    """Every legal token's value at ``g`` by brute force."""
    ev = ai.Evaluator(g, g.to_move, POINTS)
    brute_force.counter = g.counter
    memo = {}
    out = {}
    for token in g.legal():
        child = g.clone()
        child.apply(token)
        out[token] = brute_force(child, ev, memo)
    return out


def reviewed(g, played):
    return Reviewer().decision(g, len(g.moves), played)


@pytest.fixture(scope="module")
def at_safe_3():
    """At safe 3 after two steps (GC-4.4, GC-5.1): the state and its exact values."""
    g = game_at(PLAYERS, moves=["move 2"], fields=FIELDS, rest="8", counter=30)
    return g, exact_values(g)


def test_a_plunder_is_valued_as_exact_enumeration_values_it(at_safe_3):
    g, exact = at_safe_3
    best = max(exact, key=exact.get)
    assert best == "take g3 r1"
    d = reviewed(g, "end")
    assert d.best.token == best and d.best.points == pytest.approx(exact[best], abs=1e-6)
    assert d.played.points == pytest.approx(exact["end"], abs=1e-6)
    assert d.loss == pytest.approx(exact[best] - exact["end"], abs=1e-6)
    assert d.grade == "blunder" and d.loss > THRESHOLDS[-1]
    assert d.best.chance == pytest.approx(30 / 36)  # target 2 + 3 + 1 = 6, one chip: 2d6 >= 5
    for o in d.options:  # every option the search weighed has its exact value
        assert o.points == pytest.approx(exact[o.token], abs=1e-6), o.token
    assert [o.token for o in d.options][0] == best and d.reasons


def test_a_plunder_the_search_leaves_out_is_valued_all_the_same(at_safe_3):
    # b1 fits no row (GC-6.2): the search never weighs it, the review values what was played
    g, exact = at_safe_3
    d = reviewed(g, "take b1 g3 r1")
    assert d.played.points == pytest.approx(exact["take b1 g3 r1"], abs=1e-6)
    assert d.loss == pytest.approx(exact["take g3 r1"] - exact["take b1 g3 r1"], abs=1e-6)
    assert d.played.chance == pytest.approx(26 / 36)  # target 7 with one chip: 2d6 >= 6
    assert d.grade == "best"  # 0.04 points: the useless bar costs a little of the odds


def test_a_move_is_valued_as_its_best_action(at_safe_3):
    _, exact = at_safe_3
    g = game_at(PLAYERS, fields=FIELDS, rest="8", counter=30)
    d = reviewed(g, "move 2")
    assert d.played.points == pytest.approx(max(exact.values()), abs=1e-6)
    assert d.best.token == "move 2" and d.loss == 0
    assert d.grade == "best" and d.reasons == ("same",)
    assert d.played.chance == pytest.approx(30 / 36)  # the chance of the plunder it leads to


def test_chips_spent_or_kept_as_exact_enumeration_says():
    # GC-5.2: a roll of 2 misses target 3 by one; spend the chip or take the failure
    g = game_at(
        [
            {"stone": "5", "heading": "e", "chips": 1, "rows": {"b6": 1}},
            {"stone": "2", "heading": "w", "chips": 3},
            {"stone": "11", "heading": "e"},
        ],
        fields={"6": ["b2", "y1"], "8": ["b3"], "E": ["y2"]},
        rest="2",
        counter=10,
        moves=["move 1", "take b2", "dice 1 1"],
    )
    assert g.prompt == "chips"
    exact = exact_values(g)
    worse = min(exact, key=exact.get)
    d = reviewed(g, worse)
    assert {o.token for o in d.options} == set(exact)
    for o in d.options:
        assert o.points == pytest.approx(exact[o.token], abs=1e-6), o.token
    assert d.loss == pytest.approx(max(exact.values()) - exact[worse], abs=1e-6)
    assert d.reasons[0] == ("save_loot" if d.best.token.startswith("spend") else "keep_chips")


def test_sorting_is_judged_by_the_rows_it_leaves():
    # GC-6.3: g1 into g5 or g4, beside g6 = 1, 2; the evaluation of each sorting is exact
    g = game_at(
        [{"stone": "1", "heading": "e", "rows": {"g6": 2}}, {"stone": "9", "heading": "w"}],
        fields={"2": ["g1", "g3", "g3", "g4"]},
        rest="9",
        counter=20,
        moves=["move 1", "take g1 g3 g3 g4", "dice 6 6", "stop"],
    )
    assert g.prompt == "sort" and len(g.legal()) == 2
    exact = exact_values(g)
    for token in g.legal():
        d = reviewed(g, token)
        assert d.played.points == pytest.approx(exact[token], abs=1e-9)
        assert d.loss == pytest.approx(max(exact.values()) - exact[token], abs=1e-9)


def test_dice_set_up_and_forced_moves_are_not_reviewed():
    g = game_at(PLAYERS, moves=["move 2", "take g3 r1"], fields=FIELDS, rest="8", counter=30)
    assert reviewed(g, "dice 3 4") is None  # chance
    fresh = record.replay({**record.replay(position_record(PLAYERS)).record(), "moves": []})
    assert fresh.prompt == "move"
    new = ai.Game.new(["A", "B"], seed=1)
    new.apply("dice 3 5")
    assert reviewed(new, "place 8") is None  # set-up: the search starts with the first turn


def test_grades_and_accuracy():
    assert [grade(x) for x in (0.0, 0.1, 0.3, 1.0, 2.0, 9.0)] == [
        "best",
        "best",
        "good",
        "inaccuracy",
        "mistake",
        "blunder",
    ]
    assert grade(9.0, win_loss=0.001) == "inaccuracy"  # a decided game: the points matter less
    assert GRADES[-1] == "blunder" and list(THRESHOLDS) == sorted(THRESHOLDS)
    assert accuracy([]) == 100.0 and accuracy([0.0] * 5) == 100.0
    assert accuracy([1.0]) == pytest.approx(36.79, abs=0.01)  # 100 / e
    assert 0 < accuracy([5.0, 5.0]) < accuracy([0.5, 0.0]) < 100


@pytest.fixture(scope="module")
def short_game():
    """The first 70 moves of a medium game: set-up and several whole turns."""
    result = one_game("gold_connection", ["medium", "medium"], 0, 2, keep_record=True)
    data = result.record
    return {**data, "moves": data["moves"][:70]}


def test_a_record_gets_the_same_review_every_time_and_with_workers(short_game):
    first = review(short_game)
    again = review(short_game, jobs=2)
    assert first.to_dict() == again.to_dict()
    assert json.loads(json.dumps(first.to_dict())) == first.to_dict()
    moves = record.replay(short_game).moves
    assert first.decisions and all(moves[d.index] == d.played.token for d in first.decisions)
    assert sum(p.decisions for p in first.players) == len(first.decisions)
    for p in first.players:
        assert sum(p.grades.values()) == p.decisions and 0 < p.accuracy <= 100
        losses = [d.loss for d in first.decisions if d.seat == p.seat]
        assert p.points_lost == pytest.approx(sum(losses))
        counted = [counted_loss(d) for d in first.decisions if d.seat == p.seat]
        assert p.accuracy == pytest.approx(accuracy(counted))
        assert all(c <= x for c, x in zip(counted, losses, strict=True))
    for d in first.decisions:
        assert d.loss >= 0 and d.best.points >= d.played.points
        assert 0 <= d.played.win <= 1 and d.grade == grade(d.loss, d.win_loss)
    costs = [d.loss for d in first.costliest]
    assert len(costs) <= 5 and all(c > 0 for c in costs)
    text = format_review(first)
    assert "accuracy" in text and all(p.name in text for p in first.players)


def test_a_review_in_steps_is_the_same_wherever_the_steps_fall(short_game):
    whole = review(short_game).decisions
    ticks = iter(range(10**6))  # a clock that says a second has passed at every look
    stepper = Stepper(short_game, clock=lambda: float(next(ticks)))
    found = []
    while not stepper.done:
        found += stepper.step(0.5)  # one move a step
    assert tuple(found) == whole
    assert [Decision.from_dict(json.loads(json.dumps(d.to_dict()))) for d in found] == found
    later = Stepper(short_game, begin=40)  # afresh from the start of the turn of move 40
    rest = later.step(10.0)
    assert later.done and tuple(rest) == tuple(d for d in whole if d.index >= 40)


def run_cli(*args, stdin=None):
    return subprocess.run(
        [sys.executable, "-m", "gold_connection", "review", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT / "py")},
        input=stdin,
        timeout=120,
    )


def test_command_line_prints_the_summary_and_json(tmp_path):
    path = tmp_path / "game.json"
    data = position_record(PLAYERS, fields=FIELDS, rest="8", counter=30, moves=["move 2", "end"])
    path.write_text(json.dumps(data))
    out = run_cli(str(path))
    assert out.returncode == 0, out.stderr
    assert "accuracy" in out.stdout and "Costliest decisions:" in out.stdout
    assert "played 'end'" in out.stdout and "the expert prefers 'take g3 r1'" in out.stdout
    assert out.stderr == ""  # no progress bar when stderr is not a terminal
    js = json.loads(run_cli(str(path), "--json").stdout)
    assert [d["played"]["token"] for d in js["decisions"]] == ["move 2", "end"]
    assert js["decisions"][1]["grade"] == "blunder" and js["costliest"] == [1]
    assert js["grades"]["names"] == list(GRADES)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"format": "gold-connection/1"', "not JSON"),
        ('{"format": "go-for-gold/1", "players": [], "moves": []}', "gold-connection/1"),
        ("POSITION_ILLEGAL", "move 0 'move 99'"),
    ],
)
def test_command_line_names_bad_input_in_one_line(text, message):
    if text == "POSITION_ILLEGAL":
        text = json.dumps(position_record(PLAYERS, moves=["move 99"]))
    out = run_cli("-", stdin=text)
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert out.stderr.startswith("error: ") and out.stderr.count("\n") == 1
    assert message in out.stderr
