"""What a Go for Gold tap redraws (issue #59), held without timing: every part but the notices
and the dialog is made once per distinct input (``view.parts``), so a tap hands the page the very
strings it drew before for the parts whose inputs it left alone (the page writes none of them),
and makes a part again the moment one of its inputs changes: a stale part would show an island,
a question or a button that is no longer true.

Each test changes one input at a time after a drawing, and holds that the parts are then what
they are made anew (``made_anew``): a key that leaves that input out shows the stale part."""

from __future__ import annotations

import random

import pytest
from gamekit import daily
from helpers import gg_step
from pages.go_for_gold import daily as gg_daily
from pages.go_for_gold import view
from pages.go_for_gold.controller import App
from shell import i18n
from shell.store import MemoryBackend

CACHED = ("tools", "status", "decision", "sheet", "others", "log")
DAY = "2026-11-28"


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    i18n.set_touch(False)
    yield
    i18n.set_language("en")
    i18n.set_touch(False)


def made_anew(app: App) -> dict[str, str]:
    """Every part as its own function makes it now, no cache between."""
    return {key: getattr(view, key)(app) for key in view.parts(app)}


def drawn(app: App) -> dict[str, str]:
    """The parts as the page gets them, held to be the parts made anew."""
    parts = view.parts(app)
    assert parts == made_anew(app)
    return parts


def changed(before: dict[str, str], after: dict[str, str]) -> set[str]:
    """The cached parts the page would write (their HTML differs); the others must be the very
    strings drawn before (made once, not again)."""
    written = {key for key in CACHED if after[key] != before[key]}
    for key in set(CACHED) - written:
        assert after[key] is before[key], f"{key} was made again for the same inputs"
    return written


def at_path(query: str = "?players=human,human&seed=1&speed=instant") -> App:
    """A game at its first path (bench/trace.py's set-up: two people, the first harbour)."""
    app = App(MemoryBackend(), query)
    while app.waiting() != "human" or app.game.prompt != "move":
        if app.waiting() == "handoff":
            app.intent("handoff")
        elif app.waiting() == "chance":
            app.roll()
        else:
            app.intent("field", app.game.legal()[0].split()[1])
    return app


def test_a_step_redraws_the_island_and_the_question_and_leaves_the_rest():
    app = at_path()
    before = drawn(app)
    assert app.intent("field", sorted(app.next_steps())[0])
    first = drawn(app)
    # the steps left (status), the path so far (decision), the island, Undo now possible
    assert changed(before, first) == {"status", "decision", "sheet", "tools"}
    again = sorted(app.next_steps())[0]
    assert app.intent("field", again)
    second = drawn(app)
    assert changed(first, second) == {"status", "decision", "sheet"}
    assert app.intent("undo")
    assert changed(second, drawn(app)) == {"status", "decision", "sheet"}
    assert app.intent("field", again)  # the same step again: the very strings drawn for it
    assert changed(second, drawn(app)) == set()


def test_pointing_a_field_redraws_its_odds_and_its_light_only():
    app = at_path()
    before = drawn(app)
    treasure = next(f for f in sorted(app.game.island.marks) if app.game.island.treasure(f))
    assert app.intent("point", treasure)
    after = drawn(app)
    assert changed(before, after) == {"status", "decision", "sheet"}
    assert "pointed" in after["sheet"] and "%" in after["status"]
    assert not app.intent("point", treasure)  # the page draws nothing: nothing changed
    assert changed(after, drawn(app)) == set()
    assert app.intent("point", "")
    assert changed(after, drawn(app)) == {"status", "decision", "sheet"}


def test_a_drawing_that_changes_nothing_hands_back_the_same_strings():
    app = at_path()
    before = drawn(app)
    app.save()
    assert changed(before, drawn(app)) == set()
    assert not app.intent("cursor", "zz")  # no such field: nothing changes
    assert changed(before, drawn(app)) == set()


def test_the_language_and_the_touch_wording():
    app = at_path()
    english = drawn(app)
    i18n.set_language("de")
    german = drawn(app)
    assert changed(english, german) == set(CACHED)
    i18n.set_language("en")
    assert changed(english, drawn(app)) == set()  # the English strings again, kept
    i18n.set_touch(True)  # "tap", not "click": the question's help
    touched = view.parts(app)
    assert touched == made_anew(app)
    assert {key for key in CACHED if touched[key] != english[key]} == {"decision"}


def test_every_part_follows_a_touch_wording_of_its_words(monkeypatch):
    """Only the question has touch words today; a part that gets some ("tap" for "click")
    follows the touch setting too: every key holds it."""
    app = at_path()
    app.intent("field", sorted(app.next_steps())[0])
    mouse = drawn(app)
    english = dict(i18n.CATALOGUES["en"])
    for key in ("gg.undo", "gg.round", "gg.your_sheet", "gg.score", "gg.log"):
        english[key + ".tap"] = "(tap) " + english[key]
    monkeypatch.setitem(i18n.CATALOGUES, "en", english)
    i18n.set_touch(True)
    touched = drawn(app)
    assert {key for key in CACHED if touched[key] != mouse[key]} == set(CACHED)


def test_the_path_the_foot_the_cursor_and_the_labels():
    app = at_path()
    drawn(app)
    assert app.intent("cursor", "a1") is False  # the keyboard's ring, drawn with the next drawing
    drawn(app)
    feet = app.game.foot_options(app.game.to_move)
    if feet:
        assert app.intent("foot", str(feet[0]))
        drawn(app)
        assert app.intent("foot", str(feet[0]))  # off again
        drawn(app)
    assert app.intent("labels")
    assert "fname" in drawn(app)["sheet"]
    assert app.intent("labels")
    drawn(app)
    app.building.append(sorted(app.next_steps())[0])  # as a saved path is redrawn on resume
    drawn(app)
    app.foot = 1  # a foot for one step (a saved one, resumed): that step is the whole path
    assert app.complete()
    drawn(app)


def test_another_game_at_the_same_point():
    """Two games of as many moves (a new game, an Undo to the roll): the game itself is an
    input, not only how far it went."""
    one, two = at_path(), at_path("?players=human,human&seed=2&speed=instant")
    assert len(one.game.moves) == len(two.game.moves) and one.game.die != two.game.die
    drawn(one)
    drawn(two)


def test_the_island_shown_at_a_roll_is_the_holder_s():
    """Between paths (the page rolls) the island drawn large is the person holding the device."""
    app = at_path()
    while app.waiting() != "chance":
        if app.waiting() == "handoff":
            app.intent("handoff")
        elif app.game.prompt == "move":
            while not app.complete():
                app.intent("field", sorted(app.next_steps())[0])
            app.intent("confirm")
        else:
            app.intent("play", app.game.legal()[-1])
    g = app.game
    mine, theirs = g.sheets[app.shown()], g.sheets[1 - app.shown()]
    walked = next(f for f in mine.visited if g.island.treasure(f) and f not in theirs.visited)
    app.intent("point", walked)  # walked over on this island: no odds; on the other, its odds
    before = drawn(app)
    app.holder = 1 - app.shown()
    after = drawn(app)
    assert after["sheet"] != before["sheet"] and after["others"] != before["others"]
    assert "%" not in before["status"] and "%" in after["status"]


def test_a_computer_seat_handed_to_a_person_shows_on_its_card_and_in_the_summary():
    """A seat's computer is read by its card and the round's summary (whose lines are a
    person's): a seat handed to a person (``App.computer_failed``) is drawn as one."""
    app = App(MemoryBackend(), "?players=human,medium,easy&seed=3&speed=instant")
    rng = random.Random(1)
    while not (app.waiting() == "chance" and 2 in app.recap):
        act(app, rng)
    before = drawn(app)
    app.game.players[2].pop("ai")  # as a failed seat is handed to a person
    after = drawn(app)
    assert "(easy)" in before["others"] and "(easy)" not in after["others"]
    assert after["decision"].count('class="mine"') == before["decision"].count('class="mine"') + 1


def act(app: App, rng: random.Random, point: bool = False) -> None:
    """One thing the page or a person does (a roll, a computer's move, a tap), chosen by
    ``rng``; with ``point``, sometimes a field pointed at or the keyboard's ring moved."""
    g = app.game
    w = app.waiting()
    fields = sorted(g.island.marks)
    if point and w != "over" and rng.random() < 0.2:
        app.intent(rng.choice(("point", "cursor")), rng.choice(fields))
    elif w == "chance":
        app.roll()
    elif w == "ai":
        app.computer_plays(rng.choice(g.legal()))
    elif w == "handoff":
        app.intent("handoff")
    elif w == "dialog":
        app.intent("close")
    elif g.prompt == "move":
        nxt = sorted(app.next_steps())
        if app.complete() and (not nxt or rng.random() < 0.4):
            app.intent("confirm")
        elif nxt and (rng.random() < 0.9 or not g.foot_options(g.to_move)):
            app.intent("field", rng.choice(nxt))
        elif app.building or app.foot:  # back a step, or the foot off again
            app.intent("undo")
        else:
            app.intent("foot", str(rng.choice(g.foot_options(g.to_move))))
    elif g.prompt in ("start", "jump"):
        app.intent("field", rng.choice(g.legal()).split()[1])
    else:
        app.intent("play", rng.choice(g.legal()))


@pytest.mark.parametrize(
    "players", ["human", "human,human", "human,medium,easy", "medium,human"]
)
def test_whole_games_drawn_after_every_move_and_tap(players):
    """Every roll, computer's move and tap of whole games, drawn: the parts are always what
    they are made anew (a move that changes the scores alone, a roll after a roll...)."""
    app = App(MemoryBackend(), f"?players={players}&seed=5&speed=instant")
    rng = random.Random(players)
    while app.waiting() != "over":
        drawn(app)
        act(app, rng, point=True)
    app.intent("close")
    drawn(app)


def test_the_pace_undo_and_hint_in_the_tool_row():
    app = at_path()
    before = drawn(app)
    assert app.set_speed("fast")
    assert changed(before, drawn(app)) == {"tools"}
    assert app.hint_asked()  # Hint pressed: busy, the button off, "working it out"
    busy = drawn(app)
    assert 'class="hint busy"' in busy["decision"]
    moves = len(app.game.moves)
    path = app.paths()[0]
    app.set_hint({"token": "path " + " ".join(path), "then": None}, moves)
    hinted = drawn(app)
    assert "hint" in hinted["sheet"] and path[-1] in hinted["decision"]
    # the hint as the worker might have said it otherwise: the words and the fields follow it
    other = next(p for p in app.paths() if p != path)
    app.hint = {"token": "path " + " ".join(other), "then": None, "moves": moves}
    again = drawn(app)
    assert changed(hinted, again) >= {"decision", "sheet"}


def special_search(seed: int) -> App:
    """A solo game at a search it may make (a path ended on a treasure)."""
    rng = random.Random(seed)
    app = App(MemoryBackend(), f"?players=human&seed={seed}&speed=instant")
    while not (app.game.prompt == "special" and "search" in app.game.legal()):
        g = app.game
        assert not g.over
        if app.waiting() == "chance":
            app.roll()
        elif g.prompt == "move":
            ends = [p for p in app.paths() if g.island.treasure(p[-1])]
            path = rng.choice(ends or app.paths()) if app.paths() else None
            if path is None:
                app.intent("foot", str(g.foot_options(g.to_move)[0]))
                continue
            for f in path:
                app.intent("field", f)
            app.intent("confirm")
        elif g.prompt in ("start", "jump"):
            app.intent("field", g.legal()[0].split()[1])
        else:
            app.intent("play", g.legal()[-1])
    return app


def test_the_hint_s_chance_in_words():
    app = special_search(4)
    moves = len(app.game.moves)
    app.hint = {"token": "search", "then": None, "moves": moves, "chance": 0.5}
    half = drawn(app)
    assert "50 %" in half["decision"]
    app.hint = {**app.hint, "chance": 0.25}
    assert "25 %" in drawn(app)["decision"]


def test_whose_turn_who_holds_the_device_and_a_dialog():
    app = App(MemoryBackend(), "?players=human,human&seed=1&speed=instant")
    drawn(app)
    assert app.intent("handoff")  # Ada holds the device now: her question
    drawn(app)
    app = at_path()
    assert app.intent("field", sorted(app.next_steps())[0])
    drawn(app)
    assert app.intent("newgame")  # the form: play waits
    drawn(app)
    assert app.intent("close")
    drawn(app)
    app.holder = 1  # the other person took the device
    drawn(app)


def test_a_computer_seat_handed_to_a_person_and_skip():
    app = at_path("?players=human,medium&seed=2&speed=instant")
    while app.waiting() == "human":
        if app.complete():
            app.intent("confirm")
        else:
            app.intent("field", sorted(app.next_steps())[0])
    assert app.waiting() in ("ai", "chance")
    while app.waiting() != "ai":
        app.roll()
    before = drawn(app)
    assert app.intent("skip")  # the computers at once: Skip goes away
    assert "decision" in changed(before, drawn(app))
    app.computer_failed("lost")  # a person plays the seat from now on: its card says so
    after = drawn(app)
    assert "(medium)" in before["others"] and "(medium)" not in after["others"]


def test_the_daily_island_s_day_and_its_result():
    app = App(MemoryBackend(), gg_daily.link(DAY)[gg_daily.link(DAY).index("?") :])
    assert app.game.seed == daily.seed(DAY, "island")
    app.today = DAY
    today = drawn(app)
    app.today = "2026-11-29"  # played on past midnight: the day it was
    assert changed(today, drawn(app)) == {"status"}
    rng = random.Random(1)
    while not app.game.over:
        gg_step(app, rng)
    app.intent("close")
    over = drawn(app)
    app.daily_note = "Counted for today's statistics."  # the page's, from the clock module
    assert changed(over, drawn(app)) == {"decision"}
