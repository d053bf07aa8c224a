"""The how-to-play page: the rules in short, clause by clause, and the rulebook's examples live.

Every text comes from the message table (``howto.*``), so the page exists in each language;
each clause names its id in the rules (``GC-4.4``).  The examples are the scenario records of
``scenarios/``, each shown in a viewer widget that ``py/embed.py`` mounts into its slot.
"""

from __future__ import annotations

from dataclasses import dataclass

from .html import esc, tag
from .i18n import t
from .site import language_select

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


def clause(rule: str, text: str) -> str:
    return tag("li", tag("span", esc(rule), cls="gc") + " " + esc(text), data_rule=rule)


def page(problems: list[tuple[str, dict]] = (), more: str = "") -> str:
    """The whole page; the example slots are empty until their widgets are mounted.

    ``more``: another game's section of the site (Go for Gold's), after this one's examples.

    ``problems``: what was wrong with the address (an unknown ``lang=``), said at the top.
    """
    header = tag(
        "header",
        tag("a", esc(t("app.title")), href="./", cls="hw-brand")
        + tag(
            "nav",
            tag("a", esc(t("howto.play")), href="./", cls="btn primary") + language_select(),
            cls="hw-nav",
        ),
        cls="hw-top",
    )
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
    said = "".join(tag("p", esc(t(key, **params))) for key, params in problems)
    body = (
        (tag("div", said, cls="notice", role="alert") if said else "")
        + tag("h1", esc(t("howto.title")))
        + tag("p", esc(t("howto.intro")), cls="hw-intro")
        + tag("h2", esc(t("howto.rules")))
        + tag("div", "".join(rules), cls="hw-rules")
        + keys
        + tag("h2", esc(t("howto.examples")), id="examples")
        + tag("p", esc(t("howto.examples.text")))
        + "".join(examples)
        + more
    )
    return header + tag("main", body, cls="hw-main")
