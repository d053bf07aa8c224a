"""Four languages: every catalogue has every message with the same placeholders, the rules'
own terms follow the rulebooks (seeds), and the language is picked, switched and remembered."""

from __future__ import annotations

import string

import pytest
from app import i18n, site
from app.store import MemoryBackend, Store

LANGUAGES = ("en", "de", "nl", "hu")
_FORMATTER = string.Formatter()


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in _FORMATTER.parse(template) if name is not None}


# Words that are the same in English and a translation.
SHARED_WORDS = ("Gold Connection", "Computer", "computer", "Normal", "West", "expert", "Series",
                "Details")


def words_of(template: str) -> str:
    """The template's own letters, without its placeholders and the words shared by design."""
    text = "".join(literal for literal, _, _, _ in _FORMATTER.parse(template))
    for word in SHARED_WORDS:
        text = text.replace(word, "")
    return "".join(c for c in text if c.isalpha())


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


def test_the_four_languages_are_registered():
    assert tuple(i18n.languages()) == LANGUAGES


@pytest.mark.parametrize("code", LANGUAGES[1:])
def test_every_catalogue_has_every_message_and_nothing_else(code):
    catalogue = i18n.CATALOGUES[code]
    missing = sorted(set(i18n.EN) - set(catalogue))
    extra = sorted(set(catalogue) - set(i18n.EN))
    assert not missing, f"{code} lacks {len(missing)} messages: {missing[:20]}"
    assert not extra, f"{code} has messages English lacks: {extra[:20]}"


@pytest.mark.parametrize("code", LANGUAGES[1:])
def test_every_translation_fills_in_the_same_placeholders(code):
    catalogue = i18n.CATALOGUES[code]
    wrong = {
        key: (sorted(placeholders(i18n.EN[key])), sorted(placeholders(text)))
        for key, text in catalogue.items()
        if key in i18n.EN and placeholders(i18n.EN[key]) != placeholders(text)
    }
    assert not wrong, f"{code}: placeholders differ: {wrong}"


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_message_formats_with_its_placeholders(code):
    for key, text in i18n.CATALOGUES[code].items():
        values = dict.fromkeys(placeholders(text), "x")
        assert text.format(**values), key


@pytest.mark.parametrize("code", LANGUAGES[1:])
def test_a_translation_is_not_left_in_english(code):
    """A handful of equal texts are fine (names, symbols, notation); prose is not."""
    same = [
        key
        for key, text in i18n.CATALOGUES[code].items()
        if text == i18n.EN[key] and len(words_of(text)) > 3
    ]
    assert not same, f"{code} still has English texts: {same}"


# The rules' own words in each language follow the rulebooks in /work/shared/seeds/.
TERMS = {
    "de": {
        "howto.material.2": ["Trost-Chips", "Zug-Zähler"],
        "field.safe": ["Panzerschrank"],
        "stake.none": ["Ablagefach"],
        "svg.stone": ["Räuberstein"],
        "howto.roll.title": ["Beutewurf"],
        "howto.material.3": ["Transportkiste", "Räuberstein", "Pfeil"],
        "count.chips.other": ["Trost-Chips"],
    },
    "nl": {
        "howto.material.2": ["troostfiches", "beurtmarker"],
        "field.safe": ["brandkast"],
        "stake.none": ["aflegvak"],
        "svg.stone": ["Roversteen"],
        "howto.material.3": ["transportkoffer", "roversteen", "pijl"],
        "count.chips.other": ["troostfiches"],
    },
    "hu": {
        "howto.material.2": ["vigaszkorong", "fordulószámláló"],
        "field.safe": ["széf"],
        "stake.none": ["tárolórekesz"],
        "svg.stone": ["rablóköve"],
        "howto.roll.title": ["zsákmányoló dobás"],
        "howto.material.3": ["szállítóládája", "rablóköve", "nyila"],
        "count.chips.other": ["vigaszkorong"],
    },
}


@pytest.mark.parametrize("code", sorted(TERMS))
def test_the_rules_terms_follow_the_rulebooks(code):
    for key, words in TERMS[code].items():
        for word in words:
            assert word in i18n.CATALOGUES[code][key], (code, key, word)


def test_t_uses_the_language_in_force():
    i18n.set_language("de")
    assert i18n.tn("count.chips", 2) == "2 Trost-Chips"
    i18n.set_language("hu")
    assert i18n.t("lang.name") == "Magyar"
    assert i18n.set_language("xx") == "en"


# ---- picking, switching and remembering the language ----------------------------------------


def test_the_browser_language_picks_a_catalogue():
    store = Store(MemoryBackend(), "site")
    assert site.choose_language(store, None, ["fr-FR", "nl-BE", "en"]) == "nl"
    assert site.choose_language(store, None, ["hu_HU"]) == "hu"
    assert site.choose_language(store, None, ["fr", "ja"]) == "en"
    assert site.choose_language(store, None, []) == "en"


def test_a_remembered_choice_beats_the_browser_and_the_address_beats_both():
    backend = MemoryBackend()
    store = Store(backend, "site")
    assert site.remember_language(store, "de")
    assert site.choose_language(Store(backend, "site"), None, ["nl"]) == "de"
    assert site.choose_language(store, "hu", ["nl"]) == "hu"
    assert not site.remember_language(store, "xx")
    assert site.remembered_language(store) == "de"


def test_remembering_keeps_other_site_preferences():
    backend = MemoryBackend({"site:prefs": '{"theme": "dark"}'})
    store = Store(backend, "site")
    site.remember_language(store, "nl")
    assert store.get("prefs") == {"theme": "dark", "lang": "nl"}


def test_a_broken_remembered_choice_is_ignored():
    store = Store(MemoryBackend({"site:prefs": '{"lang": "klingon"}'}), "site")
    assert site.choose_language(store, None, ["de"]) == "de"
    store = Store(MemoryBackend({"site:prefs": "not json"}), "site")
    assert site.choose_language(store, None, ["hu"]) == "hu"


def test_the_switcher_names_each_language_in_itself():
    i18n.set_language("de")
    html = site.language_select()
    for name in ("English", "Deutsch", "Nederlands", "Magyar"):
        assert name in html
    assert 'value="de" lang="de" selected' in html
    assert 'data-setting="lang"' in html and 'aria-label="Sprache"' in html
