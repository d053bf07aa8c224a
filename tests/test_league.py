"""The league's entrants (bench/league): every frozen expert and every independent opponent
loads as a ``file:`` bot, answers legally and the same way twice in the same state; the
league's own sums are right. Strength is measured by the league itself, never here."""

import itertools
import json
import random
import sys
import time
from pathlib import Path

import pytest
from gamekit.match import CHANCE
from go_for_gold.game import Game as GfgGame
from go_for_gold.players import make_player as gfg_player
from gold_connection.game import Game
from gold_connection.players import make_player

LEAGUE = Path(__file__).resolve().parent.parent / "bench" / "league"
sys.path.insert(0, str(LEAGUE))

import run  # noqa: E402
from gc_view import game_from_view  # noqa: E402

GC_BOTS = ["gc_expert_27138b4.py", "gc_expert_86cd85b.py", "gc_expectimax.py", "gc_rollout.py"]
GC_TRIALS = [
    "gc_expert_norivals.py",
    "gc_expert_margin.py",
    "gc_expert_noguard.py",
    "gc_expert_onework.py",
]
"""Trial seats: the engine's expert with one knob turned, the baselines of its changes."""
GG_BOTS = ["gg_planner.py", "gg_rollout.py"]


def positions(new_game, games: int, every: int, seed: int) -> list:
    """Decision states along random games (every ``every``-th decision)."""
    rng = random.Random(seed)
    out = []
    for i in range(games):
        g = new_game(i)
        k = 0
        while not g.is_over():
            if g.current_player() == CHANCE:
                g.roll(rng)
                continue
            legal = g.legal()
            if len(legal) > 1 and k % every == 0:
                out.append(g.clone())
            k += 1
            g.push(rng.choice(legal))
    return out


@pytest.fixture(scope="module")
def gc_positions():
    return positions(lambda i: Game.new(["a", "b", "c"][: 2 + i % 2], seed=i), 4, 9, 1)


@pytest.fixture(scope="module")
def gg_positions():
    return positions(
        lambda i: GfgGame.new(["a", "b", "c"][: 1 + i % 3], map_name="ab"[i % 2], seed=i), 6, 5, 2
    )


def test_a_summary_rebuilds_the_game_it_shows(gc_positions):
    for g in gc_positions:
        h = game_from_view(g.summary())
        assert h.summary() == g.summary() and h.legal() == g.legal()


@pytest.mark.parametrize("bot", GC_BOTS + GC_TRIALS)
def test_gold_connection_bots_are_legal_and_deterministic(bot, gc_positions, monkeypatch):
    first = make_player(f"file:{LEAGUE / bot}")
    again = make_player(f"file:{LEAGUE / bot}")  # loaded anew: no state carries the answer
    answers = []
    for g in gc_positions[:12]:
        legal = g.legal()
        answers.append(first.decide(g.clone(), legal))
        assert answers[-1] in legal
    # the second time on a machine so busy that every look at the clock is a second later
    # (CI's two cores): a seat that stops on the clock rather than its work budget differs
    ticks = itertools.count()
    monkeypatch.setattr(time, "perf_counter", lambda: float(next(ticks)))
    for g, answer in zip(gc_positions[:12], answers, strict=True):
        assert again.decide(g.clone(), g.legal()) == answer


@pytest.mark.parametrize("bot", GG_BOTS)
def test_go_for_gold_bots_are_legal_and_deterministic(bot, gg_positions):
    first = gfg_player(f"file:{LEAGUE / bot}")
    again = gfg_player(f"file:{LEAGUE / bot}")
    for g in gg_positions[:25]:
        legal = g.legal()
        answer = first.decide(g.clone(), legal)
        assert answer in legal
        assert again.decide(g.clone(), legal) == answer


def test_frozen_experts_import_no_engine_ai():
    for bot in GC_BOTS:
        text = (LEAGUE / bot).read_text()
        assert "gold_connection.ai" not in text.replace("``gold_connection.ai``", "")
        assert "from gold_connection import ai" not in text


def test_every_pool_names_known_seats():
    for game, pools in run.POOLS.items():
        check = make_player if game == "gold_connection" else gfg_player
        for seats, _ in pools.values():
            assert seats[0] == run.CAND
            for spec in seats[1:]:
                assert check(spec, random.Random(1)).name


def test_the_leagues_intervals():
    lo, hi = run.wilson(61.5, 100)
    assert lo < 0.615 < hi and round(lo, 3) == 0.517 and round(hi, 3) == 0.704
    assert run.mean_interval([1.0, 3.0]) == (2.0, pytest.approx(1.96 * 2**0.5 / 2**0.5))


def test_the_expectimax_robs_a_crate_in_reach_legally():
    """A crate of 10 bars two steps ahead: the league's expectimax walks there and robs it
    (GC-4.5), then must go on (GC-5.3); every answer is legal."""
    fields = {f: ["b1", "r1", "r2"] for f in ["W", "E", *map(str, range(1, 13))]}
    position = {
        "counter": 10,
        "to_move": 0,
        "supply": 20,
        "fields": fields,
        "players": [
            {"stone": "5", "heading": "e", "chips": 0, "rows": {"g6": 1}},
            {"stone": "7", "heading": "e", "chips": 0, "rows": {"g6": 4, "b6": 3, "y5": 3}},
        ],
    }
    g = Game.from_position([{"name": "a"}, {"name": "b"}], position)
    bot = make_player(f"file:{LEAGUE / 'gc_expectimax.py'}")
    answers = []
    for _ in range(4):
        if g.prompt == "roll":
            g.push("dice 6 6")
            continue
        legal = g.legal()
        answer = bot.decide(g.clone(), legal)
        assert answer in legal
        answers.append(answer)
        g.push(answer)
    assert answers[0] == "move 2" and answers[1].startswith("rob ")


def test_a_baseline_is_compared_game_by_game():
    """Paired: games both seats played alike count 0, so one game won more out of 100 is
    a small, uncertain difference, while winning every other game more is a shown one."""

    def result(won: list[float], margins: list[float]) -> dict:
        return {"solo": False, "won": won, "margins": margins}

    base = [1.0] * 50 + [0.0] * 50
    one_more = [1.0] * 51 + [0.0] * 49
    line = run.compare(result(one_more, [1.0] * 100), result(base, [1.0] * 100))
    assert "win  +1.0 ±  2.0 points  same" in line and "margin  +0.0 ±  0.0  same" in line
    line = run.compare(result([1.0] * 100, [3.0] * 100), result(base, [1.0] * 100))
    assert line.count("better") == 2
    solo = run.compare(
        {"solo": True, "margins": [20.0, 22.0, 24.0]}, {"solo": True, "margins": [25.0, 27.0, 29.0]}
    )
    assert solo.split()[:3] == ["score", "-5.0", "±"] and solo.endswith("worse")


def test_the_hopeless_scan_finds_a_random_players_doomed_ends_and_only_those():
    # bench/league/gc_hopeless.py (issue #25's flaw a): an end or a plunder whose target no
    # roll plus the chips held can reach (GC-5.1, GC-5.2); random walks far and finds some
    from gamekit.match import one_game
    from gc_hopeless import scan
    from gold_connection.record import replay

    result = one_game("gold_connection", ["random", "random"], 0, 1, keep_record=True)
    record = result.record
    seen, hopeless = scan(record, 0)
    assert seen and hopeless
    for move, token, target, chips, _bars in hopeless:
        assert record["moves"][move] == token and target > 12 + chips
        game = replay(record, upto=move)
        assert game.to_move == 0 and game.chips[0] == chips


def test_the_oracle_scores_its_pick_on_the_playouts_it_did_not_pick_on():
    # bench/league/gg_oracle.py: the best option picked on one half of the playouts, scored
    # on the other; an option lucky on one half only gains nothing
    from gg_oracle import gain

    assert gain({"a": [10, 10, 10, 10], "b": [12, 12, 12, 12]}, "a") == 2.0
    assert gain({"a": [10, 10, 10, 10], "b": [20, 0, 0, 20]}, "a") == 0.0
    assert gain({"a": [10, 10], "b": [20, 0]}, "a") == -5.0  # picked on its luck, then unlucky


def test_the_oracle_plays_every_option_with_the_same_dice():
    from gg_oracle import die, weigh
    from go_for_gold.ai import make_ai

    hard = gfg_player("hard", random.Random(0))
    for deal in range(20):  # a walk with one entry left: short playouts
        game = GfgGame.new(["solo"], map_name="b")
        while not game.is_over() and (len(game.sheets[0].entries) < 5 or game.prompt != "move"):
            if game.current_player() == CHANCE:
                game.push(f"die {die(str(deal), game)}")
            else:
                game.push(hard.decide(game.clone(), game.legal()))
        if not game.is_over() and len(game.legal()) > 1:
            break
    else:
        raise AssertionError("no late walk in 20 deals")
    assert die("t", game) == die("t", game.clone())
    expert = make_ai("expert", random.Random(0))
    choice = expert.decide(game.clone(), game.legal())
    scores = weigh(game, expert, choice, 2, "t")
    assert len(scores) >= 2 and weigh(game, expert, choice, 2, "t") == scores  # dealt alike
    assert choice in scores and all(len(s) == 2 for s in scores.values())
    assert all(score >= game.score(0) - 1 for s in scores.values() for score in s)


def test_the_race_scan_tells_who_recorded_the_sixth_entry_and_the_standings_each_round():
    # bench/league/gg_race.py: who ended the game (GG-6.1) and the race round by round, read
    # back from the game's record; it must agree with the game as played
    from gamekit.match import one_game
    from gg_race import race, summary
    from go_for_gold.record import replay

    endings = set()
    games = []
    for index in range(12):
        result = one_game("go_for_gold", ["greedy", "random"], index, 3, keep_record=True)
        record = result.record
        seat = result.seats.index(0)
        r = race(record, seat)
        game = replay(record)
        six = [s for s in range(2) if len(game.sheets[s].entries) >= 6]
        by = {(): "nobody", (seat,): "candidate", (1 - seat,): "rival", (0, 1): "both"}
        expected = by[tuple(six)]
        assert r["ending"] == expected
        assert r["won"] == (1 / len(game.winners) if seat in game.winners else 0.0)
        assert len(r["rounds"]) == game.round and r["rounds"][0] == (0, 0, 0, 0)
        mine, theirs, score, rival_score = r["rounds"][-1]
        assert mine <= len(game.sheets[seat].entries) and score <= 9 * mine
        assert r["curses"][0] == game.sheets[seat].entries.count(-1)
        endings.add(r["ending"])
        games.append(r)
    assert len(endings) >= 2  # the dice vary how games end
    lines = summary(games)
    assert sum("games (" in line for line in lines) == len(endings)


def test_the_points_scan_accounts_for_every_point_of_every_seat():
    # bench/league/gc_points.py: what each seat sorted in its own turns minus what robbers took
    # from it is its score; what robbers took is what the others' robberies won
    from gamekit.match import one_game
    from gc_points import points, summary
    from gold_connection.record import replay

    robbed = 0.0
    games = []
    for index in range(3):
        result = one_game(
            "gold_connection", ["medium", "medium", "greedy"], index, 2, keep_record=True
        )
        record = result.record
        seats = points(record)
        game = replay(record)
        for s, f in enumerate(seats):
            assert f["gained"] - f["robbed"] == f["score"] == game.score(s)
            assert f["fails"] == f["fail_take"] + f["fail_rob"] + f["fail_end"]
            assert f["rob_wins"] <= f["rob_tries"] and f["chips"] == game.chips[s]
        assert sum(f["robbed"] for f in seats) == sum(f["rob_points"] for f in seats)
        assert sum(f["won"] for f in seats) == 1.0
        fails = sum(1 for t in record["moves"] if t == "accept")
        assert sum(f["fails"] for f in seats) == fails
        robbed += sum(f["robbed"] for f in seats)
        games.append((seats, result.seats.index(0)))
    assert robbed > 0  # medium robs: the robbery columns are read, not only zero
    lines = summary(games)
    assert len(lines) == 18 and lines[-1].split()[0] == "wins"


def test_the_simple_models_odds_cover_any_target():
    # gc_simple.p_at_least once indexed a table of 53 targets: X's look at the plunders near
    # a safe whose useful bars summed past it raised IndexError (4p-expectimax, seed 8, game 6)
    from gc_simple import p_at_least
    from gold_connection import odds

    assert [p_at_least(t) for t in (-3, 0, 2)] == [1.0, 1.0, 1.0]
    assert p_at_least(7) == float(odds.at_least(7)) and p_at_least(12) == 1 / 36
    assert p_at_least(13) == p_at_least(53) == p_at_least(500) == 0.0


def test_the_scans_refuse_a_bad_pool_or_game_count_in_one_line(capsys):
    # gc_points, gc_hopeless and gg_race read their options through run.scan_options: an
    # unknown pool, a pool without rivals for the race scan, or no games is named and refused
    # before any game is played (and before the clock is stopped)
    cases = [
        (["--pool", "2p-hard", "--pool", "nope"], "gold_connection", False, "unknown pool nope"),
        (["--pool", "1p-a"], "go_for_gold", True, "not a Go for Gold pool with rivals: 1p-a"),
        (["--games", "0"], "gold_connection", False, "--games must be at least 1, not 0"),
    ]
    for argv, game, rivals, message in cases:
        assert run.scan_options(argv, "a scan", game, "2p-hard", 10, rivals=rivals) is None
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and message in err, err


def test_a_series_played_once_is_read_back_on_the_same_code(tmp_path, monkeypatch, capsys):
    # the clock stopped, a pool's games are a function of code, seats and seed: a baseline or
    # a seed played before is read from the league's cache instead of played again
    args = ("go_for_gold", ["easy"], {"map": "a"}, 2, 1)
    first = run.play_pool(*args, cache=tmp_path)
    assert not first["cached"] and len(list(tmp_path.iterdir())) == 1

    def unplayable(*_a, **_k):
        raise AssertionError("played again")

    monkeypatch.setattr(run, "series", unplayable)
    again = run.play_pool(*args, cache=tmp_path)
    assert again["cached"] and again["margins"] == first["margins"] and again["won"] == first["won"]
    # another seed, or the same seed on changed code, is not in the cache
    for other in (("go_for_gold", ["easy"], {"map": "a"}, 2, 2),):
        with pytest.raises(AssertionError, match="played again"):
            run.play_pool(*other, cache=tmp_path)
    monkeypatch.setattr(run, "fingerprint", lambda game, seats: "changed code")
    with pytest.raises(AssertionError, match="played again"):
        run.play_pool(*args, cache=tmp_path)


def test_the_caches_fingerprint_follows_a_bot_files_text(tmp_path):
    bot = tmp_path / "bot.py"
    bot.write_text("def choose(view, legal):\n    return legal[0]\n")
    seats = ["expert", f"file:{bot}"]
    before = run.fingerprint("gold_connection", seats)
    assert run.fingerprint("gold_connection", seats) == before
    # each game's series follow its own engine, not the other game's
    assert run.fingerprint("go_for_gold", seats) != before
    bot.write_text("def choose(view, legal):\n    return legal[-1]\n")
    assert run.fingerprint("gold_connection", seats) != before
    assert run.fingerprint("gold_connection", ["expert", f"file:{tmp_path / 'gone.py'}"]) != before


def test_the_caches_fingerprint_follows_the_seats_and_what_they_import_and_nothing_else(tmp_path):
    # a series depends on run.py, its seats' files and the league modules they import (at any
    # depth); a new scan, a tool or the other game's bots replay nothing
    for name in ("run.py", "gc_bot.py", "gc_view.py", "gc_deep.py", "gc_scan.py", "gg_bot.py"):
        (tmp_path / name).write_text("# v1\n")
    (tmp_path / "gc_bot.py").write_text("import os\nfrom gc_view import view\n")
    (tmp_path / "gc_view.py").write_text("import gc_deep.inner as d\n")
    (tmp_path / "gc_scan.py").write_text("from gc_bot import choose\n")
    seats = ["expert", f"file:{tmp_path / 'gc_bot.py'}"]

    def now() -> str:
        return run.fingerprint("gold_connection", seats, league=tmp_path)

    assert run.seat_modules(seats, tmp_path) == {
        (tmp_path / f).resolve() for f in ("gc_bot.py", "gc_view.py", "gc_deep.py")
    }
    for name, counts in (
        ("gc_deep.py", True), ("gc_view.py", True), ("run.py", True),
        ("gc_scan.py", False), ("gg_bot.py", False),
    ):
        before = now()
        (tmp_path / name).write_text((tmp_path / name).read_text() + "# changed\n")
        assert (now() != before) is counts, name
    # a seat that does not parse is hashed as it is, and so is one that is gone
    (tmp_path / "gc_bot.py").write_text("def (:\n")
    broken = now()
    assert run.seat_modules(seats, tmp_path) == {(tmp_path / "gc_bot.py").resolve()}
    (tmp_path / "gc_bot.py").unlink()
    assert now() != broken
    # every bot the league seats is found with the league modules it imports, and no scan
    for pools in run.POOLS.values():
        seated = sorted({s for seats, _ in pools.values() for s in seats if s.startswith("file:")})
        modules = run.seat_modules(seated)
        assert {Path(s[5:]).resolve() for s in seated} <= modules
        assert not {m.name for m in modules} & {"gc_spread.py", "gc_points.py", "run.py"}
    gc = run.seat_modules([f"file:{LEAGUE / 'gc_expectimax.py'}"])
    assert {"gc_simple.py", "gc_view.py"} <= {m.name for m in gc}


def test_an_unreadable_cached_series_is_played_again_with_a_one_line_note(tmp_path, capsys):
    args = ("go_for_gold", ["easy"], {"map": "a"}, 2, 1)
    run.play_pool(*args, cache=tmp_path)
    (kept,) = tmp_path.iterdir()
    kept_text = kept.read_text()
    for text in (
        "{not json",
        "[]",
        kept_text.replace('"won": [', '"won": [1, '),  # a game too many
        kept_text.replace('"margins": [', '"margins": ["x", '),
        kept_text.replace('"seconds"', '"second"'),
        '{"won": [1e999, 0], "margins": [0, 0], "times": [], "seconds": 1}',
    ):
        kept.write_text(text)
        result = run.play_pool(*args, cache=tmp_path)
        assert not result["cached"] and len(result["won"]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and kept.name in err and "unreadable" in err


def test_several_seeds_are_one_series_in_seed_order():
    assert run.seeds_of("3") == [3] and run.seeds_of("1-4") == [1, 2, 3, 4]
    assert run.seeds_of("1,4, 6-7") == [1, 4, 6, 7]
    for bad, message in (
        ("x", "--seed takes N, A-B or A,B"),
        ("5-2", "'5-2' must be A-B"),
        ("-3", "--seed takes N, A-B"),
        ("1-1000", "at most 100 seeds"),
        ("", "--seed takes"),
    ):
        with pytest.raises(ValueError, match=message):
            run.seeds_of(bad)

    def part(won: list[float]) -> dict:
        played = {"won": won, "margins": [w * 10 for w in won], "times": [0.1], "seconds": 2.0}
        return run.summarize(["a", "b"], len(won), played)

    both = run.merge([part([1.0, 0.0]), part([1.0, 1.0, 0.5])])
    assert both["games"] == 5 and both["won"] == [1.0, 0.0, 1.0, 1.0, 0.5]
    assert both["win"] == 3.5 / 5 and both["interval"] == run.wilson(3.5, 5)
    assert both["seconds"] == 4.0 and not both["cached"]


def test_the_league_refuses_a_bad_seed_or_game_count_in_one_line(capsys):
    for argv, message in (
        (["--seed", "9-1"], "--seed: '9-1' must be A-B"),
        (["--games", "0"], "--games must be at least 1, not 0"),
    ):
        assert run.main(argv) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and message in err, err


def test_the_noguard_seat_is_the_expert_without_the_leaders_guard():
    # the baseline of Params.rival_guard (docs/league.md, "Kept: the leader guards its crate")
    from dataclasses import replace

    import gc_expert_noguard
    from gold_connection.ai import LEVELS

    assert LEVELS["expert"].rival_guard
    assert gc_expert_noguard._PLAYER.params == replace(LEVELS["expert"], rival_guard=False)


def test_the_onework_seat_is_the_expert_with_the_work_it_had_before():
    # the baseline of the doubled search (docs/league.md, "Kept: twice the search")
    from dataclasses import replace

    import gc_expert_onework
    from gold_connection.ai import LEVELS

    expert = LEVELS["expert"]
    assert expert.budget_ms * expert.nodes_per_ms == 12_000
    assert gc_expert_onework._PLAYER.params == replace(expert, nodes_per_ms=30)


def test_the_oracle_keeps_its_decisions_as_it_goes(tmp_path, capsys, monkeypatch):
    # --out is written whole after every game (no half-written file): a run stopped in its
    # second game has kept the first game's decisions
    import gg_oracle

    out = tmp_path / "oracle.json"
    args = [*"--map b --games 2 --playouts 2 --level medium --first 7 --out".split(), str(out)]
    assert gg_oracle.main(args) == 0
    kept = json.loads(out.read_text())
    assert {d["deal"] for d in kept} == {7, 8}
    assert all(d["choice"] in d["scores"] for d in kept)
    assert "medium on island B" in capsys.readouterr().out

    new = GfgGame.new
    games = []

    def stop_at_the_second(*a, **k):
        games.append(1)
        if len(games) == 2:
            raise KeyboardInterrupt
        return new(*a, **k)

    out.unlink()
    monkeypatch.setattr(gg_oracle.Game, "new", stop_at_the_second)
    with pytest.raises(KeyboardInterrupt):
        gg_oracle.main(args)
    assert json.loads(out.read_text()) == [d for d in kept if d["deal"] == 7]
    assert [p.name for p in tmp_path.iterdir()] == ["oracle.json"]


def test_the_spread_scan_values_seats_as_the_experts_rival_model_does():
    # bench/league/gc_spread.py: a seat's value at a turn's start is what the four-player
    # expert's chance to win starts from (its margins against each rival), the turns left count
    # down one a turn of each seat, and the tables hold every change
    from gamekit.match import one_game
    from gc_spread import snapshots, spreads, summary
    from gold_connection.ai import LEVELS, Evaluator
    from gold_connection.record import start

    specs = ["medium", "medium", "greedy", "medium"]
    result = one_game("gold_connection", specs, 0, 3, keep_record=True)
    record = result.record
    snaps, final = snapshots(record)
    assert final == result.scores and len(snaps) == 36  # one snapshot a turn (GC-7.1)
    for seat in range(4):
        mine = [left[seat] for left, _ in snaps]
        assert mine[0] == 9 and mine[-1] in (0, 1) and mine == sorted(mine, reverse=True)
    checked = 0
    game = start(record)
    seen = set()
    for token in record["moves"]:
        if game.prompt == "move" and game.turn is not None and game.counter not in seen:
            seen.add(game.counter)
            ev = Evaluator(game, game.to_move, LEVELS["expert"])
            _, vals = snaps[len(seen) - 1]
            for o, (offset, _) in zip(ev.others, ev.rival_offsets, strict=False):
                assert vals[game.to_move] - vals[o] == pytest.approx(ev.rival_origin - offset)
                checked += 1
        game.push(token)
    assert checked > 50
    own, margin, together = spreads([(snaps, final, result.seats.index(0))])
    assert sum(map(len, own.values())) == 4 * 36 and sum(map(len, together.values())) == 36
    assert sum(map(len, margin.values())) == 3 * 36
    lines = summary(own, margin, together)
    assert lines[0].startswith("turns left") and any("assumed" in line for line in lines)
