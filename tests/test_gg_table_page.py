"""The table page's logic (pages.go_for_gold.table: app, view) in CPython: set-up, joining by
link or code, a seat played through intents to its result, reloads that resume, the others'
codes verified into standings, and every bad input named in one line."""

from urllib.parse import urlsplit

import pytest
from gamekit.safejson import MAX_MESSAGE
from go_for_gold.table import Table, TableSeat, read_link
from pages.go_for_gold.table import view
from pages.go_for_gold.table.app import TableApp
from shell import i18n, stats
from shell.store import MemoryBackend
from tables import eventful

PAGE = "https://example.org/go-for-gold.html"
TABLE = Table(4242, "a", 3, 0, ("Ada", "Bob", "Cy"))


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.fixture(scope="module")
def plan():
    return eventful(TABLE)


def html(app: TableApp) -> str:
    return "".join(view.parts(app, PAGE).values())


def play_plan(app: TableApp, events: list[str]) -> None:
    """The events as a person taps them: a path field by field, then Draw."""
    for event in events:
        if event.startswith("path "):
            for f in event.split()[1:]:
                assert f in app.next_steps(), (f, app.next_steps())
                assert app.intent("field", f)
            assert app.path_done() and app.intent("draw")
        elif event.startswith("told "):
            assert app.intent("tell", event[5:])
        else:
            assert app.intent("play", event)
        assert not app.notices, app.notices
        html(app)


def test_setting_up_a_table_gives_its_link_and_code():
    app = TableApp(MemoryBackend(), "?table=new", seed=7)
    assert app.screen == "setup" and app.state() == "table-setup"
    app.setting("name", "0", "  Ada ")
    app.setting("name", "1", "Bob")
    assert app.intent("add_player") and len(app.names) == 4
    assert app.intent("remove_player") and len(app.names) == 3
    assert app.setting("map", None, "b") and app.map_name == "b"
    app.setting("start", None, "2")
    assert app.intent("make")
    table = app.table
    assert app.screen == "seat" and table is not None
    assert (table.names, table.map_name, table.start) == (("Ada", "Bob", "Player 3"), "b", 2)
    link = app.link(PAGE)
    assert read_link(urlsplit(link).query)[0] == table
    page = html(app)
    assert table.shown_code in page and 'class="qr"' in page and "I am Bob" in page


def test_the_set_up_opens_with_other_parameters_beside():
    app = TableApp(MemoryBackend(), "?table=new&sr=1")
    assert app.screen == "setup" and not app.notices


def test_joining_by_typed_code_and_refusing_a_wrong_one():
    app = TableApp(MemoryBackend(), "?table=new")
    app.setting("code", None, TABLE.shown_code.lower())
    assert app.intent("join") and app.screen == "seat"
    assert app.table == Table(4242, "a", 3, 0) and app.name(2) == "Player 3"
    assert "A typed code carries no names" in html(app)  # why the seats are numbered
    linked = TableApp(MemoryBackend(), "?" + TABLE.query())
    assert "A typed code carries no names" not in html(linked)
    app = TableApp(MemoryBackend(), "?table=new")
    app.setting("code", None, "1234-567")
    app.intent("join")
    assert app.screen == "setup" and "typing error" in app.notices[0]


@pytest.mark.parametrize(
    ("query", "reason"),
    [
        ("?table=XYZ", "7 characters"),
        ("?table=" + TABLE.code + "&p=Ada", "names 1 players"),
        ("?table=" + "9" * 5000, "too long"),
    ],
)
def test_a_bad_link_opens_the_set_up_with_its_reason(query, reason):
    app = TableApp(MemoryBackend(), query)
    assert app.screen == "setup" and len(app.notices) == 1
    assert reason in app.notices[0] and len(app.notices[0]) <= MAX_MESSAGE + 60
    assert app.intent("dismiss", "0") and not app.notices


def test_a_seat_played_by_taps_to_its_result_resumes_after_every_reload(plan):
    truth, seats = plan
    backend = MemoryBackend()
    app = TableApp(backend, "?" + TABLE.query())
    assert app.intent("seat", "1") and app.state() == "table-move"
    events = seats[1].events
    for k in range(0, len(events), 7):  # a reload every few taps comes back to the same place
        play_plan(app, events[k : k + 7])
        again = TableApp(backend, app.address())
        assert again.dev is not None and again.dev.events == app.dev.events
        app = again
    assert app.state() == "table-over" and app.dev.score() == truth.score(1)
    page = html(app)
    assert app.dev.result_code()[:8] in page.replace("-", "")
    assert "Waiting for: Ada, Cy." in page


def test_the_others_codes_make_the_final_standings(plan):
    truth, seats = plan
    app = TableApp(MemoryBackend(), "?" + TABLE.query())
    app.intent("seat", "0")
    play_plan(app, seats[0].events)
    code = seats[1].result_code()
    app.setting("result", None, code[:-1] + ("0" if code[-1] != "0" else "1"))
    app.intent("add_result")
    assert app.result_error and "typing error" in app.result_error and 1 not in app.results
    app.setting("result", None, seats[0].result_code())
    app.intent("add_result")
    assert app.result_error == "That is your own result."
    for s in (1, 2):
        app.setting("result", None, seats[s].result_code())
        app.intent("add_result")
        assert app.result_error is None and app.result_added == s
    merged, misfit = app.final()
    assert misfit is None and merged is not None and merged.moves == truth.moves
    rows = app.standing_rows()
    assert [name for place, name, *_ in rows if place == 1] == [
        TABLE.names[s] for s in truth.winners
    ]
    assert 'data-final="1"' in html(app)
    # the finished table counts in this device's statistics, for the seat played here, the
    # others as people (#57: a table game was counted nowhere)
    found = app.result()
    assert found is not None and found.game == "go_for_gold" and found.levels == ("person",) * 2
    assert found.score == truth.score(0) and found.won == (truth.winners == [0])
    assert stats.record(app.site, "2026-12-02", [found], [])[0]
    assert [e["score"] for e in stats.load(app.site).games] == [truth.score(0)]


def test_a_table_counts_in_no_statistics_before_every_result_is_in(plan):
    _, seats = plan
    app = TableApp(MemoryBackend(), "?" + TABLE.query())
    app.intent("seat", "1")
    play_plan(app, seats[1].events)
    assert app.dev is not None and app.dev.over and app.result() is None


def test_a_result_link_opened_on_a_phone_adds_the_result(plan):
    _, seats = plan
    backend = MemoryBackend()
    app = TableApp(backend, "?" + TABLE.query())
    app.intent("seat", "2")
    query = f"?{TABLE.query()}&result={seats[0].result_code()}"
    app = TableApp(backend, query)
    assert 0 in app.results and app.dev is not None and app.dev.seat == 2
    assert app.address() == "?" + TABLE.query()  # the result is kept, not the address


def test_a_wrong_tap_is_taken_back_and_a_seat_changed_before_playing():
    app = TableApp(MemoryBackend(), "?" + TABLE.query())
    app.intent("seat", "0")
    assert app.intent("other_seat") and app.screen == "seat"
    app.intent("seat", "1")
    assert app.intent("tell", "closed R") and app.dev.events == ["told closed R"]
    assert not app.intent("other_seat")  # once playing, the seat stays
    assert app.intent("take_back") and app.dev.events == []
    assert app.intent("tell", "out 1") and app.notices  # one's own seat: refused, one line
    assert "own seat" in app.notices[0]


def test_a_stored_table_that_does_not_replay_is_named_and_the_table_still_opens():
    backend = MemoryBackend()
    app = TableApp(backend, "?" + TABLE.query())
    app.intent("seat", "0")
    key = "go-for-gold-table:t:" + TABLE.code
    backend.data[key] = backend.data[key].replace('"events":[]', '"events":["path z9"]')
    again = TableApp(backend, "?" + TABLE.query())
    assert again.screen == "seat" and "could not be replayed" in again.notices[0]
    backend.data[key] = "{" * 100
    again = TableApp(backend, "?" + TABLE.query())
    assert again.screen == "seat" and again.notices


@pytest.mark.parametrize("code", ["en", "de", "nl", "hu"])
def test_every_screen_draws_in_every_language(code, plan):
    i18n.set_language(code)
    _, seats = plan
    app = TableApp(MemoryBackend(), "?table=new")
    screens = [html(app)]
    app = TableApp(MemoryBackend(), "?" + TABLE.query())
    screens.append(html(app))
    app.intent("seat", "0")
    dev = TableSeat(TABLE, 0)
    for event in seats[0].events:
        dev.do(event)
    app.dev = dev
    app.intent("add_result")
    screens.append(html(app))
    for page in screens:
        assert "gt." not in page.replace("gt-", "")  # no message id left untranslated


def test_a_seat_is_played_whole_by_the_screen_readers_command_line(plan):
    from pages.go_for_gold.table.screenreader import commands, news

    truth, seats = plan
    app = TableApp(MemoryBackend(), "?" + TABLE.query())
    line = commands(app)
    assert line.run("w").lines == [i18n.t("gt.sr.no_seat")]
    app.intent("seat", "2")
    heard = []
    for event in seats[2].events:
        if event.startswith("path "):
            for f in event.split()[1:]:
                assert line.run(f).changed
            reply = line.run("d")
        elif event.startswith("told closed "):
            colour = i18n.t("gt.colour." + event.split()[-1])
            reply = line.run(f"closed {colour}")
        elif event.startswith("told out "):
            reply = line.run("out " + TABLE.names[int(event.split()[-1])])
        elif event == "told last":
            reply = line.run("last")
        else:
            reply = line.run(event)
        assert reply.changed, (event, reply.lines)
        heard += [text for _, text in news(app)]
    assert app.dev.events == seats[2].events and app.dev.over
    assert any(i18n.t("gt.over.title", score=truth.score(2)) in h for h in heard)
    assert line.run("w").lines[0].endswith(f"{app.dev.result_code()}.")
    assert line.run("a1").lines[0].startswith("Not a next step: a1.")
    for s in (0, 1):
        assert not line.run(f"r {seats[s].result_code()}").lines[0].startswith("Refused")
    assert line.run("s").lines[0].startswith("1. ")
    assert line.run("r 1234").lines[0].startswith("Refused")
    assert "m:" in " ".join(line.run("h").lines)


def test_a_seats_own_search_and_temple_rolls_are_shown_with_what_they_did(plan):
    """The play-test: a search that found its treasure went straight to "Round 1 is done for
    you" with no die and no "Found! +5"; every own roll now stands in the status until the
    next round, as on the single-device page."""
    _, seats = plan
    shown: set[str] = set()
    for seat, s in seats.items():
        app = TableApp(MemoryBackend(), "?" + TABLE.query())
        assert app.intent("seat", str(seat))
        for event in s.events:
            entries = len(app.dev.game.sheets[0].entries)
            play_plan(app, [event])
            status = view.status(app)
            if event in ("search", "explore"):
                kind = "search" if event == "search" else "temple"
                assert f'data-roll="{kind}:' in status, status
                found = len(app.dev.game.sheets[0].entries) > entries
                if kind == "search" and found:
                    assert "Found! +" in status
                    shown.add("found")
                elif kind == "temple":  # won or cursed, it is an entry (9 or −1, GG-4.2)
                    won = app.dev.game.sheets[0].entries[-1] == 9
                    assert ("Explored! +9" in status) == won and ("Cursed" in status) != won
                    shown.add("temple")
            elif event == "next":
                assert "data-roll" not in status  # a new round: the old roll is gone
    assert shown == {"found", "temple"}


def test_a_die_no_path_can_walk_says_to_cross_off_a_foot():
    """A seat whose rolled length has no open path was told "Draw a path of 6 steps", with no
    field lit and Draw disabled, and nothing saying a foot must be crossed off (GG-3.3, GG-3.6:
    a new player was stuck)."""
    import random

    from tables import play_table

    table = Table(seed=1, map_name="a", players=2, start=0, names=("Ada", "Bob"))
    _, seats = play_table(table, random.Random(1))
    app = TableApp(MemoryBackend(), "?" + table.query())
    app.intent("seat", "0")
    for event in seats[0].events:
        dev = app.dev
        assert dev is not None
        if dev.prompt == "move" and not app.building and not app.next_steps():
            break  # this deal's first die that no path can walk: the plan crosses off a foot
        play_plan(app, [event])
    assert event == "foot 2" and not app.building
    panel = view.parts(app, PAGE)["panel"]
    assert "is open from where you are: cross off a foot below" in panel
    assert "Draw a path" not in panel and 'data-intent="draw"' not in panel
    assert 'data-arg="foot 2"' in panel
    play_plan(app, ["foot 2"])
    assert "Draw a path of 2 steps" in view.parts(app, PAGE)["panel"]
