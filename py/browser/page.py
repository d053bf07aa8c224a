"""Drawing a page from its parts, keeping focus, and reading keys: for every game page.

A page's app gives ``{container id: html}``; :class:`Painter` writes only the containers whose
HTML changed, then puts focus back where it was (by ``data-focus`` key), or on the open
dialog's first control, or on the decision's main button, so focus is never lost to the body.
Game-agnostic: the selectors of the decision and the dialog are parameters.
"""

from __future__ import annotations

from pyscript import document


class Painter:
    def __init__(self, dialog: str = "#dialog .overlay", primary: tuple[str, ...] = ()):
        """``primary``: where focus goes when it would be lost, tried in order (after the open
        dialog's main button)."""
        self.drawn: dict[str, str] = {}
        self.dialog = dialog
        self.primary = primary or (
            "#decision .btn.primary:not([disabled])",
            "#decision .btn:not([disabled])",
        )

    def reset(self) -> None:
        """The shell was drawn again (a new language): every part is drawn anew."""
        self.drawn = {}

    def paint(self, parts: dict[str, str]) -> None:
        active = document.activeElement
        focus = (
            active.getAttribute("data-focus")
            if active and active.hasAttribute("data-focus")
            else None
        )
        had_dialog = bool(document.querySelector(self.dialog))
        dialog_before = self.drawn.get("dialog", "")
        for key, html in parts.items():
            if self.drawn.get(key) != html:
                element = document.getElementById(key)
                if not element:
                    continue
                element.innerHTML = html
                self.drawn[key] = html
        lost = focus is not None
        if focus is not None:
            same = document.querySelector(f'[data-focus="{focus}"]')
            # SVG elements have no .disabled (reading it would raise): ask for the attribute
            if same and not same.hasAttribute("disabled"):
                same.focus()
                lost = False
        dialog = document.querySelector(self.dialog)
        if dialog and (not had_dialog or self.drawn.get("dialog") != dialog_before):
            inside = document.activeElement and dialog.contains(document.activeElement)
            if not inside:
                first = dialog.querySelector(".btn.primary, input, select, .btn")
                if first:
                    first.focus()
        elif lost or (had_dialog and not dialog) or self.parked():
            self.focus_primary()

    def parked(self) -> bool:
        """Focus is nowhere (the body) or on the last resort of :attr:`primary` (a container
        focused only because nothing better was there): a better place may exist now."""
        active = document.activeElement
        if active is None or active == document.body:
            return True
        last = document.querySelector(self.primary[-1]) if self.primary else None
        return bool(last) and active == last

    def focus_primary(self) -> None:
        for selector in (f"{self.dialog} .btn.primary", *self.primary):
            target = document.querySelector(selector)
            if target:
                target.focus()
                return


def key_name(event) -> str | None:
    """The key of a keydown as the page's shortcuts name it (``aria-keyshortcuts``), or None
    when the page should leave it alone (typing in a field, a modifier, a composing IME)."""
    if event.altKey or event.metaKey or event.ctrlKey or event.isComposing:
        return None
    tag = (event.target.tagName or "").lower()
    key = str(event.key)
    if tag in ("input", "select", "textarea") and key != "Escape":
        return None
    return key.upper() if len(key) == 1 and key != " " else key


def press_shortcut(name: str, scope: str, do) -> bool:
    """Click the enabled control in ``scope`` whose ``aria-keyshortcuts`` is ``name``."""
    for el in document.querySelectorAll(f'{scope} [aria-keyshortcuts="{name}"]'):
        if not el.disabled:
            do(el.getAttribute("data-intent"), el.getAttribute("data-arg") or "")
            return True
    return False
