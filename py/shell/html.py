"""Building HTML as strings: escaping and attributes, nothing else."""

from __future__ import annotations


def esc(text: object) -> str:
    """As ``html.escape(text, quote=True)``, without importing ``html`` (and its 4 000-entry
    ``html.entities``, which the page would load at start-up for nothing)."""
    return (
        str(text)
        .replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
        .replace("'", "&#x27;")
    )


def attrs(**values: object) -> str:
    """`` name="value"`` pairs; ``None``/``False`` leave an attribute out, ``True`` writes it bare.
    Underscores become dashes (``data_intent`` -> ``data-intent``); ``cls`` is ``class``."""
    out = []
    for key, value in values.items():
        if value is None or value is False:
            continue
        name = "class" if key == "cls" else key.rstrip("_").replace("_", "-")
        out.append(f" {name}" if value is True else f' {name}="{esc(value)}"')
    return "".join(out)


def tag(element: str, content: str = "", /, **values: object) -> str:
    return f"<{element}{attrs(**values)}>{content}</{element}>"


def void(element: str, /, **values: object) -> str:
    """An element with no content and no end tag (``input``)."""
    return f"<{element}{attrs(**values)}>"


def modal(
    kind: str,
    body: str,
    /,
    role: str = "dialog",
    labelled_by: str = "dialog-title",
    **values: object,
) -> str:
    """A modal dialog over the page, the same on every game's page: the overlay and its card
    (class ``card {kind}``), labelled by the card's title (``#dialog-title`` unless
    ``labelled_by`` names another id); ``values`` add attributes (``data_dialog`` …)."""
    return tag(
        "div",
        tag("div", body, cls=f"card {kind}"),
        cls="overlay",
        role=role,
        aria_modal="true",
        aria_labelledby=labelled_by,
        **values,
    )


def die(n: int, label: str) -> str:
    """A die showing ``n`` pips (css/site.css draws it), named by ``label``: every game's die.

    >>> die(2, "die showing 2")
    '<span class="die d2" role="img" aria-label="die showing 2"><i></i><i></i></span>'
    """
    return tag("span", "<i></i>" * n, cls=f"die d{n}", role="img", aria_label=label)


SHORTCUT_NAMES = {
    "←": "ArrowLeft", "→": "ArrowRight", "↑": "ArrowUp", "↓": "ArrowDown", "Esc": "Escape",
    "⌫": "Backspace",
}
"""A key as a button shows it -> its name in ``aria-keyshortcuts``."""


def button(
    intent: str,
    label: str,
    *,
    arg: str = "",
    kind: str = "",
    key: str | None = None,
    pressed: bool | None = None,
    disabled: bool = False,
    note: str | None = None,
    aria: str | None = None,
    label_html: str | None = None,
) -> str:
    """Every game's button: ``data-intent``/``data-arg`` say what it does, a ``data-focus``
    keeps focus on it across redraws, a shortcut shows as a ``kbd`` badge.

    >>> button("roll", "Roll", kind="primary", key="R")  # doctest: +NORMALIZE_WHITESPACE
    '<button type="button" class="btn primary" data-intent="roll" data-focus="roll:"
    aria-keyshortcuts="R"><span class="lbl">Roll</span><kbd aria-hidden="true">R</kbd></button>'
    """
    inner = tag("span", label_html if label_html is not None else esc(label), cls="lbl")
    if note:  # the space makes the name "Stop and sort bank…", not "sortbank…" (WCAG 2.5.3)
        inner += f' <span class="note">{esc(note)}</span>'
    if key:
        inner += f'<kbd aria-hidden="true">{esc(key)}</kbd>'
    return tag(
        "button",
        inner,
        type="button",
        cls=f"btn {kind}".strip(),
        data_intent=intent,
        data_arg=arg or None,
        data_focus=f"{intent}:{arg}",
        aria_pressed=None if pressed is None else str(pressed).lower(),
        disabled=disabled,
        aria_label=aria,
        aria_keyshortcuts=SHORTCUT_NAMES.get(key, key) if key else None,
    )
