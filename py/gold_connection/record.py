"""Game records: read, check and replay them; every problem is a :class:`RecordError` (rules §9)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from gamekit.errors import RecordError as RecordError
from gamekit.errors import naming_move as naming_move
from gamekit.errors import parse_record as parse  # noqa: F401 (re-exported)
from gamekit.records import MAX_MOVES as MAX_MOVES
from gamekit.records import MAX_NAME as MAX_NAME
from gamekit.records import check_keys, play_moves, read_players, read_seed
from gamekit.safejson import clip

from .board import FIELDS, headings
from .game import FORMAT, SERIES_SAFEGUARD, Game
from .material import ALL_BARS, CHIPS, MAX_CHIPS, ROW_KEY, is_bar, row_bars, row_ids, sort_bars
from .notation import field_id

MAX_RECORD = 4_000_000
"""Characters of record text read at most (100 000 moves of the longest kind fit)."""


def loads(text: str | bytes) -> Game:
    """Replay a record given as JSON text (or UTF-8 bytes), read within the limits of
    :func:`gamekit.safejson.read`."""
    return replay(parse(text, max_chars=MAX_RECORD))


def replay(data: object, *, upto: int | None = None) -> Game:
    """The game a record describes, after its first ``upto`` moves (default: all)."""
    game: Game = play_moves(start(data), data, upto)  # type: ignore[arg-type]
    return game  # start() checked that data is a record object


def start(data: object) -> Game:
    """The game at the start of a record, before its moves."""
    data = check_keys(
        data, FORMAT, {"format", "players", "options", "seed", "setup", "position", "moves"}
    )
    players = read_players(data.get("players"), 2, 4)
    options = data.get("options", {})
    if not isinstance(options, dict) or set(options) - {"ending"}:
        raise RecordError("'options' must be an object with at most 'ending'")
    ending = options.get("ending", "counter")
    if ending not in ("counter", "series"):
        raise RecordError(f"'options.ending' must be 'counter' or 'series', not {clip(ending)}")
    seed = read_seed(data)
    if ("setup" in data) == ("position" in data):
        raise RecordError("a record needs exactly one of 'setup' and 'position'")
    if "setup" in data:
        return Game.from_setup(players, read_setup(data["setup"]), ending=ending, seed=seed)
    return Game.from_position(
        players, read_position(data["position"], len(players), ending), ending=ending, seed=seed
    )


def _read_fields(fields: object, where: str) -> dict[str, list[str]]:
    if not isinstance(fields, dict):
        raise RecordError(f"'{where}' must map fields to lists of bars")
    out: dict[str, list[str]] = {f: [] for f in FIELDS}
    for key, bars in fields.items():
        try:
            f = field_id(key)
        except ValueError as e:
            raise RecordError(f"{where}: {e}") from None
        if not isinstance(bars, list) or not all(isinstance(b, str) and is_bar(b) for b in bars):
            bad = (
                next((b for b in bars if not (isinstance(b, str) and is_bar(b))), bars)
                if isinstance(bars, list)
                else bars
            )
            raise RecordError(f"{where}.{f}: {clip(bad)} is not a bar (e.g. 'g3')")
        out[f] = sort_bars(bars)
    return out


def _check_bars(counted: Counter[str], what: str) -> None:
    """All 84 bars, each as often as the game has it (GC-1.1)."""
    full = Counter(ALL_BARS)
    if counted == full:
        return
    extra = counted - full
    missing = full - counted
    parts = []
    if extra:
        parts.append("too many " + ", ".join(f"{b}×{n}" for b, n in sorted(extra.items())))
    if missing:
        parts.append("missing " + ", ".join(f"{b}×{n}" for b, n in sorted(missing.items())))
    raise RecordError(f"{what} must hold all 84 bars: {'; '.join(parts)}")


def read_setup(setup: object) -> dict[str, list[str]]:
    """A dealt set-up: 6 bars on each of the 14 fields, 84 in all (GC-3.1)."""
    fields = _read_fields(setup, "setup")
    for f in FIELDS:
        if len(fields[f]) != 6:
            raise RecordError(
                f"setup.{f} holds {len(fields[f])} bars; each field is dealt 6 (GC-3.1)"
            )
    _check_bars(Counter(b for bars in fields.values() for b in bars), "the setup")
    return fields


def read_position(position: object, n: int, ending: str) -> dict[str, Any]:
    """A checked position at the start of a turn (rules §9); RecordError names what is wrong."""
    if not isinstance(position, dict):
        raise RecordError("'position' must be an object")
    for key in ("counter", "to_move", "supply", "fields", "players"):
        if key not in position:
            raise RecordError(f"position needs {key!r}")
    unknown = set(position) - {"counter", "to_move", "supply", "fields", "players"}
    if unknown:
        raise RecordError(f"unknown key {clip(sorted(unknown)[0])} in the position")
    last = 36 if ending == "counter" else SERIES_SAFEGUARD
    counter, to_move, supply = position["counter"], position["to_move"], position["supply"]
    if not _whole(counter) or not 1 <= counter <= last:
        raise RecordError(
            f"position.counter must be a turn number from 1 to {last}, not {clip(counter)}"
        )
    if not _whole(to_move) or not 0 <= to_move < n:
        raise RecordError(
            f"position.to_move must be a player number from 0 to {n - 1}, not {clip(to_move)}"
        )
    if not _whole(supply) or not 0 <= supply <= CHIPS:
        raise RecordError(f"position.supply must be 0 to {CHIPS} chips, not {clip(supply)}")
    fields = _read_fields(position["fields"], "position.fields")
    players = position["players"]
    if not isinstance(players, list) or len(players) != n:
        raise RecordError(f"position.players must list the {n} players")
    in_play = set(row_ids(n))
    counted = Counter(b for bars in fields.values() for b in bars)
    out_players: list[dict[str, Any]] = []
    stones: dict[str, int] = {}
    chips = supply
    for i, p in enumerate(players):
        where = f"position.players[{i}]"
        if not isinstance(p, dict):
            raise RecordError(f"{where} must be an object")
        unknown = set(p) - {"stone", "heading", "chips", "rows", "name", "bars", "score"}
        if unknown:
            raise RecordError(f"{where}: unknown key {clip(sorted(unknown)[0])}")
        try:
            stone = field_id(p.get("stone"))
        except ValueError as e:
            raise RecordError(f"{where}.stone: {e}") from None
        if stone in stones:
            raise RecordError(
                f"{where}.stone: players {stones[stone]} and {i} both stand on {stone}"
            )
        stones[stone] = i
        heading = p.get("heading")
        if heading not in headings(stone):
            raise RecordError(
                f"{where}.heading must be one of {', '.join(headings(stone))} on field {stone}, "
                f"not {clip(heading)}"
            )
        c = p.get("chips", 0)
        if not _whole(c) or not 0 <= c <= MAX_CHIPS:
            raise RecordError(f"{where}.chips must be 0 to {MAX_CHIPS}, not {clip(c)}")
        chips += c
        rows = p.get("rows", {})
        if not isinstance(rows, dict):
            raise RecordError(f"{where}.rows must map row ids to counts")
        for row, k in rows.items():
            if row not in ROW_KEY:
                raise RecordError(f"{where}.rows: {clip(row)} is not a row id (e.g. 'g6')")
            if row not in in_play:
                raise RecordError(
                    f"{where}.rows: the 4-rows are out of play with 4 players (GC-1.3)"
                )
            if not _whole(k) or not 0 <= k <= int(row[1]):
                raise RecordError(
                    f"{where}.rows.{row}: a row holds 0 to {row[1]} bars, not {clip(k)}"
                )
            counted.update(row_bars(row, k))
        out_players.append(
            {
                "stone": stone,
                "heading": heading,
                "chips": c,
                "rows": {r: k for r, k in rows.items() if k},
            }
        )
    if chips != CHIPS:
        raise RecordError(
            f"the supply and the players' chips add up to {chips}; the game has {CHIPS}"
        )
    _check_bars(counted, "the position")
    return {
        "counter": counter,
        "to_move": to_move,
        "supply": supply,
        "fields": fields,
        "players": out_players,
    }


def _whole(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)
