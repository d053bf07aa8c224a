"""Gold Connection by link: each player on their own device, the game passed by link after
every turn (``shell.bylink``). The controller calls these hooks; the dialog that offers the
link is drawn here too.

A game started with "Play by link" holds seat 0 on the device that started it. After a turn
the seat to move belongs to another device: the page shows the link for that player (with the
record in its fragment) and waits. The device that opens the link holds the seat to move and
plays on; a link from an older turn, another game's or one that does not continue this game is
refused with its reason, and the game on the device stays as it was.
"""

from __future__ import annotations

from typing import Any, Protocol

from gamekit.errors import RecordError
from gamekit.safejson import one_line
from games import GAMES
from shell import bylink
from shell.html import button, esc, modal, tag, void
from shell.i18n import Message, t
from shell.store import Store

from pages.gold_connection import phrases as words
from pages.gold_connection.session import Session
from pages.gold_connection.settings import Seat, Setup, default_name, quick_name

FORMAT = "gold-connection/"


class App(Protocol):
    """What these hooks use of the page's controller (``controller.App``)."""

    store: Store
    session: Session
    notices: list[Message]
    dialog: str | None
    links: ByLink
    page_url: str
    url_consumed: bool

    def _started(self, session: Session) -> Session: ...

    def remember(self, setup: Setup) -> None: ...


class ByLink:
    """This device's games by link and the one on the board (``current``: id and seats)."""

    def __init__(self, app: App):
        self.games = bylink.Games(app.store)
        self.current: tuple[str, list[int]] | None = None
        self.copied = False
        self.refused: Message | None = None  # why the last link opened was refused
        # the number of moves when the player closed the link's dialog to look at the board:
        # it stays closed until the game moves on (a new link), the panel offers it again
        self.closed_at: int | None = None
        gid = app.store.get("bylink_current")
        entry = self.games.get(gid) if isinstance(gid, str) else None
        if entry is not None and entry["record"].get("moves") == app.session.game.moves:
            self.current = (str(gid), list(entry["seats"]))

    def remote(self, app: App) -> bool:
        """The seat to move is held by another device."""
        g = app.session.game
        return self.current is not None and not g.is_over() and g.to_move not in self.current[1]

    def fragment(self, app: App) -> str:
        assert self.current is not None
        return bylink.fragment(self.current[0], app.session.game.record())


def other_games() -> dict[str, str]:
    return {g.record_format: g.title for g in GAMES if g.record_format != FORMAT}


def open_link(app: App, text: str) -> None:
    """A ``#play=`` address: the game it carries, if it continues this device's (or is new)."""
    links = app.links
    before = len(app.notices)
    _open_link(app, text)
    refused = [n for n in app.notices[before:] if n[0] in REFUSALS]
    links.refused = refused[0] if refused else None


REFUSALS = ("bylink.refused", "bylink.older", "bylink.other")
"""The notices of a link that was not opened: the waiting dialog says them too."""


def _open_link(app: App, text: str) -> None:
    links = app.links
    try:
        gid, rec = bylink.read(text, FORMAT, other_games())
    except RecordError as e:
        app.notices.append(("bylink.refused", {"reason": str(e)}))
        return
    entry = links.games.get(gid)
    moves = rec.get("moves")
    if entry is not None and isinstance(moves, list):
        how = bylink.compare(entry["record"].get("moves", []), [str(m) for m in moves])
        if how == "older":
            n, here = len(moves), len(entry["record"].get("moves", []))
            app.notices.append(("bylink.older", {"n": n, "here": here}))
            return
        if how == "other":
            app.notices.append(("bylink.other", {}))
            return
    try:
        session = Session.from_record(rec)
    except RecordError as e:
        app.notices.append(("bylink.refused", {"reason": one_line(str(e), 160)}))
        return
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as e:
        app.notices.append(("bylink.refused", {"reason": f"the record is damaged ({e!r:.60})"}))
        return
    seats = list(entry["seats"]) if entry is not None else [session.game.to_move]
    stash_local(app)
    app.session = app._started(session)
    app.url_consumed = True
    links.current = (gid, seats)
    links.games.keep(gid, session.game.record(), seats)
    app.store.set("bylink_current", gid)
    g = session.game
    if not g.is_over() and g.to_move in seats:
        app.notices.append(("bylink.your_turn", {"name": g.players[g.to_move]["name"]}))


def stash_local(app: App) -> None:
    """A game on this device alone, in progress, is kept aside before a game by link takes
    the board (New game or a link replaces only the save; this one comes back from the list)."""
    g = app.session.game
    if app.links.current is None and g.moves and not g.is_over():
        app.store.set("local", app.session.save())


def start(app: App, setup: Setup) -> None:
    """A new game by link: every seat a person; this device holds the first."""
    people = Setup([person(i, s) for i, s in enumerate(setup.seats)], setup.ending, setup.seed)
    stash_local(app)
    app.remember(setup)
    app.session = app._started(Session.new(people))
    gid = bylink.new_id()
    app.links.current = (gid, [0])
    app.links.games.keep(gid, app.session.game.record(), [0])
    app.store.set("bylink_current", gid)


def person(index: int, seat: Seat) -> Seat:
    """A seat of a game by link: a person's, a computer's default name made a person's."""
    if seat.ai and seat.name.strip() in (default_name(index, seat.ai), quick_name(seat.ai)):
        return Seat(default_name(index, None), None)
    return Seat(seat.name, None)


def after_change(app: App) -> None:
    """Before each save: keep the game's latest record, and when the turn has passed to
    another device, show the link for that player."""
    links = app.links
    if links.current is None:
        return
    gid, seats = links.current
    links.games.keep(gid, app.session.game.record(), seats)
    if links.remote(app) and app.dialog is None:
        if links.closed_at != len(app.session.game.moves):
            app.dialog = "bylink"
            links.closed_at = None


def close(app: App) -> None:
    """The link's dialog closed to look at the board: it stays closed for this position."""
    if app.dialog == "bylink":
        app.links.closed_at = len(app.session.game.moves)


def show(app: App) -> bool:
    """The link's dialog again (the waiting panel's button)."""
    if not app.links.remote(app):
        return False
    app.dialog = "bylink"
    return True


def panel(app: App) -> str:
    """The panel while the seat to move plays on another device and the dialog is closed:
    who plays next, and the button that shows the link again (nothing here plays for them)."""
    g = app.session.game
    name = g.players[g.to_move]["name"]
    body = (
        tag("h2", esc(t("bylink.title", name=name)), cls="panel-title", id="panel-title",
            tabindex="-1")
        + tag("p", esc(t("bylink.send", name=name)))
        + tag("div", button("bylink_show", t("bylink.show"), kind="primary"), cls="actions")
    )
    return tag("div", body, cls="panel-inner", data_prompt="bylink")


def open_game(app: App, gid: str) -> bool:
    """One of this device's games by link, back on the board."""
    entry = app.links.games.get(gid)
    if entry is None:
        return False
    try:
        session = Session.from_record(entry["record"])
    except RecordError as e:
        app.notices.append(("bylink.refused", {"reason": str(e)}))
        return True
    stash_local(app)
    app.session = app._started(session)
    app.links.current = (gid, list(entry["seats"]))
    app.store.set("bylink_current", gid)
    return True


def open_local(app: App) -> bool:
    """The game kept aside on this device, back on the board."""
    data = app.store.get("local")
    if data is None:
        return False
    try:
        session = Session.resume(data)
    except Exception as e:  # SaveError: a one-line reason
        app.notices.append(("bylink.refused", {"reason": one_line(str(e), 160)}))
        return True
    app.session = app._started(session)
    app.links.current = None
    app.store.remove("bylink_current")
    app.store.remove("local")
    return True


def whose_turn(record: dict[str, Any]) -> str:
    """Who is to move in a stored record, in words (the list of games by link)."""
    try:
        g = Session.from_record(record).game
    except Exception:
        return t("bylink.unreadable")
    if g.is_over():
        return t("bylink.over")
    return t("bylink.turn_of", name=g.players[g.to_move]["name"])


def games_list(app: App) -> str:
    items = []
    current = app.links.current[0] if app.links.current else None
    for gid, entry in app.links.games.listed():
        names = " – ".join(str(p.get("name", "?")) for p in entry["record"].get("players", []))
        label = f"{names}: {whose_turn(entry['record'])}"
        items.append(
            tag(
                "li",
                button("bylink_open", t("bylink.open", game=label), arg=gid, kind="small")
                if gid != current
                else tag("span", esc(label) + " " + esc(t("bylink.on_board"))),
            )
        )
    if app.store.get("local") is not None:
        items.append(tag("li", button("bylink_local", t("bylink.local"), kind="small")))
    return tag("h3", esc(t("bylink.games"))) + tag("ul", "".join(items), cls="bylink-games")


def own_seat(app: App) -> int | None:
    """The one seat this device holds in the game by link on the board (None: no game by
    link, or several seats here): its statistics are that seat's."""
    held = app.links.current[1] if app.links.current is not None else []
    return held[0] if len(held) == 1 else None


def final_link(app: App) -> str:
    """On a finished game by link's end screen, while seats are held on other devices: the
    last link, for their devices to show the end too (and count the game there)."""
    g = app.session.game
    if app.links.current is None or not g.is_over():
        return ""
    others = [i for i in range(g.n) if i not in app.links.current[1]]
    if not others:
        return ""
    names = words.names([str(g.players[i]["name"]) for i in others])
    return tag(
        "div",
        tag("p", esc(t("bylink.send_end", names=names)))
        + link_field(app)
        + tag(
            "div",
            button("bylink_share", t("bylink.share"))
            + tag("span", esc(t("bylink.copied")) if app.links.copied else "", role="status"),
            cls="actions",
        ),
        cls="bylink-end",
    )


def link_field(app: App) -> str:
    """The link of the position on the board, in a field to copy by hand."""
    url = app.page_url + app.links.fragment(app)
    return tag(
        "label",
        tag("span", esc(t("bylink.link")), cls="lbl")
        + void("input", type="text", readonly=True, value=url, id="bylink-link", cls="share-link"),
        cls="bylink-field",
    )


def dialog(app: App) -> str:
    """The link for the player to move, while this device waits."""
    g = app.session.game
    name = g.players[g.to_move]["name"]
    refused = app.links.refused
    why = tag("p", esc(t(refused[0], **refused[1])), cls="refused", role="alert") if refused else ""
    body = (
        tag("h2", esc(t("bylink.title", name=name)), id="dialog-title")
        + why
        + tag("p", esc(t("bylink.send", name=name)))
        + link_field(app)
        + tag(
            "div",
            button("bylink_share", t("bylink.share"), kind="primary")
            + tag("span", esc(t("bylink.copied")) if app.links.copied else "", role="status"),
            cls="actions",
        )
        + tag("p", esc(t("bylink.friends")), cls="help")
        + games_list(app)
        + tag(
            "div",
            button("close", t("btn.see_board"), key="Esc") + button("new", t("bylink.new")),
            cls="actions",
        )
    )
    return modal("bylink", body, data_dialog="bylink")
