"""Choices on the pictures (CPython): rows of a crate to rob from and to sort into, the ghost
of where a sorted bar lands, a longer way built on the vault corridor by corridor with no
hopeless walk offered, and computer turns told in the third person in all four languages."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from gold_connection import svg
from helpers import position_record
from pages.gold_connection import boardplay, view
from pages.gold_connection import phrases as words
from pages.gold_connection.ai_service import AiService
from pages.gold_connection.controller import App
from pages.gold_connection.panel import panel, way_text
from pages.gold_connection.session import HOPELESS_BELOW, Session, best_chance, follows, walk_end
from shell.i18n import set_language
from shell.store import MemoryBackend
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
    assert equivalents(root)["green 5-row"] == "#panel [data-intent='sortpick'][data-arg$=':g5']"
    assert re.search(r'data-intent="sortpick" data-arg="\d+:g5"', view.panel_html(s))
    assert ghost_places(s) == [("g6", "g1")], "g1 would land in the first row that takes it"
    assert s.intent("row", "g5") and s.sort_token() == "sort g1>g5"
    assert ghost_places(s) == [("g5", "g1")]
    assert not s.intent("row", "g5"), "already there"
    assert s.intent("sort") and s.game.rows[0]["g5"] == 1


def vault_svg(s: Session) -> ET.Element:
    return ET.fromstring(view.board(s, view.summary(s)))


def turn_buttons(root: ET.Element) -> dict[str, str]:
    return {el.get("data-via"): el.get("aria-label") for el in root.iter() if el.get("data-via")}


def test_a_longer_way_is_built_corridor_by_corridor_on_the_vault():
    """GC-2.3: on W or E the arrow enters one of the two other corridors; the player picks it
    on the vault (or by ↑/↓), the way grows to the next end field, a tap walks it."""
    set_language("en")
    s = position_session()  # Ada on 1 facing east, Bob on 12
    assert {f: w.token for f, w in s.reach().items()}["7"] == "move 6 m", "shortest first"
    assert s.route_end() == (["1", "2", "3", "4", "E"], "n")
    root = vault_svg(s)
    assert turn_buttons(root) == {
        "m": "Into the middle corridor (↑), 4 steps to the east end (E)",
        "s": "Into the south corridor (↓), 4 steps to the east end (E)",
    }
    assert all(el.get("tabindex") == "0" for el in root.iter() if el.get("data-via"))
    assert not [el for el in root.iter() if el.get("class") == "way-path"], "nothing built yet"

    assert s.intent("via", "down") and s.sel.route == ("s",)
    path, came = s.route_end()
    assert path[-1] == "W" and came == "s" and len(path) - 1 == 9
    assert set(s.corridors()) <= {"n", "m"}
    assert all(follows(w.choices, ("s",)) for w in s.reach().values())
    assert "8" not in s.reach(), "the middle corridor is not on this way"
    assert s.reach()["11"].token == "move 6 s"
    assert way_text(s).startswith("Your way: E → south; 9 steps so far, to the west end (W).")
    assert way_text(s).endswith("Esc or Undo goes one corridor back.")
    root = vault_svg(s)
    assert [el for el in root.iter() if el.get("class") == "way-path"]
    assert set(turn_buttons(root)) == set(s.corridors())
    assert "way" in {g.cls for g in panel(s).groups}

    # Undo and Escape go back one corridor at a time; then Escape clears as before
    assert s.can_undo() and s.intent("undo") and s.sel.route == ()
    assert s.intent("via", "s") and s.intent("cancel") and s.sel.route == ()
    assert not s.intent("via", "n"), "n is where the arrow comes from at E (GC-2.3)"

    # a tap or a typed number walks the way built: 11 by the south corridor
    assert s.intent("via", "s") and s.intent("type", "1") and s.intent("type", "1")
    assert s.game.moves[-1] == "move 6 s" and s.sel.route == ()
    assert s.game.turn.heading == "w"


def test_no_hopeless_longer_way_is_offered():
    hidden = shown = 0
    players = [{"stone": "4", "heading": "e"}, {"stone": "12", "heading": "w"}]
    for steps in (0, 3, 6, 9):
        s = Session.from_record(position_record(players))  # Ada on 4, about to reach E
        s.game.turn.steps = steps  # as if she had walked that far this turn
        s._offered = ((), [])
        shortest = {f: int(tokens[0].split()[1]) for f, tokens in s.destinations().items()}
        offered = {w.token for w in s.offered()}
        for field, tokens in s.destinations().items():
            for tok in tokens:
                assert walk_end(s.game, tok) == field
                n = int(tok.split()[1])
                hopeless = n > shortest[field] and best_chance(s.game, field, n) < HOPELESS_BELOW
                assert (tok in offered) != hopeless, tok
                hidden += hopeless
                shown += n > shortest[field] and not hopeless
        # every corridor offered on the vault leads to something offered
        stack = [()]
        while stack:
            s.sel.route = stack.pop()
            assert s.reach(), s.sel.route
            stack.extend((*s.sel.route, c) for c in s.corridors())
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
    brain = AiService()
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
    monkeypatch.setattr("pages.gold_connection.panel.OFFER_SKIP", True)
    (skip,) = [b for b in panel(app.session).actions if b.intent == "skip"]
    assert skip.label == "Skip to the result" and skip.key == "K" and skip.kind == "secondary"


def equivalents(root: ET.Element) -> dict[str, str]:
    """Each small button on a picture (a corridor's disc, a crate row's frame): the selector
    of its equal control in the panel."""
    return {
        el.get("data-via") or el.get("aria-label", "").split(":")[0]: el.get("data-equivalent")
        for el in root.iter()
        if el.get("role") == "button" and el.get("data-equivalent")
    }


def test_the_small_buttons_on_the_pictures_point_to_their_panel_buttons():
    """WCAG 2.2 2.5.8: a corridor's disc on a phone's vault is 10-16 px, a crate row 18-23 px
    tall; the panel's button that does the same is their equal control, and they say which."""
    set_language("en")
    s = position_session()
    via = equivalents(vault_svg(s))
    panel = view.panel_html(s)
    assert via == {
        "m": "#panel [data-intent='via'][data-arg='up']",
        "s": "#panel [data-intent='via'][data-arg='down']",
    }
    for arg in ("up", "down"):
        assert f'data-intent="via" data-arg="{arg}"' in panel
    # the victim's rows to rob from: the panel's buttons for that row's bars
    s = position_session(victim_rows={"g6": 3, "b5": 2, "y6": 5}, fields={"2": []})
    assert s.intent("field", "2") and s.victim() == 1
    rows = equivalents(crate_svg(s, 1))
    assert rows == {
        "green 6-row": "#panel [data-intent='robbar'][data-arg^='g6:']",
        "blue 5-row": "#panel [data-intent='robbar'][data-arg^='b5:']",
        "yellow 6-row": "#panel [data-intent='robbar'][data-arg^='y6:']",
    }
    panel = view.panel_html(s)
    assert 'data-intent="robbar" data-arg="g6:1"' in panel
    assert 'data-intent="robbar" data-arg="b5:1"' in panel


def test_the_crate_to_rob_is_marked_so_it_opens_in_its_card_s_place():
    """css/game.css opens the victim's crate in its card's place on a wide screen (it floated
    over the vault, 9 of 49 points of it at 1366 x 768); a crate opened by hand still floats."""
    set_language("en")
    s = position_session(victim_rows={"g6": 3, "b5": 2, "y6": 5}, fields={"2": []})
    assert 'class="crate-card p1 opp"' in view.crates(s, view.summary(s))["seat-1"]
    assert s.intent("field", "2") and s.victim() == 1
    card = view.crates(s, view.summary(s))["seat-1"]
    assert 'class="crate-card p1 opp open victim"' in card
    s = position_session(victim_rows={"g6": 3, "b5": 2, "y6": 5}, fields={"2": []})
    opened = view.crates(s, view.summary(s), opened={1})["seat-1"]
    assert "open" in opened and "victim" not in opened
