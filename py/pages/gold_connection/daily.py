"""Gold Connection's daily duel: today's deal and dice against the expert, its finished games
as statistics, and the rows' bars as the share's symbols (no walk). Pure.

>>> link("2026-11-26")
'./?players=human,ai:expert&seed=2026112602'
>>> print(symbols({"y4": 4, "y5": 2, "r4": 0}))
🟨🟨🟨🟨 🟨🟨⬛⬛⬛
⬛⬛⬛⬛
"""

from __future__ import annotations

from gamekit import daily
from gold_connection.game import Game
from shell.stats import Result, record_id

KIND = "duel"
PAGE = "./"


def link(day: str) -> str:
    """The game's page starting the daily duel of ``day``: a person first, the expert second."""
    return f"{PAGE}?players=human,ai:expert&seed={daily.seed(day, KIND)}"


SQUARES = {"b": "🟦", "y": "🟨", "g": "🟩", "r": "🟥"}


def symbols(rows: dict[str, int]) -> str:
    """Each row's bars out of its length (a row's id is its colour and length: ``r5``), a
    line for each colour."""
    lines: dict[str, list[str]] = {}
    for row, k in rows.items():
        lines.setdefault(row[0], []).append(SQUARES[row[0]] * k + "⬛" * (int(row[1:]) - k))
    return "\n".join(" ".join(line) for line in lines.values())


def result(game: Game) -> Result | None:
    """A finished game with one person at the device, as statistics; None otherwise."""
    humans = [i for i, p in enumerate(game.players) if not p.get("ai")]
    if not game.is_over() or len(humans) != 1:
        return None
    me = humans[0]
    levels = tuple(str(p["ai"]) for p in game.players if p.get("ai"))
    mine = game.score(me)
    won = all(mine > game.score(s) for s in range(len(game.players)) if s != me)
    return Result(
        "gold_connection",
        record_id(game.record()),
        game.seed,
        levels,
        mine,
        won,
        symbols(game.rows[me]),
    )

