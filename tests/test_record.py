"""Records and positions: read, checked, replayed and written back (rules §9)."""

import copy
import json

import pytest
from gold_connection import Game, RecordError, record
from helpers import position_record

TWO = [{"stone": "1", "heading": "e"}, {"stone": "12", "heading": "w"}]


def test_new_record_replays_and_round_trips():
    g = Game.new(["Ada", "Bob"], seed=5, ending="series", ais=[None, "greedy"])
    for token in ("dice 2 4", "place 6", "dice 1 1", "place 2", "face w", "face e", "move 1"):
        g.apply(token)
    rec = g.record()
    assert rec["players"][1] == {"name": "Bob", "ai": "greedy"}
    again = record.replay(json.loads(json.dumps(rec)))
    assert again.summary() == g.summary() and again.record() == rec


def test_replay_upto_stops_early():
    g = Game.new(["A", "B"], seed=5)
    for token in ("dice 2 4", "place 6"):
        g.apply(token)
    assert record.replay(g.record(), upto=1).prompt == "place"
    with pytest.raises(RecordError, match="outside 0..2"):
        record.replay(g.record(), upto=3)


def test_an_illegal_move_names_index_token_and_reason():
    rec = Game.new(["A", "B"], seed=5).record()
    rec["moves"] = ["dice 2 4", "place 5"]
    with pytest.raises(RecordError) as e:
        record.replay(rec)
    assert (e.value.index, e.value.token) == (1, "place 5")
    assert "move 1 'place 5'" in str(e.value) and "GC-3.3" in str(e.value)


def _broken(path, value):
    rec = position_record(TWO)
    target = rec
    for key in path[:-1]:
        target = target[key]
    if value is KeyError:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return rec


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (("format",), "chess/1", "'format' must be"),
        (("players",), [{"name": "solo"}], "2 to 4 players"),
        (("players", 0, "name"), "", "non-empty 'name'"),
        (("options",), {"ending": "never"}, "'counter' or 'series'"),
        (("seed",), "x", "whole number"),
        (("moves",), "move 1", "list of strings"),
        (("position", "counter"), 0, "turn number from 1 to 36"),
        (("position", "counter"), 37, "turn number from 1 to 36"),
        (("position", "to_move"), 2, "player number from 0 to 1"),
        (("position", "supply"), 19, "add up to 19"),
        (("position", "players", 0, "chips"), 6, "0 to 5"),
        (("position", "players", 0, "stone"), "12", "both stand on 12"),
        (("position", "players", 0, "stone"), "X", "not a field"),
        (("position", "players", 0, "heading"), "n", "one of w, e"),
        (("position", "players", 0, "rows"), {"g7": 1}, "not a row id"),
        (("position", "players", 0, "rows"), {"g5": 6}, "0 to 5 bars"),
        (("position", "fields", "W"), ["g9"], "not a bar"),
        (("position", "fields", "Q"), [], "not a field"),
        (("position", "counter"), KeyError, "position needs 'counter'"),
        (("position", "fields", "3"), ["g6", "g6"], "all 84 bars"),
    ],
)
def test_bad_positions_say_what_is_wrong(path, value, message):
    with pytest.raises(RecordError, match=message):
        record.replay(_broken(path, value))


def test_position_missing_bars_are_named():
    rec = position_record(TWO)
    rec["position"]["fields"]["W"] = rec["position"]["fields"]["W"][1:]
    with pytest.raises(RecordError, match="missing"):
        record.replay(rec)


def test_gc_1_3_a_four_row_in_a_four_player_position_is_an_error():
    four = TWO + [{"stone": "5", "heading": "e"}, {"stone": "6", "heading": "e"}]
    rec = position_record(four)
    rec["position"]["players"][0]["rows"] = {"g4": 1}
    rec["position"]["fields"]["W"].remove("g1")
    with pytest.raises(RecordError, match="out of play"):
        record.replay(rec)


def test_setup_must_deal_six_to_each_field():
    rec = Game.new(["A", "B"], seed=1).record()
    bad = copy.deepcopy(rec)
    bad["setup"]["W"].append(bad["setup"]["E"].pop())
    with pytest.raises(RecordError, match="setup.W holds 7 bars"):
        record.replay(bad)
    bad = copy.deepcopy(rec)
    bad["setup"]["W"][0] = "g6" if bad["setup"]["W"][0] != "g6" else "b6"
    with pytest.raises(RecordError, match="all 84 bars"):
        record.replay(bad)


def test_record_needs_setup_or_position_not_both():
    rec = position_record(TWO)
    rec["setup"] = {}
    with pytest.raises(RecordError, match="exactly one"):
        record.replay(rec)


def test_not_json_and_not_an_object():
    with pytest.raises(RecordError, match="not JSON"):
        record.loads("{nope")
    with pytest.raises(RecordError, match="JSON object"):
        record.loads("[1, 2]")


def test_position_round_trips_through_the_game():
    g = record.replay(position_record(TWO, counter=9, to_move=1))
    pos = g.position()
    rec = {**position_record(TWO), "position": pos}
    assert record.replay(rec).summary() == g.summary()
    g.apply("move 1")
    with pytest.raises(ValueError, match="start of a turn"):
        g.position()


def test_summary_matches_the_documented_shape():
    g = record.replay(
        position_record(
            [{"stone": "1", "heading": "e", "rows": {"g6": 2, "b5": 1}, "chips": 2}, TWO[1]],
            fields={"2": ["b2", "b3"]},
        )
    )
    s = g.summary()
    assert s["turn"] is None  # start of a turn: no move yet
    for key in (
        "format",
        "over",
        "winners",
        "counter",
        "to_move",
        "supply",
        "fields",
        "players",
        "turn",
        "legal",
    ):
        assert key in s
    assert s["players"][0] == {
        "name": "P0",
        "stone": "1",
        "heading": "e",
        "chips": 2,
        "rows": {"b5": 1, "g6": 2},
        "bars": 3,
        "score": 4,
        "turns_left": 18,  # beyond rules §9: turns 1, 3, …, 35 (docs/records.md)
    }
    g.apply("move 1")
    g.apply("take b3 b2")
    t = g.summary()["turn"]
    assert t == {
        "arrow": "2",
        "heading": "e",
        "steps": 1,
        "storage": [],
        "target": 6,
        "dice": None,
        "plundered": [],
        "robbed": [],
        # beyond rules §9 (docs/records.md, "What a bot sees")
        "robbed_rows": [],
        "arrived_from": None,
        "must_move": False,
        "pending": {"action": "take", "bars": ["b2", "b3"]},
    }
    g.apply("dice 1 2")
    s = g.summary()
    assert s["turn"]["dice"] == [1, 2] and s["legal"] == ["accept"]  # 3 missing, 2 chips held


def test_scenario_files_replay():
    """The rulebook examples shipped for the how-to-play page are legal records (GC-8)."""
    from pathlib import Path

    folder = Path(__file__).resolve().parent.parent / "scenarios"
    files = sorted(folder.glob("*.json"))
    assert len(files) >= 3
    targets = []
    for path in files:
        rec = json.loads(path.read_text())
        g = record.replay(rec)
        for k in range(len(rec["moves"]) + 1):
            t = record.replay(rec, upto=k).turn
            if t is not None and t.target is not None and t.target not in targets[-1:]:
                targets.append(t.target)
        assert g.moves == rec["moves"]
    assert targets[:2] == [7, 5]  # GC-8.1 and GC-8.2
