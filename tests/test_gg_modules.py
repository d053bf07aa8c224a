"""Go for Gold's smaller modules: tokens, odds, records, pictures, players and the command line.

(One file for six short modules; the rules are in test_gg_game.py.)
"""

import json
import random
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from gamekit.match import one_game as shared_one_game
from go_for_gold import Game, IllegalMoveError, RecordError, canonical, odds, record, svg
from go_for_gold.players import make_player

REPO = Path(__file__).resolve().parent.parent
ENV = {"PYTHONPATH": str(REPO / "py")}


# ---- notation ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("token", "canon"),
    [("PATH F2  e2", "path f2 e2"), ("die 6", "die 6"), ("Jump A6", "jump a6"), ("pass", "pass")],
)
def test_gg_7_tokens_print_canonically(token, canon):
    assert canonical(token) == canon


@pytest.mark.parametrize(
    "token",
    [
        "",
        "die 0",
        "die ³",
        "die " + "9" * 5000,
        "path",
        "path a1 b2 c3 d4 e5 f6 g7",
        "walk",
        "search now",
        "spend 8",
        "jump",
        "x" * 10**6,
        42,
    ],
)
def test_gg_7_malformed_tokens_are_refused_in_one_line(token):
    with pytest.raises(IllegalMoveError) as e:
        canonical(token)
    assert "\n" not in str(e.value) and len(str(e.value)) <= 200


# ---- odds ----------------------------------------------------------------------------------


def test_exact_odds_of_searches_and_temples():
    assert odds.search(3, 0) == Fraction(4, 6)
    assert odds.search(8, 2) == Fraction(1, 6) and odds.search(8, 1) == 0
    assert odds.temple(0) == 0 and odds.temple(4) == Fraction(4, 6) and odds.temple(9) == 1
    assert odds.expected_spend(6, 5) == Fraction(1 + 2 + 3 + 4 + 5, 6)


# ---- records -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rec", "message"),
    [
        ({"format": "go-for-gold/2"}, "'format' must be"),
        ({"format": "go-for-gold/1", "players": []}, "1 to 6 players"),
        ({"format": "go-for-gold/1", "players": [{"name": "A"}], "options": {"map": "z"}}, "map"),
        ({"format": "go-for-gold/1", "players": [{"name": "A"}], "moves": ["start q9"]}, "move 0"),
        ({"format": "go-for-gold/1", "players": [{"name": "A"}], "extra": 1}, "unknown key"),
    ],
)
def test_gg_7_bad_records_name_what_is_wrong(rec, message):
    with pytest.raises(RecordError, match=message):
        record.replay(rec)


def test_record_text_goes_through_the_defensive_reader():
    with pytest.raises(RecordError, match="nested"):
        record.loads("[" * 10_000 + "]" * 10_000)
    g = Game.new(["Ada"], seed=3)
    assert record.loads(json.dumps(g.record()).encode()).summary() == g.summary()


# ---- svg -----------------------------------------------------------------------------------


def test_the_sheet_draws_the_path_symbols_temples_and_entries():
    g = Game.new(["Ada", "Bob"])
    g.apply("start g1")
    g.apply("die 2")
    g.apply("path g2 h3")
    picture = svg.sheet(g.summary(), 0, highlight=["f2"], prefix="p0-")
    assert 'id="p0-f-h3"' in picture and "temple-red" in picture
    assert 'class="trail"' in picture and 'points="' in picture
    assert 'class="field plain visited here' not in picture  # h3 is a temple, not plain
    assert "field temple visited here" in picture
    assert 'data-field="f2"' in picture and "hl" in picture
    assert svg.sheet(g.summary(), 1).count("<polyline") == 1  # Bob's start, one stretch


def test_every_temple_keeps_its_colour_under_the_island_css():
    """The sheet's CSS paints every ``.field polygon`` sand (the hexes), so a temple drawn as a
    polygon (red triangle, green diamond) lost its colour; each keeps its shape and colour."""
    import re

    picture = svg.sheet(Game.new(["Ada", "Bob"]).summary(), 0)
    temples = re.findall(r'<g class="sym temple temple-(\w+)"[^>]*>(.*?)</g>', picture)
    assert {colour for colour, _ in temples} == {"red", "blue", "green", "yellow"}
    for colour, body in temples:
        assert "<polygon" not in body, colour
    tags = {colour: body.split()[0] for colour, body in temples}
    assert tags == {"red": "<path", "blue": "<rect", "green": "<path", "yellow": "<circle"}


# ---- players -------------------------------------------------------------------------------


@pytest.mark.parametrize("spec", ["random", "greedy", "easy", "medium", "hard", "ai:hard:bold"])
def test_every_level_plays_whole_games(spec):
    result = shared_one_game("go_for_gold", [spec, "greedy"], 0, 3)
    assert len(result.scores) == 2 and result.winners


@pytest.mark.parametrize("spec", ["nonsense", "hard:risk=9", "medium:budget=0", "easy:fast"])
def test_unknown_levels_and_knobs_are_refused(spec):
    with pytest.raises(ValueError):
        make_player(spec, random.Random(0))


def test_a_bot_file_plays_through_the_shared_loader(tmp_path):
    bot = tmp_path / "last.py"
    bot.write_text("def choose(view, legal):\n    return legal[-1]\n")
    result = shared_one_game("go_for_gold", [f"file:{bot}", "random"], 1, 2)
    assert result.scores


# ---- command line ---------------------------------------------------------------------------


def run(*args, data=None):
    return subprocess.run(
        [sys.executable, "-m", "go_for_gold", *args],
        env=ENV,
        input=data,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_cli_new_replay_render_and_play(tmp_path):
    out = run("new", "--players", "3", "--map", "b", "--seed", "4", "--names", "Ada,Bob,Cy")
    rec = json.loads(out.stdout)
    assert rec["options"] == {"map": "b"} and rec["seed"] == 4
    rec["moves"] = ["start d1", "die 3"]
    path = tmp_path / "g.json"
    path.write_text(json.dumps(rec))
    summary = json.loads(run("replay", str(path)).stdout)
    assert summary["prompt"] == "move" and summary["die"] == 3
    svg_out = tmp_path / "s.svg"
    assert run("render", str(path), "--player", "2", "-o", str(svg_out)).returncode == 0
    assert svg_out.read_text().startswith("<svg")
    table = run("play", "--seats", "greedy,random", "--games", "4", "--map", "b").stdout
    assert "greedy#0" in table and "map b" in table


def test_cli_bad_input_is_one_line_and_exit_2(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"\xff")
    for args in (
        ["replay", str(bad)],
        ["render", str(bad), "--player", "9"],
        ["new", "--map", "q"],
        ["play", "--seats", "nonsense"],
    ):
        out = run(*args)
        assert out.returncode == 2 and out.stderr.startswith("error: "), args
        assert out.stderr.count("\n") == 1, out.stderr
