"""What both games' records share: the players list, the seed, the moves and their replay.

A record is one JSON object ``{"format", "players", "options", "seed", ..., "moves"}``; each
game checks its own start (set-up, position, map) and these parts are checked here, with every
problem a :class:`RecordError` of one short line.
"""

from __future__ import annotations

from typing import Any

from .errors import RecordError, naming_move
from .safejson import clip

MAX_NAME = 40
MAX_MOVES = 100_000
"""A record longer than this is refused rather than replayed (a safeguard for shared links)."""


def read_players(players: object, low: int, high: int) -> list[dict[str, Any]]:
    """``players``: a list of ``low`` to ``high`` ``{"name", "ai"?}`` objects."""
    if not isinstance(players, list) or not low <= len(players) <= high:
        raise RecordError(f"'players' must be a list of {low} to {high} players")
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


def read_seed(data: dict[str, Any]) -> int | None:
    seed = data.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise RecordError("'seed' must be a whole number")
    return seed


def check_keys(data: object, fmt: str, keys: set[str]) -> dict[str, Any]:
    """``data`` as a record object of format ``fmt`` with no key outside ``keys``."""
    if not isinstance(data, dict):
        raise RecordError("a record must be a JSON object")
    if data.get("format") != fmt:
        raise RecordError(f"'format' must be {fmt!r}, not {clip(data.get('format'))}")
    unknown = set(data) - keys
    if unknown:
        raise RecordError(f"unknown key {clip(sorted(unknown)[0])} in the record")
    return data


def play_moves(game: Any, data: dict[str, Any], upto: int | None = None) -> Any:
    """Apply the record's ``moves`` (the first ``upto``) to ``game``, each one checked."""
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


def seat_players(names: list[str], ais: list[str | None] | None = None) -> list[dict[str, Any]]:
    """The ``players`` of a new record: names, and a computer level where one is given."""
    players: list[dict[str, Any]] = [{"name": name} for name in names]
    for p, ai in zip(players, ais or [], strict=False):
        if ai:
            p["ai"] = ai
    return players


class ReplayCache:
    """The game a record reaches, kept between calls, so a caller that is sent the whole record
    each time (the AI worker) plays only its new moves, not the whole game again.

    ``replay(record)`` is the game's own checked replay (``record.replay``); a record with
    another start, or moves that are not a continuation, is replayed from its start.
    """

    def __init__(self, replay: Any) -> None:
        self.replay = replay
        self.game: Any = None
        self.start_key: str | None = None

    def game_for(self, record_json: str) -> Any:
        import json

        rec = json.loads(record_json)
        moves = rec.get("moves", [])
        key = json.dumps({k: v for k, v in rec.items() if k != "moves"}, sort_keys=True)
        g = self.game
        if g is None or key != self.start_key or g.moves != moves[: len(g.moves)]:
            g = self.replay({**rec, "moves": []})
            self.start_key = key
        for token in moves[len(g.moves) :]:
            g.apply(token)
        self.game = g
        return g
