"""Issue 58's leftovers in Go for Gold's parts, the daily page and both reviews, read in the
browser where the drawing is the point: the how-to island's field names and every treasure
number drawn at 12 CSS px or more (the phone audit's small-text rule, tests/phone_audit.py), a
cue where a picture scrolls sideways, the table set-up at its heading, a drill's answers
readable once answered."""

from __future__ import annotations

import pytest
from go_for_gold.table import Table
from phone_audit import DESKTOP, PHONES, Look, audit, gg_finished, new_context, ready, settle
from phones import keep_to_site

CUE = """(where) => {
  const box = document.querySelector(where);
  const cue = box.querySelector('[data-more-cue]'), cs = getComputedStyle(cue);
  const b = box.getBoundingClientRect(), c = cue.getBoundingClientRect();
  return {scrolls: box.scrollWidth > box.clientWidth + 1, shown: cs.display !== 'none'
    && parseFloat(cs.opacity) > 0.5 && c.width > 8, atEdge: Math.abs(c.right - b.right) < 4};
}"""


def phone_page(browser, site_url: str, request):
    """A new touch phone's context and page, kept to the site (the fixture checks it)."""
    foreign: list[str] = []
    request.node.foreign_requests = foreign
    context = new_context(browser, True)
    keep_to_site(context, site_url, foreign)
    return context, context.new_page()


def open_finished_game(page, site_url: str) -> None:
    """Go for Gold with a finished game saved, at its end screen."""
    page.goto(site_url + "css/site.css")
    for key, value in gg_finished().items():
        page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, value])
    page.goto(site_url + "go-for-gold.html?lang=en")
    page.wait_for_selector('#dialog [data-dialog="over"]', timeout=60_000)


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
            # the island, wider than a phone, shows that more of it lies to the right
            cue = page.evaluate(CUE, ".hw-island-box")
            assert cue == {"scrolls": phone, "shown": phone, "atEdge": phone}, (w, cue)
        if phone:  # an example played from here speaks as the game does on a phone: "Tap"
            example = page.locator('[data-example="ex1"]')
            example.locator('[data-intent="play"]').tap()
            page.wait_for_function(
                "() => /Tap /.test(document.querySelector('[data-example=\"ex1\"]').innerText)"
            )
            assert "Click " not in example.inner_text()
        context.close()
    assert not found, "\n".join(found)


def test_the_table_set_up_opens_at_its_heading_and_a_seat_shows_its_island_on_a_phone(
    browser, site_url, request
):
    """Focus landed on "Make the table" and scrolled the heading 236 px out of view."""
    context, page = phone_page(browser, site_url, request)
    page.goto(site_url + "go-for-gold.html?table=new&lang=en")
    ready(page)
    page.wait_for_selector('[data-intent="make"]')
    settle(page)
    look = Look(("#panel",), "#panel-title", ("#panel",))
    found = [f.line() for f in audit(page, "table set-up", look) if f.check.startswith("prompt")]
    assert page.evaluate("scrollY") == 0
    assert page.evaluate("document.activeElement.dataset.intent") == "make"  # focus kept there
    # a seat at a table: the island and the question in view together, as on the game's page
    # (the question came first and put the island below the fold, where the path is drawn)
    table = Table(seed=5, map_name="a", players=2, start=0, names=("Ada", "Bob"))
    page.goto(site_url + "go-for-gold.html?lang=en&" + table.query())
    ready(page)
    page.locator('[data-intent="seat"]').first.tap()
    page.wait_for_selector('#sheet .island svg [data-field]')
    settle(page)
    seen = page.evaluate(
        """() => [document.querySelector('#sheet .island svg'), document.getElementById(
          'panel-title')].map((el) => { const r = el.getBoundingClientRect();
          return r.top >= 0 && r.bottom <= innerHeight; })"""
    )
    assert seen == [True, True], "island, question in view at 360x740: " + str(seen)
    found += [f.line() for f in audit(page, "table seat", look) if f.check.startswith("prompt")]
    context.close()
    assert not found, "\n".join(found)


def test_the_review_chart_shows_that_more_of_it_follows_while_it_scrolls(
    browser, site_url, request
):
    """At 360 px the chart (480 units, its labels at 12 px) scrolls sideways: a cue at the
    box's right edge says so until the end is reached; where the chart fits there is none."""
    context, page = phone_page(browser, site_url, request)
    open_finished_game(page, site_url)
    page.click('#dialog [data-intent="review"]')
    page.wait_for_selector('#dialog [data-dialog="review"][data-review="done"]', timeout=120_000)
    settle(page)
    box = "#dialog .rv-scroll"
    assert page.evaluate(CUE, box) == {"scrolls": True, "shown": True, "atEdge": True}
    page.evaluate(f"document.querySelector('{box}').scrollLeft = 10000")
    settle(page)
    assert page.evaluate(CUE, box)["shown"] is False  # at the end: nothing more follows
    page.set_viewport_size({"width": DESKTOP[0][0], "height": DESKTOP[0][1]})
    settle(page)
    assert page.evaluate(CUE, box) == {"scrolls": False, "shown": False, "atEdge": False}
    context.close()


CONTRAST = """(el) => {
  // the text's colour and its button's background as drawn: each composited through the
  // opacity of the button and its ancestors over what lies under the button
  const rgb = (s) => (s.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => {
    const c = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * c(r) + 0.7152 * c(g) + 0.0722 * c(b);
  };
  const ratio = (a, b) => { const [h, l] = [lum(a), lum(b)].sort((x, y) => y - x);
    return (h + 0.05) / (l + 0.05); };
  let alpha = 1;
  for (let e = el; e; e = e.parentElement) alpha *= parseFloat(getComputedStyle(e).opacity);
  let under = [0, 0, 0];
  for (let e = el.parentElement; e; e = e.parentElement) {
    const c = rgb(getComputedStyle(e).backgroundColor);
    if (c.length === 3 || (c.length === 4 && c[3] > 0.99)) { under = c.slice(0, 3); break; }
  }
  const cs = getComputedStyle(el);
  const mix = (c) => c.slice(0, 3).map((v, k) => v * alpha + under[k] * (1 - alpha));
  const stops = (cs.backgroundImage.match(/rgba?\\([^)]*\\)/g) || []).map(rgb);
  const own = rgb(cs.backgroundColor);
  const grounds = stops.length ? stops : [own.length === 4 && own[3] < 0.01 ? under : own];
  const text = mix(rgb(getComputedStyle(el.querySelector('.lbl') || el).color));
  return Math.min(...grounds.map((g) => ratio(text, mix(g))));
}"""


@pytest.mark.parametrize("right", [True, False], ids=["right-answer", "wrong-answer"])
def test_a_drill_s_answers_stay_readable_once_answered(browser, site_url, request, right):
    """The chosen answer was dark text on dim gold (the button disabled at 45 % opacity, the
    pressed style's dark brown under the right answer's dark text): every answer of an
    answered drill, the chosen one first, is text at 4.5:1 or more (WCAG 1.4.3; axe leaves
    disabled buttons out)."""
    import json

    from gold_connection import review as gc_review
    from pages.gold_connection import daily as gc_daily
    from test_drills import planted_blunder

    rec, best, worst = planted_blunder()
    made = gc_daily.drills(rec, gc_review.review(rec))
    context, page = phone_page(browser, site_url, request)
    page.goto(site_url + "css/daily.css")
    page.evaluate("v => localStorage.setItem('site:drills', v)", json.dumps(made))
    page.goto(site_url + "daily.html?lang=en")
    ready(page)
    if right:  # the page's name is shown on a phone: it has no board to make room for
        assert page.locator("h1.brand .name").bounding_box()["height"] >= 20
        # the drill's position is readable: drawn wide, it scrolls sideways with a cue
        settle(page)
        small = [f.line() for f in audit(page, "drill", Look()) if f.check == "small-text"]
        assert not small, "\n".join(small)
        assert page.evaluate(CUE, ".drill-picture") == {
            "scrolls": True,
            "shown": True,
            "atEdge": True,
        }
        # and says so in words above it (the cue alone went unseen by a new player)
        assert page.locator(".drill-swipe").is_visible()
    labels = [o[0] for o in made[0]["options"]]
    chosen_token = best if right else worst
    page.click(f'[data-intent="drill"][data-arg="{labels.index(chosen_token)}"]')
    page.wait_for_selector("#drill-verdict")
    settle(page)
    chosen = page.locator('.drill-choices [aria-pressed="true"]')
    assert chosen.count() == 1
    assert ("primary" in (chosen.get_attribute("class") or "")) == right
    ratios = {
        page.locator(".drill-choices .btn").nth(k).inner_text(): page.locator(
            ".drill-choices .btn"
        ).nth(k).evaluate(CONTRAST)
        for k in range(page.locator(".drill-choices .btn").count())
    }
    context.close()
    assert min(ratios.values()) >= 4.5, ratios


def test_a_closed_end_screen_stays_closed_after_a_reload(browser, site_url, request):
    """Every reload of a finished game put the end dialog back over the board: closed once,
    the reload shows the final board with the result in the panel."""
    context, page = phone_page(browser, site_url, request)
    open_finished_game(page, site_url)
    page.reload()  # not closed yet: the end screen again
    page.wait_for_selector('#dialog [data-dialog="over"]', timeout=60_000)
    page.click('#dialog [data-intent="close"]')
    page.reload()
    ready(page)
    settle(page)
    assert page.locator("#dialog .overlay").count() == 0
    assert "Game over" in page.inner_text("#decision #over-title")
    assert page.locator('#decision [data-intent="review"]').is_visible()
    context.close()


def test_a_phone_on_its_side_shows_the_whole_island_beside_the_question(
    browser, site_url, request
):
    """At 740×360 the island filled the width and stood twice the window's height, the
    question far below it (a tester turned the phone): now the island fits the window's
    height, its hexes still ≥ 24 px, with the question beside it and nothing wider than the
    window."""
    context, page = phone_page(browser, site_url, request)
    page.set_viewport_size({"width": 740, "height": 360})
    page.goto(site_url + "go-for-gold.html?players=human,easy&seed=4&lang=en")
    ready(page)
    page.wait_for_selector("#decision .btn")
    page.evaluate("document.querySelector('.gg-sheetbox').scrollIntoView()")
    settle(page)
    box = page.evaluate("""() => {
      const r = (s) => document.querySelector(s).getBoundingClientRect();
      const hexes = [...document.querySelectorAll('.gg-sheetbox .field')].map(
        (f) => f.getBoundingClientRect().width);
      return {island: r('.gg-sheetbox .island svg').toJSON(), decision: r('#decision').toJSON(),
              hex: Math.min(...hexes), wide: document.documentElement.scrollWidth};
    }""")
    context.close()
    assert box["island"]["bottom"] <= 360 + 1 and box["island"]["top"] >= -1, box
    assert box["decision"]["left"] >= box["island"]["right"], box
    assert box["hex"] >= 24 and box["wide"] <= 740, box
