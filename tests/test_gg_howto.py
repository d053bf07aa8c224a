"""Go for Gold's part of the how-to page (py/pages/go_for_gold/howto.py): the labelled island
drawn from the page's own state, its marks on the fields they explain, a round step by step,
the rules and two live examples, in every language; the page's title names the game."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from games import howto_title
from go_for_gold.board import FOOT, HARBOUR, SHOVEL, TREASURES
from pages.go_for_gold import howto
from pages.go_for_gold.replay import Viewer
from shell import i18n

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def test_the_picture_is_the_second_example_at_its_second_round():
    mia = json.loads((ROOT / howto.EXAMPLES[1].src).read_text())
    assert howto.PICTURE["moves"][:-1] == mia["moves"][: len(howto.PICTURE["moves"]) - 1]
    app = howto.picture_app()
    assert (app.game.prompt, app.game.die, app.building) == ("move", 5, ["c5", "b4"])
    # what the page lights after c6 → c5 → b4 with 5 steps: two ways on, one dead end
    assert app.next_steps() == {"c3", "c4"} and app.dead_ends() == {"b5"}


def test_each_mark_sits_on_the_field_it_explains():
    isl = howto.picture_app().game.island
    kinds = dict(howto.MARKS)
    assert isl.marks[kinds["harbour"]] == HARBOUR == isl.marks[kinds["names"]]
    assert isl.marks[kinds["shovel"]] == SHOVEL and isl.marks[kinds["foot"]] == FOOT
    assert isl.marks[kinds["treasure"]] in TREASURES and isl.temple(kinds["temple"])
    app = howto.picture_app()
    sheet = app.game.sheets[0]
    assert kinds["trail"] in sheet.visited and kinds["pawn"] == sheet.at
    assert kinds["path"] in app.building and kinds["next"] in app.next_steps()
    assert kinds["dead"] in app.dead_ends()


def test_the_island_names_every_field_and_numbers_its_parts():
    figure = howto.island_picture(howto.picture_app())
    svg = ET.fromstring(re.search(r"<svg.*</svg>", figure, re.S).group(0))
    ns = "{http://www.w3.org/2000/svg}"
    names = [e.text for e in svg.iter(f"{ns}text") if e.get("class") == "hw-field-name"]
    assert len(names) == len(howto.picture_app().game.island.marks) and "a6" in names
    marks = [e for e in svg.iter(f"{ns}g") if e.get("class") == "hw-mark"]
    assert [m.find(f"{ns}text").text for m in marks] == [str(n) for n in range(1, 12)]
    assert svg.get("role") == "img" and svg.get("aria-describedby") == "hw-island-legend"
    assert figure.count("<li>") == len(howto.MARKS)
    assert re.search(r'class="field [a-z ]*\bnext\b', figure)
    assert re.search(r'class="field [a-z ]*\bdead\b', figure)


@pytest.mark.parametrize("code", ["en", "de", "nl", "hu"])
def test_the_section_reads_in_every_language(code):
    i18n.set_language(code)
    html = howto.section()
    assert "gg.howto" not in html and "{" not in html
    for anchor in ("go-for-gold", "gg-round", "gg-rules", "gg-keys", "gg-examples"):
        assert f'id="{anchor}"' in html
    steps = re.search(r'<ol class="hw-steps">(.*?)</ol>', html).group(1)
    assert steps.count("<li>") == howto.ROUND_STEPS
    assert html.count('data-example="') == 2
    i18n.set_language("en")
    assert "“Draw this path”" in howto.section()  # the page's own button, quoted
    keys = re.search(r'id="gg-keys">.*?</h2><p>(.*?)</p>', howto.section()).group(1)
    assert "H asks for a hint" in keys and "K skips" in keys  # as the game page lists them


def test_both_examples_replay_as_their_texts_say():
    for ex in howto.EXAMPLES:
        rec = json.loads((ROOT / ex.src).read_text())
        v = Viewer(rec, at="end")
        assert v.at == len(rec["moves"])
    mia = Viewer(json.loads((ROOT / howto.EXAMPLES[1].src).read_text()), at="end").states[-1]
    assert mia.sheets[0].entries == [3, 9] and mia.temples_closed == ["e6"]
    assert mia.sheets[0].shovels == 0  # a temple spends every shovel (GG-4.2)


def test_the_how_to_page_is_titled_for_the_game_its_address_names():
    assert howto_title("#go-for-gold") == "How to play Go for Gold"
    assert howto_title("#gold-connection") == "How to play Gold Connection"
    assert howto_title("#gg-round") == howto_title("") == "How to play"
    i18n.set_language("de")
    assert howto_title("#go-for-gold") == "So wird Go for Gold gespielt"


def test_drawing_the_picture_keeps_the_language_and_names_the_sheet_as_asked():
    i18n.set_language("de")
    figure = howto.island_picture(howto.picture_app())
    assert i18n.language() == "de"  # the page's state it is drawn from chose none of its own
    assert "Ein Anker: ein Hafen." in figure and "<title>f2, Schaufel</title>" in figure
    assert 'aria-label="Die Insel, beschriftet"' in figure  # the name given, not a field's
