"""Go for Gold's rules, clause by clause (docs/rules/go-for-gold.md, GG-2 to GG-6)."""

import json
from pathlib import Path

import pytest
from go_for_gold import CHANCE, Game, IllegalMoveError, record
from go_for_gold.board import island

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"


def started(n=1, harbour="g1", map_name="a", ais=None) -> Game:
    g = Game.new([f"P{i}" for i in range(n)], map_name=map_name, ais=ais)
    g.apply(f"start {harbour}")
    return g


def test_gg_2_2_harbours_go_clockwise_and_are_shared_beyond_four():
    g = started(6, "m6")
    assert [s.at for s in g.sheets] == ["m6", "g11", "a6", "g1", "m6", "g11"]
    assert g.legal() == [f"die {k}" for k in range(1, 7)] and g.current_player() == CHANCE


def test_gg_2_3_two_shovels_one_foot_and_the_start_is_visited():
    g = started()
    s = g.sheets[0]
    assert (s.shovels, s.feet, s.visited) == (2, 1, ["g1"])


def test_gg_3_2_a_path_has_exactly_the_roll_and_never_revisits():
    g = started()
    g.apply("die 2")
    assert all(len(tok.split()) == 3 for tok in g.legal() if tok.startswith("path"))
    before = g.summary()
    for bad in ("path f2", "path f2 e2 d2", "path f2 g1", "path f2 f2", "path h5 h6"):
        with pytest.raises(IllegalMoveError):
            g.apply(bad)
        assert g.summary() == before, bad
    g.apply("path f2 e2")
    assert g.sheets[0].visited == ["g1", "f2", "e2"]


def test_gg_3_3_a_foot_walks_any_length_from_1_to_6():
    g = started()
    g.apply("die 6")
    assert [t for t in g.legal() if t.startswith("foot")] == [f"foot {k}" for k in range(1, 7)]
    g.apply("foot 1")
    assert g.sheets[0].feet == 0 and g.legal() == ["path f2", "path g2"]
    with pytest.raises(IllegalMoveError, match="must have 1 steps"):
        g.apply("path f2 e2")


def test_gg_3_4_symbols_on_every_field_entered_are_collected_the_last_included():
    g = started()
    g.apply("die 1")
    g.apply("path f2")  # f2 is a shovel
    s = g.sheets[0]
    assert (s.shovels, s.shovels_collected) == (3, 1)


def test_gg_3_5_a_harbour_ends_the_move_at_once():
    g = started(1, "m6")
    g.sheets[0].trail = [["m6"], ["g2"]]  # stand next to the unvisited harbour g1
    g.sheets[0].at = "g2"
    g.apply("die 4")
    legal = g.legal()
    assert "path g1" in legal  # one step of four: the harbour ends it
    isl = island("a")
    for tok in (t for t in legal if t.startswith("path")):
        fields = tok.split()[1:]
        assert not any(isl.is_harbour(f) for f in fields[:-1]), tok
        assert len(fields) == 4 or isl.is_harbour(fields[-1]), tok
    with pytest.raises(IllegalMoveError, match="ends on harbour g1"):
        g.apply("path g1 f2 e2 d2")


def test_gg_3_6_a_player_who_cannot_move_is_out():
    g = Game.new(["P0", "P1"])
    g.apply("start g1")
    g.sheets[0].trail = [["g1", "f2", "g2"]]  # g1's only land neighbours are used up
    g.sheets[0].at = "g1"
    g.sheets[0].feet = 0
    g.apply("die 3")
    assert g.sheets[0].out and g.to_move == 1 and g.prompt == "move"


def _to_special(field_path, die, harbour="g1", n=1):
    g = started(n, harbour)
    g.apply(f"die {die}")
    g.apply("path " + " ".join(field_path))
    return g


def test_gg_4_1_a_search_spends_exactly_the_shortfall_and_a_failure_spends_none():
    g = _to_special(["f2", "e2", "d2", "e3", "d3"], 5)  # treasure 4, three shovels held
    assert g.prompt == "special" and g.legal() == ["search", "pass"]
    g.apply("search")
    assert g.current_player() == CHANCE
    g.apply("die 2")
    assert g.legal() == ["spend 2", "pass"]
    g.apply("spend 2")
    assert g.sheets[0].entries == [4] and g.sheets[0].shovels == 1
    g2 = _to_special(["f2", "e2", "d2", "e3", "d3"], 5)
    g2.sheets[0].shovels = 0
    g2.apply("search")
    g2.apply("die 1")  # short by 3 with no shovels: nothing, no further token
    assert g2.sheets[0].entries == [] and g2.prompt == "roll"


def test_gg_4_2_a_temple_pays_9_takes_every_shovel_and_closes_for_everyone():
    g = started(2, "g1")
    g.sheets[1].trail = [["m6"], ["i2"]]
    g.sheets[1].at = "i2"
    g.apply("die 2")
    g.apply("path g2 h3")  # h3 is the red temple
    g.apply("path i3 h3")  # the second player ends there too (own sheet)
    assert island("a").temple("h3") == "R"
    assert (g.prompt, g.to_move, g.legal()) == ("special", 0, ["explore", "pass"])
    g.apply("explore")
    g.apply("die 2")  # two shovels >= 2: success
    assert g.sheets[0].entries == [9] and g.sheets[0].shovels == 0
    assert g.temples_closed == ["h3"]
    assert g.prompt == "roll" and g.sheets[1].entries == []  # closed before the second tried


def test_gg_4_2_a_failed_exploration_is_a_curse_of_minus_one():
    g = started(1, "g1")
    g.apply("die 2")
    g.apply("path g2 h3")
    g.apply("explore")
    g.apply("die 6")  # 2 shovels < 6
    assert g.sheets[0].entries == [-1] and g.sheets[0].shovels == 2
    assert g.temples_closed == []


def test_gg_5_2_and_5_3_one_jump_per_game_then_a_harbour_just_stops():
    g = Game.new(["P0"])
    g.apply("start m6")
    g.sheets[0].trail = [["m6", "l6", "l5", "k4", "j3", "i2", "h2"]]
    g.sheets[0].at = "h2"
    g.apply("die 2")
    assert (
        "path g2 g1" in g.legal()
        or "path h1 g1" in g.legal()
        or any(t.endswith(" g1") for t in g.legal())
    )
    tok = next(t for t in g.legal() if t.endswith(" g1"))
    g.apply(tok)
    assert g.prompt == "jump" and g.legal() == ["jump g11", "jump a6"]
    g.apply("jump a6")
    s = g.sheets[0]
    assert s.jumped and s.at == "a6" and s.trail[-1] == ["a6"]


def test_gg_6_1_the_game_ends_after_the_round_of_a_sixth_entry():
    g = started(2, "g1")
    g.sheets[0].entries = [3, 3, 3, 3, 3]
    g.apply("die 5")
    g.apply("path f2 e2 d2 e3 d3")
    g.apply(next(t for t in g.legal() if t.startswith("path")))  # the second player moves too
    while g.prompt in ("special", "spend", "roll_search", "roll_temple"):
        g.apply(
            "search"
            if "search" in g.legal()
            else ("die 6" if g.current_player() == CHANCE else "pass")
        )
    assert g.is_over() and len(g.sheets[0].entries) == 6


def test_gg_6_1_the_game_ends_at_once_when_nobody_can_score():
    g = started(1, "g1")
    isl = island("a")
    others = [f for f in isl.marks if f not in ("g1", "f2") and not isl.is_harbour(f)]
    g.sheets[0].trail = [["g1", *others]]  # every treasure and temple visited already
    g.sheets[0].at = "g1"
    g.sheets[0].jumped = True
    assert not g.anyone_can_score()
    g.apply("die 1")
    g.apply("path f2")
    assert g.is_over()


def test_gg_6_2_ties_go_to_the_most_shovel_symbols_collected():
    g = started(2, "g1")
    g.sheets[0].entries, g.sheets[1].entries = [5], [5]
    g.sheets[1].shovels_collected = 2
    g._finish()
    assert g.winners == [1]
    g.sheets[0].shovels_collected = 2
    g._finish()
    assert g.winners == [0, 1]


def test_the_rulebook_example_dirks_three_moves():
    rec = json.loads((SCENARIOS / "go-for-gold" / "dirk.json").read_text())
    g = record.replay(rec)
    isl = island("a")
    s = g.sheets[0]
    ends = [isl.marks[f] for f in ("d3", "e6", "c6")]
    assert ends == ["4", "G", "3"]  # a treasure, a temple, a treasure
    assert (s.shovels_collected, s.feet_collected) == (2, 1)
    assert len(s.visited) == 1 + 5 + 4 + 3


def test_an_illegal_token_changes_nothing_and_names_the_reason():
    g = started()
    before = g.summary()
    for bad in ("start g1", "die 7", "search", "jump a6", "foot 9", "path", "path x9"):
        with pytest.raises(IllegalMoveError) as e:
            g.apply(bad)
        assert "\n" not in str(e.value) and len(str(e.value)) <= 200
        assert g.summary() == before
