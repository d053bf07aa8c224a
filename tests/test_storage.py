"""Everything the site keeps in the browser, written and read back (issue #57).

Every stored kind is made through the code that makes it on the page (finished games of both
games, the pages' controllers, reviews, drills, games by link, table seats, settings), written
through ``shell.store`` to a backend that keeps only text, and read back by the code that reads
it: the same value comes back. Hypothesis makes the games. Then what goes wrong in a player's
browser: one damaged entry among good ones, two damages in a row, a full storage that frees up
again, two tabs writing at once, and what 4a5e87c wrote (tests/fixtures/storage-4a5e87c/).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from gamekit import daily
from go_for_gold.game import Game as GgGame
from gold_connection.game import Game as GcGame
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pages.go_for_gold import daily as gg_daily
from pages.go_for_gold.controller import App as GgApp
from pages.go_for_gold.settings import Setup as GgSetup
from pages.go_for_gold.table.app import TableApp
from pages.gold_connection import daily as gc_daily
from pages.gold_connection.controller import App as GcApp
from pages.gold_connection.settings import Setup as GcSetup
from shell import bylink, drills, i18n, screenreader, site, stats
from shell.stats import Stats
from shell.store import MAX_ASIDE, MemoryBackend, Store

FIXTURE = Path(__file__).parent / "fixtures" / "storage-4a5e87c" / "storage.json"
DAY = "2026-12-01"
GC_LEVELS = ("easy", "medium", "hard", "expert")
GG_LEVELS = ("easy", "medium", "hard", "expert")
LANGS = ("en", "de", "nl", "hu")
QUICK = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.fixture(autouse=True)
def english():
    yield
    i18n.set_language("en")


def gc_finished(seed: int, dice: int, seats: list[str | None], day: str | None) -> GcGame:
    """A Gold Connection game played to its end by random legal moves; ``day``: that day's
    daily duel's deal."""
    deal = daily.seed(day, "duel") if day else seed
    names = [f"P{i}" for i in range(len(seats))]
    g = GcGame.new(names, seed=deal, ais=list(seats))
    rng = random.Random(dice)
    while not g.is_over():
        g.roll(rng) if g.prompt == "roll" else g.apply(rng.choice(g.legal()))
    return g


def gg_finished(seed: int, dice: int, seats: list[str | None], day: str | None) -> GgGame:
    """A Go for Gold game played to its end by random legal moves; ``day``: its daily island."""
    side, deal = (daily.island_side(day), daily.seed(day, "island")) if day else ("a", seed)
    names = [f"P{i}" for i in range(len(seats))]
    g = GgGame.new(names, map_name=side, seed=deal, ais=list(seats))
    rng = random.Random(dice)
    while not g.is_over():
        g.roll(rng) if g.current_player() < 0 else g.apply(rng.choice(sorted(g.legal())))
    return g


@st.composite
def results(draw: st.DrawFn) -> stats.Result:
    """A finished game's statistics as a page hands them in: either game, daily or not, alone
    or against computers, any player count, any language."""
    i18n.set_language(draw(st.sampled_from(LANGS)))
    seed, dice = draw(st.integers(0, 2**31 - 1)), draw(st.integers(0, 2**16))
    day = draw(st.one_of(st.none(), st.dates().map(str).filter(lambda d: d >= daily.FIRST_DAY)))
    if draw(st.booleans()):
        rivals = draw(st.lists(st.sampled_from(GC_LEVELS), min_size=1, max_size=3))
        seats = [None, *rivals]
        if day:
            seats = [None, "expert"]
        r = gc_daily.result(gc_finished(seed, dice, seats, day))
    else:
        rivals = draw(st.lists(st.sampled_from(GG_LEVELS), max_size=5))
        seats = [None] if day else [None, *rivals]
        r = gg_daily.result(gg_finished(seed, dice, seats, day))
    assert r is not None
    return r


def text_only(backend: MemoryBackend) -> MemoryBackend:
    """The same storage as a browser would hand it to another page: text only."""
    return MemoryBackend(json.loads(json.dumps(backend.data)))


# ---- every kind, written and read back ----------------------------------------------------------


@QUICK
@given(st.lists(results(), min_size=1, max_size=4), st.lists(st.floats(0, 100), max_size=3))
def test_statistics_of_any_finished_games_read_back_the_same(found, accuracies):
    backend = MemoryBackend()
    store = Store(backend, "site")
    days = [DAY, "2026-12-02", daily.FIRST_DAY]
    for k, r in enumerate(found):
        stored, _, _ = stats.record(store, days[k % 3], [r])
        assert stored
    for k, acc in enumerate(accuracies):
        stats.record(store, DAY, accuracies=[(found[0].game, f"a{k}", acc, DAY)])
    expected = Stats()
    for k, r in enumerate(found):
        expected.add(r, days[k % 3])
    for k, acc in enumerate(accuracies):
        expected.add_accuracy(found[0].game, f"a{k}", acc, DAY)
    again = Store(text_only(backend), "site")
    assert stats.load(again) == expected
    assert again.set_aside == [] and "site:stats:corrupt" not in again.backend.data
    assert Stats.load_file(expected.export()) == expected  # and through the file


def test_the_daily_duel_is_read_back_with_the_island():
    """Issue #57's day: the daily island, then the daily duel; 4a5e87c set both aside when it
    next read the statistics (the duel's symbols hold a line per colour)."""
    backend = MemoryBackend()
    site_store = Store(backend, "site")
    island = gg_daily.result(gg_finished(0, 1, [None], DAY))
    duel = gc_daily.result(gc_finished(0, 2, [None, "expert"], DAY))
    assert island is not None and duel is not None and "\n" in duel.symbols
    stats.noted(site_store, island, DAY)
    stats.noted(site_store, duel, DAY)
    s = stats.load(Store(text_only(backend), "site"))
    assert [(e["game"], e["scored"]) for e in s.games] == [
        ("go_for_gold", True),
        ("gold_connection", True),
    ]
    assert s.games[1]["symbols"] == duel.symbols


@QUICK
@given(st.integers(0, 2**31 - 1), st.integers(0, 3), st.integers(0, 60), st.sampled_from(LANGS))
def test_a_gold_connection_game_saved_at_any_move_resumes_the_same(seed, rivals, clicks, lang):
    from test_app_app import press_any

    i18n.set_language(lang)
    backend = MemoryBackend()
    seats = ",".join(["human", *["ai:medium"] * rivals] if rivals else ["human", "human"])
    app = GcApp(backend, f"?players={seats}&seed={seed}")
    rng = random.Random(seed)
    for _ in range(clicks):
        if app.session.waiting() in ("ai", "ai-roll", "over"):
            break
        press_any(app, rng)
    assert app.save()
    again = GcApp(text_only(backend))
    assert again.session.save() == app.session.save()  # the record, and "closed" once over
    assert again.notices == []


@QUICK
@given(st.integers(0, 2**31 - 1), st.integers(0, 5), st.integers(0, 80), st.sampled_from("ab"))
def test_a_go_for_gold_game_saved_at_any_step_resumes_the_same(seed, rivals, steps, side):
    """The game, and the steps of a path tapped but not drawn yet."""
    from test_go_for_gold_page import play_out

    backend = MemoryBackend()
    seats = ",".join(["human", *["ai:easy"] * rivals])
    app = GgApp(backend, f"?players={seats}&map={side}&seed={seed}")
    play_out(app, random.Random(seed), limit=steps)
    app.save()
    assert app.store.refused == set()
    again = GgApp(text_only(backend))
    assert again.game.record() == app.game.record()
    assert (again.building, again.foot) == (app.building, app.foot)  # a path half drawn


@QUICK
@given(st.lists(st.tuples(st.integers(0, 2**31 - 1), st.integers(1, 40)), min_size=1, max_size=4))
def test_games_by_link_read_back_the_same(games):
    from helpers import random_record

    backend = MemoryBackend()
    kept = bylink.Games(Store(backend, "gold-connection"))
    for k, (seed, moves) in enumerate(games):
        kept.keep(f"g{k}", random_record(["Ada", "Bob"], seed, seed, moves), [k % 2])
    again = bylink.Games(Store(text_only(backend), "gold-connection"))
    assert again.games == kept.games and again.listed() == kept.listed()


@QUICK
@given(st.integers(0, 2**31 - 1), st.integers(1, 30), st.integers(1, 40))
def test_the_game_by_link_on_the_board_and_the_game_kept_aside_read_back_the_same(
    seed, local_clicks, link_moves
):
    """``bylink_current`` and ``local``: a game of this device alone in progress, then a
    friend's link opened over it; a reload finds the game by link on the board and the game
    kept aside, which comes back as it was."""
    from helpers import random_record
    from test_app_app import press_any

    backend = MemoryBackend()
    home = GcApp(backend, f"?players=human,human&seed={seed}")
    rng = random.Random(seed)
    for _ in range(local_clicks):
        press_any(home, rng)
    home.save()
    local = home.session.save()
    record = random_record(["Ada", "Bob"], seed, seed + 1, link_moves)
    linked = GcApp(text_only(backend), "", fragment=bylink.fragment("f00d", record))
    assert linked.links.current is not None
    if not home.session.game.moves:  # nothing played: nothing to keep aside
        return
    linked.save()
    again = GcApp(text_only(linked.store.backend))
    assert again.links.current == linked.links.current
    assert again.session.game.moves == record["moves"]
    assert again.store.get("local") == local
    assert again.intent("bylink_local") and again.session.save() == local
    assert again.notices == []


@pytest.mark.parametrize("how", ["link", "quick"])
def test_a_new_game_over_a_game_by_link_keeps_the_game_by_link(how):
    """A game vs the computer started from a link (or Quick game) while a game by link is on
    the board: the game by link stays in the list as it was, and the computer plays."""
    from helpers import random_record

    backend = MemoryBackend()
    record = random_record(["Ada", "Bob"], 7, 8, 30)
    held = GcApp(backend, "", fragment=bylink.fragment("f00d", record))
    held.save()
    if how == "link":
        app = GcApp(text_only(backend), "?players=human,ai:easy&seed=5")
    else:
        app = GcApp(text_only(backend))
        app.intent("quick")
    assert app.dialog == "confirm" and app.intent("confirm-start")
    app.save()
    assert app.links.current is None and not app.links.remote(app)  # the computer plays
    kept = bylink.Games(Store(text_only(app.store.backend), "gold-connection")).get("f00d")
    assert kept is not None and kept["record"]["moves"] == record["moves"]


def test_the_tables_a_device_sat_at_read_back_newest_first_and_the_oldest_seat_goes():
    """``go-for-gold-table:tables``: the seats of at most 12 tables are kept, newest first."""
    from pages.go_for_gold.table.app import MAX_TABLES

    backend = MemoryBackend()
    keys = []
    for k in range(MAX_TABLES + 1):
        app = TableApp(text_only(backend), "?table=new", seed=k + 1)
        app.intent("make")
        app.intent("seat", "0")
        backend = app.store.backend
        keys.append("t:" + app.table.code)
    again = Store(text_only(backend), "go-for-gold-table")
    assert again.get("tables") == keys[::-1][:MAX_TABLES]
    assert again.get(keys[0]) is None and again.get(keys[-1])["seat"] == 0


@QUICK
@given(st.sampled_from(["instant", "fast", "normal"]), st.sampled_from(["instant", "fast",
       "normal"]), st.booleans())
def test_the_pace_and_field_names_chosen_on_the_pages_read_back_the_same(gc_speed, gg_speed,
                                                                          labels):
    backend = MemoryBackend()
    gc = GcApp(backend, "?players=human,ai:easy&seed=1")
    gc.setting("speed", None, gc_speed)
    gg = GgApp(backend, "?players=human&map=a&seed=1")
    gg.setting("speed", None, gg_speed)
    if labels:
        gg.intent("labels")
    assert GcApp(text_only(backend)).speed == gc_speed
    again = GgApp(text_only(backend))
    assert (again.speed, again.labels) == (gg_speed, labels)


@QUICK
@given(st.integers(0, 2**20), st.integers(1, 6), st.integers(0, 5), st.integers(0, 30))
def test_a_table_seat_reloaded_mid_round_keeps_its_events_and_tapped_steps(seed, n, seat, taps):
    app = TableApp(MemoryBackend(), "?table=new", seed=seed)
    while len(app.names) < n:
        app.intent("add_player")
    while len(app.names) > n:
        app.intent("remove_player")
    app.intent("make")
    app.intent("seat", str(seat % n))
    rng = random.Random(seed)
    for _ in range(taps):
        steps = app.next_steps()
        if app.dev is None or app.dev.over:
            break
        if app.path_done() and rng.random() < 0.3:
            app.intent("draw")
        elif steps and rng.random() < 0.8:
            app.intent("step", rng.choice(steps))
        else:
            others = [t for t in app.dev.game.legal() if not t.startswith("path")]
            app.intent("play", rng.choice([*others, "next"]))
    query = app.address()
    again = TableApp(text_only(app.store.backend), query)
    assert again.screen == app.screen
    if app.dev is not None:
        assert again.dev is not None
        assert (again.dev.seat, again.dev.events) == (app.dev.seat, app.dev.events)
        assert again.building == app.building
        assert again.next_steps() == app.next_steps()


@QUICK
@given(
    st.lists(st.tuples(st.sampled_from([None, *GC_LEVELS]), st.text(max_size=30)), min_size=2,
             max_size=4),
    st.sampled_from(["counter", "series"]),
    st.sampled_from(["a", "b"]),
    st.sampled_from(LANGS),
    st.booleans(),
)
def test_settings_read_back_the_same(seats, ending, side, lang, sr):
    backend = MemoryBackend()
    gc = Store(backend, "gold-connection")
    setup = GcSetup.from_dict({"seats": [{"name": n, "ai": a} for a, n in seats],
                               "ending": ending, "seed": None})
    gc.set("setup", setup.to_dict())
    gc.set("speed", "fast")
    gg = Store(backend, "go-for-gold")
    gg_setup = GgSetup.from_dict({"seats": [{"name": n, "ai": a} for a, n in seats[:6]],
                                  "map": side})
    gg.set("setup", gg_setup.to_dict())
    gg.set("labels", True)
    shell = Store(backend, "site")
    site.remember_language(shell, lang)
    screenreader.remember(shell, sr)
    i18n.set_language("en")  # a name left empty reads as the default name of the language
    read = text_only(backend)
    assert GcSetup.from_dict(Store(read, "gold-connection").get("setup")) == setup
    assert GgSetup.from_dict(Store(read, "go-for-gold").get("setup")) == gg_setup
    assert Store(read, "gold-connection").get("speed") == "fast"
    assert Store(read, "go-for-gold").get("labels") is True
    assert site.remembered_language(Store(read, "site")) == lang
    assert screenreader.remembered(Store(read, "site")) is sr


@pytest.fixture(scope="module")
def made_drills():
    """Drills as the duel's review makes them (4a5e87c's, from the fixture: a real review)."""
    data = json.loads(FIXTURE.read_text())
    found = Store(MemoryBackend({"site:drills": data["site:drills"]}), "site")
    return drills.load(found)


@settings(max_examples=30, deadline=None)
@given(st.data())
def test_drills_and_their_answers_read_back_the_same(made_drills, data):
    assert made_drills
    backend = MemoryBackend()
    store = Store(backend, "site")
    drills.add(store, made_drills)
    for d in data.draw(st.lists(st.sampled_from(made_drills), max_size=3)):
        token = data.draw(st.sampled_from([o[0] for o in d["options"]]))
        drills.answer(store, d["id"], token)
    assert drills.load(Store(text_only(backend), "site")) == drills.load(store)


# ---- damage, full storage, two tabs --------------------------------------------------------------


def some_stats(n: int = 4) -> Stats:
    s = Stats()
    for k in range(n):
        day = daily.shift(DAY, -k)
        s.add(stats.Result("go_for_gold", f"g{k}", daily.seed(day, "island"), (), 20 + k, None,
                           "5️⃣"), day)
    s.add_accuracy("go_for_gold", "g0", 88.5, DAY)
    return s


def test_one_damaged_entry_costs_only_itself_and_is_kept_for_a_bug_report():
    backend = MemoryBackend()
    store = Store(backend, "site")
    good = some_stats()
    stats.save(store, good)
    stored = json.loads(backend.data["site:stats"])
    stored["value"]["games"][1][7] = "lots"  # a score that is not a number
    backend.data["site:stats"] = json.dumps(stored)
    again = Store(backend, "site")
    s = stats.load(again)
    assert [e["id"] for e in s.games] == ["g0", "g2", "g3"] and s.accuracy == good.accuracy
    assert len(again.set_aside) == 1 and "score" in again.set_aside[0][1]
    aside = again.aside("stats")
    assert len(aside) == 1 and '"lots"' in aside[0]["text"]
    assert stats.load(Store(backend, "site")) == s  # stored without it: told once
    assert Store(backend, "site").set_aside == []


@pytest.mark.parametrize("lang", ["de", "nl", "hu"])
def test_the_damaged_entry_s_notice_is_said_in_the_player_s_language(lang):
    """The daily page's one line names the damaged entry in the player's language (it said
    "entry 2 is not readable (score: …)" in English inside a German sentence); the copy kept
    aside for a bug report keeps the English reason."""
    from shell.dailypage import DailyApp

    backend = MemoryBackend()
    stats.save(Store(backend, "site"), some_stats())
    stored = json.loads(backend.data["site:stats"])
    stored["value"]["games"][1][7] = "lots"
    backend.data["site:stats"] = json.dumps(stored)
    i18n.set_language(lang)
    html = DailyApp(backend, [], DAY, 60).html()
    line = html.split('class="stored-notice', 1)[1].split("</p>", 1)[0]
    said = i18n.t("stats.bad.entry", n=2, field="score")
    assert said in line and "is not readable" not in line
    assert "is not readable" in Store(backend, "site").aside("stats")[0]["reason"]


def test_a_damaged_drill_is_said_at_the_daily_page_s_top_and_the_others_stay(made_drills):
    """A drill that cannot be read went to ``site:drills:corrupt`` without a word (the page's
    notice read the statistics only): the line says so now, once, and every other drill stays."""
    from shell import drills
    from shell.dailypage import DailyApp

    backend = MemoryBackend()
    drills.add(Store(backend, "site"), made_drills)
    stored = json.loads(backend.data["site:drills"])
    stored["value"][0]["grade"] = 7  # not a grade
    backend.data["site:drills"] = json.dumps(stored)
    i18n.set_language("en")
    html = DailyApp(backend, [], DAY, 60).html()
    line = html.split('class="stored-notice', 1)[1].split("</p>", 1)[0]
    assert "Some stored drills could not be read and were kept aside" in line
    assert len(drills.load(Store(backend, "site"))) == len(made_drills) - 1
    assert len(Store(backend, "site").aside("drills")) == 1
    assert 'class="stored-notice' not in DailyApp(backend, [], DAY, 60).html()  # told once


def test_two_damages_in_a_row_are_both_kept_and_the_oldest_goes_first_beyond_the_bound():
    backend = MemoryBackend()
    for k in range(MAX_ASIDE + 2):
        backend.data["go-for-gold:save"] = f"garbage {k} {{"
        store = Store(backend, "go-for-gold")
        assert store.get("save") is None
        assert len(store.aside("save")) == min(k + 1, MAX_ASIDE)
    texts = [a["text"] for a in Store(backend, "go-for-gold").aside("save")]
    assert texts[0] == "garbage 2 {" and texts[-1] == f"garbage {MAX_ASIDE + 1} {{"


def test_a_full_storage_refuses_loses_nothing_and_saving_resumes_when_space_returns():
    backend = MemoryBackend()
    store = Store(backend, "site")
    stats.save(store, some_stats(2))
    before = dict(backend.data)
    backend.quota = sum(len(k) + len(v) for k, v in backend.data.items()) + 10
    r = stats.Result("go_for_gold", "new", None, ("easy",), 12, True, "5️⃣")
    stored, _, s = stats.record(store, DAY, [r])
    assert not stored and backend.data == before  # refused: what was stored is still there
    assert len(s.games) == 3  # the page goes on with it
    backend.quota = None  # space returns: the same call stores it
    stored, _, _ = stats.record(store, DAY, [r])
    assert stored and len(stats.load(Store(backend, "site")).games) == 3


def test_a_full_storage_gives_up_what_was_set_aside_before_a_game():
    backend = MemoryBackend({"go-for-gold:save:corrupt": "x" * 500})
    backend.quota = 600
    store = Store(backend, "go-for-gold")
    assert store.set("save", {"record": {"moves": ["y" * 200]}})
    assert "go-for-gold:save:corrupt" not in backend.data


def test_two_tabs_finishing_games_at_once_both_count():
    """Each tab read the statistics before the other wrote (its copy of localStorage was
    stale): the second write drops the first tab's game until that tab, told by the storage
    event, records what it recorded again."""
    shared = MemoryBackend()
    stats.save(Store(shared, "site"), some_stats(1))
    a, b = Store(shared, "site"), Store(shared, "site")
    ra = stats.Result("go_for_gold", "tab-a", None, (), 30, None, "5️⃣")
    rb = stats.Result("gold_connection", "tab-b", None, ("expert",), 40, False, "🟨")
    stale = shared.data["site:stats"]
    stats.record(a, DAY, [ra])
    shared.data["site:stats"] = stale  # tab b's copy did not hold tab a's write yet
    stats.record(b, DAY, [rb])
    assert "tab-a" not in shared.data["site:stats"]
    stats.record(a, DAY, [ra])  # tab a's storage event: its own games again
    ids = {e["id"] for e in stats.load(Store(shared, "site")).games}
    assert {"tab-a", "tab-b"} <= ids


def test_a_value_of_a_newer_version_is_kept_aside_not_lost():
    backend = MemoryBackend({"site:stats": json.dumps({"v": 9, "value": {"games": []}})})
    store = Store(backend, "site")
    assert stats.load(store) == Stats()
    assert "version 9" in store.set_aside[0][1]
    assert json.loads(store.aside("stats")[0]["text"])["v"] == 9


# ---- what 4a5e87c stored ------------------------------------------------------------------------


def fixture() -> dict[str, str]:
    return json.loads(FIXTURE.read_text(encoding="utf-8"))


def test_everything_4a5e87c_stored_is_read_and_the_statistics_it_set_aside_come_back():
    data = fixture()
    backend = MemoryBackend(data)
    s = stats.load(Store(backend, "site"))
    games = [(e["game"], e["daily"], e["scored"]) for e in s.games]
    assert games == [
        ("go_for_gold", DAY, True),  # the daily island, set aside by 4a5e87c
        ("gold_connection", DAY, True),  # the daily duel, which it could not read
        ("go_for_gold", None, False),  # the game against computers after it
    ]
    assert [a["game"] for a in s.accuracy] == ["gold_connection"]
    assert "site:stats:corrupt" not in backend.data  # nothing of it is left unread
    assert drills.load(Store(backend, "site"))
    gc = GcApp(MemoryBackend(data))
    assert gc.notices == [] and gc.session.game.moves  # the game by link, on the board
    assert gc.links.current is not None and gc.store.get("local") is not None
    gg = GgApp(MemoryBackend(data))
    assert gg.game.record() == json.loads(data["go-for-gold:save"])["record"] and gg.labels
    assert gg.speed == "fast"
    assert i18n.language() == "de" and screenreader.remembered(Store(backend, "site"))
    code = json.loads(data["go-for-gold-table:tables"])[0]
    table = json.loads(data["go-for-gold-" + "table:" + code])
    assert table["seat"] == 1


def test_what_is_written_now_carries_its_version():
    backend = MemoryBackend()
    app = GcApp(backend, "?players=human,ai:easy&seed=3")
    app.save()
    stats.save(Store(backend, "site"), some_stats(1))
    for key, text in backend.data.items():
        value = json.loads(text)
        assert set(value) == {"v", "value"} and value["v"] >= 1, key
    assert json.loads(backend.data["site:stats"])["v"] == stats.STORE_VERSION


def test_years_of_daily_play_fit_in_a_browser_s_storage():
    """Five years of both daily games and two practice games a day: well inside the 5 million
    characters Chromium gives a site."""
    duel = "\n".join(["🟦🟦🟦⬛⬛⬛ 🟦🟦⬛⬛⬛ ⬛⬛⬛⬛"] * 4)
    one = Stats()  # a day's four games as the page records them
    for kind, game, symbols in (("island", "go_for_gold", "5️⃣ 🛕 ❌ 8️⃣ 3️⃣"),
                                ("duel", "gold_connection", duel)):
        one.add(stats.Result(game, "x" * 20, daily.seed(DAY, kind), ("expert",), 40, True,
                             symbols), DAY)
    for p in range(2):
        one.add(stats.Result("gold_connection", f"{p:020}", None, ("hard", "easy"), 33, False,
                             duel), DAY)
    s, day = Stats(), daily.FIRST_DAY
    for _ in range(5 * 365):  # the same four games every day (add() is not timed here)
        for e in one.games:
            n = len(s.games) + 1
            s.games.append({**e, "n": n, "id": f"{n:020}", "day": day,
                            "daily": e["daily"] and day})
        day = daily.shift(day, 1)
    backend = MemoryBackend()
    assert stats.save(Store(backend, "site"), s)
    size = len(backend.data["site:stats"].encode("utf-16-le")) // 2
    print(f"{len(s.games)} games in {size} UTF-16 units")
    assert size < 2_500_000


def test_a_game_plays_on_while_storage_is_full_and_saves_again_when_space_returns():
    backend = MemoryBackend()
    app = GgApp(backend, "?players=human,ai:easy&map=a&seed=4")
    app.save()
    saved = backend.data["go-for-gold:save"]
    backend.quota = len(saved) + len("go-for-gold:save")  # full: no longer save can be stored
    from test_go_for_gold_page import play_out

    play_out(app, random.Random(1), limit=12)
    app.save()
    assert backend.data["go-for-gold:save"] == saved  # the last save that fitted is kept
    assert [k for k, _ in app.notices].count("gg.notice.save_failed") == 1  # told once
    backend.quota = None
    app.save()
    assert app.notices == [] and GgApp(text_only(backend)).game.record() == app.game.record()


def test_the_statistics_file_carries_the_drills_and_refuses_them_edited(made_drills):
    from shell.dailypage import DailyApp, DailyGame

    games = [DailyGame("go_for_gold", "Go for Gold", "go-for-gold.html", "island", gg_daily.link),
             DailyGame("gold_connection", "Gold Connection", "./", "duel", gc_daily.link)]
    backend = MemoryBackend()
    stats.save(Store(backend, "site"), some_stats(2))
    drills.add(Store(backend, "site"), made_drills)
    _, text = DailyApp(backend, games, DAY, 60).export()
    fresh = MemoryBackend()
    assert DailyApp(fresh, games, DAY, 60).import_text(text)
    assert drills.load(Store(fresh, "site")) == drills.load(Store(backend, "site"))
    assert stats.load(Store(fresh, "site")).games == some_stats(2).games
    data = json.loads(text)
    data["drills"][0]["best"] = data["drills"][0]["played"]  # the answer edited into the file
    other = MemoryBackend()
    app = DailyApp(other, games, DAY, 60)
    assert not app.import_text(json.dumps(data))
    assert "changed after it was exported" in app.html() and other.data == {}


def test_a_review_without_a_costly_decision_is_not_told_to_review_a_game():
    from shell.dailypage import DailyApp

    backend = MemoryBackend()
    assert "review a finished game (from its end screen)" in DailyApp(backend, [], DAY, 60).html()
    stats.record(Store(backend, "site"), DAY, accuracies=[("gold_connection", "g", 100.0, DAY)])
    html = DailyApp(backend, [], DAY, 60).html()
    assert "had no decision costly enough to drill" in html
