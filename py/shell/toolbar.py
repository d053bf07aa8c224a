"""Every game page's header and tool row, written once: the title, the link to the site's other
game, the game's status and the tools in the site's order (:data:`ORDER`). A game lists the
tools it has as :class:`Tool` data; the row leaves out the others and keeps the order.

Screen-reader mode's switch is mounted into ``#a11y`` (``browser.ScreenReaderMode``), before
the header: the page's first control for a screen reader; css/site.css draws it at the end of
the tool row.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from shell.html import button, esc, tag
from shell.i18n import t
from shell.settings import SPEEDS
from shell.site import language_select

ORDER = ("new", "undo", "hint", "howto", "daily", "speed", "share", "lang")
"""The tool row's order on every game's page (on a phone the row scrolls sideways, and New
game, Undo, Hint and How to play come first, in sight); ``daily`` links to the daily games and
the statistics (daily.html)."""

BUTTONS = ("new", "undo", "hint", "share")
"""The tools that are buttons: the tool's name is the button's ``data-intent``."""

HOWTO = "howto.html"
DAILY = "daily.html"


@dataclass(frozen=True)
class Tool:
    """One tool a game offers. ``name`` is one of :data:`ORDER`; a button (:data:`BUTTONS`)
    has a ``label``, maybe a shortcut ``key`` and is ``disabled`` while it cannot act;
    ``value`` is the pace chosen (``speed``) or the how-to page's section (``howto``)."""

    name: str
    label: str = ""
    key: str | None = None
    disabled: bool = False
    value: str = ""

    def __post_init__(self) -> None:
        if self.name not in ORDER:
            raise ValueError(f"no tool {self.name!r}; the row has {', '.join(ORDER)}")


def tool_row(tools: Iterable[Tool]) -> str:
    """The tools' HTML in the site's order, whatever order they come in; every item carries
    ``data-tool`` (a button its ``data-intent`` as well).

    >>> row = tool_row([Tool("share", "Share"), Tool("new", "New game", key="N")])
    >>> row.index('data-intent="new"') < row.index('data-intent="share"')
    True
    >>> tool_row([Tool("hint", "Hint"), Tool("hint", "Hint")])
    Traceback (most recent call last):
    ValueError: the tool 'hint' is offered twice
    """
    by_name: dict[str, Tool] = {}
    for tool in tools:
        if tool.name in by_name:
            raise ValueError(f"the tool {tool.name!r} is offered twice")
        by_name[tool.name] = tool
    row = "".join(_tool(by_name[name]) for name in ORDER if name in by_name)
    return row + MORE


MORE = tag("span", "›", cls="tools-more", aria_hidden="true", data_more_cue=True)
"""The end of every row: css/site.css shows it only on a phone, where the row scrolls
sideways, pinned to the row's right edge while more tools lie beyond (issue #58: the row
ended exactly at a button, and nothing said that Daily, Share and the language follow)."""


def _tool(tool: Tool) -> str:
    if tool.name in BUTTONS:
        return button(tool.name, tool.label, key=tool.key, disabled=tool.disabled)
    if tool.name == "howto":
        href = HOWTO + (f"#{tool.value}" if tool.value else "")
        return tag("a", esc(t("viewer.howto")), href=href, cls="btn", data_tool="howto")
    if tool.name == "daily":
        return tag("a", esc(t("daily.link")), href=DAILY, cls="btn", data_tool="daily")
    if tool.name == "speed":
        options = "".join(
            tag("option", esc(t("speed." + sp)), value=sp, selected=sp == tool.value)
            for sp in SPEEDS
        )
        return tag(
            "label",
            tag("span", esc(t("tools.speed")), cls="lbl")
            + tag(
                "select",
                options,
                data_setting="speed",
                data_focus="tool:speed",
                aria_label=t("tools.speed_aria"),
            ),
            cls="speed",
            data_tool="speed",
        )
    return language_select(data_tool="lang")


def welcome(text: str, howto: str, other: tuple[str, str] | None) -> str:
    """A first visit's line atop the New game form: what the game is, in a sentence, with the
    how-to page's section and the other game (a phone's header hides the game's name and that
    link, so a new player saw neither).

    >>> html = welcome("A game.", "go-for-gold", ("Gold Connection", "./"))
    >>> 'href="howto.html#go-for-gold"' in html, 'href="./"' in html
    (True, True)
    """
    links = tag("a", esc(t("viewer.howto")), href=HOWTO + (f"#{howto}" if howto else ""))
    if other is not None:
        name, href = other
        links += " · " + tag("a", esc(t("site.other_game", game=name)), href=href)
    return tag("p", esc(text) + " " + links, cls="welcome")


def header(
    title: str,
    tagline: str,
    other: tuple[str, str] | None = None,
    status: bool = False,
) -> str:
    """The page's masthead: the empty ``#a11y`` for screen-reader mode's switch, then the
    header: the game's name and tagline, the link to ``other`` (the other game's ``(title,
    href)``, from the registry), an empty ``#status`` for the game's status when ``status``,
    and the empty ``#tools`` row that :func:`tool_row` fills.

    >>> html = header("Go for Gold", "A treasure hunt", ("Gold Connection", "./"))
    >>> html.count("<h1"), 'id="tools"' in html, 'href="./"' in html, 'id="status"' in html
    (1, True, True, False)
    >>> html.index('id="a11y"') < html.index("<header")
    True
    """
    brand = tag(
        "h1",
        tag("span", esc(title), cls="name") + tag("span", esc(tagline), cls="tagline"),
        cls="brand",
    )
    link = ""
    if other is not None:
        name, href = other
        link = tag("a", esc(t("site.other_game", game=name)), href=href, cls="other-game")
    live = tag("div", "", id="status", cls="status", aria_live="polite") if status else ""
    nav = tag("nav", "", id="tools", cls="tools", aria_label=t("shell.tools"))
    a11y = tag("div", "", id="a11y", cls="a11y")
    return tag("div", a11y + tag("header", brand + link + live + nav, cls="topbar"), cls="masthead")
