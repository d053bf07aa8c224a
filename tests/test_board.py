"""The vault's topology (GC-2)."""

from gold_connection.board import CORRIDORS, FIELDS, MAX_STEPS, exits, step, walks


def test_gc_2_1_fourteen_fields_three_corridors():
    assert len(FIELDS) == 14 and FIELDS[0] == "W" and FIELDS[-1] == "E"
    assert CORRIDORS == {
        "n": ("1", "2", "3", "4"),
        "m": ("5", "6", "7", "8"),
        "s": ("9", "10", "11", "12"),
    }


def test_gc_2_1_end_fields_touch_the_corridor_ends():
    assert {step("W", c)[0] for c in "nms"} == {"1", "5", "9"}
    assert {step("E", c)[0] for c in "nms"} == {"4", "8", "12"}
    assert step("1", "w") == ("W", None, "n")
    assert step("12", "e") == ("E", None, "s")


def test_gc_2_3_steps_go_forward_along_the_corridor():
    assert step("6", "e") == ("7", "e", None)
    assert step("6", "w") == ("5", "w", None)


def test_gc_2_3_never_back_into_the_corridor_it_came_from():
    assert exits("m") == ("n", "s")
    assert exits(None) == ("n", "m", "s")


def test_walks_are_unique_and_bounded():
    for start in (("W", "n", None), ("W", None, "m"), ("7", "e", None), ("E", None, "s")):
        ws = walks(*start)
        assert len({w.token for w in ws}) == len(ws)
        assert max(w.steps for w in ws) == MAX_STEPS
        assert all(len(w.choices) == w.token.count(" ") - 1 for w in ws)


def test_walk_from_a_resting_end_field_names_the_corridor_first():
    ws = walks("W", None, "n")
    assert [w.token for w in ws[:2]] == ["move 1 m", "move 1 s"]
    assert (ws[0].field, ws[1].field) == ("5", "9")
