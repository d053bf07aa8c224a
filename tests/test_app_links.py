"""Embed addresses and game links: every parameter read, every broken link named for what is
wrong with it, and a link that decodes still checked by replaying it."""

from __future__ import annotations

import base64
import json
import zlib
from pathlib import Path

import pytest
from gold_connection import Game, RecordError, share
from gold_connection.record import MAX_NAME
from pages.gold_connection.replay import Viewer, parse_seats
from shell import links
from shell.share import share_dialog, share_url

LANGS = ["en", "de", "nl", "hu"]
SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"


def keys(p: links.Params) -> list[str]:
    return [key for key, _ in p.errors]


def payload_of(raw: bytes) -> str:
    """A payload made by hand: version 1, deflated bytes, base64url without padding."""
    return "1" + base64.urlsafe_b64encode(zlib.compress(raw)).decode().rstrip("=")


# ---- the address ------------------------------------------------------------------------------


def test_defaults():
    p = links.parse_params("", "g=1abc", LANGS)
    assert (p.payload, p.src, p.mode, p.at, p.autoplay, p.speed, p.players, p.lang) == (
        "1abc",
        None,
        "view",
        None,
        False,
        "normal",
        None,
        None,
    )
    assert p.errors == []


def test_every_parameter_is_read_from_the_fragment_or_the_query():
    p = links.parse_params(
        "?lang=de&id=ex-1",
        "#src=scenarios/gc-8-3-sorting.json&mode=play&at=4&autoplay=1&speed=fast"
        "&players=human,ai:greedy",
        LANGS,
    )
    assert p.errors == []
    assert p.src == "scenarios/gc-8-3-sorting.json"
    assert (p.mode, p.at, p.autoplay, p.speed, p.lang, p.frame_id) == (
        "play",
        4,
        True,
        "fast",
        "de",
        "ex-1",
    )
    assert parse_seats(p.players, p.errors) == [None, "greedy"] and p.errors == []
    assert links.parse_params("", "g=1a&at=end&autoplay", LANGS).at == "end"
    assert links.parse_params("", "g=1a&autoplay", LANGS).autoplay is True
    assert links.parse_params("", "g=1a&autoplay=0", LANGS).autoplay is False


@pytest.mark.parametrize(
    "fragment, key",
    [
        ("g=1a&colour=red", "url.unknown"),
        ("g=1a&g=1b", "url.twice"),
        ("g=1a&src=x.json", "url.g_and_src"),
        ("src=https://evil.example/x.json", "url.src"),
        ("src=//evil.example/x.json", "url.src"),
        ("src=../secret.json", "url.src"),
        ("src=a<b>.json", "url.src"),
        ("g=1a&mode=edit", "url.mode"),
        ("g=1a&at=-1", "url.at"),
        ("g=1a&at=12345678", "url.at"),
        ("g=1a&autoplay=yes", "url.autoplay"),
        ("g=1a&speed=warp", "url.speed"),
        ("g=1a&lang=fr", "url.lang"),
        ("g=1a&id=" + "x" * 80, "url.id"),
        ("g=1a&players=human", "url.players_count"),
        ("g=1a&players=human,robot", "url.player"),
        ("g=1a&players=human,ai:godlike", "url.ai"),
        ("g=" + "A" * (share.MAX_TEXT + 5000), "link.too_long"),
    ],
)
def test_a_bad_parameter_is_named(fragment, key):
    p = links.parse_params("", fragment, LANGS)
    if p.players is not None:  # the game reads its seats (Gold Connection's open_replay)
        parse_seats(p.players, p.errors)
    assert key in keys(p)


def test_the_query_and_the_fragment_may_not_both_give_a_parameter():
    assert keys(links.parse_params("?mode=play", "mode=view&g=1a", LANGS)) == ["url.twice"]


# ---- broken links -----------------------------------------------------------------------------


def a_record() -> dict:
    g = Game.new(["Ada", "Bob"], seed=5)
    for token in ("dice 1 2", "place 3", "dice 2 2", "place 4"):
        g.apply(token)
    return g.record()


def problem_of(text: str) -> str:
    try:
        Viewer(links.record_from_payload(text))
    except (ValueError, TypeError) as e:
        return links.problem(e)[0]
    raise AssertionError("the link was read")


@pytest.mark.parametrize(
    "make, key",
    [
        (lambda good: "", "link.empty"),
        (lambda good: "1" + "A" * share.MAX_TEXT, "link.too_long"),
        (lambda good: "2" + good[1:], "link.version"),
        (lambda good: good[:20] + "$" + good[20:], "link.chars"),
        (lambda good: good[: len(good) // 2], "link.cut"),
        (lambda good: "1A", "link.damaged"),
        (lambda good: payload_of(b" " * (share.MAX_JSON + 10)), "link.too_large"),
        (lambda good: payload_of(b"\xff\xfe{}"), "link.unreadable"),
        (lambda good: payload_of(b"[1, 2, 3]"), "link.not_record"),
    ],
)
def test_a_broken_link_says_what_is_wrong(make, key):
    good = share.encode(a_record())
    assert problem_of(make(good)) == key


def test_a_tampered_link_that_decodes_is_still_checked_move_by_move():
    rec = a_record()
    rec["moves"][1] = "place 12"  # not a safe the dice allow
    key, params = links.problem(_error(lambda: Viewer(share.decode(share.encode(rec)))))
    assert key == "link.record"
    assert "move 1 'place 12'" in params["detail"]


def test_a_tampered_record_shape_is_refused():
    for bad in ({"format": "x"}, {**a_record(), "extra": 1}, {**a_record(), "moves": "dice"}):
        key, _ = links.problem(_error(lambda bad=bad: Viewer(bad)))
        assert key == "link.record"


def _error(call):
    try:
        call()
    except (ValueError, TypeError) as e:
        return e
    raise AssertionError("no error")


def test_every_link_error_of_the_engine_has_its_own_message():
    """share.py's reasons, as it words them, each map to a message of ours (not link.bad)."""
    for text in ("", "1" + "A" * share.MAX_TEXT, "2x", "1a$", "1A", payload_of(b"[1]")):
        try:
            share.decode(text)
        except share.LinkError as e:
            assert links.problem(e)[0] != "link.bad", str(e)


def test_a_file_that_is_not_json_or_too_big_is_refused():
    with pytest.raises(RecordError):
        links.record_from_text("{not json")
    with pytest.raises(RecordError):
        links.record_from_text("[1, 2]")
    with pytest.raises(RecordError):
        links.record_from_text(" " * (links.MAX_FILE + 1))


def test_the_scenarios_read_as_files():
    for path in sorted(SCENARIOS.glob("*.json")):
        rec = links.record_from_text(path.read_text())
        assert Viewer(rec).total == len(rec["moves"])


# ---- making links -----------------------------------------------------------------------------


def test_a_link_round_trips_through_the_address():
    rec = a_record()
    href = links.embed_href(rec, at=2, mode="play")
    page, _, fragment = href.partition("#")
    assert page == "embed.html"
    p = links.parse_params("", fragment, LANGS)
    assert p.errors == [] and (p.at, p.mode) == (2, "play")
    assert links.record_from_payload(p.payload) == json.loads(json.dumps(rec))


def test_share_url_sits_next_to_the_game_page():
    rec = a_record()
    url = share_url("http://127.0.0.1:8000/sub/index.html?players=human,ai#x", rec)
    assert url.startswith("http://127.0.0.1:8000/sub/embed.html#g=1")


def test_the_share_dialog_shows_the_link_as_data():
    url = 'https://example.org/embed.html#g=1abc&x="><script>'
    html = share_dialog(url, copied=False)
    assert "<script>" not in html and "&quot;&gt;&lt;script&gt;" in html
    assert 'data-dialog="share"' in html and "readonly" in html


def test_names_cannot_inject_markup():
    rec = a_record()
    rec["players"][0]["name"] = '<img src=x onerror="alert(1)">'[:MAX_NAME]
    v = Viewer(links.record_from_payload(share.encode(rec)))
    for html in v.parts().values():
        assert "<img" not in html
    v.intent("play")
    for html in v.parts().values():
        assert "<img" not in html
