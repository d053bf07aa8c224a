"""The game page's Share dialog: a link to the embed page that replays the game so far.

The page copies the link to the clipboard when it can; the dialog shows it either way, in a
selected read-only field, so it can be copied by hand.
"""

from __future__ import annotations

from typing import Any

from shell.html import button, esc, modal, tag, void
from shell.i18n import t
from shell.links import embed_href


def share_url(page_url: str, record: dict[str, Any]) -> str:
    """The absolute link: the embed page next to ``page_url``, the record in its fragment.

    >>> share_url("https://example.org/games/?seed=3#x", {"format": "f"})
    'https://example.org/games/embed.html#g=1eNqrVkrLL8pNLFGyUkpTqgUAJPUEqg'
    """
    base = page_url.split("#", 1)[0].split("?", 1)[0]
    return base[: base.rfind("/") + 1] + embed_href(record)


def share_dialog(url: str, copied: bool, play_on: bool = True) -> str:
    """The dialog with the link; ``play_on``: the game's replay lets its reader play on from a
    move (else the text promises only the replay)."""
    body = (
        tag("h2", esc(t("share.title")), id="dialog-title")
        + tag("p", esc(t("share.text" if play_on else "share.text.view")))
        + void(
            "input",
            type="text",
            readonly=True,
            value=url,
            cls="share-link",
            aria_label=t("share.link_aria"),
            data_focus="share-link",
            spellcheck="false",
        )
        + tag(
            "p",
            esc(t("share.copied" if copied else "share.copy_by_hand")),
            cls="share-state",
            role="status",
        )
        + tag(
            "div",
            button("copy", t("btn.copy"), kind="primary")
            + tag("a", esc(t("btn.open_link")), href=url, cls="btn", target="_blank")
            + button("close", t("btn.close"), kind="secondary", key="Esc"),
            cls="actions",
        )
    )
    return modal("share", body, data_dialog="share")
