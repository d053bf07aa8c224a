"""Records as compact, URL-safe text for links, decoded defensively (every game's).

A link payload is ``"1"`` (the version) followed by the record's compact JSON, deflated and
base64url-encoded without padding.  Decoding checks the size before and after inflating,
so a broken, truncated, oversized or tampered payload raises :class:`LinkError` with a
plain reason; a payload that decodes is still a record each game's reader checks field by
field and move by move (e.g. :func:`gold_connection.share.load`).  No game is imported here,
so a page links games without loading another game's engine.

>>> text = encode({"format": "x/1", "players": [{"name": "Ada"}]})
>>> text[:1], decode(text)["players"][0]["name"]
('1', 'Ada')
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from typing import Any

from .errors import RecordError
from .safejson import InputError, clip, read

VERSION = "1"
MAX_TEXT = 32_000
"""The longest payload read: a long series game is about 3 000 characters."""
MAX_JSON = 400_000
"""The most bytes a payload may inflate to (against deflate bombs)."""


class LinkError(RecordError):
    """A link payload that cannot be read."""


def encode(rec: dict[str, Any]) -> str:
    """A record as URL-safe text (letters, digits, ``-`` and ``_`` only)."""
    raw = json.dumps(rec, separators=(",", ":"), ensure_ascii=False).encode()
    packed = zlib.compress(raw, 9)
    return VERSION + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def decode(text: str) -> dict[str, Any]:
    """The record in a payload made by :func:`encode`; LinkError says what is wrong."""
    if not isinstance(text, str) or not text:
        raise LinkError("the link carries no game")
    if len(text) > MAX_TEXT:
        raise LinkError(f"the link is too long ({len(text)} characters; at most {MAX_TEXT})")
    if text[0] != VERSION:
        raise LinkError(
            f"the link has an unknown version {clip(text[0])} (this page reads {VERSION!r})"
        )
    body = text[1:]
    if body.strip("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"):
        raise LinkError("the link holds characters that no game link has")
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        inflater = zlib.decompressobj()
        raw = inflater.decompress(packed, MAX_JSON)
        if inflater.unconsumed_tail:
            raise LinkError("the link's game is too large")
        if not inflater.eof:
            raise LinkError("the link is cut short (was it copied whole?)")
        if inflater.unused_data:
            raise LinkError("the link has extra characters after its game (was it edited?)")
    except (binascii.Error, ValueError, zlib.error) as e:
        if isinstance(e, LinkError):
            raise
        raise LinkError("the link is damaged (was it copied whole?)") from None
    try:
        data = read(raw, what="the link's game", max_chars=MAX_JSON)
    except InputError as e:
        raise LinkError(str(e)) from None
    if not isinstance(data, dict):
        raise LinkError("the link's game is not a game record")
    return data
