"""URL parameters and remembered settings (app.settings): every bad value is reported."""

from pages.gold_connection.settings import Seat, Setup, ai_levels, parse_query, quick_setup

LANGS = ["en"]


def base() -> Setup:
    return Setup([Seat("Ada"), Seat("Bot", "greedy")], "counter", None)


def test_players_seed_ending_and_speed_start_a_game():
    q = parse_query("?players=human,ai:greedy&seed=7&ending=series&speed=instant", base(), LANGS)
    assert q.errors == []
    assert q.speed == "instant"
    assert q.setup.ais() == [None, "greedy"]
    assert q.setup.seed == 7
    assert q.setup.ending == "series"


def test_names_fill_seats_in_order_and_equal_names_get_numbers():
    q = parse_query("players=human,human,ai:random&names=Ada,Ada", base(), LANGS)
    assert q.errors == []
    assert q.setup.names()[:2] == ["Ada", "Ada 2"]
    assert q.setup.seats[2].ai == "random"


def test_speed_alone_starts_no_game():
    q = parse_query("?speed=fast", base(), LANGS)
    assert q.setup is None and q.speed == "fast" and q.errors == []


def test_each_bad_value_is_reported_and_no_game_starts():
    cases = {
        "players=human,ai:nonsense": "url.ai",
        "players=human": "url.players_count",
        "players=human,robot": "url.player",
        "players=human,human&names=A,B,C": "url.names",
        "seed=-3": "url.seed",
        "seed=abc": "url.seed",
        "ending=forever": "url.ending",
        "speed=warp": "url.speed",
        "lang=xx": "url.lang",
        "colour=blue": "url.unknown",
        "seed=1&seed=2": "url.twice",
    }
    for query, key in cases.items():
        q = parse_query(query, base(), LANGS)
        assert [k for k, _ in q.errors] == [key], query
        assert q.setup is None, query


def test_ai_levels_include_the_baselines():
    assert {"greedy", "random"} <= set(ai_levels())


def test_remembered_settings_survive_junk():
    assert Setup.from_dict("junk").names() == quick_setup().names()
    assert Setup.from_dict({"seats": [{"name": "A"}]}).names() == quick_setup().names()
    s = Setup.from_dict(
        {"seats": [{"name": " Ada  L. "}, {"name": "", "ai": "no-such"}], "seed": True}
    )
    assert s.names() == ["Ada L.", "Player 2"] and s.ais() == [None, None] and s.seed is None
    round_trip = Setup.from_dict(base().to_dict())
    assert round_trip == base()
