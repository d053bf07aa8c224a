"""scripts/embed_link.py: embed addresses, iframe snippets and positions cut from a record."""

from __future__ import annotations

import json
from pathlib import Path

import embed_link
import pytest
from gold_connection import record
from helpers import random_record
from pages.gold_connection.replay import parse_seats
from shell import links

SORTING = Path(__file__).resolve().parents[1] / "scenarios" / "gc-8-3-sorting.json"


@pytest.fixture
def game_file(tmp_path) -> Path:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(random_record(["Ada", "Bob"], seed=3, dice_seed=1, moves=80)))
    return path


def test_prints_an_address_whose_fragment_the_embed_page_reads(capsys):
    args = ["--base", "https://example.org/gc", "--at", "2", "--players", "human,ai:greedy"]
    assert embed_link.main([str(SORTING), *args, "--id", "ex 3&x"]) == 0
    url = capsys.readouterr().out.strip()
    page, _, fragment = url.partition("#")
    assert page == "https://example.org/gc/embed.html"
    p = links.parse_params("", fragment, ["en"])
    assert p.errors == [] and p.at == 2 and p.frame_id == "ex 3&x"
    assert parse_seats(p.players, p.errors) == [None, "greedy"] and p.errors == []
    assert links.record_from_payload(p.payload) == json.loads(SORTING.read_text())


def test_prints_an_iframe_and_the_script_that_sizes_it(capsys):
    assert embed_link.main([str(SORTING), "--iframe", "--base", "https://example.org/"]) == 0
    out = capsys.readouterr().out
    assert out.startswith('<iframe src="https://example.org/embed.html#g=1')
    assert 'event.origin !== "https://example.org"' in out and "gold-connection:height" in out


def test_cuts_a_position_at_the_start_of_a_turn(game_file, capsys):
    rec = json.loads(game_file.read_text())
    starts = embed_link.turn_starts(rec)
    n = starts[2]
    assert embed_link.main([str(game_file), "--position", str(n)]) == 0
    cut = json.loads(capsys.readouterr().out)
    assert "position" in cut and "setup" not in cut and cut["moves"] == rec["moves"][n:]
    assert record.replay(cut).summary() == record.replay(rec).summary()


def test_a_position_in_the_middle_of_a_turn_names_the_turns_nearby(game_file, capsys):
    rec = json.loads(game_file.read_text())
    starts = embed_link.turn_starts(rec)
    n = next(i for i in range(starts[1], starts[2]) if i not in starts)
    assert embed_link.main([str(game_file), "--position", str(n)]) == 2
    err = capsys.readouterr().err
    assert f"move {n} is not at the start of a turn" in err and str(starts[1]) in err


def test_a_bad_record_is_one_line_of_error(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "gold-connection/1"}')
    assert embed_link.main([str(bad)]) == 2
    assert capsys.readouterr().err.startswith("error: ")
    assert embed_link.main([str(tmp_path / "missing.json")]) == 2


def test_reads_a_game_from_a_share_link(game_file, capsys):
    rec = json.loads(game_file.read_text())
    url = "https://example.org/" + links.embed_href(rec, at=3)
    n = embed_link.turn_starts(rec)[1]
    assert embed_link.main([url, "--position", str(n)]) == 0
    assert json.loads(capsys.readouterr().out)["moves"] == rec["moves"][n:]
    assert embed_link.main(["https://example.org/embed.html#g=1broken"]) == 2
    assert capsys.readouterr().err.startswith("error: ")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--at", "nonsense"], "argument --at: must be 'end' or a move number from 0 to 80"),
        (["--at", "81"], "argument --at: must be 'end' or a move number from 0 to 80"),
        (["--players", "nonsense"], "argument --players: unknown seat 'nonsense'; use human, ai"),
        (
            ["--players", "human,ai:file:bot.py"],
            "argument --players: unknown seat 'ai:file:bot.py'",
        ),
        (
            ["--players", "human,ai:easy:bold"],
            "option 'bold' in 'easy:bold': easy takes no options",
        ),
        (["--players", "human,ai,ai"], "names 3 seats; the record has 2 players"),
        (["--id", "x" * 65], "argument --id: must be at most 64 printable characters"),
        (["--base", "javascript:alert(1)"], "argument --base: must be a site's address"),
        (["--base", "https://example.org/a b"], "argument --base: must be a site's address"),
        (["--lang", "xx"], "argument --lang: invalid choice: 'xx'"),
        (["--position", "-1"], "argument --position: must be a whole number from 0"),
        (["--position", "81"], "argument --position: must be a move number from 0 to 80"),
        (["--position", "0", "--iframe"], "argument --position: prints a record, so --iframe"),
    ],
)
def test_every_argument_is_checked_in_one_line(game_file, capsys, args, message):
    assert embed_link.main([str(game_file), *args]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("error: ") and err.count("\n") == 1
    assert message in err


def test_what_the_embed_page_accepts_is_accepted(game_file, capsys):
    args = ["--at", "80", "--players", "human,ai:hard:bold", "--id", "x" * 64, "--base", "/games"]
    assert embed_link.main([str(game_file), *args]) == 0
    url = capsys.readouterr().out.strip()
    assert url.startswith("/games/embed.html#g=")
    p = links.parse_params("", url.partition("#")[2], ["en"])
    assert p.errors == [] and p.at == 80
    assert parse_seats(p.players, p.errors) == [None, "hard:bold"] and p.errors == []
