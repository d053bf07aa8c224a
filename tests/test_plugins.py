"""Bots from outside (``file:bot.py``): they play whole games, and a broken one says so."""

import random
import subprocess
import sys
from pathlib import Path

import pytest
from gold_connection.match import PlayerError, one_game
from gold_connection.players import make_player
from gold_connection.plugins import BotError, PluginPlayer
from helpers import game_at

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "bots" / "first_bar.py"


def bot(tmp_path, body: str, name: str = "bot.py") -> str:
    path = tmp_path / name
    path.write_text(body)
    return str(path)


def test_the_example_bot_plays_a_whole_game():
    result = one_game([f"file:{EXAMPLE}", "random"], 0, seed=2)
    assert result.turns == 36
    assert result.winners == [result.seats.index(0)]  # it beats random


def test_a_bot_sees_the_summary_at_its_own_decisions_never_at_dice(tmp_path):
    path = bot(
        tmp_path,
        "SEEN = []\n"
        "def choose(view, legal):\n"
        "    SEEN.append((view['prompt'], view['to_move'], view['legal'] == legal))\n"
        "    return legal[-1]\n",
    )
    player = make_player(f"file:{path}")
    assert isinstance(player, PluginPlayer)
    g = game_at([{"stone": "1", "heading": "e"}, {"stone": "9", "heading": "w"}], counter=35)
    seen = player.choose.__globals__["SEEN"]
    rng = random.Random(0)
    while not g.is_over():
        if g.current_player() < 0:
            g.roll(rng)
        else:
            g.apply(player.decide(g.clone(), g.legal()))
    assert seen and all(p != "roll" and ok for p, _, ok in seen)
    assert {seat for _, seat, _ in seen} == {0, 1}


def test_answers_in_any_spacing_or_order_are_accepted(tmp_path):
    path = bot(tmp_path, "def choose(view, legal):\n    return '  TAKE g3   b1 '\n")
    g = game_at(
        [{"stone": "1", "heading": "e"}, {"stone": "9", "heading": "w"}],
        fields={"2": ["b1", "g3"]},
        rest="9",
        moves=["move 1"],
    )
    assert make_player(f"file:{path}").decide(g, g.legal()) == "take b1 g3"


def test_an_illegal_answer_ends_the_game_naming_bot_and_state(tmp_path):
    path = bot(tmp_path, "def choose(view, legal):\n    return 'fly away'\n", "liar.py")
    with pytest.raises(BotError) as e:
        one_game([f"file:{path}", "random"], 0, seed=1)
    msg = str(e.value)
    assert "liar.py" in msg and "'fly away'" in msg and "not legal" in msg
    assert "turn 0" in msg and "prompt 'place'" in msg and "legal: place" in msg


def test_an_exception_ends_the_game_naming_bot_and_state(tmp_path):
    path = bot(tmp_path, "def choose(view, legal):\n    return view['no such key']\n", "oops.py")
    with pytest.raises(PlayerError) as e:
        one_game(["random", f"file:{path}"], 0, seed=1)
    msg = str(e.value)
    assert "oops.py" in msg and "KeyError" in msg and "'no such key'" in msg and "turn" in msg


@pytest.mark.parametrize(
    "body, reason",
    [
        ("def decide(view, legal):\n    return legal[0]\n", "defines no choose"),
        ("def choose(view, legal)\n", "failed to load: SyntaxError"),
    ],
)
def test_a_bot_that_cannot_play_is_refused_at_once(tmp_path, body, reason):
    with pytest.raises(ValueError, match=reason):
        make_player(f"file:{bot(tmp_path, body)}")
    with pytest.raises(ValueError, match="no such Python file"):
        make_player(f"file:{tmp_path / 'missing.py'}")


def test_the_command_line_reports_a_broken_bot(tmp_path):
    path = bot(tmp_path, "def choose(view, legal):\n    return 'fly away'\n", "liar.py")
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "gold_connection",
            "tournament",
            "--seats",
            f"random,file:{path}",
            "--games",
            "2",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT / "py")},
        timeout=120,
    )
    assert out.returncode == 2
    assert "error: bot" in out.stderr and "liar.py" in out.stderr and "'fly away'" in out.stderr
