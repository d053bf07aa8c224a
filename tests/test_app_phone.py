"""Gold Connection's page as a player on a phone meets it (issue #58), without a browser: the
daily duel says so while it is played, the end screen's cells name their columns, one word for
one thing in every language."""

import re

import pytest
from gamekit import daily as days
from pages.gold_connection import daily, view
from pages.gold_connection.controller import App
from pages.gold_connection.session import Session
from pages.gold_connection.settings import Seat, Setup
from shell import i18n
from shell.store import MemoryBackend


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def duel(day: str, expert: str = "expert") -> Session:
    seed = days.seed(day, daily.KIND)
    return Session.new(Setup([Seat("Ada"), Seat("Bot", expert)], "counter", seed))


def test_the_daily_duel_says_so_while_it_is_played():
    app = App(MemoryBackend())
    app.session, app.dialog = duel("2026-11-26"), None
    app.today = "2026-11-26"
    assert "Today&#x27;s daily duel" in app.parts()["status"]
    app.session.roll()  # under way, not only at its start
    assert "Today&#x27;s daily duel" in app.parts()["status"]
    app.today = "2026-11-27"  # played again from the archive, or past midnight
    assert "Daily duel of 2026-11-26" in app.parts()["status"]
    assert "daily" not in view.status(duel("2026-11-26", "medium"), "2026-11-26")
    ordinary = Session.new(Setup([Seat("Ada"), Seat("Bot", "expert")], "counter", 7))
    assert "daily" not in view.status(ordinary, "2026-11-26")
    i18n.set_language("de")
    assert "Heutiges Duell des Tages" in view.status(duel("2026-11-26"), "2026-11-26")


def test_the_end_screen_s_cells_name_their_columns_for_a_phone():
    s = duel("2026-11-26")
    g = s.game
    g.prompt, g.winners = "over", [0]
    g.rows[0].update(b5=5, g6=6)
    html = view.end_screen(s)
    for label in ("Bars in rows", "Full 5-rows", "Full 6-rows", "Score", "Chips"):
        assert html.count(f'data-label="{label}"') == 2, label
    # a sum is one cell, so the stacked phone layout shows it on one line beside its label
    assert re.search(r'class="c-fives" data-label="Full 5-rows">1 × 5 = \+5</td>', html), html
    assert re.search(r'class="c-sixes" data-label="Full 6-rows">1 × 10 = \+10</td>', html)


WORDS = {  # one word for one thing: undo, and accepting a failed roll
    "en": ("undo", "accept"),
    "de": ("rückgängig", "fehlwurf"),
    "nl": ("ongedaan", "aanvaard"),
    "hu": ("visszavon", "kudarc"),
}
UNDO = ("btn.undo", "way.back", "way.back.tap", "howto.keys.5", "sr.cmd.undo", "sr.undone")
ACCEPT = ("btn.accept", "hint.accept", "howto.keys.4")


@pytest.mark.parametrize("lang", sorted(WORDS))
def test_one_word_for_one_thing_across_hint_buttons_keys_and_log(lang):
    from pages.go_for_gold.messages import TABLES as GG
    from pages.gold_connection.messages import TABLES

    table = TABLES[lang]
    undo, accept = WORDS[lang]
    for key in UNDO:
        assert undo in table[key].lower(), (key, table[key])
    for key in ACCEPT:
        assert accept in table[key].lower(), (key, table[key])
    assert table["btn.undo"] == GG[lang]["gg.undo"]  # the same button in both games
    if lang == "de":  # the words the issue found beside the button's
        said = " ".join(table.values()).lower()
        assert "fehlschlag" not in said and "zurücknehm" not in said and "zurückgenom" not in said


def test_a_notice_kept_over_a_language_switch_is_worded_in_the_new_language():
    from test_app_session import position_session

    s = position_session()  # safe 12 is out of reach
    i18n.set_language("de")
    assert s.intent("field", "12")
    i18n.set_language("en")
    text = " ".join(view.panel(s).lines)
    assert "safe 12" in text and "Panzerschrank" not in text, text


def test_the_vault_s_bars_that_may_be_named_point_to_their_panel_buttons():
    """WCAG 2.2 2.5.8: an ingot on a phone's vault is 19.5 x 12 px; the panel's button for the
    same bar (61 x 46 px) is its equal control, and the ingot says which it is."""
    from test_app_session import position_session

    s = position_session(fields={"2": ["b2", "y1", "y1"], "3": ["g4"]})
    assert "data-equal" not in view.board(s, view.summary(s))  # moving: a tap walks to a field
    s.play("move 1")
    board, panel = view.board(s, view.summary(s)), view.panel_html(s)
    marked = re.findall(
        r'data-bar="(\w+)" data-field="(\w+)" data-count="\d" data-equal="([^"]+)"', board
    )
    assert sorted((bar, field) for bar, field, _ in marked) == [("b2", "2"), ("y1", "2")]
    for bar, _, selector in marked:
        assert selector == f"#panel [data-intent='bar'][data-arg^='{bar}:']"
        assert f'data-intent="bar" data-arg="{bar}:0"' in panel  # the button it points to


def test_the_log_s_heading_opens_the_whole_log_until_the_person_acts():
    """A desktop window's log is what the decision and the own crate leave; in a long game that
    was its heading alone: the heading opens it in the crate's place (css/game.css)."""
    from test_app_session import position_session

    app = App(MemoryBackend())
    app.session, app.dialog = position_session(fields={"2": ["b2"]}), None
    assert (
        'data-intent="log"' in app.parts()["log"] and 'aria-expanded="false"' in app.parts()["log"]
    )
    assert app.intent("log") and 'aria-expanded="true"' in app.parts()["log"]
    assert app.intent("escape") and not app.log_open
    app.intent("log")
    assert app.intent("field", "2") and not app.log_open  # the crate is back for the decision
    assert "log-toggle" not in view.log_html(app.session)  # the replay viewer's log: no button


def test_an_open_hint_sits_above_the_choices():
    """At 1366 x 768 an open hint spilled over the own crate from under a list of choices 51 px
    high; above the choices it is in view when it comes, Play it with it (css/game.css)."""
    from test_app_session import position_session

    s = position_session(fields={"2": ["b2", "y1"]})
    s.play("move 1")
    assert s.intent("bar", "b2")  # named: the odds are drawn
    s.set_hint({"token": "take b2 y1", "chance": 1 / 36, "gain": 4.08})
    html = view.panel_html(s)
    assert html.index('class="hint"') < html.index('class="choices"')
    # the odds under the choices: naming a bar moves none of them (test_phone_gc.py)
    at = html.index
    assert at('class="choices"') < at('class="odds"') < at('class="actions"')
