"""Game records: read, check and replay them; every problem is a :class:`RecordError` (rules §9)."""

from __future__ import annotations

from collections import Counter
from contextlib import contextmanager

from gamekit.safejson import InputError, clip, read

from .board import FIELDS, headings
from .game import FORMAT, SERIES_SAFEGUARD, Game
from .material import ALL_BARS, CHIPS, MAX_CHIPS, ROW_KEY, is_bar, row_bars, row_ids, sort_bars
from .notation import IllegalMoveError, field_id

MAX_NAME = 40
MAX_MOVES = 100_000
"""A record longer than this is refused rather than replayed (a safeguard for shared links)."""


MAX_RECORD = 4_000_000
"""Characters of record text read at most (100 000 moves of the longest kind fit)."""


class RecordError(InputError):
    """A record or position that cannot be read, or a move in it that is not legal.

    For a move, ``index``, ``token`` and ``reason`` name it. The message is one short line.
    """

    def __init__(
        self,
        message: str,
        *,
        index: int | None = None,
        token: str | None = None,
        reason: str | None = None,
    ):
        super().__init__(message)
        self.index, self.token, self.reason = index, token, reason


def loads(text: str | bytes) -> Game:
    """Replay a record given as JSON text (or UTF-8 bytes), read within the limits of
    :func:`gamekit.safejson.read`."""
    return replay(parse(text))


def parse(text: str | bytes, what: str = "the record", max_chars: int = MAX_RECORD) -> object:
    """The JSON value of a record's text; RecordError (one line) if it cannot be read."""
    try:
        return read(text, what=what, max_chars=max_chars)
    except RecordError:
        raise
    except InputError as e:
        raise RecordError(str(e)) from None


def replay(data: object, *, upto: int | None = None) -> Game:
    """The game a record describes, after its first ``upto`` moves (default: all)."""
    game = start(data)
    moves = data.get("moves", [])
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise RecordError("'moves' must be a list of strings")
    if len(moves) > MAX_MOVES:
        raise RecordError(f"the record has {len(moves)} moves; at most {MAX_MOVES} are read")
    if upto is not None:
        if not 0 <= upto <= len(moves):
            raise RecordError(f"move number {upto} is outside 0..{len(moves)}")
        moves = moves[:upto]
    for i, token in enumerate(moves):
        with naming_move(i, token):
            game.apply(token)
    return game


@contextmanager
def naming_move(index: int, token: str):
    """Turn an IllegalMoveError raised inside into a RecordError naming move ``index``."""
    try:
        yield
    except IllegalMoveError as e:
        raise RecordError(
            f"move {index} {clip(token)}: {e.reason}", index=index, token=token, reason=e.reason
        ) from None


def start(data: object) -> Game:
    """The game at the start of a record, before its moves."""
    if not isinstance(data, dict):
        raise RecordError("a record must be a JSON object")
    if data.get("format") != FORMAT:
        raise RecordError(f"'format' must be {FORMAT!r}, not {clip(data.get('format'))}")
    unknown = set(data) - {"format", "players", "options", "seed", "setup", "position", "moves"}
    if unknown:
        raise RecordError(f"unknown key {clip(sorted(unknown)[0])} in the record")
    players = read_players(data.get("players"))
    options = data.get("options", {})
    if not isinstance(options, dict) or set(options) - {"ending"}:
        raise RecordError("'options' must be an object with at most 'ending'")
    ending = options.get("ending", "counter")
    if ending not in ("counter", "series"):
        raise RecordError(f"'options.ending' must be 'counter' or 'series', not {clip(ending)}")
    seed = data.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise RecordError("'seed' must be a whole number")
    if ("setup" in data) == ("position" in data):
        raise RecordError("a record needs exactly one of 'setup' and 'position'")
    if "setup" in data:
        return Game.from_setup(players, read_setup(data["setup"]), ending=ending, seed=seed)
    return Game.from_position(
        players, read_position(data["position"], len(players), ending), ending=ending, seed=seed
    )


def read_players(players: object) -> list[dict]:
    if not isinstance(players, list) or not 2 <= len(players) <= 4:
        raise RecordError("'players' must be a list of 2 to 4 players")
    out = []
    for i, p in enumerate(players):
        if not isinstance(p, dict) or not isinstance(p.get("name"), str) or not p["name"].strip():
            raise RecordError(f"player {i} needs a non-empty 'name'")
        if len(p["name"]) > MAX_NAME or not p["name"].isprintable():
            raise RecordError(f"player {i}: a name has at most {MAX_NAME} printable characters")
        if "ai" in p and not isinstance(p["ai"], str):
            raise RecordError(f"player {i}: 'ai' must be a string")
        if set(p) - {"name", "ai"}:
            raise RecordError(f"player {i}: unknown key {clip(sorted(set(p) - {'name', 'ai'})[0])}")
        out.append(dict(p))
    return out


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


def _check_bars(counted: Counter, what: str) -> None:
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


def read_position(position: object, n: int, ending: str) -> dict:
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
    out_players, stones, chips = [], {}, supply
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
