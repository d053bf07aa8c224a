"""Go for Gold as a player on a phone meets it (issue 58), in CPython: the prompt when the die
cannot be walked (GG-3.3, GG-3.6), the touch screen's odds under the question, the die box
after shovels settled a search (GG-4.1), why the game ended (GG-6.1), the end table's short
headings, the daily island labelled while played and the link dialog's default for today's
daily (shared with Gold Connection), Undo's ring, and the table page's round, ``next`` and
rolls by command."""

from __future__ import annotations

import random
import re

import pytest
from go_for_gold.table import Table
from pages.go_for_gold import phrases, view
from pages.go_for_gold.controller import App
from pages.go_for_gold.table import view as table_view
from pages.go_for_gold.table.app import TableApp
from pages.go_for_gold.table.screenreader import commands
from shell import i18n
from shell.store import MemoryBackend
from tables import eventful
from test_go_for_gold_page import step


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")
    i18n.set_touch(False)


def solo_until(test, seeds=range(300), choose=None, touch=False) -> App:
    """A solo game played at random up to the first moment ``test(app)`` holds."""
    for seed in seeds:
        app = App(MemoryBackend(), f"?players=human&seed={seed}", touch=touch)
        rng = random.Random(seed)
        while app.waiting() in ("human", "chance"):
            if app.waiting() == "human" and test(app):
                return app
            step(app, rng, choose)
        if test(app):
            return app
    raise AssertionError("no game reached the state")


def test_a_die_that_cannot_be_walked_says_to_cross_off_a_foot():
    """GG-3.6 with a foot left (GG-3.3): nothing is lit, so the prompt names the foot."""
    app = solo_until(lambda a: a.game.prompt == "move" and not a.paths() and not a.foot)
    decision = view.parts(app)["decision"]
    assert "no path of" in decision and "cross off a foot" in decision
    assert 'data-intent="confirm"' not in decision  # no dimmed "Draw this path" to wonder at
    assert "Use a foot" in decision and 'data-intent="foot"' in decision
    from pages.go_for_gold import screenreader

    said = screenreader.asked_text(app)
    assert "cross off a foot" in said and said.endswith(
        "foot " + ", ".join(map(str, app.game.foot_options(0))) + "."
    )
    k = app.game.foot_options(0)[0]
    app.intent("foot", str(k))
    decision = view.parts(app)["decision"]
    assert "cross off a foot" not in decision and "(with a foot)" in decision


def test_the_path_s_how_to_is_said_short_on_a_touch_screen():
    app = solo_until(lambda a: a.game.prompt == "move" and bool(a.paths()), touch=True)
    i18n.set_touch(True)
    decision = view.parts(app)["decision"]
    assert '<p class="help">Tap a lit field next to your path&#x27;s end, one at a time.</p>' in (
        decision
    )


def test_the_odds_come_under_the_question_too_and_never_for_a_field_walked_over():
    """A phone's column shows the ones under the question (the browser test measures it)."""
    app = solo_until(lambda a: a.game.prompt == "move" and bool(a.paths()), touch=True)
    g = app.game
    treasure = next(f for f in g.island.marks if g.island.treasure(f))
    app.intent("point", treasure)
    parts = view.parts(app)
    assert '<p class="pointed">' in parts["decision"] and '<p class="pointed">' in parts["status"]
    assert parts["decision"].index('id="prompt"') < parts["decision"].index('class="pointed"')
    later = solo_until(  # a treasure found in an earlier round: its odds are said no more
        lambda a: a.game.prompt == "move"
        and any(a.game.island.treasure(f) for f in a.game.sheets[0].visited),
        touch=True,
    )
    found = next(f for f in later.game.sheets[0].visited if later.game.island.treasure(f))
    later.intent("point", found)
    assert view.pointed_odds(later) == "" and "pointed" not in view.parts(later)["decision"]


def test_the_die_box_shows_how_a_short_search_ended_not_the_shortfall():
    """GG-4.1: after ``spend`` the roll's line is the find, after ``pass`` a miss."""
    for tok, said, tone in (("spend", "Found with", "good"), ("pass", "not dug up", "bad")):
        app = solo_until(
            lambda a: a.game.prompt == "spend",
            choose=lambda legal: "search" if "search" in legal else legal[0],
        )
        assert "short" in view.parts(app)["status"]
        move = next(t for t in app.game.legal() if t.startswith(tok))
        app.intent("play", move)
        status = view.parts(app)["status"]
        assert said in status and f"roll-outcome {tone}" in status, status


def test_the_end_screen_says_why_the_game_ended():
    """GG-6.1: a solo player out (the log's line on the end screen), a 6th entry, nothing in
    reach."""
    reasons = {}
    for seed in range(60):
        app = App(MemoryBackend(), f"?players=human&seed={seed}")
        rng = random.Random(seed)
        while not app.game.over:
            step(app, rng, choose=lambda legal: "search" if "search" in legal else legal[0])
        key, params = phrases.end_reason(app.game)
        said = phrases.text((key, params))
        assert said in view.parts(app)["dialog"] and said in view.parts(app)["decision"]
        reasons.setdefault(key, (app, params))
    assert {"gg.end.out.solo", "gg.end.unreachable.solo"} <= set(reasons)
    app, params = reasons["gg.end.out.solo"]
    log = [phrases.text(line) for line in app.log]
    assert f"Player 1 cannot walk {params['n']} and is out of the game." in log
    sixth = app.game.clone()  # the 6th entry decides first, whatever else holds
    sixth.sheets[0].entries = [4, 5, 6, -1, 9, 3]
    assert phrases.end_reason(sixth) == ("gg.end.sixth", {"names": "Player 1"})


def test_the_end_table_heads_short_with_full_names_for_screen_readers():
    app = App(MemoryBackend(), "?players=medium,medium&seed=5")
    rng = random.Random(1)
    while not app.game.over:
        if app.waiting() == "ai":
            app.computer_plays(rng.choice(app.game.legal()))
        else:
            app.roll()
    table = re.search(r'<table class="results">.*?</table>', view.parts(app)["dialog"]).group(0)
    assert '<span aria-hidden="true">Shovels</span>' in table
    assert '<span class="sr-only">Shovel symbols collected (they break a tie)</span>' in table
    assert '<span class="sr-only">Player</span>' in table and 'class="sum"' in table


def test_the_daily_island_says_so_while_it_is_played():
    app = App(MemoryBackend(), "?players=human&map=a&seed=2026120201")
    app.today = "2026-12-02"
    assert "Today&#x27;s daily island" in view.parts(app)["status"]
    app.today = "2026-12-03"  # from the archive: its day
    assert "The daily island of 2026-12-02" in view.parts(app)["status"]
    other = App(MemoryBackend(), "?players=human&map=a&seed=7")
    assert "daily" not in view.parts(other)["status"]


def buttons(dialog: str) -> list[tuple[str, str]]:
    """The dialog's buttons in order: (intent, class)."""
    return re.findall(r'<button type="button" class="([^"]*)" data-intent="([^"]*)"', dialog)


def in_progress() -> MemoryBackend:
    """A backend holding a game in progress."""
    backend = MemoryBackend()
    app = App(backend, "?players=human&seed=1")
    app.intent("field", "g1")
    app.roll()
    app.save()
    return backend


def test_a_link_to_today_s_daily_island_is_the_dialog_s_default():
    daily = "?players=human&map=a&seed=2026120201"
    linked = App(in_progress(), daily)
    linked.today = "2026-12-02"
    dialog = view.parts(linked)["dialog"]
    assert 'data-daily="island"' in dialog and "Play today&#x27;s daily island?" in dialog
    assert buttons(dialog) == [("btn primary", "yes"), ("btn", "close")]
    assert linked.intent("yes") and linked.game.seed == 2026120201
    linked = App(in_progress(), "?players=human&seed=5")  # not a daily: keeping stays the default
    linked.today = "2026-12-02"
    assert buttons(view.parts(linked)["dialog"]) == [("btn primary", "close"), ("btn", "yes")]
    linked = App(in_progress(), daily)
    linked.today = "2026-12-03"  # yesterday's daily, from the archive: practice
    assert buttons(view.parts(linked)["dialog"]) == [("btn primary", "close"), ("btn", "yes")]


def test_gold_connection_s_daily_duel_link_shares_the_dialog_and_its_default():
    from pages.gold_connection.controller import App as Duel

    backend = MemoryBackend()
    first = Duel(backend, "?players=human,human&seed=4")
    first.intent("roll")
    first.save()
    linked = Duel(backend, "?players=human,ai:expert&seed=2026120202")
    linked.today = "2026-12-02"
    assert linked.dialog == "confirm"
    dialog = linked.parts()["dialog"]
    assert 'data-daily="duel"' in dialog and "Play today&#x27;s daily duel" in dialog
    assert buttons(dialog) == [("btn primary", "confirm-start"), ("btn", "keep-game")]
    linked.today = "2026-12-01"
    keep_first = [("btn primary", "keep-game"), ("btn", "confirm-start")]
    assert buttons(linked.parts()["dialog"]) == keep_first


def test_undo_leaves_no_ring_on_the_undone_end():
    app = solo_until(lambda a: a.game.prompt == "move" and len(a.paths()) > 0)
    f = sorted(app.next_steps())[0]
    app.intent("field", f)
    assert "cursor" in view.field_states(app).get(f, [])
    app.intent("undo")
    assert app.building == [] and "cursor" not in view.field_states(app).get(f, [])



def test_a_new_game_starts_with_no_ring_left_from_the_last():
    """A tapped treasure's ring (its odds) and the last tapped field's stayed on the island and
    came into the next game, where a new player read them as a marker."""
    app = solo_until(lambda a: a.game.prompt == "move" and len(a.paths()) > 0)
    f = sorted(app.next_steps())[0]
    treasure = next(t for t in sorted(app.game.island.marks) if app.game.island.treasure(t))
    app.intent("field", f)
    app.intent("point", treasure)
    rings = view.field_states(app)
    assert "cursor" in rings.get(f, []) and "pointed" in rings.get(treasure, [])
    assert app.intent("quick") and app.dialog == "confirm" and app.intent("yes")
    left = {k: v for k, v in view.field_states(app).items() if {"cursor", "pointed"} & set(v)}
    assert left == {}


# ---- the table page -----------------------------------------------------------------------

TABLE = Table(4242, "a", 3, 0, ("Ada", "Bob", "Cy"))


def seat_until(prompt: str) -> TableApp:
    _, seats = eventful(TABLE)
    app = TableApp(MemoryBackend(), "?" + TABLE.query())
    app.intent("seat", "0")
    for event in seats[0].events:
        if app.dev.prompt == prompt:
            return app
        if event.startswith("path "):
            for f in event.split()[1:]:
                app.intent("field", f)
            app.intent("draw")
        elif event.startswith("told "):
            app.intent("tell", event.removeprefix("told "))
        else:
            app.intent("play", event)
        assert not app.notices, app.notices
    raise AssertionError(prompt)


def test_the_table_s_round_badge_and_panel_agree_between_rounds():
    app = seat_until("next")
    parts = table_view.parts(app, "https://example.org/go-for-gold.html")
    badge = re.search(r'class="round">Round (\d+)<', parts["status"]).group(1)
    assert f"Round {badge} is done for you." in parts["panel"]
    assert commands(app).run("w").lines[0].startswith(f"Round {badge},")


def test_next_typed_too_early_says_why():
    app = seat_until("move")
    reply = commands(app).run("next").lines[0]
    assert "unknown move" not in reply and "First draw your path." in reply


def test_search_by_command_says_the_roll():
    app = seat_until("special")
    word = "search" if app.dev.game.island.treasure(app.dev.game.ended_on[0]) else "explore"
    lines = commands(app).run(word).lines
    assert lines[0].startswith("You roll ") and re.match(r"You roll [1-6]: \S", lines[0])


def test_the_how_to_s_examples_play_on_in_the_page_and_the_embed_page_asks_first():
    """Issue 58, 9: the how-to's "Play from here" opened the game in a tab of its own; now it
    plays on in the widget, the saved game untouched. The embed page's link still opens the
    game's page, which asks before replacing a game in progress."""
    from pages.go_for_gold import howto
    from pages.go_for_gold.replay import Viewer, play_href

    rec = {
        "format": "go-for-gold/1",
        "players": [{"name": "Mia"}],
        "options": {"map": "a"},
        "seed": 3,
        "moves": ["start g1", "die 2", "path f2 e2"],
    }
    (_, _, open_example), *_ = howto.examples()
    example = open_example(rec)
    example.goto(2)
    assert 'data-intent="play_here"' in example.parts()["controls"]
    assert example.intent("play_here") and example.mode == "play"
    g = example.session.game
    assert g.moves == ["start g1", "die 2"] and example.waiting() == "human"
    parts = example.parts()
    assert 'id="prompt"' in parts["caption"] and 'data-intent="field"' in parts["controls"]
    path = example.session.paths()[0]
    for f in path:
        assert example.intent("field", f)
    assert example.intent("confirm") and g.moves[2] == "path " + " ".join(path)
    assert example.waiting() in ("human", "over")  # the next die was rolled at once
    assert example.intent("back") and example.mode == "view" and example.at == 2
    embedded = "".join(Viewer(rec, at=1).parts().values())
    assert "data-play-on" in embedded and 'target="_blank"' in embedded
    backend = in_progress()
    moves = App(backend).game.moves
    linked = App(backend, "", fragment="#" + play_href(rec, 2).split("#")[1])
    assert linked.dialog == "link" and linked.game.moves == moves  # asked, nothing replaced
    assert linked.intent("yes") and linked.game.moves == ["start g1", "die 2"]


def test_a_roll_s_outcome_is_worded_in_the_language_switched_to_after_it():
    """Issue #58, point 10: "Bewegungswurf | 5 steps für alle" after a switch mid-game."""
    app = App(MemoryBackend(), "?players=human&map=a&seed=3")
    while app.waiting() != "chance":
        app.intent("field", app.game.legal()[0].split()[1])
    app.roll()
    i18n.set_language("de")
    try:
        found = re.search(r'class="roll-outcome">([^<]*)<', view.parts(app)["status"])
        assert found and re.fullmatch(r"\d Schritte? für alle", found.group(1)), found
    finally:
        i18n.set_language("en")


def test_other_players_thumbnails_leave_out_their_unreadable_treasure_numbers():
    """A thumbnail drew each treasure's number at about 5 px (issue 58's audit, small-text):
    its chests stay, their numbers are read on the player's own sheet of the same island."""
    app = App(MemoryBackend(), "?players=human,greedy&names=Ada&seed=7")
    parts = view.parts(app)
    own, others = parts["sheet"], parts["others"]
    assert others.count('class="sym chest"') == own.count('class="sym chest"') > 0
    assert own.count('class="num"') == own.count('class="sym chest"')
    assert 'class="num"' not in others


def test_a_finished_game_s_end_screen_shows_once_and_closed_stays_closed():
    """A reload of a finished game opened the end screen over the board every time: once the
    player closes it (from the end screen or its review), the game's reloads show the final
    board with the result in the panel; the next game's end screen shows once again."""
    from test_go_for_gold_page import play_out

    backend = MemoryBackend()
    app = App(backend, "?players=human&seed=11")
    play_out(app, random.Random(3))
    assert app.game.over and app.dialog == "over"
    assert App(backend, "").dialog == "over"  # not closed yet: the end screen again
    app.intent("close")
    again = App(backend, "")
    assert again.game.moves == app.game.moves and again.dialog is None
    decision = view.parts(again)["decision"]
    assert 'id="over-title"' in decision and 'data-intent="review"' in decision  # the result
    assert again.intent("review") and again.intent("over") and again.dialog == "over"
    assert again.intent("close") and App(backend, "").dialog is None
    # the review's own close counts the same; a new game's end shows once again
    fresh = App(backend, "?players=human&seed=12")
    play_out(fresh, random.Random(4))
    assert App(backend, "").dialog == "over"
    assert fresh.intent("review") and fresh.intent("close")
    assert App(backend, "").dialog is None
