"""Tokens read and printed in canonical form (rules §9)."""

import pytest
from gold_connection.notation import IllegalMoveError, canonical


@pytest.mark.parametrize(
    ("text", "canon"),
    [
        ("dice 5 3", "dice 3 5"),
        ("  TAKE g3   b2 b1 ", "take b1 b2 g3"),
        ("rob g6:2 b5:1", "rob b5:1 g6:2"),
        ("sort g3>g6 g1>g5 g4>g6", "sort g1>g5 g3>g6 g4>g6"),
        ("move 5 m", "move 5 m"),
        ("place 08", "place 8"),
        ("face E", "face e"),
        ("spend 2", "spend 2"),
        ("accept", "accept"),
    ],
)
def test_canonical_forms(text, canon):
    assert canonical(text) == canon
    assert canonical(canon) == canon


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "empty"),
        ("jump 3", "unknown move"),
        ("dice 0 3", "a die"),
        ("dice 3", "two dice"),
        ("take x9", "not a bar"),
        ("take", "at least one bar"),
        ("move 18", "1 to 17"),
        ("move 3 q", "corridor"),
        ("rob g7:1", "not a row"),
        ("rob g6:1 g6:2", "named twice"),
        ("rob g6:x", "number of bars"),
        ("sort g1-g6", "bar>row"),
        ("place 13", "numbered safe"),
        ("face x", "heading"),
        ("end now", "no arguments"),
        ("spend 9", "chips"),
    ],
)
def test_malformed_tokens_say_what_is_wrong(text, reason):
    with pytest.raises(IllegalMoveError, match=reason):
        canonical(text)


def test_non_strings_are_rejected():
    with pytest.raises(IllegalMoveError):
        canonical(None)
