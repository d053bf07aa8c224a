"""Each game's daily module: the daily link starts today's game on the page, a finished game
becomes statistics, and its share symbols carry the entries, never the path."""

import random
import re

from gamekit import daily
from pages.go_for_gold import daily as gg_daily
from pages.go_for_gold.controller import App as GgApp
from pages.gold_connection import daily as gc_daily
from pages.gold_connection.controller import App as GcApp
from shell.store import MemoryBackend

DAY = "2026-11-28"  # a Saturday: island B


def query(link):
    return link[link.index("?") :]


def play_island(moves_seed):
    """The daily island played to the end by a person choosing at random."""
    app = GgApp(MemoryBackend(), query(gg_daily.link(DAY)))
    g, rng = app.game, random.Random(moves_seed)
    while not g.is_over():
        if g.current_player() < 0:
            app.roll()
        else:
            app.play(rng.choice(sorted(g.legal())))
    return app


def test_the_daily_island_link_starts_the_day_s_side_and_seed():
    app = GgApp(MemoryBackend(), query(gg_daily.link(DAY)))
    assert (app.game.map_name, app.game.seed) == ("b", daily.seed(DAY, "island"))
    assert [p.get("ai") for p in app.game.players] == [None]


def test_a_finished_island_is_a_daily_result_with_its_entries_as_symbols():
    app = play_island(1)
    r = gg_daily.result(app.game)
    assert r is not None and r.seed == daily.seed(DAY, "island")
    assert (r.levels, r.won, r.score) == ((), None, app.game.score(0))
    entries = app.game.sheets[0].entries
    assert r.symbols == gg_daily.symbols(entries)
    assert len(r.symbols.split()) == max(1, len(entries))
    fields = set(app.game.sheets[0].visited)
    assert not any(re.search(rf"\b{f}\b", r.symbols) for f in fields)  # no path


def test_the_same_game_the_same_result():
    a, b, c = play_island(1), play_island(1), play_island(2)
    ra, rb, rc = (gg_daily.result(x.game) for x in (a, b, c))
    assert ra == rb and ra is not None and rc is not None and rc.id != ra.id


def test_no_result_before_the_end_or_without_one_person():
    app = GgApp(MemoryBackend(), query(gg_daily.link(DAY)))
    assert gg_daily.result(app.game) is None
    bots = GgApp(MemoryBackend(), "?players=easy,easy&seed=3")
    assert gg_daily.result(bots.game) is None


def test_the_daily_duel_is_a_person_against_the_expert():
    app = GcApp(MemoryBackend(), query(gc_daily.link(DAY)))
    g = app.session.game
    assert g.seed == daily.seed(DAY, "duel")
    assert [p.get("ai") for p in g.players] == [None, "expert"]
    twin = GcApp(MemoryBackend(), query(gc_daily.link(DAY))).session.game
    assert twin.record() == g.record()  # the same opening for everyone


def test_a_finished_duel_is_a_result_with_its_rows_as_symbols():
    app = GcApp(MemoryBackend(), query(gc_daily.link(DAY)))
    s, rng = app.session, random.Random(5)
    while not s.game.is_over():
        if s.game.prompt == "roll":
            s.roll()
        else:
            s.play(rng.choice(sorted(s.game.legal())))
    r = gc_daily.result(s.game)
    assert r is not None and r.levels == ("expert",) and r.seed == daily.seed(DAY, "duel")
    assert r.won == (s.game.score(0) > s.game.score(1))
    lines = r.symbols.split("\n")
    assert len(lines) == 4 and sum(x.count("⬛") for x in lines) + sum(
        s.game.rows[0].values()
    ) == sum(int(row[1]) for row in s.game.rows[0])
