"""One message table for every text the site shows, and one lookup function.

Game-agnostic: the catalogue maps message ids to ``str.format`` templates per language.
English, German, Dutch and Hungarian are complete (tests/test_app_i18n.py checks every id
and placeholder); missing ids would fall back to English.

>>> t("btn.copy")
'Copy the link'
>>> t("viewer.step", at=3, total=40)
'Move 3 of 40'


Counted messages have one id per plural form (``key.one``, ``key.other``); which form a
count takes is each language's :data:`PLURALS` rule, the only place that decides it.
On a touch screen (:func:`set_touch`) a message ``key.tap`` replaces ``key``: "Tap", not
"Click".
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from shell import messages

DEFAULT = "en"
Message = tuple[str, Mapping[str, object]]
"""A message id and its params, said as ``t(key, **params)`` in the language of the moment."""
CATALOGUES: dict[str, dict[str, str]] = {code: dict(t) for code, t in messages.TABLES.items()}
"""The site's messages, then each game's as its page package registers them (:func:`extend`)."""
EN = CATALOGUES[DEFAULT]
_current = [DEFAULT]
_touch = [False]


def _one_other(n: int) -> str:
    return "one" if n == 1 else "other"


PLURALS: dict[str, Callable[[int], str]] = {
    "en": _one_other,
    "de": _one_other,
    "nl": _one_other,
    "hu": lambda n: "other",  # a noun after a numeral stays singular: 2 lépés
}
"""Each language's plural rule: the form (``one``, ``other``) a count takes."""


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


def set_touch(touch: bool) -> None:
    """Word for a touch screen (the page asks ``(hover: none)``): tap rather than click."""
    _touch[0] = bool(touch)


def touch() -> bool:
    return _touch[0]


def t(key: str, /, **params: object) -> str:
    """The message ``key`` in the current language, its ``{placeholders}`` filled in.

    An unknown id shows as itself (visible in tests, never a crash on the page).
    """
    catalogue = CATALOGUES[_current[0]]
    text = catalogue.get(key + ".tap") if _touch[0] else None
    if text is None:
        text = catalogue.get(key)
    if text is None:
        text = EN.get(key, key)
    return text.format(**params) if params else text


def plural(n: int) -> str:
    """The plural form of ``n`` in the current language."""
    return PLURALS.get(_current[0], _one_other)(n)


def counted(key: str) -> bool:
    """Whether ``key`` is a counted message (has plural forms)."""
    return key + ".other" in EN


def tn(key: str, n: int, /, **params: object) -> str:
    """A counted message: the form of ``n`` (:func:`plural`); ``{n}`` is the count."""
    return t(f"{key}.{plural(n)}", n=n, **params)


def tn_agree(key: str, n: int, /, **params: object) -> str:
    """A message whose words agree with how many things it names, with no count before a
    noun (Hungarian keeps a noun singular after a numeral, 2 lépés, but says "the named bar
    stays", "the named bars stay"): the ``one`` form for exactly one in every language."""
    return t(f"{key}.{'one' if n == 1 else 'other'}", n=n, **params)


def has(key: str) -> bool:
    return key in EN


class Later:
    """A word of a message kept for later (a notice, a roll's outcome): worded when the message
    is drawn, in the language then in force, not in the one of the moment it was kept.

    >>> later = Later(lambda n: tn("stats.imported", int(n)), "5")
    >>> _ = set_language("de"); str(later)
    'Importiert: 5 Spiele hinzugefügt.'
    >>> _ = set_language("en"); f"{later}"
    'Imported: 5 games added.'
    """

    def __init__(self, word: Callable[[str], str], arg: str):
        self.word, self.arg = word, arg

    def __format__(self, spec: str) -> str:
        return format(self.word(self.arg), spec)

    def __str__(self) -> str:
        return self.word(self.arg)

