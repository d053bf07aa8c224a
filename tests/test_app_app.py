"""Gold Connection's page state (its controller) without a browser: boot paths, dialogs,
autosave, whole games."""

import json
import random
import re

import pytest
from gold_connection import IllegalMoveError
from helpers import BLOCK_BROWSER, PY, fresh_python
from pages.gold_connection import hints, view
from pages.gold_connection.ai_service import AiService
from pages.gold_connection.controller import App
from pages.gold_connection.panel import panel
from pages.gold_connection.session import Session
from pages.gold_connection.settings import Seat, Setup
from shell import i18n
from shell.store import MemoryBackend
from test_app_session import position_session, two_humans

PARTS = {
    "status",
    "tools",
    "notices",
    "board",
    "goal",
    "way",
    "panel",
    "crates",
    "opponents",
    "supply",
    "log",
    "dialog",
}


def press_any(app: App, rng: random.Random) -> None:
    """One click on an enabled button of the panel, as a person would."""
    p = panel(app.session)
    buttons = [b for g in p.groups for b in g.buttons] + p.actions
    buttons = [b for b in buttons if not b.disabled and b.intent != "none"]
    primary = [b for b in buttons if b.kind == "primary"]
    b = primary[0] if primary and rng.random() < 0.3 else rng.choice(buttons)
    app.intent(b.intent, b.arg)


def play_out(app: App, seed: int) -> int:
    """Play to the end: people by random clicks, computers via the worker's AiService."""
    rng = random.Random(seed)
    brain = AiService()
    for steps in range(20000):
        w = app.session.waiting()
        if w == "over":
            return steps
        if w == "ai-roll":
            app.computer_plays(None)
        elif w == "ai":
            app.computer_plays(brain.decide(app.record_json()))
        else:
            press_any(app, rng)
        seats = {f"seat-{i}" for i in range(app.session.game.n)}
        assert set(app.parts()) == PARTS | seats
    raise AssertionError("the game did not end")


def test_first_visit_opens_the_new_game_form():
    app = App(MemoryBackend())
    assert app.dialog == "newgame" and app.notices == []
    assert 'data-dialog="newgame"' in app.parts()["dialog"]


def test_quick_game_remembers_settings_and_saves():
    backend = MemoryBackend()
    app = App(backend)
    app.intent("quick")
    assert app.dialog is None
    app.intent("roll")
    app.save()
    again = App(backend)
    assert again.session.game.moves == app.session.game.moves
    assert again.dialog is None
    assert again.remembered().ais() == [None, app.session.ai_spec(1)]


def test_url_start_and_url_errors():
    app = App(MemoryBackend(), "?players=human,ai:greedy&seed=7&speed=instant")
    assert app.url_consumed and app.speed == "instant"
    assert app.session.game.seed == 7 and app.session.is_ai(1)
    bad = App(MemoryBackend(), "?players=human,ai:nonsense")
    assert bad.notices and bad.notices[0][0] == "url.ai"
    assert "nonsense" in bad.parts()["notices"]
    assert bad.dialog == "newgame"


def test_a_corrupt_save_gives_a_notice_and_a_new_game():
    for junk in ("{not json", json.dumps({"format": "site-save/1", "game": "gold-connection"})):
        backend = MemoryBackend({"gold-connection:save": junk})
        app = App(backend)
        assert [k for k, _ in app.notices] == ["notice.save_bad"]
        assert app.session.game.moves == []
        assert "could not be resumed" in app.parts()["notices"]


def test_every_stored_key_holding_deep_nesting_is_set_aside_and_the_page_starts():
    deep = "[" * 10_000 + "]" * 10_000
    for key in (
        "gold-connection:save",
        "gold-connection:setup",
        "site:prefs",
        "gold-connection:speed",
    ):
        backend = MemoryBackend({key: deep})
        app = App(backend)
        assert app.session.game.moves == [] and app.parts()["panel"]
        aside = json.loads(backend.data[key + ":corrupt"])["value"]
        assert aside[-1]["text"] == deep  # kept for a bug report
        assert key not in backend.data, "the bad value is gone, so a reload starts clean"
        assert len(app.notices) == 1, app.notices  # told once
        assert "nested 10000 levels" in app.parts()["notices"]
        again = App(backend)
        assert again.notices == [] or again.notices[0][0] != "notice.stored_bad"


def test_new_game_form_edits_and_checks():
    app = App(MemoryBackend())
    app.intent("seat-add")
    assert len(app.form.seats) == 3
    app.setting("kind", "2", "human")
    app.setting("name", "2", "Cy")
    app.setting("ending", None, "series")
    app.setting("seed", None, "12x")
    app.intent("start")
    assert app.dialog == "newgame" and "12x" in app.parts()["dialog"]
    app.setting("seed", None, "12")
    app.intent("start")
    g = app.session.game
    assert app.dialog is None and g.seed == 12 and g.ending == "series" and g.n == 3
    assert g.players[2] == {"name": "Cy"}


def test_the_quick_game_s_names_follow_a_seat_that_changes_sides():
    """The first visit's form holds the quick game ("Player" against "Computer"): a seat
    switched to a person is no longer called "Computer", nor a computer "Player"; a chosen
    name stays, and "Computer" stays while the seat stays a computer."""
    app = App(MemoryBackend())
    assert [s.name for s in app.form.seats] == ["Player", "Computer"]
    app.setting("kind", "1", "expert")
    assert app.form.seats[1].name == "Computer"
    app.setting("kind", "1", "human")
    assert app.form.seats[1].name == "Player 2"
    app.setting("kind", "0", "easy")
    assert app.form.seats[0].name == "Bot (easy)"
    app.setting("name", "1", "Cy")
    app.setting("kind", "1", "hard")
    assert app.form.seats[1].name == "Cy"


def test_new_game_form_sets_a_computer_s_risk_and_think_time():
    app = App(MemoryBackend())
    app.setting("kind", "1", "expert")
    form = app.parts()["dialog"]
    assert 'data-setting="risk" data-seat="1"' in form and "Think time" in form
    app.setting("risk", "1", "bold")
    app.setting("budget", "1", "500")
    assert app.form.seats[1].ai == "expert:bold:budget=500"
    app.setting("kind", "1", "hard")  # another searching level keeps the knobs
    assert app.form.seats[1].ai == "hard:bold:budget=500"
    app.setting("budget", "1", "lots")  # never offered: nothing changes
    assert app.form.seats[1].ai == "hard:bold:budget=500"
    app.setting("kind", "1", "easy")  # a beginner has no knobs, nor does the form show them
    assert app.form.seats[1].ai == "easy"
    assert 'data-setting="risk" data-seat="1"' not in app.parts()["dialog"]
    app.setting("kind", "1", "expert")
    app.setting("risk", "1", "cautious")
    app.intent("start")
    assert app.session.game.players[1]["ai"] == "expert:cautious"
    assert "Computer · expert, cautious" in app.parts()["seat-1"]  # the crate says so too


def test_knobs_from_a_link_show_in_the_form():
    app = App(MemoryBackend(), query="?players=human,ai:expert:risk=0.3:budget=50")
    app.intent("new")
    form = app.parts()["dialog"]
    assert '<option value="risk=0.3" selected>' in form
    assert '<option value="50" selected>50 ms</option>' in form
    assert '<option value="expert" selected>' in form


def test_whole_games_through_the_page_state_end_on_the_end_screen():
    for seed, seats in ((1, [None, "greedy"]), (2, [None, None, "random"])):
        backend = MemoryBackend()
        app = App(backend)
        app.start(Setup([Seat(f"P{i}", ai) for i, ai in enumerate(seats)], "counter", seed))
        play_out(app, seed)
        assert app.dialog == "over" and app.state() == "over"
        end = app.parts()["dialog"]
        assert "scores" in end and all(f"P{i}" in end for i in range(len(seats)))
        if len(app.session.game.winners) == 1:  # in Hungarian too one winner won alone
            i18n.set_language("hu")
            try:
                assert "együtt" not in app.parts()["dialog"] + app.parts()["panel"]
            finally:
                i18n.set_language("en")
        app.save()
        resumed = App(backend)
        assert resumed.dialog == "over" and resumed.session.game.is_over()
        app.intent("again")
        assert app.state() == "ready" and app.session.game.moves == []


def test_the_hint_names_the_expert_s_plan_in_words_and_plays_it():
    app = App(MemoryBackend())
    app.session = s = position_session(fields={"3": ["b2", "y1"]})
    app.dialog = None
    hint = json.loads(AiService().hint(json.dumps(s.game.record())))
    assert hint["token"] in s.game.legal() and hint["source"] == "engine"
    assert hint["token"].startswith("move") and hint["then"].startswith(("take", "end"))
    s.set_hint(hint)
    html = view.hint_html(s)
    # plain words with the roll's odds and the expected gain; no raw token anywhere
    assert re.search(r"Hint:</strong> Walk \d+ to (safe \d+|the \w+ end \(\w\)), ", html), html
    assert re.search(r": \d+%, about \+\d+ points?</p>", html), html
    assert "<code" not in html and hint["token"] not in html
    # the vault lights up the field and the bars the hint names there
    field, bars = hints.marks(s)
    assert view.highlights(s) == ([field], bars, field)
    assert f'id="field-{field}" class="field hl"' in app.parts()["board"]
    assert 'data-intent="play-hint"' in html
    assert ">Play it and roll<" in html  # the plan names bars: playing it rolls the dice
    assert app.intent("play-hint")
    kinds = [e.token.split()[0] for e in s.log[-3:]]
    assert kinds == ["move", hint["then"].split()[0], "dice"]
    assert s.game.turn.arrow == field and s.sel.hint is None


def test_a_long_shot_hint_says_what_it_is_for():
    s = position_session(fields={"2": ["b2", "y1"]})
    s.play("move 1")
    s.set_hint({"token": "take b2 y1", "chance": 1 / 36, "gain": 4.08})
    html = view.hint_html(s)
    assert "Take blue 2 + yellow 1: 3%, about +4 points. A long shot" in html
    assert "consolation chips" in html


def test_tie_break_is_explained():
    s = position_session(to_move=0)
    g = s.game
    g.prompt, g.winners = "over", [0]
    g.chips[0], g.chips[1] = 3, 1
    text = view.tie_text(s)
    assert "most chips" in text and "3" in text and "1" in text
    g.winners = [0, 1]
    g.chips[1] = 3
    assert "share the win" in view.tie_text(s)


def test_every_message_id_in_the_code_exists():
    from shell.i18n import EN  # the site's messages and the game's

    used = set()
    for path in (PY / "app").glob("*.py"):
        text = path.read_text()
        used |= {m for m in re.findall(r'\bt\("([a-z_.]+)"', text)}
        used |= {m + ".one" for m in re.findall(r'\btn\("([a-z_.]+)"', text)}
        used |= {m + ".other" for m in re.findall(r'\btn\("([a-z_.]+)"', text)}
        used |= set(re.findall(r'\("((?:url|log|notice|form|noloot)\.[a-z_.]+)"', text))
    counted = {k.rsplit(".", 1)[0] for k in EN if k.endswith(".one")}
    prefixes = (".", "_")  # ids built at run time, e.g. t("colour." + c)
    missing = sorted(
        k for k in used if k not in EN and k not in counted and not k.endswith(prefixes)
    )
    assert missing == []


def test_shell_and_page_packages_import_no_browser_module():
    """Only each game's ``page`` module (and browser/) touches the browser: the rest of the
    page layer runs, and is tested, in CPython."""
    code = BLOCK_BROWSER + (
        "import pkgutil, importlib, shell, pages, games\n"
        "names = ['shell.' + m.name for m in pkgutil.iter_modules(shell.__path__)]\n"
        "for game in games.GAMES:\n"
        "    pkg = importlib.import_module('pages.' + game.key)\n"
        "    names += [pkg.__name__ + '.' + m.name for m in pkgutil.iter_modules(pkg.__path__)\n"
        "              if m.name != 'page']\n"
        "for name in names:\n"
        "    importlib.import_module(name)\n"
        "print('ok')\n"
    )
    assert fresh_python(code) == "ok"


def test_message_ids_built_at_run_time_exist():
    from pages.gold_connection.settings import LEVEL_CANDIDATES
    from shell.i18n import EN  # the site's messages and the game's
    from shell.settings import SPEEDS

    built = [f"colour.{c}" for c in "bygr"]
    built += [f"heading.{h}" for h in "wenms"] + [f"corridor.{c}" for c in "nms"]
    built += [f"corridor.span.{c}" for c in "nms"] + [f"field.end.{f}" for f in "WE"]
    built += [f"level.{lv}" for lv in LEVEL_CANDIDATES] + [f"speed.{sp}" for sp in SPEEDS]
    built += [f"log.roll_ok_{k}" for k in ("take", "rob", "end")]
    built += [f"form.ending.{e}{n}" for e in ("counter", "series") for n in ("", ".note")]
    built += [f"svg.{k}" for k in view.svg.DEFAULT_LABELS]
    assert [k for k in built if k not in EN] == []


class FullBackend(MemoryBackend):
    """localStorage with its quota used up: every write fails, as in the browser."""

    def setItem(self, key, value):  # noqa: N802
        raise RuntimeError("QuotaExceededError")


def test_a_refused_save_is_shown_until_saving_works_again():
    backend = FullBackend()
    app = App(backend, "?players=human,human")
    assert app.save() is False and app.save_problem == "failed"
    html = app.parts()["notices"]
    assert "refused to save" in html and 'data-intent="share"' in html
    assert "Copy the game" in html
    backend.setItem = MemoryBackend.setItem.__get__(backend)  # room again
    assert app.save() is True and app.save_problem is None
    assert "refused" not in app.parts()["notices"]


def test_another_tabs_save_stops_this_tab_from_overwriting_it():
    backend = MemoryBackend()
    a = App(backend, "?players=human,human&seed=1")
    a.save()
    b = App(MemoryBackend(dict(backend.data)), "?players=human,human&seed=2")
    b.save()
    backend.data["gold-connection:save"] = b.store.written["save"]  # tab B wrote it
    assert a.other_tab_saved(b.store.written["save"]) is True
    assert a.save() is False and backend.data["gold-connection:save"] == b.store.written["save"]
    html = a.parts()["notices"]
    assert "Another tab" in html and 'data-intent="keep-here"' in html
    assert not a.other_tab_saved(None)  # already paused; nothing new to say
    # its own write coming back (another tab's echo) is not a conflict
    c = App(MemoryBackend(), "?players=human,human&seed=3")
    c.save()
    assert c.other_tab_saved(c.store.written["save"]) is False
    # the two ways on: open the other game, or take the save back
    assert a.intent("load-other") and a.session.game.seed == 2 and a.save_problem is None
    a.other_tab_saved('{"x":1}')
    assert a.intent("keep-here") and a.save_problem is None
    assert backend.data["gold-connection:save"] == a.store.written["save"]


def test_a_computer_seat_this_page_cannot_run_goes_to_a_person_with_a_notice():
    for spec in ("nonsense-level", "file:bot.py", "x" * 100_000):
        app = App(MemoryBackend(), "?players=human,human&seed=4")
        rec = app.session.game.record()
        rec["players"][1]["ai"] = spec
        backend = MemoryBackend(
            {"gold-connection:save": json.dumps(Session.from_record(rec).save())}
        )
        app = App(backend)
        assert not app.session.is_ai(1), spec
        keys = [k for k, _ in app.notices]
        assert keys == ["notice.ai_seat_bad"], keys
        text = app.parts()["notices"]
        assert "a person plays that seat now" in text and len(text) < 2000


def test_a_computer_that_fails_hands_its_seat_to_a_person():
    app = App(MemoryBackend(), "?players=ai:easy,human&seed=5")
    assert app.session.waiting() in ("ai", "ai-roll")
    app.computer_failed("the worker stopped answering")
    assert app.session.waiting() in ("human", "human-roll")
    assert [k for k, _ in app.notices][-1] == "notice.ai_failed"
    app2 = App(MemoryBackend(), "?players=ai:easy,human&seed=5")
    while app2.session.waiting() == "ai-roll":
        app2.computer_plays(None)
    with pytest.raises(IllegalMoveError):
        app2.computer_plays("take g6 g6 g6")  # a broken answer is checked, not pushed


# ---- trust: nothing replaces a game in progress without a yes -----------------------------------


def test_a_new_game_asks_before_replacing_a_game_in_progress():
    app = App(MemoryBackend(), "?players=human,human&seed=4")
    app.intent("roll")
    moves = list(app.session.game.moves)
    app.intent("quick")
    assert app.dialog == "confirm" and app.session.game.moves == moves
    dialog = app.parts()["dialog"]
    assert 'role="alertdialog"' in dialog and "Start a new game?" in dialog
    assert app.intent("keep-game") and app.dialog is None and app.session.game.moves == moves
    app.intent("new")
    app.intent("start")
    assert app.dialog == "confirm"
    assert app.intent("confirm-start") and app.dialog is None and app.session.game.moves == []


def test_a_log_entry_is_worded_from_itself_even_when_its_id_was_another_s():
    """After a new game the log showed the last game's moves under "Set-up": entries were
    worded once per ``id(entry)``, and the new game's entries took the freed ids."""
    from pages.gold_connection.session import Entry

    for i in range(30):  # each freed at once; CPython hands the next one the same address
        assert f">move {i}<" in view.entry_html(Entry(0, 0, f"move {i}", []))


def test_a_link_never_replaces_a_game_in_progress_silently():
    backend = MemoryBackend()
    app = App(backend, "?players=human,human&seed=4")
    app.intent("roll")
    app.save()
    linked = App(backend, "?players=human,ai:greedy&names=Cy,Di&seed=9")
    assert linked.dialog == "confirm" and linked.session.game.moves == app.session.game.moves
    assert "A link wants to start a new game" in linked.parts()["dialog"]
    assert linked.intent("confirm-start")
    assert linked.session.game.seed == 9 and linked.session.game.players[0]["name"] == "Cy"
    fresh = App(MemoryBackend(), "?players=human,human&seed=9")  # nothing to lose: no question
    assert fresh.dialog is None and fresh.session.game.seed == 9


def test_a_new_game_never_reuses_an_old_seed_unless_typed():
    backend = MemoryBackend()
    App(backend, "?players=human,human&seed=7")
    app = App(backend)
    app.intent("new")
    assert app.form.seed_text == ""  # the link's seed is not offered again
    app.setting("seed", None, "12")
    app.intent("start")
    app.intent("confirm-start")
    assert app.session.game.seed == 12
    app.intent("new")
    assert app.form.seed_text == ""


def test_undo_is_off_while_the_computer_plays():
    app = App(MemoryBackend(), "?players=ai:greedy,human&seed=3")
    app.computer_plays(None)  # its placement roll; it places next
    assert app.session.waiting() == "ai" and not app.session.can_undo()
    assert 'data-intent="undo" data-focus="undo:" disabled' in app.parts()["tools"]
    assert not app.intent("undo")


# ---- computer turns in the third person ---------------------------------------------------------


def test_a_computer_turn_is_told_in_the_third_person():
    app = App(MemoryBackend(), "?players=ai:greedy,human&names=Bot (expert),Ada&seed=5")
    brain = AiService()
    seen = set()
    while app.session.game.counter < 4:
        s = app.session
        if s.waiting() in ("ai", "ai-roll"):
            p = panel(s)
            text = " ".join([p.title, *p.lines])
            assert not re.search(r"\b(you|your)\b", text, re.I), text
            assert "(computer)" not in text and "'s" not in text, text
            seen.add(s.game.prompt)
            if s.game.prompt == "roll" and s.game.turn is not None:
                assert re.search(r"Bot \(expert\) moves \d+ to .+(names|ends).+\d+%", text), text
            roll = s.waiting() == "ai-roll"
            app.computer_plays(None if roll else brain.decide(app.record_json()))
        else:
            press_any(app, random.Random(len(s.game.moves)))
    assert {"roll", "move", "act"} <= seen
    assert "· computer" in app.parts()["status"] or app.session.waiting().startswith("human")


# ---- keys: a field by its name ------------------------------------------------------------------


def test_typing_a_field_walks_there_and_enter_rolls():
    s = position_session(fields={"2": ["b1"], "10": ["y1"], "12": ["g1"]})
    assert s.intent("type", "2") and s.game.turn.arrow == "2"
    assert s.intent("bar", "b1:0") and s.intent("enter")
    assert s.game.moves[-2:][0] == "take b1" and s.game.moves[-1].startswith("dice")


def test_one_waits_for_a_second_digit_while_ten_to_twelve_are_in_reach():
    s = position_session()  # Ada on safe 1 facing east: round through E, 10, 11 and 1 again
    assert {"1", "10", "11"} <= set(s.destinations())
    assert s.intent("type", "1") and s.sel.typed == "1"  # "1" may still become 10 or 11
    assert "Enter goes there" in " ".join(panel(s).lines)
    assert s.intent("type", "0") and s.game.turn.arrow == "10"
    s = position_session()
    assert s.intent("type", "1") and s.intent("enter") and s.game.turn.arrow == "1"
    s = position_session()
    assert s.intent("type", "2") and s.game.turn.arrow == "2"  # one key when nothing is longer


def test_typing_a_safe_the_dice_allow_places_the_stone_there():
    """GC-3.3 by keys: the starting safe is typed like a field at the move prompt."""
    for seed in range(40):
        s = two_humans(seed)
        assert s.intent("roll") and s.game.prompt == "place"
        options = [tok.split()[1] for tok in s.game.legal()]
        if any(len(f) == 2 for f in options):
            break
    else:
        pytest.fail("no deal offers safe 10, 11 or 12")
    wrong = next(str(n) for n in range(2, 10) if str(n) not in options)
    assert not s.intent("type", wrong) and s.game.prompt == "place"  # not offered: ignored
    two = next(f for f in options if len(f) == 2)
    assert s.intent("type", "1") and s.game.prompt == "place" and s.sel.typed == "1"
    assert s.intent("type", two[1]) and s.game.stone[0] == two


def test_the_status_says_set_up_before_turn_1():
    s = two_humans()
    assert "Set-up" in view.status(s) and "Turn 0" not in view.status(s)
    for _ in range(20):  # both placements and headings: the first turn begins
        if s.game.counter:
            break
        if s.game.prompt == "roll":
            s.roll()
        else:
            s.play(s.game.legal()[0])
    assert "Turn 1 of 36" in view.status(s) and "Set-up" not in view.status(s)


def test_a_failed_roll_for_one_named_bar_says_it_stays():
    s = position_session(fields={"4": ["r6"], "3": ["b5", "g6"]})
    s.play("move 3")  # safe 4: 3 steps
    s.play("take r6")  # target 9
    s.play("dice 1 2")
    text = " ".join(panel(s).lines)
    assert "The named bar (red 6) stays in the safe." in text, text
    s = position_session(fields={"4": ["r6"], "3": ["b5", "g6"]})
    s.play("move 2")
    s.play("take b5 g6")
    s.play("dice 1 2")
    assert "The named bars (blue 5 and green 6) stay in the safe." in " ".join(panel(s).lines)


def test_the_confirmation_names_the_set_up_not_turn_0():
    assert "(set-up) would be replaced" in view.confirm(0, link=False)
    assert "(turn 5) would be replaced by the game in the link" in view.confirm(5, link=True)


def test_the_screen_reader_asks_for_the_hint_hears_it_once_and_plays_it():
    from pages.gold_connection import screenreader as spoken
    from shell.screenreader import Announcer

    app = App(MemoryBackend())
    app.session = s = position_session(fields={"3": ["b2", "y1"]})
    app.dialog = None
    asked: list[int] = []
    line = spoken.commands(app, lambda: asked.append(s.version))
    narrator, heard = spoken.Narrator(), Announcer()
    heard.fresh(narrator.news(s))
    assert line.run("hint play").lines == ["No hint yet: type hint to ask for one."]
    assert line.run("hint").lines == ["Thinking…"] and len(asked) == 1
    s.set_hint(json.loads(AiService().hint(json.dumps(s.game.record()))))  # as the page does
    news = heard.fresh(narrator.news(s))
    assert re.match(r"Hint: Walk \d+ to .+: \d+%", news[-1]), news
    assert heard.fresh(narrator.news(s)) == []  # said once
    assert line.run("tip").lines == news[-1:] and len(asked) == 1  # said again, not asked
    plan = hints.plan(s)
    reply = line.run("hint play")
    assert reply.changed and [e.token for e in s.log[-3:-1]] == plan
    assert "hint: what the expert would do here" in "\n".join(line.help().lines)


def test_a_finished_game_s_end_screen_shows_once_and_closed_stays_closed():
    """A reload of a finished game opened the end screen over the board every time (issue
    #58): once the player closes it (from the end screen, its review or a reviewed position),
    the game's reloads show the final board with the result and Review in the panel; the next
    game's end screen shows once again."""
    backend = MemoryBackend()
    app = App(backend)
    app.start(Setup([Seat("Ada", None), Seat("Bot", "greedy")], "counter", 5))
    play_out(app, 5)
    app.save()
    assert app.dialog == "over" and App(backend).dialog == "over"  # not closed yet
    assert app.intent("close") and app.dialog is None
    again = App(backend)
    assert again.session.game.moves == app.session.game.moves and again.dialog is None
    assert again.session.closed and json.loads(backend.getItem("gold-connection:save"))
    panel_html = again.parts()["panel"]
    assert "wins" in panel_html or "win!" in panel_html  # the result stays, with its screens
    assert 'data-intent="review"' in panel_html and 'data-intent="over"' in panel_html
    assert again.intent("over") and again.dialog == "over" and "scores" in again.parts()["dialog"]
    assert again.intent("review") and again.intent("close") and App(backend).dialog is None
    # the review's own close counts the same; a new game's end shows once again
    fresh = App(backend)
    fresh.start(Setup([Seat("Ada", None), Seat("Bot", "greedy")], "counter", 6))
    play_out(fresh, 6)
    fresh.save()
    assert App(backend).dialog == "over"
    assert fresh.intent("review") and fresh.dialog == "review" and fresh.intent("close")
    assert App(backend).dialog is None


def test_a_first_visit_s_form_says_what_the_game_is_and_links_the_other_game():
    """A new player's first screen was the New game form with no word about the game, and on
    a phone the header hides the game's name and the other game's link."""
    app = App(MemoryBackend())
    form = app.parts()["dialog"]
    assert app.dialog == "newgame" and 'class="welcome"' in form
    assert "Gold Connection is Sid Sackson" in form and "dice game for 2 to 4" in form
    assert 'href="howto.html"' in form and "Also on this site: Go for Gold" in form
    app.intent("quick")
    backend = app.store.backend
    assert 'class="welcome"' not in App(backend).parts().get("dialog", "")
    again = App(backend)
    again.open_form()  # New game later: no welcome
    assert 'class="welcome"' not in again.parts()["dialog"]
