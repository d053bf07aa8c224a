"""Go for Gold's section of the how-to-play page: how a round goes, the rules in short (clause
ids ``GG-…``), and the rulebook's example (Dirk's first three moves) live in a viewer.

The how-to page (``py/embed.py``'s HowtoPage) puts :func:`section` after the game before it
and mounts each of :func:`examples` into its slot.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from shell.html import esc, tag
from shell.i18n import t

from pages.go_for_gold.replay import Viewer

EXAMPLE_KEY = "gg-ex1"
EXAMPLE_SRC = "scenarios/go-for-gold/dirk.json"
CLAUSES = (
    ("GG-2.2", 1),
    ("GG-3.1", 2),
    ("GG-3.2", 3),
    ("GG-3.3", 4),
    ("GG-3.4", 5),
    ("GG-3.6", 6),
    ("GG-4.1", 7),
    ("GG-4.2", 8),
    ("GG-5.2", 9),
    ("GG-6.1", 10),
    ("GG-6.2", 11),
)


def examples() -> list[tuple[str, str, Callable[[dict[str, Any]], Viewer]]]:
    """The live example: its slot's key, its record's path, and the viewer it opens in."""
    return [(EXAMPLE_KEY, EXAMPLE_SRC, lambda rec: Viewer(rec, at=0))]


def section() -> str:
    items = "".join(
        tag("li", tag("span", esc(rule), cls="gc") + " " + esc(t(f"gg.howto.{n}")), data_rule=rule)
        for rule, n in CLAUSES
    )
    example = tag(
        "section",
        tag("h3", tag("span", "GG-3", cls="gc") + " " + esc(t("gg.howto.ex.title")))
        + tag("p", esc(t("gg.howto.ex.text")), cls="hw-example-text")
        + tag("div", "", cls="hw-slot", data_example=EXAMPLE_KEY),
        cls="hw-example",
        id=EXAMPLE_KEY,
    )
    return tag(
        "section",
        tag("h2", esc(t("gg.title")), id="go-for-gold")
        + tag("p", esc(t("gg.howto.intro")), cls="hw-intro")
        + tag("p", tag("a", esc(t("gg.howto.play")), href="go-for-gold.html", cls="btn primary"))
        + tag("ul", items, cls="clauses")
        + example,
        cls="hw-section hw-gfg",
    )
