"""What a tap redraws (issue #59), held without timing: Gold Connection's parts that are made
once per distinct input (the tool row, the vault) are the same HTML when a tap leaves their
inputs alone, so the page does not write them, and are made again the moment an input
changes: a stale part would show a board or a button that is no longer true."""

from __future__ import annotations

import re

import pytest
from pages.gold_connection import view
from pages.gold_connection.controller import App
from shell import i18n
from shell.store import MemoryBackend


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    i18n.set_touch(False)
    yield
    i18n.set_language("en")
    i18n.set_touch(False)


def at_move() -> App:
    """A two-person game at its first move prompt (bench/phone.py's set-up)."""
    app = App(MemoryBackend(), "?players=human,human&seed=1&speed=instant")
    while app.session.game.prompt != "move":
        m = re.search(r'data-intent="([a-z]+)"(?: data-arg="([^"]*)")?', app.parts()["panel"])
        assert m
        app.intent(m.group(1), m.group(2) or "")
    return app


def undo_disabled(tools: str) -> bool:
    button = re.search(r'<button[^>]*data-intent="undo"[^>]*>', tools)
    assert button
    return "disabled" in button.group(0)


def test_the_tool_row_follows_undo_and_hint_at_every_tap():
    app = at_move()
    before = app.parts()
    field = sorted(view.highlights(app.session)[0])[0]
    assert app.intent("field", field)
    after = app.parts()
    assert after["board"] != before["board"], "the vault shows the move"
    assert not undo_disabled(after["tools"])
    assert app.intent("undo")
    again = app.parts()
    assert again["board"] == before["board"] and again["tools"] == before["tools"]
    # a fresh game: nothing to undo, and the cached row must say so
    fresh = App(MemoryBackend(), "?players=human,human&seed=1&speed=instant")
    assert undo_disabled(fresh.parts()["tools"])
    app.hint_busy = True
    busy = app.parts()["tools"]
    assert busy != again["tools"] and 'data-intent="hint"' in busy


def test_a_tap_that_leaves_the_tools_alone_does_not_make_them_again():
    app = at_move()
    assert app.intent("field", sorted(view.highlights(app.session)[0])[0])
    tools = app.parts()["tools"]
    bar = re.search(r'data-intent="bar" data-arg="([^"]*)"', app.parts()["panel"])
    assert bar and app.intent("bar", bar.group(1))
    assert app.parts()["tools"] is tools  # the same string: made once, and not written


def test_the_cached_parts_follow_the_language_and_the_touch_wording():
    app = at_move()
    english = app.parts()
    i18n.set_language("de")
    german = app.parts()
    assert german["tools"] != english["tools"] and german["board"] != english["board"]
    i18n.set_language("en")
    assert app.parts()["tools"] == english["tools"]
    i18n.set_touch(True)
    assert app.parts()["tools"] == view._tools(app.speed, False, undo=False, asking=True)
