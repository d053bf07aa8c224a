"""The decision panel (pages.gold_connection.panel): what it says before a roll and on its
buttons, checked against what the engine then does."""

from gold_connection.material import bar_value
from helpers import position_record
from pages.gold_connection.panel import banked, panel
from pages.gold_connection.session import Session
from shell import i18n


def no_blue_1() -> Session:
    """Ada on safe 1 facing east with a yellow 1 in her yellow 6-row and no blue bar at all;
    safe 2, one step ahead, holds a blue 2 and a yellow 2."""
    players = [
        {"stone": "1", "heading": "e", "rows": {"y6": 1}},
        {"stone": "12", "heading": "w"},
    ]
    rec = position_record(players, fields={"2": ["b2", "y2"]})
    rec["players"] = [{"name": "Ada"}, {"name": "Bob"}]
    rec["seed"] = 1
    return Session.from_record(rec)


def said(s: Session) -> str:
    """The panel's lines, those above the choices and those under them."""
    p = panel(s)
    return " ".join([*p.lines, *p.below])


def buttons(s: Session) -> dict[str, str]:
    p = panel(s)
    return {b.intent: b.note for b in p.actions}


def test_gc_6_2_loot_no_row_takes_is_told_before_the_roll_and_on_the_stop_button():
    s = no_blue_1()
    s.play("move 1")
    assert s.intent("bar", "b2:0") and s.intent("bar", "y2:0")
    # naming blue 2 warns: no row takes it (no blue 1), stopping keeps only the yellow 2
    lines = said(s)
    assert (
        "No row of yours takes blue 2: sorting puts it back into the safe. "
        "Stopping after this roll keeps yellow 2, worth 2." in lines
    ), lines
    # and on the Roll button, always in view (on a phone the lines may sit under the vault)
    assert buttons(s)["roll"] == "blue 2 would go back to the safe"
    s.play("take b2 y2")
    s.play("dice 6 6")
    assert s.game.prompt == "move" and sorted(s.game.live.storage) == ["b2", "y2"]
    # the stop button banks what sorting keeps, not everything in the storage (was "worth 4")
    assert buttons(s)["stop"] == "bank loot worth 2; blue 2 goes back to the safe"
    assert "No row of yours takes blue 2" in said(s)
    kept, back = banked(s.game)
    before = s.game.score(0)
    s.play("stop")
    # what the panel said is what the engine did (GC-6.2): +2, and blue 2 back in safe 2
    assert s.game.score(0) - before == sum(map(bar_value, kept)) == 2
    assert back == ["b2"] and "b2" in s.game.fields["2"] and s.game.rows[0]["y6"] == 2


def test_gc_6_2_loot_every_row_takes_needs_no_warning():
    s = no_blue_1()
    s.play("move 1")
    s.intent("bar", "y2:0")
    assert "No row" not in said(s)
    assert buttons(s)["roll"] == ""
    s.play("take y2")
    s.play("dice 6 6")
    assert buttons(s)["stop"] == "bank loot worth 2"


def test_gc_6_2_what_sorting_keeps_is_said_in_every_language():
    s = no_blue_1()
    s.play("move 1")
    s.intent("bar", "b2:0")
    try:
        for lang in ("de", "nl", "hu"):
            i18n.set_language(lang)
            text = said(s)
            assert i18n.t("bar", colour=i18n.t("colour.b"), value=2) in text, (lang, text)
            assert i18n.t("keep.back.one", back="", kept="", value=0)[:8] in text, (lang, text)
    finally:
        i18n.set_language("en")


def test_gc_5_4_what_a_failure_costs_is_worth_what_sorting_would_bank():
    """The roll's "At stake" line and the Stop button name one worth for the same storage: a
    bar no row takes is lost on a failure but was worth nothing to bank (the tester saw
    "worth 2" beside "bank loot worth 0")."""
    players = [
        {"stone": "1", "heading": "e", "rows": {"y6": 1}},
        {"stone": "12", "heading": "w"},
    ]
    rec = position_record(players, fields={"2": ["b2"], "3": ["y2"]})
    rec["players"], rec["seed"] = [{"name": "Ada"}, {"name": "Bob"}], 1
    s = Session.from_record(rec)
    for token in ("move 1", "take b2", "dice 6 6", "move 1", "take y2"):
        s.play(token)
    assert s.game.prompt == "roll" and s.game.live.storage == ["b2"]
    stake = [line for line in panel(s).lines if line.startswith("At stake")]
    assert stake == ["At stake: your storage (blue 2, worth 0) falls into safe 3 if a roll fails."]
