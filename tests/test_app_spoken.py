"""Gold Connection in screen-reader mode (app.spoken): the reading commands' answers in words,
move tokens checked with the engine's one-line errors, and news said once, in order."""

from __future__ import annotations

import json
import random
from pathlib import Path
from types import SimpleNamespace

from pages.gold_connection import phrases as words
from pages.gold_connection import screenreader as spoken
from pages.gold_connection.ai_service import AiService
from pages.gold_connection.controller import App
from pages.gold_connection.session import Session
from shell.screenreader import Announcer
from shell.store import MemoryBackend

ROBBERY = Path(__file__).resolve().parents[1] / "scenarios" / "gc-8-4-robbery.json"


def robbery(seed: int = 4) -> tuple[SimpleNamespace, object]:
    """GC-8.4 before its moves: Ada on safe 1 facing east, Bob (10 bars) on safe 2."""
    rec = json.loads(ROBBERY.read_text())
    rec["moves"], rec["seed"] = [], seed
    owner = SimpleNamespace(session=Session.from_record(rec), overs=0)
    owner.check_over = lambda: setattr(owner, "overs", owner.overs + 1)
    return owner, spoken.commands(owner)


def answer(line, text: str) -> str:
    return " ".join(line.run(text).lines)


def test_f_names_a_field_s_bars_in_words_and_who_stands_there():
    owner, line = robbery()
    text = answer(line, "f 2")
    assert text.startswith("Safe 2, 6 bars: blue 1, blue 5, yellow 3, green 2, red 1 and red 5.")
    assert text.endswith("The stone of Bob stands here.")
    assert answer(line, "F w").startswith("The west end (W), 6 bars: ")
    assert answer(line, "f 13") == "“13” is not a field: give W, a number from 1 to 12, or E."
    assert answer(line, "f 1 2").startswith("“1 2” is not a field")


def test_p_reads_a_player_s_score_rows_chips_and_stone():
    owner, line = robbery()
    text = answer(line, "p 2")
    assert text.startswith("Bob, Person: 20 points, 10 bars in rows, 0 chips.")
    assert "green 6-row holds 1 to 4" in text and "yellow 5-row holds the 1" in text
    assert text.endswith("Stone on safe 2, facing west.")
    assert answer(line, "p 3") == answer(line, "p x") == "Give a player's number, from 1 to 2."


def test_s_says_where_every_stone_stands_and_the_arrow_of_the_turn():
    owner, line = robbery()
    assert answer(line, "s") == (
        "Ada: stone on safe 1, facing east. Arrow on safe 1. Bob: stone on safe 2, facing west."
    )


def test_l_lists_the_options_with_their_moves_shortest_ways_first():
    owner, line = robbery()
    text = answer(line, "l")
    assert text.startswith("Moves: move 9 m: the west end (W), move 10 m n: safe 1, move 1: safe 2")
    assert "Longer ways to these fields: 42; l all lists them." in text
    assert "move 16 m s n: safe 3" in answer(line, "l all")
    line.run("move 1")  # onto Bob's stone: rob his crate (GC-4.5)
    text = answer(line, "l")
    assert text.startswith("rob Bob, naming rows and how many top bars, e.g. rob g6:1. Rows: b6")
    assert "g6 (green 6-row holds 1 to 4)" in text and "end:" not in text  # Bob's stone is here


def test_o_gives_the_odds_of_the_roll_at_stake():
    owner, line = robbery()
    assert answer(line, "o") == "No roll is at stake now."
    line.run("move 2")
    assert answer(line, "o") == (
        "Name bars or a robbery: the target is 2 plus their values, at most 17. "
        "end: end the turn here, target 2 (100%)."
    )


def test_a_move_token_is_played_and_take_rob_or_end_roll_the_dice_at_once():
    owner, line = robbery()
    s = owner.session
    reply = line.run("MOVE 1")
    assert reply.changed and reply.quiet and reply.lines == ["Played: move 1"]
    reply = line.run("rob g5:1 g6:1")  # GC-8.4: the 4 and the 2, target 1 + 4 + 2 = 7
    assert reply.lines == ["Played: rob g6:1 g5:1"]  # the canonical form (rules §9)
    assert s.game.moves[-2] == "rob g6:1 g5:1" and s.game.moves[-1].startswith("dice ")
    assert s.game.prompt in ("move", "chips")
    assert owner.overs == 2  # the end of the game is checked after every move


def test_a_wrong_move_gets_the_engine_s_one_line_error():
    owner, line = robbery()
    before = list(owner.session.game.moves)
    assert (
        answer(line, "place 3") == "Not possible: 'place 3': the game waits for a move, not 'place'"
    )
    assert answer(line, "take q9") == (
        "Not possible: 'take q9': 'q9' is not a bar (colour b/y/g/r and value 1-6, e.g. g3)"
    )
    assert answer(line, "move 40").startswith("Not possible: 'move 40': the number of steps")
    assert answer(line, "dice 6 6") == "The page rolls the dice: type r."
    assert answer(line, "r") == "There is no roll to make now. " + answer(line, "l")
    assert owner.session.game.moves == before


def test_u_takes_back_a_decision_and_says_which():
    owner, line = robbery()
    assert answer(line, "u") == "Nothing to undo."
    line.run("move 2")
    reply = line.run("u")
    assert reply.changed and reply.lines == ["Undone: Ada moves 2 to safe 3 (2 steps this turn)."]
    assert owner.session.game.moves == []


def test_moves_wait_for_the_person_s_turn():
    app = App(MemoryBackend(), "?players=ai:greedy,human&names=Bot,Ada&seed=3")
    line = spoken.commands(app)
    assert answer(line, "r") == answer(line, "place 3") == "Please wait: Bot is playing."
    assert answer(line, "l") == "Please wait: Bot is playing."


def test_every_log_line_is_told_once_in_order_through_a_whole_game_by_commands():
    """The person plays by typed moves only; the computer's moves are applied as the page does."""
    app = App(MemoryBackend(), "?players=human,ai:greedy,ai:random&names=Ada,Bot,Rnd&seed=5")
    line, narrator, announcer = spoken.commands(app), spoken.Narrator(), Announcer()
    rng = random.Random(1)
    told: list[str] = []
    brain = AiService()
    for _ in range(3000):
        s = app.session
        told += announcer.fresh(narrator.news(s))
        told += announcer.fresh(narrator.news(s))  # asked again: nothing new
        if s.game.is_over():
            break
        if s.waiting() == "ai-roll":
            app.computer_plays(None)
        elif s.waiting() == "ai":
            app.computer_plays(brain.decide(app.record_json()))
        elif s.game.prompt == "roll":
            assert line.run("r").changed
        else:
            legal = s.game.legal()
            if "stop" in legal and rng.random() < 0.6:
                token = "stop"
            elif s.game.prompt == "act":
                takes = [tok for tok in legal if tok.startswith("take")]
                token = min(takes, key=len) if takes and rng.random() < 0.8 else "end"
            else:
                token = rng.choice(legal)
            assert line.run(token).changed, token
    assert app.session.game.is_over()
    lines = [words.log_text(k, p) for e in app.session.log for k, p, _ in e.lines]
    assert [x for x in told if x in set(lines)] == lines  # each once, in order
    rolls = [x for x in lines if " rolls " in x]
    assert len(rolls) == sum(m.startswith("dice") for m in app.session.game.moves)
    assert told[-1].startswith(("Ada wins", "Bot wins", "Rnd wins")) or "share the win" in told[-1]
    assert "Turn 36 · " in " ".join(told)


def test_a_resumed_game_is_told_where_it_stands_not_its_history():
    owner, _ = robbery()
    owner.session.play("move 2")
    told = Announcer().fresh(spoken.Narrator().news(owner.session))
    assert told == [
        "Turn 1 of 36. Ada to play.",
        "At safe 3, 2 steps into the turn.",
    ]
