"""Go for Gold: random games for 1-6 players on both islands with every invariant checked."""

import random

import pytest
from go_for_gold import CHANCE, Game, IllegalMoveError, record
from go_for_gold.board import FOOT, SHOVEL, island
from go_for_gold.game import ENTRIES

FUZZ = [
    "start g1",
    "die 7",
    "path a1",
    "path f2 f2",
    "foot 0",
    "search",
    "explore",
    "spend 1",
    "jump g1",
    "pass",
    "die 1",
    "path g2 h3 i3 j3 k3 l3",
]


def check(g: Game) -> None:
    isl = g.island
    for s in g.sheets:
        visited = s.visited
        assert len(visited) == len(set(visited)), "no field is entered twice (GG-3.2)"
        assert all(f in isl.marks for f in visited)
        assert s.shovels >= 0 and s.feet >= 0
        assert s.shovels_collected == sum(isl.marks[f] == SHOVEL for f in visited)
        assert s.feet_collected == sum(isl.marks[f] == FOOT for f in visited)
        assert len(s.entries) <= ENTRIES
    assert len(g.temples_closed) == len(set(g.temples_closed))


def play(n: int, seed: int, map_name: str, fuzz: bool) -> Game:
    rng = random.Random(seed)
    g = Game.new([f"P{i}" for i in range(n)], map_name=map_name, seed=seed)
    while not g.is_over():
        legal = g.legal()
        assert legal and len(set(legal)) == len(legal)
        if fuzz:
            for bad in rng.sample(FUZZ, 3):
                if bad in legal:
                    continue
                before = g.summary()
                with pytest.raises(IllegalMoveError):
                    g.apply(bad)
                assert g.summary() == before
        if g.prompt == "move" and g.length:
            for tok in legal:
                if tok.startswith("path"):
                    fields = tok.split()[1:]
                    assert len(fields) == g.length or isl_harbour(g, fields[-1])
        token = rng.choice(legal) if g.current_player() != CHANCE else f"die {rng.randint(1, 6)}"
        g.apply(token)
        check(g)
        assert g.round < 60, "the game always ends"
    return g


def isl_harbour(g: Game, f: str) -> bool:
    return g.island.is_harbour(f)


def test_random_games_keep_every_invariant_and_replay():
    for seed in range(120):
        n = 1 + seed % 6
        g = play(n, seed, "ab"[seed % 2], fuzz=seed < 20)
        assert g.winners
        again = record.replay(g.record())
        assert again.summary() == g.summary() and again.record() == g.record()


def test_a_record_prefix_replays_to_the_same_state():
    g = play(3, 7, "b", fuzz=False)
    for k in (0, 1, 5, len(g.moves) // 2, len(g.moves)):
        part = record.replay(g.record(), upto=k)
        assert part.moves == g.moves[:k]
        assert record.replay(part.record()).summary() == part.summary()


def test_both_islands_load_and_are_checked():
    for name in ("a", "b"):
        isl = island(name)
        assert len(isl.harbours) == 4
