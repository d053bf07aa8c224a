"""Go for Gold's review on the page (py/pages/go_for_gold/review.py): its numbers on a
hand-made review, exactly; the worker's steps adding up to the engine's review; the end
screen's dialog; the words in every language."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest
from gamekit.match import one_game
from go_for_gold.game import Game
from go_for_gold.review import Decision, Option, Reason, review, summarize
from pages.go_for_gold import view
from pages.go_for_gold.ai_service import AiService
from pages.go_for_gold.controller import App
from pages.go_for_gold.review import (
    ReviewRun,
    body,
    chart,
    chart_summary,
    loss_curves,
    score_curves,
    token_text,
)
from shell import i18n
from shell.store import MemoryBackend

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def made(index, seat, rnd, prompt, unit, played, best, loss, grade, reasons):
    return Decision(
        index, seat, rnd, prompt, unit, Option(*played), Option(*best), loss, grade, tuple(reasons)
    )


def hand_made():
    """Ada gives 0.5 at the start and 2.4 (a tenth of a chance to win) at a short roll; Bo
    passes a search worth 3.3. Scores: Bo 4 after round 1, Ada 6 after round 2."""
    decisions = [
        made(
            0,
            0,
            0,
            "start",
            "points",
            ("start g1", 1.0),
            ("start a6", 1.5),
            0.5,
            "good",
            [Reason("harbour", {"field": "a6"})],
        ),
        made(
            5,
            1,
            1,
            "special",
            "points",
            ("pass", 0.0),
            ("search", 3.3),
            3.3,
            "blunder",
            [Reason("search")],
        ),
        made(
            9,
            0,
            2,
            "spend",
            "win",
            ("pass", 0.4),
            ("spend 2", 0.5),
            2.4,
            "mistake",
            [Reason("last_round"), Reason("spend", {"points": 6, "shovels": 2})],
        ),
        made(
            12,
            0,
            2,
            "move",
            "points",
            ("path b1 b2", 2.0),
            ("path b1 b2", 2.0),
            0.0,
            "best",
            [Reason("same")],
        ),
    ]
    return summarize(Game.new(["Ada", "Bo"]), "hard", decisions, ((1, (0, 4)), (2, (6, 4))))


def test_the_numbers_of_a_hand_made_review():
    r = hand_made()
    assert score_curves(r) == {0: [(0, 0.0), (1, 0.0), (2, 6.0)], 1: [(0, 0.0), (1, 4.0), (2, 4.0)]}
    assert loss_curves(r) == {0: [(0, 0.5), (1, 0.0), (2, 2.4)], 1: [(0, 0.0), (1, 3.3), (2, 0.0)]}
    assert chart_summary(r, ["Ada", "Bo"]) == (
        "Every player's score after each round, and the points their decisions gave away in it."
        " Ada: 6 points after round 2. 2.9 points given away in all, most in round 2 (2.4)."
        " Bo: 4 points after round 2. 3.3 points given away in all, most in round 1 (3.3)."
    )
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body(done(r), ["Ada", "Bo"])))
    # accuracy = 100·exp(−mean loss): Ada (0.5 + 2.4 + 0) / 3 → 38, Bo 3.3 → 4
    assert "Ada accuracy 38 over 3 decisions — 1 good move, 1 mistake" in text
    assert "Bo accuracy 4 over 1 decision — 1 blunder" in text
    costly = text[text.index("Costliest decisions") :]
    assert costly.index("Move 5, round 1, Bo: blunder, −3.3 points") < costly.index("Move 9")
    assert (
        "Played: pass (0.0 points). Better: search the treasure (3.3 points) — a search"
        " costs nothing when it fails." in costly
    )
    assert (
        "Played: keep the shovels (40 % to win). Better: spend 2 shovels (50 % to win) —"
        " the game may end this round, so the values are chances to win; 6 points are worth"
        " 2 shovels." in costly
    )
    assert "Move 12" not in costly  # nothing lost: not costly
    assert costly.count("Show move") == 3


def done(r) -> ReviewRun:
    run = ReviewRun({"format": "go-for-gold/1", "players": [], "moves": []})
    run.result = r
    return run


def test_the_chart_draws_each_player_in_a_shape_of_its_own():
    r = hand_made()
    root = ET.fromstring(chart(r, ["Ada", "Bo<b>"]))
    assert root.get("role") == "img"
    assert "Bo<b>" in root.find(f"{SVG}desc").text
    for seat, shape in ((0, "circle"), (1, "rect")):
        lines = [e for e in root.iter(f"{SVG}polyline") if f"p{seat}" in e.get("class")]
        assert [len(e.get("points").split()) for e in lines] == [3, 3]  # scores, losses
        marks = [e for e in root.iter() if e.get("class") == f"rv-mark p{seat}"]
        assert {e.tag for e in marks} == {SVG + shape} and len(marks) == 3 + 3 + 1
    texts = [e.text for e in root.iter(f"{SVG}text")]
    assert "Round" in texts and "Score (points)" in texts and "Points given away" in texts


def test_every_kind_of_decision_in_words():
    said = [
        token_text(tok, prompt)
        for tok, prompt in (
            ("start a6", "start"),
            ("jump m6", "jump"),
            ("path g2 f2", "move"),
            ("foot 4", "move"),
            ("search", "special"),
            ("explore", "special"),
            ("pass", "special"),
            ("spend 1", "spend"),
            ("pass", "spend"),
        )
    ]
    assert said == [
        "start at harbour a6",
        "jump to harbour m6",
        "walk g2 → f2",
        "cross off a foot to walk 4 steps",
        "search the treasure",
        "explore the temple",
        "pass",
        "spend 1 shovel",
        "keep the shovels",
    ]


@pytest.fixture(scope="module")
def game():
    return one_game("go_for_gold", ["medium", "greedy"], 0, 3, keep_record=True).record


def test_the_workers_steps_add_up_to_the_engines_review(game):
    brain, run = AiService(), ReviewRun(game)
    while not run.finished:
        run.take(brain.review(run.request(), 0.05))
    assert run.percent() == 100 and run.error is None
    assert run.result.to_dict() == review(game).to_dict()


@pytest.mark.parametrize("lang", ["de", "nl", "hu"])
def test_the_review_reads_in_every_language(lang):
    english = re.sub(r"<[^>]+>", " ", body(done(hand_made()), ["Ada", "Bo"]))
    i18n.set_language(lang)
    html = re.sub(r"<[^>]+>", " ", body(done(hand_made()), ["Ada", "Bo"]))
    for word in (
        "Played:",
        "Better:",
        "Round",
        "accuracy",
        "Costliest",
        "search the treasure",
        "to win",
        "given away",
    ):
        assert word in english and word not in html, (lang, word)


def test_the_end_screen_opens_the_review_and_goes_back():
    app = App(MemoryBackend(), "?players=medium&seed=5")
    rng = random.Random(1)
    from go_for_gold.players import make_player

    bot = make_player("medium", rng)
    while app.waiting() != "over":
        if app.waiting() == "chance":
            app.roll()
        else:
            app.computer_plays(bot.decide(app.game.clone(), app.game.legal()))
    assert app.dialog == "over" and 'data-intent="review"' in view.parts(app)["dialog"]
    assert app.intent("review") and app.dialog == "review"
    assert 'data-review="working"' in view.parts(app)["dialog"]
    brain = AiService()
    while not app.review.finished:
        app.review.take(brain.review(app.review.request(), 0.05))
    dialog = view.parts(app)["dialog"]
    assert 'data-review="done"' in dialog and 'class="rv-chart"' in dialog
    # the chart scrolls sideways on a phone in a box with a cue that more follows (issue 58)
    assert re.search(r'class="rv-scroll"><svg class="rv-chart".*?</svg><span [^>]*data-more-cue',
                     dialog)
    assert 'href="embed.html#g=' in dialog and "at=" in dialog  # each costly move: its replay
    run = app.review
    assert app.intent("over") and app.dialog == "over"
    assert app.intent("review") and app.review is run  # the same game: not reviewed again
    assert app.intent("close") and app.dialog is None
    assert 'data-intent="review"' in view.parts(app)["decision"]
