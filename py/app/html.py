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


def modal(kind: str, body: str, /, role: str = "dialog", **values: object) -> str:
    """A modal dialog over the page: the overlay and its card (class ``card {kind}``), labelled
    by the card's ``#dialog-title``; ``values`` add attributes (``data_dialog`` …)."""
    return tag(
        "div",
        tag("div", body, cls=f"card {kind}"),
        cls="overlay",
        role=role,
        aria_modal="true",
        aria_labelledby="dialog-title",
        **values,
    )
