"""The site shell's own choices, the same for every game on the site: the language.

The language comes from the address (``lang=``), else from the one the visitor chose before
(remembered in the site's store), else from the browser's list of preferred languages,
else English.  Game-agnostic: nothing here knows Gold Connection.

>>> from shell.store import MemoryBackend, Store
>>> store = Store(MemoryBackend(), "site")
>>> choose_language(store, None, ["de-AT", "en"])
'de'
>>> _ = remember_language(store, "hu"); choose_language(store, None, ["de-AT"])
'hu'
>>> choose_language(store, "nl", ["de-AT"])
'nl'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from shell import i18n
from shell.html import esc, tag
from shell.store import Store

PREFS = "prefs"
GLOBE = (  # drawn, as fonts may lack the emoji
    '<svg class="ico" width="18" height="18" viewBox="0 0 24 24" aria-hidden="true"'
    ' focusable="false">'
    '<g fill="none" stroke="currentColor" stroke-width="1.6"><circle cx="12" cy="12" r="9"/>'
    '<path d="M3 12h18M12 3c3 3 3 15 0 18M12 3c-3 3-3 15 0 18"/></g></svg>'
)


def browser_language(preferred: Iterable[str]) -> str | None:
    """The first of the browser's languages (``navigator.languages``) that we have."""
    for code in preferred:
        primary = str(code).split("-")[0].split("_")[0].lower()
        if primary in i18n.CATALOGUES:
            return primary
    return None


def remembered_language(store: Store) -> str | None:
    prefs = store.get(PREFS, {})
    lang = prefs.get("lang") if isinstance(prefs, dict) else None
    return lang if lang in i18n.CATALOGUES else None


def choose_language(store: Store, asked: str | None, browser: Iterable[str]) -> str:
    """Pick the language (see the module's docstring), switch to it and return it."""
    return i18n.set_language(asked or remembered_language(store) or browser_language(browser))


def remember_language(store: Store, code: str) -> bool:
    """Switch to ``code`` and keep it for the next visit; False if it is not a language we have."""
    if code not in i18n.CATALOGUES:
        return False
    prefs = store.get(PREFS, {})
    prefs = prefs if isinstance(prefs, dict) else {}
    store.set(PREFS, {**prefs, "lang": code})
    i18n.set_language(code)
    return True


def language_select(**values: object) -> str:
    """A ``<select data-setting="lang">`` naming each language in itself; ``values`` add
    attributes to its label (``data_tool`` …)."""
    options = "".join(
        tag(
            "option",
            esc(i18n.CATALOGUES[code].get("lang.name", code)),
            value=code,
            lang=code,
            selected=code == i18n.language(),
        )
        for code in i18n.languages()
    )
    return tag(
        "label",
        GLOBE + tag("select", options, data_setting="lang", aria_label=i18n.t("site.language")),
        cls="lang-pick",
        **values,
    )


def link_problems(items: Sequence[i18n.Message]) -> str:
    """The top of a game's new-game form opened because its address could not start a game:
    what was wrong with it, each in a line (the page's notices, behind the form, say the
    same). "" when nothing was.

    >>> _ = i18n.set_language("en")
    >>> link_problems([("gg.url.map", {"value": "z", "known": "a, b"})])[:46]
    '<div class="link-problems" role="alert"><p>The'
    """
    if not items:
        return ""
    lines = "".join(tag("li", esc(i18n.t(key, **params))) for key, params in items)
    return tag(
        "div",
        tag("p", esc(i18n.t("site.link_problems"))) + tag("ul", lines),
        cls="link-problems",
        role="alert",
    )
