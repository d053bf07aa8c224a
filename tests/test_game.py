"""The rules, clause by clause (GC-3 to GC-8), on hand-made positions."""

import pytest
from gold_connection import CHANCE, TERMINAL, Game, IllegalMoveError, canonical, record
from helpers import game_at, position_record

TWO = [{"stone": "1", "heading": "e"}, {"stone": "12", "heading": "w"}]


def test_gc_3_3_placement_choices_are_either_die_or_their_sum():
    g = Game.new(["A", "B"], seed=1)
    assert g.current_player() == CHANCE
    g.apply("dice 5 3")
    assert g.legal() == ["place 3", "place 5", "place 8"]
    g.apply("place 8")
    g.apply("dice 3 5")
    assert g.legal() == ["place 3", "place 5"]  # 8 is taken: one stone per field


def test_gc_3_3_no_free_choice_rolls_again():
    g = Game.new(["A", "B"], seed=1)
    g.apply("dice 1 1")
    g.apply("place 2")
    g.apply("dice 1 1")  # 1 is free
    assert g.legal() == ["place 1"]
    h = Game.new(["A", "B", "C"], seed=1)
    for token in ("dice 1 1", "place 1", "dice 1 1", "place 2", "dice 1 1"):
        h.apply(token)
    assert h.prompt == "roll" and h.to_move == 2  # 1, 1 and 2 are all taken


def test_gc_3_4_highest_number_starts_and_faces_first():
    g = Game.new(["A", "B", "C"], seed=1)
    for token in ("dice 1 2", "place 3", "dice 5 6", "place 11", "dice 2 2", "place 4"):
        g.apply(token)
    assert g.prompt == "face" and g.to_move == 1
    g.apply("face w")
    assert g.to_move == 2
    g.apply("face e")
    assert g.to_move == 0
    assert g.legal() == ["face w", "face e"]
    g.apply("face e")
    assert (g.prompt, g.to_move, g.counter) == ("move", 1, 1)  # GC-3.5, GC-4.1


def test_gc_3_4_stone_on_end_field_faces_a_corridor():
    g = game_at([{"stone": "W", "heading": "n"}, {"stone": "12", "heading": "w"}])
    assert g.legal()[0] == "move 1"
    g.apply("move 1")
    assert g.turn.arrow == "1"  # the stone's fixed heading, no corridor letter


def test_gc_2_3_end_field_offers_the_two_other_corridors():
    g = game_at(TWO, fields={"W": []})
    g.apply("move 3")  # 1 -> 2 -> 3 -> 4
    assert g.turn.arrow == "4"
    g.apply("end")
    g.apply("dice 1 2")  # 3 >= 3
    assert g.prompt == "move"
    g2 = game_at(TWO)
    g2.apply("move 4")
    assert (g2.turn.arrow, g2.turn.heading) == ("E", None)
    g2.apply("end")
    g2.apply("dice 2 2")
    assert g2.prompt == "face" and g2.legal() == ["face m", "face s"]  # not n: it came from n


def test_gc_2_3_walk_choices_at_end_fields():
    g = game_at(TWO)
    moves = g.legal()
    assert "move 4" in moves and "move 5 m" in moves and "move 6 s" in moves
    assert "move 5 n" not in moves and "move 5" not in moves
    assert "move 5 s" not in moves  # P1's stone on 12, with fewer than 10 bars (GC-4.2)


def test_gc_4_2_a_turn_walks_at_most_17_steps():
    g = game_at(TWO)
    assert max(int(t.split()[1]) for t in g.legal()) == 17
    g.apply("move 10 m n")  # round the western loop back to 1
    g.apply("end")
    g.apply("dice 5 5")
    assert (g.stone[0], g.heading[0], g.to_move) == ("1", "e", 1)  # GC-4.7: a loop may end at home
    g = game_at(TWO, fields={"6": ["b1"]})
    g.apply("move 7 m")  # 1-2-3-4-E-8-7-6
    g.apply("take b1")
    g.apply("dice 4 4")
    assert max(int(t.split()[1]) for t in g.legal() if t.startswith("move")) == 10
    with pytest.raises(IllegalMoveError, match="at most 17"):
        g.apply("move 11")


def test_gc_4_2_a_move_must_end_where_something_is_allowed():
    # P1 stands on 2 with fewer than 10 bars: nothing is allowed there for P0
    g = game_at([{"stone": "1", "heading": "e"}, {"stone": "2", "heading": "w"}])
    assert "move 1" not in g.legal()
    assert "move 2" in g.legal()


def test_gc_4_4_plunder_rules():
    g = game_at(TWO, fields={"2": ["b1", "b2"], "3": [], "1": ["g1"]})
    g.apply("move 1")
    assert g.legal() == ["take b1", "take b2", "take b1 b2", "end"]
    g.apply("take b1")
    g.apply("dice 1 1")  # 2 >= 1 + 1
    assert g.fields["2"] == ["b2"] and g.turn.storage == ["b1"]
    g.apply("move 1")
    assert g.legal() == ["end"]  # safe 3 is empty
    with pytest.raises(IllegalMoveError, match="does not hold"):
        g.apply("take b1")


def test_gc_4_4_no_plunder_twice_nor_on_the_start_field():
    # a loop: 1 -> ... -> back to 1 is 10 steps (1-4, E, 8-5, W, 1)
    g = game_at(TWO, fields={"1": ["g1"], "2": ["b1", "b2"]})
    g.apply("move 1")
    g.apply("take b1")
    g.apply("dice 1 1")
    g.apply("move 9 m n")
    assert g.turn.arrow == "1"
    assert g.legal() == ["end"]  # GC-4.7: the start field cannot be plundered


def test_gc_4_5_rob_needs_ten_bars():
    nine = {"g6": 4, "b5": 3, "r4": 2}
    g = game_at([{"stone": "1", "heading": "e"}, {"stone": "2", "heading": "w", "rows": nine}])
    assert not any(t.startswith("move 1") and t == "move 1" for t in g.legal())
    ten = {"g6": 4, "b5": 3, "r4": 3}
    g = game_at([{"stone": "1", "heading": "e"}, {"stone": "2", "heading": "w", "rows": ten}])
    g.apply("move 1")
    assert "end" not in g.legal()  # GC-4.6: not where another stone stands
    assert "rob g6:1" in g.legal() and "rob b5:1 g6:1" in g.legal()
    with pytest.raises(IllegalMoveError):
        g.apply("take b1")


def test_gc_8_4_rob_takes_top_bars_only():
    rows = {"g6": 4, "g5": 2, "b6": 4}
    g = game_at([{"stone": "1", "heading": "e"}, {"stone": "2", "heading": "w", "rows": rows}])
    g.apply("move 1")
    legal = set(g.legal())
    for token in ("rob g6:1", "rob g6:2", "rob g5:1", "rob g5:2", "rob g6:2 g5:1", "rob g6:4"):
        assert canonical(token) in legal
    assert "rob g6:4 g5:2" in legal  # target 1 + 10 + 3 = 14
    assert "rob b6:4 g6:4" not in legal  # target 21 can never succeed: not offered (docs/rules)
    assert not any("g6:5" in t for t in legal)
    g.apply("rob g6:2 g5:1")
    assert g.turn.target == 1 + 4 + 3 + 2  # steps + g4 + g3 + g2


def test_gc_5_3_after_a_robbery_the_robber_must_move_on():
    rows = {"g6": 4, "g5": 2, "b6": 4}
    g = game_at([{"stone": "1", "heading": "e"}, {"stone": "2", "heading": "w", "rows": rows}])
    g.apply("move 1")
    g.apply("rob g5:1")
    g.apply("dice 1 2")  # 3 >= 1 + 2
    assert g.rows[1]["g5"] == 1 and g.turn.storage == ["g2"]
    assert "stop" not in g.legal() and all(t.startswith("move") for t in g.legal())
    assert g.turn.robbed == [1]


def test_gc_5_4_failed_robbery_returns_bars_and_consoles_the_victim():
    rows = {"g6": 4, "g5": 2, "b6": 4}
    g = game_at(
        [{"stone": "1", "heading": "e"}, {"stone": "2", "heading": "w", "rows": rows}],
        fields={"2": ["y1"]},
    )
    g.apply("move 1")
    g.apply("rob g6:2")
    g.apply("dice 1 1")
    assert g.legal() == ["accept"]
    g.apply("accept")
    assert g.rows[1] == {**g.rows[1], "g6": 4} and g.chips == [0, 2]  # GC-5.5
    assert (g.to_move, g.counter) == (1, 2)


def test_gc_4_6_end_without_loot_targets_the_steps():
    g = game_at(TWO)
    g.apply("move 5 m")
    g.apply("end")
    assert g.turn.target == 5
    g.apply("dice 2 3")
    assert g.stone[0] == "8" and g.heading[0] == "w" and g.to_move == 1  # GC-6.1


def test_gc_8_1_and_8_2_targets_add_steps_and_values():
    g = game_at(TWO, fields={"3": ["b2", "b3"], "4": ["b1", "y1"]})
    g.apply("move 2")
    g.apply("take b2 b3")
    assert g.turn.target == 7
    g.apply("dice 3 4")
    g.apply("move 1")
    g.apply("take b1 y1")
    assert g.turn.target == 5


def test_gc_5_2_spend_exactly_the_missing_chips_or_decline():
    g = game_at([{"stone": "1", "heading": "e", "chips": 3}, TWO[1]], fields={"3": ["b5", "b6"]})
    g.apply("move 2")
    g.apply("take b5 b6")  # target 13: only with chips
    assert g.success_chance(with_chips=False) == 0 and g.success_chance() > 0
    g.apply("dice 5 6")
    assert g.legal() == ["spend 2", "accept"]
    with pytest.raises(IllegalMoveError, match="exactly the missing 2"):
        g.apply("spend 1")
    g.apply("spend 2")
    assert g.chips[0] == 1 and g.supply == 19 and g.turn.storage == ["b5", "b6"]


def test_gc_5_4_failure_drops_the_storage_on_the_arrow_field():
    g = game_at(TWO, fields={"2": ["b1"], "3": ["b2"]})
    g.apply("move 1")
    g.apply("take b1")
    g.apply("dice 1 1")
    g.apply("move 1")
    g.apply("take b2")
    g.apply("dice 1 2")  # 3 < 2 + 2
    g.apply("accept")
    assert g.fields["3"] == ["b1", "b2"] and g.fields["2"] == []
    assert g.stone[0] == "1" and g.heading[0] == "e" and g.chips[0] == 2


@pytest.mark.parametrize(
    ("held", "supply", "gain"), [(0, 20, 2), (3, 17, 2), (4, 16, 1), (5, 15, 0)]
)
def test_gc_5_5_consolation_caps(held, supply, gain):
    others = 20 - held - supply
    g = game_at(
        [
            {"stone": "1", "heading": "e", "chips": held},
            {"stone": "12", "heading": "w", "chips": others},
        ],
        supply=supply,
    )
    g.apply("move 5 m")
    g.apply("end")
    g.apply("dice 1 1")  # 2 < 5; declining even with chips in hand
    g.apply("accept")
    assert g.chips[0] == held + gain


def test_gc_6_3_sorting_example():
    rows = {"g6": 2}
    g = game_at(
        [{"stone": "1", "heading": "e", "rows": rows}, TWO[1]],
        fields={"2": ["g1", "g3", "g3", "g4"], "3": []},
    )
    g.apply("move 1")
    g.apply("take g1 g3 g3 g4")
    g.apply("dice 6 6")
    g.apply("spend 5") if g.prompt == "chips" else None
    g.apply("stop") if g.prompt == "move" else None
    assert g.prompt == "sort"
    assert g.legal() == ["sort g1>g5 g3>g6 g4>g6", "sort g1>g4 g3>g6 g4>g6"]
    g.apply("sort g4>g6 g3>g6 g1>g5")  # any order
    assert g.rows[0]["g6"] == 4 and g.rows[0]["g5"] == 1
    assert g.fields["2"] == ["g3"]  # the second g3 fits nowhere and returns to the safe


def test_gc_6_2_bars_without_choice_sort_themselves():
    g = game_at(
        [{"stone": "1", "heading": "e", "rows": {"g6": 1, "g5": 1, "g4": 1}}, TWO[1]],
        fields={"2": ["g2"]},
    )
    g.apply("move 1")
    g.apply("take g2")
    g.apply("dice 3 3")
    g.apply("stop")
    assert g.prompt == "sort"  # three rows hold g1: a real choice
    g2 = game_at(
        [{"stone": "1", "heading": "e", "rows": {"g6": 1}}, TWO[1]], fields={"2": ["g2", "b4"]}
    )
    g2.apply("move 1")
    g2.apply("take g2 b4")
    g2.apply("dice 3 4")
    g2.apply("stop")
    assert g2.rows[0]["g6"] == 2 and g2.fields["2"] == ["b4"] and g2.to_move == 1


def test_gc_6_1_stopping_on_an_end_field_sets_the_heading():
    g = game_at(TWO, fields={"E": ["r1"]})
    g.apply("move 4")
    g.apply("take r1")
    g.apply("dice 2 3")
    g.apply("stop")
    assert g.legal() == ["face m", "face s"]
    g.apply("face s")
    assert (g.stone[0], g.heading[0]) == ("E", "s")
    assert g.legal() == ["sort r1>r6", "sort r1>r5", "sort r1>r4"]  # r1 may start any red row
    g.apply("sort r1>r5")
    assert g.rows[0]["r5"] == 1 and g.to_move == 1


def test_gc_4_1_continuing_does_not_advance_the_counter():
    g = game_at(TWO, counter=7, fields={"2": ["b1"]})
    g.apply("move 1")
    g.apply("take b1")
    g.apply("dice 1 1")
    g.apply("move 1")
    assert g.counter == 7


def test_gc_7_1_game_ends_after_turn_36():
    g = game_at(TWO, counter=36)
    g.apply("move 5 m")
    g.apply("end")
    g.apply("dice 3 3")
    assert g.is_over() and g.current_player() == TERMINAL and g.legal() == []


def test_gc_7_2_series_ends_with_two_full_six_rows():
    p0 = {"stone": "1", "heading": "e", "rows": {"g6": 6, "b6": 5}}
    g = game_at([p0, TWO[1]], ending="series", counter=80, fields={"2": ["b6"]})
    g.apply("move 1")
    g.apply("take b6")
    g.apply("dice 3 4")
    g.apply("stop")
    assert g.is_over() and g.winners == [0]


def test_gc_7_2_series_safeguard_after_turn_200():
    g = game_at(TWO, ending="series", counter=200)
    g.apply("move 5 m")
    g.apply("end")
    g.apply("dice 1 1")
    g.apply("accept")
    assert g.is_over()


def test_gc_7_3_score_counts_values_and_bonuses():
    g = game_at(
        [{"stone": "1", "heading": "e", "rows": {"g6": 6, "b5": 5, "r4": 4, "y6": 2}}, TWO[1]]
    )
    assert g.score(0) == 21 + 10 + 15 + 5 + 10 + 3


def test_gc_7_4_ties_go_to_most_chips_then_share():
    a = {"stone": "1", "heading": "e", "rows": {"g6": 2}, "chips": 1}
    b = {"stone": "12", "heading": "w", "rows": {"b6": 2}, "chips": 2}
    g = game_at([a, b], counter=36)
    g.apply("move 5 m")
    g.apply("end")
    g.apply("dice 3 3")
    assert g.winners == [1]
    b["chips"] = 1
    g = game_at([a, b], counter=36)
    for t in ("move 5 m", "end", "dice 3 3"):
        g.apply(t)
    assert g.winners == [0, 1]


def test_an_illegal_token_changes_nothing():
    g = game_at(TWO)
    before = g.summary()
    for bad in ("take b1", "move 0", "move 18", "dice 7 1", "fly", "", "rob g6:1", "sort g1>g6"):
        with pytest.raises(IllegalMoveError):
            g.apply(bad)
    assert g.summary() == before and g.moves == []


def test_robbed_with_nowhere_to_go_the_turn_fails():
    # The rules' gap (docs/rules): after a robbery at step 16 the only field in reach holds a
    # stone that cannot be robbed, so no move is legal; the turn fails as after a roll.
    p = [
        {"stone": "1", "heading": "e", "chips": 5},
        {"stone": "11", "heading": "w", "rows": {"g6": 6, "b6": 3, "y6": 1}},
        {"stone": "10", "heading": "w", "rows": {"r6": 2}},
    ]
    g = game_at(p, supply=15)
    g.apply("move 16 m n s")  # 1-2-3-4-E-8-7-6-5-W-1-2-3-4-E-12-11
    g.apply("rob y6:1")
    g.apply("dice 6 6")
    g.apply("spend 5")  # target 17
    assert g.legal() == ["accept"]
    g.apply("accept")
    assert g.fields["11"].count("y1") >= 1 and g.chips[0] == 2 and g.to_move == 1


def test_clone_is_independent():
    g = game_at(TWO)
    h = g.clone()
    h.apply("move 1")
    assert g.turn.moved is False and g.moves == [] and h.moves == ["move 1"]


def test_position_record_helper_makes_valid_positions():
    rec = position_record(TWO)
    assert record.replay(rec).prompt == "move"


def test_gc_4_2_quick_rob_check_agrees_with_the_full_list():
    import random

    from gold_connection.board import walks

    rng = random.Random(5)
    for _ in range(200):
        rows = {r: rng.randint(0, int(r[1])) for r in ("g6", "g5", "b6", "y5", "r4")}
        if sum(rows.values()) < 10:
            continue
        g = game_at([{"stone": "1", "heading": "e"}, {"stone": "7", "heading": "w", "rows": rows}])
        for w in walks("1", "e", None):
            if w.field == "7":
                full = bool(g._rob_options(1, w.steps))
                assert g._can_act("7", w.steps) == full


def test_summary_without_legal_for_drawing():
    g = game_at(TWO)
    s = g.summary(legal=False)
    assert "legal" not in s and {**s, "legal": g.legal()} == g.summary()


def _near_misses(g, legal, rng):
    """Tokens one bar or one row count away from legal ones (most of them illegal)."""
    out = set()
    bars = sorted(set(b for f in g.fields.values() for b in f))
    for tok in rng.sample(legal, min(len(legal), 20)):
        words = tok.split()
        if words[0] == "take":
            out.add(" ".join([*words, rng.choice(bars)]) if bars else tok)
            if len(words) > 2:
                out.add(" ".join(words[:-1]))
        elif words[0] == "rob":
            row, _, n = words[1].partition(":")
            out.add(f"rob {row}:{int(n) + 1}")
    out.update(["take g6", "take b1 b1 b1 b1 b1 b1 b1", "rob g6:1", "rob b4:3", "end"])
    return out


def test_gc_4_4_direct_legality_agrees_with_the_full_list():
    import random

    rng = random.Random(11)
    checked = 0
    for seed in range(40):
        g = Game.new(["A", "B", "C"][: 2 + seed % 2], seed=seed)
        while not g.is_over() and checked < 4000:
            if g.prompt == "roll":
                g.roll(rng)
                continue
            legal = g.legal()
            if g.prompt == "act":
                for tok in legal + sorted(_near_misses(g, legal, rng)):
                    try:
                        tok = canonical(tok)
                    except IllegalMoveError:
                        continue
                    assert g.is_legal(tok) == (tok in legal), tok
                    checked += 1
                assert g.can_take() == any(t.startswith("take") for t in legal)
                assert (g.victim() is not None) == legal[0].startswith("rob")
            g.apply(rng.choice(legal))
    assert checked > 1000


def test_a_crowded_safe_is_checked_without_listing_every_plunder():
    # all 84 bars on safe 2: ~700 000 plunders; legality, the page's queries and caches stay small
    from gold_connection import game as game_module

    g = game_at(
        [{"stone": "1", "heading": "e"}, {"stone": "10", "heading": "w"}], rest="2", fields={}
    )
    g.apply("move 1")
    assert g.can_take() and g.victim() is None
    assert g.is_legal("take b1 b1 y6 r2") and not g.is_legal("take b6 y6 g6")  # 18 > 17
    assert not g.is_legal("take b1 b1 b1 b1 b1 b1 b1")  # only six b1 exist
    g.apply("take b1 b1 y6 r2")  # no listing needed
    assert g.turn.target == 1 + 1 + 1 + 6 + 2
    crowded = game_at(
        [{"stone": "1", "heading": "e"}, {"stone": "10", "heading": "w"}], rest="2", fields={}
    )
    crowded.apply("move 1")
    tokens = crowded.legal()  # the full list still exists, in the documented order
    assert len(tokens) == 697_728 and tokens[0] == "take b1" and tokens[-1] == "end"
    assert len(set(tokens)) == len(tokens)
    assert all(len(v) <= game_module.CACHED_OPTIONS for v in game_module._TAKES.values())


# ---- what a bot sees beyond rules §9: pending action, arrival, must-move, robbed rows, turns --


def robbery_game(moves):
    # P1's crate holds 10 bars on safe 3, two steps from P0's stone (GC-4.5)
    return game_at(
        [
            {"stone": "1", "heading": "e", "chips": 1, "rows": {"g6": 2}},
            {"stone": "3", "heading": "w", "rows": {"b6": 6, "b5": 4}},
        ],
        fields={"2": ["g3"]},
        rest="3",
        counter=20,
        moves=moves,
    )


def test_summary_names_the_pending_robbery_and_the_rows_robbed():
    g = robbery_game(["move 2", "rob b5:1 b6:1", "dice 1 2"])  # target 2 + 4 + 6
    assert g.prompt == "chips"
    turn = g.summary()["turn"]
    assert turn["pending"] == {
        "action": "rob",
        "victim": 1,
        "rows": {"b5": 1, "b6": 1},
        "bars": ["b4", "b6"],
    }
    assert turn["robbed_rows"] == [] and turn["must_move"] is False
    won = robbery_game(["move 2", "rob b5:1 b6:1", "dice 6 6"])  # GC-5.3: on, never stop
    turn = won.summary()["turn"]
    assert turn["pending"] is None and turn["must_move"] is True and "stop" not in won.legal()
    assert turn["robbed"] == [1]
    assert turn["robbed_rows"] == [  # in the token's canonical order: b6 before b5
        {"victim": 1, "row": "b6", "bars": 1},
        {"victim": 1, "row": "b5", "bars": 1},
    ]


def test_summary_names_the_pending_plunder_and_the_end():
    g = robbery_game(["move 1", "take g3", "dice 1 1"])
    assert g.summary()["turn"]["pending"] == {"action": "take", "bars": ["g3"]}
    g = robbery_game(["move 1", "end"])
    assert g.summary()["turn"]["pending"] == {"action": "end"}
    assert robbery_game(["move 1"]).summary()["turn"]["pending"] is None


def test_summary_names_the_corridor_the_arrow_came_from_at_an_end_field():
    g = game_at(
        [{"stone": "4", "heading": "e"}, {"stone": "10", "heading": "w"}],
        fields={"E": ["g1", "g2"]},
        rest="10",
        counter=30,
        moves=["move 1", "take g1", "dice 6 6"],
    )
    turn = g.summary()["turn"]
    assert (turn["arrow"], turn["heading"], turn["arrived_from"]) == ("E", None, "n")
    assert all(not t.startswith("move 1 n") for t in g.legal())  # GC-2.3: not back into n
    g.apply("move 1 s")
    assert g.summary()["turn"]["arrived_from"] is None  # on safe 12 now, heading w


def test_summary_counts_the_turns_left_for_each_player():
    g = game_at([{"stone": "1", "heading": "e"}, {"stone": "9", "heading": "e"}], counter=33)
    # seat 0 plays turns 33 (now) and 35, seat 1 turns 34 and 36 (GC-7.1)
    assert [p["turns_left"] for p in g.summary()["players"]] == [2, 2]
    g = game_at([{"stone": "1", "heading": "e"}, {"stone": "9", "heading": "e"}], counter=36)
    assert [p["turns_left"] for p in g.summary()["players"]] == [1, 0]
    g.apply("move 1")
    g.apply("end")
    g.apply("dice 1 1")  # 2 >= target 1: the last turn ends (GC-4.6)
    assert g.is_over() and [p["turns_left"] for p in g.summary()["players"]] == [0, 0]
    three = game_at([{"stone": s, "heading": "e"} for s in ("1", "5", "9")], counter=1, to_move=0)
    assert [p["turns_left"] for p in three.summary()["players"]] == [12, 12, 12]
    series = game_at(
        [{"stone": "1", "heading": "e"}, {"stone": "9", "heading": "e"}], ending="series"
    )
    assert [p["turns_left"] for p in series.summary()["players"]] == [None, None]
    fresh = Game.new(["A", "B", "C"], seed=3)
    for token in ("dice 1 2", "place 3", "dice 2 3", "place 5", "dice 3 4", "place 7"):
        assert [p["turns_left"] for p in fresh.summary()["players"]] == [None] * 3
        fresh.apply(token)
    assert fresh.prompt == "face"
    start = fresh.to_move  # the start player faces first and plays turn 1 (GC-3.4)
    left = [p["turns_left"] for p in fresh.summary()["players"]]
    assert left[start] == 12 and sorted(left) == [12, 12, 12]
