"""The hint of both games: asked at every kind of prompt along many random games it never
raises and names a legal token; in Gold Connection it is the review's best option."""

import random
from dataclasses import replace

import pytest
from gamekit.match import CHANCE
from go_for_gold import ai as gfg_ai
from go_for_gold.game import Game as GfgGame
from gold_connection import ai, record, review
from gold_connection.game import Game
from gold_connection.players import make_player
from helpers import game_at

# every kind of prompt, the heading on W or E after a turn (GC-6.1) apart from the set-up's
GC_KINDS = ("place", "face-setup", "move", "act", "chips", "sort", "face-end")


def gc_kind(g: Game) -> str:
    if g.prompt == "face":
        return "face-end" if g.turn is not None else "face-setup"
    return g.prompt


@pytest.fixture
def quick_expert(monkeypatch):
    """The expert with a small work budget, so that hundreds of hints take seconds."""
    monkeypatch.setitem(ai.LEVELS, "expert", replace(ai.LEVELS["expert"], budget_ms=4.0))


def test_gold_connection_hint_never_raises_at_any_prompt(quick_expert):
    rng = random.Random(7)
    asked = dict.fromkeys(GC_KINDS, 0)
    for i in range(240):
        g = Game.new(["a", "b", "c", "d"][: 2 + i % 3], seed=i)
        want = GC_KINDS[i % len(GC_KINDS)]
        skip = rng.randrange(200)
        while not g.is_over():
            if g.current_player() == CHANCE:
                g.roll(rng)
                continue
            if gc_kind(g) == want and (skip <= 0 or want in ("place", "face-setup")):
                h = review.hint(g)
                assert h["token"] in g.legal()
                asked[want] += 1
                break
            skip -= 1
            legal = g.legal()
            # banking often, so that turns end on W and E and sortings come up
            g.push("stop" if "stop" in legal and rng.random() < 0.5 else rng.choice(legal))
    assert all(asked.values()), asked


def test_the_hint_on_e_choosing_the_next_corridor():
    # the stone stopped on E: its heading is still the corridor it came by, which the hint
    # once walked from E (KeyError 'w' in board.step)
    g = game_at(
        [{"stone": "8", "heading": "e", "rows": {"g6": 2}}, {"stone": "9", "heading": "w"}],
        fields={"E": ["g3"]},
        rest="5",
        counter=5,
    )
    for tok in ("move 1", "take g3", "dice 6 6", "stop"):
        g.apply(tok)
    assert g.prompt == "face" and g.stone[0] == "E"
    h = review.hint(g)
    assert h["token"] in g.legal() == ["face n", "face s"]


def test_the_hint_is_the_reviews_best_option():
    # a recorded game between two mediums: at each reviewed decision, the review's best is
    # what the hint would have said there (same level, same search, no clock)
    g = Game.new(["a", "b"], seed=3)
    rng = random.Random(3)
    players = [make_player("medium"), make_player("medium")]
    while not g.is_over() and g.counter < 5:
        if g.current_player() == CHANCE:
            g.roll(rng)
            continue
        g.push(players[g.to_move].decide(g.clone(), g.legal()))
    rec = g.record()
    result = review.review(rec)
    checked = 0
    for d in result.decisions[::3]:
        at = record.replay(rec, upto=d.index)
        assert review.hint(at)["token"] == d.best.token, (d.index, d.prompt)
        checked += 1
    assert checked >= 5


def test_go_for_gold_hint_never_raises_at_any_prompt():
    rng = random.Random(5)
    kinds = ("start", "move", "jump", "special", "spend")
    asked = dict.fromkeys(kinds, 0)
    for i in range(300):
        g = GfgGame.new(["a", "b", "c", "d", "e", "f"][: 1 + i % 6], map_name="ab"[i % 2], seed=i)
        want = kinds[i % len(kinds)]
        skip = rng.randrange(60)
        while not g.is_over():
            if g.current_player() == CHANCE:
                g.roll(rng)
                continue
            if g.prompt == want and (skip <= 0 or want == "start"):
                h = gfg_ai.hint(g)
                assert h["token"] in g.legal()
                asked[want] += 1
                break
            skip -= 1
            g.push(rng.choice(g.legal()))
    assert all(asked.values()), asked
    done = GfgGame.new(["a"], seed=1)
    done.push("start g1")
    assert gfg_ai.hint(done)["token"] is None  # the die rolls


def test_go_for_gold_s_hint_is_the_reviews_best_option():
    # recorded games of medium and greedy on both islands: at each reviewed decision,
    # the review's best is what the hint says there (the same level, no clock)
    from gamekit.match import one_game
    from go_for_gold import record as gfg_record
    from go_for_gold import review as gfg_review

    checked = 0
    for seed, island in ((3, "a"), (8, "b")):
        rec = one_game(
            "go_for_gold", ["medium", "greedy"], 0, seed, keep_record=True,
            options={"map": island},
        ).record
        result = gfg_review.review(rec)
        for d in result.decisions[::3]:
            at = gfg_record.replay(rec, upto=d.index)
            assert gfg_ai.hint(at)["token"] == d.best.token, (seed, d.index, d.prompt)
            checked += 1
    assert checked >= 10
