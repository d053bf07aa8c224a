"""Choices made on the pictures themselves, beside the panel's buttons: robbing by tapping
the victim's rows on their crate, sorting by tapping one's own rows with a faint bar where
each bar of the storage lands (GC-4.5, GC-6.2).

``crate_marks(session, seat)`` gives :func:`gold_connection.svg.crate` its ``choices`` (rows
that are buttons, by ``"row:g6"``, named in words), ``selected`` (bars named to rob, as
``"g6/4"``) and ``ghosts`` (where sorted bars land, as ``"g6/3"``), and ``equal`` (each row's
buttons in the panel, its equal control of a finger's size); ``Session.intent("row", "g6/4")``
carries out a tap.
"""

from __future__ import annotations

from typing import Any

from gold_connection.material import bar_value
from shell.i18n import t

from pages.gold_connection import phrases as words
from pages.gold_connection.session import Session


def crate_marks(s: Session, seat: int) -> dict[str, Any]:
    g = s.game
    if not s.humans_turn():
        return {}
    if g.prompt == "act" and seat == s.victim() and not s.safe_bars():
        choices, selected = {}, []
        for row, k in g.rows[seat].items():
            if not k:
                continue
            top = words.bar(f"{row[0]}{k}")
            choices[f"row:{row}"] = t("row.rob_aria", row=words.row(row), bar=top)
            n = s.sel.rob.get(row, 0)
            selected += [f"{row}/{v}" for v in range(k - n + 1, k + 1)]
        # the panel's buttons for the row's bars do what a tap on the row does, at a
        # finger's size (WCAG 2.2 2.5.8, an equivalent control)
        equal = {key: f"#panel [data-intent='robbar'][data-arg^='{key[4:]}:']" for key in choices}
        return {"choices": choices, "selected": selected, "equal": equal}
    if g.prompt == "sort" and seat == g.to_move:
        choices, ghosts = {}, []
        for bar, rows, chosen in s.sort_plan():
            if chosen:
                ghosts.append(f"{chosen}/{bar_value(bar)}")
            if len(rows) > 1:
                for row in rows:
                    if f"row:{row}" not in choices:
                        choices[f"row:{row}"] = t(
                            "row.sort_aria", row=words.row(row), bar=words.bar(bar)
                        )
        equal = {key: f"#panel [data-intent='sortpick'][data-arg$=':{key[4:]}']"
                 for key in choices}
        return {"choices": choices, "ghosts": ghosts, "equal": equal}
    return {}
