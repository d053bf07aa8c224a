"""Gold Connection by link (shell.bylink, pages.gold_connection.bylink) without a browser:
two devices pass a game by link turn after turn; older, foreign and tampered links are refused
with their reason and change nothing."""

import random

import pytest
from gamekit.share import LinkError, encode
from pages.gold_connection.controller import App
from shell import bylink, i18n
from shell.store import MemoryBackend

PAGE = "https://example.org/"


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")


def started() -> App:
    app = App(MemoryBackend(), "")
    app.page_url = PAGE
    assert app.form is not None
    app.setting("bylink", None, "on")
    assert app.intent("start")
    assert app.links.current is not None and app.links.current[1] == [0]
    players = app.session.game.players
    assert all("ai" not in p for p in players)  # every seat a person's
    assert "Computer" not in [p["name"] for p in players]  # and named as one
    return app


def play_on(app: App, rng: random.Random) -> str:
    """Play until the seat to move is another device's, or the game is over; its link then."""
    g = app.session.game
    while not app.links.remote(app) and not g.is_over():
        if g.prompt == "roll":
            app.session.roll()
        else:
            app.session.play(rng.choice(g.legal()))
        app.check_over()
        app.save()
    return app.links.fragment(app)


def play_turn(app: App, rng: random.Random) -> str:
    """Play until the seat to move is another device's; the link offered then."""
    link = play_on(app, rng)
    assert app.dialog == "bylink"
    return link


def test_two_devices_pass_a_game_back_and_forth():
    rng = random.Random(3)
    ada = started()
    bob_store = MemoryBackend()
    link = play_turn(ada, rng)
    assert "Next to play" in ada.parts()["dialog"] and PAGE + link in ada.parts()["dialog"]
    assert not ada.intent("roll")  # the board waits: Bob's seat is played on Bob's device
    links = [link]
    for _ in range(6):
        bob = App(bob_store, "", fragment=link)
        assert bob.url_consumed and bob.links.current is not None
        told = bob.parts()["notices"]  # "Your turn": news, drawn as such, not as an alarm
        assert 'class="notice good" role="status"' in told and "Your turn" in told
        assert bob.session.game.moves == bylink.read(link, "gold-connection/")[1]["moves"]
        link = play_turn(bob, rng)
        ada = App(ada.store.backend, "", fragment=link)
        ada.page_url = PAGE
        link = play_turn(ada, rng)
        links.append(link)
    # an older link changes nothing and says why
    before = ada.session.game.moves
    again = App(ada.store.backend, "", fragment=links[2])
    assert again.session.game.moves == before
    assert again.notices[0][0] == "bylink.older"
    # the list of games by link names whose turn it is
    again.save()  # as the page does before drawing: the turn is Bob's, the link is offered
    dialog = again.parts()["dialog"]
    assert 'data-dialog="bylink"' in dialog  # the dialog covers the notices: it says why too
    assert 'role="alert">This link is from an older turn' in dialog
    listed = bylink.Games(again.store).listed()
    assert len(listed) == 1
    assert "to play" in "".join(again.parts()["dialog"].split("bylink-games")[1:])


def test_a_tampered_or_foreign_link_is_refused_and_the_game_stays():
    rng = random.Random(5)
    ada = started()
    link = play_turn(ada, rng)
    gid, rec = bylink.read(link, "gold-connection/")
    moves = ada.session.game.moves
    forged = {**rec, "moves": [*rec["moves"][:-1], "place 99"]}
    cases = [
        (bylink.fragment(gid, forged), "bylink.other"),
        ("#play=1AAAA", "bylink.refused"),
        (
            "#play=" + encode({"id": gid, "record": {**rec, "format": "go-for-gold/1"}}),
            "bylink.refused",
        ),
    ]
    for text, key in cases:
        app = App(ada.store.backend, "", fragment=text)
        assert app.notices and app.notices[-1][0] == key, app.notices
        assert app.session.game.moves == moves
    app = App(ada.store.backend, "", fragment=cases[2][0])
    assert "Go for Gold" in i18n.t(app.notices[-1][0], **app.notices[-1][1])
    fresh = App(MemoryBackend(), "", fragment=bylink.fragment("z9", forged))
    assert fresh.notices[-1][0] == "bylink.refused" and "move" in fresh.notices[-1][1]["reason"]


def test_a_game_on_this_device_is_kept_aside_and_comes_back():
    rng = random.Random(2)
    backend = MemoryBackend()
    home = App(backend, "")
    home.intent("quick")
    g = home.session.game
    while g.prompt != "roll" or not g.moves:
        if g.prompt == "roll":
            home.session.roll()
        else:
            home.session.play(g.legal()[0])
    home.save()
    local_moves = list(g.moves)
    ada = started()
    link = play_turn(ada, rng)
    bob = App(backend, "", fragment=link)
    assert bob.links.current is not None
    assert bob.intent("bylink_local") and bob.session.game.moves == local_moves


@pytest.mark.parametrize(
    ("text", "reason"),
    [("#play=", "carries no game"), ("#other=1", "no game by link"), ("#play=2abc", "version")],
)
def test_reading_a_fragment_names_what_is_wrong(text, reason):
    with pytest.raises(LinkError, match=reason):
        bylink.read(text, "gold-connection/")


def test_compare_tells_older_newer_and_other():
    assert bylink.compare(["a"], ["a", "b"]) == "newer"
    assert bylink.compare(["a", "b"], ["a", "b"]) == "same"
    assert bylink.compare(["a", "b"], ["a"]) == "older"
    assert bylink.compare(["a", "b"], ["a", "c"]) == "other"


def test_play_by_link_turns_every_seat_of_the_form_into_a_person_and_says_so():
    """The play-test: a seat left on "Computer · medium" became a person only after the start,
    and the link then went to "Computer"; the form now shows people before the game starts."""
    from pages.gold_connection.view import bylink_choice

    app = App(MemoryBackend(), "")
    form = app.form
    assert form is not None
    form.edit("kind", 1, "medium")
    assert form.seats[1].ai == "medium"
    form.edit("bylink", None, "on")
    assert [s.ai for s in form.seats] == [None, None]
    assert "Computer" not in [s.name for s in form.seats]
    assert form.edit("kind", 1, "medium") and form.seats[1].ai is None  # no computer seat
    assert form.add_seat() and form.seats[-1].ai is None
    assert "the computer plays no seat" in bylink_choice(form)
    form.edit("bylink", None, "off")
    assert form.edit("kind", 1, "medium") and form.seats[1].ai == "medium"


def test_the_link_dialog_closes_to_show_the_board_and_opens_again():
    """"Next to play" covers the board: See the board closes it (and stays closed when the
    page saves), the panel says who plays next and shows the link again; a new turn by link
    opens it by itself."""
    rng = random.Random(5)
    ada = started()
    play_turn(ada, rng)
    dialog = ada.parts()["dialog"]
    assert 'data-intent="close"' in dialog and "See the board" in dialog
    assert ada.intent("close")
    ada.save()  # as the page does after every change: the dialog stays closed
    assert ada.dialog is None and ada.parts()["dialog"] == ""
    panel = ada.parts()["panel"]
    name = ada.session.game.players[ada.session.game.to_move]["name"]
    assert f"Next to play: {name}" in panel and 'data-intent="bylink_show"' in panel
    assert 'data-intent="roll"' not in panel  # nothing on this device plays Bob's seat
    assert not ada.intent("roll")
    assert ada.intent("bylink_show")
    assert ada.dialog == "bylink" and 'data-dialog="bylink"' in ada.parts()["dialog"]
    assert ada.intent("escape") and ada.dialog is None  # Esc closes it as well
    ada.save()
    assert ada.dialog is None
    # the game comes back by link and moves on: the next link is offered again
    bob = App(MemoryBackend(), "", fragment=ada.links.fragment(ada))
    link = play_turn(bob, rng)
    back = App(ada.store.backend, "", fragment=link)
    back.page_url = PAGE
    play_turn(back, rng)
    assert back.dialog == "bylink"


def test_every_language_words_the_link_button():
    from pages.gold_connection.messages_bylink import BYLINK

    assert all(BYLINK[lang].get("bylink.show") for lang in ("en", "de", "nl", "hu"))


def test_a_finished_game_by_link_ends_and_counts_on_both_devices():
    """The device that plays the last move shows the end with the last link for the others
    (before, the other device never saw the end: its list said "Bob to play" for good), and
    each device counts the game for the seat it holds, the other person its opponent (before,
    a game of two people was counted on neither: #57)."""
    from pages.gold_connection import bylink as page_bylink
    from pages.gold_connection import daily

    rng = random.Random(5)
    devices = {0: started(), 1: None}
    stores = {0: devices[0].store.backend, 1: MemoryBackend()}
    link, here = "", 0
    for _ in range(400):
        app = devices[here]
        assert app is not None
        link = play_on(app, rng)
        if app.session.game.is_over():
            break
        here = 1 - here
        devices[here] = App(stores[here], "", fragment=link)
        devices[here].page_url = PAGE
    last = devices[here]
    assert last is not None and last.session.game.is_over() and last.dialog == "over"
    end = last.parts()["dialog"]
    other = 1 - here
    name = last.session.game.players[other]["name"]
    assert f"Send {name} this last link too" in end and PAGE + link in end
    assert 'data-intent="bylink_share"' in end
    there = App(stores[other], "", fragment=link)
    assert there.session.game.is_over() and there.session.game.moves == last.session.game.moves
    assert "bylink-end" not in (there.parts()["dialog"] or "")  # nothing left to send from there
    g = last.session.game
    for app, seat in ((last, here), (there, other)):
        assert page_bylink.own_seat(app) == seat
        found = daily.result(app.session.game, page_bylink.own_seat(app))
        assert found is not None and found.levels == ("person",)
        assert found.score == g.score(seat) and found.won == (g.winners == [seat])
    assert daily.result(g) is None  # two people, no seat named: whose game it is is not known
