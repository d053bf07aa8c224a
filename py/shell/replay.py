"""What every game's replay viewer shares: stepping through a record, its controls, the
widget's frame, the error shown for a game that cannot be read, and the bar above a replay
opened on its own. A viewer has ``at``, ``total``, ``autoplay`` and ``goto(i)``.

>>> class V:
...     at, total, autoplay = 3, 10, False
...     def goto(self, i):
...         self.at = i
...         return True
>>> v = V(); step_intent(v, "last", ""), v.at
(True, 10)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol, TypeVar

from shell.html import esc, tag, void
from shell.i18n import t

T = TypeVar("T")

AUTOPLAY_MS = {"instant": 250, "fast": 600, "normal": 1400}


PARTS = ("notices", "status", "board", "caption", "controls", "crates", "log")


ICONS = {  # 24×24 paths: |◀◀ |◀ ▶ ❚❚ ▶| ▶▶|
    "first": "M5 5h2v14H5zM13 5v14L7 12zM20 5v14l-7-7z",
    "prev": "M6 5h2v14H6zM18 5v14L9 12z",
    "autoplay": "M7 4v16l13-8z",
    "pause": "M6 5h4v14H6zM14 5h4v14h-4z",
    "next": "M16 5h2v14h-2zM6 5v14l9-7z",
    "last": "M17 5h2v14h-2zM4 5v14l7-7zM11 5v14l7-7z",
}


class Stepper(Protocol):
    """A game's viewer as :func:`step_intent` steps it."""

    at: int
    total: int
    autoplay: bool

    def goto(self, i: int) -> bool: ...


def dismiss(notices: list[T], arg: str) -> bool:
    """Close notice number ``arg`` (a viewer's ``dismiss`` intent): True if one was closed.

    >>> notes = ["a", "b"]; dismiss(notes, "1"), dismiss(notes, "7"), notes
    (True, False, ['a'])
    """
    if arg.isdigit() and int(arg) < len(notices):
        del notices[int(arg)]
        return True
    return False


def step_intent(viewer: Stepper, name: str, arg: str) -> bool | None:
    """Stepping through a record (any game's viewer: ``at``, ``total``, ``autoplay``,
    ``goto(i)``): True if it moved, None if ``name`` is not a stepping intent."""
    if name == "first":
        return viewer.goto(0)
    if name in ("prev", "next", "last", "goto"):
        viewer.autoplay = False
        if name == "goto":
            return arg.isdigit() and viewer.goto(int(arg))
        target = {"prev": viewer.at - 1, "next": viewer.at + 1, "last": viewer.total}[name]
        return viewer.goto(target)
    if name == "autoplay":
        if viewer.at >= viewer.total and not viewer.autoplay:
            viewer.goto(0)
        viewer.autoplay = not viewer.autoplay
        return True
    return None


def step_controls(at: int, total: int, autoplay: bool) -> str:
    """The buttons and the slider that step through a record (any game's viewer)."""
    steps = [
        icon_button("first", "viewer.first", disabled=at == 0),
        icon_button("prev", "viewer.prev", disabled=at == 0),
        icon_button(
            "pause" if autoplay else "autoplay",
            "viewer.pause" if autoplay else "viewer.autoplay",
            intent="autoplay",
            pressed=autoplay,
            disabled=total == 0,
        ),
        icon_button("next", "viewer.next", disabled=at >= total),
        icon_button("last", "viewer.last", disabled=at >= total),
    ]
    slider = void(
        "input",
        type="range",
        min=0,
        max=total,
        value=at,
        step=1,
        data_setting="at",
        aria_label=t("viewer.slider"),
        aria_valuetext=t("viewer.step", at=at, total=total),
        disabled=total == 0,
    )
    return tag(
        "div", "".join(steps), cls="vw-steps", role="group", aria_label=t("viewer.steps")
    ) + tag("div", slider, cls="vw-slider")


def icon_button(
    icon: str,
    label: str,
    *,
    intent: str | None = None,
    pressed: bool | None = None,
    disabled: bool = False,
) -> str:
    """A button showing a drawn icon (fonts lack the media symbols); its name is ``label``."""
    picture = (
        '<svg class="ico" width="20" height="20" viewBox="0 0 24 24" aria-hidden="true"'
        ' focusable="false">'
        f'<path fill="currentColor" d="{ICONS[icon]}"/></svg>'
    )
    intent = intent or icon
    return tag(
        "button",
        picture,
        type="button",
        cls="btn icon",
        data_intent=intent,
        data_focus=f"{intent}:",
        aria_label=t(label),
        title=t(label),
        aria_pressed=None if pressed is None else str(pressed).lower(),
        disabled=disabled,
    )


def shell() -> str:
    """The widget's frame: one stable container per part."""
    slots = {name: tag("div", "", cls=f"vw-{name}", data_part=name) for name in PARTS}
    # the log scrolls: keyboard users reach it (WCAG 2.1.1)
    slots["log"] = tag("div", "", cls="vw-log", data_part="log", tabindex=0)
    side = tag("div", slots["crates"] + slots["log"], cls="vw-side")
    main = tag(
        "div",
        slots["status"] + slots["board"] + slots["controls"] + slots["caption"],
        cls="vw-main",
    )
    return slots["notices"] + tag("div", main + side, cls="vw-body")


def error_html(key: str, params: Mapping[str, object]) -> str:
    """What is wrong with the game a page was given, in words; the detail as plain data."""
    detail = params.get("detail")
    body = tag("h2", esc(t("viewer.error.title"))) + tag("p", esc(t(key, **params)), cls="vw-why")
    if detail:
        body += tag(
            "details",
            tag("summary", esc(t("viewer.error.detail"))) + tag("code", esc(detail)),
            cls="vw-detail",
        )
    body += tag("p", esc(t("viewer.error.help")), cls="vw-help")
    return tag("div", body, cls="vw-error", role="alert")


def standalone_bar(title: str, home: str, howto: str = "howto.html") -> str:
    """Above the viewer when the embed page is opened on its own (not in a frame): the game's
    name, a link to its page (``home``) and to its part of the how-to page (``howto``)."""
    return tag(
        "nav",
        tag("span", esc(title), cls="vw-brand")
        + tag("a", esc(t("viewer.own_game")), href=home, cls="btn")
        + tag("a", esc(t("viewer.howto")), href=howto, cls="btn"),
        cls="vw-top",
        aria_label=title,
    )
