"""Go for Gold's daily island: today's side and dice for one person alone, its finished games
as statistics, and its entries as the share's symbols (no path). Pure.

>>> link("2026-11-28")
'go-for-gold.html?players=human&map=b&seed=2026112801'
>>> symbols([5, 9, -1, 8])
'5️⃣ 🛕 ❌ 8️⃣'
"""

from __future__ import annotations

from gamekit import daily
from go_for_gold.game import Game
from shell.stats import Result, record_id

KIND = "island"
PAGE = "go-for-gold.html"
_KEYCAP = "\ufe0f\u20e3"


def link(day: str) -> str:
    """The game's page starting the daily island of ``day``."""
    side = daily.island_side(day)
    return f"{PAGE}?players=human&map={side}&seed={daily.seed(day, KIND)}"


def symbols(entries: list[int]) -> str:
    """A sheet's entries as symbols: a treasure's number, an explored temple, a failed one."""
    out = []
    for points in entries:
        if points < 0:
            out.append("❌")
        elif points <= 8:
            out.append(f"{points}{_KEYCAP}")
        else:
            out.append("🛕")
    return " ".join(out) or "—"


def result(game: Game) -> Result | None:
    """A finished game with one person at the device, as statistics; None otherwise."""
    humans = [i for i, p in enumerate(game.players) if not p.get("ai")]
    if not game.is_over() or len(humans) != 1:
        return None
    me = humans[0]
    levels = tuple(str(p["ai"]) for p in game.players if p.get("ai"))
    won = None if not levels else me in game.winners and len(game.winners) == 1
    return Result(
        "go_for_gold",
        record_id(game.record()),
        game.seed,
        levels,
        game.score(me),
        won,
        symbols(game.sheets[me].entries),
    )
