"""Gold Connection's daily duel: today's deal and dice against the expert, its finished games
as statistics, and the rows' bars as the share's symbols (no walk). Pure.

>>> link("2026-11-26")
'./?players=human,ai:expert&seed=2026112602'
>>> print(symbols({"y4": 4, "y5": 2, "r4": 0}))
🟨🟨🟨🟨 🟨🟨⬛⬛⬛
⬛⬛⬛⬛
"""

from __future__ import annotations

from typing import Any

from gamekit import daily
from gold_connection import record, svg
from gold_connection.game import Game
from gold_connection.review import Review
from shell import drills as shell_drills
from shell.i18n import t
from shell.stats import PERSON, Result, record_id

from pages.gold_connection.settings import DAILY_KIND

KIND = DAILY_KIND
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


def result(game: Game, seat: int | None = None) -> Result | None:
    """A finished game as statistics of the one person at the device, or of ``seat`` (a game
    by link: the seat this device holds, the other people its opponents); None otherwise."""
    humans = [i for i, p in enumerate(game.players) if not p.get("ai")]
    if not game.is_over() or (len(humans) != 1 if seat is None else seat not in humans):
        return None
    me = humans[0] if seat is None else seat
    levels = tuple(
        str(p["ai"]) if p.get("ai") else PERSON for i, p in enumerate(game.players) if i != me
    )
    mine = game.score(me)
    won = game.winners == [me]  # the rules' winner, a tie broken by chips (GC-7.4), as in GG
    return Result(
        "gold_connection",
        record_id(game.record()),
        game.seed,
        levels,
        mine,
        won,
        symbols(game.rows[me]),
    )


# ---- drills from the person's mistakes ---------------------------------------------------

DRILLS_A_GAME = 3


def drills(rec: dict[str, Any], review: Review) -> list[dict[str, Any]]:
    """The costliest decisions of the one person in a reviewed record, as drills (see
    shell.drills): the record up to each, the expert's values of the options, and why."""
    humans = [i for i, p in enumerate(rec.get("players", ())) if not p.get("ai")]
    if len(humans) != 1:
        return []
    mine = [d for d in review.decisions if d.seat == humans[0] and d.grade in shell_drills.GRADES]
    game_id = record_id(rec)
    out = []
    for d in sorted(mine, key=lambda d: -d.loss)[:DRILLS_A_GAME]:
        values = [(o.token, o.points) for o in (*d.options, d.played, d.best)]
        out.append(
            {
                "game": "gold_connection",
                "id": f"{game_id}:{d.index}",
                "record": {**rec, "moves": rec["moves"][: d.index]},
                "index": d.index,
                "seat": d.seat,
                "turn": d.turn,
                "options": shell_drills.options_for(values, d.best.token, d.played.token),
                "best": d.best.token,
                "played": d.played.token,
                "reasons": list(d.reasons),
                "loss": round(d.loss, 2),
                "grade": d.grade,
                "answer": None,
            }
        )
    return out


def drill_view(drill: dict[str, Any]) -> shell_drills.DrillView:
    """The drill's position as the vault and crates, and its options in words."""
    from pages.gold_connection import phrases, view
    from pages.gold_connection.review import token_text

    g = record.replay(drill["record"])
    picture = svg.board(g.summary(legal=False), labels=view.svg_labels(), size=None)
    labels = {token: token_text(token, g) for token, _ in drill["options"]}
    why = phrases.join([t(f"review.reason.{x}") for x in drill["reasons"] if x != "same"])
    question = t("drill.question.gc", turn=drill["turn"], name=g.players[drill["seat"]]["name"])
    return shell_drills.DrillView(picture, question, labels, why)
