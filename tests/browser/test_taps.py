"""A pointer's tap puts focus back at the next frame, not inside the tap (issue #59: focusing
after the drawing's writes laid the whole page out inside the click): focus still ends where
the keyboard expects it, and the new board is drawn."""

from __future__ import annotations

from playwright.sync_api import Page

AFTER_A_FRAME = """() => new Promise((done) => requestAnimationFrame(() => setTimeout(() => {
  const e = document.activeElement;
  done(e.dataset.intent || (e.tagName + '.' + e.getAttribute('class')));
})))"""


def click_centre(page: Page, selector: str) -> None:
    """A mouse click (event.detail 1), as a finger's tap; not locator.click()'s checks."""
    target = page.locator(selector).first
    target.scroll_into_view_if_needed()
    box = target.bounding_box()
    assert box
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def test_a_tap_puts_focus_back_at_the_next_frame(page: Page, site_url, wait_ready):
    page.goto(site_url + "?players=human,human&seed=1&speed=instant&lang=en")
    wait_ready(page)
    while page.get_attribute("#panel .panel-inner", "data-prompt") != "move":
        page.locator("#panel .actions .btn:not([disabled])").first.click()
    # a lit field: the arrow moves, the field is no longer a destination, focus goes on
    click_centre(page, "#board .field.hl")
    page.wait_for_selector('#panel .panel-inner[data-prompt="act"]')
    assert page.evaluate(AFTER_A_FRAME) in ("bar", "roll", "end", "H2.panel-title"), (
        "focus lands in the panel, not on the body"
    )
    # a bar's button: named, the bar is raised on the board, focus back on a panel button
    click_centre(page, '#panel [data-intent="bar"]')
    page.wait_for_selector("#board .bar.sel")
    assert page.evaluate(AFTER_A_FRAME) in ("bar", "roll")
    # Undo by a tap: the board is back at the move prompt, focus is not lost
    click_centre(page, '#tools [data-intent="undo"]')
    page.wait_for_selector('#panel .panel-inner[data-prompt="move"]')
    assert page.locator("#board .field.hl").count() > 0
    assert page.evaluate(AFTER_A_FRAME) != "BODY.null"
