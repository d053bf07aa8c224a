"""Go for Gold's daily island: today's side and dice for one person alone, its finished games
as statistics, and its entries as the share's symbols (no path). Pure.

>>> link("2026-11-28")
'go-for-gold.html?players=human&map=b&seed=2026112801'
>>> symbols([5, 9, -1, 8])
'5️⃣ 🛕 ❌ 8️⃣'
"""

from __future__ import annotations

from typing import Any

from gamekit import daily
from go_for_gold import record, svg
from go_for_gold.game import Game
from go_for_gold.review import Reason, Review
from shell import drills as shell_drills
from shell.i18n import t
from shell.stats import PERSON, Result, record_id

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


def result(game: Game, seat: int | None = None) -> Result | None:
    """A finished game as statistics of the one person at the device, or of ``seat`` (a table
    game: the seat this device holds, the other people its opponents); None otherwise."""
    humans = [i for i, p in enumerate(game.players) if not p.get("ai")]
    if not game.is_over() or (len(humans) != 1 if seat is None else seat not in humans):
        return None
    me = humans[0] if seat is None else seat
    levels = tuple(
        str(p["ai"]) if p.get("ai") else PERSON for i, p in enumerate(game.players) if i != me
    )
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


# ---- drills from the person's mistakes ---------------------------------------------------

DRILLS_A_GAME = 3


def drills(rec: dict[str, Any], review: Review) -> list[dict[str, Any]]:
    """The costliest decisions of the one person in a reviewed record, as drills (see
    shell.drills): the record up to each, the expert's values of the options, and why. Only
    decisions valued in points (not in chances to win, near the end) are kept."""
    humans = [i for i, p in enumerate(rec.get("players", ())) if not p.get("ai")]
    if len(humans) != 1:
        return []
    mine = [
        d
        for d in review.decisions
        if d.seat == humans[0] and d.grade in shell_drills.GRADES and d.unit == "points"
    ]
    game_id = record_id(rec)
    out = []
    for d in sorted(mine, key=lambda d: -d.loss)[:DRILLS_A_GAME]:
        values = [(o.token, o.value) for o in (*d.options, d.played, d.best)]
        out.append(
            {
                "game": "go_for_gold",
                "id": f"{game_id}:{d.index}",
                "record": {**rec, "moves": rec["moves"][: d.index]},
                "index": d.index,
                "seat": d.seat,
                "turn": d.round,
                "options": shell_drills.options_for(values, d.best.token, d.played.token),
                "best": d.best.token,
                "played": d.played.token,
                "reasons": [
                    {"id": r.id, "params": dict(r.params)} for r in d.reasons if r.id != "same"
                ],
                "loss": round(d.loss, 2),
                "grade": d.grade,
                "answer": None,
            }
        )
    return out


def drill_view(drill: dict[str, Any]) -> shell_drills.DrillView:
    """The drill's position as the person's island sheet, and its options in words."""
    from pages.go_for_gold.review import reason_text, token_text

    g = record.replay(drill["record"])
    seat = int(drill["seat"])
    name = str(g.players[seat]["name"])
    picture = svg.sheet(
        g.summary(legal=False),
        seat,
        side=False,
        prefix="drill-",
        name=t("gg.your_sheet", name=name),
    )
    labels = {token: token_text(token, g.prompt) for token, _ in drill["options"]}
    reasons = [Reason(str(r["id"]), dict(r["params"])) for r in drill["reasons"]]
    why = "; ".join(reason_text(r) for r in reasons)  # as the review on the page joins them
    return shell_drills.DrillView(picture, t("drill.question.gg", name=name), labels, why)
