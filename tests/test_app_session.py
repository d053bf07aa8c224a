"""The session (app.session): intents to tokens, dice from the seed, undo, saves and resumes."""

import random

import pytest
from gold_connection import canonical
from helpers import position_record
from pages.gold_connection.session import SaveError, Session, walk_path
from pages.gold_connection.settings import Seat, Setup


def position_session(fields=None, victim_rows=None, to_move=0) -> Session:
    """Ada on safe 1 facing east; Bob on safe 2 (with ``victim_rows``) or far away on 12."""
    players = [
        {"stone": "1", "heading": "e"},
        {"stone": "2" if victim_rows else "12", "heading": "w", "rows": victim_rows or {}},
    ]
    rec = position_record(players, fields=fields, to_move=to_move)
    rec["players"] = [{"name": "Ada"}, {"name": "Bob"}]
    rec["seed"] = 1
    return Session.from_record(rec)


def play_until(s: Session, done, seed: int = 0, limit: int = 5000) -> None:
    """Random legal play (dice from the session) until ``done(s)``."""
    rng = random.Random(seed)
    for _ in range(limit):
        if done(s):
            return
        if s.game.prompt == "roll":
            s.roll()
        else:
            s.play(rng.choice(s.game.legal()))
    raise AssertionError("never reached")


def two_humans(seed=7) -> Session:
    return Session.new(Setup([Seat("Ada"), Seat("Bob")], "counter", seed))


def test_the_same_seed_deals_and_rolls_the_same():
    a, b = two_humans(), two_humans()
    assert a.game.record()["setup"] == b.game.record()["setup"]
    play_until(a, lambda s: s.game.counter >= 3)
    play_until(b, lambda s: s.game.counter >= 3)
    assert a.game.moves == b.game.moves
    assert two_humans(8).game.record()["setup"] != a.game.record()["setup"]


def test_a_resumed_game_rolls_what_the_uninterrupted_one_would():
    a = two_humans(3)
    play_until(a, lambda s: s.game.counter >= 2 and s.game.prompt == "act")
    resumed = Session.resume(a.save())
    assert resumed.game.moves == a.game.moves
    assert [e.token for e in resumed.log] == [e.token for e in a.log]
    assert resumed.rng.getstate() == a.rng.getstate()


def test_undo_takes_back_decisions_since_the_last_roll_only():
    s = two_humans(3)
    s.roll()
    assert not s.can_undo()  # a roll is never taken back
    play_until(s, lambda s: s.game.prompt == "move" and not s.game.turn.moved)
    s.play(s.game.legal()[0])
    assert s.can_undo()
    moves = list(s.game.moves)
    assert s.undo()
    assert s.game.moves == moves[:-1] and len(s.log) == len(moves) - 1
    assert not s.can_undo()


def test_undo_never_takes_back_another_seat_s_action():
    s = two_humans(3)
    s.roll()
    s.intent("place", s.game.legal()[0].split()[1])
    assert s.game.to_move == 1 and s.log[-1].seat == 0
    assert not s.can_undo() and not s.undo()  # Bob sits at the device now: not behind his back


def test_a_computer_move_is_not_undone():
    s = Session.new(Setup([Seat("Bot", "greedy"), Seat("Ada")], "counter", 1))
    s.roll()
    s.play(s.game.legal()[0])
    assert not s.can_undo()
    assert not s.intent("place", "1")  # not the person's turn


def test_naming_bars_then_rolling_plays_take_and_dice():
    s = position_session(fields={"2": ["b1", "b2", "y3"]}, to_move=0)
    assert s.intent("field", "2")  # the shortest walk, one click
    assert s.game.moves[-1] == "move 1"
    assert s.intent("bar", "b2:0") and s.intent("bar", "y3")
    assert s.sel.picked == ["b2", "y3"] and s.pending_target() == 6
    assert s.intent("bar", "y3")  # a group's click cycles: 1 -> 0 (only one y3)
    assert s.sel.picked == ["b2"]
    s.intent("roll")
    assert s.game.moves[-2:][0] == "take b2" and s.game.moves[-1].startswith("dice")


def test_robbing_takes_top_bars_first():
    s = position_session(victim_rows={"g6": 4, "b5": 2, "y6": 4}, to_move=0)
    s.intent("field", "2")
    assert s.victim() == 1
    s.intent("robbar", "g6:2")  # the second from the top: g4 and g3
    assert s.rob_bars() == ["g4", "g3"]
    s.intent("robbar", "g6:2")  # again: back to the top bar only
    assert s.rob_bars() == ["g4"]
    assert s.rob_token() == "rob g6:1"
    s.intent("roll")
    assert s.game.moves[-2] == "rob g6:1"


def test_sorting_offers_the_rows_that_accept_each_bar():
    s = position_session(fields={"2": ["g1", "g1", "g2"]}, to_move=0)
    s.intent("field", "2")
    s.intent("all")
    assert s.take_token() == "take g1 g1 g2"
    s.play(s.take_token())
    s2 = s
    s2.play("dice 6 6")
    s2.intent("stop")
    assert s2.game.prompt == "sort"
    plan = s2.sort_plan()
    assert [bar for bar, _, _ in plan] == ["g1", "g1", "g2"]
    assert plan[0][1] == ["g6", "g5", "g4"]
    s2.intent("sortpick", "0:g5")
    plan = s2.sort_plan()
    assert plan[0][2] == "g5" and plan[1][1] == ["g6", "g4"]
    token = canonical(s2.sort_token())
    assert token in s2.game.legal()
    s2.intent("sort")
    assert s2.game.moves[-1] == token


def test_walk_path_follows_the_corridor_choices():
    s = position_session(to_move=0)
    g = s.game
    assert walk_path(g, "move 1") == ["1", "2"]
    assert walk_path(g, "move 5 m")[-3:] == ["4", "E", "8"]


@pytest.mark.parametrize(
    "save",
    [
        None,
        "text",
        {"format": "other"},
        {"format": "site-save/1", "game": "chess", "record": {}},
        {"format": "site-save/1", "game": "gold-connection", "record": {"format": "x"}},
        {"format": "site-save/1", "game": "gold-connection", "record": []},
    ],
)
def test_a_corrupt_or_foreign_save_raises_save_error(save):
    with pytest.raises(SaveError):
        Session.resume(save)


def test_an_illegal_move_in_a_save_is_named():
    s = two_humans()
    data = s.save()
    data["record"]["moves"] = ["dice 1 2", "place 9"]
    with pytest.raises(SaveError, match="move 1"):
        Session.resume(data)


def test_the_panel_offers_ending_the_turn_only_where_no_other_stone_stands():
    """GC-4.6: at a victim's field the choices are robberies; elsewhere ending is one."""
    from pages.gold_connection.panel import panel

    robbing = position_session(victim_rows={"g6": 4, "b5": 2, "y6": 4}, to_move=0)
    robbing.intent("field", "2")
    assert robbing.victim() == 1 and "end" not in robbing.game.legal()
    assert "end" not in [b.intent for b in panel(robbing).actions]
    free = position_session(fields={"2": ["g1"]}, to_move=0)
    free.intent("field", "2")
    assert "end" in [b.intent for b in panel(free).actions]


def test_the_heading_at_an_end_field_is_chosen_by_arrow_keys_north_first():
    """GC-6.1: stopped on E, the stone enters one of the two corridors it did not arrive from;
    ↑ takes the more northern, ↓ the other, as when a longer way is built."""
    from pages.gold_connection.panel import panel

    s = position_session(fields={"E": []}, to_move=0)
    for token in ("move 4", "end", "dice 3 3"):  # safe 1 east to E, end the turn: 6 >= 4
        s.play(token)
    assert s.game.prompt == "face" and s.game.stone[0] == "E"
    actions = panel(s).actions
    assert [(b.arg, b.key) for b in actions] == [("m", "↑"), ("s", "↓")]  # came from the north
