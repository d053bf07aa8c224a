"""Go for Gold's game review (py/go_for_gold/review.py): exact values on hand-made positions,
the expert's own games at 100, the data's JSON form, steps, the command line.

The exact values follow from the expert's rules for a treasure, a temple and a short roll
(:meth:`go_for_gold.ai.AIPlayer.special_values`): a shovel is worth 1 point (solo 1.2), a
temple ``p * (9 - 1.2 * shovels) - (1 - p)`` solo, and in a round that may be the last the
chance to win, counted at ``4 * 6 = 24`` points a game.
"""

import json
import math
import random
import subprocess
import sys
from pathlib import Path

import pytest
from gamekit.grading import grade
from go_for_gold import Game, record
from go_for_gold.ai import judge
from go_for_gold.review import (
    GRADES,
    Decision,
    Reason,
    Review,
    Reviewer,
    Stepper,
    format_review,
    review,
)
from test_gg_ai import on_chain

ROOT = Path(__file__).resolve().parent.parent
TO_D3 = ["start g1", "die 4", "path f2 e2 d2 d3"]
"""From harbour g1 to treasure 4 on d3, collecting the shovel on f2: 3 shovels (GG-3.4)."""


def reviewed(g, played):
    return Reviewer().decision(g, len(g.moves), played)


def solo(*moves):
    g = Game.new(["Ada"])
    for tok in moves:
        g.apply(tok)
    return g


def test_passing_a_search_loses_what_the_search_is_worth():
    # GG-4.1: treasure 4 with 3 shovels. Rolls 4-6 score 4; 3, 2 and 1 fall short by 1, 2, 3,
    # each spent for when 4 beats what the shovels cost solo: their points and their share of
    # the searches still ahead (the judge's spend_cost). At 1.2 points a shovel (the judge's
    # solo shovel) the search would be worth (3 * 4 + 2.8 + 1.6 + 0.4) / 6 = 2.8 points; with
    # the searches ahead, less
    g = solo(*TO_D3)
    assert g.prompt == "special" and g.sheets[0].shovels == 3
    assert judge().shovel_value(g) == 1.2
    cost = [judge().spend_cost(g, 0, k) for k in (1, 2, 3)]
    assert all(c > 1.2 * k for c, k in zip(cost, (1, 2, 3), strict=True))
    worth = (3 * 4 + sum(max(0.0, 4 - c) for c in cost)) / 6
    assert 2.0 < worth < 2.8
    d = reviewed(g, "pass")
    assert d.best.token == "search" and d.best.value == pytest.approx(worth)
    assert d.played.value == 0.0 and d.loss == pytest.approx(worth)
    assert (d.grade, d.unit, d.prompt) == ("mistake", "points", "special")
    assert d.reasons == (Reason("search"),)
    assert reviewed(g, "search").loss == 0 and reviewed(g, "search").grade == "best"


def test_a_short_roll_is_worth_spending_for_when_the_points_beat_the_shovels():
    # a roll of 2 misses 4 by 2: spending 2 shovels is worth 4 points less what they cost solo,
    # their 2 points and their share of the searches still ahead (the judge's spend_cost)
    g = solo(*TO_D3, "search", "die 2")
    assert g.legal() == ["spend 2", "pass"]
    cost = judge().spend_cost(g, 0, 2)
    assert 2 < cost < 4
    d = reviewed(g, "pass")
    assert d.best.token == "spend 2" and d.loss == pytest.approx(4 - cost)
    assert d.grade == grade(4 - cost)
    assert d.reasons == (Reason("spend", {"points": 4, "shovels": 2}),)


@pytest.mark.parametrize(
    ("shovels", "played", "best", "loss", "grade"),
    [
        (2, "pass", "explore", 1 / 3 * (9 - 2 * 1.2) - 2 / 3, "mistake"),  # 1.53 solo
        (0, "explore", "pass", 1.0, "inaccuracy"),  # a sure curse: -1 (GG-4.2)
    ],
)
def test_a_temple_is_explored_when_its_chance_pays_for_the_shovels(
    shovels, played, best, loss, grade
):
    g = solo("start g1", "die 2", "path g2 h3")  # the red temple
    g.sheets[0].shovels = shovels
    d = reviewed(g, played)
    assert d.best.token == best and d.loss == pytest.approx(loss) and d.grade == grade
    assert d.reasons[0].id == ("explore" if best == "explore" else "skip_temple")
    assert d.reasons[0].params == {"shovels": shovels, "chance": shovels / 6}


def test_near_the_end_a_sixth_entry_that_loses_is_worth_less_than_the_shovels():
    # GG-6.1: seat 0 (20 points, 5 entries) may spend 3 shovels for a 6th entry of 4 against
    # 25: the game would end lost. Passing keeps the game going, 3 points of shovels kept:
    # chance 1 / (1 + exp(-(20 + 3 - 25) / 6)) = 0.417 to win, 10.0 points at 24 a game
    g = Game.new(["Ada", "Bob"])
    for tok in ("start g1", "die 4", "path f2 e2 d2 d3"):
        g.apply(tok)
    g.apply(next(t for t in g.legal() if g.island.marks[t.split()[-1]] == "."))
    g.sheets[0].entries, g.sheets[1].entries = [4] * 5, [5] * 5
    g.apply("search")
    g.apply("die 1")
    stay = 1 / (1 + math.exp(-(20 + 3 - 25) / 6))
    d = reviewed(g, "spend 3")
    assert d.unit == "win" and d.best.token == "pass"
    assert d.best.value == pytest.approx(stay) and d.played.value == 0.0
    assert d.loss == pytest.approx(24 * stay) and d.grade == "blunder"
    assert [r.id for r in d.reasons] == ["last_round", "keep_shovels"]
    assert judge().decide(g.clone(), g.legal()) == "pass"


def test_a_walk_into_a_pocket_is_graded_against_the_walk_the_expert_plays():
    g = on_chain("g2")  # h2 leads into a pocket of 6 fields, g3 keeps 12 open (test_gg_ai)
    d = reviewed(g, "path h2")
    ai = judge()  # the expert without its clock, as the review asks it
    assert d.best.token == ai.decide(g.clone(), g.legal()) == "path g3"
    values = {tok: ai.plan_value(g, 0, ai.static(g, 0, tok.split()[1:]), tok) for tok in g.legal()}
    assert d.loss == pytest.approx(values["path g3"] - values["path h2"])
    assert d.loss > 1 and {o.token for o in d.options} == set(g.legal())


def test_the_start_harbour_is_a_decision_and_the_dice_are_not():
    g = solo()
    d = reviewed(g, "start g1")
    assert d.prompt == "start" and len(d.options) == 4 and d.best.token == "start a6"
    assert d.reasons == (Reason("harbour", {"field": "a6"}),)
    g.apply("start g1")
    assert reviewed(g, "die 3") is None  # chance
    assert Reviewer().decision(solo(*TO_D3[:2]), 2, "path f2 e2 d2 d3") is not None


@pytest.fixture(scope="module")
def expert_game():
    """A whole game of the expert against itself, the clock taken away (its plans weigh every
    candidate, as the reviewer's do)."""
    rng = random.Random(1)  # a short game that ends by a 6th entry (GG-6.1)
    g = Game.new(["Expert 1", "Expert 2"], map_name="b")
    ais = [judge(), judge()]
    while not g.is_over():
        if g.current_player() < 0:
            g.roll(rng)
        else:
            g.push(ais[g.to_move].decide(g.clone(), g.legal()))
    return g.record()


@pytest.fixture(scope="module")
def expert_review(expert_game):
    return review(expert_game)


def test_the_expert_reviews_its_own_game_at_100(expert_review):
    # its hints and the review agree: every decision it played is the review's best
    assert {d.unit for d in expert_review.decisions} == {"points", "win"}
    for p in expert_review.players:
        assert p.decisions > 10 and p.accuracy == 100.0 and p.points_lost == 0.0
        assert p.grades["best"] == p.decisions
    assert expert_review.costliest == ()


def test_a_review_is_data_with_a_json_form(expert_game, expert_review):
    data = json.loads(json.dumps(expert_review.to_dict()))
    assert Review.from_dict(data) == expert_review
    assert data["grades"]["names"] == list(GRADES)
    moves = expert_game["moves"]
    assert all(moves[d.index] == d.played.token for d in expert_review.decisions)
    rounds = [r for r, _ in expert_review.scores]
    assert rounds == list(range(1, rounds[-1] + 1))
    final = record.replay(expert_game)
    assert expert_review.scores[-1][1] == tuple(final.score(s) for s in range(final.n))


def test_a_review_in_steps_is_the_same_wherever_the_steps_fall(expert_game, expert_review):
    part = {**expert_game, "moves": expert_game["moves"][:40]}
    whole = tuple(d for d in expert_review.decisions if d.index < 40)
    ticks = iter(range(10**6))  # a clock that says a second has passed at every look
    stepper = Stepper(part, clock=lambda: float(next(ticks)))
    found = []
    while not stepper.done:
        found += stepper.step(0.5)  # one move a step
    assert tuple(found) == whole
    assert [Decision.from_dict(json.loads(json.dumps(d.to_dict()))) for d in found] == found
    later = Stepper(part, begin=25)
    assert tuple(later.step(60.0)) == tuple(d for d in whole if d.index >= 25) and later.done


def test_a_worse_game_reads_worse_and_costliest_first():
    rng = random.Random(3)
    g = Game.new(["Rand", "Expert"])
    expert = judge()
    while not g.is_over() and len(g.moves) < 40:
        if g.current_player() < 0:
            g.roll(rng)
        elif g.to_move == 0:
            g.push(rng.choice(g.legal()))
        else:
            g.push(expert.decide(g.clone(), g.legal()))
    r = review(g.record())
    rand, good = r.players
    assert rand.accuracy < good.accuracy == 100.0 and rand.points_lost > 0
    assert r.costliest and all(d.seat == 0 and d.loss > 0 for d in r.costliest)
    ranks = [(-GRADES.index(d.grade), -d.loss) for d in r.costliest]
    assert ranks == sorted(ranks)
    text = format_review(r)
    assert "accuracy" in text and "Costliest decisions:" in text and "Rand" in text
    # a hint (the expert's decision) at the positions random played is the review's best, or as good
    for d in r.decisions[::2]:
        if d.seat == 0:
            at = record.replay(g.record(), upto=d.index)
            hint = expert.decide(at.clone(), at.legal())
            assert dict((o.token, o.value) for o in d.options)[hint] == d.best.value


def run_cli(*args, stdin=None):
    return subprocess.run(
        [sys.executable, "-m", "go_for_gold", "review", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT / "py")},
        input=stdin,
        timeout=120,
    )


def test_command_line_prints_the_table_and_json(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(solo(*TO_D3, "search", "die 2", "pass").record()))
    out = run_cli(str(path))
    assert out.returncode == 0, out.stderr
    assert "accuracy" in out.stdout and "Costliest decisions:" in out.stdout
    assert "played 'pass' (0.0 points)" in out.stdout
    assert "the expert level prefers 'spend 2' (0.4 points): 4 points are worth 2 shovels" in (
        out.stdout
    )
    assert out.stderr == ""  # no progress bar when stderr is not a terminal
    js = json.loads(run_cli(str(path), "--json").stdout)
    assert [d["played"]["token"] for d in js["decisions"]] == [
        "start g1",
        "path f2 e2 d2 d3",
        "search",
        "pass",
    ]
    assert js["decisions"][3]["reasons"] == [{"id": "spend", "params": {"points": 4, "shovels": 2}}]
    # the start (0.6 points given away) costs more than the pass (0.4: solo the judge keeps
    # shovels for the searches still ahead)
    assert js["costliest"][:2] == [0, 5] and js["players"][0]["decisions"] == 4


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"format": "go-for-gold/1"', "not JSON"),
        ('{"format": "gold-connection/1", "players": [], "moves": []}', "go-for-gold/1"),
        ('{"format": "go-for-gold/1", "players": [{"name": "A"}], "moves": ["jump x1"]}', "move 0"),
    ],
)
def test_command_line_names_bad_input_in_one_line(text, message):
    out = run_cli("-", stdin=text)
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert out.stderr.startswith("error: ") and out.stderr.count("\n") == 1
    assert message in out.stderr


def test_command_line_refuses_a_missing_file_and_an_unknown_level():
    out = run_cli("no/such/game.json")
    assert out.returncode == 2 and out.stderr.startswith("error: ")
    assert "Traceback" not in out.stderr
    out = run_cli("-", "--level", "easy", stdin="{}")
    assert out.returncode == 2 and "Traceback" not in out.stderr


GAMES = 6
"""Random games whose every decision is reviewed: each costs 2 to 5 s (a random walker holds
many feet, and a foot is valued through every walk of its length), so the quick suite plays a
few (a longer run is in docs/review.md)."""


def test_the_review_never_fails_at_any_decision_of_random_games():
    reviewer = Reviewer()
    for seed in range(GAMES):
        rng = random.Random(seed)
        g = Game.new([f"P{i}" for i in range(1 + seed % 4)], map_name="ab"[seed % 2])
        while not g.is_over():
            token = rng.choice(g.legal())
            d = reviewer.decision(g, len(g.moves), token)
            if d is not None:
                assert d.played.token == token and d.loss >= 0 and d.grade in GRADES
                assert d.options[0] == d.best and d.played in d.options
            g.push(token)
