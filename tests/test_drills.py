"""Drills from the player's own mistakes: a seeded Gold Connection duel with a planted blunder
becomes a position to solve, the daily page shows it, the answer tells the expert's choice."""

import json
import random

import pytest
from gamekit import daily
from go_for_gold import review as gg_review
from gold_connection.review import options_at, review
from pages.go_for_gold import daily as gg_daily
from pages.go_for_gold.controller import App as GgApp
from pages.gold_connection import daily as gc_daily
from pages.gold_connection.controller import App
from shell import drills
from shell.dailypage import DailyApp, DailyGame
from shell.store import MemoryBackend, Store

DUEL = f"?players=human,ai:expert&seed={daily.seed('2026-11-20', 'duel')}"


def planted_blunder():
    """The daily duel of 2026-11-20 played by the expert's choices, until the person's first
    decision where the worst option loses over 3 points: the person plays that one."""
    s = App(MemoryBackend(), DUEL).session
    g = s.game
    while True:
        if g.prompt == "roll":
            s.roll()
            continue
        found = options_at(g)
        if found is None:
            s.play(sorted(g.legal())[0])
            continue
        opts = found[0]
        if g.current_player() == 0 and opts[0].points - opts[-1].points > 3:
            s.play(opts[-1].token)
            return g.record(), opts[0].token, opts[-1].token
        s.play(opts[0].token)


@pytest.fixture(scope="module")
def made():
    rec, best, worst = planted_blunder()
    return rec, best, worst, gc_daily.drills(rec, review(rec))


def test_the_planted_blunder_becomes_a_drill(made):
    rec, best, worst, found = made
    assert len(found) == 1
    d = found[0]
    assert (d["best"], d["played"], d["grade"]) == (best, worst, "blunder")
    assert d["record"]["moves"] == rec["moves"][: d["index"]]  # the position before it
    assert [o[0] for o in d["options"]][0] == best and worst in [o[0] for o in d["options"]]
    assert drills.valid(d) and json.loads(json.dumps(d)) == d


def test_the_drill_sets_up_the_position_and_says_why_in_words(made):
    d = made[3][0]
    v = gc_daily.drill_view(d)
    assert v.picture.startswith("<svg") and "Turn" in v.question
    assert set(v.labels) == {o[0] for o in d["options"]}
    assert all(label and label != token for token, label in v.labels.items())
    assert v.why  # the review's reason in words


def page(backend):
    game = DailyGame(
        "gold_connection", "Gold Connection", "./", "duel", gc_daily.link, gc_daily.drill_view
    )
    return DailyApp(backend, [game], "2026-11-26", 3600)


def test_the_daily_page_asks_then_tells_the_expert_s_choice(made):
    backend = MemoryBackend()
    store = Store(backend, "site")
    assert drills.add(store, made[3]) == 1
    app = page(backend)
    html = app.html()
    options = made[3][0]["options"]
    assert 'data-drill="' in html and html.count('data-intent="drill"') == len(options)
    worst = [o[0] for o in made[3][0]["options"]].index(made[2])
    assert app.answer_drill(worst) is False
    html = app.html()
    assert "The expert plays" in html and 'id="drill-verdict"' in html
    assert drills.pending(drills.load(store)) == []
    app.next_drill()
    assert "No position to solve yet" in app.html()


def test_a_right_answer_and_a_corrupt_store():
    d = {
        "game": "g", "id": "x:1", "record": {}, "index": 1, "seat": 0, "turn": 1,
        "options": [["a", 2.0], ["b", 0.5]], "best": "a", "played": "b", "reasons": [],
        "loss": 1.5, "grade": "mistake", "answer": None,
    }
    backend = MemoryBackend()
    store = Store(backend, "site")
    drills.add(store, [d, {**d, "id": "bad", "best": "zzz"}])  # the invalid one is not kept
    assert [x["id"] for x in drills.load(store)] == ["x:1"]
    assert drills.answer(store, "x:1", "a") is True
    assert drills.answer(store, "x:1", "nope") is None
    backend.setItem("site:drills", "[{}]")
    assert drills.load(Store(backend, "site")) == [] and "site:drills:corrupt" in backend.data


def test_a_drill_whose_position_cannot_be_set_up_is_dropped(made):
    backend = MemoryBackend()
    store = Store(backend, "site")
    broken = {**made[3][0], "record": {"format": "gold-connection/1", "moves": ["nonsense"]}}
    drills.add(store, [broken])
    assert "No position to solve yet" in page(backend).html()
    assert drills.load(store) == []


def test_go_for_gold_s_walk_into_a_dead_end_becomes_a_drill_with_its_reasons_in_words():
    """The daily island of 2026-11-24 walked at random (seed 5): a walk that leaves no walk
    for any die is the review's costliest blunder, and the first drill."""
    link = gg_daily.link("2026-11-24")
    app = GgApp(MemoryBackend(), link[link.index("?") :])
    g, rng = app.game, random.Random(5)
    while not g.is_over():
        if g.current_player() < 0:
            app.roll()
        else:
            app.play(rng.choice(sorted(g.legal())))
    rec = g.record()
    found = gg_daily.drills(rec, gg_review.review(rec))
    d = found[0]
    assert (d["grade"], d["played"]) == ("blunder", rec["moves"][d["index"]])
    assert d["best"] != d["played"] and d["reasons"][0]["id"] == "dead_end"
    assert all(drills.valid(x) for x in found) and json.loads(json.dumps(found)) == found
    v = gg_daily.drill_view(d)
    assert 'class="gg-sheet' in v.picture or "gg-sheet" in v.picture
    assert v.labels[d["best"]].startswith("walk ") and "no walk next round" in v.why
    assert v.question.endswith("What would the expert play?")
