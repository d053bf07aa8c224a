"""The islands (GG-1): hex neighbours, harbours clockwise, and maps checked on load."""

import pytest
from go_for_gold.board import MapError, island, names, parse


def test_gg_1_1_neighbours_share_an_edge_in_odd_r_layout():
    a = island("a")
    assert set(a.neighbours["g1"]) == {"f2", "g2"}
    assert set(a.neighbours["b6"]) == {"a6", "c6", "b5", "c5", "b7", "c7"}
    for f, near in a.neighbours.items():  # symmetric, land only
        assert all(f in a.neighbours[n] for n in near)


def test_gg_2_2_harbours_clockwise_from_the_top():
    assert island("a").harbours == ("g1", "m6", "g11", "a6")
    assert island("b").harbours == ("d1", "m3", "k11", "a5")
    assert island("a").next_harbour("a6", 1) == "g1"


def test_the_shipped_maps_are_a_and_b():
    assert names() == ["a", "b"]
    with pytest.raises(MapError, match="no map"):
        island("zz")


GOOD = "\n".join(
    [
        "~ H . S ~",
        "~ R . B H",
        "H G . Y ~",
        "~ 3 F . H",
    ]
)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (GOOD.replace("H", ".", 1), "3 harbours"),
        (GOOD.replace("R", "."), "0 red temples"),
        (GOOD.replace("~ H . S ~", "~ H . S"), "line 2 has 5 fields, not 4"),
        (GOOD.replace("S", "X"), "unknown mark"),
        (GOOD + "\n~ ~ ~ ~ ~\n. ~ ~ ~ ~", "not connected"),
        ("", "empty"),
    ],
)
def test_a_bad_map_is_refused_with_the_reason(text, message):
    with pytest.raises(MapError, match=message):
        parse("test", text)
