"""Go for Gold's section of the how-to-play page: the island as the game draws it with every
field named and its symbols numbered and explained, a round step by step, the rules in short
(clause ids ``GG-…``), the keys, and two examples live in a viewer (the rulebook's, Dirk's
first three moves; and Mia's search, short roll and temple).

The how-to page (``py/embed.py``'s HowtoPage) puts :func:`section` after the game before it
and mounts each of :func:`examples` into its slot.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from go_for_gold import record, svg
from go_for_gold.game import Game
from shell.html import esc, tag
from shell.i18n import language, t, touch
from shell.review import MORE
from shell.store import MemoryBackend

from pages.go_for_gold import phrases as words
from pages.go_for_gold.controller import App
from pages.go_for_gold.replay import Viewer
from pages.go_for_gold.view import field_states

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
ROUND_STEPS = 7
"""The steps of "How a round goes" (``gg.howto.round.1`` …)."""


@dataclass(frozen=True)
class Example:
    key: str  # its slot
    text: str  # its title and text: gg.howto.<text>.title / .text
    rule: str  # the clause it shows
    src: str  # the scenario record, a same-origin path


EXAMPLES = (
    Example("gg-ex1", "ex", "GG-3", "scenarios/go-for-gold/dirk.json"),
    Example("gg-ex2", "ex2", "GG-4", "scenarios/go-for-gold/mia.json"),
)
EXAMPLE_KEY, EXAMPLE_SRC = EXAMPLES[0].key, EXAMPLES[0].src  # the rulebook's

# ---- the labelled island ------------------------------------------------------------------

PICTURE = {
    "format": "go-for-gold/1",
    "players": [{"name": "Mia"}],
    "options": {"map": "a"},
    "moves": ["start a6", "die 3", "path b7 c7 c6", "search", "die 2", "spend 1", "die 5"],
}
"""The picture's moment: Mia's game (the second example's first round), the die at 5 for her
next path, two steps of which are drawn (:data:`PICTURE_PATH`)."""
PICTURE_PATH = ["c5", "b4"]
MARK_R = 7.0
"""A mark sits on its field's left edge, clear of the symbols and of every field's name."""
MARKS = (  # (part, the field the mark sits on) in the legend's order
    ("names", "a6"),
    ("harbour", "g1"),
    ("shovel", "f2"),
    ("foot", "i2"),
    ("treasure", "d3"),
    ("temple", "h3"),
    ("trail", "b7"),
    ("pawn", "c6"),
    ("path", "c5"),
    ("next", "c4"),
    ("dead", "b5"),
)


def quoted() -> dict[str, str]:
    """The page's own words the texts quote: its buttons, a start harbour's."""
    return {
        "draw": t("gg.confirm_path"),
        "undo": t("gg.undo_step"),
        "start": t("gg.start_at", field="a6"),
    }


def picture_app() -> App:
    """The page's own state at the picture's moment: its lit fields and dead ends are the
    ones the game's page shows there (:func:`pages.go_for_gold.view.field_states`)."""
    app = App(MemoryBackend(), "", [language()], touch())  # it keeps the language and wording
    app.begin_now(record.replay(PICTURE))
    app.building = list(PICTURE_PATH)
    return app


def island_picture(app: App) -> str:
    """The island as the game draws it, every field named, its parts numbered and explained
    below: a described figure (the list is its text alternative)."""
    g: Game = app.game
    states = field_states(app)
    states.pop(app.cursor or "", None)
    inner = svg.sheet(
        g.summary(legal=False),
        0,
        building=app.building,
        side=False,
        classes=states,
        name=t("gg.howto.pic.title"),
    )
    names = "".join(
        f'<text class="hw-field-name" x="{x:.1f}" y="{y + 17.5:.1f}">{f}</text>'
        for f in g.island.marks
        for x, y in [svg.centre(f)]
    )
    dots = "".join(
        f'<g class="hw-mark" transform="translate({x - svg.W / 2:.1f},{y:.1f})">'
        f'<circle r="{MARK_R}"/><text y="3.4">{n}</text></g>'
        for n, (_, field) in enumerate(MARKS, 1)
        for x, y in [svg.centre(field)]
    )
    # the marks and names go inside the sheet's own <svg>, over its fields; a field's tooltip
    # in the page's words, the picture's in its title (the sheet has the engine's English)
    picture = re.sub(
        r'(data-field="(\w+)">)<title>[^<]*</title>',
        lambda m: f"{m.group(1)}<title>{esc(words.field_label(g, m.group(2)))}</title>",
        inner,
    )
    picture = re.sub(
        r"<title>[^<]*</title>", f"<title>{esc(t('gg.howto.pic.title'))}</title>", picture, count=1
    )
    picture = picture.replace("</svg>", f'<g aria-hidden="true">{names}{dots}</g></svg>')
    picture = picture.replace(
        'class="gg-sheet" role="img"',
        'class="gg-sheet hw-island" role="img" aria-describedby="hw-island-legend"',
        1,
    )
    legend = tag(
        "ol",
        "".join(tag("li", esc(t(f"gg.howto.pic.{part}", **quoted()))) for part, _ in MARKS),
        cls="hw-legend",
        id="hw-island-legend",
    )
    caption = tag("figcaption", tag("strong", esc(t("gg.howto.pic.title"))) + legend)
    # on a phone the island keeps a readable size and scrolls sideways, a chevron at the box's
    # right edge while more of it lies beyond: keyboard users reach the scrolling box (WCAG 2.1.1)
    box = tag(
        "div",
        picture + MORE,
        cls="hw-island-box",
        tabindex="0",
        role="group",
        aria_label=t("gg.howto.pic.title"),
    )
    return tag("figure", box + caption, cls="hw-figure hw-gg-figure")


# ---- the section --------------------------------------------------------------------------


def section() -> str:
    """Go for Gold's part of the how-to page; the example slots are empty until their widgets
    are mounted (:func:`examples`)."""
    rules = "".join(
        tag("li", tag("span", esc(rule), cls="gc") + " " + esc(t(f"gg.howto.{n}")), data_rule=rule)
        for rule, n in CLAUSES
    )
    steps = "".join(
        tag("li", esc(t(f"gg.howto.round.{n}", **quoted()))) for n in range(1, ROUND_STEPS + 1)
    )
    examples = "".join(
        tag(
            "section",
            tag(
                "h3",
                tag("span", esc(ex.rule), cls="gc") + " " + esc(t(f"gg.howto.{ex.text}.title")),
            )
            + tag("p", esc(t(f"gg.howto.{ex.text}.text")), cls="hw-example-text")
            + tag("div", "", cls="hw-slot", data_example=ex.key),
            cls="hw-example",
            id=ex.key,
        )
        for ex in EXAMPLES
    )
    return (
        tag("h2", esc(t("gg.title")), id="go-for-gold")
        + tag("p", esc(t("gg.howto.intro")), cls="hw-intro")
        + tag("p", tag("a", esc(t("gg.howto.play")), href="go-for-gold.html", cls="btn primary"))
        + island_picture(picture_app())
        + tag("h2", esc(t("gg.howto.round.title")), id="gg-round")
        + tag("ol", steps, cls="hw-steps")
        + tag("h2", esc(t("gg.howto.rules")), id="gg-rules")
        + tag("ul", rules, cls="clauses")
        + tag("h2", esc(t("gg.howto.keys.title")), id="gg-keys")
        + tag("p", esc(" ".join(t(k) for k in ("gg.keys", "gg.keys.hint", "gg.keys.skip"))))
        + tag("h2", esc(t("gg.howto.examples")), id="gg-examples")
        + tag("p", esc(t("gg.howto.examples.text")))
        + examples
    )


def examples() -> list[tuple[str, str, Callable[[dict[str, Any]], Viewer]]]:
    """Each live example: its slot's key, its record's path, and the viewer it opens in."""
    # played on in the page: no second tab of the game to save over the first's game unasked
    return [(ex.key, ex.src, lambda rec: Viewer(rec, at=0, in_page=True)) for ex in EXAMPLES]
