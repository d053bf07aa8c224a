"""The viewer of the embed and how-to pages: stepping through a record shows exactly the state
the engine replays to, and play mode hands the game to the game's own session."""

from __future__ import annotations

import json
from pathlib import Path

import games
import pytest
from gold_connection import record as records
from gold_connection import svg
from helpers import random_record
from pages.gold_connection import howto
from pages.gold_connection.replay import CHECKPOINT, Viewer
from shell import i18n
from shell.replay import error_html

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"


def scenario(name: str) -> dict:
    return json.loads((SCENARIOS / name).read_text())


@pytest.fixture(scope="module")
def long_record() -> dict:
    """A whole game of random moves (well past several checkpoints)."""
    return random_record(["Ada", "Bob", "Cy"], seed=11, dice_seed=4)


def test_every_step_shows_the_state_the_engine_replays_to(long_record):
    v = Viewer(long_record)
    assert v.total == len(long_record["moves"]) > 3 * CHECKPOINT
    for i in [0, 1, CHECKPOINT - 1, CHECKPOINT, CHECKPOINT + 1, v.total // 2, v.total]:
        v.goto(i)
        expected = records.replay(long_record, upto=i).summary(legal=False)
        assert v.game_at(i).summary(legal=False) == expected, i


def test_stepping_stays_in_bounds(long_record):
    v = Viewer(long_record)
    assert v.at == 0 and not v.intent("prev") and not v.intent("first")
    assert v.intent("next") and v.at == 1
    assert v.intent("last") and v.at == v.total
    assert not v.intent("next")
    assert v.intent("goto", "7") and v.at == 7
    assert not v.intent("goto", "x")
    v.intent("goto", str(10**6))
    assert v.at == v.total


def test_autoplay_steps_to_the_end_and_stops():
    v = Viewer(scenario("gc-8-4-robbery.json"))
    assert v.intent("autoplay") and v.autoplay
    while v.step():
        pass
    assert v.at == v.total and not v.autoplay
    v.intent("autoplay")  # at the end, autoplay starts again from the start
    assert v.autoplay and v.at == 0
    v.intent("next")
    assert not v.autoplay


def test_opening_at_a_move_or_at_the_end():
    rec = scenario("gc-8-1-2-targets.json")
    assert Viewer(rec, at=3).at == 3
    assert Viewer(rec, at="end").at == len(rec["moves"])
    v = Viewer(rec, at=99)
    assert v.at == v.total and v.notices[0][0] == "viewer.at_range"


def test_the_caption_describes_the_step_just_made():
    v = Viewer(scenario("gc-8-1-2-targets.json"), at=2)
    caption = v.parts()["caption"]
    assert "Ada names blue 2 and blue 3 in safe 3: target 7" in caption
    assert '<code class="tok">take b2 b3</code>' in caption
    assert (
        "The start: turn 1, Ada to play."
        in Viewer(scenario("gc-8-3-sorting.json")).parts()["caption"]
    )


def test_play_from_a_position_hands_the_game_to_a_session():
    rec = scenario("gc-8-4-robbery.json")
    v = Viewer(rec, mode="play", seats=[None, "greedy"])
    assert v.mode == "play" and v.play_from == v.total
    s = v.session
    assert s.game.moves == rec["moves"] and len(s.log) == v.total
    assert s.game.players[1]["ai"] == "greedy" and "ai" not in s.game.players[0]
    assert s.game.prompt == "move" and v.waiting() == "human"
    assert 'data-prompt="move"' in v.parts()["caption"]
    assert v.intent("field", "3") or v.intent("field", "4")  # a move by a click
    assert v.intent("back") and v.mode == "view" and v.at == v.total
    assert v.intent("goto", "0") and v.intent("play") and v.session.game.moves == []


def test_play_mode_rolls_fresh_dice_and_restarts_from_its_step():
    rec = scenario("gc-8-1-2-targets.json")
    v = Viewer(rec, at=2, mode="play")
    assert v.session.game.prompt == "roll"  # after "take b2 b3": the loot roll
    v.intent("roll")
    assert len(v.session.game.moves) == 3
    v.intent("restart")
    assert v.session.game.moves == rec["moves"][:2]


def test_the_computer_seat_plays_through_the_viewer():
    from pages.gold_connection.ai_service import AiService

    v = Viewer(scenario("gc-8-4-robbery.json"), at=0, mode="play", seats=["greedy", "greedy"])
    brain = AiService()
    for _ in range(40):
        waiting = v.waiting()
        if waiting not in ("ai", "ai-roll"):
            break
        v.computer_plays(brain.decide(v.record_json()) if waiting == "ai" else None)
    assert len(v.session.game.moves) > 3


def test_seats_from_the_record_and_unknown_levels():
    rec = scenario("gc-8-3-sorting.json")
    rec["players"][1]["ai"] = "greedy"
    assert Viewer(rec).seats == [None, "greedy"]
    rec["players"][1]["ai"] = "martian"
    v = Viewer(rec)
    assert v.seats == [None, None] and v.notices[0][0] == "viewer.ai_unknown"
    v = Viewer(rec, seats=[None, "greedy", "greedy"])
    assert [key for key, _ in v.notices] == ["viewer.seats_count", "viewer.ai_unknown"]
    assert v.intent("dismiss", "1") and v.intent("dismiss", "0") and not v.notices
    assert not v.intent("dismiss", "0")


def test_each_part_is_drawn_in_the_language_in_force():
    v = Viewer(scenario("gc-8-1-2-targets.json"), at=3)
    try:
        i18n.set_language("de")
        parts = v.parts()
        assert "Aktion 3 von 8" in parts["status"]
        assert "Die Partie durchgehen" in parts["controls"]
        assert "Trost-Chips im Vorrat" in parts["crates"]
    finally:
        i18n.set_language("en")


def test_the_error_box_shows_the_detail_as_text():
    html = error_html("link.record", {"detail": "move 3 '<b>x</b>': no"})
    assert "<b>x</b>" not in html and "&lt;b&gt;x&lt;/b&gt;" in html
    assert 'role="alert"' in html


def test_the_howto_examples_open_where_the_rulebook_example_starts():
    targets = {"ex1": 7, "ex2": 5, "ex3": 12, "ex4": 7}  # GC-8.1 … GC-8.4
    for ex in howto.EXAMPLES:
        rec = json.loads((SCENARIOS.parent / ex.src).read_text())
        v = Viewer(rec, at=ex.at, seats=list(ex.seats))
        named = next(i for i in range(ex.at, v.total) if v.tokens[i].split()[0] in ("take", "rob"))
        assert v.game_at(named + 1).turn.target == targets[ex.key], ex.key


def test_the_howto_page_has_every_clause_and_a_slot_per_example():
    html = games.howto_page()
    for section, clauses in howto.SECTIONS:
        assert f'id="rules-{section}"' in html
        for rule, _ in clauses:
            assert f'data-rule="{rule}"' in html
    for ex in howto.EXAMPLES:
        assert f'data-example="{ex.key}"' in html
    assert 'data-setting="lang"' in html


def test_the_named_bars_show_selected_until_their_roll():
    v = Viewer(scenario("gc-8-1-2-targets.json"), at=2)  # after "take b2 b3" (GC-8.1)
    assert 'data-bar="b2" data-field="3"' in v.parts()["board"]
    assert v.parts()["board"].count("bar bar-b sel") == 2
    v.goto(3)  # rolled: the bars are in the storage
    assert " sel" not in v.parts()["board"]


def test_seat_kinds_read_the_same_in_view_and_play_mode():
    rec = json.loads((SCENARIOS / "gc-8-4-robbery.json").read_text())
    rec["players"] = [{"name": "Ada"}, {"name": "Bot", "ai": "greedy"}]
    v = Viewer(rec)
    viewed = v.parts()["crates"]
    v.intent("play")
    played = v.parts()["crates"]
    for html in (viewed, played):
        assert html.count("Computer · greedy ·") == 1 and html.count("Person ·") == 1, html


def test_the_howto_page_starts_with_a_labelled_picture_and_how_a_turn_goes():
    """The picture is the game's own vault, its parts numbered and named in a list that is its
    description; then one paragraph on a turn, all before the first clause, in every language."""
    for lang in i18n.languages():
        i18n.set_language(lang)
        try:
            html = games.howto_page()
        finally:
            i18n.set_language("en")
        figure = html.index('<figure class="hw-figure">')
        flow = html.index('class="hw-flow"')
        assert figure < flow < html.index('data-rule="GC-7.3"')
        picture = 'role="img" aria-labelledby="hw-vault-title" aria-describedby="hw-vault-legend"'
        assert picture in html
        assert 'id="field-W"' in html and 'class="wall"' in html  # drawn by gold_connection.svg
        legend = html[html.index('id="hw-vault-legend"') : html.index("</ol>", figure)]
        assert legend.count("<li>") == len(howto.marks()) == 8
        gc = html[: html.index('id="go-for-gold"')]  # Go for Gold's island has marks of its own
        assert gc.count('class="hw-mark"') == 8


def test_no_mark_of_the_labelled_vault_covers_a_field_s_bars():
    """The marks sit in header strips, aisles and the track, never over a value (2 px of a
    mark's rim may touch a field's bar area, whose bars keep a margin)."""
    r = howto.MARK_R - 2
    for part, x, y in howto.marks():
        if part == "headings":  # on W's right rim, where its arrows start: W's one column of
            continue  # bars stands in its middle, clear of it
        for field, (x0, y0, w, h) in svg.BOXES.items():
            top = y0 + svg.HEAD  # below the header strip: the bars
            nx, ny = min(max(x, x0), x0 + w), min(max(y, top), y0 + h)
            assert (nx - x) ** 2 + (ny - y) ** 2 >= r * r, f"mark {part} covers {field}'s bars"
