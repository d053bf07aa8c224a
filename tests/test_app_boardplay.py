"""Choices on the pictures (CPython): rows of a crate to rob from and to sort into, the ghost
of where a sorted bar lands, no hopeless longer way among the panel's buttons, and computer
turns told in the third person in all four languages."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from app import boardplay, view, words
from app.app import App
from app.brain import Brain
from app.i18n import set_language
from app.panel import HOPELESS_BELOW, _longer_ways, best_chance, panel
from app.session import Session, walk_end
from app.store import MemoryBackend
from gold_connection import svg
from helpers import position_record
from test_app_session import position_session


def crate_svg(s: Session, seat: int) -> ET.Element:
    marks = boardplay.crate_marks(s, seat)
    return ET.fromstring(svg.crate(view.summary(s), seat, **marks))


def rows_named(root: ET.Element) -> dict[str, str]:
    return {
        row.get("data-choice"): el.get("aria-label")
        for row in root.iter()
        if row.get("data-choice")
        for el in row.iter()
        if el.get("role") == "button"
    }


def ghost_places(s: Session) -> list[tuple[str, str]]:
    return [
        (row.get("data-row"), el.get("data-ghost"))
        for row in crate_svg(s, 0).iter()
        if row.get("data-row")
        for el in row.iter()
        if el.get("data-ghost")
    ]


def test_rob_by_tapping_the_victims_rows():
    set_language("en")
    s = position_session(victim_rows={"g6": 3, "b5": 2, "y6": 5}, fields={"2": []})
    assert s.intent("field", "2") and s.victim() == 1 and not s.safe_bars()
    root = crate_svg(s, 1)
    assert rows_named(root) == {
        "g6": "green 6-row: rob from the top, green 3 on top",
        "b5": "blue 5-row: rob from the top, blue 2 on top",
        "y6": "yellow 6-row: rob from the top, yellow 5 on top",
    }
    assert all(el.get("tabindex") == "0" for el in root.iter() if el.get("role") == "button")
    assert s.intent("row", "g6/2")  # bar 2 and the bar above it
    assert s.rob_token() == "rob g6:2"
    picked = [
        el.get("data-bar")
        for el in crate_svg(s, 1).iter()
        if "sel" in (el.get("class") or "").split()
    ]
    assert sorted(picked) == ["g2", "g3"]
    assert s.intent("row", "b5") and s.rob_token() == "rob b5:1 g6:2"  # a row: one more
    assert s.intent("row", "b5") and s.intent("row", "b5") and s.rob_token() == "rob g6:2"
    assert s.intent("row", "g6/2") and s.rob_token() == "rob g6:1"  # tapped again: un-named
    assert boardplay.crate_marks(s, 0) == {}, "only the victim's rows are choices"


def test_sort_by_tapping_a_row_with_a_ghost_where_each_bar_lands():
    set_language("en")
    players = [{"stone": "1", "heading": "e"}, {"stone": "12", "heading": "w"}]
    rec = position_record(
        players, fields={"2": ["g1", "g2"]}, moves=["move 1", "take g1", "dice 6 6", "stop"]
    )
    rec["players"] = [{"name": "Ada"}, {"name": "Bob"}]
    rec["seed"] = 1
    s = Session.from_record(rec)
    assert s.game.prompt == "sort"
    root = crate_svg(s, 0)
    assert set(rows_named(root)) == {"g6", "g5", "g4"}
    assert rows_named(root)["g5"] == "green 5-row: put green 1 here"
    assert ghost_places(s) == [("g6", "g1")], "g1 would land in the first row that takes it"
    assert s.intent("row", "g5") and s.sort_token() == "sort g1>g5"
    assert ghost_places(s) == [("g5", "g1")]
    assert not s.intent("row", "g5"), "already there"
    assert s.intent("sort") and s.game.rows[0]["g5"] == 1


def test_no_hopeless_longer_way_is_offered():
    hidden = shown = 0
    for steps in (0, 3, 6, 9):
        s = position_session()  # Ada on safe 1 facing east: long rounds through both ends
        s.game.turn.steps = steps  # as if she had walked that far this turn
        group = _longer_ways(s)
        offered = {b.arg for b in group.buttons} if group else set()
        for field, tokens in s.destinations().items():
            for tok in tokens[1:]:
                assert walk_end(s.game, tok) == field
                hopeless = best_chance(s.game, field, int(tok.split()[1])) < HOPELESS_BELOW
                assert (tok in offered) != hopeless, tok
                hidden += hopeless
                shown += not hopeless
    assert hidden and shown, (hidden, shown)


SECOND_PERSON = {
    "en": r"\b(you|your)\b",
    "de": r"\b(du|dein\w*|dich|dir|Sie|Ihr\w*)\b",
    "nl": r"\b(je|jij|jou|jouw|u|uw)\b",
    "hu": r"\b(te|téged|neked|tiéd|a te|önnek|ön)\b",
}


@pytest.mark.parametrize("lang", sorted(SECOND_PERSON))
def test_computer_turns_are_told_in_the_third_person_in_every_language(lang):
    set_language(lang)
    app = App(MemoryBackend(), "?players=ai:greedy,ai:medium&names=Bot,Rob&seed=5")
    brain = Brain()
    seen = set()
    try:
        while app.session.game.counter < 4:
            s = app.session
            p = panel(s)
            text = " ".join([p.title, *p.lines])
            assert not re.search(SECOND_PERSON[lang], text, re.I), text
            assert words.name(s.game, s.game.to_move) in text, text
            seen.add(s.game.prompt)
            roll = s.waiting() == "ai-roll"
            app.computer_plays(None if roll else brain.decide(app.record_json()))
    finally:
        set_language("en")
    assert {"roll", "move", "act"} <= seen


def test_skip_is_offered_during_a_computer_turn_only_where_the_page_can_skip(monkeypatch):
    set_language("en")
    app = App(MemoryBackend(), "?players=ai:greedy,human&seed=3")
    assert app.session.waiting().startswith("ai")
    assert not [b for b in panel(app.session).actions if b.intent == "skip"]  # the embed page
    monkeypatch.setattr("app.panel.OFFER_SKIP", True)
    (skip,) = [b for b in panel(app.session).actions if b.intent == "skip"]
    assert skip.label == "Skip to the result" and skip.key == "K" and skip.kind == "secondary"
