"""Gold Connection on the how-to-play page: the rules in short, clause by clause, and the
rulebook's examples live.

Every text comes from the message table (``howto.*``), so the page exists in each language;
each clause names its id in the rules (``GC-4.4``).  The examples are the scenario records of
``scenarios/``, each shown in a viewer widget that ``py/embed.py`` mounts into its slot
(:func:`examples`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from gold_connection import Game, svg
from shell.html import esc, tag
from shell.i18n import t

from pages.gold_connection.replay import Viewer
from pages.gold_connection.view import svg_labels

# (section, [(clause id in the rules, message number)]) in reading order.
SECTIONS: tuple[tuple[str, tuple[tuple[str, int], ...]], ...] = (
    ("goal", (("GC-7.3", 1),)),
    ("material", (("GC-1.1", 1), ("GC-1.2", 2), ("GC-1.3", 3))),
    ("vault", (("GC-2.1", 1), ("GC-2.3", 2))),
    ("setup", (("GC-3.1", 1), ("GC-3.3", 2), ("GC-3.4", 3))),
    ("turn", (("GC-4.1", 1), ("GC-4.2", 2), ("GC-4.4", 3), ("GC-4.5", 4), ("GC-4.6", 5))),
    ("roll", (("GC-5.1", 1), ("GC-5.3", 2), ("GC-5.4", 3))),
    ("chips", (("GC-5.2", 1), ("GC-5.5", 2))),
    ("sort", (("GC-6.1", 1), ("GC-6.2", 2))),
    ("end", (("GC-7.1", 1), ("GC-7.3", 2), ("GC-7.4", 3))),
)


@dataclass(frozen=True)
class Example:
    key: str  # ex1 … ex4: its title and text are howto.<key>.title / .text
    rule: str  # the clause of rules §8
    src: str  # the scenario record, a same-origin path
    at: int  # the move the widget opens at
    seats: tuple[str | None, ...]  # play mode: the reader plays seat 0, the computer the other


EXAMPLES = (
    Example("ex1", "GC-8.1", "scenarios/gc-8-1-2-targets.json", 0, (None, "greedy")),
    Example("ex2", "GC-8.2", "scenarios/gc-8-1-2-targets.json", 3, (None, "greedy")),
    Example("ex3", "GC-8.3", "scenarios/gc-8-3-sorting.json", 0, (None, "greedy")),
    Example("ex4", "GC-8.4", "scenarios/gc-8-4-robbery.json", 0, (None, "greedy")),
)


# The labelled picture of the vault: a numbered mark on each part, explained in a list below it.
MARK_R = 8.5


def marks() -> list[tuple[str, float, float]]:
    """(part, x, y) in the vault's own coordinates, in the legend's order."""
    b = svg.BOXES

    def head(field: str) -> tuple[float, float]:  # the right end of its header strip
        x0, y0, w, _ = b[field]
        return x0 + w - MARK_R - 1, y0 + svg.HEAD / 2

    wall_x = b["4"][0] + svg.SAFE_W / 2
    wall_y = b["1"][1] + svg.SAFE_H + svg.AISLE / 2
    west_x, west_y, west_w, west_h = b["W"]
    pip_x, pip_y = svg.PIPS[4]
    return [
        ("track", pip_x, pip_y),
        ("west", *head("W")),
        ("east", *head("E")),
        ("north", *head("2")),
        ("middle", *head("6")),
        ("south", *head("10")),
        ("wall", wall_x, wall_y),
        ("headings", west_x + west_w + 4, west_y + west_h / 2),  # in the gap: clear of W's bars
    ]


def _headings(x: float, y: float) -> str:
    """Three arrows from W into the corridors: the headings to choose from there (GC-2.2)."""
    b = svg.BOXES
    ends = [(b[f][0] - 3, b[f][1] + svg.SAFE_H / 2) for f in ("1", "5", "9")]
    paths = "".join(
        f'<path d="M{x:.1f} {y:.1f}L{ex:.1f} {ey:.1f}" marker-end="url(#hw-head)"/>'
        for ex, ey in ends
    )
    return (
        '<defs><marker id="hw-head" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="4"'
        ' markerHeight="4" orient="auto-start-reverse"><path d="M0 0L10 5L0 10z" fill="#58e1ff"/>'
        "</marker></defs>"
        f'<g fill="none" stroke="#58e1ff" stroke-width="3" stroke-linecap="round">{paths}</g>'
    )


def vault_picture() -> str:
    """The vault as the game draws it (a fresh deal), its parts numbered and explained below:
    a described figure (the list is its text alternative)."""
    view = Game.new(["A", "B"], seed=1).summary(legal=False)
    view["players"] = []  # no pieces yet: the parts of the vault stand out
    inner = svg.vault(view, labels=svg_labels()).replace(
        "<svg ", f'<svg x="0" y="0" width="{svg.VAULT_W}" height="{svg.VAULT_H}" ', 1
    )
    parts = marks()
    head_x, head_y = parts[-1][1:]
    dots = "".join(
        f'<g class="hw-mark" transform="translate({x:.1f},{y:.1f})">'
        f'<circle r="{MARK_R}"/><text y="3.8">{n}</text></g>'
        for n, (_, x, y) in enumerate(parts, 1)
    )
    picture = (
        f'<svg class="hw-vault" viewBox="0 0 {svg.VAULT_W} {svg.VAULT_H}" role="img"'
        f' aria-labelledby="hw-vault-title" aria-describedby="hw-vault-legend">'
        f'<title id="hw-vault-title">{esc(t("howto.pic.title"))}</title>'
        + inner
        + _headings(head_x, head_y)
        + dots
        + "</svg>"
    )
    legend = tag(
        "ol",
        "".join(tag("li", esc(t(f"howto.pic.{part}"))) for part, _, _ in parts),
        cls="hw-legend",
        id="hw-vault-legend",
    )
    caption = tag("figcaption", tag("strong", esc(t("howto.pic.title"))) + legend)
    # a container: drawn under ~760 px wide the vault shows its small drawing (css/game.css)
    return tag("figure", tag("div", picture, cls="vault-box") + caption, cls="hw-figure")


def clause(rule: str, text: str) -> str:
    return tag("li", tag("span", esc(rule), cls="gc") + " " + esc(text), data_rule=rule)


def section() -> str:
    """Gold Connection's part of the how-to page; the example slots are empty until their
    widgets are mounted (:func:`examples`)."""
    rules = []
    for section, clauses in SECTIONS:
        items = "".join(clause(rule, t(f"howto.{section}.{n}")) for rule, n in clauses)
        rules.append(
            tag(
                "section",
                tag("h3", esc(t(f"howto.{section}.title"))) + tag("ul", items, cls="clauses"),
                cls="hw-section",
                id=f"rules-{section}",
            )
        )
    examples = []
    for ex in EXAMPLES:
        title = tag("span", esc(ex.rule), cls="gc") + " " + esc(t(f"howto.{ex.key}.title"))
        examples.append(
            tag(
                "section",
                tag("h3", title)
                + tag("p", esc(t(f"howto.{ex.key}.text")), cls="hw-example-text")
                + tag("div", "", cls="hw-slot", data_example=ex.key),
                cls="hw-example",
                id=ex.key,
            )
        )
    keys = tag(
        "section",
        tag("h2", esc(t("howto.keys.title")), id="keys")
        + tag("ul", "".join(tag("li", esc(t(f"howto.keys.{n}"))) for n in range(1, 6))),
        cls="hw-section hw-keys",
    )
    return (
        tag("h2", esc(t("app.title")), id="gold-connection")
        + tag("p", esc(t("howto.intro")), cls="hw-intro")
        + vault_picture()
        + tag("h2", esc(t("howto.flow.title")), id="how-a-turn-goes")
        + tag("p", esc(t("howto.flow.text")), cls="hw-flow")
        + tag("h2", esc(t("howto.rules")))
        + tag("div", "".join(rules), cls="hw-rules")
        + keys
        + tag("h2", esc(t("howto.examples")), id="examples")
        + tag("p", esc(t("howto.examples.text")))
        + "".join(examples)
    )


def examples() -> list[tuple[str, str, Callable[[dict[str, Any]], Viewer]]]:
    """Each live example: its slot's key, its record's path, and the viewer it opens in."""
    return [
        (ex.key, ex.src, partial(_example_viewer, ex)) for ex in EXAMPLES
    ]


def _example_viewer(ex: Example, rec: dict[str, Any]) -> Viewer:
    return Viewer(rec, at=ex.at, seats=ex.seats, speed="normal", prefix=f"{ex.key}-")
