"""Go for Gold records: read, check and replay them (rules GG-7); every problem is a
:class:`RecordError` of one short line naming the move index, the token and the reason.

>>> from go_for_gold import Game
>>> g = Game.new(["Ada"], seed=1); g.apply("start a6"); g.apply("die 3")
'start a6'
'die 3'
>>> replay(g.record()).summary() == g.summary()
True
"""

from __future__ import annotations

from gamekit.errors import RecordError as RecordError
from gamekit.errors import parse_record as parse
from gamekit.records import check_keys, play_moves, read_players, read_seed

from .board import MapError, island, names
from .game import FORMAT, MAX_PLAYERS, Game

MAX_RECORD = 2_000_000


def loads(text: str | bytes) -> Game:
    """Replay a record given as JSON text (or UTF-8 bytes)."""
    return replay(parse(text, max_chars=MAX_RECORD))


def replay(data: object, *, upto: int | None = None) -> Game:
    """The game a record describes, after its first ``upto`` moves (default: all)."""
    game: Game = play_moves(start(data), data, upto)  # type: ignore[arg-type]
    return game


def start(data: object) -> Game:
    """The game at the start of a record, before its moves."""
    data = check_keys(data, FORMAT, {"format", "players", "options", "seed", "moves"})
    players = read_players(data.get("players"), 1, MAX_PLAYERS)
    options = data.get("options", {})
    if not isinstance(options, dict) or set(options) - {"map", "table"}:
        raise RecordError("'options' must be an object with at most 'map' and 'table'")
    table = options.get("table", False)
    if not isinstance(table, bool):
        raise RecordError("'options.table' must be true or false")
    map_name = options.get("map", "a")
    if map_name not in names():
        raise RecordError(f"'options.map' must be one of {', '.join(names())}")
    try:
        island(map_name)
    except MapError as e:
        raise RecordError(str(e)) from None
    return Game(players, map_name=map_name, seed=read_seed(data), table=table)
