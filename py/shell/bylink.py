"""Games played by link, turn by turn at a distance, for any game of the site (pure).

After a turn, the page offers a link to the next player with the game's record in its
fragment (``#play=…``: never sent to a server); the device that opens it holds the seat to move
and plays on. Each device keeps its games by link (:class:`Games`), so a link from an older turn
is told apart from a newer one, and a link that does not continue the game is refused: nothing
already played is lost.

>>> rec = {"format": "x/1", "players": [{"name": "Ada"}, {"name": "Bob"}], "moves": ["a"]}
>>> text = fragment("g1", rec)
>>> text.startswith("#play=1"), read(text, "x/1") == ("g1", rec)
(True, True)
>>> compare(["a", "b"], ["a"])
'older'
"""

from __future__ import annotations

import secrets
from typing import Any

from gamekit.share import LinkError, decode, encode

from shell.store import Store

KEY = "play"
MAX_GAMES = 20  # games by link a device keeps; the least recently played is forgotten first


def new_id() -> str:
    return secrets.token_hex(6)


def fragment(game_id: str, record: dict[str, Any]) -> str:
    """The address's fragment that carries ``record`` as game ``game_id``."""
    return f"#{KEY}=" + encode({"id": game_id, "record": record})


def read(text: str, fmt: str, games: dict[str, str] | None = None) -> tuple[str, dict[str, Any]]:
    """The game id and record of a ``#play=`` fragment whose record's format starts with
    ``fmt``; LinkError says what is wrong (a link of another game names it, from ``games``:
    format prefix -> title)."""
    body = text.lstrip("#")
    if not body.startswith(KEY + "="):
        raise LinkError("the address carries no game by link")
    data = decode(body[len(KEY) + 1 :])
    game_id, record = data.get("id"), data.get("record")
    if not isinstance(game_id, str) or not 1 <= len(game_id) <= 40 or not game_id.isalnum():
        raise LinkError("the link names no game")
    if not isinstance(record, dict):
        raise LinkError("the link carries no game record")
    found = str(record.get("format", ""))
    if not found.startswith(fmt):
        other = next((title for pre, title in (games or {}).items() if found.startswith(pre)), None)
        raise LinkError(f"the link is a game of {other}" if other else "the link is another game's")
    return game_id, record


def compare(stored: list[str], linked: list[str]) -> str:
    """How a link's moves stand to this device's: ``same``, ``newer`` (they continue them),
    ``older`` (a link from an earlier turn) or ``other`` (they do not continue this game)."""
    if linked == stored:
        return "same"
    if len(linked) > len(stored) and linked[: len(stored)] == stored:
        return "newer"
    if len(linked) < len(stored) and stored[: len(linked)] == linked:
        return "older"
    return "other"


class Games:
    """The games by link this device plays: ``{id: {"record", "seats", "at"}}`` in ``store``
    under ``bylink``; ``seats`` are the seats this device holds."""

    def __init__(self, store: Store):
        self.store = store
        data = store.get("bylink", {})
        self.games: dict[str, dict[str, Any]] = {}
        if not isinstance(data, dict):
            store.put_aside("bylink", "the stored games by link are not a table of games")
            return
        bad = {}
        for gid, entry in data.items():
            if (
                isinstance(entry, dict)
                and isinstance(entry.get("record"), dict)
                and isinstance(entry.get("seats"), list)
                and all(isinstance(s, int) and not isinstance(s, bool) for s in entry["seats"])
                and isinstance(entry.get("at", 0), int)
            ):
                self.games[str(gid)] = entry
            else:
                bad[gid] = entry
        why = f"{len(bad)} of the stored games by link are not readable"
        store.keep_readable("bylink", self.games, bad, why)

    def get(self, game_id: str) -> dict[str, Any] | None:
        return self.games.get(game_id)

    def keep(self, game_id: str, record: dict[str, Any], seats: list[int]) -> bool:
        """Store a game's latest record (most recently played first); False if refused."""
        clock = max((int(e.get("at", 0)) for e in self.games.values()), default=0) + 1
        self.games[game_id] = {"record": record, "seats": sorted(set(seats)), "at": clock}
        newest = sorted(self.games, key=lambda g: -int(self.games[g].get("at", 0)))
        self.games = {g: self.games[g] for g in newest[:MAX_GAMES]}
        return self.store.set("bylink", self.games)

    def listed(self) -> list[tuple[str, dict[str, Any]]]:
        """The games, most recently played first."""
        return sorted(self.games.items(), key=lambda item: -int(item[1].get("at", 0)))
