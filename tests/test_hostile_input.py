"""Whatever a file, a link or a typed move throws at the engine, the answer is its own error
with one short line: never a hang, a RecursionError, a bare ValueError or a huge message.

These are the classes issue #9's probe found (deep nesting, huge numbers, invalid UTF-8,
superscript digits, 10 MB names and tokens, bytes after a link's data), plus hypothesis
strategies that mix them into otherwise valid records and links.
"""

import base64
import json
import subprocess
import sys
import zlib
from pathlib import Path

import pytest
from gamekit.safejson import MAX_MESSAGE, InputError, one_line, read
from gold_connection import Game, IllegalMoveError, canonical, record, share
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

REPO = Path(__file__).resolve().parent.parent
GOOD = Game.new(["Ada", "Bob"], seed=3).record()


def _pack(raw: bytes, extra: bytes = b"") -> str:
    return "1" + base64.urlsafe_b64encode(zlib.compress(raw, 9) + extra).decode().rstrip("=")


def _short(e: Exception) -> None:
    text = str(e)
    assert "\n" not in text and 0 < len(text) <= MAX_MESSAGE, text[:300]


NASTY_TEXTS = [
    '{"format":"gold-connection/1","players":' + "[" * 10_000 + "]" * 10_000 + "}",
    "[" * 100_000 + "]" * 100_000,
    "{" * 50_000,
    '{"format":"gold-connection/1","seed":' + "9" * 5000 + "}",
    '{"a": NaN}',
    '"' + "x" * 200_000 + '"',
    "",
    "\ufeff",
    '{"format": "' + "f" * 10_000_000 + '"}',
]


@pytest.mark.parametrize("text", NASTY_TEXTS, ids=lambda t: f"{t[:12]!r}~{len(t)}")
def test_nasty_record_texts_are_one_line_record_errors(text):
    with pytest.raises(record.RecordError) as e:
        record.loads(text)
    _short(e.value)
    with pytest.raises(share.LinkError) as e:
        share.decode(_pack(text.encode()))
    _short(e.value)


def test_bytes_are_utf8_and_a_byte_order_mark_is_fine():
    text = json.dumps(GOOD)
    assert record.loads(b"\xef\xbb\xbf" + text.encode()).summary() == record.loads(text).summary()
    assert record.loads("\ufeff" + text).moves == []
    with pytest.raises(record.RecordError, match=r"not UTF-8 text \(byte 0xff at position 0\)"):
        record.loads(b"\xff{}")


def test_limits_are_checked_before_decoding():
    # depth 32 reads, depth 33 does not: the JSON decoder never sees what would overflow it
    assert read("[" * 32 + "]" * 32) is not None
    with pytest.raises(InputError, match="nested 33 levels"):
        read("[" * 33 + "]" * 33)
    # brackets inside strings are text, not nesting; escaped quotes do not end a string
    assert read(json.dumps({"a": "[" * 1000 + '\\"{'})) == {"a": "[" * 1000 + '\\"{'}
    with pytest.raises(InputError, match="41\\+ digits"):
        read("[" + "1" * 41 + "]")
    with pytest.raises(InputError, match="characters long"):
        read("[1]", max_chars=2)


def test_a_link_with_bytes_after_its_data_is_refused():
    good = share.encode(GOOD)
    assert share.decode(good) == GOOD
    raw = json.dumps(GOOD, separators=(",", ":")).encode()
    assert share.decode(_pack(raw)) == GOOD
    with pytest.raises(share.LinkError, match="extra characters"):
        share.decode(_pack(raw, b"trailing"))


@pytest.mark.parametrize(
    "token",
    ["dice ³ 5", "dice 1 " + "9" * 5000, "move " + "9" * 5000, "place ²", "spend ٣", "x" * 10**7],
    ids=["superscript", "5000-digit die", "5000-digit move", "place superscript", "arabic", "10MB"],
)
def test_odd_numbers_in_moves_are_illegal_move_errors(token):
    with pytest.raises(IllegalMoveError) as e:
        canonical(token)
    _short(e.value)
    g = Game.new(["A", "B"], seed=1)
    before = g.summary()
    with pytest.raises(IllegalMoveError):
        g.apply(token)
    assert g.summary() == before


def test_huge_names_tokens_and_keys_give_short_messages():
    huge = "n" * 10_000_000
    for rec in (
        {**GOOD, "players": [{"name": huge}, {"name": "B"}]},
        {**GOOD, huge: 1},
        {**GOOD, "moves": [huge]},
        {**GOOD, "format": huge},
    ):
        with pytest.raises(record.RecordError) as e:
            record.replay(rec)
        _short(e.value)


def test_one_line_keeps_both_ends():
    text = one_line("move 3 " + "x" * 5000 + " is not legal")
    assert text.startswith("move 3 x") and text.endswith("is not legal") and len(text) == 200


# ---- hypothesis: valid records with something hostile mixed in ----------------------------------

HOSTILE = st.one_of(
    st.text(max_size=50),
    st.integers(min_value=-(10**60), max_value=10**60),
    st.floats(allow_nan=True),
    st.recursive(
        st.none() | st.booleans() | st.text(max_size=5),
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner),
        max_leaves=20,
    ),
    st.integers(1, 60).map(lambda d: "[" * d + "]" * d),  # turned into raw nesting below
)
KEYS = ["format", "players", "seed", "options", "setup", "position", "moves", "extra"]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(key=st.sampled_from(KEYS), value=HOSTILE, depth=st.integers(0, 3000))
def test_records_with_hostile_values_replay_or_fail_cleanly(key, value, depth):
    rec = {**GOOD, key: value}
    text = json.dumps(rec, allow_nan=True)
    if depth:
        text = text[:-1] + ', "deep": ' + "[" * depth + "]" * depth + "}"
    for attempt in (lambda: record.loads(text), lambda: share.load(_pack(text.encode()))):
        try:
            attempt()
        except record.RecordError as e:  # LinkError is one too
            _short(e)


@settings(max_examples=150, deadline=None)
@given(payload=st.text(max_size=300) | st.binary(max_size=300).map(lambda b: _pack(b)))
def test_any_link_payload_decodes_or_fails_cleanly(payload):
    try:
        share.load(payload)
    except record.RecordError as e:
        _short(e)


@settings(max_examples=200, deadline=None)
@given(token=st.text(max_size=60))
def test_any_token_is_canonical_or_an_illegal_move_error(token):
    g = Game.new(["A", "B"], seed=2)
    try:
        g.apply(token)
    except IllegalMoveError as e:
        _short(e)


# ---- the command lines: one error line, exit 2, no traceback ------------------------------------


@pytest.mark.parametrize(
    "data",
    [b"\xff{}", b'{"seed":' + b"9" * 5000 + b"}", b"[" * 100_000, b"\xef\xbb\xbf{}"],
    ids=["invalid utf-8", "5000 digits", "100000 nested", "bom+empty object"],
)
def test_cli_and_embed_link_print_one_error_line(data, tmp_path):
    path = tmp_path / "bad.json"
    path.write_bytes(data)
    env = {"PYTHONPATH": str(REPO / "py")}
    commands = [
        [sys.executable, "-m", "gold_connection", "replay", str(path)],
        [sys.executable, "-m", "gold_connection", "render", str(path)],
        [sys.executable, "-m", "gold_connection", "replay", "-"],
        [sys.executable, str(REPO / "scripts" / "embed_link.py"), str(path)],
    ]
    for cmd in commands:
        out = subprocess.run(cmd, input=data, env=env, capture_output=True, timeout=60)
        err = out.stderr.decode()
        assert out.returncode == 2, (cmd, err)
        assert err.startswith("error: ") and err.count("\n") == 1 and len(err) <= 210, err[:300]


def test_cli_usage_errors_are_one_line():
    env = {"PYTHONPATH": str(REPO / "py")}
    for args in (["render", "--at", "x", "f.json"], ["new", "--seed", "9" * 5000], ["nonsense"]):
        cmd = [sys.executable, "-m", "gold_connection", *args]
        out = subprocess.run(cmd, env=env, capture_output=True, text=True)
        assert out.returncode == 2 and out.stderr.count("\n") == 1, out.stderr
        assert out.stderr.startswith("error: ") and len(out.stderr) <= 210
