"""Links that carry a game: what the embed page reads from its address, and links to make.

The address of ``embed.html`` holds its parameters in the fragment (``#g=…&at=12``), where
they never reach a server, or in the query; both are read, and a parameter given twice is an
error.  The game comes inline (``g``: a payload of :mod:`gamekit.share`) or from a
same-origin path (``src``).  Every problem is a ``(message id, params)`` pair, worded by
:func:`shell.i18n.t` in the page's language; the engine's own English detail goes along as
``detail``, shown as data, never as markup.

>>> p = parse_params("", "g=1abc&at=end&mode=play", ["en", "de"])
>>> p.payload, p.at, p.mode, p.errors
('1abc', 'end', 'play', [])
>>> parse_params("?mode=fly", "", ["en"]).errors[0][0]
'url.mode'
>>> parse_params("", "g=1abc&review=1", ["en"]).review
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Literal
from urllib.parse import parse_qsl, quote

from gamekit import daily, share
from gamekit.errors import RecordError, parse_record

from shell.html import button, esc, modal, tag
from shell.i18n import Message, t
from shell.settings import SPEEDS

PARAMS = ("g", "src", "mode", "at", "autoplay", "speed", "players", "lang", "id", "review")
MODES = ("view", "play")
ID_MAX = 64
SRC_MAX = 300
SRC_PATTERN = re.compile(r"(?!//)[A-Za-z0-9._~/-]+")
MAX_ADDRESS = share.MAX_TEXT + 2_000
"""The longest query plus fragment read; a longer address is refused before it is parsed."""
MAX_FILE = share.MAX_JSON
"""The most characters read from a ``src`` file."""

Problem = Message
At = int | Literal["end"]
"""Where a replay opens: a move number, or its end."""


@dataclass
class Params:
    """What an embed address asks for; ``errors`` lists what is wrong with it."""

    payload: str | None = None
    src: str | None = None
    mode: str = "view"
    at: At | None = None  # a move number, "end", or None (the mode's default)
    autoplay: bool = False
    speed: str = "normal"
    players: str | None = None  # play mode's seats, as written: the game reads them
    lang: str | None = None
    frame_id: str | None = None
    review: bool = False  # show the game's review under the viewer (``review=1``)
    errors: list[Problem] = field(default_factory=list)


def parse_params(query: str, fragment: str, languages: list[str]) -> Params:
    """Read the embed page's address (its query and its fragment, with or without ``?``/``#``)."""
    p = Params()
    query, fragment = query.lstrip("?"), fragment.lstrip("#")
    if len(query) + len(fragment) > MAX_ADDRESS:
        p.errors.append(("link.too_long", {}))
        return p
    values: dict[str, str] = {}
    for text in (query, fragment):
        for key, value in parse_qsl(text, keep_blank_values=True):
            if key not in PARAMS:
                p.errors.append(("url.unknown", {"key": key, "known": ", ".join(PARAMS)}))
            elif key in values:
                p.errors.append(("url.twice", {"key": key}))
            else:
                values[key] = value
    if "g" in values and "src" in values:
        p.errors.append(("url.g_and_src", {}))
    p.payload = values.get("g")
    if "src" in values:
        src = values["src"]
        if len(src) > SRC_MAX or not SRC_PATTERN.fullmatch(src) or ".." in src.split("/"):
            p.errors.append(("url.src", {"value": src[:80]}))
        else:
            p.src = src
    if "mode" in values:
        if values["mode"] in MODES:
            p.mode = values["mode"]
        else:
            p.errors.append(("url.mode", {"value": values["mode"], "known": ", ".join(MODES)}))
    if "at" in values:
        at = values["at"]
        if at == "end":
            p.at = "end"
        elif at.isdigit() and len(at) < 7:
            p.at = int(at)
        else:
            p.errors.append(("url.at", {"value": at[:20]}))
    if "autoplay" in values:
        if values["autoplay"] in ("", "1", "0"):
            p.autoplay = values["autoplay"] != "0"
        else:
            p.errors.append(("url.autoplay", {"value": values["autoplay"][:20]}))
    if "review" in values:
        if values["review"] in ("", "1", "0"):
            p.review = values["review"] != "0"
        else:
            p.errors.append(("url.review", {"value": values["review"][:20]}))
    if "speed" in values:
        if values["speed"] in SPEEDS:
            p.speed = values["speed"]
        else:
            p.errors.append(("url.speed", {"value": values["speed"], "known": ", ".join(SPEEDS)}))
    if "players" in values:
        p.players = values["players"][:200]
    if "lang" in values:
        if values["lang"] in languages:
            p.lang = values["lang"]
        else:
            p.errors.append(
                ("url.lang", {"value": values["lang"][:60], "known": ", ".join(languages)})
            )
    if "id" in values:
        if len(values["id"]) <= ID_MAX and values["id"].isprintable():
            p.frame_id = values["id"]
        else:
            p.errors.append(("url.id", {"max": ID_MAX}))
    return p


# ---- reading a game from a link or a file ---------------------------------------------------

# share.LinkError messages (they are English and for people) -> our message ids.
_LINK_ERRORS = (
    ("the link carries no game", "link.empty"),
    ("the link is too long", "link.too_long"),
    ("the link has an unknown version", "link.version"),
    ("the link holds characters", "link.chars"),
    ("the link's game is too large", "link.too_large"),
    ("the link is cut short", "link.cut"),
    ("the link is damaged", "link.damaged"),
    ("the link has extra characters", "link.damaged"),
    ("the link's game is not a game record", "link.not_record"),
    ("the link's game", "link.unreadable"),  # the reader's limits: nesting, numbers, JSON
)


def problem(error: Exception) -> Problem:
    """A reading error as a message id and params, for the page's language."""
    text = str(error)
    if isinstance(error, share.LinkError):
        for prefix, key in _LINK_ERRORS:
            if text.startswith(prefix):
                return key, {"detail": text}
        return "link.bad", {"detail": text}
    if isinstance(error, RecordError):
        return "link.record", {"detail": text}
    return "link.bad", {"detail": f"{type(error).__name__}: {text}"}


def record_from_payload(payload: str) -> dict[str, Any]:
    """The record in a ``g`` payload (LinkError); the viewer replays and checks it."""
    return share.decode(payload)


def record_from_text(text: str) -> dict[str, Any]:
    """The record in a ``src`` file's text (RecordError); the viewer replays and checks it."""
    data = parse_record(text, what="the file", max_chars=MAX_FILE)
    if not isinstance(data, dict):
        raise RecordError("a record must be a JSON object")
    return data


# ---- making links ---------------------------------------------------------------------------

EMBED_PAGE = "embed.html"


def fragment(rec: dict[str, Any], **params: object) -> str:
    """``g=…`` plus the given parameters (``None`` values left out), for an embed address."""
    parts = [f"g={share.encode(rec)}"]
    parts += [f"{k}={quote(str(v), safe=',:')}" for k, v in params.items() if v is not None]
    return "&".join(parts)


def embed_href(rec: dict[str, Any], **params: object) -> str:
    """A relative link to the embed page showing ``rec``."""
    return f"{EMBED_PAGE}#{fragment(rec, **params)}"


# ---- a link's game against the game in progress --------------------------------------------


def todays_daily(seed: int | None, today: str) -> str | None:
    """The kind of daily game (``island``, ``duel``) when ``seed`` is ``today``'s, else None:
    a day from the archive is practice, not what a "play today's" link asked for.

    >>> todays_daily(2026112601, "2026-11-26"), todays_daily(2026112601, "2026-11-27")
    ('island', None)
    """
    found = daily.day_of(seed)
    return found[1] if found is not None and today and found[0] == today else None


def replace_dialog(
    kind: str,
    title: str,
    text: str,
    keep: tuple[str, str],
    start: tuple[str, str],
    *,
    daily_kind: str | None = None,
    title_id: str = "dialog-title",
) -> str:
    """Every game's question before a new game (a link's, or New game's) replaces the one in
    progress: ``keep`` and ``start`` are (intent, label). Keeping is the default, except when
    the link is today's daily game (``daily_kind``): the player came for it, so it is named
    in the title and its button is first and primary. Escape keeps the game either way."""
    keep_button = button(keep[0], keep[1], kind="" if daily_kind else "primary", key="Esc")
    if daily_kind:
        what = t("daily.what." + daily_kind)
        title = t("daily.link.title", what=what)
        text = t("daily.link.lead", what=what) + " " + text
        buttons = button(start[0], t("daily.play", what=what), kind="primary") + keep_button
    else:
        buttons = keep_button + button(start[0], start[1])
    body = (
        tag("h2", esc(title), id=title_id)
        + tag("p", esc(text), id=title_id + "-text")
        + tag("div", buttons, cls="actions")
    )
    return modal(
        kind,
        body,
        role="alertdialog",
        labelled_by=title_id,
        aria_describedby=title_id + "-text",
        data_dialog=kind,
        data_daily=daily_kind,
    )
