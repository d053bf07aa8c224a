"""Go for Gold at one table, every player on their own device (``go-for-gold.html?table=…``):
the page as state. Pure, like ``controller``: the page (``table.page``) forwards every click
as ``TableApp.intent(name, arg)`` and draws ``table.view.parts(app)``.

Screens: ``setup`` (names, island side, first harbour; or a typed table code), ``seat`` (the
table's link, QR code and code; "I am …"), ``play`` (one's own sheet, the calls heard at the
table, and at the end the result code and the others' codes, verified).

Everything a device knows is kept per table in local storage (``go-for-gold-table:t:CODE``):
the seat, the events played and told, the others' result codes. A reload, a locked phone or
the link opened again resumes there; nothing of it is read back from the page.

>>> from shell.store import MemoryBackend
>>> app = TableApp(MemoryBackend(), "?table=new", seed=1234)
>>> app.screen
'setup'
>>> app.intent("make", ""), app.screen, app.table.players
(True, 'seat', 3)
>>> app.intent("seat", "1"), app.screen, app.dev.game.sheets[0].at
(True, 'play', 'm6')
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from gamekit.safejson import one_line
from go_for_gold.board import island
from go_for_gold.game import MAX_PLAYERS, Game
from go_for_gold.table import (
    MAX_NAME,
    SEED_MAX,
    Table,
    TableError,
    TableSeat,
    read_link,
    read_result,
    standings,
    table_game,
)
from shell import i18n, site
from shell.i18n import t
from shell.stats import Result
from shell.store import Backend, Store

from pages.go_for_gold import daily

NAMESPACE = "go-for-gold-table"
MAX_TABLES = 12  # tables a device keeps; the oldest is forgotten first


class TableApp:
    def __init__(
        self,
        backend: Backend,
        query: str = "",
        languages: Iterable[str] = (),
        seed: int | None = None,
    ):
        self.site = Store(backend, "site")
        self.store = Store(backend, NAMESPACE)
        site.choose_language(self.site, None, languages)
        self.rng = random.Random(seed)
        self.notices: list[str] = []
        self.screen = "setup"
        self.names = [t("gt.default_name", n=k + 1) for k in range(3)]
        self.map_name = "a"
        self.start = 0
        self.code_typed = ""
        self.table: Table | None = None
        self.dev: TableSeat | None = None
        self.results: dict[int, TableSeat] = {}
        self.result_typed = ""
        self.result_error: str | None = None
        self.result_added: int | None = None
        self.building: list[str] = []
        self.copied: str | None = None
        self.version = 0
        self._open(query)
        for key, reason in self.store.set_aside:
            self.notices.append(t("gt.notice.stored_bad", key=key, reason=reason))

    # ---- opening a table --------------------------------------------------------------------

    def _open(self, query: str) -> None:
        params = query.lstrip("?")
        asked = [p.partition("=")[2] for p in params.split("&") if p.startswith("table=")]
        if asked in ([], ["new"], [""]):  # set up a new table (sr=1 and the like aside)
            return
        try:
            table, result = read_link(params)
        except TableError as e:
            self.notices.append(t("gt.notice.link_bad", reason=str(e)))
            return
        self._load(table)
        if result is not None:
            self.add_result(result)

    def _load(self, table: Table) -> None:
        """The table, with what this device already did at it."""
        saved = self.store.get("t:" + table.code)
        self.table, self.dev, self.results, self.building = table, None, {}, []
        self.screen = "seat"
        if not isinstance(saved, dict):
            return
        names = saved.get("names")
        if not table.names and isinstance(names, list):
            try:
                self.table = table = Table(
                    table.seed, table.map_name, table.players, table.start, tuple(names)
                )
            except (TableError, TypeError):
                pass
        seat, events = saved.get("seat"), saved.get("events", [])
        if isinstance(seat, int) and isinstance(events, list):
            try:
                self.dev = TableSeat.replay(table, seat, [str(e) for e in events])
                self.screen = "play"
            except TableError as e:
                self.notices.append(t("gt.notice.save_bad", reason=str(e)))
        building = saved.get("building", [])
        for step in building if self.dev is not None and isinstance(building, list) else []:
            if not (isinstance(step, str) and self._do_step(step)):
                break  # the steps tapped before a reload, as far as they still fit
        results = saved.get("results", {})
        if isinstance(results, dict):
            for code in results.values():
                try:
                    s = read_result(table, str(code))
                    self.results[s.seat] = s
                except TableError as e:
                    self.notices.append(t("gt.notice.save_bad", reason=str(e)))

    def save(self) -> None:
        if self.table is None:
            return
        key = "t:" + self.table.code
        data = {
            "names": list(self.table.names),
            "seat": self.dev.seat if self.dev else None,
            "events": self.dev.events if self.dev else [],
            "building": list(self.building),
            "results": {str(s): p.result_code() for s, p in sorted(self.results.items())},
        }
        order = [c for c in self.store.get("tables", []) if isinstance(c, str) and c != key]
        order = [key, *order]
        for old in order[MAX_TABLES:]:
            self.store.remove(old)
        self.store.set("tables", order[:MAX_TABLES])
        if not self.store.set(key, data):
            self.notices.append(t("gt.notice.save_failed"))

    def address(self) -> str:
        """The query the address bar should show: the table's, so a reload comes back."""
        return "?" + (self.table.query() if self.table else "table=new")

    def link(self, page_url: str) -> str:
        """The table's link: ``page_url`` is the page's address without its query."""
        return page_url + self.address()

    def result_link(self, page_url: str) -> str:
        assert self.table is not None and self.dev is not None
        return f"{self.link(page_url)}&result={self.dev.result_code()}"

    # ---- what the view asks ------------------------------------------------------------------

    def name(self, seat: int) -> str:
        assert self.table is not None
        return self.table.name(seat) or t("gt.default_name", n=seat + 1)

    def state(self) -> str:
        """For tests and styles: the screen, and in play the seat's prompt."""
        if self.screen == "play" and self.dev is not None:
            return "table-over" if self.dev.over else f"table-{self.dev.prompt}"
        return "table-" + self.screen

    def steps_left(self) -> int:
        g = self.dev.game if self.dev else None
        return (g.length or 0) - len(self.building) if g and g.prompt == "move" else 0

    def next_steps(self) -> list[str]:
        """Fields the path being drawn may go on to (GG-3.2, GG-3.5)."""
        if self.dev is None or self.dev.prompt != "move" or self.steps_left() <= 0:
            return []
        g = self.dev.game
        end = self.building[-1] if self.building else g.sheets[0].at
        if end is None or (self.building and g.island.is_harbour(end)):
            return []
        seen = set(g.sheets[0].visited) | set(self.building)
        out = []
        for f in g.island.neighbours[end]:
            if f in seen:
                continue
            path = [*self.building, f]
            if g.path_ok(0, path) is None or self._continues(g, path):
                out.append(f)
        return out

    def _continues(self, g: Game, path: list[str]) -> bool:
        """Whether ``path`` can be walked on to the full length (or a harbour)."""
        if g.island.is_harbour(path[-1]):
            return False
        trial = g.clone()
        trial.sheets[0].trail[-1].extend(path)
        trial.sheets[0].at = path[-1]
        return trial.can_walk(0, (g.length or 0) - len(path))

    def path_done(self) -> bool:
        if self.dev is None or not self.building:
            return False
        return self.dev.game.path_ok(0, self.building) is None

    def all_results(self) -> dict[int, TableSeat]:
        seats = dict(self.results)
        if self.dev is not None and self.dev.over:
            seats[self.dev.seat] = self.dev
        return seats

    def final(self) -> tuple[Game | None, str | None]:
        """With every seat's result: the table's whole game, or why the results do not fit."""
        seats = self.all_results()
        if self.table is None or len(seats) < self.table.players:
            return None, None
        try:
            return table_game(self.table, seats), None
        except TableError as e:
            return None, str(e)

    def result(self) -> Result | None:
        """The table's game as this device's statistics, once every seat's result is in: the
        seat played here, the other people its opponents (a table game was counted nowhere)."""
        game, _ = self.final()
        if game is None or self.dev is None:
            return None
        return daily.result(game, self.dev.seat)

    def standing_rows(self) -> list[tuple[int, str, int, int, int]]:
        """(place, name, score, shovel symbols, seat) of every result known, best first."""
        return [
            (s.place, self.name(s.seat), s.score, s.shovels, s.seat)
            for s in standings(self.all_results())
        ]

    # ---- intents ------------------------------------------------------------------------------

    def intent(self, name: str, arg: str = "") -> bool:
        """Apply one click; True if anything changed."""
        handler = getattr(self, "_do_" + name, None)
        if handler is None:
            return False
        self.copied = None
        changed = bool(handler(arg))
        if changed:
            self.version += 1
            self.save()
        return changed

    def setting(self, name: str, index: str | None, value: str) -> bool:
        """A form field changed (names, side, harbour, typed codes, the language)."""
        if name == "lang":
            return site.remember_language(self.site, value)
        if name == "name" and index is not None and index.isdigit():
            k = int(index)
            if k < len(self.names):
                self.names[k] = value.strip()[:MAX_NAME]
            return False
        if name == "map" and value in ("a", "b"):
            self.map_name, self.start = value, 0
            return True
        if name == "start" and value.isdigit() and int(value) < 4:
            self.start = int(value)
            return False
        if name == "code":
            self.code_typed = value[:80]
            return False
        if name == "result":
            self.result_typed = value[:1000]
            return False
        return False

    def _do_dismiss(self, arg: str) -> bool:
        if arg.isdigit() and int(arg) < len(self.notices):
            del self.notices[int(arg)]
            return True
        return False

    def _do_add_player(self, arg: str) -> bool:
        if len(self.names) >= MAX_PLAYERS:
            return False
        self.names.append(t("gt.default_name", n=len(self.names) + 1))
        return True

    def _do_remove_player(self, arg: str) -> bool:
        if len(self.names) <= 1:
            return False
        self.names.pop()
        return True

    def _do_make(self, arg: str) -> bool:
        names = tuple(n.strip() or t("gt.default_name", n=k + 1) for k, n in enumerate(self.names))
        try:
            table = Table(
                self.rng.randint(0, SEED_MAX), self.map_name, len(names), self.start, names
            )
        except TableError as e:
            self.notices.append(t("gt.notice.table_bad", reason=str(e)))
            return True
        self._load(table)
        return True

    def _do_join(self, arg: str) -> bool:
        try:
            table = Table.from_code(self.code_typed)
        except TableError as e:
            self.notices.append(t("gt.notice.code_bad", reason=str(e)))
            return True
        self._load(table)
        return True

    def _do_new(self, arg: str) -> bool:
        """Back to setting up a table (this one stays stored and opens again by its link)."""
        self.table, self.dev, self.results, self.building = None, None, {}, []
        self.screen = "setup"
        return True

    def _do_seat(self, arg: str) -> bool:
        if self.table is None or not arg.isdigit() or int(arg) >= self.table.players:
            return False
        self.dev = TableSeat(self.table, int(arg))
        self.results.pop(int(arg), None)
        self.screen = "play"
        return True

    def _do_other_seat(self, arg: str) -> bool:
        """Back to the seat picker: someone chose the wrong name (only before playing)."""
        if self.dev is None or self.dev.events:
            return False
        self.dev, self.screen = None, "seat"
        return True

    def _do_step(self, arg: str) -> bool:
        if arg not in self.next_steps():
            return False
        self.building.append(arg)
        return True

    def _do_field(self, arg: str) -> bool:
        return self._do_step(arg)

    def _do_undo_step(self, arg: str) -> bool:
        if not self.building:
            return False
        self.building.pop()
        return True

    def _do_draw(self, arg: str) -> bool:
        if not self.path_done():
            return False
        return self._play(" ".join(["path", *self.building]))

    def _do_play(self, arg: str) -> bool:
        """A token or ``next``: foot, jump, search, explore, spend, pass."""
        dev = self.dev
        if arg == "next" and dev is not None and not dev.over and dev.prompt != "next":
            self.notices.append(t("gt.next_early." + dev.prompt))  # not "unknown move 'next'"
            return True
        return self._play(arg)

    def _do_tell(self, arg: str) -> bool:
        return self._play("told " + arg)

    def _do_take_back(self, arg: str) -> bool:
        """Take the last event back (a wrong tap): the seat is replayed without it."""
        if self.dev is None or self.table is None or not self.dev.events:
            return False
        self.dev = TableSeat.replay(self.table, self.dev.seat, self.dev.events[:-1])
        self.building = []
        return True

    def _play(self, event: str) -> bool:
        if self.dev is None:
            return False
        try:
            self.dev.do(event)
        except Exception as e:  # IllegalMoveError and what a stale button sends: one line
            self.notices.append(one_line(str(e), 200))
            return True
        self.building = []
        return True

    def _do_add_result(self, arg: str) -> bool:
        self.add_result(self.result_typed)
        return True

    def add_result(self, text: str) -> None:
        self.result_error, self.result_added = None, None
        if self.table is None:
            return
        try:
            seat = read_result(self.table, text)
        except TableError as e:
            self.result_error = str(e)
            return
        if self.dev is not None and seat.seat == self.dev.seat:
            self.result_error = t("gt.result.own")
            return
        self.results[seat.seat] = seat
        self.result_added = seat.seat
        self.result_typed = ""
        self.save()

    def _do_copied(self, arg: str) -> bool:
        self.copied = arg
        return True

    # ---- for the view --------------------------------------------------------------------------

    def round_now(self) -> int:
        """The round this seat is in: between rounds, the one just done (the game has begun
        the next one, whose die is not rolled yet), so the badge and the panel agree."""
        dev = self.dev
        if dev is None:
            return 1
        return max(dev.round - (1 if dev.prompt == "next" else 0), 1)

    def harbours(self) -> tuple[str, ...]:
        return island(self.map_name).harbours

    def languages(self) -> list[str]:
        return i18n.languages()
