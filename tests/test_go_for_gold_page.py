"""Go for Gold's page logic (py/pages/go_for_gold) in CPython: whole games through intents,
hot seat,
links and saves that must not lose a game, the words, the keyboard cursor."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from go_for_gold.board import island
from go_for_gold.players import make_player
from helpers import gg_step as step
from pages.go_for_gold import messages, view
from pages.go_for_gold.controller import App
from pages.go_for_gold.cursor import step_towards
from pages.go_for_gold.settings import parse_query
from shell import i18n
from shell.store import MemoryBackend


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def play_out(app: App, rng: random.Random, limit: int = 3000) -> int:
    """Play to the end as the page would: dice rolled, computers asked, people clicking fields."""
    bots: dict[str, object] = {}
    steps = 0
    while app.waiting() != "over" and steps < limit:
        steps += 1
        view.parts(app)
        w = app.waiting()
        g = app.game
        if w == "chance":
            app.roll()
        elif w == "ai":
            spec = g.players[g.to_move]["ai"]
            bot = bots.setdefault(spec, make_player(spec, random.Random(1)))
            app.computer_plays(bot.decide(g.clone(), g.legal()))
        elif w == "handoff":
            assert app.intent("handoff")
        elif w == "human":
            if g.prompt == "move":
                if app.complete():
                    assert app.intent("confirm")
                elif app.next_steps():
                    assert app.intent("field", rng.choice(sorted(app.next_steps())))
                else:
                    assert app.intent("foot", str(g.foot_options(g.to_move)[0]))
            elif g.prompt in ("jump", "start"):
                assert app.intent("field", g.legal()[0].split()[1])
            else:
                assert app.intent("play", rng.choice(g.legal()))
        else:
            raise AssertionError(w)
        app.save()
    return steps


def test_a_solo_game_by_clicks_reaches_the_end_and_resumes_exactly():
    backend = MemoryBackend()
    app = App(backend, "?players=human&seed=11")
    assert app.url_consumed and app.dialog is None and app.waiting() == "human"
    play_out(app, random.Random(3))
    assert app.game.over and app.dialog == "over"
    assert "gg.log.over" in [key for key, _ in app.log]
    again = App(backend, "")
    assert again.game.moves == app.game.moves and again.dialog == "over"


def test_hot_seat_asks_to_pass_the_device_between_people_only():
    app = App(MemoryBackend(), "?players=human,human,medium&names=Ada,Bob&seed=2")
    assert app.waiting() == "handoff"  # two people: Ada confirms she holds the device
    assert "Ada" in view.parts(app)["dialog"]
    app.intent("handoff")
    app.intent("field", app.game.legal()[0].split()[1])  # Ada picks the start harbour
    app.roll()
    assert app.waiting() == "human" and app.game.to_move == 0
    path = app.paths()[0]
    for f in path:
        app.intent("field", f)
    assert app.complete() and app.intent("confirm")
    assert app.game.to_move == 1 and app.waiting() == "handoff"
    assert "Pass the device to Bob" in view.parts(app)["dialog"]
    play_out(app, random.Random(5))
    assert app.game.over


def test_six_computers_play_to_the_end():
    app = App(MemoryBackend(), "?players=easy,medium,hard,greedy,random,medium&seed=9")
    play_out(app, random.Random(0))
    assert app.game.over and len(app.game.winners) >= 1
    assert "results" in view.parts(app)["dialog"]


def hopeless_choice(kind: str) -> App:
    """A solo game played at random up to a search (or temple) that cannot succeed."""
    from go_for_gold import odds

    for seed in range(200):
        app = App(MemoryBackend(), f"?players=human&seed={seed}")
        rng = random.Random(seed)
        while app.waiting() in ("human", "chance"):
            g = app.game
            if g.prompt == "special" and app.waiting() == "human":
                end, shovels = g.ended_on[g.to_move], g.sheets[g.to_move].shovels
                need = g.island.treasure(end)
                if kind == "explore" and not need:
                    g.sheets[g.to_move].shovels = 0  # (spent earlier in a longer game)
                    return app
                if kind == "search" and need and odds.search(need, shovels) == 0:
                    return app
            step(app, rng)
    raise AssertionError("no hopeless " + kind)


@pytest.mark.parametrize(("kind", "said"), [("search", "cannot succeed"), ("explore", "−1")])
def test_a_choice_that_cannot_succeed_is_never_the_main_button(kind, said):
    """GG-4.1/4.2/4.3: at 0 % a search finds nothing (and an exploration only brings the
    curse); both are optional, so passing is the main (default) button."""
    from pages.go_for_gold import view

    app = hopeless_choice(kind)
    html = view.decision(app)
    assert 'class="btn primary" data-intent="play" data-arg="pass"' in html
    assert f'class="btn" data-intent="play" data-arg="{kind}"' in html
    assert 'aria-keyshortcuts="Enter"' in html.split('data-arg="pass"')[1].split("</button>")[0]
    assert said in html.lower() and "0 %" not in html


def test_the_path_is_drawn_step_by_step_with_dead_ends_and_undo():
    app = App(MemoryBackend(), "?players=human&seed=4")
    app.intent("field", "f7")  # not a harbour: nothing happens at the start
    assert app.game.prompt == "start"
    app.intent("field", "g1")
    while app.game.prompt != "move":
        app.roll()
    n = app.length()
    first = sorted(app.next_steps())
    assert first and all(f in app.game.island.neighbours["g1"] for f in first)
    app.intent("field", first[0])
    assert app.building == [first[0]]
    assert app.intent("undo") and app.building == []
    app.intent("field", "m6")  # far away: refused quietly
    assert app.building == []
    for f in app.paths()[0]:
        app.intent("field", f)
    assert len(app.building) == n or app.game.island.is_harbour(app.building[-1])
    assert app.dead_ends() == set()
    sheet = view.parts(app)["sheet"]
    assert 'class="field' in sheet and "on your path" in sheet


def test_a_new_game_lights_its_own_next_fields_not_the_last_game_s():
    """The paths were cached by (moves, length) alone: a new game at the same count and die
    lit the old game's fields."""
    app = App(MemoryBackend(), "?players=human&seed=6&map=a")
    app.intent("field", "g1")
    app.roll()  # seed 6 rolls a 1 first
    assert app.next_steps() == {"f2", "g2"}
    app.begin_now(parse_query("?players=human&seed=6&map=b", app.form, ["en"]).setup)
    app.intent("field", "d1")
    app.roll()
    g = app.game
    assert g.die == 1 and app.next_steps() == {p[0] for p in g.paths(g.to_move, 1)} == {"c2", "d2"}


def test_a_foot_changes_the_length_and_is_spent_only_with_the_path():
    app = App(MemoryBackend(), "?players=human&seed=4")
    app.intent("field", "g1")
    while app.game.prompt != "move":
        app.roll()
    options = app.game.foot_options(0)
    k = next(k for k in options if k != app.game.length)
    assert app.intent("foot", str(k)) and app.length() == k
    assert app.game.sheets[0].feet == 1  # not crossed off until the path is drawn
    for f in app.paths()[0]:
        app.intent("field", f)
    app.intent("confirm")
    assert app.game.sheets[0].feet == 0 and app.game.moves[-2] == f"foot {k}"


def test_a_link_never_replaces_a_game_in_progress_without_asking():
    backend = MemoryBackend()
    app = App(backend, "?players=human&seed=1")
    app.intent("field", "g1")
    app.roll()
    app.save()
    moves = list(app.game.moves)
    linked = App(backend, "?players=human,hard&seed=2")
    assert linked.dialog == "link" and linked.game.moves == moves
    assert linked.intent("close") and linked.game.moves == moves
    linked = App(backend, "?players=human,hard&seed=2")
    assert linked.intent("yes") and linked.game.n == 2 and linked.game.seed == 2


def test_new_game_and_quick_game_ask_first_and_never_reuse_a_seed():
    backend = MemoryBackend()
    app = App(backend, "?players=human&seed=77")
    app.intent("field", "g1")
    app.roll()
    app.intent("quick")
    assert app.dialog == "confirm" and app.game.seed == 77
    app.intent("close")
    assert app.dialog is None and app.game.seed == 77
    app.intent("newgame")
    app.intent("start")
    assert app.dialog == "confirm"
    app.intent("yes")
    assert app.game.seed != 77 and len(app.game.moves) == 0


def test_bad_links_are_named_and_start_nothing():
    for query, key in [
        ("?players=human,wizard", "gg.url.players"),
        ("?players=" + ",".join(["human"] * 7), "gg.url.players"),
        ("?map=z", "gg.url.map"),
        ("?seed=-1", "url.seed"),
        ("?seed=" + "9" * 400, "url.seed"),
        ("?speed=warp", "url.speed"),
        ("?lang=xx", "url.lang"),
        ("?colour=red", "url.unknown"),
        ("?seed=1&seed=2", "url.twice"),
        ("?names=a,b,c", "url.names"),
    ]:
        q = parse_query(query, languages=["en", "de"])
        assert q.setup is None or key == "url.names", query
        assert key in [k for k, _ in q.errors], query
        app = App(MemoryBackend(), query)
        text = view.parts(app)["notices"]
        assert text.count("<li") >= 1 and "{" not in text, query


@pytest.mark.parametrize(
    "stored",
    [
        "[" * 10_000,
        "not json",
        json.dumps({"record": {"format": "go-for-gold/1", "players": [], "moves": []}}),
        json.dumps(
            {
                "record": {
                    "format": "go-for-gold/1",
                    "players": [{"name": "A"}],
                    "moves": ["start g1", "die 9"],
                }
            }
        ),
        json.dumps({"nothing": 1}),
        json.dumps(
            {
                "record": {
                    "format": "go-for-gold/1",
                    "players": [{"name": "A", "ai": "x"}],
                    "moves": [],
                }
            }
        ),
    ],
)
def test_corrupt_saves_are_named_set_aside_and_a_fresh_game_offered(stored):
    backend = MemoryBackend({"go-for-gold:save": stored})
    app = App(backend, "")
    notices = view.parts(app)["notices"]
    assert notices and "{" not in notices
    if "ai" in stored and "x" in stored:  # a seat this page cannot run goes to a person
        assert app.game.players[0].get("ai") is None
    else:
        assert app.dialog == "newgame"
        assert "go-for-gold:save:corrupt" in backend.data
    App(backend, "")  # and the next start is clean


def test_every_message_exists_in_every_language_with_the_same_placeholders():
    import string

    def fields(text: str) -> set[str]:
        return {f for _, f, _, _ in string.Formatter().parse(text) if f}

    for code, table in messages.TABLES.items():
        assert table.keys() == messages.EN.keys(), code
        for key, text in table.items():
            assert fields(text) == fields(messages.EN[key]), (code, key)


def test_the_page_is_drawn_in_german_in_the_rulebook_s_words():
    app = App(MemoryBackend(), "?players=human&seed=3&lang=de")
    app.intent("field", "g1")
    app.roll()
    html = "".join(view.parts(app).values())
    assert "Schaufel" in html and "Fuß" in html
    assert "Zeichne einen Weg" in html
    i18n.set_language("en")


def test_news_tells_each_new_line_once():
    app = App(MemoryBackend(), "?players=human&seed=3")
    seen = app.logged
    app.intent("field", "g1")
    first = app.news(seen)
    assert first and "harbour g1" in first[0]
    seen = app.logged
    assert app.news(seen) == []
    app.roll()
    assert app.news(seen) == [f"Round 1: the die shows {app.game.die}."]


def test_arrow_keys_walk_the_hexes():
    a = island("a")
    assert step_towards(a, "f7", "right") == "g7"
    here, seen = "a6", []
    for _ in range(20):
        nxt = step_towards(a, here, "right")
        if nxt is None:
            break
        seen.append(nxt)
        here = nxt
    assert seen[-1] == "m6"  # across the island, row 6, harbour to harbour
    assert step_towards(a, "g11", "down") is None


def test_a_solo_game_through_the_command_line_alone():
    from pages.go_for_gold import screenreader as spoken
    from shell.screenreader import Announcer

    app = App(MemoryBackend(), "?players=human&names=Ada&seed=6&sr=1")
    assert app.sr_asked is True
    line = spoken.commands(app)
    said = Announcer()
    heard: list[str] = []
    rng = random.Random(2)
    for _ in range(2000):
        heard += said.fresh(spoken.news(app))
        if app.game.over:
            break
        if app.waiting() == "chance":
            app.roll()
            continue
        g = app.game
        if g.prompt in ("start", "jump"):
            reply = line.run(g.legal()[0].split()[1])  # a harbour's name alone
        elif g.prompt == "move" and app.complete():
            reply = line.run("d")
        elif g.prompt == "move" and app.next_steps():
            reply = line.run(rng.choice(sorted(app.next_steps())))
        elif g.prompt == "move":
            reply = line.run("foot " + str(g.foot_options(g.to_move)[0]))
        else:
            reply = line.run(rng.choice(g.legal()))
        assert reply.changed, (g.prompt, reply.lines)
    assert app.game.over
    heard += said.fresh(spoken.news(app))
    rounds = [h for h in heard if "the die shows" in h]
    assert len(rounds) == app.game.round and len(set(rounds)) == len(rounds)
    assert "Ada scores" in heard[-1]  # alone: a score, nobody beaten


def test_the_command_line_answers_in_one_line_and_never_half_applies():
    from pages.go_for_gold import screenreader as spoken

    app = App(MemoryBackend(), "?players=human&seed=6")
    line = spoken.commands(app)
    assert "Not possible" in line.run("path g2 g3").lines[0]  # the game waits for a start
    assert "is not a field" in line.run("jump zz").lines[0]
    assert "neither a command nor a move" in line.run("dance").lines[0]
    assert "not a field of this island" in line.run("f a1").lines[0]
    line.run("start g1")
    app.roll()
    k = next(k for k in app.game.foot_options(0) if k != app.game.length)
    app.intent("foot", str(k))
    moves = list(app.game.moves)
    reply = line.run("path f2")  # wrong length for the foot: refused whole
    assert "Not possible" in reply.lines[0] and app.game.moves == moves
    assert app.game.sheets[0].feet == 1
    assert line.run("n").lines[0].startswith("You are on g1. Around: ")
    assert "Ada" not in line.run("s").lines[0] and "0 points" in line.run("s").lines[0]
    assert line.run("u").changed and app.foot is None  # u first takes back the foot


def test_a_finished_game_steps_through_on_the_viewer_and_shares_as_a_link():
    from pages.go_for_gold.replay import Viewer
    from shell.links import parse_params, record_from_payload

    app = App(MemoryBackend(), "?players=human,medium&names=Ada,Bot&seed=14")
    play_out(app, random.Random(4))
    url = app.share_url("https://example.org/games/go-for-gold.html?x=1")
    assert url.startswith("https://example.org/games/embed.html#g=")
    params = parse_params("", url.split("#", 1)[1], ["en"])
    rec = record_from_payload(params.payload)
    assert rec == app.game.record()
    v = Viewer(rec)
    assert v.at == 0 and v.total == len(rec["moves"])
    assert v.intent("last") and v.at == v.total
    assert v.intent("prev") and v.at == v.total - 1
    assert v.intent("seat", "1") and "Bot" in v.parts()["board"]
    assert not v.intent("seat", "7")
    assert v.intent("first") and v.parts()["caption"].count("Go for Gold") == 1
    parts = v.parts()
    assert set(parts) == {"notices", "status", "board", "caption", "controls", "crates", "log"}
    assert app.dialog == "over" and 'href="embed.html#g=' in view.parts(app)["dialog"]  # replay it


def test_the_viewer_refuses_a_bad_record_naming_the_move():
    from gamekit.errors import RecordError
    from pages.go_for_gold.replay import Viewer

    rec = {"format": "go-for-gold/1", "players": [{"name": "A"}], "moves": ["start g1", "die 0"]}
    with pytest.raises(RecordError, match="move 1 'die 0'"):
        Viewer(rec)


@pytest.mark.parametrize("code", ["en", "de", "nl", "hu"])
def test_the_how_to_section_reads_in_every_language_and_its_example_replays(code):
    from pages.go_for_gold import howto
    from pages.go_for_gold.replay import Viewer

    i18n.set_language(code)
    html = howto.section()
    assert html.count('data-rule="GG-') == len(howto.CLAUSES)
    assert "gg.howto" not in html and "{" not in html
    rec = json.loads((Path(__file__).parents[1] / howto.EXAMPLE_SRC).read_text())
    v = Viewer(rec, at="end")
    sheet = v.states[-1].sheets[0]
    assert (sheet.shovels_collected, sheet.feet_collected) == (2, 1)  # as the rulebook says


@pytest.mark.parametrize(
    ("code", "one", "shared"),
    [
        ("en", "Ada wins with 26 points.", "Ada and Bo share the win with 26 points."),
        ("de", "Ada gewinnt: 26 Punkte.", "Ada und Bo gewinnen gemeinsam: je 26 Punkte."),
        ("nl", "Ada wint met 26 punten.", "Ada en Bo winnen samen met 26 punten."),
        ("hu", "Ada nyert: 26 pont.", "Ada és Bo holtversenyben nyert: 26 pont."),
    ],
)
def test_the_winner_line_reads_right_with_its_points(code, one, shared):
    """The end screen's line, as the view and the screen-reader commands make it: the points come
    counted ("26 Punkte", "26 pont"), so the sentence around them must not decline or count
    them again ("mit 26 Punkte", "26 pont ponttal")."""
    i18n.set_language(code)
    points = i18n.tn("gg.points", 26)
    assert i18n.t("gg.over.winner", names="Ada", n=points) == one
    both = {"en": "Ada and Bo", "de": "Ada und Bo", "nl": "Ada en Bo", "hu": "Ada és Bo"}[code]
    assert i18n.t("gg.over.winners", names=both, n=points) == shared


def test_the_end_table_writes_a_sheet_as_a_sum_with_true_minus_signs():
    from pages.go_for_gold.view import entries_sum

    assert entries_sum([4, -1, 5]) == "4 −\u00a01 +\u00a05"  # a sign keeps to its number
    assert entries_sum([-3]) == "−3"
    assert entries_sum([-3, -2, 0]) == "−3 −\u00a02 +\u00a00"
    assert entries_sum([]) == "–"


def test_a_link_s_language_names_the_first_visit_s_players():
    """?lang=de on a first visit from an English browser: the island was "Insel von Player 1",
    as the form's default names were made before the link's language was taken."""
    try:
        app = App(MemoryBackend(), "?lang=de", ["en"])
        assert app.form.seats[0].name == "Spieler 1"
        assert app.game.players[0]["name"] == "Spieler 1"
    finally:
        i18n.set_language("en")


def test_the_tool_rows_new_game_opens_the_form_as_newgame_does():
    app = App(MemoryBackend(), "?players=human&seed=77")
    assert app.intent("new") and app.dialog == "newgame"


@pytest.mark.parametrize("lang", ["en", "de", "nl", "hu"])
def test_a_solo_game_speaks_of_no_other_players(lang):
    """Alone, the start prompt, the log's start line and the end name nobody else: no "the
    others start clockwise", no "wins" (issue #26's wording)."""
    i18n.set_language(lang)
    others = {"en": "others", "de": "anderen", "nl": "anderen", "hu": "többiek"}[lang]
    app = App(MemoryBackend(), "?players=human&seed=11")
    prompt = view.parts(app)["decision"]
    assert app.game.prompt == "start" and others not in prompt
    play_out(app, random.Random(3))
    text = " ".join(view.parts(app).values())
    assert others not in text
    assert i18n.t("gg.over.solo", names="", n="").strip(" .:") in text
    winner = i18n.t("gg.over.winner", names="", n="").strip(" .:")
    assert winner not in text
    from pages.go_for_gold import screenreader as spoken

    assert app.game.over and spoken.over_text(app).startswith(app.game.players[0]["name"])


def test_go_for_gold_s_share_dialog_promises_play_on_which_its_replay_keeps():
    from pages.go_for_gold.replay import Viewer
    from shell.links import parse_params, record_from_payload

    app = App(MemoryBackend(), "?players=human,medium&seed=2")
    play_out(app, random.Random(2), limit=40)
    app.open_share(app.share_url("https://example.org/go-for-gold.html"), copied=True)
    dialog = view.parts(app)["dialog"]
    assert "replays the game so far" in dialog and "play on from any move" in dialog
    link = re.search(r'value="[^"]*#([^"]*)"', dialog).group(1)
    v = Viewer(record_from_payload(parse_params("", link, ["en"]).payload), at=9)
    href = re.search(r'href="(go-for-gold\.html#g=[^"]*)"', v.parts()["controls"]).group(1)
    again = App(MemoryBackend(), "", fragment=href.split("#", 1)[1])
    assert again.game.moves == app.game.moves[:9] and again.url_consumed


def test_an_opponent_card_s_name_holds_its_visible_words_in_order():
    """axe's label-content-name-mismatch (WCAG 2.5.3): the card's name is "Open Bo's island:"
    and then exactly what the card shows."""
    import re

    app = App(MemoryBackend(), "?players=human,medium&names=Ada,Bo&seed=2")
    card = view.parts(app)["others"]
    label = re.search(r'aria-label="([^"]*)"', card).group(1)
    shown = " ".join(re.findall(r'<span class="(?:who|facts)">([^<]*)</span>', card))
    assert label.endswith(shown) and label.startswith("Show the island of Bo: ")




def test_german_declines_the_temple_after_den_and_a_solo_temple_closes_for_nobody():
    """'erforscht den roten Tempel' (it read 'den roter Tempel'); alone, an explored temple
    is not 'closed for everyone' (both found by the new-visitor play-test)."""
    from go_for_gold.game import CHANCE, Game
    from pages.go_for_gold import phrases

    i18n.set_language("de")
    assert i18n.t("gg.log.explore", name="Solo", temple=i18n.t("gg.temple_acc.R")) == (
        "Solo erforscht den roten Tempel."
    )
    keys: list[str] = []
    for seed in range(40):
        rng = random.Random(seed)
        g = Game.new(["Solo"], seed=seed)
        while not g.over:
            legal = g.legal()
            tok = rng.choice(legal) if g.current_player() != CHANCE else legal[0]
            if "explore" in legal:
                tok = "explore"
            before = g.clone()
            g.apply(tok)
            keys += [key for key, _ in phrases.describe(before, tok, g)]
    assert "gg.log.temple_won.solo" in keys and "gg.log.temple_won" not in keys


# ---- issue #26: every roll in view, the round summed up, Undo, Hint, Skip, odds, names ----


def _until(app: App, done, bots: dict | None = None, limit: int = 400) -> None:
    """Let the dice and the computers play (a person's turn is not played) until ``done``."""
    bots = {} if bots is None else bots
    for _ in range(limit):
        if done(app):
            return
        w = app.waiting()
        g = app.game
        if w == "chance":
            app.roll()
        elif w == "ai":
            spec = g.players[g.to_move]["ai"]
            bot = bots.setdefault(spec, make_player(spec, random.Random(1)))
            app.computer_plays(bot.decide(g.clone(), g.legal()))
        else:
            raise AssertionError(f"stuck at {w} {g.prompt}")
    raise AssertionError("never reached")


def _walk_any(app: App) -> None:
    """The person draws the first path the page offers."""
    path = app.paths()[0]
    for f in path:
        assert app.intent("field", f)
    assert app.intent("confirm")


def _to_my_search(app: App) -> None:
    """Play the person's turns with first choices until they may search a treasure."""
    for _ in range(200):
        _until(app, lambda a: a.waiting() in ("human", "over"))
        g = app.game
        if g.over:
            raise AssertionError("no search in this game")
        if g.prompt == "start":
            app.intent("field", g.legal()[0].split()[1])
        elif g.prompt == "move":
            _walk_any(app)
        elif g.prompt == "special" and "search" in g.legal():
            return
        else:
            app.intent("play", g.legal()[-1])
    raise AssertionError("no search")


def test_a_search_roll_shows_its_die_and_outcome_in_the_panel_until_the_person_acts_again():
    app = App(MemoryBackend(), "?players=human,medium,easy&names=Ada&seed=4")
    _to_my_search(app)
    parts = view.parts(app)
    assert 'data-roll="move:' in parts["status"] and "Movement roll" in parts["status"]
    app.intent("play", "search")
    app.roll()
    seen = app.roll_seen
    assert seen is not None and seen.kind == "search" and seen.seat == 0
    status = view.parts(app)["status"]
    assert f'class="die d{seen.n}"' in status and "Search roll: Ada" in status
    outcome = i18n.t(seen.outcome[0], **seen.outcome[1])
    assert outcome in ("Not found", "Found! +4", "Found! +5", "Found! +6") or "short" in outcome
    assert outcome in status
    # the computers play on and roll the next round's die: the panel still tells Ada's roll
    _until(app, lambda a: a.waiting() in ("human", "over"))
    decision = view.parts(app)["decision"]
    assert "Since your last decision" in decision
    mine = decision.split('<li class="mine">')[1].split("</li>")[0]
    assert mine.startswith("Ada: rolls ") and outcome in mine
    for bot in ("Bot 2: ", "Bot 3: "):  # one line for each computer's round
        assert decision.count(bot) == 1


def test_the_island_drawn_large_stays_the_person_s_while_the_computers_play():
    app = App(MemoryBackend(), "?players=human,medium,easy&names=Ada&seed=4")
    app.intent("field", app.game.legal()[0].split()[1])
    _until(app, lambda a: a.waiting() == "human")
    _walk_any(app)
    seen = []
    def watch(a: App) -> bool:
        seen.append((a.waiting(), a.shown()))
        return a.waiting() == "human"

    _until(app, watch)
    assert ("ai", 0) in seen and all(shown == 0 for _, shown in seen)
    assert "The island of Ada" in view.parts(app)["sheet"]


def test_a_computer_s_temple_roll_says_what_is_rolled_for():
    from go_for_gold.game import Game

    for seed in range(60):
        g = Game.new(["Ada", "Bot"], ais=[None, "medium"], seed=seed)
        rng = random.Random(seed)
        while not g.over and not (g.prompt == "roll_temple" and g.to_move == 1):
            legal = g.legal()
            g.apply("explore" if "explore" in legal else rng.choice(legal))
        if not g.over:
            break
    app = App(MemoryBackend(), "?players=human")
    app._adopt(g)
    assert app.waiting() == "chance"
    said = view.parts(app)["decision"]
    assert "Bot explores the" in said and "temple: the die is rolled" in said
    assert i18n.t("gg.rolling") not in said.replace("temple: the die is rolled…", "")


def test_undo_goes_back_to_the_last_roll_and_never_past_it():
    app = App(MemoryBackend(), "?players=human,medium,easy&seed=4")
    app.intent("field", app.game.legal()[0].split()[1])
    _until(app, lambda a: a.waiting() == "human")
    assert not app.can_undo()  # the roll just made: nothing of the person's to take back
    at_roll = list(app.game.moves)
    path = app.paths()[0]
    app.intent("field", path[0])
    assert app.can_undo() and app.intent("undo") and app.building == []  # a step first
    _walk_any(app)
    _until(app, lambda a: a.waiting() == "human")
    assert len(app.game.moves) > len(at_roll) + 1 and app.can_undo()
    assert app.intent("undo")
    assert app.game.moves == at_roll and app.game.prompt == "move" and app.waiting() == "human"
    assert App(app.store.backend, "").game.moves == at_roll  # saved at once
    # after a search roll, what it showed stays: Undo has nothing to take back
    _to_my_search(app)
    app.intent("play", "search")
    app.roll()
    _until(app, lambda a: a.waiting() in ("human", "over"))
    last_die = max(i for i, tok in enumerate(app.game.moves) if tok.startswith("die "))
    point = app.undo_point()
    assert point is None or point > last_die


def test_a_hint_lights_its_path_and_play_it_plays_it():
    from pages.go_for_gold.ai_service import AiService

    service = AiService()
    app = App(MemoryBackend(), "?players=human,medium&seed=4")
    assert app.hint_asked()
    app.set_hint(json.loads(service.hint(app.record_json())), len(app.game.moves))
    tok = app.hint_plan()[0]
    assert tok.startswith("start ")
    field = tok.split()[1]
    assert 'data-intent="play_hint"' in view.parts(app)["decision"]
    assert f"start at {field}" in view.parts(app)["decision"]
    assert app.intent("play_hint") and app.game.moves[0] == tok
    _until(app, lambda a: a.waiting() == "human")
    assert app.hint_asked() and not app.hint_asked()  # one question at a time
    app.set_hint(json.loads(service.hint(app.record_json())), len(app.game.moves))
    plan = app.hint_plan()
    path = app.hint_path()
    assert path and plan[-1] == "path " + " ".join(path)
    sheet = view.parts(app)["sheet"]
    assert all('class="field' in sheet and f'data-field="{f}"' in sheet for f in path)
    assert sheet.count(" hint") >= len(path)
    moves = len(app.game.moves)
    assert app.intent("play_hint")
    assert app.game.moves[moves:] == plan and app.hint is None


def test_a_hint_after_a_foot_names_the_path_walked_with_it():
    """The strongest level may cross off a foot: the hint then carries the path, so Play it
    plays the whole move."""
    from go_for_gold.game import CHANCE, Game
    from pages.go_for_gold.ai_service import AiService

    service = AiService()
    found = False
    for seed in range(80):
        g = Game.new(["Ada"], seed=seed)
        rng = random.Random(seed)
        while not g.over and not found:
            if g.current_player() != CHANCE and g.prompt == "move":
                h = json.loads(service.hint(json.dumps(g.record())))
                if h["token"].startswith("foot "):
                    after = g.clone()
                    after.apply(h["token"])
                    assert after.is_legal(h["then"]) and h["then"].startswith("path ")
                    found = True
                    break
            g.apply(rng.choice(g.legal()))
        if found:
            break
    assert found


def test_stale_hints_are_dropped():
    app = App(MemoryBackend(), "?players=human&seed=4")
    app.hint_asked()
    app.intent("field", app.game.legal()[0].split()[1])  # played on while it was worked out
    app.set_hint({"token": "start g1", "chance": None}, 0)
    assert app.hint is None and app.hint_plan() == [] and not app.hint_busy


def test_skip_plays_the_computers_at_once_until_a_person_acts():
    app = App(MemoryBackend(), "?players=human,medium,easy&seed=4")
    assert not app.intent("skip")  # the person is to act
    app.intent("field", app.game.legal()[0].split()[1])
    _until(app, lambda a: a.waiting() == "human")
    _walk_any(app)
    assert app.waiting() == "ai"
    assert 'aria-keyshortcuts="K"' in view.parts(app)["decision"]
    assert app.intent("skip") and app.skipping
    assert 'aria-keyshortcuts="K"' not in view.parts(app)["decision"]
    _until(app, lambda a: a.waiting() in ("human", "over"))
    assert not app.skipping
    solo = App(MemoryBackend(), "?players=human&seed=4")
    solo.intent("field", solo.game.legal()[0].split()[1])
    assert solo.waiting() == "chance" and "Skip" not in view.parts(solo)["decision"]


def test_pointing_at_a_treasure_or_temple_tells_its_odds_and_a_harbour_lights_up():
    app = App(MemoryBackend(), "?players=human&seed=4")
    g = app.game
    treasure = next(f for f in g.island.marks if g.island.treasure(f) == 5)
    assert app.intent("point", treasure)
    assert f"{treasure}, treasure 5: a search finds it with 67 % (with 2 shovels)." in (
        view.parts(app)["status"]
    )
    temple = next(f for f in g.island.marks if g.island.temple(f))
    app.intent("point", temple)
    assert "exploring succeeds with 33 % (with 2 shovels)" in view.parts(app)["status"]
    assert app.intent("point", "g1")
    assert 'class="field harbour next pointed"' in view.parts(app)["sheet"]
    assert app.intent("point", "") and "pointed" not in view.parts(app)["status"]
    assert not app.intent("point", "zz")


def test_field_names_are_written_on_the_island_when_asked_and_remembered():
    backend = MemoryBackend()
    app = App(backend, "?players=human&seed=4")
    assert 'class="fname"' not in view.parts(app)["sheet"]
    assert 'aria-pressed="false"' in view.parts(app)["sheet"]
    assert app.intent("labels")
    sheet = view.parts(app)["sheet"]
    assert '>m6</text>' in sheet and 'aria-pressed="true"' in sheet
    assert App(backend, "").labels


def test_numbers_lie_above_the_path_and_the_pawn_beside_a_treasure_s_number():
    import re

    from go_for_gold import svg
    from go_for_gold.game import Game

    g = Game.new(["Ada"], seed=4)
    g.apply("start g1")
    g.apply("die 4")
    treasure_paths = [p for p in g.paths(0, 4) if g.island.treasure(p[-1])]
    g.apply("path " + " ".join(treasure_paths[0]))
    end = treasure_paths[0][-1]
    picture = svg.sheet(g.summary(), 0)
    assert picture.index('class="trail"') < picture.index('class="over"')
    assert picture.index(f'>{g.island.marks[end]}</text>', picture.index('class="over"'))
    mark = g.island.marks[end]
    num = re.search(rf'<text class="num" x="([\d.]+)" y="([\d.]+)"[^>]*>{mark}<', picture)
    pawn = re.search(r'class="pawn" cx="([\d.]+)" cy="([\d.]+)"', picture)
    assert num and pawn
    # the pawn's disc (r 6) and the number's glyph (17 px bold: about 11 x 12.5) do not meet
    px, py = float(pawn.group(1)), float(pawn.group(2))
    nx, baseline = float(num.group(1)), float(num.group(2))
    left, right, top, bottom = nx - 5.5, nx + 5.5, baseline - 12.5, baseline
    cx, cy = min(max(px, left), right), min(max(py, top), bottom)
    assert ((px - cx) ** 2 + (py - cy) ** 2) ** 0.5 >= 6


def test_on_a_touch_screen_the_finished_path_names_no_key():
    app = App(MemoryBackend(), "?players=human&seed=4", touch=True)
    try:
        app.intent("field", app.game.legal()[0].split()[1])
        app.roll() if app.waiting() == "chance" else None
        for f in app.paths()[0]:
            app.intent("field", f)
        said = view.parts(app)["decision"].split('id="prompt">')[1].split("</h2>")[0]
        assert "tap its last field" in said and "Enter" not in said
    finally:
        i18n.set_touch(False)


def test_german_names_the_other_game_as_on_this_site():
    i18n.set_language("de")
    assert i18n.t("site.other_game", game="X") == "Auch auf dieser Website: X"
    assert i18n.t("gg.other_game", game="X") == "Auch auf dieser Website: X"


def test_the_island_is_named_for_its_player_not_for_its_last_field():
    from go_for_gold import svg

    app = App(MemoryBackend(), "?players=human,medium&names=Ada&seed=4")
    assert 'aria-label="The island of Ada"' in view.parts(app)["sheet"]
    picture = svg.sheet(app.game.summary(), 1)
    assert 'aria-label="Bot 2: island a"' in picture


def test_the_last_roll_says_its_round_once_the_next_round_began():
    """Between rounds (the new round's die not yet rolled) the die box still shows the last
    roll: it says which round that was, so "Round 2" does not stand beside round 1's die."""
    app = App(MemoryBackend(), "?players=human,easy&names=Ada&seed=4")
    app.intent("field", app.game.legal()[0].split()[1])
    between = False
    for _ in range(40):
        _until(app, lambda a: a.waiting() == "human" or a.game.prompt == "roll")
        g = app.game
        status = view.parts(app)["status"]
        if g.prompt == "roll" and app.roll_seen is not None and g.round > 1:
            assert f"(round {g.round - 1})" in status and "Round " + str(g.round) in status
            between = True
            app.roll()
            assert "(round" not in view.parts(app)["status"]  # the new round's own die
            break
        if g.prompt == "roll":
            app.roll()
        elif g.prompt == "move":
            _walk_any(app)
        else:
            app.intent("play", g.legal()[-1])
    assert between


def test_the_screen_reader_asks_for_a_hint_hears_it_once_and_plays_it():
    from pages.go_for_gold import screenreader as spoken
    from pages.go_for_gold.ai_service import AiService
    from shell.screenreader import Announcer

    service = AiService()
    app = App(MemoryBackend(), "?players=human,medium&names=Ada&seed=4")
    asked: list[int] = []

    def ask() -> None:  # as the page does: the worker's answer arrives later
        assert app.hint_asked()
        asked.append(len(app.game.moves))

    line = spoken.commands(app, ask)
    heard = Announcer()
    heard.fresh(spoken.news(app))
    assert "No hint yet" in line.run("hint play").lines[0]
    assert line.run("hint").lines == ["Working out a hint…"] and asked == [0]
    app.set_hint(json.loads(service.hint(app.record_json())), asked[0])
    news = heard.fresh(spoken.news(app))
    assert news and news[-1].startswith("Hint: the strongest computer would start at ")
    assert heard.fresh(spoken.news(app)) == []  # said once
    assert line.run("tip").lines == news[-1:]  # asked again: said again, no new question
    plan = app.hint_plan()
    reply = line.run("hint play")
    assert reply.changed and app.game.moves == plan
    assert "hint: what the strongest computer would do" in "\n".join(line.help().lines)


def test_two_tabs_never_save_over_each_other_s_game_unseen():
    """Two tabs of Go for Gold shared one save: the last to save won, and a reload showed only
    its game (#57 journey). A tab whose save another tab wrote stops saving and says so; the
    player keeps this tab's game or opens the other's, and nothing else is overwritten."""
    backend = MemoryBackend()
    first = App(backend, "?players=human&map=a&seed=4")
    first.save()
    second = App(backend, "?players=human,medium&map=b&seed=9")  # a link: a new game there
    if second.dialog == "link":
        assert second.intent("confirm")
    second.save()
    theirs = backend.data["go-for-gold:save"]
    assert first.other_tab_saved(theirs) and not first.other_tab_saved(theirs)  # said once
    notices = view.parts(first)["notices"]
    assert "Another tab of this site saved a different game" in notices
    assert 'data-intent="keep-here"' in notices and 'data-intent="load-other"' in notices
    first.save()
    assert backend.data["go-for-gold:save"] == theirs  # the other tab's game stays
    assert not second.other_tab_saved(theirs)  # a tab's own write is no news to it
    assert first.intent("load-other") and first.game.moves == second.game.moves
    assert first.game.map_name == "b" and "keep-here" not in view.parts(first)["notices"]
    first.save()
    assert backend.data["go-for-gold:save"] == theirs or json.loads(
        backend.data["go-for-gold:save"]
    )["value"]["record"]["moves"] == second.game.moves
    # keeping this tab's game writes it, and the other tab is told in turn
    mine = App(backend, "?players=human&map=a&seed=4")
    if mine.dialog == "link":
        assert mine.intent("confirm")
    mine.save()
    assert second.other_tab_saved(backend.data["go-for-gold:save"])
    assert second.intent("keep-here")
    assert json.loads(backend.data["go-for-gold:save"])["value"]["record"]["seed"] == 9


def test_a_first_visit_s_form_says_what_the_game_is_and_links_the_other_game():
    app = App(MemoryBackend())
    form = view.parts(app)["dialog"]
    assert app.dialog == "newgame" and "Go for Gold is a treasure hunt for 1 to 6" in form
    assert 'href="howto.html#go-for-gold"' in form and "Also on this site: Gold Connection" in form
    assert app.intent("start")
    assert "treasure hunt for 1 to 6" not in view.parts(App(app.store.backend)).get("dialog", "")
