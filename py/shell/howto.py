"""The how-to-play page's frame: the site's header, what was wrong with the address, the
title, then each game's own section (``pages.<game>.howto.section``) in the registry's order.
"""

from __future__ import annotations

from collections.abc import Sequence

from shell.html import esc, tag
from shell.i18n import Message, t
from shell.site import language_select


def page(
    home: str, title: str, sections: list[str], problems: Sequence[Message]
) -> str:
    """The whole page: ``home`` and ``title`` name the site's first game (its brand link and
    its Play button); ``problems`` (an unknown ``lang=``) are said at the top."""
    header = tag(
        "header",
        tag("a", esc(title), href=home, cls="hw-brand")
        + tag(
            "nav",
            tag("a", esc(t("howto.play")), href=home, cls="btn primary") + language_select(),
            cls="hw-nav",
        ),
        cls="hw-top",
    )
    said = "".join(tag("p", esc(t(key, **params))) for key, params in problems)
    body = (
        (tag("div", said, cls="notice", role="alert") if said else "")
        + tag("h1", esc(t("howto.title")))
        + "".join(sections)
    )
    return header + tag("main", body, cls="hw-main")
