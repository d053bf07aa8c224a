"""Issue 58's leftovers in Go for Gold's parts, the daily page and both reviews, read in the
browser where the drawing is the point: the how-to island's field names and every treasure
number drawn at 12 CSS px or more (the phone audit's small-text rule, tests/phone_audit.py)."""

from __future__ import annotations

from phone_audit import DESKTOP, PHONES, Look, audit, gg_finished, new_context, ready, settle
from phones import keep_to_site


def small_text(page, state: str, classes: tuple[str, ...]) -> list[str]:
    """The phone audit's small-text findings for SVG text of ``classes``."""
    return [
        f.line()
        for f in audit(page, state, Look())
        if f.check == "small-text" and any(f.element.startswith(f"text.{c} ") for c in classes)
    ]


def test_the_how_to_island_s_names_and_numbers_are_readable_on_phones_and_desktop(
    browser, site_url, request
):
    """The labelled island's field names were drawn at 8.5 px on a phone (10.1 at 1366×768)
    and the examples' treasure numbers at 11.3 px at 360×740."""
    foreign: list[str] = []
    request.node.foreign_requests = foreign
    found: list[str] = []
    for phone, sizes in ((True, PHONES), (False, DESKTOP)):
        context = new_context(browser, phone)
        keep_to_site(context, site_url, foreign)
        page = context.new_page()
        page.goto(site_url + "howto.html?lang=en")
        ready(page)
        page.wait_for_selector('[data-example="gg-ex2"] .gg-sheet .num')
        for w, h in sizes:
            page.set_viewport_size({"width": w, "height": h})
            settle(page)
            assert page.locator(".hw-island .hw-field-name").count() == 80
            found += small_text(page, "how-to", ("hw-field-name", "num"))
        context.close()
    assert not found, "\n".join(found)


def test_the_table_set_up_opens_at_its_heading_on_a_phone(browser, site_url, request):
    """Focus landed on "Make the table" and scrolled the heading 236 px out of view."""
    foreign: list[str] = []
    request.node.foreign_requests = foreign
    context = new_context(browser, True)
    keep_to_site(context, site_url, foreign)
    page = context.new_page()
    page.goto(site_url + "go-for-gold.html?table=new&lang=en")
    ready(page)
    page.wait_for_selector('[data-intent="make"]')
    settle(page)
    look = Look(("#panel",), "#panel-title", ("#panel",))
    found = [f.line() for f in audit(page, "table set-up", look) if f.check.startswith("prompt")]
    assert page.evaluate("scrollY") == 0
    assert page.evaluate("document.activeElement.dataset.intent") == "make"  # focus kept there
    context.close()
    assert not found, "\n".join(found)


CUE = """() => {
  const box = document.querySelector('#dialog .rv-scroll');
  const cue = box.querySelector('[data-more-cue]'), cs = getComputedStyle(cue);
  const b = box.getBoundingClientRect(), c = cue.getBoundingClientRect();
  return {scrolls: box.scrollWidth > box.clientWidth + 1, shown: cs.display !== 'none'
    && parseFloat(cs.opacity) > 0.5 && c.width > 8, atEdge: Math.abs(c.right - b.right) < 4};
}"""


def test_the_review_chart_shows_that_more_of_it_follows_while_it_scrolls(
    browser, site_url, request
):
    """At 360 px the chart (480 units, its labels at 12 px) scrolls sideways: a cue at the
    box's right edge says so until the end is reached; where the chart fits there is none."""
    foreign: list[str] = []
    request.node.foreign_requests = foreign
    context = new_context(browser, True)
    keep_to_site(context, site_url, foreign)
    page = context.new_page()
    page.goto(site_url + "css/site.css")
    for key, value in gg_finished().items():
        page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, value])
    page.goto(site_url + "go-for-gold.html?lang=en")
    page.wait_for_selector('#dialog [data-dialog="over"]', timeout=60_000)
    page.click('#dialog [data-intent="review"]')
    page.wait_for_selector('#dialog [data-dialog="review"][data-review="done"]', timeout=120_000)
    settle(page)
    assert page.evaluate(CUE) == {"scrolls": True, "shown": True, "atEdge": True}
    page.evaluate("document.querySelector('#dialog .rv-scroll').scrollLeft = 10000")
    settle(page)
    assert page.evaluate(CUE)["shown"] is False  # at the end: nothing more follows
    page.set_viewport_size({"width": DESKTOP[0][0], "height": DESKTOP[0][1]})
    settle(page)
    assert page.evaluate(CUE) == {"scrolls": False, "shown": False, "atEdge": False}
    context.close()
