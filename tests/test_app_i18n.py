"""Four languages: every catalogue has every message with the same placeholders, the rules'
own terms follow the rulebooks (seeds), and the language is picked, switched and remembered."""

from __future__ import annotations

import json
import random
import re
import string
from html.parser import HTMLParser
from pathlib import Path

import games
import pytest
from shell import i18n, site
from shell.store import MemoryBackend, Store

for _game in games.GAMES:  # every game's messages in the catalogue, as the site has them
    _game.module("messages")

LANGUAGES = ("en", "de", "nl", "hu")
REPO = Path(__file__).resolve().parents[1]
_FORMATTER = string.Formatter()


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in _FORMATTER.parse(template) if name is not None}


# Words that are the same in English and a translation.
SHARED_WORDS = (
    "Gold Connection",
    "Go for Gold",
    "Computer",
    "computer",
    "Normal",
    "West",
    "expert",
    "Series",
    "Details",
)


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


# The rules' words in each language are the rulebooks' (docs/rules/gold-connection.md lists them).
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


# ---- no text outside the catalogues ------------------------------------------------------------
# Every screen is drawn in a pseudo-language whose every message is wrapped in ⟦…⟧; whatever
# text is left once the wrapped parts are taken out must be notation, not words.

OPEN, CLOSE = "⟦", "⟧"
NAMES = ["①", "②"]  # player names without letters
NOT_WORDS = {
    "W",
    "E",
    "A",
    "B",
    "C",
    "D",  # field ids and player marks (notation)
    "Gold",
    "Connection",  # the game's name in the pictures' titles
    "English",
    "Deutsch",
    "Nederlands",
    "Magyar",  # the switcher: each catalogue's lang.name
    *NAMES,
}
# bars, rule clause ids, Go for Gold's fields (the how-to page's labelled island names them)
NOTATION = re.compile(r"\b(?:[bygr][1-6]|G[CG]-\d+(?:\.\d+)?|[a-m](?:1[01]|[1-9]))\b")


class _Texts(HTMLParser):
    ATTRS = ("aria-label", "title", "placeholder", "aria-valuetext")

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.texts: list[str] = []
        self.code = 0

    def handle_starttag(self, tag, attrs):
        self.code += tag in ("code", "kbd")
        self.texts.extend(value for name, value in attrs if name in self.ATTRS and value)

    def handle_endtag(self, tag):
        self.code -= tag in ("code", "kbd")

    def handle_data(self, data):
        if not self.code:  # <code> holds tokens, <kbd> keys: notation
            self.texts.append(data)


def stray_words(html: str) -> list[str]:
    parser = _Texts()
    parser.feed(html)
    out = []
    for text in parser.texts:
        text = NOTATION.sub("", text)
        while True:
            stripped = re.sub(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}", "", text)
            if stripped == text:
                break
            text = stripped
        out += [w for w in re.findall(r"[^\W\d_]+", text) if w not in NOT_WORDS]
    return out


@pytest.fixture
def pseudo():
    i18n.CATALOGUES["xx"] = {key: OPEN + text + CLOSE for key, text in i18n.EN.items()}
    i18n.set_language("xx")
    yield
    del i18n.CATALOGUES["xx"]
    i18n.set_language("en")


def screens_of_a_whole_game():
    """The game page's parts at every prompt of a whole hot-seat game, with every dialog."""
    from pages.gold_connection.controller import App
    from pages.gold_connection.settings import Seat, Setup
    from shell.store import MemoryBackend

    app = App(MemoryBackend(), "?speed=fast&colour=red", ["xx"])  # a notice about the address
    yield app.parts()
    app.intent("new")  # the new-game form
    yield app.parts()
    app.start(Setup([Seat(NAMES[0]), Seat(NAMES[1], "greedy")], "counter", 3))
    app.open_share("https://example.org/embed.html#g=1abc", copied=True)
    yield app.parts()
    app.intent("close")
    app.start(Setup([Seat(NAMES[0]), Seat(NAMES[1])], "counter", 3))
    rng = random.Random(2)
    seen = set()
    game = app.session.game
    while not game.is_over():
        key = (game.prompt, bool(game.turn and game.turn.storage), app.session.can_undo())
        if key not in seen:
            seen.add(key)
            yield app.parts()
        if game.prompt == "roll":
            app.intent("roll")
        else:
            app.session.play(rng.choice(game.legal()))
        game = app.session.game
    app.check_over()
    yield app.parts()  # the end screen


def screens_of_the_viewer():
    from pages.gold_connection.replay import Viewer
    from shell.replay import error_html, standalone_bar

    rec = json.loads((REPO / "scenarios" / "gc-8-4-robbery.json").read_text())
    rec["players"] = [{"name": n} for n in NAMES]
    v = Viewer(rec, at=99, seats=[None, "greedy", None])  # two notices
    for i in range(v.total + 1):
        v.goto(i)
        yield v.parts()
    v.intent("play")
    yield v.parts()
    for key in [k for k in i18n.EN if k.startswith("link.")]:
        yield {"error": error_html(key, {"src": "x.json", "status": 404, "detail": "move 1"})}
    yield {"bar": standalone_bar("Gold Connection", "./")}


@pytest.mark.usefixtures("pseudo")
def test_no_text_of_the_game_page_is_written_outside_the_catalogues():
    found = set()
    for parts in screens_of_a_whole_game():
        for html in parts.values():
            found.update(stray_words(html))
    assert not found, f"words not from the message table: {sorted(found)}"


@pytest.mark.usefixtures("pseudo")
def test_no_text_of_screen_reader_mode_is_written_outside_the_catalogues():
    """Its region, its news and every reading command's answer, through a whole game."""
    from pages.gold_connection import screenreader as spoken
    from pages.gold_connection.controller import App
    from pages.gold_connection.settings import Seat, Setup
    from shell import screenreader
    from shell.store import MemoryBackend

    app = App(MemoryBackend(), "", ["xx"])
    app.start(Setup([Seat(NAMES[0]), Seat(NAMES[1], "greedy")], "counter", 5))
    narrator, line = spoken.Narrator(), spoken.commands(app)
    said = [screenreader.toggle_html(True), screenreader.region_html([("h", [OPEN + "…" + CLOSE])])]
    rng = random.Random(3)
    game = app.session.game
    while not game.is_over():
        said += [text for _, text in narrator.news(app.session)]
        for command in ("h", "l", "o", "s", "w", "f 7", "f E", "p 1", "p 2", "f x", "zz"):
            said += line.run(command).lines
        if game.prompt == "roll":
            app.session.roll()
        else:
            app.session.play(rng.choice(game.legal()))
        game = app.session.game
    app.check_over()
    said += [text for _, text in narrator.news(app.session)] + line.run("w").lines
    found = set()
    for text in said:
        found.update(stray_words(f"<p>{text}</p>"))
    assert not found, f"words not from the message table: {sorted(found)}"


@pytest.mark.usefixtures("pseudo")
def test_no_text_of_the_embed_and_howto_pages_is_written_outside_the_catalogues():
    import games

    found = set()
    for parts in screens_of_the_viewer():
        for html in parts.values():
            found.update(stray_words(html))
    found.update(stray_words(games.howto_page()))
    assert not found, f"words not from the message table: {sorted(found)}"


def test_the_static_pages_say_nothing_before_they_know_their_language():
    """embed.html and howto.html show a spinner, not words, until Python has drawn them."""
    for name in ("embed.html", "howto.html"):
        html = (REPO / name).read_text()
        body = html[html.index("<body") :]
        assert stray_words(re.sub(r"<script.*?</script>", "", body, flags=re.S)) == [], name


def test_the_check_itself_finds_a_word_written_in_the_code():
    html = '<p title="Close">⟦Turn {n}⟧ of <b>⟦x ⟦y⟧ z⟧</b> b3 GC-4.5 <code>take b3</code></p>'
    assert stray_words(html) == ["Close", "of"]


# ---- counts: one plural rule per language ------------------------------------------------------

COUNTS = (0, 1, 2, 5)


def sample(name: str, n: int) -> object:
    """A value for a placeholder: the count for anything counted, a word otherwise."""
    return n if name in ("n", "count", "steps", "target", "sum", "missing", "left") else "Ada"


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_message_renders_with_counts_0_1_2_and_5(code):
    i18n.set_language(code)
    keys = {k.rsplit(".", 1)[0] if k.endswith((".one", ".other")) else k for k in i18n.EN}
    for key in sorted(keys):
        for n in COUNTS:
            if i18n.counted(key):
                params = {p: sample(p, n) for p in placeholders(i18n.EN[key + ".other"])}
                params.pop("n", None)
                text = i18n.tn(key, n, **params)
            else:
                text = i18n.t(key, **{p: sample(p, n) for p in placeholders(i18n.EN[key])})
            assert not re.search(r"\{\w*\}", text), (code, key, n, text)
            assert text != key, (code, key)


@pytest.mark.parametrize(
    ("code", "one", "two"),
    [
        ("en", "1 step", "2 steps"),
        ("de", "1 Schritt", "2 Schritte"),
        ("nl", "1 stap", "2 stappen"),
        ("hu", "1 lépés", "2 lépés"),  # a noun after a numeral stays singular
    ],
)
def test_plural_forms_follow_each_language(code, one, two):
    i18n.set_language(code)
    assert (i18n.tn("count.steps", 1), i18n.tn("count.steps", 2)) == (one, two)
    assert i18n.tn("count.steps", 0) == two.replace("2", "0")


def test_a_single_bar_goes_back_and_several_go_back():
    from pages.gold_connection import phrases as words

    params = {"name": "Ada", "placed": ["b1"], "gain": 1, "score": 1, "field": "3"}
    one = words.log_text("log.sorted_back", {**params, "back": ["y3"], "n": 1})
    two = words.log_text("log.sorted_back", {**params, "back": ["y3", "g2"], "n": 2})
    assert "yellow 3 goes back" in one and "+1 point, 1" in one
    assert "yellow 3 and green 2 go back" in two
    moved = words.log_text("log.move", {"name": "Ada", "steps": 1, "field": "2", "total": 1})
    assert moved == "Ada moves 1 to safe 2 (1 step this turn)."


@pytest.mark.parametrize("code", LANGUAGES)
def test_words_that_agree_with_one_thing_are_singular_in_every_language(code):
    """Hungarian keeps a noun singular after a numeral (2 lépés), but the named bar that stays
    in the safe is one bar, in Hungarian too ("marad", not "maradnak")."""
    i18n.set_language(code)
    one = i18n.tn_agree("stake.named_take", 1, bars="red 6")
    two = i18n.tn_agree("stake.named_take", 2, bars="red 6, blue 2")
    assert one == i18n.t("stake.named_take.one", bars="red 6") != two
    if code == "hu":
        assert one.endswith("marad.") and two.endswith("maradnak.")
    # one winner won alone: "Ada nyert!", not "Ada együtt nyertek!" (won together)
    alone = i18n.tn_agree("end.title", 1, names="Ada")
    assert alone == i18n.t("end.title.one", names="Ada")
    assert i18n.tn_agree("panel.over.title", 1, names="Ada") == i18n.t("panel.over.title.one",
                                                                        names="Ada")


# A plural verb after a count a message takes as a plain number ("1 fehlen", "er zijn er 1"):
# such a number needs a counted message (tn) or wording whose verb does not follow it.
PLURAL_VERB_AFTER_ONE = {
    "de": r"\b1 (fehlen|bleiben|wären|sind|liegen)\b",
    "nl": r"\b(zijn|blijven|gaan|liggen) er 1\b|\ber (zijn|blijven) 1\b|\b1 (zijn|blijven)\b",
}


@pytest.mark.parametrize("code", sorted(PLURAL_VERB_AFTER_ONE))
def test_a_count_of_one_takes_a_singular_verb(code):
    i18n.set_language(code)
    for key, template in i18n.EN.items():
        if key.endswith((".one", ".other")):
            continue
        text = i18n.t(key, **{p: sample(p, 1) for p in placeholders(template)})
        assert not re.search(PLURAL_VERB_AFTER_ONE[code], text), (code, key, text)


def test_no_message_puts_a_possessive_on_a_name():
    for code in LANGUAGES:
        for key, text in i18n.CATALOGUES[code].items():
            assert not re.search(r"\{(name|victim|receiver|names)\}(['’]s|s)\b", text), (code, key)


def test_default_names_follow_the_language_and_chosen_names_stay():
    from pages.gold_connection.settings import localized_name

    i18n.set_language("de")
    assert localized_name("Player 1") == "Spieler 1"
    assert localized_name("Bot (expert)") == "Bot (Experte)"
    assert localized_name("Ada") == "Ada"
    i18n.set_language("nl")
    assert localized_name("Spieler 2") == "Speler 2"
    i18n.set_language("hu")
    assert localized_name("Player 3") == "3. játékos"


def test_a_touch_screen_says_tap():
    i18n.set_touch(True)
    try:
        assert i18n.t("panel.move.text").startswith("Tap ")
        i18n.set_language("de")
        assert i18n.t("panel.place.text").startswith("Tippe ")
    finally:
        i18n.set_touch(False)
    assert i18n.t("panel.place.text").startswith("Klicke ")
