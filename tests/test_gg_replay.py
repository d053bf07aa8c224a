"""Go for Gold's replay viewer (py/pages/go_for_gold/replay.py) and playing on from it: the
log in the game's order, "Play from here" carrying the record cut at the step to the game's
page, which resumes it with fresh dice, asks before replacing a game, and names a bad link."""

from __future__ import annotations

import html
import re

import pytest
from gamekit.match import one_game
from go_for_gold import record
from pages.go_for_gold import phrases as words
from pages.go_for_gold.controller import App
from pages.go_for_gold.replay import Viewer, play_href
from shell import i18n
from shell.store import MemoryBackend


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.fixture(scope="module")
def rec():
    return one_game("go_for_gold", ["medium", "greedy"], 0, 3, keep_record=True).record


def log_lines(v: Viewer) -> list[str]:
    return [html.unescape(x) for x in re.findall(r"<li>([^<]*)</li>", v.parts()["log"])]


def test_the_log_reads_newest_first_and_numbers_from_the_first_line(rec):
    said = []  # every line in the game's order
    g = record.replay(rec, upto=0)
    for tok in rec["moves"]:
        before = g.clone()
        g.push(tok)
        said += [words.text(line) for line in words.describe(before, tok, g)]
    v = Viewer(rec, at="end")
    assert log_lines(v) == said[::-1]  # newest first, whatever move a line belongs to
    assert log_lines(v)[0] == "The game is over." and "starts at harbour" in said[0]
    assert v.parts()["log"].startswith('<ol class="log-lines" reversed>')  # 1 is the first
    v.goto(3)
    assert log_lines(v)[-1] == said[0] and len(log_lines(v)) < len(said)


def test_play_from_here_carries_the_record_cut_at_the_step(rec):
    v = Viewer(rec, at=12)
    href = html.unescape(re.search(r'href="([^"]*)"', v.parts()["controls"]).group(1))
    assert href == play_href(rec, 12) and href.startswith("go-for-gold.html#g=")
    app = App(MemoryBackend(), "", fragment=href.split("#", 1)[1])
    assert app.game.moves == rec["moves"][:12] and app.dialog is None
    assert app.game.seed != rec.get("seed")  # fresh dice: the recorded ones would repeat
    assert app.waiting() in ("ai", "chance", "human")
    assert record.replay(app.game.record()).moves == rec["moves"][:12]
    assert 'data-play-on=""' not in Viewer(rec, at="end").parts()["controls"]  # over: nothing


def test_playing_on_asks_before_replacing_a_game_in_progress(rec):
    backend = MemoryBackend()
    app = App(backend, "?players=human&seed=3")
    app.intent("field", "g1")
    app.roll()
    app.save()
    href = play_href(rec, 20)
    again = App(backend, "", fragment=href.split("#", 1)[1])
    assert again.dialog == "link" and again.game.moves == app.game.moves
    assert again.intent("yes") and again.game.moves == rec["moves"][:20]


def test_a_broken_play_on_link_is_named_and_starts_nothing():
    app = App(MemoryBackend(), "", fragment="g=1notalink")
    assert app.notices and app.notices[0][0].startswith("link.")
    assert app.dialog == "newgame"
    bad = one_game("go_for_gold", ["greedy"], 0, 1, keep_record=True).record
    bad["moves"] = [*bad["moves"][:3], "path z99"]
    from shell.links import fragment

    app = App(MemoryBackend(), "", fragment=fragment(bad))
    assert app.notices[0][0] == "link.record" and app.dialog == "newgame"
