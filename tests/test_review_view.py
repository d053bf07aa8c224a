"""The review's HTML: the chart drawn from the values, its text and table, accuracy and the
costliest decisions, built from a real review of a short game."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET

import pytest
from gamekit.match import one_game
from gold_connection import record
from gold_connection.review import FUTURE_POINTS, expected_final, review
from pages.gold_connection.ai_service import AiService
from pages.gold_connection.review import (
    MARKERS,
    ReviewRun,
    body,
    chart,
    score_curves,
    token_text,
    win_curves,
)
from shell import i18n

NAMES = ["Ada", "Bo<b>"]
SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def game():
    """The first 90 moves of a greedy game: a dozen turns, a few costly decisions."""
    data = one_game("gold_connection", ["greedy", "greedy"], 0, 3, keep_record=True).record
    return {**data, "moves": data["moves"][:90]}


@pytest.fixture(scope="module")
def run(game):
    """The review as the page gathers it: the worker's steps, then the summary."""
    brain, r = AiService(), ReviewRun(game)
    while not r.finished:
        r.take(brain.review(r.request(), 0.05))
    return r


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def test_the_steps_add_up_to_the_whole_review(game, run):
    assert run.result is not None and run.percent() == 100
    assert run.result.to_dict() == review(game).to_dict()


def test_the_chart_has_each_player_s_curves_in_a_shape_of_its_own(run):
    svg = chart(run.result, NAMES)
    root = ET.fromstring(svg)  # well-formed: SVG in HTML must be
    assert (
        root.get("role") == "img" and root.get("aria-labelledby") == "rv-chart-title rv-chart-desc"
    )
    desc = root.find(f"{SVG}desc").text
    assert "Ada" in desc and "Bo<b>" in desc and "chance to win" in desc
    scores, wins = score_curves(run.result), win_curves(run.result)
    for seat in (0, 1):
        lines = [e for e in root.iter(f"{SVG}polyline") if f"p{seat}" in e.get("class")]
        assert len(lines) == 2  # expected score and chance to win
        assert [len(e.get("points").split()) for e in lines] == [
            len(scores[seat]),
            len(wins[seat]),
        ]
    shapes = {"circle": "circle", "square": "rect", "triangle": "polygon"}
    for seat in (0, 1):
        marks = [e for e in root.iter() if e.get("class") == f"rv-mark p{seat}"]
        assert {e.tag for e in marks} == {SVG + shapes[MARKERS[seat]]}
        assert len(marks) == len(scores[seat]) + len(wins[seat]) + 1  # both panels, the legend
    texts = [e.text for e in root.iter(f"{SVG}text")]
    assert "Turn" in texts and "Chance to win" in texts and "Expected final score (points)" in texts
    assert "50%" in texts and "100%" in texts


def test_the_table_the_accuracy_and_the_costliest_decisions(run, game):
    html = body(run, NAMES)
    assert html.count('<li><svg class="rv-key"') == 2 and "accuracy" in html
    assert "Bo&lt;b&gt;" in html and "Bo<b>" not in html
    # at 360 px the chart scrolls sideways in its box, with a cue at its edge (issue #58)
    assert re.search(r'class="rv-scroll"><svg class="rv-chart".*?</svg><span [^>]*data-more-cue',
                     html, re.S)
    rows = re.findall(r"<tr><th scope=\"row\">", html)
    turns = {d.turn for d in run.result.decisions} | {turn for turn, _ in run.result.expected}
    assert len(rows) == len(turns)
    costly = run.result.costliest
    assert costly and html.count('data-intent="review-at"') == len(costly)
    for d in costly:
        assert f'data-arg="{d.index}"' in html
        g = record.replay(game, upto=d.index)
        assert token_text(d.played.token, g) in html and token_text(d.best.token, g) in html
    linked = body(
        ReviewRun(game, **{k: getattr(run, k) for k in ("next", "total", "decisions", "result")}),
        NAMES,
        lambda i: f"embed.html#at={i}",
    )
    assert f'href="embed.html#at={costly[0].index}"' in linked and 'target="_blank"' in linked


@pytest.mark.parametrize("lang", ["de", "nl", "hu"])
def test_every_text_is_translated(run, lang):
    def text() -> str:  # what is read: no tags, no class names
        again = ReviewRun(
            run.rec, run.next, run.total, run.decisions, run.result, expected=run.expected
        )
        return re.sub(r"<[^>]+>", " ", body(again, NAMES))

    english = text()
    i18n.set_language(lang)
    html = text()
    for word in ("Played:", "Better:", "Turn", "accuracy", "Costliest", "more points on average"):
        assert word not in html or word not in english


def test_moves_in_words(game):
    g = record.replay(game, upto=0)
    while g.prompt != "move":
        g.push(game["moves"][len(g.moves)])
    move = next(tok for tok in g.legal() if tok.startswith("move"))
    assert re.fullmatch(r"walk \d steps? to (safe \d+|.+)", token_text(move, g))
    assert token_text("stop", g) == "Stop and sort" and token_text("spend 2", g) == "Spend 2 chips"
    assert token_text("take b1 g3", g) == "name blue 1 and green 3"


def test_progress_and_a_failure_are_shown():
    r = ReviewRun({"moves": []}, next=30, total=120)
    html = body(r, NAMES)
    assert '<progress max="100" value="25"' in html and "move 30 of 120" in html
    r.fail("RuntimeError: lost")
    assert 'role="alert"' in body(r, NAMES) and r.finished
    with pytest.raises(ValueError):
        ReviewRun({"moves": []}, next=30, total=120).take(
            json.dumps({"next": 30, "total": 120, "decisions": []})
        )


def test_the_expected_final_score_is_the_rows_plus_the_average_gain_of_the_turns_left(game, run):
    expected = run.result.expected
    assert [turn for turn, _ in expected] == list(range(len(expected)))  # after every turn
    g = record.replay(game, upto=0)
    turn_of = {}
    for tok in game["moves"]:
        before = g.counter
        g.push(tok)
        if g.counter != before:
            a, b = FUTURE_POINTS[2]
            left = [g.turns_left(s) for s in (0, 1)]
            turn_of[before] = [g.score(s) + a * left[s] + b * left[s] ** 2 for s in (0, 1)]
    assert list(dict(expected)) == list(turn_of)
    for turn, scores in expected:
        assert scores == pytest.approx(turn_of[turn])
    assert expected_final(record.replay(game)) == expected[-1][1] or not g.is_over()


def test_a_finished_game_ends_on_its_final_scores():
    data = one_game("gold_connection", ["random", "random"], 0, 5, keep_record=True).record
    r = review(data)
    final = record.replay(data)
    assert final.is_over()
    assert r.expected[-1] == (final.counter, tuple(float(final.score(s)) for s in (0, 1)))
    assert r.expected[0][0] == 0 and r.expected[0][1][0] == r.expected[0][1][1]


def test_show_move_shows_the_position_in_the_page_and_leads_back_to_the_review(game, run):
    """Issue #58: "Show move 53" opened a replay in a new tab without the review."""
    from pages.gold_connection.controller import App
    from pages.gold_connection.session import Session
    from shell.store import MemoryBackend

    app = App(MemoryBackend())
    app.session = Session.from_record(game)
    app.review, app.dialog = run, "review"
    review_html = app.parts()["dialog"]
    worst = run.result.costliest[0]
    # every costly decision is a button of this page, none a link to another tab
    assert f'data-intent="review-at" data-arg="{worst.index}"' in review_html
    assert 'target="_blank"' not in review_html.split('class="actions"')[0]
    assert app.intent("review-at", str(worst.index))
    shown = app.parts()["dialog"]
    assert app.dialog == "position"
    assert f"Move {worst.index}, turn {worst.turn}: " in shown and " to decide</h2>" in shown
    assert "Played: " in shown and 'id="rv-' in shown and "<svg" in shown
    assert 'data-intent="review-back"' in shown
    # the vault drawn is the position before that move, with the board's ids kept apart
    assert 'id="field-' not in shown and 'id="rv-field-' in shown
    assert app.intent("escape") and app.dialog == "review"
    assert app.intent("review-at", str(worst.index)) and app.intent("review-back")
    assert app.dialog == "review" and app.parts()["dialog"] == review_html
    assert not app.intent("review-at", str(len(game["moves"])))  # no such move
