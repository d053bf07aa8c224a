"""Solo pockets solved exactly (py/go_for_gold/endgame.py) and the expert playing by them.

The positions are from the expert's own solo games on island B (moves as recorded); in each
it stands in a pocket of land that no jump leads out of."""

import random

from go_for_gold import Game, endgame
from go_for_gold.ai import AIPlayer, hint, judge, make_ai
from helpers import gg_expert

# round 11: 5 entries, 1 shovel, on the open blue temple c8 with b9, c9 … still to walk
TEMPLE = (
    "start d1 die 4 foot 5 path d2 e2 e3 d4 e5 search die 4 die 2 foot 4 path d5 c5 c6 d7 search "
    "die 2 die 2 path d8 d9 die 6 path e9 e8 f8 g7 g6 h6 search die 3 spend 5 die 3 path i7 i8 j8 "
    "die 1 foot 6 path j7 i6 i5 i4 j4 k3 search die 5 spend 1 die 1 path k2 die 4 foot 5 path l2 "
    "l3 k4 l5 k6 explore die 3 die 6 path j6 k7 l7 k8 l9 k9 explore die 2 die 6 path k10 k11 "
    "jump a5 die 4 path b5 b6 c7 c8"
)
# round 13: a 6 to walk from b9 with one foot, 4 entries; which length the foot buys matters
FOOT = (
    "start d1 die 3 foot 5 path d2 e2 e3 d4 e5 search die 6 die 1 foot 4 path d5 c5 c6 d7 search "
    "die 1 die 1 path c8 explore die 1 die 2 path d9 e9 die 5 path e8 f8 g7 h7 i7 die 6 path j7 "
    "i6 i5 i4 j4 k3 search die 3 spend 3 die 2 path k2 l3 die 2 foot 4 path k4 l5 k6 l7 search "
    "die 5 die 3 path k7 j8 i8 die 6 path h8 i9 j9 j10 k11 jump a5 die 2 path b5 b6 die 3 path "
    "c7 b8 b9 die 6"
)
# round 10: a 6 to walk from b5 with one foot and one shovel, the 5 on c3 two steps away
SHORT = (
    "start d1 die 1 foot 5 path d2 e2 e3 d4 e5 search die 6 die 5 path d5 c4 c5 c6 d7 search "
    "die 3 spend 4 die 3 foot 4 path c8 d9 d10 e10 search die 2 die 6 path f9 f8 g7 h7 i7 h6 "
    "search die 2 die 6 path i5 i4 j3 j2 k2 k3 search die 4 spend 2 die 2 foot 4 path l3 k4 l5 "
    "k6 explore die 6 die 4 path k7 j8 k8 l7 search die 1 die 5 path l8 l9 k10 k11 jump a5 die 1 "
    "path b5 die 6"
)
# round 9: a 4 to walk from k9 with one entry left and the jump still open (k11 a harbour)
JUMP = (
    "start d1 die 5 path d2 e2 e3 d4 e5 search die 6 die 4 path d5 c5 c6 d7 search die 1 die 4 "
    "path c8 d9 d10 e10 search die 2 spend 4 die 4 path e9 d8 e8 f9 search die 4 die 2 foot 6 "
    "path f8 g7 h7 i7 i8 j8 die 1 foot 6 path j7 i6 i5 i4 j4 k3 search die 1 die 2 foot 6 path k2 "
    "l3 k4 l5 l6 l7 search die 4 spend 1 die 4 path l8 l9 k10 k9 explore die 2 die 4"
)

KINDS = {"start", "die", "foot", "path", "search", "explore", "pass", "spend", "jump"}


def at(moves: str) -> Game:
    """A solo game on island B after ``moves``, each token a kind and its arguments."""
    g = Game.new(["solo"], map_name="b")
    words = moves.split()
    starts = [i for i, w in enumerate(words) if w in KINDS] + [len(words)]
    for i, j in zip(starts, starts[1:], strict=False):
        g.apply(" ".join(words[i:j]))
    return g


def expect(game: Game) -> float:
    """The final score expected with perfect play from here, by the engine alone: every die
    averaged, every legal token tried."""
    if game.is_over():
        return float(game.score(0))
    outcomes = []
    for tok in game.legal():
        g = game.clone()
        g.push(tok)
        outcomes.append(expect(g))
    if game.current_player() < 0:
        return sum(outcomes) / len(outcomes)
    return max(outcomes)


def without_pocket() -> AIPlayer:
    """The expert by its hand-written values alone."""
    return gg_expert(pocket=0, last_slot=False)


def test_a_pockets_values_are_the_engines_own_expectimax():
    # every rule the solver re-states (GG-3 walks and feet, GG-4 searches, spends and temples,
    # GG-5.2 the jump, GG-6.1 the end) checked against the engine playing every line out
    for moves in (TEMPLE, FOOT, SHORT, JUMP):
        g = at(moves)
        legal = g.legal()
        values = endgame.values(g, 0, legal, 20000)
        assert values is not None and set(values) == set(legal)
        for tok in legal:
            after = g.clone()
            after.push(tok)
            assert abs(values[tok] - (expect(after) - g.score(0))) < 1e-9, (moves[-20:], tok)


def test_the_expert_passes_the_temple_a_curse_would_cost_its_last_slot():
    # GG-4.2: 1 shovel explores with a 1-in-6 chance; a curse is the 6th entry (GG-6.1)
    g = at(TEMPLE)
    assert g.prompt == "special" and g.legal() == ["explore", "pass"]
    values = endgame.values(g, 0, g.legal(), 20000)
    assert values is not None and values["pass"] > values["explore"]
    assert make_ai("expert", random.Random(0)).decide(g.clone(), g.legal()) == "pass"
    # by its hand-written values it explored with one shovel (a 1-in-6 chance)
    assert without_pocket().decide(g.clone(), g.legal()) == "explore"


def test_the_expert_crosses_off_its_foot_for_the_length_worth_most_to_the_end():
    # GG-3.3: a foot walks any length from 1 to 6; which one leaves a way on matters
    g = at(FOOT)
    legal = g.legal()
    values = endgame.values(g, 0, legal, 20000)
    assert values is not None
    chosen = make_ai("expert", random.Random(0)).decide(g.clone(), legal)
    assert chosen.startswith("foot") and values[chosen] == max(values.values())
    before = without_pocket().decide(g.clone(), legal)
    assert (before, round(values[before], 2), round(values[chosen], 2)) == ("foot 1", 0.76, 2.0)


def test_with_one_entry_left_the_expert_plays_the_rest_exactly_jump_included():
    # GG-5.2: a harbour entered before the jump leads to fresh land; GG-6.1: one entry left
    g = at(JUMP)
    assert not endgame.pocket(g, 0, 20) and len(g.sheets[0].entries) == 5
    legal = g.legal()
    values = endgame.values(g, 0, legal, 20000)
    assert values is not None
    chosen = make_ai("expert", random.Random(0)).decide(g.clone(), legal)
    assert chosen.split()[-1] == "k11" and round(values[chosen], 3) == 1.667  # the jump's land
    assert values["path k8 k7 k6 j6"] == 0.0  # a walk into a corner with nothing left to find
    before = without_pocket().decide(g.clone(), legal)
    assert values[before] < values[chosen]


def test_the_review_and_the_hint_weigh_a_pocket_as_the_expert_plays_it():
    # what a player sees: the hint names, and the review grades by, the move the expert plays
    g = at(FOOT)
    unit, values = judge().option_values(g.clone(), g.legal())
    assert unit == "points"
    assert values == endgame.values(g, 0, g.legal(), 20000)
    assert hint(g)["token"] == max(values, key=lambda tok: values[tok])


def test_no_exact_values_with_rivals_or_beyond_the_budget():
    # with rivals the race to the 6th entry (GG-6.1), not points, decides: the solver is solo
    g = at(FOOT)
    assert endgame.pocket(g, 0, 20) and not endgame.pocket(g, 0, 3)  # 3: smaller than asked
    assert endgame.values(g, 0, g.legal(), 1) is None  # over its budget
    fresh = Game.new(["solo"], map_name="b")
    fresh.apply("start d1")
    fresh.apply("die 3")
    assert not endgame.pocket(fresh, 0, 20)  # the island is open
    assert endgame.values(fresh, 0, fresh.legal(), 20000) is None  # far beyond the budget
    duel = Game.new(["A", "B"], map_name="b")
    duel.apply("start d1")
    duel.apply("die 3")
    assert endgame.values(duel, 0, duel.legal(), 10**9) is None  # rivals: not solo
