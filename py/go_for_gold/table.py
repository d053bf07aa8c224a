"""Go for Gold at one table, every player on their own device, with no server.

A table is a seed, an island side, the first player's harbour and the players in seat order.
Everything random comes from the seed: each round's die is the table's (:func:`table_die`), the
same on every device, and each player's own search and temple rolls are drawn per seat and
round (:func:`own_die`), so any device can check them later. A device plays one seat
(:class:`TableSeat`); what the others do that changes its game is told to it, as players call it
out at a paper table: a temple closed, someone's 6th entry, a player out. At the end each seat
gives a result code (:meth:`TableSeat.result_code`), which any device replays against the
table (:func:`read_result`); with every seat's code the whole game is replayed as one record
(:func:`table_game`), so the standings (:func:`standings`) are the rules' own (GG-6.2).

>>> t = Table(seed=1234, map_name="a", players=3, start=0, names=("Ada", "Bob", "Cy"))
>>> t.code, t.shown_code
('10016JJ', '1001-6JJ')
>>> Table.from_code(t.code) == replace(t, names=())
True
>>> bob = TableSeat(t, 1)
>>> bob.game.sheets[0].at, bob.round, bob.die == table_die(1234, 1)
('m6', 1, True)
"""

from __future__ import annotations

import hashlib
import urllib.parse
from dataclasses import dataclass, replace

from gamekit.codes import (
    BitReader,
    BitWriter,
    CodeError,
    check_ok,
    digest,
    group,
    normalize,
    with_check,
)
from gamekit.errors import IllegalMoveError
from gamekit.safejson import InputError, clip, one_line

from .board import TEMPLES, island
from .game import CHANCE, ENTRIES, MAX_PLAYERS, Game

SEED_BITS = 22
SEED_MAX = (1 << SEED_BITS) - 1
MAPS = ("a", "b")
TABLE_VERSION = 0
RESULT_VERSION = 1
TEMPLE_ORDER = "RBGY"
MAX_NAME = 24
MAX_RESULT = 600  # characters of a result code as typed (a long game needs about 90)
CALLS = ("closed", "last", "out")


class TableError(InputError):
    """A table code, table link or result code that cannot be used; one short line."""


# ---- the dice -----------------------------------------------------------------------------


def _draw(seed: int, *parts: object) -> int:
    text = ":".join(["go-for-gold/table", str(seed), *map(str, parts)])
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") % 6 + 1


def table_die(seed: int, round_: int) -> int:
    """The table's die in round ``round_`` (GG-3.1), the same on every device.

    >>> [table_die(7, r) for r in range(1, 9)]
    [6, 5, 2, 5, 6, 1, 4, 3]
    """
    return _draw(seed, "round", round_)


def own_die(seed: int, seat: int, round_: int) -> int:
    """``seat``'s own roll in round ``round_`` (a search, GG-4.1, or a temple, GG-4.2): one a
    round at most, so the seat and the round name it."""
    return _draw(seed, "seat", seat, round_)


# ---- the table ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Table:
    """What every device at the table shares; ``code`` holds all but the names."""

    seed: int
    map_name: str
    players: int
    start: int
    """The first player's harbour, as an index into the island's harbours (GG-2.2)."""
    names: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not 0 <= self.seed <= SEED_MAX:
            raise TableError(f"the table's seed must be 0 to {SEED_MAX}")
        if self.map_name not in MAPS:
            raise TableError(f"the island side must be {' or '.join(MAPS)}")
        if not 1 <= self.players <= MAX_PLAYERS:
            raise TableError(f"a table has 1 to {MAX_PLAYERS} players, not {self.players}")
        if not 0 <= self.start < len(island(self.map_name).harbours):
            raise TableError("the first harbour is not one of the island's")
        if self.names and len(self.names) != self.players:
            raise TableError(f"the table names {len(self.names)} players for {self.players} seats")
        for name in self.names:
            check_name(name)

    @property
    def code(self) -> str:
        """Seven characters: the seed, the side, the players, the first harbour and a check
        character (Luhn mod 32), to read out and type."""
        w = BitWriter()
        w.put(TABLE_VERSION, 2)
        w.put(MAPS.index(self.map_name), 1)
        w.put(self.players - 1, 3)
        w.put(self.start, 2)
        w.put(self.seed, SEED_BITS)
        return with_check(w.text())

    @property
    def shown_code(self) -> str:
        return group(self.code, 4)

    @classmethod
    def from_code(cls, text: str, names: tuple[str, ...] = ()) -> Table:
        """The table of a typed code; TableError says what is wrong."""
        try:
            code = normalize(text, what="the table code", max_chars=40)
        except CodeError as e:
            raise TableError(str(e)) from None
        if len(code) != 7:
            raise TableError(f"a table code has 7 characters, not {len(code)}")
        if not check_ok(code):
            raise TableError("the table code has a typing error (its check character is wrong)")
        r = BitReader(code[:-1])
        if r.take(2) != TABLE_VERSION:
            raise TableError("the table code is from a newer version of this page")
        map_name = MAPS[r.take(1)]
        players = r.take(3) + 1
        start = r.take(2)
        seed = r.take(SEED_BITS)
        if players > MAX_PLAYERS:
            raise TableError(f"the table code names {players} players, at most {MAX_PLAYERS}")
        return cls(seed, map_name, players, start, names)

    def harbour(self, seat: int) -> str:
        """Where ``seat`` starts (GG-2.2)."""
        isl = island(self.map_name)
        return isl.next_harbour(isl.harbours[self.start], seat)

    def name(self, seat: int) -> str | None:
        return self.names[seat] if self.names else None

    @property
    def fingerprint(self) -> int:
        """Ten bits of the code: a result code carries it to name its table."""
        return int.from_bytes(hashlib.sha256(self.code.encode()).digest()[:2], "big") >> 6

    def query(self) -> str:
        """The table as an address's query: ``table=…`` and the names, ``p=…`` each."""
        pairs = [("table", self.code), *(("p", n) for n in self.names)]
        return urllib.parse.urlencode(pairs, quote_via=urllib.parse.quote)


def check_name(name: str) -> str:
    if not name.strip() or len(name) > MAX_NAME or not name.isprintable():
        raise TableError(f"a player's name is 1 to {MAX_NAME} printable characters: {clip(name)}")
    return name


def read_link(query: str) -> tuple[Table, str | None]:
    """The table of an address's query (``?table=…&p=Ada&p=Bob``) and the result code it
    carries (``&result=…``), if any; TableError says what is wrong."""
    if len(query) > 2000:
        raise TableError("the table link is too long")
    try:
        params = urllib.parse.parse_qs(query.lstrip("?"), strict_parsing=False, errors="strict")
    except (ValueError, UnicodeDecodeError):
        raise TableError("the table link cannot be read") from None
    codes = params.get("table", [])
    if len(codes) != 1:
        raise TableError("the table link holds no table code")
    names = tuple(n.strip() for n in params.get("p", []))
    table = Table.from_code(codes[0])
    if names:
        if len(names) != table.players:
            raise TableError(f"the table link names {len(names)} players, its code {table.players}")
        table = replace(table, names=tuple(check_name(n) for n in names))
    results = params.get("result", [])
    if len(results) > 1:
        raise TableError("the table link holds more than one result code")
    return table, (results[0] if results else None)


# ---- one seat -----------------------------------------------------------------------------


class TableSeat:
    """One player's game at the table, as their device plays it: their own sheet (a one-sheet
    :class:`Game` with the table's dice) and what the others told them.

    ``do(event)`` is the one entry: a token of the game, ``next`` (the table goes on to the next
    round), or a call heard at the table: ``told closed R`` (the red temple is closed),
    ``told last`` (someone has their 6th entry: this round is the last), ``told out 2`` (seat 2
    is out). ``say`` then lists what this player must call out now.
    """

    def __init__(self, table: Table, seat: int):
        if not 0 <= seat < table.players:
            raise TableError(f"the table has no seat {seat + 1}")
        self.table, self.seat = table, seat
        self.game = Game(
            [{"name": table.name(seat) or str(seat + 1)}],
            map_name=table.map_name,
            seed=table.seed,
            table=True,
        )
        self.game.push(f"start {table.harbour(seat)}")
        self.events: list[str] = []
        self.decisions: list[tuple[int, str]] = []
        """The game's tokens of this seat with their round, dice and ``next`` left out: what
        the whole table's record takes from this seat."""
        self.outs: set[int] = set()
        self.actives = [0]
        """The active player of each round so far (GG-3.7), as this device knows it."""
        self.last_told = False
        self.last_roll: tuple[Game, int, Game] | None = None
        """This round's own roll (search or temple): the game before it, its face, the game
        after it, so the device shows the die and what it did; None until one is rolled."""
        self.say: list[tuple[str, str]] = []
        """What to call out: ``("closed", "R")``, ``("sixth", "")`` or ``("out", "")``."""
        self._settle()

    @classmethod
    def replay(cls, table: Table, seat: int, events: list[str]) -> TableSeat:
        s = cls(table, seat)
        for i, event in enumerate(events):
            try:
                s.do(event)
            except IllegalMoveError as e:
                raise TableError(f"event {i} {clip(event)}: {e.reason}") from None
        return s

    # ---- what the device shows ----------------------------------------------------------

    @property
    def round(self) -> int:
        return self.game.round

    @property
    def die(self) -> int | None:
        return self.game.die

    @property
    def over(self) -> bool:
        return self.game.over

    @property
    def prompt(self) -> str:
        """The game's prompt, or ``next`` between rounds, ``over`` at the end."""
        return "next" if self.game.prompt == "roll" else self.game.prompt

    @property
    def active(self) -> int:
        return self.actives[-1]

    def order(self) -> list[int]:
        """This round's resolving order as far as this device knows (GG-3.7, GG-4.2)."""
        n = self.table.players
        seats = ((self.active + k) % n for k in range(n))
        return [s for s in seats if s not in self.outs or s == self.seat]

    def before_me(self) -> list[int]:
        order = self.order()
        return order[: order.index(self.seat)] if self.seat in order else []

    def open_temples(self) -> list[str]:
        """The temples not known to be closed, by colour letter in the order R, B, G, Y."""
        closed = {self.game.island.marks[f] for f in self.game.temples_closed}
        return [c for c in TEMPLE_ORDER if c not in closed]

    def temple_field(self, colour: str) -> str:
        return next(f for f, m in self.game.island.marks.items() if m == colour)

    def can_tell(self, event: str) -> str | None:
        """Why a call cannot be told now, or None."""
        kind, _, arg = event.removeprefix("told ").partition(" ")
        if self.over:
            return "your game is over"
        if kind == "closed":
            if arg not in TEMPLE_ORDER or len(arg) != 1:
                return f"no temple {clip(arg)}"
            return None if arg in self.open_temples() else f"the {TEMPLES[arg]} temple is closed"
        if kind == "last":
            return "the last round was told already" if self.last_told else None
        if kind == "out":
            if not (arg.isdigit() and len(arg) == 1 and int(arg) < self.table.players):
                return f"no seat {clip(arg)}"
            if int(arg) == self.seat:
                return "that is your own seat"
            return "that player is out already" if int(arg) in self.outs else None
        return f"no call {clip(kind)}"

    # ---- playing -------------------------------------------------------------------------

    def do(self, event: str) -> None:
        """Apply one event after checking it; IllegalMoveError leaves everything unchanged."""
        before = self.game.clone()
        if event.startswith("told "):
            why = self.can_tell(event)
            if why:
                raise IllegalMoveError(event, why)
            self._tell(event.split()[1:])
        elif self.over:
            raise IllegalMoveError(event, "your game is over")
        elif self.game.prompt == "roll":
            if event != "next":
                raise IllegalMoveError(event, "the round is over: the next event is 'next'")
            n = self.table.players
            self.actives.append(
                next(
                    (self.active + k) % n
                    for k in range(1, n + 1)
                    if (self.active + k) % n not in self.outs
                )
            )
            self.game.push(f"die {table_die(self.table.seed, self.round)}")
            self.last_roll = None  # a new round: the last round's own roll is history
        else:
            self.decisions.append((before.round, self.game.apply(event)))
        self.events.append(event)
        self._settle()
        self.say = self._news(before)

    def _tell(self, words: list[str]) -> None:
        kind = words[0]
        if kind == "closed":
            self.game.close_temple(self.temple_field(words[1]))
        elif kind == "last":
            self.last_told = True
        else:
            self.outs.add(int(words[1]))

    def _settle(self) -> None:
        """Roll what the table's seed rolls, and end the game when it was told to end."""
        g = self.game
        while not g.over and g.current_player() == CHANCE:
            if g.prompt != "roll":
                before, n = g.clone(), own_die(self.table.seed, self.seat, self.round)
                g.push(f"die {n}")
                self.last_roll = (before, n, g.clone())
            elif self.last_told:
                g.finish()  # another player's 6th entry (GG-6.1)
            elif g.round == 1:
                g.push(f"die {table_die(self.table.seed, 1)}")
            else:
                break

    def _news(self, before: Game) -> list[tuple[str, str]]:
        """What this player must call out after the event that led from ``before``."""
        g = self.game
        out = [
            ("closed", g.island.marks[f]) for f in g.temples_closed[len(before.temples_closed) :]
        ]
        out = out if len(self.events) and not self.events[-1].startswith("told ") else []
        sheet = g.sheets[0]
        if len(sheet.entries) >= ENTRIES > len(before.sheets[0].entries):
            out.append(("sixth", ""))
        elif g.over and not before.over and not self.last_told:
            out.append(("out", ""))  # stuck (GG-3.6), or nothing left to score (GG-6.1)
        return out

    # ---- the result code -----------------------------------------------------------------

    def result_code(self) -> str:
        """This seat's whole game in a code (its events, compactly) with a check: any device
        replays it against the table's seed and the rules."""
        w = BitWriter()
        w.put(RESULT_VERSION, 2)
        w.put(self.table.fingerprint, 10)
        w.put(self.seat, 3)
        s = TableSeat(self.table, self.seat)
        for event in self.events:
            _write_event(w, s, event)
            s.do(event)
        w.put(1, 1)
        w.put(7, 3)
        payload = w.text()
        return payload + digest(payload, 2)

    def score(self) -> int:
        return self.game.score(0)


def _write_event(w: BitWriter, s: TableSeat, event: str) -> None:
    words = event.split()
    if words[0] == "told":
        w.put(1, 1)
        if words[1] == "closed":
            w.put(TEMPLE_ORDER.index(words[2]), 3)
        elif words[1] == "last":
            w.put(4, 3)
        else:
            w.put(5, 3)
            w.put(int(words[2]), 3)
        return
    w.put(0, 1)
    g, prompt = s.game, s.game.prompt
    if prompt == "move":
        w.put(words[0] == "foot", 1)
        if words[0] == "foot":
            w.put(int(words[1]) - 1, 3)
            return
        here = g.sheets[0].at
        for f in words[1:]:
            assert here is not None
            w.put(g.island.neighbours[here].index(f), 3)
            here = f
    elif prompt == "jump":
        w.put(g.island.harbours.index(words[1]), 2)
    elif prompt in ("special", "spend"):
        w.put(words[0] != "pass", 1)


def _read_event(r: BitReader, s: TableSeat) -> str | None:
    """The next event of a result code, or None at its end."""
    if r.take(1):
        kind = r.take(3)
        if kind < 4:
            return f"told closed {TEMPLE_ORDER[kind]}"
        if kind == 4:
            return "told last"
        if kind == 5:
            return f"told out {r.take(3)}"
        if kind == 7:
            return None
        raise TableError("the result code holds an unknown call")
    g, prompt = s.game, s.game.prompt
    if g.over:
        raise TableError("the result code goes on after the seat's game ended")
    if prompt == "roll":
        return "next"
    if prompt == "move":
        if r.take(1):
            return f"foot {r.take(3) + 1}"
        here = g.sheets[0].at
        fields: list[str] = []
        while here is not None and len(fields) < (g.length or 0):
            around = g.island.neighbours[here]
            k = r.take(3)
            if k >= len(around):
                raise TableError(f"the result code's path in round {s.round} leaves the land")
            here = around[k]
            fields.append(here)
            if g.island.is_harbour(here):
                break
        return " ".join(["path", *fields])
    if prompt == "jump":
        return f"jump {g.island.harbours[r.take(2)]}"
    if prompt == "special":
        end = g.ended_on[g.to_move]
        go = "search" if g.island.treasure(end) else "explore"
        return go if r.take(1) else "pass"
    return f"spend {g._shortfall()}" if r.take(1) else "pass"


def read_result(table: Table, text: str) -> TableSeat:
    """The seat a result code plays, replayed against the table's seed and the rules.
    TableError says in one line what is wrong: a typing error, another table, a move the rules
    refuse, a game not finished."""
    text = text.strip()
    if "result=" in text:  # a whole result link pasted
        text = text.split("result=", 1)[1].split("&", 1)[0].split("#", 1)[0]
        text = urllib.parse.unquote(text)
    try:
        code = normalize(text, what="the result code", max_chars=MAX_RESULT)
    except CodeError as e:
        raise TableError(str(e)) from None
    if len(code) < 6:
        raise TableError("the result code is too short")
    payload, check = code[:-2], code[-2:]
    if digest(payload, 2) != check:
        raise TableError("the result code has a typing error (its check does not match)")
    r = BitReader(payload, what="the result code")
    try:
        if r.take(2) != RESULT_VERSION:
            raise TableError("the result code is from another version of this page")
        if r.take(10) != table.fingerprint:
            raise TableError(f"the result code is from another table than {table.shown_code}")
        seat = r.take(3)
        if seat >= table.players:
            raise TableError(
                f"the result code is for seat {seat + 1}; the table has {table.players}"
            )
        s = TableSeat(table, seat)
        while True:
            event = _read_event(r, s)
            if event is None:
                break
            s.do(event)
        r.finish()
    except CodeError as e:
        raise TableError(str(e)) from None
    except IllegalMoveError as e:
        raise TableError(
            one_line(f"the result code does not replay in round {s.round}: {e.reason}")
        ) from None
    if not s.over:
        raise TableError(f"the result code stops in round {s.round}, before its game's end")
    return s


# ---- the whole table ----------------------------------------------------------------------


def table_game(table: Table, seats: dict[int, TableSeat]) -> Game:
    """The whole table's game, every seat's moves merged in the rules' order with the table's
    dice: one record any replay reads. TableError names the seat whose result does not fit
    what the others' results say (a call told too early or too late, or not at all)."""
    names = [table.name(s) or str(s + 1) for s in range(table.players)]
    g = Game([{"name": n} for n in names], map_name=table.map_name, seed=table.seed, table=True)
    g.push(f"start {table.harbour(0)}")
    queues = {s: list(seats[s].decisions) for s in range(table.players)}
    while not g.over:
        if g.current_player() == CHANCE:
            roll = (
                table_die(table.seed, g.round)
                if g.prompt == "roll"
                else own_die(table.seed, g.to_move, g.round)
            )
            g.push(f"die {roll}")
            continue
        seat, q = g.to_move, queues[g.to_move]
        if not q:
            raise TableError(
                f"{names[seat]}'s result ends before round {g.round}, where the others go on"
            )
        round_, tok = q[0]
        if round_ != g.round:
            raise TableError(
                f"{names[seat]}'s round {min(round_, g.round)} does not fit the others' results"
            )
        try:
            g.apply(tok)
        except IllegalMoveError as e:
            raise TableError(
                one_line(f"{names[seat]}'s round {g.round} does not fit the others': {e.reason}")
            ) from None
        q.pop(0)
    for seat, q in queues.items():
        if q:
            raise TableError(
                f"{names[seat]}'s result goes on after the table's game ended in round {g.round}"
            )
    return g


@dataclass(frozen=True)
class Standing:
    seat: int
    score: int
    shovels: int
    """Shovel symbols collected, the tie-break (GG-6.2)."""
    place: int
    """1 for the best; tied players share a place (GG-6.2)."""


def standings(seats: dict[int, TableSeat]) -> list[Standing]:
    """The seats ranked by score, then shovel symbols collected; ties share a place (GG-6.2)."""
    rank = {s: (p.score(), p.game.sheets[0].shovels_collected) for s, p in seats.items()}
    order = sorted(rank, key=lambda s: (-rank[s][0], -rank[s][1], s))
    return [
        Standing(s, *rank[s], place=1 + sum(1 for o in rank.values() if o > rank[s])) for s in order
    ]
