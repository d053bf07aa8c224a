"""Go for Gold at one table (go_for_gold.table, gamekit.codes): the table code, the dice from
the seed, one seat's game with the calls it is told, result codes and the standings (GG-6.2).

The heart is ``tables.play_table``: the whole table's game played by the engine with random
moves, each seat's device fed exactly what its player does and hears, and then every device's
result code checked against the engine's game."""

import random
from dataclasses import replace

import pytest
from gamekit.codes import BitReader, BitWriter, CodeError, check_ok, luhn, normalize, with_check
from gamekit.safejson import MAX_MESSAGE
from go_for_gold import record
from go_for_gold.table import (
    SEED_MAX,
    Table,
    TableError,
    TableSeat,
    own_die,
    read_link,
    read_result,
    standings,
    table_die,
    table_game,
)
from hypothesis import given, settings
from hypothesis import strategies as st
from tables import play_table

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


# ---- codes ---------------------------------------------------------------------------------


def test_luhn_catches_every_single_change_and_every_neighbour_swap():
    code = with_check("K7Q2M9")
    assert check_ok(code)
    for i in range(len(code)):
        for c in ALPHABET:
            if c != code[i]:
                assert not check_ok(code[:i] + c + code[i + 1 :])
        if code[i] != code[i + 1 : i + 2] and i + 1 < len(code):
            swapped = code[:i] + code[i + 1] + code[i] + code[i + 2 :]
            assert not check_ok(swapped)


def test_typing_is_forgiven_as_crockford_says():
    assert normalize(" k7q2-m9 ") == "K7Q2M9"
    assert normalize("il o") == "110"
    with pytest.raises(CodeError, match="'U', which is no code character"):
        normalize("AUB")
    with pytest.raises(CodeError, match="too long"):
        normalize("A" * 500)


@given(st.lists(st.tuples(st.integers(1, 12), st.integers(0, 2**12 - 1)), max_size=30))
def test_bits_round_trip(items):
    w = BitWriter()
    items = [(width, value % (1 << width)) for width, value in items]
    for width, value in items:
        w.put(value, width)
    r = BitReader(w.text())
    assert [r.take(width) for width, _ in items] == [v for _, v in items]
    r.finish()
    assert luhn(w.text() or "0") in ALPHABET


# ---- the table -----------------------------------------------------------------------------


@given(
    st.integers(0, SEED_MAX),
    st.sampled_from(["a", "b"]),
    st.integers(1, 6),
    st.integers(0, 3),
)
def test_table_code_round_trips(seed, map_name, players, start):
    t = Table(seed, map_name, players, start)
    assert len(t.code) == 7 and len(t.shown_code) == 8
    assert Table.from_code(t.code) == t
    assert Table.from_code(t.shown_code.lower()) == t


def test_table_link_round_trips_with_names():
    t = Table(99, "b", 3, 2, ("Ada", "Bob & Co", "Zoë"))
    assert read_link("?" + t.query()) == (t, None)
    assert read_link(t.query() + "&result=ABC") == (t, "ABC")


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "7 characters, not 0"),
        ("1001-6J", "7 characters, not 6"),
        ("1001-6JK", "typing error"),
        ("1001-6UJ", "no code character"),
        ("x" * 100, "too long"),
        (with_check("F00000"), "newer version"),  # version bits 3
        (with_check("3G0000"), "at most 6"),  # 8 players
    ],
)
def test_bad_table_codes_are_refused_in_one_line(text, reason):
    with pytest.raises(TableError, match=reason) as e:
        Table.from_code(text)
    assert "\n" not in str(e.value) and len(str(e.value)) <= MAX_MESSAGE


@pytest.mark.parametrize(
    ("query", "reason"),
    [
        ("?seed=3", "no table code"),
        ("?table=10016JJ&table=10016JJ", "no table code"),
        ("?table=10016JJ&p=Ada&p=Bob", "names 2 players, its code 3"),
        ("?table=10016JJ&p=Ada&p=Bob&p=" + "x" * 40, "1 to 24 printable"),
        ("?table=10016JJ&p=Ada&p=%0A&p=Cy", "1 to 24 printable"),
        ("?table=10016JJ&result=A&result=B", "more than one result"),
        ("?table=" + "A" * 3000, "too long"),
        ("?table=10016JJ&p=%FF%FE&p=b&p=c", "cannot be read"),
    ],
)
def test_bad_table_links_are_refused_in_one_line(query, reason):
    with pytest.raises(TableError, match=reason):
        read_link(query)


def test_the_dice_are_the_tables_and_each_seats_own():
    assert [table_die(5, r) for r in range(1, 50)] == [table_die(5, r) for r in range(1, 50)]
    rolls = [table_die(s, r) for s in range(200) for r in range(1, 11)]
    assert set(rolls) == {1, 2, 3, 4, 5, 6}
    assert all(abs(rolls.count(k) / len(rolls) - 1 / 6) < 0.03 for k in range(1, 7))
    assert [own_die(5, 0, r) for r in range(1, 30)] != [own_die(5, 1, r) for r in range(1, 30)]


def test_every_seat_starts_at_its_harbour_with_the_tables_die():
    t = Table(31, "a", 6, 1)
    assert [t.harbour(s) for s in range(6)] == ["m6", "g11", "a6", "g1", "m6", "g11"]  # GG-2.2
    dev = TableSeat(t, 2)
    assert dev.game.sheets[0].at == "a6" and dev.die == table_die(31, 1)
    assert dev.prompt == "move"


# ---- whole tables --------------------------------------------------------------------------


@pytest.mark.parametrize("case", range(24))
def test_a_whole_table_replays_from_its_result_codes(case):
    rng = random.Random(case)
    t = Table(rng.randrange(SEED_MAX), "ab"[case % 2], 1 + case % 6, case % 4)
    truth, seats = play_table(t, rng, keen_play=case % 3 == 0)
    read = {s: read_result(t, dev.result_code()) for s, dev in seats.items()}
    for s, dev in read.items():
        assert dev.events == seats[s].events and dev.score() == truth.score(s)
    merged = table_game(t, read)
    assert merged.moves == truth.moves
    assert record.replay(merged.record()).summary() == truth.summary()  # an ordinary record
    table = standings(read)
    assert [x.seat for x in table if x.place == 1] == truth.winners
    assert all(x.score == truth.score(x.seat) for x in table)


def test_the_codes_of_a_long_table_stay_short():
    rng = random.Random(3)
    t = Table(4321, "a", 4, 0)
    _, seats = play_table(t, rng)
    lengths = [len(dev.result_code()) for dev in seats.values()]
    assert max(lengths) < 140, lengths


def test_the_device_says_what_to_call_out():
    # a table where seat 0 closes a temple: the device says so, the others are told by tap
    for case in range(200):
        rng = random.Random(case)
        t = Table(case, "a", 2, 0)
        truth, seats = play_table(t, rng)
        if truth.temples_closed:
            break
    else:
        pytest.fail("no temple closed in 200 random tables")
    closer = next(
        s
        for s, dev in seats.items()
        if any(e == "explore" for e in dev.events)
        and dev.game.temples_closed
        and not any(e.startswith("told closed") for e in dev.events)
    )
    dev = TableSeat(t, closer)
    heard = []
    for event in seats[closer].events:
        dev.do(event)
        heard += dev.say
    assert ("closed", truth.island.marks[truth.temples_closed[0]]) in heard


def test_a_temple_told_closed_before_my_turn_takes_my_chance():
    # GG-4.2: the first success closes it for the rest of the resolving order
    t = Table(0, "a", 2, 0)
    dev = TableSeat(t, 0)
    dev.game.sheets[0].at = "f6"  # hand-placed next to a temple, for the test
    temple = next(f for f in dev.game.island.neighbours["f6"] if dev.game.island.temple(f))
    g = dev.game
    g.length = 1
    g.path_ok(0, [temple])
    g.push(f"path {temple}")
    assert dev.prompt == "special"
    dev.do(f"told closed {g.island.marks[temple]}")
    assert dev.prompt == "next" and not g.sheets[0].entries


def test_told_last_ends_my_game_at_the_rounds_end():
    t = Table(7, "a", 3, 0)
    dev = TableSeat(t, 1)
    dev.do("told last")
    assert not dev.over  # the round goes on
    dev.do(dev.game.legal()[0])
    while not dev.over and dev.prompt != "next":
        dev.do(dev.game.legal()[-1])
    assert dev.over
    assert read_result(t, dev.result_code()).events == dev.events


@pytest.mark.parametrize(
    ("event", "reason"),
    [
        ("told closed Q", "no temple 'Q'"),
        ("told out 1", "your own seat"),
        ("told out 5", "no seat '5'"),
        ("told shout", "no call 'shout'"),
        ("next", "unknown move"),
        ("path z9", "not land"),
    ],
)
def test_wrong_events_change_nothing(event, reason):
    t = Table(7, "a", 3, 0)
    dev = TableSeat(t, 1)
    before = dev.game.summary()
    with pytest.raises(Exception, match=reason):
        dev.do(event)
    assert dev.game.summary() == before and dev.events == []


def test_calls_told_twice_are_refused():
    dev = TableSeat(Table(7, "a", 3, 0), 1)
    for event in ("told closed R", "told out 2", "told last"):
        dev.do(event)
        assert dev.can_tell(event)


# ---- result codes refused ------------------------------------------------------------------


@pytest.fixture(scope="module")
def finished():
    rng = random.Random(11)
    t = Table(777, "a", 3, 0, ("Ada", "Bob", "Cy"))
    _, seats = play_table(t, rng)
    return t, seats


def test_every_single_typing_error_in_a_result_code_is_refused(finished):
    t, seats = finished
    code = seats[1].result_code()
    assert read_result(t, code).events == seats[1].events
    refused = 0
    for i in range(len(code)):
        wrong = code[:i] + ALPHABET[(ALPHABET.index(code[i]) + 7) % 32] + code[i + 1 :]
        with pytest.raises(TableError) as e:
            read_result(t, wrong)
        assert "\n" not in str(e.value) and len(str(e.value)) <= MAX_MESSAGE
        refused += 1
    assert refused == len(code)


def test_a_result_changed_with_a_fresh_check_still_has_the_tables_dice(finished):
    # a player may change their own choices and recompute the check, as on paper; the rules
    # refuse what is illegal, and what replays still rolled the table's dice
    from gamekit.codes import digest

    t, seats = finished
    payload = seats[0].result_code()[:-2]
    refused, replayed = 0, 0
    for i in range(4, len(payload)):
        forged = payload[:i] + ("0" if payload[i] != "0" else "V") + payload[i + 1 :]
        try:
            s = read_result(t, forged + digest(forged, 2))
        except TableError as e:
            assert "\n" not in str(e) and len(str(e)) <= MAX_MESSAGE
            refused += 1
            continue
        replayed += 1
        g = s.game
        assert g.moves[1] == f"die {table_die(t.seed, 1)}"
    assert refused > replayed


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (lambda c: c[:5], "too short|typing error"),
        (lambda c: c + "00", "typing error"),
        (lambda c: "", "too short"),
        (lambda c: c + "#", "no code character"),
        (lambda c: c * 20, "too long"),
        (lambda c: "https://x/go-for-gold.html?table=1&result=" + c, None),
    ],
)
def test_malformed_result_codes(finished, change, reason):
    t, seats = finished
    code = change(seats[2].result_code())
    if reason is None:
        assert read_result(t, code).seat == 2
        return
    with pytest.raises(TableError, match=reason):
        read_result(t, code)


def test_a_result_from_another_table_is_refused(finished):
    t, seats = finished
    other = replace(t, seed=t.seed + 1)
    with pytest.raises(TableError, match="another table"):
        read_result(other, seats[0].result_code())


def test_an_unfinished_result_is_refused():
    t = Table(7, "a", 2, 0)
    dev = TableSeat(t, 0)
    dev.do(dev.game.legal()[0])
    with pytest.raises(TableError, match="before its game's end"):
        read_result(t, dev.result_code())


def test_a_result_that_missed_a_call_does_not_fit_the_table():
    # one seat never heard of the last round: its game goes on where the table's ended
    for case in range(300):
        rng = random.Random(case)
        t = Table(case, "b", 3, 0)
        truth, seats = play_table(t, rng, keen_play=True)
        heard = [s for s, dev in seats.items() if "told last" in dev.events]
        if heard:
            break
    else:
        pytest.fail("no sixth entry in 300 random tables")
    deaf = TableSeat(t, heard[0])
    for event in seats[heard[0]].events:
        if event != "told last":
            deaf.do(event)
    rng = random.Random(0)
    while not deaf.over:
        deaf.do("next" if deaf.prompt == "next" else rng.choice(deaf.game.legal()))
    with pytest.raises(TableError, match="goes on after the table's game ended"):
        table_game(t, {**seats, heard[0]: read_result(t, deaf.result_code())})


def test_standings_break_ties_by_shovels_and_share_the_rest():  # GG-6.2
    t = Table(7, "a", 3, 0)
    seats = {s: TableSeat(t, s) for s in range(3)}
    for s, (entries, shovels) in enumerate([([5, 4], 1), ([9], 3), ([9], 3)]):
        seats[s].game.sheets[0].entries = entries
        seats[s].game.sheets[0].shovels_collected = shovels
    table = standings(seats)
    assert [(x.seat, x.place) for x in table] == [(1, 1), (2, 1), (0, 3)]
    seats[2].game.sheets[0].shovels_collected = 2
    assert [(x.seat, x.place) for x in standings(seats)] == [(1, 1), (2, 2), (0, 3)]


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=200))
def test_any_text_is_a_result_or_a_one_line_refusal(text):
    t = Table(7, "a", 2, 0)
    try:
        read_result(t, text)
    except TableError as e:
        assert "\n" not in str(e) and len(str(e)) <= MAX_MESSAGE
