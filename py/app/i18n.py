"""One message table for every text the page shows, and one lookup function.

Game-agnostic: the catalogue maps message ids to ``str.format`` templates per language.
English, German, Dutch and Hungarian are complete (tests/test_app_i18n.py checks every id
and placeholder); missing ids would fall back to English.

>>> t("app.title")
'Gold Connection'
>>> tn("count.chips", 1), tn("count.chips", 3)
('1 chip', '3 chips')
"""

from __future__ import annotations

from .messages_de import DE
from .messages_en import EN
from .messages_hu import HU
from .messages_nl import NL

DEFAULT = "en"
CATALOGUES: dict[str, dict[str, str]] = {"en": EN, "de": DE, "nl": NL, "hu": HU}
_current = [DEFAULT]


def extend(tables: dict[str, dict[str, str]]) -> None:
    """Add another page's messages (ids with their own prefix) to the one table."""
    for code, table in tables.items():
        CATALOGUES[code].update(table)


def languages() -> list[str]:
    return list(CATALOGUES)


def set_language(code: str | None) -> str:
    """Switch the language; an unknown code keeps the default. Returns the language in force."""
    _current[0] = code if code in CATALOGUES else DEFAULT
    return _current[0]


def language() -> str:
    return _current[0]


def t(key: str, /, **params: object) -> str:
    """The message ``key`` in the current language, its ``{placeholders}`` filled in.

    An unknown id shows as itself (visible in tests, never a crash on the page).
    """
    text = CATALOGUES[_current[0]].get(key)
    if text is None:
        text = EN.get(key, key)
    return text.format(**params) if params else text


def tn(key: str, n: int, /, **params: object) -> str:
    """A message with a count: ``key.one`` for 1, ``key.other`` otherwise; ``{n}`` is the count."""
    return t(f"{key}.one" if n == 1 else f"{key}.other", n=n, **params)


def has(key: str) -> bool:
    return key in EN
