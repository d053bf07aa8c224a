"""Share links: compact, URL-safe, and decoded defensively."""

import base64
import json
import zlib

import pytest
from gamekit.match import random_playout
from gold_connection import Game, RecordError, share


def test_a_whole_game_fits_in_a_short_link():
    import random

    rng = random.Random(3)
    g = random_playout(Game.new(["A", "B", "C", "D"], rng=rng), rng)
    text = share.encode(g.record())
    assert len(text) < 3000
    assert set(text) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    assert share.load(text).summary() == g.summary()
    assert share.load(text, upto=5).moves == g.moves[:5]


def _payload(obj) -> str:
    raw = obj if isinstance(obj, bytes) else json.dumps(obj).encode()
    return "1" + base64.urlsafe_b64encode(zlib.compress(raw)).decode().rstrip("=")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "no game"),
        ("2abc", "unknown version"),
        ("1<script>", "characters"),
        ("1" + "A" * 40_000, "too long"),
        ("1abc", "damaged"),
        (_payload(b"not json"), "not JSON"),
        (_payload([1, 2]), "not a game record"),
        (
            "1" + base64.urlsafe_b64encode(zlib.compress(b"0" * 1_000_000)).decode().rstrip("="),
            "too large",
        ),
    ],
)
def test_broken_links_say_what_is_wrong(text, message):
    with pytest.raises(share.LinkError, match=message):
        share.load(text)


def test_a_truncated_link_is_reported():
    text = share.encode(Game.new(["Ada", "Bob"], seed=1).record())
    with pytest.raises(share.LinkError, match="cut short|damaged"):
        share.load(text[: len(text) // 2])


def test_a_tampered_record_is_refused_by_the_rules():
    rec = Game.new(["Ada", "Bob"], seed=1).record()
    rec["moves"] = ["dice 1 2", "place 9"]
    with pytest.raises(RecordError, match="move 1 'place 9'"):
        share.load(share.encode(rec))
    rec = Game.new(["<img src=x onerror=alert(1)>" * 3, "Bob"], seed=1).record()
    with pytest.raises(RecordError, match="at most 40"):
        share.load(share.encode(rec))
